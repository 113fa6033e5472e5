//! Generated Skirm scenarios: a symmetric battle map with walls, doors, raised ground reached
//! by stairs, rubble and the items its mission needs, a deployment zone along each side's edge,
//! and the same squad on both sides. Half the map is laid out and copied onto the other half,
//! so it is exactly symmetric by construction.

use super::document::{SkirmScenario, Squad, SquadUnit};
use super::validate::unit_ep;
use crate::board::{Board, Edge, EdgeFeature, HalfBoard, Pos, Symmetry, Wall};
use crate::game::Chooser;
use crate::systems::skirm::rules::{ItemKind, Ruleset};

/// A symmetric Skirm scenario for `request` (see the module text).
///
/// # Errors
/// A choice it cannot make, or a ruleset without the terrain, missions or factions it uses.
pub fn generate(rules: &Ruleset, choose: &mut Chooser) -> Result<SkirmScenario, String> {
    let missions: Vec<(&str, &str)> = rules.missions.iter().map(|m| (m.id.as_str(), m.name.as_str())).collect();
    let mission_id = choose.pick_named("mission", &missions)?;
    let mission = rules.mission(mission_id).ok_or("the ruleset has no missions")?;
    // An odd number of objectives, markers or items puts one on the centre square, which only
    // a board of odd sides has.
    let needs_centre =
        mission.objectives % 2 == 1 || mission.markers % 2 == 1 || mission.items.iter().any(|i| i.count % 2 == 1);
    let usual: &[(u32, u32)] = if needs_centre {
        &[(11, 11), (13, 13), (13, 11), (15, 13)]
    } else {
        &[(12, 12), (14, 12), (12, 14), (16, 12)]
    };
    let (width, height) = choose.size(usual, (8, 8), (30, 30), "squares")?;
    let symmetry = match choose.symmetry(&["rotate180", "mirror-top-bottom", "mirror-left-right"])? {
        "mirror-top-bottom" => Symmetry::MirrorTopBottom,
        "mirror-left-right" => Symmetry::MirrorLeftRight,
        _ => Symmetry::Rotate180,
    };
    if needs_centre && (width % 2 == 0 || height % 2 == 0) {
        return Err(format!(
            "{} puts one thing on the centre square, so its map needs odd sides; {width}x{height} has none",
            mission.name
        ));
    }
    let walls = choose.pick("walls", &["few", "many"])? == "many";
    let heights = choose.pick("heights", &["flat", "raised"])? == "raised";
    let doors = choose.pick("doors", &["yes", "no"])? == "yes";
    let factions: Vec<(&str, &str)> = rules.factions.iter().map(|f| (f.id.as_str(), f.name.as_str())).collect();
    let faction = choose.pick_named("faction", &factions)?;
    let (width, height) = (u16::try_from(width).unwrap_or(12), u16::try_from(height).unwrap_or(12));
    let terrain = |id: &str| rules.terrain_id(id).ok_or_else(|| format!("the ruleset has no terrain '{id}'"));
    let (open, difficult, impassable, stairs) =
        (terrain("open")?, terrain("difficult")?, terrain("impassable")?, terrain("stairs")?);
    let half = HalfBoard::new(width, height, symmetry);
    let mut board = Board::filled(width, height, open);
    let zone_rows = 2u16;
    let middle = half.middle();
    let field = |from: u16| from > zone_rows && from <= middle;
    // Rubble and ruins in clumps between the zones.
    let clumps = usize::from(half.across) * usize::from(half.rows()) / 18;
    for _ in 0..clumps {
        let kind = if choose.chance(65) { difficult } else { impassable };
        let (a, f) = (
            choose.below(usize::from(half.across)) as u16,
            zone_rows + 1 + choose.below(usize::from(middle.saturating_sub(zone_rows).max(1))) as u16,
        );
        let size = if kind == impassable { 1 } else { 2 };
        for (da, df) in [(0, 0), (1, 0), (0, 1), (1, 1)].into_iter().take(size * 2) {
            if half.holds(a + da, f + df) && field(f + df) {
                board.set_terrain(half.pos(a + da, f + df), kind);
            }
        }
    }
    // Raised ground: a 2 x 2 platform with stairs on its side toward the laid-out side's edge.
    if heights {
        for _ in 0..1 + choose.below(2) {
            let a = choose.below(usize::from(half.across.saturating_sub(2)).max(1)) as u16;
            let f = zone_rows + 2 + choose.below(usize::from(middle.saturating_sub(zone_rows + 2).max(1))) as u16;
            for (da, df) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                if half.holds(a + da, f + df) && f + df < middle {
                    let pos = half.pos(a + da, f + df);
                    board.set_terrain(pos, open);
                    board.set_height(pos, 1);
                }
            }
            if half.holds(a, f - 1) {
                board.set_terrain(half.pos(a, f - 1), stairs);
            }
        }
    }
    // Walls: short runs across the field, some with a door.
    let runs = if walls { 3 + choose.below(3) } else { 1 + choose.below(2) };
    for _ in 0..runs {
        let a = choose.below(usize::from(half.across.saturating_sub(3)).max(1)) as u16;
        let f = zone_rows + 1 + choose.below(usize::from(middle.saturating_sub(zone_rows + 1).max(1))) as u16;
        let length = 2 + choose.below(3) as u16;
        let tall = choose.chance(40);
        let door_at = (doors && length >= 3).then(|| choose.below(usize::from(length)) as u16);
        for step in 0..length {
            let (here, beside) = (half.pos(a + step, f), half.pos(a + step, f + 1));
            if !half.holds(a + step, f + 1) || f + 1 > middle {
                continue;
            }
            let Some(edge) = Edge::between(here, beside) else { continue };
            let feature = EdgeFeature {
                wall: Some(Wall { height: if tall { 2 } else { 1 }, climbable: false }),
                door: (door_at == Some(step)).then_some(crate::board::Door { open: false }),
            };
            board.set_edge(edge, Some(feature));
        }
    }
    // The mission's objectives, markers and items on open, flat ground of the field; an odd one
    // on the centre square.
    let centre = Pos::new(width / 2, height / 2);
    let mut taken: Vec<Pos> = Vec::new();
    let spot = |board: &mut Board, choose: &mut Chooser, odd: bool, taken: &mut Vec<Pos>| -> Option<Pos> {
        if odd {
            board.set_terrain(centre, open);
            board.set_height(centre, 0);
            taken.push(centre);
            return Some(centre);
        }
        for _ in 0..200 {
            let a = choose.below(usize::from(half.across)) as u16;
            let f = zone_rows + 1 + choose.below(usize::from(middle.saturating_sub(zone_rows).max(1))) as u16;
            let pos = half.pos(a, f);
            let image = half.image(pos, width, height);
            if !half.holds(a, f) || f >= middle || pos == image || taken.iter().any(|p| p.distance(pos) < 2) {
                continue;
            }
            board.set_terrain(pos, open);
            board.set_height(pos, 0);
            taken.push(pos);
            return Some(pos);
        }
        None
    };
    let mut objectives = Vec::new();
    let mut markers = Vec::new();
    let mut items: Vec<(Pos, ItemKind)> = Vec::new();
    let counts: Vec<(u8, usize)> = std::iter::once((mission.objectives, 0))
        .chain(std::iter::once((mission.markers, 1)))
        .chain(mission.items.iter().enumerate().map(|(i, n)| (n.count, 2 + i)))
        .collect();
    for (count, what) in counts {
        for n in 0..count.div_ceil(2) {
            let odd = count % 2 == 1 && n == 0;
            let pos =
                spot(&mut board, choose, odd, &mut taken).ok_or("the map has no room for the mission's things")?;
            let mut place = |p: Pos| match what {
                0 => objectives.push(p),
                1 => markers.push(p),
                i => {
                    if let Some(needed) = mission.items.get(i - 2) {
                        items.push((p, needed.item.clone()));
                    }
                }
            };
            place(pos);
            if !odd {
                place(half.image(pos, width, height));
            }
        }
    }
    board.copy_first_half(half.map);
    // Deployment: squad 1 along the laid-out edge, squad 2 along its image.
    let mut zones: [Vec<Pos>; 2] = [Vec::new(), Vec::new()];
    for from in 0..zone_rows {
        for across in 0..half.across {
            let pos = half.pos(across, from);
            zones[0].push(pos);
            zones[1].push(half.image(pos, width, height));
        }
    }
    for zone in &mut zones {
        zone.sort_by_key(|p| (p.y, p.x));
        for &pos in zone.iter() {
            // Deployment ground is open and flat, so a squad always fits.
            board.set_terrain(pos, open);
            board.set_height(pos, 0);
        }
    }
    let ep_limit = rules.squad_ep;
    let squad = draft_squad(rules, faction, ep_limit, choose)?;
    let mut second = squad.clone();
    second.name = format!("{} (second)", squad.name);
    let mut scenario = SkirmScenario {
        name: format!("Generated {} {}", mission.name, choose.seed()),
        author: "Skirmish Studio generator".into(),
        description: String::new(),
        mission: mission.id.clone(),
        environment: None,
        turns: None,
        ep_limit,
        board,
        objectives,
        markers,
        items,
        zones,
        squads: vec![squad, second],
        symmetry: Some(symmetry),
        backdrop: None,
        art: crate::art::ArtBook::default(),
    };
    scenario.description = choose.said();
    Ok(scenario)
}

