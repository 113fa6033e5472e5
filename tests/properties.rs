//! Property tests over random reachable game states: the legal-action list and `check` agree,
//! `apply` never fails on a listed action, the state's invariants hold, and replays repeat.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::same_action;
use proptest::prelude::*;
use skirmish_studio::systems::swat::rules::{
    Action, Board, CoChoice, CoId, Dice, GameSetup, GameState, Outcome, PlayerId, PlayerSetup, Pos, PowerLevel,
    Ruleset, TerrainId, TieBreak, TurnLimit, UnitId, UnitKindId, UnitSetup, VictoryConditions, apply, check,
    legal_actions, random_action, replay, start_game,
};
use std::collections::BTreeSet;

/// A random but valid setup drawn from `seed`: 2 to 4 players, mixed terrain, properties,
/// units (some APCs with passengers), funds and COs.
fn random_setup(rules: &Ruleset, seed: u64) -> GameSetup {
    let mut dice = Dice::new(seed);
    let width = 4 + u16::try_from(dice.below(9)).unwrap();
    let height = 4 + u16::try_from(dice.below(9)).unwrap();
    let players = 2 + dice.below(3);
    let terrain_count = rules.terrains.len();
    let mut board = Board::filled(width, height, rules.terrain_id("plain").unwrap());
    for t in &mut board.terrain {
        // Plains most of the time, anything else now and then.
        if dice.below(3) == 0 {
            *t = TerrainId(u8::try_from(dice.below(terrain_count)).unwrap());
        }
    }
    let mut owned = Vec::new();
    for pos in board.squares().collect::<Vec<_>>() {
        if rules.terrain(board.terrain_at(pos)).property.is_some() && dice.below(2) == 0 {
            owned.push((pos, PlayerId(u8::try_from(dice.below(players)).unwrap())));
        }
    }
    let mut units = Vec::new();
    let mut taken = BTreeSet::new();
    let unit_count = dice.below(usize::from(width) * usize::from(height) / 3);
    let infantry = rules.unit_id("infantry").unwrap();
    for _ in 0..unit_count {
        let pos = Pos::new(
            u16::try_from(dice.below(usize::from(width))).unwrap(),
            u16::try_from(dice.below(usize::from(height))).unwrap(),
        );
        let kind = UnitKindId(u8::try_from(dice.below(rules.units.len())).unwrap());
        if taken.contains(&pos) || rules.move_cost(kind, board.terrain_at(pos)).is_none() {
            continue;
        }
        taken.insert(pos);
        let mut passengers = Vec::new();
        if rules.unit(kind).transport.is_some() {
            for _ in 0..dice.below(3) {
                passengers.push((infantry, 1 + u8::try_from(dice.below(8)).unwrap()));
            }
        }
        units.push(UnitSetup {
            kind,
            owner: PlayerId(u8::try_from(dice.below(players)).unwrap()),
            hp: 1 + u8::try_from(dice.below(8)).unwrap(),
            pos,
            passengers,
        });
    }
    let co_count = rules.cos.len();
    let players: Vec<PlayerSetup> = (0..players)
        .map(|seat| PlayerSetup {
            co: match dice.below(4) {
                0 => CoChoice::NoCo,
                1 => CoChoice::Random,
                _ => CoChoice::Chosen(CoId(u8::try_from((seat + dice.below(co_count)) % co_count).unwrap())),
            },
            funds: u32::try_from(dice.below(30)).unwrap(),
        })
        .collect();
    // Some kinds get a small counter pool, some none; never fewer than an army starts with.
    let mut counter_limits = std::collections::BTreeMap::new();
    for kind in (0..rules.units.len()).map(|k| UnitKindId(u8::try_from(k).unwrap())) {
        let most_placed = (0..players.len())
            .map(|seat| {
                units
                    .iter()
                    .filter(|u| u.owner.index() == seat)
                    .flat_map(|u| std::iter::once(u.kind).chain(u.passengers.iter().map(|p| p.0)))
                    .filter(|&k| k == kind)
                    .count()
            })
            .max()
            .unwrap_or(0);
        match dice.below(4) {
            0 => drop(counter_limits.insert(kind, Some(u32::try_from(most_placed + dice.below(3)).unwrap()))),
            1 => drop(counter_limits.insert(kind, None)),
            // The ruleset's pool, unless the army starts with more than it holds.
            _ => {
                let placed = u32::try_from(most_placed).unwrap();
                if rules.unit(kind).counters.is_some_and(|pool| pool < placed) {
                    counter_limits.insert(kind, Some(placed));
                }
            }
        }
    }
    GameSetup {
        board,
        owned_properties: owned,
        units,
        players,
        counter_limits,
        first_player: PlayerId(0),
        victory: VictoryConditions {
            conquest: dice.below(2) == 0,
            victory_medals: (dice.below(3) == 0).then_some(3),
            city_conquest: (dice.below(3) == 0).then_some(3),
            turn_limit: Some(TurnLimit { rounds: 30, tie_break: TieBreak::MostCities }),
        },
        // Either reading, drawn last so the draws above stay as they were: the properties hold
        // under both.
        readings: skirmish_studio::systems::swat::rules::Readings {
            medal_loss: if dice.below(2) == 0 {
                skirmish_studio::systems::swat::rules::MedalLoss::Always
            } else {
                skirmish_studio::systems::swat::rules::MedalLoss::WhenMedalsWin
            },
        },
    }
}

