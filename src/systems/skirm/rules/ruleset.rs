//! The Skirm ruleset: factions and stat cards, weapons and gear, missions, the secondary
//! objective deck and the environments, read from RON and checked whole (every problem with
//! its place) before the engine sees it.

pub use crate::ruleset::{RulesetError, RulesetProblem};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The house data shipped inside the binary.
pub const BUILTIN_SKIRM_RON: &str = include_str!("../data/skirm.ron");

/// How a square of the battle map treats movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Movement {
    /// Costs 1 square to leave.
    Open,
    /// Entering costs 1; leaving costs 2 (rule "Difficult Terrain").
    Difficult,
    /// No unit or item may stand here or pass.
    Impassable,
}

/// A kind of square.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Terrain {
    /// Stable name used in files.
    pub id: String,
    /// The name a player reads.
    pub name: String,
    /// One character standing for it in text maps.
    pub glyph: char,
    /// How it treats movement.
    pub movement: Movement,
    /// Stairs or a slope: a step onto or off it is horizontal movement, its vertical part free
    /// (rule "Vertical Movement": "Stairs and slopes can be treated as horizontal movement").
    #[serde(default)]
    pub stairs: bool,
}

/// A unit's special rule, by the code its stat card prints (rules, "Unit Special Rules").
/// Codes that start with a digit are written with the digit last in files (`MC2` for 2MC).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitSpecial {
    /// 2MC: two Melee Attacks for 1 ACT each per activation.
    #[serde(rename = "MC2")]
    DoubleMelee,
    /// 2RC: two Ranged Attacks for 1 ACT each per activation.
    #[serde(rename = "RC2")]
    DoubleRanged,
    /// BLS: cannot be hit as a secondary target.
    #[serde(rename = "BLS")]
    BlastShield,
    /// BRx: re-roll up to x melee attack dice.
    #[serde(rename = "BR")]
    Brutal(u8),
    /// CAM: a ranged attacker 4 or more squares away gets -1 RSK (minimum 2); see
    /// [`CAMOUFLAGE_FROM`](super::CAMOUFLAGE_FROM).
    #[serde(rename = "CAM")]
    Camouflage,
    /// CTR: strikes back at a melee attacker it survives.
    #[serde(rename = "CTR")]
    Counter,
    /// DLS: a melee attacker gets -1 MSK.
    #[serde(rename = "DLS")]
    Duellist,
    /// FLY: ignores vertical distance and difficult terrain when it moves.
    #[serde(rename = "FLY")]
    Flying,
    /// INF: deploys anywhere at least 3 squares from enemies and objectives.
    #[serde(rename = "INF")]
    Infiltrator,
    /// LDx: x more Tactical Order dice while on the map.
    #[serde(rename = "LD")]
    Leader(u8),
    /// LPx: 2 ACT to move up to x squares in a straight line, ignoring height and difficulty.
    #[serde(rename = "LP")]
    Leap(u8),
    /// NEQ: no gear that costs EP, no XP, no Spoils of War.
    #[serde(rename = "NEQ")]
    NoEquipment,
    /// NMB: moves through enemy-occupied and enemy-adjacent squares.
    #[serde(rename = "NMB")]
    Nimble,
    /// PAR: makes a melee attacker re-roll one attack die.
    #[serde(rename = "PAR")]
    Parry,
    /// PRx: re-roll up to x ranged attack dice.
    #[serde(rename = "PR")]
    Precise(u8),
    /// RGR: unaffected by difficult terrain.
    #[serde(rename = "RGR")]
    Ranger,
    /// SWF: one more square on every Move and Dash.
    #[serde(rename = "SWF")]
    Swift,
    /// TCH: one mission action per activation for 1 ACT less.
    #[serde(rename = "TCH")]
    Technician,
    /// TGx: re-roll up to x save dice.
    #[serde(rename = "TG")]
    Tough(u8),
    /// UNQ: at most one in a squad.
    #[serde(rename = "UNQ")]
    Unique,
}

