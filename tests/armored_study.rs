//! Hard's study of an Armored Advance table: Hard moves with its closer look only on a table
//! where that look beats Normal in the study's games, and as Normal does elsewhere, so no
//! table turns the levels round. The study is the same from either side of a symmetric table
//! and from a relabelled copy, so no seat or side label is favoured by it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::game::GenerateRequest;
use skirmish_studio::systems::armored::rules::{
    Level, Look, Outcome, Setup, apply, computer_action, computer_action_looking, start_game, study, study_games,
};
use skirmish_studio::systems::armored::ruleset::Ruleset;
use skirmish_studio::systems::armored::scenario::setup::setup_of;
use skirmish_studio::systems::armored::scenario::{ArmoredScenario, load_scenario};

use crate::armored_common::relabelled;

/// Generated table `seed`, as the rules core reads it.
fn generated(data: &Ruleset, seed: u64) -> ArmoredScenario {
    let rules = skirmish_studio::systems::system("armored-advance").unwrap().rules(None).unwrap();
    let text = rules.generate(&GenerateRequest::seeded(seed)).unwrap().text;
    load_scenario(data, &text).unwrap()
}

/// Generated table 13456 (36" square, dense, 200 points a side): with its closer look Hard lost
/// 4 of 40 decisive games to Normal there. Its study finds the look loses, so Hard's every
/// choice is Normal's, through a whole game.
#[test]
fn where_the_closer_look_loses_to_normal_in_the_study_hard_moves_as_normal_does() {
    let data = Ruleset::builtin().unwrap();
    let scenario = generated(&data, 13_456);
    let setup = setup_of(&data, &scenario, Some(0));
    let (won, lost) = study_games(&data, &setup, 0);
    assert!(won <= lost, "the closer look won {won} and lost {lost} of the study's games");
    assert_eq!(study(&data, &setup, 0), Look::Plain);
    let (mut state, _) = start_game(&data, &setup, 7).unwrap();
    for step in 0..300 {
        let normal = computer_action(&data, &state, Level::Normal).unwrap();
        let hard = if state.side == 0 { computer_action(&data, &state, Level::Hard).unwrap() } else { normal.clone() };
        assert_eq!(hard, normal, "action {step}: Hard chose otherwise than Normal on a table its study turned down");
        apply(&data, &mut state, &normal).unwrap();
        if state.outcome != Outcome::Ongoing {
            return;
        }
    }
}

/// Generated table 13031 (72" by 48", open): the closer look beats Normal there, so Hard uses
/// it, and somewhere in a game it moves where Normal would not.
#[test]
fn where_the_closer_look_beats_normal_in_the_study_hard_uses_it() {
    let data = Ruleset::builtin().unwrap();
    let scenario = generated(&data, 13_031);
    let setup = setup_of(&data, &scenario, Some(0));
    let (won, lost) = study_games(&data, &setup, 0);
    assert!(won > lost, "the closer look won {won} and lost {lost} of the study's games");
    let (mut state, _) = start_game(&data, &setup, 7).unwrap();
    let mut differed = false;
    for _ in 0..300 {
        let normal = computer_action(&data, &state, Level::Normal).unwrap();
        if state.side == 0 {
            let hard = computer_action(&data, &state, Level::Hard).unwrap();
            assert_eq!(hard, computer_action_looking(&data, &state, Level::Hard, Look::Closer).unwrap());
            differed |= hard != normal;
        }
        apply(&data, &mut state, &normal).unwrap();
        if state.outcome != Outcome::Ongoing || differed {
            break;
        }
    }
    assert!(differed, "Hard chose as Normal at every decision of a game on a table its study took up");
}

