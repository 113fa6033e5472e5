//! The Skirm map tools under the left mouse button. Each hears a gesture (press, drag,
//! release) at a [`Spot`]: the square under the pointer, the nearest grid corner and the
//! nearest edge, so the wall tool draws along grid lines while the brushes paint squares.

use super::{Editor, MAX_LEVEL, MergeKey, unit_label, with_door};
use crate::board::selection::GridEditing;
use crate::board::shapes::{Shape, brush_squares};
use crate::board::{Edge, EdgeFeature, Pos};
use crate::systems::skirm::rules::{ItemKind, Movement};

/// A tool of the Skirm palette.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SkirmTool {
    /// Paints the chosen terrain (open, difficult, impassable).
    Terrain,
    /// Paints the chosen height level.
    Height,
    /// Draws walls along grid lines; a click on a wall takes it away.
    Wall,
    /// Puts a door in a wall, or takes it out.
    Door,
    /// Places or removes an objective.
    Objective,
    /// Places or removes a marker.
    Marker,
    /// Places the chosen item, or removes the one there.
    Item,
    /// Paints the chosen squad's deployment zone; a drag that starts inside it erases.
    Zone,
    /// Places the chosen unit of a pre-set squad.
    Unit,
    /// Takes away what is on a square (unit, item, objective, marker), else the wall or door
    /// on the nearest edge.
    Eraser,
    /// Drags a rectangle; a drag inside it moves everything it holds, walls and doors too.
    Select,
    /// Lays the chosen room of the stamp library.
    Stamp,
}

impl SkirmTool {
    /// Every tool, in palette order.
    pub const ALL: [SkirmTool; 12] = [
        SkirmTool::Terrain,
        SkirmTool::Height,
        SkirmTool::Wall,
        SkirmTool::Door,
        SkirmTool::Objective,
        SkirmTool::Marker,
        SkirmTool::Item,
        SkirmTool::Zone,
        SkirmTool::Unit,
        SkirmTool::Eraser,
        SkirmTool::Select,
        SkirmTool::Stamp,
    ];

    /// Its name on the palette.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            SkirmTool::Terrain => "Terrain",
            SkirmTool::Height => "Height",
            SkirmTool::Wall => "Wall",
            SkirmTool::Door => "Door",
            SkirmTool::Objective => "Objective",
            SkirmTool::Marker => "Marker",
            SkirmTool::Item => "Item",
            SkirmTool::Zone => "Zone",
            SkirmTool::Unit => "Unit",
            SkirmTool::Eraser => "Erase",
            SkirmTool::Select => "Select",
            SkirmTool::Stamp => "Stamp",
        }
    }

    /// The status-bar hint.
    #[must_use]
    pub fn hint(self) -> &'static str {
        match self {
            SkirmTool::Terrain => {
                "Terrain: paint the chosen terrain with the chosen shape (brush, rectangle, line, fill)."
            }
            SkirmTool::Height => "Height: raise squares to the chosen level (0 lowers them) with the chosen shape.",
            SkirmTool::Wall => {
                "Wall: drag along a grid line to build a wall; click a wall to take it away. Height and climbable in the palette."
            }
            SkirmTool::Door => "Door: click a wall edge to put a door in it; click a door to take it out.",
            SkirmTool::Objective => "Objective: click a square to place or remove an objective.",
            SkirmTool::Marker => "Marker: click a square to place or remove a marker.",
            SkirmTool::Item => "Item: click to place the chosen item; click it again to remove it.",
            SkirmTool::Zone => {
                "Zone: paint the squad's deployment zone with the chosen shape; a shape started inside it erases."
            }
            SkirmTool::Select => {
                "Select: drag a rectangle; drag inside it to move it. Ctrl+C, Ctrl+X, Ctrl+V, Delete; '.' turns it, X and Y mirror it."
            }
            SkirmTool::Stamp => "Stamp: click to lay the chosen room with its top-left square there; '.' turns it.",
            SkirmTool::Unit => "Unit: click to place the chosen unit of its squad.",
            SkirmTool::Eraser => {
                "Erase: removes the unit, item, objective or marker, else the wall on the nearest edge."
            }
        }
    }

    /// Whether the tool works on edges rather than squares.
    #[must_use]
    pub fn on_edges(self) -> bool {
        matches!(self, SkirmTool::Wall | SkirmTool::Door)
    }

    /// Whether the tool lays its squares with a [`Shape`] (brush, rectangle, line, fill).
    #[must_use]
    pub fn shaped(self) -> bool {
        matches!(self, SkirmTool::Terrain | SkirmTool::Height | SkirmTool::Zone)
    }
}

