//! Data-driven cases for the rules' victory conditions (conquest, medals, city conquest, turn
//! limits and their tie-breaks, three players), the optional CO rules and replays, each
//! through the public interface of the rules core.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{BLUE, RED, Setup, attack, capture, conquest, end_turn, mv, p};
use skirmish_studio::systems::swat::rules::{
    Action, Capture, CoId, DefeatReason, Event, MedalLoss, Outcome, PlayerId, PowerLevel, Rejection, Status, Strike,
    TieBreak, TurnLimit, UnitId, VictoryConditions, VictoryReason, legal_actions, preview_attack, reachable, replay,
};

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

/// Red's Md Tank beside Blue's last Infantry (1 HP), Blue's factory and $5, one Infantry
/// counter an army, no conquest: the game of the two counter-loss tests below.
fn one_infantry_counter(victory_medals: Option<u32>, medal_loss: MedalLoss) -> common::Game {
    use skirmish_studio::systems::swat::rules::Readings;
    Setup::board(&["=.B"])
        .unit("md_tank", 0, (0, 0))
        .unit_hp("infantry", 1, (1, 0), 1)
        .owned((2, 0), 1)
        .funds(1, 5)
        .counters("infantry", Some(1))
        .victory(VictoryConditions { conquest: false, victory_medals, ..VictoryConditions::default() })
        .readings(Readings { medal_loss })
        .start()
}

#[test]
fn victory_medals_an_eliminated_unit_is_lost_to_its_army_for_the_rest_of_the_game() {
    // 4.0: "the player receives that unit as a victory medal. This particular unit is lost to
    // the other player for the remainder of the game": with one Infantry counter, Blue cannot
    // buy Infantry again once Red holds it as a medal.
    let start = |victory_medals: Option<u32>| one_infantry_counter(victory_medals, MedalLoss::default());
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

/// The reading `medal_loss` (the sentence above stands under the Victory Medals heading, but
/// every game counts medals): `always` keeps the eliminated unit's counter out of its army's
/// pool in a game without Victory Medals too; the default, `when_medals_win`, gives it back.
#[test]
fn with_the_reading_always_an_eliminated_units_counter_is_lost_in_every_game() {
    let start = |medal_loss: MedalLoss| one_infantry_counter(None, medal_loss);
    let mut game = start(MedalLoss::Always);
    let infantry = game.kind("infantry");
    game.act(attack(0, 1));
    game.act(end_turn());
    assert_eq!(game.state.player(BLUE).lost_counters.get(&infantry), Some(&1));
    game.reject(
        Action::Buy { factory: p(2, 0), kind: infantry },
        Rejection::NoCounterLeft { kind: infantry, limit: 1 },
    );
    let mut game = start(MedalLoss::default());
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
    // What the balance lab's income curve reads is what the engine pays.
    let curve = skirmish_studio::game::Rules::seat_numbers(&game.rules, &game.state)[usize::from(BLUE.0)][1];
    assert_eq!(curve, 5.0, "the city being captured pays nothing, and the curve says so");
    assert_eq!(skirmish_studio::systems::swat::rules::income(&game.rules, &game.state, BLUE), 5);
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

#[test]
fn victory_medals_reached_in_round_1_of_a_1_round_game_beats_the_turn_limit() {
    // Red earns its two medals in round 1; Blue holds more cities, so the turn limit's
    // tie-break would give Blue the game. Blue only ends its turn: the medal win comes first,
    // before round 2 begins or pays income.
    let victory = VictoryConditions {
        conquest: false,
        victory_medals: Some(2),
        turn_limit: Some(TurnLimit { rounds: 1, tie_break: TieBreak::MostCities }),
        ..VictoryConditions::default()
    };
    let mut game = Setup::board(&["=..C", ".=.C"])
        .owned((3, 0), 1)
        .owned((3, 1), 1)
        .unit("md_tank", 0, (0, 0))
        .unit("md_tank", 0, (0, 1))
        .unit_hp("infantry", 1, (1, 0), 1)
        .unit_hp("infantry", 1, (1, 1), 1)
        .unit("infantry", 1, (2, 1))
        .victory(victory)
        .start();
    game.act(attack(0, 2));
    game.act(attack(1, 3));
    game.act(end_turn());
    assert_eq!(game.state.outcome, Outcome::Ongoing, "Blue has not had its turn");
    let events = game.act(end_turn());
    assert_eq!(game.state.outcome, Outcome::Won { winner: RED, reason: VictoryReason::VictoryMedals });
    assert!(
        !events.iter().any(|e| matches!(e, Event::TurnStarted { round: 2, .. })),
        "declared before round 2 begins: {events:?}"
    );
}
