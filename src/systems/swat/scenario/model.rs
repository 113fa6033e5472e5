//! The scenario document: what a designer makes and shares, independent of any file format.

pub use crate::board::Symmetry;
use crate::systems::swat::rules::{Board, CoChoice, Pos, Ruleset, TerrainId, UnitKind, VictoryConditions};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The largest board side a scenario may have.
pub const MAX_SIDE: u16 = 200;

/// An army colour; seat order decides turn order, the army only how the player looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Army {
    /// Red.
    Red,
    /// Blue.
    Blue,
    /// Green.
    Green,
    /// Yellow.
    Yellow,
}

impl Army {
    /// The four armies, in seat order of a new scenario.
    pub const ALL: [Army; 4] = [Army::Red, Army::Blue, Army::Green, Army::Yellow];

    /// Its colour's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Army::Red => "Red",
            Army::Blue => "Blue",
            Army::Green => "Green",
            Army::Yellow => "Yellow",
        }
    }
}

impl Controller {
    /// Who plays, as the window says it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Controller::Human => "Person",
            Controller::Ai => "Computer",
        }
    }
}

/// Who plays a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Controller {
    /// A person at the table (or at the keyboard).
    #[default]
    Human,
    /// The computer.
    Ai,
}

/// A player seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioPlayer {
    /// Army colour.
    pub army: Army,
    /// CO by ruleset name, or dealt at random, if the optional CO rules are used.
    pub co: CoChoice<String>,
    /// Starting money; negative only in a broken document (the validator says so).
    pub funds: i64,
    /// Who plays it.
    pub controller: Controller,
}

/// A unit carried inside a transport at the start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Passenger {
    /// Unit kind by ruleset name.
    pub kind: String,
    /// Hit points.
    pub hp: u8,
}

/// A starting unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioUnit {
    /// Unit kind by ruleset name.
    pub kind: String,
    /// Seat index from 0.
    pub owner: u8,
    /// Hit points.
    pub hp: u8,
    /// Its square.
    pub pos: Pos,
    /// Units inside it.
    pub passengers: Vec<Passenger>,
}

/// Where a library tile was stamped, for the print sheets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TilePlacement {
    /// The library tile's name.
    pub tile: String,
    /// Its top-left square.
    pub pos: Pos,
    /// Quarter turns clockwise, 0 to 3.
    pub rotation: u8,
}

/// A scenario document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    /// Title.
    pub name: String,
    /// Who made it.
    pub author: String,
    /// What it is about.
    pub description: String,
    /// Instructions for setting up the table.
    pub setup_notes: String,
    /// The game system it is written for (`swat`).
    pub system: String,
    /// The squares: terrain, heights and edges (the shared board model; Skirmish Wars uses
    /// the terrain, and the validator warns about walls and heights it ignores).
    pub board: Board,
    /// Squares per side of a modular tile.
    pub tile_size: u8,
    /// Library tiles the board was built from.
    pub tiles: Vec<TilePlacement>,
    /// Owner (seat from 0) of each owned property; properties not listed are neutral.
    #[serde(with = "crate::board::pairs")]
    pub owners: BTreeMap<Pos, u8>,
    /// Starting units.
    pub units: Vec<ScenarioUnit>,
    /// Two to four seats; their order is turn order.
    pub players: Vec<ScenarioPlayer>,
    /// The seat that moves first.
    pub first_player: u8,
    /// How the game is won.
    pub victory: VictoryConditions,
    /// Counters per army by unit kind where the scenario changes the ruleset's pool; `None`
    /// lifts the limit.
    pub counters: BTreeMap<String, Option<u32>>,
    /// The symmetry it is meant to have, for the symmetry report.
    pub symmetry: Option<Symmetry>,
    /// The house readings it plays by.
    #[serde(default)]
    pub readings: crate::systems::swat::rules::Readings,
    /// The designer's background image under the board, if any.
    #[serde(default)]
    pub backdrop: Option<crate::art::Backdrop>,
    /// The designer's art per kind, logo and cover.
    #[serde(default)]
    pub art: crate::art::ArtBook,
}

impl Scenario {
    /// Each seat by its army's name ("Red", "Blue"); where two seats share an army, the seat's
    /// number tells them apart ("Red (seat 1)").
    #[must_use]
    pub fn seat_names(&self) -> Vec<String> {
        let shared = |army: Army| self.players.iter().filter(|p| p.army == army).count() > 1;
        (self.players.iter().enumerate())
            .map(|(seat, p)| {
                if shared(p.army) { format!("{} (seat {})", p.army.name(), seat + 1) } else { p.army.name().to_owned() }
            })
            .collect()
    }

