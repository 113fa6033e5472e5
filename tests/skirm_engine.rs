//! The Skirm engine at its boundary, one case per clause of the rules text: a small battle set
//! up, an action applied, the events and the state checked. Dice are fixed by choosing the
//! seed whose first faces are the ones a case needs.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::skirm_common;

use skirm_common::*;
use skirmish_studio::board::{Board, Edge, EdgeFeature, Wall};
use skirmish_studio::systems::skirm::rules::ItemKind;
use skirmish_studio::systems::skirm::rules::RollKind;
use skirmish_studio::systems::skirm::rules::{Action, Event, Rejection, Ruleset, Target, start_game};

// ---------------------------------------------------------------- the game cycle

#[test]
fn game_cycle_turn_start_draws_secondaries_marks_ready_rolls_initiative_orders_and_the_event() {
    let rules = Ruleset::builtin().unwrap();
    let board = Board::filled(8, 8, rules.terrain_id("open").unwrap());
    let mut s = setup(&rules, board, &[(0, "vanguard_captain", (0, 0)), (1, "reaver_raider", (7, 7))]);
    s.environment = Some("ruined_city".into());
    let (state, events) = start_game(&rules, &s, 11).unwrap();
    let kinds: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::TurnStarted { .. } => Some("turn"),
            Event::SecondaryDrawn { .. } => Some("secondary"),
            Event::Initiative { .. } => Some("initiative"),
            Event::TacticalOrders { .. } => Some("orders"),
            Event::EnvironmentEvent { .. } => Some("event"),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, ["turn", "secondary", "secondary", "initiative", "orders", "orders", "event"]);
    // 3D6 plus LD2 for the Captain; 3D6 for the Reavers without a Leader on the map.
    let dice: Vec<(u8, u8)> = events
        .iter()
        .filter_map(|e| if let Event::TacticalOrders { squad, dice, .. } = e { Some((*squad, *dice)) } else { None })
        .collect();
    assert_eq!(dice, [(0, 5), (1, 3)]);
    // The event die is the initiative squad's.
    let event_die = events.iter().find_map(|e| match e {
        Event::Die { kind: RollKind::Event, squad, .. } => *squad,
        _ => None,
    });
    assert_eq!(event_die, Some(state.initiative));
    assert_eq!(state.turn, 1);
    assert!(state.units.iter().all(|u| !u.activated));
    assert_eq!(state.to_act, state.initiative);
}

#[test]
fn initiative_roll_off_lowest_wins_and_ties_are_rolled_again() {
    let rules = Ruleset::builtin().unwrap();
    let board = Board::filled(8, 8, rules.terrain_id("open").unwrap());
    let s = setup(&rules, board, &[(0, "vanguard_trooper", (0, 0)), (1, "reaver_raider", (7, 7))]);
    let mut tied = false;
    for seed in 0..200 {
        let (state, events) = start_game(&rules, &s, seed).unwrap();
        let rolls: Vec<u8> = events
            .iter()
            .filter_map(
                |e| if let Event::Die { kind: RollKind::Initiative, face, .. } = e { Some(*face) } else { None },
            )
            .collect();
        let last = &rolls[rolls.len() - 2..];
        assert_ne!(last[0], last[1]);
        assert_eq!(state.initiative, u8::from(last[1] < last[0]), "seed {seed}: {rolls:?}");
        let ties = events.iter().filter(|e| matches!(e, Event::InitiativeTied)).count();
        assert_eq!(ties, rolls.len() / 2 - 1);
        tied |= ties > 0;
    }
    assert!(tied, "some seed ties");
}

#[test]
fn tactical_orders_each_die_of_1_to_3_is_an_order() {
    let rules = Ruleset::builtin().unwrap();
    let board = Board::filled(8, 8, rules.terrain_id("open").unwrap());
    let s = setup(&rules, board, &[(0, "vanguard_captain", (0, 0)), (1, "reaver_raider", (7, 7))]);
    for seed in 0..50 {
        let (state, events) = start_game(&rules, &s, seed).unwrap();
        for squad in 0u8..2 {
            let faces: Vec<u8> = events
                .iter()
                .filter_map(|e| match e {
                    Event::Die { kind: RollKind::TacticalOrder, squad: Some(s), face } if *s == squad => Some(*face),
                    _ => None,
                })
                .collect();
            let orders = u8::try_from(faces.iter().filter(|&&f| f <= 3).count()).unwrap();
            assert_eq!(state.squads[usize::from(squad)].orders, orders);
        }
    }
}