impl UnitSpecial {
    /// The code a stat card prints for it: `2MC`, `BR2`, `CAM`.
    #[must_use]
    pub fn code(self) -> String {
        let text = ron::to_string(&self).unwrap_or_default();
        let text: String = text.chars().filter(|c| !matches!(c, '(' | ')')).collect();
        // Codes that start with a digit are stored with the digit last (`MC2` for 2MC).
        match text.as_str() {
            "MC2" => "2MC".into(),
            "RC2" => "2RC".into(),
            _ => text,
        }
    }
}

/// A weapon's or gear's special rule (rules, "Weapon/Gear Special Rules"); RGx is the
/// weapon's `range`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WeaponSpecial {
    /// `*`: at most once in a squad.
    #[serde(rename = "UNIQUE")]
    Unique,
    /// +SK: the skill used is one higher (at most the ruleset's `max_skill`).
    #[serde(rename = "SK_PLUS")]
    ImproveSkill,
    /// 2MC: two melee attacks for 1 ACT each if this weapon makes one of them.
    #[serde(rename = "MC2")]
    DoubleMelee,
    /// 2RC: two ranged attacks for 1 ACT each if this weapon makes one of them.
    #[serde(rename = "RC2")]
    DoubleRanged,
    /// AHx: x attack dice are automatic strikes.
    #[serde(rename = "AH")]
    Autohit(u8),
    /// BLS: also attacks every unit adjacent to the target that the target can see; no cover.
    #[serde(rename = "BLS")]
    Blast,
    /// BRx: re-roll up to x melee attack dice.
    #[serde(rename = "BR")]
    Brutal(u8),
    /// CRx: also attacks up to x units adjacent to the target.
    #[serde(rename = "CR")]
    ChainReaction(u8),
    /// DDx: x more damage when at least one strike succeeds.
    #[serde(rename = "DD")]
    Deadly(u8),
    /// HVY: firing after a Move, or moving after firing, costs 1 more ACT.
    #[serde(rename = "HVY")]
    Heavy,
    /// LIM: once per battle.
    #[serde(rename = "LIM")]
    Limited,
    /// LNR: attacks every unit on the line to the target, on one level.
    #[serde(rename = "LNR")]
    Linear,
    /// MCR: a ranged weapon that may be used in melee.
    #[serde(rename = "MCR")]
    MeleeRanged,
    /// NCV: targets get no cover.
    #[serde(rename = "NCV")]
    NoCover,
    /// PRx: re-roll up to x ranged attack dice.
    #[serde(rename = "PR")]
    Precise(u8),
    /// RLT: re-roll every 6.
    #[serde(rename = "RLT")]
    Relentless,
    /// RND: a 1 adds 2 damage instead of 1.
    #[serde(rename = "RND")]
    Rending,
    /// SKx: use x as the skill.
    #[serde(rename = "SK")]
    Skill(u8),
    /// SPR: the attack dice may be shared between adjacent targets.
    #[serde(rename = "SPR")]
    Spread,
    /// STN: a 1 on an attack die costs the target 1 ACT next activation (minimum 2).
    #[serde(rename = "STN")]
    Stun,
    /// UWD: not usable outside the unit's own activation.
    #[serde(rename = "UWD")]
    Unwieldy,
    /// XPx: only for a unit with at least x XP.
    #[serde(rename = "XP")]
    MinXp(u8),
}

/// Melee or ranged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WeaponKind {
    /// Used against an adjacent target.
    Melee,
    /// Used against a target in range and in sight, not adjacent.
    Ranged,
}

