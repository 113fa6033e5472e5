//! The Art panel every game shares (Tools > Art...): every image the scenario uses, with its
//! pixels and the dots per inch it prints at, and every kind the game can draw with the
//! designer's art; an image is assigned by choosing a file or dropping one on a row, kept
//! beside the scenario (copied into its `assets/` folder when it lies elsewhere), and every
//! assignment or removal is one undoable step.

use super::desk::Desk;
use crate::art::ArtTarget;
use egui::{Context, Rect, RichText};
use std::path::{Path, PathBuf};

/// What the panel asks the window to do, once it is drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArtAction {
    /// Ask for an image file for this.
    Choose(ArtTarget),
    /// Take its image away.
    Remove(ArtTarget),
}

/// The panel's state.
#[derive(Debug, Default)]
pub struct ArtPanel {
    /// Whether it is shown.
    pub open: bool,
    /// Where each row was drawn last frame, so a file dropped on one goes to its kind.
    rows: Vec<(ArtTarget, Rect)>,
}

impl ArtPanel {
    /// The row under `point` as last drawn, if any.
    #[must_use]
    pub fn row_at(&self, point: egui::Pos2) -> Option<ArtTarget> {
        self.rows.iter().find(|(_, rect)| rect.contains(point)).map(|(target, _)| target.clone())
    }
}

/// Whether `path` names an image the studio reads (by its extension).
#[must_use]
pub fn is_image(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| ["png", "jpg", "jpeg"].iter().any(|x| x.eq_ignore_ascii_case(e)))
}

/// Draws the panel over the window; gives what the user asked for, if anything.
pub fn show(panel: &mut ArtPanel, desk: &dyn Desk, ctx: &Context) -> Option<ArtAction> {
    if !panel.open {
        return None;
    }
    let mut action = None;
    let mut open = panel.open;
    let mut rows = Vec::new();
    egui::Window::new("Art").open(&mut open).default_width(560.0).default_height(480.0).show(ctx, |ui| {
        let Ok(scenario) = desk.open_scenario() else {
            ui.label("The scenario has errors that keep it from being read; mend them to give it art.");
            return;
        };
        let path = desk.document().path();
        if path.is_none() {
            ui.label("Save the scenario first: its images are kept beside its file, in an assets folder.");
        }
        ui.label("Choose an image for a kind, or drop a PNG or JPEG file on its row. The image takes the place of the studio's own symbol on screen and in print.");
        let art = scenario.art();
        let loaded = super::sketch::scenario_art(ctx, path, art);
        let printed = scenario.art_dpi(&loaded, scenario.default_scale());
        let mut targets: Vec<ArtTarget> = scenario.art_kinds().into_iter().map(ArtTarget::Kind).collect();
        // Kinds with art first, so what the scenario uses is seen at once.
        targets.sort_by_key(|t| t.image(art).is_none());
        targets.extend([ArtTarget::Logo, ArtTarget::Cover]);
        if let Some(backdrop) = scenario.backdrop() {
            ui.label(format!("Background image: {} (placed by two reference points; see the file format).", backdrop.image));
        }
        ui.separator();
        egui::ScrollArea::vertical().id_salt("art-rows").show(ui, |ui| {
            egui::Grid::new("art-grid").striped(true).num_columns(4).show(ui, |ui| {
                for target in targets {
                    let top = ui.cursor().min;
                    ui.label(target.row_label());
                    let image = target.image(art);
                    // A kind's image is measured where the board prints it; the logo and the
                    // cover print on the cover page, fitted to it.
                    let on_board = matches!(target, ArtTarget::Kind(_));
                    match image {
                        Some(image) => {
                            let file = loaded.files.iter().find(|(name, _)| name == image).map(|(_, p)| p);
                            let board_dpi = printed.iter().find(|(name, _)| on_board && name == image);
                            let about = match (file, board_dpi) {
                                (Some(p), Some((_, dpi))) => format!("{image}: {} x {} pixels, {dpi:.0} dpi on the board", p.width, p.height),
                                (Some(p), None) => format!("{image}: {} x {} pixels", p.width, p.height),
                                (None, _) => format!("{image}: cannot be read"),
                            };
                            let low = board_dpi.is_some_and(|(_, dpi)| *dpi < crate::export::SHARP_DPI);
                            ui.label(if file.is_none() || low { RichText::new(about).color(super::style::WARNING) } else { RichText::new(about) });
                        }
                        None => {
                            ui.label("the studio's own");
                        }
                    }
                    let choose = if image.is_some() { "Replace…" } else { "Choose image…" };
                    if ui.add_enabled(path.is_some(), egui::Button::new(choose)).clicked() {
                        action = Some(ArtAction::Choose(target.clone()));
                    }
                    if image.is_some() && ui.button("Remove image").clicked() {
                        action = Some(ArtAction::Remove(target.clone()));
                    }
                    let right = ui.max_rect().right();
                    ui.end_row();
                    rows.push((target, Rect::from_min_max(top, egui::pos2(right, ui.cursor().min.y))));
                }
            });
        });
    });
    panel.open = open;
    panel.rows = rows;
    action
}

