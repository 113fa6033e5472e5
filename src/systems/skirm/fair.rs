//! Skirm's edit space for the balance lab's suggestions: a squad member taken from the squad
//! ahead or one more for the squad behind (the EP limit raised with it where the squad would
//! pass it), and an objective moved a square nearer the squad behind. The framework keeps only
//! the edits the validator finds no new error in.

use super::rules::Ruleset;
use super::scenario::{SkirmScenario, squad_ep, unit_ep};
use crate::board::Pos;
use crate::game::{Aim, Edit};

/// The edits toward `aim`, each a copy of the scenario with one change (or a member and the
/// EP limit it needs).
#[must_use]
pub fn edits(rules: &Ruleset, scenario: &SkirmScenario, aim: &Aim) -> Vec<Edit<SkirmScenario>> {
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
                scenario: edited,
            });
        }
    }
    if let Some(&seat) = aim.behind.first() {
        out.extend(objectives_nearer(scenario, seat, &squad_name(seat)));
    }
    out
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
            scenario: edited,
        });
    }
    out
}
