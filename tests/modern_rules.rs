//! Modern Skirmish's rules core at its boundary: each clause of the text and each house reading
//! as a case (a table, a seed, actions, the events expected), and the exact odds of the dice
//! against the numbers the issue names.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::systems::modern::rules::{
    self, Action, Event, GameState, Outcome, Readings, Rejection, Roll, Setup, Terrain, UnitSetup, apply, check,
    melee_counts, minuses, passing_faces, shot_counts, start_game,
};
use skirmish_studio::systems::modern::ruleset::{Ruleset, cm};
use skirmish_studio::table::{Footprint, Pose};
use std::sync::Arc;

fn data() -> Ruleset {
    Ruleset::builtin().expect("the bundled data loads")
}

/// A building (kind 0), wood (1) or wall (2), `across` x `along` cm, centred at (x, y) cm.
fn piece(kind: usize, (x, y): (f64, f64), (across, along): (f64, f64)) -> Terrain {
    let at = Pose::new(cm(x), cm(y), skirmish_studio::table::Facing::UP);
    Terrain::new(kind, Footprint::Rect { length: cm(along), width: cm(across) }.place(at))
}

/// A unit of troop `troop` with figures at these cm points.
fn unit(troop: usize, side: u8, name: &str, figures: &[(f64, f64)]) -> UnitSetup {
    UnitSetup { troop, side, name: name.into(), figures: figures.iter().map(|&(x, y)| (cm(x), cm(y))).collect() }
}

fn setup(terrain: Vec<Terrain>, units: Vec<UnitSetup>, readings: Readings) -> Setup {
    Setup::new((cm(120.0), cm(90.0)), Arc::new(terrain), units, readings)
}

/// One Legionary (side 0, figure 0) and one Soldier (side 1, figure 1), `gap` cm apart
/// edge to edge across the table.
fn duel(gap: f64, terrain: Vec<Terrain>, readings: Readings) -> Setup {
    let base = 2.5;
    setup(
        terrain,
        vec![unit(0, 0, "Legion", &[(20.0, 45.0)]), unit(2, 1, "Troop", &[(20.0 + base + gap, 45.0)])],
        readings,
    )
}

/// The game from `setup` at `seed` with the Antagonist's first initiative passed, so the
/// Affiliation (side 0) holds it.
fn affiliation_to_act(data: &Ruleset, setup: &Setup, seed: u64) -> GameState {
    let (mut state, _) = start_game(data, setup, seed).unwrap();
    apply(data, &mut state, &Action::Pass).unwrap();
    assert_eq!(state.side, 0);
    state
}

fn dice(events: &[Event], roll: Roll) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| if let Event::Die { roll: r, face, .. } = e { (*r == roll).then_some(*face) } else { None })
        .collect()
}

#[test]
fn exact_odds_match_the_text_legionary_open_at_30_cm_and_close_combat() {
    let d = data();
    let legionary = &d.troops[0];
    assert_eq!(shot_counts(legionary.bands[0].open), (36, 36), "a Legionary in the open at 30 cm always kills");
    let auxiliary = &d.troops[1];
    assert_eq!(
        shot_counts(auxiliary.bands[2].cover).1,
        1,
        "the rarest kill: an Auxiliary at 60 cm into cover, 1 in 36"
    );
    let [ae, be, de] = melee_counts(&d);
    assert_eq!(ae + be + de, 1296);
    assert_eq!(
        format!("{:.3} {:.3} {:.3}", f64::from(de) / 1296.0, f64::from(be) / 1296.0, f64::from(ae) / 1296.0),
        "0.401 0.367 0.231"
    );
}

#[test]
fn clause_activation_deducts_by_morale_and_zero_or_less_fails() {
    let d = data();
    assert_eq!([0, 3, 4, 6, 7, 10, 11, 12].map(|m| passing_faces(&d, m)), [6, 6, 5, 5, 4, 4, 3, 3]);
    let s = duel(40.0, vec![], Readings::default());
    for seed in 0..40 {
        let mut state = affiliation_to_act(&d, &s, seed);
        state.units[0].ammo = 7; // -2 to the die
        let events = apply(&d, &mut state, &Action::Test { unit: 0 }).unwrap();
        let face = dice(&events, Roll::Activation)[0];
        let passed = i32::from(face) - 2 >= 1;
        assert!(events.contains(&Event::Tested { unit: 0, face, deduction: 2, passed }), "seed {seed}");
        assert_eq!(state.active.is_some(), passed);
        assert_eq!(state.side, if passed { 0 } else { 1 }, "a failed test passes the initiative");
    }
}

