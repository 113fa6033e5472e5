//! Armored Advance's rules core at its boundary: the text's worked examples (7" light = 16",
//! 5" medium = 10", 4" heavy = 6", 8" wheeled in mud covers 4", a halftrack 6", damage 10
//! becomes 15 for Support), clause tests named after the rule they check, the house readings
//! switched, victory by each mode, and property tests (what is legal passes the check and
//! applies; the same seed and actions give the same events).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::prelude::*;
use skirmish_studio::systems::armored::rules::{
    Action, Event, Foliage, GameState, Outcome, Readings, Rejection, Setup, apply, check, legal_actions, legal_shots,
    shot, start_game,
};
use skirmish_studio::systems::armored::ruleset::Ruleset;
use skirmish_studio::systems::armored::scenario::{Mode, load_scenario};
use skirmish_studio::systems::armored::{game::ArmoredCore, scenario::setup::setup_of};
use skirmish_studio::table::Footprint;
use std::sync::Arc;

use crate::armored_common;
use armored_common::*;

#[test]
fn movement_light_7_inches_travels_16_with_its_free_2() {
    let data = data();
    let mut state =
        game(&data, &table(&[("light_tank", 0, 10.0, 40.0, 0.0), ("medium_tank", 1, 40.0, 5.0, 180.0)], vec![]));
    apply(&data, &mut state, &mv(0, 10.0, 33.0)).unwrap();
    apply(&data, &mut state, &mv(0, 10.0, 26.0)).unwrap();
    apply(&data, &mut state, &free(0, 10.0, 24.0)).unwrap();
    assert_eq!(state.units[0].pose.y, 24 * IN, "7\" + 7\" + 2\" = 16\"");
    assert_eq!(apply(&data, &mut state, &free(0, 10.0, 23.0)), Err(Rejection::NoFreeMove));
}

#[test]
fn movement_light_free_move_is_3_inches_from_a_road() {
    let data = data();
    let road = piece("road", Footprint::Rect { length: 48 * IN, width: 4 * IN }, 10.0, 24.0, 0.0, 0.0);
    let mut state =
        game(&data, &table(&[("light_tank", 0, 10.0, 40.0, 0.0), ("medium_tank", 1, 40.0, 5.0, 180.0)], vec![road]));
    assert!(apply(&data, &mut state, &free(0, 10.0, 37.0)).is_ok(), "3\" from a road");
}

#[test]
fn movement_medium_5_inches_travels_10() {
    let data = data();
    let mut state =
        game(&data, &table(&[("medium_tank", 0, 10.0, 40.0, 0.0), ("medium_tank", 1, 40.0, 5.0, 180.0)], vec![]));
    assert!(matches!(apply(&data, &mut state, &mv(0, 10.0, 34.5)), Err(Rejection::BeyondReach { .. })));
    apply(&data, &mut state, &mv(0, 10.0, 35.0)).unwrap();
    apply(&data, &mut state, &mv(0, 10.0, 30.0)).unwrap();
    assert_eq!(apply(&data, &mut state, &mv(0, 10.0, 29.0)), Err(Rejection::UnitActionsSpent));
    assert_eq!(apply(&data, &mut state, &free(0, 10.0, 29.0)), Err(Rejection::NoFreeMove));
}

#[test]
fn movement_heavy_4_inches_travels_6() {
    let data = data();
    let mut state =
        game(&data, &table(&[("heavy_tank", 0, 10.0, 40.0, 0.0), ("medium_tank", 1, 40.0, 5.0, 180.0)], vec![]));
    apply(&data, &mut state, &mv(0, 10.0, 36.0)).unwrap();
    assert!(matches!(apply(&data, &mut state, &mv(0, 10.0, 33.5)), Err(Rejection::BeyondReach { .. })));
    apply(&data, &mut state, &mv(0, 10.0, 34.0)).unwrap();
    assert_eq!(state.units[0].pose.y, 34 * IN, "4\" + 2\" = 6\"");
}

