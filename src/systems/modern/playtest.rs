//! The Modern Skirmish playtest without a window: the shared session over the rules core (undo
//! by replay, restart with a seed), who the computer plays, the log in words, and the numbers
//! the window shows before a click: a unit's activation odds and morale, a figure's reach, a
//! shot's exact chance of a hit and a kill, and close combat's odds.

use super::game::{ModernCore, action_text, event_text, figure_name};
use super::rules::{
    self, Action, Aim, GameState, Outcome, allowance, building_at, melee_counts, minuses, passing_faces,
};
use super::ruleset::{Ruleset, cm};
use super::scenario::{ModernScenario, setup_of};
use crate::game::{Level, Session};
use std::sync::Arc;

/// A playtest under way.
pub struct ModernPlay {
    /// The rules core.
    pub core: ModernCore,
    /// The game.
    pub session: Session<ModernCore>,
    /// Whether the computer plays each side.
    pub computer: [bool; 2],
    /// How strong it plays.
    pub level: Level,
    /// Every action and event so far, in words.
    pub log: Vec<String>,
}

/// A unit's standing for the morale track.
#[derive(Debug, Clone, PartialEq)]
pub struct Morale {
    /// Its minuses.
    pub minuses: u32,
    /// The chance its next activation test passes.
    pub pass: f64,
    /// What the minuses are made of: casualties, friends broken, ammo markers.
    pub parts: (u32, u32, u32),
}

/// A shot before it is fired.
#[derive(Debug, Clone, PartialEq)]
pub struct FirePreview {
    /// The shot, or why there is none.
    pub aim: Result<Aim, String>,
    /// Exact chances: a hit, a kill, an ammo marker (a double).
    pub chances: Option<(f64, f64, f64)>,
}

impl ModernPlay {
    /// Starts a playtest of `scenario` with dice `seed`; the computer plays the Antagonist.
    ///
    /// # Errors
    /// Why the game cannot start.
    pub fn start(data: Arc<Ruleset>, scenario: &ModernScenario, seed: u64) -> Result<Self, String> {
        let core = ModernCore(Arc::clone(&data));
        let session = Session::start(&core, setup_of(&data, scenario, scenario.readings), seed)?;
        let log = session.events.iter().map(|e| event_text(&data, &session.state, e)).collect();
        let mut computer = [false, false];
        computer[usize::from(data.first_side.min(1))] = true;
        Ok(Self { core, session, computer, level: Level::Normal, log })
    }

    /// The data.
    #[must_use]
    pub fn data(&self) -> &Ruleset {
        &self.core.0
    }

    /// The position.
    #[must_use]
    pub fn state(&self) -> &GameState {
        &self.session.state
    }

    /// Takes an action; the rules' reason in words when refused.
    ///
    /// # Errors
    /// The action in words and why the rules refuse it.
    pub fn act(&mut self, action: &Action) -> Result<(), String> {
        let said = action_text(self.data(), self.state(), action);
        match self.session.act(&self.core, action) {
            Ok(events) => {
                self.log.push(said);
                let data = Arc::clone(&self.core.0);
                self.log.extend(events.iter().map(|e| event_text(&data, &self.session.state, e)));
                Ok(())
            }
            Err(rejection) => Err(format!("{said}: refused, {rejection}")),
        }
    }

    /// Lets the computer act once if it plays the side to act; returns whether it did.
    pub fn computer_step(&mut self) -> bool {
        let state = self.state();
        if state.outcome != Outcome::Ongoing || !self.computer[usize::from(state.side.min(1))] {
            return false;
        }
        match rules::computer_action(self.data(), state, super::game::rules_level(self.level)) {
            Some(action) => self.act(&action).is_ok(),
            None => false,
        }
    }

    /// Takes the last action back (replayed from the seed, so no die changes).
    pub fn undo(&mut self) -> bool {
        let done = self.session.undo(&self.core);
        if done {
            self.relog();
        }
        done
    }

    /// Starts again with `seed`.
    ///
    /// # Errors
    /// Why the game cannot start.
    pub fn restart(&mut self, seed: u64) -> Result<(), String> {
        self.session.restart(&self.core, seed)?;
        self.relog();
        Ok(())
    }

    fn relog(&mut self) {
        let data = Arc::clone(&self.core.0);
        self.log = self.session.log(&self.core, &|state, action| action_text(&data, state, action));
    }

    /// A unit's morale and its next test's odds.
    #[must_use]
    pub fn morale(&self, unit: usize) -> Morale {
        let (data, state) = (self.data(), self.state());
        let m = minuses(data, state, unit);
        let u = &state.units[unit];
        Morale {
            minuses: m,
            pass: f64::from(passing_faces(data, m)) / 6.0,
            parts: (
                data.minus_per_casualty * u.casualties,
                data.minus_per_routed_friend * state.broken_friends(u.side),
                data.minus_per_ammo_marker * u.ammo + u.shaken,
            ),
        }
    }

    /// How far a figure may move: out in the open, into or out of a building, within one (the
    /// last only when it stands in one), micrometres.
    #[must_use]
    pub fn reach(&self, figure: usize) -> Vec<(i64, &'static str)> {
        let data = self.data();
        let Some(f) = self.state().figures.get(figure) else { return Vec::new() };
        let setup = &self.state().setup;
        match building_at(data, setup, f.at) {
            None => {
                vec![(cm(data.move_outside), "150 mm outside"), (cm(data.move_in_or_out), "100 mm into a building")]
            }
            Some(_) => {
                vec![(cm(data.move_in_or_out), "100 mm out of the building"), (cm(data.move_within), "50 mm within it")]
            }
        }
    }

    /// The allowance of a move from where a figure stands to `to`.
    #[must_use]
    pub fn allowance_to(&self, figure: usize, to: (i64, i64)) -> i64 {
        self.state().figures.get(figure).map_or(0, |f| allowance(self.data(), &self.state().setup, f.at, to))
    }

    /// A shot from `figure` at `target` before it is fired.
    #[must_use]
    pub fn fire_preview(&self, figure: usize, target: usize) -> FirePreview {
        match rules::aim(self.data(), self.state(), figure, target) {
            Ok(aim) => FirePreview {
                chances: Some((f64::from(aim.odds.0) / 36.0, f64::from(aim.odds.1) / 36.0, 6.0 / 36.0)),
                aim: Ok(aim),
            },
            Err(rejection) => FirePreview { aim: Err(rejection.to_string()), chances: None },
        }
    }

    /// Close combat's exact odds: defender, both, attacker eliminated.
    #[must_use]
    pub fn melee_odds(&self) -> (f64, f64, f64) {
        let [ae, be, de] = melee_counts(self.data());
        (f64::from(de) / 1296.0, f64::from(be) / 1296.0, f64::from(ae) / 1296.0)
    }

    /// A charge from `figure` at `target`: the action, or why not.
    ///
    /// # Errors
    /// Why the rules refuse it.
    pub fn charge(&self, figure: usize, target: usize) -> Result<Action, String> {
        let state = self.state();
        let (Some(f), Some(t)) = (state.figures.get(figure), state.figures.get(target)) else {
            return Err("no such figure".into());
        };
        let action = Action::Charge { figure, target, to: rules::contact_point(self.data(), f.at, t.at) };
        rules::check(self.data(), state, &action).map(|()| action).map_err(|r| r.to_string())
    }

    /// A figure's name.
    #[must_use]
    pub fn figure_name(&self, figure: usize) -> String {
        figure_name(self.data(), self.state(), figure)
    }
}
