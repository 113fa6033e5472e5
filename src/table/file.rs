//! The table as a document file writes it: every length a number in the game's unit (so a
//! designer reads `at: (24, 6)` as inches or centimetres), read back to exact micrometres with
//! every value and count bounded, so a hostile file is refused with what and where.

use super::measure::{Facing, LengthUnit, MAX_SIDE_UM, Pose};
use super::model::{Objective, Piece, PlacedUnit, Table, WallSegment, Zone, ZonePurpose};
use super::shape::Footprint;
use serde::{Deserialize, Serialize};

/// The most pieces a table may hold.
pub const MAX_PIECES: usize = 2_000;
/// The most placed units.
pub const MAX_UNITS: usize = 1_000;
/// The most zones and the most objectives.
pub const MAX_ZONES: usize = 64;
/// The most corners of one polygon (a footprint or a zone) and walls of one piece.
pub const MAX_POINTS: usize = 256;
/// The smallest side of a table.
pub const MIN_SIDE_UM: i64 = 6 * super::measure::UM_PER_INCH;

/// A footprint in the file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum FootprintFile {
    /// A round base.
    Round {
        /// Its diameter.
        diameter: f64,
    },
    /// An oval.
    Oval {
        /// Along the facing.
        length: f64,
        /// Across.
        width: f64,
    },
    /// A rectangle.
    Rect {
        /// Along the facing.
        length: f64,
        /// Across.
        width: f64,
    },
    /// A polygon of (across, ahead) corners.
    Polygon(Vec<(f64, f64)>),
}

/// A wall in the file: its ends in the piece's own frame.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WallFile {
    /// One end (across, ahead).
    pub from: (f64, f64),
    /// The other end.
    pub to: (f64, f64),
    /// Its height.
    pub height: f64,
}

/// A piece in the file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceFile {
    /// Its kind's id.
    pub kind: String,
    /// Its footprint.
    pub shape: FootprintFile,
    /// Its centre.
    pub at: (f64, f64),
    /// Degrees clockwise from up the table.
    #[serde(default)]
    pub facing: f64,
    /// Its height.
    #[serde(default)]
    pub height: f64,
    /// Its walls.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub walls: Vec<WallFile>,
}

/// A zone in the file; its side counts from 1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneFile {
    /// Its name.
    pub name: String,
    /// Side 1 or 2; none for nobody's.
    #[serde(default)]
    pub side: Option<u8>,
    /// Deployment or scoring.
    pub purpose: ZonePurpose,
    /// Corners.
    pub points: Vec<(f64, f64)>,
}

/// An objective in the file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveFile {
    /// Its name.
    pub name: String,
    /// Its centre.
    pub at: (f64, f64),
    /// The marker's diameter.
    pub marker: f64,
    /// The control radius.
    pub radius: f64,
}

/// A placed unit in the file; its side counts from 1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitFile {
    /// Its profile's id.
    pub profile: String,
    /// Side 1 or 2.
    pub side: u8,
    /// Its centre.
    pub at: (f64, f64),
    /// Degrees clockwise from up the table.
    #[serde(default)]
    pub facing: f64,
}

/// The table in the file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableFile {
    /// Across.
    pub width: f64,
    /// Down.
    pub depth: f64,
    /// Pieces.
    #[serde(default)]
    pub pieces: Vec<PieceFile>,
    /// Zones.
    #[serde(default)]
    pub zones: Vec<ZoneFile>,
    /// Objectives.
    #[serde(default)]
    pub objectives: Vec<ObjectiveFile>,
    /// Units placed before the game.
    #[serde(default)]
    pub units: Vec<UnitFile>,
}

fn count(what: &str, n: usize, most: usize) -> Result<(), String> {
    if n > most { Err(format!("{what}: {n} is more than the {most} a table may have")) } else { Ok(()) }
}

fn point(unit: LengthUnit, (x, y): (f64, f64), what: &str) -> Result<(i64, i64), String> {
    Ok((unit.to_um(x, &format!("{what} across"))?, unit.to_um(y, &format!("{what} down"))?))
}

fn positive(unit: LengthUnit, value: f64, what: &str) -> Result<i64, String> {
    let um = unit.to_um(value, what)?;
    if um <= 0 { Err(format!("{what} must be more than 0 (it is {value})")) } else { Ok(um) }
}

