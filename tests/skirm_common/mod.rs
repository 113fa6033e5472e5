//! Helpers the Skirm engine tests share: a small battle set up from a few units on a board,
//! a seed chosen so the first dice show the faces a case needs, and the events read back.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::board::{Board, Pos};
use skirmish_studio::dice::Dice;
use skirmish_studio::systems::skirm::rules::{
    Action, Event, GameState, Rejection, Ruleset, Setup, SquadSetup, Target, UnitSetup, apply, start_game,
};

pub fn p(x: u16, y: u16) -> Pos {
    Pos::new(x, y)
}

/// The first seed whose dice roll these faces first.
pub fn seed_for(faces: &[u8]) -> u64 {
    (0..20_000_000u64)
        .find(|&seed| {
            let mut dice = Dice::new(seed);
            faces.iter().all(|&f| dice.roll_d6() == f)
        })
        .expect("a seed with these faces")
}

pub struct Battle {
    pub rules: Ruleset,
    pub state: GameState,
}

pub fn setup(rules: &Ruleset, board: Board, units: &[(u8, &str, (u16, u16))]) -> Setup {
    let faction = |squad: u8| {
        let profile = units.iter().find(|u| u.0 == squad).map_or("vanguard_trooper", |u| u.1);
        rules.profile(profile).unwrap().0.id.clone()
    };
    let squad = |squad: u8| SquadSetup {
        name: format!("squad {}", squad + 1),
        faction: faction(squad),
        units: units
            .iter()
            .filter(|u| u.0 == squad)
            .map(|u| UnitSetup {
                profile: u.1.into(),
                name: String::new(),
                weapons: Vec::new(),
                gear: Vec::new(),
                xp: 0,
                pos: p(u.2.0, u.2.1),
            })
            .collect(),
    };
    Setup {
        zones: [vec![p(0, 0)], vec![p(board.width - 1, board.height - 1)]],
        board,
        mission: "hold_the_line".into(),
        environment: None,
        turns: 4,
        objectives: Vec::new(),
        markers: Vec::new(),
        items: Vec::new(),
        squads: [squad(0), squad(1)],
    }
}

/// A battle on an open 8 x 8 map (or the board given), orders cleared so costs are exact.
pub fn battle_on(board: Option<Board>, units: &[(u8, &str, (u16, u16))], tweak: impl FnOnce(&mut Setup)) -> Battle {
    let rules = Ruleset::builtin().unwrap();
    let board = board.unwrap_or_else(|| Board::filled(8, 8, rules.terrain_id("open").unwrap()));
    let mut s = setup(&rules, board, units);
    tweak(&mut s);
    let (mut state, _) = start_game(&rules, &s, 7).unwrap();
    state.squads[0].orders = 0;
    state.squads[1].orders = 0;
    Battle { rules, state }
}

pub fn battle(units: &[(u8, &str, (u16, u16))]) -> Battle {
    battle_on(None, units, |_| {})
}

impl Battle {
    pub fn activate(&mut self, unit: usize) -> Vec<Event> {
        self.state.to_act = self.state.units[unit].squad;
        self.apply(Action::Activate { unit }).unwrap()
    }
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, Rejection> {
        apply(&self.rules, &mut self.state, &action)
    }
    pub fn dice(&mut self, faces: &[u8]) {
        self.state.dice = Dice::new(seed_for(faces));
    }
    pub fn orders(&mut self, squad: usize, orders: u8) {
        self.state.squads[squad].orders = orders;
    }
    pub fn shoot(&mut self, weapon: &str, target: usize) -> Result<Vec<Event>, Rejection> {
        self.apply(Action::Ranged { weapon: weapon.into(), targets: vec![Target::Unit(target)] })
    }
}

pub fn attacks(events: &[Event]) -> Vec<(Target, u8, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Attack { target, skill, cover, .. } => Some((*target, *skill, *cover)),
            _ => None,
        })
        .collect()
}

pub fn strikes(events: &[Event]) -> Vec<(u8, u32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Strikes { strikes, damage } => Some((*strikes, *damage)),
            _ => None,
        })
        .collect()
}

/// The setup turned a quarter clockwise: squares, heights, walls and doors, zones, objectives,
/// markers, items and every unit.
pub fn turned(setup: &Setup) -> Setup {
    let (w, h) = (setup.board.width, setup.board.height);
    let map = |p: Pos| skirmish_studio::board::SquareMap::Turn90.apply(p, w, h);
    let (tw, th) = skirmish_studio::board::SquareMap::Turn90.size(w, h);
    let mut board = Board::filled(tw, th, setup.board.terrain_at(Pos::new(0, 0)));
    for pos in setup.board.squares() {
        board.set_terrain(map(pos), setup.board.terrain_at(pos));
        board.set_height(map(pos), setup.board.height_at(pos));
    }
    for (edge, feature) in &setup.board.edges {
        board.set_edge(skirmish_studio::board::SquareMap::Turn90.edge(*edge, w, h), Some(*feature));
    }
    let mut out = setup.clone();
    out.board = board;
    out.objectives = setup.objectives.iter().map(|&p| map(p)).collect();
    out.markers = setup.markers.iter().map(|&p| map(p)).collect();
    out.items = setup.items.iter().map(|(p, kind)| (map(*p), kind.clone())).collect();
    out.zones = setup.zones.clone().map(|zone| zone.into_iter().map(map).collect());
    for squad in &mut out.squads {
        for unit in &mut squad.units {
            unit.pos = map(unit.pos);
        }
    }
    out
}
