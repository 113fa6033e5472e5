//! Bad input is refused, clearly, through the command line: what the hostile runs of the bad
//! input issue found, each now exit 1 or 2 with what and where (no panic, no hang, no silent
//! default).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use clap::Parser;
use skirmish_studio::cli::{Cli, EXIT_OK, EXIT_PROBLEMS, EXIT_UNREADABLE, run};
use std::path::{Path, PathBuf};

fn run_args(args: &[&str]) -> (u8, String, String) {
    let cli = Cli::try_parse_from(std::iter::once("skirmish-studio").chain(args.iter().copied()));
    let cli = match cli {
        Ok(cli) => cli,
        Err(error) => return (EXIT_UNREADABLE, String::new(), error.to_string()),
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = run(cli, &mut out, &mut err);
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

fn folder() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-bad-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = folder().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn sample(name: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name)).unwrap()
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn a_device_that_never_ends_is_refused_at_once_as_not_a_file() {
    for args in [
        vec!["validate", "/dev/zero"],
        vec!["play", "scenarios/bridgehead.ron", "--actions", "/dev/zero"],
        vec!["validate", "--ruleset", "/dev/zero", "scenarios/bridgehead.ron"],
    ] {
        let (code, _, err) = run_args(&args);
        assert_eq!(code, EXIT_UNREADABLE, "{args:?}");
        assert!(err.contains("/dev/zero") && err.contains("not a regular file"), "{args:?}: {err}");
    }
}

#[test]
fn a_folder_is_refused_as_a_folder() {
    let dir = folder();
    let (code, _, err) = run_args(&["validate", s(&dir)]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("is a folder"), "{err}");
}

#[cfg(unix)]
#[test]
fn a_named_pipe_with_no_writer_is_refused_without_waiting_for_one() {
    let pipe = folder().join("pipe.ron");
    let _ = std::fs::remove_file(&pipe);
    let made = std::process::Command::new("mkfifo").arg(&pipe).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("mkfifo is not available here; the pipe case is covered by the device case");
        return;
    }
    let path = pipe.clone();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(run_args(&["validate", s(&path)]));
    });
    let (code, _, err) = receiver
        .recv_timeout(std::time::Duration::from_secs(30))
        .expect("reading a pipe with no writer still waits after 30 s: it must be refused before it is opened");
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("not a regular file"), "{err}");
}

#[test]
fn a_file_over_the_limit_is_refused_with_the_limit_named() {
    let big = temp_file("big.ron", &" ".repeat(skirmish_studio::files::MAX_FILE_BYTES + 1));
    let (code, _, err) = run_args(&["validate", s(&big)]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains(&skirmish_studio::files::MAX_FILE_BYTES.to_string()), "{err}");
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let file = temp_file("bom.ron", &format!("\u{feff}{}", sample("bridgehead.ron")));
    let (code, out, err) = run_args(&["validate", s(&file)]);
    assert_eq!(code, EXIT_OK, "{out}{err}");
}

#[test]
fn a_replacement_modern_ruleset_with_a_one_metre_base_is_refused_naming_the_field_and_the_bound() {
    let text = skirmish_studio::systems::modern::ruleset::BUILTIN.replace("base_diameter: 2.5", "base_diameter: 1000");
    let file = temp_file("ms-huge-base.ron", &text);
    let (code, out, err) = run_args(&["ruleset", s(&file), "--system", "modern-skirmish"]);
    assert_eq!(code, EXIT_PROBLEMS, "{out}{err}");
    let said = format!("{out}{err}");
    assert!(said.contains("base_diameter") && said.contains("10"), "{said}");
    let (code, _, _) = run_args(&["validate", "--ruleset", s(&file), "scenarios/ms-town.ron"]);
    assert_ne!(code, EXIT_OK);
}

#[test]
fn the_ruleset_listing_offers_every_he_dice_value_the_reader_takes() {
    let (code, out, _) = run_args(&["ruleset", "--system", "armored-advance"]);
    assert_eq!(code, EXIT_OK);
    let line = out.lines().find(|l| l.contains("he_dice")).expect("he_dice is listed");
    assert!(line.contains('3'), "{line}");
}

#[test]
fn a_turn_limit_or_points_target_of_zero_is_refused_naming_the_field() {
    for (from, to, field) in [
        ("turn_limit: Some(10)", "turn_limit: Some(0)", "turn_limit"),
        ("turn_limit: Some(10)", "turn_limit: Some(10),\n    vp_target: Some(0)", "vp_target"),
    ] {
        let text = sample("aa-three-farms.ron").replace(from, to);
        assert_ne!(text, sample("aa-three-farms.ron"));
        let file = temp_file(&format!("aa-{field}-0.ron"), &text);
        let (code, _, err) = run_args(&["validate", s(&file)]);
        assert_eq!(code, EXIT_UNREADABLE, "{field}: {err}");
        assert!(err.contains(field) && err.contains("line"), "{err}");
    }
}

#[test]
fn a_round_cap_or_game_count_of_zero_is_refused() {
    let (code, _, err) = run_args(&["simulate", "scenarios/bridgehead.ron", "--round-cap", "0"]);
    assert_eq!(code, EXIT_UNREADABLE, "{err}");
    assert!(err.contains("round-cap") || err.contains("round_cap"), "{err}");
    let (code, _, err) = run_args(&["balance", "scenarios/bridgehead.ron", "--round-cap", "0"]);
    assert_eq!(code, EXIT_UNREADABLE, "{err}");
}

