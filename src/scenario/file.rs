//! The scenario file: RON written to be read and diffed by hand (terrain as one string per row,
//! one character per square, with a legend), versioned, and read defensively: every failure
//! says where and what, nothing in a file can panic the reader or make it allocate without
//! bound.

use super::model::{
    Army, Controller, MAX_SIDE, Passenger, Scenario, ScenarioPlayer, ScenarioUnit, Symmetry, TilePlacement,
};
use crate::rules::{Pos, Ruleset, TerrainId, TieBreak, TurnLimit, VictoryConditions};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The format version this program writes.
pub const FORMAT_VERSION: u32 = 2;

/// The largest scenario file read, in bytes: a 200 x 200 board with thousands of units fits
/// many times over.
pub const MAX_FILE_BYTES: usize = 8 * 1024 * 1024;

/// Why a scenario file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LoadError {
    /// The line, from 1, when known.
    pub line: Option<usize>,
    /// The column, from 1, when known.
    pub column: Option<usize>,
    /// What was wrong and, where it helps, what was expected.
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => write!(f, "line {line}, column {column}: {}", self.message),
            (Some(line), None) => write!(f, "line {line}: {}", self.message),
            _ => write!(f, "{}", self.message),
        }
    }
}

impl std::error::Error for LoadError {}

impl LoadError {
    fn at_text(text: &str, needle: &str, message: String) -> Self {
        let (line, column) = locate(text, needle).map_or((None, None), |(l, c)| (Some(l), Some(c)));
        Self { line, column, message }
    }

    fn plain(message: String) -> Self {
        Self { line: None, column: None, message }
    }
}

/// Line and column (from 1) of the first occurrence of `needle`.
fn locate(text: &str, needle: &str) -> Option<(usize, usize)> {
    let offset = text.find(needle)?;
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Some((line, column))
}

/// Up to three valid names nearest to a misspelt one, nearest first.
#[must_use]
pub fn nearest_names<'a>(wrong: &str, valid: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut scored: Vec<(usize, &str)> = valid.map(|name| (edit_distance(wrong, name), name)).collect();
    scored.sort();
    scored.into_iter().take(3).map(|(_, name)| name.to_owned()).collect()
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().take(64).collect();
    let b: Vec<char> = b.to_lowercase().chars().take(64).collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut current = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}

/// Reads only the version, so the right shape can be chosen.
#[derive(Deserialize)]
#[serde(rename = "Scenario")]
struct VersionProbe {
    #[serde(default = "version_one")]
    format_version: u32,
}

fn version_one() -> u32 {
    1
}

/// The file as written since format version 2.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename = "Scenario", deny_unknown_fields)]
struct FileV2 {
    format_version: u32,
    name: String,
    #[serde(default)]
    author: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    setup_notes: String,
    ruleset: String,
    #[serde(default = "default_tile_size")]
    tile_size: u8,
    /// Glyph to terrain name; glyphs the ruleset gives need not be listed.
    #[serde(default)]
    legend: BTreeMap<String, String>,
    terrain: Vec<String>,
    #[serde(default)]
    tiles: Vec<TileV2>,
    #[serde(default)]
    properties: Vec<PropertyV2>,
    #[serde(default)]
    units: Vec<UnitV2>,
    players: Vec<PlayerV2>,
    #[serde(default = "first_seat")]
    first_player: u8,
    victory: VictoryConditions,
    #[serde(default)]
    symmetry: Option<Symmetry>,
}

fn default_tile_size() -> u8 {
    6
}

