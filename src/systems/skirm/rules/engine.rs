//! The Skirm engine: starting a battle, checking and applying actions, the game cycle (turns,
//! initiative, Tactical Orders, events, alternate activations with delay, end of turn scoring,
//! secondary objectives, the end of the battle and its medals) and the list of legal actions.
//!
//! `check` refuses with a named reason and changes nothing; `apply` checks first, then
//! changes the state, which cannot fail after the check.

use super::action::{Action, Event, Rejection, RollKind, Target};
use super::map::{Map, Sight, squares_on_line};
use super::ruleset::{
    ItemKind, Medal, Movement, Ruleset, Scoring, SecondaryGoal, UnitSpecial, Weapon, WeaponKind, WeaponSpecial,
};
use super::state::{
    ActionKind, Activation, CrateContent, GameState, Item, Marker, Outcome, Setup, SetupError, SquadState,
    TakeOutMeans, TurnRecord, Unit, UnitId, build_unit,
};
use super::strike::{self, Strike, Window};
use crate::board::{Edge, Pos};
use crate::dice::Dice;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Starts a battle: checks the setup, shuffles each squad's secondary objective deck and plays
/// the start of turn 1.
///
/// # Errors
/// What in the setup cannot be played.
pub fn start_game(rules: &Ruleset, setup: &Setup, seed: u64) -> Result<(GameState, Vec<Event>), SetupError> {
    if rules.mission(&setup.mission).is_none() {
        return Err(SetupError::UnknownMission(setup.mission.clone()));
    }
    if let Some(env) = &setup.environment
        && rules.environment(env).is_none()
    {
        return Err(SetupError::UnknownEnvironment(env.clone()));
    }
    if setup.turns == 0 {
        return Err(SetupError::NoTurns);
    }
    let map = Map::new(&setup.board, rules);
    let mut units = Vec::new();
    let mut taken = BTreeSet::new();
    for (squad, squad_setup) in (0u8..).zip(&setup.squads) {
        if rules.faction(&squad_setup.faction).is_none() {
            return Err(SetupError::UnknownFaction(squad_setup.faction.clone()));
        }
        if squad_setup.units.is_empty() {
            return Err(SetupError::EmptySquad(squad));
        }
        for unit in &squad_setup.units {
            if !setup.board.contains(unit.pos) {
                return Err(SetupError::OffMap(unit.pos));
            }
            if !taken.insert(unit.pos) {
                return Err(SetupError::SharedSquare(unit.pos));
            }
            if map.movement(unit.pos) == Movement::Impassable {
                return Err(SetupError::Impassable(unit.pos));
            }
            units.push(build_unit(rules, &squad_setup.faction, squad, unit)?);
        }
    }
    for &pos in setup.objectives.iter().chain(&setup.markers).chain(setup.items.iter().map(|(p, _)| p)) {
        if !setup.board.contains(pos) {
            return Err(SetupError::OffMap(pos));
        }
    }
    let mut dice = Dice::new(seed);
    let mut events = Vec::new();
    let squads = [0u8, 1].map(|squad| {
        let mut deck: Vec<usize> = (0..rules.secondary_objectives.len()).collect();
        // Fisher-Yates with the game's dice.
        for i in (1..deck.len()).rev() {
            let j = dice.below(i + 1);
            events.push(Event::Die { kind: RollKind::Shuffle, squad: Some(squad), face: u8::try_from(j).unwrap_or(0) });
            deck.swap(i, j);
        }
        let squad_setup = &setup.squads[usize::from(squad)];
        SquadState {
            name: squad_setup.name.clone(),
            faction: squad_setup.faction.clone(),
            orders: 0,
            points: 0,
            deck: deck.into(),
            secondary: None,
            scored: Vec::new(),
            delayed: false,
            record: TurnRecord::default(),
            mission_actions: BTreeSet::new(),
        }
    });
    let mut state = GameState {
        board: setup.board.clone(),
        mission: setup.mission.clone(),
        environment: setup.environment.clone(),
        turn: 0,
        turns: setup.turns,
        units,
        items: setup
            .items
            .iter()
            .map(|(pos, kind)| Item { pos: *pos, kind: kind.clone(), hit: rules.turret_hit, gone: false })
            .collect(),
        markers: setup.markers.iter().map(|&pos| Marker { pos, carrier: None, scored: false }).collect(),
        objectives: setup.objectives.clone(),
        zones: setup.zones.clone(),
        squads,
        initiative: 0,
        to_act: 0,
        extra_activation: false,
        activation: None,
        pending: None,
        queue: VecDeque::new(),
        range_cap: None,
        crate_contents_taken: Vec::new(),
        first_blood: None,
        outcome: Outcome::Ongoing,
        medals: Vec::new(),
        dice,
    };
    start_turn(rules, &mut state, &mut events);
    Ok((state, events))
}

fn roll(state: &mut GameState, kind: RollKind, squad: Option<u8>, events: &mut Vec<Event>) -> u8 {
    let face = state.dice.roll_d6();
    events.push(Event::Die { kind, squad, face });
    face
}

/// The start of a turn: orders reset, secondary objectives drawn, units ready, initiative
/// roll-off, Tactical Orders, the environment's event.
fn start_turn(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    state.turn += 1;
    state.range_cap = None;
    events.push(Event::TurnStarted { turn: state.turn });
    for squad in 0u8..2 {
        let s = &mut state.squads[usize::from(squad)];
        s.orders = 0;
        s.delayed = false;
        s.record = TurnRecord::default();
        s.secondary = s.deck.pop_front();
        if let Some(card) = s.secondary {
            events.push(Event::SecondaryDrawn { squad, card });
        }
    }
    for unit in &mut state.units {
        unit.activated = false;
    }
    // Roll-off: lowest wins, ties rolled again.
    state.initiative = loop {
        let first = roll(state, RollKind::Initiative, Some(0), events);
        let second = roll(state, RollKind::Initiative, Some(1), events);
        if first != second {
            break u8::from(second < first);
        }
        events.push(Event::InitiativeTied);
    };
    events.push(Event::Initiative { squad: state.initiative });
    for squad in 0u8..2 {
        let leaders: u8 = state.standing(squad).filter_map(|u| state.units[u].leader()).sum();
        let dice = rules.tactical_dice.saturating_add(leaders);
        let mut orders = 0u8;
        for _ in 0..dice {
            if roll(state, RollKind::TacticalOrder, Some(squad), events) <= rules.order_faces {
                orders += 1;
            }
        }
        state.squads[usize::from(squad)].orders = orders;
        events.push(Event::TacticalOrders { squad, dice, orders });
    }
    if let Some(environment) = state.environment.as_deref().and_then(|id| rules.environment(id)) {
        let face = roll(state, RollKind::Event, Some(state.initiative), events);
        if let Some(event) = environment.events.iter().find(|e| e.faces.contains(&face)) {
            events.push(Event::EnvironmentEvent { name: event.name.clone() });
            match event.effect {
                super::ruleset::EventEffect::Nothing => {}
                super::ruleset::EventEffect::RangeCap(cap) => state.range_cap = Some(cap),
                super::ruleset::EventEffect::TacticalOrders(change) => {
                    for squad in 0u8..2 {
                        let s = &mut state.squads[usize::from(squad)];
                        s.orders = s.orders.saturating_add_signed(change);
                        events.push(Event::OrdersChanged { squad, orders: s.orders });
                    }
                }
            }
        }
    }
    state.to_act = state.initiative;
    state.extra_activation = false;
    if !state.has_ready(state.to_act) {
        state.to_act = 1 - state.to_act;
    }
    if !state.has_ready(state.to_act) {
        end_turn(rules, state, events);
    }
}

