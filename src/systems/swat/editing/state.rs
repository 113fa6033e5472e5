//! The editor as a whole, without a window: the document with the ruleset and tile library it
//! is edited against, and the editing state around it (tool, paint, owner, symmetry, selection,
//! clipboard, the gesture under way), with every editing action in grid coordinates.

use super::clipboard::{Clipboard, paste_ops};
use super::document::{ApplyReport, Document};
use super::history::MergeKey;
use super::ops::Op;
use super::tools::{Drag, Tool};
use crate::board::selection::{GridClip, GridEditing};
use crate::board::shapes::{flood_squares, rect_squares, squares_of};
use crate::systems::swat::rules::{Pos, PropertyKind, Ruleset, TerrainId};
use crate::systems::swat::scenario::{SquareMap, Symmetry, Tile};
use std::sync::Arc;

/// What the paint tools put down.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Paint {
    /// A terrain.
    Terrain(TerrainId),
    /// A property for the chosen owner.
    Property(PropertyKind),
    /// A unit (ruleset name) for the chosen owner.
    Unit(String),
}

/// The brush sizes offered.
pub use crate::board::shapes::BRUSH_SIZES;

/// The document and everything the user has chosen to edit it with.
#[derive(Debug, Clone)]
pub struct Editor {
    /// The ruleset placements are judged by.
    pub rules: Arc<Ruleset>,
    /// The tile library the stamp lays from.
    pub tiles: Vec<Tile>,
    /// The open document.
    pub doc: Document,
    /// The active tool.
    pub tool: Tool,
    /// Brush size: one of [`BRUSH_SIZES`].
    pub brush_size: u16,
    /// What the paint tools put down.
    pub paint: Paint,
    /// The owner for placed properties and units (`None`: neutral).
    pub owner: Option<u8>,
    /// The chosen library tile.
    pub stamp: usize,
    /// Quarter turns of the stamp.
    pub stamp_rotation: u8,
    /// Live symmetric painting.
    pub symmetry: Option<Symmetry>,
    /// The square shown in the inspector.
    pub selected: Option<Pos>,
    /// The selection rectangle's corners.
    pub selection: Option<(Pos, Pos)>,
    /// What was copied.
    pub clipboard: Option<Clipboard>,
    /// The gesture under way.
    pub drag: Option<Drag>,
    /// The override key is held: placements the rules refuse go through.
    pub overrule: bool,
    /// What the last action has to tell the user, until the window takes it.
    feedback: Option<String>,
    /// Gestures started so far, so each gets its own merge key.
    gestures: u64,
}

impl Editor {
    /// An editor on `doc` with the brush, plain terrain and player 1.
    #[must_use]
    pub fn new(rules: Arc<Ruleset>, tiles: Vec<Tile>, doc: Document) -> Self {
        let plain = rules.terrain_id("plain").unwrap_or(TerrainId(0));
        Self {
            rules,
            tiles,
            doc,
            tool: Tool::Brush,
            brush_size: 1,
            paint: Paint::Terrain(plain),
            owner: Some(0),
            stamp: 0,
            stamp_rotation: 0,
            symmetry: None,
            selected: None,
            selection: None,
            clipboard: None,
            drag: None,
            overrule: false,
            feedback: None,
            gestures: 0,
        }
    }

    /// Puts another document in place, forgetting what pointed into the old one.
    pub fn open(&mut self, doc: Document) {
        self.doc = doc;
        self.selected = None;
        self.selection = None;
        self.drag = None;
        self.owner = Some(0);
    }

    /// Leaves a message for the status bar.
    pub fn tell(&mut self, message: impl Into<String>) {
        self.feedback = Some(message.into());
    }

    /// The message the last actions left, once.
    pub fn take_feedback(&mut self) -> Option<String> {
        self.feedback.take()
    }

    /// The primary button went down on `at`: the tool starts a gesture.
    pub fn press(&mut self, at: Pos) {
        self.gestures += 1;
        let mut drag =
            Drag { tool: self.tool, start: at, last: at, gesture: MergeKey::Gesture(self.gestures), moving: false };
        self.selected = Some(at);
        self.tool.behaviour().press(self, &mut drag, at);
        self.drag = Some(drag);
    }

    /// The pointer, button held, is over `at`.
    pub fn drag_to(&mut self, at: Pos) {
        let Some(mut drag) = self.drag.take() else { return };
        if at != drag.last {
            drag.tool.behaviour().drag(self, &mut drag, at);
            drag.last = at;
        }
        self.drag = Some(drag);
    }

    /// The button came up over `at` (`None`: off the board); the gesture ends.
    pub fn release(&mut self, at: Option<Pos>) {
        let Some(drag) = self.drag.take() else { return };
        drag.tool.behaviour().release(self, &drag, at);
    }

    /// The squares the tool would touch with the cursor on `hover`.
    #[must_use]
    pub fn preview(&self, hover: Pos) -> Vec<Pos> {
        let tool = self.drag.as_ref().map_or(self.tool, |d| d.tool);
        tool.behaviour().preview(self, self.drag.as_ref(), hover)
    }

