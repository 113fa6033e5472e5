//! A Modern Skirmish scenario and its file (`system: "modern-skirmish"`, format version 1): the
//! open table in centimetres (buildings, woods and low walls as pieces with an inside, the
//! sides' deployment zones), the units with each figure's place, and the house readings.
//! Everything is checked against the data when read; anything out of bounds is refused with
//! what and where, so a hostile file never reaches the rest of the studio.

use super::super::rules::Readings;
use super::super::ruleset::{Ruleset, UNIT, cm};
use crate::files::FileError;
use crate::table::{Table, TableFile, TableSymmetry, Zone, ZonePurpose};
use serde::{Deserialize, Serialize};

/// The id scenario files name.
pub const SYSTEM_ID: &str = "modern-skirmish";
/// The file format this program writes.
pub const FORMAT_VERSION: u32 = 1;
/// Where the format is described.
const FORMAT_DOC: &str = "docs/MODERN_SKIRMISH.md";
/// The most units a scenario may hold.
pub const MAX_UNITS: usize = 64;
/// The most figures in one unit.
pub const MAX_FIGURES: usize = 40;

/// A unit as placed: its troop type, name and each figure's place.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlacedUnit {
    /// Its name for people.
    pub name: String,
    /// Its troop type's id.
    pub troop: String,
    /// Each figure's base centre, micrometres.
    pub figures: Vec<(i64, i64)>,
}

/// A Modern Skirmish scenario.
#[derive(Debug, Clone, PartialEq)]
pub struct ModernScenario {
    /// Its title.
    pub name: String,
    /// What it is about.
    pub description: String,
    /// The symmetry its terrain is meant to have.
    pub symmetry: Option<TableSymmetry>,
    /// The table: size, pieces, zones (its own unit list stays empty).
    pub table: Table,
    /// The units.
    pub units: Vec<PlacedUnit>,
    /// The house readings.
    pub readings: Readings,
    /// The designer's background image under the table, if any.
    pub backdrop: Option<crate::art::Backdrop>,
    /// The designer's art per kind, logo and cover.
    pub art: crate::art::ArtBook,
}

crate::art::with_art_fields!(ModernScenario);

