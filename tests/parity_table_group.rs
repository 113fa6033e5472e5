//! Selection on the open table (issue 77, item 2): in both table games, box select and
//! shift-click, a group moved, turned about its centre and mirrored as one undoable step with
//! the symmetric echo following it, and copy, cut, paste and duplicate, through the system
//! clipboard too.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::systems::armored::editing::{Document, Editor, clip_from_text, clip_text};
use skirmish_studio::systems::armored::ruleset::Ruleset;
use skirmish_studio::systems::armored::scenario::new_scenario;
use skirmish_studio::table::group::GroupMove;
use skirmish_studio::table::{TableSymmetry, Thing, UM_PER_INCH, asymmetries};
use std::sync::Arc;

fn inches(x: f64, y: f64) -> (i64, i64) {
    ((x * UM_PER_INCH as f64) as i64, (y * UM_PER_INCH as f64) as i64)
}

/// A 48" square table mirrored top to bottom, with the echo on: three pieces and two Allied
/// units in its lower half, each echoed in the upper half for the other side.
fn echoed_table() -> Editor {
    let rules = Arc::new(Ruleset::builtin().unwrap());
    let scenario = new_scenario(&rules, 48, 48);
    let mut editor = Editor::new(Arc::clone(&rules), Document::new(scenario));
    assert_eq!(editor.echo, Some(TableSymmetry::MirrorTopBottom));
    for (kind, at) in [("building", (10.0, 28.0)), ("foliage", (22.0, 30.0)), ("wall", (34.0, 27.0))] {
        editor.kind = kind.into();
        assert!(editor.place_piece(inches(at.0, at.1)));
    }
    editor.profile = "medium_tank".into();
    editor.side = 0;
    for at in [(14.0, 40.0), (28.0, 41.0)] {
        assert!(editor.place_unit(inches(at.0, at.1)));
    }
    editor
}

/// Whether every thing on the table has its image under the scenario's symmetry.
fn symmetric(editor: &Editor) -> bool {
    let rules = &editor.rules;
    let footprint = |profile: &str| rules.hull(profile);
    asymmetries(&editor.doc.scenario.table, TableSymmetry::MirrorTopBottom, 1_000, &footprint).is_empty()
}

#[test]
fn parity_a_group_of_three_pieces_and_two_units_moved_turned_and_mirrored_with_the_echo_keeps_the_table_symmetric() {
    let mut editor = echoed_table();
    assert!(symmetric(&editor), "placed with the echo, the table starts symmetric");
    let start = editor.doc.scenario.clone();
    editor.select_in_box(inches(4.0, 24.0), inches(40.0, 46.0), false);
    let mut group = editor.group.clone();
    group.sort_by_key(|t| format!("{t:?}"));
    assert_eq!(
        group,
        vec![Thing::Piece(0), Thing::Piece(2), Thing::Piece(4), Thing::Unit(0), Thing::Unit(2)],
        "the box holds the three pieces and two units below the middle, not their images"
    );
    let gestures = [
        ("Move selection", GroupMove::Shift(2 * UM_PER_INCH, -UM_PER_INCH)),
        ("Turn selection", GroupMove::Turn(1_500)),
        ("Turn selection", GroupMove::Turn(9_000)),
        ("Mirror selection", GroupMove::MirrorLeftRight),
    ];
    let mut before = editor.doc.scenario.clone();
    for (label, gesture) in gestures {
        assert!(editor.transform_group(label, gesture, None), "{label} changed the table");
        assert!(symmetric(&editor), "after {gesture:?} every thing still has its image");
        assert_eq!(editor.doc.history.undo_label(), Some(label), "one step");
        assert_ne!(editor.doc.scenario.table.pieces[0].pose, before.table.pieces[0].pose);
        before = editor.doc.scenario.clone();
    }
    for _ in 0..4 {
        editor.doc.undo();
    }
    assert_eq!(editor.doc.scenario, start, "undo gives back the table exactly");
}

