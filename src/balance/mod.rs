//! The balance lab's statistics, for every game system: many computer games run on all cores
//! (the same results with any number of threads), each seat's share with its Wilson 95%
//! interval, the first mover's advantage apart from the position, a sequential test that stops
//! when the answer is clear (in the manner of fishtest's SPRT), and a verdict in plain words.
//!
//! A system supplies one game at a time through the seam (`OpenScenario::battle`); nothing
//! here knows a game.

pub mod fairness;
pub mod ledger;
pub mod suggest;
pub mod suggest_words;

pub use crate::game::GameRecord;
use crate::game::{Level, OpenScenario, wilson_interval};
use serde::Serialize;
use std::collections::BTreeMap;

/// What a balance run is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BalanceOptions {
    /// Games to play, or the most to play when stopping early.
    pub games: usize,
    /// Stop as soon as the sequential test decides.
    pub until_clear: bool,
    /// The first game's seed; game `i` uses `seed + i`.
    pub seed: u64,
    /// The longest game in rounds before it is stopped as unfinished.
    pub round_cap: u32,
    /// Worker threads (1 or more); the results do not depend on it.
    pub threads: usize,
    /// The share above the fair one that counts as favoured (0.05: five points).
    pub margin: f64,
    /// The computer's level per seat (the last one for seats beyond the list).
    pub levels: [Level; 8],
}

/// Games are played and judged in batches of this many, whatever the thread count, so an
/// early stop falls on the same game on every machine.
pub const BATCH: usize = 20;

/// The sequential probability ratio test for one seat: H0, its share of wins is the fair one
/// (one over the seats); H1, it is `margin` higher. Bounds for 5% errors both ways.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Sprt {
    /// The fair share (H0).
    pub p0: f64,
    /// The favoured share (H1).
    pub p1: f64,
    /// The log-likelihood ratio so far.
    pub llr: f64,
    /// Accept H0 (fair) at or below this.
    pub lower: f64,
    /// Accept H1 (favoured) at or above this.
    pub upper: f64,
}

impl Sprt {
    /// The test after `wins` in `games` (a draw counts as not a win).
    #[must_use]
    pub fn new(p0: f64, margin: f64, wins: usize, games: usize) -> Self {
        let (alpha, beta) = (0.05f64, 0.05f64);
        let p1 = (p0 + margin).min(0.999);
        let (k, n) = (wins as f64, games as f64);
        let llr = k * (p1 / p0).ln() + (n - k) * ((1.0 - p1) / (1.0 - p0)).ln();
        Self { p0, p1, llr, lower: (beta / (1.0 - alpha)).ln(), upper: ((1.0 - beta) / alpha).ln() }
    }

    /// `Some(true)` when the seat is favoured, `Some(false)` when it is fair within the
    /// margin, `None` while undecided.
    #[must_use]
    pub fn decision(&self) -> Option<bool> {
        if self.llr >= self.upper {
            Some(true)
        } else if self.llr <= self.lower {
            Some(false)
        } else {
            None
        }
    }
}

/// One seat's numbers.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatShare {
    /// The seat, from 0.
    pub seat: u8,
    /// Games won.
    pub wins: usize,
    /// The share of games won.
    pub share: f64,
    /// Its Wilson 95% interval.
    pub interval: (f64, f64),
    /// Games in which it moved first, and those it won.
    pub first: (usize, usize),
    /// The sequential test for this seat being favoured.
    pub sprt: Sprt,
}

/// The result of a balance run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Balance {
    /// Games played.
    pub games: usize,
    /// Per seat.
    pub seats: Vec<SeatShare>,
    /// Draws.
    pub draws: usize,
    /// Games the first mover won, of the decisive games with a fixed first mover, with the
    /// interval: among decisive games, so draws do not read as the first move hurting.
    pub first_mover: Option<(usize, usize, (f64, f64))>,
    /// Game length: mean and the 10th and 90th percentiles.
    pub length: (f64, u32, u32),
    /// How games ended.
    pub endings: BTreeMap<String, usize>,
    /// Stopped early because the test decided.
    pub stopped_early: bool,
    /// The verdict in plain words.
    pub verdict: String,
    /// When more than a tenth of the games stopped at the round cap with no result: how many,
    /// what the stalled games showed at the cap, and what would end them.
    pub stalls: Option<String>,
    /// Whether a seat is favoured beyond chance.
    pub favoured: bool,
    /// Whether the first mover wins (or loses) beyond the margin, whichever seat moves first:
    /// then the first move, not a seat, decides the games, and the verdict leads with it.
    pub first_move_decides: bool,
    /// Per recorded number (funds, income, unit value): per seat, per round, the mean and the
    /// band from the 10th to the 90th percentile over the games still going.
    pub curves: Vec<Curve>,
    /// Per place that changed hands: how often, by which seat, and the mean round.
    pub heatmap: Vec<HeatCell>,
    /// Per seat, places taken in round 1 on average.
    pub first_round_captures: Vec<f64>,
}

