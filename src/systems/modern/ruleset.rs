//! Modern Skirmish's data: the fire chart, the morale deductions, the movement allowances, the
//! close-combat table, the fixed forces and the terrain kinds, read from
//! `data/modern-skirmish.ron` and checked, every problem with its place. No number of the game
//! is written in code; lengths are kept in micrometres once read.

use crate::ruleset::{RulesetError, RulesetProblem};
use crate::table::LengthUnit;
use serde::{Deserialize, Serialize};

/// The built-in data file's text.
pub const BUILTIN: &str = include_str!("data/modern-skirmish.ron");

/// What a shot needs: the dice differential that hits, then the coloured die that kills.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shot {
    /// The differential that hits, both ends included.
    pub hit: (u8, u8),
    /// The coloured die that kills after a hit, both ends included.
    pub kill: (u8, u8),
}

/// One row of the fire chart for a firer: the range it reaches and the shots at it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Band {
    /// The row's range in centimetres (30, 50, 60).
    pub up_to: f64,
    /// Against a target in the open.
    pub open: Shot,
    /// Against a target in cover.
    pub cover: Shot,
}

/// A troop type of the fixed forces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Troop {
    /// Its id in scenario files.
    pub id: String,
    /// Its name for people, plural (the text's "Legionaries").
    pub name: String,
    /// One figure's name ("Legionary").
    pub figure: String,
    /// The side that fields it, from 0.
    pub side: u8,
    /// Figures per unit.
    pub figures: u8,
    /// Units of it in the force.
    pub units: u8,
    /// The fire chart's rows for it as a firer, nearest first.
    pub bands: Vec<Band>,
}

/// Who close combat eliminates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Eliminated {
    /// The attacker (AE).
    Attacker,
    /// Both (BE).
    Both,
    /// The defender (DE).
    Defender,
}

/// A terrain kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainKind {
    /// Its id in scenario files.
    pub id: String,
    /// Its name for people.
    pub name: String,
    /// Its colour on the map and in print.
    pub colour: (u8, u8, u8),
    /// Whether it hides what is behind it.
    pub blocks_sight: bool,
    /// Whether a figure inside it is in cover.
    pub cover_inside: bool,
    /// Whether the text's building movement (in, out, within) applies.
    pub is_building: bool,
    /// A new piece's size in centimetres (across, along).
    pub default_size: (f64, f64),
    /// How tall it stands, in centimetres.
    pub height: f64,
}

/// Modern Skirmish's data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    /// Its name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// The sides' names.
    pub sides: [String; 2],
    /// The side with the first initiative, from 0.
    pub first_side: u8,
    /// A figure's round base, in centimetres.
    pub base_diameter: f64,
    /// The troop types.
    pub troops: Vec<Troop>,
    /// (fewest minuses, most minuses, deduction) for the activation die.
    pub deductions: Vec<(u32, u32, u8)>,
    /// The final result that passes the activation test.
    pub pass_at: i32,
    /// Minuses at which a unit routs.
    pub rout_at: u32,
    /// Minuses per casualty.
    pub minus_per_casualty: u32,
    /// Minuses per friendly unit routed.
    pub minus_per_routed_friend: u32,
    /// Minuses per ammo marker.
    pub minus_per_ammo_marker: u32,
    /// Move beginning and ending outside buildings (cm).
    pub move_outside: f64,
    /// Move into or out of a building (cm).
    pub move_in_or_out: f64,
    /// Move within a building (cm).
    pub move_within: f64,
    /// Rows the defender's differential 0-5, columns the attacker's.
    pub close_combat: [[Eliminated; 6]; 6],
    /// Points for each enemy killed.
    pub points_per_kill: u32,
    /// What the side that won the skirmish and holds the field multiplies its score by.
    pub winner_multiplier: u32,
    /// Terrain kinds.
    pub terrain: Vec<TerrainKind>,
    /// How close behind a low wall a target stands for its cover (cm, base edge to wall).
    pub wall_cover: f64,
    /// The most between two figures of a unit, base edge to base edge (cm).
    pub coherency: f64,
}

/// The unit every length of the game is written in.
pub const UNIT: LengthUnit = LengthUnit::Centimetre;

