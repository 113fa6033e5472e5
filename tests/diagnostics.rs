//! One data-driven case per diagnostic code: a scenario that triggers it, the clean scenario that
//! does not, and, where the finding offers a fix, proof that the fix clears it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::systems::swat::rules::{CoChoice, Pos, Ruleset, TieBreak, TurnLimit, VictoryConditions};
use skirmish_studio::systems::swat::scenario::{
    Army, Passenger, Scenario, ScenarioUnit, Severity, apply_all, validate,
};

fn rules() -> Ruleset {
    Ruleset::builtin().unwrap()
}

fn p(x: u16, y: u16) -> Pos {
    Pos::new(x, y)
}

/// A small clean two-player scenario: HQ and factory each, two neutral cities, no units.
fn base(rules: &Ruleset) -> Scenario {
    let mut s = Scenario::new(rules, 10, 5, rules.terrain_id("plain").unwrap(), 2);
    s.tile_size = 5;
    let set = |s: &mut Scenario, pos: Pos, name: &str| {
        let index = s.index(pos);
        s.board.terrain[index] = rules.terrain_id(name).unwrap();
    };
    set(&mut s, p(0, 2), "hq");
    set(&mut s, p(1, 2), "factory");
    set(&mut s, p(9, 2), "hq");
    set(&mut s, p(8, 2), "factory");
    set(&mut s, p(4, 0), "city");
    set(&mut s, p(5, 4), "city");
    s.owners.insert(p(0, 2), 0);
    s.owners.insert(p(1, 2), 0);
    s.owners.insert(p(9, 2), 1);
    s.owners.insert(p(8, 2), 1);
    s
}

fn unit(kind: &str, owner: u8, pos: Pos) -> ScenarioUnit {
    ScenarioUnit { kind: kind.into(), owner, hp: 8, pos, passengers: Vec::new() }
}

fn paint(rules: &Ruleset, s: &mut Scenario, pos: Pos, name: &str) {
    let index = s.index(pos);
    s.board.terrain[index] = rules.terrain_id(name).unwrap();
}

/// Checks one code: absent from the clean scenario, present after `break_it`, gone after its
/// fix when it has one.
fn case(code: &str, severity: Severity, break_it: impl Fn(&Ruleset, &mut Scenario)) {
    let rules = rules();
    let clean = base(&rules);
    assert!(validate(&rules, &clean).iter().all(|f| f.code != code), "the clean scenario already has {code}");
    let mut broken = clean.clone();
    break_it(&rules, &mut broken);
    let findings = validate(&rules, &broken);
    let finding =
        findings.iter().find(|f| f.code == code).unwrap_or_else(|| panic!("{code} not found in {findings:#?}"));
    assert_eq!(finding.severity, severity, "{code}");
    assert!(!finding.message.is_empty());
    // Every finding, its fix included, reaches `validate --json` whole.
    let json = serde_json::to_value(finding).unwrap();
    assert_eq!(json["fix"]["edits"].as_array().map(Vec::len), finding.fix.as_ref().map(|f| f.edits.len()), "{code}");
    if let Some(fix) = &finding.fix {
        let mut fixed = broken.clone();
        let undo = apply_all(&mut fixed, &fix.edits).expect("the fix applies");
        let after = validate(&rules, &fixed);
        assert!(
            after.iter().filter(|f| f.code == code).count() < findings.iter().filter(|f| f.code == code).count(),
            "the fix '{}' did not clear {code}: {after:#?}",
            fix.label
        );
        apply_all(&mut fixed, &undo).unwrap();
        assert_eq!(fixed, broken, "undoing the fix restores the document");
    }
}

#[test]
fn the_clean_base_scenario_has_no_findings() {
    let rules = rules();
    assert_eq!(validate(&rules, &base(&rules)), vec![]);
}

#[test]
fn unknown_ruleset_value() {
    case("unknown-ruleset-value", Severity::Error, |_, s| s.units.push(unit("tnak", 0, p(3, 2))));
    case("unknown-ruleset-value", Severity::Error, |_, s| s.players[1].co = CoChoice::Chosen("marshal_oren".into()));
    case("unknown-ruleset-value", Severity::Error, |_, s| s.system = "skirm".into());
}

#[test]
fn unknown_unit_kind_message_names_the_nearest() {
    let rules = rules();
    let mut s = base(&rules);
    s.units.push(unit("tnak", 0, p(3, 2)));
    let findings = validate(&rules, &s);
    assert!(findings.iter().any(|f| f.message.contains("did you mean tank")), "{findings:#?}");
}

