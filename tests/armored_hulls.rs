//! Armored Advance's hulls on the table, to the letter: a move sweeps the unit's footprint
//! along its path, and neither the swept area nor where it ends may meet a piece the unit may
//! not enter (tank traps and walls for anything but infantry, buildings for every unit, mud and
//! deep water for a field gun under its own power). Clause tests for the cases a centre point
//! let through, and a property over the bundled samples checked by an independent sampler.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::systems::armored::rules::{Action, GameState, Rejection, apply, check, legal_actions};
use skirmish_studio::systems::armored::ruleset::{Ground, Ruleset, UnitClass};
use skirmish_studio::systems::armored::scenario::load_scenario;
use skirmish_studio::systems::armored::scenario::setup::setup_of;
use skirmish_studio::table::{Facing, Footprint, Pose, Shape, overlaps};

use crate::armored_common;
use armored_common::*;

/// Two tank traps side by side across the table at `y`, leaving a gap of `gap` inches centred
/// on x = 10.
fn traps_with_gap(gap: f64, y: f64) -> Vec<skirmish_studio::table::Piece> {
    let half = 3.0 + gap / 2.0;
    [10.0 - half, 10.0 + half]
        .into_iter()
        .map(|x| {
            piece("tank_traps", Footprint::Rect { length: (1.5 * IN as f64) as i64, width: 6 * IN }, x, y, 0.0, 0.6)
        })
        .collect()
}

#[test]
fn a_hull_1_6_inches_wide_does_not_drive_through_a_half_inch_gap_between_tank_traps() {
    let data = data();
    let enemy = ("medium_tank", 1, 40.0, 5.0, 180.0);
    let mut state = game(&data, &table(&[("light_tank", 0, 10.0, 23.5, 0.0), enemy], traps_with_gap(0.5, 20.0)));
    // The centre's path runs through the gap; the hull's does not fit.
    let refused = apply(&data, &mut state, &mv(0, 10.0, 16.5)).unwrap_err();
    match &refused {
        Rejection::HullBlocked { piece, width, gap } => {
            assert!(piece.starts_with("Tank traps"), "the refusal names the piece: {piece}");
            assert_eq!(*width, (1.6 * IN as f64).round() as i64, "the hull's width");
            let (other, gap) = gap.as_ref().expect("the gap between the traps");
            assert!(other.starts_with("Tank traps") && other != piece, "{other}");
            assert_eq!(*gap, IN / 2, "the gap is half an inch");
        }
        other => panic!("refused for another reason: {other}"),
    }
    let words = refused.to_string();
    assert!(words.contains("1.6\" wide, the gap is 0.5\"") && words.contains("Tank traps"), "{words}");
}

#[test]
fn a_hull_drives_through_a_gap_wider_than_itself() {
    let data = data();
    let enemy = ("medium_tank", 1, 40.0, 5.0, 180.0);
    let mut state = game(&data, &table(&[("light_tank", 0, 10.0, 23.5, 0.0), enemy], traps_with_gap(2.5, 20.0)));
    apply(&data, &mut state, &mv(0, 10.0, 16.5)).unwrap();
}

#[test]
fn a_hull_does_not_end_on_tank_traps_its_centre_misses() {
    let data = data();
    let traps =
        piece("tank_traps", Footprint::Rect { length: (1.5 * IN as f64) as i64, width: 6 * IN }, 10.0, 20.0, 0.0, 0.6);
    let enemy = ("medium_tank", 1, 40.0, 5.0, 180.0);
    // The trap spans x 7 to 13; the centre goes up x = 13.5, the hull (0.8" either side) overlaps.
    let mut state = game(&data, &table(&[("light_tank", 0, 13.5, 26.0, 0.0), enemy], vec![traps]));
    assert!(matches!(apply(&data, &mut state, &mv(0, 13.5, 20.0)), Err(Rejection::HullBlocked { .. })));
    // An inch further out, it passes.
    let traps =
        piece("tank_traps", Footprint::Rect { length: (1.5 * IN as f64) as i64, width: 6 * IN }, 10.0, 20.0, 0.0, 0.6);
    let mut state = game(&data, &table(&[("light_tank", 0, 14.5, 26.0, 0.0), enemy], vec![traps]));
    apply(&data, &mut state, &mv(0, 14.5, 20.0)).unwrap();
}

