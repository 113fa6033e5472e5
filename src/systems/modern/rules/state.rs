//! Modern Skirmish's game: what a game starts from (the table's terrain and the units with
//! their figures), the position with its seeded dice, what a side may do, what happens (every
//! die an event) and why the rules refuse.

use super::readings::Readings;
use crate::dice::Dice;
use crate::table::Shape;
use crate::table::shape::Bounds;
use serde::Serialize;
use std::fmt;
use std::sync::Arc;

/// A terrain piece as the rules see it.
#[derive(Debug, Clone)]
pub struct Terrain {
    /// Its kind's index in the data.
    pub kind: usize,
    /// Its footprint on the table.
    pub shape: Shape,
    /// The footprint's box, so a line far from it skips the exact test.
    pub bounds: Bounds,
}

impl Terrain {
    /// A piece of kind `kind` standing on `shape`.
    #[must_use]
    pub fn new(kind: usize, shape: Shape) -> Self {
        let bounds = shape.bounds();
        Self { kind, shape, bounds }
    }

    /// Whether the segment from `a` to `b` may meet it (its box does).
    #[must_use]
    pub fn near(&self, a: (f64, f64), b: (f64, f64)) -> bool {
        self.bounds.meets(&Bounds::of_segment(a, b))
    }
}

/// A unit as the scenario sets it up.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct UnitSetup {
    /// Its troop type's index in the data.
    pub troop: usize,
    /// Its side, from 0.
    pub side: u8,
    /// Its name for people ("1st Legionaries").
    pub name: String,
    /// Where each figure's base stands (its centre, micrometres).
    pub figures: Vec<(i64, i64)>,
}

/// What a game starts from.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The table's size in micrometres.
    pub size: (i64, i64),
    /// Its terrain.
    pub terrain: Arc<Vec<Terrain>>,
    /// The units.
    pub units: Vec<UnitSetup>,
    /// The house readings.
    pub readings: Readings,
    /// Straight moves already found to cross a building or not this game (see [`Crossings`]).
    pub crossings: Arc<Crossings>,
    /// Views from centre to centre already worked out this game (see [`Views`]).
    pub views: Arc<Views>,
    /// The moves the computer weighed for a unit this game (see [`WeighedMoves`]).
    pub weighed: Arc<WeighedMoves>,
}

impl Setup {
    /// A game's start with nothing yet kept.
    #[must_use]
    pub fn new(size: (i64, i64), terrain: Arc<Vec<Terrain>>, units: Vec<UnitSetup>, readings: Readings) -> Self {
        Self {
            size,
            terrain,
            units,
            readings,
            crossings: Arc::default(),
            views: Arc::default(),
            weighed: Arc::new(WeighedMoves::with_limit(WEIGHINGS_KEPT)),
        }
    }

    /// The same start for another game, sharing what is kept of the terrain (crossings and
    /// views: pure functions of the terrain and the readings) and keeping its own weighings,
    /// which are kept by position for the few decisions of one game that ask them again.
    #[must_use]
    pub fn again(&self) -> Self {
        Self { weighed: Arc::new(WeighedMoves::with_limit(WEIGHINGS_KEPT)), ..self.clone() }
    }

    /// The same start with nothing kept: what is kept is the same answers worked out again, so
    /// a game from either plays alike.
    #[must_use]
    pub fn afresh(&self) -> Self {
        Self::new(self.size, Arc::clone(&self.terrain), self.units.clone(), self.readings)
    }
}

/// Whether a base going straight between two centres crosses a building, by the two centres:
/// a pure function of the terrain, fixed for the game, which every candidate move of every
/// unit asks again action after action (the check of a move sweeps each base's path).
pub type Crossings = crate::table::Kept<((i64, i64), (i64, i64)), bool>;

/// What a firer's centre sees of a target's centre, by the two centres: `None` where a
/// building hides it, else whether it is in cover. A pure function of the terrain and the
/// readings, fixed for the game, asked by every shot weighed and every kill chance.
pub type Views = crate::table::Kept<((i64, i64), (i64, i64)), Option<bool>>;

/// The moves the computer weighed for a unit, by the position it weighed them in: it weighs
/// every unit's best move to choose which unit to test, then the tested unit's again to move
/// it, in the same position, and the planner's two scripts weigh the same position at their
/// two levels of caution. Only the last few are ever asked again, so few are kept.
pub type WeighedMoves = crate::table::Kept<MoveQuestion, Arc<Weighed>>;

/// The weighings kept at most: a side's units in the position, and a few positions more.
const WEIGHINGS_KEPT: usize = 64;

