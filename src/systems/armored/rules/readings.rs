//! The house readings of Armored Advance: where the text is silent or contradicts itself, a
//! named switch with a default and the sentence it resolves. A scenario may set them; the
//! balance lab sweeps them (`reading.NAME=A,B`).

use serde::{Deserialize, Serialize};

/// Every reading's value.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(default)]
pub struct Readings {
    /// A range exactly on a band's edge belongs to the farther band (`farther`) or the
    /// nearer (`nearer`).
    pub band_edge: BandEdge,
    /// A natural 1 misses even where 1+ is needed.
    pub natural_one_misses: bool,
    /// Foliage between adds 2 to the roll needed (`roll`) or 3" to the range (`range`).
    pub foliage: Foliage,
    /// A wall crossed takes 2 from the penetration (`penetration`) or adds 1 to the armour
    /// (`armour`).
    pub wall: WallRule,
    /// Firing at advantage also re-rolls a penetration roll missed by exactly 1.
    pub advantage_on_penetration: bool,
    /// The turn limit counts rounds (both players) or player turns.
    pub turn_limit: TurnLimit,
    /// The share of a footprint's sample points that makes "a notable portion".
    pub sight_threshold: f64,
    /// What counts as occupying an objective: within the scenario's control radius, or base
    /// contact with the marker.
    pub occupation: Occupation,
    /// The `n` of the artillery HE damage `base - n x D6 - side armour`.
    pub he_dice: u8,
    /// A target that moved between 14" and 15" last turn: its damage halved, or not a target.
    pub indirect_gap: IndirectGap,
    /// How long a scout's mark lasts: to the end of the scouting side's turn, or one shot.
    pub scout_mark: ScoutMark,
    /// How near a transport or tow a unit boards, hooks up and gets out, in inches.
    pub boarding_reach: f64,
    /// Whether the scenario's placed units are the deployment, or the sides deploy them by
    /// the text's roll-off and alternate placement.
    pub deployment: Deployment,
}

impl Default for Readings {
    fn default() -> Self {
        Self {
            band_edge: BandEdge::Farther,
            natural_one_misses: false,
            foliage: Foliage::Roll,
            wall: WallRule::Penetration,
            advantage_on_penetration: false,
            turn_limit: TurnLimit::Rounds,
            sight_threshold: 0.25,
            occupation: Occupation::Radius,
            he_dice: 1,
            indirect_gap: IndirectGap::Halve,
            scout_mark: ScoutMark::Turn,
            boarding_reach: 1.0,
            deployment: Deployment::Placed,
        }
    }
}

/// Where a range exactly on a band's edge falls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BandEdge {
    /// "< 6\"": exactly 6" needs the next band's roll.
    Farther,
    /// Exactly 6" still has the nearer band's roll.
    Nearer,
}

/// How foliage between hinders a shot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Foliage {
    /// +2 to the roll needed, at most 6 (the Terrain chapter).
    Roll,
    /// +3" to the range (the Shooting chapter's example).
    Range,
}

/// How a wall protects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum WallRule {
    /// -2 penetration per wall crossed (the Terrain chapter).
    Penetration,
    /// +1 armour per wall crossed (the Shooting chapter's example).
    Armour,
}

/// What the turn limit counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TurnLimit {
    /// Rounds: both players have had a turn.
    Rounds,
    /// Player turns.
    PlayerTurns,
}

/// What occupies an objective.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Occupation {
    /// Men whose base lies within the objective's control radius.
    Radius,
    /// Men whose base touches the marker (its centre).
    Contact,
}

/// Indirect fire at a target that moved more than 14" but less than 15".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum IndirectGap {
    /// Halved, as from 8" (the halving band runs up to 15").
    Halve,
    /// Not a target, as beyond 15" (the untargetable band starts past 14").
    Untargetable,
}

/// How long a scout's mark lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ScoutMark {
    /// To the end of the scouting side's turn.
    Turn,
    /// For the friendly unit's next shot at the target, this turn.
    Shot,
}

/// How the forces come onto the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Deployment {
    /// Where the scenario places them (a designed table).
    Placed,
    /// The text's: a roll-off, then the sides place a unit each in turn within their zones
    /// (the scenario's places are the plan the computer follows).
    Alternate,
}

pub use crate::ruleset::Reading as ReadingInfo;

