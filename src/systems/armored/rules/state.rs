//! Armored Advance's position: what a game starts from (`Setup`: the table, the mode and
//! limits, the readings), the units on the table with what they have spent this turn, the
//! turn and round, victory points, the outcome, and the seeded dice.

use super::readings::Readings;
use crate::dice::Dice;
use crate::table::{Kept, Pose, Table};
use serde::{Deserialize, Serialize};

/// How a game is won (the scenario's mode, as the rules play it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Victory {
    /// Destroy every enemy vehicle and field gun.
    Annihilation,
    /// The same, with a turn limit: then the greater surviving requisition wins.
    TimedAnnihilation,
    /// Hold more objectives; the leader scores the difference.
    Domination,
}

/// What a game starts from.
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    /// The table with its pieces, zones, objectives and deployed units, as set up: shared by
    /// every copy of the game (the computer copies the game to weigh its moves, and a copy of
    /// the pieces' names with each was a fortieth of a game's time).
    pub table: std::sync::Arc<Table>,
    /// How it is won.
    pub victory: Victory,
    /// Actions each player may spend per turn (infantry's are free).
    pub action_limit: u32,
    /// The last turn, where the mode has one.
    pub turn_limit: Option<u32>,
    /// Victory points that win Domination.
    pub vp_target: Option<u32>,
    /// The house readings in force.
    pub readings: Readings,
    /// The side that takes the first turn, when fixed (the balance lab's seats); otherwise
    /// the roll-off decides.
    pub first: Option<u8>,
    /// The table's pieces as sight and paths see them.
    pub scene: SceneCache,
    /// The symmetry the table was drawn with: the second side's view of the table is the
    /// first's through it (the computer's tie-breaking; a half turn when none is declared).
    pub symmetry: Option<crate::table::TableSymmetry>,
}

/// The pieces indexed for sight once per game, and where vehicles and infantry can go on an
/// inch lattice (for the computer's way round walls and buildings), and the kept answers of
/// pure questions; every copy of a state shares them.
#[derive(Debug, Clone)]
pub struct SceneCache(
    pub std::sync::Arc<crate::table::Scene>,
    pub std::sync::Arc<Ground>,
    pub std::sync::Arc<FieldMemo>,
    pub std::sync::Arc<SightMemo>,
);

/// How the computer weighs a move, one of its two scripts: as Normal does, or with the closer
/// look (the shot it could take from a destination against what the enemies could do to it
/// there).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    /// As Normal: the move that gains most toward its goal.
    Plain,
    /// The closer look at its best destinations (`hard_score` in the computer player).
    Closer,
}

/// The computer's way-finding fields last worked out, by kind of unit and goals: a pure
/// function's results kept (the same goals give the same field), so a game does not work out
/// the same field action after action. Bounded, searched in order: no hash order. Beside them,
/// the lattice each breadth of hull may cross, worked out at its first use.
#[derive(Debug, Default)]
pub struct FieldMemo(std::sync::Mutex<Vec<KeptField>>, std::sync::Mutex<Vec<HullCells>>);

/// A hull's breadth in micrometres and the lattice's cells it may cross.
type HullCells = (i64, std::sync::Arc<Vec<bool>>);

/// A kept field: the kind of unit, its goals, and the search from them (settled as far as it
/// has been read).
type KeptField = (usize, Vec<(i64, i64)>, SharedSearch);

/// A field's search, shared by every reader of the same field.
type SharedSearch = std::sync::Arc<std::sync::Mutex<Search>>;

impl FieldMemo {
    /// The most fields kept.
    pub const SIZE: usize = 24;

    /// The lattice's cells a hull `breadth` micrometres wide may cross, worked out by `make`
    /// the first time a breadth is asked for (a table's units have a few breadths).
    pub(crate) fn hull_cells(&self, breadth: i64, make: impl FnOnce() -> Vec<bool>) -> std::sync::Arc<Vec<bool>> {
        if let Ok(kept) = self.1.lock()
            && let Some((_, cells)) = kept.iter().find(|(b, _)| *b == breadth)
        {
            return std::sync::Arc::clone(cells);
        }
        let cells = std::sync::Arc::new(make());
        if let Ok(mut kept) = self.1.lock() {
            kept.push((breadth, std::sync::Arc::clone(&cells)));
        }
        cells
    }

