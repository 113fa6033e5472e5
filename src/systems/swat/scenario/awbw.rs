//! Advance Wars By Web maps: import of the terrain CSV and of the JSON map document (with
//! pre-deployed units), and export of a scenario's terrain and properties as CSV.
//!
//! AWBW terrain ids: 1 plain, 2 mountain, 3 wood, 4-14 rivers, 15-25 roads, 26-27 bridges,
//! 28 sea, 29-32 shoals, 33 reef, 34-37 neutral city, base, airport, port; then per army
//! blocks of properties (38-57 and 81-100 in the order city, base, airport, port, HQ; the
//! later armies in the order airport, base, city, com tower, HQ, lab, port), com towers
//! (127-137), labs (138-148), pipes (101-110), silos (111-112), pipe seams (113-114), rubble
//! (115-116) and teleporters (195).

use super::model::{MAX_SIDE, Scenario, ScenarioUnit};
use crate::files::FileError;
use crate::systems::swat::rules::{Pos, Ruleset, TerrainId};
use serde::Serialize;
use std::collections::BTreeMap;

/// AWBW army codes in AWBW's own order; an imported map's armies become seats in this order.
const ARMY_CODES: [&str; 19] =
    ["os", "bm", "ge", "yc", "rf", "gs", "bh", "bd", "ab", "js", "ci", "pc", "tg", "pl", "ar", "wn", "aa", "ne", "sc"];

/// What an AWBW terrain id is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AwbwKind {
    Plain,
    Mountain,
    Wood,
    River,
    Road,
    Bridge,
    Sea,
    Shoal,
    Reef,
    City,
    Base,
    Airport,
    Port,
    Hq,
    ComTower,
    Lab,
    Pipe,
    PipeSeam,
    PipeRubble,
    Silo,
    Teleporter,
}

impl AwbwKind {
    fn name(self) -> &'static str {
        match self {
            AwbwKind::Plain => "plain",
            AwbwKind::Mountain => "mountain",
            AwbwKind::Wood => "wood",
            AwbwKind::River => "river",
            AwbwKind::Road => "road",
            AwbwKind::Bridge => "bridge",
            AwbwKind::Sea => "sea",
            AwbwKind::Shoal => "shoal",
            AwbwKind::Reef => "reef",
            AwbwKind::City => "city",
            AwbwKind::Base => "base",
            AwbwKind::Airport => "airport",
            AwbwKind::Port => "port",
            AwbwKind::Hq => "HQ",
            AwbwKind::ComTower => "com tower",
            AwbwKind::Lab => "lab",
            AwbwKind::Pipe => "pipe",
            AwbwKind::PipeSeam => "pipe seam",
            AwbwKind::PipeRubble => "pipe rubble",
            AwbwKind::Silo => "missile silo",
            AwbwKind::Teleporter => "teleporter",
        }
    }

    /// The SWAT terrain it becomes, and whether that is a stand-in rather than a counterpart.
    fn swat(self) -> (&'static str, bool) {
        match self {
            AwbwKind::Plain => ("plain", false),
            AwbwKind::Mountain => ("hill", false),
            AwbwKind::Wood => ("forest", false),
            AwbwKind::River => ("river", false),
            AwbwKind::Road => ("road", false),
            AwbwKind::Bridge => ("bridge", false),
            AwbwKind::Sea => ("water", false),
            AwbwKind::Shoal | AwbwKind::PipeRubble | AwbwKind::Silo | AwbwKind::Teleporter => ("plain", true),
            AwbwKind::Reef => ("water", true),
            AwbwKind::City => ("city", false),
            AwbwKind::Base => ("factory", false),
            AwbwKind::Hq => ("hq", false),
            AwbwKind::Airport | AwbwKind::Port | AwbwKind::ComTower | AwbwKind::Lab => ("city", true),
            // Pipes wall off every ground unit, as water does; a seam can be broken, like a hill
            // that only foot soldiers cross.
            AwbwKind::Pipe => ("water", true),
            AwbwKind::PipeSeam => ("hill", true),
        }
    }
}

