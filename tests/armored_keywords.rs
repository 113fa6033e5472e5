//! Armored Advance's keyword actions and equipment, each case named after the clause it checks:
//! Accurate, Scout, APC, Towing, field-gun crews, sandbags, Machine Gun and Grenade, tank-trap
//! demolition, indirect fire with artillery HE, and the readings that settle their silences.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::armored_common;
use armored_common::*;

use skirmish_studio::systems::armored::rules::{
    Action, Event, Rejection, Roll, apply, check, disembark_candidates, objectives_held, shot,
};
use skirmish_studio::table::{Facing, Footprint, Objective};

fn fire(unit: usize, weapon: usize, target: usize) -> Action {
    Action::Fire { unit, weapon, target }
}

#[test]
fn accurate_spends_both_actions_for_one_shot_at_plus_1_and_no_move() {
    let data = data();
    let mut state =
        game(&data, &table(&[("tank_hunter", 0, 20.0, 40.0, 0.0), ("heavy_tank", 1, 20.0, 16.0, 180.0)], vec![]));
    let plain = shot(&data, &state, 0, 0, 1).unwrap();
    let Ok(skirmish_studio::systems::armored::rules::Checked::Fire(accurate)) =
        check(&data, &state, &Action::AccurateFire { unit: 0, weapon: 0, target: 1 })
    else {
        panic!("an accurate shot is allowed before moving");
    };
    assert_eq!(accurate.hit, plain.hit - 1, "+1 to the hit roll");
    apply(&data, &mut state, &Action::AccurateFire { unit: 0, weapon: 0, target: 1 }).unwrap();
    assert_eq!(state.units[0].actions_spent, 2);
    assert_eq!(state.actions_spent, 2, "both actions count against the limit");
    assert_eq!(check(&data, &state, &mv(0, 20.0, 38.0)), Err(Rejection::FiredAccurate));

    let mut moved =
        game(&data, &table(&[("tank_hunter", 0, 20.0, 40.0, 0.0), ("heavy_tank", 1, 20.0, 16.0, 180.0)], vec![]));
    apply(&data, &mut moved, &mv(0, 20.0, 38.0)).unwrap();
    assert_eq!(check(&data, &moved, &Action::AccurateFire { unit: 0, weapon: 0, target: 1 }), Err(Rejection::HasMoved));
    assert_eq!(
        check(
            &data,
            &game(&data, &table(&[("medium_tank", 0, 20.0, 40.0, 0.0), ("heavy_tank", 1, 20.0, 16.0, 180.0)], vec![])),
            &Action::AccurateFire { unit: 0, weapon: 0, target: 1 }
        ),
        Err(Rejection::LacksKeyword("Accurate".into()))
    );
}

#[test]
fn scout_gives_a_friend_plus_3_under_2_feet_plus_2_under_3_and_plus_1_beyond() {
    let data = data();
    for (enemy_y, bonus) in [(24.0, 3), (10.0, 2), (4.0, 1)] {
        let mut state = game(
            &data,
            &table(
                &[
                    ("armoured_car", 0, 10.0, 44.0, 0.0),
                    ("medium_tank", 0, 30.0, 44.0, 0.0),
                    ("light_tank", 1, 10.0, enemy_y, 180.0),
                ],
                vec![],
            ),
        );
        let before = shot(&data, &state, 1, 0, 2).unwrap().hit;
        let events = apply(&data, &mut state, &Action::Scout { unit: 0, target: 2, friend: 1 }).unwrap();
        assert!(events.contains(&Event::Scouted { unit: 0, target: 2, friend: 1, bonus }), "{events:?}");
        let after = shot(&data, &state, 1, 0, 2).unwrap();
        assert_eq!(after.hit, before.saturating_sub(bonus).max(1));
        assert_eq!(after.scouted, bonus);
        assert_eq!(state.actions_spent, 1, "scouting is an action");
    }
    // Beyond 60" a scout marks nothing: on a 96" table, 85" apart.
    let mut wide = table(
        &[("armoured_car", 0, 5.0, 90.0, 0.0), ("medium_tank", 0, 30.0, 90.0, 0.0), ("light_tank", 1, 5.0, 5.0, 180.0)],
        vec![],
    );
    (wide.table.width, wide.table.depth) = (96 * IN, 96 * IN);
    let far = game(&data, &wide);
    assert!(matches!(
        check(&data, &far, &Action::Scout { unit: 0, target: 2, friend: 1 }),
        Err(Rejection::TooFar { allowed, .. }) if allowed == 60 * IN
    ));
    assert_eq!(
        check(&data, &far, &Action::Scout { unit: 1, target: 2, friend: 0 }),
        Err(Rejection::LacksKeyword("Scout".into()))
    );
}

