//! The computer player's strength, one type for every game: the seam, the lab, the window and
//! each pure rules core name the same `Level`, so no game keeps its own copy or a converter.

use serde::{Deserialize, Serialize};

/// How strong a computer player plays, as every game offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
pub enum Level {
    /// The weakest: in Armored Advance, Normal that slips (see [`easy_slip`]); elsewhere
    /// readable priorities and the simplest ties.
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

/// The share of decisions at which an Easy that is its game's Normal with slips slips, in
/// sixteenths: half. In Armored Advance, an Easy with rules of its own beat Normal on some
/// generated tables nobody had tuned for; its Normal with slips lost on every one. (In Skirm
/// the same slips found a table where they beat Normal, so Skirm keeps its own Easy.)
pub const EASY_SLIPS_IN_SIXTEEN: u64 = 8;

/// Whether Easy slips at a decision and, if it does, the number that picks its slip among the
/// candidates (which the game puts in the side's own frame first). It is read from the game's
/// dice state without rolling them, so the game's rolls are the same whatever the computer
/// thinks, and `stir` is what the game counts between two rolls (the turn, the actions spent)
/// so the decisions between them do not all slip alike. A game must stir with counts that name
/// no side or unit, so a relabelled, turned or mirrored map slips at the same decisions.
#[must_use]
pub fn easy_slip(dice: &crate::dice::Dice, stir: u64) -> Option<u64> {
    let mut draw = crate::dice::Dice::new(dice.state ^ stir.wrapping_mul(0xD6E8_FEB8_6659_FD93));
    let drawn = draw.below(1 << 20) as u64;
    (drawn % 16 < EASY_SLIPS_IN_SIXTEEN).then_some(drawn >> 4)
}

#[cfg(test)]
mod tests {
    //! The slip draw on its own: its share and its independence from the game's rolls.
    use super::*;

    #[test]
    fn a_level_is_named_in_any_case_and_a_misspelt_one_is_refused_with_the_list() {
        assert_eq!(Level::parse("Easy"), Ok(Level::Easy));
        assert_eq!(Level::parse("HARD"), Ok(Level::Hard));
        assert_eq!(Level::parse("normal"), Ok(Level::Normal));
        assert_eq!(Level::parse("harder"), Err("unknown level 'harder'; expected easy, normal or hard".into()));
    }

    #[test]
    fn easy_slips_at_half_the_decisions_and_never_rolls_the_games_dice() {
        let dice = crate::dice::Dice::new(42);
        let before = dice.clone();
        let slips = (0..4000u64).filter(|&stir| easy_slip(&dice, stir).is_some()).count();
        assert_eq!(dice, before, "the draw rolled the game's dice");
        assert!((1800..=2200).contains(&slips), "{slips} of 4000 decisions slipped");
        // Another stir, another draw: the decisions between two rolls do not all slip alike.
        let picks: std::collections::BTreeSet<Option<u64>> = (0..64).map(|stir| easy_slip(&dice, stir)).collect();
        assert!(picks.len() > 16, "64 stirs gave only {} different draws", picks.len());
    }
}
