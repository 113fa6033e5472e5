//! What a Skirm player can do ([`Action`]), why the rules refuse it ([`Rejection`], every
//! reason named), and what happens ([`Event`], every die roll among them).

use super::ruleset::Medal;
use crate::board::{Edge, Pos};
use serde::{Deserialize, Serialize};

/// What an attack aims at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Target {
    /// A unit.
    Unit(UnitId),
    /// A barrel or turret, by index in the state's items.
    Item(usize),
    /// An empty square (a Blast weapon may aim at one).
    Square(Pos),
}

/// One decision of a player.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Starts the activation of a ready unit of the squad to act.
    Activate {
        /// The unit.
        unit: UnitId,
    },
    /// The squad with two or more units fewer lets the other squad activate first (once per
    /// turn).
    Delay,
    /// Move (up to 3 squares).
    Move {
        /// Where it ends.
        to: Pos,
    },
    /// Dash or crawl (up to 1 square).
    Dash {
        /// Where it ends.
        to: Pos,
    },
    /// LPx: up to x squares in a straight line, over heights and difficult squares.
    Leap {
        /// Where it lands.
        to: Pos,
    },
    /// A Ranged Attack.
    Ranged {
        /// The weapon, by id.
        weapon: String,
        /// The target, or several adjacent ones for a Spread weapon.
        targets: Vec<Target>,
    },
    /// A Melee Attack.
    Melee {
        /// The weapon, by id (a melee weapon, or a ranged one with MCR).
        weapon: String,
        /// The target, in an adjacent square.
        target: Target,
    },
    /// Fires the turret on the unit's square.
    UseTurret {
        /// The target, or several adjacent ones for a Spread turret.
        targets: Vec<Target>,
    },
    /// Opens or closes the door on an edge of the unit's square.
    Door {
        /// The edge.
        edge: Edge,
    },
    /// Picks up the marker on the unit's square.
    PickUp,
    /// Drops the carried marker on the unit's square.
    Drop,
    /// Opens the crate on the unit's square and takes one of the contents left.
    OpenCrate {
        /// The content chosen.
        content: CrateContent,
    },
    /// Uses the medkit on the unit or an adjacent squadmate.
    Medkit {
        /// Who is healed.
        target: UnitId,
    },
    /// The mission's action, on an objective square.
    MissionAction,
    /// Spends a free re-roll (BRx, PRx, TGx) or a Tactical Order to re-roll a die of the roll
    /// waiting.
    Reroll {
        /// The die, from 0.
        die: usize,
    },
    /// Spends a Tactical Order to change a die by one.
    Adjust {
        /// The die, from 0.
        die: usize,
        /// Up (+1) or down (-1).
        up: bool,
    },
    /// Accepts the roll waiting as it stands.
    Accept,
    /// Ends the activation under way.
    EndActivation,
}

/// Why an action is refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rejection {
    /// The battle is over.
    GameOver,
    /// A roll waits for its owner's choices.
    RollPending,
    /// No roll waits.
    NoRollPending,
    /// A unit is activating; finish it first.
    ActivationUnderway,
    /// No unit is activating.
    NoActivation,
    /// No such unit.
    NoSuchUnit(UnitId),
    /// The unit belongs to the other squad.
    NotYourUnit(UnitId),
    /// The unit has activated this turn or is taken out.
    NotReady(UnitId),
    /// Only the squad with two or more units fewer may delay, once a turn, while the other
    /// squad has a unit to activate.
    CannotDelay,
    /// The action costs more than the ACT and Tactical Orders left.
    NotEnoughActions {
        /// Its cost.
        cost: u8,
        /// ACT left.
        act: u8,
        /// Tactical Orders left.
        orders: u8,
    },
    /// The square cannot be reached with this move.
    Unreachable(Pos),
    /// The unit has no Leap.
    CannotLeap,
    /// The leap is not a straight line within its reach over passable squares to a free one.
    BadLeap(Pos),
    /// The unit does not carry this weapon.
    NoSuchWeapon(String),
    /// A LIM weapon already used.
    WeaponSpent(String),
    /// The weapon cannot make this kind of attack.
    WrongWeapon(String),
    /// No target given, or more than one for a weapon without Spread.
    BadTargets,
    /// The target does not exist or is gone.
    NoSuchTarget,
    /// A square target needs a Blast weapon and an empty square.
    NotASquareTarget,
    /// A ranged target may not be adjacent.
    TargetAdjacent,
    /// A melee target must be adjacent.
    TargetNotAdjacent,
    /// Beyond the weapon's range (or this turn's cap).
    OutOfRange {
        /// The distance.
        distance: u32,
        /// The range.
        range: u8,
    },
    /// No line of sight.
    NotInSight,
    /// A squadmate is adjacent to the target.
    SquadmateNextToTarget,
    /// An enemy is adjacent to the attacker.
    EnemyAdjacent,
    /// Spread targets must each be adjacent to another.
    SpreadApart,
    /// No turret on the unit's square.
    NoTurret,
    /// No door on that edge of the unit's square.
    NoDoor,
    /// No marker to pick up here, or the unit carries one already.
    NoMarker,
    /// The unit carries no marker.
    NotCarrying,
    /// No crate on the unit's square.
    NoCrate,
    /// That crate content was chosen already this battle, or cannot be chosen (no used LIM
    /// weapon to refill).
    ContentUnavailable(CrateContent),
    /// No unused medkit.
    NoMedkit,
    /// The unit to heal is not the unit or an adjacent squadmate, or has every HIT.
    CannotHeal(UnitId),
    /// The mission has no action, the unit is not on an objective, or the squad did it there.
    NoMissionAction,
    /// No such die in the roll.
    NoSuchDie(usize),
    /// A die is re-rolled only once.
    AlreadyRerolled(usize),
    /// No Tactical Order left to spend.
    NoOrders,
    /// A die stays between 1 and 6.
    FaceOutOfRange,
    /// This die was not rolled (an automatic strike).
    NotRolled(usize),
}

