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
    for dir in ["src", "tests", "benches", "examples"] {
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

/// What pure code never names: I/O, the clock, threads, printing, OS randomness and hash order.
const IMPURE: [&str; 17] = [
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

#[test]
fn the_rules_core_does_no_io_reads_no_clock_and_no_os_randomness() {
    let forbidden = IMPURE;
    let games = games();
    assert!(games.len() >= 4, "the games are found: {games:?}");
    for system in &games {
        let mut files = rust_files(&root().join(format!("src/systems/{system}/rules")));
        assert!(files.len() >= 4, "the {system} rules core should be found");
        // The shared board model and dice are part of every rules core, so they are held to
        // the same rules.
        files.extend(rust_files(&root().join("src/board")));
        files.push(root().join("src/dice.rs"));
        files.push(root().join("src/ruleset.rs"));
        files.push(root().join("src/level.rs"));
        files.push(root().join("src/watch.rs"));
        let own = format!("crate::systems::{system}::rules");
        // A game's data file reader sits beside its core where it is not inside it.
        let data = format!("crate::systems::{system}::ruleset");
        for file in files {
            let code = code_of(&file);
            for name in forbidden {
                assert!(!code.contains(name), "{} uses {name}; the rules core must stay pure", file.display());
            }
            for line in code.lines().filter(|l| l.contains("crate::")) {
                assert!(
                    line.contains(&own)
                        || line.contains(&data)
                        || [
                            "crate::board",
                            "crate::dice",
                            "crate::ruleset",
                            "crate::table",
                            "crate::level",
                            "crate::watch"
                        ]
                        .iter()
                        .any(|m| line.contains(m)),
                    "{}: the rules core depends on nothing but its data, the shared board, table, dice, level, readings watch and ruleset report: {line}",
                    file.display()
                );
            }
        }
    }
}

#[test]
fn the_open_table_is_pure_geometry_that_knows_no_game() {
    let files = rust_files(&root().join("src/table"));
    assert!(files.len() >= 5, "the table module should be found");
    // Beyond purity, the same bits on every machine: no platform sine or hypot.
    let forbidden: Vec<&str> =
        IMPURE.iter().copied().chain(["f64::sin", ".sin()", ".cos()", ".sin_cos()", ".hypot("]).collect();
    for file in files {
        let code = code_of(&file);
        for name in &forbidden {
            assert!(
                !code.contains(name),
                "{} uses {name}; the table must give the same answer everywhere",
                file.display()
            );
        }
        for line in code.lines().filter(|l| l.contains("crate::")) {
            assert!(
                line.contains("crate::table"),
                "{}: the table depends on nothing else in the crate: {line}",
                file.display()
            );
        }
    }
}

/// The node of the module graph a source file belongs to: a top-level module (`cli`, `board`,
/// `ui`, ...), the registry (`systems`), or one game system (`systems::swat`).
fn node_of(file: &Path) -> Option<String> {
    let relative = file.strip_prefix(root().join("src")).ok()?;
    let parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().trim_end_matches(".rs").to_owned()).collect();
    match parts.as_slice() {
        [single] if single == "lib" || single == "main" => None,
        [first, second, ..] if first == "systems" && second != "mod" => Some(format!("systems::{second}")),
        [first, ..] => Some(first.clone()),
        [] => None,
    }
}

/// The nodes a piece of code names through `crate::` paths.
fn references(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (start, _) in code.match_indices("crate::") {
        let path: String =
            code[start + 7..].chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
        let mut segments = path.split("::").filter(|s| !s.is_empty());
        let Some(first) = segments.next() else { continue };
        let node = match (first, segments.next()) {
            ("systems", Some(second))
                if second.chars().all(|c| c.is_lowercase() || c == '_')
                    && second != "system"
                    && second != "system_of" =>
            {
                format!("systems::{second}")
            }
            (first, _) => first.to_owned(),
        };
        found.push(node);
    }
    found
}

/// Every node and the nodes it names.
fn module_graph(files: &[PathBuf]) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let mut graph: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> = Default::default();
    for file in files {
        let Some(node) = node_of(file) else { continue };
        let entry = graph.entry(node.clone()).or_default();
        for target in references(&code_of(file)) {
            if target != node {
                entry.insert(target);
            }
        }
    }
    graph
}

