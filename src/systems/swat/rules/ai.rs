//! A computer player: one legal action at a time, chosen by simple, readable priorities. It
//! uses powers when charged, keeps capturing, attacks where the expected trade is good, pulls
//! badly damaged units back to an own property to repair, moves capturers toward properties
//! and fighters toward the enemy, and buys a mix of units. It rolls no dice and reads no
//! clock: the same state always gives the same action, so the same seed gives the same game.
//!
//! Three levels. **Easy** is the first player the studio had, kept as the baseline: its ties
//! fall to the top-left square and the lowest unit id, so on a symmetric map the two seats do
//! not play alike, and it counts distances in squares. **Normal** takes every ordering and
//! tie-break in the acting army's own frame (its HQ as origin, facing the nearest enemy HQ),
//! so a position seen from either side gets the mirrored choice. It also sees danger (which
//! enemies could strike each square next turn: the HP a square may cost counts as extra
//! distance), measures the way to a goal over the terrain the unit can cross, keeps its
//! factories free, answers a siege with fighters, lets fighters clear a square before
//! capturers step onto it, presses harder when ahead or as the game drags on, and in a long
//! game besieges the enemy's factories (a war of attrition ends once one army cannot
//! rebuild). **Hard** plays Normal's priorities but first tries several styles of turn (unit
//! order, how eager to trade, how cautious) on copies of the game with dice of its own, lets
//! the other armies reply and plays one more round, scores each resulting position, and plays
//! the best style.

use super::action::Action;
use super::combat::preview_attack;
use super::effects::{build_cost, fire_range, movement_points};
use super::engine::{LegalChoices, check};
use super::ids::{PlayerId, Pos, UnitId, UnitKindId};
use super::movement::reachable;
use super::ruleset::{PropertyKind, Ruleset};
use super::state::{GameState, Outcome, Phase, PowerLevel, Status, Unit};

/// A unit at or below this share of its maximum HP retreats to repair.
const RETREAT_BELOW: f32 = 0.4;

/// How strong the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
pub enum AiLevel {
    /// The baseline: readable priorities, ties broken top-left first.
    Easy,
    /// The same priorities with every tie broken in the army's own frame, seeing danger and terrain.
    #[default]
    Normal,
    /// Normal's priorities in the best of several turn styles, tried ahead on copies.
    Hard,
}

impl AiLevel {
    /// Every level, weakest first.
    pub const ALL: [AiLevel; 3] = [AiLevel::Easy, AiLevel::Normal, AiLevel::Hard];

