//! The balance lab's shareable report: one self-contained HTML file with SVG charts (each
//! seat's share of wins with its interval against the fair share, game lengths, a sweep's
//! curve, the CO matrix) and the verdict, readable in any browser and printable.

use super::sensitivity::Sensitivity;
use super::{Balance, MatrixCell, SweepPoint, percent};
use crate::game::{LabNaming, Place};
use std::fmt::Write as _;

/// Escapes text for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Horizontal bars: each seat's share, its 95% interval as a whisker, the fair share dashed.
fn shares_chart(balance: &Balance, naming: &LabNaming) -> String {
    let (width, row) = (640.0, 34.0);
    let height = row * balance.seats.len() as f64 + 30.0;
    // Room on the right for the label after the longest whisker.
    let x = |share: f64| 90.0 + share * (width - 240.0);
    let fair = 1.0 / balance.seats.len().max(1) as f64;
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" aria-label="Share of wins per seat">"#
    );
    for (i, seat) in balance.seats.iter().enumerate() {
        let y = 10.0 + row * i as f64;
        let _ = write!(
            svg,
            r##"<text x="4" y="{ty}" font-size="13">{n}</text><rect x="90" y="{y}" width="{w:.1}" height="20" fill="#5b8def"/><line x1="{lo:.1}" x2="{hi:.1}" y1="{my}" y2="{my}" stroke="#222" stroke-width="2"/><line x1="{lo:.1}" x2="{lo:.1}" y1="{a}" y2="{b}" stroke="#222"/><line x1="{hi:.1}" x2="{hi:.1}" y1="{a}" y2="{b}" stroke="#222"/><text x="{tx:.1}" y="{ty}" font-size="12">{share} ({lo_p}–{hi_p})</text>"##,
            ty = y + 15.0,
            n = escape(&naming.seat(seat.seat)),
            w = x(seat.share) - 90.0,
            lo = x(seat.interval.0),
            hi = x(seat.interval.1),
            my = y + 10.0,
            a = y + 4.0,
            b = y + 16.0,
            tx = x(seat.interval.1) + 6.0,
            share = percent(seat.share),
            lo_p = percent(seat.interval.0),
            hi_p = percent(seat.interval.1),
        );
    }
    let _ = write!(
        svg,
        r##"<line x1="{f:.1}" x2="{f:.1}" y1="4" y2="{b}" stroke="#c33" stroke-dasharray="4 3"/><text x="{f:.1}" y="{t}" font-size="11" fill="#c33" text-anchor="middle">fair {fair_p}</text></svg>"##,
        f = x(fair),
        b = height - 18.0,
        t = height - 4.0,
        fair_p = percent(fair)
    );
    svg
}

/// A line chart of the swept seat's share against the setting, with its interval as a band.
fn sweep_chart(points: &[SweepPoint], seat: u8, name: &str) -> String {
    let (width, height) = (520.0, 240.0);
    let (left, bottom, top) = (50.0, height - 30.0, 10.0);
    let first = points.first().map_or(0, |p| p.value) as f64;
    let last = points.last().map_or(1, |p| p.value) as f64;
    let span = (last - first).max(1.0);
    let x = |v: i64| left + (v as f64 - first) / span * (width - left - 20.0);
    let y = |share: f64| bottom - share * (bottom - top);
    let share_of =
        |p: &SweepPoint| p.balance.seats.get(usize::from(seat)).map_or((0.0, (0.0, 1.0)), |s| (s.share, s.interval));
    let band: Vec<String> = points
        .iter()
        .map(|p| format!("{:.1},{:.1}", x(p.value), y(share_of(p).1.1)))
        .chain(points.iter().rev().map(|p| format!("{:.1},{:.1}", x(p.value), y(share_of(p).1.0))))
        .collect();
    let line: Vec<String> = points.iter().map(|p| format!("{:.1},{:.1}", x(p.value), y(share_of(p).0))).collect();
    let fair = 1.0 / points.first().map_or(2, |p| p.balance.seats.len().max(1)) as f64;
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" aria-label="Share of wins against {name}"><polygon points="{band}" fill="#5b8def" fill-opacity="0.25"/><polyline points="{line}" fill="none" stroke="#1f4fbf" stroke-width="2"/><line x1="{left}" x2="{right}" y1="{fy:.1}" y2="{fy:.1}" stroke="#c33" stroke-dasharray="4 3"/><line x1="{left}" x2="{left}" y1="{top}" y2="{bottom}" stroke="#222"/><line x1="{left}" x2="{right}" y1="{bottom}" y2="{bottom}" stroke="#222"/><text x="4" y="{t0:.1}" font-size="11">0%</text><text x="4" y="{t1:.1}" font-size="11">100%</text><text x="{left}" y="{lb}" font-size="11">{first}</text><text x="{right}" y="{lb}" font-size="11" text-anchor="end">{last}</text><text x="{mid:.1}" y="{lb}" font-size="12" text-anchor="middle">{name_e}</text></svg>"##,
        band = band.join(" "),
        line = line.join(" "),
        right = width - 20.0,
        fy = y(fair),
        t0 = bottom,
        t1 = top + 8.0,
        lb = height - 8.0,
        mid = (left + width - 20.0) / 2.0,
        name_e = escape(name),
    )
}

