//! The Armored Advance validator: every finding with a severity, a stable code, a message in
//! a player's words, where on the table, and a one-click fix where one exists. It checks the
//! table against the text (size, deployment, requisition, Domination's odd objectives) and
//! against itself (pieces off the table or overlapping, units outside their zones or on each
//! other, zones of unequal area, objectives inside a zone, the declared symmetry).

use super::super::ruleset::{Ruleset, UnitClass};
use super::document::{ArmoredScenario, Mode};
use super::edit::{Edit, Fix};
use crate::game::Severity;
use crate::table::{
    Objective, Pose, Shape, TableSymmetry, Thing, Zone, ZonePurpose, asymmetries, overlaps, wholly_inside,
};

/// One thing the validator found, at points of the table (micrometres).
pub type Finding = crate::game::Finding<(i64, i64), Fix>;

/// A side's name for people.
#[must_use]
pub fn side_name(scenario: &ArmoredScenario, side: u8) -> String {
    scenario.sides.get(usize::from(side)).cloned().unwrap_or_else(|| format!("Side {}", side + 1))
}

/// A profile's name without the house mark.
#[must_use]
pub fn profile_name(rules: &Ruleset, id: &str) -> String {
    rules.profile(id).map_or_else(|| id.to_owned(), |p| p.shown_name().to_owned())
}

/// A unit's name for people: "Medium tank (M4 Sherman) 2 of Allies".
#[must_use]
pub fn unit_name(rules: &Ruleset, scenario: &ArmoredScenario, index: usize) -> String {
    let Some(unit) = scenario.table.units.get(index) else { return format!("unit {}", index + 1) };
    let same =
        scenario.table.units[..index].iter().filter(|u| u.profile == unit.profile && u.owner == unit.owner).count();
    let total = scenario.table.units.iter().filter(|u| u.profile == unit.profile && u.owner == unit.owner).count();
    let number = if total > 1 { format!(" {}", same + 1) } else { String::new() };
    format!("{}{number} of {}", profile_name(rules, &unit.profile), side_name(scenario, unit.owner))
}

/// A piece's name for people: "Building 3".
#[must_use]
pub fn piece_name(rules: &Ruleset, scenario: &ArmoredScenario, index: usize) -> String {
    rules.piece_name(&scenario.table.pieces, index)
}

/// A thing's name for people.
#[must_use]
pub fn thing_name(rules: &Ruleset, scenario: &ArmoredScenario, thing: Thing) -> String {
    match thing {
        Thing::Piece(i) => piece_name(rules, scenario, i),
        Thing::Unit(i) => unit_name(rules, scenario, i),
        Thing::Zone(i) => {
            scenario.table.zones.get(i).map_or_else(|| format!("zone {}", i + 1), |z| format!("zone {}", z.name))
        }
        Thing::Objective(i) => scenario
            .table
            .objectives
            .get(i)
            .map_or_else(|| format!("objective {}", i + 1), |o| format!("objective {}", o.name)),
    }
}

/// A unit's footprint on the table.
#[must_use]
pub fn unit_shape(rules: &Ruleset, scenario: &ArmoredScenario, index: usize) -> Option<Shape> {
    let unit = scenario.table.units.get(index)?;
    Some(rules.hull(&unit.profile)?.place(unit.pose))
}

/// Whether a unit of this profile may not stand on this piece (a building for anyone, tank
/// traps for a vehicle, deep water for a field gun).
fn forbidden(rules: &Ruleset, profile: &str, kind: &str) -> bool {
    let (Some(p), Some(k)) = (rules.profile(profile), rules.kind(kind)) else { return false };
    k.blocks_sight
        || k.wall
        || (k.tank_trap && p.class != UnitClass::Infantry)
        || (p.class == UnitClass::FieldGun && k.ground == super::super::ruleset::Ground::DeepWater)
}

