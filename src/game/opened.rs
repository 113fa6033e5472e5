//! The seam's [`OpenScenario`] written once for every game's [`Opened`] scenario: what each
//! headless command does (validate, stats, symmetry, play a script, simulate, one lab battle,
//! settings, print) is the same code for every game, calling the hooks of its
//! [`GameDefinition`] for what only the game can say.

use super::definition::FirstMover;
use super::{
    Course, Diagnostic, Finding, GameDefinition, GameRecord, GameWithCourse, Level, OpenScenario, Opened, Played,
    Report, Rules, Run, Setting, Watched, run_battle_replaying, run_script,
};
use crate::export::{ExportOptions, Paper, PdfReport, Sheet};
use std::fmt::Write as _;
use std::sync::Arc;

/// A validator finding of game `G` as the command line and the window show it.
#[must_use]
pub fn diagnostic<G: GameDefinition>(rules: &G::Ruleset, finding: &Finding<G::Place, G::Fix>) -> Diagnostic {
    finding.diagnostic(G::PLACES_KEY, rules)
}

impl<G: GameDefinition> Opened<G> {
    /// One lab game of the scenario, the first `replay` decisions taken from a course where
    /// one is given: what `battle`, `battle_watched` and `battle_replaying` all play. `first`
    /// is the first mover only where the game lets the lab choose it. A game `watched` starts
    /// from a setup of its own; the others borrow an earlier game's setup from `earlier` and
    /// start from [`GameDefinition::setup_again`] of it, sharing what earlier games kept.
    fn lab_game(
        &self,
        (seed, first): (u64, u8),
        round_cap: u32,
        levels: &[Level],
        replay: Option<(&Course<<G::Core as Rules>::Action>, usize)>,
        watched: bool,
    ) -> Result<GameWithCourse<G::Core>, String> {
        let first = (G::FIRST_MOVER != FirstMover::Rules).then_some(first);
        let core = G::core(&self.rules);
        // A watched game's answers must all be worked out in it: the watch sees which readings
        // a game's course asked only as it asks them, so an answer kept from another game would
        // hide a question from it, and the lab would copy a game that could have gone otherwise.
        if watched {
            let setup = G::setup(&self.rules, &self.scenario, first)?;
            return run_battle_replaying(&core, setup, seed, first, round_cap, levels, replay);
        }
        self.earlier.lend(
            || G::setup(&self.rules, &self.scenario, first),
            |earlier| {
                let setup = G::setup_again(&self.rules, &self.scenario, first, earlier)?;
                run_battle_replaying(&core, setup, seed, first, round_cap, levels, replay)
            },
        )
    }
}

impl<G: GameDefinition> OpenScenario for Opened<G> {
    fn name(&self) -> &str {
        G::name(&self.scenario)
    }

    fn findings(&self) -> Vec<Diagnostic> {
        G::validate(&self.rules, &self.scenario).iter().map(|f| diagnostic::<G>(&self.rules, f)).collect()
    }

    fn stats(&self) -> Report {
        let report = G::stats(&self.rules, &self.scenario);
        Report { text: super::named_seats(&report.text, &G::seat_names(&self.rules, &self.scenario)), ..report }
    }

    fn symmetry(&self, kind: Option<&str>) -> Result<Report, String> {
        G::symmetry(&self.rules, &self.scenario, kind)
    }

    /// The script's lines resolved one by one against the position each meets; the events in
    /// the game's words, the game's closing line, and the refusal that stopped it, if any.
    fn play(&self, script: &str, seed: u64) -> Result<Played, String> {
        let script = G::read_script(&self.rules, script)?;
        let core = G::core(&self.rules);
        let setup = G::setup(&self.rules, &self.scenario, None)?;
        // The first line that names nothing in its position stops the script and is the answer.
        let problem = std::cell::RefCell::new(None);
        let run = run_script(&core, &setup, seed, &script, |scripted, state| {
            G::resolve(&self.rules, scripted, state).unwrap_or_else(|e| {
                problem.borrow_mut().get_or_insert(e);
                None
            })
        })?;
        if let Some(problem) = problem.into_inner() {
            return Err(problem);
        }
        let mut text = String::new();
        for line in &run.log {
            let _ = writeln!(text, "{line}");
        }
        let (closing, mut json) = G::summary(&self.rules, &self.scenario, &run.state);
        let _ = writeln!(text, "{closing}");
        let text = super::named_seats(&text, &G::seat_names(&self.rules, &self.scenario));
        json["events"] = serde_json::json!(run.events);
        json["refused"] = serde_json::json!(run.refused.as_ref().map(|(line, action, rejection)| serde_json::json!({
            "line": line, "action": action, "reason": rejection.to_string(), "rejection": rejection,
        })));
        let refused = run.refused.map(|(line, action, rejection)| {
            let why = core.rejection_text(&run.state, &rejection);
            let said = match core.action_text(&run.state, &action) {
                Some(words) => format!("{words} is refused: {why}"),
                None => format!("{action:?} was refused: {why}"),
            };
            (line, super::named_seats(&said, &G::seat_names(&self.rules, &self.scenario)))
        });
        Ok(Played { report: Report { text, json }, refused })
    }

    fn simulate(&self, run: Run, progress: &mut dyn FnMut(usize)) -> Result<Report, String> {
        G::simulate(self, run, progress)
    }

    fn seats(&self) -> u8 {
        G::seats(&self.scenario)
    }

    fn seat_names(&self) -> Vec<String> {
        G::seat_names(&self.rules, &self.scenario)
    }

