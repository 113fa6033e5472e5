//! The window's frame, drawn each frame around the open desk: keyboard shortcuts and dropped
//! files, autosave and closing, the menu bar, the Balance panel, the desk's own frame, the
//! dialogs and the export dialog; then the commands the frame raised are run.

use super::app::{AUTOSAVE_SECONDS, StudioApp};
use super::commands::{Menu, UiCommand};
use super::desk::{offers, shortcut_order};
use super::shell::{Modal, PREFS_KEY, Pending};
use crate::ui::desk::DeskExt as _;
use egui::{Context, RichText, Ui};
use std::path::PathBuf;

/// Seconds between looks at the open file on disk.
const DISK_CHECK_SECONDS: f64 = 1.5;

impl StudioApp {
    fn handle_shortcuts(&mut self, ctx: &Context) {
        if self.modal.is_some() {
            return;
        }
        let typing = ctx.egui_wants_keyboard_input();
        let mut fired = Vec::new();
        ctx.input_mut(|input| {
            for (command, shortcut) in shortcut_order(self.desk.as_ref()) {
                if typing && command.is_bare_key() {
                    continue;
                }
                if input.consume_shortcut(&shortcut) {
                    fired.push(command);
                }
            }
        });
        self.queued.extend(fired);
        if !typing {
            self.take_clipboard_events(ctx);
        }
    }

