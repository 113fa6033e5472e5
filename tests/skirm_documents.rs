//! Skirm scenario documents and the computer player: the samples validate clean and are
//! symmetric, each validator code fires on the fault it names, the loader says where a file
//! is wrong and never panics, the computer finishes 100 battles per sample and seating with
//! legal actions only, and random play keeps the engine's promises (listed actions pass the
//! check, refused actions change nothing, replays repeat).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::prelude::*;
use skirmish_studio::board::{Door, Edge, EdgeFeature, Pos};
use skirmish_studio::dice::Dice;
use skirmish_studio::systems::skirm::computer_battle;
use skirmish_studio::systems::skirm::rules::ItemKind;
use skirmish_studio::systems::skirm::rules::{
    Action, GameState, Outcome, Ruleset, Target, apply, check, computer_action, legal_actions, start_game,
};
use skirmish_studio::systems::skirm::scenario::{SkirmScenario, SquadUnit, load_scenario, save_scenario, validate};
use std::path::Path;

fn rules() -> Ruleset {
    Ruleset::builtin().unwrap()
}

const SAMPLES: [&str; 2] = ["skirm-ruined-crossing.ron", "skirm-night-extraction.ron"];

fn text(name: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name)).unwrap()
}

fn sample(name: &str) -> SkirmScenario {
    load_scenario(&rules(), &text(name)).unwrap()
}

fn codes(rules: &Ruleset, scenario: &SkirmScenario) -> Vec<&'static str> {
    validate(rules, scenario).iter().map(|f| f.code).collect()
}

fn unit(profile: &str) -> SquadUnit {
    SquadUnit { profile: profile.into(), name: String::new(), weapons: Vec::new(), gear: Vec::new(), xp: 0, pos: None }
}

#[test]
fn samples_two_missions_validate_clean_and_are_symmetric() {
    let rules = rules();
    let mut missions = Vec::new();
    for name in SAMPLES {
        let scenario = sample(name);
        assert_eq!(validate(&rules, &scenario), [], "{name}");
        missions.push(scenario.mission.clone());
        let system = skirmish_studio::systems::system("skirm").unwrap().rules(None).unwrap();
        let open = system.open(&text(name)).unwrap();
        let report = open.symmetry(None).unwrap();
        assert_eq!(report.json["symmetric"], true, "{name}: {}", report.text);
        // A single mirror must swap the squads' zones; under mirrors both ways one of the two
        // mirrors may keep them.
        let zones_broken = |kind: &str| {
            open.symmetry(Some(kind)).unwrap().json["asymmetries"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|a| a["broken"] == "deployment zone")
                .count()
        };
        assert_eq!(zones_broken("mirror-top-bottom"), 0, "{name}");
        assert_eq!(zones_broken("mirror-both"), 0, "{name}");
        assert!(zones_broken("mirror-left-right") > 0, "{name}: a left-right mirror keeps each zone");
        // Saving and reading again gives the same scenario.
        let again = load_scenario(&rules, &save_scenario(&rules, &scenario).unwrap()).unwrap();
        assert_eq!(again, scenario, "{name}");
    }
    missions.dedup();
    assert_eq!(missions.len(), 2, "two different missions");
}

#[test]
fn validator_squad_over_ep_two_leaders_unique_twice_and_gear_not_allowed() {
    let rules = rules();
    let mut s = sample(SAMPLES[0]);
    s.ep_limit = 80;
    assert!(codes(&rules, &s).contains(&"squad-over-ep-limit"));
    let mut s = sample(SAMPLES[0]);
    s.squads[0].units.push(unit("vanguard_captain"));
    assert!(codes(&rules, &s).contains(&"two-leaders"));
    let mut s = sample(SAMPLES[0]);
    s.squads[1].units.truncate(2);
    s.squads[1].units.push(unit("reaver_hexer"));
    s.squads[1].units.push(unit("reaver_hexer"));
    assert_eq!(codes(&rules, &s), ["unique-twice"]);
    let mut s = sample(SAMPLES[0]);
    s.squads[0].units[1].weapons.push("rail_lance".into());
    let found = validate(&rules, &s);
    assert!(found.iter().any(|f| f.code == "gear-not-allowed" && f.message.contains("XP5")), "{found:?}");
    s.squads[0].units[1].xp = 5;
    assert!(!codes(&rules, &s).contains(&"gear-not-allowed"), "with 5 XP it may");
    s.squads[0].units[2].weapons.push("chain_axe".into());
    assert!(
        validate(&rules, &s).iter().any(|f| f.code == "gear-not-allowed" && f.message.contains("armoury")),
        "the chain axe is a Reaver weapon"
    );
}