/// The end of a turn: secondary objectives revealed and scored, mission points, orders lost,
/// then the next turn or the end of the battle.
fn end_turn(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    for squad in 0u8..2 {
        let Some(card) = state.squads[usize::from(squad)].secondary.take() else { continue };
        let Some(objective) = rules.secondary_objectives.get(card) else { continue };
        if secondary_met(rules, state, squad, objective.goal) {
            let s = &mut state.squads[usize::from(squad)];
            s.points += u32::from(objective.points);
            s.scored.push(card);
            events.push(Event::SecondaryScored { squad, card });
            events.push(Event::Scored { squad, points: u32::from(objective.points), reason: objective.name.clone() });
        } else {
            state.squads[usize::from(squad)].deck.push_back(card);
        }
    }
    if let Some(mission) = rules.mission(&state.mission) {
        for scoring in &mission.scoring {
            match scoring {
                Scoring::ObjectivesControlled { points } => {
                    for squad in 0u8..2 {
                        let held =
                            state.objectives.iter().filter(|&&o| state.controller(rules, o) == Some(squad)).count();
                        if held > 0 {
                            let points = u32::from(*points) * u32::try_from(held).unwrap_or(0);
                            state.squads[usize::from(squad)].points += points;
                            events.push(Event::Scored { squad, points, reason: format!("{held} objectives held") });
                        }
                    }
                }
                Scoring::CarryMarkerHome { points } => {
                    for index in 0..state.markers.len() {
                        let Some(carrier) = state.markers[index].carrier else { continue };
                        let Some(unit) = state.unit(carrier) else { continue };
                        let (squad, Some(pos)) = (unit.squad, unit.pos) else { continue };
                        if state.zones[usize::from(squad)].contains(&pos) {
                            state.markers[index].scored = true;
                            state.markers[index].carrier = None;
                            state.squads[usize::from(squad)].points += u32::from(*points);
                            events.push(Event::Scored {
                                squad,
                                points: u32::from(*points),
                                reason: "marker carried home".into(),
                            });
                        }
                    }
                }
                Scoring::EnemiesTakenOut { .. } | Scoring::MissionAction { .. } => {}
            }
        }
    }
    for squad in 0u8..2 {
        let s = &mut state.squads[usize::from(squad)];
        if s.orders > 0 {
            events.push(Event::OrdersLost { squad, orders: s.orders });
            s.orders = 0;
        }
    }
    if state.turn >= state.turns {
        finish(rules, state, events);
    } else {
        start_turn(rules, state, events);
    }
}

fn secondary_met(rules: &Ruleset, state: &GameState, squad: u8, goal: SecondaryGoal) -> bool {
    let record = state.squads[usize::from(squad)].record;
    match goal {
        SecondaryGoal::TakeOut(n) => record.taken_out >= n,
        SecondaryGoal::TakeOutLeader => record.leader_taken_out,
        SecondaryGoal::ControlObjectives(n) => {
            state.objectives.iter().filter(|&&o| state.controller(rules, o) == Some(squad)).count() >= usize::from(n)
        }
        SecondaryGoal::OpenCrate => record.crate_opened,
        SecondaryGoal::LoseNoUnit => record.lost == 0,
        SecondaryGoal::TakeOutInMelee => record.melee_take_out,
        SecondaryGoal::EnterEnemyZone => {
            let zone = &state.zones[usize::from(1 - squad)];
            state.standing(squad).any(|u| state.units[u].pos.is_some_and(|p| zone.contains(&p)))
        }
    }
}

/// The end of the battle: the winner on Mission Points and every unit's medals.
fn finish(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    let points = [state.squads[0].points, state.squads[1].points];
    state.outcome = match points[0].cmp(&points[1]) {
        std::cmp::Ordering::Greater => Outcome::Won { squad: 0 },
        std::cmp::Ordering::Less => Outcome::Won { squad: 1 },
        std::cmp::Ordering::Equal => Outcome::Draw,
    };
    let winner = match state.outcome {
        Outcome::Won { squad } => Some(squad),
        _ => None,
    };
    events.push(Event::BattleEnded { winner, points });
    state.medals = (0..state.units.len()).map(|u| medals_of(state, u, winner)).collect();
    for (unit, medals) in state.medals.iter().enumerate() {
        let no_xp = state.units[unit].has(UnitSpecial::NoEquipment);
        for &medal in medals {
            events.push(Event::MedalEarned { unit, medal, xp: if no_xp { 0 } else { rules.medal_xp(medal) } });
        }
    }
}

/// The medals a unit earned in the battle (rules "Squad Progression").
fn medals_of(state: &GameState, id: UnitId, winner: Option<u8>) -> Vec<Medal> {
    let unit = &state.units[id];
    let victim_is_leader = |v: UnitId| state.unit(v).is_some_and(|u| u.leader().is_some());
    let took_out_our_leader =
        |v: UnitId| state.unit(v).is_some_and(|u| u.take_outs.iter().any(|t| victim_is_leader(t.victim)));
    let count = |means: &[TakeOutMeans]| unit.take_outs.iter().filter(|t| means.contains(&t.means)).count();
    let standing = unit.pos.is_some();
    let squad_standing = state.standing(unit.squad).count();
    let mut per_turn: BTreeMap<u8, usize> = BTreeMap::new();
    for t in &unit.take_outs {
        *per_turn.entry(t.turn).or_default() += 1;
    }
    let earned = [
        (Medal::Assassin, unit.take_outs.iter().any(|t| victim_is_leader(t.victim))),
        (Medal::Avenger, unit.take_outs.iter().any(|t| took_out_our_leader(t.victim))),
        (Medal::Berserker, count(&[TakeOutMeans::Melee]) >= 3),
        (Medal::Bloodthirsty, per_turn.values().any(|&n| n >= 2)),
        (Medal::FirstBlood, state.first_blood == Some(id)),
        (Medal::GearedUp, count(&[TakeOutMeans::Equipment]) > 0),
        (Medal::LastStanding, standing && squad_standing == 1),
        (Medal::Merciless, unit.take_outs.iter().any(|t| t.overkill >= 2)),
        (Medal::Marksman, count(&[TakeOutMeans::Ranged, TakeOutMeans::Equipment]) >= 3),
        (Medal::Resourceful, count(&[TakeOutMeans::Item]) > 0),
        (Medal::Scavenger, unit.opened_crate),
        (Medal::Untouchable, standing && unit.hit == unit.max_hit),
        (Medal::Veteran, standing),
        (Medal::Victor, winner == Some(unit.squad)),
    ];
    earned.into_iter().filter(|(_, yes)| *yes).map(|(m, _)| m).collect()
}

