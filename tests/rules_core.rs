//! Data-driven cases for every clause of the rules (v1.0b sections 2 to 4 and the optional CO
//! rules) and every named rejection, each through the public interface of the rules core.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{BLUE, CITY, PLAIN, RED, ROAD, Setup, attack, capture, end_turn, mv, p, unload};
use skirmish_studio::systems::swat::rules::{
    Action, Capture, ColumnId, Event, Rejection, Status, Strike, UnitId, preview_attack, reachable,
};

// ---------------------------------------------------------------- the worked example

#[test]
fn worked_example_tank_attacks_anti_air_in_a_city() {
    // Blue's Tank (full, on a road) attacks Red's Anti-Air (full, in a city); seed 0 rolls a 2.
    let mut game = Setup::board(&["=C"]).unit("tank", 0, (0, 0)).unit("anti_air", 1, (1, 0)).seed(0).start();
    let preview = preview_attack(&game.rules, &game.state, UnitId(0), UnitId(1), None).unwrap();
    assert_eq!(preview.attack.numbers.initial_damage, 6);
    assert_eq!((preview.attack.hits, preview.attack.die), (4, Some(3)));
    assert!((preview.attack.extra_hit_chance - 0.5).abs() < 1e-9);
    // Either way the Anti-Air ends reduced (4 or 3 HP) and fires back: 7 - 6 = 1 on a road.
    for case in &preview.counter {
        let counter = case.counter.as_ref().expect("the Anti-Air survives and fires back");
        assert_eq!(counter.numbers.initial_damage, 1);
        assert_eq!(counter.numbers.column, ROAD);
        assert_eq!((counter.hits, counter.die), (1, Some(3)));
    }
    let events = game.act(attack(0, 1));
    assert_eq!(
        events[..3],
        [
            Event::StrikeDeclared {
                strike: Strike::Attack,
                attacker: UnitId(0),
                target: UnitId(1),
                initial_damage: 6,
                column: CITY,
                hits: 4,
                die: Some(3)
            },
            Event::DieRolled { strike: Strike::Attack, roll: 2, needed: 3, hit: true },
            Event::UnitDamaged { unit: UnitId(1), hits: 5, hp: 3, reduced: true },
        ]
    );
    assert_eq!(
        events[3],
        Event::StrikeDeclared {
            strike: Strike::Counter,
            attacker: UnitId(1),
            target: UnitId(0),
            initial_damage: 1,
            column: ROAD,
            hits: 1,
            die: Some(3)
        }
    );
    assert_eq!(game.unit(1).hp, 3);
}

#[test]
fn combat_artillery_cannot_be_answered_by_a_tank_and_cannot_answer_an_adjacent_tank() {
    let mut game = Setup::board(&["....", "...."])
        .unit("artillery", 0, (0, 0))
        .unit("tank", 1, (2, 0))
        .unit("tank", 0, (3, 1))
        .unit("artillery", 1, (3, 0))
        .start();
    let events = game.act(attack(0, 1));
    assert!(!events.iter().any(|e| matches!(e, Event::StrikeDeclared { strike: Strike::Counter, .. })));
    // Red's tank attacks Blue's adjacent artillery: no counter-fire at range 1.
    let events = game.act(attack(2, 3));
    assert!(!events.iter().any(|e| matches!(e, Event::StrikeDeclared { strike: Strike::Counter, .. })));
}

// ---------------------------------------------------------------- ruleset as data