#[test]
fn parity_a_group_turned_four_quarters_or_mirrored_twice_comes_back_and_turns_about_its_centre() {
    let mut editor = echoed_table();
    editor.select_in_box(inches(4.0, 24.0), inches(40.0, 46.0), false);
    let centre = editor.group_centre().unwrap();
    let start = editor.doc.scenario.clone();
    for _ in 0..4 {
        editor.transform_group("Turn selection", GroupMove::Turn(9_000), None);
        assert_eq!(editor.group_centre(), Some(centre), "a turn goes about the group's centre");
    }
    assert_eq!(editor.doc.scenario.table, start.table, "four quarter turns");
    editor.transform_group("Mirror selection", GroupMove::MirrorTopBottom, None);
    assert_eq!(editor.group_centre(), Some(centre), "a mirror keeps the centre");
    editor.transform_group("Mirror selection", GroupMove::MirrorTopBottom, None);
    assert_eq!(editor.doc.scenario.table, start.table, "mirrored twice");
}

#[test]
fn parity_shift_click_adds_and_takes_out_and_a_drag_on_the_group_moves_all_of_it() {
    let mut editor = echoed_table();
    let tank = editor.doc.scenario.table.units[0].pose;
    let building = editor.doc.scenario.table.pieces[0].pose;
    // A click on the tank, then a shift-click on the building: both in the group.
    editor.press((tank.x, tank.y));
    editor.release(Some((tank.x, tank.y)));
    editor.free = true;
    editor.press((building.x, building.y));
    editor.release(Some((building.x, building.y)));
    editor.free = false;
    assert_eq!(editor.group, vec![Thing::Unit(0), Thing::Piece(0)]);
    // A drag on one of them moves both by the same snapped distance, as one step.
    let steps = editor.doc.history.undo_label().map(str::to_owned);
    editor.press((tank.x, tank.y));
    editor.drag_to((tank.x + 3 * UM_PER_INCH, tank.y - UM_PER_INCH));
    editor.drag_to((tank.x + 4 * UM_PER_INCH + 100, tank.y - 2 * UM_PER_INCH));
    editor.release(Some((tank.x + 4 * UM_PER_INCH, tank.y - 2 * UM_PER_INCH)));
    let table = &editor.doc.scenario.table;
    assert_eq!((table.units[0].pose.x, table.units[0].pose.y), (tank.x + 4 * UM_PER_INCH, tank.y - 2 * UM_PER_INCH));
    assert_eq!(
        (table.pieces[0].pose.x, table.pieces[0].pose.y),
        (building.x + 4 * UM_PER_INCH, building.y - 2 * UM_PER_INCH)
    );
    assert!(symmetric(&editor), "their images went with them");
    editor.doc.undo();
    assert_eq!(editor.doc.history.undo_label().map(str::to_owned), steps, "the drag was one step");
    // A shift-click on a member takes it out.
    editor.free = true;
    editor.press((building.x, building.y));
    editor.release(Some((building.x, building.y)));
    assert_eq!(editor.group, vec![Thing::Unit(0)]);
}

#[test]
fn parity_copy_paste_duplicate_cut_and_delete_a_table_group_with_its_images() {
    let mut editor = echoed_table();
    let counts = |e: &Editor| (e.doc.scenario.table.pieces.len(), e.doc.scenario.table.units.len());
    assert_eq!(counts(&editor), (6, 4));
    editor.select_in_box(inches(4.0, 24.0), inches(40.0, 46.0), false);
    assert!(editor.copy_to_clipboard());
    assert!(editor.duplicate_group());
    assert_eq!(counts(&editor), (12, 8), "the duplicate and its images");
    assert_eq!(editor.group.len(), 10, "the duplicate is selected, images and all");
    assert!(symmetric(&editor));
    editor.doc.undo();
    // Paste from the clipboard with the group's centre where asked.
    assert!(editor.paste(Some(inches(24.0, 33.0))));
    assert_eq!(counts(&editor), (12, 8));
    assert!(symmetric(&editor));
    editor.doc.undo();
    editor.select_in_box(inches(4.0, 24.0), inches(40.0, 46.0), false);
    assert!(editor.cut_group());
    assert_eq!(counts(&editor), (0, 0), "cut takes the group and its images");
    assert!(editor.paste(Some(inches(24.0, 34.0))));
    assert_eq!(counts(&editor), (6, 4));
}

