//! The log names every unit apart, all game long, in words: no ids, no code names, no unit
//! that turns into "a unit" once it is gone, and dice counted from one as a person counts
//! them. Played through `play` with the computer on both sides, as a user would.

#![allow(clippy::unwrap_used)]

use super::cli_common::run_args;

fn sample(name: &str) -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name).display().to_string()
}

/// The log of `turns` computer turns (or activations) of a sample.
fn computer_log(scenario: &str, turns: usize, seed: &str) -> String {
    let dir = std::env::temp_dir().join(format!("log-names-{}-{scenario}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("computer.actions");
    std::fs::write(&script, "computer\n".repeat(turns)).unwrap();
    let (code, out, err) =
        run_args(&["play", &sample(scenario), "--actions", script.to_str().unwrap(), "--seed", seed]);
    // Played to its end or through the script; a `computer` line after the end is refused.
    assert!(code == 0 || err.contains("the game is over"), "{scenario}: {err}");
    out
}

#[test]
fn skirmish_wars_names_a_unit_by_player_card_and_number_before_and_after_it_is_eliminated() {
    let log = computer_log("crossroads-duel.ron", 300, "1");
    let eliminated: Vec<&str> = log.lines().filter(|l| l.contains(" is eliminated")).collect();
    assert!(!eliminated.is_empty(), "the game should see a unit eliminated:\n{log}");
    for line in &eliminated {
        // "  Red's Infantry 2 is eliminated; a medal for Blue": the unit is named, and was
        // named alike when it came and when it fought.
        let name = line.trim().split(" is eliminated").next().unwrap();
        assert!(name.contains("'s ") && name.ends_with(|c: char| c.is_ascii_digit()), "{line}");
        let before = log.split(line).next().unwrap();
        assert!(
            before.contains(&format!("{name} is bought")) || before.contains(&format!("{name} moves")),
            "{name} never seen before:\n{log}"
        );
        assert!(before.contains(&format!("fires at {name}")), "{name}'s fight names it:\n{log}");
    }
    for banned in ["a unit", "unit #", "damage -"] {
        assert!(!log.contains(banned), "the log says {banned:?}:\n{log}");
    }
}

#[test]
fn skirm_names_units_weapons_costs_and_crates_in_words_and_counts_dice_from_one() {
    for scenario in ["skirm-night-extraction.ron", "skirm-ruined-crossing.ron"] {
        let log = computer_log(scenario, 400, "2");
        assert!(log.contains(" attacks "), "{scenario}: no attack in the log:\n{log}");
        for line in log.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            // No "unit 4", no code names (a weapon's file id has an underscore), no "TO".
            assert!(!words.windows(2).any(|w| w[0] == "unit" && w[1].parse::<u32>().is_ok()), "{line}");
            assert!(!words.iter().any(|w| w.contains('_')), "{line}");
            assert!(!line.contains(" TO") && !line.contains("die 0") && !line.contains("and 0 "), "{line}");
            assert!(!line.ends_with(": to") && !line.contains("Move costs"), "{line}");
        }
        // Two units of a squad are never written alike: the squad's repeated cards are numbered.
        let activations: std::collections::BTreeSet<&str> = log
            .lines()
            .filter_map(|l| l.split(" activates with").next().filter(|_| l.contains(" activates with")))
            .collect();
        assert!(
            activations
                .iter()
                .any(|name| name.split(" of ").next().is_some_and(|n| n.ends_with(|c: char| c.is_ascii_digit()))),
            "{scenario}: {activations:?}"
        );
    }
}

#[test]
fn names_are_numbered_only_where_a_side_repeats_them_and_stay_put_as_the_roster_stands() {
    use skirmish_studio::game::naming::distinct_names;
    let roster = [(0, "Sherman"), (0, "Rifle squad"), (0, "Sherman"), (1, "Sherman")];
    assert_eq!(distinct_names(&roster), ["Sherman 1", "Rifle squad", "Sherman 2", "Sherman"]);
    // Two of a name are never written alike, even beside a unit already called "Sherman 2".
    let names = distinct_names(&[(0, "Sherman"), (0, "Sherman"), (0, "Sherman 2")]);
    assert_eq!(names, ["Sherman 1", "Sherman 3", "Sherman 2"]);
}

#[test]
fn a_seat_whose_name_ends_in_s_owns_its_units_with_a_bare_apostrophe() {
    let names = vec!["Allies".to_owned(), "Axis".to_owned(), "Blue".to_owned()];
    assert_eq!(
        skirmish_studio::game::named_seats("player 1's Tank 1 fires at player 3's Infantry 2", &names),
        "Allies' Tank 1 fires at Blue's Infantry 2"
    );
    assert_eq!(skirmish_studio::game::named_seats("player 2 ends the turn", &names), "Axis ends the turn");
    // A plural seat takes a plural verb; a name like Axis stays singular.
    assert_eq!(
        skirmish_studio::game::named_seats("game over: player 1 wins; player 2 takes the first turn", &names),
        "game over: Allies win; Axis takes the first turn"
    );
    assert_eq!(skirmish_studio::game::named_seats("player 1 ends its turn", &names), "Allies end their turn");
    assert_eq!(skirmish_studio::game::named_seats("player 3 wins", &names), "Blue wins");
    assert_eq!(skirmish_studio::game::named_seats("player 1 isolated", &names), "Allies isolated");
    assert_eq!(
        skirmish_studio::game::named_seats("Sherman 1 of player 1 moves", &names),
        "Sherman 1 of Allies moves",
        "the unit is the subject"
    );
}

#[test]
fn armored_advance_numbers_a_sides_two_tanks_of_one_model_in_the_log() {
    let log = computer_log("aa-hedgerow-crossing.ron", 80, "1");
    for number in ["1", "2"] {
        assert!(log.contains(&format!("Medium tank (M4 Sherman) {number} of")), "{log}");
    }
    assert!(!log.contains("Medium tank (M4 Sherman) of"), "a Sherman written without its number:\n{log}");
}
