//! Footprints and the shapes they make on the table: round bases, ovals, rectangles (hulls,
//! most terrain) and polygons, placed by a pose; edge-to-edge distance, overlap, "within" and
//! "wholly within", and where a straight line runs inside a shape. Circles stay exact; an oval
//! is a 32-sided polygon (at most 0.5% of its half-width inside the true curve).

use super::measure::Pose;
use geo::{BoundingRect, Contains, Coord, Distance, Euclidean, Intersects, Line, LineString, Polygon, Relate};

/// A footprint in its own frame: length along the facing, width across it, in micrometres.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Footprint {
    /// A round base.
    Round {
        /// Its diameter.
        diameter: i64,
    },
    /// An oval base or piece.
    Oval {
        /// Along the facing.
        length: i64,
        /// Across the facing.
        width: i64,
    },
    /// A rectangle: a hull, a building, most terrain templates.
    Rect {
        /// Along the facing.
        length: i64,
        /// Across the facing.
        width: i64,
    },
    /// Any simple polygon: points across (right of the facing) and along (ahead), around its
    /// own origin.
    Polygon {
        /// Its corners in order.
        points: Vec<(i64, i64)>,
    },
}

/// Sides of the polygon an oval becomes.
const OVAL_SIDES: usize = 32;

impl Footprint {
    /// The rectangle the designer's art fills, centred on the pose and turned with it: its
    /// width across the facing and its length along it, in micrometres (a round base's
    /// square, an oval's or rectangle's own size, a polygon's extent each way from its point).
    #[must_use]
    pub fn art_box(&self) -> (i64, i64) {
        match self {
            Footprint::Round { diameter } => (*diameter, *diameter),
            Footprint::Oval { length, width } | Footprint::Rect { length, width } => (*width, *length),
            Footprint::Polygon { points } => {
                let across = points.iter().map(|p| p.0.abs()).max().unwrap_or(0);
                let ahead = points.iter().map(|p| p.1.abs()).max().unwrap_or(0);
                (across.saturating_mul(2), ahead.saturating_mul(2))
            }
        }
    }

    /// The footprint seen in a mirror along its own facing (left and right of it swap): what a
    /// mirrored piece stands on. Only a polygon changes.
    #[must_use]
    pub fn mirrored(&self) -> Self {
        match self {
            Footprint::Polygon { points } => {
                Footprint::Polygon { points: points.iter().rev().map(|&(x, y)| (-x, y)).collect() }
            }
            other => other.clone(),
        }
    }

    /// The turns (in hundredths of a degree) after which it looks the same: a round base any,
    /// an oval or rectangle half a turn (a square a quarter), a polygon a full turn.
    #[must_use]
    pub fn repeats_every(&self) -> i32 {
        match self {
            Footprint::Round { .. } => 1,
            Footprint::Rect { length, width } if length == width => 9_000,
            Footprint::Oval { length, width } if length == width => 1,
            Footprint::Oval { .. } | Footprint::Rect { .. } => 18_000,
            Footprint::Polygon { .. } => 36_000,
        }
    }

    /// Its greatest extent from its origin, in micrometres.
    #[must_use]
    pub fn reach(&self) -> f64 {
        match self {
            Footprint::Round { diameter } => *diameter as f64 / 2.0,
            Footprint::Oval { length, width } | Footprint::Rect { length, width } => {
                crate::table::measure::length(*length as f64, *width as f64) / 2.0
            }
            Footprint::Polygon { points } => {
                points.iter().map(|&(x, y)| crate::table::measure::length(x as f64, y as f64)).fold(0.0, f64::max)
            }
        }
    }

    /// Its area in square micrometres.
    #[must_use]
    pub fn area(&self) -> f64 {
        match self {
            Footprint::Round { diameter } => std::f64::consts::PI * (*diameter as f64 / 2.0).powi(2),
            Footprint::Oval { length, width } => std::f64::consts::PI * *length as f64 * *width as f64 / 4.0,
            Footprint::Rect { length, width } => *length as f64 * *width as f64,
            Footprint::Polygon { points } => {
                polygon_area(&points.iter().map(|&(x, y)| (x as f64, y as f64)).collect::<Vec<_>>())
            }
        }
    }

    /// The shape it makes standing at `pose`.
    #[must_use]
    pub fn place(&self, pose: Pose) -> Shape {
        if let Footprint::Round { diameter } = self {
            let (cx, cy) = pose.point();
            return Shape::circle(Coord { x: cx, y: cy }, *diameter as f64 / 2.0);
        }
        // Room for the corners and the copy of the first that closes the ring, so closing it
        // does not move the whole ring.
        let mut ring = Vec::with_capacity(self.corners() + 1);
        self.push_outline(pose, &mut ring);
        Shape::polygon(ring)
    }