#[test]
fn clause_firing_keeps_the_initiative_and_moving_passes_it() {
    let d = data();
    let s = duel(20.0, vec![], Readings::default());
    let mut state = affiliation_to_act(&d, &s, 3);
    apply(&d, &mut state, &Action::Test { unit: 0 }).unwrap();
    assert_eq!(check(&d, &state, &Action::Test { unit: 0 }), Err(Rejection::UnitActive));
    // A Legionary and two Soldiers 58 cm off: one kill cannot end the game.
    let two = setup(
        vec![],
        vec![unit(0, 0, "Legion", &[(20.0, 80.0)]), unit(2, 1, "Troop", &[(18.0, 19.5), (22.0, 19.5)])],
        Readings::default(),
    );
    for seed in 0..20 {
        let mut shooting = affiliation_to_act(&d, &two, seed);
        apply(&d, &mut shooting, &Action::Test { unit: 0 }).unwrap();
        apply(&d, &mut shooting, &Action::Fire { figure: 0, target: 1 }).unwrap();
        assert_eq!(shooting.outcome, Outcome::Ongoing);
        assert_eq!((shooting.side, shooting.active), (0, None), "seed {seed}: after firing the side tests again");
    }
    let mut state = affiliation_to_act(&d, &s, 3);
    apply(&d, &mut state, &Action::Test { unit: 0 }).unwrap();
    apply(&d, &mut state, &Action::Move { unit: 0, moves: vec![(0, (cm(20.0), cm(40.0)))] }).unwrap();
    assert_eq!(state.side, 1, "a move yields the initiative");
    assert_eq!(check(&d, &state, &Action::Fire { figure: 0, target: 1 }), Err(Rejection::NotActivated));
}

#[test]
fn clause_hit_needs_the_differential_and_kill_the_coloured_die_and_a_double_is_an_ammo_marker() {
    let d = data();
    // 40 cm in the open: a Legionary uses the 50 cm row, differential 1-5 hits, coloured 2-6 kills.
    let s = duel(40.0, vec![], Readings::default());
    let mut doubles = 0;
    for seed in 0..200 {
        let mut state = affiliation_to_act(&d, &s, seed);
        state.active = Some(0);
        let events = apply(&d, &mut state, &Action::Fire { figure: 0, target: 1 }).unwrap();
        let (c, w) = (dice(&events, Roll::Coloured)[0], dice(&events, Roll::White)[0]);
        let hit = (1..=5).contains(&c.abs_diff(w));
        let kill = hit && (2..=6).contains(&c);
        assert_eq!(events.contains(&Event::Hit { target: 1, kill: true }), kill, "seed {seed}: {c} {w}");
        assert_eq!(events.iter().any(|e| matches!(e, Event::Missed)), !hit);
        assert_eq!(events.contains(&Event::AmmoMarker { unit: 0 }), c == w);
        doubles += usize::from(c == w);
        assert_eq!(state.kills[0], u32::from(kill));
    }
    assert!(doubles > 10, "the seeds roll doubles too");
}

#[test]
fn clause_morale_minuses_and_rout_at_13_costs_friends_two() {
    let d = data();
    let s = setup(
        vec![],
        vec![
            unit(0, 0, "A", &[(20.0, 80.0), (24.0, 80.0), (28.0, 80.0), (32.0, 80.0), (36.0, 80.0)]),
            unit(1, 0, "B", &[(60.0, 80.0)]),
            unit(2, 1, "Enemy", &[(20.0, 10.0)]),
        ],
        Readings::default(),
    );
    let (mut state, _) = start_game(&d, &s, 1).unwrap();
    for f in 0..3 {
        state.figures[f].killed = true;
    }
    state.units[0].casualties = 3;
    assert_eq!(minuses(&d, &state, 0), 12);
    // One ammo marker more: 13, and the unit routs; its friend takes 2.
    for seed in 0..200 {
        let mut probe = state.clone();
        probe.dice = skirmish_studio::dice::Dice::new(seed);
        probe.side = 0;
        probe.active = Some(0);
        probe.figures[4].at = (cm(20.0), cm(40.0));
        probe.figures[6].at = (cm(20.0), cm(20.0));
        let events = apply(&d, &mut probe, &Action::Fire { figure: 3, target: 6 }).unwrap();
        if events.iter().any(|e| matches!(e, Event::AmmoMarker { .. })) {
            assert!(events.contains(&Event::Routed { unit: 0, minuses: 13 }), "{events:?}");
            assert_eq!(minuses(&d, &probe, 1), 2, "a routed friend is two minuses");
            assert_eq!(probe.side, 1, "a unit routed by its own fire ends its side's initiative");
            assert!(!probe.on_table(3));
            return;
        }
    }
    panic!("no double in 200 seeds");
}

