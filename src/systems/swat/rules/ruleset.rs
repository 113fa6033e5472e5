//! The ruleset as data: unit cards, terrain, the Terrain Defense Modifier chart, COs and the
//! economy, read from a RON file and checked whole before the engine may use it.
//!
//! Two layers: the `*File` types of `load.rs` mirror the text a person writes (names as
//! strings), and [`Ruleset`] here is the checked, indexed form the engine reads (names
//! resolved to ids), so a typo is reported once at load time instead of surfacing as a wrong
//! number in play.

use super::ids::{CoId, ColumnId, MoveTypeId, TerrainId, UnitKindId};
pub use crate::ruleset::{RulesetError, RulesetProblem};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The house ruleset that ships inside the binary.
pub const BUILTIN_SWAT_RON: &str = include_str!("../data/swat.ron");

/// What a property square is; the rules give each kind its own income and capture points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PropertyKind {
    /// Pays income; repairs own units.
    City,
    /// Builds units; repairs own units; pays nothing.
    Factory,
    /// Pays income; repairs own units; capturing it wins a Conquest game.
    Hq,
}

impl PropertyKind {
    /// Every kind, in a fixed order.
    pub const ALL: [PropertyKind; 3] = [PropertyKind::City, PropertyKind::Factory, PropertyKind::Hq];

    /// The word a player uses.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            PropertyKind::City => "city",
            PropertyKind::Factory => "factory",
            PropertyKind::Hq => "HQ",
        }
    }
}

/// Which units an effect applies to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnitFilter<K = UnitKindId, M = MoveTypeId> {
    /// Every unit.
    All,
    /// Units with a range of exactly one square.
    Direct,
    /// Units that fire at range two or more.
    Indirect,
    /// Units of one move type.
    MoveType(M),
    /// The listed unit kinds.
    Kinds(Vec<K>),
}

/// One entry of the typed CO effect vocabulary.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect<F = UnitFilter> {
    /// Adds to the firepower of the filtered own units.
    Firepower {
        /// Which own units.
        units: F,
        /// Added firepower (may be negative).
        amount: i32,
    },
    /// Adds to the defense of the filtered own units.
    Defense {
        /// Which own units.
        units: F,
        /// Added defense (may be negative).
        amount: i32,
    },
    /// Adds movement points to the filtered own units.
    Movement {
        /// Which own units.
        units: F,
        /// Added movement points (may be negative; never below zero in total).
        amount: i32,
    },
    /// Adds to the maximum range of own indirect units.
    Range {
        /// Added squares of range.
        amount: i32,
    },
    /// Instant: every own unit on the board gains HP, up to the maximum.
    Repair {
        /// HP gained.
        hp: u8,
    },
    /// Instant: every enemy unit on the board loses HP, never below 1.
    DamageEnemies {
        /// HP lost.
        hits: u8,
    },
    /// Extra income for every owned city at the start of the turn.
    IncomePerCity {
        /// Dollars per city.
        amount: i32,
    },
    /// Extra capture points per capture declared.
    CaptureBonus {
        /// Points added.
        amount: i32,
    },
    /// Changes the cost of the filtered unit kinds (never below $1).
    BuildCost {
        /// Which unit kinds.
        units: F,
        /// Dollars added (negative makes them cheaper).
        amount: i32,
    },
    /// A hit die that fails is rolled once more.
    RerollFailedHitDice,
}

impl<F> Effect<F> {
    /// Whether the effect happens once when the power is used rather than lasting.
    #[must_use]
    pub fn is_instant(&self) -> bool {
        matches!(self, Effect::Repair { .. } | Effect::DamageEnemies { .. })
    }
}