#[test]
fn thick_mud_a_wheeled_8_inches_covers_4() {
    let data = data();
    let mud = piece("mud", Footprint::Rect { length: 30 * IN, width: 30 * IN }, 20.0, 30.0, 0.0, 0.0);
    let mut state =
        game(&data, &table(&[("armoured_car", 0, 20.0, 35.0, 0.0), ("medium_tank", 1, 40.0, 5.0, 180.0)], vec![mud]));
    assert!(matches!(apply(&data, &mut state, &mv(0, 20.0, 30.5)), Err(Rejection::BeyondReach { .. })));
    apply(&data, &mut state, &mv(0, 20.0, 31.0)).unwrap();
}

#[test]
fn thick_mud_a_halftrack_8_inches_goes_6() {
    // The text's example: a halftrack with a movement stat of 8.
    let text = include_str!("../src/systems/armored/data/armored.ron").replace(
        "weight: Some(Light), propulsion: Some(Halftrack), movement: 6,",
        "weight: Some(Light), propulsion: Some(Halftrack), movement: 8,",
    );
    let data = Ruleset::from_ron(&text).unwrap();
    let mud = piece("mud", Footprint::Rect { length: 30 * IN, width: 30 * IN }, 20.0, 30.0, 0.0, 0.0);
    let mut state =
        game(&data, &table(&[("halftrack", 0, 20.0, 38.0, 0.0), ("medium_tank", 1, 40.0, 5.0, 180.0)], vec![mud]));
    assert!(matches!(apply(&data, &mut state, &mv(0, 20.0, 31.5)), Err(Rejection::BeyondReach { .. })));
    apply(&data, &mut state, &mv(0, 20.0, 32.0)).unwrap();
}

#[test]
fn tank_traps_stop_vehicles_but_not_infantry() {
    let data = data();
    let traps = piece("tank_traps", Footprint::Rect { length: 2 * IN, width: 20 * IN }, 20.0, 30.0, 0.0, 0.6);
    let mut state = game(
        &data,
        &table(
            &[
                ("medium_tank", 0, 15.0, 33.5, 0.0),
                ("infantry", 0, 25.0, 33.0, 0.0),
                ("medium_tank", 1, 40.0, 5.0, 180.0),
            ],
            vec![traps],
        ),
    );
    // The tank's 4.1" hull starts clear of the traps (y 29" to 31") and would cross them.
    assert!(matches!(apply(&data, &mut state, &mv(0, 15.0, 28.5)), Err(Rejection::HullBlocked { .. })));
    apply(&data, &mut state, &mv(1, 25.0, 29.0)).unwrap();
}

#[test]
fn slow_reverse_over_half_its_move_ends_facing_the_way_it_went() {
    let data = data();
    let mut state =
        game(&data, &table(&[("heavy_tank", 0, 10.0, 30.0, 0.0), ("medium_tank", 1, 40.0, 5.0, 180.0)], vec![]));
    // Backing 3" (over half of 4") while facing up: refused; 2" is allowed.
    assert_eq!(apply(&data, &mut state, &mv(0, 10.0, 33.0)), Err(Rejection::MustFaceTravel));
    apply(&data, &mut state, &mv(0, 10.0, 32.0)).unwrap();
}

#[test]
fn shooting_the_hit_roll_by_range_band_and_the_band_edge_reading() {
    let data = data();
    // Hulls 4.1" long facing each other: centres 10.1" apart is exactly 6" edge to edge.
    let mut s = table(&[("medium_tank", 0, 20.0, 30.0, 0.0), ("medium_tank", 1, 20.0, 19.9, 180.0)], vec![]);
    let state = game(&data, &s);
    let shot_at = |state: &GameState| shot(&data, state, 0, 0, 1).unwrap();
    assert_eq!(shot_at(&state).range, 6 * IN);
    assert_eq!(shot_at(&state).hit, 2, "exactly 6\" is not below 6\"");
    s.readings.set("band_edge", "nearer").unwrap();
    assert_eq!(shot_at(&game(&data, &s)).hit, 1);
}

