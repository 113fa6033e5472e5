//! Several balance runs played side by side: the next batch of every run not yet settled goes
//! into one pool of games, so the cores stay busy across runs, and each run stops on its own
//! when its sequential test decides (if asked) or its games run out. Each run gets exactly the
//! games and the verdict `run_balance` would give it alone.

use super::{BATCH, Balance, BalanceOptions, GameRecord, decided, judge, judge_with, ledger, play_batch, play_each};
use crate::game::OpenScenario;

/// One run under way.
struct Run {
    /// Play, shard or replay, as the thread's mode makes it.
    mode: ledger::RunMode,
    seats: u8,
    records: Vec<GameRecord>,
    settled: bool,
    stopped_early: bool,
}

/// Whether a run has settled, from the first run's games and its own of the same numbers
/// (`true`: stop it).
pub type AgainstFirst<'a> = dyn Fn(&[GameRecord], &[GameRecord]) -> bool + 'a;

/// Plays `options.games` games (the most, with `until_clear`) of every scenario in
/// `scenarios`, their batches side by side; `progress` hears (done, of) in games, where a run
/// that stopped early counts its unplayed games as done. Each run's balance and game records
/// come back in the order of `scenarios`.
///
/// With `until_clear`, a run stops when its own sequential test decides; given
/// `against_first`, every run but the first stops instead when that says so, and the first,
/// which they are measured against, plays on until its own test has decided and every other
/// run has stopped.
///
/// # Errors
/// A game could not be played.
pub fn run_balances(
    scenarios: &[&dyn OpenScenario],
    options: &BalanceOptions,
    against_first: Option<&AgainstFirst<'_>>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<(Balance, Vec<GameRecord>)>, String> {
    // Every run begins before any is played, in the order given, so a shard and its merge
    // number the runs alike.
    let mut runs: Vec<Run> = scenarios
        .iter()
        .map(|scenario| Run {
            mode: ledger::begin_run(options.games),
            seats: scenario.seats(),
            records: Vec::with_capacity(options.games),
            settled: options.games == 0,
            stopped_early: false,
        })
        .collect();
    let of = options.games * runs.len();
    progress(0, of);
    loop {
        let batches: Vec<(usize, std::ops::Range<usize>)> = runs
            .iter()
            .enumerate()
            .filter(|(_, run)| !run.settled)
            .map(|(at, run)| (at, run.records.len()..(run.records.len() + BATCH).min(options.games)))
            .collect();
        if batches.is_empty() {
            break;
        }
        // The games to play here, every run's batch in one pool; shards and merges go their
        // own way below.
        let jobs: Vec<(usize, usize)> = batches
            .iter()
            .filter(|(at, _)| runs.get(*at).is_some_and(|run| run.mode == ledger::RunMode::Play))
            .flat_map(|(at, range)| range.clone().map(move |game| (*at, game)))
            .collect();
        let seats: Vec<u8> = runs.iter().map(|run| run.seats).collect();
        let played = play_each(jobs.len(), options.threads, |job| {
            let &(at, game) = jobs.get(job).ok_or("no such game")?;
            let (scenario, seats) = scenarios.get(at).zip(seats.get(at)).ok_or("no such run")?;
            super::play_one(*scenario, options, *seats, game)
        })?;
        let mut played = played.into_iter();
        for (at, range) in batches {
            let Some(run) = runs.get_mut(at) else { continue };
            let batch: Vec<GameRecord> = match run.mode {
                ledger::RunMode::Play => played.by_ref().take(range.len()).collect(),
                mode => {
                    let scenario = scenarios.get(at).ok_or("no such run")?;
                    play_batch(*scenario, options, run.seats, range, mode)?
                }
            };
            run.records.extend(batch);
        }
        settle(&mut runs, options, against_first);
        let done: usize = runs.iter().map(|run| if run.settled { options.games } else { run.records.len() }).sum();
        progress(done, of);
    }
    Ok(runs
        .into_iter()
        .map(|run| (judge(&run.records, run.seats, options.margin, run.stopped_early), run.records))
        .collect())
}

/// Marks the runs that stop after this round of batches.
fn settle(runs: &mut [Run], options: &BalanceOptions, against_first: Option<&AgainstFirst<'_>>) {
    let own_test =
        |run: &Run| options.until_clear && decided(&judge_with(&run.records, run.seats, options.margin, false, false));
    let stops: Vec<bool> = runs
        .iter()
        .enumerate()
        .map(|(at, run)| match (against_first, runs.first()) {
            (Some(paired), Some(first)) if at > 0 => {
                options.until_clear
                    && first.records.get(..run.records.len()).is_some_and(|base| paired(base, &run.records))
            }
            _ => own_test(run),
        })
        .collect();
    for (run, stops) in runs.iter_mut().zip(stops) {
        if !run.settled && (stops || run.records.len() >= options.games) {
            run.settled = true;
            run.stopped_early = run.records.len() < options.games;
        }
    }
    // The first run is what the others are measured against: it plays while any of them does.
    if against_first.is_some()
        && runs.iter().skip(1).any(|run| !run.settled)
        && let Some(first) = runs.first_mut().filter(|first| first.records.len() < options.games)
    {
        first.settled = false;
        first.stopped_early = false;
    }
}