impl Balance {
    /// The seat the run favours, if any: the one with the most wins, when the run says a seat
    /// is favoured. Two runs agree on their verdict when this is the same (a verdict that moves
    /// from one seat to another has turned, though a seat is favoured in both).
    #[must_use]
    pub fn favoured_seat(&self) -> Option<u8> {
        self.favoured.then(|| self.seats.iter().max_by_key(|s| s.wins).map(|s| s.seat)).flatten()
    }

    /// Each seat's share of the decisive games (draws left out), with its interval, in words:
    /// `of the 120 decisive games: Allies 70 (58%, 95% interval 49% to 67%), Axis 50 (...)`.
    /// A verdict over games most of which were drawn says little of who wins the rest.
    #[must_use]
    pub fn decisive_text(&self, name: &dyn Fn(u8) -> String) -> String {
        let decisive = self.games.saturating_sub(self.draws);
        if decisive == 0 {
            return "no game was decisive".to_owned();
        }
        let shares: Vec<String> = self
            .seats
            .iter()
            .map(|seat| {
                let (low, high) = crate::game::wilson_interval(seat.wins, decisive);
                format!(
                    "{} {} ({:.0}%, 95% interval {:.0}% to {:.0}%)",
                    name(seat.seat),
                    seat.wins,
                    100.0 * seat.wins as f64 / decisive as f64,
                    100.0 * low,
                    100.0 * high
                )
            })
            .collect();
        format!("of the {}: {}", crate::game::counted(decisive, "decisive game", "decisive games"), shares.join(", "))
    }
}

/// One recorded number across the games.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Curve {
    /// What it is.
    pub name: String,
    /// Per seat, per round: (mean, 10th percentile, 90th percentile, games).
    pub seats: Vec<Vec<(f64, f64, f64, usize)>>,
}

impl Curve {
    /// How many rounds a chart shows: up to the last round at least a tenth of the games
    /// reached. A few stalled games run to the round cap, and a chart scaled to them squashes
    /// the rounds where the games are decided into a sliver at its left edge.
    #[must_use]
    pub fn shown_rounds(&self) -> usize {
        let going = |round: usize| self.seats.iter().filter_map(|s| s.get(round).map(|p| p.3)).max().unwrap_or(0);
        let started = going(0);
        let longest = self.seats.iter().map(Vec::len).max().unwrap_or(0);
        (0..longest).take_while(|&round| going(round) * 10 >= started).count()
    }

    /// Per seat, the points of the rounds a chart shows.
    #[must_use]
    pub fn shown(&self) -> Vec<&[(f64, f64, f64, usize)]> {
        let rounds = self.shown_rounds();
        self.seats.iter().map(|points| &points[..rounds.min(points.len())]).collect()
    }

    /// The chart's note on the rounds it leaves out, if it leaves any.
    #[must_use]
    pub fn cut_note(&self) -> Option<String> {
        let (shown, longest) = (self.shown_rounds(), self.seats.iter().map(Vec::len).max().unwrap_or(0));
        (shown < longest).then(|| {
            let rounds = if shown + 1 == longest {
                format!("Round {longest} is")
            } else {
                format!("Rounds {} to {longest} are", shown + 1)
            };
            format!("{rounds} left out: fewer than a tenth of the games got that far.")
        })
    }
}

/// A place that changed hands in some games.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HeatCell {
    /// Where.
    pub at: crate::game::Place,
    /// Changes of hands over all games.
    pub changes: usize,
    /// How many of them each seat made.
    pub by_seat: Vec<usize>,
    /// The mean round of a change.
    pub mean_round: f64,
}

/// "1000 games", or "600 decisive games" where some were drawn.
fn decisive_games(n: usize, draws: usize) -> String {
    if draws == 0 { crate::game::games_counted(n) } else { format!("{n} decisive games") }
}

