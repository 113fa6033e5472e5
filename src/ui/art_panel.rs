//! The Art panel every game shares (Tools > Art...): every image the scenario uses, with its
//! pixels and the dots per inch it prints at, and every kind the game can draw with the
//! designer's art; an image is assigned by choosing a file or dropping one on a row, kept
//! beside the scenario (copied into its `assets/` folder when it lies elsewhere), and every
//! assignment or removal is one undoable step. Its Background section lays a scanned board
//! under the board at true scale: the designer clicks two points on the image, types the
//! distance between them and where the first lies on the board.

use super::desk::Desk;
use crate::art::{ArtTarget, Backdrop};
use egui::{Context, Rect, RichText};
use std::path::{Path, PathBuf};

/// What the panel asks the window to do, once it is drawn.
#[derive(Debug, Clone, PartialEq)]
pub enum ArtAction {
    /// Ask for an image file for this.
    Choose(ArtTarget),
    /// Take its image away.
    Remove(ArtTarget),
    /// Ask for an image to lie under the board.
    ChooseBackground,
    /// Take the background image away.
    RemoveBackground,
    /// Place the background image as this says.
    PlaceBackground(Backdrop),
}

/// The background's placement as the designer edits it in the panel, until Apply.
#[derive(Debug, Clone)]
struct Placing {
    /// The scenario's background the edit started from (a new one starts the edit again).
    from: Backdrop,
    /// The placement as edited.
    draft: Backdrop,
    /// Which reference point the next click on the image sets (0 or 1).
    next: usize,
}

/// The panel's state.
#[derive(Debug, Default)]
pub struct ArtPanel {
    /// Whether it is shown.
    pub open: bool,
    /// Where each row was drawn last frame, so a file dropped on one goes to its kind.
    rows: Vec<(ArtTarget, Rect)>,
    /// The background's placement being edited, if there is a background.
    placing: Option<Placing>,
}

impl ArtPanel {
    /// The row under `point` as last drawn, if any.
    #[must_use]
    pub fn row_at(&self, point: egui::Pos2) -> Option<ArtTarget> {
        self.rows.iter().find(|(_, rect)| rect.contains(point)).map(|(target, _)| target.clone())
    }
}

/// Where the frame keeps the palette entries drawn this frame that stand for a kind with art,
/// so an image dropped on one next frame goes to that kind.
const DROP_ZONES: &str = "art-drop-zones";

/// Notes that `response` (a palette entry) stands for the art kind `kind`: an image file
/// dropped on it becomes that kind's art. Each game's palette calls it for every entry that is
/// a kind it draws with art.
pub fn takes_art(response: &egui::Response, kind: &str) {
    let id = egui::Id::unique(DROP_ZONES);
    response
        .ctx
        .data_mut(|d| d.get_temp_mut_or_default::<Vec<(Rect, String)>>(id).push((response.rect, kind.to_owned())));
}

/// The kind whose palette entry was drawn under `point` last frame, if any; forgets every entry,
/// since this frame's palettes note theirs again.
pub fn take_art_drop(ctx: &Context, point: Option<egui::Pos2>) -> Option<String> {
    let zones: Vec<(Rect, String)> = ctx.data_mut(|d| d.remove_temp(egui::Id::unique(DROP_ZONES))).unwrap_or_default();
    let point = point?;
    zones.into_iter().rev().find(|(rect, _)| rect.contains(point)).map(|(_, kind)| kind)
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
    let placing = &mut panel.placing;
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
        ui.separator();
        background(ui, placing, (scenario.as_ref(), path), &mut action);
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

/// The Background section: the image under the board with Choose, Replace and Remove, and
/// its placement by two reference points clicked on the image, the distance between them and
/// where the first lies on the board, applied as one undoable step.
fn background(
    ui: &mut egui::Ui,
    placing: &mut Option<Placing>,
    (scenario, path): (&dyn crate::game::OpenScenario, Option<&Path>),
    action: &mut Option<ArtAction>,
) {
    let (width, height, units) = scenario.board_extent();
    ui.label(RichText::new("Background").strong());
    let Some(backdrop) = scenario.backdrop() else {
        *placing = None;
        ui.horizontal_wrapped(|ui| {
            ui.label(format!(
                "None. A scanned or painted board can lie under the {width} x {height} {units} to be traced."
            ));
            if ui.add_enabled(path.is_some(), egui::Button::new("Choose background…")).clicked() {
                *action = Some(ArtAction::ChooseBackground);
            }
        });
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(&backdrop.image);
        if ui.add_enabled(path.is_some(), egui::Button::new("Replace background…")).clicked() {
            *action = Some(ArtAction::ChooseBackground);
        }
        if ui.button("Remove background").clicked() {
            *action = Some(ArtAction::RemoveBackground);
        }
    });
    let placed = match super::sketch::read_backdrop(ui.ctx(), path, Some(backdrop)) {
        Ok(Some(placed)) => placed,
        Ok(None) => return,
        Err(why) => {
            ui.label(RichText::new(format!("It cannot be read: {why}")).color(super::style::WARNING));
            return;
        }
    };
    if placing.as_ref().is_none_or(|p| p.from != *backdrop) {
        *placing = Some(Placing { from: backdrop.clone(), draft: backdrop.clone(), next: 0 });
    }
    let Some(placing) = placing.as_mut() else { return };
    ui.label(format!(
        "Click two points on the image whose distance apart on the board you know (two corners of its grid, the ends of a scale bar); the next click sets point {}.",
        placing.next + 1
    ));
    reference_image(ui, &placed.picture, placing);
    let draft = &mut placing.draft;
    egui::Grid::new("backdrop-placement").num_columns(3).show(ui, |ui| {
        for (i, point) in draft.points.iter_mut().enumerate() {
            ui.label(format!("Point {} on the image", i + 1));
            ui.add(egui::DragValue::new(&mut point.0).range(0.0..=1e6).suffix(" px across"));
            ui.add(egui::DragValue::new(&mut point.1).range(0.0..=1e6).suffix(" px down"));
            ui.end_row();
        }
        ui.label("Distance between them on the board");
        ui.add(egui::DragValue::new(&mut draft.distance).range(0.01..=1e5).speed(0.1).suffix(format!(" {units}")));
        ui.end_row();
        ui.label("Point 1 lies on the board at");
        ui.add(egui::DragValue::new(&mut draft.at.0).speed(0.1).suffix(format!(" {units} across")));
        ui.add(egui::DragValue::new(&mut draft.at.1).speed(0.1).suffix(format!(" {units} down")));
        ui.end_row();
    });
    let valid = draft.check();
    match &valid {
        Ok(()) => {
            let (x, y, w, h) = draft.rect(placed.picture.width, placed.picture.height);
            ui.label(format!(
                "The image covers {w:.1} x {h:.1} {units}, its corner at ({x:.1}, {y:.1}); the board is {width} x {height}."
            ));
        }
        Err(why) => {
            ui.label(RichText::new(why).color(super::style::WARNING));
        }
    }
    let changed = placing.draft != placing.from;
    ui.horizontal(|ui| {
        if ui.add_enabled(changed && valid.is_ok(), egui::Button::new("Apply placement")).clicked() {
            *action = Some(ArtAction::PlaceBackground(placing.draft.clone()));
        }
        if ui.add_enabled(changed, egui::Button::new("Revert")).clicked() {
            placing.draft = placing.from.clone();
        }
    });
}

