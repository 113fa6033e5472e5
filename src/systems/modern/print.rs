//! Modern Skirmish's print at true scale: the table as a poster with an assembly page, a
//! one-page setup map measured from the table edges, unit rosters (a 0-13 morale track marked
//! at 4, 7, 11 and 13, casualty and ammo boxes), the fire chart and close-combat table as a
//! reference sheet, 0-60 cm range strips with the 30/50/60 cm rows and movement sticks of 150,
//! 100 and 50 mm. Every page carries the calibration bars; the PNG is the table.

use super::rules::{melee_counts, shot_counts};
use super::ruleset::{Eliminated, Ruleset, UNIT};
use super::scenario::{ModernScenario, side_of};
use crate::export::{
    BoardLayout, ExportOptions, FOOTER, INK, PT_PER_MM, PdfReport, PngSketch, Rgb, Sheet, Sketch, board_layout,
    poster_page, write_pdf,
};
use crate::table::ZonePurpose;

/// The sheets, in print order.
pub const SHEETS: [Sheet; 5] = [
    Sheet { id: "table", label: "Table poster and assembly page" },
    Sheet { id: "setup", label: "Setup map (positions from the edges)" },
    Sheet { id: "rosters", label: "Unit rosters with morale tracks" },
    Sheet { id: "reference", label: "Fire chart and close-combat table" },
    Sheet { id: "strips", label: "Range strips (0-60 cm) and movement sticks" },
];

/// The sides' colours: Affiliation blue, Antagonist red-brown.
pub const SIDE_COLOURS: [Rgb; 2] = [Rgb(52, 90, 160), Rgb(165, 62, 44)];
/// The table's cloth.
pub const CLOTH: Rgb = Rgb(214, 208, 176);
/// The fire chart's rows: 30, 50 and 60 cm.
pub const BAND_COLOURS: [Rgb; 3] = [Rgb(150, 200, 120), Rgb(240, 214, 110), Rgb(236, 150, 100)];

/// Where the table is drawn: its top-left corner in points and points per micrometre.
#[derive(Debug, Clone, Copy)]
pub struct Frame {
    /// Top-left corner.
    pub origin: (f32, f32),
    /// Points per micrometre.
    pub scale: f32,
    /// Ink-saving grey.
    pub greyscale: bool,
}

impl Frame {
    /// A table point on the surface.
    #[must_use]
    pub fn at(&self, (x, y): (f64, f64)) -> (f32, f32) {
        (self.origin.0 + x as f32 * self.scale, self.origin.1 + y as f32 * self.scale)
    }

    fn colour(&self, c: Rgb) -> Rgb {
        if self.greyscale { c.grey() } else { c }
    }
}

fn outline(sk: &mut dyn Sketch, points: &[(f32, f32)], width: f32, colour: Rgb) {
    for i in 0..points.len() {
        sk.line(points[i], points[(i + 1) % points.len()], width, colour);
    }
}

fn rect(sk: &mut dyn Sketch, x: f32, y: f32, w: f32, h: f32, width: f32) {
    outline(sk, &[(x, y), (x + w, y), (x + w, y + h), (x, y + h)], width, INK);
}

/// Short letters and a number for each piece: `B1`, `W2`.
#[must_use]
pub fn piece_labels(rules: &Ruleset, scenario: &ModernScenario) -> Vec<String> {
    let mut numbers = std::collections::BTreeMap::<&str, usize>::new();
    scenario
        .table
        .pieces
        .iter()
        .map(|p| {
            let n = numbers.entry(p.kind.as_str()).or_insert(0);
            *n += 1;
            let letter = rules.kind(&p.kind).and_then(|k| k.name.chars().next()).unwrap_or('?');
            format!("{letter}{n}")
        })
        .collect()
}

/// Draws the table: its terrain, and every figure's base in its side's colour with its unit's
/// number (labels only when `labels`).
pub fn draw_table(sk: &mut dyn Sketch, rules: &Ruleset, scenario: &ModernScenario, frame: &Frame, labels: bool) {
    draw_terrain(sk, rules, scenario, frame, labels);
    let radius = rules.base_um() as f32 / 2.0 * frame.scale;
    for (u, unit) in scenario.units.iter().enumerate() {
        let colour = frame.colour(SIDE_COLOURS[usize::from(side_of(rules, unit).min(1))]);
        for &(x, y) in &unit.figures {
            let c = frame.at((x as f64, y as f64));
            draw_base(sk, c, radius, colour);
            if labels && radius >= 4.0 {
                sk.text(c.0 - 2.5, c.1 + 2.5, 7.0, &(u + 1).to_string(), Rgb(255, 255, 255), false);
            }
        }
    }
}

/// A round base at `c` (points) of `radius` points.
pub fn draw_base(sk: &mut dyn Sketch, c: (f32, f32), radius: f32, colour: Rgb) {
    let ring: Vec<(f32, f32)> = (0..16)
        .map(|i| {
            let a = i as f32 * std::f32::consts::TAU / 16.0;
            (c.0 + radius * a.cos(), c.1 + radius * a.sin())
        })
        .collect();
    sk.fill_polygon(&ring, colour);
    outline(sk, &ring, 0.5, INK);
}

