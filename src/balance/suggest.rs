//! The balance lab's suggestions: the smallest edits that bring a scenario to fair, proved by
//! games. The scenario plays a short screening block and a fresh block at the run's game count;
//! the game proposes edits toward what the fresh block measured ([`crate::game::Aim`]). Each edit
//! is screened on the screening block's seeds (common random numbers): its shift from the
//! scenario's own screening games, added to the scenario's share on the fresh block, is its
//! prediction, and it is dropped once that prediction's interval lies wholly beyond the margin.
//! Where no single edit reaches fair, the closest are edited again. The smallest that reach fair
//! are confirmed on the fresh block (the scenario's "before" on the same seeds), and the first
//! is played at every level of the computer.
//!
//! Split across machines: a shard sees only its own share of a split run, so every run whose
//! result decides what is played next (the screening, the scenario's fresh block, each
//! confirmation) is played whole in every process, and only the runs at every level are split
//! ([`super::ledger`]); the merged answer is the one-machine answer, though a split run saves
//! little time.

pub use super::fairness::{Fairness, SeatFairness};
pub use super::suggest_words::suggestions_text;
use super::{BATCH, BalanceOptions, GameRecord, ledger};
use crate::game::{Level, OpenScenario, Proposal};
use serde::Serialize;

/// Games each edit is screened on (the most; the sequential test drops most edits sooner).
pub const SCREEN_GAMES: usize = 200;
/// How many edits are confirmed on fresh seeds.
pub const CONFIRMED: usize = 3;
/// The confirmation block starts this far past the run's seed, so no screening game is one of
/// its games.
pub const CONFIRM_SEED_OFFSET: u64 = 1_000_000;
/// Of the edits screened at the first step, this many of the closest are edited again when
/// none reaches fair.
const PARENTS: usize = 2;
/// The most edits the game may propose at a step that are screened (smallest first).
const MOST_EDITS: usize = 40;
/// The most second edits screened after each of the closest first ones (smallest first).
const MOST_CHILDREN: usize = 16;
/// No edit is dropped on fewer games: on twenty, one whose first games sat far off (Hedgerow
/// Crossing's StuG made a Sherman read 8% for the Axis, and 41% on 1000 fresh games) was put
/// beyond reach by chance.
const FEWEST_BEFORE_DROP: usize = 60;
/// The screening games (in multiples of the first screening's) each finer edit of the closest
/// confirmed one plays at most.
pub(super) const FINER_SCREENING: usize = 2;
/// How many finer edits are confirmed each time.
const FINER_CONFIRMED: usize = 2;
/// How many times a confirmed edit is edited again at most.
pub(super) const FINER_ROUNDS: usize = 3;
/// The games played in all stay within this many times a confirmation's once edits are edited
/// again: each round screens only as many finer edits as its worst case fits (a `--suggest`
/// run should take at most 25 times a plain run of the confirmation's games).
pub(super) const FINER_BUDGET: usize = 22;
/// An edit whose games are the same as those it is read against, game for game, on this many
/// seeds changes nothing that plays (a turn limit no game reaches), and is dropped.
const SAME_GAMES: usize = 40;
/// How many of the closest edits play longer screening before confirmation.
pub(super) const REFINED: usize = 6;
/// How many times the screening games those closest edits play in all. Only the games after
/// the first screening's are read then: the edits were picked as closest on those, so their
/// shift there runs high by the luck that picked them (reading them again, the predictions
/// missed the confirmations by 7 to 9 points).
pub(super) const LONGER: usize = 4;

/// What a suggestion run is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SuggestOptions {
    /// The run: its seed (screening), margin, levels, round cap, threads, and the games each
    /// confirmation plays.
    pub run: BalanceOptions,
    /// Games each edit is screened on at most.
    pub screen: usize,
}

/// A run of confirmation games: where and how many, and what they showed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Confirmation {
    /// The first seed of the fresh block.
    pub seed: u64,
    /// What the games showed.
    pub fairness: Fairness,
    /// Whether every interval lies within the margin of fair.
    pub reaches: bool,
}

/// One suggestion: the edit, what screening predicts and what confirmation measured.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Suggestion {
    /// The edit in words.
    pub words: String,
    /// Where, in the game's words.
    pub place: Option<String>,
    /// How many things it changes.
    pub changes: u32,
    /// How much value it moves, as a share of a side's worth.
    pub weight: f64,
    /// Whether it breaks the scenario's declared symmetry (the asymmetry being the fix).
    pub breaks_symmetry: bool,
    /// Where it changes the board, for the preview to mark.
    pub marks: Vec<crate::game::Place>,
    /// The screening games (the scenario's own seeds): the prediction.
    pub predicted: Fairness,
    /// The fresh games, for the edits confirmed.
    pub confirmed: Option<Confirmation>,
    /// For an edit its confirmation showed fair: the same count of games on a second fresh
    /// block, which must show it fair too (of several confirmed, the one that landed inside
    /// was picked for it, and may have landed there by luck).
    pub rechecked: Option<Confirmation>,
    /// Easy and Hard on the fresh block, for the first suggestion confirmed: each level's
    /// games, and whether each stays within the margin (Normal is the confirmation).
    pub levels: Vec<(Level, Fairness, bool)>,
    /// The edited scenario's file text (in `--json`, so a script can write any suggestion
    /// without running the search again).
    pub text: String,
}

