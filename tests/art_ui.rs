//! The Art panel in the real window of every game, driven headless with egui_kittest: Tools >
//! Art... lists the game's kinds, "Choose image…" assigns an image (copied beside the scenario
//! into its assets folder) as one undoable step, Undo and Redo take it back and forth, and
//! Remove gives the kind the studio's own symbol again.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::window_common;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use skirmish_studio::ui::{AppConfig, Prefs, StudioApp};
use std::path::{Path, PathBuf};
use window_common::{Answers, menu, sample};

/// One sample of each game, copied into a folder of its own; the image lies outside it.
/// `tag` keeps each test's folder its own: the tests run at once in one process.
fn window_on_copy(name: &str, tag: &str) -> (Harness<'static, StudioApp>, PathBuf) {
    let dir = std::env::temp_dir().join(format!("skirmish-art-ui-{tag}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let scenario = dir.join(name);
    std::fs::copy(sample(name), &scenario).unwrap();
    let image = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/images/photo.jpg");
    let config = AppConfig {
        data_dir: None,
        dialogs: Box::new(Answers { open: Some(image), save: None }),
        prefs: Prefs::default(),
        open: Some(scenario),
    };
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut StudioApp| app.show(ui), StudioApp::new(config));
    harness.run_steps(4);
    (harness, dir)
}

/// Adds `field` (a line of the file's top-level struct) to the scenario at `path`, and opens
/// it again in the window.
fn reopen_with(harness: &mut Harness<'static, StudioApp>, path: &Path, field: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    let end = text.trim_end().rfind(')').unwrap();
    std::fs::write(path, format!("{}    {field}\n{}", &text[..end], &text[end..])).unwrap();
    harness.state_mut().open_path(path).unwrap();
    harness.run_steps(4);
}

/// One sample of each game with a kind drawn on its board.
const SAMPLE_KINDS: [(&str, &str); 4] = [
    ("bridgehead.ron", "forest"),
    ("skirm-ruined-crossing.ron", "difficult"),
    ("aa-hedgerow-crossing.ron", "building"),
    ("ms-town.ron", "building"),
];

fn kinds_with_art(harness: &Harness<'static, StudioApp>) -> Vec<(String, String)> {
    let art = harness.state().desk.document().art().clone();
    art.kinds.into_iter().collect()
}

#[test]
fn every_game_assigns_art_to_a_kind_in_the_art_panel_and_undoes_it() {
    for name in ["bridgehead.ron", "skirm-ruined-crossing.ron", "aa-hedgerow-crossing.ron", "ms-town.ron"] {
        let (mut harness, dir) = window_on_copy(name, "assign");
        menu(&mut harness, "Tools", "Art...");
        assert!(harness.state().art.open, "{name}: Tools > Art... opens the panel");
        assert!(kinds_with_art(&harness).is_empty());
        // The first row is the game's first kind; its image is chosen through the file dialog.
        harness.get_all_by_label("Choose image…").next().expect("a row per kind").click();
        harness.run_steps(3);
        let assigned = kinds_with_art(&harness);
        assert_eq!(assigned.len(), 1, "{name}: one kind has art: {assigned:?} ({})", harness.state().status);
        assert_eq!(assigned[0].1, "assets/photo.jpg", "{name}: kept beside the scenario");
        assert!(dir.join("assets/photo.jpg").is_file(), "{name}: the image is copied into the scenario's folder");
        assert!(harness.state().status.contains("is now the art for"), "{}", harness.state().status);
        // The row now says the image's size and how sharply the board prints it.
        assert!(harness.query_by_label_contains("assets/photo.jpg: 64 x 48 pixels").is_some(), "{name}");
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        harness.run_steps(3);
        assert!(kinds_with_art(&harness).is_empty(), "{name}: undone as one step");
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
        harness.run_steps(3);
        assert_eq!(kinds_with_art(&harness), assigned, "{name}: redone");
        harness.get_by_label("Remove image").click();
        harness.run_steps(3);
        assert!(kinds_with_art(&harness).is_empty(), "{name}: removed");
        assert!(harness.state().desk.document().is_modified());
    }
}

