//! What a player can ask for ([`Action`]), what happens ([`Event`]), and every named reason an
//! action is refused ([`Rejection`]).

use super::ids::{CoId, ColumnId, PlayerId, Pos, TerrainId, UnitId, UnitKindId};
use super::state::{Outcome, PowerLevel};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Something the player whose turn it is asks to do.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Move a unit along `path`: the squares it enters, in order, each orthogonally next to the
    /// one before (the first next to the unit). A foot unit whose path ends on its own
    /// transport with room boards it.
    Move {
        /// The unit.
        unit: UnitId,
        /// The squares entered, in order.
        path: Vec<Pos>,
    },
    /// Fire at an enemy unit in range.
    Attack {
        /// The firing unit.
        unit: UnitId,
        /// The target.
        target: UnitId,
    },
    /// Declare a capture of the property the unit stands on.
    Capture {
        /// The capturing foot unit.
        unit: UnitId,
    },
    /// Put a passenger down on a square next to its transport.
    Unload {
        /// The transport.
        transport: UnitId,
        /// The passenger.
        passenger: UnitId,
        /// The square it goes to.
        to: Pos,
    },
    /// Buy a unit at an own, empty factory.
    Buy {
        /// The factory square.
        factory: Pos,
        /// The unit card.
        kind: UnitKindId,
    },
    /// Use the CO's Power or Super Power.
    UsePower {
        /// Which level.
        level: PowerLevel,
    },
    /// End the turn.
    EndTurn,
}

/// Which strike of a combat a roll or result belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Strike {
    /// The attacker firing.
    Attack,
    /// The defender firing back.
    Counter,
}

/// Why a player was defeated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DefeatReason {
    /// Their HQ was captured.
    HqCaptured,
    /// They fielded units and lost every one.
    AllUnitsEliminated,
}

/// Something that happened; applying an action returns them in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A seat that asked for a random CO was dealt one, before the first turn.
    CoDealt {
        /// The seat.
        player: PlayerId,
        /// The CO dealt.
        co: CoId,
    },
    /// A player's turn began.
    TurnStarted {
        /// Whose turn.
        player: PlayerId,
        /// The round.
        round: u32,
    },
    /// A power ran out at the start of its player's turn.
    PowerEnded {
        /// Whose.
        player: PlayerId,
        /// Which level.
        level: PowerLevel,
    },
    /// Income was paid.
    IncomeCollected {
        /// To whom.
        player: PlayerId,
        /// How much.
        amount: u32,
        /// Funds afterwards.
        funds: u32,
    },
    /// A unit regained HP.
    UnitRepaired {
        /// The unit.
        unit: UnitId,
        /// HP afterwards.
        hp: u8,
    },
    /// A unit moved.
    UnitMoved {
        /// The unit.
        unit: UnitId,
        /// Where it started.
        from: Pos,
        /// Where it ended.
        to: Pos,
        /// Movement points spent.
        cost: u32,
    },
    /// A foot unit boarded a transport.
    UnitLoaded {
        /// The passenger.
        unit: UnitId,
        /// The transport.
        transport: UnitId,
    },
    /// A passenger was put down.
    UnitUnloaded {
        /// The passenger.
        unit: UnitId,
        /// The transport.
        transport: UnitId,
        /// Its square.
        to: Pos,
    },
    /// A strike was resolved up to its die: the chart lookup.
    StrikeDeclared {
        /// Attack or counter-attack.
        strike: Strike,
        /// The firing unit.
        attacker: UnitId,
        /// The unit fired at.
        target: UnitId,
        /// Firepower minus defense.
        initial_damage: i32,
        /// The chart column of the target's square.
        column: ColumnId,
        /// Hits for certain.
        hits: u8,
        /// The die number, if the cell has one.
        die: Option<u8>,
    },
    /// A d6 was rolled for an extra hit.
    DieRolled {
        /// Attack or counter-attack.
        strike: Strike,
        /// The face rolled.
        roll: u8,
        /// The die number it had to meet.
        needed: u8,
        /// Whether it added a hit.
        hit: bool,
    },
    /// A unit lost HP.
    UnitDamaged {
        /// The unit.
        unit: UnitId,
        /// HP lost.
        hits: u8,
        /// HP left.
        hp: u8,
        /// Whether it is now reduced.
        reduced: bool,
    },
    /// A unit was eliminated (a passenger goes with its transport).
    UnitEliminated {
        /// The unit.
        unit: UnitId,
        /// Its owner.
        owner: PlayerId,
        /// The player credited, if an enemy caused it.
        by: Option<PlayerId>,
    },
    /// A player's charge track advanced.
    ChargeGained {
        /// Whose.
        player: PlayerId,
        /// Stars now.
        charge: u8,
    },
    /// Capture points were taken from a property.
    CaptureProgressed {
        /// The capturing unit.
        unit: UnitId,
        /// The property.
        pos: Pos,
        /// Points taken so far.
        points: u32,
        /// Points the property holds.
        required: u32,
    },
    /// A capture in progress was abandoned (the unit left or died).
    CaptureLost {
        /// The property.
        pos: Pos,
    },
    /// A property changed hands.
    PropertyCaptured {
        /// The property.
        pos: Pos,
        /// The former owner.
        from: Option<PlayerId>,
        /// The new owner.
        to: PlayerId,
    },
    /// A captured HQ became a city of its captor ([house], as in Advance Wars), so no player
    /// ever holds two HQs and nobody is defeatable through one they took.
    HqBecameCity {
        /// The square.
        pos: Pos,
        /// The city terrain it now holds.
        terrain: TerrainId,
    },
    /// A unit was bought.
    UnitBought {
        /// The new unit.
        unit: UnitId,
        /// Its card.
        kind: UnitKindId,
        /// Its factory.
        pos: Pos,
        /// Price paid.
        cost: u32,
        /// Funds afterwards.
        funds: u32,
    },
    /// A CO power was used.
    PowerUsed {
        /// Whose.
        player: PlayerId,
        /// Which level.
        level: PowerLevel,
    },
    /// A player's turn ended.
    TurnEnded {
        /// Whose.
        player: PlayerId,
    },
    /// A player is out of the game.
    PlayerDefeated {
        /// Who.
        player: PlayerId,
        /// Why.
        reason: DefeatReason,
    },
    /// A property became neutral because its owner left the game.
    PropertyNeutralized {
        /// The property.
        pos: Pos,
    },
    /// The game is over.
    GameEnded {
        /// How.
        outcome: Outcome,
    },
}