/// A unit card.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UnitKind {
    /// Stable name used in files (`tank`).
    pub id: String,
    /// The name a player reads (`Tank`).
    pub name: String,
    /// A short symbol for counters and compact displays (`TNK`).
    pub symbol: String,
    /// Purchase price in dollars.
    pub cost: u32,
    /// Its move type, which also decides which firepower column attackers use against it.
    pub move_type: MoveTypeId,
    /// Movement points per activation.
    pub movement: u8,
    /// Nearest and farthest square it can fire at.
    pub range: (u8, u8),
    /// Defense rating subtracted from an attacker's firepower.
    pub defense: i32,
    /// Firepower per target move type, at full and at reduced strength; `None` for no weapon.
    pub firepower: Option<Firepower>,
    /// Whether it can capture properties.
    pub captures: bool,
    /// What it can carry, if it is a transport.
    pub transport: Option<Transport>,
    /// How many counters of this kind each army has (the print-and-play sheet's pool), unless
    /// a scenario says otherwise; `None` for no limit. A unit can be bought only while its
    /// army has a counter of its kind off the board and not lost as an enemy's medal.
    pub counters: Option<u32>,
}

impl UnitKind {
    /// An indirect unit fires at range two or more and may move or fire, not both.
    #[must_use]
    pub fn is_indirect(&self) -> bool {
        self.range.1 > 1
    }
}

/// Firepower against each move type, indexed by [`MoveTypeId`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Firepower {
    /// At full strength.
    pub full: Vec<i32>,
    /// When reduced.
    pub reduced: Vec<i32>,
}

/// What a transport carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Transport {
    /// How many passengers at once.
    pub capacity: u8,
    /// Move types of units it can carry.
    pub carries: Vec<MoveTypeId>,
}

/// A terrain kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Terrain {
    /// Stable name used in files (`forest`).
    pub id: String,
    /// The name a player reads.
    pub name: String,
    /// One character that stands for it in text boards.
    pub glyph: char,
    /// Movement cost per move type; `None` where that move type cannot enter.
    pub costs: Vec<Option<u8>>,
    /// Its column of the Terrain Defense Modifier chart; `None` where no unit can stand.
    pub column: Option<ColumnId>,
    /// The property it is, if any.
    pub property: Option<PropertyKind>,
}

/// One cell of the Terrain Defense Modifier chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChartCell {
    /// Hits dealt for certain.
    pub hits: u8,
    /// One more hit when a d6 rolls at or under this number.
    pub die: Option<u8>,
}

/// The economy constants of the rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Economy {
    /// Income per owned property at the start of the owner's turn, by kind.
    pub income: BTreeMap<PropertyKind, u32>,
    /// Capture points a property holds, by kind.
    pub capture_points: BTreeMap<PropertyKind, u32>,
    /// Points a full-strength unit captures per declaration.
    pub capture_rate_full: u32,
    /// Points a reduced unit captures per declaration.
    pub capture_rate_reduced: u32,
    /// HP regained per turn on an own property.
    pub repair: u8,
    /// Maximum HP of every unit.
    pub max_hp: u8,
    /// A unit with fewer HP than this is reduced.
    pub reduced_below: u8,
    /// Money each player starts with unless the scenario says otherwise.
    pub starting_funds: u32,
    /// Whether a property an enemy is part-way through capturing still counts as its owner's
    /// for both income (3.1) and repair (3.2). The text says such a property is not friendly.
    pub contested_is_friendly: bool,
}

impl Economy {
    /// Income one property of `kind` pays.
    #[must_use]
    pub fn income_of(&self, kind: PropertyKind) -> u32 {
        self.income.get(&kind).copied().unwrap_or(0)
    }

    /// Capture points one property of `kind` holds.
    #[must_use]
    pub fn capture_points_of(&self, kind: PropertyKind) -> u32 {
        self.capture_points.get(&kind).copied().unwrap_or(0)
    }
}

/// A CO's Power or Super Power.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Power {
    /// Its name on the card.
    pub name: String,
    /// Stars on the charge track needed to use it.
    pub stars: u8,
    /// What it does until the start of its player's next turn (or at once, for instant effects).
    pub effects: Vec<Effect>,
}

/// A commanding officer card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Co {
    /// Stable name used in files.
    pub id: String,
    /// The name a player reads.
    pub name: String,
    /// A line of flavour and summary.
    pub description: String,
    /// Effects in force for the whole game.
    pub passive: Vec<Effect>,
    /// The first level, usable at the last small star.
    pub power: Power,
    /// The second level, usable at the last star.
    pub super_power: Power,
}

