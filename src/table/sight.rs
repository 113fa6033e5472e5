//! Sight and paths over an open table in 2.5D: which pieces and walls a line crosses, whether
//! each stands taller than the line where it crosses, the visible fraction of a target's
//! footprint from sample points, and the length of a path inside each piece. An R-tree of the
//! pieces' boxes (rstar, which `geo` builds on) keeps far pieces out of every line.

use super::shape::{Bounds, Shape, for_each_inside, inside_intervals, sample_points};
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, Envelope as _, RTree, RTreeObject as _, SelectionFunction};

/// A wall segment standing on the table, in micrometres.
#[derive(Debug, Clone, PartialEq)]
pub struct WallLine {
    /// One end.
    pub a: (f64, f64),
    /// The other end.
    pub b: (f64, f64),
    /// How tall it stands.
    pub height: f64,
}

/// A piece as sight and paths see it.
#[derive(Debug, Clone, PartialEq)]
pub struct Obstacle {
    /// Its footprint on the table.
    pub shape: Shape,
    /// How tall it stands, in micrometres.
    pub height: f64,
    /// Whether it hides what is behind it where it stands taller than the line (a building);
    /// a piece that does not (foliage, a road) is still listed where a line crosses it.
    pub opaque: bool,
    /// Its walls, each hiding what is behind it where taller than the line.
    pub walls: Vec<WallLine>,
}

impl Obstacle {
    /// Its box, its walls included.
    #[must_use]
    pub fn bounds(&self) -> Bounds {
        self.walls.iter().fold(self.shape.bounds(), |b, wall| {
            let w = Bounds::of_segment(wall.a, wall.b);
            Bounds {
                min: (b.min.0.min(w.min.0), b.min.1.min(w.min.1)),
                max: (b.max.0.max(w.max.0), b.max.1.max(w.max.1)),
            }
        })
    }
}

/// What one line met.
#[derive(Debug, Clone, PartialEq)]
pub struct Crossing {
    /// The piece, by its index in the scene.
    pub obstacle: usize,
    /// The wall of that piece crossed, or `None` for its footprint.
    pub wall: Option<usize>,
    /// Where along the line it begins (0 at the eye, 1 at the target).
    pub enter: f64,
    /// How long the line runs inside it, in micrometres (0 for a wall).
    pub length: f64,
    /// Whether it stands taller than the line there and hides what is behind it.
    pub blocks: bool,
}

/// A line of sight: everything it crosses, nearest first, and whether it is clear.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SightLine {
    /// Crossings in order along the line (ties by piece, then wall).
    pub crossings: Vec<Crossing>,
    /// No crossing blocks.
    pub clear: bool,
}

/// One end of a sight line: a point on the table and a height above it, in micrometres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Eye {
    /// Where.
    pub at: (f64, f64),
    /// How high.
    pub z: f64,
}

/// The pieces of a table, indexed for sight and paths.
#[derive(Debug, Clone)]
pub struct Scene {
    /// Every piece, in the table's order.
    pub obstacles: Vec<Obstacle>,
    index: RTree<GeomWithData<Rectangle<[f64; 2]>, usize>>,
    /// Each piece's box as the tree holds it (lower and upper corners), in the table's order.
    boxes: Vec<([f64; 2], [f64; 2])>,
}

/// The most pieces a table may have for its boxes to be looked through one by one instead of
/// walking the tree: on a table of a few dozen pieces the walk (a stack, a box test per node)
/// costs more than testing every box, and both find exactly the same pieces.
const FEW_PIECES: usize = 48;

/// The R-tree's boxes a segment meets.
#[derive(Clone, Copy)]
struct SegmentSelection {
    a: (f64, f64),
    b: (f64, f64),
}

/// Slack added to every box before the segment is tested against it, in micrometres: far below
/// anything a table measures, and enough that rounding never drops a box the segment grazes.
const BOX_SLACK: f64 = 1.0;

