//! Data-driven cases for every clause of the rules (v1.0b sections 2 to 4 and the optional CO
//! rules) and every named rejection, each through the public interface of the rules core.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Setup, attack, capture, end_turn, mv, p, unload};
use skirmish_studio::systems::swat::rules::{
    Action, Capture, CoId, ColumnId, DefeatReason, Event, Outcome, PlayerId, PowerLevel, Rejection, Status, Strike,
    TieBreak, TurnLimit, UnitId, VictoryConditions, VictoryReason, legal_actions, preview_attack, reachable, replay,
};

const RED: PlayerId = PlayerId(0);
const BLUE: PlayerId = PlayerId(1);
const ROAD: ColumnId = ColumnId(0);
const PLAIN: ColumnId = ColumnId(1);
const CITY: ColumnId = ColumnId(3);

fn conquest() -> VictoryConditions {
    VictoryConditions { conquest: true, ..VictoryConditions::default() }
}

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

// ---------------------------------------------------------------- victory

#[test]
fn victory_conquest_by_capturing_the_enemy_hq() {
    let mut game = Setup::board(&["H.H"])
        .owned((0, 0), 0)
        .owned((2, 0), 1)
        .unit("infantry", 0, (2, 0))
        .unit("infantry", 1, (1, 0))
        .victory(conquest())
        .start();
    for _ in 0..3 {
        game.act(capture(0));
        game.act(end_turn());
        game.act(end_turn());
    }
    let events = game.act(capture(0));
    assert!(events.contains(&Event::PlayerDefeated { player: BLUE, reason: DefeatReason::HqCaptured }));
    assert_eq!(game.state.outcome, Outcome::Won { winner: RED, reason: VictoryReason::Conquest });
    game.reject(end_turn(), Rejection::GameOver);
    assert!(legal_actions(&game.rules, &game.state).is_empty());
}

#[test]
fn victory_conquest_by_eliminating_every_enemy_unit() {
    let mut game =
        Setup::board(&["=."]).unit("md_tank", 0, (0, 0)).unit_hp("infantry", 1, (1, 0), 1).victory(conquest()).start();
    let events = game.act(attack(0, 1));
    assert!(events.contains(&Event::PlayerDefeated { player: BLUE, reason: DefeatReason::AllUnitsEliminated }));
    assert_eq!(
        events.last(),
        Some(&Event::GameEnded { outcome: Outcome::Won { winner: RED, reason: VictoryReason::Conquest } })
    );
}

#[test]
fn victory_a_game_that_starts_with_money_only_does_not_end_on_its_first_turn() {
    let mut game =
        Setup::board(&["B..B"]).owned((0, 0), 0).owned((3, 0), 1).funds(0, 5).funds(1, 5).victory(conquest()).start();
    game.act(Action::Buy { factory: p(0, 0), kind: game.kind("infantry") });
    game.act(end_turn());
    assert_eq!(game.state.outcome, Outcome::Ongoing);
    game.act(end_turn());
    assert_eq!(game.state.outcome, Outcome::Ongoing);
}

#[test]
fn victory_medals_for_enemy_units_eliminated() {
    let victory = VictoryConditions { conquest: false, victory_medals: Some(2), ..VictoryConditions::default() };
    let mut game = Setup::board(&["=..", ".=."])
        .unit("md_tank", 0, (0, 0))
        .unit("md_tank", 0, (0, 1))
        .unit_hp("infantry", 1, (1, 0), 1)
        .unit_hp("infantry", 1, (1, 1), 1)
        .unit("infantry", 1, (2, 1))
        .victory(victory)
        .start();
    game.act(attack(0, 2));
    assert_eq!(game.state.outcome, Outcome::Ongoing);
    game.act(attack(1, 3));
    assert_eq!(game.state.outcome, Outcome::Ongoing, "no target victory before Blue has had a turn");
    game.act(end_turn());
    game.act(end_turn());
    assert_eq!(game.state.outcome, Outcome::Won { winner: RED, reason: VictoryReason::VictoryMedals });
}