/// What the background image in the panel is called (screen readers and tests find it so).
pub const REFERENCE_IMAGE: &str = "Background image: click to set a reference point";

/// The background image at a size that fits the panel, with the two reference points marked;
/// a click sets the next point.
fn reference_image(ui: &mut egui::Ui, picture: &crate::art::Picture, placing: &mut Placing) {
    let texture = super::sketch::picture_texture(ui.ctx(), picture);
    let shown = ui.available_width().clamp(120.0, 480.0);
    let k = shown / picture.width.max(1) as f32;
    let size = egui::vec2(shown, picture.height as f32 * k);
    let (response, painter) = ui.allocate_painter(size, egui::Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, REFERENCE_IMAGE));
    let rect = response.rect;
    let uv = Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
    painter.image(texture.id(), rect, uv, egui::Color32::WHITE);
    if response.clicked()
        && let Some(at) = response.interact_pointer_pos()
    {
        let pixel = (at - rect.min) / k;
        let clamp = |v: f32, most: u32| f64::from(v.clamp(0.0, most as f32).floor());
        placing.draft.points[placing.next] = (clamp(pixel.x, picture.width), clamp(pixel.y, picture.height));
        placing.next = 1 - placing.next;
    }
    for (i, (x, y)) in placing.draft.points.iter().enumerate() {
        let centre = rect.min + egui::vec2(*x as f32 * k, *y as f32 * k);
        painter.circle_stroke(centre, 7.0, egui::Stroke::new(2.5, egui::Color32::from_rgb(230, 40, 40)));
        painter.text(
            centre + egui::vec2(9.0, -9.0),
            egui::Align2::LEFT_BOTTOM,
            (i + 1).to_string(),
            egui::FontId::proportional(14.0),
            egui::Color32::from_rgb(230, 40, 40),
        );
    }
}

/// Lays the image at `source` (kept beside the scenario) under the board as one undoable step:
/// a new background fits the board's width from its corner, a replaced one keeps its placement
/// (a new scan of the same board); the status line's words.
///
/// # Errors
/// As [`image_beside`].
pub fn assign_background(desk: &mut dyn Desk, source: &Path) -> Result<String, String> {
    let picture = crate::art::read_picture(source)?;
    let image = image_beside(desk.document().path(), source)?;
    let placed = match desk.document().backdrop() {
        Some(old) => Backdrop { image: image.clone(), ..old.clone() },
        None => {
            let width = desk.open_scenario().map_or(10, |s| s.board_extent().0);
            Backdrop::fitted(image.clone(), (picture.width, picture.height), f64::from(width))
        }
    };
    let art = desk.document().art().clone();
    desk.document_mut().set_art("background image", Some(placed), art);
    Ok(format!("{image} now lies under the board; place it by two points in the Art panel's Background."))
}

/// Places the background as `placed` says, or takes it away, as one undoable step; the status
/// line's words.
pub fn place_background(desk: &mut dyn Desk, placed: Option<Backdrop>) -> String {
    let art = desk.document().art().clone();
    let said = if placed.is_some() { "The background is placed." } else { "The background image is taken away." };
    let label = if placed.is_some() { "placing the background" } else { "removing the background" };
    desk.document_mut().set_art(label, placed, art);
    said.to_owned()
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
    let backdrop = desk.document().backdrop().cloned();
    desk.document_mut().set_art(&label, backdrop, art);
    Ok(format!("{image} is now the art for {}.", target.label()))
}

/// Takes `target`'s image away as one undoable step; the status line's words.
pub fn remove(desk: &mut dyn Desk, target: &ArtTarget) -> String {
    let art = target.set(desk.document().art(), None);
    let backdrop = desk.document().backdrop().cloned();
    desk.document_mut().set_art(&format!("removing the art for {}", target.label()), backdrop, art);
    format!("{} is drawn with the studio's own symbol again.", target.label())
}
