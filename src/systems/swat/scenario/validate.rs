//! Validation: every finding about a scenario, each with a severity, a stable code, a message a
//! player understands, the squares it concerns and, where one exists, a fix the editor can
//! apply as one edit. The rules knowledge comes from the rules core.

use super::edit::Edit;
use super::model::{Army, Passenger, Scenario};
use super::stats::{capture_arrivals, starting_income};
use crate::files::nearest_names;
use crate::systems::swat::rules::{
    CoChoice, GameState, Pos, PropertyKind, Ruleset, TieBreak, UnitKindId, VictoryConditions, fire_range, ground_route,
    in_range, reachable,
};

pub use crate::game::Severity;

/// A suggested repair, applied as one undoable step.
pub type Fix = crate::game::Fix<Edit>;

/// One thing the validator found, on squares.
pub type Finding = crate::game::Finding<Pos, Fix>;

struct Findings(Vec<Finding>);

impl Findings {
    fn error(&mut self, code: &'static str, message: String, squares: Vec<Pos>, fix: Option<Fix>) {
        self.0.push(Finding::error(code, message, squares).with_fix(fix));
    }

    fn warning(&mut self, code: &'static str, message: String, squares: Vec<Pos>, fix: Option<Fix>) {
        self.0.push(Finding::warning(code, message, squares).with_fix(fix));
    }
}

fn fix(label: impl Into<String>, edits: Vec<Edit>) -> Option<Fix> {
    Some(Fix { label: label.into(), edits })
}

fn seat_name(seat: usize) -> String {
    format!("player {}", seat + 1)
}

/// Every finding about a scenario, errors first, each group in a fixed order.
#[must_use]
pub fn validate(rules: &Ruleset, scenario: &Scenario) -> Vec<Finding> {
    let mut out = Findings(Vec::new());
    let context = Context::new(rules, scenario);
    check_document(&context, &mut out);
    check_units(&context, &mut out);
    check_properties(&context, &mut out);
    check_setup_sheet(&context, &mut out);
    check_players(&context, &mut out);
    check_counters(&context, &mut out);
    check_victory(&context, &mut out);
    let has_errors = out.0.iter().any(|f| f.severity == Severity::Error);
    check_reachability(&context, &mut out);
    check_balance(&context, &mut out);
    if !has_errors {
        check_early_attacks(&context, &mut out);
    }
    check_turn_limit(&context, &mut out);
    let mut findings = out.0;
    findings.sort_by_key(|f| f.severity);
    // The checks speak of seats by number; the designer reads them by army.
    let names = scenario.seat_names();
    for finding in &mut findings {
        finding.message = crate::game::named_seats(&finding.message, &names);
        if let Some(fix) = &mut finding.fix {
            fix.label = crate::game::named_seats(&fix.label, &names);
        }
    }
    findings
}

/// Whether any finding blocks a playtest.
#[must_use]
pub fn has_errors(findings: &[Finding]) -> bool {
    findings.iter().any(|f| f.severity == Severity::Error)
}

/// What several checks share, computed once.
struct Context<'a> {
    rules: &'a Ruleset,
    scenario: &'a Scenario,
    seats: usize,
    /// Per square: the property kind there.
    property: Vec<Option<PropertyKind>>,
    /// Per seat, per square: the first turn a capturing unit can stand there; computed on
    /// first use, since two checks need it and it is the costliest part of validation.
    arrivals: std::cell::OnceCell<Vec<Vec<Option<u32>>>>,
}

impl<'a> Context<'a> {
    fn new(rules: &'a Ruleset, scenario: &'a Scenario) -> Self {
        let property = scenario
            .board
            .terrain
            .iter()
            .map(|t| rules.terrains.get(t.index()).and_then(|terrain| terrain.property))
            .collect();
        Self { rules, scenario, seats: scenario.players.len(), property, arrivals: std::cell::OnceCell::new() }
    }

    fn arrivals(&self, seat: usize) -> &[Option<u32>] {
        let all = self.arrivals.get_or_init(|| {
            (0..self.seats)
                .map(|s| capture_arrivals(self.rules, self.scenario, u8::try_from(s).unwrap_or(u8::MAX)))
                .collect()
        });
        &all[seat]
    }

