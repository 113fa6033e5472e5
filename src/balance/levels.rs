//! Whether a balance verdict is about the map or about the computer: the same games at Easy,
//! Normal and Hard (every seat at the one level), each level's verdict with each seat's share,
//! and "holds at every level" when the favoured seat (or none) is the same at all three, else
//! "depends on the computer's level".

use super::{Balance, BalanceOptions};
use crate::game::OpenScenario;
use crate::level::Level;

/// The three levels' runs and what they say together.
#[derive(Debug, Clone, PartialEq)]
pub struct AcrossLevels {
    /// Easy, Normal and Hard, in that order.
    pub runs: Vec<(Level, Balance)>,
    /// Whether the favoured seat (or that none is) is the same at every level.
    pub holds: bool,
}

/// Plays `options`' games at each level for every seat; `progress` hears (done, of) in levels
/// after every batch and says whether to go on.
///
/// # Errors
/// A game that fails, or the run was cancelled.
pub fn across_levels(
    scenario: &dyn OpenScenario,
    options: &BalanceOptions,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<AcrossLevels, String> {
    let levels = Level::ALL;
    let mut runs = Vec::with_capacity(levels.len());
    for (done, level) in levels.into_iter().enumerate() {
        let at_level = BalanceOptions { levels: [level; 8], ..*options };
        // Asked after every batch, so a Cancel stops the level under way, not only the next.
        let mut go_on = true;
        let balance = super::run_balance_with(scenario, &at_level, &mut |_| {
            go_on = progress(done, levels.len());
            go_on
        })?;
        if !go_on || !progress(done + 1, levels.len()) {
            return Err(super::side_by_side::CANCELLED.to_owned());
        }
        runs.push((level, balance));
    }
    let first = runs.first().map(|(_, b)| b.favoured_seat());
    let holds = runs.iter().all(|(_, b)| Some(b.favoured_seat()) == first);
    Ok(AcrossLevels { runs, holds })
}

impl AcrossLevels {
    /// In words, a line for the verdict and a line a level, seats named by `name`.
    #[must_use]
    pub fn text(&self, name: &dyn Fn(u8) -> String) -> Vec<String> {
        let mut lines = vec![if self.holds {
            "the verdict holds at every level of the computer (Easy, Normal, Hard)".to_owned()
        } else {
            "the verdict depends on the computer's level: read it as much about the computer as about the map"
                .to_owned()
        }];
        for (level, balance) in &self.runs {
            let shares: Vec<String> = balance
                .seats
                .iter()
                .map(|s| format!("{} {}", name(s.seat), crate::game::share_text(s.wins, balance.games)))
                .collect();
            let verdict = match balance.favoured_seat() {
                Some(seat) => format!("{} favoured", name(seat)),
                None => "no seat favoured".to_owned(),
            };
            lines.push(format!(
                "{}: {verdict}; {}; draws {}",
                level.label(),
                shares.join(", "),
                crate::game::share_text(balance.draws, balance.games)
            ));
        }
        lines
    }
}
