//! A group of things on the open table, as both table games select them: the box a drag
//! draws, the group's centre, and the gestures on the whole group (move, turn about its centre,
//! mirror across its centre) applied to points, poses, pieces, zones and placed units; and
//! the copied group, kept relative to its centre so it pastes wherever the pointer is.

use super::measure::MAX_SIDE_UM;
use super::measure::round_to_i64;
use super::{Objective, Piece, PlacedUnit, Pose, Table, TableSymmetry, UM_PER_INCH, Zone};

/// A gesture on a whole group, about the group's centre.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupMove {
    /// Moved by this much (micrometres across, down).
    Shift(i64, i64),
    /// Turned clockwise by this many hundredths of a degree about the centre.
    Turn(i32),
    /// Mirrored left to right across the centre's vertical line.
    MirrorLeftRight,
    /// Mirrored top to bottom across the centre's horizontal line.
    MirrorTopBottom,
}

impl GroupMove {
    /// The mirror that does the same about a centre `(cx, cy)`: a table's symmetry on a table
    /// of twice the centre's size, whose middle is the centre.
    fn mirror(self) -> Option<TableSymmetry> {
        match self {
            GroupMove::MirrorLeftRight => Some(TableSymmetry::MirrorLeftRight),
            GroupMove::MirrorTopBottom => Some(TableSymmetry::MirrorTopBottom),
            _ => None,
        }
    }

    /// Where a point goes.
    #[must_use]
    pub fn point(self, (cx, cy): (i64, i64), (x, y): (i64, i64)) -> (i64, i64) {
        match self {
            GroupMove::Shift(dx, dy) => (x + dx, y + dy),
            GroupMove::Turn(centidegrees) => {
                let (dx, dy) = (x - cx, y - cy);
                // Quarter turns are exact; others round to the micrometre (sines from libm, the
                // same on every machine).
                let (ox, oy) = match centidegrees.rem_euclid(36_000) {
                    0 => (dx, dy),
                    9_000 => (-dy, dx),
                    18_000 => (-dx, -dy),
                    27_000 => (dy, -dx),
                    other => {
                        let radians = f64::from(other) / 100.0 * std::f64::consts::PI / 180.0;
                        let (sin, cos) = (libm::sin(radians), libm::cos(radians));
                        let (fx, fy) = (dx as f64, dy as f64);
                        (round_to_i64(fx * cos - fy * sin), round_to_i64(fx * sin + fy * cos))
                    }
                };
                (cx + ox, cy + oy)
            }
            GroupMove::MirrorLeftRight => (2 * cx - x, y),
            GroupMove::MirrorTopBottom => (x, 2 * cy - y),
        }
    }

    /// Where a pose goes, facing turned or mirrored with it.
    #[must_use]
    pub fn pose(self, centre: (i64, i64), pose: Pose) -> Pose {
        let (x, y) = self.point(centre, (pose.x, pose.y));
        let facing = match self {
            GroupMove::Shift(..) => pose.facing,
            GroupMove::Turn(centidegrees) => pose.facing.turned(centidegrees),
            GroupMove::MirrorLeftRight => pose.facing.mirrored_left_right(),
            GroupMove::MirrorTopBottom => pose.facing.mirrored_top_bottom(),
        };
        Pose { x, y, facing }
    }

    /// Where a piece goes: a mirror turns its footprint and walls over, as the echo does.
    #[must_use]
    pub fn piece(self, centre: (i64, i64), piece: &Piece) -> Piece {
        match self.mirror() {
            Some(mirror) => mirror.piece(2 * centre.0, 2 * centre.1, piece),
            None => Piece { pose: self.pose(centre, piece.pose), ..piece.clone() },
        }
    }

    /// Where a placed unit goes (its side kept).
    #[must_use]
    pub fn unit(self, centre: (i64, i64), unit: &PlacedUnit) -> PlacedUnit {
        PlacedUnit { pose: self.pose(centre, unit.pose), ..unit.clone() }
    }