    /// How many corners its outline has (a round base's drawn outline's, for a round base).
    fn corners(&self) -> usize {
        match self {
            Footprint::Rect { .. } => 4,
            Footprint::Polygon { points } => points.len(),
            Footprint::Round { .. } | Footprint::Oval { .. } => OVAL_SIDES,
        }
    }

    /// Adds the corners of its outline standing at `pose` to `ring`: for a round base, the
    /// points [`Shape::outline`] draws its circle with. The swept area is built from these
    /// without placing a shape for each outline.
    fn push_outline(&self, pose: Pose, ring: &mut Vec<Coord<f64>>) {
        let (fx, fy) = pose.facing.vector();
        // The frame: ahead is (fx, fy), right of the facing is (-fy, fx) on a y-down table.
        let (rx, ry) = (-fy, fx);
        let (cx, cy) = pose.point();
        let world =
            |across: f64, ahead: f64| Coord { x: cx + rx * across + fx * ahead, y: cy + ry * across + fy * ahead };
        match self {
            Footprint::Round { diameter } => {
                ring.extend(circle_outline((cx, cy), *diameter as f64 / 2.0).map(|(x, y)| Coord { x, y }));
            }
            Footprint::Rect { length, width } => {
                let (l, w) = (*length as f64 / 2.0, *width as f64 / 2.0);
                ring.extend([world(-w, l), world(w, l), world(w, -l), world(-w, -l)]);
            }
            Footprint::Oval { length, width } => ring.extend((0..OVAL_SIDES).map(|i| {
                let a = std::f64::consts::TAU * i as f64 / OVAL_SIDES as f64;
                world(*width as f64 / 2.0 * libm::sin(a), *length as f64 / 2.0 * libm::cos(a))
            })),
            Footprint::Polygon { points } => ring.extend(points.iter().map(|&(x, y)| world(x as f64, y as f64))),
        }
    }
}

/// The points a circle's outline is drawn with, clockwise from the top.
fn circle_outline(centre: (f64, f64), radius: f64) -> impl Iterator<Item = (f64, f64)> {
    (0..OVAL_SIDES).map(move |i| {
        let a = std::f64::consts::TAU * i as f64 / OVAL_SIDES as f64;
        (centre.0 + radius * libm::sin(a), centre.1 - radius * libm::cos(a))
    })
}

impl Footprint {
    /// How wide it is across its own facing, in micrometres: what must fit through a gap.
    #[must_use]
    pub fn breadth(&self) -> i64 {
        match self {
            Footprint::Round { diameter } => *diameter,
            Footprint::Oval { width, .. } | Footprint::Rect { width, .. } => *width,
            Footprint::Polygon { points } => {
                let across = points.iter().map(|p| p.0);
                across.clone().max().unwrap_or(0) - across.min().unwrap_or(0)
            }
        }
    }
}

/// The steps a turning footprint is drawn at while it sweeps: every 15 degrees.
const SWEEP_STEP: i32 = 1_500;

/// The area a footprint covers going from one pose to another: it turns to its new facing
/// where it starts (the shorter way, drawn every 15 degrees), then goes straight to where it
/// ends. This is the convex hull of those outlines, so for a convex footprint the straight part
/// is exact (the hull of its start and end), and the turn is covered to the nearest 15 degrees.
#[must_use]
pub fn swept(footprint: &Footprint, from: Pose, to: Pose) -> Shape {
    let turn = {
        let d = (to.facing.centidegrees() - from.facing.centidegrees()).rem_euclid(36_000);
        if d > 18_000 { d - 36_000 } else { d }
    };
    let steps = (turn.abs() + SWEEP_STEP - 1) / SWEEP_STEP;
    let mut points: Vec<Coord<f64>> = Vec::with_capacity(footprint.corners() * (steps as usize + 2));
    for step in 0..=steps {
        let turned = if steps == 0 { 0 } else { turn * step / steps };
        footprint.push_outline(Pose { facing: from.facing.turned(turned), ..from }, &mut points);
    }
    footprint.push_outline(to, &mut points);
    // The same hull the general `convex_hull` works out from these points, without copying
    // them into a multipoint and out again; its ring comes back closed.
    let mut ring = geo::algorithm::convex_hull::quick_hull(&mut points).0;
    ring.pop();
    Shape::polygon(ring)
}

/// How far a shape lies from a straight segment: 0 where they meet.
#[must_use]
pub fn distance_to_segment(shape: &Shape, a: (f64, f64), b: (f64, f64)) -> f64 {
    let line = Line::new(Coord { x: a.0, y: a.1 }, Coord { x: b.0, y: b.1 });
    match shape {
        Shape::Circle { centre, radius } => {
            (Euclidean.distance(&geo::Point::new(centre.x, centre.y), &line) - radius).max(0.0)
        }
        Shape::Polygon { polygon, .. } => Euclidean.distance(&line, polygon),
    }
}

