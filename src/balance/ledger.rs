//! A lab run split across processes: a shard plays its share of every run's games and keeps
//! their records; a merge plays the same command again reading those records instead of
//! playing, so the merged answer is the one-machine answer by construction (the same games,
//! by the same seeds, judged by the same code).
//!
//! The mode lives with the thread that runs the command, not in `BalanceOptions`: one lab
//! command makes many runs (the main one, each CO pairing, each sweep value, each reading,
//! each level), and every one of them must be split or replayed alike without each caller
//! passing the mode on. Worker threads only play games; the thread that asks for a batch is
//! the one that reads or writes the ledger.

use super::GameRecord;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;

/// The K-th of N shares of the games, counted from 0: game `g` belongs to the shard
/// `g % count`, so every shard gets early and late games alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// This shard, from 0.
    pub index: usize,
    /// How many shards share the games.
    pub count: usize,
}

impl Shard {
    /// Reads `K/N` as people write it, K counted from 1.
    ///
    /// # Errors
    /// The text is not `K/N` with 1 ≤ K ≤ N.
    pub fn parse(text: &str) -> Result<Self, String> {
        let (k, n) = text.split_once('/').ok_or_else(|| format!("'{text}': write K/N, such as 2/8"))?;
        let number =
            |part: &str| part.trim().parse::<usize>().map_err(|_| format!("'{text}': K and N are whole numbers"));
        let (k, n) = (number(k)?, number(n)?);
        if n == 0 || k == 0 || k > n {
            return Err(format!("'{text}': K runs from 1 to N (N at least 1)"));
        }
        Ok(Self { index: k - 1, count: n })
    }

    /// Whether game `game` is this shard's to play.
    #[must_use]
    pub fn owns(self, game: usize) -> bool {
        game % self.count == self.index
    }
}

/// One run's games as a shard played them: their numbers within the run and their records.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunPart {
    /// Games the run plays in all (every shard's).
    pub games: usize,
    /// This shard's games, by their number within the run.
    pub records: Vec<(usize, GameRecord)>,
}

enum Mode {
    /// Play only the shard's games and keep their records, run by run.
    Shard { shard: Shard, runs: Vec<RunPart> },
    /// Play nothing: hand out the merged records, run by run.
    Replay { runs: Vec<Vec<GameRecord>>, next: usize },
}

thread_local! {
    static MODE: RefCell<Option<Mode>> = const { RefCell::new(None) };
}

/// Runs `command` on this thread as shard `shard`, and gives its result with every run's part.
pub fn as_shard<T>(shard: Shard, command: impl FnOnce() -> T) -> (T, Vec<RunPart>) {
    MODE.with(|mode| *mode.borrow_mut() = Some(Mode::Shard { shard, runs: Vec::new() }));
    let result = command();
    let runs = match MODE.with(|mode| mode.borrow_mut().take()) {
        Some(Mode::Shard { runs, .. }) => runs,
        _ => Vec::new(),
    };
    (result, runs)
}

/// Runs `command` on this thread reading each run's games from `runs` (whole runs, in the
/// order the command makes them) instead of playing them.
///
/// # Errors
/// The command made more or fewer runs than the records hold, or asked for a game they lack:
/// the parts came from a different command.
pub fn replaying<T>(runs: Vec<Vec<GameRecord>>, command: impl FnOnce() -> T) -> Result<T, String> {
    let expected = runs.len();
    MODE.with(|mode| *mode.borrow_mut() = Some(Mode::Replay { runs, next: 0 }));
    let result = command();
    match MODE.with(|mode| mode.borrow_mut().take()) {
        Some(Mode::Replay { next, .. }) if next == expected => Ok(result),
        Some(Mode::Replay { next, .. }) => {
            Err(format!("the parts hold {expected} runs of games but the command made {next}"))
        }
        _ => Err("the merge lost its records".into()),
    }
}

