//! The action scripts of `skirmish-studio play` for Armored Advance: one action a line, units
//! numbered from 1 in the table's order, lengths in inches, facings in degrees:
//! `move 3 12 30 [facing]`, `free 3 12 32 [facing]`, `fire 3 1 7` (weapon 1 at unit 7),
//! `accurate 3 1 7` (an Accurate shot), `scout 4 7 2` (unit 4 marks unit 7 for unit 2),
//! `board 9 5` (unit 9 boards or hooks to unit 5), `off 9 20 30 [facing]` (gets out there),
//! `demolish 6 12` (unit 6 clears tank-trap piece 12), `end`, and `computer` for the
//! computer's next action; `#` starts a comment.

use crate::systems::armored::rules::{self, Action, GameState};
use crate::systems::armored::ruleset::Ruleset;
use crate::table::{Facing, LengthUnit};

/// One scripted line.
#[derive(Debug, Clone, PartialEq)]
pub enum Scripted {
    /// A move (free or not) to a point, with a facing or the way it goes.
    Move {
        /// The free move of a light vehicle.
        free: bool,
        /// The unit, from 0.
        unit: usize,
        /// Where, micrometres.
        to: (i64, i64),
        /// The facing at the end, if given.
        facing: Option<Facing>,
    },
    /// A shot.
    Fire {
        /// The firer, from 0.
        unit: usize,
        /// The weapon, from 0.
        weapon: usize,
        /// The target, from 0.
        target: usize,
    },
    /// A keyword action written out whole (Accurate, Scout, board, demolish).
    Keyword(Action),
    /// Getting out of a transport or off a tow at a point, with a facing or the carried unit's.
    Off {
        /// The unit, from 0.
        unit: usize,
        /// Where, micrometres.
        to: (i64, i64),
        /// The facing, if given.
        facing: Option<Facing>,
    },
    /// The end of the turn.
    End,
    /// The computer's next action.
    Computer,
}

/// Reads a script.
///
/// # Errors
/// The line and what is wrong with it.
pub fn parse_script(unit: LengthUnit, text: &str) -> Result<Vec<(usize, Scripted)>, String> {
    let mut out = Vec::new();
    for (number, raw) in text.lines().enumerate() {
        let line = number + 1;
        let words: Vec<&str> = raw.split('#').next().unwrap_or("").split_whitespace().collect();
        let Some(&verb) = words.first() else { continue };
        let index = |i: usize, what: &str| -> Result<usize, String> {
            let word = words.get(i).ok_or_else(|| format!("line {line}: '{verb}' needs {what}"))?;
            let n: usize = word.parse().map_err(|_| format!("line {line}: '{word}' is not a {what} number"))?;
            n.checked_sub(1).ok_or_else(|| format!("line {line}: {what}s count from 1"))
        };
        let length = |i: usize| -> Result<i64, String> {
            let word =
                words.get(i).ok_or_else(|| format!("line {line}: '{verb}' needs a point (x y, in {})", unit.name()))?;
            let value: f64 = word.parse().map_err(|_| format!("line {line}: '{word}' is not a length"))?;
            unit.to_um(value, &format!("line {line}: the point")).map_err(|e| e.to_string())
        };
        let facing_at = |i: usize| -> Result<Option<Facing>, String> {
            words
                .get(i)
                .map(|w| {
                    w.parse::<f64>()
                        .map_err(|_| format!("line {line}: '{w}' is not a facing in degrees"))
                        .and_then(Facing::from_degrees)
                })
                .transpose()
        };
        let scripted = match verb {
            "move" | "free" => Scripted::Move {
                free: verb == "free",
                unit: index(1, "unit")?,
                to: (length(2)?, length(3)?),
                facing: facing_at(4)?,
            },
            "fire" => {
                Scripted::Fire { unit: index(1, "unit")?, weapon: index(2, "weapon")?, target: index(3, "unit")? }
            }
            "accurate" => Scripted::Keyword(Action::AccurateFire {
                unit: index(1, "unit")?,
                weapon: index(2, "weapon")?,
                target: index(3, "unit")?,
            }),
            "scout" => Scripted::Keyword(Action::Scout {
                unit: index(1, "unit")?,
                target: index(2, "unit")?,
                friend: index(3, "unit")?,
            }),
            "board" => Scripted::Keyword(Action::Embark { unit: index(1, "unit")?, carrier: index(2, "unit")? }),
            "demolish" => Scripted::Keyword(Action::Demolish { unit: index(1, "unit")?, piece: index(2, "piece")? }),
            "off" => Scripted::Off { unit: index(1, "unit")?, to: (length(2)?, length(3)?), facing: facing_at(4)? },
            "end" => Scripted::End,
            "computer" => Scripted::Computer,
            other => {
                return Err(format!(
                    "line {line}: unknown action '{other}' (move, free, fire, accurate, scout, board, off, demolish, end, computer)"
                ));
            }
        };
        if out.len() == crate::game::MAX_SCRIPT_ACTIONS {
            return Err(crate::game::script_too_long(line));
        }
        out.push((line, scripted));
    }
    Ok(out)
}

