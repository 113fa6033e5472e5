//! The balance lab's suggestions (issue 75): every game proposes edits toward fair in its own
//! terms, each keeps the scenario valid and changes only what its words name; `balance
//! --suggest` screens and confirms them, `--apply N -o OUT` writes the Nth, and a split run
//! merges to the one-machine answer byte for byte.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::game::{Aim, GameDefinition, Severity};
use skirmish_studio::systems::armored::ArmoredAdvance;
use skirmish_studio::systems::modern::ModernSkirmish;
use skirmish_studio::systems::skirm::Skirm;
use skirmish_studio::systems::swat::Swat;
use std::path::{Path, PathBuf};
use std::process::Command;

const STUDIO: &str = env!("CARGO_BIN_EXE_skirmish-studio");

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name)
}

/// The lines of `after` that are not in `before`, and of `before` not in `after`, each line
/// counted as often as it stands (two units alike are two lines); where the two hold the same
/// lines, those that differ place by place.
fn changed_lines(before: &str, after: &str) -> usize {
    let mut counts: std::collections::BTreeMap<&str, i64> = std::collections::BTreeMap::new();
    for line in before.lines() {
        *counts.entry(line).or_default() += 1;
    }
    for line in after.lines() {
        *counts.entry(line).or_default() -= 1;
    }
    let moved: usize = counts.values().map(|n| n.unsigned_abs() as usize).sum();
    // Lines that only change places (a zone's rows moved a square) count where they stand.
    if moved == 0 { before.lines().zip(after.lines()).filter(|(a, b)| a != b).count() } else { moved }
}

/// Every edit the game proposes for its sample, toward seat 1's favour and toward seat 2's:
/// each reads back; those that add a validator error are the ones the framework leaves out,
/// and at least three remain each way; each changes only the lines of what its words name (at
/// most six lines a change: a unit's block in the file is five, a number or a member one).
fn edits_of<G: GameDefinition>(file: &str) {
    let rules = G::builtin().unwrap();
    let text = std::fs::read_to_string(sample(file)).unwrap();
    let scenario = G::load(&rules, &text).unwrap();
    let opened = skirmish_studio::systems::system_of(&text).unwrap().rules(None).unwrap().open(&text).unwrap();
    let saved = G::save(&rules, &scenario).unwrap();
    let errors = |s: &G::Scenario| G::validate(&rules, s).iter().filter(|f| f.severity == Severity::Error).count();
    let before = errors(&scenario);
    for (ahead, behind) in [(0, 1), (1, 0)] {
        let aim = Aim { ahead: vec![ahead], behind: vec![behind], first_mover_wins: None };
        let (mut kept, mut marked) = (Vec::new(), 0);
        for edit in G::edits(&rules, &scenario, &aim) {
            assert!(!edit.words.is_empty() && edit.changes >= 1 && edit.weight >= 0.0, "{file}: {}", edit.words);
            assert!(!edit.words.contains('_'), "{file}: '{}' names no id", edit.words);
            assert!(!edit.words.contains("[house]"), "{file}: '{}' names units as people read them", edit.words);
            let written = G::save(&rules, &edit.scenario).unwrap();
            let back = G::load(&rules, &written).unwrap_or_else(|e| panic!("{file}: '{}' reads back: {e}", edit.words));
            if errors(&back) > before {
                continue;
            }
            let lines = changed_lines(&saved, &written);
            assert!(
                (1..=6 * edit.changes as usize).contains(&lines),
                "{file}: '{}' changes {lines} lines of the file",
                edit.words
            );
            if edit.place.is_some() {
                assert!(!edit.marks.is_empty(), "{file}: '{}' names a place, so the preview rings it", edit.words);
            }
            marked += usize::from(!edit.marks.is_empty());
            kept.push(edit.words);
        }
        assert!(marked >= 1, "{file}: some edit toward seat {} changes the board and is ringed", behind + 1);
        assert!(kept.len() >= 3, "{file}: {} valid edits toward seat {}: {kept:?}", kept.len(), behind + 1);
        let framework: Vec<String> = opened.edits(&aim).into_iter().map(|p| p.words).collect();
        assert_eq!(framework, kept, "{file}: the framework keeps the valid edits, in the game's order");
    }
}

