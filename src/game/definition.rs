//! A game's definition, written once into the seam: a game says which ruleset it loads, how it
//! describes it, how it opens and imports a scenario, and the seam's [`GameSystem`] and
//! [`SystemRules`] follow for every game from this one impl (after boardgame.io's game object:
//! the game is data about the game, the framework is the code around it).

use super::{GameSystem, OpenScenario, Report, RulesProblem, SystemRules};
use crate::files::FileError;
use crate::ruleset::RulesetError;
use std::sync::Arc;

/// One game, as the registry lists it.
pub trait GameDefinition: Sync + 'static {
    /// Its loaded ruleset (data and house readings' descriptions).
    type Ruleset: Send + Sync + 'static;
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
        Self::from_ron(Self::BUILTIN)
    }
    /// A replacement ruleset from its file's text, checked as a whole.
    ///
    /// # Errors
    /// Every problem, each with its place.
    fn from_ron(text: &str) -> Result<Self::Ruleset, RulesetError>;
    /// The ruleset, for `skirmish-studio ruleset`.
    fn describe(rules: &Self::Ruleset) -> Report;
    /// Reads a scenario file of this game.
    ///
    /// # Errors
    /// Where and why the file cannot be read.
    fn open(rules: &Arc<Self::Ruleset>, text: &str) -> Result<Box<dyn OpenScenario>, FileError>;
    /// Reads a map from another program's format, giving this game's scenario file and a
    /// report; `None` when the game imports none.
    fn import(_rules: &Arc<Self::Ruleset>, _text: &str, _name: &str) -> Option<Result<(String, Report), FileError>> {
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

    fn rules(&self, replacement: Option<&str>) -> Result<Box<dyn SystemRules>, RulesProblem> {
        let loaded = match replacement {
            None => G::builtin()?,
            Some(text) => G::from_ron(text)?,
        };
        Ok(Box::new(Loaded::<G>(Arc::new(loaded))))
    }
}

/// A game with its ruleset loaded.
struct Loaded<G: GameDefinition>(Arc<G::Ruleset>);

impl<G: GameDefinition> SystemRules for Loaded<G> {
    fn describe(&self) -> Report {
        G::describe(&self.0)
    }

    fn open(&self, text: &str) -> Result<Box<dyn OpenScenario>, FileError> {
        G::open(&self.0, text)
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
        Some(text) => G::from_ron(text),
        None => G::builtin(),
    }
    .map(Arc::new)
    .map_err(|e| format!("the {} data cannot be used: {e}", G::TITLE))
}
