//! Benchmarks for the scenario targets (issue 3): validating a 50 x 50 scenario with 100 units
//! and a 200 x 200 scenario with 2000 units.

use criterion::{Criterion, criterion_group, criterion_main};
use skirmish_studio::systems::swat::rules::{Ruleset, TieBreak, TurnLimit};
use skirmish_studio::systems::swat::scenario::{generated_scenario, validate};
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let Ok(rules) = Ruleset::builtin() else { return };
    for (side, units, name) in [(50, 100, "validate_50x50_100_units"), (200, 2000, "validate_200x200_2000_units")] {
        if let Some(mut scenario) = generated_scenario(&rules, side, units) {
            // A turn limit makes the validator run its costliest check too.
            scenario.victory.turn_limit = Some(TurnLimit { rounds: 30, tie_break: TieBreak::MostCities });
            c.bench_function(name, |b| b.iter(|| black_box(validate(&rules, black_box(&scenario)))));
        }
    }
}

criterion_group!(scenario_benches, benches);
criterion_main!(scenario_benches);