/// Draws the cloth, the deployment zones and the pieces (labelled when `labels`).
pub fn draw_terrain(sk: &mut dyn Sketch, rules: &Ruleset, scenario: &ModernScenario, frame: &Frame, labels: bool) {
    let table = &scenario.table;
    sk.fill_rect(
        frame.origin.0,
        frame.origin.1,
        table.width as f32 * frame.scale,
        table.depth as f32 * frame.scale,
        frame.colour(CLOTH),
    );
    for zone in &table.zones {
        let colour = zone.owner.map_or(Rgb(120, 120, 120), |o| SIDE_COLOURS[usize::from(o.min(1))]);
        let points: Vec<(f32, f32)> = zone.points.iter().map(|&(x, y)| frame.at((x as f64, y as f64))).collect();
        let wash = if zone.purpose == ZonePurpose::Deployment { 0.82 } else { 0.9 };
        sk.fill_polygon(&points, frame.colour(colour.lighter(wash)));
        outline(&mut *sk, &points, 1.0, frame.colour(colour));
        if labels && let Some(&first) = points.first() {
            sk.text(first.0 + 4.0, first.1 + 10.0, 8.0, &zone.name, frame.colour(colour), false);
        }
    }
    let names = piece_labels(rules, scenario);
    for (piece, label) in table.pieces.iter().zip(&names) {
        let colour = rules.kind(&piece.kind).map_or(Rgb(160, 160, 160), |k| Rgb(k.colour.0, k.colour.1, k.colour.2));
        let points: Vec<(f32, f32)> = piece.shape().outline().into_iter().map(|p| frame.at(p)).collect();
        sk.fill_polygon(&points, frame.colour(colour));
        outline(sk, &points, 0.8, INK);
        if labels {
            let (cx, cy) = frame.at(piece.shape().centre());
            sk.text(cx - 5.0, cy + 3.0, 8.0, label, INK, false);
        }
    }
}

/// One page of the print.
enum Page {
    Poster(crate::export::BoardPage),
    Assembly,
    Setup,
    Rosters(Vec<usize>),
    Reference,
    Strips,
}

fn whole_cm(um: i64) -> u16 {
    u16::try_from((um + UNIT.um() - 1) / UNIT.um()).unwrap_or(u16::MAX)
}

/// The top of a page's drawing area and its usable width and height.
fn area(options: &ExportOptions) -> (f32, f32, f32, f32) {
    let (pw, ph) = options.page_size();
    let m = options.margin;
    (m, m + 14.0, pw - 2.0 * m, ph - 2.0 * m - FOOTER - 14.0)
}

fn title(sk: &mut dyn Sketch, options: &ExportOptions, text: &str) {
    sk.text(options.margin, options.margin + 8.0, 11.0, text, INK, false);
}

