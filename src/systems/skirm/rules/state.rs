//! A Skirm battle as plain data: the setup a scenario gives, and the state the engine moves on
//! (units with their stats worked out from card and gear, items, markers, objectives, the two
//! squads' orders and points, the turn, the activation under way, a roll waiting for its
//! owner's choices, and the seeded dice).

pub use super::action::{ActionKind, CrateContent, UnitId};
use super::map::{Figure, Map, Mover};
pub use super::roll::TakeOutMeans;
use super::roll::{Pending, Strike};
use super::ruleset::{GearEffect, ItemKind, Medal, Ruleset, UnitSpecial, WeaponSpecial};
use crate::board::{Board, Pos};
use crate::dice::Dice;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// One unit as a scenario places it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitSetup {
    /// Its stat card, by id.
    pub profile: String,
    /// Its name on the table ("Holt"); the card's name when empty.
    #[serde(default)]
    pub name: String,
    /// Weapons added from the faction's armoury, on top of the card's.
    #[serde(default)]
    pub weapons: Vec<String>,
    /// Gear added from the armoury.
    #[serde(default)]
    pub gear: Vec<String>,
    /// XP earned in earlier battles.
    #[serde(default)]
    pub xp: u32,
    /// Its starting square.
    pub pos: Pos,
}

/// One squad as a scenario gives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SquadSetup {
    /// Its name.
    pub name: String,
    /// Its faction, by id.
    pub faction: String,
    /// Its units.
    pub units: Vec<UnitSetup>,
}

/// Everything a battle starts from.
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    /// Squares, heights, walls and doors.
    pub board: Board,
    /// The mission, by id.
    pub mission: String,
    /// The environment whose events are rolled each turn, by id.
    pub environment: Option<String>,
    /// Turns played.
    pub turns: u8,
    /// Objective squares.
    pub objectives: Vec<Pos>,
    /// Marker squares (carried to score).
    pub markers: Vec<Pos>,
    /// Items and their squares.
    pub items: Vec<(Pos, ItemKind)>,
    /// Each squad's deployment zone.
    pub zones: [Vec<Pos>; 2],
    /// The two squads.
    pub squads: [SquadSetup; 2],
}

/// One enemy a unit took out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakeOut {
    /// The turn.
    pub turn: u8,
    /// The enemy.
    pub victim: UnitId,
    /// How.
    pub means: TakeOutMeans,
    /// Failed saves beyond the HIT the enemy had left.
    pub overkill: u32,
}

/// A unit in the battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Its name on the table (shared: it never changes, and the computer copies the battle
    /// for every way it weighs).
    pub name: std::sync::Arc<str>,
    /// Its stat card, by id (shared alike).
    pub profile: std::sync::Arc<str>,
    /// 0 or 1.
    pub squad: u8,
    /// Action points per activation.
    pub act: u8,
    /// Melee skill with gear.
    pub msk: u8,
    /// Ranged skill with gear.
    pub rsk: u8,
    /// Armour with gear.
    pub arm: u8,
    /// HIT at the start.
    pub max_hit: u8,
    /// HIT left.
    pub hit: u8,
    /// Its special rules (shared alike).
    pub specials: std::sync::Arc<[UnitSpecial]>,
    /// Weapon ids: the card's, then those added (shared alike).
    pub weapons: std::sync::Arc<[String]>,
    /// A medkit's heal die, while unused.
    pub medkit: Option<u8>,
    /// XP before the battle.
    pub xp: u32,
    /// Its square; `None` once taken out.
    pub pos: Option<Pos>,
    /// Activated this turn.
    pub activated: bool,
    /// STN: one ACT less in its next activation.
    pub stunned: bool,
    /// LIM weapons used and not refilled.
    pub spent: BTreeSet<String>,
    /// LIM weapons used at least once (an Ammo Refill needs one).
    pub ever_spent: BTreeSet<String>,
    /// Enemies it took out.
    pub take_outs: Vec<TakeOut>,
    /// The enemy that took it out.
    pub taken_out_by: Option<UnitId>,
    /// It opened a crate.
    pub opened_crate: bool,
}

impl Unit {
    /// Whether it has a special rule matching `pick`.
    pub fn special<T>(&self, pick: impl Fn(UnitSpecial) -> Option<T>) -> Option<T> {
        self.specials.iter().copied().find_map(pick)
    }

    /// Whether it has this special rule (one without a number).
    #[must_use]
    pub fn has(&self, special: UnitSpecial) -> bool {
        self.specials.contains(&special)
    }

    /// Its LDx, if it is a Leader.
    #[must_use]
    pub fn leader(&self) -> Option<u8> {
        self.special(|s| if let UnitSpecial::Leader(x) = s { Some(x) } else { None })
    }

