//! Mirrored maps from outside the project for judging the computer players' fairness: each
//! two-player AWBW fixture with its left half mirrored onto the right (owners and units with
//! the seats swapped, no COs), and Normal games on them through the balance lab. Shared by the
//! fairness tests and the `mirrored_fixtures` example, which runs the long version.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::systems::swat::rules::{CoChoice, Pos, Ruleset};
use skirmish_studio::systems::swat::scenario::Scenario;
use std::path::Path;
use std::sync::Arc;

/// Normal games from seed 1 on two threads, no early stop.
pub fn normal_games(games: usize) -> skirmish_studio::balance::BalanceOptions {
    skirmish_studio::balance::BalanceOptions {
        games,
        until_clear: false,
        seed: 1,
        round_cap: 200,
        threads: 2,
        margin: 0.05,
        levels: [skirmish_studio::game::Level::Normal; 8],
    }
}

/// A two-player map made symmetric from an AWBW fixture: the left half mirrored onto the
/// right, owners and units mirrored with the seats swapped, no COs.
pub fn mirrored_fixture(rules: &Ruleset, file: &Path) -> Option<Scenario> {
    use skirmish_studio::board::{SquareMap, Symmetry};
    let text = std::fs::read_to_string(file).ok()?;
    let mut scenario = skirmish_studio::systems::swat::scenario::import_awbw(rules, &text, "fixture").ok()?.scenario;
    if scenario.players.len() != 2 {
        return None;
    }
    let (w, h) = (scenario.board.width, scenario.board.height);
    let flip = |p: Pos| SquareMap::FlipX.apply(p, w, h);
    let left = |p: Pos| p.x < w / 2;
    for p in scenario.board.squares().collect::<Vec<_>>() {
        if !left(p) && flip(p) != p {
            let terrain = scenario.board.terrain_at(flip(p));
            scenario.board.set_terrain(p, terrain);
        }
    }
    let owners: Vec<(Pos, u8)> = scenario.owners.iter().filter(|(p, _)| left(**p)).map(|(p, o)| (*p, *o)).collect();
    scenario.owners.retain(|p, _| left(*p));
    for (p, owner) in owners {
        scenario.owners.insert(flip(p), 1 - owner.min(1));
    }
    let units: Vec<_> = scenario.units.iter().filter(|u| left(u.pos)).cloned().collect();
    scenario.units = units.clone();
    for mut unit in units {
        unit.pos = flip(unit.pos);
        unit.owner = 1 - unit.owner.min(1);
        scenario.units.push(unit);
    }
    for player in &mut scenario.players {
        player.co = CoChoice::NoCo;
    }
    scenario.symmetry = Some(Symmetry::MirrorLeftRight);
    // Only maps the rules accept as they stand (each side an HQ or a factory, say).
    skirmish_studio::systems::swat::scenario::validate(rules, &scenario)
        .iter()
        .all(|f| f.severity != skirmish_studio::systems::swat::scenario::Severity::Error)
        .then_some(scenario)
}

/// Mirrored fixtures, `games` Normal games each from seed 1: the seats with their shares.
pub fn fixture_balance(games: usize) -> Vec<(String, skirmish_studio::balance::Balance)> {
    fixture_balance_from(games, 1)
}

/// Mirrored fixtures, `games` Normal games each from `seed`.
pub fn fixture_balance_from(games: usize, seed: u64) -> Vec<(String, skirmish_studio::balance::Balance)> {
    let rules = Arc::new(Ruleset::builtin().unwrap());
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/awbw");
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut out = Vec::new();
    for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "json")) {
        let Some(scenario) = mirrored_fixture(&rules, file) else { continue };
        let opened =
            skirmish_studio::game::Opened::<skirmish_studio::systems::swat::Swat>::boxed(Arc::clone(&rules), scenario);
        let options = skirmish_studio::balance::BalanceOptions { seed, ..normal_games(games) };
        let balance = skirmish_studio::balance::run_balance(opened.as_ref(), &options, &mut |_| {}).unwrap();
        out.push((file.file_name().unwrap().to_string_lossy().into_owned(), balance));
    }
    out
}
