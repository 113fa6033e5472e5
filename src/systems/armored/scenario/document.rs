//! An Armored Advance scenario and its file (`system: "armored-advance"`, format version 1):
//! the mode and limits the players agree, the two sides, and the open table in inches. Every
//! kind and profile is checked against the data when the file is read; anything out of bounds
//! is refused with what and where, so a hostile file never reaches the rest of the studio.

use super::super::rules::Readings;
use super::super::ruleset::Ruleset;
use crate::files::FileError;
use crate::table::{Table, TableFile, TableSymmetry};
use serde::{Deserialize, Serialize};

/// The id scenario files name.
pub const SYSTEM_ID: &str = "armored-advance";
/// The file format this program writes.
pub const FORMAT_VERSION: u32 = 1;
/// Where the format is described.
const FORMAT_DOC: &str = "docs/ARMORED_ADVANCE.md";

/// How a game is won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    /// Destroy every enemy mechanised unit.
    Annihilation,
    /// As Annihilation, with a turn limit: then the greater surviving requisition wins.
    TimedAnnihilation,
    /// Hold more of an odd number of objectives; score the difference each turn.
    Domination,
}

impl Mode {
    /// Every mode.
    pub const ALL: [Mode; 3] = [Mode::Annihilation, Mode::TimedAnnihilation, Mode::Domination];

    /// Its name for people.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Mode::Annihilation => "Annihilation",
            Mode::TimedAnnihilation => "Timed Annihilation",
            Mode::Domination => "Domination",
        }
    }
}

/// An Armored Advance scenario.
#[derive(Debug, Clone, PartialEq)]
pub struct ArmoredScenario {
    /// Its title.
    pub name: String,
    /// What it is about, for the designer and the setup sheet.
    pub description: String,
    /// How it is won.
    pub mode: Mode,
    /// Actions each player may spend per turn.
    pub action_limit: u32,
    /// Requisition each force may cost.
    pub requisition_limit: u32,
    /// The last turn (rounds), where the mode has one.
    pub turn_limit: Option<u32>,
    /// Victory points that win a Domination game.
    pub vp_target: Option<u32>,
    /// The symmetry the table is meant to have.
    pub symmetry: Option<TableSymmetry>,
    /// The two sides' names.
    pub sides: [String; 2],
    /// The table.
    pub table: Table,
    /// The house readings this scenario plays by (the defaults unless it sets them).
    pub readings: Readings,
    /// The designer's background image under the table, if any.
    pub backdrop: Option<crate::art::Backdrop>,
    /// The designer's art per kind, logo and cover.
    pub art: crate::art::ArtBook,
}

crate::art::with_art_fields!(ArmoredScenario);

impl crate::editing::Titled for ArmoredScenario {
    fn title(&self) -> &str {
        &self.name
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename = "Scenario")]
struct ScenarioFile {
    format_version: u32,
    system: String,
    name: String,
    #[serde(default)]
    description: String,
    mode: Mode,
    action_limit: u32,
    requisition_limit: u32,
    #[serde(default)]
    turn_limit: Option<u32>,
    #[serde(default)]
    vp_target: Option<u32>,
    #[serde(default)]
    symmetry: Option<TableSymmetry>,
    sides: [String; 2],
    table: TableFile,
    #[serde(default, skip_serializing_if = "is_default")]
    readings: Readings,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    backdrop: Option<crate::art::Backdrop>,
    #[serde(default, skip_serializing_if = "crate::art::ArtBook::is_empty")]
    art: crate::art::ArtBook,
}

fn is_default(readings: &Readings) -> bool {
    *readings == Readings::default()
}

/// The most a limit may be: far beyond any game, small enough for any sum.
const MAX_LIMIT: u32 = 100_000;