#[test]
fn an_image_that_is_not_one_is_refused_in_a_dialog_and_nothing_changes() {
    let (mut harness, dir) = window_on_copy("bridgehead.ron", "refused");
    let fake = dir.join("notes.png");
    std::fs::write(&fake, "not an image").unwrap();
    harness.state_mut().dialogs = Box::new(Answers { open: Some(fake), save: None });
    menu(&mut harness, "Tools", "Art...");
    harness.get_all_by_label("Choose image…").next().unwrap().click();
    harness.run_steps(3);
    assert!(kinds_with_art(&harness).is_empty());
    let modal = format!("{:?}", harness.state().modal);
    assert!(modal.contains("The image was not assigned") && modal.contains("notes.png"), "{modal}");
    assert!(!harness.state().desk.document().is_modified(), "nothing was recorded");
}

#[test]
fn an_unreadable_image_is_a_finding_in_every_game_and_find_the_file_puts_one_in_its_place() {
    for (name, kind) in SAMPLE_KINDS {
        let (mut harness, dir) = window_on_copy(name, "find");
        // The scenario names an image that is not there.
        reopen_with(&mut harness, &dir.join(name), &format!("art: (kinds: {{\"{kind}\": \"assets/lost.png\"}}),"));
        assert!(
            harness.query_by_label_contains("cannot be read, so the studio draws its own symbol").is_some(),
            "{name}: the findings say so"
        );
        harness.get_by_label("Find the file…").click();
        harness.run_steps(3);
        assert_eq!(kinds_with_art(&harness), vec![(kind.to_owned(), "assets/photo.jpg".to_owned())], "{name}");
        assert!(harness.query_by_label_contains("cannot be read, so the studio").is_none(), "{name}: mended");
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        harness.run_steps(3);
        assert_eq!(kinds_with_art(&harness), vec![(kind.to_owned(), "assets/lost.png".to_owned())], "{name}: undone");
    }
}

/// How many pictures (meshes on a texture other than the font atlas) the last frame painted.
fn pictures_drawn(harness: &Harness<'static, StudioApp>) -> usize {
    fn walk(shape: &egui::Shape) -> usize {
        match shape {
            egui::Shape::Vec(shapes) => shapes.iter().map(walk).sum(),
            egui::Shape::Mesh(mesh) => usize::from(mesh.texture_id != egui::TextureId::default()),
            _ => 0,
        }
    }
    harness.output().shapes.iter().map(|clipped| walk(&clipped.shape)).sum()
}

#[test]
fn every_playtest_draws_the_designers_art_where_the_editor_does() {
    for (name, kind) in SAMPLE_KINDS {
        let (mut harness, dir) = window_on_copy(name, "playtest");
        harness.get_by_label("Playtest").click();
        harness.run_steps(4);
        assert_eq!(pictures_drawn(&harness), 0, "{name}: without art the playtest draws no picture");
        // The same scenario with the photo as its art for one kind on the board.
        std::fs::create_dir_all(dir.join("assets")).unwrap();
        let photo = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/images/photo.jpg");
        std::fs::copy(photo, dir.join("assets/photo.jpg")).unwrap();
        reopen_with(&mut harness, &dir.join(name), &format!("art: (kinds: {{\"{kind}\": \"assets/photo.jpg\"}}),"));
        harness.get_by_label("Playtest").click();
        harness.run_steps(4);
        let drawn = pictures_drawn(&harness);
        assert!(drawn > 0, "{name}: the playtest draws the {kind} art ({})", harness.state().status);
    }
}

