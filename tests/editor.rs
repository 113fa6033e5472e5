//! The editor's model without a window: every tool, the rules judging placements, symmetric
//! echoes, selections, resizing, and the history (random edits all undone give back the
//! original; all redone give the final document).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::prelude::*;
use skirmish_studio::systems::swat::editing::{
    Clipboard, Document, MergeKey, Op, brush_squares, flood_squares, line_squares, paste_ops, rect_squares, resized,
    squares_of, stamp_ops,
};
use skirmish_studio::systems::swat::rules::{Pos, PropertyKind, Ruleset, TerrainId};
use skirmish_studio::systems::swat::scenario::{Scenario, SquareMap, Symmetry, builtin_tiles, load_scenario};

fn rules() -> Ruleset {
    Ruleset::builtin().unwrap()
}

fn blank(rules: &Ruleset, w: u16, h: u16) -> Scenario {
    Scenario::new(rules, w, h, rules.terrain_id("plain").unwrap(), 2)
}

fn p(x: u16, y: u16) -> Pos {
    Pos::new(x, y)
}

#[test]
fn brush_sizes_cover_one_nine_and_twenty_five_squares_clipped_at_the_edge() {
    let rules = rules();
    let s = blank(&rules, 10, 10);
    assert_eq!(brush_squares(&s.board, p(5, 5), 1).len(), 1);
    assert_eq!(brush_squares(&s.board, p(5, 5), 3).len(), 9);
    assert_eq!(brush_squares(&s.board, p(5, 5), 5).len(), 25);
    assert_eq!(brush_squares(&s.board, p(0, 0), 5).len(), 9);
}

#[test]
fn lines_rectangles_and_fills() {
    let rules = rules();
    assert_eq!(line_squares(p(0, 0), p(3, 0)), vec![p(0, 0), p(1, 0), p(2, 0), p(3, 0)]);
    assert_eq!(line_squares(p(0, 0), p(2, 2)), vec![p(0, 0), p(1, 1), p(2, 2)]);
    assert_eq!(line_squares(p(3, 1), p(0, 1)).len(), 4);
    assert_eq!(rect_squares(p(2, 3), p(0, 1)).len(), 9);
    let mut s = blank(&rules, 6, 3);
    let water = rules.terrain_id("water").unwrap();
    for y in 0..3 {
        let i = s.index(p(3, y));
        s.board.terrain[i] = water;
    }
    assert_eq!(flood_squares(&s.board, p(0, 0)).len(), 9, "the water wall stops the fill");
    assert_eq!(squares_of(&s.board, water).len(), 3);
}

#[test]
fn painting_is_one_labelled_step_and_a_drag_merges_into_it() {
    let rules = rules();
    let mut doc = Document::new(blank(&rules, 8, 8));
    let forest = Op::Terrain(rules.terrain_id("forest").unwrap());
    let drag = Some(MergeKey::Gesture(1));
    doc.apply_ops(&rules, "Paint forest", &[(p(1, 1), forest.clone())], None, false, drag);
    doc.apply_ops(&rules, "Paint forest", &[(p(2, 1), forest.clone())], None, false, drag);
    doc.apply_ops(&rules, "Paint forest", &[(p(3, 1), forest.clone())], None, false, drag);
    assert_eq!(doc.history.labels().collect::<Vec<_>>(), vec!["Paint forest"]);
    // The same label from another gesture is another step: merging goes by key, not by label.
    doc.apply_ops(&rules, "Paint forest", &[(p(4, 1), forest)], None, false, Some(MergeKey::Gesture(2)));
    assert_eq!(doc.history.labels().count(), 2);
    doc.undo();
    doc.undo();
    assert_eq!(doc.scenario, blank(&rules, 8, 8));
    assert!(!doc.is_modified());
}

#[test]
fn the_rules_refuse_a_tank_on_a_hill_unless_overruled() {
    let rules = rules();
    let mut s = blank(&rules, 4, 4);
    let i = s.index(p(1, 1));
    s.board.terrain[i] = rules.terrain_id("hill").unwrap();
    let mut doc = Document::new(s);
    let tank = Op::Unit("tank".into(), 0);
    let outcome = doc.apply_ops(&rules, "Place Tank", &[(p(1, 1), tank.clone())], None, false, None);
    assert_eq!(outcome.applied, 0);
    assert!(outcome.refused[0].reason.contains("cannot stand on Hill"), "{:?}", outcome.refused);
    let outcome = doc.apply_ops(&rules, "Place Tank", &[(p(1, 1), tank)], None, true, None);
    assert!(outcome.refused.is_empty());
    assert_eq!(doc.scenario.units.len(), 1);
    // Painting water under a unit that cannot stand there is refused too.
    let outcome = doc.apply_ops(
        &rules,
        "Paint water",
        &[(p(1, 1), Op::Terrain(rules.terrain_id("water").unwrap()))],
        None,
        false,
        None,
    );
    assert_eq!(outcome.refused.len(), 1);
}