#[test]
fn tile_size() {
    case("tile-size", Severity::Error, |_, s| s.tile_size = 0);
}

#[test]
fn unit_off_board() {
    case("unit-off-board", Severity::Error, |_, s| s.units.push(unit("infantry", 0, p(30, 2))));
}

#[test]
fn unit_on_impassable_terrain() {
    case("unit-on-impassable-terrain", Severity::Error, |r, s| {
        paint(r, s, p(3, 1), "hill");
        s.units.push(unit("tank", 0, p(3, 1)));
    });
}

#[test]
fn units_share_square() {
    case("units-share-square", Severity::Error, |_, s| {
        s.units.push(unit("infantry", 0, p(3, 1)));
        s.units.push(unit("mech", 0, p(3, 1)));
    });
}

#[test]
fn owner_missing_player() {
    case("owner-missing-player", Severity::Error, |_, s| {
        s.owners.insert(p(4, 0), 3);
    });
    case("owner-missing-player", Severity::Error, |_, s| s.units.push(unit("infantry", 2, p(3, 1))));
}

#[test]
fn owned_square_not_property() {
    case("owned-square-not-property", Severity::Error, |_, s| {
        s.owners.insert(p(3, 3), 0);
    });
}

#[test]
fn player_has_two_hqs() {
    case("player-has-two-hqs", Severity::Error, |r, s| {
        paint(r, s, p(2, 2), "hq");
        s.owners.insert(p(2, 2), 0);
    });
}

#[test]
fn player_cannot_act() {
    case("player-cannot-act", Severity::Error, |_, s| {
        s.owners.remove(&p(8, 2));
        s.owners.remove(&p(9, 2));
    });
}

#[test]
fn passenger_not_carriable() {
    case("passenger-not-carriable", Severity::Error, |_, s| {
        let mut apc = unit("apc", 0, p(2, 1));
        apc.passengers.push(Passenger { kind: "tank".into(), hp: 8 });
        s.units.push(apc);
    });
    case("passenger-not-carriable", Severity::Error, |_, s| {
        let mut tank = unit("tank", 0, p(2, 1));
        tank.passengers.push(Passenger { kind: "infantry".into(), hp: 8 });
        s.units.push(tank);
    });
}

#[test]
fn passengers_over_capacity() {
    case("passengers-over-capacity", Severity::Error, |_, s| {
        let mut apc = unit("apc", 0, p(2, 1));
        apc.passengers = vec![Passenger { kind: "infantry".into(), hp: 8 }; 3];
        s.units.push(apc);
    });
}

#[test]
fn unit_hp_out_of_range() {
    case("unit-hp-out-of-range", Severity::Error, |_, s| {
        let mut infantry = unit("infantry", 0, p(2, 1));
        infantry.hp = 9;
        s.units.push(infantry);
    });
    case("unit-hp-out-of-range", Severity::Error, |_, s| {
        let mut infantry = unit("infantry", 0, p(2, 1));
        infantry.hp = 0;
        s.units.push(infantry);
    });
}

#[test]
fn negative_funds() {
    case("negative-funds", Severity::Error, |_, s| s.players[0].funds = -3);
}

#[test]
fn player_count() {
    case("player-count", Severity::Error, |_, s| {
        s.players.truncate(1);
    });
}

#[test]
fn first_player_missing() {
    case("first-player-missing", Severity::Error, |_, s| s.first_player = 3);
}

#[test]
fn duplicate_co() {
    case("duplicate-co", Severity::Error, |_, s| {
        s.players[0].co = CoChoice::Chosen("general_hale".into());
        s.players[1].co = CoChoice::Chosen("general_hale".into());
    });
}

#[test]
fn no_co_left_to_deal() {
    // The built-in ruleset has more COs than a game has seats, so only a ruleset with fewer
    // cards can run out: one CO, chosen by nobody, and two seats that ask for a random one.
    let mut rules = rules();
    rules.cos.truncate(1);
    let mut s = base(&rules);
    s.players[0].co = CoChoice::Random;
    assert!(validate(&rules, &s).is_empty(), "one random seat and one CO is fine");
    s.players[1].co = CoChoice::Random;
    let findings = validate(&rules, &s);
    let finding = findings.iter().find(|f| f.code == "no-co-left-to-deal").expect("the second random seat is refused");
    assert_eq!(finding.severity, Severity::Error);
    assert!(finding.message.contains("Blue") && !finding.message.contains("player 2"), "{}", finding.message);
    let mut fixed = s.clone();
    let undo = apply_all(&mut fixed, &finding.fix.as_ref().unwrap().edits).unwrap();
    assert!(validate(&rules, &fixed).is_empty());
    apply_all(&mut fixed, &undo).unwrap();
    assert_eq!(fixed, s);
    // The engine refuses the same setup rather than dealing one CO twice.
    let setup = s.to_setup(&rules).unwrap();
    assert!(skirmish_studio::systems::swat::rules::start_game(&rules, &setup, 1).is_err());
}

