//! Where things stand on the table as the rules read it: ranges between round bases (edge to
//! edge or centre to centre), the chart's row for a range, which building a base stands in,
//! a figure's move allowance, sight past buildings, cover, overlap, contact and coherency.

use super::super::ruleset::{Ruleset, Troop, cm};
use super::readings::{Asked, BandEdge, Beyond, Cover, Measuring, Sight};
use super::state::Setup;
use crate::table::shape::Bounds;
use crate::table::shape::{distance_to_segment, runs_inside};
use crate::table::{Facing, Footprint, Pose, overlaps, round_to_i64, swept};

/// The distance between two centres, micrometres.
#[must_use]
pub fn centre_distance(a: (i64, i64), b: (i64, i64)) -> i64 {
    // On any table the length is the whole number nearest the exact square root of the squared
    // distance, worked out from the hardware's square root: the computer measures pairs by the
    // million, and the library's length is a software routine (3% of the instructions of a
    // Town game). It is the library's answer rounded: a square
    // root of a whole number is never a half, and comes no nearer one than 1/(8 r) at length r,
    // far wider than the library's error (under 2^-52 r) while r < 2^23 micrometres (8 m).
    let (dx, dy) = ((b.0 - a.0).unsigned_abs(), (b.1 - a.1).unsigned_abs());
    const EXACT_BELOW: u64 = 1 << 23;
    if dx < EXACT_BELOW && dy < EXACT_BELOW {
        let squared = dx * dx + dy * dy;
        // The hardware's square root, exact to the last bit for a number this small (under
        // 2^47), lands on the whole root or one past it; one step back settles which.
        let mut root = (squared as f64).sqrt() as u64;
        if root * root > squared {
            root -= 1;
        }
        // At or past the half: r + 1/2 <= sqrt(n) exactly when n >= r^2 + r + 1/4.
        return (root + u64::from(squared - root * root > root)) as i64;
    }
    round_to_i64(libm::hypot((b.0 - a.0) as f64, (b.1 - a.1) as f64))
}

/// Whether [`centre_distance`] between two centres is at most `most`, answered from the exact
/// squared distance wherever that settles it (all but a one-micrometre ring), so a caller that
/// sorts near from far need not take a square root and round it for every pair.
#[must_use]
pub fn centre_within(a: (i64, i64), b: (i64, i64), most: i64) -> bool {
    if most < 0 {
        return false;
    }
    let (squared, most) = (centre_distance_squared(a, b), i128::from(most));
    // At most `most` exactly: the rounded length cannot exceed it. At least a micrometre more:
    // it cannot round down to it. Between the two, the length itself decides.
    if squared <= most * most {
        true
    } else if squared >= (most + 1) * (most + 1) {
        false
    } else {
        i128::from(centre_distance(a, b)) <= most
    }
}

/// The squared distance between two centres, exact: it orders pairs as [`centre_distance`]
/// does, without the square root.
#[must_use]
pub fn centre_distance_squared(a: (i64, i64), b: (i64, i64)) -> i128 {
    let (dx, dy) = (i128::from(b.0 - a.0), i128::from(b.1 - a.1));
    dx * dx + dy * dy
}

/// The range between two figures as the reading measures it.
#[must_use]
pub fn range(rules: &Ruleset, readings: &Asked<'_>, a: (i64, i64), b: (i64, i64)) -> i64 {
    let centre = centre_distance(a, b);
    match readings.measuring() {
        Measuring::EdgeToEdge => (centre - rules.base_um()).max(0),
        Measuring::CentreToCentre => centre,
    }
}

/// The fire chart's row for a range: its index in the troop's bands, or none beyond the chart.
#[must_use]
pub fn band(troop: &Troop, readings: &Asked<'_>, range: i64) -> Option<usize> {
    row_of(troop.bands.iter().map(|b| cm(b.up_to)), readings, range)
}

/// [`band`] by the rows' far edges in micrometres, nearest first (for a caller that keeps them).
#[must_use]
pub fn row_of(mut edges: impl ExactSizeIterator<Item = i64>, readings: &Asked<'_>, range: i64) -> Option<usize> {
    let rows = edges.len();
    let edge_holds = readings.band_edge();
    let found = edges.position(|edge| match edge_holds {
        BandEdge::Nearer => range <= edge,
        BandEdge::Farther => range < edge,
    });
    match found {
        Some(row) => Some(row),
        // Beyond the chart: the last row reaches only by the reading.
        None => match readings.beyond() {
            Beyond::NoShot => None,
            Beyond::LongRow => rows.checked_sub(1),
        },
    }
}

fn point(p: (i64, i64)) -> (f64, f64) {
    (p.0 as f64, p.1 as f64)
}

/// The building a base's centre stands in, by piece index.
#[must_use]
pub fn building_at(rules: &Ruleset, setup: &Setup, p: (i64, i64)) -> Option<usize> {
    setup
        .terrain
        .iter()
        .position(|t| rules.terrain.get(t.kind).is_some_and(|k| k.is_building) && t.shape.contains_point(point(p)))
}

