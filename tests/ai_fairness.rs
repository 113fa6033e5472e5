//! The Normal computer player is seat-invariant: on a symmetric map, the turn it plays for one
//! seat is the mirror image of the turn it plays for the other.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::fairness_fixtures;

use fairness_fixtures::{fixture_balance, normal_games};
use skirmish_studio::systems::swat::rules::{
    Action, CoChoice, GameState, Level, Outcome, Pos, Ruleset, ai_turn_at, apply, start_game,
};
use skirmish_studio::systems::swat::scenario::{Scenario, load_scenario};
use std::path::Path;

fn sample(rules: &Ruleset, name: &str) -> Scenario {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name)).unwrap();
    load_scenario(rules, &text).unwrap()
}

/// The scenario with `first` moving first and no COs: the samples give the two seats different
/// COs, which is an asymmetry of the rules, not of the map.
fn state(rules: &Ruleset, scenario: &Scenario, first: u8) -> GameState {
    let mut scenario = scenario.clone();
    scenario.first_player = first;
    for player in &mut scenario.players {
        player.co = CoChoice::NoCo;
    }
    start_game(rules, &scenario.to_setup(rules).unwrap(), 1).unwrap().0
}

/// A turn as what it does on the board: each action by the squares it names.
fn footprint(state: &GameState, actions: &[Action], map: impl Fn(Pos) -> Pos) -> Vec<String> {
    let at = |unit| map(state.unit(unit).map(|u| u.pos).unwrap_or(Pos::new(0, 0)));
    actions
        .iter()
        .map(|a| match a {
            Action::Move { unit, path } => format!("move {:?} -> {:?}", at(*unit), path.last().map(|&p| map(p))),
            Action::Attack { unit, target } => format!("attack {:?} -> {:?}", at(*unit), at(*target)),
            Action::Capture { unit } => format!("capture {:?}", at(*unit)),
            Action::Buy { factory, kind } => format!("buy {kind:?} at {:?}", map(*factory)),
            Action::Unload { transport, to, .. } => format!("unload {:?} -> {:?}", at(*transport), map(*to)),
            other => format!("{other:?}"),
        })
        .collect()
}

/// The first turn at which the game started by seat 2 stops mirroring the game started by
/// seat 1 on the sample `name`, with both seats played at `level`; `None` when the whole game
/// mirrors.
fn first_divergence(rules: &Ruleset, name: &str, level: Level) -> Option<(usize, Vec<String>, Vec<String>)> {
    diverges(rules, &sample(rules, name), level)
}

/// The first turn at which the game started by seat 2 stops mirroring the game started by
/// seat 1 on `scenario`, with both seats played at `level`; `None` when the whole game mirrors.
fn diverges(rules: &Ruleset, scenario: &Scenario, level: Level) -> Option<(usize, Vec<String>, Vec<String>)> {
    let map = scenario.symmetry.unwrap().maps()[0];
    let (w, h) = (scenario.board.width, scenario.board.height);
    let mut first = state(rules, scenario, 0);
    let mut second = state(rules, scenario, 1);
    // Each turn of the game where seat 1 starts should mirror the same turn of the game where
    // seat 2 starts (same seed, so the same rolls in the same order).
    for turn in 0..40 {
        if first.outcome != Outcome::Ongoing {
            return None;
        }
        let turn_one = ai_turn_at(rules, &first, 2000, level);
        let turn_two = ai_turn_at(rules, &second, 2000, level);
        let mirrored = footprint(&first, &turn_one, |p| map.apply(p, w, h));
        let actual = footprint(&second, &turn_two, |p| p);
        if mirrored != actual {
            return Some((turn, mirrored, actual));
        }
        for action in &turn_one {
            apply(rules, &mut first, action).unwrap();
        }
        for action in &turn_two {
            apply(rules, &mut second, action).unwrap();
        }
    }
    None
}

#[test]
fn normal_plays_the_mirror_image_turn_for_the_other_seat_on_symmetric_maps() {
    let rules = Ruleset::builtin().unwrap();
    for name in ["bridgehead.ron", "crossroads-duel.ron"] {
        assert_eq!(first_divergence(&rules, name, Level::Normal), None, "{name}");
    }
    // The check can fail: Easy, which breaks ties top-left first, does not mirror on the map
    // that is symmetric under a half turn.
    assert!(first_divergence(&rules, "crossroads-duel.ron", Level::Easy).is_some());
}