/// Each seat's mean of one recorded number per round, with its 80% band.
fn curve_chart(curve: &super::Curve, naming: &LabNaming) -> String {
    let (width, height) = (520.0, 220.0);
    let (left, bottom, top) = (50.0, height - 30.0, 10.0);
    let shown = curve.shown();
    let rounds = shown.iter().map(|s| s.len()).max().unwrap_or(0).max(2);
    let highest = shown.iter().flat_map(|s| s.iter()).map(|p| p.2).fold(1.0, f64::max);
    let x = |round: usize| left + round as f64 / (rounds - 1) as f64 * (width - left - 20.0);
    let y = |v: f64| bottom - v / highest * (bottom - top);
    let colours = ["#d33", "#36c", "#393", "#c90"];
    // Light tints for the bands (drawn first, so every line stays visible on top).
    let tints = ["#f3c4c4", "#c4d2f3", "#c4e8c4", "#f0ddb0"];
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{}" role="img" aria-label="{} per round">"#,
        height + 16.0,
        escape(&curve.name)
    );
    for (seat, points) in shown.iter().enumerate() {
        let band: Vec<String> = points
            .iter()
            .enumerate()
            .map(|(r, p)| format!("{:.1},{:.1}", x(r), y(p.2)))
            .chain(points.iter().enumerate().rev().map(|(r, p)| format!("{:.1},{:.1}", x(r), y(p.1))))
            .collect();
        let _ = write!(
            svg,
            r#"<polygon points="{}" fill="{}" fill-opacity="0.6" stroke="none"/>"#,
            band.join(" "),
            tints[seat % tints.len()]
        );
    }
    for (seat, points) in shown.iter().enumerate() {
        let colour = colours[seat % colours.len()];
        let line: Vec<String> = points.iter().enumerate().map(|(r, p)| format!("{:.1},{:.1}", x(r), y(p.0))).collect();
        let _ = write!(
            svg,
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"/><text x="{:.1}" y="{:.1}" font-size="11" fill="{colour}">{}</text>"#,
            line.join(" "),
            left + 70.0 * seat as f64,
            height + 12.0,
            escape(&naming.seat(u8::try_from(seat).unwrap_or(u8::MAX)))
        );
    }
    let _ = write!(
        svg,
        r##"<line x1="{left}" x2="{left}" y1="{top}" y2="{bottom}" stroke="#222"/><line x1="{left}" x2="{r}" y1="{bottom}" y2="{bottom}" stroke="#222"/><text x="4" y="{t:.1}" font-size="11">{highest:.0}</text><text x="4" y="{bottom}" font-size="11">0</text><text x="{left}" y="{lb}" font-size="11">round 1</text><text x="{r}" y="{lb}" font-size="11" text-anchor="end">round {rounds}</text></svg>"##,
        r = width - 20.0,
        t = top + 8.0,
        lb = height - 8.0,
    );
    svg
}

