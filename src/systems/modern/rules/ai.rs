//! The computer player at three levels. It tests the unit most likely to pass and to kill
//! first; an active unit shoots, or charges where the close-combat odds beat its best shot;
//! else one unit moves where its figures would kill most for the least exposure. Ties go by
//! where things stand in the side's own frame, never by listing order; Easy's whims come from
//! a coin made of the position.

use super::super::ruleset::{Ruleset, cm};
use super::check::{aim, check};
use super::cycle::standing;
use super::geometry::{centre_distance, centre_distance_squared, centre_within, contact_point, range, row_of, view};
use super::legal::{as_activated, formation_move};
use super::odds::{melee_counts, minuses, passing_faces, shot_counts};
use super::readings::{Beyond, FireLimit, Passing};
use super::state::{Action, GameState, MoveQuestion, Outcome, Weighed, Worth};

pub use crate::level::Level;

/// A place's rank for tie-breaks that depend on neither the seat nor the table's orientation:
/// first how far up the table from the side's own edge, then how far off the centre line, and
/// between a place and its mirror image across that line, a coin made of the position (so a
/// table and its mirror favour neither flank).
type PlaceKey = (i64, i64, bool);

fn frame(state: &GameState, side: u8, (x, y): (i64, i64)) -> PlaceKey {
    let (width, depth) = state.setup.size;
    let from_own_edge = if sets_up_below(state, side) { depth - y } else { y };
    let left = 2 * x < width;
    (-from_own_edge, (2 * x - width).abs(), left != (coin(state, 0x5EED) & 1 == 1))
}

/// Whether a side set up in the lower half of the table (its own edge is the bottom one).
fn sets_up_below(state: &GameState, side: u8) -> bool {
    let (mut sum, mut count) = (0i64, 0i64);
    for unit in state.setup.units.iter().filter(|u| u.side == side) {
        sum += unit.figures.iter().map(|p| p.1).sum::<i64>();
        count += unit.figures.len() as i64;
    }
    count == 0 || 2 * sum / count > state.setup.size.1
}

