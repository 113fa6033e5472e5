//! Skirm in words: every event as a line for the log and the command line ("Gunner of Reavers
//! attacks ..."), and the closing summary of a played script.

use super::rules::{Event, GameState, Outcome, RollKind, Ruleset, Target};
use super::scenario::document::squad_label;

fn target_text(state: &GameState, target: Target) -> String {
    match target {
        Target::Unit(u) => state.unit(u).map_or_else(|| format!("unit {u}"), |x| format!("unit {u} ({})", x.name)),
        Target::Item(i) => format!("item {i}"),
        Target::Square(p) => format!("square {p}"),
    }
}

/// A playing squad's name as players read it.
fn squad_name(state: &GameState, squad: u8) -> String {
    squad_label(state.squads.get(usize::from(squad)).map(|q| q.name.as_str()), usize::from(squad))
}

/// One line for a person about an event.
#[must_use]
pub fn describe_event(rules: &Ruleset, state: &GameState, event: &Event) -> String {
    // People read squads and units by name: "Gunner of Reavers", not "unit 3 of squad 2".
    let squad_name = |s: u8| squad_name(state, s);
    let unit = |u: usize| {
        state.unit(u).map_or_else(
            || format!("unit {}", u + 1),
            |x| {
                let name = if x.name.is_empty() {
                    rules.profile(&x.profile).map_or_else(|| x.profile.clone(), |(_, p)| p.name.clone())
                } else {
                    x.name.clone()
                };
                format!("{name} of {}", squad_name(x.squad))
            },
        )
    };
    match event {
        Event::TurnStarted { turn } => format!("== turn {turn}"),
        Event::SecondaryDrawn { squad, card } => format!(
            "{} draws a secondary objective{}",
            squad_name(*squad),
            rules.secondary_objectives.get(*card).map_or_else(String::new, |c| format!(" ({})", c.name))
        ),
        Event::Die { kind, squad, face } => {
            let kind = match kind {
                RollKind::Initiative => "initiative",
                RollKind::TacticalOrder => "tactical order",
                RollKind::Event => "event",
                RollKind::Attack => "attack",
                RollKind::Save => "save",
                RollKind::Heal => "heal",
                RollKind::Shuffle => "shuffle",
            };
            let who = squad.map_or_else(String::new, |s| format!("{} ", squad_name(s)));
            if kind == "shuffle" {
                // One die a card: the same line each time, so the log tells the shuffle once.
                format!("  {who}shuffles its objective deck, a die for each card")
            } else if kind == "initiative" {
                format!("  {who}rolls {face} for the initiative (the lower roll wins)")
            } else {
                format!("  {who}rolls {face} ({kind})")
            }
        }
        Event::InitiativeTied => "  tie: roll again".into(),
        Event::Initiative { squad } => format!("{} has the initiative (it rolled lower)", squad_name(*squad)),
        Event::TacticalOrders { squad, dice, orders } => {
            format!("{} rolls {dice} dice for {orders} Tactical Orders", squad_name(*squad))
        }
        Event::EnvironmentEvent { name } => format!("event: {name}"),
        Event::OrdersChanged { squad, orders } => format!("{} now has {orders} Tactical Orders", squad_name(*squad)),
        Event::Delayed { squad } => format!("{} delays", squad_name(*squad)),
        Event::Activated { unit: u, act } => format!("{} activates with {act} ACT", unit(*u)),
        Event::Paid { action, act, orders } => format!("  {action:?} costs {act} ACT and {orders} TO"),
        Event::Moved { unit: u, from, to, cost } => format!("{} moves {from} -> {to} ({cost} squares)", unit(*u)),
        Event::Attack { attacker, weapon, target, skill, cover } => format!(
            "{} attacks {} with {} (skill {skill}{})",
            attacker.map_or_else(|| "an explosion".to_owned(), unit),
            target_text(state, *target),
            weapon.clone().unwrap_or_else(|| "damage".into()),
            if *cover { ", in cover" } else { "" }
        ),
        Event::AutomaticStrike => "  automatic strike".into(),
        Event::AutomaticRolled { die, face } => format!("  die {} rolled after all: {face}", die + 1),
        Event::Rerolled { die, face, order } => {
            format!("  die {die} re-rolled to {face}{}", if *order { " (1 TO)" } else { "" })
        }
        Event::Adjusted { die, face } => format!("  die {die} changed to {face} (1 TO)"),
        Event::Strikes { strikes, damage } => format!("  {strikes} strikes, {damage} damage"),
        Event::AutomaticSave => "  automatic save (cover)".into(),
        Event::Saves { failed } => format!("  {failed} saves failed"),
        Event::HitsLost { target, hits, remaining } => {
            format!("  {} loses {hits} HIT, {remaining} left", target_text(state, *target))
        }
        Event::TakenOut { unit: u, .. } => format!("{} is taken out", unit(*u)),
        Event::Stunned { unit: u } => format!("{} is stunned", unit(*u)),
        Event::BarrelExploded { pos, .. } => format!("the barrel at {pos} explodes"),
        Event::TurretDestroyed { pos, .. } => format!("the turret at {pos} is destroyed"),
        Event::Door { edge, open } => {
            format!("the door at ({}, {}) {:?} is {}", edge.x, edge.y, edge.axis, if *open { "open" } else { "closed" })
        }
        Event::PickedUp { unit: u, marker } => format!("{} picks up marker {marker}", unit(*u)),
        Event::Dropped { marker, pos } => format!("marker {marker} is dropped at {pos}"),
        Event::CrateOpened { unit: u, content } => format!("{} opens a crate: {}", unit(*u), content.name()),
        Event::Healed { unit: u, hits } => format!("{} regains {hits} HIT", unit(*u)),
        Event::Refilled { unit: u, weapon } => format!("{} can use {weapon} once more", unit(*u)),
        Event::MissionAction { squad, objective } => {
            format!("{} completes the mission action on objective {objective}", squad_name(*squad))
        }
        Event::Scored { squad, points, reason } => format!("{} scores {points} ({reason})", squad_name(*squad)),
        Event::ActivationEnded { unit: u } => format!("{} ends its activation", unit(*u)),
        Event::SecondaryScored { squad, card } => format!(
            "{} reveals {}",
            squad_name(*squad),
            rules.secondary_objectives.get(*card).map_or("its secondary objective", |c| c.name.as_str())
        ),
        Event::OrdersLost { squad, orders } => format!("{} loses {orders} unused Tactical Orders", squad_name(*squad)),
        Event::BattleEnded { winner, points } => format!(
            "battle over, {} to {}: {}",
            points[0],
            points[1],
            winner.map_or_else(|| "a draw".to_owned(), |w| format!("{} wins", squad_name(w)))
        ),
        Event::MedalEarned { unit: u, medal, xp } => format!("{} earns {} ({xp} XP)", unit(*u), medal.name()),
    }
}