impl std::fmt::Display for Rejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::GameOver => write!(f, "the battle is over"),
            Self::RollPending => write!(f, "a roll waits: re-roll, adjust or accept it first"),
            Self::NoRollPending => write!(f, "no roll waits"),
            Self::ActivationUnderway => write!(f, "a unit is activating; end its activation first"),
            Self::NoActivation => write!(f, "no unit is activating; activate one first"),
            Self::NoSuchUnit(u) => write!(f, "there is no unit {u}"),
            Self::NotYourUnit(u) => write!(f, "unit {u} belongs to the other squad"),
            Self::NotReady(u) => write!(f, "unit {u} has activated this turn or is taken out"),
            Self::CannotDelay => write!(
                f,
                "only a squad with two or more units fewer may delay, once a turn, while the other squad has a unit to activate"
            ),
            Self::NotEnoughActions { cost, act, orders } => {
                write!(f, "it costs {cost} ACT; {act} ACT and {orders} Tactical Orders are left")
            }
            Self::Unreachable(p) => write!(f, "{p} cannot be reached with this move"),
            Self::CannotLeap => write!(f, "the unit has no Leap"),
            Self::BadLeap(p) => {
                write!(f, "{p} is not a straight leap within reach over passable squares to a free one")
            }
            Self::NoSuchWeapon(w) => write!(f, "the unit does not carry '{w}'"),
            Self::WeaponSpent(w) => write!(f, "'{w}' has limited ammo and was used"),
            Self::WrongWeapon(w) => write!(f, "'{w}' cannot make this attack"),
            Self::BadTargets => write!(f, "give one target (several adjacent ones only for a Spread weapon)"),
            Self::NoSuchTarget => write!(f, "the target is not on the map"),
            Self::NotASquareTarget => write!(f, "only a Blast weapon may aim at a square, and only an empty one"),
            Self::TargetAdjacent => write!(f, "a ranged target may not be adjacent"),
            Self::TargetNotAdjacent => write!(f, "a melee target must be adjacent"),
            Self::OutOfRange { distance, range } => {
                write!(f, "the target is {distance} squares away; the range is {range}")
            }
            Self::NotInSight => write!(f, "the target is not in line of sight"),
            Self::SquadmateNextToTarget => write!(f, "a squadmate is adjacent to the target"),
            Self::EnemyAdjacent => write!(f, "an enemy is adjacent to the attacker"),
            Self::SpreadApart => write!(f, "each Spread target must be adjacent to another"),
            Self::NoTurret => write!(f, "there is no turret on the unit's square"),
            Self::NoDoor => write!(f, "there is no door on that edge of the unit's square"),
            Self::NoMarker => write!(f, "there is no marker to pick up here, or the unit carries one"),
            Self::NotCarrying => write!(f, "the unit carries no marker"),
            Self::NoCrate => write!(f, "there is no crate on the unit's square"),
            Self::ContentUnavailable(c) => write!(f, "crate content '{}' cannot be chosen", c.name()),
            Self::NoMedkit => write!(f, "the unit has no unused medkit"),
            Self::CannotHeal(u) => write!(f, "unit {u} is not the unit or an adjacent squadmate missing HIT"),
            Self::NoMissionAction => write!(f, "no mission action can be done here"),
            Self::NoSuchDie(d) => write!(f, "there is no die {d} in the roll"),
            Self::AlreadyRerolled(d) => write!(f, "die {d} was re-rolled already"),
            Self::NoOrders => write!(f, "no Tactical Order is left"),
            Self::FaceOutOfRange => write!(f, "a die stays between 1 and 6"),
            Self::NotRolled(d) => write!(f, "die {d} is an automatic strike, not a roll"),
        }
    }
}