#[test]
fn ruleset_pins_the_values_the_rules_text_states() {
    let rules = common::rules();
    let tank = rules.unit(rules.unit_id("tank").unwrap());
    let anti_air = rules.unit(rules.unit_id("anti_air").unwrap());
    let tread = rules.move_type_id("tread").unwrap();
    assert_eq!(tank.defense, 6);
    assert_eq!(tank.firepower.as_ref().unwrap().full[tread.index()], 10);
    assert_eq!(anti_air.move_type, tread);
    assert_eq!(anti_air.defense, 4);
    assert_eq!(anti_air.firepower.as_ref().unwrap().reduced[tread.index()], 7);
    assert_eq!(rules.unit(rules.unit_id("artillery").unwrap()).range, (2, 3));
    assert_eq!(rules.unit(rules.unit_id("apc").unwrap()).transport.as_ref().unwrap().capacity, 2);
    let costs: Vec<u32> = rules.units.iter().map(|u| u.cost).collect();
    assert_eq!((costs.iter().min(), costs.iter().max()), (Some(&1), Some(&16)));
    let forest = rules.terrain(rules.terrain_id("forest").unwrap());
    assert_eq!(forest.costs[tread.index()], Some(2));
    for name in ["hill", "water"] {
        assert_eq!(rules.terrain(rules.terrain_id(name).unwrap()).costs[tread.index()], None, "tread on {name}");
    }
    for name in ["city", "factory", "hq"] {
        let road = rules.terrain(rules.terrain_id("road").unwrap());
        assert_eq!(rules.terrain(rules.terrain_id(name).unwrap()).costs, road.costs, "{name} moves like a road");
    }
    let city = rules.chart_columns.iter().position(|c| c == "city").unwrap();
    let road = rules.chart_columns.iter().position(|c| c == "road").unwrap();
    let cell = rules.chart_cell(6, ColumnId(u8::try_from(city).unwrap()));
    assert_eq!((cell.hits, cell.die), (4, Some(3)));
    let cell = rules.chart_cell(1, ColumnId(u8::try_from(road).unwrap()));
    assert_eq!((cell.hits, cell.die), (1, Some(3)));
    let e = &rules.economy;
    assert_eq!((e.max_hp, e.reduced_below, e.repair, e.starting_funds), (8, 5, 2, 5));
    assert_eq!((e.capture_rate_full, e.capture_rate_reduced), (2, 1));
    use skirmish_studio::systems::swat::rules::PropertyKind::{City, Factory, Hq};
    assert_eq!((e.income_of(City), e.income_of(Factory), e.income_of(Hq)), (5, 0, 5));
    assert_eq!((e.capture_points_of(City), e.capture_points_of(Factory), e.capture_points_of(Hq)), (4, 4, 8));
    assert!(rules.cos.len() >= 6);
}

#[test]
fn ruleset_chart_past_the_last_row_uses_the_last_and_below_zero_uses_the_first() {
    let rules = common::rules();
    assert_eq!(rules.chart_cell(40, ColumnId(0)), rules.chart_cell(12, ColumnId(0)));
    assert_eq!(rules.chart_cell(-3, ColumnId(0)).hits, 0);
}

