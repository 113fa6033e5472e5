//! One game's playtest of one scenario, written once from its [`GameDefinition`]: the shared
//! [`Playtest`] with the scenario it started from and the data it plays by, started with the
//! seats the game's computer takes by default, saved and loaded in the one saved-game format,
//! and forked back into a scenario. A game writes only its hooks (`setup`, `save`,
//! `computer_seats`, `fork`) and the previews its window shows.

use super::definition::GameDefinition;
use super::play::Rules;
use super::playtest::{GameId, Playtest, read_saved_game};
use std::sync::Arc;

/// A playtest of a scenario of the game `G`.
pub struct Playing<G: GameDefinition> {
    /// The game: rules, session, the computer's seats and level, the log.
    pub play: Playtest<G::Core>,
    /// The scenario it started from, as it was when the playtest began.
    pub scenario: G::Scenario,
    /// The data it plays by.
    pub data: Arc<G::Ruleset>,
}

impl<G: GameDefinition> Clone for Playing<G>
where
    G::Core: Clone,
{
    fn clone(&self) -> Self {
        Self { play: self.play.clone(), scenario: self.scenario.clone(), data: Arc::clone(&self.data) }
    }
}

/// A playtest reads as the shared playtest it holds (`play.state`, `play.log`, `play.computer`).
impl<G: GameDefinition> std::ops::Deref for Playing<G> {
    type Target = Playtest<G::Core>;

    fn deref(&self) -> &Self::Target {
        &self.play
    }
}

impl<G: GameDefinition> std::ops::DerefMut for Playing<G> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.play
    }
}

/// Which game a saved game of `G` belongs to.
#[must_use]
pub fn game_id<G: GameDefinition>() -> GameId {
    GameId { id: G::ID, title: G::NAME }
}

impl<G: GameDefinition> Playing<G> {
    /// A playtest of `scenario` with dice `seed`, the computer on the seats the game gives it
    /// by default (the person changes them in the window).
    ///
    /// # Errors
    /// Why the scenario cannot start a game.
    pub fn start(data: Arc<G::Ruleset>, scenario: G::Scenario, seed: u64) -> Result<Self, String> {
        let setup = G::setup(&data, &scenario, None)?;
        let computer = G::computer_seats(&data, &scenario);
        let mut play = Playtest::begin(G::core(&data), setup, seed, computer)?;
        play.name_seats(G::seat_names(&data, &scenario));
        Ok(Self { play, scenario, data })
    }

    /// The game as a saved-game file, with the scenario it started from.
    ///
    /// # Errors
    /// The scenario or the file cannot be written.
    pub fn save(&self) -> Result<String, String>
    where
        <G::Core as Rules>::Action: serde::Serialize,
    {
        let text = G::save(&self.data, &self.scenario)?;
        self.play.save(&game_id::<G>(), G::name(&self.scenario), text)
    }

    /// A saved game of `G`, replayed action by action from the scenario it holds, with the
    /// computer's seats and level it was saved with.
    ///
    /// # Errors
    /// Another game's saved game (by name), a damaged file (with where), its scenario, or the
    /// first action the rules refuse (with its number).
    pub fn load(data: Arc<G::Ruleset>, text: &str) -> Result<Self, String>
    where
        <G::Core as Rules>::Action: serde::de::DeserializeOwned,
    {
        let saved = read_saved_game::<<G::Core as Rules>::Action>(text, &game_id::<G>())?;
        let scenario = G::load(&data, &saved.scenario).map_err(|e| format!("its scenario: {e}"))?;
        let setup = G::setup(&data, &scenario, None)?;
        let mut play = Playtest::resume(G::core(&data), setup, &saved)?;
        play.name_seats(G::seat_names(&data, &scenario));
        Ok(Self { play, scenario, data })
    }

    /// The position now as a scenario (the window's "Fork to editor").
    #[must_use]
    pub fn fork(&self) -> G::Scenario {
        G::fork(&self.data, &self.scenario, self.play.position())
    }
}