#[test]
fn alternate_activations_initiative_squad_first_then_alternating() {
    let mut b = battle(&[
        (0, "vanguard_trooper", (0, 0)),
        (0, "vanguard_trooper", (1, 0)),
        (1, "reaver_raider", (7, 7)),
        (1, "reaver_raider", (6, 7)),
    ]);
    let first = b.state.initiative;
    assert_eq!(b.state.to_act, first);
    let mut order = Vec::new();
    for _ in 0..4 {
        let squad = b.state.to_act;
        order.push(squad);
        let unit = b.state.units.iter().position(|u| u.squad == squad && !u.activated).unwrap();
        b.apply(Action::Activate { unit }).unwrap();
        b.apply(Action::EndActivation).unwrap();
    }
    assert_eq!(order, [first, 1 - first, first, 1 - first]);
    assert_eq!(b.state.turn, 2, "every unit activated: the next turn began");
}

#[test]
fn alternate_activations_a_squad_two_units_smaller_may_delay_once_and_the_other_activates_twice() {
    let mut b = battle(&[
        (0, "vanguard_trooper", (0, 0)),
        (1, "reaver_raider", (7, 7)),
        (1, "reaver_raider", (6, 7)),
        (1, "reaver_raider", (5, 7)),
    ]);
    b.state.to_act = 1;
    assert_eq!(b.apply(Action::Delay), Err(Rejection::CannotDelay), "the larger squad may not delay");
    b.state.to_act = 0;
    b.apply(Action::Delay).unwrap();
    assert_eq!(b.state.to_act, 1);
    b.apply(Action::Activate { unit: 1 }).unwrap();
    b.apply(Action::EndActivation).unwrap();
    assert_eq!(b.state.to_act, 1, "two in a row");
    b.apply(Action::Activate { unit: 2 }).unwrap();
    b.apply(Action::EndActivation).unwrap();
    assert_eq!(b.state.to_act, 0);
    assert_eq!(b.apply(Action::Delay), Err(Rejection::CannotDelay), "once per turn");
}

#[test]
fn orders_are_lost_at_the_end_of_the_turn() {
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (1, "reaver_raider", (7, 7))]);
    b.orders(0, 2);
    let mut events = Vec::new();
    for _ in 0..2 {
        let squad = b.state.to_act;
        let unit = b.state.units.iter().position(|u| u.squad == squad && !u.activated).unwrap();
        events.extend(b.apply(Action::Activate { unit }).unwrap());
        events.extend(b.apply(Action::EndActivation).unwrap());
    }
    assert!(events.contains(&Event::OrdersLost { squad: 0, orders: 2 }), "{events:?}");
    assert_eq!(b.state.turn, 2);
}

// ---------------------------------------------------------------- actions and their cost

#[test]
fn actions_each_repeat_costs_one_more_and_orders_pay_what_act_cannot() {
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (1, "reaver_raider", (7, 7))]);
    b.activate(0);
    let paid = |events: &[Event]| {
        events.iter().find_map(|e| if let Event::Paid { act, orders, .. } = e { Some((*act, *orders)) } else { None })
    };
    assert_eq!(paid(&b.apply(Action::Move { to: p(1, 0) }).unwrap()), Some((1, 0)));
    assert_eq!(paid(&b.apply(Action::Move { to: p(2, 0) }).unwrap()), Some((2, 0)));
    assert_eq!(b.apply(Action::Move { to: p(3, 0) }), Err(Rejection::NotEnoughActions { cost: 3, act: 0, orders: 0 }));
    b.orders(0, 3);
    assert_eq!(paid(&b.apply(Action::Move { to: p(3, 0) }).unwrap()), Some((0, 3)));
    assert_eq!(b.state.squads[0].orders, 0);
    // A different action starts at its listed cost.
    b.orders(0, 1);
    assert_eq!(paid(&b.apply(Action::Dash { to: p(4, 0) }).unwrap()), Some((0, 1)));
}