/// A coin made of the game (Easy's whims, ties between mirror images), the same on every
/// machine.
fn coin(state: &GameState, salt: u64) -> u64 {
    // The dice's state and count: the same in a table and its mirror, different game to game.
    let mut h = (state.dice.state ^ state.dice.rolls.wrapping_mul(0x9E37_79B9_7F4A_7C15)) ^ salt;
    h ^= u64::from(state.round) << 32;
    h = (h ^ (h >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^ (h >> 29)
}

fn enemies(state: &GameState, side: u8) -> Vec<usize> {
    // Made with room for every figure: a filter cannot tell its length, and the list would grow
    // in steps on every place the computer weighs.
    let mut foes = Vec::with_capacity(state.figures.len());
    foes.extend(
        (0..state.figures.len()).filter(|&i| state.on_table(i) && state.units[state.figures[i].unit].side != side),
    );
    foes
}

/// The longest reach of any row of the chart (with the base), to skip far pairs cheaply; none
/// where the reading lets the last row reach beyond it.
fn reach(rules: &Ruleset, state: &GameState) -> i64 {
    if state.setup.readings.ask(|r| r.beyond() == Beyond::LongRow) {
        return i64::MAX;
    }
    let far = rules.troops.iter().flat_map(|t| t.bands.iter().map(|b| cm(b.up_to))).max().unwrap_or(0);
    far + rules.base_um()
}

/// A shot with its tie-break: value, target and firer in the side's frame, firer, target.
type RankedShot = (f64, PlaceKey, PlaceKey, usize, usize);

/// A charge's rank: near-rout targets first (Hard), then the target's and attacker's places.
type ChargeKey = (u8, PlaceKey, PlaceKey);

/// The best shot of a unit's figures that may fire: (value, firer, target).
fn best_shot(rules: &Ruleset, state: &GameState, unit: usize, level: Level) -> Option<(f64, usize, usize)> {
    let side = state.units[unit].side;
    let limit = state.setup.readings.ask(|r| r.fire_limit() == FireLimit::OncePerInitiative);
    let far = reach(rules, state);
    let targets = enemies(state, side);
    let mut best: Option<RankedShot> = None;
    let mut options = 0u64;
    for figure in state.figures_of(unit).filter(|&f| !(limit && state.figures[f].fired)) {
        for &target in &targets {
            if !centre_within(state.figures[figure].at, state.figures[target].at, far) {
                continue;
            }
            let Ok(shot) = aim(rules, state, figure, target) else { continue };
            options += 1;
            let mut value = f64::from(shot.odds.1) / 36.0;
            let hit_unit = state.figures[target].unit;
            match level {
                Level::Easy => value = 1.0 + (coin(state, options) % 1000) as f64 / 1000.0,
                Level::Normal => {}
                Level::Hard => {
                    value = value * kill_worth(rules, state, hit_unit) - DOUBLE * ammo_cost(rules, state, unit)
                }
            }
            let key = (frame(state, side, state.figures[target].at), frame(state, side, state.figures[figure].at));
            let better = best.as_ref().is_none_or(|b| value > b.0 || (value == b.0 && (key.0, key.1) < (b.1, b.2)));
            if better {
                best = Some((value, key.0, key.1, figure, target));
            }
        }
    }
    // Hard holds its fire where the shot is worth less than the ammo marker it risks.
    best.filter(|b| level != Level::Hard || b.0 > 0.0).map(|b| (b.0, b.3, b.4))
}

/// The chance of a double on the coloured and white dice, which costs the firer's unit an ammo
/// marker whether or not the shot hits.
const DOUBLE: f64 = 6.0 / 36.0;

/// What a kill of one of `unit`'s figures is worth to Hard, in figures: the figure, and where the
/// kill routs the unit, the figures that leave with it and the broken unit itself (which counts
/// towards winning the skirmish).
fn kill_worth(rules: &Ruleset, state: &GameState, unit: usize) -> f64 {
    if minuses(rules, state, unit) + rules.minus_per_casualty >= rules.rout_at {
        let left = state.figures_of(unit).count().saturating_sub(1);
        2.0 + left as f64
    } else {
        1.0
    }
}

/// What an ammo marker costs `unit`, in figures: its whole self where the marker routs it, a
/// worse activation die where it crosses into the next deduction, else a little.
fn ammo_cost(rules: &Ruleset, state: &GameState, unit: usize) -> f64 {
    let now = minuses(rules, state, unit);
    let after = now + rules.minus_per_ammo_marker;
    if after >= rules.rout_at {
        1.0 + state.figures_of(unit).count() as f64
    } else if rules.deduction(after) > rules.deduction(now) {
        0.3
    } else {
        0.05
    }
}

/// The best chance on each row of each troop's chart, in the open or in cover, whichever is the
/// better: the most a shot can kill at a range, whatever the firer sees. Where that cannot beat
/// what a unit's places already give, their sight lines need not be worked out.
///
/// Each row is kept with its far edge in micrometres, as [`band`](super::geometry::band) would
/// work it out, so a row's index here is its index in the troop's chart.
struct RowBest(Vec<Vec<(i64, f64)>>);

impl RowBest {
    fn of(rules: &Ruleset) -> Self {
        let best = |b: &super::super::ruleset::Band| {
            (cm(b.up_to), f64::from(shot_counts(b.open).1.max(shot_counts(b.cover).1)) / 36.0)
        };
        Self(rules.troops.iter().map(|t| t.bands.iter().map(best).collect()).collect())
    }

    /// The rows of `troop`'s chart and of `other`'s that reach between two figures at `a` and
    /// `b` (a range is the same both ways), in one question to the readings.
    fn rows_at(
        &self,
        rules: &Ruleset,
        state: &GameState,
        (troop, other): (usize, usize),
        a: (i64, i64),
        b: (i64, i64),
    ) -> (Option<usize>, Option<usize>) {
        let edges = |t: usize| self.0.get(t).map(|rows| rows.iter().map(|r| r.0));
        state.setup.readings.ask(|r| {
            let range = range(rules, r, a, b);
            let row = |t| edges(t).and_then(|e| row_of(e, r, range));
            (row(troop), row(other))
        })
    }

    /// The most a figure of `troop` could kill on its chart's row `row`.
    fn at_most(&self, troop: usize, row: usize) -> f64 {
        self.0.get(troop).and_then(|rows| rows.get(row)).map_or(0.0, |r| r.1)
    }
}

/// The chance that a figure of `troop` at `from` kills one at `to`, which its chart reaches on
/// row `row` (see [`RowBest::rows_at`]). Not kept: the view it asks is, and the places the
/// computer weighs are new nearly every time, so a kept chance was nearly always worked out
/// anyway, at the price of keeping it.
fn kill_chance(rules: &Ruleset, state: &GameState, troop: usize, row: usize, from: (i64, i64), to: (i64, i64)) -> f64 {
    let Some(chart) = rules.troops.get(troop).and_then(|t| t.bands.get(row)) else { return 0.0 };
    let Some(cover) = view(rules, &state.setup, from, to) else {
        return 0.0;
    };
    let shot = if cover { chart.cover } else { chart.open };
    f64::from(shot_counts(shot).1) / 36.0
}

/// How much Normal weighs what the enemy could kill of a unit that moves against what the unit
/// could kill.
const NORMAL_CAUTION: f64 = 0.75;

/// Hard's weight while its side wins as things stand. A move hands the enemy the initiative, so
/// a unit that walks into range is shot at first: the side ahead lets the enemy come.
const HARD_HOLD: f64 = 4.0;

/// Hard's weight of the enemy's fire against its own: [`HARD_HOLD`] while its side would win
/// were the game to end now; otherwise it presses harder as the game runs out, from the hold at
/// the start down to Normal's weight in the last round (a game without a last round runs out as
/// twelve rounds would). Both sides holding back would leave a game drawn, so only the side
/// ahead may wait.
fn hard_caution(rules: &Ruleset, state: &GameState, side: u8) -> f64 {
    if standing(rules, state).winner == Some(side) {
        return HARD_HOLD;
    }
    let last = state.setup.readings.ask(|r| r.last_round()).unwrap_or(12).max(1);
    let left = f64::from(last.saturating_sub(state.round)) / f64::from(last);
    NORMAL_CAUTION + (HARD_HOLD - NORMAL_CAUTION) * left
}

/// How much `unit` weighs what the enemy could kill of it against what it could kill, the same
/// for every place it weighs in one decision. Normal spreads the enemy's fire over its units;
/// Hard knows a move hands the enemy the initiative, so the enemy fires first and at the unit
/// most exposed.
fn caution(rules: &Ruleset, state: &GameState, unit: usize, level: Level) -> f64 {
    let shaken = minuses(rules, state, unit) >= 7;
    match level {
        Level::Easy => 0.0,
        Level::Normal => NORMAL_CAUTION,
        Level::Hard => hard_caution(rules, state, state.units[unit].side) * if shaken { 1.5 } else { 1.0 },
    }
}

/// How good it is for `unit` to stand at `places`: what its figures could kill, less what the
/// enemy could kill of them (weighed by the level's caution, see [`Worth::at`]), less the way
/// still to go. `foes` are the enemy's figures on the
/// table and `rows` the charts' best chances, both the same for every place a decision weighs.
fn standing_score(
    rules: &Ruleset,
    state: &GameState,
    unit: usize,
    places: &[(i64, i64)],
    rows: &RowBest,
    foes: &[usize],
) -> Worth {
    let troop = state.units[unit].troop;
    let far = reach(rules, state);
    // Each pair of a place and an enemy is measured once, for the fire both ways; each enemy's
    // worst over the places is summed at the end, enemy by enemy.
    let mut offence = 0.0;
    let mut worst = vec![0.0_f64; foes.len()];
    // The nearest pair by exact squared distance; its rounded length is the least of all the
    // pairs' (both only ever grow together), taken once at the end.
    let (mut nearest_squared, mut nearest_ends) = (i128::MAX, None);
    for &p in places {
        let mut best: f64 = 0.0;
        for (&e, worst) in foes.iter().zip(worst.iter_mut()) {
            let at = state.figures[e].at;
            let squared = centre_distance_squared(p, at);
            if squared < nearest_squared {
                (nearest_squared, nearest_ends) = (squared, Some((p, at)));
            }
            if !centre_within(p, at, far) {
                continue;
            }
            let enemy_troop = state.units[state.figures[e].unit].troop;
            let (row, enemy_row) = rows.rows_at(rules, state, (troop, enemy_troop), p, at);
            // A row whose best cannot beat the best already found gives the same maximum
            // without its sight line.
            if let Some(row) = row
                && rows.at_most(troop, row) > best
            {
                best = best.max(kill_chance(rules, state, troop, row, p, at));
            }
            if let Some(row) = enemy_row
                && rows.at_most(enemy_troop, row) > *worst
            {
                *worst = worst.max(kill_chance(rules, state, enemy_troop, row, at, p));
            }
        }
        offence += best;
    }
    let nearest = nearest_ends.map_or(i64::MAX, |(p, at)| centre_distance(p, at));
    let threat = worst.iter().fold(0.0, |sum, w| sum + w);
    // The way still to go, in tenths of a metre, pressing harder as the rounds pass.
    let to_go = (nearest.saturating_sub(cm(30.0))).max(0) as f64 / cm(10.0) as f64;
    let press = 0.03 * places.len() as f64 * (1.0 + f64::from(state.round) / 4.0);
    Worth { offence, threat, pressing: press * to_go }
}

/// The side of the table a mirror-image tie goes to (see [`frame`]).
fn mirror_coin(state: &GameState) -> bool {
    coin(state, 0x5EED) & 1 == 1
}

/// The unit's best move and how much it improves on standing. The weighing is kept for the
/// position, as the unit chosen to test is weighed again, unchanged, once it has passed.
fn best_move(rules: &Ruleset, state: &GameState, unit: usize, level: Level) -> Option<(f64, Action)> {
    let question = MoveQuestion {
        unit,
        easy: level == Level::Easy,
        side: state.side,
        round: state.round,
        kills: state.kills,
        broken: state.broken,
        figures: state.figures.clone(),
        units: state.units.clone(),
    };
    let coin = mirror_coin(state);
    let mut weighed =
        state.setup.weighed.get(question, || std::sync::Arc::new(weigh_moves(rules, state, unit, level, coin)));
    if weighed.coin_decided && weighed.coin != coin {
        weighed = std::sync::Arc::new(weigh_moves(rules, state, unit, level, coin));
    }
    let side = state.units[unit].side;
    // Worked out once for the unit, not once per place weighed.
    let caution = caution(rules, state, unit, level);
    let stand = weighed.stand.at(caution);
    let mut best: Option<(f64, PlaceKey, &Action)> = None;
    for (worth, centre, action) in &weighed.moves {
        let gain = if level == Level::Easy { 1.0 } else { worth.at(caution) - stand };
        let key = frame(state, side, *centre);
        if best.as_ref().is_none_or(|b| gain > b.0 || (gain == b.0 && key < b.1)) {
            best = Some((gain, key, action));
        }
    }
    best.map(|b| (b.0, b.2.clone()))
}

/// Every move the unit weighs, with its gain over standing, the dice's coin showing `coin`.
fn weigh_moves(rules: &Ruleset, state: &GameState, unit: usize, level: Level, coin: bool) -> Weighed {
    let side = state.units[unit].side;
    let here = state.figure_list(unit);
    let places = state.places_of(unit);
    let centre = centroid(&places);
    let foes = enemies(state, side);
    // The nearest enemy, ties broken by place in the side's frame, and so by the coin between
    // mirror images: a weighing whose nearest enemy had a rival at its distance says so.
    let distances: Vec<(i64, (i64, i64))> =
        foes.iter().map(|&e| (centre_distance(centre, state.figures[e].at), state.figures[e].at)).collect();
    let Some(&(least, nearest)) = distances.iter().min_by_key(|&&(distance, at)| (distance, frame(state, side, at)))
    else {
        return Weighed {
            stand: Worth { offence: 0.0, threat: 0.0, pressing: 0.0 },
            coin_decided: false,
            coin,
            moves: Vec::new(),
        };
    };
    let coin_decided = distances.iter().filter(|&&(distance, _)| distance == least).count() > 1;
    let full = cm(rules.move_outside) as f64;
    let toward = ((nearest.0 - centre.0) as f64, (nearest.1 - centre.1) as f64);
    // Every candidate is checked as if the unit were activated: one activated copy serves them
    // all (formation_move would make its own for each).
    let activated = as_activated(state, unit);
    let moving = &*activated;
    let mut candidates: Vec<Action> = Vec::new();
    let mut push = |action: Option<Action>| {
        if let Some(a) = action
            && !candidates.contains(&a)
        {
            candidates.push(a);
        }
    };
    push(formation_move(rules, moving, unit, toward, full));
    if level != Level::Easy {
        push(formation_move(rules, moving, unit, toward, full / 2.0));
        for k in 0..8 {
            let angle = f64::from(k) * std::f64::consts::FRAC_PI_4;
            push(formation_move(rules, moving, unit, (libm::sin(angle), -libm::cos(angle)), full));
        }
        for t in state.setup.terrain.iter() {
            if rules.terrain.get(t.kind).is_some_and(|k| k.cover_inside) {
                let (cx, cy) = t.shape.centre();
                let to = (cx - centre.0 as f64, cy - centre.1 as f64);
                if libm::hypot(to.0, to.1) < 3.0 * full {
                    push(formation_move(rules, moving, unit, to, full));
                }
            }
        }
    }
    let rows = RowBest::of(rules);
    // Easy takes its one move without weighing it.
    let unweighed = Worth { offence: 0.0, threat: 0.0, pressing: 0.0 };
    let worth_at = |places: &[(i64, i64)]| {
        if level == Level::Easy { unweighed } else { standing_score(rules, state, unit, places, &rows, &foes) }
    };
    let stand = worth_at(&places);
    let mut moves = Vec::with_capacity(candidates.len());
    for action in candidates {
        let Action::Move { moves: steps, .. } = &action else { continue };
        let after: Vec<(i64, i64)> = here
            .iter()
            .map(|&i| steps.iter().find(|(f, _)| *f == i).map_or(state.figures[i].at, |(_, at)| *at))
            .collect();
        moves.push((worth_at(&after), centroid(&after), action));
    }
    Weighed { stand, coin_decided, coin, moves }
}

fn centroid(places: &[(i64, i64)]) -> (i64, i64) {
    let n = places.len().max(1) as i64;
    (places.iter().map(|p| p.0).sum::<i64>() / n, places.iter().map(|p| p.1).sum::<i64>() / n)
}

/// The best charge of the unit's figures: (value, action). Its value is on the same scale as a
/// shot's (the chance of a kill) less the chance that the charging figure dies with it, so the
/// computer charges exactly where the close-combat odds beat its best shot.
fn best_charge(rules: &Ruleset, state: &GameState, unit: usize, level: Level) -> Option<(f64, Action)> {
    if level == Level::Easy {
        return None;
    }
    let side = state.units[unit].side;
    let fragile = minuses(rules, state, unit) + rules.minus_per_casualty >= rules.rout_at;
    if level == Level::Hard && fragile {
        return None;
    }
    let reach_um = cm(rules.move_outside) + rules.base_um();
    let mut best: Option<(ChargeKey, Action)> = None;
    for figure in state.figures_of(unit) {
        let from = state.figures[figure].at;
        for target in enemies(state, side) {
            let at = state.figures[target].at;
            if !centre_within(from, at, reach_um) {
                continue;
            }
            let to = contact_point(rules, from, at);
            let action = Action::Charge { figure, target, to };
            if check(rules, state, &action).is_err() {
                continue;
            }
            let near_rout =
                minuses(rules, state, state.figures[target].unit) + rules.minus_per_casualty >= rules.rout_at;
            let rank = u8::from(!(level == Level::Hard && near_rout));
            let key = (rank, frame(state, side, at), frame(state, side, from));
            if best.as_ref().is_none_or(|b| key < b.0) {
                best = Some((key, action));
            }
        }
    }
    // The odds are worked out only for a charge found (not on every call): every charge has
    // the same, and Hard values a kill by what it takes with it, as it does for a shot, so the
    // rank above already orders them by value.
    let ((rank, _, _), action) = best?;
    let [attacker_dies, both_die, defender_dies] = melee_counts(rules).map(f64::from);
    let (kill, loss) = ((defender_dies + both_die) / 1296.0, (attacker_dies + both_die) / 1296.0);
    let worth = match &action {
        Action::Charge { target, .. } if rank == 0 => kill_worth(rules, state, state.figures[*target].unit),
        _ => 1.0,
    };
    let value = kill * worth - loss;
    (value > 0.0).then_some((value, action))
}

/// The computer's next action for the side holding the initiative.
#[must_use]
pub fn computer_action(rules: &Ruleset, state: &GameState, level: Level) -> Option<Action> {
    if state.outcome != Outcome::Ongoing {
        return None;
    }
    let side = state.side;
    if let Some(unit) = state.active {
        let shot = best_shot(rules, state, unit, level);
        let charge = best_charge(rules, state, unit, level);
        match (shot, charge) {
            (Some((shot_value, _, _)), Some((charge_value, charge))) if charge_value > shot_value => {
                return Some(charge);
            }
            (Some((_, figure, target)), _) => return Some(Action::Fire { figure, target }),
            (None, Some((_, charge))) => return Some(charge),
            (None, None) => {}
        }
        return Some(match best_move(rules, state, unit, level) {
            Some((gain, action)) if gain > 0.0 => action,
            _ => Action::Pass,
        });
    }
    let units: Vec<usize> = state.units_of(side).collect();
    let key = |u: usize| frame(state, side, centroid(&state.places_of(u)));
    // Shooters first: the unit likeliest to pass and to kill.
    let mut shooter: Option<(f64, PlaceKey, usize)> = None;
    for &u in &units {
        if let Some((value, _, _)) = best_shot(rules, state, u, level) {
            let pass = f64::from(passing_faces(rules, minuses(rules, state, u))) / 6.0;
            let worth = if level == Level::Easy { value } else { pass * value };
            if shooter.as_ref().is_none_or(|s| worth > s.0 || (worth == s.0 && key(u) < s.1)) {
                shooter = Some((worth, key(u), u));
            }
        }
    }
    if let Some((_, _, unit)) = shooter {
        return Some(Action::Test { unit });
    }
    // Then the unit whose move (or charge) helps most.
    let mut mover: Option<(f64, PlaceKey, usize)> = None;
    for &u in &units {
        let gain = if best_charge(rules, state, u, level).is_some() {
            f64::INFINITY
        } else {
            best_move(rules, state, u, level).map_or(f64::NEG_INFINITY, |(gain, _)| gain)
        };
        if gain > 0.0 && mover.as_ref().is_none_or(|m| gain > m.0 || (gain == m.0 && key(u) < m.1)) {
            mover = Some((gain, key(u), u));
        }
    }
    if let Some((_, _, unit)) = mover {
        return Some(Action::Test { unit });
    }
    if state.setup.readings.ask(|r| r.passing() == Passing::AfterTest) {
        // The side may not pass untested: it tests the unit with the fewest minuses (the
        // likeliest to pass), then stands.
        return units
            .iter()
            .min_by(|&&a, &&b| {
                minuses(rules, state, a).cmp(&minuses(rules, state, b)).then_with(|| key(a).cmp(&key(b)))
            })
            .map(|&unit| Action::Test { unit });
    }
    Some(Action::Pass)
}

/// The computer's scripts for the framework's turn planner, its own way first (Easy plays it):
/// Normal's rules and Hard's warier ones (caution against return fire, charges only at a
/// profit). Easy's old whims (a coin among the shots) are no script: the coin reads the order
/// a file lists the units in, and a script must choose alike however they are listed.
const SCRIPTS: [(&str, Level); 2] = [("steady", Level::Normal), ("wary", Level::Hard)];

/// The scripts' names, in their order.
pub const SCRIPT_NAMES: [&str; 2] = [SCRIPTS[0].0, SCRIPTS[1].0];

/// The action the script numbered `script` takes next (the first where the number is past
/// them).
#[must_use]
pub fn script_action(rules: &Ruleset, state: &GameState, script: usize) -> Option<Action> {
    computer_action(rules, state, SCRIPTS.get(script).map_or(Level::Normal, |(_, rules_of)| *rules_of))
}

/// How far ahead `side` stands: the game's own score as it would end now (a point a kill,
/// multiplied for the side that wins the skirmish and holds the field), who would win it, the
/// units broken, and the figures still on the table, each against the enemy's.
#[must_use]
pub fn evaluate(rules: &Ruleset, state: &GameState, side: u8) -> f64 {
    let now = standing(rules, state);
    let (me, them) = (usize::from(side.min(1)), usize::from(1 - side.min(1)));
    let winner = match now.winner {
        Some(w) if w == side => 1.0,
        Some(_) => -1.0,
        None => 0.0,
    };
    let mut figures = [0.0f64; 2];
    for i in 0..state.figures.len() {
        if state.on_table(i)
            && let Some(unit) = state.units.get(state.figures[i].unit)
        {
            figures[usize::from(unit.side.min(1))] += 1.0;
        }
    }
    f64::from(now.scores[me]) - f64::from(now.scores[them])
        + 3.0 * winner
        + 2.0 * (f64::from(state.broken[me]) - f64::from(state.broken[them]))
        + 0.5 * (figures[me] - figures[them])
}
