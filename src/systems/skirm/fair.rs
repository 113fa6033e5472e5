//! Skirm's edit space for the balance lab's suggestions: a squad member taken from the squad
//! ahead or one more for the squad behind (the EP limit raised with it where the squad would
//! pass it), an objective moved a square nearer the squad behind, a squad's deployment zone
//! moved a square (the squad behind's nearer the middle, the squad ahead's back), and the turns
//! one or two either way. The framework keeps only the edits the validator finds no new error
//! in.

use super::rules::Ruleset;
use super::scenario::{SkirmScenario, squad_ep, unit_ep};
use crate::board::Pos;
use crate::game::{Aim, Edit};

/// The edits toward `aim`, each a copy of the scenario with one change (or a member and the
/// EP limit it needs).
#[must_use]
pub fn edits(rules: &Ruleset, scenario: &SkirmScenario, aim: &Aim) -> Vec<Edit<SkirmScenario>> {
    let mut out = unmarked_edits(rules, scenario, aim);
    crate::game::edits::mark_changes(&mut out, scenario, |before, after| changed_places(rules, before, after));
    out
}

/// Where an edit changes the board: each unit added, changed, moved or taken off, where it
/// deploys (a unit without a square of its own fills its zone, as the board shows it), each
/// objective, and each deployment zone changed (at its square nearest its middle).
fn changed_places(rules: &Ruleset, before: &SkirmScenario, after: &SkirmScenario) -> Vec<crate::game::Place> {
    use crate::game::{Place, edits::changed_places};
    type Deployed = (super::scenario::SquadUnit, Option<Pos>);
    let square = |p: &Pos| vec![Place::Square(p.x, p.y)];
    let deployed = |s: &SkirmScenario| -> Vec<Vec<Deployed>> {
        let places = s.deployment(rules);
        s.squads.iter().zip(places).map(|(q, at)| q.units.iter().cloned().zip(at).collect()).collect()
    };
    let where_deployed = |(_, at): &Deployed| at.iter().flat_map(square).collect();
    let mut marks = Vec::new();
    for (was, now) in deployed(before).iter().zip(&deployed(after)) {
        marks.extend(changed_places(was, now, where_deployed));
    }
    marks.extend(changed_places(&before.objectives, &after.objectives, square));
    for (was, now) in before.zones.iter().zip(&after.zones).filter(|(was, now)| was != now) {
        let zone = if now.is_empty() { was } else { now };
        let count = zone.len().max(1) as f64;
        let (x, y) = zone.iter().fold((0.0, 0.0), |(x, y), p| (x + f64::from(p.x), y + f64::from(p.y)));
        let distance = |p: &&Pos| (f64::from(p.x) - x / count).powi(2) + (f64::from(p.y) - y / count).powi(2);
        marks.extend(zone.iter().min_by(|a, b| distance(a).total_cmp(&distance(b))).map(|p| Place::Square(p.x, p.y)));
    }
    marks
}

/// The edits toward `aim`, their marks not yet filled.
fn unmarked_edits(rules: &Ruleset, scenario: &SkirmScenario, aim: &Aim) -> Vec<Edit<SkirmScenario>> {
    let symmetric = scenario.symmetry.is_some();
    let squad_name = |seat: u8| {
        super::scenario::document::squad_label(
            scenario.squads.get(usize::from(seat)).map(|q| q.name.as_str()),
            usize::from(seat),
        )
    };
    let mut out = Vec::new();
    for &seat in &aim.ahead {
        let Some(squad) = scenario.squads.get(usize::from(seat)) else { continue };
        let worth = f64::from(squad_ep(rules, squad).max(1));
        let mut seen: Vec<String> = Vec::new();
        for (index, unit) in squad.units.iter().enumerate() {
            let label = unit.label(rules);
            if seen.contains(&label) || squad.units.len() < 2 {
                continue;
            }
            seen.push(label.clone());
            let mut edited = scenario.clone();
            edited.squads[usize::from(seat)].units.remove(index);
            // A named member is one of a kind; a card's name may stand for several.
            let words = if unit.name.is_empty() {
                format!("{} fields one {label} fewer", squad_name(seat))
            } else {
                format!("{label} leaves {}", squad_name(seat))
            };
            out.push(Edit {
                words,
                place: None,
                changes: 1,
                weight: f64::from(unit_ep(rules, unit)) / worth,
                breaks_symmetry: symmetric,
                marks: Vec::new(),
                scenario: edited,
            });
        }
    }
    for &seat in &aim.behind {
        let Some(squad) = scenario.squads.get(usize::from(seat)) else { continue };
        let worth = f64::from(squad_ep(rules, squad).max(1));
        let mut seen: Vec<String> = Vec::new();
        for unit in &squad.units {
            let label = unit.label(rules);
            let unique = rules.profile(&unit.profile).is_none_or(|(_, p)| p.is_unique() || p.leader().is_some());
            if seen.contains(&label) || unique {
                continue;
            }
            seen.push(label.clone());
            let mut edited = scenario.clone();
            // A member placed by the scenario is copied to be deployed in the zone.
            let member = super::scenario::SquadUnit { pos: None, ..unit.clone() };
            edited.squads[usize::from(seat)].units.push(member);
            let ep = squad_ep(rules, &edited.squads[usize::from(seat)]);
            let mut words = format!("{} fields one more {label}", squad_name(seat));
            let mut changes = 1;
            if ep > edited.ep_limit {
                words.push_str(&format!(" (the EP limit rises from {} to {ep})", edited.ep_limit));
                edited.ep_limit = ep;
                changes = 2;
            }
            out.push(Edit {
                words,
                place: None,
                changes,
                weight: f64::from(unit_ep(rules, unit)) / worth,
                breaks_symmetry: symmetric,
                marks: Vec::new(),
                scenario: edited,
            });
        }
    }
    if let Some(&seat) = aim.behind.first() {
        out.extend(objectives_nearer(scenario, seat, &squad_name(seat)));
    }
    for (seat, toward) in [(aim.behind.first(), 1), (aim.ahead.first(), -1)] {
        let Some(&seat) = seat else { continue };
        if let Some(edited) = zone_moved(scenario, seat, toward) {
            let whither = if toward > 0 { "nearer the middle" } else { "further back" };
            out.push(Edit {
                words: format!("{} deploys a square {whither} (its zone moves with it)", squad_name(seat)),
                place: None,
                changes: 1,
                weight: 0.05,
                breaks_symmetry: symmetric,
                marks: Vec::new(),
                scenario: edited,
            });
        }
    }
    let turns = scenario.turns(rules);
    for change in [-1i16, 1, -2, 2] {
        let Ok(now) = u8::try_from(i16::from(turns) + change) else { continue };
        if now < 2 {
            continue;
        }
        let mut edited = scenario.clone();
        edited.turns = Some(now);
        out.push(Edit {
            words: format!("The game lasts {now} turns in place of {turns}"),
            place: None,
            changes: 1,
            weight: 0.02 * f64::from(change.unsigned_abs()),
            breaks_symmetry: false,
            marks: Vec::new(),
            scenario: edited,
        });
    }
    out
}