#[test]
fn clause_movement_is_150_100_and_50_mm_by_buildings() {
    let d = data();
    let building = piece(0, (60.0, 45.0), (20.0, 20.0));
    let s = setup(
        vec![building],
        vec![
            unit(0, 0, "Out", &[(20.0, 80.0)]),
            unit(1, 0, "In", &[(55.0, 50.0)]),
            unit(2, 1, "Enemy", &[(110.0, 5.0)]),
        ],
        Readings::default(),
    );
    let mut state = affiliation_to_act(&d, &s, 1);
    let go = |state: &mut GameState, unit: usize, figure: usize, to: (f64, f64)| {
        state.active = Some(unit);
        check(&d, state, &Action::Move { unit, moves: vec![(figure, (cm(to.0), cm(to.1)))] })
    };
    assert_eq!(go(&mut state, 0, 0, (35.0, 80.0)), Ok(()), "15 cm outside");
    assert!(
        matches!(go(&mut state, 0, 0, (35.1, 80.0)), Err(Rejection::TooFar { allowance, .. }) if allowance == cm(15.0))
    );
    assert_eq!(go(&mut state, 1, 1, (55.0, 45.0)), Ok(()), "5 cm within a building");
    assert!(
        matches!(go(&mut state, 1, 1, (55.0, 44.0)), Err(Rejection::TooFar { allowance, .. }) if allowance == cm(5.0))
    );
    assert_eq!(go(&mut state, 1, 1, (55.0, 59.0)), Ok(()), "9 cm out of the building (its edge at 55 cm)");
    assert!(
        matches!(go(&mut state, 1, 1, (55.0, 61.0)), Err(Rejection::TooFar { allowance, .. }) if allowance == cm(10.0))
    );
    // Around, not through: a building between two outside points.
    let s2 = setup(
        vec![piece(0, (60.0, 80.0), (6.0, 6.0))],
        vec![unit(0, 0, "Out", &[(53.0, 80.0)]), unit(2, 1, "Enemy", &[(110.0, 5.0)])],
        Readings::default(),
    );
    let mut state = affiliation_to_act(&d, &s2, 1);
    assert!(matches!(go(&mut state, 0, 0, (67.0, 80.0)), Err(Rejection::ThroughBuilding { .. })));
}

#[test]
fn clause_a_base_not_its_centre_passes_a_building_so_clipping_its_corner_is_going_through() {
    let d = data();
    // A building 6 cm square: x 57 to 63, y 77 to 83. A 25 mm base reaches 1.25 cm from its centre.
    let go = |y: f64| {
        let s = setup(
            vec![piece(0, (60.0, 80.0), (6.0, 6.0))],
            vec![unit(0, 0, "Out", &[(53.0, y)]), unit(2, 1, "Enemy", &[(110.0, 5.0)])],
            Readings::default(),
        );
        let mut state = affiliation_to_act(&d, &s, 1);
        state.active = Some(0);
        check(&d, &state, &Action::Move { unit: 0, moves: vec![(0, (cm(67.0), cm(y)))] })
    };
    // The centre's line runs 0.8 cm clear of the wall; the base's edge runs 0.45 cm into it.
    assert!(matches!(go(76.2), Err(Rejection::ThroughBuilding { .. })), "the base clips the building");
    // 1.5 cm clear: the base's edge passes 0.25 cm from the wall.
    assert_eq!(go(75.5), Ok(()));
}

#[test]
fn reading_range_rows_edges_and_no_shot_beyond_60_cm() {
    let d = data();
    let aim = |gap: f64, readings: Readings| {
        let state = affiliation_to_act(&d, &duel(gap, vec![], readings), 1);
        rules::aim(&d, &state, 0, 1)
    };
    assert_eq!(aim(30.0, Readings::default()).unwrap().row.1, cm(30.0), "exactly 30 cm is the 30 cm row");
    let mut farther = Readings::default();
    farther.set("band_edge", "farther").unwrap();
    assert_eq!(aim(30.0, farther).unwrap().row.1, cm(50.0));
    assert!(matches!(aim(60.5, Readings::default()), Err(Rejection::OutOfRange { .. })));
    let mut long = Readings::default();
    long.set("beyond", "long_row").unwrap();
    assert_eq!(aim(80.0, long).unwrap().row.1, cm(60.0));
    let mut centres = Readings::default();
    centres.set("measuring", "centre_to_centre").unwrap();
    assert_eq!(aim(29.0, centres).unwrap().row.1, cm(50.0), "29 cm edge to edge is 31.5 cm centre to centre");
}

#[test]
fn reading_sight_and_cover_buildings_hide_woods_and_walls_shelter() {
    let d = data();
    let between = piece(0, (40.0, 45.0), (6.0, 20.0));
    let state = affiliation_to_act(&d, &duel(36.0, vec![between.clone()], Readings::default()), 1);
    assert_eq!(rules::aim(&d, &state, 0, 1), Err(Rejection::NoLineOfSight));
    let mut open = Readings::default();
    open.set("sight", "open").unwrap();
    let state = affiliation_to_act(&d, &duel(36.0, vec![between], open), 1);
    assert!(rules::aim(&d, &state, 0, 1).is_ok());
    // The target inside a wood is in cover; close behind a low wall too, unless inside_only.
    let wood = piece(1, (61.0, 45.0), (10.0, 10.0));
    let state = affiliation_to_act(&d, &duel(38.5, vec![wood], Readings::default()), 1);
    assert!(rules::aim(&d, &state, 0, 1).unwrap().cover);
    let wall = piece(2, (57.0, 45.0), (1.0, 20.0));
    let state = affiliation_to_act(&d, &duel(38.5, vec![wall.clone()], Readings::default()), 1);
    assert!(rules::aim(&d, &state, 0, 1).unwrap().cover, "2 cm behind the wall");
    let mut inside_only = Readings::default();
    inside_only.set("cover", "inside_only").unwrap();
    let state = affiliation_to_act(&d, &duel(38.5, vec![wall], inside_only), 1);
    assert!(!rules::aim(&d, &state, 0, 1).unwrap().cover);
}

