//! The typed rules interface every game's core implements, after OpenSpiel's `Game`/`State`
//! and boardgame.io's game object: a state, actions and events, start from a setup, legal
//! actions, check, apply, whose decision it is, the outcome, a computer player by level and an
//! event's text. Written once on top of it: the playtest [`Session`] (undo by replay, restart
//! with a seed), the action-script player ([`run_script`]) and the battle runner
//! ([`run_battle`]) that `simulate` and the balance lab both use.
//!
//! The seam's object-safe traits (`GameSystem`, `OpenScenario`) stay command-shaped; each
//! system implements them with these generic pieces over its own typed core.

use super::{CaptureRecord, GameRecord, Level, Place, Series};
use std::fmt;

/// Who decides now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// The seat (player or squad, from 0) whose choice it is: its turn, or a roll of its own
    /// waiting for its choice.
    Seat(u8),
    /// The game is over.
    Over,
}

/// How a finished game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finished {
    /// The winning seat, from 0; none for a draw.
    pub winner: Option<u8>,
    /// How, in the game's words (`Conquest`, `MissionPoints`, `Draw`).
    pub ending: String,
}

/// One game's rules core behind one typed interface. It is implemented on the game's loaded
/// ruleset, so every call says which rules it plays by.
pub trait Rules {
    /// What a game starts from (kept by an opened scenario the balance lab's threads share,
    /// for later games to start from: see [`super::GameDefinition::setup_again`]).
    type Setup: Clone + Send + Sync;
    /// A position, with the seeded dice inside it.
    type State: Clone;
    /// Something a seat does.
    type Action: Clone + fmt::Debug + PartialEq + Send + Sync + 'static;
    /// Something that happened, every die roll among them.
    type Event: Clone;
    /// Why an action is refused.
    type Rejection: fmt::Display;

    /// Starts a game: the first state and the events of its start.
    ///
    /// # Errors
    /// Why the setup cannot start a game.
    fn start(&self, setup: &Self::Setup, seed: u64) -> Result<(Self::State, Vec<Self::Event>), String>;
    /// Every action the rules allow now.
    fn legal_actions(&self, state: &Self::State) -> Vec<Self::Action>;
    /// Whether the rules allow an action now, with the named reason when not.
    ///
    /// # Errors
    /// The rules' reason.
    fn check(&self, state: &Self::State, action: &Self::Action) -> Result<(), Self::Rejection>;
    /// Carries out an action: checked first, and nothing changes when it is refused.
    ///
    /// # Errors
    /// The rules' reason.
    fn apply(&self, state: &mut Self::State, action: &Self::Action) -> Result<Vec<Self::Event>, Self::Rejection>;
    /// Whose decision it is.
    fn to_move(&self, state: &Self::State) -> Decision;
    /// How the game ended, once it has.
    fn finished(&self, state: &Self::State) -> Option<Finished>;
    /// The round (or turn) under way, from 1.
    fn round(&self, state: &Self::State) -> u32;
    /// The computer's next moves for the seat that decides (the turn the framework's planner
    /// chose at `level`); empty when it has none.
    fn computer_moves(&self, state: &Self::State, level: Level) -> Vec<Self::Action> {
        self.computer_moves_watched(state, level, &super::planner::Watch::default())
    }
    /// [`Rules::computer_moves`] with its progress counted in `watch`, and none once `watch` is
    /// stopped (the window's Cancel): a game answers it with `planner::computer_moves_watched`.
    fn computer_moves_watched(
        &self,
        state: &Self::State,
        level: Level,
        watch: &super::planner::Watch,
    ) -> Vec<Self::Action>;
    /// An event as a line for a person.
    fn event_text(&self, state: &Self::State, event: &Self::Event) -> String;
    /// An action as a line for a person, for the message that refuses it (the log tells the
    /// action's events, which say it); `None` where the rules' reason says enough.
    fn action_text(&self, _state: &Self::State, _action: &Self::Action) -> Option<String> {
        None
    }
    /// Why the rules refused an action, for a person, in the position it was refused in: the
    /// rejection's own words, where a game names the things it speaks of by their names.
    fn rejection_text(&self, _state: &Self::State, rejection: &Self::Rejection) -> String {
        rejection.to_string()
    }
    /// The names of the numbers [`Rules::seat_numbers`] gives, for the balance lab's curves.
    fn series_names(&self) -> &'static [&'static str] {
        &[]
    }
    /// Each seat's numbers now (one per name of [`Rules::series_names`]).
    fn seat_numbers(&self, _state: &Self::State) -> Vec<Vec<f64>> {
        Vec::new()
    }
    /// The place an event took and the seat that took it, for the heatmap.
    fn place_taken(&self, _event: &Self::Event) -> Option<(Place, u8)> {
        None
    }
    /// Why a game may have stalled, seen in a position at the round cap the rules do not
    /// define (each a short phrase the balance lab counts over the stalled games); none where
    /// the game's own turn limit always ends it.
    fn stall_causes(&self, _state: &Self::State) -> Vec<String> {
        Vec::new()
    }
}