#[test]
fn shooting_penetration_by_the_face_struck_and_weak_spot() {
    let data = data();
    // 75 mm (pen 9) against a Sherman's front 8: +1, 2+; its side 4: automatic; its rear too.
    let front =
        game(&data, &table(&[("medium_tank", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 20.0, 10.0, 180.0)], vec![]));
    assert_eq!(shot(&data, &front, 0, 0, 1).unwrap().penetration, 2);
    let side =
        game(&data, &table(&[("medium_tank", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 20.0, 10.0, 90.0)], vec![]));
    assert_eq!(shot(&data, &side, 0, 0, 1).unwrap().penetration, 0);
    // 37 mm (pen 6) against a Sherman's front 8 is -2: Weak Spot makes it 6+.
    let weak =
        game(&data, &table(&[("light_tank", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 20.0, 10.0, 180.0)], vec![]));
    assert_eq!(shot(&data, &weak, 0, 0, 1).unwrap().penetration, 6);
    // ... and against a Tiger's front 12 (no Weak Spot) it cannot.
    let tiger =
        game(&data, &table(&[("light_tank", 0, 20.0, 40.0, 0.0), ("heavy_tank", 1, 20.0, 10.0, 180.0)], vec![]));
    assert_eq!(shot(&data, &tiger, 0, 0, 1).unwrap().penetration, 7);
}

#[test]
fn angling_gives_its_armour_to_a_firer_30_to_60_degrees_off_the_front() {
    let data = data();
    // A StuG (front 9, Angling 10) facing up; a Sherman 45 degrees off its front.
    let state =
        game(&data, &table(&[("medium_tank", 1, 30.0, 10.0, 180.0), ("tank_destroyer", 0, 20.0, 20.0, 0.0)], vec![]));
    assert_eq!(
        skirmish_studio::systems::armored::rules::armour_faced(
            &data,
            &state.setup.readings,
            &state.units[0],
            &state.units[1]
        ),
        10
    );
}

#[test]
fn casemate_fires_in_its_front_90_degrees_only() {
    let data = data();
    let state =
        game(&data, &table(&[("tank_destroyer", 0, 20.0, 40.0, 90.0), ("medium_tank", 1, 20.0, 10.0, 180.0)], vec![]));
    assert_eq!(shot(&data, &state, 0, 0, 1), Err(Rejection::OutOfArc));
}

#[test]
fn support_damage_10_becomes_15_against_a_field_gun() {
    let text = include_str!("../src/systems/armored/data/armored.ron").replace(
        "(name: \"105 mm howitzer\", penetration: 6, damage: 20, anti_infantry: Some(\"D6-1\"), keywords: [Indirect(60)])",
        "(name: \"75 mm howitzer\", penetration: 6, damage: 10, keywords: [Indirect(60)])",
    );
    let data = Ruleset::from_ron(&text).unwrap();
    let mut gun = game(&data, &table(&[("artillery", 0, 20.0, 40.0, 0.0), ("at_gun", 1, 20.0, 10.0, 180.0)], vec![]));
    gun.units[0].set_up = true;
    assert_eq!(shot(&data, &gun, 0, 0, 1).unwrap().damage, 15);
    let mut tank =
        game(&data, &table(&[("artillery", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 20.0, 10.0, 180.0)], vec![]));
    tank.units[0].set_up = true;
    assert_eq!(shot(&data, &tank, 0, 0, 1).unwrap().damage, 10);
}

#[test]
fn foliage_between_adds_2_to_the_roll_or_3_inches_by_the_reading() {
    let data = data();
    let bush = piece("foliage", Footprint::Oval { length: 4 * IN, width: 8 * IN }, 20.0, 25.0, 0.0, 1.0);
    let mut s = table(&[("medium_tank", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 20.0, 20.0, 180.0)], vec![bush]);
    // 20" centres, 15.9" edge to edge: 3+; +2 for the foliage.
    assert_eq!(shot(&data, &game(&data, &s), 0, 0, 1).unwrap().hit, 5);
    s.readings.set("foliage", "range").unwrap();
    assert_eq!(shot(&data, &game(&data, &s), 0, 0, 1).unwrap().hit, 4, "18.9\": 4+");
}

#[test]
fn walls_take_2_penetration_or_add_1_armour_by_the_reading() {
    let data = data();
    let wall = piece("wall", Footprint::Rect { length: IN / 2, width: 10 * IN }, 20.0, 25.0, 0.0, 1.0);
    let mut s = table(&[("medium_tank", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 20.0, 10.0, 180.0)], vec![wall]);
    // 9 - 2 - 8 = -1: 6+ (Weak Spot: 5+).
    assert_eq!(shot(&data, &game(&data, &s), 0, 0, 1).unwrap().penetration, 5);
    s.readings.set("wall", "armour").unwrap();
    // 9 - (8 + 1) = 0: 4+.
    assert_eq!(shot(&data, &game(&data, &s), 0, 0, 1).unwrap().penetration, 4);
}

