//! What every desk of a game on an open table shares: the symmetric-echo chooser, the shell's
//! grid symmetries as a table's (a table for two sides has no quarter turn or double mirror),
//! and the print preview's miniature sampled from the pieces' footprints.

use crate::board::Symmetry;
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
