//! Skirmish Wars' own sheets: the modular tiles, counters, markers and capture tokens, the
//! setup sheet and the VP Tracking Board, drawn through `Sketch` (the board's poster, assembly
//! page and PNG are the shared print's, from `PrintJobs`).

use super::draw::{Style, draw_counter, draw_property};
use crate::export::{ExportOptions, FOOTER, Sheet, Sketch, wrap};
use crate::systems::swat::colours::{self as palette, Rgb};
use crate::systems::swat::rules::{CoChoice, PropertyKind, Ruleset};
use crate::systems::swat::scenario::{Army, Scenario, Tile, builtin_tiles};

/// The sheets Skirmish Wars prints.
pub const SHEETS: [Sheet; 4] = [
    Sheet { id: "board", label: "Board" },
    Sheet { id: "tiles", label: "Tiles" },
    Sheet { id: "counters", label: "Counters" },
    Sheet { id: "setup", label: "Setup sheet" },
];

/// The VP Tracking Board (a component of v1.0b): a track of boxes per player from 1 to the
/// medal target, the target's box marked, for a counter moved one box per medal ("For each
/// enemy unit eliminated ... the player receives that unit as a victory medal"), and a holding
/// area for the units taken as medals.
pub(super) fn vp_board_page(sk: &mut dyn Sketch, scenario: &Scenario, options: &ExportOptions, style: Style) {
    let Some(target) = scenario.victory.victory_medals else { return };
    let (pw, _) = options.page_size();
    let m = options.margin;
    sk.text(m, m + 14.0, 16.0, &format!("{}: VP Tracking Board", scenario.name), palette::BLACK, false);
    for (i, line) in [
        format!("Victory Medals: the first player to {target} medals wins."),
        "Move your marker one box for each enemy unit eliminated, and keep the unit in your area.".to_owned(),
    ]
    .iter()
    .enumerate()
    {
        sk.text(m, m + 30.0 + 11.0 * i as f32, 9.0, line, palette::BLACK, false);
    }
    let per_row = 12usize;
    let rows = usize::try_from(target).unwrap_or(1).div_ceil(per_row).max(1) as f32;
    // Every player's track and holding area share the page between the heading and the foot.
    let (_, ph) = options.page_size();
    let share = (ph - 2.0 * m - FOOTER - 50.0) / scenario.players.len().max(1) as f32;
    let area = if share > 74.0 + 54.0 + rows * 30.0 { 54.0 } else { 24.0 };
    let size = ((pw - 2.0 * m) / per_row as f32).min(40.0).min((share - 74.0 - area) / rows).max(12.0);
    let mut y = m + 52.0;
    for (seat, player) in scenario.players.iter().enumerate() {
        let colour = style.army(player.army);
        sk.fill_rect(m, y, pw - 2.0 * m, 18.0, colour);
        let name = format!("Player {} - {}", seat + 1, player.army.name());
        sk.text(m + 6.0, y + 13.0, 11.0, &name, palette::WHITE, false);
        y += 24.0;
        for medal in 1..=target {
            let index = usize::try_from(medal - 1).unwrap_or(0);
            let (col, row) = (index % per_row, index / per_row);
            let (x, by) = (m + col as f32 * size, y + row as f32 * size);
            let ink = if medal == target { Rgb(200, 0, 0) } else { palette::BLACK };
            let width = if medal == target { 2.0 } else { 0.8 };
            for (a, b) in [
                ((x, by), (x + size, by)),
                ((x + size, by), (x + size, by + size)),
                ((x, by + size), (x + size, by + size)),
                ((x, by), (x, by + size)),
            ] {
                sk.line(a, b, width, ink);
            }
            let label = if medal == target { format!("{medal} WIN") } else { medal.to_string() };
            sk.text(x + 3.0, by + 11.0, 8.0, &label, ink, false);
        }
        y += rows * size + 8.0;
        sk.text(m, y + 9.0, 9.0, "Medals taken (lay the eliminated units here):", palette::BLACK, false);
        for (a, b) in [
            ((m, y + 14.0), (pw - m, y + 14.0)),
            ((pw - m, y + 14.0), (pw - m, y + 14.0 + area)),
            ((m, y + 14.0 + area), (pw - m, y + 14.0 + area)),
            ((m, y + 14.0), (m, y + 14.0 + area)),
        ] {
            sk.line(a, b, 0.6, Rgb(150, 150, 150));
        }
        y += area + 28.0;
    }
}

