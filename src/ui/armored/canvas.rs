//! The Armored Advance table on screen: drawn by the game's own print drawing through the
//! window's sketch (so the table looks as it prints), with the selection and its turning
//! handle, the echo's partner, findings, and the measure and sight lines on top; pointer input
//! becomes gestures at table points in micrometres.

use super::ArmoredDesk;
use crate::game::Severity;
use crate::systems::armored::editing::{Editor, TableTool, Thing};
use crate::systems::armored::print::draw::{Frame, draw_table, initials};
use crate::systems::armored::scenario::validate::thing_name;
use crate::table::{Eye, Shape};
use crate::ui::desk::{DeskContext, prepare_view};
use crate::ui::gesture::{GestureTarget, pointer_gesture};
use crate::ui::sketch::PainterSketch;
use crate::ui::style;
use crate::ui::view::Placement;
use egui::{Color32, FontId, Painter, Pos2, Stroke, Ui};

/// The sides' colours on screen.
pub const SIDE_COLOURS: [Color32; 2] = [Color32::from_rgb(58, 92, 150), Color32::from_rgb(160, 60, 46)];

/// Screen distance within which the turning handle is caught.
const HANDLE_RADIUS: f32 = 9.0;

/// A colour per whole unit of the table, row by row, for the print preview's miniature.
pub fn miniature(desk: &ArmoredDesk) -> Vec<Color32> {
    let (w, d) = desk.print_size();
    let rules = &desk.editor.rules;
    let pieces: Vec<(Shape, Color32)> = desk
        .scenario()
        .table
        .pieces
        .iter()
        .map(|p| {
            let c = rules.kind(&p.kind).map_or((160, 160, 160), |k| k.colour);
            (p.shape(), Color32::from_rgb(c.0, c.1, c.2))
        })
        .collect();
    crate::ui::open_table::miniature(w, d, rules.unit.um(), &pieces, Color32::from_rgb(222, 214, 186))
}

/// The table point under a screen point.
fn to_table(place: Placement, unit: f32, point: Pos2) -> (i64, i64) {
    let local = (point - place.origin) / place.zoom;
    ((local.x * unit).round() as i64, (local.y * unit).round() as i64)
}

/// A table point on screen.
fn to_screen(place: Placement, unit: f32, (x, y): (f64, f64)) -> Pos2 {
    place.to_screen(x as f32 / unit, y as f32 / unit)
}

/// Where the selected thing's turning handle is, on screen (a group has none: its panel turns
/// it about its centre).
pub fn handle(editor: &Editor, place: Placement) -> Option<Pos2> {
    if editor.group.len() > 1 {
        return None;
    }
    let thing = editor.selected?;
    if !matches!(thing, Thing::Piece(_) | Thing::Unit(_)) {
        return None;
    }
    let pose = editor.pose(thing)?;
    let reach = editor.shape(thing)?.farthest_from_point(pose.point()) + editor.rules.unit.um() as f64 * 0.6;
    let (fx, fy) = pose.facing.vector();
    let unit = editor.rules.unit.um() as f32;
    Some(to_screen(place, unit, (pose.x as f64 + fx * reach, pose.y as f64 + fy * reach)))
}

struct Target<'a> {
    editor: &'a mut Editor,
    on_handle: bool,
}

impl GestureTarget<(i64, i64)> for Target<'_> {
    fn press(&mut self, at: (i64, i64)) {
        if self.on_handle && self.editor.tool == TableTool::Select {
            self.editor.press_handle();
        } else {
            self.editor.press(at);
        }
    }

    fn dragging(&self) -> bool {
        self.editor.drag.is_some()
    }

    fn drag_to(&mut self, at: (i64, i64)) {
        self.editor.drag_to(at);
    }

    fn release(&mut self, at: Option<(i64, i64)>) {
        self.editor.release(at);
    }
}