fn curves_of(records: &[GameRecord], seats: u8) -> Vec<Curve> {
    let names: Vec<String> =
        records.first().map(|r| r.series.iter().map(|s| s.name.clone()).collect()).unwrap_or_default();
    names
        .iter()
        .enumerate()
        .map(|(index, name)| {
            let per_seat = (0..usize::from(seats))
                .map(|seat| {
                    let longest = records
                        .iter()
                        .filter_map(|r| r.series.get(index)?.values.get(seat).map(Vec::len))
                        .max()
                        .unwrap_or(0);
                    (0..longest)
                        .map(|round| {
                            let mut values: Vec<f64> = records
                                .iter()
                                .filter_map(|r| r.series.get(index)?.values.get(seat)?.get(round).copied())
                                .collect();
                            values.sort_by(f64::total_cmp);
                            let n = values.len();
                            let mean = values.iter().sum::<f64>() / n.max(1) as f64;
                            let at = |q: usize| values.get(n.saturating_sub(1) * q / 10).copied().unwrap_or(0.0);
                            (mean, at(1), at(9), n)
                        })
                        .collect()
                })
                .collect();
            Curve { name: name.clone(), seats: per_seat }
        })
        .collect()
}

fn heatmap_of(records: &[GameRecord], seats: u8) -> Vec<HeatCell> {
    let mut cells: BTreeMap<crate::game::Place, (Vec<usize>, u64)> = BTreeMap::new();
    for capture in records.iter().flat_map(|r| &r.captures) {
        let cell = cells.entry(capture.at).or_insert_with(|| (vec![0; usize::from(seats)], 0));
        if let Some(count) = cell.0.get_mut(usize::from(capture.seat)) {
            *count += 1;
        }
        cell.1 += u64::from(capture.round);
    }
    cells
        .into_iter()
        .map(|(at, (by_seat, rounds))| {
            let changes: usize = by_seat.iter().sum();
            HeatCell { at, changes, by_seat, mean_round: rounds as f64 / changes.max(1) as f64 }
        })
        .collect()
}

/// Games `range` of a run under this thread's mode: played on `threads` threads, or only
/// the shard's share of them played (the others stand in as unplayed draws, which nobody
/// judges: a shard prints its records, not a verdict), or read from a merge's records. The
/// records come back in game order.
fn records_of(
    run: ledger::RunMode,
    range: std::ops::Range<usize>,
    threads: usize,
    game: &(dyn Fn(usize) -> Result<GameRecord, String> + Sync),
) -> Result<Vec<GameRecord>, String> {
    let play = |games: &[usize]| {
        play_each(games.len(), threads, |job| games.get(job).map_or_else(|| Err("no such game".into()), |&g| game(g)))
    };
    match run {
        ledger::RunMode::Play => play(&range.collect::<Vec<_>>()),
        ledger::RunMode::Replay(run) => ledger::recorded(run, range),
        ledger::RunMode::Shard(shard, run) => {
            let mine: Vec<usize> = range.clone().filter(|&g| shard.owns(g)).collect();
            let played: Vec<(usize, GameRecord)> = mine.iter().copied().zip(play(&mine)?).collect();
            let mut own = played.iter().peekable();
            let records = range
                .map(|g| match own.next_if(|(m, _)| *m == g) {
                    Some((_, record)) => record.clone(),
                    None => unplayed(),
                })
                .collect();
            ledger::keep(run, played);
            Ok(records)
        }
    }
}

/// A balance run's games `range` under this thread's mode (see [`records_of`]).
fn play_batch(
    scenario: &dyn OpenScenario,
    options: &BalanceOptions,
    seats: u8,
    range: std::ops::Range<usize>,
    run: ledger::RunMode,
) -> Result<Vec<GameRecord>, String> {
    records_of(run, range, options.threads, &|g| play_one(scenario, options, seats, g))
}

/// A lab run of `count` games that is not a balance run (a calibration's), under this
/// thread's mode, so it splits into shards and merges like one: `game` plays game `g` from
/// its number alone.
///
/// # Errors
/// A game could not be played, or a merge's records lack the run.
pub fn play_run(
    count: usize,
    threads: usize,
    game: impl Fn(usize) -> Result<GameRecord, String> + Sync,
) -> Result<Vec<GameRecord>, String> {
    records_of(ledger::begin_run(count), 0..count, threads, &game)
}

