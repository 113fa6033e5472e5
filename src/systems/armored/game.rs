//! Armored Advance's rules core behind the typed game interface (`game::Rules`), and the
//! setup a scenario gives it: the playtest session, the script player and the battle runner
//! that `simulate` and the balance lab use are written once on top.

use super::rules::{self, Action, Event, GameState, Outcome, Rejection, Roll, SceneCache, Setup, Victory, WinBy};
use super::ruleset::Ruleset;
use super::scenario::{ArmoredScenario, Mode};
use crate::game::{Decision, Finished, Level, Rules};
use std::sync::Arc;

/// The rules core with its data.
#[derive(Debug, Clone)]
pub struct ArmoredCore(pub Arc<Ruleset>);

/// The setup a scenario gives the rules; `first` fixes the first side (the balance lab's
/// seats), otherwise the roll-off decides.
#[must_use]
pub fn setup_of(data: &Ruleset, scenario: &ArmoredScenario, first: Option<u8>) -> Setup {
    Setup {
        table: scenario.table.clone(),
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
        scene: {
            let scene = rules::scene(data, &scenario.table.pieces);
            let ground = rules::ground(data, &scenario.table, &scene);
            SceneCache(Arc::new(scene), Arc::new(ground), Arc::new(rules::FieldMemo::default()))
        },
    }
}

impl Rules for ArmoredCore {
    type Setup = Setup;
    type State = GameState;
    type Action = Action;
    type Event = Event;
    type Rejection = Rejection;

    fn start(&self, setup: &Setup, seed: u64) -> Result<(GameState, Vec<Event>), String> {
        rules::start_game(&self.0, setup, seed)
    }

    fn legal_actions(&self, state: &GameState) -> Vec<Action> {
        rules::legal_actions(&self.0, state)
    }

    fn check(&self, state: &GameState, action: &Action) -> Result<(), Rejection> {
        rules::check(&self.0, state, action).map(|_| ())
    }

    fn apply(&self, state: &mut GameState, action: &Action) -> Result<Vec<Event>, Rejection> {
        rules::apply(&self.0, state, action)
    }

    fn to_move(&self, state: &GameState) -> Decision {
        if state.outcome == Outcome::Ongoing { Decision::Seat(state.side) } else { Decision::Over }
    }

    fn finished(&self, state: &GameState) -> Option<Finished> {
        match state.outcome {
            Outcome::Ongoing => None,
            Outcome::Draw => Some(Finished { winner: None, ending: "Draw".into() }),
            Outcome::Won { side, by } => Some(Finished {
                winner: Some(side),
                ending: match by {
                    WinBy::Annihilation => "Annihilation",
                    WinBy::Requisition => "Requisition",
                    WinBy::Points => "Points",
                }
                .into(),
            }),
        }
    }

    fn round(&self, state: &GameState) -> u32 {
        state.round
    }

    fn computer_moves(&self, state: &GameState, level: Level) -> Vec<Action> {
        rules::computer_action(&self.0, state, level).into_iter().collect()
    }

    /// Where a unit was destroyed, binned to a cell of the heatmap, and the side that took it.
    fn place_taken(&self, event: &Event) -> Option<(crate::game::Place, u8)> {
        let Event::Destroyed { at, side, .. } = event else { return None };
        let cell = (f64::from(HEAT_CELL_INCHES) * crate::table::UM_PER_INCH as f64) as i64;
        let centre = |v: i64| v.div_euclid(cell) * cell + cell / 2;
        Some((crate::game::Place::Point(centre(at.0), centre(at.1)), 1 - side.min(&1)))
    }

    fn event_text(&self, state: &GameState, event: &Event) -> String {
        event_text(&self.0, state, event)
    }

    fn action_text(&self, state: &GameState, action: &Action) -> Option<String> {
        Some(action_text(&self.0, state, action))
    }

    fn series_names(&self) -> &'static [&'static str] {
        &["unit value"]
    }

    fn seat_numbers(&self, state: &GameState) -> Vec<Vec<f64>> {
        (0..2u8)
            .map(|side| {
                let value: u32 = state
                    .units
                    .iter()
                    .filter(|u| u.alive() && u.side == side)
                    .filter_map(|u| self.0.profiles.get(u.profile))
                    .map(|p| p.cost)
                    .sum();
                vec![f64::from(value)]
            })
            .collect()
    }
}

/// The side of a cell of the balance lab's heatmap over the table, in inches.
pub const HEAT_CELL_INCHES: f32 = 3.0;

/// A unit's name for people: its profile and side, and its place in the table's list.
fn unit_text(data: &Ruleset, state: &GameState, index: usize) -> String {
    state.units.get(index).map_or_else(
        || format!("unit {}", index + 1),
        |u| {
            let name = data.profiles.get(u.profile).map_or("unit", |p| p.name.trim_end_matches(" [house]"));
            format!("{name} (unit {}, side {})", index + 1, u.side + 1)
        },
    )
}

