//! Skirmish Wars behind the studio's seam: the [`GameSystem`] the registry lists, and what each
//! headless command does with a Skirmish Wars scenario.

use super::playtest::describe_event;
use super::rules::{CoChoice, GameState, Outcome, Ruleset};
use super::scenario::{
    Finding, Scenario, export_awbw_csv, import_awbw, load_scenario, parse_script, save_scenario, statistics,
    symmetry_report, validate,
};
use crate::export::{ExportOptions, PdfReport};
use crate::files::FileError;
use crate::game::Run;
use crate::game::{Diagnostic, GameDefinition, OpenScenario, Opened, Played, Report, run_script};
use std::fmt::Write as _;
use std::sync::Arc;

/// Skirmish Wars: Advance Tactics.
#[derive(Debug, Clone, Copy, Default)]
pub struct Swat;

impl GameDefinition for Swat {
    type Ruleset = Ruleset;
    type Scenario = Scenario;
    const ID: &'static str = super::scenario::SYSTEM_ID;
    const TITLE: &'static str = "Skirmish Wars: Advance Tactics";
    const BUILTIN: &'static str = super::rules::BUILTIN_SWAT_RON;

    fn load(rules: &Ruleset, text: &str) -> Result<Scenario, FileError> {
        load_scenario(rules, text)
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
}

/// A validator finding as the seam shows it.
#[must_use]
pub fn diagnostic(finding: &Finding) -> Diagnostic {
    finding.diagnostic("squares", &ToString::to_string, &|p| serde_json::json!(p), &|f| {
        (f.label.clone(), serde_json::json!(f))
    })
}

fn summary_json(rules: &Ruleset, state: &GameState) -> serde_json::Value {
    serde_json::json!({
        "round": state.round,
        "current_player": state.current.index() + 1,
        "outcome": match state.outcome {
            Outcome::Ongoing => serde_json::json!("ongoing"),
            Outcome::Draw => serde_json::json!("draw"),
            Outcome::Won { winner, reason } => serde_json::json!({ "winner": winner.index() + 1, "reason": reason }),
        },
        "players": state.players.iter().enumerate().map(|(seat, p)| serde_json::json!({
            "player": seat + 1,
            "funds": p.funds,
            "medals": p.medals,
            "charge": p.charge,
            "co": p.co.map(|co| rules.co(co).id.clone()),
            "defeated": p.defeated,
            "units": state.units.iter().filter(|u| u.owner.index() == seat).count(),
        })).collect::<Vec<_>>(),
    })
}

impl OpenScenario for Opened<Swat> {
    fn name(&self) -> &str {
        &self.scenario.name
    }

    fn findings(&self) -> Vec<Diagnostic> {
        validate(&self.rules, &self.scenario).iter().map(diagnostic).collect()
    }

    fn stats(&self) -> Report {
        let scenario = &self.scenario;
        let stats = statistics(&self.rules, scenario);
        let mut text = format!(
            "{} ({} x {}, {} players)\n",
            scenario.name,
            scenario.board.width,
            scenario.board.height,
            scenario.players.len()
        );
        for p in &stats.players {
            let _ = writeln!(
                text,
                "  player {}: {} cities, {} factories, {} HQ; income ${}, funds ${}, {} units worth ${}",
                p.player + 1,
                p.cities,
                p.factories,
                p.hqs,
                p.starting_income,
                p.funds,
                p.units,
                p.starting_unit_value
            );
        }
        if !stats.neutral_properties.is_empty() {
            let _ = writeln!(text, "  first turn a capturing unit can stand on each neutral property:");
        }
        for race in &stats.neutral_properties {
            let turns: Vec<String> = race
                .first_turn
                .iter()
                .enumerate()
                .map(|(seat, t)| format!("p{} {}", seat + 1, t.map_or_else(|| "never".to_owned(), |t| t.to_string())))
                .collect();
            let _ = writeln!(text, "    {} {}: {}", race.kind.label(), race.pos, turns.join(", "));
        }
        Report { text, json: serde_json::json!(stats) }
    }

    fn symmetry(&self, kind: Option<&str>) -> Result<Report, String> {
        let symmetry = crate::board::symmetry_to_check(kind, self.scenario.symmetry)?;
        let report = symmetry_report(&self.scenario, symmetry)
            .map_err(|_| format!("a {} needs a square board", symmetry.label()))?;
        let mut text = if report.is_empty() {
            format!("{}: symmetric under {}\n", self.scenario.name, symmetry.label())
        } else {
            format!("{}: {} asymmetries under {}\n", self.scenario.name, report.len(), symmetry.label())
        };
        for asymmetry in &report {
            let _ =
                writeln!(text, "  {} at {} differs from {}", asymmetry.broken.name(), asymmetry.pos, asymmetry.image);
        }
        let json = serde_json::json!({
            "symmetry": symmetry,
            "symmetric": report.is_empty(),
            "asymmetries": report,
        });
        Ok(Report { text, json })
    }

