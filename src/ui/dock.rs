//! The two columns every game docks beside its board or table, owned here so no game can
//! crowd the board out: the tool column on the left, the side column on the right (shared,
//! as tabs, with the Balance panel), each shown or hidden from the View menu and each opening
//! at no more than a share of the window, so the board keeps at least half of it.

use super::commands::ViewToggle;
use super::desk::DeskContext;
use egui::Ui;

/// The largest share of the window's width the left (tool) column may take.
pub const TOOL_COLUMN_SHARE: f32 = 0.2;
/// The largest share of the window's width the right (side or Balance) column may take.
pub const SIDE_COLUMN_SHARE: f32 = 0.25;
/// The narrowest a column may be dragged, in points: narrower, its buttons would not fit.
const NARROWEST_COLUMN: f32 = 160.0;

/// Which tab the right column shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SideTab {
    /// The game's own side panel (inspector, findings, settings, the playtest's log).
    Game,
    /// The balance lab.
    Balance,
}

/// A resizable column opening at `width`, held to `share` of the window's width.
fn capped(panel: egui::Panel, ui: &Ui, share: f32, width: f32) -> egui::Panel {
    let widest = (ui.ctx().content_rect().width() * share).max(NARROWEST_COLUMN);
    panel.resizable(true).default_size(width.min(widest)).size_range(NARROWEST_COLUMN.min(widest)..=widest)
}

/// Shows the left column unless the View menu hides it. `width` is the game's preferred
/// width; the column takes no more than [`TOOL_COLUMN_SHARE`] of the window.
pub fn tool_column(
    cx: &mut DeskContext<'_>,
    ui: &mut Ui,
    id: &'static str,
    width: f32,
    add: impl FnOnce(&mut DeskContext<'_>, &mut Ui),
) {
    if !cx.prefs.shown(ViewToggle::ToolColumn) {
        return;
    }
    capped(egui::Panel::left(id), ui, TOOL_COLUMN_SHARE, width).show(ui, |ui| within_width(ui, id, |ui| add(cx, ui)));
}

/// Shows the game's side column on the right unless the View menu hides it or the Balance
/// panel has the column. The column takes no more than [`SIDE_COLUMN_SHARE`] of the
/// window.
pub fn side_column(
    cx: &mut DeskContext<'_>,
    ui: &mut Ui,
    id: &'static str,
    width: f32,
    add: impl FnOnce(&mut DeskContext<'_>, &mut Ui),
) {
    let balance_has_it = cx.balance_offered && cx.prefs.show_balance;
    if !cx.prefs.shown(ViewToggle::SideColumn) || balance_has_it {
        return;
    }
    let offers_balance = cx.balance_offered;
    right_column(ui, id, width, |ui| {
        if offers_balance && let Some(SideTab::Balance) = tabs(ui, SideTab::Game) {
            cx.prefs.show_balance = true;
        }
        add(cx, ui);
    });
}

/// The right column at the width rules every right column keeps, for the game's side panel
/// and for the Balance panel alike.
pub fn right_column(ui: &mut Ui, id: &'static str, width: f32, add: impl FnOnce(&mut Ui)) {
    capped(egui::Panel::right(id), ui, SIDE_COLUMN_SHARE, width).show(ui, |ui| within_width(ui, id, add));
}

/// A column's content held to the column's width: text wraps to it, and what cannot wrap (a
/// wide table, a row of buttons) scrolls sideways inside the column instead of spilling past
/// its edge, off the window or over the board.
fn within_width(ui: &mut Ui, id: &'static str, add: impl FnOnce(&mut Ui)) {
    egui::ScrollArea::horizontal().id_salt((id, "sideways")).auto_shrink([false, false]).show(ui, add);
}

/// The tab strip at the top of the right column; gives the tab clicked, if another.
pub fn tabs(ui: &mut Ui, current: SideTab) -> Option<SideTab> {
    let mut chosen = None;
    ui.horizontal(|ui| {
        for (tab, label) in [(SideTab::Game, "Scenario"), (SideTab::Balance, "Balance lab")] {
            if ui.selectable_label(current == tab, label).clicked() && current != tab {
                chosen = Some(tab);
            }
        }
    });
    ui.separator();
    chosen
}