    /// Where a zone goes (its side kept; a mirror reverses its corners' order, so it still
    /// runs the same way round).
    #[must_use]
    pub fn zone(self, centre: (i64, i64), zone: &Zone) -> Zone {
        let mut points: Vec<(i64, i64)> = zone.points.iter().map(|&p| self.point(centre, p)).collect();
        if self.mirror().is_some() {
            points.reverse();
        }
        Zone { points, ..zone.clone() }
    }

    /// Where an objective goes.
    #[must_use]
    pub fn objective(self, centre: (i64, i64), objective: &Objective) -> Objective {
        Objective { at: self.point(centre, objective.at), ..objective.clone() }
    }
}

/// What a group's buttons and commands ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupAction {
    /// Turn, mirror or move the whole group.
    Move(GroupMove),
    /// Copy it to the clipboard (the system's too).
    Copy,
    /// Copy it and delete it.
    Cut,
    /// Copy it and paste it beside itself.
    Duplicate,
    /// Delete it (and each thing's image under the echo).
    Delete,
}

impl GroupMove {
    /// The label its step carries in the history.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            GroupMove::Shift(..) => "Move selection",
            GroupMove::Turn(_) => "Turn selection",
            GroupMove::MirrorLeftRight | GroupMove::MirrorTopBottom => "Mirror selection",
        }
    }
}

/// A table game's editor as the group's buttons and commands reach it: each game answers
/// the five gestures, and [`TableGroupEditing::act`] is written once on them.
pub trait TableGroupEditing {
    /// Moves, turns or mirrors the group (or the one thing selected) as one step.
    fn move_group(&mut self, gesture: GroupMove) -> bool;
    /// Copies the group to the editor's clipboard.
    fn copy_group_to_clipboard(&mut self) -> bool;
    /// Copies the group and deletes it.
    fn cut_selection(&mut self) -> bool;
    /// Copies the group and pastes it beside itself.
    fn duplicate_selection(&mut self) -> bool;
    /// Deletes the group (each thing with its image).
    fn delete_selection(&mut self) -> bool;

    /// Carries out a group's button or command; whether it changed anything.
    fn act(&mut self, action: GroupAction) -> bool {
        match action {
            GroupAction::Move(gesture) => self.move_group(gesture),
            GroupAction::Copy => self.copy_group_to_clipboard(),
            GroupAction::Cut => self.cut_selection(),
            GroupAction::Duplicate => self.duplicate_selection(),
            GroupAction::Delete => self.delete_selection(),
        }
    }
}

/// The centre of the smallest upright box around `points`, or `None` for no points.
#[must_use]
pub fn centre_of(points: impl IntoIterator<Item = (i64, i64)>) -> Option<(i64, i64)> {
    let mut points = points.into_iter();
    let first = points.next()?;
    let (mut low, mut high) = (first, first);
    for (x, y) in points {
        low = (low.0.min(x), low.1.min(y));
        high = (high.0.max(x), high.1.max(y));
    }
    Some(((low.0 + high.0) / 2, (low.1 + high.1) / 2))
}

/// Whether `point` lies in the upright box with corners `a` and `b`.
#[must_use]
pub fn in_box(a: (i64, i64), b: (i64, i64), (x, y): (i64, i64)) -> bool {
    (a.0.min(b.0)..=a.0.max(b.0)).contains(&x) && (a.1.min(b.1)..=a.1.max(b.1)).contains(&y)
}

/// Adds `thing` to a group, or takes it out when it is in it (shift-click).
pub fn toggle<T: PartialEq>(group: &mut Vec<T>, thing: T) {
    match group.iter().position(|t| *t == thing) {
        Some(at) => {
            group.remove(at);
        }
        None => group.push(thing),
    }
}

