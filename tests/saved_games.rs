//! One saved-game format for every game: a game saved in any of the four games loads back to
//! the same position, with the computer's seats and level; a saved game of one game offered to
//! another is refused by the saved game's name; a damaged or tampered file is refused with
//! where.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::game::Level;
use skirmish_studio::systems::{armored, modern, skirm, swat};
use std::sync::Arc;

/// Each game's saved game after a few computer moves, with its name.
fn saved_games() -> Vec<(&'static str, String)> {
    let swat_rules = swat::rules::Ruleset::builtin().unwrap();
    let scenario = swat::scenario::load_scenario(&swat_rules, include_str!("../scenarios/bridgehead.ron")).unwrap();
    let mut session = swat::SwatPlay::start(Arc::new(swat_rules.clone()), scenario, 3).unwrap();
    session.level = Level::Hard;
    session.computer = vec![true, true];
    for _ in 0..3 {
        session.computer_step_here();
    }
    let swat_text = session.save().unwrap();
    let back = swat::SwatPlay::load(Arc::new(swat_rules.clone()), &swat_text).unwrap();
    assert_eq!(back.state, session.state, "Skirmish Wars loads back where it stood");
    assert_eq!(back.level, Level::Hard);

    let skirm_rules = Arc::new(skirm::rules::Ruleset::builtin().unwrap());
    let scenario =
        skirm::scenario::load_scenario(&skirm_rules, include_str!("../scenarios/skirm-ruined-crossing.ron")).unwrap();
    let mut play = skirm::SkirmPlay::start(Arc::clone(&skirm_rules), scenario, 4).unwrap();
    play.computer = vec![true, true];
    for _ in 0..20 {
        play.computer_step_here();
    }
    play.computer = vec![false, true];
    let skirm_text = play.save().unwrap();
    let back = skirm::SkirmPlay::load(Arc::clone(&skirm_rules), &skirm_text).unwrap();
    assert_eq!(back.state, play.state, "Skirm loads back where it stood");
    assert_eq!(back.computer, [false, true]);
    assert_eq!(back.log, play.log);

    let aa_rules = Arc::new(armored::ruleset::Ruleset::builtin().unwrap());
    let scenario =
        armored::scenario::load_scenario(&aa_rules, include_str!("../scenarios/aa-three-farms.ron")).unwrap();
    let mut play = armored::playtest::ArmoredPlay::start(Arc::clone(&aa_rules), scenario, 5).unwrap();
    play.computer = vec![true, true];
    play.level = Level::Easy;
    for _ in 0..20 {
        play.computer_step_here();
    }
    let aa_text = play.save().unwrap();
    let back = armored::playtest::ArmoredPlay::load(Arc::clone(&aa_rules), &aa_text).unwrap();
    assert_eq!(back.state(), play.state(), "Armored Advance loads back where it stood");
    assert_eq!(back.level, Level::Easy);

    let ms_rules = Arc::new(modern::ruleset::Ruleset::builtin().unwrap());
    let scenario = modern::scenario::load_scenario(&ms_rules, include_str!("../scenarios/ms-town.ron")).unwrap();
    let mut play = modern::playtest::ModernPlay::start(Arc::clone(&ms_rules), scenario, 6).unwrap();
    play.computer = vec![true, true];
    for _ in 0..20 {
        play.computer_step_here();
    }
    let ms_text = play.save().unwrap();
    let back = modern::playtest::ModernPlay::load(Arc::clone(&ms_rules), &ms_text).unwrap();
    assert_eq!(back.actions, play.actions, "Modern Skirmish loads back where it stood");
    assert_eq!(format!("{:?}", back.state()), format!("{:?}", play.state()));
    assert_eq!(back.log, play.log);

    vec![
        ("Skirmish Wars", swat_text),
        ("Skirm", skirm_text),
        ("Armored Advance", aa_text),
        ("Modern Skirmish", ms_text),
    ]
}

/// What each game's loader says of `text`.
fn load_in_every_game(text: &str) -> Vec<(&'static str, Result<(), String>)> {
    let swat_rules = Arc::new(swat::rules::Ruleset::builtin().unwrap());
    let skirm_rules = Arc::new(skirm::rules::Ruleset::builtin().unwrap());
    let aa_rules = Arc::new(armored::ruleset::Ruleset::builtin().unwrap());
    let ms_rules = Arc::new(modern::ruleset::Ruleset::builtin().unwrap());
    vec![
        ("Skirmish Wars", swat::SwatPlay::load(swat_rules, text).map(|_| ())),
        ("Skirm", skirm::SkirmPlay::load(skirm_rules, text).map(|_| ())),
        ("Armored Advance", armored::playtest::ArmoredPlay::load(aa_rules, text).map(|_| ())),
        ("Modern Skirmish", modern::playtest::ModernPlay::load(ms_rules, text).map(|_| ())),
    ]
}

#[test]
fn every_game_saves_in_the_one_format_and_refuses_another_games_saved_game_by_name() {
    for (game, text) in saved_games() {
        assert!(text.contains("format_version: 2"), "{game}");
        assert!(text.contains(&format!("game: \"{game}\"")), "{game}");
        for (other, loaded) in load_in_every_game(&text) {
            if other == game {
                assert!(loaded.is_ok(), "{game} loads its own: {loaded:?}");
            } else {
                let refused = loaded.expect_err("another game's saved game is refused");
                assert_eq!(refused, format!("this is a saved game of {game}, not of {other}"));
            }
        }
    }
}

#[test]
fn a_damaged_or_tampered_saved_game_is_refused_with_where() {
    let (_, text) = saved_games().remove(3);
    let truncated = &text[..text.len() / 2];
    for (game, loaded) in load_in_every_game(truncated) {
        let refused = loaded.expect_err("a truncated file is refused");
        assert!(refused.contains("line ") || refused.contains("saved game of"), "{game}: {refused}");
    }
    let misspelt = text.replacen("seed:", "sede:", 1);
    let refused = modern::playtest::ModernPlay::load(Arc::new(modern::ruleset::Ruleset::builtin().unwrap()), &misspelt)
        .err()
        .unwrap();
    assert!(refused.contains("unknown field `sede`") && refused.contains("did you mean `seed`"), "{refused}");
    let old = text.replacen("format_version: 2", "format_version: 1", 1);
    let refused =
        modern::playtest::ModernPlay::load(Arc::new(modern::ruleset::Ruleset::builtin().unwrap()), &old).err().unwrap();
    assert!(refused.contains("format 1"), "{refused}");
}