impl Suggestion {
    /// Whether its confirmation and the second block both lie within the margin.
    #[must_use]
    pub fn reaches(&self) -> bool {
        self.confirmed.as_ref().is_some_and(|c| c.reaches) && self.rechecked.as_ref().is_some_and(|c| c.reaches)
    }

    /// Whether it holds at every level, once played at every level.
    #[must_use]
    pub fn holds_at_every_level(&self) -> Option<bool> {
        (!self.levels.is_empty()).then(|| self.reaches() && self.levels.iter().all(|(_, _, within)| *within))
    }
}

/// What a suggestion run found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Suggestions {
    /// The share that counts as fair either way.
    pub margin: f64,
    /// The scenario's own screening games.
    pub before: Fairness,
    /// The scenario itself on the fresh block, where its screening looked fair: when that
    /// confirms it fair, no edit is sought.
    pub own: Option<Confirmation>,
    /// The seat furthest ahead, whose share each suggestion is told by.
    pub ahead: Option<u8>,
    /// Whether the first mover's share is a target too (it lay beyond the margin).
    pub first_move_targeted: bool,
    /// The edits, those confirmed to reach fair first (smallest first), then the rest confirmed,
    /// then the screened ones, closest to fair first.
    pub suggestions: Vec<Suggestion>,
    /// Edits screened.
    pub screened: usize,
    /// Games played in all.
    pub games_played: usize,
    /// The screening's first seed and game count, and the games each confirmation played.
    pub screen: (u64, usize),
    /// Games per confirmation.
    pub confirm_games: usize,
}

impl Suggestions {
    /// Whether any suggestion is confirmed to reach fair, or the scenario is confirmed fair as
    /// it stands.
    #[must_use]
    pub fn reached(&self) -> bool {
        self.already_fair() || self.suggestions.iter().any(Suggestion::reaches)
    }

    /// Whether the scenario is confirmed fair as it stands.
    #[must_use]
    pub fn already_fair(&self) -> bool {
        self.own.as_ref().is_some_and(|c| c.reaches)
    }
}

/// One edit under screening.
struct Screened {
    proposal: Proposal,
    records: Vec<GameRecord>,
    dropped: bool,
}

/// How a suggestion run reports: the stage in words, games done and games planned at most;
/// `false` cancels.
pub type SuggestProgress<'a> = dyn FnMut(&str, usize, usize) -> bool + 'a;