/// A game another shard plays, standing in for it in this shard's own count.
fn unplayed() -> GameRecord {
    GameRecord {
        winner: None,
        first: None,
        length: 0,
        ending: "PlayedByAnotherShard".into(),
        actions: 0,
        series: Vec::new(),
        captures: Vec::new(),
        stalled: Vec::new(),
    }
}

/// One game of a run: its seed is the run's first seed plus its number, and the first mover
/// rotates so every seat moves first equally often.
fn play_one(
    scenario: &dyn OpenScenario,
    options: &BalanceOptions,
    seats: u8,
    game: usize,
) -> Result<GameRecord, String> {
    let (seed, first) = seed_and_first(options, seats, game);
    scenario.battle(seed, first, options.round_cap, &options.levels)
}

/// Game `game`'s seed and first mover in a run of `seats` seats.
fn seed_and_first(options: &BalanceOptions, seats: u8, game: usize) -> (u64, u8) {
    (options.seed.wrapping_add(game as u64), u8::try_from(game % usize::from(seats.max(1))).unwrap_or(0))
}

/// A worker's jobs, by number, with their results.
type Done<T> = Vec<(usize, Result<T, String>)>;

/// Does jobs `0..count` on `threads` threads, each thread taking the next job as soon as it
/// finishes one, so one long game does not leave the other threads idle while a fixed share
/// waits behind it. Each job depends only on its number, so the results, returned in job
/// order, are the same with any number of threads; after a failure no new job starts and the
/// failure of the lowest-numbered job is returned.
///
/// # Errors
/// The first failing job's message, or a worker that stopped.
pub fn play_each<T: Send>(
    count: usize,
    threads: usize,
    job: impl Fn(usize) -> Result<T, String> + Sync,
) -> Result<Vec<T>, String> {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let threads = threads.clamp(1, count.max(1));
    if threads == 1 {
        return (0..count).map(job).collect();
    }
    let (next, failed) = (AtomicUsize::new(0), AtomicBool::new(false));
    let worker = || {
        let mut done = Vec::new();
        while !failed.load(Ordering::Relaxed) {
            let at = next.fetch_add(1, Ordering::Relaxed);
            if at >= count {
                break;
            }
            let result = job(at);
            failed.fetch_or(result.is_err(), Ordering::Relaxed);
            done.push((at, result));
        }
        done
    };
    let finished: Vec<Option<Done<T>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|_| scope.spawn(worker)).collect();
        handles.into_iter().map(|h| h.join().ok()).collect()
    });
    let mut slots: Vec<Option<Result<T, String>>> = (0..count).map(|_| None).collect();
    for done in finished {
        for (at, result) in done.ok_or_else(|| "a simulation thread failed".to_owned())? {
            if let Some(slot) = slots.get_mut(at) {
                *slot = Some(result);
            }
        }
    }
    let mut out = Vec::with_capacity(count);
    for slot in slots {
        match slot {
            Some(result) => out.push(result?),
            // Only a failure stops jobs from being taken, and it comes first in job order.
            None => return Err("a game was left unplayed after another failed".into()),
        }
    }
    Ok(out)
}

/// Whether the sequential test has decided: a seat favoured, or every seat fair.
fn decided(now: &Balance) -> bool {
    now.seats.iter().any(|s| s.sprt.decision() == Some(true))
        || now.seats.iter().all(|s| s.sprt.decision() == Some(false))
}

/// Runs the games and judges them. `progress` hears the games played so far.
///
/// # Errors
/// A game could not be played.
pub fn run_balance(
    scenario: &dyn OpenScenario,
    options: &BalanceOptions,
    progress: &mut dyn FnMut(usize),
) -> Result<Balance, String> {
    run_balance_with(scenario, options, &mut |partial| {
        progress(partial.games);
        true
    })
}

/// Runs the games, showing `on_batch` the judgement so far after every batch (shares, tests and
/// verdict; the per-round curves and the heatmap come with the final result, as working them
/// out after every batch would cost time growing with the square of the games); it stops early
/// when `on_batch` says `false` (a cancel) and returns what was played.
///
/// # Errors
/// A game could not be played.
pub fn run_balance_with(
    scenario: &dyn OpenScenario,
    options: &BalanceOptions,
    on_batch: &mut dyn FnMut(&Balance) -> bool,
) -> Result<Balance, String> {
    let seats = scenario.seats();
    let mut records = Vec::with_capacity(options.games);
    let mut stopped_early = false;
    let run = ledger::begin_run(options.games);
    let _ends = RunEnds(scenario);
    while records.len() < options.games {
        let from = records.len();
        let to = (from + BATCH).min(options.games);
        records.extend(play_batch(scenario, options, seats, from..to, run)?);
        let now = judge_with(&records, seats, options.margin, false, false);
        let go_on = on_batch(&now);
        if !go_on || stops_here(&now, options) {
            stopped_early = records.len() < options.games;
            break;
        }
    }
    Ok(judge(&records, seats, options.margin, stopped_early))
}

