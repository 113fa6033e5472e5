//! The Skirm playtest without a window: a battle on a scenario through the shared playtest
//! (`game::Playing`: undo by replay, restart with a seed, which squads the computer plays,
//! saved battles, fork), with the legal actions and their cost once per position, the battle
//! drawn as a scenario, and which Tactical Orders are worth offering.

use super::Skirm;
use super::rules::{Action, Ruleset, cost, legal_actions};
use super::scenario::{SkirmScenario, picture};
use crate::board::Pos;
use crate::game::Playing;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// The legal actions of a position with their ACT cost (none for free ones).
pub type Choices = Rc<[(Action, Option<u8>)]>;

/// A playtest under way: the shared playtest of a scenario, and what the window asks of the
/// position.
pub struct SkirmPlay {
    /// The battle: the scenario it is fought on, rules, setup, seed, actions, state and events,
    /// the computer's squads and level, the log (the battle's events as lines).
    pub play: Playing<Skirm>,
    /// The square under the pointer.
    pub hover: Option<Pos>,
    /// The legal actions with their cost for the position of the playtest's change count
    /// (the panel and the map both ask every frame).
    choices: RefCell<(u64, Choices)>,
}

/// A playtest reads as the shared playtest it holds (`play.state`, `play.log`, `play.computer`).
impl std::ops::Deref for SkirmPlay {
    type Target = Playing<Skirm>;

    fn deref(&self) -> &Self::Target {
        &self.play
    }
}

impl std::ops::DerefMut for SkirmPlay {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.play
    }
}

impl From<Playing<Skirm>> for SkirmPlay {
    fn from(play: Playing<Skirm>) -> Self {
        let stale = play.changes.wrapping_sub(1);
        Self { play, hover: None, choices: RefCell::new((stale, Rc::from(Vec::new()))) }
    }
}

impl SkirmPlay {
    /// A battle on `scenario` with `seed`; both squads played by hand.
    ///
    /// # Errors
    /// The battle cannot start, with the reason.
    pub fn start(rules: Arc<Ruleset>, scenario: SkirmScenario, seed: u64) -> Result<Self, String> {
        Playing::start(rules, scenario, seed).map(Self::from)
    }

    /// A saved battle, replayed.
    ///
    /// # Errors
    /// The file, its scenario or one of its actions, with the reason.
    pub fn load(rules: Arc<Ruleset>, text: &str) -> Result<Self, String> {
        Playing::load(rules, text).map(Self::from)
    }

    /// The legal actions with their ACT cost (none for free ones), worked out once a position.
    #[must_use]
    pub fn choices(&self) -> Choices {
        let mut cache = self.choices.borrow_mut();
        if cache.0 != self.changes {
            let listed = legal_actions(&self.rules, &self.state).into_iter().map(|a| {
                let c = cost(&self.rules, &self.state, &a);
                (a, c)
            });
            *cache = (self.changes, listed.collect());
        }
        Rc::clone(&cache.1)
    }

    /// The battle as a scenario to draw (the map as it stands, the standing units).
    #[must_use]
    pub fn picture(&self, base: &SkirmScenario) -> SkirmScenario {
        picture(base, &self.state)
    }
}

/// Whether the window offers `action` on the roll waiting: every action but a Tactical Order's
/// +1 or -1 that cannot help. An attack or save die succeeds at or under its stat (a 1 always,
/// a 6 never), so raising one never helps, and lowering helps only a die that fails as it
/// stands (a 6 takes two orders to reach a 4); a heal die is the other way up. The rules allow
/// the others; the window leaves them out, so no button turns a success into a failure.
#[must_use]
pub fn worth_offering(rules: &Ruleset, state: &super::rules::GameState, action: &Action) -> bool {
    let Action::Adjust { die, up } = action else { return true };
    let Some(pending) = &state.pending else { return false };
    let Some(face) = pending.dice.get(*die) else { return false };
    let arm = super::rules::target_arm(rules, state, pending.strike.target);
    // A heal die is better high; attack and save dice low.
    let helps = if pending.window == super::rules::Window::Heal { *up } else { !*up };
    helps && !pending.good(face, arm)
}
