//! Modern Skirmish's edit space for the balance lab's suggestions: a unit of the side behind
//! deployed nearer the middle, or one of the side ahead further back, by 2.5 or 5 cm. The text
//! fixes each side's forces, so no unit or figure can be added or taken off; the framework keeps
//! only the edits the validator finds no new error in (a figure outside its zone or the table).

use super::ruleset::Ruleset;
use super::scenario::{ModernScenario, side_of};
use crate::game::{Aim, Edit};

/// One centimetre, in micrometres.
const CM: i64 = crate::table::UM_PER_CM;
/// How far a unit moves, smallest first, with its words: the weight of a move is its length in
/// metres, a small thing beside a unit.
const STEPS: [(i64, &str); 2] = [(CM * 5 / 2, "2.5 cm"), (5 * CM, "5 cm")];

/// The edits toward `aim`.
#[must_use]
pub fn edits(rules: &Ruleset, scenario: &ModernScenario, aim: &Aim) -> Vec<Edit<ModernScenario>> {
    let symmetric = scenario.symmetry.is_some();
    let edit = |words: String, weight: f64, edited: ModernScenario| Edit {
        words,
        place: None,
        changes: 1,
        weight,
        breaks_symmetry: symmetric,
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
    out
}