/// Screens, confirms and plays at every level the edits the scenario's game proposes.
///
/// # Errors
/// A game that fails, or the run was cancelled ([`super::side_by_side::CANCELLED`]).
pub fn suggest(
    scenario: &dyn OpenScenario,
    options: &SuggestOptions,
    progress: &mut SuggestProgress<'_>,
) -> Result<Suggestions, String> {
    let run = options.run;
    let seats = scenario.seats();
    let margin = run.margin;
    let _ends = super::RunEnds(scenario);
    let mut played = 0usize;
    let screen_range = 0..options.screen;
    // The scenario's own games, on the seeds every edit is screened on, a batch at a time so a
    // Cancel is heard.
    let mut base = Vec::with_capacity(options.screen);
    screen_scenario(scenario, &run, &mut base, options.screen, &mut played, progress)?;
    let before = Fairness::of(&base, seats);
    // The scenario itself on the fresh block: the anchor every prediction is read against (its
    // screening games are few, and their share can sit well off the true one), and the "before"
    // of each confirmation, on the same seeds.
    let confirm_run = BalanceOptions { seed: run.seed.wrapping_add(CONFIRM_SEED_OFFSET), ..run };
    let records = fresh_run(
        scenario,
        &confirm_run,
        (seats, Split::Whole),
        &mut played,
        "playing the scenario on fresh seeds",
        progress,
    )?;
    let anchor = Fairness::of(&records, seats);
    // The first mover's fair share is a seat's: a half of two, a third of three.
    let first_too = anchor.first_share().is_some_and(|share| (share - anchor.fair()).abs() > margin);
    let aim = anchor.aim(margin, first_too);
    let reaches_now = anchor.within(margin, first_too);
    let own = Some(Confirmation { seed: confirm_run.seed, fairness: anchor.clone(), reaches: reaches_now });
    let read = Reading { base: &base, anchor: &anchor, skip: 0, seats, margin, first_too };
    if reaches_now {
        return Ok(Suggestions {
            margin,
            ahead: aim.ahead.first().copied(),
            before,
            own,
            first_move_targeted: first_too,
            suggestions: Vec::new(),
            screened: 0,
            games_played: played,
            screen: (run.seed, options.screen),
            confirm_games: run.games,
        });
    }
    let mut screened: Vec<Screened> = Vec::new();
    let mut step: Vec<Screened> = fresh(scenario.edits(&aim));
    screen(&mut step, &run, &read, screen_range.clone(), &mut played, "screening edits", progress)?;
    let reaches = |s: &Screened| read.deviation(&s.records) <= margin;
    if !step.iter().any(reaches) {
        // No single edit reaches fair: the closest that moved toward it are edited again.
        let start = anchor.deviation(first_too);
        let mut closest: Vec<&Screened> = step.iter().filter(|s| read.deviation(&s.records) < start).collect();
        closest.sort_by(|a, b| read.deviation(&a.records).total_cmp(&read.deviation(&b.records)));
        let mut second = Vec::new();
        for parent in closest.into_iter().take(PARENTS) {
            let aim = read.predicted(&parent.records).aim(margin, first_too);
            let mut children = parent.proposal.scenario.edits(&aim);
            children.sort_by(|a, b| a.changes.cmp(&b.changes).then(a.weight.total_cmp(&b.weight)));
            for child in children.into_iter().take(MOST_CHILDREN) {
                second.push(joined(&parent.proposal, child));
            }
        }
        let mut second = fresh(second);
        screen(&mut second, &run, &read, screen_range.clone(), &mut played, "screening pairs of edits", progress)?;
        screened.extend(step);
        screened.extend(second);
    } else {
        screened.extend(step);
    }
    let mut count = screened.len();
    read.rank(&mut screened);
    // The closest few play more screening games before any is confirmed: 200 games predict a
    // share to about 7 points, and a confirmation must land within about 2 of fair.
    let longer = options.screen * LONGER;
    if longer > options.screen && !screened.is_empty() {
        screen_scenario(scenario, &run, &mut base, longer, &mut played, progress)?;
        let read = Reading { base: &base, anchor: &anchor, skip: options.screen, seats, margin, first_too };
        // A dropped edit stays dropped: its games stop short of the block, and it cannot reach.
        let closest = screened.len().min(REFINED);
        screen(
            &mut screened[..closest],
            &run,
            &read,
            options.screen..longer,
            &mut played,
            "screening the closest edits longer",
            progress,
        )?;
        read.rank(&mut screened[..closest]);
    }
    // The closest are read on their later games alone; the rest (never closest) as screened.
    let refined = if longer > options.screen { screened.len().min(REFINED) } else { 0 };
    let later = Reading { base: &base, anchor: &anchor, skip: options.screen, seats, margin, first_too };
    let read = Reading { base: &base, anchor: &anchor, skip: 0, seats, margin, first_too };
    let reading = |rank: usize| if rank < refined { &later } else { &read };
    let mut suggestions: Vec<(Suggestion, Box<dyn OpenScenario>)> = Vec::new();
    // The closest few are confirmed whether or not one is predicted to reach: a prediction
    // within a few points of the margin is as likely to land inside it as outside.
    let to_confirm = screened.len().min(CONFIRMED);
    // The confirmed edits' screening games and confirmation games, for editing one again.
    let mut confirmed_games: Vec<(usize, Vec<GameRecord>, Vec<GameRecord>)> = Vec::new();
    for (rank, candidate) in screened.into_iter().enumerate().take(10) {
        let confirmed = if rank < to_confirm {
            let what = format!("confirming edit {} of {to_confirm}", rank + 1);
            let (confirmation, again, records) =
                confirm(&*candidate.proposal.scenario, &confirm_run, seats, &mut played, &what, progress)?;
            confirmed_games.push((suggestions.len(), candidate.records.clone(), records));
            (Some(confirmation), again)
        } else {
            (None, None)
        };
        let suggestion = suggestion_of(reading(rank).predicted(&candidate.records), candidate.proposal, confirmed);
        suggestions.push(suggestion);
    }
    // None confirmed fair: the closest confirmed, where it moved toward fair, is edited again,
    // each second edit read against it on its own screening seeds and its confirmation as the
    // anchor (its 1000 fresh games measure it to within about 3 points, where screening games
    // read an edit to within about 5: a pair screened from the scenario overshoots or falls
    // short by more than a finer step corrects). Again from the closest confirmed then, while
    // the games allow.
    let start = anchor.deviation(first_too);
    let mut edited_again: Vec<usize> = Vec::new();
    for _ in 0..FINER_ROUNDS {
        // The games a round may play: its finer edits' screening at most, and its confirmations,
        // within the budget.
        let budget = FINER_BUDGET * run.games.max(options.screen);
        let screening_games = options.screen * FINER_SCREENING;
        let allowed = budget.saturating_sub(played + FINER_CONFIRMED * run.games) / screening_games.max(1);
        if suggestions.iter().any(|(s, _)| s.reaches()) || allowed == 0 {
            break;
        }
        let closest = confirmed_games
            .iter()
            .filter(|(index, ..)| !edited_again.contains(index))
            .map(|(index, screening, games)| {
                (Fairness::of(games, seats).deviation(first_too), *index, screening, games)
            })
            .filter(|(deviation, ..)| *deviation < start)
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, index, screening, games)| (index, screening.clone(), Fairness::of(games, seats)));
        let Some((index, screening, parent_anchor)) = closest else { break };
        edited_again.push(index);
        // The first move becomes a target where the parent's confirmation shows it deciding.
        let first_too =
            first_too || parent_anchor.first_share().is_some_and(|s| (s - parent_anchor.fair()).abs() > margin);
        let games = screening.len().min(options.screen * FINER_SCREENING);
        let (parent, parent_scenario) = &suggestions[index];
        let mut finer = parent_scenario.edits(&parent_anchor.aim(margin, first_too));
        finer.sort_by(|a, b| a.changes.cmp(&b.changes).then(a.weight.total_cmp(&b.weight)));
        // An edit that gives back a suggestion already listed (the parent's own edit undone) is
        // no finer step.
        let known: Vec<&str> = suggestions.iter().map(|(s, _)| s.text.as_str()).collect();
        let finer: Vec<Proposal> = finer
            .into_iter()
            .filter(|child| !known.contains(&child.text.as_str()))
            .take(MOST_CHILDREN.min(allowed))
            .map(|child| joined(parent, child))
            .collect();
        let mut finer = fresh(finer);
        count += finer.len();
        let read = Reading { base: &screening[..games], anchor: &parent_anchor, skip: 0, seats, margin, first_too };
        screen(&mut finer, &run, &read, 0..games, &mut played, "editing the closest confirmed edit again", progress)?;
        read.rank(&mut finer);
        let to_confirm = finer.iter().filter(|c| !c.dropped).count().min(FINER_CONFIRMED);
        for (rank, candidate) in finer.into_iter().enumerate().take(to_confirm) {
            let what = format!("confirming a finer edit, {} of {to_confirm}", rank + 1);
            let (confirmation, again, records) =
                confirm(&*candidate.proposal.scenario, &confirm_run, seats, &mut played, &what, progress)?;
            confirmed_games.push((suggestions.len(), candidate.records.clone(), records));
            let predicted = read.predicted(&candidate.records);
            suggestions.push(suggestion_of(predicted, candidate.proposal, (Some(confirmation), again)));
        }
    }
    // Confirmed and reaching first (smallest first, as screened), then the other confirmed
    // (closest as measured first), then the rest.
    let measured = |s: &Suggestion| s.confirmed.as_ref().map_or(1.0, |c| c.fairness.deviation(first_too));
    suggestions.sort_by(|(a, _), (b, _)| {
        (!a.reaches(), a.confirmed.is_none())
            .cmp(&(!b.reaches(), b.confirmed.is_none()))
            .then_with(|| if a.reaches() { std::cmp::Ordering::Equal } else { measured(a).total_cmp(&measured(b)) })
    });
    if let Some((best, edited)) = suggestions.first_mut().filter(|(s, _)| s.reaches()) {
        for level in [Level::Easy, Level::Hard] {
            let at_level = BalanceOptions { levels: [level; 8], games: options.screen, ..confirm_run };
            let what = format!("playing the first suggestion at {}", level.label());
            let records = fresh_run(&**edited, &at_level, (seats, Split::Shared), &mut played, &what, progress)?;
            let fairness = Fairness::of(&records, seats);
            let within = fairness.deviation(first_too) <= margin;
            best.levels.push((level, fairness, within));
        }
    }
    Ok(Suggestions {
        margin,
        ahead: aim.ahead.first().copied(),
        before,
        own,
        first_move_targeted: first_too,
        suggestions: suggestions.into_iter().map(|(s, _)| s).collect(),
        screened: count,
        games_played: played,
        screen: (run.seed, options.screen),
        confirm_games: run.games,
    })
}

