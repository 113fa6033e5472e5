//! The Skirm validator: every rule a scenario can break before the battle, each a finding
//! with a stable code, its squares and an explanation; and the designer's statistics (how many
//! activations each zone needs to reach each objective and item, how much each zone sees).

use super::document::{SkirmScenario, Squad, SquadUnit};
use super::fix::{Fix, fix_for};
use crate::board::{Edge, Pos};
use crate::systems::skirm::rules::{INFILTRATOR_CLEARANCE, ItemKind, Movement, UnitSpecial, WeaponSpecial};
use crate::systems::skirm::rules::{Map, Mover, Ruleset, Sight};
use std::collections::BTreeMap;

pub use crate::game::Severity;

/// One thing the validator found, on squares.
pub type Finding = crate::game::Finding<Pos, Fix>;

fn error(code: &'static str, message: String, squares: Vec<Pos>) -> Finding {
    Finding::error(code, message, squares)
}

fn warning(code: &'static str, message: String, squares: Vec<Pos>) -> Finding {
    Finding::warning(code, message, squares)
}

/// A unit's EP: its card, its added weapons and gear.
#[must_use]
pub fn unit_ep(rules: &Ruleset, unit: &SquadUnit) -> u32 {
    let card = rules.profile(&unit.profile).map_or(0, |(_, p)| p.ep);
    let weapons: u32 = unit.weapons.iter().filter_map(|w| rules.weapon(w)).map(|w| w.ep).sum();
    let gear: u32 = unit.gear.iter().filter_map(|g| rules.gear_item(g)).map(|g| g.ep).sum();
    card + weapons + gear
}

/// A squad's EP.
#[must_use]
pub fn squad_ep(rules: &Ruleset, squad: &Squad) -> u32 {
    squad.units.iter().map(|u| unit_ep(rules, u)).sum()
}

/// The rules of squad building a squad breaks (rules "Building Your Squad", "NEQ", "XPx").
#[must_use]
pub fn squad_findings(rules: &Ruleset, squad: &Squad, index: usize, ep_limit: u32) -> Vec<Finding> {
    let mut out = Vec::new();
    let name = squad.label(index);
    if squad.units.is_empty() {
        out.push(error("squad-empty", format!("{name} has no units"), Vec::new()));
    }
    let ep = squad_ep(rules, squad);
    if ep > ep_limit {
        out.push(error("squad-over-ep-limit", format!("{name} costs {ep} EP; the limit is {ep_limit}"), Vec::new()));
    }
    let profiles: Vec<_> = squad.units.iter().filter_map(|u| rules.profile(&u.profile).map(|(_, p)| (u, p))).collect();
    let leaders: Vec<Pos> = profiles.iter().filter(|(_, p)| p.leader().is_some()).filter_map(|(u, _)| u.pos).collect();
    let leader_count = profiles.iter().filter(|(_, p)| p.leader().is_some()).count();
    if leader_count > 1 {
        out.push(error("two-leaders", format!("{name} has {leader_count} Leaders; a squad has one at most"), leaders));
    }
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for (unit, profile) in &profiles {
        if profile.is_unique() {
            *counts.entry(&profile.name).or_default() += 1;
        }
        for id in unit.weapons.iter().chain(&unit.gear) {
            let unique = rules.weapon(id).is_some_and(|w| w.is_unique())
                || rules.gear_item(id).is_some_and(|g| g.specials.contains(&WeaponSpecial::Unique));
            if unique {
                let label = rules.weapon(id).map(|w| w.name.as_str()).unwrap_or(id.as_str());
                *counts.entry(label).or_default() += 1;
            }
        }
    }
    for (what, n) in counts.into_iter().filter(|&(_, n)| n > 1) {
        out.push(error("unique-twice", format!("{name} includes the unique {what} {n} times"), Vec::new()));
    }
    let faction = rules.faction(&squad.faction);
    for (unit, profile) in &profiles {
        let squares: Vec<Pos> = unit.pos.into_iter().collect();
        for id in unit.weapons.iter().chain(&unit.gear) {
            let (ep, specials, label) = match (rules.weapon(id), rules.gear_item(id)) {
                (Some(w), _) => (w.ep, &w.specials, w.name.as_str()),
                (None, Some(g)) => (g.ep, &g.specials, g.name.as_str()),
                _ => continue,
            };
            if faction.is_some_and(|f| !f.armoury.contains(id)) {
                out.push(error(
                    "gear-not-allowed",
                    format!("{} of {name} takes {label}, which is not in the {} armoury", profile.name, squad.faction),
                    squares.clone(),
                ));
            }
            if profile.specials.contains(&UnitSpecial::NoEquipment) && ep > 0 {
                out.push(error(
                    "gear-not-allowed",
                    format!("{} of {name} has NEQ and cannot take {label}, which costs {ep} EP", profile.name),
                    squares.clone(),
                ));
            }
            let min_xp = specials.iter().find_map(|s| if let WeaponSpecial::MinXp(x) = s { Some(*x) } else { None });
            if let Some(x) = min_xp.filter(|&x| unit.xp < u32::from(x)) {
                out.push(error(
                    "gear-not-allowed",
                    format!("{} of {name} has {} XP; {label} needs XP{x}", profile.name, unit.xp),
                    squares.clone(),
                ));
            }
        }
    }
    out
}