#[test]
fn random_cos_with_enough_left_are_clean() {
    let rules = rules();
    let mut s = base(&rules);
    s.players[0].co = CoChoice::Random;
    s.players[1].co = CoChoice::Chosen(rules.cos[0].id.clone());
    let findings = validate(&rules, &s);
    assert!(findings.is_empty(), "{findings:#?}");
}

#[test]
fn counters_exceeded() {
    case("counters-exceeded", Severity::Error, |_, s| {
        s.counters.insert("tank".into(), Some(1));
        s.units.push(unit("tank", 0, p(2, 1)));
        s.units.push(unit("tank", 0, p(2, 3)));
    });
}

#[test]
fn counters_of_an_unknown_kind() {
    case("unknown-ruleset-value", Severity::Error, |_, s| {
        s.counters.insert("tank_destroyer".into(), Some(2));
    });
}

#[test]
fn no_victory_condition() {
    case("no-victory-condition", Severity::Error, |_, s| {
        s.victory = VictoryConditions { conquest: false, ..VictoryConditions::default() };
    });
}

#[test]
fn city_conquest_target_unreachable() {
    case("city-conquest-target-unreachable", Severity::Error, |_, s| s.victory.city_conquest = Some(5));
}

#[test]
fn victory_medals_unreachable() {
    case("victory-medals-unreachable", Severity::Error, |_, s| {
        // No factory anywhere and two enemy units: three medals can never be earned.
        for pos in [p(1, 2), p(8, 2)] {
            s.owners.remove(&pos);
        }
        let plain = skirmish_studio::systems::swat::rules::TerrainId(0);
        for pos in [p(1, 2), p(8, 2)] {
            let index = s.index(pos);
            s.board.terrain[index] = plain;
        }
        s.units.push(unit("infantry", 0, p(2, 0)));
        s.units.push(unit("infantry", 1, p(7, 4)));
        s.units.push(unit("infantry", 1, p(7, 0)));
        s.victory.victory_medals = Some(3);
    });
}

#[test]
fn conquest_player_without_hq() {
    case("conquest-player-without-hq", Severity::Warning, |r, s| {
        paint(r, s, p(9, 2), "city");
    });
}

#[test]
fn property_unreachable() {
    case("property-unreachable", Severity::Warning, |r, s| {
        // Water walls off player 2's HQ and factory.
        for pos in [p(7, 0), p(7, 1), p(7, 2), p(7, 3), p(7, 4)] {
            paint(r, s, pos, "water");
        }
    });
}

/// Water with no bridge between the armies, and nothing in the house ruleset crosses water:
/// Conquest there can never end, so the warning's fix gives the game a turn limit.
#[test]
fn armies_cannot_meet() {
    case("armies-cannot-meet", Severity::Warning, |r, s| {
        for pos in [p(5, 0), p(5, 1), p(5, 2), p(5, 3), p(5, 4)] {
            paint(r, s, pos, "water");
        }
    });
}

/// At the round cap the game names the cause that decides the rest first: with no route
/// between the armies, funds piling up and the missing turn limit follow from it.
#[test]
fn a_game_between_armies_that_cannot_meet_names_the_missing_route_first_at_the_cap() {
    use skirmish_studio::game::Rules;
    let rules = rules();
    let mut s = base(&rules);
    for pos in [p(5, 0), p(5, 1), p(5, 2), p(5, 3), p(5, 4)] {
        paint(&rules, &mut s, pos, "water");
    }
    s.victory.turn_limit = None;
    let (state, _) =
        skirmish_studio::systems::swat::rules::start_game(&rules, &s.to_setup(&rules).unwrap(), 1).unwrap();
    let causes = rules.stall_causes(&state);
    assert!(causes.first().is_some_and(|c| c.starts_with("no route between the armies")), "{causes:?}");
    assert!(causes.contains(&"no turn limit".to_owned()), "{causes:?}");
}

