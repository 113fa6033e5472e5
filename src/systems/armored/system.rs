//! Armored Advance behind the studio's seam: its [`GameDefinition`], from which the registry's
//! `GameSystem` and every headless command follow (`game::opened`); its settings are its limits
//! and its house readings.

use super::game::ArmoredCore;
use super::rules::{self, Action, GameState};
use super::ruleset::Ruleset;
use super::scenario::report::point_text;
use super::scenario::script::{Scripted, parse_script};
use super::scenario::setup::setup_of;
use super::scenario::{ArmoredScenario, Finding, Fix, load_scenario, save_scenario, validate};
use crate::export::{Paper, Sheet};
use crate::files::FileError;
use crate::game::{
    FirstMover, GameDefinition, Level, Opened, Printer, Report, Setting, SettingKind, reading_name, reading_settings,
};
use crate::table::Facing;
use std::sync::Arc;

/// How this game's house readings are named as settings (`--set reading.NAME=VALUE`).
const READING_PREFIX: &str = "reading.";

/// Armored Advance.
#[derive(Debug, Clone, Copy, Default)]
pub struct ArmoredAdvance;

impl GameDefinition for ArmoredAdvance {
    type Ruleset = Ruleset;
    type Scenario = ArmoredScenario;
    type Core = ArmoredCore;
    type Place = (i64, i64);
    type Fix = Fix;
    type Scripted = Scripted;
    const ID: &'static str = super::scenario::SYSTEM_ID;
    const TITLE: &'static str = "Armored Advance";
    const NAME: &'static str = "Armored Advance";
    const BUILTIN: &'static str = super::ruleset::BUILTIN;
    // In play the text's roll-off decides; the lab may fix it to judge the table apart.
    const FIRST_MOVER: FirstMover = FirstMover::RolledOffOrFixed;
    const SHEETS: &'static [Sheet] = &super::print::SHEETS;
    // A game measured in inches: its templates and strips are laid out for Letter.
    const PAPER: Paper = Paper::Letter;
    const PRINT: Printer<Ruleset, Self::Scenario> =
        Printer { pdf: super::print::export_pdf, png: super::print::export_png };
    const PLACES_KEY: &'static str = "at";

    fn load(rules: &Ruleset, text: &str) -> Result<ArmoredScenario, FileError> {
        load_scenario(rules, text)
    }

    fn save(rules: &Ruleset, scenario: &ArmoredScenario) -> Result<String, String> {
        save_scenario(rules, scenario)
    }

    fn name(scenario: &ArmoredScenario) -> &str {
        &scenario.name
    }

    fn core(rules: &Arc<Ruleset>) -> ArmoredCore {
        ArmoredCore(Arc::clone(rules))
    }

    fn setup(rules: &Ruleset, scenario: &ArmoredScenario, first: Option<u8>) -> Result<rules::Setup, String> {
        Ok(setup_of(rules, scenario, first))
    }

    /// The units still on the table where they stand now (riders where their transport stands:
    /// the validator offers to move them clear).
    fn fork(rules: &Ruleset, base: &ArmoredScenario, state: &GameState) -> ArmoredScenario {
        ArmoredScenario { table: super::scenario::setup::table_of(rules, state, true), ..base.clone() }
    }

    fn seat_names(_rules: &Ruleset, scenario: &ArmoredScenario) -> Vec<String> {
        scenario.sides.to_vec()
    }

    fn validate(rules: &Ruleset, scenario: &ArmoredScenario) -> Vec<Finding> {
        validate(rules, scenario)
    }

    fn place_text(rules: &Ruleset, &place: &(i64, i64)) -> String {
        point_text(rules.unit, place)
    }

    fn place_json(rules: &Ruleset, &(x, y): &(i64, i64)) -> serde_json::Value {
        serde_json::json!([rules.unit.value(x), rules.unit.value(y)])
    }

    fn fix_json(rules: &Ruleset, fix: &Fix) -> (String, serde_json::Value) {
        let edits: Vec<_> = fix.edits.iter().map(|e| e.json(rules.unit)).collect();
        (fix.label.clone(), serde_json::json!({ "label": fix.label, "edits": edits }))
    }

    fn stats(rules: &Ruleset, scenario: &ArmoredScenario) -> Report {
        super::scenario::report::stats_report(rules, scenario)
    }

    fn symmetry(rules: &Ruleset, scenario: &ArmoredScenario, kind: Option<&str>) -> Result<Report, String> {
        super::scenario::report::symmetry_text(rules, scenario, kind)
    }