/// The position the computer weighed a unit's moves in: everything the weighing reads of the
/// game but its dice, which the unit's own test rolls between its two weighings, and but the
/// level's caution, which is applied to the kept parts of each place's worth ([`Worth`]) as
/// they are read. Easy weighs one move only. Where the dice's coin broke a tie, [`Weighed`]
/// says so.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct MoveQuestion {
    pub(super) unit: usize,
    pub(super) easy: bool,
    pub(super) side: u8,
    pub(super) round: u32,
    pub(super) kills: [u32; 2],
    pub(super) broken: [u32; 2],
    pub(super) figures: Vec<Figure>,
    pub(super) units: Vec<UnitState>,
}

/// A unit's moves as weighed: each with its worth and where its figures' centroid ends, beside
/// the worth of standing, the best to be picked by the gain over standing at the level's
/// caution and the position's own tie-break (which asks the dice).
#[derive(Debug)]
pub struct Weighed {
    /// The worth of standing where the unit is.
    pub(super) stand: Worth,
    /// The dice's coin chose the enemy the unit steps toward (two were the nearest): the
    /// weighing holds only while the coin shows `coin` again.
    pub(super) coin_decided: bool,
    pub(super) coin: bool,
    pub(super) moves: Vec<(Worth, (i64, i64), Action)>,
}

/// The parts of a place's worth for a unit that do not depend on the level: what its figures
/// could kill there, what the enemy could kill of them, and the pressing charge on the way
/// still to go. A level weighs the threat by its caution ([`Worth::at`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Worth {
    pub(super) offence: f64,
    pub(super) threat: f64,
    pub(super) pressing: f64,
}

impl Worth {
    /// The place's worth with the threat weighed by `caution`.
    #[must_use]
    pub fn at(self, caution: f64) -> f64 {
        self.offence - caution * self.threat - self.pressing
    }
}

/// A figure in play.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Figure {
    /// Its unit's index.
    pub unit: usize,
    /// Where its base's centre stands.
    pub at: (i64, i64),
    /// Killed in action.
    pub killed: bool,
    /// Has fired while its side holds this initiative.
    pub fired: bool,
}

/// A unit in play.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct UnitState {
    /// Its troop type's index.
    pub troop: usize,
    /// Its side.
    pub side: u8,
    /// Its name.
    pub name: String,
    /// Figures killed.
    pub casualties: u32,
    /// Ammo markers (doubles rolled firing).
    pub ammo: u32,
    /// Hits that did not kill, where a reading makes them a minus.
    pub shaken: u32,
    /// Routed and removed.
    pub routed: bool,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Ending {
    /// A side has no unit on the table.
    LastUnit,
    /// The rounds the reading allows are played.
    Rounds,
}

/// The result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Outcome {
    /// Under way.
    Ongoing,
    /// Over.
    Over {
        /// The winner; none for a draw.
        winner: Option<u8>,
        /// Each side's final score (tripled where earned).
        scores: [u32; 2],
        /// Who won the skirmish, if anyone.
        skirmish: Option<u8>,
        /// Who controls the field, if anyone.
        field: Option<u8>,
        /// Why it ended.
        ending: Ending,
    },
}

/// A position.
#[derive(Debug, Clone)]
pub struct GameState {
    /// What it started from.
    pub setup: Arc<Setup>,
    /// Every figure.
    pub figures: Vec<Figure>,
    /// Every unit.
    pub units: Vec<UnitState>,
    /// The side holding the initiative.
    pub side: u8,
    /// The unit that passed its test and may act now.
    pub active: Option<usize>,
    /// The round, from 1: the Antagonist's initiative and then the Affiliation's.
    pub round: u32,
    /// Enemy figures each side killed.
    pub kills: [u32; 2],
    /// Enemy units each side broke (routed or wiped out).
    pub broken: [u32; 2],
    /// The seeded dice.
    pub dice: Dice,
    /// The result.
    pub outcome: Outcome,
}

impl GameState {
    /// Whether a figure stands on the table (alive, its unit not routed).
    #[must_use]
    pub fn on_table(&self, figure: usize) -> bool {
        self.figures.get(figure).is_some_and(|f| !f.killed && self.units.get(f.unit).is_some_and(|u| !u.routed))
    }

