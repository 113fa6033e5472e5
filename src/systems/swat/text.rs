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

/// One event as a line of text, for logs and the command line.
#[must_use]
pub fn describe_event(rules: &Ruleset, event: &Event) -> String {
    let kind = |k: crate::systems::swat::rules::UnitKindId| rules.units.get(k.index()).map_or("?", |u| u.name.as_str());
    use crate::systems::swat::rules::Event as E;
    match event {
        E::CoDealt { player, co } => {
            format!("{player} is dealt the CO {}", rules.cos.get(co.index()).map_or("?", |c| c.name.as_str()))
        }
        E::TurnStarted { player, round } => format!("round {round}: {player}'s turn"),
        E::PowerEnded { player, level } => format!("  {player}'s {level:?} ends"),
        E::IncomeCollected { player, amount, funds } => {
            format!("  {player} collects ${amount} (now ${funds})")
        }
        E::UnitRepaired { unit, hp } => format!("  {unit} repairs to {hp} HP"),
        E::UnitMoved { unit, from, to, cost } => {
            format!("  {unit} moves from {from} to {to} ({cost} MP)")
        }
        E::UnitLoaded { unit, transport } => format!("  {unit} boards {transport}"),
        E::UnitUnloaded { unit, transport, to } => {
            format!("  {transport} puts {unit} down at {to}")
        }
        E::StrikeDeclared { strike, attacker, target, initial_damage, hits, die, .. } => {
            let die = die.map_or_else(String::new, |d| format!(" + 1 on a d6 of {d} or less"));
            format!("  {strike:?}: {attacker} fires at {target}: damage {initial_damage}, {hits} hits{die}")
        }
        E::DieRolled { roll, needed, hit, .. } => {
            format!("    d6 rolls {roll} (needs {needed} or less): {}", if *hit { "extra hit" } else { "no extra hit" })
        }
        E::UnitDamaged { unit, hits, hp, reduced } => {
            format!("  {unit} loses {hits} HP, {hp} left{}", if *reduced && *hp > 0 { " (reduced)" } else { "" })
        }
        E::UnitEliminated { unit, owner, by } => match by {
            Some(by) => format!("  {unit} of {owner} is eliminated; a medal for {by}"),
            None => format!("  {unit} of {owner} leaves the game"),
        },
        E::ChargeGained { player, charge } => {
            format!("  {player}'s CO charge: {charge} stars")
        }
        E::CaptureProgressed { unit, pos, points, required } => {
            format!("  {unit} captures at {pos}: {points}/{required}")
        }
        E::CaptureLost { pos } => format!("  the capture at {pos} is abandoned"),
        E::PropertyCaptured { pos, to, .. } => {
            format!("  {to} takes the property at {pos}")
        }
        E::HqBecameCity { pos, .. } => {
            format!("  the captured HQ at {pos} becomes a city")
        }
        E::UnitBought { unit, kind: k, pos, cost, .. } => {
            format!("  buys {} {unit} at {pos} for ${cost}", kind(*k))
        }
        E::PowerUsed { player, level } => format!("  {player} uses the CO {level:?}"),
        E::TurnEnded { player } => format!("  {player} ends the turn"),
        E::PlayerDefeated { player, reason } => {
            format!("  {player} is defeated ({reason:?})")
        }
        E::PropertyNeutralized { pos } => {
            format!("  the property at {pos} turns neutral")
        }
        E::GameEnded { outcome } => format!("game over: {outcome}"),
    }
}
