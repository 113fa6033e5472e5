//! The computer player's strength, one type for every game: the seam, the lab, the window and
//! each pure rules core name the same `Level`, so no game keeps its own copy or a converter.

use serde::{Deserialize, Serialize};

/// How strong a computer player plays, as every game offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
pub enum Level {
    /// The baseline player: readable priorities, the simplest ties.
    Easy,
    /// The default: fair to both seats, every tie broken in the side's own frame.
    #[default]
    Normal,
    /// Looks further: weighs the enemy's answer.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// Its name on the command line and in files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// Its name in menus.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Normal => "Normal",
            Level::Hard => "Hard",
        }
    }

    /// The level with this name.
    ///
    /// # Errors
    /// The name is not a level.
    pub fn parse(name: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|l| l.name() == name)
            .ok_or_else(|| format!("unknown level '{name}'; expected easy, normal or hard"))
    }
}
