//! Whether the rules allow an action now, with the named reason when not, and what a shot
//! would be (range, row, cover, exact odds) for the fire preview and the computer player.

use super::super::ruleset::{Ruleset, Shot, cm};
use super::geometry::{
    allowance, band, building_at, centre_distance, centre_within, crosses_building, groups, in_contact, on_table,
    overlap, range, view,
};
use super::odds::shot_counts;
use super::readings::{BuildingToBuilding, Coherency, FireLimit, Passing};
use super::state::{Action, GameState, Outcome, Rejection};

/// A shot as the chart reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Aim {
    /// The range, micrometres.
    pub range: i64,
    /// The chart's row: its index and its range in micrometres.
    pub row: (usize, i64),
    /// The target is in cover.
    pub cover: bool,
    /// What the dice must show.
    pub shot: Shot,
    /// Of 36 throws, those that hit and those that kill.
    pub odds: (u32, u32),
}

/// What a shot from `figure` at `target` would be, or why there is none (sight, range, not an
/// enemy). It does not ask whose initiative it is.
///
/// # Errors
/// Why the figure cannot shoot at the target.
pub fn aim(rules: &Ruleset, state: &GameState, figure: usize, target: usize) -> Result<Aim, Rejection> {
    let (Some(firer), Some(victim)) = (state.figures.get(figure), state.figures.get(target)) else {
        return Err(Rejection::NoSuchThing);
    };
    if !state.on_table(figure) {
        return Err(Rejection::NotInPlay);
    }
    let side = state.units[firer.unit].side;
    if !state.on_table(target) || state.units[victim.unit].side == side {
        return Err(Rejection::NotAnEnemy);
    }
    let setup = &state.setup;
    let troop = rules.troops.get(state.units[firer.unit].troop).ok_or(Rejection::NoSuchThing)?;
    let (distance, row) = setup.readings.ask(|r| {
        let distance = range(rules, r, firer.at, victim.at);
        (distance, band(troop, r, distance))
    });
    let row = row.ok_or(Rejection::OutOfRange { range: distance })?;
    let Some(cover) = view(rules, setup, firer.at, victim.at) else {
        return Err(Rejection::NoLineOfSight);
    };
    let chart = &troop.bands[row];
    let shot = if cover { chart.cover } else { chart.open };
    Ok(Aim { range: distance, row: (row, cm(chart.up_to)), cover, shot, odds: shot_counts(shot) })
}

fn own_unit(state: &GameState, unit: usize) -> Result<(), Rejection> {
    let u = state.units.get(unit).ok_or(Rejection::NoSuchThing)?;
    if u.side != state.side {
        return Err(Rejection::NotYours);
    }
    if !state.unit_in_play(unit) {
        return Err(Rejection::NotInPlay);
    }
    Ok(())
}

/// The activated unit's figure, checked.
fn active_figure(state: &GameState, figure: usize) -> Result<usize, Rejection> {
    let f = state.figures.get(figure).ok_or(Rejection::NoSuchThing)?;
    let active = state.active.ok_or(Rejection::NotActivated)?;
    if state.units[f.unit].side != state.side {
        return Err(Rejection::NotYours);
    }
    if !state.on_table(figure) {
        return Err(Rejection::NotInPlay);
    }
    if f.unit != active {
        return Err(Rejection::NotTheActiveUnit);
    }
    Ok(f.unit)
}

/// Every figure's place once the moves in `placed` are made (by figure index).
fn places_after(state: &GameState, placed: &[(usize, (i64, i64))]) -> Vec<(i64, i64)> {
    let mut places: Vec<(i64, i64)> = state.figures.iter().map(|f| f.at).collect();
    for &(figure, to) in placed {
        if let Some(place) = places.get_mut(figure) {
            *place = to;
        }
    }
    places
}

