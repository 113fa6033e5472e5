//! A board's miniature: the colour of each square (or whole unit of a table) as the print
//! preview and the generated-start preview draw it, and how it is painted.

use egui::{Color32, Sense, Ui, vec2};

/// A line along the grid from one corner to another (column, row), in its colour.
pub type GridLine = ((u16, u16), (u16, u16), Color32);

/// The board as the print preview draws it.
#[derive(Debug, Clone, PartialEq)]
pub struct Miniature {
    /// Squares (or whole units of a table) across.
    pub width: u16,
    /// Down.
    pub height: u16,
    /// The tile size in squares (1 where there are no tiles).
    pub tile: u8,
    /// What `width` and `height` count ("squares", "inches", "centimetres").
    pub units: &'static str,
    /// A colour per square, row by row.
    pub colours: Vec<Color32>,
    /// Lines along the grid (walls and doors on the edges between squares): each from one grid
    /// corner to another (column, row), in its colour.
    pub lines: Vec<GridLine>,
}

impl Miniature {
    /// A table's miniature: a colour per whole unit and no lines along a grid.
    #[must_use]
    pub fn of_table(size: (u16, u16), units: &'static str, colours: Vec<Color32>) -> Self {
        Self { width: size.0, height: size.1, tile: 1, units, colours, lines: Vec::new() }
    }
}

/// Paints a miniature of a board within `max_width` x `max_height` points, named for screen
/// readers and tests; gives the painted rectangle.
pub fn paint_miniature(ui: &mut Ui, miniature: &Miniature, max_width: f32, max_height: f32, name: &str) -> egui::Rect {
    let (width, height) = (f32::from(miniature.width.max(1)), f32::from(miniature.height.max(1)));
    let scale = (max_width / width).min(max_height / height);
    let (response, painter) = ui.allocate_painter(vec2(width * scale, height * scale), Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, name));
    let origin = response.rect.min;
    let mut mesh = egui::Mesh::default();
    for (index, color) in miniature.colours.iter().enumerate() {
        let (x, y) = (index % usize::from(miniature.width.max(1)), index / usize::from(miniature.width.max(1)));
        let rect = egui::Rect::from_min_size(origin + vec2(x as f32, y as f32) * scale, vec2(scale, scale));
        mesh.add_colored_rect(rect, *color);
    }
    painter.add(egui::Shape::mesh(mesh));
    // A wall drawn as thick as a fifth of a square, and never under 1.5 points, reads at any size.
    let stroke_width = (scale * 0.2).max(1.5);
    let corner = |(x, y): (u16, u16)| origin + vec2(f32::from(x), f32::from(y)) * scale;
    for &(from, to, colour) in &miniature.lines {
        painter.line_segment([corner(from), corner(to)], egui::Stroke::new(stroke_width, colour));
    }
    response.rect
}