    /// The figures of a unit still on the table, by index.
    pub fn figures_of(&self, unit: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.figures.len()).filter(move |&i| self.figures[i].unit == unit && self.on_table(i))
    }

    /// [`Self::figures_of`] as a list. It is made with room for every figure at once: collected
    /// from a filter, which cannot tell its length, it would grow in steps, and the computer
    /// makes these lists for every move it weighs.
    #[must_use]
    pub fn figure_list(&self, unit: usize) -> Vec<usize> {
        let mut list = Vec::with_capacity(self.figures.len());
        list.extend(self.figures_of(unit));
        list
    }

    /// Where the figures of [`Self::figures_of`] stand, made as [`Self::figure_list`] is.
    #[must_use]
    pub fn places_of(&self, unit: usize) -> Vec<(i64, i64)> {
        let mut places = Vec::with_capacity(self.figures.len());
        places.extend(self.figures_of(unit).map(|i| self.figures[i].at));
        places
    }

    /// Whether a unit is on the table (not routed, a figure left).
    #[must_use]
    pub fn unit_in_play(&self, unit: usize) -> bool {
        self.figures_of(unit).next().is_some()
    }

    /// A side's units in play.
    pub fn units_of(&self, side: u8) -> impl Iterator<Item = usize> + '_ {
        (0..self.units.len()).filter(move |&u| self.units[u].side == side && self.unit_in_play(u))
    }

    /// Friendly units of a side that are routed or wiped out.
    #[must_use]
    pub fn broken_friends(&self, side: u8) -> u32 {
        (0..self.units.len()).filter(|&u| self.units[u].side == side && !self.unit_in_play(u)).count() as u32
    }
}

/// Something a side does.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum Action {
    /// Test a unit's morale to activate it.
    Test {
        /// The unit.
        unit: usize,
    },
    /// One figure of the activated unit fires at an enemy figure; the side keeps the
    /// initiative and tests again to act again.
    Fire {
        /// The firer.
        figure: usize,
        /// The target.
        target: usize,
    },
    /// The activated unit moves any or all of its figures; the initiative passes.
    Move {
        /// The unit.
        unit: usize,
        /// Each figure that moves and where to.
        moves: Vec<(usize, (i64, i64))>,
    },
    /// One figure of the activated unit moves into base contact with an enemy figure and
    /// fights it hand to hand: the unit's whole movement.
    Charge {
        /// The attacker.
        figure: usize,
        /// The defender.
        target: usize,
        /// Where the attacker's base ends, touching the defender's.
        to: (i64, i64),
    },
    /// Yield the initiative (the activated unit stands).
    Pass,
}

/// What a die was rolled for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Roll {
    /// The activation test.
    Activation,
    /// The coloured fire die.
    Coloured,
    /// The white fire die.
    White,
    /// An attacker's close-combat die.
    Attacker,
    /// A defender's close-combat die.
    Defender,
}

/// Something that happened.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum Event {
    /// A side takes the initiative.
    Initiative {
        /// The side.
        side: u8,
        /// The round.
        round: u32,
    },
    /// A die.
    Die {
        /// What for.
        roll: Roll,
        /// Whose.
        side: u8,
        /// The face.
        face: u8,
    },
    /// A unit's activation test.
    Tested {
        /// The unit.
        unit: usize,
        /// The die.
        face: u8,
        /// Deducted for its minuses.
        deduction: u8,
        /// Whether it may act.
        passed: bool,
    },
    /// A figure fires.
    Fired {
        /// The firer.
        figure: usize,
        /// The target.
        target: usize,
        /// The range, micrometres.
        range: i64,
        /// The chart's row (its range in micrometres).
        band: i64,
        /// The target is in cover.
        cover: bool,
    },
    /// The differential hit; `kill` says whether the coloured die killed.
    Hit {
        /// The target.
        target: usize,
        /// Killed.
        kill: bool,
    },
    /// The differential missed.
    Missed,
    /// A double: the firer's unit takes an ammo marker.
    AmmoMarker {
        /// The unit.
        unit: usize,
    },
    /// A figure is killed in action.
    Killed {
        /// The figure.
        figure: usize,
        /// Where it fell.
        at: (i64, i64),
        /// The side that scores it.
        by: u8,
    },
    /// A figure moves.
    Moved {
        /// The figure.
        figure: usize,
        /// From.
        from: (i64, i64),
        /// To.
        to: (i64, i64),
    },
    /// A figure charges into base contact.
    Charged {
        /// The attacker.
        figure: usize,
        /// The defender.
        target: usize,
        /// To.
        to: (i64, i64),
    },
    /// Close combat's result.
    Melee {
        /// The attacker's differential.
        attacker: u8,
        /// The defender's.
        defender: u8,
        /// Who is eliminated: 0 attacker, 1 both, 2 defender.
        result: u8,
    },
    /// A unit routs and leaves the table.
    Routed {
        /// The unit.
        unit: usize,
        /// Its minuses.
        minuses: u32,
    },
    /// A unit is wiped out.
    WipedOut {
        /// The unit.
        unit: usize,
    },
    /// A side yields the initiative.
    Passed {
        /// The side.
        side: u8,
    },
    /// The game is over.
    GameOver {
        /// The winner.
        winner: Option<u8>,
        /// Final scores.
        scores: [u32; 2],
        /// Who won the skirmish.
        skirmish: Option<u8>,
        /// Who holds the field.
        field: Option<u8>,
    },
}