/// The action kind an action is paid as, with its weapon.
fn kind_of(action: &Action) -> Option<ActionKind> {
    Some(match action {
        Action::Move { .. } => ActionKind::Move,
        Action::Dash { .. } => ActionKind::Dash,
        Action::Leap { .. } => ActionKind::Leap,
        Action::Ranged { .. } => ActionKind::Ranged,
        Action::Melee { .. } => ActionKind::Melee,
        Action::UseTurret { .. } => ActionKind::Turret,
        Action::Door { .. } => ActionKind::Door,
        Action::PickUp | Action::Drop => ActionKind::PickUpDrop,
        Action::OpenCrate { .. } => ActionKind::OpenCrate,
        Action::Medkit { .. } => ActionKind::Medkit,
        Action::MissionAction => ActionKind::Mission,
        _ => return None,
    })
}

/// The mission's action, if it has one: its name, ACT cost and points.
fn mission_action(rules: &Ruleset, state: &GameState) -> Option<(String, u8, u8)> {
    rules.mission(&state.mission)?.scoring.iter().find_map(|s| match s {
        Scoring::MissionAction { name, cost, points } => Some((name.clone(), *cost, *points)),
        _ => None,
    })
}

/// What an action costs in ACT now: its listed cost, one more per earlier use in this
/// activation (the second attack of a 2MC or 2RC unit or weapon excepted, and a turret's every
/// use), HVY's extra ACT, TCH's one less.
#[must_use]
pub fn cost(rules: &Ruleset, state: &GameState, action: &Action) -> Option<u8> {
    let kind = kind_of(action)?;
    let activation = state.activation.as_ref()?;
    let unit = state.unit(activation.unit)?;
    let weapon = match action {
        Action::Ranged { weapon, .. } | Action::Melee { weapon, .. } => rules.weapon(weapon),
        _ => None,
    };
    let weapon_has = |s: WeaponSpecial| weapon.is_some_and(|w| w.specials.contains(&s));
    let uses = activation.uses.get(&kind).copied().unwrap_or(0);
    let base = match kind {
        ActionKind::Leap => 2,
        ActionKind::Mission => mission_action(rules, state).map_or(1, |(_, cost, _)| cost),
        _ => 1,
    };
    let double = match kind {
        ActionKind::Melee => {
            unit.has(UnitSpecial::DoubleMelee)
                || activation.double_melee_weapon
                || weapon_has(WeaponSpecial::DoubleMelee)
        }
        ActionKind::Ranged => {
            unit.has(UnitSpecial::DoubleRanged)
                || activation.double_ranged_weapon
                || weapon_has(WeaponSpecial::DoubleRanged)
        }
        _ => false,
    };
    let repeats = match kind {
        ActionKind::Turret => 0,
        _ if double && uses == 1 => 0,
        _ => uses,
    };
    let mut total = base + repeats;
    if kind == ActionKind::Ranged && weapon_has(WeaponSpecial::Heavy) && activation.moved {
        total += 1;
    }
    if kind == ActionKind::Move && activation.fired_heavy {
        total += 1;
    }
    if kind == ActionKind::Mission && unit.has(UnitSpecial::Technician) && !activation.technician_used {
        total = total.saturating_sub(1);
    }
    Some(total)
}

fn swift(unit: &Unit) -> u32 {
    u32::from(unit.has(UnitSpecial::Swift))
}

/// Whether a standing enemy of `squad` is adjacent to `pos`.
fn enemy_adjacent(rules: &Ruleset, state: &GameState, pos: Pos, squad: u8) -> bool {
    let map = Map::new(&state.board, rules);
    state.units.iter().filter(|u| u.squad != squad).filter_map(|u| u.pos).any(|p| map.adjacent(p, pos))
}

/// Where a target stands.
fn target_pos(state: &GameState, target: Target) -> Option<Pos> {
    match target {
        Target::Unit(u) => state.unit(u)?.pos,
        Target::Item(i) => state.items.get(i).filter(|i| !i.gone).map(|i| i.pos),
        Target::Square(p) => state.board.contains(p).then_some(p),
    }
}

/// Whether a target is an enemy unit, an attackable item (barrel, turret) or (for a Blast
/// weapon) an empty square.
fn target_kind_ok(state: &GameState, squad: u8, target: Target, weapon: &Weapon) -> Result<Pos, Rejection> {
    match target {
        Target::Unit(u) => {
            let unit = state.unit(u).ok_or(Rejection::NoSuchTarget)?;
            if unit.squad == squad {
                return Err(Rejection::NoSuchTarget);
            }
            unit.pos.ok_or(Rejection::NoSuchTarget)
        }
        Target::Item(i) => {
            let item = state.items.get(i).filter(|i| !i.gone).ok_or(Rejection::NoSuchTarget)?;
            if item.kind == ItemKind::Crate {
                return Err(Rejection::NoSuchTarget);
            }
            Ok(item.pos)
        }
        Target::Square(p) => {
            if !weapon.specials.contains(&WeaponSpecial::Blast)
                || !state.board.contains(p)
                || state.unit_at(p).is_some()
                || state.item_at(p).is_some()
            {
                return Err(Rejection::NotASquareTarget);
            }
            Ok(p)
        }
    }
}

/// Whether a squadmate of `unit` (not the unit itself) stands adjacent to `pos`: it forbids a
/// ranged attack on that target and gives a melee attack its support.
fn squadmate_next_to(map: &Map<'_>, state: &GameState, unit: UnitId, pos: Pos) -> bool {
    let Some(squad) = state.unit(unit).map(|u| u.squad) else { return false };
    state
        .units
        .iter()
        .enumerate()
        .filter(|&(i, u)| u.squad == squad && i != unit)
        .filter_map(|(_, u)| u.pos)
        .any(|p| map.adjacent(p, pos))
}

/// Checks a ranged target (rule "Select Target"): not adjacent, in range (and under this
/// turn's cap), in sight, no squadmate adjacent to it; and no enemy adjacent to the attacker.
fn check_ranged_target(
    rules: &Ruleset,
    state: &GameState,
    sight: &Sight<'_>,
    attacker: UnitId,
    weapon: &Weapon,
    target: Target,
) -> Result<(), Rejection> {
    let unit = state.unit(attacker).ok_or(Rejection::NoSuchUnit(attacker))?;
    let from = unit.pos.ok_or(Rejection::NotReady(attacker))?;
    let to = target_kind_ok(state, unit.squad, target, weapon)?;
    let map = Map::new(&state.board, rules);
    if map.adjacent(from, to) || from == to {
        return Err(Rejection::TargetAdjacent);
    }
    let range = state.range_cap.map_or(weapon.range, |cap| cap.min(weapon.range));
    let distance = Map::distance(from, to);
    if distance > u32::from(range) {
        return Err(Rejection::OutOfRange { distance, range });
    }
    if !sight.sees(from, to) {
        return Err(Rejection::NotInSight);
    }
    if squadmate_next_to(&map, state, attacker, to) {
        return Err(Rejection::SquadmateNextToTarget);
    }
    Ok(())
}