#[test]
fn actions_double_melee_makes_the_second_attack_cost_1_and_the_third_3() {
    let mut b = battle(&[(0, "reaver_stalker", (3, 3)), (1, "vanguard_gunner", (4, 3))]);
    b.activate(0);
    let cost = |b: &Battle| {
        skirmish_studio::systems::skirm::rules::cost(
            &b.rules,
            &b.state,
            &Action::Melee { weapon: "twin_blades".into(), target: Target::Unit(1) },
        )
    };
    assert_eq!(cost(&b), Some(1));
    b.dice(&[6, 6, 6]);
    b.apply(Action::Melee { weapon: "twin_blades".into(), target: Target::Unit(1) }).unwrap();
    assert_eq!(cost(&b), Some(1), "2MC: the second melee attack costs 1");
    b.dice(&[6, 6, 6]);
    b.apply(Action::Melee { weapon: "twin_blades".into(), target: Target::Unit(1) }).unwrap();
    assert_eq!(cost(&b), Some(3), "the third costs 3");
}

#[test]
fn actions_heavy_weapon_fired_after_a_move_costs_1_more_and_a_move_after_firing_too() {
    let mut b = battle(&[(0, "vanguard_gunner", (0, 0)), (1, "reaver_raider", (7, 7))]);
    b.activate(0);
    let fire = Action::Ranged { weapon: "heavy_gun".into(), targets: vec![Target::Unit(1)] };
    let cost = |b: &Battle, a: &Action| skirmish_studio::systems::skirm::rules::cost(&b.rules, &b.state, a);
    assert_eq!(cost(&b, &fire), Some(1));
    b.apply(Action::Move { to: p(1, 1) }).unwrap();
    assert_eq!(cost(&b, &fire), Some(2), "after a Move");
    let mut b = battle(&[(0, "vanguard_gunner", (0, 0)), (1, "reaver_raider", (7, 7))]);
    b.activate(0);
    b.orders(0, 3);
    b.dice(&[5, 5, 5, 5]);
    b.apply(fire.clone()).unwrap();
    assert_eq!(cost(&b, &Action::Move { to: p(1, 1) }), Some(2), "a Move after firing");
    assert_eq!(cost(&b, &Action::Dash { to: p(1, 1) }), Some(1), "a Dash carries no penalty");
}

#[test]
fn tactical_orders_reroll_one_die_once_and_adjust_without_triggering_its_effect() {
    // Trooper (RSK 4, rifle ROA 2 DAM 1) shoots a Raider: dice 5 and 6, both miss.
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (1, "reaver_raider", (0, 4))]);
    b.activate(0);
    b.orders(0, 3);
    b.dice(&[5, 6, 1]);
    b.shoot("rifle", 1).unwrap();
    assert!(b.state.pending.is_some(), "the roll waits while orders could help");
    let events = b.apply(Action::Reroll { die: 1 }).unwrap();
    assert!(events.contains(&Event::Rerolled { die: 1, face: 1, order: true }));
    assert_eq!(b.apply(Action::Reroll { die: 1 }), Err(Rejection::AlreadyRerolled(1)));
    assert_eq!(b.apply(Action::Adjust { die: 0, up: true }).map(|_| ()), Ok(()), "up is allowed, if unwise");
    // 6 -> 5 -> 4 with two orders: a strike, and the roll closes by itself as nothing is left
    // to improve. Only the re-rolled natural 1 adds damage: 1 + 2.
    b.orders(0, 2);
    b.apply(Action::Adjust { die: 0, up: false }).unwrap();
    b.dice(&[6, 6, 6]);
    let events = b.apply(Action::Adjust { die: 0, up: false }).unwrap();
    assert_eq!(strikes(&events), [(2, 3)]);
    assert_eq!(b.state.squads[0].orders, 0);
    assert_eq!(b.apply(Action::Accept), Err(Rejection::NoRollPending));
}

