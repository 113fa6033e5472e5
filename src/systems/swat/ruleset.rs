//! Skirmish Wars's ruleset as the seam reads and shows it (`skirmish-studio ruleset`); the data and
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
            pool: "20 generated scenarios, seeds 8541 to 8560, 10 games a pairing in each seating",
            normal_over_easy: (254, 389),
            hard_over_normal: (235, 385),
        })
    }

    /// Rule 4.0's counter loss (`medal_loss`).
    fn readings(&self) -> &'static [crate::ruleset::Reading] {
        &super::rules::READINGS
    }

    /// Its terrains, then its unit kinds (whose counters take art per army and face).
    fn art_kinds(&self) -> Vec<crate::art::ArtKind> {
        let terrains = self.terrains.iter().map(|t| crate::art::ArtKind::new("Terrain", &t.id, &t.name));
        terrains.chain(self.units.iter().map(|u| crate::art::ArtKind::new("Unit", &u.id, &u.name))).collect()
    }

    /// Its counts and its table, for `skirmish-studio ruleset`.
    fn contents(&self) -> String {
        use std::fmt::Write as _;
        let mut text = String::new();
        let _ = writeln!(
            text,
            "  {} units, {} terrains, {} chart rows, {} COs",
            self.units.len(),
            self.terrains.len(),
            self.chart.len(),
            self.cos.len()
        );
        for unit in &self.units {
            let _ = writeln!(
                text,
                "  {:<10} ${:<3} {:<6} MP {} range {}-{} defense {} counters {}",
                unit.name,
                unit.cost,
                self.move_types[unit.move_type.index()],
                unit.movement,
                unit.range.0,
                unit.range.1,
                unit.defense,
                unit.counters.map_or_else(|| "unlimited".to_owned(), |n| n.to_string())
            );
        }
        text
    }
}
