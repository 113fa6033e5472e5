//! The Skirm engine at its boundary, continued: cover, doors, markers, crates, barrels,
//! turrets, objectives, the mission action, secondary objectives, medals, the special rules
//! and the legal actions, one case per clause of the rules text.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::skirm_common;

use skirm_common::*;
use skirmish_studio::board::{Board, Door, Edge, EdgeFeature, Wall};
use skirmish_studio::systems::skirm::rules::RollKind;
use skirmish_studio::systems::skirm::rules::{
    Action, CrateContent, Event, Outcome, Rejection, Ruleset, Target, check, legal_actions,
};
use skirmish_studio::systems::skirm::rules::{ItemKind, Medal};

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
            Event::Paid { action: skirmish_studio::systems::skirm::rules::ActionKind::Door, act: 1, orders: 0 },
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
            action: skirmish_studio::systems::skirm::rules::ActionKind::Mission,
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
        action: skirmish_studio::systems::skirm::rules::ActionKind::Mission,
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
    // An Unwieldy weapon cannot strike back (outside the unit's activation): a Brute with only
    // its maul does not counter.
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (1, "reaver_brute", (1, 0))]);
    b.state.units[1].weapons = b.state.units[1].weapons.iter().filter(|w| *w == "maul").cloned().collect();
    b.activate(0);
    b.dice(&[6, 6, 6, 6]);
    let events = b.apply(Action::Melee { weapon: "combat_knife".into(), target: Target::Unit(1) }).unwrap();
    let sides: Vec<Target> = attacks(&events).iter().map(|a| a.0).collect();
    assert_eq!(sides, [Target::Unit(1)], "the maul is Unwieldy: no counter with it");
    // The built-in Brute's card carries a blade beside its maul, so its Counter strikes.
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (1, "reaver_brute", (1, 0))]);
    b.activate(0);
    b.dice(&[6, 6, 6, 6]);
    let events = b.apply(Action::Melee { weapon: "combat_knife".into(), target: Target::Unit(1) }).unwrap();
    let sides: Vec<Target> = attacks(&events).iter().map(|a| a.0).collect();
    assert_eq!(sides, [Target::Unit(1), Target::Unit(0)], "the built-in Brute strikes back with its blade");
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
    b.state.units[0].weapons = b.state.units[0].weapons.iter().cloned().chain(["frag_grenade".to_owned()]).collect();
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
    b.state.units[0].weapons = b.state.units[0].weapons.iter().cloned().chain(["rail_lance".to_owned()]).collect();
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
    b.state.units[0].weapons = b.state.units[0].weapons.iter().cloned().chain(["chain_lightning".to_owned()]).collect();
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
    b.state.units[0].weapons = b.state.units[0].weapons.iter().cloned().chain(["melta_charge".to_owned()]).collect();
    b.activate(0);
    b.dice(&[6, 6, 6, 6]);
    b.shoot("melta_charge", 1).unwrap();
    // The automatic die could still be rolled; taken as it stands, it strikes.
    let events = b.apply(Action::Accept).unwrap();
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

#[test]
fn lnr_linear_strikes_a_barrel_on_its_line_too() {
    // LNR "attacks all units (including Squadmates and Items)" on the line: a barrel between
    // the shooter and its target is struck.
    let mut b = battle_on(
        None,
        &[(0, "vanguard_trooper", (0, 0)), (1, "reaver_raider", (6, 6)), (1, "reaver_raider", (7, 0))],
        |s| {
            s.items = vec![(p(3, 3), ItemKind::Barrel)];
        },
    );
    b.state.units[0].weapons = b.state.units[0].weapons.iter().cloned().chain(["rail_lance".to_owned()]).collect();
    b.activate(0);
    b.dice(&[6, 6, 6, 6, 6, 6]);
    let events = b.shoot("rail_lance", 1).unwrap();
    let hit: Vec<Target> = attacks(&events).iter().map(|a| a.0).collect();
    assert!(hit.contains(&Target::Item(0)), "{hit:?}");
}

#[test]
fn cam_camouflage_works_only_when_the_unit_is_the_primary_target() {
    // A frag grenade (Blast) at a trooper 4 squares off; a Marksman (CAM) stands next to it.
    // The trooper is the primary target: the Marksman, a secondary one, takes no -1 off the
    // thrower's RSK. Aimed at the Marksman, CAM applies.
    let units = [(0, "reaver_gunner", (0, 0)), (1, "vanguard_trooper", (0, 4)), (1, "vanguard_marksman", (1, 4))];
    let mut b = battle(&units);
    let rsk = b.state.units[0].rsk;
    b.state.units[0].weapons = b.state.units[0].weapons.iter().cloned().chain(["frag_grenade".to_owned()]).collect();
    b.activate(0);
    b.dice(&[6, 6]);
    let events = b.shoot("frag_grenade", 1).unwrap();
    let skills: Vec<(Target, u8)> = attacks(&events).iter().map(|a| (a.0, a.1)).collect();
    assert_eq!(skills, [(Target::Unit(1), rsk), (Target::Unit(2), rsk)], "the thrower's RSK against both");
    let mut b = battle(&units);
    b.state.units[0].weapons = b.state.units[0].weapons.iter().cloned().chain(["frag_grenade".to_owned()]).collect();
    b.activate(0);
    b.dice(&[6, 6]);
    let events = b.shoot("frag_grenade", 2).unwrap();
    assert_eq!(attacks(&events)[0], (Target::Unit(2), rsk - 1, false), "CAM on the primary target: RSK - 1");
}