#[test]
fn every_game_lays_a_background_and_places_it_by_two_clicked_points_as_undoable_steps() {
    for name in ["bridgehead.ron", "skirm-ruined-crossing.ron", "aa-hedgerow-crossing.ron", "ms-town.ron"] {
        let (mut harness, _dir) = window_on_copy(name, "background");
        let backdrop = |h: &Harness<'static, StudioApp>| h.state().desk.document().backdrop().cloned();
        menu(&mut harness, "Tools", "Art...");
        assert!(backdrop(&harness).is_none(), "{name}");
        harness.get_by_label("Choose background…").click();
        harness.run_steps(3);
        let fitted = backdrop(&harness).unwrap_or_else(|| panic!("{name}: laid ({})", harness.state().status));
        assert_eq!(fitted.image, "assets/photo.jpg", "{name}");
        // A new background spans the board's width from its corner: 64 pixels across.
        assert_eq!(fitted.points, [(0.0, 0.0), (64.0, 0.0)], "{name}");
        assert_eq!(fitted.at, (0.0, 0.0), "{name}");
        let width = harness.state().desk.open_scenario().unwrap().board_extent().0;
        assert!(
            (fitted.distance - f64::from(width)).abs() < 1e-9,
            "{name}: {} across a board of {width}",
            fitted.distance
        );
        // Two points clicked on the image, then applied.
        let image = harness.get_by_label(skirmish_studio::ui::REFERENCE_IMAGE).rect();
        let k = image.width() / 64.0;
        window_common::click_at(&mut harness, image.min + egui::vec2(10.5 * k, 12.5 * k));
        window_common::click_at(&mut harness, image.min + egui::vec2(50.5 * k, 12.5 * k));
        assert_eq!(backdrop(&harness), Some(fitted.clone()), "{name}: nothing changes before Apply");
        harness.get_by_label("Apply placement").click();
        harness.run_steps(3);
        let placed = backdrop(&harness).unwrap();
        assert_eq!(placed.points, [(10.0, 12.0), (50.0, 12.0)], "{name}: the clicked pixels");
        assert!(harness.query_by_label_contains("The image covers").is_some(), "{name}: says where it lies");
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        harness.run_steps(3);
        assert_eq!(backdrop(&harness), Some(fitted), "{name}: the placement is one step");
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        harness.run_steps(3);
        assert!(backdrop(&harness).is_none(), "{name}: laying it was one step");
    }
}

#[test]
fn an_unreadable_background_is_a_finding_and_find_the_file_mends_it() {
    for name in ["bridgehead.ron", "skirm-ruined-crossing.ron", "aa-hedgerow-crossing.ron", "ms-town.ron"] {
        let (mut harness, dir) = window_on_copy(name, "lost-background");
        let lost = "backdrop: Some(Backdrop(image: \"assets/lost.png\", points: ((0.0, 0.0), (10.0, 0.0)), distance: 5.0, at: (0.0, 0.0))),";
        reopen_with(&mut harness, &dir.join(name), lost);
        let image = |h: &Harness<'static, StudioApp>| h.state().desk.document().backdrop().map(|b| b.image.clone());
        assert!(
            harness.query_by_label_contains("The background image cannot be read").is_some(),
            "{name}: the findings say so"
        );
        harness.get_by_label("Find the file…").click();
        harness.run_steps(3);
        assert_eq!(image(&harness).as_deref(), Some("assets/photo.jpg"), "{name}");
        assert!(harness.query_by_label_contains("The background image cannot be read").is_none(), "{name}: mended");
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        harness.run_steps(3);
        assert_eq!(image(&harness).as_deref(), Some("assets/lost.png"), "{name}: undone");
    }
}

/// A file dropped on the window, as the desktop hands it over.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

/// Drops the photo fixture where the pointer is.
fn drop_photo(harness: &mut Harness<'static, StudioApp>) {
    let photo = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/images/photo.jpg");
    harness.input_mut().dropped_files.push(std::sync::Arc::new(Dropped(photo)));
}

#[test]
fn an_image_dropped_on_a_palette_entry_becomes_that_kinds_art_in_every_game() {
    // Each game's sample, the tool whose palette lists the kind (if one must be chosen), the
    // entry and the kind it stands for.
    let entries = [
        ("bridgehead.ron", None, "Forest", "forest"),
        ("skirm-ruined-crossing.ron", Some("Terrain"), "Difficult (costs 2 to leave)", "difficult"),
        ("aa-hedgerow-crossing.ron", None, "Building", "building"),
        ("ms-town.ron", None, "Building", "building"),
    ];
    for (name, tool, entry, kind) in entries {
        let (mut harness, _dir) = window_on_copy(name, "palette-drop");
        if let Some(tool) = tool {
            harness.get_all_by_label(tool).next().expect("the tool's button").click();
            harness.run_steps(2);
        }
        let at = harness.get_by_label(entry).rect().center();
        harness.hover_at(at);
        harness.run_steps(2);
        drop_photo(&mut harness);
        harness.run_steps(3);
        let status = harness.state().status.clone();
        assert_eq!(
            kinds_with_art(&harness),
            vec![(kind.to_owned(), "assets/photo.jpg".to_owned())],
            "{name}: {status}"
        );
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        harness.run_steps(3);
        assert!(kinds_with_art(&harness).is_empty(), "{name}: one undoable step");
        // Dropped where no kind is (the status bar), it is not assigned, and the Art panel
        // opens to say where.
        harness.hover_at(egui::pos2(1200.0, 792.0));
        harness.run_steps(2);
        drop_photo(&mut harness);
        harness.run_steps(3);
        assert!(kinds_with_art(&harness).is_empty(), "{name}: dropped on the status bar, no kind takes it");
        assert!(harness.state().art.open, "{name}: the Art panel opens");
    }
}