/// Plays an edit's confirmation on the fresh block, whole in every process, and says whether
/// it lies within the margin; one that does plays again on a second fresh block, so the edit
/// picked for landing inside on the first is not taken on that luck alone.
fn confirm(
    edited: &dyn OpenScenario,
    confirm_run: &BalanceOptions,
    seats: u8,
    played: &mut usize,
    what: &str,
    progress: &mut SuggestProgress<'_>,
) -> Result<(Confirmation, Option<Confirmation>, Vec<GameRecord>), String> {
    let records = fresh_run(edited, confirm_run, (seats, Split::Whole), played, what, progress)?;
    let fairness = Fairness::of(&records, seats);
    // Fair includes the first move: an edit that evens the seats by handing the game to whoever
    // moves first (Hedgerow Crossing with one tank more, its tank taken off: the first mover
    // then won 60%) is not fair, whether or not the first move was a target before.
    let reaches = fairness.within(confirm_run.margin, true);
    let first = Confirmation { seed: confirm_run.seed, fairness, reaches };
    let again = if reaches {
        let recheck_run = BalanceOptions { seed: confirm_run.seed.wrapping_add(CONFIRM_SEED_OFFSET), ..*confirm_run };
        let what = format!("{what}, again on other seeds");
        let games = fresh_run(edited, &recheck_run, (seats, Split::Whole), played, &what, progress)?;
        let fairness = Fairness::of(&games, seats);
        let reaches = fairness.within(confirm_run.margin, true);
        Some(Confirmation { seed: recheck_run.seed, fairness, reaches })
    } else {
        None
    };
    Ok((first, again, records))
}

