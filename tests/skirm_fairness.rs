//! Skirm's computer player is invariant to the map's orientation: a battle and the same
//! battle turned a quarter, with the same seed, play out alike (each choice the turned image
//! of the other, so the dice fall the same), whichever way ties between equal choices fall
//! (issue 25: ties were broken by the order squares are listed in). `TURNED_SEEDS=1000 cargo
//! test --release --test skirm_fairness` plays a thousand seeds (about 90 s on two cores).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::skirm_common::turned;
use skirmish_studio::board::SquareMap;
use skirmish_studio::game::Rules;
use skirmish_studio::systems::skirm::rules::{Level, Outcome, Ruleset, Setup, apply, start_game};
use skirmish_studio::systems::skirm::scenario::load_scenario;
use std::path::Path;

fn sample_setup(rules: &Ruleset, name: &str) -> Setup {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name)).unwrap();
    load_scenario(rules, &text).unwrap().to_setup(rules).unwrap()
}

/// The computer (the framework's planner at `level`) plays both squads to the end (or `cap`
/// actions): the outcome, each squad's points and the actions taken.
fn play(rules: &Ruleset, setup: &Setup, seed: u64, level: Level, cap: usize) -> (Outcome, [u32; 2], usize) {
    let (mut state, _) = start_game(rules, setup, seed).unwrap();
    let mut actions = 0;
    while state.outcome == Outcome::Ongoing && actions < cap {
        let moves = rules.computer_moves(&state, level);
        if moves.is_empty() {
            break;
        }
        for action in moves {
            apply(rules, &mut state, &action).unwrap();
            actions += 1;
        }
    }
    (state.outcome, [state.squads[0].points, state.squads[1].points], actions)
}

#[test]
fn a_battle_turned_a_quarter_plays_out_as_the_turned_battle_on_both_samples() {
    let rules = Ruleset::builtin().unwrap();
    for name in ["skirm-night-extraction.ron", "skirm-ruined-crossing.ron"] {
        let setup = sample_setup(&rules, name);
        if setup.board.width != setup.board.height {
            continue;
        }
        let quarter = turned(&setup);
        let seeds: u64 = std::env::var("TURNED_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(6);
        for level in [Level::Easy, Level::Normal, Level::Hard] {
            for seed in 1..=seeds {
                let plain = play(&rules, &setup, seed, level, 3000);
                let turned = play(&rules, &quarter, seed, level, 3000);
                assert_eq!(plain, turned, "{name} seed {seed} {level:?}: the turned battle played differently");
            }
        }
    }
}

/// Units placed without a square fill their zone in their own squad's frame, so on a mirrored
/// or turned map the second squad stands on the images of the first squad's squares. The
/// second squad used to fill its zone in reverse, the image under a half turn only: on a map
/// mirrored left to right its leader stood at the bottom while the first squad's stood at the
/// top, and one squad won 98% of the games on such maps.
#[test]
fn units_without_a_square_deploy_on_the_image_squares_whichever_the_symmetry() {
    use skirmish_studio::game::{Chooser, GenerateRequest};
    let rules = Ruleset::builtin().unwrap();
    for (symmetry, map) in [
        ("mirror-left-right", SquareMap::FlipX),
        ("mirror-top-bottom", SquareMap::FlipY),
        ("rotate180", SquareMap::Turn180),
    ] {
        for seed in 1..=10 {
            let request = GenerateRequest { seed, symmetry: Some(symmetry.into()), ..GenerateRequest::default() };
            let scenario =
                skirmish_studio::systems::skirm::scenario::generate(&rules, &mut Chooser::new("Skirm", &request))
                    .unwrap();
            let (w, h) = (scenario.board.width, scenario.board.height);
            let deployed = scenario.deployment(&rules);
            for (unit, (first, second)) in deployed[0].iter().zip(&deployed[1]).enumerate() {
                assert_eq!(
                    first.map(|p| map.apply(p, w, h)),
                    *second,
                    "{symmetry}, seed {seed}: unit {} of the second squad is not on the image of the first's",
                    unit + 1
                );
            }
        }
    }
}
