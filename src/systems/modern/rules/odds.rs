//! The exact chances the text's dice give, counted over every face: a shot's hit and kill
//! (of 36), close combat's three results (of 1296), an activation test's pass (of 6), and a
//! unit's morale minuses, which every chance of a test depends on.

use super::super::ruleset::{Eliminated, Ruleset, Shot};
use super::state::GameState;

/// Of the 36 throws of a coloured and a white die: (hits, kills).
#[must_use]
pub fn shot_counts(shot: Shot) -> (u32, u32) {
    // Counted a coloured face at a time, the white faces that hit it by their span: the
    // computer asks this of every shot it weighs, and thirty-six throws one by one cost more.
    let (near, far) = (i32::from(shot.hit.0), i32::from(shot.hit.1));
    let faces = |from: i32, to: i32| (to.min(6) - from.max(1) + 1).max(0);
    // White below and above the coloured face; a differential of 0 is the one face both count.
    let both = i32::from(near == 0);
    let (mut hits, mut kills) = (0, 0);
    for coloured in 1..=6 {
        let hitting = if near > far {
            0
        } else {
            (faces(coloured - far, coloured - near) + faces(coloured + near, coloured + far) - both).unsigned_abs()
        };
        hits += hitting;
        if kills_with(shot, coloured as u8) {
            kills += hitting;
        }
    }
    (hits, kills)
}

/// Whether the dice's differential is in the shot's hit band.
#[must_use]
pub fn hits_with(shot: Shot, coloured: u8, white: u8) -> bool {
    (shot.hit.0..=shot.hit.1).contains(&coloured.abs_diff(white))
}

/// Whether the coloured die is in the shot's kill band.
#[must_use]
pub fn kills_with(shot: Shot, coloured: u8) -> bool {
    (shot.kill.0..=shot.kill.1).contains(&coloured)
}

/// The differential of two dice.
#[must_use]
pub fn differential(a: u8, b: u8) -> u8 {
    a.abs_diff(b)
}

/// Who close combat eliminates for these differentials.
#[must_use]
pub fn melee_result(rules: &Ruleset, attacker: u8, defender: u8) -> Eliminated {
    rules.close_combat[usize::from(defender.min(5))][usize::from(attacker.min(5))]
}

/// Of the 1296 throws of two dice each: (attacker eliminated, both, defender eliminated).
#[must_use]
pub fn melee_counts(rules: &Ruleset) -> [u32; 3] {
    let mut counts = [0; 3];
    for a in 0..36u8 {
        for d in 0..36u8 {
            let attacker = differential(a / 6 + 1, a % 6 + 1);
            let defender = differential(d / 6 + 1, d % 6 + 1);
            let slot = match melee_result(rules, attacker, defender) {
                Eliminated::Attacker => 0,
                Eliminated::Both => 1,
                Eliminated::Defender => 2,
            };
            counts[slot] += 1;
        }
    }
    counts
}

/// A unit's morale minuses: casualties, friendly units broken, ammo markers (and hits that did
/// not kill, where the reading counts them).
#[must_use]
pub fn minuses(rules: &Ruleset, state: &GameState, unit: usize) -> u32 {
    let Some(u) = state.units.get(unit) else { return 0 };
    rules.minus_per_casualty * u.casualties
        + rules.minus_per_routed_friend * state.broken_friends(u.side)
        + rules.minus_per_ammo_marker * u.ammo
        + u.shaken
}

/// Of the six faces of the activation die, how many pass with `minuses`.
#[must_use]
pub fn passing_faces(rules: &Ruleset, minuses: u32) -> u32 {
    let deduction = i32::from(rules.deduction(minuses));
    (1..=6).filter(|face| face - deduction >= rules.pass_at).count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counted_shot_odds_are_the_thirty_six_throws_one_by_one_for_every_chart_entry() {
        for hit in (0..=7u8).flat_map(|a| (0..=7u8).map(move |b| (a, b))) {
            for kill in (0..=7u8).flat_map(|a| (0..=7u8).map(move |b| (a, b))) {
                let shot = Shot { hit, kill };
                let (mut hits, mut kills) = (0, 0);
                for coloured in 1..=6u8 {
                    for white in 1..=6u8 {
                        if hits_with(shot, coloured, white) {
                            hits += 1;
                            kills += u32::from(kills_with(shot, coloured));
                        }
                    }
                }
                assert_eq!(shot_counts(shot), (hits, kills), "{shot:?}");
            }
        }
    }
}