/// A screened edit as a suggestion, with its prediction and confirmation, beside its scenario.
fn suggestion_of(
    predicted: Fairness,
    proposal: Proposal,
    (confirmed, rechecked): (Option<Confirmation>, Option<Confirmation>),
) -> (Suggestion, Box<dyn OpenScenario>) {
    let suggestion = Suggestion {
        predicted,
        words: proposal.words,
        place: proposal.place,
        changes: proposal.changes,
        weight: proposal.weight,
        breaks_symmetry: proposal.breaks_symmetry,
        marks: proposal.marks,
        text: proposal.text,
        confirmed,
        rechecked,
        levels: Vec::new(),
    };
    (suggestion, proposal.scenario)
}

/// What an edit is, in words and size, whether proposed or suggested.
trait Described {
    /// Its words, place, changes, weight and whether it breaks the symmetry.
    fn described(&self) -> (&str, Option<&String>, u32, f64, bool);
    /// Where it changes the board.
    fn marks(&self) -> &[crate::game::Place];
}

impl Described for Proposal {
    fn described(&self) -> (&str, Option<&String>, u32, f64, bool) {
        (&self.words, self.place.as_ref(), self.changes, self.weight, self.breaks_symmetry)
    }
    fn marks(&self) -> &[crate::game::Place] {
        &self.marks
    }
}

impl Described for Suggestion {
    fn described(&self) -> (&str, Option<&String>, u32, f64, bool) {
        (&self.words, self.place.as_ref(), self.changes, self.weight, self.breaks_symmetry)
    }
    fn marks(&self) -> &[crate::game::Place] {
        &self.marks
    }
}

/// A second edit made after a first: the words of both, their places and marks, and their
/// sizes summed.
fn joined(first: &dyn Described, child: Proposal) -> Proposal {
    let (words, place, changes, weight, breaks_symmetry) = first.described();
    let mut marks: Vec<crate::game::Place> = first.marks().iter().chain(&child.marks).copied().collect();
    marks.sort_unstable();
    marks.dedup();
    Proposal {
        marks,
        words: format!("{words}; and {}", after_and(&child.words)),
        place: match (place, &child.place) {
            (Some(a), Some(b)) => Some(format!("{a}; {b}")),
            (a, b) => a.cloned().or_else(|| b.clone()),
        },
        changes: changes + child.changes,
        weight: weight + child.weight,
        breaks_symmetry: breaks_symmetry || child.breaks_symmetry,
        ..child
    }
}

/// A second edit's words after "and": a sentence's opening "The" in lower case.
fn after_and(words: &str) -> String {
    match words.strip_prefix("The ") {
        Some(rest) => format!("the {rest}"),
        None => words.to_owned(),
    }
}

/// Proposals, smallest first, ready to screen.
fn fresh(mut proposals: Vec<Proposal>) -> Vec<Screened> {
    proposals.sort_by(|a, b| a.changes.cmp(&b.changes).then(a.weight.total_cmp(&b.weight)));
    proposals
        .into_iter()
        .take(MOST_EDITS)
        .map(|proposal| Screened { proposal, records: Vec::new(), dropped: false })
        .collect()
}

/// How screening games are read: an edit's shift from the scenario's own screening games
/// (the same seeds), added to the scenario's share on the fresh block.
struct Reading<'a> {
    /// The scenario's own screening games, in seed order: an edit with `k` games is read
    /// against the first `k`, the same seeds.
    base: &'a [GameRecord],
    /// The games of each side read from: games before it are left out of every reading.
    skip: usize,
    anchor: &'a Fairness,
    seats: u8,
    margin: f64,
    first_too: bool,
}