/// A rules core shared behind an `Arc` plays as the core itself, so a playtest can hold the
/// game's loaded ruleset without copying it.
impl<R: Rules> Rules for std::sync::Arc<R> {
    type Setup = R::Setup;
    type State = R::State;
    type Action = R::Action;
    type Event = R::Event;
    type Rejection = R::Rejection;

    fn start(&self, setup: &Self::Setup, seed: u64) -> Result<(Self::State, Vec<Self::Event>), String> {
        R::start(self, setup, seed)
    }
    fn legal_actions(&self, state: &Self::State) -> Vec<Self::Action> {
        R::legal_actions(self, state)
    }
    fn check(&self, state: &Self::State, action: &Self::Action) -> Result<(), Self::Rejection> {
        R::check(self, state, action)
    }
    fn apply(&self, state: &mut Self::State, action: &Self::Action) -> Result<Vec<Self::Event>, Self::Rejection> {
        R::apply(self, state, action)
    }
    fn to_move(&self, state: &Self::State) -> Decision {
        R::to_move(self, state)
    }
    fn finished(&self, state: &Self::State) -> Option<Finished> {
        R::finished(self, state)
    }
    fn round(&self, state: &Self::State) -> u32 {
        R::round(self, state)
    }
    fn computer_moves(&self, state: &Self::State, level: Level) -> Vec<Self::Action> {
        R::computer_moves(self, state, level)
    }
    fn computer_moves_watched(
        &self,
        state: &Self::State,
        level: Level,
        watch: &super::planner::Watch,
    ) -> Vec<Self::Action> {
        R::computer_moves_watched(self, state, level, watch)
    }
    fn event_text(&self, state: &Self::State, event: &Self::Event) -> String {
        R::event_text(self, state, event)
    }
    fn action_text(&self, state: &Self::State, action: &Self::Action) -> Option<String> {
        R::action_text(self, state, action)
    }
    fn rejection_text(&self, state: &Self::State, rejection: &Self::Rejection) -> String {
        R::rejection_text(self, state, rejection)
    }
    fn series_names(&self) -> &'static [&'static str] {
        R::series_names(self)
    }
    fn seat_numbers(&self, state: &Self::State) -> Vec<Vec<f64>> {
        R::seat_numbers(self, state)
    }
    fn place_taken(&self, event: &Self::Event) -> Option<(Place, u8)> {
        R::place_taken(self, event)
    }
    fn stall_causes(&self, state: &Self::State) -> Vec<String> {
        R::stall_causes(self, state)
    }
}

/// Each event in words, a run of identical lines told once with its count (`... (x14)`): a
/// deck shuffled card by card reads as one line, while every die stays an event of its own.
pub fn event_lines<R: Rules + ?Sized>(rules: &R, state: &R::State, events: &[R::Event]) -> Vec<String> {
    let mut lines: Vec<(String, usize)> = Vec::new();
    for event in events {
        let line = rules.event_text(state, event);
        match lines.last_mut() {
            Some((last, count)) if *last == line => *count += 1,
            _ => lines.push((line, 1)),
        }
    }
    lines.into_iter().map(|(line, count)| if count > 1 { format!("{line} (x{count})") } else { line }).collect()
}

