//! The designer's reports on the command line: the statistics of `stats` and the asymmetries
//! of `symmetry`, each in words and as JSON.

use super::{ModernScenario, statistics};
use crate::game::Report;
use crate::systems::modern::ruleset::{Ruleset, UNIT};
use crate::systems::modern::text::at_text;
use crate::table::{TableSymmetry, asymmetries};
use std::fmt::Write as _;

/// Each side's units and figures at the start, the exact kill chances by troop, enemy and
/// row, close combat's odds and the activation test's chances.
#[must_use]
pub fn stats_report(rules: &Ruleset, scenario: &ModernScenario) -> Report {
    let stats = statistics(rules, scenario);
    let s = scenario;
    let mut text = format!(
        "{}: {} x {}, {} buildings\n",
        s.name,
        UNIT.show(s.table.width),
        UNIT.show(s.table.depth),
        stats.buildings
    );
    for side in &stats.sides {
        let _ = writeln!(
            text,
            "  {}: {} units, {} figures, {} in cover from the nearest enemy, {} enemy figures within 60 cm",
            side.side, side.units, side.figures, side.in_cover, side.enemies_in_reach
        );
    }
    if let Some(nearest) = stats.nearest_enemy {
        let _ = writeln!(text, "  the nearest enemies stand {} apart", UNIT.show(nearest));
    }
    let _ = writeln!(text, "  kill chance of one shot (exact, of 36 throws), in the open / in cover:");
    for k in &stats.kill_chances {
        let _ = writeln!(
            text,
            "    {:<18} at {:<13} up to {:>2} cm: {:.3} / {:.3}",
            k.unit,
            k.enemy,
            k.band,
            f64::from(k.open.1) / 36.0,
            f64::from(k.cover.1) / 36.0
        );
    }
    let [ae, be, de] = stats.close_combat;
    let _ = writeln!(
        text,
        "  close combat: defender eliminated {:.3}, both {:.3}, attacker {:.3} (of 1296 throws)",
        f64::from(de) / 1296.0,
        f64::from(be) / 1296.0,
        f64::from(ae) / 1296.0
    );
    for (minuses, faces) in &stats.activation {
        let _ = writeln!(text, "  activation with {minuses} minuses passes {:.3}", f64::from(*faces) / 6.0);
    }
    Report { text, json: serde_json::json!(stats) }
}

/// The terrain that breaks the declared symmetry, or `kind` (the forces differ by design).
///
/// # Errors
/// An unknown kind, or none declared.
pub fn symmetry_text(scenario: &ModernScenario, kind: Option<&str>) -> Result<Report, String> {
    let symmetry = match kind {
        Some(name) => TableSymmetry::parse(name)?,
        None => scenario.symmetry.ok_or("the scenario declares no symmetry; name one with --kind")?,
    };
    let tolerance = UNIT.um() / 2;
    let broken = asymmetries(&scenario.table, symmetry, tolerance, &|_| None);
    let mut text = if broken.is_empty() {
        format!(
            "the terrain is symmetric under {} (within {}); the forces differ by design\n",
            symmetry.name(),
            UNIT.show(tolerance)
        )
    } else {
        format!("{} thing(s) break {}:\n", broken.len(), symmetry.name())
    };
    for b in &broken {
        let _ = writeln!(text, "  {:?} at {}: no image at {}", b.thing, at_text(b.at), at_text(b.image_at));
    }
    let json = serde_json::json!({
        "symmetry": symmetry.name(),
        "symmetric": broken.is_empty(),
        "asymmetries": broken.iter().map(|b| serde_json::json!({
            "at": [UNIT.value(b.at.0), UNIT.value(b.at.1)],
            "image_at": [UNIT.value(b.image_at.0), UNIT.value(b.image_at.1)],
        })).collect::<Vec<_>>(),
    });
    Ok(Report { text, json })
}