/// Draws the table and handles its input.
pub fn canvas(desk: &mut ArmoredDesk, cx: &mut DeskContext<'_>, ui: &mut Ui) {
    let unit = desk.editor.rules.unit.um() as f32;
    let (width, depth) = (desk.scenario().table.width, desk.scenario().table.depth);
    let extent = egui::vec2(width as f32 / unit, depth as f32 / unit);
    let (response, painter, place) = prepare_view(cx, ui, extent, "Table");
    let pointer = response.hover_pos().filter(|p| place.area.contains(*p));
    desk.hover = pointer.map(|p| to_table(place, unit, p));
    desk.editor.free = ui.input(|i| i.modifiers.shift);
    let on_handle = pointer.zip(handle(&desk.editor, place)).is_some_and(|(p, h)| p.distance(h) <= HANDLE_RADIUS);
    pointer_gesture(ui, &response, desk.hover, &mut Target { editor: &mut desk.editor, on_handle });
    let table_painter = painter.with_clip_rect(place.area);
    {
        let mut sketch = PainterSketch::new(&table_painter);
        let origin = (place.origin.x, place.origin.y);
        let art = (crate::ui::desk::DeskExt::path(&*desk), desk.scenario().backdrop.as_ref());
        let backdrop = crate::ui::sketch::draw_backdrop(&mut sketch, art, origin, place.zoom);
        let frame = Frame { origin, scale: place.zoom / unit, greyscale: false, backdrop };
        let loaded = crate::ui::sketch::scenario_art(ui.ctx(), art.0, &desk.scenario().art);
        let mut sketch = crate::export::ArtSketch::new(&mut sketch, &loaded);
        draw_table(&mut sketch, &desk.editor.rules, desk.scenario(), &frame, false);
    }
    let names = labels(&desk.editor.rules, &desk.scenario().table, &table_painter, place);
    let rules = &desk.editor.rules;
    let units = &desk.scenario().table.units;
    let roster: Vec<(u8, &str)> = units.iter().map(|u| (u.owner, u.profile.as_str())).collect();
    let tags: Vec<UnitTag> = units
        .iter()
        .zip(numbered_short_names(rules, &roster))
        .filter_map(|(u, text)| Some(UnitTag { pose: u.pose, reach: rules.hull(&u.profile)?.reach(), text }))
        .collect();
    unit_tags(&table_painter, place, unit, &tags, &names);
    corners(desk, &table_painter, place, pointer);
    marks(desk, &table_painter, place);
    line(desk, &table_painter, place);
    if cx.prefs.show_grid {
        let whole = |um: i64| u16::try_from((um as f32 / unit).ceil() as i64).unwrap_or(u16::MAX);
        crate::ui::view::draw_rulers(&painter, place, response.rect, whole(width), whole(depth));
    }
}

/// The polygonal zone being drawn: its corners, and the next edge to the pointer.
fn corners(desk: &ArmoredDesk, painter: &Painter, place: Placement, pointer: Option<Pos2>) {
    let unit = desk.editor.rules.unit.um() as f32;
    let points: Vec<Pos2> =
        desk.editor.corners.iter().map(|&(x, y)| to_screen(place, unit, (x as f64, y as f64))).collect();
    let colour = SIDE_COLOURS[usize::from(desk.editor.side.min(1))];
    for pair in points.windows(2) {
        painter.line_segment([pair[0], pair[1]], Stroke::new(2.0, colour));
    }
    if let (Some(&last), Some(p)) = (points.last(), pointer) {
        painter.line_segment([last, p], Stroke::new(1.0, colour));
    }
    for (i, p) in points.iter().enumerate() {
        painter.circle_filled(*p, if i == 0 { 6.0 } else { 4.0 }, colour);
    }
}

/// Names on the table at a readable size, in the editor and the playtest alike: each piece's
/// letters, each objective's name. Gives where each was drawn, so the units' names can go
/// elsewhere.
pub fn labels(
    rules: &crate::systems::armored::ruleset::Ruleset,
    table: &crate::table::Table,
    painter: &Painter,
    place: Placement,
) -> Vec<egui::Rect> {
    let unit = rules.unit.um() as f32;
    let font = FontId::proportional(13.0);
    let mut numbers = std::collections::BTreeMap::<&str, usize>::new();
    let mut tags = Vec::new();
    for piece in &table.pieces {
        let n = numbers.entry(piece.kind.as_str()).or_insert(0);
        *n += 1;
        if rules.kind(&piece.kind).is_some_and(|k| k.may_overlap) || place.zoom < 6.0 {
            continue;
        }
        tags.push((to_screen(place, unit, piece.shape().centre()), format!("{}{}", initials(rules, &piece.kind), n)));
    }
    let mut drawn = crate::ui::open_table::name_tags(painter, &tags, &[]);
    for objective in &table.objectives {
        let at = to_screen(place, unit, (objective.at.0 as f64, objective.at.1 as f64));
        drawn.push(painter.text(
            at + egui::vec2(0.0, -14.0),
            egui::Align2::CENTER_BOTTOM,
            &objective.name,
            font.clone(),
            Color32::BLACK,
        ));
    }
    drawn
}

