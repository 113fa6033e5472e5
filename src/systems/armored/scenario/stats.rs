//! The designer's numbers for an Armored Advance table: each side's cost and action pool, and
//! the firing lanes between the deployment zones: from points on a lattice of each zone, which
//! lines to the other zone are open (a hull's height above the table, with the data's sight
//! rules: buildings and walls taller than the line block, foliage adds to the roll), grouped
//! by the hit roll each needs.

use super::super::ruleset::Ruleset;
use super::document::ArmoredScenario;
use super::validate::{side_name, unit_cost};
use crate::table::{Eye, Scene, ZonePurpose};
use serde::Serialize;

/// One side's force.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Force {
    /// The side's name.
    pub side: String,
    /// Units placed.
    pub units: usize,
    /// Their requisition cost.
    pub cost: u32,
    /// The sum of their action pools.
    pub action_pool: u32,
    /// Infantry men.
    pub men: u32,
}

/// The lanes that need one hit roll.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LaneBand {
    /// The roll needed (after foliage), 1 to 6.
    pub roll: u8,
    /// Open lanes at this roll.
    pub open: usize,
}

/// The designer's numbers.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Statistics {
    /// Each side.
    pub forces: Vec<Force>,
    /// Lines looked at between the zones.
    pub lanes: usize,
    /// Of those, open ones.
    pub open: usize,
    /// Open lanes by the hit roll they need.
    pub by_roll: Vec<LaneBand>,
    /// The shortest open lane, micrometres.
    pub shortest_open: Option<i64>,
    /// The lattice's step, micrometres.
    pub step: i64,
}

/// Points of a side's deployment zones on a lattice of `step`.
fn lattice(scenario: &ArmoredScenario, side: u8, step: i64) -> Vec<(f64, f64)> {
    let mut points = Vec::new();
    for zone in scenario.table.zones.iter().filter(|z| z.owner == Some(side) && z.purpose == ZonePurpose::Deployment) {
        let shape = zone.shape();
        let b = shape.bounds();
        let mut y = b.min.1 + step as f64 / 2.0;
        while y < b.max.1 && points.len() < 400 {
            let mut x = b.min.0 + step as f64 / 2.0;
            while x < b.max.0 {
                if shape.contains_point((x, y)) {
                    points.push((x, y));
                }
                x += step as f64;
            }
            y += step as f64;
        }
    }
    points
}

/// The table's pieces as sight sees them.
#[must_use]
pub fn scene(rules: &Ruleset, scenario: &ArmoredScenario) -> Scene {
    super::super::rules::scene(rules, &scenario.table.pieces)
}

/// Works the numbers out.
#[must_use]
pub fn statistics(rules: &Ruleset, scenario: &ArmoredScenario) -> Statistics {
    let forces = (0..2u8)
        .map(|side| {
            let units: Vec<_> = scenario.table.units.iter().filter(|u| u.owner == side).collect();
            Force {
                side: side_name(scenario, side),
                units: units.len(),
                cost: units.iter().map(|u| unit_cost(rules, scenario, &u.profile)).sum(),
                action_pool: units.iter().filter_map(|u| rules.profile(&u.profile)).map(|p| p.actions).sum(),
                men: units.iter().filter_map(|u| rules.profile(&u.profile)).filter_map(|p| p.men).map(u32::from).sum(),
            }
        })
        .collect();
    let step = 6 * rules.unit.um();
    let scene = scene(rules, scenario);
    let (from, to) = (lattice(scenario, 0, step), lattice(scenario, 1, step));
    // A medium hull's height: the eye of a typical tank and the top of a typical target.
    let z = rules.profile("medium_tank").map_or(2.0, |p| p.height) * rules.unit.um() as f64;
    let mut open = 0;
    let mut rolls = [0usize; 7];
    let mut shortest: Option<i64> = None;
    for &a in &from {
        for &b in &to {
            let line = scene.line(Eye { at: a, z }, Eye { at: b, z }, &[]);
            if !line.clear {
                continue;
            }
            open += 1;
            let length = crate::table::measure::length(b.0 - a.0, b.1 - a.1).round() as i64;
            let foliage = line.crossings.iter().any(|c| {
                scene.obstacles.get(c.obstacle).is_some()
                    && scenario
                        .table
                        .pieces
                        .get(c.obstacle)
                        .and_then(|p| rules.kind(&p.kind))
                        .is_some_and(|k| k.foliage)
            });
            let roll = (rules.hit_roll(length) + if foliage { 2 } else { 0 }).min(6);
            rolls[usize::from(roll)] += 1;
            shortest = Some(shortest.map_or(length, |s| s.min(length)));
        }
    }
    Statistics {
        forces,
        lanes: from.len() * to.len(),
        open,
        by_roll: (1..=6u8)
            .filter(|&r| rolls[usize::from(r)] > 0)
            .map(|roll| LaneBand { roll, open: rolls[usize::from(roll)] })
            .collect(),
        shortest_open: shortest,
        step,
    }
}
