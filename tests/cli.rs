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
    assert!(out.contains("9 units, 10 terrains, 15 chart rows, 6 COs"), "{out}");
    let (code, out, _) = run_args(&["ruleset", "--json"]);
    assert_eq!(code, EXIT_OK);
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value["ok"], true);
    assert_eq!(value["ruleset"]["units"][5]["id"], "tank");
}

#[test]
fn ruleset_command_reports_every_problem_of_a_replacement_file_with_exit_1() {
    let broken = skirmish_studio::systems::swat::rules::BUILTIN_SWAT_RON
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

fn sample(name: &str) -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name).display().to_string()
}

#[test]
fn validate_exit_0_for_clean_files_1_for_errors_2_for_unreadable() {
    let (code, out, _) = run_args(&["validate", &sample("bridgehead.ron"), &sample("four-corners.ron")]);
    assert_eq!(code, EXIT_OK, "{out}");
    assert!(out.contains("bridgehead.ron: 0 errors, 0 warnings"), "{out}");
    let broken = std::fs::read_to_string(sample("bridgehead.ron")).unwrap().replace("funds: 5", "funds: -5");
    let path = temp_file("broken-scenario.ron", &broken);
    let (code, out, _) = run_args(&["validate", path.to_str().unwrap(), "--json"]);
    assert_eq!(code, EXIT_PROBLEMS);
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    let findings = value["files"][0]["findings"].as_array().unwrap();
    assert!(findings.iter().any(|f| f["code"] == "negative-funds" && f["severity"] == "Error"), "{out}");
    assert!(findings.iter().any(|f| f["fix"]["label"].is_string()));
    let (code, _, err) = run_args(&["validate", &sample("bridgehead.ron"), "/no/such/file.ron"]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("/no/such/file.ron"));
    let garbage = temp_file("garbage-scenario.ron", "Scenario(format_version: 2, name: [)");
    let (code, _, err) = run_args(&["validate", garbage.to_str().unwrap()]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("line 1, column"), "{err}");
}

#[test]
fn stats_prints_text_and_json() {
    let (code, out, _) = run_args(&["stats", &sample("four-corners.ron")]);
    assert_eq!(code, EXIT_OK);
    assert!(out.contains("Yellow: 1 city, 1 factory, 1 HQ; income $10"), "{out}");
    let (code, out, _) = run_args(&["stats", &sample("four-corners.ron"), "--json"]);
    assert_eq!(code, EXIT_OK);
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value["players"].as_array().unwrap().len(), 4);
}

#[test]
fn play_applies_a_script_prints_events_and_stops_at_an_illegal_action() {
    let script = temp_file(
        "duel.actions",
        "# Red buys an infantry, Blue passes, Red walks it toward the middle.\nbuy 2,1 infantry\nend\nend\nmove 0 2,4\nend\n",
    );
    let (code, out, err) =
        run_args(&["play", &sample("crossroads-duel.ron"), "--actions", script.to_str().unwrap(), "--seed", "3"]);
    assert_eq!(code, EXIT_OK, "{err}");
    assert!(out.contains("Red's Infantry 1 is bought at (2, 1)"), "{out}");
    assert!(out.contains("-- round 2"), "{out}");
    assert!(out.contains("moves from (2, 1) to (2, 4)"), "{out}");
    let (code, out, _) =
        run_args(&["play", &sample("crossroads-duel.ron"), "--actions", script.to_str().unwrap(), "--json"]);
    assert_eq!(code, EXIT_OK);
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value["summary"]["round"], 2);
    assert!(value["refused"].is_null());
    let illegal = temp_file("illegal.actions", "buy 2,1 infantry\nmove 0 2,3\n");
    let (code, _, err) = run_args(&["play", &sample("crossroads-duel.ron"), "--actions", illegal.to_str().unwrap()]);
    assert_eq!(code, EXIT_PROBLEMS);
    assert!(err.contains("line 2") && err.contains("bought this turn"), "{err}");
    let unreadable = temp_file("bad.actions", "jump 3\n");
    let (code, _, err) = run_args(&["play", &sample("crossroads-duel.ron"), "--actions", unreadable.to_str().unwrap()]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("line 1: unknown action 'jump'"), "{err}");
}