/// A game being played: the setup, the seed and every action, with the state they give. The
/// state is always the actions replayed from the seed, so undo never changes a die.
#[derive(Debug, Clone)]
pub struct Session<R: Rules> {
    /// What the game started from.
    pub setup: R::Setup,
    /// The dice seed.
    pub seed: u64,
    /// Every action taken, in order.
    pub actions: Vec<R::Action>,
    /// The game now.
    pub state: R::State,
    /// Every event since the start.
    pub events: Vec<R::Event>,
}

impl<R: Rules> Session<R> {
    /// Starts a game from a setup with a seed.
    ///
    /// # Errors
    /// Why the setup cannot start a game.
    pub fn start(rules: &R, setup: R::Setup, seed: u64) -> Result<Self, String> {
        let (state, events) = rules.start(&setup, seed)?;
        Ok(Self { setup, seed, actions: Vec::new(), state, events })
    }

    /// Takes an action.
    ///
    /// # Errors
    /// The rules' named reason when it is not legal; nothing changes then.
    pub fn act(&mut self, rules: &R, action: &R::Action) -> Result<Vec<R::Event>, R::Rejection> {
        let events = rules.apply(&mut self.state, action)?;
        self.actions.push(action.clone());
        self.events.extend(events.iter().cloned());
        Ok(events)
    }

    /// The state and events after the first `count` actions, replayed from the start.
    #[must_use]
    pub fn replayed(&self, rules: &R, count: usize) -> Option<(R::State, Vec<R::Event>)> {
        let (mut state, mut events) = rules.start(&self.setup, self.seed).ok()?;
        for action in self.actions.iter().take(count) {
            events.extend(rules.apply(&mut state, action).ok()?);
        }
        Some((state, events))
    }

    /// Goes back to the position after the first `count` actions; changes nothing and returns
    /// false when that position cannot be replayed.
    pub fn back_to(&mut self, rules: &R, count: usize) -> bool {
        let Some((state, events)) = self.replayed(rules, count) else { return false };
        self.actions.truncate(count);
        self.state = state;
        self.events = events;
        true
    }

    /// Takes back the last action by replaying all the others.
    pub fn undo(&mut self, rules: &R) -> bool {
        self.actions.len().checked_sub(1).is_some_and(|count| self.back_to(rules, count))
    }

    /// The seat that decided each action taken, replayed from the seed (`None` where the
    /// replay cannot say).
    #[must_use]
    pub fn deciders(&self, rules: &R) -> Vec<Option<u8>> {
        let Ok((mut state, _)) = rules.start(&self.setup, self.seed) else { return Vec::new() };
        let mut deciders = Vec::with_capacity(self.actions.len());
        for action in &self.actions {
            deciders.push(match rules.to_move(&state) {
                Decision::Seat(seat) => Some(seat),
                Decision::Over => None,
            });
            if rules.apply(&mut state, action).is_err() {
                break;
            }
        }
        deciders
    }

    /// Takes back every action since a person last decided, and that decision too: the
    /// position returns to just before the person's last action, so the computer does not
    /// play its moves again. `computer` says which seats the computer plays. False when no
    /// person has decided yet.
    pub fn undo_to_person(&mut self, rules: &R, computer: &dyn Fn(u8) -> bool) -> bool {
        let deciders = self.deciders(rules);
        let Some(last) = deciders.iter().rposition(|seat| seat.is_some_and(|s| !computer(s))) else { return false };
        self.back_to(rules, last)
    }

    /// Takes back a turn: the run of decisions of the person deciding now, when they have
    /// made any; otherwise, against the computer, the person's last run of decisions and the
    /// computer's answer, and between people, the last action alone (the turn's hand-over).
    pub fn undo_turn_to_person(&mut self, rules: &R, computer: &dyn Fn(u8) -> bool) -> bool {
        let deciders = self.deciders(rules);
        let run_start = |last: usize| {
            let seat = deciders[last];
            let mut first = last;
            while first > 0 && deciders[first - 1] == seat {
                first -= 1;
            }
            first
        };
        if let Decision::Seat(now) = rules.to_move(&self.state)
            && !computer(now)
            && deciders.last() == Some(&Some(now))
        {
            return self.back_to(rules, run_start(deciders.len() - 1));
        }
        let Some(last) = deciders.iter().rposition(|seat| seat.is_some_and(|s| !computer(s))) else { return false };
        if last + 1 == deciders.len() {
            return self.undo(rules);
        }
        self.back_to(rules, run_start(last))
    }

