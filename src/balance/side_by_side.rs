//! Several balance runs played side by side: the next batch of every run not yet settled goes
//! into one pool of games, so the cores stay busy across runs, and each run stops on its own
//! when its sequential test decides (if asked) or its games run out. Each run gets exactly the
//! games and the verdict `run_balance` would give it alone.

use super::{BATCH, Balance, BalanceOptions, GameRecord, decided, judge, judge_with, ledger, play_each, records_of};
use crate::game::{OpenScenario, Watched};

/// One run under way.
struct Run {
    /// Play, shard or replay, as the thread's mode makes it.
    mode: ledger::RunMode,
    seats: u8,
    records: Vec<GameRecord>,
    settled: bool,
    stopped_early: bool,
}

/// How the runs after the first stand to it.
pub struct AgainstFirst<'a> {
    /// Whether a run has settled, from the first run's games and its own of the same numbers
    /// (`true`: stop it).
    pub settled: &'a (dyn Fn(&[GameRecord], &[GameRecord]) -> bool + 'a),
    /// The setting and value by which each later run differs from the first, in order: a game
    /// the first run's watch shows could not differ under it is copied, and one that could
    /// only from some decision on replays the first's decisions up to there
    /// ([`OpenScenario::battle_watched`]). Empty: every game is played.
    pub variants: &'a [(String, String)],
}

/// What a run stopped by its watcher (a Cancel) gives instead of results.
pub const CANCELLED: &str = "cancelled";

/// Plays `options.games` games (the most, with `until_clear`) of every scenario in
/// `scenarios`, their batches side by side; `progress` hears (done, of) in games, where a run
/// that stopped early counts its unplayed games as done, and says whether to go on (a Cancel
/// says no, and the run gives [`CANCELLED`]). Each run's balance and game records
/// come back in the order of `scenarios`.
///
/// With `until_clear`, a run stops when its own sequential test decides; given
/// `against_first`, every run but the first stops instead when that says so, and the first,
/// which they are measured against, plays on until its own test has decided and every other
/// run has stopped. Given its variants too, each batch of the first run is played before the
/// others' batches, watched; a later run's game that could not differ from the first's game
/// of the same number is that game's record, and one that could only from some decision on
/// replays that game's decisions up to there: the records are the ones play would give, only
/// sooner.
///
/// # Errors
/// A game could not be played, or the run was cancelled.
pub fn run_balances(
    scenarios: &[&dyn OpenScenario],
    options: &BalanceOptions,
    against_first: Option<&AgainstFirst<'_>>,
    progress: &mut dyn FnMut(usize, usize) -> bool,
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
    let _ends: Vec<super::RunEnds<'_>> = scenarios.iter().map(|&scenario| super::RunEnds(scenario)).collect();
    let variants = against_first.map_or(&[][..], |against| against.variants);
    let watch = !variants.is_empty() && variants.len() + 1 == runs.len();
    // The first run's games watched this round, by number. The runs still playing go in step
    // (the first plays while any does), so a round's later batches need only its own games, and
    // a long run keeps no more than a batch of courses.
    let mut watched_games: std::collections::BTreeMap<usize, Watched> = std::collections::BTreeMap::new();
    let of = options.games * runs.len();
    if !progress(0, of) {
        return Err(CANCELLED.to_owned());
    }
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
        // Watched, the first run's batch goes before the rest, which may copy its games.
        let phases: Vec<Vec<(usize, std::ops::Range<usize>)>> = if watch {
            let (first, rest) = batches.into_iter().partition(|(at, _)| *at == 0);
            vec![first, rest]
        } else {
            vec![batches]
        };
        for phase in phases {
            let newly_watched = std::sync::Mutex::new(Vec::new());
            let game = |at: usize, g: usize| -> Result<GameRecord, String> {
                let (scenario, run) = scenarios.get(at).zip(runs.get(at)).ok_or("no such run")?;
                let (seed, first) = super::seed_and_first(options, run.seats, g);
                if watch && at == 0 {
                    let watched = scenario.battle_watched(seed, first, options.round_cap, &options.levels, variants)?;
                    let record = watched.record.clone();
                    newly_watched.lock().map_err(|_| "a watched game failed")?.push((g, watched));
                    return Ok(record);
                }
                let of_first = watched_games.get(&g).filter(|_| watch && at > 0);
                match of_first.map(|w| (w, w.differs_from.get(at - 1).copied().flatten())) {
                    Some((w, None)) => Ok(w.record.clone()),
                    // From decision 0 this replays nothing: the game is played whole.
                    Some((w, Some(from))) => scenario.battle_replaying(
                        seed,
                        first,
                        options.round_cap,
                        &options.levels,
                        (w.course.as_ref(), from),
                    ),
                    None => scenario.battle(seed, first, options.round_cap, &options.levels),
                }
            };
            let played = play_phase(&runs, &phase, options, &game)?;
            // A shard watches only its own games; the others' are played in full.
            watched_games.extend(newly_watched.into_inner().map_err(|_| "a watched game failed")?);
            for ((at, _), batch) in phase.into_iter().zip(played) {
                if let Some(run) = runs.get_mut(at) {
                    run.records.extend(batch);
                }
            }
        }
        watched_games.clear();
        settle(&mut runs, options, against_first.map(|against| against.settled));
        for (run, scenario) in runs.iter().zip(scenarios) {
            if run.settled {
                scenario.let_go_of_kept();
            }
        }
        let done: usize = runs.iter().map(|run| if run.settled { options.games } else { run.records.len() }).sum();
        if !progress(done, of) {
            return Err(CANCELLED.to_owned());
        }
    }
    Ok(runs
        .into_iter()
        .map(|run| (judge(&run.records, run.seats, options.margin, run.stopped_early), run.records))
        .collect())
}

/// One phase's batches, each run's in the order given: the runs played here in one pool of
/// games, so the cores stay busy across runs; shards and merges go their own way.
fn play_phase(
    runs: &[Run],
    phase: &[(usize, std::ops::Range<usize>)],
    options: &BalanceOptions,
    game: &(dyn Fn(usize, usize) -> Result<GameRecord, String> + Sync),
) -> Result<Vec<Vec<GameRecord>>, String> {
    let plays = |at: usize| runs.get(at).is_some_and(|run| run.mode == ledger::RunMode::Play);
    let jobs: Vec<(usize, usize)> = phase
        .iter()
        .filter(|(at, _)| plays(*at))
        .flat_map(|(at, range)| range.clone().map(move |g| (*at, g)))
        .collect();
    let played = play_each(jobs.len(), options.threads, |job| {
        let &(at, g) = jobs.get(job).ok_or("no such game")?;
        game(at, g)
    })?;
    let mut played = played.into_iter();
    let mut batches = Vec::with_capacity(phase.len());
    for (at, range) in phase {
        let Some(run) = runs.get(*at) else { continue };
        batches.push(match run.mode {
            ledger::RunMode::Play => played.by_ref().take(range.len()).collect(),
            mode => records_of(mode, range.clone(), options.threads, &|g| game(*at, g))?,
        });
    }
    Ok(batches)
}

/// Whether a later run has settled against the first ([`AgainstFirst::settled`]).
type SettledAgainstFirst<'a> = dyn Fn(&[GameRecord], &[GameRecord]) -> bool + 'a;

/// Marks the runs that stop after this round of batches.
fn settle(runs: &mut [Run], options: &BalanceOptions, against_first: Option<&SettledAgainstFirst<'_>>) {
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
