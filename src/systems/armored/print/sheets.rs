//! The pages of Armored Advance's print beside the poster: the assembly page, the setup map,
//! footprint templates, unit cards, range rulers, arc gauges and the quick reference.

use super::super::ruleset::{Ruleset, UnitClass};
use super::super::scenario::ArmoredScenario;
use super::super::scenario::validate::{piece_name, profile_name, side_name, unit_name};
use super::draw::{Frame, SIDE_COLOURS, dashed, draw_piece, draw_table, outline, piece_labels, shape_points};
use crate::export::{ExportOptions, INK, PT_PER_MM, Rgb, Sketch, page_area, page_title, wrap};
use crate::table::{Facing, Footprint, Piece, Pose};

/// The one-page setup map: the table to fit and each piece's place and angle from the edges.
pub fn setup_page(sk: &mut dyn Sketch, rules: &Ruleset, scenario: &ArmoredScenario, options: &ExportOptions) {
    page_title(
        sk,
        options,
        &format!("{}: setup map ({}, {})", scenario.name, scenario.mode.label(), rules.unit.name()),
    );
    let (x0, y0, w, h) = page_area(options);
    let table = &scenario.table;
    let scale = (w / table.width as f32).min(h * 0.5 / table.depth as f32);
    let frame = Frame { origin: (x0, y0 + 4.0), scale, greyscale: options.greyscale, backdrop: false };
    draw_table(sk, rules, scenario, &frame, true);
    let show = |um: i64| rules.unit.show(um);
    let mut lines = Vec::new();
    lines.push(format!(
        "Table {} x {}. Positions are each centre measured from the left and the top edge; angles clockwise from facing the top edge.",
        show(table.width),
        show(table.depth)
    ));
    for (i, (piece, label)) in table.pieces.iter().zip(piece_labels(rules, scenario)).enumerate() {
        lines.push(format!(
            "{label} {}: {} from left, {} from top, turned {}°{}",
            piece_name(rules, scenario, i),
            show(piece.pose.x),
            show(piece.pose.y),
            piece.pose.facing.degrees(),
            // Flat ground (a road, mud) has no height worth saying.
            if piece.height > 0 { format!(", {} tall", show(piece.height)) } else { String::new() }
        ));
    }
    // The units by the numbers on the map, each with its place and the way it faces.
    for (i, unit) in table.units.iter().enumerate() {
        lines.push(format!(
            "{} {}: centre {} from left, {} from top, facing {}°",
            i + 1,
            unit_name(rules, scenario, i),
            show(unit.pose.x),
            show(unit.pose.y),
            unit.pose.facing.degrees()
        ));
    }
    for zone in &table.zones {
        let corners: Vec<String> = zone.points.iter().map(|&(x, y)| format!("({}, {})", show(x), show(y))).collect();
        let owner = zone.owner.map_or_else(|| "nobody".to_owned(), |o| side_name(scenario, o));
        lines.push(format!("Zone {} ({owner}): {}", zone.name, corners.join(" ")));
    }
    for o in &table.objectives {
        lines.push(format!(
            "Objective {}: {} from left, {} from top; marker {}, held within {}",
            o.name,
            show(o.at.0),
            show(o.at.1),
            show(o.marker),
            show(o.radius)
        ));
    }
    let top = y0 + 14.0 + table.depth as f32 * scale;
    let leading = 9.5;
    // One line kept free at the foot for "... more lines" should even two columns overflow.
    let room = ((y0 + h - top) / leading - 1.0).max(1.0) as usize;
    // One column across the page, or two side by side when one would run off its foot.
    let mut wrapped: Vec<String> = lines.iter().flat_map(|l| wrap(l, 120)).collect();
    let mut columns = 1;
    if wrapped.len() > room {
        wrapped = lines.iter().flat_map(|l| wrap(l, 70)).collect();
        columns = 2;
    }
    let shown = wrapped.len().min(room * columns);
    for (i, line) in wrapped.iter().take(shown).enumerate() {
        let (column, row) = (i / room, i % room);
        sk.text(x0 + column as f32 * w / 2.0, top + row as f32 * leading, 7.5, line, INK, false);
    }
    if wrapped.len() > shown {
        sk.text(
            x0 + (columns - 1) as f32 * w / 2.0,
            top + room as f32 * leading,
            7.5,
            &format!("... {} more lines: print on a larger paper", wrapped.len() - shown),
            INK,
            false,
        );
    }
}