    fn property_at(&self, pos: Pos) -> Option<PropertyKind> {
        if self.scenario.contains(pos) { self.property[self.scenario.index(pos)] } else { None }
    }

    fn kind(&self, name: &str) -> Option<UnitKindId> {
        self.rules.unit_id(name)
    }

    fn owned(&self, seat: usize, kind: PropertyKind) -> impl Iterator<Item = Pos> + '_ {
        self.scenario
            .owners
            .iter()
            .filter(move |&(&pos, &owner)| usize::from(owner) == seat && self.property_at(pos) == Some(kind))
            .map(|(&pos, _)| pos)
    }
}

fn check_document(c: &Context, out: &mut Findings) {
    let s = c.scenario;
    if s.system != c.rules.id {
        out.error(
            "unknown-ruleset-value",
            format!("the scenario is written for '{}', but the ruleset '{}' is loaded", s.system, c.rules.id),
            vec![],
            None,
        );
    }
    if let Some(index) = s.board.terrain.iter().position(|t| t.index() >= c.rules.terrains.len()) {
        out.error(
            "unknown-ruleset-value",
            format!("a square names terrain #{} which the ruleset lacks", s.board.terrain[index].0),
            vec![],
            None,
        );
    }
    if !s.board.is_flat() || !s.board.edges.is_empty() {
        let raised: Vec<Pos> = s.board.squares().filter(|&p| s.board.height_at(p) > 0).collect();
        let mut edits: Vec<Edit> = raised.iter().map(|&pos| Edit::SetHeight { pos, level: 0 }).collect();
        edits.extend(s.board.edges.keys().map(|&edge| Edit::SetEdge { edge, feature: None }));
        out.warning(
            "board-features-ignored",
            format!(
                "Skirmish Wars has no heights, walls or doors: {} raised square(s) and {} wall or door edge(s) are ignored in play and print",
                raised.len(),
                s.board.edges.len()
            ),
            raised,
            fix("Level the board and remove walls and doors", edits),
        );
    }
    if s.tile_size == 0 || s.tile_size > 50 {
        out.error("tile-size", format!("the tile size is {}; it must be 1 to 50", s.tile_size), vec![], None);
    } else {
        let size = u16::from(s.tile_size);
        let (w, h) = (s.board.width, s.board.height);
        if w % size != 0 || h % size != 0 {
            // The largest tile that does divide the board (1: the board is not built of tiles).
            let fits = (1..=size).rev().find(|t| w % t == 0 && h % t == 0).unwrap_or(1);
            let built = if s.tiles.is_empty() { "" } else { ", although the board is laid from library tiles" };
            let mut mended = s.clone();
            mended.tile_size = u8::try_from(fits).unwrap_or(1);
            out.warning(
                "board-not-whole-tiles",
                format!(
                    "the board is {w} x {h}, which is not a whole number of {size} x {size} tiles{built}; the tile \
                     lines and the print sheets cut it where no tile edge is"
                ),
                vec![],
                fix(
                    if fits == 1 {
                        "Mark the board as not built of tiles".to_owned()
                    } else {
                        format!("Use tiles of {fits}")
                    },
                    vec![Edit::Replace(Box::new(mended))],
                ),
            );
        }
    }
}

/// What the setup sheet says about placing pieces: only cities and factories start neutral, and
/// a factory with a unit on it cannot build.
fn check_setup_sheet(c: &Context, out: &mut Findings) {
    let s = c.scenario;
    let city = c.rules.terrain_of_property(PropertyKind::City);
    for pos in s.squares().filter(|&p| c.property_at(p) == Some(PropertyKind::Hq) && !s.owners.contains_key(&p)) {
        out.warning(
            "neutral-hq",
            format!("the HQ at {pos} belongs to nobody; setup places only neutral cities and factories"),
            vec![pos],
            city.and_then(|terrain| fix("Make it a city", vec![Edit::SetTerrain { pos, terrain }])),
        );
    }
    for unit in &s.units {
        if s.contains(unit.pos)
            && c.property_at(unit.pos) == Some(PropertyKind::Factory)
            && s.owners.get(&unit.pos) == Some(&unit.owner)
        {
            out.warning(
                "unit-on-own-factory",
                format!(
                    "advice: the {} at {} stands on its own factory, which cannot build until it moves off",
                    unit.kind, unit.pos
                ),
                vec![unit.pos],
                None,
            );
        }
    }
}

