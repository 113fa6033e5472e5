//! Benchmarks for the scenario targets (issue 3): validating a 50 x 50 scenario with 100 units
//! and a 200 x 200 scenario with 2000 units.

use criterion::{Criterion, criterion_group, criterion_main};
use skirmish_studio::rules::{Pos, Ruleset, TieBreak, TurnLimit};
use skirmish_studio::scenario::{Scenario, ScenarioUnit, apply_all, builtin_tiles, stamp_tile, validate};
use std::hint::black_box;

/// A board laid out from library tiles, two players with HQ and factories on opposite edges, a
/// turn limit, and `units` units spread over passable squares, half each.
fn big_scenario(rules: &Ruleset, side: u16, units: usize) -> Option<Scenario> {
    let tiles = builtin_tiles(rules).ok()?;
    let mut scenario = Scenario::new(rules, side, side, rules.terrain_id("plain")?, 2);
    let size = tiles.first()?.size;
    let mut n = 0usize;
    for ty in (0..side).step_by(usize::from(size)) {
        for tx in (0..side).step_by(usize::from(size)) {
            let tile = &tiles[n % tiles.len()];
            let edits = stamp_tile(&scenario, tile, Pos::new(tx, ty), u8::try_from(n % 4).ok()?);
            apply_all(&mut scenario, &edits)?;
            n += 1;
        }
    }
    let hq = rules.terrain_id("hq")?;
    let factory = rules.terrain_id("factory")?;
    for (pos, terrain, owner) in [
        (Pos::new(1, 1), hq, 0),
        (Pos::new(side - 2, side - 2), hq, 1),
        (Pos::new(3, 1), factory, 0),
        (Pos::new(side - 4, side - 2), factory, 1),
    ] {
        let index = scenario.index(pos);
        scenario.terrain[index] = terrain;
        scenario.owners.insert(pos, owner);
    }
    // Every tile's own properties stay neutral.
    let kinds = ["infantry", "tank", "recon", "artillery", "mech", "anti_air"];
    let mut placed = 0;
    for pos in scenario.squares().collect::<Vec<_>>() {
        if placed >= units {
            break;
        }
        let kind = kinds[placed % kinds.len()];
        let terrain = scenario.terrain_at(pos);
        if (pos.x + pos.y) % 3 != 0 || rules.move_cost(rules.unit_id(kind)?, terrain).is_none() {
            continue;
        }
        let owner = u8::from(pos.y >= side / 2);
        scenario.units.push(ScenarioUnit { kind: kind.into(), owner, hp: 8, pos, passengers: Vec::new() });
        placed += 1;
    }
    scenario.victory.turn_limit = Some(TurnLimit { rounds: 30, tie_break: TieBreak::MostCities });
    Some(scenario)
}

fn benches(c: &mut Criterion) {
    let Ok(rules) = Ruleset::builtin() else { return };
    if let Some(small) = big_scenario(&rules, 50, 100) {
        c.bench_function("validate_50x50_100_units", |b| b.iter(|| black_box(validate(&rules, black_box(&small)))));
    }
    if let Some(large) = big_scenario(&rules, 200, 2000) {
        c.bench_function("validate_200x200_2000_units", |b| b.iter(|| black_box(validate(&rules, black_box(&large)))));
    }
}

criterion_group!(scenario_benches, benches);
criterion_main!(scenario_benches);
