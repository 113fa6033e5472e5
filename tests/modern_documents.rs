//! Modern Skirmish's documents, print, seam and lab: the samples validate clean, are
//! symmetric in their terrain and carry the text's forces; each validator code is found on a
//! table made to break it and its fix clears it; hostile files are refused with what and where;
//! the print has every sheet at true size; property tests hold the rules' promises on computer
//! games; and the balance lab judges both samples by side.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use clap::Parser;
use proptest::prelude::*;
use skirmish_studio::balance::{BalanceOptions, run_balance};
use skirmish_studio::cli::{Cli, EXIT_OK, EXIT_UNREADABLE, run};
use skirmish_studio::export::{ExportOptions, Paper, Sheets, print_pdf, print_png};
use skirmish_studio::game::{Level, Rules, run_battle};
use skirmish_studio::systems::modern::game::ModernCore;
use skirmish_studio::systems::modern::print;
use skirmish_studio::systems::modern::rules::{
    Action, GameState, Outcome, apply, check, computer_action, legal_actions,
};
use skirmish_studio::systems::modern::ruleset::{Ruleset, cm};
use skirmish_studio::systems::modern::scenario::{ModernScenario, load_scenario, save_scenario, setup_of, validate};
use std::sync::Arc;

const TOWN: &str = include_str!("../scenarios/ms-town.ron");
const FIELD: &str = include_str!("../scenarios/ms-open-field.ron");

fn rules() -> Ruleset {
    Ruleset::builtin().unwrap()
}

fn run_args(args: &[&str]) -> (u8, String, String) {
    let cli = Cli::try_parse_from(std::iter::once("skirmish-studio").chain(args.iter().copied())).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = run(cli, &mut out, &mut err);
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-modern-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn codes(rules: &Ruleset, scenario: &ModernScenario) -> Vec<&'static str> {
    validate(rules, scenario).iter().map(|f| f.code).collect()
}

fn fix_clears(rules: &Ruleset, scenario: &mut ModernScenario, code: &str) {
    let findings = validate(rules, scenario);
    let finding = findings.iter().find(|f| f.code == code).unwrap_or_else(|| panic!("no {code} in {findings:?}"));
    let fix = finding.fix.clone().unwrap_or_else(|| panic!("{code} has no fix"));
    *scenario = *fix.result;
    assert!(!codes(rules, scenario).contains(&code), "the fix '{}' left {code}", fix.label);
}

#[test]
fn the_samples_validate_clean_are_symmetric_and_field_the_texts_forces() {
    for (name, text) in [("ms-town.ron", TOWN), ("ms-open-field.ron", FIELD)] {
        let path = format!("{}/scenarios/{name}", env!("CARGO_MANIFEST_DIR"));
        let (code, out, _) = run_args(&["validate", &path]);
        assert_eq!(code, EXIT_OK, "{out}");
        assert!(out.contains("0 errors, 0 warnings"), "{out}");
        let (code, out, _) = run_args(&["symmetry", &path]);
        assert_eq!(code, EXIT_OK, "{out}");
        assert!(out.contains("symmetric under mirror-top-bottom"), "{out}");
        let r = rules();
        let s = load_scenario(&r, text).unwrap();
        assert_eq!(load_scenario(&r, &save_scenario(&s).unwrap()).unwrap(), s, "a file reads back as written");
        let count =
            |troop: &str| s.units.iter().filter(|u| u.troop == troop).map(|u| u.figures.len()).collect::<Vec<_>>();
        assert_eq!(count("legionary"), [6, 6]);
        assert_eq!(count("auxiliary"), [6]);
        assert_eq!(count("soldier"), [9, 9]);
        assert_eq!(count("confederate"), [9]);
    }
    let r = rules();
    let town = load_scenario(&r, TOWN).unwrap();
    assert!(town.table.pieces.iter().filter(|p| p.kind == "building").count() >= 4, "the town has buildings");
}

