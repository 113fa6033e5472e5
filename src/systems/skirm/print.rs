//! Skirm print sheets: the battle map as a poster at true square size (40 mm or any size the
//! export offers) with walls as thick lines, doors, height shading with level numbers and
//! contour lines, difficult squares hatched, objectives, items and deployment zones; a stat
//! card per unit of both squads (63 x 88 mm); and the battle map as a PNG. Drawn once through
//! the shared `Sketch`, so the PDF and the PNG agree.

use super::rules::Ruleset;
use super::rules::ruleset::{ItemKind, Movement, UnitSpecial, WeaponKind};
use super::scenario::SkirmScenario;
use super::scenario::validate::{squad_ep, unit_ep};
use crate::board::{EdgeAxis, Pos};
use crate::export::{
    ExportOptions, FOOTER, INK, PT_PER_MM, PdfReport, PngSketch, Rgb, Sketch, board_layout, poster_page, write_pdf,
};

/// A stat card's size, in millimetres (a poker card).
pub const CARD_MM: (f32, f32) = (63.0, 88.0);

/// The two squads' colours: red and blue, as the window draws them.
const SQUAD_COLOURS: [Rgb; 2] = [Rgb(196, 52, 44), Rgb(40, 92, 180)];

/// Ink or its grey, for the greyscale print.
fn ink(color: Rgb, greyscale: bool) -> Rgb {
    if greyscale { color.grey().lighter(0.35) } else { color }
}