/// A select gesture on the table that concerns a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupDrag {
    /// Drawing a selection box from a corner.
    Box {
        /// Where it started.
        from: (i64, i64),
        /// Where the pointer is.
        to: (i64, i64),
        /// Adds to the group rather than replacing it (Shift was held).
        adding: bool,
    },
    /// Moving the whole group.
    Move {
        /// Where the press was.
        from: (i64, i64),
        /// How far the group has gone so far.
        applied: (i64, i64),
    },
}

/// What the select tool's press at `at` does with a group, in both table games: on a thing of
/// a group of several (without Shift) it starts moving the group; on nothing it starts a box
/// (without Shift, the group and the selection are let go first). `None`: the press is the
/// game's own (on a thing alone: select it, move it, or with Shift add it).
pub fn press<T: Copy + PartialEq>(
    group: &mut Vec<T>,
    selected: &mut Option<T>,
    hit: Option<T>,
    at: (i64, i64),
    shift: bool,
) -> Option<GroupDrag> {
    match hit {
        Some(thing) if group.len() > 1 && group.contains(&thing) && !shift => {
            Some(GroupDrag::Move { from: at, applied: (0, 0) })
        }
        None => {
            if !shift {
                group.clear();
                *selected = None;
            }
            Some(GroupDrag::Box { from: at, to: at, adding: shift })
        }
        Some(_) => None,
    }
}

/// The distance a group under a move has to go by now: from the press to the pointer,
/// snapped to `step`, less what it has gone already (`None` when that is nothing).
#[must_use]
pub fn move_step(from: (i64, i64), applied: (i64, i64), at: (i64, i64), step: i64) -> ((i64, i64), Option<GroupMove>) {
    let want = (super::measure::snap(at.0 - from.0, step), super::measure::snap(at.1 - from.1, step));
    let by = (want != applied).then(|| GroupMove::Shift(want.0 - applied.0, want.1 - applied.1));
    (want, by)
}

/// A copied group of one table game: its pieces, units, objectives and zones placed about
/// the group's centre at (0, 0), so a paste puts that centre wherever it is asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableClip<U> {
    /// Terrain pieces.
    pub pieces: Vec<Piece>,
    /// Placed units, in the game's own form.
    pub units: Vec<U>,
    /// Objectives.
    pub objectives: Vec<Objective>,
    /// Zones.
    pub zones: Vec<Zone>,
}

impl<U> TableClip<U> {
    /// Whether it holds nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty() && self.units.is_empty() && self.objectives.is_empty() && self.zones.is_empty()
    }
}

impl TableClip<PlacedUnit> {
    /// The copy as a table about its centre, for the table's file form (the system clipboard
    /// carries it in the game's own unit): as wide and deep as twice its farthest point.
    #[must_use]
    pub fn to_table(&self) -> Table {
        let points = self
            .pieces
            .iter()
            .map(|p| (p.pose.x, p.pose.y))
            .chain(self.units.iter().map(|u| (u.pose.x, u.pose.y)))
            .chain(self.objectives.iter().map(|o| o.at))
            .chain(self.zones.iter().flat_map(|z| z.points.iter().copied()));
        let far = points.map(|(x, y)| x.abs().max(y.abs())).max().unwrap_or(0);
        let side = (2 * far).clamp(UM_PER_INCH, MAX_SIDE_UM);
        Table {
            width: side,
            depth: side,
            pieces: self.pieces.clone(),
            zones: self.zones.clone(),
            objectives: self.objectives.clone(),
            units: self.units.clone(),
        }
    }

    /// The copy a table in the file form holds (its extent aside).
    #[must_use]
    pub fn from_table(table: Table) -> Self {
        Self { pieces: table.pieces, units: table.units, objectives: table.objectives, zones: table.zones }
    }
}

impl<U> Default for TableClip<U> {
    fn default() -> Self {
        Self { pieces: Vec::new(), units: Vec::new(), objectives: Vec::new(), zones: Vec::new() }
    }
}