#[test]
fn walls_hide_a_vehicle_unless_a_scout_marks_it_and_then_the_bonus_is_lost() {
    let data = data();
    let wall = piece("wall", Footprint::Rect { length: IN / 2, width: 10 * IN }, 20.0, 13.0, 0.0, 1.5);
    let mut state = game(
        &data,
        &table(
            &[
                ("armoured_car", 0, 40.0, 10.0, 270.0),
                ("medium_tank", 0, 20.0, 40.0, 0.0),
                ("at_gun", 1, 20.0, 10.0, 180.0),
            ],
            vec![wall],
        ),
    );
    assert_eq!(shot(&data, &state, 1, 0, 2), Err(Rejection::NotInSight));
    apply(&data, &mut state, &Action::Scout { unit: 0, target: 2, friend: 1 }).unwrap();
    let through = shot(&data, &state, 1, 0, 2).unwrap();
    assert_eq!(through.scouted, 0, "the spotting bonus is lost through a wall");
    assert_eq!(through.line.unwrap().walls, 1);
}

#[test]
fn scout_mark_lasts_the_turn_or_one_shot_by_the_reading() {
    let data = data();
    let mut s = table(
        &[
            ("armoured_car", 0, 10.0, 44.0, 0.0),
            ("medium_tank", 0, 30.0, 44.0, 0.0),
            ("heavy_tank", 1, 10.0, 24.0, 180.0),
        ],
        vec![],
    );
    s.readings.set("scout_mark", "shot").unwrap();
    let mut state = game(&data, &s);
    apply(&data, &mut state, &Action::Scout { unit: 0, target: 2, friend: 1 }).unwrap();
    apply(&data, &mut state, &fire(1, 0, 2)).unwrap();
    assert!(state.marks.is_empty(), "one shot uses the mark");
    s.readings.set("scout_mark", "turn").unwrap();
    let mut state = game(&data, &s);
    apply(&data, &mut state, &Action::Scout { unit: 0, target: 2, friend: 1 }).unwrap();
    apply(&data, &mut state, &fire(1, 0, 2)).unwrap();
    assert_eq!(state.marks.len(), 1, "the mark stands to the end of the turn");
    apply(&data, &mut state, &Action::EndTurn).unwrap();
    assert!(state.marks.is_empty());
}

fn apc_game()
-> (skirmish_studio::systems::armored::ruleset::Ruleset, skirmish_studio::systems::armored::rules::GameState) {
    let data = data();
    let state = game(
        &data,
        &table(
            &[
                ("halftrack", 0, 20.0, 40.0, 0.0),
                ("infantry", 0, 20.0, 43.3, 0.0),
                ("heavy_tank", 1, 20.0, 33.0, 180.0),
                ("infantry", 0, 24.0, 43.3, 0.0),
                ("light_tank", 0, 5.0, 45.0, 0.0),
            ],
            vec![],
        ),
    );
    (data, state)
}

