//! Modern Skirmish's edit space for the balance lab's suggestions: a unit of the side behind
//! deployed nearer the middle, or one of the side ahead further back, by 2.5, 5 or 10 cm; a
//! side's deployment zone and all its units 5, 10 or 20 cm nearer the middle (the side behind)
//! or further back (the side ahead); and a piece of terrain moved 5 or 10 cm toward either side. The text fixes each side's forces, so
//! no unit or figure can be added or taken off; the framework keeps only the edits the
//! validator finds no new error in (a figure outside its zone or the table, pieces overlapping).

use super::ruleset::Ruleset;
use super::scenario::{ModernScenario, side_of};
use crate::game::{Aim, Edit};

/// One centimetre, in micrometres.
const CM: i64 = crate::table::UM_PER_CM;
/// How far a unit moves, smallest first, with its words: the weight of a move is its length in
/// metres, a small thing beside a unit.
const STEPS: [(i64, &str); 3] = [(CM * 5 / 2, "2.5 cm"), (5 * CM, "5 cm"), (10 * CM, "10 cm")];
/// How far a piece of terrain moves, with its words: cover moved toward a side shelters its
/// advance, away from it leaves it open. A piece weighs twice a unit moved as far.
const PIECE_STEPS: [(i64, &str); 2] = [(5 * CM, "5 cm"), (10 * CM, "10 cm")];
/// How far a side's deployment zone and its units move together: the zone's front edge with
/// them, so the units stay inside it.
const ZONE_STEPS: [(i64, &str); 3] = [(5 * CM, "5 cm"), (10 * CM, "10 cm"), (20 * CM, "20 cm")];

/// The edits toward `aim`.
#[must_use]
pub fn edits(rules: &Ruleset, scenario: &ModernScenario, aim: &Aim) -> Vec<Edit<ModernScenario>> {
    let mut out = unmarked_edits(rules, scenario, aim);
    crate::game::edits::mark_changes(&mut out, scenario, changed_places);
    out
}

/// Where an edit changes the table: its pieces and zones, and each unit moved (at the middle of
/// its figures).
fn changed_places(before: &ModernScenario, after: &ModernScenario) -> Vec<crate::game::Place> {
    let middle = |u: &super::scenario::PlacedUnit| {
        let count = i64::try_from(u.figures.len().max(1)).unwrap_or(1);
        let (x, y) = u.figures.iter().fold((0, 0), |(x, y), f| (x + f.0, y + f.1));
        vec![crate::game::Place::Point(x / count, y / count)]
    };
    let mut marks = crate::game::edits::table_changes(&before.table, &after.table);
    marks.extend(crate::game::edits::changed_places(&before.units, &after.units, middle));
    marks
}

/// The edits toward `aim`, their marks not yet filled.
fn unmarked_edits(rules: &Ruleset, scenario: &ModernScenario, aim: &Aim) -> Vec<Edit<ModernScenario>> {
    let symmetric = scenario.symmetry.is_some();
    let edit = |words: String, weight: f64, edited: ModernScenario| Edit {
        words,
        place: None,
        changes: 1,
        weight,
        breaks_symmetry: symmetric,
        marks: Vec::new(),
        scenario: edited,
    };
    // Which way is forward for a side: toward the table's middle from where its units stand.
    let forward = |seat: u8| {
        let ys: Vec<i64> = scenario
            .units
            .iter()
            .filter(|u| side_of(rules, u) == seat)
            .flat_map(|u| u.figures.iter().map(|f| f.1))
            .collect();
        let mean = ys.iter().sum::<i64>() / i64::try_from(ys.len().max(1)).unwrap_or(1);
        if mean > scenario.table.depth / 2 { -1 } else { 1 }
    };
    let moved = |index: usize, dy: i64| {
        let mut edited = scenario.clone();
        for figure in &mut edited.units[index].figures {
            figure.1 += dy;
        }
        edited
    };
    let mut out = Vec::new();
    for &seat in &aim.ahead {
        for (index, unit) in scenario.units.iter().enumerate().filter(|(_, u)| side_of(rules, u) == seat) {
            for (step, words) in STEPS {
                out.push(edit(
                    format!("{} deploy {words} further back", unit.name),
                    step as f64 / 1e6,
                    moved(index, -forward(seat) * step),
                ));
            }
        }
    }
    for &seat in &aim.behind {
        for (index, unit) in scenario.units.iter().enumerate().filter(|(_, u)| side_of(rules, u) == seat) {
            for (step, words) in STEPS {
                out.push(edit(
                    format!("{} deploy {words} further forward", unit.name),
                    step as f64 / 1e6,
                    moved(index, forward(seat) * step),
                ));
            }
        }
    }
    // A whole side nearer the middle (behind) or further back (ahead), its zone with it.
    let sides = [(aim.behind.first(), 1, "nearer the middle"), (aim.ahead.first(), -1, "further back")];
    for (seat, toward, whither) in sides.into_iter().filter_map(|(seat, t, w)| seat.map(|s| (*s, t, w))) {
        let dir = forward(seat) * toward;
        let side = rules.sides.get(usize::from(seat)).map_or("a side", String::as_str);
        let units = scenario.units.iter().filter(|u| side_of(rules, u) == seat).count();
        for (step, words) in ZONE_STEPS {
            let mut edited = scenario.clone();
            let zones = edited
                .table
                .zones
                .iter_mut()
                .filter(|z| z.purpose == crate::table::ZonePurpose::Deployment && z.owner == Some(seat));
            let mut moved = false;
            for zone in zones {
                // Its edge toward the middle: the corners furthest along the side's forward way.
                let ahead = |p: &(i64, i64)| p.1 * forward(seat);
                let Some(front) = zone.points.iter().map(ahead).max() else { continue };
                for point in zone.points.iter_mut().filter(|p| ahead(p) == front) {
                    point.1 += dir * step;
                }
                moved = true;
            }
            if !moved {
                continue;
            }
            for unit in edited.units.iter_mut().filter(|u| side_of(rules, u) == seat) {
                for figure in &mut unit.figures {
                    figure.1 += dir * step;
                }
            }
            let words = format!("The {side} deploy {words} {whither}: their zone's front edge and every unit");
            out.push(Edit { changes: 2, ..edit(words, units as f64 * step as f64 / 1e6, edited) });
        }
    }
    // Pieces toward or away from the side behind (the side ahead's edge is the other way).
    if let Some(&behind) = aim.behind.first() {
        let toward_behind = -forward(behind);
        for index in 0..scenario.table.pieces.len() {
            let name = rules.piece_name(&scenario.table.pieces, index);
            let side = |seat: u8| {
                crate::game::naming::possessive(rules.sides.get(usize::from(seat)).map_or("a side", String::as_str))
            };
            for (step, words) in PIECE_STEPS {
                for (sign, whose) in [(toward_behind, side(behind)), (-toward_behind, side(1 - behind.min(1)))] {
                    let mut edited = scenario.clone();
                    edited.table.pieces[index].pose.y += sign * step;
                    let words = format!("{name} moves {words} toward the {whose} edge");
                    out.push(edit(words, 2.0 * step as f64 / 1e6, edited));
                }
            }
        }
    }
    out
}
