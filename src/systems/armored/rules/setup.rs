//! The start of an Armored Advance game: the deployed units from the table, then the roll-off
//! for the first turn (ties roll again), unless the setup fixes the first side.

use super::action::{Event, Roll};
use super::cycle::begin_turn;
use super::state::{GameState, Outcome, Setup, Unit};
use crate::dice::Dice;
use crate::systems::armored::ruleset::Ruleset;

/// Starts a game.
///
/// # Errors
/// A placed unit's profile the data does not know, or a side with no unit.
pub fn start_game(data: &Ruleset, setup: &Setup, seed: u64) -> Result<(GameState, Vec<Event>), String> {
    let mut units = Vec::new();
    for placed in &setup.table.units {
        let index = data
            .profiles
            .iter()
            .position(|p| p.id == placed.profile)
            .ok_or_else(|| format!("unknown unit profile '{}'", placed.profile))?;
        let profile = &data.profiles[index];
        units.push(Unit {
            profile: index,
            side: placed.owner.min(1),
            pose: placed.pose,
            hp: profile.men.map_or(profile.hit_points, u32::from),
            actions_spent: 0,
            moved: false,
            moved_first: false,
            free_move_used: false,
            fired: vec![0; profile.weapons.len()],
            fired_last_turn: false,
            fired_this_turn: false,
            moves: 0,
            started_on_road: false,
            acted_last_turn: false,
            riding: None,
            towed_by: None,
            stunned: false,
            stunned_next: false,
            set_up: false,
            moved_um: 0,
            moved_last_turn_um: 0,
            moves_last_turn: 0,
            used: vec![0; profile.weapons.len()],
            fired_at_infantry: vec![0; profile.weapons.len()],
            fired_accurate: false,
            reserve: false,
        });
    }
    for side in 0..2u8 {
        if !units.iter().any(|u| u.side == side) {
            return Err(format!("side {} has no units to play with", side + 1));
        }
    }
    let mut state = GameState {
        setup: setup.clone(),
        units,
        side: 0,
        first: 0,
        round: 1,
        turn: 1,
        actions_spent: 0,
        points: [0, 0],
        outcome: Outcome::Ongoing,
        dice: Dice::new(seed),
        extra_rounds: 0,
        marks: Vec::new(),
        demolished: Vec::new(),
        deploying: false,
    };
    let mut events = Vec::new();
    if setup.readings.ask(|r| r.deployment() == super::readings::Deployment::Alternate) {
        // The text's deployment: everything starts off the table; the roll-off's winner
        // places first.
        for unit in &mut state.units {
            unit.reserve = true;
        }
        state.deploying = true;
        let side = super::deploy::roll_off(&mut state, Roll::Deployment, &mut events);
        state.side = side;
        events.push(Event::Deploys { side });
        return Ok((state, events));
    }
    let first = match setup.first {
        Some(side) => side.min(1),
        None => loop {
            let (a, b) = (state.dice.roll_d6(), state.dice.roll_d6());
            events.push(Event::Die { roll: Roll::FirstTurn, side: 0, face: a });
            events.push(Event::Die { roll: Roll::FirstTurn, side: 1, face: b });
            if a != b {
                break u8::from(b > a);
            }
        },
    };
    events.push(Event::FirstTurn { side: first });
    state.first = first;
    state.side = first;
    begin_turn(data, &mut state, &mut events);
    Ok((state, events))
}
