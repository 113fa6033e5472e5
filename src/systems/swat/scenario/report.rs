//! The designer's reports on the command line: the statistics of `stats` and the asymmetries
//! of `symmetry`, each in words and as JSON.

use super::{Scenario, statistics, symmetry_report};
use crate::game::Report;
use crate::systems::swat::rules::Ruleset;
use std::fmt::Write as _;

/// Each player's properties, income, funds and units, and the first turn each can stand on
/// each neutral property.
#[must_use]
pub fn stats_report(rules: &Ruleset, scenario: &Scenario) -> Report {
    let stats = statistics(rules, scenario);
    let mut text = format!(
        "{} ({} x {}, {} players)\n",
        scenario.name,
        scenario.board.width,
        scenario.board.height,
        scenario.players.len()
    );
    for p in &stats.players {
        let _ = writeln!(
            text,
            "  player {}: {}, {}, {} HQ; income ${}, funds ${}, {} worth ${}",
            p.player + 1,
            crate::game::counted(p.cities as usize, "city", "cities"),
            crate::game::counted(p.factories as usize, "factory", "factories"),
            p.hqs,
            p.starting_income,
            p.funds,
            crate::game::counted(p.units as usize, "unit", "units"),
            p.starting_unit_value
        );
    }
    if !stats.neutral_properties.is_empty() {
        let _ = writeln!(text, "  first turn a capturing unit can stand on each neutral property:");
    }
    for race in &stats.neutral_properties {
        let turns: Vec<String> = race
            .first_turn
            .iter()
            .enumerate()
            .map(|(seat, t)| format!("p{} {}", seat + 1, t.map_or_else(|| "never".to_owned(), |t| t.to_string())))
            .collect();
        let _ = writeln!(text, "    {} {}: {}", race.kind.label(), race.pos, turns.join(", "));
    }
    Report { text, json: serde_json::json!(stats) }
}

/// The squares that break the declared symmetry, or `kind`.
///
/// # Errors
/// An unknown kind, none declared, or one the board's shape cannot hold.
pub fn symmetry_text(scenario: &Scenario, kind: Option<&str>) -> Result<Report, String> {
    let symmetry = crate::board::symmetry_to_check(kind, scenario.symmetry)?;
    let report =
        symmetry_report(scenario, symmetry).map_err(|_| format!("a {} needs a square board", symmetry.label()))?;
    let mut text = if report.is_empty() {
        format!("{}: symmetric under {}\n", scenario.name, symmetry.label())
    } else {
        format!("{}: {} asymmetries under {}\n", scenario.name, report.len(), symmetry.label())
    };
    for asymmetry in &report {
        let _ = writeln!(text, "  {} at {} differs from {}", asymmetry.broken.name(), asymmetry.pos, asymmetry.image);
    }
    let json = serde_json::json!({
        "symmetry": symmetry,
        "symmetric": report.is_empty(),
        "asymmetries": report,
    });
    Ok(Report { text, json })
}