#[test]
fn the_window_offers_no_tactical_order_that_turns_a_success_into_a_failure() {
    use skirmish_studio::systems::skirm::playtest::worth_offering;
    // Trooper (RSK 4) shoots a Raider: a 3 strikes, a 6 misses.
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (1, "reaver_raider", (0, 4))]);
    b.activate(0);
    b.orders(0, 3);
    b.dice(&[3, 6, 1]);
    b.shoot("rifle", 1).unwrap();
    assert!(b.state.pending.is_some());
    let offered = |b: &Battle, a: Action| worth_offering(&b.rules, &b.state, &a);
    assert!(!offered(&b, Action::Adjust { die: 0, up: true }), "a strike is left alone");
    assert!(!offered(&b, Action::Adjust { die: 0, up: false }), "a strike is left alone");
    assert!(offered(&b, Action::Adjust { die: 1, up: false }), "a 6 lowered is on its way to a 4");
    assert!(!offered(&b, Action::Adjust { die: 1, up: true }), "raising never helps");
    assert!(offered(&b, Action::Reroll { die: 1 }));
    assert!(offered(&b, Action::Accept));
}

#[test]
fn tactical_orders_an_adjusted_1_adds_no_damage() {
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (1, "reaver_raider", (0, 4))]);
    b.activate(0);
    b.orders(0, 2);
    b.dice(&[2, 6]);
    b.shoot("rifle", 1).unwrap();
    b.apply(Action::Adjust { die: 0, up: false }).unwrap();
    b.dice(&[6, 6]);
    let events = b.apply(Action::Accept).unwrap();
    assert_eq!(strikes(&events), [(1, 1)], "an adjusted 1 strikes but deals only DAM");
}

// ---------------------------------------------------------------- movement

#[test]
fn movement_move_3_dash_1_and_swift_one_more() {
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (0, "vanguard_scout", (0, 7)), (1, "reaver_raider", (7, 7))]);
    b.activate(0);
    assert_eq!(b.apply(Action::Move { to: p(4, 0) }), Err(Rejection::Unreachable(p(4, 0))));
    assert_eq!(b.apply(Action::Dash { to: p(2, 0) }), Err(Rejection::Unreachable(p(2, 0))));
    b.apply(Action::Move { to: p(3, 3) }).unwrap();
    b.apply(Action::EndActivation).unwrap();
    b.activate(1);
    b.apply(Action::Move { to: p(4, 4) }).unwrap();
    b.apply(Action::Dash { to: p(4, 2) }).unwrap();
}

#[test]
fn movement_may_end_next_to_an_enemy_but_not_pass_through_its_zone() {
    // The raider at (3, 1) engages (2..4, 0..2); the trooper at (1, 1) cannot pass (2, 1).
    let mut b = battle(&[(0, "vanguard_trooper", (1, 1)), (1, "reaver_raider", (3, 1))]);
    b.activate(0);
    b.apply(Action::Move { to: p(2, 1) }).unwrap();
    let mut b = battle(&[(0, "vanguard_trooper", (1, 1)), (1, "reaver_raider", (3, 1))]);
    b.activate(0);
    assert_eq!(b.apply(Action::Move { to: p(4, 2) }), Err(Rejection::Unreachable(p(4, 2))));
    // Nimble may.
    let mut b =
        battle(&[(0, "vanguard_trooper", (6, 6)), (1, "reaver_stalker", (1, 1)), (0, "vanguard_trooper", (3, 1))]);
    b.activate(2);
    b.apply(Action::Move { to: p(4, 2) }).unwrap();
}

#[test]
fn specials_leap_2_act_in_a_straight_line_over_walls() {
    let rules = Ruleset::builtin().unwrap();
    let mut board = Board::filled(8, 8, rules.terrain_id("open").unwrap());
    board.set_edge(
        Edge::between(p(1, 0), p(2, 0)).unwrap(),
        Some(EdgeFeature { wall: Some(Wall { height: 3, climbable: false }), door: None }),
    );
    let mut b = battle_on(Some(board), &[(0, "reaver_skyclaw", (0, 0)), (1, "vanguard_trooper", (7, 7))], |_| {});
    b.activate(0);
    assert_eq!(b.apply(Action::Leap { to: p(2, 1) }), Err(Rejection::BadLeap(p(2, 1))), "not a straight line");
    let events = b.apply(Action::Leap { to: p(3, 0) }).unwrap();
    assert!(events.contains(&Event::Paid {
        action: skirmish_studio::systems::skirm::rules::ActionKind::Leap,
        act: 2,
        orders: 0
    }));
    assert_eq!(b.state.units[0].pos, Some(p(3, 0)));
}