impl SegmentSelection {
    /// Whether the segment meets the box from `lower` to `upper` (slab by slab, its parameter
    /// kept within 0 to 1).
    fn meets(&self, lower: [f64; 2], upper: [f64; 2]) -> bool {
        let (a, b) = ([self.a.0, self.a.1], [self.b.0, self.b.1]);
        let (mut enter, mut leave) = (0.0f64, 1.0f64);
        for axis in 0..2 {
            let (low, high) = (lower[axis] - BOX_SLACK, upper[axis] + BOX_SLACK);
            let d = b[axis] - a[axis];
            if d == 0.0 {
                if a[axis] < low || a[axis] > high {
                    return false;
                }
                continue;
            }
            let (u0, u1) = ((low - a[axis]) / d, (high - a[axis]) / d);
            enter = enter.max(u0.min(u1));
            leave = leave.min(u0.max(u1));
            if enter > leave {
                return false;
            }
        }
        true
    }
}

impl SelectionFunction<GeomWithData<Rectangle<[f64; 2]>, usize>> for SegmentSelection {
    fn should_unpack_parent(&self, envelope: &AABB<[f64; 2]>) -> bool {
        self.meets(envelope.lower(), envelope.upper())
    }

    fn should_unpack_leaf(&self, leaf: &GeomWithData<Rectangle<[f64; 2]>, usize>) -> bool {
        let envelope = leaf.envelope();
        self.meets(envelope.lower(), envelope.upper())
    }
}

impl Scene {
    /// Indexes the pieces.
    #[must_use]
    pub fn new(obstacles: Vec<Obstacle>) -> Self {
        let leaves: Vec<_> = obstacles
            .iter()
            .enumerate()
            .map(|(i, o)| {
                let b = o.bounds();
                GeomWithData::new(Rectangle::from_corners([b.min.0, b.min.1], [b.max.0, b.max.1]), i)
            })
            .collect();
        let boxes = leaves.iter().map(|leaf| (leaf.envelope().lower(), leaf.envelope().upper())).collect();
        Self { obstacles, index: RTree::bulk_load(leaves), boxes }
    }

    /// The pieces whose boxes (walls included) meet a box, in index order.
    #[must_use]
    pub fn near_box(&self, bounds: &Bounds) -> Vec<usize> {
        let envelope = AABB::from_corners([bounds.min.0, bounds.min.1], [bounds.max.0, bounds.max.1]);
        if self.boxes.len() <= FEW_PIECES {
            return self.scan(|lower, upper| AABB::from_corners(*lower, *upper).intersects(&envelope)).collect();
        }
        let mut found: Vec<usize> = self.index.locate_in_envelope_intersecting(&envelope).map(|g| g.data).collect();
        // The tree's order depends on how it was built; the answer must not.
        found.sort_unstable();
        found
    }

    /// The pieces whose boxes pass `test`, in index order, looked at one by one.
    fn scan<'s>(&'s self, test: impl Fn(&[f64; 2], &[f64; 2]) -> bool + 's) -> impl Iterator<Item = usize> + 's {
        self.boxes.iter().enumerate().filter(move |(_, (lower, upper))| test(lower, upper)).map(|(i, _)| i)
    }

    /// The pieces whose boxes the segment meets, in index order: the tree is walked only into
    /// boxes the segment itself crosses, not every box that meets the segment's own box (a
    /// long diagonal line's box covers most of the table).
    fn near(&self, a: (f64, f64), b: (f64, f64)) -> Vec<usize> {
        let selection = SegmentSelection { a, b };
        if self.boxes.len() <= FEW_PIECES {
            return self.scan(|lower, upper| selection.meets(*lower, *upper)).collect();
        }
        let mut found: Vec<usize> = self.index.locate_with_selection_function(selection).map(|g| g.data).collect();
        // The tree's order depends on how it was built; the answer must not.
        found.sort_unstable();
        found
    }

    /// The line from `eye` to `target`, ignoring the pieces in `ignore` (those the looker or
    /// the target stands in, where the game says so).
    #[must_use]
    pub fn line(&self, eye: Eye, target: Eye, ignore: &[usize]) -> SightLine {
        let (a, b) = (eye.at, target.at);
        let height_at = |t: f64| eye.z + (target.z - eye.z) * t;
        let mut crossings = Vec::new();
        for index in self.near(a, b) {
            if ignore.contains(&index) {
                continue;
            }
            let obstacle = &self.obstacles[index];
            for_each_inside(&obstacle.shape, a, b, |t0, t1| {
                let lowest = height_at(t0).min(height_at(t1));
                let length = (t1 - t0) * crate::table::measure::length(b.0 - a.0, b.1 - a.1);
                crossings.push(Crossing {
                    obstacle: index,
                    wall: None,
                    enter: t0,
                    length,
                    blocks: obstacle.opaque && obstacle.height > lowest,
                });
            });
            for (w, wall) in obstacle.walls.iter().enumerate() {
                if let Some(t) = segment_cross(a, b, wall.a, wall.b) {
                    crossings.push(Crossing {
                        obstacle: index,
                        wall: Some(w),
                        enter: t,
                        length: 0.0,
                        blocks: wall.height > height_at(t),
                    });
                }
            }
        }
        crossings
            .sort_by(|x, y| x.enter.total_cmp(&y.enter).then(x.obstacle.cmp(&y.obstacle)).then(x.wall.cmp(&y.wall)));
        let clear = !crossings.iter().any(|c| c.blocks);
        SightLine { crossings, clear }
    }

