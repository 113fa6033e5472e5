//! The Skirm playtest without a window: a battle on a scenario through the shared session
//! (undo by replay, so no die changes; restart with a seed), its log in words, which squads
//! the computer plays, saved battles, the legal actions with their cost once per position,
//! and the battle drawn or forked back into a scenario.

use super::describe_event;
use super::rules::{Action, Outcome, Ruleset, cost, legal_actions};
use super::scenario::saved::{load_battle, save_battle};
use super::scenario::{SkirmScenario, Squad, SquadUnit};
use crate::board::Pos;
use crate::game::{Level, Session};
use std::sync::Arc;

/// A playtest under way.
pub struct SkirmPlay {
    /// The rules it is played by.
    pub rules: Arc<Ruleset>,
    /// The scenario it is fought on, as it was when the playtest started.
    pub scenario: SkirmScenario,
    /// The battle: setup, seed, actions, state and events.
    pub game: Session<Ruleset>,
    /// The battle's events as lines.
    pub log: Vec<String>,
    /// Which squads the computer plays.
    pub computer: [bool; 2],
    /// The square under the pointer.
    pub hover: Option<Pos>,
    /// The legal actions with their cost, worked out once per position (the panel and the
    /// map both ask every frame).
    choices: std::cell::OnceCell<Vec<(Action, Option<u8>)>>,
}

/// A playtest reads as the shared session it holds (`play.state`, `play.actions`).
impl std::ops::Deref for SkirmPlay {
    type Target = Session<Ruleset>;

    fn deref(&self) -> &Self::Target {
        &self.game
    }
}

impl SkirmPlay {
    /// A battle on `scenario` with `seed`.
    ///
    /// # Errors
    /// The battle cannot start, with the reason.
    pub fn start(rules: Arc<Ruleset>, scenario: SkirmScenario, seed: u64) -> Result<Self, String> {
        let setup = scenario.to_setup(&rules)?;
        let game = Session::start(rules.as_ref(), setup, seed)?;
        Ok(Self::with(rules, scenario, game))
    }

    fn with(rules: Arc<Ruleset>, scenario: SkirmScenario, game: Session<Ruleset>) -> Self {
        let log = game.events.iter().map(|e| describe_event(&rules, &game.state, e)).collect();
        Self { rules, scenario, game, log, computer: [false, false], hover: None, choices: std::cell::OnceCell::new() }
    }

    /// The battle as a file to save.
    ///
    /// # Errors
    /// The scenario cannot be written.
    pub fn save(&self) -> Result<String, String> {
        save_battle(&self.rules, &self.scenario, self.seed, &self.actions, self.computer)
    }

    /// A saved battle, replayed.
    ///
    /// # Errors
    /// The file or one of its actions, with the reason.
    pub fn load(rules: Arc<Ruleset>, text: &str) -> Result<Self, String> {
        // The rules replay the battle while reading it; its events become the log.
        let saved = load_battle(&rules, text)?;
        let setup = saved.scenario.to_setup(&rules)?;
        let game =
            Session { setup, seed: saved.seed, actions: saved.actions, state: saved.state, events: saved.events };
        let mut play = Self::with(rules, saved.scenario, game);
        play.computer = saved.computer;
        Ok(play)
    }

    /// Takes an action; a refusal is returned with its reason and changes nothing.
    ///
    /// # Errors
    /// The rules refuse the action.
    pub fn act(&mut self, action: Action) -> Result<(), String> {
        let events = self.game.act(&self.rules, &action).map_err(|e| e.to_string())?;
        for event in &events {
            self.log.push(describe_event(&self.rules, &self.game.state, event));
        }
        self.choices = std::cell::OnceCell::new();
        Ok(())
    }

    /// Takes back the last action by replaying the rest from the start.
    pub fn undo(&mut self) -> bool {
        if !self.game.undo(&self.rules) {
            return false;
        }
        self.log = self.game.events.iter().map(|e| describe_event(&self.rules, &self.game.state, e)).collect();
        self.choices = std::cell::OnceCell::new();
        true
    }

    /// Starts the battle again with another seed, the computer's squads kept.
    ///
    /// # Errors
    /// The battle cannot start.
    pub fn restart(&mut self, seed: u64) -> Result<(), String> {
        let computer = self.computer;
        *self = Self::start(Arc::clone(&self.rules), self.scenario.clone(), seed)?;
        self.computer = computer;
        Ok(())
    }

    /// The computer's action, when the squad to decide is the computer's.
    pub fn computer_step(&mut self) -> bool {
        if self.state.outcome != Outcome::Ongoing || !self.computer[usize::from(self.state.deciding_squad().min(1))] {
            return false;
        }
        let moves = crate::game::Rules::computer_moves(self.rules.as_ref(), &self.state, Level::Normal);
        let Some(action) = moves.into_iter().next() else { return false };
        self.act(action).is_ok()
    }

    /// The legal actions with their ACT cost (none for free ones).
    #[must_use]
    pub fn choices(&self) -> &[(Action, Option<u8>)] {
        self.choices.get_or_init(|| {
            legal_actions(&self.rules, &self.state)
                .into_iter()
                .map(|a| {
                    let c = cost(&self.rules, &self.state, &a);
                    (a, c)
                })
                .collect()
        })
    }

    /// The battle as a scenario to draw: the map with its doors as they stand now, the items
    /// left and every standing unit on its square.
    #[must_use]
    pub fn picture(&self, base: &SkirmScenario) -> SkirmScenario {
        let mut view = base.clone();
        view.board = self.state.board.clone();
        view.items = self.state.items.iter().filter(|i| !i.gone).map(|i| (i.pos, i.kind.clone())).collect();
        view.markers = self.state.markers.iter().filter(|m| m.carrier.is_none() && !m.scored).map(|m| m.pos).collect();
        view.squads = (0..2u8)
            .map(|squad| Squad {
                name: self.state.squads[usize::from(squad)].name.clone(),
                faction: self.state.squads[usize::from(squad)].faction.clone(),
                units: self
                    .state
                    .units
                    .iter()
                    .filter(|u| u.squad == squad && u.pos.is_some())
                    .map(|u| SquadUnit {
                        profile: u.profile.clone(),
                        name: u.name.clone(),
                        weapons: Vec::new(),
                        gear: Vec::new(),
                        xp: u.xp,
                        pos: u.pos,
                    })
                    .collect(),
            })
            .collect();
        view
    }

    /// The battle as it stands as a scenario: the map with its doors as they are, the items
    /// left and each squad's standing units on their squares.
    #[must_use]
    pub fn fork(&self, base: &SkirmScenario) -> SkirmScenario {
        let mut next = base.clone();
        next.board = self.state.board.clone();
        next.items = self.state.items.iter().filter(|i| !i.gone).map(|i| (i.pos, i.kind.clone())).collect();
        next.markers = self.state.markers.iter().filter(|m| m.carrier.is_none() && !m.scored).map(|m| m.pos).collect();
        for (si, squad) in next.squads.iter_mut().enumerate() {
            let standing: Vec<_> = self.state.units.iter().filter(|u| usize::from(u.squad) == si).collect();
            let units = std::mem::take(&mut squad.units);
            squad.units = units
                .into_iter()
                .zip(standing)
                .filter_map(|(mut unit, now)| {
                    unit.pos = Some(now.pos?);
                    Some(unit)
                })
                .collect();
        }
        next
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
