//! Skirmish Wars' rules core behind the studio's typed game interface (`game::Rules`),
//! implemented on its loaded ruleset: the playtest session, the action-script player and the
//! battle runner of `simulate` and the balance lab are the shared ones.

use crate::game::{Decision, Finished, Level, Place, Planned, Rules, planner::Watch};
use crate::systems::swat::rules::{
    Action, Event, GameSetup, GameState, Outcome, PlayerId, Rejection, Ruleset, VictoryReason, apply, check,
    evaluate_for, legal_actions, script_turn, start_game,
};

impl Rules for Ruleset {
    type Setup = GameSetup;
    type State = GameState;
    type Action = Action;
    type Event = Event;
    type Rejection = Rejection;

    fn start(&self, setup: &GameSetup, seed: u64) -> Result<(GameState, Vec<Event>), String> {
        start_game(self, setup, seed).map_err(|e| e.to_string())
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

    fn to_move(&self, state: &GameState) -> Decision {
        if state.outcome == Outcome::Ongoing { Decision::Seat(state.current.0) } else { Decision::Over }
    }

    fn finished(&self, state: &GameState) -> Option<Finished> {
        match state.outcome {
            Outcome::Ongoing => None,
            Outcome::Won { winner, reason } => Some(Finished {
                winner: Some(winner.0),
                ending: match reason {
                    VictoryReason::Conquest => "Conquest",
                    VictoryReason::VictoryMedals => "VictoryMedals",
                    VictoryReason::CityConquest => "CityConquest",
                    VictoryReason::TurnLimit => "TurnLimit",
                }
                .into(),
            }),
            Outcome::Draw => Some(Finished {
                winner: None,
                ending: if state.victory.turn_limit.is_some() { "TurnLimit" } else { "Draw" }.into(),
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
        super::text::describe_event(self, state, event)
    }

    fn action_text(&self, state: &GameState, action: &Action) -> Option<String> {
        Some(super::text::describe_action(self, state, action))
    }

    fn rejection_text(&self, state: &GameState, rejection: &Rejection) -> String {
        super::text::with_unit_names(self, state, &rejection.to_string())
    }

    fn series_names(&self) -> &'static [&'static str] {
        &["funds", "income", "unit value"]
    }

    /// Each seat's funds, income and unit value.
    fn seat_numbers(&self, state: &GameState) -> Vec<Vec<f64>> {
        let max = f64::from(self.economy.max_hp.max(1));
        (0..state.players.len())
            .map(|seat| {
                let owner = PlayerId(u8::try_from(seat).unwrap_or(0));
                let income = super::rules::income(self, state, owner);
                let value: f64 = state
                    .units
                    .iter()
                    .filter(|u| u.owner == owner)
                    .map(|u| f64::from(self.unit(u.kind).cost) * f64::from(u.hp) / max)
                    .sum();
                vec![state.player(owner).funds as f64, f64::from(income), value]
            })
            .collect()
    }

    fn place_taken(&self, event: &Event) -> Option<(Place, u8)> {
        match event {
            Event::PropertyCaptured { pos, to, .. } => Some((Place::Square(pos.x, pos.y), to.0)),
            _ => None,
        }
    }

    fn stall_causes(&self, state: &GameState) -> Vec<String> {
        super::stalls::stall_causes(self, state)
    }
}

/// What the framework's planner weighs: Skirmish Wars' styles of turn.
impl Planned for Ruleset {
    fn scripts(&self) -> &'static [&'static str] {
        &super::rules::SCRIPT_NAMES
    }

    type Memo = ();
    fn script_moves(&self, state: &GameState, script: usize, _memo: Option<&mut ()>) -> Vec<Action> {
        script_turn(self, state, script, crate::game::planner::TURN_ACTIONS)
    }

    fn evaluate(&self, state: &GameState, seat: u8) -> f64 {
        evaluate_for(self, state, seat)
    }

    /// Dice of the planner's own, the same for every way weighed on one copy.
    fn reseed(&self, state: &mut GameState, salt: u64) {
        state.dice = crate::game::planner::fresh_dice(&state.dice, salt, state.round);
    }
}
