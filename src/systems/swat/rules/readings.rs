//! The house readings of Skirmish Wars: where the text is silent or leaves a sentence open, a
//! named switch with its default and the sentence it resolves. A scenario sets them
//! (`readings: (NAME: value)`); the lab tries the other values (`--set reading.NAME=VALUE`,
//! `balance --readings`).

use serde::{Deserialize, Serialize};

/// Whether an eliminated unit's counter is lost to its army for the rest of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum MedalLoss {
    /// Only in a game the Victory Medals condition can decide: the sentence stands under that
    /// condition's heading.
    #[default]
    WhenMedalsWin,
    /// In every game: a unit eliminated is always the eliminator's medal (medals count in a
    /// turn limit's tie-break too), so its counter is always lost.
    Always,
}

impl MedalLoss {
    /// Every value, the default first, with its name in files and on the command line.
    pub const VALUES: [(MedalLoss, &'static str); 2] =
        [(MedalLoss::WhenMedalsWin, "when_medals_win"), (MedalLoss::Always, "always")];

    /// Its name in files and on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        Self::VALUES.iter().find(|(v, _)| *v == self).map_or("", |(_, n)| n)
    }
}

/// The readings a game plays by; every field's default is the studio's reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct Readings {
    /// Rule 4.0's counter loss.
    pub medal_loss: MedalLoss,
}

/// Every reading: its name, its values (the default first), the sentence it resolves.
pub const READINGS: [crate::ruleset::Reading; 1] = [crate::ruleset::Reading {
    name: "medal_loss",
    values: &["when_medals_win", "always"],
    sentence: "4.0, Victory Medals: \"For each enemy unit eliminated on the battlefield, the player \
               receives that unit as a victory medal. This particular unit is lost to the other \
               player for the remainder of the game.\" The sentence stands under the Victory \
               Medals condition, but every game counts medals (a turn limit's tie-break reads \
               them). when_medals_win: an eliminated unit's counter is lost to its army only in a \
               game the Victory Medals condition can decide; always: in every game.",
    changes_play: true,
}];

impl Readings {
    /// Sets the reading `name` to `value`.
    ///
    /// # Errors
    /// No such reading, or no such value, naming what there is.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name {
            "medal_loss" => {
                let Some((parsed, _)) = MedalLoss::VALUES.iter().find(|(_, n)| *n == value) else {
                    let known: Vec<&str> = MedalLoss::VALUES.iter().map(|(_, n)| *n).collect();
                    return Err(format!("reading 'medal_loss' has no value '{value}' (it takes {})", known.join(", ")));
                };
                self.medal_loss = *parsed;
                Ok(())
            }
            _ => {
                let known: Vec<&str> = READINGS.iter().map(|r| r.name).collect();
                Err(format!("Skirmish Wars has no reading '{name}' (it knows {})", known.join(", ")))
            }
        }
    }

    /// The value of the reading `name`, by its name in files.
    #[must_use]
    pub fn value(&self, name: &str) -> Option<&'static str> {
        match name {
            "medal_loss" => Some(self.medal_loss.name()),
            _ => None,
        }
    }
}
