//! Benchmarks for the Skirm targets (issue 12): line of sight from one square to every square
//! of a 30 x 30 map with 40 walls (budget 1 ms), a Move's reach on it, and the legal actions
//! of one activation with ten units a side (budget 200 us).

use criterion::{Criterion, criterion_group, criterion_main};
use skirmish_studio::board::{Board, Edge, EdgeAxis, EdgeFeature, Pos, Wall};
use skirmish_studio::dice::Dice;
use skirmish_studio::systems::skirm::rules::{
    Action, Figure, Map, Mover, Ruleset, Setup, Sight, SquadSetup, UnitSetup, apply, legal_actions, start_game,
};
use std::hint::black_box;

/// A 30 x 30 map with 40 walls (half of them tall) and 12 figures, laid out from a seed.
fn battle_map(rules: &Ruleset) -> Option<(Board, Vec<Figure>)> {
    let mut board = Board::filled(30, 30, rules.terrain_id("open")?);
    let mut dice = Dice::new(12);
    let mut walls = 0;
    while walls < 40 {
        let (x, y) = (dice.below(29) + 1, dice.below(29) + 1);
        let axis = if dice.below(2) == 0 { EdgeAxis::Horizontal } else { EdgeAxis::Vertical };
        let edge = Edge { x: u16::try_from(x).ok()?, y: u16::try_from(y).ok()?, axis };
        if board.edge(edge).is_none() {
            let height = if walls % 2 == 0 { 1 } else { 2 };
            board.set_edge(edge, Some(EdgeFeature { wall: Some(Wall { height, climbable: false }), door: None }));
            walls += 1;
        }
    }
    let figures =
        (0..12u16).map(|i| Figure { pos: Pos::new(3 + 2 * i, 5 + (i % 3) * 9), squad: u8::from(i >= 6) }).collect();
    Some((board, figures))
}

fn benches(c: &mut Criterion) {
    let Ok(rules) = Ruleset::builtin() else { return };
    let Some((board, figures)) = battle_map(&rules) else { return };
    let map = Map::new(&board, &rules);
    let squares: Vec<Pos> = figures.iter().map(|f| f.pos).collect();
    let from = figures[0].pos;
    c.bench_function("skirm_line_of_sight_one_to_all_30x30_40_walls", |b| {
        b.iter(|| {
            let sight = Sight::new(map, &squares);
            black_box(board.squares().filter(|&to| sight.sees(from, to)).count())
        });
    });
    c.bench_function("skirm_move_reach_30x30", |b| {
        b.iter(|| black_box(map.reach(Mover::default(), from, 0, &figures, 3).len()));
    });
    activation_benchmark(c, &rules, &board);
}

/// A battle on that map: ten units a side facing each other across the middle, the first
/// Vanguard unit a Breacher (Spread shotgun) with a frag grenade (Blast), activated with
/// Tactical Orders in hand so every action is affordable.
fn activation_benchmark(c: &mut Criterion, rules: &Ruleset, board: &Board) {
    let squad = |faction: &str, profiles: &[&str], row: u16| SquadSetup {
        name: faction.into(),
        faction: faction.into(),
        units: profiles
            .iter()
            .enumerate()
            .map(|(i, profile)| UnitSetup {
                profile: (*profile).into(),
                name: String::new(),
                weapons: if i == 0 { vec!["frag_grenade".into()] } else { Vec::new() },
                gear: Vec::new(),
                xp: 0,
                pos: Pos::new(10 + u16::try_from(i).unwrap_or(0), row),
            })
            .collect(),
    };
    let vanguard = [
        "vanguard_breacher",
        "vanguard_trooper",
        "vanguard_trooper",
        "vanguard_marksman",
        "vanguard_scout",
        "vanguard_engineer",
        "vanguard_trooper",
        "vanguard_captain",
        "vanguard_gunner",
        "vanguard_trooper",
    ];
    let reavers = [
        "reaver_raider",
        "reaver_raider",
        "reaver_stalker",
        "reaver_gunner",
        "reaver_brute",
        "reaver_raider",
        "reaver_skyclaw",
        "reaver_warlord",
        "reaver_hexer",
        "reaver_raider",
    ];
    let setup = Setup {
        board: board.clone(),
        mission: "hold_the_line".into(),
        environment: None,
        turns: 4,
        objectives: vec![Pos::new(14, 14), Pos::new(5, 14), Pos::new(24, 14)],
        markers: Vec::new(),
        items: Vec::new(),
        zones: [vec![Pos::new(0, 0)], vec![Pos::new(29, 29)]],
        squads: [squad("vanguard", &vanguard, 12), squad("reavers", &reavers, 15)],
    };
    let Ok((mut state, _)) = start_game(rules, &setup, 3) else {
        println!("skirm_legal_actions_one_activation: the battle did not start");
        return;
    };
    state.to_act = 0;
    state.squads[0].orders = 3;
    if apply(rules, &mut state, &Action::Activate { unit: 0 }).is_err() {
        println!("skirm_legal_actions_one_activation: the Breacher could not activate");
        return;
    }
    c.bench_function("skirm_legal_actions_one_activation_10_a_side", |b| {
        b.iter(|| black_box(legal_actions(rules, &state).len()));
    });
}

criterion_group!(skirm_benches, benches);
criterion_main!(skirm_benches);