    /// How its special rules change movement.
    #[must_use]
    pub fn mover(&self) -> Mover {
        Mover {
            flying: self.has(UnitSpecial::Flying),
            ranger: self.has(UnitSpecial::Ranger),
            nimble: self.has(UnitSpecial::Nimble),
        }
    }
}

/// An item on the map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    /// Its square.
    pub pos: Pos,
    /// Crate, barrel or turret.
    pub kind: ItemKind,
    /// A turret's HIT left (unused for the others).
    pub hit: u8,
    /// Opened, exploded or destroyed.
    pub gone: bool,
}

/// A marker a unit may carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marker {
    /// Its square when it lies on the map.
    pub pos: Pos,
    /// The unit carrying it.
    pub carrier: Option<UnitId>,
    /// Carried home and scored.
    pub scored: bool,
}

/// What a squad did this turn, for its secondary objective.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TurnRecord {
    /// Enemies it took out.
    pub taken_out: u8,
    /// It took out the enemy Leader.
    pub leader_taken_out: bool,
    /// It took out an enemy in melee.
    pub melee_take_out: bool,
    /// It opened a crate.
    pub crate_opened: bool,
    /// Units it lost.
    pub lost: u8,
}

/// A squad's part of the state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SquadState {
    /// Its name.
    pub name: String,
    /// Its faction, by id.
    pub faction: String,
    /// Tactical Orders left this turn.
    pub orders: u8,
    /// Mission Points.
    pub points: u32,
    /// Its secondary objective deck (indices into the ruleset's), top first.
    pub deck: VecDeque<usize>,
    /// This turn's secondary objective.
    pub secondary: Option<usize>,
    /// Secondary objectives scored (each once per battle).
    pub scored: Vec<usize>,
    /// It has delayed an activation this turn.
    pub delayed: bool,
    /// This turn so far.
    pub record: TurnRecord,
    /// Objectives on which it performed the mission action.
    pub mission_actions: BTreeSet<usize>,
}

/// The activation under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activation {
    /// The unit.
    pub unit: UnitId,
    /// ACT left.
    pub act_left: u8,
    /// How often each action was performed.
    pub uses: BTreeMap<ActionKind, u8>,
    /// A Move was made (HVY).
    pub moved: bool,
    /// A HVY weapon was fired.
    pub fired_heavy: bool,
    /// A 2MC weapon made one of the melee attacks.
    pub double_melee_weapon: bool,
    /// A 2RC weapon made one of the ranged attacks.
    pub double_ranged_weapon: bool,
    /// TCH's cheaper mission action was used.
    pub technician_used: bool,
}

/// How the battle stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// Still being fought.
    Ongoing,
    /// Equal Mission Points after the last turn.
    Draw,
    /// A squad won on Mission Points.
    Won {
        /// 0 or 1.
        squad: u8,
    },
}

/// The whole battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    /// Squares, heights, walls and doors (doors open and close).
    pub board: std::sync::Arc<Board>,
    /// The mission, by id.
    pub mission: String,
    /// The environment, by id.
    pub environment: Option<String>,
    /// The turn, from 1.
    pub turn: u8,
    /// Turns in the battle.
    pub turns: u8,
    /// Every unit, taken out or not.
    pub units: Vec<Unit>,
    /// Items.
    pub items: Vec<Item>,
    /// Markers.
    pub markers: Vec<Marker>,
    /// Objective squares.
    pub objectives: Vec<Pos>,
    /// Deployment zones.
    pub zones: [Vec<Pos>; 2],
    /// The two squads.
    pub squads: [SquadState; 2],
    /// The squad with the initiative this turn.
    pub initiative: u8,
    /// The squad whose unit activates next.
    pub to_act: u8,
    /// After a delay, the squad that activates twice in a row has its second one pending.
    pub extra_activation: bool,
    /// The activation under way.
    pub activation: Option<Activation>,
    /// A roll waiting for its owner's choices.
    pub pending: Option<Pending>,
    /// Attacks waiting their turn (blast and chain targets, explosions, counters).
    pub queue: VecDeque<Strike>,
    /// This turn's cap on ranged attacks (an environment event).
    pub range_cap: Option<u8>,
    /// Crate contents already chosen.
    pub crate_contents_taken: Vec<CrateContent>,
    /// The unit that took out the battle's first enemy (First Blood).
    pub first_blood: Option<UnitId>,
    /// How it stands.
    pub outcome: Outcome,
    /// Medals earned, per unit, when the battle is over.
    pub medals: Vec<Vec<Medal>>,
    /// The dice.
    pub dice: Dice,
}