/// An AWBW terrain id: its kind and, for an owned property, the army code's index.
fn decode(id: u32) -> Option<(AwbwKind, Option<usize>)> {
    use AwbwKind::{Airport, Base, City, ComTower, Hq, Lab, Port};
    let classic = [City, Base, Airport, Port, Hq];
    let modern = [Airport, Base, City, ComTower, Hq, Lab, Port];
    Some(match id {
        1 => (AwbwKind::Plain, None),
        2 => (AwbwKind::Mountain, None),
        3 => (AwbwKind::Wood, None),
        4..=14 => (AwbwKind::River, None),
        15..=25 => (AwbwKind::Road, None),
        26 | 27 => (AwbwKind::Bridge, None),
        28 => (AwbwKind::Sea, None),
        29..=32 => (AwbwKind::Shoal, None),
        33 => (AwbwKind::Reef, None),
        34 => (City, None),
        35 => (Base, None),
        36 => (Airport, None),
        37 => (Port, None),
        38..=57 => (classic[((id - 38) % 5) as usize], Some(((id - 38) / 5) as usize)),
        81..=100 => (classic[((id - 81) % 5) as usize], Some(4 + ((id - 81) / 5) as usize)),
        117..=126 => ([Airport, Base, City, Hq, Port][((id - 117) % 5) as usize], Some(8 + ((id - 117) / 5) as usize)),
        127..=137 => {
            let army = [Some(8), Some(6), Some(1), Some(7), Some(2), Some(9), None, Some(0), Some(4), Some(3), Some(5)];
            (ComTower, army[(id - 127) as usize])
        }
        138..=148 => {
            let army = [Some(8), Some(6), Some(1), Some(7), Some(2), Some(5), Some(9), None, Some(0), Some(4), Some(3)];
            (Lab, army[(id - 138) as usize])
        }
        149..=176 => (modern[((id - 149) % 7) as usize], Some(10 + ((id - 149) / 7) as usize)),
        181..=194 => (modern[((id - 181) % 7) as usize], Some(14 + ((id - 181) / 7) as usize)),
        196..=216 => (modern[((id - 196) % 7) as usize], Some(16 + ((id - 196) / 7) as usize)),
        101..=110 => (AwbwKind::Pipe, None),
        111 | 112 => (AwbwKind::Silo, None),
        113 | 114 => (AwbwKind::PipeSeam, None),
        115 | 116 => (AwbwKind::PipeRubble, None),
        195 => (AwbwKind::Teleporter, None),
        _ => return None,
    })
}

/// AWBW unit ids with a SWAT counterpart, and the names of the others.
fn unit_name(id: u64) -> (&'static str, Option<&'static str>) {
    match id {
        1 => ("Infantry", Some("infantry")),
        2 => ("Mech", Some("mech")),
        3 => ("Md. Tank", Some("md_tank")),
        4 => ("Tank", Some("tank")),
        5 => ("Recon", Some("recon")),
        6 => ("APC", Some("apc")),
        7 => ("Artillery", Some("artillery")),
        8 => ("Rocket", Some("rockets")),
        9 => ("Anti-Air", Some("anti_air")),
        10 => ("Missile", None),
        11 => ("Fighter", None),
        12 => ("Bomber", None),
        13 => ("B-Copter", None),
        14 => ("T-Copter", None),
        15 => ("Battleship", None),
        16 => ("Cruiser", None),
        17 => ("Lander", None),
        18 => ("Sub", None),
        28 => ("Black Boat", None),
        29 => ("Carrier", None),
        30 => ("Stealth", None),
        46 => ("Neotank", None),
        960_900 => ("Piperunner", None),
        968_731 => ("Black Bomb", None),
        1_141_438 => ("Mega Tank", None),
        _ => ("unknown unit", None),
    }
}