    /// Applies operations as one step (joining the step with the same `merge` key), echoed by
    /// the live symmetry unless `exact`; the first refusal goes to the status bar.
    pub fn apply(&mut self, label: &str, ops: &[(Pos, Op)], merge: Option<MergeKey>, exact: bool) -> ApplyReport {
        let symmetry = if exact { None } else { self.symmetry };
        let report = self.doc.apply_ops(&self.rules, label, ops, symmetry, self.overrule, merge);
        if let Some(refusal) = report.refused.first() {
            self.tell(format!("Refused at {}: {} (hold Alt to place it anyway).", refusal.pos, refusal.reason));
        } else if report.applied > 0 {
            self.tell(format!("{label}."));
        }
        report
    }

    /// The operation the paint tools put on a square.
    #[must_use]
    pub fn paint_op(&self) -> Op {
        match &self.paint {
            Paint::Terrain(t) => Op::Terrain(*t),
            Paint::Property(kind) => Op::Property(*kind, self.owner),
            Paint::Unit(kind) => Op::Unit(kind.clone(), self.owner.unwrap_or(0)),
        }
    }

    /// A label naming what is painted ("Paint forest", "Place tank").
    #[must_use]
    pub fn paint_label(&self) -> String {
        match &self.paint {
            Paint::Terrain(t) => format!(
                "Paint {}",
                self.rules.terrains.get(t.index()).map_or("terrain", |t| t.name.as_str()).to_lowercase()
            ),
            Paint::Property(kind) => format!("Place {}", kind.label()),
            Paint::Unit(kind) => format!(
                "Place {}",
                self.rules.unit_id(kind).map_or(kind.as_str(), |k| self.rules.unit(k).name.as_str())
            ),
        }
    }

    /// Picks what is on a square as the paint (the eyedropper).
    pub fn pick(&mut self, pos: Pos) {
        let s = &self.doc.scenario;
        if !s.contains(pos) {
            return;
        }
        if let Some(unit) = s.unit_index_at(pos).map(|i| &s.units[i]) {
            self.paint = Paint::Unit(unit.kind.clone());
            self.owner = Some(unit.owner);
        } else if let Some(kind) = self.rules.terrains.get(s.terrain_at(pos).index()).and_then(|t| t.property) {
            self.paint = Paint::Property(kind);
            self.owner = s.owners.get(&pos).copied();
        } else {
            self.paint = Paint::Terrain(s.terrain_at(pos));
        }
        let what = self.paint_label();
        self.tell(format!("Picked {} from {pos}.", what.trim_start_matches("Paint ").trim_start_matches("Place ")));
    }

    /// Flood fill from a square with the paint.
    pub fn fill(&mut self, pos: Pos) {
        let op = self.paint_op();
        let ops: Vec<(Pos, Op)> =
            flood_squares(&self.doc.scenario.board, pos).into_iter().map(|p| (p, op.clone())).collect();
        let label = self.paint_label().replacen("Paint", "Fill", 1);
        self.apply(&label, &ops, None, false);
    }

    /// Replaces every square of one terrain by another, as one step.
    pub fn replace_all(&mut self, from: TerrainId, to: TerrainId) {
        let ops: Vec<(Pos, Op)> =
            squares_of(&self.doc.scenario.board, from).into_iter().map(|p| (p, Op::Terrain(to))).collect();
        self.apply("Replace terrain", &ops, None, true);
    }

    /// Turns symmetric painting on or off; a quarter turn needs a square board.
    pub fn set_symmetry(&mut self, symmetry: Option<Symmetry>) {
        let board = &self.doc.scenario.board;
        if let Some(s) = symmetry
            && !s.fits(board.width, board.height)
        {
            self.tell(format!("Symmetric painting by {} needs a square board; it is off.", s.label()));
            self.symmetry = None;
        } else {
            self.symmetry = symmetry;
        }
    }
}

impl GridClip for Clipboard {
    fn size(&self) -> (u16, u16) {
        (self.width(), self.height())
    }

    fn mapped(&self, map: SquareMap) -> Self {
        Clipboard::mapped(self, map)
    }
}

/// The shared selection on a Skirmish Wars map: a cleared rectangle is bare plain ground, and
/// a clip lays through the rules' operations, exactly (the live symmetry does not echo it).
impl GridEditing for Editor {
    type Clip = Clipboard;

    fn selection(&self) -> Option<(Pos, Pos)> {
        self.selection
    }

    fn set_selection(&mut self, selection: Option<(Pos, Pos)>) {
        self.selection = selection;
    }

    fn clipboard(&self) -> Option<&Clipboard> {
        self.clipboard.as_ref()
    }

    fn set_clipboard(&mut self, clip: Clipboard) {
        self.clipboard = Some(clip);
    }

    fn copy_block(&self, a: Pos, b: Pos) -> Clipboard {
        Clipboard::copy(&self.doc.scenario, a, b)
    }

    fn replace(&mut self, label: &str, clear: Option<(Pos, Pos)>, lay: Option<(&Clipboard, Pos)>) {
        let plain = self.rules.terrain_id("plain").unwrap_or(TerrainId(0));
        let mut ops = Vec::new();
        if let Some((a, b)) = clear {
            let squares = rect_squares(a, b);
            ops.extend(squares.iter().map(|&p| (p, Op::Erase)));
            ops.extend(squares.iter().map(|&p| (p, Op::Terrain(plain))));
        }
        if let Some((clip, at)) = lay {
            ops.extend(paste_ops(&self.rules, clip, at));
        }
        self.apply(label, &ops, None, true);
    }

    fn tell_user(&mut self, message: String) {
        self.tell(message);
    }
}
