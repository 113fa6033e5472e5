//! Armored Advance's data: the hit and penetration tables of the text, the terrain kinds it
//! names, and the studio's house roster (the text's stat cards and costs are missing), read
//! from `data/armored.ron` and checked, every problem with its place. No number of the game is
//! written in code.

use crate::ruleset::{RulesetError, RulesetProblem};
use crate::table::file::{FootprintFile, read_footprint};
use crate::table::{Footprint, LengthUnit, Piece};
use serde::{Deserialize, Serialize};

/// The built-in data file's text.
pub const BUILTIN: &str = include_str!("data/armored.ron");

/// How a kind of ground changes movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Ground {
    /// No effect.
    #[default]
    Open,
    /// Faster along a continuous road.
    Road,
    /// Thick mud.
    Mud,
    /// Moderately deep water.
    DeepWater,
}

/// A terrain kind the text names.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainKind {
    /// Its id in scenario files.
    pub id: String,
    /// Its name for people.
    pub name: String,
    /// Its ground.
    #[serde(default)]
    pub ground: Ground,
    /// Its colour on the map and the poster.
    pub colour: (u8, u8, u8),
    /// The footprint a new piece gets (inches).
    pub shape: FootprintFile,
    /// The height a new piece gets (inches).
    pub height: f64,
    /// Ground that may lie under or over other pieces (a road through foliage).
    #[serde(default)]
    pub may_overlap: bool,
    /// Hides what is behind it where taller than the line (a building).
    #[serde(default)]
    pub blocks_sight: bool,
    /// Foliage: +2 to the roll needed when between.
    #[serde(default)]
    pub foliage: bool,
    /// A wall runs along its length: -2 penetration, hides a lower vehicle.
    #[serde(default)]
    pub wall: bool,
    /// No armoured vehicle crosses it.
    #[serde(default)]
    pub tank_trap: bool,
    /// Cover for infantry and field guns.
    #[serde(default)]
    pub sandbags: bool,
    /// How near behind it a unit is in cover from indirect fire, inches (0: no cover).
    #[serde(default)]
    pub cover_range: f64,
}

/// What kind of unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnitClass {
    /// A mechanised vehicle.
    Vehicle,
    /// A field gun that needs a crew.
    FieldGun,
    /// An infantry squad or team: one token with a D6 of men.
    Infantry,
}

/// The weight class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Weight {
    /// Light.
    Light,
    /// Medium.
    Medium,
    /// Heavy.
    Heavy,
}

/// How a vehicle moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Propulsion {
    /// Fully tracked.
    Tracked,
    /// Wheeled.
    Wheeled,
    /// Halftrack.
    Halftrack,
}

/// A keyword of a unit or weapon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Keyword {
    /// Fires in the front 90 degrees only; -1 to hit after moving first.
    Casemate,
    /// Fires in the rear 90 degrees only.
    ReverseCasemate,
    /// More than half the stat in one action ends facing the way it moved.
    SlowReverse,
    /// +50% damage against field guns and fortifications.
    Support,
    /// Armour X when the enemy is 30-60 degrees off the front axis.
    Angling(u32),
    /// Cannot shoot in two following turns.
    LongReload,
    /// Cannot shoot beyond X inches.
    LimitedRange(u32),
    /// X shots per attack action.
    Autocannon(u32),
    /// May fire the primary weapon with both actions.
    RapidFire,
    /// Both actions for one shot at +1.
    Accurate,
    /// Marks an enemy for a friendly unit.
    Scout,
    /// An underpowered gun may still find a way through.
    WeakSpot,
    /// Carries X infantry units.
    Apc(u32),
    /// Tows one field gun.
    Tow,
    /// Ignores obstructing terrain; targets within X inches.
    Indirect(u32),
    /// Reacts to air attacks within X inches.
    AntiAir(u32),
    /// Only targetable if it moved or fired last turn.
    Concealed,
    /// Field guns it mans gain +1 to hit.
    GunCrew,
    /// A squad's machine gun: +1 kill per anti-infantry attack.
    MachineGun,
    /// Thrown over walls with no penalty (grenades).
    OverWalls,
}