#[test]
fn armies_meet_over_one_bridge() {
    let rules = rules();
    let mut s = base(&rules);
    for pos in [p(5, 0), p(5, 1), p(5, 2), p(5, 3), p(5, 4)] {
        paint(&rules, &mut s, pos, "water");
    }
    paint(&rules, &mut s, p(5, 4), "bridge");
    let findings = validate(&rules, &s);
    assert!(findings.iter().all(|f| f.code != "armies-cannot-meet"), "{findings:#?}");
}

#[test]
fn factory_no_exit() {
    case("factory-no-exit", Severity::Warning, |r, s| {
        paint(r, s, p(4, 2), "factory");
        for pos in [p(4, 1), p(4, 3), p(3, 2), p(5, 2)] {
            paint(r, s, pos, "water");
        }
    });
}

#[test]
fn unequal_income() {
    case("unequal-income", Severity::Warning, |_, s| {
        s.owners.insert(p(4, 0), 0);
    });
}

#[test]
fn early_attack() {
    case("early-attack", Severity::Warning, |_, s| {
        s.units.push(unit("tank", 0, p(3, 3)));
        s.units.push(unit("infantry", 1, p(7, 3)));
    });
}

#[test]
fn early_attack_is_not_flagged_for_the_player_moving_last() {
    let rules = rules();
    let mut s = base(&rules);
    // Player 2's tank could hit player 1's APC at once, but player 1 has had its turn by then;
    // the APC has no weapon to strike first.
    s.units.push(unit("apc", 0, p(0, 4)));
    s.units.push(unit("tank", 1, p(2, 4)));
    let findings = validate(&rules, &s);
    assert!(findings.iter().all(|f| f.code != "early-attack"), "{findings:#?}");
}

#[test]
fn turn_limit_too_short() {
    case("turn-limit-too-short", Severity::Warning, |_, s| {
        s.victory.turn_limit = Some(TurnLimit { rounds: 3, tie_break: TieBreak::MostCities });
    });
}

#[test]
fn findings_list_errors_before_warnings_and_report_every_problem() {
    let rules = rules();
    let mut s = base(&rules);
    s.players[0].funds = -1;
    s.tile_size = 0;
    s.owners.insert(p(4, 0), 0);
    let findings = validate(&rules, &s);
    let codes: Vec<&str> = findings.iter().map(|f| f.code).collect();
    assert!(codes.contains(&"negative-funds") && codes.contains(&"tile-size") && codes.contains(&"unequal-income"));
    assert!(findings.windows(2).all(|w| w[0].severity <= w[1].severity));
}

#[test]
fn player_with_income_but_no_unit_and_no_factory_cannot_act() {
    // Income alone buys nothing without a factory.
    case("player-cannot-act", Severity::Error, |_, s| {
        s.owners.remove(&p(1, 2));
    });
}

#[test]
fn same_army_colour() {
    case("same-army-colour", Severity::Error, |_, s| s.players[1].army = Army::Red);
}

#[test]
fn board_not_whole_tiles() {
    case("board-not-whole-tiles", Severity::Warning, |_, s| s.tile_size = 3);
}

#[test]
fn city_conquest_met_at_start() {
    case("city-conquest-met-at-start", Severity::Error, |_, s| s.victory.city_conquest = Some(0));
}

#[test]
fn city_conquest_counts_only_cities_a_player_can_capture() {
    // Two cities on the board, one already Red's: Red can capture one, Blue two.
    case("city-conquest-target-unreachable", Severity::Error, |_, s| {
        s.owners.insert(p(4, 0), 0);
        s.owners.insert(p(5, 4), 1);
        s.victory.city_conquest = Some(2);
    });
}

#[test]
fn neutral_hq() {
    case("neutral-hq", Severity::Warning, |r, s| {
        let index = s.index(p(5, 2));
        s.board.terrain[index] = r.terrain_id("hq").unwrap();
    });
}

#[test]
fn turn_limit_zero() {
    case("turn-limit-zero", Severity::Error, |_, s| {
        s.victory.turn_limit = Some(TurnLimit { rounds: 0, tie_break: TieBreak::Draw });
    });
}

#[test]
fn unusual_starting_funds() {
    case("unusual-starting-funds", Severity::Warning, |_, s| s.players[0].funds = 12);
}

#[test]
fn unit_on_own_factory() {
    case("unit-on-own-factory", Severity::Warning, |_, s| s.units.push(unit("infantry", 0, p(1, 2))));
}
