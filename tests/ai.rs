//! The computer player and the playtest session: legal actions only, sensible choices in
//! small situations, the same seed giving the same game, and AI-against-AI games on every
//! sample finishing by a victory condition or the turn limit.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{Setup, p};
use proptest::prelude::*;
use skirmish_studio::game::{GameRecord, run_battle};
use skirmish_studio::systems::swat::SwatPlay;
use skirmish_studio::systems::swat::rules::{
    Action, Dice, Ruleset, UnitId, ai_action, ai_turn, apply, check, random_action, start_game,
};
use skirmish_studio::systems::swat::scenario::{Scenario, load_scenario};
use std::path::Path;

/// One game between Easy computer players, `first` moving first.
fn ai_game(rules: &Ruleset, scenario: &Scenario, seed: u64, first: u8, round_cap: u32) -> Result<GameRecord, String> {
    let setup = Scenario { first_player: first, ..scenario.clone() }.to_setup(rules)?;
    run_battle(rules, setup, seed, Some(first), round_cap, &[]).map(|(record, _)| record)
}

/// A playtest with the computer on every seat.
fn computer_only(rules: &Ruleset, scenario: &Scenario, seed: u64) -> SwatPlay {
    let mut play = SwatPlay::start(std::sync::Arc::new(rules.clone()), scenario.clone(), seed).unwrap();
    play.computer = vec![true; scenario.players.len()];
    play
}

