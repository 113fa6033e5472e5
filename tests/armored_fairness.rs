//! The Armored Advance computer is fair to seats: on each symmetric sample, its choice in a
//! position's mirror image (the sides swapped, every unit moved to its image) is the image of
//! its choice, action after action through whole games, at every level. Ties and sight that
//! leaned on listing order or the last bit of a sine would show here first.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::game::{Level, Rules};
use skirmish_studio::systems::armored::game::ArmoredCore;
use skirmish_studio::systems::armored::rules::{Action, GameState, Outcome, apply, computer_action, start_game};
use skirmish_studio::systems::armored::ruleset::Ruleset;
use skirmish_studio::systems::armored::scenario::load_scenario;
use skirmish_studio::systems::armored::scenario::setup::setup_of;
use skirmish_studio::table::{Facing, Pose, TableSymmetry};

use crate::armored_common::relabelled;

/// A point's and a facing's image under the sample's symmetry.
fn image(symmetry: TableSymmetry, (w, d): (i64, i64), (x, y): (i64, i64), facing: Facing) -> ((i64, i64), Facing) {
    let c = i64::from(facing.centidegrees());
    let (at, turned) = match symmetry {
        TableSymmetry::MirrorTopBottom => ((x, d - y), 18_000 - c),
        TableSymmetry::MirrorLeftRight => ((w - x, y), -c),
        TableSymmetry::Rotate180 => ((w - x, d - y), c + 18_000),
    };
    (at, Facing::from_centidegrees(turned.rem_euclid(36_000)))
}

/// The samples list each unit beside its image: unit `i`'s image is unit `i ^ 1`.
fn mirror_state(s: &GameState, symmetry: TableSymmetry) -> GameState {
    let size = (s.setup.table.width, s.setup.table.depth);
    let mut m = s.clone();
    for (i, u) in s.units.iter().enumerate() {
        let mut v = u.clone();
        v.side = 1 - u.side;
        let (at, facing) = image(symmetry, size, (u.pose.x, u.pose.y), u.pose.facing);
        v.pose = Pose::new(at.0, at.1, facing);
        v.riding = u.riding.map(|r| r ^ 1);
        v.towed_by = u.towed_by.map(|r| r ^ 1);
        m.units[i ^ 1] = v;
    }
    m.side = 1 - s.side;
    m.first = 1 - s.first;
    m.points = [s.points[1], s.points[0]];
    for mark in &mut m.marks {
        mark.scout ^= 1;
        mark.target ^= 1;
        mark.friend ^= 1;
    }
    m
}

fn mirror_action(a: &Action, symmetry: TableSymmetry, size: (i64, i64)) -> Action {
    let moved = |to: (i64, i64), facing: Facing| image(symmetry, size, to, facing);
    match a.clone() {
        Action::Move { unit, to, facing } => {
            let (to, facing) = moved(to, facing);
            Action::Move { unit: unit ^ 1, to, facing }
        }
        Action::FreeMove { unit, to, facing } => {
            let (to, facing) = moved(to, facing);
            Action::FreeMove { unit: unit ^ 1, to, facing }
        }
        Action::Disembark { unit, to, facing } => {
            let (to, facing) = moved(to, facing);
            Action::Disembark { unit: unit ^ 1, to, facing }
        }
        Action::Fire { unit, weapon, target } => Action::Fire { unit: unit ^ 1, weapon, target: target ^ 1 },
        Action::AccurateFire { unit, weapon, target } => {
            Action::AccurateFire { unit: unit ^ 1, weapon, target: target ^ 1 }
        }
        Action::Scout { unit, target, friend } => {
            Action::Scout { unit: unit ^ 1, target: target ^ 1, friend: friend ^ 1 }
        }
        Action::Embark { unit, carrier } => Action::Embark { unit: unit ^ 1, carrier: carrier ^ 1 },
        Action::Deploy { unit, to, facing } => {
            let (to, facing) = moved(to, facing);
            Action::Deploy { unit: unit ^ 1, to, facing }
        }
        other => other,
    }
}

fn mirrored_choices_on(file: &str, text: &str, level: Level, seeds: std::ops::Range<u64>) {
    let data = Ruleset::builtin().unwrap();
    let core = ArmoredCore(std::sync::Arc::new(data.clone()));
    let scenario = load_scenario(&data, text).unwrap();
    let symmetry = scenario.symmetry.expect("the sample is symmetric");
    let size = (scenario.table.width, scenario.table.depth);
    for seed in seeds {
        let (mut state, _) = start_game(&data, &setup_of(&data, &scenario, Some(0)), seed).unwrap();
        for step in 0..2_000 {
            // The planner's whole run of actions, here and in the mirror.
            let chosen = core.computer_moves(&state, level);
            let in_mirror = core.computer_moves(&mirror_state(&state, symmetry), level);
            let images: Vec<Action> = chosen.iter().map(|a| mirror_action(a, symmetry, size)).collect();
            assert_eq!(
                images, in_mirror,
                "{file}, {level:?}, seed {seed}, turn {step}: the mirror's choice is not the image of {chosen:?}"
            );
            assert!(!chosen.is_empty(), "{file}, {level:?}, seed {seed}: no move in a game going on");
            for action in &chosen {
                apply(&data, &mut state, action).unwrap();
            }
            if state.outcome != Outcome::Ongoing {
                break;
            }
        }
    }
}

