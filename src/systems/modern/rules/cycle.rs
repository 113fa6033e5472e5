//! Modern Skirmish's turn cycle: routs settled after every action (each breaks its friends'
//! morale further), the initiative passed and the round counted, and the end scored (kills,
//! multiplied for the side that won the skirmish and holds the field).

use super::geometry::centre_distance;
use super::odds::minuses;
use super::readings::{Field, Skirmish, Tie};
use super::state::{Ending, Event, GameState, Outcome};
use crate::systems::modern::ruleset::{Ruleset, cm};

/// Routs every unit at or past the rout level, again while each rout breaks friends further;
/// then ends the game if a side has no unit left.
pub(super) fn settle(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    loop {
        let routing =
            (0..state.units.len()).find(|&u| state.unit_in_play(u) && minuses(rules, state, u) >= rules.rout_at);
        let Some(unit) = routing else { break };
        let count = minuses(rules, state, unit);
        state.units[unit].routed = true;
        let by = 1 - state.units[unit].side;
        state.broken[usize::from(by)] += 1;
        events.push(Event::Routed { unit, minuses: count });
    }
    if state.active.is_some_and(|u| !state.unit_in_play(u)) {
        state.active = None;
    }
    finish_if_over(rules, state, events);
}

/// The initiative goes to the other side; a round ends when it returns to the first side.
pub(super) fn pass_initiative(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    for figure in &mut state.figures {
        figure.fired = false;
    }
    state.active = None;
    state.side = 1 - state.side;
    if state.side == rules.first_side {
        state.round += 1;
        if state.setup.readings.ask(|r| r.last_round().is_some_and(|last| state.round > last)) {
            state.round -= 1;
            game_over(rules, state, Ending::Rounds, events);
            return;
        }
    }
    events.push(Event::Initiative { side: state.side, round: state.round });
}

/// Ends the game when a side has no unit left in play.
pub(super) fn finish_if_over(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    if state.outcome == Outcome::Ongoing && (0..2u8).any(|side| state.units_of(side).next().is_none()) {
        game_over(rules, state, Ending::LastUnit, events);
    }
}

/// The side ahead on a count, if either is.
fn ahead(counts: [u32; 2]) -> Option<u8> {
    match counts[0].cmp(&counts[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    }
}

/// How the game would be scored if it ended now: the winner, the scores, the skirmish winner
/// and the side holding the field.
#[derive(PartialEq)]
pub(super) struct Standing {
    pub winner: Option<u8>,
    pub scores: [u32; 2],
    pub skirmish: Option<u8>,
    pub field: Option<u8>,
}

/// Ends the game, scored as it stands.
fn game_over(rules: &Ruleset, state: &mut GameState, ending: Ending, events: &mut Vec<Event>) {
    let Standing { winner, scores, skirmish, field } = standing(rules, state);
    state.active = None;
    state.outcome = Outcome::Over { winner, scores, skirmish, field, ending };
    events.push(Event::GameOver { winner, scores, skirmish, field });
}

/// Scores the game as it stands: a point a kill, multiplied for the side that won the skirmish
/// and holds the field; the higher score wins, and the skirmish winner wins a tie.
pub(super) fn standing(rules: &Ruleset, state: &GameState) -> Standing {
    state.setup.readings.ask(|readings| {
        let skirmish = match readings.skirmish() {
            Skirmish::MoreUnitsBroken => ahead(state.broken).or_else(|| ahead(state.kills)),
            Skirmish::MoreKills => ahead(state.kills),
        };
        let figures_where = |near: &dyn Fn((i64, i64)) -> bool| {
            let mut counts = [0u32; 2];
            for i in 0..state.figures.len() {
                if state.on_table(i) && near(state.figures[i].at) {
                    counts[usize::from(state.units[state.figures[i].unit].side)] += 1;
                }
            }
            counts
        };
        let field = match readings.field() {
            Field::MoreFigures => ahead(figures_where(&|_| true)),
            Field::Centre => {
                let (w, d) = state.setup.size;
                let centre = (w / 2, d / 2);
                ahead(figures_where(&|at| centre_distance(at, centre) <= cm(30.0)))
            }
            Field::SkirmishWinner => skirmish,
        };
        let mut scores = state.kills.map(|k| k * rules.points_per_kill);
        if let Some(side) = skirmish
            && field == Some(side)
        {
            scores[usize::from(side)] *= rules.winner_multiplier;
        }
        // The tie's reading only where the scores and the skirmish leave a tie.
        let tie_break = || match readings.tie() {
            Tie::Draw => None,
            Tie::MoreFigures => ahead(figures_where(&|_| true)),
        };
        let winner = ahead(scores).or(skirmish).or_else(tie_break);
        Standing { winner, scores, skirmish, field }
    })
}
