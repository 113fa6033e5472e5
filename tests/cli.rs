//! The headless command line, driven through the library exactly as the binary drives it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use clap::Parser;
use skirmish_studio::cli::{Cli, EXIT_OK, EXIT_PROBLEMS, EXIT_UNREADABLE, run};
use std::path::PathBuf;

/// Runs the command line with these arguments; returns the exit code, stdout and stderr.
pub fn run_args(args: &[&str]) -> (u8, String, String) {
    let cli = Cli::try_parse_from(std::iter::once("skirmish-studio").chain(args.iter().copied())).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = run(cli, &mut out, &mut err);
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn ruleset_command_checks_the_builtin_ruleset() {
    let (code, out, _) = run_args(&["ruleset"]);
    assert_eq!(code, EXIT_OK);
    assert!(out.contains("9 units, 10 terrains, 13 chart rows, 6 COs"), "{out}");
    let (code, out, _) = run_args(&["ruleset", "--json"]);
    assert_eq!(code, EXIT_OK);
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value["ok"], true);
    assert_eq!(value["ruleset"]["units"][5]["id"], "tank");
}

#[test]
fn ruleset_command_reports_every_problem_of_a_replacement_file_with_exit_1() {
    let broken = skirmish_studio::rules::BUILTIN_SWAT_RON
        .replace("cost: 7,", "cost: -7,")
        .replace("(damage: 12, cells:", "(damage: 13, cells:")
        .replace("move_type: \"wheel\", movement: 8", "move_type: \"hover\", movement: 8");
    let path = temp_file("broken.ron", &broken);
    let (code, out, _) = run_args(&["ruleset", path.to_str().unwrap(), "--json"]);
    assert_eq!(code, EXIT_PROBLEMS);
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    let problems = value["problems"].as_array().unwrap();
    let places: Vec<&str> = problems.iter().map(|p| p["place"].as_str().unwrap()).collect();
    assert!(places.contains(&"units[5] (tank).cost"), "{places:?}");
    assert!(places.contains(&"units[2] (recon).move_type"), "{places:?}");
    assert!(places.contains(&"chart[12].damage"), "a missing chart row is named: {places:?}");
}

#[test]
fn ruleset_command_exit_2_when_the_file_cannot_be_read_or_parsed() {
    let (code, _, err) = run_args(&["ruleset", "/definitely/not/here.ron"]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("/definitely/not/here.ron"));
    let path = temp_file("garbage.ron", "Ruleset(id: [");
    let (code, out, _) = run_args(&["ruleset", path.to_str().unwrap()]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(out.contains("line 1, column"), "{out}");
}
