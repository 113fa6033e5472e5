//! The Armored Advance playtest without a window: the shared session over the rules core
//! (undo by replay, restart with a seed), who the computer plays, the log in words, the table
//! as it stands, and the previews the window shows before a click: a move's cost against its
//! allowance, and a shot's range, rolls and exact chances.

use super::ArmoredAdvance;
use super::rules::{self, Action, GameState, MoveCost, Shot};
use super::ruleset::Ruleset;
use super::scenario::setup::table_of;
use crate::game::Playing;
use crate::table::Table;

/// A playtest under way: the shared playtest over the rules core, with the previews below.
pub type ArmoredPlay = Playing<ArmoredAdvance>;

/// What a move would cost, before it is made.
#[derive(Debug, Clone, PartialEq)]
pub struct MovePreview {
    /// Its cost and allowance, where the path can be walked.
    pub cost: Option<MoveCost>,
    /// Why it is refused, if it is.
    pub refused: Option<String>,
}

/// One weapon's shot at a target, before it is fired.
#[derive(Debug, Clone, PartialEq)]
pub struct ShotPreview {
    /// The weapon's index and name.
    pub weapon: (usize, String),
    /// The shot, or why it cannot be fired.
    pub shot: Result<Shot, String>,
    /// The exact chance of a hit, of a penetrating hit, and the expected loss.
    pub chances: Option<(f64, f64, f64)>,
}

impl ArmoredPlay {
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

    /// The table as the window draws it: riders are inside their transports, off the table.
    #[must_use]
    pub fn table_shown(&self) -> Table {
        table_of(self.data(), self.state(), false)
    }

    /// What moving `unit` straight to `to` would cost, and whether the rules allow it.
    #[must_use]
    pub fn move_preview(&self, unit: usize, to: (i64, i64), action: &Action) -> MovePreview {
        let state = self.state();
        let cost = state.live(unit).and_then(|_| {
            rules::move_cost(self.data(), state, unit, to, matches!(action, Action::FreeMove { .. })).ok()
        });
        let refused = rules::check(self.data(), state, action).err().map(|r| r.to_string());
        MovePreview { cost, refused }
    }

    /// Each weapon of `unit` at `target`: the shot and its exact chances, or why not.
    #[must_use]
    pub fn shot_previews(&self, unit: usize, target: usize) -> Vec<ShotPreview> {
        let state = self.state();
        let data = self.data();
        let Some(weapons) = state.live(unit).and_then(|u| data.profiles.get(u.profile)).map(|p| p.weapons.clone())
        else {
            return Vec::new();
        };
        let on_pen = state.setup.readings.ask(|r| r.advantage_on_penetration());
        weapons
            .iter()
            .enumerate()
            .map(|(index, weapon)| {
                let action = Action::Fire { unit, weapon: index, target };
                let checked = rules::check(data, state, &action);
                let shot = match checked {
                    Ok(rules::Checked::Fire(shot)) => Ok(shot),
                    Ok(_) => Err("not a shot".to_owned()),
                    Err(rejection) => Err(rejection.to_string()),
                };
                let chances = shot.as_ref().ok().zip(state.live(target)).map(|(s, t)| {
                    let hit = if s.kills.is_some() { 1.0 } else { rules::chance(s.hit, s.advantage) };
                    (hit, rules::penetrating_chance(s, on_pen), rules::expected_damage(s, on_pen, t))
                });
                ShotPreview { weapon: (index, weapon.name.clone()), shot, chances }
            })
            .collect()
    }

    /// The keyword actions the rules allow `unit` now (as the one acting or the one carried),
    /// each with its words: Accurate shots, scouting, boarding and towing, getting out (one
    /// place each way round the carrier), demolition.
    #[must_use]
    pub fn keyword_actions(&self, unit: usize) -> Vec<(Action, String)> {
        let (data, state) = (self.data(), self.state());
        rules::legal_specials(data, state)
            .into_iter()
            .filter(|a| match *a {
                Action::AccurateFire { unit: u, .. }
                | Action::Scout { unit: u, .. }
                | Action::Disembark { unit: u, .. }
                | Action::Demolish { unit: u, .. } => u == unit,
                Action::Embark { unit: u, carrier } => u == unit || carrier == unit,
                _ => false,
            })
            // Of the places to get out, every fourth of those the rules allow: a few choices
            // round the carrier, not sixteen buttons.
            .scan(0usize, |places, a| {
                let keep = !matches!(a, Action::Disembark { .. }) || {
                    *places += 1;
                    (*places - 1) % 4 == 0
                };
                Some(keep.then_some(a))
            })
            .flatten()
            .map(|a| {
                let text = super::text::action_text(data, state, &a);
                (a, text)
            })
            .collect()
    }
}
