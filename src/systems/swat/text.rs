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
            "\n   player {}: ${}, {units} units, {} medals{}{}",
            seat + 1,
            player.funds,
            player.medals,
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

/// One event as a line of text, for logs and the command line. Seats read "player N" (the
/// framework puts the scenario's seat names in their place); a unit reads as its player and
/// kind while `state` still holds it, never as its number.
#[must_use]
pub fn describe_event(rules: &Ruleset, state: &GameState, event: &Event) -> String {
    use crate::systems::swat::rules::{DefeatReason, PowerLevel, Strike};
    let kind = |k: crate::systems::swat::rules::UnitKindId| rules.units.get(k.index()).map_or("?", |u| u.name.as_str());
    let unit = |id: &crate::systems::swat::rules::UnitId| {
        state
            .units
            .iter()
            .find(|u| u.id == *id)
            .map_or_else(|| "a unit".to_owned(), |u| format!("{}'s {}", u.owner, kind(u.kind)))
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
            format!(
                "  {strike}: {} fires at {}: damage {initial_damage}, {hits} hits{die}",
                unit(attacker),
                unit(target)
            )
        }
        E::DieRolled { roll, needed, hit, .. } => {
            format!("    d6 rolls {roll} (needs {needed} or less): {}", if *hit { "extra hit" } else { "no extra hit" })
        }
        E::UnitDamaged { unit: id, hits, hp, reduced } => {
            let reduced = if *reduced && *hp > 0 { " (reduced)" } else { "" };
            format!("  {} loses {hits} HP, {hp} left{reduced}", unit(id))
        }
        E::UnitEliminated { owner, by, .. } => match by {
            Some(by) => format!("  a unit of {owner} is eliminated; a medal for {by}"),
            None => format!("  a unit of {owner} leaves the game"),
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
        E::UnitBought { unit: id, kind: k, pos, cost, .. } => {
            let buyer = state.units.iter().find(|u| u.id == *id).map_or_else(String::new, |u| format!("{} ", u.owner));
            format!("  {buyer}buys {} at {pos} for ${cost}", kind(*k))
        }
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