/// A run of a scenario's games, which lets go of what they kept for each other when it ends,
/// however it ends ([`OpenScenario::let_go_of_kept`]): the next run of the scenario (the
/// window's, a benchmark's next iteration) starts as the first did.
pub(crate) struct RunEnds<'a>(pub(crate) &'a dyn OpenScenario);

impl Drop for RunEnds<'_> {
    fn drop(&mut self) {
        self.0.let_go_of_kept();
    }
}

/// Whether a run judged `now` after a batch stops there for its own test.
fn stops_here(now: &Balance, options: &BalanceOptions) -> bool {
    options.until_clear && decided(now)
}

/// What [`run_balance`] gives, from `records`: the first games of a run on the same seeds that
/// played at least as long (a readings report's baseline, say), judged batch by batch as that
/// run judges them. `None` when the records stop before the run would.
#[must_use]
pub fn balance_of_first(records: &[GameRecord], seats: u8, options: &BalanceOptions) -> Option<Balance> {
    let mut played = 0;
    let mut stopped_early = false;
    while played < options.games {
        played = (played + BATCH).min(options.games);
        let now = judge_with(records.get(..played)?, seats, options.margin, false, false);
        if stops_here(&now, options) {
            stopped_early = played < options.games;
            break;
        }
    }
    Some(judge(records.get(..played)?, seats, options.margin, stopped_early))
}

/// A share as a whole percentage ("35%"), as every text of the lab writes one.
#[must_use]
pub fn percent(x: f64) -> String {
    format!("{:.0}%", 100.0 * x)
}

/// Past this share of games stopped at the round cap, the lab says why they may have stalled.
pub const STALL_SHARE: f64 = 0.10;

/// What the games stopped at the round cap say, when they are more than [`STALL_SHARE`].
fn stall_note(records: &[GameRecord]) -> Option<String> {
    let stalled: Vec<&GameRecord> = records.iter().filter(|r| r.ending == "RoundCap").collect();
    if records.is_empty() || (stalled.len() as f64) <= STALL_SHARE * records.len() as f64 {
        return None;
    }
    // Each cause with the games it was seen in and the first place a game listed it: a game
    // lists the cause that decides the rest first (no route between the armies before the
    // funds that pile up because of it), so among causes seen as often that one leads.
    let mut causes: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for record in &stalled {
        for (place, cause) in record.stalled.iter().enumerate() {
            let entry = causes.entry(cause.as_str()).or_insert((0, place));
            entry.0 += 1;
            entry.1 = entry.1.min(place);
        }
    }
    let mut ranked: Vec<(&str, usize, usize)> =
        causes.into_iter().map(|(cause, (n, place))| (cause, n, place)).collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)).then(a.0.cmp(b.0)));
    let seen = if ranked.is_empty() {
        "no blocked route, empty pool or missing goal was seen: the armies could still move, but neither side pressed on (a turn limit, or objectives nearer the middle, would force the issue)".to_owned()
    } else {
        let listed: Vec<String> = ranked.iter().map(|(cause, n, _)| format!("{cause} (in {n})")).collect();
        format!("seen at the cap: {}", listed.join(", "))
    };
    Some(format!(
        "{} of {} ({}) reached the round cap with no result; {seen}. A turn limit or another victory condition would end them.",
        stalled.len(),
        crate::game::games_counted(records.len()),
        percent(stalled.len() as f64 / records.len() as f64)
    ))
}

/// The numbers and the verdict for a list of games.
#[must_use]
pub fn judge(records: &[GameRecord], seats: u8, margin: f64, stopped_early: bool) -> Balance {
    judge_with(records, seats, margin, stopped_early, true)
}