#[test]
fn play_with_the_same_seed_gives_the_same_events() {
    let script = temp_file("fight.actions", "attack 5 14\nend\n");
    let args = ["play", &sample("bridgehead.ron"), "--actions", script.to_str().unwrap(), "--json", "--seed", "42"];
    let (code, first, err) = run_args(&args);
    let (_, second, _) = run_args(&args);
    assert_eq!(first, second);
    // Unit 5 (Red's tank) is far from unit 14 (Blue's), so the attack is refused with its reason.
    assert_eq!(code, EXIT_PROBLEMS, "{err}");
    assert!(err.contains("squares away"), "{err}");
}

#[test]
fn import_and_export_awbw_from_the_command_line() {
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/awbw/146471.json");
    let output = temp_file("imported.ron", "");
    let (code, out, err) = run_args(&["import", fixture.to_str().unwrap(), "-o", output.to_str().unwrap()]);
    assert_eq!(code, EXIT_OK, "{err}");
    assert!(out.contains("became"), "{out}");
    let (code, _, _) = run_args(&["validate", output.to_str().unwrap()]);
    assert!(code == EXIT_OK || code == EXIT_PROBLEMS);
    let csv = temp_file("exported.csv", "");
    let (code, _, err) = run_args(&["export-awbw", &sample("bridgehead.ron"), "-o", csv.to_str().unwrap()]);
    assert_eq!(code, EXIT_OK, "{err}");
    let text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(text.lines().count(), 12);
    let six = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/awbw/108806.json");
    let (code, _, err) = run_args(&["import", six.to_str().unwrap(), "-o", output.to_str().unwrap()]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("6 armies"), "{err}");
}

#[test]
fn simulate_plays_computer_games_and_reports_wins_lengths_and_endings() {
    let (code, out, err) =
        run_args(&["simulate", &sample("crossroads-duel.ron"), "--games", "6", "--seed", "5", "--json"]);
    assert_eq!(code, EXIT_OK, "{err}");
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value["games"], 6);
    let wins: u64 = value["wins"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).sum();
    assert_eq!(wins + value["draws"].as_u64().unwrap(), 6);
    assert!(value["mean_rounds"].as_f64().unwrap() > 1.0);
    let (_, again, _) =
        run_args(&["simulate", &sample("crossroads-duel.ron"), "--games", "6", "--seed", "5", "--json"]);
    assert_eq!(out, again, "the same seeds give the same games");
    let (code, out, _) = run_args(&["simulate", &sample("four-corners.ron"), "--games", "4"]);
    assert_eq!(code, EXIT_OK);
    assert!(
        out.contains("Yellow wins")
            && !out.contains("player 4")
            && out.contains("95% interval")
            && out.contains("length:"),
        "{out}"
    );
}

/// The table poster's pages from `export`'s report line ("board on 7 x 6 pages").
fn poster_pages(out: &str) -> u32 {
    let tail = out.split("board on ").nth(1).unwrap_or_else(|| panic!("a poster: {out}"));
    let mut numbers = tail.split(|c: char| !c.is_ascii_digit()).filter(|n| !n.is_empty());
    numbers.next().unwrap().parse::<u32>().unwrap() * numbers.next().unwrap().parse::<u32>().unwrap()
}

#[test]
fn an_open_table_prints_at_1_to_1_only_in_the_orientation_that_takes_fewest_pages() {
    let pdf = temp_file("table.pdf", "");
    let pdf = pdf.to_str().unwrap();
    for file in ["aa-hedgerow-crossing.ron", "ms-town.ron"] {
        let (code, _, err) =
            run_args(&["export", &sample(file), "--pdf", pdf, "--sheets", "table", "--square", "40mm"]);
        assert_eq!(code, EXIT_UNREADABLE, "{file}: {err}");
        assert!(err.contains("an open table prints at 1:1"), "{file}: {err}");
        let pages = |orientation: &[&str]| {
            let sample = sample(file);
            let mut args = vec!["export", sample.as_str(), "--pdf", pdf, "--sheets", "table"];
            args.extend_from_slice(orientation);
            let (code, out, err) = run_args(&args);
            assert_eq!(code, EXIT_OK, "{file}: {err}");
            poster_pages(&out)
        };
        let (chosen, portrait, landscape) = (pages(&[]), pages(&["--portrait"]), pages(&["--landscape"]));
        assert_eq!(chosen, portrait.min(landscape), "{file}: {portrait} portrait, {landscape} landscape");
    }
    // Town: 7 x 4 portrait pages on Letter, not landscape's 5 x 6.
    let (_, out, _) = run_args(&["export", &sample("ms-town.ron"), "--pdf", pdf, "--sheets", "table"]);
    assert!(out.contains("board on 7 x 4 pages"), "{out}");
}

