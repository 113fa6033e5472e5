//! The game pages in `docs/` stay true to the rules core: every house reading a game's core
//! knows has a row in its page's readings table, and every test a page names in a table (the
//! clause tables and the readings' test column) exists under `tests/`, so a renamed or deleted
//! test cannot leave a clause claimed but unchecked.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every `fn name(` written in the test sources.
fn test_functions() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut names = Vec::new();
    for entry in std::fs::read_dir(&root).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            for line in read(&path).lines() {
                if let Some(rest) = line.trim_start().strip_prefix("fn ")
                    && let Some(name) = rest.split('(').next()
                {
                    names.push(name.to_owned());
                }
            }
        }
    }
    names
}

/// The backticked names in a page's table rows that read like test names (four words or
/// more joined by underscores).
fn tests_named_in_tables(page: &str) -> Vec<String> {
    page.lines()
        .filter(|l| l.starts_with('|'))
        .flat_map(|l| l.split('`').skip(1).step_by(2).map(str::to_owned).collect::<Vec<_>>())
        .filter(|w| {
            w.matches('_').count() >= 4 && w.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        })
        .collect()
}

#[test]
fn every_test_a_game_page_names_in_a_table_exists() {
    let functions = test_functions();
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let mut checked = 0;
    for entry in std::fs::read_dir(&docs).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let page = read(&path);
        if !page.contains("## Clause table") {
            continue;
        }
        let named = tests_named_in_tables(&page);
        assert!(!named.is_empty(), "{} has a clause table naming no test", path.display());
        for name in named {
            assert!(functions.contains(&name), "{} names the test `{name}`, which does not exist", path.display());
            checked += 1;
        }
    }
    assert!(checked > 40, "only {checked} tests named across the clause tables");
}

#[test]
fn every_reading_of_the_open_table_games_has_a_row_with_a_test() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let games: [(&str, Vec<&str>); 2] = [
        ("ARMORED_ADVANCE.md", skirmish_studio::systems::armored::rules::READINGS.iter().map(|r| r.name).collect()),
        ("MODERN_SKIRMISH.md", skirmish_studio::systems::modern::rules::READINGS.iter().map(|r| r.name).collect()),
    ];
    for (page, readings) in games {
        let text = read(&docs.join(page));
        for name in readings {
            let row = text
                .lines()
                .find(|l| l.starts_with(&format!("| `{name}` |")))
                .unwrap_or_else(|| panic!("{page} has no row for the reading `{name}`"));
            assert!(!tests_named_in_tables(row).is_empty(), "{page}: the reading `{name}` names no test");
        }
    }
}
