//! A shot worked out before the dice: the range band's roll with foliage, Casemate and the
//! readings; the penetration table against the face it strikes, walls and Weak Spot; damage
//! with Support; Autocannon's shots; anti-infantry kills; firing at advantage; and the exact
//! chance of each result, which the computer player and the shot preview use.

use super::action::Rejection;
use super::artillery::{He, indirect};
use super::geometry::{LineOfFire, armour_faced, armour_faced_as_asked, in_arc, line_of_fire_over, profile, range_in};
use super::readings::{
    BandEdge, Foliage, FoliagePieces, IndirectHit, RangePenetration, ShotDice, WallRule, WeakSpotRange,
};
use super::special::{crew_of, manned_gun, mark_for, sandbagged};
use super::state::{GameState, Unit};
use crate::systems::armored::ruleset::{Keyword, Ruleset, UnitClass, Weapon, parse_kills};
use crate::table::UM_PER_INCH;

/// A shot before the dice.
#[derive(Debug, Clone, PartialEq)]
pub struct Shot {
    /// Edge to edge, micrometres.
    pub range: i64,
    /// The roll needed to hit, 1 to 6 (7: it cannot hit; 0: no hit die is rolled, as for
    /// anti-infantry fire and, by a reading, indirect fire).
    pub hit: u8,
    /// The roll needed to penetrate: 0 automatic, 1 to 6, 7 it cannot.
    pub penetration: u8,
    /// Damage per penetrating hit.
    pub damage: u32,
    /// Shots in the action (Autocannon).
    pub shots: u32,
    /// Whether a die missed by exactly 1 is rolled again.
    pub advantage: bool,
    /// Anti-infantry kills: (die, modifier), the die 0 for a fixed number.
    pub kills: Option<(u8, i32)>,
    /// What the line of fire meets.
    pub line: Option<LineOfFire>,
    /// Artillery HE: damage by the dice instead of penetration (indirect fire).
    pub he: Option<He>,
    /// Sandbags halve the men an infantry target loses.
    pub halved: bool,
    /// A scout's bonus to hit it takes (0: none).
    pub scouted: u8,
    /// One die meets both the hit roll and the penetration roll (`shot_dice=single_roll`).
    pub single_roll: bool,
}

/// The roll needed to hit at `um` edge to edge, by the data's bands and the readings.
#[must_use]
pub fn band_roll(data: &Ruleset, edge: BandEdge, um: i64) -> u8 {
    let inches = um as f64 / UM_PER_INCH as f64;
    if edge == BandEdge::Paraphrase {
        // "One rounds up to the nearest 6\" interval and divides by 6": 1+ up to and at 6",
        // 6+ up to 36", and nothing beyond.
        let bands = (inches / 6.0).ceil().max(1.0);
        return if bands > 6.0 { 7 } else { bands as u8 };
    }
    data.hit_bands
        .iter()
        .find(|(below, _)| match edge {
            BandEdge::Farther => inches < *below,
            BandEdge::Nearer | BandEdge::Paraphrase => inches <= *below,
        })
        .map_or(data.hit_beyond, |&(_, roll)| roll)
}

/// The penetration roll needed for penetration minus armour (0 automatic, 7 never).
#[must_use]
pub fn penetration_roll(data: &Ruleset, difference: i32, weak_spot: bool) -> u8 {
    let rows = &data.penetration;
    let row = rows
        .iter()
        .find(|r| r.difference == difference)
        .or_else(|| if rows.first().is_some_and(|r| difference > r.difference) { rows.first() } else { rows.last() });
    let needed = row.and_then(|r| if weak_spot { r.weak_spot } else { r.roll });
    needed.unwrap_or(7)
}

