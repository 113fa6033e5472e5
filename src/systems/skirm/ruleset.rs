//! Skirm's ruleset as the seam reads and shows it (`skirmish-studio ruleset`); the data and
//! its checks are the rules core's (`rules/ruleset.rs`), which knows nothing of the seam.

use super::rules::Ruleset;

impl crate::game::GameRuleset for Ruleset {
    fn read(text: &str) -> Result<Self, crate::ruleset::RulesetError> {
        Self::from_ron(text)
    }

    /// The planner's levels on a generated block nobody tuned on (the closing note of the
    /// framework turn planner, 2026-12-06).
    fn level_strength(&self) -> Option<crate::game::planner::Strength> {
        Some(crate::game::planner::Strength {
            pool: "20 generated scenarios, seeds 6521 to 6540, 10 games a pairing in each seating",
            normal_over_easy: (233, 352),
            hard_over_normal: (185, 348),
        })
    }

    /// Its counts and its table, for `skirmish-studio ruleset`.
    fn contents(&self) -> String {
        use std::fmt::Write as _;
        let mut text = String::new();
        let _ = writeln!(
            text,
            "  {} factions, {} weapons, {} gear, {} missions, {} secondary objectives, {} environments",
            self.factions.len(),
            self.weapons.len(),
            self.gear.len(),
            self.missions.len(),
            self.secondary_objectives.len(),
            self.environments.len()
        );
        for faction in &self.factions {
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
        text
    }
}
