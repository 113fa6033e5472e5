//! The Skirm engine at its boundary, one case per clause of the rules text: a small battle set
//! up, an action applied, the events and the state checked. Dice are fixed by choosing the
//! seed whose first faces are the ones a case needs.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::board::{Board, Door, Edge, EdgeFeature, Pos, Wall};
use skirmish_studio::dice::Dice;
use skirmish_studio::systems::skirm::rules::action::RollKind;
use skirmish_studio::systems::skirm::rules::ruleset::{ItemKind, Medal};
use skirmish_studio::systems::skirm::rules::{
    Action, CrateContent, Event, GameState, Outcome, Rejection, Ruleset, Setup, SquadSetup, Target, UnitSetup, apply,
    check, legal_actions, start_game,
};

fn p(x: u16, y: u16) -> Pos {
    Pos::new(x, y)
}

/// The first seed whose dice roll these faces first.
fn seed_for(faces: &[u8]) -> u64 {
    (0..20_000_000u64)
        .find(|&seed| {
            let mut dice = Dice::new(seed);
            faces.iter().all(|&f| dice.roll_d6() == f)
        })
        .expect("a seed with these faces")
}

struct Battle {
    rules: Ruleset,
    state: GameState,
}

fn setup(rules: &Ruleset, board: Board, units: &[(u8, &str, (u16, u16))]) -> Setup {
    let faction = |squad: u8| {
        let profile = units.iter().find(|u| u.0 == squad).map_or("vanguard_trooper", |u| u.1);
        rules.profile(profile).unwrap().0.id.clone()
    };
    let squad = |squad: u8| SquadSetup {
        name: format!("squad {}", squad + 1),
        faction: faction(squad),
        units: units
            .iter()
            .filter(|u| u.0 == squad)
            .map(|u| UnitSetup {
                profile: u.1.into(),
                name: String::new(),
                weapons: Vec::new(),
                gear: Vec::new(),
                xp: 0,
                pos: p(u.2.0, u.2.1),
            })
            .collect(),
    };
    Setup {
        zones: [vec![p(0, 0)], vec![p(board.width - 1, board.height - 1)]],
        board,
        mission: "hold_the_line".into(),
        environment: None,
        turns: 4,
        objectives: Vec::new(),
        markers: Vec::new(),
        items: Vec::new(),
        squads: [squad(0), squad(1)],
    }
}

/// A battle on an open 8 x 8 map (or the board given), orders cleared so costs are exact.
fn battle_on(board: Option<Board>, units: &[(u8, &str, (u16, u16))], tweak: impl FnOnce(&mut Setup)) -> Battle {
    let rules = Ruleset::builtin().unwrap();
    let board = board.unwrap_or_else(|| Board::filled(8, 8, rules.terrain_id("open").unwrap()));
    let mut s = setup(&rules, board, units);
    tweak(&mut s);
    let (mut state, _) = start_game(&rules, &s, 7).unwrap();
    state.squads[0].orders = 0;
    state.squads[1].orders = 0;
    Battle { rules, state }
}

fn battle(units: &[(u8, &str, (u16, u16))]) -> Battle {
    battle_on(None, units, |_| {})
}

impl Battle {
    fn activate(&mut self, unit: usize) -> Vec<Event> {
        self.state.to_act = self.state.units[unit].squad;
        self.apply(Action::Activate { unit }).unwrap()
    }
    fn apply(&mut self, action: Action) -> Result<Vec<Event>, Rejection> {
        apply(&self.rules, &mut self.state, &action)
    }
    fn dice(&mut self, faces: &[u8]) {
        self.state.dice = Dice::new(seed_for(faces));
    }
    fn orders(&mut self, squad: usize, orders: u8) {
        self.state.squads[squad].orders = orders;
    }
    fn shoot(&mut self, weapon: &str, target: usize) -> Result<Vec<Event>, Rejection> {
        self.apply(Action::Ranged { weapon: weapon.into(), targets: vec![Target::Unit(target)] })
    }
}

fn attacks(events: &[Event]) -> Vec<(Target, u8, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Attack { target, skill, cover, .. } => Some((*target, *skill, *cover)),
            _ => None,
        })
        .collect()
}