    /// A new scenario filled with one terrain, with `players` seats of $`funds` each.
    #[must_use]
    pub fn new(rules: &Ruleset, width: u16, height: u16, fill: TerrainId, players: usize) -> Self {
        let width = width.clamp(1, MAX_SIDE);
        let height = height.clamp(1, MAX_SIDE);
        Self {
            name: "Untitled scenario".to_owned(),
            author: String::new(),
            description: String::new(),
            setup_notes: String::new(),
            system: super::file::SYSTEM_ID.to_owned(),
            board: Board::filled(width, height, fill),
            tile_size: 6,
            tiles: Vec::new(),
            owners: BTreeMap::new(),
            units: Vec::new(),
            players: Army::ALL
                .iter()
                .take(players.clamp(2, 4))
                .map(|&army| ScenarioPlayer {
                    army,
                    co: CoChoice::NoCo,
                    funds: i64::from(rules.economy.starting_funds),
                    controller: Controller::Human,
                })
                .collect(),
            first_player: 0,
            victory: VictoryConditions::default(),
            counters: BTreeMap::new(),
            symmetry: None,
            readings: crate::systems::swat::rules::Readings::default(),
            backdrop: None,
            art: crate::art::ArtBook::default(),
        }
    }

    /// A copy of the settings alone: everything but the board's squares, owners, units and
    /// tile record, which stay empty (cheap to take every frame on a 200 x 200 board).
    #[must_use]
    pub fn clone_settings(&self) -> Self {
        let Self {
            name,
            author,
            description,
            setup_notes,
            system,
            board,
            tile_size,
            tiles: _,
            owners: _,
            units: _,
            players,
            first_player,
            victory,
            counters,
            symmetry,
            readings,
            backdrop,
            art,
        } = self;
        Self {
            name: name.clone(),
            author: author.clone(),
            description: description.clone(),
            setup_notes: setup_notes.clone(),
            system: system.clone(),
            board: Board { terrain: Vec::new(), heights: Vec::new(), edges: Default::default(), ..*board },
            tile_size: *tile_size,
            tiles: Vec::new(),
            owners: BTreeMap::new(),
            units: Vec::new(),
            players: players.clone(),
            first_player: *first_player,
            victory: victory.clone(),
            counters: counters.clone(),
            symmetry: *symmetry,
            readings: *readings,
            backdrop: backdrop.clone(),
            art: art.clone(),
        }
    }

    /// Whether two scenarios have the same settings (see [`Scenario::clone_settings`]).
    #[must_use]
    pub fn same_settings(&self, other: &Self) -> bool {
        self.clone_settings() == other.clone_settings()
    }

    /// Whether a square lies on the board.
    #[must_use]
    pub fn contains(&self, pos: Pos) -> bool {
        self.board.contains(pos)
    }

    /// Row-major index of a square on the board.
    #[must_use]
    pub fn index(&self, pos: Pos) -> usize {
        self.board.index(pos)
    }

    /// The terrain of a square on the board.
    #[must_use]
    pub fn terrain_at(&self, pos: Pos) -> TerrainId {
        self.board.terrain_at(pos)
    }

    /// Every square, row by row.
    pub fn squares(&self) -> impl Iterator<Item = Pos> + use<> {
        self.board.squares()
    }

    /// The index of the unit standing on a square.
    #[must_use]
    pub fn unit_index_at(&self, pos: Pos) -> Option<usize> {
        self.units.iter().position(|u| u.pos == pos)
    }

    /// Counters per army of a unit kind: this scenario's pool, else the ruleset's; `None` for
    /// no limit.
    #[must_use]
    pub fn counter_limit(&self, card: &UnitKind) -> Option<u32> {
        self.counters.get(&card.id).copied().unwrap_or(card.counters)
    }

    /// The squares of a seat's starting units of a kind, one per counter (a passenger on its
    /// transport's square).
    pub fn starting_counters<'a>(&'a self, seat: usize, kind: &'a str) -> impl Iterator<Item = Pos> + 'a {
        self.units
            .iter()
            .filter(move |u| usize::from(u.owner) == seat)
            .flat_map(|u| {
                std::iter::once(u.kind.as_str())
                    .chain(u.passengers.iter().map(|p| p.kind.as_str()))
                    .map(move |k| (k, u.pos))
            })
            .filter(move |(k, _)| *k == kind)
            .map(|(_, pos)| pos)
    }
}
