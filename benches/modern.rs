//! Benchmarks for Modern Skirmish (issue 24): the legal actions and the Normal and Hard
//! computer's choice from the middle of a game, 100 computer games of each sample on one core,
//! and 100 games through the balance lab on two threads (the target: 1000 games of a sample in
//! 10 s on 2 cores, 20 ms a game a core).

use criterion::{Criterion, criterion_group, criterion_main};
use skirmish_studio::balance::{BalanceOptions, run_balance};
use skirmish_studio::game::{Level, Rules, run_battle};
use skirmish_studio::systems::modern::game::ModernCore;
use skirmish_studio::systems::modern::rules::{self, Outcome, legal_actions};
use skirmish_studio::systems::modern::ruleset::Ruleset;
use skirmish_studio::systems::modern::scenario::{load_scenario, setup_of};
use std::hint::black_box;
use std::sync::Arc;

const SAMPLES: [(&str, &str); 2] = [
    ("town", include_str!("../scenarios/ms-town.ron")),
    ("open_field", include_str!("../scenarios/ms-open-field.ron")),
];

fn benches(c: &mut Criterion) {
    let Ok(data) = Ruleset::builtin() else { return };
    let data = Arc::new(data);
    let core = ModernCore(Arc::clone(&data));
    let Ok(town) = load_scenario(&data, SAMPLES[0].1) else { return };
    let Ok((mut middle, _)) = core.start(&setup_of(&data, &town, town.readings), 5) else { return };
    // Round 3 with a unit activated: the legal actions then hold its shots, charges and moves.
    while (middle.round < 3 || middle.active.is_none()) && middle.outcome == Outcome::Ongoing {
        let Some(action) = rules::computer_action(&data, &middle, rules::Level::Normal) else { break };
        if rules::apply(&data, &mut middle, &action).is_err() {
            break;
        }
    }
    c.bench_function("modern_legal_actions_of_an_activated_unit_town_round_3", |b| {
        b.iter(|| black_box(legal_actions(&data, &middle).len()))
    });
    for (level, name) in [(rules::Level::Normal, "normal"), (rules::Level::Hard, "hard")] {
        c.bench_function(&format!("modern_{name}_choice_of_an_activated_unit_town_round_3"), |b| {
            b.iter(|| black_box(rules::computer_action(&data, &middle, level)));
        });
    }
    let mut group = c.benchmark_group("modern_games");
    group.sample_size(10);
    for (name, text) in SAMPLES {
        let Ok(scenario) = load_scenario(&data, text) else { continue };
        group.bench_function(format!("modern_100_games_{name}_one_core"), |b| {
            b.iter(|| {
                let mut ended = 0;
                for seed in 0..100 {
                    let setup = setup_of(&data, &scenario, scenario.readings);
                    if let Ok((record, _)) = run_battle(&core, setup, seed, None, 200, &[Level::Normal, Level::Normal])
                    {
                        ended += usize::from(record.ending != "RoundCap");
                    }
                }
                black_box(ended)
            });
        });
    }
    let system = skirmish_studio::systems::system("modern-skirmish");
    if let Some(Ok(loaded)) = system.map(|s| s.rules(None))
        && let Ok(scenario) = loaded.open(SAMPLES[0].1)
    {
        let options = BalanceOptions {
            games: 100,
            until_clear: false,
            seed: 1,
            round_cap: 200,
            threads: 2,
            margin: 0.05,
            levels: [Level::Normal; 8],
        };
        group.bench_function("modern_lab_100_games_town_two_threads", |b| {
            b.iter(|| black_box(run_balance(scenario.as_ref(), &options, &mut |_| {}).map(|r| r.games)));
        });
    }
    group.finish();
}

criterion_group!(modern, benches);
criterion_main!(modern);
