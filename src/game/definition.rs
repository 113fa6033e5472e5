//! A game's definition, written once into the seam: a game says which ruleset it loads, how it
//! describes it, how it opens and imports a scenario, and the seam's [`GameSystem`] and
//! [`SystemRules`] follow for every game from this one impl (after boardgame.io's game object:
//! the game is data about the game, the framework is the code around it).

use super::{Finding, GameSystem, OpenScenario, Report, Rules, RulesProblem, Run, Setting, SystemRules};
use crate::export::{Paper, Sheet};
use crate::files::FileError;
use crate::ruleset::RulesetError;
use serde::Serialize;
use std::sync::Arc;

/// A game's ruleset as the seam reads and shows it; [`describe_ruleset`] writes what every
/// game's `ruleset` command says around what only the game can.
pub trait GameRuleset: serde::Serialize + Sized + Send + Sync + 'static {
    /// A ruleset from its file's text, checked as a whole.
    ///
    /// # Errors
    /// Every problem, each with its place.
    fn read(text: &str) -> Result<Self, RulesetError>;
    /// Its counts and its table, a line each (each line starting with two spaces).
    fn contents(&self) -> String;
    /// The house readings its scenarios take, the default value of each first; none by default.
    fn readings(&self) -> &'static [crate::ruleset::Reading] {
        &[]
    }
    /// The computer's levels as measured on the game's fixed pool of generated scenarios
    /// (`ruleset --system ID` prints their Elo); none before they are measured.
    fn level_strength(&self) -> Option<super::planner::Strength> {
        None
    }
    /// The kinds its games draw with the designer's art where a scenario gives some (its
    /// terrains, pieces, units), in the order the Art panel lists them; none by default.
    fn art_kinds(&self) -> Vec<crate::art::ArtKind> {
        Vec::new()
    }
}

/// What `skirmish-studio ruleset` says of a ruleset that every command can use: `ok:` with its
/// name and version, the game's contents, and its house readings with the sentence each
/// resolves; the JSON is the ruleset itself with its readings.
#[must_use]
pub fn describe_ruleset<R: GameRuleset>(rules: &R) -> Report {
    use std::fmt::Write as _;
    let mut json = serde_json::json!(rules);
    // Every game's ruleset file names itself and its version; the heading reads them there.
    let field = |name: &str| match &json[name] {
        serde_json::Value::String(text) => text.clone(),
        other => other.to_string(),
    };
    let mut text = format!("ok: {} (version {})\n{}", field("name"), field("version"), rules.contents());
    let readings = rules.readings();
    if !readings.is_empty() {
        let values = |r: &crate::ruleset::Reading| r.values.join(" | ");
        let name_width = readings.iter().map(|r| r.name.len()).max().unwrap_or(0);
        let values_width = readings.iter().map(|r| values(r).len()).max().unwrap_or(0);
        let _ = writeln!(text, "  house readings (reading.NAME=VALUE, default first):");
        for reading in readings {
            let _ = writeln!(
                text,
                "    {:<name_width$} {:<values_width$} {}",
                reading.name,
                values(reading),
                reading.sentence
            );
        }
        json["readings"] = serde_json::json!(
            readings
                .iter()
                .map(|r| serde_json::json!({
                    "name": r.name, "values": r.values, "sentence": r.sentence, "changes_play": r.changes_play,
                }))
                .collect::<Vec<_>>()
        );
    }
    if let Some(strength) = rules.level_strength() {
        for line in strength.lines() {
            let _ = writeln!(text, "  {line}");
        }
        let [normal, hard] = strength.elo();
        json["levels"] = serde_json::json!({
            "pool": strength.pool,
            "normal_over_easy": strength.normal_over_easy,
            "hard_over_normal": strength.hard_over_normal,
            "elo": { "easy": 0.0, "normal": [normal.0, normal.1, normal.2], "hard": [hard.0, hard.1, hard.2] },
        });
    }
    Report { text, json }
}

/// Who moves first in the lab's games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstMover {
    /// The scenario names the first seat and the lab may change it: `simulate` rotates it and
    /// the balance lab fixes it for each game (Skirmish Wars).
    Rotated,
    /// The rules decide in play (a roll-off), but the balance lab may fix it to judge the
    /// position apart from the first move (Armored Advance).
    RolledOffOrFixed,
    /// The rules decide in play and the lab cannot change it (a text's fixed order, or an
    /// initiative rolled every turn).
    Rules,
}