fn check_units(c: &Context, out: &mut Findings) {
    let s = c.scenario;
    let max_hp = c.rules.economy.max_hp;
    let mut occupied: Vec<Option<usize>> = vec![None; s.board.terrain.len()];
    for (index, unit) in s.units.iter().enumerate() {
        let remove = || fix("Remove this unit", vec![Edit::RemoveUnit { index }]);
        if !s.contains(unit.pos) {
            out.error(
                "unit-off-board",
                format!("a {} stands at {}, off the board", unit.kind, unit.pos),
                vec![],
                remove(),
            );
            continue;
        }
        let square = s.index(unit.pos);
        match occupied[square] {
            Some(first) => out.error(
                "units-share-square",
                format!("two units stand at {}: a {} and a {}", unit.pos, s.units[first].kind, unit.kind),
                vec![unit.pos],
                fix("Remove the second unit", vec![Edit::RemoveUnit { index }]),
            ),
            None => occupied[square] = Some(index),
        }
        if usize::from(unit.owner) >= c.seats {
            out.error(
                "owner-missing-player",
                format!(
                    "the {} at {} belongs to {}, who is not in this scenario",
                    unit.kind,
                    unit.pos,
                    seat_name(usize::from(unit.owner))
                ),
                vec![unit.pos],
                remove(),
            );
        }
        if !(1..=max_hp).contains(&unit.hp) {
            out.error(
                "unit-hp-out-of-range",
                format!("the {} at {} has {} HP; units have 1 to {max_hp}", unit.kind, unit.pos, unit.hp),
                vec![unit.pos],
                fix(
                    format!("Set its HP to {}", unit.hp.clamp(1, max_hp)),
                    vec![Edit::SetUnitHp { index, hp: unit.hp.clamp(1, max_hp) }],
                ),
            );
        }
        let Some(kind) = c.kind(&unit.kind) else {
            let near = nearest_names(&unit.kind, c.rules.units.iter().map(|u| u.id.as_str()));
            out.error(
                "unknown-ruleset-value",
                format!(
                    "the unit at {} is a '{}', which the ruleset lacks; did you mean {}?",
                    unit.pos,
                    unit.kind,
                    near.join(", ")
                ),
                vec![unit.pos],
                remove(),
            );
            continue;
        };
        let card = c.rules.unit(kind);
        let terrain = s.terrain_at(unit.pos);
        if c.rules.terrains.get(terrain.index()).is_some() && c.rules.move_cost(kind, terrain).is_none() {
            out.error(
                "unit-on-impassable-terrain",
                format!(
                    "a {} stands on {} at {}, which {} units cannot enter",
                    card.name,
                    c.rules.terrain(terrain).name,
                    unit.pos,
                    c.rules.move_types[card.move_type.index()]
                ),
                vec![unit.pos],
                remove(),
            );
        }
        check_passengers(c, index, kind, out);
    }
}

fn check_passengers(c: &Context, index: usize, kind: UnitKindId, out: &mut Findings) {
    let unit = &c.scenario.units[index];
    if unit.passengers.is_empty() {
        return;
    }
    let card = c.rules.unit(kind);
    let max_hp = c.rules.economy.max_hp;
    let carriable = |p: &Passenger| {
        let Some(transport) = &card.transport else { return false };
        c.kind(&p.kind).is_some_and(|k| transport.carries.contains(&c.rules.unit(k).move_type))
    };
    if let Some(bad) = unit.passengers.iter().find(|p| !carriable(p)) {
        let kept: Vec<Passenger> = unit.passengers.iter().filter(|p| carriable(p)).cloned().collect();
        let why = if card.transport.is_none() {
            format!("a {} carries nothing", card.name)
        } else {
            format!("a {} carries only {} units", card.name, transport_names(c, kind))
        };
        out.error(
            "passenger-not-carriable",
            format!("the {} at {} carries a {}, but {why}", card.name, unit.pos, bad.kind),
            vec![unit.pos],
            fix("Take out what it cannot carry", vec![Edit::SetPassengers { index, passengers: kept }]),
        );
    }
    if let Some(transport) = &card.transport
        && unit.passengers.len() > usize::from(transport.capacity)
    {
        out.error(
            "passengers-over-capacity",
            format!(
                "the {} at {} carries {} units; it holds {}",
                card.name,
                unit.pos,
                unit.passengers.len(),
                transport.capacity
            ),
            vec![unit.pos],
            fix(
                "Keep only as many as fit",
                vec![Edit::SetPassengers {
                    index,
                    passengers: unit.passengers[..usize::from(transport.capacity)].to_vec(),
                }],
            ),
        );
    }
    if unit.passengers.iter().any(|p| !(1..=max_hp).contains(&p.hp)) {
        let mended =
            unit.passengers.iter().map(|p| Passenger { kind: p.kind.clone(), hp: p.hp.clamp(1, max_hp) }).collect();
        out.error(
            "unit-hp-out-of-range",
            format!("a passenger of the {} at {} has HP outside 1 to {max_hp}", card.name, unit.pos),
            vec![unit.pos],
            fix("Bring its HP into range", vec![Edit::SetPassengers { index, passengers: mended }]),
        );
    }
}

