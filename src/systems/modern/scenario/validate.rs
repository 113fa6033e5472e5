//! The validator of Modern Skirmish scenarios: each finding with a stable code, a message in a
//! player's words, its places on the table and, where one exists, a fix that gives the
//! scenario as it should be (one click in the window, `--fix` on the command line).

use super::super::rules::{Coherency, groups, on_table, overlap};
use super::super::ruleset::{Ruleset, cm};
use super::document::{ModernScenario, PlacedUnit, deployment_zone, formation, text_forces};
use crate::game::Severity;
use crate::table::{TableSymmetry, asymmetries, wholly_inside};

/// A fix: its label and the scenario after it.
#[derive(Debug, Clone, PartialEq)]
pub struct Fix {
    /// What it does.
    pub label: String,
    /// The scenario with it done.
    pub result: Box<ModernScenario>,
}

/// One finding, at points of the table (micrometres).
pub type Finding = crate::game::Finding<(i64, i64), Fix>;

fn centre(points: &[(i64, i64)]) -> (i64, i64) {
    let n = points.len().max(1) as i64;
    (points.iter().map(|p| p.0).sum::<i64>() / n, points.iter().map(|p| p.1).sum::<i64>() / n)
}

/// A unit's side, by its troop type.
#[must_use]
pub fn side_of(rules: &Ruleset, unit: &PlacedUnit) -> u8 {
    rules.troop(&unit.troop).map_or(0, |t| t.side)
}

fn with(scenario: &ModernScenario, change: impl FnOnce(&mut ModernScenario)) -> Box<ModernScenario> {
    let mut fixed = scenario.clone();
    change(&mut fixed);
    Box::new(fixed)
}

fn circle_shape(rules: &Ruleset, at: (i64, i64)) -> crate::table::Shape {
    crate::table::Shape::circle(geo::Coord { x: at.0 as f64, y: at.1 as f64 }, rules.base_um() as f64 / 2.0)
}