impl Keyword {
    /// Its name as the text writes it.
    #[must_use]
    pub fn text(self) -> String {
        match self {
            Keyword::Casemate => "Casemate".into(),
            Keyword::ReverseCasemate => "Reverse Casemate".into(),
            Keyword::SlowReverse => "Slow Reverse".into(),
            Keyword::Support => "Support".into(),
            Keyword::Angling(x) => format!("Angling ({x})"),
            Keyword::LongReload => "Long Reload".into(),
            Keyword::LimitedRange(x) => format!("Limited Range ({x}\")"),
            Keyword::Autocannon(x) => format!("Autocannon ({x})"),
            Keyword::RapidFire => "Rapid Fire".into(),
            Keyword::Accurate => "Accurate".into(),
            Keyword::Scout => "Scout".into(),
            Keyword::WeakSpot => "Weak Spot".into(),
            Keyword::Apc(x) => format!("APC ({x})"),
            Keyword::Tow => "Towing".into(),
            Keyword::Indirect(x) => format!("Indirect ({x}\")"),
            Keyword::AntiAir(x) => format!("Anti-Air ({x}\")"),
            Keyword::Concealed => "Targetable only if it moved or fired last turn".into(),
            Keyword::GunCrew => "Manned guns +1 to hit".into(),
            Keyword::MachineGun => "Machine Gun (+1 kill)".into(),
            Keyword::OverWalls => "over walls".into(),
        }
    }
}

/// Armour by face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Armour {
    /// Front.
    pub front: i32,
    /// Sides.
    pub side: i32,
    /// Rear.
    pub rear: i32,
}

/// A weapon on a stat card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// Its name.
    pub name: String,
    /// Penetration (cm of plate).
    #[serde(default)]
    pub penetration: i32,
    /// Damage per penetrating hit.
    #[serde(default)]
    pub damage: u32,
    /// An anti-infantry weapon's kills (AI/D): `D3-1`, `D6-2`, `1`.
    #[serde(default)]
    pub anti_infantry: Option<String>,
    /// Its longest range in inches, where it has one.
    #[serde(default)]
    pub range: Option<f64>,
    /// Its keywords.
    #[serde(default)]
    pub keywords: Vec<Keyword>,
    /// The men a squad needs to fire it (first, last), where it depends on them.
    #[serde(default)]
    pub men: Option<(u8, u8)>,
    /// Single use: how many times a game it may be used (grenades).
    #[serde(default)]
    pub uses: Option<u8>,
}

impl Weapon {
    /// Whether it fires at vehicles and field guns: it does damage.
    #[must_use]
    pub fn fires_at_vehicles(&self) -> bool {
        self.damage > 0
    }

    /// Whether it fires at infantry: it has anti-infantry kills (machine guns and rifles only;
    /// an autocannon or a howitzer as well as at vehicles).
    #[must_use]
    pub fn fires_at_infantry(&self) -> bool {
        self.anti_infantry.is_some()
    }

    /// Its profile as a card prints it: `pen 9, dmg 10` or `AI/D3-1, 12"`.
    #[must_use]
    pub fn summary(&self) -> String {
        let mut parts = Vec::new();
        if self.fires_at_vehicles() {
            parts.push(format!("pen {}", self.penetration));
            parts.push(format!("dmg {}", self.damage));
        }
        if let Some(ai) = &self.anti_infantry {
            // A gun that also fires at infantry does so within a foot.
            parts.push(if self.fires_at_vehicles() { format!("AI/{ai} within 12\"") } else { format!("AI/{ai}") });
        }
        if let Some(range) = self.range {
            parts.push(format!("{range}\""));
        }
        parts.extend(self.keywords.iter().map(|k| k.text()));
        if let Some(uses) = self.uses {
            parts.push(format!("{uses} use{}", if uses == 1 { "" } else { "s" }));
        }
        parts.join(", ")
    }
}

/// A unit profile: everything its stat card carries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// Its id in scenario files.
    pub id: String,
    /// Its name for people.
    pub name: String,
    /// Vehicle, field gun or infantry.
    pub class: UnitClass,
    /// Requisition cost.
    pub cost: u32,
    /// Its action pool.
    pub actions: u32,
    /// Its weight class.
    #[serde(default)]
    pub weight: Option<Weight>,
    /// How it moves.
    #[serde(default)]
    pub propulsion: Option<Propulsion>,
    /// Movement per action, inches.
    pub movement: f64,
    /// Hit points (men for infantry).
    pub hit_points: u32,
    /// Armour by face.
    pub armour: Armour,
    /// Its base or hull (inches).
    pub hull: FootprintFile,
    /// How tall its main structure stands (inches).
    pub height: f64,
    /// Men in the squad (infantry).
    #[serde(default)]
    pub men: Option<u8>,
    /// Its weapons.
    #[serde(default)]
    pub weapons: Vec<Weapon>,
    /// Its keywords.
    #[serde(default)]
    pub keywords: Vec<Keyword>,
}

