//! Armored Advance clauses the rules-lawyer review found deviating or missing, and the readings
//! that name the text's silences: each test is named after the sentence it checks, and each
//! reading's test shows the case where its two values part.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::armored_common;
use armored_common::*;

use skirmish_studio::systems::armored::rules::{
    Action, Event, Outcome, Rejection, Roll, WinBy, apply, armour_faced, band_roll, chance, check, in_arc,
    penetrating_chance, shot,
};
use skirmish_studio::systems::armored::rules::{BandEdge, Readings};
use skirmish_studio::systems::armored::ruleset::Keyword;
use skirmish_studio::systems::armored::scenario::{Mode, validate};
use skirmish_studio::systems::armored::text::event_text;
use skirmish_studio::table::Footprint;

fn fire(unit: usize, weapon: usize, target: usize) -> Action {
    Action::Fire { unit, weapon, target }
}

fn bush(x: f64, y: f64) -> skirmish_studio::table::Piece {
    piece("foliage", Footprint::Oval { length: 4 * IN, width: 4 * IN }, x, y, 0.0, 1.0)
}

// Foliage.

#[test]
fn foliage_adds_3_inches_to_the_range_for_targets_sitting_within_3_inches_and_behind_the_foliage() {
    let data = data();
    // The bush spans y 28 to 32; the firer's hull starts at y 37.95.
    let far =
        table(&[("medium_tank", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 20.0, 20.0, 180.0)], vec![bush(20.0, 30.0)]);
    let near =
        table(&[("medium_tank", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 20.0, 24.5, 180.0)], vec![bush(20.0, 30.0)]);
    let by_range = |mut s: skirmish_studio::systems::armored::scenario::ArmoredScenario| {
        s.readings.set("foliage", "range").unwrap();
        shot(&data, &game(&data, &s), 0, 0, 1).unwrap().hit
    };
    // 15.9" edge to edge with the target 5.95" beyond the bush: 3+, the foliage adds nothing.
    assert_eq!(by_range(far.clone()), 3, "a target more than 3\" behind the foliage");
    // 11.4" with the target 1.45" behind it: 14.4", 3+ instead of 2+.
    assert_eq!(by_range(near), 3, "a target sitting within 3\" behind the foliage");
    // The Terrain chapter's reading (the default) takes no account of where the target sits.
    assert_eq!(shot(&data, &game(&data, &far), 0, 0, 1).unwrap().hit, 5);
}

#[test]
fn reading_foliage_pieces_each_piece_of_foliage_between_adds_2_to_a_maximum_of_6() {
    let data = data();
    let mut s = table(
        &[("medium_tank", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 20.0, 20.0, 180.0)],
        vec![bush(20.0, 30.0), bush(20.0, 25.5)],
    );
    let g = game(&data, &s);
    assert_eq!(shot(&data, &g, 0, 0, 1).unwrap().line.unwrap().foliage, 2);
    // 15.9": 3+, and 2 for each of the two pieces is 7+, held at 6+.
    assert_eq!(shot(&data, &g, 0, 0, 1).unwrap().hit, 6);
    s.readings.set("foliage_pieces", "once").unwrap();
    assert_eq!(shot(&data, &game(&data, &s), 0, 0, 1).unwrap().hit, 5);
}

// Accurate.

#[test]
fn one_cannot_move_their_vehicle_if_they_elect_to_fire_an_accurate_shot_free_moves_included() {
    let mut data = data();
    // A light vehicle with Accurate, to have a free move to try.
    let car = data.profiles.iter_mut().find(|p| p.id == "armoured_car").unwrap();
    car.keywords.push(Keyword::Accurate);
    let units = [("armoured_car", 0, 20.0, 40.0, 0.0), ("light_tank", 1, 20.0, 20.0, 180.0)];
    let mut state = game(&data, &table(&units, vec![]));
    apply(&data, &mut state, &Action::AccurateFire { unit: 0, weapon: 0, target: 1 }).unwrap();
    assert_eq!(check(&data, &state, &free(0, 20.0, 38.0)), Err(Rejection::FiredAccurate), "no free move after it");
    assert_eq!(check(&data, &state, &mv(0, 20.0, 38.0)), Err(Rejection::FiredAccurate));
    assert!(Rejection::FiredAccurate.to_string().starts_with("Accurate:"));

    // And the other way round: after moving, even a free move, the Accurate rule refuses.
    let mut moved = game(&data, &table(&units, vec![]));
    apply(&data, &mut moved, &free(0, 20.0, 39.0)).unwrap();
    assert_eq!(check(&data, &moved, &Action::AccurateFire { unit: 0, weapon: 0, target: 1 }), Err(Rejection::HasMoved));
    let mut moved = game(&data, &table(&units, vec![]));
    apply(&data, &mut moved, &mv(0, 20.0, 38.0)).unwrap();
    assert_eq!(check(&data, &moved, &Action::AccurateFire { unit: 0, weapon: 0, target: 1 }), Err(Rejection::HasMoved));
    // The next turn it moves again.
    apply(&data, &mut state, &Action::EndTurn).unwrap();
    apply(&data, &mut state, &Action::EndTurn).unwrap();
    assert!(check(&data, &state, &mv(0, 20.0, 38.0)).is_ok());
}

