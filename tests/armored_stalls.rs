//! Armored Advance games end: a unit whose way to the enemy runs through a gap its hull does
//! not fit goes round, a hull standing close beside a building can still move away, and a
//! game that stops at the round cap names the unit that stood idle and why.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::armored_common;

use armored_common::*;
use skirmish_studio::game::{Level, Rules};
use skirmish_studio::systems::armored::game::ArmoredCore;
use skirmish_studio::systems::armored::rules::{Action, Outcome, apply, check, move_candidates};
use skirmish_studio::systems::armored::scenario::load_scenario;
use skirmish_studio::systems::armored::scenario::setup::setup_of;
use skirmish_studio::systems::armored::text::stall_causes;
use skirmish_studio::table::Footprint;

/// Plays computer against computer at `level` until the game ends or passes `round_cap`;
/// whether it ended.
fn play_out(
    data: &skirmish_studio::systems::armored::ruleset::Ruleset,
    state: &mut skirmish_studio::systems::armored::rules::GameState,
    level: Level,
    round_cap: u32,
) -> bool {
    let core = ArmoredCore(std::sync::Arc::new(data.clone()));
    while state.outcome == Outcome::Ongoing && state.round <= round_cap {
        let moves = core.computer_moves(state, level);
        if moves.is_empty() {
            break;
        }
        for action in moves {
            apply(data, state, &action).unwrap();
        }
    }
    state.outcome != Outcome::Ongoing
}

#[test]
fn hedgerow_crossing_ends_at_every_level_where_tanks_once_waited_at_a_gap_for_ever() {
    // Seeds 2, 15, 21 and 36 stopped at the round cap before the way-finding knew a hull's
    // breadth: a Sherman led by the inch-wide lattice into a gap it does not fit, refused
    // every move that gained, and its side ended every turn from round 23 on.
    let data = data();
    let text = include_str!("../scenarios/aa-hedgerow-crossing.ron");
    let scenario = load_scenario(&data, text).unwrap();
    for level in Level::ALL {
        for seed in [2u64, 15, 21, 36, 46, 49] {
            let setup = setup_of(&data, &scenario, Some((seed % 2) as u8));
            let (mut state, _) = skirmish_studio::systems::armored::rules::start_game(&data, &setup, seed).unwrap();
            assert!(
                play_out(&data, &mut state, level, 200),
                "{level:?}, seed {seed}: stopped at the round cap: {:?}",
                stall_causes(&data, &state)
            );
        }
    }
}

#[test]
fn a_hull_close_beside_a_building_can_still_move_away_without_turning() {
    let data = data();
    // A Sherman (4.1" by 1.9") in the corner of two buildings, a tenth of an inch off each, at
    // an angle none of the sixteen directions of travel shares: turning to any of them sweeps
    // its corners into a building, and going on ahead runs into the other.
    let house = piece("building", Footprint::Rect { length: 30 * IN, width: 6 * IN }, 24.0, 20.0, 90.0, 4.0);
    let mut wedged_before = 0;
    for degrees in [3.0f64, 11.0, 37.0, 80.0] {
        // How far the hull reaches toward the building at that angle, and a tenth more.
        let reach = 2.05 * degrees.to_radians().sin().abs() + 0.95 * degrees.to_radians().cos().abs();
        // And a second building across its way, a tenth of an inch off its front.
        let front = 2.05 * degrees.to_radians().cos().abs() + 0.95 * degrees.to_radians().sin().abs();
        let across =
            piece("building", Footprint::Rect { length: 6 * IN, width: 30 * IN }, 24.0 + front + 3.1, 30.0, 90.0, 4.0);
        let s = table(
            &[("medium_tank", 0, 24.0, 23.0 + reach + 0.1, 90.0 + degrees), ("medium_tank", 1, 10.0, 44.0, 0.0)],
            vec![house.clone(), across],
        );
        let state = game(&data, &s);
        let legal: Vec<Action> =
            move_candidates(&data, &state, 0, false).into_iter().filter(|a| check(&data, &state, a).is_ok()).collect();
        assert!(!legal.is_empty(), "turned {degrees} degrees: no move is legal");
        // Without the moves that keep the facing, the rules would have refused every one.
        let facing = state.units[0].pose.facing;
        if legal.iter().all(|a| matches!(a, Action::Move { facing: f, .. } if *f == facing)) {
            wedged_before += 1;
        }
    }
    assert!(wedged_before > 0, "no angle wedged the hull: the test shows nothing");
}

#[test]
fn a_game_at_the_round_cap_names_the_tank_that_finds_no_way_and_its_hull() {
    let data = data();
    // A Sherman in a closed pen of four buildings, the enemy far off in the open.
    let wall = |x: f64, y: f64, turned: f64| {
        piece("building", Footprint::Rect { length: 13 * IN, width: 2 * IN }, x, y, turned, 4.0)
    };
    let pen = vec![wall(12.0, 5.0, 90.0), wall(12.0, 19.0, 90.0), wall(5.0, 12.0, 0.0), wall(19.0, 12.0, 0.0)];
    let s = table(&[("medium_tank", 0, 12.0, 12.0, 0.0), ("medium_tank", 1, 40.0, 40.0, 0.0)], pen);
    let state = game(&data, &s);
    let causes = stall_causes(&data, &state);
    assert!(
        causes.iter().any(|c| c
            == "Medium tank (M4 Sherman) of player 1 can reach no enemy: its 1.9\" hull finds no way past the pieces"),
        "{causes:?}"
    );
    // Nor can the enemy reach it: each is named once.
    assert_eq!(causes.len(), 2, "{causes:?}");
    assert!(causes[1].starts_with("Medium tank (M4 Sherman) of player 2 can reach no enemy"), "{causes:?}");
}

#[test]
fn on_a_generated_table_where_tank_destroyers_sat_out_of_arc_the_games_end() {
    // Generated table 13639 (a block the computer was tuned on): two StuGs stopped hull to hull,
    // each with the other outside its casemate's arc, no move gaining an inch and no room to
    // turn in place; 13 of 20 Normal games sat at the round cap until a unit with no gaining
    // move and no shot took the move after which it could fire.
    let rules = skirmish_studio::systems::system("armored-advance").unwrap().rules(None).unwrap();
    let scenario = rules.generate(&skirmish_studio::game::GenerateRequest::seeded(13639)).unwrap().scenario;
    let capped: Vec<u64> = (1..=12u64)
        .filter(|&seed| {
            let record = scenario.battle(seed, (seed % 2) as u8, 200, &[Level::Normal, Level::Normal]).unwrap();
            record.ending == "RoundCap"
        })
        .collect();
    assert!(capped.is_empty(), "seeds stopped at the round cap: {capped:?}");
}
