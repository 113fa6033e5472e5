//! What every open-table generator shares: terrain pieces scattered over the ground between the
//! two deployment bands, each with its image under the table's symmetry, none touching another
//! or its own image, and the two bands themselves. A game adds its forces and objectives.

use super::measure::{Facing, Pose};
use super::model::{Piece, Table, Zone, ZonePurpose};
use super::shape::{Footprint, distance, wholly_inside};
use super::symmetry::TableSymmetry;

/// A kind of piece a generator may lay, and how often.
#[derive(Debug, Clone)]
pub struct PieceKind {
    /// The game's id for it.
    pub kind: String,
    /// Its footprint.
    pub footprint: Footprint,
    /// How tall it stands, micrometres.
    pub height: i64,
    /// Its weight among the kinds (a kind of weight 3 comes three times as often as one of 1).
    pub weight: usize,
}

/// The side nearer the laid-out half's edge (the top edge, or the left under a mirror left to
/// right): side 2, index 1, as the studio's samples deploy it.
pub const LAID_OUT_SIDE: u8 = 1;

/// The two deployment bands, `band` deep along the edges the symmetry sets the sides on (top
/// and bottom, or left and right under a mirror left to right); each named for its side.
#[must_use]
pub fn deployment_bands(width: i64, depth: i64, band: i64, symmetry: TableSymmetry, names: [&str; 2]) -> Vec<Zone> {
    let (near, far) = if symmetry == TableSymmetry::MirrorLeftRight {
        (((0, 0), (band, depth)), ((width - band, 0), (width, depth)))
    } else {
        (((0, 0), (width, band)), ((0, depth - band), (width, depth)))
    };
    vec![
        Zone::rectangle(format!("{} deployment", names[0]), Some(0), ZonePurpose::Deployment, far.0, far.1),
        Zone::rectangle(format!("{} deployment", names[1]), Some(1), ZonePurpose::Deployment, near.0, near.1),
    ]
}

/// Lays up to `count` pairs of pieces from `kinds` (a piece and its image each) between the
/// bands `band` deep, turned in steps of 15 degrees, each at least `gap` from the bands, the
/// table's edge, every other piece and its own image; gives the pairs laid. `draw(n)` gives a
/// number in `0..n` (the generator's seeded chooser), so the table stays free of the rest of
/// the crate.
pub fn scatter_pieces(
    table: &mut Table,
    symmetry: TableSymmetry,
    kinds: &[PieceKind],
    count: usize,
    band: i64,
    gap: i64,
    draw: &mut dyn FnMut(usize) -> usize,
) -> usize {
    let (w, d) = (table.width, table.depth);
    let total: usize = kinds.iter().map(|k| k.weight).sum();
    if total == 0 {
        return 0;
    }
    let sideways = symmetry == TableSymmetry::MirrorLeftRight;
    let (half_across, half_deep) = if sideways { (d, w / 2) } else { (w, d / 2) };
    let outline = table.outline();
    let mut laid = 0;
    for _ in 0..count * 30 {
        if laid == count {
            break;
        }
        let mut pick = draw(total);
        let Some(kind) = kinds.iter().find(|k| {
            let hit = pick < k.weight;
            pick = pick.saturating_sub(k.weight);
            hit
        }) else {
            continue;
        };
        let across = i64::try_from(draw(usize::try_from(half_across).unwrap_or(1).max(1))).unwrap_or(0);
        let span = usize::try_from((half_deep - band - gap).max(1)).unwrap_or(1);
        let from = band + gap + i64::try_from(draw(span)).unwrap_or(0);
        let (x, y) = if sideways { (from, across) } else { (across, from) };
        let facing = Facing::from_centidegrees(i64::try_from(draw(24)).unwrap_or(0) * 1_500);
        let piece = Piece {
            kind: kind.kind.clone(),
            footprint: kind.footprint.clone(),
            pose: Pose::new(x, y, facing),
            height: kind.height,
            walls: Vec::new(),
        };
        let image = symmetry.piece(w, d, &piece);
        let (shape, image_shape) = (piece.shape(), image.shape());
        let clear_of_bands = table.zones.iter().all(|z| distance(&shape, &z.shape()) >= gap as f64);
        let clear_of_pieces = table.pieces.iter().all(|p| distance(&shape, &p.shape()) >= gap as f64);
        if wholly_inside(&shape, &outline)
            && distance(&shape, &image_shape) >= gap as f64
            && clear_of_bands
            && clear_of_pieces
        {
            table.pieces.push(piece);
            table.pieces.push(image);
            laid += 1;
        }
    }
    laid
}

/// Points along a side's band for `count` things, spread evenly across it, `from_edge` out
/// from its table edge: the laid-out side's (the top or left edge).
#[must_use]
pub fn band_points(width: i64, depth: i64, symmetry: TableSymmetry, count: usize, from_edge: i64) -> Vec<(i64, i64)> {
    let sideways = symmetry == TableSymmetry::MirrorLeftRight;
    let across = if sideways { depth } else { width };
    let n = i64::try_from(count.max(1)).unwrap_or(1);
    (0..n)
        .map(|i| {
            let along = across * (2 * i + 1) / (2 * n);
            if sideways { (from_edge, along) } else { (along, from_edge) }
        })
        .collect()
}

/// The facing of the laid-out side's units: toward the other side.
#[must_use]
pub fn laid_out_facing(symmetry: TableSymmetry) -> Facing {
    if symmetry == TableSymmetry::MirrorLeftRight { Facing::from_centidegrees(9_000) } else { Facing::DOWN }
}