/// Library tiles the board was built from, each with the turn it was laid with.
pub(super) fn used_tiles(rules: &Ruleset, scenario: &Scenario) -> Vec<(Tile, u8)> {
    let library = builtin_tiles(rules).unwrap_or_default();
    let mut seen: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for placement in &scenario.tiles {
        if seen.contains(&placement.tile.as_str()) {
            continue;
        }
        seen.push(&placement.tile);
        if let Some(tile) = library.iter().find(|t| t.name == placement.tile) {
            out.push((tile.clone(), 0));
        }
    }
    out
}

/// A tile as a little board of its own, unturned, with neutral properties.
pub(super) fn tile_scenario(rules: &Ruleset, scenario: &Scenario, tile: &Tile, rotation: u8) -> Scenario {
    let mut single =
        Scenario::new(rules, tile.size, tile.size, tile.terrain_at(0, 0, rotation), scenario.players.len());
    single.name = tile.title();
    single.tile_size = u8::try_from(tile.size).unwrap_or(6);
    for y in 0..tile.size {
        for x in 0..tile.size {
            let index = single.index(crate::systems::swat::rules::Pos::new(x, y));
            single.board.terrain[index] = tile.terrain_at(x, y, rotation);
        }
    }
    single
}

/// One counter to print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counter {
    /// Its army's colour.
    pub army: Army,
    /// The unit kind's id (the designer's art is given by it).
    pub kind: String,
    /// The unit card's symbol.
    pub symbol: String,
    /// The unit card's name.
    pub name: String,
}

/// The counters each army needs: a kind's whole pool where the ruleset or scenario limits it
/// (what can be bought is exactly what is printed), else one per starting unit (passengers
/// included) and `extra` more to buy.
#[must_use]
pub fn counter_list(rules: &Ruleset, scenario: &Scenario, extra: u32) -> Vec<Counter> {
    let mut out = Vec::new();
    for (seat, player) in scenario.players.iter().enumerate() {
        for card in &rules.units {
            let count = match scenario.counter_limit(card) {
                Some(pool) => pool,
                None => {
                    u32::try_from(scenario.starting_counters(seat, &card.id).count()).unwrap_or(0).saturating_add(extra)
                }
            };
            for _ in 0..count {
                out.push(Counter {
                    army: player.army,
                    kind: card.id.clone(),
                    symbol: card.symbol.clone(),
                    name: card.name.clone(),
                });
            }
        }
    }
    out
}

pub(super) fn counters_per_page(options: &ExportOptions) -> usize {
    let (pw, ph) = options.page_size();
    let s = options.scale;
    let pair = 2.0 * s + 8.0;
    let across = ((pw - 2.0 * options.margin) / pair).floor().max(1.0) as usize;
    let down = ((ph - 2.0 * options.margin - FOOTER - 24.0) / (s + 8.0)).floor().max(1.0) as usize;
    across * down
}

/// Counters in pairs: the full-strength face and the reduced face side by side, to fold along
/// the line between them.
pub(super) fn counters_page(
    sk: &mut dyn Sketch,
    scenario: &Scenario,
    options: &ExportOptions,
    style: Style,
    counters: &[Counter],
) {
    let (pw, _) = options.page_size();
    let m = options.margin;
    let s = options.scale;
    sk.text(
        m,
        m + 10.0,
        12.0,
        &format!("{}: unit counters (cut out, fold along the dashed line, glue)", scenario.name),
        palette::BLACK,
        false,
    );
    let pair = 2.0 * s + 8.0;
    let across = ((pw - 2.0 * m) / pair).floor().max(1.0) as usize;
    for (i, counter) in counters.iter().enumerate() {
        let x = m + (i % across) as f32 * pair;
        let y = m + 24.0 + (i / across) as f32 * (s + 8.0);
        draw_counter(
            sk,
            style,
            (counter.army, &counter.kind),
            &counter.symbol,
            &counter.name,
            [8, 7, 6, 5],
            false,
            x,
            y,
            s,
        );
        draw_counter(
            sk,
            style,
            (counter.army, &counter.kind),
            &counter.symbol,
            &counter.name,
            [4, 3, 2, 1],
            true,
            x + s,
            y,
            s,
        );
        let mut dy = 0.0;
        while dy < s {
            sk.line((x + s, y + dy), (x + s, y + (dy + 3.0).min(s)), 0.8, palette::WHITE);
            dy += 6.0;
        }
    }
}