/// Every reason an action can be refused, by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rejection {
    /// The game has ended.
    GameOver,
    /// No unit with that id is in play.
    NoSuchUnit(UnitId),
    /// The unit belongs to another player.
    NotYourUnit(UnitId),
    /// The unit has finished its activation this turn.
    UnitAlreadyActed(UnitId),
    /// The unit was bought this turn and acts next turn.
    UnitBoughtThisTurn(UnitId),
    /// The unit was unloaded this turn and acts next turn.
    UnitUnloadedThisTurn(UnitId),
    /// The unit rides in a transport; only the transport can put it down.
    UnitIsLoaded(UnitId),
    /// A unit has been bought: moving and attacking are over for this turn.
    PurchasePhaseStarted,
    /// The unit has already moved this activation.
    AlreadyMoved(UnitId),
    /// The path is empty.
    EmptyPath,
    /// A step of the path is not orthogonally next to the square before it.
    PathNotOrthogonal {
        /// The offending square.
        at: Pos,
    },
    /// The path leaves the board.
    OffBoard {
        /// The square off the board.
        at: Pos,
    },
    /// The path crosses a square another unit stands on.
    PathBlocked {
        /// The occupied square.
        at: Pos,
    },
    /// The unit's move type cannot enter a square of the path.
    TerrainImpassable {
        /// The square.
        at: Pos,
        /// Its terrain's name.
        terrain: String,
    },
    /// The path costs more movement points than the unit has.
    NotEnoughMovement {
        /// Points the path costs.
        needed: u32,
        /// Points the unit has.
        available: u32,
    },
    /// The path ends on an occupied square the unit cannot board.
    DestinationOccupied {
        /// The square.
        at: Pos,
    },
    /// The transport at the end of the path is full.
    TransportFull(UnitId),
    /// The unit has no weapon.
    NoWeapon(UnitId),
    /// An indirect unit that moved this turn may not fire.
    IndirectMovedCannotFire(UnitId),
    /// The target is outside the unit's range.
    TargetOutOfRange {
        /// Distance to the target.
        distance: u32,
        /// Nearest range.
        min: u8,
        /// Farthest range.
        max: u8,
    },
    /// The target is the player's own unit.
    TargetIsFriendly(UnitId),
    /// The target rides inside a transport and cannot be attacked.
    TargetIsLoaded(UnitId),
    /// Only units that can capture (foot units) may capture.
    CannotCapture(UnitId),
    /// The unit does not stand on a property.
    NotOnProperty(Pos),
    /// The property already belongs to the capturing player.
    PropertyAlreadyOwned(Pos),
    /// No property of the player's at that square is a factory.
    NotYourFactory(Pos),
    /// A unit stands on the factory.
    FactoryOccupied(Pos),
    /// The ruleset has no such unit kind.
    UnknownUnitKind(UnitKindId),
    /// Every counter of the kind is on the board or lost as an enemy's medal.
    NoCounterLeft {
        /// The kind asked for.
        kind: UnitKindId,
        /// The army's counters of that kind.
        limit: u32,
    },
    /// The unit costs more than the player has.
    InsufficientFunds {
        /// The price.
        cost: u32,
        /// Money in hand.
        funds: u32,
    },
    /// The unit is not a transport.
    NotATransport(UnitId),
    /// The passenger is not inside that transport.
    NotAPassenger(UnitId),
    /// The unload square is not orthogonally next to the transport.
    UnloadNotAdjacent(Pos),
    /// The unload square is taken.
    UnloadBlocked(Pos),
    /// The passenger cannot stand on the unload square.
    UnloadTerrainImpassable(Pos),
    /// The player has no CO.
    NoCo,
    /// The charge track is not far enough along.
    PowerNotCharged {
        /// Stars needed.
        needed: u8,
        /// Stars on the track.
        charge: u8,
    },
    /// A power is already in force.
    PowerAlreadyActive,
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::GameOver => write!(f, "the game is over"),
            Rejection::NoSuchUnit(u) => write!(f, "{u} is not in play"),
            Rejection::NotYourUnit(u) => write!(f, "{u} belongs to another player"),
            Rejection::UnitAlreadyActed(u) => write!(f, "{u} has already acted this turn"),
            Rejection::UnitBoughtThisTurn(u) => write!(f, "{u} was bought this turn and acts next turn"),
            Rejection::UnitUnloadedThisTurn(u) => write!(f, "{u} was unloaded this turn and acts next turn"),
            Rejection::UnitIsLoaded(u) => write!(f, "{u} is inside a transport; unload it first"),
            Rejection::PurchasePhaseStarted => write!(f, "units were bought this turn, so no unit may move or fire"),
            Rejection::AlreadyMoved(u) => write!(f, "{u} has already moved this turn"),
            Rejection::EmptyPath => write!(f, "the path is empty"),
            Rejection::PathNotOrthogonal { at } => {
                write!(f, "the path jumps to {at}; units move one square orthogonally at a time")
            }
            Rejection::OffBoard { at } => write!(f, "{at} is off the board"),
            Rejection::PathBlocked { at } => {
                write!(f, "a unit at {at} blocks the path; units may not move through other units")
            }
            Rejection::TerrainImpassable { at, terrain } => write!(f, "this unit cannot enter {terrain} at {at}"),
            Rejection::NotEnoughMovement { needed, available } => {
                write!(f, "the path costs {needed} MP but the unit has {available}")
            }
            Rejection::DestinationOccupied { at } => write!(f, "{at} is occupied"),
            Rejection::TransportFull(u) => write!(f, "{u} has no room"),
            Rejection::NoWeapon(u) => write!(f, "{u} has no weapon"),
            Rejection::IndirectMovedCannotFire(u) => {
                write!(f, "{u} is an indirect unit and moved this turn, so it cannot fire")
            }
            Rejection::TargetOutOfRange { distance, min, max } => {
                write!(f, "the target is {distance} squares away; range is {min} to {max}")
            }
            Rejection::TargetIsFriendly(u) => write!(f, "{u} is a friendly unit"),
            Rejection::TargetIsLoaded(u) => write!(f, "{u} is inside a transport and cannot be attacked"),
            Rejection::CannotCapture(u) => write!(f, "{u} cannot capture; only foot units capture"),
            Rejection::NotOnProperty(p) => write!(f, "there is no property at {p}"),
            Rejection::PropertyAlreadyOwned(p) => write!(f, "the property at {p} is already yours"),
            Rejection::NotYourFactory(p) => write!(f, "there is no factory of yours at {p}"),
            Rejection::FactoryOccupied(p) => write!(f, "a unit stands on the factory at {p}"),
            Rejection::UnknownUnitKind(k) => write!(f, "unit kind #{} is not in the ruleset", k.0),
            Rejection::NoCounterLeft { kind, limit } => {
                write!(f, "all {limit} counters of unit kind #{} are on the board or lost as enemy medals", kind.0)
            }
            Rejection::InsufficientFunds { cost, funds } => write!(f, "it costs ${cost} and you have ${funds}"),
            Rejection::NotATransport(u) => write!(f, "{u} is not a transport"),
            Rejection::NotAPassenger(u) => write!(f, "{u} is not inside that transport"),
            Rejection::UnloadNotAdjacent(p) => write!(f, "{p} is not next to the transport"),
            Rejection::UnloadBlocked(p) => write!(f, "{p} is occupied"),
            Rejection::UnloadTerrainImpassable(p) => write!(f, "the passenger cannot stand at {p}"),
            Rejection::NoCo => write!(f, "this player has no CO"),
            Rejection::PowerNotCharged { needed, charge } => {
                write!(f, "the power needs {needed} stars; the track shows {charge}")
            }
            Rejection::PowerAlreadyActive => write!(f, "a power is already in force this turn"),
        }
    }
}

impl std::error::Error for Rejection {}