fn first_seat() -> u8 {
    1
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TileV2 {
    tile: String,
    at: (u16, u16),
    #[serde(default)]
    rotation: u8,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PropertyV2 {
    at: (u16, u16),
    owner: u8,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitV2 {
    kind: String,
    owner: u8,
    at: (u16, u16),
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hp: Option<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    passengers: Vec<PassengerV2>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PassengerV2 {
    kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hp: Option<u8>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerV2 {
    army: Army,
    #[serde(default)]
    co: Option<String>,
    funds: i64,
    #[serde(default)]
    controller: Controller,
}

/// Format version 1: players named a colour and had no controller, and a turn limit was a bare
/// number of rounds ending in a draw.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename = "Scenario", deny_unknown_fields)]
struct FileV1 {
    #[serde(default)]
    format_version: u32,
    name: String,
    #[serde(default)]
    author: String,
    #[serde(default)]
    description: String,
    ruleset: String,
    #[serde(default)]
    legend: BTreeMap<String, String>,
    terrain: Vec<String>,
    #[serde(default)]
    properties: Vec<PropertyV2>,
    #[serde(default)]
    units: Vec<UnitV2>,
    players: Vec<PlayerV1>,
    conquest: bool,
    #[serde(default)]
    turn_limit: Option<u32>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerV1 {
    colour: String,
    #[serde(default)]
    co: Option<String>,
    funds: i64,
}

impl FileV1 {
    fn migrate(self) -> Result<FileV2, LoadError> {
        let _ = self.format_version;
        let players = self
            .players
            .into_iter()
            .map(|p| {
                let army = match p.colour.to_lowercase().as_str() {
                    "red" => Army::Red,
                    "blue" => Army::Blue,
                    "green" => Army::Green,
                    "yellow" => Army::Yellow,
                    other => {
                        return Err(LoadError::plain(format!(
                            "unknown colour '{other}' (expected red, blue, green or yellow)"
                        )));
                    }
                };
                Ok(PlayerV2 { army, co: p.co, funds: p.funds, controller: Controller::Human })
            })
            .collect::<Result<_, _>>()?;
        Ok(FileV2 {
            format_version: FORMAT_VERSION,
            name: self.name,
            author: self.author,
            description: self.description,
            setup_notes: String::new(),
            ruleset: self.ruleset,
            tile_size: default_tile_size(),
            legend: self.legend,
            terrain: self.terrain,
            tiles: Vec::new(),
            properties: self.properties,
            units: self.units,
            players,
            first_player: 1,
            victory: VictoryConditions {
                conquest: self.conquest,
                victory_medals: None,
                city_conquest: None,
                turn_limit: self.turn_limit.map(|rounds| TurnLimit { rounds, tie_break: TieBreak::Draw }),
            },
            symmetry: None,
        })
    }
}

fn ron_error(error: &ron::error::SpannedError) -> LoadError {
    LoadError {
        line: Some(error.span.start.line),
        column: Some(error.span.start.col),
        message: format!("{} (the scenario format is described in docs/FILE_FORMAT.md)", error.code),
    }
}

/// Reads a scenario file, migrating older format versions.
///
/// # Errors
/// A [`LoadError`] naming the line and column where it can: malformed RON, an unknown field,
/// an unknown terrain glyph or name, an unknown unit kind (with the nearest valid names), a
/// board beyond 200 x 200, or a newer format than this program knows.
pub fn load_scenario(rules: &Ruleset, text: &str) -> Result<Scenario, LoadError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(LoadError::plain(format!(
            "the file is {} bytes; scenario files may be at most {MAX_FILE_BYTES}",
            text.len()
        )));
    }
    let probe: VersionProbe = ron::from_str(text).map_err(|e| ron_error(&e))?;
    let file = match probe.format_version {
        1 => ron::from_str::<FileV1>(text).map_err(|e| ron_error(&e))?.migrate()?,
        FORMAT_VERSION => ron::from_str::<FileV2>(text).map_err(|e| ron_error(&e))?,
        newer => {
            return Err(LoadError::at_text(
                text,
                "format_version",
                format!(
                    "format version {newer} is newer than this program reads ({FORMAT_VERSION}); update Skirmish Studio"
                ),
            ));
        }
    };
    from_file(rules, text, file)
}

fn from_file(rules: &Ruleset, text: &str, file: FileV2) -> Result<Scenario, LoadError> {
    let height = file.terrain.len();
    let width = file.terrain.first().map_or(0, |row| row.chars().count());
    let max = usize::from(MAX_SIDE);
    // Refuse an oversized board before allocating anything for it.
    if height == 0 || width == 0 || height > max || width > max {
        return Err(LoadError::at_text(
            text,
            "terrain",
            format!("the board is {width} x {height}; each side must be 1 to {MAX_SIDE}"),
        ));
    }
    let mut legend: BTreeMap<char, TerrainId> = rules
        .terrains
        .iter()
        .enumerate()
        .filter_map(|(i, t)| Some((t.glyph, TerrainId(u8::try_from(i).ok()?))))
        .collect();
    for (glyph, name) in &file.legend {
        let mut chars = glyph.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(LoadError::at_text(
                text,
                &format!("\"{glyph}\""),
                format!("legend key '{glyph}' must be one character"),
            ));
        };
        let Some(id) = rules.terrain_id(name) else {
            let near = nearest_names(name, rules.terrains.iter().map(|t| t.id.as_str()));
            return Err(LoadError::at_text(
                text,
                &format!("\"{name}\""),
                format!("unknown terrain '{name}' in the legend; did you mean {}?", near.join(", ")),
            ));
        };
        legend.insert(c, id);
    }
    let mut terrain = Vec::with_capacity(width * height);
    for (row_index, row) in file.terrain.iter().enumerate() {
        let count = row.chars().count();
        if count != width {
            return Err(LoadError::at_text(
                text,
                &format!("\"{row}\""),
                format!("terrain row {} has {count} squares; the first row has {width}", row_index + 1),
            ));
        }
        for (x, glyph) in row.chars().enumerate() {
            let Some(&id) = legend.get(&glyph) else {
                let known: String = legend.keys().collect();
                return Err(LoadError::at_text(
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
    let known_kind = |kind: &str| -> Result<(), LoadError> {
        if rules.unit_id(kind).is_some() {
            return Ok(());
        }
        let near = nearest_names(kind, rules.units.iter().map(|u| u.id.as_str()));
        Err(LoadError::at_text(
            text,
            &format!("\"{kind}\""),
            format!("unknown unit kind '{kind}'; did you mean {}?", near.join(", ")),
        ))
    };
    let seat = |n: u8, what: &str| -> Result<u8, LoadError> {
        n.checked_sub(1).ok_or_else(|| LoadError::plain(format!("{what}: players are numbered from 1")))
    };
    let max_hp = rules.economy.max_hp;
    let mut units = Vec::with_capacity(file.units.len());
    for unit in file.units {
        known_kind(&unit.kind)?;
        let mut passengers = Vec::with_capacity(unit.passengers.len());
        for p in unit.passengers {
            known_kind(&p.kind)?;
            passengers.push(Passenger { kind: p.kind, hp: p.hp.unwrap_or(max_hp) });
        }
        units.push(ScenarioUnit {
            kind: unit.kind,
            owner: seat(unit.owner, "a unit's owner")?,
            hp: unit.hp.unwrap_or(max_hp),
            pos: Pos::new(unit.at.0, unit.at.1),
            passengers,
        });
    }
    let mut owners = BTreeMap::new();
    for property in file.properties {
        owners.insert(Pos::new(property.at.0, property.at.1), seat(property.owner, "a property's owner")?);
    }
    Ok(Scenario {
        name: file.name,
        author: file.author,
        description: file.description,
        setup_notes: file.setup_notes,
        ruleset: file.ruleset,
        width: u16::try_from(width).unwrap_or(MAX_SIDE),
        height: u16::try_from(height).unwrap_or(MAX_SIDE),
        terrain,
        tile_size: file.tile_size,
        tiles: file
            .tiles
            .into_iter()
            .map(|t| TilePlacement { tile: t.tile, pos: Pos::new(t.at.0, t.at.1), rotation: t.rotation % 4 })
            .collect(),
        owners,
        units,
        players: file
            .players
            .into_iter()
            .map(|p| ScenarioPlayer { army: p.army, co: p.co, funds: p.funds, controller: p.controller })
            .collect(),
        first_player: seat(file.first_player, "first_player")?,
        victory: file.victory,
        symmetry: file.symmetry,
    })
}

/// Writes a scenario in the current format: one string per terrain row, a legend of every
/// glyph used, players and owners numbered from 1.
#[must_use]
pub fn save_scenario(rules: &Ruleset, scenario: &Scenario) -> String {
    let glyph = |id: TerrainId| rules.terrains.get(id.index()).map_or('?', |t| t.glyph);
    let mut used: BTreeMap<String, String> = BTreeMap::new();
    let terrain: Vec<String> = (0..scenario.height)
        .map(|y| {
            (0..scenario.width)
                .map(|x| {
                    let id = scenario.terrain_at(Pos::new(x, y));
                    let c = glyph(id);
                    if let Some(t) = rules.terrains.get(id.index()) {
                        used.insert(c.to_string(), t.id.clone());
                    }
                    c
                })
                .collect()
        })
        .collect();
    let file = FileV2 {
        format_version: FORMAT_VERSION,
        name: scenario.name.clone(),
        author: scenario.author.clone(),
        description: scenario.description.clone(),
        setup_notes: scenario.setup_notes.clone(),
        ruleset: scenario.ruleset.clone(),
        tile_size: scenario.tile_size,
        legend: used,
        terrain,
        tiles: scenario
            .tiles
            .iter()
            .map(|t| TileV2 { tile: t.tile.clone(), at: (t.pos.x, t.pos.y), rotation: t.rotation })
            .collect(),
        properties: scenario
            .owners
            .iter()
            .map(|(pos, owner)| PropertyV2 { at: (pos.x, pos.y), owner: owner.saturating_add(1) })
            .collect(),
        units: scenario
            .units
            .iter()
            .map(|u| UnitV2 {
                kind: u.kind.clone(),
                owner: u.owner.saturating_add(1),
                at: (u.pos.x, u.pos.y),
                hp: (u.hp != rules.economy.max_hp).then_some(u.hp),
                passengers: u
                    .passengers
                    .iter()
                    .map(|p| PassengerV2 { kind: p.kind.clone(), hp: (p.hp != rules.economy.max_hp).then_some(p.hp) })
                    .collect(),
            })
            .collect(),
        players: scenario
            .players
            .iter()
            .map(|p| PlayerV2 { army: p.army, co: p.co.clone(), funds: p.funds, controller: p.controller })
            .collect(),
        first_player: scenario.first_player.saturating_add(1),
        victory: scenario.victory.clone(),
        symmetry: scenario.symmetry,
    };
    let config = ron::ser::PrettyConfig::new().depth_limit(3).struct_names(true).indentor("    ".to_owned());
    ron::ser::to_string_pretty(&file, config).unwrap_or_default()
}