impl crate::editing::Titled for ModernScenario {
    fn title(&self) -> &str {
        &self.name
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitFile {
    name: String,
    troop: String,
    figures: Vec<(f64, f64)>,
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
    #[serde(default)]
    symmetry: Option<TableSymmetry>,
    table: TableFile,
    #[serde(default)]
    units: Vec<UnitFile>,
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

/// Reads a scenario file with `rules`.
///
/// # Errors
/// The place and reason of the first problem: syntax, a version or system it does not know, a
/// value out of bounds, an unknown terrain kind or troop type (with the nearest names).
pub fn load_scenario(rules: &Ruleset, text: &str) -> Result<ModernScenario, FileError> {
    let file: ScenarioFile =
        crate::files::ron_options().from_str(text).map_err(|e| FileError::ron(&e, text, FORMAT_DOC))?;
    if file.system != SYSTEM_ID {
        return Err(FileError::at_text(
            text,
            "system",
            format!("the file is for '{}', not Modern Skirmish", file.system),
        ));
    }
    if file.format_version != FORMAT_VERSION {
        return Err(FileError::at_text(
            text,
            "format_version",
            format!("format version {} is not one this program reads (it reads {FORMAT_VERSION})", file.format_version),
        ));
    }
    let table = file.table.read(UNIT).map_err(|e| FileError::at_text(text, "table", e))?;
    if !table.units.is_empty() {
        return Err(FileError::at_text(
            text,
            "units",
            "Modern Skirmish places its figures in the scenario's units, not the table's".into(),
        ));
    }
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
    if file.units.len() > MAX_UNITS {
        return Err(FileError::at_text(
            text,
            "units",
            format!("{} units is more than the {MAX_UNITS} a scenario may have", file.units.len()),
        ));
    }
    let mut units = Vec::new();
    for (i, unit) in file.units.iter().enumerate() {
        let what = format!("unit {} ({})", i + 1, unit.name);
        if rules.troop(&unit.troop).is_none() {
            let near = crate::files::nearest_names(&unit.troop, rules.troops.iter().map(|t| t.id.as_str()));
            return Err(FileError::at_text(
                text,
                &format!("\"{}\"", unit.troop),
                format!("{what}: unknown troop type '{}' (did you mean {}?)", unit.troop, near.join(", ")),
            ));
        }
        if unit.figures.is_empty() || unit.figures.len() > MAX_FIGURES {
            return Err(FileError::at_text(
                text,
                &unit.name,
                format!("{what}: {} figures (a unit has 1 to {MAX_FIGURES})", unit.figures.len()),
            ));
        }
        let figures = unit
            .figures
            .iter()
            .enumerate()
            .map(|(f, &(x, y))| {
                let at = |v: f64, axis: &str| UNIT.to_um(v, &format!("{what}: figure {} {axis}", f + 1));
                Ok((at(x, "across")?, at(y, "down")?))
            })
            .collect::<Result<Vec<_>, String>>()
            .map_err(|e| FileError::at_text(text, &unit.name, e))?;
        units.push(PlacedUnit { name: unit.name.clone(), troop: unit.troop.clone(), figures });
    }
    Ok(ModernScenario {
        name: file.name,
        description: file.description,
        symmetry: file.symmetry,
        table,
        units,
        readings: file.readings,
        backdrop: crate::art::read_backdrop(text, file.backdrop)?,
        art: crate::art::read_art(text, file.art)?,
    })
}

/// Writes a scenario file.
///
/// # Errors
/// It cannot be written as RON (never for a scenario this program read).
pub fn save_scenario(scenario: &ModernScenario) -> Result<String, String> {
    let file = ScenarioFile {
        format_version: FORMAT_VERSION,
        system: SYSTEM_ID.to_owned(),
        name: scenario.name.clone(),
        description: scenario.description.clone(),
        symmetry: scenario.symmetry,
        table: TableFile::write(&scenario.table, UNIT),
        units: scenario
            .units
            .iter()
            .map(|u| UnitFile {
                name: u.name.clone(),
                troop: u.troop.clone(),
                figures: u.figures.iter().map(|&(x, y)| (UNIT.value(x), UNIT.value(y))).collect(),
            })
            .collect(),
        readings: scenario.readings,
        backdrop: scenario.backdrop.clone(),
        art: scenario.art.clone(),
    };
    let config = ron::ser::PrettyConfig::new().depth_limit(3).struct_names(true);
    ron::ser::to_string_pretty(&file, config)
        .map(|mut s| {
            s.push('\n');
            s
        })
        .map_err(|e| format!("the scenario cannot be written: {e}"))
}

/// Places `count` bases in formation around `centre`: ranks of up to five, a centimetre apart,
/// the ranks behind facing the enemy's edge (`side` 0 sits at the bottom).
#[must_use]
pub fn formation(rules: &Ruleset, centre: (i64, i64), count: usize, side: u8) -> Vec<(i64, i64)> {
    let step = rules.base_um() + cm(1.0);
    let per_rank = 5usize;
    let ranks = count.div_ceil(per_rank).max(1);
    let back = if side == 0 { 1 } else { -1 };
    (0..count)
        .map(|i| {
            let (rank, file) = (i / per_rank, i % per_rank);
            let in_rank = (count - rank * per_rank).min(per_rank);
            let x = centre.0 + (2 * file as i64 - (in_rank as i64 - 1)) * step / 2;
            let y = centre.1 + back * (2 * rank as i64 - (ranks as i64 - 1)) * step / 2;
            (x, y)
        })
        .collect()
}

/// The deployment zone a side sets up in: its own zone in the scenario, or the reading's strip
/// along its edge.
#[must_use]
pub fn deployment_zone(scenario: &ModernScenario, side: u8) -> Option<Zone> {
    use super::super::rules::Deployment;
    let (w, d) = (scenario.table.width, scenario.table.depth);
    match scenario.readings.ask(|r| r.deployment()) {
        Deployment::ScenarioZones => {
            scenario.table.zones.iter().find(|z| z.owner == Some(side) && z.purpose == ZonePurpose::Deployment).cloned()
        }
        Deployment::Edge15Cm => {
            let band = cm(15.0).min(d / 2);
            let (a, b) = if side == 0 { ((0, d - band), (w, d)) } else { ((0, 0), (w, band)) };
            Some(Zone::rectangle(format!("Side {} deployment", side + 1), Some(side), ZonePurpose::Deployment, a, b))
        }
    }
}

/// The text's forces set up in formation across each side's deployment zone.
#[must_use]
pub fn text_forces(rules: &Ruleset, table: &Table) -> Vec<PlacedUnit> {
    let mut units = Vec::new();
    for side in 0..2u8 {
        let troops: Vec<_> = rules.troops.iter().filter(|t| t.side == side).collect();
        let count: usize = troops.iter().map(|t| usize::from(t.units)).sum();
        let zone = table.zones.iter().find(|z| z.owner == Some(side) && z.purpose == ZonePurpose::Deployment);
        let (y0, y1) = zone.map_or_else(
            || if side == 0 { (table.depth - cm(15.0), table.depth) } else { (0, cm(15.0)) },
            |z| {
                let ys = z.points.iter().map(|p| p.1);
                (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0))
            },
        );
        let mut slot = 0usize;
        for troop in &troops {
            for n in 0..troop.units {
                let x = table.width * (2 * slot as i64 + 1) / (2 * count.max(1) as i64);
                let centre = (x, (y0 + y1) / 2);
                units.push(PlacedUnit {
                    name: format!("{} {}", ordinal(usize::from(n) + 1), troop.name),
                    troop: troop.id.clone(),
                    figures: formation(rules, centre, usize::from(troop.figures), side),
                });
                slot += 1;
            }
        }
    }
    units
}

/// "1st", "2nd", "3rd", "4th": a unit's number in its name.
#[must_use]
pub fn ordinal(n: usize) -> String {
    match n {
        1 => "1st".into(),
        2 => "2nd".into(),
        3 => "3rd".into(),
        n => format!("{n}th"),
    }
}

/// A new scenario: an empty table of `width` x `depth` centimetres with a deployment zone 15 cm
/// deep along each long edge and the text's forces in formation, mirrored top to bottom.
#[must_use]
pub fn new_scenario(rules: &Ruleset, width_cm: u32, depth_cm: u32) -> ModernScenario {
    let (w, d) = (cm(f64::from(width_cm)), cm(f64::from(depth_cm)));
    let band = cm(15.0).min(d / 4);
    let mut table = Table::empty(w, d);
    let name = |side: usize| format!("{} deployment", rules.sides[side]);
    table.zones.push(Zone::rectangle(name(0), Some(0), ZonePurpose::Deployment, (0, d - band), (w, d)));
    table.zones.push(Zone::rectangle(name(1), Some(1), ZonePurpose::Deployment, (0, 0), (w, band)));
    let units = text_forces(rules, &table);
    ModernScenario {
        name: "New skirmish".into(),
        description: String::new(),
        symmetry: Some(TableSymmetry::MirrorTopBottom),
        table,
        units,
        readings: Readings::default(),
        backdrop: None,
        art: crate::art::ArtBook::default(),
    }
}
