//! The colours of the board, shared by the window and the print export so a printed board
//! looks like the one on screen. Plain RGB, no user-interface types.

use crate::systems::swat::scenario::Army;

pub use crate::export::Rgb;

/// Black.
pub const BLACK: Rgb = Rgb(20, 20, 20);
/// White.
pub const WHITE: Rgb = Rgb(255, 255, 255);
/// Neutral properties.
pub const NEUTRAL: Rgb = Rgb(232, 228, 218);

/// An army's colour.
#[must_use]
pub fn army(army: Army) -> Rgb {
    match army {
        Army::Red => Rgb(214, 48, 49),
        Army::Blue => Rgb(39, 110, 220),
        Army::Green => Rgb(46, 160, 67),
        Army::Yellow => Rgb(230, 180, 20),
    }
}

/// An army's letter, which tells owners apart where colour is not printed.
#[must_use]
pub fn army_letter(army: Army) -> &'static str {
    match army {
        Army::Red => "R",
        Army::Blue => "B",
        Army::Green => "G",
        Army::Yellow => "Y",
    }
}

/// The base colour of a terrain by its ruleset name (unknown names get a stable grey).
#[must_use]
pub fn terrain(name: &str) -> Rgb {
    match name {
        "plain" => Rgb(178, 206, 120),
        "forest" => Rgb(96, 150, 78),
        "hill" => Rgb(176, 150, 104),
        "road" | "bridge" => Rgb(196, 190, 176),
        "river" => Rgb(110, 176, 220),
        "water" => Rgb(52, 110, 190),
        "city" | "factory" | "hq" => Rgb(170, 194, 120),
        _ => Rgb(150, 150, 150),
    }
}
