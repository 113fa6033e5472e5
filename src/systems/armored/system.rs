//! Armored Advance behind the studio's seam: the [`GameSystem`] the registry lists, and what
//! each headless command does with one of its scenarios (validate with fixes, stats, symmetry,
//! play a script, simulate and the balance lab's battles through the shared runner, print).

use super::game::{ArmoredCore, action_text, event_text, setup_of};
use super::rules::{self, Action};
use super::ruleset::Ruleset;
use super::scenario::script::{Scripted, parse_script};
use super::scenario::validate::thing_name;
use super::scenario::{ArmoredScenario, Finding, load_scenario, statistics, validate};
use crate::export::{ExportOptions, PdfReport};
use crate::files::FileError;
use crate::game::Run;
use crate::game::{
    Diagnostic, GameDefinition, GameRecord, Level, OpenScenario, Opened, Played, Report, Setting, SettingKind,
    reading_name, reading_settings, run_battle, run_script,
};
use crate::table::Facing;
use crate::table::{LengthUnit, TableSymmetry, asymmetries};
use std::fmt::Write as _;
use std::sync::Arc;

/// How this game's house readings are named as settings (`--set reading.NAME=VALUE`).
const READING_PREFIX: &str = "reading.";

/// Armored Advance.
#[derive(Debug, Clone, Copy, Default)]
pub struct ArmoredAdvance;

impl GameDefinition for ArmoredAdvance {
    type Ruleset = Ruleset;
    type Scenario = ArmoredScenario;
    const ID: &'static str = super::scenario::SYSTEM_ID;
    const TITLE: &'static str = "Armored Advance";
    const BUILTIN: &'static str = super::ruleset::BUILTIN;

    fn load(rules: &Ruleset, text: &str) -> Result<ArmoredScenario, FileError> {
        load_scenario(rules, text)
    }
}

/// A point for people, in the game's unit: `(12", 6")`.
#[must_use]
pub fn point_text(unit: LengthUnit, (x, y): (i64, i64)) -> String {
    format!("({}, {})", unit.show(x), unit.show(y))
}

/// A validator finding as the seam shows it.
#[must_use]
pub fn diagnostic(unit: LengthUnit, finding: &Finding) -> Diagnostic {
    finding.diagnostic(
        "at",
        &|&p| point_text(unit, p),
        &|&(x, y)| serde_json::json!([unit.value(x), unit.value(y)]),
        &|f| {
            let edits: Vec<_> = f.edits.iter().map(|e| e.json(unit)).collect();
            (f.label.clone(), serde_json::json!({ "label": f.label, "edits": edits }))
        },
    )
}

impl OpenScenario for Opened<ArmoredAdvance> {
    fn name(&self) -> &str {
        &self.scenario.name
    }

    fn findings(&self) -> Vec<Diagnostic> {
        validate(&self.rules, &self.scenario).iter().map(|f| diagnostic(self.rules.unit, f)).collect()
    }

    fn stats(&self) -> Report {
        let stats = statistics(&self.rules, &self.scenario);
        let unit = self.rules.unit;
        let s = &self.scenario;
        let mut text = format!(
            "{}: {}, {} x {}, {} actions a turn, requisition limit {}\n",
            s.name,
            s.mode.label(),
            unit.show(s.table.width),
            unit.show(s.table.depth),
            s.action_limit,
            s.requisition_limit
        );
        for force in &stats.forces {
            let _ = writeln!(
                text,
                "  {}: {} units, cost {} of {}, action pool {}, {} infantry men",
                force.side, force.units, force.cost, s.requisition_limit, force.action_pool, force.men
            );
        }
        let _ = writeln!(
            text,
            "  firing lanes between the deployment zones ({} lattice, hull height): {} of {} open",
            unit.show(stats.step),
            stats.open,
            stats.lanes
        );
        for band in &stats.by_roll {
            let _ = writeln!(text, "    {} open lanes need {}+ to hit", band.open, band.roll);
        }
        if let Some(shortest) = stats.shortest_open {
            let _ = writeln!(text, "  the shortest open lane is {}", unit.show(shortest));
        }
        let mut json = serde_json::json!(stats);
        json["shortest_open"] = serde_json::json!(stats.shortest_open.map(|um| unit.value(um)));
        json["step"] = serde_json::json!(unit.value(stats.step));
        Report { text, json }
    }