// ---------------------------------------------------------------- target selection and combat

#[test]
fn ranged_target_not_adjacent_in_range_in_sight_no_squadmate_next_to_it_no_enemy_next_to_the_attacker() {
    let mut b = battle(&[
        (0, "reaver_raider", (0, 0)),
        (0, "reaver_raider", (6, 6)),
        (1, "vanguard_trooper", (1, 1)),
        (1, "vanguard_trooper", (7, 7)),
    ]);
    b.activate(0);
    assert_eq!(b.shoot("scatter_pistol", 2), Err(Rejection::EnemyAdjacent));
    assert_eq!(b.shoot("scatter_pistol", 3), Err(Rejection::EnemyAdjacent));
    let mut b = battle_on(None, &[(0, "reaver_raider", (0, 0)), (1, "vanguard_trooper", (7, 7))], |s| {
        s.items = vec![(p(1, 0), ItemKind::Barrel)];
    });
    b.activate(0);
    assert_eq!(
        b.apply(Action::Ranged { weapon: "scatter_pistol".into(), targets: vec![Target::Item(0)] }),
        Err(Rejection::TargetAdjacent)
    );
    let mut b = battle(&[
        (0, "reaver_raider", (0, 0)),
        (0, "reaver_raider", (6, 6)),
        (1, "vanguard_trooper", (4, 4)),
        (1, "vanguard_trooper", (7, 7)),
    ]);
    b.activate(0);
    assert_eq!(b.shoot("scatter_pistol", 2), Err(Rejection::OutOfRange { distance: 4, range: 3 }));
    assert_eq!(b.shoot("scatter_pistol", 3), Err(Rejection::OutOfRange { distance: 7, range: 3 }));
    assert_eq!(b.shoot("blade", 2), Err(Rejection::WrongWeapon("blade".into())));
    let mut b = battle(&[
        (0, "vanguard_trooper", (0, 0)),
        (0, "vanguard_trooper", (6, 6)),
        (1, "reaver_raider", (5, 5)),
        (1, "reaver_raider", (2, 2)),
    ]);
    b.activate(0);
    assert_eq!(b.shoot("rifle", 2), Err(Rejection::NotInSight), "the raider at (2, 2) is in the way");
    b.state.units[3].pos = Some(p(2, 0));
    assert_eq!(b.shoot("rifle", 2), Err(Rejection::SquadmateNextToTarget));
    b.shoot("rifle", 3).unwrap();
}

#[test]
fn melee_target_adjacent_and_support_gives_an_automatic_strike() {
    let mut b = battle(&[
        (0, "reaver_raider", (0, 0)),
        (0, "reaver_raider", (2, 1)),
        (1, "vanguard_trooper", (1, 1)),
        (1, "vanguard_trooper", (5, 5)),
    ]);
    b.activate(0);
    assert_eq!(
        b.apply(Action::Melee { weapon: "blade".into(), target: Target::Unit(3) }),
        Err(Rejection::TargetNotAdjacent)
    );
    b.dice(&[6, 6, 6]);
    let mut events = b.apply(Action::Melee { weapon: "blade".into(), target: Target::Unit(2) }).unwrap();
    assert_eq!(events.iter().filter(|e| matches!(e, Event::AutomaticStrike)).count(), 1);
    // The automatic die may still be rolled (as AHx's), so the roll waits: taken as it stands.
    assert!(b.state.pending.is_some());
    events.extend(b.apply(Action::Accept).unwrap());
    assert_eq!(strikes(&events), [(1, 1)], "the supported strike, then a 6 that misses");
}

