//! The playtest every game shares, written once on the typed [`Rules`]: the session, which
//! seats the computer plays and at which level (the person chooses, in every game), the log
//! in words, undo that returns to the person's last decision when the computer plays a seat,
//! restart with a seed, and the one saved-game format (version, system id, the scenario's
//! identity, seed and actions), read back by replaying the actions.

use super::play::{Decision, Rules, Session};
use crate::level::Level;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The computer's turn being planned on a worker: the position it is for (the playtest's
/// `changes` then) and the level, the planner's watch (progress, Cancel) and where its moves
/// arrive.
#[derive(Debug)]
pub struct Thinking<A> {
    /// The playtest's count of changes when the work began: a later position drops it.
    pub changes: u64,
    /// The level it plans at.
    pub level: Level,
    /// The seat it plans for.
    pub seat: u8,
    /// How far it has got, and the flag that stops it.
    pub watch: std::sync::Arc<super::planner::Watch>,
    /// Where the worker sends the moves.
    moves: std::sync::Mutex<std::sync::mpsc::Receiver<Vec<A>>>,
}

/// What became of the computer's thinking when asked.
enum Thought<A> {
    /// None under way for this position and level.
    Nothing,
    /// Still thinking.
    Waiting,
    /// Its moves.
    Ready(Vec<A>),
    /// Its worker ended without moves (it panicked): the moves are made on this thread.
    Failed,
}

/// A playtest under way: the rules, the game, who the computer plays and how well, the log.
#[derive(Clone)]
pub struct Playtest<R: Rules> {
    /// The rules core with its data.
    pub rules: R,
    /// The game: setup, seed, actions, the state and events they give.
    pub session: Session<R>,
    /// Whether the computer plays each seat.
    pub computer: Vec<bool>,
    /// How strong the computer plays.
    pub level: Level,
    /// Every action and event so far, in words, with the seats by name.
    pub log: Vec<String>,
    /// The seats' names the log uses in place of "player N" (none: the log keeps numbers).
    pub seat_names: Vec<String>,
    /// Grows with every change of position (an action, an undo, a restart), so a window can
    /// keep what it asks of one position until the position changes.
    pub changes: u64,
    /// The computer's turn being planned on a worker, while it is.
    pub thinking: Option<std::sync::Arc<Thinking<R::Action>>>,
}

impl<R: Rules> Playtest<R> {
    /// Starts a game of `seats` seats from `setup` with `seed`; the computer plays the seats
    /// `computer` marks (a person plays the rest), at Normal.
    ///
    /// # Errors
    /// Why the setup cannot start a game.
    pub fn begin(rules: R, setup: R::Setup, seed: u64, computer: Vec<bool>) -> Result<Self, String> {
        let session = Session::start(&rules, setup, seed)?;
        let log = super::play::event_lines(&rules, &session.state, &session.events);
        Ok(Self {
            rules,
            session,
            computer,
            level: Level::Normal,
            log,
            seat_names: Vec::new(),
            changes: 0,
            thinking: None,
        })
    }

    /// The position now.
    #[must_use]
    pub fn position(&self) -> &R::State {
        &self.session.state
    }

    /// Whether the computer plays `seat`.
    #[must_use]
    pub fn plays(&self, seat: u8) -> bool {
        self.computer.get(usize::from(seat)).copied().unwrap_or(false)
    }

    /// The seat whose decision it is, while the game goes on.
    #[must_use]
    pub fn deciding(&self) -> Option<u8> {
        match self.rules.to_move(&self.session.state) {
            Decision::Seat(seat) => Some(seat),
            Decision::Over => None,
        }
    }

    /// Whether the computer decides now.
    #[must_use]
    pub fn computer_to_move(&self) -> bool {
        self.deciding().is_some_and(|seat| self.plays(seat))
    }

    /// Takes an action, adding its events (which tell it) to the log.
    ///
    /// # Errors
    /// The action in words (where the game says it) and the rules' reason; nothing changes.
    pub fn act(&mut self, action: &R::Action) -> Result<Vec<R::Event>, String> {
        match self.session.act(&self.rules, action) {
            Ok(events) => {
                self.changes += 1;
                // The events tell the action ("X moves from … to …"): saying it too would log it twice.
                let lines = super::play::event_lines(&self.rules, &self.session.state, &events);
                let lines: Vec<String> = lines.iter().map(|line| super::named_seats(line, &self.seat_names)).collect();
                self.log.extend(lines);
                Ok(events)
            }
            // A refused action changes nothing, so it is said in the position it was refused in.
            Err(rejection) => Err(super::named_seats(
                &match (
                    self.rules.action_text(&self.session.state, action),
                    self.rules.rejection_text(&self.session.state, &rejection),
                ) {
                    (Some(said), why) => format!("{said}: refused, {why}"),
                    (None, why) => why,
                },
                &self.seat_names,
            )),
        }
    }

