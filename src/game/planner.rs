//! The one computer player of every game: a turn planner written once over the typed [`Rules`].
//! A game gives it its fast ways of playing (its scripts), its reading of a position for a
//! side and a way to give a copy dice of its own; the planner weighs each script's whole turn
//! on copies of the game, answered by the other side, and plays the turn of the script that
//! leaves the best position. It follows Portfolio Greedy Search (Churchill and Buro, 2013):
//! a search over hand-written scripts rather than single actions, which stays cheap where a
//! turn holds many actions.
//!
//! The levels are search budgets ([`budget`]): Easy plays the fast player's own way (the first
//! script) without looking; Normal weighs the first three scripts on one copy of the dice, each
//! answered by the other side's turn; Hard weighs every script on three copies. Each level's
//! candidates hold the level below's, and more copies of the dice weigh them more surely.
//! Deeper play-outs were tried and dropped: three turns deep, Hard lost to Normal on the tuning
//! blocks of Modern Skirmish (46% of decisive games, 12301-12312) and Armored Advance (49%,
//! 13704-13723), where a turn is a unit's activation and the fast player's later turns drown
//! the script's difference in noise; it was not played on a fresh block. The budgets kept give,
//! on fresh blocks, Hard over Normal 64% (Modern Skirmish, 12321-12340) and 52% (Armored
//! Advance, 13724-13743).
//!
//! Where every script plays the same turn on every copy, the first script's turn is the choice
//! whatever the answers would read, so none is played out.
//!
//! Pure and deterministic: the copies' dice come from the game's own dice and the sample's
//! number (the game's [`Planned::reseed`]), every script is weighed on the same copies, and ties
//! go to the earlier script, so the same position gives the same turn on every machine and
//! thread, and the planner never sees the real rolls to come.

use super::play::{Decision, Rules};
use crate::level::Level;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// What a game gives the planner: its scripts, its reading of a position, and fresh dice.
pub trait Planned: Rules {
    /// The names of the game's fast ways to play, its own way first (Easy plays it, and the
    /// play-outs answer with it). At least one.
    fn scripts(&self) -> &'static [&'static str];
    /// What the scripts may keep while one decision is searched, fresh for each decision: the
    /// scripts weigh the same copies again and again (each script from the same position, and
    /// the chosen one again on the real dice), so a game keeps there what they work out alike
    /// (Skirm its legal actions). Nothing in it may change a choice, only its speed.
    type Memo: Default;
    /// The moves `script` makes now for the seat deciding: a whole turn where the script plans
    /// turns, one action where it does not; empty when it has none. `memo` is the decision's
    /// memo where it is searched, none where the fast player plays without looking (keeping
    /// would cost it and gain nothing).
    fn script_moves(&self, state: &Self::State, script: usize, memo: Option<&mut Self::Memo>) -> Vec<Self::Action>;
    /// How far ahead `seat` stands in a game still going, 0 for level: material, and progress
    /// toward the game's own victory (places held, captures under way, objectives, points).
    fn evaluate(&self, state: &Self::State, seat: u8) -> f64;
    /// Gives a copy of the game dice of the planner's own, drawn from its dice and `salt`.
    fn reseed(&self, state: &mut Self::State, salt: u64);
}

/// Dice of the planner's own for a copy of a game whose dice are `dice`, at round `round`: a
/// game's [`Planned::reseed`] in one line.
#[must_use]
pub fn fresh_dice(dice: &crate::dice::Dice, salt: u64, round: u32) -> crate::dice::Dice {
    crate::dice::Dice::new((dice.state ^ salt).wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(u64::from(round)))
}

/// How much a level searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// How many of the game's scripts it weighs, the first ones.
    pub scripts: usize,
    /// On how many copies of the dice each script is weighed.
    pub samples: u64,
    /// How many turns after its own are played out before the position is read (the others'
    /// answer, then its own next turn, and so on).
    pub turns_after: u32,
}

/// The search each level makes; none for Easy, which plays the first script as it stands.
#[must_use]
pub fn budget(level: Level) -> Option<Budget> {
    match level {
        Level::Easy => None,
        Level::Normal => Some(Budget { scripts: 3, samples: 1, turns_after: 1 }),
        Level::Hard => Some(Budget { scripts: usize::MAX, samples: 3, turns_after: 1 }),
    }
}

