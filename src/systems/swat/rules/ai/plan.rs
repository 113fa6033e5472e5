//! The computer player's choice of one action: finish the unit under way, else plan each unit
//! (powers, captures, trades, retreats, advances along goal fields), else buy.

use super::*;

pub(super) fn action_with(rules: &Ruleset, state: &GameState, policy: &Policy) -> Action {
    if state.outcome != Outcome::Ongoing {
        return Action::EndTurn;
    }
    for level in [PowerLevel::SuperPower, PowerLevel::Power] {
        let action = Action::UsePower { level };
        if check(rules, state, &action).is_ok() {
            return action;
        }
    }
    if state.phase == Phase::MoveAndAttack {
        if let Some(active) = state.active_unit.and_then(|id| state.unit(id))
            && let Some(action) = finish_active(rules, state, active, policy)
        {
            return action;
        }
        let mut ready: Vec<&Unit> = state
            .units
            .iter()
            .filter(|u| u.owner == state.current && u.carried_by.is_none() && u.status == Status::Ready)
            .collect();
        if !policy.order.is_board() {
            ready.sort_by_key(|u| policy.order.key(u.pos));
            if !policy.style.front_first {
                ready.reverse();
            }
            // Fighters first, capturers after: a square cleared this turn (a unit just built
            // on a besieged factory, say) is still there to step onto. Transports last, so a
            // capturer may board one before it drives off.
            ready.sort_by_key(|u| (rules.unit(u.kind).transport.is_some(), rules.unit(u.kind).captures));
        }
        for unit in ready {
            if let Some(action) = plan_unit(rules, state, unit, policy) {
                return action;
            }
        }
    }
    if let Some(action) = purchase(rules, state, policy) {
        return action;
    }
    Action::EndTurn
}

/// After a move: fire if worth it, capture if standing on a target, unload passengers.
pub(super) fn finish_active(rules: &Ruleset, state: &GameState, unit: &Unit, policy: &Policy) -> Option<Action> {
    if unit.status != Status::Moved && unit.status != Status::Unloading {
        return None;
    }
    let card = rules.unit(unit.kind);
    if unit.status == Status::Moved {
        if card.captures && state.property_at(rules, unit.pos).is_some() && state.owner_at(unit.pos) != Some(unit.owner)
        {
            return Some(Action::Capture { unit: unit.id });
        }
        if !card.is_indirect()
            && let Some((_, _, target)) = best_attack(rules, state, unit, &[unit.pos], policy)
        {
            return Some(Action::Attack { unit: unit.id, target });
        }
    }
    if card.transport.is_some() {
        let choices = LegalChoices::of_unit(rules, state, unit.id);
        let targets = capture_targets(rules, state, unit.owner);
        let mut best: Option<(u32, [i64; 6], Action)> = None;
        for index in 0..choices.len() {
            if let Some(action @ Action::Unload { to, .. }) = choices.action(index) {
                let distance = policy.order.nearest(to, &targets).map_or(u32::MAX, |(d, _)| d);
                let key = if policy.order.is_board() { [0; 6] } else { policy.order.key(to) };
                if distance <= 4 && best.as_ref().is_none_or(|(d, k, _)| (distance, key) < (*d, *k)) {
                    best = Some((distance, key, action));
                }
            }
        }
        return best.map(|(_, _, action)| action);
    }
    None
}