/// The position a script left: `-- turn N, points A to B, who acts or won`, and the same as
/// JSON under `summary`.
#[must_use]
pub fn summary(state: &GameState) -> (String, serde_json::Value) {
    let text = format!(
        "-- turn {}, points {} to {}, {}",
        state.turn,
        state.squads[0].points,
        state.squads[1].points,
        match state.outcome {
            Outcome::Ongoing => format!("{} to act", squad_name(state, state.deciding_squad())),
            Outcome::Draw => "a draw".into(),
            Outcome::Won { squad } => format!("{} won", squad_name(state, squad)),
        }
    );
    (text, serde_json::json!({ "summary": summary_json(state) }))
}

fn summary_json(state: &GameState) -> serde_json::Value {
    serde_json::json!({
        "turn": state.turn,
        "to_act": state.to_act + 1,
        "outcome": match state.outcome {
            Outcome::Ongoing => serde_json::json!("ongoing"),
            Outcome::Draw => serde_json::json!("draw"),
            Outcome::Won { squad } => serde_json::json!({ "winner": squad + 1 }),
        },
        "squads": state.squads.iter().enumerate().map(|(i, s)| serde_json::json!({
            "squad": i + 1,
            "points": s.points,
            "orders": s.orders,
            "standing": state.standing(u8::try_from(i).unwrap_or(0)).count(),
        })).collect::<Vec<_>>(),
        "units": state.units.iter().enumerate().map(|(i, u)| serde_json::json!({
            "unit": i, "name": u.name, "squad": u.squad + 1, "pos": u.pos, "hit": u.hit,
        })).collect::<Vec<_>>(),
    })
}