/// Whether a straight segment (a wall) runs into a shape's inside or across its edge.
#[must_use]
pub fn segment_meets(shape: &Shape, a: (f64, f64), b: (f64, f64)) -> bool {
    match shape {
        Shape::Circle { centre, radius } => {
            Euclidean.distance(
                &geo::Point::new(centre.x, centre.y),
                &Line::new(Coord { x: a.0, y: a.1 }, Coord { x: b.0, y: b.1 }),
            ) < radius - 1.0
        }
        Shape::Polygon { polygon, .. } => {
            let line = Line::new(Coord { x: a.0, y: a.1 }, Coord { x: b.0, y: b.1 });
            // Working out the whole relation costs more than the rest of a hull's path check
            // together, and a wall that runs into a swept hull nearly always crosses its
            // outline cleanly somewhere: that alone settles it, and the relation is left to
            // the cases it does not (touching, running along an edge, through a corner).
            polygon.intersects(&line) && (crosses_an_edge(polygon, line) || !polygon.relate(&line).is_touches())
        }
    }
}

/// Whether a segment crosses an edge of a polygon's outline at a point inside both, from one
/// side strictly to the other (exact predicates, so no rounding decides it). Such a segment
/// runs into the polygon's inside whatever else it does: just beside the crossing, one of its
/// sides is inside.
fn crosses_an_edge(polygon: &Polygon, line: Line) -> bool {
    use geo::algorithm::kernels::{Kernel, Orientation, RobustKernel};
    let opposite = |p: Orientation, q: Orientation| {
        matches!(
            (p, q),
            (Orientation::Clockwise, Orientation::CounterClockwise)
                | (Orientation::CounterClockwise, Orientation::Clockwise)
        )
    };
    polygon.exterior().lines().any(|edge| {
        opposite(
            RobustKernel::orient2d(line.start, line.end, edge.start),
            RobustKernel::orient2d(line.start, line.end, edge.end),
        ) && opposite(
            RobustKernel::orient2d(edge.start, edge.end, line.start),
            RobustKernel::orient2d(edge.start, edge.end, line.end),
        )
    })
}

/// The area of a ring of points (shoelace), whatever its winding.
fn polygon_area(points: &[(f64, f64)]) -> f64 {
    let n = points.len();
    let twice: f64 = (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum();
    twice.abs() / 2.0
}

/// An axis-aligned box: smallest and largest corner.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    /// Left and top.
    pub min: (f64, f64),
    /// Right and bottom.
    pub max: (f64, f64),
}

impl Bounds {
    /// The box around two points.
    #[must_use]
    pub fn of_segment(a: (f64, f64), b: (f64, f64)) -> Self {
        Self { min: (a.0.min(b.0), a.1.min(b.1)), max: (a.0.max(b.0), a.1.max(b.1)) }
    }

    /// Whether two boxes share any point.
    #[must_use]
    pub fn meets(&self, other: &Bounds) -> bool {
        self.min.0 <= other.max.0 && other.min.0 <= self.max.0 && self.min.1 <= other.max.1 && other.min.1 <= self.max.1
    }

    /// The box grown by `by` on every side.
    #[must_use]
    pub fn grown(&self, by: f64) -> Self {
        Self { min: (self.min.0 - by, self.min.1 - by), max: (self.max.0 + by, self.max.1 + by) }
    }

    /// How far apart two boxes are (0 where they meet): never more than the distance between
    /// any two shapes inside them, so a gap too wide here is too wide for the shapes, found
    /// without measuring their outlines.
    #[must_use]
    pub fn gap(&self, other: &Bounds) -> f64 {
        let across = (other.min.0 - self.max.0).max(self.min.0 - other.max.0).max(0.0);
        let down = (other.min.1 - self.max.1).max(self.min.1 - other.max.1).max(0.0);
        crate::table::measure::length(across, down)
    }
}

/// A footprint placed on the table, in micrometres.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// A round base: exact.
    Circle {
        /// Its centre.
        centre: Coord<f64>,
        /// Its radius.
        radius: f64,
    },
    /// Any other footprint.
    Polygon {
        /// The outline.
        polygon: Polygon<f64>,
        /// Its box.
        bounds: Bounds,
    },
}

impl Shape {
    /// A circle.
    #[must_use]
    pub fn circle(centre: Coord<f64>, radius: f64) -> Self {
        Shape::Circle { centre, radius: radius.max(0.0) }
    }

    /// A polygon through these corners.
    #[must_use]
    pub fn polygon(ring: Vec<Coord<f64>>) -> Self {
        let polygon = Polygon::new(LineString::from(ring), vec![]);
        let bounds = polygon.bounding_rect().map_or(Bounds { min: (0.0, 0.0), max: (0.0, 0.0) }, |r| Bounds {
            min: (r.min().x, r.min().y),
            max: (r.max().x, r.max().y),
        });
        Shape::Polygon { polygon, bounds }
    }