/// A random action that may or may not be legal: random ids, squares and paths.
fn wild_action(state: &GameState, rules: &Ruleset, dice: &mut Dice) -> Action {
    let unit = UnitId(u32::try_from(dice.below(usize::try_from(state.next_unit_id).unwrap() + 2)).unwrap());
    let w = usize::from(state.board.width) + 1;
    let h = usize::from(state.board.height) + 1;
    let square =
        |dice: &mut Dice| Pos::new(u16::try_from(dice.below(w)).unwrap(), u16::try_from(dice.below(h)).unwrap());
    match dice.below(8) {
        0 | 1 => {
            // A random walk from the unit's square, sometimes with a wild jump.
            let mut here = state.unit(unit).map_or(Pos::new(0, 0), |u| u.pos);
            let mut path = Vec::new();
            for _ in 0..dice.below(9) {
                here = if dice.below(12) == 0 {
                    square(dice)
                } else {
                    let n: Vec<Pos> = here.neighbours(state.board.width, state.board.height).collect();
                    n[dice.below(n.len())]
                };
                path.push(here);
            }
            Action::Move { unit, path }
        }
        2 => Action::Attack {
            unit,
            target: UnitId(u32::try_from(dice.below(usize::try_from(state.next_unit_id).unwrap() + 1)).unwrap()),
        },
        3 => Action::Capture { unit },
        4 => Action::Unload {
            transport: unit,
            passenger: UnitId(u32::try_from(dice.below(usize::try_from(state.next_unit_id).unwrap() + 1)).unwrap()),
            to: square(dice),
        },
        5 => Action::Buy {
            factory: square(dice),
            kind: UnitKindId(u8::try_from(dice.below(rules.units.len() + 1)).unwrap()),
        },
        6 => Action::UsePower { level: if dice.below(2) == 0 { PowerLevel::Power } else { PowerLevel::SuperPower } },
        _ => Action::EndTurn,
    }
}

