//! The designer's numbers for a Modern Skirmish scenario: each unit's exact kill chance against
//! each enemy troop type in each row of the chart (open and cover), close combat's odds, the
//! activation test's chance by morale, and what the table gives each side at the start (figures
//! in cover, enemies in range, the nearest enemy).

use super::super::rules::{centre_distance, in_cover, melee_counts, passing_faces, range, shot_counts};
use super::super::ruleset::{Ruleset, cm};
use super::document::ModernScenario;
use super::setup::setup_of;
use super::validate::side_of;
use serde::Serialize;

/// One firer against one enemy type at one row.
#[derive(Debug, Clone, Serialize)]
pub struct KillChance {
    /// The firing units' names (one troop type).
    pub unit: String,
    /// Their troop type's name.
    pub troop: String,
    /// The enemy troop type's name.
    pub enemy: String,
    /// The row's range, centimetres.
    pub band: f64,
    /// Of 36: hits and kills in the open.
    pub open: (u32, u32),
    /// Of 36: hits and kills in cover.
    pub cover: (u32, u32),
}

/// A side at the start.
#[derive(Debug, Clone, Serialize)]
pub struct SideStart {
    /// The side's name.
    pub side: String,
    /// Units and figures.
    pub units: usize,
    /// Figures.
    pub figures: usize,
    /// Figures in cover from the nearest enemy.
    pub in_cover: usize,
    /// Enemy figures within the chart's reach of one of its figures.
    pub enemies_in_reach: usize,
}

/// The designer's numbers.
#[derive(Debug, Clone, Serialize)]
pub struct Statistics {
    /// Every kill chance.
    pub kill_chances: Vec<KillChance>,
    /// Close combat of 1296: attacker eliminated, both, defender eliminated.
    pub close_combat: [u32; 3],
    /// The activation test's passing faces (of 6) for 0, 4, 7 and 11 minuses.
    pub activation: Vec<(u32, u32)>,
    /// Each side at the start.
    pub sides: Vec<SideStart>,
    /// The nearest enemy figures at the start, base edge to base edge, micrometres.
    pub nearest_enemy: Option<i64>,
    /// Buildings on the table.
    pub buildings: usize,
}

impl Statistics {
    /// The kill chances in a block for each firer and enemy troop type, its rows nearest first:
    /// as many rows as that troop's chart has, which a house ruleset may change.
    pub fn kill_blocks(&self) -> impl Iterator<Item = &[KillChance]> {
        self.kill_chances.chunk_by(|a, b| a.troop == b.troop && a.enemy == b.enemy)
    }
}

/// The numbers for a scenario.
#[must_use]
pub fn statistics(rules: &Ruleset, scenario: &ModernScenario) -> Statistics {
    // Units of one troop type shoot alike: one row per type, naming its units.
    let mut kill_chances = Vec::new();
    for troop in &rules.troops {
        let names: Vec<&str> = scenario.units.iter().filter(|u| u.troop == troop.id).map(|u| u.name.as_str()).collect();
        if names.is_empty() {
            continue;
        }
        for enemy in rules.troops.iter().filter(|t| t.side != troop.side) {
            for band in &troop.bands {
                kill_chances.push(KillChance {
                    unit: names.join(", "),
                    troop: troop.name.clone(),
                    enemy: enemy.name.clone(),
                    band: band.up_to,
                    open: shot_counts(band.open),
                    cover: shot_counts(band.cover),
                });
            }
        }
    }
    let setup = setup_of(rules, scenario, scenario.readings);
    // The statistics read the scenario's readings as play does.
    let range_of = |a: (i64, i64), b: (i64, i64)| scenario.readings.ask(|r| range(rules, r, a, b));
    let reach = rules.troops.iter().flat_map(|t| t.bands.iter().map(|b| cm(b.up_to))).max().unwrap_or(0);
    let figures = |side: u8| -> Vec<(i64, i64)> {
        scenario.units.iter().filter(|u| side_of(rules, u) == side).flat_map(|u| u.figures.iter().copied()).collect()
    };
    let mut nearest_enemy: Option<i64> = None;
    let sides = (0..2u8)
        .map(|side| {
            let own = figures(side);
            let foes = figures(1 - side);
            let mut covered = 0;
            for &at in &own {
                if let Some(&foe) = foes.iter().min_by_key(|&&f| (centre_distance(at, f), f)) {
                    nearest_enemy = Some(nearest_enemy.map_or(range_of(at, foe), |n| n.min(range_of(at, foe))));
                    if scenario.readings.ask(|r| in_cover(rules, &setup, r, foe, at)) {
                        covered += 1;
                    }
                }
            }
            let in_reach = foes.iter().filter(|&&f| own.iter().any(|&o| range_of(o, f) <= reach)).count();
            SideStart {
                side: rules.side_name(side).to_owned(),
                units: scenario.units.iter().filter(|u| side_of(rules, u) == side).count(),
                figures: own.len(),
                in_cover: covered,
                enemies_in_reach: in_reach,
            }
        })
        .collect();
    Statistics {
        kill_chances,
        close_combat: melee_counts(rules),
        activation: [0u32, 4, 7, 11].iter().map(|&m| (m, passing_faces(rules, m))).collect(),
        sides,
        nearest_enemy,
        buildings: scenario.table.pieces.iter().filter(|p| rules.kind(&p.kind).is_some_and(|k| k.is_building)).count(),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing)]
    use super::*;

    #[test]
    fn each_firer_and_enemy_is_one_block_however_many_rows_its_chart_has() {
        let chance = |troop: &str, enemy: &str, band: f64| KillChance {
            unit: format!("1st {troop}"),
            troop: troop.into(),
            enemy: enemy.into(),
            band,
            open: (20, 10),
            cover: (15, 5),
        };
        // Two rows against one enemy, then four against another, then one.
        let kill_chances = vec![
            chance("Scouts", "Soldiers", 20.0),
            chance("Scouts", "Soldiers", 40.0),
            chance("Scouts", "Confederates", 20.0),
            chance("Scouts", "Confederates", 30.0),
            chance("Scouts", "Confederates", 40.0),
            chance("Scouts", "Confederates", 60.0),
            chance("Snipers", "Soldiers", 90.0),
        ];
        let stats = Statistics {
            kill_chances,
            close_combat: [0; 3],
            activation: Vec::new(),
            sides: Vec::new(),
            nearest_enemy: None,
            buildings: 0,
        };
        let blocks: Vec<(String, String, Vec<f64>)> = stats
            .kill_blocks()
            .map(|b| (b[0].troop.clone(), b[0].enemy.clone(), b.iter().map(|k| k.band).collect()))
            .collect();
        assert_eq!(
            blocks,
            vec![
                ("Scouts".into(), "Soldiers".into(), vec![20.0, 40.0]),
                ("Scouts".into(), "Confederates".into(), vec![20.0, 30.0, 40.0, 60.0]),
                ("Snipers".into(), "Soldiers".into(), vec![90.0]),
            ]
        );
    }
}
