//! Symmetry of an open table: a mirror or a half turn, checked within a stated tolerance, with
//! sides swapped; each piece, zone, objective or unit without its image is named. The same
//! images give the editor's live echo, which mirrors a piece's own footprint too.

use super::measure::Pose;
use super::model::{Piece, PlacedUnit, Table, WallSegment, Zone};
use super::shape::{Footprint, Shape};
use serde::Serialize;

/// The symmetries an open table for two sides can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum TableSymmetry {
    /// Left and right swap (the sides face each other across a vertical line).
    MirrorLeftRight,
    /// Top and bottom swap (the sides face each other across the table's width).
    MirrorTopBottom,
    /// A half turn about the table's centre.
    Rotate180,
}

impl TableSymmetry {
    /// Every symmetry, in menu order.
    pub const ALL: [TableSymmetry; 3] = [Self::MirrorTopBottom, Self::MirrorLeftRight, Self::Rotate180];

    /// Its name on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::MirrorLeftRight => "mirror-left-right",
            Self::MirrorTopBottom => "mirror-top-bottom",
            Self::Rotate180 => "rotate180",
        }
    }

    /// Its name for people.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::MirrorLeftRight => "Mirror left-right",
            Self::MirrorTopBottom => "Mirror top-bottom",
            Self::Rotate180 => "Half turn",
        }
    }

    /// The symmetry with this name.
    ///
    /// # Errors
    /// An unknown name, with the ones it knows.
    pub fn parse(name: &str) -> Result<Self, String> {
        Self::ALL.into_iter().find(|s| s.name() == name).ok_or_else(|| {
            format!("unknown symmetry '{name}' for an open table (expected {})", Self::ALL.map(Self::name).join(", "))
        })
    }

    /// Whether it is a mirror (which turns a shape over).
    #[must_use]
    pub fn mirrors(self) -> bool {
        !matches!(self, Self::Rotate180)
    }

    /// The image of a point on a `width` x `depth` table.
    #[must_use]
    pub fn point(self, width: i64, depth: i64, (x, y): (i64, i64)) -> (i64, i64) {
        match self {
            Self::MirrorLeftRight => (width - x, y),
            Self::MirrorTopBottom => (x, depth - y),
            Self::Rotate180 => (width - x, depth - y),
        }
    }

    /// The image of a pose.
    #[must_use]
    pub fn pose(self, width: i64, depth: i64, pose: Pose) -> Pose {
        let (x, y) = self.point(width, depth, (pose.x, pose.y));
        let facing = match self {
            Self::MirrorLeftRight => pose.facing.mirrored_left_right(),
            Self::MirrorTopBottom => pose.facing.mirrored_top_bottom(),
            Self::Rotate180 => pose.facing.turned(18_000),
        };
        Pose { x, y, facing }
    }

    /// The image of a footprint's own shape: a mirror turns it over.
    #[must_use]
    pub fn footprint(self, footprint: &Footprint) -> Footprint {
        if self.mirrors() { footprint.mirrored() } else { footprint.clone() }
    }

    /// The image of a piece, its footprint and walls turned over by a mirror.
    #[must_use]
    pub fn piece(self, width: i64, depth: i64, piece: &Piece) -> Piece {
        let flip = |(x, y): (i64, i64)| if self.mirrors() { (-x, y) } else { (x, y) };
        Piece {
            kind: piece.kind.clone(),
            footprint: self.footprint(&piece.footprint),
            pose: self.pose(width, depth, piece.pose),
            height: piece.height,
            walls: piece
                .walls
                .iter()
                .map(|w| WallSegment { from: flip(w.from), to: flip(w.to), height: w.height })
                .collect(),
        }
    }

    /// The image of a side: two sides swap.
    #[must_use]
    pub fn side(self, owner: u8) -> u8 {
        match owner {
            0 => 1,
            1 => 0,
            other => other,
        }
    }

    /// The image of a placed unit: its pose's image, for the other side.
    #[must_use]
    pub fn unit(self, width: i64, depth: i64, unit: &PlacedUnit) -> PlacedUnit {
        PlacedUnit {
            profile: unit.profile.clone(),
            owner: self.side(unit.owner),
            pose: self.pose(width, depth, unit.pose),
        }
    }

    /// The image of a zone, its side swapped.
    #[must_use]
    pub fn zone(self, width: i64, depth: i64, zone: &Zone) -> Zone {
        Zone {
            name: zone.name.clone(),
            owner: zone.owner.map(|o| self.side(o)),
            purpose: zone.purpose,
            points: zone.points.iter().map(|&p| self.point(width, depth, p)).collect(),
        }
    }
}

