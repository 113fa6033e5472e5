//! The game's plain data: the setup a game starts from and the state it moves through.

use super::ids::{CoId, PlayerId, Pos, UnitId, UnitKindId};
use super::ruleset::{PropertyKind, Ruleset};
use crate::dice::Dice;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

pub use crate::board::Board;

/// How a game can be won; any combination may be chosen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VictoryConditions {
    /// Capturing an enemy HQ, or eliminating every enemy unit, defeats that enemy.
    pub conquest: bool,
    /// The first player to eliminate this many enemy units wins.
    pub victory_medals: Option<u32>,
    /// The first player to own this many cities wins.
    pub city_conquest: Option<u32>,
    /// The game ends after this many rounds, decided by the tie-break.
    pub turn_limit: Option<TurnLimit>,
}

impl Default for VictoryConditions {
    fn default() -> Self {
        Self { conquest: true, victory_medals: None, city_conquest: None, turn_limit: None }
    }
}

/// A limit on the number of rounds and how a game that reaches it is decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnLimit {
    /// The last round played; every player has had this many turns when the game ends.
    pub rounds: u32,
    /// Who wins when the limit is reached.
    pub tie_break: TieBreak,
}

/// How a game that reaches its turn limit is decided; a tie on the measure is a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TieBreak {
    /// The game is a draw.
    Draw,
    /// Most cities owned (HQs count), then most medals.
    MostCities,
    /// Most victory medals, then most cities.
    MostMedals,
    /// Highest total cost of surviving units.
    MostUnitValue,
}

/// A unit to place when the game starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitSetup {
    /// Its card.
    pub kind: UnitKindId,
    /// Its player.
    pub owner: PlayerId,
    /// Its HP, 1 to the ruleset's maximum.
    pub hp: u8,
    /// Its square.
    pub pos: Pos,
    /// Units carried inside it (kind and HP), for a transport.
    pub passengers: Vec<(UnitKindId, u8)>,
}

/// A seat's commanding officer, when the optional CO rules are used: "CO cards are chosen
/// randomly at the beginning of the game or each player may choose".
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum CoChoice<C = CoId> {
    /// No CO.
    #[default]
    NoCo,
    /// The CO the player chose.
    Chosen(C),
    /// A CO dealt from the seeded dice when the game starts, never one another seat has.
    Random,
}

impl<C> CoChoice<C> {
    /// The chosen CO, if the seat chose one.
    #[must_use]
    pub fn chosen(&self) -> Option<&C> {
        match self {
            CoChoice::Chosen(co) => Some(co),
            CoChoice::NoCo | CoChoice::Random => None,
        }
    }
}

/// A player at the start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSetup {
    /// Their commanding officer, when the optional CO rules are used.
    pub co: CoChoice,
    /// Money in hand.
    pub funds: u32,
}

/// Everything a game starts from: what a scenario hands to the rules core.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSetup {
    /// The board.
    pub board: Board,
    /// Owned properties; every other property starts neutral.
    pub owned_properties: Vec<(Pos, PlayerId)>,
    /// Starting units.
    pub units: Vec<UnitSetup>,
    /// Two to four players; their order is turn order.
    pub players: Vec<PlayerSetup>,
    /// The seat that moves first.
    pub first_player: PlayerId,
    /// How the game is won.
    pub victory: VictoryConditions,
    /// The scenario's changes to the ruleset's counter pools: counters per army of a kind,
    /// `None` for no limit. Kinds not listed keep the ruleset's pool.
    #[serde(default)]
    pub counter_limits: BTreeMap<UnitKindId, Option<u32>>,
    /// The house readings the game plays by.
    #[serde(default)]
    pub readings: super::Readings,
}

/// What a unit may still do this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Has not acted this turn.
    Ready,
    /// Has moved; a direct unit may still fire, a foot unit capture, a transport unload.
    Moved,
    /// A transport that has begun unloading; it may unload its other passengers.
    Unloading,
    /// Has finished its activation.
    Done,
    /// Bought this turn: acts next turn.
    JustBought,
    /// Unloaded this turn: acts next turn.
    JustUnloaded,
}

