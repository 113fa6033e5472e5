//! Benchmarks for Armored Advance's rules core (issue 23): the legal actions of one unit
//! (budget 500 us), a Normal computer turn (50 ms) and a Hard one (250 ms), each from the
//! start and from the middle of a game, and 100 computer games of each sample (1000 games in
//! 10 s on 2 cores is 20 ms a game a core).

use criterion::{Criterion, criterion_group, criterion_main};
use skirmish_studio::game::{Level, Rules, run_battle};
use skirmish_studio::systems::armored::rules::{Action, check, legal_shots, move_candidates, start_game};
use skirmish_studio::systems::armored::ruleset::Ruleset;
use skirmish_studio::systems::armored::scenario::load_scenario;
use skirmish_studio::systems::armored::{game::ArmoredCore, scenario::setup::setup_of};
use std::hint::black_box;
use std::sync::Arc;

const SAMPLES: [(&str, &str); 2] = [
    ("hedgerow_crossing", include_str!("../scenarios/aa-hedgerow-crossing.ron")),
    ("three_farms", include_str!("../scenarios/aa-three-farms.ron")),
];

fn benches(c: &mut Criterion) {
    let Ok(data) = Ruleset::builtin() else { return };
    let data = Arc::new(data);
    let core = ArmoredCore(Arc::clone(&data));
    let Ok(scenario) = load_scenario(&data, SAMPLES[0].1) else { return };
    let setup = setup_of(&data, &scenario, Some(0));
    let Ok((state, _)) = start_game(&data, &setup, 3) else { return };
    c.bench_function("armored_legal_actions_of_one_unit", |b| {
        b.iter(|| {
            let moves: Vec<Action> = move_candidates(&data, &state, 0, false)
                .into_iter()
                .filter(|a| check(&data, &state, a).is_ok())
                .collect();
            black_box((moves.len(), legal_shots(&data, &state).len()))
        });
    });
    // The middle of a game: Normal plays both sides to round 4.
    let mut middle = state.clone();
    while middle.round < 4 && middle.outcome == skirmish_studio::systems::armored::rules::Outcome::Ongoing {
        let Some(action) = core.computer_moves(&middle, Level::Normal).pop() else { break };
        if core.apply(&mut middle, &action).is_err() {
            break;
        }
    }
    for (level, name) in [(Level::Normal, "normal"), (Level::Hard, "hard")] {
        for (position, when) in [(&state, "start"), (&middle, "round_4")] {
            c.bench_function(&format!("armored_{name}_turn_hedgerow_{when}"), |b| {
                b.iter(|| {
                    let mut turn = position.clone();
                    let side = turn.side;
                    while turn.side == side
                        && turn.outcome == skirmish_studio::systems::armored::rules::Outcome::Ongoing
                    {
                        let Some(action) = core.computer_moves(&turn, level).pop() else { break };
                        if core.apply(&mut turn, &action).is_err() {
                            break;
                        }
                    }
                    black_box(turn.round)
                });
            });
        }
    }
    let mut group = c.benchmark_group("armored_games");
    group.sample_size(10);
    for (name, text) in SAMPLES {
        let Ok(scenario) = load_scenario(&data, text) else { continue };
        group.bench_function(format!("100_normal_games_{name}"), |b| {
            b.iter(|| {
                let mut capped = 0;
                for seed in 0..100u64 {
                    let setup = setup_of(&data, &scenario, Some(u8::from(seed % 2 == 1)));
                    if let Ok((record, _)) = run_battle(&core, setup, seed, None, 200, &[Level::Normal; 2]) {
                        capped += usize::from(record.ending == "RoundCap");
                    }
                }
                black_box(capped)
            });
        });
    }
    group.finish();
}

criterion_group!(armored_benches, benches);
criterion_main!(armored_benches);
