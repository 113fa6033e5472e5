//! The action script read by `skirmish-studio play`: one action per line, in words a person can
//! write by hand (documented in docs/FILE_FORMAT.md).
//!
//! ```text
//! # comments start with a hash
//! move 3 4,5          # to a square by the cheapest path
//! move 3 2,3 2,4 3,4  # along an explicit path
//! attack 3 7
//! capture 3
//! unload 2 5 4,6      # transport, passenger, square
//! buy 1,1 infantry
//! power               # or: super
//! end
//! ```

use crate::systems::swat::rules::{Action, GameState, Pos, PowerLevel, Ruleset, UnitId, ai_action_at, reachable};
use std::fmt;

/// One line of a script, before it meets a game state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScriptAction {
    /// Move to one square by the cheapest path.
    MoveTo {
        /// The unit.
        unit: UnitId,
        /// The square.
        to: Pos,
    },
    /// Any action given in full.
    Exact(Action),
    /// The computer's next action (at Normal) for the player to move, the word every game's
    /// scripts share.
    Computer,
}

/// A script line that could not be read or played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ScriptError {}

fn square(word: &str) -> Result<Pos, String> {
    let (x, y) = word.split_once(',').ok_or_else(|| format!("'{word}' is not a square; write x,y"))?;
    let x = x.trim().parse().map_err(|_| format!("'{word}' is not a square; write x,y"))?;
    let y = y.trim().parse().map_err(|_| format!("'{word}' is not a square; write x,y"))?;
    Ok(Pos::new(x, y))
}

fn unit(word: &str) -> Result<UnitId, String> {
    word.parse().map(UnitId).map_err(|_| format!("'{word}' is not a unit number"))
}

/// Reads a script: each non-empty line (after removing `#` comments) with its line number.
///
/// # Errors
/// The first line that cannot be read, with its number and what was expected.
pub fn parse_script(rules: &Ruleset, text: &str) -> Result<Vec<(usize, ScriptAction)>, ScriptError> {
    let mut actions = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let words: Vec<&str> = raw.split('#').next().unwrap_or("").split_whitespace().collect();
        let Some((&verb, args)) = words.split_first() else { continue };
        let wrong = |message: String| ScriptError { line, message };
        let arity = |n: usize, usage: &str| {
            if args.len() == n { Ok(()) } else { Err(wrong(format!("'{verb}' takes {usage}"))) }
        };
        let action = match verb {
            "move" => {
                if args.len() < 2 {
                    return Err(wrong("'move' takes a unit and one or more squares".into()));
                }
                let who = unit(args[0]).map_err(wrong)?;
                let path = args[1..].iter().map(|w| square(w)).collect::<Result<Vec<_>, _>>().map_err(wrong)?;
                match path.as_slice() {
                    [to] => ScriptAction::MoveTo { unit: who, to: *to },
                    _ => ScriptAction::Exact(Action::Move { unit: who, path }),
                }
            }
            "attack" => {
                arity(2, "a unit and a target")?;
                ScriptAction::Exact(Action::Attack {
                    unit: unit(args[0]).map_err(wrong)?,
                    target: unit(args[1]).map_err(wrong)?,
                })
            }
            "capture" => {
                arity(1, "a unit")?;
                ScriptAction::Exact(Action::Capture { unit: unit(args[0]).map_err(wrong)? })
            }
            "unload" => {
                arity(3, "a transport, a passenger and a square")?;
                ScriptAction::Exact(Action::Unload {
                    transport: unit(args[0]).map_err(wrong)?,
                    passenger: unit(args[1]).map_err(wrong)?,
                    to: square(args[2]).map_err(wrong)?,
                })
            }
            "buy" => {
                arity(2, "a factory square and a unit kind")?;
                let kind = rules.unit_id(args[1]).ok_or_else(|| {
                    let near = crate::files::nearest_names(args[1], rules.units.iter().map(|u| u.id.as_str()));
                    wrong(format!("unknown unit kind '{}'; did you mean {}?", args[1], near.join(", ")))
                })?;
                ScriptAction::Exact(Action::Buy { factory: square(args[0]).map_err(wrong)?, kind })
            }
            "power" => ScriptAction::Exact(Action::UsePower { level: PowerLevel::Power }),
            "super" => ScriptAction::Exact(Action::UsePower { level: PowerLevel::SuperPower }),
            "end" => ScriptAction::Exact(Action::EndTurn),
            "computer" => ScriptAction::Computer,
            other => {
                return Err(wrong(format!(
                    "unknown action '{other}' (expected move, attack, capture, unload, buy, power, super, end or computer)"
                )));
            }
        };
        if actions.len() == crate::game::MAX_SCRIPT_ACTIONS {
            return Err(wrong(crate::game::script_too_long_reason()));
        }
        actions.push((line, action));
    }
    Ok(actions)
}

impl ScriptAction {
    /// The rules-core action this line means in `state`: a move to a square takes the cheapest
    /// path there, or the straight step if the square is out of reach (so the rules core
    /// names why).
    #[must_use]
    pub fn resolve(&self, rules: &Ruleset, state: &GameState) -> Action {
        match self {
            ScriptAction::Exact(action) => action.clone(),
            ScriptAction::Computer => ai_action_at(rules, state, crate::level::Level::Normal),
            ScriptAction::MoveTo { unit, to } => {
                let path = state.unit(*unit).and_then(|u| reachable(rules, state, u).path_to(*to));
                Action::Move { unit: *unit, path: path.unwrap_or_else(|| vec![*to]) }
            }
        }
    }
}