fn transport_names(c: &Context, kind: UnitKindId) -> String {
    c.rules.unit(kind).transport.as_ref().map_or_else(String::new, |t| {
        t.carries.iter().map(|m| c.rules.move_types[m.index()].as_str()).collect::<Vec<_>>().join(" and ")
    })
}

fn check_properties(c: &Context, out: &mut Findings) {
    for (&pos, &owner) in &c.scenario.owners {
        let neutral = fix("Make it neutral", vec![Edit::SetOwner { pos, owner: None }]);
        if c.property_at(pos).is_none() {
            out.error(
                "owned-square-not-property",
                format!("{pos} is given an owner but holds no city, factory or HQ"),
                if c.scenario.contains(pos) { vec![pos] } else { vec![] },
                neutral,
            );
        } else if usize::from(owner) >= c.seats {
            out.error(
                "owner-missing-player",
                format!(
                    "the property at {pos} belongs to {}, who is not in this scenario",
                    seat_name(usize::from(owner))
                ),
                vec![pos],
                neutral,
            );
        }
    }
    let city = c.rules.terrain_id("city");
    for seat in 0..c.seats {
        let hqs: Vec<Pos> = c.owned(seat, PropertyKind::Hq).collect();
        if hqs.len() > 1 {
            let edits = hqs[1..]
                .iter()
                .filter_map(|&pos| city.map(|terrain| Edit::SetTerrain { pos, terrain }))
                .collect::<Vec<_>>();
            out.error(
                "player-has-two-hqs",
                format!("{} owns {} HQs; a player has at most one", seat_name(seat), hqs.len()),
                hqs.clone(),
                (!edits.is_empty()).then(|| Fix { label: "Turn the extra HQs into cities".into(), edits }),
            );
        }
    }
}