// Annihilation.

#[test]
fn the_goal_is_to_defeat_the_entirety_of_the_opponents_mechanized_force_a_side_without_one_has_lost() {
    let data = data();
    let s = table(&[("infantry", 0, 20.0, 40.0, 0.0), ("light_tank", 1, 20.0, 10.0, 180.0)], vec![]);
    assert!(
        validate(&data, &s).iter().any(|f| f.code == "no-mechanised-force"),
        "the validator warns of a side that starts without one"
    );
    let state = game(&data, &s);
    assert_eq!(state.outcome, Outcome::Won { side: 1, by: WinBy::Annihilation }, "lost before its first turn");
    assert_eq!(check(&data, &state, &mv(0, 20.0, 38.0)), Err(Rejection::GameOver));
    // Domination is won by objectives: infantry alone plays on.
    let mut domination = s.clone();
    domination.mode = Mode::Domination;
    assert!(!validate(&data, &domination).iter().any(|f| f.code == "no-mechanised-force"));
    assert_eq!(game(&data, &domination).outcome, Outcome::Ongoing);
}

#[test]
fn reading_annihilation_limit_as_there_is_no_turn_limit_in_this_mode() {
    let data = data();
    let mut s = table(&[("medium_tank", 0, 5.0, 44.0, 0.0), ("light_tank", 1, 43.0, 4.0, 180.0)], vec![]);
    s.mode = Mode::Annihilation;
    s.turn_limit = Some(1);
    let play_a_round = |s: &skirmish_studio::systems::armored::scenario::ArmoredScenario| {
        let mut state = game(&data, s);
        apply(&data, &mut state, &Action::EndTurn).unwrap();
        apply(&data, &mut state, &Action::EndTurn).unwrap();
        state.outcome
    };
    // The default keeps the limit and counts the requisition left, as Timed Annihilation does.
    assert_eq!(play_a_round(&s), Outcome::Won { side: 0, by: WinBy::Requisition });
    s.readings.set("annihilation_limit", "ignored").unwrap();
    assert_eq!(play_a_round(&s), Outcome::Ongoing);
}

// Autocannons and howitzers at infantry.

#[test]
fn autocannon_weapons_are_eligible_to_fire_at_both_infantry_and_vehicles_in_the_same_turn() {
    let data = data();
    let mut state = game(
        &data,
        &table(
            &[
                ("armoured_car", 0, 20.0, 40.0, 0.0),
                ("infantry", 1, 20.0, 32.0, 180.0),
                ("light_tank", 1, 30.0, 30.0, 180.0),
                ("infantry", 1, 5.0, 20.0, 180.0),
            ],
            vec![],
        ),
    );
    let at_men = shot(&data, &state, 0, 0, 1).unwrap();
    assert_eq!(at_men.kills, Some((3, 0)), "the autocannon's anti-infantry D3");
    assert_eq!(at_men.hit, 0, "anti-infantry fire rolls no hit die");
    assert_eq!(shot(&data, &state, 0, 0, 3), Err(Rejection::OutOfRange), "within 1 foot of the infantry only");
    let events = apply(&data, &mut state, &fire(0, 0, 1)).unwrap();
    let said: Vec<String> = events.iter().map(|e| event_text(&data, &state, e)).collect();
    assert!(said.iter().any(|l| l.contains("no roll to hit")), "{said:?}");
    assert!(!said.iter().any(|l| l.contains("hits on 1+")), "{said:?}");
    // The same turn, the same autocannon at a vehicle; but not at infantry twice.
    let at_tank = shot(&data, &state, 0, 0, 2).expect("at a vehicle after the infantry");
    // At a vehicle the autocannon is a gun: three shots, each a roll to hit and to penetrate,
    // never the kill dice it uses on men (the playtest log once said the tank "loses men").
    assert_eq!((at_tank.kills, at_tank.shots), (None, 3), "{at_tank:?}");
    assert!((1..=7).contains(&at_tank.hit) && at_tank.penetration > 0, "{at_tank:?}");
    let events = apply(&data, &mut state, &fire(0, 0, 2)).unwrap();
    let said: Vec<String> = events.iter().map(|e| event_text(&data, &state, e)).collect();
    assert!(!said.iter().any(|l| l.contains(" men")), "no men lost by a tank: {said:?}");
    assert_eq!(shot(&data, &state, 0, 0, 1).map(|_| ()), Err(Rejection::WeaponSpent));
}