/// What one ready unit does first this turn, or `None` to leave it where it is.
pub(super) fn plan_unit(rules: &Ruleset, state: &GameState, unit: &Unit, policy: &Policy) -> Option<Action> {
    let order = &policy.order;
    let card = rules.unit(unit.kind);
    let here_capturable =
        card.captures && state.property_at(rules, unit.pos).is_some() && state.owner_at(unit.pos) != Some(unit.owner);
    if here_capturable {
        return Some(Action::Capture { unit: unit.id });
    }
    let reach = reachable(rules, state, unit);
    let destinations: Vec<(Pos, u32)> = reach.destinations().filter(|(p, _)| !reach.boards(*p)).collect();
    let move_to = |to: Pos| reach.path_to(to).map(|path| Action::Move { unit: unit.id, path });
    // Badly hurt: back to an own property to repair, if one can be reached. Normal and Hard
    // never repair on an own factory: a unit parked there stops the army building, and on a
    // map with one factory each, armies that both repair there stop building for good.
    let repairs_at = |p: Pos| {
        state.owner_at(p) == Some(unit.owner)
            && state.property_at(rules, p).is_some_and(|kind| policy.threat.is_none() || kind != PropertyKind::Factory)
    };
    if f32::from(unit.hp) <= f32::from(rules.economy.max_hp) * policy.style.retreat_below {
        if repairs_at(unit.pos) {
            return None;
        }
        if let Some((to, _)) =
            destinations.iter().filter(|(p, _)| repairs_at(*p)).min_by_key(|(p, cost)| (*cost, order.key(*p)))
        {
            return move_to(*to);
        }
    }
    // A capturer that can reach a property not its own goes there (and captures next).
    if card.captures
        && let Some((to, _)) = destinations
            .iter()
            .filter(|(p, _)| state.property_at(rules, *p).is_some() && state.owner_at(*p) != Some(unit.owner))
            .min_by_key(|(p, cost)| (state.property_at(rules, *p) != Some(PropertyKind::Hq), *cost, order.key(*p)))
    {
        return move_to(*to);
    }
    // In a long game a direct fighter of Normal and Hard that stands on an enemy factory holds
    // it (the enemy cannot build there) and fires only from where it stands.
    let sieging = siege(policy, state) && !card.captures && !card.is_indirect() && card.firepower.is_some();
    // It makes way for an own capturer next to the factory, which takes it this turn
    // (fighters act before capturers).
    let capturer_waits = unit.pos.neighbours(state.board.width, state.board.height).any(|p| {
        state
            .unit_at(p)
            .is_some_and(|u| u.owner == unit.owner && rules.unit(u.kind).captures && u.status == Status::Ready)
    });
    let holds_factory = sieging && enemy_factory(rules, state, unit.owner, unit.pos) && !capturer_waits;
    // Attack where the trade is good: indirect units from where they stand, direct ones from
    // any square they can reach.
    if card.firepower.is_some() {
        let squares: Vec<Pos> = if card.is_indirect() || holds_factory {
            vec![unit.pos]
        } else {
            std::iter::once(unit.pos).chain(destinations.iter().map(|(p, _)| *p)).collect()
        };
        if let Some((_, from, target)) = best_attack(rules, state, unit, &squares, policy) {
            return if from == unit.pos { Some(Action::Attack { unit: unit.id, target }) } else { move_to(from) };
        }
    }
    // Capturers head for the nearest property not their own; step onto it if they can.
    let goals: Vec<Pos> = if card.captures || card.transport.is_some() {
        capture_targets(rules, state, unit.owner)
    } else {
        state
            .units
            .iter()
            .filter(|t| t.carried_by.is_none() && is_enemy(state, unit.owner, t.owner))
            .map(|t| t.pos)
            .collect()
    };
    let goals = if goals.is_empty() { capture_targets(rules, state, unit.owner) } else { goals };
    // A war of attrition ends when one army can no longer build: in a long game direct
    // fighters go for the enemy's factories and stand on them.
    let goals = if sieging {
        let factories: Vec<Pos> = state
            .board
            .squares()
            .filter(|&p| enemy_factory(rules, state, unit.owner, p))
            .filter(|&p| state.unit_at(p).is_none_or(|u| u.owner != unit.owner || u.id == unit.id))
            .filter(|&p| !(p == unit.pos && capturer_waits))
            .collect();
        if factories.is_empty() { goals } else { factories }
    } else {
        goals
    };
    // In a long game Normal and Hard send capturers for the enemy's factories and HQs: an
    // army that can no longer build can be finished.
    let goals = if policy.threat.is_some() && state.round > 30 && card.captures {
        let vital: Vec<Pos> = goals
            .iter()
            .copied()
            .filter(|&p| {
                matches!(state.property_at(rules, p), Some(PropertyKind::Factory | PropertyKind::Hq))
                    && state.owner_at(p).is_some_and(|o| is_enemy(state, unit.owner, o))
            })
            .collect();
        if vital.is_empty() { goals } else { vital }
    } else {
        goals
    };
    // Normal and Hard measure the way to a goal over the terrain the unit can cross (water
    // and mountains in between are not a shortcut); Easy, and a unit with no way by land,
    // count squares.
    let field = policy.threat.as_ref().map(|_| policy.goal_field(rules, state, unit.kind, &goals));
    let field = field.filter(|f| at(f, state, unit.pos) != u32::MAX);
    let distance_to_goal = |p: Pos| match &field {
        Some(f) => at(f, state, p),
        None => order.nearest(p, &goals).map_or(u32::MAX, |(d, _)| d),
    };
    let current = distance_to_goal(unit.pos);
    if current == u32::MAX {
        return None;
    }
    // Normal and Hard ride where it wins time: a capturer more than two turns' walk from its
    // goal boards an own transport it can reach this turn; the transport, moving after it,
    // carries it toward the targets and sets it down near one.
    if card.captures && policy.threat.is_some() && current > 2 * u32::from(card.movement) {
        let ride = reach
            .destinations()
            .filter(|(p, _)| reach.boards(*p))
            .min_by_key(|&(p, cost)| (distance_to_goal(p), cost, order.key(p)));
        if let Some((to, _)) = ride {
            return move_to(to);
        }
    }
    let free_goal = |p: Pos| goals.contains(&p) && state.unit_at(p).is_none();
    let best = destinations
        .iter()
        .map(|&(p, cost)| {
            let distance = distance_to_goal(p);
            // Normal and Hard count the HP the square may cost as extra distance (Easy's
            // danger is always 0): a caution of 12 sixths makes 2 HP at risk one square.
            let danger = policy.danger(rules, state, unit, p);
            // Standing on a goal beats standing next to it; then nearer (and safer), then cheaper.
            (u32::from(!free_goal(p) || !card.captures), policy.risky(distance, danger), danger, cost, order.key(p), p)
        })
        .min()?;
    let (not_on_goal, distance, _, _, _, to) = best;
    // Stay unless the move brings it nearer, reckoned the same way (with the danger where it
    // stands now). Normal and Hard never stay on an own factory, though: a unit parked there
    // stops the army building.
    let here = policy.risky(current, policy.danger(rules, state, unit, unit.pos));
    let blocks_factory = policy.threat.is_some()
        && state.property_at(rules, unit.pos) == Some(PropertyKind::Factory)
        && state.owner_at(unit.pos) == Some(unit.owner);
    if not_on_goal == 1 && distance >= here && !blocks_factory {
        return None;
    }
    move_to(to)
}