/// Each level's strength as measured on a fixed pool of generated scenarios, which a game
/// publishes with its rules (`ruleset --system ID`): the decisive games each level won against
/// the level below, both seatings pooled, and the Elo those shares give, Easy at 0.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Strength {
    /// The pool, in words: the generated block and the games a pairing played.
    pub pool: &'static str,
    /// Normal against Easy: decisive games Normal won, of the decisive games.
    pub normal_over_easy: (u32, u32),
    /// Hard against Normal: decisive games Hard won, of the decisive games.
    pub hard_over_normal: (u32, u32),
}

/// The Elo difference a share of wins gives: 400 times the base-10 logarithm of the odds.
fn elo_of(share: f64) -> f64 {
    let share = share.clamp(0.001, 0.999);
    400.0 * (share / (1.0 - share)).log10()
}

impl Strength {
    /// Normal's and Hard's Elo above Easy, each with its 95% interval (from the Wilson interval
    /// of each share; Hard's adds Normal's interval to its own step's).
    #[must_use]
    pub fn elo(&self) -> [(f64, f64, f64); 2] {
        let step = |(won, of): (u32, u32)| {
            let (low, high) = super::wilson_interval(won as usize, of as usize);
            (elo_of(f64::from(won) / f64::from(of.max(1))), elo_of(low), elo_of(high))
        };
        let normal = step(self.normal_over_easy);
        let hard = step(self.hard_over_normal);
        [normal, (normal.0 + hard.0, normal.1 + hard.1, normal.2 + hard.2)]
    }

    /// The levels' strength in words, a line each.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let [normal, hard] = self.elo();
        let share = |(won, of): (u32, u32)| super::share_text(won as usize, of as usize);
        vec![
            format!("computer levels, Elo above Easy (measured on {}):", self.pool),
            "    Easy     0  the fast player's own way".to_owned(),
            format!(
                "    Normal {:+.0} (95% interval {:+.0} to {:+.0}); it wins {} of its decisive games against Easy",
                normal.0,
                normal.1,
                normal.2,
                share(self.normal_over_easy)
            ),
            format!(
                "    Hard   {:+.0} (95% interval {:+.0} to {:+.0}); it wins {} of its decisive games against Normal",
                hard.0,
                hard.1,
                hard.2,
                share(self.hard_over_normal)
            ),
        ]
    }
}

/// The most actions one seat's turn may take in a play-out or a planned turn: more than any
/// turn of the four games, so only a script that never ends its turn meets it.
pub const TURN_ACTIONS: usize = 400;

/// A finished play-out's worth: far beyond any position's reading, so a win is always taken.
const WON: f64 = 1e12;

/// What a planner thinking on a worker shares with the window: how many of its search's steps
/// (each script's turn on a copy, and the answer to it) it has played, of how many, and whether
/// it should stop.
#[derive(Debug, Default)]
pub struct Watch {
    weighed: AtomicU32,
    of: AtomicU32,
    stop: AtomicBool,
}

impl Watch {
    /// The steps played so far and how many the turn's search makes (0 of 0 before it
    /// starts).
    #[must_use]
    pub fn progress(&self) -> (u32, u32) {
        (self.weighed.load(Ordering::Relaxed), self.of.load(Ordering::Relaxed))
    }