impl Reading<'_> {
    /// What an edit's screening games predict on the fresh block: each share moved by the
    /// edit's shift on the screening seeds, its interval moved with it.
    fn predicted(&self, records: &[GameRecord]) -> Fairness {
        let from = self.skip.min(records.len());
        let measured = Fairness::of(&records[from..], self.seats);
        let base = Fairness::of(self.base.get(from..records.len()).unwrap_or_default(), self.seats);
        let base = &base;
        let moved = |now: f64, base: f64, anchor: f64| (anchor + now - base).clamp(0.0, 1.0);
        let seats = measured
            .seats
            .iter()
            .zip(&base.seats)
            .zip(&self.anchor.seats)
            .map(|((now, base), anchor)| {
                let share = moved(now.share, base.share, anchor.share);
                // The shift is a difference of two samples: its interval is as wide as both
                // samples' together (taken as independent, wider than the same seeds make it).
                // Read from the edit's sample alone, a few games whose own share sat far off
                // drew a narrow interval far off, and dropped edits that reached fair.
                let (below, above) = (
                    (now.share - now.interval.0).hypot(base.interval.1 - base.share),
                    (now.interval.1 - now.share).hypot(base.share - base.interval.0),
                );
                SeatFairness {
                    seat: now.seat,
                    wins: now.wins,
                    share,
                    interval: ((share - below).clamp(0.0, 1.0), (share + above).clamp(0.0, 1.0)),
                }
            })
            .collect();
        let first_mover = match (measured.first_mover, base.first_share(), self.anchor.first_share()) {
            (Some((won, n, (low, high))), Some(base), Some(anchor)) => {
                let shift = anchor - base;
                Some((won, n, ((low + shift).clamp(0.0, 1.0), (high + shift).clamp(0.0, 1.0))))
            }
            (kept, _, _) => kept,
        };
        Fairness { seats, first_mover, ..measured }
    }

    /// How far from fair an edit's screening games predict it.
    fn deviation(&self, records: &[GameRecord]) -> f64 {
        let predicted = self.predicted(records);
        let fair = predicted.fair();
        let seats = predicted.seats.iter().map(|s| (s.share - fair).abs()).fold(0.0, f64::max);
        let first = match (self.first_too, predicted.first_mover) {
            (true, Some((_, _, (low, high)))) => ((low + high) / 2.0 - fair).abs(),
            _ => 0.0,
        };
        if predicted.decisive == 0 { 1.0 } else { seats.max(first) }
    }

    /// Orders edits: those predicted to reach fair first, fewest changes then least value
    /// moved; then the rest, closest first; the dropped last (the test put them beyond reach,
    /// however near their few games left them).
    fn rank(&self, edits: &mut [Screened]) {
        let key = |s: &Screened| {
            let dev = self.deviation(&s.records);
            let reach = dev <= self.margin && !s.dropped;
            let size = if reach { (f64::from(s.proposal.changes), s.proposal.weight) } else { (0.0, 0.0) };
            (s.dropped, !reach, size.0, size.1, dev)
        };
        edits.sort_by(|a, b| {
            let (ka, kb) = (key(a), key(b));
            (ka.0, ka.1)
                .cmp(&(kb.0, kb.1))
                .then(ka.2.total_cmp(&kb.2))
                .then(ka.3.total_cmp(&kb.3))
                .then(ka.4.total_cmp(&kb.4))
        });
    }

    /// Whether an edit's games are, game for game, those it is read against, on at least
    /// [`SAME_GAMES`] seeds: the edit changes nothing that plays.
    fn plays_the_same(&self, records: &[GameRecord]) -> bool {
        records.len() >= SAME_GAMES
            && records.len() <= self.base.len()
            && records.iter().zip(self.base).all(|(a, b)| {
                (a.winner, a.first, a.length, a.actions, &a.ending)
                    == (b.winner, b.first, b.length, b.actions, &b.ending)
            })
    }

    /// Whether an edit's predicted interval for some seat lies wholly beyond the margin: it
    /// cannot reach fair, and is dropped.
    fn beyond_reach(&self, records: &[GameRecord]) -> bool {
        let predicted = self.predicted(records);
        let fair = predicted.fair();
        predicted.seats.iter().any(|s| s.interval.0 > fair + self.margin || s.interval.1 < fair - self.margin)
    }
}

/// Plays the scenario's own screening games until `base` holds `games`, a batch at a time so a
/// Cancel is heard; game `g` has the seed and first mover every edit's game `g` has.
fn screen_scenario(
    scenario: &dyn OpenScenario,
    run: &BalanceOptions,
    base: &mut Vec<GameRecord>,
    games: usize,
    played: &mut usize,
    progress: &mut SuggestProgress<'_>,
) -> Result<(), String> {
    let seats = scenario.seats();
    while base.len() < games {
        let from = base.len();
        let to = (from + BATCH).min(games);
        base.extend(super::play_each(to - from, run.threads, |job| {
            let (seed, first) = super::seed_and_first(run, seats, from + job);
            scenario.battle(seed, first, run.round_cap, &run.levels)
        })?);
        *played += to - from;
        if !progress("playing the scenario's screening games", base.len(), games) {
            return Err(super::side_by_side::CANCELLED.to_owned());
        }
    }
    Ok(())
}