/// Draws squares `xs` x `ys` of the battle map with its top-left corner at `origin`, on paper
/// and, through the window's own sketch, on screen; `full` adds the small print (levels,
/// letters, initials) where there is room for it.
#[expect(clippy::too_many_arguments, reason = "a region of a map and how to draw it")]
pub fn draw_battle_map(
    sk: &mut dyn Sketch,
    rules: &Ruleset,
    scenario: &SkirmScenario,
    greyscale: bool,
    origin: (f32, f32),
    square: f32,
    xs: (u16, u16),
    ys: (u16, u16),
    full: bool,
) {
    let board = &scenario.board;
    let (x1, y1) = (xs.1.min(board.width), ys.1.min(board.height));
    let corner = |x: u16, y: u16| (origin.0 + f32::from(x) * square, origin.1 + f32::from(y) * square);
    // Nothing spills past the region (a wall on its border belongs to both sides, and each
    // side draws its half).
    let (left, top) = corner(xs.0, ys.0);
    let (right, bottom) = corner(x1, y1);
    sk.push_clip(left, top, right - left, bottom - top);
    for y in ys.0..y1 {
        for x in xs.0..x1 {
            let pos = Pos::new(x, y);
            let (px, py) = corner(x, y);
            let movement = rules.terrains.get(board.terrain_at(pos).index()).map_or(Movement::Open, |t| t.movement);
            // Higher ground is darker: each level a step toward the terrain's shadow.
            let level = board.height_at(pos);
            let base = match movement {
                Movement::Open => Rgb(238, 232, 214),
                Movement::Difficult => Rgb(206, 220, 186),
                Movement::Impassable => Rgb(92, 88, 84),
            };
            let shade = |c: u8| c.saturating_sub(level.saturating_mul(22));
            let fill = Rgb(shade(base.0), shade(base.1), shade(base.2));
            sk.fill_rect(px, py, square, square, ink(fill, greyscale));
            if movement == Movement::Difficult {
                // Hatched, so difficult ground reads in greyscale too.
                sk.push_clip(px, py, square, square);
                let mut d = -square;
                while d < square {
                    sk.line((px + d, py + square), (px + d + square, py), 0.5, ink(Rgb(110, 140, 90), greyscale));
                    d += square / 5.0;
                }
                sk.pop_clip();
            }
            sk.line((px, py), (px + square, py), 0.3, Rgb(150, 150, 150));
            sk.line((px, py), (px, py + square), 0.3, Rgb(150, 150, 150));
            if level > 0 && full {
                sk.text(px + 2.0, py + square * 0.22, square * 0.2, &format!("{level}"), INK, true);
            }
            // Contour lines where the level changes, on the higher square's side.
            for (dx, dy) in [(1i32, 0i32), (0, 1)] {
                let Some(next) = crate::board::shift(pos, dx, dy).filter(|&q| board.contains(q)) else { continue };
                if board.height_at(next) != level {
                    let (a, b) = if dx == 1 {
                        ((px + square, py), (px + square, py + square))
                    } else {
                        ((px, py + square), (px + square, py + square))
                    };
                    sk.line(a, b, 1.4, ink(Rgb(120, 80, 40), greyscale));
                }
            }
        }
    }
    // Deployment zones: a band of the squad's colour inside each square, with its letter.
    for (squad, zone) in scenario.zones.iter().enumerate() {
        let colour = ink(SQUAD_COLOURS[squad % 2], greyscale);
        for &pos in zone.iter().filter(|p| (xs.0..x1).contains(&p.x) && (ys.0..y1).contains(&p.y)) {
            let (px, py) = corner(pos.x, pos.y);
            let band = square * 0.045;
            sk.fill_rect(px, py, square, band, colour);
            sk.fill_rect(px, py + square - band, square, band, colour);
            sk.fill_rect(px, py, band, square, colour);
            sk.fill_rect(px + square - band, py, band, square, colour);
            if full {
                let letter = if squad == 0 { "A" } else { "B" };
                sk.text(px + square * 0.72, py + square * 0.3, square * 0.2, letter, colour, false);
            }
        }
    }
    let within = |p: Pos| (xs.0..x1).contains(&p.x) && (ys.0..y1).contains(&p.y);
    let centre = |p: Pos| {
        let (px, py) = corner(p.x, p.y);
        (px + square / 2.0, py + square / 2.0)
    };
    let polygon = |sides: usize, (cx, cy): (f32, f32), r: f32, turn: f32| -> Vec<(f32, f32)> {
        (0..sides)
            .map(|i| {
                let a = turn + i as f32 * std::f32::consts::TAU / sides as f32;
                (cx + r * a.cos(), cy + r * a.sin())
            })
            .collect()
    };
    for &pos in scenario.objectives.iter().filter(|&&p| within(p)) {
        let c = centre(pos);
        sk.fill_polygon(&polygon(8, c, square * 0.34, 0.0), ink(Rgb(222, 176, 40), greyscale));
        sk.fill_polygon(&polygon(8, c, square * 0.22, 0.0), Rgb(255, 255, 255));
        if full {
            sk.text(c.0 - square * 0.08, c.1 + square * 0.08, square * 0.24, "O", INK, false);
        }
    }
    for &pos in scenario.markers.iter().filter(|&&p| within(p)) {
        sk.fill_polygon(&polygon(4, centre(pos), square * 0.2, 0.0), ink(Rgb(120, 60, 160), greyscale));
    }
    for (pos, item) in scenario.items.iter().filter(|(p, _)| within(*p)) {
        let c = centre(*pos);
        let (shape, colour, letter) = match item {
            ItemKind::Crate => (polygon(4, c, square * 0.3, std::f32::consts::FRAC_PI_4), Rgb(150, 100, 50), "C"),
            ItemKind::Barrel => (polygon(16, c, square * 0.26, 0.0), Rgb(200, 70, 30), "B"),
            ItemKind::Turret(_) => (polygon(3, c, square * 0.32, -std::f32::consts::FRAC_PI_2), Rgb(70, 70, 70), "T"),
        };
        sk.fill_polygon(&shape, ink(colour, greyscale));
        if full {
            sk.text(c.0 - square * 0.07, c.1 + square * 0.08, square * 0.22, letter, Rgb(255, 255, 255), false);
        }
    }
    // Units placed by the scenario: a disc of the squad's colour with the unit's initial.
    for (squad_index, squad) in scenario.squads.iter().enumerate() {
        for unit in &squad.units {
            let Some(pos) = unit.pos.filter(|&p| within(p)) else { continue };
            let c = centre(pos);
            sk.fill_polygon(&polygon(20, c, square * 0.3, 0.0), ink(SQUAD_COLOURS[squad_index % 2], greyscale));
            if full {
                let initial: String =
                    unit.name.chars().next().map(|ch| ch.to_uppercase().collect()).unwrap_or_default();
                sk.text(c.0 - square * 0.08, c.1 + square * 0.09, square * 0.26, &initial, Rgb(255, 255, 255), false);
            }
        }
    }
    // Walls last, over everything: thick dark lines on the grid lines, thicker for taller
    // walls, dashed where climbable; doors as a gap with a leaf (open: swung aside).
    for (edge, feature) in &board.edges {
        let (a, b) = match edge.axis {
            EdgeAxis::Horizontal => (corner(edge.x, edge.y), corner(edge.x + 1, edge.y)),
            EdgeAxis::Vertical => (corner(edge.x, edge.y), corner(edge.x, edge.y + 1)),
        };
        // An edge borders the region when it lies on one of the region's grid lines (the clip
        // keeps the half outside from showing).
        let borders = match edge.axis {
            EdgeAxis::Horizontal => (xs.0..x1).contains(&edge.x) && (ys.0..=y1).contains(&edge.y),
            EdgeAxis::Vertical => (xs.0..=x1).contains(&edge.x) && (ys.0..y1).contains(&edge.y),
        };
        if !borders {
            continue;
        }
        let at = |t: f32| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        if let Some(wall) = feature.wall {
            let width = square * (0.09 + 0.025 * f32::from(wall.height.min(4)));
            let dark = ink(Rgb(40, 36, 34), greyscale);
            if wall.climbable {
                for i in 0..4 {
                    let t0 = i as f32 / 4.0;
                    sk.line(at(t0), at(t0 + 0.16), width, dark);
                }
            } else {
                sk.line(a, b, width, dark);
            }
            if wall.height > 1 && full {
                let mid = ((a.0 + b.0) / 2.0 + 2.0, (a.1 + b.1) / 2.0 - 2.0);
                sk.text(mid.0, mid.1, square * 0.16, &format!("{}", wall.height), Rgb(255, 255, 255), true);
            }
        }
        if let Some(door) = feature.door {
            let leaf = ink(Rgb(168, 110, 52), greyscale);
            // The gap in the wall, the width of the door.
            sk.line(at(0.2), at(0.8), square * 0.16, Rgb(255, 255, 255));
            if door.open {
                // Swung open: the leaf stands across the edge from its hinge.
                let hinge = at(0.2);
                let (dx, dy) = ((b.1 - a.1) * 0.6, (a.0 - b.0) * 0.6);
                sk.line(hinge, (hinge.0 + dx, hinge.1 + dy), square * 0.06, leaf);
            } else {
                sk.line(at(0.2), at(0.8), square * 0.1, leaf);
            }
        }
    }
    sk.pop_clip();
}

