//! Playtest sessions over the rules core, without any user interface: a game started from a
//! scenario, undo by replaying the log (so no die is rolled twice differently), restart with a
//! seed, saved games and replays, forking a position back into a scenario, and AI-against-AI
//! simulation.

use crate::game::{GameRecord, Level, SavedGame, read_saved_game, run_battle};
use crate::systems::swat::rules::{Action, Event, GameSetup, Outcome, Rejection, Ruleset};
use crate::systems::swat::scenario::{Controller, Passenger, Scenario, ScenarioUnit, load_scenario, save_scenario};

/// A game being played from a scenario: the shared session (setup, seed, actions, the state
/// and events they give) with the scenario it started from and who plays each seat.
#[derive(Debug, Clone)]
pub struct Session {
    /// The scenario it started from.
    pub scenario: Scenario,
    /// The game: setup, seed, actions, state and events.
    pub game: crate::game::Session<Ruleset>,
    /// Who plays each seat.
    pub controllers: Vec<Controller>,
    /// How strong the computer plays.
    pub level: Level,
}

/// A Skirmish Wars session reads as the shared session it holds (`session.state`,
/// `session.actions`), as the window and the tests have always read it.
impl std::ops::Deref for Session {
    type Target = crate::game::Session<Ruleset>;

    fn deref(&self) -> &Self::Target {
        &self.game
    }
}

impl std::ops::DerefMut for Session {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.game
    }
}

impl Session {
    /// Starts a game from a scenario with a seed.
    ///
    /// # Errors
    /// Why the scenario cannot start a game (it should have been validated first).
    pub fn start(rules: &Ruleset, scenario: &Scenario, seed: u64) -> Result<Self, String> {
        let setup: GameSetup = scenario.to_setup(rules)?;
        Ok(Self {
            scenario: scenario.clone(),
            game: crate::game::Session::start(rules, setup, seed)?,
            controllers: scenario.players.iter().map(|p| p.controller).collect(),
            level: Level::Normal,
        })
    }

    /// Takes an action.
    ///
    /// # Errors
    /// The rules' named reason when it is not legal; nothing changes then.
    pub fn act(&mut self, rules: &Ruleset, action: &Action) -> Result<Vec<Event>, Rejection> {
        self.game.act(rules, action)
    }

    /// Whether the computer plays each seat.
    fn computer_seats(&self) -> Vec<bool> {
        self.controllers.iter().map(|c| *c == Controller::Ai).collect()
    }

    /// Takes back the person's last action and what the computer did after it (replayed from
    /// the log); with no computer player, the last action.
    pub fn undo(&mut self, rules: &Ruleset) -> bool {
        let computer = self.computer_seats();
        if !computer.contains(&true) {
            return self.game.undo(rules);
        }
        self.game.undo_to_person(rules, &|seat| computer.get(usize::from(seat)).copied().unwrap_or(false))
    }

    /// Takes back the person's turn under way, or, once the computer has answered, the
    /// person's last turn and the computer's answer.
    pub fn undo_turn(&mut self, rules: &Ruleset) -> bool {
        let computer = self.computer_seats();
        self.game.undo_turn_to_person(rules, &|seat| computer.get(usize::from(seat)).copied().unwrap_or(false))
    }

    /// Starts again from the scenario, with a seed.
    pub fn restart(&mut self, rules: &Ruleset, seed: u64) {
        let _ = self.game.restart(rules, seed);
    }

    /// Plays the computer's turn, at the chosen level, for the player whose turn it is;
    /// returns its events.
    pub fn play_ai_turn(&mut self, rules: &Ruleset) -> Vec<Event> {
        self.game.play_computer(rules, self.level).ok().flatten().unwrap_or_default()
    }

    /// Whether the player whose turn it is is played by the computer.
    #[must_use]
    pub fn ai_to_move(&self) -> bool {
        self.state.outcome == Outcome::Ongoing
            && self.controllers.get(self.state.current.index()) == Some(&Controller::Ai)
    }