/// What a roll is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RollKind {
    /// A squad's initiative die.
    Initiative,
    /// A Tactical Order die.
    TacticalOrder,
    /// The environment's event die.
    Event,
    /// An attack die.
    Attack,
    /// A save die.
    Save,
    /// A heal die (MedPack, medkit).
    Heal,
    /// Shuffling the secondary objective deck.
    Shuffle,
}

/// Something that happened, in order. Every die rolled is a [`Event::Die`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A turn began.
    TurnStarted {
        /// The turn, from 1.
        turn: u8,
    },
    /// A squad drew its secondary objective (by index in the ruleset).
    SecondaryDrawn {
        /// The squad.
        squad: u8,
        /// The card.
        card: usize,
    },
    /// A die was rolled.
    Die {
        /// What for.
        kind: RollKind,
        /// Whose roll.
        squad: Option<u8>,
        /// The face (for a shuffle, the position drawn).
        face: u8,
    },
    /// The initiative roll-off was tied and is rolled again.
    InitiativeTied,
    /// A squad won the initiative.
    Initiative {
        /// The squad.
        squad: u8,
    },
    /// A squad's Tactical Orders for the turn.
    TacticalOrders {
        /// The squad.
        squad: u8,
        /// Dice rolled (3 and one per LDx).
        dice: u8,
        /// Orders.
        orders: u8,
    },
    /// The environment's event for the turn.
    EnvironmentEvent {
        /// Its name.
        name: String,
    },
    /// A squad's orders changed outside an action (an event, a crate).
    OrdersChanged {
        /// The squad.
        squad: u8,
        /// Orders now.
        orders: u8,
    },
    /// A squad delayed its activation.
    Delayed {
        /// The squad.
        squad: u8,
    },
    /// A unit began its activation.
    Activated {
        /// The unit.
        unit: UnitId,
        /// Its ACT for this activation.
        act: u8,
    },
    /// An action was paid for.
    Paid {
        /// Which action.
        action: ActionKind,
        /// ACT spent.
        act: u8,
        /// Tactical Orders spent.
        orders: u8,
    },
    /// A unit moved.
    Moved {
        /// The unit.
        unit: UnitId,
        /// From.
        from: Pos,
        /// To.
        to: Pos,
        /// Squares of movement it took.
        cost: u32,
    },
    /// An attack began against one target.
    Attack {
        /// The attacker (none for an explosion).
        attacker: Option<UnitId>,
        /// The weapon, by id (none for an explosion or a wreck).
        weapon: Option<String>,
        /// The target.
        target: Target,
        /// Skill the dice roll against.
        skill: u8,
        /// The target is in cover (one automatic save).
        cover: bool,
    },
    /// An attack die taken as a strike without rolling (AHx, support).
    AutomaticStrike,
    /// The attacker chose to roll an automatic die after all (AHx: "You may still choose to
    /// roll that die"): it now counts as rolled.
    AutomaticRolled {
        /// The die.
        die: usize,
        /// Its face.
        face: u8,
    },
    /// A die of the waiting roll was re-rolled.
    Rerolled {
        /// The die.
        die: usize,
        /// The new face.
        face: u8,
        /// Paid with a Tactical Order (not a free re-roll).
        order: bool,
    },
    /// A die of the waiting roll was changed by a Tactical Order.
    Adjusted {
        /// The die.
        die: usize,
        /// The face it showed.
        from: u8,
        /// The new face.
        face: u8,
    },
    /// The attack dice as accepted.
    Strikes {
        /// Strikes.
        strikes: u8,
        /// Damage dealt.
        damage: u32,
    },
    /// An automatic save (cover).
    AutomaticSave,
    /// The saves as accepted.
    Saves {
        /// Failed saves.
        failed: u32,
    },
    /// A unit or turret lost HIT.
    HitsLost {
        /// What was hit.
        target: Target,
        /// HIT lost.
        hits: u8,
        /// HIT left.
        remaining: u8,
    },
    /// A unit was taken out.
    TakenOut {
        /// The unit.
        unit: UnitId,
        /// The enemy unit credited.
        by: Option<UnitId>,
    },
    /// A unit was stunned (one ACT less next activation).
    Stunned {
        /// The unit.
        unit: UnitId,
    },
    /// A barrel exploded.
    BarrelExploded {
        /// Its index.
        item: usize,
        /// Its square.
        pos: Pos,
    },
    /// A turret was destroyed.
    TurretDestroyed {
        /// Its index.
        item: usize,
        /// Its square.
        pos: Pos,
    },
    /// A door opened or closed.
    Door {
        /// The edge.
        edge: Edge,
        /// Open now.
        open: bool,
    },
    /// A marker was picked up.
    PickedUp {
        /// The unit.
        unit: UnitId,
        /// The marker.
        marker: usize,
    },
    /// A marker was dropped.
    Dropped {
        /// The marker.
        marker: usize,
        /// Where.
        pos: Pos,
    },
    /// A crate was opened.
    CrateOpened {
        /// The unit.
        unit: UnitId,
        /// What it took.
        content: CrateContent,
    },
    /// A unit regained HIT.
    Healed {
        /// The unit.
        unit: UnitId,
        /// HIT regained.
        hits: u8,
    },
    /// A LIM weapon can be used once more.
    Refilled {
        /// The unit.
        unit: UnitId,
        /// The weapon.
        weapon: String,
    },
    /// A squad performed the mission action on an objective.
    MissionAction {
        /// The squad.
        squad: u8,
        /// The objective, by index.
        objective: usize,
    },
    /// A squad scored Mission Points.
    Scored {
        /// The squad.
        squad: u8,
        /// Points.
        points: u32,
        /// Why.
        reason: String,
    },
    /// An activation ended.
    ActivationEnded {
        /// The unit.
        unit: UnitId,
    },
    /// A squad revealed its secondary objective and scored it.
    SecondaryScored {
        /// The squad.
        squad: u8,
        /// The card.
        card: usize,
    },
    /// Tactical Orders left at the end of the turn were lost.
    OrdersLost {
        /// The squad.
        squad: u8,
        /// How many.
        orders: u8,
    },
    /// The battle ended.
    BattleEnded {
        /// The winner, or none for a draw.
        winner: Option<u8>,
        /// Each squad's Mission Points.
        points: [u32; 2],
    },
    /// A unit earned a medal.
    MedalEarned {
        /// The unit.
        unit: UnitId,
        /// The medal.
        medal: Medal,
        /// XP gained (none for a unit with NEQ).
        xp: u8,
    },
}