#[test]
fn apc_embarking_costs_the_apc_an_action_and_riders_are_safe_from_anti_infantry_fire() {
    let (data, mut state) = apc_game();
    apply(&data, &mut state, &Action::Embark { unit: 1, carrier: 0 }).unwrap();
    assert_eq!((state.units[0].actions_spent, state.actions_spent), (1, 1));
    assert_eq!(state.units[1].riding, Some(0));
    assert_eq!(check(&data, &state, &Action::Embark { unit: 3, carrier: 0 }), Err(Rejection::NoRoom), "APC (1)");
    apply(&data, &mut state, &mv(0, 20.0, 38.0)).unwrap();
    assert_eq!(state.units[1].pose.y, 38 * IN, "the riders go with it");
    assert_eq!(check(&data, &state, &mv(1, 20.0, 36.0)), Err(Rejection::Carried));
    apply(&data, &mut state, &Action::EndTurn).unwrap();
    assert_eq!(shot(&data, &state, 2, 1, 1), Err(Rejection::Riding), "inside, immune to anti-infantry fire");
}

#[test]
fn apc_disembarking_is_free_and_the_squad_takes_no_other_action_that_turn() {
    let (data, mut state) = apc_game();
    apply(&data, &mut state, &Action::Embark { unit: 1, carrier: 0 }).unwrap();
    let out = disembark_candidates(&data, &state, 1).into_iter().find(|a| check(&data, &state, a).is_ok()).unwrap();
    apply(&data, &mut state, &out).unwrap();
    assert_eq!(state.actions_spent, 1, "getting out costs nothing");
    assert_eq!(state.units[1].riding, None);
    assert_eq!(check(&data, &state, &mv(1, 26.0, 46.0)), Err(Rejection::Stunned));
    let far = Action::Disembark { unit: 3, to: (30 * IN, 30 * IN), facing: Facing::UP };
    assert_eq!(check(&data, &state, &far), Err(Rejection::NotCarried));
}

#[test]
fn apc_destroyed_throws_out_its_riders_with_d3_minus_1_losses_and_their_next_action() {
    let (data, mut state) = apc_game();
    apply(&data, &mut state, &Action::Embark { unit: 1, carrier: 0 }).unwrap();
    apply(&data, &mut state, &Action::EndTurn).unwrap();
    state.units[0].hp = 1;
    // Point blank with an 88: a sure hit, a sure penetration.
    let events = apply(&data, &mut state, &fire(2, 0, 0)).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::Destroyed { unit: 0, side: 0, .. })));
    assert!(events.contains(&Event::ThrownOut { unit: 1 }));
    let face = events
        .iter()
        .find_map(|e| match e {
            Event::Die { roll: Roll::Casualties, face, .. } => Some(*face),
            _ => None,
        })
        .expect("the D3 is rolled as an event");
    assert_eq!(state.units[1].hp, 6 - (u32::from(face.div_ceil(2)) - 1));
    assert_eq!(state.units[1].riding, None);
    apply(&data, &mut state, &Action::EndTurn).unwrap();
    assert_eq!(check(&data, &state, &mv(1, 20.0, 36.0)), Err(Rejection::Stunned), "it loses its next action");
}

#[test]
fn towing_hooks_up_for_an_action_a_heavy_gun_halves_the_move_and_deploying_is_free() {
    let data = data();
    let s = |gun: &str| {
        table(
            &[("halftrack", 0, 20.0, 40.0, 0.0), (gun, 0, 20.0, 44.0, 0.0), ("heavy_tank", 1, 20.0, 5.0, 180.0)],
            vec![],
        )
    };
    let mut medium = game(&data, &s("at_gun"));
    apply(&data, &mut medium, &Action::Embark { unit: 1, carrier: 0 }).unwrap();
    assert_eq!(medium.units[1].towed_by, Some(0));
    assert_eq!(medium.actions_spent, 1);
    let full = data.profiles.iter().find(|p| p.id == "halftrack").unwrap().movement;
    apply(&data, &mut medium, &mv(0, 20.0, 40.0 - full)).unwrap();
    assert!(medium.units[1].pose.y > medium.units[0].pose.y, "the gun follows behind");
    let mut heavy = game(&data, &s("field_gun"));
    apply(&data, &mut heavy, &Action::Embark { unit: 1, carrier: 0 }).unwrap();
    assert!(matches!(check(&data, &heavy, &mv(0, 20.0, 40.0 - full)), Err(Rejection::BeyondReach { .. })));
    apply(&data, &mut heavy, &mv(0, 20.0, 40.0 - full / 2.0)).unwrap();
    let deploy = disembark_candidates(&data, &heavy, 1).into_iter().find(|a| check(&data, &heavy, a).is_ok()).unwrap();
    apply(&data, &mut heavy, &deploy).unwrap();
    assert_eq!(heavy.actions_spent, 2, "deploying costs nothing");
    assert_eq!(heavy.units[1].towed_by, None);
    assert_eq!(
        check(&data, &heavy, &Action::Embark { unit: 0, carrier: 1 }),
        Err(Rejection::CannotBoard),
        "a vehicle boards nothing"
    );
}