#[test]
fn howitzers_may_not_fire_twice_and_must_prioritize_whether_they_fire_at_enemy_armor_or_infantry() {
    let data = data();
    let mut state = game(
        &data,
        &table(
            &[
                ("artillery", 0, 20.0, 40.0, 0.0),
                ("infantry", 1, 20.0, 32.0, 180.0),
                ("medium_tank", 1, 30.0, 20.0, 180.0),
            ],
            vec![],
        ),
    );
    state.units[0].set_up = true;
    let he = shot(&data, &state, 0, 0, 1).unwrap();
    assert_eq!(he.kills, Some((6, -1)), "HE's anti-infantry D6-1");
    apply(&data, &mut state, &fire(0, 0, 1)).unwrap();
    assert_eq!(shot(&data, &state, 0, 0, 2).map(|_| ()), Err(Rejection::WeaponSpent), "one shot, at one or the other");
}

// Refusals that name the rule.

#[test]
fn refusals_name_the_rule_concealed_squad_strength_used_up() {
    let data = data();
    let mut state = game(
        &data,
        &table(
            &[
                ("infantry_grenades", 0, 20.0, 24.0, 0.0),
                ("infantry", 1, 20.0, 19.5, 180.0),
                ("light_tank", 0, 40.0, 40.0, 0.0),
                ("sniper_team", 1, 30.0, 30.0, 180.0),
                ("light_tank", 1, 40.0, 4.0, 180.0),
            ],
            vec![],
        ),
    );
    assert_eq!(shot(&data, &state, 2, 1, 3), Err(Rejection::Concealed), "a team that neither moved nor fired");
    assert_eq!(shot(&data, &state, 0, 1, 1), Err(Rejection::SquadStrength { men: 6, least: 1, most: 3 }));
    assert!(Rejection::SquadStrength { men: 6, least: 1, most: 3 }.to_string().contains("6 men"));
    state.units[0].used[2] = 2;
    assert_eq!(shot(&data, &state, 0, 2, 1), Err(Rejection::UsedUp { uses: 2 }));
    assert!(Rejection::UsedUp { uses: 2 }.to_string().contains("used up for the game"));
}

// The readings' silences.

#[test]
fn reading_band_edge_paraphrase_one_rounds_up_to_the_nearest_6_inch_interval_and_divides_by_6() {
    let data = data();
    let at = |inches: f64| (inches * IN as f64).round() as i64;
    assert_eq!(band_roll(&data, BandEdge::Paraphrase, at(6.0)), 1, "exactly 6\": 1+");
    assert_eq!(band_roll(&data, BandEdge::Paraphrase, at(6.5)), 2);
    assert_eq!(band_roll(&data, BandEdge::Paraphrase, at(36.0)), 6);
    assert_eq!(band_roll(&data, BandEdge::Paraphrase, at(36.5)), 7, "no hit beyond 36\"");
    assert_eq!(band_roll(&data, BandEdge::Farther, at(36.5)), 6, "the table's \"beyond\" row");
    assert_eq!(band_roll(&data, BandEdge::Farther, at(6.0)), 2);
}

#[test]
fn reading_weak_spot_an_underpowered_gun_finds_a_way_through_at_close_range() {
    let data = data();
    // A 37 mm gun (penetration 6) on a Sherman's front (8): -2, "Fail" but 6+ with Weak Spot.
    let far = table(&[("light_tank", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 20.0, 20.0, 180.0)], vec![]);
    let near = table(&[("light_tank", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 20.0, 30.0, 180.0)], vec![]);
    assert_eq!(shot(&data, &game(&data, &far), 0, 0, 1).unwrap().penetration, 6);
    let close = |mut s: skirmish_studio::systems::armored::scenario::ArmoredScenario| {
        s.readings.set("weak_spot", "close_range").unwrap();
        shot(&data, &game(&data, &s), 0, 0, 1).unwrap().penetration
    };
    assert_eq!(close(far), 7, "16.1\" is not close range");
    assert_eq!(close(near), 6, "6.3\" is");
}