/// The attack one weapon makes on one target, all modifiers worked out: SKx, +SK, CAM, DLS,
/// AHx and melee support, cover (cancelled by high ground, NCV and Blast), BRx/PRx re-rolls,
/// RLT, RND, DDx, STN.
#[must_use]
pub fn weapon_strike(
    rules: &Ruleset,
    state: &GameState,
    attacker: UnitId,
    weapon_id: &str,
    target: Target,
    melee: bool,
) -> Option<Strike> {
    let unit = state.unit(attacker)?;
    let weapon = rules.weapon(weapon_id)?;
    let from = unit.pos?;
    let to = target_pos(state, target)?;
    let has = |s: WeaponSpecial| weapon.specials.contains(&s);
    let mut skill = weapon
        .special(|s| if let WeaponSpecial::Skill(x) = s { Some(x) } else { None })
        .unwrap_or(if melee { unit.msk } else { unit.rsk });
    if has(WeaponSpecial::ImproveSkill) {
        skill = (skill + 1).min(rules.max_skill.max(skill));
    }
    let target_unit = match target {
        Target::Unit(u) => state.unit(u),
        _ => None,
    };
    if !melee && target_unit.is_some_and(|t| t.has(UnitSpecial::Camouflage)) && Map::distance(from, to) >= 4 {
        skill = skill.saturating_sub(1).max(2).min(skill);
    }
    if melee && target_unit.is_some_and(|t| t.has(UnitSpecial::Duellist)) {
        skill = skill.saturating_sub(1).max(1);
    }
    let map = Map::new(&state.board, rules);
    let support = melee && squadmate_next_to(&map, state, attacker, to);
    let autohit = weapon.special(|s| if let WeaponSpecial::Autohit(x) = s { Some(x) } else { None }).unwrap_or(0);
    let cover = !melee && !has(WeaponSpecial::NoCover) && !has(WeaponSpecial::Blast) && {
        let figures: Vec<Pos> = state.figures().iter().map(|f| f.pos).collect();
        Sight::new(map, &figures).in_cover(from, to)
    };
    let rerolls = if melee {
        unit.special(|s| if let UnitSpecial::Brutal(x) = s { Some(x) } else { None }).unwrap_or(0)
            + weapon.special(|s| if let WeaponSpecial::Brutal(x) = s { Some(x) } else { None }).unwrap_or(0)
    } else {
        unit.special(|s| if let UnitSpecial::Precise(x) = s { Some(x) } else { None }).unwrap_or(0)
            + weapon.special(|s| if let WeaponSpecial::Precise(x) = s { Some(x) } else { None }).unwrap_or(0)
    };
    Some(Strike {
        attacker: Some(attacker),
        weapon: Some(weapon.id.clone()),
        target,
        dice: weapon.roa,
        flat_damage: 0,
        skill,
        dam: weapon.dam,
        rending: has(WeaponSpecial::Rending),
        automatic: autohit.saturating_add(u8::from(support)),
        deadly: weapon.special(|s| if let WeaponSpecial::Deadly(x) = s { Some(x) } else { None }).unwrap_or(0),
        cover,
        attack_rerolls: rerolls,
        relentless: has(WeaponSpecial::Relentless),
        stun: has(WeaponSpecial::Stun),
        melee,
        primary: true,
        counter: false,
        means: if melee {
            TakeOutMeans::Melee
        } else if weapon.equipment {
            TakeOutMeans::Equipment
        } else {
            TakeOutMeans::Ranged
        },
    })
}

/// Every attack a ranged shot makes: the targets chosen (Spread shares the dice between them),
/// then Blast's units around the target that it can see, Chain Reaction's enemies next to it,
/// Linear's units on the line. Secondary targets with Blast Shield are spared.
fn ranged_strikes(
    rules: &Ruleset,
    state: &GameState,
    attacker: UnitId,
    weapon: &Weapon,
    targets: &[Target],
) -> Vec<Strike> {
    let mut strikes = Vec::new();
    let count = u8::try_from(targets.len()).unwrap_or(u8::MAX).max(1);
    for (index, &target) in targets.iter().enumerate() {
        if matches!(target, Target::Square(_)) {
            continue;
        }
        if let Some(mut strike) = weapon_strike(rules, state, attacker, &weapon.id, target, false) {
            let share = weapon.roa / count + u8::from(u8::try_from(index).unwrap_or(u8::MAX) < weapon.roa % count);
            strike.dice = share;
            strike.automatic = strike.automatic.min(share);
            strikes.push(strike);
        }
    }
    let Some(&primary) = targets.first() else { return strikes };
    let Some(centre) = target_pos(state, primary) else { return strikes };
    let Some(from) = state.unit(attacker).and_then(|u| u.pos) else { return strikes };
    let squad = state.units[attacker].squad;
    let map = Map::new(&state.board, rules);
    let mut secondary: Vec<UnitId> = Vec::new();
    if weapon.specials.contains(&WeaponSpecial::Blast) {
        let figures: Vec<Pos> = state.figures().iter().map(|f| f.pos).collect();
        let sight = Sight::new(map, &figures);
        secondary.extend(state.units.iter().enumerate().filter_map(|(i, u)| {
            let p = u.pos?;
            (i != attacker && map.adjacent(p, centre) && sight.sees(centre, p)).then_some(i)
        }));
    }
    if let Some(x) = weapon.special(|s| if let WeaponSpecial::ChainReaction(x) = s { Some(x) } else { None }) {
        secondary.extend(
            state
                .units
                .iter()
                .enumerate()
                .filter(|(i, u)| u.squad != squad && u.pos.is_some_and(|p| map.adjacent(p, centre)) && *i != attacker)
                .map(|(i, _)| i)
                .filter(|&i| targets.first() != Some(&Target::Unit(i)))
                .take(usize::from(x)),
        );
    }
    if weapon.specials.contains(&WeaponSpecial::Linear) && state.board.height_at(from) == state.board.height_at(centre)
    {
        for square in squares_on_line(from, centre) {
            if let Some(unit) = state.unit_at(square) {
                secondary.push(unit);
            }
        }
    }
    let mut seen: BTreeSet<UnitId> =
        targets.iter().filter_map(|t| if let Target::Unit(u) = t { Some(*u) } else { None }).collect();
    for unit in secondary {
        if !seen.insert(unit) || state.units[unit].has(UnitSpecial::BlastShield) {
            continue;
        }
        if let Some(mut strike) = weapon_strike(rules, state, attacker, &weapon.id, Target::Unit(unit), false) {
            strike.primary = false;
            strike.cover = false;
            strikes.push(strike);
        }
    }
    strikes
}

fn active_unit(state: &GameState) -> Result<(UnitId, &Unit, Pos), Rejection> {
    let activation = state.activation.as_ref().ok_or(Rejection::NoActivation)?;
    let unit = state.unit(activation.unit).ok_or(Rejection::NoSuchUnit(activation.unit))?;
    let pos = unit.pos.ok_or(Rejection::NotReady(activation.unit))?;
    Ok((activation.unit, unit, pos))
}