fn check_players(c: &Context, out: &mut Findings) {
    let s = c.scenario;
    if !(2..=4).contains(&c.seats) {
        out.error("player-count", format!("the scenario has {} players; SWAT needs 2 to 4", c.seats), vec![], None);
    }
    if usize::from(s.first_player) >= c.seats {
        out.error(
            "first-player-missing",
            format!("{} moves first but is not in the scenario", seat_name(usize::from(s.first_player))),
            vec![],
            None,
        );
    }
    // COs a random seat can be dealt: those no seat chose (the engine deals from these).
    let free_cos = c.rules.cos.iter().filter(|co| s.players.iter().all(|p| p.co.chosen() != Some(&co.id))).count();
    for (seat, player) in s.players.iter().enumerate() {
        if let Some(first) = s.players[..seat].iter().position(|p| p.army == player.army) {
            let free = Army::ALL.into_iter().find(|a| s.players.iter().all(|p| p.army != *a));
            out.error(
                "same-army-colour",
                format!(
                    "{} and {} both play {}; each player has the pieces of one colour",
                    seat_name(first),
                    seat_name(seat),
                    player.army.name()
                ),
                vec![],
                free.and_then(|army| {
                    let mut mended = s.clone();
                    mended.players[seat].army = army;
                    fix(format!("Give {} {}", seat_name(seat), army.name()), vec![Edit::Replace(Box::new(mended))])
                }),
            );
        }
        let usual = i64::from(c.rules.economy.starting_funds);
        if player.funds >= 0 && player.funds != usual {
            out.warning(
                "unusual-starting-funds",
                format!(
                    "advice: {} starts with ${}; the rules start every player with ${usual} unless the scenario \
                     says otherwise (say why in the setup notes)",
                    seat_name(seat),
                    player.funds
                ),
                vec![],
                fix(format!("Start with ${usual}"), vec![Edit::SetFunds { player: seat, funds: usual }]),
            );
        }
        if player.funds < 0 {
            out.error(
                "negative-funds",
                format!("{} starts with ${}; funds cannot be negative", seat_name(seat), player.funds),
                vec![],
                fix("Start with $0", vec![Edit::SetFunds { player: seat, funds: 0 }]),
            );
        }
        if let CoChoice::Chosen(co) = &player.co
            && c.rules.co_id(co).is_none()
        {
            let near = nearest_names(co, c.rules.cos.iter().map(|c| c.id.as_str()));
            out.error(
                "unknown-ruleset-value",
                format!(
                    "{} has the CO '{co}', which the ruleset lacks; did you mean {}?",
                    seat_name(seat),
                    near.join(", ")
                ),
                vec![],
                fix("Play without a CO", vec![Edit::SetCo { player: seat, co: CoChoice::NoCo }]),
            );
        }
        if let CoChoice::Chosen(co) = &player.co
            && let Some(first) = s.players[..seat].iter().position(|p| p.co.chosen() == Some(co))
        {
            let free =
                c.rules.cos.iter().map(|c| c.id.clone()).find(|id| s.players.iter().all(|p| p.co.chosen() != Some(id)));
            out.error(
                "duplicate-co",
                format!("{} and {} both pick {co}; each CO may be picked once", seat_name(first), seat_name(seat)),
                vec![],
                free.map(|id| Fix {
                    label: format!("Give {} {id}", seat_name(seat)),
                    edits: vec![Edit::SetCo { player: seat, co: CoChoice::Chosen(id) }],
                }),
            );
        }
        let random_before = s.players[..seat].iter().filter(|p| p.co == CoChoice::Random).count();
        if player.co == CoChoice::Random && random_before >= free_cos {
            out.error(
                "no-co-left-to-deal",
                format!(
                    "{} asks for a random CO, but the other seats leave {free_cos} of the ruleset's {} COs to deal",
                    seat_name(seat),
                    c.rules.cos.len()
                ),
                vec![],
                fix("Play without a CO", vec![Edit::SetCo { player: seat, co: CoChoice::NoCo }]),
            );
        }
        let units = s.units.iter().any(|u| usize::from(u.owner) == seat);
        let factory = c.owned(seat, PropertyKind::Factory).next().is_some();
        if !units && !factory {
            let income = starting_income(c.rules, s, u8::try_from(seat).unwrap_or(u8::MAX));
            let money = if income > 0 {
                format!("; its ${income} income buys nothing without a factory")
            } else {
                String::new()
            };
            out.error(
                "player-cannot-act",
                format!("{} has no units and no factory, so can never do anything{money}", seat_name(seat)),
                vec![],
                None,
            );
        }
    }
}

/// The counter pools: names the ruleset knows, and no army placing more units of a kind than
/// it has counters.
fn check_counters(c: &Context, out: &mut Findings) {
    let s = c.scenario;
    for name in s.counters.keys().filter(|name| c.kind(name).is_none()) {
        let near = nearest_names(name, c.rules.units.iter().map(|u| u.id.as_str()));
        let mut mended = s.clone();
        mended.counters.remove(name);
        out.error(
            "unknown-ruleset-value",
            format!(
                "the counter pools name the unit kind '{name}', which the ruleset lacks; did you mean {}?",
                near.join(", ")
            ),
            vec![],
            fix(format!("Drop the pool for '{name}'"), vec![Edit::Replace(Box::new(mended))]),
        );
    }
    for seat in 0..c.seats {
        for card in &c.rules.units {
            let Some(limit) = s.counter_limit(card) else { continue };
            let squares: Vec<Pos> = s.starting_counters(seat, &card.id).collect();
            let placed = u32::try_from(squares.len()).unwrap_or(u32::MAX);
            if placed > limit {
                let mut mended = s.clone();
                mended.counters.insert(card.id.clone(), Some(placed));
                out.error(
                    "counters-exceeded",
                    format!(
                        "{} starts with {placed} {} units but an army has {limit} {} counters",
                        seat_name(seat),
                        card.name,
                        card.name
                    ),
                    squares,
                    fix(
                        format!("Give each army {placed} {} counters", card.name),
                        vec![Edit::Replace(Box::new(mended))],
                    ),
                );
            }
        }
    }
}