impl Profile {
    /// Its name as people read it: the data marks a profile the studio made with " [house]",
    /// which is for the ruleset's readers, not a unit's name.
    #[must_use]
    pub fn shown_name(&self) -> &str {
        self.name.trim_end_matches(" [house]")
    }

    /// Whether it is mechanised (a vehicle or field gun: what Annihilation counts).
    #[must_use]
    pub fn mechanised(&self) -> bool {
        self.class != UnitClass::Infantry
    }

    /// Its weight and propulsion in words: `Medium, tracked`.
    #[must_use]
    pub fn class_text(&self) -> String {
        let weight = self.weight.map(|w| format!("{w:?}"));
        let propulsion = self.propulsion.map(|p| format!("{p:?}").to_lowercase());
        let class = match self.class {
            UnitClass::Vehicle => None,
            UnitClass::FieldGun => Some("field gun".to_owned()),
            UnitClass::Infantry => Some("infantry".to_owned()),
        };
        [weight, propulsion, class].into_iter().flatten().collect::<Vec<_>>().join(", ")
    }
}

/// One row of the penetration table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PenetrationRow {
    /// Penetration minus armour (the first row holds for anything above, the last for anything
    /// below).
    pub difference: i32,
    /// The roll needed (0: automatic), or none: it fails.
    pub roll: Option<u8>,
    /// The same with Weak Spot.
    pub weak_spot: Option<u8>,
}

/// Armored Advance's data, checked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    /// Its name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// The game's unit.
    pub unit: LengthUnit,
    /// The smallest table the text recommends (across, down), inches.
    pub min_table: (f64, f64),
    /// (below this range, the roll needed) in order.
    pub hit_bands: Vec<(f64, u8)>,
    /// The roll needed beyond the last band.
    pub hit_beyond: u8,
    /// The penetration table, highest difference first.
    pub penetration: Vec<PenetrationRow>,
    /// Sample points per target footprint.
    pub sight_samples: usize,
    /// The terrain kinds.
    pub terrain: Vec<TerrainKind>,
    /// The roster.
    pub profiles: Vec<Profile>,
    /// The numbers of the keyword actions, indirect fire and infantry equipment.
    #[serde(default)]
    pub specials: Specials,
    /// Each profile's hull, read once from its file form: the rules ask for hulls in every
    /// computer decision, and reading one checks it and words its refusals each time.
    #[serde(skip)]
    hulls: HullCache,
}

/// The profiles' hulls in the order of `profiles`, read on first use, each kept with the file
/// form it was read from: a profile changed or added since is read afresh, never answered from
/// what an older roster said. It is not part of what a ruleset is: two rulesets are equal
/// whatever either has read, and a clone reads afresh.
#[derive(Default)]
struct HullCache(std::sync::OnceLock<Vec<(FootprintFile, Option<Footprint>)>>);

impl Clone for HullCache {
    fn clone(&self) -> Self {
        HullCache::default()
    }
}

impl PartialEq for HullCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for HullCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("HullCache")
    }
}

/// The numbers the text gives for scouting, demolition, crews, sandbags, transports and
/// artillery; the defaults are the text's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(default)]
pub struct Specials {
    /// A scout marks an enemy within this many inches ("within 5 feet").
    pub scout_reach: f64,
    /// (scout to target below this many inches, bonus to hit) in order.
    pub scout_bands: Vec<(f64, u8)>,
    /// The bonus beyond the last band.
    pub scout_beyond: u8,
    /// A Support vehicle demolishes tank traps within this many inches.
    pub demolish_reach: f64,
    /// A demolished trap clears every trap within this many inches.
    pub demolish_clear: f64,
    /// Infantry mans a gun within this many inches behind it.
    pub crew_reach: f64,
    /// Sandbags cover a unit within this many inches of them, on the side they face the firer
    /// [house: the text says "covered" faces].
    pub sandbag_reach: f64,
    /// Men each passenger loses when its transport is destroyed.
    pub transport_casualties: String,
    /// Indirect fire halves damage to a target that moved at least this far last turn.
    pub indirect_halve_from: f64,
    /// And cannot target one that moved more than this.
    pub indirect_untargetable_beyond: f64,
    /// Where the text's halving band ends ("between 8\" and 14\"").
    pub indirect_halve_to: f64,
    /// Artillery HE's hit-die modifier by the target's weight: (stationary, moved twice), for
    /// light, medium and heavy targets; field guns count as light.
    pub he_hit_modifiers: [(i8, i8); 3],
}

