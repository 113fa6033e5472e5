//! The rules core: Skirmish Wars as pure functions over plain data.
//!
//! Architecture invariant: nothing here does I/O, reads a clock or an OS random source, or
//! knows about any user interface. Randomness comes only from the seeded [`Dice`] inside the
//! [`GameState`]. Every number comes from a [`Ruleset`] loaded from data.

mod action;
mod ai;
mod analysis;
mod check;
mod combat;
mod cycle;
mod effects;
mod ids;
mod legal;
mod load;
mod movement;
mod perform;
mod playout;
mod readings;
mod ruleset;
mod setup;
mod state;

pub use crate::dice::Dice;
pub use action::{Action, DefeatReason, Event, Rejection, Strike};
pub use ai::{Level, SCRIPT_NAMES, ai_action, ai_action_at, ai_turn, ai_turn_at, evaluate_for, script_turn};
pub use analysis::{Start, turns_to_reach};
pub use check::check;
pub use combat::{
    CombatPreview, CounterCase, HpOutcome, StrikeNumbers, StrikePreview, in_range, preview_attack, strike_numbers,
};
pub use cycle::{income, outcome};
pub use effects::{
    build_cost, capture_bonus, defense_bonus, fire_range, firepower_bonus, income_per_city_bonus,
    largest_possible_damage, movement_points,
};
pub use ids::{CoId, ColumnId, MoveTypeId, PlayerId, Pos, TerrainId, UnitId, UnitKindId};
pub use legal::{LegalChoices, legal_actions};
pub use movement::{CheckedPath, Reach, armies_apart, can_stand, check_path, ground_route, reachable};
pub use perform::apply;
pub use playout::{Playout, random_action, random_playout};
pub use readings::{MedalLoss, READINGS, Readings};
pub use ruleset::{
    BUILTIN_SWAT_RON, ChartCell, Co, Economy, Effect, Firepower, MAX_COUNTERS, Power, PropertyKind, RANDOM_CO, Ruleset,
    RulesetError, RulesetProblem, Terrain, Transport, UnitFilter, UnitKind,
};
pub use setup::{Replay, ReplayError, replay, start_game};
pub use state::{
    Board, Capture, CoChoice, GameSetup, GameState, MAX_BOARD_SIDE, Outcome, Phase, PlayerSetup, PlayerState,
    PowerLevel, SetupError, Status, TieBreak, TurnLimit, Unit, UnitSetup, VictoryConditions, VictoryReason,
};
