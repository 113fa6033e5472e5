//! Generated Armored Advance scenarios: a symmetric table from the terrain library (buildings,
//! foliage, walls, sandbags, tank traps, mud, water, and sometimes a road through the middle),
//! Annihilation or Domination, from 24" to 72" a side, and the same force on both sides within
//! the requisition limit.

use super::document::{ArmoredScenario, Mode, new_scenario};
use crate::game::Chooser;
use crate::systems::armored::ruleset::{Ruleset, UnitClass};
use crate::table::generate::{
    LAID_OUT_SIDE, PieceKind, band_points, deployment_bands, laid_out_facing, scatter_pieces,
};
use crate::table::{Facing, Objective, Piece, PlacedUnit, Pose, TableSymmetry};

/// The sizes a seed picks from, in inches (width by depth).
const USUAL_SIZES: [(u32, u32); 6] = [(36, 24), (36, 36), (48, 36), (48, 48), (60, 48), (72, 48)];

/// The profiles a generated force is drawn from; field guns are left out, as they need crews
/// placed beside them.
const FORCE_POOL: [&str; 10] = [
    "light_tank",
    "medium_tank",
    "tank_destroyer",
    "armoured_car",
    "halftrack",
    "infantry",
    "infantry_mg",
    "infantry_grenades",
    "at_rifle_team",
    "sniper_team",
];