/// Where the pointer is, in grid terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spot {
    /// The square under it.
    pub square: Pos,
    /// The nearest grid corner (`0..=width`, `0..=height`).
    pub corner: Pos,
    /// The nearest side of the square under it.
    pub edge: Edge,
}

impl Spot {
    /// The spot at board coordinates `x`, `y` in squares (fractions within a square), or
    /// `None` off a `width` x `height` board.
    #[must_use]
    pub fn at(x: f32, y: f32, width: u16, height: u16) -> Option<Spot> {
        if !(x >= 0.0 && y >= 0.0 && x < f32::from(width) && y < f32::from(height)) {
            return None;
        }
        // In range by the check above, so the casts neither wrap nor saturate.
        let square = Pos::new(x.floor() as u16, y.floor() as u16);
        let corner = Pos::new(x.round() as u16, y.round() as u16);
        let (fx, fy) = (x - x.floor(), y - y.floor());
        let [top, left, right, bottom] = Edge::sides(square);
        let nearest = [(fy, top), (fx, left), (1.0 - fx, right), (1.0 - fy, bottom)]
            .into_iter()
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map_or(top, |(_, e)| e);
        Some(Spot { square, corner, edge: nearest })
    }
}

/// A gesture under way.
#[derive(Debug, Clone)]
pub struct Drag {
    /// The tool it started with.
    pub tool: SkirmTool,
    /// Where it started.
    pub start: Spot,
    /// The last spot seen.
    pub last: Spot,
    /// What its changes merge under in the history.
    pub gesture: MergeKey,
    /// A zone drag that started inside the zone takes squares out of it.
    pub erasing: bool,
    /// A select drag that started inside the selection moves it.
    pub moving: bool,
}

/// The grid edges from corner `a` toward corner `b` along the line the drag follows most
/// (horizontal or vertical), so a slightly wavering drag still builds a straight wall.
#[must_use]
pub fn wall_run(a: Pos, b: Pos) -> Vec<Edge> {
    let horizontal = a.x.abs_diff(b.x) >= a.y.abs_diff(b.y);
    if horizontal {
        let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
        (x0..x1).filter_map(|x| Edge::from_corners(Pos::new(x, a.y), Pos::new(x + 1, a.y))).collect()
    } else {
        let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
        (y0..y1).filter_map(|y| Edge::from_corners(Pos::new(a.x, y), Pos::new(a.x, y + 1))).collect()
    }
}

impl Editor {
    /// The primary button went down at `spot`.
    pub fn press(&mut self, spot: Spot) {
        let gesture = self.next_gesture();
        let erasing = self.tool == SkirmTool::Zone
            && self.doc.scenario.zones.get(self.squad).is_some_and(|z| z.contains(&spot.square));
        self.selected = Some(spot.square);
        let mut drag = Drag { tool: self.tool, start: spot, last: spot, gesture, erasing, moving: false };
        match self.tool {
            SkirmTool::Select => drag.moving = self.select_press(spot.square),
            SkirmTool::Stamp => self.lay_stamp(spot.square),
            tool if tool.shaped() && (self.shape.paints_while_dragging() || self.shape == Shape::Fill) => {
                let squares = self.shape_squares(spot.square, spot.square);
                self.paint_squares(&drag, &squares);
            }
            tool if tool.shaped() => {}
            tool if !tool.on_edges() => self.paint_squares(&drag, &[spot.square]),
            _ => {}
        }
        self.drag = Some(drag);
    }

    /// The pointer moved to `spot` with the button held.
    pub fn drag_to(&mut self, spot: Spot) {
        let Some(mut drag) = self.drag.take() else { return };
        if spot.square != drag.last.square {
            if drag.tool == SkirmTool::Select {
                self.select_drag(drag.start.square, spot.square, drag.moving);
            } else if drag.tool.shaped() && self.shape.paints_while_dragging() {
                let stroke = self.shape_squares(drag.last.square, spot.square);
                self.paint_squares(&drag, &stroke);
            }
        }
        drag.last = spot;
        self.drag = Some(drag);
    }

    /// The button came up at `spot` (or off the map, `None`): the edge tools act now.
    pub fn release(&mut self, spot: Option<Spot>) {
        let Some(drag) = self.drag.take() else { return };
        let end = spot.unwrap_or(drag.last);
        match drag.tool {
            SkirmTool::Wall => self.wall_gesture(&drag, end),
            SkirmTool::Door => self.door_click(end.edge),
            SkirmTool::Select => self.select_release(drag.start.square, end.square, drag.moving),
            tool if tool.shaped() && matches!(self.shape, Shape::Rectangle | Shape::Line) => {
                let squares = self.shape_squares(drag.start.square, end.square);
                self.paint_squares(&drag, &squares);
            }
            _ => {}
        }
    }