fn shape_screen(place: Placement, unit: f32, shape: &Shape) -> Vec<Pos2> {
    shape.outline().into_iter().map(|p| to_screen(place, unit, p)).collect()
}

/// The selection, its handle, its echo partner, the hovered thing and the findings' places.
fn marks(desk: &ArmoredDesk, painter: &Painter, place: Placement) {
    let unit = desk.editor.rules.unit.um() as f32;
    let editor = &desk.editor;
    if editor.tool == TableTool::Select
        && let Some(at) = desk.hover
        && let Some(thing) = editor.thing_at(at)
        && let Some(shape) = editor.shape(thing)
    {
        painter.add(egui::Shape::closed_line(
            shape_screen(place, unit, &shape),
            Stroke::new(1.0, Color32::from_white_alpha(160)),
        ));
    }
    for &thing in editor.group.iter().filter(|t| Some(**t) != editor.selected) {
        if let Some(shape) = editor.shape(thing) {
            painter
                .add(egui::Shape::closed_line(shape_screen(place, unit, &shape), Stroke::new(2.0, style::SELECTION)));
        }
    }
    if let Some(crate::systems::armored::editing::Drag::Group(crate::table::group::GroupDrag::Box {
        from, to, ..
    })) = editor.drag
    {
        let corner = |(x, y): (i64, i64)| to_screen(place, unit, (x as f64, y as f64));
        let rect = egui::Rect::from_two_pos(corner(from), corner(to));
        painter.rect_filled(rect, 0.0, Color32::from_rgba_unmultiplied(80, 200, 255, 30));
        painter.rect_stroke(rect, 0.0, Stroke::new(1.5, style::SELECTION), egui::StrokeKind::Inside);
    }
    if let Some(thing) = editor.selected {
        if let Some(shape) = editor.shape(thing) {
            painter
                .add(egui::Shape::closed_line(shape_screen(place, unit, &shape), Stroke::new(2.5, style::SELECTION)));
        }
        if let Some(partner) = editor.partner(thing)
            && let Some(shape) = editor.shape(partner)
        {
            let points = shape_screen(place, unit, &shape);
            painter.add(egui::Shape::dashed_line(
                &[points.clone(), points[..1].to_vec()].concat(),
                Stroke::new(2.0, style::SELECTION),
                6.0,
                4.0,
            ));
        }
        if let (Some(h), Some(pose)) = (handle(editor, place), editor.pose(thing)) {
            painter.line_segment([to_screen(place, unit, pose.point()), h], Stroke::new(1.5, style::SELECTION));
            painter.circle(h, HANDLE_RADIUS - 2.0, style::SELECTION, Stroke::new(1.0, Color32::BLACK));
        }
    }
    for finding in &desk.findings.list {
        let colour = if finding.severity == Severity::Error { style::ERROR } else { style::WARNING };
        for &(x, y) in &finding.places {
            painter.circle_stroke(to_screen(place, unit, (x as f64, y as f64)), 10.0, Stroke::new(2.0, colour));
        }
    }
}

/// What the measure or sight line reads, for the canvas and the side panel.
#[derive(Debug, Clone, PartialEq)]
pub struct LineReading {
    /// One line per fact.
    pub lines: Vec<String>,
    /// Whether the line is clear (sight) or always (measure).
    pub clear: bool,
    /// Where the line crosses pieces (micrometres), and whether each blocks.
    pub crossings: Vec<((f64, f64), bool)>,
}