/// The squares a move can end on, with their costs.
fn reach(rules: &Ruleset, state: &GameState, unit: &Unit, from: Pos, budget: u32) -> Vec<(Pos, u32)> {
    Map::new(&state.board, rules).reach(unit.mover(), from, unit.squad, &state.figures(), budget)
}

/// Whether a leap from `from` to `to` is a straight line within `reach` squares over
/// passable squares, landing on a free one ([house]: it passes over walls, heights, difficult
/// squares and figures alike).
fn leap_ok(rules: &Ruleset, state: &GameState, from: Pos, to: Pos, reach: u8) -> bool {
    let (dx, dy) = (i32::from(to.x) - i32::from(from.x), i32::from(to.y) - i32::from(from.y));
    let steps = dx.abs().max(dy.abs());
    if steps == 0 || steps > i32::from(reach) || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
        return false;
    }
    let map = Map::new(&state.board, rules);
    let (sx, sy) = (dx.signum(), dy.signum());
    (1..=steps).all(|k| map.step(from, sx * k, sy * k).is_some_and(|p| map.movement(p) != Movement::Impassable))
        && state.unit_at(to).is_none()
}

fn heal_amount(face: u8, die: u8) -> u8 {
    // 1Dn from a d6: the face scaled to n, rounded up (1D3: 1-2 -> 1, 3-4 -> 2, 5-6 -> 3).
    let scaled = (u16::from(face) * u16::from(die)).div_ceil(6);
    u8::try_from(scaled).unwrap_or(u8::MAX)
}

/// Checks an action without changing anything.
///
/// # Errors
/// The named reason the rules refuse it.
pub fn check(rules: &Ruleset, state: &GameState, action: &Action) -> Result<(), Rejection> {
    if state.outcome != Outcome::Ongoing {
        return Err(Rejection::GameOver);
    }
    if let Some(pending) = &state.pending {
        let squad = pending.decider.unwrap_or(state.to_act);
        let orders = state.squads[usize::from(squad)].orders;
        return match action {
            Action::Accept => Ok(()),
            Action::Reroll { die } => {
                let d = pending.dice.get(*die).ok_or(Rejection::NoSuchDie(*die))?;
                if d.automatic {
                    return Err(Rejection::NotRolled(*die));
                }
                if d.rerolled {
                    return Err(Rejection::AlreadyRerolled(*die));
                }
                if pending.free_rerolls == 0 && orders == 0 {
                    return Err(Rejection::NoOrders);
                }
                Ok(())
            }
            Action::Adjust { die, up } => {
                let d = pending.dice.get(*die).ok_or(Rejection::NoSuchDie(*die))?;
                if d.automatic {
                    return Err(Rejection::NotRolled(*die));
                }
                if orders == 0 {
                    return Err(Rejection::NoOrders);
                }
                if (*up && d.face >= 6) || (!*up && d.face <= 1) {
                    return Err(Rejection::FaceOutOfRange);
                }
                Ok(())
            }
            _ => Err(Rejection::RollPending),
        };
    }
    match action {
        Action::Accept | Action::Reroll { .. } | Action::Adjust { .. } => return Err(Rejection::NoRollPending),
        Action::Activate { unit } => {
            if state.activation.is_some() {
                return Err(Rejection::ActivationUnderway);
            }
            let u = state.unit(*unit).ok_or(Rejection::NoSuchUnit(*unit))?;
            if u.squad != state.to_act {
                return Err(Rejection::NotYourUnit(*unit));
            }
            if u.activated || u.pos.is_none() {
                return Err(Rejection::NotReady(*unit));
            }
            return Ok(());
        }
        Action::Delay => {
            if state.activation.is_some() {
                return Err(Rejection::ActivationUnderway);
            }
            let squad = state.to_act;
            let mine = state.standing(squad).count();
            let theirs = state.standing(1 - squad).count();
            if state.squads[usize::from(squad)].delayed || mine + 2 > theirs || !state.has_ready(1 - squad) {
                return Err(Rejection::CannotDelay);
            }
            return Ok(());
        }
        Action::EndActivation => {
            return state.activation.as_ref().map(|_| ()).ok_or(Rejection::NoActivation);
        }
        _ => {}
    }
    let (id, unit, pos) = active_unit(state)?;
    let activation = state.activation.as_ref().ok_or(Rejection::NoActivation)?;
    let map = Map::new(&state.board, rules);
    match action {
        Action::Move { to } | Action::Dash { to } => {
            let squares = if matches!(action, Action::Move { .. }) { rules.move_squares } else { rules.dash_squares };
            let budget = u32::from(squares) + swift(unit);
            if !reach(rules, state, unit, pos, budget).iter().any(|(p, _)| p == to) {
                return Err(Rejection::Unreachable(*to));
            }
        }
        Action::Leap { to } => {
            let x = unit.special(|s| if let UnitSpecial::Leap(x) = s { Some(x) } else { None });
            let x = x.ok_or(Rejection::CannotLeap)?;
            if !leap_ok(rules, state, pos, *to, x) {
                return Err(Rejection::BadLeap(*to));
            }
        }
        Action::Ranged { weapon, targets } => {
            if !unit.weapons.contains(weapon) {
                return Err(Rejection::NoSuchWeapon(weapon.clone()));
            }
            let w = rules.weapon(weapon).ok_or_else(|| Rejection::NoSuchWeapon(weapon.clone()))?;
            if w.kind != WeaponKind::Ranged {
                return Err(Rejection::WrongWeapon(weapon.clone()));
            }
            if unit.spent.contains(weapon) {
                return Err(Rejection::WeaponSpent(weapon.clone()));
            }
            check_ranged_attack(rules, state, id, pos, w, targets)?;
        }
        Action::UseTurret { targets } => {
            let turret = state
                .item_at(pos)
                .and_then(|i| match &state.items[i].kind {
                    ItemKind::Turret(kind) => rules.turret(kind),
                    _ => None,
                })
                .ok_or(Rejection::NoTurret)?;
            let w = rules.weapon(&turret.weapon).ok_or(Rejection::NoTurret)?;
            check_ranged_attack(rules, state, id, pos, w, targets)?;
        }
        Action::Melee { weapon, target } => {
            if !unit.weapons.contains(weapon) {
                return Err(Rejection::NoSuchWeapon(weapon.clone()));
            }
            let w = rules.weapon(weapon).ok_or_else(|| Rejection::NoSuchWeapon(weapon.clone()))?;
            if w.kind != WeaponKind::Melee && !w.specials.contains(&WeaponSpecial::MeleeRanged) {
                return Err(Rejection::WrongWeapon(weapon.clone()));
            }
            if unit.spent.contains(weapon) {
                return Err(Rejection::WeaponSpent(weapon.clone()));
            }
            if matches!(target, Target::Square(_)) {
                return Err(Rejection::NotASquareTarget);
            }
            let to = target_kind_ok(state, unit.squad, *target, w)?;
            if !map.adjacent(pos, to) {
                return Err(Rejection::TargetNotAdjacent);
            }
        }
        Action::Door { edge } => {
            let ours = Edge::sides(pos).contains(edge);
            if !ours || state.board.edge(*edge).and_then(|f| f.door).is_none() {
                return Err(Rejection::NoDoor);
            }
        }
        Action::PickUp => {
            let carrying = state.markers.iter().any(|m| m.carrier == Some(id));
            let here = state.markers.iter().any(|m| m.carrier.is_none() && !m.scored && m.pos == pos);
            if carrying || !here {
                return Err(Rejection::NoMarker);
            }
        }
        Action::Drop if !state.markers.iter().any(|m| m.carrier == Some(id)) => {
            return Err(Rejection::NotCarrying);
        }
        Action::OpenCrate { content } => {
            let crate_here = state.item_at(pos).is_some_and(|i| state.items[i].kind == ItemKind::Crate);
            if !crate_here {
                return Err(Rejection::NoCrate);
            }
            let refill_needed = *content == CrateContent::AmmoRefill && unit.spent.is_empty();
            if state.crate_contents_taken.contains(content) || refill_needed {
                return Err(Rejection::ContentUnavailable(*content));
            }
        }
        Action::Medkit { target } => {
            if unit.medkit.is_none() {
                return Err(Rejection::NoMedkit);
            }
            let patient = state.unit(*target).ok_or(Rejection::NoSuchUnit(*target))?;
            let close = patient.pos.is_some_and(|p| p == pos || map.adjacent(p, pos));
            if patient.squad != unit.squad || !close || patient.hit >= patient.max_hit {
                return Err(Rejection::CannotHeal(*target));
            }
        }
        Action::MissionAction => {
            let objective = state.objectives.iter().position(|&o| o == pos);
            let done = objective.is_none_or(|o| state.squads[usize::from(unit.squad)].mission_actions.contains(&o));
            if mission_action(rules, state).is_none() || done {
                return Err(Rejection::NoMissionAction);
            }
        }
        _ => {}
    }
    let cost = cost(rules, state, action).unwrap_or(0);
    let orders = state.squads[usize::from(unit.squad)].orders;
    if u32::from(cost) > u32::from(activation.act_left) + u32::from(orders) {
        return Err(Rejection::NotEnoughActions { cost, act: activation.act_left, orders });
    }
    Ok(())
}

