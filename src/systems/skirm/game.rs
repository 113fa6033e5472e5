//! Skirm's rules core behind the studio's typed game interface (`game::Rules`), implemented
//! on its loaded ruleset: the playtest session, the action-script player and the battle
//! runner of `simulate` and the balance lab are the shared ones.

use super::rules::{
    Action, Event, GameState, Outcome, Rejection, Ruleset, Setup, apply, check, computer_action_at, legal_actions,
    start_game,
};
use crate::game::{Decision, Finished, Level, Rules};

impl Rules for Ruleset {
    type Setup = Setup;
    type State = GameState;
    type Action = Action;
    type Event = Event;
    type Rejection = Rejection;

    fn start(&self, setup: &Setup, seed: u64) -> Result<(GameState, Vec<Event>), String> {
        start_game(self, setup, seed).map_err(|e| format!("the battle cannot start: {e}"))
    }

    fn legal_actions(&self, state: &GameState) -> Vec<Action> {
        legal_actions(self, state)
    }

    fn check(&self, state: &GameState, action: &Action) -> Result<(), Rejection> {
        check(self, state, action)
    }

    fn apply(&self, state: &mut GameState, action: &Action) -> Result<Vec<Event>, Rejection> {
        apply(self, state, action)
    }

    /// The squad whose choice it is: the one activating, or the defender choosing about its
    /// saves.
    fn to_move(&self, state: &GameState) -> Decision {
        if state.outcome == Outcome::Ongoing { Decision::Seat(state.deciding_squad()) } else { Decision::Over }
    }

    fn finished(&self, state: &GameState) -> Option<Finished> {
        match state.outcome {
            Outcome::Ongoing => None,
            Outcome::Won { squad } => Some(Finished { winner: Some(squad), ending: "MissionPoints".into() }),
            Outcome::Draw => Some(Finished { winner: None, ending: "Draw".into() }),
        }
    }

    fn round(&self, state: &GameState) -> u32 {
        u32::from(state.turn)
    }

    /// One action at a time, at the seat's level.
    fn computer_moves(&self, state: &GameState, level: Level) -> Vec<Action> {
        computer_action_at(self, state, level).into_iter().collect()
    }

    /// Normal and Hard study the table once a game (one answer for both squads; Hard's study
    /// needs Normal's).
    fn computer_prepares(&self, level: Level) -> bool {
        level != Level::Easy
    }

    fn prepare_computer(&self, state: &GameState, _seat: u8, level: Level) {
        super::rules::way_on_table(self, state, level);
    }

    fn event_text(&self, state: &GameState, event: &Event) -> String {
        super::describe_event(self, state, event)
    }
}
