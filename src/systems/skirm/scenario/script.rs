//! Skirm action scripts for `skirmish-studio play`: one action per line, `#` starts a
//! comment. Units and items are numbered from 0 as `play` prints them; squares are `x y`.
//!
//! ```text
//! activate 3            delay                 end
//! move 4 5              dash 4 6              leap 5 5
//! shoot rifle unit 7    shoot shotgun unit 7 unit 8    shoot frag_grenade square 5 5
//! melee blade unit 7    melee blade item 2    turret unit 7
//! door 3 4 h            (the edge whose top or left end is corner (3, 4); h along a row, v along a column)
//! pickup                drop                  crate mp|medpack|ammo|to
//! medkit 3              mission
//! reroll 1              up 1                  down 1               accept
//! ai                    (the computer player chooses)
//! ```

use crate::board::{Edge, EdgeAxis, Pos};
use crate::systems::skirm::rules::{Action, CrateContent, Target};

/// A script line: an action, or a turn for the computer player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scripted {
    /// This action.
    Action(Action),
    /// Whatever the computer player chooses.
    Computer,
}

fn number<T: std::str::FromStr>(word: Option<&str>, what: &str) -> Result<T, String> {
    let word = word.ok_or_else(|| format!("{what} is missing"))?;
    word.parse().map_err(|_| format!("'{word}' is not a {what}"))
}

fn square<'a>(words: &mut impl Iterator<Item = &'a str>) -> Result<Pos, String> {
    Ok(Pos::new(number(words.next(), "column")?, number(words.next(), "row")?))
}

fn targets<'a>(words: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>) -> Result<Vec<Target>, String> {
    let mut out = Vec::new();
    while let Some(kind) = words.next() {
        out.push(match kind {
            "unit" => Target::Unit(number(words.next(), "unit number")?),
            "item" => Target::Item(number(words.next(), "item number")?),
            "square" => Target::Square(square(words)?),
            other => return Err(format!("'{other}' is not a target; write unit N, item N or square X Y")),
        });
    }
    if out.is_empty() {
        return Err("a target is missing (unit N, item N or square X Y)".into());
    }
    Ok(out)
}

fn parse_line(line: &str) -> Result<Option<Scripted>, String> {
    let line = line.split('#').next().unwrap_or("").trim();
    let mut words = line.split_whitespace().peekable();
    let Some(verb) = words.next() else { return Ok(None) };
    let action = match verb {
        "ai" | "computer" => return Ok(Some(Scripted::Computer)),
        "activate" => Action::Activate { unit: number(words.next(), "unit number")? },
        "delay" => Action::Delay,
        "end" => Action::EndActivation,
        "move" => Action::Move { to: square(&mut words)? },
        "dash" => Action::Dash { to: square(&mut words)? },
        "leap" => Action::Leap { to: square(&mut words)? },
        "shoot" => {
            let weapon = words.next().ok_or("the weapon is missing")?.to_owned();
            Action::Ranged { weapon, targets: targets(&mut words)? }
        }
        "melee" => {
            let weapon = words.next().ok_or("the weapon is missing")?.to_owned();
            let mut found = targets(&mut words)?;
            if found.len() != 1 {
                return Err("a melee attack has one target".into());
            }
            Action::Melee { weapon, target: found.remove(0) }
        }
        "turret" => Action::UseTurret { targets: targets(&mut words)? },
        "door" => {
            let at = square(&mut words)?;
            let axis = match words.next() {
                Some("h") => EdgeAxis::Horizontal,
                Some("v") => EdgeAxis::Vertical,
                _ => return Err("a door's edge is x y h or x y v".into()),
            };
            Action::Door { edge: Edge { x: at.x, y: at.y, axis } }
        }
        "pickup" => Action::PickUp,
        "drop" => Action::Drop,
        "crate" => {
            let name = words.next().ok_or("the content is missing (mp, medpack, ammo or to)")?;
            let content = CrateContent::ALL
                .into_iter()
                .find(|c| c.name() == name)
                .ok_or_else(|| format!("'{name}' is not a crate content; write mp, medpack, ammo or to"))?;
            Action::OpenCrate { content }
        }
        "medkit" => Action::Medkit { target: number(words.next(), "unit number")? },
        "mission" => Action::MissionAction,
        "reroll" => Action::Reroll { die: number(words.next(), "die number")? },
        "up" | "down" => Action::Adjust { die: number(words.next(), "die number")?, up: verb == "up" },
        "accept" => Action::Accept,
        other => return Err(format!("unknown action '{other}'")),
    };
    if let Some(extra) = words.next() {
        return Err(format!("unexpected '{extra}' at the end of the line"));
    }
    Ok(Some(Scripted::Action(action)))
}

/// Reads a script: each action with its line number.
///
/// # Errors
/// The first line that cannot be read, with its number and the reason.
pub fn parse_script(text: &str) -> Result<Vec<(usize, Scripted)>, String> {
    let mut out = Vec::new();
    for (index, line) in text.lines().enumerate() {
        match parse_line(line) {
            Ok(Some(_)) if out.len() == crate::game::MAX_SCRIPT_ACTIONS => {
                return Err(crate::game::script_too_long(index + 1));
            }
            Ok(Some(action)) => out.push((index + 1, action)),
            Ok(None) => {}
            Err(reason) => return Err(format!("line {}: {reason}", index + 1)),
        }
    }
    Ok(out)
}
