//! Every action the rules allow now (`legal_actions`), and `LegalChoices` for callers that
//! would rather not build every path.

use super::action::Action;
use super::check::*;
use super::combat::in_range;
use super::effects::{build_cost, fire_range};
use super::ids::{Pos, UnitId};
use super::movement::{Reach, can_stand, reachable};
use super::ruleset::{PropertyKind, Ruleset};
use super::state::{GameState, Outcome, Phase, PowerLevel, Status, Unit};

/// Every action the player whose turn it is may take now, in a fixed order: unit by unit (by
/// id) its moves (one cheapest path per square, row by row), attacks, capture and unloads;
/// then purchases, powers, and ending the turn.
#[must_use]
pub fn legal_actions(rules: &Ruleset, state: &GameState) -> Vec<Action> {
    let choices = LegalChoices::new(rules, state);
    (0..choices.len()).filter_map(|index| choices.action(index)).collect()
}

/// One legal action, with a move kept as its destination until its path is asked for.
#[derive(Debug, Clone)]
enum Choice {
    Move { reach: usize, to: Pos },
    Other(Action),
}

/// The legal actions of the moment, listed in the order of [`legal_actions`] without building
/// every move's path: the reach of each unit is computed once and a path only on request.
/// Random playouts and the AI pick among thousands of moves and build one.
#[derive(Debug, Clone)]
pub struct LegalChoices {
    reaches: Vec<(UnitId, Reach)>,
    choices: Vec<Choice>,
}

impl LegalChoices {
    /// Lists the legal actions of the player whose turn it is.
    #[must_use]
    pub fn new(rules: &Ruleset, state: &GameState) -> Self {
        let mut list = Self { reaches: Vec::new(), choices: Vec::new() };
        if state.outcome != Outcome::Ongoing {
            return list;
        }
        if state.phase == Phase::MoveAndAttack {
            for unit in state.units.iter().filter(|u| u.owner == state.current && u.carried_by.is_none()) {
                list.add_unit(rules, state, unit);
            }
        }
        list.add_general(rules, state);
        list
    }

    /// Only the legal actions of one unit (empty if it is not the current player's or cannot
    /// act).
    #[must_use]
    pub fn of_unit(rules: &Ruleset, state: &GameState, unit: UnitId) -> Self {
        let mut list = Self { reaches: Vec::new(), choices: Vec::new() };
        if state.outcome == Outcome::Ongoing
            && state.phase == Phase::MoveAndAttack
            && let Some(unit) = state.unit(unit).filter(|u| u.owner == state.current && u.carried_by.is_none())
        {
            list.add_unit(rules, state, unit);
        }
        list
    }

    /// Only the actions that belong to no unit: purchases, powers and ending the turn.
    #[must_use]
    pub fn of_player(rules: &Ruleset, state: &GameState) -> Self {
        let mut list = Self { reaches: Vec::new(), choices: Vec::new() };
        if state.outcome == Outcome::Ongoing {
            list.add_general(rules, state);
        }
        list
    }

    fn add_general(&mut self, rules: &Ruleset, state: &GameState) {
        let current = state.current;
        let funds = state.player(current).funds;
        // What the player can buy is the same at every factory: work it out once.
        let buyable: Vec<super::ids::UnitKindId> = (0..rules.units.len())
            .filter_map(|k| u8::try_from(k).ok())
            .map(super::ids::UnitKindId)
            .filter(|&kind| {
                build_cost(rules, state, current, kind) <= funds && state.counters_left(rules, current, kind) != Some(0)
            })
            .collect();
        for pos in state.board.squares() {
            if state.owner_at(pos) != Some(current)
                || state.property_at(rules, pos) != Some(PropertyKind::Factory)
                || state.unit_at(pos).is_some()
            {
                continue;
            }
            for &kind in &buyable {
                self.choices.push(Choice::Other(Action::Buy { factory: pos, kind }));
            }
        }
        for level in [PowerLevel::Power, PowerLevel::SuperPower] {
            let action = Action::UsePower { level };
            if check(rules, state, &action).is_ok() {
                self.choices.push(Choice::Other(action));
            }
        }
        self.choices.push(Choice::Other(Action::EndTurn));
    }

    /// How many legal actions there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.choices.len()
    }

    /// Whether there is none (only once the game is over).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.choices.is_empty()
    }

    /// The reach computed for a unit of the player whose turn it is, if it may still move.
    #[must_use]
    pub fn reach_of(&self, unit: UnitId) -> Option<&Reach> {
        self.reaches.iter().find(|(id, _)| *id == unit).map(|(_, reach)| reach)
    }

    /// The legal action at `index`, in the order of [`legal_actions`].
    #[must_use]
    pub fn action(&self, index: usize) -> Option<Action> {
        match self.choices.get(index)? {
            Choice::Move { reach, to } => {
                let (unit, reach) = &self.reaches[*reach];
                Some(Action::Move { unit: *unit, path: reach.path_to(*to)? })
            }
            Choice::Other(action) => Some(action.clone()),
        }
    }

    fn add_unit(&mut self, rules: &Ruleset, state: &GameState, unit: &Unit) {
        let card = rules.unit(unit.kind);
        let can_fire = card.firepower.is_some()
            && match unit.status {
                Status::Ready => true,
                Status::Moved => !card.is_indirect(),
                _ => false,
            };
        if unit.status == Status::Ready {
            let reach = reachable(rules, state, unit);
            let index = self.reaches.len();
            self.choices.extend(reach.destinations().map(|(to, _)| Choice::Move { reach: index, to }));
            self.reaches.push((unit.id, reach));
        }
        if can_fire {
            let range = fire_range(rules, state, unit.owner, unit.kind);
            for target in &state.units {
                if target.owner != unit.owner
                    && target.carried_by.is_none()
                    && in_range(range, unit.pos.distance(target.pos))
                {
                    self.choices.push(Choice::Other(Action::Attack { unit: unit.id, target: target.id }));
                }
            }
        }
        if matches!(unit.status, Status::Ready | Status::Moved)
            && card.captures
            && state.property_at(rules, unit.pos).is_some()
            && state.owner_at(unit.pos) != Some(unit.owner)
        {
            self.choices.push(Choice::Other(Action::Capture { unit: unit.id }));
        }
        if card.transport.is_some() && matches!(unit.status, Status::Ready | Status::Moved | Status::Unloading) {
            for passenger in state.passengers(unit.id) {
                for to in unit.pos.neighbours(state.board.width, state.board.height) {
                    if can_stand(rules, state, passenger.kind, to) {
                        self.choices.push(Choice::Other(Action::Unload {
                            transport: unit.id,
                            passenger: passenger.id,
                            to,
                        }));
                    }
                }
            }
        }
    }
}
