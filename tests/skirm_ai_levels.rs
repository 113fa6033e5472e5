//! Skirm's computer has three sets of rules of thumb, the scripts the framework's planner weighs
//! (named by the level that first played them, issue 25): the plain rules keep Tactical Orders
//! and take every roll as it falls, Normal's spend them and delay when outnumbered with nothing
//! in reach, the pressing rules also look one action ahead for the attack a move opens. These
//! cases pin what each set does.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::skirm_common;

use skirm_common::*;
use skirmish_studio::systems::skirm::rules::{Action, Level, choose_unstudied};

#[test]
fn easy_takes_a_failed_roll_as_it_falls_normal_spends_an_order_on_it() {
    // Trooper (RSK 4) shoots: a 5 and a 6, both miss; the squad holds three orders.
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (1, "reaver_raider", (0, 4))]);
    b.activate(0);
    b.orders(0, 3);
    b.dice(&[5, 6, 1]);
    b.shoot("rifle", 1).unwrap();
    assert!(b.state.pending.is_some());
    assert_eq!(choose_unstudied(&b.rules, &b.state, Level::Easy), Some(Action::Accept));
    let normal = choose_unstudied(&b.rules, &b.state, Level::Normal).unwrap();
    assert!(matches!(normal, Action::Adjust { die: 0, up: false }), "a 5 one order from a strike: {normal:?}");
}

#[test]
fn normal_delays_when_outnumbered_with_nothing_in_reach_easy_never_does() {
    // Two Vanguard troopers far from five Reavers: squad 1 may delay (two standing units fewer).
    let open = skirmish_studio::systems::skirm::rules::Ruleset::builtin().unwrap().terrain_id("open").unwrap();
    let board = skirmish_studio::board::Board::filled(20, 20, open);
    let mut b = battle_on(
        Some(board),
        &[
            (0, "vanguard_trooper", (0, 0)),
            (0, "vanguard_trooper", (1, 0)),
            (1, "reaver_raider", (19, 19)),
            (1, "reaver_raider", (18, 19)),
            (1, "reaver_raider", (17, 19)),
            (1, "reaver_raider", (16, 19)),
        ],
        |_| {},
    );
    b.state.to_act = 0;
    assert_eq!(choose_unstudied(&b.rules, &b.state, Level::Normal), Some(Action::Delay));
    assert_ne!(choose_unstudied(&b.rules, &b.state, Level::Easy), Some(Action::Delay));
}

#[test]
fn hard_plays_a_different_battle_from_normal_on_the_samples() {
    // The pressing rules weigh what the shooters walk into; on Night Extraction that changes
    // their moves.
    use skirmish_studio::systems::skirm::rules::{Outcome, apply, start_game};
    use skirmish_studio::systems::skirm::scenario::load_scenario;
    let rules = skirmish_studio::systems::skirm::rules::Ruleset::builtin().unwrap();
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/skirm-night-extraction.ron"),
    )
    .unwrap();
    let setup = load_scenario(&rules, &text).unwrap().to_setup(&rules).unwrap();
    let actions = |level: Level| {
        let (mut state, _) = start_game(&rules, &setup, 1).unwrap();
        let mut taken = Vec::new();
        while state.outcome == Outcome::Ongoing && taken.len() < 3000 {
            let Some(action) = choose_unstudied(&rules, &state, level) else { break };
            apply(&rules, &mut state, &action).unwrap();
            taken.push(action);
        }
        taken
    };
    assert_ne!(actions(Level::Hard), actions(Level::Normal));
}

#[test]
fn hard_moves_where_a_shot_follows_normal_only_gains_ground() {
    // A trooper walks to an objective straight ahead; every square of its move gains the same
    // ground, and only the ones furthest left bring the raider within the rifle's 8 squares.
    let open = skirmish_studio::systems::skirm::rules::Ruleset::builtin().unwrap().terrain_id("open").unwrap();
    let board = skirmish_studio::board::Board::filled(20, 20, open);
    let mut b = battle_on(Some(board), &[(0, "vanguard_trooper", (10, 5)), (1, "reaver_raider", (0, 14))], |setup| {
        setup.objectives = vec![p(10, 19)]
    });
    b.state.to_act = 0;
    b.activate(0);
    let in_rifle_range = |action: &Action| match action {
        Action::Move { to } => to.x.abs_diff(0).max(to.y.abs_diff(14)) <= 8,
        other => panic!("expected a move, got {other:?}"),
    };
    let hard = choose_unstudied(&b.rules, &b.state, Level::Hard).unwrap();
    let normal = choose_unstudied(&b.rules, &b.state, Level::Normal).unwrap();
    assert!(in_rifle_range(&hard), "Hard leaves the raider out of reach: {hard:?}");
    assert!(!in_rifle_range(&normal), "Normal was meant to gain ground only: {normal:?}");
}

#[test]
fn a_kept_list_of_legal_actions_and_a_copied_state_change_no_script_choice() {
    // One memo through a whole battle of Night Extraction, each position asked of all three
    // scripts and asked again with other dice: every choice is the one made without the memo.
    // A state written over another with `copy_from` equals a clone of the one copied.
    use skirmish_studio::systems::skirm::rules::{
        Listed, Outcome, apply, script_action, script_action_listed, start_game,
    };
    use skirmish_studio::systems::skirm::scenario::load_scenario;
    let rules = skirmish_studio::systems::skirm::rules::Ruleset::builtin().unwrap();
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/skirm-night-extraction.ron"),
    )
    .unwrap();
    let setup = load_scenario(&rules, &text).unwrap().to_setup(&rules).unwrap();
    let (mut state, _) = start_game(&rules, &setup, 3).unwrap();
    let (mut written_over, _) = start_game(&rules, &setup, 4).unwrap();
    let mut listed = Listed::default();
    let mut steps = 0;
    while state.outcome == Outcome::Ongoing && steps < 400 {
        let mut other_dice = state.clone();
        other_dice.dice = skirmish_studio::dice::Dice::new(steps);
        for script in 0..3 {
            let plain = script_action(&rules, &state, script);
            assert_eq!(script_action_listed(&rules, &state, script, Some(&mut listed)), plain, "step {steps}");
            assert_eq!(script_action_listed(&rules, &other_dice, script, Some(&mut listed)), plain, "step {steps}");
        }
        written_over.copy_from(&state);
        assert_eq!(written_over, state, "step {steps}");
        let Some(action) = script_action(&rules, &state, usize::try_from(steps % 3).unwrap()) else { break };
        apply(&rules, &mut state, &action).unwrap();
        steps += 1;
    }
    assert!(steps > 50, "the battle ran {steps} steps");
}
