//! A computer player: one legal action at a time, chosen by simple, readable priorities. It
//! uses powers when charged, keeps capturing, attacks where the expected trade is good, pulls
//! badly damaged units back to an own property to repair, moves capturers toward properties
//! and fighters toward the enemy, and buys a mix of units. It rolls no dice and reads no
//! clock: the same state always gives the same action, so the same seed gives the same game.
//!
//! Three levels. **Easy** is the first player the studio had, kept as the baseline: its ties
//! fall to the top-left square and the lowest unit id, so on a symmetric map the two seats do
//! not play alike, and it counts distances in squares. **Normal** takes every ordering and
//! tie-break in the acting army's own frame (its HQ as origin, facing the nearest enemy HQ; an
//! army without one is anchored at the centre of its units), so a position seen from either
//! side gets the mirrored choice. It also sees danger (which enemies could strike each square
//! next turn: the HP a square may cost counts as extra distance), measures the way to a goal
//! over the terrain the unit can cross, keeps its factories free, answers a siege with
//! fighters, lets fighters clear a square before capturers step onto it, presses harder when
//! ahead or as the game drags on, and in a long game besieges the enemy's factories (a war of
//! attrition ends once one army cannot rebuild). Its styles of turn (unit order, how eager to
//! trade, how cautious; `lookahead::STYLES`) are the scripts the framework's turn planner weighs
//! (`crate::game::planner`): Normal's default style is the computer's own way.

mod lookahead;
mod plan;

use super::action::Action;
use super::combat::preview_attack;
use super::effects::{build_cost, fire_range, movement_points};
use super::ids::{PlayerId, Pos, UnitId, UnitKindId};
use super::movement::reachable;
use super::ruleset::{PropertyKind, Ruleset};
use super::state::{GameState, Outcome, Phase, PowerLevel, Status, Unit};
use super::{LegalChoices, check};
pub use lookahead::{SCRIPT_NAMES, ai_turn, ai_turn_at, evaluate_for, script_turn};
use plan::*;

/// A unit at or below this share of its maximum HP retreats to repair.
const RETREAT_BELOW: f32 = 0.4;

pub use crate::level::Level;

/// What stands on each square as `player` sees it (terrain, owner and unit, each as own,
/// enemy or neutral), row by row: the pieces of [`surroundings_of`].
fn square_codes(rules: &Ruleset, state: &GameState, player: PlayerId) -> Vec<u64> {
    let relation = |owner: Option<PlayerId>| match owner {
        None => 0u64,
        Some(o) if o == player => 1,
        Some(_) => 2,
    };
    let width = usize::from(state.board.width);
    let mut units = vec![0u64; state.board.terrain.len()];
    for unit in state.units.iter().filter(|u| u.carried_by.is_none()) {
        if let Some(slot) = units.get_mut(usize::from(unit.pos.y) * width + usize::from(unit.pos.x)) {
            *slot = 1 + u64::from(unit.kind.0) * 4 + relation(Some(unit.owner));
        }
    }
    state
        .board
        .squares()
        .map(|q| {
            let owner = if state.property_at(rules, q).is_some() { relation(state.owner_at(q)) } else { 3 };
            let unit = units.get(usize::from(q.y) * width + usize::from(q.x)).copied().unwrap_or(0);
            u64::from(state.board.terrain_at(q).0) << 24 | owner << 16 | unit
        })
        .collect()
}

/// A summary of the squares within 2 of `p`, the same for a square and its image under any
/// mirror or turn of the board: each (distance, square code) mixed (SplitMix64's finaliser),
/// then summed, a sum that does not depend on the order the squares are visited in.
fn surroundings_of(board: &crate::board::Board, codes: &[u64], p: Pos) -> u64 {
    /// The 13 offsets within 2 steps, with their distance.
    const AROUND: [(i32, i32, u64); 13] = [
        (0, 0, 0),
        (0, -1, 1),
        (-1, 0, 1),
        (1, 0, 1),
        (0, 1, 1),
        (0, -2, 2),
        (-1, -1, 2),
        (1, -1, 2),
        (-2, 0, 2),
        (2, 0, 2),
        (-1, 1, 2),
        (1, 1, 2),
        (0, 2, 2),
    ];
    let width = usize::from(board.width);
    AROUND.iter().fold(0u64, |sum, &(dx, dy, d)| {
        let code = crate::board::shift(p, dx, dy)
            .filter(|&q| board.contains(q))
            .and_then(|q| codes.get(usize::from(q.y) * width + usize::from(q.x)).copied())
            .unwrap_or(0xFF_FFFF);
        let mut z = (d << 40 | code).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        sum.wrapping_add(z ^ (z >> 31))
    })
}