/// A template: one footprint at true size, or one page-sized part of a large one.
#[derive(Debug, Clone)]
pub struct TemplatePart {
    piece: Piece,
    name: String,
    /// The part's box in micrometres, in the template's own frame (origin at its centre).
    region: ((f64, f64), (f64, f64)),
    part: (usize, usize),
    foliage: bool,
}

/// A footprint needing more pages than this is left to the poster (a road across the table).
pub const MAX_TEMPLATE_PARTS: usize = 4;

/// Templates on one page, each with where it goes.
pub type TemplatePage = Vec<((f32, f32), TemplatePart)>;

/// One template per kind and footprint on the table, cut into page-sized parts where large,
/// packed onto pages in shelves.
pub fn template_pages(rules: &Ruleset, scenario: &ArmoredScenario, options: &ExportOptions) -> Vec<TemplatePage> {
    let (x0, y0, w, h) = page_area(options);
    let per_um = options.scale / rules.unit.um() as f32;
    let band = 3.0 * rules.unit.um() as f64;
    let mut seen: Vec<(String, Footprint)> = Vec::new();
    let mut parts = Vec::new();
    let labels = piece_labels(rules, scenario);
    for piece in &scenario.table.pieces {
        if seen.iter().any(|(k, f)| *k == piece.kind && *f == piece.footprint) {
            continue;
        }
        seen.push((piece.kind.clone(), piece.footprint.clone()));
        // Which pieces this template cuts, by their labels on the setup map.
        let cut: Vec<&str> = scenario
            .table
            .pieces
            .iter()
            .zip(&labels)
            .filter(|(p, _)| p.kind == piece.kind && p.footprint == piece.footprint)
            .map(|(_, label)| label.as_str())
            .collect();
        let foliage = rules.kind(&piece.kind).is_some_and(|k| k.foliage);
        let (pw_um, ph_um) = (f64::from(w - 20.0) / f64::from(per_um), f64::from(h - 30.0) / f64::from(per_um));
        // Upright or turned a quarter, whichever needs fewer pages; foliage's band is drawn
        // where the template with it still fits one page.
        let layout_of = |turn: i64, grow: f64| {
            let upright = Piece { pose: Pose::new(0, 0, Facing::from_centidegrees(turn)), ..piece.clone() };
            let b = upright.shape().bounds();
            let (min, max) = ((b.min.0 - grow, b.min.1 - grow), (b.max.0 + grow, b.max.1 + grow));
            let cols = ((max.0 - min.0) / pw_um).ceil().max(1.0) as usize;
            let rows = ((max.1 - min.1) / ph_um).ceil().max(1.0) as usize;
            (cols * rows, upright, min, max, cols, rows)
        };
        // Foliage takes its band wherever the banded template fits the pages a template may
        // use; everything else is its footprint alone.
        let banded = [layout_of(0, band), layout_of(9_000, band)];
        let plain = [layout_of(0, 0.0), layout_of(9_000, 0.0)];
        let with_band = foliage && banded.iter().any(|c| c.0 <= MAX_TEMPLATE_PARTS);
        let choices = if with_band { banded } else { plain };
        let Some((_, upright, min, max, cols, rows)) = choices.into_iter().min_by_key(|c| c.0) else {
            continue;
        };
        let kind_name = rules.kind(&piece.kind).map_or(piece.kind.clone(), |k| k.name.clone());
        // Its size across and along, as it stands unturned.
        let bounds = Piece { pose: Pose::new(0, 0, Facing::default()), ..piece.clone() }.shape().bounds();
        let extent = |from: f64, to: f64| rules.unit.show((to - from).round() as i64);
        let name = format!(
            "{kind_name} {} x {}: cut {} ({}){}",
            extent(bounds.min.0, bounds.max.0),
            extent(bounds.min.1, bounds.max.1),
            cut.len(),
            cut.join(", "),
            if foliage && !with_band { "; too large for its 3\" band here" } else { "" }
        );
        if cols * rows > MAX_TEMPLATE_PARTS {
            // A road across the table is the poster's to print, not a template's.
            continue;
        }
        for row in 0..rows {
            for col in 0..cols {
                let lo = (min.0 + col as f64 * pw_um, min.1 + row as f64 * ph_um);
                let hi = ((lo.0 + pw_um).min(max.0), (lo.1 + ph_um).min(max.1));
                parts.push(TemplatePart {
                    piece: upright.clone(),
                    name: name.clone(),
                    region: (lo, hi),
                    part: (col + row * cols + 1, cols * rows),
                    foliage: with_band,
                });
            }
        }
    }
    // Shelf packing.
    let mut pages: Vec<TemplatePage> = Vec::new();
    let (mut page, mut x, mut y, mut shelf) = (Vec::new(), x0, y0 + 4.0, 0.0f32);
    for part in parts {
        let (pw, ph) = (
            (part.region.1.0 - part.region.0.0) as f32 * per_um,
            (part.region.1.1 - part.region.0.1) as f32 * per_um + 16.0,
        );
        if x + pw > x0 + w && x > x0 {
            x = x0;
            y += shelf + 8.0;
            shelf = 0.0;
        }
        if y + ph > y0 + h && !page.is_empty() {
            pages.push(std::mem::take(&mut page));
            (x, y, shelf) = (x0, y0 + 4.0, 0.0);
        }
        page.push(((x, y), part));
        x += pw + 10.0;
        shelf = shelf.max(ph);
    }
    if !page.is_empty() {
        pages.push(page);
    }
    pages
}

