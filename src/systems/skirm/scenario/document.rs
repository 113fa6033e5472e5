//! A Skirm scenario: the battle map (terrain, heights, walls, doors), objectives, markers and
//! items, a deployment zone per squad, the mission with its environment and turns, the EP
//! limit and, optionally, the two squads; with its file format (RON, versioned, read
//! defensively).

use crate::board::{Board, Pos, Symmetry};
use crate::files::{FileError, MAX_FILE_BYTES, nearest_names, ron_options};
use crate::grid_file::{EdgeText, GridText, read_grid, write_grid};
use crate::systems::skirm::rules::ItemKind;
use crate::systems::skirm::rules::{Map, Ruleset};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The system id a Skirm scenario names.
pub const SYSTEM_ID: &str = "skirm";
/// The format version this program writes.
pub const FORMAT_VERSION: u32 = 1;
/// The longest side of a battle map, in squares.
pub const MAX_SIDE: u16 = 30;
const FORMAT_DOC: &str = "docs/SKIRM.md";

/// A unit of a pre-set squad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SquadUnit {
    /// Its stat card, by id.
    pub profile: String,
    /// Its name on the table; the card's when empty.
    pub name: String,
    /// Weapons added from the armoury.
    pub weapons: Vec<String>,
    /// Gear added from the armoury.
    pub gear: Vec<String>,
    /// XP from earlier battles.
    pub xp: u32,
    /// Its starting square; deployed in the zone at the start when none.
    pub pos: Option<Pos>,
}

/// A pre-set squad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Squad {
    /// Its name.
    pub name: String,
    /// Its faction, by id.
    pub faction: String,
    /// Its units.
    pub units: Vec<SquadUnit>,
}

impl SquadUnit {
    /// Its name as players read it: its own, else its card's (never the card's id where the
    /// ruleset knows it).
    #[must_use]
    pub fn label(&self, rules: &Ruleset) -> String {
        if self.name.is_empty() {
            rules.profile(&self.profile).map_or_else(|| self.profile.clone(), |(_, p)| p.name.clone())
        } else {
            self.name.clone()
        }
    }
}

impl Squad {
    /// Its name as players read it: its own, else "squad A" or "squad B" by seat.
    #[must_use]
    pub fn label(&self, index: usize) -> String {
        squad_label(Some(self.name.as_str()), index)
    }

    /// Each unit's mark on its disc, in roster order: its initial, with its number where the
    /// squad has several of its name ("R2", as the log's "Raider 2"), never two alike.
    #[must_use]
    pub fn counter_marks(&self, rules: &Ruleset) -> Vec<String> {
        let labels: Vec<String> = self.units.iter().map(|u| u.label(rules)).collect();
        let roster: Vec<(u8, &str)> = labels.iter().map(|l| (0, l.as_str())).collect();
        crate::game::naming::counter_marks(&crate::game::naming::distinct_names(&roster))
    }
}

/// A squad's name as players read it: `name` where it has one, else "squad A", "squad B", ...
/// by seat (`index` from 0).
#[must_use]
pub fn squad_label(name: Option<&str>, index: usize) -> String {
    match name {
        Some(name) if !name.trim().is_empty() => name.to_owned(),
        _ => format!("squad {}", char::from(b'A' + u8::try_from(index % 26).unwrap_or(0))),
    }
}

/// A Skirm scenario.
#[derive(Debug, Clone, PartialEq)]
pub struct SkirmScenario {
    /// Its title.
    pub name: String,
    /// Who made it.
    pub author: String,
    /// What it is about.
    pub description: String,
    /// The mission, by id.
    pub mission: String,
    /// The environment, by id.
    pub environment: Option<String>,
    /// Turns, when the scenario changes the mission's.
    pub turns: Option<u8>,
    /// Each squad's EP limit.
    pub ep_limit: u32,
    /// Squares, heights, walls and doors.
    pub board: Board,
    /// Objective squares.
    pub objectives: Vec<Pos>,
    /// Marker squares.
    pub markers: Vec<Pos>,
    /// Items.
    pub items: Vec<(Pos, ItemKind)>,
    /// Each squad's deployment zone.
    pub zones: [Vec<Pos>; 2],
    /// The two squads, or none.
    pub squads: Vec<Squad>,
    /// The symmetry the designer means the map to have.
    pub symmetry: Option<Symmetry>,
    /// The designer's background image under the board, if any.
    pub backdrop: Option<crate::art::Backdrop>,
    /// The designer's art per kind, logo and cover.
    pub art: crate::art::ArtBook,
}

