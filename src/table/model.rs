//! The open table every measured game shares: its size, terrain pieces (a kind from the
//! game's data, a footprint, a pose, a height, walls), zones, objectives and placed units, all
//! in micrometres. The game says what the kinds and profiles mean.

use super::measure::{Facing, Pose};
use super::shape::{Footprint, Shape};
use super::sight::{Obstacle, WallLine};
use geo::{Coord, LineString, Polygon};

/// A wall along a piece, in the piece's own frame (across, ahead), with its height.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WallSegment {
    /// One end, across and ahead of the piece's origin.
    pub from: (i64, i64),
    /// The other end.
    pub to: (i64, i64),
    /// How tall it stands.
    pub height: i64,
}

/// A terrain piece on the table.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its kind, by the id the game's data gives it (`building`).
    pub kind: String,
    /// What it stands on.
    pub footprint: Footprint,
    /// Where, and turned how.
    pub pose: Pose,
    /// How tall it stands.
    pub height: i64,
    /// Walls along it.
    pub walls: Vec<WallSegment>,
}

impl Piece {
    /// Piece `index` of `pieces` as people name it, "Building 3": its kind's name (from
    /// `kind_name`, the id where the game has none) and its number among the pieces of its
    /// kind, so the validator, the print and the rules' refusals say the same.
    #[must_use]
    pub fn name_in<'a>(pieces: &'a [Piece], index: usize, kind_name: impl Fn(&str) -> Option<&'a str>) -> String {
        let Some(piece) = pieces.get(index) else { return format!("piece {}", index + 1) };
        let same = pieces[..index].iter().filter(|p| p.kind == piece.kind).count();
        format!("{} {}", kind_name(&piece.kind).unwrap_or(piece.kind.as_str()), same + 1)
    }

    /// Its footprint on the table.
    #[must_use]
    pub fn shape(&self) -> Shape {
        self.footprint.place(self.pose)
    }

    /// Its walls on the table.
    #[must_use]
    pub fn wall_lines(&self) -> Vec<WallLine> {
        self.walls
            .iter()
            .map(|w| WallLine {
                a: local_to_table(self.pose, w.from),
                b: local_to_table(self.pose, w.to),
                height: w.height as f64,
            })
            .collect()
    }

    /// The piece as sight sees it; `opaque` says whether its kind hides what is behind it.
    #[must_use]
    pub fn obstacle(&self, opaque: bool) -> Obstacle {
        Obstacle { shape: self.shape(), height: self.height as f64, opaque, walls: self.wall_lines() }
    }
}

/// A point of a thing's own frame (across, ahead) on the table.
#[must_use]
pub fn local_to_table(pose: Pose, (across, ahead): (i64, i64)) -> (f64, f64) {
    let (fx, fy) = pose.facing.vector();
    let (rx, ry) = (-fy, fx);
    let (cx, cy) = pose.point();
    (cx + rx * across as f64 + fx * ahead as f64, cy + ry * across as f64 + fy * ahead as f64)
}

/// What a zone is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ZonePurpose {
    /// Where a side deploys.
    Deployment,
    /// Where a side scores.
    Scoring,
}

/// A zone: a polygon on the table, a side's or nobody's.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Zone {
    /// Its name for people.
    pub name: String,
    /// The side it belongs to, from 0; `None` for nobody's.
    pub owner: Option<u8>,
    /// What it is for.
    pub purpose: ZonePurpose,
    /// Its corners on the table, in order.
    pub points: Vec<(i64, i64)>,
}

impl Zone {
    /// Its polygon on the table.
    #[must_use]
    pub fn polygon(&self) -> Polygon<f64> {
        polygon_of(&self.points)
    }

    /// Its shape on the table, for the distance and overlap kernels.
    #[must_use]
    pub fn shape(&self) -> Shape {
        Shape::polygon(corners_of(&self.points))
    }

    /// Its area in square micrometres.
    #[must_use]
    pub fn area(&self) -> f64 {
        Footprint::Polygon { points: self.points.clone() }.area()
    }

    /// The zone as a rectangle from one corner to the opposite one.
    #[must_use]
    pub fn rectangle(name: String, owner: Option<u8>, purpose: ZonePurpose, a: (i64, i64), b: (i64, i64)) -> Self {
        let (x0, x1) = (a.0.min(b.0), a.0.max(b.0));
        let (y0, y1) = (a.1.min(b.1), a.1.max(b.1));
        Self { name, owner, purpose, points: vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)] }
    }
}

/// An objective marker.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Objective {
    /// Its name for people.
    pub name: String,
    /// Its centre.
    pub at: (i64, i64),
    /// The marker's diameter.
    pub marker: i64,
    /// How far from the marker's centre a unit must be to hold it.
    pub radius: i64,
}

impl Objective {
    /// The marker on the table.
    #[must_use]
    pub fn shape(&self) -> Shape {
        Shape::circle(Coord { x: self.at.0 as f64, y: self.at.1 as f64 }, self.marker as f64 / 2.0)
    }
}