#[test]
fn a_polygon_with_no_area_or_crossing_edges_and_a_wall_of_no_length_are_refused_with_where() {
    let three_farms = sample("aa-three-farms.ron");
    let zone = "points: [(0, 38), (60, 38), (60, 48), (0, 48)]";
    for (to, expected) in [
        ("points: [(0, 38), (30, 38), (60, 38)]", "no area"),
        ("points: [(5, 40), (5, 40), (5, 40)]", "no area"),
        ("points: [(0, 38), (60, 48), (60, 38), (0, 44)]", "edges cross"),
    ] {
        let file = temp_file("aa-zone.ron", &three_farms.replace(zone, to));
        let (code, _, err) = run_args(&["validate", s(&file)]);
        assert_eq!(code, EXIT_UNREADABLE, "{to}: {err}");
        assert!(err.contains(expected) && err.contains("zone 1"), "{to}: {err}");
    }
    let with_wall = three_farms.replace(
        "(kind: \"road\", shape: Rect(length: 4, width: 60), at: (30, 24), facing: 0, height: 0),",
        "(kind: \"road\", shape: Rect(length: 4, width: 60), at: (30, 24), facing: 0, height: 0, walls: [(from: (1, 1), to: (1, 1), height: 1)]),",
    );
    assert_ne!(with_wall, three_farms);
    let file = temp_file("aa-wall.ron", &with_wall);
    let (code, _, err) = run_args(&["validate", s(&file)]);
    assert_eq!(code, EXIT_UNREADABLE, "{err}");
    assert!(err.contains("wall 1") && err.contains("no length"), "{err}");
}

#[test]
fn overlapping_deployment_zones_and_a_zone_over_the_whole_table_are_validator_errors() {
    let three_farms = sample("aa-three-farms.ron");
    let overlapping = three_farms
        .replace("points: [(0, 0), (60, 0), (60, 10), (0, 10)]", "points: [(0, 0), (60, 0), (60, 40), (0, 40)]");
    let file = temp_file("aa-overlap.ron", &overlapping);
    let (code, out, _) = run_args(&["validate", s(&file)]);
    assert_eq!(code, EXIT_PROBLEMS, "{out}");
    assert!(out.contains("zones-overlap") || out.contains("overlap"), "{out}");
    let whole = three_farms
        .replace("points: [(0, 0), (60, 0), (60, 10), (0, 10)]", "points: [(0, 0), (60, 0), (60, 48), (0, 48)]");
    let file = temp_file("aa-whole.ron", &whole);
    let (code, out, _) = run_args(&["validate", s(&file)]);
    assert_eq!(code, EXIT_PROBLEMS, "{out}");
    assert!(out.contains("of the table"), "{out}");
}

#[test]
fn a_script_longer_than_a_game_is_refused_at_its_first_line_over_the_bound() {
    let long = "end\n".repeat(skirmish_studio::game::MAX_SCRIPT_ACTIONS + 10);
    let script = temp_file("long.txt", &long);
    for scenario in ["scenarios/aa-three-farms.ron", "scenarios/ms-town.ron", "scenarios/bridgehead.ron"] {
        let (code, _, err) = run_args(&["play", scenario, "--actions", s(&script)]);
        assert_ne!(code, EXIT_OK, "{scenario}");
        let first_over = skirmish_studio::game::MAX_SCRIPT_ACTIONS + 1;
        assert!(err.contains(&format!("line {first_over}")), "{scenario}: {err}");
    }
}

#[test]
fn a_replacement_armored_ruleset_with_an_impossible_number_is_refused_naming_the_field_and_the_bound() {
    let builtin = skirmish_studio::systems::armored::ruleset::BUILTIN;
    for (from, to, field) in [
        ("hit_points: 40,", "hit_points: 4000000000,", "hit_points"),
        ("movement: 5, hit_points: 40,", "movement: 5, hit_points: 0,", "hit_points"),
    ] {
        let text = builtin.replacen(from, to, 1);
        assert_ne!(text, builtin, "{from}");
        let file = temp_file("aa-ruleset.ron", &text);
        let (code, out, err) = run_args(&["ruleset", s(&file), "--system", "armored-advance"]);
        assert_eq!(code, EXIT_PROBLEMS, "{to}: {out}{err}");
        assert!(format!("{out}{err}").contains(field), "{to}: {out}{err}");
    }
}

#[test]
fn a_points_target_the_objectives_cannot_reach_by_the_turn_limit_is_a_warning_with_the_limit_that_reaches_it() {
    // Three Farms: Domination, 3 objectives, a turn limit of 10 rounds: at most 30 points.
    let text = sample("aa-three-farms.ron").replace("vp_target: Some(6)", "vp_target: Some(31)");
    let file = temp_file("aa-vp.ron", &text);
    let (code, out, _) = run_args(&["validate", s(&file), "--json"]);
    assert_eq!(code, EXIT_OK, "a warning alone passes: {out}");
    assert!(out.contains("vp-target-unreachable") && out.contains("Set a turn limit of 11"), "{out}");
    let (_, out, _) = run_args(&["validate", "scenarios/aa-three-farms.ron", "--json"]);
    assert!(!out.contains("vp-target-unreachable"), "{out}");
}