/// The heatmap: a grid over the whole board of squares, darker where more often, or discs
/// over an open table drawn with its outline.
fn heatmap_grid(cells: &[super::HeatCell], naming: &LabNaming) -> String {
    let squares: Vec<(u16, u16)> = cells
        .iter()
        .filter_map(|c| match c.at {
            Place::Square(x, y) => Some((x, y)),
            Place::Point(..) => None,
        })
        .collect();
    if squares.len() < cells.len() || naming.heat.unit.is_some() {
        return heatmap_points(cells, naming);
    }
    // The whole board, even where nothing happened near its far edges.
    let width = squares.iter().map(|c| c.0 + 1).max().unwrap_or(0).max(naming.board.0);
    let height = squares.iter().map(|c| c.1 + 1).max().unwrap_or(0).max(naming.board.1);
    let most = cells.iter().map(|c| c.changes).max().unwrap_or(1).max(1);
    let size = 22.0;
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" role="img" aria-label="{}">"#,
        f64::from(width) * size + 2.0,
        f64::from(height) * size + 2.0,
        escape(naming.heat.title)
    );
    for y in 0..height {
        for x in 0..width {
            let cell = cells.iter().find(|c| c.at == Place::Square(x, y));
            let (fill, label) = match cell {
                Some(c) => {
                    let heat = c.changes as f64 / most as f64;
                    (format!("rgba(200,40,20,{:.2})", 0.15 + 0.85 * heat), c.changes.to_string())
                }
                None => ("#f4f4f4".to_owned(), String::new()),
            };
            let _ = write!(
                svg,
                r##"<rect x="{:.1}" y="{:.1}" width="{size}" height="{size}" fill="{fill}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" font-size="9" text-anchor="middle">{label}</text>"##,
                f64::from(x) * size + 1.0,
                f64::from(y) * size + 1.0,
                f64::from(x) * size + 1.0 + size / 2.0,
                f64::from(y) * size + 1.0 + size * 0.65,
            );
        }
    }
    svg.push_str("</svg>");
    svg
}

/// The CO matrix as a table, each cell shaded by the first seat's share.
fn matrix_table(cells: &[MatrixCell], naming: &LabNaming) -> String {
    let mut cos: Vec<&str> = cells.iter().map(|c| c.first.as_str()).collect();
    cos.dedup();
    // Headings by the names people read; cells found by the values.
    let name_of =
        |co: &str| cells.iter().find(|c| c.first == co).map_or_else(|| co.to_owned(), |c| c.first_name.clone());
    let mut html = format!("<table><tr><th>{} \\ {}</th>", escape(&naming.seat(0)), escape(&naming.seat(1)));
    for co in &cos {
        let _ = write!(html, "<th>{}</th>", escape(&name_of(co)));
    }
    html.push_str("</tr>");
    for first in &cos {
        let _ = write!(html, "<tr><th>{}</th>", escape(&name_of(first)));
        for second in &cos {
            match cells.iter().find(|c| c.first == *first && c.second == *second) {
                Some(cell) => {
                    let seat = &cell.balance.seats[0];
                    let shade = (seat.share * 255.0) as u8;
                    let _ = write!(
                        html,
                        r#"<td style="background:rgb({r},{g},230)">{share}<br><small>{lo}–{hi} of {n}</small></td>"#,
                        r = 255 - shade / 2,
                        g = 255 - shade / 3,
                        share = percent(seat.share),
                        lo = percent(seat.interval.0),
                        hi = percent(seat.interval.1),
                        n = cell.balance.games
                    );
                }
                None => html.push_str("<td>—</td>"),
            }
        }
        html.push_str("</tr>");
    }
    html.push_str("</table>");
    html
}

/// What a report shows beside the verdict: a sweep, the CO matrix, the house-reading table.
#[derive(Default)]
pub struct Extras<'a> {
    /// A swept setting: its name, the seat whose share is followed, and the points.
    pub sweep: Option<(&'a str, u8, &'a [SweepPoint])>,
    /// The CO matrix.
    pub matrix: Option<&'a [MatrixCell]>,
    /// Each other value of each house reading against the scenario's own.
    pub readings: Option<&'a Sensitivity>,
}

