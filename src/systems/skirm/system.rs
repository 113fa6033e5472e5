//! Skirm behind the studio's seam: its [`GameDefinition`], from which the registry's
//! `GameSystem` and every headless command follow (`game::opened`), with Skirm's own lines in
//! `simulate` (mission points, actions, medals).

use super::rules::{Action, GameState, Ruleset, Setup, computer_action};
use super::scenario::document::squad_label;
use super::scenario::script::Scripted;
use super::scenario::{
    Finding, Fix, SkirmScenario, fork, load_scenario, parse_script, save_scenario, stats_report, symmetry_text,
    validate,
};
use crate::board::Pos;
use crate::export::{Paper, PrintJobs, Sheet};
use crate::files::FileError;
use crate::game::{Aim, Edit, FirstMover, GameDefinition, Level, Opened, Report, Run, Setting, run_battle};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

/// Skirm.
#[derive(Debug, Clone, Copy, Default)]
pub struct Skirm;

impl GameDefinition for Skirm {
    type Ruleset = Ruleset;
    type Scenario = SkirmScenario;
    type Core = Arc<Ruleset>;
    type Place = Pos;
    type Fix = Fix;
    type Scripted = Scripted;
    const ID: &'static str = super::scenario::SYSTEM_ID;
    const TITLE: &'static str = "Skirm";
    const NAME: &'static str = "Skirm";
    const BUILTIN: &'static str = super::rules::BUILTIN_SKIRM_RON;
    // Initiative is rolled every turn: no seat moves first for the whole game.
    const FIRST_MOVER: FirstMover = FirstMover::Rules;
    const SHEETS: &'static [Sheet] = &super::print::SHEETS;
    // A metric game: 40 mm squares, four across an A4 page.
    const PAPER: Paper = Paper::A4;
    const PLACES_KEY: &'static str = "squares";

    fn load(rules: &Ruleset, text: &str) -> Result<SkirmScenario, FileError> {
        load_scenario(rules, text)
    }

    fn save(rules: &Ruleset, scenario: &SkirmScenario) -> Result<String, String> {
        save_scenario(rules, scenario)
    }

    fn generate(rules: &Ruleset, choose: &mut crate::game::Chooser) -> Result<SkirmScenario, String> {
        super::scenario::generate(rules, choose)
    }

    fn name(scenario: &SkirmScenario) -> &str {
        &scenario.name
    }

    fn core(rules: &Arc<Ruleset>) -> Arc<Ruleset> {
        Arc::clone(rules)
    }

    fn setup(rules: &Ruleset, scenario: &SkirmScenario, _first: Option<u8>) -> Result<Setup, String> {
        scenario.to_setup(rules)
    }

    /// Both squads by hand: a Skirm playtest starts as a table of two people.
    fn computer_seats(_rules: &Ruleset, _scenario: &SkirmScenario) -> Vec<bool> {
        vec![false, false]
    }

    fn fork(_rules: &Ruleset, base: &SkirmScenario, state: &GameState) -> SkirmScenario {
        fork(base, state)
    }

    fn seat_names(_rules: &Ruleset, scenario: &SkirmScenario) -> Vec<String> {
        (0..2).map(|i| squad_label(scenario.squads.get(i).map(|q| q.name.as_str()), i)).collect()
    }

    fn validate(rules: &Ruleset, scenario: &SkirmScenario) -> Vec<Finding> {
        validate(rules, scenario)
    }

    fn art_kinds(rules: &Ruleset, scenario: &SkirmScenario) -> Vec<crate::art::ArtKind> {
        use crate::art::ArtKind;
        let mut kinds: Vec<ArtKind> = rules.terrains.iter().map(|t| ArtKind::new("Terrain", &t.id, &t.name)).collect();
        kinds.extend(
            [("crate", "Crate"), ("barrel", "Barrel"), ("turret", "Turret")]
                .map(|(id, name)| ArtKind::new("Item", id, name)),
        );
        for unit in scenario.squads.iter().flat_map(|squad| &squad.units) {
            let key = if unit.name.is_empty() { &unit.profile } else { &unit.name };
            if !kinds.iter().any(|k| &k.id == key) {
                kinds.push(ArtKind::new("Portrait", key, &unit.label(rules)));
            }
        }
        kinds
    }

