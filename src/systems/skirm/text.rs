//! Skirm in words: every event as a line for the log and the command line ("Gunner of Reavers
//! attacks ..."), and the closing summary of a played script.

use super::rules::{ActionKind, CrateContent, Event, GameState, ItemKind, Outcome, RollKind, Ruleset, Target};
use super::scenario::document::squad_label;

/// Each unit's name for people, the same all battle: its own name (or its card's), numbered
/// where its squad has two of that name, and its squad's name ("Trooper 2 of Reaver Pack").
#[must_use]
pub fn unit_names(rules: &Ruleset, state: &GameState) -> Vec<String> {
    names_in_squad(rules, state)
        .into_iter()
        .zip(&state.units)
        .map(|(name, x)| format!("{name} of {}", squad_name(state, x.squad)))
        .collect()
}

/// Each unit's name within its squad ("Trooper 2"), for lists already under the squad's name:
/// its own name (or its card's), numbered where the squad has two of that name.
#[must_use]
pub fn names_in_squad(rules: &Ruleset, state: &GameState) -> Vec<String> {
    let own: Vec<String> = state
        .units
        .iter()
        .map(|x| {
            if x.name.is_empty() {
                rules.profile(&x.profile).map_or_else(|| x.profile.to_string(), |(_, p)| p.name.clone())
            } else {
                x.name.to_string()
            }
        })
        .collect();
    let roster: Vec<(u8, &str)> = state.units.iter().zip(&own).map(|(x, name)| (x.squad, name.as_str())).collect();
    crate::game::naming::distinct_names(&roster)
}

/// What an attack aims at, by name: a unit, an item and its square, or a square.
#[must_use]
pub fn target_text(rules: &Ruleset, state: &GameState, names: &[String], target: Target) -> String {
    match target {
        Target::Unit(u) => names.get(u).cloned().unwrap_or_else(|| "a unit no longer listed".to_owned()),
        Target::Item(i) => state.items.get(i).map_or_else(
            || "an item no longer listed".to_owned(),
            |item| {
                let kind = match &item.kind {
                    ItemKind::Crate => "crate".to_owned(),
                    ItemKind::Barrel => "barrel".to_owned(),
                    ItemKind::Turret(kind) => {
                        rules.turret(kind).map_or_else(|| "turret".to_owned(), |t| t.name.to_lowercase())
                    }
                };
                format!("the {kind} at {}", item.pos)
            },
        ),
        Target::Square(p) => format!("square {p}"),
    }
}

/// A weapon by the name players read on its card.
fn weapon_name(rules: &Ruleset, weapon: &str) -> String {
    rules.weapon(weapon).map_or_else(|| weapon.to_owned(), |w| w.name.clone())
}

/// An action kind in words, for what it costs.
fn kind_words(kind: ActionKind) -> &'static str {
    match kind {
        ActionKind::Move => "the move",
        ActionKind::Dash => "the dash",
        ActionKind::Leap => "the leap",
        ActionKind::Ranged => "the ranged attack",
        ActionKind::Melee => "the melee attack",
        ActionKind::Turret => "the turret",
        ActionKind::Door => "the door",
        ActionKind::PickUpDrop => "the marker",
        ActionKind::OpenCrate => "opening the crate",
        ActionKind::Medkit => "the medkit",
        ActionKind::Mission => "the mission action",
    }
}

/// What a crate held, in words.
fn content_words(content: CrateContent) -> &'static str {
    match content {
        CrateContent::MissionPoint => "a Mission Point",
        CrateContent::MedPack => "a med pack",
        CrateContent::AmmoRefill => "an ammo refill",
        CrateContent::TacticalOrder => "a Tactical Order",
    }
}