#[test]
fn victory_medals_an_eliminated_unit_is_lost_to_its_army_for_the_rest_of_the_game() {
    // 4.0: "the player receives that unit as a victory medal. This particular unit is lost to
    // the other player for the remainder of the game": with one Infantry counter, Blue cannot
    // buy Infantry again once Red holds it as a medal.
    let start = |victory_medals: Option<u32>| {
        Setup::board(&["=.B"])
            .unit("md_tank", 0, (0, 0))
            .unit_hp("infantry", 1, (1, 0), 1)
            .owned((2, 0), 1)
            .funds(1, 5)
            .counters("infantry", Some(1))
            .victory(VictoryConditions { conquest: false, victory_medals, ..VictoryConditions::default() })
            .start()
    };
    let mut game = start(Some(5));
    let infantry = game.kind("infantry");
    game.act(attack(0, 1));
    game.act(end_turn());
    assert_eq!(game.state.player(BLUE).lost_counters.get(&infantry), Some(&1));
    assert_eq!(game.state.counters_left(&game.rules, BLUE, infantry), Some(0));
    game.reject(
        Action::Buy { factory: p(2, 0), kind: infantry },
        Rejection::NoCounterLeft { kind: infantry, limit: 1 },
    );
    game.act(Action::Buy { factory: p(2, 0), kind: game.kind("mech") });

    // Without Victory Medals nobody keeps the counter: it goes back to Blue's pool.
    let mut game = start(None);
    game.act(attack(0, 1));
    game.act(end_turn());
    assert!(game.state.player(BLUE).lost_counters.is_empty());
    game.act(Action::Buy { factory: p(2, 0), kind: infantry });
}

#[test]
fn victory_city_conquest_counts_cities_captured_not_cities_owned() {
    // "Players can determine a number of cities that need to be captured": a city held from
    // the start does not count, so a target of 1 is not met before anyone acts.
    let victory = VictoryConditions { conquest: false, city_conquest: Some(1), ..VictoryConditions::default() };
    let mut game = Setup::board(&["CC", ".C"])
        .owned((0, 0), 0)
        .owned((1, 1), 1)
        .unit("infantry", 0, (1, 0))
        .unit("infantry", 1, (0, 1))
        .victory(victory)
        .start();
    game.act(capture(0));
    assert_eq!(game.state.outcome, Outcome::Ongoing, "Red's own starting city is not a capture");
    game.act(end_turn());
    assert_eq!(game.state.outcome, Outcome::Ongoing, "Blue's starting city does not win Blue the game either");
    game.act(end_turn());
    game.act(capture(0));
    assert_eq!(game.state.outcome, Outcome::Won { winner: RED, reason: VictoryReason::CityConquest });
}

#[test]
fn victory_city_conquest_never_before_every_player_has_had_a_turn() {
    let victory = VictoryConditions { conquest: false, city_conquest: Some(1), ..VictoryConditions::default() };
    let mut game =
        Setup::board(&["C..."]).unit("infantry", 0, (0, 0)).unit("infantry", 1, (3, 0)).victory(victory).start();
    // A capture already half done, so Red completes it in the first turn of the game.
    game.state.captures.push(Capture { pos: p(0, 0), unit: UnitId(0), points: 2 });
    let events = game.act(capture(0));
    assert!(events.iter().any(|e| matches!(e, Event::PropertyCaptured { .. })));
    assert_eq!(game.state.outcome, Outcome::Ongoing, "Blue has not had a turn yet");
    game.act(end_turn());
    game.act(end_turn());
    assert_eq!(game.state.outcome, Outcome::Won { winner: RED, reason: VictoryReason::CityConquest });
}

#[test]
fn victory_conquest_a_captured_hq_becomes_a_city_and_is_no_second_life() {
    // Three players. Red takes Blue's HQ; Green then takes that square from Red. Red's own HQ
    // was never touched, so Red stays in the game: the taken HQ became Red's city.
    let mut game = Setup::board(&["HH.H", "...."])
        .players(3)
        .owned((0, 0), 0)
        .owned((1, 0), 1)
        .owned((3, 0), 2)
        .unit("infantry", 0, (1, 0))
        .unit("infantry", 1, (3, 1))
        .unit("infantry", 2, (2, 0))
        .victory(conquest())
        .start();
    let mut last = Vec::new();
    for _ in 0..4 {
        last = game.act(capture(0));
        game.act(end_turn());
        if game.state.current != RED {
            while game.state.current != RED && game.state.outcome == Outcome::Ongoing {
                game.act(end_turn());
            }
        }
    }
    assert!(last.contains(&Event::PlayerDefeated { player: BLUE, reason: DefeatReason::HqCaptured }));
    let city = game.rules.terrain_id("city").unwrap();
    assert!(last.contains(&Event::HqBecameCity { pos: p(1, 0), terrain: city }));
    assert_eq!(game.state.board.terrain_at(p(1, 0)), city);
    // Red steps off; Green steps on and captures until the square is Green's.
    game.act(mv(0, &[(1, 1)]));
    game.act(end_turn());
    game.act(mv(2, &[(1, 0)]));
    let mut taken = false;
    for _ in 0..4 {
        let events = game.act(capture(2));
        taken = events.iter().any(|e| matches!(e, Event::PropertyCaptured { pos, .. } if *pos == p(1, 0)));
        if taken {
            break;
        }
        game.act(end_turn());
        game.act(end_turn());
    }
    assert!(taken);
    assert!(!game.state.player(RED).defeated, "Red's own HQ still stands");
    assert_eq!(game.state.owner_at(p(0, 0)), Some(RED));
    assert_eq!(game.state.outcome, Outcome::Ongoing);
}