#[test]
fn a_building_hides_what_is_behind_it() {
    let data = data();
    let house = piece("building", Footprint::Rect { length: 6 * IN, width: 8 * IN }, 20.0, 25.0, 0.0, 4.0);
    let state =
        game(&data, &table(&[("medium_tank", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 20.0, 10.0, 180.0)], vec![house]));
    assert_eq!(shot(&data, &state, 0, 0, 1), Err(Rejection::NotInSight));
}

#[test]
fn long_reload_cannot_fire_two_turns_running() {
    let data = data();
    let mut state =
        game(&data, &table(&[("artillery", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 30.0, 10.0, 180.0)], vec![]));
    state.units[0].set_up = true;
    apply(&data, &mut state, &Action::Fire { unit: 0, weapon: 0, target: 1 }).unwrap();
    apply(&data, &mut state, &Action::EndTurn).unwrap();
    apply(&data, &mut state, &Action::EndTurn).unwrap();
    assert_eq!(state.outcome, Outcome::Ongoing, "one howitzer shot cannot end the game");
    assert_eq!(state.side, 0);
    assert_eq!(check(&data, &state, &Action::Fire { unit: 0, weapon: 0, target: 1 }), Err(Rejection::Reloading));
}

#[test]
fn a_weapon_fires_once_a_turn_and_the_action_limit_binds() {
    let data = data();
    let mut s = table(
        &[
            ("medium_tank", 0, 20.0, 40.0, 0.0),
            ("heavy_tank", 1, 20.0, 10.0, 180.0),
            ("light_tank", 0, 30.0, 40.0, 0.0),
        ],
        vec![],
    );
    s.action_limit = 2;
    let mut state = game(&data, &s);
    apply(&data, &mut state, &Action::Fire { unit: 0, weapon: 0, target: 1 }).unwrap();
    assert_eq!(check(&data, &state, &Action::Fire { unit: 0, weapon: 0, target: 1 }), Err(Rejection::WeaponSpent));
    apply(&data, &mut state, &mv(2, 30.0, 36.0)).unwrap();
    assert_eq!(check(&data, &state, &mv(0, 20.0, 36.0)), Err(Rejection::ActionLimitSpent));
}

#[test]
fn anti_infantry_fire_kills_men_by_the_die_and_infantry_act_free_of_the_limit() {
    let data = data();
    let mut s = table(
        &[
            ("infantry", 0, 20.0, 30.0, 0.0),
            ("infantry", 1, 20.0, 22.0, 180.0),
            ("medium_tank", 0, 40.0, 44.0, 0.0),
            ("medium_tank", 1, 40.0, 4.0, 180.0),
        ],
        vec![],
    );
    s.action_limit = 0;
    let mut state = game(&data, &s);
    let events = apply(&data, &mut state, &Action::Fire { unit: 0, weapon: 0, target: 1 }).unwrap();
    let die = events.iter().find_map(|e| if let Event::Die { face, .. } = e { Some(*face) } else { None }).unwrap();
    // D3-1 from a D6 halved: 1-2 kill 0, 3-4 kill 1, 5-6 kill 2.
    let killed = i64::from(die.div_ceil(2)) - 1;
    assert_eq!(i64::from(state.units[1].hp), 6 - killed);
    // The squad's one action is spent; and with six men the 1-3 men weapon is not its to fire.
    assert_eq!(check(&data, &state, &Action::Fire { unit: 0, weapon: 0, target: 1 }), Err(Rejection::UnitActionsSpent));
    assert_eq!(shot(&data, &state, 0, 1, 1), Err(Rejection::SquadStrength { men: 6, least: 1, most: 3 }));
}

