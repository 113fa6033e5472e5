//! Armored Advance's scenario documents through the library and the command line: the
//! samples validate clean and are symmetric, a file reads back as it was written, hostile
//! files are refused with exit 2 and what and where, each validator code is found on a table
//! made to break it and its fix clears it, and the print has the sheets a table needs at true
//! size.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use clap::Parser;
use skirmish_studio::cli::{Cli, EXIT_OK, EXIT_PROBLEMS, EXIT_UNREADABLE, run};
use skirmish_studio::export::{ExportOptions, Paper, Sheets, print_pdf, print_png};
use skirmish_studio::systems::armored::editing::{Document, Editor, TableTool};
use skirmish_studio::systems::armored::print;
use skirmish_studio::systems::armored::ruleset::Ruleset;
use skirmish_studio::systems::armored::scenario::{ArmoredScenario, Mode, load_scenario, save_scenario, validate};
use skirmish_studio::table::{Facing, Objective, PlacedUnit, Pose, TableSymmetry, Thing, UM_PER_INCH};
use std::path::PathBuf;
use std::sync::Arc;

const HEDGEROW: &str = include_str!("../scenarios/aa-hedgerow-crossing.ron");
const FARMS: &str = include_str!("../scenarios/aa-three-farms.ron");
const IN: i64 = UM_PER_INCH;