/// "1 Tactical Order", "2 Tactical Orders".
fn orders_text(orders: impl Into<u32>) -> String {
    let orders = orders.into();
    format!("{orders} Tactical Order{}", if orders == 1 { "" } else { "s" })
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
    let names = unit_names(rules, state);
    let unit = |u: usize| names.get(u).cloned().unwrap_or_else(|| "a unit no longer listed".to_owned());
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
            format!("{} rolls {dice} dice for {}", squad_name(*squad), orders_text(*orders))
        }
        Event::EnvironmentEvent { name } => format!("event: {name}"),
        Event::OrdersChanged { squad, orders } => format!("{} now has {}", squad_name(*squad), orders_text(*orders)),
        Event::Delayed { squad } => format!("{} delays", squad_name(*squad)),
        Event::Activated { unit: u, act } => format!("{} activates with {act} ACT", unit(*u)),
        Event::Paid { action, act, orders } => match orders {
            0 => format!("  {} costs {act} ACT", kind_words(*action)),
            _ => format!("  {} costs {act} ACT and {}", kind_words(*action), orders_text(*orders)),
        },
        Event::Moved { unit: u, from, to, cost } => format!("{} moves {from} -> {to} ({cost} squares)", unit(*u)),
        Event::Attack { attacker, weapon, target, skill, cover } => format!(
            "{} attacks {} with {} (skill {skill}{})",
            attacker.map_or_else(|| "an explosion".to_owned(), unit),
            target_text(rules, state, &names, *target),
            weapon.as_deref().map_or_else(|| "its blast".to_owned(), |w| weapon_name(rules, w)),
            if *cover { ", in cover" } else { "" }
        ),
        Event::AutomaticStrike => "  automatic strike".into(),
        Event::AutomaticRolled { die, face } => format!("  die {} rolled after all: {face}", die + 1),
        Event::Rerolled { die, face, order } => {
            format!("  die {} re-rolled to {face}{}", die + 1, if *order { " (1 Tactical Order)" } else { "" })
        }
        Event::Adjusted { die, from, face } => {
            format!("  die {} turned from {from} to {face} (1 Tactical Order)", die + 1)
        }
        Event::Strikes { strikes, damage } => format!("  {strikes} strikes, {damage} damage"),
        Event::AutomaticSave => "  automatic save (cover)".into(),
        Event::Saves { failed } => format!("  {failed} saves failed"),
        Event::HitsLost { target, hits, remaining } => {
            format!("  {} loses {hits} HIT, {remaining} left", target_text(rules, state, &names, *target))
        }
        Event::TakenOut { unit: u, .. } => format!("{} is taken out", unit(*u)),
        Event::Stunned { unit: u } => format!("{} is stunned", unit(*u)),
        Event::BarrelExploded { pos, .. } => format!("the barrel at {pos} explodes"),
        Event::TurretDestroyed { pos, .. } => format!("the turret at {pos} is destroyed"),
        Event::Door { edge, open } => {
            let inner = crate::board::Pos::new(edge.x, edge.y);
            let outer = match edge.axis {
                crate::board::EdgeAxis::Horizontal => edge.y.checked_sub(1).map(|y| crate::board::Pos::new(edge.x, y)),
                crate::board::EdgeAxis::Vertical => edge.x.checked_sub(1).map(|x| crate::board::Pos::new(x, edge.y)),
            };
            let place = outer.map_or_else(|| format!("on the edge of {inner}"), |o| format!("between {o} and {inner}"));
            format!("the door {place} is {}", if *open { "open" } else { "closed" })
        }
        Event::PickedUp { unit: u, marker } => format!("{} picks up marker {marker}", unit(*u)),
        Event::Dropped { marker, pos } => format!("marker {marker} is dropped at {pos}"),
        Event::CrateOpened { unit: u, content } => {
            format!("{} opens a crate: {}", unit(*u), content_words(*content))
        }
        Event::Healed { unit: u, hits } => format!("{} regains {hits} HIT", unit(*u)),
        Event::Refilled { unit: u, weapon } => {
            format!("{} can use its {} once more", unit(*u), weapon_name(rules, weapon))
        }
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
