//! The exact chances of an attack before its dice are rolled: how likely each number of HIT
//! lost is, worked out from the strike's own numbers (skill, ROA, DAM, RND, AHx, DDx, cover,
//! free re-rolls, RLT) and the target's ARM, so the playtest can show them before the click.

use super::combat::succeeds;
use super::strike::Strike;

/// The chance of each number of HIT the target loses, from 0 to `hit` (the last entry takes
/// every result that takes it out). Free re-rolls are spent on missed attack dice in turn;
/// Tactical Orders, chosen after the roll, are not counted.
#[must_use]
pub fn hits_lost_odds(strike: &Strike, arm: u8, hit: u8) -> Vec<f64> {
    let damage = damage_odds(strike);
    let save = (1..=6).filter(|&f| succeeds(f, arm)).count() as f64 / 6.0;
    let mut lost = vec![0.0; usize::from(hit) + 1];
    // Cover saves one point of damage without a die.
    let automatic_saves = usize::from(strike.cover);
    for (points, p) in damage.iter().enumerate().filter(|(_, p)| **p > 0.0) {
        let rolled = points.saturating_sub(automatic_saves);
        // Binomial: each rolled save fails with 1 - save.
        let mut ways = 1.0;
        for failed in 0..=rolled {
            if failed > 0 {
                ways = ways * (rolled + 1 - failed) as f64 / failed as f64;
            }
            let q = ways * (1.0 - save).powi(failed as i32) * save.powi((rolled - failed) as i32);
            lost[failed.min(usize::from(hit))] += p * q;
        }
    }
    lost
}

/// The chance of each total of damage points the attack dice deal before saves.
fn damage_odds(strike: &Strike) -> Vec<f64> {
    let dam = usize::from(strike.dam);
    if strike.dice == 0 {
        let mut out = vec![0.0; usize::from(strike.flat_damage) + 1];
        out[usize::from(strike.flat_damage)] = 1.0;
        return out;
    }
    let automatic = strike.automatic.min(strike.dice);
    let rolled = usize::from(strike.dice - automatic);
    let most = usize::from(strike.dice) * (dam + 2) + usize::from(strike.deadly) + 1;
    let rerolls = usize::from(strike.attack_rerolls);
    // state[struck][rerolls left][damage]: whether any die struck matters for DDx.
    let mut state = vec![vec![vec![0.0; most + 1]; rerolls + 1]; 2];
    let start = usize::from(automatic) * dam;
    state[usize::from(automatic > 0)][rerolls][start] = 1.0;
    // One die: its damage (0 on a miss) with its chance, and whether it missed.
    let bonus = |face: u8| match (face, strike.rending) {
        (1, true) => 2,
        (1, false) => 1,
        _ => 0,
    };
    let face_outcome = |face: u8| -> Option<usize> { succeeds(face, strike.skill).then(|| dam + bonus(face)) };
    for _ in 0..rolled {
        let mut next = vec![vec![vec![0.0; most + 1]; rerolls + 1]; 2];
        for struck in 0..2 {
            for left in 0..=rerolls {
                for total in 0..=most {
                    let p = state[struck][left][total];
                    if p == 0.0 {
                        continue;
                    }
                    for face in 1..=6u8 {
                        let p1 = p / 6.0;
                        match face_outcome(face) {
                            Some(d) => next[1][left][(total + d).min(most)] += p1,
                            None => {
                                // A six under RLT is re-rolled for free; otherwise a free
                                // re-roll, while any is left.
                                let (free, left_after) = if face == 6 && strike.relentless {
                                    (true, left)
                                } else if left > 0 {
                                    (true, left - 1)
                                } else {
                                    (false, left)
                                };
                                if !free {
                                    next[struck][left][total] += p1;
                                    continue;
                                }
                                for again in 1..=6u8 {
                                    match face_outcome(again) {
                                        Some(d) => next[1][left_after][(total + d).min(most)] += p1 / 6.0,
                                        None => next[struck][left_after][total] += p1 / 6.0,
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        state = next;
    }
    let mut out = vec![0.0; most + 1];
    for (struck, by_left) in state.iter().enumerate() {
        for by_total in by_left {
            for (total, p) in by_total.iter().enumerate() {
                let extra = if struck == 1 { usize::from(strike.deadly) } else { 0 };
                out[(total + extra).min(most)] += p;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::dice::Dice;
    use crate::systems::skirm::rules::Target;
    use crate::systems::skirm::rules::combat::{Attack, resolve_attack};
    use crate::systems::skirm::rules::state::TakeOutMeans;
    use crate::systems::skirm::rules::strike::flat;

    fn strike(dice: u8, skill: u8, dam: u8) -> Strike {
        let base = flat(Some(0), Target::Unit(1), 0);
        Strike { dice, skill, dam, primary: true, means: TakeOutMeans::Ranged, ..base }
    }

    #[test]
    fn odds_sum_to_one_and_one_die_matches_by_hand() {
        let odds = hits_lost_odds(&strike(1, 3, 1), 3, 2);
        assert!((odds.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // Strike on 1-3 (a 1 adds one damage): 2/6 deal 1, 1/6 deals 2; saves on 1-3 (1/2).
        let one = 2.0 / 6.0 * 0.5 + 1.0 / 6.0 * 2.0 * 0.25;
        let two = 1.0 / 6.0 * 0.25;
        assert!((odds[1] - one).abs() < 1e-12, "{odds:?}");
        assert!((odds[2] - two).abs() < 1e-12, "{odds:?}");
    }

    #[test]
    fn odds_agree_with_the_rules_dice_over_many_rolls() {
        let s = Strike { rending: true, deadly: 1, cover: true, ..strike(3, 4, 1) };
        let odds = hits_lost_odds(&s, 3, 3);
        let attack = Attack {
            skill: 4,
            roa: 3,
            dam: 1,
            rending: true,
            automatic_strikes: 0,
            deadly: 1,
            arm: 3,
            automatic_saves: 1,
            hit: 3,
        };
        let mut dice = Dice::new(7);
        let n = 200_000;
        let mut counts = [0usize; 4];
        for _ in 0..n {
            let r = resolve_attack(&attack, &mut dice);
            counts[usize::from(3 - r.remaining)] += 1;
        }
        for (k, &c) in counts.iter().enumerate() {
            let seen = c as f64 / f64::from(n);
            assert!((seen - odds[k]).abs() < 0.005, "{k} lost: {seen} seen, {} worked out", odds[k]);
        }
    }

    #[test]
    fn a_free_reroll_makes_a_strike_likelier() {
        let plain = hits_lost_odds(&strike(1, 3, 1), 6, 1);
        let rerolled = hits_lost_odds(&Strike { attack_rerolls: 1, ..strike(1, 3, 1) }, 6, 1);
        assert!(rerolled[1] > plain[1]);
        assert!((rerolled.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
