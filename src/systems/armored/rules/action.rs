//! What a player does in Armored Advance (`Action`), what happens (`Event`, every die among
//! them), and why the rules refuse an action (`Rejection`, one named reason each).

use crate::table::Facing;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Something a player does on their turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// A move action: straight to `to` (micrometres), ending facing `facing`.
    Move {
        /// The unit, by index.
        unit: usize,
        /// Where its centre ends.
        to: (i64, i64),
        /// Which way it ends facing.
        facing: Facing,
    },
    /// A light vehicle's free move of 2" (3" when it started the turn on a road), no action
    /// spent.
    FreeMove {
        /// The unit.
        unit: usize,
        /// Where its centre ends.
        to: (i64, i64),
        /// Which way it ends facing.
        facing: Facing,
    },
    /// Fires one weapon at one enemy.
    Fire {
        /// The firer.
        unit: usize,
        /// The weapon, by index on its card.
        weapon: usize,
        /// The target unit.
        target: usize,
    },
    /// Accurate: both actions for one shot at +1 to hit, with no move this turn.
    AccurateFire {
        /// The firer.
        unit: usize,
        /// The weapon.
        weapon: usize,
        /// The target.
        target: usize,
    },
    /// Scout: marks an enemy in sight within 60" for a friendly unit (one action).
    Scout {
        /// The scout.
        unit: usize,
        /// The enemy marked.
        target: usize,
        /// The friendly unit that gains the bonus.
        friend: usize,
    },
    /// Boards a transport (infantry) or hooks up to a tow (a field gun): one action of the
    /// transport or tow.
    Embark {
        /// The infantry or gun.
        unit: usize,
        /// The transport or tow.
        carrier: usize,
    },
    /// Gets out of a transport or unhooks from a tow, next to it: no action.
    Disembark {
        /// The infantry or gun.
        unit: usize,
        /// Where its centre ends.
        to: (i64, i64),
        /// Which way it faces.
        facing: Facing,
    },
    /// A Support vehicle within 12" spends both actions firing at tank traps: they and every
    /// tank trap within 3" of them are cleared.
    Demolish {
        /// The Support vehicle.
        unit: usize,
        /// The tank-trap piece, by index in the table.
        piece: usize,
    },
    /// Alternate deployment: places a unit of the side to deploy within its zone.
    Deploy {
        /// The unit.
        unit: usize,
        /// Where its centre stands.
        to: (i64, i64),
        /// Which way it faces.
        facing: Facing,
    },
    /// Ends the turn.
    EndTurn,
}

/// What a die was rolled for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Roll {
    /// Who takes the first turn.
    FirstTurn,
    /// To hit.
    Hit,
    /// To penetrate.
    Penetration,
    /// Anti-infantry kills.
    Kills,
    /// Men lost when a transport is destroyed (D3-1).
    Casualties,
    /// Artillery HE's damage dice.
    Shell,
    /// Who deploys first.
    Deployment,
}

