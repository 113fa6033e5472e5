//! The shared board model and the editing operations on it: edges between squares, height
//! levels, mirrors and turns of squares and edges, blocks, resizing, and the editor's
//! clipboard, symmetric echo and flood fill carrying walls and heights along.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::board::{
    Block, Board, Door, Edge, EdgeAxis, EdgeFeature, Pos, SquareMap, Symmetry, TerrainId, Wall,
};
use skirmish_studio::systems::swat::editing::{
    Clipboard, Document, Op, flood_squares, paste_ops, resized, with_symmetry,
};
use skirmish_studio::systems::swat::rules::Ruleset;
use skirmish_studio::systems::swat::scenario::{Scenario, load_scenario, save_scenario, validate};

fn p(x: u16, y: u16) -> Pos {
    Pos::new(x, y)
}

fn wall(height: u8) -> EdgeFeature {
    EdgeFeature { wall: Some(Wall { height, climbable: false }), door: None }
}

fn rules() -> Ruleset {
    Ruleset::builtin().unwrap()
}

fn blank(width: u16, height: u16) -> Scenario {
    let rules = rules();
    Scenario::new(&rules, width, height, rules.terrain_id("plain").unwrap(), 2)
}

#[test]
fn every_edge_has_one_name_and_neighbours_share_theirs() {
    let right = Edge::between(p(2, 3), p(3, 3)).unwrap();
    assert_eq!(right, Edge { x: 3, y: 3, axis: EdgeAxis::Vertical });
    assert_eq!(Edge::between(p(3, 3), p(2, 3)), Some(right));
    assert_eq!(Edge::between(p(2, 3), p(2, 4)), Some(Edge { x: 2, y: 4, axis: EdgeAxis::Horizontal }));
    assert_eq!(Edge::between(p(2, 3), p(3, 4)), None, "diagonal squares share no edge");
    assert!(Edge::sides(p(2, 3)).contains(&right));
    assert!(Edge::sides(p(3, 3)).contains(&right));
    let (a, b) = right.corners();
    assert_eq!(Edge::from_corners(b, a), Some(right));
    assert!(Edge { x: 4, y: 3, axis: EdgeAxis::Vertical }.on_board(4, 4), "the border is on the board");
    assert!(!Edge { x: 4, y: 3, axis: EdgeAxis::Horizontal }.on_board(4, 4));
}

#[test]
fn mirrors_and_turns_move_edges_with_their_squares() {
    let (w, h) = (6, 4);
    let a = p(1, 2);
    let b = p(2, 2);
    let edge = Edge::between(a, b).unwrap();
    for map in [SquareMap::FlipX, SquareMap::FlipY, SquareMap::Turn180] {
        let expected = Edge::between(map.apply(a, w, h), map.apply(b, w, h)).unwrap();
        assert_eq!(map.edge(edge, w, h), expected, "{map:?}");
    }
    // A quarter turn of a 6 x 4 block makes a 4 x 6 block.
    let turned = SquareMap::Turn90.edge(edge, w, h);
    assert_eq!(turned, Edge::between(SquareMap::Turn90.apply(a, w, h), SquareMap::Turn90.apply(b, w, h)).unwrap());
    // Four quarter turns of a square board give every edge back.
    let mut e = edge;
    for _ in 0..4 {
        e = SquareMap::Turn90.edge(e, 6, 6);
    }
    assert_eq!(e, edge);
}

#[test]
fn heights_and_edges_are_set_cleared_and_refused_off_the_board() {
    let mut board = Board::filled(5, 4, TerrainId(0));
    assert!(board.is_flat() && board.heights.is_empty());
    assert_eq!(board.set_height(p(1, 1), 2), Some(0));
    assert_eq!(board.height_at(p(1, 1)), 2);
    assert_eq!(board.set_height(p(1, 1), 0), Some(2));
    assert!(board.heights.is_empty(), "a board back at level 0 drops its height layer");
    assert_eq!(board.set_height(p(9, 9), 1), None);
    let edge = Edge::between(p(0, 0), p(1, 0)).unwrap();
    assert_eq!(board.set_edge(edge, Some(wall(1))), Some(None));
    assert_eq!(board.wall_between(p(1, 0), p(0, 0)), Some(Wall { height: 1, climbable: false }));
    assert_eq!(board.set_edge(edge, Some(EdgeFeature::default())), Some(Some(wall(1))), "an empty feature clears");
    assert!(board.edges.is_empty());
    assert_eq!(board.set_edge(Edge { x: 9, y: 0, axis: EdgeAxis::Vertical }, Some(wall(1))), None);
}

#[test]
fn a_block_keeps_its_edges_and_heights_through_four_turns_and_two_mirrors() {
    let mut board = Board::filled(8, 8, TerrainId(0));
    let _ = board.set_terrain(p(2, 1), TerrainId(3));
    let _ = board.set_height(p(3, 2), 2);
    let _ = board.set_edge(Edge::between(p(2, 1), p(3, 1)).unwrap(), Some(wall(2)));
    let door = EdgeFeature { wall: Some(Wall { height: 1, climbable: false }), door: Some(Door { open: false }) };
    let _ = board.set_edge(Edge::between(p(2, 2), p(2, 3)).unwrap(), Some(door));
    // An edge outside the block is not copied.
    let _ = board.set_edge(Edge::between(p(6, 6), p(7, 6)).unwrap(), Some(wall(1)));
    let block = Block::copy(&board, p(1, 1), p(4, 3));
    assert_eq!((block.width(), block.height()), (4, 3));
    assert_eq!(block.board.edges.len(), 2);
    assert_eq!(block.board.height_at(p(2, 1)), 2);
    assert_eq!(
        block.mapped(SquareMap::Turn90).mapped(SquareMap::Turn90).mapped(SquareMap::Turn90).mapped(SquareMap::Turn90),
        block
    );
    assert_eq!(block.mapped(SquareMap::FlipX).mapped(SquareMap::FlipX), block);
    assert_eq!(
        block.mapped(SquareMap::Turn90).mapped(SquareMap::Turn90),
        block.mapped(SquareMap::FlipX).mapped(SquareMap::FlipY)
    );
    assert_eq!(block.mapped(SquareMap::Turn90).board.edges.len(), 2);
}

