//! Armored Advance's turn cycle: a side's turn beginning (spent actions cleared, who stood on
//! a road), its end (Long Reload, Domination's tally for the other side, the next turn and
//! round), and victory: Annihilation (and its draw when neither side can hurt the other),
//! Timed Annihilation with its extra round, Domination by points.

use super::action::Event;
use super::action::Rejection;
use super::geometry::{profile, shape};
use super::movement::stands_on_road;
use super::shooting::{penetration_roll, shot};
use super::state::{GameState, Outcome, Victory, WinBy};
use crate::systems::armored::ruleset::{Keyword, Ruleset, UnitClass};

/// Starts `side`'s turn.
pub fn begin_turn(data: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    let side = state.side;
    let on_road: Vec<bool> = state.units.iter().map(|u| u.side == side && stands_on_road(data, state, u)).collect();
    for (unit, road) in state.units.iter_mut().zip(on_road) {
        if unit.side == side {
            unit.actions_spent = 0;
            unit.moved = false;
            unit.moved_first = false;
            unit.free_move_used = false;
            unit.moves = 0;
            unit.fired.iter_mut().for_each(|f| *f = 0);
            unit.fired_at_infantry.iter_mut().for_each(|f| *f = 0);
            unit.fired_accurate = false;
            unit.fired_this_turn = false;
            unit.started_on_road = road;
            unit.moved_um = 0;
            unit.stunned = unit.stunned_next;
            unit.stunned_next = false;
        }
    }
    state.marks.clear();
    state.actions_spent = 0;
    events.push(Event::TurnStarted { side, round: state.round });
    // "The goal is simply to defeat the entirety of the opponent's mechanized force": a side
    // without one has lost, from the first turn on, not only when its last one is destroyed.
    check_annihilation(data, state, events);
    if state.outcome != Outcome::Ongoing {
        return;
    }
    if state.setup.victory != Victory::Domination && !either_can_win(data, state) {
        finish(state, Outcome::Draw, events, "neither side can hurt the other's vehicles");
    }
}

/// Ends the turn under way and begins the next, or ends the game.
pub fn end_turn(data: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    let side = state.side;
    for (index, unit) in state.units.iter_mut().enumerate().filter(|(_, u)| u.side == side) {
        unit.fired_last_turn = unit.fired_this_turn;
        unit.acted_last_turn = unit.moved || unit.fired_this_turn;
        unit.moved_last_turn_um = unit.moved_um;
        unit.moves_last_turn = unit.moves;
        // "Indirect units must take a full turn to set up prior to being eligible to fire."
        let indirect = profile(data, unit)
            .is_some_and(|p| p.weapons.iter().any(|w| w.keywords.iter().any(|k| matches!(k, Keyword::Indirect(_)))));
        if indirect && unit.alive() && !unit.moved && unit.towed_by.is_none() && !unit.set_up {
            unit.set_up = true;
            events.push(Event::SetUp { unit: index });
        }
    }
    if state.setup.victory == Victory::Domination {
        // "Points are tallied for each player at the end of the opposing player's turn."
        let other = 1 - side.min(1);
        let held = objectives_held(data, state);
        let lead = held[usize::from(other)].saturating_sub(held[usize::from(side.min(1))]);
        if lead > 0 {
            state.points[usize::from(other)] += lead;
            events.push(Event::Scored { side: other, points: lead });
        }
        if let Some(target) = state.setup.vp_target
            && state.points[usize::from(other)] >= target
        {
            finish(state, Outcome::Won { side: other, by: WinBy::Points }, events, "reached the victory point target");
            return;
        }
    }
    let (played_round, played_turn) = (state.round, state.turn);
    state.side = 1 - side.min(1);
    state.turn += 1;
    if state.side == state.first {
        state.round += 1;
    }
    if state.past_turn_limit() {
        at_turn_limit(data, state, events);
        if state.outcome != Outcome::Ongoing {
            // The game ended with the last turn played: a limit of 8 rounds is a game of 8.
            (state.round, state.turn) = (played_round, played_turn);
            return;
        }
    }
    begin_turn(data, state, events);
}

/// The turn limit is reached: Timed Annihilation compares surviving requisition (a tie plays
/// one more round), Domination compares points (a tie is a draw).
fn at_turn_limit(data: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    match state.setup.victory {
        Victory::TimedAnnihilation | Victory::Annihilation => {
            let value = |side: u8| -> u32 {
                state
                    .units
                    .iter()
                    .filter(|u| u.alive() && u.side == side)
                    .filter_map(|u| profile(data, u))
                    .map(|p| p.cost)
                    .sum()
            };
            let (a, b) = (value(0), value(1));
            match a.cmp(&b) {
                std::cmp::Ordering::Greater => finish(
                    state,
                    Outcome::Won { side: 0, by: WinBy::Requisition },
                    events,
                    "more requisition left at the turn limit",
                ),
                std::cmp::Ordering::Less => finish(
                    state,
                    Outcome::Won { side: 1, by: WinBy::Requisition },
                    events,
                    "more requisition left at the turn limit",
                ),
                std::cmp::Ordering::Equal => state.extra_rounds += 1,
            }
        }
        Victory::Domination => {
            let [a, b] = state.points;
            let outcome = match a.cmp(&b) {
                std::cmp::Ordering::Greater => Outcome::Won { side: 0, by: WinBy::Points },
                std::cmp::Ordering::Less => Outcome::Won { side: 1, by: WinBy::Points },
                std::cmp::Ordering::Equal => Outcome::Draw,
            };
            finish(state, outcome, events, "the turn limit");
        }
    }
}