/// A weapon's longest range in micrometres, where it has one.
fn weapon_range(profile_keywords: &[Keyword], weapon: &Weapon) -> Option<i64> {
    let limited = profile_keywords.iter().chain(&weapon.keywords).find_map(|k| match k {
        Keyword::LimitedRange(x) | Keyword::Indirect(x) => Some(i64::from(*x) * UM_PER_INCH),
        _ => None,
    });
    let own = weapon.range.map(super::geometry::inches);
    match (own, limited) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The shot `unit` would fire with `weapon` at `target`, or the rules' reason it may not.
///
/// # Errors
/// The named reason: not an enemy, wrong kind of target, range, sight, arc, a spent weapon.
pub fn shot(data: &Ruleset, state: &GameState, unit: usize, weapon: usize, target: usize) -> Result<Shot, Rejection> {
    shot_with(data, state, unit, weapon, target, false)
}

/// The shot, as an Accurate shot (both actions, +1 to hit) when `accurate`.
///
/// # Errors
/// The named reason it may not be fired.
pub fn shot_with(
    data: &Ruleset,
    state: &GameState,
    unit: usize,
    weapon: usize,
    target: usize,
    accurate: bool,
) -> Result<Shot, Rejection> {
    // Refusals are built only where they are returned: a refusal made and thrown away at each
    // of these steps took a percent of a whole readings report (its drop is not free, as some
    // refusals carry names).
    let Some(firer) = state.live(unit) else { return Err(Rejection::NoSuchUnit) };
    if firer.riding.is_some() || firer.towed_by.is_some() {
        return Err(Rejection::Carried);
    }
    let Some(aimed) = state.live(target) else { return Err(Rejection::NoSuchUnit) };
    let Some(fp) = profile(data, firer) else { return Err(Rejection::NoSuchUnit) };
    let Some(tp) = profile(data, aimed) else { return Err(Rejection::NoSuchUnit) };
    let Some(arm) = fp.weapons.get(weapon) else { return Err(Rejection::NoSuchWeapon) };
    if aimed.side == firer.side {
        return Err(Rejection::NotAnEnemy);
    }
    if aimed.riding.is_some() {
        // "Units inside transports are not eligible to be attacked by anti-infantry fire."
        return Err(Rejection::Riding);
    }
    if let Some((least, most)) = arm.men
        && !(u32::from(least)..=u32::from(most)).contains(&firer.hp)
    {
        return Err(Rejection::SquadStrength { men: firer.hp, least, most });
    }
    let anti_infantry = tp.class == UnitClass::Infantry;
    if (anti_infantry && !arm.fires_at_infantry()) || (!anti_infantry && !arm.fires_at_vehicles()) {
        return Err(Rejection::WrongTarget);
    }
    if tp.keywords.contains(&Keyword::Concealed) && !aimed.acted_last_turn {
        return Err(Rejection::Concealed);
    }
    if let Some(uses) = arm.uses
        && firer.used.get(weapon).copied().unwrap_or(0) >= uses
    {
        return Err(Rejection::UsedUp { uses });
    }
    let rapid = fp.keywords.contains(&Keyword::RapidFire) || arm.keywords.contains(&Keyword::RapidFire);
    let limit = if rapid { 2 } else { 1 };
    let fired = firer.fired.get(weapon).copied().unwrap_or(0);
    let at_infantry = firer.fired_at_infantry.get(weapon).copied().unwrap_or(0);
    let autocannon = arm.keywords.iter().any(|k| matches!(k, Keyword::Autocannon(_)));
    // "Autocannon weapons are eligible to use actions to fire at both infantry and vehicles in
    // the same turn": its shots at each are counted apart. A howitzer "may not fire twice":
    // its shots at either count together.
    let spent = if autocannon && arm.fires_at_infantry() {
        if anti_infantry { at_infantry >= 1 } else { fired.saturating_sub(at_infantry) >= limit }
    } else {
        fired >= limit
    };
    if spent {
        return Err(Rejection::WeaponSpent);
    }
    if fp.keywords.contains(&Keyword::LongReload) && firer.fired_last_turn {
        return Err(Rejection::Reloading);
    }
    if accurate {
        if !fp.keywords.contains(&Keyword::Accurate) {
            return Err(Rejection::LacksKeyword("Accurate".into()));
        }
        if firer.moved {
            return Err(Rejection::HasMoved);
        }
    }
    let crew = if fp.class == UnitClass::FieldGun {
        Some(crew_of(data, state, unit).ok_or(Rejection::Unmanned)?)
    } else {
        None
    };
    let readings = state.setup.readings;
    let Some(range_um) = range_in(data, state, firer, aimed) else { return Err(Rejection::NoSuchUnit) };
    // A gun that also fires at infantry (an autocannon, a howitzer's HE) "must be within 1 foot
    // of the target infantry unit".
    let infantry_reach = (anti_infantry && arm.fires_at_vehicles()).then_some(12 * UM_PER_INCH);
    let reach = match (weapon_range(&fp.keywords, arm), infantry_reach) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    if reach.is_some_and(|r| range_um > r) {
        return Err(Rejection::OutOfRange);
    }
    if !in_arc(data, &readings, firer, aimed) {
        return Err(Rejection::OutOfArc);
    }
    if anti_infantry
        && let Some(gun) = manned_gun(data, state, target)
        && state.live(gun).is_some_and(|g| armour_faced(data, &readings, firer, g) > 0)
    {
        return Err(Rejection::ShelteredByGun);
    }
    let advantage = !firer.moved;
    let support = fp.keywords.contains(&Keyword::Support) && tp.class == UnitClass::FieldGun;
    let damage = if support { (arm.damage * 3).div_ceil(2) } else { arm.damage };
    let crew_bonus = crew
        .and_then(|c| state.live(c))
        .and_then(|c| profile(data, c))
        .is_some_and(|p| p.keywords.contains(&Keyword::GunCrew));
    if !anti_infantry && arm.keywords.iter().any(|k| matches!(k, Keyword::Indirect(_))) {
        let he = indirect(data, state, firer, aimed, damage)?;
        let hit = readings.ask(|r| {
            let band = i32::from(band_roll(data, r.band_edge(), range_um));
            let mut hit = (band - i32::from(he.modifier) - i32::from(crew_bonus)).clamp(1, 7);
            if hit == 1 && r.natural_one_misses() {
                hit = 2;
            }
            if r.indirect_hit() == IndirectHit::NoHitRoll {
                // "Rather than having to hit to do anything": the damage dice alone.
                hit = 0;
            }
            hit
        });
        return Ok(Shot {
            range: range_um,
            hit: u8::try_from(hit).unwrap_or(7),
            penetration: 0,
            damage,
            shots: 1,
            advantage,
            kills: None,
            line: None,
            he: Some(he),
            halved: false,
            scouted: 0,
            single_roll: false,
        });
    }
    let over_walls = arm.keywords.contains(&Keyword::OverWalls);
    let Some(line) = line_of_fire_over(data, state, firer, aimed, over_walls) else {
        return Err(Rejection::NoSuchUnit);
    };
    let mark = mark_for(state, unit, target);
    // Behind a wall a vehicle may still be shot when a scout with sight marks it, without the
    // bonus.
    let through_wall_by_mark = !line.in_sight && line.walls > 0 && mark.is_some();
    if !line.in_sight && !through_wall_by_mark {
        return Err(Rejection::NotInSight);
    }
    let bonus = if through_wall_by_mark { 0 } else { mark.map_or(0, |m| m.bonus) };
    let sandbags =
        matches!(tp.class, UnitClass::FieldGun | UnitClass::Infantry) && sandbagged(data, state, firer, aimed);
    // The kill dice are the weapon's attack on infantry only: an autocannon fired at a vehicle
    // rolls to hit and to penetrate like any gun, "X shots per attack action".
    if anti_infantry && let Some(expression) = &arm.anti_infantry {
        let (die, mut modifier) = parse_kills(expression).ok_or(Rejection::NoSuchWeapon)?;
        if fp.keywords.contains(&Keyword::MachineGun) {
            modifier += 1;
        }
        return Ok(Shot {
            range: range_um,
            hit: 0,
            penetration: 0,
            damage: 0,
            shots: 1,
            advantage,
            kills: Some((die, modifier)),
            line: Some(line),
            he: None,
            halved: sandbags,
            scouted: 0,
            single_roll: false,
        });
    }
    // Everything the readings decide about the shot, asked as one question: the roll to hit,
    // the penetration roll and the dice.
    let (hit, penetration, single_roll) = readings.ask(|r| {
        let counted = |pieces: u32| match r.foliage_pieces() {
            FoliagePieces::Each => pieces,
            FoliagePieces::Once => pieces.min(1),
        };
        let (foliage_roll, foliage_range) = match r.foliage() {
            Foliage::Roll => (counted(line.foliage), 0),
            // "Adds 3\" to the range between units for targets sitting within 3\" and behind the
            // foliage."
            Foliage::Range => (0, counted(line.foliage_at_target)),
        };
        let banded = range_um + 3 * UM_PER_INCH * i64::from(foliage_range);
        // The range sets the base roll; every modifier is added up first and the total clamped
        // after, so a Casemate's -1 on a 6+ shot with a Scout's +3 is a 4+, not "cannot hit". A
        // total past 6 cannot hit; beyond the last band stays beyond.
        let base = band_roll(data, r.band_edge(), banded);
        let mut hit = base;
        if base <= 6 {
            let mut harder = 0i32;
            // "Increased by 2, to a maximum of 6": foliage alone never makes a shot impossible.
            harder += (2 * i32::try_from(foliage_roll).unwrap_or(i32::MAX)).min((6 - i32::from(base)).max(0));
            if fp.keywords.contains(&Keyword::Casemate) && firer.moved_first {
                harder += 1;
            }
            if sandbags && tp.class == UnitClass::FieldGun {
                harder += 1;
            }
            let helped = i32::from(bonus) + i32::from(accurate) + i32::from(crew_bonus);
            hit = u8::try_from((i32::from(base) + harder - helped).clamp(1, 7)).unwrap_or(7);
        }
        if hit == 1 && r.natural_one_misses() {
            hit = 2;
        }
        let walls = i32::try_from(line.walls).unwrap_or(i32::MAX);
        let (mut pen_loss, armour_gain) = match r.wall() {
            WallRule::Penetration => (2 * walls, 0),
            WallRule::Armour => (0, walls),
        };
        if r.range_penetration() == RangePenetration::OnePer12 {
            pen_loss += i32::try_from(range_um / (12 * UM_PER_INCH)).unwrap_or(i32::MAX);
        }
        let bags = i32::from(sandbags && tp.class == UnitClass::FieldGun);
        let armour = armour_faced_as_asked(data, r, firer, aimed) + armour_gain + bags;
        let weak_spot = tp.keywords.contains(&Keyword::WeakSpot)
            && (r.weak_spot() == WeakSpotRange::AnyRange || range_um < 12 * UM_PER_INCH);
        let penetration = penetration_roll(data, arm.penetration - pen_loss - armour, weak_spot);
        (hit, penetration, r.shot_dice() == ShotDice::SingleRoll)
    });
    let shots =
        arm.keywords.iter().find_map(|k| if let Keyword::Autocannon(x) = k { Some(*x) } else { None }).unwrap_or(1);
    Ok(Shot {
        range: range_um,
        hit,
        penetration,
        damage,
        shots,
        advantage,
        kills: None,
        line: Some(line),
        he: None,
        halved: false,
        scouted: bonus,
        single_roll,
    })
}

/// The chance a D6 meets `needed` (0 or less: always; 7 or more: never), re-rolled once when
/// it misses by exactly 1 and `advantage`.
#[must_use]
pub fn chance(needed: u8, advantage: bool) -> f64 {
    let p = |n: u8| {
        if n == 0 {
            1.0
        } else if n > 6 {
            0.0
        } else {
            f64::from(7 - n) / 6.0
        }
    };
    let first = p(needed);
    if advantage && (2..=6).contains(&needed) { first + (1.0 / 6.0) * first } else { first }
}

/// The exact chance one shot's dice end in a penetrating hit.
#[must_use]
pub fn penetrating_chance(shot: &Shot, advantage_on_penetration: bool) -> f64 {
    if shot.single_roll {
        // One die must meet both rolls (at advantage, re-rolled when it misses the higher by
        // exactly 1).
        return chance(shot.hit.max(shot.penetration), shot.advantage);
    }
    chance(shot.hit, shot.advantage) * chance(shot.penetration, shot.advantage && advantage_on_penetration)
}

/// The expected damage of a shot (hit points, or men for anti-infantry fire).
#[must_use]
pub fn expected_damage(shot: &Shot, advantage_on_penetration: bool, target: &Unit) -> f64 {
    if let Some((die, modifier)) = shot.kills {
        let faces: Vec<i32> = if die == 0 { vec![0] } else { (1..=i32::from(die)).collect() };
        let n = faces.len() as f64;
        let hp = i32::try_from(target.hp).unwrap_or(i32::MAX);
        return faces
            .iter()
            .map(|f| {
                let kills = (f + modifier).max(0);
                f64::from((if shot.halved { kills / 2 } else { kills }).min(hp))
            })
            .sum::<f64>()
            / n;
    }
    if let Some(he) = shot.he {
        return chance(shot.hit, shot.advantage) * he.expected(target.hp);
    }
    f64::from(shot.shots) * penetrating_chance(shot, advantage_on_penetration) * f64::from(shot.damage.min(target.hp))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn the_bands_and_penetration_follow_the_text() {
        let data = Ruleset::builtin().unwrap();
        assert_eq!(band_roll(&data, BandEdge::Farther, 6 * UM_PER_INCH), 2);
        assert_eq!(band_roll(&data, BandEdge::Nearer, 6 * UM_PER_INCH), 1);
        assert_eq!(penetration_roll(&data, 5, false), 0);
        assert_eq!(penetration_roll(&data, 1, false), 2);
        assert_eq!(penetration_roll(&data, 0, false), 4);
        assert_eq!(penetration_roll(&data, -1, false), 6);
        assert_eq!(penetration_roll(&data, -1, true), 5);
        assert_eq!(penetration_roll(&data, -2, false), 7);
        assert_eq!(penetration_roll(&data, -2, true), 6);
        assert_eq!(penetration_roll(&data, -9, true), 7);
        assert!((chance(4, false) - 0.5).abs() < 1e-12);
        // 4+ at advantage: 3/6, and a 3 (1 in 6) rolled again at 3/6.
        assert!((chance(4, true) - (0.5 + 0.5 / 6.0)).abs() < 1e-12);
    }
}
