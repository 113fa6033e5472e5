//! Modern Skirmish behind the studio's seam: the [`GameSystem`] the registry lists, and what
//! each headless command does with one of its scenarios (validate with fixes, stats with exact
//! kill chances, symmetry, play a script, simulate and the balance lab's battles, print).

use super::game::{ModernCore, action_text, at_text, event_text};
use super::rules::{self, READINGS};
use super::ruleset::{Ruleset, UNIT};
use super::scenario::{Finding, ModernScenario, load_scenario, setup_of, statistics, validate};
use crate::export::{ExportOptions, PdfReport};
use crate::files::FileError;
use crate::game::Run;
use crate::game::{
    Diagnostic, GameDefinition, GameRecord, Level, OpenScenario, Opened, Played, Report, Setting, reading_name,
    reading_settings, run_battle, run_script,
};
use crate::table::{TableSymmetry, asymmetries};
use std::fmt::Write as _;
use std::sync::Arc;

/// How this game's house readings are named as settings (`--set reading.NAME=VALUE`).
const READING_PREFIX: &str = "reading.";

/// Modern Skirmish.
#[derive(Debug, Clone, Copy, Default)]
pub struct ModernSkirmish;

impl GameDefinition for ModernSkirmish {
    type Ruleset = Ruleset;
    type Scenario = ModernScenario;
    const ID: &'static str = super::scenario::SYSTEM_ID;
    const TITLE: &'static str = "Modern Skirmish";
    const BUILTIN: &'static str = super::ruleset::BUILTIN;

    fn load(rules: &Ruleset, text: &str) -> Result<ModernScenario, FileError> {
        load_scenario(rules, text)
    }
}

/// A validator finding as the seam shows it.
#[must_use]
pub fn diagnostic(finding: &Finding) -> Diagnostic {
    finding.diagnostic("at", &|&p| at_text(p), &|&(x, y)| serde_json::json!([UNIT.value(x), UNIT.value(y)]), &|f| {
        (f.label.clone(), serde_json::json!({ "label": f.label }))
    })
}

impl OpenScenario for Opened<ModernSkirmish> {
    fn name(&self) -> &str {
        &self.scenario.name
    }

    fn findings(&self) -> Vec<Diagnostic> {
        validate(&self.rules, &self.scenario).iter().map(diagnostic).collect()
    }

    fn stats(&self) -> Report {
        let stats = statistics(&self.rules, &self.scenario);
        let s = &self.scenario;
        let mut text = format!(
            "{}: {} x {}, {} buildings\n",
            s.name,
            UNIT.show(s.table.width),
            UNIT.show(s.table.depth),
            stats.buildings
        );
        for side in &stats.sides {
            let _ = writeln!(
                text,
                "  {}: {} units, {} figures, {} in cover from the nearest enemy, {} enemy figures within 60 cm",
                side.side, side.units, side.figures, side.in_cover, side.enemies_in_reach
            );
        }
        if let Some(nearest) = stats.nearest_enemy {
            let _ = writeln!(text, "  the nearest enemies stand {} apart", UNIT.show(nearest));
        }
        let _ = writeln!(text, "  kill chance of one shot (exact, of 36 throws), in the open / in cover:");
        for k in &stats.kill_chances {
            let _ = writeln!(
                text,
                "    {:<18} at {:<13} up to {:>2} cm: {:.3} / {:.3}",
                k.unit,
                k.enemy,
                k.band,
                f64::from(k.open.1) / 36.0,
                f64::from(k.cover.1) / 36.0
            );
        }
        let [ae, be, de] = stats.close_combat;
        let _ = writeln!(
            text,
            "  close combat: defender eliminated {:.3}, both {:.3}, attacker {:.3} (of 1296 throws)",
            f64::from(de) / 1296.0,
            f64::from(be) / 1296.0,
            f64::from(ae) / 1296.0
        );
        for (minuses, faces) in &stats.activation {
            let _ = writeln!(text, "  activation with {minuses} minuses passes {:.3}", f64::from(*faces) / 6.0);
        }
        Report { text, json: serde_json::json!(stats) }
    }

    fn symmetry(&self, kind: Option<&str>) -> Result<Report, String> {
        let symmetry = match kind {
            Some(name) => TableSymmetry::parse(name)?,
            None => self.scenario.symmetry.ok_or("the scenario declares no symmetry; name one with --kind")?,
        };
        let tolerance = UNIT.um() / 2;
        let broken = asymmetries(&self.scenario.table, symmetry, tolerance, &|_| None);
        let mut text = if broken.is_empty() {
            format!(
                "the terrain is symmetric under {} (within {}); the forces differ by design\n",
                symmetry.name(),
                UNIT.show(tolerance)
            )
        } else {
            format!("{} thing(s) break {}:\n", broken.len(), symmetry.name())
        };
        for b in &broken {
            let _ = writeln!(text, "  {:?} at {}: no image at {}", b.thing, at_text(b.at), at_text(b.image_at));
        }
        let json = serde_json::json!({
            "symmetry": symmetry.name(),
            "symmetric": broken.is_empty(),
            "asymmetries": broken.iter().map(|b| serde_json::json!({
                "at": [UNIT.value(b.at.0), UNIT.value(b.at.1)],
                "image_at": [UNIT.value(b.image_at.0), UNIT.value(b.image_at.1)],
            })).collect::<Vec<_>>(),
        });
        Ok(Report { text, json })
    }

