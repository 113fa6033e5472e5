//! A whole computer turn, and Hard's look-ahead: each style of turn tried on copies of the
//! game, the others' replies imagined, the resulting positions scored.

use super::*;

/// Plays the Easy computer's whole turn: the actions until the turn passes (at most `limit`).
#[must_use]
pub fn ai_turn(rules: &Ruleset, state: &GameState, limit: usize) -> Vec<Action> {
    ai_turn_at(rules, state, limit, Level::Easy)
}

/// Plays the whole turn of the computer of `level`.
#[must_use]
pub fn ai_turn_at(rules: &Ruleset, state: &GameState, limit: usize, level: Level) -> Vec<Action> {
    let style = if level == Level::Hard { best_style(rules, state, limit) } else { Style::default() };
    turn_with(rules, state, level, style, limit).0
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

/// The turn styles Hard tries.
pub(super) const STYLES: [Style; 6] = [
    Style { attack_above: 0.0, retreat_below: RETREAT_BELOW, front_first: true, capturers: 3, caution: 12 },
    Style { attack_above: 0.0, retreat_below: RETREAT_BELOW, front_first: false, capturers: 3, caution: 12 },
    Style { attack_above: -0.5, retreat_below: 0.2, front_first: true, capturers: 3, caution: 24 },
    Style { attack_above: 1.0, retreat_below: 0.5, front_first: true, capturers: 3, caution: 6 },
    Style { attack_above: 0.0, retreat_below: RETREAT_BELOW, front_first: true, capturers: 5, caution: 12 },
    Style { attack_above: -0.5, retreat_below: 0.2, front_first: false, capturers: 2, caution: 24 },
];

/// How many dice copies each style is tried on.
pub(super) const SAMPLES: u64 = 2;

/// The style whose turn, played on copies of the game with dice of Hard's own (so it never
/// sees the real rolls to come) and answered by the other armies, leaves the best position on
/// average.
pub(super) fn best_style(rules: &Ruleset, state: &GameState, limit: usize) -> Style {
    let player = state.current;
    let order = Order::of(rules, state, player, Level::Hard);
    let mut best = (f64::MIN, Style::default());
    for style in STYLES {
        let mut total = 0.0;
        for sample in 0..SAMPLES {
            let mut copy = state.clone();
            // Dice of its own, the same for every style: a fair comparison, and no peeking.
            copy.dice = super::super::Dice::new(
                state.dice.rolls.wrapping_mul(0x9E37_79B9).wrapping_add(u64::from(state.round) * 31 + sample),
            );
            let (_, mut after) = turn_with(rules, &copy, Level::Hard, style, limit);
            // The replies: every other army plays its turn, so a style that leaves units
            // exposed pays for it before the position is scored. Hard does not know how its
            // opponents play: each sample imagines them another way (as Normal, as Easy).
            let opponents = if sample % 2 == 0 { Level::Normal } else { Level::Easy };
            let level_of = |state: &GameState| if state.current == player { Level::Normal } else { opponents };
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
pub(super) fn evaluate(rules: &Ruleset, state: &GameState, player: PlayerId, order: &Order) -> f64 {
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