#[test]
fn victory_turn_limit_most_cities_counts_hqs_as_cities() {
    let limit = TurnLimit { rounds: 1, tie_break: TieBreak::MostCities };
    let mut game = Setup::board(&["C.HC"])
        .owned((0, 0), 0)
        .owned((2, 0), 1)
        .owned((3, 0), 1)
        .victory(VictoryConditions { turn_limit: Some(limit), ..VictoryConditions::default() })
        .start();
    game.act(end_turn());
    game.act(end_turn());
    assert_eq!(game.state.outcome, Outcome::Won { winner: BLUE, reason: VictoryReason::TurnLimit });
}

#[test]
fn co_cards_chosen_randomly_at_the_beginning_of_the_game_never_twice() {
    // "CO cards are chosen randomly at the beginning of the game or each player may choose":
    // random seats are dealt from the seeded dice, before the first turn, in seat order, from
    // the COs no other seat has.
    let hale = common::rules().co_id("general_hale").unwrap();
    let mut deals = std::collections::BTreeSet::new();
    for seed in 0..30 {
        let game =
            Setup::board(&["...."]).players(4).co(0, "general_hale").random_co(1).random_co(3).seed(seed).start();
        let dealt: Vec<(PlayerId, CoId)> = game
            .start_events
            .iter()
            .filter_map(|e| if let Event::CoDealt { player, co } = e { Some((*player, *co)) } else { None })
            .collect();
        assert!(matches!(game.start_events[0], Event::CoDealt { .. }), "the deal comes before the first turn");
        assert_eq!(dealt.iter().map(|d| d.0).collect::<Vec<_>>(), [PlayerId(1), PlayerId(3)]);
        assert!(dealt.iter().all(|d| d.1 != hale) && dealt[0].1 != dealt[1].1, "seed {seed}: {dealt:?}");
        for (player, co) in &dealt {
            assert_eq!(game.state.player(*player).co, Some(*co));
        }
        assert_eq!(game.state.player(PlayerId(2)).co, None, "a seat without a CO gets none");
        deals.insert(dealt);
        let again =
            Setup::board(&["...."]).players(4).co(0, "general_hale").random_co(1).random_co(3).seed(seed).start();
        assert_eq!(again.start_events, game.start_events, "the same seed deals the same COs");
    }
    assert!(deals.len() > 5, "the deal depends on the seed: {} different deals in 30", deals.len());
}

#[test]
fn victory_turn_limit_of_zero_rounds_is_refused() {
    let limit = TurnLimit { rounds: 0, tie_break: TieBreak::Draw };
    let setup = Setup::board(&["...."]).victory(VictoryConditions { turn_limit: Some(limit), ..conquest() });
    let error = skirmish_studio::systems::swat::rules::start_game(&setup.rules, &setup.setup, 1).unwrap_err();
    assert!(error.to_string().contains("turn limit is 0 rounds"), "{error}");
}

#[test]
fn income_not_paid_by_a_city_an_enemy_is_capturing() {
    // 3.1 pays for "friendly controlled" cities; 3.2: a building being captured is not friendly.
    let mut game = Setup::board(&["CC"]).owned((0, 0), 1).owned((1, 0), 1).unit("infantry", 0, (0, 0)).start();
    game.act(capture(0));
    let events = game.act(end_turn());
    assert!(events.contains(&Event::IncomeCollected { player: BLUE, amount: 5, funds: 5 }), "{events:?}");
}

#[test]
fn victory_turn_limit_with_a_stated_tie_break() {
    let limited = |tie_break| VictoryConditions { turn_limit: Some(TurnLimit { rounds: 2, tie_break }), ..conquest() };
    let mut game = Setup::board(&["CC.C"])
        .owned((0, 0), 1)
        .owned((1, 0), 1)
        .owned((3, 0), 0)
        .unit("infantry", 0, (2, 0))
        .unit("infantry", 1, (1, 0))
        .victory(limited(TieBreak::MostCities))
        .start();
    for _ in 0..3 {
        game.act(end_turn());
        assert_eq!(game.state.outcome, Outcome::Ongoing);
    }
    let events = game.act(end_turn());
    assert_eq!(
        events.last(),
        Some(&Event::GameEnded { outcome: Outcome::Won { winner: BLUE, reason: VictoryReason::TurnLimit } })
    );
    let mut game = Setup::board(&["C.C"])
        .owned((0, 0), 1)
        .owned((2, 0), 0)
        .unit("infantry", 0, (1, 0))
        .victory(limited(TieBreak::MostCities))
        .start();
    for _ in 0..4 {
        game.act(end_turn());
    }
    assert_eq!(game.state.outcome, Outcome::Draw, "equal cities and medals");
}

