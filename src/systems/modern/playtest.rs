//! The Modern Skirmish playtest without a window: the shared session over the rules core (undo
//! by replay, restart with a seed), who the computer plays, the log in words, and the numbers
//! the window shows before a click: a unit's activation odds and morale, a figure's reach, a
//! shot's exact chance of a hit and a kill, and close combat's odds.

use super::ModernSkirmish;
use super::rules::{self, Action, Aim, GameState, allowance, building_at, melee_counts, minuses, passing_faces};
use super::ruleset::{Ruleset, cm};
use super::text::figure_name;
use crate::game::Playing;

/// A playtest under way: the shared playtest over the rules core, with the numbers below.
pub type ModernPlay = Playing<ModernSkirmish>;

pub use super::text::{Morale, MoralePart};

/// A shot before it is fired.
#[derive(Debug, Clone, PartialEq)]
pub struct FirePreview {
    /// The shot, or why there is none.
    pub aim: Result<Aim, String>,
    /// Exact chances: a hit, a kill, an ammo marker (a double).
    pub chances: Option<(f64, f64, f64)>,
}

impl ModernPlay {
    /// The data.
    #[must_use]
    pub fn data(&self) -> &Ruleset {
        &self.data
    }

    /// The position.
    #[must_use]
    pub fn state(&self) -> &GameState {
        &self.session.state
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
            parts: vec![
                MoralePart {
                    count: u.casualties,
                    minuses: data.minus_per_casualty * u.casualties,
                    words: ("casualty", "casualties"),
                },
                MoralePart {
                    count: state.broken_friends(u.side),
                    minuses: data.minus_per_routed_friend * state.broken_friends(u.side),
                    words: ("friendly unit broken", "friendly units broken"),
                },
                MoralePart {
                    count: u.ammo,
                    minuses: data.minus_per_ammo_marker * u.ammo,
                    words: ("ammo marker", "ammo markers"),
                },
                MoralePart {
                    count: u.shaken,
                    minuses: u.shaken,
                    words: ("hit that did not kill", "hits that did not kill"),
                },
            ],
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
                vec![(cm(data.move_outside), "outside"), (cm(data.move_in_or_out), "into a building")]
            }
            Some(_) => {
                vec![(cm(data.move_in_or_out), "out of the building"), (cm(data.move_within), "within it")]
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
