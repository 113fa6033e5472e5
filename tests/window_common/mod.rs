//! Helpers the window tests share: file dialogs that answer with fixed paths, and the bundled
//! samples' paths.

#![allow(dead_code)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use skirmish_studio::ui::armored::ArmoredDesk;
use skirmish_studio::ui::modern::ModernDesk;
use skirmish_studio::ui::skirm::SkirmDesk;
use skirmish_studio::ui::swat::SwatDesk;
use skirmish_studio::ui::{Answer, AppConfig, FileDialogs, FileKind, Prefs, StudioApp};
use std::path::{Path, PathBuf};

/// Dialogs that answer with fixed paths (`None`: the user cancels).
pub struct Answers {
    /// What the open dialog answers.
    pub open: Option<PathBuf>,
    /// What the save dialog answers.
    pub save: Option<PathBuf>,
}

fn answer(path: Option<&PathBuf>) -> Answer {
    path.map_or(Answer::Cancelled, |p| Answer::Chosen(p.clone()))
}

impl FileDialogs for Answers {
    fn open_file(&self, _kind: FileKind, _folder: Option<&std::path::Path>) -> Answer {
        answer(self.open.as_ref())
    }

    fn save_file(&self, _kind: FileKind, _suggested: &str, _folder: Option<&std::path::Path>) -> Answer {
        answer(self.save.as_ref())
    }
}

/// A system with no file dialog at all (no portal, no zenity): the studio's own must answer.
pub struct NoDialogs;

impl FileDialogs for NoDialogs {
    fn open_file(&self, _kind: FileKind, _folder: Option<&std::path::Path>) -> Answer {
        Answer::Unavailable
    }

    fn save_file(&self, _kind: FileKind, _suggested: &str, _folder: Option<&std::path::Path>) -> Answer {
        Answer::Unavailable
    }
}

/// A bundled sample scenario.
pub fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name)
}

/// Waits (up to 15 s) for the export under way to finish and write `target`; returns the file.
/// Fails here, saying so, when the wait runs out, rather than later over an empty file.
pub fn wait_for_export(harness: &mut Harness<'static, StudioApp>, target: &Path) -> Vec<u8> {
    run_until(harness, 15.0, &format!("the export to write {}", target.display()), |app| {
        app.export.as_ref().is_some_and(|d| d.job.is_none()) && target.exists()
    });
    std::fs::read(target).unwrap_or_else(|e| panic!("the export wrote {} but it cannot be read: {e}", target.display()))
}

/// Runs frames until `done` holds; fails naming `what` when `seconds` run out, so a slow
/// worker shows up as a wait that ran out, never as a misleading assertion further on.
pub fn run_until(
    harness: &mut Harness<'static, StudioApp>,
    seconds: f64,
    what: &str,
    done: impl Fn(&StudioApp) -> bool,
) {
    let started = std::time::Instant::now();
    loop {
        harness.run_steps(1);
        if done(harness.state()) {
            return;
        }
        assert!(started.elapsed().as_secs_f64() < seconds, "waited {seconds} s for {what}, in vain");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Whether the open desk's findings belong to its document as it stands (a costly check runs on
/// a worker thread, and its findings arrive some frames after the edit).
pub fn findings_caught_up(app: &StudioApp) -> bool {
    if let Some(desk) = app.swat() {
        desk.findings.revision == Some(desk.editor.doc.revision)
    } else if let Some(desk) = app.skirm() {
        desk.findings.revision == Some(desk.editor.doc.revision)
    } else if let Some(desk) = app.armored() {
        desk.findings.revision == Some(desk.editor.doc.revision)
    } else if let Some(desk) = app.desk_as::<ModernDesk>() {
        desk.findings.revision == Some(desk.editor.doc.revision)
    } else {
        true
    }
}

/// Runs frames until the findings catch up with the document (up to 10 s).
pub fn settle_findings(harness: &mut Harness<'static, StudioApp>) {
    run_until(harness, 10.0, "the findings to catch up with the document", findings_caught_up);
}

/// The open desk as either game's own type, for tests that look inside it.
pub trait GameDesks {
    /// The Skirmish Wars desk, when a Skirmish Wars document is open.
    fn swat(&self) -> Option<&SwatDesk>;
    /// The Skirmish Wars desk, when a Skirmish Wars document is open.
    fn swat_mut(&mut self) -> Option<&mut SwatDesk>;
    /// The Skirm desk, when a Skirm document is open.
    fn skirm(&self) -> Option<&SkirmDesk>;
    /// The Skirm desk, when a Skirm document is open.
    fn skirm_mut(&mut self) -> Option<&mut SkirmDesk>;
    /// The Armored Advance desk, when one of its tables is open.
    fn armored(&self) -> Option<&ArmoredDesk>;
    /// The Armored Advance desk, when one of its tables is open.
    fn armored_mut(&mut self) -> Option<&mut ArmoredDesk>;
}

impl GameDesks for StudioApp {
    fn swat(&self) -> Option<&SwatDesk> {
        self.desk_as::<SwatDesk>()
    }

    fn swat_mut(&mut self) -> Option<&mut SwatDesk> {
        self.desk_as_mut::<SwatDesk>()
    }

    fn skirm(&self) -> Option<&SkirmDesk> {
        self.desk_as::<SkirmDesk>()
    }

    fn skirm_mut(&mut self) -> Option<&mut SkirmDesk> {
        self.desk_as_mut::<SkirmDesk>()
    }

    fn armored(&self) -> Option<&ArmoredDesk> {
        self.desk_as::<ArmoredDesk>()
    }

    fn armored_mut(&mut self) -> Option<&mut ArmoredDesk> {
        self.desk_as_mut::<ArmoredDesk>()
    }
}

/// The window at 1280 × 800 on a bundled sample with `prefs`, file dialogs answering nothing,
/// after its first frames.
pub fn window_on(open: &str, prefs: Prefs) -> Harness<'static, StudioApp> {
    let config = AppConfig {
        data_dir: None,
        dialogs: Box::new(Answers { open: None, save: None }),
        prefs,
        open: Some(sample(open)),
    };
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut StudioApp| app.show(ui), StudioApp::new(config));
    harness.run_steps(4);
    harness
}