/// The cost in squares to reach every square from a zone, for a unit on foot with nobody in
/// the way (`u32::MAX` where it cannot).
#[must_use]
pub fn zone_costs(rules: &Ruleset, scenario: &SkirmScenario, zone: &[Pos]) -> Vec<u32> {
    let board = &scenario.board;
    let map = Map::new(board, rules);
    let mut best = vec![u32::MAX; board.terrain.len()];
    let budget = u32::from(board.width) * u32::from(board.height) * 4;
    for &start in zone {
        if !board.contains(start) || map.movement(start) == Movement::Impassable {
            continue;
        }
        best[board.index(start)] = 0;
        for (pos, cost) in map.reach(Mover::default(), start, 0, &[], budget) {
            let slot = &mut best[board.index(pos)];
            *slot = (*slot).min(cost);
        }
    }
    best
}

/// Activations to cover a cost in squares ([house]: a unit of 3 ACT moves twice an
/// activation, 1 ACT and then 2).
#[must_use]
pub fn activations(rules: &Ruleset, cost: u32) -> Option<u32> {
    (cost != u32::MAX).then(|| cost.div_ceil(u32::from(rules.move_squares) * 2))
}

/// Every finding for a scenario.
#[must_use]
pub fn validate(rules: &Ruleset, scenario: &SkirmScenario) -> Vec<Finding> {
    let mut out = Vec::new();
    let map = Map::new(&scenario.board, rules);
    let impassable = |p: Pos| map.movement(p) == Movement::Impassable;
    let mission = rules.mission(&scenario.mission);
    // Things on impassable squares.
    for (what, code, squares) in [
        ("an objective", "objective-on-impassable", scenario.objectives.clone()),
        ("a marker", "item-on-impassable", scenario.markers.clone()),
        ("an item", "item-on-impassable", scenario.items.iter().map(|(p, _)| *p).collect()),
    ] {
        for p in squares.into_iter().filter(|&p| impassable(p)) {
            out.push(error(code, format!("{what} stands inside the impassable square {p}"), vec![p]));
        }
    }
    let deployment = scenario.deployment(rules);
    for (index, squad) in scenario.squads.iter().enumerate() {
        out.extend(squad_findings(rules, squad, index, scenario.ep_limit));
        let zone = scenario.zones.get(index).map(Vec::as_slice).unwrap_or_default();
        let enemy_zone_units: Vec<Pos> = deployment
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != index)
            .flat_map(|(_, d)| d.iter().flatten().copied())
            .collect();
        for (unit, pos) in squad.units.iter().zip(deployment.get(index).into_iter().flatten()) {
            let infiltrator =
                rules.profile(&unit.profile).is_some_and(|(_, p)| p.specials.contains(&UnitSpecial::Infiltrator));
            let Some(pos) = *pos else {
                out.push(error(
                    "zone-too-small",
                    format!("{} has no free square in its zone for {}", squad.label(index), unit.label(rules)),
                    zone.to_vec(),
                ));
                continue;
            };
            if impassable(pos) {
                out.push(error(
                    "unit-on-impassable",
                    format!(
                        "{} of {} stands inside the impassable square {pos}",
                        unit.label(rules),
                        squad.label(index)
                    ),
                    vec![pos],
                ));
            }
            if !zone.contains(&pos) {
                let too_close = enemy_zone_units
                    .iter()
                    .chain(&scenario.objectives)
                    .any(|&p| UnitSpecial::Infiltrator.applies_at(Map::distance(p, pos)) == Some(false));
                if !infiltrator {
                    out.push(error(
                        "unit-outside-zone",
                        format!("{} of {} starts outside its deployment zone", unit.label(rules), squad.label(index)),
                        vec![pos],
                    ));
                } else if too_close {
                    out.push(error(
                        "infiltrator-too-close",
                        format!(
                            "{} of {} (INF) deploys closer than {INFILTRATOR_CLEARANCE} squares to an enemy unit or an objective",
                            unit.label(rules),
                            squad.label(index)
                        ),
                        vec![pos],
                    ));
                }
            }
        }
    }
    if scenario.squads.is_empty() {
        out.push(warning(
            "no-squads",
            "the scenario holds no squads: players bring their own, and it cannot be playtested as it is".into(),
            Vec::new(),
        ));
    }
    for (index, zone) in scenario.zones.iter().enumerate() {
        if zone.is_empty() {
            let squad = scenario.squads.get(index).map(|s| s.name.as_str());
            let name = crate::systems::skirm::scenario::document::squad_label(squad, index);
            out.push(error("zone-missing", format!("{name} has no deployment zone"), Vec::new()));
        }
    }
    let overlap: Vec<Pos> = scenario.zones[0].iter().filter(|p| scenario.zones[1].contains(p)).copied().collect();
    if !overlap.is_empty() {
        out.push(error("zones-overlap", "the two deployment zones overlap".into(), overlap));
    }
    for (edge, feature) in &scenario.board.edges {
        if feature.door.is_some() && feature.wall.is_none() {
            let (a, b) = edge.corners();
            out.push(error(
                "door-without-wall",
                format!("a door on the edge from corner {a} to {b} stands in no wall"),
                squares_of(*edge),
            ));
        }
    }
    if let Some(mission) = mission {
        let objectives = scenario.objectives.len();
        if objectives < usize::from(mission.objectives) {
            out.push(error(
                "mission-needs-objectives",
                format!("{} needs {} objectives; the map has {objectives}", mission.name, mission.objectives),
                Vec::new(),
            ));
        }
        if scenario.markers.len() < usize::from(mission.markers) {
            out.push(error(
                "mission-needs-markers",
                format!("{} needs {} markers; the map has {}", mission.name, mission.markers, scenario.markers.len()),
                Vec::new(),
            ));
        }
        for needed in &mission.items {
            let have = scenario.items.iter().filter(|(_, item)| *item == needed.item).count();
            if have < usize::from(needed.count) {
                out.push(error(
                    "mission-needs-items",
                    format!(
                        "{} needs {} {}; the map has {have}",
                        mission.name,
                        needed.count,
                        item_name(rules, &needed.item)
                    ),
                    Vec::new(),
                ));
            }
        }
    }
    let costs = [zone_costs(rules, scenario, &scenario.zones[0]), zone_costs(rules, scenario, &scenario.zones[1])];
    let goals: Vec<(String, Pos)> = scenario
        .objectives
        .iter()
        .map(|&p| ("objective".to_owned(), p))
        .chain(scenario.markers.iter().map(|&p| ("marker".to_owned(), p)))
        .chain(scenario.items.iter().map(|(p, item)| (item_name(rules, item), *p)))
        .collect();
    if scenario.zones.iter().all(|z| !z.is_empty()) {
        for (what, pos) in &goals {
            if impassable(*pos) {
                continue;
            }
            let reach = costs.clone().map(|c| c[scenario.board.index(*pos)]);
            let turns = reach.map(|c| activations(rules, c));
            if reach.iter().all(|&c| c == u32::MAX) {
                out.push(error(
                    "objective-unreachable",
                    format!("no deployment zone can reach the {what} at {pos}"),
                    vec![*pos],
                ));
            } else if let [Some(a), Some(b)] = turns
                && a.abs_diff(b) >= 2
            {
                let sooner = if a < b { 1 } else { 2 };
                out.push(warning(
                    "objective-race",
                    format!(
                        "squad {sooner} reaches the {what} at {pos} in {} activations, the other in {}",
                        a.min(b),
                        a.max(b)
                    ),
                    vec![*pos],
                ));
            } else if turns.iter().filter(|t| t.is_none()).count() == 1 {
                out.push(warning(
                    "objective-race",
                    format!("only one deployment zone can reach the {what} at {pos}"),
                    vec![*pos],
                ));
            }
        }
        let [a, b] = [scenario.zones[0].len(), scenario.zones[1].len()];
        if a != b {
            out.push(warning(
                "zone-sizes-unequal",
                format!("the deployment zones have {a} and {b} squares"),
                Vec::new(),
            ));
        }
        let (first_sees, second_sees) = zone_sight(rules, scenario);
        let (low, high) = (first_sees.min(second_sees), first_sees.max(second_sees));
        // [house] "much more": a fifth more, and more than a couple of squares.
        if high > low + 2 && high * 4 > low * 5 {
            let more = if first_sees > second_sees { 1 } else { 2 };
            out.push(warning(
                "zone-sight-unequal",
                format!(
                    "zone {more} sees {high} squares of the other zone, which sees only {low} of zone {more}'s; walls or heights favour it"
                ),
                Vec::new(),
            ));
        }
    }
    for finding in &mut out {
        finding.fix = fix_for(rules, scenario, finding);
    }
    out
}

