//! Modern Skirmish's computer player decides by where things stand, never by the order a file
//! lists them in: the samples with their units listed in reverse play the same games, seed for
//! seed, at every level that does not roll its own whims. (A table turned or mirrored gives the
//! sides the same shares within chance: 2000 games each in the closing note of issue 24; ties
//! between mirror images go by a coin of the position, so the copies are not the same games.)

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::game::{Level, run_battle};
use skirmish_studio::systems::modern::game::ModernCore;
use skirmish_studio::systems::modern::ruleset::Ruleset;
use skirmish_studio::systems::modern::scenario::{ModernScenario, load_scenario, setup_of};
use std::sync::Arc;

const SAMPLES: [&str; 2] = [include_str!("../scenarios/ms-open-field.ron"), include_str!("../scenarios/ms-town.ron")];

/// Each game's winner, length, kills and what the series recorded.
fn games(rules: &Arc<Ruleset>, scenario: &ModernScenario, level: Level, seeds: std::ops::Range<u64>) -> Vec<String> {
    let core = ModernCore(Arc::clone(rules));
    seeds
        .map(|seed| {
            let setup = setup_of(rules, scenario, scenario.readings);
            let (record, state) = run_battle(&core, setup, seed, None, 200, &[level, level]).unwrap();
            format!("{:?} {} {} {:?} {:?}", record.winner, record.length, record.actions, state.kills, state.broken)
        })
        .collect()
}

#[test]
fn units_listed_in_another_order_play_the_same_games() {
    let rules = Arc::new(Ruleset::builtin().unwrap());
    for text in SAMPLES {
        let scenario = load_scenario(&rules, text).unwrap();
        let mut reversed = scenario.clone();
        reversed.units.reverse();
        for unit in &mut reversed.units {
            unit.figures.reverse();
        }
        for level in [Level::Normal, Level::Hard] {
            assert_eq!(
                games(&rules, &scenario, level, 0..12),
                games(&rules, &reversed, level, 0..12),
                "{} at {level:?}",
                scenario.name
            );
        }
    }
}