#[test]
fn victory_with_three_players_a_defeated_player_leaves_and_its_properties_turn_neutral() {
    let mut game = Setup::board(&["=.C", "..C"])
        .players(3)
        .owned((2, 0), 1)
        .owned((2, 1), 2)
        .unit("md_tank", 0, (0, 0))
        .unit_hp("infantry", 1, (1, 0), 1)
        .unit("infantry", 2, (0, 1))
        .victory(conquest())
        .start();
    let events = game.act(attack(0, 1));
    assert!(events.contains(&Event::PlayerDefeated { player: BLUE, reason: DefeatReason::AllUnitsEliminated }));
    assert!(events.contains(&Event::PropertyNeutralized { pos: p(2, 0) }));
    assert_eq!(game.state.owner_at(p(2, 0)), None);
    assert_eq!(game.state.outcome, Outcome::Ongoing);
    let events = game.act(end_turn());
    assert_eq!(
        events[1],
        Event::TurnStarted { player: PlayerId(2), round: 1 },
        "the defeated player's turn is skipped"
    );
}

// ---------------------------------------------------------------- COs

#[test]
fn co_passive_effect_applies_all_game() {
    // Colonel Vask: +1 firepower for tread units. Tank vs infantry on a plain: 9 + 1 - 1 = 9.
    let game = Setup::board(&["=."]).unit("tank", 0, (0, 0)).unit("infantry", 1, (1, 0)).co(0, "colonel_vask").start();
    let preview = preview_attack(&game.rules, &game.state, UnitId(0), UnitId(1), None).unwrap();
    assert_eq!(preview.attack.numbers.initial_damage, 9);
}

#[test]
fn co_charge_one_star_per_enemy_eliminated_and_none_while_full() {
    // General Hale: Power at 3 stars, Super Power at 7.
    let mut setup = Setup::board(&["=.........", "=........."])
        .co(0, "general_hale")
        .victory(VictoryConditions { conquest: false, ..VictoryConditions::default() });
    setup = setup.unit("md_tank", 0, (0, 0));
    for x in 1..10 {
        setup = setup.unit_hp("infantry", 1, (x, 0), 1);
    }
    let mut game = setup.start();
    for target in 1..=9 {
        game.state.units.iter_mut().find(|u| u.id == UnitId(0)).unwrap().status = Status::Ready;
        let target_pos = game.unit(target).pos;
        game.state.units.iter_mut().find(|u| u.id == UnitId(0)).unwrap().pos = p(target_pos.x, 1);
        game.act(attack(0, target));
    }
    assert_eq!(game.state.player(RED).charge, 7);
    assert_eq!(game.state.player(RED).medals, 9);
}

#[test]
fn co_power_at_the_last_small_star_resets_the_track_and_lasts_until_the_next_turn() {
    let mut game =
        Setup::board(&["...."]).co(0, "captain_reyes").unit("infantry", 0, (0, 0)).unit("infantry", 1, (3, 0)).start();
    game.reject(Action::UsePower { level: PowerLevel::Power }, Rejection::PowerNotCharged { needed: 3, charge: 0 });
    game.state.players[0].charge = 3;
    game.reject(
        Action::UsePower { level: PowerLevel::SuperPower },
        Rejection::PowerNotCharged { needed: 6, charge: 3 },
    );
    game.expect(
        Action::UsePower { level: PowerLevel::Power },
        &[Event::PowerUsed { player: RED, level: PowerLevel::Power }],
    );
    assert_eq!(game.state.player(RED).charge, 0);
    game.reject(Action::UsePower { level: PowerLevel::Power }, Rejection::PowerAlreadyActive);
    // Lightning Raid: +1 movement for every unit.
    let reach = reachable(&game.rules, &game.state, game.unit(0));
    assert_eq!(reach.cost(p(2, 0)), Some(2));
    assert_eq!(
        skirmish_studio::systems::swat::rules::movement_points(&game.rules, &game.state, RED, game.kind("infantry")),
        4
    );
    game.act(end_turn());
    assert_eq!(game.state.player(RED).active_power, Some(PowerLevel::Power), "in force through the enemy's turn");
    let events = game.act(end_turn());
    assert!(events.contains(&Event::PowerEnded { player: RED, level: PowerLevel::Power }));
    assert_eq!(
        skirmish_studio::systems::swat::rules::movement_points(&game.rules, &game.state, RED, game.kind("infantry")),
        3
    );
}