impl SkirmScenario {
    /// The turns played: the scenario's, else the mission's, else the ruleset's.
    #[must_use]
    pub fn turns(&self, rules: &Ruleset) -> u8 {
        self.turns.or_else(|| rules.mission(&self.mission).map(|m| m.turns)).unwrap_or(rules.turns)
    }

    /// Where each unit starts: its own square, or the free squares of its zone in order (from
    /// the squad's own back edge) for a unit placed without one.
    #[must_use]
    pub fn deployment(&self, rules: &Ruleset) -> Vec<Vec<Option<Pos>>> {
        let map = Map::new(&self.board, rules);
        let mut taken: Vec<Pos> = self.squads.iter().flat_map(|s| s.units.iter().filter_map(|u| u.pos)).collect();
        let mut out = Vec::new();
        for (index, squad) in self.squads.iter().enumerate() {
            let mut zone = self.zones.get(index).cloned().unwrap_or_default();
            zone.retain(|&p| map.movement(p) != crate::systems::skirm::rules::Movement::Impassable);
            // Each squad fills its zone in its own frame (from its back edge), so a turned or
            // mirrored map deploys the other squad on the image squares, whichever its number.
            let squad_number = u8::try_from(index).unwrap_or(u8::MAX);
            let zone =
                crate::systems::skirm::rules::SquadFrame::on(&self.board, &self.objectives, &self.zones, squad_number)
                    .filling_order(&zone);
            let mut placed = Vec::new();
            for unit in &squad.units {
                let pos = unit.pos.or_else(|| {
                    let free = zone.iter().copied().find(|p| !taken.contains(p))?;
                    taken.push(free);
                    Some(free)
                });
                placed.push(pos);
            }
            out.push(placed);
        }
        out
    }
}

/// Reads only the version and system.
#[derive(Deserialize)]
#[serde(rename = "Scenario")]
struct Probe {
    #[serde(default)]
    format_version: Option<u32>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename = "Scenario", deny_unknown_fields)]
