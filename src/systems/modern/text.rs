//! Modern Skirmish in words: every action and event as a line for the log and the command line
//! ("Soldier 4 of 2nd Soldiers fires at ..."), and the closing summary of a played script.

use super::rules::{self, Action, Event, GameState, Roll};
use super::ruleset::{Ruleset, UNIT};

/// The position a script left: `-- round N, who has the initiative, kills, outcome`, and its
/// figures, units, round and kills as JSON.
#[must_use]
pub fn summary(data: &Ruleset, state: &GameState) -> (String, serde_json::Value) {
    let text = format!(
        "-- round {}, {} has the initiative, kills {} to {}, {}",
        state.round,
        data.side_name(state.side),
        state.kills[0],
        state.kills[1],
        match state.outcome {
            rules::Outcome::Ongoing => "under way".to_owned(),
            rules::Outcome::Over { winner: None, .. } => "a draw".to_owned(),
            rules::Outcome::Over { winner: Some(w), .. } => format!("{} won", data.side_name(w)),
        }
    );
    let json = serde_json::json!({
        "figures": state.figures.iter().enumerate().map(|(i, f)| serde_json::json!({
            "figure": i + 1, "unit": f.unit + 1, "on_table": state.on_table(i),
            "at": [UNIT.value(f.at.0), UNIT.value(f.at.1)],
        })).collect::<Vec<_>>(),
        "units": state.units.iter().enumerate().map(|(u, unit)| serde_json::json!({
            "unit": u + 1, "name": unit.name, "minuses": rules::minuses(data, state, u), "routed": unit.routed,
        })).collect::<Vec<_>>(),
        "round": state.round,
        "kills": state.kills,
    });
    (text, json)
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
    // Numbered where a side's roster repeats a name, so two units never read alike.
    let roster: Vec<(u8, &str)> = state.units.iter().map(|u| (u.side, u.name.as_str())).collect();
    crate::game::naming::distinct_names(&roster)
        .get(unit)
        .cloned()
        .unwrap_or_else(|| "a unit no longer listed".to_owned())
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
        // A round begins when the initiative comes to the first side; within it, the other
        // side only takes its turn.
        Event::Initiative { side, round } if *side == data.first_side => {
            format!("== round {round}: {} has the initiative", data.side_name(*side))
        }
        Event::Initiative { side, .. } => format!("{} has the initiative", data.side_name(*side)),
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
        Event::Tested { unit, face, deduction, passed } => {
            let rolled = if *deduction > 0 {
                format!(
                    "rolls {face}, less {deduction} for its morale minuses: {}",
                    i32::from(*face) - i32::from(*deduction)
                )
            } else {
                format!("rolls {face}")
            };
            let verdict = if *passed { "it may act" } else { "it fails and the initiative passes" };
            format!(
                "{} tests its morale: {rolled}, needing {} or more: {verdict}",
                unit_name(state, *unit),
                data.pass_at
            )
        }
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

/// A unit's standing for the morale track.
#[derive(Debug, Clone, PartialEq)]
pub struct Morale {
    /// Its minuses.
    pub minuses: u32,
    /// The chance its next activation test passes.
    pub pass: f64,
    /// What the minuses are made of, each with the count behind it: casualties, friendly
    /// units broken, ammo markers, and hits that did not kill (where a reading counts them).
    pub parts: Vec<MoralePart>,
}

/// One cause of morale minuses.
#[derive(Debug, Clone, PartialEq)]
pub struct MoralePart {
    /// How many of the cause: figures lost, units broken, markers, hits.
    pub count: u32,
    /// The minuses they give.
    pub minuses: u32,
    /// The cause, singular and plural ("casualty", "casualties").
    pub words: (&'static str, &'static str),
}

impl Morale {
    /// The minuses in words, each cause with its count, so "4 minuses" after one figure lost
    /// reads "4 minuses: 4 for 1 casualty", never as four casualties.
    #[must_use]
    pub fn words(&self) -> String {
        let causes: Vec<String> = self
            .parts
            .iter()
            .filter(|p| p.count > 0)
            .map(|p| format!("{} for {}", p.minuses, crate::game::counted(p.count as usize, p.words.0, p.words.1)))
            .collect();
        if causes.is_empty() {
            "no morale minuses".to_owned()
        } else {
            format!("{}: {}", crate::game::counted(self.minuses as usize, "minus", "minuses"), causes.join(", "))
        }
    }
}
