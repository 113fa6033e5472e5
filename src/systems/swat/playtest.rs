//! Playtest sessions over the rules core, without any user interface: a game started from a
//! scenario, undo by replaying the log (so no die is rolled twice differently), restart with a
//! seed, saved games and replays, forking a position back into a scenario, and AI-against-AI
//! simulation.

use crate::game::{CaptureRecord, Series};
use crate::systems::swat::rules::{
    Action, AiLevel, Event, GameSetup, GameState, Outcome, Rejection, Ruleset, VictoryReason, ai_turn, ai_turn_at,
    apply, start_game,
};
use crate::systems::swat::scenario::{Controller, Passenger, Scenario, ScenarioUnit, load_scenario, save_scenario};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A game being played from a scenario.
#[derive(Debug, Clone)]
pub struct Session {
    /// The scenario it started from.
    pub scenario: Scenario,
    /// What the rules core started from.
    pub setup: GameSetup,
    /// The dice seed.
    pub seed: u64,
    /// Every action taken, in order.
    pub actions: Vec<Action>,
    /// The game now.
    pub state: GameState,
    /// Every event since the start.
    pub events: Vec<Event>,
    /// Who plays each seat.
    pub controllers: Vec<Controller>,
}

/// A saved game: the scenario, the seed and the actions; loading replays them.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename = "SavedGame")]
struct SavedGame {
    format_version: u32,
    scenario: String,
    seed: u64,
    actions: Vec<Action>,
}

impl Session {
    /// Starts a game from a scenario with a seed.
    ///
    /// # Errors
    /// Why the scenario cannot start a game (it should have been validated first).
    pub fn start(rules: &Ruleset, scenario: &Scenario, seed: u64) -> Result<Self, String> {
        let setup = scenario.to_setup(rules)?;
        let (state, events) = start_game(rules, &setup, seed).map_err(|e| e.to_string())?;
        Ok(Self {
            scenario: scenario.clone(),
            setup,
            seed,
            actions: Vec::new(),
            state,
            events,
            controllers: scenario.players.iter().map(|p| p.controller).collect(),
        })
    }

    /// Takes an action.
    ///
    /// # Errors
    /// The rules' named reason when it is not legal; nothing changes then.
    pub fn act(&mut self, rules: &Ruleset, action: &Action) -> Result<Vec<Event>, Rejection> {
        let events = apply(rules, &mut self.state, action)?;
        self.actions.push(action.clone());
        self.events.extend(events.iter().cloned());
        Ok(events)
    }

    /// The state after the first `count` actions, replayed from the start.
    #[must_use]
    pub fn replayed(&self, rules: &Ruleset, count: usize) -> Option<(GameState, Vec<Event>)> {
        let (mut state, mut events) = start_game(rules, &self.setup, self.seed).ok()?;
        for action in self.actions.iter().take(count) {
            events.extend(apply(rules, &mut state, action).ok()?);
        }
        Some((state, events))
    }

    /// Takes back the last action by replaying all the others.
    pub fn undo(&mut self, rules: &Ruleset) -> bool {
        let Some(count) = self.actions.len().checked_sub(1) else { return false };
        let Some((state, events)) = self.replayed(rules, count) else { return false };
        self.actions.truncate(count);
        self.state = state;
        self.events = events;
        true
    }

    /// Takes back the actions of the turn under way (back to the start of this player's turn).
    pub fn undo_turn(&mut self, rules: &Ruleset) -> bool {
        let start = self.actions.iter().rposition(|a| *a == Action::EndTurn).map_or(0, |i| i + 1);
        if start == self.actions.len() {
            return self.undo(rules);
        }
        let Some((state, events)) = self.replayed(rules, start) else { return false };
        self.actions.truncate(start);
        self.state = state;
        self.events = events;
        true
    }