/// Centimetres as micrometres.
#[must_use]
pub fn cm(value: f64) -> i64 {
    UNIT.whole_um(value)
}

impl Ruleset {
    /// The built-in data.
    ///
    /// # Errors
    /// Only if the bundled file is broken (a test reads it).
    pub fn builtin() -> Result<Self, RulesetError> {
        Self::from_ron(BUILTIN)
    }

    /// Reads and checks data written in RON.
    ///
    /// # Errors
    /// A syntax error with its place, or every content problem.
    pub fn from_ron(text: &str) -> Result<Self, RulesetError> {
        let rules: Ruleset = crate::files::ron_options().from_str(text).map_err(|e| RulesetError::syntax(&e))?;
        let problems = rules.problems();
        if problems.is_empty() { Ok(rules) } else { Err(RulesetError { syntax: false, problems }) }
    }

    fn problems(&self) -> Vec<RulesetProblem> {
        let mut out = Vec::new();
        let mut say = |place: String, message: String| out.push(RulesetProblem { place, message });
        let length = |v: f64| v.is_finite() && v > 0.0 && v <= 1_000.0;
        if self.first_side > 1 {
            say("first_side".into(), "a side is 0 or 1".into());
        }
        // Each length within what a table of figures can be: a base is a figure's footprint, a
        // move crosses part of a table, cover and coherency are a few base widths.
        for (name, value, (low, high)) in [
            ("base_diameter", self.base_diameter, (0.5, 10.0)),
            ("move_outside", self.move_outside, (1.0, 100.0)),
            ("move_in_or_out", self.move_in_or_out, (1.0, 100.0)),
            ("move_within", self.move_within, (1.0, 100.0)),
            ("wall_cover", self.wall_cover, (0.0, 20.0)),
            ("coherency", self.coherency, (0.0, 50.0)),
        ] {
            if !(value.is_finite() && (low..=high).contains(&value)) {
                say(name.into(), format!("{value} cm is outside {low} to {high} cm"));
            }
        }
        if self.troops.is_empty() {
            say("troops".into(), "the forces need at least one troop type".into());
        }
        let mut seen = std::collections::BTreeSet::new();
        for (i, troop) in self.troops.iter().enumerate() {
            let place = format!("troops[{i}] ({})", troop.id);
            if !seen.insert(troop.id.clone()) {
                say(place.clone(), "the id is used twice".into());
            }
            if troop.side > 1 {
                say(place.clone(), format!("side {} does not exist (0 or 1)", troop.side));
            }
            if !(1..=40).contains(&troop.figures) || !(1..=10).contains(&troop.units) {
                say(place.clone(), "1 to 40 figures a unit and 1 to 10 units".into());
            }
            if troop.bands.is_empty() {
                say(place.clone(), "a troop needs at least one row of the fire chart".into());
            }
            let mut last = 0.0;
            for (b, band) in troop.bands.iter().enumerate() {
                if !length(band.up_to) || band.up_to <= last {
                    say(format!("{place}.bands[{b}]"), "each row must reach beyond the one before".into());
                }
                last = band.up_to;
                for shot in [band.open, band.cover] {
                    if shot.hit.0 > shot.hit.1 || shot.hit.1 > 5 {
                        say(format!("{place}.bands[{b}]"), format!("a differential of {:?} is not 0-5", shot.hit));
                    }
                    if shot.kill.0 > shot.kill.1 || shot.kill.0 < 1 || shot.kill.1 > 6 {
                        say(format!("{place}.bands[{b}]"), format!("a coloured die of {:?} is not 1-6", shot.kill));
                    }
                }
            }
        }
        for side in 0..2u8 {
            if !self.troops.iter().any(|t| t.side == side) {
                say("troops".into(), format!("{} fields no troops", self.sides[usize::from(side)]));
            }
        }
        for (i, (low, high, by)) in self.deductions.iter().enumerate() {
            if low > high || *by > 6 {
                say(format!("deductions[{i}]"), "minuses from low to high, a deduction of at most 6".into());
            }
        }
        if self.rout_at == 0 {
            say("rout_at".into(), "a unit must be able to stand with no minuses".into());
        }
        for (name, value, high) in [
            ("rout_at", self.rout_at, 100),
            ("minus_per_casualty", self.minus_per_casualty, 20),
            ("minus_per_routed_friend", self.minus_per_routed_friend, 20),
            ("minus_per_ammo_marker", self.minus_per_ammo_marker, 20),
            ("points_per_kill", self.points_per_kill, 1000),
        ] {
            if value > high {
                say(name.into(), format!("{value} is more than {high}"));
            }
        }
        if !(-6..=12).contains(&self.pass_at) {
            say("pass_at".into(), format!("{} is outside -6 to 12 (a die of 1 to 6 less its deduction)", self.pass_at));
        }
        if self.winner_multiplier == 0 || self.winner_multiplier > 100 {
            say("winner_multiplier".into(), "between 1 and 100".into());
        }
        let mut kinds = std::collections::BTreeSet::new();
        for (i, kind) in self.terrain.iter().enumerate() {
            let place = format!("terrain[{i}] ({})", kind.id);
            if !kinds.insert(kind.id.clone()) {
                say(place.clone(), "the id is used twice".into());
            }
            if !length(kind.default_size.0) || !length(kind.default_size.1) || !length(kind.height) {
                say(place, "sizes are lengths between 0 and 1000 cm".into());
            }
        }
        out
    }