/// The knobs a turn's style turns (Hard tries several; Easy and Normal use the default).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Style {
    /// An attack is made when its expected trade is worth more than this.
    attack_above: f32,
    /// A unit at or below this share of its HP retreats.
    retreat_below: f32,
    /// Units act from the front first (nearest the enemy) or from the back.
    front_first: bool,
    /// Capturers wanted before fighters are bought.
    capturers: usize,
    /// How much HP a unit may expect to lose to come one square nearer its goal, in sixths.
    caution: i64,
}

impl Default for Style {
    fn default() -> Self {
        Self { attack_above: 0.0, retreat_below: RETREAT_BELOW, front_first: true, capturers: 3, caution: 12 }
    }
}

/// A goal field with what it was worked out for: the move type and the goals.
type GoalField = (super::ids::MoveTypeId, Vec<Pos>, std::rc::Rc<Vec<u32>>);

/// Everything a choice depends on besides the state.
#[derive(Debug, Clone, PartialEq)]
struct Policy {
    order: Order,
    style: Style,
    /// Which enemies could strike each square next turn (Normal and Hard; Easy ignores it).
    threat: Option<Threat>,
    /// The style's caution, raised by how far the army is ahead in unit value.
    caution: i64,
    /// How far the army is ahead, 0 to 1: the share of an attacker's cost it will risk below
    /// the style's bar for an attack.
    ahead: f32,
    /// The goal fields worked out this turn, by move type and goals: most units of a turn
    /// share a few, and they are asked for again after every action.
    fields: std::cell::RefCell<Vec<GoalField>>,
}

impl Policy {
    fn of(rules: &Ruleset, state: &GameState, player: PlayerId, level: Level, style: Style) -> Self {
        let threat = (level != Level::Easy).then(|| Threat::of(rules, state, player));
        // Pressing when ahead: an army worth twice its enemies' fears their fire half as much.
        let worth = |mine: bool| -> i64 {
            state
                .units
                .iter()
                .filter(|u| (u.owner == player) == mine && (mine || is_enemy(state, player, u.owner)))
                .map(|u| i64::from(rules.unit(u.kind).cost) * i64::from(u.hp))
                .sum()
        };
        let (own, enemies) = (worth(true), worth(false));
        // A long game fears fire less too: from round 60 the caution doubles every 20 rounds.
        let caution = (style.caution.max(1) * own.max(enemies).max(1) / enemies.max(1))
            << ((i64::from(state.round) - 40) / 20).clamp(0, 8);
        // Ahead, it accepts dearer trades: each time over its enemies' worth, up to four, it
        // will risk a quarter more of the attacker's own cost, so a won game is finished
        // rather than besieged. A long game presses the same way: from round 30, a quarter
        // more every 10 rounds, so two armies that each wait for the other come to blows.
        let late = (i64::from(state.round) - 20) / 10;
        let ahead = if threat.is_some() { (own / enemies.max(1) - 1).max(late).clamp(0, 4) } else { 0 };
        Self {
            order: Order::of(rules, state, player, level),
            style,
            threat,
            caution,
            ahead: ahead as f32 / 4.0,
            fields: std::cell::RefCell::default(),
        }
    }

    /// [`goal_field`], worked out once per move type and set of goals.
    fn goal_field(&self, rules: &Ruleset, state: &GameState, kind: UnitKindId, goals: &[Pos]) -> std::rc::Rc<Vec<u32>> {
        let move_type = rules.unit(kind).move_type;
        let mut fields = self.fields.borrow_mut();
        if let Some((_, _, field)) = fields.iter().find(|(m, g, _)| *m == move_type && g == goals) {
            return std::rc::Rc::clone(field);
        }
        let field = std::rc::Rc::new(goal_field(rules, state, kind, goals));
        fields.push((move_type, goals.to_vec(), std::rc::Rc::clone(&field)));
        field
    }

    /// A distance to a goal with the danger of the square counted as extra squares.
    fn risky(&self, distance: u32, danger: i64) -> u32 {
        distance.saturating_add(u32::try_from(danger / self.caution.max(1)).unwrap_or(0))
    }