/// A weapon (or attacking gear such as a grenade).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// Stable name used in files.
    pub id: String,
    /// The name a player reads; a trailing `*` marks a unique item as the text does.
    pub name: String,
    /// Melee or ranged.
    pub kind: WeaponKind,
    /// Rate of attack: attack dice rolled.
    pub roa: u8,
    /// Damage per successful strike.
    pub dam: u8,
    /// Range in squares (RGx); 1 for melee.
    pub range: u8,
    /// Equipment points.
    pub ep: u32,
    /// Special rules.
    #[serde(default)]
    pub specials: Vec<WeaponSpecial>,
    /// Gear rather than a weapon proper (the Geared Up medal counts it).
    #[serde(default)]
    pub equipment: bool,
}

impl Weapon {
    /// Whether the weapon has a special rule matching `pick`.
    pub fn special<T>(&self, pick: impl Fn(WeaponSpecial) -> Option<T>) -> Option<T> {
        self.specials.iter().copied().find_map(pick)
    }

    /// Whether a squad may hold it only once.
    #[must_use]
    pub fn is_unique(&self) -> bool {
        self.specials.contains(&WeaponSpecial::Unique)
    }
}

/// What a piece of non-attacking gear does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GearEffect {
    /// 1 ACT, once per battle: the unit or an adjacent squadmate regains 1D`heal_die` HIT.
    Medkit {
        /// The die's size (3 for 1D3: a d6 halved, rounded up).
        heal_die: u8,
    },
    /// Passive: ARM this much higher (at most 5).
    Armour(u8),
    /// Passive: skills this much higher (at most the ruleset's `max_skill`).
    Skill {
        /// RSK bonus.
        ranged: u8,
        /// MSK bonus.
        melee: u8,
    },
}

/// Gear that does not attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gear {
    /// Stable name used in files.
    pub id: String,
    /// The name a player reads.
    pub name: String,
    /// Equipment points.
    pub ep: u32,
    /// What it does.
    pub effect: GearEffect,
    /// Special rules (`UNIQUE`, `XP(x)`).
    #[serde(default)]
    pub specials: Vec<WeaponSpecial>,
}

/// A unit's stat card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// Stable name used in files.
    pub id: String,
    /// The name a player reads.
    pub name: String,
    /// The unit type printed in the card footer ("Strike Trooper").
    pub role: String,
    /// Action points per activation.
    pub act: u8,
    /// Melee skill.
    pub msk: u8,
    /// Ranged skill.
    pub rsk: u8,
    /// Armour: saves at or under it succeed.
    pub arm: u8,
    /// Hit points.
    pub hit: u8,
    /// The unit's own EP cost (its weapons and gear cost theirs on top).
    pub ep: u32,
    /// Special rules.
    #[serde(default)]
    pub specials: Vec<UnitSpecial>,
    /// The weapons on its card, by id.
    pub weapons: Vec<String>,
}

impl Profile {
    /// The unit's special rule matching `pick`, if it has one.
    pub fn special<T>(&self, pick: impl Fn(UnitSpecial) -> Option<T>) -> Option<T> {
        self.specials.iter().copied().find_map(pick)
    }

    /// Its LDx, if it is a Leader.
    #[must_use]
    pub fn leader(&self) -> Option<u8> {
        self.special(|s| if let UnitSpecial::Leader(x) = s { Some(x) } else { None })
    }

    /// Whether it is Unique (UNQ).
    #[must_use]
    pub fn is_unique(&self) -> bool {
        self.specials.contains(&UnitSpecial::Unique)
    }
}

/// A faction: its stat cards and the gear its squads may take.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Faction {
    /// Stable name used in files.
    pub id: String,
    /// The name a player reads.
    pub name: String,
    /// A line about how it fights.
    pub description: String,
    /// Weapon and gear ids its units may add.
    pub armoury: Vec<String>,
    /// Its stat cards.
    pub profiles: Vec<Profile>,
}

/// An item a mission may place on the map.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ItemKind {
    /// Opened for 1 ACT: one of four contents, each once per battle.
    Crate,
    /// Explodes when struck.
    Barrel,
    /// A turret of the named type.
    Turret(String),
}