    fn play(&self, script: &str, seed: u64) -> Result<Played, String> {
        let data = &self.rules;
        let core = ModernCore(Arc::clone(data));
        let setup = setup_of(data, &self.scenario, self.scenario.readings);
        let lines: Vec<(usize, String)> = script
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim().to_owned()))
            .filter(|(_, l)| !l.is_empty())
            .take(crate::game::MAX_SCRIPT_ACTIONS + 1)
            .collect();
        let problem = std::cell::RefCell::new(None);
        let run = run_script(&core, &setup, seed, &lines, |line, state| {
            match super::scenario::script::parse_line(state, data, line) {
                Ok(Some(action)) => Some(action),
                Ok(None) => rules::computer_action(data, state, rules::Level::Normal),
                Err(e) => {
                    problem.borrow_mut().get_or_insert(e);
                    None
                }
            }
        })?;
        if let Some(e) = problem.into_inner() {
            return Err(e);
        }
        let mut text = String::new();
        for event in &run.events {
            let _ = writeln!(text, "{}", event_text(data, &run.state, event));
        }
        let state = &run.state;
        let _ = writeln!(
            text,
            "-- round {}, {} has the initiative, kills {} to {}, {}",
            state.round,
            data.side_name(state.side),
            state.kills[0],
            state.kills[1],
            match state.outcome {
                rules::Outcome::Ongoing => "under way".to_owned(),
                rules::Outcome::Over { winner: None, .. } => "a draw".to_owned(),
                rules::Outcome::Over { winner: Some(w), .. } => format!("{} won", data.side_name(w)),
            }
        );
        let json = serde_json::json!({
            "events": run.events,
            "figures": state.figures.iter().enumerate().map(|(i, f)| serde_json::json!({
                "figure": i + 1, "unit": f.unit + 1, "on_table": state.on_table(i),
                "at": [UNIT.value(f.at.0), UNIT.value(f.at.1)],
            })).collect::<Vec<_>>(),
            "units": state.units.iter().enumerate().map(|(u, unit)| serde_json::json!({
                "unit": u + 1, "name": unit.name, "minuses": rules::minuses(data, state, u), "routed": unit.routed,
            })).collect::<Vec<_>>(),
            "round": state.round,
            "kills": state.kills,
            "refused": run.refused.as_ref().map(|(line, action, rejection)| serde_json::json!({
                "line": line, "action": action, "reason": rejection.to_string(), "rejection": rejection,
            })),
        });
        let refused = run.refused.map(|(line, action, rejection)| {
            (line, format!("{} is refused: {rejection}", action_text(data, &run.state, &action)))
        });
        Ok(Played { report: Report { text, json }, refused })
    }

    fn simulate(&self, run: Run, progress: &mut dyn FnMut(usize)) -> Result<Report, String> {
        let core = ModernCore(Arc::clone(&self.rules));
        // The text fixes the first side.
        let setup = |_first: u8| Ok(setup_of(&self.rules, &self.scenario, self.scenario.readings));
        let sides = self.rules.sides.to_vec();
        crate::game::simulate(&core, &self.scenario.name, &sides, &setup, false, run, progress, &mut |_, _| {})
    }

    fn seats(&self) -> u8 {
        2
    }

    /// The lab speaks of the text's sides.
    fn seat_names(&self) -> Vec<String> {
        self.rules.sides.to_vec()
    }

    /// The text fixes the first side (the Antagonist), so `first` is not a seat the lab can
    /// turn: the record names none, and the lab judges the sides.
    fn battle(&self, seed: u64, _first: u8, round_cap: u32, levels: &[Level]) -> Result<GameRecord, String> {
        let core = ModernCore(Arc::clone(&self.rules));
        let setup = setup_of(&self.rules, &self.scenario, self.scenario.readings);
        run_battle(&core, setup, seed, None, round_cap, levels).map(|(record, _)| record)
    }

    /// Every house reading (the deployment reading is the validator's and changes no play).
    fn settings(&self) -> Vec<Setting> {
        reading_settings(READING_PREFIX, &READINGS)
    }

    fn setting_value(&self, name: &str) -> Option<String> {
        self.scenario.readings.get(reading_name(READING_PREFIX, name)?).map(str::to_owned)
    }

    fn with_setting(&self, name: &str, value: &str) -> Result<Box<dyn OpenScenario>, String> {
        let Some(reading) = reading_name(READING_PREFIX, name) else {
            return Err(format!("Modern Skirmish has no setting '{name}' (it knows reading.NAME)"));
        };
        let mut scenario = self.scenario.clone();
        scenario.readings.set(reading, value)?;
        Ok(Self::boxed(Arc::clone(&self.rules), scenario))
    }

    fn export_pdf(&self, options: &ExportOptions, progress: &mut dyn FnMut(usize, usize)) -> Result<PdfReport, String> {
        super::print::export_pdf(&self.rules, &self.scenario, options, progress)
    }

    fn export_png(&self, scale: f32, dpi: u32, greyscale: bool) -> Result<Vec<u8>, String> {
        super::print::export_png(&self.rules, &self.scenario, scale, dpi, greyscale)
    }

    fn sheets(&self) -> &'static [crate::export::Sheet] {
        &super::print::SHEETS
    }

    /// A game measured in centimetres: A4.
    fn default_paper(&self) -> crate::export::Paper {
        crate::export::Paper::A4
    }

    /// 1:1: 72 points to the inch, so 72 / 2.54 to the centimetre.
    fn default_scale(&self) -> f32 {
        72.0 * UNIT.um() as f32 / crate::table::UM_PER_INCH as f32
    }

    fn export_foreign(&self, _format: &str) -> Option<(String, Vec<String>)> {
        None
    }
}