/// The reading of the measure or sight line under way.
pub fn reading(desk: &mut ArmoredDesk) -> Option<LineReading> {
    // The editor read-only and the per-revision scene apart, so nothing is copied each frame.
    let ArmoredDesk { editor, scene, .. } = desk;
    let (from, to) = editor.line?;
    // Only a start so far (one click): nothing is measured yet.
    if from == to {
        return None;
    }
    let rules = &editor.rules;
    let unit = rules.unit;
    let scenario = &editor.doc.scenario;
    let a_thing = editor.thing_at(from).filter(|t| matches!(t, Thing::Unit(_) | Thing::Piece(_) | Thing::Objective(_)));
    let b_thing = editor.thing_at(to).filter(|t| matches!(t, Thing::Unit(_) | Thing::Piece(_) | Thing::Objective(_)));
    let point = |p: (i64, i64)| Shape::circle(geo::Coord { x: p.0 as f64, y: p.1 as f64 }, 0.0);
    let a_shape = a_thing.and_then(|t| editor.shape(t)).unwrap_or_else(|| point(from));
    let b_shape = b_thing.and_then(|t| editor.shape(t)).unwrap_or_else(|| point(to));
    let name = |t: Option<Thing>, p: (i64, i64)| {
        t.map_or_else(|| format!("({}, {})", unit.show(p.0), unit.show(p.1)), |t| thing_name(rules, scenario, t))
    };
    let gap = crate::table::distance_um(&a_shape, &b_shape);
    let mut lines = vec![
        format!("From {} to {}", name(a_thing, from), name(b_thing, to)),
        format!("{} edge to edge: hit on {}+", unit.show(gap), rules.hit_roll(gap)),
    ];
    if editor.tool != TableTool::Sight {
        return Some(LineReading { lines, clear: true, crossings: Vec::new() });
    }
    let height = |t: Option<Thing>| match t {
        Some(Thing::Unit(i)) => scenario.table.units.get(i).and_then(|u| rules.profile(&u.profile)).map(|p| p.height),
        _ => None,
    };
    let medium = rules.profile("medium_tank").map_or(1.9, |p| p.height);
    let eye_z = height(a_thing).unwrap_or(medium) * unit.um() as f64;
    let target_z = height(b_thing).unwrap_or(medium) * unit.um() as f64 * 0.75;
    let ignore: Vec<usize> = [a_thing, b_thing]
        .into_iter()
        .flatten()
        .filter_map(|t| if let Thing::Piece(i) = t { Some(i) } else { None })
        .collect();
    let eye = Eye { at: a_shape.centre(), z: eye_z };
    let scene = scene.get(editor.doc.revision, || crate::systems::armored::scenario::stats::scene(rules, scenario));
    let centre_line = scene.line(eye, Eye { at: b_shape.centre(), z: target_z }, &ignore);
    let (ax, ay) = eye.at;
    let (bx, by) = b_shape.centre();
    let crossings: Vec<((f64, f64), bool)> = centre_line
        .crossings
        .iter()
        .map(|c| ((ax + (bx - ax) * c.enter, ay + (by - ay) * c.enter), c.blocks))
        .collect();
    for c in &centre_line.crossings {
        let piece = thing_name(rules, scenario, Thing::Piece(c.obstacle));
        let what = if c.wall.is_some() { format!("{piece}'s wall") } else { piece };
        let detail =
            if c.length > 0.0 { format!(", {} inside", unit.show(c.length.round() as i64)) } else { String::new() };
        lines.push(format!("Crosses {what}{detail}: {}", if c.blocks { "blocks" } else { "does not block" }));
    }
    let clear = if b_thing.is_some() {
        let (seen, of) = scene.visible_fraction(eye, &b_shape, target_z, rules.sight_samples, &ignore);
        let share = seen as f64 / of.max(1) as f64;
        let threshold = scenario.readings.ask(|r| r.sight_threshold());
        let in_sight = share >= threshold;
        lines.push(format!(
            "Visible: {seen} of {of} points ({:.0}%): {} (a notable portion is {:.0}%)",
            share * 100.0,
            if in_sight { "in sight" } else { "out of sight" },
            threshold * 100.0
        ));
        in_sight
    } else {
        centre_line.clear
    };
    Some(LineReading { lines, clear, crossings })
}

/// The measure or sight line with its reading beside it.
fn line(desk: &mut ArmoredDesk, painter: &Painter, place: Placement) {
    let Some((from, to)) = desk.editor.line else { return };
    if !matches!(desk.editor.tool, TableTool::Measure | TableTool::Sight) {
        return;
    }
    let unit = desk.editor.rules.unit.um() as f32;
    let Some(reading) = reading(desk) else {
        // The start a click left, waiting for the click at the other end.
        painter.circle_stroke(
            to_screen(place, unit, (from.0 as f64, from.1 as f64)),
            6.0,
            Stroke::new(2.5, Color32::WHITE),
        );
        return;
    };
    let (a, b) =
        (to_screen(place, unit, (from.0 as f64, from.1 as f64)), to_screen(place, unit, (to.0 as f64, to.1 as f64)));
    let colour = if reading.clear { Color32::from_rgb(60, 200, 90) } else { style::ERROR };
    painter.line_segment([a, b], Stroke::new(2.5, colour));
    for (at, blocks) in &reading.crossings {
        painter.circle_filled(to_screen(place, unit, *at), 5.0, if *blocks { style::ERROR } else { style::WARNING });
    }
    crate::ui::view::text_boxes(painter, place, b, &reading.lines);
}

