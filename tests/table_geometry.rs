//! Property tests of the open table's geometry: edge-to-edge distance is symmetric and never
//! negative, a mirror applied twice is the identity, sight between two eyes of the same height
//! is the same both ways, a path is never longer inside a piece than in all, and a mirrored
//! table measures the same as the original, and two polygons overlap exactly when the full
//! DE-9IM relation says their insides meet (the quick answer never disagrees with it).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::prelude::*;
use skirmish_studio::table::{
    Eye, Facing, Footprint, Obstacle, Piece, Pose, Scene, Shape, TableSymmetry, UM_PER_INCH, distance, overlaps, swept,
};

const W: i64 = 72 * UM_PER_INCH;
const D: i64 = 48 * UM_PER_INCH;

fn footprint() -> impl Strategy<Value = Footprint> {
    prop_oneof![
        (5_000i64..80_000).prop_map(|diameter| Footprint::Round { diameter }),
        (5_000i64..300_000, 5_000i64..300_000).prop_map(|(length, width)| Footprint::Rect { length, width }),
        (5_000i64..300_000, 5_000i64..300_000).prop_map(|(length, width)| Footprint::Oval { length, width }),
        (20_000i64..150_000)
            .prop_map(|s| Footprint::Polygon { points: vec![(-s, -s), (s, -s), (s, s / 3), (-s / 2, s)] }),
    ]
}

fn pose() -> impl Strategy<Value = Pose> {
    (0..W, 0..D, 0i64..36_000).prop_map(|(x, y, f)| Pose::new(x, y, Facing::from_centidegrees(f)))
}

fn symmetry() -> impl Strategy<Value = TableSymmetry> {
    prop_oneof![
        Just(TableSymmetry::MirrorLeftRight),
        Just(TableSymmetry::MirrorTopBottom),
        Just(TableSymmetry::Rotate180)
    ]
}

fn piece(footprint: Footprint, pose: Pose, height: i64) -> Piece {
    Piece { kind: "building".into(), footprint, pose, height, walls: vec![] }
}

/// Overlap as the full relation tells it: the insides meet (a touch along an edge or at a
/// corner is not an overlap).
fn insides_meet(a: &Shape, b: &Shape) -> Option<bool> {
    use geo::{Intersects, Relate};
    match (a, b) {
        (Shape::Polygon { polygon: p, .. }, Shape::Polygon { polygon: q, .. }) => {
            Some(p.intersects(q) && !p.relate(q).is_touches())
        }
        _ => None,
    }
}