#[test]
fn reading_shot_dice_shooting_is_resolved_with_a_single_dice_roll() {
    let data = data();
    let mut s = table(&[("medium_tank", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 20.0, 20.0, 180.0)], vec![]);
    s.readings.set("shot_dice", "single_roll").unwrap();
    let mut state = game(&data, &s);
    let one = shot(&data, &state, 0, 0, 1).unwrap();
    assert!(one.single_roll);
    // 3+ to hit and 2+ to penetrate on one die: 3+ does both; without advantage's re-roll.
    let plain = skirmish_studio::systems::armored::rules::Shot { advantage: false, ..one.clone() };
    assert!((penetrating_chance(&plain, false) - chance(one.hit.max(one.penetration), false)).abs() < 1e-12);
    let events = apply(&data, &mut state, &fire(0, 0, 1)).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::Die { roll: Roll::Penetration, .. })), "{events:?}");
    // Two rolls, the default: a hit is followed by a penetration die.
    let two = table(&[("medium_tank", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 20.0, 20.0, 180.0)], vec![]);
    assert!(!shot(&data, &game(&data, &two), 0, 0, 1).unwrap().single_roll);
}

#[test]
fn reading_range_penetration_further_accounts_being_taken_for_the_penetration_reduction_with_range() {
    let data = data();
    let mut s = table(&[("medium_tank", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 20.0, 20.0, 180.0)], vec![]);
    // 9 - 8 = 1: 2+.
    assert_eq!(shot(&data, &game(&data, &s), 0, 0, 1).unwrap().penetration, 2);
    s.readings.set("range_penetration", "one_per_12").unwrap();
    // 15.9": one full 12", 9 - 1 - 8 = 0: 4+.
    assert_eq!(shot(&data, &game(&data, &s), 0, 0, 1).unwrap().penetration, 4);
}

#[test]
fn reading_indirect_hit_rather_than_having_to_hit_to_do_anything() {
    let data = data();
    let mut s = table(&[("artillery", 0, 20.0, 44.0, 0.0), ("medium_tank", 1, 20.0, 10.0, 180.0)], vec![]);
    let he = |s: &skirmish_studio::systems::armored::scenario::ArmoredScenario| {
        let mut state = game(&data, s);
        state.units[0].set_up = true;
        let hit = shot(&data, &state, 0, 0, 1).unwrap().hit;
        let events = apply(&data, &mut state, &fire(0, 0, 1)).unwrap();
        (hit, events.iter().any(|e| matches!(e, Event::Die { roll: Roll::Hit, .. })))
    };
    let (hit, rolled) = he(&s);
    assert!((1..=6).contains(&hit) && rolled, "HE must hit by default");
    s.readings.set("indirect_hit", "no_hit_roll").unwrap();
    assert_eq!(he(&s), (0, false));
}

#[test]
fn reading_through_units_a_move_passes_through_other_units_or_goes_around() {
    let data = data();
    // An armoured car (3.5" long) drives 7.5" up the table past a squad of its own standing in
    // the stretch between where its hull starts and where it ends.
    let mut s = table(
        &[("armoured_car", 0, 20.0, 40.0, 0.0), ("infantry", 0, 20.0, 36.2, 0.0), ("light_tank", 1, 40.0, 4.0, 180.0)],
        vec![],
    );
    assert!(check(&data, &game(&data, &s), &mv(0, 20.0, 32.5)).is_ok());
    s.readings.set("through_units", "around").unwrap();
    assert_eq!(check(&data, &game(&data, &s), &mv(0, 20.0, 32.5)), Err(Rejection::PathBlocked));
    assert!(check(&data, &game(&data, &s), &mv(0, 14.0, 42.0)).is_ok(), "a path clear of it");
}

#[test]
fn reading_arc_measure_a_casemate_fires_within_a_frontal_90_degree_arc_of_the_target_centre_or_hull() {
    let data = data();
    // The target's centre is 47.3 degrees off the casemate's front; a corner of its hull 40.6.
    let mut s = table(&[("tank_destroyer", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 33.0, 28.0, 180.0)], vec![]);
    let arc = |s: &skirmish_studio::systems::armored::scenario::ArmoredScenario| {
        let state = game(&data, s);
        in_arc(&data, &state.setup.readings, &state.units[0], &state.units[1])
    };
    assert!(!arc(&s));
    s.readings.set("arc_measure", "hull").unwrap();
    assert!(arc(&s));
}

