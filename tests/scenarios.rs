//! Scenario documents: the bundled samples, the file format (errors, migration, round trips),
//! statistics, symmetry, the tile library, AWBW import and export, and fuzzing of the readers.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::prelude::*;
use skirmish_studio::systems::swat::rules::{CoChoice, Pos, Ruleset};
use skirmish_studio::systems::swat::scenario::{
    Broken, Scenario, Symmetry, builtin_tiles, export_awbw_csv, import_awbw, load_scenario, save_scenario, stamp_tile,
    statistics, symmetry_report, validate,
};
use std::path::{Path, PathBuf};

fn rules() -> Ruleset {
    Ruleset::builtin().unwrap()
}

fn samples() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        // Skirmish Wars' samples (older files name no system); the others have their own
        // tests (tests/skirm_engine.rs, tests/armored_documents.rs).
        .filter(|p| {
            skirmish_studio::game::system_id_of(&std::fs::read_to_string(p).unwrap()).is_none_or(|id| id == "swat")
        })
        .collect();
    files.sort();
    files
}

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/awbw");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json" || e == "txt"))
        .filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with("LICENSE"))
        .collect();
    files.sort();
    files
}

fn load(path: &Path) -> Scenario {
    load_scenario(&rules(), &std::fs::read_to_string(path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn samples_cover_two_three_and_four_players_money_only_and_loaded_apcs() {
    let all: Vec<Scenario> = samples().iter().map(|p| load(p)).collect();
    assert!(all.len() >= 4);
    for seats in 2..=4 {
        assert!(all.iter().any(|s| s.players.len() == seats), "no {seats}-player sample");
    }
    assert!(all.iter().any(|s| s.units.is_empty()), "no sample starts with money only");
    assert!(all.iter().any(|s| s.units.iter().any(|u| !u.passengers.is_empty())), "no sample with loaded APCs");
    let mut sizes: Vec<(u16, u16)> = all.iter().map(|s| (s.board.width, s.board.height)).collect();
    sizes.sort_unstable();
    sizes.dedup();
    assert!(sizes.len() >= 4, "samples should differ in size: {sizes:?}");
}

#[test]
fn every_sample_validates_with_no_error_and_no_warning_and_is_symmetric() {
    let rules = rules();
    for path in samples() {
        let scenario = load(&path);
        let findings = validate(&rules, &scenario);
        assert_eq!(findings, vec![], "{}", path.display());
        if let Some(symmetry) = scenario.symmetry {
            assert_eq!(symmetry_report(&scenario, symmetry).unwrap(), vec![], "{}", path.display());
        }
    }
}

#[test]
fn every_sample_round_trips_through_save_and_load() {
    let rules = rules();
    for path in samples() {
        let scenario = load(&path);
        let text = save_scenario(&rules, &scenario).unwrap();
        assert_eq!(load_scenario(&rules, &text).unwrap(), scenario, "{}", path.display());
    }
}

#[test]
fn counter_pools_and_a_random_co_are_written_and_read_back() {
    let rules = rules();
    let mut scenario = load(&samples()[0]);
    scenario.players[0].co = CoChoice::Random;
    scenario.players[1].co = CoChoice::Chosen("general_hale".into());
    scenario.counters.insert("tank".into(), Some(2));
    scenario.counters.insert("rockets".into(), None);
    let text = save_scenario(&rules, &scenario).unwrap();
    assert!(text.contains("co: Some(\"random\")"), "{text}");
    assert!(text.contains("\"tank\": Some(2)") && text.contains("\"rockets\": None"), "{text}");
    assert_eq!(load_scenario(&rules, &text).unwrap(), scenario);
    // A hand-written pool may leave out `Some`, and a misspelt kind is named with its place.
    let hand = text.replace("\"tank\": Some(2)", "\"tank\": 2");
    assert_eq!(load_scenario(&rules, &hand).unwrap(), scenario);
    let error = load_scenario(&rules, &text.replace("\"tank\": Some(2)", "\"tnak\": Some(2)")).unwrap_err();
    assert!(error.message.contains("unknown unit kind 'tnak'; did you mean tank"), "{error}");
    assert!(error.line.is_some());
    let error = load_scenario(&rules, &text.replace("\"tank\": Some(2)", "\"tank\": Some(5000)")).unwrap_err();
    assert!(error.message.contains("5000 counters of 'tank'"), "{error}");
}

#[test]
fn saved_files_keep_the_terrain_as_one_string_per_row() {
    let rules = rules();
    let scenario = load(&samples()[0]);
    let text = save_scenario(&rules, &scenario).unwrap();
    let rows = text.lines().filter(|l| l.trim().starts_with('"') && l.trim().ends_with("\",")).count();
    assert!(rows >= usize::from(scenario.board.height), "{text}");
    assert!(text.contains("format_version: 3"));
}

#[test]
fn a_syntax_error_names_line_column_and_what_was_expected() {
    let error = load_scenario(&rules(), "Scenario(\n    format_version: 2,\n    name: 7,\n)").unwrap_err();
    assert_eq!(error.line, Some(3));
    assert!(error.column.is_some());
    assert!(error.message.contains("Expected string"), "{}", error.message);
}

#[test]
fn an_unknown_unit_or_terrain_gets_the_nearest_valid_names_and_its_place() {
    let rules = rules();
    let good = std::fs::read_to_string(&samples()[0]).unwrap();
    let text = good.replacen("kind: \"apc\"", "kind: \"apcc\"", 1);
    let error = load_scenario(&rules, &text).unwrap_err();
    assert!(error.message.contains("unknown unit kind 'apcc'; did you mean apc"), "{error}");
    assert!(error.line.is_some());
    let text = good.replacen("\"forest\"", "\"forrest\"", 1);
    let error = load_scenario(&rules, &text).unwrap_err();
    assert!(error.message.contains("did you mean forest"), "{error}");
}

#[test]
fn a_board_beyond_200_squares_is_refused_before_it_is_built() {
    let row = ".".repeat(201);
    let text = format!(
        "Scenario(format_version: 2, name: \"big\", ruleset: \"swat\", terrain: [\"{row}\"], players: [], victory: (conquest: true, victory_medals: None, city_conquest: None, turn_limit: None))"
    );
    let error = load_scenario(&rules(), &text).unwrap_err();
    assert!(error.message.contains("201 x 1"), "{error}");
}

#[test]
fn a_newer_format_is_refused_with_a_clear_message() {
    let error = load_scenario(&rules(), "Scenario(format_version: 9, name: \"x\")").unwrap_err();
    assert!(error.message.contains("format version 9 is newer"), "{error}");
}

#[test]
fn a_version_1_file_is_migrated_when_loaded() {
    let text = r#"Scenario(
        format_version: 1,
        name: "Old",
        ruleset: "swat",
        terrain: ["H..B", "....", "B..H"],
        properties: [(at: (0, 0), owner: 1), (at: (3, 0), owner: 1), (at: (0, 2), owner: 2), (at: (3, 2), owner: 2)],
        players: [(colour: "red", funds: 5), (colour: "Blue", co: Some("general_hale"), funds: 5)],
        conquest: true,
        turn_limit: Some(15),
    )"#;
    let scenario = load_scenario(&rules(), text).unwrap();
    assert_eq!(scenario.players[1].army, skirmish_studio::systems::swat::scenario::Army::Blue);
    assert_eq!(scenario.victory.turn_limit.unwrap().rounds, 15);
    assert_eq!(scenario.owners.get(&Pos::new(0, 2)), Some(&1));
    let saved = save_scenario(&rules(), &scenario).unwrap();
    assert!(saved.contains("format_version: 3"));
}

#[test]
fn statistics_give_income_unit_value_and_the_race_to_each_neutral_property() {
    let rules = rules();
    let path = samples().into_iter().find(|p| p.ends_with("bridgehead.ron")).unwrap();
    let stats = statistics(&rules, &load(&path));
    assert_eq!(stats.players[0].starting_income, 10);
    assert_eq!(stats.players[0].starting_unit_value, stats.players[1].starting_unit_value);
    let left = stats.neutral_properties.iter().find(|r| r.pos == Pos::new(7, 0)).unwrap();
    let right = stats.neutral_properties.iter().find(|r| r.pos == Pos::new(10, 0)).unwrap();
    // The board is mirrored, so the race is too.
    assert_eq!(left.first_turn, vec![right.first_turn[1], right.first_turn[0]]);
    assert!(left.first_turn[0] < left.first_turn[1]);
}

#[test]
fn first_turn_counts_movement_points_per_turn_without_splitting_a_step() {
    let rules = rules();
    let mut s = Scenario::new(&rules, 8, 1, rules.terrain_id("plain").unwrap(), 2);
    // Infantry (3 MP) at x=0; hills (2 MP each) from x=2: plain 1, hill 2 = 3 on turn 1,
    // then hill 2 (turn 2, 1 left), hill 2 does not fit (turn 3), ...
    for x in 2..8 {
        let index = s.index(Pos::new(x, 0));
        s.board.terrain[index] = rules.terrain_id("hill").unwrap();
    }
    let index = s.index(Pos::new(7, 0));
    s.board.terrain[index] = rules.terrain_id("city").unwrap();
    s.units.push(skirmish_studio::systems::swat::scenario::ScenarioUnit {
        kind: "infantry".into(),
        owner: 0,
        hp: 8,
        pos: Pos::new(0, 0),
        passengers: vec![],
    });
    let arrivals = skirmish_studio::systems::swat::scenario::capture_arrivals(&rules, &s, 0);
    assert_eq!(&arrivals[..], &[Some(0), Some(1), Some(1), Some(2), Some(3), Some(4), Some(5), Some(5)]);
}

#[test]
fn symmetry_report_lists_every_square_that_breaks_it_with_owners_swapped() {
    let rules = rules();
    let path = samples().into_iter().find(|p| p.ends_with("bridgehead.ron")).unwrap();
    let mut s = load(&path);
    assert_eq!(symmetry_report(&s, Symmetry::MirrorLeftRight).unwrap(), vec![]);
    // Paint one forest on the left only; give the left HQ's twin the same owner.
    let index = s.index(Pos::new(3, 0));
    s.board.terrain[index] = rules.terrain_id("forest").unwrap();
    s.owners.insert(Pos::new(17, 5), 0);
    let report = symmetry_report(&s, Symmetry::MirrorLeftRight).unwrap();
    assert!(
        report.iter().any(|a| a.pos == Pos::new(3, 0) && a.image == Pos::new(14, 0) && a.broken == Broken::Terrain)
    );
    assert!(report.iter().any(|a| a.pos == Pos::new(0, 5) && a.broken == Broken::Property));
    let square = load(&samples().into_iter().find(|p| p.ends_with("four-corners.ron")).unwrap());
    assert_eq!(symmetry_report(&square, Symmetry::Rotate90).unwrap(), vec![]);
    assert!(symmetry_report(&s, Symmetry::Rotate90).is_err(), "an 18 x 12 board cannot turn a quarter");
}

#[test]
fn the_tile_library_has_at_least_nine_square_tiles_and_stamps_turned() {
    let rules = rules();
    let tiles = builtin_tiles(&rules).unwrap();
    assert!(tiles.len() >= 9);
    let mut names: Vec<&str> = tiles.iter().map(|t| t.name.as_str()).collect();
    names.dedup();
    assert_eq!(names.len(), tiles.len());
    let river = tiles.iter().find(|t| t.name == "river-crossing").unwrap();
    let mut s = Scenario::new(&rules, 12, 12, rules.terrain_id("plain").unwrap(), 2);
    let edits = stamp_tile(&s, river, Pos::new(6, 6), 1);
    skirmish_studio::systems::swat::scenario::apply_all(&mut s, &edits).unwrap();
    // Turned a quarter clockwise, the north-south river runs east-west along the tile's third
    // row, the bridge sits on it, and the east-west road runs north-south.
    let id = |name| rules.terrain_id(name).unwrap();
    assert_eq!(s.terrain_at(Pos::new(6, 8)), id("river"));
    assert_eq!(s.terrain_at(Pos::new(11, 8)), id("river"));
    assert_eq!(s.terrain_at(Pos::new(9, 8)), id("bridge"));
    assert_eq!(s.terrain_at(Pos::new(9, 6)), id("road"));
    assert_eq!(s.terrain_at(Pos::new(9, 11)), id("road"));
    assert_eq!(s.tiles.len(), 1);
    assert_eq!(s.tiles[0].rotation, 1);
}

#[test]
fn every_awbw_fixture_imports_or_is_refused_clearly_and_validates_without_panic() {
    let rules = rules();
    let mut imported = 0;
    for path in fixtures() {
        let text = std::fs::read_to_string(&path).unwrap();
        match import_awbw(&rules, &text, "fixture") {
            Ok(result) => {
                imported += 1;
                let _ = validate(&rules, &result.scenario);
                let _ = statistics(&rules, &result.scenario);
                assert!(result.scenario.players.len() <= 4);
            }
            Err(error) => assert!(error.message.contains("armies; SWAT is for 2 to 4"), "{}: {error}", path.display()),
        }
    }
    assert!(imported >= 8, "most fixtures should import");
}

#[test]
fn awbw_json_import_maps_terrain_armies_and_units_and_reports_substitutions() {
    let rules = rules();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/awbw");
    let text = std::fs::read_to_string(dir.join("146471.json")).unwrap();
    let result = import_awbw(&rules, &text, "x").unwrap();
    let s = &result.scenario;
    assert_eq!((s.board.width, s.board.height), (22, 18));
    assert_eq!(result.report.armies.len(), 2);
    assert!(result.report.substitutions.iter().any(|sub| sub.awbw == "com tower"), "{:?}", result.report);
    assert_eq!(s.units.len(), 1);
    assert_eq!(s.units[0].kind, "infantry");
    // Six armies are more than SWAT seats.
    let six = std::fs::read_to_string(dir.join("108806.json")).unwrap();
    let error = import_awbw(&rules, &six, "x").unwrap_err();
    assert!(error.message.contains("6 armies"), "{error}");
}

#[test]
fn awbw_csv_import_reads_rows_and_reports_a_ragged_row_with_its_line() {
    let rules = rules();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/awbw");
    let text = std::fs::read_to_string(dir.join("155801.txt")).unwrap();
    let result = import_awbw(&rules, &text, "x").unwrap();
    assert_eq!((result.scenario.board.width, result.scenario.board.height), (22, 16));
    let error = import_awbw(&rules, "1,1,1\n1,1\n", "x").unwrap_err();
    assert_eq!(error.line, Some(2));
    let error = import_awbw(&rules, "1,1,zz\n", "x").unwrap_err();
    assert_eq!((error.line, error.column), (Some(1), Some(3)));
}

#[test]
fn a_scenario_exported_to_awbw_and_imported_back_has_the_same_terrain_and_properties() {
    let rules = rules();
    for path in samples() {
        let scenario = load(&path);
        let (csv, notes) = export_awbw_csv(&rules, &scenario);
        assert!(notes.is_empty(), "{notes:?}");
        let back = import_awbw(&rules, &csv, "x").unwrap().scenario;
        assert_eq!(back.board.terrain, scenario.board.terrain, "{}", path.display());
        assert_eq!(back.owners, scenario.owners, "{}", path.display());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_scenario_reader_never_panics_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = load_scenario(&rules(), &text);
        let _ = import_awbw(&rules(), &text, "x");
    }

    #[test]
    fn the_scenario_reader_never_panics_on_a_damaged_sample(cut in 0usize..3000, len in 0usize..60, insert in "[-0-9a-zA-Z(){}\\[\\],:\". ]{0,12}") {
        let text = std::fs::read_to_string(&samples()[0]).unwrap();
        let cut = cut.min(text.len());
        let end = (cut + len).min(text.len());
        if text.is_char_boundary(cut) && text.is_char_boundary(end) {
            let damaged = format!("{}{}{}", &text[..cut], insert, &text[end..]);
            if let Ok(scenario) = load_scenario(&rules(), &damaged) {
                let _ = validate(&rules(), &scenario);
            }
        }
    }

    #[test]
    fn validation_never_panics_on_arbitrary_structured_scenarios(
        width in 1u16..12, height in 1u16..12, seed in any::<u64>(),
        units in proptest::collection::vec((0usize..12, 0u8..6, 0u8..12, 0u16..14, 0u16..14, 0usize..4), 0..14),
        owners in proptest::collection::vec((0u16..14, 0u16..14, 0u8..6), 0..10),
        players in 0usize..6, funds in -5i64..50, first in 0u8..6, tile_size in 0u8..60,
        medals in proptest::option::of(0u32..20), cities in proptest::option::of(0u32..20), limit in proptest::option::of(0u32..30),
        pools in proptest::collection::vec((0usize..10, proptest::option::of(0u32..4)), 0..4),
    ) {
        let rules = rules();
        let mut dice = skirmish_studio::systems::swat::rules::Dice::new(seed);
        let mut s = Scenario::new(&rules, width, height, skirmish_studio::systems::swat::rules::TerrainId(0), 2);
        for t in &mut s.board.terrain {
            *t = skirmish_studio::systems::swat::rules::TerrainId(u8::try_from(dice.below(rules.terrains.len())).unwrap());
        }
        let names: Vec<String> = rules.units.iter().map(|u| u.id.clone()).chain(["bogus".to_owned()]).collect();
        for (kind, owner, hp, x, y, passengers) in units {
            s.units.push(skirmish_studio::systems::swat::scenario::ScenarioUnit {
                kind: names[kind % names.len()].clone(),
                owner,
                hp,
                pos: Pos::new(x, y),
                passengers: (0..passengers).map(|i| skirmish_studio::systems::swat::scenario::Passenger { kind: names[(kind + i) % names.len()].clone(), hp }).collect(),
            });
        }
        for (x, y, owner) in owners {
            s.owners.insert(Pos::new(x, y), owner);
        }
        s.players = (0..players).map(|i| skirmish_studio::systems::swat::scenario::ScenarioPlayer {
            army: skirmish_studio::systems::swat::scenario::Army::ALL[i % 4],
            // No CO, a chosen one (sometimes the same as another seat's) or a random one.
            co: match dice.below(4) {
                0 => CoChoice::NoCo,
                1 => CoChoice::Random,
                _ => rules.cos.get(i % 3).map_or(CoChoice::Random, |c| CoChoice::Chosen(c.id.clone())),
            },
            funds,
            controller: skirmish_studio::systems::swat::scenario::Controller::Human,
        }).collect();
        for (kind, pool) in pools {
            s.counters.insert(names[kind % names.len()].clone(), pool);
        }
        s.first_player = first;
        s.tile_size = tile_size;
        s.victory.victory_medals = medals;
        s.victory.city_conquest = cities;
        s.victory.turn_limit = limit.map(|rounds| skirmish_studio::systems::swat::rules::TurnLimit { rounds, tie_break: skirmish_studio::systems::swat::rules::TieBreak::Draw });
        let findings = validate(&rules, &s);
        let _ = statistics(&rules, &s);
        for symmetry in Symmetry::ALL {
            let _ = symmetry_report(&s, symmetry);
        }
        // A scenario without errors must start a game.
        if !skirmish_studio::systems::swat::scenario::has_errors(&findings) {
            let setup = s.to_setup(&rules).unwrap();
            prop_assert!(skirmish_studio::systems::swat::rules::start_game(&rules, &setup, 1).is_ok(), "{:#?}", findings);
        }
        // And every fix applies.
        for finding in &findings {
            if let Some(fix) = &finding.fix {
                let mut copy = s.clone();
                prop_assert!(skirmish_studio::systems::swat::scenario::apply_all(&mut copy, &fix.edits).is_some());
            }
        }
    }
}

#[test]
fn a_file_saved_with_the_old_v2_struct_names_reads_as_before_and_saves_with_plain_names() {
    let rules = rules();
    let text = std::fs::read_to_string(samples().into_iter().find(|p| p.ends_with("bridgehead.ron")).unwrap()).unwrap();
    let mut scenario = load_scenario(&rules, &text).unwrap();
    // A description quoting an old name keeps it: only names outside strings are renamed.
    scenario.description = "Quotes \"PropertyV2(\" and UnitV2( in words.".into();
    let saved = save_scenario(&rules, &scenario).unwrap();
    for old in ["PropertyV2(", "UnitV2(", "PlayerV2("] {
        assert_eq!(
            saved.matches(old).count(),
            usize::from(old == "PropertyV2(" || old == "UnitV2("),
            "{old} in\n{saved}"
        );
    }
    assert!(saved.contains("Property(") && saved.contains("Unit(") && saved.contains("Player("), "{saved}");
    // The same file as the old studio wrote it.
    let old =
        saved.replace(" Property(", " PropertyV2(").replace(" Unit(", " UnitV2(").replace(" Player(", " PlayerV2(");
    assert!(old.matches("PlayerV2(").count() == 2 && old.matches("PropertyV2(").count() > 2, "{old}");
    assert_eq!(load_scenario(&rules, &old).unwrap(), scenario);
}

/// A scenario's house readings are written only where one differs from the default, read back
/// as written, and a misspelt reading in the file is refused naming it.
#[test]
fn house_readings_are_written_when_set_read_back_and_a_misspelt_one_is_refused() {
    use skirmish_studio::systems::swat::rules::MedalLoss;
    let rules = rules();
    let mut scenario = load(&samples().into_iter().find(|p| p.ends_with("crossroads-duel.ron")).unwrap());
    let plain = save_scenario(&rules, &scenario).unwrap();
    assert!(!plain.contains("readings"), "the defaults are left out");
    scenario.readings.medal_loss = MedalLoss::Always;
    let text = save_scenario(&rules, &scenario).unwrap();
    assert!(text.contains("medal_loss: always"), "{text}");
    assert_eq!(load_scenario(&rules, &text).unwrap().readings.medal_loss, MedalLoss::Always);
    let misspelt = text.replace("medal_loss: always", "medal_los: always");
    let error = load_scenario(&rules, &misspelt).unwrap_err().to_string();
    assert!(error.contains("medal_los"), "{error}");
}