#[test]
fn reading_fire_limit_once_per_initiative_or_as_written() {
    let d = data();
    let s = duel(55.0, vec![], Readings::default());
    let mut checked = 0;
    for seed in 0..50 {
        let mut state = affiliation_to_act(&d, &s, seed);
        state.active = Some(0);
        apply(&d, &mut state, &Action::Fire { figure: 0, target: 1 }).unwrap();
        if state.outcome != Outcome::Ongoing || state.side != 0 {
            continue;
        }
        checked += 1;
        state.active = Some(0);
        assert_eq!(check(&d, &state, &Action::Fire { figure: 0, target: 1 }), Err(Rejection::AlreadyFired));
        // Once the initiative has gone round, the figure may fire again.
        apply(&d, &mut state, &Action::Pass).unwrap();
        apply(&d, &mut state, &Action::Pass).unwrap();
        state.active = Some(0);
        assert_eq!(check(&d, &state, &Action::Fire { figure: 0, target: 1 }), Ok(()), "seed {seed}");
    }
    assert!(checked > 10, "{checked} seeds left the Legionary able to fire again");
    let mut written = Readings::default();
    written.set("fire_limit", "as_written").unwrap();
    let mut state = affiliation_to_act(&d, &duel(55.0, vec![], written), 11);
    state.active = Some(0);
    state.figures[0].fired = true;
    assert_eq!(check(&d, &state, &Action::Fire { figure: 0, target: 1 }), Ok(()));
}

#[test]
fn clause_close_combat_follows_the_table_and_a_charge_passes_the_initiative() {
    let d = data();
    let s = duel(8.0, vec![], Readings::default());
    let mut seen = [false; 3];
    for seed in 0..60 {
        let mut state = affiliation_to_act(&d, &s, seed);
        state.active = Some(0);
        assert_eq!(
            check(&d, &state, &Action::Charge { figure: 0, target: 1, to: (cm(25.0), cm(45.0)) }),
            Err(Rejection::NotInContact)
        );
        let to = rules::contact_point(&d, state.figures[0].at, state.figures[1].at);
        let events = apply(&d, &mut state, &Action::Charge { figure: 0, target: 1, to }).unwrap();
        let a = dice(&events, Roll::Attacker);
        let b = dice(&events, Roll::Defender);
        let result = rules::melee_result(&d, a[0].abs_diff(a[1]), b[0].abs_diff(b[1]));
        let code: u8 = match result {
            skirmish_studio::systems::modern::ruleset::Eliminated::Attacker => 0,
            skirmish_studio::systems::modern::ruleset::Eliminated::Both => 1,
            skirmish_studio::systems::modern::ruleset::Eliminated::Defender => 2,
        };
        seen[usize::from(code)] = true;
        assert!(events.contains(&Event::Melee {
            attacker: a[0].abs_diff(a[1]),
            defender: b[0].abs_diff(b[1]),
            result: code
        }));
        assert_eq!(state.figures[0].killed, code <= 1);
        assert_eq!(state.figures[1].killed, code >= 1);
        assert!(state.outcome != Outcome::Ongoing || state.side == 1);
    }
    assert_eq!(seen, [true; 3], "every result turns up");
}

#[test]
fn clause_scoring_triples_the_winner_of_the_skirmish_who_holds_the_field() {
    let d = data();
    // The Affiliation kills the lone Soldier: it broke the only enemy unit and holds the field.
    let s = duel(10.0, vec![], Readings::default());
    for seed in 0..100 {
        let mut state = affiliation_to_act(&d, &s, seed);
        state.active = Some(0);
        apply(&d, &mut state, &Action::Fire { figure: 0, target: 1 }).unwrap();
        if let Outcome::Over { winner, scores, skirmish, field, .. } = state.outcome {
            assert_eq!((winner, skirmish, field), (Some(0), Some(0), Some(0)));
            assert_eq!(scores, [3, 0], "one kill, tripled");
            return;
        }
    }
    panic!("no kill at 10 cm in 100 seeds");
}

#[test]
fn reading_coherency_refuses_a_move_that_splits_a_unit() {
    let d = data();
    let s = setup(
        vec![],
        vec![unit(0, 0, "Pair", &[(20.0, 80.0), (23.5, 80.0)]), unit(2, 1, "Enemy", &[(110.0, 5.0)])],
        Readings::default(),
    );
    let mut state = affiliation_to_act(&d, &s, 1);
    state.active = Some(0);
    let split = Action::Move { unit: 0, moves: vec![(0, (cm(8.0), cm(80.0)))] };
    assert_eq!(check(&d, &state, &split), Err(Rejection::OutOfCoherency));
    let mut free = Readings::default();
    free.set("coherency", "none").unwrap();
    let mut state = affiliation_to_act(&d, &setup(vec![], s.units.clone(), free), 1);
    state.active = Some(0);
    assert_eq!(check(&d, &state, &split), Ok(()));
}