/// Issue 37: on generated maps without HQs, seat 1 won beyond chance against the same player
/// in seat 2, because an army without an HQ took its first unit in the list as its anchor, so
/// the two seats' frames were not mirror images. Each seat now anchors at the centre of its
/// units, and every turn of the game one seat starts mirrors the other seat's game.
#[test]
fn without_hqs_each_seat_plays_the_mirror_image_of_the_other_seats_game() {
    use skirmish_studio::game::GenerateRequest;
    let rules = Ruleset::builtin().unwrap();
    let system = skirmish_studio::systems::system("swat").unwrap().rules(None).unwrap();
    // Two of the maps the lab found seat-biased (fresh seed block 8001-8100), both without HQs.
    for seed in [8021, 8090] {
        let text = system.generate(&GenerateRequest::seeded(seed)).unwrap().text;
        let scenario = load_scenario(&rules, &text).unwrap();
        let start = state(&rules, &scenario, 0);
        let hq = skirmish_studio::systems::swat::rules::PropertyKind::Hq;
        assert!(!start.board.squares().any(|p| start.property_at(&rules, p) == Some(hq)), "seed {seed}: no HQs");
        assert_eq!(diverges(&rules, &scenario, Level::Normal), None, "generated seed {seed}");
    }
}

/// The smaller version of the balance check of issue 11: on every sample that declares a
/// symmetry, judged without COs (the samples give the seats different COs, an asymmetry of
/// the rules rather than of the map), the Normal player favours no seat beyond chance. The
/// first mover rotates, so its advantage is not mistaken for the position's.
#[test]
fn on_symmetric_samples_without_cos_the_normal_player_favours_no_seat() {
    for (name, games) in [("bridgehead.ron", 200), ("crossroads-duel.ron", 300), ("four-corners.ron", 200)] {
        let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name)).unwrap();
        let opened = skirmish_studio::systems::system_of(&text).unwrap().rules(None).unwrap().open(&text).unwrap();
        let fair = opened.with_setting("cos", "none").unwrap();
        let options = normal_games(games);
        let balance = skirmish_studio::balance::run_balance(fair.as_ref(), &options, &mut |_| {}).unwrap();
        assert!(!balance.favoured, "{name}: {}", balance.verdict);
    }
}

/// Several maps judged at once: each at the 1% level (z = 2.58), so that the family of six
/// has about a 5% chance of a false alarm, as one map judged at 5% would.
#[test]
fn mirrored_awbw_fixtures_favour_no_seat_under_the_normal_player() {
    let results = fixture_balance(30);
    assert!(results.len() >= 3, "enough fixtures make playable mirrored maps: {}", results.len());
    for (name, balance) in &results {
        let (first, second) = (balance.seats[0].wins as f64, balance.seats[1].wins as f64);
        let decisive = first + second;
        let z = (first - decisive / 2.0).abs() / (decisive.sqrt() / 2.0).max(f64::MIN_POSITIVE);
        assert!(z < 2.58, "{name}: {first} to {second} (z = {z:.2}); {}", balance.verdict);
    }
}

/// The levels in order on both two-player samples, without COs, seats swapped: the planner at
/// Normal's budget wins more decisive games than it loses against Easy (its own first script),
/// and at Hard's against Normal, pooled over the samples. (The closing notes have the figures on
/// generated blocks, with intervals.)
#[test]
fn normal_beats_easy_and_hard_beats_normal_with_seats_swapped() {
    use skirmish_studio::game::Level;
    for (level, below, games) in [(Level::Normal, Level::Easy, 40), (Level::Hard, Level::Normal, 20)] {
        let (mut won, mut lost) = (0, 0);
        for name in ["bridgehead.ron", "crossroads-duel.ron"] {
            let text =
                std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name)).unwrap();
            let opened = skirmish_studio::systems::system_of(&text).unwrap().rules(None).unwrap().open(&text).unwrap();
            let fair = opened.with_setting("cos", "none").unwrap();
            for seat in 0..2 {
                let mut levels = [below; 8];
                levels[seat] = level;
                let options = skirmish_studio::balance::BalanceOptions { levels, ..normal_games(games) };
                let balance = skirmish_studio::balance::run_balance(fair.as_ref(), &options, &mut |_| {}).unwrap();
                won += balance.seats[seat].wins;
                lost += balance.seats[1 - seat].wins;
            }
        }
        assert!(won > lost, "{level:?} against {below:?}: {won} won, {lost} lost");
    }
}