/// A unit in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Stable identity.
    pub id: UnitId,
    /// Its card.
    pub kind: UnitKindId,
    /// Its player.
    pub owner: PlayerId,
    /// Hit points left.
    pub hp: u8,
    /// Its square (the transport's square while carried).
    pub pos: Pos,
    /// What it may still do this turn.
    pub status: Status,
    /// The transport it rides in, if any.
    pub carried_by: Option<UnitId>,
}

/// The level of a CO's power.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PowerLevel {
    /// The first level (small stars).
    Power,
    /// The second level (the last star).
    SuperPower,
}

/// A player during the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    /// Money in hand.
    pub funds: u32,
    /// Their CO, if the optional rules are used.
    pub co: Option<CoId>,
    /// Stars on the charge track.
    pub charge: u8,
    /// A power in force until the start of this player's next turn.
    pub active_power: Option<PowerLevel>,
    /// Enemy units this player has eliminated.
    pub medals: u32,
    /// Counters of each kind this army has lost for the rest of the game: under Victory
    /// Medals an eliminated unit goes to its eliminator as a medal (rule 4.0).
    #[serde(default)]
    pub lost_counters: BTreeMap<UnitKindId, u32>,
    /// Whether this player has ever had a unit on the board; only then can losing every unit
    /// defeat them.
    pub fielded: bool,
    /// Out of the game.
    pub defeated: bool,
}

/// Capture points taken from a property by the unit standing on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Capture {
    /// The property.
    pub pos: Pos,
    /// The capturing unit; its progress is lost when it leaves or dies.
    pub unit: UnitId,
    /// Points taken so far.
    pub points: u32,
}

/// Which part of the turn it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Units move and attack.
    MoveAndAttack,
    /// A unit has been bought: no unit may move or attack until the next turn.
    Purchase,
}

/// Why a player won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum VictoryReason {
    /// Every other player was defeated by Conquest (HQ captured or all units eliminated).
    Conquest,
    /// Reached the Victory Medals target.
    VictoryMedals,
    /// Reached the City Conquest target.
    CityConquest,
    /// Won the tie-break when the turn limit was reached.
    TurnLimit,
}

/// How the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// Still being played.
    Ongoing,
    /// Over, with a winner.
    Won {
        /// The winner.
        winner: PlayerId,
        /// How.
        reason: VictoryReason,
    },
    /// Over with no winner (turn limit with a tied or `Draw` tie-break).
    Draw,
}

impl Status {
    /// As a player reads it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Status::Ready => "ready",
            Status::Moved => "moved",
            Status::Unloading => "unloading",
            Status::Done => "done this turn",
            Status::JustBought => "bought this turn",
            Status::JustUnloaded => "unloaded this turn",
        }
    }
}

impl PowerLevel {
    /// As the CO card names it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            PowerLevel::Power => "CO Power",
            PowerLevel::SuperPower => "Super CO Power",
        }
    }
}

impl VictoryReason {
    /// As the rules name the victory condition.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            VictoryReason::Conquest => "Conquest",
            VictoryReason::VictoryMedals => "Victory Medals",
            VictoryReason::CityConquest => "City Conquest",
            VictoryReason::TurnLimit => "the turn limit's tie-break",
        }
    }
}

impl TieBreak {
    /// Every tie-break, in the settings' order.
    pub const ALL: [TieBreak; 4] =
        [TieBreak::Draw, TieBreak::MostCities, TieBreak::MostMedals, TieBreak::MostUnitValue];

    /// What decides, as a sentence's object: "then most cities decide".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TieBreak::Draw => "a draw",
            TieBreak::MostCities => "most cities",
            TieBreak::MostMedals => "most victory medals",
            TieBreak::MostUnitValue => "most unit value",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => write!(f, "the game goes on"),
            Outcome::Won { winner, reason } => write!(f, "{winner} wins by {}", reason.name()),
            Outcome::Draw => write!(f, "the game is a draw"),
        }
    }
}

