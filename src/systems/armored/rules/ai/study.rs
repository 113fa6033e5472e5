//! Hard's study of a table before it plays there: whether its closer look at moves (the shot
//! it could take from a destination against what the enemies could do to it there) beats
//! Normal on this table, found by playing it against Normal on copies of the table. Where it
//! does not, Hard moves as Normal does, so no table turns the levels round.
//!
//! Why: the closer look is a rule of thumb. Over a hundred generated tables it wins 55% to 64%
//! of the decisive games against Normal, but on some tables it loses beyond chance (one in
//! ten of a fresh block, 1 to 30 on the worst), and no weight of the rule kept it from doing
//! so on a block it was not tuned on. A player who tries the plan on the table first does not
//! bring a bad plan to it.
//!
//! The study is a pure function of the rules' data, the table, the settings and the side: its
//! games have seeds of their own, so the game being played, its dice and its seat do not enter
//! it, and every machine, thread and shard reaches the same answer. It is worked out once per
//! game and side (every copy of a game shares it) and kept for the process, a few tables at a
//! time, so the balance lab studies a table once, not once per game.

use super::super::perform::apply;
use super::super::setup::start_game;
use super::super::state::{GameState, Look, Outcome, Setup};
use crate::level::Level;
use crate::systems::armored::ruleset::Ruleset;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

/// Games of the study, half with the studying side moving first.
pub const STUDY_GAMES: u64 = 40;

/// A study game still going after this many rounds counts as a draw.
const STUDY_ROUND_CAP: u32 = 100;

/// The first seed of the study's games (any fixed number: the study must not borrow the
/// played game's dice).
const STUDY_SEED: u64 = 0x005e_ed0f_57ad;

/// Tables whose studies the process keeps (a lab run needs one; the window a few).
const KEPT: usize = 32;

/// The studies of this process by table, settings, rules' data and side: a pure function's
/// answers, so keeping them never changes a game.
static STUDIES: Mutex<Vec<(u64, Arc<OnceLock<Look>>)>> = Mutex::new(Vec::new());

/// Hard's look for the side to move in `state`'s game.
pub(super) fn look(data: &Ruleset, state: &GameState) -> Look {
    let side = state.side.min(1);
    let Some(slot) = state.setup.scene.4.side(side) else { return Look::Plain };
    *slot.get_or_init(|| kept_study(data, &state.setup, side))
}

/// The study of `side` on `setup`'s table, from the process's kept ones or worked out now. Two
/// threads asking for the same table wait for one study.
fn kept_study(data: &Ruleset, setup: &Setup, side: u8) -> Look {
    let key = study_key(data, setup, side);
    let cell = match STUDIES.lock() {
        Ok(mut kept) => {
            if let Some((_, cell)) = kept.iter().find(|(k, _)| *k == key) {
                Arc::clone(cell)
            } else {
                if kept.len() >= KEPT {
                    kept.remove(0);
                }
                let cell = Arc::new(OnceLock::new());
                kept.push((key, Arc::clone(&cell)));
                cell
            }
        }
        // A thread that panicked while holding the list leaves it unusable: study afresh.
        Err(_) => Arc::new(OnceLock::new()),
    };
    *cell.get_or_init(|| study(data, setup, side))
}

/// What the study depends on, hashed: the rules' data, the table, how it is won, the limits,
/// the readings and the symmetry (not who moves first: the study seats both ways), and the
/// side.
fn study_key(data: &Ruleset, setup: &Setup, side: u8) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    format!(
        "{data:?}|{:?}|{:?}|{}|{:?}|{:?}|{:?}|{:?}",
        setup.table,
        setup.victory,
        setup.action_limit,
        setup.turn_limit,
        setup.vp_target,
        setup.readings,
        setup.symmetry
    )
    .hash(&mut hasher);
    side.hash(&mut hasher);
    hasher.finish()
}

/// The closer look if it wins more of the study's decisive games against Normal than it
/// loses; else Normal's way (a tie too: the plain way is the one known not to lose to Normal).
#[must_use]
pub fn study(data: &Ruleset, setup: &Setup, side: u8) -> Look {
    let (won, lost) = study_games(data, setup, side);
    if won > lost { Look::Closer } else { Look::Plain }
}

/// The study's games won and lost by `side` playing Hard with its closer look against Normal,
/// the first mover alternating. Both seatings of a pair share a seed, so a relabelled or
/// mirrored copy of the table plays the same games for the side that stands where this one
/// does.
#[must_use]
pub fn study_games(data: &Ruleset, setup: &Setup, side: u8) -> (usize, usize) {
    let (mut won, mut lost) = (0, 0);
    for game in 0..STUDY_GAMES {
        let first = if game % 2 == 0 { side } else { 1 - side };
        let table = Setup { first: Some(first), ..setup.clone() };
        match study_game(data, &table, STUDY_SEED + game / 2, side) {
            Some(winner) if winner == side => won += 1,
            Some(_) => lost += 1,
            None => {}
        }
    }
    (won, lost)
}

/// One study game: `side` plays Hard with its closer look, the other side Normal. The winner,
/// or `None` for a draw, a cap reached or a game that cannot start.
fn study_game(data: &Ruleset, setup: &Setup, seed: u64, side: u8) -> Option<u8> {
    let (mut state, _) = start_game(data, setup, seed).ok()?;
    while state.outcome == Outcome::Ongoing && state.round <= STUDY_ROUND_CAP {
        let action = if state.side == side {
            super::computer_action_looking(data, &state, Level::Hard, Look::Closer)
        } else {
            super::computer_action(data, &state, Level::Normal)
        }?;
        apply(data, &mut state, &action).ok()?;
    }
    match state.outcome {
        Outcome::Won { side, .. } => Some(side),
        Outcome::Ongoing | Outcome::Draw => None,
    }
}