    /// Asks the planner to stop: it gives no moves.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether it was asked to stop.
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// The computer's moves for the seat deciding at `level`: the turn of the script the level's
/// search finds best, played on a copy of this game (its own dice: the script answers each
/// roll as it falls, as it would playing one action at a time). Ends where the decision passes
/// to another seat, the game ends or the script has no move; a move the rules refuse ends it
/// too, and is given, so the caller reports the script's fault.
pub fn computer_moves<R: Planned + ?Sized>(rules: &R, state: &R::State, level: Level) -> Vec<R::Action> {
    computer_moves_watched(rules, state, level, &Watch::default())
}

/// [`computer_moves`] watched: its progress counted in `watch`, and no moves once `watch` is
/// stopped.
pub fn computer_moves_watched<R: Planned + ?Sized>(
    rules: &R,
    state: &R::State,
    level: Level,
    watch: &Watch,
) -> Vec<R::Action> {
    let Decision::Seat(seat) = rules.to_move(state) else { return Vec::new() };
    let mut copy = state.clone();
    let Some(budget) = budget(level) else { return turn_of(rules, &mut copy, seat, 0, None).0 };
    let mut memo = R::Memo::default();
    let Some(script) = best_script_watched(rules, state, seat, budget, watch, &mut memo) else { return Vec::new() };
    turn_of(rules, &mut copy, seat, script, Some(&mut memo)).0
}

/// The script whose turn leaves `seat` best placed on average over the budget's dice copies,
/// each answered by the fast player for the budget's turns after; the earliest on a tie.
#[must_use]
pub fn best_script<R: Planned + ?Sized>(rules: &R, state: &R::State, seat: u8, budget: Budget) -> usize {
    best_script_watched(rules, state, seat, budget, &Watch::default(), &mut R::Memo::default()).unwrap_or(0)
}

/// [`best_script`] watched; `None` once `watch` is stopped.
fn best_script_watched<R: Planned + ?Sized>(
    rules: &R,
    state: &R::State,
    seat: u8,
    budget: Budget,
    watch: &Watch,
    memo: &mut R::Memo,
) -> Option<usize> {
    let scripts = rules.scripts().len().clamp(1, budget.scripts.max(1));
    // Each script on each copy counts twice for the progress line: its turn, then its answer.
    let total = u64::try_from(scripts).unwrap_or(u64::MAX).saturating_mul(budget.samples).saturating_mul(2);
    watch.of.store(u32::try_from(total).unwrap_or(u32::MAX), Ordering::Relaxed);
    watch.weighed.store(0, Ordering::Relaxed);
    // Every script's turn on every copy first: where all scripts play one turn on each copy,
    // the choice is the first script's whatever the answers would read, so none is played out.
    let mut turns: Vec<Vec<(Vec<R::Action>, bool)>> = Vec::with_capacity(scripts);
    let mut copies: Vec<Vec<R::State>> = Vec::with_capacity(scripts);
    for script in 0..scripts {
        let mut own = Vec::with_capacity(budget.samples as usize);
        let mut own_copies = Vec::with_capacity(budget.samples as usize);
        for sample in 0..budget.samples {
            if watch.stopped() {
                return None;
            }
            let mut copy = state.clone();
            rules.reseed(&mut copy, sample.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5eed);
            let (turn, refused) = turn_of(rules, &mut copy, seat, script, Some(&mut *memo));
            own.push((turn, refused));
            own_copies.push(copy);
            watch.weighed.fetch_add(1, Ordering::Relaxed);
        }
        turns.push(own);
        copies.push(own_copies);
    }
    let alike = |sample: usize| turns.iter().all(|own| own[sample].0 == turns[0][sample].0);
    if (0..turns[0].len()).all(alike) {
        watch.weighed.store(u32::try_from(total).unwrap_or(u32::MAX), Ordering::Relaxed);
        return Some(0);
    }
    let mut best = (f64::NEG_INFINITY, 0);
    // Each script's reading on each copy: a script that plays the same turn as an earlier one
    // on a copy leaves the same position, so that copy is not played out again.
    let mut weighed: Vec<Vec<f64>> = Vec::with_capacity(scripts);
    for (script, own_copies) in copies.iter_mut().enumerate() {
        let mut values = Vec::with_capacity(own_copies.len());
        for (sample, copy) in own_copies.iter_mut().enumerate() {
            let (turn, refused) = &turns[script][sample];
            if watch.stopped() {
                return None;
            }
            let earlier = (0..script).find(|&e| turns[e][sample].0 == *turn);
            let value = match earlier {
                Some(e) => weighed[e][sample],
                // A script whose move the rules refuse is never chosen over one that plays.
                None if *refused => f64::NEG_INFINITY,
                None => played_out(rules, copy, seat, budget.turns_after, memo),
            };
            values.push(value);
            watch.weighed.fetch_add(1, Ordering::Relaxed);
        }
        let total: f64 = values.iter().sum();
        weighed.push(values);
        if total > best.0 {
            best = (total, script);
        }
    }
    Some(best.1)
}

/// Plays `turns_after` turns with the fast player from `copy` and reads the position for
/// `seat`.
fn played_out<R: Planned + ?Sized>(
    rules: &R,
    copy: &mut R::State,
    seat: u8,
    turns_after: u32,
    memo: &mut R::Memo,
) -> f64 {
    for _ in 0..turns_after {
        let Decision::Seat(deciding) = rules.to_move(copy) else { break };
        if turn_of(rules, copy, deciding, 0, Some(&mut *memo)).0.is_empty() {
            break;
        }
    }
    match rules.finished(copy) {
        Some(finished) => match finished.winner {
            Some(winner) if winner == seat => WON,
            Some(_) => -WON,
            None => 0.0,
        },
        None => rules.evaluate(copy, seat),
    }
}

/// Plays `seat`'s turn with `script` on `state`, returning its actions (see
/// [`computer_moves`]) and whether the last of them was refused.
fn turn_of<R: Planned + ?Sized>(
    rules: &R,
    state: &mut R::State,
    seat: u8,
    script: usize,
    mut memo: Option<&mut R::Memo>,
) -> (Vec<R::Action>, bool) {
    let mut actions = Vec::new();
    while actions.len() < TURN_ACTIONS && rules.to_move(state) == Decision::Seat(seat) {
        let moves = rules.script_moves(state, script, memo.as_deref_mut());
        if moves.is_empty() {
            break;
        }
        for action in moves {
            let refused = rules.apply(state, &action).is_err();
            actions.push(action);
            if refused {
                return (actions, true);
            }
            if rules.to_move(state) != Decision::Seat(seat) {
                break;
            }
        }
    }
    (actions, false)
}

#[cfg(test)]
mod tests {
    //! The planner on a toy race: two seats take turns adding to their own total, and the
    //! first to reach ten wins. Each turn is one action, a step of one or two (three is
    //! refused). The scripts step one, step two, and step three.
    use super::*;
    use crate::game::Finished;