fn footprint(unit: LengthUnit, file: &FootprintFile, what: &str) -> Result<Footprint, String> {
    Ok(match file {
        FootprintFile::Round { diameter } => {
            Footprint::Round { diameter: positive(unit, *diameter, &format!("{what}: the diameter"))? }
        }
        FootprintFile::Oval { length, width } => Footprint::Oval {
            length: positive(unit, *length, &format!("{what}: the length"))?,
            width: positive(unit, *width, &format!("{what}: the width"))?,
        },
        FootprintFile::Rect { length, width } => Footprint::Rect {
            length: positive(unit, *length, &format!("{what}: the length"))?,
            width: positive(unit, *width, &format!("{what}: the width"))?,
        },
        FootprintFile::Polygon(points) => {
            count(&format!("{what}: the polygon's corners"), points.len(), MAX_POINTS)?;
            if points.len() < 3 {
                return Err(format!("{what}: a polygon needs at least 3 corners (it has {})", points.len()));
            }
            let points = points
                .iter()
                .enumerate()
                .map(|(i, &p)| point(unit, p, &format!("{what}: corner {}", i + 1)))
                .collect::<Result<Vec<_>, _>>()?;
            simple_polygon(&points, what)?;
            Footprint::Polygon { points }
        }
    })
}

/// The least area a polygon may enclose: a square millimetre, in square micrometres.
const MIN_AREA_UM2: f64 = 1_000_000.0;

/// Refuses a polygon that is not one shape: corners on one line or one point (no area), two
/// corners at one point, or edges that cross or touch other than at their shared corner (a bow
/// tie). Every rule that asks whether a point is inside or how far an edge is needs a simple
/// polygon.
fn simple_polygon(points: &[(i64, i64)], what: &str) -> Result<(), String> {
    use geo::{Area as _, Validation as _};
    let polygon = super::model::polygon_of(points);
    if polygon.unsigned_area() < MIN_AREA_UM2 {
        return Err(format!("{what}: its corners enclose no area (they lie on one line or at one point)"));
    }
    if let Some(i) = (0..points.len()).find(|&i| points.get(i) == points.get((i + 1) % points.len())) {
        return Err(format!("{what}: corners {} and {} are the same point", i + 1, (i + 1) % points.len() + 1));
    }
    if !polygon.is_valid() {
        return Err(format!("{what}: its edges cross; a shape's edges may meet only at its corners"));
    }
    Ok(())
}

/// The footprint as the file writes it.
#[must_use]
pub fn footprint_file(unit: LengthUnit, footprint: &Footprint) -> FootprintFile {
    let v = |um: i64| unit.value(um);
    match footprint {
        Footprint::Round { diameter } => FootprintFile::Round { diameter: v(*diameter) },
        Footprint::Oval { length, width } => FootprintFile::Oval { length: v(*length), width: v(*width) },
        Footprint::Rect { length, width } => FootprintFile::Rect { length: v(*length), width: v(*width) },
        Footprint::Polygon { points } => FootprintFile::Polygon(points.iter().map(|&(x, y)| (v(x), v(y))).collect()),
    }
}

/// Reads a footprint of the game's data (a base or hull), in `unit`.
///
/// # Errors
/// What is wrong with it.
pub fn read_footprint(unit: LengthUnit, file: &FootprintFile, what: &str) -> Result<Footprint, String> {
    footprint(unit, file, what)
}

fn side(value: u8, what: &str) -> Result<u8, String> {
    match value {
        1 | 2 => Ok(value - 1),
        other => Err(format!("{what}: side {other} does not exist (a table has sides 1 and 2)")),
    }
}