/// A unit's index in [`GameState::units`]; units are never removed, only taken out.
pub type UnitId = usize;

/// What a crate may hold; each content can be chosen once per battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CrateContent {
    /// The squad gains 1 Mission Point.
    MissionPoint,
    /// The unit regains 1D3 HIT.
    MedPack,
    /// A used LIM weapon may be used once more.
    AmmoRefill,
    /// The squad gains 1 Tactical Order.
    TacticalOrder,
}

impl CrateContent {
    /// All four, in the text's order.
    pub const ALL: [CrateContent; 4] = [Self::MissionPoint, Self::MedPack, Self::AmmoRefill, Self::TacticalOrder];

    /// Its name in scripts (`mp`, `medpack`, `ammo`, `to`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::MissionPoint => "mp",
            Self::MedPack => "medpack",
            Self::AmmoRefill => "ammo",
            Self::TacticalOrder => "to",
        }
    }
}

/// An action kind, for the rule that a repeat in one activation costs one more.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ActionKind {
    /// Move.
    Move,
    /// Dash/Crawl.
    Dash,
    /// Leap (LPx).
    Leap,
    /// Ranged Attack.
    Ranged,
    /// Melee Attack.
    Melee,
    /// Use a turret.
    Turret,
    /// Open or close a door.
    Door,
    /// Pick up or drop a marker.
    PickUpDrop,
    /// Open a crate.
    OpenCrate,
    /// Use a medkit.
    Medkit,
    /// The mission's action.
    Mission,
}