    /// The HP `unit` can expect to lose standing on `at` through the enemies' next turn, in
    /// sixths of an HP (whole numbers, so the sum does not depend on the order it is taken
    /// in, and a mirrored position gets the mirrored value).
    fn danger(&self, rules: &Ruleset, state: &GameState, unit: &Unit, at: Pos) -> i64 {
        let Some(threat) = &self.threat else { return 0 };
        let enemies = threat.at(state.board.index(at));
        let sixths: i64 = enemies
            .iter()
            .filter_map(|&id| state.unit(id))
            .filter_map(|enemy| super::combat::strike_numbers(rules, state, enemy, unit, at))
            .map(|n| i64::from(n.cell.hits) * 6 + i64::from(n.cell.die.unwrap_or(0)))
            .sum();
        sixths.min(i64::from(unit.hp) * 6)
    }
}

/// For each square, the enemy units that could strike a unit standing there on their next turn
/// (moving first where they may), worked out once at the start of the acting army's turn.
#[derive(Debug, Clone, PartialEq)]
struct Threat {
    /// Where each square's list starts in `enemies` (one more entry than squares).
    starts: Vec<u32>,
    /// The enemies, square by square.
    enemies: Vec<UnitId>,
}

impl Threat {
    fn of(rules: &Ruleset, state: &GameState, player: PlayerId) -> Self {
        let squares = state.board.terrain.len();
        // (square, enemy) pairs, then grouped by square: two allocations, not one per square.
        let mut pairs: Vec<(usize, UnitId)> = Vec::new();
        // The last enemy that marked each square (its number plus one), so none is listed twice.
        let mut marked = vec![0usize; squares];
        // Only enemies that could come near an own unit or factory matter: the danger is
        // asked of the squares own units can reach this turn, and of the factories.
        let own: Vec<(Pos, u32)> = state
            .units
            .iter()
            .filter(|u| u.owner == player && u.carried_by.is_none())
            .map(|u| (u.pos, movement_points(rules, state, player, u.kind)))
            .chain(
                // Its factories too, where a unit bought this turn will stand.
                state
                    .board
                    .squares()
                    .filter(|&p| {
                        state.property_at(rules, p) == Some(PropertyKind::Factory) && state.owner_at(p) == Some(player)
                    })
                    .map(|p| (p, 0)),
            )
            .collect();
        let attackers = state.units.iter().filter(|u| u.carried_by.is_none() && is_enemy(state, player, u.owner));
        for (number, enemy) in attackers.enumerate() {
            let card = rules.unit(enemy.kind);
            if card.firepower.is_none() {
                continue;
            }
            // Its range as the rules give it (a CO's power may lengthen it).
            let (near, far) = fire_range(rules, state, enemy.owner, enemy.kind);
            let (near, far) = (u32::from(near), u32::from(far));
            let moves = if card.is_indirect() { 0 } else { movement_points(rules, state, enemy.owner, enemy.kind) };
            if !own.iter().any(|&(p, own_moves)| p.distance(enemy.pos) <= moves + far + own_moves) {
                continue;
            }
            let from: Vec<Pos> = if card.is_indirect() {
                vec![enemy.pos]
            } else {
                let reach = reachable(rules, state, enemy);
                reach.destinations().map(|(p, _)| p).chain(std::iter::once(enemy.pos)).collect()
            };
            let r = i32::try_from(far).unwrap_or(0);
            for origin in from {
                for dy in -r..=r {
                    for dx in -r..=r {
                        let Some(q) = crate::board::shift(origin, dx, dy).filter(|&q| state.board.contains(q)) else {
                            continue;
                        };
                        let d = origin.distance(q);
                        let index = state.board.index(q);
                        if d >= near && d <= far && marked.get(index).is_some_and(|&m| m != number + 1) {
                            marked[index] = number + 1;
                            pairs.push((index, enemy.id));
                        }
                    }
                }
            }
        }
        // Grouped by square with a counting sort (the order within a square does not matter:
        // the danger is a sum of whole numbers).
        let mut starts = vec![0u32; squares + 1];
        for &(square, _) in &pairs {
            if let Some(count) = starts.get_mut(square + 1) {
                *count += 1;
            }
        }
        for square in 0..squares {
            starts[square + 1] += starts[square];
        }
        let mut fill = starts.clone();
        let mut enemies = vec![UnitId(0); pairs.len()];
        for (square, id) in pairs {
            if let Some(slot) = fill.get_mut(square) {
                if let Some(place) = enemies.get_mut(*slot as usize) {
                    *place = id;
                }
                *slot += 1;
            }
        }
        Self { starts, enemies }
    }