/// The whole state of a game in progress; with the ruleset it decides everything.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    /// The board.
    pub board: Board,
    /// Owner of each square's property, row-major; `None` for neutral or no property.
    pub owners: Vec<Option<PlayerId>>,
    /// Captures in progress.
    pub captures: Vec<Capture>,
    /// Units in play, sorted by id.
    pub units: Vec<Unit>,
    /// The id the next unit will get.
    pub next_unit_id: u32,
    /// Every unit the game has had, in the order they came: its id, player and card. A unit
    /// keeps its name from it ([`GameState::unit_name`]) after it is gone.
    #[serde(default)]
    pub roster: Vec<(UnitId, PlayerId, UnitKindId)>,
    /// Players in seat order.
    pub players: Vec<PlayerState>,
    /// The seat whose turn it is.
    pub current: PlayerId,
    /// The seat that moves first; a round ends when play comes back to it.
    pub first_player: PlayerId,
    /// The round, from 1.
    pub round: u32,
    /// The part of the turn.
    pub phase: Phase,
    /// The unit whose activation is under way, if any.
    pub active_unit: Option<UnitId>,
    /// How the game is won.
    pub victory: VictoryConditions,
    /// The seeded dice.
    pub dice: Dice,
    /// How the game stands.
    pub outcome: Outcome,
    /// Owner of each square's property when the game started, for City Conquest, which
    /// counts the cities a player has captured ("cities that need to be captured").
    #[serde(default)]
    pub start_owners: Vec<Option<PlayerId>>,
    /// The scenario's changes to the ruleset's counter pools (see [`GameSetup::counter_limits`]).
    #[serde(default)]
    pub counter_limits: BTreeMap<UnitKindId, Option<u32>>,
    /// The seed the game started with. The computer player takes one coin from it, the same
    /// all game, for the ties a symmetry leaves open (which of two equally near enemies to
    /// face): fair over many games, and the same in a replay.
    #[serde(default)]
    pub seed: u64,
    /// The house readings the game plays by (see [`GameSetup::readings`]).
    #[serde(default)]
    pub readings: super::Readings,
}

/// Why a setup cannot start a game: every problem, each saying where.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SetupError {
    /// Each problem.
    pub problems: Vec<String>,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the game cannot start: {}", self.problems.join("; "))
    }
}

impl std::error::Error for SetupError {}

/// The largest board side the rules core accepts.
pub const MAX_BOARD_SIDE: u16 = 200;