/// Ends the game.
pub fn finish(state: &mut GameState, outcome: Outcome, events: &mut Vec<Event>, how: &str) {
    state.outcome = outcome;
    let winner = match outcome {
        Outcome::Won { side, .. } => Some(side),
        _ => None,
    };
    events.push(Event::GameOver { winner, how: how.to_owned() });
}

/// A side with no vehicle or field gun on the table has lost (both: a draw): asked when a turn
/// begins and after a unit is destroyed.
pub fn check_annihilation(data: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    if state.outcome != Outcome::Ongoing || state.setup.victory == Victory::Domination {
        return;
    }
    let mechanised = |side: u8| {
        state.units.iter().any(|u| u.alive() && u.side == side && profile(data, u).is_some_and(|p| p.mechanised()))
    };
    match (mechanised(0), mechanised(1)) {
        (true, false) => {
            finish(state, Outcome::Won { side: 0, by: WinBy::Annihilation }, events, "every enemy vehicle destroyed")
        }
        (false, true) => {
            finish(state, Outcome::Won { side: 1, by: WinBy::Annihilation }, events, "every enemy vehicle destroyed")
        }
        (false, false) => finish(state, Outcome::Draw, events, "no vehicle left on either side"),
        (true, true) => {}
    }
}

/// Whether some side could still destroy every enemy vehicle: for each enemy vehicle or gun,
/// one of its units has a weapon that could penetrate its weakest face (at the best roll,
/// without walls) and could come to fire it: it moves, or, standing where it is (a field gun,
/// a squad's anti-tank rifle), its shot now could hit and penetrate. A gun that cannot see
/// its target, or needs 7+ behind sandbags, never will ("the remaining units are incapable of
/// defeating one another"); one merely reloading, spent this turn or waiting for its crew
/// still could.
fn either_can_win(data: &Ruleset, state: &GameState) -> bool {
    (0..2u8).any(|side| {
        state.units.iter().enumerate().filter(|(_, t)| t.alive() && t.side != side).all(|(target_index, target)| {
            let Some(tp) = profile(data, target).filter(|p| p.mechanised()) else { return true };
            let weakest = tp.armour.front.min(tp.armour.side).min(tp.armour.rear);
            let weak_spot = tp.keywords.contains(&Keyword::WeakSpot);
            state.units.iter().enumerate().filter(|(_, u)| u.alive() && u.side == side).any(|(index, unit)| {
                let Some(up) = profile(data, unit) else { return false };
                let hurting: Vec<usize> = (0..up.weapons.len())
                    .filter(|&w| {
                        up.weapons.get(w).is_some_and(|arm| {
                            arm.fires_at_vehicles() && penetration_roll(data, arm.penetration - weakest, weak_spot) <= 6
                        })
                    })
                    .collect();
                if hurting.is_empty() {
                    return false;
                }
                if up.class == UnitClass::Vehicle {
                    return true;
                }
                hurting.iter().any(|&w| match shot(data, state, index, w, target_index) {
                    Ok(s) => s.hit <= 6 && s.penetration <= 6,
                    Err(
                        Rejection::NotInSight
                        | Rejection::OutOfRange
                        | Rejection::OutOfArc
                        | Rejection::NotAnEnemy
                        | Rejection::WrongTarget
                        | Rejection::NoSuchUnit
                        | Rejection::NoSuchWeapon,
                    ) => false,
                    Err(_) => true,
                })
            })
        })
    })
}

/// Objectives each side holds: more infantry men within the objective's radius (of its
/// centre, edge to edge with the base).
#[must_use]
pub fn objectives_held(data: &Ruleset, state: &GameState) -> [u32; 2] {
    let mut held = [0u32; 2];
    for objective in &state.setup.table.objectives {
        // Who holds it is the question, so men counted otherwise under the other reading
        // matter only when the holder changes.
        let holder = state.setup.readings.ask(|r| {
            let mut men = [0u32; 2];
            let radius = match r.occupation() {
                super::readings::Occupation::Radius => objective.radius as f64,
                super::readings::Occupation::Contact => objective.marker as f64 / 2.0,
            };
            for unit in state.units.iter().filter(|u| u.alive() && u.riding.is_none()) {
                if profile(data, unit).is_none_or(|p| p.class != UnitClass::Infantry) {
                    continue;
                }
                let Some(base) = shape(data, unit) else { continue };
                let at = (objective.at.0 as f64, objective.at.1 as f64);
                if base.distance_to_point(at) <= radius {
                    men[usize::from(unit.side.min(1))] += unit.hp;
                }
            }
            men[0].cmp(&men[1])
        });
        match holder {
            std::cmp::Ordering::Greater => held[0] += 1,
            std::cmp::Ordering::Less => held[1] += 1,
            std::cmp::Ordering::Equal => {}
        }
    }
    held
}
