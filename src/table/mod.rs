//! The open table every measured game shares (Armored Advance in inches, Modern Skirmish in
//! centimetres): exact lengths and poses, footprints, terrain pieces with heights and walls,
//! zones, objectives and placed units; edge-to-edge distance, containment, 2.5D sight with a
//! visible fraction, paths through difficult ground, and symmetry. No egui, no I/O: pure
//! geometry over plain data, the same answer on every machine (integer lengths, sines from
//! `libm`, fixed orders).

pub mod file;
pub mod generate;
pub mod group;
pub mod kept;
pub mod measure;
pub mod model;
pub mod shape;
pub mod sight;
pub mod symmetry;

pub use file::TableFile;
pub use kept::Kept;
pub use measure::{Facing, LengthUnit, Pose, UM_PER_CM, UM_PER_INCH, UM_PER_MM, round_to_i64};
pub use model::{Objective, Piece, PlacedUnit, Table, WallSegment, Zone, ZoneClash, ZonePurpose, zone_clashes};
pub use shape::{Footprint, Shape, distance, distance_um, overlaps, segment_meets, swept, wholly_inside, within};
pub use sight::{Crossing, Eye, Obstacle, Scene, SightLine, WallLine};
pub use symmetry::{Asymmetry, TableSymmetry, Thing, asymmetries, overlap_removals, piece_image, removal_label};
