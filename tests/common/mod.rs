//! Test helpers: build a game from a few lines of text, then feed it actions and compare events.
//!
//! Every rules-core case goes through [`Game`], the one caller of the public interface, so a
//! case is just data: a board, units, a seed, the actions and what should come out.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::systems::swat::rules::{
    Action, Board, CoChoice, CoId, ColumnId, Event, GameSetup, GameState, PlayerId, PlayerSetup, Pos, Rejection,
    Ruleset, TerrainId, UnitId, UnitKindId, UnitSetup, VictoryConditions, apply, check, legal_actions, start_game,
};

/// The built-in ruleset.
pub fn rules() -> Ruleset {
    Ruleset::builtin().expect("the built-in ruleset loads")
}

/// A game setup written as text: one string per row, one terrain glyph per square.
pub struct Setup {
    pub rules: Ruleset,
    pub setup: GameSetup,
    pub seed: u64,
}

pub fn p(x: u16, y: u16) -> Pos {
    Pos::new(x, y)
}

pub fn kind(rules: &Ruleset, name: &str) -> UnitKindId {
    rules.unit_id(name).unwrap_or_else(|| panic!("no unit kind {name}"))
}

impl Setup {
    /// A two-player board from glyph rows; players start with $0 so income is easy to follow.
    pub fn board(rows: &[&str]) -> Self {
        let rules = rules();
        let height = u16::try_from(rows.len()).unwrap();
        let width = u16::try_from(rows[0].chars().count()).unwrap();
        let terrain: Vec<TerrainId> = rows
            .iter()
            .flat_map(|row| row.chars())
            .map(|glyph| {
                let index = rules
                    .terrains
                    .iter()
                    .position(|t| t.glyph == glyph)
                    .unwrap_or_else(|| panic!("no terrain glyph {glyph}"));
                TerrainId(u8::try_from(index).unwrap())
            })
            .collect();
        let setup = GameSetup {
            board: Board { width, height, terrain, heights: Vec::new(), edges: Default::default() },
            owned_properties: Vec::new(),
            units: Vec::new(),
            players: vec![PlayerSetup { co: CoChoice::NoCo, funds: 0 }, PlayerSetup { co: CoChoice::NoCo, funds: 0 }],
            first_player: PlayerId(0),
            victory: VictoryConditions { conquest: false, ..VictoryConditions::default() },
            counter_limits: Default::default(),
            readings: Default::default(),
        };
        Self { rules, setup, seed: 1 }
    }

    pub fn players(mut self, count: usize) -> Self {
        self.setup.players = vec![PlayerSetup { co: CoChoice::NoCo, funds: 0 }; count];
        self
    }

    /// A full-strength unit; ids are given in the order units are added (passengers after
    /// their transport).
    pub fn unit(self, name: &str, owner: u8, pos: (u16, u16)) -> Self {
        let hp = self.rules.economy.max_hp;
        self.unit_hp(name, owner, pos, hp)
    }

    pub fn unit_hp(mut self, name: &str, owner: u8, pos: (u16, u16), hp: u8) -> Self {
        let kind = kind(&self.rules, name);
        self.setup.units.push(UnitSetup {
            kind,
            owner: PlayerId(owner),
            hp,
            pos: p(pos.0, pos.1),
            passengers: Vec::new(),
        });
        self
    }

    /// Puts a passenger into the unit added last.
    pub fn carrying(mut self, name: &str) -> Self {
        let kind = kind(&self.rules, name);
        let hp = self.rules.economy.max_hp;
        self.setup.units.last_mut().unwrap().passengers.push((kind, hp));
        self
    }

    pub fn owned(mut self, pos: (u16, u16), owner: u8) -> Self {
        self.setup.owned_properties.push((p(pos.0, pos.1), PlayerId(owner)));
        self
    }

    pub fn funds(mut self, player: u8, funds: u32) -> Self {
        self.setup.players[usize::from(player)].funds = funds;
        self
    }

    pub fn co(mut self, player: u8, name: &str) -> Self {
        let co: CoId = self.rules.co_id(name).unwrap();
        self.setup.players[usize::from(player)].co = CoChoice::Chosen(co);
        self
    }

    /// A CO dealt from the seeded dice when the game starts.
    pub fn random_co(mut self, player: u8) -> Self {
        self.setup.players[usize::from(player)].co = CoChoice::Random;
        self
    }