/// Plays the screening games of every edit not yet dropped, batch by batch on the same seeds
/// as the scenario's own, all edits' games of a batch shared among the threads; an edit is
/// dropped once its predicted interval for a seat lies wholly beyond the margin.
fn screen(
    edits: &mut [Screened],
    run: &BalanceOptions,
    read: &Reading<'_>,
    range: std::ops::Range<usize>,
    played: &mut usize,
    stage: &str,
    progress: &mut SuggestProgress<'_>,
) -> Result<(), String> {
    let seats = read.seats;
    let total = edits.len() * range.len();
    let mut at = range.start;
    let mut done = 0;
    while at < range.end {
        let to = (at + BATCH).min(range.end);
        let live: Vec<usize> = (0..edits.len()).filter(|&i| !edits[i].dropped).collect();
        if live.is_empty() {
            break;
        }
        let jobs: Vec<(usize, usize)> = live.iter().flat_map(|&i| (at..to).map(move |g| (i, g))).collect();
        let records = super::play_each(jobs.len(), run.threads, |job| {
            let (i, g) = jobs[job];
            let (seed, first) = super::seed_and_first(run, seats, g);
            edits[i].proposal.scenario.battle(seed, first, run.round_cap, &run.levels)
        })?;
        for ((i, _), record) in jobs.iter().zip(records) {
            edits[*i].records.push(record);
        }
        *played += jobs.len();
        done += jobs.len();
        for &i in &live {
            let edit = &mut edits[i];
            // Only the seats drop an edit: the first move is a target of the ranking, but an
            // edit that evens the seats is worth seeing (and editing again) while it does not.
            // Counted among the games the reading reads (a longer screening reads its own).
            let read_games = edit.records.len().saturating_sub(read.skip);
            if (read_games >= FEWEST_BEFORE_DROP && read.beyond_reach(&edit.records))
                || read.plays_the_same(&edit.records)
            {
                edit.dropped = true;
                edit.proposal.scenario.let_go_of_kept();
            }
        }
        if !progress(stage, done, total) {
            return Err(super::side_by_side::CANCELLED.to_owned());
        }
        at = to;
    }
    Ok(())
}

/// Whether a fresh-block run is split across shards. A run whose result decides what is played
/// next (the scenario's own, each confirmation) is played whole in every shard, as a shard sees
/// only its share of a split run; only the runs at every level, which decide nothing after
/// them, are split.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Split {
    /// Played whole in every process.
    Whole,
    /// Split across shards like any lab run, and replayed from the parts by a merge.
    Shared,
}

