//! The computer player for Skirm: a greedy choice among the legal actions, scored by what the
//! mission and the fight ask for (points first, then take-outs, then ground gained towards
//! the unit's goal), spending Tactical Orders on re-rolls and on extra actions only where they
//! pay. It reads the state and never the dice, so it changes no roll. Its three sets of rules
//! of thumb are the scripts the framework's turn planner weighs (`crate::game::planner`).

use super::action::{Action, Target};
use super::combat::succeeds;
use super::frame::SquadFrame;
use super::map::Map;
use super::ruleset::{ItemKind, Ruleset, Scoring};
use super::state::{GameState, UnitId};
use super::strike::{Window, target_arm};
use super::{cost, legal_actions, legal_attacks};
use crate::board::Pos;

pub use crate::level::Level;

/// The computer's own next action (its first script).
#[must_use]
pub fn choose(rules: &Ruleset, state: &GameState) -> Option<Action> {
    script_action(rules, state, 0)
}

/// The computer's scripts for the framework's turn planner, its own way first (Easy plays
/// it): Normal's rules of thumb (shots at a wounded unit, re-rolls, delays), the plain rules
/// (no delay, every die accepted, orders spent only on extra actions) and the pressing rules
/// (a faster pace, focused fire, a move weighed with its follow-up).
const SCRIPTS: [(&str, Level); 3] = [("steady", Level::Normal), ("plain", Level::Easy), ("pressing", Level::Hard)];

/// The scripts' names, in their order.
pub const SCRIPT_NAMES: [&str; 3] = [SCRIPTS[0].0, SCRIPTS[1].0, SCRIPTS[2].0];

/// The next action of the script numbered `script` (the first where the number is past them),
/// or `None` when the battle is over.
#[must_use]
pub fn script_action(rules: &Ruleset, state: &GameState, script: usize) -> Option<Action> {
    choose_unstudied(rules, state, level_of(script))
}

/// [`script_action`] with the legal actions of positions already listed in this decision kept
/// in `listed` (the planner's memo, where it searches): the three scripts start from the same
/// copy, and the chosen one starts again from the real position.
pub fn script_action_listed(
    rules: &Ruleset,
    state: &GameState,
    script: usize,
    listed: Option<&mut Listed>,
) -> Option<Action> {
    match listed {
        Some(listed) => choose_among(rules, state, level_of(script), listed.actions(rules, state)),
        None => script_action(rules, state, script),
    }
}

/// The rules of thumb of the script numbered `script` (Normal's where the number is past them).
fn level_of(script: usize) -> Level {
    SCRIPTS.get(script).map_or(Level::Normal, |(_, rules_of)| *rules_of)
}

/// The legal actions of the last few positions a decision's scripts listed, each beside its
/// position (its dice aside: no list reads them). The scripts read the state and never the
/// dice, so a position listed again gets the same list, and a kept list changes no choice.
#[derive(Debug, Default)]
pub struct Listed {
    kept: Vec<(GameState, Vec<Action>)>,
    /// The slot the next new position takes once every slot is used.
    next: usize,
}

/// The positions [`Listed`] keeps: the start and a few steps of each script's turn.
const LISTED_KEPT: usize = 8;

impl Listed {
    /// The legal actions in `state`, listed now unless kept.
    fn actions(&mut self, rules: &Ruleset, state: &GameState) -> &[Action] {
        let found = self.kept.iter_mut().position(|(kept, _)| {
            // The dice are the one part a list never reads: copied in, so the rest is compared.
            kept.dice.clone_from(&state.dice);
            kept == state
        });
        let slot = match found {
            Some(slot) => slot,
            None => {
                let actions = legal_actions(rules, state);
                if self.kept.len() < LISTED_KEPT {
                    self.kept.push((state.clone(), actions));
                    self.kept.len() - 1
                } else {
                    let slot = self.next;
                    self.next = (self.next + 1) % LISTED_KEPT;
                    if let Some(entry) = self.kept.get_mut(slot) {
                        entry.0.copy_from(state);
                        entry.1 = actions;
                    }
                    slot
                }
            }
        };
        self.kept.get(slot).map_or(&[], |(_, actions)| actions.as_slice())
    }
}

/// How far ahead `squad` stands: mission points (what wins), the HIT its units have left
/// against the enemy's, and a little for each unit's way to what it should be doing, the
/// enemy's way counted against it alike.
#[must_use]
pub fn evaluate(rules: &Ruleset, state: &GameState, squad: u8) -> f64 {
    let (me, them) = (usize::from(squad.min(1)), usize::from(1 - squad.min(1)));
    let mut score = 10.0 * (f64::from(state.squads[me].points) - f64::from(state.squads[them].points));
    for (id, unit) in state.units.iter().enumerate() {
        let Some(pos) = unit.pos else { continue };
        let worth = 2.0 * f64::from(unit.hit) - 0.2 * f64::from(goal_distance(rules, state, id, pos));
        score += if unit.squad == squad { worth } else { -worth };
    }
    score
}