/// The whole report, naming seats, places and the heatmap as the game does.
#[must_use]
pub fn html(title: &str, balance: &Balance, naming: &LabNaming, extras: &Extras<'_>) -> String {
    let mut body = format!(
        "<h1>{}</h1><p class=\"verdict\">{}</p><p>{}{}; draws {} ({}).</p><h2>Share of wins</h2>{}",
        escape(title),
        escape(&crate::game::named_seats(&balance.verdict, &naming.seats)),
        crate::game::games_counted(balance.games),
        if balance.stopped_early { ", stopped when the sequential test decided" } else { "" },
        balance.draws,
        percent(balance.draws as f64 / balance.games.max(1) as f64),
        shares_chart(balance, naming)
    );
    let _ = write!(
        body,
        "<p class=\"decisive\">Draws left out, {}.</p>",
        escape(&balance.decisive_text(&|seat| naming.seat(seat)))
    );
    if let Some(stalls) = &balance.stalls {
        let _ = write!(body, "<p class=\"stalls\">{}</p>", escape(stalls));
    }
    if let Some((won, n, (lo, hi))) = balance.first_mover {
        let _ = write!(
            body,
            "<p>The first mover won {won} of {} ({}, 95% interval {} to {}).</p>",
            if balance.draws == 0 { crate::game::games_counted(n) } else { format!("{n} decisive games") },
            percent(won as f64 / n.max(1) as f64),
            percent(lo),
            percent(hi)
        );
    }
    let _ = write!(
        body,
        "<p>Game length: {:.1} on average; 80% of games between {} and {}.</p><ul>",
        balance.length.0, balance.length.1, balance.length.2
    );
    for (ending, count) in &balance.endings {
        let _ = write!(body, "<li>{}: {count}</li>", escape(&crate::game::ending_phrase(ending)));
    }
    body.push_str("</ul>");
    for curve in &balance.curves {
        let _ = write!(
            body,
            "<h2>{} per round (mean and 80% band)</h2>{}{}",
            escape(&curve.name),
            curve_chart(curve, naming),
            curve.cut_note().map(|note| format!("<p>{}</p>", escape(&note))).unwrap_or_default()
        );
    }
    if !balance.heatmap.is_empty() {
        let heat = &naming.heat;
        let how = match heat.unit {
            None => "by square (column across, row down)".to_owned(),
            Some(unit) => format!("on the table (measured in {} from its top-left corner)", unit.name()),
        };
        let _ = write!(
            body,
            "<h2>{}</h2><p>{} over {}, {how}.</p>{}",
            escape(heat.title),
            escape(&capitalised(heat.counted)),
            crate::game::games_counted(balance.games),
            heatmap_grid(&balance.heatmap, naming)
        );
    }
    if let Some((name, seat, points)) = extras.sweep {
        let _ = write!(body, "<h2>Sweep of {}</h2>{}", escape(name), sweep_chart(points, seat, name));
        if let Some(best) = super::most_balanced(points, seat) {
            let _ = write!(body, "<p>Nearest to fair at {} = {}.</p>", escape(name), escape(&best.label));
        }
    }
    if let Some(cells) = extras.matrix {
        let _ = write!(
            body,
            "<h2>CO matrix: share of wins of {}</h2>{}",
            escape(&naming.seat(0)),
            matrix_table(cells, naming)
        );
    }
    if let Some(readings) = extras.readings {
        body.push_str(&readings_table(readings, naming));
    }
    format!(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>body{{font-family:sans-serif;max-width:760px;margin:2em auto;color:#222}}.verdict{{font-size:1.2em;font-weight:bold}}table{{border-collapse:collapse}}td,th{{border:1px solid #bbb;padding:4px 8px;text-align:center;font-size:13px}}</style></head><body>{body}<p><small>Skirmish Studio balance report. Intervals are Wilson 95% intervals.</small></p></body></html>\n",
        escape(title)
    )
}

/// Text with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

/// A reading's value in plain words (`as_written` reads "as written").
#[must_use]
pub fn plain_value(value: &str) -> String {
    value.replace('_', " ")
}

/// The house-reading table: each other value of each reading, how far it moves the first
/// seat's share from the scenario's own readings (with its interval), and whether the verdict
/// turns.
fn readings_table(readings: &Sensitivity, naming: &LabNaming) -> String {
    let first = escape(&naming.seat(0));
    let mut html = format!(
        "<h2>House readings</h2><p>Each other value of each reading, played against the scenario's own game by game on the same seeds ({}{}: {}).</p><table><tr><th>Reading</th><th>Value</th><th>Games</th><th>{first}: change in share of wins</th><th>95% interval</th><th>Verdict</th></tr>",
        crate::game::games_counted(readings.baseline.games),
        if readings.baseline.stopped_early { ", stopped when the sequential test decided" } else { "" },
        escape(&crate::game::named_seats(&readings.baseline.verdict, &naming.seats))
    );
    for row in &readings.rows {
        let (shift, (lo, hi)) = row.shift;
        let beyond_chance = lo > 0.0 || hi < 0.0;
        let _ = write!(
            html,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}{:+.1} points</td><td>{:+.1} to {:+.1}</td><td>{}</td></tr>",
            escape(&row.label),
            escape(&plain_value(&row.value)),
            row.balance.games,
            if beyond_chance { "<b>moves</b> " } else { "" },
            shift * 100.0,
            lo * 100.0,
            hi * 100.0,
            if row.turns_verdict { "turns" } else { "holds" }
        );
    }
    html.push_str("</table>");
    html
}

/// The heatmap's places on an open table, as discs sized by how often, inside the table's
/// outline at its true proportions.
fn heatmap_points(cells: &[super::HeatCell], naming: &LabNaming) -> String {
    // Places are in millimetres; the board in the table's own units.
    let mm_per_unit = naming.heat.unit.map_or(1.0, |u| u.um() as f32 / 1000.0);
    let spots: Vec<((f32, f32), usize)> =
        cells.iter().map(|c| (c.at.board_rect().0, c.changes)).map(|((x, y), n)| ((x + 0.5, y + 0.5), n)).collect();
    let right = spots.iter().map(|((x, _), _)| *x).fold(f32::from(naming.board.0) * mm_per_unit, f32::max).max(1.0);
    let bottom = spots.iter().map(|((_, y), _)| *y).fold(f32::from(naming.board.1) * mm_per_unit, f32::max).max(1.0);
    let scale = 600.0 / right.max(bottom);
    let most = spots.iter().map(|(_, n)| *n).max().unwrap_or(1).max(1);
    let mut svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{:.0}" height="{:.0}" role="img" aria-label="{}"><rect x="10" y="10" width="{:.1}" height="{:.1}" fill="#f4f1e8" stroke="#222" stroke-width="1.5"/>"##,
        right * scale + 20.0,
        bottom * scale + 20.0,
        escape(naming.heat.title),
        f32::from(naming.board.0) * mm_per_unit * scale,
        f32::from(naming.board.1) * mm_per_unit * scale
    );
    for ((x, y), changes) in spots {
        let heat = changes as f32 / most as f32;
        let _ = write!(
            svg,
            r#"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="rgba(200,40,20,{:.2})"/>"#,
            x * scale + 10.0,
            y * scale + 10.0,
            4.0 + 6.0 * heat,
            0.15 + 0.85 * heat
        );
    }
    svg.push_str("</svg>");
    svg
}