    /// The search of the field for `kind` and `goals`, begun by `make` when not kept, in the
    /// room of the oldest search kept when the memo is full and nothing else still reads it.
    pub(crate) fn get(
        &self,
        kind: usize,
        goals: &[(i64, i64)],
        make: impl FnOnce(Option<Search>) -> Search,
    ) -> SharedSearch {
        let mut room = None;
        if let Ok(mut kept) = self.0.lock() {
            if let Some((_, _, search)) = kept.iter().find(|(k, g, _)| *k == kind && g == goals) {
                return std::sync::Arc::clone(search);
            }
            if kept.len() >= Self::SIZE {
                let (_, _, oldest) = kept.remove(0);
                room = std::sync::Arc::into_inner(oldest).and_then(|search| search.into_inner().ok());
            }
        }
        let search = std::sync::Arc::new(std::sync::Mutex::new(make(room)));
        if let Ok(mut kept) = self.0.lock() {
            if kept.len() >= Self::SIZE {
                kept.remove(0);
            }
            kept.push((kind, goals.to_vec(), std::sync::Arc::clone(&search)));
        }
        search
    }
}

/// Dial's search from the goals, settled as far as asked: every cell nearer the goals than
/// `settled` has its final steps, and the rest wait in the buckets. Reading a cell carries the
/// search on until that cell is settled, so each answer is the one the whole search would give.
/// The computer's way-finding (`ai/field.rs`) carries it on; it is kept here, with the lattice,
/// so the kept fields need nothing of the computer.
#[derive(Debug)]
pub struct Search {
    /// Cells across the lattice inside its closed border.
    pub(crate) wide: usize,
    /// Which cells may be entered, with a closed border one cell wide, so a neighbour is one
    /// add away and never off the lattice (the border is never entered, as a cell off the
    /// lattice is not).
    pub(crate) passable: Vec<bool>,
    /// Which cells can have steps: the open ones and the goals' own centres (a goal inside a
    /// building). Any other cell is never reached, and is known so without searching.
    pub(crate) readable: Vec<bool>,
    /// Hundredths of an inch to the nearest goal: final below `settled`, a bound above.
    pub(crate) steps: Vec<u32>,
    /// Dial's buckets: every step costs 100 or 141, so a ring of buckets by distance
    /// holds everything still to settle, and each is settled in order without a heap.
    pub(crate) buckets: Vec<Vec<usize>>,
    /// Cells waiting in the buckets (some already settled by a shorter way).
    pub(crate) queued: usize,
    /// The distance whose bucket is settled next.
    pub(crate) settled: u32,
}

/// What a line of fire from one unit to another meets.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LineOfFire {
    /// The share of the target's sample points seen.
    pub visible: f64,
    /// Whether that is a notable portion (the readings' threshold).
    pub in_sight: bool,
    /// Pieces of foliage between, none within 3" of the firer (the Terrain chapter's +2).
    pub foliage: u32,
    /// Pieces of foliage between with the target "sitting within 3\" and behind" them (the
    /// Shooting chapter's 3" of range).
    pub foliage_at_target: u32,
    /// Walls crossed.
    pub walls: u32,
}