/// The squares on either side of an edge.
fn squares_of(edge: Edge) -> Vec<Pos> {
    let (a, b) = edge.corners();
    let first = Pos::new(a.x.min(b.x), a.y.min(b.y));
    let mut out = vec![first];
    match edge.axis {
        crate::board::EdgeAxis::Horizontal if first.y > 0 => out.push(Pos::new(first.x, first.y - 1)),
        crate::board::EdgeAxis::Vertical if first.x > 0 => out.push(Pos::new(first.x - 1, first.y)),
        _ => {}
    }
    out
}

/// An item's name for a message.
#[must_use]
pub fn item_name(rules: &Ruleset, item: &ItemKind) -> String {
    match item {
        ItemKind::Crate => "crate".into(),
        ItemKind::Barrel => "barrel".into(),
        ItemKind::Turret(kind) => rules.turret(kind).map_or_else(|| kind.clone(), |t| t.name.to_lowercase()),
    }
}

/// How exposed each zone is: the squares of zone 2 seen from some square of zone 1, and the
/// squares of zone 1 seen from some square of zone 2.
#[must_use]
pub fn zone_sight(rules: &Ruleset, scenario: &SkirmScenario) -> (usize, usize) {
    let sight = Sight::new(Map::new(&scenario.board, rules), &[]);
    let [first, second] = &scenario.zones;
    let seen = |from: &[Pos], to: &[Pos]| to.iter().filter(|&&b| from.iter().any(|&a| sight.sees(a, b))).count();
    (seen(first, second), seen(second, first))
}