    #[derive(Clone, Debug, PartialEq)]
    struct Race {
        totals: [u32; 2],
        seat: u8,
        reseeded: u64,
    }

    struct RaceRules;

    impl Rules for RaceRules {
        type Setup = ();
        type State = Race;
        type Action = u32;
        type Event = u32;
        type Rejection = String;

        fn start(&self, _setup: &(), _seed: u64) -> Result<(Race, Vec<u32>), String> {
            Ok((Race { totals: [0, 0], seat: 0, reseeded: 0 }, Vec::new()))
        }
        fn legal_actions(&self, _state: &Race) -> Vec<u32> {
            vec![1, 2]
        }
        fn check(&self, _state: &Race, step: &u32) -> Result<(), String> {
            if *step <= 2 { Ok(()) } else { Err(format!("a step of {step} is more than two")) }
        }
        fn apply(&self, state: &mut Race, step: &u32) -> Result<Vec<u32>, String> {
            self.check(state, step)?;
            state.totals[usize::from(state.seat)] += step;
            state.seat = 1 - state.seat;
            Ok(vec![*step])
        }
        fn to_move(&self, state: &Race) -> Decision {
            if self.finished(state).is_some() { Decision::Over } else { Decision::Seat(state.seat) }
        }
        fn finished(&self, state: &Race) -> Option<Finished> {
            let winner = (0..2u8).find(|&s| state.totals[usize::from(s)] >= 10)?;
            Some(Finished { winner: Some(winner), ending: "Race".into() })
        }
        fn round(&self, state: &Race) -> u32 {
            state.totals[0] + state.totals[1]
        }
        fn computer_moves_watched(&self, state: &Race, level: Level, watch: &Watch) -> Vec<u32> {
            computer_moves_watched(self, state, level, watch)
        }
        fn event_text(&self, _state: &Race, event: &u32) -> String {
            format!("a step of {event}")
        }
    }

    impl Planned for RaceRules {
        fn scripts(&self) -> &'static [&'static str] {
            &["one", "two", "three"]
        }
        type Memo = ();
        /// Each script steps its own length until its seat is halfway; from there all three
        /// step one.
        fn script_moves(&self, state: &Race, script: usize, _memo: Option<&mut ()>) -> Vec<u32> {
            let halfway = state.totals[usize::from(state.seat)] >= 5;
            vec![if halfway { 1 } else { u32::try_from(script).unwrap_or(0) + 1 }]
        }
        fn evaluate(&self, state: &Race, seat: u8) -> f64 {
            READINGS.with(|r| r.set(r.get() + 1));
            f64::from(state.totals[usize::from(seat)]) - f64::from(state.totals[usize::from(1 - seat)])
        }
        fn reseed(&self, state: &mut Race, salt: u64) {
            state.reseeded = salt;
        }
    }

    thread_local! {
        /// The positions read on this test's thread.
        static READINGS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    }

    fn start() -> Race {
        Race { totals: [0, 0], seat: 0, reseeded: 0 }
    }