#[test]
fn ruleset_loading_reports_every_problem_with_its_place() {
    let broken = skirmish_studio::systems::swat::rules::BUILTIN_SWAT_RON
        .replace(
            "cost: 7, counters: Some(5), move_type: \"tread\"",
            "cost: -7, counters: Some(-1), move_type: \"hover\"",
        )
        .replace("(id: \"captain_reyes\"", "(id: \"random\"")
        .replace("(damage: 5,  cells: {\"road\": (5, Some(3)), ", "(damage: 5,  cells: {")
        .replace("Kinds([\"recon\", \"tank\"])", "Kinds([\"recon\", \"tnak\"])");
    let error = skirmish_studio::systems::swat::rules::Ruleset::from_ron(&broken).unwrap_err();
    let text = error.to_string();
    assert!(!error.syntax);
    for expected in [
        "units[5] (tank).cost: must not be negative, found -7",
        "units[5] (tank).move_type: unknown move type 'hover'",
        "units[5] (tank).counters: must not be negative, found -1",
        "cos[4] (random).id: 'random' is reserved",
        "chart[5]: missing the 'road' column",
        "unknown unit 'tnak'",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
}

#[test]
fn ruleset_chart_covers_every_damage_the_cards_can_deal() {
    // A Md Tank with Colonel Vask's Power against infantry reaches 15; the printed chart stops
    // at 12, so the house chart goes on until every cell is a sure kill.
    let rules = common::rules();
    let largest = skirmish_studio::systems::swat::rules::largest_possible_damage(&rules);
    assert!(largest >= 13, "{largest}");
    let hill = rules.chart_columns.iter().position(|c| c == "hill").unwrap();
    let hill = ColumnId(u8::try_from(hill).unwrap());
    assert_eq!(rules.chart_cell(13, hill).hits, 7);
    assert_eq!(rules.chart_cell(largest, hill).hits, rules.economy.max_hp);
    let truncated: String = skirmish_studio::systems::swat::rules::BUILTIN_SWAT_RON
        .lines()
        .filter(|l| !l.contains("(damage: 13,") && !l.contains("(damage: 14,"))
        .collect::<Vec<_>>()
        .join("\n");
    let error = skirmish_studio::systems::swat::rules::Ruleset::from_ron(&truncated).unwrap_err();
    assert!(
        error.to_string().contains(&format!("ends at damage 12, but the units and COs can deal up to {largest}")),
        "{error}"
    );
}

#[test]
fn ruleset_syntax_error_names_line_and_column() {
    let error = skirmish_studio::systems::swat::rules::Ruleset::from_ron("Ruleset(\n  id: 3,\n)").unwrap_err();
    assert!(error.syntax);
    assert_eq!(error.problems[0].place, "line 2, column 6");
}

// ---------------------------------------------------------------- dice

#[test]
fn dice_splitmix64_golden_rolls() {
    // Cross-checked against an independent implementation of SplitMix64.
    let mut dice = skirmish_studio::systems::swat::rules::Dice::new(0);
    let rolls: Vec<u8> = (0..6).map(|_| dice.roll_d6()).collect();
    assert_eq!(rolls, [2, 1, 2, 5, 2, 1]);
    let mut dice = skirmish_studio::systems::swat::rules::Dice::new(1);
    let rolls: Vec<u8> = (0..6).map(|_| dice.roll_d6()).collect();
    assert_eq!(rolls, [6, 2, 1, 6, 4, 3]);
}

#[test]
fn dice_every_face_comes_up_about_equally() {
    let mut dice = skirmish_studio::systems::swat::rules::Dice::new(12345);
    let mut counts = [0u32; 6];
    for _ in 0..60_000 {
        counts[usize::from(dice.roll_d6() - 1)] += 1;
    }
    for count in counts {
        assert!((9_400..10_600).contains(&count), "{counts:?}");
    }
}

#[test]
fn dice_every_roll_is_an_event() {
    let mut game = Setup::board(&["=."]).unit("tank", 0, (0, 0)).unit("infantry", 1, (1, 0)).start();
    let before = game.state.dice.rolls;
    let events = game.act(attack(0, 1));
    let logged = events.iter().filter(|e| matches!(e, Event::DieRolled { .. })).count();
    assert_eq!(u64::try_from(logged).unwrap(), game.state.dice.rolls - before);
}

// ---------------------------------------------------------------- turn order, income, repair

#[test]
fn turn_order_passes_to_each_player_in_seat_order_and_counts_rounds() {
    let mut game = Setup::board(&["...."]).players(3).start();
    assert_eq!(game.start_events[0], Event::TurnStarted { player: RED, round: 1 });
    let events = game.act(end_turn());
    assert_eq!(events[..2], [Event::TurnEnded { player: RED }, Event::TurnStarted { player: BLUE, round: 1 }]);
    game.act(end_turn());
    let events = game.act(end_turn());
    assert_eq!(events[1], Event::TurnStarted { player: RED, round: 2 });
}

#[test]
fn income_is_five_per_owned_city_and_hq_and_nothing_for_factories() {
    let game = Setup::board(&["CCHBC"])
        .owned((0, 0), 0)
        .owned((1, 0), 0)
        .owned((2, 0), 0)
        .owned((3, 0), 0)
        .owned((4, 0), 1)
        .funds(0, 5)
        .start();
    assert_eq!(game.start_events[1], Event::IncomeCollected { player: RED, amount: 15, funds: 20 });
}

#[test]
fn repair_two_hp_on_own_property_up_to_the_maximum() {
    let mut game = Setup::board(&["C.CB"])
        .owned((0, 0), 1)
        .owned((2, 0), 1)
        .unit_hp("infantry", 1, (0, 0), 3)
        .unit_hp("infantry", 1, (1, 0), 3)
        .unit_hp("infantry", 1, (2, 0), 7)
        .unit_hp("infantry", 1, (3, 0), 3)
        .start();
    let events = game.act(end_turn());
    assert!(events.contains(&Event::UnitRepaired { unit: UnitId(0), hp: 5 }));
    assert!(events.contains(&Event::UnitRepaired { unit: UnitId(2), hp: 8 }));
    assert_eq!(game.unit(1).hp, 3, "no repair on a plain");
    assert_eq!(game.unit(3).hp, 3, "no repair on a neutral factory");
}

#[test]
fn repair_not_on_a_property_being_captured() {
    let mut game =
        Setup::board(&["C."]).owned((0, 0), 1).unit_hp("infantry", 1, (0, 0), 3).unit("infantry", 0, (1, 0)).start();
    // A capture under way makes the property not friendly (set up directly: the rules core
    // keeps the progress with the square).
    game.state.captures.push(Capture { pos: p(0, 0), unit: UnitId(1), points: 2 });
    game.act(end_turn());
    assert_eq!(game.unit(0).hp, 3);
}

// ---------------------------------------------------------------- movement

#[test]
fn movement_orthogonal_steps_paid_by_move_type_cost() {
    let mut game = Setup::board(&[".F.F."]).unit("tank", 0, (0, 0)).start();
    game.expect(
        mv(0, &[(1, 0), (2, 0), (3, 0), (4, 0)]),
        &[Event::UnitMoved { unit: UnitId(0), from: p(0, 0), to: p(4, 0), cost: 6 }],
    );
}

#[test]
fn movement_rejects_a_diagonal_or_jumping_step() {
    let mut game = Setup::board(&["...", "..."]).unit("infantry", 0, (0, 0)).start();
    game.reject(mv(0, &[(1, 1)]), Rejection::PathNotOrthogonal { at: p(1, 1) });
    game.reject(mv(0, &[(2, 0)]), Rejection::PathNotOrthogonal { at: p(2, 0) });
    game.reject(mv(0, &[]), Rejection::EmptyPath);
}

#[test]
fn movement_never_through_another_unit_friend_or_foe() {
    let mut game = Setup::board(&["....", "...."])
        .unit("recon", 0, (0, 0))
        .unit("infantry", 0, (1, 0))
        .unit("infantry", 1, (0, 1))
        .start();
    game.reject(mv(0, &[(1, 0), (2, 0)]), Rejection::PathBlocked { at: p(1, 0) });
    game.reject(mv(0, &[(0, 1), (1, 1)]), Rejection::PathBlocked { at: p(0, 1) });
    game.reject(mv(0, &[(1, 0)]), Rejection::DestinationOccupied { at: p(1, 0) });
    let reach = reachable(&game.rules, &game.state, game.unit(0));
    assert_eq!(reach.cost(p(1, 0)), None);
    assert_eq!(reach.cost(p(2, 0)), None, "boxed in: both ways out are blocked");
}

#[test]
fn movement_tread_cannot_enter_hill_or_water() {
    let mut game = Setup::board(&[".^", "w."]).unit("tank", 0, (0, 0)).start();
    game.reject(mv(0, &[(1, 0)]), Rejection::TerrainImpassable { at: p(1, 0), terrain: "Hill".into() });
    game.reject(mv(0, &[(0, 1)]), Rejection::TerrainImpassable { at: p(0, 1), terrain: "Water".into() });
}

#[test]
fn movement_limited_by_movement_points_and_board_edge() {
    let mut game = Setup::board(&["^^^", "..."]).unit("infantry", 0, (0, 0)).start();
    game.reject(mv(0, &[(1, 0), (2, 0)]), Rejection::NotEnoughMovement { needed: 4, available: 3 });
    let reach = reachable(&game.rules, &game.state, game.unit(0));
    assert_eq!(reach.cost(p(1, 0)), Some(2));
    assert_eq!(reach.cost(p(2, 1)), Some(3));
    assert_eq!(reach.cost(p(2, 0)), None);
    assert_eq!(reach.path_to(p(2, 1)), Some(vec![p(0, 1), p(1, 1), p(2, 1)]));
}

#[test]
fn movement_may_not_leave_the_board() {
    let mut game = Setup::board(&["..."]).unit("infantry", 0, (2, 0)).start();
    game.reject(mv(0, &[(3, 0)]), Rejection::OffBoard { at: p(3, 0) });
}

#[test]
fn movement_reachable_squares_agree_with_path_checks() {
    let game = Setup::board(&["..F^..", ".=====", "wwF..C", "..~..."])
        .unit("recon", 0, (1, 1))
        .unit("infantry", 1, (3, 1))
        .start();
    let recon = game.unit(0);
    let reach = reachable(&game.rules, &game.state, recon);
    for (to, cost) in reach.destinations() {
        let path = reach.path_to(to).unwrap();
        let checked =
            skirmish_studio::systems::swat::rules::check_path(&game.rules, &game.state, recon, &path).unwrap();
        assert_eq!((checked.to, checked.cost), (to, cost));
    }
    assert_eq!(reach.cost(p(4, 1)), None, "the infantry blocks the road");
}

// ---------------------------------------------------------------- activation

#[test]
fn activation_a_unit_acts_once_per_turn() {
    let mut game = Setup::board(&["....", "...."]).unit("tank", 0, (0, 0)).unit("infantry", 1, (3, 1)).start();
    game.act(mv(0, &[(1, 0)]));
    game.reject(mv(0, &[(2, 0)]), Rejection::AlreadyMoved(UnitId(0)));
    game.act(end_turn());
    game.act(end_turn());
    game.act(mv(0, &[(2, 0), (2, 1)]));
    game.act(attack(0, 1));
    game.reject(mv(0, &[(1, 1)]), Rejection::UnitAlreadyActed(UnitId(0)));
    game.reject(attack(0, 1), Rejection::UnitAlreadyActed(UnitId(0)));
}

#[test]
fn activation_direct_unit_may_move_then_fire() {
    let mut game = Setup::board(&["...."]).unit("tank", 0, (0, 0)).unit("infantry", 1, (3, 0)).start();
    game.act(mv(0, &[(1, 0), (2, 0)]));
    game.act(attack(0, 1));
    assert_eq!(game.unit(0).status, Status::Done);
}

#[test]
fn activation_direct_unit_may_not_move_after_firing() {
    let mut game = Setup::board(&["...."]).unit("tank", 0, (0, 0)).unit("md_tank", 1, (1, 0)).start();
    game.act(attack(0, 1));
    game.reject(mv(0, &[(0, 0)]), Rejection::UnitAlreadyActed(UnitId(0)));
}

#[test]
fn activation_indirect_unit_moves_or_fires_not_both() {
    let mut game = Setup::board(&["......", "......"])
        .unit("artillery", 0, (0, 0))
        .unit("infantry", 1, (3, 0))
        .unit("artillery", 0, (1, 0))
        .start();
    game.act(mv(2, &[(1, 1)]));
    game.reject(attack(2, 1), Rejection::IndirectMovedCannotFire(UnitId(2)));
    game.act(attack(0, 1));
    game.reject(attack(0, 1), Rejection::UnitAlreadyActed(UnitId(0)));
    game.reject(mv(0, &[(0, 1)]), Rejection::UnitAlreadyActed(UnitId(0)));
}

#[test]
fn activation_acting_with_another_unit_ends_the_first_ones_activation() {
    let mut game = Setup::board(&["....", "...."])
        .unit("tank", 0, (0, 0))
        .unit("tank", 0, (0, 1))
        .unit("infantry", 1, (3, 0))
        .start();
    game.act(mv(0, &[(1, 0)]));
    game.act(mv(1, &[(1, 1)]));
    assert_eq!(game.unit(0).status, Status::Done);
    game.reject(mv(0, &[(2, 0)]), Rejection::UnitAlreadyActed(UnitId(0)));
}

#[test]
fn activation_a_unit_bought_this_turn_cannot_act() {
    let mut game = Setup::board(&["B.."]).owned((0, 0), 0).funds(0, 1).start();
    let infantry = game.kind("infantry");
    game.expect(
        Action::Buy { factory: p(0, 0), kind: infantry },
        &[Event::UnitBought { unit: UnitId(0), kind: infantry, pos: p(0, 0), cost: 1, funds: 0 }],
    );
    game.reject(mv(0, &[(1, 0)]), Rejection::UnitBoughtThisTurn(UnitId(0)));
    game.act(end_turn());
    game.act(end_turn());
    game.act(mv(0, &[(1, 0)]));
}

#[test]
fn purchase_comes_after_moving_so_buying_ends_movement() {
    let mut game = Setup::board(&["B.."]).owned((0, 0), 0).funds(0, 5).unit("infantry", 0, (2, 0)).start();
    game.act(Action::Buy { factory: p(0, 0), kind: game.kind("infantry") });
    game.reject(mv(0, &[(1, 0)]), Rejection::PurchasePhaseStarted);
}

// ---------------------------------------------------------------- combat

#[test]
fn combat_initial_damage_is_firepower_minus_defense_read_on_the_target_terrain() {
    // Infantry (5 vs foot) on infantry (defense 1) on a plain: 4 -> 4 hits, no die.
    let mut game = Setup::board(&["=."]).unit("infantry", 0, (0, 0)).unit("infantry", 1, (1, 0)).start();
    let events = game.act(attack(0, 1));
    assert_eq!(
        events[..2],
        [
            Event::StrikeDeclared {
                strike: Strike::Attack,
                attacker: UnitId(0),
                target: UnitId(1),
                initial_damage: 4,
                column: PLAIN,
                hits: 4,
                die: None
            },
            Event::UnitDamaged { unit: UnitId(1), hits: 4, hp: 4, reduced: true },
        ]
    );
    // The reduced defender fires back with reduced firepower 4 - 1 = 3 on a road: 3 / 3.
    assert!(matches!(
        events[2],
        Event::StrikeDeclared { strike: Strike::Counter, initial_damage: 3, column: ROAD, hits: 3, die: Some(3), .. }
    ));
}

#[test]
fn combat_hits_never_exceed_remaining_hp_and_zero_hp_eliminates() {
    let mut game = Setup::board(&["=."]).unit("md_tank", 0, (0, 0)).unit_hp("infantry", 1, (1, 0), 2).start();
    let events = game.act(attack(0, 1));
    assert_eq!(events[1], Event::UnitDamaged { unit: UnitId(1), hits: 2, hp: 0, reduced: true });
    assert_eq!(events[2], Event::UnitEliminated { unit: UnitId(1), owner: BLUE, by: Some(RED) });
    assert!(game.state.unit(UnitId(1)).is_none());
    assert_eq!(game.state.player(RED).medals, 1);
}

#[test]
fn combat_an_apc_eliminated_takes_its_passengers_with_it() {
    let mut game = Setup::board(&["=."])
        .unit("md_tank", 0, (0, 0))
        .unit_hp("apc", 1, (1, 0), 1)
        .carrying("infantry")
        .carrying("mech")
        .start();
    let events = game.act(attack(0, 1));
    let gone: Vec<UnitId> = events
        .iter()
        .filter_map(|e| if let Event::UnitEliminated { unit, .. } = e { Some(*unit) } else { None })
        .collect();
    assert_eq!(gone, [UnitId(1), UnitId(2), UnitId(3)]);
    assert_eq!(game.state.player(RED).medals, 3);
}

#[test]
fn combat_rejections_friendly_loaded_out_of_range_and_unarmed() {
    let mut game = Setup::board(&["....."])
        .unit("tank", 0, (0, 0))
        .unit("tank", 0, (1, 0))
        .unit("apc", 1, (2, 0))
        .carrying("infantry")
        .unit("apc", 0, (4, 0))
        .start();
    game.reject(attack(0, 1), Rejection::TargetIsFriendly(UnitId(1)));
    game.reject(attack(1, 3), Rejection::TargetIsLoaded(UnitId(3)));
    game.reject(attack(0, 2), Rejection::TargetOutOfRange { distance: 2, min: 1, max: 1 });
    game.reject(attack(4, 2), Rejection::NoWeapon(UnitId(4)));
    game.reject(attack(0, 9), Rejection::NoSuchUnit(UnitId(9)));
    game.reject(attack(2, 0), Rejection::NotYourUnit(UnitId(2)));
}

#[test]
fn combat_preview_probabilities_sum_to_one() {
    let game = Setup::board(&["=C"]).unit("tank", 0, (0, 0)).unit("anti_air", 1, (1, 0)).start();
    let preview = preview_attack(&game.rules, &game.state, UnitId(0), UnitId(1), None).unwrap();
    let total: f64 = preview.attacker_outcomes.iter().map(|o| o.probability).sum();
    assert!((total - 1.0).abs() < 1e-9);
    let total: f64 = preview.attack.outcomes.iter().map(|o| o.probability).sum();
    assert!((total - 1.0).abs() < 1e-9);
}

// ---------------------------------------------------------------- capture

#[test]
fn capture_two_points_a_turn_at_full_strength_then_the_owner_changes() {
    let mut game = Setup::board(&[".C"]).unit("infantry", 0, (0, 0)).start();
    game.act(mv(0, &[(1, 0)]));
    game.expect(capture(0), &[Event::CaptureProgressed { unit: UnitId(0), pos: p(1, 0), points: 2, required: 4 }]);
    game.act(end_turn());
    game.act(end_turn());
    game.expect(
        capture(0),
        &[
            Event::CaptureProgressed { unit: UnitId(0), pos: p(1, 0), points: 4, required: 4 },
            Event::PropertyCaptured { pos: p(1, 0), from: None, to: RED },
        ],
    );
    assert_eq!(game.state.owner_at(p(1, 0)), Some(RED));
    game.reject(capture(0), Rejection::UnitAlreadyActed(UnitId(0)));
    game.act(end_turn());
    game.act(end_turn());
    game.reject(capture(0), Rejection::PropertyAlreadyOwned(p(1, 0)));
}

#[test]
fn capture_one_point_when_reduced_and_eight_for_an_hq() {
    let mut game = Setup::board(&["H"]).owned((0, 0), 1).unit_hp("infantry", 0, (0, 0), 4).start();
    game.expect(capture(0), &[Event::CaptureProgressed { unit: UnitId(0), pos: p(0, 0), points: 1, required: 8 }]);
}

#[test]
fn capture_only_by_foot_units_on_a_property() {
    let mut game = Setup::board(&["C."]).unit("tank", 0, (0, 0)).unit("infantry", 0, (1, 0)).start();
    game.reject(capture(0), Rejection::CannotCapture(UnitId(0)));
    game.reject(capture(1), Rejection::NotOnProperty(p(1, 0)));
}

#[test]
fn capture_declaring_ends_the_activation() {
    let mut game = Setup::board(&["C."]).unit("infantry", 0, (0, 0)).start();
    game.act(capture(0));
    game.reject(mv(0, &[(1, 0)]), Rejection::UnitAlreadyActed(UnitId(0)));
}

#[test]
fn capture_progress_is_lost_when_the_unit_leaves() {
    let mut game = Setup::board(&["C.."]).unit("infantry", 0, (0, 0)).start();
    game.act(capture(0));
    game.act(end_turn());
    game.act(end_turn());
    game.expect(
        mv(0, &[(1, 0)]),
        &[
            Event::CaptureLost { pos: p(0, 0) },
            Event::UnitMoved { unit: UnitId(0), from: p(0, 0), to: p(1, 0), cost: 1 },
        ],
    );
    game.act(end_turn());
    game.act(end_turn());
    game.act(mv(0, &[(0, 0)]));
    game.expect(capture(0), &[Event::CaptureProgressed { unit: UnitId(0), pos: p(0, 0), points: 2, required: 4 }]);
}

#[test]
fn capture_progress_is_lost_when_the_unit_dies() {
    let mut game = Setup::board(&["C."]).unit_hp("infantry", 0, (0, 0), 1).unit("tank", 1, (1, 0)).start();
    game.act(capture(0));
    game.act(end_turn());
    let events = game.act(attack(1, 0));
    assert!(events.contains(&Event::CaptureLost { pos: p(0, 0) }));
    assert!(game.state.captures.is_empty());
}

// ---------------------------------------------------------------- purchase

#[test]
fn purchase_only_while_the_army_has_a_counter_of_the_kind_off_the_board() {
    // 2.4: each player takes "all the units of one color"; what is not on the sheet cannot be
    // bought. The pool counts passengers too, and a kind without a limit is never refused.
    let mut game = Setup::board(&["B.."])
        .owned((0, 0), 0)
        .unit("infantry", 0, (1, 0))
        .unit("apc", 0, (2, 0))
        .carrying("mech")
        .counters("infantry", Some(1))
        .counters("mech", Some(1))
        .counters("recon", None)
        .funds(0, 20)
        .start();
    let infantry = game.kind("infantry");
    let mech = game.kind("mech");
    game.reject(
        Action::Buy { factory: p(0, 0), kind: infantry },
        Rejection::NoCounterLeft { kind: infantry, limit: 1 },
    );
    game.reject(Action::Buy { factory: p(0, 0), kind: mech }, Rejection::NoCounterLeft { kind: mech, limit: 1 });
    assert_eq!(game.state.counters_left(&game.rules, RED, game.kind("recon")), None);
    assert_eq!(
        game.state.counters_left(&game.rules, RED, game.kind("tank")),
        game.rules.unit(game.kind("tank")).counters
    );
    game.act(Action::Buy { factory: p(0, 0), kind: game.kind("recon") });
}

#[test]
fn purchase_a_ruleset_pool_holds_unless_the_scenario_changes_it() {
    let rules = common::rules();
    let rockets = common::kind(&rules, "rockets");
    let pool = rules.unit(rockets).counters.expect("the house ruleset limits Rockets");
    let mut setup = Setup::board(&["B....."]).owned((0, 0), 0).funds(0, 99);
    for x in 0..pool {
        setup = setup.unit("rockets", 0, (u16::try_from(x).unwrap() + 1, 0));
    }
    let mut game = setup.start();
    game.reject(
        Action::Buy { factory: p(0, 0), kind: rockets },
        Rejection::NoCounterLeft { kind: rockets, limit: pool },
    );
}

#[test]
fn purchase_at_an_own_empty_factory_paying_the_cost() {
    let mut game = Setup::board(&["BBB"])
        .owned((0, 0), 0)
        .owned((1, 0), 0)
        .owned((2, 0), 1)
        .unit("infantry", 0, (1, 0))
        .funds(0, 7)
        .start();
    let tank = game.kind("tank");
    let md_tank = game.kind("md_tank");
    game.reject(Action::Buy { factory: p(1, 0), kind: tank }, Rejection::FactoryOccupied(p(1, 0)));
    game.reject(Action::Buy { factory: p(2, 0), kind: tank }, Rejection::NotYourFactory(p(2, 0)));
    game.reject(Action::Buy { factory: p(0, 0), kind: md_tank }, Rejection::InsufficientFunds { cost: 16, funds: 7 });
    game.reject(
        Action::Buy { factory: p(0, 0), kind: skirmish_studio::systems::swat::rules::UnitKindId(99) },
        Rejection::UnknownUnitKind(skirmish_studio::systems::swat::rules::UnitKindId(99)),
    );
    game.act(Action::Buy { factory: p(0, 0), kind: tank });
    assert_eq!(game.state.player(RED).funds, 0);
}

// ---------------------------------------------------------------- APC

#[test]
fn apc_a_foot_unit_loads_by_moving_onto_its_own_apc() {
    let mut game = Setup::board(&["...."]).unit("infantry", 0, (0, 0)).unit("apc", 0, (1, 0)).start();
    game.expect(
        mv(0, &[(1, 0)]),
        &[
            Event::UnitMoved { unit: UnitId(0), from: p(0, 0), to: p(1, 0), cost: 1 },
            Event::UnitLoaded { unit: UnitId(0), transport: UnitId(1) },
        ],
    );
    // Loaded units move with the APC and cannot act on their own.
    game.act(mv(1, &[(2, 0), (3, 0)]));
    assert_eq!(game.unit(0).pos, p(3, 0));
    game.reject(mv(0, &[(2, 0)]), Rejection::UnitIsLoaded(UnitId(0)));
    // At the end of its move the APC may put the passenger down.
    game.act(unload(1, 0, (2, 0)));
    assert_eq!(game.unit(0).pos, p(2, 0));
}

#[test]
fn apc_holds_at_most_two_foot_units_and_no_vehicles() {
    let mut game = Setup::board(&["...", "..."])
        .unit("apc", 0, (1, 0))
        .carrying("infantry")
        .carrying("mech")
        .unit("infantry", 0, (0, 0))
        .unit("recon", 0, (2, 0))
        .start();
    game.reject(mv(3, &[(1, 0)]), Rejection::TransportFull(UnitId(0)));
    game.reject(mv(4, &[(1, 0)]), Rejection::DestinationOccupied { at: p(1, 0) });
}

#[test]
fn apc_unloads_onto_orthogonally_adjacent_squares_legal_for_the_passenger() {
    let mut game = Setup::board(&["....", "..w.", ".^.."])
        .unit("apc", 0, (1, 1))
        .carrying("infantry")
        .carrying("infantry")
        .unit("tank", 0, (1, 0))
        .start();
    game.reject(unload(0, 1, (3, 1)), Rejection::UnloadNotAdjacent(p(3, 1)));
    game.reject(unload(0, 1, (1, 0)), Rejection::UnloadBlocked(p(1, 0)));
    game.reject(unload(0, 1, (2, 1)), Rejection::UnloadTerrainImpassable(p(2, 1)));
    game.expect(unload(0, 1, (1, 2)), &[Event::UnitUnloaded { unit: UnitId(1), transport: UnitId(0), to: p(1, 2) }]);
    // Loading and unloading happen before or after the APC's move, never during.
    game.reject(mv(0, &[(0, 1)]), Rejection::AlreadyMoved(UnitId(0)));
    game.act(unload(0, 2, (0, 1)));
    game.reject(mv(1, &[(0, 2)]), Rejection::UnitUnloadedThisTurn(UnitId(1)));
    game.reject(unload(0, 3, (0, 0)), Rejection::NotAPassenger(UnitId(3)));
    game.reject(unload(3, 1, (2, 0)), Rejection::NotATransport(UnitId(3)));
    game.act(end_turn());
    game.act(end_turn());
    game.act(mv(1, &[(0, 2)]));
}