    /// Its box.
    #[must_use]
    pub fn bounds(&self) -> Bounds {
        match self {
            Shape::Circle { centre, radius } => {
                Bounds { min: (centre.x - radius, centre.y - radius), max: (centre.x + radius, centre.y + radius) }
            }
            Shape::Polygon { bounds, .. } => *bounds,
        }
    }

    /// Its outline as corners (a circle as 32 points), for drawing and for symmetry checks.
    #[must_use]
    pub fn outline(&self) -> Vec<(f64, f64)> {
        match self {
            Shape::Circle { centre, radius } => circle_outline((centre.x, centre.y), *radius).collect(),
            Shape::Polygon { polygon, .. } => {
                let ring = &polygon.exterior().0;
                ring.iter().take(ring.len().saturating_sub(1)).map(|c| (c.x, c.y)).collect()
            }
        }
    }

    /// Its centre (a polygon's average corner).
    #[must_use]
    pub fn centre(&self) -> (f64, f64) {
        match self {
            Shape::Circle { centre, .. } => (centre.x, centre.y),
            Shape::Polygon { .. } => {
                let outline = self.outline();
                let n = outline.len().max(1) as f64;
                let (sx, sy) = outline.iter().fold((0.0, 0.0), |(sx, sy), &(x, y)| (sx + x, sy + y));
                (sx / n, sy / n)
            }
        }
    }

    /// Whether a point lies inside (or on the edge).
    #[must_use]
    pub fn contains_point(&self, p: (f64, f64)) -> bool {
        match self {
            Shape::Circle { centre, radius } => {
                crate::table::measure::length(p.0 - centre.x, p.1 - centre.y) <= *radius
            }
            // Outside the box (exact, from the same corners) a point cannot be inside; most
            // questions end there without walking the ring.
            Shape::Polygon { polygon, bounds } => {
                bounds.min.0 <= p.0
                    && p.0 <= bounds.max.0
                    && bounds.min.1 <= p.1
                    && p.1 <= bounds.max.1
                    && polygon.intersects(&Coord { x: p.0, y: p.1 })
            }
        }
    }

    /// The distance from a point to the nearest point of the shape (0 inside).
    #[must_use]
    pub fn distance_to_point(&self, p: (f64, f64)) -> f64 {
        match self {
            Shape::Circle { centre, radius } => {
                (crate::table::measure::length(p.0 - centre.x, p.1 - centre.y) - radius).max(0.0)
            }
            Shape::Polygon { polygon, .. } => Euclidean.distance(&geo::Point::new(p.0, p.1), polygon),
        }
    }

    /// The distance from a point to the farthest point of the shape: a shape is wholly within
    /// `d` of the point when this is at most `d`.
    #[must_use]
    pub fn farthest_from_point(&self, p: (f64, f64)) -> f64 {
        match self {
            Shape::Circle { centre, radius } => crate::table::measure::length(p.0 - centre.x, p.1 - centre.y) + radius,
            Shape::Polygon { .. } => {
                self.outline().iter().map(|&(x, y)| crate::table::measure::length(x - p.0, y - p.1)).fold(0.0, f64::max)
            }
        }
    }
}

/// The edge-to-edge distance between two shapes in micrometres: 0 when they touch or overlap.
#[must_use]
pub fn distance(a: &Shape, b: &Shape) -> f64 {
    match (a, b) {
        (Shape::Circle { centre: c1, radius: r1 }, Shape::Circle { centre: c2, radius: r2 }) => {
            (crate::table::measure::length(c1.x - c2.x, c1.y - c2.y) - r1 - r2).max(0.0)
        }
        (Shape::Circle { centre, radius }, polygon @ Shape::Polygon { .. })
        | (polygon @ Shape::Polygon { .. }, Shape::Circle { centre, radius }) => {
            (polygon.distance_to_point((centre.x, centre.y)) - radius).max(0.0)
        }
        (Shape::Polygon { polygon: p, .. }, Shape::Polygon { polygon: q, .. }) => Euclidean.distance(p, q),
    }
}

/// The edge-to-edge distance rounded to the nearest micrometre, as rules compare it.
#[must_use]
pub fn distance_um(a: &Shape, b: &Shape) -> i64 {
    super::round_to_i64(distance(a, b))
}