/// Writes the chosen sheets as one PDF; `options.scale` is points per centimetre.
///
/// # Errors
/// A sheet that does not fit the paper, or the PDF cannot be written.
pub fn export_pdf(
    rules: &Ruleset,
    scenario: &ModernScenario,
    options: &ExportOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<PdfReport, String> {
    let (w, d) = (whole_cm(scenario.table.width), whole_cm(scenario.table.depth));
    let layout = if options.sheets.has("table") { Some(board_layout(options, w, d, 1)?) } else { None };
    let mut pages = Vec::new();
    if let Some(layout) = &layout {
        pages.extend(layout.pages.iter().map(|&p| Page::Poster(p)));
        pages.push(Page::Assembly);
    }
    if options.sheets.has("setup") {
        pages.push(Page::Setup);
    }
    if options.sheets.has("rosters") {
        let units: Vec<usize> = (0..scenario.units.len()).collect();
        pages.extend(units.chunks(ROSTERS_PER_PAGE).map(|c| Page::Rosters(c.to_vec())));
    }
    if options.sheets.has("reference") {
        pages.push(Page::Reference);
    }
    if options.sheets.has("strips") {
        pages.push(Page::Strips);
    }
    if pages.is_empty() {
        return Err("nothing to print: the chosen sheets have no pages".into());
    }
    let total = pages.len();
    let per_um = options.scale / UNIT.um() as f32;
    let written = write_pdf(options, &scenario.name, total, progress, &mut |sk, index| match &pages[index] {
        Page::Poster(page) => {
            let Some(layout) = &layout else { return };
            poster_page(sk, options, layout, *page, (w, d), "Table", &mut |sk, origin, xs, ys, _full| {
                let s = options.scale;
                sk.push_clip(
                    origin.0 + f32::from(xs.0) * s,
                    origin.1 + f32::from(ys.0) * s,
                    f32::from(xs.1 - xs.0) * s,
                    f32::from(ys.1 - ys.0) * s,
                );
                draw_table(sk, rules, scenario, &Frame { origin, scale: per_um, greyscale: options.greyscale }, true);
                sk.pop_clip();
            });
        }
        Page::Assembly => {
            if let Some(layout) = &layout {
                assembly_page(sk, options, layout, scenario);
            }
        }
        Page::Setup => setup_page(sk, rules, scenario, options),
        Page::Rosters(units) => rosters_page(sk, rules, scenario, options, units),
        Page::Reference => reference_page(sk, rules, options),
        Page::Strips => strips_page(sk, rules, options),
    })?;
    Ok(PdfReport {
        bytes: written.bytes,
        pages: total,
        poster: layout.as_ref().map(Into::into),
        page_text: written.page_text,
    })
}

/// The table as a PNG at `dpi`, `scale` points per centimetre.
///
/// # Errors
/// The image would be too large, or cannot be encoded.
pub fn export_png(
    rules: &Ruleset,
    scenario: &ModernScenario,
    scale: f32,
    dpi: u32,
    greyscale: bool,
) -> Result<Vec<u8>, String> {
    let (w, d) = (whole_cm(scenario.table.width), whole_cm(scenario.table.depth));
    let mut sketch = PngSketch::for_board(w, d, scale, dpi)?;
    let per_um = scale / UNIT.um() as f32;
    draw_table(&mut sketch, rules, scenario, &Frame { origin: (0.0, 0.0), scale: per_um, greyscale }, false);
    sketch.into_png(dpi)
}

fn assembly_page(sk: &mut dyn Sketch, options: &ExportOptions, layout: &BoardLayout, scenario: &ModernScenario) {
    title(sk, options, &format!("{}: assembling the table poster", scenario.name));
    let (x0, y0, w, h) = area(options);
    let (cols, rows) = (f32::from(layout.cols), f32::from(layout.rows));
    let cell = (w / cols).min((h * 0.6) / rows);
    for page in &layout.pages {
        let (x, y) = (x0 + f32::from(page.col) * cell, y0 + 10.0 + f32::from(page.row) * cell);
        sk.fill_rect(x, y, cell, cell, Rgb(236, 232, 220));
        rect(sk, x, y, cell, cell, 0.8);
        sk.text(x + 4.0, y + 14.0, 10.0, &page.to_string(), INK, false);
    }
    let mut y = y0 + 30.0 + rows * cell;
    for line in [
        format!(
            "The table is {} pages across and {} down. Print every page at actual size (100%).",
            layout.cols, layout.rows
        ),
        "Check the calibration bars at the foot of a page with a ruler before cutting.".to_owned(),
        "Cut along the crop marks; glue each hatched strip under the next page, matching the triangles.".to_owned(),
        "Work row by row from R1C1 at the top left (the Antagonist's edge is at the top).".to_owned(),
    ] {
        sk.text(x0, y, 9.0, &line, INK, false);
        y += 13.0;
    }
}

fn setup_page(sk: &mut dyn Sketch, rules: &Ruleset, scenario: &ModernScenario, options: &ExportOptions) {
    title(sk, options, &format!("{}: setup map (centimetres)", scenario.name));
    let (x0, y0, w, h) = area(options);
    let table = &scenario.table;
    let scale = (w / table.width as f32).min(h * 0.5 / table.depth as f32);
    draw_table(sk, rules, scenario, &Frame { origin: (x0, y0 + 4.0), scale, greyscale: options.greyscale }, true);
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
const ROSTERS_PER_PAGE: usize = 4;

fn rosters_page(
    sk: &mut dyn Sketch,
    rules: &Ruleset,
    scenario: &ModernScenario,
    options: &ExportOptions,
    units: &[usize],
) {
    title(sk, options, &format!("{}: unit rosters", scenario.name));
    let (x0, y0, w, h) = area(options);
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
        let legend = format!(
            "-1 to the test at 4-6, -2 at 7-10, -3 at 11-12; routs at 13. -{} a casualty, -{} a friendly unit routed, -{} an ammo marker.",
            rules.minus_per_casualty, rules.minus_per_routed_friend, rules.minus_per_ammo_marker
        );
        sk.text(x0, row + boxed + 10.0, 7.5, &legend, INK, false);
        row += boxed + 26.0;
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

fn reference_page(sk: &mut dyn Sketch, rules: &Ruleset, options: &ExportOptions) {
    title(sk, options, "Modern Skirmish: fire chart and close combat");
    let (x0, y0, w, _) = area(options);
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

fn strips_page(sk: &mut dyn Sketch, rules: &Ruleset, options: &ExportOptions) {
    title(sk, options, "Range strips (cut out; lay end to end) and movement sticks");
    let (x0, y0, w, _) = area(options);
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
        sk.text(
            x0 + len + 6.0,
            y + strip_h * 0.5,
            8.5,
            &format!("{label}: {} mm", (length * 10.0).round()),
            INK,
            false,
        );
        y += strip_h + 10.0;
    }
}