    /// The enemies that could strike square number `index`.
    fn at(&self, index: usize) -> &[UnitId] {
        match (self.starts.get(index), self.starts.get(index + 1)) {
            (Some(&from), Some(&to)) => self.enemies.get(from as usize..to as usize).unwrap_or(&[]),
            _ => &[],
        }
    }
}

/// Where an army stands, for the frame: one square (its HQ) or the centre of several (its
/// units), kept as the sum of their coordinates and their number so that centres compare
/// exactly, with no rounding that a mirror could tip one way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Anchor {
    /// The sum of the squares' columns.
    x: i64,
    /// The sum of the squares' rows.
    y: i64,
    /// How many squares; never 0.
    n: i64,
}

impl Anchor {
    fn at(p: Pos) -> Self {
        Anchor { x: i64::from(p.x), y: i64::from(p.y), n: 1 }
    }

    /// The centre of `squares`; `None` when there are none.
    fn centre(squares: impl Iterator<Item = Pos>) -> Option<Self> {
        let sum = squares.fold(Anchor { x: 0, y: 0, n: 0 }, |a, p| Anchor {
            x: a.x + i64::from(p.x),
            y: a.y + i64::from(p.y),
            n: a.n + 1,
        });
        (sum.n > 0).then_some(sum)
    }

    /// The distance in squares (across plus down) from the centre to `p`, times `n`: exact,
    /// and in the same order as the distance for every square.
    fn scaled_distance(&self, p: Pos) -> i64 {
        (i64::from(p.x) * self.n - self.x).abs() + (i64::from(p.y) * self.n - self.y).abs()
    }

    /// The distance in squares from the centre to `p`.
    fn distance(&self, p: Pos) -> f64 {
        self.scaled_distance(p) as f64 / self.n as f64
    }

    /// The distance in squares between two centres.
    fn distance_to(&self, other: &Anchor) -> f64 {
        let across = (self.x * other.n - other.x * self.n).abs() + (self.y * other.n - other.y * self.n).abs();
        across as f64 / (self.n * other.n) as f64
    }
}

/// How ties between squares and units are broken.
#[derive(Debug, Clone, PartialEq)]
enum Order {
    /// Top-left first, units by id (Easy).
    Board,
    /// In the acting army's frame: nearer the enemy anchor first, then nearer its own, then
    /// nearer the line between them, then by what surrounds the square, then by side in a
    /// turning frame (Normal, Hard).
    Frame {
        /// Its own HQ (or the centre of its units, else of its properties, when it has none).
        origin: Anchor,
        /// The nearest enemy's anchor, found the same way.
        enemy: Anchor,
        /// Per square, row by row: what stands there as the army sees it, as of the start of
        /// the turn (the pieces of each square's surroundings).
        codes: Vec<u64>,
        /// Per square, row by row: a summary of the squares within 2 of it (terrain, owner and
        /// unit, each as own, enemy or neutral) that mirrors and turns leave unchanged, worked
        /// out the first time it is asked for. It tells apart two squares on either side of
        /// the line between the HQs, which the frame alone cannot order the same way under a
        /// mirror and under a turn.
        surroundings: Vec<std::cell::OnceCell<u64>>,
        /// The board, to index `surroundings`.
        board: crate::board::Board,
        /// 1 or −1, a coin from the game's seed: which way round the last ties go (the
        /// enemy a quarter turn ahead or behind; which side of the line first). A seat that
        /// a declared mirror maps onto itself has no fair fixed choice; a coin per game is
        /// fair over many games, and every seat of a turned map still chooses alike.
        turn: i64,
    },
}

