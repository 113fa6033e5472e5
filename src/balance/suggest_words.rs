//! The lab's suggestions in words: the headline, each suggestion's lines, how the edits were
//! screened, and the whole listing as `balance --suggest` prints it.

use super::suggest::{
    CONFIRM_SEED_OFFSET, FINER_BUDGET, FINER_ROUNDS, FINER_SCREENING, Fairness, LONGER, REFINED, Suggestion,
    Suggestions,
};

impl Suggestions {
    /// A run's share in words: the seat furthest ahead before the edits, and the first mover
    /// where it is a target.
    #[must_use]
    pub fn share_text(&self, fairness: &Fairness, name: &dyn Fn(u8) -> String) -> String {
        let seat = fairness.seat_text(self.ahead.unwrap_or(0), name);
        match (self.first_move_targeted, fairness.first_text()) {
            (true, Some(first)) => format!("{seat}; {first}"),
            _ => seat,
        }
    }

    /// The lines before the list: the scenario as it stands, on fresh seeds where it was
    /// confirmed, and what the list holds.
    #[must_use]
    pub fn headline(&self, title: &str, name: &dyn Fn(u8) -> String) -> Vec<String> {
        let margin = format!("{:.0} points", 100.0 * self.margin);
        let mut lines = match &self.own {
            Some(own) => vec![
                format!(
                    "{title} as it stands: {}, in {} from seed {}; fair is within {margin}.",
                    self.share_text(&own.fairness, name),
                    crate::game::games_counted(own.fairness.games),
                    own.seed
                ),
                format!("On the screening games every edit plays too: {}.", self.share_text(&self.before, name)),
            ],
            None => {
                vec![format!("{title} as it stands: {}; fair is within {margin}.", self.share_text(&self.before, name))]
            }
        };
        lines.push(if self.already_fair() {
            format!("It is fair within {margin} as it stands: no edit is needed.")
        } else if self.suggestions.is_empty() && self.own.as_ref().is_some_and(|c| c.fairness.deviation(self.first_move_targeted) <= self.margin) {
            // No seat is ahead by the margin, so no edit has a way to go: the games are too few
            // to show the scenario fair, not the scenario unfair.
            format!(
                "No seat is ahead by {margin} in these games, but {} cannot show it within {margin} of fair: play more games (1000 measure a share to about 3 points).",
                crate::game::games_counted(self.confirm_games)
            )
        } else if self.suggestions.is_empty() {
            "The game proposes no edit for this scenario.".to_owned()
        } else if self.reached() {
            format!("Edits that bring it within {margin} of fair, smallest first:")
        } else {
            format!("No edit reached fair within {margin} in its confirmation games; the closest come first:")
        });
        lines
    }

    /// How the edits were screened and how many games were played, in words.
    #[must_use]
    pub fn method(&self) -> String {
        let (seed, screen) = self.screen;
        format!(
            "Each edit was screened on up to {screen} games from seed {seed} (the seeds the scenario's own games used) and dropped once the sequential test showed a seat still favoured; the {REFINED} closest then played {} more on the next seeds, and their prediction is read from those alone (the games that picked them flatter them); where none confirmed fair, the closest confirmed was edited again (up to {FINER_ROUNDS} times, while the games played in the worst case stayed within {FINER_BUDGET} times a confirmation's), each finer edit read against its confirmation on up to {} of its screening seeds; edits whose games were the same as those they were read against were dropped; an edit confirmed fair played again on as many games from seed {} and is called fair only where both show it; {} screened, {} in all.",
            screen * (LONGER - 1),
            screen * FINER_SCREENING,
            seed.wrapping_add(2 * CONFIRM_SEED_OFFSET),
            crate::game::counted(self.screened, "edit", "edits"),
            crate::game::games_counted(self.games_played)
        )
    }

    /// One suggestion's lines: the edit with whether it reached fair, its prediction, its
    /// confirmation, its levels and the symmetry it breaks.
    #[must_use]
    pub fn suggestion_lines(&self, s: &Suggestion, name: &dyn Fn(u8) -> String) -> Vec<String> {
        let status = match &s.confirmed {
            Some(_) if s.reaches() => " (reaches fair)",
            Some(c) if c.reaches => " (fair on its confirmation, not on the second block)",
            Some(_) => " (confirmed short of fair)",
            None => "",
        };
        let mut lines =
            vec![format!("{}{status}", s.words), format!("predicted: {}", self.share_text(&s.predicted, name))];
        for (label, block) in [("confirmed", &s.confirmed), ("again", &s.rechecked)] {
            if let Some(c) = block {
                lines.push(format!(
                    "{label}: {}, in {} from seed {}",
                    self.share_text(&c.fairness, name),
                    crate::game::games_counted(c.fairness.games),
                    c.seed
                ));
            }
        }
        if let Some(holds) = s.holds_at_every_level() {
            let levels: Vec<String> = s
                .levels
                .iter()
                .map(|(level, f, _)| format!("{}: {}", level.label(), f.seat_text(self.ahead.unwrap_or(0), name)))
                .collect();
            let verdict = if holds { "holds at every level" } else { "does not hold at every level" };
            lines.push(format!("{verdict} ({})", levels.join("; ")));
        }
        if s.breaks_symmetry {
            lines.push("the scenario's declared symmetry no longer holds: the asymmetry is the fix".to_owned());
        }
        lines
    }
}

/// The suggestions in words, as the command prints them: the headline, each suggestion
/// numbered, how they were screened, and the command that writes one.
#[must_use]
pub fn suggestions_text(title: &str, found: &Suggestions, name: &dyn Fn(u8) -> String, file: &str) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    for line in found.headline(title, name) {
        let _ = writeln!(text, "{line}");
    }
    if found.already_fair() {
        return text;
    }
    for (number, s) in found.suggestions.iter().enumerate() {
        for (i, line) in found.suggestion_lines(s, name).iter().enumerate() {
            let _ = if i == 0 { writeln!(text, "  {}. {line}", number + 1) } else { writeln!(text, "     {line}") };
        }
    }
    if found.screened > 0 {
        let _ = writeln!(text, "{}", found.method());
    }
    if !found.suggestions.is_empty() {
        let _ = writeln!(text, "Write one: skirmish-studio balance {file} --suggest --apply 1 -o fixed.ron");
    }
    text
}