    #[test]
    fn easy_plays_the_first_script_and_normal_the_one_that_leaves_it_best_placed() {
        assert_eq!(RaceRules.computer_moves(&start(), Level::Easy), vec![1]);
        assert_eq!(RaceRules.computer_moves(&start(), Level::Normal), vec![2]);
    }

    #[test]
    fn a_script_whose_move_is_refused_is_never_chosen_and_a_refused_move_ends_the_run() {
        // Hard weighs "three" too: its move is refused, so it is never chosen.
        assert_eq!(RaceRules.computer_moves(&start(), Level::Hard), vec![2]);
        let mut state = start();
        assert_eq!(
            turn_of(&RaceRules, &mut state, 0, 2, None),
            (vec![3], true),
            "the refused move is given for the caller"
        );
        assert_eq!(state, start(), "nothing changed");
    }

    #[test]
    fn the_copies_have_dice_of_their_own_and_the_real_game_keeps_its_own() {
        let state = start();
        let moves = RaceRules.computer_moves(&state, Level::Hard);
        let mut played = state.clone();
        for step in &moves {
            RaceRules.apply(&mut played, step).unwrap_or_default();
        }
        assert_eq!(played.reseeded, 0, "the turn played is played on the game's own dice");
        assert_eq!(RaceRules.computer_moves(&state, Level::Hard), moves, "the same position, the same turn");
    }

    #[test]
    fn each_level_weighs_the_scripts_of_the_level_below_and_more() {
        let (normal, hard) = (budget(Level::Normal), budget(Level::Hard));
        assert_eq!(budget(Level::Easy), None);
        let (Some(normal), Some(hard)) = (normal, hard) else { panic!("Normal and Hard search") };
        assert!(hard.scripts >= normal.scripts && hard.samples >= normal.samples);
        assert!(normal.scripts >= 2 && normal.turns_after >= 1);
    }

    #[test]
    fn a_watch_counts_the_play_outs_and_a_stopped_one_gives_no_moves() {
        let watch = Watch::default();
        assert_eq!(RaceRules.computer_moves_watched(&start(), Level::Hard, &watch), vec![2]);
        assert_eq!(watch.progress(), (18, 18), "three scripts on three copies, each a turn and an answer");
        watch.stop();
        assert!(RaceRules.computer_moves_watched(&start(), Level::Hard, &watch).is_empty());
        assert_eq!(RaceRules.computer_moves_watched(&start(), Level::Easy, &watch), vec![1], "Easy does not search");
    }

    #[test]
    fn a_levels_elo_comes_from_its_share_against_the_level_below() {
        let strength = Strength { pool: "a test", normal_over_easy: (75, 100), hard_over_normal: (50, 100) };
        let [normal, hard] = strength.elo();
        assert!((normal.0 - 190.8).abs() < 0.1, "three wins in four is 191 Elo: {normal:?}");
        assert!(normal.1 < normal.0 && normal.0 < normal.2);
        assert!((hard.0 - normal.0).abs() < 1e-9, "an even share adds nothing");
        assert!(strength.lines().iter().any(|l| l.contains("Normal +191")), "{:?}", strength.lines());
    }

    #[test]
    fn where_every_script_plays_one_turn_no_answer_is_played_out() {
        // Halfway, all three scripts step one, and the game goes on after the answer.
        let state = Race { totals: [0, 5], seat: 1, reseeded: 0 };
        let watch = Watch::default();
        READINGS.with(|r| r.set(0));
        assert_eq!(RaceRules.computer_moves_watched(&state, Level::Hard, &watch), vec![1]);
        assert_eq!(READINGS.with(std::cell::Cell::get), 0, "no position read");
        assert_eq!(watch.progress(), (18, 18), "every copy counted as weighed and answered");
        // From the start the scripts differ, so their answers are played out and read.
        assert_eq!(RaceRules.computer_moves(&start(), Level::Hard), vec![2]);
        assert!(READINGS.with(std::cell::Cell::get) > 0);
    }

    #[test]
    fn a_tie_goes_to_the_earlier_script() {
        // Seat 1 at nine steps from the win either way: after its step the other side reaches
        // ten, so both steps read as the same loss.
        let state = Race { totals: [9, 0], seat: 1, reseeded: 0 };
        assert_eq!(best_script(&RaceRules, &state, 1, Budget { scripts: 2, samples: 1, turns_after: 1 }), 0);
    }
}