#[test]
fn co_super_power_instant_effects_repair_and_damage() {
    let mut game = Setup::board(&["...."])
        .co(0, "general_hale")
        .unit_hp("infantry", 0, (0, 0), 5)
        .unit("tank", 1, (3, 0))
        .unit_hp("infantry", 1, (2, 0), 1)
        .start();
    game.state.players[0].charge = 7;
    let events = game.act(Action::UsePower { level: PowerLevel::SuperPower });
    assert_eq!(events[1], Event::UnitDamaged { unit: UnitId(1), hits: 2, hp: 6, reduced: false });
    assert_eq!(game.unit(2).hp, 1, "a power never eliminates");
    let mut game = Setup::board(&["...."]).co(0, "marshal_orin").unit_hp("infantry", 0, (0, 0), 5).start();
    game.state.players[0].charge = 6;
    let events = game.act(Action::UsePower { level: PowerLevel::SuperPower });
    assert!(events.contains(&Event::UnitRepaired { unit: UnitId(0), hp: 7 }));
    game.reject(Action::UsePower { level: PowerLevel::Power }, Rejection::PowerAlreadyActive);
}

#[test]
fn co_reroll_of_failed_hit_dice_is_rolled_and_logged() {
    // Admiral North's Power: a failed die is rolled once more. Seed 1 rolls 6 then 2.
    let mut game = Setup::board(&["=C"])
        .co(0, "admiral_north")
        .unit("tank", 0, (0, 0))
        .unit("anti_air", 1, (1, 0))
        .seed(1)
        .start();
    game.state.players[0].charge = 3;
    game.act(Action::UsePower { level: PowerLevel::Power });
    let events = game.act(attack(0, 1));
    assert_eq!(
        events[1..3],
        [
            Event::DieRolled { strike: Strike::Attack, roll: 6, needed: 3, hit: false },
            Event::DieRolled { strike: Strike::Attack, roll: 2, needed: 3, hit: true }
        ]
    );
}

#[test]
fn co_build_cost_change() {
    let mut game = Setup::board(&["B"]).owned((0, 0), 0).co(0, "admiral_north").funds(0, 6).start();
    let events = game.act(Action::Buy { factory: p(0, 0), kind: game.kind("tank") });
    assert!(matches!(events[0], Event::UnitBought { cost: 6, funds: 0, .. }));
}

#[test]
fn co_without_one_powers_are_refused() {
    let mut game = Setup::board(&["."]).start();
    game.reject(Action::UsePower { level: PowerLevel::Power }, Rejection::NoCo);
}

// ---------------------------------------------------------------- replay

#[test]
fn replay_reproduces_the_same_events_from_the_seed() {
    let setup = Setup::board(&["=C.", "..."])
        .unit("tank", 0, (0, 0))
        .unit("anti_air", 1, (1, 0))
        .unit("infantry", 1, (2, 1))
        .seed(99);
    let actions = vec![attack(0, 1), end_turn(), attack(1, 0), end_turn()];
    let first = replay(&setup.rules, &setup.setup, setup.seed, &actions).unwrap();
    let second = replay(&setup.rules, &setup.setup, setup.seed, &actions).unwrap();
    assert_eq!(first, second);
    let error = replay(&setup.rules, &setup.setup, setup.seed, &[end_turn(), attack(0, 1), attack(0, 1)]).unwrap_err();
    assert!(matches!(
        error,
        skirmish_studio::systems::swat::rules::ReplayError::Rejected {
            index: 1,
            rejection: Rejection::NotYourUnit(UnitId(0)),
            ..
        }
    ));
}

#[test]
fn game_state_round_trips_through_serde() {
    let mut game = Setup::board(&["=C."]).unit("tank", 0, (0, 0)).unit("anti_air", 1, (1, 0)).start();
    game.act(attack(0, 1));
    let text = ron::to_string(&game.state).unwrap();
    let back: skirmish_studio::systems::swat::rules::GameState = ron::from_str(&text).unwrap();
    assert_eq!(back, game.state);
    let json = serde_json::to_string(&game.start_events).unwrap();
    let events: Vec<Event> = serde_json::from_str(&json).unwrap();
    assert_eq!(events, game.start_events);
}