/// Reads a scenario file with `rules`.
///
/// # Errors
/// The place and reason of the first problem: syntax, a version or system it does not know, a
/// value out of bounds, an unknown terrain kind or profile (with the nearest names).
pub fn load_scenario(rules: &Ruleset, text: &str) -> Result<ArmoredScenario, FileError> {
    let file: ScenarioFile =
        crate::files::ron_options().from_str(text).map_err(|e| FileError::ron(&e, text, FORMAT_DOC))?;
    if file.system != SYSTEM_ID {
        return Err(FileError::at_text(
            text,
            "system",
            format!("the file is for '{}', not Armored Advance", file.system),
        ));
    }
    if file.format_version != FORMAT_VERSION {
        return Err(FileError::at_text(
            text,
            "format_version",
            format!("format version {} is not one this program reads (it reads {FORMAT_VERSION})", file.format_version),
        ));
    }
    for (value, field) in [(file.action_limit, "action_limit"), (file.requisition_limit, "requisition_limit")] {
        if value > MAX_LIMIT {
            return Err(FileError::at_text(text, field, format!("{field} of {value} is more than {MAX_LIMIT}")));
        }
    }
    let (sight_threshold, he_dice, boarding_reach) =
        file.readings.ask(|r| (r.sight_threshold(), r.he_dice(), r.boarding_reach()));
    if !(0.0..=1.0).contains(&sight_threshold) {
        return Err(FileError::at_text(text, "sight_threshold", "the sight threshold is a share from 0 to 1".into()));
    }
    if !(1..=3).contains(&he_dice) {
        return Err(FileError::at_text(text, "he_dice", "the HE dice reading is 1, 2 or 3".into()));
    }
    if !(0.0..=6.0).contains(&boarding_reach) {
        return Err(FileError::at_text(text, "boarding_reach", "the boarding reach is 0\" to 6\"".into()));
    }
    for (value, field) in [(file.turn_limit, "turn_limit"), (file.vp_target, "vp_target")] {
        if value.is_some_and(|v| v > MAX_LIMIT) {
            return Err(FileError::at_text(text, field, format!("{field} is more than {MAX_LIMIT}")));
        }
        if value == Some(0) {
            // A limit of 0 ends the game before anyone plays, and a target of 0 is won by the
            // side that has not yet played once the first turn ends: neither is a game.
            return Err(FileError::at_text(
                text,
                field,
                format!("{field} of 0 decides the game before it is played; leave it out (None) for no {field}"),
            ));
        }
    }
    if file.action_limit == 0 {
        return Err(FileError::at_text(text, "action_limit", "action_limit of 0 lets no side act".into()));
    }
    let table = file.table.read(rules.unit).map_err(|e| FileError::at_text(text, "table", e))?;
    for piece in &table.pieces {
        if rules.kind(&piece.kind).is_none() {
            let near = crate::files::nearest_names(&piece.kind, rules.terrain.iter().map(|k| k.id.as_str()));
            return Err(FileError::at_text(
                text,
                &format!("\"{}\"", piece.kind),
                format!("unknown terrain kind '{}' (did you mean {}?)", piece.kind, near.join(", ")),
            ));
        }
    }
    for unit in &table.units {
        if rules.profile(&unit.profile).is_none() {
            let near = crate::files::nearest_names(&unit.profile, rules.profiles.iter().map(|p| p.id.as_str()));
            return Err(FileError::at_text(
                text,
                &format!("\"{}\"", unit.profile),
                format!("unknown unit profile '{}' (did you mean {}?)", unit.profile, near.join(", ")),
            ));
        }
    }
    Ok(ArmoredScenario {
        name: file.name,
        description: file.description,
        mode: file.mode,
        action_limit: file.action_limit,
        requisition_limit: file.requisition_limit,
        turn_limit: file.turn_limit,
        vp_target: file.vp_target,
        symmetry: file.symmetry,
        sides: file.sides,
        table,
        readings: file.readings,
        backdrop: crate::art::read_backdrop(text, file.backdrop)?,
        art: crate::art::read_art(text, file.art)?,
    })
}

/// Writes a scenario file.
///
/// # Errors
/// It cannot be written as RON (never for a scenario this program read).
pub fn save_scenario(rules: &Ruleset, scenario: &ArmoredScenario) -> Result<String, String> {
    let file = ScenarioFile {
        format_version: FORMAT_VERSION,
        system: SYSTEM_ID.to_owned(),
        name: scenario.name.clone(),
        description: scenario.description.clone(),
        mode: scenario.mode,
        action_limit: scenario.action_limit,
        requisition_limit: scenario.requisition_limit,
        turn_limit: scenario.turn_limit,
        vp_target: scenario.vp_target,
        symmetry: scenario.symmetry,
        sides: scenario.sides.clone(),
        table: TableFile::write(&scenario.table, rules.unit),
        readings: scenario.readings,
        backdrop: scenario.backdrop.clone(),
        art: scenario.art.clone(),
    };
    let config = ron::ser::PrettyConfig::new().depth_limit(4).struct_names(true);
    ron::ser::to_string_pretty(&file, config)
        .map(|mut s| {
            s.push('\n');
            s
        })
        .map_err(|e| format!("the scenario cannot be written: {e}"))
}