#[test]
fn a_foot_unit_placed_on_its_own_apc_boards_it() {
    let rules = rules();
    let mut doc = Document::new(blank(&rules, 4, 4));
    doc.apply_ops(&rules, "Place APC", &[(p(1, 1), Op::Unit("apc".into(), 0))], None, false, None);
    doc.apply_ops(&rules, "Place Infantry", &[(p(1, 1), Op::Unit("infantry".into(), 0))], None, false, None);
    doc.apply_ops(&rules, "Place Mech", &[(p(1, 1), Op::Unit("mech".into(), 0))], None, false, None);
    assert_eq!(doc.scenario.units.len(), 1);
    assert_eq!(doc.scenario.units[0].passengers.len(), 2);
}

#[test]
fn symmetric_painting_echoes_every_edit_with_owners_swapped() {
    let rules = rules();
    let mut doc = Document::new(blank(&rules, 10, 10));
    let ops = [(p(1, 2), Op::Unit("tank".into(), 0)), (p(2, 2), Op::Property(PropertyKind::Hq, Some(0)))];
    doc.apply_ops(&rules, "Place", &ops, Some(Symmetry::Rotate180), false, None);
    let s = &doc.scenario;
    assert_eq!(s.units.iter().find(|u| u.pos == p(8, 7)).map(|u| u.owner), Some(1));
    assert_eq!(s.owners.get(&p(7, 7)), Some(&1));
    assert_eq!(skirmish_studio::systems::swat::scenario::symmetry_report(s, Symmetry::Rotate180).unwrap(), vec![]);
    let mut doc = Document::new(blank(&rules, 10, 10));
    doc.apply_ops(
        &rules,
        "Paint",
        &[(p(0, 0), Op::Terrain(rules.terrain_id("forest").unwrap()))],
        Some(Symmetry::Rotate90),
        false,
        None,
    );
    assert_eq!(
        squares_of(&doc.scenario.board, rules.terrain_id("forest").unwrap()),
        vec![p(0, 0), p(9, 0), p(0, 9), p(9, 9)]
    );
}

#[test]
fn the_eraser_removes_the_unit_then_the_property() {
    let rules = rules();
    let mut doc = Document::new(blank(&rules, 4, 4));
    doc.apply_ops(
        &rules,
        "Place",
        &[(p(1, 1), Op::Property(PropertyKind::City, Some(0))), (p(1, 1), Op::Unit("infantry".into(), 0))],
        None,
        false,
        None,
    );
    doc.apply_ops(&rules, "Erase", &[(p(1, 1), Op::Erase)], None, false, None);
    assert!(doc.scenario.units.is_empty());
    assert_eq!(doc.scenario.owners.get(&p(1, 1)), Some(&0));
    doc.apply_ops(&rules, "Erase", &[(p(1, 1), Op::Erase)], None, false, None);
    assert!(doc.scenario.owners.is_empty());
    assert_eq!(doc.scenario.terrain_at(p(1, 1)), rules.terrain_id("plain").unwrap());
}

#[test]
fn clipboards_copy_paste_rotate_and_flip() {
    let rules = rules();
    let sample = load_scenario(&rules, skirmish_studio::ui::swat::FIRST_RUN_SAMPLE).unwrap();
    let clip = Clipboard::copy(&sample, p(0, 0), p(5, 3));
    assert_eq!((clip.width(), clip.height()), (6, 4));
    assert_eq!(
        clip.mapped(SquareMap::Turn90).mapped(SquareMap::Turn90).mapped(SquareMap::Turn90).mapped(SquareMap::Turn90),
        clip
    );
    assert_eq!(clip.mapped(SquareMap::FlipX).mapped(SquareMap::FlipX), clip);
    assert_eq!(
        clip.mapped(SquareMap::Turn90).mapped(SquareMap::Turn90),
        clip.mapped(SquareMap::FlipX).mapped(SquareMap::FlipY)
    );
    let turned = clip.mapped(SquareMap::Turn90);
    assert_eq!((turned.width(), turned.height()), (4, 6));
    let mut doc = Document::new(blank(&rules, 12, 12));
    doc.apply_ops(&rules, "Paste", &paste_ops(&rules, &clip, p(4, 4)), None, false, None);
    assert_eq!(Clipboard::copy(&doc.scenario, p(4, 4), p(9, 7)), clip);
}