/// A run of `options.games` games on a fresh block, played whole or split across shards.
fn fresh_run(
    scenario: &dyn OpenScenario,
    options: &BalanceOptions,
    (seats, split): (u8, Split),
    played: &mut usize,
    stage: &str,
    progress: &mut SuggestProgress<'_>,
) -> Result<Vec<GameRecord>, String> {
    let mode = match split {
        Split::Whole => ledger::RunMode::Play,
        Split::Shared => ledger::begin_run(options.games),
    };
    let _ends = super::RunEnds(scenario);
    let mut records = Vec::with_capacity(options.games);
    while records.len() < options.games {
        let from = records.len();
        let to = (from + BATCH).min(options.games);
        records.extend(super::play_batch(scenario, options, seats, from..to, mode)?);
        *played += to - from;
        if !progress(stage, records.len(), options.games) {
            return Err(super::side_by_side::CANCELLED.to_owned());
        }
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `wins` for seat 1 and `losses` for it (seat 2's wins) and `draws`, seat 1 always moving
    /// first.
    fn records(wins: usize, losses: usize, draws: usize) -> Vec<GameRecord> {
        let game = |winner: Option<u8>| GameRecord {
            winner,
            first: Some(0),
            length: 1,
            ending: String::new(),
            actions: 0,
            series: Vec::new(),
            captures: Vec::new(),
            stalled: Vec::new(),
        };
        std::iter::repeat_n(Some(0), wins)
            .chain(std::iter::repeat_n(Some(1), losses))
            .chain(std::iter::repeat_n(None, draws))
            .map(game)
            .collect()
    }

    #[test]
    fn fair_means_every_interval_within_the_margin_of_the_decisive_games_draws_left_out() {
        let even = Fairness::of(&records(500, 500, 300), 2);
        assert_eq!(even.decisive, 1000);
        assert!(even.within(0.05, false));
        assert!(even.deviation(false) < 1e-9);
        // 51% of 1000 is fair within 5 points (48% to 54%); 52% is not shown fair (its interval
        // reaches 55.1%), nor is 51% of 100 games.
        assert!(Fairness::of(&records(510, 490, 0), 2).within(0.05, false));
        assert!(!Fairness::of(&records(520, 480, 0), 2).within(0.05, false));
        assert!(!Fairness::of(&records(51, 49, 0), 2).within(0.05, false));
        // The first mover, seat 1 here, wins every game it wins: targeted, it is not fair.
        assert!(!Fairness::of(&records(700, 300, 0), 2).within(0.05, true));
    }

    #[test]
    fn an_edits_shift_on_the_screening_seeds_is_read_from_the_scenarios_share_on_fresh_seeds() {
        // The screening seeds gave the scenario 53%; the fresh block gives it 39%. An edit that
        // takes seat 1 from 53% to 64% on the screening seeds is predicted at 50% on the fresh.
        // The edit's games are read against the scenario's first games on the same seeds.
        let base = records(212, 188, 0);
        let anchor = Fairness::of(&records(390, 610, 0), 2);
        let read = Reading { base: &base, anchor: &anchor, skip: 0, seats: 2, margin: 0.05, first_too: false };
        let edit = records(256, 144, 0);
        let predicted = read.predicted(&edit);
        assert!((predicted.seats[0].share - 0.50).abs() < 1e-9, "{predicted:?}");
        assert!(read.deviation(&edit) < 1e-9);
        assert!(!read.beyond_reach(&edit));
        // An edit with 100 games is read against the scenario's first 100, all seat 1's wins
        // here: 64 of 100 is then a fall of 36 points, to 3%.
        assert!((read.predicted(&records(64, 36, 0)).seats[0].share - 0.03).abs() < 1e-9);
        // Unchanged from the scenario, it stays 11 points under fair; its interval is a
        // difference's, as wide as the edit's and the scenario's 400 games together (about 7
        // points each way, not 5), so it reaches 46% and is kept.
        let same = records(212, 188, 0);
        assert!((read.deviation(&same) - 0.11).abs() < 1e-9);
        let interval = read.predicted(&same).seats[0].interval;
        assert!(interval.0 < 0.33 && interval.1 > 0.45 && interval.1 < 0.47, "{interval:?}");
        assert!(!read.beyond_reach(&same));
        // Twenty points further down, it lies wholly beyond the margin.
        assert!(read.beyond_reach(&records(132, 268, 0)));
    }

    #[test]
    fn the_aim_names_the_seats_ahead_and_behind_and_the_first_move_when_it_decides() {
        let aim = Fairness::of(&records(150, 50, 0), 2).aim(0.05, true);
        assert_eq!((aim.ahead, aim.behind), (vec![0], vec![1]));
        assert_eq!(aim.first_mover_wins, Some(true));
        assert_eq!(Fairness::of(&records(150, 50, 0), 2).aim(0.05, false).first_mover_wins, None);
        // Of three seats, a first mover winning a third of the games wins its fair share: the
        // first move decides nothing (it was read against a half, and targeted).
        let game = |winner: u8, first: u8| GameRecord {
            winner: Some(winner),
            first: Some(first),
            ..records(1, 0, 0)[0].clone()
        };
        let three: Vec<GameRecord> = (0..300u16).map(|g| game((g % 3) as u8, ((g / 3) % 3) as u8)).collect();
        let fairness = Fairness::of(&three, 3);
        assert!((fairness.first_share().unwrap() - 1.0 / 3.0).abs() < 1e-9);
        assert!(fairness.deviation(true) < 1e-9);
        assert_eq!(fairness.aim(0.05, true).first_mover_wins, None);
    }

    #[test]
    fn an_edit_whose_games_are_those_it_is_read_against_changes_nothing_and_is_dropped() {
        // A turn limit no game reaches plays every game as the scenario did.
        let base = records(30, 20, 10);
        let anchor = Fairness::of(&base, 2);
        let read = Reading { base: &base, anchor: &anchor, skip: 0, seats: 2, margin: 0.05, first_too: false };
        assert!(read.plays_the_same(&base[..SAME_GAMES]));
        assert!(!read.plays_the_same(&base[..SAME_GAMES - 1]), "too few games to tell");
        let mut longer = base.clone();
        longer[45].length += 1;
        assert!(!read.plays_the_same(&longer), "one game that went otherwise is a change");
        let mut other = base.clone();
        other[0].winner = Some(1);
        assert!(!read.plays_the_same(&other));
    }

    #[test]
    fn a_second_edits_opening_the_reads_on_after_and() {
        assert_eq!(after_and("The objective at (9, 5) moves"), "the objective at (9, 5) moves");
        assert_eq!(after_and("Blue starts with $6"), "Blue starts with $6");
    }
}