/// A script's line as the action it names in the position it meets: a move faces where it
/// goes unless told, getting out keeps the facing, `computer` asks the computer at Normal.
#[must_use]
pub fn resolve(data: &Ruleset, scripted: &Scripted, state: &GameState) -> Option<Action> {
    match scripted {
        Scripted::Move { free, unit, to, facing } => {
            let from = state.units.get(*unit).map_or((0, 0), |u| (u.pose.x, u.pose.y));
            let facing = facing.unwrap_or_else(|| {
                let (dx, dy) = ((to.0 - from.0) as f64, (to.1 - from.1) as f64);
                let kept = state.units.get(*unit).map(|u| u.pose.facing).unwrap_or_default();
                if dx == 0.0 && dy == 0.0 {
                    kept
                } else {
                    Facing::from_degrees(libm::atan2(dx, -dy).to_degrees()).unwrap_or(kept)
                }
            });
            Some(if *free {
                Action::FreeMove { unit: *unit, to: *to, facing }
            } else {
                Action::Move { unit: *unit, to: *to, facing }
            })
        }
        Scripted::Fire { unit, weapon, target } => Some(Action::Fire { unit: *unit, weapon: *weapon, target: *target }),
        Scripted::Keyword(action) => Some(action.clone()),
        Scripted::Off { unit, to, facing } => Some(Action::Disembark {
            unit: *unit,
            to: *to,
            facing: facing.unwrap_or_else(|| state.units.get(*unit).map(|u| u.pose.facing).unwrap_or_default()),
        }),
        Scripted::End => Some(Action::EndTurn),
        Scripted::Computer => rules::computer_action(data, state),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn keyword_lines_read_as_their_actions_and_a_bad_verb_names_the_known_ones() {
        let script = "board 11 5\noff 11 30 40 90\nscout 8 7 2\naccurate 3 1 6\ndemolish 9 15\n";
        let read: Vec<Scripted> = parse_script(LengthUnit::Inch, script).unwrap().into_iter().map(|(_, s)| s).collect();
        assert_eq!(read[0], Scripted::Keyword(Action::Embark { unit: 10, carrier: 4 }));
        assert_eq!(
            read[1],
            Scripted::Off {
                unit: 10,
                to: (30 * 25_400, 40 * 25_400),
                facing: Some(Facing::from_degrees(90.0).unwrap())
            }
        );
        assert_eq!(read[2], Scripted::Keyword(Action::Scout { unit: 7, target: 6, friend: 1 }));
        assert_eq!(read[3], Scripted::Keyword(Action::AccurateFire { unit: 2, weapon: 0, target: 5 }));
        assert_eq!(read[4], Scripted::Keyword(Action::Demolish { unit: 8, piece: 14 }));
        let refused = parse_script(LengthUnit::Inch, "tow 1 2").unwrap_err();
        assert!(refused.contains("line 1") && refused.contains("board"), "{refused}");
    }
}