    /// What to outline under the pointer: the squares or the edges the tool would touch.
    #[must_use]
    pub fn preview(&self, hover: Spot) -> (Vec<Pos>, Vec<Edge>) {
        match (self.tool, &self.drag) {
            (SkirmTool::Wall, Some(drag)) if drag.start.corner != hover.corner => {
                (Vec::new(), wall_run(drag.start.corner, hover.corner))
            }
            (SkirmTool::Wall | SkirmTool::Door, _) => (Vec::new(), vec![hover.edge]),
            (SkirmTool::Select, drag) => {
                (self.select_preview(drag.as_ref().map(|d| (d.start.square, d.moving)), hover.square), Vec::new())
            }
            (SkirmTool::Stamp, _) => match self.turned_stamp() {
                Some((_, clip)) => {
                    let (a, b) = crate::board::selection::covered(&clip, hover.square);
                    let board = &self.doc.scenario.board;
                    let squares = crate::board::shapes::rect_squares(a, b).into_iter().filter(|p| board.contains(*p));
                    (squares.collect(), clip.block.edges_at(hover.square).into_keys().collect())
                }
                None => (vec![hover.square], Vec::new()),
            },
            (tool, Some(drag)) if tool.shaped() && matches!(self.shape, Shape::Rectangle | Shape::Line) => {
                (self.shape_squares(drag.start.square, hover.square), Vec::new())
            }
            (tool, _) if tool.shaped() => match self.shape {
                Shape::Brush(size) => (brush_squares(&self.doc.scenario.board, hover.square, size), Vec::new()),
                Shape::Fill => (self.shape_squares(hover.square, hover.square), Vec::new()),
                _ => (vec![hover.square], Vec::new()),
            },
            _ => (vec![hover.square], Vec::new()),
        }
    }

    /// The squares the shape lays for a gesture from `start` to `end`: a fill spreads over
    /// squares alike to the one clicked in what the tool paints (terrain, height, or zone),
    /// stopped by walls.
    #[must_use]
    pub fn shape_squares(&self, start: Pos, end: Pos) -> Vec<Pos> {
        let s = &self.doc.scenario;
        let board = &s.board;
        let zone_of = |p: Pos| s.zones.iter().position(|z| z.contains(&p));
        match self.tool {
            SkirmTool::Height => self.shape.squares(board, start, end, |p| board.height_at(p) == board.height_at(end)),
            SkirmTool::Zone => self.shape.squares(board, start, end, |p| {
                zone_of(p) == zone_of(end) && board.terrain_at(p) == board.terrain_at(end)
            }),
            _ => self.shape.squares(board, start, end, |p| board.terrain_at(p) == board.terrain_at(end)),
        }
    }

    fn wall_gesture(&mut self, drag: &Drag, end: Spot) {
        let wall = self.edge_paint.wall;
        if drag.start.corner == end.corner || wall_run(drag.start.corner, end.corner).is_empty() {
            // A click: take away the wall on the nearest edge, or build one there.
            let edge = end.edge;
            let has_wall = self.doc.scenario.board.edge(edge).is_some_and(|f| f.wall.is_some());
            if has_wall {
                self.set_edges("Remove wall", Some(drag.gesture), &[edge], |_| None);
            } else {
                self.set_edges("Draw wall", Some(drag.gesture), &[edge], |f| {
                    Some(EdgeFeature { wall: Some(wall), ..f.unwrap_or_default() })
                });
            }
            return;
        }
        let run = wall_run(drag.start.corner, end.corner);
        let label = format!("Draw wall ({} squares)", run.len());
        self.set_edges(&label, Some(drag.gesture), &run, |f| {
            Some(EdgeFeature { wall: Some(wall), ..f.unwrap_or_default() })
        });
    }

    fn door_click(&mut self, edge: Edge) {
        let feature = self.doc.scenario.board.edge(edge).copied();
        match feature {
            Some(EdgeFeature { door: Some(_), .. }) => {
                self.set_edges("Remove door", None, &[edge], |f| f.map(|f| EdgeFeature { door: None, ..f }));
            }
            Some(EdgeFeature { wall: Some(_), .. }) => {
                let open = self.edge_paint.door_open;
                self.set_edges("Place door", None, &[edge], |f| with_door(f, open).or(f));
            }
            _ => self.tell("A door stands in a wall: draw the wall first (Wall tool), then put the door in it."),
        }
    }