impl GameState {
    /// The unit with this id, if it is still in play.
    #[must_use]
    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.units.binary_search_by_key(&id, |u| u.id).ok().map(|index| &self.units[index])
    }

    /// A unit's name for people, the same from the start of the game to its end, gone or not,
    /// and never another unit's: its player, its card and its number among that player's units
    /// of that card in the order they came ("player 1's Infantry 2"; the framework puts the
    /// seat's name for "player 1").
    #[must_use]
    pub fn unit_name(&self, rules: &Ruleset, id: UnitId) -> String {
        let card = |kind: UnitKindId| rules.units.get(kind.index()).map_or("unit", |u| u.name.as_str());
        match self.roster.iter().find(|(known, _, _)| *known == id) {
            Some(&(_, owner, kind)) => {
                let number = self.roster.iter().filter(|(u, o, k)| *o == owner && *k == kind && *u <= id).count();
                format!("{owner}'s {} {number}", card(kind))
            }
            // A game saved before units were named keeps what it has: player and card.
            None => self.unit(id).map_or_else(|| "a unit".to_owned(), |u| format!("{}'s {}", u.owner, card(u.kind))),
        }
    }

    pub(crate) fn unit_mut(&mut self, id: UnitId) -> Option<&mut Unit> {
        self.units.binary_search_by_key(&id, |u| u.id).ok().map(|index| &mut self.units[index])
    }

    /// The unit standing on a square (not counting passengers).
    #[must_use]
    pub fn unit_at(&self, pos: Pos) -> Option<&Unit> {
        self.units.iter().find(|u| u.pos == pos && u.carried_by.is_none())
    }

    /// The passengers of a transport, in id order.
    pub fn passengers(&self, transport: UnitId) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(move |u| u.carried_by == Some(transport))
    }

    /// The owner of the property on a square, if any.
    #[must_use]
    pub fn owner_at(&self, pos: Pos) -> Option<PlayerId> {
        self.owners[self.board.index(pos)]
    }

    /// The property kind on a square, if any.
    #[must_use]
    pub fn property_at(&self, rules: &Ruleset, pos: Pos) -> Option<PropertyKind> {
        rules.terrain(self.board.terrain_at(pos)).property
    }

    /// A player's state.
    #[must_use]
    pub fn player(&self, id: PlayerId) -> &PlayerState {
        &self.players[id.index()]
    }

    /// The capture under way on a square, if any.
    #[must_use]
    pub fn capture_at(&self, pos: Pos) -> Option<&Capture> {
        self.captures.iter().find(|c| c.pos == pos)
    }

    /// The squares of a player's properties of one kind, row by row.
    pub fn properties_of<'a>(
        &'a self,
        rules: &'a Ruleset,
        player: PlayerId,
        kind: PropertyKind,
    ) -> impl Iterator<Item = Pos> + 'a {
        self.board
            .squares()
            .filter(move |&pos| self.owner_at(pos) == Some(player) && self.property_at(rules, pos) == Some(kind))
    }

    /// Properties of one kind a player owns.
    #[must_use]
    pub fn count_owned(&self, rules: &Ruleset, player: PlayerId, kind: PropertyKind) -> u32 {
        count(self.properties_of(rules, player, kind))
    }

    /// Whether the property on `pos` is `player`'s and friendly: owned by them and, unless the
    /// ruleset says otherwise, not part-way through an enemy's capture (rules 3.1 and 3.2).
    #[must_use]
    pub fn is_friendly(&self, rules: &Ruleset, pos: Pos, player: PlayerId) -> bool {
        self.owner_at(pos) == Some(player) && (rules.economy.contested_is_friendly || self.capture_at(pos).is_none())
    }

    /// Friendly properties of one kind a player holds (see [`GameState::is_friendly`]).
    #[must_use]
    pub fn count_friendly(&self, rules: &Ruleset, player: PlayerId, kind: PropertyKind) -> u32 {
        count(self.properties_of(rules, player, kind).filter(|&pos| self.is_friendly(rules, pos, player)))
    }

    /// Cities a player holds that were not theirs when the game started: the cities they have
    /// captured and kept (a captured HQ, now a city, counts too).
    #[must_use]
    pub fn cities_captured(&self, rules: &Ruleset, player: PlayerId) -> u32 {
        let held_from_start =
            |pos: Pos| self.start_owners.get(self.board.index(pos)).copied().flatten() == Some(player);
        count(self.properties_of(rules, player, PropertyKind::City).filter(|&pos| !held_from_start(pos)))
    }

    /// How many counters of a kind each army has: the scenario's pool, else the ruleset's;
    /// `None` for no limit.
    #[must_use]
    pub fn counter_limit(&self, rules: &Ruleset, kind: UnitKindId) -> Option<u32> {
        self.counter_limits.get(&kind).copied().unwrap_or(rules.unit(kind).counters)
    }

    /// Counters of a kind a player cannot use for a new unit: those on the board (passengers
    /// included) and those lost as an enemy's medals.
    #[must_use]
    pub fn counters_in_use(&self, player: PlayerId, kind: UnitKindId) -> u32 {
        let on_board = self.units.iter().filter(|u| u.owner == player && u.kind == kind).count();
        let lost = self.player(player).lost_counters.get(&kind).copied().unwrap_or(0);
        u32::try_from(on_board).unwrap_or(u32::MAX).saturating_add(lost)
    }

    /// Counters of a kind a player still has for buying; `None` when the pool has no limit.
    #[must_use]
    pub fn counters_left(&self, rules: &Ruleset, player: PlayerId, kind: UnitKindId) -> Option<u32> {
        self.counter_limit(rules, kind).map(|limit| limit.saturating_sub(self.counters_in_use(player, kind)))
    }

    /// Builds the state a game starts in, checking the setup whole first.
    ///
    /// # Errors
    /// Every problem that would make the game unplayable: a unit off the board or on terrain
    /// it cannot enter, two units on a square, an owner that is not a player, and so on.
    pub fn from_setup(rules: &Ruleset, setup: &GameSetup, seed: u64) -> Result<Self, SetupError> {
        let problems = check_setup(rules, setup);
        if !problems.is_empty() {
            return Err(SetupError { problems });
        }
        let board = setup.board.clone();
        let mut owners = vec![None; board.terrain.len()];
        for &(pos, owner) in &setup.owned_properties {
            owners[board.index(pos)] = Some(owner);
        }
        let mut units = Vec::new();
        let mut next_id = 0;
        let mut players: Vec<PlayerState> = setup
            .players
            .iter()
            .map(|p| PlayerState {
                funds: p.funds,
                co: p.co.chosen().copied(),
                charge: 0,
                active_power: None,
                medals: 0,
                lost_counters: BTreeMap::new(),
                fielded: false,
                defeated: false,
            })
            .collect();
        for unit in &setup.units {
            let id = UnitId(next_id);
            next_id += 1;
            units.push(Unit {
                id,
                kind: unit.kind,
                owner: unit.owner,
                hp: unit.hp,
                pos: unit.pos,
                status: Status::Ready,
                carried_by: None,
            });
            players[unit.owner.index()].fielded = true;
            for &(kind, hp) in &unit.passengers {
                units.push(Unit {
                    id: UnitId(next_id),
                    kind,
                    owner: unit.owner,
                    hp,
                    pos: unit.pos,
                    status: Status::Ready,
                    carried_by: Some(id),
                });
                next_id += 1;
            }
        }
        let roster = units.iter().map(|u| (u.id, u.owner, u.kind)).collect();
        Ok(Self {
            roster,
            board,
            start_owners: owners.clone(),
            owners,
            captures: Vec::new(),
            units,
            next_unit_id: next_id,
            players,
            current: setup.first_player,
            first_player: setup.first_player,
            round: 1,
            phase: Phase::MoveAndAttack,
            active_unit: None,
            victory: setup.victory.clone(),
            dice: Dice::new(seed),
            outcome: Outcome::Ongoing,
            counter_limits: setup.counter_limits.clone(),
            readings: setup.readings,
            seed,
        })
    }
}

