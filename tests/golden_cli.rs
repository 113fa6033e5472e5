//! Golden outputs of the command line for every bundled sample of every game: validate,
//! stats, play, simulate, symmetry and the export's page counts stay the same through
//! refactors of the code behind them. `UPDATE_GOLDEN=1 cargo test --test suite golden_cli` rewrites the files after a change
//! that is meant to alter the output (read the diff before committing it).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use clap::Parser;
use skirmish_studio::cli::{Cli, run};
use std::path::{Path, PathBuf};

fn run_args(args: &[&str]) -> (u8, String, String) {
    let cli = Cli::try_parse_from(std::iter::once("skirmish-studio").chain(args.iter().copied())).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = run(cli, &mut out, &mut err);
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Compares `actual` with the golden file, or writes it when `UPDATE_GOLDEN` is set.
fn check_golden(name: &str, actual: &str) {
    let path = root().join("tests/golden/cli").join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_GOLDEN=1 to create it)", path.display()));
    assert!(expected == actual, "{name} differs from its golden file\n--- expected\n{expected}\n--- actual\n{actual}");
}

/// What `play` runs for a sample without a script of its own: thirty moves of the computer
/// player (a whole turn, or one action, as the game's computer plays).
const COMPUTER_SCRIPT: &str = "computer\ncomputer\ncomputer\ncomputer\ncomputer\ncomputer\ncomputer\ncomputer\n\
                               computer\ncomputer\ncomputer\ncomputer\ncomputer\ncomputer\ncomputer\ncomputer\n\
                               computer\ncomputer\ncomputer\ncomputer\ncomputer\ncomputer\ncomputer\ncomputer\n\
                               computer\ncomputer\ncomputer\ncomputer\ncomputer\ncomputer\n";

fn command_output(args: &[&str]) -> String {
    let (code, out, err) = run_args(args);
    // The checkout's folder differs between machines; the golden files name it <root>.
    let root = root().display().to_string();
    format!("exit {code}\n--- stdout\n{out}--- stderr\n{err}").replace(&root, "<root>")
}

/// Every bundled sample, found in `scenarios/` (a new sample gets golden files by being there).
fn samples() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("scenarios"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str()?.strip_suffix(".ron").map(str::to_owned))
        .collect();
    names.sort();
    names
}

/// A sample's own words for one command, from `tests/golden/cli/<sample>.<what>` (the play
/// script, extra play or export arguments), or `default`.
fn sample_setting(sample: &str, what: &str, default: &str) -> String {
    std::fs::read_to_string(root().join("tests/golden/cli").join(format!("{sample}.{what}")))
        .unwrap_or_else(|_| default.to_owned())
}

#[test]
fn every_sample_validates_stats_plays_simulates_and_exports_as_it_did_before() {
    let temp = std::env::temp_dir().join(format!("skirmish-golden-{}", std::process::id()));
    std::fs::create_dir_all(&temp).unwrap();
    let samples = samples();
    assert!(samples.len() >= 10, "the bundled samples are found: {samples:?}");
    // The samples are independent: check them on every core (the export of an open table's
    // sheets dominates the time), each thread a share of the samples.
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get).min(samples.len());
    std::thread::scope(|scope| {
        for share in samples.chunks(samples.len().div_ceil(threads)) {
            let temp = &temp;
            scope.spawn(move || {
                for sample in share {
                    let script = temp.join(format!("{sample}.actions"));
                    std::fs::write(&script, sample_setting(sample, "actions", COMPUTER_SCRIPT)).unwrap();
                    let play_args = sample_setting(sample, "play-args", "");
                    let export_args = sample_setting(sample, "export-args", "");
                    let play_args: Vec<&str> = play_args.split_whitespace().collect();
                    let export_args: Vec<&str> = export_args.split_whitespace().collect();
                    check_sample(sample, script.to_str().unwrap(), &play_args, &export_args, temp);
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&temp);
}

/// Every command's output for one sample against its golden files: `play` runs `script`
/// with `play_args`, `export` with `export_args`.
fn check_sample(sample: &str, script: &str, play_args: &[&str], export_args: &[&str], temp: &Path) {
    let file = root().join("scenarios").join(format!("{sample}.ron"));
    let file = file.to_str().unwrap();
    check_golden(&format!("{sample}.validate.txt"), &command_output(&["validate", file, "--json"]));
    check_golden(&format!("{sample}.stats.txt"), &command_output(&["stats", file, "--json"]));
    let play = [&["play", file, "--actions", script, "--seed", "7"][..], play_args].concat();
    check_golden(&format!("{sample}.play.txt"), &command_output(&play));
    check_golden(
        &format!("{sample}.simulate.txt"),
        &command_output(&["simulate", file, "--games", "3", "--seed", "5", "--json"]),
    );
    check_golden(&format!("{sample}.symmetry.txt"), &command_output(&["symmetry", file, "--json"]));
    let pdf = temp.join(format!("{sample}.pdf"));
    let export = [&["export", file, "--pdf", pdf.to_str().unwrap()][..], export_args].concat();
    let (code, out, err) = run_args(&export);
    check_golden(&format!("{sample}.export.txt"), &format!("exit {code}\n{}{err}", pages_only(&out, &pdf)));
}

/// The export's report without the parts that name the temporary folder or count bytes.
fn pages_only(out: &str, pdf: &Path) -> String {
    out.replace(&pdf.display().to_string(), "OUT.pdf")
        .lines()
        .map(|line| match (line.find(" pages, "), line.find(" bytes")) {
            (Some(start), Some(end)) => format!("{}{}\n", &line[..start + 6], &line[end + 6..]),
            _ => format!("{line}\n"),
        })
        .collect()
}