#[test]
fn annihilation_ends_when_a_side_has_no_vehicle_left() {
    let data = data();
    let s = table(&[("heavy_tank", 0, 20.0, 30.0, 0.0), ("armoured_car", 1, 20.0, 22.0, 180.0)], vec![]);
    let setup = setup_of(&data, &s, Some(0));
    for seed in 1..40 {
        let (mut state, _) = start_game(&data, &setup, seed).unwrap();
        // A car already hit: 5 HP left, under the 88's 14.
        state.units[1].hp = 5;
        let events = apply(&data, &mut state, &Action::Fire { unit: 0, weapon: 0, target: 1 }).unwrap();
        if events.iter().any(|e| matches!(e, Event::Destroyed { .. })) {
            assert!(matches!(state.outcome, Outcome::Won { side: 0, .. }));
            return;
        }
    }
    panic!("an 88 at 2\" never destroyed an armoured car in 40 seeds");
}

#[test]
fn annihilation_is_a_draw_when_neither_side_can_hurt_the_other() {
    let data = data();
    // An armoured car (pen 3) against an anti-tank gun... behind its own armour? Two guns that
    // cannot penetrate each other: anti-tank rifles do not count as vehicles.
    let s = table(&[("armoured_car", 0, 10.0, 40.0, 0.0), ("heavy_tank", 1, 40.0, 5.0, 180.0)], vec![]);
    let mut state = game(&data, &s);
    // The Tiger can hurt the car, so the game goes on.
    assert_eq!(state.outcome, Outcome::Ongoing);
    // Take the Tiger's gun away: now neither can hurt the other's vehicle.
    let text = include_str!("../src/systems/armored/data/armored.ron")
        .replace("(name: \"88 mm gun\", penetration: 14, damage: 14),", "");
    let unarmed = Ruleset::from_ron(&text).unwrap();
    state = game(&unarmed, &s);
    assert_eq!(state.outcome, Outcome::Draw);
}

#[test]
fn domination_tallies_the_difference_for_the_other_side_at_the_end_of_a_turn() {
    let data = data();
    let mut s = table(
        &[
            ("infantry", 0, 24.0, 24.0, 0.0),
            ("medium_tank", 0, 5.0, 44.0, 0.0),
            ("medium_tank", 1, 44.0, 4.0, 180.0),
            ("infantry", 1, 44.0, 8.0, 180.0),
        ],
        vec![],
    );
    s.mode = Mode::Domination;
    s.turn_limit = Some(3);
    s.table.objectives.push(skirmish_studio::table::Objective {
        name: "C".into(),
        at: (24 * IN, 24 * IN),
        marker: 40_000,
        radius: 3 * IN,
    });
    let mut state = game(&data, &s);
    // Side 1 (index 0) holds the centre; at the end of side 2's turn, side 1 scores 1.
    let events = apply(&data, &mut state, &Action::EndTurn).unwrap();
    assert!(
        !events.iter().any(|e| matches!(e, Event::Scored { .. })),
        "nothing for side 2 at the end of side 1's turn"
    );
    let events = apply(&data, &mut state, &Action::EndTurn).unwrap();
    assert!(events.contains(&Event::Scored { side: 0, points: 1 }), "{events:?}");
}

#[test]
fn timed_annihilation_compares_requisition_at_the_limit_and_a_tie_plays_another_round() {
    let data = data();
    let mut s = table(
        &[("medium_tank", 0, 5.0, 44.0, 0.0), ("medium_tank", 1, 44.0, 4.0, 180.0)],
        vec![piece("building", Footprint::Rect { length: 10 * IN, width: 40 * IN }, 24.0, 24.0, 90.0, 5.0)],
    );
    s.mode = Mode::TimedAnnihilation;
    s.turn_limit = Some(1);
    let mut state = game(&data, &s);
    apply(&data, &mut state, &Action::EndTurn).unwrap();
    apply(&data, &mut state, &Action::EndTurn).unwrap();
    assert_eq!(state.outcome, Outcome::Ongoing, "equal requisition: one more round");
    assert_eq!(state.extra_rounds, 1);
    assert_eq!(state.round, 2);
}