/// The COs a random seat may be dealt, in ruleset order: those no seat chose.
#[must_use]
pub fn cos_free_to_deal(rules: &Ruleset, setup: &GameSetup) -> Vec<CoId> {
    (0..rules.cos.len())
        .filter_map(|i| u8::try_from(i).ok())
        .map(CoId)
        .filter(|co| setup.players.iter().all(|p| p.co.chosen() != Some(co)))
        .collect()
}

/// How many squares an iterator yields, as the `u32` the rules count in.
fn count(squares: impl Iterator<Item = Pos>) -> u32 {
    u32::try_from(squares.count()).unwrap_or(u32::MAX)
}

fn check_setup(rules: &Ruleset, setup: &GameSetup) -> Vec<String> {
    let mut problems = Vec::new();
    let board = &setup.board;
    if board.width == 0 || board.height == 0 || board.width > MAX_BOARD_SIDE || board.height > MAX_BOARD_SIDE {
        problems
            .push(format!("the board is {} x {}; each side must be 1 to {MAX_BOARD_SIDE}", board.width, board.height));
        return problems;
    }
    if board.terrain.len() != usize::from(board.width) * usize::from(board.height) {
        problems.push(format!(
            "the board lists {} squares but {} x {} needs {}",
            board.terrain.len(),
            board.width,
            board.height,
            usize::from(board.width) * usize::from(board.height)
        ));
        return problems;
    }
    if let Some(index) = board.terrain.iter().position(|t| t.index() >= rules.terrains.len()) {
        problems.push(format!("square {index} names terrain #{} which the ruleset lacks", board.terrain[index].0));
        return problems;
    }
    let player_count = setup.players.len();
    if !(2..=4).contains(&player_count) {
        problems.push(format!("{player_count} players; the game needs 2 to 4"));
    }
    if setup.first_player.index() >= player_count {
        problems.push(format!("the first player is {} but there are {player_count} players", setup.first_player));
    }
    if let Some(limit) = setup.victory.turn_limit
        && limit.rounds == 0
    {
        problems.push("the turn limit is 0 rounds; a game lasts at least 1 round".into());
    }
    if setup.victory.city_conquest == Some(0) {
        problems.push("City Conquest asks for 0 cities; the target must be at least 1".into());
    }
    for (seat, player) in setup.players.iter().enumerate() {
        if let Some(co) = player.co.chosen()
            && co.index() >= rules.cos.len()
        {
            problems.push(format!("player {} has CO #{} which the ruleset lacks", seat + 1, co.0));
        }
    }
    let random_seats = setup.players.iter().filter(|p| p.co == CoChoice::Random).count();
    let free_cos = cos_free_to_deal(rules, setup).len();
    if random_seats > free_cos {
        problems.push(format!(
            "{random_seats} seats get a random CO but only {free_cos} COs are not chosen by another seat"
        ));
    }
    if let Some(kind) = setup.counter_limits.keys().find(|k| k.index() >= rules.units.len()) {
        problems.push(format!("a counter pool names kind #{} which the ruleset lacks", kind.0));
    }
    let mut placed = BTreeMap::<(usize, UnitKindId), u32>::new();
    for unit in &setup.units {
        for kind in std::iter::once(unit.kind).chain(unit.passengers.iter().map(|p| p.0)) {
            *placed.entry((unit.owner.index(), kind)).or_default() += 1;
        }
    }
    for (&(seat, kind), &count) in &placed {
        let Some(card) = rules.units.get(kind.index()) else { continue };
        if let Some(limit) = setup.counter_limits.get(&kind).copied().unwrap_or(card.counters)
            && count > limit
        {
            problems.push(format!(
                "player {} starts with {count} {} units but the army has {limit} counters of that kind",
                seat + 1,
                card.name
            ));
        }
    }
    for &(pos, owner) in &setup.owned_properties {
        if !board.contains(pos) {
            problems.push(format!("an owned property at {pos} is off the board"));
        } else if rules.terrain(board.terrain_at(pos)).property.is_none() {
            problems.push(format!("{pos} is owned but holds no property"));
        }
        if owner.index() >= player_count {
            problems.push(format!("the property at {pos} belongs to {owner}, who is not playing"));
        }
    }
    let mut occupied = vec![false; board.terrain.len()];
    let max_hp = rules.economy.max_hp;
    for unit in &setup.units {
        let place = format!("the unit at {}", unit.pos);
        if unit.kind.index() >= rules.units.len() {
            problems.push(format!("{place} is of kind #{} which the ruleset lacks", unit.kind.0));
            continue;
        }
        let card = rules.unit(unit.kind);
        if unit.owner.index() >= player_count {
            problems.push(format!("{place} belongs to {}, who is not playing", unit.owner));
        }
        if !(1..=max_hp).contains(&unit.hp) {
            problems.push(format!("{place} has {} HP; it must be 1 to {max_hp}", unit.hp));
        }
        if !board.contains(unit.pos) {
            problems.push(format!("{place} is off the board"));
            continue;
        }
        let index = board.index(unit.pos);
        if occupied[index] {
            problems.push(format!("two units stand at {}", unit.pos));
        }
        occupied[index] = true;
        if rules.move_cost(unit.kind, board.terrain_at(unit.pos)).is_none() {
            problems.push(format!(
                "{place} is a {} on {}, which it cannot enter",
                card.name,
                rules.terrain(board.terrain_at(unit.pos)).name
            ));
        }
        if !unit.passengers.is_empty() {
            match &card.transport {
                None => problems.push(format!("{place} is a {} and cannot carry units", card.name)),
                Some(transport) => {
                    if unit.passengers.len() > usize::from(transport.capacity) {
                        problems.push(format!(
                            "{place} carries {} units; a {} holds {}",
                            unit.passengers.len(),
                            card.name,
                            transport.capacity
                        ));
                    }
                    for &(kind, hp) in &unit.passengers {
                        if kind.index() >= rules.units.len() {
                            problems.push(format!("{place} carries kind #{} which the ruleset lacks", kind.0));
                        } else if !transport.carries.contains(&rules.unit(kind).move_type) {
                            problems
                                .push(format!("{place} carries a {}, which it cannot carry", rules.unit(kind).name));
                        }
                        if !(1..=max_hp).contains(&hp) {
                            problems.push(format!("a passenger at {} has {hp} HP; it must be 1 to {max_hp}", unit.pos));
                        }
                    }
                }
            }
        }
    }
    problems
}
