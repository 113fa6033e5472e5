//! The export dialog: paper, square size, overlap, sheets and style, a preview of how the board
//! is cut into pages, and the PDF or PNG written on a worker thread with a progress bar.

use super::desk::{Desk, PrintPreset};
use super::file_dialogs::{Asked, FileDialogs, FileKind, InAppDialog, PathPurpose, PathRequest};
use super::style;
use crate::export::{ExportOptions, PT_PER_MM, Paper, board_layout, table_layout};
use crate::ui::desk::DeskExt as _;
use egui::{Color32, RichText, Stroke, StrokeKind, Ui, vec2};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::Receiver;

/// The square size presets, by label and points.
const PRESETS: [(&str, f32); 4] =
    [("1 in", 72.0), ("25 mm", 25.0 * PT_PER_MM), ("28 mm", 28.0 * PT_PER_MM), ("40 mm", 40.0 * PT_PER_MM)];

/// The dialog's state.
pub struct ExportDialog {
    /// The options being chosen.
    pub options: ExportOptions,
    /// The square size in millimetres, for a custom size.
    pub square_mm: f32,
    /// The PNG's resolution.
    pub dpi: u32,
    /// An export under way: pages done, pages in all, and where the result arrives.
    pub job: Option<ExportJob>,
    /// The outcome of the last export.
    pub message: String,
    /// The game's print defaults and the names of its sheets.
    pub preset: PrintPreset,
    /// Landscape (`true`) or portrait as chosen; `None` takes whichever cuts an open table
    /// into fewer pages.
    pub orientation: Option<bool>,
}

/// An export running on a worker thread.
pub struct ExportJob {
    done: Arc<AtomicUsize>,
    total: Arc<AtomicUsize>,
    result: Receiver<Result<String, String>>,
}

impl ExportDialog {
    /// The dialog with a game's print defaults.
    #[must_use]
    pub fn new(preset: PrintPreset) -> Self {
        let options =
            ExportOptions { scale: preset.square_mm * PT_PER_MM, paper: preset.paper, ..ExportOptions::default() };
        Self {
            square_mm: preset.square_mm,
            options,
            dpi: 150,
            job: None,
            message: String::new(),
            preset,
            orientation: None,
        }
    }
}

/// Shows the export dialog if it is open.
pub fn show(export: &mut Option<ExportDialog>, desk: &dyn Desk, mut paths: PathAsking<'_>, ctx: &egui::Context) {
    // While the in-app file dialog asks where to write, this modal steps aside: over it, the
    // file dialog could not be clicked.
    if export.is_none() || paths.in_app_dialog.is_some() {
        return;
    }
    let mut close = false;
    let mut start: Option<bool> = None;
    egui::Modal::new(egui::Id::unique("export-dialog")).show(ctx, |ui| {
        ui.set_width(560.0);
        ui.heading("Export for print");
        let Some(dialog) = export.as_mut() else { return };
        if let Some(job) = &dialog.job {
            let (done, total) = (job.done.load(Ordering::Relaxed), job.total.load(Ordering::Relaxed).max(1));
            ui.add(egui::ProgressBar::new(done as f32 / total as f32).text(format!("page {done} of {total}")));
            ctx.request_repaint();
            if let Ok(result) = job.result.try_recv() {
                dialog.message = match result {
                    Ok(message) | Err(message) => message,
                };
                dialog.job = None;
            }
            return;
        }
        let table = desk.print_preview();
        let open_table = (table.units != "squares").then_some((table.width, table.height, table.units));
        options_ui(ui, dialog, open_table);
        ui.separator();
        preview(ui, export.as_ref(), desk);
        let Some(dialog) = export.as_mut() else { return };
        if !dialog.message.is_empty() {
            ui.label(RichText::new(&dialog.message).italics());
        }
        ui.horizontal(|ui| {
            if ui.button("Export PDF...").clicked() {
                start = Some(true);
            }
            ui.add(egui::DragValue::new(&mut dialog.dpi).range(10..=1200).suffix(" dpi"));
            if ui.button("Export PNG...").clicked() {
                start = Some(false);
            }
            if ui.button("Close").clicked() {
                close = true;
            }
        });
    });
    if let Some(pdf) = start {
        begin(export, desk, &mut paths, pdf, ctx);
    }
    if close {
        *export = None;
    }
}