/// How many items of a kind a mission needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemCount {
    /// The item.
    pub item: ItemKind,
    /// How many, at least.
    pub count: u8,
}

/// One way a mission scores Mission Points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scoring {
    /// At the end of each turn, points per objective a squad controls.
    ObjectivesControlled {
        /// Points per objective.
        points: u8,
    },
    /// Points per enemy unit taken out.
    EnemiesTakenOut {
        /// Points per unit.
        points: u8,
    },
    /// At the end of a turn, points when a unit carrying a marker stands in its own squad's
    /// deployment zone (the marker is then scored and removed).
    CarryMarkerHome {
        /// Points per marker.
        points: u8,
    },
    /// An action on an objective square, scored once per objective and squad.
    MissionAction {
        /// What the action is called ("Hack terminal").
        name: String,
        /// Its ACT cost.
        cost: u8,
        /// Points it scores.
        points: u8,
    },
}

/// A mission: its briefing, what the map must hold, how it scores.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mission {
    /// Stable name used in files.
    pub id: String,
    /// The name a player reads.
    pub name: String,
    /// What the players read before the battle.
    pub briefing: String,
    /// Turns played.
    pub turns: u8,
    /// Objectives the map must hold.
    pub objectives: u8,
    /// Markers the map must hold (to be carried).
    #[serde(default)]
    pub markers: u8,
    /// Items the map must hold.
    #[serde(default)]
    pub items: Vec<ItemCount>,
    /// How it scores.
    pub scoring: Vec<Scoring>,
}

/// What a secondary objective asks for within one turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SecondaryGoal {
    /// Take out this many enemy units.
    TakeOut(u8),
    /// Take out the enemy Leader.
    TakeOutLeader,
    /// Control this many objectives at the end of the turn.
    ControlObjectives(u8),
    /// Open a crate.
    OpenCrate,
    /// Lose no unit.
    LoseNoUnit,
    /// Take out an enemy with a melee attack.
    TakeOutInMelee,
    /// End the turn with a unit in the enemy deployment zone.
    EnterEnemyZone,
}

/// A card of the secondary objective deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecondaryObjective {
    /// Stable name used in files.
    pub id: String,
    /// The name a player reads.
    pub name: String,
    /// The card's text.
    pub text: String,
    /// What it asks for.
    pub goal: SecondaryGoal,
    /// Mission Points it scores (once per battle).
    pub points: u8,
}

/// What a turn's event does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventEffect {
    /// Flavour only.
    Nothing,
    /// No ranged attack reaches beyond this many squares this turn.
    RangeCap(u8),
    /// Each squad gains (or loses) this many Tactical Orders.
    TacticalOrders(i8),
}

/// One row of an environment's event table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnvironmentEvent {
    /// The d6 faces that give it.
    pub faces: Vec<u8>,
    /// Its name.
    pub name: String,
    /// What it says.
    pub text: String,
    /// What it does.
    pub effect: EventEffect,
}

/// An environment and its event table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Environment {
    /// Stable name used in files.
    pub id: String,
    /// The name a player reads.
    pub name: String,
    /// The table, covering every face of a d6 once.
    pub events: Vec<EnvironmentEvent>,
}

/// A medal a unit earns in a battle (rules "Squad Progression"), each worth some XP.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Medal {
    /// Took out an enemy Leader.
    Assassin,
    /// Took out the enemy unit that had taken out its Leader.
    Avenger,
    /// Took out 3 or more enemies with melee attacks.
    Berserker,
    /// Took out two enemies in one turn.
    Bloodthirsty,
    /// Took out the battle's first enemy.
    FirstBlood,
    /// Took out an enemy with an equipment item (a grenade).
    GearedUp,
    /// The last unit of its squad standing at the end.
    LastStanding,
    /// Took out an enemy with 2 or more damage beyond its remaining HIT.
    Merciless,
    /// Took out 3 or more enemies with ranged attacks.
    Marksman,
    /// Took out an enemy with an item (a barrel, a turret).
    Resourceful,
    /// Opened a crate.
    Scavenger,
    /// Standing at the end with every HIT.
    Untouchable,
    /// Standing at the end.
    Veteran,
    /// Its squad won.
    Victor,
}