#[test]
fn field_guns_fire_only_manned_from_behind_and_an_artillery_crew_adds_1_to_hit() {
    let data = data();
    let crewed = |crew: &str, y: f64| {
        game(
            &data,
            &table(
                &[("at_gun", 0, 20.0, 40.0, 0.0), (crew, 0, 20.0, y, 0.0), ("medium_tank", 1, 20.0, 16.0, 180.0)],
                vec![],
            ),
        )
    };
    let alone = game(&data, &table(&[("at_gun", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 20.0, 16.0, 180.0)], vec![]));
    assert_eq!(shot(&data, &alone, 0, 0, 1), Err(Rejection::Unmanned));
    assert_eq!(shot(&data, &crewed("infantry", 37.5), 0, 0, 2), Err(Rejection::Unmanned), "in front is not behind");
    assert_eq!(shot(&data, &crewed("infantry", 46.0), 0, 0, 2), Err(Rejection::Unmanned), "more than 1\" away");
    let squad = shot(&data, &crewed("infantry", 42.3), 0, 0, 2).unwrap();
    let gunners = shot(&data, &crewed("artillery_crew", 42.3), 0, 0, 2).unwrap();
    assert_eq!(gunners.hit, squad.hit - 1);
}

#[test]
fn infantry_manning_a_gun_is_immune_to_anti_infantry_fire_from_where_the_gun_has_armour() {
    let data = data();
    let state = game(
        &data,
        &table(
            &[
                ("light_tank", 0, 20.0, 24.0, 0.0),
                ("at_gun", 1, 20.0, 12.0, 180.0),
                ("infantry", 1, 20.0, 9.7, 180.0),
                ("light_tank", 0, 20.0, 2.5, 180.0),
            ],
            vec![],
        ),
    );
    assert_eq!(shot(&data, &state, 0, 1, 2), Err(Rejection::ShelteredByGun), "the gun's front armour is 4");
    assert!(shot(&data, &state, 3, 1, 2).is_ok(), "its rear armour is 0: the crew can be fired upon");
}

#[test]
fn sandbags_give_a_gun_1_armour_and_1_to_the_roll_and_halve_infantry_losses() {
    let data = data();
    let bags = piece("sandbags", Footprint::Rect { length: IN, width: 4 * IN }, 20.0, 14.6, 0.0, 0.7);
    let units = [
        ("medium_tank", 0, 20.0, 30.0, 0.0),
        ("at_gun", 1, 20.0, 12.0, 180.0),
        ("infantry", 1, 20.0, 9.7, 180.0),
        ("light_tank", 0, 26.0, 30.0, 0.0),
    ];
    let open = shot(&data, &game(&data, &table(&units, vec![])), 0, 0, 1).unwrap();
    let covered = shot(&data, &game(&data, &table(&units, vec![bags.clone()])), 0, 0, 1).unwrap();
    assert_eq!(covered.hit, (open.hit + 1).min(6));
    assert!(covered.penetration >= open.penetration, "one more armour point");
    let squad_units = [("light_tank", 0, 20.0, 24.0, 0.0), ("infantry", 1, 20.0, 13.0, 180.0)];
    let bagged = piece("sandbags", Footprint::Rect { length: IN, width: 4 * IN }, 20.0, 14.6, 0.0, 0.7);
    let s = shot(&data, &game(&data, &table(&squad_units, vec![bagged])), 0, 1, 1).unwrap();
    assert!(s.halved, "infantry behind sandbags halve their losses");
}

