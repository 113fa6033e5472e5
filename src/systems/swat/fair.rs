//! Skirmish Wars' edit space for the balance lab's suggestions: starting funds, a unit taken
//! off the army ahead or starting a quarter or half damaged, one more for the army behind, a neutral city given to the army behind
//! or a city of the army ahead made neutral, and the CO of the army ahead taken away. Every edit keeps the
//! scenario valid: a new unit stands on a free square of the terrain its model stands on.

use super::rules::{CoChoice, Pos, PropertyKind, Ruleset};
use super::scenario::{Scenario, ScenarioUnit};
use crate::game::{Aim, Edit, edits::steps};

/// Funds steps go no further than this (the house ruleset's dearest unit costs 16).
const MOST_FUNDS_STEP: i64 = 16;

/// The edits toward `aim`, each a copy of the scenario with one change.
#[must_use]
pub fn edits(rules: &Ruleset, scenario: &Scenario, aim: &Aim) -> Vec<Edit<Scenario>> {
    let mut out = unmarked_edits(rules, scenario, aim);
    crate::game::edits::mark_changes(&mut out, scenario, changed_places);
    out
}

/// Where an edit changes the board: each unit added or changed where it stands, each taken off
/// where it stood (see [`crate::game::edits::changed_places`]), and each property whose owner
/// changed.
fn changed_places(before: &Scenario, after: &Scenario) -> Vec<crate::game::Place> {
    let square = |p: Pos| crate::game::Place::Square(p.x, p.y);
    let mut marks = crate::game::edits::changed_places(&before.units, &after.units, |u| vec![square(u.pos)]);
    let properties = before.owners.keys().chain(after.owners.keys());
    marks.extend(properties.filter(|p| before.owners.get(p) != after.owners.get(p)).map(|&p| square(p)));
    marks
}