    /// Plays the computer's next moves (the turn its planner chose) when it decides now;
    /// returns whether it moved or is thinking (the window then asks for another frame). A
    /// level that searches thinks on a worker ([`Playtest::thinking_progress`],
    /// [`Playtest::cancel_thinking`]), and a later call plays the moves: no frame waits on a
    /// turn.
    pub fn computer_step(&mut self) -> bool
    where
        R: Clone + Send + 'static,
        R::State: Send + 'static,
    {
        if !self.computer_to_move() {
            return false;
        }
        let Some(moves) = self.think() else { return true };
        let mut moved = false;
        for action in moves {
            if self.act(&action).is_err() {
                break;
            }
            moved = true;
        }
        moved
    }

    /// The computer's moves for the seat deciding now, once it has them: a level that searches
    /// plans on a worker, so no frame waits on it (`None` while it thinks: the window asks
    /// again at a later frame); Easy, the fast player, answers at once. A plan for another
    /// position or level is dropped, and one whose worker failed is made here.
    fn think(&mut self) -> Option<Vec<R::Action>>
    where
        R: Clone + Send + 'static,
        R::State: Send + 'static,
    {
        match self.thought() {
            Thought::Ready(moves) => return Some(moves),
            Thought::Waiting => return None,
            // A worker that failed is not started again, or a fault would loop for ever.
            Thought::Failed => return Some(self.rules.computer_moves(&self.session.state, self.level)),
            Thought::Nothing => {}
        }
        let seat = self.deciding()?;
        if super::planner::budget(self.level).is_none() {
            return Some(self.rules.computer_moves(&self.session.state, self.level));
        }
        let watch = std::sync::Arc::new(super::planner::Watch::default());
        let (send, receive) = std::sync::mpsc::channel();
        let (rules, state, level, watched) =
            (self.rules.clone(), self.session.state.clone(), self.level, std::sync::Arc::clone(&watch));
        let worker = std::thread::Builder::new().name("computer-thinks".into()).spawn(move || {
            // The window may have gone on without it; a closed channel is no fault.
            let _ = send.send(rules.computer_moves_watched(&state, level, &watched));
        });
        if worker.is_err() {
            return Some(self.rules.computer_moves(&self.session.state, self.level));
        }
        self.thinking = Some(std::sync::Arc::new(Thinking {
            changes: self.changes,
            level: self.level,
            seat,
            watch,
            moves: std::sync::Mutex::new(receive),
        }));
        None
    }

    /// What became of the thinking under way, dropping it when the position or the level has
    /// changed since it began, or when its worker ended without moves.
    fn thought(&mut self) -> Thought<R::Action> {
        let Some(thinking) = self.thinking.clone() else { return Thought::Nothing };
        if thinking.changes != self.changes || thinking.level != self.level {
            thinking.watch.stop();
            self.thinking = None;
            return Thought::Nothing;
        }
        let received = match thinking.moves.lock() {
            Ok(moves) => moves.try_recv(),
            Err(_) => Err(std::sync::mpsc::TryRecvError::Disconnected),
        };
        match received {
            Ok(moves) => {
                self.thinking = None;
                Thought::Ready(moves)
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => Thought::Waiting,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                self.thinking = None;
                Thought::Failed
            }
        }
    }

    /// The computer's thinking under way for this position: the level, the seat, and the
    /// play-outs weighed of how many.
    #[must_use]
    pub fn thinking_progress(&self) -> Option<(Level, u8, (u32, u32))> {
        self.thinking
            .as_ref()
            .filter(|t| t.changes == self.changes && t.level == self.level)
            .map(|t| (t.level, t.seat, t.watch.progress()))
    }

