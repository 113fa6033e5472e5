//! The Skirm game cycle: the start of a turn (initiative, Tactical Orders, events), alternate
//! activations with delay, the end of a turn (scoring, secondary objectives) and the end of the
//! battle with its medals.

use super::action::{Event, RollKind};
use super::ruleset::{Medal, Ruleset, Scoring, SecondaryGoal, UnitSpecial};
use super::state::{GameState, Outcome, TakeOutMeans, TurnRecord, UnitId};
use super::strike::*;
use std::collections::BTreeMap;

/// The start of a turn: orders reset, secondary objectives drawn, units ready, initiative
/// roll-off, Tactical Orders, the environment's event.
pub(super) fn start_turn(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    state.turn += 1;
    state.range_cap = None;
    events.push(Event::TurnStarted { turn: state.turn });
    for squad in 0u8..2 {
        let s = &mut state.squads[usize::from(squad)];
        s.orders = 0;
        s.delayed = false;
        s.record = TurnRecord::default();
        s.secondary = s.deck.pop_front();
        if let Some(card) = s.secondary {
            events.push(Event::SecondaryDrawn { squad, card });
        }
    }
    for unit in &mut state.units {
        unit.activated = false;
    }
    // Roll-off: lowest wins, ties rolled again.
    state.initiative = loop {
        let first = roll(state, RollKind::Initiative, Some(0), events);
        let second = roll(state, RollKind::Initiative, Some(1), events);
        if first != second {
            break u8::from(second < first);
        }
        events.push(Event::InitiativeTied);
    };
    events.push(Event::Initiative { squad: state.initiative });
    for squad in 0u8..2 {
        let leaders: u8 = state.standing(squad).filter_map(|u| state.units[u].leader()).sum();
        let dice = rules.tactical_dice.saturating_add(leaders);
        let mut orders = 0u8;
        for _ in 0..dice {
            if roll(state, RollKind::TacticalOrder, Some(squad), events) <= rules.order_faces {
                orders += 1;
            }
        }
        state.squads[usize::from(squad)].orders = orders;
        events.push(Event::TacticalOrders { squad, dice, orders });
    }
    if let Some(environment) = state.environment.as_deref().and_then(|id| rules.environment(id)) {
        let face = roll(state, RollKind::Event, Some(state.initiative), events);
        if let Some(event) = environment.events.iter().find(|e| e.faces.contains(&face)) {
            events.push(Event::EnvironmentEvent { name: event.name.clone() });
            match event.effect {
                super::ruleset::EventEffect::Nothing => {}
                super::ruleset::EventEffect::RangeCap(cap) => state.range_cap = Some(cap),
                super::ruleset::EventEffect::TacticalOrders(change) => {
                    for squad in 0u8..2 {
                        let s = &mut state.squads[usize::from(squad)];
                        s.orders = s.orders.saturating_add_signed(change);
                        events.push(Event::OrdersChanged { squad, orders: s.orders });
                    }
                }
            }
        }
    }
    state.to_act = state.initiative;
    state.extra_activation = false;
    if !state.has_ready(state.to_act) {
        state.to_act = 1 - state.to_act;
    }
    if !state.has_ready(state.to_act) {
        end_turn(rules, state, events);
    }
}

/// The end of a turn: secondary objectives revealed and scored, mission points, orders lost,
/// then the next turn or the end of the battle.
pub(super) fn end_turn(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    for squad in 0u8..2 {
        let Some(card) = state.squads[usize::from(squad)].secondary.take() else { continue };
        let Some(objective) = rules.secondary_objectives.get(card) else { continue };
        if secondary_met(rules, state, squad, objective.goal) {
            let s = &mut state.squads[usize::from(squad)];
            s.points += u32::from(objective.points);
            s.scored.push(card);
            events.push(Event::SecondaryScored { squad, card });
            events.push(Event::Scored { squad, points: u32::from(objective.points), reason: objective.name.clone() });
        } else {
            state.squads[usize::from(squad)].deck.push_back(card);
        }
    }
    if let Some(mission) = rules.mission(&state.mission) {
        for scoring in &mission.scoring {
            match scoring {
                Scoring::ObjectivesControlled { points } => {
                    for squad in 0u8..2 {
                        let held =
                            state.objectives.iter().filter(|&&o| state.controller(rules, o) == Some(squad)).count();
                        if held > 0 {
                            let points = u32::from(*points) * u32::try_from(held).unwrap_or(0);
                            state.squads[usize::from(squad)].points += points;
                            events.push(Event::Scored { squad, points, reason: format!("{held} objectives held") });
                        }
                    }
                }
                Scoring::CarryMarkerHome { points } => {
                    for index in 0..state.markers.len() {
                        let Some(carrier) = state.markers[index].carrier else { continue };
                        let Some(unit) = state.unit(carrier) else { continue };
                        let (squad, Some(pos)) = (unit.squad, unit.pos) else { continue };
                        if state.zones[usize::from(squad)].contains(&pos) {
                            state.markers[index].scored = true;
                            state.markers[index].carrier = None;
                            state.squads[usize::from(squad)].points += u32::from(*points);
                            events.push(Event::Scored {
                                squad,
                                points: u32::from(*points),
                                reason: "marker carried home".into(),
                            });
                        }
                    }
                }
                Scoring::EnemiesTakenOut { .. } | Scoring::MissionAction { .. } => {}
            }
        }
    }
    for squad in 0u8..2 {
        let s = &mut state.squads[usize::from(squad)];
        if s.orders > 0 {
            events.push(Event::OrdersLost { squad, orders: s.orders });
            s.orders = 0;
        }
    }
    if state.turn >= state.turns {
        finish(rules, state, events);
    } else {
        start_turn(rules, state, events);
    }
}