#[test]
fn resizing_shifts_heights_and_walls_and_drops_what_falls_off() {
    let mut s = blank(6, 6);
    let _ = s.board.set_height(p(1, 1), 3);
    let _ = s.board.set_edge(Edge::between(p(1, 1), p(2, 1)).unwrap(), Some(wall(1)));
    let _ = s.board.set_edge(Edge::between(p(5, 5), p(5, 4)).unwrap(), Some(wall(1)));
    let plain = rules().terrain_id("plain").unwrap();
    let bigger = resized(&s, 2, 1, 0, 0, plain).unwrap();
    assert_eq!(bigger.board.height_at(p(3, 2)), 3);
    assert!(bigger.board.wall_between(p(3, 2), p(4, 2)).is_some());
    assert_eq!(bigger.board.edges.len(), 2);
    let smaller = resized(&s, 0, 0, 0, -2, plain).unwrap();
    assert_eq!(smaller.board.edges.len(), 1, "the wall in the removed rows goes with them");
}

#[test]
fn copy_rotate_and_paste_carry_walls_and_heights() {
    let rules = rules();
    let mut s = blank(8, 8);
    let _ = s.board.set_height(p(0, 0), 1);
    let _ = s.board.set_edge(Edge::between(p(0, 0), p(1, 0)).unwrap(), Some(wall(2)));
    let clip = Clipboard::copy(&s, p(0, 0), p(1, 1)).mapped(SquareMap::Turn90);
    let mut doc = Document::new(s);
    let ops = paste_ops(&rules, &clip, p(5, 5));
    assert!(doc.apply_ops(&rules, "Paste", &ops, None, false, None).applied > 0);
    // Turned a quarter clockwise, the raised corner square lands top-right of the 2 x 2 block
    // and the wall to its right now runs below it.
    assert_eq!(doc.scenario.board.height_at(p(6, 5)), 1);
    assert!(doc.scenario.board.wall_between(p(6, 5), p(6, 6)).is_some());
    doc.undo();
    assert_eq!(doc.scenario.board.height_at(p(6, 5)), 0);
    assert_eq!(doc.scenario.board.edges.len(), 1);
}

#[test]
fn symmetric_painting_echoes_walls_onto_the_mirrored_edge() {
    let s = blank(6, 4);
    let edge = Edge::between(p(0, 1), p(1, 1)).unwrap();
    let ops = with_symmetry(&s, &[(p(0, 1), Op::Edge(edge, Some(wall(1))))], Some(Symmetry::MirrorLeftRight));
    let mirrored = Edge::between(p(5, 1), p(4, 1)).unwrap();
    assert_eq!(ops.len(), 2, "{ops:?}");
    assert!(ops.iter().any(|(_, op)| *op == Op::Edge(mirrored, Some(wall(1)))), "{ops:?}");
    // An edge on the mirror axis is its own image.
    let axis = Edge::between(p(2, 0), p(3, 0)).unwrap();
    assert_eq!(with_symmetry(&s, &[(p(2, 0), Op::Edge(axis, None))], Some(Symmetry::MirrorLeftRight)).len(), 1);
}

#[test]
fn a_flood_fill_stays_inside_a_walled_room() {
    let mut s = blank(4, 1);
    let _ = s.board.set_edge(Edge::between(p(1, 0), p(2, 0)).unwrap(), Some(wall(1)));
    assert_eq!(flood_squares(&s.board, p(0, 0)), vec![p(0, 0), p(1, 0)]);
}

#[test]
fn heights_and_edges_round_trip_through_the_file_and_skirmish_wars_warns_about_them() {
    let rules = rules();
    let mut s = blank(3, 2);
    let _ = s.board.set_height(p(2, 1), 4);
    let door = EdgeFeature { wall: Some(Wall { height: 1, climbable: true }), door: Some(Door { open: true }) };
    let _ = s.board.set_edge(Edge::between(p(0, 0), p(0, 1)).unwrap(), Some(door));
    let text = save_scenario(&rules, &s).unwrap();
    assert!(text.contains("system: \"swat\"") && text.contains("heights"), "{text}");
    let back = load_scenario(&rules, &text).unwrap();
    assert_eq!(back, s);
    let findings = validate(&rules, &back);
    let finding = findings.iter().find(|f| f.code == "board-features-ignored").expect("a warning about walls");
    let mut fixed = back.clone();
    let undo =
        skirmish_studio::systems::swat::scenario::apply_all(&mut fixed, &finding.fix.as_ref().unwrap().edits).unwrap();
    assert!(fixed.board.is_flat() && fixed.board.edges.is_empty());
    assert!(validate(&rules, &fixed).iter().all(|f| f.code != "board-features-ignored"));
    skirmish_studio::systems::swat::scenario::apply_all(&mut fixed, &undo).unwrap();
    assert_eq!(fixed, back, "the fix undoes exactly");
    assert!(validate(&rules, &blank(3, 2)).iter().all(|f| f.code != "board-features-ignored"));
}
