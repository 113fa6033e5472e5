//! The action scripts of `skirmish-studio play` for Armored Advance: one action a line, units
//! numbered from 1 in the table's order, lengths in inches, facings in degrees:
//! `move 3 12 30 [facing]`, `free 3 12 32 [facing]`, `fire 3 1 7` (weapon 1 at unit 7),
//! `end`, and `computer` for the computer's next action; `#` starts a comment.

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
        let scripted = match verb {
            "move" | "free" => Scripted::Move {
                free: verb == "free",
                unit: index(1, "unit")?,
                to: (length(2)?, length(3)?),
                facing: words
                    .get(4)
                    .map(|w| {
                        w.parse::<f64>()
                            .map_err(|_| format!("line {line}: '{w}' is not a facing in degrees"))
                            .and_then(Facing::from_degrees)
                    })
                    .transpose()?,
            },
            "fire" => {
                Scripted::Fire { unit: index(1, "unit")?, weapon: index(2, "weapon")?, target: index(3, "unit")? }
            }
            "end" => Scripted::End,
            "computer" => Scripted::Computer,
            other => return Err(format!("line {line}: unknown action '{other}' (move, free, fire, end, computer)")),
        };
        out.push((line, scripted));
    }
    Ok(out)
}