#[test]
fn a_hull_does_not_end_inside_a_building_its_centre_stops_short_of() {
    let data = data();
    // A building 8" wide and 6" deep: x 16 to 24, y 17 to 23.
    let building = piece("building", Footprint::Rect { length: 6 * IN, width: 8 * IN }, 20.0, 20.0, 0.0, 4.0);
    let enemy = ("medium_tank", 1, 40.0, 5.0, 180.0);
    // The centre ends at y = 24.5, outside; the front of a 4.1" hull reaches 22.45, inside.
    let mut state = game(&data, &table(&[("medium_tank", 0, 20.0, 29.5, 0.0), enemy], vec![building]));
    assert!(matches!(apply(&data, &mut state, &mv(0, 20.0, 24.5)), Err(Rejection::HullBlocked { .. })));
    let building = piece("building", Footprint::Rect { length: 6 * IN, width: 8 * IN }, 20.0, 20.0, 0.0, 4.0);
    let mut state = game(&data, &table(&[("medium_tank", 0, 20.0, 30.0, 0.0), enemy], vec![building]));
    apply(&data, &mut state, &mv(0, 20.0, 25.1)).unwrap();
}

#[test]
fn a_turn_sweeps_the_hull_round_so_a_tank_beside_a_wall_cannot_swing_through_it() {
    let data = data();
    // A concrete wall 8" long standing across x = 10, y 16 to 24 (turned a quarter).
    let wall = piece("wall", Footprint::Rect { length: IN / 2, width: 8 * IN }, 10.0, 20.0, 90.0, 1.5);
    let enemy = ("medium_tank", 1, 40.0, 5.0, 180.0);
    // A medium tank facing up, its side an inch from the wall: turning to face the wall swings
    // its 4.1" hull through it, though its centre never moves.
    let mut state = game(&data, &table(&[("medium_tank", 0, 12.0, 20.0, 0.0), enemy], vec![wall]));
    let turn = Action::Move { unit: 0, to: (12 * IN, 20 * IN), facing: Facing::from_degrees(270.0).unwrap() };
    assert!(matches!(apply(&data, &mut state, &turn), Err(Rejection::HullBlocked { .. })), "turned into the wall");
    let away = Action::Move { unit: 0, to: (14 * IN, 20 * IN), facing: Facing::UP };
    apply(&data, &mut state, &away).unwrap();
}

#[test]
fn infantry_walks_between_tank_traps_that_stop_a_tank() {
    let data = data();
    let enemy = ("medium_tank", 1, 40.0, 5.0, 180.0);
    // A tank of its own far off: a side without a mechanised force has lost before it starts.
    let own_tank = ("medium_tank", 0, 40.0, 40.0, 0.0);
    let mut state =
        game(&data, &table(&[("infantry", 0, 10.0, 22.0, 0.0), enemy, own_tank], traps_with_gap(0.5, 20.0)));
    apply(&data, &mut state, &mv(0, 10.0, 18.0)).unwrap();
}

/// The pieces `class` may not enter by its own movement.
fn stops(data: &Ruleset, kind: &str, class: UnitClass) -> bool {
    let Some(k) = data.kind(kind) else { return false };
    k.blocks_sight
        || (class != UnitClass::Infantry && (k.tank_trap || k.wall))
        || (class == UnitClass::FieldGun && matches!(k.ground, Ground::Mud | Ground::DeepWater))
}

/// Whether a move's path, sampled independently (the hull turned where it stands in steps of
/// 5 degrees, then at 40 points along the straight path), ever meets a piece it may not enter.
fn sampled_path_meets_a_stopping_piece(data: &Ruleset, state: &GameState, unit: usize, to: Pose) -> Option<String> {
    let u = &state.units[unit];
    let profile = &data.profiles[u.profile];
    let class = profile.class;
    let hull = shrunk(&data.hull(&profile.id).unwrap());
    let from = u.pose;
    let turn = {
        let d = (to.facing.centidegrees() - from.facing.centidegrees()).rem_euclid(36_000);
        if d > 18_000 { d - 36_000 } else { d }
    };
    let mut poses = Vec::new();
    for step in 0..=36 {
        poses.push(Pose { facing: from.facing.turned(turn * step / 36), ..from });
    }
    for step in 0..=40 {
        let t = f64::from(step) / 40.0;
        let x = from.x + ((to.x - from.x) as f64 * t).round() as i64;
        let y = from.y + ((to.y - from.y) as f64 * t).round() as i64;
        poses.push(Pose::new(x, y, to.facing));
    }
    for (index, piece) in state.setup.table.pieces.iter().enumerate() {
        if state.demolished.contains(&index) || !stops(data, &piece.kind, class) {
            continue;
        }
        let shape: Shape = piece.footprint.place(piece.pose);
        if poses.iter().any(|&pose| overlaps(&hull.place(pose), &shape)) {
            return Some(format!("{} at piece {index}", piece.kind));
        }
    }
    None
}

