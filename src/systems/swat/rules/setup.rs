//! Starting a Skirmish Wars game from its setup (COs dealt, the first start of turn), and
//! replaying a game from its setup, seed and actions.

use super::action::{Action, Event, Rejection};
use super::ids::PlayerId;
use super::ruleset::Ruleset;
use super::state::{CoChoice, GameSetup, GameState, SetupError, cos_free_to_deal};
use super::{cycle::*, perform::*};
use serde::Serialize;
use std::fmt;

/// Starts a game: builds the state from the setup and runs the first player's start of turn
/// (income and repairs).
///
/// # Errors
/// Every problem with the setup, as [`SetupError`].
pub fn start_game(rules: &Ruleset, setup: &GameSetup, seed: u64) -> Result<(GameState, Vec<Event>), SetupError> {
    let mut state = GameState::from_setup(rules, setup, seed)?;
    let mut events = Vec::new();
    deal_random_cos(rules, setup, &mut state, &mut events);
    begin_turn(rules, &mut state, &mut events);
    Ok((state, events))
}

/// Deals a CO from the seeded dice to every seat that asked for a random one, in seat order,
/// from the COs no seat chose and none dealt before: two seats never share a CO.
pub(super) fn deal_random_cos(rules: &Ruleset, setup: &GameSetup, state: &mut GameState, events: &mut Vec<Event>) {
    let mut free = cos_free_to_deal(rules, setup);
    for (seat, player) in setup.players.iter().enumerate() {
        if player.co != CoChoice::Random || free.is_empty() {
            continue;
        }
        let co = free.remove(state.dice.below(free.len()));
        let player = PlayerId(u8::try_from(seat).unwrap_or(u8::MAX));
        state.players[seat].co = Some(co);
        events.push(Event::CoDealt { player, co });
    }
}

/// A finished replay: the final state and every event since the game started.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Replay {
    /// The state after the last action.
    pub state: GameState,
    /// The start-of-game events, then each action's events in order.
    pub events: Vec<Event>,
}

/// Why a replay stopped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum ReplayError {
    /// The setup could not start a game.
    Setup(SetupError),
    /// An action was refused.
    Rejected {
        /// Its position in the list, from 0.
        index: usize,
        /// The action.
        action: Action,
        /// Why.
        rejection: Rejection,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Setup(error) => write!(f, "{error}"),
            ReplayError::Rejected { index, action, rejection } => {
                write!(f, "action {} ({action:?}) was refused: {rejection}", index + 1)
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// Plays a game again from its setup, seed and actions.
///
/// # Errors
/// The setup's problems, or the first refused action with its index and reason.
pub fn replay(rules: &Ruleset, setup: &GameSetup, seed: u64, actions: &[Action]) -> Result<Replay, ReplayError> {
    let (mut state, mut events) = start_game(rules, setup, seed).map_err(ReplayError::Setup)?;
    for (index, action) in actions.iter().enumerate() {
        let more = apply(rules, &mut state, action).map_err(|rejection| ReplayError::Rejected {
            index,
            action: action.clone(),
            rejection,
        })?;
        events.extend(more);
    }
    Ok(Replay { state, events })
}