#[test]
fn validator_impassable_squares_zones_and_infiltrators() {
    let rules = rules();
    let impassable = rules.terrain_id("impassable").unwrap();
    let mut s = sample(SAMPLES[0]);
    s.board.set_terrain(s.objectives[0], impassable);
    s.board.set_terrain(s.items[0].0, impassable);
    s.squads[0].units[0].pos = Some(Pos::new(0, 0));
    s.board.set_terrain(Pos::new(0, 0), impassable);
    let found = codes(&rules, &s);
    for code in ["objective-on-impassable", "item-on-impassable", "unit-on-impassable"] {
        assert!(found.contains(&code), "{code}: {found:?}");
    }
    let mut s = sample(SAMPLES[0]);
    s.squads[0].units[0].pos = Some(Pos::new(5, 5));
    assert!(codes(&rules, &s).contains(&"unit-outside-zone"));
    let mut s = sample(SAMPLES[1]);
    // The Scout (INF) may deploy outside its zone, but not within 3 squares of the marker...
    let scout = s.squads[1].units.iter().position(|u| u.profile == "vanguard_scout").unwrap();
    s.squads[1].units[scout].pos = Some(Pos::new(4, 8));
    assert_eq!(codes(&rules, &s), [] as [&str; 0]);
    s.objectives.push(Pos::new(4, 7));
    assert!(codes(&rules, &s).contains(&"infiltrator-too-close"));
    // ...and far from everything it is fine.
    let mut s = sample(SAMPLES[1]);
    s.squads[1].units[scout].pos = Some(Pos::new(12, 5));
    assert!(
        !codes(&rules, &s).iter().any(|c| c.contains("zone") || c.contains("infiltrator")),
        "{:?}",
        codes(&rules, &s)
    );
    let mut s = sample(SAMPLES[0]);
    s.zones[1] = s.zones[0].clone();
    assert!(codes(&rules, &s).contains(&"zones-overlap"));
    s.zones[1].clear();
    assert!(codes(&rules, &s).contains(&"zone-missing"));
}

#[test]
fn validator_doors_need_walls_objectives_must_be_reachable_and_missions_need_their_pieces() {
    let rules = rules();
    let mut s = sample(SAMPLES[0]);
    s.board.set_edge(
        Edge::between(Pos::new(0, 5), Pos::new(0, 6)).unwrap(),
        Some(EdgeFeature { wall: None, door: Some(Door { open: false }) }),
    );
    assert!(codes(&rules, &s).contains(&"door-without-wall"));
    let mut s = sample(SAMPLES[0]);
    let impassable = rules.terrain_id("impassable").unwrap();
    let target = s.objectives[0];
    for square in s.board.squares().collect::<Vec<_>>() {
        if square.x.abs_diff(target.x) <= 1 && square.y.abs_diff(target.y) <= 1 && square != target {
            s.board.set_terrain(square, impassable);
        }
    }
    let found = validate(&rules, &s);
    assert!(found.iter().any(|f| f.code == "objective-unreachable" && f.places == [target]), "{found:?}");
    let mut s = sample(SAMPLES[0]);
    s.objectives.pop();
    s.items.retain(|(_, item)| *item != ItemKind::Crate);
    let found = codes(&rules, &s);
    assert!(found.contains(&"mission-needs-objectives") && found.contains(&"mission-needs-items"), "{found:?}");
    let mut s = sample(SAMPLES[1]);
    s.markers.clear();
    assert!(codes(&rules, &s).contains(&"mission-needs-markers"));
}