/// The edits toward `aim`, their marks not yet filled.
fn unmarked_edits(rules: &Ruleset, scenario: &Scenario, aim: &Aim) -> Vec<Edit<Scenario>> {
    let names = scenario.seat_names();
    let name = |seat: u8| names.get(usize::from(seat)).cloned().unwrap_or_else(|| format!("seat {}", seat + 1));
    let symmetric = scenario.symmetry.is_some();
    let mut out = if aim.first_mover_wins.is_some() { first_move_edits(scenario) } else { Vec::new() };
    let mut push = |words: String, place: Option<String>, weight: f64, edited: Scenario| {
        out.push(Edit {
            words,
            place,
            changes: 1,
            weight,
            breaks_symmetry: symmetric,
            marks: Vec::new(),
            scenario: edited,
        });
    };
    for &seat in &aim.behind {
        let Some(player) = scenario.players.get(usize::from(seat)) else { continue };
        let worth = army_worth(rules, scenario, seat).max(1) as f64;
        for step in steps(1, MOST_FUNDS_STEP) {
            let mut edited = scenario.clone();
            edited.players[usize::from(seat)].funds += step;
            let words = format!("{} starts with ${} in place of ${}", name(seat), player.funds + step, player.funds);
            push(words, None, step as f64 / worth, edited);
        }
        for (model, at) in extra_units(rules, scenario, seat) {
            let mut edited = scenario.clone();
            let cost = unit_cost(rules, &model.kind);
            edited.units.push(ScenarioUnit {
                kind: model.kind.clone(),
                owner: seat,
                hp: model.hp,
                pos: at,
                passengers: Vec::new(),
            });
            let words = format!("{} gets one more {} at {at}", name(seat), kind_name(rules, &model.kind));
            push(words, Some(at.to_string()), f64::from(cost) / worth, edited);
        }
        for city in nearest_neutral_cities(rules, scenario, seat) {
            let mut edited = scenario.clone();
            edited.owners.insert(city, seat);
            let income = f64::from(rules.economy.income_of(PropertyKind::City));
            push(
                format!("{} owns the city at {city} from the start", name(seat)),
                Some(city.to_string()),
                income / worth,
                edited,
            );
        }
    }
    for &seat in &aim.ahead {
        let Some(player) = scenario.players.get(usize::from(seat)) else { continue };
        let worth = army_worth(rules, scenario, seat).max(1) as f64;
        for step in steps(1, MOST_FUNDS_STEP.min(player.funds)) {
            let mut edited = scenario.clone();
            edited.players[usize::from(seat)].funds -= step;
            let words = format!("{} starts with ${} in place of ${}", name(seat), player.funds - step, player.funds);
            push(words, None, step as f64 / worth, edited);
        }
        for (index, unit) in scenario.units.iter().enumerate().filter(|(_, u)| u.owner == seat) {
            let mut edited = scenario.clone();
            edited.units.remove(index);
            let carried: u32 = unit.passengers.iter().map(|p| unit_cost(rules, &p.kind)).sum();
            let cost = unit_cost(rules, &unit.kind) + carried;
            let what = if unit.passengers.is_empty() {
                format!("{} at {} is", kind_name(rules, &unit.kind), unit.pos)
            } else {
                format!("{} at {} and the units it carries are", kind_name(rules, &unit.kind), unit.pos)
            };
            push(
                format!("{}'s {what} taken off", name(seat)),
                Some(unit.pos.to_string()),
                f64::from(cost) / worth,
                edited,
            );
        }
        // A unit starting damaged: a step between the unit as it is and the unit taken off.
        for (index, unit) in scenario.units.iter().enumerate().filter(|(_, u)| u.owner == seat) {
            let max = rules.economy.max_hp.max(1);
            for lost in [max / 4, max / 2] {
                if lost == 0 || unit.hp <= lost {
                    continue;
                }
                let mut edited = scenario.clone();
                edited.units[index].hp = unit.hp - lost;
                let words = format!(
                    "{}'s {} at {} starts with {} HP in place of {}",
                    name(seat),
                    kind_name(rules, &unit.kind),
                    unit.pos,
                    unit.hp - lost,
                    unit.hp
                );
                let weight = f64::from(unit_cost(rules, &unit.kind)) * f64::from(lost) / f64::from(max) / worth;
                push(words, Some(unit.pos.to_string()), weight, edited);
            }
        }
        // A city it owns from the start made neutral: less income, the same army.
        for city in owned_cities(rules, scenario, seat) {
            let mut edited = scenario.clone();
            edited.owners.remove(&city);
            let income = f64::from(rules.economy.income_of(PropertyKind::City));
            push(
                format!("The city at {city} starts neutral, not {}'s", name(seat)),
                Some(city.to_string()),
                income / worth,
                edited,
            );
        }
        // The CO taken away (each CO may be picked once, so the army behind's cannot be given).
        if let CoChoice::Chosen(co) = &player.co {
            let co_name =
                |id: &str| rules.cos.iter().find(|c| c.id == id).map_or_else(|| id.to_owned(), |c| c.name.clone());
            let mut edited = scenario.clone();
            edited.players[usize::from(seat)].co = CoChoice::NoCo;
            push(format!("{} plays without a CO (in place of {})", name(seat), co_name(co)), None, 0.25, edited);
        }
    }
    out
}

/// Edits toward an even first move, kept symmetric (the lab moves each army first in turn): the
/// turn limit two or four rounds either way, and more starting funds for every army (an army
/// that can buy at once answers the first move sooner).
fn first_move_edits(scenario: &Scenario) -> Vec<Edit<Scenario>> {
    let mut out = Vec::new();
    let mut push = |words: String, weight: f64, edited: Scenario| {
        out.push(Edit {
            words,
            place: None,
            changes: 1,
            weight,
            breaks_symmetry: false,
            marks: Vec::new(),
            scenario: edited,
        });
    };
    if let Some(limit) = scenario.victory.turn_limit {
        for change in [-4i64, -2, 2, 4] {
            let Ok(rounds) = u32::try_from(i64::from(limit.rounds) + change) else { continue };
            if rounds < 4 {
                continue;
            }
            let mut edited = scenario.clone();
            if let Some(turn_limit) = &mut edited.victory.turn_limit {
                turn_limit.rounds = rounds;
            }
            push(format!("The game ends after round {rounds} in place of {}", limit.rounds), 0.05, edited);
        }
    }
    for step in steps(1, 8) {
        let mut edited = scenario.clone();
        for player in &mut edited.players {
            player.funds += step;
        }
        push(format!("Every army starts with ${step} more"), 0.05 * step as f64, edited);
    }
    out
}

/// A unit kind's cost, 0 for a kind the ruleset lacks.
fn unit_cost(rules: &Ruleset, kind: &str) -> u32 {
    rules.unit_id(kind).map_or(0, |id| rules.unit(id).cost)
}