/// The cost of the cheapest way from each square to the nearest of `goals` for a unit of
/// `kind`, over terrain alone (units move; terrain stays), row by row; `u32::MAX` where no
/// way leads.
pub(super) fn goal_field(rules: &Ruleset, state: &GameState, kind: UnitKindId, goals: &[Pos]) -> Vec<u32> {
    let (width, height) = (usize::from(state.board.width), usize::from(state.board.height));
    // What stepping onto each square costs this unit, looked up once; 0 where it cannot.
    let enter: Vec<u8> = state
        .board
        .squares()
        .map(|p| rules.move_cost(kind, state.board.terrain_at(p)).map_or(0, |c| c.max(1)))
        .collect();
    let mut field = vec![u32::MAX; enter.len()];
    // Dial's buckets: the step costs are small whole numbers, so a list per total cost
    // replaces a heap (this runs a few times every turn, so squares are plain indices).
    let mut buckets: Vec<Vec<usize>> = vec![Vec::new()];
    for &goal in goals {
        let index = state.board.index(goal);
        if let Some(slot) = field.get_mut(index) {
            *slot = 0;
            buckets[0].push(index);
        }
    }
    let mut cost = 0usize;
    while cost < buckets.len() {
        let here_list = std::mem::take(&mut buckets[cost]);
        for &here in &here_list {
            if field[here] as usize != cost {
                continue;
            }
            // Stepping from a neighbour onto `here` costs what `here`'s terrain costs.
            let step = enter[here];
            if step == 0 {
                continue;
            }
            let through = cost + usize::from(step);
            let (x, y) = (here % width, here / width);
            if buckets.len() <= through {
                buckets.resize_with(through + 1, Vec::new);
            }
            let mut relax = |next: usize| {
                if enter[next] != 0 && (through as u32) < field[next] {
                    field[next] = through as u32;
                    buckets[through].push(next);
                }
            };
            // Up, left, right, down, as `Pos::neighbours` orders them.
            if y > 0 {
                relax(here - width);
            }
            if x > 0 {
                relax(here - 1);
            }
            if x + 1 < width {
                relax(here + 1);
            }
            if y + 1 < height {
                relax(here + width);
            }
        }
        cost += 1;
    }
    field
}

/// A square's value in a field worked out by [`goal_field`].
pub(super) fn at(field: &[u32], state: &GameState, p: Pos) -> u32 {
    field.get(state.board.index(p)).copied().unwrap_or(u32::MAX)
}

