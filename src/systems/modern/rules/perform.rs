//! What happens: the start of a game, and an action carried out with every die an event,
//! routs settled (each breaks its friends' morale further), the initiative passed, and the
//! end scored (kills, tripled for the side that won the skirmish and holds the field).

use super::super::ruleset::{Eliminated, Ruleset, cm};
use super::check::{aim, check};
use super::geometry::centre_distance;
use super::odds::{differential, hits_with, kills_with, melee_result, minuses};
use super::readings::{Charge, Field, HitNoKill, Skirmish};
use super::state::{Action, Ending, Event, Figure, GameState, Outcome, Rejection, Roll, Setup, UnitState};
use crate::dice::Dice;
use std::sync::Arc;

/// Starts a game: the Antagonist (the data's first side) takes the first initiative.
///
/// # Errors
/// The setup names a troop type the data does not have, or a unit without figures.
pub fn start_game(rules: &Ruleset, setup: &Setup, seed: u64) -> Result<(GameState, Vec<Event>), String> {
    let mut figures = Vec::new();
    let mut units = Vec::new();
    for (index, unit) in setup.units.iter().enumerate() {
        if rules.troops.get(unit.troop).is_none() {
            return Err(format!("unit {} ({}) has a troop type the data does not have", index + 1, unit.name));
        }
        if unit.figures.is_empty() {
            return Err(format!("unit {} ({}) has no figures", index + 1, unit.name));
        }
        units.push(UnitState {
            troop: unit.troop,
            side: unit.side.min(1),
            name: unit.name.clone(),
            casualties: 0,
            ammo: 0,
            shaken: 0,
            routed: false,
        });
        figures.extend(unit.figures.iter().map(|&at| Figure { unit: index, at, killed: false, fired: false }));
    }
    let side = rules.first_side;
    let mut state = GameState {
        setup: Arc::new(setup.clone()),
        figures,
        units,
        side,
        active: None,
        round: 1,
        kills: [0, 0],
        broken: [0, 0],
        dice: Dice::new(seed),
        outcome: Outcome::Ongoing,
    };
    let mut events = vec![Event::Initiative { side, round: 1 }];
    finish_if_over(rules, &mut state, &mut events);
    Ok((state, events))
}

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
                } else if state.setup.readings.hit_no_kill == HitNoKill::MoraleMinus {
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
            // "Go to next (other) player's phase": a unit that routs from its own fire ends it.
            if state.outcome == Outcome::Ongoing && !state.unit_in_play(unit) {
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
            if state.outcome == Outcome::Ongoing && state.setup.readings.charge == Charge::PassesInitiative {
                pass_initiative(rules, state, &mut events);
            }
        }
    }
    Ok(events)
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

/// Routs every unit at or past the rout level, again while each rout breaks friends further;
/// then ends the game if a side has no unit left.
fn settle(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    loop {
        let routing =
            (0..state.units.len()).find(|&u| state.unit_in_play(u) && minuses(rules, state, u) >= rules.rout_at);
        let Some(unit) = routing else { break };
        let count = minuses(rules, state, unit);
        state.units[unit].routed = true;
        let by = 1 - state.units[unit].side;
        state.broken[usize::from(by)] += 1;
        events.push(Event::Routed { unit, minuses: count });
    }
    if state.active.is_some_and(|u| !state.unit_in_play(u)) {
        state.active = None;
    }
    finish_if_over(rules, state, events);
}

/// The initiative goes to the other side; a round ends when it returns to the first side.
fn pass_initiative(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    for figure in &mut state.figures {
        figure.fired = false;
    }
    state.active = None;
    state.side = 1 - state.side;
    if state.side == rules.first_side {
        state.round += 1;
        if state.setup.readings.last_round().is_some_and(|last| state.round > last) {
            state.round -= 1;
            game_over(rules, state, Ending::Rounds, events);
            return;
        }
    }
    events.push(Event::Initiative { side: state.side, round: state.round });
}

fn finish_if_over(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    if state.outcome == Outcome::Ongoing && (0..2u8).any(|side| state.units_of(side).next().is_none()) {
        game_over(rules, state, Ending::LastUnit, events);
    }
}

/// The side ahead on a count, if either is.
fn ahead(counts: [u32; 2]) -> Option<u8> {
    match counts[0].cmp(&counts[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    }
}

/// Scores the game: a point a kill, multiplied for the side that won the skirmish and holds the
/// field; the higher score wins, and the skirmish winner wins a tie.
fn game_over(rules: &Ruleset, state: &mut GameState, ending: Ending, events: &mut Vec<Event>) {
    let readings = state.setup.readings;
    let skirmish = match readings.skirmish {
        Skirmish::MoreUnitsBroken => ahead(state.broken).or_else(|| ahead(state.kills)),
        Skirmish::MoreKills => ahead(state.kills),
    };
    let figures_where = |near: &dyn Fn((i64, i64)) -> bool| {
        let mut counts = [0u32; 2];
        for i in 0..state.figures.len() {
            if state.on_table(i) && near(state.figures[i].at) {
                counts[usize::from(state.units[state.figures[i].unit].side)] += 1;
            }
        }
        counts
    };
    let field = match readings.field {
        Field::MoreFigures => ahead(figures_where(&|_| true)),
        Field::Centre => {
            let (w, d) = state.setup.size;
            let centre = (w / 2, d / 2);
            ahead(figures_where(&|at| centre_distance(at, centre) <= cm(30.0)))
        }
        Field::SkirmishWinner => skirmish,
    };
    let mut scores = state.kills.map(|k| k * rules.points_per_kill);
    if let Some(side) = skirmish
        && field == Some(side)
    {
        scores[usize::from(side)] *= rules.winner_multiplier;
    }
    let winner = ahead(scores).or(skirmish);
    state.active = None;
    state.outcome = Outcome::Over { winner, scores, skirmish, field, ending };
    events.push(Event::GameOver { winner, scores, skirmish, field });
}
