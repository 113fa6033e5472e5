//! Modern Skirmish's rules core behind the typed game interface (`game::Rules`), and every
//! event and action in a player's words ("2nd Soldiers' Soldier 4 fires at ..."): the playtest
//! session, the script player and the battle runner are written once on top.

use super::rules::{self, Action, Event, GameState, Outcome, Rejection, Roll, Setup};
use super::ruleset::{Ruleset, UNIT};
use crate::game::{Decision, Finished, Level, Rules};
use std::sync::Arc;

/// The rules core with its data.
#[derive(Debug, Clone)]
pub struct ModernCore(pub Arc<Ruleset>);

/// The side of a cell of the balance lab's heatmap, in centimetres.
pub const HEAT_CELL_CM: f32 = 10.0;

impl Rules for ModernCore {
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
        rules::check(&self.0, state, action)
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
            Outcome::Over { winner, ending, .. } => Some(Finished {
                winner,
                ending: match (winner, ending) {
                    (None, _) => "Draw",
                    (Some(_), rules::Ending::LastUnit) => "LastUnit",
                    (Some(_), rules::Ending::Rounds) => "Points",
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

    fn event_text(&self, state: &GameState, event: &Event) -> String {
        event_text(&self.0, state, event)
    }

    fn action_text(&self, state: &GameState, action: &Action) -> Option<String> {
        Some(action_text(&self.0, state, action))
    }

    fn series_names(&self) -> &'static [&'static str] {
        &["figures on the table", "kills"]
    }

    fn seat_numbers(&self, state: &GameState) -> Vec<Vec<f64>> {
        (0..2u8)
            .map(|side| {
                let standing = (0..state.figures.len())
                    .filter(|&i| state.on_table(i) && state.units[state.figures[i].unit].side == side)
                    .count();
                vec![standing as f64, f64::from(state.kills[usize::from(side)])]
            })
            .collect()
    }

    /// Where a figure fell, binned to a cell of the heatmap, and the side that killed it.
    fn place_taken(&self, event: &Event) -> Option<(crate::game::Place, u8)> {
        let Event::Killed { at, by, .. } = event else { return None };
        let cell = (f64::from(HEAT_CELL_CM) * crate::table::UM_PER_CM as f64) as i64;
        let centre = |v: i64| v.div_euclid(cell) * cell + cell / 2;
        Some((crate::game::Place::Point(centre(at.0), centre(at.1)), *by))
    }

    fn stall_causes(&self, state: &GameState) -> Vec<String> {
        let mut causes = Vec::new();
        if state.setup.readings.last_round().is_none() {
            causes.push("no round limit (reading game_end=last_unit)".to_owned());
        }
        if state.kills == [0, 0] {
            causes.push("nobody was killed".to_owned());
        }
        causes
    }
}

/// A figure's name for people: "Legionary 3 of 1st Legionaries".
#[must_use]
pub fn figure_name(data: &Ruleset, state: &GameState, figure: usize) -> String {
    let Some(f) = state.figures.get(figure) else { return format!("figure {}", figure + 1) };
    let unit = &state.units[f.unit];
    let number = state.figures[..figure].iter().filter(|g| g.unit == f.unit).count() + 1;
    let troop = data.troops.get(unit.troop).map_or("Figure", |t| t.figure.as_str());
    format!("{troop} {number} of {}", unit.name)
}

/// A unit's name.
#[must_use]
pub fn unit_name(state: &GameState, unit: usize) -> String {
    state.units.get(unit).map_or_else(|| format!("unit {}", unit + 1), |u| u.name.clone())
}

/// A point in centimetres.
#[must_use]
pub fn at_text((x, y): (i64, i64)) -> String {
    format!("({}, {})", UNIT.show(x), UNIT.show(y))
}

/// An action in a player's words.
#[must_use]
pub fn action_text(data: &Ruleset, state: &GameState, action: &Action) -> String {
    match action {
        Action::Test { unit } => format!("{} tests its morale", unit_name(state, *unit)),
        Action::Fire { figure, target } => {
            format!("{} fires at {}", figure_name(data, state, *figure), figure_name(data, state, *target))
        }
        Action::Move { unit, moves } => format!("{} moves {} figure(s)", unit_name(state, *unit), moves.len()),
        Action::Charge { figure, target, .. } => {
            format!("{} charges {}", figure_name(data, state, *figure), figure_name(data, state, *target))
        }
        Action::Pass => format!("{} passes the initiative", data.side_name(state.side)),
    }
}

/// One line for a person about an event.
#[must_use]
pub fn event_text(data: &Ruleset, state: &GameState, event: &Event) -> String {
    let figure = |i: usize| figure_name(data, state, i);
    match event {
        Event::Initiative { side, round } => format!("== round {round}: {} has the initiative", data.side_name(*side)),
        Event::Die { roll, side, face } => {
            let what = match roll {
                Roll::Activation => "for the activation test",
                Roll::Coloured => "on the coloured die",
                Roll::White => "on the white die",
                Roll::Attacker => "attacking",
                Roll::Defender => "defending",
            };
            format!("  {} rolls {face} {what}", data.side_name(*side))
        }
        Event::Tested { unit, face, deduction, passed } => format!(
            "{} tests: {face}{} = {}, {}",
            unit_name(state, *unit),
            if *deduction > 0 { format!(" - {deduction}") } else { String::new() },
            i32::from(*face) - i32::from(*deduction),
            if *passed { "it may act" } else { "it fails and the initiative passes" }
        ),
        Event::Fired { figure: f, target, range, band, cover } => format!(
            "{} fires at {} at {} (the {} row, target {})",
            figure(*f),
            figure(*target),
            UNIT.show(*range),
            UNIT.show(*band),
            if *cover { "in cover" } else { "in the open" }
        ),
        Event::Hit { kill: true, .. } => "  a hit, and the coloured die kills".into(),
        Event::Hit { kill: false, .. } => "  a hit, but the coloured die does not kill".into(),
        Event::Missed => "  the differential misses".into(),
        Event::AmmoMarker { unit } => format!("  a double: {} takes an ammo marker", unit_name(state, *unit)),
        Event::Killed { figure: f, .. } => format!("  {} is killed in action", figure(*f)),
        Event::Moved { figure: f, from, to } => {
            format!("{} moves {} to {}", figure(*f), UNIT.show(rules::centre_distance(*from, *to)), at_text(*to))
        }
        Event::Charged { figure: f, target, .. } => {
            format!("{} charges into contact with {}", figure(*f), figure(*target))
        }
        Event::Melee { attacker, defender, result } => format!(
            "  close combat: attacker's differential {attacker}, defender's {defender}: {}",
            match result {
                0 => "attacker eliminated",
                1 => "both eliminated",
                _ => "defender eliminated",
            }
        ),
        Event::Routed { unit, minuses } => {
            format!("{} routs with {minuses} morale minuses and leaves the table", unit_name(state, *unit))
        }
        Event::WipedOut { unit } => format!("{} is wiped out", unit_name(state, *unit)),
        Event::Passed { side } => format!("  the initiative goes to the {}", data.side_name(1 - side.min(&1))),
        Event::GameOver { winner, scores, skirmish, field } => {
            let who = |s: &Option<u8>| s.map_or_else(|| "nobody".to_owned(), |s| data.side_name(s).to_owned());
            format!(
                "game over: {} ({} {} to {} {}); won the skirmish: {}; control of the field: {}",
                winner.map_or_else(|| "a draw".to_owned(), |w| format!("{} wins", data.side_name(w))),
                data.side_name(0),
                scores[0],
                data.side_name(1),
                scores[1],
                who(skirmish),
                who(field)
            )
        }
    }
}