    /// Its name on the command line and in menus.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            AiLevel::Easy => "easy",
            AiLevel::Normal => "normal",
            AiLevel::Hard => "hard",
        }
    }
}

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
    fn of(rules: &Ruleset, state: &GameState, player: PlayerId, level: AiLevel, style: Style) -> Self {
        let threat = (level != AiLevel::Easy).then(|| Threat::of(rules, state, player));
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

/// How ties between squares and units are broken.
#[derive(Debug, Clone, PartialEq)]
enum Order {
    /// Top-left first, units by id (Easy).
    Board,
    /// In the acting army's frame: nearer the enemy anchor first, then nearer its own, then
    /// nearer the line between them, then by what surrounds the square, then by side in a
    /// turning frame (Normal, Hard).
    Frame {
        /// Its own HQ (or its first unit or property when it has none).
        origin: Pos,
        /// The nearest enemy HQ (or unit or property).
        enemy: Pos,
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
    fn of(rules: &Ruleset, state: &GameState, player: PlayerId, level: AiLevel) -> Self {
        if level == AiLevel::Easy {
            return Order::Board;
        }
        let hq_of = |owner: PlayerId| {
            state
                .board
                .squares()
                .find(|&p| state.property_at(rules, p) == Some(PropertyKind::Hq) && state.owner_at(p) == Some(owner))
        };
        let anchor_of = |owner: PlayerId| {
            hq_of(owner)
                .or_else(|| state.units.iter().find(|u| u.owner == owner).map(|u| u.pos))
                .or_else(|| state.board.squares().find(|&p| state.owner_at(p) == Some(owner)))
        };
        let Some(origin) = anchor_of(player) else { return Order::Board };
        let turn = if state.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 63 == 1 { -1 } else { 1 };
        let enemy = state
            .players
            .iter()
            .enumerate()
            .filter_map(|(i, _)| u8::try_from(i).ok().map(PlayerId))
            .filter(|&other| is_enemy(state, player, other))
            .filter_map(anchor_of)
            // Equally near enemies (four corners): the one a quarter turn ahead around the
            // board's centre, the same choice for every seat of a turned map.
            .min_by_key(|&p| {
                let (cx, cy) = (i64::from(state.board.width) - 1, i64::from(state.board.height) - 1);
                let (ox, oy) = (2 * i64::from(origin.x) - cx, 2 * i64::from(origin.y) - cy);
                let (ex, ey) = (2 * i64::from(p.x) - cx, 2 * i64::from(p.y) - cy);
                (origin.distance(p), -(ox * ey - oy * ex).signum() * turn, p.y, p.x)
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
                let (ox, oy) = (i64::from(origin.x), i64::from(origin.y));
                let (fx, fy) = (i64::from(enemy.x) - ox, i64::from(enemy.y) - oy);
                let (px, py) = (i64::from(p.x) - ox, i64::from(p.y) - oy);
                // Signed distance from the line origin-enemy (times its length): the side in a
                // frame that turns with the army; its size alone is the same under mirrors.
                let side = fx * py - fy * px;
                [
                    i64::from(p.distance(enemy)),
                    i64::from(p.distance(origin)),
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
    ai_action_at(rules, state, AiLevel::Easy)
}

/// The action the computer of `level` takes next (Hard's turn style is chosen per turn by
/// [`ai_turn_at`]; one action alone is Normal's).
#[must_use]
pub fn ai_action_at(rules: &Ruleset, state: &GameState, level: AiLevel) -> Action {
    let policy = Policy::of(rules, state, state.current, level, Style::default());
    action_with(rules, state, &policy)
}

fn action_with(rules: &Ruleset, state: &GameState, policy: &Policy) -> Action {
    if state.outcome != Outcome::Ongoing {
        return Action::EndTurn;
    }
    for level in [PowerLevel::SuperPower, PowerLevel::Power] {
        let action = Action::UsePower { level };
        if check(rules, state, &action).is_ok() {
            return action;
        }
    }
    if state.phase == Phase::MoveAndAttack {
        if let Some(active) = state.active_unit.and_then(|id| state.unit(id))
            && let Some(action) = finish_active(rules, state, active, policy)
        {
            return action;
        }
        let mut ready: Vec<&Unit> = state
            .units
            .iter()
            .filter(|u| u.owner == state.current && u.carried_by.is_none() && u.status == Status::Ready)
            .collect();
        if !policy.order.is_board() {
            ready.sort_by_key(|u| policy.order.key(u.pos));
            if !policy.style.front_first {
                ready.reverse();
            }
            // Fighters first, capturers after: a square cleared this turn (a unit just built
            // on a besieged factory, say) is still there to step onto.
            ready.sort_by_key(|u| rules.unit(u.kind).captures);
        }
        for unit in ready {
            if let Some(action) = plan_unit(rules, state, unit, policy) {
                return action;
            }
        }
    }
    if let Some(action) = purchase(rules, state, policy) {
        return action;
    }
    Action::EndTurn
}

/// After a move: fire if worth it, capture if standing on a target, unload passengers.
fn finish_active(rules: &Ruleset, state: &GameState, unit: &Unit, policy: &Policy) -> Option<Action> {
    if unit.status != Status::Moved && unit.status != Status::Unloading {
        return None;
    }
    let card = rules.unit(unit.kind);
    if unit.status == Status::Moved {
        if card.captures && state.property_at(rules, unit.pos).is_some() && state.owner_at(unit.pos) != Some(unit.owner)
        {
            return Some(Action::Capture { unit: unit.id });
        }
        if !card.is_indirect()
            && let Some((_, _, target)) = best_attack(rules, state, unit, &[unit.pos], policy)
        {
            return Some(Action::Attack { unit: unit.id, target });
        }
    }
    if card.transport.is_some() {
        let choices = LegalChoices::of_unit(rules, state, unit.id);
        let targets = capture_targets(rules, state, unit.owner);
        let mut best: Option<(u32, [i64; 6], Action)> = None;
        for index in 0..choices.len() {
            if let Some(action @ Action::Unload { to, .. }) = choices.action(index) {
                let distance = policy.order.nearest(to, &targets).map_or(u32::MAX, |(d, _)| d);
                let key = if policy.order.is_board() { [0; 6] } else { policy.order.key(to) };
                if distance <= 4 && best.as_ref().is_none_or(|(d, k, _)| (distance, key) < (*d, *k)) {
                    best = Some((distance, key, action));
                }
            }
        }
        return best.map(|(_, _, action)| action);
    }
    None
}

/// What one ready unit does first this turn, or `None` to leave it where it is.
fn plan_unit(rules: &Ruleset, state: &GameState, unit: &Unit, policy: &Policy) -> Option<Action> {
    let order = &policy.order;
    let card = rules.unit(unit.kind);
    let here_capturable =
        card.captures && state.property_at(rules, unit.pos).is_some() && state.owner_at(unit.pos) != Some(unit.owner);
    if here_capturable {
        return Some(Action::Capture { unit: unit.id });
    }
    let reach = reachable(rules, state, unit);
    let destinations: Vec<(Pos, u32)> = reach.destinations().filter(|(p, _)| !reach.boards(*p)).collect();
    let move_to = |to: Pos| reach.path_to(to).map(|path| Action::Move { unit: unit.id, path });
    // Badly hurt: back to an own property to repair, if one can be reached.
    if f32::from(unit.hp) <= f32::from(rules.economy.max_hp) * policy.style.retreat_below {
        let on_own = state.property_at(rules, unit.pos).is_some() && state.owner_at(unit.pos) == Some(unit.owner);
        if on_own {
            return None;
        }
        if let Some((to, _)) = destinations
            .iter()
            .filter(|(p, _)| state.property_at(rules, *p).is_some() && state.owner_at(*p) == Some(unit.owner))
            .min_by_key(|(p, cost)| (*cost, order.key(*p)))
        {
            return move_to(*to);
        }
    }
    // A capturer that can reach a property not its own goes there (and captures next).
    if card.captures
        && let Some((to, _)) = destinations
            .iter()
            .filter(|(p, _)| state.property_at(rules, *p).is_some() && state.owner_at(*p) != Some(unit.owner))
            .min_by_key(|(p, cost)| (state.property_at(rules, *p) != Some(PropertyKind::Hq), *cost, order.key(*p)))
    {
        return move_to(*to);
    }
    // In a long game a direct fighter of Normal and Hard that stands on an enemy factory holds
    // it (the enemy cannot build there) and fires only from where it stands.
    let sieging = siege(policy, state) && !card.captures && !card.is_indirect() && card.firepower.is_some();
    // It makes way for an own capturer next to the factory, which takes it this turn
    // (fighters act before capturers).
    let capturer_waits = unit.pos.neighbours(state.board.width, state.board.height).any(|p| {
        state
            .unit_at(p)
            .is_some_and(|u| u.owner == unit.owner && rules.unit(u.kind).captures && u.status == Status::Ready)
    });
    let holds_factory = sieging && enemy_factory(rules, state, unit.owner, unit.pos) && !capturer_waits;
    // Attack where the trade is good: indirect units from where they stand, direct ones from
    // any square they can reach.
    if card.firepower.is_some() {
        let squares: Vec<Pos> = if card.is_indirect() || holds_factory {
            vec![unit.pos]
        } else {
            std::iter::once(unit.pos).chain(destinations.iter().map(|(p, _)| *p)).collect()
        };
        if let Some((_, from, target)) = best_attack(rules, state, unit, &squares, policy) {
            return if from == unit.pos { Some(Action::Attack { unit: unit.id, target }) } else { move_to(from) };
        }
    }
    // Capturers head for the nearest property not their own; step onto it if they can.
    let goals: Vec<Pos> = if card.captures || card.transport.is_some() {
        capture_targets(rules, state, unit.owner)
    } else {
        state
            .units
            .iter()
            .filter(|t| t.carried_by.is_none() && is_enemy(state, unit.owner, t.owner))
            .map(|t| t.pos)
            .collect()
    };
    let goals = if goals.is_empty() { capture_targets(rules, state, unit.owner) } else { goals };
    // A war of attrition ends when one army can no longer build: in a long game direct
    // fighters go for the enemy's factories and stand on them.
    let goals = if sieging {
        let factories: Vec<Pos> = state
            .board
            .squares()
            .filter(|&p| enemy_factory(rules, state, unit.owner, p))
            .filter(|&p| state.unit_at(p).is_none_or(|u| u.owner != unit.owner || u.id == unit.id))
            .filter(|&p| !(p == unit.pos && capturer_waits))
            .collect();
        if factories.is_empty() { goals } else { factories }
    } else {
        goals
    };
    // In a long game Normal and Hard send capturers for the enemy's factories and HQs: an
    // army that can no longer build can be finished.
    let goals = if policy.threat.is_some() && state.round > 30 && card.captures {
        let vital: Vec<Pos> = goals
            .iter()
            .copied()
            .filter(|&p| {
                matches!(state.property_at(rules, p), Some(PropertyKind::Factory | PropertyKind::Hq))
                    && state.owner_at(p).is_some_and(|o| is_enemy(state, unit.owner, o))
            })
            .collect();
        if vital.is_empty() { goals } else { vital }
    } else {
        goals
    };
    // Normal and Hard measure the way to a goal over the terrain the unit can cross (water
    // and mountains in between are not a shortcut); Easy, and a unit with no way by land,
    // count squares.
    let field = policy.threat.as_ref().map(|_| policy.goal_field(rules, state, unit.kind, &goals));
    let field = field.filter(|f| at(f, state, unit.pos) != u32::MAX);
    let distance_to_goal = |p: Pos| match &field {
        Some(f) => at(f, state, p),
        None => order.nearest(p, &goals).map_or(u32::MAX, |(d, _)| d),
    };
    let current = distance_to_goal(unit.pos);
    if current == u32::MAX {
        return None;
    }
    let free_goal = |p: Pos| goals.contains(&p) && state.unit_at(p).is_none();
    let best = destinations
        .iter()
        .map(|&(p, cost)| {
            let distance = distance_to_goal(p);
            // Normal and Hard count the HP the square may cost as extra distance (Easy's
            // danger is always 0): a caution of 12 sixths makes 2 HP at risk one square.
            let danger = policy.danger(rules, state, unit, p);
            // Standing on a goal beats standing next to it; then nearer (and safer), then cheaper.
            (u32::from(!free_goal(p) || !card.captures), policy.risky(distance, danger), danger, cost, order.key(p), p)
        })
        .min()?;
    let (not_on_goal, distance, _, _, _, to) = best;
    // Stay unless the move brings it nearer, reckoned the same way (with the danger where it
    // stands now). Normal and Hard never stay on an own factory, though: a unit parked there
    // stops the army building.
    let here = policy.risky(current, policy.danger(rules, state, unit, unit.pos));
    let blocks_factory = policy.threat.is_some()
        && state.property_at(rules, unit.pos) == Some(PropertyKind::Factory)
        && state.owner_at(unit.pos) == Some(unit.owner);
    if not_on_goal == 1 && distance >= here && !blocks_factory {
        return None;
    }
    move_to(to)
}

/// The cost of the cheapest way from each square to the nearest of `goals` for a unit of
/// `kind`, over terrain alone (units move; terrain stays), row by row; `u32::MAX` where no
/// way leads.
fn goal_field(rules: &Ruleset, state: &GameState, kind: UnitKindId, goals: &[Pos]) -> Vec<u32> {
    let (width, height) = (usize::from(state.board.width), usize::from(state.board.height));
    // What stepping onto each square costs this unit, looked up once; 0 where it cannot.
    let enter: Vec<u8> = state
        .board
        .squares()
        .map(|p| rules.move_cost(kind, state.board.terrain_at(p)).map_or(0, |c| c.max(1)))
        .collect();
    let mut field = vec![u32::MAX; enter.len()];
    // Dial's buckets: the step costs are small whole numbers, so a list per total cost
    // replaces a heap (this runs a few times every turn, so squares are plain indices).
    let mut buckets: Vec<Vec<usize>> = vec![Vec::new()];
    for &goal in goals {
        let index = state.board.index(goal);
        if let Some(slot) = field.get_mut(index) {
            *slot = 0;
            buckets[0].push(index);
        }
    }
    let mut cost = 0usize;
    while cost < buckets.len() {
        let here_list = std::mem::take(&mut buckets[cost]);
        for &here in &here_list {
            if field[here] as usize != cost {
                continue;
            }
            // Stepping from a neighbour onto `here` costs what `here`'s terrain costs.
            let step = enter[here];
            if step == 0 {
                continue;
            }
            let through = cost + usize::from(step);
            let (x, y) = (here % width, here / width);
            if buckets.len() <= through {
                buckets.resize_with(through + 1, Vec::new);
            }
            let mut relax = |next: usize| {
                if enter[next] != 0 && (through as u32) < field[next] {
                    field[next] = through as u32;
                    buckets[through].push(next);
                }
            };
            // Up, left, right, down, as `Pos::neighbours` orders them.
            if y > 0 {
                relax(here - width);
            }
            if x > 0 {
                relax(here - 1);
            }
            if x + 1 < width {
                relax(here + 1);
            }
            if y + 1 < height {
                relax(here + width);
            }
        }
        cost += 1;
    }
    field
}

/// A square's value in a field worked out by [`goal_field`].
fn at(field: &[u32], state: &GameState, p: Pos) -> u32 {
    field.get(state.board.index(p)).copied().unwrap_or(u32::MAX)
}

/// What to buy: capturers while there are few, otherwise the unit kind the army has least of
/// (relative to a wished-for mix), the dearest affordable first.
fn purchase(rules: &Ruleset, state: &GameState, policy: &Policy) -> Option<Action> {
    let me = state.current;
    let funds = state.player(me).funds;
    let factory = state
        .board
        .squares()
        .filter(|&p| {
            state.property_at(rules, p) == Some(PropertyKind::Factory)
                && state.owner_at(p) == Some(me)
                && state.unit_at(p).is_none()
        })
        .min_by_key(|&p| policy.order.key(p))?;
    let kinds: Vec<UnitKindId> = (0..rules.units.len()).filter_map(|k| u8::try_from(k).ok()).map(UnitKindId).collect();
    let count = |kind: UnitKindId| state.units.iter().filter(|u| u.owner == me && u.kind == kind).count();
    let army = state.units.iter().filter(|u| u.owner == me).count();
    let capturers = state.units.iter().filter(|u| u.owner == me && rules.unit(u.kind).captures).count();
    let affordable = |kind: &UnitKindId| {
        build_cost(rules, state, me, *kind) <= funds
            && rules.unit(*kind).transport.is_none()
            && state.counters_left(rules, me, *kind) != Some(0)
    };
    // Normal and Hard: enemies that could strike the factory next turn call for the best
    // fighter the funds buy, not another capturer to lose.
    let besieged = policy.threat.as_ref().is_some_and(|threat| !threat.at(state.board.index(factory)).is_empty());
    let pick = if besieged {
        kinds
            .iter()
            .copied()
            .filter(|k| rules.unit(*k).firepower.is_some() && !rules.unit(*k).is_indirect() && affordable(k))
            .max_by_key(|k| (rules.unit(*k).cost, std::cmp::Reverse(k.0)))
    } else if capturers < policy.style.capturers || capturers * 5 < army * 2 {
        kinds
            .iter()
            .copied()
            .filter(|k| rules.unit(*k).captures && affordable(k))
            .max_by_key(|k| (rules.unit(*k).movement, std::cmp::Reverse(k.0)))
    } else {
        kinds.iter().copied().filter(|k| rules.unit(*k).firepower.is_some() && affordable(k)).min_by_key(|k| {
            (count(*k) * 4 / (1 + rules.unit(*k).cost as usize / 4), std::cmp::Reverse(rules.unit(*k).cost), k.0)
        })
    }?;
    Some(Action::Buy { factory, kind: pick })
}

/// Plays the Easy computer's whole turn: the actions until the turn passes (at most `limit`).
#[must_use]
pub fn ai_turn(rules: &Ruleset, state: &GameState, limit: usize) -> Vec<Action> {
    ai_turn_at(rules, state, limit, AiLevel::Easy)
}

/// Plays the whole turn of the computer of `level`.
#[must_use]
pub fn ai_turn_at(rules: &Ruleset, state: &GameState, limit: usize, level: AiLevel) -> Vec<Action> {
    let style = if level == AiLevel::Hard { best_style(rules, state, limit) } else { Style::default() };
    turn_with(rules, state, level, style, limit).0
}

/// A turn played in a style on a copy: its actions and the position after it.
fn turn_with(
    rules: &Ruleset,
    state: &GameState,
    level: AiLevel,
    style: Style,
    limit: usize,
) -> (Vec<Action>, GameState) {
    let mut scratch = state.clone();
    let player = scratch.current;
    let mut actions = Vec::new();
    // The frame (with each square's surroundings) is worked out once, at the start of the
    // turn: a mirrored position still gets mirrored keys, at a twentieth of the cost of
    // working it out before every action.
    let policy = Policy::of(rules, &scratch, player, level, style);
    while scratch.outcome == Outcome::Ongoing && scratch.current == player && actions.len() < limit {
        let action = action_with(rules, &scratch, &policy);
        if super::engine::apply(rules, &mut scratch, &action).is_err() {
            // Never expected: fall back to ending the turn.
            let _ = super::engine::apply(rules, &mut scratch, &Action::EndTurn);
            actions.push(Action::EndTurn);
            break;
        }
        actions.push(action);
    }
    (actions, scratch)
}

/// The turn styles Hard tries.
const STYLES: [Style; 6] = [
    Style { attack_above: 0.0, retreat_below: RETREAT_BELOW, front_first: true, capturers: 3, caution: 12 },
    Style { attack_above: 0.0, retreat_below: RETREAT_BELOW, front_first: false, capturers: 3, caution: 12 },
    Style { attack_above: -0.5, retreat_below: 0.2, front_first: true, capturers: 3, caution: 24 },
    Style { attack_above: 1.0, retreat_below: 0.5, front_first: true, capturers: 3, caution: 6 },
    Style { attack_above: 0.0, retreat_below: RETREAT_BELOW, front_first: true, capturers: 5, caution: 12 },
    Style { attack_above: -0.5, retreat_below: 0.2, front_first: false, capturers: 2, caution: 24 },
];

/// How many dice copies each style is tried on.
const SAMPLES: u64 = 2;

/// The style whose turn, played on copies of the game with dice of Hard's own (so it never
/// sees the real rolls to come) and answered by the other armies, leaves the best position on
/// average.
fn best_style(rules: &Ruleset, state: &GameState, limit: usize) -> Style {
    let player = state.current;
    let order = Order::of(rules, state, player, AiLevel::Hard);
    let mut best = (f64::MIN, Style::default());
    for style in STYLES {
        let mut total = 0.0;
        for sample in 0..SAMPLES {
            let mut copy = state.clone();
            // Dice of its own, the same for every style: a fair comparison, and no peeking.
            copy.dice = super::Dice::new(
                state.dice.rolls.wrapping_mul(0x9E37_79B9).wrapping_add(u64::from(state.round) * 31 + sample),
            );
            let (_, mut after) = turn_with(rules, &copy, AiLevel::Hard, style, limit);
            // The replies: every other army plays its turn, so a style that leaves units
            // exposed pays for it before the position is scored. Hard does not know how its
            // opponents play: each sample imagines them another way (as Normal, as Easy).
            let opponents = if sample % 2 == 0 { AiLevel::Normal } else { AiLevel::Easy };
            let level_of = |state: &GameState| if state.current == player { AiLevel::Normal } else { opponents };
            let mut replies = 0;
            while after.outcome == Outcome::Ongoing && after.current != player && replies < 8 {
                after = turn_with(rules, &after, level_of(&after), Style::default(), limit).1;
                replies += 1;
            }
            // One more whole round played out for every army, so a style that only pays
            // later (a capture finished, a unit brought to the front) is seen.
            let mut turns = 0;
            while after.outcome == Outcome::Ongoing && turns < after.players.len() {
                after = turn_with(rules, &after, level_of(&after), Style::default(), limit).1;
                turns += 1;
            }
            total += evaluate(rules, &after, player, &order);
        }
        if total > best.0 {
            best = (total, style);
        }
    }
    best.1
}

/// A position's worth to `player`: its units' value against the enemies', income, capture
/// progress, units near the enemy HQ, and the game's result.
fn evaluate(rules: &Ruleset, state: &GameState, player: PlayerId, order: &Order) -> f64 {
    if let Outcome::Won { winner, .. } = state.outcome {
        return if winner == player { 1e9 } else { -1e9 };
    }
    let max = f64::from(rules.economy.max_hp.max(1));
    let mut score = 0.0;
    for unit in &state.units {
        let worth = f64::from(rules.unit(unit.kind).cost) * f64::from(unit.hp) / max;
        score += if unit.owner == player { worth } else { -worth };
    }
    for pos in state.board.squares() {
        if let Some(kind) = state.property_at(rules, pos) {
            let income = f64::from(rules.economy.income_of(kind));
            match state.owner_at(pos) {
                Some(owner) if owner == player => score += income * 3.0,
                Some(_) => score -= income * 3.0,
                None => {}
            }
        }
    }
    for capture in &state.captures {
        let owner = state.unit(capture.unit).map(|u| u.owner);
        let progress = f64::from(capture.points);
        score += if owner == Some(player) { progress * 0.5 } else { -progress * 0.5 };
    }
    // Pressing on: own units nearer the enemy's anchor (its HQ) are worth a little more.
    if let Order::Frame { enemy, .. } = *order {
        for unit in state.units.iter().filter(|u| u.owner == player && u.carried_by.is_none()) {
            score -= 0.1 * f64::from(unit.pos.distance(enemy));
        }
    }
    score
}