/// One game, as the registry lists it: its data, its scenario, its typed rules core and the
/// words and pages only it can give. The seam's [`GameSystem`], [`SystemRules`] and
/// [`OpenScenario`] are written once from it (`opened.rs`), so a game writes no command.
pub trait GameDefinition: Sync + Sized + 'static {
    /// Its loaded ruleset (data and house readings' descriptions).
    type Ruleset: GameRuleset;
    /// Its scenario, as its files hold it.
    type Scenario: Clone + Send + Sync + crate::art::WithArt + 'static;
    /// Its typed rules core, made from the loaded ruleset.
    type Core: Rules<Action: Serialize, Event: Serialize, Rejection: Serialize>;
    /// Where a validator finding points (a square, a point of a table), in words and JSON.
    type Place: super::Shown<Self::Ruleset> + Send + 'static;
    /// A validator finding's one-click fix, its label and JSON read with the data.
    type Fix: super::Shown<Self::Ruleset> + Send + 'static;
    /// One line of an action script as read before the game is played.
    type Scripted;

    /// The id a scenario file names in its `system` field.
    const ID: &'static str;
    /// The game's full name for people (`Skirmish Wars: Advance Tactics`).
    const TITLE: &'static str;
    /// The short name people call it by, in the window and its saved games (`Skirmish Wars`).
    const NAME: &'static str;
    /// The built-in ruleset's file text (shipped inside the binary).
    const BUILTIN: &'static str;
    /// Who moves first in the lab's games.
    const FIRST_MOVER: FirstMover;
    /// The sheets it prints, in print order.
    const SHEETS: &'static [Sheet];
    /// The paper it prints on unless told otherwise (its players' usual size).
    const PAPER: Paper;
    /// The key a finding's places take in JSON (`squares`, `at`).
    const PLACES_KEY: &'static str;
    /// What the balance heatmap counts at a place (places changing hands on a board of
    /// squares unless the game says otherwise).
    const HEAT: super::HeatWords = super::HeatWords::SQUARES;

    /// The built-in ruleset.
    ///
    /// # Errors
    /// Every problem of the built-in data (a build that ships broken data).
    fn builtin() -> Result<Self::Ruleset, RulesetError> {
        Self::Ruleset::read(Self::BUILTIN)
    }
    /// Reads a scenario file of this game.
    ///
    /// # Errors
    /// Where and why the file cannot be read.
    fn load(rules: &Self::Ruleset, text: &str) -> Result<Self::Scenario, FileError>;
    /// The scenario's file text.
    ///
    /// # Errors
    /// It cannot be written.
    fn save(rules: &Self::Ruleset, scenario: &Self::Scenario) -> Result<String, String>;
    /// Reads a map from another program's format, giving this game's scenario file and a
    /// report; `None` when the game imports none.
    fn import(_rules: &Arc<Self::Ruleset>, _text: &str, _name: &str) -> Option<Result<(String, Report), FileError>> {
        None
    }
    /// A symmetric scenario drawn from a seed: a designer's starting point and where the
    /// computer players are judged. Every choice comes from `choose`, so the same request
    /// gives the same scenario; its description is `choose.said()`.
    ///
    /// # Errors
    /// A choice the game cannot make (a value or size out of range).
    fn generate(rules: &Self::Ruleset, choose: &mut super::Chooser) -> Result<Self::Scenario, String>;
    /// The scenario's title.
    fn name(scenario: &Self::Scenario) -> &str;
    /// The rules core playing by this ruleset.
    fn core(rules: &Arc<Self::Ruleset>) -> Self::Core;
    /// What a game of the scenario starts from; `first` fixes the first seat where
    /// [`GameDefinition::FIRST_MOVER`] lets the lab choose it.
    ///
    /// # Errors
    /// Why the scenario cannot start a game.
    fn setup(
        rules: &Self::Ruleset,
        scenario: &Self::Scenario,
        first: Option<u8>,
    ) -> Result<<Self::Core as Rules>::Setup, String>;
    /// The setup of another of the balance lab's games of the scenario, given `earlier`, the
    /// one [`GameDefinition::setup`] made for an earlier game of it (with any first seat).
    /// It must be that same setup for `first`; a game whose setup keeps the answers of pure
    /// questions (sight lines, way-finding fields) gives a copy sharing them, so the lab does
    /// not work out the same answers game after game. What is shared must depend on nothing a
    /// game's seed or first seat changes. By default the setup is made afresh.
    ///
    /// # Errors
    /// Why the scenario cannot start a game.
    fn setup_again(
        rules: &Self::Ruleset,
        scenario: &Self::Scenario,
        first: Option<u8>,
        earlier: &<Self::Core as Rules>::Setup,
    ) -> Result<<Self::Core as Rules>::Setup, String> {
        let _ = earlier;
        Self::setup(rules, scenario, first)
    }
    /// Its seats (players, squads, sides).
    fn seats(_scenario: &Self::Scenario) -> u8 {
        2
    }
    /// The seats the computer plays when a playtest starts: every seat but the first unless
    /// the game or its scenario says otherwise.
    fn computer_seats(_rules: &Self::Ruleset, scenario: &Self::Scenario) -> Vec<bool> {
        (0..Self::seats(scenario)).map(|seat| seat > 0).collect()
    }
    /// A playtest's position as a scenario of this game, from the scenario it started on.
    fn fork(rules: &Self::Ruleset, base: &Self::Scenario, state: &<Self::Core as Rules>::State) -> Self::Scenario;
    /// Each seat's name for the lab's words ("player 1" unless the game names its sides).
    fn seat_names(_rules: &Self::Ruleset, scenario: &Self::Scenario) -> Vec<String> {
        (1..=Self::seats(scenario)).map(|n| format!("player {n}")).collect()
    }

    /// Every finding of the validator.
    fn validate(rules: &Self::Ruleset, scenario: &Self::Scenario) -> Vec<Finding<Self::Place, Self::Fix>>;
    /// Statistics for the designer (`stats`).
    fn stats(rules: &Self::Ruleset, scenario: &Self::Scenario) -> Report;
    /// The kinds it draws with the designer's art where the scenario gives some, in the order
    /// the Art panel lists them: its ruleset's (`GameRuleset::art_kinds`) unless a scenario
    /// adds its own (Skirm's named units).
    fn art_kinds(rules: &Self::Ruleset, scenario: &Self::Scenario) -> Vec<crate::art::ArtKind> {
        let _ = scenario;
        GameRuleset::art_kinds(rules)
    }
    /// The asymmetries under the declared symmetry or a named one (`symmetry`).
    ///
    /// # Errors
    /// An unknown kind, none declared, or one that cannot hold on this board.
    fn symmetry(rules: &Self::Ruleset, scenario: &Self::Scenario, kind: Option<&str>) -> Result<Report, String>;

    /// Reads an action script (its lines with their numbers, at most
    /// [`super::MAX_SCRIPT_ACTIONS`] and one more).
    ///
    /// # Errors
    /// The line that cannot be read, and why.
    fn read_script(rules: &Self::Ruleset, text: &str) -> Result<Vec<(usize, Self::Scripted)>, String>;
    /// A script's line as the action it names in the position it meets (`None`: no action,
    /// the script stops).
    ///
    /// # Errors
    /// The line names nothing this position has.
    fn resolve(
        rules: &Arc<Self::Ruleset>,
        scripted: &Self::Scripted,
        state: &<Self::Core as Rules>::State,
    ) -> Result<Option<<Self::Core as Rules>::Action>, String>;
    /// The position a script left: a closing line for a person (`-- round 3, ...`) and its
    /// numbers as a JSON object (merged beside the events).
    fn summary(
        rules: &Self::Ruleset,
        scenario: &Self::Scenario,
        state: &<Self::Core as Rules>::State,
    ) -> (String, serde_json::Value);

    /// Computer against computer: the shared [`super::simulate`] at Normal; a game that adds
    /// its own lines (Skirm's mission points) overrides it and calls the shared one.
    ///
    /// # Errors
    /// Why the games cannot be played.
    fn simulate(opened: &Opened<Self>, run: Run, progress: &mut dyn FnMut(usize)) -> Result<Report, String> {
        let rotates = Self::FIRST_MOVER == FirstMover::Rotated;
        let setup = |first: u8| Self::setup(&opened.rules, &opened.scenario, rotates.then_some(first));
        let seats = Self::seat_names(&opened.rules, &opened.scenario);
        let core = Self::core(&opened.rules);
        super::simulate(&core, Self::name(&opened.scenario), &seats, &setup, rotates, run, progress, &mut |_, _| {})
    }

    /// What the scenario lets the lab vary: numbers, each seat's own choice, the house
    /// readings; none by default.
    fn settings(_rules: &Self::Ruleset, _scenario: &Self::Scenario) -> Vec<Setting> {
        Vec::new()
    }
    /// The value a named setting has now, where it takes named values.
    fn setting_value(_scenario: &Self::Scenario, _name: &str) -> Option<String> {
        None
    }
    /// A copy of the scenario with one setting changed.
    ///
    /// # Errors
    /// No such setting, or the value does not fit it.
    fn with_setting(
        rules: &Self::Ruleset,
        scenario: &Self::Scenario,
        name: &str,
        value: &str,
    ) -> Result<Self::Scenario, String>;
    /// Plays `play` watching the questions the game puts to the scenario's house readings,
    /// against each of `variants` (a setting and a value, as [`GameDefinition::with_setting`]
    /// takes them): `play`'s result and, per variant, the first decision from which the game
    /// could have gone otherwise under it ([`crate::watch::watching`]). A game whose readings
    /// do not answer through the watch says every variant could from the start (the default).
    fn watch_readings<T>(
        _scenario: &Self::Scenario,
        variants: &[(String, String)],
        play: impl FnOnce() -> T,
    ) -> (T, Vec<Option<usize>>) {
        (play(), vec![Some(0); variants.len()])
    }
    /// The edits it proposes toward `aim`, smallest first (the balance lab's suggestions play
    /// them all); none by default. Each keeps the scenario valid.
    fn edits(
        _rules: &Self::Ruleset,
        _scenario: &Self::Scenario,
        _aim: &super::Aim,
    ) -> Vec<super::Edit<Self::Scenario>> {
        Vec::new()
    }
    /// Cost calibration, for a game with unit costs.
    fn calibrate(_opened: &Opened<Self>, _games: usize, _seed: u64, _threads: usize) -> Option<Result<Report, String>> {
        None
    }

    /// Points per board unit it prints at unless told otherwise.
    fn scale(rules: &Self::Ruleset) -> f32;
    /// How it prints: its board and its own pages, from which the PDF and the PNG are both
    /// written ([`crate::export::print_pdf`], [`crate::export::print_png`]).
    fn print<'a>(rules: &'a Self::Ruleset, scenario: &'a Self::Scenario) -> impl crate::export::PrintJobs + 'a;
    /// The scenario in another program's format, where the game writes one.
    fn export_foreign(
        _rules: &Self::Ruleset,
        _scenario: &Self::Scenario,
        _format: &str,
    ) -> Option<(String, Vec<String>)> {
        None
    }
}

