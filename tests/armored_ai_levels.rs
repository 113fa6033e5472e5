//! The Armored Advance computer's levels at their boundary. Normal fires first at the enemy
//! gun it can silence soonest (the one hurting it with the least strength left), and in
//! Domination its squads spread over the objectives its side does not yet stand on instead of
//! crowding the nearest. The closer look, the second script the planner weighs, keeps clear of
//! a gun that outclasses it where the computer's own way drives on.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::armored_common;

use armored_common::*;
use skirmish_studio::systems::armored::rules::{Action, Look, computer_action, computer_action_looking};
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
fn normal_fires_at_the_wounded_gun_it_can_silence() {
    let data = data();
    let target = |state: &skirmish_studio::systems::armored::rules::GameState| match computer_action(&data, state) {
        Some(Action::Fire { target, .. }) => target,
        other => panic!("a shot was open, got {other:?}"),
    };
    for hp in [3, 6, 10] {
        assert_eq!(target(&two_tanks(hp)), 2, "Normal finishes the tank with {hp} of 25 hp left");
    }
    // Both whole: the same worth, and the tie falls to the side's frame, not to the listing.
    assert_eq!(target(&two_tanks(25)), 1);
}

#[test]
fn in_domination_normal_sends_a_squad_to_the_objective_no_friend_stands_on() {
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
    let moved_to = match computer_action(&data, &state) {
        Some(Action::Move { unit: 1, to, .. } | Action::FreeMove { unit: 1, to, .. }) => to,
        other => panic!("the free squad should move, got {other:?}"),
    };
    assert!(moved_to.0 > 18 * IN, "Normal heads east, to the farm nobody holds, not west to the nearest");
}

/// Generated table 13003 (Domination, one objective, armoured cars and squads on both
/// sides): Easy's own rules used to beat Normal there 69 games to 2. Normal, the planner over
/// Easy's way, beats it there in both seatings together.
#[test]
fn on_the_table_where_the_old_easy_beat_normal_normal_now_wins() {
    use skirmish_studio::game::{GenerateRequest, Level as LabLevel};
    let rules = skirmish_studio::systems::system("armored-advance").unwrap().rules(None).unwrap();
    let generated = rules.generate(&GenerateRequest::seeded(13_003)).unwrap();
    let scenario = generated.scenario.as_ref();
    let (mut normal, mut easy) = (0, 0);
    for game in 0..24u64 {
        let normal_seat = (game % 2) as u8;
        let mut levels = [LabLevel::Easy; 2];
        levels[usize::from(normal_seat)] = LabLevel::Normal;
        let record = scenario.battle(13_003_000 + game, (game / 2 % 2) as u8, 200, &levels).unwrap();
        match record.winner {
            Some(seat) if seat == normal_seat => normal += 1,
            Some(_) => easy += 1,
            None => {}
        }
    }
    assert!(normal > 2 * easy, "Normal won {normal} and Easy {easy} of 24 games");
}

/// A Sherman with its shots spent, a halftrack it can hurt ahead to the right and a Tiger
/// farther off to the left. Normal drives at the halftrack; Hard's closer look, which minds
/// what the Tiger's gun could do to it at each destination twice as much as the shot it would
/// have, takes a place farther from the Tiger that still gains ground. (With the enemy's answer
/// weighed at a half, it took Normal's place.)
#[test]
fn hard_keeps_farther_from_the_gun_that_outclasses_it_where_normal_drives_straight_on() {
    let data = data();
    let s = table(
        &[
            ("medium_tank", 0, 24.0, 44.0, 0.0),
            ("heavy_tank", 1, 12.0, 10.0, 180.0),
            ("halftrack", 1, 30.0, 22.0, 180.0),
        ],
        vec![],
    );
    let mut state = game(&data, &s);
    state.side = 0;
    state.units[0].fired.iter_mut().for_each(|f| *f = 1);
    let destination = |look| match computer_action_looking(&data, &state, look) {
        Some(Action::Move { unit: 0, to, .. }) => to,
        other => panic!("the Sherman should move, got {other:?}"),
    };
    let (normal, hard) = (destination(Look::Plain), destination(Look::Closer));
    let from_tiger = |(x, y): (i64, i64)| ((x - 12 * IN) as f64).hypot((y - 10 * IN) as f64) / IN as f64;
    let start = (24 * IN, 44 * IN);
    assert!(
        from_tiger(hard) > from_tiger(normal) + 1.0,
        "Hard stops {:.1}\" from the Tiger, Normal {:.1}\"",
        from_tiger(hard),
        from_tiger(normal)
    );
    assert_ne!(hard, start, "Hard still moves");
}