#[test]
fn export_writes_a_pdf_and_a_png_and_refuses_impossible_settings() {
    let pdf = temp_file("export.pdf", "");
    let png = temp_file("export.png", "");
    let (code, out, err) = run_args(&[
        "export",
        &sample("bridgehead.ron"),
        "--pdf",
        pdf.to_str().unwrap(),
        "--paper",
        "a4",
        "--square",
        "25mm",
        "--overlap",
        "5",
        "--sheets",
        "board,setup",
        "--greyscale",
        "--png",
        png.to_str().unwrap(),
        "--dpi",
        "50",
    ]);
    assert_eq!(code, EXIT_OK, "{err}");
    assert!(out.contains("board on"), "{out}");
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    let (code, _, err) =
        run_args(&["export", &sample("bridgehead.ron"), "--pdf", pdf.to_str().unwrap(), "--square", "3km"]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("3km"), "{err}");
    let (code, _, err) =
        run_args(&["export", &sample("bridgehead.ron"), "--pdf", pdf.to_str().unwrap(), "--paper", "legal"]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("legal"), "{err}");
    let (code, _, err) = run_args(&["export", &sample("bridgehead.ron")]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("nothing to export"), "{err}");
}

#[test]
fn symmetry_command_reports_the_declared_symmetry_and_a_named_one() {
    let sample = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/bridgehead.ron");
    let sample = sample.to_str().unwrap();
    let (code, out, _) = run_args(&["symmetry", sample]);
    assert_eq!(code, EXIT_OK, "{out}");
    assert!(out.contains("symmetric under mirror left-right"), "{out}");
    let (code, out, _) = run_args(&["symmetry", sample, "--kind", "mirror-top-bottom", "--json"]);
    assert_eq!(code, EXIT_PROBLEMS);
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value["symmetric"], false);
    assert!(!value["asymmetries"].as_array().unwrap().is_empty());
    let (code, _, err) = run_args(&["symmetry", sample, "--kind", "spiral"]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("unknown symmetry 'spiral'"), "{err}");
    assert!(err.ends_with("mirror-left-right, mirror-top-bottom, mirror-both, rotate180, rotate90\n"), "{err}");
}

#[test]
fn a_file_names_its_game_system_and_an_unknown_one_is_refused_with_its_name() {
    let sample =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/bridgehead.ron"))
            .unwrap();
    let other = temp_file("other-system.ron", &sample.replacen("ruleset: \"swat\"", "ruleset: \"chess\"", 1));
    let (code, _, err) = run_args(&["validate", other.to_str().unwrap()]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("unknown game system 'chess'"), "{err}");
}

#[test]
fn hp_reads_as_a_bare_number_as_the_file_format_says() {
    let sample =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/bridgehead.ron"))
            .unwrap();
    let bare =
        sample.replacen("passengers: [(kind: \"infantry\")", "hp: 5, passengers: [(kind: \"infantry\", hp: 3)", 1);
    assert_ne!(bare, sample, "the sample has a loaded APC to change");
    let boxed = bare.replacen("hp: 5", "hp: Some(5)", 1);
    let rules = skirmish_studio::systems::swat::rules::Ruleset::builtin().unwrap();
    for text in [bare, boxed] {
        let scenario = skirmish_studio::systems::swat::scenario::load_scenario(&rules, &text).unwrap();
        let apc = scenario.units.iter().find(|u| u.kind == "apc").unwrap();
        assert_eq!((apc.hp, apc.passengers[0].hp), (5, 3));
        let path = temp_file("hp.ron", &text);
        let (code, _, err) = run_args(&["validate", path.to_str().unwrap()]);
        assert_ne!(code, EXIT_UNREADABLE, "{err}");
    }
}