/// Every finding, errors first in the order found.
#[must_use]
pub fn validate(rules: &Ruleset, scenario: &ModernScenario) -> Vec<Finding> {
    let mut out = Vec::new();
    let table = &scenario.table;
    forces(rules, scenario, &mut out);
    for (u, unit) in scenario.units.iter().enumerate() {
        let Some(troop) = rules.troop(&unit.troop) else { continue };
        let side = side_of(rules, unit);
        if unit.figures.len() != usize::from(troop.figures) {
            let want = usize::from(troop.figures);
            out.push(Finding {
                severity: Severity::Error,
                code: "unit-size",
                message: format!(
                    "{} has {} figures; the text's units of {} have {want}",
                    unit.name,
                    unit.figures.len(),
                    troop.name
                ),
                places: vec![centre(&unit.figures)],
                fix: Some(Fix {
                    label: format!("Set up {} with {want} figures in formation", unit.name),
                    result: with(scenario, |s| {
                        s.units[u].figures = formation(rules, centre(&unit.figures), want, side)
                    }),
                }),
            });
        }
        for (f, &at) in unit.figures.iter().enumerate() {
            if !on_table(rules, (table.width, table.depth), at) {
                let r = rules.base_um() / 2;
                // A table narrower than a base has no place inside: the middle is the nearest there is.
                let within = |v: i64, length: i64| if length < 2 * r { length / 2 } else { v.clamp(r, length - r) };
                let inside = (within(at.0, table.width), within(at.1, table.depth));
                out.push(Finding {
                    severity: Severity::Error,
                    code: "off-table",
                    message: format!("a figure of {} stands off the table", unit.name),
                    places: vec![at],
                    fix: Some(Fix {
                        label: "Move it onto the table".into(),
                        result: with(scenario, |s| s.units[u].figures[f] = inside),
                    }),
                });
            }
        }
    }
    overlaps(rules, scenario, &mut out);
    for (u, unit) in scenario.units.iter().enumerate() {
        let side = side_of(rules, unit);
        if scenario.readings.ask(|r| r.coherency() == Coherency::FiveCm) && groups(rules, &unit.figures) > 1 {
            let c = centre(&unit.figures);
            out.push(Finding {
                severity: Severity::Warning,
                code: "apart",
                message: format!(
                    "{} starts in {} groups; its figures should each be within {} of another",
                    unit.name,
                    groups(rules, &unit.figures),
                    super::super::ruleset::UNIT.show(cm(rules.coherency))
                ),
                places: vec![c],
                fix: Some(Fix {
                    label: format!("Regroup {} in formation", unit.name),
                    result: with(scenario, |s| s.units[u].figures = formation(rules, c, unit.figures.len(), side)),
                }),
            });
        }
        match deployment_zone(scenario, side) {
            None => {}
            Some(zone) => {
                let polygon = zone.polygon();
                let outside: Vec<(i64, i64)> = unit
                    .figures
                    .iter()
                    .copied()
                    .filter(|&at| !wholly_inside(&circle_shape(rules, at), &polygon))
                    .collect();
                if !outside.is_empty() {
                    let ys = zone.points.iter().map(|p| p.1);
                    let (y0, y1) = (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0));
                    let c = centre(&unit.figures);
                    let target = (c.0, c.1.clamp(y0 + cm(4.0), (y1 - cm(4.0)).max(y0 + cm(4.0))));
                    out.push(Finding {
                        severity: Severity::Warning,
                        code: "outside-deployment",
                        message: format!(
                            "{} of {} figures stand outside {}",
                            outside.len(),
                            crate::game::naming::possessive(&unit.name),
                            zone.name
                        ),
                        places: outside,
                        fix: Some(Fix {
                            label: format!("Set {} up in {}", unit.name, zone.name),
                            result: with(scenario, |s| {
                                s.units[u].figures = formation(rules, target, unit.figures.len(), side);
                            }),
                        }),
                    });
                }
            }
        }
    }
    for clash in crate::table::zone_clashes(table) {
        let (code, message) = clash.describe(table);
        let places = clash.place(table).into_iter().collect();
        out.push(Finding { severity: Severity::Error, code, message, places, fix: None });
    }
    let missing: Vec<u8> = (0..2u8).filter(|&side| deployment_zone(scenario, side).is_none()).collect();
    if !missing.is_empty() {
        let (w, d) = (table.width, table.depth);
        let band = cm(15.0).min(d / 4);
        let names: Vec<&str> = missing.iter().map(|&side| rules.side_name(side)).collect();
        out.push(Finding {
            severity: Severity::Warning,
            code: "no-deployment-zone",
            message: format!("{} without a deployment zone", names.join(" and ")),
            places: Vec::new(),
            fix: Some(Fix {
                label: "Draw a 15 cm deployment zone along each side's edge".into(),
                result: with(scenario, |s| {
                    for &side in &missing {
                        let (a, b) = if side == 0 { ((0, d - band), (w, d)) } else { ((0, 0), (w, band)) };
                        s.table.zones.push(crate::table::Zone::rectangle(
                            format!("{} deployment", rules.side_name(side)),
                            Some(side),
                            crate::table::ZonePurpose::Deployment,
                            a,
                            b,
                        ));
                    }
                }),
            }),
        });
    }
    if let Some(symmetry) = scenario.symmetry {
        let broken = asymmetries(table, symmetry, cm(0.5), &|_| None);
        if !broken.is_empty() {
            out.push(Finding {
                severity: Severity::Warning,
                code: "asymmetric-terrain",
                message: format!(
                    "{} piece(s) or zone(s) have no image under {}: the sides do not face the same table",
                    broken.len(),
                    symmetry.name()
                ),
                places: broken.iter().map(|b| b.at).collect(),
                fix: None,
            });
        }
    } else if !table.pieces.is_empty() {
        out.push(Finding {
            severity: Severity::Warning,
            code: "no-symmetry",
            message: "the scenario declares no symmetry; the forces differ by design, so the table should not".into(),
            places: Vec::new(),
            fix: Some(Fix {
                label: "Declare it mirrored top to bottom".into(),
                result: with(scenario, |s| s.symmetry = Some(TableSymmetry::MirrorTopBottom)),
            }),
        });
    }
    pieces_overlap(rules, scenario, &mut out);
    let buildings = table.pieces.iter().filter(|p| rules.kind(&p.kind).is_some_and(|k| k.is_building));
    for piece in buildings {
        let shape = piece.shape();
        let b = shape.bounds();
        if (b.max.0 - b.min.0).min(b.max.1 - b.min.1) < 2.0 * rules.base_um() as f64 {
            out.push(Finding {
                severity: Severity::Warning,
                code: "building-too-small",
                message: "a building narrower than two bases: a figure inside cannot change place".into(),
                places: vec![(piece.pose.x, piece.pose.y)],
                fix: None,
            });
        }
    }
    out.sort_by_key(|f| f.severity != Severity::Error);
    out
}