impl<G: GameDefinition> GameSystem for G {
    fn id(&self) -> &'static str {
        G::ID
    }

    fn title(&self) -> &'static str {
        G::TITLE
    }

    fn sheets(&self) -> &'static [Sheet] {
        G::SHEETS
    }

    fn paper(&self) -> Paper {
        G::PAPER
    }

    fn rules(&self, replacement: Option<&str>) -> Result<Box<dyn SystemRules>, RulesProblem> {
        let loaded = match replacement {
            None => G::builtin()?,
            Some(text) => G::Ruleset::read(text)?,
        };
        Ok(Box::new(Loaded::<G>(Arc::new(loaded))))
    }
}

/// One scenario of a game with the ruleset it was read with: what every game's seam answers
/// the headless commands and the balance lab on (`OpenScenario` is written once for it, in
/// `opened.rs`).
pub struct Opened<G: GameDefinition> {
    /// The ruleset it plays by.
    pub rules: Arc<G::Ruleset>,
    /// The scenario.
    pub scenario: G::Scenario,
    /// Setups of earlier unwatched lab games here, each lent to the next game to start from a
    /// copy of ([`GameDefinition::setup_again`]), sharing what it keeps.
    pub(super) earlier: super::Lending<<G::Core as Rules>::Setup>,
}