impl Order {
    fn of(rules: &Ruleset, state: &GameState, player: PlayerId, level: Level) -> Self {
        if level == Level::Easy {
            return Order::Board;
        }
        let hq_of = |owner: PlayerId| {
            state
                .board
                .squares()
                .find(|&p| state.property_at(rules, p) == Some(PropertyKind::Hq) && state.owner_at(p) == Some(owner))
        };
        // An army without an HQ is anchored at the centre of its units (else of its
        // properties): a set has no order, so a mirrored army gets the mirrored anchor, where
        // "its first unit" would depend on the seat's place in the unit list.
        let anchor_of = |owner: PlayerId| {
            hq_of(owner)
                .map(Anchor::at)
                .or_else(|| {
                    Anchor::centre(
                        state.units.iter().filter(|u| u.owner == owner && u.carried_by.is_none()).map(|u| u.pos),
                    )
                })
                .or_else(|| Anchor::centre(state.board.squares().filter(|&p| state.owner_at(p) == Some(owner))))
        };
        let Some(origin) = anchor_of(player) else { return Order::Board };
        let turn = if state.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 63 == 1 { -1 } else { 1 };
        let (cx, cy) = (i64::from(state.board.width) - 1, i64::from(state.board.height) - 1);
        // Which way round the board `anchor` lies from the origin, seen from the centre: the
        // sign of the cross product of the two (scaled) offsets from the centre.
        let quarter = |anchor: &Anchor| {
            let (ox, oy) = (2 * origin.x - cx * origin.n, 2 * origin.y - cy * origin.n);
            let (ex, ey) = (2 * anchor.x - cx * anchor.n, 2 * anchor.y - cy * anchor.n);
            (ox * ey - oy * ex).signum()
        };
        let enemy = state
            .players
            .iter()
            .enumerate()
            .filter_map(|(i, _)| u8::try_from(i).ok().map(PlayerId))
            .filter(|&other| is_enemy(state, player, other))
            .filter_map(anchor_of)
            // Equally near enemies (four corners): the one a quarter turn ahead around the
            // board's centre, the same choice for every seat of a turned map.
            .min_by(|a, b| {
                origin
                    .distance_to(a)
                    .total_cmp(&origin.distance_to(b))
                    .then((-quarter(a) * turn).cmp(&(-quarter(b) * turn)))
                    .then((a.y * b.n).cmp(&(b.y * a.n)))
                    .then((a.x * b.n).cmp(&(b.x * a.n)))
            });
        match enemy {
            Some(enemy) => Order::Frame {
                origin,
                enemy,
                codes: square_codes(rules, state, player),
                surroundings: vec![std::cell::OnceCell::new(); state.board.terrain.len()],
                board: state.board.clone(),
                turn,
            },
            None => Order::Board,
        }
    }

    fn is_board(&self) -> bool {
        matches!(self, Order::Board)
    }

    /// A square's rank: lower comes first.
    fn key(&self, p: Pos) -> [i64; 6] {
        match *self {
            Order::Board => [0, 0, 0, 0, i64::from(p.y), i64::from(p.x)],
            Order::Frame { origin, enemy, ref codes, ref surroundings, ref board, turn } => {
                let around = surroundings
                    .get(usize::from(p.y) * usize::from(board.width) + usize::from(p.x))
                    .map_or(0, |cell| *cell.get_or_init(|| surroundings_of(board, codes, p)));
                // Signed distance from the line origin-enemy (times its length and the anchors'
                // sizes): the side in a frame that turns with the army; its size alone is the
                // same under mirrors.
                let (fx, fy) = (enemy.x * origin.n - origin.x * enemy.n, enemy.y * origin.n - origin.y * enemy.n);
                let (px, py) = (i64::from(p.x) * origin.n - origin.x, i64::from(p.y) * origin.n - origin.y);
                let side = fx * py - fy * px;
                [
                    enemy.scaled_distance(p),
                    origin.scaled_distance(p),
                    side.abs(),
                    i64::from_ne_bytes(around.to_ne_bytes()),
                    side * turn,
                    i64::from(p.y) * 4096 + i64::from(p.x),
                ]
            }
        }
    }

    /// The nearest target, ties broken by this order.
    #[allow(clippy::trivially_copy_pass_by_ref)]
    fn nearest(&self, from: Pos, targets: &[Pos]) -> Option<(u32, Pos)> {
        match self {
            Order::Board => nearest(from, targets),
            Order::Frame { .. } => {
                targets.iter().map(|&t| (from.distance(t), self.key(t), t)).min().map(|(d, _, t)| (d, t))
            }
        }
    }
}

