//! A whole computer turn in one of its styles (the scripts the framework's planner weighs),
//! and a position's worth to a player (what the planner reads after a play-out).

use super::*;

/// Plays the Easy computer's whole turn: the actions until the turn passes (at most `limit`).
#[must_use]
pub fn ai_turn(rules: &Ruleset, state: &GameState, limit: usize) -> Vec<Action> {
    ai_turn_at(rules, state, limit, Level::Easy)
}

/// Plays the whole turn of the computer's own way at `level` (Easy's board order and no eye
/// for threats; above it, the side's own frame and the enemies' reach).
#[must_use]
pub fn ai_turn_at(rules: &Ruleset, state: &GameState, limit: usize, level: Level) -> Vec<Action> {
    turn_with(rules, state, level, Style::default(), limit).0
}

/// A turn played in a style on a copy: its actions and the position after it.
pub(super) fn turn_with(
    rules: &Ruleset,
    state: &GameState,
    level: Level,
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
        if super::super::apply(rules, &mut scratch, &action).is_err() {
            // Never expected: fall back to ending the turn.
            let _ = super::super::apply(rules, &mut scratch, &Action::EndTurn);
            actions.push(Action::EndTurn);
            break;
        }
        actions.push(action);
    }
    (actions, scratch)
}

/// The computer's scripts: the styles of turn the framework's planner weighs, its own way
/// first (Easy plays it), bold second (Normal weighs the two), with their names.
const STYLES: [(&str, Style); 6] = [
    ("steady", Style { attack_above: 0.0, retreat_below: RETREAT_BELOW, front_first: true, capturers: 3, caution: 12 }),
    ("bold", Style { attack_above: -0.5, retreat_below: 0.2, front_first: true, capturers: 3, caution: 24 }),
    (
        "from the back",
        Style { attack_above: 0.0, retreat_below: RETREAT_BELOW, front_first: false, capturers: 3, caution: 12 },
    ),
    ("wary", Style { attack_above: 1.0, retreat_below: 0.5, front_first: true, capturers: 3, caution: 6 }),
    (
        "capturing",
        Style { attack_above: 0.0, retreat_below: RETREAT_BELOW, front_first: true, capturers: 5, caution: 12 },
    ),
    (
        "bold from the back",
        Style { attack_above: -0.5, retreat_below: 0.2, front_first: false, capturers: 2, caution: 24 },
    ),
];

/// The scripts' names, in [`STYLES`]' order.
pub const SCRIPT_NAMES: [&str; 6] = [STYLES[0].0, STYLES[1].0, STYLES[2].0, STYLES[3].0, STYLES[4].0, STYLES[5].0];

/// The whole turn the script numbered `script` of [`STYLES`] plays (the first where the number
/// is past them).
#[must_use]
pub fn script_turn(rules: &Ruleset, state: &GameState, script: usize, limit: usize) -> Vec<Action> {
    let style = STYLES.get(script).map_or_else(Style::default, |(_, style)| *style);
    turn_with(rules, state, Level::Normal, style, limit).0
}

/// A position's worth to the player numbered `seat`, from its own anchor's frame.
#[must_use]
pub fn evaluate_for(rules: &Ruleset, state: &GameState, seat: u8) -> f64 {
    let player = PlayerId(seat);
    evaluate(rules, state, player, &Order::of(rules, state, player, Level::Hard))
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
    if let Order::Frame { enemy, .. } = order {
        for unit in state.units.iter().filter(|u| u.owner == player && u.carried_by.is_none()) {
            score -= 0.1 * enemy.distance(unit.pos);
        }
    }
    score
}