#[test]
fn validator_fairness_warnings_objective_race_zone_sizes_and_sight() {
    let rules = rules();
    let mut s = sample(SAMPLES[0]);
    // Move one terminal next to squad 1's zone: it gets there activations sooner.
    s.objectives[0] = Pos::new(0, 1);
    assert!(codes(&rules, &s).contains(&"objective-race"));
    let mut s = sample(SAMPLES[0]);
    s.zones[1].truncate(12);
    assert!(codes(&rules, &s).contains(&"zone-sizes-unequal"));
    // A tall wall along squad 2's zone with one gap: the squares behind the gap see much of
    // zone 1, while zone 1 sees only those few squares.
    let mut s = sample(SAMPLES[0]);
    let wall = skirmish_studio::board::Wall { height: 2, climbable: false };
    for x in 0..11u16 {
        s.board.set_edge(
            Edge::between(Pos::new(x, 9), Pos::new(x, 10)).unwrap(),
            Some(EdgeFeature { wall: Some(wall), door: None }),
        );
    }
    let before = skirmish_studio::systems::skirm::scenario::validate::zone_sight(&rules, &sample(SAMPLES[0]));
    assert_eq!(before.0, before.1, "the sample is fair");
    let (a, b) = skirmish_studio::systems::skirm::scenario::validate::zone_sight(&rules, &s);
    assert!(a * 5 < b * 4, "much of zone 2 is hidden from zone 1: {a} of {b}");
    let found = validate(&rules, &s);
    assert!(found.iter().any(|f| f.code == "zone-sight-unequal" && f.message.starts_with("zone 2")), "{found:?}");
    assert!(!codes(&rules, &sample(SAMPLES[0])).contains(&"zone-sight-unequal"));
}

#[test]
fn loader_says_where_a_file_is_wrong() {
    let rules = rules();
    let base = text(SAMPLES[0]);
    for (from, to, needle) in [
        ("mission: \"data_heist\"", "mission: \"data_hiest\"", "did you mean data_heist"),
        ("faction: \"reavers\"", "faction: \"reaver\"", "unknown faction 'reaver'"),
        ("(profile: \"reaver_brute\")", "(profile: \"vanguard_captain\")", "Reavers stat card"),
        ("\"111111111111\",\n        \"111111111111\",", "\"111111111111\",", "deployment must have 12 rows"),
        ("(at: (1, 5), item: Crate)", "(at: (13, 5), item: Crate)", "off the 12 x 12 map"),
        ("format_version: 1", "format_version: 9", "newer than this program reads"),
        ("system: \"skirm\"", "system: \"swat\"", "not Skirm"),
    ] {
        assert!(base.contains(from), "{from}");
        let error = load_scenario(&rules, &base.replacen(from, to, 1)).unwrap_err();
        assert!(error.to_string().contains(needle), "{to}: {error}");
    }
    let error =
        load_scenario(&rules, &base.replacen("(at: (1, 5), item: Crate)", "(at: (1, 5), item: Crate", 1)).unwrap_err();
    assert!(error.line.is_some(), "{error}");
}

#[test]
fn computer_finishes_100_battles_on_each_sample_in_both_seatings_with_legal_actions_only() {
    let rules = rules();
    for name in SAMPLES {
        let mut scenario = sample(name);
        for seating in 0..2 {
            if seating == 1 {
                scenario.squads.swap(0, 1);
            }
            let mut wins = [0usize; 3];
            for seed in 0..100 {
                // computer_battle applies each chosen action through the rules' check and
                // fails on a refusal.
                let (state, _) =
                    computer_battle(&rules, &scenario, seed).unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
                assert_ne!(state.outcome, Outcome::Ongoing);
                assert_eq!(state.turn, state.turns);
                wins[match state.outcome {
                    Outcome::Won { squad } => usize::from(squad),
                    _ => 2,
                }] += 1;
            }
            assert!(wins[0] > 0 && wins[1] > 0, "{name} seating {seating}: {wins:?}");
        }
    }
}

fn start(seed: u64, name: &str) -> (Ruleset, GameState) {
    let rules = rules();
    let setup = sample(name).to_setup(&rules).unwrap();
    let (state, _) = start_game(&rules, &setup, seed).unwrap();
    (rules, state)
}