    /// Changes the ruleset's counter pool of a kind for this game (`None`: no limit).
    pub fn counters(mut self, name: &str, limit: Option<u32>) -> Self {
        let kind = kind(&self.rules, name);
        self.setup.counter_limits.insert(kind, limit);
        self
    }

    /// Plays by these house readings.
    pub fn readings(mut self, readings: skirmish_studio::systems::swat::rules::Readings) -> Self {
        self.setup.readings = readings;
        self
    }

    pub fn victory(mut self, victory: VictoryConditions) -> Self {
        self.setup.victory = victory;
        self
    }

    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    pub fn start(self) -> Game {
        let (state, start_events) = start_game(&self.rules, &self.setup, self.seed).expect("the setup starts a game");
        Game { rules: self.rules, state, start_events }
    }
}

/// A game under test.
pub struct Game {
    pub rules: Ruleset,
    pub state: GameState,
    pub start_events: Vec<Event>,
}

impl Game {
    /// Applies an action that must be legal and returns its events; also checks that `check`
    /// agrees and that the action (or one to the same square) is listed as legal.
    pub fn act(&mut self, action: Action) -> Vec<Event> {
        check(&self.rules, &self.state, &action).unwrap_or_else(|r| panic!("{action:?} was refused: {r:?}"));
        let listed = legal_actions(&self.rules, &self.state);
        assert!(
            listed.iter().any(|l| same_action(l, &action)),
            "{action:?} passes check but is not listed in {listed:?}"
        );
        apply(&self.rules, &mut self.state, &action).unwrap()
    }

    /// Applies a legal action and checks its events exactly.
    pub fn expect(&mut self, action: Action, expected: &[Event]) {
        let events = self.act(action);
        assert_eq!(events, expected);
    }

    /// Checks that an action is refused for exactly this reason, leaves the state alone, and is
    /// not listed as legal.
    pub fn reject(&mut self, action: Action, reason: Rejection) {
        let before = self.state.clone();
        assert_eq!(check(&self.rules, &self.state, &action), Err(reason.clone()));
        assert_eq!(apply(&self.rules, &mut self.state, &action), Err(reason));
        assert_eq!(self.state, before, "a refused action changed the state");
        let listed = legal_actions(&self.rules, &self.state);
        assert!(!listed.iter().any(|l| l == &action), "{action:?} is refused but listed");
    }

    pub fn unit(&self, id: u32) -> &skirmish_studio::systems::swat::rules::Unit {
        self.state.unit(UnitId(id)).unwrap_or_else(|| panic!("unit {id} is gone"))
    }

    pub fn kind(&self, name: &str) -> UnitKindId {
        kind(&self.rules, name)
    }
}

/// Moves to the same square by different paths count as the same choice.
pub fn same_action(a: &Action, b: &Action) -> bool {
    match (a, b) {
        (Action::Move { unit: u1, path: p1 }, Action::Move { unit: u2, path: p2 }) => {
            u1 == u2 && p1.last() == p2.last()
        }
        _ => a == b,
    }
}

pub fn mv(unit: u32, path: &[(u16, u16)]) -> Action {
    Action::Move { unit: UnitId(unit), path: path.iter().map(|&(x, y)| p(x, y)).collect() }
}

pub fn attack(unit: u32, target: u32) -> Action {
    Action::Attack { unit: UnitId(unit), target: UnitId(target) }
}

pub fn capture(unit: u32) -> Action {
    Action::Capture { unit: UnitId(unit) }
}

pub fn unload(transport: u32, passenger: u32, to: (u16, u16)) -> Action {
    Action::Unload { transport: UnitId(transport), passenger: UnitId(passenger), to: p(to.0, to.1) }
}

pub fn end_turn() -> Action {
    Action::EndTurn
}

/// The first seat.
pub const RED: PlayerId = PlayerId(0);
/// The second seat.
pub const BLUE: PlayerId = PlayerId(1);
/// The chart's road column.
pub const ROAD: ColumnId = ColumnId(0);
/// The chart's plain column.
pub const PLAIN: ColumnId = ColumnId(1);
/// The chart's city column.
pub const CITY: ColumnId = ColumnId(3);

/// Victory by conquest alone.
pub fn conquest() -> VictoryConditions {
    VictoryConditions { conquest: true, ..VictoryConditions::default() }
}