    fn symmetry(&self, kind: Option<&str>) -> Result<Report, String> {
        let symmetry = match kind {
            Some(name) => TableSymmetry::parse(name)?,
            None => self.scenario.symmetry.ok_or("the scenario declares no symmetry; name one with --kind")?,
        };
        let unit = self.rules.unit;
        let rules = &self.rules;
        let hull = |id: &str| rules.hull(id);
        let broken = asymmetries(&self.scenario.table, symmetry, unit.um() / 4, &hull);
        let mut text = if broken.is_empty() {
            format!("symmetric under {} (within {})\n", symmetry.name(), unit.show(unit.um() / 4))
        } else {
            format!("{} thing(s) break {}:\n", broken.len(), symmetry.name())
        };
        for b in &broken {
            let _ = writeln!(
                text,
                "  {} at {}: no image at {}",
                thing_name(rules, &self.scenario, b.thing),
                point_text(unit, b.at),
                point_text(unit, b.image_at)
            );
        }
        let json = serde_json::json!({
            "symmetry": symmetry.name(),
            "symmetric": broken.is_empty(),
            "tolerance": unit.value(unit.um() / 4),
            "asymmetries": broken.iter().map(|b| serde_json::json!({
                "thing": thing_name(rules, &self.scenario, b.thing),
                "at": [unit.value(b.at.0), unit.value(b.at.1)],
                "image_at": [unit.value(b.image_at.0), unit.value(b.image_at.1)],
            })).collect::<Vec<_>>(),
        });
        Ok(Report { text, json })
    }

    fn play(&self, script: &str, seed: u64) -> Result<Played, String> {
        let data = &self.rules;
        let script = parse_script(data.unit, script)?;
        let core = ArmoredCore(Arc::clone(data));
        let setup = setup_of(data, &self.scenario, None);
        let run = run_script(&core, &setup, seed, &script, |scripted, state| match scripted {
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
            Scripted::Computer => rules::computer_action(data, state, rules::Level::Normal),
        })?;
        let mut text = String::new();
        for event in &run.events {
            let _ = writeln!(text, "{}", event_text(data, &run.state, event));
        }
        let state = &run.state;
        let _ = writeln!(
            text,
            "-- round {}, side {} to act, {} of {} actions spent, points {} to {}, {}",
            state.round,
            state.side + 1,
            state.actions_spent,
            state.setup.action_limit,
            state.points[0],
            state.points[1],
            match state.outcome {
                rules::Outcome::Ongoing => "under way".to_owned(),
                rules::Outcome::Draw => "a draw".to_owned(),
                rules::Outcome::Won { side, by } => format!(
                    "{} won by {}",
                    self.scenario.sides.get(usize::from(side)).map_or("a side", String::as_str),
                    by.name()
                ),
            }
        );
        let json = serde_json::json!({
            "events": run.events,
            "units": state.units.iter().enumerate().map(|(i, u)| serde_json::json!({
                "unit": i + 1, "side": u.side + 1, "hp": u.hp,
                "at": [data.unit.value(u.pose.x), data.unit.value(u.pose.y)], "facing": u.pose.facing.degrees(),
            })).collect::<Vec<_>>(),
            "round": state.round,
            "points": state.points,
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
        let core = ArmoredCore(Arc::clone(&self.rules));
        // The text's roll-off decides who moves first.
        let setup = |_first: u8| Ok(setup_of(&self.rules, &self.scenario, None));
        let sides = self.scenario.sides.to_vec();
        crate::game::simulate(&core, &self.scenario.name, &sides, &setup, false, run, progress, &mut |_, _| {})
    }

    fn seats(&self) -> u8 {
        2
    }

    fn battle(&self, seed: u64, first: u8, round_cap: u32, levels: &[Level]) -> Result<GameRecord, String> {
        let core = ArmoredCore(Arc::clone(&self.rules));
        let setup = setup_of(&self.rules, &self.scenario, Some(first));
        run_battle(&core, setup, seed, Some(first), round_cap, levels).map(|(record, _)| record)
    }

    /// The limits as numbers and every house reading.
    fn settings(&self) -> Vec<Setting> {
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

    fn calibrate(&self, games: usize, seed: u64, threads: usize) -> Option<Result<Report, String>> {
        Some(
            super::calibrate::calibrate(&self.rules, &self.scenario, games, seed, threads)
                .map(|rows| super::calibrate::calibration_report(&self.scenario.name, &rows, games)),
        )
    }

    fn setting_value(&self, name: &str) -> Option<String> {
        let reading = reading_name(READING_PREFIX, name)?;
        rules::READINGS
            .iter()
            .find(|r| r.name == reading)?
            .values
            .iter()
            .find(|v| {
                let mut probe = self.scenario.readings;
                probe.set(reading, v).is_ok() && probe == self.scenario.readings
            })
            .map(|v| (*v).to_owned())
    }

    fn with_setting(&self, name: &str, value: &str) -> Result<Box<dyn OpenScenario>, String> {
        let mut scenario = self.scenario.clone();
        if let Some(reading) = reading_name(READING_PREFIX, name) {
            scenario.readings.set(reading, value)?;
            return Ok(Self::boxed(Arc::clone(&self.rules), scenario));
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

    /// 1:1: 72 points to the inch.
    fn default_paper(&self) -> crate::export::Paper {
        // A game measured in inches: its templates and strips are laid out for Letter.
        crate::export::Paper::Letter
    }

    fn default_scale(&self) -> f32 {
        72.0 * self.rules.unit.um() as f32 / crate::table::UM_PER_INCH as f32
    }

    fn export_foreign(&self, _format: &str) -> Option<(String, Vec<String>)> {
        None
    }
}