/// Property ownership markers for every player and capture-point tokens.
pub(super) fn markers_page(sk: &mut dyn Sketch, scenario: &Scenario, options: &ExportOptions, style: Style) {
    let m = options.margin;
    let (pw, _) = options.page_size();
    let right = pw - m;
    let s = options.scale * 0.75;
    sk.text(
        m,
        m + 10.0,
        12.0,
        "Ownership markers (lay on a captured property) and capture-point tokens",
        palette::BLACK,
        false,
    );
    // Rows wrap at the margin: every marker and token lies wholly on the page.
    let mut y = m + 24.0;
    for player in &scenario.players {
        let mut x = m;
        for kind in [
            PropertyKind::City,
            PropertyKind::City,
            PropertyKind::City,
            PropertyKind::City,
            PropertyKind::Factory,
            PropertyKind::Factory,
            PropertyKind::Hq,
        ] {
            if x + s > right {
                x = m;
                y += s + 8.0;
            }
            sk.fill_rect(x, y, s, s, style.ink(palette::terrain("city")));
            draw_property(sk, style, kind, Some(player.army), x, y, s);
            x += s + 6.0;
        }
        y += s + 8.0;
    }
    let r = options.scale * 0.3;
    let mut x = m + r;
    y += r + 6.0;
    for points in [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2] {
        if x + r > right {
            x = m + r;
            y += 2.0 * r + 6.0;
        }
        let mut ring = Vec::new();
        for i in 0..16 {
            let a = i as f32 / 16.0 * std::f32::consts::TAU;
            ring.push((x + r * a.cos(), y + r * a.sin()));
        }
        sk.fill_polygon(&ring, style.ink(Rgb(250, 220, 120)));
        sk.text(x - r * 0.3, y + r * 0.35, r, &points.to_string(), palette::BLACK, true);
        x += 2.0 * r + 6.0;
    }
}

/// A line of the setup sheet: its size and whether it is set in the monospace font.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    text: String,
    size: f32,
    mono: bool,
}

fn line(text: impl Into<String>, size: f32, mono: bool) -> Line {
    Line { text: text.into(), size, mono }
}