/// What breaks the symmetry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Thing {
    /// A piece, by index.
    Piece(usize),
    /// A zone, by index.
    Zone(usize),
    /// An objective, by index.
    Objective(usize),
    /// A placed unit, by index.
    Unit(usize),
}

/// One thing without its image.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Asymmetry {
    /// The thing.
    pub thing: Thing,
    /// Where it is (its centre), in micrometres.
    pub at: (i64, i64),
    /// Where its image should be.
    pub image_at: (i64, i64),
}

/// Whether two outlines are the same within `tolerance` (every corner of each near a corner
/// of the other).
fn same_outline(a: &Shape, b: &Shape, tolerance: f64) -> bool {
    match (a, b) {
        (Shape::Circle { centre: c1, radius: r1 }, Shape::Circle { centre: c2, radius: r2 }) => {
            crate::table::measure::length(c1.x - c2.x, c1.y - c2.y) <= tolerance && (r1 - r2).abs() <= tolerance
        }
        (Shape::Polygon { .. }, Shape::Polygon { .. }) => {
            let (pa, pb) = (a.outline(), b.outline());
            let near = |p: &(f64, f64), set: &[(f64, f64)]| {
                set.iter().any(|q| crate::table::measure::length(p.0 - q.0, p.1 - q.1) <= tolerance)
            };
            pa.len() == pb.len() && pa.iter().all(|p| near(p, &pb)) && pb.iter().all(|p| near(p, &pa))
        }
        _ => false,
    }
}

fn point_of(shape: &Shape) -> (i64, i64) {
    let (x, y) = shape.centre();
    (x.round() as i64, y.round() as i64)
}

/// The piece that is piece `index`'s image under `symmetry` within `tolerance` micrometres
/// (the same kind and height on the image's outline), if there is one; a piece on the centre
/// of a turn may be its own image.
#[must_use]
pub fn piece_image(table: &Table, symmetry: TableSymmetry, index: usize, tolerance: i64) -> Option<usize> {
    let piece = table.pieces.get(index)?;
    let image = symmetry.piece(table.width, table.depth, piece).shape();
    table.pieces.iter().position(|other| {
        other.kind == piece.kind
            && (other.height - piece.height).abs() <= tolerance
            && same_outline(&image, &other.shape(), tolerance as f64)
    })
}

/// The pieces to take away so that the overlapping pieces `keep` and `remove` no longer
/// overlap and a symmetric table stays symmetric: `remove` and its image, or both when each
/// is the other's image (a piece across the mirror line overlapping its echo). Highest index
/// first, so taking them away in this order takes the right ones. Without the image, taking
/// `remove` alone would leave a piece with no image, and placing that image again would bring
/// the overlap back.
#[must_use]
pub fn overlap_removals(
    table: &Table,
    symmetry: Option<TableSymmetry>,
    keep: usize,
    remove: usize,
    tolerance: i64,
) -> Vec<usize> {
    let mut gone = vec![remove];
    if let Some(symmetry) = symmetry {
        let echo = piece_image(table, symmetry, remove, tolerance);
        if echo == Some(keep) {
            gone.push(keep);
        } else if let Some(echo) = echo.filter(|&e| e != remove) {
            gone.push(echo);
        }
    }
    gone.sort_unstable_by(|a, b| b.cmp(a));
    gone
}

/// The words of the fix that takes `gone` away (from [`overlap_removals`]), pieces named by
/// `name`: "Remove Wood 2", "Remove Wood 2 and its image Wood 3", or "Remove Wood 1 and Wood 2
/// (each the other's image)".
#[must_use]
pub fn removal_label(gone: &[usize], keep: usize, remove: usize, name: impl Fn(usize) -> String) -> String {
    match gone.iter().copied().find(|&k| k != remove) {
        None => format!("Remove {}", name(remove)),
        Some(k) if k == keep => format!("Remove {} and {} (each the other's image)", name(keep), name(remove)),
        Some(echo) => format!("Remove {} and its image {}", name(remove), name(echo)),
    }
}

