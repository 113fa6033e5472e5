//! Random legal play with its own seeded dice (not the game's, so the combat dice stay exactly
//! as the actions make them). Used by property tests, benchmarks and as the baseline the AI
//! must beat.
//!
//! The policy picks in two stages, the way a careless player would: first one of the "actors"
//! (each own unit that may still act, or the player's own business of buying, powers and
//! ending the turn), uniformly; then one of that actor's legal actions, uniformly. Picking
//! uniformly among all actions at once would let a Recon's forty squares drown out ending the
//! turn, and would compute every unit's reach at every step.

use super::action::{Action, Event};
use super::ruleset::Ruleset;
use super::state::{GameState, Outcome, Status};
use super::{LegalChoices, apply};
use crate::dice::Dice;

/// A random game continued from `state`: the actions taken and their events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Playout {
    /// Every action applied, in order.
    pub actions: Vec<Action>,
    /// Every event, in order.
    pub events: Vec<Event>,
}

/// Plays random legal actions until the game ends or `rounds` more rounds have been played.
/// `max_actions` bounds the work however the dice fall.
pub fn random_playout(rules: &Ruleset, state: &mut GameState, seed: u64, rounds: u32, max_actions: usize) -> Playout {
    let mut chooser = Dice::new(seed);
    let last_round = state.round.saturating_add(rounds);
    let mut playout = Playout { actions: Vec::new(), events: Vec::new() };
    while state.outcome == Outcome::Ongoing && state.round < last_round && playout.actions.len() < max_actions {
        let Some(action) = random_action(rules, state, &mut chooser) else { break };
        match apply(rules, state, &action) {
            Ok(events) => playout.events.extend(events),
            // A listed action is always legal; stop rather than loop if that were ever broken.
            Err(_) => break,
        }
        playout.actions.push(action);
    }
    playout
}

/// One random legal action by the two-stage policy; `None` only once the game is over.
pub fn random_action(rules: &Ruleset, state: &GameState, chooser: &mut Dice) -> Option<Action> {
    // `None` stands for the player's own business; it always has at least ending the turn.
    let mut actors: Vec<Option<super::ids::UnitId>> = state
        .units
        .iter()
        .filter(|u| u.owner == state.current && u.carried_by.is_none())
        .filter(|u| matches!(u.status, Status::Ready | Status::Moved | Status::Unloading))
        .map(|u| Some(u.id))
        .collect();
    actors.push(None);
    while !actors.is_empty() {
        let pick = chooser.below(actors.len());
        let choices = match actors[pick] {
            Some(unit) => LegalChoices::of_unit(rules, state, unit),
            None => LegalChoices::of_player(rules, state),
        };
        if choices.is_empty() {
            actors.swap_remove(pick);
            continue;
        }
        return choices.action(chooser.below(choices.len()));
    }
    None
}
