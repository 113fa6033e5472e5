//! Modern Skirmish's rules core behind the typed game interface (`game::Rules`): the playtest
//! session, the script player and the battle runner are written once on top.

use super::rules::{self, Action, Event, GameState, Outcome, Rejection, Setup};
use super::ruleset::Ruleset;
use crate::game::{Decision, Finished, Level, Planned, Rules, planner::Watch};
use std::sync::Arc;

/// The rules core with its data.
#[derive(Debug, Clone)]
pub struct ModernCore(pub Arc<Ruleset>);

/// The side of a cell of the balance lab's heatmap, in centimetres.
pub const HEAT_CELL_CM: f32 = 10.0;

impl Rules for ModernCore {
    type Setup = Setup;
    type State = GameState;
    type Action = Action;
    type Event = Event;
    type Rejection = Rejection;

    fn start(&self, setup: &Setup, seed: u64) -> Result<(GameState, Vec<Event>), String> {
        rules::start_game(&self.0, setup, seed)
    }

    fn legal_actions(&self, state: &GameState) -> Vec<Action> {
        rules::legal_actions(&self.0, state)
    }

    fn check(&self, state: &GameState, action: &Action) -> Result<(), Rejection> {
        rules::check(&self.0, state, action)
    }

    fn apply(&self, state: &mut GameState, action: &Action) -> Result<Vec<Event>, Rejection> {
        rules::apply(&self.0, state, action)
    }

    fn to_move(&self, state: &GameState) -> Decision {
        if state.outcome == Outcome::Ongoing { Decision::Seat(state.side) } else { Decision::Over }
    }

    fn finished(&self, state: &GameState) -> Option<Finished> {
        match state.outcome {
            Outcome::Ongoing => None,
            Outcome::Over { winner, ending, .. } => Some(Finished {
                winner,
                ending: match (winner, ending) {
                    (None, _) => "Draw",
                    (Some(_), rules::Ending::LastUnit) => "LastUnit",
                    (Some(_), rules::Ending::Rounds) => "Points",
                }
                .into(),
            }),
        }
    }

    fn round(&self, state: &GameState) -> u32 {
        state.round
    }

    /// The turn the framework's planner chose over the game's scripts.
    fn computer_moves_watched(&self, state: &GameState, level: Level, watch: &Watch) -> Vec<Action> {
        crate::game::planner::computer_moves_watched(self, state, level, watch)
    }

    fn event_text(&self, state: &GameState, event: &Event) -> String {
        super::text::event_text(&self.0, state, event)
    }

    fn action_text(&self, state: &GameState, action: &Action) -> Option<String> {
        Some(super::text::action_text(&self.0, state, action))
    }

    fn series_names(&self) -> &'static [&'static str] {
        &["figures on the table", "kills"]
    }

    fn seat_numbers(&self, state: &GameState) -> Vec<Vec<f64>> {
        (0..2u8)
            .map(|side| {
                let standing = (0..state.figures.len())
                    .filter(|&i| state.on_table(i) && state.units[state.figures[i].unit].side == side)
                    .count();
                vec![standing as f64, f64::from(state.kills[usize::from(side)])]
            })
            .collect()
    }

    /// Where a figure fell, binned to a cell of the heatmap, and the side that killed it.
    fn place_taken(&self, event: &Event) -> Option<(crate::game::Place, u8)> {
        let Event::Killed { at, by, .. } = event else { return None };
        let cell = (f64::from(HEAT_CELL_CM) * crate::table::UM_PER_CM as f64) as i64;
        let centre = |v: i64| v.div_euclid(cell) * cell + cell / 2;
        Some((crate::game::Place::Point(centre(at.0), centre(at.1)), *by))
    }

    fn stall_causes(&self, state: &GameState) -> Vec<String> {
        let mut causes = Vec::new();
        if state.setup.readings.ask(|r| r.last_round()).is_none() {
            causes.push("no round limit (reading game_end=last_unit)".to_owned());
        }
        if state.kills == [0, 0] {
            causes.push("nobody was killed".to_owned());
        }
        causes
    }
}

/// What the framework's planner weighs: Modern Skirmish's scripts.
impl Planned for ModernCore {
    fn scripts(&self) -> &'static [&'static str] {
        &rules::SCRIPT_NAMES
    }

    type Memo = ();
    fn script_moves(&self, state: &GameState, script: usize, _memo: Option<&mut ()>) -> Vec<Action> {
        rules::script_action(&self.0, state, script).into_iter().collect()
    }

    fn evaluate(&self, state: &GameState, seat: u8) -> f64 {
        rules::evaluate(&self.0, state, seat)
    }

    /// Dice of the planner's own, the same for every way weighed on one copy.
    fn reseed(&self, state: &mut GameState, salt: u64) {
        state.dice = crate::game::planner::fresh_dice(&state.dice, salt, state.round);
    }
}
