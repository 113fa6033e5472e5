//! What undo takes back in a playtest, at the shared session: against the computer, Undo
//! returns to just before the person's last action and Undo turn to the start of the person's
//! last turn, the computer's answer taken back with them; between people, Undo turn takes back
//! the turn under way, or at the start of a turn only the hand-over.

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
    assert!(session.computer_step());
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