/// Whether two shapes overlap by more than a touch (bases in contact do not overlap).
#[must_use]
pub fn overlaps(a: &Shape, b: &Shape) -> bool {
    /// Contact within a micrometre is a touch.
    const TOUCH: f64 = 1.0;
    if !a.bounds().meets(&b.bounds()) {
        return false;
    }
    match (a, b) {
        (Shape::Circle { centre: c1, radius: r1 }, Shape::Circle { centre: c2, radius: r2 }) => {
            crate::table::measure::length(c1.x - c2.x, c1.y - c2.y) < r1 + r2 - TOUCH
        }
        (Shape::Circle { centre, radius }, Shape::Polygon { polygon, .. })
        | (Shape::Polygon { polygon, .. }, Shape::Circle { centre, radius }) => {
            let p = geo::Point::new(centre.x, centre.y);
            polygon.intersects(&p) || Euclidean.distance(&p, polygon.exterior()) < radius - TOUCH
        }
        (Shape::Polygon { polygon: p, .. }, Shape::Polygon { polygon: q, .. }) => {
            p.intersects(q) && (interiors_plainly_meet(p, q) || !p.relate(q).is_touches())
        }
    }
}

/// Whether two polygons that meet plainly share inside: a corner of one strictly inside the
/// other, or two of their edges crossing (meeting at a point inside both edges, not along a
/// line). Either is enough for interiors to meet, so `true` is the answer the full relation
/// would give, found without building it; `false` leaves the question to the relation (edges
/// that only run along each other, or rings with holes). Both ask the same exact orientation
/// predicates, so the two can never disagree on a `true`.
fn interiors_plainly_meet(p: &Polygon<f64>, q: &Polygon<f64>) -> bool {
    if !p.interiors().is_empty() || !q.interiors().is_empty() {
        return false;
    }
    let corner_inside = |a: &Polygon<f64>, b: &Polygon<f64>| a.exterior().0.iter().any(|c| b.contains(c));
    if corner_inside(p, q) || corner_inside(q, p) {
        return true;
    }
    p.exterior().lines().any(|e| {
        q.exterior().lines().any(|f| {
            matches!(
                geo::algorithm::line_intersection::line_intersection(e, f),
                Some(geo::algorithm::line_intersection::LineIntersection::SinglePoint { is_proper: true, .. })
            )
        })
    })
}

/// Whether `inner` lies wholly inside the polygon `outer` (its edge included).
#[must_use]
pub fn wholly_inside(inner: &Shape, outer: &Polygon<f64>) -> bool {
    match inner {
        Shape::Circle { centre, radius } => {
            let p = geo::Point::new(centre.x, centre.y);
            outer.intersects(&p) && Euclidean.distance(&p, outer.exterior()) >= *radius - 1.0
        }
        Shape::Polygon { polygon, .. } => {
            outer.contains(polygon)
                || polygon.exterior().0.iter().all(|c| outer.intersects(c)) && {
                    // Every corner inside and no edge of the outer ring crossing into it.
                    !outer.exterior().lines().any(|line| {
                        let mid = Coord { x: (line.start.x + line.end.x) / 2.0, y: (line.start.y + line.end.y) / 2.0 };
                        polygon.contains(&mid)
                    })
                }
        }
    }
}

/// Whether two shapes are within `d` micrometres of each other, edge to edge.
#[must_use]
pub fn within(a: &Shape, b: &Shape, d: f64) -> bool {
    distance(a, b) <= d
}

/// Where the segment from `a` to `b` runs inside `shape`: intervals of the segment's
/// parameter (0 at `a`, 1 at `b`), in order.
#[must_use]
pub fn inside_intervals(shape: &Shape, a: (f64, f64), b: (f64, f64)) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for_each_inside(shape, a, b, |t0, t1| out.push((t0, t1)));
    out
}

/// Whether the segment from `a` to `b` runs inside the shape anywhere: [`inside_intervals`]
/// not empty, without gathering the intervals (a sight test asks this of every piece near
/// every line).
#[must_use]
pub fn runs_inside(shape: &Shape, a: (f64, f64), b: (f64, f64)) -> bool {
    let mut inside = false;
    for_each_inside(shape, a, b, |_, _| inside = true);
    inside
}

/// Crossings kept on the stack before a polygon's cuts spill to the heap: a segment crosses a
/// convex piece at most twice, and the table's pieces have few corners.
const STACK_CUTS: usize = 16;

