//! A Skirm battle saved half-way: the scenario's own file text, the seed of the dice and
//! every action taken. Loading replays the actions through the rules, so a damaged or
//! hand-edited file cannot smuggle in an illegal position: the first action the rules refuse
//! is named with its number and reason.

use super::document::{SkirmScenario, load_scenario, save_scenario};
use crate::files::ron_options;
use crate::systems::skirm::rules::{Action, Event, GameState, Ruleset, apply, start_game};
use serde::{Deserialize, Serialize};

/// The version of the saved-battle format this program writes.
const BATTLE_VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
#[serde(rename = "SkirmBattle", deny_unknown_fields)]
struct BattleFile {
    format_version: u32,
    /// The scenario as its own file would hold it.
    scenario: String,
    seed: u64,
    actions: Vec<Action>,
    /// Which squads the computer plays.
    #[serde(default)]
    computer: [bool; 2],
}

/// A battle read back: its scenario, seed, actions, who the computer plays, and the state the
/// actions lead to.
#[derive(Debug, Clone)]
pub struct SavedBattle {
    /// The scenario it was fought on.
    pub scenario: SkirmScenario,
    /// The dice's seed.
    pub seed: u64,
    /// Every action taken.
    pub actions: Vec<Action>,
    /// Which squads the computer plays.
    pub computer: [bool; 2],
    /// Where the actions lead.
    pub state: GameState,
    /// Every event from the start of the battle on, in order.
    pub events: Vec<Event>,
}

/// The battle as a file.
///
/// # Errors
/// The scenario cannot be written.
pub fn save_battle(
    rules: &Ruleset,
    scenario: &SkirmScenario,
    seed: u64,
    actions: &[Action],
    computer: [bool; 2],
) -> Result<String, String> {
    let file = BattleFile {
        format_version: BATTLE_VERSION,
        scenario: save_scenario(rules, scenario)?,
        seed,
        actions: actions.to_vec(),
        computer,
    };
    ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())
}

/// Reads a saved battle and replays it.
///
/// # Errors
/// What is wrong: the file, its scenario, or the first action the rules refuse.
pub fn load_battle(rules: &Ruleset, text: &str) -> Result<SavedBattle, String> {
    let file: BattleFile = ron_options().from_str(text).map_err(|e| format!("not a saved Skirm battle: {e}"))?;
    if file.format_version != BATTLE_VERSION {
        return Err(format!(
            "saved battle format {} is not known (this program reads {BATTLE_VERSION})",
            file.format_version
        ));
    }
    let scenario = load_scenario(rules, &file.scenario).map_err(|e| format!("its scenario: {e}"))?;
    let setup = scenario.to_setup(rules)?;
    let (mut state, mut events) =
        start_game(rules, &setup, file.seed).map_err(|e| format!("the battle cannot start: {e}"))?;
    for (index, action) in file.actions.iter().enumerate() {
        let happened = apply(rules, &mut state, action)
            .map_err(|e| format!("action {} ({action:?}) is refused: {e}", index + 1))?;
        events.extend(happened);
    }
    Ok(SavedBattle { scenario, seed: file.seed, actions: file.actions, computer: file.computer, state, events })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::systems::skirm::rules::computer_action;

    const SAMPLE: &str = include_str!("../../../../scenarios/skirm-ruined-crossing.ron");

    #[test]
    fn a_saved_battle_replays_to_the_same_state_and_a_tampered_one_names_the_refused_action() {
        let rules = Ruleset::builtin().unwrap();
        let scenario = load_scenario(&rules, SAMPLE).unwrap();
        let setup = scenario.to_setup(&rules).unwrap();
        let (mut state, _) = start_game(&rules, &setup, 9).unwrap();
        let mut actions = Vec::new();
        for _ in 0..25 {
            let action = computer_action(&rules, &state).unwrap();
            apply(&rules, &mut state, &action).unwrap();
            actions.push(action);
        }
        let text = save_battle(&rules, &scenario, 9, &actions, [false, true]).unwrap();
        let back = load_battle(&rules, &text).unwrap();
        assert_eq!(back.state, state);
        assert!(back.events.len() > actions.len(), "the start's events and each action's");
        assert_eq!(back.computer, [false, true]);
        let mut bad = actions.clone();
        bad.insert(0, Action::EndActivation);
        let tampered = save_battle(&rules, &scenario, 9, &bad, [false; 2]).unwrap();
        assert!(load_battle(&rules, &tampered).unwrap_err().starts_with("action 1 (EndActivation) is refused"));
        assert!(load_battle(&rules, "(format_version: 1").unwrap_err().starts_with("not a saved Skirm battle"));
    }
}
