//! Skirmish Wars in words: every event as a line for the log and the command line, and the
//! closing summary of a played script.

use super::rules::{Event, GameState, Outcome, Ruleset};
use std::fmt::Write as _;

/// The position a script left: `-- round N, outcome` with each player's funds, units, medals
/// and CO, and the same as JSON under `summary`.
#[must_use]
pub fn summary(rules: &Ruleset, state: &GameState) -> (String, serde_json::Value) {
    let mut text = format!("-- round {}, {}", state.round, state.outcome);
    for (seat, player) in state.players.iter().enumerate() {
        let units = state.units.iter().filter(|u| u.owner.index() == seat).count();
        let _ = write!(
            text,
            "\n   player {}: ${}, {}, {}{}{}",
            seat + 1,
            player.funds,
            crate::game::counted(units, "unit", "units"),
            crate::game::counted(player.medals as usize, "medal", "medals"),
            player.co.map_or_else(String::new, |co| format!(", CO {}", rules.co(co).name)),
            if player.defeated { ", defeated" } else { "" }
        );
    }
    let json = serde_json::json!({
        "round": state.round,
        "current_player": state.current.index() + 1,
        "outcome": match state.outcome {
            Outcome::Ongoing => serde_json::json!("ongoing"),
            Outcome::Draw => serde_json::json!("draw"),
            Outcome::Won { winner, reason } => serde_json::json!({ "winner": winner.index() + 1, "reason": reason }),
        },
        "players": state.players.iter().enumerate().map(|(seat, p)| serde_json::json!({
            "player": seat + 1,
            "funds": p.funds,
            "medals": p.medals,
            "charge": p.charge,
            "co": p.co.map(|co| rules.co(co).id.clone()),
            "defeated": p.defeated,
            "units": state.units.iter().filter(|u| u.owner.index() == seat).count(),
        })).collect::<Vec<_>>(),
    });
    (text, serde_json::json!({ "summary": json }))
}

/// An action in a player's words, for the message that refuses it: its units by name, its
/// squares as the board reads them.
#[must_use]
pub fn describe_action(rules: &Ruleset, state: &GameState, action: &crate::systems::swat::rules::Action) -> String {
    use crate::systems::swat::rules::{Action as A, PowerLevel};
    let unit = |id: &crate::systems::swat::rules::UnitId| state.unit_name(rules, *id);
    match action {
        A::Move { unit: id, path } => match path.last() {
            Some(to) => format!("{} moving to {to}", unit(id)),
            None => format!("{} moving nowhere", unit(id)),
        },
        A::Attack { unit: id, target } => format!("{} firing at {}", unit(id), unit(target)),
        A::Capture { unit: id } => format!("{} capturing", unit(id)),
        A::Unload { transport, passenger, to } => {
            format!("{} putting {} down at {to}", unit(transport), unit(passenger))
        }
        A::Buy { factory, kind } => {
            let card = rules.units.get(kind.index()).map_or("a unit", |u| u.name.as_str());
            format!("buying {card} at {factory}")
        }
        A::UsePower { level: PowerLevel::Power } => "the CO Power".to_owned(),
        A::UsePower { level: PowerLevel::SuperPower } => "the Super CO Power".to_owned(),
        A::EndTurn => "ending the turn".to_owned(),
    }
}