    /// Stops the computer's thinking and hands the seat it was thinking for to the person (the
    /// window's Cancel): the computer no longer plays it until the person ticks it again.
    pub fn cancel_thinking(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            thinking.watch.stop();
            if let Some(plays) = self.computer.get_mut(usize::from(thinking.seat)) {
                *plays = false;
            }
            self.changes += 1;
        }
    }

    /// Plays the computer's next moves on this thread when it decides now, waiting for them
    /// (a headless caller's [`Playtest::computer_step`], the same moves); whether it moved.
    pub fn computer_step_here(&mut self) -> bool {
        if !self.computer_to_move() {
            return false;
        }
        let mut moved = false;
        for action in self.rules.computer_moves(&self.session.state, self.level) {
            if self.act(&action).is_err() {
                break;
            }
            moved = true;
        }
        moved
    }

    /// The computer's next moves for the seat deciding now, whoever plays it (the window's
    /// "Computer acts" button): `Ok(true)` once played (or with nothing to decide), `Ok(false)`
    /// while it plans the turn on a worker (the window asks again at a later frame, so no frame
    /// waits for it).
    ///
    /// # Errors
    /// A move the rules refuse, in words; the moves before it stand.
    pub fn computer_acts_for_deciding(&mut self) -> Result<bool, String>
    where
        R: Clone + Send + 'static,
        R::State: Send + 'static,
    {
        if self.deciding().is_none() {
            return Ok(true);
        }
        let Some(moves) = self.think() else { return Ok(false) };
        for action in moves {
            self.act(&action)?;
        }
        Ok(true)
    }

    /// Takes back the person's last action and everything the computer did after it
    /// (replayed from the seed, so no die changes); with no computer seat, the last action.
    pub fn undo(&mut self) -> bool {
        let computer = self.computer.clone();
        let plays = move |seat: u8| computer.get(usize::from(seat)).copied().unwrap_or(false);
        let done = if self.computer.iter().any(|&c| c) {
            self.session.undo_to_person(&self.rules, &plays)
        } else {
            self.session.undo(&self.rules)
        };
        if done {
            self.relog();
        }
        done
    }

    /// Takes back the person's last run of decisions (their turn) and what the computer did
    /// after it.
    pub fn undo_turn(&mut self) -> bool {
        let computer = self.computer.clone();
        let plays = move |seat: u8| computer.get(usize::from(seat)).copied().unwrap_or(false);
        let done = self.session.undo_turn_to_person(&self.rules, &plays);
        if done {
            self.relog();
        }
        done
    }

    /// Starts again from the setup with `seed`, the computer's seats and level kept.
    ///
    /// # Errors
    /// Why the setup cannot start a game.
    pub fn restart(&mut self, seed: u64) -> Result<(), String> {
        self.session.restart(&self.rules, seed)?;
        self.relog();
        Ok(())
    }

    /// The log replayed from the seed (after an undo or a restart).
    pub fn relog(&mut self) {
        self.changes += 1;
        self.log =
            self.session.log(&self.rules).iter().map(|line| super::named_seats(line, &self.seat_names)).collect();
    }

    /// Names the seats in the log from now on, and in what it already says.
    pub fn name_seats(&mut self, names: Vec<String>) {
        self.seat_names = names;
        self.log = self.log.iter().map(|line| super::named_seats(line, &self.seat_names)).collect();
    }

    /// The game as a saved-game file: `game` names the system, `scenario` is the scenario's
    /// own file text.
    ///
    /// # Errors
    /// The serialiser's message, should it ever fail.
    pub fn save(&self, game: &GameId, scenario_name: &str, scenario: String) -> Result<String, String>
    where
        R::Action: Serialize,
    {
        SavedGame::new(game, scenario_name, scenario, &self.session, self.computer.clone(), self.level).text()
    }

    /// A saved game replayed action by action from `setup` (the game's reading of the saved
    /// scenario), with the computer's seats and level it was saved with.
    ///
    /// # Errors
    /// The game cannot start, or the first action the rules refuse, with its number.
    pub fn resume(rules: R, setup: R::Setup, saved: &SavedGame<R::Action>) -> Result<Self, String> {
        let mut computer = saved.computer.clone();
        let mut play = Self::begin(rules, setup, saved.seed, Vec::new())?;
        for (n, action) in saved.actions.iter().enumerate() {
            play.act(action).map_err(|reason| format!("action {} of the saved game: {reason}", n + 1))?;
        }
        let seats = play.computer.len().max(computer.len());
        computer.resize(seats, false);
        play.computer = computer;
        play.level = saved.level;
        Ok(play)
    }
}