fn strikes(events: &[Event]) -> Vec<(u8, u32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Strikes { strikes, damage } => Some((*strikes, *damage)),
            _ => None,
        })
        .collect()
}

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
        action: skirmish_studio::systems::skirm::rules::state::ActionKind::Leap,
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
    let events = b.apply(Action::Melee { weapon: "blade".into(), target: Target::Unit(2) }).unwrap();
    assert_eq!(events.iter().filter(|e| matches!(e, Event::AutomaticStrike)).count(), 1);
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
fn cover_a_short_wall_gives_one_automatic_save_and_high_ground_cancels_it() {
    let rules = Ruleset::builtin().unwrap();
    let mut board = Board::filled(8, 8, rules.terrain_id("open").unwrap());
    board.set_edge(
        Edge::between(p(0, 4), p(0, 5)).unwrap(),
        Some(EdgeFeature { wall: Some(Wall { height: 1, climbable: false }), door: None }),
    );
    let mut b =
        battle_on(Some(board.clone()), &[(0, "vanguard_trooper", (0, 0)), (1, "reaver_raider", (0, 5))], |_| {});
    b.activate(0);
    b.dice(&[2, 2, 6, 6]);
    let events = b.shoot("rifle", 1).unwrap();
    assert_eq!(attacks(&events), [(Target::Unit(1), 4, true)]);
    assert_eq!(events.iter().filter(|e| matches!(e, Event::AutomaticSave)).count(), 1);
    board.set_height(p(0, 0), 2);
    let mut b = battle_on(Some(board), &[(0, "vanguard_trooper", (0, 0)), (1, "reaver_raider", (0, 5))], |_| {});
    b.activate(0);
    let events = b.shoot("rifle", 1).unwrap();
    assert_eq!(attacks(&events), [(Target::Unit(1), 4, false)], "high ground");
}

// ---------------------------------------------------------------- doors, markers, items

#[test]
fn doors_open_and_close_from_a_square_beside_them() {
    let rules = Ruleset::builtin().unwrap();
    let mut board = Board::filled(8, 8, rules.terrain_id("open").unwrap());
    let edge = Edge::between(p(0, 1), p(0, 2)).unwrap();
    board.set_edge(
        edge,
        Some(EdgeFeature { wall: Some(Wall { height: 3, climbable: false }), door: Some(Door { open: false }) }),
    );
    let mut b = battle_on(Some(board), &[(0, "vanguard_trooper", (0, 1)), (1, "reaver_raider", (7, 7))], |_| {});
    b.activate(0);
    assert_eq!(b.apply(Action::Dash { to: p(0, 2) }), Err(Rejection::Unreachable(p(0, 2))), "closed");
    let far = Edge::between(p(5, 5), p(5, 6)).unwrap();
    assert_eq!(b.apply(Action::Door { edge: far }), Err(Rejection::NoDoor));
    assert_eq!(
        b.apply(Action::Door { edge }).unwrap(),
        [
            Event::Paid { action: skirmish_studio::systems::skirm::rules::state::ActionKind::Door, act: 1, orders: 0 },
            Event::Door { edge, open: true }
        ]
    );
    b.apply(Action::Dash { to: p(0, 2) }).unwrap();
}

#[test]
fn markers_picked_up_dropped_and_carried_home_score() {
    let mut b = battle_on(None, &[(0, "vanguard_trooper", (0, 1)), (1, "reaver_raider", (7, 7))], |s| {
        s.markers = vec![p(0, 1)];
        s.mission = "extraction".into();
        s.zones[0] = vec![p(0, 0)];
    });
    b.activate(0);
    assert_eq!(b.apply(Action::Drop), Err(Rejection::NotCarrying));
    b.apply(Action::PickUp).unwrap();
    assert_eq!(b.apply(Action::PickUp), Err(Rejection::NoMarker));
    b.apply(Action::Move { to: p(0, 0) }).unwrap();
    b.apply(Action::EndActivation).unwrap();
    let mut events = Vec::new();
    let enemy = b.state.units.iter().position(|u| u.squad == 1).unwrap();
    if !b.state.units[enemy].activated {
        b.state.to_act = 1;
        events.extend(b.apply(Action::Activate { unit: enemy }).unwrap());
        events.extend(b.apply(Action::EndActivation).unwrap());
    }
    assert!(events.iter().any(|e| matches!(e, Event::Scored { squad: 0, points: 3, .. })), "{events:?}");
    assert!(b.state.markers[0].scored);
}

