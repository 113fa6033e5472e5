//! Generated Modern Skirmish scenarios: a symmetric table of buildings, woods and low walls in
//! the mix a seed (or the designer) picks, deployment bands along the top and bottom edges, and
//! the text's forces in them. The forces differ by design, as the text gives them.

use super::document::{ModernScenario, new_scenario, text_forces};
use crate::game::Chooser;
use crate::systems::modern::ruleset::{Ruleset, cm};
use crate::table::generate::{PieceKind, deployment_bands, scatter_pieces};
use crate::table::{Footprint, TableSymmetry};

/// The sizes a seed picks from, in centimetres (width by depth).
const USUAL_SIZES: [(u32, u32); 4] = [(120, 90), (120, 120), (150, 100), (180, 120)];

/// A symmetric Modern Skirmish scenario for `request` (see the module text).
///
/// # Errors
/// A choice it cannot make.
pub fn generate(rules: &Ruleset, choose: &mut Chooser) -> Result<ModernScenario, String> {
    let (width, depth) = choose.size(&USUAL_SIZES, (60, 60), (240, 180), "cm")?;
    // The sides deploy along the top and bottom edges, as the text's set-up has them.
    let symmetry = TableSymmetry::parse(choose.symmetry(&["mirror-top-bottom", "rotate180"])?)?;
    let terrain = choose.pick("terrain", &["town", "country", "mixed"])?;
    let density = choose.pick("density", &["light", "heavy"])?;
    let mut scenario = new_scenario(rules, width, depth);
    let (w, d) = (scenario.table.width, scenario.table.depth);
    let band = cm(15.0).min(d / 4);
    let names = [rules.sides[0].as_str(), rules.sides[1].as_str()];
    scenario.table.zones = deployment_bands(w, d, band, symmetry, names);
    scenario.symmetry = Some(symmetry);
    let weight = |id: &str| match (terrain, id) {
        ("town", "building") | ("country", "wood") => 4,
        ("town", "wall") | ("country", "wall") | ("mixed", _) => 2,
        _ => 1,
    };
    let kinds: Vec<PieceKind> = rules
        .terrain
        .iter()
        .map(|k| PieceKind {
            kind: k.id.clone(),
            footprint: Footprint::Rect { length: cm(k.default_size.1), width: cm(k.default_size.0) },
            height: cm(k.height),
            weight: weight(&k.id),
        })
        .collect();
    let area = (width * depth) as usize;
    let pairs = if density == "heavy" { area / 1_400 } else { area / 2_400 }.max(2);
    // Pieces keep two bases apart, so a unit in formation can pass between any two.
    let gap = 2 * rules.base_um() + cm(1.0);
    let placed = scatter_pieces(&mut scenario.table, symmetry, &kinds, pairs, band, gap, &mut |n| choose.below(n));
    scenario.units = text_forces(rules, &scenario.table);
    scenario.name = format!("Generated {terrain} {}", choose.seed());
    let said = choose.said();
    scenario.description = format!("{said} {placed} pairs of terrain pieces; the text's forces.");
    Ok(scenario)
}