fn check_ranged_attack(
    rules: &Ruleset,
    state: &GameState,
    attacker: UnitId,
    from: Pos,
    weapon: &Weapon,
    targets: &[Target],
) -> Result<(), Rejection> {
    let spread = weapon.specials.contains(&WeaponSpecial::Spread);
    if targets.is_empty() || (targets.len() > 1 && !spread) || targets.len() > usize::from(weapon.roa) {
        return Err(Rejection::BadTargets);
    }
    let unique: BTreeSet<&Target> = targets.iter().collect();
    if unique.len() != targets.len() {
        return Err(Rejection::BadTargets);
    }
    let squad = state.units[attacker].squad;
    if enemy_adjacent(rules, state, from, squad) {
        return Err(Rejection::EnemyAdjacent);
    }
    let map = Map::new(&state.board, rules);
    // [house] A Linear weapon fires through units: it strikes every unit on its line.
    let figures: Vec<Pos> = if weapon.specials.contains(&WeaponSpecial::Linear) {
        Vec::new()
    } else {
        state.figures().iter().map(|f| f.pos).collect()
    };
    let sight = Sight::new(map, &figures);
    for &target in targets {
        check_ranged_target(rules, state, &sight, attacker, weapon, target)?;
    }
    if targets.len() > 1 {
        let squares: Vec<Pos> = targets.iter().filter_map(|&t| target_pos(state, t)).collect();
        let linked = squares.iter().all(|&a| squares.iter().any(|&b| a != b && map.adjacent(a, b)));
        if !linked {
            return Err(Rejection::SpreadApart);
        }
    }
    Ok(())
}

/// Checks and applies an action.
///
/// # Errors
/// The named reason the rules refuse it; the state is then unchanged.
pub fn apply(rules: &Ruleset, state: &mut GameState, action: &Action) -> Result<Vec<Event>, Rejection> {
    check(rules, state, action)?;
    let mut events = Vec::new();
    perform(rules, state, action, &mut events);
    strike::run(rules, state, &mut events);
    // An activation ends by itself when its unit is taken out and nothing is left to roll.
    if state.pending.is_none()
        && state.queue.is_empty()
        && let Some(activation) = &state.activation
        && state.unit(activation.unit).is_none_or(|u| u.pos.is_none())
    {
        end_activation(rules, state, &mut events);
    }
    Ok(events)
}

/// Pays an action: ACT first, then Tactical Orders ([house]: ACT left at the end of an
/// activation is lost while orders serve the whole squad, so ACT is always the better coin).
fn pay(rules: &Ruleset, state: &mut GameState, action: &Action, events: &mut Vec<Event>) {
    let Some(kind) = kind_of(action) else { return };
    let cost = cost(rules, state, action).unwrap_or(0);
    let Some(activation) = state.activation.as_mut() else { return };
    let act = cost.min(activation.act_left);
    activation.act_left -= act;
    let orders = cost - act;
    *activation.uses.entry(kind).or_default() += 1;
    let squad = state.units[activation.unit].squad;
    let s = &mut state.squads[usize::from(squad)];
    s.orders = s.orders.saturating_sub(orders);
    events.push(Event::Paid { action: kind, act, orders });
}