/// The options a print can change. An open table (`open_table`: its size in whole units, and
/// the units) prints at 1:1 only, so it is offered no square size, and its orientation may be
/// left to whichever takes fewer pages.
fn options_ui(ui: &mut Ui, dialog: &mut ExportDialog, open_table: Option<(u16, u16, &str)>) {
    let o = &mut dialog.options;
    egui::Grid::new("export-options").num_columns(2).show(ui, |ui| {
        ui.label("Paper");
        ui.horizontal(|ui| {
            for paper in [Paper::A4, Paper::Letter, Paper::A3, Paper::Tabloid] {
                ui.selectable_value(&mut o.paper, paper, format!("{paper:?}"));
            }
        });
        ui.end_row();
        ui.label("Orientation");
        ui.horizontal(|ui| {
            if let Some((width, height, _)) = open_table {
                let fewest = crate::export::fewest_pages_landscape(
                    &ExportOptions { landscape: false, ..o.clone() },
                    width,
                    height,
                );
                let words = if fewest { "Fewest pages (landscape)" } else { "Fewest pages (portrait)" };
                ui.selectable_value(&mut dialog.orientation, None, words);
                if dialog.orientation.is_none() {
                    o.landscape = fewest;
                }
            }
            for (landscape, words) in [(false, "Portrait"), (true, "Landscape")] {
                let chosen =
                    if open_table.is_some() { dialog.orientation == Some(landscape) } else { o.landscape == landscape };
                if ui.selectable_label(chosen, words).clicked() {
                    dialog.orientation = Some(landscape);
                    o.landscape = landscape;
                }
            }
        });
        ui.end_row();
        match open_table {
            Some((_, _, units)) => {
                ui.label("Scale");
                ui.label(format!("1:1, one of the table's {units} to one on paper, so the rules' rulers measure true"));
                dialog.square_mm = dialog.preset.square_mm;
            }
            None => {
                ui.label("Square").on_hover_text("How long a square's side prints.");
                ui.horizontal(|ui| {
                    for (label, points) in PRESETS {
                        if ui.selectable_label((o.scale - points).abs() < 0.01, label).clicked() {
                            dialog.square_mm = points / PT_PER_MM;
                        }
                    }
                    ui.add(egui::DragValue::new(&mut dialog.square_mm).range(5.0..=100.0).speed(0.5).suffix(" mm"));
                });
            }
        }
        o.scale = dialog.square_mm * PT_PER_MM;
        ui.end_row();
        ui.label("Overlap strip");
        let mut overlap = o.overlap / PT_PER_MM;
        ui.add(egui::DragValue::new(&mut overlap).range(0.0..=50.0).suffix(" mm"));
        o.overlap = overlap * PT_PER_MM;
        ui.end_row();
        ui.label("Margins");
        let mut margin = o.margin / PT_PER_MM;
        ui.add(egui::DragValue::new(&mut margin).range(0.0..=50.0).suffix(" mm"));
        o.margin = margin * PT_PER_MM;
        ui.end_row();
        ui.label("Sheets");
        // One sheet a line: five sheets side by side made the dialog as wide as the window.
        ui.vertical(|ui| {
            let declared = dialog.preset.sheets;
            for sheet in declared {
                let mut on = o.sheets.has(sheet.id);
                if ui.checkbox(&mut on, sheet.label).changed() {
                    o.sheets.set(declared, sheet.id, on);
                }
            }
        });
        ui.end_row();
        if dialog.preset.extra_counters {
            ui.label("Extra counters");
            ui.add(egui::DragValue::new(&mut o.extra_counters).range(0..=20).suffix(" per kind and player"));
            ui.end_row();
        }
        ui.label("Style");
        ui.checkbox(&mut o.greyscale, "Ink-saving greyscale (owners by pattern and letter)");
        ui.end_row();
    });
}

/// The page layout over a miniature of the board.
fn preview(ui: &mut Ui, dialog: Option<&ExportDialog>, desk: &dyn Desk) {
    let Some(dialog) = dialog else { return };
    let preview = desk.print_preview();
    let (width, height, tile) = (preview.width, preview.height, preview.tile);
    let open_table = preview.units != "squares";
    let layout = if open_table {
        table_layout(&dialog.options, width, height)
    } else {
        board_layout(&dialog.options, width, height, tile)
    };
    match layout {
        Err(message) => {
            ui.label(RichText::new(message).color(style::ERROR));
        }
        Ok(layout) => {
            let steps = f32::from(layout.steps.max(1));
            let length = |per: u16| crate::export::steps_as_units(per, layout.steps);
            ui.label(format!(
                "The {} prints on {} x {} pages ({} in all) of {} x {} {}{}; {}.",
                if open_table { "table" } else { "board" },
                layout.cols,
                layout.rows,
                layout.pages.len(),
                length(layout.per_page_x),
                length(layout.per_page_y),
                preview.units,
                if open_table { " at 1:1" } else { "" },
                if desk.has_errors() {
                    "the scenario has errors and will be marked as not valid"
                } else {
                    "the scenario is valid"
                }
            ));
            if open_table {
                ui.label(other_papers(&dialog.options, width, height));
            }
            let board = super::miniature::paint_miniature(ui, &preview, 540.0, 260.0, "Page layout preview");
            let scale = board.width() / f32::from(width.max(1)) / steps;
            let origin = board.min;
            let painter = ui.painter_at(board);
            for page in &layout.pages {
                let rect = egui::Rect::from_min_max(
                    origin + vec2(f32::from(page.x0), f32::from(page.y0)) * scale,
                    origin + vec2(f32::from(page.x1), f32::from(page.y1)) * scale,
                );
                painter.rect_stroke(rect, 0.0, Stroke::new(1.5, Color32::from_rgb(200, 30, 30)), StrokeKind::Inside);
                painter.text(
                    rect.min + vec2(3.0, 2.0),
                    egui::Align2::LEFT_TOP,
                    page.to_string(),
                    egui::FontId::proportional(super::style::MIN_TEXT),
                    Color32::from_rgb(120, 0, 0),
                );
            }
        }
    }
}