    /// Starts again from the setup with another seed.
    ///
    /// # Errors
    /// Why the setup cannot start a game.
    pub fn restart(&mut self, rules: &R, seed: u64) -> Result<(), String> {
        *self = Self::start(rules, self.setup.clone(), seed)?;
        Ok(())
    }

    /// The game so far in words, replayed from the seed: the start's events, then each
    /// action's events (they tell the action: a second line saying it would log it twice). A
    /// playtest's log after an undo or a restart.
    pub fn log(&self, rules: &R) -> Vec<String> {
        let Ok((mut state, events)) = rules.start(&self.setup, self.seed) else { return Vec::new() };
        let mut log = event_lines(rules, &state, &events);
        for action in &self.actions {
            if let Ok(events) = rules.apply(&mut state, action) {
                log.extend(event_lines(rules, &state, &events));
            }
        }
        log
    }

    /// Plays the computer's next moves for the seat that decides; returns their events, or
    /// `None` when the computer has no move.
    ///
    /// # Errors
    /// The computer chose an action the rules refuse (a bug in the computer player).
    pub fn play_computer(&mut self, rules: &R, level: Level) -> Result<Option<Vec<R::Event>>, String> {
        let moves = rules.computer_moves(&self.state, level);
        if moves.is_empty() {
            return Ok(None);
        }
        let mut events = Vec::new();
        for action in moves {
            let more = self
                .act(rules, &action)
                .map_err(|r| format!("seed {}: the computer chose a refused action {action:?}: {r}", self.seed))?;
            events.extend(more);
        }
        Ok(Some(events))
    }
}

/// What playing a script gave: every event, the final state, and the first refusal.
#[derive(Debug, Clone)]
pub struct ScriptRun<R: Rules> {
    /// The start's events, then each action's.
    pub events: Vec<R::Event>,
    /// The events in words, each action's told in the position it left (as a playtest's log
    /// tells them), so a unit later lost is still named where it moved and fired.
    pub log: Vec<String>,
    /// The game after the last action played.
    pub state: R::State,
    /// The script's line, the action and the rules' reason, when an action was refused.
    pub refused: Option<(usize, R::Action, R::Rejection)>,
}

/// The most actions a script may hold: more than any game a person plays out by hand, and few
/// enough that replaying one, with its events and its report, stays within a few tens of
/// megabytes. A longer script is refused at its first line over, and no further line is read.
pub const MAX_SCRIPT_ACTIONS: usize = 20_000;

/// The refusal of a script's line past [`MAX_SCRIPT_ACTIONS`].
#[must_use]
pub fn script_too_long(line: usize) -> String {
    format!("line {line}: {}", script_too_long_reason())
}

/// Why a script's line past [`MAX_SCRIPT_ACTIONS`] is refused, for a game whose script errors
/// carry the line apart.
#[must_use]
pub fn script_too_long_reason() -> String {
    format!("the script has more than {MAX_SCRIPT_ACTIONS} actions, more than a game holds; the rest was not read")
}

/// Plays a script (each line's number and what it says) from a setup and a seed, each line
/// made an action against the position it meets by `resolve`, stopping at the first action
/// the rules refuse (or at a line `resolve` finds nothing to do for, such as the computer's
/// move once the game is over).
///
/// # Errors
/// The game cannot start.
pub fn run_script<R: Rules, S>(
    rules: &R,
    setup: &R::Setup,
    seed: u64,
    script: &[(usize, S)],
    resolve: impl Fn(&S, &R::State) -> Option<R::Action>,
) -> Result<ScriptRun<R>, String> {
    if let Some((line, _)) = script.get(MAX_SCRIPT_ACTIONS) {
        return Err(script_too_long(*line));
    }
    let (mut state, mut events) = rules.start(setup, seed)?;
    let mut log = event_lines(rules, &state, &events);
    let mut refused = None;
    for (line, scripted) in script {
        let Some(action) = resolve(scripted, &state) else { break };
        match rules.apply(&mut state, &action) {
            Ok(more) => {
                log.extend(event_lines(rules, &state, &more));
                events.extend(more);
            }
            Err(rejection) => {
                refused = Some((*line, action, rejection));
                break;
            }
        }
    }
    Ok(ScriptRun { events, log, state, refused })
}