/// One kind of AWBW terrain replaced by a stand-in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Substitution {
    /// The AWBW kind (`airport`).
    pub awbw: String,
    /// How many squares.
    pub count: u32,
    /// The SWAT terrain it became.
    pub became: String,
}

/// What an import changed or left out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct ImportReport {
    /// Terrain and buildings with no SWAT counterpart, each kind once.
    pub substitutions: Vec<Substitution>,
    /// Pre-deployed units with no SWAT counterpart: name and count.
    pub units_left_out: Vec<(String, u32)>,
    /// AWBW army codes in seat order.
    pub armies: Vec<String>,
}

/// An imported map.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Imported {
    /// The scenario.
    pub scenario: Scenario,
    /// What was substituted or left out.
    pub report: ImportReport,
}

fn error(message: String) -> FileError {
    FileError { line: None, column: None, message }
}

struct RawUnit {
    id: u64,
    pos: Pos,
    hp: u64,
    army: usize,
}

/// Imports an AWBW map: the JSON map document when the text starts with `{`, otherwise the
/// terrain CSV. `name` titles the scenario when the map has none.
///
/// # Errors
/// Malformed input (with the line for CSV), a board beyond 200 x 200, an unknown terrain id,
/// or more than four armies.
pub fn import_awbw(rules: &Ruleset, text: &str, name: &str) -> Result<Imported, FileError> {
    if text.len() > super::file::MAX_FILE_BYTES {
        return Err(error("the file is too large for an AWBW map".into()));
    }
    let (title, author, columns, units) = if text.trim_start().starts_with('{') {
        parse_json(text)?
    } else {
        (name.to_owned(), String::new(), parse_csv(text)?, Vec::new())
    };
    build(rules, title, author, &columns, &units)
}

/// Terrain ids as rows of columns (`rows[y][x]`).
fn parse_csv(text: &str) -> Result<Vec<Vec<u32>>, FileError> {
    let mut rows: Vec<Vec<u32>> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        if rows.len() >= usize::from(MAX_SIDE) {
            return Err(error(format!("the map has more than {MAX_SIDE} rows")));
        }
        let mut row = Vec::new();
        for (column, cell) in line.split(',').enumerate() {
            if column >= usize::from(MAX_SIDE) {
                return Err(FileError {
                    line: Some(index + 1),
                    column: None,
                    message: format!("more than {MAX_SIDE} squares in a row"),
                });
            }
            let id = cell.trim().parse().map_err(|_| FileError {
                line: Some(index + 1),
                column: Some(column + 1),
                message: format!("'{}' is not an AWBW terrain id", cell.trim()),
            })?;
            row.push(id);
        }
        if let Some(first) = rows.first()
            && first.len() != row.len()
        {
            return Err(FileError {
                line: Some(index + 1),
                column: None,
                message: format!("this row has {} squares; the first has {}", row.len(), first.len()),
            });
        }
        rows.push(row);
    }
    if rows.is_empty() {
        return Err(error("the map is empty".into()));
    }
    Ok(rows)
}

type ParsedJson = (String, String, Vec<Vec<u32>>, Vec<RawUnit>);