/// Draws a page of templates.
pub fn template_page(sk: &mut dyn Sketch, rules: &Ruleset, options: &ExportOptions, page: &TemplatePage) {
    page_title(sk, options, "Footprint templates, true size (foliage's 3\" band dashed; long roads are on the poster)");
    let per_um = options.scale / rules.unit.um() as f32;
    for ((x, y), part) in page {
        let (lo, hi) = part.region;
        let label = if part.part.1 > 1 {
            format!("{} (part {} of {})", part.name, part.part.0, part.part.1)
        } else {
            part.name.clone()
        };
        sk.text(*x, y + 8.0, 8.0, &label, INK, false);
        let top = y + 12.0;
        let (cw, ch) = ((hi.0 - lo.0) as f32 * per_um, (hi.1 - lo.1) as f32 * per_um);
        sk.push_clip(*x, top, cw, ch);
        let frame = Frame {
            origin: (x - lo.0 as f32 * per_um, top - lo.1 as f32 * per_um),
            scale: per_um,
            greyscale: options.greyscale,
            backdrop: false,
        };
        draw_piece(sk, rules, &frame, &part.piece, None, 0.75);
        if part.foliage {
            let grown = match &part.piece.footprint {
                Footprint::Oval { length, width } => {
                    Footprint::Oval { length: length + 6 * rules.unit.um(), width: width + 6 * rules.unit.um() }
                }
                Footprint::Round { diameter } => Footprint::Round { diameter: diameter + 6 * rules.unit.um() },
                Footprint::Rect { length, width } => {
                    Footprint::Rect { length: length + 6 * rules.unit.um(), width: width + 6 * rules.unit.um() }
                }
                other => other.clone(),
            };
            outline(sk, &shape_points(&frame, &grown.place(part.piece.pose)), 0.8, INK, Some(4.0));
        }
        sk.pop_clip();
        if part.part.1 > 1 {
            outline(
                sk,
                &[(*x, top), (x + cw, top), (x + cw, top + ch), (*x, top + ch)],
                0.4,
                Rgb(120, 120, 120),
                Some(3.0),
            );
        }
    }
}

/// The card's size in millimetres.
const CARD_MM: (f32, f32) = (63.0, 88.0);

/// How many cards fit a page.
///
/// # Errors
/// Not one fits.
pub fn cards_per_page(options: &ExportOptions) -> Result<usize, String> {
    let (_, _, w, h) = page_area(options);
    let across = (w / (CARD_MM.0 * PT_PER_MM)).floor() as usize;
    let down = (h / (CARD_MM.1 * PT_PER_MM)).floor() as usize;
    if across * down == 0 {
        return Err("a 63 x 88 mm unit card does not fit this paper; choose a larger one".into());
    }
    Ok(across * down)
}

