//! Cost calibration: what each unit profile is worth to winning on this table, from simulated
//! games, and the requisition costs that would price it so. Each game takes one unit off one
//! side (the unit and the side drawn from the game's seed, the first mover alternating); a
//! profile's worth is how much its side's score (a win 1, a draw a half) falls without it,
//! against the full forces. Costs are proposed in proportion to worth, at the same total as the
//! forces cost now, each with the interval its worth's interval gives.

use super::ruleset::Ruleset;
use super::scenario::ArmoredScenario;
use super::scenario::setup::{scene_of, setup_on};
use crate::dice::Dice;
use crate::game::{GameRecord, run_battle};
use crate::game::{Level, Report};
use std::fmt::Write as _;

/// One profile's worth and proposed cost.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ProfileWorth {
    /// The profile's id.
    pub profile: String,
    /// Its name for people.
    pub name: String,
    /// Games played with one of it taken away.
    pub games: usize,
    /// How much its side's score falls without it (0 to 1), with its 95% interval.
    pub worth: (f64, (f64, f64)),
    /// Its cost now.
    pub cost: u32,
    /// The cost its worth proposes, with the interval.
    pub proposed: (u32, (u32, u32)),
}

/// The side's score in a game: a win 1, a draw a half.
fn score(winner: Option<u8>, side: u8) -> f64 {
    match winner {
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// Plays `games` games with one unit taken off and `baseline` full games, on `threads` workers
/// (the results do not depend on them), and prices each profile on the table.
///
/// # Errors
/// A game that cannot be played.
pub fn calibrate(
    rules: &std::sync::Arc<Ruleset>,
    scenario: &ArmoredScenario,
    games: usize,
    seed: u64,
    threads: usize,
) -> Result<Vec<ProfileWorth>, String> {
    let units = &scenario.table.units;
    if units.len() < 2 {
        return Err("the table needs units on both sides to price them".into());
    }
    let core = super::game::ArmoredCore(std::sync::Arc::clone(rules));
    let levels = [Level::Normal, Level::Normal];
    // Every game's table has the same pieces and readings, so their sight and way-finding
    // answers are the same whichever unit is off: the games share scenes, each lent to one game
    // while it plays.
    let scenes = crate::game::Lending::default();
    // Game g: full forces when `removed` is None, else one unit taken off.
    let play = |g: usize, removed: Option<usize>| -> Result<GameRecord, String> {
        let mut s = scenario.clone();
        if let Some(r) = removed {
            s.table.units.remove(r);
        }
        let first = (g % 2) as u8;
        scenes.lend(
            || Ok(scene_of(rules, &scenario.table)),
            |scene| {
                let setup = setup_on(&s, Some(first), scene);
                run_battle(&core, setup, seed + g as u64, Some(first), 200, &levels).map(|(record, _)| record)
            },
        )
    };
    // The side that loses the unit (the first side for a full game).
    let side_of =
        |removed: Option<usize>| removed.and_then(|r| units.get(r)).map_or(0, |u| u.owner.saturating_sub(1).min(1));
    // Which unit each removal game takes off, drawn from its seed.
    let removal = |g: usize| {
        let mut dice = Dice::new(seed.wrapping_mul(31).wrapping_add(g as u64));
        dice.below(units.len())
    };
    let baseline_games = (games / 4).max(20);
    let jobs: Vec<(usize, Option<usize>)> =
        (0..games).map(|g| (g, Some(removal(g)))).chain((0..baseline_games).map(|g| (games + g, None))).collect();
    // One lab run, so `calibrate --shard K/N` plays its share and `merge` replays the rest.
    let records = crate::balance::play_run(jobs.len(), threads, |job| {
        jobs.get(job).map_or_else(|| Err("no such game".into()), |&(g, removed)| play(g, removed))
    })?;
    let outcomes: Vec<(Option<usize>, f64)> = jobs
        .iter()
        .zip(&records)
        .map(|(&(_, removed), record)| (removed, score(record.winner, side_of(removed))))
        .collect();
    // The full forces score a half for a side on a symmetric table, whatever the seat; measure
    // it rather than assume it.
    let full: Vec<f64> = outcomes.iter().filter(|(r, _)| r.is_none()).map(|(_, s)| *s).collect();
    let base = full.iter().sum::<f64>() / full.len().max(1) as f64;
    let base_var = full.iter().map(|s| (s - base).powi(2)).sum::<f64>() / full.len().max(2).saturating_sub(1) as f64;
    let mut worths: Vec<(String, Vec<f64>)> = Vec::new();
    for (removed, s) in outcomes.iter().filter_map(|(r, s)| r.map(|r| (r, *s))) {
        let id = units.get(removed).map_or_else(String::new, |u| u.profile.clone());
        match worths.iter_mut().find(|(p, _)| *p == id) {
            Some((_, list)) => list.push(s),
            None => worths.push((id, vec![s])),
        }
    }
    worths.sort_by(|a, b| a.0.cmp(&b.0));
    let total_cost: u32 =
        units.iter().filter_map(|u| rules.profiles.iter().find(|p| p.id == u.profile)).map(|p| p.cost).sum();
    let stats: Vec<(String, usize, f64, f64)> = worths
        .iter()
        .map(|(id, list)| {
            let n = list.len();
            let mean = list.iter().sum::<f64>() / n.max(1) as f64;
            let var = list.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n.max(2).saturating_sub(1) as f64;
            let se = (var / n.max(1) as f64 + base_var / full.len().max(1) as f64).sqrt();
            (id.clone(), n, base - mean, se)
        })
        .collect();
    // Priced in proportion to worth, at today's total for the units on the table.
    let count = |id: &str| units.iter().filter(|u| u.profile == id).count() as f64;
    let worth_total: f64 = stats.iter().map(|(id, _, w, _)| w.max(0.0) * count(id)).sum();
    let price = |w: f64| {
        if worth_total > 0.0 { (f64::from(total_cost) * w.max(0.0) / worth_total).round() as u32 } else { 0 }
    };
    Ok(stats
        .into_iter()
        .map(|(id, n, w, se)| {
            let profile = rules.profiles.iter().find(|p| p.id == id);
            let (lo, hi) = (w - 1.96 * se, w + 1.96 * se);
            ProfileWorth {
                name: profile.map_or_else(|| id.clone(), |p| p.shown_name().to_owned()),
                cost: profile.map_or(0, |p| p.cost),
                profile: id,
                games: n,
                worth: (w, (lo, hi)),
                proposed: (price(w), (price(lo), price(hi))),
            }
        })
        .collect())
}

/// The calibration as a report.
#[must_use]
pub fn calibration_report(name: &str, rows: &[ProfileWorth], games: usize) -> Report {
    let mut text =
        format!("{name}: cost calibration from {games} games with one unit taken off (Normal against Normal)\n");
    for row in rows {
        let (w, (lo, hi)) = row.worth;
        let (p, (plo, phi)) = row.proposed;
        let _ = writeln!(
            text,
            "  {:<40} cost {:>4}  worth {:>5.1} points of score (95% {:+.1} to {:+.1}, {})  proposed {:>4} ({} to {})",
            row.name,
            row.cost,
            w * 100.0,
            lo * 100.0,
            hi * 100.0,
            crate::game::counted(row.games, "game", "games"),
            p,
            plo,
            phi
        );
    }
    text.push_str("  (worth: how much its side's score, a win 1 and a draw a half, falls without one of it)\n");
    Report { text, json: serde_json::json!({ "games": games, "profiles": rows }) }
}