/// Something that happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// A die, with what it was for and whose.
    Die {
        /// What for.
        roll: Roll,
        /// The side rolling.
        side: u8,
        /// The face.
        face: u8,
    },
    /// A side takes the first turn.
    FirstTurn {
        /// The side.
        side: u8,
    },
    /// A side places the next unit (alternate deployment).
    Deploys {
        /// The side.
        side: u8,
    },
    /// A unit is placed on the table.
    Deployed {
        /// The unit.
        unit: usize,
        /// Where it stands.
        to: (i64, i64),
    },
    /// A side's turn begins.
    TurnStarted {
        /// The side.
        side: u8,
        /// The round.
        round: u32,
    },
    /// A unit moved.
    Moved {
        /// The unit.
        unit: usize,
        /// From (micrometres).
        from: (i64, i64),
        /// To.
        to: (i64, i64),
        /// The inches of its allowance it used, in micrometres.
        cost: i64,
        /// Whether it was the free move.
        free: bool,
    },
    /// A unit fired.
    Fired {
        /// The firer.
        unit: usize,
        /// The weapon.
        weapon: usize,
        /// The target.
        target: usize,
        /// Edge to edge, micrometres.
        range: i64,
        /// The roll needed to hit (7: cannot).
        needed: u8,
    },
    /// A die missed by exactly 1 is rolled again: firing at advantage.
    Advantage,
    /// The shot missed.
    Missed,
    /// The shot hit; the penetration roll needed (0: automatic, 7: cannot).
    Hit {
        /// The roll needed to penetrate.
        needed: u8,
    },
    /// It bounced off.
    Bounced,
    /// Damage done.
    Damaged {
        /// The unit hit.
        unit: usize,
        /// Damage.
        damage: u32,
        /// Hit points left.
        left: u32,
    },
    /// Men lost by an infantry unit.
    MenLost {
        /// The unit.
        unit: usize,
        /// Men lost.
        men: u32,
        /// Men left.
        left: u32,
    },
    /// A unit is destroyed.
    Destroyed {
        /// The unit.
        unit: usize,
        /// Where it stood (micrometres), for the balance lab's heatmap.
        at: (i64, i64),
        /// Its side (the other side took it).
        side: u8,
    },
    /// A scout marked an enemy for a friendly unit.
    Scouted {
        /// The scout.
        unit: usize,
        /// The enemy.
        target: usize,
        /// The friendly unit.
        friend: usize,
        /// Taken from its roll to hit.
        bonus: u8,
    },
    /// A unit boarded a transport or hooked up to a tow.
    Embarked {
        /// The infantry or gun.
        unit: usize,
        /// The transport or tow.
        carrier: usize,
    },
    /// A unit got out of its transport or off its tow.
    Disembarked {
        /// The unit.
        unit: usize,
        /// Where it stands.
        to: (i64, i64),
    },
    /// A destroyed transport's passengers are thrown out.
    ThrownOut {
        /// The passenger.
        unit: usize,
    },
    /// Tank traps cleared.
    Demolished {
        /// The pieces, by index in the table.
        pieces: Vec<usize>,
    },
    /// An indirect-fire unit is set up after a turn without moving.
    SetUp {
        /// The unit.
        unit: usize,
    },
    /// Victory points scored at the end of the other side's turn.
    Scored {
        /// The side.
        side: u8,
        /// Points.
        points: u32,
    },
    /// The game is over.
    GameOver {
        /// The winner, none for a draw.
        winner: Option<u8>,
        /// How, in words.
        how: String,
    },
}