#[test]
fn reading_arc_measure_angled_to_an_enemy_if_that_enemy_lies_within_30_and_60_degrees() {
    let data = data();
    // The firer's centre lies 31.8 degrees off the tank destroyer's front axis; a corner of its
    // hull 23.5.
    let mut s = table(&[("medium_tank", 0, 26.2, 30.0, 180.0), ("tank_destroyer", 1, 20.0, 40.0, 0.0)], vec![]);
    let faced = |s: &skirmish_studio::systems::armored::scenario::ArmoredScenario| {
        let state = game(&data, s);
        armour_faced(&data, &state.setup.readings, &state.units[0], &state.units[1])
    };
    assert_eq!(faced(&s), 10, "Angling (10)");
    s.readings.set("arc_measure", "hull").unwrap();
    assert_eq!(faced(&s), 9, "not all of it lies 30 to 60 degrees off: the front, 9");
}

#[test]
fn reading_arc_edge_exactly_45_degrees_is_the_front_or_the_side() {
    let data = data();
    // The firer stands exactly 45 degrees off the Sherman's front axis.
    let mut s = table(&[("medium_tank", 0, 30.0, 10.0, 180.0), ("medium_tank", 1, 20.0, 20.0, 0.0)], vec![]);
    let faced = |s: &skirmish_studio::systems::armored::scenario::ArmoredScenario| {
        let state = game(&data, s);
        armour_faced(&data, &state.setup.readings, &state.units[0], &state.units[1])
    };
    assert_eq!(faced(&s), 8, "the front");
    s.readings.set("arc_edge", "side").unwrap();
    assert_eq!(faced(&s), 4, "the side");
}

#[test]
fn every_new_reading_is_listed_with_its_default_first() {
    let names: Vec<&str> = skirmish_studio::systems::armored::rules::READINGS.iter().map(|r| r.name).collect();
    for name in [
        "weak_spot",
        "shot_dice",
        "range_penetration",
        "foliage_pieces",
        "indirect_hit",
        "annihilation_limit",
        "through_units",
        "arc_measure",
        "arc_edge",
    ] {
        assert!(names.contains(&name), "{name} in {names:?}");
    }
    let band = skirmish_studio::systems::armored::rules::READINGS.iter().find(|r| r.name == "band_edge").unwrap();
    assert!(band.values.contains(&"paraphrase"));
    // Every value each reading lists is taken, and the first is the default.
    for reading in &skirmish_studio::systems::armored::rules::READINGS {
        for value in reading.values {
            let mut r = Readings::default();
            r.set(reading.name, value).unwrap_or_else(|e| panic!("{}={value}: {e}", reading.name));
        }
        let mut first = Readings::default();
        first.set(reading.name, reading.values[0]).unwrap();
        assert_eq!(first, Readings::default(), "{}'s first value is its default", reading.name);
    }
}

#[test]
fn reading_natural_one_misses_necessary_roll_1_plus() {
    let data = data();
    // 3.9" edge to edge: below 6", 1+.
    let mut s = table(&[("medium_tank", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 20.0, 32.0, 180.0)], vec![]);
    assert_eq!(shot(&data, &game(&data, &s), 0, 0, 1).unwrap().hit, 1);
    s.readings.set("natural_one_misses", "yes").unwrap();
    assert_eq!(shot(&data, &game(&data, &s), 0, 0, 1).unwrap().hit, 2);
}

#[test]
fn reading_advantage_on_penetration_eligible_to_reroll_that_attack() {
    let data = data();
    let s = table(&[("medium_tank", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 20.0, 20.0, 180.0)], vec![]);
    let one = shot(&data, &game(&data, &s), 0, 0, 1).unwrap();
    assert!(one.advantage && (2..=6).contains(&one.penetration), "{one:?}");
    // The penetration die missed by exactly 1 is rolled again only by the reading.
    let hit_only = penetrating_chance(&one, false);
    let both = penetrating_chance(&one, true);
    assert!((hit_only - chance(one.hit, true) * chance(one.penetration, false)).abs() < 1e-12);
    assert!((both - chance(one.hit, true) * chance(one.penetration, true)).abs() < 1e-12);
    assert!(both > hit_only);
}