/// Why the rules refuse an action.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Rejection {
    /// The game is over.
    GameOver,
    /// No such unit or figure.
    NoSuchThing,
    /// The unit or figure is the other side's.
    NotYours,
    /// The unit or figure is off the table.
    NotInPlay,
    /// A unit has passed its test; it acts (fire, move, charge) or stands (pass) first.
    UnitActive,
    /// No unit has passed a test: test one first.
    NotActivated,
    /// Only figures of the activated unit act.
    NotTheActiveUnit,
    /// The figure has fired while its side holds this initiative.
    AlreadyFired,
    /// The target is not an enemy figure on the table.
    NotAnEnemy,
    /// The target is beyond the chart.
    OutOfRange {
        /// The range, micrometres.
        range: i64,
    },
    /// The target cannot be seen.
    NoLineOfSight,
    /// A move is longer than the figure's allowance.
    TooFar {
        /// The figure.
        figure: usize,
        /// How far, micrometres.
        distance: i64,
        /// Its allowance.
        allowance: i64,
    },
    /// A base would leave the table.
    OffTable,
    /// Two bases would overlap.
    Overlap {
        /// The figure.
        figure: usize,
    },
    /// A move would cross a building it neither starts nor ends in.
    ThroughBuilding {
        /// The figure.
        figure: usize,
    },
    /// The unit would not keep together.
    OutOfCoherency,
    /// A move lists no figure, or one twice.
    BadMoveList,
    /// A charge does not end in base contact with the target.
    NotInContact,
    /// The side tests a unit first (the reading `passing=after_test`).
    MustTest,
    /// From one building straight into another takes two moves (the reading
    /// `building_to_building=two_moves`).
    BuildingToBuilding {
        /// The figure.
        figure: usize,
    },
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cm = |um: i64| crate::table::LengthUnit::Centimetre.show(um);
        match self {
            Rejection::GameOver => write!(f, "the game is over"),
            Rejection::NoSuchThing => write!(f, "there is no such unit or figure"),
            Rejection::NotYours => write!(f, "it belongs to the other side"),
            Rejection::NotInPlay => write!(f, "it is no longer on the table"),
            Rejection::UnitActive => {
                write!(f, "a unit has passed its test: it fires, moves or charges, or the side passes")
            }
            Rejection::NotActivated => write!(f, "no unit is activated: test a unit's morale first"),
            Rejection::NotTheActiveUnit => write!(f, "only figures of the activated unit act"),
            Rejection::AlreadyFired => write!(f, "that figure has fired while its side holds this initiative"),
            Rejection::NotAnEnemy => write!(f, "the target is not an enemy figure on the table"),
            Rejection::OutOfRange { range } => write!(f, "the target is {} away, beyond the fire chart", cm(*range)),
            Rejection::NoLineOfSight => write!(f, "a building hides the target"),
            Rejection::TooFar { distance, allowance, .. } => {
                write!(f, "that move is {}, more than the {} the figure may move there", cm(*distance), cm(*allowance))
            }
            Rejection::OffTable => write!(f, "a base would leave the table"),
            Rejection::Overlap { .. } => write!(f, "two bases would overlap"),
            Rejection::ThroughBuilding { .. } => {
                write!(f, "a figure cannot walk through a building it neither starts nor ends in")
            }
            Rejection::OutOfCoherency => {
                write!(f, "the unit would not keep together (each figure within 5 cm of another, in one group)")
            }
            Rejection::BadMoveList => write!(f, "a move names each moving figure of the unit once"),
            Rejection::NotInContact => write!(f, "a charge ends with the bases touching"),
            Rejection::MustTest => {
                write!(
                    f,
                    "with the initiative a player first tests the morale of a unit: the side cannot pass untested"
                )
            }
            Rejection::BuildingToBuilding { .. } => {
                write!(f, "from one building into another takes two moves: out, then in")
            }
        }
    }
}
