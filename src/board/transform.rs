//! The geometric maps of a board onto itself (mirrors and turns) for squares, corners and
//! edges, and the symmetries a scenario may be designed to have.

use super::{Edge, Pos};
use serde::{Deserialize, Serialize};

/// The symmetry a scenario is designed to have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Symmetry {
    /// Left half mirrors the right half.
    MirrorLeftRight,
    /// Top half mirrors the bottom half.
    MirrorTopBottom,
    /// Mirrored both ways.
    MirrorBoth,
    /// The same after a half turn.
    Rotate180,
    /// The same after a quarter turn (square boards only).
    Rotate90,
}

impl Symmetry {
    /// Every symmetry, for menus.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorTopBottom,
        Symmetry::MirrorBoth,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
    ];

    /// The maps a square must agree with (two for `MirrorBoth`).
    #[must_use]
    pub fn maps(self) -> &'static [SquareMap] {
        match self {
            Symmetry::MirrorLeftRight => &[SquareMap::FlipX],
            Symmetry::MirrorTopBottom => &[SquareMap::FlipY],
            Symmetry::MirrorBoth => &[SquareMap::FlipX, SquareMap::FlipY],
            Symmetry::Rotate180 => &[SquareMap::Turn180],
            Symmetry::Rotate90 => &[SquareMap::Turn90],
        }
    }

    /// Every image of a piece under the symmetry, each as the chain of maps that makes it: one
    /// for a mirror or a half turn, three for mirrors both ways or a quarter turn.
    #[must_use]
    pub fn image_chains(self) -> Vec<Vec<SquareMap>> {
        match self {
            Symmetry::MirrorBoth => {
                vec![vec![SquareMap::FlipX], vec![SquareMap::FlipY], vec![SquareMap::FlipX, SquareMap::FlipY]]
            }
            Symmetry::Rotate90 => vec![vec![SquareMap::Turn90], vec![SquareMap::Turn90; 2], vec![SquareMap::Turn90; 3]],
            other => vec![other.maps().to_vec()],
        }
    }

    /// Whether the symmetry can hold on a `width` x `height` board (a quarter turn needs a
    /// square one).
    #[must_use]
    pub fn fits(self, width: u16, height: u16) -> bool {
        self != Symmetry::Rotate90 || width == height
    }

    /// The name the command line takes (`--kind rotate180`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::MirrorLeftRight => "mirror-left-right",
            Symmetry::MirrorTopBottom => "mirror-top-bottom",
            Symmetry::MirrorBoth => "mirror-both",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
        }
    }

    /// A short label for menus and reports.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Symmetry::MirrorLeftRight => "mirror left-right",
            Symmetry::MirrorTopBottom => "mirror top-bottom",
            Symmetry::MirrorBoth => "mirror both ways",
            Symmetry::Rotate180 => "rotate 180",
            Symmetry::Rotate90 => "rotate 90",
        }
    }
}

/// One geometric map of a board onto itself (or, for a quarter turn of a block that is not
/// square, onto the turned block).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SquareMap {
    /// Mirror left-right.
    FlipX,
    /// Mirror top-bottom.
    FlipY,
    /// Half turn.
    Turn180,
    /// Quarter turn clockwise.
    Turn90,
}

impl SquareMap {
    /// Where a square goes on a `width` x `height` board.
    #[must_use]
    pub fn apply(self, pos: Pos, width: u16, height: u16) -> Pos {
        let (mx, my) = (width - 1 - pos.x, height - 1 - pos.y);
        match self {
            SquareMap::FlipX => Pos::new(mx, pos.y),
            SquareMap::FlipY => Pos::new(pos.x, my),
            SquareMap::Turn180 => Pos::new(mx, my),
            SquareMap::Turn90 => Pos::new(height - 1 - pos.y, pos.x),
        }
    }

    /// Where a grid corner (`0..=width`, `0..=height`) goes.
    #[must_use]
    pub fn corner(self, corner: Pos, width: u16, height: u16) -> Pos {
        let (mx, my) = (width - corner.x, height - corner.y);
        match self {
            SquareMap::FlipX => Pos::new(mx, corner.y),
            SquareMap::FlipY => Pos::new(corner.x, my),
            SquareMap::Turn180 => Pos::new(mx, my),
            SquareMap::Turn90 => Pos::new(height - corner.y, corner.x),
        }
    }

    /// Where an edge goes: its two corners mapped.
    #[must_use]
    pub fn edge(self, edge: Edge, width: u16, height: u16) -> Edge {
        let (a, b) = edge.corners();
        let (a, b) = (self.corner(a, width, height), self.corner(b, width, height));
        // Two corners one step apart stay one step apart under every map.
        Edge::from_corners(a, b).unwrap_or(edge)
    }

    /// The size of the image of a `width` x `height` block.
    #[must_use]
    pub fn size(self, width: u16, height: u16) -> (u16, u16) {
        match self {
            SquareMap::Turn90 => (height, width),
            _ => (width, height),
        }
    }

    /// Which seat a seat's pieces become. With two players every map swaps them; with four,
    /// seats sit clockwise from the top-left corner (1 top-left, 2 top-right, 3 bottom-right,
    /// 4 bottom-left); with three the third sits on the axis and keeps its pieces.
    #[must_use]
    pub fn seat(self, seat: u8, seats: usize) -> u8 {
        match seats {
            2 => 1 - seat.min(1),
            3 => match seat {
                0 => 1,
                1 => 0,
                other => other,
            },
            4 => {
                let table: [u8; 4] = match self {
                    SquareMap::FlipX => [1, 0, 3, 2],
                    SquareMap::FlipY => [3, 2, 1, 0],
                    SquareMap::Turn180 => [2, 3, 0, 1],
                    SquareMap::Turn90 => [1, 2, 3, 0],
                };
                table.get(usize::from(seat)).copied().unwrap_or(seat)
            }
            _ => seat,
        }
    }
}

/// The symmetry a square-grid game's `symmetry` command checks: the one named (`rotate180`), else the one the
/// scenario declares.
///
/// # Errors
/// An unknown name, or none named and none declared.
pub fn symmetry_to_check(kind: Option<&str>, declared: Option<Symmetry>) -> Result<Symmetry, String> {
    match kind {
        Some(name) => Symmetry::ALL.into_iter().find(|s| s.name() == name).ok_or_else(|| {
            let names: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
            format!("unknown symmetry '{name}'; expected one of {}", names.join(", "))
        }),
        None => {
            declared.ok_or_else(|| "the scenario declares no symmetry; name one with --kind (rotate180, say)".into())
        }
    }
}
