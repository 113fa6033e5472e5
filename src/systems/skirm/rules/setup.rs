//! Starting a Skirm battle: the setup checked, each squad's secondary objective deck shuffled
//! and the start of turn 1 played.

use super::action::{Event, RollKind};
use super::cycle::*;
use super::map::Map;
use super::ruleset::{Movement, Ruleset};
use super::state::{GameState, Item, Marker, Outcome, Setup, SetupError, SquadState, TurnRecord, build_unit};
use crate::dice::Dice;
use std::collections::{BTreeSet, VecDeque};

/// Starts a battle: checks the setup, shuffles each squad's secondary objective deck and plays
/// the start of turn 1.
///
/// # Errors
/// What in the setup cannot be played.
pub fn start_game(rules: &Ruleset, setup: &Setup, seed: u64) -> Result<(GameState, Vec<Event>), SetupError> {
    if rules.mission(&setup.mission).is_none() {
        return Err(SetupError::UnknownMission(setup.mission.clone()));
    }
    if let Some(env) = &setup.environment
        && rules.environment(env).is_none()
    {
        return Err(SetupError::UnknownEnvironment(env.clone()));
    }
    if setup.turns == 0 {
        return Err(SetupError::NoTurns);
    }
    let map = Map::new(&setup.board, rules);
    let mut units = Vec::new();
    let mut taken = BTreeSet::new();
    for (squad, squad_setup) in (0u8..).zip(&setup.squads) {
        if rules.faction(&squad_setup.faction).is_none() {
            return Err(SetupError::UnknownFaction(squad_setup.faction.clone()));
        }
        if squad_setup.units.is_empty() {
            return Err(SetupError::EmptySquad(squad));
        }
        for unit in &squad_setup.units {
            if !setup.board.contains(unit.pos) {
                return Err(SetupError::OffMap(unit.pos));
            }
            if !taken.insert(unit.pos) {
                return Err(SetupError::SharedSquare(unit.pos));
            }
            if map.movement(unit.pos) == Movement::Impassable {
                return Err(SetupError::Impassable(unit.pos));
            }
            units.push(build_unit(rules, &squad_setup.faction, squad, unit)?);
        }
    }
    for &pos in setup.objectives.iter().chain(&setup.markers).chain(setup.items.iter().map(|(p, _)| p)) {
        if !setup.board.contains(pos) {
            return Err(SetupError::OffMap(pos));
        }
    }
    let mut dice = Dice::new(seed);
    let mut events = Vec::new();
    let squads = [0u8, 1].map(|squad| {
        let mut deck: Vec<usize> = (0..rules.secondary_objectives.len()).collect();
        // Fisher-Yates with the game's dice.
        for i in (1..deck.len()).rev() {
            let j = dice.below(i + 1);
            events.push(Event::Die { kind: RollKind::Shuffle, squad: Some(squad), face: u8::try_from(j).unwrap_or(0) });
            deck.swap(i, j);
        }
        let squad_setup = &setup.squads[usize::from(squad)];
        SquadState {
            name: squad_setup.name.clone(),
            faction: squad_setup.faction.clone(),
            orders: 0,
            points: 0,
            deck: deck.into(),
            secondary: None,
            scored: Vec::new(),
            delayed: false,
            record: TurnRecord::default(),
            mission_actions: BTreeSet::new(),
        }
    });
    let mut state = GameState {
        board: std::sync::Arc::new(setup.board.clone()),
        mission: setup.mission.clone(),
        environment: setup.environment.clone(),
        turn: 0,
        turns: setup.turns,
        units,
        items: setup
            .items
            .iter()
            .map(|(pos, kind)| Item { pos: *pos, kind: kind.clone(), hit: rules.turret_hit, gone: false })
            .collect(),
        markers: setup.markers.iter().map(|&pos| Marker { pos, carrier: None, scored: false }).collect(),
        objectives: setup.objectives.clone(),
        zones: setup.zones.clone(),
        squads,
        initiative: 0,
        to_act: 0,
        extra_activation: false,
        activation: None,
        pending: None,
        queue: VecDeque::new(),
        range_cap: None,
        crate_contents_taken: Vec::new(),
        first_blood: None,
        outcome: Outcome::Ongoing,
        medals: Vec::new(),
        dice,
    };
    start_turn(rules, &mut state, &mut events);
    Ok((state, events))
}