/// Every piece, zone, objective and unit of `table` without an image under `symmetry` within
/// `tolerance` micrometres; `unit_footprint` gives a profile's base or hull.
#[must_use]
pub fn asymmetries(
    table: &Table,
    symmetry: TableSymmetry,
    tolerance: i64,
    unit_footprint: &dyn Fn(&str) -> Option<Footprint>,
) -> Vec<Asymmetry> {
    let (w, d, tol) = (table.width, table.depth, tolerance as f64);
    let mut out = Vec::new();
    let pieces: Vec<Shape> = table.pieces.iter().map(Piece::shape).collect();
    for (i, (piece, shape)) in table.pieces.iter().zip(&pieces).enumerate() {
        if piece_image(table, symmetry, i, tolerance).is_none() {
            let image_shape = symmetry.piece(w, d, piece).shape();
            out.push(Asymmetry { thing: Thing::Piece(i), at: point_of(shape), image_at: point_of(&image_shape) });
        }
    }
    for (i, zone) in table.zones.iter().enumerate() {
        let image = symmetry.zone(w, d, zone);
        let image_shape = image.shape();
        let found = table.zones.iter().any(|other| {
            other.owner == image.owner
                && other.purpose == image.purpose
                && same_outline(&image_shape, &other.shape(), tol)
        });
        if !found {
            let own = zone.shape();
            out.push(Asymmetry { thing: Thing::Zone(i), at: point_of(&own), image_at: point_of(&image_shape) });
        }
    }
    for (i, objective) in table.objectives.iter().enumerate() {
        let image = symmetry.point(w, d, objective.at);
        let found = table.objectives.iter().any(|other| {
            crate::table::measure::length((other.at.0 - image.0) as f64, (other.at.1 - image.1) as f64) <= tol
                && (other.radius - objective.radius).abs() <= tolerance
        });
        if !found {
            out.push(Asymmetry { thing: Thing::Objective(i), at: objective.at, image_at: image });
        }
    }
    let unit_shape = |u: &PlacedUnit, pose: Pose, mirrored: bool| {
        unit_footprint(&u.profile).map(|f| if mirrored { f.mirrored() } else { f }.place(pose))
    };
    for (i, unit) in table.units.iter().enumerate() {
        let image_pose = symmetry.pose(w, d, unit.pose);
        let image_shape = unit_shape(unit, image_pose, symmetry.mirrors());
        let found = table.units.iter().any(|other| {
            other.profile == unit.profile
                && other.owner == symmetry.side(unit.owner)
                && match (&image_shape, unit_shape(other, other.pose, false)) {
                    (Some(a), Some(b)) => same_outline(a, &b, tol),
                    _ => false,
                }
        });
        if !found {
            out.push(Asymmetry {
                thing: Thing::Unit(i),
                at: (unit.pose.x, unit.pose.y),
                image_at: (image_pose.x, image_pose.y),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::table::measure::{Facing, UM_PER_INCH};

    #[test]
    fn a_mirrored_l_shaped_piece_matches_its_mirror_image_and_not_a_copy() {
        let l = Footprint::Polygon {
            points: vec![(0, 0), (6 * UM_PER_INCH, 0), (6 * UM_PER_INCH, 2 * UM_PER_INCH), (0, 6 * UM_PER_INCH)],
        };
        let piece = Piece {
            kind: "building".into(),
            footprint: l,
            pose: Pose::new(10 * UM_PER_INCH, 10 * UM_PER_INCH, Facing::from_degrees(30.0).unwrap()),
            height: UM_PER_INCH,
            walls: vec![],
        };
        let mut table = Table::empty(48 * UM_PER_INCH, 48 * UM_PER_INCH);
        table.pieces.push(piece.clone());
        let sym = TableSymmetry::MirrorLeftRight;
        table.pieces.push(sym.piece(table.width, table.depth, &piece));
        assert!(asymmetries(&table, sym, 100, &|_| None).is_empty());
        // A plain copy moved across is not the mirror image of an L.
        let mut copy = piece.clone();
        copy.pose = sym.pose(table.width, table.depth, piece.pose);
        table.pieces[1] = copy;
        assert_eq!(asymmetries(&table, sym, 100, &|_| None).len(), 2);
    }
}