/// The action the rules of thumb named by `level` give (see [`SCRIPTS`]).
#[must_use]
pub fn choose_unstudied(rules: &Ruleset, state: &GameState, level: Level) -> Option<Action> {
    choose_among(rules, state, level, &legal_actions(rules, state))
}

/// The action the rules of thumb named by `level` take among `actions`, the legal actions in
/// `state`.
fn choose_among(rules: &Ruleset, state: &GameState, level: Level, actions: &[Action]) -> Option<Action> {
    if actions.is_empty() {
        return None;
    }
    if state.pending.is_some() && level == Level::Easy {
        return Some(Action::Accept);
    }
    if let Some(pending) = &state.pending {
        let arm = target_arm(rules, state, pending.strike.target);
        let squad = pending.decider.unwrap_or(state.to_act);
        let orders = state.squads[usize::from(squad)].orders;
        let bad = |face: u8| match pending.window {
            Window::Attack => !succeeds(face, pending.strike.skill),
            Window::Save => !succeeds(face, arm),
            Window::Heal => {
                !pending.good(&super::roll::Die { face, adjusted: false, rerolled: false, automatic: false }, arm)
            }
        };
        // A failed die one step from success is bought with an order; other failures are
        // re-rolled while a free re-roll (or a spare order) lasts.
        for (die, d) in pending.dice.iter().enumerate() {
            if d.automatic || !bad(d.face) {
                continue;
            }
            let fixed =
                if bad(d.face.saturating_sub(1).max(1)) { None } else { Some(Action::Adjust { die, up: false }) };
            if let Some(action) = fixed.filter(|a| orders > 0 && actions.contains(a)) {
                return Some(action);
            }
            let reroll = Action::Reroll { die };
            if (pending.free_rerolls > 0 || orders > 1) && actions.contains(&reroll) {
                return Some(reroll);
            }
        }
        return Some(Action::Accept);
    }
    let frame = SquadFrame::of(state, state.deciding_squad());
    if state.activation.is_none() {
        // Outnumbered with nothing in reach: let the enemy come on first (Delay).
        if level != Level::Easy
            && actions.contains(&Action::Delay)
            && !actions.iter().any(|a| match a {
                Action::Activate { unit } => activation_priority(rules, state, *unit) >= 50,
                _ => false,
            })
        {
            return Some(Action::Delay);
        }
        return actions
            .iter()
            .filter(|a| matches!(a, Action::Activate { .. }))
            .map(|a| {
                let unit = if let Action::Activate { unit } = a { *unit } else { 0 };
                let at = state.unit(unit).and_then(|u| u.pos);
                ((activation_priority(rules, state, unit), frame.key(at)), a)
            })
            .max_by(|a, b| a.0.cmp(&b.0))
            .map(|(_, a)| a.clone())
            .or_else(|| actions.first().cloned());
    }
    // Ties go by where the action leads in the squad's own frame, never by the order the
    // actions are listed in (which follows the board's rows, so a turned map or the other
    // seat would choose differently).
    actions
        .iter()
        .map(|a| ((score(rules, state, a, level), kind_rank(a), frame.key(anchor(state, a))), a))
        .max_by(|a, b| a.0.cmp(&b.0))
        .map(|(_, a)| a.clone())
}

/// The square an action leads to or aims at, for breaking ties.
fn anchor(state: &GameState, action: &Action) -> Option<Pos> {
    match action {
        Action::Move { to } | Action::Dash { to } | Action::Leap { to } => Some(*to),
        Action::Ranged { targets, .. } | Action::UseTurret { targets } => {
            targets.first().and_then(|&t| super::strike::target_pos(state, t))
        }
        Action::Melee { target, .. } => super::strike::target_pos(state, *target),
        Action::Medkit { target } | Action::Activate { unit: target } => state.unit(*target).and_then(|u| u.pos),
        _ => state.activation.as_ref().and_then(|a| state.unit(a.unit)).and_then(|u| u.pos),
    }
}

/// A fixed order of kinds among actions that score alike (the cheaper move first).
fn kind_rank(action: &Action) -> u8 {
    match action {
        Action::Move { .. } => 9,
        Action::Dash { .. } => 8,
        Action::Leap { .. } => 7,
        Action::EndActivation => 0,
        _ => 5,
    }
}