/// Hands `found` each interval of [`inside_intervals`], in order, without gathering them: the
/// sight lines ask this for every piece near every line a computer player draws, so it
/// allocates nothing for the pieces the table has.
pub fn for_each_inside(shape: &Shape, a: (f64, f64), b: (f64, f64), mut found: impl FnMut(f64, f64)) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    match shape {
        Shape::Circle { centre, radius } => {
            let (fx, fy) = (a.0 - centre.x, a.1 - centre.y);
            let qa = dx * dx + dy * dy;
            let qb = 2.0 * (fx * dx + fy * dy);
            let qc = fx * fx + fy * fy - radius * radius;
            if qa == 0.0 {
                if qc <= 0.0 {
                    found(0.0, 1.0);
                }
                return;
            }
            let disc = qb * qb - 4.0 * qa * qc;
            if disc <= 0.0 {
                return;
            }
            let root = disc.sqrt();
            let (t0, t1) = ((-qb - root) / (2.0 * qa), (-qb + root) / (2.0 * qa));
            let (t0, t1) = (t0.max(0.0), t1.min(1.0));
            if t0 < t1 {
                found(t0, t1);
            }
        }
        Shape::Polygon { polygon, .. } => {
            let ring = &polygon.exterior().0;
            // Every parameter where the segment crosses an edge; inside and outside alternate
            // between them.
            let (mut stack, mut spilled, mut count) = ([0.0f64; STACK_CUTS], Vec::new(), 0usize);
            for edge in ring.windows(2) {
                let (p, q) = (edge[0], edge[1]);
                let (ex, ey) = (q.x - p.x, q.y - p.y);
                let denominator = dx * ey - dy * ex;
                if denominator == 0.0 {
                    continue;
                }
                let (wx, wy) = (p.x - a.0, p.y - a.1);
                let t = (wx * ey - wy * ex) / denominator;
                let u = (wx * dy - wy * dx) / denominator;
                if (0.0..=1.0).contains(&t) && (0.0..1.0).contains(&u) {
                    if count < STACK_CUTS {
                        stack[count] = t;
                    } else {
                        if spilled.is_empty() {
                            spilled.extend_from_slice(&stack);
                        }
                        spilled.push(t);
                    }
                    count += 1;
                }
            }
            let cuts: &mut [f64] = if count <= STACK_CUTS { &mut stack[..count] } else { &mut spilled };
            cuts.sort_by(f64::total_cmp);
            let mut inside = point_in_ring(ring, a);
            let mut start = 0.0;
            for &t in cuts.iter() {
                if inside {
                    if t > start {
                        found(start, t);
                    }
                } else {
                    start = t;
                }
                inside = !inside;
            }
            if inside && start < 1.0 {
                found(start, 1.0);
            }
        }
    }
}