fn run_args(args: &[&str]) -> (u8, String, String) {
    let cli = Cli::try_parse_from(std::iter::once("skirmish-studio").chain(args.iter().copied())).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = run(cli, &mut out, &mut err);
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-armored-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn sample_path(name: &str) -> String {
    format!("{}/scenarios/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn rules() -> Ruleset {
    Ruleset::builtin().unwrap()
}

fn codes(rules: &Ruleset, scenario: &ArmoredScenario) -> Vec<&'static str> {
    validate(rules, scenario).iter().map(|f| f.code).collect()
}

/// Applies the first fix of the finding with `code`, then checks the code is gone.
fn fix_clears(rules: &Ruleset, scenario: &mut ArmoredScenario, code: &str) {
    let findings = validate(rules, scenario);
    let finding = findings.iter().find(|f| f.code == code).unwrap_or_else(|| panic!("no {code} in {findings:?}"));
    let fix = finding.fix.clone().unwrap_or_else(|| panic!("{code} has no fix"));
    fix.apply(scenario);
    assert!(
        !codes(rules, scenario).contains(&code),
        "the fix '{}' left {code}: {:?}",
        fix.label,
        validate(rules, scenario)
    );
}

#[test]
fn both_samples_validate_clean_are_symmetric_and_on_at_least_48_inches() {
    for (name, mode) in [("aa-hedgerow-crossing.ron", Mode::Annihilation), ("aa-three-farms.ron", Mode::Domination)] {
        let (code, out, err) = run_args(&["validate", &sample_path(name)]);
        assert_eq!(code, EXIT_OK, "{out}{err}");
        assert!(out.contains("0 errors, 0 warnings"), "{out}");
        let (code, out, _) = run_args(&["symmetry", &sample_path(name)]);
        assert_eq!(code, EXIT_OK, "{out}");
        let scenario = load_scenario(&rules(), if name.contains("hedgerow") { HEDGEROW } else { FARMS }).unwrap();
        assert_eq!(scenario.mode, mode);
        assert!(scenario.table.width >= 48 * IN && scenario.table.depth >= 48 * IN);
    }
}

#[test]
fn stats_give_each_sides_cost_and_actions_and_the_open_lanes_with_their_roll() {
    let (code, out, _) = run_args(&["stats", &sample_path("aa-hedgerow-crossing.ron")]);
    assert_eq!(code, EXIT_OK);
    assert!(out.contains("Allies: 6 units, cost 430 of 450, action pool 11"), "{out}");
    assert!(out.contains("open lanes need 6+ to hit"), "{out}");
    let (_, json, _) = run_args(&["stats", "--json", &sample_path("aa-three-farms.ron")]);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    // Infantry is free in Domination.
    assert_eq!(value["forces"][0]["cost"], 310);
    assert!(value["open"].as_u64().unwrap() > 0);
}

#[test]
fn a_scenario_reads_back_exactly_as_it_was_written() {
    let rules = rules();
    for text in [HEDGEROW, FARMS] {
        let scenario = load_scenario(&rules, text).unwrap();
        let written = save_scenario(&rules, &scenario).unwrap();
        assert_eq!(load_scenario(&rules, &written).unwrap(), scenario);
    }
}

#[test]
fn hostile_tables_are_refused_with_exit_2_and_what_is_wrong() {
    let huge_polygon =
        format!("[{}]", (0..1_000_000).map(|i| format!("({},{})", i % 40, i % 30)).collect::<Vec<_>>().join(","));
    let cases = [
        (HEDGEROW.replacen("width: 48,", "width: 1000000,", 1), "beyond any table"),
        (HEDGEROW.replacen("width: 48,", "width: 300,", 1), "more than the 240\" a table may have"),
        (HEDGEROW.replacen("at: (24, 24)", "at: (NaN, 24)", 1), "not a number"),
        (HEDGEROW.replacen("at: (24, 24)", "at: (1e300, 24)", 1), "beyond any table"),
        (HEDGEROW.replacen("kind: \"building\"", "kind: \"bunker\"", 1), "unknown terrain kind 'bunker'"),
        (HEDGEROW.replacen("profile: \"medium_tank\"", "profile: \"panther\"", 1), "unknown unit profile 'panther'"),
        (
            HEDGEROW.replacen("shape: Rect(length: 6, width: 8)", &format!("shape: Polygon({huge_polygon})"), 1),
            "corners",
        ),
        (HEDGEROW.replacen("side: 1,", "side: 3,", 1), "side 3 does not exist"),
    ];
    for (i, (text, expected)) in cases.iter().enumerate() {
        assert_ne!(text, HEDGEROW, "case {i} changed nothing");
        let path = temp_file(&format!("hostile-{i}.ron"), text);
        let (code, _, err) = run_args(&["validate", path.to_str().unwrap()]);
        assert_eq!(code, EXIT_UNREADABLE, "case {i}: {err}");
        assert!(err.contains(expected), "case {i}: expected '{expected}' in {err}");
        assert!(err.contains("line "), "case {i} says where: {err}");
    }
}

#[test]
fn each_rule_of_the_table_is_found_and_its_fix_clears_it() {
    let rules = rules();
    let base = load_scenario(&rules, HEDGEROW).unwrap();

    let mut s = base.clone();
    s.table.width = 20 * IN;
    assert!(codes(&rules, &s).contains(&"table-too-small"));
    fix_clears(&rules, &mut s, "table-too-small");

    let mut s = base.clone();
    s.table.pieces[1].pose.x = -2 * IN;
    fix_clears(&rules, &mut s, "piece-off-table");

    let mut s = base.clone();
    let mut copy = s.table.pieces[1].clone();
    copy.pose.x += IN;
    s.table.pieces.push(copy);
    fix_clears(&rules, &mut s, "pieces-overlap");

    let mut s = base.clone();
    s.table.units[0].pose.y = 24 * IN;
    fix_clears(&rules, &mut s, "unit-outside-zone");

    let mut s = base.clone();
    let mut twin = s.table.units[0].clone();
    twin.pose.x += IN / 2;
    s.table.units.push(twin);
    fix_clears(&rules, &mut s, "units-overlap");

    let mut s = base.clone();
    s.requisition_limit = 300;
    fix_clears(&rules, &mut s, "over-requisition");

    let mut s = load_scenario(&rules, FARMS).unwrap();
    s.table.objectives.pop();
    fix_clears(&rules, &mut s, "domination-even-objectives");
    assert_eq!(s.table.objectives.len() % 2, 1);

    let mut s = base.clone();
    s.table.zones[0].points[0].1 -= 6 * IN;
    s.table.zones[0].points[1].1 -= 6 * IN;
    fix_clears(&rules, &mut s, "zones-unequal");

    let mut s = base.clone();
    s.table.objectives.push(Objective { name: "Camp".into(), at: (24 * IN, 44 * IN), marker: 40_000, radius: 3 * IN });
    assert!(codes(&rules, &s).contains(&"objective-in-zone"));

    let mut s = base.clone();
    s.table.zones.retain(|z| z.owner != Some(1));
    fix_clears(&rules, &mut s, "no-deployment-zone");

    let mut s = base.clone();
    s.mode = Mode::TimedAnnihilation;
    fix_clears(&rules, &mut s, "timed-without-turn-limit");

    let mut s = base.clone();
    s.table.units.push(PlacedUnit {
        profile: "light_tank".into(),
        owner: 0,
        pose: Pose::new(3 * IN, 40 * IN, Facing::UP),
    });
    let found = validate(&rules, &s);
    let asym = found.iter().find(|f| f.code == "asymmetric").unwrap();
    assert!(
        asym.message.contains("Light tank (M5 Stuart) of Allies has no image under mirror top-bottom"),
        "{}",
        asym.message
    );
    fix_clears(&rules, &mut s, "asymmetric");
}

#[test]
fn the_symmetry_report_names_what_breaks_it() {
    let broken = HEDGEROW.replacen("at: (11, 15)", "at: (12, 15)", 1);
    let path = temp_file("asymmetric.ron", &broken);
    let (code, out, _) = run_args(&["symmetry", path.to_str().unwrap()]);
    assert_eq!(code, EXIT_PROBLEMS);
    assert!(out.contains("Building 1 at (12\", 15\"): no image at (12\", 33\")"), "{out}");
    let (code, _, err) = run_args(&["symmetry", "--kind", "rotate90", path.to_str().unwrap()]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("unknown symmetry 'rotate90'"), "{err}");
}

#[test]
fn validate_json_carries_each_fix_with_its_edits_in_inches() {
    let moved = HEDGEROW.replacen(
        "(profile: \"medium_tank\", side: 1, at: (10, 42)",
        "(profile: \"medium_tank\", side: 1, at: (10, 24)",
        1,
    );
    let path = temp_file("outside.ron", &moved);
    let (code, out, _) = run_args(&["validate", "--json", path.to_str().unwrap()]);
    assert_eq!(code, EXIT_PROBLEMS);
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    let findings = value["files"][0]["findings"].as_array().unwrap();
    let outside = findings.iter().find(|f| f["code"] == "unit-outside-zone").unwrap();
    assert_eq!(outside["fix"]["label"], "Move it into its zone");
    let to = &outside["fix"]["edits"][0]["MoveUnit"]["to"]["at"];
    assert!(to[1].as_f64().unwrap() >= 36.0, "{outside}");
}

#[test]
fn the_print_has_every_sheet_and_the_png_is_at_true_size() {
    let rules = rules();
    let scenario = load_scenario(&rules, HEDGEROW).unwrap();
    let options = ExportOptions { paper: Paper::A4, ..ExportOptions::default() };
    let report =
        print_pdf(&print::ArmoredPrint { rules: &rules, scenario: &scenario }, &options, &mut |_, _| {}).unwrap();
    let poster = report.poster.unwrap();
    // 48" at 1:1 on A4 portrait: 7" across and 10" down a page.
    assert_eq!((poster.across, poster.down), (7, 5));
    // A table's poster pages are measured in its unit, not counted in squares.
    let poster_page = report.page_text.iter().find(|t| t.contains("Table page")).expect("a poster page");
    assert!(
        poster_page.contains("0 to 7 inches across, 0 to 10 down") && !poster_page.contains("squares"),
        "{poster_page}"
    );
    assert!(report.pages > 35 + 1 + 1 + 2 + 2, "{} pages", report.pages);
    assert!(report.bytes.starts_with(b"%PDF"));
    for sheet in print::SHEETS {
        let one = ExportOptions { sheets: Sheets::only(&[sheet.id]), ..options.clone() };
        let part =
            print_pdf(&print::ArmoredPrint { rules: &rules, scenario: &scenario }, &one, &mut |_, _| {}).unwrap();
        assert!(part.pages >= 1, "{}", sheet.id);
    }
    // 12 units on 3 x 2 cards a page of A4.
    let cards = ExportOptions { sheets: Sheets::only(&["cards"]), ..options.clone() };
    assert_eq!(
        print_pdf(&print::ArmoredPrint { rules: &rules, scenario: &scenario }, &cards, &mut |_, _| {}).unwrap().pages,
        2
    );
    let png = print_png(
        &print::ArmoredPrint { rules: &rules, scenario: &scenario },
        72.0,
        100,
        false,
        skirmish_studio::export::PrintArt::NONE,
    )
    .unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let reader = decoder.read_info().unwrap();
    assert_eq!((reader.info().width, reader.info().height), (4800, 4800), "48\" at 100 dpi");
}

#[test]
fn the_editor_echoes_a_placed_piece_as_its_mirror_image_and_moves_turns_and_deletes_both() {
    let rules = Arc::new(rules());
    let mut scenario = load_scenario(&rules, HEDGEROW).unwrap();
    scenario.table.pieces.clear();
    let mut editor = Editor::new(Arc::clone(&rules), Document::new(scenario));
    assert_eq!(editor.echo, Some(TableSymmetry::MirrorTopBottom));
    editor.tool = TableTool::Piece;
    editor.kind = "building".into();
    editor.press((10 * IN + 1234, 15 * IN));
    editor.release(Some((10 * IN, 15 * IN)));
    let pieces = &editor.scenario().table.pieces;
    assert_eq!(pieces.len(), 2);
    assert_eq!((pieces[0].pose.x, pieces[0].pose.y), (10 * IN, 15 * IN), "snapped to half an inch");
    assert_eq!((pieces[1].pose.x, pieces[1].pose.y), (10 * IN, 33 * IN));
    // Drag it: one undo step for the whole drag, the image follows.
    editor.tool = TableTool::Select;
    editor.press((10 * IN, 15 * IN));
    for step in 1..=5 {
        editor.drag_to((10 * IN + step * IN, 15 * IN));
    }
    editor.release(Some((15 * IN, 15 * IN)));
    assert_eq!(editor.scenario().table.pieces[1].pose.x, 15 * IN);
    editor.turn_selected(3_000);
    assert_eq!(editor.scenario().table.pieces[0].pose.facing.degrees(), 30.0);
    assert_eq!(editor.scenario().table.pieces[1].pose.facing.degrees(), 150.0);
    assert_eq!(editor.doc.undo().as_deref(), Some("Turn"));
    assert_eq!(editor.doc.undo().as_deref(), Some("Move"));
    assert_eq!(editor.scenario().table.pieces[0].pose.x, 10 * IN);
    assert_eq!(editor.doc.redo().as_deref(), Some("Move"));
    editor.selected = Some(Thing::Piece(0));
    assert!(editor.delete_selected());
    assert!(editor.scenario().table.pieces.is_empty());
}

#[test]
fn a_polygon_zone_is_drawn_corner_by_corner_and_closed_on_its_first_corner_with_its_image() {
    let rules = Arc::new(rules());
    let mut scenario = load_scenario(&rules, HEDGEROW).unwrap();
    scenario.table.zones.clear();
    let mut editor = Editor::new(Arc::clone(&rules), Document::new(scenario));
    editor.tool = TableTool::PolygonZone;
    for corner in [(0, 48 * IN), (20 * IN, 48 * IN), (12 * IN, 38 * IN), (0, 40 * IN), (IN / 5, 48 * IN)] {
        editor.press(corner);
        editor.release(Some(corner));
    }
    let zones = &editor.scenario().table.zones;
    assert_eq!(zones.len(), 2, "the zone and its image");
    assert_eq!(zones[0].points.len(), 4);
    assert_eq!(zones[0].owner, Some(0));
    assert_eq!(zones[1].owner, Some(1));
    assert_eq!(zones[1].points[2], (12 * IN, 10 * IN));
    assert!(editor.corners.is_empty());
    assert_eq!(editor.doc.undo().as_deref(), Some("Draw zone"));
    assert!(editor.scenario().table.zones.is_empty());
}

#[test]
fn the_log_names_each_side_and_unit_by_name_never_by_number() {
    let script = temp_file("names.txt", "computer\ncomputer\ncomputer\ncomputer\n");
    let (code, out, err) = run_args(&[
        "play",
        &sample_path("aa-hedgerow-crossing.ron"),
        "--actions",
        script.to_str().unwrap(),
        "--seed",
        "3",
    ]);
    assert_eq!(code, EXIT_OK, "{out}{err}");
    assert!(out.contains("Allies roll") && out.contains("Axis rolls"), "{out}");
    assert!(out.contains("== round 1, Allies") || out.contains("== round 1, Axis"), "{out}");
    for number in ["side 1", "side 2", "player 1", "player 2", "(unit "] {
        assert!(!out.contains(number), "the log says {number:?}: {out}");
    }
}

#[test]
fn the_playtest_log_tells_each_action_once_by_its_events_with_the_sides_named() {
    use skirmish_studio::systems::armored::playtest::ArmoredPlay;
    let data = std::sync::Arc::new(skirmish_studio::systems::armored::ruleset::Ruleset::builtin().unwrap());
    let scenario = skirmish_studio::systems::armored::scenario::load_scenario(
        &data,
        include_str!("../scenarios/aa-hedgerow-crossing.ron"),
    )
    .unwrap();
    let mut play = ArmoredPlay::start(std::sync::Arc::clone(&data), scenario, 9).unwrap();
    play.computer = vec![true, true];
    for _ in 0..12 {
        play.computer_step_here();
    }
    let log = play.log.join("\n");
    assert!(log.contains(" moves from "), "the moves' events are told: {log}");
    // "X moves to (…)" is the action said before it is taken; the event says it already.
    assert!(!log.contains(" moves to ("), "a move is logged twice: {log}");
    assert!(log.contains("Allies") && !log.contains("side 1") && !log.contains("player 1"), "{log}");
}

#[test]
fn play_runs_a_script_and_stops_at_a_refused_action_with_its_line_and_reason() {
    let script = temp_file(
        "script.txt",
        "# Allies' Sherman forward to the house, then through it\nmove 1 10 38.5\nmove 1 10 34\n",
    );
    let (code, out, err) = run_args(&[
        "play",
        &sample_path("aa-hedgerow-crossing.ron"),
        "--actions",
        script.to_str().unwrap(),
        "--seed",
        "1",
    ]);
    assert_eq!(code, EXIT_PROBLEMS, "{out}{err}");
    // The house's wall is at 36": the hull's front stops short of it (4.1" long, centre at 38.5").
    assert!(out.contains("moves from (10\", 42\") to (10\", 38.5\"), 3.5\""), "{out}");
    assert!(
        err.contains("line 3: Medium tank (M4 Sherman) 1 of Allies moves to (10\", 34\") is refused: the hull (1.9\" wide) does not fit past Building 2"),
        "{err}"
    );
    let bad = temp_file("bad.txt", "fly 1 2 3\n");
    let (code, _, err) =
        run_args(&["play", &sample_path("aa-hedgerow-crossing.ron"), "--actions", bad.to_str().unwrap()]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("line 1: unknown action 'fly'"), "{err}");
}

#[test]
fn a_damaged_table_is_read_by_its_own_game_and_points_at_its_own_format() {
    let path = temp_file(
        "damaged.ron",
        "Scenario(format_version: 1, system: \"armored-advance\", name: \"x\", mode: Annihilation,",
    );
    let (code, _, err) = run_args(&["validate", path.to_str().unwrap()]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("line 1") && err.contains("docs/ARMORED_ADVANCE.md"), "{err}");
}

#[test]
fn cost_calibration_prices_every_profile_on_the_table_with_intervals() {
    let data = std::sync::Arc::new(skirmish_studio::systems::armored::ruleset::Ruleset::builtin().unwrap());
    let scenario = skirmish_studio::systems::armored::scenario::load_scenario(
        &data,
        include_str!("../scenarios/aa-hedgerow-crossing.ron"),
    )
    .unwrap();
    let rows = skirmish_studio::systems::armored::calibrate::calibrate(&data, &scenario, 12, 3, 2).unwrap();
    let again = skirmish_studio::systems::armored::calibrate::calibrate(&data, &scenario, 12, 3, 1).unwrap();
    assert_eq!(rows, again, "the threads do not change the answer");
    assert!(!rows.is_empty());
    for row in &rows {
        let (w, (lo, hi)) = row.worth;
        assert!(lo <= w && w <= hi, "{row:?}");
        let (p, (plo, phi)) = row.proposed;
        assert!(plo <= p && p <= phi, "{row:?}");
        assert!(row.games > 0);
    }
    let text = skirmish_studio::systems::armored::calibrate::calibration_report("Hedgerow", &rows, 12).text;
    assert!(text.contains("Medium tank (M4 Sherman)") && text.contains("proposed"), "{text}");
}

/// Cost calibration's games share one scene whichever unit each takes off: a game on a scene
/// that games with other forces kept answers in is the game on a scene of its own.
#[test]
fn a_game_on_a_scene_other_forces_played_on_is_the_game_on_its_own_scene() {
    use skirmish_studio::game::{Level, run_battle};
    use skirmish_studio::systems::armored::scenario::setup::{scene_of, setup_of, setup_on};
    let data = std::sync::Arc::new(Ruleset::builtin().unwrap());
    let core = skirmish_studio::systems::armored::game::ArmoredCore(Arc::clone(&data));
    let scenario = load_scenario(&data, include_str!("../scenarios/aa-hedgerow-crossing.ron")).unwrap();
    let scene = scene_of(&data, &scenario.table);
    let play_at = |setup, seed, first, levels: [Level; 2]| {
        run_battle(&core, setup, seed, Some(first), 200, &levels).map(|(record, _)| record).unwrap()
    };
    let play = |setup, seed, first| play_at(setup, seed, first, [Level::Normal; 2]);
    let without = |off: usize| {
        let mut fewer = scenario.clone();
        fewer.table.units.remove(off % scenario.table.units.len());
        fewer
    };
    // Every unit taken off in turn, on one scene; then games with other forces on it, each
    // against the same game on a scene of its own.
    for off in 0..scenario.table.units.len() {
        let fewer = without(off);
        play(setup_on(&fewer, Some(0), &scene), 20 + off as u64, u8::from(off % 2 == 1));
    }
    for (s, seed, first) in [(scenario.clone(), 23, 1), (without(1), 24, 0), (without(6), 25, 1), (without(9), 26, 0)] {
        let shared = play(setup_on(&s, Some(first), &scene), seed, first);
        let own = play(setup_of(&data, &s, Some(first)), seed, first);
        assert_eq!(shared, own, "seed {seed}");
    }
    // Hard's study reads the units, so each game has its own: a study made for the full forces
    // is not the one for fewer.
    let hard = [Level::Hard, Level::Normal];
    play_at(setup_on(&scenario, Some(0), &scene), 27, 0, hard);
    let fewer = without(2);
    let shared = play_at(setup_on(&fewer, Some(0), &scene), 28, 0, hard);
    assert_eq!(shared, play_at(setup_of(&data, &fewer, Some(0)), 28, 0, hard), "Hard, seed 28");
}

#[test]
fn a_saved_playtest_game_loads_to_the_same_position_and_a_broken_one_is_refused_with_where() {
    use skirmish_studio::systems::armored::playtest::ArmoredPlay;
    let data = std::sync::Arc::new(skirmish_studio::systems::armored::ruleset::Ruleset::builtin().unwrap());
    let scenario = skirmish_studio::systems::armored::scenario::load_scenario(
        &data,
        include_str!("../scenarios/aa-hedgerow-crossing.ron"),
    )
    .unwrap();
    let mut play = ArmoredPlay::start(std::sync::Arc::clone(&data), scenario.clone(), 9).unwrap();
    play.computer = vec![true, true];
    for _ in 0..30 {
        play.computer_step_here();
    }
    let text = play.save().unwrap();
    let loaded = ArmoredPlay::load(std::sync::Arc::clone(&data), &text).unwrap();
    assert_eq!(loaded.scenario, scenario);
    assert_eq!(loaded.state(), play.state());
    assert_eq!(loaded.log, play.log);
    let forked = play.fork();
    assert_eq!(forked.table.units.len(), play.state().units.iter().filter(|u| u.alive()).count());
    let refused = ArmoredPlay::load(std::sync::Arc::clone(&data), "not a game").err().unwrap();
    assert!(refused.contains("not a saved Armored Advance game"), "{refused}");
    let tampered = text.replacen("EndTurn", "Fire(unit: 0, weapon: 9, target: 1)", 1);
    assert_ne!(tampered, text, "the saved game ends a turn somewhere");
    let refused = ArmoredPlay::load(std::sync::Arc::clone(&data), &tampered).err().unwrap();
    assert!(refused.starts_with("action "), "{refused}");
    // The playtest offers a few places to get out round a transport, not sixteen buttons.
    let farms = skirmish_studio::systems::armored::scenario::load_scenario(
        &data,
        include_str!("../scenarios/aa-three-farms.ron"),
    )
    .unwrap();
    let mut play = ArmoredPlay::start(std::sync::Arc::clone(&data), farms, 1).unwrap();
    while play.state().side != 0 {
        play.act(&skirmish_studio::systems::armored::rules::Action::EndTurn).unwrap();
    }
    let (squad, halftrack) = (10, 4);
    let board = skirmish_studio::systems::armored::rules::Action::Embark { unit: squad, carrier: halftrack };
    play.act(&board).unwrap();
    let out = play
        .keyword_actions(squad)
        .iter()
        .filter(|(a, _)| matches!(a, skirmish_studio::systems::armored::rules::Action::Disembark { .. }))
        .count();
    assert!((1..=4).contains(&out), "{out} places to get out");
}

/// Issue 38, item 5: on a symmetric table, the fix for two overlapping pieces keeps the table
/// symmetric, and the fix for a piece without an image never places an image over it, so
/// the two fixes cannot undo each other.
#[test]
fn overlap_and_symmetry_fixes_do_not_undo_each_other() {
    let rules = rules();
    let base = load_scenario(&rules, HEDGEROW).unwrap();
    let clean = |s: &ArmoredScenario, what: &str| {
        let left = codes(&rules, s);
        assert!(!left.contains(&"pieces-overlap") && !left.contains(&"asymmetric"), "{what}: {left:?}");
    };
    let fix_of = |s: &ArmoredScenario, code: &str| {
        validate(&rules, s).into_iter().find(|f| f.code == code).and_then(|f| f.fix).expect(code)
    };

    // Foliage 3 and its echo, moved in next to the mirror line (y = 24"), overlap each other.
    let mut s = base.clone();
    s.table.pieces[7].pose.y = 25 * IN + IN / 2;
    s.table.pieces[8].pose.y = 22 * IN + IN / 2;
    let fix = fix_of(&s, "pieces-overlap");
    assert_eq!(fix.label, "Remove Foliage 3 and Foliage 4 (each the other's image)");
    fix.apply(&mut s);
    clean(&s, "a piece and its echo");
    assert_eq!(s.table.pieces.len(), base.table.pieces.len() - 2);

    // Foliage 1 on Building 1 and its echo on Building 2: both foliage pieces go.
    let mut s = base.clone();
    s.table.pieces[5].pose = s.table.pieces[1].pose;
    s.table.pieces[6].pose = s.table.pieces[2].pose;
    let fix = fix_of(&s, "pieces-overlap");
    assert_eq!(fix.label, "Remove Foliage 1 and its image Foliage 2");
    fix.apply(&mut s);
    clean(&s, "a pair overlapping a pair");

    // A lone foliage piece whose image would overlap it: its fix takes it away.
    let mut s = base.clone();
    s.table.pieces.remove(8);
    s.table.pieces[7].pose.y = 25 * IN;
    let fix = fix_of(&s, "asymmetric");
    assert_eq!(fix.label, "Remove Foliage 3");
    fix.apply(&mut s);
    clean(&s, "a piece whose image would overlap it");
}

#[test]
fn the_setup_map_numbers_every_unit_and_lists_where_it_stands_and_faces() {
    let rules = rules();
    let scenario = load_scenario(&rules, HEDGEROW).unwrap();
    let options = ExportOptions { sheets: Sheets::only(&["setup"]), ..ExportOptions::default() };
    let report =
        print_pdf(&print::ArmoredPrint { rules: &rules, scenario: &scenario }, &options, &mut |_, _| {}).unwrap();
    let text = report.page_text.join("\n");
    assert_eq!(report.pages, 1);
    for (index, unit) in scenario.table.units.iter().enumerate() {
        let name = skirmish_studio::systems::armored::scenario::validate::unit_name(&rules, &scenario, index);
        let line = format!("{} {name}: centre ", index + 1);
        assert!(text.contains(&line), "{line:?} is listed:\n{text}");
        assert!(text.contains(&format!("facing {}°", unit.pose.facing.degrees())), "{text}");
    }
    // Mud lies under the pieces drawn after it, yet its label is on the map and in the list.
    assert!(text.contains("TM1 Thick mud 1: 11\" from left, 24\" from top, turned 90°"), "{text}");
    assert!(text.lines().any(|l| l.trim() == "TM1"), "the mud's label is set on the map:\n{text}");
    assert!(!text.contains("more lines"), "everything fits on the page:\n{text}");
}

#[test]
fn each_template_says_which_pieces_and_how_many_to_cut_and_foliage_keeps_its_band() {
    let rules = rules();
    let scenario = load_scenario(&rules, HEDGEROW).unwrap();
    let options = ExportOptions { sheets: Sheets::only(&["templates"]), ..ExportOptions::default() };
    let report =
        print_pdf(&print::ArmoredPrint { rules: &rules, scenario: &scenario }, &options, &mut |_, _| {}).unwrap();
    let text = report.page_text.join("\n");
    assert!(text.contains("Building 8\" x 6\": cut 2 (B1, B2)"), "{text}");
    assert!(text.contains("Building 6\" x 6\": cut 2 (B3, B4)"), "{text}");
    // The banded foliage template takes four pages here rather than losing its 3" band.
    assert!(text.contains("Foliage 9\" x 6\": cut 2 (F1, F2) (part 1 of 4)"), "{text}");
    assert!(!text.contains("too large for its 3\" band"), "{text}");
}

#[test]
fn the_quick_reference_prints_each_penetration_row_as_the_engine_reads_it_naming_weak_spot_only_where_it_differs() {
    let rules = rules();
    let scenario = load_scenario(&rules, HEDGEROW).unwrap();
    let options = ExportOptions { sheets: Sheets::only(&["reference"]), ..ExportOptions::default() };
    let report =
        print_pdf(&print::ArmoredPrint { rules: &rules, scenario: &scenario }, &options, &mut |_, _| {}).unwrap();
    let text = report.page_text.join("\n");
    let roll = |r: Option<u8>| {
        r.map_or("fails".to_owned(), |r| if r == 0 { "penetrates automatically".to_owned() } else { format!("{r}+") })
    };
    for row in &rules.penetration {
        let (plain, weak) = (roll(row.roll), roll(row.weak_spot));
        let line = if plain == weak {
            format!("{:+}: {plain} (Weak Spot too)", row.difference)
        } else {
            format!("{:+}: {plain}; with Weak Spot {weak}", row.difference)
        };
        assert!(text.contains(&line), "{line:?} in\n{text}");
    }
    assert!(!text.contains("with Weak Spot: automatic"), "{text}");
}