fn check_victory(c: &Context, out: &mut Findings) {
    let v = &c.scenario.victory;
    if !v.conquest && v.victory_medals.is_none() && v.city_conquest.is_none() {
        out.error(
            "no-victory-condition",
            "no victory condition is chosen: pick Conquest, Victory Medals or City Conquest".into(),
            vec![],
            fix("Use Conquest", vec![Edit::SetVictory(VictoryConditions { conquest: true, ..v.clone() })]),
        );
    }
    let cities: Vec<Pos> = c.scenario.squares().filter(|&p| c.property_at(p) == Some(PropertyKind::City)).collect();
    if v.turn_limit.is_some_and(|limit| limit.rounds == 0) {
        out.error(
            "turn-limit-zero",
            "the turn limit is 0 rounds, so the game would end before the second player moves; a game lasts at least \
             1 round"
                .into(),
            vec![],
            fix(
                "Allow 1 round",
                vec![Edit::SetVictory(VictoryConditions {
                    turn_limit: v.turn_limit.map(|limit| crate::systems::swat::rules::TurnLimit { rounds: 1, ..limit }),
                    ..v.clone()
                })],
            ),
        );
    }
    if v.city_conquest == Some(0) {
        out.error(
            "city-conquest-met-at-start",
            "City Conquest asks for 0 captured cities, so it is met before anyone moves".into(),
            vec![],
            fix("Ask for 1 city", vec![Edit::SetVictory(VictoryConditions { city_conquest: Some(1), ..v.clone() })]),
        );
    }
    if let Some(target) = v.city_conquest.filter(|&t| t > 0) {
        // Cities count when captured: a player can capture at most the cities not already theirs.
        let capturable = (0..c.seats)
            .map(|seat| {
                cities.iter().filter(|p| c.scenario.owners.get(p).is_none_or(|&o| usize::from(o) != seat)).count()
            })
            .max()
            .unwrap_or(0);
        let count = u32::try_from(capturable).unwrap_or(u32::MAX);
        if target > count {
            let mended = VictoryConditions { city_conquest: (count > 0).then_some(count), ..v.clone() };
            out.error(
                "city-conquest-target-unreachable",
                format!("City Conquest asks for {target} captured cities; no player can capture more than {count}"),
                vec![],
                fix(
                    if count > 0 { format!("Ask for {count} cities") } else { "Drop City Conquest".into() },
                    vec![Edit::SetVictory(mended)],
                ),
            );
        }
    }
    if let Some(target) = v.victory_medals {
        // A player can earn a medal for every enemy unit that exists or can be bought.
        let can_buy = |seat: usize| {
            c.scenario.squares().any(|p| {
                c.property_at(p) == Some(PropertyKind::Factory)
                    && c.scenario.owners.get(&p).is_none_or(|&o| usize::from(o) == seat)
            })
        };
        let units_of = |seat: usize| -> u32 {
            c.scenario
                .units
                .iter()
                .filter(|u| usize::from(u.owner) == seat)
                .map(|u| 1 + u32::try_from(u.passengers.len()).unwrap_or(0))
                .sum()
        };
        // Under Victory Medals an eliminated unit's counter is lost to its army, so an army
        // that can buy still fields at most its whole pool over the game.
        let whole_pool = c
            .rules
            .units
            .iter()
            .map(|card| c.scenario.counter_limit(card))
            .try_fold(0u32, |total, limit| limit.map(|n| total.saturating_add(n)))
            .unwrap_or(u32::MAX);
        let best = (0..c.seats)
            .map(|seat| {
                (0..c.seats)
                    .filter(|&e| e != seat)
                    .map(|enemy| if can_buy(enemy) { whole_pool.max(units_of(enemy)) } else { units_of(enemy) })
                    .fold(0u32, u32::saturating_add)
            })
            .max()
            .unwrap_or(0);
        if target == 0 || target > best {
            let mended =
                VictoryConditions { victory_medals: (best > 0 && best != u32::MAX).then_some(best), ..v.clone() };
            out.error(
                "victory-medals-unreachable",
                if target == 0 {
                    "Victory Medals asks for 0 medals; it must be at least 1".into()
                } else {
                    format!("Victory Medals asks for {target} medals, but no player can ever eliminate more than {best} enemy units")
                },
                vec![],
                fix("Ask for what can be reached", vec![Edit::SetVictory(mended)]),
            );
        }
    }
}

