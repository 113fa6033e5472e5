//! Why a Skirmish Wars game reached the round cap, in words a designer can act on: the
//! causes the balance lab shows for its stalled games.

use super::rules::{GameState, PlayerId, PropertyKind, Ruleset, UnitKindId};

/// What a game at the round cap shows of why it stalled, the cause that decides the rest
/// first: no route between the armies, a player without an HQ under Conquest (only
/// eliminating every unit wins), counter pools spent (nothing left to buy), properties
/// nobody took, no turn limit to settle it.
#[must_use]
pub fn stall_causes(rules: &Ruleset, state: &GameState) -> Vec<String> {
    let mut causes = Vec::new();
    let standing: Vec<PlayerId> = (0..state.players.len())
        .filter_map(|seat| u8::try_from(seat).ok().map(PlayerId))
        .filter(|&p| !state.player(p).defeated)
        .collect();
    // Listed first, as it decides the rest. No ground route: water with no bridge between
    // the armies, which nothing crosses, so the rules themselves cannot end the game (the
    // validator's `armies-cannot-meet`).
    if super::rules::armies_apart(rules, state, &standing) {
        causes.push(
            "no route between the armies: water with no bridge, and nothing carries units over water, so the rules cannot end this game"
                .to_owned(),
        );
    }
    if state.victory.conquest && standing.iter().any(|&p| state.count_owned(rules, p, PropertyKind::Hq) == 0) {
        causes.push("no HQ to capture under Conquest".to_owned());
    }
    let spent = |p: PlayerId| {
        (0..rules.units.len())
            .filter_map(|k| u8::try_from(k).ok().map(UnitKindId))
            .all(|kind| state.counters_left(rules, p, kind) == Some(0))
    };
    let spent_armies = standing.iter().filter(|&&p| spent(p)).count();
    if spent_armies > 0 && spent_armies == standing.len() {
        causes.push("every army's counter pools exhausted".to_owned());
    } else if spent_armies > 0 {
        causes.push("an army's counter pools exhausted".to_owned());
    }
    let untaken = state
        .board
        .squares()
        .filter(|&pos| state.property_at(rules, pos).is_some() && state.owner_at(pos).is_none())
        .count();
    if untaken > 0 {
        causes.push("properties nobody took".to_owned());
    }
    // Money that cannot be spent: a factory builds one unit a turn, so funds pile up when
    // income outruns the factories.
    let dearest = rules.units.iter().map(|u| u.cost).max().unwrap_or(0);
    if standing.iter().any(|&p| state.player(p).funds > 3 * dearest) {
        causes.push(
            "funds piled up unspent (over three times the dearest unit): the factories or the counter pools cannot turn the income into units"
                .to_owned(),
        );
    }
    // A standoff: no army has a unit nearer an enemy's properties than its own, so nothing
    // presses on anything.
    let owned = |p: PlayerId| -> Vec<crate::board::Pos> {
        state.board.squares().filter(|&pos| state.owner_at(pos) == Some(p)).collect()
    };
    let nearest = |from: crate::board::Pos, to: &[crate::board::Pos]| to.iter().map(|t| from.distance(*t)).min();
    let pressing = standing.iter().any(|&p| {
        let own = owned(p);
        let enemy: Vec<crate::board::Pos> = standing.iter().filter(|&&q| q != p).flat_map(|&q| owned(q)).collect();
        state
            .units
            .iter()
            .filter(|u| u.owner == p && u.carried_by.is_none())
            .any(|u| matches!((nearest(u.pos, &enemy), nearest(u.pos, &own)), (Some(e), Some(o)) if e < o))
    });
    if standing.len() > 1 && !pressing {
        causes.push(
            "a standoff: no army has a unit nearer the enemy's properties than its own (a narrow crossing or a line both sides hold)"
                .to_owned(),
        );
    }
    if state.victory.turn_limit.is_none() {
        causes.push("no turn limit".to_owned());
    }
    causes
}