/// The seat's deployment zone moved a square toward the other zone (`toward` 1) or away from it
/// (-1), along the axis that parts the two zones; none where it would leave the board.
fn zone_moved(scenario: &SkirmScenario, seat: u8, toward: i32) -> Option<SkirmScenario> {
    let centre = |zone: &[Pos]| {
        let n = zone.len().max(1) as f64;
        (zone.iter().map(|p| f64::from(p.x)).sum::<f64>() / n, zone.iter().map(|p| f64::from(p.y)).sum::<f64>() / n)
    };
    let own = scenario.zones.get(usize::from(seat)).filter(|z| !z.is_empty())?;
    let other = scenario.zones.get(usize::from(1 - seat.min(1))).filter(|z| !z.is_empty())?;
    let ((ax, ay), (bx, by)) = (centre(own), centre(other));
    let step = if (bx - ax).abs() > (by - ay).abs() {
        ((bx - ax).signum() as i32 * toward, 0)
    } else {
        (0, (by - ay).signum() as i32 * toward)
    };
    let moved: Option<Vec<Pos>> = own
        .iter()
        .map(|p| {
            let (x, y) = (u16::try_from(i32::from(p.x) + step.0).ok()?, u16::try_from(i32::from(p.y) + step.1).ok()?);
            Some(Pos::new(x, y)).filter(|&to| scenario.board.contains(to))
        })
        .collect();
    let mut edited = scenario.clone();
    edited.zones[usize::from(seat)] = moved?;
    Some(edited)
}

/// Each objective moved one square nearer the middle of the seat's deployment zone, onto a
/// square of the same terrain and height with nothing on it.
fn objectives_nearer(scenario: &SkirmScenario, seat: u8, squad: &str) -> Vec<Edit<SkirmScenario>> {
    let Some(zone) = scenario.zones.get(usize::from(seat)).filter(|z| !z.is_empty()) else { return Vec::new() };
    let count = zone.len() as f64;
    let (cx, cy) = (
        zone.iter().map(|p| f64::from(p.x)).sum::<f64>() / count,
        zone.iter().map(|p| f64::from(p.y)).sum::<f64>() / count,
    );
    let mut out = Vec::new();
    for (index, &at) in scenario.objectives.iter().enumerate() {
        let (dx, dy) = (cx - f64::from(at.x), cy - f64::from(at.y));
        let step = if dx.abs() > dy.abs() { (dx.signum() as i32, 0) } else { (0, dy.signum() as i32) };
        let (Ok(x), Ok(y)) = (u16::try_from(i32::from(at.x) + step.0), u16::try_from(i32::from(at.y) + step.1)) else {
            continue;
        };
        let to = Pos::new(x, y);
        let open = scenario.board.contains(to)
            && scenario.board.terrain_at(to) == scenario.board.terrain_at(at)
            && scenario.board.height_at(to) == scenario.board.height_at(at)
            && !scenario.objectives.contains(&to)
            && !scenario.markers.contains(&to)
            && !scenario.items.iter().any(|(p, _)| *p == to);
        if !open || step == (0, 0) {
            continue;
        }
        let mut edited = scenario.clone();
        edited.objectives[index] = to;
        out.push(Edit {
            words: format!("The objective at {at} moves to {to}, a square nearer {squad}"),
            place: Some(to.to_string()),
            changes: 1,
            weight: 0.05,
            breaks_symmetry: scenario.symmetry.is_some(),
            marks: Vec::new(),
            scenario: edited,
        });
    }
    out
}