/// The image at `source`, beside the scenario saved at `scenario`: its path relative to the
/// scenario's folder, copying it into the folder's `assets/` first when it lies elsewhere
/// (under a new name when one of that name holds something else).
///
/// # Errors
/// Why it cannot be used: the scenario is saved nowhere, the file is not an image the studio
/// reads (what and where), or it cannot be copied.
pub fn image_beside(scenario: Option<&Path>, source: &Path) -> Result<String, String> {
    let Some(scenario) = scenario else {
        return Err("save the scenario first: its images are kept beside its file".into());
    };
    // Refused here, with what and where, before the scenario names it.
    crate::art::read_picture(source)?;
    let folder = scenario.parent().unwrap_or(Path::new(".")).to_path_buf();
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let (inside, source_full) = (canonical(&folder), canonical(source));
    if let Ok(relative) = source_full.strip_prefix(&inside) {
        return Ok(relative_text(relative));
    }
    let name = source.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "image.png".into());
    let assets = folder.join("assets");
    std::fs::create_dir_all(&assets).map_err(|e| format!("cannot make {}: {e}", assets.display()))?;
    let bytes = std::fs::read(source).map_err(|e| format!("cannot read {}: {e}", source.display()))?;
    let (stem, extension) = match name.rsplit_once('.') {
        Some((stem, extension)) => (stem.to_owned(), format!(".{extension}")),
        None => (name.clone(), String::new()),
    };
    for n in 1..1000 {
        let candidate = if n == 1 { name.clone() } else { format!("{stem}-{n}{extension}") };
        let target: PathBuf = assets.join(&candidate);
        match std::fs::read(&target) {
            Ok(existing) if existing == bytes => return Ok(format!("assets/{candidate}")),
            Ok(_) => continue,
            Err(_) => {
                std::fs::write(&target, &bytes)
                    .map_err(|e| format!("cannot copy the image to {}: {e}", target.display()))?;
                return Ok(format!("assets/{candidate}"));
            }
        }
    }
    Err(format!("the assets folder holds too many images named like {name}"))
}

/// A relative path as a scenario file writes it, with `/` between its parts on every system.
fn relative_text(relative: &Path) -> String {
    relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect::<Vec<_>>().join("/")
}

/// Gives `target` the image at `source` (kept beside the scenario) as one undoable step; the
/// status line's words.
///
/// # Errors
/// As [`image_beside`].
pub fn assign(desk: &mut dyn Desk, target: &ArtTarget, source: &Path) -> Result<String, String> {
    let image = image_beside(desk.document().path(), source)?;
    let art = target.set(desk.document().art(), Some(image.clone()));
    let label = format!("art for {}", target.label());
    desk.document_mut().set_art(&label, art);
    Ok(format!("{image} is now the art for {}.", target.label()))
}

/// Takes `target`'s image away as one undoable step; the status line's words.
pub fn remove(desk: &mut dyn Desk, target: &ArtTarget) -> String {
    let art = target.set(desk.document().art(), None);
    desk.document_mut().set_art(&format!("removing the art for {}", target.label()), art);
    format!("{} is drawn with the studio's own symbol again.", target.label())
}