/// A candidate action, legal or not, drawn from the dice: the engine must refuse the illegal
/// ones without changing anything.
fn wild_action(state: &GameState, dice: &mut Dice) -> Action {
    let square = |dice: &mut Dice| {
        Pos::new(
            u16::try_from(dice.below(usize::from(state.board.width) + 1)).unwrap(),
            u16::try_from(dice.below(usize::from(state.board.height) + 1)).unwrap(),
        )
    };
    let units = state.units.len() + 1;
    match dice.below(12) {
        0 => Action::Activate { unit: dice.below(units) },
        1 => Action::Move { to: square(dice) },
        2 => Action::Dash { to: square(dice) },
        3 => Action::Leap { to: square(dice) },
        4 => Action::Ranged {
            weapon: ["rifle", "scatter_gun", "frag_grenade", "pistol"][dice.below(4)].into(),
            targets: vec![Target::Unit(dice.below(units))],
        },
        5 => Action::Melee {
            weapon: ["blade", "combat_knife", "maul"][dice.below(3)].into(),
            target: Target::Unit(dice.below(units)),
        },
        6 => Action::Reroll { die: dice.below(4) },
        7 => Action::Adjust { die: dice.below(4), up: dice.below(2) == 0 },
        8 => Action::Delay,
        9 => Action::PickUp,
        10 => Action::UseTurret { targets: vec![Target::Unit(dice.below(units))] },
        _ => Action::EndActivation,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_play_listed_actions_pass_refusals_change_nothing_and_replays_repeat(seed in 0u64..1_000_000, sample_index in 0usize..2) {
        let name = SAMPLES[sample_index];
        let (rules, mut state) = start(seed, name);
        let mut dice = Dice::new(seed ^ 0x5eed);
        let mut taken = Vec::new();
        for _ in 0..400 {
            if state.outcome != Outcome::Ongoing {
                break;
            }
            let wild = wild_action(&state, &mut dice);
            if check(&rules, &state, &wild).is_err() {
                let before = state.clone();
                prop_assert!(apply(&rules, &mut state, &wild).is_err());
                prop_assert_eq!(&state, &before);
            }
            let listed = legal_actions(&rules, &state);
            for action in &listed {
                prop_assert_eq!(check(&rules, &state, action), Ok(()), "{:?}", action);
            }
            // Mostly the computer's choice, sometimes a random listed action.
            let action = if dice.below(4) == 0 { listed[dice.below(listed.len())].clone() } else { computer_action(&rules, &state).unwrap() };
            apply(&rules, &mut state, &action).unwrap();
            taken.push(action);
        }
        let (rules, mut replayed) = start(seed, name);
        for action in &taken {
            apply(&rules, &mut replayed, action).unwrap();
        }
        prop_assert_eq!(replayed, state);
    }

    #[test]
    fn loader_never_panics_on_damaged_files(cut in 0usize..4000, byte in 0u8..128, at in 0usize..4000, sample_index in 0usize..2) {
        let mut damaged = text(SAMPLES[sample_index]).into_bytes();
        let at = at.min(damaged.len() - 1);
        damaged[at] = byte;
        damaged.truncate(cut.max(at + 1).min(damaged.len()));
        let text = String::from_utf8_lossy(&damaged);
        let _ = load_scenario(&rules(), &text);
    }
}

// ---------------------------------------------------------------- the command line

fn run_args(args: &[&str]) -> (u8, String, String) {
    use clap::Parser;
    let cli = skirmish_studio::cli::Cli::try_parse_from(std::iter::once("skirmish-studio").chain(args.iter().copied()))
        .unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = skirmish_studio::cli::run(cli, &mut out, &mut err);
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

fn path_of(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name).display().to_string()
}

fn script_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("skirm-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn command_line_validate_stats_symmetry_simulate_on_skirm_files() {
    for name in SAMPLES {
        let file = path_of(name);
        let (code, out, _) = run_args(&["validate", &file]);
        assert_eq!(code, 0, "{out}");
        let (code, out, _) = run_args(&["stats", &file, "--json"]);
        assert_eq!(code, 0);
        let stats: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(stats["squads"].as_array().unwrap().len(), 2, "{out}");
        assert!(!stats["races"].as_array().unwrap().is_empty());
        let (code, out, _) = run_args(&["symmetry", &file]);
        assert_eq!(code, 0, "{out}");
        let (code, out, _) = run_args(&["simulate", &file, "--games", "4", "--json"]);
        assert_eq!(code, 0, "{out}");
        let summary: serde_json::Value = serde_json::from_str(&out).unwrap();
        let wins = summary["wins"][0].as_u64().unwrap() + summary["wins"][1].as_u64().unwrap();
        assert_eq!(wins + summary["draws"].as_u64().unwrap(), 4);
        let pdf = script_file("x.pdf", "");
        let (code, out, err) = run_args(&["export", &file, "--pdf", &pdf, "--square", "40mm"]);
        assert_eq!(code, 0, "{out}{err}");
        assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    }
    // A validator error exits 1.
    let broken = text(SAMPLES[0]).replace("ep_limit: 100", "ep_limit: 50");
    let (code, out, _) = run_args(&["validate", &script_file("broken.ron", &broken)]);
    assert_eq!(code, 1);
    assert!(out.contains("squad-over-ep-limit"), "{out}");
}

#[test]
fn command_line_play_runs_a_script_and_names_the_line_it_refuses() {
    let file = path_of(SAMPLES[0]);
    let script = "# the computer plays both squads for a while\n".to_owned() + &"ai\n".repeat(40);
    let (code, out, err) =
        run_args(&["play", &file, "--actions", &script_file("ai.txt", &script), "--seed", "5", "--json"]);
    assert_eq!(code, 0, "{err}");
    let played: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(played["events"].as_array().unwrap().len() > 40);
    assert_eq!(played["summary"]["turn"], 1);
    // Unit 0 belongs to squad 1; whichever squad has the initiative, a move far off the map
    // is refused on its line.
    let (code, _, err) =
        run_args(&["play", &file, "--actions", &script_file("bad.txt", "ai\nmove 40 40\n"), "--seed", "5"]);
    assert_eq!(code, 1);
    assert!(err.contains("line 2"), "{err}");
    let (code, _, err) =
        run_args(&["play", &file, "--actions", &script_file("typo.txt", "activate 0\nshooot rifle unit 9\n")]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2: unknown action 'shooot'"), "{err}");
}

#[test]
fn a_wall_higher_than_any_level_is_refused_with_its_edge() {
    let rules = rules();
    let text = include_str!("../scenarios/skirm-ruined-crossing.ron");
    let start = text.find("wall: Some((height: ").expect("the sample has a wall");
    let rest = &text[start + "wall: Some((height: ".len()..];
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    let hostile = format!("{}255{}", &text[..start + "wall: Some((height: ".len()], &rest[digits..]);
    let refused = load_scenario(&rules, &hostile).unwrap_err().to_string();
    assert!(refused.contains("255 levels high") && refused.contains("edge at"), "{refused}");
}

#[test]
fn the_battle_log_names_squads_and_units_as_people_read_them() {
    let rules = rules();
    let scenario = load_scenario(&rules, include_str!("../scenarios/skirm-night-extraction.ron")).unwrap();
    let setup = scenario.to_setup(&rules).unwrap();
    let (state, events) = start_game(&rules, &setup, 5).unwrap();
    let log: Vec<String> =
        events.iter().map(|e| skirmish_studio::systems::skirm::describe_event(&rules, &state, e)).collect();
    let text = log.join("\n");
    assert!(!text.contains("squad 1") && !text.contains("squad 2"), "{text}");
    assert!(!text.contains("(shuffle)"), "{text}");
    assert!(text.contains(&state.squads[0].name), "{text}");
}

#[test]
fn a_units_disc_shows_its_initial_and_the_number_the_log_gives_it() {
    // Ruined Crossing's Reaver Pack has three Raiders and The Hexer: the log's "Raider 2" is
    // "R2" on its disc, and The Hexer is "H" (not the "T" of its article).
    let scenario = sample("skirm-ruined-crossing.ron");
    let rules = rules();
    let marks: Vec<Vec<String>> = scenario.squads.iter().map(|squad| squad.counter_marks(&rules)).collect();
    assert_eq!(marks[0], ["C", "E", "M", "T1", "T2", "T3", "B"]);
    assert_eq!(marks[1], ["W", "R1", "R2", "R3", "S", "B", "G", "H"]);
}
