//! The board as every square-grid system writes it in a document file: terrain as one string
//! per row (one glyph per square, with a legend), heights as rows of digits, walls and doors as
//! a list of edges. Read defensively (every failure says where) and never knowing a system:
//! the system passes its own terrain table.

use crate::board::{Board, Door, Edge, EdgeAxis, EdgeFeature, Pos, TerrainId, Wall};
use crate::files::{FileError, nearest_names};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One wall or door as a file writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EdgeText {
    /// The edge's first corner (top or left end), as grid line coordinates.
    pub at: (u16, u16),
    /// Along a row or a column.
    pub axis: EdgeAxis,
    /// The wall, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wall: Option<Wall>,
    /// The door, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub door: Option<Door>,
}

/// The board's parts as a file holds them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GridText {
    /// Glyph to terrain id, for glyphs the system's table does not give.
    pub legend: BTreeMap<String, String>,
    /// One string per row.
    pub terrain: Vec<String>,
    /// Rows of digits; empty on a flat board.
    pub heights: Vec<String>,
    /// Walls and doors.
    pub edges: Vec<EdgeText>,
}

/// A system's terrain table as the file needs it: each kind's glyph and id, in table order.
pub type TerrainGlyphs<'a> = [(char, &'a str)];

/// Reads a board, refusing a side longer than `max_side` before allocating anything for it.
///
/// # Errors
/// Where and why the board cannot be read.
pub fn read_grid(text: &str, grid: &GridText, terrains: &TerrainGlyphs<'_>, max_side: u16) -> Result<Board, FileError> {
    let height = grid.terrain.len();
    let width = grid.terrain.first().map_or(0, |row| row.chars().count());
    let max = usize::from(max_side);
    if height == 0 || width == 0 || height > max || width > max {
        return Err(FileError::at_text(
            text,
            "terrain",
            format!("the board is {width} x {height}; each side must be 1 to {max_side}"),
        ));
    }
    let id_of = |name: &str| terrains.iter().position(|(_, id)| *id == name).and_then(|i| u8::try_from(i).ok());
    let mut legend: BTreeMap<char, TerrainId> =
        terrains.iter().enumerate().filter_map(|(i, (c, _))| Some((*c, TerrainId(u8::try_from(i).ok()?)))).collect();
    for (glyph, name) in &grid.legend {
        let mut chars = glyph.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(FileError::at_text(
                text,
                &format!("\"{glyph}\""),
                format!("legend key '{glyph}' must be one character"),
            ));
        };
        let Some(id) = id_of(name) else {
            let near = nearest_names(name, terrains.iter().map(|(_, id)| *id));
            return Err(FileError::at_text(
                text,
                &format!("\"{name}\""),
                format!("unknown terrain '{name}' in the legend; did you mean {}?", near.join(", ")),
            ));
        };
        legend.insert(c, TerrainId(id));
    }
    let mut terrain = Vec::with_capacity(width * height);
    for (row_index, row) in grid.terrain.iter().enumerate() {
        let count = row.chars().count();
        if count != width {
            return Err(FileError::at_text(
                text,
                &format!("\"{row}\""),
                format!("terrain row {} has {count} squares; the first row has {width}", row_index + 1),
            ));
        }
        for (x, glyph) in row.chars().enumerate() {
            let Some(&id) = legend.get(&glyph) else {
                let known: String = legend.keys().collect();
                return Err(FileError::at_text(
                    text,
                    &format!("\"{row}\""),
                    format!(
                        "unknown terrain glyph '{glyph}' at square ({x}, {row_index}); known glyphs: {known} (add it to the legend)"
                    ),
                ));
            };
            terrain.push(id);
        }
    }
    let mut board = Board {
        width: u16::try_from(width).unwrap_or(max_side),
        height: u16::try_from(height).unwrap_or(max_side),
        terrain,
        heights: Vec::new(),
        edges: BTreeMap::new(),
    };
    read_heights(text, &grid.heights, &mut board)?;
    for edge in &grid.edges {
        if let Some(wall) = edge.wall
            && wall.height > MAX_WALL_HEIGHT
        {
            return Err(FileError::plain(format!(
                "the wall on the {:?} edge at ({}, {}) is {} levels high; a wall is at most {MAX_WALL_HEIGHT}",
                edge.axis, edge.at.0, edge.at.1, wall.height
            )));
        }
        let at = Edge { x: edge.at.0, y: edge.at.1, axis: edge.axis };
        let feature = EdgeFeature { wall: edge.wall, door: edge.door };
        if board.set_edge(at, Some(feature)).is_none() {
            return Err(FileError::plain(format!(
                "the {:?} edge at ({}, {}) is off the {} x {} board",
                edge.axis, edge.at.0, edge.at.1, board.width, board.height
            )));
        }
    }
    Ok(board)
}

/// The highest wall a file may hold: as high as the highest level a square may stand at.
pub const MAX_WALL_HEIGHT: u8 = 9;

/// Reads the height rows (digits 0 to 9) onto a board of their size.
fn read_heights(text: &str, rows: &[String], board: &mut Board) -> Result<(), FileError> {
    if rows.is_empty() {
        return Ok(());
    }
    if rows.len() != usize::from(board.height) {
        return Err(FileError::at_text(
            text,
            "heights",
            format!("heights has {} rows; the board has {}", rows.len(), board.height),
        ));
    }
    for (y, row) in (0u16..).zip(rows) {
        if row.chars().count() != usize::from(board.width) {
            return Err(FileError::at_text(
                text,
                &format!("\"{row}\""),
                format!("height row {} has {} squares; the board has {}", y + 1, row.chars().count(), board.width),
            ));
        }
        for (x, c) in (0u16..).zip(row.chars()) {
            let Some(level) = c.to_digit(10).and_then(|d| u8::try_from(d).ok()) else {
                return Err(FileError::at_text(
                    text,
                    &format!("\"{row}\""),
                    format!("height '{c}' at square ({x}, {y}) is not a level from 0 to 9"),
                ));
            };
            let _ = board.set_height(Pos::new(x, y), level);
        }
    }
    Ok(())
}

/// Writes a board: rows of glyphs with a legend of every glyph used, heights when the board is
/// not flat, and its edges.
#[must_use]
pub fn write_grid(board: &Board, terrains: &TerrainGlyphs<'_>) -> GridText {
    let mut legend = BTreeMap::new();
    let terrain = (0..board.height)
        .map(|y| {
            (0..board.width)
                .map(|x| {
                    let id = board.terrain_at(Pos::new(x, y));
                    let (glyph, name) = terrains.get(id.index()).copied().unwrap_or(('?', "?"));
                    legend.insert(glyph.to_string(), name.to_owned());
                    glyph
                })
                .collect()
        })
        .collect();
    let heights = if board.heights.is_empty() {
        Vec::new()
    } else {
        (0..board.height)
            .map(|y| (0..board.width).map(|x| char::from(b'0' + board.height_at(Pos::new(x, y)).min(9))).collect())
            .collect()
    };
    let edges = board
        .edges
        .iter()
        .map(|(e, f)| EdgeText { at: (e.x, e.y), axis: e.axis, wall: f.wall, door: f.door })
        .collect();
    GridText { legend, terrain, heights, edges }
}