/// What a new run of `games` games does under this thread's mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RunMode {
    /// Play every game (no shard, no merge).
    Play,
    /// Play the shard's games into run part `run`.
    Shard(Shard, usize),
    /// Read run `run`'s games from the merged records.
    Replay(usize),
}

/// Starts a run of `games` games under this thread's mode.
pub(super) fn begin_run(games: usize) -> RunMode {
    MODE.with(|mode| match mode.borrow_mut().as_mut() {
        None => RunMode::Play,
        Some(Mode::Shard { shard, runs }) => {
            runs.push(RunPart { games, records: Vec::new() });
            RunMode::Shard(*shard, runs.len() - 1)
        }
        Some(Mode::Replay { next, .. }) => {
            *next += 1;
            RunMode::Replay(*next - 1)
        }
    })
}

/// Keeps a shard's played games of run `run`.
pub(super) fn keep(run: usize, played: impl IntoIterator<Item = (usize, GameRecord)>) {
    MODE.with(|mode| {
        if let Some(Mode::Shard { runs, .. }) = mode.borrow_mut().as_mut()
            && let Some(part) = runs.get_mut(run)
        {
            part.records.extend(played);
        }
    });
}

/// The merged records of games `range` of run `run`.
///
/// # Errors
/// The records hold no such run or games.
pub(super) fn recorded(run: usize, range: std::ops::Range<usize>) -> Result<Vec<GameRecord>, String> {
    MODE.with(|mode| match mode.borrow().as_ref() {
        Some(Mode::Replay { runs, .. }) => runs
            .get(run)
            .and_then(|games| games.get(range.clone()))
            .map(<[GameRecord]>::to_vec)
            .ok_or_else(|| format!("the parts hold no games {}..{} of run {}", range.start, range.end, run + 1)),
        _ => Err("no merged records to read".into()),
    })
}

/// Puts the shards' parts of each run together, game by game.
///
/// # Errors
/// The parts disagree on how many runs or games there are, or a game is in no part or in two.
pub fn combine(parts: &[(String, Vec<RunPart>)]) -> Result<Vec<Vec<GameRecord>>, String> {
    let Some((first_name, first)) = parts.first() else { return Err("no parts to merge".into()) };
    // Every part is checked for its runs before any game is merged: a part with more runs than
    // the first would otherwise have its extra runs left out without a word.
    if let Some((name, runs)) = parts.iter().find(|(_, runs)| runs.len() != first.len()) {
        let runs = crate::game::counted(runs.len(), "run", "runs");
        return Err(format!("{name} has {runs} of games where {first_name} has {}", first.len()));
    }
    let mut merged = Vec::with_capacity(first.len());
    for (run, head) in first.iter().enumerate() {
        let mut games: Vec<Option<GameRecord>> = vec![None; head.games];
        for (name, runs) in parts {
            let Some(part) = runs.get(run) else {
                return Err(format!("{name} has no run {}", run + 1));
            };
            if part.games != head.games {
                return Err(format!(
                    "run {} has {} in {name} and {} in {first_name}",
                    run + 1,
                    crate::game::games_counted(part.games),
                    head.games
                ));
            }
            for (game, record) in &part.records {
                match games.get_mut(*game) {
                    Some(slot @ None) => *slot = Some(record.clone()),
                    Some(Some(_)) => return Err(format!("game {} of run {} is in two parts", game + 1, run + 1)),
                    None => return Err(format!("{name} holds game {} of a run of {}", game + 1, head.games)),
                }
            }
        }
        let run_games: Option<Vec<GameRecord>> = games.into_iter().collect();
        merged.push(run_games.ok_or_else(|| format!("run {} lacks games no part played", run + 1))?);
    }
    if let Some((name, runs)) = parts.iter().find(|(_, runs)| runs.len() != first.len()) {
        return Err(format!("{name} has {} runs of games where {first_name} has {}", runs.len(), first.len()));
    }
    Ok(merged)
}