#[test]
fn reading_turn_limit_once_the_turn_limit_expires_rounds_or_player_turns() {
    let data = data();
    let mut s = table(&[("medium_tank", 0, 5.0, 44.0, 0.0), ("light_tank", 1, 43.0, 4.0, 180.0)], vec![]);
    s.mode = Mode::TimedAnnihilation;
    s.turn_limit = Some(2);
    let after_two_turns = |s: &skirmish_studio::systems::armored::scenario::ArmoredScenario| {
        let mut state = game(&data, s);
        apply(&data, &mut state, &Action::EndTurn).unwrap();
        apply(&data, &mut state, &Action::EndTurn).unwrap();
        state.outcome
    };
    assert_eq!(after_two_turns(&s), Outcome::Ongoing, "one round of two");
    s.readings.set("turn_limit", "player_turns").unwrap();
    assert_eq!(after_two_turns(&s), Outcome::Won { side: 0, by: WinBy::Requisition });
    // A game that the limit ends lasted the limit: 2 rounds, not 3.
    s.readings.set("turn_limit", "rounds").unwrap();
    let mut state = game(&data, &s);
    for _ in 0..4 {
        apply(&data, &mut state, &Action::EndTurn).unwrap();
    }
    assert_eq!(state.outcome, Outcome::Won { side: 0, by: WinBy::Requisition });
    assert_eq!((state.round, state.turn), (2, 4), "the last round and turn played");
}

#[test]
fn reading_sight_threshold_a_notable_portion_of_the_vehicle_exposed() {
    let data = data();
    // A Sherman half behind the corner of a house.
    let house = piece("building", Footprint::Rect { length: 6 * IN, width: 8 * IN }, 16.0, 25.0, 0.0, 4.0);
    let mut s = table(&[("medium_tank", 0, 20.0, 40.0, 0.0), ("medium_tank", 1, 19.25, 14.0, 180.0)], vec![house]);
    let seen = |s: &skirmish_studio::systems::armored::scenario::ArmoredScenario| {
        let state = game(&data, s);
        skirmish_studio::systems::armored::rules::line_of_fire(&data, &state, &state.units[0], &state.units[1]).unwrap()
    };
    let line = seen(&s);
    assert!(line.visible > 0.1 && line.visible < 0.5, "{line:?}");
    let by = |value: &str, s: &mut skirmish_studio::systems::armored::scenario::ArmoredScenario| {
        s.readings.set("sight_threshold", value).unwrap();
        seen(s).in_sight
    };
    assert!(by("0.1", &mut s));
    assert!(!by("0.5", &mut s));
    assert_eq!(by("0.25", &mut s), line.visible >= 0.25);
}

#[test]
fn reading_boarding_reach_place_the_unit_next_to_the_transport() {
    let data = data();
    // A squad 1.5" edge to edge from a halftrack.
    let mut s = table(
        &[("halftrack", 0, 20.0, 40.0, 0.0), ("infantry", 0, 23.04, 40.0, 0.0), ("light_tank", 1, 40.0, 4.0, 180.0)],
        vec![],
    );
    let board = Action::Embark { unit: 1, carrier: 0 };
    assert!(matches!(check(&data, &game(&data, &s), &board), Err(Rejection::TooFar { .. })));
    s.readings.set("boarding_reach", "2").unwrap();
    assert!(check(&data, &game(&data, &s), &board).is_ok());
}

#[test]
fn if_the_remaining_units_are_incapable_of_defeating_one_another_the_game_ends_in_a_draw() {
    let data = data();
    // Two manned anti-tank guns 37.4" apart: 6+ to hit, and behind sandbags 7+, never.
    let units = [
        ("at_gun", 0, 10.0, 44.0, 0.0),
        ("infantry", 0, 10.0, 46.6, 0.0),
        ("at_gun", 1, 10.0, 4.0, 180.0),
        ("infantry", 1, 10.0, 1.4, 180.0),
    ];
    let bags = |x: f64, y: f64| piece("sandbags", Footprint::Rect { length: IN, width: 4 * IN }, x, y, 0.0, 0.7);
    assert_eq!(game(&data, &table(&units, vec![])).outcome, Outcome::Ongoing, "in the open each can hit the other");
    let dug_in = game(&data, &table(&units, vec![bags(10.0, 41.4), bags(10.0, 6.6)]));
    assert_eq!(dug_in.outcome, Outcome::Draw, "neither gun can ever hit the other");
}
