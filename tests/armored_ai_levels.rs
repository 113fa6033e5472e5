//! The Armored Advance computer's levels at their boundary: what Normal does that Easy does
//! not. It fires first at the enemy gun it can silence soonest (the one hurting it with the
//! least strength left), and in Domination its squads spread over the objectives its side does
//! not yet stand on instead of crowding the nearest.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::armored_common;

use armored_common::*;
use skirmish_studio::systems::armored::rules::{Action, Level, computer_action};
use skirmish_studio::systems::armored::scenario::Mode;
use skirmish_studio::table::Objective;

/// A light tank facing two enemy light tanks at the same range, one of them wounded to `hp`.
fn two_tanks(hp: u32) -> skirmish_studio::systems::armored::rules::GameState {
    let data = data();
    let s = table(
        &[
            ("light_tank", 0, 24.0, 40.0, 0.0),
            ("light_tank", 1, 18.0, 22.0, 180.0),
            ("light_tank", 1, 30.0, 22.0, 180.0),
        ],
        vec![],
    );
    let mut state = game(&data, &s);
    state.units[2].hp = hp;
    state
}

#[test]
fn normal_fires_at_the_wounded_gun_it_can_silence_easy_at_the_first_it_ranks() {
    let data = data();
    for hp in [3, 6, 10] {
        let state = two_tanks(hp);
        let target = |level| match computer_action(&data, &state, level) {
            Some(Action::Fire { target, .. }) => target,
            other => panic!("a shot was open, got {other:?}"),
        };
        assert_eq!(target(Level::Normal), 2, "Normal finishes the tank with {hp} of 25 hp left");
        assert_eq!(target(Level::Easy), 1, "Easy weighs only damage by cost ({hp} hp left)");
    }
    // Both whole: the same worth, and both levels rank the targets alike.
    let state = two_tanks(25);
    assert_eq!(computer_action(&data, &state, Level::Normal), computer_action(&data, &state, Level::Easy));
}

#[test]
fn in_domination_normal_sends_a_squad_to_the_objective_no_friend_stands_on_easy_to_the_nearest() {
    let data = data();
    let mut s = table(
        &[("infantry", 0, 12.0, 24.0, 0.0), ("infantry", 0, 18.0, 30.0, 0.0), ("medium_tank", 1, 44.0, 2.0, 180.0)],
        vec![],
    );
    s.mode = Mode::Domination;
    s.turn_limit = Some(6);
    for (name, x) in [("West farm", 12), ("East farm", 36)] {
        s.table.objectives.push(Objective { name: name.into(), at: (x * IN, 24 * IN), marker: 40_000, radius: 3 * IN });
    }
    let state = game(&data, &s);
    let moved_to = |level| match computer_action(&data, &state, level) {
        Some(Action::Move { unit: 1, to, .. } | Action::FreeMove { unit: 1, to, .. }) => to,
        other => panic!("the free squad should move, got {other:?}"),
    };
    assert!(moved_to(Level::Normal).0 > 18 * IN, "Normal heads east, to the farm nobody holds");
    assert!(moved_to(Level::Easy).0 < 18 * IN, "Easy heads west, to the nearest farm");
}
