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
    band_edge: BandEdge,
    /// A natural 1 misses even where 1+ is needed.
    natural_one_misses: bool,
    /// Foliage between adds 2 to the roll needed (`roll`) or 3" to the range (`range`).
    foliage: Foliage,
    /// A wall crossed takes 2 from the penetration (`penetration`) or adds 1 to the armour
    /// (`armour`).
    wall: WallRule,
    /// Firing at advantage also re-rolls a penetration roll missed by exactly 1.
    advantage_on_penetration: bool,
    /// The turn limit counts rounds (both players) or player turns.
    turn_limit: TurnLimit,
    /// The share of a footprint's sample points that makes "a notable portion".
    sight_threshold: f64,
    /// What counts as occupying an objective: within the scenario's control radius, or base
    /// contact with the marker.
    occupation: Occupation,
    /// The `n` of the artillery HE damage `base - n x D6 - side armour`.
    he_dice: u8,
    /// A target that moved between 14" and 15" last turn: its damage halved, or not a target.
    indirect_gap: IndirectGap,
    /// How long a scout's mark lasts: to the end of the scouting side's turn, or one shot.
    scout_mark: ScoutMark,
    /// How near a transport or tow a unit boards, hooks up and gets out, in inches.
    boarding_reach: f64,
    /// Whether the scenario's placed units are the deployment, or the sides deploy them by
    /// the text's roll-off and alternate placement.
    deployment: Deployment,
    /// Weak Spot's column of the penetration table at any range, or only at close range.
    weak_spot: WeakSpotRange,
    /// A shot rolls a die to hit and another to penetrate, or one die for both.
    shot_dice: ShotDice,
    /// Whether penetration falls with range, and by how much.
    range_penetration: RangePenetration,
    /// Two pieces of foliage between: each hinders the shot, or one does.
    foliage_pieces: FoliagePieces,
    /// Indirect fire rolls to hit as HE "must hit", or damages by its dice alone.
    indirect_hit: IndirectHit,
    /// An Annihilation scenario that sets a turn limit.
    annihilation_limit: AnnihilationLimit,
    /// Whether a move may pass through other units' hulls on the way.
    through_units: ThroughUnits,
    /// Casemate arcs and Angling measured to the other unit's centre or any of its hull.
    arc_measure: ArcMeasure,
    /// A bearing of exactly 45 degrees: the front (arc and armour) or the side.
    arc_edge: ArcEdge,
}

crate::watch::watched_readings! {
    Readings, Asked;
    0 band_edge: BandEdge;
    1 natural_one_misses: bool;
    2 foliage: Foliage;
    3 wall: WallRule;
    4 advantage_on_penetration: bool;
    5 turn_limit: TurnLimit;
    6 sight_threshold: f64;
    7 occupation: Occupation;
    8 he_dice: u8;
    9 indirect_gap: IndirectGap;
    10 scout_mark: ScoutMark;
    11 boarding_reach: f64;
    12 deployment: Deployment;
    13 weak_spot: WeakSpotRange;
    14 shot_dice: ShotDice;
    15 range_penetration: RangePenetration;
    16 foliage_pieces: FoliagePieces;
    17 indirect_hit: IndirectHit;
    18 annihilation_limit: AnnihilationLimit;
    19 through_units: ThroughUnits;
    20 arc_measure: ArcMeasure;
    21 arc_edge: ArcEdge;
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
            weak_spot: WeakSpotRange::AnyRange,
            shot_dice: ShotDice::TwoRolls,
            range_penetration: RangePenetration::None,
            foliage_pieces: FoliagePieces::Each,
            indirect_hit: IndirectHit::MustHit,
            annihilation_limit: AnnihilationLimit::Requisition,
            through_units: ThroughUnits::Pass,
            arc_measure: ArcMeasure::Centre,
            arc_edge: ArcEdge::Front,
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
    /// The text's own paraphrase, "one rounds up to the nearest 6\" interval and divides by
    /// 6": exactly 6" is 1+, and beyond 36" the roll would be 7+, no hit at all.
    Paraphrase,
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

/// Where Weak Spot's column applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum WeakSpotRange {
    /// At any range (the table has the column without a range).
    AnyRange,
    /// Only "at close range": the first two bands, below 12".
    CloseRange,
}

/// How many dice a shot rolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ShotDice {
    /// A die to hit, then a die to penetrate (the two tables read in turn).
    TwoRolls,
    /// "Resolved with a single dice roll": one die must meet both the hit roll and the
    /// penetration roll.
    SingleRoll,
}

/// Penetration lost with range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RangePenetration {
    /// None: the text names the reduction but never gives it.
    None,
    /// One point of penetration for every full 12" between the hulls.
    OnePer12,
}

/// How many pieces of foliage between firer and target count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FoliagePieces {
    /// Each piece ("if another piece of foliage obstructs the target, that piece still affects
    /// the unit"), the roll still at most 6.
    Each,
    /// One at most, however many lie between.
    Once,
}

/// Whether indirect fire rolls to hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum IndirectHit {
    /// HE "must hit": the band's roll, modified by the target's weight and movement.
    MustHit,
    /// "Rather than having to hit to do anything": the damage dice alone decide.
    NoHitRoll,
}

/// Annihilation with a turn limit in the scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnnihilationLimit {
    /// The limit is kept, and the game ends as Timed Annihilation does (requisition left).
    Requisition,
    /// "There is no turn limit in this mode": the limit is ignored.
    Ignored,
}