/// The judgement, with the per-round curves, the heatmap and round 1's captures only when
/// `detail` is asked for.
fn judge_with(records: &[GameRecord], seats: u8, margin: f64, stopped_early: bool, detail: bool) -> Balance {
    let games = records.len();
    let fair = 1.0 / f64::from(seats.max(1));
    let seat_shares: Vec<SeatShare> = (0..seats)
        .map(|seat| {
            let wins = records.iter().filter(|r| r.winner == Some(seat)).count();
            let first_games = records.iter().filter(|r| r.first == Some(seat)).count();
            let first_wins = records.iter().filter(|r| r.first == Some(seat) && r.winner == Some(seat)).count();
            SeatShare {
                seat,
                wins,
                share: if games == 0 { 0.0 } else { wins as f64 / games as f64 },
                interval: wilson_interval(wins, games),
                first: (first_games, first_wins),
                sprt: Sprt::new(fair, margin, wins, games),
            }
        })
        .collect();
    let draws = records.iter().filter(|r| r.winner.is_none()).count();
    let fixed: Vec<&GameRecord> = records.iter().filter(|r| r.first.is_some()).collect();
    let first_mover = (!fixed.is_empty()).then(|| {
        // Of the decisive games: a draw is won by neither mover, and counting it as the first
        // mover's loss called a drawish position "moving first hurts".
        let decisive = fixed.iter().filter(|r| r.winner.is_some()).count();
        let won = fixed.iter().filter(|r| r.winner.is_some() && r.winner == r.first).count();
        (won, decisive, wilson_interval(won, decisive))
    });
    let mut lengths: Vec<u32> = records.iter().map(|r| r.length).collect();
    lengths.sort_unstable();
    let mean = if games == 0 { 0.0 } else { lengths.iter().map(|&l| f64::from(l)).sum::<f64>() / games as f64 };
    let at = |q: usize| lengths.get((games.saturating_sub(1)) * q / 10).copied().unwrap_or(0);
    let mut endings = BTreeMap::new();
    for r in records {
        *endings.entry(r.ending.clone()).or_insert(0) += 1;
    }
    // Favoured: the seat's interval lies above the fair share and reaches the margin, or its
    // sequential test says it is the margin ahead. A seat whose whole interval lies above the
    // fair share but below the margin leans ahead beyond chance, yet by less than the margin
    // both ways of running call balanced: so a fixed count and an early stop agree.
    let favoured_seats: Vec<&SeatShare> = seat_shares
        .iter()
        .filter(|s| (s.interval.0 > fair && s.interval.1 >= fair + margin) || s.sprt.decision() == Some(true))
        .collect();
    let leaning_seats: Vec<&SeatShare> = seat_shares.iter().filter(|s| s.interval.0 > fair).collect();
    let half_width = |s: &SeatShare| (s.interval.1 - s.interval.0) / 2.0;
    let margin_points = format!("{:.0} points", 100.0 * margin);
    let mut verdict = if let Some(best) = favoured_seats.iter().max_by(|a, b| a.share.total_cmp(&b.share)) {
        format!(
            "player {} is favoured: it wins {} ± {} of {}, where a fair share is {}",
            best.seat + 1,
            percent(best.share),
            percent(half_width(best)),
            crate::game::games_counted(games),
            percent(fair)
        )
    } else if let Some(lean) = leaning_seats.iter().max_by(|a, b| a.share.total_cmp(&b.share)) {
        format!(
            "no seat is favoured by {margin_points} or more: player {} leans ahead, winning {} ± {} of {} where a fair share is {}, beyond chance but within the margin",
            lean.seat + 1,
            percent(lean.share),
            percent(half_width(lean)),
            crate::game::games_counted(games),
            percent(fair)
        )
    } else if seat_shares.iter().all(|s| s.sprt.decision() == Some(false)) {
        format!(
            "no seat is favoured by {margin_points} or more (sequential test, 5% errors) after {}",
            crate::game::games_counted(games)
        )
    } else {
        let widest = seat_shares.iter().map(half_width).fold(0.0, f64::max);
        format!(
            "no seat is favoured beyond chance after {}; the shares are known to ± {}, so play more games for a finer answer",
            crate::game::games_counted(games),
            percent(widest)
        )
    };
    let favoured = !favoured_seats.is_empty();
    let stalls = stall_note(records);
    // What matters most leads the verdict: the first move where it decides games beyond the
    // margin (whoever moves first, so no seat's share shows it), then the seats, then draws.
    let mut first_move_decides = false;
    if let Some((won, n, (low, high))) = first_mover
        && (low > 0.5 || high < 0.5)
        && seats == 2
    {
        // The first move goes to each seat in turn, so it moves the first mover's share
        // without moving either seat's.
        let rotates = seat_shares.iter().all(|s| s.first.0 * 3 >= fixed.len());
        let mover = if low > 0.5 { "the first mover" } else { "the second mover" };
        let mover_won = if low > 0.5 { won } else { n - won };
        first_move_decides = low > 0.5 + margin || high < 0.5 - margin;
        let said = format!(
            "moving first {} ({} of {} won by the first mover, 95% interval {} to {}{})",
            if low > 0.5 { "helps" } else { "hurts" },
            won,
            decisive_games(n, draws),
            percent(low),
            percent(high),
            if rotates {
                "; each seat moved first in about half of them, so neither seat's share shows it"
            } else {
                ""
            }
        );
        verdict = if first_move_decides {
            format!(
                "the first move decides the game: {mover} wins {mover_won} of {}, whichever seat it is; {said}. As for the seats, {verdict}",
                decisive_games(n, draws)
            )
        } else {
            format!("{verdict}; {said}")
        };
    }
    if draws * 4 >= games.max(1) && games > 0 {
        verdict.push_str(&format!(
            "; {} of the games are drawn, so every seat's share of all games sits that much under a fair share",
            percent(draws as f64 / games as f64)
        ));
    }
    let first_round_captures = (0..seats)
        .filter(|_| detail)
        .map(|seat| {
            let taken = records.iter().flat_map(|r| &r.captures).filter(|c| c.seat == seat && c.round == 1).count();
            taken as f64 / games.max(1) as f64
        })
        .collect();
    Balance {
        curves: if detail { curves_of(records, seats) } else { Vec::new() },
        heatmap: if detail { heatmap_of(records, seats) } else { Vec::new() },
        first_round_captures,
        games,
        seats: seat_shares,
        draws,
        first_mover,
        length: (mean, at(1), at(9)),
        endings,
        stopped_early,
        favoured,
        first_move_decides,
        verdict,
        stalls,
    }
}