    fn stats(rules: &Ruleset, scenario: &SkirmScenario) -> Report {
        stats_report(rules, scenario)
    }

    fn symmetry(_rules: &Ruleset, scenario: &SkirmScenario, kind: Option<&str>) -> Result<Report, String> {
        symmetry_text(scenario, kind)
    }

    fn read_script(_rules: &Ruleset, text: &str) -> Result<Vec<(usize, Scripted)>, String> {
        parse_script(text)
    }

    fn resolve(rules: &Arc<Ruleset>, scripted: &Scripted, state: &GameState) -> Result<Option<Action>, String> {
        Ok(match scripted {
            Scripted::Action(action) => Some(action.clone()),
            Scripted::Computer => computer_action(rules, state),
        })
    }

    fn summary(_rules: &Ruleset, _scenario: &SkirmScenario, state: &GameState) -> (String, serde_json::Value) {
        super::text::summary(state)
    }

    /// Battles through the shared `simulate`, with each squad's mission points, the actions a
    /// battle takes and the medals won; initiative is rolled, so no first seat rotates.
    fn simulate(opened: &Opened<Self>, run: Run, progress: &mut dyn FnMut(usize)) -> Result<Report, String> {
        let mut points = [0u64; 2];
        let mut actions = 0usize;
        let mut medals: BTreeMap<String, usize> = BTreeMap::new();
        let setup = |_first: u8| opened.scenario.to_setup(&opened.rules);
        let squads: Vec<String> =
            (0..2).map(|i| squad_label(opened.scenario.squads.get(i).map(|q| q.name.as_str()), i)).collect();
        let mut each = |record: &crate::game::GameRecord, state: &GameState| {
            actions += record.actions;
            for (i, squad) in state.squads.iter().enumerate().take(2) {
                points[i] += u64::from(squad.points);
            }
            for medal in state.medals.iter().flatten() {
                *medals.entry(format!("{medal:?}")).or_default() += 1;
            }
        };
        let mut report = crate::game::simulate(
            opened.rules.as_ref(),
            &opened.scenario.name,
            &squads,
            &setup,
            false,
            run,
            progress,
            &mut each,
        )?;
        let n = run.games.max(1) as f64;
        for (squad, total) in squads.iter().zip(points) {
            let _ = writeln!(report.text, "  {squad}: {:.1} mission points on average", total as f64 / n);
        }
        let _ = writeln!(report.text, "  {:.0} actions a battle on average", actions as f64 / n);
        report.json["mean_points"] = serde_json::json!(points.map(|p| p as f64 / n));
        report.json["mean_actions"] = serde_json::json!(actions as f64 / n);
        report.json["medals"] = serde_json::json!(medals);
        Ok(report)
    }

    /// The turn count and the EP limit.
    fn settings(_rules: &Ruleset, _scenario: &SkirmScenario) -> Vec<Setting> {
        super::settings::settings()
    }

    fn with_setting(_: &Ruleset, scenario: &SkirmScenario, name: &str, value: &str) -> Result<SkirmScenario, String> {
        super::settings::with_setting(scenario, name, value)
    }

    fn edits(rules: &Ruleset, scenario: &SkirmScenario, aim: &Aim) -> Vec<Edit<SkirmScenario>> {
        super::fair::edits(rules, scenario, aim)
    }

    /// The rules' 40 mm squares.
    fn scale(_rules: &Ruleset) -> f32 {
        40.0 * crate::export::PT_PER_MM
    }

    fn print<'a>(rules: &'a Ruleset, scenario: &'a Self::Scenario) -> impl PrintJobs + 'a {
        super::print::SkirmPrint { rules, scenario }
    }
}

/// One battle between computer players, from the start: the final state and the number of
/// actions, or the action the rules refused (which would be a bug in the computer player).
///
/// # Errors
/// The battle cannot start, or an action was refused.
pub fn computer_battle(rules: &Ruleset, scenario: &SkirmScenario, seed: u64) -> Result<(GameState, usize), String> {
    // A battle ends after its last turn, so no round cap is needed.
    let setup = scenario.to_setup(rules)?;
    let (record, state) = run_battle(rules, setup, seed, None, u32::MAX, &[Level::Normal, Level::Normal])?;
    Ok((state, record.actions))
}