/// Footprints with straight sides only, so every pair is two polygons.
fn angular() -> impl Strategy<Value = Footprint> {
    prop_oneof![
        (5_000i64..300_000, 5_000i64..300_000).prop_map(|(length, width)| Footprint::Rect { length, width }),
        (20_000i64..150_000)
            .prop_map(|s| Footprint::Polygon { points: vec![(-s, -s), (s, -s), (s, s / 3), (-s / 2, s)] }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn polygons_overlap_exactly_when_the_full_relation_says_their_insides_meet(
        a in angular(),
        pa in pose(),
        b in angular(),
        near in (-300_000i64..300_000, -300_000i64..300_000, 0i64..8),
        to in pose(),
    ) {
        // The second piece near the first, turned in eighths: edges that cross, corners inside,
        // and (at whole eighths with matching sizes) edges that only run along each other.
        let pb = Pose::new(pa.x + near.0, pa.y + near.1, Facing::from_centidegrees(near.2 * 4_500));
        let (sa, sb) = (a.place(pa), b.place(pb));
        prop_assert_eq!(Some(overlaps(&sa, &sb)), insides_meet(&sa, &sb));
        // A swept hull (the shape a move tests against the pieces) too.
        let area = swept(&a, pa, to);
        prop_assert_eq!(Some(overlaps(&area, &sb)), insides_meet(&area, &sb));
    }
}

#[test]
fn squares_side_by_side_touch_and_a_square_on_itself_overlaps() {
    let square = Footprint::Rect { length: 100_000, width: 100_000 };
    let at = |x: i64, y: i64| square.place(Pose::new(x, y, Facing::from_centidegrees(0)));
    let origin = at(500_000, 500_000);
    // Sharing a side, sharing a corner, half along a side: touches, no overlap.
    for other in [at(600_000, 500_000), at(600_000, 600_000), at(600_000, 550_000)] {
        assert!(!overlaps(&origin, &other));
        assert_eq!(insides_meet(&origin, &other), Some(false));
    }
    // The same square, and one slid a micrometre into it: overlaps.
    for other in [at(500_000, 500_000), at(599_999, 550_000)] {
        assert!(overlaps(&origin, &other));
        assert_eq!(insides_meet(&origin, &other), Some(true));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn distance_is_symmetric_and_never_negative(a in footprint(), pa in pose(), b in footprint(), pb in pose()) {
        let (sa, sb) = (a.place(pa), b.place(pb));
        let (ab, ba) = (distance(&sa, &sb), distance(&sb, &sa));
        prop_assert!(ab >= 0.0);
        prop_assert!((ab - ba).abs() < 1e-6, "{ab} {ba}");
        prop_assert_eq!(overlaps(&sa, &sb), overlaps(&sb, &sa));
        if overlaps(&sa, &sb) {
            prop_assert!(ab == 0.0);
        }
    }

    #[test]
    fn a_mirror_twice_is_the_identity(f in footprint(), p in pose(), s in symmetry()) {
        let original = piece(f, p, 25_400);
        let twice = s.piece(W, D, &s.piece(W, D, &original));
        prop_assert_eq!(twice, original);
    }

    #[test]
    fn a_mirrored_table_measures_the_same(a in footprint(), pa in pose(), b in footprint(), pb in pose(), s in symmetry()) {
        let (ia, ib) = (s.piece(W, D, &piece(a.clone(), pa, 0)), s.piece(W, D, &piece(b.clone(), pb, 0)));
        let original = distance(&a.place(pa), &b.place(pb));
        let mirrored = distance(&ia.shape(), &ib.shape());
        prop_assert!((original - mirrored).abs() < 1.0, "{original} {mirrored}");
    }

    #[test]
    fn sight_between_equal_heights_is_the_same_both_ways(
        pieces in prop::collection::vec((footprint(), pose(), 0i64..200_000), 0..12),
        from in (0..W, 0..D), to in (0..W, 0..D), z in 10_000i64..80_000,
    ) {
        let scene = Scene::new(pieces.iter().map(|(f, p, h)| piece(f.clone(), *p, *h).obstacle(true)).collect::<Vec<Obstacle>>());
        let eye = |(x, y): (i64, i64)| Eye { at: (x as f64, y as f64), z: z as f64 };
        let forth = scene.line(eye(from), eye(to), &[]);
        let back = scene.line(eye(to), eye(from), &[]);
        prop_assert_eq!(forth.clear, back.clear);
        let mut a: Vec<usize> = forth.crossings.iter().map(|c| c.obstacle).collect();
        let mut b: Vec<usize> = back.crossings.iter().map(|c| c.obstacle).collect();
        a.sort_unstable();
        b.sort_unstable();
        prop_assert_eq!(a, b);
        // Never more inside pieces than the whole path, piece by piece.
        let total = ((to.0 - from.0) as f64).hypot((to.1 - from.1) as f64);
        for (_, length) in scene.path_inside(eye(from).at, eye(to).at) {
            prop_assert!(length <= total + 1e-6);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn the_visible_fraction_counts_the_clear_lines_to_its_sample_points(
        pieces in prop::collection::vec((footprint(), pose(), 0i64..200_000, any::<bool>()), 0..16),
        from in (0..W, 0..D), target in (footprint(), pose()), eye_z in 10_000i64..80_000, target_z in 10_000i64..80_000,
    ) {
        let scene = Scene::new(pieces.iter().map(|(f, p, h, opaque)| piece(f.clone(), *p, *h).obstacle(*opaque)).collect::<Vec<Obstacle>>());
        let eye = Eye { at: (from.0 as f64, from.1 as f64), z: eye_z as f64 };
        let shape = target.0.place(target.1);
        let points = skirmish_studio::table::shape::sample_points(&shape, 16);
        let clear = points.iter().filter(|&&at| scene.line(eye, Eye { at, z: target_z as f64 }, &[]).clear).count();
        prop_assert_eq!(scene.visible_fraction(eye, &shape, target_z as f64, 16, &[]), (clear, points.len()));
    }
}

#[test]
fn the_same_sight_question_gives_the_same_answer_every_time() {
    let pieces: Vec<Obstacle> = (0..40)
        .map(|i| {
            piece(
                Footprint::Rect { length: 6 * UM_PER_INCH, width: 4 * UM_PER_INCH },
                Pose::new(
                    (i * 7 % 70 + 1) * UM_PER_INCH,
                    (i * 5 % 46 + 1) * UM_PER_INCH,
                    Facing::from_centidegrees(i * 1_700),
                ),
                3 * UM_PER_INCH,
            )
            .obstacle(true)
        })
        .collect();
    let scene = Scene::new(pieces);
    let eye = Eye { at: (1.0, 1.0), z: 50_000.0 };
    let target = Footprint::Rect { length: 4 * UM_PER_INCH, width: 2 * UM_PER_INCH }.place(Pose::new(
        60 * UM_PER_INCH,
        40 * UM_PER_INCH,
        Facing::UP,
    ));
    let first = scene.visible_fraction(eye, &target, 40_000.0, 16, &[]);
    for _ in 0..10 {
        assert_eq!(scene.visible_fraction(eye, &target, 40_000.0, 16, &[]), first);
    }
}
