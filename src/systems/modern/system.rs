//! Modern Skirmish behind the studio's seam: its [`GameDefinition`], from which the registry's
//! `GameSystem` and every headless command follow (`game::opened`); its settings are its house
//! readings.

use super::game::ModernCore;
use super::rules::{self, Action, GameState};
use super::ruleset::{Ruleset, UNIT};
use super::scenario::{
    Finding, Fix, ModernScenario, fork, load_scenario, save_scenario, setup_of, stats_report, symmetry_text, validate,
};
use super::text::at_text;
use crate::export::{Paper, PrintJobs, Sheet};
use crate::files::FileError;
use crate::game::{Aim, Edit, FirstMover, GameDefinition, HeatWords, Level, Report, Setting, Shown};
use std::sync::Arc;

/// Modern Skirmish.
#[derive(Debug, Clone, Copy, Default)]
pub struct ModernSkirmish;

impl GameDefinition for ModernSkirmish {
    type Ruleset = Ruleset;
    type Scenario = ModernScenario;
    type Core = ModernCore;
    type Place = (i64, i64);
    type Fix = Fix;
    // A line is read against the position it meets (figures are named by what stands where).
    type Scripted = String;
    const ID: &'static str = super::scenario::SYSTEM_ID;
    const TITLE: &'static str = "Modern Skirmish";
    const NAME: &'static str = "Modern Skirmish";
    const BUILTIN: &'static str = super::ruleset::BUILTIN;
    // The text fixes the first side (the Antagonist): the lab judges the sides.
    const FIRST_MOVER: FirstMover = FirstMover::Rules;
    const SHEETS: &'static [Sheet] = &super::print::SHEETS;
    // A game measured in centimetres.
    const PAPER: Paper = Paper::A4;
    const PLACES_KEY: &'static str = "at";
    const HEAT: HeatWords = HeatWords {
        title: "Where figures were killed",
        counted: "figures killed",
        by: "killed by",
        unit: Some(crate::table::LengthUnit::Centimetre),
    };

    fn load(rules: &Ruleset, text: &str) -> Result<ModernScenario, FileError> {
        load_scenario(rules, text)
    }

    fn save(_rules: &Ruleset, scenario: &ModernScenario) -> Result<String, String> {
        save_scenario(scenario)
    }

    fn generate(rules: &Ruleset, choose: &mut crate::game::Chooser) -> Result<ModernScenario, String> {
        super::scenario::generate(rules, choose)
    }

    fn name(scenario: &ModernScenario) -> &str {
        &scenario.name
    }

    fn core(rules: &Arc<Ruleset>) -> ModernCore {
        ModernCore(Arc::clone(rules))
    }

    fn setup(rules: &Ruleset, scenario: &ModernScenario, _first: Option<u8>) -> Result<rules::Setup, String> {
        Ok(setup_of(rules, scenario, scenario.readings))
    }

    /// The earlier game's setup (the rules, not the lab, choose who moves first), sharing its
    /// crossings and views ([`rules::Setup::again`]).
    fn setup_again(
        _rules: &Ruleset,
        _scenario: &ModernScenario,
        _first: Option<u8>,
        earlier: &rules::Setup,
    ) -> Result<rules::Setup, String> {
        Ok(earlier.again())
    }

    /// The computer takes the side the text moves first (the Antagonist).
    fn computer_seats(rules: &Ruleset, _scenario: &ModernScenario) -> Vec<bool> {
        (0..2).map(|side| side == rules.first_side.min(1)).collect()
    }

    fn fork(rules: &Ruleset, base: &ModernScenario, state: &GameState) -> ModernScenario {
        fork(rules, base, state)
    }

    /// The lab speaks of the text's sides.
    fn seat_names(rules: &Ruleset, _scenario: &ModernScenario) -> Vec<String> {
        rules.sides.to_vec()
    }

    fn validate(rules: &Ruleset, scenario: &ModernScenario) -> Vec<Finding> {
        validate(rules, scenario)
    }

    fn stats(rules: &Ruleset, scenario: &ModernScenario) -> Report {
        stats_report(rules, scenario)
    }

    fn symmetry(_rules: &Ruleset, scenario: &ModernScenario, kind: Option<&str>) -> Result<Report, String> {
        symmetry_text(scenario, kind)
    }

    /// The script's lines without comments or blanks, each read when it is played.
    fn read_script(_rules: &Ruleset, text: &str) -> Result<Vec<(usize, String)>, String> {
        Ok(text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim().to_owned()))
            .filter(|(_, l)| !l.is_empty())
            .take(crate::game::MAX_SCRIPT_ACTIONS + 1)
            .collect())
    }

    fn resolve(data: &Arc<Ruleset>, line: &String, state: &GameState) -> Result<Option<Action>, String> {
        Ok(match super::scenario::script::parse_line(state, data, line)? {
            Some(action) => Some(action),
            None => rules::computer_action(data, state, Level::Normal),
        })
    }

    fn summary(rules: &Ruleset, _scenario: &ModernScenario, state: &GameState) -> (String, serde_json::Value) {
        super::text::summary(rules, state)
    }

    /// Every house reading (the deployment reading is the validator's and changes no play).
    fn settings(_rules: &Ruleset, _scenario: &ModernScenario) -> Vec<Setting> {
        super::settings::settings()
    }

    fn setting_value(scenario: &ModernScenario, name: &str) -> Option<String> {
        super::settings::setting_value(scenario, name)
    }

    fn with_setting(_: &Ruleset, scenario: &ModernScenario, name: &str, value: &str) -> Result<ModernScenario, String> {
        super::settings::with_setting(scenario, name, value)
    }

    fn edits(rules: &Ruleset, scenario: &ModernScenario, aim: &Aim) -> Vec<Edit<ModernScenario>> {
        super::fair::edits(rules, scenario, aim)
    }

    fn watch_readings<T>(
        scenario: &ModernScenario,
        variants: &[(String, String)],
        play: impl FnOnce() -> T,
    ) -> (T, Vec<Option<usize>>) {
        super::settings::watch_readings(scenario, variants, play)
    }

    /// 1:1: 72 points to the inch, so 72 / 2.54 to the centimetre.
    fn scale(_rules: &Ruleset) -> f32 {
        72.0 * UNIT.um() as f32 / crate::table::UM_PER_INCH as f32
    }

    fn print<'a>(rules: &'a Ruleset, scenario: &'a Self::Scenario) -> impl PrintJobs + 'a {
        super::print::ModernPrint { rules, scenario }
    }
}

/// A point of the table in centimetres: `(30 cm, 15 cm)` and `[30, 15]`.
impl Shown<Ruleset> for (i64, i64) {
    fn text(&self, _rules: &Ruleset) -> String {
        at_text(*self)
    }

    fn json(&self, _rules: &Ruleset) -> serde_json::Value {
        serde_json::json!([UNIT.value(self.0), UNIT.value(self.1)])
    }
}

/// A fix: its label (what it does to the scenario is the window's to apply).
impl Shown<Ruleset> for Fix {
    fn text(&self, _rules: &Ruleset) -> String {
        self.label.clone()
    }

    fn json(&self, _rules: &Ruleset) -> serde_json::Value {
        serde_json::json!({ "label": self.label })
    }
}