#[test]
fn stamping_a_tile_and_resizing_the_board() {
    let rules = rules();
    let tiles = builtin_tiles(&rules).unwrap();
    let mut doc = Document::new(blank(&rules, 12, 12));
    let hq = tiles.iter().find(|t| t.name == "headquarters").unwrap();
    let stamp = MergeKey::Gesture(7);
    doc.apply_ops(
        &rules,
        "Stamp headquarters",
        &stamp_ops(&rules, &doc.scenario, hq, p(6, 6), 0),
        None,
        false,
        Some(stamp),
    );
    doc.record_tile(p(6, 6), "headquarters", 0, stamp);
    assert_eq!(doc.scenario.terrain_at(p(7, 7)), rules.terrain_id("hq").unwrap());
    assert_eq!(doc.scenario.tiles.len(), 1);
    doc.undo();
    assert!(doc.scenario.tiles.is_empty(), "the tile record is part of the stamp's step");
    let plain = rules.terrain_id("plain").unwrap();
    let mut s = blank(&rules, 6, 4);
    s.units.push(skirmish_studio::systems::swat::scenario::ScenarioUnit {
        kind: "infantry".into(),
        owner: 0,
        hp: 8,
        pos: p(5, 3),
        passengers: vec![],
    });
    let bigger = resized(&s, 2, 1, 0, 0, plain).unwrap();
    assert_eq!((bigger.board.width, bigger.board.height), (8, 5));
    assert_eq!(bigger.units[0].pos, p(7, 4));
    let smaller = resized(&s, 0, 0, -1, 0, plain).unwrap();
    assert!(smaller.units.is_empty(), "what falls off the board goes with it");
    assert!(resized(&s, -6, 0, 0, 0, plain).is_none());
}

#[test]
fn the_modified_flag_follows_the_history() {
    let rules = rules();
    let mut doc = Document::new(blank(&rules, 4, 4));
    let forest = Op::Terrain(rules.terrain_id("forest").unwrap());
    doc.apply_ops(&rules, "Paint forest", &[(p(0, 0), forest.clone())], None, false, None);
    doc.history.mark_clean();
    assert!(!doc.is_modified());
    doc.undo();
    assert!(doc.is_modified());
    doc.redo();
    assert!(!doc.is_modified());
    doc.undo();
    doc.apply_ops(&rules, "Paint forest", &[(p(1, 1), forest)], None, false, None);
    assert!(doc.is_modified(), "the saved state can no longer be reached");
}

fn arbitrary_op(rules: &Ruleset, pick: u8, owner: u8) -> Op {
    match pick % 5 {
        0 => Op::Terrain(TerrainId(owner % u8::try_from(rules.terrains.len()).unwrap())),
        1 => Op::Property(PropertyKind::ALL[usize::from(owner % 3)], (owner % 3 != 2).then_some(owner % 2)),
        2 => Op::Unit(rules.units[usize::from(owner) % rules.units.len()].id.clone(), owner % 2),
        3 => Op::Erase,
        _ => Op::Terrain(rules.terrain_id("forest").unwrap()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn undoing_every_edit_restores_the_original_and_redoing_gives_the_final(
        steps in proptest::collection::vec((0u8..5, 0u8..12, 0u16..9, 0u16..7, 0u16..9, 0u16..7, any::<bool>(), 0u8..6), 1..30)
    ) {
        let rules = rules();
        let original = load_scenario(&rules, skirmish_studio::ui::swat::FIRST_RUN_SAMPLE).unwrap();
        let mut doc = Document::new(original.clone());
        let symmetries = [None, Some(Symmetry::MirrorLeftRight), Some(Symmetry::Rotate180), Some(Symmetry::MirrorBoth), None, None];
        for (pick, owner, x0, y0, x1, y1, overrule, sym) in steps {
            let ops: Vec<(Pos, Op)> = rect_squares(p(x0, y0), p(x1, y1)).into_iter().map(|pos| (pos, arbitrary_op(&rules, pick, owner))).collect();
            let continue_step = pick == 4;
            doc.apply_ops(&rules, "Edit", &ops, symmetries[usize::from(sym)], overrule, continue_step.then_some(MergeKey::Gesture(1)));
            if pick == 2 && owner == 3 {
                let clip = Clipboard::copy(&doc.scenario, p(x0, y0), p(x1, y1)).mapped(SquareMap::Turn90);
                doc.apply_ops(&rules, "Paste", &paste_ops(&rules, &clip, p(y0, x0)), None, overrule, None);
            }
        }
        let last = doc.scenario.clone();
        while doc.undo().is_some() {}
        prop_assert_eq!(&doc.scenario, &original);
        while doc.redo().is_some() {}
        prop_assert_eq!(&doc.scenario, &last);
    }
}
