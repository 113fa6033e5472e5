//! The setup a scenario gives Armored Advance's rules core: the table, the victory, the limits,
//! the readings and the sight scene worked out once for the whole game.

use super::{ArmoredScenario, Mode};
use crate::systems::armored::rules::{self, GameState, SceneCache, Setup, Victory};
use crate::systems::armored::ruleset::Ruleset;
use crate::table::{PlacedUnit, Table};
use std::sync::Arc;

/// The setup a scenario gives the rules; `first` fixes the first side (the balance lab's
/// seats), otherwise the roll-off decides.
#[must_use]
pub fn setup_of(data: &Ruleset, scenario: &ArmoredScenario, first: Option<u8>) -> Setup {
    setup_on(scenario, first, &scene_of(data, &scenario.table))
}

/// The scene a table gives the rules, nothing yet kept: the sight scene of its pieces, the
/// inch lattice of where each kind of unit can stand, and empty memos. It depends on the
/// table's size and pieces only, never its units.
#[must_use]
pub fn scene_of(data: &Ruleset, table: &Table) -> SceneCache {
    let scene = rules::scene(data, &table.pieces);
    let ground = rules::ground(data, table, &scene);
    SceneCache(
        Arc::new(scene),
        Arc::new(ground),
        Arc::new(rules::FieldMemo::default()),
        Arc::new(rules::SightMemo::default()),
    )
}

/// [`setup_of`] on a scene worked out for a table of the same size and pieces (its units may
/// differ) and kept by games at the same readings, sharing what it keeps: those answers depend
/// on the pieces and the readings alone.
#[must_use]
pub fn setup_on(scenario: &ArmoredScenario, first: Option<u8>, scene: &SceneCache) -> Setup {
    Setup {
        table: std::sync::Arc::new(scenario.table.clone()),
        victory: match scenario.mode {
            Mode::Annihilation => Victory::Annihilation,
            Mode::TimedAnnihilation => Victory::TimedAnnihilation,
            Mode::Domination => Victory::Domination,
        },
        action_limit: scenario.action_limit,
        turn_limit: scenario.turn_limit,
        vp_target: scenario.vp_target,
        readings: scenario.readings,
        first,
        symmetry: scenario.symmetry,
        scene: SceneCache(Arc::clone(&scene.0), Arc::clone(&scene.1), Arc::clone(&scene.2), Arc::clone(&scene.3)),
    }
}

/// The table as a game stands: the units still on it where they are now; riders where their
/// transport stands when `riders` (a fork keeps them), left off when not (the window draws
/// them inside their transports).
#[must_use]
pub fn table_of(rules: &Ruleset, state: &GameState, riders: bool) -> Table {
    let mut table = Table::clone(&state.setup.table);
    table.units = state
        .units
        .iter()
        .filter(|u| u.alive() && (riders || u.riding.is_none()))
        .filter_map(|u| {
            Some(PlacedUnit { profile: rules.profiles.get(u.profile)?.id.clone(), owner: u.side, pose: u.pose })
        })
        .collect();
    table
}