#[test]
fn each_validator_code_is_found_and_its_fix_clears_it() {
    let r = rules();
    let base = load_scenario(&r, FIELD).unwrap();
    let mut s = base.clone();
    s.units.pop();
    fix_clears(&r, &mut s, "forces");
    let mut s = base.clone();
    s.units[0].figures.pop();
    fix_clears(&r, &mut s, "unit-size");
    let mut s = base.clone();
    s.units[0].figures[0] = (-cm(3.0), cm(80.0));
    assert!(codes(&r, &s).contains(&"off-table"));
    fix_clears(&r, &mut s, "off-table");
    let mut s = base.clone();
    s.units[1].figures[0] = s.units[0].figures[0];
    fix_clears(&r, &mut s, "overlap");
    let mut s = base.clone();
    s.units[0].figures[5].1 -= cm(20.0);
    assert!(codes(&r, &s).contains(&"apart"));
    fix_clears(&r, &mut s, "apart");
    let mut s = base.clone();
    for p in &mut s.units[0].figures {
        p.1 -= cm(30.0);
    }
    fix_clears(&r, &mut s, "outside-deployment");
    let mut s = base.clone();
    s.table.zones.clear();
    fix_clears(&r, &mut s, "no-deployment-zone");
    let mut s = base.clone();
    s.table.pieces[0].pose.x += cm(7.0);
    assert!(codes(&r, &s).contains(&"asymmetric-terrain"));
    let mut s = base;
    s.symmetry = None;
    fix_clears(&r, &mut s, "no-symmetry");
}

#[test]
fn hostile_files_are_refused_with_what_and_where() {
    let r = rules();
    let cases = [
        (TOWN.replace("\"soldier\"", "\"soldierz\""), "unknown troop type 'soldierz'"),
        (TOWN.replacen("(13.0, 80.75)", "(1e300, 80.75)", 1), "beyond any table"),
        (TOWN.replacen("(13.0, 80.75)", "(NaN, 80.75)", 1), "NaN"),
        (TOWN.replace("\"modern-skirmish\"", "\"chess\""), "not Modern Skirmish"),
        (TOWN.replace("format_version: 1", "format_version: 9"), "format version 9"),
        (TOWN.replace("\"building\"", "\"castle\""), "unknown terrain kind 'castle'"),
        (TOWN.replace("width: 120.0", "width: -5.0"), "width"),
        (TOWN.replace("units: [", "units: [(name: \"E\", troop: \"soldier\", figures: []),"), "0 figures"),
        (TOWN.replace("    units: [", "    readings: (fire_limit: twice),\n    units: ["), "twice"),
        ("Scenario(".to_owned(), ""),
    ];
    for (text, expect) in cases {
        let error = load_scenario(&r, &text).err().unwrap_or_else(|| panic!("accepted: {expect}")).to_string();
        assert!(error.contains(expect), "{expect}: {error}");
        let path = temp_file("hostile.ron", &text);
        let (code, _, err) = run_args(&["validate", path.to_str().unwrap()]);
        assert_eq!(code, EXIT_UNREADABLE, "{err}");
    }
    let many: String =
        (0..70).map(|i| format!("(name: \"U{i}\", troop: \"soldier\", figures: [(5.0, 5.0)]),")).collect();
    let error = load_scenario(&r, &TOWN.replace("units: [", &format!("units: [{many}"))).unwrap_err().to_string();
    assert!(error.contains("more than the 64"), "{error}");
}