/// What to buy: capturers while there are few, one transport where the properties to take lie
/// far from the factory, otherwise the unit kind the army has least of (relative to a
/// wished-for mix), the dearest affordable first.
pub(super) fn purchase(rules: &Ruleset, state: &GameState, policy: &Policy) -> Option<Action> {
    let me = state.current;
    let funds = state.player(me).funds;
    let factory = state
        .board
        .squares()
        .filter(|&p| {
            state.property_at(rules, p) == Some(PropertyKind::Factory)
                && state.owner_at(p) == Some(me)
                && state.unit_at(p).is_none()
        })
        .min_by_key(|&p| policy.order.key(p))?;
    let kinds: Vec<UnitKindId> = (0..rules.units.len()).filter_map(|k| u8::try_from(k).ok()).map(UnitKindId).collect();
    let count = |kind: UnitKindId| state.units.iter().filter(|u| u.owner == me && u.kind == kind).count();
    let army = state.units.iter().filter(|u| u.owner == me).count();
    let capturers = state.units.iter().filter(|u| u.owner == me && rules.unit(u.kind).captures).count();
    let affordable = |kind: &UnitKindId| {
        build_cost(rules, state, me, *kind) <= funds
            && rules.unit(*kind).transport.is_none()
            && state.counters_left(rules, me, *kind) != Some(0)
    };
    // Normal and Hard, with funds piling up (a factory builds one unit a turn, and infantry
    // lost at a narrow crossing is replaced one a turn while the income outruns it): its few
    // capturers will do, and the money goes on fighters that can force the crossing.
    let dearest = rules.units.iter().map(|card| card.cost).max().unwrap_or(0);
    let rich = policy.threat.is_some() && funds >= 2 * dearest;
    // Normal and Hard: enemies that could strike the factory next turn call for the best
    // fighter the funds buy, not another capturer to lose.
    let besieged = policy.threat.as_ref().is_some_and(|threat| !threat.at(state.board.index(factory)).is_empty());
    // Normal and Hard: where the nearest property to take is more than three turns' walk from
    // the factory and the army has no transport yet, one APC carries the capturers there.
    let walk = kinds.iter().filter(|k| rules.unit(**k).captures).map(|k| u32::from(rules.unit(*k).movement)).max();
    let far_to_take = walk.is_some_and(|walk| {
        let targets = capture_targets(rules, state, me);
        policy.order.nearest(factory, &targets).is_some_and(|(distance, _)| distance > 3 * walk)
    });
    let transports = state.units.iter().filter(|u| u.owner == me && rules.unit(u.kind).transport.is_some()).count();
    let ride =
        (policy.threat.is_some() && !besieged && far_to_take && transports == 0 && capturers >= policy.style.capturers)
            .then(|| {
                kinds
                    .iter()
                    .copied()
                    .filter(|k| {
                        rules.unit(*k).transport.is_some()
                            && build_cost(rules, state, me, *k) <= funds
                            && state.counters_left(rules, me, *k) != Some(0)
                    })
                    .min_by_key(|k| (rules.unit(*k).cost, k.0))
            })
            .flatten();
    // Normal and Hard, rich in a game with a turn limit: one capturer will do. The game ends at
    // the limit whatever happens, and its tie-break counts what the enemy destroyed (medals,
    // after cities; or unit value), so infantry bought one a turn and fed into a crossing only
    // pays the enemy. Without a limit capturers are what ends a long game, so the usual number stays
    // (generated island map 8360: Normal lost 39 of 40 to Easy this way, every game at the
    // limit with the cities even).
    let wanted_capturers = if rich && state.victory.turn_limit.is_some() { 1 } else { policy.style.capturers };
    let pick = if let Some(apc) = ride {
        Some(apc)
    } else if besieged {
        kinds
            .iter()
            .copied()
            .filter(|k| rules.unit(*k).firepower.is_some() && !rules.unit(*k).is_indirect() && affordable(k))
            .max_by_key(|k| (rules.unit(*k).cost, std::cmp::Reverse(k.0)))
    } else if capturers < wanted_capturers || (!rich && capturers * 5 < army * 2) {
        kinds
            .iter()
            .copied()
            .filter(|k| rules.unit(*k).captures && affordable(k))
            .max_by_key(|k| (rules.unit(*k).movement, std::cmp::Reverse(k.0)))
    } else {
        // Rich, with fewer indirect units than half its fighters: the dearest indirect unit.
        // Two armies that each build one unit a turn and feed it into the other's fire trade
        // one for one for ever; fire that draws no counter-attack breaks the even trade.
        let fighters = state.units.iter().filter(|u| u.owner == me && rules.unit(u.kind).firepower.is_some()).count();
        let indirects = state.units.iter().filter(|u| u.owner == me && rules.unit(u.kind).is_indirect()).count();
        let wants_indirect = rich && indirects * 2 < fighters;
        let indirect = kinds
            .iter()
            .copied()
            .filter(|k| wants_indirect && rules.unit(*k).firepower.is_some() && rules.unit(*k).is_indirect())
            .filter(|k| affordable(k))
            .max_by_key(|k| (rules.unit(*k).cost, std::cmp::Reverse(k.0)));
        indirect.or_else(|| {
            kinds.iter().copied().filter(|k| rules.unit(*k).firepower.is_some() && affordable(k)).min_by_key(|k| {
                (count(*k) * 4 / (1 + rules.unit(*k).cost as usize / 4), std::cmp::Reverse(rules.unit(*k).cost), k.0)
            })
        })
    }?;
    Some(Action::Buy { factory, kind: pick })
}