/// A squad of `faction` within `ep_limit`: its Leader, then the cheaper cards in turn while
/// they fit, each unique card at most once.
fn draft_squad(rules: &Ruleset, faction: &str, ep_limit: u32, choose: &mut Chooser) -> Result<Squad, String> {
    let faction = rules.factions.iter().find(|f| f.id == faction).ok_or("the ruleset has no factions")?;
    let mut units: Vec<SquadUnit> = Vec::new();
    let card = |profile: &str| SquadUnit {
        profile: profile.to_owned(),
        name: String::new(),
        weapons: Vec::new(),
        gear: Vec::new(),
        xp: 0,
        pos: None,
    };
    let mut spent = 0;
    if let Some(leader) = faction.profiles.iter().find(|p| p.leader().is_some()) {
        let unit = card(&leader.id);
        spent += unit_ep(rules, &unit);
        units.push(unit);
    }
    let others: Vec<_> = faction.profiles.iter().filter(|p| p.leader().is_none()).collect();
    let mut misses = 0;
    while misses < 3 * others.len().max(1) && units.len() < 10 {
        let Some(profile) = others.get(choose.below(others.len())) else { break };
        let unit = card(&profile.id);
        let cost = unit_ep(rules, &unit);
        let repeats_unique = profile.is_unique() && units.iter().any(|u| u.profile == profile.id);
        if spent + cost > ep_limit || repeats_unique {
            misses += 1;
            continue;
        }
        spent += cost;
        units.push(unit);
    }
    Ok(Squad { name: format!("{} squad", faction.name), faction: faction.id.clone(), units })
}