impl Default for Specials {
    fn default() -> Self {
        Self {
            scout_reach: 60.0,
            scout_bands: vec![(24.0, 3), (36.0, 2)],
            scout_beyond: 1,
            demolish_reach: 12.0,
            demolish_clear: 3.0,
            crew_reach: 1.0,
            sandbag_reach: 1.0,
            transport_casualties: "D3-1".into(),
            indirect_halve_from: 8.0,
            indirect_untargetable_beyond: 15.0,
            indirect_halve_to: 14.0,
            he_hit_modifiers: [(0, -2), (1, 0), (2, 1)],
        }
    }
}

impl Ruleset {
    /// The built-in data.
    ///
    /// # Errors
    /// Never for the shipped file (a test reads it); every problem for a broken one.
    pub fn builtin() -> Result<Self, RulesetError> {
        Self::from_ron(BUILTIN)
    }

    /// Reads and checks data written in RON.
    ///
    /// # Errors
    /// A syntax error with its place, or every content problem.
    pub fn from_ron(text: &str) -> Result<Self, RulesetError> {
        let rules: Ruleset = crate::files::ron_options().from_str(text).map_err(|e| RulesetError::syntax(&e))?;
        let problems = rules.problems();
        if problems.is_empty() { Ok(rules) } else { Err(RulesetError { syntax: false, problems }) }
    }

    fn problems(&self) -> Vec<RulesetProblem> {
        let mut out = Vec::new();
        let mut say = |place: String, message: String| out.push(RulesetProblem { place, message });
        let mut last = 0.0;
        for (i, (below, roll)) in self.hit_bands.iter().enumerate() {
            if !below.is_finite() || *below <= last {
                say(format!("hit_bands[{i}]"), "each band must end beyond the one before".into());
            }
            if !(1..=6).contains(roll) {
                say(format!("hit_bands[{i}]"), format!("a roll of {roll}+ is not on a D6"));
            }
            last = *below;
        }
        if !(1..=64).contains(&self.sight_samples) {
            say("sight_samples".into(), "between 1 and 64 sample points".into());
        }
        let mut seen = std::collections::BTreeSet::new();
        for (i, kind) in self.terrain.iter().enumerate() {
            let place = format!("terrain[{i}] ({})", kind.id);
            if !seen.insert(kind.id.clone()) {
                say(place.clone(), "the id is used twice".into());
            }
            if let Err(e) = read_footprint(self.unit, &kind.shape, "its shape") {
                say(place.clone(), e);
            }
            if !(0.0..=100.0).contains(&kind.height) {
                say(place, format!("a height of {} is out of range", kind.height));
            }
        }
        for (i, profile) in self.profiles.iter().enumerate() {
            let place = format!("profiles[{i}] ({})", profile.id);
            if !seen.insert(profile.id.clone()) {
                say(place.clone(), "the id is used twice".into());
            }
            match read_footprint(self.unit, &profile.hull, "its hull") {
                Err(e) => say(place.clone(), e),
                // A hull a table cannot hold: the largest model is a few inches from its centre.
                Ok(hull) if hull.reach() > 12.0 * self.unit.um() as f64 => say(
                    format!("{place}.hull"),
                    format!(
                        "it reaches {} from its centre, more than {}",
                        self.unit.show(hull.reach() as i64),
                        self.unit.show(12 * self.unit.um())
                    ),
                ),
                Ok(_) => {}
            }
            if !(0.0..=100.0).contains(&profile.movement) || !(0.0..=100.0).contains(&profile.height) {
                say(place.clone(), "movement and height must lie between 0 and 100".into());
            }
            // Every number within what a table of these models can mean: a profile costs at
            // most a whole force, acts a few times a turn, and weapons reach across a table.
            for (field, value, (low, high)) in [
                ("cost", i64::from(profile.cost), (0, 10_000)),
                ("actions", i64::from(profile.actions), (1, 10)),
                ("hit_points", i64::from(profile.hit_points), (1, 1_000)),
                ("armour.front", i64::from(profile.armour.front), (0, 50)),
                ("armour.side", i64::from(profile.armour.side), (0, 50)),
                ("armour.rear", i64::from(profile.armour.rear), (0, 50)),
            ] {
                if !(low..=high).contains(&value) {
                    say(format!("{place}.{field}"), format!("{value} is outside {low} to {high}"));
                }
            }
            for (w, weapon) in profile.weapons.iter().enumerate() {
                let at = format!("{place}.weapons[{w}] ({})", weapon.name);
                if !(0..=50).contains(&weapon.penetration) {
                    say(format!("{at}.penetration"), format!("{} is outside 0 to 50", weapon.penetration));
                }
                if weapon.damage > 1_000 {
                    say(format!("{at}.damage"), format!("{} is more than 1000", weapon.damage));
                }
                if let Some(range) = weapon.range
                    && !(range.is_finite() && range > 0.0 && range <= 200.0)
                {
                    say(
                        format!("{at}.range"),
                        format!("{range} is outside 0 to 200 (a range is a length on the table)"),
                    );
                }
                if let Some(uses) = weapon.uses
                    && !(1..=20).contains(&uses)
                {
                    say(format!("{at}.uses"), format!("{uses} is outside 1 to 20"));
                }
                if let Some((low, high)) = weapon.men
                    && (low > high || high > 6)
                {
                    say(format!("{at}.men"), format!("({low}, {high}) is not a span of 0 to 6 men"));
                }
            }
            if profile.class == UnitClass::Vehicle && (profile.weight.is_none() || profile.propulsion.is_none()) {
                say(place.clone(), "a vehicle needs a weight class and a propulsion".into());
            }
            if profile.class == UnitClass::Infantry && profile.men.is_none_or(|m| !(1..=6).contains(&m)) {
                say(place.clone(), "an infantry squad needs 1 to 6 men".into());
            }
            for (w, weapon) in profile.weapons.iter().enumerate() {
                if let Some(ai) = &weapon.anti_infantry
                    && parse_kills(ai).is_none()
                {
                    say(format!("{place}.weapons[{w}]"), format!("'{ai}' is not a kill expression (D3-1, D6-2, 1)"));
                }
            }
        }
        out
    }

