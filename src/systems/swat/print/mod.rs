//! Skirmish Wars print sheets: the board poster, modular tiles, counters, markers and the
//! setup sheet as a PDF at true square size (krilla), and the board as a PNG (tiny-skia), both
//! drawn by the same code through the `Sketch` trait.

mod draw;
mod pdf;
mod png;

pub use self::draw::{Frame, Style};
pub use self::pdf::{Counter, SHEETS, counter_list, export_pdf};
pub use self::png::{MAX_PIXELS, export_png};
pub use crate::export::Sketch;