/// A listed action changed a little: a path cut short or pushed one square further, another
/// target, square or unit kind. Many of these are legal, many are not.
fn near_miss(action: &Action, state: &GameState, dice: &mut Dice) -> Action {
    let nudge = |id: UnitId, dice: &mut Dice| {
        UnitId(id.0.saturating_add(u32::try_from(dice.below(3)).unwrap()).saturating_sub(1))
    };
    let step = |pos: Pos, dice: &mut Dice| {
        let n: Vec<Pos> = pos.neighbours(state.board.width, state.board.height).collect();
        n[dice.below(n.len())]
    };
    match action.clone() {
        Action::Move { unit, mut path } => {
            if dice.below(2) == 0 {
                path.pop();
            } else if let Some(&last) = path.last() {
                path.push(step(last, dice));
            }
            Action::Move { unit, path }
        }
        Action::Attack { unit, target } => Action::Attack { unit, target: nudge(target, dice) },
        Action::Unload { transport, passenger, to } => {
            Action::Unload { transport, passenger: nudge(passenger, dice), to: step(to, dice) }
        }
        Action::Buy { factory, kind } => Action::Buy {
            factory: step(factory, dice),
            kind: UnitKindId(kind.0.saturating_add(u8::try_from(dice.below(2)).unwrap())),
        },
        Action::Capture { unit } => Action::Capture { unit: nudge(unit, dice) },
        other => other,
    }
}