#[test]
fn combat_worked_example_through_the_engine_a_1_adds_damage_saves_on_arm() {
    // Trooper (RSK 4, rifle ROA 2 DAM 1) at (0, 0) shoots a Raider (ARM 2, HIT 3) at (0, 5).
    // Attack dice 1 and 3: two strikes, the 1 dealing 2: 3 damage. Saves 2, 5, 6: one saved,
    // two failed: the Raider loses 2 HIT.
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (1, "reaver_raider", (0, 5))]);
    b.activate(0);
    b.dice(&[1, 3, 2, 5, 6]);
    let events = b.shoot("rifle", 1).unwrap();
    let faces: Vec<(RollKind, u8)> = events
        .iter()
        .filter_map(|e| if let Event::Die { kind, face, .. } = e { Some((*kind, *face)) } else { None })
        .collect();
    assert_eq!(
        faces,
        [(RollKind::Attack, 1), (RollKind::Attack, 3), (RollKind::Save, 2), (RollKind::Save, 5), (RollKind::Save, 6)]
    );
    assert_eq!(strikes(&events), [(2, 3)]);
    assert!(events.contains(&Event::Saves { failed: 2 }));
    assert!(events.contains(&Event::HitsLost { target: Target::Unit(1), hits: 2, remaining: 1 }));
    assert_eq!(b.state.units[1].hit, 1);
}

#[test]
fn combat_taken_out_at_0_hit_removed_and_its_marker_dropped() {
    let mut b = battle_on(
        None,
        &[(0, "vanguard_trooper", (0, 0)), (1, "reaver_raider", (0, 5)), (1, "reaver_raider", (7, 7))],
        |s| {
            s.markers = vec![p(0, 5)];
        },
    );
    b.state.markers[0].carrier = Some(1);
    b.state.units[1].hit = 1;
    b.activate(0);
    b.dice(&[2, 2, 6, 6]);
    let events = b.shoot("rifle", 1).unwrap();
    assert!(events.contains(&Event::TakenOut { unit: 1, by: Some(0) }));
    assert!(events.contains(&Event::Dropped { marker: 0, pos: p(0, 5) }));
    assert_eq!(b.state.units[1].pos, None);
    assert_eq!(b.state.unit_at(p(0, 5)), None);
}

#[test]
fn sight_on_a_battles_board_is_the_sight_worked_out_afresh_before_and_after_a_door_opens() {
    // A tall wall with a closed door across an 8 x 8 board: the walls kept for the board serve
    // it, and the board with the door open (a new board) gets its own, whichever was asked last.
    use skirmish_studio::board::Door;
    use skirmish_studio::systems::skirm::rules::{Map, Sight};
    use std::sync::Arc;
    let rules = Ruleset::builtin().unwrap();
    let mut closed = Board::filled(8, 8, rules.terrain_id("open").unwrap());
    for y in 0..8 {
        let door = (y == 3).then_some(Door { open: false });
        closed.set_edge(
            Edge::between(p(3, y), p(4, y)).unwrap(),
            Some(EdgeFeature { wall: Some(Wall { height: 3, climbable: false }), door }),
        );
    }
    let closed = Arc::new(closed);
    let mut open = Arc::clone(&closed);
    Arc::make_mut(&mut open).set_edge(
        Edge::between(p(3, 3), p(4, 3)).unwrap(),
        Some(EdgeFeature { wall: Some(Wall { height: 3, climbable: false }), door: Some(Door { open: true }) }),
    );
    let figures = [p(5, 5)];
    let sees_all = |sight: &Sight| {
        let squares: Vec<_> = (0..8).flat_map(|y| (0..8).map(move |x| p(x, y))).collect();
        squares
            .iter()
            .flat_map(|&a| squares.iter().map(move |&b| (a, b)))
            .map(|(a, b)| sight.sees(a, b))
            .collect::<Vec<_>>()
    };
    let afresh = |board: &Board| sees_all(&Sight::new(Map::new(board, &rules), &figures));
    for board in [&closed, &open, &closed, &open, &open] {
        assert_eq!(sees_all(&Sight::on_board(board, &rules, &figures)), afresh(board));
    }
    assert_ne!(afresh(&closed), afresh(&open), "the open door lets sight through");
    assert!(Sight::on_board(&open, &rules, &figures).sees(p(2, 3), p(5, 3)));
    assert!(!Sight::on_board(&closed, &rules, &figures).sees(p(2, 3), p(5, 3)));
}
