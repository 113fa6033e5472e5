//! The actions the rules allow now. Tests, fire, charges and passing are listed in full; a
//! move has endless variations, so the list holds the unit stepping together in eight
//! directions at its full and half allowance (the playtest and scripts may move any figure
//! anywhere the check allows).

use super::super::ruleset::Ruleset;
use super::check::check;
use super::geometry::{allowance, contact_point};
use super::state::{Action, GameState, Outcome};
use crate::table::round_to_i64;

/// The game as it would be with `unit` activated: the game itself when it is, else a copy.
#[must_use]
pub fn as_activated(state: &GameState, unit: usize) -> std::borrow::Cow<'_, GameState> {
    if state.active == Some(unit) {
        std::borrow::Cow::Borrowed(state)
    } else {
        let mut activated = state.clone();
        activated.active = Some(unit);
        std::borrow::Cow::Owned(activated)
    }
}

/// The unit's figures stepping by `(dx, dy)` scaled to at most `length`, each cut short to its
/// own allowance (buildings change it), as one move the rules allow; none when no such move is
/// allowed. It is checked as if the unit were activated.
#[must_use]
pub fn formation_move(
    rules: &Ruleset,
    state: &GameState,
    unit: usize,
    (dx, dy): (f64, f64),
    length: f64,
) -> Option<Action> {
    let norm = libm::hypot(dx, dy);
    if norm <= 0.0 || length <= 0.0 {
        return None;
    }
    // Asked before the unit is activated (which unit is worth testing?), the move is checked as
    // if it were.
    let state = &*as_activated(state, unit);
    for scale in [1.0, 0.75, 0.5, 0.25] {
        let step = length * scale;
        let mut moves: Vec<(usize, (i64, i64))> = Vec::with_capacity(state.figures.len());
        moves.extend(state.figures_of(unit).map(|i| {
            let from = state.figures[i].at;
            let end = |s: f64| (from.0 + round_to_i64(dx / norm * s), from.1 + round_to_i64(dy / norm * s));
            let most = allowance(rules, &state.setup, from, end(step)) as f64;
            (i, end(step.min(most)))
        }));
        moves.retain(|(i, to)| *to != state.figures[*i].at);
        if moves.is_empty() {
            return None;
        }
        let action = Action::Move { unit, moves };
        if check(rules, state, &action).is_ok() {
            return Some(action);
        }
    }
    None
}

/// Every action the rules allow now (moves as described above).
#[must_use]
pub fn legal_actions(rules: &Ruleset, state: &GameState) -> Vec<Action> {
    if state.outcome != Outcome::Ongoing {
        return Vec::new();
    }
    let mut out = Vec::new();
    let Some(unit) = state.active else {
        out.extend(state.units_of(state.side).map(|unit| Action::Test { unit }));
        if check(rules, state, &Action::Pass).is_ok() {
            out.push(Action::Pass);
        }
        return out;
    };
    let enemies: Vec<usize> = (0..state.figures.len())
        .filter(|&i| state.on_table(i) && state.units[state.figures[i].unit].side != state.side)
        .collect();
    let own = state.figure_list(unit);
    for &figure in &own {
        for &target in &enemies {
            let fire = Action::Fire { figure, target };
            if check(rules, state, &fire).is_ok() {
                out.push(fire);
            }
            let from = state.figures[figure].at;
            let to = contact_point(rules, from, state.figures[target].at);
            let charge = Action::Charge { figure, target, to };
            if allowance(rules, &state.setup, from, to) > 0 && check(rules, state, &charge).is_ok() {
                out.push(charge);
            }
        }
    }
    let full = super::super::ruleset::cm(rules.move_outside) as f64;
    for k in 0..8 {
        let angle = f64::from(k) * std::f64::consts::FRAC_PI_4;
        for length in [full, full / 2.0] {
            if let Some(action) = formation_move(rules, state, unit, (libm::sin(angle), -libm::cos(angle)), length)
                && !out.contains(&action)
            {
                out.push(action);
            }
        }
    }
    out.push(Action::Pass);
    out
}