#[test]
fn crates_opened_for_1_act_each_content_once_per_battle() {
    let mut b = battle_on(
        None,
        &[(0, "vanguard_trooper", (0, 1)), (0, "vanguard_trooper", (1, 1)), (1, "reaver_raider", (7, 7))],
        |s| {
            s.items = vec![(p(0, 1), ItemKind::Crate), (p(1, 1), ItemKind::Crate)];
        },
    );
    b.activate(0);
    assert_eq!(
        b.apply(Action::OpenCrate { content: CrateContent::AmmoRefill }),
        Err(Rejection::ContentUnavailable(CrateContent::AmmoRefill))
    );
    b.apply(Action::OpenCrate { content: CrateContent::TacticalOrder }).unwrap();
    assert_eq!(b.state.squads[0].orders, 1);
    assert_eq!(
        b.apply(Action::OpenCrate { content: CrateContent::MissionPoint }),
        Err(Rejection::NoCrate),
        "opened and gone"
    );
    b.apply(Action::EndActivation).unwrap();
    b.activate(1);
    assert_eq!(
        b.apply(Action::OpenCrate { content: CrateContent::TacticalOrder }),
        Err(Rejection::ContentUnavailable(CrateContent::TacticalOrder))
    );
    let points = b.state.squads[0].points;
    b.apply(Action::OpenCrate { content: CrateContent::MissionPoint }).unwrap();
    assert_eq!(b.state.squads[0].points, points + 1);
    assert!(b.state.units[1].opened_crate);
}

#[test]
fn barrels_explode_when_struck_for_2_damage_on_their_square_and_the_adjacent_ones() {
    let mut b = battle_on(
        None,
        &[
            (0, "vanguard_trooper", (0, 0)),
            (1, "reaver_raider", (4, 5)),
            (1, "reaver_raider", (5, 6)),
            (1, "reaver_raider", (7, 7)),
        ],
        |s| {
            s.items = vec![(p(4, 4), ItemKind::Barrel)];
        },
    );
    b.activate(0);
    // One strike (3), a miss; then each raider next to the barrel saves two dice.
    b.dice(&[3, 6, 6, 6, 1, 1]);
    let events = b.apply(Action::Ranged { weapon: "rifle".into(), targets: vec![Target::Item(0)] }).unwrap();
    assert!(events.contains(&Event::BarrelExploded { item: 0, pos: p(4, 4) }));
    assert!(b.state.items[0].gone);
    let hit: Vec<Target> = attacks(&events).iter().map(|a| a.0).collect();
    assert_eq!(hit, [Target::Item(0), Target::Unit(1)], "only the raider adjacent to the barrel");
    assert_eq!(b.state.units[1].hit, 1, "two failed saves");
    assert_eq!(b.state.units[2].hit, 3);
}

#[test]
fn turrets_used_for_1_act_each_have_2_hit_arm_2_and_wreck_for_3_damage() {
    let mut b = battle_on(
        None,
        &[(0, "vanguard_trooper", (0, 0)), (1, "reaver_raider", (0, 6)), (1, "reaver_raider", (7, 7))],
        |s| {
            s.items = vec![
                (p(0, 0), ItemKind::Turret("machine_gun".into())),
                (p(0, 6), ItemKind::Turret("machine_gun".into())),
            ];
        },
    );
    b.activate(0);
    b.orders(0, 0);
    let fire = Action::UseTurret { targets: vec![Target::Unit(1)] };
    for _ in 0..3 {
        b.dice(&[6, 6, 6]);
        b.apply(fire.clone()).unwrap();
    }
    assert_eq!(b.apply(fire), Err(Rejection::NotEnoughActions { cost: 1, act: 0, orders: 0 }), "1 ACT a use");
    // The other turret, under the raider: 2 HIT, ARM 2; destroyed, it deals 3 damage.
    let mut b = battle_on(
        None,
        &[(0, "vanguard_trooper", (0, 0)), (1, "reaver_raider", (0, 6)), (1, "reaver_raider", (7, 7))],
        |s| {
            s.items = vec![(p(0, 6), ItemKind::Turret("machine_gun".into()))];
        },
    );
    b.activate(0);
    b.dice(&[2, 2, 6, 6, 6, 6, 6]);
    let events = b.apply(Action::Ranged { weapon: "rifle".into(), targets: vec![Target::Item(0)] }).unwrap();
    assert!(events.contains(&Event::TurretDestroyed { item: 0, pos: p(0, 6) }), "{events:?}");
    assert!(events.contains(&Event::HitsLost { target: Target::Unit(1), hits: 3, remaining: 0 }));
}