#[test]
fn on_hedgerow_crossing_the_computer_choice_in_a_mirror_is_the_mirror_of_its_choice() {
    let text = include_str!("../scenarios/aa-hedgerow-crossing.ron");
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        mirrored_choices_on("Hedgerow Crossing", text, level, 0..2);
    }
}

#[test]
fn on_three_farms_the_computer_choice_in_a_turned_copy_is_the_turned_choice() {
    let text = include_str!("../scenarios/aa-three-farms.ron");
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        mirrored_choices_on("Three Farms", text, level, 0..2);
    }
}

/// An event with the sides swapped and units renamed to their images when `flip`, in words
/// fit to compare.
fn event_words(e: &skirmish_studio::systems::armored::rules::Event, flip: bool) -> String {
    use skirmish_studio::systems::armored::rules::Event::{
        Damaged, Destroyed, Die, Embarked, Fired, GameOver, Hit, MenLost, Moved, Scored, Scouted, SetUp, ThrownOut,
        TurnStarted,
    };
    let u = |i: usize| if flip { i ^ 1 } else { i };
    match e {
        Fired { unit, weapon, target, range, needed } => {
            format!("fired {} {weapon} {} {range} {needed}", u(*unit), u(*target))
        }
        Damaged { unit, damage, left } => format!("dmg {} {damage} {left}", u(*unit)),
        MenLost { unit, men, left } => format!("men {} {men} {left}", u(*unit)),
        Destroyed { unit, .. } => format!("destroyed {}", u(*unit)),
        Scored { side, points } => format!("scored {} {points}", if flip { 1 - side } else { *side }),
        Die { roll, face, .. } => format!("die {roll:?} {face}"),
        Hit { needed } => format!("hit {needed}"),
        GameOver { winner, .. } => format!("over {:?}", winner.map(|w| if flip { 1 - w } else { w })),
        TurnStarted { side, round } => format!("turn {} {round}", if flip { 1 - side } else { *side }),
        Moved { unit, cost, .. } => format!("moved {} {cost}", u(*unit)),
        Scouted { unit, target, friend, bonus } => {
            format!("scouted {} {} {} {bonus}", u(*unit), u(*target), u(*friend))
        }
        Embarked { unit, carrier } => format!("embarked {} {}", u(*unit), u(*carrier)),
        ThrownOut { unit } => format!("thrown out {}", u(*unit)),
        SetUp { unit } => format!("set up {}", u(*unit)),
        other => format!("{other:?}"),
    }
}

#[test]
fn a_game_and_its_mirror_with_the_same_dice_give_the_same_events() {
    let data = Ruleset::builtin().unwrap();
    for text in [include_str!("../scenarios/aa-hedgerow-crossing.ron"), include_str!("../scenarios/aa-three-farms.ron")]
    {
        let scenario = load_scenario(&data, text).unwrap();
        let symmetry = scenario.symmetry.unwrap();
        let size = (scenario.table.width, scenario.table.depth);
        for seed in 0..2u64 {
            let (mut a, _) = start_game(&data, &setup_of(&data, &scenario, Some(0)), seed).unwrap();
            let (mut b, _) = start_game(&data, &setup_of(&data, &scenario, Some(1)), seed).unwrap();
            for step in 0..2_000 {
                let chosen = computer_action(&data, &a).unwrap();
                let image = mirror_action(&chosen, symmetry, size);
                let ea: Vec<String> =
                    apply(&data, &mut a, &chosen).unwrap().iter().map(|e| event_words(e, false)).collect();
                let eb: Vec<String> =
                    apply(&data, &mut b, &image).unwrap().iter().map(|e| event_words(e, true)).collect();
                assert_eq!(ea, eb, "{}, seed {seed}, action {step}: {chosen:?}", scenario.name);
                if a.outcome != Outcome::Ongoing {
                    break;
                }
            }
        }
    }
}

#[test]
fn relabelling_the_sides_changes_no_choice_the_frame_comes_from_where_a_side_deploys() {
    let data = Ruleset::builtin().unwrap();
    for text in [include_str!("../scenarios/aa-hedgerow-crossing.ron"), include_str!("../scenarios/aa-three-farms.ron")]
    {
        let scenario = load_scenario(&data, text).unwrap();
        let other = relabelled(&scenario);
        let core = ArmoredCore(std::sync::Arc::new(data.clone()));
        for level in [Level::Easy, Level::Normal, Level::Hard] {
            for seed in 0..2u64 {
                // The side at the bottom moves first in both: side 0 here, side 1 there.
                let (mut a, _) = start_game(&data, &setup_of(&data, &scenario, Some(0)), seed).unwrap();
                let (mut b, _) = start_game(&data, &setup_of(&data, &other, Some(1)), seed).unwrap();
                for step in 0..100 {
                    let chosen = core.computer_moves(&a, level);
                    let relabelled_choice = core.computer_moves(&b, level);
                    assert_eq!(
                        chosen, relabelled_choice,
                        "{}, {level:?}, seed {seed}, turn {step}: the relabelled side chose otherwise",
                        scenario.name
                    );
                    for action in &chosen {
                        apply(&data, &mut a, action).unwrap();
                        apply(&data, &mut b, action).unwrap();
                    }
                    if a.outcome != Outcome::Ongoing {
                        break;
                    }
                }
            }
        }
    }
}
