//! Modern Skirmish's action scripts for `skirmish-studio play`: one line an action (`test U`,
//! `fire F T`, `move U F:X,Y ...`, `charge F T`, `pass`, `computer`), units and figures
//! numbered from 1 in the file's order, places in centimetres, each line read against the
//! position it meets.

use crate::systems::modern::rules::{self, Action};
use crate::systems::modern::ruleset::{Ruleset, UNIT};

/// Reads one line of a play script: `test U`, `fire F T`, `move U F:X,Y ...`, `charge F T`, `pass`,
/// `computer` (units and figures numbered from 1 in the file's order, places in centimetres).
///
/// # Errors
/// The line is not an action, with what is wrong in it.
pub fn parse_line(state: &rules::GameState, data: &Ruleset, line: &str) -> Result<Option<Action>, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let number = |i: usize, what: &str| -> Result<usize, String> {
        words
            .get(i)
            .and_then(|w| w.parse::<usize>().ok())
            .filter(|&n| n >= 1)
            .map(|n| n - 1)
            .ok_or_else(|| format!("'{line}': {what} is a number from 1"))
    };
    Ok(Some(match words.first().copied() {
        Some("test") => Action::Test { unit: number(1, "the unit")? },
        Some("fire") => Action::Fire { figure: number(1, "the firer")?, target: number(2, "the target")? },
        Some("charge") => {
            let (figure, target) = (number(1, "the attacker")?, number(2, "the defender")?);
            let (Some(f), Some(t)) = (state.figures.get(figure), state.figures.get(target)) else {
                return Err(format!("'{line}': no such figure"));
            };
            Action::Charge { figure, target, to: rules::contact_point(data, f.at, t.at) }
        }
        Some("move") => {
            let unit = number(1, "the unit")?;
            let moves = words[2..]
                .iter()
                .map(|w| {
                    let bad = || format!("'{line}': a move is FIGURE:X,Y in centimetres, not '{w}'");
                    let (f, xy) = w.split_once(':').ok_or_else(bad)?;
                    let (x, y) = xy.split_once(',').ok_or_else(bad)?;
                    let f: usize = f.parse().ok().filter(|&n: &usize| n >= 1).ok_or_else(bad)?;
                    let x: f64 = x.parse().map_err(|_| bad())?;
                    let y: f64 = y.parse().map_err(|_| bad())?;
                    Ok((f - 1, (UNIT.to_um(x, "x")?, UNIT.to_um(y, "y")?)))
                })
                .collect::<Result<Vec<_>, String>>()?;
            Action::Move { unit, moves }
        }
        Some("pass") => Action::Pass,
        Some("computer") => return Ok(None),
        other => {
            return Err(format!(
                "'{line}': {} is not an action (test, fire, move, charge, pass, computer)",
                other.unwrap_or("")
            ));
        }
    }))
}