    fn paint_squares(&mut self, drag: &Drag, squares: &[Pos]) {
        let key = Some(drag.gesture);
        let on_board: Vec<Pos> = squares.iter().copied().filter(|&p| self.doc.scenario.board.contains(p)).collect();
        if on_board.is_empty() {
            return;
        }
        match drag.tool {
            SkirmTool::Terrain => {
                let terrain = self.terrain;
                let name = self.rules.terrains.get(terrain.index()).map_or("terrain", |t| t.name.as_str()).to_owned();
                self.change_squares(&format!("Paint {name}"), key, &on_board, 0, |s, p, _| {
                    let _ = s.board.set_terrain(p, terrain);
                });
            }
            SkirmTool::Height => {
                let level = self.level.min(MAX_LEVEL);
                self.change_squares(&format!("Height {level}"), key, &on_board, 0, |s, p, _| {
                    let _ = s.board.set_height(p, level);
                });
            }
            SkirmTool::Zone => {
                let (squad, erasing) = (self.squad.min(1), drag.erasing);
                let label = if erasing { "Erase zone" } else { "Paint zone" };
                self.change_squares(label, key, &on_board, squad, |s, p, squad| {
                    if erasing {
                        s.zones[squad].retain(|&q| q != p);
                    } else {
                        s.zones[1 - squad].retain(|&q| q != p);
                        if !s.zones[squad].contains(&p) {
                            s.zones[squad].push(p);
                        }
                    }
                });
            }
            SkirmTool::Objective | SkirmTool::Marker => {
                let pos = on_board[0];
                if self.movement(pos) == Movement::Impassable {
                    self.tell(format!("{pos} is impassable: nothing can be placed there."));
                    return;
                }
                let objective = drag.tool == SkirmTool::Objective;
                let list = if objective { &self.doc.scenario.objectives } else { &self.doc.scenario.markers };
                let present = list.contains(&pos);
                let what = if objective { "objective" } else { "marker" };
                let label = if present { format!("Remove {what}") } else { format!("Place {what}") };
                self.change_squares(&label, key, &[pos], 0, |s, p, _| {
                    let list = if objective { &mut s.objectives } else { &mut s.markers };
                    list.retain(|&q| q != p);
                    if !present {
                        list.push(p);
                    }
                });
            }
            SkirmTool::Item => {
                let pos = on_board[0];
                if self.movement(pos) == Movement::Impassable {
                    self.tell(format!("{pos} is impassable: nothing can be placed there."));
                    return;
                }
                let item = self.item.clone();
                let same = self.doc.scenario.items.iter().any(|(p, k)| *p == pos && *k == item);
                let label = if same { "Remove item".to_owned() } else { format!("Place {}", item_label(&item)) };
                self.change_squares(&label, key, &[pos], 0, |s, p, _| {
                    s.items.retain(|(q, _)| *q != p);
                    if !same {
                        s.items.push((p, item.clone()));
                    }
                });
            }
            SkirmTool::Unit => {
                let (squad, unit) = (self.squad, self.unit);
                if self.place_unit(squad, unit, Some(on_board[0])) {
                    // The next click places the next unit of the squad.
                    let count = self.doc.scenario.squads.get(squad).map_or(0, |s| s.units.len());
                    if unit + 1 < count {
                        self.unit = unit + 1;
                    }
                }
            }
            SkirmTool::Eraser => self.erase(on_board[0], drag.start.edge),
            SkirmTool::Wall | SkirmTool::Door | SkirmTool::Select | SkirmTool::Stamp => {}
        }
    }

    fn erase(&mut self, pos: Pos, edge: Edge) {
        let s = &self.doc.scenario;
        let placed = s.squads.iter().enumerate().find_map(|(si, q)| {
            q.units.iter().position(|u| u.pos == Some(pos)).map(|ui| (si, ui, unit_label(&self.rules, &q.units[ui])))
        });
        if let Some((si, ui, name)) = placed {
            self.doc.change(&format!("Take {name} off the map"), None, |s| {
                if let Some(u) = s.squads.get_mut(si).and_then(|q| q.units.get_mut(ui)) {
                    u.pos = None;
                }
            });
            return;
        }
        let on_square =
            s.items.iter().any(|(p, _)| *p == pos) || s.objectives.contains(&pos) || s.markers.contains(&pos);
        if on_square {
            self.change_squares("Erase", None, &[pos], 0, |s, p, _| {
                s.items.retain(|(q, _)| *q != p);
                s.objectives.retain(|&q| q != p);
                s.markers.retain(|&q| q != p);
            });
        } else if s.board.edge(edge).is_some() {
            self.set_edges("Erase wall", None, &[edge], |_| None);
        }
    }
}

/// An item's name for labels.
#[must_use]
pub fn item_label(item: &ItemKind) -> String {
    match item {
        ItemKind::Crate => "crate".into(),
        ItemKind::Barrel => "barrel".into(),
        ItemKind::Turret(kind) => format!("{kind} turret"),
    }
}
