//! What happens: an action carried out with every die an event (moves, fire, charges and
//! close combat, rallies, passing), each kill counted; the routs, the initiative and the end
//! that follow are the turn cycle's (`cycle.rs`).

use super::super::ruleset::{Eliminated, Ruleset};
use super::check::{aim, check};
use super::cycle::{pass_initiative, settle};
use super::odds::{differential, hits_with, kills_with, melee_result, minuses};
use super::readings::{Charge, HitNoKill, RoutPasses};
use super::state::{Action, Event, GameState, Outcome, Rejection, Roll};

fn roll(state: &mut GameState, roll: Roll, side: u8, events: &mut Vec<Event>) -> u8 {
    let face = state.dice.roll_d6();
    events.push(Event::Die { roll, side, face });
    face
}

/// Carries out an action: checked first, and nothing changes when it is refused.
///
/// # Errors
/// The rules' reason.
pub fn apply(rules: &Ruleset, state: &mut GameState, action: &Action) -> Result<Vec<Event>, Rejection> {
    check(rules, state, action)?;
    let mut events = Vec::new();
    let side = state.side;
    match action {
        Action::Test { unit } => {
            let face = roll(state, Roll::Activation, side, &mut events);
            let deduction = rules.deduction(minuses(rules, state, *unit));
            let passed = i32::from(face) - i32::from(deduction) >= rules.pass_at;
            events.push(Event::Tested { unit: *unit, face, deduction, passed });
            if passed {
                state.active = Some(*unit);
            } else {
                pass_initiative(rules, state, &mut events);
            }
        }
        Action::Pass => {
            events.push(Event::Passed { side });
            pass_initiative(rules, state, &mut events);
        }
        Action::Fire { figure, target } => {
            let aimed = aim(rules, state, *figure, *target)?;
            let coloured = roll(state, Roll::Coloured, side, &mut events);
            let white = roll(state, Roll::White, side, &mut events);
            events.push(Event::Fired {
                figure: *figure,
                target: *target,
                range: aimed.range,
                band: aimed.row.1,
                cover: aimed.cover,
            });
            let unit = state.figures[*figure].unit;
            state.figures[*figure].fired = true;
            state.active = None;
            if hits_with(aimed.shot, coloured, white) {
                let kill = kills_with(aimed.shot, coloured);
                events.push(Event::Hit { target: *target, kill });
                if kill {
                    kill_figure(state, *target, side, &mut events);
                } else if state.setup.readings.ask(|r| r.hit_no_kill() == HitNoKill::MoraleMinus) {
                    let hit_unit = state.figures[*target].unit;
                    state.units[hit_unit].shaken += 1;
                }
            } else {
                events.push(Event::Missed);
            }
            if coloured == white {
                state.units[unit].ammo += 1;
                events.push(Event::AmmoMarker { unit });
            }
            settle(rules, state, &mut events);
            // "Go to next (other) player's phase": a unit that routs from its own fire ends it
            // (and, by the reading, any rout).
            if state.outcome == Outcome::Ongoing && (!state.unit_in_play(unit) || any_rout_passes(state, &events)) {
                pass_initiative(rules, state, &mut events);
            }
        }
        Action::Move { moves, .. } => {
            for (figure, to) in moves {
                let from = state.figures[*figure].at;
                state.figures[*figure].at = *to;
                events.push(Event::Moved { figure: *figure, from, to: *to });
            }
            state.active = None;
            pass_initiative(rules, state, &mut events);
        }
        Action::Charge { figure, target, to } => {
            state.figures[*figure].at = *to;
            events.push(Event::Charged { figure: *figure, target: *target, to: *to });
            let enemy = 1 - side;
            let a = (roll(state, Roll::Attacker, side, &mut events), roll(state, Roll::Attacker, side, &mut events));
            let d = (roll(state, Roll::Defender, enemy, &mut events), roll(state, Roll::Defender, enemy, &mut events));
            let (attacker, defender) = (differential(a.0, a.1), differential(d.0, d.1));
            let result = melee_result(rules, attacker, defender);
            events.push(Event::Melee {
                attacker,
                defender,
                result: match result {
                    Eliminated::Attacker => 0,
                    Eliminated::Both => 1,
                    Eliminated::Defender => 2,
                },
            });
            if result != Eliminated::Attacker {
                kill_figure(state, *target, side, &mut events);
            }
            if result != Eliminated::Defender {
                kill_figure(state, *figure, enemy, &mut events);
            }
            state.active = None;
            settle(rules, state, &mut events);
            let passes =
                state.setup.readings.ask(|r| r.charge() == Charge::PassesInitiative) || any_rout_passes(state, &events);
            if state.outcome == Outcome::Ongoing && passes {
                pass_initiative(rules, state, &mut events);
            }
        }
    }
    Ok(events)
}

/// Whether a rout among `events` passes the initiative by the reading `rout_passes=any_unit`.
fn any_rout_passes(state: &GameState, events: &[Event]) -> bool {
    // Asked only when a unit routed: otherwise the reading cannot matter.
    events.iter().any(|e| matches!(e, Event::Routed { .. }))
        && state.setup.readings.ask(|r| r.rout_passes() == RoutPasses::AnyUnit)
}

/// A figure is killed in action: its unit counts a casualty, the other side a kill.
fn kill_figure(state: &mut GameState, figure: usize, by: u8, events: &mut Vec<Event>) {
    let unit = state.figures[figure].unit;
    state.figures[figure].killed = true;
    state.units[unit].casualties += 1;
    state.kills[usize::from(by)] += 1;
    events.push(Event::Killed { figure, at: state.figures[figure].at, by });
    if !state.unit_in_play(unit) && !state.units[unit].routed {
        state.broken[usize::from(by)] += 1;
        events.push(Event::WipedOut { unit });
    }
}