/// Where unit `index` could stand instead: the nearest point on a half-inch lattice, facing as
/// it does, wholly inside one of its side's deployment zones and clear of every other unit and
/// of ground it may not stand on.
#[must_use]
pub fn free_spot(rules: &Ruleset, scenario: &ArmoredScenario, index: usize) -> Option<Pose> {
    let unit = scenario.table.units.get(index)?;
    let hull = rules.hull(&unit.profile)?;
    let step = rules.unit.um() / 2;
    let others: Vec<Shape> = (0..scenario.table.units.len())
        .filter(|&j| j != index)
        .filter_map(|j| unit_shape(rules, scenario, j))
        .collect();
    let blockers: Vec<Shape> = scenario
        .table
        .pieces
        .iter()
        .filter(|p| forbidden(rules, &unit.profile, &p.kind))
        .map(crate::table::Piece::shape)
        .collect();
    let mut candidates = Vec::new();
    for zone in
        scenario.table.zones.iter().filter(|z| z.owner == Some(unit.owner) && z.purpose == ZonePurpose::Deployment)
    {
        let (x0, x1) = (zone.points.iter().map(|p| p.0).min()?, zone.points.iter().map(|p| p.0).max()?);
        let (y0, y1) = (zone.points.iter().map(|p| p.1).min()?, zone.points.iter().map(|p| p.1).max()?);
        let mut y = y0 - y0.rem_euclid(step);
        while y <= y1 && candidates.len() < 40_000 {
            let mut x = x0 - x0.rem_euclid(step);
            while x <= x1 {
                candidates.push((x, y, zone.polygon()));
                x += step;
            }
            y += step;
        }
    }
    let distance = |(x, y): (i64, i64)| (x - unit.pose.x).pow(2) + (y - unit.pose.y).pow(2);
    candidates.sort_by_key(|&(x, y, _)| (distance((x, y)), y, x));
    candidates.into_iter().find_map(|(x, y, polygon)| {
        let pose = Pose::new(x, y, unit.pose.facing);
        let shape = hull.place(pose);
        (wholly_inside(&shape, &polygon) && !others.iter().chain(&blockers).any(|o| overlaps(&shape, o)))
            .then_some(pose)
    })
}

/// The pose that brings a shape back onto the table, the least way.
fn onto_table(shape: &Shape, pose: Pose, width: i64, depth: i64) -> Pose {
    let b = shape.bounds();
    let shift = |low: f64, high: f64, size: i64| -> i64 {
        if low < 0.0 {
            (-low).ceil() as i64
        } else if high > size as f64 {
            -((high - size as f64).ceil() as i64)
        } else {
            0
        }
    };
    Pose::new(pose.x + shift(b.min.0, b.max.0, width), pose.y + shift(b.min.1, b.max.1, depth), pose.facing)
}

fn off_table(shape: &Shape, width: i64, depth: i64) -> bool {
    let b = shape.bounds();
    b.min.0 < -0.5 || b.min.1 < -0.5 || b.max.0 > width as f64 + 0.5 || b.max.1 > depth as f64 + 0.5
}

fn finding(severity: Severity, code: &'static str, message: String, at: Vec<(i64, i64)>, fix: Option<Fix>) -> Finding {
    Finding { severity, code, message, places: at, fix }
}

/// The requisition a unit costs in this scenario: infantry is free in Domination, where the
/// setup gives both sides equal numbers.
#[must_use]
pub fn unit_cost(rules: &Ruleset, scenario: &ArmoredScenario, profile: &str) -> u32 {
    rules
        .profile(profile)
        .map_or(0, |p| if scenario.mode == Mode::Domination && p.class == UnitClass::Infantry { 0 } else { p.cost })
}