#[test]
fn an_image_dropped_on_a_thing_on_the_board_becomes_its_kinds_art_in_every_game() {
    use skirmish_studio::table::{UM_PER_CM, UM_PER_INCH};
    for name in ["bridgehead.ron", "skirm-ruined-crossing.ron", "aa-hedgerow-crossing.ron", "ms-town.ron"] {
        let (mut harness, _dir) = window_on_copy(name, "board-drop");
        let place = harness.state().placement.expect("the board was drawn");
        // A unit of the sample on a grid; the first piece on a table, where its centre is.
        let (at, expected) = {
            let app = harness.state();
            if let Some(desk) = app.desk_as::<skirmish_studio::ui::swat::SwatDesk>() {
                let unit = &desk.editor.doc.scenario.units[0];
                (place.square_rect(unit.pos).center(), vec![unit.kind.clone()])
            } else if let Some(desk) = app.desk_as::<skirmish_studio::ui::skirm::SkirmDesk>() {
                let scenario = &desk.editor.doc.scenario;
                let unit = &scenario.squads[0].units[0];
                let at = scenario.deployment(&desk.editor.rules)[0][0].expect("the first unit stands somewhere");
                let key = if unit.name.is_empty() { unit.profile.clone() } else { unit.name.clone() };
                (place.square_rect(at).center(), vec![key])
            } else if let Some(desk) = app.desk_as::<skirmish_studio::ui::armored::ArmoredDesk>() {
                let table = &desk.editor.doc.scenario.table;
                let piece = &table.pieces[0];
                let inch = UM_PER_INCH as f32;
                let kinds = std::iter::once(piece.kind.clone()).chain(table.units.iter().map(|u| u.profile.clone()));
                (place.to_screen(piece.pose.x as f32 / inch, piece.pose.y as f32 / inch), kinds.collect())
            } else {
                let desk = app.desk_as::<skirmish_studio::ui::modern::ModernDesk>().unwrap();
                let scenario = &desk.editor.doc.scenario;
                let piece = &scenario.table.pieces[0];
                let cm = UM_PER_CM as f32;
                let kinds = std::iter::once(piece.kind.clone()).chain(scenario.units.iter().map(|u| u.troop.clone()));
                (place.to_screen(piece.pose.x as f32 / cm, piece.pose.y as f32 / cm), kinds.collect())
            }
        };
        harness.hover_at(at);
        harness.run_steps(2);
        let under = harness.state().desk.art_kind_under_pointer();
        let kind = under.clone().unwrap_or_else(|| panic!("{name}: a kind is under the pointer"));
        assert!(expected.contains(&kind), "{name}: {kind} is one of {expected:?}");
        drop_photo(&mut harness);
        harness.run_steps(3);
        assert_eq!(kinds_with_art(&harness), vec![(kind, "assets/photo.jpg".to_owned())], "{name}");
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        harness.run_steps(3);
        assert!(kinds_with_art(&harness).is_empty(), "{name}: one undoable step");
    }
}

#[test]
fn an_image_dropped_on_a_row_of_the_art_panel_becomes_that_rows_art() {
    let (mut harness, _dir) = window_on_copy("ms-town.ron", "row-drop");
    menu(&mut harness, "Tools", "Art...");
    // The rows list kinds in the game's order; the first row's "Choose image…" is on its line.
    let row = harness.get_all_by_label("Choose image…").next().expect("a row per kind").rect().center();
    harness.hover_at(row);
    harness.run_steps(2);
    drop_photo(&mut harness);
    harness.run_steps(3);
    let assigned = kinds_with_art(&harness);
    assert_eq!(assigned.len(), 1, "{}", harness.state().status);
    assert_eq!(assigned[0].1, "assets/photo.jpg");
    let first = harness.state().desk.open_scenario().unwrap().art_kinds()[0].id.clone();
    assert_eq!(assigned[0].0, first, "the row's own kind");
}
