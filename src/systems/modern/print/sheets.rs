//! Modern Skirmish's own printed pages: a one-page setup map measured from the table edges,
//! unit rosters (a 0-13 morale track marked at 4, 7, 11 and 13, casualty and ammo boxes), the
//! fire chart and close-combat table as a reference sheet, and 0-60 cm range strips with the
//! 30/50/60 cm rows and movement sticks of 150, 100 and 50 mm.

use super::draw::{BAND_COLOURS, Frame, SIDE_COLOURS, draw_table, piece_labels, rect};
use crate::export::{ExportOptions, INK, PT_PER_MM, Rgb, Sketch, page_area, page_title};
use crate::systems::modern::rules::{melee_counts, shot_counts};
use crate::systems::modern::ruleset::{Eliminated, Ruleset, UNIT};
use crate::systems::modern::scenario::{ModernScenario, side_of};

/// A length in whole centimetres, rounded up.
pub(super) fn whole_cm(um: i64) -> u16 {
    u16::try_from((um + UNIT.um() - 1) / UNIT.um()).unwrap_or(u16::MAX)
}

pub(super) fn setup_page(sk: &mut dyn Sketch, rules: &Ruleset, scenario: &ModernScenario, options: &ExportOptions) {
    page_title(sk, options, &format!("{}: setup map (centimetres)", scenario.name));
    let (x0, y0, w, h) = page_area(options);
    let table = &scenario.table;
    let scale = (w / table.width as f32).min(h * 0.5 / table.depth as f32);
    draw_table(
        sk,
        rules,
        scenario,
        &Frame { origin: (x0, y0 + 4.0), scale, greyscale: options.greyscale, backdrop: false },
        true,
    );
    let mut lines = vec![format!(
        "Table {} x {}. Each centre is measured from the left and the top edge; angles clockwise from facing the top edge.",
        UNIT.show(table.width),
        UNIT.show(table.depth)
    )];
    for (piece, label) in table.pieces.iter().zip(piece_labels(rules, scenario)) {
        let b = piece.shape().bounds();
        lines.push(format!(
            "{label} {}: {} from left, {} from top, {} x {}, turned {}°",
            rules.kind(&piece.kind).map_or("piece", |k| k.name.as_str()),
            UNIT.show(piece.pose.x),
            UNIT.show(piece.pose.y),
            UNIT.show((b.max.0 - b.min.0).round() as i64),
            UNIT.show((b.max.1 - b.min.1).round() as i64),
            piece.pose.facing.degrees()
        ));
    }
    for (u, unit) in scenario.units.iter().enumerate() {
        let n = unit.figures.len().max(1) as i64;
        let c = (unit.figures.iter().map(|p| p.0).sum::<i64>() / n, unit.figures.iter().map(|p| p.1).sum::<i64>() / n);
        lines.push(format!(
            "{} {} ({}, {} figures): centred {} from left, {} from top, in formation",
            u + 1,
            unit.name,
            rules.side_name(side_of(rules, unit)),
            unit.figures.len(),
            UNIT.show(c.0),
            UNIT.show(c.1)
        ));
    }
    let mut y = y0 + 14.0 + table.depth as f32 * scale;
    for line in lines {
        for part in crate::export::wrap(&line, 110) {
            if y > y0 + h {
                return;
            }
            sk.text(x0, y, 8.0, &part, INK, false);
            y += 11.0;
        }
    }
}

/// Rosters on one page.
pub(super) const ROSTERS_PER_PAGE: usize = 4;

