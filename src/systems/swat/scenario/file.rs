//! The scenario file: RON written to be read and diffed by hand (terrain as one string per row,
//! one character per square, with a legend), versioned, and read defensively: every failure
//! says where and what, nothing in a file can panic the reader or make it allocate without
//! bound.

use super::model::{Army, Controller, MAX_SIDE, Passenger, Scenario, ScenarioPlayer, ScenarioUnit, TilePlacement};
use crate::board::Symmetry;
pub use crate::files::MAX_FILE_BYTES;
use crate::files::{FileError, nearest_names, ron_options};
use crate::grid_file::{EdgeText, GridText, read_grid, write_grid};
use crate::systems::swat::rules::{
    CoChoice, MAX_COUNTERS, Pos, RANDOM_CO, Readings, Ruleset, TieBreak, TurnLimit, VictoryConditions,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The format version this program writes. Version 3 names the game system (`system`, where
/// version 2 said `ruleset`) and may hold heights and edges; versions 1 and 2 are migrated.
pub const FORMAT_VERSION: u32 = 3;

/// The system id a Skirmish Wars scenario file names.
pub const SYSTEM_ID: &str = "swat";

const FORMAT_DOC: &str = "docs/FILE_FORMAT.md";

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
struct FileV3 {
    format_version: u32,
    name: String,
    #[serde(default)]
    author: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    setup_notes: String,
    /// The game system; `ruleset` in version 2 files.
    #[serde(alias = "ruleset")]
    system: String,
    #[serde(default = "default_tile_size")]
    tile_size: u8,
    /// Glyph to terrain name; glyphs the ruleset gives need not be listed.
    #[serde(default)]
    legend: BTreeMap<String, String>,
    terrain: Vec<String>,
    /// Height levels, one string of digits per row; left out on a flat board.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    heights: Vec<String>,
    /// Walls and doors on edges; left out when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    edges: Vec<EdgeText>,
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
    /// Counters per army by unit kind where the scenario changes the ruleset's pool; `None`
    /// lifts the limit. Left out when the ruleset's pools stand.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    counters: BTreeMap<String, Option<u32>>,
    #[serde(default)]
    symmetry: Option<Symmetry>,
    /// The house readings; left out while every one is the studio's default.
    #[serde(default, skip_serializing_if = "is_default_readings")]
    readings: Readings,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    backdrop: Option<crate::art::Backdrop>,
    #[serde(default, skip_serializing_if = "crate::art::ArtBook::is_empty")]
    art: crate::art::ArtBook,
}

fn is_default_readings(readings: &Readings) -> bool {
    *readings == Readings::default()
}

fn default_tile_size() -> u8 {
    6
}

fn first_seat() -> u8 {
    1
}

/// The names earlier versions of the studio wrote before a tile, property, unit, passenger
/// or player (`PropertyV2(`), and the plain names written now. RON checks a written name
/// against the reader's, so a file saved before the rename is read by renaming these first.
const OLD_STRUCT_NAMES: [(&str, &str); 5] = [
    ("TileV2", "Tile"),
    ("PropertyV2", "Property"),
    ("UnitV2", "Unit"),
    ("PassengerV2", "Passenger"),
    ("PlayerV2", "Player"),
];

/// The text with each old struct name outside quoted strings given its plain name (a name or
/// description quoting `PropertyV2(` stays as written); the text itself when it has none.
fn with_plain_struct_names(text: &str) -> std::borrow::Cow<'_, str> {
    if !OLD_STRUCT_NAMES.iter().any(|(old, _)| text.contains(old)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if !in_string
            && let Some((old, new)) = OLD_STRUCT_NAMES.iter().find(|(old, _)| {
                rest.starts_with(old)
                    && rest[old.len()..].trim_start().starts_with('(')
                    && !out.chars().next_back().is_some_and(|p| p.is_alphanumeric() || p == '_')
            })
        {
            out.push_str(new);
            rest = &rest[old.len()..];
            continue;
        }
        match c {
            '\\' if in_string => escaped = !escaped,
            '"' if !escaped => in_string = !in_string,
            _ => escaped = false,
        }
        if c != '\\' {
            escaped = false;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    std::borrow::Cow::Owned(out)
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Tile")]
struct TileV2 {
    tile: String,
    at: (u16, u16),
    #[serde(default)]
    rotation: u8,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Property")]
struct PropertyV2 {
    at: (u16, u16),
    owner: u8,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Unit")]
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
#[serde(deny_unknown_fields, rename = "Passenger")]
struct PassengerV2 {
    kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hp: Option<u8>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Player")]
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
    fn migrate(self) -> Result<FileV3, FileError> {
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
                        return Err(FileError::plain(format!(
                            "unknown colour '{other}' (expected red, blue, green or yellow)"
                        )));
                    }
                };
                Ok(PlayerV2 { army, co: p.co, funds: p.funds, controller: Controller::Human })
            })
            .collect::<Result<_, _>>()?;
        Ok(FileV3 {
            format_version: FORMAT_VERSION,
            name: self.name,
            author: self.author,
            description: self.description,
            setup_notes: String::new(),
            system: self.ruleset,
            tile_size: default_tile_size(),
            legend: self.legend,
            terrain: self.terrain,
            heights: Vec::new(),
            edges: Vec::new(),
            tiles: Vec::new(),
            properties: self.properties,
            units: self.units,
            players,
            first_player: 1,
            counters: BTreeMap::new(),
            readings: Readings::default(),
            victory: VictoryConditions {
                conquest: self.conquest,
                victory_medals: None,
                city_conquest: None,
                turn_limit: self.turn_limit.map(|rounds| TurnLimit { rounds, tie_break: TieBreak::Draw }),
            },
            symmetry: None,
            backdrop: None,
            art: crate::art::ArtBook::default(),
        })
    }
}

/// Reads a scenario file, migrating older format versions.
///
/// # Errors
/// A [`FileError`] naming the line and column where it can: malformed RON, an unknown field,
/// an unknown terrain glyph or name, an unknown unit kind (with the nearest valid names), a
/// board beyond 200 x 200, or a newer format than this program knows.
pub fn load_scenario(rules: &Ruleset, text: &str) -> Result<Scenario, FileError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(FileError::plain(format!(
            "the file is {} bytes; scenario files may be at most {MAX_FILE_BYTES}",
            text.len()
        )));
    }
    // A document of another game system says so before its fields confuse this reader.
    if let Some(other) = crate::game::system_id_of(text).filter(|id| id != SYSTEM_ID) {
        return Err(FileError::at_text(
            text,
            &format!("\"{other}\""),
            format!(
                "this is a scenario for the game system '{other}', not Skirmish Wars ('{SYSTEM_ID}'); the command line reads it (validate, stats, play, simulate)"
            ),
        ));
    }
    let options = ron_options();
    let renamed = with_plain_struct_names(text);
    let text = renamed.as_ref();
    let probe: VersionProbe = options.from_str(text).map_err(|e| FileError::ron(&e, text, FORMAT_DOC))?;
    let file = match probe.format_version {
        1 => options.from_str::<FileV1>(text).map_err(|e| FileError::ron(&e, text, FORMAT_DOC))?.migrate()?,
        // Version 2 differs only in calling the system `ruleset`, which the current shape
        // reads as an alias.
        2 | FORMAT_VERSION => options.from_str::<FileV3>(text).map_err(|e| FileError::ron(&e, text, FORMAT_DOC))?,
        newer => {
            return Err(FileError::at_text(
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

fn from_file(rules: &Ruleset, text: &str, file: FileV3) -> Result<Scenario, FileError> {
    let glyphs: Vec<(char, &str)> = rules.terrains.iter().map(|t| (t.glyph, t.id.as_str())).collect();
    let grid = GridText {
        legend: file.legend.clone(),
        terrain: file.terrain.clone(),
        heights: file.heights.clone(),
        edges: file.edges.clone(),
    };
    // Refuses an oversized board before allocating anything for it.
    let board = read_grid(text, &grid, &glyphs, MAX_SIDE)?;
    if file.victory.turn_limit.is_some_and(|limit| limit.rounds == 0) {
        return Err(FileError::at_text(
            text,
            "rounds",
            "the turn limit is 0 rounds; a game lasts at least 1 round (leave turn_limit out for no limit)".into(),
        ));
    }
    let known_kind = |kind: &str| -> Result<(), FileError> {
        if rules.unit_id(kind).is_some() {
            return Ok(());
        }
        let near = nearest_names(kind, rules.units.iter().map(|u| u.id.as_str()));
        Err(FileError::at_text(
            text,
            &format!("\"{kind}\""),
            format!("unknown unit kind '{kind}'; did you mean {}?", near.join(", ")),
        ))
    };
    let seat = |n: u8, what: &str| -> Result<u8, FileError> {
        n.checked_sub(1).ok_or_else(|| FileError::plain(format!("{what}: players are numbered from 1")))
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
    for kind in file.counters.keys() {
        known_kind(kind)?;
    }
    if let Some((kind, Some(limit))) = file.counters.iter().find(|(_, limit)| limit.is_some_and(|n| n > MAX_COUNTERS)) {
        return Err(FileError::at_text(
            text,
            &format!("\"{kind}\""),
            format!("{limit} counters of '{kind}' is more than the {MAX_COUNTERS} a pool may hold"),
        ));
    }
    let mut owners = BTreeMap::new();
    for property in file.properties {
        owners.insert(Pos::new(property.at.0, property.at.1), seat(property.owner, "a property's owner")?);
    }
    if file.system != SYSTEM_ID {
        return Err(FileError::at_text(
            text,
            &format!("\"{}\"", file.system),
            format!("this is a scenario for the game system '{}', not Skirmish Wars ('{SYSTEM_ID}')", file.system),
        ));
    }
    Ok(Scenario {
        name: file.name,
        author: file.author,
        description: file.description,
        setup_notes: file.setup_notes,
        system: file.system,
        board,
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
            .map(|p| ScenarioPlayer { army: p.army, co: co_choice(p.co), funds: p.funds, controller: p.controller })
            .collect(),
        first_player: seat(file.first_player, "first_player")?,
        victory: file.victory,
        counters: file.counters,
        symmetry: file.symmetry,
        readings: file.readings,
        backdrop: crate::art::read_backdrop(text, file.backdrop)?,
        art: crate::art::read_art(text, file.art)?,
    })
}

/// A seat's CO as the file writes it: a CO's id, [`RANDOM_CO`] for one dealt at random, or
/// nothing.
fn co_choice(name: Option<String>) -> CoChoice<String> {
    match name {
        None => CoChoice::NoCo,
        Some(name) if name == RANDOM_CO => CoChoice::Random,
        Some(name) => CoChoice::Chosen(name),
    }
}

fn co_name(choice: &CoChoice<String>) -> Option<String> {
    match choice {
        CoChoice::NoCo => None,
        CoChoice::Chosen(name) => Some(name.clone()),
        CoChoice::Random => Some(RANDOM_CO.to_owned()),
    }
}

/// Writes a scenario in the current format: one string per terrain row, a legend of every
/// glyph used, players and owners numbered from 1.
///
/// # Errors
/// The serialiser's message, should it ever fail; nothing is written then.
pub fn save_scenario(rules: &Ruleset, scenario: &Scenario) -> Result<String, String> {
    let glyphs: Vec<(char, &str)> = rules.terrains.iter().map(|t| (t.glyph, t.id.as_str())).collect();
    let grid = write_grid(&scenario.board, &glyphs);
    let file = FileV3 {
        format_version: FORMAT_VERSION,
        name: scenario.name.clone(),
        author: scenario.author.clone(),
        description: scenario.description.clone(),
        setup_notes: scenario.setup_notes.clone(),
        system: scenario.system.clone(),
        tile_size: scenario.tile_size,
        legend: grid.legend,
        terrain: grid.terrain,
        heights: grid.heights,
        edges: grid.edges,
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
            .map(|p| PlayerV2 { army: p.army, co: co_name(&p.co), funds: p.funds, controller: p.controller })
            .collect(),
        first_player: scenario.first_player.saturating_add(1),
        victory: scenario.victory.clone(),
        counters: scenario.counters.clone(),
        symmetry: scenario.symmetry,
        readings: scenario.readings,
        backdrop: scenario.backdrop.clone(),
        art: scenario.art.clone(),
    };
    let config = ron::ser::PrettyConfig::new().depth_limit(3).struct_names(true).indentor("    ".to_owned());
    ron::ser::to_string_pretty(&file, config).map_err(|e| format!("the scenario could not be written out: {e}"))
}
