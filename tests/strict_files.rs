//! Every file of every game refuses a field it does not know, naming the field, its line and
//! the nearest known name: a misspelt field in any bundled sample, and a misspelt house
//! reading, exit 2 with "did you mean". The samples are found in `scenarios/`, not listed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use clap::Parser;
use skirmish_studio::cli::{Cli, run};
use std::path::PathBuf;

fn run_args(args: &[&str]) -> (u8, String, String) {
    let cli = Cli::try_parse_from(std::iter::once("skirmish-studio").chain(args.iter().copied())).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = run(cli, &mut out, &mut err);
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

fn samples() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

/// Validates `text` written to a file of its own; returns the exit code and what was said.
fn validate_text(name: &str, text: &str) -> (u8, String) {
    // Tests run at once in one process and validate the same samples: each call gets its own
    // file, or one test's clean-up removes the file another is about to read.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let file = std::env::temp_dir().join(format!("strict-{}-{call}-{name}", std::process::id()));
    std::fs::write(&file, text).unwrap();
    let (code, out, err) = run_args(&["validate", file.to_str().unwrap()]);
    let _ = std::fs::remove_file(&file);
    (code, format!("{out}{err}"))
}

#[test]
fn a_misspelt_top_level_field_in_every_sample_is_refused_with_its_line_and_the_nearest_name() {
    let samples = samples();
    assert!(samples.len() >= 10, "the bundled samples are found");
    for sample in samples {
        let text = std::fs::read_to_string(&sample).unwrap();
        let name = sample.file_name().unwrap().to_str().unwrap();
        let (line, _) = text.lines().enumerate().find(|(_, l)| l.trim_start().starts_with("name:")).expect("a name");
        let mut lines: Vec<&str> = text.lines().collect();
        lines.insert(line, "    nmae: \"misspelt\",");
        let (code, said) = validate_text(name, &lines.join("\n"));
        assert_eq!(code, 2, "{name}: {said}");
        assert!(said.contains("unknown field `nmae`"), "{name}: {said}");
        assert!(said.contains("did you mean `name`"), "{name}: {said}");
        assert!(said.contains(&format!("line {}", line + 1)), "{name} names the line: {said}");
    }
}

#[test]
fn a_misspelt_house_reading_is_refused_not_played_at_its_default() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    for (sample, reading, meant) in
        [("aa-three-farms.ron", "foilage: Range", "foliage"), ("ms-town.ron", "fire_limt: as_written", "fire_limit")]
    {
        let text = std::fs::read_to_string(root.join(sample)).unwrap();
        let (line, _) = text.lines().enumerate().find(|(_, l)| l.trim_start().starts_with("name:")).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        lines.retain(|l| !l.trim_start().starts_with("readings:"));
        lines.insert(line, format!("    readings: ({reading}),"));
        let (code, said) = validate_text(sample, &lines.join("\n"));
        assert_eq!(code, 2, "{sample}: {said}");
        let wrong = reading.split(':').next().unwrap();
        assert!(said.contains(&format!("unknown field `{wrong}` in the readings")), "{sample}: {said}");
        assert!(said.contains(&format!("did you mean `{meant}`")), "{sample}: {said}");
    }
}

#[test]
fn a_misspelt_field_inside_a_table_piece_is_named_as_a_piece_not_a_reader_type() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let text = std::fs::read_to_string(root.join("aa-hedgerow-crossing.ron")).unwrap();
    let broken = text.replacen("facing:", "facign:", 1);
    assert_ne!(broken, text);
    let (code, said) = validate_text("piece.ron", &broken);
    assert_eq!(code, 2, "{said}");
    assert!(said.contains("unknown field `facign`"), "{said}");
    assert!(said.contains("did you mean `facing`"), "{said}");
    assert!(!said.contains("PieceFile") && !said.contains("UnitFile"), "no reader type names: {said}");
}

#[test]
fn a_file_cut_short_in_every_game_is_said_to_end_early_not_to_lack_a_comma() {
    for sample in samples() {
        let text = std::fs::read_to_string(&sample).unwrap();
        let name = sample.file_name().unwrap().to_str().unwrap();
        // Cut at a line's end two thirds through, as a copy that stopped leaves it.
        let cut = text[..text.len() * 2 / 3].rfind('\n').unwrap();
        let (code, said) = validate_text(name, &text[..cut]);
        assert_eq!(code, 2, "{name}: {said}");
        assert!(said.contains("the file ends before the scenario does"), "{name}: {said}");
        // Cut inside a string: the reader stops where the string began, but the file ended.
        let (_, said) = validate_text(name, &text[..text.find("name: \"").unwrap() + 9]);
        assert!(said.contains("the file ends before the scenario does"), "{name}, cut in a string: {said}");
        // A file whole but for a wrong character is not said to end early.
        let (_, whole) = validate_text(name, &text.replacen('(', "(!", 2).replacen("(!", "(", 1));
        assert!(!whole.contains("ends before"), "{name}: {whole}");
    }
}