fn samples(rules: &Ruleset) -> Vec<(String, Scenario)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        // Skirmish Wars' samples only (older files name no system).
        if skirmish_studio::game::system_id_of(&text).is_some_and(|id| id != "swat") {
            continue;
        }
        out.push((path.display().to_string(), load_scenario(rules, &text).unwrap()));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn ai_against_ai_on_every_sample_with_100_seeds_ends_by_victory_or_turn_limit() {
    let rules = common::rules();
    for (name, scenario) in samples(&rules) {
        assert!(scenario.victory.turn_limit.is_some() || scenario.victory.conquest, "{name}");
        for seed in 0..100 {
            let seats = u8::try_from(scenario.players.len()).unwrap();
            let result = ai_game(&rules, &scenario, seed, u8::try_from(seed).unwrap() % seats, 500)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_ne!(result.ending, "RoundCap", "{name} seed {seed} did not end");
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let rules = common::rules();
    let (_, scenario) = samples(&rules).into_iter().find(|(n, _)| n.ends_with("bridgehead.ron")).unwrap();
    let a = ai_game(&rules, &scenario, 7, 0, 500).unwrap();
    let b = ai_game(&rules, &scenario, 7, 0, 500).unwrap();
    assert_eq!(a, b);
    let mut one = computer_only(&rules, &scenario, 7);
    let mut two = computer_only(&rules, &scenario, 7);
    for _ in 0..6 {
        assert!(one.computer_step_here());
        assert!(two.computer_step_here());
    }
    assert_eq!(one.events, two.events);
}

#[test]
fn the_ai_captures_a_property_it_stands_on_and_walks_onto_one_it_can_reach() {
    let mut game = Setup::board(&[".C..", "...."]).unit("infantry", 0, (0, 0)).unit("infantry", 1, (3, 1)).start();
    let first = ai_action(&game.rules, &game.state);
    assert_eq!(first, Action::Move { unit: UnitId(0), path: vec![p(1, 0)] });
    game.act(first);
    assert_eq!(ai_action(&game.rules, &game.state), Action::Capture { unit: UnitId(0) });
}

#[test]
fn the_ai_attacks_when_the_trade_is_good_and_not_when_it_is_bad() {
    let game = Setup::board(&["=.."]).unit("tank", 0, (0, 0)).unit("infantry", 1, (1, 0)).start();
    assert_eq!(ai_action(&game.rules, &game.state), Action::Attack { unit: UnitId(0), target: UnitId(1) });
    let game = Setup::board(&["=.."]).unit_hp("infantry", 0, (0, 0), 3).unit("md_tank", 1, (1, 0)).start();
    assert!(
        !matches!(ai_action(&game.rules, &game.state), Action::Attack { .. }),
        "an infantry does not charge a Md Tank"
    );
}

#[test]
fn the_ai_pulls_a_damaged_unit_back_to_repair() {
    let game = Setup::board(&["C....", "....."])
        .owned((0, 0), 0)
        .unit_hp("tank", 0, (3, 0), 2)
        .unit("infantry", 1, (4, 1))
        .start();
    let action = ai_action(&game.rules, &game.state);
    assert!(matches!(&action, Action::Move { path, .. } if path.last() == Some(&p(0, 0))), "{action:?}");
}

#[test]
fn the_ai_buys_within_its_funds_and_ends_its_turn() {
    let game = Setup::board(&["B...", "...."]).owned((0, 0), 0).funds(0, 20).unit("infantry", 1, (3, 1)).start();
    let actions = ai_turn(&game.rules, &game.state, 100);
    assert!(matches!(actions[0], Action::Buy { .. }), "{actions:?}");
    assert_eq!(actions.last(), Some(&Action::EndTurn));
    let mut state = game.state.clone();
    for action in &actions {
        apply(&game.rules, &mut state, action).unwrap();
    }
}

#[test]
fn session_undo_replays_the_log_and_fork_gives_a_valid_scenario() {
    let rules = common::rules();
    let (_, scenario) = samples(&rules).into_iter().find(|(n, _)| n.ends_with("bridgehead.ron")).unwrap();
    let mut session = computer_only(&rules, &scenario, 3);
    for _ in 0..4 {
        session.computer_step_here();
    }
    let before = session.state.clone();
    let events_before = session.events.clone();
    let action = ai_action(&rules, &session.state);
    session.act(&action).unwrap();
    session.computer = vec![false; scenario.players.len()];
    assert!(session.undo());
    assert_eq!(session.state, before, "undo gives back the very same state, dice included");
    assert_eq!(session.events, events_before);
    let forked = session.fork();
    assert_eq!(forked.units.len(), session.state.units.iter().filter(|u| u.carried_by.is_none()).count());
    let restarted = SwatPlay::start(std::sync::Arc::new(rules.clone()), forked, 1).unwrap();
    assert_eq!(restarted.state.units.len(), session.state.units.len());
    let saved = session.save().unwrap();
    let loaded = SwatPlay::load(std::sync::Arc::new(rules.clone()), &saved).unwrap();
    assert_eq!(loaded.state, session.state);
    assert!(SwatPlay::load(std::sync::Arc::new(rules.clone()), "SavedGame(").is_err());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_ai_only_chooses_legal_actions(seed in any::<u64>(), steps in 0usize..120) {
        let rules = common::rules();
        let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/bridgehead.ron")).unwrap();
        let scenario = load_scenario(&rules, &text).unwrap();
        let (mut state, _) = start_game(&rules, &scenario.to_setup(&rules).unwrap(), seed).unwrap();
        let mut chooser = Dice::new(seed);
        // Wander into a random position, then let the AI choose.
        for _ in 0..steps {
            let Some(action) = random_action(&rules, &state, &mut chooser) else { break };
            apply(&rules, &mut state, &action).unwrap();
        }
        if state.outcome == skirmish_studio::systems::swat::rules::Outcome::Ongoing {
            let action = ai_action(&rules, &state);
            prop_assert_eq!(check(&rules, &state, &action), Ok(()), "{:?}", action);
        }
    }
}

/// A long game is a war of attrition that ends only when one army cannot rebuild: from round
/// 40, Normal's direct fighters go for the enemy's factories, stand on them, and fire only
/// from there; before that, they go for the enemy's units.
#[test]
fn in_a_long_game_normal_fighters_besiege_and_hold_enemy_factories() {
    use skirmish_studio::systems::swat::rules::{Level, ai_action_at};
    let game =
        Setup::board(&["H.............", "..............", "..........B...", "..............", ".............H"])
            .owned((0, 0), 0)
            .owned((13, 4), 1)
            .owned((10, 2), 1)
            .unit("tank", 0, (6, 2))
            .unit("infantry", 1, (0, 4))
            .start();
    let mut state = game.state.clone();
    let ends_on = |action: &Action| match action {
        Action::Move { path, .. } => path.last().copied(),
        _ => None,
    };
    state.round = 10;
    let early = ai_action_at(&game.rules, &state, Level::Normal);
    assert!(ends_on(&early).is_some_and(|to| to.x < 6), "early on, the enemy's units are the goal: {early:?}");
    state.round = 45;
    let late = ai_action_at(&game.rules, &state, Level::Normal);
    assert_eq!(ends_on(&late), Some(p(10, 2)), "late, the enemy factory is: {late:?}");
    // Standing on it, the tank stays, though an enemy stands within its reach.
    let holder = state.units.iter().position(|u| u.owner.0 == 0).unwrap();
    state.units[holder].pos = p(10, 2);
    let enemy = state.units.iter().position(|u| u.owner.0 == 1).unwrap();
    state.units[enemy].pos = p(8, 4);
    let held = ai_action_at(&game.rules, &state, Level::Normal);
    assert!(ends_on(&held).is_none() && !matches!(held, Action::Attack { .. }), "{held:?}");
}

/// Rule 3.3's APCs: Normal boards a capturer far from its goal onto an own transport it can
/// reach, the transport (moving after it) carries it toward the city and sets it down near it;
/// Easy walks.
#[test]
fn normal_rides_an_apc_where_walking_would_take_longer() {
    use skirmish_studio::systems::swat::rules::{Event, Level, ai_action_at};
    let game = Setup::board(&["...........C", "............"])
        .unit("infantry", 0, (0, 0))
        .unit("apc", 0, (1, 0))
        .unit("infantry", 1, (11, 1))
        .start();
    let board = ai_action_at(&game.rules, &game.state, Level::Normal);
    assert_eq!(board, Action::Move { unit: UnitId(0), path: vec![p(1, 0)] }, "the infantry boards the APC");
    let mut game = game;
    let events = game.act(board);
    assert!(events.iter().any(|e| matches!(e, Event::UnitLoaded { .. })), "{events:?}");
    // The APC now drives toward the city and puts its passenger down near it.
    let drive = ai_action_at(&game.rules, &game.state, Level::Normal);
    assert!(
        matches!(&drive, Action::Move { unit: UnitId(1), path } if path.last().is_some_and(|p| p.x >= 5)),
        "{drive:?}"
    );
    game.act(drive);
    let unload = ai_action_at(&game.rules, &game.state, Level::Normal);
    assert!(matches!(unload, Action::Unload { .. }), "{unload:?}");
    // Easy walks.
    let easy = Setup::board(&["...........C", "............"])
        .unit("infantry", 0, (0, 0))
        .unit("apc", 0, (1, 0))
        .unit("infantry", 1, (11, 1))
        .start();
    let walk = ai_action_at(&easy.rules, &easy.state, Level::Easy);
    assert!(!matches!(&walk, Action::Move { unit: UnitId(0), path } if path.last() == Some(&p(1, 0))), "{walk:?}");
}

/// Normal buys one APC where the nearest property to take is more than three turns' walk from
/// its factory (and it has its capturers); with a city near the factory, or at Easy, it buys
/// no transport.
#[test]
fn normal_buys_an_apc_where_the_properties_to_take_lie_far_from_its_factory() {
    use skirmish_studio::systems::swat::rules::{Level, ai_action_at};
    let buys = |rows: &[&str], level: Level| {
        let mut game = Setup::board(rows)
            .owned((0, 0), 0)
            .funds(0, 20)
            .unit("infantry", 0, (1, 1))
            .unit("infantry", 0, (2, 1))
            .unit("infantry", 0, (3, 1))
            .unit("infantry", 1, (19, 1))
            .start();
        let apc = game.kind("apc");
        for _ in 0..40 {
            match ai_action_at(&game.rules, &game.state, level) {
                Action::EndTurn => return false,
                Action::Buy { kind, .. } if kind == apc => return true,
                action => {
                    game.act(action);
                }
            }
        }
        panic!("the turn did not end");
    };
    let far = ["B..................C", "...................."];
    let near = ["B...C...............", "...................."];
    assert!(buys(&far, Level::Normal), "Normal buys an APC when the city is 19 squares away");
    assert!(!buys(&near, Level::Normal), "a city 4 squares away is walked to");
    assert!(!buys(&far, Level::Easy), "Easy walks");
}

/// What Normal buys this turn, playing its units first; `None` when it ends the turn buying
/// nothing.
fn normal_buys(mut game: common::Game) -> Option<skirmish_studio::systems::swat::rules::UnitKindId> {
    use skirmish_studio::systems::swat::rules::{Level, ai_action_at};
    for _ in 0..40 {
        match ai_action_at(&game.rules, &game.state, Level::Normal) {
            Action::EndTurn => return None,
            Action::Buy { kind, .. } => return Some(kind),
            action => {
                game.act(action);
            }
        }
    }
    panic!("the turn did not end");
}

/// Normal with money to spare (twice the dearest unit) and fewer indirect units than half its
/// fighters buys the dearest indirect unit, not one more direct fighter: two armies that each
/// build a unit a turn and feed it into the other's fire trade one for one for ever. With
/// indirect units making half its fighters, it buys by its usual mix again.
#[test]
fn a_rich_normal_army_buys_indirect_fire_up_to_half_its_fighters() {
    use skirmish_studio::systems::swat::rules::UnitKindId;
    let bought = |artillery: usize| -> Option<UnitKindId> {
        let mut setup = Setup::board(&["B.......", "........", "........"])
            .owned((0, 0), 0)
            .funds(0, 100)
            .unit("infantry", 0, (1, 1))
            .unit("infantry", 0, (2, 1))
            .unit("infantry", 0, (3, 1))
            .unit("infantry", 1, (7, 2));
        for x in 0..artillery {
            setup = setup.unit("artillery", 0, (u16::try_from(x).unwrap() + 1, 2));
        }
        normal_buys(setup.start())
    };
    let game = Setup::board(&["B"]).owned((0, 0), 0).start();
    let (rockets, md_tank) = (game.kind("rockets"), game.kind("md_tank"));
    assert_eq!(bought(0), Some(rockets), "no indirect unit yet: the dearest indirect unit");
    assert_eq!(bought(2), Some(rockets), "2 indirect of 5 fighters: still fewer than half");
    assert_eq!(bought(3), Some(md_tank), "3 indirect of 6 fighters: the usual mix, dearest first");
}

/// Normal, rich (twice the dearest unit) in a game with a turn limit, buys a fighter once it
/// has one capturer: the game ends at the limit whatever happens and its tie-break counts what
/// the enemy destroyed, so infantry fed one a turn into a crossing only pays the enemy. Without
/// a turn limit, or poor, it buys capturers up to its usual three (capturers end a long game).
#[test]
fn a_rich_normal_army_under_a_turn_limit_buys_fighters_once_it_has_a_capturer() {
    use skirmish_studio::systems::swat::rules::{TieBreak, TurnLimit, UnitKindId, VictoryConditions};
    let bought = |funds: u32, limit: bool| -> Option<UnitKindId> {
        let victory = VictoryConditions {
            turn_limit: limit.then_some(TurnLimit { rounds: 20, tie_break: TieBreak::MostCities }),
            ..common::conquest()
        };
        normal_buys(
            Setup::board(&["B.......", "........", "........"])
                .owned((0, 0), 0)
                .funds(0, funds)
                .unit("infantry", 0, (1, 1))
                .unit("tank", 0, (2, 1))
                .unit("infantry", 1, (7, 2))
                .victory(victory)
                .start(),
        )
    };
    let game = Setup::board(&["B"]).owned((0, 0), 0).start();
    let infantry = game.kind("infantry");
    let under_limit = bought(100, true);
    assert!(under_limit.is_some_and(|k| k != infantry), "rich under a limit: a fighter, not {under_limit:?}");
    assert_eq!(bought(100, false), Some(infantry), "rich with no limit: capturers up to three");
    assert_eq!(bought(8, true), Some(infantry), "not rich, under a limit: capturers up to three");
}