    /// Whether nothing hides `target` from `eye`: the same answer as [`Scene::line`]'s
    /// `clear`, found without listing the crossings. Pieces too low to hide anything at these
    /// heights are passed over, and the walk stops at the first piece that blocks: a caller
    /// that only asks yes or no (how many enemies see a square) need not sort every crossing.
    #[must_use]
    pub fn sees(&self, eye: Eye, target: Eye, ignore: &[usize]) -> bool {
        // The line never runs below the lower of its two ends.
        let lowest = eye.z.min(target.z);
        let selection = SegmentSelection { a: eye.at, b: target.at };
        let hides = |i: usize| !ignore.contains(&i) && self.may_hide(i, lowest) && self.blocks(i, eye, target);
        if self.boxes.len() <= FEW_PIECES {
            return !self.scan(|lower, upper| selection.meets(*lower, *upper)).any(hides);
        }
        !self.index.locate_with_selection_function(selection).map(|g| g.data).any(hides)
    }

    /// Whether piece `index` is tall enough to hide anything from a line that never runs below
    /// `lowest`: opaque and taller, or with a wall that is.
    fn may_hide(&self, index: usize, lowest: f64) -> bool {
        let o = &self.obstacles[index];
        (o.opaque && o.height > lowest) || o.walls.iter().any(|w| w.height > lowest)
    }

    /// How many of `samples` points of the target's footprint, each at height `target_z`, the
    /// eye sees: (seen, looked at). The same answer as asking [`Scene::line`] of each point,
    /// found faster: the R-tree is asked once for the pieces near the eye and the target,
    /// pieces that cannot hide anything at these heights are dropped, and each line stops at
    /// its first blocking crossing.
    #[must_use]
    pub fn visible_fraction(
        &self,
        eye: Eye,
        target: &Shape,
        target_z: f64,
        samples: usize,
        ignore: &[usize],
    ) -> (usize, usize) {
        let points = sample_points(target, samples);
        let b = target.bounds();
        let envelope = AABB::from_corners(
            [eye.at.0.min(b.min.0), eye.at.1.min(b.min.1)],
            [eye.at.0.max(b.max.0), eye.at.1.max(b.max.1)],
        );
        let lowest = eye.z.min(target_z);
        let near: Vec<usize> = if self.boxes.len() <= FEW_PIECES {
            self.scan(|lower, upper| AABB::from_corners(*lower, *upper).intersects(&envelope)).collect()
        } else {
            self.index.locate_in_envelope_intersecting(&envelope).map(|g| g.data).collect()
        };
        let mut blockers: Vec<(usize, Bounds)> = near
            .into_iter()
            .filter(|i| !ignore.contains(i))
            .filter(|&i| self.may_hide(i, lowest))
            .map(|i| {
                let e = self.obstacles[i].bounds();
                (i, e)
            })
            .collect();
        blockers.sort_unstable_by_key(|(i, _)| *i);
        let seen = points
            .iter()
            .filter(|&&at| {
                let to = Eye { at, z: target_z };
                !blockers.iter().any(|(i, bounds)| segment_meets_box(eye.at, at, bounds) && self.blocks(*i, eye, to))
            })
            .count();
        (seen, points.len())
    }

    /// Whether piece `index` hides `target` from `eye` (as [`Scene::line`] judges a crossing).
    fn blocks(&self, index: usize, eye: Eye, target: Eye) -> bool {
        let obstacle = &self.obstacles[index];
        let height_at = |t: f64| eye.z + (target.z - eye.z) * t;
        let mut hidden = false;
        if obstacle.opaque {
            for_each_inside(&obstacle.shape, eye.at, target.at, |t0, t1| {
                hidden |= obstacle.height > height_at(t0).min(height_at(t1));
            });
        }
        if hidden {
            return true;
        }
        obstacle
            .walls
            .iter()
            .any(|wall| segment_cross(eye.at, target.at, wall.a, wall.b).is_some_and(|t| wall.height > height_at(t)))
    }