#[test]
fn suggest_skirmish_wars_proposes_funds_units_cities_and_cos() {
    edits_of::<Swat>("bridgehead.ron");
}

#[test]
fn suggest_skirm_proposes_squad_members_and_objectives() {
    edits_of::<Skirm>("skirm-ruined-crossing.ron");
    // A member added without a square of its own is ringed where it deploys, as the board
    // shows it, and nothing else is.
    let rules = Skirm::builtin().unwrap();
    let text = std::fs::read_to_string(sample("skirm-ruined-crossing.ron")).unwrap();
    let scenario = Skirm::load(&rules, &text).unwrap();
    for (ahead, behind) in [(0u8, 1u8), (1, 0)] {
        let aim = Aim { ahead: vec![ahead], behind: vec![behind], first_mover_wins: None };
        let edits = Skirm::edits(&rules, &scenario, &aim);
        let added = edits.iter().find(|e| e.words.contains("one more")).expect("a member added");
        let squad = &added.scenario.squads[usize::from(behind)];
        assert!(squad.units.last().is_some_and(|u| u.pos.is_none()), "the new member has no square of its own");
        let at = added.scenario.deployment(&rules)[usize::from(behind)].last().copied().flatten().unwrap();
        assert_eq!(added.marks, vec![skirmish_studio::game::Place::Square(at.x, at.y)], "{}", added.words);
    }
}

#[test]
fn suggest_armored_advance_proposes_units_taken_added_and_swapped() {
    edits_of::<ArmoredAdvance>("aa-three-farms.ron");
}

#[test]
fn suggest_modern_skirmish_proposes_units_taken_added_and_moved() {
    edits_of::<ModernSkirmish>("ms-open-field.ron");
}

/// Where the first move decides (Hedgerow Crossing's first mover won 58% of 1000 games),
/// Armored Advance proposes edits the same for both sides: the actions a turn and both sides'
/// deployment depth; each keeps the table's declared symmetry and says so.
#[test]
fn suggest_armored_advance_proposes_first_move_edits_that_keep_the_tables_symmetry() {
    use skirmish_studio::table::{TableSymmetry, asymmetries};
    let rules = ArmoredAdvance::builtin().unwrap();
    let text = std::fs::read_to_string(sample("aa-hedgerow-crossing.ron")).unwrap();
    let scenario = ArmoredAdvance::load(&rules, &text).unwrap();
    let aim = Aim { ahead: vec![1], behind: vec![0], first_mover_wins: Some(true) };
    let edits = ArmoredAdvance::edits(&rules, &scenario, &aim);
    let even: Vec<_> = edits.iter().filter(|e| !e.breaks_symmetry).collect();
    let words: Vec<&str> = even.iter().map(|e| e.words.as_str()).collect();
    assert!(words.contains(&"Each side spends at most 7 actions a turn in place of 6"), "{words:?}");
    assert!(words.contains(&"Every unit deploys 3\" nearer the middle"), "{words:?}");
    for edit in &even {
        let table = &edit.scenario.table;
        let found = asymmetries(table, TableSymmetry::MirrorTopBottom, 1_000, &|profile| rules.hull(profile));
        assert!(found.is_empty(), "'{}' keeps the mirror: {found:?}", edit.words);
    }
    // Toward a seat alone, no first-move edit is proposed.
    let seats_only = Aim { first_mover_wins: None, ..aim };
    assert!(ArmoredAdvance::edits(&rules, &scenario, &seats_only).iter().all(|e| e.breaks_symmetry));
}