fn perform(rules: &Ruleset, state: &mut GameState, action: &Action, events: &mut Vec<Event>) {
    match action {
        Action::Accept => {
            strike::close(rules, state, events);
            return;
        }
        Action::Reroll { die } => {
            let Some(pending) = state.pending.as_mut() else { return };
            let order = pending.free_rerolls == 0;
            if order {
                let squad = pending.decider.unwrap_or(state.to_act);
                let s = &mut state.squads[usize::from(squad)];
                s.orders = s.orders.saturating_sub(1);
            } else {
                pending.free_rerolls -= 1;
            }
            let kind = if pending.window == Window::Attack { RollKind::Attack } else { RollKind::Save };
            let squad = pending.decider;
            let face = state.dice.roll_d6();
            events.push(Event::Die { kind, squad, face });
            events.push(Event::Rerolled { die: *die, face, order });
            if let Some(d) = state.pending.as_mut().and_then(|p| p.dice.get_mut(*die)) {
                *d = strike::Die { face, adjusted: false, rerolled: true, automatic: false };
            }
            return;
        }
        Action::Adjust { die, up } => {
            let Some(pending) = state.pending.as_mut() else { return };
            let squad = pending.decider.unwrap_or(state.to_act);
            if let Some(d) = pending.dice.get_mut(*die) {
                d.face = if *up { d.face + 1 } else { d.face - 1 };
                d.adjusted = true;
                events.push(Event::Adjusted { die: *die, face: d.face });
            }
            let s = &mut state.squads[usize::from(squad)];
            s.orders = s.orders.saturating_sub(1);
            return;
        }
        Action::Activate { unit } => {
            let u = &mut state.units[*unit];
            let act = if u.stunned { u.act.saturating_sub(1).max(2).min(u.act) } else { u.act };
            u.stunned = false;
            state.activation = Some(Activation {
                unit: *unit,
                act_left: act,
                uses: BTreeMap::new(),
                moved: false,
                fired_heavy: false,
                double_melee_weapon: false,
                double_ranged_weapon: false,
                technician_used: false,
            });
            events.push(Event::Activated { unit: *unit, act });
            return;
        }
        Action::Delay => {
            let squad = state.to_act;
            state.squads[usize::from(squad)].delayed = true;
            state.to_act = 1 - squad;
            state.extra_activation = true;
            events.push(Event::Delayed { squad });
            return;
        }
        Action::EndActivation => {
            end_activation(rules, state, events);
            return;
        }
        _ => {}
    }
    pay(rules, state, action, events);
    let Some(activation) = state.activation.clone() else { return };
    let id = activation.unit;
    let Some(pos) = state.units[id].pos else { return };
    let squad = state.units[id].squad;
    match action {
        Action::Move { to } | Action::Dash { to } | Action::Leap { to } => {
            let moving = &state.units[id];
            let cost = match action {
                Action::Leap { .. } => Map::distance(pos, *to),
                _ => {
                    let squares =
                        if matches!(action, Action::Move { .. }) { rules.move_squares } else { rules.dash_squares };
                    let budget = u32::from(squares) + swift(moving);
                    reach(rules, state, moving, pos, budget).iter().find(|(p, _)| p == to).map_or(0, |(_, c)| *c)
                }
            };
            state.units[id].pos = Some(*to);
            if let (Action::Move { .. }, Some(a)) = (action, state.activation.as_mut()) {
                a.moved = true;
            }
            events.push(Event::Moved { unit: id, from: pos, to: *to, cost });
        }
        Action::Ranged { weapon, targets } => {
            let Some(w) = rules.weapon(weapon) else { return };
            if let Some(a) = state.activation.as_mut() {
                a.fired_heavy |= w.specials.contains(&WeaponSpecial::Heavy);
                a.double_ranged_weapon |= w.specials.contains(&WeaponSpecial::DoubleRanged);
            }
            if w.specials.contains(&WeaponSpecial::Limited) {
                state.units[id].spent.insert(weapon.clone());
                state.units[id].ever_spent.insert(weapon.clone());
            }
            let strikes = ranged_strikes(rules, state, id, w, targets);
            strike::attack(rules, state, strikes, events);
        }
        Action::UseTurret { targets } => {
            let Some(weapon) = state.item_at(pos).and_then(|i| match &state.items[i].kind {
                ItemKind::Turret(kind) => rules.turret(kind).and_then(|t| rules.weapon(&t.weapon)),
                _ => None,
            }) else {
                return;
            };
            let mut strikes = ranged_strikes(rules, state, id, weapon, targets);
            for s in &mut strikes {
                s.means = TakeOutMeans::Item;
            }
            strike::attack(rules, state, strikes, events);
        }
        Action::Melee { weapon, target } => {
            let Some(w) = rules.weapon(weapon) else { return };
            if let Some(a) = state.activation.as_mut() {
                a.double_melee_weapon |= w.specials.contains(&WeaponSpecial::DoubleMelee);
            }
            if w.specials.contains(&WeaponSpecial::Limited) {
                state.units[id].spent.insert(weapon.clone());
                state.units[id].ever_spent.insert(weapon.clone());
            }
            let strikes: Vec<Strike> = weapon_strike(rules, state, id, weapon, *target, true).into_iter().collect();
            strike::attack(rules, state, strikes, events);
        }
        Action::Door { edge } => {
            if let Some(mut feature) = state.board.edge(*edge).copied()
                && let Some(door) = feature.door.as_mut()
            {
                door.open = !door.open;
                let open = door.open;
                let _ = state.board.set_edge(*edge, Some(feature));
                events.push(Event::Door { edge: *edge, open });
            }
        }
        Action::PickUp => {
            if let Some(index) = state.markers.iter().position(|m| m.carrier.is_none() && !m.scored && m.pos == pos) {
                state.markers[index].carrier = Some(id);
                events.push(Event::PickedUp { unit: id, marker: index });
            }
        }
        Action::Drop => {
            if let Some(index) = state.markers.iter().position(|m| m.carrier == Some(id)) {
                state.markers[index].carrier = None;
                state.markers[index].pos = pos;
                events.push(Event::Dropped { marker: index, pos });
            }
        }
        Action::OpenCrate { content } => {
            if let Some(index) = state.item_at(pos) {
                state.items[index].gone = true;
            }
            state.crate_contents_taken.push(*content);
            state.units[id].opened_crate = true;
            state.squads[usize::from(squad)].record.crate_opened = true;
            events.push(Event::CrateOpened { unit: id, content: *content });
            match content {
                CrateContent::MissionPoint => {
                    state.squads[usize::from(squad)].points += 1;
                    events.push(Event::Scored { squad, points: 1, reason: "crate".into() });
                }
                CrateContent::MedPack => heal(state, id, rules.crate_heal_die, events),
                CrateContent::AmmoRefill => {
                    if let Some(weapon) = state.units[id].spent.pop_first() {
                        events.push(Event::Refilled { unit: id, weapon });
                    }
                }
                CrateContent::TacticalOrder => {
                    let s = &mut state.squads[usize::from(squad)];
                    s.orders = s.orders.saturating_add(1);
                    events.push(Event::OrdersChanged { squad, orders: s.orders });
                }
            }
        }
        Action::Medkit { target } => {
            let die = state.units[id].medkit.take().unwrap_or(0);
            heal(state, *target, die, events);
        }
        Action::MissionAction => {
            let Some((name, _, points)) = mission_action(rules, state) else { return };
            if let Some(objective) = state.objectives.iter().position(|&o| o == pos) {
                let unit_is_technician = state.units[id].has(UnitSpecial::Technician);
                if let Some(a) = state.activation.as_mut() {
                    a.technician_used |= unit_is_technician;
                }
                let s = &mut state.squads[usize::from(squad)];
                s.mission_actions.insert(objective);
                s.points += u32::from(points);
                events.push(Event::MissionAction { squad, objective });
                events.push(Event::Scored { squad, points: u32::from(points), reason: name });
            }
        }
        _ => {}
    }
}

fn heal(state: &mut GameState, unit: UnitId, die: u8, events: &mut Vec<Event>) {
    let squad = state.units[unit].squad;
    let face = roll(state, RollKind::Heal, Some(squad), events);
    let u = &mut state.units[unit];
    let hits = heal_amount(face, die).min(u.max_hit - u.hit);
    u.hit += hits;
    events.push(Event::Healed { unit, hits });
}

/// Ends the activation under way and passes to the next squad: alternately, the other squad
/// twice in a row after a delay, the same squad while the other has nobody ready, the end of
/// the turn when nobody is.
fn end_activation(rules: &Ruleset, state: &mut GameState, events: &mut Vec<Event>) {
    let Some(activation) = state.activation.take() else { return };
    let unit = activation.unit;
    state.units[unit].activated = true;
    events.push(Event::ActivationEnded { unit });
    let current = state.units[unit].squad;
    let extra = std::mem::take(&mut state.extra_activation);
    state.to_act = if extra && state.has_ready(current) {
        current
    } else if state.has_ready(1 - current) {
        1 - current
    } else {
        current
    };
    if !state.has_ready(state.to_act) {
        end_turn(rules, state, events);
    }
}

