//! Skirm's ruleset as the seam reads and shows it (`skirmish-studio ruleset`); the data and
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
            "  {} factions, {} weapons, {} gear, {} missions, {} secondary objectives, {} environments",
            rules.factions.len(),
            rules.weapons.len(),
            rules.gear.len(),
            rules.missions.len(),
            rules.secondary_objectives.len(),
            rules.environments.len()
        );
        for faction in &rules.factions {
            let _ = writeln!(text, "  {}:", faction.name);
            for p in &faction.profiles {
                let _ = writeln!(
                    text,
                    "    {:<14} ACT {} MSK {} RSK {} ARM {} HIT {} EP {:<3} {}",
                    p.name,
                    p.act,
                    p.msk,
                    p.rsk,
                    p.arm,
                    p.hit,
                    p.ep,
                    p.weapons.join(", ")
                );
            }
        }
        crate::game::Report { text, json: serde_json::json!(rules) }
    }
}
