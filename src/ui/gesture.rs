//! The one pointer-gesture helper of every game's canvas: the primary button's press, drag and
//! release handed to an editor at the place under the pointer (a square, a spot between
//! squares, a point on a table), unless Space or the middle button is panning the view.

use egui::{PointerButton, Response, Ui};

/// An editor that hears press-drag-release gestures at places of type `At`.
pub trait GestureTarget<At> {
    /// The primary button went down on the canvas at `at`.
    fn press(&mut self, at: At);
    /// Whether a gesture is under way.
    fn dragging(&self) -> bool;
    /// The pointer moved to `at` with the button held.
    fn drag_to(&mut self, at: At);
    /// The button came up at `at`, or off the board.
    fn release(&mut self, at: Option<At>);
}

/// Hands this frame's primary-button gesture on `response` to `target` at `at` (the place
/// under the pointer, if on the board). Returns the place of a secondary-button press on the
/// canvas, for pickers such as an eyedropper.
pub fn pointer_gesture<At: Copy>(
    ui: &Ui,
    response: &Response,
    at: Option<At>,
    target: &mut impl GestureTarget<At>,
) -> Option<At> {
    let (pressed, down, released, secondary, space, middle) = ui.input(|i| {
        (
            i.pointer.primary_pressed(),
            i.pointer.primary_down(),
            i.pointer.primary_released(),
            i.pointer.secondary_pressed(),
            i.key_down(egui::Key::Space),
            i.pointer.button_down(PointerButton::Middle),
        )
    });
    if space || middle {
        return None;
    }
    let Some(at) = at else {
        if released {
            target.release(None);
        }
        return None;
    };
    if secondary && response.hovered() {
        return Some(at);
    }
    if pressed && response.hovered() {
        target.press(at);
    } else if down && target.dragging() {
        target.drag_to(at);
    }
    if released {
        target.release(Some(at));
    }
    None
}