#[test]
fn parity_a_table_group_as_text_reads_back_and_a_bad_one_is_refused_with_the_reason() {
    let mut editor = echoed_table();
    editor.select_in_box(inches(4.0, 24.0), inches(40.0, 46.0), false);
    let clip = editor.copy_group().unwrap();
    let text = clip_text(&editor.rules, &clip).unwrap();
    assert!(text.starts_with("StudioSelection(") && text.contains("system: \"armored-advance\""), "{text}");
    let name_of = skirmish_studio::systems::name_of;
    let read = clip_from_text(&editor.rules, &text, &name_of).unwrap().unwrap();
    assert_eq!(read.pieces.len(), 3);
    assert_eq!(read.units.len(), 2);
    assert_eq!(read.units, clip.units, "units come back exactly");
    let stranger = text.replace("medium_tank", "flying_tank");
    assert!(clip_from_text(&editor.rules, &stranger, &name_of).unwrap_err().contains("'flying_tank'"));
    let other = text.replace("system: \"armored-advance\"", "system: \"modern-skirmish\"");
    assert_eq!(
        clip_from_text(&editor.rules, &other, &name_of).unwrap_err(),
        "The clipboard holds a selection from Modern Skirmish; an Armored Advance scenario cannot take it."
    );
}

mod modern {
    //! The same gestures on a Modern Skirmish table: pieces echoed, units moved figure by figure.

    use skirmish_studio::systems::modern::editing::{Document, Editor, Thing, Tool, clip_from_text, clip_text};
    use skirmish_studio::systems::modern::ruleset::{Ruleset, cm};
    use skirmish_studio::systems::modern::scenario::new_scenario;
    use skirmish_studio::table::group::GroupMove;
    use skirmish_studio::table::{TableSymmetry, asymmetries};
    use std::sync::Arc;

    /// A 120 × 90 cm table mirrored top to bottom with the echo on: three pieces in its lower
    /// half (each echoed above) and the text's forces in their zones.
    fn echoed_table() -> Editor {
        let rules = Arc::new(Ruleset::builtin().unwrap());
        let scenario = new_scenario(&rules, 120, 90);
        let mut editor = Editor::new(rules, Document::new(scenario));
        assert_eq!(editor.echo, Some(TableSymmetry::MirrorTopBottom));
        for (kind, x) in [(0, 30.0), (1, 60.0), (2, 90.0)] {
            editor.tool = Tool::Piece(kind);
            editor.press((cm(x), cm(58.0)));
            editor.release(None);
        }
        editor.tool = Tool::Select;
        editor
    }

    fn symmetric(editor: &Editor) -> bool {
        asymmetries(&editor.doc.scenario.table, TableSymmetry::MirrorTopBottom, 1_000, &|_| None).is_empty()
    }

