//! Skirm's own printed pages: a token per objective, marker, crate, barrel and turret and the
//! Tactical Order counters, each a square's size; the mission sheet (briefing, scoring, turn
//! track, secondary objectives, the environment's events); and the reference of the special
//! rule codes on the cards.

use super::draw::{SQUAD_COLOURS, ink, squad_ink};
use crate::export::{ExportOptions, FOOTER, INK, Rgb, Sketch, wrap};
use crate::systems::skirm::rules::{ItemKind, Ruleset};
use crate::systems::skirm::scenario::SkirmScenario;

/// What a token shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
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
pub(super) fn tokens(rules: &Ruleset, scenario: &SkirmScenario) -> Vec<Token> {
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
pub(super) fn token_grid(options: &ExportOptions) -> (usize, usize) {
    let (pw, ph) = options.page_size();
    let across = ((pw - 2.0 * options.margin) / options.scale).floor().max(1.0) as usize;
    let down = ((ph - 2.0 * options.margin - FOOTER - 20.0) / options.scale).floor().max(1.0) as usize;
    (across, down)
}

/// One page of tokens, each a square with its shape and word, cut along the grey lines.
pub(super) fn tokens_page(sk: &mut dyn Sketch, options: &ExportOptions, tokens: &[&Token]) {
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
pub enum SheetLine {
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
pub(super) fn sheet_lines(rules: &Ruleset, scenario: &SkirmScenario) -> Vec<SheetLine> {
    use crate::systems::skirm::rules::Scoring;
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
        for content in crate::systems::skirm::rules::CrateContent::ALL {
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

/// The reference sheet's lines: every special rule code on the printed cards, with what it
/// does.
pub(super) fn reference_lines(codes: Vec<String>) -> Vec<SheetLine> {
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
pub(super) fn sheet_pages(options: &ExportOptions, lines: Vec<SheetLine>) -> Vec<Vec<SheetLine>> {
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

pub(super) fn sheet_page(sk: &mut dyn Sketch, options: &ExportOptions, lines: &[SheetLine]) {
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::systems::skirm::scenario::load_scenario;

    const SAMPLE: &str = include_str!("../../../../scenarios/skirm-ruined-crossing.ron");

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
