//! Skirmish Wars' rules core behind the studio's typed game interface (`game::Rules`),
//! implemented on its loaded ruleset: the playtest session, the action-script player and the
//! battle runner of `simulate` and the balance lab are the shared ones.

use crate::game::{Decision, Finished, Level, Place, Rules};
use crate::systems::swat::rules::{
    Action, AiLevel, Event, GameSetup, GameState, Outcome, PlayerId, Rejection, Ruleset, VictoryReason, ai_turn_at,
    apply, check, legal_actions, start_game,
};

/// The most actions the computer plans for one turn.
const TURN_ACTIONS: usize = 5000;

/// The computer player's level for a level of the seam.
#[must_use]
pub fn ai_level(level: Level) -> AiLevel {
    match level {
        Level::Easy => AiLevel::Easy,
        Level::Normal => AiLevel::Normal,
        Level::Hard => AiLevel::Hard,
    }
}

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

    /// A whole turn: the computer plans turns (Hard tries styles of turn ahead).
    fn computer_moves(&self, state: &GameState, level: Level) -> Vec<Action> {
        ai_turn_at(self, state, TURN_ACTIONS, ai_level(level))
    }

    fn event_text(&self, _state: &GameState, event: &Event) -> String {
        super::playtest::describe_event(self, event)
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
}