/// The value of a strike: enemy HP removed times the enemy's cost per HP, minus own HP lost
/// times own cost per HP, with a bonus for eliminating the target.
fn trade_value(rules: &Ruleset, state: &GameState, attacker: &Unit, target: UnitId, from: Pos) -> Option<f32> {
    let preview = preview_attack(rules, state, attacker.id, target, Some(from)).ok()?;
    let target_unit = state.unit(target)?;
    let max = f32::from(rules.economy.max_hp);
    let target_cost = rules.unit(target_unit.kind).cost.max(1) as f32;
    let own_cost = rules.unit(attacker.kind).cost.max(1) as f32;
    let dealt: f32 =
        preview.attack.outcomes.iter().map(|o| f32::from(target_unit.hp - o.hp) * o.probability as f32).sum();
    let kill: f32 = preview.attack.outcomes.iter().filter(|o| o.hp == 0).map(|o| o.probability as f32).sum();
    // An attack that cannot do damage is never worth making, however hard the army presses
    // (pressing lowers the bar below zero): it only draws the counter-attack, and infantry fed
    // one by one into a Md Tank at a crossing die for nothing.
    if dealt <= 0.0 {
        return None;
    }
    let lost: f32 =
        preview.attacker_outcomes.iter().map(|o| f32::from(attacker.hp - o.hp) * o.probability as f32).sum();
    Some(dealt * target_cost / max + kill * target_cost * 0.5 - lost * own_cost / max)
}

fn is_enemy(state: &GameState, a: PlayerId, b: PlayerId) -> bool {
    a != b && !state.player(b).defeated
}

/// The round from which Normal and Hard besiege the enemy's factories: a game this long is a
/// war of attrition that only ends once one army cannot rebuild.
const SIEGE_FROM_ROUND: u32 = 40;

/// Whether the army besieges factories this turn.
fn siege(policy: &Policy, state: &GameState) -> bool {
    policy.threat.is_some() && state.round > SIEGE_FROM_ROUND
}

/// Whether a square holds a factory an enemy of `player` owns.
fn enemy_factory(rules: &Ruleset, state: &GameState, player: PlayerId, pos: Pos) -> bool {
    state.property_at(rules, pos) == Some(PropertyKind::Factory)
        && state.owner_at(pos).is_some_and(|o| is_enemy(state, player, o))
}

/// Properties a capturer of `player` would want: every property not its own.
fn capture_targets(rules: &Ruleset, state: &GameState, player: PlayerId) -> Vec<Pos> {
    state
        .board
        .squares()
        .filter(|&p| state.property_at(rules, p).is_some() && state.owner_at(p) != Some(player))
        .collect()
}

fn nearest(from: Pos, targets: &[Pos]) -> Option<(u32, Pos)> {
    targets.iter().map(|&t| (from.distance(t), t)).min()
}

/// The best attack for `unit` from one of the squares it may fire from: (value, from, target).
fn best_attack(
    rules: &Ruleset,
    state: &GameState,
    unit: &Unit,
    from_squares: &[Pos],
    policy: &Policy,
) -> Option<(f32, Pos, UnitId)> {
    let card = rules.unit(unit.kind);
    card.firepower.as_ref()?;
    let mut best: Option<(f32, Pos, UnitId)> = None;
    for &from in from_squares {
        for target in state.units.iter().filter(|t| t.carried_by.is_none() && is_enemy(state, unit.owner, t.owner)) {
            let distance = from.distance(target.pos);
            if distance < u32::from(card.range.0) || distance > u32::from(card.range.1) + 2 {
                continue;
            }
            if let Some(value) = trade_value(rules, state, unit, target.id, from) {
                let better = match best {
                    None => true,
                    Some((v, _, _)) if value > v => true,
                    // Equal trades: the army's own frame decides (Board keeps the first found).
                    Some((v, best_from, best_target)) => {
                        value == v
                            && !policy.order.is_board()
                            && (policy.order.key(from), policy.order.key(target.pos))
                                < (
                                    policy.order.key(best_from),
                                    policy.order.key(state.unit(best_target).map_or(best_from, |t| t.pos)),
                                )
                    }
                };
                if better {
                    best = Some((value, from, target.id));
                }
            }
        }
    }
    let bar = policy.style.attack_above - policy.ahead * rules.unit(unit.kind).cost as f32;
    best.filter(|(value, _, _)| *value > bar)
}

/// The action the Easy computer takes next for the player whose turn it is (`EndTurn` when it
/// has nothing left to do). Always legal while the game goes on.
#[must_use]
pub fn ai_action(rules: &Ruleset, state: &GameState) -> Action {
    ai_action_at(rules, state, Level::Easy)
}

/// The action the computer of `level` takes next (Hard's turn style is chosen per turn by
/// [`ai_turn_at`]; one action alone is Normal's).
#[must_use]
pub fn ai_action_at(rules: &Ruleset, state: &GameState, level: Level) -> Action {
    let policy = Policy::of(rules, state, state.current, level, Style::default());
    action_with(rules, state, &policy)
}