/// One pairing of the CO matrix: seat 1's CO against seat 2's.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatrixCell {
    /// Seat 1's CO, as `--set` takes it.
    pub first: String,
    /// Seat 2's CO, as `--set` takes it.
    pub second: String,
    /// Seat 1's CO by the name people read.
    pub first_name: String,
    /// Seat 2's CO by the name people read.
    pub second_name: String,
    /// The games played with this pairing.
    pub balance: Balance,
}

/// Every pairing of two different COs in both seatings, each judged on its own games.
///
/// # Errors
/// The scenario is not for two players, its system has no COs, or a game fails.
pub fn co_matrix(
    scenario: &dyn OpenScenario,
    options: &BalanceOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<MatrixCell>, String> {
    if scenario.seats() != 2 {
        return Err(format!("a CO matrix needs two players; this scenario has {}", scenario.seats()));
    }
    let (Some(first_choice), Some(second_choice)) =
        (crate::game::seat_choice(scenario, 0), crate::game::seat_choice(scenario, 1))
    else {
        return Err("this game has no choice of each seat's own (no COs) to pair".into());
    };
    let crate::game::SettingKind::SeatChoice { values: cos, names, .. } = &first_choice.kind else {
        return Err("this game has no choice of each seat's own to pair".into());
    };
    // A value's name for people, the value itself where the game gives none.
    let name_of =
        |value: &String| cos.iter().position(|v| v == value).and_then(|i| names.get(i)).unwrap_or(value).clone();
    let pairs: Vec<(String, String)> =
        cos.iter().flat_map(|a| cos.iter().filter(move |b| *b != a).map(move |b| (a.clone(), b.clone()))).collect();
    let mut cells = Vec::with_capacity(pairs.len());
    for (done, (first, second)) in pairs.iter().enumerate() {
        let paired = scenario.with_setting(&first_choice.name, first)?.with_setting(&second_choice.name, second)?;
        let fixed = BalanceOptions { until_clear: false, ..*options };
        let balance = run_balance(paired.as_ref(), &fixed, &mut |_| {})?;
        cells.push(MatrixCell {
            first: first.clone(),
            second: second.clone(),
            first_name: name_of(first),
            second_name: name_of(second),
            balance,
        });
        progress(done + 1, pairs.len());
    }
    Ok(cells)
}

/// A numeric setting swept over a range: `funds:1=0..20` or `funds:1=0..20:5` (a step).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SweepSpec {
    /// The setting.
    pub name: String,
    /// The values tried (for named values, their place in `labels`).
    pub values: Vec<i64>,
    /// Named values (a house reading's `roll`, `range`), where the setting takes names.
    pub labels: Vec<String>,
}