    /// A terrain kind by id.
    #[must_use]
    pub fn kind(&self, id: &str) -> Option<&TerrainKind> {
        self.terrain.iter().find(|k| k.id == id)
    }

    /// A table's piece as people name it, "Building 3": its kind's name and its number among
    /// the pieces of its kind (the validator, the print and the rules' refusals say the same).
    #[must_use]
    pub fn piece_name(&self, pieces: &[Piece], index: usize) -> String {
        Piece::name_in(pieces, index, |id| self.kind(id).map(|k| k.name.as_str()))
    }

    /// A profile by id.
    #[must_use]
    pub fn profile(&self, id: &str) -> Option<&Profile> {
        self.profiles.iter().find(|p| p.id == id)
    }

    /// A profile's base or hull.
    #[must_use]
    pub fn hull(&self, id: &str) -> Option<Footprint> {
        self.profile(id).and_then(|p| self.hull_of(p))
    }

    /// The base or hull of `profile` (one of this ruleset's, else read from its file form), or
    /// `None` where it cannot be read (the ruleset's check says why).
    #[must_use]
    pub fn hull_of(&self, profile: &Profile) -> Option<Footprint> {
        let hulls = self.hulls.0.get_or_init(|| {
            self.profiles.iter().map(|p| (p.hull.clone(), read_footprint(self.unit, &p.hull, &p.id).ok())).collect()
        });
        let kept = self.profiles.iter().position(|p| std::ptr::eq(p, profile)).and_then(|index| hulls.get(index));
        match kept {
            Some((file, hull)) if *file == profile.hull => hull.clone(),
            _ => read_footprint(self.unit, &profile.hull, &profile.id).ok(),
        }
    }

    /// A kind's default footprint.
    #[must_use]
    pub fn kind_footprint(&self, kind: &TerrainKind) -> Footprint {
        read_footprint(self.unit, &kind.shape, &kind.id).unwrap_or(Footprint::Round { diameter: self.unit.um() })
    }

    /// The roll needed to hit at an edge-to-edge range of `um` micrometres (the bands' edges
    /// belong to the farther band: "< 6\"" is 1+).
    #[must_use]
    pub fn hit_roll(&self, um: i64) -> u8 {
        let inches = self.unit.value(um);
        self.hit_bands.iter().find(|(below, _)| inches < *below).map_or(self.hit_beyond, |&(_, roll)| roll)
    }
}

/// Reads a kill expression: `D3-1` is (3, -1), `D6` is (6, 0), `1` is (0, 1).
#[must_use]
pub fn parse_kills(text: &str) -> Option<(u8, i32)> {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix('D') {
        let (die, modifier) = match rest.find(['-', '+']) {
            Some(at) => (&rest[..at], rest[at..].parse::<i32>().ok()?),
            None => (rest, 0),
        };
        let die: u8 = die.parse().ok()?;
        (die == 3 || die == 6).then_some((die, modifier))
    } else {
        text.parse::<i32>().ok().filter(|n| (0..=6).contains(n)).map(|n| (0, n))
    }
}