    /// Starts again from the scenario, with a seed.
    pub fn restart(&mut self, rules: &Ruleset, seed: u64) {
        if let Ok(fresh) = Self::start(rules, &self.scenario, seed) {
            let controllers = std::mem::take(&mut self.controllers);
            *self = Self { controllers, ..fresh };
        }
    }

    /// Plays the computer's turn for the player whose turn it is; returns its events.
    pub fn play_ai_turn(&mut self, rules: &Ruleset) -> Vec<Event> {
        let mut events = Vec::new();
        for action in ai_turn(rules, &self.state, 2000) {
            match self.act(rules, &action) {
                Ok(more) => events.extend(more),
                Err(_) => break,
            }
        }
        events
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

    /// The game as a file: scenario, seed and actions.
    ///
    /// # Errors
    /// The serialiser's message, should it ever fail.
    pub fn save(&self, rules: &Ruleset) -> Result<String, String> {
        let saved = SavedGame {
            format_version: 1,
            scenario: save_scenario(rules, &self.scenario)?,
            seed: self.seed,
            actions: self.actions.clone(),
        };
        ron::ser::to_string_pretty(&saved, ron::ser::PrettyConfig::new().depth_limit(2))
            .map_err(|e| format!("the game could not be written out: {e}"))
    }

    /// Reads a saved game and replays it.
    ///
    /// # Errors
    /// What could not be read, or the first action the rules refuse.
    pub fn load(rules: &Ruleset, text: &str) -> Result<Self, String> {
        if text.len() > crate::systems::swat::scenario::MAX_FILE_BYTES {
            return Err("the saved game is too large".into());
        }
        let saved: SavedGame = ron::from_str(text)
            .map_err(|e| format!("line {}, column {}: {}", e.span.start.line, e.span.start.col, e.code))?;
        let scenario = load_scenario(rules, &saved.scenario).map_err(|e| format!("its scenario: {e}"))?;
        let mut session = Self::start(rules, &scenario, saved.seed)?;
        for (index, action) in saved.actions.iter().enumerate() {
            session.act(rules, action).map_err(|r| format!("action {} ({action:?}) is refused: {r}", index + 1))?;
        }
        Ok(session)
    }
}

/// How one AI-against-AI game went.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameResult {
    /// The winning seat (from 0), if any.
    pub winner: Option<u8>,
    /// Rounds played.
    pub rounds: u32,
    /// How it ended: `Conquest`, `VictoryMedals`, `CityConquest`, `TurnLimit`, `Draw` or
    /// `RoundCap` (stopped by the simulation's safety cap).
    pub ending: String,
    /// Actions taken.
    pub actions: usize,
    /// Funds, income and unit value per seat at the start of each round.
    pub series: Vec<Series>,
    /// Every property that changed hands, with its round.
    pub captures: Vec<CaptureRecord>,
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
) -> Result<GameResult, String> {
    ai_game_at(rules, scenario, seed, first_player, round_cap, &[])
}

