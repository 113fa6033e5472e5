//! A game's definition, written once into the seam: a game says which ruleset it loads, how it
//! describes it, how it opens and imports a scenario, and the seam's [`GameSystem`] and
//! [`SystemRules`] follow for every game from this one impl (after boardgame.io's game object:
//! the game is data about the game, the framework is the code around it).

use super::{GameSystem, OpenScenario, Report, RulesProblem, SystemRules};
use crate::files::FileError;
use crate::ruleset::RulesetError;
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
    Report { text, json }
}

/// One game, as the registry lists it.
pub trait GameDefinition: Sync + 'static {
    /// Its loaded ruleset (data and house readings' descriptions).
    type Ruleset: GameRuleset;
    /// The id a scenario file names in its `system` field.
    const ID: &'static str;
    /// The game's name for people.
    const TITLE: &'static str;

    /// The built-in ruleset's file text (shipped inside the binary).
    const BUILTIN: &'static str;

    /// The built-in ruleset.
    ///
    /// # Errors
    /// Every problem of the built-in data (a build that ships broken data).
    fn builtin() -> Result<Self::Ruleset, RulesetError> {
        Self::Ruleset::read(Self::BUILTIN)
    }
    /// Its scenario, as its files hold it.
    type Scenario: Clone + Send + Sync + 'static;
    /// Reads a scenario file of this game.
    ///
    /// # Errors
    /// Where and why the file cannot be read.
    fn load(rules: &Self::Ruleset, text: &str) -> Result<Self::Scenario, FileError>;
    /// Reads a map from another program's format, giving this game's scenario file and a
    /// report; `None` when the game imports none.
    fn import(_rules: &Arc<Self::Ruleset>, _text: &str, _name: &str) -> Option<Result<(String, Report), FileError>> {
        None
    }
}

impl<G: GameDefinition> GameSystem for G
where
    Opened<G>: OpenScenario,
{
    fn id(&self) -> &'static str {
        G::ID
    }

    fn title(&self) -> &'static str {
        G::TITLE
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
/// the headless commands and the balance lab on (each game writes `impl OpenScenario for
/// Opened<ItsGame>`).
pub struct Opened<G: GameDefinition> {
    /// The ruleset it plays by.
    pub rules: Arc<G::Ruleset>,
    /// The scenario.
    pub scenario: G::Scenario,
}

impl<G: GameDefinition> Opened<G>
where
    Opened<G>: OpenScenario,
{
    /// The scenario behind the seam (the window's document, for export and the lab).
    #[must_use]
    pub fn boxed(rules: Arc<G::Ruleset>, scenario: G::Scenario) -> Box<dyn OpenScenario> {
        Box::new(Self { rules, scenario })
    }
}

/// A game with its ruleset loaded.
struct Loaded<G: GameDefinition>(Arc<G::Ruleset>);

impl<G: GameDefinition> SystemRules for Loaded<G>
where
    Opened<G>: OpenScenario,
{
    fn describe(&self) -> Report {
        describe_ruleset(&*self.0)
    }

    fn open(&self, text: &str) -> Result<Box<dyn OpenScenario>, FileError> {
        Ok(Opened::<G>::boxed(Arc::clone(&self.0), G::load(&self.0, text)?))
    }

    fn import(&self, text: &str, name: &str) -> Option<Result<(String, Report), FileError>> {
        G::import(&self.0, text, name)
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