/// Whether a move passes through other units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThroughUnits {
    /// It may pass through them; only where it ends must be clear.
    Pass,
    /// Its swept hull may not meet another unit's hull on the way.
    Around,
}

/// What an arc or an angle is measured to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArcMeasure {
    /// The other unit's centre.
    Centre,
    /// Its hull: a Casemate may fire when any of the target's hull lies in its arc; a unit is
    /// angled only when all of the enemy's hull lies 30 to 60 degrees off its front axis.
    Hull,
}

/// A bearing of exactly 45 degrees off a unit's front axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArcEdge {
    /// Belongs to the front: inside a Casemate's arc, against the front armour.
    Front,
    /// Belongs to the side: outside a Casemate's arc, against the side armour.
    Side,
}

pub use crate::ruleset::Reading as ReadingInfo;

/// Every reading, its values and the sentence it resolves.
pub const READINGS: [ReadingInfo; 22] = [
    ReadingInfo {
        name: "band_edge",
        values: &["farther", "nearer", "paraphrase"],
        sentence: "\"< 6\\\" 1+, < 12\\\" 2+ ...\": the table gives no band for exactly 6\", 12\", ...; the text's \
                   own paraphrase, \"one rounds up to the nearest 6\\\" interval and divides by 6\", gives 1+ at \
                   exactly 6\" and no hit beyond 36\"",
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
    ReadingInfo {
        name: "weak_spot",
        values: &["any_range", "close_range"],
        sentence: "\"there is a possibility for an even more underpowered gun to find a way through at close \
                   range\": the table's Weak Spot column names no range (close range: below 12\")",
        changes_play: true,
    },
    ReadingInfo {
        name: "shot_dice",
        values: &["two_rolls", "single_roll"],
        sentence: "\"Shooting is resolved with a single dice roll\" against a roll to hit and then a penetration roll",
        changes_play: true,
    },
    ReadingInfo {
        name: "range_penetration",
        values: &["none", "one_per_12"],
        sentence: "\"with further accounts being taken for the penetration reduction with range\": the reduction \
                   is never given",
        changes_play: true,
    },
    ReadingInfo {
        name: "foliage_pieces",
        values: &["each", "once"],
        sentence: "\"If there is foliage between ... increased by 2, to a maximum of 6\": whether two pieces count \
                   twice is not said",
        changes_play: true,
    },
    ReadingInfo {
        name: "indirect_hit",
        values: &["must_hit", "no_hit_roll"],
        sentence: "Indirect: \"rather than having to hit to do anything, the damage is a function of a dice roll\" \
                   against HE, which must hit first",
        changes_play: true,
    },
    ReadingInfo {
        name: "annihilation_limit",
        values: &["requisition", "ignored"],
        sentence: "\"As there is no turn limit in this mode\": an Annihilation scenario that sets one anyway",
        changes_play: true,
    },
    ReadingInfo {
        name: "through_units",
        values: &["pass", "around"],
        sentence: "the text never says whether a unit may move through another",
        changes_play: true,
    },
    ReadingInfo {
        name: "arc_measure",
        values: &["centre", "hull"],
        sentence: "\"may only shoot within a frontal 90-degree arc\" and \"angled to an enemy if that enemy lies \
                   within 30 and 60 degrees\": to the enemy's centre or its hull",
        changes_play: true,
    },
    ReadingInfo {
        name: "arc_edge",
        values: &["front", "side"],
        sentence: "a frontal 90-degree arc and the front and side faces meet at exactly 45 degrees: which it belongs \
                   to is not said",
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
                    "paraphrase" => BandEdge::Paraphrase,
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
            "weak_spot" => {
                self.weak_spot = match value {
                    "any_range" => WeakSpotRange::AnyRange,
                    "close_range" => WeakSpotRange::CloseRange,
                    _ => return Err(bad()),
                }
            }
            "shot_dice" => {
                self.shot_dice = match value {
                    "two_rolls" => ShotDice::TwoRolls,
                    "single_roll" => ShotDice::SingleRoll,
                    _ => return Err(bad()),
                }
            }
            "range_penetration" => {
                self.range_penetration = match value {
                    "none" => RangePenetration::None,
                    "one_per_12" => RangePenetration::OnePer12,
                    _ => return Err(bad()),
                }
            }
            "foliage_pieces" => {
                self.foliage_pieces = match value {
                    "each" => FoliagePieces::Each,
                    "once" => FoliagePieces::Once,
                    _ => return Err(bad()),
                }
            }
            "indirect_hit" => {
                self.indirect_hit = match value {
                    "must_hit" => IndirectHit::MustHit,
                    "no_hit_roll" => IndirectHit::NoHitRoll,
                    _ => return Err(bad()),
                }
            }
            "annihilation_limit" => {
                self.annihilation_limit = match value {
                    "requisition" => AnnihilationLimit::Requisition,
                    "ignored" => AnnihilationLimit::Ignored,
                    _ => return Err(bad()),
                }
            }
            "through_units" => {
                self.through_units = match value {
                    "pass" => ThroughUnits::Pass,
                    "around" => ThroughUnits::Around,
                    _ => return Err(bad()),
                }
            }
            "arc_measure" => {
                self.arc_measure = match value {
                    "centre" => ArcMeasure::Centre,
                    "hull" => ArcMeasure::Hull,
                    _ => return Err(bad()),
                }
            }
            "arc_edge" => {
                self.arc_edge = match value {
                    "front" => ArcEdge::Front,
                    "side" => ArcEdge::Side,
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