impl Medal {
    /// Its name as a person reads it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Medal::Assassin => "Assassin",
            Medal::Avenger => "Avenger",
            Medal::Berserker => "Berserker",
            Medal::Bloodthirsty => "Bloodthirsty",
            Medal::FirstBlood => "First Blood",
            Medal::GearedUp => "Geared Up",
            Medal::LastStanding => "Last Standing",
            Medal::Merciless => "Merciless",
            Medal::Marksman => "Marksman",
            Medal::Resourceful => "Resourceful",
            Medal::Scavenger => "Scavenger",
            Medal::Untouchable => "Untouchable",
            Medal::Veteran => "Veteran",
            Medal::Victor => "Victor",
        }
    }
}

/// What a medal is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MedalValue {
    /// The medal.
    pub medal: Medal,
    /// XP it gives.
    pub xp: u8,
}

/// A turret type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurretType {
    /// Stable name used in files.
    pub id: String,
    /// The name a player reads.
    pub name: String,
    /// The weapon it fires, by id.
    pub weapon: String,
}

/// The whole Skirm ruleset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    /// Stable name scenarios refer to (`skirm`).
    pub id: String,
    /// Human name.
    pub name: String,
    /// Version of this data.
    pub version: u32,
    /// Turns in a battle unless a mission says otherwise.
    pub turns: u8,
    /// Tactical Order dice before Leaders.
    pub tactical_dice: u8,
    /// A Tactical Order die showing this or less is an order.
    pub order_faces: u8,
    /// Squares of a Move.
    pub move_squares: u8,
    /// Squares of a Dash.
    pub dash_squares: u8,
    /// The usual squad EP limit.
    pub squad_ep: u32,
    /// The highest a skill can be raised.
    pub max_skill: u8,
    /// Levels of height an attacker needs above its target to cancel cover.
    pub high_ground: u8,
    /// Damage a barrel deals to its square and the adjacent ones.
    pub barrel_damage: u8,
    /// A turret's HIT.
    pub turret_hit: u8,
    /// A turret's ARM.
    pub turret_arm: u8,
    /// Damage a destroyed turret deals to its occupant.
    pub turret_wreck_damage: u8,
    /// Turret types.
    pub turrets: Vec<TurretType>,
    /// A crate's MedPack heals 1D this many HIT (3 for the text's 1D3).
    pub crate_heal_die: u8,
    /// What each medal is worth.
    pub medals: Vec<MedalValue>,
    /// Kinds of square.
    pub terrains: Vec<Terrain>,
    /// Weapons and attacking gear.
    pub weapons: Vec<Weapon>,
    /// Gear that does not attack.
    pub gear: Vec<Gear>,
    /// Factions.
    pub factions: Vec<Faction>,
    /// Missions.
    pub missions: Vec<Mission>,
    /// The secondary objective deck.
    pub secondary_objectives: Vec<SecondaryObjective>,
    /// Environments.
    pub environments: Vec<Environment>,
}

impl Ruleset {
    /// The house data shipped inside the binary.
    ///
    /// # Errors
    /// Only if the embedded file were broken, which a test rules out.
    pub fn builtin() -> Result<Self, RulesetError> {
        Self::from_ron(BUILTIN_SKIRM_RON)
    }

    /// Reads and checks a ruleset written in RON, reporting every problem with its place.
    ///
    /// # Errors
    /// A syntax error (one problem, with line and column) or every content problem.
    pub fn from_ron(text: &str) -> Result<Self, RulesetError> {
        let rules: Ruleset = ron::from_str(text).map_err(|error| RulesetError::syntax(&error))?;
        let problems = rules.problems();
        if problems.is_empty() { Ok(rules) } else { Err(RulesetError { syntax: false, problems }) }
    }