#[test]
fn the_antagonist_takes_the_first_initiative_and_rounds_end_the_game() {
    let d = data();
    let s = duel(70.0, vec![], Readings::default());
    let (mut state, events) = start_game(&d, &s, 1).unwrap();
    assert_eq!(events, vec![Event::Initiative { side: 1, round: 1 }]);
    for _ in 0..24 {
        apply(&d, &mut state, &Action::Pass).unwrap();
    }
    assert!(matches!(state.outcome, Outcome::Over { ending: rules::Ending::Rounds, winner: None, .. }));
    assert_eq!(state.round, 12);
    assert_eq!(apply(&d, &mut state, &Action::Pass), Err(Rejection::GameOver));
}

#[test]
fn the_computer_shoots_beyond_60_cm_where_the_reading_lets_it() {
    let d = data();
    let mut long = Readings::default();
    long.set("beyond", "long_row").unwrap();
    for level in [rules::Level::Easy, rules::Level::Normal, rules::Level::Hard] {
        let mut state = affiliation_to_act(&d, &duel(70.0, vec![], long), 1);
        state.active = Some(0);
        assert_eq!(rules::computer_action(&d, &state, level), Some(Action::Fire { figure: 0, target: 1 }), "{level:?}");
    }
}

#[test]
fn the_computer_charges_where_the_close_combat_odds_beat_its_best_shot() {
    let d = data();
    // An Auxiliary 8 cm from a Soldier. Into cover its shot kills 6 in 36; close combat kills
    // the defender 996 in 1296 and costs the charger 776: worth 0.17 of a figure, more than
    // the shot. In the open its shot kills 13 in 36 and it stays where it is.
    let auxiliary = |terrain: Vec<Terrain>| {
        setup(
            terrain,
            vec![unit(1, 0, "Aux", &[(20.0, 45.0)]), unit(2, 1, "Troop", &[(30.5, 45.0)])],
            Readings::default(),
        )
    };
    let wood = piece(1, (30.5, 45.0), (8.0, 8.0));
    for level in [rules::Level::Normal, rules::Level::Hard] {
        let mut state = affiliation_to_act(&d, &auxiliary(vec![wood.clone()]), 3);
        state.active = Some(0);
        assert!(rules::aim(&d, &state, 0, 1).unwrap().cover, "the Soldier is in the wood");
        let chosen = rules::computer_action(&d, &state, level);
        assert!(
            matches!(chosen, Some(Action::Charge { figure: 0, target: 1, .. })),
            "{level:?} into cover: {chosen:?}"
        );
        let mut state = affiliation_to_act(&d, &auxiliary(vec![]), 3);
        state.active = Some(0);
        let chosen = rules::computer_action(&d, &state, level);
        assert_eq!(chosen, Some(Action::Fire { figure: 0, target: 1 }), "{level:?} in the open");
    }
}

#[test]
fn between_two_targets_mirrored_across_the_centre_line_the_computer_favours_neither_flank() {
    let d = data();
    let s = setup(
        vec![],
        vec![
            unit(0, 0, "Legion", &[(60.0, 80.0)]),
            unit(2, 1, "Left", &[(45.0, 40.0)]),
            unit(2, 1, "Right", &[(75.0, 40.0)]),
        ],
        Readings::default(),
    );
    let mut left = 0;
    let seeds = 200;
    for seed in 0..seeds {
        let mut state = affiliation_to_act(&d, &s, seed);
        state.active = Some(0);
        match rules::computer_action(&d, &state, rules::Level::Normal) {
            Some(Action::Fire { target: 1, .. }) => left += 1,
            Some(Action::Fire { target: 2, .. }) => {}
            other => panic!("seed {seed}: {other:?}"),
        }
    }
    // A fair coin: 100 of 200 expected; 3.3 standard deviations is about 23.
    assert!((77..=123).contains(&left), "the left target was chosen {left} times of {seeds}");
}

#[test]
fn reading_passing_with_the_initiative_a_player_will_first_test_the_morale_of_the_unit() {
    let d = data();
    let mut readings = Readings::default();
    let s = duel(30.0, vec![], readings);
    let (state, _) = start_game(&d, &s, 1).unwrap();
    assert_eq!(check(&d, &state, &Action::Pass), Ok(()), "by default a side may pass untested");
    readings.set("passing", "after_test").unwrap();
    let s = duel(30.0, vec![], readings);
    let (mut state, _) = start_game(&d, &s, 1).unwrap();
    assert_eq!(check(&d, &state, &Action::Pass), Err(Rejection::MustTest));
    assert!(!rules::legal_actions(&d, &state).contains(&Action::Pass));
    // A unit that passed its test may stand.
    state.active = Some(1);
    assert_eq!(check(&d, &state, &Action::Pass), Ok(()));
    // The computer, with nothing worth doing, tests a unit rather than pass.
    let (state, _) = start_game(&d, &s, 1).unwrap();
    let chosen = rules::computer_action(&d, &state, rules::Level::Normal).unwrap();
    assert!(matches!(chosen, Action::Test { .. }), "{chosen:?}");
}