pub(super) fn secondary_met(rules: &Ruleset, state: &GameState, squad: u8, goal: SecondaryGoal) -> bool {
    let record = state.squads[usize::from(squad)].record;
    match goal {
        SecondaryGoal::TakeOut(n) => record.taken_out >= n,
        SecondaryGoal::TakeOutLeader => record.leader_taken_out,
        SecondaryGoal::ControlObjectives(n) => {
            state.objectives.iter().filter(|&&o| state.controller(rules, o) == Some(squad)).count() >= usize::from(n)
        }
        SecondaryGoal::OpenCrate => record.crate_opened,
        SecondaryGoal::LoseNoUnit => record.lost == 0,
        SecondaryGoal::TakeOutInMelee => record.melee_take_out,
        SecondaryGoal::EnterEnemyZone => {
            let zone = &state.zones[usize::from(1 - squad)];
            state.standing(squad).any(|u| state.units[u].pos.is_some_and(|p| zone.contains(&p)))
        }
    }
}

/// The end of the battle: the winner on Mission Points and every unit's medals.
pub(super) fn finish(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    let points = [state.squads[0].points, state.squads[1].points];
    state.outcome = match points[0].cmp(&points[1]) {
        std::cmp::Ordering::Greater => Outcome::Won { squad: 0 },
        std::cmp::Ordering::Less => Outcome::Won { squad: 1 },
        std::cmp::Ordering::Equal => Outcome::Draw,
    };
    let winner = match state.outcome {
        Outcome::Won { squad } => Some(squad),
        _ => None,
    };
    events.push(Event::BattleEnded { winner, points });
    state.medals = (0..state.units.len()).map(|u| medals_of(state, u, winner)).collect();
    for (unit, medals) in state.medals.iter().enumerate() {
        let no_xp = state.units[unit].has(UnitSpecial::NoEquipment);
        for &medal in medals {
            events.push(Event::MedalEarned { unit, medal, xp: if no_xp { 0 } else { rules.medal_xp(medal) } });
        }
    }
}

/// The medals a unit earned in the battle (rules "Squad Progression").
pub(super) fn medals_of(state: &GameState, id: UnitId, winner: Option<u8>) -> Vec<Medal> {
    let unit = &state.units[id];
    let victim_is_leader = |v: UnitId| state.unit(v).is_some_and(|u| u.leader().is_some());
    let took_out_our_leader =
        |v: UnitId| state.unit(v).is_some_and(|u| u.take_outs.iter().any(|t| victim_is_leader(t.victim)));
    let count = |means: &[TakeOutMeans]| unit.take_outs.iter().filter(|t| means.contains(&t.means)).count();
    let standing = unit.pos.is_some();
    let squad_standing = state.standing(unit.squad).count();
    let mut per_turn: BTreeMap<u8, usize> = BTreeMap::new();
    for t in &unit.take_outs {
        *per_turn.entry(t.turn).or_default() += 1;
    }
    let earned = [
        (Medal::Assassin, unit.take_outs.iter().any(|t| victim_is_leader(t.victim))),
        (Medal::Avenger, unit.take_outs.iter().any(|t| took_out_our_leader(t.victim))),
        (Medal::Berserker, count(&[TakeOutMeans::Melee]) >= 3),
        (Medal::Bloodthirsty, per_turn.values().any(|&n| n >= 2)),
        (Medal::FirstBlood, state.first_blood == Some(id)),
        (Medal::GearedUp, count(&[TakeOutMeans::Equipment]) > 0),
        (Medal::LastStanding, standing && squad_standing == 1),
        (Medal::Merciless, unit.take_outs.iter().any(|t| t.overkill >= 2)),
        (Medal::Marksman, count(&[TakeOutMeans::Ranged, TakeOutMeans::Equipment]) >= 3),
        (Medal::Resourceful, count(&[TakeOutMeans::Item]) > 0),
        (Medal::Scavenger, unit.opened_crate),
        (Medal::Untouchable, standing && unit.hit == unit.max_hit),
        (Medal::Veteran, standing),
        (Medal::Victor, winner == Some(unit.squad)),
    ];
    earned.into_iter().filter(|(_, yes)| *yes).map(|(m, _)| m).collect()
}

/// Ends the activation under way and passes to the next squad: alternately, the other squad
/// twice in a row after a delay, the same squad while the other has nobody ready, the end of
/// the turn when nobody is.
pub(super) fn end_activation(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    let Some(activation) = state.activation.take() else { return };
    let unit = activation.unit;
    state.units[unit].activated = true;
    events.push(Event::ActivationEnded { unit });
    let current = state.units[unit].squad;
    let extra = std::mem::take(&mut state.extra_activation);
    state.to_act = if extra && state.has_ready(current) {
        current
    } else if state.has_ready(1 - current) {
        1 - current
    } else {
        current
    };
    if !state.has_ready(state.to_act) {
        end_turn(rules, state, events);
    }
}
