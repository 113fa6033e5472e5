//! The two bundled Armored Advance tables play as they are drawn: Hedgerow Crossing's tank
//! traps close the road to vehicles but not to infantry, its mud lies in the open, its sandbags
//! shelter the anti-tank guns; Three Farms' road runs over no water and its VP target fits its
//! turn limit. Both validate clean.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::armored_common;
use armored_common::*;

use skirmish_studio::systems::armored::rules::{Action, GameState, Rejection, check, sandbagged, start_game};
use skirmish_studio::systems::armored::ruleset::{Ground, Ruleset};
use skirmish_studio::systems::armored::scenario::setup::setup_of;
use skirmish_studio::systems::armored::scenario::{ArmoredScenario, load_scenario, validate};
use skirmish_studio::table::{Facing, Pose, overlaps};

const HEDGEROW: &str = include_str!("../scenarios/aa-hedgerow-crossing.ron");
const FARMS: &str = include_str!("../scenarios/aa-three-farms.ron");

fn sample(text: &str) -> (Ruleset, ArmoredScenario) {
    let data = data();
    let scenario = load_scenario(&data, text).unwrap();
    (data, scenario)
}

fn started(data: &Ruleset, scenario: &ArmoredScenario) -> GameState {
    start_game(data, &setup_of(data, scenario, Some(0)), 1).unwrap().0
}

/// The index of the first unit of `side` (0 or 1) with `profile`.
fn unit_of(data: &Ruleset, state: &GameState, side: u8, profile: &str) -> usize {
    state.units.iter().position(|u| u.side == side && data.profiles[u.profile].id == profile).unwrap()
}

#[test]
fn both_samples_validate_clean() {
    for text in [HEDGEROW, FARMS] {
        let (data, scenario) = sample(text);
        assert!(validate(&data, &scenario).is_empty(), "{}: {:?}", scenario.name, validate(&data, &scenario));
    }
}

#[test]
fn hedgerow_crossings_tank_traps_close_the_road_to_vehicles_and_let_infantry_through() {
    let (data, scenario) = sample(HEDGEROW);
    let mut state = started(&data, &scenario);
    state.side = 0;
    // A Sherman on the road south of the crossing, driving north along it into the traps.
    let tank = unit_of(&data, &state, 0, "medium_tank");
    state.units[tank].pose = Pose::new(24 * IN, 31 * IN, Facing::UP);
    let north = Action::Move { unit: tank, to: (24 * IN, 26 * IN), facing: Facing::UP };
    match check(&data, &state, &north) {
        Err(Rejection::HullBlocked { piece, .. }) => assert!(piece.starts_with("Tank traps"), "{piece}"),
        other => panic!("the road is closed to a tank: {other:?}"),
    }
    // The squad walks over them.
    let squad = unit_of(&data, &state, 0, "infantry");
    state.units[squad].pose = Pose::new(24 * IN, 30 * IN, Facing::UP);
    let over = Action::Move { unit: squad, to: (24 * IN, 26 * IN), facing: Facing::UP };
    assert_eq!(check(&data, &state, &over).map(|_| ()), Ok(()));
}

#[test]
fn hedgerow_crossings_sandbags_shelter_each_anti_tank_gun_from_the_front() {
    let (data, scenario) = sample(HEDGEROW);
    let mut state = started(&data, &scenario);
    for side in [0u8, 1] {
        let gun = unit_of(&data, &state, side, "at_gun");
        let enemy = unit_of(&data, &state, 1 - side, "medium_tank");
        // The enemy tank comes up the table in front of the gun.
        let front_y = if side == 0 { 30 * IN } else { 18 * IN };
        state.units[enemy].pose = Pose::new(44 * IN, front_y, Facing::UP);
        assert!(sandbagged(&data, &state, &state.units[enemy], &state.units[gun]), "side {side}'s gun");
    }
}

#[test]
fn no_mud_or_water_lies_under_a_house_or_a_road_on_either_sample() {
    for text in [HEDGEROW, FARMS] {
        let (data, scenario) = sample(text);
        let state = started(&data, &scenario);
        let pieces = &state.setup.table.pieces;
        let shapes = &state.setup.scene.0.obstacles;
        let kind = |i: usize| data.kind(&pieces[i].kind).unwrap();
        for a in 0..pieces.len() {
            if !matches!(kind(a).ground, Ground::Mud | Ground::DeepWater) {
                continue;
            }
            for b in 0..pieces.len() {
                let under = kind(b).blocks_sight || kind(b).ground == Ground::Road;
                assert!(
                    !under || !overlaps(&shapes[a].shape, &shapes[b].shape),
                    "{}: {} lies under {}",
                    scenario.name,
                    data.piece_name(pieces, a),
                    data.piece_name(pieces, b)
                );
            }
        }
    }
}

#[test]
fn three_farms_vp_target_fits_within_its_turn_limit() {
    let (_, scenario) = sample(FARMS);
    let (target, limit) = (scenario.vp_target.unwrap(), scenario.turn_limit.unwrap());
    let objectives = u32::try_from(scenario.table.objectives.len()).unwrap();
    // Holding one objective more for the greater part of the game reaches it.
    assert!(target <= limit * 2 / 3, "a target of {target} in {limit} rounds");
    assert!(target <= objectives * limit);
}