struct FileV1 {
    format_version: u32,
    system: String,
    name: String,
    #[serde(default)]
    author: String,
    #[serde(default)]
    description: String,
    mission: String,
    #[serde(default)]
    environment: Option<String>,
    #[serde(default)]
    turns: Option<u8>,
    ep_limit: u32,
    #[serde(default)]
    legend: BTreeMap<String, String>,
    terrain: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    heights: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    edges: Vec<EdgeText>,
    #[serde(default)]
    objectives: Vec<(u16, u16)>,
    #[serde(default)]
    markers: Vec<(u16, u16)>,
    #[serde(default)]
    items: Vec<ItemV1>,
    /// One string per row: `1` and `2` mark each squad's zone, `.` neither.
    deployment: Vec<String>,
    #[serde(default)]
    squads: Vec<SquadV1>,
    #[serde(default)]
    symmetry: Option<Symmetry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    backdrop: Option<crate::art::Backdrop>,
    #[serde(default, skip_serializing_if = "crate::art::ArtBook::is_empty")]
    art: crate::art::ArtBook,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ItemV1 {
    at: (u16, u16),
    item: ItemKind,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SquadV1 {
    name: String,
    faction: String,
    units: Vec<UnitV1>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitV1 {
    profile: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    name: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    weapons: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    gear: Vec<String>,
    #[serde(default)]
    xp: u32,
    #[serde(default)]
    at: Option<(u16, u16)>,
}

fn glyphs(rules: &Ruleset) -> Vec<(char, &str)> {
    rules.terrains.iter().map(|t| (t.glyph, t.id.as_str())).collect()
}

fn unknown(text: &str, what: &str, name: &str, valid: Vec<&str>) -> FileError {
    let near = nearest_names(name, valid.into_iter());
    FileError::at_text(
        text,
        &format!("\"{name}\""),
        format!("unknown {what} '{name}'; did you mean {}?", near.join(", ")),
    )
}

/// Reads a Skirm scenario file.
///
/// # Errors
/// Where and why the file cannot be read.
pub fn load_scenario(rules: &Ruleset, text: &str) -> Result<SkirmScenario, FileError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(FileError::plain(format!(
            "the file is {} bytes; scenario files may be at most {MAX_FILE_BYTES}",
            text.len()
        )));
    }
    let options = ron_options();
    let probe: Probe = options.from_str(text).map_err(|e| FileError::ron(&e, text, FORMAT_DOC))?;
    if let Some(newer) = probe.format_version.filter(|&v| v > FORMAT_VERSION) {
        return Err(FileError::at_text(
            text,
            "format_version",
            format!(
                "format version {newer} is newer than this program reads ({FORMAT_VERSION}); update Skirmish Studio"
            ),
        ));
    }
    let file: FileV1 = options.from_str(text).map_err(|e| FileError::ron(&e, text, FORMAT_DOC))?;
    if file.system != SYSTEM_ID {
        return Err(FileError::at_text(
            text,
            &format!("\"{}\"", file.system),
            format!("this is a scenario for the game system '{}', not Skirm ('{SYSTEM_ID}')", file.system),
        ));
    }
    let grid = GridText { legend: file.legend, terrain: file.terrain, heights: file.heights, edges: file.edges };
    let board = read_grid(text, &grid, &glyphs(rules), MAX_SIDE)?;
    if rules.mission(&file.mission).is_none() {
        return Err(unknown(text, "mission", &file.mission, rules.missions.iter().map(|m| m.id.as_str()).collect()));
    }
    if let Some(env) = &file.environment
        && rules.environment(env).is_none()
    {
        return Err(unknown(text, "environment", env, rules.environments.iter().map(|e| e.id.as_str()).collect()));
    }
    if file.turns.is_some_and(|t| !(1..=12).contains(&t)) {
        return Err(FileError::at_text(text, "turns", "a battle lasts 1 to 12 turns".into()));
    }
    let on_board = |at: (u16, u16), what: &str| -> Result<Pos, FileError> {
        let pos = Pos::new(at.0, at.1);
        if board.contains(pos) {
            Ok(pos)
        } else {
            Err(FileError::plain(format!(
                "{what} at ({}, {}) is off the {} x {} map",
                at.0, at.1, board.width, board.height
            )))
        }
    };
    let objectives = file.objectives.iter().map(|&at| on_board(at, "an objective")).collect::<Result<Vec<_>, _>>()?;
    let markers = file.markers.iter().map(|&at| on_board(at, "a marker")).collect::<Result<Vec<_>, _>>()?;
    let mut items = Vec::new();
    for item in file.items {
        if let ItemKind::Turret(kind) = &item.item
            && rules.turret(kind).is_none()
        {
            return Err(unknown(text, "turret type", kind, rules.turrets.iter().map(|t| t.id.as_str()).collect()));
        }
        items.push((on_board(item.at, "an item")?, item.item));
    }
    if file.deployment.len() != usize::from(board.height)
        || file.deployment.iter().any(|row| row.chars().count() != usize::from(board.width))
    {
        return Err(FileError::at_text(
            text,
            "deployment",
            format!("deployment must have {} rows of {} squares, like the terrain", board.height, board.width),
        ));
    }
    let mut zones = [Vec::new(), Vec::new()];
    for (y, row) in (0u16..).zip(&file.deployment) {
        for (x, c) in (0u16..).zip(row.chars()) {
            match c {
                '1' => zones[0].push(Pos::new(x, y)),
                '2' => zones[1].push(Pos::new(x, y)),
                '.' => {}
                other => {
                    return Err(FileError::at_text(
                        text,
                        &format!("\"{row}\""),
                        format!("deployment square ({x}, {y}) is '{other}'; use 1, 2 or ."),
                    ));
                }
            }
        }
    }
    if !file.squads.is_empty() && file.squads.len() != 2 {
        return Err(FileError::at_text(
            text,
            "squads",
            format!("a scenario holds two squads or none, not {}", file.squads.len()),
        ));
    }
    let mut squads = Vec::new();
    for squad in file.squads {
        let Some(faction) = rules.faction(&squad.faction) else {
            return Err(unknown(
                text,
                "faction",
                &squad.faction,
                rules.factions.iter().map(|f| f.id.as_str()).collect(),
            ));
        };
        if squad.units.len() > 30 {
            return Err(FileError::at_text(text, &squad.name, "a squad holds at most 30 units".into()));
        }
        let mut units = Vec::new();
        for unit in squad.units {
            if !faction.profiles.iter().any(|p| p.id == unit.profile) {
                return Err(unknown(
                    text,
                    &format!("{} stat card", faction.name),
                    &unit.profile,
                    faction.profiles.iter().map(|p| p.id.as_str()).collect(),
                ));
            }
            for id in unit.weapons.iter().chain(&unit.gear) {
                let is_weapon = rules.weapon(id).is_some();
                let known = if unit.weapons.contains(id) { is_weapon } else { rules.gear_item(id).is_some() };
                if !known {
                    let names =
                        rules.weapons.iter().map(|w| w.id.as_str()).chain(rules.gear.iter().map(|g| g.id.as_str()));
                    return Err(unknown(text, "weapon or gear", id, names.collect()));
                }
            }
            let pos = unit.at.map(|at| on_board(at, "a unit")).transpose()?;
            units.push(SquadUnit {
                profile: unit.profile,
                name: unit.name,
                weapons: unit.weapons,
                gear: unit.gear,
                xp: unit.xp,
                pos,
            });
        }
        squads.push(Squad { name: squad.name, faction: squad.faction, units });
    }
    let mut placed: Vec<Pos> = squads.iter().flat_map(|s| s.units.iter().filter_map(|u| u.pos)).collect();
    placed.sort_unstable();
    if let Some(pair) = placed.windows(2).find(|w| w[0] == w[1]) {
        return Err(FileError::plain(format!("two units are placed on {}", pair[0])));
    }
    Ok(SkirmScenario {
        name: file.name,
        author: file.author,
        description: file.description,
        mission: file.mission,
        environment: file.environment,
        turns: file.turns,
        ep_limit: file.ep_limit,
        board,
        objectives,
        markers,
        items,
        zones,
        squads,
        symmetry: file.symmetry,
        backdrop: crate::art::read_backdrop(text, file.backdrop)?,
        art: crate::art::read_art(text, file.art)?,
    })
}

/// Writes a scenario in the current format.
///
/// # Errors
/// The serialiser's message, should it ever fail; nothing is written then.
pub fn save_scenario(rules: &Ruleset, scenario: &SkirmScenario) -> Result<String, String> {
    let grid = write_grid(&scenario.board, &glyphs(rules));
    let deployment = (0..scenario.board.height)
        .map(|y| {
            (0..scenario.board.width)
                .map(|x| {
                    let p = Pos::new(x, y);
                    if scenario.zones[0].contains(&p) {
                        '1'
                    } else if scenario.zones[1].contains(&p) {
                        '2'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    let file = FileV1 {
        format_version: FORMAT_VERSION,
        system: SYSTEM_ID.into(),
        name: scenario.name.clone(),
        author: scenario.author.clone(),
        description: scenario.description.clone(),
        mission: scenario.mission.clone(),
        environment: scenario.environment.clone(),
        turns: scenario.turns,
        ep_limit: scenario.ep_limit,
        legend: grid.legend,
        terrain: grid.terrain,
        heights: grid.heights,
        edges: grid.edges,
        objectives: scenario.objectives.iter().map(|p| (p.x, p.y)).collect(),
        markers: scenario.markers.iter().map(|p| (p.x, p.y)).collect(),
        items: scenario.items.iter().map(|(p, item)| ItemV1 { at: (p.x, p.y), item: item.clone() }).collect(),
        deployment,
        squads: scenario
            .squads
            .iter()
            .map(|s| SquadV1 {
                name: s.name.clone(),
                faction: s.faction.clone(),
                units: s
                    .units
                    .iter()
                    .map(|u| UnitV1 {
                        profile: u.profile.clone(),
                        name: u.name.clone(),
                        weapons: u.weapons.clone(),
                        gear: u.gear.clone(),
                        xp: u.xp,
                        at: u.pos.map(|p| (p.x, p.y)),
                    })
                    .collect(),
            })
            .collect(),
        symmetry: scenario.symmetry,
        backdrop: scenario.backdrop.clone(),
        art: scenario.art.clone(),
    };
    let config = ron::ser::PrettyConfig::new().depth_limit(4).struct_names(true).indentor("    ".to_owned());
    ron::ser::to_string_pretty(&file, config).map_err(|e| format!("the scenario could not be written out: {e}"))
}