/// Plays one game between computer players of the given levels, one per seat (Easy for a seat
/// the list leaves out); `first_player` overrides who moves first.
///
/// # Errors
/// When the scenario cannot start, or an action chosen by the AI is refused (a bug).
pub fn ai_game_at(
    rules: &Ruleset,
    scenario: &Scenario,
    seed: u64,
    first_player: u8,
    round_cap: u32,
    levels: &[AiLevel],
) -> Result<GameResult, String> {
    let mut scenario = scenario.clone();
    scenario.first_player = first_player;
    let mut session = Session::start(rules, &scenario, seed)?;
    let seats = scenario.players.len();
    let mut series: Vec<Series> = ["funds", "income", "unit value"]
        .into_iter()
        .map(|name| Series { name: name.into(), values: vec![Vec::new(); seats] })
        .collect();
    let mut captures = Vec::new();
    let mut recorded_round = 0;
    while session.state.outcome == Outcome::Ongoing && session.state.round <= round_cap {
        let round = session.state.round;
        let player = session.state.current;
        // At the start of each round, everyone's numbers as the last round left them.
        if round != recorded_round {
            recorded_round = round;
            for (seat, numbers) in seat_numbers(rules, &session.state).into_iter().enumerate() {
                for (line, value) in series.iter_mut().zip(numbers) {
                    line.values[seat].push(value);
                }
            }
        }
        let before = session.events.len();
        let level = levels.get(usize::from(player.0)).copied().unwrap_or(AiLevel::Easy);
        for action in ai_turn_at(rules, &session.state, 5000, level) {
            session
                .act(rules, &action)
                .map_err(|r| format!("seed {seed}: the AI chose a refused action {action:?}: {r}"))?;
        }
        for event in &session.events[before..] {
            if let Event::PropertyCaptured { pos, to, .. } = event {
                captures.push(CaptureRecord { at: crate::game::Place::Square(pos.x, pos.y), seat: to.0, round });
            }
        }
        if session.state.outcome == Outcome::Ongoing && session.state.round == round && session.state.current == player
        {
            return Err(format!("seed {seed}: the AI did not finish its turn"));
        }
    }
    let (winner, ending) = match session.state.outcome {
        Outcome::Won { winner, reason } => (
            Some(winner.0),
            match reason {
                VictoryReason::Conquest => "Conquest",
                VictoryReason::VictoryMedals => "VictoryMedals",
                VictoryReason::CityConquest => "CityConquest",
                VictoryReason::TurnLimit => "TurnLimit",
            },
        ),
        Outcome::Draw => (None, if scenario.victory.turn_limit.is_some() { "TurnLimit" } else { "Draw" }),
        Outcome::Ongoing => (None, "RoundCap"),
    };
    Ok(GameResult {
        winner,
        rounds: session.state.round.min(round_cap),
        ending: ending.into(),
        actions: session.actions.len(),
        series,
        captures,
    })
}

/// Each seat's funds, income and unit value now.
fn seat_numbers(rules: &Ruleset, state: &GameState) -> Vec<[f64; 3]> {
    let max = f64::from(rules.economy.max_hp.max(1));
    (0..state.players.len())
        .map(|seat| {
            let owner = crate::systems::swat::rules::PlayerId(u8::try_from(seat).unwrap_or(0));
            let income: u32 = state
                .board
                .squares()
                .filter(|&p| state.owner_at(p) == Some(owner))
                .filter_map(|p| state.property_at(rules, p))
                .map(|kind| rules.economy.income_of(kind))
                .sum();
            let value: f64 = state
                .units
                .iter()
                .filter(|u| u.owner == owner)
                .map(|u| f64::from(rules.unit(u.kind).cost) * f64::from(u.hp) / max)
                .sum();
            [state.player(owner).funds as f64, f64::from(income), value]
        })
        .collect()
}

/// What many games between computer players showed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    /// Games played.
    pub games: usize,
    /// Wins per seat.
    pub wins: Vec<usize>,
    /// Games without a winner.
    pub draws: usize,
    /// Mean game length in rounds.
    pub mean_rounds: f64,
    /// Standard deviation of the game length in rounds.
    pub spread_rounds: f64,
    /// How many games ended each way.
    pub endings: BTreeMap<String, usize>,
}

/// Plays `games` AI-against-AI games with the seat that moves first rotating and seeds
/// `seed`, `seed + 1`, ...; `progress` is told after each game.
///
/// # Errors
/// The first game that cannot be played.
pub fn simulate(
    rules: &Ruleset,
    scenario: &Scenario,
    games: usize,
    seed: u64,
    round_cap: u32,
    progress: &mut dyn FnMut(usize),
) -> Result<Summary, String> {
    let seats = scenario.players.len().max(1);
    let mut wins = vec![0; seats];
    let mut draws = 0;
    let mut lengths = Vec::with_capacity(games);
    let mut endings = BTreeMap::new();
    for game in 0..games {
        let first = u8::try_from(game % seats).unwrap_or(0);
        let result = ai_game(rules, scenario, seed.wrapping_add(game as u64), first, round_cap)?;
        match result.winner {
            Some(seat) => wins[usize::from(seat)] += 1,
            None => draws += 1,
        }
        lengths.push(f64::from(result.rounds));
        *endings.entry(result.ending).or_insert(0) += 1;
        progress(game + 1);
    }
    let n = lengths.len().max(1) as f64;
    let mean = lengths.iter().sum::<f64>() / n;
    let spread = (lengths.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / n).sqrt();
    Ok(Summary { games, wins, draws, mean_rounds: mean, spread_rounds: spread, endings })
}

