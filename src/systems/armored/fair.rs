//! Armored Advance's edit space for the balance lab's suggestions: a unit taken from the side
//! ahead, one more for the side behind beside its model, and a unit of the side ahead swapped
//! for the next cheaper of its class; where the first move decides, the actions a turn, the
//! turn limit, the VP target and both sides' deployment depth. The framework keeps only the
//! edits the validator finds no new error in.

use super::ruleset::Ruleset;
use super::scenario::ArmoredScenario;
use crate::game::{Aim, Edit};
use crate::table::PlacedUnit;

/// One inch, in micrometres.
const INCH: i64 = crate::table::UM_PER_INCH;

/// The edits toward `aim`.
#[must_use]
pub fn edits(rules: &Ruleset, scenario: &ArmoredScenario, aim: &Aim) -> Vec<Edit<ArmoredScenario>> {
    let mut out = unmarked_edits(rules, scenario, aim);
    crate::game::edits::mark_changes(&mut out, scenario, changed_places);
    out
}

/// Where an edit changes the table.
fn changed_places(before: &ArmoredScenario, after: &ArmoredScenario) -> Vec<crate::game::Place> {
    crate::game::edits::table_changes(&before.table, &after.table)
}

/// The edits toward `aim`, their marks not yet filled.
fn unmarked_edits(rules: &Ruleset, scenario: &ArmoredScenario, aim: &Aim) -> Vec<Edit<ArmoredScenario>> {
    let units = &scenario.table.units;
    let side =
        |seat: u8| scenario.sides.get(usize::from(seat)).cloned().unwrap_or_else(|| format!("side {}", seat + 1));
    let name =
        |u: &PlacedUnit| rules.profile(&u.profile).map_or_else(|| u.profile.clone(), |p| p.shown_name().to_owned());
    let cost = |profile: &str| f64::from(rules.profile(profile).map_or(0, |p| p.cost));
    let worth = |seat: u8| units.iter().filter(|u| u.owner == seat).map(|u| cost(&u.profile)).sum::<f64>().max(1.0);
    let at = |u: &PlacedUnit| format!("({}, {})", inches(u.pose.x), inches(u.pose.y));
    let symmetric = scenario.symmetry.is_some();
    let edit = |words: String, place: String, weight: f64, edited: ArmoredScenario| Edit {
        words,
        place: Some(place),
        changes: 1,
        weight,
        breaks_symmetry: symmetric,
        marks: Vec::new(),
        scenario: edited,
    };
    let mut out = if aim.first_mover_wins.is_some() { first_move_edits(scenario) } else { Vec::new() };
    for &seat in &aim.ahead {
        // Every unit, not one of each profile: where a unit stands matters as much as what it is.
        for (index, unit) in units.iter().enumerate().filter(|(_, u)| u.owner == seat) {
            let mut edited = scenario.clone();
            edited.table.units.remove(index);
            let words = format!("The {} {} at {} is taken off", possessive(&side(seat)), name(unit), at(unit));
            out.push(edit(words, at(unit), cost(&unit.profile) / worth(seat), edited));
            // The next cheaper profile of its class, as a smaller step than taking it off.
            let Some(own) = rules.profile(&unit.profile) else { continue };
            let cheaper = rules
                .profiles
                .iter()
                .filter(|p| p.class == own.class && p.cost < own.cost)
                .max_by_key(|p| (p.cost, std::cmp::Reverse(p.id.clone())));
            if let Some(cheaper) = cheaper {
                let mut edited = scenario.clone();
                edited.table.units[index].profile = cheaper.id.clone();
                let article = if cheaper.shown_name().starts_with(['A', 'E', 'I', 'O', 'U']) { "an" } else { "a" };
                let words = format!(
                    "The {} {} at {} becomes {article} {}",
                    possessive(&side(seat)),
                    own.shown_name(),
                    at(unit),
                    cheaper.shown_name()
                );
                let weight = f64::from(own.cost - cheaper.cost) / worth(seat);
                out.push(edit(words, at(unit), weight, edited));
            }
        }
    }
    for &seat in &aim.behind {
        let mut seen: Vec<&str> = Vec::new();
        for unit in units.iter().filter(|u| u.owner == seat) {
            if seen.contains(&unit.profile.as_str()) {
                continue;
            }
            seen.push(&unit.profile);
            let Some(pose) = beside(scenario, unit) else { continue };
            let mut edited = scenario.clone();
            let added = PlacedUnit { pose, ..unit.clone() };
            let place = at(&added);
            edited.table.units.push(added);
            let mut words = format!("The {} get one more {} at {place}", side(seat), name(unit));
            // The side's force may then pass the requisition limit, which rises with it.
            let force = edited.table.units.iter().filter(|u| u.owner == seat).map(|u| cost(&u.profile)).sum::<f64>();
            let mut change = edit(String::new(), place, cost(&unit.profile) / worth(seat), edited);
            if force > f64::from(scenario.requisition_limit) {
                let limit = force as u32;
                words.push_str(&format!(
                    " (the requisition limit rises from {} to {limit})",
                    scenario.requisition_limit
                ));
                change.scenario.requisition_limit = limit;
                change.changes = 2;
            }
            change.words = words;
            out.push(change);
        }
    }
    out
}