    /// A weapon by id.
    #[must_use]
    pub fn weapon(&self, id: &str) -> Option<&Weapon> {
        self.weapons.iter().find(|w| w.id == id)
    }

    /// Gear by id.
    #[must_use]
    pub fn gear_item(&self, id: &str) -> Option<&Gear> {
        self.gear.iter().find(|g| g.id == id)
    }

    /// A faction by id.
    #[must_use]
    pub fn faction(&self, id: &str) -> Option<&Faction> {
        self.factions.iter().find(|f| f.id == id)
    }

    /// A stat card by id, from any faction, with its faction.
    #[must_use]
    pub fn profile(&self, id: &str) -> Option<(&Faction, &Profile)> {
        self.factions.iter().find_map(|f| f.profiles.iter().find(|p| p.id == id).map(|p| (f, p)))
    }

    /// A mission by id.
    #[must_use]
    pub fn mission(&self, id: &str) -> Option<&Mission> {
        self.missions.iter().find(|m| m.id == id)
    }

    /// The XP a medal gives (0 for a medal the data leaves out).
    #[must_use]
    pub fn medal_xp(&self, medal: Medal) -> u8 {
        self.medals.iter().find(|m| m.medal == medal).map_or(0, |m| m.xp)
    }

    /// A turret type by id.
    #[must_use]
    pub fn turret(&self, id: &str) -> Option<&TurretType> {
        self.turrets.iter().find(|t| t.id == id)
    }

    /// An environment by id.
    #[must_use]
    pub fn environment(&self, id: &str) -> Option<&Environment> {
        self.environments.iter().find(|e| e.id == id)
    }

    /// A terrain by id, with its index.
    #[must_use]
    pub fn terrain_id(&self, id: &str) -> Option<crate::board::TerrainId> {
        self.terrains.iter().position(|t| t.id == id).and_then(|i| u8::try_from(i).ok()).map(crate::board::TerrainId)
    }