/// Whether one figure may move from where it stands to `to`, with every other figure at its
/// place in `places` (see [`places_after`]), or where it stands when there is none.
fn figure_move(
    rules: &Ruleset,
    state: &GameState,
    figure: usize,
    to: (i64, i64),
    places: Option<&[(i64, i64)]>,
    ignore: Option<usize>,
) -> Result<(), Rejection> {
    let setup = &state.setup;
    let from = state.figures[figure].at;
    if !on_table(rules, setup.size, to) {
        return Err(Rejection::OffTable);
    }
    // One question with the buildings, so that a move that is not from one building into
    // another answers alike under both readings; the buildings are looked up only under
    // `two_moves`.
    if setup.readings.ask(|r| {
        r.building_to_building() == BuildingToBuilding::TwoMoves
            && matches!((building_at(rules, setup, from), building_at(rules, setup, to)), (Some(a), Some(b)) if a != b)
    }) {
        return Err(Rejection::BuildingToBuilding { figure });
    }
    let most = allowance(rules, setup, from, to);
    // Within the allowance is settled by the exact squared length; the rounded length is
    // worked out only for the refusal that names it.
    if !centre_within(from, to, most) {
        return Err(Rejection::TooFar { figure, distance: centre_distance(from, to), allowance: most });
    }
    if setup.crossings.get((from, to), || crosses_building(rules, setup, from, to)) {
        return Err(Rejection::ThroughBuilding { figure });
    }
    // The cheap test of distance first; whether the other figure is on the table after.
    let place = |i: usize| places.and_then(|p| p.get(i)).copied().unwrap_or(state.figures[i].at);
    let overlapping = |i: usize| i != figure && Some(i) != ignore && overlap(rules, place(i), to) && state.on_table(i);
    if (0..state.figures.len()).any(overlapping) {
        return Err(Rejection::Overlap { figure });
    }
    Ok(())
}

/// Whether the rules allow `action` now.
///
/// # Errors
/// The rules' reason.
pub fn check(rules: &Ruleset, state: &GameState, action: &Action) -> Result<(), Rejection> {
    if state.outcome != Outcome::Ongoing {
        return Err(Rejection::GameOver);
    }
    match action {
        Action::Test { unit } => {
            own_unit(state, *unit)?;
            if state.active.is_some() { Err(Rejection::UnitActive) } else { Ok(()) }
        }
        // A unit that passed its test may stand; untested, the side passes only by the reading.
        Action::Pass => {
            if state.active.is_none() && state.setup.readings.ask(|r| r.passing() == Passing::AfterTest) {
                Err(Rejection::MustTest)
            } else {
                Ok(())
            }
        }
        Action::Fire { figure, target } => {
            active_figure(state, *figure)?;
            if state.figures[*figure].fired
                && state.setup.readings.ask(|r| r.fire_limit() == FireLimit::OncePerInitiative)
            {
                return Err(Rejection::AlreadyFired);
            }
            aim(rules, state, *figure, *target).map(|_| ())
        }
        Action::Move { unit, moves } => {
            own_unit(state, *unit)?;
            if state.active != Some(*unit) {
                return Err(if state.active.is_none() { Rejection::NotActivated } else { Rejection::NotTheActiveUnit });
            }
            // A figure listed twice, found without a set: a unit's move lists a dozen figures.
            let listed_twice = moves.iter().enumerate().any(|(i, (f, _))| moves[..i].iter().any(|(g, _)| g == f));
            if moves.is_empty() || listed_twice {
                return Err(Rejection::BadMoveList);
            }
            let places = places_after(state, moves);
            for (figure, to) in moves {
                if active_figure(state, *figure)? != *unit {
                    return Err(Rejection::NotTheActiveUnit);
                }
                figure_move(rules, state, *figure, *to, Some(&places), None)?;
            }
            for (i, (_, a)) in moves.iter().enumerate() {
                if moves[i + 1..].iter().any(|(_, b)| overlap(rules, *a, *b)) {
                    return Err(Rejection::Overlap { figure: moves[i].0 });
                }
            }
            if state.setup.readings.ask(|r| r.coherency() == Coherency::FiveCm) {
                let before = state.places_of(*unit);
                let after: Vec<(i64, i64)> = state.figure_list(*unit).into_iter().map(|i| places[i]).collect();
                let (was, will) = (groups(rules, &before), groups(rules, &after));
                // Apart afterwards is allowed only for a unit already apart that gets no more so.
                if will > 1 && (was <= 1 || will > was) {
                    return Err(Rejection::OutOfCoherency);
                }
            }
            Ok(())
        }
        Action::Charge { figure, target, to } => {
            active_figure(state, *figure)?;
            let victim = state.figures.get(*target).ok_or(Rejection::NoSuchThing)?;
            if !state.on_table(*target) || state.units[victim.unit].side == state.side {
                return Err(Rejection::NotAnEnemy);
            }
            if !in_contact(rules, *to, victim.at) {
                return Err(Rejection::NotInContact);
            }
            figure_move(rules, state, *figure, *to, None, Some(*target))
        }
    }
}