/// The verdict and its figures as lines for a person: each seat's share of wins with its
/// interval and sequential test, draws, the first mover, lengths, endings, the busiest places
/// and each curve at rounds 1, 5 and 10.
#[must_use]
pub fn text(name: &str, balance: &Balance, naming: &LabNaming) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{name}: {}", crate::game::named_seats(&balance.verdict, &naming.seats));
    if let Some(stalls) = &balance.stalls {
        let _ = writeln!(out, "  draws: {stalls}");
    }
    let _ = writeln!(
        out,
        "  {}{}",
        crate::game::games_counted(balance.games),
        if balance.stopped_early { ", stopped early: the sequential test decided" } else { "" }
    );
    for seat in &balance.seats {
        let _ = writeln!(
            out,
            "  {} wins {}{}; test LLR {:.2} (fair at {:.2}, favoured at {:.2})",
            naming.seat(seat.seat),
            crate::game::share_text(seat.wins, balance.games),
            if seat.first.0 > 0 {
                format!("; {} of its {} as first mover", seat.first.1, crate::game::games_counted(seat.first.0))
            } else {
                String::new()
            },
            seat.sprt.llr,
            seat.sprt.lower,
            seat.sprt.upper
        );
    }
    let _ = writeln!(out, "  draws: {}", crate::game::share_text(balance.draws, balance.games));
    let _ = writeln!(out, "  {}", balance.decisive_text(&|seat| naming.seat(seat)));
    if let Some((won, n, _)) = balance.first_mover {
        let of = if balance.draws == 0 { "" } else { " of the decisive games" };
        let _ = writeln!(out, "  the first mover won {}{of}", crate::game::share_text(won, n));
    }
    let _ = writeln!(
        out,
        "  length: {:.1} on average, 80% of games between {} and {}",
        balance.length.0, balance.length.1, balance.length.2
    );
    for (ending, count) in &balance.endings {
        let _ = writeln!(out, "  {}: {count}", crate::game::ending_phrase(ending));
    }
    if balance.first_round_captures.iter().any(|&c| c > 0.0) {
        let shares: Vec<String> = balance
            .first_round_captures
            .iter()
            .enumerate()
            .map(|(seat, c)| format!("{} {c:.2}", naming.seat(u8::try_from(seat).unwrap_or(u8::MAX))))
            .collect();
        let _ = writeln!(out, "  places taken in round 1, per game: {}", shares.join(", "));
    }
    let mut hot: Vec<&super::HeatCell> = balance.heatmap.iter().collect();
    hot.sort_by(|a, b| b.changes.cmp(&a.changes).then(a.at.cmp(&b.at)));
    for cell in hot.iter().take(5) {
        let by: Vec<String> = cell
            .by_seat
            .iter()
            .enumerate()
            .map(|(seat, n)| format!("{} {n}", naming.seat(u8::try_from(seat).unwrap_or(u8::MAX))))
            .collect();
        let _ = writeln!(
            out,
            "  {}: {} {} ({} {}), round {:.1} on average",
            naming.heat.place(cell.at),
            cell.changes,
            naming.heat.counted,
            naming.heat.by,
            by.join(", "),
            cell.mean_round
        );
    }
    for curve in &balance.curves {
        let at_round = |round: usize| {
            curve
                .seats
                .iter()
                .enumerate()
                .filter_map(|(seat, rounds)| {
                    rounds.get(round - 1).map(|(mean, low, high, _)| {
                        format!("{} {mean:.0} ({low:.0}-{high:.0})", naming.seat(u8::try_from(seat).unwrap_or(u8::MAX)))
                    })
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let marks: Vec<String> = [1usize, 5, 10]
            .iter()
            .map(|&r| (r, at_round(r)))
            .filter(|(_, t)| !t.is_empty())
            .map(|(r, t)| format!("round {r}: {t}"))
            .collect();
        if !marks.is_empty() {
            let _ = writeln!(out, "  {} (mean, 80% band): {}", curve.name, marks.join("; "));
        }
    }
    out
}

/// The report with a section for the verdict at every level of the computer inserted before
/// its closing note.
#[must_use]
pub fn with_levels(html: &str, levels: &super::levels::AcrossLevels, naming: &LabNaming) -> String {
    let lines = levels.text(&|seat| naming.seat(seat));
    let mut section = String::from("<h2>At every level of the computer</h2>");
    for (i, line) in lines.iter().enumerate() {
        let class = if i == 0 { " class=\"verdict\"" } else { "" };
        let _ = write!(section, "<p{class}>{}</p>", escape(line));
    }
    match html.rfind("<p><small>Skirmish Studio balance report.") {
        Some(at) => format!("{}{section}{}", &html[..at], &html[at..]),
        None => format!("{html}{section}"),
    }
}