/// Every action the rules allow now, in a fixed order. A Spread weapon is listed against
/// single targets and adjacent pairs; a Blast weapon against units, items and the empty squares
/// next to an enemy.
#[must_use]
pub fn legal_actions(rules: &Ruleset, state: &GameState) -> Vec<Action> {
    let mut out = Vec::new();
    if state.outcome != Outcome::Ongoing {
        return out;
    }
    if let Some(pending) = &state.pending {
        out.push(Action::Accept);
        for die in 0..pending.dice.len() {
            for action in [Action::Reroll { die }, Action::Adjust { die, up: false }, Action::Adjust { die, up: true }]
            {
                if check(rules, state, &action).is_ok() {
                    out.push(action);
                }
            }
        }
        return out;
    }
    let Some(activation) = &state.activation else {
        out.extend(
            state
                .units
                .iter()
                .enumerate()
                .filter(|(_, u)| u.squad == state.to_act && u.pos.is_some() && !u.activated)
                .map(|(unit, _)| Action::Activate { unit }),
        );
        if check(rules, state, &Action::Delay).is_ok() {
            out.push(Action::Delay);
        }
        return out;
    };
    let Ok((id, unit, pos)) = active_unit(state) else { return out };
    let affordable = |action: &Action| {
        let cost = cost(rules, state, action).unwrap_or(0);
        u32::from(cost) <= u32::from(activation.act_left) + u32::from(state.squads[usize::from(unit.squad)].orders)
    };
    let mut candidates = Vec::new();
    for (dash, squares) in [(false, rules.move_squares), (true, rules.dash_squares)] {
        let probe = if dash { Action::Dash { to: pos } } else { Action::Move { to: pos } };
        if !affordable(&probe) {
            continue;
        }
        for (to, _) in reach(rules, state, unit, pos, u32::from(squares) + swift(unit)) {
            out.push(if dash { Action::Dash { to } } else { Action::Move { to } });
        }
    }
    if let Some(x) = unit.special(|s| if let UnitSpecial::Leap(x) = s { Some(x) } else { None })
        && affordable(&Action::Leap { to: pos })
    {
        let map = Map::new(&state.board, rules);
        for (dx, dy) in [(0, -1), (-1, 0), (1, 0), (0, 1), (-1, -1), (1, -1), (-1, 1), (1, 1)] {
            for k in 1..=i32::from(x) {
                if let Some(to) = map.step(pos, dx * k, dy * k)
                    && leap_ok(rules, state, pos, to, x)
                {
                    out.push(Action::Leap { to });
                }
            }
        }
    }
    let map = Map::new(&state.board, rules);
    let enemies: Vec<Target> = state
        .units
        .iter()
        .enumerate()
        .filter(|(_, u)| u.squad != unit.squad && u.pos.is_some())
        .map(|(i, _)| Target::Unit(i))
        .chain(
            state
                .items
                .iter()
                .enumerate()
                .filter(|(_, i)| !i.gone && i.kind != ItemKind::Crate)
                .map(|(i, _)| Target::Item(i)),
        )
        .collect();
    let mut ranged_weapons: Vec<(Option<String>, &Weapon)> = unit
        .weapons
        .iter()
        .filter_map(|id| rules.weapon(id))
        .filter(|w| w.kind == WeaponKind::Ranged)
        .map(|w| (Some(w.id.clone()), w))
        .collect();
    if let Some(turret) = state.item_at(pos).and_then(|i| match &state.items[i].kind {
        ItemKind::Turret(kind) => rules.turret(kind).and_then(|t| rules.weapon(&t.weapon)),
        _ => None,
    }) {
        ranged_weapons.push((None, turret));
    }
    // Ranged attacks are listed from one sight computation per kind of line (through units
    // or not), each target checked once; the pairs and squares are built from checked targets.
    let enemy_close = enemy_adjacent(rules, state, pos, unit.squad);
    let figures: Vec<Pos> = state.figures().iter().map(|f| f.pos).collect();
    let sight = Sight::new(map, &figures);
    let open_sight = Sight::new(map, &[]);
    for (id_or_turret, weapon) in ranged_weapons {
        let probe = match &id_or_turret {
            Some(w) => Action::Ranged { weapon: w.clone(), targets: Vec::new() },
            None => Action::UseTurret { targets: Vec::new() },
        };
        let spent = id_or_turret.as_ref().is_some_and(|w| unit.spent.contains(w));
        if enemy_close || spent || !affordable(&probe) {
            continue;
        }
        let make = |targets: Vec<Target>| match &id_or_turret {
            Some(w) => Action::Ranged { weapon: w.clone(), targets },
            None => Action::UseTurret { targets },
        };
        let lines = if weapon.specials.contains(&WeaponSpecial::Linear) { &open_sight } else { &sight };
        let valid = |t: Target| check_ranged_target(rules, state, lines, id, weapon, t).is_ok();
        let targets: Vec<Target> = enemies.iter().copied().filter(|&t| valid(t)).collect();
        out.extend(targets.iter().map(|&t| make(vec![t])));
        if weapon.specials.contains(&WeaponSpecial::Spread) && weapon.roa >= 2 {
            for (i, &a) in targets.iter().enumerate() {
                for &b in &targets[i + 1..] {
                    if let (Some(pa), Some(pb)) = (target_pos(state, a), target_pos(state, b))
                        && map.adjacent(pa, pb)
                    {
                        out.push(make(vec![a, b]));
                    }
                }
            }
        }
        if weapon.specials.contains(&WeaponSpecial::Blast) {
            let mut squares = BTreeSet::new();
            for &t in &enemies {
                if let (Target::Unit(_), Some(p)) = (t, target_pos(state, t)) {
                    squares.extend(map.around(p).filter(|&q| state.unit_at(q).is_none() && state.item_at(q).is_none()));
                }
            }
            out.extend(squares.into_iter().map(Target::Square).filter(|&t| valid(t)).map(|t| make(vec![t])));
        }
    }
    for weapon in unit.weapons.iter().filter_map(|id| rules.weapon(id)) {
        if weapon.kind == WeaponKind::Melee || weapon.specials.contains(&WeaponSpecial::MeleeRanged) {
            for &target in &enemies {
                if target_pos(state, target).is_some_and(|p| map.adjacent(pos, p)) {
                    candidates.push(Action::Melee { weapon: weapon.id.clone(), target });
                }
            }
        }
    }
    for edge in Edge::sides(pos) {
        candidates.push(Action::Door { edge });
    }
    candidates.push(Action::PickUp);
    candidates.push(Action::Drop);
    for content in CrateContent::ALL {
        candidates.push(Action::OpenCrate { content });
    }
    for target in std::iter::once(id).chain(state.units.iter().enumerate().filter(|(i, _)| *i != id).map(|(i, _)| i)) {
        if unit.medkit.is_some() {
            candidates.push(Action::Medkit { target });
        }
    }
    candidates.push(Action::MissionAction);
    out.extend(candidates.into_iter().filter(|a| check(rules, state, a).is_ok()));
    out.push(Action::EndActivation);
    out
}