    fn lab_naming(&self) -> super::LabNaming {
        use crate::export::PrintJobs as _;
        super::LabNaming {
            seats: G::seat_names(&self.rules, &self.scenario),
            heat: G::HEAT,
            board: G::print(&self.rules, &self.scenario).board_units(),
        }
    }

    /// `first` is the first mover only where the game lets the lab choose it.
    fn battle(&self, seed: u64, first: u8, round_cap: u32, levels: &[Level]) -> Result<GameRecord, String> {
        self.lab_game((seed, first), round_cap, levels, None, false).map(|(record, _, _)| record)
    }

    fn battle_watched(
        &self,
        seed: u64,
        first: u8,
        round_cap: u32,
        levels: &[Level],
        variants: &[(String, String)],
    ) -> Result<Watched, String> {
        let (played, differs_from) =
            G::watch_readings(&self.scenario, variants, || self.lab_game((seed, first), round_cap, levels, None, true));
        let (record, _, course) = played?;
        Ok(Watched { record, differs_from, course: Box::new(course) })
    }

    fn battle_replaying(
        &self,
        seed: u64,
        first: u8,
        round_cap: u32,
        levels: &[Level],
        (course, decisions): (&(dyn std::any::Any + Send + Sync), usize),
    ) -> Result<GameRecord, String> {
        // A course of another game's actions is not replayed: the game is played whole.
        let replay = course.downcast_ref::<Course<<G::Core as Rules>::Action>>().map(|course| (course, decisions));
        self.lab_game((seed, first), round_cap, levels, replay, false).map(|(record, _, _)| record)
    }

    fn let_go_of_kept(&self) {
        self.earlier.clear();
    }

    fn settings(&self) -> Vec<Setting> {
        G::settings(&self.rules, &self.scenario)
    }

    /// Each edit the game proposes, with its scenario ready to play and its file text; one
    /// the game cannot write, or one its validator finds a new error in, is left out: an
    /// edit keeps the scenario valid.
    fn edits(&self, aim: &super::Aim) -> Vec<super::Proposal> {
        let errors = |scenario: &G::Scenario| {
            G::validate(&self.rules, scenario).iter().filter(|f| f.severity == super::Severity::Error).count()
        };
        let before = errors(&self.scenario);
        G::edits(&self.rules, &self.scenario, aim)
            .into_iter()
            .filter(|edit| errors(&edit.scenario) <= before)
            .filter_map(|edit| {
                let text = G::save(&self.rules, &edit.scenario).ok()?;
                Some(super::Proposal {
                    words: edit.words,
                    place: edit.place,
                    changes: edit.changes,
                    weight: edit.weight,
                    breaks_symmetry: edit.breaks_symmetry,
                    marks: edit.marks,
                    scenario: Self::boxed(Arc::clone(&self.rules), edit.scenario),
                    text,
                })
            })
            .collect()
    }

    fn calibrate(&self, games: usize, seed: u64, threads: usize) -> Option<Result<Report, String>> {
        G::calibrate(self, games, seed, threads)
    }

    fn setting_value(&self, name: &str) -> Option<String> {
        G::setting_value(&self.scenario, name)
    }

    /// A name the game refuses and does not list gets the nearest one it lists
    /// (`reading.foilage`: did you mean `reading.foliage`?).
    fn with_setting(&self, name: &str, value: &str) -> Result<Box<dyn OpenScenario>, String> {
        let scenario = G::with_setting(&self.rules, &self.scenario, name, value).map_err(|refusal| {
            let listed = G::settings(&self.rules, &self.scenario);
            if listed.iter().any(|s| s.name == name) {
                return refusal;
            }
            match crate::files::close_name(name, listed.iter().map(|s| s.name.as_str())) {
                Some(nearest) => format!("{refusal} (did you mean `{nearest}`?)"),
                None => refusal,
            }
        })?;
        Ok(Self::boxed(Arc::clone(&self.rules), scenario))
    }

    fn export_pdf(&self, options: &ExportOptions, progress: &mut dyn FnMut(usize, usize)) -> Result<PdfReport, String> {
        options.sheets.check(G::SHEETS, G::TITLE)?;
        crate::export::print_pdf(&G::print(&self.rules, &self.scenario), options, progress)
    }

    fn export_png(
        &self,
        scale: f32,
        dpi: u32,
        greyscale: bool,
        art: crate::export::PrintArt<'_>,
    ) -> Result<Vec<u8>, String> {
        crate::export::print_png(&G::print(&self.rules, &self.scenario), scale, dpi, greyscale, art)
    }

    fn backdrop(&self) -> Option<&crate::art::Backdrop> {
        crate::art::WithArt::backdrop(&self.scenario)
    }

    fn art(&self) -> &crate::art::ArtBook {
        crate::art::WithArt::art(&self.scenario)
    }

    fn art_kinds(&self) -> Vec<crate::art::ArtKind> {
        G::art_kinds(&self.rules, &self.scenario)
    }

    fn art_dpi(&self, art: &crate::art::LoadedArt, scale: f32) -> Vec<(String, f64)> {
        crate::export::art_dpi(&G::print(&self.rules, &self.scenario), art, scale)
    }

    fn board_extent(&self) -> (u16, u16, &'static str) {
        crate::export::board_extent(&G::print(&self.rules, &self.scenario))
    }

    fn sheets(&self) -> &'static [Sheet] {
        G::SHEETS
    }

    fn default_scale(&self) -> f32 {
        G::scale(&self.rules)
    }

    fn default_paper(&self) -> Paper {
        G::PAPER
    }

    fn export_foreign(&self, format: &str) -> Option<(String, Vec<String>)> {
        G::export_foreign(&self.rules, &self.scenario, format)
    }
}