/// Runs the studio; its exit code, standard output and standard error.
fn studio(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(STUDIO).args(args).output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn suggest_lists_edits_with_prediction_and_confirmation_and_apply_writes_the_one_asked() {
    let dir = std::env::temp_dir().join(format!("skirmish-suggest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = sample("bridgehead.ron");
    let file = file.to_str().unwrap();
    // Twenty games an edit and a confirmation, by the fast player: enough to exercise the run,
    // not to judge.
    let args = ["balance", file, "--suggest", "--games", "20", "--level", "easy", "--threads", "2"];
    let (code, text, err) = studio(&args);
    assert!(matches!(code, Some(0 | 1)), "{err}");
    assert!(text.starts_with("Bridgehead as it stands: Red wins"), "{text}");
    assert!(text.contains("  1. ") && text.contains("predicted: ") && text.contains("confirmed: "), "{text}");
    assert!(text.contains("from seed 1000001"), "the confirmation plays a fresh block: {text}");
    let first = text.lines().find(|l| l.starts_with("  1. ")).unwrap();
    let words = first
        .trim_start_matches("  1. ")
        .trim_end_matches(" (reaches fair)")
        .trim_end_matches(" (confirmed short of fair)")
        .trim_end_matches(" (fair on its confirmation, not on the second block)")
        .to_owned();
    // The same run again, writing its first suggestion: the same edit, and only it.
    let out = dir.join("fixed.ron");
    let out_text = out.to_str().unwrap();
    let (code, said, err) = studio(&[&args[..], &["--apply", "1", "-o", out_text]].concat());
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(said.trim(), format!("wrote {out_text} with: {words}"));
    let rules = Swat::builtin().unwrap();
    let original = Swat::load(&rules, &std::fs::read_to_string(file).unwrap()).unwrap();
    let fixed = Swat::load(&rules, &std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_ne!(original, fixed);
    assert_eq!(original.board, fixed.board, "the edit named no square");
    // Refusals say what is wrong, before any game.
    let (code, _, err) = studio(&["balance", file, "--suggest", "--apply", "1"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("-o OUT.ron"), "{err}");
    let (code, _, err) = studio(&["balance", file, "--suggest", "--cos"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--suggest: runs on its own"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn suggest_split_into_shards_and_merged_gives_the_one_machine_json() {
    let dir = std::env::temp_dir().join(format!("skirmish-suggest-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = sample("bridgehead.ron");
    let file = file.to_str().unwrap();
    let options = ["--suggest", "--games", "20", "--level", "easy"];
    let (_, one, err) = studio(&[&["balance", file, "--json"][..], &options[..]].concat());
    assert!(one.contains("\"suggest\""), "{err}");
    let mut parts = Vec::new();
    for k in 1..=2 {
        let shard = format!("{k}/2");
        let (code, part, err) =
            studio(&[&["balance", file, "--threads", "1", "--shard", shard.as_str()][..], &options[..]].concat());
        assert_eq!(code, Some(0), "{err}");
        let path = dir.join(format!("part-{k}.json"));
        std::fs::write(&path, part).unwrap();
        parts.push(path);
    }
    let (_, merged, err) = studio(&["merge", "--json", parts[1].to_str().unwrap(), parts[0].to_str().unwrap()]);
    assert_eq!(merged, one, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The Balance panel's "Suggest fixes", in every game: the run under way has Cancel; run to its
/// end on Bridgehead, the list shows each edit's prediction, and "Make edit 1" makes it as one
/// step that Undo takes back to the scenario byte for byte.
#[test]
fn suggest_the_balance_panel_suggests_cancels_and_makes_an_edit_undo_takes_back() {
    use egui_kittest::kittest::Queryable;
    use skirmish_studio::ui::{DeskExt as _, Prefs};
    let prefs = || Prefs { show_balance: true, ..Prefs::default() };
    for file in ["skirm-night-extraction.ron", "aa-three-farms.ron", "ms-town.ron"] {
        let mut harness = crate::window_common::window_on(file, prefs());
        assert_eq!(harness.state().balance.suggest.games, 1000, "a confirmation plays 1000 games unless set");
        harness.state_mut().balance.suggest.games = 2000;
        harness.get_by_label("Suggest fixes").click_accesskit();
        harness.run_steps(3);
        harness.get_by_label("Cancel suggestions").click_accesskit();
        harness.run_steps(3);
        harness.get_by_label("Suggest fixes");
        assert!(harness.query_by_label_contains("failed").is_none(), "{file}: a cancel is no failure");
    }
    let mut harness = crate::window_common::window_on("bridgehead.ron", prefs());
    harness.state_mut().balance.suggest.games = 20;
    harness.state_mut().balance.level = skirmish_studio::game::Level::Easy;
    let before = harness.state().desk.text().unwrap();
    harness.get_by_label("Suggest fixes").click_accesskit();
    crate::window_common::run_until(&mut harness, 240.0, "the suggestions", |app| !app.balance.suggest.running());
    harness.run_steps(2);
    assert!(harness.query_all_by_label_contains("Predicted: ").count() >= 1, "each edit says its prediction");
    // The pointer on an edit shows the board as the edit would leave it, on a copy: the
    // document stays as it was, and the preview goes with the pointer.
    harness.get_by_label("Make edit 1").hover();
    harness.run_steps(3);
    let shown = harness.state().preview.as_ref().map(|(_, number, desk)| (*number, desk.text().unwrap()));
    let (number, shown) = shown.expect("the pointer on edit 1 previews it");
    assert_eq!(number, 1);
    assert_ne!(shown, before, "the preview shows the edited scenario");
    assert_eq!(harness.state().desk.text().unwrap(), before, "a preview leaves the document as it was");
    let folder =
        harness.state().preview.as_ref().and_then(|(_, _, desk)| desk.path().map(std::path::Path::to_path_buf));
    assert!(folder.is_some(), "the preview is drawn at the document's file, so its art shows");
    assert_eq!(folder.as_deref(), harness.state().desk.path(), "the preview is drawn at the document's file");
    harness.get_by_label_contains("Previewing edit 1 (not made");
    // Each place the edit changes is ringed on the board, inside the board's area.
    let revision = harness.state().desk.revision();
    let marks = harness.state_mut().balance.suggest.preview(revision).map(|p| p.marks).unwrap_or_default();
    assert_eq!(harness.state().preview_rings.len(), marks.len(), "a ring for each place the edit changes");
    assert!(!marks.is_empty(), "Bridgehead's first edit here changes units on the board");
    harness.get_by_label_contains("places ringed on the board): ");
    let area = harness.state().placement.map(|p| p.area).expect("the board is placed");
    assert!(harness.state().preview_rings.iter().all(|r| area.intersects(*r)), "the rings are on the board");
    harness.get_by_label("Suggest fixes").hover();
    harness.run_steps(3);
    assert!(harness.state().preview.is_none(), "the preview goes with the pointer");
    harness.get_by_label("Make edit 1").click_accesskit();
    harness.run_steps(3);
    let after = harness.state().desk.text().unwrap();
    assert_ne!(after, before, "the edit was made");
    harness.get_by_label_contains("Made: ");
    assert!(harness.state().desk.undo_redo_labels().0.is_some_and(|l| l.starts_with("Suggested edit: ")));
    harness.state_mut().desk.undo();
    assert_eq!(harness.state().desk.text().unwrap(), before, "undo restores the scenario byte for byte");
}

/// On an open table the preview rings each unit an edit moves where it now stands, on the
/// table: Open Field's first edit at 20 games by the fast player moves two of the Antagonist's
/// units forward.
#[test]
fn suggest_the_preview_rings_what_an_edit_moves_on_an_open_table() {
    use egui_kittest::kittest::Queryable;
    use skirmish_studio::ui::{DeskExt as _, Prefs};
    let mut harness =
        crate::window_common::window_on("ms-open-field.ron", Prefs { show_balance: true, ..Prefs::default() });
    harness.state_mut().balance.suggest.games = 20;
    harness.state_mut().balance.level = skirmish_studio::game::Level::Easy;
    harness.get_by_label("Suggest fixes").click_accesskit();
    crate::window_common::run_until(&mut harness, 240.0, "the suggestions", |app| !app.balance.suggest.running());
    harness.run_steps(2);
    harness.get_by_label("Make edit 1").hover();
    harness.run_steps(3);
    let revision = harness.state().desk.revision();
    let previewed = harness.state_mut().balance.suggest.preview(revision).expect("edit 1 is previewed");
    assert!(previewed.words.contains("deploy"), "{}", previewed.words);
    assert_eq!(previewed.marks.len(), 2, "two units moved: {:?}", previewed.marks);
    let rings = harness.state().preview_rings.clone();
    assert_eq!(rings.len(), 2, "a ring for each unit moved");
    let area = harness.state().placement.map(|p| p.area).expect("the table is placed");
    assert!(rings.iter().all(|r| area.contains(r.center())), "each ring is on the table: {rings:?}");
    assert!(rings[0].center().distance(rings[1].center()) > 20.0, "two units, two places: {rings:?}");
    harness.get_by_label_contains("2 places ringed on the board): ");
}