/// A cycle in the graph, as the nodes along it, if there is one.
fn find_cycle(graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut std::collections::BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_owned());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = std::collections::BTreeSet::new();
    graph.keys().find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn systems_never_import_each_other_and_shared_code_never_imports_a_system() {
    let graph = module_graph(&rust_files(&root().join("src")));
    assert!(
        graph.contains_key("systems::swat") && graph.contains_key("cli"),
        "the module graph should be found: {graph:?}"
    );
    for (node, targets) in &graph {
        for target in targets.iter().filter(|t| t.starts_with("systems::")) {
            if let Some(system) = node.strip_prefix("systems::") {
                assert_eq!(target, &format!("systems::{system}"), "the system {node} imports another system, {target}");
            } else if node != "systems" {
                // The window is checked file by file below: each game's screens (ui/<game>/)
                // may name their own game, the shell none.
                assert!(
                    node == "ui",
                    "shared module {node} imports the game system {target}; it must go through crate::game and the registry"
                );
            }
        }
    }
    // The command line, the seam, the board model, the file helpers and the print geometry
    // are behind the seam already.
    for shared in ["cli", "game", "board", "files", "export"] {
        let targets = graph.get(shared).cloned().unwrap_or_default();
        assert!(!targets.iter().any(|t| t.starts_with("systems::")), "{shared} names a system: {targets:?}");
    }
}

/// The games: one folder each under `src/systems/`.
fn games() -> Vec<String> {
    let mut games: Vec<String> = fs::read_dir(root().join("src").join("systems"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    games.sort();
    games
}

/// Whether code names a module `name` by a path: `name::`, `::name`, or `mod name`.
fn names_module(code: &str, name: &str) -> bool {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices(name).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = &code[at + name.len()..];
        if before.is_some_and(is_ident) || after.chars().next().is_some_and(is_ident) {
            return false;
        }
        let before_text = code[..at].trim_end();
        after.starts_with("::") || before_text.ends_with("::") || before_text.ends_with("mod")
    })
}

/// The registries: the one place of the seam and the one of the window that list the games.
const REGISTRIES: [&str; 2] = ["src/systems/mod.rs", "src/ui/mod.rs"];

#[test]
fn a_game_is_named_only_in_its_own_folders_and_the_registries() {
    let games = games();
    assert!(games.len() >= 2, "the games should be found: {games:?}");
    for file in rust_files(&root().join("src")) {
        let relative = file.strip_prefix(root()).unwrap().to_string_lossy().replace('\\', "/");
        if REGISTRIES.contains(&relative.as_str()) {
            continue;
        }
        // Comments count too: a module doc that points into a game's folder names it.
        let code = fs::read_to_string(&file).unwrap();
        for game in &games {
            let own = [format!("src/systems/{game}/"), format!("src/ui/{game}/")];
            if own.iter().any(|folder| relative.starts_with(folder.as_str())) {
                continue;
            }
            assert!(
                !names_module(&code, game),
                "{relative} names the game {game}; only its folders (src/systems/{game}, src/ui/{game}) and the \
                 registries may"
            );
        }
    }
}

/// How shared code would know a game's own settings by string: a CO seat (`co:1`), every
/// seat's CO (`cos`), a seat's funds (`funds:1`), a house reading's prefix (`reading.`).
const GAME_SETTING_STRINGS: [&str; 4] = ["\"co:", "\"cos\"", "\"funds:", "\"reading."];

/// Whether `code` names a game's setting by string, and which.
fn names_a_game_setting(code: &str) -> Option<&'static str> {
    GAME_SETTING_STRINGS.into_iter().find(|s| code.contains(s))
}

#[test]
fn shared_code_asks_a_game_for_its_settings_and_never_names_one_by_string() {
    let games = games();
    for file in rust_files(&root().join("src")) {
        let relative = file.strip_prefix(root()).unwrap().to_string_lossy().replace('\\', "/");
        let own = games.iter().any(|game| {
            relative.starts_with(&format!("src/systems/{game}/")) || relative.starts_with(&format!("src/ui/{game}/"))
        });
        if own {
            continue;
        }
        let code = code_of(&file);
        assert!(
            names_a_game_setting(&code).is_none(),
            "{relative} names a game's setting by string ({:?}); ask OpenScenario::settings instead",
            names_a_game_setting(&code)
        );
    }
}