/// The most actions one computer game may take before it is called stuck.
const MAX_ACTIONS: usize = 1_000_000;

/// One game between computer players of the given levels (one per seat; Easy for a seat the
/// list leaves out) from `setup` and `seed`, stopped after `round_cap` rounds: who won, how,
/// how long, each seat's numbers at the start of every round and every place that changed
/// hands, and the final state. `first` is the seat the setup moves first, where the game
/// fixes one.
///
/// # Errors
/// The game cannot start, or a computer chose an action the rules refuse.
pub fn run_battle<R: Rules>(
    rules: &R,
    setup: R::Setup,
    seed: u64,
    first: Option<u8>,
    round_cap: u32,
    levels: &[Level],
) -> Result<(GameRecord, R::State), String> {
    run_battle_replaying(rules, setup, seed, first, round_cap, levels, None).map(|(record, state, _)| (record, state))
}

/// A computer game's course: every action, and where each of the computer's decisions began
/// among them.
#[derive(Debug, Clone, PartialEq)]
pub struct Course<A> {
    /// Every action taken, in order.
    pub actions: Vec<A>,
    /// For each decision, in order, the number of actions taken before it.
    pub decisions: Vec<usize>,
}

impl<A> Course<A> {
    /// The actions of decision `at`, if the game made it.
    fn decision(&self, at: usize) -> Option<&[A]> {
        let start = *self.decisions.get(at)?;
        let end = self.decisions.get(at + 1).copied().unwrap_or(self.actions.len());
        self.actions.get(start..end)
    }
}

/// A computer game's record, its final state and its course.
pub type GameWithCourse<R> = (GameRecord, <R as Rules>::State, Course<<R as Rules>::Action>);

/// [`run_battle`], giving the game's course too; given `replay` (a course and a count `k`),
/// the first `k` decisions are that course's instead of the computer's. The game is the one
/// `run_battle` plays whenever the computer would have made those decisions itself: the lab
/// replays a game's course up to where a changed reading could first have changed it (see
/// [`crate::watch`]), which saves the computer's thinking and changes no game.
///
/// # Errors
/// The game cannot start, a computer chose an action the rules refuse, or a replayed action
/// is refused (a course from another game).
pub fn run_battle_replaying<R: Rules>(
    rules: &R,
    setup: R::Setup,
    seed: u64,
    first: Option<u8>,
    round_cap: u32,
    levels: &[Level],
    replay: Option<(&Course<R::Action>, usize)>,
) -> Result<GameWithCourse<R>, String> {
    let mut session = Session::start(rules, setup, seed)?;
    let names = rules.series_names();
    let mut series: Vec<Series> =
        names.iter().map(|name| Series { name: (*name).to_owned(), values: Vec::new() }).collect();
    let mut captures = Vec::new();
    let mut recorded_round = 0;
    let mut decisions = Vec::new();
    while let Decision::Seat(seat) = rules.to_move(&session.state) {
        let round = rules.round(&session.state);
        if round > round_cap {
            break;
        }
        // At the start of each round, everyone's numbers as the last round left them.
        if round != recorded_round && !names.is_empty() {
            recorded_round = round;
            for (seat, numbers) in rules.seat_numbers(&session.state).into_iter().enumerate() {
                for (line, value) in series.iter_mut().zip(numbers) {
                    if line.values.len() <= seat {
                        line.values.resize(seat + 1, Vec::new());
                    }
                    line.values[seat].push(value);
                }
            }
        }
        crate::watch::decision(decisions.len());
        let replayed =
            replay.filter(|(_, count)| decisions.len() < *count).and_then(|(c, _)| c.decision(decisions.len()));
        decisions.push(session.actions.len());
        let events = match replayed {
            Some(actions) => {
                let mut events = Vec::new();
                for action in actions {
                    let more = session.act(rules, action).map_err(|r| {
                        format!(
                            "seed {seed}: a replayed action {action:?} is refused: {r} (a course from another game)"
                        )
                    })?;
                    events.extend(more);
                }
                events
            }
            None => {
                let level = levels.get(usize::from(seat)).copied().unwrap_or(Level::Easy);
                let Some(events) = session.play_computer(rules, level)? else { break };
                events
            }
        };
        for event in &events {
            if let Some((at, seat)) = rules.place_taken(event) {
                captures.push(CaptureRecord { at, seat, round });
            }
        }
        if session.actions.len() > MAX_ACTIONS {
            return Err(format!("seed {seed}: the game did not end within {MAX_ACTIONS} actions"));
        }
    }
    let mut stalled = Vec::new();
    let (winner, ending) = match rules.finished(&session.state) {
        Some(done) => (done.winner, done.ending),
        None if rules.round(&session.state) > round_cap => {
            stalled = rules.stall_causes(&session.state);
            (None, "RoundCap".to_owned())
        }
        None => (None, "Unfinished".to_owned()),
    };
    let record = GameRecord {
        winner,
        first,
        length: rules.round(&session.state).min(round_cap),
        ending,
        actions: session.actions.len(),
        series,
        captures,
        stalled,
    };
    Ok((record, session.state, Course { actions: session.actions, decisions }))
}