/// Even-odd test of a point against a closed ring.
fn point_in_ring(ring: &[Coord<f64>], p: (f64, f64)) -> bool {
    let mut inside = false;
    for edge in ring.windows(2) {
        let (a, b) = (edge[0], edge[1]);
        if (a.y > p.1) != (b.y > p.1) {
            let x = a.x + (p.1 - a.y) / (b.y - a.y) * (b.x - a.x);
            if p.0 < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// About `count` points spread over a shape, inside it, the same every time, and laid out
/// with the shape's own symmetry so that a mirrored or turned footprint has the mirrored or
/// turned points (sight on a mirrored table is then the mirror of sight): its centre, then for
/// a circle two rings of an even number of points (0.8 and 0.5 of the radius, the inner ring
/// turned half a step); for a polygon every corner and points evenly along every edge, all
/// pulled a fifth of the way in.
#[must_use]
pub fn sample_points(shape: &Shape, count: usize) -> Vec<(f64, f64)> {
    let centre = shape.centre();
    if count <= 1 {
        return vec![centre];
    }
    // Room for about as many points as asked (a polygon's corners can add a few): a sight test
    // samples every target it weighs.
    let mut points = Vec::with_capacity(count + 8);
    points.push(centre);
    let around = count - 1;
    match shape {
        Shape::Circle { centre: c, radius } => {
            let per_ring = (around / 2).max(2) & !1;
            for ring in 0..2 {
                let (r, offset) = if ring == 0 { (radius * 0.8, 0.0) } else { (radius * 0.5, 0.5) };
                for i in 0..per_ring {
                    let a = std::f64::consts::TAU * (i as f64 + offset) / per_ring as f64;
                    points.push((c.x + r * libm::sin(a), c.y - r * libm::cos(a)));
                }
            }
        }
        Shape::Polygon { .. } => {
            let outline = shape.outline();
            let n = outline.len();
            if n == 0 {
                return points;
            }
            // Points between corners on each edge, at fractions symmetric end to end.
            let between = (around / n).saturating_sub(1);
            let mut pull_in =
                |on: (f64, f64)| points.push((on.0 + (centre.0 - on.0) * 0.2, on.1 + (centre.1 - on.1) * 0.2));
            for i in 0..n {
                let (p, q) = (outline[i], outline[(i + 1) % n]);
                pull_in(p);
                for j in 1..=between {
                    let f = j as f64 / (between + 1) as f64;
                    pull_in((p.0 + (q.0 - p.0) * f, p.1 + (q.1 - p.1) * f));
                }
            }
        }
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::measure::{Facing, UM_PER_INCH};

    #[test]
    fn a_round_base_sweeps_nothing_farther_from_its_centres_path_than_its_radius() {
        // A tilted square and a circle beside paths that pass them at every distance, so the
        // question "could the swept area meet this shape?" is asked on both sides of the answer.
        let radius = 12_500.0;
        let base = Footprint::Round { diameter: 25_000 };
        let square = Shape::polygon(vec![
            Coord { x: 0.0, y: -30_000.0 },
            Coord { x: 30_000.0, y: 0.0 },
            Coord { x: 0.0, y: 30_000.0 },
            Coord { x: -30_000.0, y: 0.0 },
        ]);
        let round = Shape::circle(Coord { x: 0.0, y: 0.0 }, 20_000.0);
        let (mut meeting, mut apart) = (0, 0);
        for shape in [&square, &round] {
            for offset in (0..80).map(|k| 20_000 + k * 500) {
                for (dx, dy) in [(1, 0), (1, 1), (0, 1), (2, -1)] {
                    let from = Pose::new(-90_000 * dx + offset * dy, -90_000 * dy - offset * dx, Facing::UP);
                    let to = Pose::new(90_000 * dx + offset * dy, 90_000 * dy - offset * dx, Facing::UP);
                    let area = swept(&base, from, to);
                    let distance = distance_to_segment(shape, from.point(), to.point());
                    if overlaps(&area, shape) {
                        meeting += 1;
                        assert!(distance <= radius + 1.0, "{from:?} to {to:?} meets a shape {distance} away");
                    } else {
                        apart += 1;
                    }
                }
            }
        }
        assert!(meeting > 20 && apart > 20, "both answers occur: {meeting} meeting, {apart} apart");
    }

    #[test]
    fn the_swept_area_is_the_convex_hull_of_the_placed_outlines_it_passes_through() {
        // Built the long way: every outline placed as a shape, its corners gathered, and the
        // general convex hull taken. The swept area must be that same ring, corner for corner.
        use geo::{ConvexHull, MultiPoint};
        let footprints = [
            Footprint::Rect { length: 6 * UM_PER_INCH, width: 3 * UM_PER_INCH },
            Footprint::Round { diameter: 25_000 },
            Footprint::Oval { length: 50_000, width: 30_000 },
            Footprint::Polygon { points: vec![(0, -40_000), (20_000, 30_000), (-20_000, 30_000)] },
        ];
        for footprint in &footprints {
            for (k, turn) in [0, 1_000, 4_500, 9_000, 17_999, 18_000, 27_000].into_iter().enumerate() {
                let k = k as i64;
                let from = Pose::new(10_000 * k, -7_000 * k, Facing::from_centidegrees(3_000 * k));
                let to = Pose::new(from.x + 90_000 - 20_000 * k, from.y + 33_000, from.facing.turned(turn));
                let d = (to.facing.centidegrees() - from.facing.centidegrees()).rem_euclid(36_000);
                let turn = if d > 18_000 { d - 36_000 } else { d };
                let steps = (turn.abs() + SWEEP_STEP - 1) / SWEEP_STEP;
                let mut points = Vec::new();
                for step in 0..=steps {
                    let turned = if steps == 0 { 0 } else { turn * step / steps };
                    points.extend(footprint.place(Pose { facing: from.facing.turned(turned), ..from }).outline());
                }
                points.extend(footprint.place(to).outline());
                let hull = MultiPoint::from(points).convex_hull();
                let ring = &hull.exterior().0;
                let long_way: Vec<(f64, f64)> = ring.iter().take(ring.len() - 1).map(|c| (c.x, c.y)).collect();
                assert_eq!(swept(footprint, from, to).outline(), long_way, "{footprint:?} turning {turn}");
            }
        }
    }

    fn rect(x: i64, y: i64, l: i64, w: i64, deg: f64) -> Shape {
        Footprint::Rect { length: l * UM_PER_INCH, width: w * UM_PER_INCH }.place(Pose::new(
            x * UM_PER_INCH,
            y * UM_PER_INCH,
            Facing::from_degrees(deg).unwrap_or_default(),
        ))
    }

    #[test]
    fn sample_points_of_a_mirrored_footprint_are_the_mirrored_points() {
        let w = 60 * UM_PER_INCH;
        for (footprint, facing) in [
            (Footprint::Rect { length: 4 * UM_PER_INCH, width: 2 * UM_PER_INCH }, 3_000),
            (Footprint::Round { diameter: 2 * UM_PER_INCH }, 0),
            (Footprint::Oval { length: 5 * UM_PER_INCH, width: 3 * UM_PER_INCH }, 4_500),
        ] {
            let here = footprint.place(Pose::new(10 * UM_PER_INCH, 7 * UM_PER_INCH, Facing::from_centidegrees(facing)));
            let there = footprint.place(Pose::new(
                w - 10 * UM_PER_INCH,
                7 * UM_PER_INCH,
                Facing::from_centidegrees((36_000 - facing) % 36_000),
            ));
            let key = |p: &(f64, f64)| ((p.0 / 10.0).round() as i64, (p.1 / 10.0).round() as i64);
            let mut a: Vec<(i64, i64)> = sample_points(&here, 16).iter().map(|p| key(&(w as f64 - p.0, p.1))).collect();
            let mut b: Vec<(i64, i64)> = sample_points(&there, 16).iter().map(key).collect();
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "{footprint:?}");
        }
    }

    #[test]
    fn hull_to_hull_and_base_to_base_are_edge_to_edge() {
        let a = rect(10, 10, 4, 2, 0.0);
        let b = rect(20, 10, 4, 2, 0.0);
        assert!((distance(&a, &b) - 8.0 * UM_PER_INCH as f64).abs() < 1e-6);
        let c = Shape::circle(Coord { x: 0.0, y: 0.0 }, 12_500.0);
        let d = Shape::circle(Coord { x: 50_000.0, y: 0.0 }, 12_500.0);
        assert!((distance(&c, &d) - 25_000.0).abs() < 1e-9);
        assert!(!overlaps(&c, &Shape::circle(Coord { x: 25_000.0, y: 0.0 }, 12_500.0)), "bases in contact");
        assert!(overlaps(&a, &rect(11, 10, 4, 2, 90.0)));
    }

    proptest::proptest! {
        /// The boxes' gap never exceeds the outlines' distance, at any turn or offset, for
        /// hulls and round bases alike; and where the boxes are apart along one axis it is at
        /// least that axis's separation (it is not simply 0).
        #[test]
        fn two_boxes_are_never_farther_apart_than_the_shapes_inside_them(
            x in -40i64..40, y in -40i64..40, l in 1i64..8, w in 1i64..5,
            turn in 0.0f64..360.0, own_turn in 0.0f64..360.0, round in proptest::bool::ANY,
        ) {
            let here = rect(0, 0, 5, 3, own_turn);
            let there = if round {
                Shape::circle(Coord { x: (x * UM_PER_INCH) as f64, y: (y * UM_PER_INCH) as f64 }, (w * UM_PER_INCH) as f64)
            } else {
                rect(x, y, l, w, turn)
            };
            let (boxes, outlines) = (here.bounds().gap(&there.bounds()), distance(&here, &there));
            proptest::prop_assert!(boxes <= outlines + 1e-6, "boxes {} apart, outlines {}", boxes, outlines);
            let (a, b) = (here.bounds(), there.bounds());
            let across = (b.min.0 - a.max.0).max(a.min.0 - b.max.0);
            proptest::prop_assert!(boxes >= across - 1e-6, "boxes {} apart, {} across", boxes, across);
        }
    }

    proptest::proptest! {
        /// A wall meets a swept hull exactly where the whole relation says its inside is met:
        /// hulls square to the table on whole inches, so walls touch their corners, run along
        /// their edges and end on their outlines as often as they cross them cleanly.
        #[test]
        fn a_wall_meets_a_swept_hull_where_the_whole_relation_says_it_runs_inside(
            x in -3i64..3, y in -3i64..3, quarter in 0i64..4, turn in 0i32..3, ahead in 0i64..4,
            a in (-12i64..12, -12i64..12), b in (-12i64..12, -12i64..12),
        ) {
            let hull = Footprint::Rect { length: 6 * UM_PER_INCH, width: 4 * UM_PER_INCH };
            let from = Pose::new(x * UM_PER_INCH, y * UM_PER_INCH, Facing::from_centidegrees((9_000 * quarter) as _));
            let to = Pose::new(from.x + ahead * UM_PER_INCH, from.y, from.facing.turned(9_000 * turn));
            let area = swept(&hull, from, to);
            // Half inches, so a wall can end on an edge's middle as well as on a corner.
            let half = UM_PER_INCH as f64 / 2.0;
            let (a, b) = ((a.0 as f64 * half, a.1 as f64 * half), (b.0 as f64 * half, b.1 as f64 * half));
            let Shape::Polygon { polygon, .. } = &area else { panic!("a hull sweeps a polygon") };
            let line = Line::new(Coord { x: a.0, y: a.1 }, Coord { x: b.0, y: b.1 });
            let whole = polygon.intersects(&line) && !polygon.relate(&line).is_touches();
            proptest::prop_assert_eq!(segment_meets(&area, a, b), whole, "wall {:?} to {:?}", a, b);
        }
    }

    #[test]
    fn a_line_through_a_turned_rectangle_runs_inside_it_for_its_width() {
        let piece = rect(10, 10, 6, 4, 90.0);
        let intervals = inside_intervals(
            &piece,
            (0.0, 10.0 * UM_PER_INCH as f64),
            (20.0 * UM_PER_INCH as f64, 10.0 * UM_PER_INCH as f64),
        );
        assert_eq!(intervals.len(), 1);
        let (t0, t1) = intervals[0];
        assert!(((t1 - t0) * 20.0 - 6.0).abs() < 1e-9, "{t0} {t1}");
    }
}