/// A unit placed on the table before the game: its profile (the game's id), side and pose; its
/// base or hull comes from the profile.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlacedUnit {
    /// The profile, by the game's id.
    pub profile: String,
    /// Its side, from 0.
    pub owner: u8,
    /// Where it stands and faces.
    pub pose: Pose,
}

/// The polygon through these corners, in micrometres.
#[must_use]
pub fn polygon_of(points: &[(i64, i64)]) -> Polygon<f64> {
    Polygon::new(LineString::from(corners_of(points)), vec![])
}

/// Corners as the geometry kernel takes them.
fn corners_of(points: &[(i64, i64)]) -> Vec<Coord<f64>> {
    points.iter().map(|&(x, y)| Coord { x: x as f64, y: y as f64 }).collect()
}

/// Deployment zones that leave no game to play: two sides' zones overlapping (a unit may
/// deploy in reach of, or on top of, the enemy), or one zone covering nearly all the table.
#[derive(Debug, Clone, PartialEq)]
pub enum ZoneClash {
    /// The zones at these indices, of different sides, overlap.
    Overlap(usize, usize),
    /// The zone at this index covers this share of the table.
    WholeTable(usize, f64),
}

impl ZoneClash {
    /// Its finding's code and its message, naming the zones.
    #[must_use]
    pub fn describe(&self, table: &Table) -> (&'static str, String) {
        let name = |i: usize| table.zones.get(i).map_or("a zone", |z| z.name.as_str()).to_owned();
        match *self {
            ZoneClash::Overlap(i, j) => (
                "zones-overlap",
                format!(
                    "The deployment zones {} and {} overlap: the sides would deploy on the same ground.",
                    name(i),
                    name(j)
                ),
            ),
            ZoneClash::WholeTable(i, share) => (
                "zone-covers-table",
                format!(
                    "The deployment zone {} covers {:.0}% of the table: no ground is left between the sides.",
                    name(i),
                    share * 100.0
                ),
            ),
        }
    }

    /// A point of the first zone it names, to show where.
    #[must_use]
    pub fn place(&self, table: &Table) -> Option<(i64, i64)> {
        let (ZoneClash::Overlap(i, _) | ZoneClash::WholeTable(i, _)) = *self;
        let zone = table.zones.get(i)?;
        let n = i64::try_from(zone.points.len()).ok().filter(|&n| n > 0)?;
        let (sx, sy) = zone.points.iter().fold((0i64, 0i64), |(x, y), p| (x + p.0, y + p.1));
        Some((sx / n, sy / n))
    }
}

/// The share of the table a deployment zone may not reach: past it there is no ground between
/// the sides.
pub const WHOLE_TABLE_SHARE: f64 = 0.9;

/// What is wrong with a table's deployment zones as zones (see [`ZoneClash`]).
#[must_use]
pub fn zone_clashes(table: &Table) -> Vec<ZoneClash> {
    let deployment: Vec<(usize, &Zone)> =
        table.zones.iter().enumerate().filter(|(_, z)| z.purpose == ZonePurpose::Deployment).collect();
    let table_area = (table.width as f64) * (table.depth as f64);
    let mut clashes = Vec::new();
    for &(i, zone) in &deployment {
        let share = zone.area() / table_area.max(1.0);
        if share >= WHOLE_TABLE_SHARE {
            clashes.push(ZoneClash::WholeTable(i, share));
        }
    }
    for (n, &(i, a)) in deployment.iter().enumerate() {
        for &(j, b) in &deployment[n + 1..] {
            if a.owner != b.owner && super::shape::overlaps(&a.shape(), &b.shape()) {
                clashes.push(ZoneClash::Overlap(i, j));
            }
        }
    }
    clashes
}

/// An open table and everything on it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Table {
    /// Across, in micrometres.
    pub width: i64,
    /// Down (from the top edge, where side 2 usually sits), in micrometres.
    pub depth: i64,
    /// Terrain pieces.
    pub pieces: Vec<Piece>,
    /// Zones.
    pub zones: Vec<Zone>,
    /// Objective markers.
    pub objectives: Vec<Objective>,
    /// Units placed before the game.
    pub units: Vec<PlacedUnit>,
}

impl Table {
    /// An empty table.
    #[must_use]
    pub fn empty(width: i64, depth: i64) -> Self {
        Self { width, depth, ..Self::default() }
    }

    /// The table's outline as a polygon.
    #[must_use]
    pub fn outline(&self) -> Polygon<f64> {
        let (w, d) = (self.width as f64, self.depth as f64);
        Polygon::new(
            LineString::from(vec![
                Coord { x: 0.0, y: 0.0 },
                Coord { x: w, y: 0.0 },
                Coord { x: w, y: d },
                Coord { x: 0.0, y: d },
            ]),
            vec![],
        )
    }

    /// A pose turned to face the table's centre line: side 1 up the table, side 2 down.
    #[must_use]
    pub fn facing_for(owner: u8) -> Facing {
        if owner == 0 { Facing::UP } else { Facing::DOWN }
    }
}