// ---------------------------------------------------------------- objectives and scoring

#[test]
fn objectives_controlled_with_no_enemy_adjacent_score_at_the_end_of_each_turn() {
    let mut b = battle_on(
        None,
        &[(0, "vanguard_trooper", (2, 2)), (0, "vanguard_trooper", (5, 5)), (1, "reaver_raider", (6, 6))],
        |s| {
            s.objectives = vec![p(2, 2), p(5, 5)];
        },
    );
    assert_eq!(b.state.controller(&b.rules, p(2, 2)), Some(0));
    assert_eq!(b.state.controller(&b.rules, p(5, 5)), None, "an enemy is adjacent");
    let mut events = Vec::new();
    while b.state.turn == 1 {
        let squad = b.state.to_act;
        let unit = b.state.units.iter().position(|u| u.squad == squad && !u.activated && u.pos.is_some()).unwrap();
        events.extend(b.apply(Action::Activate { unit }).unwrap());
        events.extend(b.apply(Action::EndActivation).unwrap());
    }
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Scored { squad: 0, points: 1, reason } if reason.contains("1 objectives"))),
        "{events:?}"
    );
}

#[test]
fn mission_action_scores_once_per_objective_and_a_technician_pays_1_less() {
    let mut b = battle_on(
        None,
        &[(0, "vanguard_engineer", (2, 2)), (0, "vanguard_trooper", (4, 4)), (1, "reaver_raider", (7, 7))],
        |s| {
            s.objectives = vec![p(2, 2), p(4, 4)];
            s.mission = "data_heist".into();
        },
    );
    b.activate(0);
    let events = b.apply(Action::MissionAction).unwrap();
    assert!(
        events.contains(&Event::Paid {
            action: skirmish_studio::systems::skirm::rules::state::ActionKind::Mission,
            act: 1,
            orders: 0
        }),
        "TCH: 2 - 1"
    );
    assert!(events.iter().any(|e| matches!(e, Event::Scored { squad: 0, points: 2, .. })));
    assert_eq!(b.apply(Action::MissionAction), Err(Rejection::NoMissionAction), "once per objective");
    b.apply(Action::EndActivation).unwrap();
    b.activate(1);
    let events = b.apply(Action::MissionAction).unwrap();
    assert!(events.contains(&Event::Paid {
        action: skirmish_studio::systems::skirm::rules::state::ActionKind::Mission,
        act: 2,
        orders: 0
    }));
}

#[test]
fn secondary_objectives_revealed_and_scored_once_and_the_battle_ends_on_mission_points_with_medals() {
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (1, "reaver_raider", (7, 7))]);
    // Deal squad 1 "No Retreat" (lose no unit) every turn it is drawn.
    let no_retreat = b.rules.secondary_objectives.iter().position(|s| s.id == "no_retreat").unwrap();
    b.state.squads[0].secondary = Some(no_retreat);
    b.state.squads[0].deck.retain(|&c| c != no_retreat);
    let mut events = Vec::new();
    while b.state.outcome == Outcome::Ongoing {
        let squad = b.state.to_act;
        let unit = b.state.units.iter().position(|u| u.squad == squad && !u.activated && u.pos.is_some()).unwrap();
        events.extend(b.apply(Action::Activate { unit }).unwrap());
        events.extend(b.apply(Action::EndActivation).unwrap());
    }
    let scored: Vec<usize> = events
        .iter()
        .filter_map(|e| if let Event::SecondaryScored { squad: 0, card } = e { Some(*card) } else { None })
        .collect();
    assert_eq!(scored.iter().filter(|&&c| c == no_retreat).count(), 1, "scored once");
    assert_eq!(b.state.turn, 4);
    let points = [b.state.squads[0].points, b.state.squads[1].points];
    assert!(events.contains(&Event::BattleEnded {
        winner: match points[0].cmp(&points[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        },
        points
    }));
    assert!(b.state.medals[0].contains(&Medal::Veteran) && b.state.medals[0].contains(&Medal::Untouchable));
    assert!(events.iter().any(|e| matches!(e, Event::MedalEarned { unit: 0, medal: Medal::LastStanding, xp: 1 })));
    assert_eq!(check(&b.rules, &b.state, &Action::EndActivation), Err(Rejection::GameOver));
}

