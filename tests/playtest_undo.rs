//! What undo takes back in a playtest, and how the computer thinks there, at the shared
//! session: against the computer, Undo returns to just before the person's last action and
//! Undo turn to the start of the person's last turn, the computer's answer taken back with
//! them; between people, Undo turn takes back the turn under way, or at the start of a turn
//! only the hand-over. At a level that searches, the computer plans on a worker.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::game::Rules;
use skirmish_studio::systems::swat::SwatPlay;
use skirmish_studio::systems::swat::rules::{Action, Ruleset};
use skirmish_studio::systems::swat::scenario::load_scenario;
use std::sync::Arc;

fn session(computer_second: bool) -> (Ruleset, SwatPlay) {
    let rules = Ruleset::builtin().unwrap();
    let scenario = load_scenario(&rules, include_str!("../scenarios/bridgehead.ron")).unwrap();
    let mut session = SwatPlay::start(Arc::new(rules.clone()), scenario, 2).unwrap();
    session.computer = vec![false, computer_second];
    (rules, session)
}

/// The first legal action of the player to move that is not the end of the turn.
fn some_action(rules: &Ruleset, session: &SwatPlay) -> Action {
    rules.legal_actions(&session.state).into_iter().find(|a| *a != Action::EndTurn).expect("an action to take")
}

#[test]
fn against_the_computer_undo_turn_takes_back_the_persons_turn_and_the_answer() {
    let (rules, mut session) = session(true);
    let first = some_action(&rules, &session);
    session.act(&first).unwrap();
    session.act(&Action::EndTurn).unwrap();
    assert!(session.computer_to_move());
    assert!(session.computer_step_here());
    assert!(session.actions.len() > 3, "the computer answered");
    let mut undone = session.clone();
    assert!(undone.undo());
    assert_eq!(undone.actions, vec![first.clone()], "Undo: back to before the person's End turn");
    assert!(session.undo_turn());
    assert!(session.actions.is_empty(), "Undo turn: back to the start of the person's turn");
    assert!(!session.computer_to_move());
}

#[test]
fn between_people_undo_turn_takes_back_the_turn_under_way_or_only_the_hand_over() {
    let (rules, mut session) = session(false);
    let first = some_action(&rules, &session);
    session.act(&first).unwrap();
    session.act(&Action::EndTurn).unwrap();
    // The second player has done nothing yet: only the hand-over is taken back.
    assert!(session.undo_turn());
    assert_eq!(session.actions, vec![first]);
    // The first player's turn under way goes back to its start.
    assert!(session.undo_turn());
    assert!(session.actions.is_empty());
    assert!(!session.undo_turn(), "nothing left to take back");
}

/// At a level that searches, the computer plans on a worker: the step that starts it plays
/// nothing, its progress counts up to the moves, which are the ones planned here; Cancel stops
/// it and hands the seat to the person.
#[test]
fn the_computer_thinks_on_a_worker_and_cancel_hands_the_seat_to_the_person() {
    let (rules, mut session) = session(true);
    session.level = skirmish_studio::game::Level::Hard;
    let first = some_action(&rules, &session);
    session.act(&first).unwrap();
    session.act(&Action::EndTurn).unwrap();
    let planned = rules.computer_moves(&session.state, session.level);
    let mut thinking = session.clone();
    assert!(thinking.computer_step(), "thinking asks for another frame");
    assert_eq!(thinking.actions.len(), 2, "the step that starts the thinking plays nothing");
    let (level, seat, _) = thinking.thinking_progress().expect("thinking under way");
    assert_eq!((level, seat), (skirmish_studio::game::Level::Hard, 1));
    let started = std::time::Instant::now();
    while thinking.actions.len() == 2 {
        assert!(started.elapsed().as_secs() < 120, "no moves after 120 s");
        std::thread::sleep(std::time::Duration::from_millis(5));
        thinking.computer_step();
    }
    assert_eq!(&thinking.actions[2..2 + planned.len()], &planned[..], "the worker's moves are the planner's");
    // Cancel: nothing played, the seat is the person's, and no new thinking starts.
    assert!(session.computer_step());
    session.cancel_thinking();
    assert_eq!(session.actions.len(), 2);
    assert_eq!(session.computer, vec![false, false]);
    assert!(session.thinking_progress().is_none());
    assert!(!session.computer_step(), "the person decides now");
}