fn check_reachability(c: &Context, out: &mut Findings) {
    let s = c.scenario;
    if s.board.terrain.iter().any(|t| t.index() >= c.rules.terrains.len()) {
        return;
    }
    for seat in 0..c.seats {
        let reach = c.arrivals(seat);
        if s.victory.conquest && c.owned(seat, PropertyKind::Hq).next().is_none() {
            out.warning(
                "conquest-player-without-hq",
                format!("this is a Conquest game but {} has no HQ to lose", seat_name(seat)),
                vec![],
                None,
            );
        }
        if reach.iter().all(Option::is_none) {
            continue;
        }
        for pos in s.squares() {
            let Some(kind) = c.property_at(pos) else { continue };
            let owner = s.owners.get(&pos).map(|&o| usize::from(o));
            let enemy_hq = kind == PropertyKind::Hq && owner.is_some_and(|o| o != seat);
            let other_factory = kind == PropertyKind::Factory && owner != Some(seat);
            if (enemy_hq || other_factory) && reach[s.index(pos)].is_none() {
                out.warning(
                    "property-unreachable",
                    format!("no capturing unit of {} can ever reach the {} at {pos}", seat_name(seat), kind.label()),
                    vec![pos],
                    None,
                );
            }
        }
    }
    check_armies_meet(c, out);
    for pos in s.squares().filter(|&p| c.property_at(p) == Some(PropertyKind::Factory)) {
        let exit = pos.neighbours(s.board.width, s.board.height).any(|next| {
            let terrain = c.rules.terrain(s.terrain_at(next));
            terrain.costs.iter().any(Option::is_some)
        });
        if !exit {
            out.warning(
                "factory-no-exit",
                format!(
                    "a unit built at the factory at {pos} could never leave it: no square next to it can be entered"
                ),
                vec![pos],
                None,
            );
        }
    }
}

/// Armies that no move type can walk between (islands with no bridge): nothing in the house
/// ruleset carries a unit over water, so without a turn limit the game can never end.
fn check_armies_meet(c: &Context, out: &mut Findings) {
    let s = c.scenario;
    if c.seats < 2 || s.victory.turn_limit.is_some() {
        return;
    }
    let ground = |seat: usize| -> Vec<Pos> {
        let owned = s.owners.iter().filter(|&(_, &o)| usize::from(o) == seat).map(|(&p, _)| p);
        owned.chain(s.units.iter().filter(|u| usize::from(u.owner) == seat).map(|u| u.pos)).collect()
    };
    let grounds: Vec<Vec<Pos>> = (0..c.seats).map(ground).collect();
    let meets = (0..c.seats).any(|seat| {
        let enemies: Vec<Pos> = (0..c.seats).filter(|&e| e != seat).flat_map(|e| grounds[e].iter().copied()).collect();
        ground_route(c.rules, &s.board, &grounds[seat], &enemies)
    });
    if !meets && grounds.iter().filter(|g| !g.is_empty()).count() > 1 {
        let mended = VictoryConditions {
            turn_limit: Some(crate::systems::swat::rules::TurnLimit { rounds: 20, tie_break: TieBreak::MostCities }),
            ..s.victory.clone()
        };
        out.warning(
            "armies-cannot-meet",
            "no unit can ever walk from one army's ground to another's (water with no bridge, and nothing carries units over water), so without a turn limit this game can never end".into(),
            vec![],
            fix("Decide it after 20 rounds by cities held", vec![Edit::SetVictory(mended)]),
        );
    }
}