pub(super) fn setup_lines(rules: &Ruleset, scenario: &Scenario) -> Vec<Line> {
    let mut lines = vec![line(&scenario.name, 16.0, false)];
    if !scenario.author.is_empty() {
        lines.push(line(format!("by {}", scenario.author), 9.0, false));
    }
    for text in wrap(&scenario.description, 95) {
        lines.push(line(text, 10.0, false));
    }
    lines.push(line(
        format!(
            "Board {} x {} squares, tiles of {} x {}.",
            scenario.board.width, scenario.board.height, scenario.tile_size, scenario.tile_size
        ),
        10.0,
        false,
    ));
    for text in wrap(&scenario.setup_notes, 95) {
        lines.push(line(text, 10.0, false));
    }
    lines.push(line("Players", 13.0, false));
    for (seat, player) in scenario.players.iter().enumerate() {
        let co = player.co.chosen().and_then(|c| rules.co_id(c)).map(|c| rules.co(c));
        lines.push(line(
            format!(
                "Player {} - {}, ${} to start{}",
                seat + 1,
                player.army.name(),
                player.funds,
                if seat == usize::from(scenario.first_player) { ", moves first" } else { "" }
            ),
            10.0,
            false,
        ));
        if player.co == CoChoice::Random {
            lines.push(line("  CO dealt at random when the game starts (never one another player has)", 9.0, false));
        }
        if let Some(co) = co {
            lines.push(line(format!("  CO {}: {}", co.name, co.description), 9.0, false));
            lines.push(line(
                format!(
                    "  Power {} ({} stars), Super Power {} ({} stars)",
                    co.power.name, co.power.stars, co.super_power.name, co.super_power.stars
                ),
                9.0,
                false,
            ));
        }
        let units: Vec<String> = scenario
            .units
            .iter()
            .filter(|u| usize::from(u.owner) == seat)
            .map(|u| {
                let name = rules.unit_id(&u.kind).map_or(u.kind.clone(), |k| rules.unit(k).name.clone());
                let carried = if u.passengers.is_empty() {
                    String::new()
                } else {
                    format!(" carrying {}", u.passengers.iter().map(|p| p.kind.as_str()).collect::<Vec<_>>().join(", "))
                };
                format!(
                    "{name} at {},{}{}{carried}",
                    u.pos.x,
                    u.pos.y,
                    if u.hp < rules.economy.max_hp { format!(" ({} HP)", u.hp) } else { String::new() }
                )
            })
            .collect();
        for text in
            wrap(&format!("  Units: {}", if units.is_empty() { "none".to_owned() } else { units.join("; ") }), 100)
        {
            lines.push(line(text, 9.0, false));
        }
    }
    lines.push(line("Victory", 13.0, false));
    let v = &scenario.victory;
    if v.conquest {
        lines.push(line("Conquest: capture an enemy HQ or eliminate every enemy unit.", 10.0, false));
    }
    if let Some(n) = v.victory_medals {
        lines.push(line(format!("Victory Medals: the first to eliminate {n} enemy units."), 10.0, false));
    }
    if let Some(n) = v.city_conquest {
        lines.push(line(format!("City Conquest: the first to own {n} cities."), 10.0, false));
    }
    match v.turn_limit {
        Some(limit) => lines.push(line(
            format!("Turn limit: {} rounds; then {} decides.", limit.rounds, limit.tie_break.name()),
            10.0,
            false,
        )),
        None => lines.push(line("No turn limit.", 10.0, false)),
    }
    // Rule 4.0's counter loss, where the game plays it (under Victory Medals, or in every game
    // by the house reading `medal_loss: always`): the table must keep the counter out.
    if v.victory_medals.is_some() || scenario.readings.medal_loss == crate::systems::swat::rules::MedalLoss::Always {
        for text in wrap(
            "Eliminated units: the eliminator keeps each as a medal, and its counter is out of its army's pool for the rest of the game (rule 4.0).",
            100,
        ) {
            lines.push(line(text, 10.0, false));
        }
    }
    lines.push(line("Units", 13.0, false));
    lines.push(line("unit        cost type  MP range def  fp foot/wheel/tread  reduced        counters", 8.5, true));
    for unit in &rules.units {
        let fp = |v: &[i32]| v.iter().map(ToString::to_string).collect::<Vec<_>>().join("/");
        let (full, reduced) =
            unit.firepower.as_ref().map_or(("-".to_owned(), "-".to_owned()), |f| (fp(&f.full), fp(&f.reduced)));
        lines.push(line(
            format!(
                "{:<11} {:>4} {:<5} {:>2} {:>2}-{:<2} {:>3}  {:<18} {:<14} {}",
                unit.name,
                format!("${}", unit.cost),
                rules.move_types[unit.move_type.index()],
                unit.movement,
                unit.range.0,
                unit.range.1,
                unit.defense,
                full,
                reduced,
                scenario.counter_limit(unit).map_or_else(|| "any".to_owned(), |n| n.to_string())
            ),
            8.5,
            true,
        ));
    }
    lines.push(line("Terrain Defense Modifier chart (hits / die)", 13.0, false));
    lines.push(line(
        format!("dmg {}", rules.chart_columns.iter().map(|c| format!("{c:<7}")).collect::<String>()),
        8.5,
        true,
    ));
    for (damage, row) in rules.chart.iter().enumerate() {
        let cells: String = row
            .iter()
            .map(|c| match c.die {
                Some(d) => format!("{:<7}", format!("{}/{d}", c.hits)),
                None => format!("{:<7}", c.hits),
            })
            .collect();
        let label = if damage + 1 == rules.chart.len() { format!("{damage}+") } else { damage.to_string() };
        lines.push(line(format!("{label:<3} {cells}"), 8.5, true));
    }
    lines
}