#[test]
fn the_print_has_every_sheet_at_true_size() {
    let r = rules();
    let s = load_scenario(&r, TOWN).unwrap();
    let options = ExportOptions { paper: Paper::A4, scale: 72.0 / 2.54, ..ExportOptions::default() };
    let report = print_pdf(&print::ModernPrint { rules: &r, scenario: &s }, &options, &mut |_, _| {}).unwrap();
    assert!(report.bytes.starts_with(b"%PDF"));
    let poster = report.poster.unwrap();
    assert!(poster.across * poster.down >= 6, "120 x 90 cm takes several A4 pages");
    let text = report.page_text.join("\n");
    for needed in [
        "Morale minuses (rout at 13)",
        "Casualties (KIA)",
        "Ammo markers",
        "fire chart and close combat",
        "Defender 5",
        "0-",
        "Move outside buildings: 150 mm",
        "Move into or out of a building: 100 mm",
        "Move within a building: 50 mm",
        "setup map",
        "assembling the table",
    ] {
        assert!(text.contains(needed), "the print lacks '{needed}'");
    }
    for sheet in print::SHEETS {
        let one = ExportOptions { sheets: Sheets::only(&[sheet.id]), ..options.clone() };
        assert!(
            print_pdf(&print::ModernPrint { rules: &r, scenario: &s }, &one, &mut |_, _| {}).unwrap().pages >= 1,
            "{}",
            sheet.id
        );
    }
    let rosters = ExportOptions { sheets: Sheets::only(&["rosters"]), ..options.clone() };
    let page = print_pdf(&print::ModernPrint { rules: &r, scenario: &s }, &rosters, &mut |_, _| {}).unwrap();
    assert_eq!(page.pages, 2, "six units, four rosters a page");
    for m in ["4", "7", "11", "13"] {
        assert!(page.page_text[0].contains(m));
    }
    let png = print_png(
        &print::ModernPrint { rules: &r, scenario: &s },
        72.0 / 2.54,
        100,
        false,
        skirmish_studio::export::PrintArt::NONE,
    )
    .unwrap();
    let reader = png::Decoder::new(std::io::Cursor::new(png)).read_info().unwrap();
    assert_eq!((reader.info().width, reader.info().height), (4724, 3543), "120 x 90 cm at 100 dpi");
}

#[test]
fn the_stats_give_exact_kill_chances_per_enemy_type_and_row() {
    let path = format!("{}/scenarios/ms-open-field.ron", env!("CARGO_MANIFEST_DIR"));
    let (code, out, _) = run_args(&["stats", &path]);
    assert_eq!(code, EXIT_OK);
    assert!(out.contains("1st Legionaries, 2nd Legionaries at Soldiers      up to 30 cm: 1.000 / 0.694"), "{out}");
    assert!(out.contains("at Confederates  up to 60 cm: 0.083 / 0.028"), "{out}");
    assert!(out.contains("defender eliminated 0.401, both 0.367, attacker 0.231"), "{out}");
}

#[test]
fn a_script_plays_and_an_illegal_action_stops_with_its_reason() {
    let path = format!("{}/scenarios/ms-town.ron", env!("CARGO_MANIFEST_DIR"));
    let script = temp_file("script.txt", "pass\ntest 1\nmove 1 1:13,77\n");
    let (code, out, _) = run_args(&["play", &path, "--actions", script.to_str().unwrap()]);
    assert_eq!(code, EXIT_OK, "{out}");
    assert!(out.contains("Legionary 1 of 1st Legionaries moves"), "{out}");
    let bad = temp_file("bad.txt", "pass\ntest 1\nmove 1 1:13,40\n");
    let (code, out, err) = run_args(&["play", &path, "--actions", bad.to_str().unwrap()]);
    assert_ne!(code, EXIT_OK);
    assert!(format!("{out}{err}").contains("more than the 15 cm"), "{out}{err}");
}

fn computer_game(
    text: &str,
    seed: u64,
    level: Level,
) -> (skirmish_studio::systems::modern::rules::GameState, Vec<Action>) {
    let r = Arc::new(rules());
    let s = load_scenario(&r, text).unwrap();
    let core = ModernCore(Arc::clone(&r));
    let (mut state, _) = core.start(&setup_of(&r, &s, s.readings), seed).unwrap();
    let mut actions = Vec::new();
    while state.outcome == Outcome::Ongoing && actions.len() < 5_000 {
        let action = computer_action(&r, &state, level).unwrap();
        apply(&r, &mut state, &action).unwrap();
        actions.push(action);
    }
    (state, actions)
}

/// `unit` tested in `state`, and as tested in positions one thing away that the computer's
/// weighing reads, each asked after the one before it: an enemy figure a centimetre over; the
/// last round; the last round with its side five kills ahead (Hard presses in the last round
/// only when it is not ahead); the unit shaken by seven ammo markers (Hard is warier).
fn one_thing_away(state: &GameState, unit: usize) -> Vec<GameState> {
    let tested = GameState { active: Some(unit), ..state.clone() };
    let mut variants = vec![tested; 5];
    if let Some(enemy) = (0..state.figures.len())
        .find(|&i| state.on_table(i) && state.units[state.figures[i].unit].side != state.units[unit].side)
    {
        variants[0].figures[enemy].at.0 += 10_000;
    }
    variants[1].round = 12;
    variants[2].round = 12;
    variants[2].kills[usize::from(state.units[unit].side)] += 5;
    variants[3].units[unit].ammo += 7;
    variants
}

