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
//! game and side (every copy of a game shares it) and kept for the process
//! ([`crate::level::KeptStudies`]), so the balance lab studies a table once, not once per game.

use super::super::perform::apply;
use super::super::setup::start_game;
use super::super::state::{GameState, Look, Outcome, Setup};
use crate::level::{KeptStudies, Level};
use crate::systems::armored::ruleset::Ruleset;

/// A study game still going after this many rounds counts as a draw.
const STUDY_ROUND_CAP: u32 = 100;

/// The studies of this process by table, settings, rules' data and side.
static STUDIES: KeptStudies = KeptStudies::new();

/// Hard's look for the side to move in `state`'s game.
pub(super) fn look(data: &Ruleset, state: &GameState) -> Look {
    hard_look(data, state, state.side)
}

/// Hard's look for `side` in `state`'s game: studied once a game (a window asks it on a worker
/// before Hard's first move) and kept where every copy of the game finds it.
pub fn hard_look(data: &Ruleset, state: &GameState, side: u8) -> Look {
    let side = side.min(1);
    let Some(slot) = state.setup.scene.4.side(side) else { return Look::Plain };
    *slot.get_or_init(|| {
        let key = crate::level::study_key(&depends_on(data, &state.setup), side);
        Look::taken_up(STUDIES.get(key, || study(data, &state.setup, side) == Look::Closer))
    })
}

/// What the study depends on: the rules' data, the table, how it is won, the limits, the
/// readings and the symmetry (not who moves first: the study seats both ways).
fn depends_on(data: &Ruleset, setup: &Setup) -> String {
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
}

/// The closer look if it wins more of the study's decisive games against Normal than it
/// loses; else Normal's way (`crate::level::takes_up`).
#[must_use]
pub fn study(data: &Ruleset, setup: &Setup, side: u8) -> Look {
    Look::taken_up(crate::level::takes_up(study_games(data, setup, side)))
}

/// The study's games won and lost by `side` playing Hard with its closer look against Normal
/// ([`crate::level::study_games`]: the first mover alternating on shared seeds).
#[must_use]
pub fn study_games(data: &Ruleset, setup: &Setup, side: u8) -> (usize, usize) {
    crate::level::study_games(side, |first, seed| {
        study_game(data, &Setup { first: Some(first), ..setup.clone() }, seed, side)
    })
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