pub(super) fn rosters_page(
    sk: &mut dyn Sketch,
    rules: &Ruleset,
    scenario: &ModernScenario,
    options: &ExportOptions,
    units: &[usize],
) {
    page_title(sk, options, &format!("{}: unit rosters", scenario.name));
    let (x0, y0, w, h) = page_area(options);
    let block = h / ROSTERS_PER_PAGE as f32;
    let boxed = 6.0 * PT_PER_MM;
    for (slot, &u) in units.iter().enumerate() {
        let Some(unit) = scenario.units.get(u) else { continue };
        let side = side_of(rules, unit);
        let troop = rules.troop(&unit.troop);
        let y = y0 + slot as f32 * block;
        let colour = SIDE_COLOURS[usize::from(side.min(1))];
        sk.fill_rect(x0, y, w, 16.0, if options.greyscale { colour.grey() } else { colour });
        sk.text(
            x0 + 4.0,
            y + 12.0,
            11.0,
            &format!("{}. {} ({})", u + 1, unit.name, rules.side_name(side)),
            Rgb(255, 255, 255),
            false,
        );
        let mut row = y + 30.0;
        sk.text(x0, row, 9.0, "Morale minuses (rout at 13):", INK, false);
        row += 6.0;
        for m in 0..=13u32 {
            let x = x0 + m as f32 * (boxed + 2.0);
            let marked = [4, 7, 11, 13].contains(&m);
            if marked {
                sk.fill_rect(x, row, boxed, boxed, Rgb(230, 230, 230));
            }
            rect(sk, x, row, boxed, boxed, if marked { 1.6 } else { 0.6 });
            sk.text(x + 3.0, row + boxed - 4.0, 8.0, &m.to_string(), INK, false);
        }
        // The track counts up, so the legend says what each event adds, never "-4".
        let adds = format!(
            "Count up: {} minuses for each casualty, {} for each friendly unit routed, {} for each ammo marker.",
            rules.minus_per_casualty, rules.minus_per_routed_friend, rules.minus_per_ammo_marker
        );
        sk.text(x0, row + boxed + 10.0, 7.5, &adds, INK, false);
        let test =
            "The morale test is at -1 from 4 to 6 minuses, -2 from 7 to 10, -3 from 11 to 12; the unit routs at 13.";
        sk.text(x0, row + boxed + 19.0, 7.5, test, INK, false);
        row += boxed + 35.0;
        sk.text(x0, row, 9.0, "Casualties (KIA):", INK, false);
        for f in 0..unit.figures.len() {
            rect(sk, x0 + 90.0 + f as f32 * (boxed + 2.0), row - boxed + 3.0, boxed, boxed, 0.6);
        }
        row += boxed + 6.0;
        sk.text(x0, row, 9.0, "Ammo markers:", INK, false);
        for a in 0..10 {
            rect(sk, x0 + 90.0 + a as f32 * (boxed + 2.0), row - boxed + 3.0, boxed, boxed, 0.6);
        }
        if let Some(t) = troop {
            let chart: Vec<String> = t
                .bands
                .iter()
                .map(|b| {
                    let (o, c) = (shot_counts(b.open).1, shot_counts(b.cover).1);
                    format!("{} cm: kill {:.3} open, {:.3} cover", b.up_to, f64::from(o) / 36.0, f64::from(c) / 36.0)
                })
                .collect();
            sk.text(x0, row + 14.0, 7.5, &format!("{} fire: {}", t.name, chart.join("; ")), INK, false);
        }
    }
}

pub(super) fn reference_page(sk: &mut dyn Sketch, rules: &Ruleset, options: &ExportOptions) {
    page_title(sk, options, "Modern Skirmish: fire chart and close combat");
    let (x0, y0, w, _) = page_area(options);
    let mut y = y0 + 6.0;
    sk.text(
        x0,
        y,
        9.0,
        "Fire: roll a coloured and a white D6. A hit when the differential is in the range; then a kill when the",
        INK,
        false,
    );
    sk.text(
        x0,
        y + 11.0,
        9.0,
        "coloured die is in its range. A double gives the firer's unit an ammo marker. (Exact kill chance.)",
        INK,
        false,
    );
    y += 28.0;
    let col = w / 7.0;
    for (i, head) in
        ["Firer", "Row", "Open: hit", "Open: kill", "Cover: hit", "Cover: kill", "Kill chance"].iter().enumerate()
    {
        sk.text(x0 + i as f32 * col, y, 8.5, head, INK, false);
    }
    y += 4.0;
    sk.line((x0, y), (x0 + w, y), 0.6, INK);
    y += 12.0;
    for troop in &rules.troops {
        for (b, band) in troop.bands.iter().enumerate() {
            let colour = BAND_COLOURS[b.min(2)];
            sk.fill_rect(x0 + col, y - 9.0, col * 0.9, 12.0, if options.greyscale { colour.grey() } else { colour });
            let (o, c) = (shot_counts(band.open).1, shot_counts(band.cover).1);
            let cells = [
                if b == 0 { troop.name.clone() } else { String::new() },
                format!("up to {} cm", band.up_to),
                format!("{}-{}", band.open.hit.0, band.open.hit.1),
                format!("{}-{}", band.open.kill.0, band.open.kill.1),
                format!("{}-{}", band.cover.hit.0, band.cover.hit.1),
                format!("{}-{}", band.cover.kill.0, band.cover.kill.1),
                format!("{:.3} / {:.3}", f64::from(o) / 36.0, f64::from(c) / 36.0),
            ];
            for (i, cell) in cells.iter().enumerate() {
                sk.text(x0 + i as f32 * col + 2.0, y, 8.5, cell, INK, false);
            }
            y += 13.0;
        }
        y += 3.0;
    }
    y += 10.0;
    sk.text(
        x0,
        y,
        10.0,
        "Close combat: each rolls 2D6 and takes the differential (rows the defender's, columns the attacker's)",
        INK,
        false,
    );
    y += 16.0;
    let cell = 36.0;
    for a in 0..6 {
        sk.text(x0 + 70.0 + a as f32 * cell + 12.0, y, 9.0, &format!("A {a}"), INK, false);
    }
    y += 6.0;
    for (d, row) in rules.close_combat.iter().enumerate() {
        sk.text(x0, y + 14.0, 9.0, &format!("Defender {d}"), INK, false);
        for (a, result) in row.iter().enumerate() {
            let (text, colour) = match result {
                Eliminated::Attacker => ("AE", Rgb(236, 170, 150)),
                Eliminated::Both => ("BE", Rgb(230, 220, 160)),
                Eliminated::Defender => ("DE", Rgb(170, 210, 160)),
            };
            let x = x0 + 70.0 + a as f32 * cell;
            sk.fill_rect(x, y, cell, 20.0, if options.greyscale { colour.grey() } else { colour });
            rect(sk, x, y, cell, 20.0, 0.5);
            sk.text(x + 11.0, y + 14.0, 9.0, text, INK, false);
        }
        y += 20.0;
    }
    let [ae, be, de] = melee_counts(rules);
    y += 14.0;
    sk.text(
        x0,
        y,
        9.0,
        &format!(
            "Overall: defender eliminated {:.3}, both {:.3}, attacker {:.3}. AE attacker eliminated, BE both, DE defender.",
            f64::from(de) / 1296.0,
            f64::from(be) / 1296.0,
            f64::from(ae) / 1296.0
        ),
        INK,
        false,
    );
    y += 20.0;
    for line in [
        "Activation: roll a D6; -1 with 4-6 minuses, -2 with 7-10, -3 with 11-12. 1 or more: the unit acts.",
        "Act: one figure fires and the side keeps the initiative (test again to act again), or the unit moves and the",
        "initiative passes. A failed test passes it. Move 15 cm outside buildings, 10 cm in or out of one, 5 cm within one.",
        "Score 1 a kill; the side that won the skirmish and holds the field triples its score; the skirmish winner wins ties.",
    ] {
        sk.text(x0, y, 9.0, line, INK, false);
        y += 12.0;
    }
}

