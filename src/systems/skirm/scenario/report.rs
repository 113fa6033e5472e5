//! The designer's reports on the command line: the statistics of `stats` and the asymmetries
//! of `symmetry`, each in words and as JSON.

use super::document::squad_label;
use super::{SkirmScenario, statistics};
use crate::board::{Pos, Symmetry};
use crate::game::Report;
use crate::systems::skirm::rules::Ruleset;
use std::fmt::Write as _;

/// The squads' zones, sight, units and EP, and how many activations each zone needs to reach
/// each objective and item.
#[must_use]
pub fn stats_report(rules: &Ruleset, scenario: &SkirmScenario) -> Report {
    let stats = statistics(rules, scenario);
    let s = scenario;
    let mission = rules.mission(&s.mission).map_or(s.mission.as_str(), |m| m.name.as_str());
    let mut text =
        format!("{} ({} x {}, {mission}, {} turns)\n", s.name, s.board.width, s.board.height, s.turns(rules));
    for squad in &stats.squads {
        let _ = writeln!(
            text,
            "  {}: zone of {} squares seeing {} squares; {} units, {} EP (limit {})",
            squad_label(s.squads.get(squad.squad).map(|q| q.name.as_str()), squad.squad),
            squad.zone_squares,
            squad.squares_seen,
            squad.units,
            squad.ep,
            s.ep_limit
        );
    }
    if !stats.races.is_empty() {
        let _ = writeln!(text, "  activations from each zone to reach:");
    }
    for race in &stats.races {
        let turns: Vec<String> = race
            .activations
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let name = squad_label(s.squads.get(i).map(|q| q.name.as_str()), i);
                format!("{name} {}", a.map_or_else(|| "never".to_owned(), |a| a.to_string()))
            })
            .collect();
        let _ = writeln!(text, "    {} {}: {}", race.what, race.pos, turns.join(", "));
    }
    Report { text, json: serde_json::json!(stats) }
}

/// What a square and its image must share: terrain, height, objective, marker, item, and the
/// zone. A symmetry of one map must swap the two squads' zones, or it would not make the
/// battle fair; under mirrors both ways one mirror swaps them and the other keeps each, and
/// which does, the image of squad 1's first zone square decides.
fn symmetry_breaks(scenario: &SkirmScenario, symmetry: Symmetry) -> Vec<(Pos, Pos, &'static str)> {
    let board = &scenario.board;
    let (w, h) = (board.width, board.height);
    let zone_of = |p: Pos| scenario.zones.iter().position(|z| z.contains(&p));
    let item_at = |p: Pos| scenario.items.iter().find(|(q, _)| *q == p).map(|(_, i)| i);
    let mut out = Vec::new();
    for map in symmetry.maps() {
        let swaps = symmetry.maps().len() == 1
            || scenario.zones[0].first().is_none_or(|&p| zone_of(map.apply(p, w, h)) == Some(1));
        let image_zone = |z: usize| if swaps { 1 - z } else { z };
        for p in board.squares() {
            let q = map.apply(p, w, h);
            let checks = [
                (board.terrain_at(p) != board.terrain_at(q), "terrain"),
                (board.height_at(p) != board.height_at(q), "height"),
                (scenario.objectives.contains(&p) != scenario.objectives.contains(&q), "objective"),
                (scenario.markers.contains(&p) != scenario.markers.contains(&q), "marker"),
                (item_at(p) != item_at(q), "item"),
                (zone_of(p).map(image_zone) != zone_of(q), "deployment zone"),
            ];
            out.extend(checks.into_iter().filter(|(broken, _)| *broken).map(|(_, what)| (p, q, what)));
        }
        for (edge, feature) in &board.edges {
            let image = map.edge(*edge, w, h);
            if board.edge(image) != Some(feature) {
                out.push((Pos::new(edge.x, edge.y), Pos::new(image.x, image.y), "wall or door"));
            }
        }
    }
    out
}

/// What breaks the declared symmetry, or `kind`.
///
/// # Errors
/// An unknown kind, none declared, or one that does not fit a two-squad map of this shape.
pub fn symmetry_text(scenario: &SkirmScenario, kind: Option<&str>) -> Result<Report, String> {
    let symmetry = crate::board::symmetry_to_check(kind, scenario.symmetry)?;
    if symmetry == Symmetry::Rotate90 || !symmetry.fits(scenario.board.width, scenario.board.height) {
        return Err(format!("a {} does not fit a two-squad battle map of this shape", symmetry.label()));
    }
    let breaks = symmetry_breaks(scenario, symmetry);
    let mut text = if breaks.is_empty() {
        format!("{}: symmetric under {}\n", scenario.name, symmetry.label())
    } else {
        format!("{}: {} asymmetries under {}\n", scenario.name, breaks.len(), symmetry.label())
    };
    for (pos, image, what) in &breaks {
        let _ = writeln!(text, "  {what} at {pos} differs from {image}");
    }
    let json = serde_json::json!({
        "symmetry": symmetry,
        "symmetric": breaks.is_empty(),
        "asymmetries": breaks.iter().map(|(p, q, what)| serde_json::json!({"pos": p, "image": q, "broken": what})).collect::<Vec<_>>(),
    });
    Ok(Report { text, json })
}