#[test]
fn machine_gun_adds_a_kill_and_grenades_are_two_throws_within_6_inches_over_walls() {
    let data = data();
    let wall = piece("wall", Footprint::Rect { length: IN / 2, width: 8 * IN }, 20.0, 22.0, 0.0, 1.5);
    let mut state = game(
        &data,
        &table(
            &[
                ("infantry_grenades", 0, 20.0, 24.0, 0.0),
                ("infantry", 1, 20.0, 19.5, 180.0),
                ("infantry_mg", 0, 40.0, 30.0, 0.0),
                ("infantry", 1, 40.0, 22.0, 0.0),
                ("medium_tank", 0, 5.0, 44.0, 0.0),
                ("medium_tank", 1, 44.0, 4.0, 180.0),
            ],
            vec![wall],
        ),
    );
    assert_eq!(shot(&data, &state, 2, 0, 3).unwrap().kills, Some((3, 0)), "D3-1, +1 for the machine gun");
    assert_eq!(shot(&data, &state, 0, 0, 1), Err(Rejection::NotInSight), "rifles do not shoot through the wall");
    assert!(shot(&data, &state, 0, 2, 1).is_ok(), "a grenade goes over it");
    assert_eq!(shot(&data, &state, 0, 2, 3), Err(Rejection::OutOfRange));
    for _ in 0..2 {
        apply(&data, &mut state, &fire(0, 2, 1)).unwrap();
        apply(&data, &mut state, &Action::EndTurn).unwrap();
        apply(&data, &mut state, &Action::EndTurn).unwrap();
        if state.units[1].hp == 0 {
            return;
        }
    }
    assert_eq!(shot(&data, &state, 0, 2, 1), Err(Rejection::UsedUp { uses: 2 }), "two grenades, single use");
}

#[test]
fn tank_traps_demolished_by_a_support_vehicle_with_both_actions_clear_traps_within_3_inches() {
    let data = data();
    let trap = |x: f64| piece("tank_traps", Footprint::Rect { length: 3 * IN / 2, width: 6 * IN }, x, 30.0, 90.0, 0.6);
    let mut state = game(
        &data,
        &table(
            &[("artillery", 0, 20.0, 40.0, 0.0), ("heavy_tank", 1, 40.0, 5.0, 180.0)],
            vec![trap(20.0), trap(22.5), trap(40.0)],
        ),
    );
    assert!(check(&data, &state, &mv(0, 20.0, 36.0)).is_ok());
    assert_eq!(
        check(&data, &state, &Action::Demolish { unit: 0, piece: 2 })
            .err()
            .map(|e| matches!(e, Rejection::TooFar { .. })),
        Some(true)
    );
    let events = apply(&data, &mut state, &Action::Demolish { unit: 0, piece: 0 }).unwrap();
    assert_eq!(events, vec![Event::Demolished { pieces: vec![0, 1] }]);
    assert_eq!(state.actions_spent, 2);
    apply(&data, &mut state, &Action::EndTurn).unwrap();
    apply(&data, &mut state, &Action::EndTurn).unwrap();
    apply(&data, &mut state, &mv(0, 20.0, 35.0)).unwrap();
    apply(&data, &mut state, &mv(0, 20.0, 30.0)).expect("the cleared ground is open");
    assert_eq!(check(&data, &state, &Action::Demolish { unit: 0, piece: 2 }), Err(Rejection::NeedsBothActions));
}