impl SweepSpec {
    /// Reads `NAME=FROM..TO`, `NAME=FROM..TO:STEP`, or named values `NAME=A,B,C` (a house
    /// reading: `reading.foliage=roll,range`).
    ///
    /// # Errors
    /// What is wrong with the text.
    pub fn parse(text: &str) -> Result<Self, String> {
        let (name, range) = text.split_once('=').ok_or("a sweep is NAME=FROM..TO (funds:1=0..20, say)")?;
        if !range.contains("..") {
            let labels: Vec<String> = range.split(',').map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()).collect();
            if labels.is_empty() || labels.len() > 100 {
                return Err("a sweep of named values lists 1 to 100 of them: NAME=A,B".into());
            }
            let values = (0..labels.len() as i64).collect();
            return Ok(Self { name: name.trim().to_owned(), values, labels });
        }
        let (range, step) = range.split_once(':').unwrap_or((range, "1"));
        let (from, to) = range.split_once("..").ok_or("a sweep's range is FROM..TO")?;
        let number = |t: &str| t.trim().parse::<i64>().map_err(|_| format!("'{t}' is not a whole number"));
        let (from, to, step) = (number(from)?, number(to)?, number(step)?);
        if step <= 0 || to < from {
            return Err("a sweep goes up from FROM to TO by a positive step".into());
        }
        let values: Vec<i64> = (0..).map(|i| from + i * step).take_while(|&v| v <= to).take(101).collect();
        if values.len() > 100 {
            return Err("a sweep tries at most 100 values".into());
        }
        Ok(Self { name: name.trim().to_owned(), values, labels: Vec::new() })
    }

    /// A value as the setting takes it: its name, or the number.
    #[must_use]
    pub fn text(&self, value: i64) -> String {
        usize::try_from(value).ok().and_then(|i| self.labels.get(i)).cloned().unwrap_or_else(|| value.to_string())
    }

    /// Checks every value against the scenario's setting before a game is played, so a bad
    /// sweep is refused at once rather than after the games before it.
    ///
    /// # Errors
    /// The first value the setting refuses, named, with the game's reason.
    pub fn check(&self, scenario: &dyn OpenScenario) -> Result<(), String> {
        for &value in &self.values {
            let label = self.text(value);
            scenario.with_setting(&self.name, &label).map_err(|e| format!("{} = {label}: {e}", self.name))?;
        }
        Ok(())
    }

    /// The seat the setting belongs to (`funds:1` is seat 0), if it names one.
    #[must_use]
    pub fn seat(&self) -> Option<u8> {
        self.name.split_once(':').and_then(|(_, n)| n.parse::<u8>().ok()).and_then(|n| n.checked_sub(1))
    }
}

/// One value of a sweep and the games played with it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SweepPoint {
    /// The setting's value (for named values, its place in the list).
    pub value: i64,
    /// The value as the setting took it.
    pub label: String,
    /// The games.
    pub balance: Balance,
}

/// Plays the games at each value of a sweep.
///
/// # Errors
/// The setting does not fit the scenario, or a game fails.
pub fn sweep(
    scenario: &dyn OpenScenario,
    spec: &SweepSpec,
    options: &BalanceOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<SweepPoint>, String> {
    let mut points = Vec::with_capacity(spec.values.len());
    for (done, &value) in spec.values.iter().enumerate() {
        let label = spec.text(value);
        let changed = scenario.with_setting(&spec.name, &label)?;
        let fixed = BalanceOptions { until_clear: false, ..*options };
        points.push(SweepPoint { value, label, balance: run_balance(changed.as_ref(), &fixed, &mut |_| {})? });
        progress(done + 1, spec.values.len());
    }
    Ok(points)
}

/// The value of a sweep at which the swept seat's share of wins comes nearest to a fair share.
#[must_use]
pub fn most_balanced(points: &[SweepPoint], seat: u8) -> Option<&SweepPoint> {
    points.iter().min_by(|a, b| {
        let gap = |p: &SweepPoint| {
            let fair = 1.0 / p.balance.seats.len().max(1) as f64;
            p.balance.seats.get(usize::from(seat)).map_or(f64::MAX, |s| (s.share - fair).abs())
        };
        gap(a).total_cmp(&gap(b))
    })
}

pub mod levels;
pub mod report;
pub mod sensitivity;
pub mod side_by_side;