/// The text's forces: each side's units of each troop type.
fn forces(rules: &Ruleset, scenario: &ModernScenario, out: &mut Vec<Finding>) {
    let mut wrong = Vec::new();
    for troop in &rules.troops {
        let have = scenario.units.iter().filter(|u| u.troop == troop.id).count();
        if have != usize::from(troop.units) {
            wrong.push(format!("{have} units of {} (the text: {})", troop.name, troop.units));
        }
    }
    if !wrong.is_empty() {
        out.push(Finding {
            severity: Severity::Error,
            code: "forces",
            message: format!("the forces are not the text's: {}", wrong.join("; ")),
            places: Vec::new(),
            fix: Some(Fix {
                label: "Set up the text's forces in the deployment zones".into(),
                result: with(scenario, |s| s.units = text_forces(rules, &s.table)),
            }),
        });
    }
}

/// Two terrain pieces on the same ground: a wall through a building, or woods over woods, leave
/// the table ambiguous (which piece's cover and sight count there?) and cannot be built. The
/// fix takes the later piece away, with its image on a symmetric table (or both, when each is
/// the other's image), so no piece is left without its image.
fn pieces_overlap(rules: &Ruleset, scenario: &ModernScenario, out: &mut Vec<Finding>) {
    let table = &scenario.table;
    let shapes: Vec<crate::table::Shape> = table.pieces.iter().map(crate::table::Piece::shape).collect();
    let name = |k: usize| rules.piece_name(&table.pieces, k);
    for i in 0..shapes.len() {
        for j in i + 1..shapes.len() {
            if !crate::table::overlaps(&shapes[i], &shapes[j]) {
                continue;
            }
            let gone = crate::table::overlap_removals(table, scenario.symmetry, i, j, cm(0.5));
            let label = crate::table::removal_label(&gone, i, j, name);
            let at = |k: usize| {
                let (x, y) = shapes[k].centre();
                (x.round() as i64, y.round() as i64)
            };
            out.push(Finding {
                severity: Severity::Error,
                code: "pieces-overlap",
                message: format!("{} and {} overlap: two pieces cannot stand on the same ground", name(i), name(j)),
                places: vec![at(i), at(j)],
                fix: Some(Fix {
                    label,
                    result: with(scenario, |s| {
                        for k in gone {
                            s.table.pieces.remove(k);
                        }
                    }),
                }),
            });
        }
    }
}

fn overlaps(rules: &Ruleset, scenario: &ModernScenario, out: &mut Vec<Finding>) {
    let all: Vec<(usize, usize, (i64, i64))> = scenario
        .units
        .iter()
        .enumerate()
        .flat_map(|(u, unit)| unit.figures.iter().enumerate().map(move |(f, &at)| (u, f, at)))
        .collect();
    for (i, &(u, f, a)) in all.iter().enumerate() {
        if let Some(&(_, _, b)) = all[..i].iter().find(|(_, _, b)| overlap(rules, a, *b)) {
            // Step it aside, clear of every base.
            let step = rules.base_um() + cm(0.5);
            let free = (1..40)
                .flat_map(|r| [(r * step, 0), (-r * step, 0), (0, r * step), (0, -r * step)])
                .map(|(dx, dy)| (a.0 + dx, a.1 + dy))
                .find(|p| {
                    on_table(rules, (scenario.table.width, scenario.table.depth), *p)
                        && all.iter().all(|(_, _, q)| !overlap(rules, *p, *q))
                });
            out.push(Finding {
                severity: Severity::Error,
                code: "overlap",
                message: format!("a figure of {} overlaps another base", scenario.units[u].name),
                places: vec![a, b],
                fix: free.map(|p| Fix {
                    label: "Move it aside".into(),
                    result: with(scenario, |s| s.units[u].figures[f] = p),
                }),
            });
        }
    }
}
