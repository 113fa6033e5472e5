//! Skirm print sheets: the battle map as a poster at true square size (40 mm or any size the
//! export offers) with walls as thick lines, doors, height shading with level numbers and
//! contour lines, difficult squares hatched, objectives, items and deployment zones; a stat
//! card per unit of both squads (63 x 88 mm); a token per objective, marker, crate, barrel and
//! turret and the Tactical Order counters, each a square's size; the mission sheet (briefing,
//! scoring, turn track, secondary objectives, the environment's events); and the battle map as
//! a PNG. Drawn once through the shared `Sketch`, so the PDF and the PNG agree.

use super::cards::{CARD_MM, Card, card_grid, cards, cards_page, codes_used};
use super::rules::Ruleset;
use super::rules::{ItemKind, Movement};
use super::scenario::SkirmScenario;
use crate::board::{EdgeAxis, Pos};
use crate::export::{
    ExportOptions, FOOTER, INK, PT_PER_MM, PdfReport, PngSketch, Rgb, Sheet, Sketch, board_layout, poster_page, wrap,
    write_pdf,
};

/// The two squads' colours: red and blue, as the window draws them.
const SQUAD_COLOURS: [Rgb; 2] = [Rgb(196, 52, 44), Rgb(40, 92, 180)];

/// A squad's ink: its colour, or in greyscale a dark grey for A and a light one for B (the
/// two colours would grey to nearly the same shade).
fn squad_ink(squad: usize, greyscale: bool) -> Rgb {
    match (greyscale, squad % 2) {
        (false, s) => SQUAD_COLOURS[s],
        (true, 0) => Rgb(40, 40, 40),
        (true, _) => Rgb(165, 165, 165),
    }
}

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
            if rules.terrains.get(board.terrain_at(pos).index()).is_some_and(|t| t.stairs) {
                // Stairs or a slope: treads across the square.
                for i in 1..5 {
                    let y = py + square * i as f32 / 5.0;
                    sk.line((px + square * 0.12, y), (px + square * 0.88, y), 1.0, ink(Rgb(90, 70, 50), greyscale));
                }
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
        let colour = squad_ink(squad, greyscale);
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
            // A hexagon ringed in black with a warning mark: never mistaken for a unit's disc.
            ItemKind::Barrel => {
                sk.fill_polygon(&polygon(6, c, square * 0.32, 0.0), ink(Rgb(25, 25, 25), greyscale));
                (polygon(6, c, square * 0.24, 0.0), Rgb(240, 150, 20), "!")
            }
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
            sk.fill_polygon(&polygon(20, c, square * 0.3, 0.0), squad_ink(squad_index, greyscale));
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

/// What a token shows.
#[derive(Debug, Clone, PartialEq)]
struct Token {
    /// Sides of its shape (4 turned a quarter is a diamond; many is a disc).
    sides: usize,
    /// Turn of the shape, in radians.
    turn: f32,
    colour: Rgb,
    /// Its word, printed across it.
    label: String,
    /// The squad it belongs to, whose ink it takes.
    squad: Option<usize>,
}

/// A token for every objective, marker and item on the map, and the Tactical Order counters
/// each squad can hold at most (its dice: the ruleset's and its Leader's).
fn tokens(rules: &Ruleset, scenario: &SkirmScenario) -> Vec<Token> {
    use std::f32::consts::{FRAC_PI_2, FRAC_PI_4};
    let mut out = Vec::new();
    for i in 0..scenario.objectives.len() {
        out.push(Token {
            sides: 8,
            turn: 0.0,
            colour: Rgb(222, 176, 40),
            label: format!("OBJ {}", i + 1),
            squad: None,
        });
    }
    for _ in &scenario.markers {
        out.push(Token { sides: 4, turn: 0.0, colour: Rgb(120, 60, 160), label: "MARKER".into(), squad: None });
    }
    for (_, item) in &scenario.items {
        out.push(match item {
            ItemKind::Crate => {
                Token { sides: 4, turn: FRAC_PI_4, colour: Rgb(150, 100, 50), label: "CRATE".into(), squad: None }
            }
            ItemKind::Barrel => {
                Token { sides: 6, turn: 0.0, colour: Rgb(200, 110, 20), label: "BARREL".into(), squad: None }
            }
            ItemKind::Turret(kind) => Token {
                sides: 3,
                turn: -FRAC_PI_2,
                colour: Rgb(70, 70, 70),
                label: rules.turret(kind).map_or_else(|| kind.to_uppercase(), |t| t.name.to_uppercase()),
                squad: None,
            },
        });
    }
    for (index, squad) in scenario.squads.iter().enumerate() {
        let leader = squad
            .units
            .iter()
            .filter_map(|u| rules.profile(&u.profile).and_then(|(_, p)| p.leader()))
            .max()
            .unwrap_or(0);
        let dice = rules.tactical_dice.saturating_add(leader);
        for _ in 0..dice {
            out.push(Token {
                sides: 24,
                turn: 0.0,
                colour: SQUAD_COLOURS[index % 2],
                label: format!("ORDER {}", if index == 0 { "A" } else { "B" }),
                squad: Some(index),
            });
        }
    }
    out
}

/// How many tokens fit across and down a page: each takes one square of the chosen size.
fn token_grid(options: &ExportOptions) -> (usize, usize) {
    let (pw, ph) = options.page_size();
    let across = ((pw - 2.0 * options.margin) / options.scale).floor().max(1.0) as usize;
    let down = ((ph - 2.0 * options.margin - FOOTER - 20.0) / options.scale).floor().max(1.0) as usize;
    (across, down)
}

/// One page of tokens, each a square with its shape and word, cut along the grey lines.
fn tokens_page(sk: &mut dyn Sketch, options: &ExportOptions, tokens: &[&Token]) {
    let (across, _) = token_grid(options);
    let (m, s) = (options.margin, options.scale);
    sk.text(m, m + 12.0, 12.0, "Tokens: cut along the grey lines; each is one square.", INK, false);
    for (index, token) in tokens.iter().enumerate() {
        let (x, y) = (m + (index % across) as f32 * s, m + 20.0 + (index / across) as f32 * s);
        let (cx, cy) = (x + s / 2.0, y + s / 2.0);
        let shape: Vec<(f32, f32)> = (0..token.sides)
            .map(|i| {
                let a = token.turn + i as f32 * std::f32::consts::TAU / token.sides as f32;
                (cx + s * 0.42 * a.cos(), cy + s * 0.42 * a.sin())
            })
            .collect();
        let colour =
            token.squad.map_or_else(|| ink(token.colour, options.greyscale), |s| squad_ink(s, options.greyscale));
        sk.fill_polygon(&shape, colour);
        let size = (s * 0.16).min(11.0);
        let width = token.label.len() as f32 * size * 0.55;
        sk.text(cx - width / 2.0, cy + size * 0.35, size, &token.label, Rgb(255, 255, 255), false);
        for (a, b) in
            [((x, y), (x + s, y)), ((x + s, y), (x + s, y + s)), ((x, y + s), (x + s, y + s)), ((x, y), (x, y + s))]
        {
            sk.line(a, b, 0.4, Rgb(150, 150, 150));
        }
    }
}

/// One line of the mission sheet.
#[derive(Debug, Clone, PartialEq)]
enum SheetLine {
    /// Text at a size.
    Text(String, f32),
    /// The turn track: a row per turn to note initiative, orders and points.
    TurnTrack(u8),
}

impl SheetLine {
    fn height(&self) -> f32 {
        match self {
            SheetLine::Text(_, size) => size * 1.45,
            SheetLine::TurnTrack(turns) => 18.0 * (f32::from(*turns) + 1.0) + 8.0,
        }
    }
}

/// The mission sheet's lines: briefing, what the map holds, scoring, the turn track, the
/// secondary objective deck and the environment's event table.
fn sheet_lines(rules: &Ruleset, scenario: &SkirmScenario) -> Vec<SheetLine> {
    use super::rules::Scoring;
    let text = |t: String, size: f32| SheetLine::Text(t, size);
    let mut out = vec![text(scenario.name.clone(), 16.0)];
    if !scenario.author.is_empty() {
        out.push(text(format!("by {}", scenario.author), 9.0));
    }
    for line in wrap(&scenario.description, 100) {
        out.push(text(line, 9.0));
    }
    let mission = rules.mission(&scenario.mission);
    let name = mission.map_or_else(|| scenario.mission.clone(), |m| m.name.clone());
    out.push(text(format!("Mission: {name}"), 13.0));
    if let Some(mission) = mission {
        for line in wrap(&mission.briefing, 100) {
            out.push(text(line, 9.0));
        }
    }
    let names: Vec<String> = scenario.squads.iter().map(|s| s.name.clone()).collect();
    out.push(text(
        format!(
            "{} turns · EP limit {} · {} objectives, {} markers, {} items · squads: {}",
            scenario.turns(rules),
            scenario.ep_limit,
            scenario.objectives.len(),
            scenario.markers.len(),
            scenario.items.len(),
            if names.is_empty() { "chosen by the players".into() } else { names.join(" (A) against ") + " (B)" }
        ),
        9.0,
    ));
    if scenario.items.iter().any(|(_, item)| *item == ItemKind::Crate) {
        out.push(text(
            "Crates: 1 ACT on its square opens one; the unit takes one of these, each once per battle:".into(),
            9.0,
        ));
        for content in super::rules::CrateContent::ALL {
            out.push(text(format!("- {}", content.summary()), 9.0));
        }
    }
    out.push(text("Scoring".into(), 12.0));
    for scoring in mission.map(|m| m.scoring.as_slice()).unwrap_or_default() {
        let line = match scoring {
            Scoring::ObjectivesControlled { points } => {
                format!("- {points} MP per objective a squad controls at the end of each turn")
            }
            Scoring::EnemiesTakenOut { points } => format!("- {points} MP per enemy unit taken out"),
            Scoring::CarryMarkerHome { points } => {
                format!("- {points} MP per marker carried into the squad's own deployment zone")
            }
            Scoring::MissionAction { name, cost, points } => {
                format!("- {name} ({cost} ACT, on an objective): {points} MP, once per objective and squad")
            }
        };
        out.push(text(line, 9.0));
    }
    out.push(text("Turn track".into(), 12.0));
    out.push(SheetLine::TurnTrack(scenario.turns(rules)));
    out.push(text("Secondary objectives (each squad draws one a turn; each scores once)".into(), 12.0));
    for card in &rules.secondary_objectives {
        out.push(text(format!("- {} ({} MP): {}", card.name, card.points, card.text), 8.5));
    }
    if let Some(environment) = scenario.environment.as_deref().and_then(|e| rules.environment(e)) {
        out.push(text(format!("Events: {} (roll a d6 at the start of each turn)", environment.name), 12.0));
        for event in &environment.events {
            let faces: Vec<String> = event.faces.iter().map(ToString::to_string).collect();
            for (i, line) in wrap(&format!("{}: {}", event.name, event.text), 92).into_iter().enumerate() {
                let lead = if i == 0 { format!("{:>5}  ", faces.join(",")) } else { " ".repeat(7) };
                out.push(text(format!("{lead}{line}"), 8.5));
            }
        }
    }
    out
}

/// How the poster's pages go together: the whole map small, each page's part outlined and
/// named as its page says.
fn assembly_page(
    sk: &mut dyn Sketch,
    rules: &Ruleset,
    scenario: &SkirmScenario,
    options: &ExportOptions,
    layout: &crate::export::BoardLayout,
) {
    let (pw, ph) = options.page_size();
    let m = options.margin;
    sk.text(m, m + 12.0, 16.0, &format!("{}: assembling the battle map", scenario.name), INK, false);
    let lines = [
        format!(
            "{} pages across and {} down. Print at actual size (100%) and check the 5 cm bar with a ruler.",
            layout.cols, layout.rows
        ),
        "Trim each page at its crop marks; glue the hatched strip under the next page, matching the triangles."
            .to_owned(),
    ];
    for (i, line) in lines.iter().enumerate() {
        sk.text(m, m + 30.0 + 13.0 * i as f32, 9.0, line, INK, false);
    }
    let top = m + 52.0;
    let (w, h) = (scenario.board.width, scenario.board.height);
    let square = ((pw - 2.0 * m) / f32::from(w)).min((ph - top - m - FOOTER) / f32::from(h));
    draw_battle_map(sk, rules, scenario, options.greyscale, (m, top), square, (0, w), (0, h), false);
    for page in &layout.pages {
        let corner = |x: u16, y: u16| (m + f32::from(x) * square, top + f32::from(y) * square);
        let ((x0, y0), (x1, y1)) = (corner(page.x0, page.y0), corner(page.x1, page.y1));
        for (a, b) in [((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))] {
            sk.line(a, b, 1.5, Rgb(200, 0, 0));
        }
        sk.fill_rect(x0 + 2.0, y0 + 2.0, 30.0, 12.0, Rgb(255, 255, 255));
        sk.text(x0 + 4.0, y0 + 11.0, 9.0, &page.to_string(), Rgb(200, 0, 0), false);
    }
}

/// The reference sheet's lines: every special rule code on the printed cards, with what it
/// does.
fn reference_lines(codes: Vec<String>) -> Vec<SheetLine> {
    let mut out = vec![
        SheetLine::Text("Special rules on these cards".into(), 14.0),
        SheetLine::Text(
            "Stats: a die succeeds at or under the number (a 1 always, a 6 never); higher is better.".into(),
            9.0,
        ),
    ];
    for line in codes {
        if line.ends_with("special rules") {
            out.push(SheetLine::Text(line, 11.0));
        } else {
            out.extend(wrap(&line, 96).into_iter().map(|l| SheetLine::Text(l, 9.0)));
        }
    }
    out
}

/// The mission sheet's lines cut into pages.
fn sheet_pages(options: &ExportOptions, lines: Vec<SheetLine>) -> Vec<Vec<SheetLine>> {
    let (_, ph) = options.page_size();
    let room = ph - 2.0 * options.margin - FOOTER;
    let mut pages = vec![Vec::new()];
    let mut used = 0.0;
    for line in lines {
        if used + line.height() > room && used > 0.0 {
            pages.push(Vec::new());
            used = 0.0;
        }
        used += line.height();
        if let Some(page) = pages.last_mut() {
            page.push(line);
        }
    }
    pages
}

fn sheet_page(sk: &mut dyn Sketch, options: &ExportOptions, lines: &[SheetLine]) {
    let (pw, _) = options.page_size();
    let m = options.margin;
    let mut y = m;
    for line in lines {
        match line {
            SheetLine::Text(text, size) => {
                y += size * 1.45;
                sk.text(m, y - size * 0.35, *size, text, INK, false);
            }
            SheetLine::TurnTrack(turns) => {
                let columns = ["Turn", "Initiative", "Event", "Orders A", "Orders B", "MP A", "MP B", "Secondary"];
                let width = (pw - 2.0 * m) / columns.len() as f32;
                let row = 18.0;
                let top = y + 4.0;
                for (c, title) in columns.iter().enumerate() {
                    sk.text(m + c as f32 * width + 3.0, top + 12.0, 8.0, title, INK, false);
                }
                for r in 0..=usize::from(*turns) {
                    let ry = top + (r as f32 + 1.0) * row;
                    sk.line((m, ry), (pw - m, ry), 0.5, Rgb(120, 120, 120));
                    if r < usize::from(*turns) {
                        sk.text(m + 3.0, ry + 12.0, 9.0, &format!("{}", r + 1), INK, false);
                    }
                }
                let bottom = top + (f32::from(*turns) + 1.0) * row;
                for c in 0..=columns.len() {
                    let x = m + c as f32 * width;
                    sk.line((x, top), (x, bottom), 0.5, Rgb(120, 120, 120));
                }
                sk.line((m, top), (pw - m, top), 0.5, Rgb(120, 120, 120));
                y += line.height();
            }
        }
    }
}

/// The sheets Skirm prints.
pub const SHEETS: [Sheet; 3] = [
    Sheet { id: "board", label: "Battle map" },
    Sheet { id: "counters", label: "Stat cards (63 x 88 mm) and tokens" },
    Sheet { id: "setup", label: "Mission sheet" },
];

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
    let layout = if options.sheets.has("board") {
        Some(board_layout(options, scenario.board.width, scenario.board.height, 1)?)
    } else {
        None
    };
    let cards = if options.sheets.has("counters") { cards(rules, scenario) } else { Vec::new() };
    let (across, down) = card_grid(options);
    if !cards.is_empty()
        && (pw - 2.0 * options.margin < CARD_MM.0 * PT_PER_MM
            || ph - 2.0 * options.margin - FOOTER < CARD_MM.1 * PT_PER_MM)
    {
        return Err("the paper is too small for a 63 x 88 mm stat card; choose a larger paper".into());
    }
    let card_pages: Vec<Vec<&Card>> = cards.chunks(across * down).map(|chunk| chunk.iter().collect()).collect();
    let tokens = if options.sheets.has("counters") { tokens(rules, scenario) } else { Vec::new() };
    let (token_across, token_down) = token_grid(options);
    let token_pages: Vec<Vec<&Token>> =
        tokens.chunks(token_across * token_down).map(|chunk| chunk.iter().collect()).collect();
    let codes = if options.sheets.has("counters") { codes_used(rules, scenario) } else { Vec::new() };
    let reference = if codes.is_empty() { Vec::new() } else { sheet_pages(options, reference_lines(codes)) };
    let sheet =
        if options.sheets.has("setup") { sheet_pages(options, sheet_lines(rules, scenario)) } else { Vec::new() };
    // A poster of more than one page gets an assembly page first.
    let assembly = usize::from(layout.as_ref().is_some_and(|l| l.pages.len() > 1));
    let board_pages = assembly + layout.as_ref().map_or(0, |l| l.pages.len());
    let total = board_pages + card_pages.len() + token_pages.len() + reference.len() + sheet.len();
    if total == 0 {
        return Err("nothing to print: the chosen sheets have no pages".into());
    }
    let written = write_pdf(options, &scenario.name, total, progress, &mut |sk, index| {
        // The assembly page and the poster pages first, then the card pages.
        if index < assembly {
            if let Some(layout) = layout.as_ref() {
                assembly_page(sk, rules, scenario, options, layout);
            }
        } else if let Some((layout, &board_page)) =
            layout.as_ref().and_then(|l| l.pages.get(index - assembly).map(|p| (l, p)))
        {
            let size = (scenario.board.width, scenario.board.height);
            poster_page(sk, options, layout, board_page, size, "Battle map", &mut |sk, origin, xs, ys, full| {
                draw_battle_map(sk, rules, scenario, options.greyscale, origin, options.scale, xs, ys, full);
            });
        } else if let Some(page_cards) = card_pages.get(index - board_pages) {
            cards_page(sk, options, page_cards, [squad_ink(0, options.greyscale), squad_ink(1, options.greyscale)]);
        } else if let Some(page_tokens) = token_pages.get(index - board_pages - card_pages.len()) {
            tokens_page(sk, options, page_tokens);
        } else if let Some(lines) = reference.get(index - board_pages - card_pages.len() - token_pages.len()) {
            sheet_page(sk, options, lines);
        } else if let Some(lines) =
            sheet.get(index - board_pages - card_pages.len() - token_pages.len() - reference.len())
        {
            sheet_page(sk, options, lines);
        }
    })?;
    Ok(PdfReport {
        bytes: written.bytes,
        pages: total,
        poster: layout.as_ref().map(Into::into),
        page_text: written.page_text,
    })
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::systems::skirm::scenario::load_scenario;

    const SAMPLE: &str = include_str!("../../../scenarios/skirm-ruined-crossing.ron");

    #[test]
    fn tokens_cover_every_objective_item_and_the_orders_each_squad_can_hold() {
        let rules = Ruleset::builtin().unwrap();
        let scenario = load_scenario(&rules, SAMPLE).unwrap();
        let tokens = tokens(&rules, &scenario);
        let count = |label: &str| {
            tokens.iter().filter(|t| t.label == label || t.label.starts_with(&format!("{label} "))).count()
        };
        assert_eq!(count("OBJ 1") + count("OBJ 2"), scenario.objectives.len());
        assert_eq!(count("CRATE"), scenario.items.iter().filter(|(_, i)| *i == ItemKind::Crate).count());
        // Each squad's dice: the ruleset's, and its Leader's LDx on top.
        let leaders: u8 = scenario
            .squads
            .iter()
            .map(|s| {
                s.units
                    .iter()
                    .filter_map(|u| rules.profile(&u.profile).and_then(|(_, p)| p.leader()))
                    .max()
                    .unwrap_or(0)
            })
            .sum();
        assert_eq!(count("ORDER"), usize::from(2 * rules.tactical_dice + leaders));
    }

    #[test]
    fn the_mission_sheet_has_briefing_scoring_a_row_per_turn_secondaries_and_events() {
        let rules = Ruleset::builtin().unwrap();
        let scenario = load_scenario(&rules, SAMPLE).unwrap();
        let lines = sheet_lines(&rules, &scenario);
        let texts: Vec<&str> =
            lines.iter().filter_map(|l| if let SheetLine::Text(t, _) = l { Some(t.as_str()) } else { None }).collect();
        let mission = rules.mission(&scenario.mission).unwrap();
        assert!(texts.iter().any(|t| t.contains(&mission.name)));
        assert!(texts.contains(&"Scoring"));
        assert!(lines.contains(&SheetLine::TurnTrack(scenario.turns(&rules))));
        for card in &rules.secondary_objectives {
            assert!(texts.iter().any(|t| t.contains(&card.name)), "{}", card.name);
        }
        let environment = rules.environment(scenario.environment.as_deref().unwrap()).unwrap();
        for event in &environment.events {
            assert!(texts.iter().any(|t| t.contains(&event.name)), "{}", event.name);
        }
        // Cut into A4 pages, nothing is lost.
        let pages = sheet_pages(&ExportOptions::default(), lines.clone());
        assert_eq!(pages.concat(), lines);
    }
}