#[test]
fn medals_first_blood_assassin_and_merciless() {
    let mut b = battle(&[(0, "vanguard_gunner", (0, 0)), (1, "reaver_warlord", (0, 4)), (1, "reaver_raider", (7, 7))]);
    b.state.units[1].hit = 1;
    b.state.units[1].arm = 0;
    b.activate(0);
    // Three strikes of DAM 1: 3 damage, every save failed on ARM 0: 2 over the 1 HIT left.
    b.dice(&[2, 2, 2, 5, 4, 4, 4]);
    b.apply(Action::Ranged { weapon: "heavy_gun".into(), targets: vec![Target::Unit(1)] }).unwrap();
    assert_eq!(b.state.units[1].pos, None);
    assert_eq!(b.state.first_blood, Some(0));
    b.state.squads[0].points = 10;
    b.state.turn = 4;
    let mut events = b.apply(Action::EndActivation).unwrap();
    while b.state.outcome == Outcome::Ongoing {
        let squad = b.state.to_act;
        let unit = b.state.units.iter().position(|u| u.squad == squad && !u.activated && u.pos.is_some()).unwrap();
        events.extend(b.apply(Action::Activate { unit }).unwrap());
        events.extend(b.apply(Action::EndActivation).unwrap());
    }
    for medal in [Medal::FirstBlood, Medal::Assassin, Medal::Merciless, Medal::Victor] {
        assert!(b.state.medals[0].contains(&medal), "{medal:?}: {:?}", b.state.medals[0]);
    }
}

// ---------------------------------------------------------------- special rules

#[test]
fn specials_camouflage_and_duellist_lower_the_attackers_skill() {
    let mut b =
        battle(&[(0, "vanguard_trooper", (0, 0)), (1, "vanguard_marksman", (0, 5)), (1, "vanguard_trooper", (7, 7))]);
    b.activate(0);
    b.dice(&[6, 6]);
    let events = b.shoot("rifle", 1).unwrap();
    assert_eq!(attacks(&events)[0].1, 3, "CAM at 5 squares: RSK 4 - 1");
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (1, "reaver_stalker", (1, 0))]);
    b.activate(0);
    b.dice(&[6, 6]);
    let events = b.apply(Action::Melee { weapon: "combat_knife".into(), target: Target::Unit(1) }).unwrap();
    assert_eq!(attacks(&events)[0].1, 2, "DLS: MSK 3 - 1");
}

#[test]
fn specials_counter_strikes_back_at_a_melee_attacker_it_survives() {
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (1, "reaver_brute", (1, 0))]);
    b.activate(0);
    b.dice(&[6, 6, 6, 6]);
    let events = b.apply(Action::Melee { weapon: "combat_knife".into(), target: Target::Unit(1) }).unwrap();
    let sides: Vec<Target> = attacks(&events).iter().map(|a| a.0).collect();
    assert_eq!(sides, [Target::Unit(1)], "the Brute's only weapon, the maul, is Unwieldy: no counter with it");
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (1, "reaver_brute", (1, 0))]);
    b.state.units[1].weapons.push("blade".into());
    b.activate(0);
    b.dice(&[6, 6, 6, 6]);
    let events = b.apply(Action::Melee { weapon: "combat_knife".into(), target: Target::Unit(1) }).unwrap();
    let sides: Vec<Target> = attacks(&events).iter().map(|a| a.0).collect();
    assert_eq!(sides, [Target::Unit(1), Target::Unit(0)], "with a blade it strikes back");
}

#[test]
fn specials_parry_has_the_attacker_reroll_a_strike() {
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (1, "reaver_hexer", (1, 0))]);
    b.activate(0);
    b.dice(&[1, 6, 6]);
    let events = b.apply(Action::Melee { weapon: "combat_knife".into(), target: Target::Unit(1) }).unwrap();
    assert!(events.contains(&Event::Rerolled { die: 0, face: 6, order: false }), "{events:?}");
    assert_eq!(strikes(&events), [(0, 0)]);
}