    fn play(&self, script: &str, seed: u64) -> Result<Played, String> {
        let rules = &self.rules;
        let script = parse_script(rules, script).map_err(|e| e.to_string())?;
        let setup = self.scenario.to_setup(rules)?;
        let run =
            run_script(rules.as_ref(), &setup, seed, &script, |scripted, state| Some(scripted.resolve(rules, state)))
                .map_err(|e| format!("the game cannot start: {e}"))?;
        let (events, state, failure) = (run.events, run.state, run.refused);
        let json = serde_json::json!({
            "events": events,
            "summary": summary_json(rules, &state),
            "refused": failure.as_ref().map(|(line, action, rejection)| serde_json::json!({
                "line": line, "action": action, "reason": rejection.to_string(), "rejection": rejection,
            })),
        });
        let mut text = String::new();
        for event in &events {
            let _ = writeln!(text, "{}", describe_event(rules, event));
        }
        let _ = writeln!(text, "-- round {}, {}", state.round, state.outcome);
        for (seat, player) in state.players.iter().enumerate() {
            let units = state.units.iter().filter(|u| u.owner.index() == seat).count();
            let _ = writeln!(
                text,
                "   player {}: ${}, {units} units, {} medals{}{}",
                seat + 1,
                player.funds,
                player.medals,
                player.co.map_or_else(String::new, |co| format!(", CO {}", rules.co(co).name)),
                if player.defeated { ", defeated" } else { "" }
            );
        }
        let refused = failure.map(|(line, action, rejection)| (line, format!("{action:?} was refused: {rejection}")));
        Ok(Played { report: Report { text, json }, refused })
    }

    fn simulate(&self, run: Run, progress: &mut dyn FnMut(usize)) -> Result<Report, String> {
        // The seat that moves first rotates from game to game.
        let setup = |first: u8| {
            let mut scenario = self.scenario.clone();
            scenario.first_player = first;
            scenario.to_setup(&self.rules)
        };
        let seats: Vec<String> = (1..=self.scenario.players.len()).map(|n| format!("player {n}")).collect();
        crate::game::simulate(
            self.rules.as_ref(),
            &self.scenario.name,
            &seats,
            &setup,
            true,
            run,
            progress,
            &mut |_, _| {},
        )
    }

    /// Each player's CO (the lab pairs them; `none` takes it away) and starting funds.
    fn settings(&self) -> Vec<crate::game::Setting> {
        use crate::game::{Setting, SettingKind};
        let mut settings = Vec::new();
        for seat in 0..self.scenario.players.len() {
            let player = format!("Player {}", seat + 1);
            settings.push(Setting {
                name: format!("co:{}", seat + 1),
                label: format!("{player}'s CO"),
                kind: SettingKind::SeatChoice {
                    seat: u8::try_from(seat).unwrap_or(u8::MAX),
                    values: self.rules.cos.iter().map(|c| c.id.clone()).collect(),
                    off: "none".into(),
                },
            });
            settings.push(Setting {
                name: format!("funds:{}", seat + 1),
                label: format!("{player}'s starting funds"),
                kind: SettingKind::Number { min: 0, max: 1_000_000 },
            });
        }
        settings
    }

    fn with_setting(&self, name: &str, value: &str) -> Result<Box<dyn OpenScenario>, String> {
        let mut scenario = self.scenario.clone();
        let seat = |text: &str| -> Result<usize, String> {
            let seat: usize = text.parse().map_err(|_| format!("'{text}' is not a seat number"))?;
            if seat == 0 || seat > scenario.players.len() {
                return Err(format!("seat {seat} does not exist; the scenario has {} players", scenario.players.len()));
            }
            Ok(seat - 1)
        };
        let co = |value: &str| -> Result<CoChoice<String>, String> {
            match value {
                "none" => Ok(CoChoice::NoCo),
                "random" => Ok(CoChoice::Random),
                id if self.rules.cos.iter().any(|c| c.id == id) => Ok(CoChoice::Chosen(id.to_owned())),
                other => Err(format!("unknown CO '{other}'")),
            }
        };
        match name.split_once(':') {
            Some(("co", n)) => {
                let seat = seat(n)?;
                scenario.players[seat].co = co(value)?;
            }
            Some(("funds", n)) => {
                let seat = seat(n)?;
                let funds: i64 = value.parse().map_err(|_| format!("funds of '{value}' is not a whole number"))?;
                if !(0..=1_000_000).contains(&funds) {
                    return Err(format!("funds of {funds} are out of range (0 to 1000000)"));
                }
                scenario.players[seat].funds = funds;
            }
            None if name == "cos" => {
                let choice = co(value)?;
                for player in &mut scenario.players {
                    player.co = choice.clone();
                }
            }
            _ => return Err(format!("Skirmish Wars has no setting '{name}'; it knows co:N, cos and funds:N")),
        }
        Ok(Self::boxed(Arc::clone(&self.rules), scenario))
    }

    fn seats(&self) -> u8 {
        u8::try_from(self.scenario.players.len()).unwrap_or(u8::MAX)
    }

    fn battle(
        &self,
        seed: u64,
        first: u8,
        round_cap: u32,
        levels: &[crate::game::Level],
    ) -> Result<crate::game::GameRecord, String> {
        super::playtest::ai_game_at(&self.rules, &self.scenario, seed, first, round_cap, levels)
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

    /// One-inch squares, the size the rules' board is printed at.
    fn default_paper(&self) -> crate::export::Paper {
        // One 6 x 6 tile of 1-inch squares fills a Letter page (the house ruleset's print default).
        crate::export::Paper::Letter
    }

    fn default_scale(&self) -> f32 {
        72.0
    }

    fn export_foreign(&self, format: &str) -> Option<(String, Vec<String>)> {
        (format == "awbw").then(|| export_awbw_csv(&self.rules, &self.scenario))
    }
}
