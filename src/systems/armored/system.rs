//! Armored Advance behind the studio's seam: its [`GameDefinition`], from which the registry's
//! `GameSystem` and every headless command follow (`game::opened`); its settings are its limits
//! and its house readings.

use super::game::ArmoredCore;
use super::rules::{self, Action, GameState};
use super::ruleset::Ruleset;
use super::scenario::report::point_text;
use super::scenario::{ArmoredScenario, Finding, Fix, load_scenario, save_scenario, validate};
use super::scenario::{script::Scripted, script::parse_script, setup::setup_of};
use crate::export::{Paper, PrintJobs, Sheet};
use crate::files::FileError;
use crate::game::{Aim, Edit, FirstMover, GameDefinition, HeatWords, Opened, Report, Setting, Shown};
use std::sync::Arc;

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
    const PLACES_KEY: &'static str = "at";
    const HEAT: HeatWords = HeatWords {
        title: "Where units were destroyed",
        counted: "units destroyed",
        by: "destroyed by",
        unit: Some(crate::table::LengthUnit::Inch),
    };

    fn load(rules: &Ruleset, text: &str) -> Result<ArmoredScenario, FileError> {
        load_scenario(rules, text)
    }

    fn save(rules: &Ruleset, scenario: &ArmoredScenario) -> Result<String, String> {
        save_scenario(rules, scenario)
    }

    fn generate(rules: &Ruleset, choose: &mut crate::game::Chooser) -> Result<ArmoredScenario, String> {
        super::scenario::generate(rules, choose)
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

    /// The earlier game's setup with this game's first side: everything else in it comes from
    /// the scenario, and its scene's kept answers (sight lines, hulls' ways, way-finding fields,
    /// Hard's study) are pure functions of the table, the readings and the rules' data, never of
    /// a game's seed or first side, so every game of the scenario may share them.
    fn setup_again(
        _rules: &Ruleset,
        _scenario: &ArmoredScenario,
        first: Option<u8>,
        earlier: &rules::Setup,
    ) -> Result<rules::Setup, String> {
        Ok(rules::Setup { first, ..earlier.clone() })
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
        Ok(super::scenario::script::resolve(data, scripted, state))
    }

    fn summary(rules: &Ruleset, scenario: &ArmoredScenario, state: &GameState) -> (String, serde_json::Value) {
        super::text::summary(rules, scenario, state)
    }

    /// The limits as numbers and every house reading.
    fn settings(_rules: &Ruleset, _scenario: &ArmoredScenario) -> Vec<Setting> {
        super::settings::settings()
    }

    fn calibrate(opened: &Opened<Self>, games: usize, seed: u64, threads: usize) -> Option<Result<Report, String>> {
        Some(
            super::calibrate::calibrate(&opened.rules, &opened.scenario, games, seed, threads)
                .map(|rows| super::calibrate::calibration_report(&opened.scenario.name, &rows, games)),
        )
    }

    fn setting_value(scenario: &ArmoredScenario, name: &str) -> Option<String> {
        super::settings::setting_value(scenario, name)
    }

    fn with_setting(
        _: &Ruleset,
        scenario: &ArmoredScenario,
        name: &str,
        value: &str,
    ) -> Result<ArmoredScenario, String> {
        super::settings::with_setting(scenario, name, value)
    }

    fn edits(rules: &Ruleset, scenario: &ArmoredScenario, aim: &Aim) -> Vec<Edit<ArmoredScenario>> {
        super::fair::edits(rules, scenario, aim)
    }

    fn watch_readings<T>(
        scenario: &ArmoredScenario,
        variants: &[(String, String)],
        play: impl FnOnce() -> T,
    ) -> (T, Vec<Option<usize>>) {
        super::settings::watch_readings(scenario, variants, play)
    }

    /// 1:1: 72 points to the inch.
    fn scale(rules: &Ruleset) -> f32 {
        72.0 * rules.unit.um() as f32 / crate::table::UM_PER_INCH as f32
    }

    fn print<'a>(rules: &'a Ruleset, scenario: &'a ArmoredScenario) -> impl PrintJobs + 'a {
        super::print::ArmoredPrint { rules, scenario }
    }
}

/// A point of the table in the ruleset's unit: `(12", 6")` and `[12, 6]`.
impl Shown<Ruleset> for (i64, i64) {
    fn text(&self, rules: &Ruleset) -> String {
        point_text(rules.unit, *self)
    }

    fn json(&self, rules: &Ruleset) -> serde_json::Value {
        serde_json::json!([rules.unit.value(self.0), rules.unit.value(self.1)])
    }
}

/// A fix: its label, and its edits with their lengths in the ruleset's unit.
impl Shown<Ruleset> for Fix {
    fn text(&self, _rules: &Ruleset) -> String {
        self.label.clone()
    }

    fn json(&self, rules: &Ruleset) -> serde_json::Value {
        let edits: Vec<_> = self.edits.iter().map(|e| e.json(rules.unit)).collect();
        serde_json::json!({ "label": self.label, "edits": edits })
    }
}
