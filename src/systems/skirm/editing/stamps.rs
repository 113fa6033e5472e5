//! Skirm's stamps: rooms the Stamp tool lays whole (terrain, heights, walls, doors, items),
//! from a small built-in library drawn as text in `data/rooms.ron`, and the designer's own,
//! saved from a selection to a stamp file and read back from one.

use super::selection::SkirmClip;
use super::{Editor, MAX_LEVEL};
use crate::board::{Block, Board, Door, Edge, EdgeAxis, EdgeFeature, Pos, SquareMap, TerrainId, Wall};
use crate::systems::skirm::rules::{ItemKind, Ruleset};
use serde::{Deserialize, Serialize};

/// The built-in rooms, drawn on a grid of corners, sides and squares.
const BUILTIN_ROOMS_RON: &str = include_str!("../data/rooms.ron");

/// One room of the built-in library as its file draws it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RoomDrawing {
    name: String,
    description: String,
    /// `2h + 1` rows of `2w + 1` characters: `+` at corners; on a side `-` or `|` a wall,
    /// `D` a closed door, `O` an open door, blank nothing; on a square its terrain glyph.
    rows: Vec<String>,
    /// Height levels row by row (`h` rows of `w` digits); flat when left out.
    #[serde(default)]
    heights: Vec<String>,
    /// Items by square.
    #[serde(default)]
    items: Vec<((u16, u16), ItemKind)>,
}

/// A room the Stamp tool lays.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stamp {
    /// Its name on the palette.
    pub name: String,
    /// What it offers.
    #[serde(default)]
    pub description: String,
    /// What it lays.
    pub clip: SkirmClip,
    /// It comes with the studio (never written to a stamp file).
    #[serde(skip)]
    pub builtin: bool,
}

/// The built-in library read against `rules` (its terrain glyphs): a drawing the ruleset
/// cannot read is left out, so a ruleset without the usual terrains gets the rooms it can lay
/// (the bundled ruleset reads every one: [`check_builtin_rooms`]).
#[must_use]
pub fn builtin_stamps(rules: &Ruleset) -> Vec<Stamp> {
    let Ok(drawings) = ron::from_str::<Vec<RoomDrawing>>(BUILTIN_ROOMS_RON) else { return Vec::new() };
    drawings.iter().filter_map(|d| room(d, &|glyph| glyph_terrain(rules, glyph)).ok()).collect()
}

/// The terrain the ruleset draws with `glyph`.
fn glyph_terrain(rules: &Ruleset, glyph: char) -> Option<TerrainId> {
    rules.terrains.iter().position(|t| t.glyph == glyph).and_then(|i| u8::try_from(i).ok()).map(TerrainId)
}

/// Every built-in drawing read against `rules`, or the first that cannot be, named.
///
/// # Errors
/// The room and what is wrong with its drawing.
pub fn check_builtin_rooms(rules: &Ruleset) -> Result<Vec<Stamp>, String> {
    let drawings: Vec<RoomDrawing> =
        ron::from_str(BUILTIN_ROOMS_RON).map_err(|e| format!("the room library: {}", e.code))?;
    drawings
        .iter()
        .map(|d| room(d, &|glyph| glyph_terrain(rules, glyph)).map_err(|e| format!("room '{}': {e}", d.name)))
        .collect()
}