/// Every reading, its values and the sentence it resolves.
pub const READINGS: [ReadingInfo; 13] = [
    ReadingInfo {
        name: "band_edge",
        values: &["farther", "nearer"],
        sentence: "\"< 6\\\" 1+, < 12\\\" 2+ ...\": the table gives no band for exactly 6\", 12\", ...",
        changes_play: true,
    },
    ReadingInfo {
        name: "natural_one_misses",
        values: &["no", "yes"],
        sentence: "\"Necessary Roll 1+\": whether a 1 can still miss is not said",
        changes_play: true,
    },
    ReadingInfo {
        name: "foliage",
        values: &["roll", "range"],
        sentence: "Foliage \"Adds 3\\\" to the range\" (Shooting) against \"the roll required to hit is increased by 2\" (Terrain)",
        changes_play: true,
    },
    ReadingInfo {
        name: "wall",
        values: &["penetration", "armour"],
        sentence: "A wall \"Adds 1 to the armor value\" (Shooting) against \"lose 2 penetration power for each wall\" (Terrain)",
        changes_play: true,
    },
    ReadingInfo {
        name: "advantage_on_penetration",
        values: &["no", "yes"],
        sentence: "\"if the attacker rolls slightly too little ... eligible to reroll that attack\": the hit roll only, or penetration too",
        changes_play: true,
    },
    ReadingInfo {
        name: "turn_limit",
        values: &["rounds", "player_turns"],
        sentence: "\"Once the turn limit expires\": turns of one player or of both",
        changes_play: true,
    },
    ReadingInfo {
        name: "sight_threshold",
        values: &["0.25", "0.1", "0.5"],
        sentence: "\"a notable portion of the vehicle exposed ... no 'pixel' sniping\"",
        changes_play: true,
    },
    ReadingInfo {
        name: "occupation",
        values: &["radius", "contact"],
        sentence: "\"An objective is owned by a player if they have more individuals occupying that objective\": how near is occupying is not said",
        changes_play: true,
    },
    ReadingInfo {
        name: "he_dice",
        values: &["1", "2", "3"],
        sentence: "\"damage has the form of (Base Damage - n*D6 - S) ... 'n' is a factor representing accuracy\": n is given no value",
        changes_play: true,
    },
    ReadingInfo {
        name: "indirect_gap",
        values: &["halve", "untargetable"],
        sentence: "\"between 8\\\" and 14\\\" halve their incoming damage result, and those moving >15\\\" are not eligible\": 14\\\" to 15\\\" is in neither",
        changes_play: true,
    },
    ReadingInfo {
        name: "scout_mark",
        values: &["turn", "shot"],
        sentence: "\"The selected enemy unit is then 'scouted' for that friendly unit\": for how long is not said",
        changes_play: true,
    },
    ReadingInfo {
        name: "boarding_reach",
        values: &["1", "2"],
        sentence: "\"place the unit next to the transport/gun\": how near is next to is not said",
        changes_play: true,
    },
    ReadingInfo {
        name: "deployment",
        values: &["placed", "alternate"],
        sentence: "\"they roll off ... places their first unit within their deployment zone\": a designed scenario may place the forces itself",
        changes_play: true,
    },
];

impl Readings {
    /// Sets one reading by name.
    ///
    /// # Errors
    /// An unknown name or a value it does not take.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let bad = || format!("reading.{name} does not take '{value}'");
        let yes_no = |v: &str| match v {
            "yes" | "true" => Ok(true),
            "no" | "false" => Ok(false),
            _ => Err(bad()),
        };
        match name {
            "band_edge" => {
                self.band_edge = match value {
                    "farther" => BandEdge::Farther,
                    "nearer" => BandEdge::Nearer,
                    _ => return Err(bad()),
                }
            }
            "natural_one_misses" => self.natural_one_misses = yes_no(value)?,
            "foliage" => {
                self.foliage = match value {
                    "roll" => Foliage::Roll,
                    "range" => Foliage::Range,
                    _ => return Err(bad()),
                }
            }
            "wall" => {
                self.wall = match value {
                    "penetration" => WallRule::Penetration,
                    "armour" => WallRule::Armour,
                    _ => return Err(bad()),
                }
            }
            "advantage_on_penetration" => self.advantage_on_penetration = yes_no(value)?,
            "turn_limit" => {
                self.turn_limit = match value {
                    "rounds" => TurnLimit::Rounds,
                    "player_turns" => TurnLimit::PlayerTurns,
                    _ => return Err(bad()),
                }
            }
            "sight_threshold" => {
                let share: f64 = value.parse().map_err(|_| bad())?;
                if !(0.0..=1.0).contains(&share) {
                    return Err(bad());
                }
                self.sight_threshold = share;
            }
            "occupation" => {
                self.occupation = match value {
                    "radius" => Occupation::Radius,
                    "contact" => Occupation::Contact,
                    _ => return Err(bad()),
                }
            }
            "he_dice" => {
                self.he_dice = match value.parse::<u8>() {
                    Ok(n @ 1..=3) => n,
                    _ => return Err(bad()),
                }
            }
            "indirect_gap" => {
                self.indirect_gap = match value {
                    "halve" => IndirectGap::Halve,
                    "untargetable" => IndirectGap::Untargetable,
                    _ => return Err(bad()),
                }
            }
            "scout_mark" => {
                self.scout_mark = match value {
                    "turn" => ScoutMark::Turn,
                    "shot" => ScoutMark::Shot,
                    _ => return Err(bad()),
                }
            }
            "boarding_reach" => {
                let inches: f64 = value.parse().map_err(|_| bad())?;
                if !(0.0..=6.0).contains(&inches) {
                    return Err(bad());
                }
                self.boarding_reach = inches;
            }
            "deployment" => {
                self.deployment = match value {
                    "placed" => Deployment::Placed,
                    "alternate" => Deployment::Alternate,
                    _ => return Err(bad()),
                }
            }
            other => {
                return Err(format!(
                    "Armored Advance has no reading '{other}' (it knows {})",
                    READINGS.iter().map(|r| r.name).collect::<Vec<_>>().join(", ")
                ));
            }
        }
        Ok(())
    }
}