fn parse_json(text: &str) -> Result<ParsedJson, FileError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| FileError {
        line: Some(e.line()),
        column: Some(e.column()),
        message: e.to_string(),
    })?;
    let field = |key: &str| value.get(key).ok_or_else(|| error(format!("the map document has no \"{key}\"")));
    let size = |key: &str| -> Result<usize, FileError> {
        let n = field(key)?.as_u64().ok_or_else(|| error(format!("\"{key}\" must be a whole number")))?;
        if n == 0 || n > u64::from(MAX_SIDE) {
            return Err(error(format!("\"{key}\" is {n}; each side must be 1 to {MAX_SIDE}")));
        }
        usize::try_from(n).map_err(|_| error(format!("\"{key}\" is too large")))
    };
    let (width, height) = (size("Size X")?, size("Size Y")?);
    // The document lists the map column by column: "Terrain Map"[x][y].
    let map = field("Terrain Map")?.as_array().ok_or_else(|| error("\"Terrain Map\" must be a list".into()))?;
    if map.len() != width {
        return Err(error(format!("\"Terrain Map\" has {} columns but \"Size X\" is {width}", map.len())));
    }
    let mut rows = vec![vec![0u32; width]; height];
    for (x, column) in map.iter().enumerate() {
        let column = column
            .as_array()
            .filter(|c| c.len() == height)
            .ok_or_else(|| error(format!("column {x} of \"Terrain Map\" must list {height} terrain ids")))?;
        for (y, cell) in column.iter().enumerate() {
            rows[y][x] = cell
                .as_u64()
                .and_then(|v| u32::try_from(v).ok())
                .ok_or_else(|| error(format!("square ({x}, {y}) of \"Terrain Map\" is not a terrain id")))?;
        }
    }
    let mut units = Vec::new();
    if let Some(list) = value.get("Predeployed Units").and_then(|u| u.as_array()) {
        for (index, unit) in list.iter().enumerate() {
            let number = |key: &str| unit.get(key).and_then(serde_json::Value::as_u64);
            let (Some(id), Some(x), Some(y)) = (number("Unit ID"), number("Unit X"), number("Unit Y")) else {
                return Err(error(format!("pre-deployed unit {} lacks its id or position", index + 1)));
            };
            let code = unit.get("Country Code").and_then(|c| c.as_str()).unwrap_or("");
            let army = ARMY_CODES
                .iter()
                .position(|c| *c == code)
                .ok_or_else(|| error(format!("pre-deployed unit {} has the unknown army code '{code}'", index + 1)))?;
            let (Ok(x), Ok(y)) = (u16::try_from(x), u16::try_from(y)) else {
                return Err(error(format!("pre-deployed unit {} is off the board", index + 1)));
            };
            units.push(RawUnit { id, pos: Pos::new(x, y), hp: number("Unit HP").unwrap_or(10), army });
        }
    }
    let text_of = |key: &str| value.get(key).and_then(|v| v.as_str()).unwrap_or("").to_owned();
    Ok((text_of("Name"), text_of("Author"), rows, units))
}

