//! The rectangular selection every square-grid editor shares: select, copy, cut, paste,
//! delete, move, turn and mirror, written once over what a game copies from a rectangle
//! (its [`GridClip`]) and how it lays one down ([`GridEditing::replace`]), as Tiled writes its
//! selection once over every layer.

use super::shapes::rect_squares;
use super::{Pos, SquareMap};

/// What a game copies from a rectangle of its board, relative to the rectangle's top-left
/// square: the kernel turns and mirrors it without knowing what it holds.
pub trait GridClip: Clone {
    /// Squares across and down.
    fn size(&self) -> (u16, u16);
    /// The clip as `map` turns or mirrors it (a quarter turn swaps its width and height).
    #[must_use]
    fn mapped(&self, map: SquareMap) -> Self;
}

/// The top-left square of the rectangle with corners `a` and `b`.
#[must_use]
pub fn top_left((a, b): (Pos, Pos)) -> Pos {
    Pos::new(a.x.min(b.x), a.y.min(b.y))
}

/// The rectangle a clip covers with its top-left square at `at`.
#[must_use]
pub fn covered<C: GridClip>(clip: &C, at: Pos) -> (Pos, Pos) {
    let (w, h) = clip.size();
    (at, Pos::new(at.x.saturating_add(w.saturating_sub(1)), at.y.saturating_add(h.saturating_sub(1))))
}

/// Whether `pos` lies in the rectangle with corners `a` and `b`.
#[must_use]
pub fn holds((a, b): (Pos, Pos), pos: Pos) -> bool {
    (a.x.min(b.x)..=a.x.max(b.x)).contains(&pos.x) && (a.y.min(b.y)..=a.y.max(b.y)).contains(&pos.y)
}

/// Where a selection's top-left square lands when a drag from `start` ends at `end`, or
/// `None` when it would leave the board's top or left.
#[must_use]
pub fn moved_corner(selection: (Pos, Pos), start: Pos, end: Pos) -> Option<Pos> {
    let corner = top_left(selection);
    let (dx, dy) = (i32::from(end.x) - i32::from(start.x), i32::from(end.y) - i32::from(start.y));
    let x = u16::try_from(i32::from(corner.x) + dx).ok()?;
    let y = u16::try_from(i32::from(corner.y) + dy).ok()?;
    Some(Pos::new(x, y))
}

/// A game's editor as the shared selection sees it: where it keeps the selection and the
/// clipboard, how it copies a rectangle, and how it lays a clip down as one undoable step.
/// Every selection command is written here once, on top of those.
pub trait GridEditing {
    /// What a copy holds.
    type Clip: GridClip;

    /// The selected rectangle's corners, if any.
    fn selection(&self) -> Option<(Pos, Pos)>;
    /// Selects a rectangle, or nothing.
    fn set_selection(&mut self, selection: Option<(Pos, Pos)>);
    /// What was copied last, if anything.
    fn clipboard(&self) -> Option<&Self::Clip>;
    /// Keeps a copy for the next paste.
    fn set_clipboard(&mut self, clip: Self::Clip);
    /// Copies the rectangle with corners `a` and `b`.
    fn copy_block(&self, a: Pos, b: Pos) -> Self::Clip;
    /// One undoable step labelled `label`: clears the rectangle `clear` (if any), then lays
    /// `lay` (if any) with its top-left square at the given square. When a step both clears
    /// and lays, the clip is what the cleared rectangle held, carried (turned, mirrored or
    /// moved): what it holds keeps its identity (a unit stays the same unit).
    fn replace(&mut self, label: &str, clear: Option<(Pos, Pos)>, lay: Option<(&Self::Clip, Pos)>);
    /// Leaves a message for the status bar.
    fn tell_user(&mut self, message: String);

    /// Copies the selection to the clipboard; `cut` also clears it.
    fn copy_selection(&mut self, cut: bool) {
        let Some((a, b)) = self.selection() else {
            self.tell_user("Select squares first (Select tool, S).".into());
            return;
        };
        let clip = self.copy_block(a, b);
        self.set_clipboard(clip);
        if cut {
            self.replace("Cut selection", Some((a, b)), None);
            self.tell_user("Cut.".into());
        } else {
            self.tell_user("Copied.".into());
        }
    }

    /// Leaves the selection as bare ground.
    fn clear_selection(&mut self) {
        let Some(selection) = self.selection() else {
            self.tell_user("Select squares first (Select tool, S).".into());
            return;
        };
        self.replace("Clear selection", Some(selection), None);
    }

    /// Pastes the clipboard with its top-left square at `at` (else the selection's, else the
    /// board's) and selects what was pasted.
    fn paste(&mut self, at: Option<Pos>) {
        let Some(clip) = self.clipboard().cloned() else {
            self.tell_user("Nothing to paste: copy a selection first.".into());
            return;
        };
        let at = at.or(self.selection().map(top_left)).unwrap_or(Pos::new(0, 0));
        self.replace("Paste", None, Some((&clip, at)));
        self.set_selection(Some(covered(&clip, at)));
    }

    /// Turns or mirrors the selection in place (about its top-left square), as one step.
    fn transform_selection(&mut self, label: &str, map: SquareMap) {
        let Some((a, b)) = self.selection() else {
            self.tell_user("Select squares first (Select tool, S).".into());
            return;
        };
        let clip = self.copy_block(a, b).mapped(map);
        let at = top_left((a, b));
        self.replace(label, Some((a, b)), Some((&clip, at)));
        self.set_selection(Some(covered(&clip, at)));
    }

    /// Moves what the selection holds so its top-left square is `to`, as one step.
    fn move_selection(&mut self, to: Pos) {
        let Some((a, b)) = self.selection() else { return };
        if top_left((a, b)) == to {
            return;
        }
        let clip = self.copy_block(a, b);
        self.replace("Move selection", Some((a, b)), Some((&clip, to)));
        self.set_selection(Some(covered(&clip, to)));
    }

    /// The select tool's press at `at`: inside the selection it starts a move (`true`),
    /// elsewhere it starts a new selection.
    fn select_press(&mut self, at: Pos) -> bool {
        if self.selection().is_some_and(|s| holds(s, at)) {
            return true;
        }
        self.set_selection(Some((at, at)));
        false
    }

    /// The select tool's drag from `start` to `at`: a new selection grows; a move waits for
    /// the release.
    fn select_drag(&mut self, start: Pos, at: Pos, moving: bool) {
        if !moving {
            self.set_selection(Some((start, at)));
        }
    }

    /// The select tool's release after a drag from `start` to `end`: a move lands.
    fn select_release(&mut self, start: Pos, end: Pos, moving: bool) {
        if let (true, Some(selection)) = (moving, self.selection())
            && let Some(to) = moved_corner(selection, start, end)
        {
            self.move_selection(to);
        }
    }

    /// What the select tool outlines besides the selection itself: where a move under way
    /// lands it, else the square under the pointer.
    fn select_preview(&self, drag: Option<(Pos, bool)>, hover: Pos) -> Vec<Pos> {
        match (self.selection(), drag) {
            (Some(selection), Some((start, true))) => {
                let (w, h) = (selection.0.x.abs_diff(selection.1.x), selection.0.y.abs_diff(selection.1.y));
                moved_corner(selection, start, hover)
                    .map(|c| rect_squares(c, Pos::new(c.x.saturating_add(w), c.y.saturating_add(h))))
                    .unwrap_or_default()
            }
            _ => vec![hover],
        }
    }
}
