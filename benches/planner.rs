//! Benchmarks for the framework's turn planner (issue 74): one Hard turn, and one Normal turn,
//! at the first decision after the start of each bundled sample of every game, so a level's
//! cost reads against the fast player's (Easy) turn of the same sitting.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use skirmish_studio::game::{Level, Rules};
use std::hint::black_box;
use std::sync::Arc;

fn text(name: &str) -> Option<String> {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name)).ok()
}

/// Times the computer's turn at each level from the start of a game of `rules` and `setup`.
fn turns<R: Rules>(c: &mut Criterion, group: &str, sample: &str, rules: &R, setup: &R::Setup) {
    let Ok((state, _)) = rules.start(setup, 1) else {
        println!("planner benchmark: {sample} did not start");
        return;
    };
    let mut group = c.benchmark_group(group);
    group.sample_size(10);
    for level in Level::ALL {
        group.bench_with_input(BenchmarkId::new(sample, level.name()), &state, |b, state| {
            b.iter(|| black_box(rules.computer_moves(state, level).len()));
        });
    }
    group.finish();
}

fn skirmish_wars(c: &mut Criterion) {
    use skirmish_studio::systems::swat::rules::Ruleset;
    use skirmish_studio::systems::swat::scenario::load_scenario;
    let Ok(rules) = Ruleset::builtin() else { return };
    for sample in ["bridgehead.ron", "crossroads-duel.ron", "four-corners.ron", "three-kingdoms.ron"] {
        let setup = text(sample).and_then(|t| load_scenario(&rules, &t).ok()).and_then(|s| s.to_setup(&rules).ok());
        if let Some(setup) = setup {
            turns(c, "turn_skirmish_wars", sample, &rules, &setup);
        }
    }
}

fn skirm(c: &mut Criterion) {
    use skirmish_studio::systems::skirm::rules::Ruleset;
    use skirmish_studio::systems::skirm::scenario::load_scenario;
    let Ok(rules) = Ruleset::builtin() else { return };
    for sample in ["skirm-night-extraction.ron", "skirm-ruined-crossing.ron"] {
        let setup = text(sample).and_then(|t| load_scenario(&rules, &t).ok()).and_then(|s| s.to_setup(&rules).ok());
        if let Some(setup) = setup {
            turns(c, "turn_skirm", sample, &rules, &setup);
        }
    }
}

fn armored_advance(c: &mut Criterion) {
    use skirmish_studio::systems::armored::game::ArmoredCore;
    use skirmish_studio::systems::armored::ruleset::Ruleset;
    use skirmish_studio::systems::armored::scenario::{load_scenario, setup::setup_of};
    let Ok(data) = Ruleset::builtin() else { return };
    let core = ArmoredCore(Arc::new(data.clone()));
    for sample in ["aa-hedgerow-crossing.ron", "aa-three-farms.ron"] {
        if let Some(scenario) = text(sample).and_then(|t| load_scenario(&data, &t).ok()) {
            turns(c, "turn_armored_advance", sample, &core, &setup_of(&data, &scenario, Some(0)));
        }
    }
}

fn modern_skirmish(c: &mut Criterion) {
    use skirmish_studio::systems::modern::game::ModernCore;
    use skirmish_studio::systems::modern::ruleset::Ruleset;
    use skirmish_studio::systems::modern::scenario::{load_scenario, setup_of};
    let Ok(rules) = Ruleset::builtin() else { return };
    let core = ModernCore(Arc::new(rules.clone()));
    for sample in ["ms-open-field.ron", "ms-town.ron"] {
        if let Some(scenario) = text(sample).and_then(|t| load_scenario(&rules, &t).ok()) {
            turns(c, "turn_modern_skirmish", sample, &core, &setup_of(&rules, &scenario, scenario.readings));
        }
    }
}

criterion_group!(planner_benches, skirmish_wars, skirm, armored_advance, modern_skirmish);
criterion_main!(planner_benches);