#[test]
fn specials_tough_precise_and_brutal_give_free_rerolls() {
    let mut b = battle(&[(0, "vanguard_marksman", (0, 0)), (1, "reaver_raider", (0, 5))]);
    b.activate(0);
    b.dice(&[6]);
    b.shoot("long_rifle", 1).unwrap();
    let pending = b.state.pending.clone().expect("a free re-roll waits");
    assert_eq!(pending.free_rerolls, 2, "PR1 on the card and PR1 on the long rifle");
    b.dice(&[2, 6, 6, 6]);
    let events = b.apply(Action::Reroll { die: 0 }).unwrap();
    assert!(events.contains(&Event::Rerolled { die: 0, face: 2, order: false }));
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (1, "vanguard_breacher", (0, 5))]);
    b.state.units[1].squad = 1;
    b.activate(0);
    b.dice(&[2, 6, 6]);
    b.shoot("rifle", 1).unwrap();
    let pending = b.state.pending.clone().expect("the Breacher's save waits");
    assert_eq!((pending.free_rerolls, pending.decider), (1, Some(1)), "TG1, the target's choice");
}

#[test]
fn specials_stun_costs_the_target_an_act_next_activation_but_not_below_2() {
    let mut b = battle(&[(0, "reaver_hexer", (0, 0)), (1, "vanguard_trooper", (0, 5))]);
    b.state.units[1].squad = 1;
    b.activate(0);
    b.state.units[1].hit = 9;
    b.dice(&[1, 6, 6, 6]);
    let events = b.shoot("hex_lance", 1).unwrap();
    assert!(events.contains(&Event::Stunned { unit: 1 }));
    b.apply(Action::EndActivation).unwrap();
    let events = b.activate(1);
    assert!(events.contains(&Event::Activated { unit: 1, act: 2 }));
}

#[test]
fn specials_blast_chain_linear_and_spread_reach_more_than_one_target() {
    // Blast: a frag grenade at the raider hits the raider next to it too, squadmates included.
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (1, "reaver_raider", (0, 4)), (1, "reaver_raider", (1, 4))]);
    b.state.units[0].weapons.push("frag_grenade".into());
    b.activate(0);
    b.dice(&[6, 6]);
    let events = b.shoot("frag_grenade", 1).unwrap();
    let hit: Vec<Target> = attacks(&events).iter().map(|a| a.0).collect();
    assert_eq!(hit, [Target::Unit(1), Target::Unit(2)]);
    assert_eq!(b.shoot("frag_grenade", 1), Err(Rejection::WeaponSpent("frag_grenade".into())), "LIM");
    // Spread: the shotgun's three dice shared between adjacent targets, two and one.
    let mut b = battle(&[
        (0, "vanguard_breacher", (0, 0)),
        (1, "reaver_raider", (0, 3)),
        (1, "reaver_raider", (1, 3)),
        (1, "reaver_raider", (7, 7)),
    ]);
    b.activate(0);
    b.dice(&[6, 6, 6]);
    let events =
        b.apply(Action::Ranged { weapon: "shotgun".into(), targets: vec![Target::Unit(1), Target::Unit(2)] }).unwrap();
    assert_eq!(events.iter().filter(|e| matches!(e, Event::Die { kind: RollKind::Attack, .. })).count(), 3);
    assert_eq!(
        b.apply(Action::Ranged { weapon: "shotgun".into(), targets: vec![Target::Unit(1), Target::Unit(3)] }),
        Err(Rejection::OutOfRange { distance: 7, range: 3 })
    );
    // Linear: the rail lance hits every unit on the line, squadmates too.
    let mut b = battle(&[
        (0, "vanguard_trooper", (0, 0)),
        (0, "vanguard_trooper", (0, 2)),
        (1, "reaver_raider", (0, 6)),
        (1, "reaver_raider", (7, 7)),
    ]);
    b.state.units[0].weapons.push("rail_lance".into());
    b.state.units[1].pos = Some(p(3, 3));
    b.state.units[2].pos = Some(p(6, 6));
    b.activate(0);
    b.dice(&[6, 6]);
    let events = b.shoot("rail_lance", 2).unwrap();
    let hit: Vec<Target> = attacks(&events).iter().map(|a| a.0).collect();
    assert_eq!(hit, [Target::Unit(2), Target::Unit(1)]);
    // Chain Reaction: one more enemy next to the target.
    let mut b =
        battle(&[(0, "reaver_raider", (0, 0)), (1, "vanguard_trooper", (0, 4)), (1, "vanguard_trooper", (1, 5))]);
    b.state.units[0].weapons.push("chain_lightning".into());
    b.activate(0);
    b.dice(&[6, 6, 6, 6]);
    let events = b.shoot("chain_lightning", 1).unwrap();
    let hit: Vec<Target> = attacks(&events).iter().map(|a| a.0).collect();
    assert_eq!(hit, [Target::Unit(1), Target::Unit(2)]);
}