/// A page of unit cards, one per placed unit.
pub fn cards_page(
    sk: &mut dyn Sketch,
    rules: &Ruleset,
    scenario: &ArmoredScenario,
    options: &ExportOptions,
    units: &[usize],
) {
    page_title(sk, options, "Unit cards, 63 x 88 mm: mark hit points off the track");
    let (x0, y0, w, _) = page_area(options);
    let (cw, ch) = (CARD_MM.0 * PT_PER_MM, CARD_MM.1 * PT_PER_MM);
    let across = ((w / cw).floor() as usize).max(1);
    for (slot, &index) in units.iter().enumerate() {
        let Some(unit) = scenario.table.units.get(index) else { continue };
        let Some(profile) = rules.profile(&unit.profile) else { continue };
        let (x, y) = (x0 + (slot % across) as f32 * cw, y0 + (slot / across) as f32 * ch);
        outline(sk, &[(x, y), (x + cw, y), (x + cw, y + ch), (x, y + ch)], 0.5, Rgb(140, 140, 140), Some(3.0));
        let side = SIDE_COLOURS[usize::from(unit.owner.min(1))];
        sk.fill_rect(x + 4.0, y + 4.0, cw - 8.0, 18.0, if options.greyscale { side.grey() } else { side });
        let name = profile_name(rules, &unit.profile);
        let mut ty = y + 16.0;
        for (i, line) in wrap(&name, 34).iter().take(1).enumerate() {
            sk.text(x + 7.0, ty + i as f32 * 9.0, 8.5, line, Rgb(255, 255, 255), false);
        }
        ty = y + 32.0;
        let mut write = |text: &str, size: f32, sk: &mut dyn Sketch| {
            for line in wrap(text, 44) {
                sk.text(x + 7.0, ty, size, &line, INK, false);
                ty += size + 2.5;
            }
        };
        write(&format!("{} - {}", side_name(scenario, unit.owner), profile.class_text()), 6.5, sk);
        write(&format!("Cost {}  Actions {}  Move {}\"", profile.cost, profile.actions, profile.movement), 7.5, sk);
        if profile.class == UnitClass::Infantry {
            write(&format!("Men {} (a D6 on the token)", profile.men.unwrap_or(0)), 7.5, sk);
        } else {
            write(
                &format!(
                    "Armour  front {}  side {}  rear {}",
                    profile.armour.front, profile.armour.side, profile.armour.rear
                ),
                7.5,
                sk,
            );
        }
        for weapon in &profile.weapons {
            write(&format!("{}: {}", weapon.name, weapon.summary()), 6.5, sk);
        }
        if !profile.keywords.is_empty() {
            write(&profile.keywords.iter().map(|k| k.text()).collect::<Vec<_>>().join(", "), 6.5, sk);
        }
        // The hit point track: a box per point, ten to a row.
        let hp = profile.hit_points.min(80) as usize;
        let boxes = 10usize;
        let size = (cw - 14.0) / boxes as f32;
        let rows = hp.div_ceil(boxes);
        let track_top = y + ch - 8.0 - rows as f32 * size - 10.0;
        sk.text(x + 7.0, track_top - 3.0, 7.5, &format!("Hit points {hp}"), INK, false);
        // Numbers big and dark enough to read across the table (half a box), yet lighter than
        // the ink a player marks them off with.
        let number = (size * 0.5).min(8.0);
        for i in 0..hp {
            let (bx, by) = (x + 7.0 + (i % boxes) as f32 * size, track_top + (i / boxes) as f32 * size);
            outline(sk, &[(bx, by), (bx + size, by), (bx + size, by + size), (bx, by + size)], 0.4, INK, None);
            sk.text(bx + 2.0, by + (size + number) / 2.0 - 1.0, number, &(hp - i).to_string(), Rgb(85, 85, 85), false);
        }
    }
}

/// The band colours for hit rolls 1+ to 6+: green to red.
const ROLL_COLOURS: [Rgb; 6] =
    [Rgb(70, 160, 80), Rgb(140, 190, 80), Rgb(220, 210, 80), Rgb(240, 170, 60), Rgb(230, 110, 50), Rgb(200, 50, 50)];

