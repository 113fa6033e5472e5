//! Skirmish Wars behind the studio's seam: its [`GameDefinition`], from which the registry's
//! `GameSystem` and every headless command follow (`game::opened`); what only Skirmish Wars
//! can say (its words, reports, settings and pages) lives in its own rooms.

use super::rules::{GameState, Ruleset};
use super::scenario::{
    Controller, Finding, Fix, Scenario, ScriptAction, export_awbw_csv, fork, import_awbw, load_scenario, parse_script,
    save_scenario, stats_report, symmetry_text, validate,
};
use crate::board::Pos;
use crate::export::{Paper, PrintJobs, Sheet};
use crate::files::FileError;
use crate::game::{Aim, Edit, FirstMover, GameDefinition, HeatWords, Report, Setting};
use std::fmt::Write as _;
use std::sync::Arc;

/// Skirmish Wars: Advance Tactics.
#[derive(Debug, Clone, Copy, Default)]
pub struct Swat;

impl GameDefinition for Swat {
    type Ruleset = Ruleset;
    type Scenario = Scenario;
    type Core = Arc<Ruleset>;
    type Place = Pos;
    type Fix = Fix;
    type Scripted = ScriptAction;
    const ID: &'static str = super::scenario::SYSTEM_ID;
    const TITLE: &'static str = "Skirmish Wars: Advance Tactics";
    const NAME: &'static str = "Skirmish Wars";
    const BUILTIN: &'static str = super::rules::BUILTIN_SWAT_RON;
    const FIRST_MOVER: FirstMover = FirstMover::Rotated;
    const SHEETS: &'static [Sheet] = &super::print::SHEETS;
    // One 6 x 6 tile of 1-inch squares fills a Letter page (the house ruleset's print default).
    const PAPER: Paper = Paper::Letter;
    const PLACES_KEY: &'static str = "squares";
    const HEAT: HeatWords =
        HeatWords { title: "Where properties changed hands", counted: "changes of hands", by: "taken by", unit: None };

    fn load(rules: &Ruleset, text: &str) -> Result<Scenario, FileError> {
        load_scenario(rules, text)
    }

    fn save(rules: &Ruleset, scenario: &Scenario) -> Result<String, String> {
        save_scenario(rules, scenario)
    }

    fn import(rules: &Arc<Ruleset>, text: &str, name: &str) -> Option<Result<(String, Report), FileError>> {
        let imported = match import_awbw(rules, text, name) {
            Ok(imported) => imported,
            Err(error) => return Some(Err(error)),
        };
        let file = match save_scenario(rules, &imported.scenario) {
            Ok(file) => file,
            Err(message) => return Some(Err(FileError::plain(message))),
        };
        let s = &imported.scenario;
        let mut text = format!(
            "imported {} ({} x {}, armies {})",
            s.name,
            s.board.width,
            s.board.height,
            imported.report.armies.join(", ")
        );
        for sub in &imported.report.substitutions {
            let _ = write!(text, "\n  {} x{} became {}", sub.awbw, sub.count, sub.became);
        }
        for (unit, count) in &imported.report.units_left_out {
            let _ = write!(text, "\n  left out {count} {unit}: no SWAT counterpart");
        }
        Some(Ok((file, Report { text, json: serde_json::json!(imported.report) })))
    }

    fn generate(rules: &Ruleset, choose: &mut crate::game::Chooser) -> Result<Scenario, String> {
        super::scenario::generate(rules, choose)
    }

    fn name(scenario: &Scenario) -> &str {
        &scenario.name
    }

    fn core(rules: &Arc<Ruleset>) -> Arc<Ruleset> {
        Arc::clone(rules)
    }

    fn setup(rules: &Ruleset, scenario: &Scenario, first: Option<u8>) -> Result<super::rules::GameSetup, String> {
        match first {
            Some(first) => Scenario { first_player: first, ..scenario.clone() }.to_setup(rules),
            None => scenario.to_setup(rules),
        }
    }

    fn seats(scenario: &Scenario) -> u8 {
        u8::try_from(scenario.players.len()).unwrap_or(u8::MAX)
    }

    fn seat_names(_rules: &Ruleset, scenario: &Scenario) -> Vec<String> {
        scenario.seat_names()
    }

    /// The seats the scenario gives the computer.
    fn computer_seats(_rules: &Ruleset, scenario: &Scenario) -> Vec<bool> {
        scenario.players.iter().map(|p| p.controller == Controller::Ai).collect()
    }

    fn fork(rules: &Ruleset, base: &Scenario, state: &GameState) -> Scenario {
        fork(rules, base, state)
    }

    fn validate(rules: &Ruleset, scenario: &Scenario) -> Vec<Finding> {
        validate(rules, scenario)
    }

    fn stats(rules: &Ruleset, scenario: &Scenario) -> Report {
        stats_report(rules, scenario)
    }

    fn symmetry(_rules: &Ruleset, scenario: &Scenario, kind: Option<&str>) -> Result<Report, String> {
        symmetry_text(scenario, kind)
    }

    fn read_script(rules: &Ruleset, text: &str) -> Result<Vec<(usize, ScriptAction)>, String> {
        parse_script(rules, text).map_err(|e| e.to_string())
    }

    fn resolve(
        rules: &Arc<Ruleset>,
        scripted: &ScriptAction,
        state: &GameState,
    ) -> Result<Option<super::rules::Action>, String> {
        Ok(Some(scripted.resolve(rules, state)))
    }

    fn summary(rules: &Ruleset, _scenario: &Scenario, state: &GameState) -> (String, serde_json::Value) {
        super::text::summary(rules, state)
    }

    /// Each player's CO (the lab pairs them; `none` takes it away) and starting funds.
    fn settings(rules: &Ruleset, scenario: &Scenario) -> Vec<Setting> {
        super::settings::settings(rules, scenario)
    }

    fn setting_value(scenario: &Scenario, name: &str) -> Option<String> {
        super::settings::setting_value(scenario, name)
    }

    fn with_setting(rules: &Ruleset, scenario: &Scenario, name: &str, value: &str) -> Result<Scenario, String> {
        super::settings::with_setting(rules, scenario, name, value)
    }

    fn edits(rules: &Ruleset, scenario: &Scenario, aim: &Aim) -> Vec<Edit<Scenario>> {
        super::fair::edits(rules, scenario, aim)
    }

    /// One-inch squares, the size the rules' board is printed at.
    fn scale(_rules: &Ruleset) -> f32 {
        72.0
    }

    fn print<'a>(rules: &'a Ruleset, scenario: &'a Scenario) -> impl PrintJobs + 'a {
        super::print::SwatPrint { rules, scenario }
    }

    fn export_foreign(rules: &Ruleset, scenario: &Scenario, format: &str) -> Option<(String, Vec<String>)> {
        (format == "awbw").then(|| export_awbw_csv(rules, scenario))
    }
}
