//! The house readings of Armored Advance: where the text is silent or contradicts itself, a
//! named switch with a default and the sentence it resolves. A scenario may set them; the
//! balance lab sweeps them (`reading.NAME=A,B`).

use serde::{Deserialize, Serialize};

/// Every reading's value.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
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

/// One reading as `ruleset` lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadingInfo {
    /// Its name (`reading.NAME=VALUE`).
    pub name: &'static str,
    /// The values it takes, the default first.
    pub values: &'static [&'static str],
    /// The sentence of the text it resolves.
    pub sentence: &'static str,
}

/// Every reading, its values and the sentence it resolves.
pub const READINGS: [ReadingInfo; 7] = [
    ReadingInfo {
        name: "band_edge",
        values: &["farther", "nearer"],
        sentence: "\"< 6\\\" 1+, < 12\\\" 2+ ...\": the table gives no band for exactly 6\", 12\", ...",
    },
    ReadingInfo {
        name: "natural_one_misses",
        values: &["no", "yes"],
        sentence: "\"Necessary Roll 1+\": whether a 1 can still miss is not said",
    },
    ReadingInfo {
        name: "foliage",
        values: &["roll", "range"],
        sentence: "Foliage \"Adds 3\\\" to the range\" (Shooting) against \"the roll required to hit is increased by 2\" (Terrain)",
    },
    ReadingInfo {
        name: "wall",
        values: &["penetration", "armour"],
        sentence: "A wall \"Adds 1 to the armor value\" (Shooting) against \"lose 2 penetration power for each wall\" (Terrain)",
    },
    ReadingInfo {
        name: "advantage_on_penetration",
        values: &["no", "yes"],
        sentence: "\"if the attacker rolls slightly too little ... eligible to reroll that attack\": the hit roll only, or penetration too",
    },
    ReadingInfo {
        name: "turn_limit",
        values: &["rounds", "player_turns"],
        sentence: "\"Once the turn limit expires\": turns of one player or of both",
    },
    ReadingInfo {
        name: "sight_threshold",
        values: &["0.25", "0.1", "0.5"],
        sentence: "\"a notable portion of the vehicle exposed ... no 'pixel' sniping\"",
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
