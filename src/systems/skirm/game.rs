//! Skirm's rules core behind the studio's typed game interface (`game::Rules`), implemented
//! on its loaded ruleset: the playtest session, the action-script player and the battle
//! runner of `simulate` and the balance lab are the shared ones.

use super::rules::{
    Action, Event, GameState, Outcome, Rejection, Ruleset, Setup, apply, check, evaluate, legal_actions, start_game,
};
use crate::game::{Decision, Finished, Level, Rules, planner::Watch};

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

    /// The turn the framework's planner chose over the game's scripts.
    fn computer_moves_watched(&self, state: &GameState, level: Level, watch: &Watch) -> Vec<Action> {
        crate::game::planner::computer_moves_watched(self, state, level, watch)
    }

    fn event_text(&self, state: &GameState, event: &Event) -> String {
        super::describe_event(self, state, event)
    }
}

/// What the framework's planner weighs: Skirm's scripts.
impl crate::game::Planned for Ruleset {
    fn scripts(&self) -> &'static [&'static str] {
        &super::rules::SCRIPT_NAMES
    }

    type Memo = super::rules::Listed;
    fn script_moves(&self, state: &GameState, script: usize, listed: Option<&mut super::rules::Listed>) -> Vec<Action> {
        super::rules::script_action_listed(self, state, script, listed).into_iter().collect()
    }

    fn evaluate(&self, state: &GameState, seat: u8) -> f64 {
        evaluate(self, state, seat)
    }

    /// Dice of the planner's own, the same for every way weighed on one copy.
    fn reseed(&self, state: &mut GameState, salt: u64) {
        state.dice = crate::game::planner::fresh_dice(&state.dice, salt, u32::from(state.turn));
    }
}
