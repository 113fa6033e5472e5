//! What a printed Skirm card says against what the engine plays: every special rule printed
//! on the cards and the reference sheet of every bundled Skirm sample, read from the PDF's own
//! text, states the same distance the engine applies, checked in play at the printed distance
//! and one square short of it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::skirm_common;

use skirm_common::*;
use skirmish_studio::export::ExportOptions;
use skirmish_studio::systems::skirm::rules::{Ruleset, UnitSpecial};
use skirmish_studio::systems::skirm::scenario::load_scenario;
use std::path::Path;

/// Every Skirm sample: its file name, the PDF's text (all sheets, lines joined by spaces, as a
/// reader meets a wrapped sentence) and the unit special rules its squads carry.
fn printed_samples(rules: &Ruleset) -> Vec<(String, String, Vec<UnitSpecial>)> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        if skirmish_studio::game::system_id_of(&text).as_deref() != Some("skirm") {
            continue;
        }
        let scenario = load_scenario(rules, &text).unwrap();
        let mut specials: Vec<UnitSpecial> = Vec::new();
        for unit in scenario.squads.iter().flat_map(|s| &s.units) {
            for &special in rules.profile(&unit.profile).into_iter().flat_map(|(_, p)| &p.specials) {
                if !specials.contains(&special) {
                    specials.push(special);
                }
            }
        }
        let opened = skirmish_studio::systems::system_of(&text).unwrap().rules(None).unwrap().open(&text).unwrap();
        let options = ExportOptions { paper: opened.default_paper(), ..ExportOptions::default() };
        let report = opened.export_pdf(&options, &mut |_, _| {}).unwrap();
        let words = report.page_text.join(" ").split_whitespace().collect::<Vec<_>>().join(" ");
        out.push((path.file_name().unwrap().to_string_lossy().to_string(), words, specials));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(out.len() >= 2, "the Skirm samples are found");
    out
}

/// The least distance in squares at which a printed sentence says the rule applies: "N or
/// more squares" and "at least N squares" give N, "more than N squares" N + 1.
fn printed_threshold(sentence: &str) -> Option<u32> {
    let words: Vec<&str> = sentence.split(' ').collect();
    for (i, word) in words.iter().enumerate() {
        let Ok(n) = word.parse::<u32>() else { continue };
        let next = |k: usize| words.get(i + k).copied().unwrap_or("");
        let before = |k: usize| if i >= k { words[i - k] } else { "" };
        if next(1) == "or" && next(2) == "more" && next(3).starts_with("square") {
            return Some(n);
        }
        if next(1).starts_with("square") && before(2) == "at" && before(1) == "least" {
            return Some(n);
        }
        if next(1).starts_with("square") && before(2) == "more" && before(1) == "than" {
            return Some(n + 1);
        }
    }
    None
}

/// The printed sentence of a unit special: from its name to the next sentence's start.
fn printed_sentence(text: &str, special: UnitSpecial) -> Vec<&str> {
    let summary = special.summary();
    let name = summary.split(':').next().unwrap();
    let key = format!("{name}:");
    text.match_indices(&key)
        .map(|(at, _)| {
            let rest = &text[at..];
            let end = rest.find(')').map_or(rest.len().min(160), |e| e + 1);
            &rest[..end]
        })
        .collect()
}

#[test]
fn every_printed_distance_of_a_special_rule_is_the_one_the_engine_plays() {
    let rules = Ruleset::builtin().unwrap();
    let mut checked = 0;
    for (name, text, specials) in printed_samples(&rules) {
        for special in specials {
            let sentences = printed_sentence(&text, special);
            assert!(!sentences.is_empty(), "{name}: {special:?} is carried but its rule is not printed");
            let Some(_) = special.applies_at(0) else { continue };
            for sentence in sentences {
                let n = printed_threshold(sentence)
                    .unwrap_or_else(|| panic!("{name}: the card states no distance for {special:?}: {sentence}"));
                assert_eq!(special.applies_at(n), Some(true), "{name}: printed \"{sentence}\"; the engine at {n}");
                assert_eq!(
                    special.applies_at(n - 1),
                    Some(false),
                    "{name}: printed \"{sentence}\"; the engine at {}",
                    n - 1
                );
                if special == UnitSpecial::Camouflage {
                    camouflage_in_play_starts_at(n);
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 1, "at least one printed distance was checked");
}

/// In play, a Trooper (RSK 4) shooting a Marksman (CAM) `n` squares away rolls at RSK 3, and
/// one square nearer at 4.
fn camouflage_in_play_starts_at(n: u32) {
    let at = |distance: u32| {
        let y = u16::try_from(distance).unwrap();
        let mut b = battle(&[
            (0, "vanguard_trooper", (0, 0)),
            (1, "vanguard_marksman", (0, y)),
            (1, "vanguard_trooper", (7, 7)),
        ]);
        b.activate(0);
        b.dice(&[6, 6]);
        attacks(&b.shoot("rifle", 1).unwrap())[0].1
    };
    assert_eq!(at(n), 3, "the card's {n} squares: camouflage applies");
    assert_eq!(at(n - 1), 4, "{} squares: it does not", n - 1);
}

#[test]
fn the_threshold_reader_reads_each_wording() {
    assert_eq!(printed_threshold("Camouflage: a ranged attacker 4 or more squares away gets"), Some(4));
    assert_eq!(printed_threshold("Camouflage: a ranged attacker more than 4 squares away gets"), Some(5));
    assert_eq!(printed_threshold("deploys at least 3 squares from"), Some(3));
    assert_eq!(printed_threshold("moves two squares"), None);
}