/// One event as a line of text, for logs and the command line.
#[must_use]
pub fn describe_event(rules: &Ruleset, event: &Event) -> String {
    let kind = |k: crate::systems::swat::rules::UnitKindId| rules.units.get(k.index()).map_or("?", |u| u.name.as_str());
    use crate::systems::swat::rules::Event as E;
    match event {
        E::CoDealt { player, co } => {
            format!("{player} is dealt the CO {}", rules.cos.get(co.index()).map_or("?", |c| c.name.as_str()))
        }
        E::TurnStarted { player, round } => format!("round {round}: {player}'s turn"),
        E::PowerEnded { player, level } => format!("  {player}'s {level:?} ends"),
        E::IncomeCollected { player, amount, funds } => {
            format!("  {player} collects ${amount} (now ${funds})")
        }
        E::UnitRepaired { unit, hp } => format!("  {unit} repairs to {hp} HP"),
        E::UnitMoved { unit, from, to, cost } => {
            format!("  {unit} moves from {from} to {to} ({cost} MP)")
        }
        E::UnitLoaded { unit, transport } => format!("  {unit} boards {transport}"),
        E::UnitUnloaded { unit, transport, to } => {
            format!("  {transport} puts {unit} down at {to}")
        }
        E::StrikeDeclared { strike, attacker, target, initial_damage, hits, die, .. } => {
            let die = die.map_or_else(String::new, |d| format!(" + 1 on a d6 of {d} or less"));
            format!("  {strike:?}: {attacker} fires at {target}: damage {initial_damage}, {hits} hits{die}")
        }
        E::DieRolled { roll, needed, hit, .. } => {
            format!("    d6 rolls {roll} (needs {needed} or less): {}", if *hit { "extra hit" } else { "no extra hit" })
        }
        E::UnitDamaged { unit, hits, hp, reduced } => {
            format!("  {unit} loses {hits} HP, {hp} left{}", if *reduced && *hp > 0 { " (reduced)" } else { "" })
        }
        E::UnitEliminated { unit, owner, by } => match by {
            Some(by) => format!("  {unit} of {owner} is eliminated; a medal for {by}"),
            None => format!("  {unit} of {owner} leaves the game"),
        },
        E::ChargeGained { player, charge } => {
            format!("  {player}'s CO charge: {charge} stars")
        }
        E::CaptureProgressed { unit, pos, points, required } => {
            format!("  {unit} captures at {pos}: {points}/{required}")
        }
        E::CaptureLost { pos } => format!("  the capture at {pos} is abandoned"),
        E::PropertyCaptured { pos, to, .. } => {
            format!("  {to} takes the property at {pos}")
        }
        E::HqBecameCity { pos, .. } => {
            format!("  the captured HQ at {pos} becomes a city")
        }
        E::UnitBought { unit, kind: k, pos, cost, .. } => {
            format!("  buys {} {unit} at {pos} for ${cost}", kind(*k))
        }
        E::PowerUsed { player, level } => format!("  {player} uses the CO {level:?}"),
        E::TurnEnded { player } => format!("  {player} ends the turn"),
        E::PlayerDefeated { player, reason } => {
            format!("  {player} is defeated ({reason:?})")
        }
        E::PropertyNeutralized { pos } => {
            format!("  the property at {pos} turns neutral")
        }
        E::GameEnded { outcome } => format!("game over: {outcome}"),
    }
}
