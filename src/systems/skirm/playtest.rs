//! The Skirm playtest without a window: a battle on a scenario through the shared session
//! (undo by replay, so no die changes; restart with a seed), its log in words, which squads
//! the computer plays, saved battles, the legal actions with their cost once per position,
//! and the battle drawn or forked back into a scenario.

use super::rules::{Action, Ruleset, cost, legal_actions};
use super::scenario::{SkirmScenario, Squad, SquadUnit, load_scenario, save_scenario};
use crate::board::Pos;
use crate::game::{Playtest, read_saved_game};
use std::sync::Arc;

/// A playtest under way: the shared playtest, the scenario it is fought on, and what the
/// window asks of the position.
pub struct SkirmPlay {
    /// The battle: rules, setup, seed, actions, state and events, the computer's squads and
    /// level, the log (the battle's events as lines).
    pub play: Playtest<Arc<Ruleset>>,
    /// The scenario it is fought on, as it was when the playtest started.
    pub scenario: SkirmScenario,
    /// The square under the pointer.
    pub hover: Option<Pos>,
    /// The legal actions with their cost, worked out once per position (the panel and the
    /// map both ask every frame).
    choices: std::cell::OnceCell<Vec<(Action, Option<u8>)>>,
}

/// A playtest reads as the shared playtest it holds (`play.state`, `play.log`, `play.computer`).
impl std::ops::Deref for SkirmPlay {
    type Target = Playtest<Arc<Ruleset>>;

    fn deref(&self) -> &Self::Target {
        &self.play
    }
}

impl std::ops::DerefMut for SkirmPlay {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.play
    }
}

impl SkirmPlay {
    /// A battle on `scenario` with `seed`; both squads played by hand.
    ///
    /// # Errors
    /// The battle cannot start, with the reason.
    pub fn start(rules: Arc<Ruleset>, scenario: SkirmScenario, seed: u64) -> Result<Self, String> {
        let setup = scenario.to_setup(&rules)?;
        let play = Playtest::begin(rules, setup, seed, vec![false, false])?;
        Ok(Self { play, scenario, hover: None, choices: std::cell::OnceCell::new() })
    }

    /// The battle as a saved-game file.
    ///
    /// # Errors
    /// The scenario cannot be written.
    pub fn save(&self) -> Result<String, String> {
        let text = save_scenario(&self.rules, &self.scenario)?;
        self.play.save(&super::GAME, &self.scenario.name, text)
    }

    /// A saved battle, replayed.
    ///
    /// # Errors
    /// The file, its scenario or one of its actions, with the reason.
    pub fn load(rules: Arc<Ruleset>, text: &str) -> Result<Self, String> {
        let saved = read_saved_game::<Action>(text, &super::GAME)?;
        let scenario = load_scenario(&rules, &saved.scenario).map_err(|e| format!("its scenario: {e}"))?;
        let setup = scenario.to_setup(&rules)?;
        let play = Playtest::resume(rules, setup, &saved)?;
        Ok(Self { play, scenario, hover: None, choices: std::cell::OnceCell::new() })
    }

    /// Takes an action; a refusal is returned with its reason and changes nothing.
    ///
    /// # Errors
    /// The rules refuse the action.
    pub fn act(&mut self, action: Action) -> Result<(), String> {
        self.play.act(&action)?;
        self.choices = std::cell::OnceCell::new();
        Ok(())
    }

    /// Takes back the last action a person took, and what the computer did after it.
    pub fn undo(&mut self) -> bool {
        self.choices = std::cell::OnceCell::new();
        self.play.undo()
    }

    /// Starts the battle again with another seed, the computer's squads kept.
    ///
    /// # Errors
    /// The battle cannot start.
    pub fn restart(&mut self, seed: u64) -> Result<(), String> {
        self.choices = std::cell::OnceCell::new();
        self.play.restart(seed)
    }

    /// The computer's action, when the squad to decide is the computer's.
    pub fn computer_step(&mut self) -> bool {
        self.choices = std::cell::OnceCell::new();
        self.play.computer_step()
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