/// Why an action is refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rejection {
    /// The game is over.
    GameOver,
    /// No such unit, or it is destroyed.
    NoSuchUnit,
    /// The unit is the other side's.
    NotYourUnit,
    /// The side's action limit for this turn is spent.
    ActionLimitSpent,
    /// The unit's own action pool is spent.
    UnitActionsSpent,
    /// The move is longer than its allowance (micrometres asked, allowed).
    BeyondReach {
        /// What the path costs.
        cost: i64,
        /// What it may spend.
        allowance: i64,
    },
    /// The area its hull sweeps on the way (or where it ends) meets a piece it may not enter:
    /// the piece's name and the hull's width across its facing, in micrometres.
    HullBlocked {
        /// The piece, as people name it (`Tank Traps 2`).
        piece: String,
        /// The hull's width across its facing.
        width: i64,
        /// Another piece beside it that stops the unit, and the gap between them, when the gap
        /// is narrower than the hull.
        gap: Option<(String, i64)>,
    },
    /// It would end overlapping another unit.
    Blocked,
    /// Its hull would pass through another unit on the way (the reading `through_units=around`).
    PathBlocked,
    /// The gun it tows could not follow: why.
    TowedGun(Box<Rejection>),
    /// It would end off the table.
    OffTable,
    /// Slow Reverse: a move over half its stat must end facing the way it went.
    MustFaceTravel,
    /// A field gun cannot move itself there or further.
    Immobile,
    /// Only a light vehicle has a free move, once a turn.
    NoFreeMove,
    /// No such weapon.
    NoSuchWeapon,
    /// That weapon has fired as often as it may this turn.
    WeaponSpent,
    /// Long Reload: it fired last turn.
    Reloading,
    /// The target is not an enemy.
    NotAnEnemy,
    /// Anti-infantry weapons fire at infantry, guns at vehicles and field guns.
    WrongTarget,
    /// Beyond the weapon's range.
    OutOfRange,
    /// Not in sight: not enough of it can be seen.
    NotInSight,
    /// It rides inside a transport: "not eligible to be attacked by anti-infantry fire".
    Riding,
    /// Concealed: it neither moved nor fired last turn, so it cannot be targeted.
    Concealed,
    /// A squad's weapon for another strength: the men it has, and the strength the weapon is
    /// for.
    SquadStrength {
        /// Men in the squad.
        men: u32,
        /// The fewest the weapon is for.
        least: u8,
        /// The most.
        most: u8,
    },
    /// A single-use weapon is used up for the game (its uses).
    UsedUp {
        /// Uses a game.
        uses: u8,
    },
    /// Accurate: it fired an Accurate shot this turn, so it cannot move, free moves included.
    FiredAccurate,
    /// Outside the weapon's arc (Casemate).
    OutOfArc,
    /// The unit rides in a transport or is hooked to a tow.
    Carried,
    /// It got out of a transport or lost its transport this turn: no action.
    Stunned,
    /// A field gun fires only when infantry mans it (within 1", behind it).
    Unmanned,
    /// The infantry mans a gun whose armour faces the firer: anti-infantry fire cannot reach it.
    ShelteredByGun,
    /// The unit lacks the keyword for this action (its name).
    LacksKeyword(String),
    /// The action needs both of the unit's actions, unspent, and two of the limit.
    NeedsBothActions,
    /// Accurate: the unit has moved this turn, and an Accurate shot forbids moving that turn.
    HasMoved,
    /// Too far for this (inches asked, allowed, in micrometres).
    TooFar {
        /// The distance.
        distance: i64,
        /// The most allowed.
        allowed: i64,
    },
    /// The transport has no room, or the tow already has a gun.
    NoRoom,
    /// Only infantry boards a transport and only a field gun hooks to a tow.
    CannotBoard,
    /// The unit is not in a transport or on a tow.
    NotCarried,
    /// Indirect fire: the unit has not spent a whole turn setting up.
    NotSetUp,
    /// Indirect fire: the target moved too far last turn to be targeted.
    MovedTooFast,
    /// Indirect fire: the target stands within a piece's cover range behind it.
    InCover,
    /// That piece is not a standing tank trap.
    NotATankTrap,
    /// The sides are still deploying: only placing a unit is allowed.
    Deploying,
    /// Deployment is over (or the scenario places the forces).
    NotDeploying,
    /// That unit is already on the table.
    NotInReserve,
    /// A unit deploys wholly inside one of its side's deployment zones.
    OutsideZone,
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::GameOver => write!(f, "the game is over"),
            Rejection::NoSuchUnit => write!(f, "no such unit on the table"),
            Rejection::NotYourUnit => write!(f, "that unit is the other side's"),
            Rejection::ActionLimitSpent => write!(f, "the action limit for this turn is spent"),
            Rejection::UnitActionsSpent => write!(f, "the unit has spent its action pool"),
            Rejection::BeyondReach { cost, allowance } => write!(
                f,
                "the move costs {:.2}\" of a {:.2}\" allowance",
                *cost as f64 / 25_400.0,
                *allowance as f64 / 25_400.0
            ),
            Rejection::HullBlocked { piece, width, gap: None } => write!(
                f,
                "the hull ({:.1}\" wide) does not fit past {piece}: it would cross it on the way or end on it",
                *width as f64 / crate::table::UM_PER_INCH as f64
            ),
            Rejection::HullBlocked { piece, width, gap: Some((other, gap)) } => write!(
                f,
                "the hull does not fit between {piece} and {other}: {:.1}\" wide, the gap is {:.1}\"",
                *width as f64 / crate::table::UM_PER_INCH as f64,
                *gap as f64 / crate::table::UM_PER_INCH as f64
            ),
            Rejection::Blocked => write!(f, "it would end on another unit"),
            Rejection::TowedGun(why) => write!(f, "the gun it tows could not follow behind it: {why}"),
            Rejection::PathBlocked => {
                write!(f, "its hull would pass through another unit on the way (units are driven around, not through)")
            }
            Rejection::OffTable => write!(f, "it would end off the table"),
            Rejection::MustFaceTravel => {
                write!(f, "Slow Reverse: over half its move, it must end facing the way it went")
            }
            Rejection::Immobile => write!(f, "a field gun cannot go there by itself"),
            Rejection::NoFreeMove => write!(f, "only a light vehicle has a free move, once a turn"),
            Rejection::NoSuchWeapon => write!(f, "no such weapon on its card"),
            Rejection::WeaponSpent => write!(f, "that weapon has fired as often as it may this turn"),
            Rejection::Reloading => write!(f, "Long Reload: it fired last turn"),
            Rejection::NotAnEnemy => write!(f, "the target is not an enemy"),
            Rejection::WrongTarget => write!(f, "anti-infantry weapons fire at infantry, guns at vehicles and guns"),
            Rejection::OutOfRange => write!(f, "the target is beyond the weapon's range"),
            Rejection::NotInSight => write!(f, "not enough of the target can be seen"),
            Rejection::Riding => {
                write!(
                    f,
                    "it rides inside a transport: units inside transports cannot be attacked by anti-infantry fire"
                )
            }
            Rejection::Concealed => {
                write!(f, "Concealed: it neither moved nor fired last turn, so it cannot be targeted")
            }
            Rejection::SquadStrength { men, least, most } => {
                write!(f, "the squad has {men} men: that weapon is for a squad of {least} to {most}")
            }
            Rejection::UsedUp { uses } => write!(
                f,
                "that weapon is used up for the game ({uses} use{} a game)",
                if *uses == 1 { "" } else { "s" }
            ),
            Rejection::FiredAccurate => {
                write!(f, "Accurate: it fired an Accurate shot this turn, so it cannot move, free moves included")
            }
            Rejection::OutOfArc => write!(f, "the target is outside the weapon's arc"),
            Rejection::Carried => write!(f, "it rides in a transport or is on a tow"),
            Rejection::Stunned => write!(f, "it got out of a transport or lost one: no action this turn"),
            Rejection::Unmanned => {
                write!(
                    f,
                    "a field gun works only manned: it fires, moves and demolishes with infantry within 1\" behind it"
                )
            }
            Rejection::ShelteredByGun => {
                write!(f, "it mans a gun whose armour faces the firer: anti-infantry fire cannot reach it")
            }
            Rejection::LacksKeyword(keyword) => write!(f, "it does not have {keyword}"),
            Rejection::NeedsBothActions => write!(f, "that takes both of its actions, unspent, and two of the limit"),
            Rejection::HasMoved => {
                write!(f, "Accurate: it has moved this turn, and one cannot move and fire an Accurate shot")
            }
            Rejection::TooFar { distance, allowed } => write!(
                f,
                "it is {:.2}\" away; at most {:.2}\"",
                *distance as f64 / 25_400.0,
                *allowed as f64 / 25_400.0
            ),
            Rejection::NoRoom => write!(f, "no room: the transport is full or the tow has a gun"),
            Rejection::CannotBoard => write!(f, "only infantry boards a transport, only a field gun hooks to a tow"),
            Rejection::NotCarried => write!(f, "it is not in a transport or on a tow"),
            Rejection::NotSetUp => write!(f, "indirect fire: it has not spent a whole turn setting up"),
            Rejection::MovedTooFast => write!(f, "indirect fire: the target moved too far last turn"),
            Rejection::InCover => write!(f, "indirect fire: the target is in cover behind a piece"),
            Rejection::NotATankTrap => write!(f, "that is not a standing tank trap"),
            Rejection::Deploying => write!(f, "the sides are still deploying: place a unit"),
            Rejection::NotDeploying => write!(f, "deployment is over"),
            Rejection::NotInReserve => write!(f, "that unit is already on the table"),
            Rejection::OutsideZone => write!(f, "a unit deploys wholly inside one of its side's deployment zones"),
        }
    }
}
