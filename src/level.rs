//! The computer player's strength, one type for every game: the seam, the lab, the window and
//! each pure rules core name the same `Level`, so no game keeps its own copy or a converter.

use serde::{Deserialize, Serialize};

/// How strong a computer player plays, as every game offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
pub enum Level {
    /// The weakest: the game's fast player, its own way, without looking ahead.
    Easy,
    /// The default: the framework's turn planner at a small budget (`crate::game::planner`).
    #[default]
    Normal,
    /// The planner at a larger budget: more ways of playing, weighed on more dice.
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

    /// The level with this name, in any case ("Easy" as the menus write it, or "easy").
    ///
    /// # Errors
    /// The name is not a level.
    pub fn parse(name: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("unknown level '{name}'; expected easy, normal or hard"))
    }
}

#[cfg(test)]
mod tests {
    //! A level's name, read in any case.
    use super::*;

    #[test]
    fn a_level_is_named_in_any_case_and_a_misspelt_one_is_refused_with_the_list() {
        assert_eq!(Level::parse("Easy"), Ok(Level::Easy));
        assert_eq!(Level::parse("HARD"), Ok(Level::Hard));
        assert_eq!(Level::parse("normal"), Ok(Level::Normal));
        assert_eq!(Level::parse("harder"), Err("unknown level 'harder'; expected easy, normal or hard".into()));
    }
}
