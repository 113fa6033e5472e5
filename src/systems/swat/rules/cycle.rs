//! The Skirmish Wars turn cycle: the start of a turn (income, repairs), the end of a turn and
//! of a round, defeat, victory conditions, turn limits and their tie-breaks, the outcome.

use super::action::{DefeatReason, Event};
use super::effects::income_per_city_bonus;
use super::ids::{PlayerId, Pos, UnitId};
use super::ruleset::{PropertyKind, Ruleset};
use super::state::{GameState, Outcome, Phase, Status, TieBreak, VictoryReason};

/// How the game stands.
#[must_use]
pub fn outcome(state: &GameState) -> Outcome {
    state.outcome
}

/// Takes a player out of the game: its units leave (no medals for them) and its properties
/// turn neutral, whatever the number of players (docs/FILE_FORMAT.md, "A defeated player").
pub(super) fn defeat(state: &mut GameState, player: PlayerId, reason: DefeatReason, events: &mut Vec<Event>) {
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
pub(super) fn settle(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>, turn: (PlayerId, u32)) {
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
    if target_reached(rules, state, events, turn) {
        return;
    }
    if state.player(state.current).defeated {
        advance_turn(rules, state, events);
    }
}

/// The target-based victories (medals, cities) once every seat has had a turn: the acting
/// player is looked at first (a counter-attack can earn the defender its last medal in the
/// same action, but the actor's own achievement comes before it). Returns whether the game
/// ended.
fn target_reached(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>, turn: (PlayerId, u32)) -> bool {
    let (actor, round) = turn;
    if state.outcome != Outcome::Ongoing || !everyone_has_played(state, actor, round) {
        return false;
    }
    let standing: Vec<PlayerId> = seats(state).filter(|p| !state.player(*p).defeated).collect();
    let order: Vec<PlayerId> = std::iter::once(actor).chain(standing.iter().copied().filter(|p| *p != actor)).collect();
    for player in order.into_iter().filter(|p| !state.player(*p).defeated) {
        if let Some(target) = state.victory.victory_medals
            && state.player(player).medals >= target
        {
            finish(state, Outcome::Won { winner: player, reason: VictoryReason::VictoryMedals }, events);
            return true;
        }
        if let Some(target) = state.victory.city_conquest
            && state.cities_captured(rules, player) >= target
        {
            finish(state, Outcome::Won { winner: player, reason: VictoryReason::CityConquest }, events);
            return true;
        }
    }
    false
}

/// Whether every seat still in the game has had a turn by the time `actor` acts in `round`:
/// no target-based victory (medals, cities) is declared before that, so the last seat always
/// gets to play.
pub(super) fn everyone_has_played(state: &GameState, actor: PlayerId, round: u32) -> bool {
    let count = state.players.len().max(1);
    let first = state.first_player.index();
    let actor_offset = (actor.index() + count - first) % count;
    round > 1 || (actor_offset + 1..count).all(|offset| state.players[(first + offset) % count].defeated)
}

pub(super) fn finish(state: &mut GameState, outcome: Outcome, events: &mut Vec<Event>) {
    state.outcome = outcome;
    state.active_unit = None;
    events.push(Event::GameEnded { outcome });
}

pub(super) fn seats(state: &GameState) -> impl Iterator<Item = PlayerId> + use<> {
    (0..u8::try_from(state.players.len()).unwrap_or(0)).map(PlayerId)
}

/// Passes play to the next player still in the game, ending the game at the turn limit.
pub(super) fn advance_turn(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    finish_activation(state);
    // A turn that ends with every seat having played decides a medal or city win before the
    // turn limit or the next round's income can (v1.0b: the target wins when it is reached).
    if target_reached(rules, state, events, (state.current, state.round)) {
        return;
    }
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

pub(super) fn tie_break(rules: &Ruleset, state: &GameState, rule: TieBreak) -> Outcome {
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

/// The income `player` is paid at the start of its turn: each friendly property's (a property
/// an enemy is capturing is not friendly and pays nothing) and its CO's bonus per city. The
/// balance lab's income curve reads this, so it shows what the engine pays.
#[must_use]
pub fn income(rules: &Ruleset, state: &GameState, player: PlayerId) -> u32 {
    let mut income: i64 = 0;
    for kind in PropertyKind::ALL {
        income += i64::from(state.count_friendly(rules, player, kind)) * i64::from(rules.economy.income_of(kind));
    }
    let cities = i64::from(state.count_friendly(rules, player, PropertyKind::City));
    income += cities * i64::from(income_per_city_bonus(rules, state, player));
    u32::try_from(income.max(0)).unwrap_or(u32::MAX)
}

/// The start of a turn: powers run out, units get ready, income is paid, units repair.
pub(super) fn begin_turn(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
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
    let amount = income(rules, state, current);
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

/// Ends the activation under way, if any: the unit can do nothing more this turn.
pub(super) fn finish_activation(state: &mut GameState) {
    if let Some(id) = state.active_unit.take()
        && let Some(unit) = state.unit_mut(id)
        && matches!(unit.status, Status::Moved | Status::Unloading)
    {
        unit.status = Status::Done;
    }
}

pub(super) fn lose_capture_of(state: &mut GameState, unit: UnitId, events: &mut Vec<Event>) {
    if let Some(index) = state.captures.iter().position(|c| c.unit == unit) {
        let capture = state.captures.remove(index);
        events.push(Event::CaptureLost { pos: capture.pos });
    }
}