pub(super) fn strips_page(sk: &mut dyn Sketch, rules: &Ruleset, options: &ExportOptions) {
    page_title(sk, options, "Range strips (cut out; lay end to end) and movement sticks");
    let (x0, y0, w, _) = page_area(options);
    let per_cm = options.scale;
    let strip_h = 1.4 * per_cm;
    let bands: Vec<f64> = rules.troops.first().map(|t| t.bands.iter().map(|b| b.up_to).collect()).unwrap_or_default();
    let longest = bands.last().copied().unwrap_or(60.0);
    // Strips as long as the paper allows, in whole 5 cm pieces.
    let piece_cm = (f64::from((w - 60.0) / per_cm / 5.0).floor() * 5.0).clamp(5.0, longest.max(5.0));
    let mut y = y0 + 8.0;
    let mut from = 0.0;
    while from < longest {
        let to = (from + piece_cm).min(longest);
        for (b, &edge) in bands.iter().enumerate() {
            let start = if b == 0 { 0.0 } else { bands[b - 1] };
            let (s, e) = (start.max(from), edge.min(to));
            if e > s {
                let colour = BAND_COLOURS[b.min(2)];
                sk.fill_rect(
                    x0 + (s - from) as f32 * per_cm,
                    y,
                    (e - s) as f32 * per_cm,
                    strip_h,
                    if options.greyscale { colour.grey() } else { colour },
                );
            }
        }
        rect(sk, x0, y, (to - from) as f32 * per_cm, strip_h, 0.7);
        let mut mm = 0;
        while f64::from(mm) <= (to - from) * 10.0 {
            let x = x0 + mm as f32 / 10.0 * per_cm;
            let tick = if mm % 10 == 0 {
                0.45
            } else if mm % 5 == 0 {
                0.3
            } else {
                0.15
            };
            sk.line((x, y), (x, y + strip_h * tick), 0.4, INK);
            if mm % 50 == 0 && mm > 0 && f64::from(mm) < (to - from) * 10.0 {
                sk.text(x - 4.0, y + strip_h * 0.85, 7.0, &format!("{}", from as i32 + mm / 10), INK, false);
            }
            mm += 1;
        }
        sk.text(x0 + (to - from) as f32 * per_cm + 6.0, y + strip_h * 0.6, 8.0, &format!("{from}-{to} cm"), INK, false);
        y += strip_h + 12.0;
        from = to;
    }
    sk.text(
        x0,
        y + 2.0,
        8.5,
        "Rows: green up to 30 cm, yellow to 50 cm, orange to 60 cm; no shot beyond (the default reading).",
        INK,
        false,
    );
    y += 20.0;
    for (length, label) in [
        (rules.move_outside, "Move outside buildings"),
        (rules.move_in_or_out, "Move into or out of a building"),
        (rules.move_within, "Move within a building"),
    ] {
        let len = length as f32 * per_cm;
        sk.fill_rect(x0, y, len, strip_h * 0.7, Rgb(210, 210, 210));
        rect(sk, x0, y, len, strip_h * 0.7, 0.7);
        for c in 0..=(length.round() as i32) {
            let x = x0 + c as f32 * per_cm;
            sk.line((x, y), (x, y + strip_h * 0.3), 0.4, INK);
        }
        // Under its stick: beside the longest one it would run past the margin.
        sk.text(x0, y + strip_h * 0.7 + 10.0, 8.5, &format!("{label}: {} mm", (length * 10.0).round()), INK, false);
        y += strip_h + 20.0;
    }
}