impl crate::game::GameRuleset for Ruleset {
    /// Its terrain piece kinds, then its unit profiles (a top-down image in the hull).
    fn art_kinds(&self) -> Vec<crate::art::ArtKind> {
        let pieces = self.terrain.iter().map(|k| crate::art::ArtKind::new("Piece", &k.id, &k.name));
        pieces.chain(self.profiles.iter().map(|u| crate::art::ArtKind::new("Unit", &u.id, u.shown_name()))).collect()
    }

    fn read(text: &str) -> Result<Self, crate::ruleset::RulesetError> {
        Self::from_ron(text)
    }

    /// The planner's levels on a generated block nobody tuned on (the closing note of the
    /// framework turn planner, 2026-12-06).
    fn level_strength(&self) -> Option<crate::game::planner::Strength> {
        Some(crate::game::planner::Strength {
            pool: "20 generated scenarios, seeds 13724 to 13743, 10 games a pairing in each seating",
            normal_over_easy: (140, 245),
            hard_over_normal: (125, 240),
        })
    }

    /// Its counts and its table, for `skirmish-studio ruleset`.
    fn contents(&self) -> String {
        use std::fmt::Write as _;
        let mut text = String::new();
        let _ = writeln!(
            text,
            "  measured in {}; {} terrain kinds, {} profiles",
            self.unit.name(),
            self.terrain.len(),
            self.profiles.len()
        );
        for p in &self.profiles {
            let _ = writeln!(
                text,
                "  {:<46} cost {:>3}  actions {}  move {}\"  HP {:>2}  armour {}/{}/{}  {}",
                p.name,
                p.cost,
                p.actions,
                p.movement,
                p.hit_points,
                p.armour.front,
                p.armour.side,
                p.armour.rear,
                p.weapons.iter().map(|w| format!("{} ({})", w.name, w.summary())).collect::<Vec<_>>().join("; ")
            );
        }
        text
    }

    fn readings(&self) -> &'static [crate::ruleset::Reading] {
        &super::rules::READINGS
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_hull_read_once_is_the_hull_its_file_form_reads_and_equality_ignores_what_was_read() {
        let rules = Ruleset::builtin().unwrap();
        let fresh = rules.clone();
        for p in &rules.profiles {
            assert_eq!(rules.hull_of(p), read_footprint(rules.unit, &p.hull, &p.id).ok(), "{}", p.id);
            assert_eq!(rules.hull(&p.id), rules.hull_of(p));
        }
        // A profile of another ruleset is read from its own file form.
        let mut other = rules.profiles[0].clone();
        other.hull = FootprintFile::Round { diameter: 1.0 };
        assert_eq!(rules.hull_of(&other), Some(Footprint::Round { diameter: rules.unit.um() }));
        assert_eq!(rules, fresh, "what a ruleset has read is not part of it");
        // A roster changed after its hulls were read: the changed profile is read afresh, and an
        // added one is read at all.
        let mut changed = rules;
        changed.profiles[0].hull = FootprintFile::Round { diameter: 2.0 };
        changed.profiles.push(other);
        assert_eq!(changed.hull_of(&changed.profiles[0]), Some(Footprint::Round { diameter: 2 * changed.unit.um() }));
        let added = changed.profiles.last().unwrap();
        assert_eq!(changed.hull_of(added), Some(Footprint::Round { diameter: changed.unit.um() }));
    }
    use crate::table::UM_PER_INCH;

    #[test]
    fn the_built_in_data_loads_and_carries_the_texts_hit_bands() {
        let rules = Ruleset::builtin().unwrap();
        assert_eq!(rules.hit_roll(5 * UM_PER_INCH), 1);
        assert_eq!(rules.hit_roll(6 * UM_PER_INCH), 2, "exactly 6\" is not below 6\"");
        assert_eq!(rules.hit_roll(29 * UM_PER_INCH), 5);
        assert_eq!(rules.hit_roll(31 * UM_PER_INCH), 6);
        assert!(rules.profiles.len() >= 13);
        assert_eq!(parse_kills("D3-1"), Some((3, -1)));
        assert_eq!(parse_kills("1"), Some((0, 1)));
        assert_eq!(parse_kills("D4"), None);
    }
}