/// How many pages an open table takes on each other paper, in its fewer-page orientation: an
/// open table prints at 1:1, so the paper is what changes the count.
fn other_papers(options: &ExportOptions, width: u16, height: u16) -> String {
    let counts: Vec<String> = [Paper::A4, Paper::Letter, Paper::A3, Paper::Tabloid]
        .into_iter()
        .filter(|&paper| paper != options.paper)
        .filter_map(|paper| {
            let on = |landscape| table_layout(&ExportOptions { paper, landscape, ..options.clone() }, width, height);
            let fewest = [on(false), on(true)].into_iter().filter_map(Result::ok).map(|l| l.pages.len()).min()?;
            Some(format!("{paper:?} {fewest}"))
        })
        .collect();
    format!("Fewest table pages on other paper: {}.", counts.join(", "))
}

/// Asks where to export the open document; the export starts once a path is chosen (now from
/// a native dialog, or later from the in-app one through [`begin_at`]).
fn begin(
    export: &mut Option<ExportDialog>,
    desk: &dyn Desk,
    paths: &mut PathAsking<'_>,
    pdf: bool,
    ctx: &egui::Context,
) {
    let name = super::shell::slug(desk.name());
    let (kind, suggested) =
        if pdf { (FileKind::Pdf, format!("{name}.pdf")) } else { (FileKind::Png, format!("{name}.png")) };
    let mut status = String::new();
    let request = PathRequest::save(kind, suggested, PathPurpose::Export { pdf }, "Not exported").beside(desk.path());
    match super::file_dialogs::ask(paths.dialogs, paths.prefer_in_app, paths.in_app_dialog, &mut status, request) {
        Asked::Now(path) => begin_at(export, desk, pdf, path, ctx),
        Asked::Nothing => {
            if let Some(dialog) = export.as_mut() {
                dialog.message = status;
            }
        }
        Asked::Later => {}
    }
}

/// Where the export dialog asks for paths: the dialogs, and the in-app one when they fail.
pub struct PathAsking<'a> {
    /// The system's dialogs.
    pub dialogs: &'a dyn FileDialogs,
    /// The user prefers the studio's own dialog.
    pub prefer_in_app: bool,
    /// The studio's own dialog, opened where the system's cannot be shown.
    pub in_app_dialog: &'a mut Option<InAppDialog>,
}

/// Exports the open document to `path` through the game-system seam: its desk opens it as its
/// system's scenario, which prints itself on a worker thread.
pub fn begin_at(export: &mut Option<ExportDialog>, desk: &dyn Desk, pdf: bool, path: PathBuf, ctx: &egui::Context) {
    let opened = desk.open_scenario();
    let Some(dialog) = export.as_mut() else { return };
    let scenario = match opened {
        Ok(scenario) => scenario,
        Err(message) => {
            dialog.message = format!("Not exported: {message}");
            return;
        }
    };
    let (mut options, dpi) = (dialog.options.clone(), dialog.dpi);
    // Read here, once, beside the saved file; one that cannot be read is left out and the
    // dialog says why when the export is done.
    let left_out = match crate::art::backdrop_for_print(scenario.backdrop(), desk.path()) {
        Ok(placed) => {
            options.backdrop = placed;
            None
        }
        Err(why) => Some(format!(" The background image is left out: {why}.")),
    };
    let art = crate::art::art_for_print(scenario.art(), desk.path());
    let left_out = match (left_out, art.missing.first()) {
        (None, Some((image, why))) => Some(format!(" The image '{image}' is left out: {why}.")),
        (left_out, _) => left_out,
    };
    options.art = (!art.is_empty()).then(|| Arc::new(art));
    let done = Arc::new(AtomicUsize::new(0));
    let total = Arc::new(AtomicUsize::new(1));
    let (sender, result) = std::sync::mpsc::channel();
    let (d, t, ctx) = (Arc::clone(&done), Arc::clone(&total), ctx.clone());
    std::thread::spawn(move || {
        let outcome = if pdf {
            scenario
                .export_pdf(&options, &mut |now, all| {
                    d.store(now, Ordering::Relaxed);
                    t.store(all, Ordering::Relaxed);
                    ctx.request_repaint();
                })
                .and_then(|report| {
                    crate::files::write_atomic(&path, &report.bytes)?;
                    Ok(format!("Wrote {} ({} pages, {} KB).", path.display(), report.pages, report.bytes.len() / 1024))
                })
        } else {
            scenario.export_png(options.scale, dpi, options.greyscale, options.print_art()).and_then(|bytes| {
                crate::files::write_atomic(&path, &bytes)?;
                Ok(format!("Wrote {} at {dpi} dpi.", path.display()))
            })
        };
        let outcome = outcome.map(|done| done + left_out.as_deref().unwrap_or(""));
        let _ = sender.send(outcome);
        ctx.request_repaint();
    });
    dialog.job = Some(ExportJob { done, total, result });
}