#[test]
fn indirect_fire_needs_a_turn_set_up_and_ignores_walls_but_not_a_building_close_behind() {
    let data = data();
    let wall = piece("wall", Footprint::Rect { length: IN / 2, width: 10 * IN }, 20.0, 25.0, 0.0, 3.0);
    let mut state =
        game(&data, &table(&[("artillery", 0, 20.0, 44.0, 0.0), ("medium_tank", 1, 20.0, 12.0, 180.0)], vec![wall]));
    assert_eq!(shot(&data, &state, 0, 0, 1), Err(Rejection::NotSetUp));
    let events = apply(&data, &mut state, &Action::EndTurn).unwrap();
    assert!(events.contains(&Event::SetUp { unit: 0 }), "a whole turn without moving sets it up");
    apply(&data, &mut state, &Action::EndTurn).unwrap();
    let s = shot(&data, &state, 0, 0, 1).unwrap();
    let he = s.he.expect("HE damage");
    assert!(s.line.is_none(), "it ignores the wall");
    assert_eq!(he.modifier, 1, "a stationary medium target: D6 + 1");
    assert_eq!(he.armour, 4, "the target's side armour");
    let events = apply(&data, &mut state, &fire(0, 0, 1)).unwrap();
    let shells = events.iter().filter(|e| matches!(e, Event::Die { roll: Roll::Shell, .. })).count();
    let hit = events.iter().any(|e| matches!(e, Event::Hit { .. }));
    assert_eq!(shells, usize::from(hit), "one D6 for n = 1");

    let house = piece("building", Footprint::Rect { length: 6 * IN, width: 8 * IN }, 20.0, 17.0, 0.0, 4.0);
    let mut covered =
        game(&data, &table(&[("artillery", 0, 20.0, 44.0, 0.0), ("medium_tank", 1, 20.0, 12.0, 180.0)], vec![house]));
    covered.units[0].set_up = true;
    assert_eq!(shot(&data, &covered, 0, 0, 1), Err(Rejection::InCover));
}

#[test]
fn indirect_fire_halves_from_8_inches_moved_and_the_14_to_15_gap_is_a_reading() {
    let data = data();
    let mut s = table(&[("artillery", 0, 20.0, 44.0, 0.0), ("medium_tank", 1, 20.0, 12.0, 180.0)], vec![]);
    let at = |s: &skirmish_studio::systems::armored::scenario::ArmoredScenario, moved: f64, moves: u8| {
        let mut state = game(&data, s);
        state.units[0].set_up = true;
        state.units[1].moved_last_turn_um = (moved * IN as f64) as i64;
        state.units[1].moves_last_turn = moves;
        shot(&data, &state, 0, 0, 1)
    };
    assert!(!at(&s, 7.0, 1).unwrap().he.unwrap().halve);
    assert!(at(&s, 10.0, 2).unwrap().he.unwrap().halve);
    assert_eq!(at(&s, 10.0, 2).unwrap().he.unwrap().modifier, 0, "a medium target that moved twice: D6");
    assert!(at(&s, 14.5, 2).unwrap().he.unwrap().halve, "default: the gap halves");
    assert_eq!(at(&s, 16.0, 2), Err(Rejection::MovedTooFast));
    s.readings.set("indirect_gap", "untargetable").unwrap();
    assert_eq!(at(&s, 14.5, 2), Err(Rejection::MovedTooFast));
    s.readings.set("he_dice", "2").unwrap();
    assert_eq!(at(&s, 0.0, 0).unwrap().he.unwrap().dice, 2);
}

#[test]
fn occupying_an_objective_is_its_radius_or_contact_by_the_reading() {
    let data = data();
    let mut s = table(
        &[("infantry", 0, 20.0, 22.5, 0.0), ("medium_tank", 1, 40.0, 5.0, 180.0), ("medium_tank", 0, 5.0, 45.0, 0.0)],
        vec![],
    );
    s.table.objectives = vec![Objective { name: "Farm".into(), at: (20 * IN, 20 * IN), marker: IN, radius: 3 * IN }];
    assert_eq!(objectives_held(&data, &game(&data, &s)), [1, 0]);
    s.readings.set("occupation", "contact").unwrap();
    assert_eq!(objectives_held(&data, &game(&data, &s)), [0, 0], "the base does not touch the marker");
}

