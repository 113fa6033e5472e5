//! Reading a ruleset: the `*File` types mirror the RON text a person writes (names as
//! strings), and the checker resolves every name to an id and checks every number, reporting
//! each problem with its place, before the engine may use the ruleset.

use super::effects::largest_possible_damage;
use super::ids::{ColumnId, MoveTypeId, UnitKindId};
use super::ruleset::*;
use crate::ruleset::{RulesetError, RulesetProblem};
use serde::Deserialize;
use std::collections::BTreeMap;

impl Ruleset {
    /// The house ruleset shipped inside the binary.
    ///
    /// # Errors
    /// Only if the embedded file were broken, which a test rules out.
    pub fn builtin() -> Result<Self, RulesetError> {
        Self::from_ron(BUILTIN_SWAT_RON)
    }

    /// Reads and checks a ruleset written in RON, reporting every problem with its place.
    ///
    /// # Errors
    /// A syntax error (with line and column) or the list of every inconsistency found.
    pub fn from_ron(text: &str) -> Result<Self, RulesetError> {
        let file: RulesetFile = ron::from_str(text).map_err(|error| RulesetError::syntax(&error))?;
        Checker::default().check(file)
    }
}

/// How the rules text names the file's numbers before they are checked.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "Ruleset")]
struct RulesetFile {
    id: String,
    name: String,
    version: u32,
    move_types: Vec<String>,
    chart_columns: Vec<String>,
    units: Vec<UnitFile>,
    terrains: Vec<TerrainFile>,
    chart: Vec<ChartRowFile>,
    economy: EconomyFile,
    cos: Vec<CoFile>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitFile {
    id: String,
    name: String,
    symbol: String,
    cost: i64,
    move_type: String,
    movement: i64,
    range: (i64, i64),
    defense: i64,
    #[serde(default)]
    captures: bool,
    firepower: Option<FirepowerFile>,
    #[serde(default)]
    transport: Option<TransportFile>,
    #[serde(default)]
    counters: Option<i64>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct FirepowerFile {
    full: BTreeMap<String, i64>,
    reduced: BTreeMap<String, i64>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct TransportFile {
    capacity: i64,
    carries: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct TerrainFile {
    id: String,
    name: String,
    glyph: String,
    costs: BTreeMap<String, i64>,
    column: Option<String>,
    #[serde(default)]
    property: Option<PropertyKind>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChartRowFile {
    damage: i64,
    cells: BTreeMap<String, (i64, Option<i64>)>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct EconomyFile {
    income: BTreeMap<PropertyKind, i64>,
    capture_points: BTreeMap<PropertyKind, i64>,
    capture_rate_full: i64,
    capture_rate_reduced: i64,
    repair: i64,
    max_hp: i64,
    reduced_below: i64,
    starting_funds: i64,
    #[serde(default)]
    contested_is_friendly: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct CoFile {
    id: String,
    name: String,
    description: String,
    #[serde(default)]
    passive: Vec<Effect<UnitFilter<String, String>>>,
    power: PowerFile,
    super_power: PowerFile,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct PowerFile {
    name: String,
    stars: i64,
    effects: Vec<Effect<UnitFilter<String, String>>>,
}

/// Gathers every problem while converting the file form into the checked form.
#[derive(Default)]
struct Checker {
    problems: Vec<RulesetProblem>,
}

impl Checker {
    fn problem(&mut self, place: impl Into<String>, message: impl Into<String>) {
        self.problems.push(RulesetProblem { place: place.into(), message: message.into() });
    }

    fn number<T: TryFrom<i64> + Default>(&mut self, place: &str, value: i64, min: i64, max: i64) -> T {
        if value < min || value > max {
            let message = if value < 0 && min >= 0 {
                format!("must not be negative, found {value}")
            } else {
                format!("must be between {min} and {max}, found {value}")
            };
            self.problem(place, message);
            return T::default();
        }
        T::try_from(value).unwrap_or_default()
    }

    fn names(&mut self, place: &str, names: &[String]) -> Vec<String> {
        if names.is_empty() {
            self.problem(place, "must list at least one name");
        }
        if names.len() > 255 {
            self.problem(place, "may list at most 255 names");
        }
        for (index, name) in names.iter().enumerate() {
            if names[..index].contains(name) {
                self.problem(format!("{place}[{index}]"), format!("'{name}' is listed twice"));
            }
        }
        names.to_vec()
    }

    fn lookup(&mut self, place: &str, what: &str, names: &[String], name: &str) -> u8 {
        match position_id(names.iter(), name) {
            Some(id) => id,
            None => {
                self.problem(place, format!("unknown {what} '{name}' (known: {})", names.join(", ")));
                0
            }
        }
    }

    fn per_move_type(
        &mut self,
        place: &str,
        move_types: &[String],
        values: &BTreeMap<String, i64>,
        min: i64,
        max: i64,
        required: bool,
    ) -> Vec<Option<i64>> {
        let mut out = vec![None; move_types.len()];
        for (name, &value) in values {
            let id = self.lookup(&format!("{place}.{name}"), "move type", move_types, name);
            if value < min || value > max {
                self.problem(format!("{place}.{name}"), format!("must be between {min} and {max}, found {value}"));
            }
            if let Some(slot) = out.get_mut(usize::from(id)) {
                *slot = Some(value);
            }
        }
        if required {
            for (index, name) in move_types.iter().enumerate() {
                if out[index].is_none() {
                    self.problem(place, format!("has no value for move type '{name}'"));
                }
            }
        }
        out
    }

    fn check(mut self, file: RulesetFile) -> Result<Ruleset, RulesetError> {
        let move_types = self.names("move_types", &file.move_types);
        let chart_columns = self.names("chart_columns", &file.chart_columns);
        let unit_names: Vec<String> = file.units.iter().map(|u| u.id.clone()).collect();
        self.names("units", &unit_names);
        let terrain_names: Vec<String> = file.terrains.iter().map(|t| t.id.clone()).collect();
        self.names("terrains", &terrain_names);
        let co_names: Vec<String> = file.cos.iter().map(|c| c.id.clone()).collect();
        if !co_names.is_empty() {
            self.names("cos", &co_names);
        }

        let units = file
            .units
            .iter()
            .enumerate()
            .map(|(index, unit)| self.unit(&format!("units[{index}] ({})", unit.id), unit, &move_types))
            .collect();

        let mut glyphs: Vec<char> = Vec::new();
        let terrains = file
            .terrains
            .iter()
            .enumerate()
            .map(|(index, terrain)| {
                let place = format!("terrains[{index}] ({})", terrain.id);
                let mut chars = terrain.glyph.chars();
                let glyph = match (chars.next(), chars.next()) {
                    (Some(c), None) if !c.is_whitespace() && c != '"' => c,
                    _ => {
                        self.problem(format!("{place}.glyph"), "must be one visible character");
                        '?'
                    }
                };
                if glyphs.contains(&glyph) {
                    self.problem(format!("{place}.glyph"), format!("'{glyph}' is used twice"));
                }
                glyphs.push(glyph);
                let costs = self
                    .per_move_type(&format!("{place}.costs"), &move_types, &terrain.costs, 1, 99, false)
                    .into_iter()
                    .map(|cost| cost.and_then(|c| u8::try_from(c).ok()))
                    .collect();
                let column = terrain.column.as_ref().map(|name| {
                    ColumnId(self.lookup(&format!("{place}.column"), "chart column", &chart_columns, name))
                });
                if terrain.property.is_some() && column.is_none() {
                    self.problem(place.clone(), "a property needs a chart column");
                }
                Terrain {
                    id: terrain.id.clone(),
                    name: terrain.name.clone(),
                    glyph,
                    costs,
                    column,
                    property: terrain.property,
                }
            })
            .collect();

        let chart = self.chart(&file.chart, &chart_columns);
        let economy = self.economy(&file.economy);
        let cos = file
            .cos
            .iter()
            .enumerate()
            .map(|(index, co)| self.co(&format!("cos[{index}] ({})", co.id), co, &unit_names, &move_types))
            .collect();

        if !self.problems.is_empty() {
            return Err(RulesetError { syntax: false, problems: self.problems });
        }
        let ruleset = Ruleset {
            id: file.id,
            name: file.name,
            version: file.version,
            move_types,
            chart_columns,
            units,
            terrains,
            chart,
            economy,
            cos,
        };
        // The last row serves every larger damage; that is only right when the chart has
        // reached every damage the cards can produce, or when that row kills whatever it hits.
        let largest = largest_possible_damage(&ruleset);
        let last = ruleset.chart.len().saturating_sub(1);
        let saturated = ruleset.chart.last().is_some_and(|row| row.iter().all(|c| c.hits >= ruleset.economy.max_hp));
        if i32::try_from(last).unwrap_or(i32::MAX) < largest && !saturated {
            self.problem(
                "chart",
                format!(
                    "ends at damage {last}, but the units and COs can deal up to {largest}; add rows up to {largest} \
                     (or end with a row where every cell deals {} hits)",
                    ruleset.economy.max_hp
                ),
            );
            return Err(RulesetError { syntax: false, problems: self.problems });
        }
        Ok(ruleset)
    }

    fn unit(&mut self, place: &str, unit: &UnitFile, move_types: &[String]) -> UnitKind {
        let move_type =
            MoveTypeId(self.lookup(&format!("{place}.move_type"), "move type", move_types, &unit.move_type));
        let range_min: u8 = self.number(&format!("{place}.range"), unit.range.0, 1, 20);
        let range_max: u8 = self.number(&format!("{place}.range"), unit.range.1, 1, 20);
        if range_min > range_max {
            self.problem(format!("{place}.range"), "the nearest range exceeds the farthest");
        }
        let firepower = unit.firepower.as_ref().map(|fp| {
            let mut column = |which: &str, values: &BTreeMap<String, i64>| -> Vec<i32> {
                self.per_move_type(&format!("{place}.firepower.{which}"), move_types, values, 0, 99, true)
                    .into_iter()
                    .map(|v| v.and_then(|v| i32::try_from(v).ok()).unwrap_or(0))
                    .collect()
            };
            Firepower { full: column("full", &fp.full), reduced: column("reduced", &fp.reduced) }
        });
        let transport = unit.transport.as_ref().map(|t| Transport {
            capacity: self.number(&format!("{place}.transport.capacity"), t.capacity, 1, 8),
            carries: t
                .carries
                .iter()
                .map(|name| {
                    MoveTypeId(self.lookup(&format!("{place}.transport.carries"), "move type", move_types, name))
                })
                .collect(),
        });
        UnitKind {
            id: unit.id.clone(),
            name: unit.name.clone(),
            symbol: unit.symbol.clone(),
            cost: self.number(&format!("{place}.cost"), unit.cost, 0, 10_000),
            move_type,
            movement: self.number(&format!("{place}.movement"), unit.movement, 0, 30),
            range: (range_min, range_max),
            defense: self.number(&format!("{place}.defense"), unit.defense, 0, 99),
            firepower,
            captures: unit.captures,
            transport,
            counters: unit.counters.map(|n| self.number(&format!("{place}.counters"), n, 0, i64::from(MAX_COUNTERS))),
        }
    }

    fn chart(&mut self, rows: &[ChartRowFile], columns: &[String]) -> Vec<Vec<ChartCell>> {
        if rows.is_empty() {
            self.problem("chart", "must have at least the row for damage 0");
        }
        let mut chart = Vec::with_capacity(rows.len());
        for (index, row) in rows.iter().enumerate() {
            let place = format!("chart[{index}]");
            if row.damage != i64::try_from(index).unwrap_or(-1) {
                self.problem(
                    format!("{place}.damage"),
                    format!("rows must run 0, 1, 2, ... without gaps: expected {index}, found {}", row.damage),
                );
            }
            let mut cells = vec![ChartCell { hits: 0, die: None }; columns.len()];
            for (name, &(hits, die)) in &row.cells {
                let column = self.lookup(&format!("{place}.cells.{name}"), "chart column", columns, name);
                let hits = self.number(&format!("{place}.cells.{name}"), hits, 0, 99);
                let die = die.map(|d| self.number(&format!("{place}.cells.{name} die"), d, 1, 6));
                if let Some(cell) = cells.get_mut(usize::from(column)) {
                    *cell = ChartCell { hits, die };
                }
            }
            for name in columns {
                if !row.cells.contains_key(name) {
                    self.problem(place.clone(), format!("missing the '{name}' column"));
                }
            }
            chart.push(cells);
        }
        chart
    }

    fn economy(&mut self, economy: &EconomyFile) -> Economy {
        let mut per_kind = |what: &str, map: &BTreeMap<PropertyKind, i64>| -> BTreeMap<PropertyKind, u32> {
            PropertyKind::ALL
                .iter()
                .map(|&kind| {
                    let place = format!("economy.{what}.{kind:?}");
                    let value = match map.get(&kind) {
                        Some(&v) => self.number(&place, v, 0, 10_000),
                        None => {
                            self.problem(place, "is missing");
                            0
                        }
                    };
                    (kind, value)
                })
                .collect()
        };
        let income = per_kind("income", &economy.income);
        let capture_points = per_kind("capture_points", &economy.capture_points);
        for (kind, points) in &capture_points {
            if *points == 0 {
                self.problem(format!("economy.capture_points.{kind:?}"), "must be at least 1");
            }
        }
        let max_hp: u8 = self.number("economy.max_hp", economy.max_hp, 1, 99);
        let reduced_below: u8 = self.number("economy.reduced_below", economy.reduced_below, 0, 99);
        if reduced_below > max_hp {
            self.problem("economy.reduced_below", "exceeds max_hp");
        }
        Economy {
            income,
            capture_points,
            capture_rate_full: self.number("economy.capture_rate_full", economy.capture_rate_full, 1, 99),
            capture_rate_reduced: self.number("economy.capture_rate_reduced", economy.capture_rate_reduced, 1, 99),
            repair: self.number("economy.repair", economy.repair, 0, 99),
            max_hp,
            reduced_below,
            starting_funds: self.number("economy.starting_funds", economy.starting_funds, 0, 1_000_000),
            contested_is_friendly: economy.contested_is_friendly,
        }
    }

    fn co(&mut self, place: &str, co: &CoFile, units: &[String], move_types: &[String]) -> Co {
        let passive = self.effects(&format!("{place}.passive"), &co.passive, units, move_types);
        for (index, effect) in co.passive.iter().enumerate() {
            if effect.is_instant() {
                self.problem(
                    format!("{place}.passive[{index}]"),
                    "an instant effect (Repair, DamageEnemies) belongs to a Power, not the passive",
                );
            }
        }
        if co.id == RANDOM_CO {
            self.problem(
                format!("{place}.id"),
                format!("'{RANDOM_CO}' is reserved: a scenario writes it for a CO dealt at random"),
            );
        }
        let power = self.power(&format!("{place}.power"), &co.power, units, move_types);
        let super_power = self.power(&format!("{place}.super_power"), &co.super_power, units, move_types);
        if power.stars >= super_power.stars {
            self.problem(
                place,
                "the Power needs fewer stars than the Super Power (small stars come first on the track)",
            );
        }
        Co {
            id: co.id.clone(),
            name: co.name.clone(),
            description: co.description.clone(),
            passive,
            power,
            super_power,
        }
    }

    fn power(&mut self, place: &str, power: &PowerFile, units: &[String], move_types: &[String]) -> Power {
        Power {
            name: power.name.clone(),
            stars: self.number(&format!("{place}.stars"), power.stars, 1, 20),
            effects: self.effects(&format!("{place}.effects"), &power.effects, units, move_types),
        }
    }

    fn effects(
        &mut self,
        place: &str,
        effects: &[Effect<UnitFilter<String, String>>],
        units: &[String],
        move_types: &[String],
    ) -> Vec<Effect> {
        effects
            .iter()
            .enumerate()
            .map(|(index, effect)| {
                let place = format!("{place}[{index}]");
                let mut filter = |filter: &UnitFilter<String, String>| -> UnitFilter {
                    match filter {
                        UnitFilter::All => UnitFilter::All,
                        UnitFilter::Direct => UnitFilter::Direct,
                        UnitFilter::Indirect => UnitFilter::Indirect,
                        UnitFilter::MoveType(name) => {
                            UnitFilter::MoveType(MoveTypeId(self.lookup(&place, "move type", move_types, name)))
                        }
                        UnitFilter::Kinds(names) => UnitFilter::Kinds(
                            names.iter().map(|name| UnitKindId(self.lookup(&place, "unit", units, name))).collect(),
                        ),
                    }
                };
                match effect {
                    Effect::Firepower { units, amount } => Effect::Firepower { units: filter(units), amount: *amount },
                    Effect::Defense { units, amount } => Effect::Defense { units: filter(units), amount: *amount },
                    Effect::Movement { units, amount } => Effect::Movement { units: filter(units), amount: *amount },
                    Effect::BuildCost { units, amount } => Effect::BuildCost { units: filter(units), amount: *amount },
                    Effect::Range { amount } => Effect::Range { amount: *amount },
                    Effect::Repair { hp } => Effect::Repair { hp: *hp },
                    Effect::DamageEnemies { hits } => Effect::DamageEnemies { hits: *hits },
                    Effect::IncomePerCity { amount } => Effect::IncomePerCity { amount: *amount },
                    Effect::CaptureBonus { amount } => Effect::CaptureBonus { amount: *amount },
                    Effect::RerollFailedHitDice => Effect::RerollFailedHitDice,
                }
            })
            .collect()
    }
}