/// `text` with every unit it writes by its id ("unit #4", as a rejection writes one) written by
/// its name instead.
#[must_use]
pub fn with_unit_names(rules: &Ruleset, state: &GameState, text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("unit #") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "unit #".len()..];
        let digits = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
        match after[..digits].parse::<u32>() {
            Ok(id) => out.push_str(&state.unit_name(rules, crate::systems::swat::rules::UnitId(id))),
            Err(_) => out.push_str("unit #"),
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

/// One event as a line of text, for logs and the command line. Seats read "player N" (the
/// framework puts the scenario's seat names in their place); a unit reads by its name
/// ([`GameState::unit_name`]), gone or not, never by its id, and a fight's lines say where
/// each side stands.
#[must_use]
pub fn describe_event(rules: &Ruleset, state: &GameState, event: &Event) -> String {
    use crate::systems::swat::rules::{DefeatReason, PowerLevel, Strike};
    let unit = |id: &crate::systems::swat::rules::UnitId| state.unit_name(rules, *id);
    // Where a unit stands, for the lines of a fight: the square it holds, while it holds one.
    let placed = |id: &crate::systems::swat::rules::UnitId| match state.unit(*id) {
        Some(u) => format!("{} at {}", unit(id), u.pos),
        None => unit(id),
    };
    let power_name = |level: &PowerLevel| match level {
        PowerLevel::Power => "CO Power",
        PowerLevel::SuperPower => "Super CO Power",
    };
    use crate::systems::swat::rules::Event as E;
    match event {
        E::CoDealt { player, co } => {
            format!("{player} is dealt the CO {}", rules.cos.get(co.index()).map_or("?", |c| c.name.as_str()))
        }
        E::TurnStarted { player, round } => format!("round {round}: {player}'s turn"),
        E::PowerEnded { player, level } => format!("  {player}'s {} ends", power_name(level)),
        E::IncomeCollected { player, amount, funds } => {
            format!("  {player} collects ${amount} (now ${funds})")
        }
        E::UnitRepaired { unit: id, hp } => format!("  {} repairs to {hp} HP", unit(id)),
        E::UnitMoved { unit: id, from, to, cost } => {
            format!("  {} moves from {from} to {to} ({cost} MP)", unit(id))
        }
        E::UnitLoaded { unit: id, transport } => format!("  {} boards {}", unit(id), unit(transport)),
        E::UnitUnloaded { unit: id, transport, to } => {
            format!("  {} puts {} down at {to}", unit(transport), unit(id))
        }
        E::StrikeDeclared { strike, attacker, target, initial_damage, hits, die, .. } => {
            let die = die.map_or_else(String::new, |d| format!(" + 1 on a d6 of {d} or less"));
            let strike = match strike {
                Strike::Attack => "Attack",
                Strike::Counter => "Counterattack",
            };
            // The chart's damage is firepower less defense; below zero it is read as the
            // defense outweighing the fire, never as "damage -3".
            let damage = if *initial_damage < 0 {
                format!("its defense outweighs the fire by {}", initial_damage.unsigned_abs())
            } else {
                format!("damage {initial_damage}")
            };
            let hits = if *hits == 1 { "1 hit".to_owned() } else { format!("{hits} hits") };
            format!("  {strike}: {} fires at {}: {damage}, {hits}{die}", placed(attacker), placed(target))
        }
        E::DieRolled { roll, needed, hit, .. } => {
            format!("    d6 rolls {roll} (needs {needed} or less): {}", if *hit { "extra hit" } else { "no extra hit" })
        }
        E::UnitDamaged { unit: id, hits, hp, reduced } => {
            let reduced = if *reduced && *hp > 0 { " (reduced)" } else { "" };
            if *hits == 0 {
                format!("  {} takes no damage, {hp} HP left", unit(id))
            } else {
                format!("  {} loses {hits} HP, {hp} left{reduced}", unit(id))
            }
        }
        E::UnitEliminated { unit: id, by, .. } => match by {
            Some(by) => format!("  {} is eliminated; a medal for {by}", unit(id)),
            None => format!("  {} leaves the game", unit(id)),
        },
        E::ChargeGained { player, charge } => {
            format!("  {player}'s CO charge: {charge} stars")
        }
        E::CaptureProgressed { unit: id, pos, points, required } => {
            format!("  {} captures at {pos}: {points}/{required}", unit(id))
        }
        E::CaptureLost { pos } => format!("  the capture at {pos} is abandoned"),
        E::PropertyCaptured { pos, to, .. } => {
            format!("  {to} takes the property at {pos}")
        }
        E::HqBecameCity { pos, .. } => {
            format!("  the captured HQ at {pos} becomes a city")
        }
        E::UnitBought { unit: id, pos, cost, .. } => format!("  {} is bought at {pos} for ${cost}", unit(id)),
        E::PowerUsed { player, level } => format!("  {player} uses the {}", power_name(level)),
        E::TurnEnded { player } => format!("  {player} ends the turn"),
        E::PlayerDefeated { player, reason } => {
            let reason = match reason {
                DefeatReason::HqCaptured => "HQ captured",
                DefeatReason::AllUnitsEliminated => "every unit lost",
            };
            format!("  {player} is defeated ({reason})")
        }
        E::PropertyNeutralized { pos } => {
            format!("  the property at {pos} turns neutral")
        }
        E::GameEnded { outcome } => format!("game over: {outcome}"),
    }
}
