//! Generated Skirmish Wars scenarios: a symmetric map of land, rivers or islands with or
//! without HQs, low or high income and factories near or far, and the same starting force on
//! each side. Half the map is laid out and the other half copied onto it, so the result is
//! exactly symmetric by construction, and the `symmetry` command agrees.

use super::model::{Scenario, ScenarioUnit, Symmetry};
use crate::board::{HalfBoard, TerrainId};
use crate::game::Chooser;
use crate::systems::swat::rules::{Pos, PropertyKind, Ruleset, TieBreak, TurnLimit};

/// The sizes a seed picks from, in squares.
const USUAL_SIZES: [(u32, u32); 5] = [(16, 12), (18, 14), (20, 16), (22, 16), (18, 18)];

/// A symmetric Skirmish Wars scenario for `request` (see the module text).
///
/// # Errors
/// A choice it cannot make, or a ruleset without the terrain and units it lays out.
pub fn generate(rules: &Ruleset, choose: &mut Chooser) -> Result<Scenario, String> {
    let (width, height) = choose.size(&USUAL_SIZES, (10, 8), (60, 60), "squares")?;
    let symmetry = match choose.symmetry(&["rotate180", "mirror-top-bottom", "mirror-left-right"])? {
        "mirror-top-bottom" => Symmetry::MirrorTopBottom,
        "mirror-left-right" => Symmetry::MirrorLeftRight,
        _ => Symmetry::Rotate180,
    };
    // The family first (the seed never picks one, so nothing is drawn for it): it takes the
    // seed's place in the choices it is made of, and leaves the others to the seed.
    let (family, family_value) = Family::chosen(&mut *choose)?;
    let by = format!("family={family_value}");
    let forced = |when: bool, value: &'static str| when.then_some((value, by.as_str()));
    let land = choose.pick_unless(
        "terrain",
        &["land", "rivers", "islands"],
        forced(matches!(family, Family::OneBridge | Family::CutOff), "islands")
            .or(forced(family == Family::Chokepoints, "rivers")),
    )?;
    let hq = choose.pick_unless("hq", &["yes", "no"], forced(family == Family::NoHq, "no"))? == "yes";
    let high_income = choose.pick_unless("income", &["low", "high"], forced(family == Family::Rich, "high"))? == "high";
    let factories_far = choose.pick("factories", &["near", "far"])? == "far";
    let (width, height) = (u16::try_from(width).unwrap_or(16), u16::try_from(height).unwrap_or(12));
    let terrain = |name: &str| rules.terrain_id(name).ok_or_else(|| format!("the ruleset has no terrain '{name}'"));
    let [plain, forest, hill, road, bridge, river, water, city, factory, hq_terrain] =
        ["plain", "forest", "hill", "road", "bridge", "river", "water", "city", "factory", "hq"].map(terrain);
    let (plain, forest, hill, road, bridge, river, water, city, factory, hq_terrain) =
        (plain?, forest?, hill?, road?, bridge?, river?, water?, city?, factory?, hq_terrain?);

    let mut scenario = Scenario::new(rules, width, height, plain, 2);
    let half = HalfBoard::new(width, height, symmetry);
    let paint = |scenario: &mut Scenario, across: u16, from: u16, kind: TerrainId| {
        if half.holds(across, from) {
            scenario.board.set_terrain(half.pos(across, from), kind);
        }
    };
    let middle = half.middle();
    let centre = half.across / 2;
    // Crossings come in pairs about the centre line, so the two halves' crossings meet
    // under every symmetry.
    // Never in the outer column, which an island's coast turns to water.
    let mut crossings = vec![(choose.below(usize::from(half.across / 2).max(1)) as u16).max(1)];
    if half.across >= 14 && choose.chance(60) {
        crossings.push((choose.below(usize::from(half.across / 2).max(1)) as u16).max(1));
    }
    let mut crossing_columns: Vec<u16> = crossings.iter().flat_map(|&c| [c, half.across - 1 - c]).collect();
    match family {
        // One bridge at the centre, one square wide on a board of odd width (two on an even
        // one, the narrowest crossing its own image meets).
        Family::OneBridge | Family::Chokepoints => {
            crossing_columns = vec![(half.across - 1) / 2, half.across / 2];
            crossing_columns.dedup();
        }
        Family::CutOff => crossing_columns.clear(),
        _ => {}
    }
    match land {
        "rivers" => {
            for across in 0..half.across {
                let kind = if crossing_columns.contains(&across) { bridge } else { river };
                paint(&mut scenario, across, middle, kind);
            }
        }
        "islands" => {
            let band = (half.depth / 8).clamp(1, 3);
            for from in (middle + 1).saturating_sub(band)..=middle {
                for across in 0..half.across {
                    let kind = if crossing_columns.contains(&across) { bridge } else { water };
                    paint(&mut scenario, across, from, kind);
                }
            }
            // A coast of water along the outer edges makes each side's ground an island.
            for from in 0..half.rows() {
                if choose.chance(70) {
                    paint(&mut scenario, 0, from, water);
                    paint(&mut scenario, half.across - 1, from, water);
                }
            }
        }
        _ => {}
    }
    // Woods and hills in small clumps on open ground, away from the back row.
    let clumps = usize::from(half.across) * usize::from(half.rows()) / 14;
    for _ in 0..clumps {
        let kind = if choose.chance(60) { forest } else { hill };
        let (a, f) =
            (choose.below(usize::from(half.across)) as u16, 1 + choose.below(usize::from(middle.max(1))) as u16);
        for (da, df) in [(0, 0), (1, 0), (0, 1)] {
            let (a, f) = (a + da, f + df);
            if a < half.across && f < middle && scenario.board.terrain_at(half.pos(a, f)) == plain && choose.chance(75)
            {
                paint(&mut scenario, a, f, kind);
            }
        }
    }
    // Properties: the HQ and factories at home, owned cities near them, neutral ones between.
    let home_across = (centre + choose.below(usize::from(half.across / 3).max(1)) as u16)
        .saturating_sub(half.across / 6)
        .clamp(1, half.across.saturating_sub(2));
    let mut properties: Vec<(u16, u16, TerrainId, Option<u8>)> = Vec::new();
    if hq {
        properties.push((home_across, 1, hq_terrain, Some(1)));
    }
    let factory_from = if factories_far { middle.saturating_sub(2).max(2) } else { 2 };
    let factory_count = if family == Family::Factories {
        FAMILY_FACTORIES
    } else {
        1 + usize::from(half.across >= 18 && choose.chance(50))
    };
    // The squares of the laid-out half a property may stand on: off the outer columns (an
    // island's coast) and before the middle row, row by row.
    let home_squares: Vec<(u16, u16)> =
        (1..middle).flat_map(|from| (1..half.across.saturating_sub(1)).map(move |across| (across, from))).collect();
    for n in 0..factory_count {
        // Two a row, each pair a row nearer the front; where the board is too narrow for that,
        // the nearest free square (two factories were once laid on one square of a small board).
        let offset = 2 + 3 * (n % 2) as u16;
        let across = if n % 2 == 0 { home_across.saturating_sub(offset) } else { home_across + offset };
        let from = factory_from + 2 * (n / 2) as u16;
        let wanted = (across.clamp(1, half.across - 2), from.min(middle.saturating_sub(1)));
        let free = |spot: &(u16, u16)| !properties.iter().any(|&(a, f, _, _)| (a, f) == *spot);
        let Some((across, from)) = std::iter::once(wanted).chain(nearest(&home_squares, wanted)).find(free) else {
            return Err(format!("{width}x{height} squares leave no room for {factory_count} factories a side"));
        };
        properties.push((across, from, factory, Some(1)));
    }
    // The owned cities a rich map needs beside its HQ for an income above the family's line,
    // at the ruleset's income per city and HQ.
    let rich_needs = {
        let city = rules.economy.income_of(PropertyKind::City).max(1);
        let hq_income = if hq { rules.economy.income_of(PropertyKind::Hq) } else { 0 };
        usize::try_from((RICH_INCOME_ABOVE + 1).saturating_sub(hq_income).div_ceil(city)).unwrap_or(usize::MAX)
    };
    let (owned, neutral) = if family == Family::Rich {
        // A city or two over what the income needs, the draws' to place.
        (rich_needs + 1 + choose.below(2), 4 + choose.below(3))
    } else if high_income {
        (4 + choose.below(3), 4 + choose.below(3))
    } else {
        (1 + choose.below(2), 1 + choose.below(2))
    };
    let spots = |choose: &mut Chooser, near: bool| {
        let from = if near {
            1 + choose.below(usize::from(middle / 2).max(1)) as u16
        } else {
            (middle / 2 + choose.below(usize::from(middle - middle / 2).max(1)) as u16).max(1)
        };
        (1 + choose.below(usize::from(half.across.saturating_sub(2)).max(1)) as u16, from.min(middle.saturating_sub(1)))
    };
    for (count, near, owner) in [(owned, true, Some(1)), (neutral, false, None)] {
        let mut placed = 0;
        let fits = |properties: &[(u16, u16, TerrainId, Option<u8>)], (across, from): (u16, u16)| {
            let taken = properties.iter().any(|&(a, f, _, _)| a.abs_diff(across) + f.abs_diff(from) < 2);
            let ground = scenario.board.terrain_at(half.pos(across, from));
            !taken && (ground == plain || ground == forest || ground == hill)
        };
        for _ in 0..count * 20 {
            if placed == count {
                break;
            }
            let spot = spots(choose, near);
            if fits(&properties, spot) {
                properties.push((spot.0, spot.1, city, owner));
                placed += 1;
            }
        }
        // A rich map promises its income: the cities it needs that the draws could not place
        // go on the first squares that fit, row by row from home, or the board is refused.
        if family == Family::Rich && owner.is_some() {
            for &spot in &home_squares {
                if placed < rich_needs && fits(&properties, spot) {
                    properties.push((spot.0, spot.1, city, owner));
                    placed += 1;
                }
            }
            if placed < rich_needs {
                return Err(format!(
                    "{width}x{height} squares hold {placed} cities a side; family=rich needs {rich_needs} for an income above {RICH_INCOME_ABOVE} a turn; ask for a larger --size"
                ));
            }
        }
    }
    for &(across, from, kind, owner) in &properties {
        paint(&mut scenario, across, from, kind);
        if let Some(owner) = owner {
            scenario.owners.insert(half.pos(across, from), owner);
        }
    }
    // A fortified chokepoint: hills on both banks beside the bridge, where a defender stands
    // with the river's defence behind it.
    if family == Family::Chokepoints {
        for &column in &crossing_columns {
            for across in [column.saturating_sub(1), column + 1] {
                for from in [middle.saturating_sub(1), middle.saturating_sub(2)] {
                    if across < half.across
                        && !crossing_columns.contains(&across)
                        && !properties.iter().any(|&(a, f, _, _)| (a, f) == (across, from))
                    {
                        paint(&mut scenario, across, from, hill);
                    }
                }
            }
        }
    }
    // A road from home to the nearest crossing keeps tanks moving on every map.
    if land != "land" || choose.chance(60) {
        let target = crossing_columns.iter().copied().min_by_key(|c| c.abs_diff(home_across)).unwrap_or(centre);
        let mut across = home_across;
        for from in 2..middle {
            let here = half.pos(across, from);
            if scenario.board.terrain_at(here) != water
                && !properties.iter().any(|&(a, f, _, _)| (a, f) == (across, from))
            {
                paint(&mut scenario, across, from, road);
            }
            if across != target && from + 1 >= middle.saturating_sub(target.abs_diff(across)) {
                across = if across < target { across + 1 } else { across - 1 };
                let here = half.pos(across, from);
                if scenario.board.terrain_at(here) != water
                    && !properties.iter().any(|&(a, f, _, _)| (a, f) == (across, from))
                {
                    paint(&mut scenario, across, from, road);
                }
            }
        }
    }
    // The starting force, the same on both sides: infantry at the front, armour behind.
    let force: &[&str] = if high_income {
        &["infantry", "infantry", "mech", "tank", "recon", "artillery"]
    } else {
        &["infantry", "infantry", "infantry", "tank", "recon"]
    };
    let mut free: Vec<(u16, u16)> = Vec::new();
    for from in 1..middle.saturating_sub(1).max(2) {
        for across in 0..half.across {
            free.push((across, from));
        }
    }
    let mut start = choose.below(free.len().max(1));
    for kind in force {
        let id = rules.unit_id(kind).ok_or_else(|| format!("the ruleset has no unit '{kind}'"))?;
        for _ in 0..free.len() {
            start = (start + 7) % free.len().max(1);
            let Some(&(across, from)) = free.get(start) else { break };
            let pos = half.pos(across, from);
            let taken = scenario.units.iter().any(|u| u.pos == pos)
                || properties.iter().any(|&(a, f, _, _)| (a, f) == (across, from));
            if !taken && rules.move_cost(id, scenario.board.terrain_at(pos)).is_some() {
                scenario.units.push(ScenarioUnit {
                    kind: (*kind).into(),
                    owner: 1,
                    hp: 8,
                    pos,
                    passengers: Vec::new(),
                });
                break;
            }
        }
    }
    // The laid-out half is seat 2's; its image is seat 1's.
    let map = half.map;
    scenario.board.copy_first_half(map);
    let owners: Vec<(Pos, u8)> = scenario.owners.iter().map(|(p, o)| (*p, *o)).collect();
    for (pos, owner) in owners {
        scenario.owners.insert(map.apply(pos, width, height), map.seat(owner, 2));
    }
    let units = scenario.units.clone();
    for unit in units {
        scenario.units.push(ScenarioUnit {
            pos: map.apply(unit.pos, width, height),
            owner: map.seat(unit.owner, 2),
            ..unit
        });
    }
    scenario.units.sort_by_key(|u| (u.owner, u.pos.y, u.pos.x));
    if family == Family::FullPools {
        // Every counter of each army is on the map: a pool of each kind as large as the army
        // starts with, and none of the kinds it does not field.
        for kind in &rules.units {
            let fielded = scenario.units.iter().filter(|u| u.owner == 1 && u.kind == kind.id).count();
            scenario.counters.insert(kind.id.clone(), Some(u32::try_from(fielded).unwrap_or(0)));
        }
    }
    if !hq {
        // Without HQs Conquest is won only by taking every unit; a turn limit decided by cities
        // gives the game an end the rules define.
        scenario.victory.turn_limit = Some(TurnLimit { rounds: 20, tie_break: TieBreak::MostCities });
    }
    // Tiles that divide the board, so the print sheets cut it on tile edges.
    scenario.tile_size = u8::try_from(greatest_common_divisor(width, height).min(12)).unwrap_or(1);
    while width % u16::from(scenario.tile_size) != 0 || height % u16::from(scenario.tile_size) != 0 {
        scenario.tile_size -= 1;
    }
    scenario.symmetry = Some(symmetry);
    scenario.name = match family {
        Family::Ordinary => format!("Generated {land} map {}", choose.seed()),
        _ => format!("Generated {land} map {} ({})", choose.seed(), family.label()),
    };
    scenario.author = "Skirmish Studio generator".into();
    scenario.description = choose.said();
    Ok(scenario)
}