#[test]
fn deployment_rolls_off_then_the_sides_alternate_and_the_one_left_places_the_rest() {
    use skirmish_studio::systems::armored::rules::{computer_action, legal_actions};
    let data = data();
    let mut scenario = skirmish_studio::systems::armored::scenario::load_scenario(
        &data,
        include_str!("../scenarios/aa-hedgerow-crossing.ron"),
    )
    .unwrap();
    scenario.readings.set("deployment", "alternate").unwrap();
    // One unit fewer for the Axis: the Allies place their last unit alone.
    scenario.table.units.remove(1);
    let setup = skirmish_studio::systems::armored::scenario::setup::setup_of(&data, &scenario, Some(0));
    let (mut state, events) = skirmish_studio::systems::armored::rules::start_game(&data, &setup, 4).unwrap();
    assert!(state.deploying && state.units.iter().all(|u| u.reserve));
    assert!(events.iter().any(|e| matches!(e, Event::Die { roll: Roll::Deployment, .. })));
    assert!(matches!(events.last(), Some(Event::Deploys { .. })));
    assert_eq!(check(&data, &state, &Action::EndTurn), Err(Rejection::Deploying));
    let first = state.side;
    let own = state.units.iter().position(|u| u.side == first).unwrap();
    let far = Action::Deploy { unit: own, to: (24 * IN, 24 * IN), facing: Facing::UP };
    assert_eq!(check(&data, &state, &far), Err(Rejection::OutsideZone));
    let theirs = state.units.iter().position(|u| u.side != first).unwrap();
    let pose = state.units[theirs].pose;
    let wrong = Action::Deploy { unit: theirs, to: (pose.x, pose.y), facing: pose.facing };
    assert_eq!(check(&data, &state, &wrong), Err(Rejection::NotYourUnit));
    assert!(legal_actions(&data, &state).iter().all(|a| matches!(a, Action::Deploy { .. })));
    let mut placed = Vec::new();
    while state.deploying {
        let action = computer_action(&data, &state).unwrap();
        let Action::Deploy { unit, .. } = action else { panic!("only placements while deploying: {action:?}") };
        placed.push(state.units[unit].side);
        apply(&data, &mut state, &action).unwrap();
    }
    assert_eq!(placed.len(), 11);
    for pair in placed[..10].chunks(2) {
        assert_ne!(pair[0], pair[1], "the sides alternate: {placed:?}");
    }
    assert_eq!(placed[10], 0, "the Allies place their last unit when the Axis has none left");
    assert!(state.units.iter().all(|u| !u.reserve));
    assert_eq!((state.side, state.first), (0, 0), "the seat the lab fixed takes the first turn");
    assert!(check(&data, &state, &Action::EndTurn).is_ok());
    assert_eq!(
        check(&data, &state, &Action::Deploy { unit: 0, to: (10 * IN, 42 * IN), facing: Facing::UP }),
        Err(Rejection::NotDeploying)
    );
}

#[test]
fn move_candidates_include_an_objective_rim_and_the_lee_of_a_building_in_reach() {
    use skirmish_studio::systems::armored::rules::move_candidates;
    let data = data();
    let house = piece("building", Footprint::Rect { length: 6 * IN, width: 8 * IN }, 30.0, 30.0, 0.0, 4.0);
    let mut s = table(
        &[("infantry", 0, 20.0, 25.0, 0.0), ("medium_tank", 0, 33.0, 37.0, 0.0), ("medium_tank", 1, 30.0, 5.0, 180.0)],
        vec![house],
    );
    s.table.objectives = vec![Objective { name: "Farm".into(), at: (20 * IN, 20 * IN), marker: IN, radius: 3 * IN }];
    let state = game(&data, &s);
    let squad = move_candidates(&data, &state, 0, false);
    assert!(
        squad.iter().any(|a| matches!(a, Action::Move { to, .. } if *to == (20 * IN, 22 * IN))),
        "the rim of the objective, an inch inside: {squad:?}"
    );
    // The enemy is straight above the building: its lee is straight below it.
    let tank = move_candidates(&data, &state, 1, false);
    assert!(
        tank.iter().any(|a| matches!(a, Action::Move { to, .. } if to.0 == 30 * IN && to.1 > 33 * IN)),
        "behind the building from the enemy: {tank:?}"
    );
}