pub(super) fn setup_page(sk: &mut dyn Sketch, options: &ExportOptions, lines: &[Line]) {
    let m = options.margin;
    let mut y = m + 14.0;
    for l in lines {
        sk.text(m, y, l.size, &l.text, palette::BLACK, l.mono);
        y += 13.0_f32.max(l.size * 1.3);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::{PT_PER_MM, Paper};

    /// Records the rightmost and lowest points anything was drawn at, and the text.
    #[derive(Default)]
    struct Extent {
        right: f32,
        bottom: f32,
        text: Vec<String>,
    }

    impl Sketch for Extent {
        fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, _: Rgb) {
            self.right = self.right.max(x + w);
            self.bottom = self.bottom.max(y + h);
        }
        fn fill_polygon(&mut self, points: &[(f32, f32)], _: Rgb) {
            self.right = points.iter().map(|p| p.0).fold(self.right, f32::max);
            self.bottom = points.iter().map(|p| p.1).fold(self.bottom, f32::max);
        }
        fn line(&mut self, a: (f32, f32), b: (f32, f32), _: f32, _: Rgb) {
            self.right = self.right.max(a.0).max(b.0);
            self.bottom = self.bottom.max(a.1).max(b.1);
        }
        fn text(&mut self, x: f32, y: f32, size: f32, text: &str, _: Rgb, _: bool) {
            self.right = self.right.max(x + text.chars().count() as f32 * size * 0.5);
            self.bottom = self.bottom.max(y);
            self.text.push(text.to_owned());
        }
        fn push_clip(&mut self, _: f32, _: f32, _: f32, _: f32) {}
        fn pop_clip(&mut self) {}
        fn picture(&mut self, x: f32, y: f32, w: f32, h: f32, _: &crate::art::Picture) {
            self.fill_rect(x, y, w, h, Rgb(0, 0, 0));
        }
        fn picture_turned(&mut self, c: (f32, f32), size: (f32, f32), _: f32, _: &crate::art::Picture) {
            let reach = size.0.hypot(size.1) / 2.0;
            self.fill_rect(c.0 - reach, c.1 - reach, 2.0 * reach, 2.0 * reach, Rgb(0, 0, 0));
        }
    }

    #[test]
    fn every_marker_and_capture_token_lies_inside_the_margins_at_any_square_size() {
        let rules = Ruleset::builtin().unwrap();
        let scenario =
            crate::systems::swat::scenario::load_scenario(&rules, include_str!("../../../../scenarios/bridgehead.ron"))
                .unwrap();
        for mm in [20.0, 25.0, 30.0, 40.0] {
            let options = ExportOptions { paper: Paper::A4, scale: mm * PT_PER_MM, ..ExportOptions::default() };
            let mut extent = Extent::default();
            markers_page(&mut extent, &scenario, &options, Style { greyscale: false });
            let (pw, _) = options.page_size();
            assert!(extent.right <= pw - options.margin + 0.01, "{mm} mm: drawn to {} of {}", extent.right, pw);
        }
    }

    #[test]
    fn the_vp_tracking_board_has_a_track_to_the_medal_target_per_player_on_one_page() {
        let rules = Ruleset::builtin().unwrap();
        let bridgehead =
            crate::systems::swat::scenario::load_scenario(&rules, include_str!("../../../../scenarios/bridgehead.ron"))
                .unwrap();
        let options = ExportOptions { paper: Paper::A4, ..ExportOptions::default() };
        let mut extent = Extent::default();
        vp_board_page(&mut extent, &bridgehead, &options, Style { greyscale: false });
        assert!(extent.text.iter().any(|t| t == "8 WIN"), "the target's box: {:?}", extent.text);
        assert_eq!(extent.text.iter().filter(|t| t.starts_with("Player ")).count(), 2);
        // Four players racing to 30 medals still fit between the margins and above the foot.
        let mut crowded = bridgehead.clone();
        crowded.players = Army::ALL
            .iter()
            .map(|&army| crate::systems::swat::scenario::ScenarioPlayer { army, ..bridgehead.players[0].clone() })
            .collect();
        crowded.victory.victory_medals = Some(30);
        let mut extent = Extent::default();
        vp_board_page(&mut extent, &crowded, &options, Style { greyscale: false });
        let (pw, ph) = options.page_size();
        assert!(extent.right <= pw - options.margin + 0.01, "{}", extent.right);
        assert!(extent.bottom <= ph - options.margin - FOOTER + 0.01, "{} of {}", extent.bottom, ph);
        assert!(extent.text.iter().any(|t| t == "30 WIN"));
    }

    /// The setup sheet says an eliminated unit's counter is lost exactly where the engine plays
    /// it so: under Victory Medals, or in every game by the reading `medal_loss: always`.
    #[test]
    fn the_setup_sheet_says_when_an_eliminated_units_counter_is_lost() {
        use crate::systems::swat::rules::MedalLoss;
        let rules = Ruleset::builtin().unwrap();
        let duel = crate::systems::swat::scenario::load_scenario(
            &rules,
            include_str!("../../../../scenarios/crossroads-duel.ron"),
        )
        .unwrap();
        let says = |scenario: &Scenario| setup_lines(&rules, scenario).iter().any(|l| l.text.contains("(rule 4.0)"));
        assert!(duel.victory.victory_medals.is_none() && !says(&duel), "no medals, the default reading");
        let mut always = duel.clone();
        always.readings.medal_loss = MedalLoss::Always;
        assert!(says(&always));
        let mut medals = duel;
        medals.victory.victory_medals = Some(5);
        assert!(says(&medals));
    }
}