/// The footprint a hundredth of an inch smaller all round, so a hull that only touches a piece
/// (rounding at an exact contact) does not count as meeting it, however the two cross.
fn shrunk(footprint: &Footprint) -> Footprint {
    let e = IN / 50;
    match footprint {
        Footprint::Rect { length, width } => Footprint::Rect { length: length - e, width: width - e },
        Footprint::Oval { length, width } => Footprint::Oval { length: length - e, width: width - e },
        Footprint::Round { diameter } => Footprint::Round { diameter: diameter - e },
        other => other.clone(),
    }
}

#[test]
fn no_legal_move_on_the_samples_sweeps_or_ends_a_hull_over_a_piece_it_may_not_enter() {
    let data = data();
    let (mut checked, mut refusals) = (0, 0);
    for sample in ["aa-hedgerow-crossing.ron", "aa-three-farms.ron"] {
        let text =
            std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(sample))
                .unwrap();
        let scenario = load_scenario(&data, &text).unwrap();
        for seed in 0..3u64 {
            let setup = setup_of(&data, &scenario, Some((seed % 2) as u8));
            let mut state = skirmish_studio::systems::armored::rules::start_game(&data, &setup, seed).unwrap().0;
            // Walk a few turns of legal actions, checking every legal move on the way.
            for step in 0..12usize {
                let legal = legal_actions(&data, &state);
                if legal.is_empty() {
                    break;
                }
                for action in &legal {
                    if let Action::Move { unit, to, facing } | Action::FreeMove { unit, to, facing } = action {
                        let end = Pose::new(to.0, to.1, *facing);
                        let met = sampled_path_meets_a_stopping_piece(&data, &state, *unit, end);
                        assert!(met.is_none(), "{sample} seed {seed}: legal {action:?} meets {met:?}");
                        checked += 1;
                    }
                }
                // And the other way round: a move whose path the sampler finds meeting such a
                // piece is refused, and a hull refusal names a piece that stops the unit.
                for (unit, u) in state.units.iter().enumerate().filter(|(_, u)| u.alive() && u.side == state.side) {
                    let class = data.profiles[u.profile].class;
                    let stoppers: Vec<String> = state
                        .setup
                        .table
                        .pieces
                        .iter()
                        .enumerate()
                        .filter(|(i, p)| !state.demolished.contains(i) && stops(&data, &p.kind, class))
                        .map(|(i, _)| data.piece_name(&state.setup.table.pieces, i))
                        .collect();
                    for k in 0..8 {
                        let angle = f64::from(k) * std::f64::consts::FRAC_PI_4;
                        let to = (
                            u.pose.x + (3.0 * IN as f64 * angle.sin()).round() as i64,
                            u.pose.y - (3.0 * IN as f64 * angle.cos()).round() as i64,
                        );
                        let action = Action::Move { unit, to, facing: u.pose.facing };
                        let verdict = check(&data, &state, &action);
                        let end = Pose::new(to.0, to.1, u.pose.facing);
                        if let Some(met) = sampled_path_meets_a_stopping_piece(&data, &state, unit, end) {
                            assert!(verdict.is_err(), "{sample}: {action:?} meets {met} yet is allowed");
                        }
                        if let Err(Rejection::HullBlocked { piece, .. }) = &verdict {
                            assert!(
                                stoppers.contains(piece),
                                "{sample}: the refusal names {piece}, not a piece in its way"
                            );
                            refusals += 1;
                        }
                    }
                }
                let pick = &legal[(step * 7 + seed as usize) % legal.len()];
                assert!(check(&data, &state, pick).is_ok());
                apply(&data, &mut state, pick).unwrap();
            }
        }
    }
    assert!(checked > 100, "enough moves were checked: {checked}");
    assert!(refusals > 0, "some probe met a piece and was refused by name");
}