fn check_balance(c: &Context, out: &mut Findings) {
    if c.seats < 2 {
        return;
    }
    let incomes: Vec<u32> =
        (0..c.seats).map(|seat| starting_income(c.rules, c.scenario, u8::try_from(seat).unwrap_or(u8::MAX))).collect();
    if incomes.iter().any(|&i| i != incomes[0]) {
        let list =
            incomes.iter().enumerate().map(|(s, i)| format!("{} ${i}", seat_name(s))).collect::<Vec<_>>().join(", ");
        out.warning("unequal-income", format!("starting income differs: {list}"), vec![], None);
    }
}

/// A unit that can hit an enemy before that enemy has had a turn.
fn check_early_attacks(c: &Context, out: &mut Findings) {
    let Ok(setup) = c.scenario.to_setup(c.rules) else { return };
    let Ok(state) = GameState::from_setup(c.rules, &setup, 0) else { return };
    let s = c.scenario;
    // Turn order position of each seat: 0 moves first.
    let order = |seat: usize| (seat + c.seats - usize::from(s.first_player)) % c.seats;
    let mut order_at: Vec<Option<usize>> = vec![None; s.board.terrain.len()];
    for unit in &state.units {
        if unit.carried_by.is_none() {
            order_at[s.index(unit.pos)] = Some(order(unit.owner.index()));
        }
    }
    for unit in &state.units {
        let mine = order(unit.owner.index());
        if unit.carried_by.is_some() || mine + 1 >= c.seats || c.rules.unit(unit.kind).firepower.is_none() {
            continue;
        }
        let range = fire_range(c.rules, &state, unit.owner, unit.kind);
        let enemy_near = |from: Pos| -> Option<Pos> {
            let reach = u16::from(range.1);
            let (x0, y0) = (from.x.saturating_sub(reach), from.y.saturating_sub(reach));
            let (x1, y1) = (
                from.x.saturating_add(reach).min(s.board.width - 1),
                from.y.saturating_add(reach).min(s.board.height - 1),
            );
            (y0..=y1)
                .flat_map(|y| (x0..=x1).map(move |x| Pos::new(x, y)))
                .find(|&p| in_range(range, from.distance(p)) && order_at[s.index(p)].is_some_and(|o| o > mine))
        };
        let mut hit = enemy_near(unit.pos);
        if hit.is_none() && !c.rules.unit(unit.kind).is_indirect() {
            let reach = reachable(c.rules, &state, unit);
            hit = reach.destinations().find_map(|(to, _)| if reach.boards(to) { None } else { enemy_near(to) });
        }
        if let Some(target) = hit {
            out.warning(
                "early-attack",
                format!(
                    "the {} at {} can attack the enemy at {target} before that enemy's first turn",
                    c.rules.unit(unit.kind).name,
                    unit.pos
                ),
                vec![unit.pos, target],
                None,
            );
        }
    }
}

fn check_turn_limit(c: &Context, out: &mut Findings) {
    let s = c.scenario;
    let Some(limit) = s.victory.turn_limit else { return };
    if !s.victory.conquest || s.board.terrain.iter().any(|t| t.index() >= c.rules.terrains.len()) {
        return;
    }
    let points = c.rules.economy.capture_points_of(PropertyKind::Hq);
    let rate = c.rules.economy.capture_rate_full.max(1);
    let declarations = points.div_ceil(rate);
    let mut quickest: Option<(u32, Pos)> = None;
    for seat in 0..c.seats {
        let reach = c.arrivals(seat);
        for (&pos, &owner) in &s.owners {
            if usize::from(owner) == seat || c.property_at(pos) != Some(PropertyKind::Hq) {
                continue;
            }
            if let Some(arrival) = reach[s.index(pos)] {
                let win = arrival.max(1) + declarations - 1;
                if quickest.is_none_or(|(best, _)| win < best) {
                    quickest = Some((win, pos));
                }
            }
        }
    }
    if let Some((win, pos)) = quickest
        && limit.rounds < win
    {
        out.warning(
            "turn-limit-too-short",
            format!(
                "the game ends after {} rounds, but the quickest HQ capture (at {pos}) needs until round {win}",
                limit.rounds
            ),
            vec![pos],
            fix(
                format!("Allow {win} rounds"),
                vec![Edit::SetVictory(VictoryConditions {
                    turn_limit: Some(crate::systems::swat::rules::TurnLimit { rounds: win, ..limit }),
                    ..s.victory.clone()
                })],
            ),
        );
    }
}