#[test]
fn reading_rout_passes_a_unit_will_rout_go_to_next_other_players_activation() {
    let d = data();
    // The Troop has lost three of five (12 minuses): one more kill routs it. A second enemy
    // unit keeps the game going.
    let troop = [(40.0, 10.0), (44.0, 10.0), (48.0, 10.0), (30.0, 45.0), (34.0, 45.0)];
    let outcome_side = |rout_passes: &str| {
        let mut readings = Readings::default();
        readings.set("rout_passes", rout_passes).unwrap();
        let s = setup(
            vec![],
            vec![
                unit(0, 0, "Legion", &[(20.0, 45.0)]),
                unit(2, 1, "Troop", &troop),
                unit(2, 1, "Reserve", &[(110.0, 85.0)]),
            ],
            readings,
        );
        for seed in 0..200 {
            let mut state = affiliation_to_act(&d, &s, seed);
            for f in 1..=3 {
                state.figures[f].killed = true;
            }
            state.units[1].casualties = 3;
            state.active = Some(0);
            let events = apply(&d, &mut state, &Action::Fire { figure: 0, target: 4 }).unwrap();
            if events.iter().any(|e| matches!(e, Event::Routed { unit: 1, .. })) {
                return state.side;
            }
        }
        panic!("no kill at 7.5 cm in 200 seeds");
    };
    assert_eq!(outcome_side("own_unit"), 0, "an enemy's rout leaves the initiative where it was");
    assert_eq!(outcome_side("any_unit"), 1, "any rout passes it");
}

#[test]
fn reading_building_to_building_100mm_to_go_from_inside_to_outside_a_building() {
    let d = data();
    // Two buildings wall to wall: x 45 to 55 and 55 to 61.
    let terrain = vec![piece(0, (50.0, 45.0), (10.0, 10.0)), piece(0, (58.0, 45.0), (6.0, 10.0))];
    let go = |readings: Readings| {
        let s = setup(
            terrain.clone(),
            vec![unit(0, 0, "In", &[(52.0, 45.0)]), unit(2, 1, "Enemy", &[(110.0, 5.0)])],
            readings,
        );
        let mut state = affiliation_to_act(&d, &s, 1);
        state.active = Some(0);
        check(&d, &state, &Action::Move { unit: 0, moves: vec![(0, (cm(58.0), cm(45.0)))] })
    };
    assert_eq!(go(Readings::default()), Ok(()), "6 cm, within the 100 mm of going in or out");
    let mut two = Readings::default();
    two.set("building_to_building", "two_moves").unwrap();
    assert_eq!(go(two), Err(Rejection::BuildingToBuilding { figure: 0 }));
}

#[test]
fn reading_tie_highest_score_wins_skirmish_winner_wins_ties_and_with_neither() {
    let d = data();
    // No shot is fired: scores 0 to 0 and no skirmish winner after eight rounds. The
    // Affiliation has two figures on the table, the Antagonist one.
    let ending = |tie: &str| {
        let mut readings = Readings::default();
        readings.set("game_end", "eight_rounds").unwrap();
        readings.set("tie", tie).unwrap();
        let s = setup(
            vec![],
            vec![unit(0, 0, "Legion", &[(20.0, 80.0), (24.0, 80.0)]), unit(2, 1, "Troop", &[(100.0, 10.0)])],
            readings,
        );
        let (mut state, _) = start_game(&d, &s, 1).unwrap();
        while state.outcome == Outcome::Ongoing {
            apply(&d, &mut state, &Action::Pass).unwrap();
        }
        state.outcome
    };
    assert!(matches!(ending("draw"), Outcome::Over { winner: None, skirmish: None, scores: [0, 0], .. }));
    assert!(matches!(ending("more_figures"), Outcome::Over { winner: Some(0), .. }));
}

#[test]
fn the_fire_limit_reading_quotes_the_text_as_written() {
    let reading = rules::READINGS.iter().find(|r| r.name == "fire_limit").unwrap();
    assert!(reading.sentence.contains("not loose the inactive"), "{}", reading.sentence);
    assert!(reading.sentence.contains("read as"), "the reading says how it reads the word");
}

/// Plays passes until the game ends after eight rounds, with `prepare` applied first.
fn ended_by_rounds(d: &Ruleset, s: &Setup, prepare: &dyn Fn(&mut GameState)) -> Outcome {
    let (mut state, _) = start_game(d, s, 1).unwrap();
    prepare(&mut state);
    while state.outcome == Outcome::Ongoing {
        apply(d, &mut state, &Action::Pass).unwrap();
    }
    state.outcome
}