impl GameState {
    /// Makes this state equal to `from`, keeping its own allocations where they fit: the
    /// pressing script tries a move on a copy for each square it weighs, and a fresh clone of
    /// every unit's names and weapon lists cost more than the rest of that trial. Every field
    /// is named (a new one fails to compile until it is copied here).
    pub fn copy_from(&mut self, from: &GameState) {
        let GameState {
            board,
            mission,
            environment,
            turn,
            turns,
            units,
            items,
            markers,
            objectives,
            zones,
            squads,
            initiative,
            to_act,
            extra_activation,
            activation,
            pending,
            queue,
            range_cap,
            crate_contents_taken,
            first_blood,
            outcome,
            medals,
            dice,
        } = from;
        self.board.clone_from(board);
        self.mission.clone_from(mission);
        self.environment.clone_from(environment);
        self.turn = *turn;
        self.turns = *turns;
        self.units.truncate(units.len());
        for (mine, theirs) in self.units.iter_mut().zip(units) {
            mine.copy_from(theirs);
        }
        let kept = self.units.len();
        self.units.extend(units.iter().skip(kept).cloned());
        self.items.clone_from(items);
        self.markers.clone_from(markers);
        self.objectives.clone_from(objectives);
        self.zones.clone_from(zones);
        self.squads.clone_from(squads);
        self.initiative = *initiative;
        self.to_act = *to_act;
        self.extra_activation = *extra_activation;
        self.activation.clone_from(activation);
        self.pending.clone_from(pending);
        self.queue.clone_from(queue);
        self.range_cap = *range_cap;
        self.crate_contents_taken.clone_from(crate_contents_taken);
        self.first_blood = *first_blood;
        self.outcome.clone_from(outcome);
        self.medals.clone_from(medals);
        self.dice.clone_from(dice);
    }
}

impl Unit {
    /// Makes this unit equal to `from`, keeping its strings' and lists' allocations (see
    /// [`GameState::copy_from`]).
    fn copy_from(&mut self, from: &Unit) {
        let Unit {
            name,
            profile,
            squad,
            act,
            msk,
            rsk,
            arm,
            max_hit,
            hit,
            specials,
            weapons,
            medkit,
            xp,
            pos,
            activated,
            stunned,
            spent,
            ever_spent,
            take_outs,
            taken_out_by,
            opened_crate,
        } = from;
        // The same shared text or list is left as it is: no count is taken and dropped.
        if !std::sync::Arc::ptr_eq(&self.name, name) {
            self.name.clone_from(name);
        }
        if !std::sync::Arc::ptr_eq(&self.profile, profile) {
            self.profile.clone_from(profile);
        }
        self.squad = *squad;
        self.act = *act;
        self.msk = *msk;
        self.rsk = *rsk;
        self.arm = *arm;
        self.max_hit = *max_hit;
        self.hit = *hit;
        if !std::sync::Arc::ptr_eq(&self.specials, specials) {
            self.specials.clone_from(specials);
        }
        if !std::sync::Arc::ptr_eq(&self.weapons, weapons) {
            self.weapons.clone_from(weapons);
        }
        self.medkit = *medkit;
        self.xp = *xp;
        self.pos = *pos;
        self.activated = *activated;
        self.stunned = *stunned;
        self.spent.clone_from(spent);
        self.ever_spent.clone_from(ever_spent);
        self.take_outs.clone_from(take_outs);
        self.taken_out_by = *taken_out_by;
        self.opened_crate = *opened_crate;
    }
}

impl GameState {
    /// A unit by id.
    #[must_use]
    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.units.get(id)
    }

    /// The standing unit on a square.
    #[must_use]
    pub fn unit_at(&self, pos: Pos) -> Option<UnitId> {
        self.units.iter().position(|u| u.pos == Some(pos))
    }

    /// Ids of a squad's units still on the map.
    pub fn standing(&self, squad: u8) -> impl Iterator<Item = UnitId> + '_ {
        self.units.iter().enumerate().filter(move |(_, u)| u.squad == squad && u.pos.is_some()).map(|(i, _)| i)
    }

    /// Whether a squad still has a unit that has not activated this turn.
    #[must_use]
    pub fn has_ready(&self, squad: u8) -> bool {
        self.units.iter().any(|u| u.squad == squad && u.pos.is_some() && !u.activated)
    }

    /// Every standing unit as geometry sees it.
    #[must_use]
    pub fn figures(&self) -> Vec<Figure> {
        self.units.iter().filter_map(|u| u.pos.map(|pos| Figure { pos, squad: u.squad })).collect()
    }

    /// The item standing on a square, if any.
    #[must_use]
    pub fn item_at(&self, pos: Pos) -> Option<usize> {
        self.items.iter().position(|i| !i.gone && i.pos == pos)
    }

    /// The squad that chooses next: the owner of a waiting roll, else the squad to act.
    #[must_use]
    pub fn deciding_squad(&self) -> u8 {
        match &self.pending {
            Some(pending) => pending.decider.unwrap_or(self.to_act),
            None => self.to_act,
        }
    }

    /// The squad controlling an objective: a unit on its square with no enemy adjacent.
    #[must_use]
    pub fn controller(&self, rules: &Ruleset, objective: Pos) -> Option<u8> {
        let holder = self.unit(self.unit_at(objective)?)?;
        let map = Map::new(&self.board, rules);
        let contested = self
            .units
            .iter()
            .filter(|u| u.squad != holder.squad)
            .filter_map(|u| u.pos)
            .any(|p| map.adjacent(p, objective));
        (!contested).then_some(holder.squad)
    }

    /// Where a marker is: on the map or with its carrier.
    #[must_use]
    pub fn marker_pos(&self, marker: &Marker) -> Option<Pos> {
        match marker.carrier {
            Some(unit) => self.unit(unit).and_then(|u| u.pos),
            None => (!marker.scored).then_some(marker.pos),
        }
    }
}