#[test]
fn the_setting_string_check_would_catch_a_violation() {
    assert_eq!(names_a_game_setting("scenario.with_setting(\"co:1\", first)"), Some("\"co:"));
    assert_eq!(names_a_game_setting("scenario.with_setting(\"cos\", \"none\")"), Some("\"cos\""));
    assert_eq!(names_a_game_setting("row.setting.trim_start_matches(\"reading.\")"), Some("\"reading."));
    assert_eq!(names_a_game_setting("crate::game::seat_choice(scenario, 0)"), None);
}

/// Whether code opens a left or right panel of its own rather than through `ui::dock`.
fn docks_its_own_column(code: &str) -> bool {
    ["Panel::left(", "Panel::right(", "SidePanel::"].iter().any(|opens| code.contains(opens))
}

#[test]
fn the_column_check_would_catch_a_game_opening_its_own() {
    assert!(docks_its_own_column(r#"egui::Panel::right("side").show(ui, |ui| side(desk, ui));"#));
    assert!(!docks_its_own_column(r#"crate::ui::dock::side_column(cx, ui, "side", 320.0, |_, ui| side(desk, ui));"#));
}

#[test]
fn each_game_has_its_own_screens_and_they_never_see_the_window() {
    let games = games();
    for game in &games {
        let screens = root().join("src").join("ui").join(game);
        assert!(screens.is_dir(), "{game} has no screens in src/ui/{game}");
        for file in rust_files(&screens) {
            let code = code_of(&file);
            assert!(
                !code.contains("StudioApp"),
                "{} names the window; a game's screens get a DeskContext",
                file.display()
            );
            assert!(
                !docks_its_own_column(&code),
                "{} opens a side column itself; a game's columns go through ui::dock, which keeps the board's share",
                file.display()
            );
            for other in games.iter().filter(|g| *g != game) {
                assert!(!names_module(&code, other), "{} names another game, {other}", file.display());
            }
        }
    }
}

#[test]
fn no_source_file_is_over_900_lines() {
    for dir in ["src", "tests", "benches", "examples"] {
        for file in rust_files(&root().join(dir)) {
            let lines = fs::read_to_string(&file).unwrap().lines().count();
            assert!(lines <= 900, "{} has {lines} lines; split it by concern", file.display());
        }
    }
}

/// The wiring a game writes around what only it knows: its seam (`system.rs`), its typed core
/// (`game.rs`), its playtest (`playtest.rs`) and its desk's root (`ui/<game>/mod.rs`). The
/// framework owns the rest, so this stays small; its words, reports, settings, commands and
/// screens have rooms of their own.
fn scaffolding_lines(game: &str) -> usize {
    let src = root().join("src");
    let files = [
        src.join("systems").join(game).join("system.rs"),
        src.join("systems").join(game).join("game.rs"),
        src.join("systems").join(game).join("playtest.rs"),
        src.join("ui").join(game).join("mod.rs"),
    ];
    files.iter().map(|f| fs::read_to_string(f).map_or(0, |text| text.lines().count())).sum()
}

#[test]
fn every_game_writes_at_most_600_lines_of_scaffolding_and_the_desk_trait_stays_small() {
    for game in games() {
        let lines = scaffolding_lines(&game);
        assert!(lines > 0, "{game} has its seam, core, playtest and desk root where every game has them");
        assert!(lines <= 600, "{game} writes {lines} lines of scaffolding; the framework should own more of it");
    }
    let desk = fs::read_to_string(root().join("src").join("ui").join("desk.rs")).unwrap();
    let start = desk.find("pub trait Desk:").expect("the Desk trait");
    let body = &desk[start..start + desk[start..].find("\n}\n").expect("its end")];
    let methods = body.lines().filter(|l| l.trim_start().starts_with("fn ")).count();
    assert!(methods <= 20, "Desk has {methods} methods; keep what every game answers alike out of it");
    assert!(!desk.contains("fn as_any"), "no as_any: a desk is downcast by trait upcasting");
}

/// The modules of one folder and which of them each names: a file is a module by its stem
/// (`play.rs` is `play`), a sub-folder one module; `mod.rs` declares the others and is left
/// out, as is the name of the folder's own module.
fn folder_graph(dir: &Path) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let mut modules = std::collections::BTreeMap::new();
    for entry in fs::read_dir(dir).unwrap().filter_map(|e| e.ok()) {
        let path = entry.path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if name == "mod" || (path.is_file() && path.extension().is_none_or(|e| e != "rs")) {
            continue;
        }
        let code: String = if path.is_dir() {
            rust_files(&path).iter().map(|f| code_of(f)).collect::<Vec<_>>().join("\n")
        } else {
            code_of(&path)
        };
        modules.insert(name, code);
    }
    let names: Vec<String> = modules.keys().cloned().collect();
    modules
        .iter()
        .map(|(name, code)| {
            let named = names
                .iter()
                .filter(|other| *other != name)
                .filter(|other| {
                    // `super::other` from a file of this folder, `super::super::other` from a
                    // sub-folder, or a `crate::` path ending in `::other`.
                    code.contains(&format!("super::{other}::"))
                        || code.contains(&format!("super::{other};"))
                        || code.contains(&format!("super::{{{other}"))
                        || code.contains(&format!(", {other}::"))
                        || code.contains(&format!("{{{other}::"))
                })
                .cloned()
                .collect();
            (name.clone(), named)
        })
        .collect()
}

#[test]
fn no_import_cycle_inside_the_window_or_any_rules_core() {
    let mut folders = vec![root().join("src/ui")];
    for game in games() {
        folders.push(root().join(format!("src/ui/{game}")));
        folders.push(root().join(format!("src/systems/{game}/rules")));
    }
    for folder in folders.into_iter().filter(|f| f.is_dir()) {
        let graph = folder_graph(&folder);
        assert_eq!(find_cycle(&graph), None, "files of {} import each other in a cycle: {graph:?}", folder.display());
    }
}

#[test]
fn no_import_cycle_between_top_level_modules() {
    let graph = module_graph(&rust_files(&root().join("src")));
    assert_eq!(find_cycle(&graph), None, "modules import each other in a cycle: {graph:?}");
}

#[test]
fn the_module_graph_checks_would_catch_a_violation() {
    let code =
        "use crate::systems::swat::rules::Pos;\nuse crate::ui::run_app;\nlet s = crate::systems::system(\"swat\");";
    assert_eq!(references(code), ["systems::swat", "ui", "systems"]);
    let mut graph = std::collections::BTreeMap::new();
    graph.insert("cli".to_owned(), ["ui".to_owned()].into_iter().collect());
    graph.insert("ui".to_owned(), ["editor".to_owned()].into_iter().collect());
    graph.insert("editor".to_owned(), std::collections::BTreeSet::new());
    assert_eq!(find_cycle(&graph), None);
    graph.insert("editor".to_owned(), ["cli".to_owned()].into_iter().collect());
    assert!(find_cycle(&graph).is_some_and(|c| c.len() == 4), "{graph:?}");
    assert_eq!(node_of(&root().join("src/systems/swat/rules/engine.rs")).as_deref(), Some("systems::swat"));
    assert_eq!(node_of(&root().join("src/systems/mod.rs")).as_deref(), Some("systems"));
    assert_eq!(node_of(&root().join("src/cli/mod.rs")).as_deref(), Some("cli"));
    // A game named by a path is seen, in a string or another word it is not.
    assert!(names_module("use super::swat::SwatDesk;", "swat"));
    assert!(names_module("pub mod skirm;", "skirm"));
    assert!(names_module("crate::systems::skirm::Skirm", "skirm"));
    assert!(!names_module("let id = \"swat\"; let swatch = 1;", "swat"));
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

/// The rooms every game has (`docs/ARCHITECTURE.md`, "The rooms every game has"): the same
/// concern under the same name in each, so a reader who knows one game finds it in another.
const ROOMS: [&str; 19] = [
    "rules/setup.rs",
    "rules/cycle.rs",
    "rules/check.rs",
    "rules/perform.rs",
    "rules/legal.rs",
    "rules/state.rs",
    "scenario/setup.rs",
    "scenario/generate.rs",
    "scenario/report.rs",
    "scenario/script.rs",
    "print/mod.rs",
    "print/draw.rs",
    "print/sheets.rs",
    "text.rs",
    "settings.rs",
    "game.rs",
    "system.rs",
    "playtest.rs",
    "ruleset.rs",
];

#[test]
fn every_game_it_finds_has_the_same_rooms() {
    let games = games();
    assert!(games.len() >= 4, "the games are found under src/systems: {games:?}");
    let mut missing = Vec::new();
    for game in &games {
        let folder = root().join("src").join("systems").join(game);
        for room in ROOMS {
            if !folder.join(room).is_file() {
                missing.push(format!("src/systems/{game}/{room}"));
            }
        }
        // The computer player is `rules/ai.rs` or the folder `rules/ai/`, by its size.
        let rules = folder.join("rules");
        if !rules.join("ai.rs").is_file() && !rules.join("ai").join("mod.rs").is_file() {
            missing.push(format!("src/systems/{game}/rules/ai.rs or rules/ai/"));
        }
        for window in ["commands.rs", "play.rs", "mod.rs"] {
            if !root().join("src").join("ui").join(game).join(window).is_file() {
                missing.push(format!("src/ui/{game}/{window}"));
            }
        }
    }
    assert!(missing.is_empty(), "rooms a game lacks (or keeps under another name): {missing:?}");
}

/// The test files `tests/suite.rs` lists as modules, and the files Cargo.toml builds as test
/// binaries of their own.
fn built_test_files() -> std::collections::BTreeSet<String> {
    let suite = fs::read_to_string(root().join("tests/suite.rs")).unwrap();
    let manifest = fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let modules = suite.lines().filter_map(|l| l.strip_prefix("mod ")?.strip_suffix(';')).map(|m| format!("{m}.rs"));
    let binaries =
        manifest.lines().filter_map(|l| l.trim().strip_prefix("path = \"tests/")?.strip_suffix('"').map(str::to_owned));
    modules.chain(binaries).collect()
}

#[test]
fn every_test_file_is_built_by_the_suite_or_as_a_binary_of_its_own() {
    // Cargo.toml turns automatic test discovery off (one binary instead of sixty): a file in
    // tests/ that neither lists would silently never run.
    let built = built_test_files();
    for entry in fs::read_dir(root().join("tests")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.extension().is_some_and(|e| e == "rs") && name != "suite.rs" {
            assert!(built.contains(&name), "tests/{name} is not built: add `mod` for it to tests/suite.rs");
        }
    }
    assert!(built.contains("bad_images.rs") && built.contains("architecture.rs"), "{built:?}");
}

/// What keeps a game's computer off the one planner: no `Planned` side, a `computer_moves`
/// that is not the planner's, or a search of its own (a look-ahead over copies of the game).
fn computer_off_the_planner(game_rs: &str, game_code: &str) -> Option<&'static str> {
    if !game_rs.contains("Planned for ") {
        return Some("no `impl Planned for` its core");
    }
    if !game_rs.contains("planner::computer_moves_watched(self, state, level, watch)") {
        return Some("a `computer_moves_watched` that is not the planner's");
    }
    if game_code.contains("fn best_style") || game_code.contains("study_games") {
        return Some("a search or study of its own");
    }
    None
}

#[test]
fn every_game_plays_its_computer_through_the_one_planner() {
    for game in games() {
        let dir = root().join("src").join("systems").join(&game);
        let game_rs = code_of(&dir.join("game.rs"));
        let all: String = rust_files(&dir).iter().map(|f| code_of(f)).collect();
        assert_eq!(computer_off_the_planner(&game_rs, &all), None, "{game}");
    }
}

#[test]
fn the_planner_check_would_catch_a_game_with_its_own_computer() {
    let own = "impl Rules for Core { fn computer_moves(&self, s: &S, l: Level) -> Vec<A> { ai::act(s, l) } }";
    assert!(computer_off_the_planner(own, own).is_some());
    let planned = "impl Planned for Core {} fn computer_moves_watched(..) { \
                   crate::game::planner::computer_moves_watched(self, state, level, watch) }";
    assert_eq!(computer_off_the_planner(planned, planned), None);
    assert!(computer_off_the_planner(planned, "fn best_style() {}").is_some());
}