/// A label under a unit on the table: where it stands, how far its hull reaches, what it says.
pub struct UnitTag {
    /// The unit's centre and facing.
    pub pose: crate::table::Pose,
    /// How far its hull reaches from its centre (micrometres).
    pub reach: f64,
    /// Its short name, and its damage in a playtest.
    pub text: String,
}

/// A profile's short name for a label on the table: the model in its name's brackets ("M4
/// Sherman" of "Medium tank (M4 Sherman)"), or the whole name.
#[must_use]
pub fn short_name(rules: &crate::systems::armored::ruleset::Ruleset, profile: &str) -> String {
    let name = crate::systems::armored::scenario::validate::profile_name(rules, profile);
    match (name.find('('), name.rfind(')')) {
        (Some(open), Some(close)) if open < close => name[open + 1..close].to_owned(),
        _ => name,
    }
}

/// Each unit's short name, numbered as the log numbers it where its side has two of one model
/// ("Infantry squad 2"), from each unit's side and profile in the table's order.
#[must_use]
pub fn numbered_short_names(rules: &crate::systems::armored::ruleset::Ruleset, units: &[(u8, &str)]) -> Vec<String> {
    let short: Vec<String> = units.iter().map(|(_, profile)| short_name(rules, profile)).collect();
    let roster: Vec<(u8, &str)> = units.iter().zip(&short).map(|((side, _), name)| (*side, name.as_str())).collect();
    crate::game::naming::distinct_names(&roster)
}

/// Each unit's name (and damage) under its hull on a dark band, once the table is drawn large
/// enough for 12 px labels to sit beside the units without covering the table; clear of the
/// labels already drawn (`drawn`: the pieces' letters, the objectives' names) where it can be.
pub fn unit_tags(painter: &Painter, place: Placement, unit: f32, tags: &[UnitTag], drawn: &[egui::Rect]) {
    if place.zoom < 8.0 {
        return;
    }
    let font = FontId::proportional(style::MIN_TEXT);
    let galleys: Vec<_> =
        tags.iter().map(|tag| painter.layout_no_wrap(tag.text.clone(), font.clone(), Color32::WHITE)).collect();
    let spots: Vec<TagSpot> = tags
        .iter()
        .zip(&galleys)
        .map(|(tag, galley)| {
            let (x, y) = (tag.pose.x as f64, tag.pose.y as f64);
            TagSpot {
                under: to_screen(place, unit, (x, y + tag.reach)),
                over: to_screen(place, unit, (x, y - tag.reach)),
                size: galley.size() + egui::vec2(6.0, 2.0),
            }
        })
        .collect();
    for (rect, galley) in tag_rects(&spots, drawn).into_iter().zip(galleys) {
        painter.rect_filled(rect, 3.0, Color32::from_black_alpha(170));
        painter.galley(rect.min + egui::vec2(3.0, 1.0), galley, Color32::WHITE);
    }
}

/// Where a unit's tag may go: the screen points just under and just over its hull, and the
/// tag's size.
#[derive(Debug, Clone, Copy)]
struct TagSpot {
    under: egui::Pos2,
    over: egui::Pos2,
    size: egui::Vec2,
}

impl TagSpot {
    /// The box round the unit's hull on the screen.
    fn hull(&self) -> egui::Rect {
        let reach = (self.under.y - self.over.y) / 2.0;
        egui::Rect::from_min_max(
            egui::pos2(self.over.x - reach, self.over.y),
            egui::pos2(self.under.x + reach, self.under.y),
        )
    }
}

