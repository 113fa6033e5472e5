//! The library of modular terrain tiles (data in `src/systems/swat/data/tiles.ron`) and stamping a
//! tile onto a board, turned by quarter turns.

use super::edit::Edit;
use super::model::{Scenario, TilePlacement};
use crate::systems::swat::rules::{Pos, Ruleset, TerrainId};
use serde::Deserialize;

/// The tile library shipped inside the binary.
pub const BUILTIN_TILES_RON: &str = include_str!("../data/tiles.ron");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TileFile {
    name: String,
    description: String,
    rows: Vec<String>,
}

/// One modular tile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tile {
    /// Stable name, used in scenario files.
    pub name: String,
    /// What it offers.
    pub description: String,
    /// Squares per side.
    pub size: u16,
    /// Terrain row by row, `size * size` squares.
    pub terrain: Vec<TerrainId>,
}

impl Tile {
    /// The name a person reads: the file's stable name in words, "Open field" for
    /// `open-field`.
    #[must_use]
    pub fn title(&self) -> String {
        let words = self.name.replace(['-', '_'], " ");
        let mut letters = words.chars();
        letters.next().map(|first| first.to_uppercase().chain(letters).collect()).unwrap_or_default()
    }
}

impl Tile {
    /// The terrain at a square of the tile after `rotation` quarter turns clockwise.
    #[must_use]
    pub fn terrain_at(&self, x: u16, y: u16, rotation: u8) -> TerrainId {
        let n = self.size - 1;
        // Square (x, y) of the turned tile comes from this square of the unturned one.
        let (sx, sy) = match rotation % 4 {
            0 => (x, y),
            1 => (y, n - x),
            2 => (n - x, n - y),
            _ => (n - y, x),
        };
        self.terrain[usize::from(sy) * usize::from(self.size) + usize::from(sx)]
    }
}

/// Loads the tile library from RON, checking every glyph against the ruleset.
///
/// # Errors
/// A message naming the tile and what is wrong.
pub fn load_tiles(rules: &Ruleset, text: &str) -> Result<Vec<Tile>, String> {
    let files: Vec<TileFile> = ron::from_str(text).map_err(|e| format!("tile library: {e}"))?;
    files
        .into_iter()
        .map(|file| {
            let size = file.rows.len();
            if size == 0 || size > 50 || file.rows.iter().any(|r| r.chars().count() != size) {
                return Err(format!("tile '{}' must be square, 1 to 50 squares a side", file.name));
            }
            let terrain = file
                .rows
                .iter()
                .flat_map(|row| row.chars())
                .map(|glyph| {
                    rules
                        .terrains
                        .iter()
                        .position(|t| t.glyph == glyph)
                        .and_then(|i| u8::try_from(i).ok())
                        .map(TerrainId)
                        .ok_or_else(|| format!("tile '{}' uses the unknown glyph '{glyph}'", file.name))
                })
                .collect::<Result<_, _>>()?;
            Ok(Tile { name: file.name, description: file.description, size: u16::try_from(size).unwrap_or(1), terrain })
        })
        .collect()
}

/// The built-in tile library.
///
/// # Errors
/// Only if the embedded file were broken, which a test rules out.
pub fn builtin_tiles(rules: &Ruleset) -> Result<Vec<Tile>, String> {
    load_tiles(rules, BUILTIN_TILES_RON)
}

/// The edits that stamp `tile` with its top-left corner at `pos`, turned `rotation` quarter
/// turns, and record the placement (replacing any placement at the same corner). Squares
/// falling off the board are skipped.
#[must_use]
pub fn stamp_tile(scenario: &Scenario, tile: &Tile, pos: Pos, rotation: u8) -> Vec<Edit> {
    let mut edits = Vec::new();
    for y in 0..tile.size {
        for x in 0..tile.size {
            let at = Pos::new(pos.x.saturating_add(x), pos.y.saturating_add(y));
            if scenario.contains(at) {
                edits.push(Edit::SetTerrain { pos: at, terrain: tile.terrain_at(x, y, rotation) });
            }
        }
    }
    let mut tiles: Vec<TilePlacement> = scenario.tiles.iter().filter(|t| t.pos != pos).cloned().collect();
    tiles.push(TilePlacement { tile: tile.name.clone(), pos, rotation: rotation % 4 });
    edits.push(Edit::SetTiles(tiles));
    edits
}

/// Lays a whole board out from library tiles, tile after tile in a fixed turning pattern, and
/// records each placement.
pub fn lay_out_tiles(scenario: &mut Scenario, tiles: &[Tile]) {
    let Some(size) = tiles.first().map(|t| t.size.max(1)) else { return };
    let mut n = 0usize;
    for y in (0..scenario.board.height).step_by(usize::from(size)) {
        for x in (0..scenario.board.width).step_by(usize::from(size)) {
            let tile = &tiles[n % tiles.len()];
            let rotation = u8::try_from(n % 4).unwrap_or(0);
            let edits = stamp_tile(scenario, tile, Pos::new(x, y), rotation);
            let _ = super::edit::apply_all(scenario, &edits);
            n += 1;
        }
    }
}

/// A generated practice board: laid out from the tile library, two players with an HQ and a
/// factory in opposite corners, and `units` units spread over squares they can stand on, half
/// each. Benchmarks and stress tests use it; it is not meant to be balanced.
#[must_use]
pub fn generated_scenario(rules: &Ruleset, side: u16, units: usize) -> Option<Scenario> {
    let tiles = builtin_tiles(rules).ok()?;
    let side = side.clamp(8, super::model::MAX_SIDE);
    let mut scenario = Scenario::new(rules, side, side, rules.terrain_id("plain")?, 2);
    lay_out_tiles(&mut scenario, &tiles);
    let hq = rules.terrain_id("hq")?;
    let factory = rules.terrain_id("factory")?;
    // The library's HQ tiles come neutral; setup has no neutral HQ, so on a practice board
    // they are cities and each player gets exactly one HQ below.
    let city = rules.terrain_id("city")?;
    for terrain in &mut scenario.board.terrain {
        if *terrain == hq {
            *terrain = city;
        }
    }
    for (pos, terrain, owner) in [
        (Pos::new(1, 1), hq, 0),
        (Pos::new(side - 2, side - 2), hq, 1),
        (Pos::new(3, 1), factory, 0),
        (Pos::new(side - 4, side - 2), factory, 1),
    ] {
        let index = scenario.index(pos);
        scenario.board.terrain[index] = terrain;
        scenario.owners.insert(pos, owner);
    }
    let kinds = ["infantry", "tank", "recon", "artillery", "mech", "anti_air"];
    let mut placed = 0;
    for pos in scenario.squares().collect::<Vec<_>>() {
        if placed >= units {
            break;
        }
        let kind = kinds[placed % kinds.len()];
        if (pos.x + pos.y) % 3 != 0 || rules.move_cost(rules.unit_id(kind)?, scenario.terrain_at(pos)).is_none() {
            continue;
        }
        let owner = u8::from(pos.y >= side / 2);
        scenario.units.push(super::model::ScenarioUnit {
            kind: kind.into(),
            owner,
            hp: 8,
            pos,
            passengers: Vec::new(),
        });
        placed += 1;
    }
    Some(scenario)
}