/// Range rulers in 6" strips coloured by the hit roll, and movement and weapon sticks.
pub fn rulers_page(sk: &mut dyn Sketch, rules: &Ruleset, options: &ExportOptions) {
    page_title(sk, options, "Range rulers (cut out; lay end to end): the colour is the hit roll needed");
    let (x0, y0, w, _) = page_area(options);
    let inch = options.scale * crate::table::UM_PER_INCH as f32 / rules.unit.um() as f32;
    let strip_h = 0.7 * inch;
    let mut y = y0 + 6.0;
    let strip = |sk: &mut dyn Sketch, y: f32, from: u32, length: u32, colour: Rgb, label: &str| {
        let len = length as f32 * inch;
        if len > w {
            sk.text(x0, y + 10.0, 8.0, &format!("{label}: longer than the paper at this scale"), INK, false);
            return;
        }
        sk.fill_rect(x0, y, len, strip_h, if options.greyscale { colour.grey() } else { colour });
        outline(sk, &[(x0, y), (x0 + len, y), (x0 + len, y + strip_h), (x0, y + strip_h)], 0.6, INK, None);
        for i in 0..=length * 4 {
            let tick = if i % 4 == 0 {
                strip_h * 0.45
            } else if i % 2 == 0 {
                strip_h * 0.28
            } else {
                strip_h * 0.16
            };
            let tx = x0 + i as f32 * inch / 4.0;
            sk.line((tx, y), (tx, y + tick), 0.5, INK);
            if i % 4 == 0 && i > 0 && i < length * 4 {
                sk.text(tx - 3.0, y + strip_h * 0.8, 7.0, &(from + i / 4).to_string(), INK, false);
            }
        }
        sk.text(x0 + len + 6.0, y + strip_h * 0.6, 8.0, label, INK, false);
    };
    let mut from = 0.0;
    for (below, roll) in
        rules.hit_bands.iter().copied().chain(std::iter::once((from_last(rules) + 6.0, rules.hit_beyond)))
    {
        let length = (below - from).round().max(1.0) as u32;
        let colour = ROLL_COLOURS[usize::from(roll.clamp(1, 6) - 1)];
        strip(sk, y, from as u32, length, colour, &format!("{}-{}\": hit on {roll}+", from, below));
        from = below;
        y += strip_h + 10.0;
    }
    y += 8.0;
    for (length, label) in
        [(4, "Infantry move 4\""), (6, "Grenade 6\""), (12, "Anti-infantry 12\" (cut in two at 6\")")]
    {
        if length as f32 * inch > w {
            strip(sk, y, 0, 6, Rgb(200, 200, 200), "Anti-infantry 0-6\"");
            y += strip_h + 10.0;
            strip(sk, y, 6, 6, Rgb(200, 200, 200), "Anti-infantry 6-12\"");
        } else {
            strip(sk, y, 0, length, Rgb(200, 200, 200), label);
        }
        y += strip_h + 10.0;
    }
    sk.text(x0, y + 6.0, 8.0, "Scout bonus: below 24\" +3, below 36\" +2, beyond +1 (within 60\"). Foliage between: +2 to the roll, at most 6.", INK, false);
}

fn from_last(rules: &Ruleset) -> f64 {
    rules.hit_bands.last().map_or(30.0, |b| b.0)
}

/// Arc gauges: the 90-degree front (or rear) arc, and the 30-60 degree angling band.
pub fn gauges_page(sk: &mut dyn Sketch, options: &ExportOptions) {
    page_title(sk, options, "Arc gauges: lay the point on the hull's centre, the centre line along its facing");
    let (x0, y0, w, h) = page_area(options);
    let r = (w * 0.45).min(h * 0.45).min(4.0 * 72.0);
    let wedge = |sk: &mut dyn Sketch, apex: (f32, f32), from: f32, to: f32, colour: Rgb| {
        let mut points = vec![apex];
        for i in 0..=24 {
            let a = (from + (to - from) * i as f32 / 24.0).to_radians();
            points.push((apex.0 + r * libm::sinf(a), apex.1 - r * libm::cosf(a)));
        }
        sk.fill_polygon(&points, colour);
        outline(sk, &points, 0.6, INK, None);
    };
    // The front arc of a Casemate: 45 degrees either side of the facing.
    let apex = (x0 + w / 2.0, y0 + 20.0 + r);
    wedge(sk, apex, -45.0, 45.0, Rgb(200, 220, 240));
    dashed(sk, apex, (apex.0, apex.1 - r), 4.0, 0.8, INK);
    sk.text(apex.0 - 60.0, apex.1 + 14.0, 9.0, "90-degree arc (Casemate front, Reverse Casemate rear)", INK, false);
    // Angling: the enemy 30 to 60 degrees off the front axis, either side.
    let apex = (x0 + w / 2.0, y0 + 60.0 + 2.0 * r);
    wedge(sk, apex, 30.0, 60.0, Rgb(240, 220, 180));
    wedge(sk, apex, -60.0, -30.0, Rgb(240, 220, 180));
    dashed(sk, apex, (apex.0, apex.1 - r), 4.0, 0.8, INK);
    sk.text(apex.0 - 60.0, apex.1 + 14.0, 9.0, "Angling: enemy 30-60 degrees off the front axis", INK, false);
}