/// Each tag's place, in the units' order: under its hull; over it where that would cover a tag
/// or label already placed or another unit (units standing close, a gun beside its crew, the
/// letters of the sandbags in front of it); else a line further down at a time, a few lines
/// at most, so every name stays readable and no unit is hidden by another's name. Where
/// nothing is clear of the units, the first place clear of the other tags and labels.
fn tag_rects(spots: &[TagSpot], drawn: &[egui::Rect]) -> Vec<egui::Rect> {
    const GAP: f32 = 3.0;
    const MORE_LINES: usize = 4;
    let hulls: Vec<egui::Rect> = spots.iter().map(TagSpot::hull).collect();
    let mut placed: Vec<egui::Rect> = Vec::with_capacity(drawn.len() + spots.len());
    placed.extend_from_slice(drawn);
    for (at, spot) in spots.iter().enumerate() {
        let under = |lines: usize| {
            let down = GAP + spot.size.y / 2.0 + lines as f32 * (spot.size.y + 1.0);
            egui::Rect::from_center_size(spot.under + egui::vec2(0.0, down), spot.size)
        };
        let over = egui::Rect::from_center_size(spot.over - egui::vec2(0.0, GAP + spot.size.y / 2.0), spot.size);
        let clear_of_tags = |rect: &egui::Rect| !placed.iter().any(|p| p.intersects(*rect));
        let clear_of_units =
            |rect: &egui::Rect| hulls.iter().enumerate().all(|(other, hull)| other == at || !hull.intersects(*rect));
        let candidates = || std::iter::once(under(0)).chain(std::iter::once(over)).chain((1..=MORE_LINES).map(under));
        let rect = candidates()
            .find(|r| clear_of_tags(r) && clear_of_units(r))
            .or_else(|| candidates().find(clear_of_tags))
            .unwrap_or_else(|| under(0));
        placed.push(rect);
    }
    placed.split_off(drawn.len())
}

/// The id of the art kind drawn under the pointer, where an image dropped now goes.
pub fn art_kind_under_pointer(desk: &ArmoredDesk) -> Option<String> {
    let table = &desk.editor.doc.scenario.table;
    match desk.editor.thing_at(desk.hover?)? {
        crate::table::symmetry::Thing::Unit(i) => table.units.get(i).map(|u| u.profile.clone()),
        crate::table::symmetry::Thing::Piece(i) => table.pieces.get(i).map(|p| p.kind.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{TagSpot, tag_rects};

    #[test]
    fn tags_of_units_standing_close_go_over_the_hull_or_further_down_and_never_cover_each_other() {
        let spot = |x: f32, y: f32| TagSpot {
            under: egui::pos2(x, y + 10.0),
            over: egui::pos2(x, y - 10.0),
            size: egui::vec2(80.0, 16.0),
        };
        // Four units on one spot, and one far off that keeps its place under its hull.
        let spots =
            [spot(100.0, 100.0), spot(100.0, 100.0), spot(110.0, 102.0), spot(100.0, 100.0), spot(400.0, 100.0)];
        let rects = tag_rects(&spots, &[]);
        // A squad just above a gun: its name goes over it rather than over the gun.
        let (squad, gun) = (spot(300.0, 300.0), spot(300.0, 330.0));
        let both = tag_rects(&[squad, gun], &[]);
        assert!(both[0].max.y < 290.0 && !both[0].intersects(gun.hull()), "the squad's name covers the gun: {both:?}");
        assert!(both[1].min.y > 340.0, "the gun's name stays under it: {both:?}");
        for (i, a) in rects.iter().enumerate() {
            for b in &rects[i + 1..] {
                assert!(!a.intersects(*b), "{a:?} covers {b:?}");
            }
        }
        assert!(rects[0].min.y > 110.0, "the first goes under its hull: {:?}", rects[0]);
        assert!(rects[1].max.y < 90.0, "the second goes over it: {:?}", rects[1]);
        assert!(rects[2].min.y > rects[0].max.y, "the third goes a line further down: {:?}", rects[2]);
        assert!((rects[4].min.y - rects[0].min.y).abs() < f32::EPSILON, "a unit far off keeps its place");
    }

    #[test]
    fn a_units_name_keeps_clear_of_the_piece_letters_drawn_under_it() {
        let gun =
            TagSpot { under: egui::pos2(200.0, 210.0), over: egui::pos2(200.0, 190.0), size: egui::vec2(60.0, 16.0) };
        // The sandbags' "S1" just under the gun, where its name would go.
        let sandbags = egui::Rect::from_center_size(egui::pos2(200.0, 222.0), egui::vec2(24.0, 16.0));
        let alone = tag_rects(&[gun], &[]);
        assert!(alone[0].intersects(sandbags), "the case needs the name to go under the gun: {alone:?}");
        let clear = tag_rects(&[gun], &[sandbags]);
        assert_eq!(clear.len(), 1, "one rectangle a unit, none for the labels");
        assert!(!clear[0].intersects(sandbags), "the gun's name covers the sandbags' letters: {clear:?}");
        assert!(clear[0].max.y < 190.0, "it goes over the gun: {clear:?}");
    }
}