#[test]
fn the_computer_chooses_alike_with_what_its_game_kept_and_with_nothing_kept() {
    // The unit chosen to test is weighed again, unchanged, once it has passed, and that
    // weighing is kept for the position; views and crossings are kept throughout. At each
    // test the computer chooses, positions one thing away ask the same game's kept answers.
    let r = Arc::new(rules());
    let s = load_scenario(&r, TOWN).unwrap();
    let core = ModernCore(Arc::clone(&r));
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        let (mut state, _) = core.start(&setup_of(&r, &s, s.readings), 7).unwrap();
        let (mut decisions, mut asked) = (0, 0);
        while state.outcome == Outcome::Ongoing && decisions < 400 {
            let action = computer_action(&r, &state, level).unwrap();
            if let Action::Test { unit } = action {
                for (k, position) in std::iter::once(state.clone()).chain(one_thing_away(&state, unit)).enumerate() {
                    let fresh = GameState { setup: Arc::new(position.setup.afresh()), ..position.clone() };
                    // The game's own level, then the others in the same game.
                    for asked_at in [level, Level::Easy, Level::Normal, Level::Hard] {
                        let kept = computer_action(&r, &position, asked_at);
                        let afresh = computer_action(&r, &fresh, asked_at);
                        assert_eq!(kept, afresh, "{level:?} game, decision {decisions}, position {k} at {asked_at:?}");
                    }
                    asked += 1;
                }
            }
            apply(&r, &mut state, &action).unwrap();
            decisions += 1;
        }
        assert!(asked > 100, "{level:?}: {asked} positions asked over {decisions} decisions");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Every legal action passes the check, an action the check refuses changes nothing when
    /// applied, and a replay of the same seed and actions gives the same position.
    #[test]
    fn legal_actions_agree_with_the_check_and_replays_are_identical(seed in 0u64..10_000, stop in 0usize..60, pick in 0usize..1000) {
        let r = Arc::new(rules());
        let (_, actions) = computer_game(TOWN, seed, Level::Normal);
        let s = load_scenario(&r, TOWN).unwrap();
        let setup = setup_of(&r, &s, s.readings);
        let core = ModernCore(Arc::clone(&r));
        let (mut state, _) = core.start(&setup, seed).unwrap();
        for action in actions.iter().take(stop) {
            apply(&r, &mut state, action).unwrap();
        }
        for action in legal_actions(&r, &state) {
            prop_assert!(check(&r, &state, &action).is_ok(), "{action:?}");
        }
        let n = state.figures.len();
        let wild = [
            Action::Fire { figure: pick % n, target: (pick / 7) % n },
            Action::Test { unit: pick % 8 },
            Action::Move { unit: pick % 6, moves: vec![(pick % n, (cm((pick % 130) as f64), cm(((pick / 3) % 95) as f64)))] },
            Action::Charge { figure: pick % n, target: (pick / 5) % n, to: (cm(50.0), cm(50.0)) },
        ];
        for action in wild {
            let before = format!("{:?}{:?}{:?}", state.figures, state.units, state.dice);
            let mut probe = state.clone();
            match check(&r, &state, &action) {
                Ok(()) => prop_assert!(apply(&r, &mut probe, &action).is_ok()),
                Err(reason) => {
                    prop_assert_eq!(apply(&r, &mut probe, &action).unwrap_err(), reason);
                    prop_assert_eq!(format!("{:?}{:?}{:?}", probe.figures, probe.units, probe.dice), before);
                }
            }
        }
        let (again, replayed) = computer_game(TOWN, seed, Level::Normal);
        prop_assert_eq!(replayed, actions);
        prop_assert!(again.outcome != Outcome::Ongoing);
    }
}

