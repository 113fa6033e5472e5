//! The engine's public interface: `check` an action, `apply` it to get its events, list the
//! `legal_actions`, read the `outcome`, and `replay` a game from its setup, seed and actions.
//!
//! `check` is pure and names every rejection; `apply` calls it first and only then changes the
//! state, so a refused action leaves the state untouched.

use super::action::{Action, DefeatReason, Event, Rejection, Strike};
use super::combat::{in_range, strike_numbers};
use super::effects::{build_cost, capture_bonus, fire_range, income_per_city_bonus};
use super::ids::{PlayerId, Pos, UnitId};
use super::movement::{Reach, can_stand, check_path, reachable};
use super::ruleset::{PropertyKind, Ruleset};
use super::state::{
    Capture, CoChoice, GameSetup, GameState, Outcome, Phase, PowerLevel, SetupError, Status, TieBreak, Unit,
    VictoryReason, cos_free_to_deal,
};
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
fn deal_random_cos(rules: &Ruleset, setup: &GameSetup, state: &mut GameState, events: &mut Vec<Event>) {
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

/// How the game stands.
#[must_use]
pub fn outcome(state: &GameState) -> Outcome {
    state.outcome
}

fn unit_ready_for(state: &GameState, id: UnitId) -> Result<&Unit, Rejection> {
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

fn in_move_phase(state: &GameState) -> Result<(), Rejection> {
    if state.phase == Phase::Purchase { Err(Rejection::PurchasePhaseStarted) } else { Ok(()) }
}

/// Whether the player whose turn it is may take `action` now, and if not, why.
///
/// # Errors
/// The named [`Rejection`].
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

/// Applies a legal action and returns what happened, in order.
///
/// # Errors
/// The named [`Rejection`] when the action is not legal; the state is then unchanged.
pub fn apply(rules: &Ruleset, state: &mut GameState, action: &Action) -> Result<Vec<Event>, Rejection> {
    check(rules, state, action)?;
    let mut events = Vec::new();
    let turn = (state.current, state.round);
    let acting_unit = match action {
        Action::Move { unit, .. } | Action::Attack { unit, .. } | Action::Capture { unit } => Some(*unit),
        Action::Unload { transport, .. } => Some(*transport),
        Action::Buy { .. } | Action::EndTurn => None,
        Action::UsePower { .. } => state.active_unit,
    };
    if state.active_unit != acting_unit {
        finish_activation(state);
    }
    match action {
        Action::Move { unit, path } => apply_move(rules, state, *unit, path, &mut events),
        Action::Attack { unit, target } => apply_attack(rules, state, *unit, *target, &mut events),
        Action::Capture { unit } => apply_capture(rules, state, *unit, &mut events),
        Action::Unload { transport, passenger, to } => {
            if let Some(rider) = state.unit_mut(*passenger) {
                rider.carried_by = None;
                rider.pos = *to;
                rider.status = Status::JustUnloaded;
            }
            if let Some(carrier) = state.unit_mut(*transport) {
                carrier.status = Status::Unloading;
            }
            state.active_unit = Some(*transport);
            events.push(Event::UnitUnloaded { unit: *passenger, transport: *transport, to: *to });
        }
        Action::Buy { factory, kind } => {
            let cost = build_cost(rules, state, state.current, *kind);
            let id = UnitId(state.next_unit_id);
            state.next_unit_id += 1;
            let current = state.current;
            let player = &mut state.players[current.index()];
            player.funds -= cost;
            player.fielded = true;
            let funds = player.funds;
            state.units.push(Unit {
                id,
                kind: *kind,
                owner: current,
                hp: rules.economy.max_hp,
                pos: *factory,
                status: Status::JustBought,
                carried_by: None,
            });
            state.phase = Phase::Purchase;
            events.push(Event::UnitBought { unit: id, kind: *kind, pos: *factory, cost, funds });
        }
        Action::UsePower { level } => apply_power(rules, state, *level, &mut events),
        Action::EndTurn => {
            events.push(Event::TurnEnded { player: state.current });
            advance_turn(rules, state, &mut events);
        }
    }
    settle(rules, state, &mut events, turn);
    Ok(events)
}

/// Ends the activation under way, if any: the unit can do nothing more this turn.
fn finish_activation(state: &mut GameState) {
    if let Some(id) = state.active_unit.take()
        && let Some(unit) = state.unit_mut(id)
        && matches!(unit.status, Status::Moved | Status::Unloading)
    {
        unit.status = Status::Done;
    }
}

fn lose_capture_of(state: &mut GameState, unit: UnitId, events: &mut Vec<Event>) {
    if let Some(index) = state.captures.iter().position(|c| c.unit == unit) {
        let capture = state.captures.remove(index);
        events.push(Event::CaptureLost { pos: capture.pos });
    }
}

fn apply_move(rules: &Ruleset, state: &mut GameState, id: UnitId, path: &[Pos], events: &mut Vec<Event>) {
    let Some(unit) = state.unit(id) else { return };
    let Ok(checked) = check_path(rules, state, unit, path) else { return };
    let from = unit.pos;
    lose_capture_of(state, id, events);
    for unit in &mut state.units {
        if unit.id == id || unit.carried_by == Some(id) {
            unit.pos = checked.to;
        }
    }
    events.push(Event::UnitMoved { unit: id, from, to: checked.to, cost: checked.cost });
    if let Some(unit) = state.unit_mut(id) {
        if let Some(transport) = checked.boards {
            unit.carried_by = Some(transport);
            unit.status = Status::Done;
            events.push(Event::UnitLoaded { unit: id, transport });
        } else {
            unit.status = Status::Moved;
            state.active_unit = Some(id);
        }
    }
}

fn apply_attack(rules: &Ruleset, state: &mut GameState, attacker: UnitId, target: UnitId, events: &mut Vec<Event>) {
    let survived = strike(rules, state, Strike::Attack, attacker, target, events);
    if survived {
        let (Some(a), Some(t)) = (state.unit(attacker), state.unit(target)) else { return };
        let range = fire_range(rules, state, t.owner, t.kind);
        if rules.unit(t.kind).firepower.is_some() && in_range(range, a.pos.distance(t.pos)) {
            strike(rules, state, Strike::Counter, target, attacker, events);
        }
    }
    if let Some(unit) = state.unit_mut(attacker) {
        unit.status = Status::Done;
    }
    state.active_unit = None;
}

/// Resolves one strike with its die roll; returns whether the target survived.
fn strike(
    rules: &Ruleset,
    state: &mut GameState,
    which: Strike,
    attacker: UnitId,
    target: UnitId,
    events: &mut Vec<Event>,
) -> bool {
    let (Some(a), Some(t)) = (state.unit(attacker), state.unit(target)) else { return false };
    let Some(numbers) = strike_numbers(rules, state, a, t, t.pos) else { return true };
    let attacker_owner = a.owner;
    events.push(Event::StrikeDeclared {
        strike: which,
        attacker,
        target,
        initial_damage: numbers.initial_damage,
        column: numbers.column,
        hits: numbers.cell.hits,
        die: numbers.cell.die,
    });
    let mut hits = numbers.cell.hits;
    if let Some(needed) = numbers.cell.die {
        let tries = if numbers.reroll { 2 } else { 1 };
        for _ in 0..tries {
            let roll = state.dice.roll_d6();
            let hit = roll <= needed;
            events.push(Event::DieRolled { strike: which, roll, needed, hit });
            if hit {
                hits = hits.saturating_add(1);
                break;
            }
        }
    }
    damage(rules, state, target, hits, Some(attacker_owner), events)
}

/// Takes HP from a unit, eliminating it (and its passengers) at zero; returns whether it
/// survived.
fn damage(
    rules: &Ruleset,
    state: &mut GameState,
    target: UnitId,
    hits: u8,
    by: Option<PlayerId>,
    events: &mut Vec<Event>,
) -> bool {
    let Some(unit) = state.unit_mut(target) else { return false };
    let hits = hits.min(unit.hp);
    unit.hp -= hits;
    let hp = unit.hp;
    events.push(Event::UnitDamaged { unit: target, hits, hp, reduced: hp < rules.economy.reduced_below });
    if hp > 0 {
        return true;
    }
    let doomed: Vec<UnitId> = std::iter::once(target).chain(state.passengers(target).map(|p| p.id)).collect();
    for id in doomed {
        eliminate(rules, state, id, by, events);
    }
    false
}

fn eliminate(rules: &Ruleset, state: &mut GameState, id: UnitId, by: Option<PlayerId>, events: &mut Vec<Event>) {
    let Ok(index) = state.units.binary_search_by_key(&id, |u| u.id) else { return };
    let unit = state.units.remove(index);
    lose_capture_of(state, id, events);
    if state.active_unit == Some(id) {
        state.active_unit = None;
    }
    events.push(Event::UnitEliminated { unit: id, owner: unit.owner, by });
    let Some(player) = by.filter(|p| *p != unit.owner) else { return };
    if state.victory.victory_medals.is_some() {
        // Rule 4.0: "the player receives that unit as a victory medal. This particular unit is
        // lost to the other player for the remainder of the game."
        *state.players[unit.owner.index()].lost_counters.entry(unit.kind).or_default() += 1;
    }
    let player_state = &mut state.players[player.index()];
    player_state.medals += 1;
    if let Some(co) = player_state.co {
        // No charging while the track is full, until the Super Power is used.
        if player_state.charge < rules.co(co).super_power.stars {
            player_state.charge += 1;
            events.push(Event::ChargeGained { player, charge: player_state.charge });
        }
    }
}

fn apply_capture(rules: &Ruleset, state: &mut GameState, id: UnitId, events: &mut Vec<Event>) {
    let Some(unit) = state.unit(id) else { return };
    let (pos, owner, hp) = (unit.pos, unit.owner, unit.hp);
    let Some(kind) = state.property_at(rules, pos) else { return };
    let economy = &rules.economy;
    let rate = if hp < economy.reduced_below { economy.capture_rate_reduced } else { economy.capture_rate_full };
    let rate = u32::try_from(i64::from(rate) + i64::from(capture_bonus(rules, state, owner))).unwrap_or(0).max(1);
    let required = economy.capture_points_of(kind);
    let so_far = state.capture_at(pos).filter(|c| c.unit == id).map_or(0, |c| c.points);
    let points = so_far + rate;
    state.captures.retain(|c| c.pos != pos);
    events.push(Event::CaptureProgressed { unit: id, pos, points: points.min(required), required });
    if points >= required {
        let index = state.board.index(pos);
        let from = state.owners[index];
        state.owners[index] = Some(owner);
        events.push(Event::PropertyCaptured { pos, from, to: owner });
        if kind == PropertyKind::Hq {
            if state.victory.conquest
                && let Some(loser) = from
            {
                defeat(state, loser, DefeatReason::HqCaptured, events);
            }
            // [house] A taken HQ is a city from now on: its captor has one HQ, its own.
            if let Some(city) = rules.terrain_of_property(PropertyKind::City) {
                state.board.terrain[index] = city;
                events.push(Event::HqBecameCity { pos, terrain: city });
            }
        }
    } else {
        state.captures.push(Capture { pos, unit: id, points });
    }
    if let Some(unit) = state.unit_mut(id) {
        unit.status = Status::Done;
    }
    state.active_unit = None;
}

fn apply_power(rules: &Ruleset, state: &mut GameState, level: PowerLevel, events: &mut Vec<Event>) {
    let current = state.current;
    let Some(co) = state.player(current).co else { return };
    let card = rules.co(co);
    let power = match level {
        PowerLevel::Power => &card.power,
        PowerLevel::SuperPower => &card.super_power,
    };
    let player = &mut state.players[current.index()];
    player.charge = 0;
    player.active_power = Some(level);
    events.push(Event::PowerUsed { player: current, level });
    for effect in &power.effects {
        match effect {
            super::ruleset::Effect::Repair { hp } => {
                let max = rules.economy.max_hp;
                for unit in state.units.iter_mut().filter(|u| u.owner == current && u.carried_by.is_none()) {
                    let healed = unit.hp.saturating_add(*hp).min(max);
                    if healed != unit.hp {
                        unit.hp = healed;
                        events.push(Event::UnitRepaired { unit: unit.id, hp: healed });
                    }
                }
            }
            super::ruleset::Effect::DamageEnemies { hits } => {
                for unit in state.units.iter_mut().filter(|u| u.owner != current && u.carried_by.is_none()) {
                    // A power wears units down but never eliminates them.
                    let taken = (*hits).min(unit.hp.saturating_sub(1));
                    if taken > 0 {
                        unit.hp -= taken;
                        events.push(Event::UnitDamaged {
                            unit: unit.id,
                            hits: taken,
                            hp: unit.hp,
                            reduced: unit.hp < rules.economy.reduced_below,
                        });
                    }
                }
            }
            _ => {}
        }
    }
}

/// Takes a player out of the game: its units leave and, with more than two players, its
/// properties turn neutral.
fn defeat(state: &mut GameState, player: PlayerId, reason: DefeatReason, events: &mut Vec<Event>) {
    if state.players[player.index()].defeated {
        return;
    }
    state.players[player.index()].defeated = true;
    events.push(Event::PlayerDefeated { player, reason });
    let leaving: Vec<UnitId> = state.units.iter().filter(|u| u.owner == player).map(|u| u.id).collect();
    for id in leaving {
        lose_capture_of(state, id, events);
        events.push(Event::UnitEliminated { unit: id, owner: player, by: None });
    }
    state.units.retain(|u| u.owner != player);
    if state.active_unit.is_some_and(|id| state.unit(id).is_none()) {
        state.active_unit = None;
    }
    for index in 0..state.owners.len() {
        if state.owners[index] == Some(player) {
            state.owners[index] = None;
            let width = usize::from(state.board.width);
            let pos = Pos::new(u16::try_from(index % width).unwrap_or(0), u16::try_from(index / width).unwrap_or(0));
            events.push(Event::PropertyNeutralized { pos });
        }
    }
}

/// Checks every way the game can end after an action taken in `turn` (the acting seat and the
/// round), and hands the turn on if the player whose turn it is was defeated.
fn settle(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>, turn: (PlayerId, u32)) {
    if state.outcome != Outcome::Ongoing {
        return;
    }
    if state.victory.conquest {
        for seat in 0..state.players.len() {
            let player = PlayerId(u8::try_from(seat).unwrap_or(0));
            let p = &state.players[seat];
            if !p.defeated && p.fielded && !state.units.iter().any(|u| u.owner == player) {
                defeat(state, player, DefeatReason::AllUnitsEliminated, events);
            }
        }
    }
    let standing: Vec<PlayerId> = seats(state).filter(|p| !state.player(*p).defeated).collect();
    if standing.len() == 1 {
        finish(state, Outcome::Won { winner: standing[0], reason: VictoryReason::Conquest }, events);
        return;
    }
    if standing.is_empty() {
        finish(state, Outcome::Draw, events);
        return;
    }
    // The acting player is looked at first: a counter-attack can earn the defender its last
    // medal in the same action, but the actor's own achievement comes before it.
    let (actor, round) = turn;
    let order: Vec<PlayerId> = std::iter::once(actor).chain(standing.iter().copied().filter(|p| *p != actor)).collect();
    if everyone_has_played(state, actor, round) {
        for player in order.into_iter().filter(|p| !state.player(*p).defeated) {
            if let Some(target) = state.victory.victory_medals
                && state.player(player).medals >= target
            {
                finish(state, Outcome::Won { winner: player, reason: VictoryReason::VictoryMedals }, events);
                return;
            }
            if let Some(target) = state.victory.city_conquest
                && state.cities_captured(rules, player) >= target
            {
                finish(state, Outcome::Won { winner: player, reason: VictoryReason::CityConquest }, events);
                return;
            }
        }
    }
    if state.player(state.current).defeated {
        advance_turn(rules, state, events);
    }
}

/// Whether every seat still in the game has had a turn by the time `actor` acts in `round`:
/// no target-based victory (medals, cities) is declared before that, so the last seat always
/// gets to play.
fn everyone_has_played(state: &GameState, actor: PlayerId, round: u32) -> bool {
    let count = state.players.len().max(1);
    let first = state.first_player.index();
    let actor_offset = (actor.index() + count - first) % count;
    round > 1 || (actor_offset + 1..count).all(|offset| state.players[(first + offset) % count].defeated)
}

fn finish(state: &mut GameState, outcome: Outcome, events: &mut Vec<Event>) {
    state.outcome = outcome;
    state.active_unit = None;
    events.push(Event::GameEnded { outcome });
}

fn seats(state: &GameState) -> impl Iterator<Item = PlayerId> + use<> {
    (0..u8::try_from(state.players.len()).unwrap_or(0)).map(PlayerId)
}

/// Passes play to the next player still in the game, ending the game at the turn limit.
fn advance_turn(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    finish_activation(state);
    let count = state.players.len();
    let mut seat = state.current.index();
    let mut round = state.round;
    for _ in 0..count {
        seat = (seat + 1) % count;
        if seat == state.first_player.index() {
            round += 1;
        }
        if !state.players[seat].defeated {
            break;
        }
    }
    if let Some(limit) = state.victory.turn_limit
        && round > limit.rounds
    {
        let outcome = tie_break(rules, state, limit.tie_break);
        finish(state, outcome, events);
        return;
    }
    state.current = PlayerId(u8::try_from(seat).unwrap_or(0));
    state.round = round;
    begin_turn(rules, state, events);
}

fn tie_break(rules: &Ruleset, state: &GameState, rule: TieBreak) -> Outcome {
    let measure = |player: PlayerId| -> (u64, u64) {
        // Cities owned, HQs counted as cities (as the setup sheet's "most cities" reads).
        let cities = u64::from(
            state.count_owned(rules, player, PropertyKind::City) + state.count_owned(rules, player, PropertyKind::Hq),
        );
        let medals = u64::from(state.player(player).medals);
        match rule {
            TieBreak::Draw => (0, 0),
            TieBreak::MostCities => (cities, medals),
            TieBreak::MostMedals => (medals, cities),
            TieBreak::MostUnitValue => {
                (state.units.iter().filter(|u| u.owner == player).map(|u| u64::from(rules.unit(u.kind).cost)).sum(), 0)
            }
        }
    };
    let standing: Vec<(PlayerId, (u64, u64))> =
        seats(state).filter(|p| !state.player(*p).defeated).map(|p| (p, measure(p))).collect();
    let best = standing.iter().map(|(_, m)| *m).max();
    let leaders: Vec<PlayerId> = standing.iter().filter(|(_, m)| Some(*m) == best).map(|(p, _)| *p).collect();
    match leaders.as_slice() {
        [winner] if rule != TieBreak::Draw => Outcome::Won { winner: *winner, reason: VictoryReason::TurnLimit },
        _ => Outcome::Draw,
    }
}

/// The start of a turn: powers run out, units get ready, income is paid, units repair.
fn begin_turn(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    let current = state.current;
    state.phase = Phase::MoveAndAttack;
    state.active_unit = None;
    events.push(Event::TurnStarted { player: current, round: state.round });
    if let Some(level) = state.players[current.index()].active_power.take() {
        events.push(Event::PowerEnded { player: current, level });
    }
    for unit in state.units.iter_mut().filter(|u| u.owner == current) {
        unit.status = Status::Ready;
    }
    let mut income: i64 = 0;
    for kind in PropertyKind::ALL {
        income += i64::from(state.count_friendly(rules, current, kind)) * i64::from(rules.economy.income_of(kind));
    }
    let cities = i64::from(state.count_friendly(rules, current, PropertyKind::City));
    income += cities * i64::from(income_per_city_bonus(rules, state, current));
    let amount = u32::try_from(income.max(0)).unwrap_or(u32::MAX);
    let player = &mut state.players[current.index()];
    player.funds = player.funds.saturating_add(amount);
    events.push(Event::IncomeCollected { player: current, amount, funds: player.funds });
    let max = rules.economy.max_hp;
    for index in 0..state.units.len() {
        let unit = &state.units[index];
        if unit.owner != current || unit.carried_by.is_some() || unit.hp >= max {
            continue;
        }
        let friendly = state.property_at(rules, unit.pos).is_some() && state.is_friendly(rules, unit.pos, current);
        if friendly {
            let unit = &mut state.units[index];
            unit.hp = unit.hp.saturating_add(rules.economy.repair).min(max);
            events.push(Event::UnitRepaired { unit: unit.id, hp: unit.hp });
        }
    }
}

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