/// A unit kind's name as players read it.
fn kind_name(rules: &Ruleset, kind: &str) -> String {
    rules.unit_id(kind).map_or_else(|| kind.to_owned(), |id| rules.unit(id).name.clone())
}

/// What a seat starts with: its units' costs, with the units they carry, and its funds.
fn army_worth(rules: &Ruleset, scenario: &Scenario, seat: u8) -> i64 {
    let units: u32 = scenario
        .units
        .iter()
        .filter(|u| u.owner == seat)
        .map(|u| unit_cost(rules, &u.kind) + u.passengers.iter().map(|p| unit_cost(rules, &p.kind)).sum::<u32>())
        .sum();
    i64::from(units) + scenario.players.get(usize::from(seat)).map_or(0, |p| p.funds.max(0))
}

/// One more of each kind the seat has, on the free square nearest its first unit of that kind
/// with the same terrain (where that kind can surely stand), searched ring by ring.
fn extra_units<'a>(rules: &Ruleset, scenario: &'a Scenario, seat: u8) -> Vec<(&'a ScenarioUnit, Pos)> {
    let mut seen: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for unit in scenario.units.iter().filter(|u| u.owner == seat) {
        if seen.contains(&unit.kind.as_str()) || rules.unit_id(&unit.kind).is_none() {
            continue;
        }
        seen.push(&unit.kind);
        let terrain = scenario.terrain_at(unit.pos);
        let free = |p: Pos| {
            scenario.contains(p)
                && scenario.terrain_at(p) == terrain
                && scenario.unit_index_at(p).is_none()
                && !out.iter().any(|(_, q)| *q == p)
        };
        let found = (1..=3i32).find_map(|ring| {
            let mut ring_squares = Vec::new();
            for dy in -ring..=ring {
                for dx in -ring..=ring {
                    if dx.abs().max(dy.abs()) != ring {
                        continue;
                    }
                    let (x, y) = (i32::from(unit.pos.x) + dx, i32::from(unit.pos.y) + dy);
                    if let (Ok(x), Ok(y)) = (u16::try_from(x), u16::try_from(y)) {
                        ring_squares.push(Pos::new(x, y));
                    }
                }
            }
            ring_squares.into_iter().find(|&p| free(p))
        });
        if let Some(at) = found {
            out.push((unit, at));
        }
    }
    out
}

/// The cities the seat owns from the start, the two nearest its enemies' units (the ones it
/// would lose first in play).
fn owned_cities(rules: &Ruleset, scenario: &Scenario, seat: u8) -> Vec<Pos> {
    let enemies: Vec<Pos> = scenario.units.iter().filter(|u| u.owner != seat).map(|u| u.pos).collect();
    two_cities_nearest(rules, scenario, &enemies, |p| scenario.owners.get(&p) == Some(&seat))
}

/// The two neutral cities nearest the seat's units (by steps across the board).
fn nearest_neutral_cities(rules: &Ruleset, scenario: &Scenario, seat: u8) -> Vec<Pos> {
    let own: Vec<Pos> = scenario.units.iter().filter(|u| u.owner == seat).map(|u| u.pos).collect();
    two_cities_nearest(rules, scenario, &own, |p| !scenario.owners.contains_key(&p))
}

/// The two cities that `keep` takes nearest any of `units` (by steps across the board), ties by
/// row then column.
fn two_cities_nearest(rules: &Ruleset, scenario: &Scenario, units: &[Pos], keep: impl Fn(Pos) -> bool) -> Vec<Pos> {
    let mut cities: Vec<(u32, Pos)> = scenario
        .squares()
        .filter(|&p| {
            keep(p)
                && rules.terrains.get(scenario.terrain_at(p).index()).and_then(|t| t.property)
                    == Some(PropertyKind::City)
        })
        .map(|p| {
            let distance = units
                .iter()
                .map(|q| u32::from(p.x.abs_diff(q.x)) + u32::from(p.y.abs_diff(q.y)))
                .min()
                .unwrap_or(u32::MAX);
            (distance, p)
        })
        .collect();
    cities.sort_by_key(|&(d, p)| (d, p.y, p.x));
    cities.into_iter().take(2).map(|(_, p)| p).collect()
}