#[test]
fn modifiers_to_a_roll_add_up_first_and_are_clamped_after_so_a_moved_casemate_on_6_with_a_scouts_3_hits_on_4() {
    let data = data();
    // A Scout armoured car, a Casemate tank destroyer and an enemy light tank more than 30" from
    // the tank destroyer (6+) and under 2 feet from the scout (+3).
    let mut state = game(
        &data,
        &table(
            &[
                ("armoured_car", 0, 10.0, 44.0, 0.0),
                ("tank_destroyer", 0, 42.0, 44.0, 304.0),
                ("light_tank", 1, 10.0, 24.0, 180.0),
            ],
            vec![],
        ),
    );
    apply(&data, &mut state, &Action::Scout { unit: 0, target: 2, friend: 1 }).unwrap();
    // Its first action a move: "A casemate suffers a -1 to hit if it uses its first action to move".
    let facing = skirmish_studio::table::Facing::from_degrees(304.0).unwrap();
    apply(&data, &mut state, &Action::Move { unit: 1, to: (42 * IN, 43 * IN), facing }).unwrap();
    let aimed = shot(&data, &state, 1, 0, 2).unwrap();
    assert_eq!(aimed.scouted, 3);
    assert_eq!(aimed.hit, 4, "6 + 1 - 3 = 4, clamped after");
}

#[test]
fn field_guns_need_to_be_manned_to_gain_any_functionality_so_an_unmanned_gun_neither_moves_itself_nor_demolishes() {
    let data = data();
    let trap = piece("tank_traps", Footprint::Rect { length: 3 * IN / 2, width: 6 * IN }, 20.0, 36.0, 90.0, 0.6);
    let gun = |crew: bool| {
        let mut units = vec![("field_gun", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 40.0, 5.0, 180.0)];
        if crew {
            units.push(("infantry", 0, 20.0, 42.6, 0.0));
        }
        game(&data, &table(&units, vec![trap.clone()]))
    };
    let alone = gun(false);
    let nudge = Action::Move { unit: 0, to: (21 * IN, 40 * IN), facing: skirmish_studio::table::Facing::UP };
    assert_eq!(check(&data, &alone, &nudge), Err(Rejection::Unmanned), "no crew, no move under its own power");
    assert_eq!(check(&data, &alone, &Action::Demolish { unit: 0, piece: 0 }), Err(Rejection::Unmanned));
    let manned = gun(true);
    assert!(check(&data, &manned, &Action::Demolish { unit: 0, piece: 0 }).is_ok(), "a crewed gun demolishes");
    assert!(!matches!(check(&data, &manned, &nudge), Err(Rejection::Unmanned)), "a crewed gun may move itself");
}

#[test]
fn long_reload_forbids_demolition_in_the_turn_after_firing_because_demolition_is_firing_upon_the_traps() {
    let data = data();
    let trap = piece("tank_traps", Footprint::Rect { length: 3 * IN / 2, width: 6 * IN }, 20.0, 36.0, 90.0, 0.6);
    let mut state =
        game(&data, &table(&[("artillery", 0, 20.0, 40.0, 0.0), ("heavy_tank", 1, 40.0, 5.0, 180.0)], vec![trap]));
    assert!(check(&data, &state, &Action::Demolish { unit: 0, piece: 0 }).is_ok());
    // As the turn's end leaves it after a turn in which it fired (`fired_last_turn`).
    state.units[0].fired_last_turn = true;
    assert_eq!(check(&data, &state, &Action::Demolish { unit: 0, piece: 0 }), Err(Rejection::Reloading));
}