fn build(
    rules: &Ruleset,
    title: String,
    author: String,
    rows: &[Vec<u32>],
    units: &[RawUnit],
) -> Result<Imported, FileError> {
    let height = rows.len();
    let width = rows.first().map_or(0, Vec::len);
    if width == 0 || height == 0 || width > usize::from(MAX_SIDE) || height > usize::from(MAX_SIDE) {
        return Err(error(format!("the map is {width} x {height}; each side must be 1 to {MAX_SIDE}")));
    }
    let terrain_id =
        |name: &str| rules.terrain_id(name).ok_or_else(|| error(format!("the ruleset has no '{name}' terrain")));
    let mut terrain = Vec::with_capacity(width * height);
    let mut owned: BTreeMap<Pos, usize> = BTreeMap::new();
    let mut substituted: BTreeMap<&'static str, (u32, &'static str)> = BTreeMap::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, &id) in row.iter().enumerate() {
            let pos = Pos::new(u16::try_from(x).unwrap_or(0), u16::try_from(y).unwrap_or(0));
            let (kind, army) =
                decode(id).ok_or_else(|| error(format!("square ({x}, {y}) has the unknown AWBW terrain id {id}")))?;
            let (swat, stand_in) = kind.swat();
            terrain.push(terrain_id(swat)?);
            if stand_in {
                let entry = substituted.entry(kind.name()).or_insert((0, swat));
                entry.0 += 1;
            }
            if let Some(army) = army {
                owned.insert(pos, army);
            }
        }
    }
    let mut armies: Vec<usize> = owned.values().copied().chain(units.iter().map(|u| u.army)).collect();
    armies.sort_unstable();
    armies.dedup();
    if armies.len() > 4 {
        return Err(error(format!("the map has {} armies; SWAT is for 2 to 4", armies.len())));
    }
    let seat_of = |army: usize| armies.iter().position(|&a| a == army).and_then(|s| u8::try_from(s).ok()).unwrap_or(0);
    let seats = armies.len().max(2);
    let max_hp = u64::from(rules.economy.max_hp);
    let mut left_out: BTreeMap<String, u32> = BTreeMap::new();
    let mut scenario_units = Vec::new();
    for unit in units {
        let (awbw_name, swat) = unit_name(unit.id);
        match swat.filter(|k| rules.unit_id(k).is_some()) {
            Some(kind) => scenario_units.push(ScenarioUnit {
                kind: kind.to_owned(),
                owner: seat_of(unit.army),
                hp: u8::try_from((unit.hp.min(10) * max_hp).div_ceil(10).max(1)).unwrap_or(1),
                pos: unit.pos,
                passengers: Vec::new(),
            }),
            None => *left_out.entry(format!("{awbw_name} (#{})", unit.id)).or_insert(0) += 1,
        }
    }
    let mut scenario = Scenario::new(
        rules,
        u16::try_from(width).unwrap_or(MAX_SIDE),
        u16::try_from(height).unwrap_or(MAX_SIDE),
        terrain_id("plain")?,
        seats,
    );
    scenario.name = if title.is_empty() { "Imported AWBW map".to_owned() } else { title };
    scenario.author = author;
    scenario.description = "Imported from an Advance Wars By Web map.".to_owned();
    scenario.board.terrain = terrain;
    scenario.owners = owned.into_iter().map(|(pos, army)| (pos, seat_of(army))).collect();
    scenario.units = scenario_units;
    let report = ImportReport {
        substitutions: substituted
            .into_iter()
            .map(|(awbw, (count, became))| Substitution { awbw: awbw.to_owned(), count, became: became.to_owned() })
            .collect(),
        units_left_out: left_out.into_iter().collect(),
        armies: armies.iter().map(|&a| ARMY_CODES[a].to_owned()).collect(),
    };
    Ok(Imported { scenario, report })
}

/// Writes a scenario's terrain and properties as an AWBW terrain CSV; seats 1 to 4 become
/// Orange Star, Blue Moon, Green Earth and Yellow Comet. Returns the CSV and a note for every
/// square that AWBW cannot show as it is (a neutral HQ becomes a neutral city).
#[must_use]
pub fn export_awbw_csv(rules: &Ruleset, scenario: &Scenario) -> (String, Vec<String>) {
    let mut notes = Vec::new();
    let mut csv = String::new();
    for y in 0..scenario.board.height {
        let mut cells = Vec::with_capacity(usize::from(scenario.board.width));
        for x in 0..scenario.board.width {
            let pos = Pos::new(x, y);
            let terrain: TerrainId = scenario.terrain_at(pos);
            let name = rules.terrains.get(terrain.index()).map_or("", |t| t.id.as_str());
            let owner = scenario.owners.get(&pos).copied().filter(|&o| o < 4).map(u32::from);
            let id = match (name, owner) {
                ("plain", _) => 1,
                ("hill", _) => 2,
                ("forest", _) => 3,
                ("river", _) => 4,
                ("road", _) => 15,
                ("bridge", _) => 26,
                ("water", _) => 28,
                ("city", None) => 34,
                ("factory", None) => 35,
                ("city", Some(o)) => 38 + 5 * o,
                ("factory", Some(o)) => 39 + 5 * o,
                ("hq", Some(o)) => 42 + 5 * o,
                ("hq", None) => {
                    notes
                        .push(format!("the neutral HQ at {pos} is written as a neutral city (AWBW has no neutral HQ)"));
                    34
                }
                (other, _) => {
                    notes.push(format!("the {other} at {pos} is written as a plain"));
                    1
                }
            };
            cells.push(id.to_string());
        }
        csv.push_str(&cells.join(","));
        csv.push('\n');
    }
    (csv, notes)
}
