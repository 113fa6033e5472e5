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

/// Games of a level's study of a table, half with the studying side moving first.
pub const STUDY_GAMES: u64 = 40;

/// The first seed of a study's games (any fixed number: a study must not borrow the dice of
/// the game being played, or two games of the same table would study it apart).
pub const STUDY_SEED: u64 = 0x005e_ed0f_57ad;

/// A level's study of a table, shared by the games whose levels study the table before they
/// play there: game `g` seats the studying `side` first when `g` is even, the other side when
/// it is odd, both on seed `STUDY_SEED + g / 2`, so a relabelled, turned or mirrored copy of a
/// symmetric table plays the same games for the side standing where this one does. `play`
/// plays one game from the first mover and the seed and gives its winner (`None` for a draw,
/// a cap or a game that cannot start); the answer is the games won and lost by `side`.
pub fn study_games(side: u8, mut play: impl FnMut(u8, u64) -> Option<u8>) -> (usize, usize) {
    let (mut won, mut lost) = (0, 0);
    for game in 0..STUDY_GAMES {
        let first = if game % 2 == 0 { side } else { 1 - side.min(1) };
        match play(first, STUDY_SEED + game / 2) {
            Some(winner) if winner == side => won += 1,
            Some(_) => lost += 1,
            None => {}
        }
    }
    (won, lost)
}

/// Whether a study takes the stronger way up: it won more of the study's decisive games than
/// it lost (a tie keeps the weaker level's way, which is known not to lose to itself).
#[must_use]
pub fn takes_up((won, lost): (usize, usize)) -> bool {
    won > lost
}

/// A study's key: what the study depends on, written out by the game (its data, the table,
/// the settings), and the side, hashed. Only compared within one process.
#[must_use]
pub fn study_key(depends_on: &str, side: u8) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    depends_on.hash(&mut hasher);
    side.hash(&mut hasher);
    hasher.finish()
}

/// The studies a process keeps, by key, a few tables at a time (a lab run needs one table, the
/// window a few): a pure function's answers, so keeping them never changes a game, and the
/// lab studies a table once, not once per game. Two threads asking for the same key wait for
/// one study.
#[derive(Debug, Default)]
pub struct KeptStudies(std::sync::Mutex<Vec<(u64, std::sync::Arc<std::sync::OnceLock<bool>>)>>);

impl KeptStudies {
    /// Tables kept.
    pub const SIZE: usize = 32;

    /// None kept yet (for a `static`).
    #[must_use]
    pub const fn new() -> Self {
        Self(std::sync::Mutex::new(Vec::new()))
    }

    /// The kept answer for `key`, or `study`'s, kept.
    pub fn get(&self, key: u64, study: impl FnOnce() -> bool) -> bool {
        let cell = match self.0.lock() {
            Ok(mut kept) => {
                if let Some((_, cell)) = kept.iter().find(|(k, _)| *k == key) {
                    std::sync::Arc::clone(cell)
                } else {
                    if kept.len() >= Self::SIZE {
                        kept.remove(0);
                    }
                    let cell = std::sync::Arc::new(std::sync::OnceLock::new());
                    kept.push((key, std::sync::Arc::clone(&cell)));
                    cell
                }
            }
            // A thread that panicked while holding the list leaves it unusable: study afresh.
            Err(_) => std::sync::Arc::new(std::sync::OnceLock::new()),
        };
        *cell.get_or_init(study)
    }
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
    fn a_study_seats_each_side_first_in_half_its_games_on_shared_seeds_and_keeps_its_answer() {
        let mut seen = Vec::new();
        let counts = study_games(1, |first, seed| {
            seen.push((first, seed));
            // The studying side wins when it moves first, draws on the first seed otherwise.
            if first == 1 {
                Some(1)
            } else if seed == STUDY_SEED {
                None
            } else {
                Some(0)
            }
        });
        assert_eq!(seen.len() as u64, STUDY_GAMES);
        assert_eq!(seen[..4], [(1, STUDY_SEED), (0, STUDY_SEED), (1, STUDY_SEED + 1), (0, STUDY_SEED + 1)]);
        assert_eq!(counts, (20, 19));
        assert!(takes_up(counts));
        assert!(!takes_up((19, 19)), "a tie keeps the weaker level's way");
        let kept = KeptStudies::new();
        assert!(kept.get(study_key("table", 0), || true));
        assert!(kept.get(study_key("table", 0), || false), "the kept answer, not studied again");
        assert!(!kept.get(study_key("table", 1), || false), "the other side is its own study");
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
