//! Benchmarks for the Skirm targets (issue 12): line of sight from one square to every square
//! of a 30 x 30 map with 40 walls (budget 1 ms), and a Move's reach on it.

use criterion::{Criterion, criterion_group, criterion_main};
use skirmish_studio::board::{Board, Edge, EdgeAxis, EdgeFeature, Pos, Wall};
use skirmish_studio::dice::Dice;
use skirmish_studio::systems::skirm::rules::{Figure, Map, Mover, Ruleset, Sight};
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
}

criterion_group!(skirm_benches, benches);
criterion_main!(skirm_benches);