    /// The position now as a scenario: terrain, owners, units (with passengers and HP), funds;
    /// the player whose turn it is moves first.
    #[must_use]
    pub fn fork(&self, rules: &Ruleset) -> Scenario {
        let mut scenario = self.scenario.clone();
        scenario.name = format!("{} (round {})", self.scenario.name, self.state.round);
        scenario.owners = self.state.board.squares().filter_map(|p| self.state.owner_at(p).map(|o| (p, o.0))).collect();
        let kind_name = |k: crate::systems::swat::rules::UnitKindId| {
            rules.units.get(k.index()).map_or_else(String::new, |u| u.id.clone())
        };
        scenario.units = self
            .state
            .units
            .iter()
            .filter(|u| u.carried_by.is_none())
            .map(|u| ScenarioUnit {
                kind: kind_name(u.kind),
                owner: u.owner.0,
                hp: u.hp,
                pos: u.pos,
                passengers: self
                    .state
                    .passengers(u.id)
                    .map(|p| Passenger { kind: kind_name(p.kind), hp: p.hp })
                    .collect(),
            })
            .collect();
        for (seat, player) in scenario.players.iter_mut().enumerate() {
            if let Some(state) = self.state.players.get(seat) {
                player.funds = i64::from(state.funds);
            }
        }
        scenario.first_player = self.state.current.0;
        scenario
    }

    /// The game as a saved-game file: scenario, seed, who the computer plays and actions.
    ///
    /// # Errors
    /// The scenario or the file cannot be written.
    pub fn save(&self, rules: &Ruleset) -> Result<String, String> {
        let scenario = save_scenario(rules, &self.scenario)?;
        SavedGame::new(&super::GAME, &self.scenario.name, scenario, &self.game, self.computer_seats(), self.level)
            .text()
    }

    /// Reads a saved game and replays it.
    ///
    /// # Errors
    /// What could not be read, or the first action the rules refuse.
    pub fn load(rules: &Ruleset, text: &str) -> Result<Self, String> {
        let saved = read_saved_game::<Action>(text, &super::GAME)?;
        let scenario = load_scenario(rules, &saved.scenario).map_err(|e| format!("its scenario: {e}"))?;
        let mut session = Self::start(rules, &scenario, saved.seed)?;
        for (index, action) in saved.actions.iter().enumerate() {
            session.act(rules, action).map_err(|r| format!("action {} ({action:?}) is refused: {r}", index + 1))?;
        }
        for (controller, computer) in session.controllers.iter_mut().zip(&saved.computer) {
            *controller = if *computer { Controller::Ai } else { Controller::Human };
        }
        session.level = saved.level;
        Ok(session)
    }
}

/// Plays one game between Easy computer players; `first_player` overrides who moves first.
///
/// # Errors
/// When the scenario cannot start, or an action chosen by the AI is refused (a bug).
pub fn ai_game(
    rules: &Ruleset,
    scenario: &Scenario,
    seed: u64,
    first_player: u8,
    round_cap: u32,
) -> Result<GameRecord, String> {
    ai_game_at(rules, scenario, seed, first_player, round_cap, &[])
}

/// Plays one game between computer players of the given levels, one per seat (Easy for a seat
/// the list leaves out), through the shared battle runner; `first_player` overrides who moves
/// first.
///
/// # Errors
/// When the scenario cannot start, or an action chosen by the AI is refused (a bug).
pub fn ai_game_at(
    rules: &Ruleset,
    scenario: &Scenario,
    seed: u64,
    first_player: u8,
    round_cap: u32,
    levels: &[Level],
) -> Result<GameRecord, String> {
    let mut scenario = scenario.clone();
    scenario.first_player = first_player;
    let setup = scenario.to_setup(rules)?;
    run_battle(rules, setup, seed, Some(first_player), round_cap, levels).map(|(record, _)| record)
}