/// Lines of fire, ranges and sight lines already measured this game or an earlier one on the
/// same pieces (the balance lab's games of a scenario, `GameDefinition::setup_again`; cost
/// calibration's, `scenario::setup::setup_on`), by the two units'
/// profiles and poses. All are pure functions of the table and the two hulls (units do not
/// block sight), and a computer's turn asks for the same pairs again and again: every candidate
/// shot, and the exposure of every pose it weighs, action after action. A kept result is the
/// same value worked out again, so a game plays the same with or without them.
#[derive(Debug, Default)]
pub struct SightMemo {
    /// Lines of fire, by firer, target and whether over walls.
    pub lines: Kept<(Placed, Placed, bool), Option<LineOfFire>>,
    /// Edge-to-edge ranges, by the two units.
    pub ranges: Kept<(Placed, Placed), Option<i64>>,
    /// Whether an eye on top of one profile at one point sees the centre of another profile
    /// at three quarters of its height at another point (the computer's exposure).
    pub sights: Kept<SightQuestion, bool>,
    /// Whether a hull's way from one pose to another keeps clear of the pieces it may not
    /// enter, by profile, the two poses and the tank traps demolished: the computer asks it of
    /// every destination it weighs, and again at every decision while the unit stays put.
    pub paths: Kept<PathQuestion, Result<(), super::action::Rejection>>,
}

/// A way past the pieces: the profile, where it starts and ends, and the pieces demolished.
pub type PathQuestion = (usize, Pose, Pose, Vec<usize>);

/// An exposure question: the watcher's point and profile, then the watched point and profile.
pub type SightQuestion = ((i64, i64), usize, (i64, i64), usize);

/// A unit as sight and range see it: its profile and its pose.
pub type Placed = (usize, Pose);

/// Where each kind of unit can stand, an inch lattice over the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ground {
    /// Cells across.
    pub width: usize,
    /// Cells down.
    pub depth: usize,
    /// A cell's side, micrometres.
    pub cell: i64,
    /// Open to vehicles and guns, row by row.
    pub vehicles: Vec<bool>,
    /// Open to infantry, row by row.
    pub infantry: Vec<bool>,
}

/// The scene follows from the table, so two setups with equal tables have equal scenes.
impl PartialEq for SceneCache {
    fn eq(&self, _other: &Self) -> bool {
        true
    }
}

/// A unit in play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    /// Its profile, by index in the data.
    pub profile: usize,
    /// Its side, from 0.
    pub side: u8,
    /// Where it stands.
    pub pose: Pose,
    /// Hit points left (men, for infantry).
    pub hp: u32,
    /// Actions spent this turn.
    pub actions_spent: u32,
    /// Whether it has moved this turn (no firing at advantage).
    pub moved: bool,
    /// Whether its first action this turn was a move (Casemate's -1).
    pub moved_first: bool,
    /// Whether it has used its free move (light vehicles).
    pub free_move_used: bool,
    /// Times each weapon has fired this turn.
    pub fired: Vec<u8>,
    /// Whether it fired in its side's last turn (Long Reload).
    pub fired_last_turn: bool,
    /// Whether it fires this turn (for Long Reload next turn).
    pub fired_this_turn: bool,
    /// Move actions taken this turn (a heavy vehicle's second is 2").
    pub moves: u8,
    /// Whether it started this turn on a road (a light vehicle's free move is 3").
    pub started_on_road: bool,
    /// Whether it moved or fired in its side's last turn (who can see a concealed team).
    pub acted_last_turn: bool,
    /// The transport it rides in, by index: off the table until it gets out.
    #[serde(default)]
    pub riding: Option<usize>,
    /// The tow it is hooked to, by index: it stands behind the tow and moves with it.
    #[serde(default)]
    pub towed_by: Option<usize>,
    /// It may take no action this turn (it got out of a transport, or its transport was
    /// destroyed last turn).
    #[serde(default)]
    pub stunned: bool,
    /// It loses its next turn's action (its transport was destroyed).
    #[serde(default)]
    pub stunned_next: bool,
    /// Set up for indirect fire: it spent a whole turn of its side without moving.
    #[serde(default)]
    pub set_up: bool,
    /// How far it moved this turn, micrometres.
    #[serde(default)]
    pub moved_um: i64,
    /// How far it moved in its side's last turn (what indirect fire at it gains).
    #[serde(default)]
    pub moved_last_turn_um: i64,
    /// Move actions in its side's last turn (artillery's hit dice against a unit that moved
    /// twice).
    #[serde(default)]
    pub moves_last_turn: u8,
    /// Shots this turn at infantry by each weapon that fires at both (an autocannon may fire at
    /// infantry and at vehicles in one turn).
    #[serde(default)]
    pub fired_at_infantry: Vec<u8>,
    /// It fired an Accurate shot this turn: no move, free moves included.
    #[serde(default)]
    pub fired_accurate: bool,
    /// Single-use weapons used this game (grenades), by weapon.
    #[serde(default)]
    pub used: Vec<u8>,
    /// Not yet deployed: off the table until its side places it.
    #[serde(default)]
    pub reserve: bool,
}

