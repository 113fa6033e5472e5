//! In every game, a person plays against the computer in the playtest, the computer answers,
//! and Undo (found by its label) returns the board to just before the person's last action:
//! the computer's answer is taken back with it and is not played again.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::window_common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use skirmish_studio::game::Rules;
use skirmish_studio::ui::modern::ModernDesk;
use skirmish_studio::ui::{AppConfig, Prefs, StudioApp};
use std::path::PathBuf;
use window_common::{Answers, GameDesks, sample};

fn harness(open: PathBuf) -> Harness<'static, StudioApp> {
    let config = AppConfig {
        data_dir: None,
        dialogs: Box::new(Answers { open: None, save: None }),
        prefs: Prefs::default(),
        open: Some(open),
    };
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut StudioApp| app.show(ui), StudioApp::new(config));
    harness.run_steps(6);
    harness.get_by_label("Playtest").click();
    harness.run_steps(6);
    harness
}

/// Runs frames until `done` holds, failing with `what` when 400 frames pass first.
fn until(harness: &mut Harness<'static, StudioApp>, what: &str, done: impl Fn(&StudioApp) -> bool) {
    for _ in 0..400 {
        if done(harness.state()) {
            return;
        }
        harness.run_steps(1);
    }
    panic!("gave up waiting: {what}");
}

#[test]
fn skirmish_wars_undo_after_the_computers_turn_returns_to_before_the_persons_end_turn() {
    let mut harness = harness(sample("bridgehead.ron"));
    {
        let play = harness.state_mut().swat_mut().unwrap().play.as_mut().expect("the playtest is under way");
        play.session.computer = vec![false, true];
    }
    until(&mut harness, "the person's turn", |app| {
        app.swat().unwrap().play.as_ref().unwrap().session.state.current.0 == 0
    });
    let before = harness.state().swat().unwrap().play.as_ref().unwrap().session.actions.len();
    harness.get_by_label("End turn").click();
    harness.run_steps(4);
    until(&mut harness, "the computer's answer", |app| {
        let session = &app.swat().unwrap().play.as_ref().unwrap().session;
        session.actions.len() > before + 1 && session.state.current.0 == 0
    });
    harness.get_by_label("Undo action").click();
    harness.run_steps(4);
    let session = &harness.state().swat().unwrap().play.as_ref().unwrap().session;
    assert_eq!(session.actions.len(), before, "back to before the person's End turn");
    assert_eq!(session.state.current.0, 0, "the person decides again; the computer has not replayed");
}

#[test]
fn skirm_undo_after_the_computers_activation_returns_to_before_the_persons_end_activation() {
    let mut harness = harness(sample("skirm-ruined-crossing.ron"));
    let person = harness.state().skirm().unwrap().play.as_ref().unwrap().state.to_act;
    {
        let play = harness.state_mut().skirm_mut().unwrap().play.as_mut().unwrap();
        play.computer = vec![false, false];
        play.computer[usize::from(1 - person)] = true;
    }
    harness.get_all_by_label_contains("Activate ").next().expect("a unit to activate").click();
    harness.run_steps(3);
    let before = harness.state().skirm().unwrap().play.as_ref().unwrap().actions.len();
    harness.get_by_label_contains("End activation").click();
    harness.run_steps(3);
    until(&mut harness, "the computer's activation", |app| {
        let play = app.skirm().unwrap().play.as_ref().unwrap();
        play.actions.len() > before + 1 && play.deciding() == Some(person)
    });
    harness.get_by_label("Undo action").click();
    harness.run_steps(3);
    let play = harness.state().skirm().unwrap().play.as_ref().unwrap();
    assert_eq!(play.actions.len(), before, "back to before the person's End activation");
    assert_eq!(play.deciding(), Some(person));
    assert!(play.state.activation.is_some(), "the person's unit is still activated");
}

#[test]
fn armored_advance_undo_after_the_computers_turn_returns_to_before_the_persons_end_turn() {
    let mut harness = harness(sample("aa-hedgerow-crossing.ron"));
    until(&mut harness, "the Allies to act", |app| {
        app.armored().unwrap().play.as_ref().unwrap().play.state().side == 0
    });
    let before = harness.state().armored().unwrap().play.as_ref().unwrap().play.actions.len();
    harness.get_by_label("End turn").click();
    harness.run_steps(3);
    until(&mut harness, "the computer's turn", |app| {
        let play = &app.armored().unwrap().play.as_ref().unwrap().play;
        play.actions.len() > before + 1 && play.state().side == 0
    });
    harness.get_by_label("Undo action").click();
    harness.run_steps(3);
    let play = &harness.state().armored().unwrap().play.as_ref().unwrap().play;
    assert_eq!(play.actions.len(), before, "back to before the person's End turn: {:?}", play.log);
    assert_eq!(play.state().side, 0, "the Allies decide again");
    assert!(!play.computer_to_move());
}

fn desk(app: &StudioApp) -> &skirmish_studio::systems::modern::playtest::ModernPlay {
    &app.desk_as::<ModernDesk>().unwrap().play.as_ref().unwrap().play
}

#[test]
fn modern_skirmish_undo_after_the_computers_answer_returns_to_before_the_persons_test() {
    let mut harness = harness(sample("ms-town.ron"));
    let person = 1 - desk(harness.state()).data().first_side;
    until(&mut harness, "the Affiliation's initiative", |app| desk(app).state().side == person);
    let before = desk(harness.state()).actions.len();
    // The person tests a unit and then passes the initiative by moving no one.
    harness.get_all_by_label_contains("Test ").next().expect("a unit to test").click();
    harness.run_steps(2);
    let after_test = desk(harness.state()).actions.len();
    assert_eq!(after_test, before + 1, "{:?}", desk(harness.state()).log);
    let last_person = desk(harness.state()).session.deciders(&desk(harness.state()).rules);
    assert_eq!(last_person.last().copied().flatten(), Some(person));
    // The computer answers whenever the initiative is its own; wait until it has acted.
    for _ in 0..400 {
        let play = desk(harness.state());
        if play.actions.len() > after_test && play.state().side == person {
            break;
        }
        if play.state().side == person && !play.computer_to_move() {
            // The test failed or kept the initiative: pass it on by hand.
            let pass = skirmish_studio::systems::modern::rules::Action::Pass;
            if play.rules.check(play.state(), &pass).is_err() {
                break;
            }
            harness.state_mut().desk_as_mut::<ModernDesk>().unwrap().play.as_mut().unwrap().play.act(&pass).unwrap();
        }
        harness.run_steps(1);
    }
    let play = desk(harness.state());
    let deciders = play.session.deciders(&play.rules);
    let last_person = deciders.iter().rposition(|s| *s == Some(person)).unwrap();
    assert!(deciders[last_person + 1..].contains(&Some(1 - person)), "the computer answered: {:?}", play.log);
    harness.get_by_label("Undo action").click();
    harness.run_steps(2);
    let play = desk(harness.state());
    assert_eq!(play.actions.len(), last_person, "back to before the person's last action: {:?}", play.log);
    assert_eq!(play.state().side, person);
    assert!(!play.computer_to_move(), "the computer does not play its answer again");
}