/// Edits toward an even first move, the same for both sides so a declared symmetry holds (the
/// lab moves each side first in turn): fewer or more actions a turn (the first mover's opening
/// turn does less, or the answer does more), the turn limit and the VP target two rounds or
/// points either way, and every unit deployed 3" or 6" nearer its own edge or the middle.
fn first_move_edits(scenario: &ArmoredScenario) -> Vec<Edit<ArmoredScenario>> {
    let mut out = Vec::new();
    let mut push = |words: String, changes: u32, weight: f64, edited: ArmoredScenario| {
        out.push(Edit {
            words,
            place: None,
            changes,
            weight,
            breaks_symmetry: false,
            marks: Vec::new(),
            scenario: edited,
        });
    };
    let limit = scenario.action_limit;
    for change in [-1i64, 1, -2, 2] {
        let Ok(actions) = u32::try_from(i64::from(limit) + change) else { continue };
        if actions == 0 {
            continue;
        }
        let mut edited = scenario.clone();
        edited.action_limit = actions;
        let words = format!("Each side spends at most {actions} actions a turn in place of {limit}");
        push(words, 1, change.unsigned_abs() as f64 / f64::from(limit.max(1)), edited);
    }
    if let Some(rounds) = scenario.turn_limit {
        for change in [-2i64, 2, -4, 4] {
            let Ok(now) = u32::try_from(i64::from(rounds) + change) else { continue };
            if now < 3 {
                continue;
            }
            let mut edited = scenario.clone();
            edited.turn_limit = Some(now);
            let words = format!("The game ends after round {now} in place of {rounds}");
            push(words, 1, change.unsigned_abs() as f64 / f64::from(rounds.max(1)), edited);
        }
    }
    if let Some(target) = scenario.vp_target {
        for change in [-1i64, 1, -2, 2] {
            let Ok(now) = u32::try_from(i64::from(target) + change) else { continue };
            if now == 0 {
                continue;
            }
            let mut edited = scenario.clone();
            edited.vp_target = Some(now);
            let words = format!("A side wins at {now} VP in place of {target}");
            push(words, 1, change.unsigned_abs() as f64 / f64::from(target.max(1)), edited);
        }
    }
    let middle = scenario.table.depth / 2;
    for (inches, words) in [(3, "3\" nearer"), (6, "6\" nearer")] {
        for (toward_middle, whither) in [(true, "the middle"), (false, "their own edge")] {
            let mut edited = scenario.clone();
            for unit in &mut edited.table.units {
                // A unit in the table's far half moves up to go back; one in the near half down.
                let back = if unit.pose.y > middle { 1 } else { -1 };
                let sign = if toward_middle { -back } else { back };
                unit.pose.y += sign * inches * INCH;
            }
            let units = u32::try_from(edited.table.units.len()).unwrap_or(u32::MAX);
            let words = format!("Every unit deploys {words} {whither}");
            push(words, units, inches as f64 / 12.0, edited);
        }
    }
    out
}

/// A name's possessive as English writes it ("the Allies' Sherman").
fn possessive(name: &str) -> String {
    crate::game::naming::possessive(name)
}

/// Whole inches of a micrometre count, as the table's edges are measured.
fn inches(micrometres: i64) -> i64 {
    (micrometres + INCH / 2).div_euclid(INCH)
}

/// A pose for a copy of `unit` three or six inches to its side, on the table and at least
/// three inches from every unit; none where no such place is free.
fn beside(scenario: &ArmoredScenario, unit: &PlacedUnit) -> Option<crate::table::Pose> {
    let table = &scenario.table;
    [3, -3, 6, -6].iter().find_map(|&dx| {
        let x = unit.pose.x + dx * INCH;
        let free = (0..=table.width).contains(&x)
            && table.units.iter().all(|u| (u.pose.x - x).abs().max((u.pose.y - unit.pose.y).abs()) >= 3 * INCH);
        free.then_some(crate::table::Pose { x, ..unit.pose })
    })
}