/// How far a figure may move from `from` to `to`: outside, in or out, or within a building.
#[must_use]
pub fn allowance(rules: &Ruleset, setup: &Setup, from: (i64, i64), to: (i64, i64)) -> i64 {
    match (building_at(rules, setup, from), building_at(rules, setup, to)) {
        (None, None) => cm(rules.move_outside),
        (Some(a), Some(b)) if a == b => cm(rules.move_within),
        _ => cm(rules.move_in_or_out),
    }
}

/// Whether the base, going straight from `from` to `to`, crosses or ends over a building it
/// neither starts nor ends in: the area the whole base sweeps counts, not its centre's line, so
/// a base cannot clip a building's corner or stop half through its wall.
#[must_use]
pub fn crosses_building(rules: &Ruleset, setup: &Setup, from: (i64, i64), to: (i64, i64)) -> bool {
    let ends = [building_at(rules, setup, from), building_at(rules, setup, to)];
    // The buildings near the path, from a cheap box first: most moves meet none, and then no
    // swept area is worked out.
    let radius = rules.base_um() as f64 / 2.0;
    let reach = Bounds::of_segment(point(from), point(to)).grown(radius);
    // Then by distance: the swept area lies within the base's radius of the centre's path
    // (its outline's corners are on the circle), so a building farther off cannot meet it.
    let mut near = setup.terrain.iter().enumerate().filter(|(i, t)| {
        rules.terrain.get(t.kind).is_some_and(|k| k.is_building)
            && !ends.contains(&Some(*i))
            && t.shape.bounds().meets(&reach)
            && distance_to_segment(&t.shape, point(from), point(to)) <= radius + 1.0
    });
    let Some(first) = near.next() else { return false };
    let base = Footprint::Round { diameter: rules.base_um() };
    let pose = |(x, y): (i64, i64)| Pose::new(x, y, Facing::UP);
    let area = swept(&base, pose(from), pose(to));
    std::iter::once(first).chain(near).any(|(_, t)| overlaps(&area, &t.shape))
}

/// Whether a building hides `b` from `a` (their centres), as the sight reading says.
#[must_use]
pub fn hidden(rules: &Ruleset, setup: &Setup, readings: &Asked<'_>, a: (i64, i64), b: (i64, i64)) -> bool {
    if readings.sight() == Sight::Open {
        return false;
    }
    setup.terrain.iter().any(|t| {
        rules.terrain.get(t.kind).is_some_and(|k| k.blocks_sight)
            && t.near(point(a), point(b))
            && !t.shape.contains_point(point(a))
            && !t.shape.contains_point(point(b))
            && runs_inside(&t.shape, point(a), point(b))
    })
}

/// What a firer at `firer` sees of a target at `target`: `None` where a building hides it
/// ([`hidden`]), else whether it is in cover ([`in_cover`]); kept for the game in its setup.
#[must_use]
pub fn view(rules: &Ruleset, setup: &Setup, firer: (i64, i64), target: (i64, i64)) -> Option<bool> {
    setup.views.get((firer, target), || {
        setup
            .readings
            .ask(|r| (!hidden(rules, setup, r, firer, target)).then(|| in_cover(rules, setup, r, firer, target)))
    })
}

/// Whether a target at `target` is in cover from a firer at `firer`.
#[must_use]
pub fn in_cover(rules: &Ruleset, setup: &Setup, readings: &Asked<'_>, firer: (i64, i64), target: (i64, i64)) -> bool {
    let inside = setup
        .terrain
        .iter()
        .any(|t| rules.terrain.get(t.kind).is_some_and(|k| k.cover_inside) && t.shape.contains_point(point(target)));
    if inside || readings.cover() == Cover::InsideOnly {
        return inside;
    }
    // A low wall: neither a building nor cover to stand in, crossed by the shot close to the
    // target.
    let reach = (cm(rules.wall_cover) + rules.base_um() / 2) as f64;
    setup.terrain.iter().any(|t| {
        rules.terrain.get(t.kind).is_some_and(|k| !k.cover_inside && !k.blocks_sight)
            && t.near(point(firer), point(target))
            && !t.shape.contains_point(point(firer))
            && t.shape.distance_to_point(point(target)) <= reach
            && runs_inside(&t.shape, point(firer), point(target))
    })
}

/// Whether two bases would overlap (touching is allowed).
#[must_use]
pub fn overlap(rules: &Ruleset, a: (i64, i64), b: (i64, i64)) -> bool {
    // Nearer than the base less the slack, in whole micrometres: within a micrometre less.
    let most = rules.base_um() - CONTACT_SLACK - 1;
    // Farther apart than that along either axis settles it without the squares: a check asks
    // this of every figure on the table for every figure that moves, and most are far off.
    let far = most.max(0).unsigned_abs();
    if a.0.abs_diff(b.0) > far || a.1.abs_diff(b.1) > far {
        return false;
    }
    centre_within(a, b, most)
}

/// Whether two bases touch, within half a millimetre.
#[must_use]
pub fn in_contact(rules: &Ruleset, a: (i64, i64), b: (i64, i64)) -> bool {
    (centre_distance(a, b) - rules.base_um()).abs() <= CONTACT_SLACK
}