#[test]
fn every_level_finishes_its_games_and_normal_beats_easy_with_sides_swapped() {
    let r = Arc::new(rules());
    let core = ModernCore(Arc::clone(&r));
    let s = load_scenario(&r, FIELD).unwrap();
    let mut normal = 0;
    let games = 60;
    for seed in 0..games {
        for (levels, normal_side) in [([Level::Normal, Level::Easy], 0u8), ([Level::Easy, Level::Normal], 1u8)] {
            let (record, _) = run_battle(&core, setup_of(&r, &s, s.readings), seed, None, 200, &levels).unwrap();
            assert_ne!(record.ending, "RoundCap");
            normal += usize::from(record.winner == Some(normal_side));
        }
    }
    assert!(normal > games as usize, "Normal won {normal} of {} games against Easy", 2 * games);
}

#[test]
fn the_balance_lab_judges_both_samples_by_side_and_sweeps_the_readings() {
    let system = skirmish_studio::systems::system("modern-skirmish").unwrap();
    let loaded = system.rules(None).unwrap();
    for text in [TOWN, FIELD] {
        let scenario = loaded.open(text).unwrap();
        let options = BalanceOptions {
            games: 100,
            until_clear: false,
            seed: 1,
            round_cap: 200,
            threads: 2,
            margin: 0.05,
            levels: [Level::Normal; 8],
        };
        let balance = run_balance(scenario.as_ref(), &options, &mut |_| {}).unwrap();
        assert_eq!(balance.games, 100);
        assert_eq!(balance.first_mover, None, "the text fixes who moves first: the lab judges sides, not seats");
        assert!(!balance.verdict.is_empty());
        assert!(balance.endings.get("RoundCap").copied().unwrap_or(0) < 2, "{:?}", balance.endings);
    }
    let scenario = loaded.open(TOWN).unwrap();
    let readings: Vec<String> = scenario
        .settings()
        .into_iter()
        .filter(skirmish_studio::game::Setting::is_played_reading)
        .map(|s| s.name)
        .collect();
    assert!(readings.contains(&"reading.fire_limit".to_owned()));
    assert!(!readings.contains(&"reading.deployment".to_owned()), "the validator's reading is not swept");
    assert_eq!(scenario.setting_value("reading.game_end").as_deref(), Some("twelve_rounds"));
    assert!(scenario.with_setting("reading.fire_limit", "as_written").is_ok());
    let refused = scenario.with_setting("reading.fire_limit", "never").err().unwrap();
    assert!(refused.contains("once_per_initiative"), "{refused}");
}

#[test]
fn the_balance_command_speaks_of_the_sides() {
    let path = format!("{}/scenarios/ms-open-field.ron", env!("CARGO_MANIFEST_DIR"));
    let (_, out, err) = run_args(&["balance", &path, "--games", "40", "--threads", "2"]);
    assert!(out.contains("Affiliation wins") && out.contains("Antagonist wins"), "{out}{err}");
    assert!(!out.contains("player 1") && !out.contains("Player 1"), "{out}");
    assert!(!out.contains("first mover"), "the text fixes the first side: {out}");
}

#[test]
fn an_undo_in_the_playtest_keeps_the_log_as_it_was_said() {
    use skirmish_studio::systems::modern::playtest::ModernPlay;
    let r = Arc::new(rules());
    let s = load_scenario(&r, TOWN).unwrap();
    let mut play = ModernPlay::start(Arc::clone(&r), s, 4).unwrap();
    play.act(&Action::Pass).unwrap();
    play.act(&Action::Test { unit: 0 }).unwrap();
    let said = play.log.clone();
    // The action is told once, by its event, with the die and what it needed.
    let tests: Vec<&String> = said.iter().filter(|l| l.starts_with("1st Legionaries tests its morale")).collect();
    assert_eq!(tests.len(), 1, "the test is logged once: {said:?}");
    assert!(tests[0].contains("rolls ") && tests[0].contains("or more"), "{said:?}");
    play.act(&Action::Pass).unwrap();
    assert!(play.undo());
    assert_eq!(play.log, said, "the replayed log says the same as the log as played");
}