    /// A troop type by id.
    #[must_use]
    pub fn troop(&self, id: &str) -> Option<&Troop> {
        self.troops.iter().find(|t| t.id == id)
    }

    /// A troop type's index by id.
    #[must_use]
    pub fn troop_index(&self, id: &str) -> Option<usize> {
        self.troops.iter().position(|t| t.id == id)
    }

    /// A terrain kind by id.
    #[must_use]
    pub fn kind(&self, id: &str) -> Option<&TerrainKind> {
        self.terrain.iter().find(|k| k.id == id)
    }

    /// A table's piece as people name it, "Wood 2" (`W2` on the printed map).
    #[must_use]
    pub fn piece_name(&self, pieces: &[crate::table::Piece], index: usize) -> String {
        crate::table::Piece::name_in(pieces, index, |id| self.kind(id).map(|k| k.name.as_str()))
    }

    /// The base's diameter in micrometres.
    #[must_use]
    pub fn base_um(&self) -> i64 {
        cm(self.base_diameter)
    }

    /// What the activation die loses with `minuses`.
    #[must_use]
    pub fn deduction(&self, minuses: u32) -> u8 {
        self.deductions.iter().find(|(low, high, _)| (*low..=*high).contains(&minuses)).map_or(0, |d| d.2)
    }

    /// The side's name.
    #[must_use]
    pub fn side_name(&self, side: u8) -> &str {
        self.sides.get(usize::from(side)).map_or("a side", String::as_str)
    }
}

impl crate::game::GameRuleset for Ruleset {
    /// Its terrain piece kinds, then its troop types (an image inside each base).
    fn art_kinds(&self) -> Vec<crate::art::ArtKind> {
        let pieces = self.terrain.iter().map(|k| crate::art::ArtKind::new("Piece", &k.id, &k.name));
        pieces.chain(self.troops.iter().map(|u| crate::art::ArtKind::new("Troop", &u.id, &u.name))).collect()
    }

    fn read(text: &str) -> Result<Self, crate::ruleset::RulesetError> {
        Self::from_ron(text)
    }

    /// The planner's levels on a generated block nobody tuned on (the closing note of the
    /// framework turn planner, 2026-12-06).
    fn level_strength(&self) -> Option<crate::game::planner::Strength> {
        Some(crate::game::planner::Strength {
            pool: "20 generated scenarios, seeds 12321 to 12340, 10 games a pairing in each seating",
            normal_over_easy: (266, 393),
            hard_over_normal: (252, 393),
        })
    }

    /// Its counts and its table, for `skirmish-studio ruleset`.
    fn contents(&self) -> String {
        use std::fmt::Write as _;
        let mut text = String::new();
        let _ = writeln!(text, "  measured in centimetres; round bases of {} cm", self.base_diameter);
        for t in &self.troops {
            let _ = writeln!(
                text,
                "  {:<14} {}: {} unit(s) of {} figures",
                t.name,
                self.side_name(t.side),
                t.units,
                t.figures
            );
        }
        text
    }

    fn readings(&self) -> &'static [crate::ruleset::Reading] {
        &super::rules::READINGS
    }
}