/// `squares` from nearest to farthest from `to` (steps across plus steps down), ties in their
/// own order.
fn nearest(squares: &[(u16, u16)], to: (u16, u16)) -> Vec<(u16, u16)> {
    let mut sorted = squares.to_vec();
    sorted.sort_by_key(|&(a, f)| a.abs_diff(to.0) + f.abs_diff(to.1));
    sorted
}

/// The income a turn a map of the `rich` family exceeds from the start (the line the community
/// maps that stall computer games cross).
const RICH_INCOME_ABOVE: u32 = 30;

/// Factories a side on a map of the `factories` family.
const FAMILY_FACTORIES: usize = 4;

/// The families a person or a judge asks for with `family=` (the seed never picks one): maps
/// shaped like the community's that stall computer games, each with its value and its name for
/// people. The first is the seed's own map.
const FAMILIES: [(Family, &str, &str); 8] = [
    (Family::Ordinary, "ordinary", "none (the seed's own map)"),
    (Family::Factories, "factories", "four factories a side"),
    (Family::Rich, "rich", "income above 30 a turn"),
    (Family::OneBridge, "one-bridge", "islands joined by one bridge"),
    (Family::CutOff, "cut-off", "islands with no bridge"),
    (Family::NoHq, "no-hq", "no HQ"),
    (Family::FullPools, "full-pools", "every counter on the map"),
    (Family::Chokepoints, "chokepoints", "a river crossed at one fortified bridge"),
];

/// A family of generated maps (see [`FAMILIES`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    Ordinary,
    Factories,
    Rich,
    OneBridge,
    CutOff,
    NoHq,
    FullPools,
    Chokepoints,
}

impl Family {
    /// The family asked for by the request (the seed's own map where none is).
    ///
    /// # Errors
    /// The value asked for is not a family's.
    fn chosen(choose: &mut Chooser) -> Result<(Self, &'static str), String> {
        let offered: Vec<(&'static str, &'static str)> = FAMILIES.iter().map(|&(_, id, label)| (id, label)).collect();
        let value = choose.option("family", &offered)?;
        let family = FAMILIES.iter().find(|(_, id, _)| *id == value).map_or(Self::Ordinary, |(f, _, _)| *f);
        Ok((family, value))
    }

    /// Its name for people.
    fn label(self) -> &'static str {
        FAMILIES.iter().find(|(f, _, _)| *f == self).map_or("", |(_, _, label)| label)
    }
}

fn greatest_common_divisor(a: u16, b: u16) -> u16 {
    if b == 0 { a.max(1) } else { greatest_common_divisor(b, a % b) }
}
