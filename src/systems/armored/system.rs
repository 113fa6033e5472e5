//! Armored Advance behind the studio's seam: the [`GameSystem`] the registry lists, and what
//! each headless command does with one of its scenarios (validate with fixes, stats, symmetry,
//! print). Its rules engine is the next piece of work, so `play`, `simulate` and the balance
//! lab's battles say so plainly instead of pretending.

use super::ruleset::Ruleset;
use super::scenario::validate::thing_name;
use super::scenario::{ArmoredScenario, Finding, load_scenario, statistics, validate};
use crate::export::{ExportOptions, PdfReport};
use crate::files::FileError;
use crate::game::{Diagnostic, GameRecord, GameSystem, Level, OpenScenario, Played, Report, RulesProblem, SystemRules};
use crate::table::{LengthUnit, TableSymmetry, asymmetries};
use std::fmt::Write as _;
use std::sync::Arc;

/// Armored Advance.
#[derive(Debug, Clone, Copy, Default)]
pub struct ArmoredAdvance;

/// Why a game cannot be played yet.
const NOT_PLAYABLE: &str = "Armored Advance's rules engine is not in this version yet: its tables can be designed, checked and printed, not played";

impl GameSystem for ArmoredAdvance {
    fn id(&self) -> &'static str {
        super::scenario::SYSTEM_ID
    }

    fn title(&self) -> &'static str {
        "Armored Advance"
    }

    fn rules(&self, replacement: Option<&str>) -> Result<Box<dyn SystemRules>, RulesProblem> {
        let loaded = match replacement {
            None => Ruleset::builtin(),
            Some(text) => Ruleset::from_ron(text),
        };
        Ok(Box::new(ArmoredRules(Arc::new(loaded?))))
    }
}

struct ArmoredRules(Arc<Ruleset>);

impl SystemRules for ArmoredRules {
    fn describe(&self) -> Report {
        let rules = &self.0;
        let mut text = format!("ok: {} (version {})\n", rules.name, rules.version);
        let _ = writeln!(
            text,
            "  measured in {}; {} terrain kinds, {} profiles",
            rules.unit.name(),
            rules.terrain.len(),
            rules.profiles.len()
        );
        for p in &rules.profiles {
            let _ = writeln!(
                text,
                "  {:<46} cost {:>3}  actions {}  move {}\"  HP {:>2}  armour {}/{}/{}  {}",
                p.name,
                p.cost,
                p.actions,
                p.movement,
                p.hit_points,
                p.armour.front,
                p.armour.side,
                p.armour.rear,
                p.weapons.iter().map(|w| format!("{} ({})", w.name, w.summary())).collect::<Vec<_>>().join("; ")
            );
        }
        Report { text, json: serde_json::json!(rules.as_ref()) }
    }

    fn open(&self, text: &str) -> Result<Box<dyn OpenScenario>, FileError> {
        let scenario = load_scenario(&self.0, text)?;
        Ok(Box::new(ArmoredDocument { rules: Arc::clone(&self.0), scenario }))
    }

    fn import(&self, _text: &str, _name: &str) -> Option<Result<(String, Report), FileError>> {
        None
    }
}

/// An Armored Advance scenario behind the seam (the window's document, for export).
#[must_use]
pub fn open_scenario(rules: Arc<Ruleset>, scenario: ArmoredScenario) -> Box<dyn OpenScenario> {
    Box::new(ArmoredDocument { rules, scenario })
}

struct ArmoredDocument {
    rules: Arc<Ruleset>,
    scenario: ArmoredScenario,
}

/// A point for people, in the game's unit: `(12", 6")`.
#[must_use]
pub fn point_text(unit: LengthUnit, (x, y): (i64, i64)) -> String {
    format!("({}, {})", unit.show(x), unit.show(y))
}

/// A validator finding as the seam shows it.
#[must_use]
pub fn diagnostic(unit: LengthUnit, finding: &Finding) -> Diagnostic {
    Diagnostic {
        severity: finding.severity,
        code: finding.code.to_owned(),
        message: finding.message.clone(),
        place: finding.at.iter().map(|&p| point_text(unit, p)).collect::<Vec<_>>().join(" "),
        fix: finding.fix.as_ref().map(|f| f.label.clone()),
        json: serde_json::json!({
            "severity": finding.severity,
            "code": finding.code,
            "message": finding.message,
            "at": finding.at.iter().map(|&(x, y)| [unit.value(x), unit.value(y)]).collect::<Vec<_>>(),
            "fix": finding.fix.as_ref().map(|f| serde_json::json!({
                "label": f.label,
                "edits": f.edits.iter().map(|e| e.json(unit)).collect::<Vec<_>>(),
            })),
        }),
    }
}

impl OpenScenario for ArmoredDocument {
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

    fn play(&self, _script: &str, _seed: u64) -> Result<Played, String> {
        Err(NOT_PLAYABLE.into())
    }

    fn simulate(
        &self,
        _games: usize,
        _seed: u64,
        _cap: u32,
        _progress: &mut dyn FnMut(usize),
    ) -> Result<Report, String> {
        Err(NOT_PLAYABLE.into())
    }

    fn seats(&self) -> u8 {
        2
    }

    fn battle(&self, _seed: u64, _first: u8, _cap: u32, _levels: &[Level]) -> Result<GameRecord, String> {
        Err(NOT_PLAYABLE.into())
    }

    fn setting_values(&self, _name: &str) -> Option<Vec<String>> {
        None
    }

    fn with_setting(&self, name: &str, value: &str) -> Result<Box<dyn OpenScenario>, String> {
        let number: u32 = value.parse().map_err(|_| format!("{name} takes a whole number, not '{value}'"))?;
        let mut scenario = self.scenario.clone();
        match name {
            "requisition_limit" => scenario.requisition_limit = number,
            "action_limit" => scenario.action_limit = number,
            "turn_limit" => scenario.turn_limit = Some(number),
            other => {
                return Err(format!(
                    "Armored Advance has no setting '{other}' (it knows requisition_limit, action_limit, turn_limit)"
                ));
            }
        }
        Ok(Box::new(ArmoredDocument { rules: Arc::clone(&self.rules), scenario }))
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
    fn default_scale(&self) -> f32 {
        72.0 * self.rules.unit.um() as f32 / crate::table::UM_PER_INCH as f32
    }

    fn export_foreign(&self, _format: &str) -> Option<(String, Vec<String>)> {
        None
    }
}