/// Units that can shoot or strike now go first; then those nearest their goal.
fn activation_priority(rules: &Ruleset, state: &GameState, unit: UnitId) -> i32 {
    let Some(u) = state.unit(unit) else { return i32::MIN };
    let Some(pos) = u.pos else { return i32::MIN };
    let near_enemy = state
        .units
        .iter()
        .filter(|e| e.squad != u.squad)
        .filter_map(|e| e.pos)
        .map(|p| Map::distance(p, pos))
        .min()
        .unwrap_or(99);
    let goal = goal_distance(rules, state, unit, pos);
    let in_range = u.weapons.iter().filter_map(|w| rules.weapon(w)).any(|w| u32::from(w.range) >= near_enemy);
    i32::from(in_range) * 100 - i32::try_from(goal.min(near_enemy)).unwrap_or(99)
}

/// How far the unit is from what it should be doing: its home zone when it carries a marker,
/// else the nearest objective its squad does not hold, marker or crate, else the nearest enemy.
fn goal_distance(rules: &Ruleset, state: &GameState, unit: UnitId, pos: Pos) -> u32 {
    let Some(u) = state.unit(unit) else { return 0 };
    let squad = u.squad;
    let nearest = |squares: &mut dyn Iterator<Item = Pos>| squares.map(|p| Map::distance(p, pos)).min();
    if state.markers.iter().any(|m| m.carrier == Some(unit)) {
        return nearest(&mut state.zones[usize::from(squad)].iter().copied()).unwrap_or(0);
    }
    let mission_done = |o: usize| state.squads[usize::from(squad)].mission_actions.contains(&o);
    let has_action = rules
        .mission(&state.mission)
        .is_some_and(|m| m.scoring.iter().any(|s| matches!(s, Scoring::MissionAction { .. })));
    let mut goals = state
        .objectives
        .iter()
        .enumerate()
        .filter(|&(i, &o)| (has_action && !mission_done(i)) || state.controller(rules, o) != Some(squad))
        .map(|(_, &o)| o)
        .chain(state.markers.iter().filter(|m| m.carrier.is_none() && !m.scored).map(|m| m.pos))
        .chain(state.items.iter().filter(|i| !i.gone && i.kind == ItemKind::Crate).map(|i| i.pos));
    if let Some(d) = nearest(&mut goals) {
        // A unit already holding an objective stays on it.
        if state.objectives.contains(&pos) {
            return 0;
        }
        return d;
    }
    nearest(&mut state.units.iter().filter(|e| e.squad != squad).filter_map(|e| e.pos)).unwrap_or(0)
}

/// Expected HIT an attack takes off a target, in tenths.
fn expected_damage(rules: &Ruleset, state: &GameState, weapon: &str, target: Target, melee: bool) -> i32 {
    let Some(activation) = &state.activation else { return 0 };
    let Some(strike) = super::weapon_strike(rules, state, activation.unit, weapon, target, melee) else {
        return 0;
    };
    let hit_chance = i32::from(strike.skill.clamp(1, 5));
    let arm = i32::from(target_arm(rules, state, target).min(5));
    // (strikes per die x DAM) x (chance a save fails), in tenths.
    let dice = i32::from(strike.dice);
    10 * dice * hit_chance * i32::from(strike.dam) * (6 - arm) / 36
}

fn score(rules: &Ruleset, state: &GameState, action: &Action, level: Level) -> i32 {
    let Some(activation) = &state.activation else { return 0 };
    let unit = activation.unit;
    let Some(u) = state.unit(unit) else { return 0 };
    let Some(pos) = u.pos else { return 0 };
    let cost = i32::from(cost(rules, state, action).unwrap_or(0));
    // Orders are worth keeping for re-rolls: an action paid with them must earn more.
    let orders_spent = (cost - i32::from(activation.act_left)).max(0);
    // A recruit never pays with orders.
    let penalty = match level {
        Level::Easy => orders_spent * 1000,
        Level::Normal => orders_spent * 15,
        Level::Hard => orders_spent * 15,
    };
    let value = match action {
        Action::EndActivation => return 0,
        Action::MissionAction => 200,
        Action::PickUp => 150,
        Action::OpenCrate { .. } => 60,
        Action::Ranged { weapon, targets } if level == Level::Easy => {
            targets.iter().map(|&t| expected_damage(rules, state, weapon, t, false)).sum()
        }
        Action::Ranged { weapon, targets } => targets
            .iter()
            .map(|&t| target_value(rules, state, t, expected_damage(rules, state, weapon, t, false), level))
            .sum(),
        Action::UseTurret { targets } => targets.iter().map(|&t| target_value(rules, state, t, 15, level)).sum(),
        Action::Melee { weapon, target } => {
            target_value(rules, state, *target, expected_damage(rules, state, weapon, *target, true), level)
        }
        Action::Move { to } | Action::Dash { to } | Action::Leap { to } => {
            let before = i32::try_from(goal_distance(rules, state, unit, pos)).unwrap_or(0);
            let after = i32::try_from(goal_distance(rules, state, unit, *to)).unwrap_or(0);
            let pace = if level == Level::Hard { 16 } else { 12 };
            let gain = (before - after) * pace - cost * 2;
            // Hard looks one action ahead: a move that opens a shot or a strike is worth half
            // that attack besides the ground it gains.
            if level == Level::Hard { gain + follow_up(rules, state, unit, *to, action) / 2 } else { gain }
        }
        Action::Medkit { target } => state.unit(*target).map_or(0, |t| i32::from(t.max_hit - t.hit) * 10),
        _ => -1,
    };
    value - penalty
}

