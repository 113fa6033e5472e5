//! Armored Advance's rules core behind the typed game interface (`game::Rules`), on which the
//! framework writes the playtest, the computer player and the lab's battles once.

use super::rules::{self, Action, Event, GameState, Outcome, Rejection, Setup, WinBy};
use super::ruleset::Ruleset;
use crate::game::{Decision, Finished, Level, Rules, planner::Watch};
use std::sync::Arc;

/// The rules core with its data.
#[derive(Debug, Clone)]
pub struct ArmoredCore(pub Arc<Ruleset>);

impl Rules for ArmoredCore {
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
        rules::check(&self.0, state, action).map(|_| ())
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
            Outcome::Draw => Some(Finished { winner: None, ending: "Draw".into() }),
            Outcome::Won { side, by } => Some(Finished {
                winner: Some(side),
                ending: match by {
                    WinBy::Annihilation => "Annihilation",
                    WinBy::Requisition => "Requisition",
                    WinBy::Points => "Points",
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

    /// Why a game stopped at the round cap: no unit left that can hurt the other side (the
    /// text's draw), and each unit that would move toward a goal but is wedged or finds no way.
    fn stall_causes(&self, state: &GameState) -> Vec<String> {
        super::text::stall_causes(&self.0, state)
    }

    /// Where a unit was destroyed, binned to a cell of the heatmap, and the side that took it.
    fn place_taken(&self, event: &Event) -> Option<(crate::game::Place, u8)> {
        let Event::Destroyed { at, side, .. } = event else { return None };
        let cell = (f64::from(HEAT_CELL_INCHES) * crate::table::UM_PER_INCH as f64) as i64;
        let centre = |v: i64| v.div_euclid(cell) * cell + cell / 2;
        Some((crate::game::Place::Point(centre(at.0), centre(at.1)), 1 - side.min(&1)))
    }

    fn event_text(&self, state: &GameState, event: &Event) -> String {
        super::text::event_text(&self.0, state, event)
    }

    fn action_text(&self, state: &GameState, action: &Action) -> Option<String> {
        Some(super::text::action_text(&self.0, state, action))
    }

    fn series_names(&self) -> &'static [&'static str] {
        &["unit value"]
    }

    fn seat_numbers(&self, state: &GameState) -> Vec<Vec<f64>> {
        (0..2u8)
            .map(|side| {
                let value: u32 = state
                    .units
                    .iter()
                    .filter(|u| u.alive() && u.side == side)
                    .filter_map(|u| self.0.profiles.get(u.profile))
                    .map(|p| p.cost)
                    .sum();
                vec![f64::from(value)]
            })
            .collect()
    }
}

/// The side of a cell of the balance lab's heatmap over the table, in inches.
pub const HEAT_CELL_INCHES: f32 = 3.0;

/// What the framework's planner weighs: Armored Advance's scripts.
impl crate::game::Planned for ArmoredCore {
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