/// What `simulate` reports for any game, written once: `games` computer games at Normal from
/// `seed` (game `i` uses `seed + i`), each from `setup(first)`, where `first` rotates over the
/// seats when the game lets the lab choose who moves first (`rotates_first`) and is 0
/// otherwise; each seat's wins with their interval, the draws, how games ended and how long
/// they lasted, stopped after `round_cap` rounds. `each` sees every finished game, for what
/// the game adds to the report.
///
/// # Errors
/// A game cannot start, or a computer chose an action the rules refuse.
#[allow(clippy::too_many_arguments)]
pub fn simulate<R: Rules>(
    rules: &R,
    name: &str,
    seat_names: &[String],
    setup: &dyn Fn(u8) -> Result<R::Setup, String>,
    rotates_first: bool,
    super::Run { games, seed, round_cap }: super::Run,
    progress: &mut dyn FnMut(usize),
    each: &mut dyn FnMut(&GameRecord, &R::State),
) -> Result<super::Report, String> {
    use std::fmt::Write as _;
    let seats = seat_names.len().max(1);
    let mut wins = vec![0usize; seats];
    let mut draws = 0usize;
    let mut endings: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    let mut lengths = Vec::with_capacity(games);
    let levels = vec![Level::Normal; seats];
    for game in 0..games {
        let first = if rotates_first { u8::try_from(game % seats).unwrap_or(0) } else { 0 };
        let (record, state) =
            run_battle(rules, setup(first)?, seed + game as u64, rotates_first.then_some(first), round_cap, &levels)?;
        match record.winner.and_then(|w| wins.get_mut(usize::from(w))) {
            Some(count) => *count += 1,
            None => draws += 1,
        }
        *endings.entry(record.ending.clone()).or_default() += 1;
        lengths.push(f64::from(record.length));
        each(&record, &state);
        progress(game + 1);
    }
    let n = games.max(1) as f64;
    let mean = lengths.iter().sum::<f64>() / n;
    let spread = (lengths.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / n).sqrt();
    let mut text =
        format!("{name}: {}, seeds {seed} to {}\n", super::games_counted(games), seed + games.saturating_sub(1) as u64);
    for (seat, w) in wins.iter().enumerate() {
        let who = seat_names.get(seat).map_or_else(|| format!("player {}", seat + 1), Clone::clone);
        let _ = writeln!(text, "  {who} wins {}", super::share_text(*w, games));
    }
    let _ = writeln!(text, "  draws: {}", super::share_text(draws, games));
    for (ending, count) in &endings {
        let _ = writeln!(text, "  {}: {count}", super::ending_phrase(ending));
    }
    let _ = writeln!(text, "  length: {mean:.1} rounds on average, spread {spread:.1}");
    Ok(super::Report {
        text,
        json: serde_json::json!({
            "games": games, "wins": wins, "draws": draws, "endings": endings,
            "win_share_95": wins.iter().map(|&w| super::wilson_interval(w, games)).collect::<Vec<_>>(),
            "draw_share_95": super::wilson_interval(draws, games),
            "mean_rounds": mean, "spread_rounds": spread,
        }),
    })
}