    /// Every content problem: names listed twice, references to nothing, numbers out of
    /// range, factions without a Leader or a Unique, event tables that miss a face.
    fn problems(&self) -> Vec<RulesetProblem> {
        let mut out = Vec::new();
        let mut problem = |place: String, message: String| out.push(RulesetProblem { place, message });
        let stat = |value: u8, min: u8, max: u8| (min..=max).contains(&value);
        for (list, ids) in [
            ("terrains", self.terrains.iter().map(|t| t.id.as_str()).collect::<Vec<_>>()),
            (
                "weapons",
                self.weapons.iter().map(|w| w.id.as_str()).chain(self.gear.iter().map(|g| g.id.as_str())).collect(),
            ),
            ("factions", self.factions.iter().map(|f| f.id.as_str()).collect()),
            ("profiles", self.factions.iter().flat_map(|f| f.profiles.iter().map(|p| p.id.as_str())).collect()),
            ("missions", self.missions.iter().map(|m| m.id.as_str()).collect()),
            ("secondary_objectives", self.secondary_objectives.iter().map(|s| s.id.as_str()).collect()),
            ("environments", self.environments.iter().map(|e| e.id.as_str()).collect()),
            ("turrets", self.turrets.iter().map(|t| t.id.as_str()).collect()),
        ] {
            let mut seen = BTreeSet::new();
            for id in ids {
                if !seen.insert(id) {
                    problem(
                        list.to_owned(),
                        format!("'{id}' is listed twice (weapons and gear share one list of names)"),
                    );
                }
            }
        }
        if self.terrains.is_empty() || self.terrains.len() > 255 {
            problem("terrains".into(), format!("must list 1 to 255 kinds, found {}", self.terrains.len()));
        }
        if !stat(self.order_faces, 1, 5) {
            problem("order_faces".into(), format!("must be between 1 and 5, found {}", self.order_faces));
        }
        if !stat(self.turns, 1, 12) {
            problem("turns".into(), format!("must be between 1 and 12, found {}", self.turns));
        }
        if !stat(self.max_skill, 1, 5) {
            problem(
                "max_skill".into(),
                format!("must be between 1 and 5 (a 6 always fails), found {}", self.max_skill),
            );
        }
        for (index, weapon) in self.weapons.iter().enumerate() {
            let place = format!("weapons[{index}] ({})", weapon.id);
            if !stat(weapon.roa, 1, 10) {
                problem(format!("{place}.roa"), format!("must be between 1 and 10, found {}", weapon.roa));
            }
            if !stat(weapon.dam, 1, 10) {
                problem(format!("{place}.dam"), format!("must be between 1 and 10, found {}", weapon.dam));
            }
            match weapon.kind {
                WeaponKind::Melee if weapon.range != 1 => {
                    problem(
                        format!("{place}.range"),
                        format!("a melee weapon reaches 1 square, found {}", weapon.range),
                    );
                }
                WeaponKind::Ranged if !stat(weapon.range, 2, 30) => {
                    problem(format!("{place}.range"), format!("must be between 2 and 30, found {}", weapon.range));
                }
                _ => {}
            }
            if weapon.is_unique() != weapon.name.ends_with('*') {
                problem(format!("{place}.name"), "a unique item's name ends with '*', and only a unique item's".into());
            }
        }
        for turret in &self.turrets {
            if self.weapon(&turret.weapon).is_none() {
                problem(format!("turrets ({})", turret.id), format!("unknown weapon '{}'", turret.weapon));
            }
        }
        for faction in &self.factions {
            let place = format!("factions ({})", faction.id);
            if faction.profiles.iter().all(|p| p.leader().is_none()) {
                problem(place.clone(), "has no Leader (a profile with LD(x))".into());
            }
            for id in &faction.armoury {
                if self.weapon(id).is_none() && self.gear_item(id).is_none() {
                    problem(format!("{place}.armoury"), format!("unknown weapon or gear '{id}'"));
                }
            }
            for profile in &faction.profiles {
                let place = format!("{place}.profiles ({})", profile.id);
                for (name, value, min, max) in [
                    ("act", profile.act, 1, 6),
                    ("msk", profile.msk, 1, 5),
                    ("rsk", profile.rsk, 1, 5),
                    ("arm", profile.arm, 0, 5),
                    ("hit", profile.hit, 1, 20),
                ] {
                    if !stat(value, min, max) {
                        problem(format!("{place}.{name}"), format!("must be between {min} and {max}, found {value}"));
                    }
                }
                if profile.weapons.is_empty() {
                    problem(format!("{place}.weapons"), "a unit needs at least one weapon".into());
                }
                for id in &profile.weapons {
                    if self.weapon(id).is_none() {
                        problem(format!("{place}.weapons"), format!("unknown weapon '{id}'"));
                    }
                }
            }
        }
        for mission in &self.missions {
            let place = format!("missions ({})", mission.id);
            if !stat(mission.turns, 1, 12) {
                problem(format!("{place}.turns"), format!("must be between 1 and 12, found {}", mission.turns));
            }
            if mission.scoring.is_empty() {
                problem(format!("{place}.scoring"), "a mission needs a way to score".into());
            }
            for needed in &mission.items {
                if let ItemKind::Turret(kind) = &needed.item
                    && self.turrets.iter().all(|t| &t.id != kind)
                {
                    problem(format!("{place}.items"), format!("unknown turret type '{kind}'"));
                }
            }
        }
        for environment in &self.environments {
            let mut faces: Vec<u8> = environment.events.iter().flat_map(|e| e.faces.iter().copied()).collect();
            faces.sort_unstable();
            if faces != [1, 2, 3, 4, 5, 6] {
                problem(
                    format!("environments ({}).events", environment.id),
                    format!("must give each face of a d6 exactly once, found {faces:?}"),
                );
            }
        }
        out
    }
}