/// What the best attack a move opens up is worth with the ACT the move leaves: Hard looks one
/// action ahead, so a move that brings a shot or a strike into reach beats one that only gains
/// ground. Played on a copy of the state, so the real dice are untouched; skipped where no
/// enemy stands within the unit's longest reach of the square (no attack can follow there).
fn follow_up(rules: &Ruleset, state: &GameState, unit: UnitId, to: Pos, action: &Action) -> i32 {
    let Some(mover) = state.unit(unit) else { return 0 };
    let reach = mover.weapons.iter().filter_map(|w| rules.weapon(w)).map(|w| u32::from(w.range.max(1))).max();
    let nearest_enemy =
        state.units.iter().filter(|e| e.squad != mover.squad).filter_map(|e| e.pos).map(|p| Map::distance(p, to)).min();
    if reach.zip(nearest_enemy).is_none_or(|(reach, nearest)| nearest > reach) {
        return 0;
    }
    // Every attack costs an ACT at least, and only ACT pays for the follow-up: a move that
    // spends the last one opens nothing.
    let act_left = state.activation.as_ref().map_or(0, |a| a.act_left);
    if act_left <= cost(rules, state, action).unwrap_or(u8::MAX) {
        return 0;
    }
    // The action was listed for this state a moment ago, so it is made without checking it
    // or searching its path again.
    TRIAL.with(|trial| match trial.try_borrow_mut() {
        Ok(mut trial) => match trial.as_mut() {
            Some(after) => {
                after.copy_from(state);
                best_attack_after(rules, after, action)
            }
            None => best_attack_after(rules, trial.insert(state.clone()), action),
        },
        Err(_) => best_attack_after(rules, &mut state.clone(), action),
    })
}

thread_local! {
    /// The copy [`follow_up`] tries each move on, kept between calls so that its units' names
    /// and lists are written over rather than allocated again: what it holds between two
    /// calls is never read, only overwritten, so it changes no choice.
    static TRIAL: std::cell::RefCell<Option<GameState>> = const { std::cell::RefCell::new(None) };
}

/// The best attack's worth once `action` is made on `after` (a copy of the position).
fn best_attack_after(rules: &Ruleset, after: &mut GameState, action: &Action) -> i32 {
    super::perform::apply_listed(rules, after, action);
    if after.pending.is_some() {
        return 0;
    }
    let Some(act_left) = after.activation.as_ref().map(|a| a.act_left) else { return 0 };
    legal_attacks(rules, after)
        .iter()
        .filter(|a| cost(rules, after, a).is_some_and(|c| c <= act_left))
        .map(|a| score(rules, after, a, Level::Normal))
        .max()
        .unwrap_or(0)
        .max(0)
}

/// What hitting a target is worth: units by the HIT taken off (more when it may fall),
/// barrels by the enemies around them.
fn target_value(rules: &Ruleset, state: &GameState, target: Target, expected: i32, level: Level) -> i32 {
    match target {
        Target::Unit(u) => {
            let hit = state.unit(u).map_or(1, |t| i32::from(t.hit.max(1)));
            // Hard finishes what it started: a unit about to fall is worth more to it.
            let focus = if level == Level::Hard { 14 } else { 10 };
            expected + expected * focus / hit
        }
        Target::Item(i) => {
            let Some(item) = state.items.get(i) else { return 0 };
            let Some(attacker) = state.activation.as_ref().and_then(|a| state.unit(a.unit)) else { return 0 };
            let map = Map::new(&state.board, rules);
            let around = |squad_is_enemy: bool| {
                state
                    .units
                    .iter()
                    .filter(|u| (u.squad != attacker.squad) == squad_is_enemy)
                    .filter_map(|u| u.pos)
                    .filter(|&p| p == item.pos || map.adjacent(p, item.pos))
                    .count()
            };
            let net = i32::try_from(around(true)).unwrap_or(0) - i32::try_from(around(false)).unwrap_or(0);
            if item.kind == ItemKind::Barrel { net * 20 } else { -5 }
        }
        Target::Square(_) => 0,
    }
}