#[test]
fn validate_json_carries_the_fix_of_a_skirm_squad_over_its_ep_limit_with_its_edits() {
    let text =
        std::fs::read_to_string(sample("skirm-ruined-crossing.ron")).unwrap().replace("ep_limit: 100", "ep_limit: 40");
    let path = temp_file("skirm-over-ep.ron", &text);
    let (code, out, _) = run_args(&["validate", path.to_str().unwrap(), "--json"]);
    assert_eq!(code, EXIT_PROBLEMS, "{out}");
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    let findings = value["files"][0]["findings"].as_array().unwrap();
    let over = findings.iter().find(|f| f["code"] == "squad-over-ep-limit").expect("a squad over the limit");
    let label = over["fix"]["label"].as_str().expect("the fix's label");
    assert!(label.starts_with("Raise the EP limit to "), "{label}");
    let edits = over["fix"]["edits"].as_array().expect("the fix's edits");
    let ep = edits[0]["SetEpLimit"]["ep"].as_u64().expect("the new limit");
    assert!(ep > 40 && label.ends_with(&ep.to_string()), "{over}");
    // The text output names the fix too.
    let (_, text_out, _) = run_args(&["validate", path.to_str().unwrap()]);
    assert!(text_out.contains("(fix: Raise the EP limit to"), "{text_out}");
}

#[test]
fn a_count_takes_its_noun_in_the_right_number() {
    use skirmish_studio::game::counted;
    assert_eq!(counted(1, "error", "errors"), "1 error");
    assert_eq!(counted(0, "error", "errors"), "0 errors");
    assert_eq!(counted(2, "warning", "warnings"), "2 warnings");
}

#[test]
fn calibrate_refuses_too_few_games_and_a_game_without_unit_costs() {
    let (code, _, err) = run_args(&["calibrate", "scenarios/aa-hedgerow-crossing.ron", "--games", "5"]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("at least 100 games"), "{err}");
    let (code, _, err) = run_args(&["calibrate", "scenarios/bridgehead.ron"]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("no requisition costs"), "{err}");
    let (code, _, err) = run_args(&["balance", "scenarios/skirm-ruined-crossing.ron", "--games", "20", "--readings"]);
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("no house readings"), "{err}");
}

/// No threads, or more than any machine has, is an impossible setting: clap refuses it with
/// the flag and the range before a game is played.
#[test]
fn balance_and_calibrate_refuse_a_thread_count_out_of_range() {
    for command in ["balance", "calibrate"] {
        for threads in ["0", "1025"] {
            let refused =
                Cli::try_parse_from(["skirmish-studio", command, "scenarios/bridgehead.ron", "--threads", threads])
                    .err()
                    .map(|e| e.to_string())
                    .unwrap_or_default();
            assert!(refused.contains("--threads") && refused.contains("1..=1024"), "{command} {threads}: {refused}");
        }
        assert!(
            Cli::try_parse_from(["skirmish-studio", command, "scenarios/bridgehead.ron", "--threads", "2"]).is_ok()
        );
    }
}

#[test]
fn export_without_paper_or_square_takes_each_games_own_print_defaults() {
    // Skirm: 40 mm squares on A4; Skirmish Wars: 1-inch squares on Letter.
    for (name, media, square) in [
        ("skirm-ruined-crossing.ron", "/MediaBox[0 0 595.28 841.89]", "40 mm"),
        ("bridgehead.ron", "/MediaBox[0 0 612 792]", "1 in"),
    ] {
        let pdf = temp_file(&format!("defaults-{name}.pdf"), "");
        let (code, out, err) =
            run_args(&["export", &sample(name), "--pdf", pdf.to_str().unwrap(), "--sheets", "board"]);
        assert_eq!(code, 0, "{name}: {err}");
        let bytes = std::fs::read(&pdf).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.contains(media), "{name} prints on its game's paper ({square} squares): {out}");
    }
}