impl<G: GameDefinition> Opened<G> {
    /// The scenario behind the seam (the window's document, for export and the lab).
    #[must_use]
    pub fn boxed(rules: Arc<G::Ruleset>, scenario: G::Scenario) -> Box<dyn OpenScenario> {
        Box::new(Self { rules, scenario, earlier: super::Lending::default() })
    }
}

/// A game with its ruleset loaded.
struct Loaded<G: GameDefinition>(Arc<G::Ruleset>);

impl<G: GameDefinition> SystemRules for Loaded<G> {
    fn describe(&self) -> Report {
        describe_ruleset(&*self.0)
    }

    fn open(&self, text: &str) -> Result<Box<dyn OpenScenario>, FileError> {
        Ok(Opened::<G>::boxed(Arc::clone(&self.0), G::load(&self.0, text)?))
    }

    fn import(&self, text: &str, name: &str) -> Option<Result<(String, Report), FileError>> {
        G::import(&self.0, text, name)
    }

    fn generate(&self, request: &super::GenerateRequest) -> Result<super::Generated, String> {
        let mut choose = super::Chooser::new(G::NAME, request);
        let scenario = G::generate(&self.0, &mut choose)?;
        let said = choose.said();
        let (choices, symmetries) = choose.finish()?;
        let text = G::save(&self.0, &scenario)?;
        let scenario = Opened::<G>::boxed(Arc::clone(&self.0), scenario);
        Ok(super::Generated { text, scenario, choices, symmetries, said })
    }
}

/// A game's ruleset for a window or a command: the built-in one, or a replacement file's text;
/// what is wrong in words ("the Skirm data cannot be used: ...").
///
/// # Errors
/// Every problem of the replacement.
pub fn load_ruleset<G: GameDefinition>(replacement: Option<&str>) -> Result<Arc<G::Ruleset>, String> {
    match replacement {
        Some(text) => G::Ruleset::read(text),
        None => G::builtin(),
    }
    .map(Arc::new)
    .map_err(|e| format!("the {} data cannot be used: {e}", G::TITLE))
}
