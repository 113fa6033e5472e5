//! Armored Advance in words: every action and event as a line for the log and the command
//! line ("Medium tank (M4 Sherman) of player 1 moves to ..."; the framework puts the side's
//! name in place of "player 1"), and the closing summary of a played script.

use super::rules::{self, Action, Event, GameState, Roll};
use super::ruleset::Ruleset;
use super::scenario::ArmoredScenario;

/// The position a script left: `-- round N, side S to act, actions spent, points, outcome`,
/// and its units, round and points as JSON.
#[must_use]
pub fn summary(data: &Ruleset, scenario: &ArmoredScenario, state: &GameState) -> (String, serde_json::Value) {
    let text = format!(
        "-- round {}, player {} to act, {} of {} actions spent, points {} to {}, {}",
        state.round,
        state.side + 1,
        state.actions_spent,
        state.setup.action_limit,
        state.points[0],
        state.points[1],
        match state.outcome {
            rules::Outcome::Ongoing => "under way".to_owned(),
            rules::Outcome::Draw => "a draw".to_owned(),
            rules::Outcome::Won { side, by } => format!(
                "{} won by {}",
                scenario.sides.get(usize::from(side)).map_or("a side", String::as_str),
                by.name()
            ),
        }
    );
    let json = serde_json::json!({
        "units": state.units.iter().enumerate().map(|(i, u)| serde_json::json!({
            "unit": i + 1, "side": u.side + 1, "hp": u.hp,
            "at": [data.unit.value(u.pose.x), data.unit.value(u.pose.y)], "facing": u.pose.facing.degrees(),
        })).collect::<Vec<_>>(),
        "round": state.round,
        "points": state.points,
    });
    (text, json)
}

/// Why a game at the round cap stalled, in words a designer can act on: listed first, no unit
/// left on either side that can hurt the other's (the text's draw), then each idle unit with
/// why it stands ("Medium tank (M4 Sherman) of player 1 can reach no enemy: its 1.9\" hull
/// finds no way past the pieces").
#[must_use]
pub fn stall_causes(data: &Ruleset, state: &GameState) -> Vec<String> {
    let mut causes = Vec::new();
    if !crate::systems::armored::rules::either_side_can_hurt(data, state) {
        causes.push(
            "no unit left can hurt the other side's (the rules call such a game a draw at the players' discretion)"
                .to_owned(),
        );
    }
    for (unit, idle) in crate::systems::armored::rules::idle_units(data, state) {
        let name = unit_text(data, state, unit);
        causes.push(match idle {
            crate::systems::armored::rules::Idle::Wedged(why) => {
                format!("{name} is wedged: the rules refuse every move it could make ({why})")
            }
            crate::systems::armored::rules::Idle::NoWay(Some(breadth)) => format!(
                "{name} can reach no enemy: its {} hull finds no way past the pieces",
                crate::table::LengthUnit::Inch.show(breadth)
            ),
            crate::systems::armored::rules::Idle::NoWay(None) => {
                format!("{name} can reach no goal: no way leads past the pieces")
            }
        });
    }
    causes
}

/// A unit's name for people: its profile, numbered where its side has two of that profile
/// ("Medium tank (M4 Sherman) 2"), never its place in the table's list. Units are never
/// removed, so the number holds all game.
#[must_use]
pub fn unit_name(data: &Ruleset, state: &GameState, index: usize) -> String {
    let profile = |u: &super::rules::Unit| data.profiles.get(u.profile).map_or("unit", |p| p.shown_name());
    let roster: Vec<(u8, &str)> = state.units.iter().map(|u| (u.side, profile(u))).collect();
    crate::game::naming::distinct_names(&roster).into_iter().nth(index).unwrap_or_else(|| "a unit".to_owned())
}

/// [`unit_name`] with its side (as "player N", which the framework turns into the side's
/// name).
fn unit_text(data: &Ruleset, state: &GameState, index: usize) -> String {
    match state.units.get(index) {
        Some(u) => format!("{} of player {}", unit_name(data, state, index), u.side + 1),
        None => "a unit".to_owned(),
    }
}

/// An action in a player's words: "Medium tank (M4 Sherman) of player 1 moves to (10\", 20\")".
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
        Action::EndTurn => format!("player {} ends its turn", state.side + 1),
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
        Event::Die { roll, side, face } => format!("  player {} rolls {face} {}", side + 1, roll_text(*roll)),
        Event::FirstTurn { side } => format!("player {} takes the first turn", side + 1),
        Event::Deploys { side } => format!("player {} places a unit", side + 1),
        Event::Deployed { unit: u, to } => format!("  {} stands at ({}, {})", unit(*u), inches(to.0), inches(to.1)),
        Event::TurnStarted { side, round } => format!("== round {round}, player {}", side + 1),
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
                match needed {
                    // Anti-infantry fire (and indirect fire by a reading) rolls no hit die.
                    0 => "no roll to hit".to_owned(),
                    7.. => "cannot hit".to_owned(),
                    _ => format!("hits on {needed}+"),
                }
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
        Event::Scored { side, points } => format!("player {} scores {points} VP", side + 1),
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
            Some(side) => format!("game over: player {} wins ({how})", side + 1),
            None => format!("game over: a draw ({how})"),
        },
    }
}

/// What is special about a unit's state now, in words: riding, towed, stunned, set up,
/// manning or manned.
#[must_use]
pub fn unit_status(data: &Ruleset, state: &GameState, unit: usize) -> Vec<String> {
    let Some(u) = state.live(unit) else { return Vec::new() };
    let name = |i: usize| {
        state
            .units
            .get(i)
            .and_then(|x| data.profiles.get(x.profile))
            .map_or_else(|| "a unit".to_owned(), |p| p.shown_name().to_owned())
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
    if data.profiles.get(u.profile).is_some_and(|p| p.class == crate::systems::armored::ruleset::UnitClass::FieldGun) {
        lines.push(match rules::crew_of(data, state, unit) {
            Some(crew) => format!("Manned by {}", name(crew)),
            None => "Unmanned: it fires only with a squad within 1\" behind it".into(),
        });
    }
    lines
}