/// Every finding, in a fixed order.
#[must_use]
pub fn validate(rules: &Ruleset, scenario: &ArmoredScenario) -> Vec<Finding> {
    let mut out = Vec::new();
    let table = &scenario.table;
    let unit = rules.unit;
    let show = |um: i64| unit.show(um);
    let centre = |s: &Shape| {
        let (x, y) = s.centre();
        (x.round() as i64, y.round() as i64)
    };
    // The table.
    let (min_a, min_b) =
        (unit.to_um(rules.min_table.0, "").unwrap_or(0), unit.to_um(rules.min_table.1, "").unwrap_or(0));
    let (short, long) = (min_a.min(min_b), min_a.max(min_b));
    let (need_w, need_d) = if table.width >= table.depth { (long, short) } else { (short, long) };
    if table.width < need_w || table.depth < need_d {
        out.push(finding(
            Severity::Warning,
            "table-too-small",
            format!(
                "The table is {} x {}; the rules recommend at least {} x {}.",
                show(table.width),
                show(table.depth),
                show(short),
                show(long)
            ),
            vec![],
            Some(Fix::one(
                format!("Enlarge the table to {} x {}", show(table.width.max(need_w)), show(table.depth.max(need_d))),
                Edit::SetTableSize(table.width.max(need_w), table.depth.max(need_d)),
            )),
        ));
    }
    if scenario.action_limit == 0 {
        out.push(finding(
            Severity::Error,
            "no-actions",
            "The action limit is 0: no vehicle could ever act.".into(),
            vec![],
            Some(Fix::one("Set the action limit to 6", Edit::SetActionLimit(6))),
        ));
    }
    // The mode.
    match scenario.mode {
        Mode::TimedAnnihilation if scenario.turn_limit.is_none() => out.push(finding(
            Severity::Error,
            "timed-without-turn-limit",
            "Timed Annihilation needs a turn limit.".into(),
            vec![],
            Some(Fix::one("Set a turn limit of 6", Edit::SetTurnLimit(Some(6)))),
        )),
        Mode::Domination => {
            if scenario.turn_limit.is_none() && scenario.vp_target.is_none() {
                out.push(finding(
                    Severity::Error,
                    "domination-without-end",
                    "Domination is played to a VP target or a turn limit; this scenario has neither.".into(),
                    vec![],
                    Some(Fix::one("Set a turn limit of 6", Edit::SetTurnLimit(Some(6)))),
                ));
            }
            let n = table.objectives.len();
            // Points are tallied once for each of the opponent's turns, at most one a held
            // objective: a target above that many by the turn limit can only be reached in the
            // extra rounds of a tie.
            if let (Some(target), Some(limit)) = (scenario.vp_target, scenario.turn_limit) {
                let per_tally = u32::try_from(n).unwrap_or(u32::MAX);
                let counted = scenario.readings.ask(|r| r.turn_limit());
                let tallies = |limit: u32| match counted {
                    crate::systems::armored::rules::TurnLimit::Rounds => limit,
                    crate::systems::armored::rules::TurnLimit::PlayerTurns => limit.div_ceil(2),
                };
                let most = per_tally.saturating_mul(tallies(limit));
                if target > most {
                    // The least limit that holds enough tallies.
                    let enough = (per_tally > 0).then(|| {
                        let needed = target.div_ceil(per_tally);
                        match counted {
                            crate::systems::armored::rules::TurnLimit::Rounds => needed,
                            crate::systems::armored::rules::TurnLimit::PlayerTurns => 2 * needed - 1,
                        }
                    });
                    out.push(finding(
                        Severity::Warning,
                        "vp-target-unreachable",
                        format!(
                            "The VP target of {target} cannot be reached by the turn limit of {limit}: {n} objective(s) score at most {most} points by then."
                        ),
                        vec![],
                        enough.map(|l| Fix::one(format!("Set a turn limit of {l}"), Edit::SetTurnLimit(Some(l)))),
                    ));
                }
            }
            if n.is_multiple_of(2) {
                let middle = (table.width / 2, table.depth / 2);
                let at_middle = table.objectives.iter().position(|o| {
                    crate::table::measure::length((o.at.0 - middle.0) as f64, (o.at.1 - middle.1) as f64)
                        < unit.um() as f64
                });
                let fix = match at_middle {
                    Some(i) => {
                        Fix::one(format!("Remove objective {}", table.objectives[i].name), Edit::RemoveObjective(i))
                    }
                    None => Fix::one(
                        "Add an objective at the table's centre",
                        Edit::AddObjective(Objective {
                            name: "Centre".into(),
                            at: middle,
                            marker: rules.unit.to_um(1.575, "").unwrap_or(40_000),
                            radius: 3 * unit.um(),
                        }),
                    ),
                };
                out.push(finding(
                    Severity::Error,
                    "domination-even-objectives",
                    format!("Domination needs an odd number of objectives; this table has {n}."),
                    table.objectives.iter().map(|o| o.at).collect(),
                    Some(fix),
                ));
            }
        }
        _ => {}
    }
    // Pieces.
    let pieces: Vec<Shape> = table.pieces.iter().map(crate::table::Piece::shape).collect();
    for (i, piece) in table.pieces.iter().enumerate() {
        if off_table(&pieces[i], table.width, table.depth) {
            let to = onto_table(&pieces[i], piece.pose, table.width, table.depth);
            out.push(finding(
                Severity::Error,
                "piece-off-table",
                format!("{} reaches off the table.", piece_name(rules, scenario, i)),
                vec![centre(&pieces[i])],
                Some(Fix::one("Move it onto the table", Edit::MovePiece(i, to))),
            ));
        }
    }
    let may_overlap = |i: usize| rules.kind(&table.pieces[i].kind).is_some_and(|k| k.may_overlap);
    for i in 0..pieces.len() {
        for j in i + 1..pieces.len() {
            if !may_overlap(i) && !may_overlap(j) && overlaps(&pieces[i], &pieces[j]) {
                out.push(finding(
                    Severity::Error,
                    "pieces-overlap",
                    format!(
                        "{} and {} overlap; only ground (roads, mud, water) may lie under another piece.",
                        piece_name(rules, scenario, i),
                        piece_name(rules, scenario, j)
                    ),
                    vec![centre(&pieces[i]), centre(&pieces[j])],
                    Some(remove_overlap(rules, scenario, i, j)),
                ));
            }
        }
    }
    // Zones.
    for side in 0..2u8 {
        let has_zone = table.zones.iter().any(|z| z.owner == Some(side) && z.purpose == ZonePurpose::Deployment);
        if !has_zone {
            let band = (12 * unit.um()).min(table.depth / 4);
            let (a, b) = if side == 0 {
                ((0, table.depth - band), (table.width, table.depth))
            } else {
                ((0, 0), (table.width, band))
            };
            out.push(finding(
                Severity::Error,
                "no-deployment-zone",
                format!("{} has no deployment zone.", side_name(scenario, side)),
                vec![],
                Some(Fix::one(
                    format!("Add a zone {} deep along its edge", show(band)),
                    Edit::AddZone(Zone::rectangle(
                        format!("{} deployment", side_name(scenario, side)),
                        Some(side),
                        ZonePurpose::Deployment,
                        a,
                        b,
                    )),
                )),
            ));
        }
    }
    for clash in crate::table::zone_clashes(table) {
        let (code, message) = clash.describe(table);
        out.push(finding(Severity::Error, code, message, clash.place(table).into_iter().collect(), None));
    }
    let area = |side: u8| -> f64 {
        table
            .zones
            .iter()
            .filter(|z| z.owner == Some(side) && z.purpose == ZonePurpose::Deployment)
            .map(Zone::area)
            .sum()
    };
    let (a0, a1) = (area(0), area(1));
    if a0 > 0.0 && a1 > 0.0 && (a0 - a1).abs() > 0.01 * a0.max(a1) {
        let symmetry = scenario.symmetry.unwrap_or(TableSymmetry::Rotate180);
        let fix = table
            .zones
            .iter()
            .position(|z| z.owner == Some(0) && z.purpose == ZonePurpose::Deployment)
            .zip(table.zones.iter().position(|z| z.owner == Some(1) && z.purpose == ZonePurpose::Deployment))
            .map(|(first, second)| {
                let mut image = symmetry.zone(table.width, table.depth, &table.zones[first]);
                image.name.clone_from(&table.zones[second].name);
                Fix::one(
                    format!("Make {}'s zone the image of {}'s", side_name(scenario, 1), side_name(scenario, 0)),
                    Edit::SetZone(second, image),
                )
            });
        let sq = (unit.um() * unit.um()) as f64;
        out.push(finding(
            Severity::Warning,
            "zones-unequal",
            format!(
                "The deployment zones differ in area: {} has {:.0} sq {}, {} has {:.0}.",
                side_name(scenario, 0),
                a0 / sq,
                if unit == crate::table::LengthUnit::Inch { "in" } else { "cm" },
                side_name(scenario, 1),
                a1 / sq
            ),
            vec![],
            fix,
        ));
    }
    // Objectives.
    for (i, objective) in table.objectives.iter().enumerate() {
        let shape = objective.shape();
        if off_table(&shape, table.width, table.depth) {
            let to = onto_table(
                &shape,
                Pose::new(objective.at.0, objective.at.1, crate::table::Facing::UP),
                table.width,
                table.depth,
            );
            out.push(finding(
                Severity::Error,
                "objective-off-table",
                format!("Objective {} lies off the table.", objective.name),
                vec![objective.at],
                Some(Fix::one("Move it onto the table", Edit::MoveObjective(i, (to.x, to.y)))),
            ));
        }
        for zone in table.zones.iter().filter(|z| z.purpose == ZonePurpose::Deployment) {
            if crate::table::shape::distance(&shape, &zone.shape()) <= 0.0 {
                out.push(finding(
                    Severity::Warning,
                    "objective-in-zone",
                    format!("Objective {} lies in {}: one side holds it from the start.", objective.name, zone.name),
                    vec![objective.at],
                    None,
                ));
            }
        }
    }
    // Units.
    let shapes: Vec<Option<Shape>> = (0..table.units.len()).map(|i| unit_shape(rules, scenario, i)).collect();
    let zones: Vec<(u8, geo::Polygon<f64>)> = table
        .zones
        .iter()
        .filter(|z| z.purpose == ZonePurpose::Deployment)
        .filter_map(|z| Some((z.owner?, z.polygon())))
        .collect();
    let move_fix =
        |i: usize, label: &str| free_spot(rules, scenario, i).map(|pose| Fix::one(label, Edit::MoveUnit(i, pose)));
    for (i, placed) in table.units.iter().enumerate() {
        let Some(shape) = &shapes[i] else { continue };
        let at = (placed.pose.x, placed.pose.y);
        let inside = zones.iter().any(|(owner, polygon)| *owner == placed.owner && wholly_inside(shape, polygon));
        if !inside && zones.iter().any(|(owner, _)| *owner == placed.owner) {
            out.push(finding(
                Severity::Error,
                "unit-outside-zone",
                format!("{} is not wholly inside its side's deployment zone.", unit_name(rules, scenario, i)),
                vec![at],
                move_fix(i, "Move it into its zone"),
            ));
        }
        for (p, piece) in table.pieces.iter().enumerate() {
            if forbidden(rules, &placed.profile, &piece.kind) && overlaps(shape, &pieces[p]) {
                out.push(finding(
                    Severity::Error,
                    "unit-on-impassable",
                    format!(
                        "{} stands on {}, where it cannot be.",
                        unit_name(rules, scenario, i),
                        piece_name(rules, scenario, p)
                    ),
                    vec![at],
                    move_fix(i, "Move it to free ground in its zone"),
                ));
            }
        }
        for (j, other) in shapes.iter().enumerate().skip(i + 1) {
            if let Some(other) = other
                && overlaps(shape, other)
            {
                out.push(finding(
                    Severity::Error,
                    "units-overlap",
                    format!("{} and {} overlap.", unit_name(rules, scenario, i), unit_name(rules, scenario, j)),
                    vec![at, (table.units[j].pose.x, table.units[j].pose.y)],
                    move_fix(j, &format!("Move {} clear", unit_name(rules, scenario, j))),
                ));
            }
        }
    }
    // Forces.
    let mut costs = [0u32; 2];
    let mut infantry = [0usize; 2];
    for placed in &table.units {
        let side = usize::from(placed.owner.min(1));
        costs[side] = costs[side].saturating_add(unit_cost(rules, scenario, &placed.profile));
        if rules.profile(&placed.profile).is_some_and(|p| p.class == UnitClass::Infantry) {
            infantry[side] += 1;
        }
    }
    for side in 0..2u8 {
        let cost = costs[usize::from(side)];
        if cost > scenario.requisition_limit {
            out.push(finding(
                Severity::Error,
                "over-requisition",
                format!(
                    "{} force costs {cost}, over the requisition limit of {}.",
                    crate::game::naming::possessive(&side_name(scenario, side)),
                    scenario.requisition_limit
                ),
                vec![],
                Some(Fix::one(format!("Raise the requisition limit to {cost}"), Edit::SetRequisitionLimit(cost))),
            ));
        }
        if !table.units.iter().any(|u| u.owner == side) {
            out.push(finding(
                Severity::Warning,
                "side-without-units",
                format!("{} has no units placed yet.", side_name(scenario, side)),
                vec![],
                None,
            ));
        }
        let mechanised = table
            .units
            .iter()
            .filter(|u| u.owner == side)
            .any(|u| rules.profile(&u.profile).is_some_and(|p| p.mechanised()));
        if scenario.mode != Mode::Domination && table.units.iter().any(|u| u.owner == side) && !mechanised {
            // "The goal is simply to defeat the entirety of the opponent's mechanized force."
            out.push(finding(
                Severity::Warning,
                "no-mechanised-force",
                format!(
                    "{} has no vehicle or field gun: in {} it has lost before its first turn.",
                    side_name(scenario, side),
                    scenario.mode.label()
                ),
                vec![],
                None,
            ));
        }
    }
    if scenario.mode == Mode::Domination && infantry[0] != infantry[1] {
        out.push(finding(
            Severity::Warning,
            "domination-unequal-infantry",
            format!(
                "In Domination both sides field equal numbers of free infantry; {} has {}, {} has {}.",
                side_name(scenario, 0),
                infantry[0],
                side_name(scenario, 1),
                infantry[1]
            ),
            vec![],
            None,
        ));
    }
    // Symmetry.
    if let Some(symmetry) = scenario.symmetry {
        let hull = |id: &str| rules.hull(id);
        for broken in asymmetries(table, symmetry, unit.um() / 4, &hull) {
            let fix = match broken.thing {
                Thing::Piece(i) => {
                    // An image that would overlap a solid piece (the piece itself, across the
                    // mirror line) would bring an overlap back: then the piece goes instead.
                    let image = symmetry.piece(table.width, table.depth, &table.pieces[i]);
                    let solid = |p: &crate::table::Piece| rules.kind(&p.kind).is_some_and(|k| !k.may_overlap);
                    let clashes = solid(&image)
                        && table.pieces.iter().any(|other| solid(other) && overlaps(&image.shape(), &other.shape()));
                    Some(if clashes {
                        Fix::one(format!("Remove {}", piece_name(rules, scenario, i)), Edit::RemovePiece(i))
                    } else {
                        Fix::one("Place its image", Edit::AddPiece(image))
                    })
                }
                Thing::Unit(i) => {
                    let u = &table.units[i];
                    Some(Fix::one(
                        "Place its image for the other side",
                        Edit::AddUnit(symmetry.unit(table.width, table.depth, u)),
                    ))
                }
                _ => None,
            };
            out.push(finding(
                Severity::Warning,
                "asymmetric",
                format!(
                    "{} has no image under {} (it would stand at {}, {}).",
                    capitalised(&thing_name(rules, scenario, broken.thing)),
                    symmetry.label().to_lowercase(),
                    show(broken.image_at.0),
                    show(broken.image_at.1)
                ),
                vec![broken.at],
                fix,
            ));
        }
    }
    out
}

/// The fix for two overlapping pieces: take `j` away, with its image on a symmetric table (or
/// both, when each is the other's image), so neither the overlap nor a lonely piece is left.
fn remove_overlap(rules: &Ruleset, scenario: &ArmoredScenario, i: usize, j: usize) -> Fix {
    let gone = crate::table::overlap_removals(&scenario.table, scenario.symmetry, i, j, rules.unit.um() / 4);
    let label = crate::table::removal_label(&gone, i, j, |k| piece_name(rules, scenario, k));
    Fix { label, edits: gone.into_iter().map(Edit::RemovePiece).collect() }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}