/// How far apart two touching bases may be measured (rounding), micrometres.
pub const CONTACT_SLACK: i64 = 500;

/// Whether a base stands wholly on the table.
#[must_use]
pub fn on_table(rules: &Ruleset, size: (i64, i64), p: (i64, i64)) -> bool {
    let r = rules.base_um() / 2;
    p.0 >= r && p.1 >= r && p.0 <= size.0 - r && p.1 <= size.1 - r
}

/// How many groups the figures make when each links to those within coherency of it.
#[must_use]
pub fn groups(rules: &Ruleset, points: &[(i64, i64)]) -> usize {
    let link = cm(rules.coherency) + rules.base_um();
    let mut group: Vec<usize> = (0..points.len()).collect();
    fn root(group: &mut [usize], mut i: usize) -> usize {
        while group[i] != i {
            group[i] = group[group[i]];
            i = group[i];
        }
        i
    }
    for i in 0..points.len() {
        for j in i + 1..points.len() {
            if centre_within(points[i], points[j], link) {
                let (a, b) = (root(&mut group, i), root(&mut group, j));
                group[a] = b;
            }
        }
    }
    (0..points.len()).filter(|&i| root(&mut group, i) == i).count()
}

/// The point a charging base touches a target from, on the line from `from` to `target`.
#[must_use]
pub fn contact_point(rules: &Ruleset, from: (i64, i64), target: (i64, i64)) -> (i64, i64) {
    let d = centre_distance(from, target).max(1) as f64;
    let base = rules.base_um() as f64;
    let t = base / d;
    (target.0 + round_to_i64((from.0 - target.0) as f64 * t), target.1 + round_to_i64((from.1 - target.1) as f64 * t))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::{CONTACT_SLACK, centre_distance, centre_within, overlap};
    use crate::systems::modern::ruleset::Ruleset;

    #[test]
    fn the_axis_shortcut_for_overlap_answers_as_the_rounded_distance_does() {
        let rules = Ruleset::builtin().unwrap();
        let most = rules.base_um() - CONTACT_SLACK - 1;
        let mut overlapping = 0;
        for along in [0, 1, most - 1, most, most + 1, most + 2, 2 * most] {
            for across in [0, 1, 7, most / 2, most - 1, most, most + 1] {
                for (dx, dy) in [(along, across), (-along, across), (across, -along), (-across, -along)] {
                    let (a, b) = ((500_000, 300_000), (500_000 + dx, 300_000 + dy));
                    let expected = centre_distance(a, b) <= most;
                    assert_eq!(overlap(&rules, a, b), expected, "{dx} {dy}");
                    overlapping += usize::from(expected);
                }
            }
        }
        // Both answers come up, the shortcut's and the squares'.
        assert!(overlapping > 20 && overlapping < 150, "{overlapping}");
    }

    #[test]
    fn the_distance_in_integers_is_the_librarys_length_rounded() {
        let library = |a: (i64, i64), b: (i64, i64)| {
            crate::table::round_to_i64(libm::hypot((b.0 - a.0) as f64, (b.1 - a.1) as f64))
        };
        let mut pairs = vec![(0, 0), (3, 4), (1, 1), (8_388_607, 8_388_607), (8_388_608, 0), (-8_388_607, 5)];
        // Lengths just either side of a half: r^2 + dy^2 straddles r^2 + r where dy^2 straddles r.
        for r in [1_i64, 2, 10, 999, 254_000, 1_000_001, 5_000_000, 8_388_000] {
            let near = (r as f64).sqrt() as i64;
            pairs.extend([(r, near - 1), (r, near), (r, near + 1), (-near, r)]);
        }
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        for _ in 0..50_000 {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let (x, y) =
                (((state >> 8) % 4_000_000) as i64 - 2_000_000, ((state >> 36) % 4_000_000) as i64 - 2_000_000);
            pairs.push((x, y));
        }
        for (dx, dy) in pairs {
            let (a, b) = ((-12_345, 6_789), (-12_345 + dx, 6_789 + dy));
            assert_eq!(centre_distance(a, b), library(a, b), "{dx} {dy}");
        }
    }

    #[test]
    fn the_squared_shortcut_answers_as_the_rounded_distance_does() {
        // Pairs around every boundary: exact lengths (3-4-5), half micrometres either side,
        // long diagonals and the degenerate cases.
        let mut checked = 0;
        // Offsets beyond 2^31 too, whose squares need the wide arithmetic.
        for dx in [-700_001_i64, -300_000, -3, 0, 1, 2, 3, 4, 299_999, 400_000, 700_000, 3_000_000_000] {
            for dy in [-400_000_i64, -4, 0, 1, 3, 5, 150_000, 400_001, -4_000_000_001] {
                let (a, b) = ((11, -7), (11 + dx, -7 + dy));
                let d = centre_distance(a, b);
                for most in [d - 2, d - 1, d, d + 1, d + 2, -1, 0] {
                    assert_eq!(centre_within(a, b, most), d <= most, "{a:?} {b:?} within {most}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 500);
    }
}