#[test]
fn specials_autohit_deadly_rending_relentless_and_improve_skill() {
    // Melta charge: AH1 (one strike without a roll) and DD1.
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (1, "reaver_raider", (0, 2))]);
    b.state.units[0].weapons.push("melta_charge".into());
    b.activate(0);
    b.dice(&[6, 6, 6, 6]);
    let events = b.shoot("melta_charge", 1).unwrap();
    assert_eq!(strikes(&events), [(1, 4)], "DAM 3 + DD1");
    // Chain axe: RND, a 1 deals DAM + 2.
    let mut b = battle(&[(0, "reaver_warlord", (0, 0)), (1, "vanguard_trooper", (1, 0))]);
    b.activate(0);
    b.dice(&[1, 6, 6]);
    b.apply(Action::Melee { weapon: "chain_axe".into(), target: Target::Unit(1) }).unwrap();
    assert_eq!(b.state.pending.as_ref().map(|p| p.free_rerolls), Some(1), "BR1 waits to be used");
    let events = b.apply(Action::Accept).unwrap();
    assert_eq!(strikes(&events).first().map(|s| s.1), Some(4));
    // Heavy gun: RLT re-rolls every 6.
    let mut b = battle(&[(0, "vanguard_gunner", (0, 0)), (1, "reaver_raider", (0, 5))]);
    b.activate(0);
    b.dice(&[6, 5, 5, 5, 5]);
    let events = b.apply(Action::Ranged { weapon: "heavy_gun".into(), targets: vec![Target::Unit(1)] }).unwrap();
    assert!(events.contains(&Event::Rerolled { die: 0, face: 5, order: false }));
    // Power sword: +SK on MSK 4.
    let mut b = battle(&[(0, "vanguard_captain", (0, 0)), (1, "reaver_raider", (1, 0))]);
    b.activate(0);
    b.dice(&[6, 6, 6]);
    let events = b.apply(Action::Melee { weapon: "power_sword".into(), target: Target::Unit(1) }).unwrap();
    assert_eq!(attacks(&events)[0].1, 5);
    // Pistol: MCR, a ranged weapon in melee with MSK.
    let mut b = battle(&[(0, "vanguard_captain", (0, 0)), (1, "reaver_raider", (1, 0))]);
    b.activate(0);
    b.dice(&[6, 6]);
    let events = b.apply(Action::Melee { weapon: "pistol".into(), target: Target::Unit(1) }).unwrap();
    assert_eq!(attacks(&events)[0].1, 4);
}

// ---------------------------------------------------------------- the listed actions

#[test]
fn legal_actions_all_pass_the_check_and_end_activation_is_always_offered() {
    let mut b = battle(&[
        (0, "vanguard_breacher", (0, 0)),
        (0, "vanguard_trooper", (2, 0)),
        (1, "reaver_raider", (0, 3)),
        (1, "reaver_raider", (1, 3)),
    ]);
    b.activate(0);
    b.orders(0, 2);
    let actions = legal_actions(&b.rules, &b.state);
    assert!(actions.contains(&Action::EndActivation));
    assert!(
        actions.contains(&Action::Ranged { weapon: "shotgun".into(), targets: vec![Target::Unit(2), Target::Unit(3)] })
    );
    for action in &actions {
        assert_eq!(check(&b.rules, &b.state, action), Ok(()), "{action:?}");
    }
}