    #[test]
    fn parity_a_modern_group_of_pieces_and_units_moves_turns_and_mirrors_with_the_echo_following_its_pieces() {
        let mut editor = echoed_table();
        assert!(symmetric(&editor));
        // The box around the lower half's pieces and the lower zone's units.
        editor.select_in_box((cm(10.0), cm(50.0)), (cm(110.0), cm(90.0)), false);
        let pieces = editor.group.iter().filter(|t| matches!(t, Thing::Piece(_))).count();
        let units = editor.group.iter().filter(|t| matches!(t, Thing::Unit(_))).count();
        assert_eq!(pieces, 3, "{:?}", editor.group);
        assert!(units >= 2, "the units deployed below: {:?}", editor.group);
        let start = editor.doc.scenario.clone();
        let figure = |e: &Editor| {
            e.doc.scenario.units[match e.group.iter().find(|t| matches!(t, Thing::Unit(_))) {
                Some(Thing::Unit(u)) => *u,
                _ => unreachable!(),
            }]
            .figures[0]
        };
        let centre = editor.group_centre().unwrap();
        let first = figure(&editor);
        for gesture in [GroupMove::Shift(cm(2.0), cm(-3.0)), GroupMove::Turn(9_000), GroupMove::MirrorLeftRight] {
            assert!(editor.transform_group("Move selection", gesture, None));
            assert!(symmetric(&editor), "after {gesture:?} each piece still has its image");
        }
        // The figure went where the three gestures take it, about the group's centre.
        let moved = GroupMove::Shift(cm(2.0), cm(-3.0)).point(centre, first);
        let centre = (centre.0 + cm(2.0), centre.1 - cm(3.0));
        let turned = GroupMove::Turn(9_000).point(centre, moved);
        assert_eq!(figure(&editor), GroupMove::MirrorLeftRight.point(centre, turned));
        for _ in 0..3 {
            editor.doc.undo();
        }
        assert_eq!(editor.doc.scenario, start, "three steps, and undo gives the table back");
    }

    #[test]
    fn parity_a_modern_box_shift_click_copy_paste_duplicate_and_delete() {
        let mut editor = echoed_table();
        let pieces = |e: &Editor| e.doc.scenario.table.pieces.len();
        let units = |e: &Editor| e.doc.scenario.units.len();
        let (p0, u0) = (pieces(&editor), units(&editor));
        // A drag on empty ground draws the box; Shift-click on a unit adds it.
        editor.press((cm(20.0), cm(50.0)));
        editor.drag_to((cm(70.0), cm(65.0)));
        editor.release(Some((cm(70.0), cm(65.0))));
        assert_eq!(editor.group, vec![Thing::Piece(0), Thing::Piece(2)], "two pieces in the box");
        let figure = editor.doc.scenario.units[0].figures[0];
        editor.single = true;
        editor.press(figure);
        editor.release(Some(figure));
        editor.single = false;
        assert_eq!(editor.group.len(), 3, "Shift-click added the unit: {:?}", editor.group);
        assert!(editor.duplicate_group());
        assert_eq!((pieces(&editor), units(&editor)), (p0 + 4, u0 + 1), "two pieces, their images, one unit");
        assert!(symmetric(&editor));
        let names: Vec<&str> = editor.doc.scenario.units.iter().map(|u| u.name.as_str()).collect();
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "the pasted unit has a name of its own");
        assert!(editor.delete_selected());
        assert_eq!((pieces(&editor), units(&editor)), (p0, u0), "the duplicate and its images gone");
        // As text, through a second table.
        editor.select_in_box((cm(20.0), cm(50.0)), (cm(70.0), cm(65.0)), false);
        editor.copy_to_clipboard();
        let text = clip_text(editor.clipboard.as_ref().unwrap()).unwrap();
        let name_of = skirmish_studio::systems::name_of;
        let read = clip_from_text(&editor.rules, &text, &name_of).unwrap().unwrap();
        assert_eq!(read.pieces, editor.clipboard.as_ref().unwrap().pieces);
        let mut second = echoed_table();
        let before = pieces(&second);
        second.clipboard = Some(read);
        assert!(second.paste(Some((cm(60.0), cm(40.0)))));
        assert_eq!(pieces(&second), before + 4);
        let other = text.replace("system: \\\"modern-skirmish\\\"", "system: \\\"skirm\\\"");
        assert!(
            clip_from_text(&editor.rules, &other, &name_of).is_err(),
            "a scenario of another game inside is refused"
        );
    }
}

mod window {
    //! Box select, Shift-click, the group's buttons and the system clipboard in the window, by
    //! label, in both table games.

    use crate::window_common::{GameDesks as _, map_corner, press_drag_release, window_on};
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable as _;
    use skirmish_studio::ui::modern::ModernDesk;
    use skirmish_studio::ui::{Prefs, StudioApp};