    fn handle_dropped_files(&mut self, ctx: &Context) {
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw.dropped_files.iter().map(|f| f.path().to_path_buf()).filter(|p| !p.as_os_str().is_empty()).collect()
        });
        let at = ctx.input(|i| i.pointer.latest_pos());
        let palette_kind = super::art_panel::take_art_drop(ctx, at);
        let Some(path) = dropped.into_iter().next() else { return };
        // An image is art, not a document: it goes to the Art panel's row, the palette entry or
        // the thing on the board it was dropped on.
        if super::art_panel::is_image(&path) && !self.desk.in_playtest() {
            let on_row = at.and_then(|p| self.art.row_at(p)).filter(|_| self.art.open);
            let kinds = || self.desk.open_scenario().map(|s| s.art_kinds()).unwrap_or_default();
            let on_palette = || {
                let kind = palette_kind?;
                kinds().into_iter().find(|k| k.id == kind).map(crate::art::ArtTarget::Kind)
            };
            let on_board = || {
                let kind = self.desk.art_kind_under_pointer()?;
                kinds().into_iter().find(|k| k.id == kind).map(crate::art::ArtTarget::Kind)
            };
            match on_row.or_else(on_palette).or_else(on_board) {
                Some(target) => self.assign_art(&target, &path),
                None => {
                    self.art.open = true;
                    self.status = "Drop the image on a kind in the palette, or on its row in the Art panel.".into();
                }
            }
            return;
        }
        self.guard(Pending::Open(path));
    }

    /// Draws the whole window for one frame and handles its input, then runs the commands
    /// the frame raised.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        if self.styled_at != Some(self.prefs.ui_scale) {
            if self.styled_at.is_none() {
                super::style::install_fonts(&ctx);
            }
            super::style::apply_text_style(&ctx, self.prefs.ui_scale);
            self.styled_at = Some(self.prefs.ui_scale);
        }
        self.build_frame(ui);
        self.run_queued(&ctx);
        self.take_editor_feedback();
    }

    /// The board as suggested edit `number` would leave it, drawn from a desk of its own on a
    /// copy of the edited scenario (kept while the pointer stays on the edit), with the
    /// window's panels and view as they are: what is done to it, the view's pan included, is
    /// thrown away with it, so the document and its history never see the preview.
    /// Each place the edit changes is ringed on the preview.
    fn preview_frame(&mut self, previewed: &super::suggest_panel::Previewed, ui: &mut Ui) {
        let super::suggest_panel::Previewed { number, words, text, marks } = previewed;
        let number = *number;
        let revision = self.desk.revision();
        if self.preview.as_ref().is_none_or(|(r, n, _)| (*r, *n) != (revision, number)) {
            self.preview = match self.desk_for(text, None) {
                Ok(mut desk) => {
                    // At the document's own file, so the art kept beside it shows in the
                    // preview too; the preview is never saved (its keys go to the document).
                    if let Some(path) = self.desk.path().map(std::path::Path::to_path_buf) {
                        desk.saved_to(&path);
                    }
                    Some((revision, number, desk))
                }
                Err(message) => {
                    self.status = format!("Edit {number} cannot be shown: {message}");
                    None
                }
            };
        }
        let Some((_, _, desk)) = self.preview.as_mut() else {
            self.preview_rings.clear();
            let (desk, mut cx) = self.desk_and_context();
            desk.frame(&mut cx, ui);
            return;
        };
        let (mut prefs, mut view, mut placement) = (self.prefs.clone(), self.view, self.placement);
        // What is ringed comes first: a long edit's words are cut at the bar's end.
        let ringed = match marks.len() {
            0 => String::new(),
            1 => "; its place ringed on the board".to_owned(),
            n => format!("; {n} places ringed on the board"),
        };
        let mut status = format!("Previewing edit {number} (not made{ringed}): {words}");
        let (mut centre_on, mut modal, mut in_app_dialog, mut commands) = (None, None, None, Vec::new());
        let mut cx = super::desk::DeskContext {
            prefs: &mut prefs,
            view: &mut view,
            centre_on: &mut centre_on,
            placement: &mut placement,
            status: &mut status,
            modal: &mut modal,
            dialogs: self.dialogs.as_ref(),
            in_app_dialog: &mut in_app_dialog,
            commands: &mut commands,
            document: None,
            balance_offered: true,
        };
        desk.frame(&mut cx, ui);
        self.preview_rings = placement.map_or_else(Vec::new, |place| ring_changes(desk.as_ref(), place, marks, ui));
    }

    fn build_frame(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let now = ctx.input(|i| i.time);
        self.handle_shortcuts(&ctx);
        self.handle_dropped_files(&ctx);
        if let Some(left) = self.age_status(now) {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(left));
        }
        if self.last_autosave == 0.0 {
            self.last_autosave = now.max(f64::MIN_POSITIVE);
        } else if now - self.last_autosave >= AUTOSAVE_SECONDS {
            self.autosave(now);
        }
        // Another program's change to the open file is noticed within a second or two.
        if self.on_disk.is_some() {
            if now - self.last_disk_check >= DISK_CHECK_SECONDS {
                self.last_disk_check = now;
                self.check_disk();
            }
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(DISK_CHECK_SECONDS));
        }
        if self.is_modified() && self.data_dir.is_some() {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(AUTOSAVE_SECONDS));
        }
        if ctx.input(|i| i.viewport().close_requested()) && !self.allow_close && self.is_modified() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.modal = Some(Modal::Unsaved(Pending::Quit));
        }
        if self.allow_close {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        // Only when it changes: a viewport command every frame would keep the window repainting.
        let title = self.title();
        if self.last_title != title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.last_title = title;
        }
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        if self.prefs.show_balance && !self.desk.in_playtest() {
            // Balance shares the right column with the game's side panel, as a tab, so opening
            // it never takes a third column from the board.
            super::dock::right_column(ui, "balance", 300.0, |ui| {
                if super::dock::tabs(ui, super::dock::SideTab::Balance) == Some(super::dock::SideTab::Game) {
                    self.prefs.show_balance = false;
                    self.prefs.show_side_column = true;
                }
                egui::ScrollArea::vertical().id_salt("balance-scroll").show(ui, |ui| {
                    super::balance_panel::show(&mut self.balance, self.desk.as_ref(), &mut self.status, ui);
                });
            });
            // An edit the lab suggested, made as one step the person can undo.
            if let Some((words, text)) = self.balance.suggest.take_asked() {
                match self.desk.replace_from_text(&format!("Suggested edit: {words}"), &text) {
                    Ok(()) => {
                        self.balance.suggest.made(self.desk.revision(), words.clone());
                        self.status = format!("Made the suggested edit: {words}");
                    }
                    Err(message) => self.status = format!("The suggested edit cannot be made: {message}"),
                }
            }
        }
        let previewing = if self.prefs.show_balance && !self.desk.in_playtest() {
            self.balance.suggest.preview(self.desk.revision())
        } else {
            None
        };
        if let Some(previewed) = previewing {
            self.preview_frame(&previewed, ui);
        } else {
            self.preview = None;
            self.preview_rings.clear();
            let (desk, mut cx) = self.desk_and_context();
            desk.frame(&mut cx, ui);
        }
        // "Find the file…" on an unreadable image, clicked in the game's findings.
        let asked = egui::Id::unique(super::widgets::FIND_THE_FILE_ASKED);
        if let Some(image) = ctx.data_mut(|d| d.remove_temp::<String>(asked)) {
            self.find_art_file(image);
        }
        if self.balance.show_heatmap && !self.desk.in_playtest() {
            super::balance_panel::heatmap_overlay(&self.balance, self.desk.as_ref(), self.placement, ui);
        }
        if !self.desk.in_playtest()
            && let Some(action) = super::art_panel::show(&mut self.art, self.desk.as_ref(), &ctx)
        {
            self.art_action(action, &ctx);
        }
        super::dialogs::modals(self, &ctx);
        let paths = super::export_dialog::PathAsking {
            dialogs: self.dialogs.as_ref(),
            prefer_in_app: self.prefs.own_file_dialog,
            in_app_dialog: &mut self.in_app_dialog,
        };
        super::export_dialog::show(&mut self.export, self.desk.as_ref(), paths, &ctx);
        if let Some(dialog) = self.in_app_dialog.as_mut()
            && let Some(path) = dialog.show(&ctx)
            && let Some(dialog) = self.in_app_dialog.take()
        {
            self.path_chosen(dialog.request, path, &ctx);
        }
    }

    fn menu_bar(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            for menu in Menu::ALL {
                ui.menu_button(menu.title(), |ui| {
                    if menu == Menu::File {
                        self.recent_menu(ui);
                    }
                    if menu == Menu::View {
                        self.scale_menu(ui);
                    }
                    let commands = UiCommand::all(self.desk.game_commands())
                        .into_iter()
                        .filter(|&c| c.menu() == menu && offers(self.desk.as_ref(), c));
                    for command in commands.collect::<Vec<_>>() {
                        if self.command_button(ui, command) {
                            ui.close();
                        }
                    }
                    if menu == Menu::File {
                        ui.separator();
                        ui.checkbox(&mut self.prefs.own_file_dialog, "Use the studio's own file dialog")
                            .on_hover_text("Ask for paths in the window, where you can type one, instead of the system's dialog. The studio switches by itself when the system shows none.");
                    }
                });
            }
            ui.separator();
            let modified = if self.is_modified() { " (modified)" } else { "" };
            ui.label(format!("{}{modified}", self.desk.name()));
            ui.label(RichText::new(self.desk.game()).weak());
        });
    }

    fn scale_menu(&mut self, ui: &mut Ui) {
        ui.menu_button("UI scale", |ui| {
            for scale in super::style::UI_SCALES {
                let label = format!("{:.0}%", scale * 100.0);
                if ui.radio(self.prefs.ui_scale == scale, label).clicked() {
                    self.prefs.ui_scale = scale;
                    ui.close();
                }
            }
        });
    }

    fn recent_menu(&mut self, ui: &mut Ui) {
        ui.menu_button("Open recent", |ui| {
            if self.prefs.recent_files.is_empty() {
                ui.label("No recent files");
            }
            for path in self.prefs.recent_files.clone() {
                if ui.button(path.display().to_string()).clicked() {
                    self.guard(Pending::Open(path));
                    ui.close();
                }
            }
        });
    }

    /// Whether a toggle, tool or mode command is currently in force (shown highlighted).
    #[must_use]
    pub fn is_on(&self, command: UiCommand) -> bool {
        match command {
            UiCommand::Toggle(toggle) => self.prefs.shown(toggle),
            UiCommand::Symmetry(symmetry) => self.desk.symmetry() == symmetry,
            other => self.desk.is_on(other),
        }
    }

    /// A menu button for a command, with its shortcut; a click queues the command. Returns
    /// whether it was clicked.
    pub fn command_button(&mut self, ui: &mut Ui, command: UiCommand) -> bool {
        let (undo, redo) = self.desk.undo_redo_labels();
        let label = match command {
            UiCommand::Undo => undo.map_or_else(|| "Undo".to_owned(), |l| format!("Undo {l}")),
            UiCommand::Redo => redo.map_or_else(|| "Redo".to_owned(), |l| format!("Redo {l}")),
            other => other.label(),
        };
        let shortcut = command.shortcut_text(ui.ctx());
        let clicked = ui.add(egui::Button::new(label).shortcut_text(shortcut).selected(self.is_on(command))).clicked();
        if clicked {
            self.queue(command);
        }
        clicked
    }
}

impl eframe::App for StudioApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, PREFS_KEY, &self.prefs);
    }
}

/// Rings each place a previewed edit changes, on the board's own layer after the board, and
/// gives the rings' screen rectangles: a ring at least 24 px across, so a change at any zoom is
/// seen, drawn light on dark so it shows on any ground.
fn ring_changes(
    desk: &dyn super::desk::Desk,
    place: super::view::Placement,
    marks: &[crate::game::Place],
    ui: &Ui,
) -> Vec<egui::Rect> {
    let painter = ui.painter().clone().with_clip_rect(place.area);
    marks
        .iter()
        .map(|&mark| {
            let rect = place.board_rect_on_screen(desk.place_board_rect(mark));
            let radius = (rect.width().max(rect.height()) * 0.6).max(12.0);
            painter.circle_stroke(rect.center(), radius, egui::Stroke::new(5.0, egui::Color32::from_black_alpha(200)));
            painter.circle_stroke(rect.center(), radius, egui::Stroke::new(2.5, egui::Color32::from_rgb(255, 214, 0)));
            egui::Rect::from_center_size(rect.center(), egui::vec2(2.0 * radius, 2.0 * radius))
        })
        .collect()
}