/// A new scenario: an empty table of `width` x `depth` inches with a deployment zone 12" deep
/// along each long edge, Annihilation at 6 actions and 400 requisition, mirrored top to bottom.
#[must_use]
pub fn new_scenario(rules: &Ruleset, width_in: u32, depth_in: u32) -> ArmoredScenario {
    use crate::table::{Zone, ZonePurpose};
    let unit = rules.unit.um();
    let (w, d) = (i64::from(width_in) * unit, i64::from(depth_in) * unit);
    let band = (12 * unit).min(d / 4);
    let mut table = Table::empty(w, d);
    table.zones.push(Zone::rectangle(
        "Side 1 deployment".into(),
        Some(0),
        ZonePurpose::Deployment,
        (0, d - band),
        (w, d),
    ));
    table.zones.push(Zone::rectangle("Side 2 deployment".into(), Some(1), ZonePurpose::Deployment, (0, 0), (w, band)));
    ArmoredScenario {
        name: "New table".into(),
        description: String::new(),
        mode: Mode::Annihilation,
        action_limit: 6,
        requisition_limit: 400,
        turn_limit: None,
        vp_target: None,
        symmetry: Some(TableSymmetry::MirrorTopBottom),
        sides: ["Allies".into(), "Axis".into()],
        table,
        readings: Readings::default(),
        backdrop: None,
        art: crate::art::ArtBook::default(),
    }
}

/// A table for benchmarks and tests of size: `width` x `depth` inches with `pieces` pieces
/// laid on a lattice across the middle (buildings, foliage, walls, mud, sandbags in turn, each
/// turned its own way) and `units` units a side in rows in their zones, mirrored top to bottom.
#[must_use]
pub fn generated_scenario(
    rules: &Ruleset,
    width_in: u32,
    depth_in: u32,
    pieces: usize,
    units: usize,
) -> ArmoredScenario {
    use crate::table::{Facing, Piece, PlacedUnit, Pose};
    let mut scenario = new_scenario(rules, width_in, depth_in);
    scenario.requisition_limit = 100_000;
    let unit = rules.unit.um();
    let (w, d) = (scenario.table.width, scenario.table.depth);
    let kinds = ["building", "foliage", "wall", "mud", "sandbags"];
    let columns = 10usize;
    let rows = pieces.div_ceil(columns).max(1);
    let band = (d - 2 * (12 * unit).min(d / 4)) as usize;
    for i in 0..pieces {
        let Some(kind) = rules.kind(kinds[i % kinds.len()]) else { continue };
        let (col, row) = (i % columns, i / columns);
        let x = (w as usize * (2 * col + 1) / (2 * columns)) as i64;
        let y = (12 * unit).min(d / 4) + (band * (2 * row + 1) / (2 * rows)) as i64;
        scenario.table.pieces.push(Piece {
            kind: kind.id.clone(),
            footprint: rules.kind_footprint(kind).mirrored(),
            pose: Pose::new(x, y, Facing::from_centidegrees((i as i64 * 3_700) % 36_000)),
            height: rules.unit.to_um(kind.height, "").unwrap_or(0),
            walls: Vec::new(),
        });
    }
    let profiles: Vec<&str> = ["medium_tank", "light_tank", "infantry", "armoured_car", "tank_destroyer"]
        .into_iter()
        .filter(|p| rules.profile(p).is_some())
        .collect();
    let per_row = 15usize;
    for side in 0..2u8 {
        for i in 0..units {
            let (col, row) = (i % per_row, i / per_row);
            let x = (w as usize * (2 * col + 1) / (2 * per_row)) as i64;
            let from_edge = unit * (3 + 5 * row as i64);
            let y = if side == 0 { d - from_edge } else { from_edge };
            scenario.table.units.push(PlacedUnit {
                profile: profiles[i % profiles.len().max(1)].to_owned(),
                owner: side,
                pose: Pose::new(x, y, crate::table::Table::facing_for(side)),
            });
        }
    }
    scenario
}