#[test]
fn a_playtest_forks_into_a_scenario_of_the_units_and_figures_still_on_the_table() {
    use skirmish_studio::systems::modern::playtest::ModernPlay;
    let r = Arc::new(rules());
    let s = load_scenario(&r, TOWN).unwrap();
    let mut play = ModernPlay::start(Arc::clone(&r), s.clone(), 11).unwrap();
    play.computer = vec![true, true];
    let mut steps = 0;
    while play.state().figures.iter().all(|f| !f.killed) && steps < 400 {
        play.computer_step_here();
        steps += 1;
    }
    let standing = (0..play.state().figures.len()).filter(|&f| play.state().on_table(f)).count();
    assert!(standing < play.state().figures.len(), "a figure fell within {steps} computer steps");
    let forked = play.fork();
    assert_eq!(forked.units.iter().map(|u| u.figures.len()).sum::<usize>(), standing);
    assert_eq!((forked.name.as_str(), &forked.table), (s.name.as_str(), &s.table), "the table is the scenario's");
    let text = save_scenario(&forked).unwrap();
    let back = load_scenario(&r, &text).unwrap();
    assert_eq!(back, forked, "the fork is a scenario file like any other");
    let restarted = ModernPlay::start(Arc::clone(&r), forked, 1).unwrap();
    assert_eq!(restarted.state().figures.len(), standing);
}

/// Issue 38, item 8: overlapping pieces are an error, as in Armored Advance, and the one-click
/// fix leaves neither an overlap nor a piece without its image on the mirrored table.
#[test]
fn overlapping_pieces_are_found_and_their_fix_keeps_the_table_symmetric() {
    let rules = rules();
    let base = load_scenario(&rules, FIELD).unwrap();
    assert!(!codes(&rules, &base).contains(&"pieces-overlap"));
    let cm = |v: f64| (v * 10_000.0).round() as i64;
    let fix_of = |s: &ModernScenario| {
        let finding = validate(&rules, s).into_iter().find(|f| f.code == "pieces-overlap").expect("pieces-overlap");
        assert_eq!(finding.severity, skirmish_studio::game::Severity::Error);
        finding.fix.expect("a fix")
    };
    let clean = |s: &ModernScenario, what: &str| {
        let left = codes(&rules, s);
        assert!(!left.contains(&"pieces-overlap") && !left.contains(&"asymmetric-terrain"), "{what}: {left:?}");
    };

    // A wood and its echo moved in to the mirror line (45 cm) overlap each other.
    let mut s = base.clone();
    s.table.pieces[0].pose.y = cm(42.0);
    s.table.pieces[1].pose.y = cm(48.0);
    let fix = fix_of(&s);
    assert_eq!(fix.label, "Remove Wood 1 and Wood 2 (each the other's image)");
    s = *fix.result;
    clean(&s, "a wood and its echo");

    // Four woods overlapping in two mirrored pairs.
    let mut s = base.clone();
    s.table.pieces[2].pose.x = cm(30.0);
    s.table.pieces[3].pose.x = cm(30.0);
    let fix = fix_of(&s);
    assert_eq!(fix.label, "Remove Wood 3 and its image Wood 4");
    s = *fix.result;
    clean(&s, "four overlapping woods");
}

#[test]
fn a_narrow_poster_pages_name_is_shortened_to_end_before_its_top_right_crop_mark() {
    let r = rules();
    let s = load_scenario(&r, TOWN).unwrap();
    let options = ExportOptions {
        paper: Paper::A4,
        scale: 72.0 / 2.54,
        landscape: false,
        sheets: Sheets::only(&["table"]),
        ..ExportOptions::default()
    };
    let report = print_pdf(&print::ModernPrint { rules: &r, scenario: &s }, &options, &mut |_, _| {}).unwrap();
    let text = report.page_text.join("\n");
    // A full page has room for the whole name; the 12 cm last column does not. The 90 cm
    // depth is shared between four rows of 23, 23, 23 and 21 cm.
    assert!(text.contains("Table page R1C1 (row 1 of 4, column 1 of 7): 0 to 18 centimetres across, 0 to 23 down"));
    assert!(text.contains("Table page R1C7: 108 to 120 centimetres across, 0 to 23 down"), "{text}");
    assert!(!text.contains("column 7 of 7"));
}