/// The lines of one unit's stat card.
struct Card {
    squad: usize,
    title: String,
    lines: Vec<String>,
}

/// A card for every unit of both squads, in squad order.
fn cards(rules: &Ruleset, scenario: &SkirmScenario) -> Vec<Card> {
    let mut out = Vec::new();
    for (squad_index, squad) in scenario.squads.iter().enumerate() {
        let total = squad_ep(rules, squad);
        for unit in &squad.units {
            let Some((faction, profile)) = rules.profile(&unit.profile) else {
                out.push(Card {
                    squad: squad_index,
                    title: unit.name.clone(),
                    lines: vec![format!("unknown profile '{}'", unit.profile)],
                });
                continue;
            };
            let mut lines = vec![
                format!("{} - {}", profile.name, faction.name),
                format!("ACT {}  MSK {}+  RSK {}+", profile.act, profile.msk, profile.rsk),
                format!("ARM {}  HIT {}", profile.arm, profile.hit),
            ];
            let specials: Vec<String> = profile.specials.iter().map(|s| special_code(*s)).collect();
            if !specials.is_empty() {
                lines.push(format!("Specials: {}", specials.join(" ")));
            }
            lines.push("Weapons:".into());
            // The card's own weapons, then those the unit was given (each at its EP).
            for id in profile.weapons.iter().chain(&unit.weapons) {
                match rules.weapon(id) {
                    Some(w) => {
                        let kind = if w.kind == WeaponKind::Melee { "melee" } else { "ranged" };
                        lines.push(format!(
                            " {} ({kind}) ROA {} DAM {} RG {}  {} EP",
                            w.name, w.roa, w.dam, w.range, w.ep
                        ));
                    }
                    None => lines.push(format!(" unknown weapon '{id}'")),
                }
            }
            if !unit.gear.is_empty() {
                let gear: Vec<String> = unit
                    .gear
                    .iter()
                    .map(|id| {
                        rules
                            .gear_item(id)
                            .map_or_else(|| format!("unknown '{id}'"), |g| format!("{} {} EP", g.name, g.ep))
                    })
                    .collect();
                lines.push(format!("Gear: {}", gear.join(", ")));
            }
            lines.push(format!("EP {}  (squad {total} of {})", unit_ep(rules, unit), scenario.ep_limit));
            if unit.xp > 0 {
                lines.push(format!("XP {}", unit.xp));
            }
            lines.push(profile.role.clone());
            let title = if unit.name.is_empty() { profile.name.clone() } else { unit.name.clone() };
            out.push(Card { squad: squad_index, title: format!("{title} ({})", squad.name), lines });
        }
    }
    out
}

/// The code a card prints for a special rule: `2MC`, `BR2`, `CAM`.
fn special_code(special: UnitSpecial) -> String {
    let text = ron::to_string(&special).unwrap_or_default();
    let text: String = text.chars().filter(|c| !matches!(c, '(' | ')')).collect();
    // Codes that start with a digit are stored with the digit last (`MC2` for 2MC).
    match text.as_str() {
        "MC2" => "2MC".into(),
        "RC2" => "2RC".into(),
        _ => text,
    }
}

