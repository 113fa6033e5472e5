//! Whether the rules allow an action now: `check` is pure and names every rejection.

use super::action::{Action, Rejection};
use super::combat::in_range;
use super::effects::{build_cost, fire_range};
use super::ids::UnitId;
use super::movement::{can_stand, check_path};
use super::ruleset::{PropertyKind, Ruleset};
use super::state::{GameState, Outcome, Phase, PowerLevel, Status, Unit};

pub(super) fn unit_ready_for(state: &GameState, id: UnitId) -> Result<&Unit, Rejection> {
    let unit = state.unit(id).ok_or(Rejection::NoSuchUnit(id))?;
    if unit.owner != state.current {
        return Err(Rejection::NotYourUnit(id));
    }
    if unit.carried_by.is_some() {
        return Err(Rejection::UnitIsLoaded(id));
    }
    match unit.status {
        Status::Done => Err(Rejection::UnitAlreadyActed(id)),
        Status::JustBought => Err(Rejection::UnitBoughtThisTurn(id)),
        Status::JustUnloaded => Err(Rejection::UnitUnloadedThisTurn(id)),
        Status::Ready | Status::Moved | Status::Unloading => Ok(unit),
    }
}

pub(super) fn in_move_phase(state: &GameState) -> Result<(), Rejection> {
    if state.phase == Phase::Purchase { Err(Rejection::PurchasePhaseStarted) } else { Ok(()) }
}

/// Whether the player whose turn it is may take `action` now, and if not, why.
///
/// # Errors
/// The named [`Rejection`].
// Inlinable across files: `legal_actions` (legal.rs) calls it for every candidate, as it could
// when both lived in one file.
#[inline]
pub fn check(rules: &Ruleset, state: &GameState, action: &Action) -> Result<(), Rejection> {
    if state.outcome != Outcome::Ongoing {
        return Err(Rejection::GameOver);
    }
    match action {
        Action::Move { unit, path } => {
            let unit = unit_ready_for(state, *unit)?;
            in_move_phase(state)?;
            if unit.status != Status::Ready {
                return Err(Rejection::AlreadyMoved(unit.id));
            }
            check_path(rules, state, unit, path).map(|_| ())
        }
        Action::Attack { unit, target } => {
            let attacker = unit_ready_for(state, *unit)?;
            in_move_phase(state)?;
            let card = rules.unit(attacker.kind);
            if card.firepower.is_none() {
                return Err(Rejection::NoWeapon(attacker.id));
            }
            match attacker.status {
                Status::Moved if card.is_indirect() => return Err(Rejection::IndirectMovedCannotFire(attacker.id)),
                Status::Unloading => return Err(Rejection::UnitAlreadyActed(attacker.id)),
                _ => {}
            }
            let target = state.unit(*target).ok_or(Rejection::NoSuchUnit(*target))?;
            if target.owner == attacker.owner {
                return Err(Rejection::TargetIsFriendly(target.id));
            }
            if target.carried_by.is_some() {
                return Err(Rejection::TargetIsLoaded(target.id));
            }
            let range = fire_range(rules, state, attacker.owner, attacker.kind);
            let distance = attacker.pos.distance(target.pos);
            if !in_range(range, distance) {
                return Err(Rejection::TargetOutOfRange { distance, min: range.0, max: range.1 });
            }
            Ok(())
        }
        Action::Capture { unit } => {
            let unit = unit_ready_for(state, *unit)?;
            in_move_phase(state)?;
            if unit.status == Status::Unloading {
                return Err(Rejection::UnitAlreadyActed(unit.id));
            }
            if !rules.unit(unit.kind).captures {
                return Err(Rejection::CannotCapture(unit.id));
            }
            if state.property_at(rules, unit.pos).is_none() {
                return Err(Rejection::NotOnProperty(unit.pos));
            }
            if state.owner_at(unit.pos) == Some(unit.owner) {
                return Err(Rejection::PropertyAlreadyOwned(unit.pos));
            }
            Ok(())
        }
        Action::Unload { transport, passenger, to } => {
            let carrier = unit_ready_for(state, *transport)?;
            in_move_phase(state)?;
            if rules.unit(carrier.kind).transport.is_none() {
                return Err(Rejection::NotATransport(carrier.id));
            }
            let rider = state.unit(*passenger).ok_or(Rejection::NoSuchUnit(*passenger))?;
            if rider.carried_by != Some(carrier.id) {
                return Err(Rejection::NotAPassenger(rider.id));
            }
            if carrier.pos.distance(*to) != 1 || !state.board.contains(*to) {
                return Err(Rejection::UnloadNotAdjacent(*to));
            }
            if state.unit_at(*to).is_some() {
                return Err(Rejection::UnloadBlocked(*to));
            }
            if !can_stand(rules, state, rider.kind, *to) {
                return Err(Rejection::UnloadTerrainImpassable(*to));
            }
            Ok(())
        }
        Action::Buy { factory, kind } => {
            if kind.index() >= rules.units.len() {
                return Err(Rejection::UnknownUnitKind(*kind));
            }
            let owns_factory = state.board.contains(*factory)
                && state.property_at(rules, *factory) == Some(PropertyKind::Factory)
                && state.owner_at(*factory) == Some(state.current);
            if !owns_factory {
                return Err(Rejection::NotYourFactory(*factory));
            }
            if state.unit_at(*factory).is_some() {
                return Err(Rejection::FactoryOccupied(*factory));
            }
            if let Some(limit) = state.counter_limit(rules, *kind)
                && state.counters_in_use(state.current, *kind) >= limit
            {
                return Err(Rejection::NoCounterLeft { kind: *kind, limit });
            }
            let cost = build_cost(rules, state, state.current, *kind);
            let funds = state.player(state.current).funds;
            if cost > funds {
                return Err(Rejection::InsufficientFunds { cost, funds });
            }
            Ok(())
        }
        Action::UsePower { level } => {
            let player = state.player(state.current);
            let co = player.co.ok_or(Rejection::NoCo)?;
            if player.active_power.is_some() {
                return Err(Rejection::PowerAlreadyActive);
            }
            let card = rules.co(co);
            let needed = match level {
                PowerLevel::Power => card.power.stars,
                PowerLevel::SuperPower => card.super_power.stars,
            };
            if player.charge < needed {
                return Err(Rejection::PowerNotCharged { needed, charge: player.charge });
            }
            Ok(())
        }
        Action::EndTurn => Ok(()),
    }
}