#[test]
fn a_unit_lost_to_its_own_squads_barrel_scores_nothing_for_the_enemy() {
    // The trooper, 1 HIT left, strikes the barrel beside it in melee: the explosion takes it
    // out. Under Extraction an enemy taken out scores 1 MP, but this one took itself out.
    let mut b = battle_on(None, &[(0, "vanguard_trooper", (4, 5)), (1, "reaver_raider", (7, 7))], |s| {
        s.items = vec![(p(4, 4), ItemKind::Barrel)];
        s.mission = "extraction".into();
    });
    b.state.units[0].hit = 1;
    b.activate(0);
    b.dice(&[1, 1, 6, 6, 6, 6]);
    let events = b.apply(Action::Melee { weapon: "combat_knife".into(), target: Target::Item(0) }).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::TakenOut { unit: 0, .. })), "{events:?}");
    assert_eq!(b.state.squads[1].points, 0, "the other squad scores nothing");
    assert_eq!(b.state.squads[1].record.taken_out, 0);
    assert_eq!(b.state.squads[0].record.lost, 1, "the unit is lost all the same");
}

#[test]
fn ahx_autohit_the_automatic_die_may_still_be_rolled() {
    // "x of this Weapon's Attack dice is an automatic Strike without rolling it. You may still
    // choose to roll that die." The melta charge (AH1): the roll waits with its automatic die;
    // rolling it makes it a rolled die like any other (a natural 1 would deal 1 more).
    let mut b = battle(&[(0, "vanguard_trooper", (0, 0)), (1, "reaver_raider", (0, 2))]);
    b.state.units[0].weapons = b.state.units[0].weapons.iter().cloned().chain(["melta_charge".to_owned()]).collect();
    b.activate(0);
    b.dice(&[1, 6, 6, 6]);
    b.shoot("melta_charge", 1).unwrap();
    let pending = b.state.pending.clone().expect("the roll waits: the automatic die may be rolled");
    assert!(pending.dice[0].automatic);
    let events = b.apply(Action::Reroll { die: 0 }).unwrap();
    assert!(events.contains(&Event::AutomaticRolled { die: 0, face: 1 }), "{events:?}");
    // Rolled, nothing is left to choose: the strike lands with the natural 1's extra damage.
    assert!(b.state.pending.is_none());
    assert_eq!(strikes(&events), [(1, 5)], "DAM 3 + DD1 + 1 for the natural 1");
}

#[test]
fn tactical_orders_re_roll_a_heal_die() {
    // "Re-roll any one die for any of your rolls": a medkit's 1D3 rolled a 1 (heals 1); with an
    // order the squad re-rolls it, a 6 heals 3.
    let mut b = battle(&[(0, "vanguard_captain", (0, 0)), (1, "reaver_raider", (7, 7))]);
    b.state.units[0].medkit = Some(3);
    b.state.units[0].hit = 1;
    b.activate(0);
    b.orders(0, 2);
    b.dice(&[1, 6]);
    let events = b.apply(Action::Medkit { target: 0 }).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::Healed { .. })), "the heal die waits");
    let pending = b.state.pending.clone().expect("a heal roll waiting");
    assert_eq!(pending.window, skirmish_studio::systems::skirm::rules::Window::Heal);
    let events = b.apply(Action::Reroll { die: 0 }).unwrap();
    assert!(events.contains(&Event::Rerolled { die: 0, face: 6, order: true }));
    assert!(events.contains(&Event::Healed { unit: 0, hits: 3 }), "{events:?}");
    assert_eq!(b.state.units[0].hit, 4);
    assert_eq!(b.state.squads[0].orders, 1);
    // Without an order left to spend, the heal die does not wait.
    let mut b = battle(&[(0, "vanguard_captain", (0, 0)), (1, "reaver_raider", (7, 7))]);
    b.state.units[0].medkit = Some(3);
    b.state.units[0].hit = 1;
    b.activate(0);
    b.dice(&[1]);
    let events = b.apply(Action::Medkit { target: 0 }).unwrap();
    assert!(events.contains(&Event::Healed { unit: 0, hits: 1 }));
}
