//! The designer's reports on the command line: the statistics of `stats` and the asymmetries
//! of `symmetry`, each in words and as JSON.

use super::validate::thing_name;
use super::{ArmoredScenario, statistics};
use crate::game::Report;
use crate::systems::armored::ruleset::Ruleset;
use crate::table::{LengthUnit, TableSymmetry, asymmetries};
use std::fmt::Write as _;

/// A point for people, in the game's unit: `(12", 6")`.
#[must_use]
pub fn point_text(unit: LengthUnit, (x, y): (i64, i64)) -> String {
    format!("({}, {})", unit.show(x), unit.show(y))
}

/// The forces and the firing lanes between the deployment zones.
#[must_use]
pub fn stats_report(rules: &Ruleset, scenario: &ArmoredScenario) -> Report {
    let stats = statistics(rules, scenario);
    let unit = rules.unit;
    let s = scenario;
    let mut text = format!(
        "{}: {}, {} x {}, {} actions a turn, requisition limit {}\n",
        s.name,
        s.mode.label(),
        unit.show(s.table.width),
        unit.show(s.table.depth),
        s.action_limit,
        s.requisition_limit
    );
    for force in &stats.forces {
        let _ = writeln!(
            text,
            "  {}: {} units, cost {} of {}, action pool {}, {} infantry men",
            force.side, force.units, force.cost, s.requisition_limit, force.action_pool, force.men
        );
    }
    let _ = writeln!(
        text,
        "  firing lanes between the deployment zones ({} lattice, hull height): {} of {} open",
        unit.show(stats.step),
        stats.open,
        stats.lanes
    );
    for band in &stats.by_roll {
        let _ = writeln!(text, "    {} open lanes need {}+ to hit", band.open, band.roll);
    }
    if let Some(shortest) = stats.shortest_open {
        let _ = writeln!(text, "  the shortest open lane is {}", unit.show(shortest));
    }
    let mut json = serde_json::json!(stats);
    json["shortest_open"] = serde_json::json!(stats.shortest_open.map(|um| unit.value(um)));
    json["step"] = serde_json::json!(unit.value(stats.step));
    Report { text, json }
}

/// The pieces, zones, objectives and units that break the declared symmetry, or `kind`,
/// within a quarter of the game's unit.
///
/// # Errors
/// An unknown kind, or none declared.
pub fn symmetry_text(rules: &Ruleset, scenario: &ArmoredScenario, kind: Option<&str>) -> Result<Report, String> {
    let symmetry = match kind {
        Some(name) => TableSymmetry::parse(name)?,
        None => scenario.symmetry.ok_or("the scenario declares no symmetry; name one with --kind")?,
    };
    let unit = rules.unit;
    let hull = |id: &str| rules.hull(id);
    let broken = asymmetries(&scenario.table, symmetry, unit.um() / 4, &hull);
    let mut text = if broken.is_empty() {
        format!("symmetric under {} (within {})\n", symmetry.name(), unit.show(unit.um() / 4))
    } else {
        format!("{} thing(s) break {}:\n", broken.len(), symmetry.name())
    };
    for b in &broken {
        let _ = writeln!(
            text,
            "  {} at {}: no image at {}",
            thing_name(rules, scenario, b.thing),
            point_text(unit, b.at),
            point_text(unit, b.image_at)
        );
    }
    let json = serde_json::json!({
        "symmetry": symmetry.name(),
        "symmetric": broken.is_empty(),
        "tolerance": unit.value(unit.um() / 4),
        "asymmetries": broken.iter().map(|b| serde_json::json!({
            "thing": thing_name(rules, scenario, b.thing),
            "at": [unit.value(b.at.0), unit.value(b.at.1)],
            "image_at": [unit.value(b.image_at.0), unit.value(b.image_at.1)],
        })).collect::<Vec<_>>(),
    });
    Ok(Report { text, json })
}