impl TableFile {
    /// The table in micrometres; `unit` is the game's.
    ///
    /// # Errors
    /// The first value out of bounds, naming the thing and what.
    pub fn read(&self, unit: LengthUnit) -> Result<Table, String> {
        let width = positive(unit, self.width, "the table's width")?;
        let depth = positive(unit, self.depth, "the table's depth")?;
        for (side_um, name) in [(width, "width"), (depth, "depth")] {
            if side_um > MAX_SIDE_UM {
                return Err(format!(
                    "the table's {name} of {} is more than the {} a table may have",
                    unit.show(side_um),
                    unit.show(MAX_SIDE_UM)
                ));
            }
            if side_um < MIN_SIDE_UM {
                return Err(format!(
                    "the table's {name} of {} is less than the {} a table needs",
                    unit.show(side_um),
                    unit.show(MIN_SIDE_UM)
                ));
            }
        }
        count("pieces", self.pieces.len(), MAX_PIECES)?;
        count("units", self.units.len(), MAX_UNITS)?;
        count("zones", self.zones.len(), MAX_ZONES)?;
        count("objectives", self.objectives.len(), MAX_ZONES)?;
        let mut table = Table::empty(width, depth);
        for (i, p) in self.pieces.iter().enumerate() {
            let what = format!("piece {} ({})", i + 1, p.kind);
            count(&format!("{what}: walls"), p.walls.len(), MAX_POINTS)?;
            let (x, y) = point(unit, p.at, &what)?;
            let walls = p
                .walls
                .iter()
                .enumerate()
                .map(|(w, wall)| {
                    let wall_what = format!("{what}: wall {}", w + 1);
                    let (from, to) = (point(unit, wall.from, &wall_what)?, point(unit, wall.to, &wall_what)?);
                    if from == to {
                        return Err(format!("{wall_what}: it starts and ends at the same point, so it has no length"));
                    }
                    Ok(WallSegment {
                        from,
                        to,
                        height: positive(unit, wall.height, &format!("{wall_what}: the height"))?,
                    })
                })
                .collect::<Result<Vec<_>, String>>()?;
            let height = unit.to_um(p.height, &format!("{what}: the height"))?;
            if height < 0 {
                return Err(format!("{what}: the height cannot be below the table ({})", p.height));
            }
            table.pieces.push(Piece {
                kind: p.kind.clone(),
                footprint: footprint(unit, &p.shape, &what)?,
                pose: Pose::new(x, y, Facing::from_degrees(p.facing).map_err(|e| format!("{what}: {e}"))?),
                height,
                walls,
            });
        }
        for (i, z) in self.zones.iter().enumerate() {
            let what = format!("zone {} ({})", i + 1, z.name);
            count(&format!("{what}: corners"), z.points.len(), MAX_POINTS)?;
            if z.points.len() < 3 {
                return Err(format!("{what}: a zone needs at least 3 corners"));
            }
            let points = z
                .points
                .iter()
                .enumerate()
                .map(|(c, &p)| point(unit, p, &format!("{what}: corner {}", c + 1)))
                .collect::<Result<Vec<_>, _>>()?;
            simple_polygon(&points, &what)?;
            let owner = z.side.map(|s| side(s, &what)).transpose()?;
            table.zones.push(Zone { name: z.name.clone(), owner, purpose: z.purpose, points });
        }
        for (i, o) in self.objectives.iter().enumerate() {
            let what = format!("objective {} ({})", i + 1, o.name);
            table.objectives.push(Objective {
                name: o.name.clone(),
                at: point(unit, o.at, &what)?,
                marker: positive(unit, o.marker, &format!("{what}: the marker"))?,
                radius: positive(unit, o.radius, &format!("{what}: the radius"))?,
            });
        }
        for (i, u) in self.units.iter().enumerate() {
            let what = format!("unit {} ({})", i + 1, u.profile);
            let (x, y) = point(unit, u.at, &what)?;
            table.units.push(PlacedUnit {
                profile: u.profile.clone(),
                owner: side(u.side, &what)?,
                pose: Pose::new(x, y, Facing::from_degrees(u.facing).map_err(|e| format!("{what}: {e}"))?),
            });
        }
        Ok(table)
    }

    /// The table as the file writes it, in `unit`.
    #[must_use]
    pub fn write(table: &Table, unit: LengthUnit) -> Self {
        let v = |um: i64| unit.value(um);
        let p = |(x, y): (i64, i64)| (v(x), v(y));
        Self {
            width: v(table.width),
            depth: v(table.depth),
            pieces: table
                .pieces
                .iter()
                .map(|piece| PieceFile {
                    kind: piece.kind.clone(),
                    shape: footprint_file(unit, &piece.footprint),
                    at: p((piece.pose.x, piece.pose.y)),
                    facing: piece.pose.facing.degrees(),
                    height: v(piece.height),
                    walls: piece
                        .walls
                        .iter()
                        .map(|w| WallFile { from: p(w.from), to: p(w.to), height: v(w.height) })
                        .collect(),
                })
                .collect(),
            zones: table
                .zones
                .iter()
                .map(|z| ZoneFile {
                    name: z.name.clone(),
                    side: z.owner.map(|o| o + 1),
                    purpose: z.purpose,
                    points: z.points.iter().map(|&q| p(q)).collect(),
                })
                .collect(),
            objectives: table
                .objectives
                .iter()
                .map(|o| ObjectiveFile { name: o.name.clone(), at: p(o.at), marker: v(o.marker), radius: v(o.radius) })
                .collect(),
            units: table
                .units
                .iter()
                .map(|u| UnitFile {
                    profile: u.profile.clone(),
                    side: u.owner + 1,
                    at: p((u.pose.x, u.pose.y)),
                    facing: u.pose.facing.degrees(),
                })
                .collect(),
        }
    }
}