/// Every piece of text drawn last frame, in the order it is painted (later is on top).
pub fn drawn_text(harness: &Harness<'static, StudioApp>) -> Vec<String> {
    fn walk(shape: &egui::Shape, found: &mut Vec<String>) {
        match shape {
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, found)),
            egui::Shape::Text(text) => found.push(text.galley.job.text.trim().to_owned()),
            _ => {}
        }
    }
    let mut found = Vec::new();
    for clipped in &harness.output().shapes {
        walk(&clipped.shape, &mut found);
    }
    found
}

/// A click at a point of the window: pointer there, pressed, released where it was.
pub fn click_at(harness: &mut Harness<'static, StudioApp>, point: egui::Pos2) {
    harness.hover_at(point);
    harness.run_steps(1);
    harness.drag_at(point);
    harness.run_steps(1);
    harness.drop_at(point);
    harness.run_steps(2);
}

/// The screen point of a grid corner of the map (in squares from its top-left corner).
#[allow(clippy::expect_used)]
pub fn map_corner(harness: &Harness<'static, StudioApp>, x: f32, y: f32) -> egui::Pos2 {
    let place = harness.state().placement.expect("the map was drawn");
    place.origin + egui::vec2(x, y) * place.zoom
}

/// A drag with the primary button from `from` to `to` in six steps, as a hand moves.
pub fn press_drag_release(harness: &mut Harness<'static, StudioApp>, from: egui::Pos2, to: egui::Pos2) {
    harness.drag_at(from);
    harness.run_steps(1);
    let steps = 6;
    for i in 1..=steps {
        harness.hover_at(from + (to - from) * (i as f32 / steps as f32));
        harness.run_steps(1);
    }
    harness.drop_at(to);
    harness.run_steps(2);
}

/// Opens `menu` in the menu bar and clicks its entry whose label contains `item`.
pub fn menu(harness: &mut Harness<'static, StudioApp>, menu: &str, item: &str) {
    harness.get_by_label(menu).click();
    harness.run_steps(2);
    harness.get_by_label_contains(item).click();
    harness.run_steps(3);
}

/// Chooses the playtest's computer level by its combo box ("Computer level:"), as a person does.
pub fn choose_level(harness: &mut Harness<'static, StudioApp>, level: &str) {
    harness.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Computer level:").click();
    harness.run_steps(2);
    harness.get_by_label(level).click();
    harness.run_steps(2);
}

/// Opens the Balance lab, asks it to test every house reading at `games` games a value, and runs
/// frames until the readings table is drawn; fails saying so when `seconds` run out.
pub fn test_every_reading(harness: &mut Harness<'static, StudioApp>, games: usize, seconds: u64) {
    harness.get_by_label("Balance lab").click();
    harness.run_steps(3);
    harness.state_mut().balance.games = games;
    harness.get_by_label("Test every reading").click();
    harness.run_steps(2);
    let start = std::time::Instant::now();
    while harness.query_by_label_contains("At its own readings (").is_none() {
        assert!(start.elapsed().as_secs() < seconds, "the reading table did not come within {seconds} s");
        std::thread::sleep(std::time::Duration::from_millis(50));
        harness.run_steps(1);
    }
}