/// The study of a side on a symmetric table and of the other side on the same table, and of
/// the side that deploys in the same place on a relabelled copy: the same games, won and lost
/// alike. A study that leaned on a side's index would differ here.
#[test]
fn the_study_is_the_same_from_either_side_of_a_symmetric_table_and_from_a_relabelled_copy() {
    let data = Ruleset::builtin().unwrap();
    for seed in [13_031, 13_456] {
        let scenario = generated(&data, seed);
        let setup: Setup = setup_of(&data, &scenario, None);
        let bottom = study_games(&data, &setup, 0);
        assert_eq!(study_games(&data, &setup, 1), bottom, "table {seed}: the other side's study");
        let other = setup_of(&data, &relabelled(&scenario), None);
        assert_eq!(study_games(&data, &other, 1), bottom, "table {seed}: the relabelled side's study");
    }
}

/// A playtest at Hard on generated table `table` with `seed`, the computer on the seats
/// `computer` marks: the data, the setup and the playtest.
fn hard_playtest(
    table: u64,
    seed: u64,
    computer: Vec<bool>,
) -> (
    std::sync::Arc<Ruleset>,
    Setup,
    skirmish_studio::game::Playtest<skirmish_studio::systems::armored::game::ArmoredCore>,
) {
    use skirmish_studio::systems::armored::game::ArmoredCore;
    let data = std::sync::Arc::new(Ruleset::builtin().unwrap());
    let setup = setup_of(&data, &generated(&data, table), Some(0));
    let mut play = skirmish_studio::game::Playtest::begin(
        ArmoredCore(std::sync::Arc::clone(&data)),
        setup.clone(),
        seed,
        computer,
    )
    .unwrap();
    play.level = Level::Hard;
    (data, setup, play)
}

/// A playtest whose computer plays Hard starts the study on a worker at its first step and
/// acts at none until the study is done, so no frame waits for it; then it moves as the
/// computer does with the study made in place (the same first action).
#[test]
fn a_playtest_studies_the_table_on_a_worker_then_the_computer_moves_as_it_would_have() {
    let (data, setup, mut play) = hard_playtest(13_031, 3, vec![true, true]);
    // Deployment and shots come before Hard's first move: step until the study is asked for.
    let started = std::time::Instant::now();
    let mut preparing_seen = false;
    while play.session.actions.len() < 40 {
        let before = play.session.actions.len();
        assert!(play.computer_step(), "the computer neither moved nor prepared at action {before}");
        if play.session.actions.len() == before {
            preparing_seen = true;
            assert!(
                started.elapsed() < std::time::Duration::from_secs(120),
                "the worker's study of the table was not done within 120 s"
            );
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
    assert!(preparing_seen, "the first step should start the study on a worker and act at none");
    // The same game with the study made on this thread, at the first Hard move.
    let (mut state, _) = start_game(&data, &setup, 3).unwrap();
    for (step, played) in play.session.actions.iter().enumerate() {
        let chosen = computer_action(&data, &state, Level::Hard).unwrap();
        assert_eq!(&chosen, played, "action {step}: the playtest's computer chose otherwise");
        apply(&data, &mut state, &chosen).unwrap();
    }
}

/// The "Computer acts" button's path, with no seat left to the computer: at Hard the first ask
/// starts the study of the table on a worker for the side to act and plays nothing; asked
/// again until the study is done, it plays the move Hard makes there with the study made in
/// place.
#[test]
fn asked_to_act_for_a_person_at_hard_the_computer_studies_on_a_worker_then_makes_hards_move() {
    let (data, setup, mut play) = hard_playtest(13_077, 4, vec![false, false]);
    assert_eq!(play.computer_acts_for_deciding(), Ok(false), "the first ask starts the study and plays nothing");
    assert!(play.session.actions.is_empty());
    assert!(play.studying(), "the study is under way on a worker");
    let started = std::time::Instant::now();
    while play.computer_acts_for_deciding() == Ok(false) {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(120),
            "the worker's study of the table was not done within 120 s"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(!play.studying());
    let (state, _) = start_game(&data, &setup, 4).unwrap();
    let hard = computer_action(&data, &state, Level::Hard).unwrap();
    assert_eq!(play.session.actions, vec![hard], "one move, Hard's");
    assert!(!play.computer_step(), "a person plays both sides: the computer does not move by itself");
}
