//! Benchmarks for the rules core's performance targets (issue 2): reachability, legal-action
//! listing and random playouts.

use criterion::{Criterion, criterion_group, criterion_main};
use skirmish_studio::systems::swat::rules::{
    Board, GameSetup, GameState, PlayerId, PlayerSetup, Pos, Ruleset, TerrainId, UnitSetup, VictoryConditions,
    legal_actions, random_playout, reachable, start_game,
};
use std::hint::black_box;

fn terrain(rules: &Ruleset, name: &str) -> TerrainId {
    rules.terrain_id(name).unwrap_or(TerrainId(0))
}

/// A square board of mixed terrain: plains crossed by roads, with forests and hills scattered
/// in a fixed pattern.
fn mixed_board(rules: &Ruleset, side: u16) -> Board {
    let mut board = Board::filled(side, side, terrain(rules, "plain"));
    for pos in board.squares().collect::<Vec<_>>() {
        let index = board.index(pos);
        let (x, y) = (u32::from(pos.x), u32::from(pos.y));
        board.terrain[index] = if y % 6 == 3 || x % 8 == 4 {
            terrain(rules, "road")
        } else if (x * 7 + y * 13) % 11 == 0 {
            terrain(rules, "forest")
        } else if (x * 5 + y * 3) % 17 == 0 {
            terrain(rules, "hill")
        } else {
            terrain(rules, "plain")
        };
    }
    board
}

fn unit(rules: &Ruleset, name: &str, owner: u8, x: u16, y: u16) -> UnitSetup {
    UnitSetup {
        kind: rules.unit_id(name).unwrap_or(skirmish_studio::systems::swat::rules::UnitKindId(0)),
        owner: PlayerId(owner),
        hp: rules.economy.max_hp,
        pos: Pos::new(x, y),
        passengers: Vec::new(),
    }
}

const ROSTER: [&str; 6] = ["infantry", "mech", "recon", "tank", "artillery", "anti_air"];

/// `per_side` units for each of two players, in blocks facing each other, on a `side` board.
fn battle(rules: &Ruleset, side: u16, per_side: u16) -> GameSetup {
    let mut board = mixed_board(rules, side);
    let mut units = Vec::new();
    for owner in 0..2u8 {
        for n in 0..per_side {
            let x = 2 + (n % 6) * 2;
            let y = if owner == 0 { 1 + n / 6 } else { side - 2 - n / 6 };
            let index = board.index(Pos::new(x, y));
            board.terrain[index] = terrain(rules, "plain");
            units.push(unit(rules, ROSTER[usize::from(n) % ROSTER.len()], owner, x, y));
        }
    }
    let mut owned = Vec::new();
    for (owner, (x, y)) in [(0u8, (0u16, 0u16)), (1, (side - 1, side - 1))] {
        let index = board.index(Pos::new(x, y));
        board.terrain[index] = terrain(rules, "hq");
        owned.push((Pos::new(x, y), PlayerId(owner)));
    }
    for (owner, (x, y)) in [(0u8, (side / 2 - 3, 0u16)), (1, (side / 2 + 2, side - 1))] {
        let index = board.index(Pos::new(x, y));
        board.terrain[index] = terrain(rules, "factory");
        owned.push((Pos::new(x, y), PlayerId(owner)));
    }
    for (x, y) in [(side / 2, side / 2), (1, side / 2), (side - 2, side / 2 - 1)] {
        let index = board.index(Pos::new(x, y));
        board.terrain[index] = terrain(rules, "city");
    }
    GameSetup {
        board,
        owned_properties: owned,
        units,
        players: vec![
            PlayerSetup {
                co: skirmish_studio::systems::swat::rules::CoChoice::Chosen(
                    skirmish_studio::systems::swat::rules::CoId(0)
                ),
                funds: 5
            };
            2
        ],
        first_player: PlayerId(0),
        victory: VictoryConditions::default(),
        readings: Default::default(),
        // Big armies on a big board: no counter pool may stop the setup.
        counter_limits: (0..rules.units.len())
            .filter_map(|k| u8::try_from(k).ok())
            .map(|k| (skirmish_studio::systems::swat::rules::UnitKindId(k), None))
            .collect(),
    }
}

/// The game a benchmark runs on; a setup that cannot start is said, not skipped in silence.
fn started(rules: &Ruleset, setup: &GameSetup) -> Option<GameState> {
    match start_game(rules, setup, 7) {
        Ok((state, _)) => Some(state),
        Err(error) => {
            eprintln!("benchmark setup refused, benchmark skipped: {error}");
            None
        }
    }
}

fn benches(c: &mut Criterion) {
    let Ok(rules) = Ruleset::builtin() else { return };

    // Reachable squares of an 8-MP unit (a Recon on roads) in the middle of a 50 x 50 board.
    let mut setup = battle(&rules, 50, 30);
    let road = terrain(&rules, "road");
    let open_ground = [terrain(&rules, "plain"), terrain(&rules, "forest"), terrain(&rules, "hill")];
    setup.board.terrain.iter_mut().filter(|t| open_ground.contains(t)).for_each(|t| *t = road);
    setup.units.push(unit(&rules, "recon", 0, 24, 24));
    if let Some(state) = started(&rules, &setup)
        && let Some(recon) = state.unit_at(Pos::new(24, 24))
    {
        c.bench_function("reachable_8mp_50x50", |b| b.iter(|| black_box(reachable(&rules, &state, black_box(recon)))));
    }

    // Every legal action of a side with 30 units.
    if let Some(state) = started(&rules, &battle(&rules, 50, 30)) {
        c.bench_function("legal_actions_30_units", |b| b.iter(|| black_box(legal_actions(&rules, black_box(&state)))));
    }

    // A whole computer turn for a side with 30 units.
    if let Some(state) = started(&rules, &battle(&rules, 50, 30)) {
        c.bench_function("ai_turn_30_units", |b| {
            b.iter(|| black_box(skirmish_studio::systems::swat::rules::ai_turn(&rules, black_box(&state), 5000)))
        });
    }

    // Random legal playouts of 20 full rounds on an 18 x 18 two-player board.
    if let Some(state) = started(&rules, &battle(&rules, 18, 8)) {
        let mut seed = 0u64;
        c.bench_function("random_playout_20_rounds_18x18", |b| {
            b.iter(|| {
                seed += 1;
                let mut game = state.clone();
                black_box(random_playout(&rules, &mut game, seed, 20, 100_000))
            });
        });
    }
}

criterion_group!(rules_benches, benches);
criterion_main!(rules_benches);