#[test]
fn on_hedgerow_crossing_a_sherman_cannot_park_its_front_inside_the_house_its_centre_stops_short_of() {
    let data = data();
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join("aa-hedgerow-crossing.ron"),
    )
    .unwrap();
    let scenario = load_scenario(&data, &text).unwrap();
    let setup = setup_of(&data, &scenario, Some(0));
    let state = skirmish_studio::systems::armored::rules::start_game(&data, &setup, 1).unwrap().0;
    // Unit 0 is the Allies' Sherman at (10", 42"); the house spans y 30" to 36" over x 7" to 15".
    let refused = check(&data, &state, &mv(0, 10.0, 37.0)).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "the hull (1.9\" wide) does not fit past Building 2: it would cross it on the way or end on it"
    );
    assert!(check(&data, &state, &mv(0, 10.0, 38.1)).is_ok(), "its front 0.05\" short of the wall");
}

/// A road piece along x = 10 from `y0` to `y1` inches, 4" wide.
fn road(y0: f64, y1: f64) -> skirmish_studio::table::Piece {
    let length = ((y1 - y0) * IN as f64).round() as i64;
    piece("road", Footprint::Rect { length, width: 4 * IN }, 10.0, (y0 + y1) / 2.0, 0.0, 0.0)
}

#[test]
fn roads_the_bonus_needs_one_continuous_road_and_overlapping_pieces_do_not_make_the_open_ground_beyond_a_road() {
    let data = data();
    let enemy = ("medium_tank", 1, 40.0, 5.0, 180.0);
    // A light tank (7", tracked: +1" on a road) goes 8" from y = 40 to y = 32.
    // Two pieces overlap over 36-40 and a third lies under 31.5-33.5: their stretches add up to
    // 8.5", but 33.5-36 is open ground.
    let broken = vec![road(36.0, 40.0), road(37.0, 40.0), road(31.5, 33.5)];
    let mut state = game(&data, &table(&[("light_tank", 0, 10.0, 40.0, 0.0), enemy], broken));
    assert!(
        matches!(apply(&data, &mut state, &mv(0, 10.0, 32.0)), Err(Rejection::BeyondReach { .. })),
        "no road bonus across the gap"
    );
    // Overlapping pieces that leave no gap are one continuous road.
    let joined = vec![road(36.0, 40.0), road(31.5, 37.0)];
    let mut state = game(&data, &table(&[("light_tank", 0, 10.0, 40.0, 0.0), enemy], joined));
    apply(&data, &mut state, &mv(0, 10.0, 32.0)).expect("7\" + 1\" on one continuous road");
}

#[test]
fn a_towed_gun_follows_by_the_same_test_never_off_the_table_and_never_into_a_building() {
    let data = data();
    let enemy = ("medium_tank", 1, 40.0, 5.0, 180.0);
    let hooked = |pieces: Vec<skirmish_studio::table::Piece>| {
        let mut state =
            game(&data, &table(&[("halftrack", 0, 10.0, 40.0, 0.0), ("at_gun", 0, 10.0, 43.6, 0.0), enemy], pieces));
        state.units[1].towed_by = Some(0);
        state
    };
    // Backing 4.5" towards the near edge would leave the gun behind it off the table.
    let state = hooked(vec![]);
    assert_eq!(
        check(&data, &state, &mv(0, 10.0, 44.5)).map(|_| ()),
        Err(Rejection::TowedGun(Box::new(Rejection::OffTable)))
    );
    assert!(check(&data, &state, &mv(0, 10.0, 42.0)).is_ok(), "the gun still on the table");
    // A house behind: the tow fits, the gun it pulls back would end inside it.
    let house = piece("building", Footprint::Rect { length: 4 * IN, width: 8 * IN }, 10.0, 46.0, 0.0, 4.0);
    let state = hooked(vec![house]);
    match check(&data, &state, &mv(0, 10.0, 41.5)) {
        Err(Rejection::TowedGun(why)) => assert!(matches!(*why, Rejection::HullBlocked { .. }), "{why}"),
        other => panic!("the gun would end in the house: {other:?}"),
    }
}