/// The quick reference: the tables and keywords on one page.
pub fn reference_page(sk: &mut dyn Sketch, rules: &Ruleset, scenario: &ArmoredScenario, options: &ExportOptions) {
    page_title(sk, options, "Armored Advance quick reference");
    let (x0, y0, _, h) = page_area(options);
    let mut lines: Vec<(f32, String)> = Vec::new();
    let mut add = |size: f32, text: String| lines.push((size, text));
    add(
        10.0,
        format!(
            "This scenario: {}, {} actions a turn, requisition {}",
            scenario.mode.label(),
            scenario.action_limit,
            scenario.requisition_limit
        ),
    );
    add(10.0, "Hit roll by range (nearest hull edges)".into());
    let mut from = 0.0;
    for (below, roll) in &rules.hit_bands {
        add(8.5, format!("  {from}\" to below {below}\": {roll}+"));
        from = *below;
    }
    add(8.5, format!("  {from}\" and beyond: {}+", rules.hit_beyond));
    add(10.0, "Penetration minus armour".into());
    for row in &rules.penetration {
        let roll = |r: Option<u8>| {
            r.map_or(
                "fails".to_owned(),
                |r| if r == 0 { "penetrates automatically".to_owned() } else { format!("{r}+") },
            )
        };
        // Weak Spot named only where it changes the roll.
        let (plain, weak) = (roll(row.roll), roll(row.weak_spot));
        let with_weak = if plain == weak { " (Weak Spot too)".to_owned() } else { format!("; with Weak Spot {weak}") };
        add(8.5, format!("  {:+}: {plain}{with_weak}", row.difference));
    }
    add(10.0, "Movement per action".into());
    for text in [
        "  Light: full stat each move, plus a free 2\" (3\" if it starts on a road). Medium: full stat. Heavy: full, then 2\".",
        "  Infantry 4\", one free action each. Road: +1\" tracked, +2\" wheeled and halftracks on one continuous road.",
        "  Mud: wheeled pay 2\" an inch, halftracks after half their stat, tracked -1\" a move; field guns only towed.",
        "  Deep water: medium and heavy unhindered, field guns never, others as mud. Tank traps: no armoured vehicle.",
    ] {
        add(8.0, text.into());
    }
    add(10.0, "Shooting".into());
    for text in [
        "  Firing at advantage (not moved): re-roll a roll missed by exactly 1. Accurate: both actions, +1, no move.",
        "  Foliage between: +2 to the roll (at most 6); a unit within 3\" of the piece ignores it. Walls: -2 penetration each.",
        "  Sandbags: field guns +1 armour on covered faces and +1 to the roll needed; infantry halve losses.",
        "  Support: +50% damage (round up) against field guns and fortifications.",
    ] {
        add(8.0, text.into());
    }
    add(
        8.0,
        format!(
            "  [house] In sight means at least {:.0}% of {} points spread over the target's footprint can be seen.",
            scenario.readings.ask(|r| r.sight_threshold()) * 100.0,
            rules.sight_samples
        ),
    );
    add(10.0, "Victory".into());
    for text in [
        "  Annihilation: destroy every enemy vehicle and field gun; a draw when neither side can hurt the other.",
        "  Timed Annihilation: at the turn limit the greater surviving requisition wins; a tie plays another round.",
        "  Domination: an odd number of objectives; more men on one holds it; the leader scores the difference.",
    ] {
        add(8.0, text.into());
    }
    let mut y = y0 + 6.0;
    for (size, text) in lines {
        for line in wrap(&text, 118) {
            if y > y0 + h {
                return;
            }
            // One typeface throughout; headings stand out by size.
            sk.text(x0, y, if size > 9.0 { 11.0 } else { size }, &line, INK, false);
            y += if size > 9.0 { 15.0 } else { size + 3.5 };
        }
    }
}