/// Reads one drawing into a stamp.
fn room(drawing: &RoomDrawing, terrain: &dyn Fn(char) -> Option<TerrainId>) -> Result<Stamp, String> {
    let rows: Vec<Vec<char>> = drawing.rows.iter().map(|r| r.chars().collect()).collect();
    let across = rows.first().map_or(0, Vec::len);
    if rows.len() < 3
        || rows.len().is_multiple_of(2)
        || across < 3
        || across.is_multiple_of(2)
        || rows.iter().any(|r| r.len() != across)
    {
        return Err("rows must be 2h + 1 lines of 2w + 1 characters each".into());
    }
    let (width, height) =
        (u16::try_from(across / 2).map_err(|_| "too wide")?, u16::try_from(rows.len() / 2).map_err(|_| "too tall")?);
    let mut board = Board::filled(width, height, TerrainId(0));
    for y in 0..height {
        for x in 0..width {
            let glyph = rows[usize::from(y) * 2 + 1][usize::from(x) * 2 + 1];
            let id = terrain(glyph).ok_or_else(|| format!("square {x}, {y}: no terrain is drawn '{glyph}'"))?;
            let _ = board.set_terrain(Pos::new(x, y), id);
        }
    }
    for (row, line) in rows.iter().enumerate() {
        for (column, &glyph) in line.iter().enumerate() {
            let edge = match (row % 2, column % 2) {
                (0, 1) => Edge {
                    x: u16::try_from(column / 2).unwrap_or(0),
                    y: u16::try_from(row / 2).unwrap_or(0),
                    axis: EdgeAxis::Horizontal,
                },
                (1, 0) => Edge {
                    x: u16::try_from(column / 2).unwrap_or(0),
                    y: u16::try_from(row / 2).unwrap_or(0),
                    axis: EdgeAxis::Vertical,
                },
                _ => continue,
            };
            let wall = Some(Wall { height: 1, climbable: false });
            let feature = match glyph {
                ' ' => continue,
                '-' | '|' => EdgeFeature { wall, door: None },
                'D' => EdgeFeature { wall, door: Some(Door { open: false }) },
                'O' => EdgeFeature { wall, door: Some(Door { open: true }) },
                other => return Err(format!("line {}, character {}: '{other}' is no side", row + 1, column + 1)),
            };
            let _ = board.set_edge(edge, Some(feature));
        }
    }
    if !drawing.heights.is_empty() {
        if drawing.heights.len() != usize::from(height) {
            return Err(format!("heights must be {height} rows"));
        }
        for (y, line) in drawing.heights.iter().enumerate() {
            for (x, digit) in line.chars().enumerate() {
                let level = digit.to_digit(10).and_then(|d| u8::try_from(d).ok()).filter(|&l| l <= MAX_LEVEL);
                let level =
                    level.ok_or_else(|| format!("height row {}: '{digit}' is no level 0 to {MAX_LEVEL}", y + 1))?;
                let (x, y) = (u16::try_from(x).unwrap_or(u16::MAX), u16::try_from(y).unwrap_or(u16::MAX));
                board
                    .set_height(Pos::new(x, y), level)
                    .ok_or_else(|| format!("height row {}: longer than the room", y + 1))?;
            }
        }
    }
    let items: Vec<(Pos, ItemKind)> = drawing.items.iter().map(|((x, y), k)| (Pos::new(*x, *y), k.clone())).collect();
    if let Some((pos, _)) = items.iter().find(|(p, _)| !board.contains(*p)) {
        return Err(format!("an item at {pos} lies outside the room"));
    }
    let clip = SkirmClip {
        block: Block { board },
        objectives: Vec::new(),
        markers: Vec::new(),
        items,
        zones: [Vec::new(), Vec::new()],
        units: Vec::new(),
    };
    Ok(Stamp { name: drawing.name.clone(), description: drawing.description.clone(), clip, builtin: true })
}

/// The designer's own stamps among `stamps` (not the built-in ones) as a stamp file.
///
/// # Errors
/// They cannot be written.
pub fn stamps_text(stamps: &[Stamp]) -> Result<String, String> {
    let own = stamps.iter().filter(|s| !s.builtin).cloned().collect();
    let file = StampFile { system: crate::systems::skirm::scenario::SYSTEM_ID.to_owned(), stamps: own };
    ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default().struct_names(true))
        .map_err(|e| format!("the stamps could not be written: {e}"))
}