    /// The length of the straight path from `a` to `b` inside each piece it crosses, by piece
    /// index (for difficult ground), in micrometres.
    #[must_use]
    pub fn path_inside(&self, a: (f64, f64), b: (f64, f64)) -> Vec<(usize, f64)> {
        let total = crate::table::measure::length(b.0 - a.0, b.1 - a.1);
        self.near(a, b)
            .into_iter()
            .filter_map(|index| {
                let inside: f64 =
                    inside_intervals(&self.obstacles[index].shape, a, b).iter().map(|(t0, t1)| t1 - t0).sum();
                (inside > 0.0).then_some((index, inside * total))
            })
            .collect()
    }
}

/// Whether the segment from `a` to `b` meets a box (the slab test).
fn segment_meets_box(a: (f64, f64), b: (f64, f64), bounds: &Bounds) -> bool {
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (start, delta, low, high) in
        [(a.0, b.0 - a.0, bounds.min.0, bounds.max.0), (a.1, b.1 - a.1, bounds.min.1, bounds.max.1)]
    {
        if delta == 0.0 {
            if start < low || start > high {
                return false;
            }
        } else {
            let (u, v) = ((low - start) / delta, (high - start) / delta);
            let (u, v) = if u <= v { (u, v) } else { (v, u) };
            t0 = t0.max(u);
            t1 = t1.min(v);
            if t0 > t1 {
                return false;
            }
        }
    }
    true
}