    /// What the window last put on the system clipboard.
    fn copied(harness: &Harness<'static, StudioApp>) -> Option<String> {
        harness.output().platform_output.commands.iter().find_map(|command| match command {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
    }

    /// A point of the table's middle band (in the table's unit) where nothing stands, so a
    /// press there starts a box; found by asking what stands at each point in turn.
    fn empty_point(stands: impl Fn((i64, i64)) -> bool, unit: i64, width: i64, depth: i64) -> (f32, f32) {
        for y in (depth / unit / 3)..(depth / unit * 2 / 3) {
            for x in 1..(width / unit) {
                if !stands((x * unit, y * unit)) {
                    return (x as f32, y as f32);
                }
            }
        }
        panic!("no empty ground in the middle of the table");
    }

    #[test]
    fn parity_an_armored_advance_box_selects_a_group_the_panel_mirrors_it_and_copy_reaches_the_system_clipboard() {
        let mut harness = window_on("aa-hedgerow-crossing.ron", Prefs::default());
        let (start, size) = {
            let editor = &harness.state().armored().unwrap().editor;
            let table = &editor.doc.scenario.table;
            let unit = editor.rules.unit.um();
            let start = empty_point(|p| editor.thing_at(p).is_some(), unit, table.width, table.depth);
            (start, ((table.width / unit) as f32, (table.depth / unit) as f32))
        };
        // A box from empty ground to the far corner of the middle band.
        let (from, to) = (map_corner(&harness, start.0, start.1), map_corner(&harness, size.0 - 0.5, size.1 * 0.7));
        press_drag_release(&mut harness, from, to);
        let group = harness.state().armored().unwrap().editor.group.clone();
        assert!(group.len() > 1, "the box selected several things: {group:?} ({})", harness.state().status);
        assert!(harness.query_by_label(&format!("{} things selected", group.len())).is_some(), "the panel says so");
        let before = harness.state().armored().unwrap().editor.doc.scenario.clone();
        harness.get_by_label("Mirror group left-right").click();
        harness.run_steps(2);
        let desk = harness.state().armored().unwrap();
        assert_eq!(desk.editor.doc.history.undo_label(), Some("Mirror selection"));
        assert_ne!(desk.editor.doc.scenario, before);
        harness.event(egui::Event::Copy);
        harness.step();
        let text = copied(&harness).expect("the group went to the system clipboard");
        assert!(text.contains("system: \"armored-advance\""), "{text}");
        // Pasted back through the same window: the group's things again.
        let count = harness.state().armored().unwrap().editor.doc.scenario.table.pieces.len();
        harness.event(egui::Event::Paste(text));
        harness.run_steps(2);
        let desk = harness.state().armored().unwrap();
        assert!(desk.editor.doc.scenario.table.pieces.len() > count, "{}", harness.state().status);
    }

    #[test]
    fn parity_a_modern_skirmish_box_and_shift_click_select_a_group_the_panel_turns_and_duplicates_it() {
        let mut harness = window_on("ms-town.ron", Prefs::default());
        fn desk<'h>(h: &'h Harness<'static, StudioApp>) -> &'h ModernDesk {
            h.state().desk_as::<ModernDesk>().unwrap()
        }
        let (start, size) = {
            let editor = &desk(&harness).editor;
            let table = &editor.doc.scenario.table;
            let unit = skirmish_studio::table::UM_PER_CM;
            let start = empty_point(|p| editor.thing_at(p).is_some(), unit, table.width, table.depth);
            (start, ((table.width / unit) as f32, (table.depth / unit) as f32))
        };
        let (from, to) = (map_corner(&harness, start.0, start.1), map_corner(&harness, size.0 - 1.0, size.1 - 1.0));
        press_drag_release(&mut harness, from, to);
        let group = desk(&harness).editor.group.clone();
        assert!(group.len() > 1, "the box selected several things: {group:?}");
        let units_before = desk(&harness).editor.doc.scenario.units.len();
        harness.get_by_label("Turn group 90°").click();
        harness.run_steps(2);
        assert_eq!(desk(&harness).editor.doc.history.undo_label(), Some("Turn selection"));
        harness.get_by_label("Duplicate group").click();
        harness.run_steps(2);
        assert_eq!(desk(&harness).editor.doc.history.undo_label(), Some("Duplicate"));
        let units =
            group.iter().filter(|t| matches!(t, skirmish_studio::systems::modern::editing::Thing::Unit(_))).count();
        assert_eq!(desk(&harness).editor.doc.scenario.units.len(), units_before + units);
    }
}

mod every_button {
    //! Every button of a group's panel, in both table games, by its label: each is one step
    //! that undo takes back exactly.

    use crate::window_common::{GameDesks as _, window_on};
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable as _;
    use skirmish_studio::ui::modern::ModernDesk;
    use skirmish_studio::ui::{Prefs, StudioApp};

    /// The buttons, the step each makes, and whether it leaves the things where they were
    /// (a copy).
    const BUTTONS: [(&str, Option<&str>); 9] = [
        ("Turn group -15°", Some("Turn selection")),
        ("Turn group +15°", Some("Turn selection")),
        ("Turn group 90°", Some("Turn selection")),
        ("Mirror group left-right", Some("Mirror selection")),
        ("Mirror group top-bottom", Some("Mirror selection")),
        ("Copy group", None),
        ("Duplicate group", Some("Duplicate")),
        ("Cut group", Some("Delete selection")),
        ("Delete group", Some("Delete selection")),
    ];

    /// Presses each button on a fresh group (`select` makes it) and checks its step.
    fn press_every_button(
        harness: &mut Harness<'static, StudioApp>,
        select: &dyn Fn(&mut StudioApp),
        scenario: &dyn Fn(&StudioApp) -> String,
        last_step: &dyn Fn(&StudioApp) -> Option<String>,
        undo: &dyn Fn(&mut StudioApp),
    ) {
        for (label, step) in BUTTONS {
            select(harness.state_mut());
            harness.run_steps(2);
            let before = scenario(harness.state());
            harness.get_by_label(label).click();
            harness.run_steps(2);
            match step {
                Some(step) => {
                    assert_eq!(last_step(harness.state()).as_deref(), Some(step), "{label}");
                    assert_ne!(scenario(harness.state()), before, "{label} changed the table");
                    undo(harness.state_mut());
                    assert_eq!(scenario(harness.state()), before, "undo takes {label} back");
                }
                None => assert_eq!(scenario(harness.state()), before, "{label} leaves the table"),
            }
        }
    }

    #[test]
    fn parity_every_group_button_of_armored_advance_is_one_step() {
        let mut harness = window_on("aa-hedgerow-crossing.ron", Prefs::default());
        let unit = skirmish_studio::table::UM_PER_INCH;
        press_every_button(
            &mut harness,
            &|app| {
                app.armored_mut().unwrap().editor.select_in_box((2 * unit, 12 * unit), (20 * unit, 24 * unit), false)
            },
            &|app| format!("{:?}", app.armored().unwrap().editor.doc.scenario.table),
            &|app| app.armored().unwrap().editor.doc.history.undo_label().map(str::to_owned),
            &|app| {
                app.armored_mut().unwrap().editor.doc.undo();
            },
        );
        assert!(harness.state().armored().unwrap().editor.clipboard.is_some(), "Copy group kept the group");
    }

    #[test]
    fn parity_every_group_button_of_modern_skirmish_is_one_step() {
        let mut harness = window_on("ms-town.ron", Prefs::default());
        let cm = skirmish_studio::table::UM_PER_CM;
        fn desk(app: &mut StudioApp) -> &mut ModernDesk {
            app.desk_as_mut::<ModernDesk>().unwrap()
        }
        press_every_button(
            &mut harness,
            &|app| desk(app).editor.select_in_box((10 * cm, 20 * cm), (70 * cm, 60 * cm), false),
            &|app| format!("{:?}", app.desk_as::<ModernDesk>().unwrap().editor.doc.scenario),
            &|app| app.desk_as::<ModernDesk>().unwrap().editor.doc.history.undo_label().map(str::to_owned),
            &|app| {
                desk(app).editor.doc.undo();
            },
        );
    }
}