#[test]
fn the_help_names_every_game_the_registry_lists_with_its_sheets() {
    let mut command = skirmish_studio::cli::command();
    let top = command.render_long_help().to_string();
    let export = command.find_subcommand_mut("export").unwrap().render_long_help().to_string();
    for system in skirmish_studio::systems::SYSTEMS {
        for help in [&top, &export] {
            assert!(
                help.contains(system.id()) && help.contains(system.title()),
                "{} missing from:\n{help}",
                system.id()
            );
        }
        for sheet in system.sheets() {
            assert!(export.contains(sheet.id), "sheet {} of {} missing from export's help", sheet.id, system.id());
        }
    }
}

#[test]
fn the_command_line_names_no_game_in_its_own_words() {
    // Help that names games by hand falls behind when a game is added; the registry's list does not.
    let names: Vec<String> = skirmish_studio::systems::SYSTEMS
        .iter()
        .flat_map(|s| [s.title().to_owned(), s.title().split(':').next().unwrap_or_default().to_owned()])
        .collect();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        for name in &names {
            let named = text
                .match_indices(name.as_str())
                .any(|(at, _)| !text[at + name.len()..].chars().next().is_some_and(char::is_alphanumeric));
            assert!(!named, "{} names the game '{name}'", path.display());
        }
    }
}

#[test]
fn balance_across_levels_says_whether_the_verdict_holds_at_every_level_with_the_draws() {
    let sample = format!("{}/scenarios/ms-open-field.ron", env!("CARGO_MANIFEST_DIR"));
    let report = std::env::temp_dir().join(format!("skirmish-levels-{}.html", std::process::id()));
    let (_, out, err) =
        run_args(&["balance", &sample, "--games", "10", "--across-levels", "--report", report.to_str().unwrap()]);
    assert!(
        out.contains("the verdict holds at every level") || out.contains("the verdict depends on the computer's level"),
        "{out}{err}"
    );
    for level in ["Easy: ", "Normal: ", "Hard: "] {
        let line = out.lines().find(|l| l.trim_start().starts_with(level)).unwrap_or_else(|| panic!("{level} {out}"));
        assert!(line.contains("Affiliation") && line.contains("draws "), "names and draws: {line}");
    }
    let html = std::fs::read_to_string(&report).unwrap();
    assert!(html.contains("At every level of the computer"), "the HTML too");
    let (_, json, _) = run_args(&["balance", &sample, "--games", "10", "--across-levels", "--json"]);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["across_levels"]["runs"].as_array().unwrap().len(), 3);
    assert!(value["across_levels"]["holds"].is_boolean());
}

/// Skirmish Wars' house reading (rule 4.0's counter loss) is a setting like the open-table
/// games': listed by `ruleset` with the sentence it resolves, set with `--set reading.NAME`,
/// misspelt names and values refused with what there is, and tried by `balance --readings`.
#[test]
fn skirmish_wars_names_its_rule_4_reading_and_the_lab_tries_it() {
    let (code, out, _) = run_args(&["ruleset", "--system", "swat"]);
    assert_eq!(code, 0);
    assert!(out.contains("medal_loss when_medals_win | always") && out.contains("4.0, Victory Medals"), "{out}");
    let set = |value: &str| run_args(&["balance", "scenarios/crossroads-duel.ron", "--games", "4", "--set", value]);
    let (code, _, err) = set("reading.medal_loss=sometimes");
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("has no value 'sometimes' (it takes when_medals_win, always)"), "{err}");
    let (code, _, err) = set("reading.medal_los=always");
    assert_eq!(code, EXIT_UNREADABLE);
    assert!(err.contains("no reading 'medal_los'") && err.contains("medal_loss"), "{err}");
    let (code, _, err) = set("reading.medal_loss=always");
    assert_ne!(code, EXIT_UNREADABLE, "{err}");
    let (code, out, err) = run_args(&["balance", "scenarios/crossroads-duel.ron", "--games", "20", "--readings"]);
    assert_ne!(code, EXIT_UNREADABLE, "{err}");
    assert!(out.contains("reading.medal_loss=always (20 games)"), "{out}");
}
