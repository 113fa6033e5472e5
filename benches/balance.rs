//! Benchmarks for the balance lab (issue 11): games of each sample at Easy and at the default
//! level (budget: 1000 games in 10 s, and at most six times Easy's; measured on 100 games), one Hard turn
//! with 30 units (budget 250 ms), and Bridgehead's CO matrix of 15 pairs in both seatings
//! with 50 games each (budget 60 s); and the readings report on Three Farms (issue 39: the
//! full report within 15x Bridgehead's 1000 games), measured at 20 games per value with every
//! value playing all of them, so its time reads against `balance_100_games_normal/bridgehead.ron`
//! of the same sitting; and a suggestion run on Bridgehead (issue 75: at most 25 times a plain
//! run of the same games), scaled down to 100 games with 20 screening games each, as the
//! command's 1000 with 200: the same stages in the same proportions, read against the plain
//! 100-game run of the same sitting.

use criterion::{Criterion, criterion_group, criterion_main};
use skirmish_studio::balance::sensitivity::sensitivity;
use skirmish_studio::balance::{BalanceOptions, co_matrix, run_balance};
use skirmish_studio::game::{Level, OpenScenario, Rules};
use skirmish_studio::systems::swat::rules::{Pos, Ruleset, start_game};
use skirmish_studio::systems::swat::scenario::{ScenarioUnit, load_scenario};
use std::hint::black_box;
use std::time::Duration;

fn text(name: &str) -> Option<String> {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name)).ok()
}

fn open(name: &str) -> Option<Box<dyn OpenScenario>> {
    let text = text(name)?;
    let system = skirmish_studio::systems::system_of(&text).ok()?;
    system.rules(None).ok()?.open(&text).ok()
}

fn options(games: usize) -> BalanceOptions {
    BalanceOptions {
        games,
        until_clear: false,
        seed: 1,
        round_cap: 200,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        margin: 0.05,
        levels: [Level::Normal; 8],
    }
}

fn games_per_sample(c: &mut Criterion) {
    // Easy first: the lab's default level (Normal, the planner) reads against the fast player
    // of the same sitting (issue 74: at most six times its time).
    let mut easy = c.benchmark_group("balance_100_games_easy");
    easy.sample_size(10).measurement_time(Duration::from_secs(20));
    for name in ["bridgehead.ron", "crossroads-duel.ron", "four-corners.ron", "three-kingdoms.ron"] {
        let Some(scenario) = open(name) else { continue };
        let options = BalanceOptions { levels: [Level::Easy; 8], ..options(100) };
        easy.bench_function(name, |b| {
            b.iter(|| black_box(run_balance(scenario.as_ref(), &options, &mut |_| {}).map(|r| r.games)));
        });
    }
    easy.finish();
    let mut group = c.benchmark_group("balance_100_games_normal");
    group.sample_size(10).measurement_time(Duration::from_secs(20));
    for name in ["bridgehead.ron", "crossroads-duel.ron", "four-corners.ron", "three-kingdoms.ron"] {
        let Some(scenario) = open(name) else {
            println!("balance benchmark: {name} did not open");
            continue;
        };
        group.bench_function(name, |b| {
            b.iter(|| black_box(run_balance(scenario.as_ref(), &options(100), &mut |_| {}).map(|r| r.games)));
        });
    }
    group.finish();
}

fn hard_turn_with_30_units(c: &mut Criterion) {
    let Ok(rules) = Ruleset::builtin() else { return };
    let Some(mut scenario) = text("bridgehead.ron").and_then(|t| load_scenario(&rules, &t).ok()) else { return };
    // Fill player 1's half with infantry and tanks until it has 30 units.
    let plain = rules.terrain_id("plain");
    let mut added = 0;
    'fill: for y in 0..scenario.board.height {
        for x in 0..8u16 {
            let pos = Pos::new(x, y);
            let count = scenario.units.iter().filter(|u| u.owner == 0).count();
            if count >= 30 {
                break 'fill;
            }
            if Some(scenario.terrain_at(pos)) == plain && scenario.units.iter().all(|u| u.pos != pos) {
                let kind = if added % 3 == 0 { "tank" } else { "infantry" };
                scenario.units.push(ScenarioUnit {
                    kind: kind.into(),
                    owner: 0,
                    hp: rules.economy.max_hp,
                    pos,
                    passengers: Vec::new(),
                });
                added += 1;
            }
        }
    }
    scenario.counters.clear();
    for kind in ["tank", "infantry"] {
        scenario.counters.insert(kind.into(), None);
    }
    let Ok(setup) = scenario.to_setup(&rules) else {
        println!("hard turn benchmark: the setup was refused");
        return;
    };
    let (state, _) = match start_game(&rules, &setup, 1) {
        Ok(started) => started,
        Err(error) => {
            println!("hard turn benchmark: the game did not start: {error}");
            return;
        }
    };
    let units = state.units.iter().filter(|u| u.owner == state.current).count();
    let mut group = c.benchmark_group("hard_turn");
    group.sample_size(10);
    group.bench_function(format!("{units}_units"), |b| {
        b.iter(|| black_box(rules.computer_moves(&state, Level::Hard).len()));
    });
    group.finish();
}

fn bridgehead_co_matrix(c: &mut Criterion) {
    let Some(scenario) = open("bridgehead.ron") else { return };
    let mut group = c.benchmark_group("co_matrix");
    group.sample_size(10).measurement_time(Duration::from_secs(60));
    group.bench_function("bridgehead_30_pairings_50_games", |b| {
        b.iter(|| black_box(co_matrix(scenario.as_ref(), &options(50), &mut |_, _| {}).map(|m| m.len())));
    });
    group.finish();
}

fn three_farms_readings_report(c: &mut Criterion) {
    let Some(scenario) = open("aa-three-farms.ron") else {
        println!("readings benchmark: aa-three-farms.ron did not open");
        return;
    };
    let mut group = c.benchmark_group("readings_report");
    group.sample_size(10).measurement_time(Duration::from_secs(60));
    group.bench_function("three_farms_20_games_per_value", |b| {
        b.iter(|| black_box(sensitivity(scenario.as_ref(), &options(20), &mut |_, _| true).map(|r| r.rows.len())));
    });
    group.finish();
}

fn bridgehead_suggestions(c: &mut Criterion) {
    use skirmish_studio::balance::suggest::{SuggestOptions, suggest};
    let Some(scenario) = open("bridgehead.ron") else { return };
    let mut group = c.benchmark_group("suggest");
    group.sample_size(10).measurement_time(Duration::from_secs(60));
    group.bench_function("bridgehead_plain_100_games", |b| {
        b.iter(|| black_box(run_balance(scenario.as_ref(), &options(100), &mut |_| {}).map(|r| r.games)));
    });
    let asked = SuggestOptions { run: options(100), screen: 20 };
    group.bench_function("bridgehead_suggest_100_games_screen_20", |b| {
        b.iter(|| black_box(suggest(scenario.as_ref(), &asked, &mut |_, _, _| true).map(|s| s.games_played)));
    });
    group.finish();
}

criterion_group!(
    balance_benches,
    bridgehead_suggestions,
    games_per_sample,
    hard_turn_with_30_units,
    bridgehead_co_matrix,
    three_farms_readings_report
);
criterion_main!(balance_benches);
