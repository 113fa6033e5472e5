//! What every desk of a game on an open table shares: the symmetric-echo chooser, the shell's
//! grid symmetries as a table's (a table for two sides has no quarter turn or double mirror),
//! the print preview's miniature sampled from the pieces' footprints, and the buttons of a
//! selected group.

use crate::board::Symmetry;
use crate::table::group::{GroupAction, GroupMove};
use crate::table::{Shape, TableSymmetry};
use egui::{Color32, Ui};

/// The shell's symmetry as a table's, where a table for two sides has it.
#[must_use]
pub fn table_symmetry(symmetry: Symmetry) -> Option<TableSymmetry> {
    match symmetry {
        Symmetry::MirrorLeftRight => Some(TableSymmetry::MirrorLeftRight),
        Symmetry::MirrorTopBottom => Some(TableSymmetry::MirrorTopBottom),
        Symmetry::Rotate180 => Some(TableSymmetry::Rotate180),
        Symmetry::MirrorBoth | Symmetry::Rotate90 => None,
    }
}

/// The echo a table takes for the shell's symmetry (`None`: off).
///
/// # Errors
/// A symmetry a table for two sides cannot have, in words.
pub fn echo_of(symmetry: Option<Symmetry>) -> Result<Option<TableSymmetry>, String> {
    match symmetry {
        None => Ok(None),
        Some(s) => table_symmetry(s)
            .map(Some)
            .ok_or_else(|| format!("{} is not a symmetry of a table for two sides.", s.label())),
    }
}

/// A table's symmetry as the shell names it.
#[must_use]
pub fn grid_symmetry(symmetry: TableSymmetry) -> Symmetry {
    match symmetry {
        TableSymmetry::MirrorLeftRight => Symmetry::MirrorLeftRight,
        TableSymmetry::MirrorTopBottom => Symmetry::MirrorTopBottom,
        TableSymmetry::Rotate180 => Symmetry::Rotate180,
    }
}

/// "Symmetric echo: [Mirror top-bottom ▾]": off or one of the table's symmetries.
pub fn echo_choice(ui: &mut Ui, echo: &mut Option<TableSymmetry>) {
    let current = echo.map_or("Off", TableSymmetry::label);
    super::widgets::named_choice(ui, "Symmetric echo", current, echo.is_some(), |ui| {
        if ui.selectable_label(echo.is_none(), "Off").clicked() {
            *echo = None;
        }
        for symmetry in TableSymmetry::ALL {
            if ui.selectable_label(*echo == Some(symmetry), symmetry.label()).clicked() {
                *echo = Some(symmetry);
            }
        }
    });
}

/// "3 things selected" and the group's buttons; what was clicked, if anything.
pub fn group_buttons(ui: &mut Ui, names: &[String]) -> Option<GroupAction> {
    ui.label(egui::RichText::new(format!("{} things selected", names.len())).strong());
    ui.label(names.join(", "));
    ui.label("Drag any of them to move them all; Shift-click adds or takes one out.");
    let mut asked = None;
    ui.horizontal_wrapped(|ui| {
        let buttons = [
            ("Turn group -15°", GroupAction::Move(GroupMove::Turn(-1_500))),
            ("Turn group +15°", GroupAction::Move(GroupMove::Turn(1_500))),
            ("Turn group 90°", GroupAction::Move(GroupMove::Turn(9_000))),
            ("Mirror group left-right", GroupAction::Move(GroupMove::MirrorLeftRight)),
            ("Mirror group top-bottom", GroupAction::Move(GroupMove::MirrorTopBottom)),
            ("Copy group", GroupAction::Copy),
            ("Cut group", GroupAction::Cut),
            ("Duplicate group", GroupAction::Duplicate),
            ("Delete group", GroupAction::Delete),
        ];
        for (label, action) in buttons {
            if ui.button(label).clicked() {
                asked = Some(action);
            }
        }
    });
    asked
}

/// A colour per whole unit of a `width` x `depth` table (units of `unit_um` micrometres), row
/// by row: the topmost piece at each cell's centre, else the cloth.
#[must_use]
pub fn miniature(width: u16, depth: u16, unit_um: i64, pieces: &[(Shape, Color32)], cloth: Color32) -> Vec<Color32> {
    let unit = unit_um as f64;
    let mut out = Vec::with_capacity(usize::from(width) * usize::from(depth));
    for y in 0..depth {
        for x in 0..width {
            let p = ((f64::from(x) + 0.5) * unit, (f64::from(y) + 0.5) * unit);
            out.push(pieces.iter().rev().find(|(s, _)| s.contains_point(p)).map_or(cloth, |(_, c)| *c));
        }
    }
    out
}

/// Names on the table in dark boxes (white alone vanishes over cloth and pale terrain), each
/// centred on its point, at the window's least text size. A name whose box would cover one
/// already drawn, or the `kept` boxes, is left out: the inspector and tooltips still say it.
/// Returns the boxes drawn.
pub fn name_tags(painter: &egui::Painter, tags: &[(egui::Pos2, String)], kept: &[egui::Rect]) -> Vec<egui::Rect> {
    let font = egui::FontId::proportional(super::style::MIN_TEXT + 1.0);
    let mut drawn: Vec<egui::Rect> = Vec::new();
    for (at, text) in tags {
        let galley = painter.layout_no_wrap(text.clone(), font.clone(), Color32::WHITE);
        let rect = egui::Rect::from_center_size(*at, galley.size() + egui::vec2(6.0, 2.0));
        if drawn.iter().chain(kept).any(|r| r.intersects(rect)) {
            continue;
        }
        painter.rect_filled(rect, 3.0, Color32::from_black_alpha(150));
        painter.galley(rect.min + egui::vec2(3.0, 1.0), galley, Color32::WHITE);
        drawn.push(rect);
    }
    drawn
}

/// Where a unit's name goes: centred over its figures, just above the topmost, so it covers
/// none of them. `radius` is a base's radius on screen.
#[must_use]
pub fn over_figures(figures: &[egui::Pos2], radius: f32) -> Option<egui::Pos2> {
    let top = figures.iter().map(|p| p.y).reduce(f32::min)?;
    let (left, right) = figures.iter().fold((f32::MAX, f32::MIN), |(l, r), p| (l.min(p.x), r.max(p.x)));
    Some(egui::pos2((left + right) / 2.0, top - radius - 10.0))
}

#[cfg(test)]
mod tests {
    use super::over_figures;
    use egui::pos2;

    #[test]
    fn a_units_name_sits_centred_over_its_figures_clear_of_the_topmost_base() {
        let figures = [pos2(100.0, 200.0), pos2(140.0, 190.0), pos2(120.0, 220.0)];
        assert_eq!(over_figures(&figures, 7.0), Some(pos2(120.0, 190.0 - 7.0 - 10.0)));
        assert_eq!(over_figures(&[], 7.0), None, "a unit with no figure on the table has no name there");
    }
}