fn assert_invariants(rules: &Ruleset, state: &GameState) {
    let max = rules.economy.max_hp;
    let mut squares = BTreeSet::new();
    for unit in &state.units {
        assert!((1..=max).contains(&unit.hp), "{unit:?} has HP outside 1..={max}");
        match unit.carried_by {
            None => assert!(squares.insert(unit.pos), "two units share {}", unit.pos),
            Some(transport) => {
                let carrier = state.unit(transport).expect("a passenger's transport is in play");
                assert_eq!(carrier.pos, unit.pos, "a passenger moves with its transport");
                let capacity = rules.unit(carrier.kind).transport.as_ref().unwrap().capacity;
                assert!(state.passengers(transport).count() <= usize::from(capacity));
            }
        }
        assert!(
            rules.move_cost(unit.kind, state.board.terrain_at(unit.pos)).is_some(),
            "{unit:?} stands on terrain it cannot enter"
        );
    }
    for capture in &state.captures {
        let unit = state.unit(capture.unit).expect("a capture's unit is in play");
        assert_eq!(unit.pos, capture.pos, "a capture belongs to the unit standing there");
    }
    assert!(state.units.windows(2).all(|w| w[0].id < w[1].id), "units stay sorted by id");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn legal_actions_and_check_agree_and_apply_keeps_the_invariants(seed in any::<u64>(), play_seed in any::<u64>()) {
        let rules = common::rules();
        let setup = random_setup(&rules, seed);
        let (mut state, _) = start_game(&rules, &setup, seed).unwrap();
        let mut chooser = Dice::new(play_seed);
        for _ in 0..120 {
            assert_invariants(&rules, &state);
            let listed = legal_actions(&rules, &state);
            for action in &listed {
                prop_assert_eq!(check(&rules, &state, action), Ok(()), "listed but refused: {:?}", action);
            }
            for attempt in 0..16 {
                let action = if attempt % 2 == 0 || listed.is_empty() {
                    wild_action(&state, &rules, &mut chooser)
                } else {
                    near_miss(&listed[chooser.below(listed.len())], &state, &mut chooser)
                };
                let passes = check(&rules, &state, &action).is_ok();
                // Moves are listed with one cheapest path per square: a move that passes must reach
                // a listed square, and a listed path must pass. Any other action is listed exactly.
                let is_listed = listed.iter().any(|l| same_action(l, &action));
                let exactly_listed = listed.contains(&action);
                if passes {
                    prop_assert!(is_listed, "passes check but is not listed: {:?}", action);
                }
                if exactly_listed || !matches!(action, Action::Move { .. }) {
                    prop_assert_eq!(passes, is_listed, "check and the list disagree on {:?}", action);
                }
                let mut copy = state.clone();
                let result = apply(&rules, &mut copy, &action);
                prop_assert_eq!(result.is_ok(), passes);
                if !passes {
                    prop_assert_eq!(&copy, &state, "a refused action changed the state");
                }
            }
            if state.outcome != Outcome::Ongoing {
                prop_assert!(listed.is_empty());
                break;
            }
            let action = listed[chooser.below(listed.len())].clone();
            prop_assert!(apply(&rules, &mut state, &action).is_ok());
        }
    }

    #[test]
    fn replaying_the_log_from_the_seed_reproduces_the_identical_events(seed in any::<u64>(), play_seed in any::<u64>()) {
        let rules = common::rules();
        let setup = random_setup(&rules, seed);
        let (mut state, mut events) = start_game(&rules, &setup, seed).unwrap();
        let mut chooser = Dice::new(play_seed);
        let mut actions = Vec::new();
        for _ in 0..300 {
            let Some(action) = random_action(&rules, &state, &mut chooser) else { break };
            events.extend(apply(&rules, &mut state, &action).unwrap());
            actions.push(action);
            assert_invariants(&rules, &state);
        }
        let again = replay(&rules, &setup, seed, &actions).unwrap();
        prop_assert_eq!(&again.events, &events);
        prop_assert_eq!(&again.state, &state);
        // A different seed changes only what the dice decide; the replay still runs when no
        // combat outcome changes the legality of what follows, so only the identity is asserted.
    }

    #[test]
    fn the_ruleset_loader_never_panics_on_arbitrary_text(text in ".{0,400}") {
        let _ = Ruleset::from_ron(&text);
    }

    #[test]
    fn the_ruleset_loader_never_panics_on_a_damaged_builtin(cut in 0usize..12_000, len in 0usize..200, insert in "[-0-9a-z(){}\\[\\],:\" ]{0,20}") {
        let text = skirmish_studio::systems::swat::rules::BUILTIN_SWAT_RON;
        let cut = cut.min(text.len());
        let end = (cut + len).min(text.len());
        if text.is_char_boundary(cut) && text.is_char_boundary(end) {
            let damaged = format!("{}{}{}", &text[..cut], insert, &text[end..]);
            let _ = Ruleset::from_ron(&damaged);
        }
    }

    #[test]
    fn start_game_never_panics_on_arbitrary_setups(
        width in 0u16..8, height in 0u16..8, terrain in proptest::collection::vec(0u8..14, 0..70),
        units in proptest::collection::vec((0u8..12, 0u8..5, 0u8..12, 0u16..9, 0u16..9), 0..12),
        players in 0usize..6, first in 0u8..6,
    ) {
        let rules = common::rules();
        let setup = GameSetup {
            board: Board {
                width,
                height,
                terrain: terrain.into_iter().map(TerrainId).collect(),
                heights: Vec::new(),
                edges: Default::default(),
            },
            owned_properties: vec![(Pos::new(0, 0), PlayerId(first))],
            units: units.iter().map(|&(kind, owner, hp, x, y)| UnitSetup { kind: UnitKindId(kind), owner: PlayerId(owner), hp, pos: Pos::new(x, y), passengers: vec![(UnitKindId(kind), hp)] }).collect(),
            players: vec![PlayerSetup { co: if first % 2 == 0 { CoChoice::Chosen(CoId(first)) } else { CoChoice::Random }, funds: 5 }; players],
            first_player: PlayerId(first),
            victory: VictoryConditions::default(),
            readings: Default::default(),
            counter_limits: units.iter().map(|&(kind, _, hp, _, _)| (UnitKindId(kind), (hp % 3 > 0).then_some(u32::from(hp % 3)))).collect(),
        };
        if let Ok((state, _)) = start_game(&rules, &setup, 1) {
            assert_invariants(&rules, &state);
        }
    }
}

#[test]
fn random_playouts_run_their_rounds_or_finish() {
    let rules = common::rules();
    for seed in 0..20 {
        let setup = random_setup(&rules, seed);
        let (mut state, _) = start_game(&rules, &setup, seed).unwrap();
        let playout = skirmish_studio::systems::swat::rules::random_playout(&rules, &mut state, seed, 10, 100_000);
        assert!(!playout.actions.is_empty());
        assert!(
            state.outcome != Outcome::Ongoing || state.round >= 11,
            "seed {seed}: stopped at round {}",
            state.round
        );
    }
}