/// A symmetric Armored Advance scenario for `request` (see the module text).
///
/// # Errors
/// A choice it cannot make.
pub fn generate(rules: &Ruleset, choose: &mut Chooser) -> Result<ArmoredScenario, String> {
    let (width, depth) = choose.size(&USUAL_SIZES, (24, 24), (72, 72), "inches")?;
    let symmetry = TableSymmetry::parse(choose.symmetry(&["mirror-top-bottom", "rotate180", "mirror-left-right"])?)?;
    let mode = match choose.pick("mode", &["annihilation", "domination"])? {
        "domination" => Mode::Domination,
        _ => Mode::Annihilation,
    };
    let dense = choose.pick("terrain", &["open", "dense"])? == "dense";
    let road = choose.pick("road", &["yes", "no"])? == "yes";
    let requisition: u32 = choose.pick("requisition", &["200", "300", "400", "500", "600"])?.parse().unwrap_or(400);
    let inch = rules.unit.um();
    let mut scenario = new_scenario(rules, width, depth);
    let (w, d) = (scenario.table.width, scenario.table.depth);
    let sides = scenario.sides.clone();
    let across_edge = if symmetry == TableSymmetry::MirrorLeftRight { w } else { d };
    let band = (across_edge / 5).clamp(8 * inch, 12 * inch);
    scenario.table.zones = deployment_bands(w, d, band, symmetry, [sides[0].as_str(), sides[1].as_str()]);
    scenario.symmetry = Some(symmetry);
    scenario.mode = mode;
    scenario.requisition_limit = requisition;
    // A road across the middle is its own image under a mirror top to bottom and a half turn.
    if road
        && symmetry != TableSymmetry::MirrorLeftRight
        && let Some(kind) = rules.kind("road")
    {
        scenario.table.pieces.push(Piece {
            kind: kind.id.clone(),
            footprint: crate::table::Footprint::Rect { length: 4 * inch, width: w },
            pose: Pose::new(w / 2, d / 2, Facing::UP),
            height: 0,
            walls: Vec::new(),
        });
    }
    let weights: &[(&str, usize)] = &[
        ("building", 3),
        ("foliage", 3),
        ("wall", 2),
        ("sandbags", 2),
        ("tank_traps", 1),
        ("mud", 1),
        ("deep_water", 1),
    ];
    let kinds: Vec<PieceKind> = weights
        .iter()
        .filter_map(|&(id, weight)| {
            let kind = rules.kind(id)?;
            Some(PieceKind {
                kind: kind.id.clone(),
                footprint: rules.kind_footprint(kind),
                height: rules.unit.to_um(kind.height, "").unwrap_or(0),
                weight,
            })
        })
        .collect();
    let area = (width * depth) as usize;
    let pairs = if dense { area / 180 } else { area / 320 }.max(2);
    // Pieces keep an inch and a half apart, wider than any hull, so no way is shut.
    let placed =
        scatter_pieces(&mut scenario.table, symmetry, &kinds, pairs, band, 3 * inch / 2, &mut |n| choose.below(n));
    if mode == Mode::Domination {
        let pairs = 1 + choose.below(2);
        let mut objectives =
            vec![Objective { name: "Centre".into(), at: (w / 2, d / 2), marker: inch * 1575 / 1000, radius: 3 * inch }];
        for n in 0..pairs {
            let sideways = symmetry == TableSymmetry::MirrorLeftRight;
            let (along, across) = if sideways { (d, w) } else { (w, d) };
            let offset = i64::try_from(choose.below(usize::try_from(across / 6).unwrap_or(1).max(1))).unwrap_or(0);
            let a = along / 6
                + i64::try_from(n).unwrap_or(0) * along / 3
                + i64::try_from(choose.below(usize::try_from(along / 8).unwrap_or(1).max(1))).unwrap_or(0);
            let b = (across / 2 - across / 12 - offset).max(band + 4 * inch);
            if b + 2 * inch >= across / 2 {
                continue;
            }
            let at = if sideways { (b, a) } else { (a, b) };
            let clear = scenario
                .table
                .pieces
                .iter()
                .all(|p| p.shape().distance_to_point((at.0 as f64, at.1 as f64)) > 2.0 * inch as f64);
            if !clear {
                continue;
            }
            let name = format!("Objective {}", objectives.len() + 1);
            let image = symmetry.point(w, d, at);
            objectives.push(Objective { name: format!("{name}a"), at, marker: inch * 1575 / 1000, radius: 3 * inch });
            objectives.push(Objective {
                name: format!("{name}b"),
                at: image,
                marker: inch * 1575 / 1000,
                radius: 3 * inch,
            });
        }
        // The centre marker needs clear ground under it.
        let centre = (w / 2, d / 2);
        scenario.table.pieces.retain(|p| {
            p.kind == "road" || p.shape().distance_to_point((centre.0 as f64, centre.1 as f64)) > 3.0 * inch as f64
        });
        scenario.table.objectives = objectives;
        scenario.vp_target = Some(6);
        scenario.turn_limit = Some(10);
    }
    let force = draft_force(rules, requisition, choose);
    let facing = laid_out_facing(symmetry);
    let rows = [band / 5, 3 * band / 5];
    let (vehicles, men): (Vec<&str>, Vec<&str>) =
        force.iter().partition(|id| rules.profile(id).is_some_and(|p| p.class == UnitClass::Vehicle));
    for (row, group) in [(rows[1], &vehicles), (rows[0], &men)] {
        for (at, profile) in band_points(w, d, symmetry, group.len(), row).into_iter().zip(group.iter()) {
            let unit = PlacedUnit {
                profile: (*profile).to_owned(),
                owner: LAID_OUT_SIDE,
                pose: Pose::new(at.0, at.1, facing),
            };
            let image = symmetry.unit(w, d, &unit);
            scenario.table.units.push(image);
            scenario.table.units.push(unit);
        }
    }
    scenario.name = format!("Generated table {}", choose.seed());
    let said = choose.said();
    scenario.description = format!("{said} {placed} pairs of terrain pieces.");
    Ok(scenario)
}

/// The same force for both sides: at least one vehicle (Annihilation is lost without one),
/// then profiles from [`FORCE_POOL`] while they fit the requisition limit, at most seven units
/// so a band always holds them.
fn draft_force(rules: &Ruleset, requisition: u32, choose: &mut Chooser) -> Vec<&'static str> {
    let pool: Vec<&'static str> = FORCE_POOL.into_iter().filter(|id| rules.profile(id).is_some()).collect();
    let cost = |id: &str| rules.profile(id).map_or(u32::MAX, |p| p.cost);
    let vehicles: Vec<&'static str> =
        pool.iter().copied().filter(|id| rules.profile(id).is_some_and(|p| p.class == UnitClass::Vehicle)).collect();
    let mut force = Vec::new();
    let mut spent = 0;
    if let Some(&first) = vehicles.get(choose.below(vehicles.len()))
        && cost(first) <= requisition
    {
        force.push(first);
        spent += cost(first);
    }
    let mut misses = 0;
    while misses < 12 && force.len() < 7 {
        let Some(&id) = pool.get(choose.below(pool.len())) else { break };
        if spent + cost(id) > requisition {
            misses += 1;
            continue;
        }
        spent += cost(id);
        force.push(id);
    }
    force
}