/// An action in a player's words: "Medium tank (M4 Sherman) (unit 1, side 1) moves to (10\", 20\")".
#[must_use]
pub fn action_text(data: &Ruleset, state: &GameState, action: &Action) -> String {
    let at = |(x, y): (i64, i64)| format!("({}, {})", data.unit.show(x), data.unit.show(y));
    match action {
        Action::Move { unit, to, .. } => format!("{} moves to {}", unit_text(data, state, *unit), at(*to)),
        Action::FreeMove { unit, to, .. } => {
            format!("{} takes its free move to {}", unit_text(data, state, *unit), at(*to))
        }
        Action::Fire { unit, weapon, target } => {
            let weapon = state
                .units
                .get(*unit)
                .and_then(|u| data.profiles.get(u.profile))
                .and_then(|p| p.weapons.get(*weapon))
                .map_or_else(|| format!("weapon {}", weapon + 1), |w| w.name.clone());
            format!("{} fires {weapon} at {}", unit_text(data, state, *unit), unit_text(data, state, *target))
        }
        Action::AccurateFire { unit, weapon, target } => format!(
            "{} fires an accurate shot with {} at {}",
            unit_text(data, state, *unit),
            weapon_name(data, state, *unit, *weapon),
            unit_text(data, state, *target)
        ),
        Action::Scout { unit, target, friend } => format!(
            "{} scouts {} for {}",
            unit_text(data, state, *unit),
            unit_text(data, state, *target),
            unit_text(data, state, *friend)
        ),
        Action::Embark { unit, carrier } => {
            format!("{} boards {}", unit_text(data, state, *unit), unit_text(data, state, *carrier))
        }
        Action::Disembark { unit, to, .. } => format!("{} gets off at {}", unit_text(data, state, *unit), at(*to)),
        Action::Demolish { unit, piece } => format!(
            "{} fires both actions at the {} (piece {})",
            unit_text(data, state, *unit),
            state
                .setup
                .table
                .pieces
                .get(*piece)
                .and_then(|p| data.kind(&p.kind))
                .map_or("tank traps", |k| k.name.as_str())
                .to_lowercase(),
            piece + 1
        ),
        Action::Deploy { unit, to, .. } => format!("{} is placed at {}", unit_text(data, state, *unit), at(*to)),
        Action::EndTurn => format!("side {} ends its turn", state.side + 1),
    }
}

/// A weapon's name on a unit's card.
fn weapon_name(data: &Ruleset, state: &GameState, unit: usize, weapon: usize) -> String {
    state
        .units
        .get(unit)
        .and_then(|u| data.profiles.get(u.profile))
        .and_then(|p| p.weapons.get(weapon))
        .map_or_else(|| format!("weapon {}", weapon + 1), |w| w.name.clone())
}

/// What a die was rolled for, in words.
fn roll_text(roll: Roll) -> &'static str {
    match roll {
        Roll::FirstTurn => "for the first turn",
        Roll::Hit => "to hit",
        Roll::Penetration => "to penetrate",
        Roll::Kills => "for kills",
        Roll::Casualties => "for men lost",
        Roll::Shell => "for the shell's damage",
        Roll::Deployment => "for who deploys first",
    }
}

/// One line for a person about an event.
#[must_use]
pub fn event_text(data: &Ruleset, state: &GameState, event: &Event) -> String {
    let unit = |i: usize| unit_text(data, state, i);
    let inches = |um: i64| data.unit.show(um);
    match event {
        Event::Die { roll, side, face } => format!("  side {} rolls {face} {}", side + 1, roll_text(*roll)),
        Event::FirstTurn { side } => format!("side {} takes the first turn", side + 1),
        Event::Deploys { side } => format!("side {} places a unit", side + 1),
        Event::Deployed { unit: u, to } => format!("  {} stands at ({}, {})", unit(*u), inches(to.0), inches(to.1)),
        Event::TurnStarted { side, round } => format!("== round {round}, side {}", side + 1),
        Event::Moved { unit: u, from, to, cost, free } => format!(
            "{} moves from ({}, {}) to ({}, {}), {}{}",
            unit(*u),
            inches(from.0),
            inches(from.1),
            inches(to.0),
            inches(to.1),
            inches(*cost),
            if *free { " (free move)" } else { "" }
        ),
        Event::Fired { unit: u, weapon, target, range, needed } => {
            let weapon = state
                .units
                .get(*u)
                .and_then(|x| data.profiles.get(x.profile))
                .and_then(|p| p.weapons.get(*weapon))
                .map_or("a weapon", |w| w.name.as_str());
            format!(
                "{} fires {weapon} at {} at {}: {}",
                unit(*u),
                unit(*target),
                inches(*range),
                if *needed > 6 { "cannot hit".to_owned() } else { format!("hits on {needed}+") }
            )
        }
        Event::Advantage => "  missed by 1 at advantage: rolls again".into(),
        Event::Missed => "  misses".into(),
        Event::Hit { needed } => match needed {
            0 => "  hits: penetrates automatically".into(),
            7 => "  hits but cannot penetrate".into(),
            n => format!("  hits: penetrates on {n}+"),
        },
        Event::Bounced => "  bounces off".into(),
        Event::Damaged { unit: u, damage, left } => format!("  {} takes {damage} damage, {left} HP left", unit(*u)),
        Event::MenLost { unit: u, men, left } => format!("  {} loses {men} men, {left} left", unit(*u)),
        Event::Destroyed { unit: u, .. } => format!("{} is destroyed", unit(*u)),
        Event::Scored { side, points } => format!("side {} scores {points} VP", side + 1),
        Event::Scouted { unit: _, target, friend, bonus } => {
            format!("  {} is marked for {}: +{bonus} to hit", unit(*target), unit(*friend))
        }
        Event::Embarked { unit: u, carrier } => format!("  {} goes with {} now", unit(*u), unit(*carrier)),
        Event::Disembarked { unit: u, to } => {
            format!("  {} stands on the table at ({}, {})", unit(*u), inches(to.0), inches(to.1))
        }
        Event::ThrownOut { unit: u } => format!("  {} is thrown out of its transport", unit(*u)),
        Event::Demolished { pieces } => format!("{} tank trap piece(s) cleared", pieces.len()),
        Event::SetUp { unit: u } => format!("{} is set up for indirect fire", unit(*u)),
        Event::GameOver { winner, how } => match winner {
            Some(side) => format!("game over: side {} wins ({how})", side + 1),
            None => format!("game over: a draw ({how})"),
        },
    }
}
