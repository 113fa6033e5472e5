//! Skirmish Wars's ruleset as the seam reads and shows it (`skirmish-studio ruleset`); the data and
//! its checks are the rules core's (`rules/ruleset.rs`), which knows nothing of the seam.

use super::rules::Ruleset;

impl crate::game::GameRuleset for Ruleset {
    fn read(text: &str) -> Result<Self, crate::ruleset::RulesetError> {
        Self::from_ron(text)
    }

    /// What `skirmish-studio ruleset` says of it: its name, its counts and its table.
    fn describe(&self) -> crate::game::Report {
        use std::fmt::Write as _;
        let rules = self;
        let mut text = format!("ok: {} (version {})\n", rules.name, rules.version);
        let _ = writeln!(
            text,
            "  {} units, {} terrains, {} chart rows, {} COs",
            rules.units.len(),
            rules.terrains.len(),
            rules.chart.len(),
            rules.cos.len()
        );
        for unit in &rules.units {
            let _ = writeln!(
                text,
                "  {:<10} ${:<3} {:<6} MP {} range {}-{} defense {} counters {}",
                unit.name,
                unit.cost,
                rules.move_types[unit.move_type.index()],
                unit.movement,
                unit.range.0,
                unit.range.1,
                unit.defense,
                unit.counters.map_or_else(|| "unlimited".to_owned(), |n| n.to_string())
            );
        }
        crate::game::Report { text, json: serde_json::json!(rules) }
    }
}