/// A checked ruleset, ready for the engine.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ruleset {
    /// Stable name scenarios refer to (`swat`).
    pub id: String,
    /// Human name.
    pub name: String,
    /// Version of this ruleset's numbers.
    pub version: u32,
    /// Move type names, indexed by [`MoveTypeId`].
    pub move_types: Vec<String>,
    /// Chart column names, indexed by [`ColumnId`].
    pub chart_columns: Vec<String>,
    /// Unit cards, indexed by [`UnitKindId`].
    pub units: Vec<UnitKind>,
    /// Terrain kinds, indexed by [`TerrainId`].
    pub terrains: Vec<Terrain>,
    /// Chart rows from initial damage 0 upwards; each row is indexed by [`ColumnId`].
    pub chart: Vec<Vec<ChartCell>>,
    /// The economy constants.
    pub economy: Economy,
    /// Commanding officers, indexed by [`CoId`].
    pub cos: Vec<Co>,
}

impl Ruleset {
    /// The unit kind with this file name.
    #[must_use]
    pub fn unit_id(&self, name: &str) -> Option<UnitKindId> {
        position_id(self.units.iter().map(|u| u.id.as_str()), name).map(UnitKindId)
    }

    /// The terrain with this file name.
    #[must_use]
    pub fn terrain_id(&self, name: &str) -> Option<TerrainId> {
        position_id(self.terrains.iter().map(|t| t.id.as_str()), name).map(TerrainId)
    }

    /// The CO with this file name.
    #[must_use]
    pub fn co_id(&self, name: &str) -> Option<CoId> {
        position_id(self.cos.iter().map(|c| c.id.as_str()), name).map(CoId)
    }

    /// The move type with this name.
    #[must_use]
    pub fn move_type_id(&self, name: &str) -> Option<MoveTypeId> {
        position_id(self.move_types.iter().map(String::as_str), name).map(MoveTypeId)
    }

    /// A unit card.
    #[must_use]
    pub fn unit(&self, id: UnitKindId) -> &UnitKind {
        &self.units[id.index()]
    }

    /// A terrain kind.
    #[must_use]
    pub fn terrain(&self, id: TerrainId) -> &Terrain {
        &self.terrains[id.index()]
    }

    /// A CO card.
    #[must_use]
    pub fn co(&self, id: CoId) -> &Co {
        &self.cos[id.index()]
    }

    /// The terrain that stands for a property kind, if the ruleset has one.
    #[must_use]
    pub fn terrain_of_property(&self, kind: PropertyKind) -> Option<TerrainId> {
        self.terrains.iter().position(|t| t.property == Some(kind)).and_then(|i| u8::try_from(i).ok()).map(TerrainId)
    }

    /// The chart cell for an initial damage on a column; damage at or below zero uses the
    /// first row and damage past the last row uses the last.
    #[must_use]
    pub fn chart_cell(&self, damage: i32, column: ColumnId) -> ChartCell {
        let last = self.chart.len().saturating_sub(1);
        let row = usize::try_from(damage.max(0)).unwrap_or(0).min(last);
        self.chart
            .get(row)
            .and_then(|cells| cells.get(column.index()))
            .copied()
            .unwrap_or(ChartCell { hits: 0, die: None })
    }

    /// Whether a unit of this kind may stand on or pass this terrain.
    #[must_use]
    pub fn move_cost(&self, unit: UnitKindId, terrain: TerrainId) -> Option<u8> {
        let move_type = self.unit(unit).move_type;
        self.terrain(terrain).costs[move_type.index()]
    }
}

/// What a scenario file writes for a seat whose CO is dealt at random when the game starts;
/// no CO may have this id.
pub const RANDOM_CO: &str = "random";

/// The largest counter pool a ruleset or scenario may give one unit kind.
pub const MAX_COUNTERS: u32 = 999;

pub(super) fn position_id(mut names: impl Iterator<Item = impl AsRef<str>>, name: &str) -> Option<u8> {
    names.position(|candidate| candidate.as_ref() == name).and_then(|index| u8::try_from(index).ok())
}
