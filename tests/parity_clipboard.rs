//! One clipboard (issue 77, item 3): a copied selection goes to the system clipboard as text
//! in the scenario format, a second window of the same game pastes it, and another game's
//! window refuses it, naming both games. Ctrl+C and Ctrl+V reach a real window as copy and
//! paste events, not keys, so these tests send those events.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::window_common::{GameDesks as _, window_on};
use egui_kittest::Harness;
use skirmish_studio::board::Pos;
use skirmish_studio::editing::{read_selection, selection_text};
use skirmish_studio::systems::swat::editing::Clipboard;
use skirmish_studio::ui::{Prefs, StudioApp};

/// What the window last put on the system clipboard.
fn copied(harness: &Harness<'static, StudioApp>) -> Option<String> {
    harness.output().platform_output.commands.iter().find_map(|command| match command {
        egui::OutputCommand::CopyText(text) => Some(text.clone()),
        _ => None,
    })
}

/// Bridgehead's corner block, selected and copied by the platform's Copy event.
fn copy_corner() -> (Harness<'static, StudioApp>, String) {
    let mut first = window_on("bridgehead.ron", Prefs::default());
    first.state_mut().swat_mut().unwrap().editor.selection = Some((Pos::new(0, 0), Pos::new(4, 4)));
    first.event(egui::Event::Copy);
    first.step();
    let text = copied(&first).expect("the selection went to the system clipboard");
    (first, text)
}

#[test]
fn parity_a_selection_copied_in_one_window_pastes_in_another_of_the_same_game() {
    let (first, text) = copy_corner();
    assert!(text.starts_with("StudioSelection(") && text.contains("system: \"swat\""), "{text}");
    let copied_block = {
        let scenario = &first.state().swat().unwrap().editor.doc.scenario;
        Clipboard::copy(scenario, Pos::new(0, 0), Pos::new(4, 4))
    };
    assert!(!copied_block.units.is_empty() && !copied_block.owners.is_empty(), "a factory and units");
    // A second window on another map takes it from the system clipboard (its own is empty).
    let mut second = window_on("crossroads-duel.ron", Prefs::default());
    assert!(second.state().swat().unwrap().editor.clipboard.is_none());
    second.event(egui::Event::Paste(text));
    second.run_steps(2);
    let desk = second.state().swat().unwrap();
    let pasted = Clipboard::copy(&desk.editor.doc.scenario, Pos::new(0, 0), Pos::new(4, 4));
    assert_eq!(pasted, copied_block, "the corner of the second map is the first's");
    assert_eq!(desk.editor.doc.history.undo_label(), Some("Paste"), "one undoable step");
}

#[test]
fn parity_another_games_window_refuses_a_pasted_selection_naming_both_games() {
    let (_first, text) = copy_corner();
    let mut skirm = window_on("skirm-ruined-crossing.ron", Prefs::default());
    let before = skirm.state().skirm().unwrap().editor.doc.scenario.clone();
    // Every game's paste reads the text through the framework, which refuses another game's.
    let refusal = read_selection::<Clipboard>(&text, "skirm", &skirmish_studio::systems::name_of).unwrap_err();
    assert_eq!(
        refusal,
        "The clipboard holds a selection from Skirmish Wars: Advance Tactics; a Skirm scenario cannot take it."
    );
    skirm.event(egui::Event::Paste(text));
    skirm.run_steps(2);
    assert_eq!(skirm.state().skirm().unwrap().editor.doc.scenario, before, "nothing changed");
    assert_eq!(skirm.state().status, refusal, "the window says why");
    assert!(skirm.state().pasted.is_none(), "no text is kept for a Paste the game does not take");
}

#[test]
fn parity_pasted_text_that_is_no_selection_leaves_the_games_own_clipboard_and_a_damaged_one_says_where() {
    let (mut first, text) = copy_corner();
    // Text copied from elsewhere is not a selection: Paste uses the game's own clipboard.
    assert_eq!(read_selection::<Clipboard>("hello", "swat", &skirmish_studio::systems::name_of), Ok(None));
    first.state_mut().swat_mut().unwrap().editor.selection = Some((Pos::new(5, 0), Pos::new(9, 4)));
    first.event(egui::Event::Paste("some words from a text editor".to_owned()));
    first.run_steps(2);
    let scenario = first.state().swat().unwrap().editor.doc.scenario.clone();
    assert_eq!(
        Clipboard::copy(&scenario, Pos::new(5, 0), Pos::new(9, 4)),
        Clipboard::copy(&scenario, Pos::new(0, 0), Pos::new(4, 4)),
        "pasted from the window's own clipboard at the selection"
    );
    // A selection cut short is refused with its place, and nothing is pasted.
    let cut = &text[..text.len() / 2];
    let refusal = read_selection::<Clipboard>(cut, "swat", &skirmish_studio::systems::name_of).unwrap_err();
    assert!(refusal.starts_with("the pasted selection is damaged at line"), "{refusal}");
    let before = first.state().swat().unwrap().editor.doc.scenario.clone();
    first.event(egui::Event::Paste(cut.to_owned()));
    first.run_steps(2);
    assert_eq!(first.state().swat().unwrap().editor.doc.scenario, before);
    assert!(first.state().status.starts_with("the pasted selection is damaged"), "{}", first.state().status);
    // The text written reads back as the same selection.
    let block = Clipboard::copy(&scenario, Pos::new(0, 0), Pos::new(4, 4));
    let again = selection_text("swat", &block).unwrap();
    assert_eq!(read_selection::<Clipboard>(&again, "swat", &skirmish_studio::systems::name_of), Ok(Some(block)));
}