/// Why a battle cannot start from a setup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum SetupError {
    /// The mission is not in the ruleset.
    UnknownMission(String),
    /// The environment is not in the ruleset.
    UnknownEnvironment(String),
    /// A squad's faction is not in the ruleset.
    UnknownFaction(String),
    /// A unit's card is not in its faction.
    UnknownProfile(String),
    /// A weapon or gear is not in the ruleset.
    UnknownGear(String),
    /// A square lies off the map.
    OffMap(Pos),
    /// Two units on one square.
    SharedSquare(Pos),
    /// A unit on an impassable square.
    Impassable(Pos),
    /// A squad without units.
    EmptySquad(u8),
    /// The turn count is 0.
    NoTurns,
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::UnknownMission(id) => write!(f, "unknown mission '{id}'"),
            Self::UnknownEnvironment(id) => write!(f, "unknown environment '{id}'"),
            Self::UnknownFaction(id) => write!(f, "unknown faction '{id}'"),
            Self::UnknownProfile(id) => write!(f, "unknown stat card '{id}' for its squad's faction"),
            Self::UnknownGear(id) => write!(f, "unknown weapon or gear '{id}'"),
            Self::OffMap(pos) => write!(f, "square {pos} is off the map"),
            Self::SharedSquare(pos) => write!(f, "two units stand on {pos}"),
            Self::Impassable(pos) => write!(f, "a unit stands on the impassable square {pos}"),
            Self::EmptySquad(squad) => write!(f, "squad {} has no units", squad + 1),
            Self::NoTurns => write!(f, "a battle needs at least one turn"),
        }
    }
}

/// A unit's stats with its gear worked in.
///
/// # Errors
/// The card or a piece of gear is unknown.
pub fn build_unit(rules: &Ruleset, faction: &str, squad: u8, setup: &UnitSetup) -> Result<Unit, SetupError> {
    let (card_faction, profile) =
        rules.profile(&setup.profile).ok_or_else(|| SetupError::UnknownProfile(setup.profile.clone()))?;
    if card_faction.id != faction {
        return Err(SetupError::UnknownProfile(setup.profile.clone()));
    }
    let (mut msk, mut rsk, mut arm) = (profile.msk, profile.rsk, profile.arm);
    let mut medkit = None;
    for id in &setup.gear {
        let gear = rules.gear_item(id).ok_or_else(|| SetupError::UnknownGear(id.clone()))?;
        match gear.effect {
            GearEffect::Medkit { heal_die } => medkit = Some(heal_die),
            GearEffect::Armour(x) => arm = arm.saturating_add(x).min(5),
            GearEffect::Skill { ranged, melee } => {
                rsk = rsk.saturating_add(ranged).min(rules.max_skill);
                msk = msk.saturating_add(melee).min(rules.max_skill);
            }
        }
    }
    let mut weapons = profile.weapons.clone();
    for id in &setup.weapons {
        if rules.weapon(id).is_none() {
            return Err(SetupError::UnknownGear(id.clone()));
        }
        weapons.push(id.clone());
    }
    Ok(Unit {
        name: if setup.name.is_empty() { profile.name.as_str().into() } else { setup.name.as_str().into() },
        profile: profile.id.as_str().into(),
        squad,
        act: profile.act,
        msk,
        rsk,
        arm,
        max_hit: profile.hit,
        hit: profile.hit,
        specials: profile.specials.as_slice().into(),
        weapons: weapons.into(),
        medkit,
        xp: setup.xp,
        pos: Some(setup.pos),
        activated: false,
        stunned: false,
        spent: BTreeSet::new(),
        ever_spent: BTreeSet::new(),
        take_outs: Vec::new(),
        taken_out_by: None,
        opened_crate: false,
    })
}

/// Whether a weapon has a special rule.
#[must_use]
pub fn weapon_has(rules: &Ruleset, weapon: &str, special: WeaponSpecial) -> bool {
    rules.weapon(weapon).is_some_and(|w| w.specials.contains(&special))
}