/// A playtest reads as the game it holds (`play.state`, `play.actions`, `play.seed`).
impl<R: Rules> std::ops::Deref for Playtest<R> {
    type Target = Session<R>;

    fn deref(&self) -> &Self::Target {
        &self.session
    }
}

/// Which game a saved game belongs to: its system id and its name for people.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameId {
    /// The id its scenario files name (`skirm`).
    pub id: &'static str,
    /// The game's name (`Skirm`).
    pub title: &'static str,
}

/// The saved-game format every game writes.
pub const SAVED_GAME_VERSION: u32 = 2;

/// The most actions a saved game may hold (a hostile file cannot make the replay endless).
pub const MAX_SAVED_ACTIONS: usize = 100_000;

/// A saved game on disk: what it is, the scenario as its own file holds it, the seed, who the
/// computer played and how well, and every action. Loading replays the actions through the
/// rules, so a damaged or hand-edited file cannot smuggle in an illegal position.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename = "SavedGame", deny_unknown_fields)]
pub struct SavedGame<A> {
    /// The version of this format.
    pub format_version: u32,
    /// The game's system id.
    pub system: String,
    /// The game's name, so another game can refuse it by name.
    pub game: String,
    /// The scenario's title.
    pub scenario_name: String,
    /// The scenario's own file text.
    pub scenario: String,
    /// The dice seed.
    pub seed: u64,
    /// Whether the computer played each seat.
    #[serde(default)]
    pub computer: Vec<bool>,
    /// How well it played.
    #[serde(default)]
    pub level: Level,
    /// Every action, in order.
    pub actions: Vec<A>,
}

impl<A: Serialize> SavedGame<A> {
    /// A saved game of `session`, played on the scenario whose file text is `scenario`.
    pub fn new<R: Rules<Action = A>>(
        game: &GameId,
        scenario_name: &str,
        scenario: String,
        session: &Session<R>,
        computer: Vec<bool>,
        level: Level,
    ) -> Self
    where
        A: Clone,
    {
        Self {
            format_version: SAVED_GAME_VERSION,
            system: game.id.to_owned(),
            game: game.title.to_owned(),
            scenario_name: scenario_name.to_owned(),
            scenario,
            seed: session.seed,
            computer,
            level,
            actions: session.actions.clone(),
        }
    }

    /// The file's text.
    ///
    /// # Errors
    /// The serialiser's message, should it ever fail.
    pub fn text(&self) -> Result<String, String> {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::new().depth_limit(3))
            .map_err(|e| format!("the game could not be written out: {e}"))
    }
}

/// Reads a saved game of the game `expected`: another game's saved game is refused by its
/// name, and a damaged file with the line and column.
///
/// # Errors
/// What is wrong and where.
pub fn read_saved_game<A: DeserializeOwned>(text: &str, expected: &GameId) -> Result<SavedGame<A>, String> {
    #[derive(Deserialize)]
    #[serde(rename = "SavedGame")]
    struct Probe {
        #[serde(default)]
        format_version: Option<u32>,
        #[serde(default)]
        system: Option<String>,
        #[serde(default)]
        game: Option<String>,
    }
    let options = crate::files::ron_options();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if let Ok(probe) = options.from_str::<Probe>(text) {
        if let Some(system) = probe.system.as_deref().filter(|s| *s != expected.id) {
            let name = probe.game.unwrap_or_else(|| format!("'{system}'"));
            return Err(format!("this is a saved game of {name}, not of {}", expected.title));
        }
        if let Some(version) = probe.format_version.filter(|v| *v != SAVED_GAME_VERSION) {
            return Err(format!(
                "a saved game of format {version}; this version of the studio reads format {SAVED_GAME_VERSION}"
            ));
        }
    }
    let saved: SavedGame<A> = options.from_str(text).map_err(|e| {
        format!(
            "not a saved {} game: line {}, column {}: {}",
            expected.title,
            e.span.start.line,
            e.span.start.col,
            crate::files::ron_message(&e.code)
        )
    })?;
    if saved.actions.len() > MAX_SAVED_ACTIONS {
        return Err(format!(
            "{} actions is more than the {MAX_SAVED_ACTIONS} a saved game may hold",
            saved.actions.len()
        ));
    }
    Ok(saved)
}