#[test]
fn reading_skirmish_and_field_the_side_that_won_the_skirmish_and_is_in_control_of_the_field() {
    let d = data();
    // The Affiliation broke a unit and killed nobody; the Antagonist killed three figures. The
    // Affiliation has two figures far from the centre, the Antagonist one in the middle.
    let with = |skirmish: &str, field: &str| {
        let mut readings = Readings::default();
        readings.set("game_end", "eight_rounds").unwrap();
        readings.set("skirmish", skirmish).unwrap();
        readings.set("field", field).unwrap();
        let s = setup(
            vec![],
            vec![unit(0, 0, "Legion", &[(10.0, 85.0), (14.0, 85.0)]), unit(2, 1, "Troop", &[(60.0, 45.0)])],
            readings,
        );
        match ended_by_rounds(&d, &s, &|state| {
            state.broken = [1, 0];
            state.kills = [0, 3];
        }) {
            Outcome::Over { skirmish, field, .. } => (skirmish, field),
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(with("more_units_broken", "more_figures"), (Some(0), Some(0)));
    assert_eq!(with("more_kills", "more_figures"), (Some(1), Some(0)));
    assert_eq!(with("more_units_broken", "centre"), (Some(0), Some(1)));
    assert_eq!(with("more_kills", "skirmish_winner"), (Some(1), Some(1)));
}

#[test]
fn reading_hit_no_kill_the_target_is_kia_if_the_colour_die_was_within_the_specification() {
    let d = data();
    for value in ["no_effect", "morale_minus"] {
        let mut readings = Readings::default();
        readings.set("hit_no_kill", value).unwrap();
        let s = duel(40.0, vec![], readings);
        let found = (0..400).find_map(|seed| {
            let mut state = affiliation_to_act(&d, &s, seed);
            state.active = Some(0);
            let events = apply(&d, &mut state, &Action::Fire { figure: 0, target: 1 }).unwrap();
            events.contains(&Event::Hit { target: 1, kill: false }).then(|| state.units[1].shaken)
        });
        let shaken = found.expect("a hit without a kill at 40 cm in 400 seeds");
        assert_eq!(shaken, u32::from(value == "morale_minus"), "{value}");
    }
}

#[test]
fn reading_charge_this_constitutes_the_total_movement_available_for_the_unit() {
    let d = data();
    for (value, side_after) in [("passes_initiative", 1u8), ("keeps_initiative", 0)] {
        let mut readings = Readings::default();
        readings.set("charge", value).unwrap();
        // Two figures a side, so one close combat does not end the game.
        let s = setup(
            vec![],
            vec![
                unit(0, 0, "Legion", &[(20.0, 45.0), (20.0, 80.0)]),
                unit(2, 1, "Troop", &[(30.0, 45.0), (100.0, 10.0)]),
            ],
            readings,
        );
        let mut state = affiliation_to_act(&d, &s, 3);
        state.active = Some(0);
        let to = rules::contact_point(&d, state.figures[0].at, state.figures[2].at);
        apply(&d, &mut state, &Action::Charge { figure: 0, target: 2, to }).unwrap();
        assert_eq!(state.outcome, Outcome::Ongoing);
        assert_eq!(state.side, side_after, "{value}");
    }
}

#[test]
fn reading_deployment_each_side_sets_up_in_the_zone_the_scenario_draws_or_15_cm_from_its_edge() {
    let d = data();
    let text = include_str!("../scenarios/ms-open-field.ron");
    let mut scenario = skirmish_studio::systems::modern::scenario::load_scenario(&d, text).unwrap();
    let drawn = skirmish_studio::systems::modern::scenario::document::deployment_zone(&scenario, 0).unwrap();
    assert!(scenario.table.zones.contains(&drawn), "the scenario's own zone");
    scenario.readings.set("deployment", "edge_15cm").unwrap();
    let strip = skirmish_studio::systems::modern::scenario::document::deployment_zone(&scenario, 0).unwrap();
    let ys: Vec<i64> = strip.points.iter().map(|p| p.1).collect();
    assert_eq!(ys.iter().max().unwrap() - ys.iter().min().unwrap(), cm(15.0), "a 15 cm strip");
    assert_eq!(*ys.iter().max().unwrap(), scenario.table.depth, "along its own edge");
}

#[test]
fn hard_lets_the_enemy_come_while_it_is_ahead_and_presses_when_it_is_not_as_the_game_runs_out() {
    let d = data();
    // A Legionary 70 cm from a Soldier: a full move straight on brings both into the 60 cm
    // row, and the Soldier, handed the initiative by the move, would fire first.
    let soldier = (cm(20.0 + 2.5 + 70.0), cm(45.0));
    let in_the_soldiers_reach = |level: rules::Level, kills: [u32; 2], round: u32| {
        let mut state = affiliation_to_act(&d, &duel(70.0, vec![], Readings::default()), 1);
        state.active = Some(0);
        state.kills = kills;
        state.round = round;
        let end = match rules::computer_action(&d, &state, level) {
            Some(Action::Move { moves, .. }) => moves[0].1,
            Some(Action::Pass) => state.figures[0].at,
            other => panic!("{level:?}: {other:?}"),
        };
        let (dx, dy) = ((end.0 - soldier.0) as f64, (end.1 - soldier.1) as f64);
        // The 60 cm row measured base edge to base edge.
        libm::hypot(dx, dy) <= (cm(60.0) + cm(2.5)) as f64
    };
    // Ahead by a kill, Hard stays out of reach, at the start and in the last round alike.
    assert!(!in_the_soldiers_reach(rules::Level::Hard, [1, 0], 1), "ahead at the start");
    assert!(!in_the_soldiers_reach(rules::Level::Hard, [1, 0], 12), "ahead in the last round");
    // Level or behind, it waits early but walks in once the game runs out.
    assert!(!in_the_soldiers_reach(rules::Level::Hard, [0, 0], 1), "level at the start");
    assert!(in_the_soldiers_reach(rules::Level::Hard, [0, 0], 12), "level in the last round");
    assert!(in_the_soldiers_reach(rules::Level::Hard, [0, 1], 12), "behind in the last round");
    // Normal walks in whatever the score.
    assert!(in_the_soldiers_reach(rules::Level::Normal, [1, 0], 1), "Normal ahead at the start");
}

#[test]
fn hard_holds_a_shot_whose_double_would_rout_its_own_unit() {
    let d = data();
    // A Legionary 55 cm from a Soldier in a wood: the shot kills 6 in 36, and a double (6 in
    // 36) costs the firer's unit an ammo marker.
    let wood = piece(1, (20.0 + 2.5 + 55.0, 45.0), (8.0, 8.0));
    let chosen = |level: rules::Level, ammo: u32| {
        let mut state = affiliation_to_act(&d, &duel(55.0, vec![wood.clone()], Readings::default()), 1);
        state.active = Some(0);
        state.units[0].ammo = ammo;
        rules::computer_action(&d, &state, level)
    };
    let fire = Some(Action::Fire { figure: 0, target: 1 });
    assert_eq!(chosen(rules::Level::Hard, 0), fire, "fresh, Hard fires");
    // At 12 minuses the marker would rout the unit: Hard holds its fire, Normal does not.
    assert_ne!(chosen(rules::Level::Hard, 12), fire, "Hard at 12 minuses");
    assert_eq!(chosen(rules::Level::Normal, 12), fire, "Normal at 12 minuses");
}

#[test]
fn a_weighing_kept_for_a_position_holds_only_while_the_coin_that_broke_its_tie_shows_the_same() {
    let d = data();
    // A Legionary on the centre line with two Soldiers out of reach, mirror images across it:
    // which one it steps toward is the coin's, and the coin changes with every die rolled.
    let soldiers = unit(2, 1, "Troop", &[(30.0, 85.0), (90.0, 85.0)]);
    let setup = setup(vec![], vec![unit(0, 0, "Legion", &[(60.0, 5.0)]), soldiers], Readings::default());
    let mut state = affiliation_to_act(&d, &setup, 1);
    state.active = Some(0);
    let mut ends = std::collections::BTreeSet::new();
    for rolls in 0..16 {
        state.dice.rolls = rolls;
        let kept = rules::computer_action(&d, &state, rules::Level::Easy);
        let fresh = GameState { setup: Arc::new(state.setup.afresh()), ..state.clone() };
        let fresh = rules::computer_action(&d, &fresh, rules::Level::Easy);
        assert_eq!(kept, fresh, "dice at {rolls} rolls");
        if let Some(Action::Move { moves, .. }) = kept {
            ends.insert(moves[0].1.0 < cm(60.0));
        }
    }
    assert_eq!(ends.len(), 2, "over sixteen throws the coin sent the Legionary to each side: {ends:?}");
}

#[test]
fn a_weighing_kept_for_one_level_does_not_answer_for_another() {
    use rules::Level::{Easy, Hard, Normal};
    let d = data();
    // Ahead by a kill at the start, Hard keeps its Legionary out of the Soldier's reach and
    // Normal walks in (see above). Asked in turn in one game, each still plays its own way.
    let mut state = affiliation_to_act(&d, &duel(70.0, vec![], Readings::default()), 1);
    state.active = Some(0);
    state.kills = [1, 0];
    let afresh = |level| {
        let fresh = GameState { setup: Arc::new(state.setup.afresh()), ..state.clone() };
        rules::computer_action(&d, &fresh, level)
    };
    assert_ne!(afresh(Hard), afresh(Normal), "the two levels differ here");
    for level in [Hard, Normal, Hard, Easy, Normal, Easy] {
        assert_eq!(rules::computer_action(&d, &state, level), afresh(level), "{level:?}");
    }
}

#[test]
fn the_morale_line_names_each_cause_with_its_count_so_one_casualty_is_not_read_as_four() {
    use skirmish_studio::systems::modern::playtest::{Morale, MoralePart};
    let part = |count, minuses, words| MoralePart { count, minuses, words };
    let morale = |parts: Vec<MoralePart>| Morale { minuses: parts.iter().map(|p| p.minuses).sum(), pass: 0.5, parts };
    let one_lost = morale(vec![
        part(1, 4, ("casualty", "casualties")),
        part(0, 0, ("friendly unit broken", "friendly units broken")),
        part(0, 0, ("ammo marker", "ammo markers")),
    ]);
    assert_eq!(one_lost.words(), "4 minuses: 4 for 1 casualty");
    let mixed = morale(vec![part(2, 8, ("casualty", "casualties")), part(1, 1, ("ammo marker", "ammo markers"))]);
    assert_eq!(mixed.words(), "9 minuses: 8 for 2 casualties, 1 for 1 ammo marker");
    assert_eq!(morale(vec![part(0, 0, ("casualty", "casualties"))]).words(), "no morale minuses");
}