/// How many cards fit across and down a page.
fn card_grid(options: &ExportOptions) -> (usize, usize) {
    let (pw, ph) = options.page_size();
    let (cw, ch) = (CARD_MM.0 * PT_PER_MM, CARD_MM.1 * PT_PER_MM);
    let across = ((pw - 2.0 * options.margin) / cw).floor().max(1.0) as usize;
    let down = ((ph - 2.0 * options.margin - FOOTER) / ch).floor().max(1.0) as usize;
    (across, down)
}

/// One page of stat cards, edge to edge, with cut marks at the corners.
fn cards_page(sk: &mut dyn Sketch, options: &ExportOptions, cards: &[&Card]) {
    let (across, _) = card_grid(options);
    let (cw, ch) = (CARD_MM.0 * PT_PER_MM, CARD_MM.1 * PT_PER_MM);
    let m = options.margin;
    for (index, card) in cards.iter().enumerate() {
        let (x, y) = (m + (index % across) as f32 * cw, m + (index / across) as f32 * ch);
        let colour = ink(SQUAD_COLOURS[card.squad % 2], options.greyscale);
        sk.fill_rect(x, y, cw, 22.0, colour);
        sk.text(x + 6.0, y + 15.0, 11.0, &card.title, Rgb(255, 255, 255), false);
        for (i, line) in card.lines.iter().enumerate() {
            sk.text(x + 6.0, y + 36.0 + i as f32 * 10.5, 7.2, line, INK, false);
        }
        // The card's outline: the cut lines.
        for (a, b) in [
            ((x, y), (x + cw, y)),
            ((x + cw, y), (x + cw, y + ch)),
            ((x, y + ch), (x + cw, y + ch)),
            ((x, y), (x, y + ch)),
        ] {
            sk.line(a, b, 0.4, Rgb(120, 120, 120));
        }
    }
}

/// Writes the battle map poster and the stat cards as one PDF; `progress` hears (pages done,
/// pages in all).
///
/// # Errors
/// When the paper cannot hold one square or one card, or the PDF cannot be written.
pub fn export_pdf(
    rules: &Ruleset,
    scenario: &SkirmScenario,
    options: &ExportOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<PdfReport, String> {
    let (pw, ph) = options.page_size();
    let layout = if options.sheets.board {
        Some(board_layout(options, scenario.board.width, scenario.board.height, 1)?)
    } else {
        None
    };
    let cards = if options.sheets.counters { cards(rules, scenario) } else { Vec::new() };
    let (across, down) = card_grid(options);
    if !cards.is_empty()
        && (pw - 2.0 * options.margin < CARD_MM.0 * PT_PER_MM
            || ph - 2.0 * options.margin - FOOTER < CARD_MM.1 * PT_PER_MM)
    {
        return Err("the paper is too small for a 63 x 88 mm stat card; choose a larger paper".into());
    }
    let card_pages: Vec<Vec<&Card>> = cards.chunks(across * down).map(|chunk| chunk.iter().collect()).collect();
    let board_pages = layout.as_ref().map_or(0, |l| l.pages.len());
    let total = board_pages + card_pages.len();
    if total == 0 {
        return Err("Skirm prints the battle map (sheet 'board') and the stat cards (sheet 'counters'); \
                    'tiles' and 'setup' are Skirmish Wars sheets"
            .into());
    }
    let bytes = write_pdf(options, &scenario.name, total, progress, &mut |sk, index| {
        // The poster pages first, then the card pages.
        if let Some((layout, &board_page)) = layout.as_ref().and_then(|l| l.pages.get(index).map(|p| (l, p))) {
            let size = (scenario.board.width, scenario.board.height);
            poster_page(sk, options, layout, board_page, size, "Battle map", &mut |sk, origin, xs, ys, full| {
                draw_battle_map(sk, rules, scenario, options.greyscale, origin, options.square, xs, ys, full);
            });
        } else if let Some(page_cards) = card_pages.get(index - board_pages) {
            cards_page(sk, options, page_cards);
        }
    })?;
    Ok(PdfReport { bytes, pages: total, layout })
}

/// The whole battle map as a PNG at `dpi` with squares of `square` points.
///
/// # Errors
/// When the image would be too large or cannot be encoded.
pub fn export_png(
    rules: &Ruleset,
    scenario: &SkirmScenario,
    square: f32,
    dpi: u32,
    greyscale: bool,
) -> Result<Vec<u8>, String> {
    let mut sketch = PngSketch::for_board(scenario.board.width, scenario.board.height, square, dpi)?;
    let size = (scenario.board.width, scenario.board.height);
    draw_battle_map(&mut sketch, rules, scenario, greyscale, (0.0, 0.0), square, (0, size.0), (0, size.1), true);
    sketch.into_png(dpi)
}
