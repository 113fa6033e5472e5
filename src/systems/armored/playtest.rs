//! The Armored Advance playtest without a window: the shared session over the rules core
//! (undo by replay, restart with a seed), who the computer plays, the log in words, the table
//! as it stands, and the previews the window shows before a click: a move's cost against its
//! allowance, and a shot's range, rolls and exact chances.

use super::game::{ArmoredCore, action_text, event_text, setup_of};
use super::rules::{self, Action, GameState, MoveCost, Outcome, Shot};
use super::ruleset::Ruleset;
use super::scenario::ArmoredScenario;
use crate::game::{Level, Session};
use crate::table::{PlacedUnit, Table};
use std::sync::Arc;

/// A playtest under way.
pub struct ArmoredPlay {
    /// The rules core.
    pub core: ArmoredCore,
    /// The game: setup, seed, actions, state.
    pub session: Session<ArmoredCore>,
    /// Whether the computer plays each side.
    pub computer: [bool; 2],
    /// How strong the computer plays.
    pub level: Level,
    /// Every event and action so far, in words.
    pub log: Vec<String>,
}

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
    /// Starts a playtest of `scenario` with dice `seed`, both sides played by hand.
    ///
    /// # Errors
    /// Why the game cannot start.
    pub fn start(data: Arc<Ruleset>, scenario: &ArmoredScenario, seed: u64) -> Result<Self, String> {
        let core = ArmoredCore(Arc::clone(&data));
        let session = Session::start(&core, setup_of(&data, scenario, None), seed)?;
        let log = session.events.iter().map(|e| event_text(&data, &session.state, e)).collect();
        Ok(Self { core, session, computer: [false, true], level: Level::Normal, log })
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
        let level = super::game::rules_level(self.level);
        match rules::computer_action(self.data(), state, level) {
            Some(action) => self.act(&action).is_ok(),
            None => false,
        }
    }

    /// Takes the last action back (the game replayed from the seed).
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

    /// The table as it stands: the units still on it where they are now (riders where their
    /// transport stands: a fork keeps them, and the validator offers to move them clear).
    #[must_use]
    pub fn table(&self) -> Table {
        self.table_with(true)
    }

    /// The table as the window draws it: riders are inside their transports, off the table.
    #[must_use]
    pub fn table_shown(&self) -> Table {
        self.table_with(false)
    }

    fn table_with(&self, riders: bool) -> Table {
        let state = self.state();
        let mut table = state.setup.table.clone();
        table.units = state
            .units
            .iter()
            .filter(|u| u.alive() && (riders || u.riding.is_none()))
            .filter_map(|u| {
                Some(PlacedUnit {
                    profile: self.data().profiles.get(u.profile)?.id.clone(),
                    owner: u.side,
                    pose: u.pose,
                })
            })
            .collect();
        table
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
        let on_pen = state.setup.readings.advantage_on_penetration;
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
                let text = super::game::action_text(data, state, &a);
                (a, text)
            })
            .collect()
    }

    /// What is special about a unit's state now, in words: riding, towed, stunned, set up,
    /// manning or manned.
    #[must_use]
    pub fn unit_status(&self, unit: usize) -> Vec<String> {
        let (data, state) = (self.data(), self.state());
        let Some(u) = state.live(unit) else { return Vec::new() };
        let name = |i: usize| {
            state.units.get(i).and_then(|x| data.profiles.get(x.profile)).map_or_else(
                || format!("unit {}", i + 1),
                |p| format!("{} (unit {})", p.name.trim_end_matches(" [house]"), i + 1),
            )
        };
        let mut lines = Vec::new();
        if let Some(c) = u.riding {
            lines.push(format!("Rides in {}", name(c)));
        }
        if let Some(c) = u.towed_by {
            lines.push(format!("Towed by {}", name(c)));
        }
        for (i, other) in state.units.iter().enumerate().filter(|(_, o)| o.alive()) {
            if other.riding == Some(unit) {
                lines.push(format!("Carries {}", name(i)));
            }
            if other.towed_by == Some(unit) {
                lines.push(format!("Tows {}", name(i)));
            }
        }
        if u.stunned {
            lines.push("Takes no action this turn (got out of a transport or lost it)".into());
        }
        if u.set_up {
            lines.push("Set up for indirect fire".into());
        }
        if let Some(gun) = rules::manned_gun(data, state, unit) {
            lines.push(format!("Mans {}", name(gun)));
        }
        if data
            .profiles
            .get(u.profile)
            .is_some_and(|p| p.class == crate::systems::armored::ruleset::UnitClass::FieldGun)
        {
            lines.push(match rules::crew_of(data, state, unit) {
                Some(crew) => format!("Manned by {}", name(crew)),
                None => "Unmanned: it fires only with a squad within 1\" behind it".into(),
            });
        }
        lines
    }

    /// The game as a file to save: the scenario it started from, the seed, every action and
    /// who the computer plays; loading replays it.
    ///
    /// # Errors
    /// The scenario cannot be written.
    pub fn save(&self, scenario: &ArmoredScenario) -> Result<String, String> {
        let saved = SavedGame {
            format_version: SAVED_GAME_VERSION,
            system: SAVED_GAME_SYSTEM.into(),
            scenario: super::scenario::save_scenario(self.data(), scenario)?,
            seed: self.session.seed,
            actions: self.session.actions.clone(),
            computer: self.computer,
        };
        ron::ser::to_string_pretty(&saved, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())
    }

    /// A saved game, replayed action by action, with the scenario it started from.
    ///
    /// # Errors
    /// The file, its scenario, or the first action the rules refuse, with where.
    pub fn load(data: Arc<Ruleset>, text: &str) -> Result<(Self, ArmoredScenario), String> {
        let saved: SavedGame = ron::from_str(text).map_err(|e| format!("not a saved Armored Advance game: {e}"))?;
        if saved.system != SAVED_GAME_SYSTEM || saved.format_version != SAVED_GAME_VERSION {
            return Err(format!(
                "a saved game of '{}' format {}; this reads '{SAVED_GAME_SYSTEM}' format {SAVED_GAME_VERSION}",
                saved.system, saved.format_version
            ));
        }
        if saved.actions.len() > MAX_SAVED_ACTIONS {
            return Err(format!(
                "{} actions is more than the {MAX_SAVED_ACTIONS} a saved game may hold",
                saved.actions.len()
            ));
        }
        let scenario =
            super::scenario::load_scenario(&data, &saved.scenario).map_err(|e| format!("its scenario: {e}"))?;
        let mut play = Self::start(data, &scenario, saved.seed)?;
        for (n, action) in saved.actions.iter().enumerate() {
            play.act(action).map_err(|reason| format!("action {}: {reason}", n + 1))?;
        }
        play.computer = saved.computer;
        Ok((play, scenario))
    }

    /// The game as it stands as a scenario: `base` with the units still on the table where
    /// they are now (riders get out where their transport stands).
    #[must_use]
    pub fn fork(&self, base: &ArmoredScenario) -> ArmoredScenario {
        ArmoredScenario { table: self.table(), ..base.clone() }
    }
}

/// The saved game's format.
const SAVED_GAME_VERSION: u32 = 1;
/// What a saved game says it is.
const SAVED_GAME_SYSTEM: &str = "armored-advance-game";
/// The most actions a saved game may hold (a hostile file cannot make the replay endless).
const MAX_SAVED_ACTIONS: usize = 100_000;

/// A saved game on disk.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct SavedGame {
    format_version: u32,
    system: String,
    /// The scenario file's text.
    scenario: String,
    seed: u64,
    actions: Vec<Action>,
    computer: [bool; 2],
}
