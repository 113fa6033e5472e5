//! Enforces the invariants written in docs/ARCHITECTURE.md by reading the sources.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Source text without `//` comments, so a doc line may mention what the code must not use.
fn code_of(path: &Path) -> String {
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_rust_file_opens_with_a_module_doc_line() {
    for dir in ["src", "tests", "benches"] {
        for file in rust_files(&root().join(dir)) {
            let text = fs::read_to_string(&file).unwrap();
            assert!(text.starts_with("//!"), "{} must open with a `//!` line saying what it is for", file.display());
        }
    }
}

#[test]
fn only_the_ui_module_knows_egui_eframe_or_rfd() {
    let ui = root().join("src/ui");
    for file in rust_files(&root().join("src")) {
        if file.starts_with(&ui) {
            continue;
        }
        let code = code_of(&file);
        for name in ["egui", "eframe", "rfd::"] {
            assert!(!code.contains(name), "{} mentions {name}; only src/ui may", file.display());
        }
    }
}

#[test]
fn the_rules_core_does_no_io_reads_no_clock_and_no_os_randomness() {
    let forbidden = [
        "std::fs",
        "std::io",
        "std::net",
        "std::env",
        "std::process",
        "std::time",
        "std::thread",
        "SystemTime",
        "Instant",
        "println!",
        "eprintln!",
        "print!",
        "rand::",
        "getrandom",
        "RandomState",
        "HashMap",
        "HashSet",
    ];
    let files = rust_files(&root().join("src/rules"));
    assert!(files.len() >= 5, "the rules core should be found");
    for file in files {
        let code = code_of(&file);
        for name in forbidden {
            assert!(!code.contains(name), "{} uses {name}; the rules core must stay pure", file.display());
        }
        for line in code.lines().filter(|l| l.contains("crate::")) {
            assert!(
                line.contains("crate::rules"),
                "{}: the rules core depends on nothing else: {line}",
                file.display()
            );
        }
    }
}

#[test]
fn the_invariant_checker_would_catch_a_violation() {
    // Guard against a checker that can never fail: a line with a forbidden name is seen, and a
    // comment is not.
    let dir = std::env::temp_dir().join(format!("architecture-check-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sample.rs");
    fs::write(&file, "//! sample\nuse std::fs; // std::time in a comment\n").unwrap();
    let code = code_of(&file);
    assert!(code.contains("std::fs"));
    assert!(!code.contains("std::time"));
    fs::remove_dir_all(&dir).unwrap();
}