impl Unit {
    /// Whether it is on the table (deployed and not destroyed).
    #[must_use]
    pub fn alive(&self) -> bool {
        self.hp > 0 && !self.reserve
    }
}

/// How the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// Under way.
    Ongoing,
    /// Won by a side.
    Won {
        /// The side, from 0.
        side: u8,
        /// How.
        by: WinBy,
    },
    /// Drawn.
    Draw,
}

/// How a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum WinBy {
    /// Every enemy vehicle and field gun destroyed.
    Annihilation,
    /// More surviving requisition at the turn limit.
    Requisition,
    /// Victory points.
    Points,
}

impl WinBy {
    /// How it was won, as a sentence's end: "wins by annihilation".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            WinBy::Annihilation => "annihilation",
            WinBy::Requisition => "requisition at the turn limit",
            WinBy::Points => "victory points",
        }
    }
}

/// A position.
#[derive(Debug, Clone, PartialEq)]
pub struct GameState {
    /// The setup it came from.
    pub setup: Setup,
    /// Every unit, in the table's order (destroyed ones stay, with no hit points).
    pub units: Vec<Unit>,
    /// The side whose turn it is.
    pub side: u8,
    /// The side that took the first turn.
    pub first: u8,
    /// The round, from 1.
    pub round: u32,
    /// Player turns taken, from 1.
    pub turn: u32,
    /// Actions of the limit spent this turn.
    pub actions_spent: u32,
    /// Victory points.
    pub points: [u32; 2],
    /// How it stands.
    pub outcome: Outcome,
    /// The seeded dice.
    pub dice: Dice,
    /// Rounds added to the turn limit after a tie in Timed Annihilation.
    pub extra_rounds: u32,
    /// Enemies scouted for a friendly unit this turn.
    pub marks: Vec<Mark>,
    /// Tank-trap pieces demolished, by index in the table.
    pub demolished: Vec<usize>,
    /// The sides are placing their forces (alternate deployment); `side` places next.
    pub deploying: bool,
}

/// A scout's mark: `target` is scouted for `friend`, with a bonus to hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    /// The scout.
    pub scout: usize,
    /// The enemy marked.
    pub target: usize,
    /// The friendly unit it is marked for.
    pub friend: usize,
    /// Taken from the roll needed to hit.
    pub bonus: u8,
}

impl GameState {
    /// A unit by index, if it is on the table.
    #[must_use]
    pub fn live(&self, index: usize) -> Option<&Unit> {
        self.units.get(index).filter(|u| u.alive())
    }

    /// A unit by index if it stands on the table itself: alive and not inside a transport
    /// (a towed gun stands behind its tow).
    #[must_use]
    pub fn standing(&self, index: usize) -> Option<&Unit> {
        self.live(index).filter(|u| u.riding.is_none())
    }

    /// The last turn by the readings' count, if the game has one.
    #[must_use]
    pub fn past_turn_limit(&self) -> bool {
        // "As there is no turn limit in this mode": Annihilation keeps a scenario's limit only
        // by the reading `annihilation_limit`.
        let limit = self.setup.turn_limit.map(|l| l + self.extra_rounds);
        self.setup.readings.ask(|r| {
            if self.setup.victory == Victory::Annihilation
                && r.annihilation_limit() == super::readings::AnnihilationLimit::Ignored
            {
                return false;
            }
            limit.is_some_and(|limit| match r.turn_limit() {
                super::readings::TurnLimit::Rounds => self.round > limit,
                super::readings::TurnLimit::PlayerTurns => self.turn > limit,
            })
        })
    }
}