fn random_game(seed: u64, choices: &[usize], sample: &str) -> (Vec<Action>, Vec<Event>) {
    let data = Arc::new(data());
    let scenario = load_scenario(&data, sample).unwrap();
    let setup: Setup = setup_of(&data, &scenario, None);
    let (mut state, mut events) = start_game(&data, &setup, seed).unwrap();
    let mut actions = Vec::new();
    for &choice in choices {
        let legal = legal_actions(&data, &state);
        if legal.is_empty() {
            break;
        }
        // Every shot the check allows is listed: each unit, weapon and target asked.
        let listed: Vec<Action> = legal_shots(&data, &state).into_iter().map(|(a, _)| a).collect();
        for (unit, u) in state.units.iter().enumerate() {
            let weapons = data.profiles.get(u.profile).map_or(0, |p| p.weapons.len());
            for weapon in 0..weapons {
                for target in 0..state.units.len() {
                    let fire = Action::Fire { unit, weapon, target };
                    let allowed = check(&data, &state, &fire).is_ok();
                    assert_eq!(allowed, listed.contains(&fire), "{fire:?}: the check and the list of shots disagree");
                }
            }
        }
        let action = legal[choice % legal.len()].clone();
        assert!(check(&data, &state, &action).is_ok(), "legal but refused: {action:?}");
        events.extend(apply(&data, &mut state, &action).expect("a legal action applies"));
        actions.push(action);
    }
    (actions, events)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn legal_actions_pass_the_check_apply_and_replay_the_same(seed in 0u64..1000, choices in prop::collection::vec(0usize..500, 1..25)) {
        for sample in [include_str!("../scenarios/aa-hedgerow-crossing.ron"), include_str!("../scenarios/aa-three-farms.ron")] {
            let (actions, events) = random_game(seed, &choices, sample);
            // Replaying the actions from the seed gives the same events.
            let data = data();
            let scenario = load_scenario(&data, sample).unwrap();
            let (mut state, mut again) = start_game(&data, &setup_of(&data, &scenario, None), seed).unwrap();
            for action in &actions {
                again.extend(apply(&data, &mut state, action).unwrap());
            }
            prop_assert_eq!(events, again);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_computer_game() {
    let data = Arc::new(data());
    let scenario = load_scenario(&data, include_str!("../scenarios/aa-three-farms.ron")).unwrap();
    let core = ArmoredCore(Arc::clone(&data));
    let run = || {
        skirmish_studio::game::run_battle(
            &core,
            setup_of(&data, &scenario, None),
            11,
            None,
            40,
            &[skirmish_studio::game::Level::Normal; 2],
        )
        .unwrap()
        .0
    };
    assert_eq!(run(), run());
}

#[test]
fn a_scenario_sets_its_readings_and_the_file_keeps_them() {
    let data = data();
    let text = include_str!("../scenarios/aa-hedgerow-crossing.ron")
        .replace("table: (", "readings: (foliage: Range, sight_threshold: 0.5),\n    table: (");
    let scenario = load_scenario(&data, &text).unwrap();
    assert_eq!(scenario.readings.ask(|r| (r.foliage(), r.sight_threshold())), (Foliage::Range, 0.5));
    let written = skirmish_studio::systems::armored::scenario::save_scenario(&data, &scenario).unwrap();
    assert_eq!(load_scenario(&data, &written).unwrap().readings, scenario.readings);
    assert_eq!(Readings::default().ask(|r| r.sight_threshold()), 0.25);
}

#[test]
fn a_reading_is_a_setting_the_lab_can_sweep_by_name() {
    use skirmish_studio::balance::SweepSpec;
    let spec = SweepSpec::parse("reading.foliage=roll,range").unwrap();
    assert_eq!(spec.values, [0, 1]);
    assert_eq!((spec.text(0).as_str(), spec.text(1).as_str()), ("roll", "range"));
    let system = skirmish_studio::systems::system("armored-advance").unwrap();
    let rules = system.rules(None).unwrap();
    let scenario = rules.open(include_str!("../scenarios/aa-three-farms.ron")).unwrap();
    let foliage = scenario.settings().into_iter().find(|s| s.name == "reading.foliage").unwrap();
    assert_eq!(foliage.values(), ["roll", "range"]);
    assert!(scenario.with_setting("reading.foliage", "range").is_ok());
    let refused = scenario.with_setting("reading.foliage", "sideways").err().unwrap();
    assert!(refused.contains("does not take 'sideways'"), "{refused}");
    let unknown = scenario.with_setting("reading.fog", "on").err().unwrap();
    assert!(unknown.contains("no reading 'fog'"), "{unknown}");
}