/// Where segment `a`-`b` crosses segment `p`-`q`, as a parameter along `a`-`b`.
fn segment_cross(a: (f64, f64), b: (f64, f64), p: (f64, f64), q: (f64, f64)) -> Option<f64> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (ex, ey) = (q.0 - p.0, q.1 - p.1);
    let denominator = dx * ey - dy * ex;
    if denominator == 0.0 {
        return None;
    }
    let (wx, wy) = (p.0 - a.0, p.1 - a.1);
    let t = (wx * ey - wy * ex) / denominator;
    let u = (wx * dy - wy * dx) / denominator;
    ((0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u)).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::measure::{Facing, Pose, UM_PER_INCH};
    use crate::table::shape::Footprint;

    const IN: f64 = UM_PER_INCH as f64;

    fn building(x: i64, y: i64, height: f64) -> Obstacle {
        let shape = Footprint::Rect { length: 4 * UM_PER_INCH, width: 4 * UM_PER_INCH }.place(Pose::new(
            x * UM_PER_INCH,
            y * UM_PER_INCH,
            Facing::UP,
        ));
        Obstacle { shape, height: height * IN, opaque: true, walls: vec![] }
    }

    #[test]
    fn a_building_taller_than_the_line_blocks_it_and_a_low_one_does_not() {
        let scene = Scene::new(vec![building(10, 10, 3.0), building(30, 10, 0.5)]);
        let eye = |x: f64, z: f64| Eye { at: (x * IN, 10.0 * IN), z: z * IN };
        let line = scene.line(eye(0.0, 1.0), eye(40.0, 1.0), &[]);
        assert_eq!(line.crossings.len(), 2);
        assert!(line.crossings[0].blocks && !line.crossings[1].blocks);
        assert!(!line.clear);
        // Over the low building only.
        assert!(scene.line(eye(20.0, 1.0), eye(40.0, 1.0), &[]).clear);
        // Looking down from a height over the tall one.
        assert!(scene.line(eye(0.0, 20.0), eye(40.0, 1.0), &[]).clear);
    }

    #[test]
    fn a_wall_hides_a_target_lower_than_itself() {
        let wall = Obstacle {
            shape: Footprint::Rect { length: 100, width: 100 }.place(Pose::new(0, 0, Facing::UP)),
            height: 0.0,
            opaque: false,
            walls: vec![WallLine { a: (10.0 * IN, 0.0), b: (10.0 * IN, 20.0 * IN), height: 2.0 * IN }],
        };
        let scene = Scene::new(vec![wall]);
        let target = Footprint::Rect { length: 3 * UM_PER_INCH, width: 2 * UM_PER_INCH }.place(Pose::new(
            15 * UM_PER_INCH,
            10 * UM_PER_INCH,
            Facing::UP,
        ));
        let eye = Eye { at: (0.0, 10.0 * IN), z: 1.5 * IN };
        // A rectangle samples its centre, its four corners and two points on each side: 13.
        assert_eq!(scene.visible_fraction(eye, &target, 1.5 * IN, 16, &[]), (0, 13));
        assert_eq!(scene.visible_fraction(eye, &target, 3.0 * IN, 16, &[]).0, 13);
    }

    #[test]
    fn the_fast_visible_fraction_agrees_with_the_lines_it_stands_for() {
        let mut obstacles: Vec<Obstacle> =
            (0..12).map(|i| building(5 + 6 * i % 50, 4 + 7 * i % 30, f64::from(i as i32 % 4))).collect();
        obstacles.push(Obstacle {
            shape: Footprint::Rect { length: 100, width: 100 }.place(Pose::new(0, 0, Facing::UP)),
            height: 0.0,
            opaque: false,
            walls: vec![WallLine { a: (20.0 * IN, 0.0), b: (22.0 * IN, 40.0 * IN), height: 1.8 * IN }],
        });
        let scene = Scene::new(obstacles);
        // How many lines were hidden and how many clear: the agreement means something only
        // when both answers occur.
        let mut answers = [0usize; 2];
        for (x, y, z) in [(1.0, 1.0, 1.0), (30.0, 35.0, 2.5), (50.0, 2.0, 0.5)] {
            let eye = Eye { at: (x * IN, y * IN), z: z * IN };
            for (tx, ty) in [(40.0, 30.0), (10.0, 20.0), (25.0, 5.0)] {
                let target = Footprint::Rect { length: 4 * UM_PER_INCH, width: 2 * UM_PER_INCH }.place(Pose::new(
                    (tx * IN) as i64,
                    (ty * IN) as i64,
                    Facing::from_centidegrees(3000),
                ));
                let points = crate::table::shape::sample_points(&target, 16);
                let by_lines = points.iter().filter(|&&at| scene.line(eye, Eye { at, z: 1.2 * IN }, &[]).clear).count();
                assert_eq!(scene.visible_fraction(eye, &target, 1.2 * IN, 16, &[]), (by_lines, points.len()));
                // The yes-or-no walk agrees with the full line at every point and height.
                for &at in &points {
                    for z in [0.2, 1.2, 3.5] {
                        let to = Eye { at, z: z * IN };
                        let clear = scene.line(eye, to, &[]).clear;
                        assert_eq!(scene.sees(eye, to, &[]), clear, "{eye:?} to {to:?}");
                        answers[usize::from(clear)] += 1;
                    }
                }
            }
        }
        assert!(answers[0] > 0 && answers[1] > 0, "hidden and clear lines both checked: {answers:?}");
    }

    /// `count` turned rectangles strewn over a 60" x 40" table, each with the height and
    /// opacity `kind` gives its index.
    fn turned_pieces(count: i64, kind: impl Fn(i64) -> (f64, bool)) -> Vec<Obstacle> {
        (0..count)
            .map(|i| {
                let pose = Pose::new(
                    (3 + 7 * i % 60) * UM_PER_INCH,
                    (2 + 11 * i % 40) * UM_PER_INCH,
                    Facing::from_centidegrees(i * 1300),
                );
                let shape = Footprint::Rect { length: 4 * UM_PER_INCH, width: 3 * UM_PER_INCH }.place(pose);
                let (height, opaque) = kind(i);
                Obstacle { shape, height, opaque, walls: vec![] }
            })
            .collect()
    }

    #[test]
    fn the_tree_walk_along_a_line_finds_every_piece_the_line_crosses() {
        // Turned buildings, walls and lines in every direction, grazing corners and edges: the
        // pruned walk must hand the line every piece a look at all of them would find crossed.
        // A table under the few-pieces limit is looked through one by one, one over it walks
        // the tree: both are asked.
        for count in [30, FEW_PIECES as i64 * 2] {
            lines_find_every_piece_they_cross(turned_pieces(count, |i| (f64::from(i as i32 % 3) * IN, i % 2 == 0)));
        }
    }

    /// Every line between the pieces' corners, and out to the table's edges, crosses exactly
    /// the pieces (and a wall added to them) that a look at each piece finds it crossing.
    fn lines_find_every_piece_they_cross(mut obstacles: Vec<Obstacle>) {
        obstacles.push(Obstacle {
            shape: Footprint::Rect { length: 100, width: 100 }.place(Pose::new(0, 0, Facing::UP)),
            height: 0.0,
            opaque: false,
            walls: vec![WallLine { a: (20.0 * IN, 0.0), b: (22.0 * IN, 40.0 * IN), height: 1.8 * IN }],
        });
        let scene = Scene::new(obstacles.clone());
        let crossed_by_any = |a: (f64, f64), b: (f64, f64)| -> Vec<usize> {
            (0..obstacles.len())
                .filter(|&i| {
                    !inside_intervals(&obstacles[i].shape, a, b).is_empty()
                        || obstacles[i].walls.iter().any(|w| segment_cross(a, b, w.a, w.b).is_some())
                })
                .collect()
        };
        let corners: Vec<(f64, f64)> = obstacles
            .iter()
            .flat_map(|o| {
                let b = o.bounds();
                [b.min, b.max, (b.min.0, b.max.1)]
            })
            .collect();
        let mut checked = 0;
        for (i, &a) in corners.iter().enumerate().step_by(3) {
            for &b in corners
                .iter()
                .skip(i % 7)
                .step_by(5)
                .chain([(0.0, 0.0), (72.0 * IN, 48.0 * IN), (a.0, 48.0 * IN), (72.0 * IN, a.1)].iter())
            {
                let found: Vec<usize> = scene
                    .line(Eye { at: a, z: IN }, Eye { at: b, z: IN }, &[])
                    .crossings
                    .iter()
                    .map(|c| c.obstacle)
                    .collect();
                let mut found = found;
                found.dedup();
                assert_eq!(
                    found.iter().copied().collect::<std::collections::BTreeSet<_>>(),
                    crossed_by_any(a, b).into_iter().collect(),
                    "{a:?} to {b:?}"
                );
                checked += 1;
            }
        }
        assert!(checked > 300, "{checked} lines");
    }

    #[test]
    fn a_table_of_few_pieces_looked_through_one_by_one_finds_what_the_tree_finds() {
        // A table over the few-pieces limit, so the tree is built to be walked; every segment
        // and box is asked of both ways of finding, and both must name the same pieces.
        let scene = Scene::new(turned_pieces(FEW_PIECES as i64 * 2, |_| (IN, true)));
        let corners: Vec<(f64, f64)> = scene.boxes.iter().map(|(lower, upper)| (lower[0], upper[1])).collect();
        let (mut segments, mut found) = (0, 0);
        for (i, &a) in corners.iter().enumerate() {
            for &b in corners.iter().skip(i % 5).step_by(9) {
                let selection = SegmentSelection { a, b };
                let mut walked: Vec<usize> =
                    scene.index.locate_with_selection_function(selection).map(|g| g.data).collect();
                walked.sort_unstable();
                let scanned: Vec<usize> = scene.scan(|lower, upper| selection.meets(*lower, *upper)).collect();
                assert_eq!(walked, scanned, "{a:?} to {b:?}");
                let envelope = AABB::from_corners([a.0.min(b.0), a.1.min(b.1)], [a.0.max(b.0), a.1.max(b.1)]);
                let mut walked: Vec<usize> =
                    scene.index.locate_in_envelope_intersecting(&envelope).map(|g| g.data).collect();
                walked.sort_unstable();
                let scanned: Vec<usize> =
                    scene.scan(|lower, upper| AABB::from_corners(*lower, *upper).intersects(&envelope)).collect();
                assert_eq!(walked, scanned, "box {a:?} to {b:?}");
                segments += 1;
                found += scanned.len();
            }
        }
        assert!(segments > 500 && found > segments, "{segments} segments, {found} pieces found");
    }

    #[test]
    fn a_path_through_mud_counts_its_length_inside() {
        let scene = Scene::new(vec![building(10, 10, 0.0)]);
        let inside = scene.path_inside((0.0, 10.0 * IN), (12.0 * IN, 10.0 * IN));
        assert_eq!(inside.len(), 1);
        assert!((inside[0].1 - 4.0 * IN).abs() < 1e-6);
    }
}