    fn read_script(rules: &Ruleset, text: &str) -> Result<Vec<(usize, Scripted)>, String> {
        parse_script(rules.unit, text)
    }

    fn resolve(data: &Arc<Ruleset>, scripted: &Scripted, state: &GameState) -> Result<Option<Action>, String> {
        Ok(match scripted {
            Scripted::Move { free, unit, to, facing } => {
                let from = state.units.get(*unit).map_or((0, 0), |u| (u.pose.x, u.pose.y));
                let facing = facing.unwrap_or_else(|| {
                    let (dx, dy) = ((to.0 - from.0) as f64, (to.1 - from.1) as f64);
                    let kept = state.units.get(*unit).map(|u| u.pose.facing).unwrap_or_default();
                    if dx == 0.0 && dy == 0.0 {
                        kept
                    } else {
                        Facing::from_degrees(libm::atan2(dx, -dy).to_degrees()).unwrap_or(kept)
                    }
                });
                Some(if *free {
                    Action::FreeMove { unit: *unit, to: *to, facing }
                } else {
                    Action::Move { unit: *unit, to: *to, facing }
                })
            }
            Scripted::Fire { unit, weapon, target } => {
                Some(Action::Fire { unit: *unit, weapon: *weapon, target: *target })
            }
            Scripted::Keyword(action) => Some(action.clone()),
            Scripted::Off { unit, to, facing } => Some(Action::Disembark {
                unit: *unit,
                to: *to,
                facing: facing.unwrap_or_else(|| state.units.get(*unit).map(|u| u.pose.facing).unwrap_or_default()),
            }),
            Scripted::End => Some(Action::EndTurn),
            Scripted::Computer => rules::computer_action(data, state, Level::Normal),
        })
    }

    fn summary(rules: &Ruleset, scenario: &ArmoredScenario, state: &GameState) -> (String, serde_json::Value) {
        super::text::summary(rules, scenario, state)
    }

    /// The limits as numbers and every house reading.
    fn settings(_rules: &Ruleset, _scenario: &ArmoredScenario) -> Vec<Setting> {
        let number = |name: &str, label: &str, min: i64| Setting {
            name: name.to_owned(),
            label: label.to_owned(),
            kind: SettingKind::Number { min, max: 100_000 },
        };
        let mut settings = vec![
            number("requisition_limit", "requisition limit", 0),
            number("action_limit", "actions a turn", 1),
            number("turn_limit", "turn limit", 1),
        ];
        settings.extend(reading_settings(READING_PREFIX, &rules::READINGS));
        settings
    }

    fn calibrate(opened: &Opened<Self>, games: usize, seed: u64, threads: usize) -> Option<Result<Report, String>> {
        Some(
            super::calibrate::calibrate(&opened.rules, &opened.scenario, games, seed, threads)
                .map(|rows| super::calibrate::calibration_report(&opened.scenario.name, &rows, games)),
        )
    }

    fn setting_value(scenario: &ArmoredScenario, name: &str) -> Option<String> {
        let reading = reading_name(READING_PREFIX, name)?;
        rules::READINGS
            .iter()
            .find(|r| r.name == reading)?
            .values
            .iter()
            .find(|v| {
                let mut probe = scenario.readings;
                probe.set(reading, v).is_ok() && probe == scenario.readings
            })
            .map(|v| (*v).to_owned())
    }

    fn with_setting(
        _rules: &Ruleset,
        scenario: &ArmoredScenario,
        name: &str,
        value: &str,
    ) -> Result<ArmoredScenario, String> {
        let mut scenario = scenario.clone();
        if let Some(reading) = reading_name(READING_PREFIX, name) {
            scenario.readings.set(reading, value)?;
            return Ok(scenario);
        }
        let number: u32 = value.parse().map_err(|_| format!("{name} takes a whole number, not '{value}'"))?;
        if number == 0 && name != "requisition_limit" {
            return Err(format!("{name} of 0 decides the game before it is played"));
        }
        match name {
            "requisition_limit" => scenario.requisition_limit = number,
            "action_limit" => scenario.action_limit = number,
            "turn_limit" => scenario.turn_limit = Some(number),
            other => {
                return Err(format!(
                    "Armored Advance has no setting '{other}' (it knows requisition_limit, action_limit, turn_limit and reading.NAME)"
                ));
            }
        }
        Ok(scenario)
    }

    /// 1:1: 72 points to the inch.
    fn scale(rules: &Ruleset) -> f32 {
        72.0 * rules.unit.um() as f32 / crate::table::UM_PER_INCH as f32
    }
}