/// Stamps read from a stamp file, each checked against the ruleset; `name_of` turns a game's
/// id into its name for the refusal of another game's stamps.
///
/// # Errors
/// Not a Skirm stamp file, damaged (with the line and column), or a stamp the ruleset cannot
/// lay (named).
pub fn stamps_from_text(rules: &Ruleset, text: &str, name_of: &dyn Fn(&str) -> String) -> Result<Vec<Stamp>, String> {
    let file: StampFile = crate::files::ron_options().from_str(text).map_err(|e| {
        format!(
            "not a Skirm stamp file: line {}, column {}: {}",
            e.span.start.line,
            e.span.start.col,
            crate::files::ron_message(&e.code)
        )
    })?;
    if file.system != crate::systems::skirm::scenario::SYSTEM_ID {
        return Err(format!("the stamps are {}'s; a Skirm map cannot lay them", name_of(&file.system)));
    }
    for stamp in &file.stamps {
        stamp.clip.check(rules).map_err(|e| format!("stamp '{}': {e}", stamp.name))?;
    }
    Ok(file.stamps)
}

/// A stamp file: the game it is for, and its stamps.
#[derive(Serialize, Deserialize)]
#[serde(rename = "SkirmStamps", deny_unknown_fields)]
struct StampFile {
    system: String,
    stamps: Vec<Stamp>,
}

impl Editor {
    /// Adds stamps read from a file after those there, and chooses the first of them; a stamp
    /// of the same name as one there takes its place.
    pub fn add_stamps(&mut self, stamps: Vec<Stamp>) {
        let mut first = None;
        for stamp in stamps {
            let at = match self.stamps.iter().position(|s| !s.builtin && s.name == stamp.name) {
                Some(at) => {
                    self.stamps[at] = stamp;
                    at
                }
                None => {
                    self.stamps.push(stamp);
                    self.stamps.len() - 1
                }
            };
            first.get_or_insert(at);
        }
        if let Some(first) = first {
            self.stamp = first;
        }
    }

    /// The chosen stamp turned by the stamp's quarter turns.
    #[must_use]
    pub fn turned_stamp(&self) -> Option<(String, SkirmClip)> {
        let stamp = self.stamps.get(self.stamp)?;
        let mut clip = stamp.clip.clone();
        for _ in 0..self.stamp_turns % 4 {
            clip = crate::board::selection::GridClip::mapped(&clip, SquareMap::Turn90);
        }
        Some((stamp.name.clone(), clip))
    }

    /// Lays the chosen stamp with its top-left square at `at`, as one step, and selects it: its
    /// ground, walls, doors and items replace those there; objectives, markers, zones and
    /// units stay.
    pub fn lay_stamp(&mut self, at: Pos) {
        let Some((name, clip)) = self.turned_stamp() else {
            self.tell("Choose a stamp in the palette first.");
            return;
        };
        self.lay_stamp_clip(&format!("Stamp {name}"), &clip, at);
        self.selection = Some(crate::board::selection::covered(&clip, at));
    }

    /// Adds the selection to the stamps under the name typed (`stamp_name`, then cleared; a
    /// number when none is) and chooses it; returns its place.
    pub fn save_selection_as_stamp(&mut self) -> Option<usize> {
        let Some((a, b)) = self.selection else {
            self.tell("Select squares first (Select tool, S), then save them as a stamp.");
            return None;
        };
        let mut clip = SkirmClip::copy(&self.doc.scenario, a, b);
        for unit in &mut clip.units {
            unit.origin = None;
        }
        let typed = std::mem::take(&mut self.stamp_name);
        let name =
            if typed.trim().is_empty() { format!("Stamp {}", self.stamps.len() + 1) } else { typed.trim().to_owned() };
        self.stamps.push(Stamp { name: name.clone(), description: String::new(), clip, builtin: false });
        self.stamp = self.stamps.len() - 1;
        self.tell(format!("Saved the selection as the stamp \"{name}\"."));
        Some(self.stamp)
    }
}
