//! Which house readings change the balance verdict: the scenario's games at its own readings,
//! then at every other value of every reading, each seat's share with the difference from the
//! baseline and its 95% interval, and whether the verdict turned.

use super::side_by_side::{AgainstFirst, run_balances};
use super::{Balance, BalanceOptions, GameRecord};
use crate::game::OpenScenario;
use crate::game::wilson_interval;

/// One reading at one value, against the baseline.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadingRow {
    /// The setting, by the name the game gives it.
    pub setting: String,
    /// The reading's name for people.
    pub label: String,
    /// The value tried.
    pub value: String,
    /// The games at that value.
    pub balance: Balance,
    /// The first seat's share minus the baseline's over the games both played, with its 95%
    /// interval (paired game by game: see [`PairedShift`]).
    pub shift: (f64, (f64, f64)),
    /// Whether the verdict differs from the baseline's: a seat favoured where none was, none
    /// where one was, or another seat favoured than the baseline's.
    pub turns_verdict: bool,
}

/// The baseline and every other value of every reading.
#[derive(Debug, Clone, PartialEq)]
pub struct Sensitivity {
    /// The scenario's own readings.
    pub baseline: Balance,
    /// Each other value of each reading.
    pub rows: Vec<ReadingRow>,
}

/// The difference of two shares with its 95% interval, for samples with nothing in common.
#[must_use]
pub fn share_shift(base: (usize, usize), other: (usize, usize)) -> (f64, (f64, f64)) {
    let share = |(wins, games): (usize, usize)| wins as f64 / games.max(1) as f64;
    let (p0, p1) = (share(base), share(other));
    let se = (p0 * (1.0 - p0) / base.1.max(1) as f64 + p1 * (1.0 - p1) / other.1.max(1) as f64).sqrt();
    let d = p1 - p0;
    (d, within_whole_share(d - 1.96 * se, d + 1.96 * se))
}

/// An interval for a difference of two shares, cut to the differences there can be (a whole
/// share either way): a normal interval over a few games reaches past them.
fn within_whole_share(lo: f64, hi: f64) -> (f64, f64) {
    (lo.max(-1.0), hi.min(1.0))
}

/// A reading's value against the baseline game by game: game `g` of both runs has the same
/// seed and first mover, so where the reading never comes up the two games are one game, and
/// only the games whose result changed (the discordant ones) carry the difference.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairedShift {
    /// Games compared (the first `games` of each run).
    pub games: usize,
    /// Games the first seat won with the value but not at the baseline.
    pub gained: usize,
    /// Games the first seat won at the baseline but not with the value.
    pub lost: usize,
}

impl PairedShift {
    /// Compares the first seat's wins in the games both runs played.
    #[must_use]
    pub fn of(base: &[GameRecord], other: &[GameRecord]) -> Self {
        let (mut gained, mut lost) = (0, 0);
        for (b, o) in base.iter().zip(other) {
            match (b.winner == Some(0), o.winner == Some(0)) {
                (false, true) => gained += 1,
                (true, false) => lost += 1,
                _ => {}
            }
        }
        Self { games: base.len().min(other.len()), gained, lost }
    }

    /// The shift in the first seat's share with its interval at `z` standard errors (the
    /// paired difference's: its variance is the discordant share less the shift squared). The
    /// discordant share is taken at its 95% upper bound, so games that all agree still leave
    /// an interval as wide as the changes they could have missed, never one of zero width.
    #[must_use]
    pub fn shift(&self, z: f64) -> (f64, (f64, f64)) {
        let n = self.games.max(1) as f64;
        let d = (self.gained as f64 - self.lost as f64) / n;
        let (_, discordant) = wilson_interval(self.gained + self.lost, self.games);
        let se = ((discordant - d * d).max(0.0) / n).sqrt();
        (d, within_whole_share(d - z * se, d + z * se))
    }

    /// Whether the sequential test has decided. The first seat's share cannot have moved by
    /// `margin` (it holds) when the share of games whose result changed at all is below
    /// `margin` at 95% (Wilson), or when the shift's interval at 99% lies within `margin` of
    /// zero (changes that cancel out, on a reading that comes up in most games); it moves
    /// when that interval leaves zero. The 99% is kept wide for the looks after every batch:
    /// about the constant boundary for a dozen looks at 5% overall.
    #[must_use]
    pub fn decided(&self, margin: f64) -> bool {
        let (_, changed_at_most) = wilson_interval(self.gained + self.lost, self.games);
        let (_, (lo, hi)) = self.shift(2.576);
        let within_margin = lo > -margin && hi < margin;
        self.games > 0 && (changed_at_most < margin || within_margin || lo > 0.0 || hi < 0.0)
    }
}

/// Plays the baseline and every reading's other values side by side, each with `options`.
/// With `options.until_clear` every value plays until its paired test against the baseline
/// decides ([`PairedShift::decided`]), and the baseline until its own test decides and every
/// value has stopped; else every run plays all `options.games`. `progress` hears (done, of)
/// in games, a value decided early counting its unplayed games as done.
///
/// # Errors
/// A reading the scenario refuses, or a game that fails.
pub fn sensitivity(
    scenario: &dyn OpenScenario,
    options: &BalanceOptions,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Sensitivity, String> {
    sensitivity_and_baseline(scenario, options, progress).map(|(report, _)| report)
}

/// [`sensitivity`], with the baseline's games: at least every game the scenario's own balance
/// run with the same options plays, on the same seeds, so that run's answer is
/// [`super::balance_of_first`] of them rather than the same games played twice.
///
/// # Errors
/// A reading the scenario refuses, or a game that fails.
pub fn sensitivity_and_baseline(
    scenario: &dyn OpenScenario,
    options: &BalanceOptions,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<(Sensitivity, Vec<GameRecord>), String> {
    let mut settings = Vec::new();
    for reading in scenario.settings().into_iter().filter(crate::game::Setting::is_played_reading) {
        // The first value is the default; the scenario may have chosen another: try them all
        // but the one it plays.
        let current = scenario.setting_value(&reading.name);
        settings.extend(
            reading
                .values()
                .into_iter()
                .filter(|v| Some(v) != current.as_ref())
                .map(|v| (reading.name.clone(), reading.label.clone(), v)),
        );
    }
    let changed: Vec<Box<dyn OpenScenario>> =
        settings.iter().map(|(setting, _, value)| scenario.with_setting(setting, value)).collect::<Result<_, _>>()?;
    let runs: Vec<&dyn OpenScenario> = std::iter::once(scenario).chain(changed.iter().map(AsRef::as_ref)).collect();
    let margin = options.margin;
    let paired = move |base: &[GameRecord], other: &[GameRecord]| PairedShift::of(base, other).decided(margin);
    // Each value's games that its reading could not have changed are the baseline's own.
    let variants: Vec<(String, String)> =
        settings.iter().map(|(setting, _, value)| (setting.clone(), value.clone())).collect();
    let against = AgainstFirst { settled: &paired, variants: &variants };
    let mut runs = run_balances(&runs, options, Some(&against), progress)?.into_iter();
    let (baseline, base_records) = runs.next().ok_or("the baseline was not played")?;
    let rows = settings
        .into_iter()
        .zip(runs)
        .map(|((setting, label, value), (balance, own))| {
            let shift = PairedShift::of(&base_records, &own).shift(1.96);
            let turns_verdict = balance.favoured_seat() != baseline.favoured_seat();
            ReadingRow { setting, label, value, balance, shift, turns_verdict }
        })
        .collect();
    Ok((Sensitivity { baseline, rows }, base_records))
}

/// The report in words: a line per reading and value, and which readings move the verdict.
#[must_use]
pub fn sensitivity_text(s: &Sensitivity) -> String {
    use std::fmt::Write as _;
    let mut text = format!("baseline ({}): {}\n", crate::game::games_counted(s.baseline.games), s.baseline.verdict);
    for row in &s.rows {
        let (d, (lo, hi)) = row.shift;
        let _ = writeln!(
            text,
            "  {}={} ({}{}): first seat {:+.1} points (95% interval {:+.1} to {:+.1}){}; {}",
            row.setting,
            row.value,
            crate::game::games_counted(row.balance.games),
            if row.balance.stopped_early { ", stopped when its paired test decided" } else { "" },
            d * 100.0,
            lo * 100.0,
            hi * 100.0,
            if row.turns_verdict { ", the verdict turns" } else { "" },
            row.balance.verdict
        );
    }
    let moving: Vec<String> = s
        .rows
        .iter()
        .filter(|r| r.turns_verdict || r.shift.1.0 > 0.0 || r.shift.1.1 < 0.0)
        .map(|r| format!("{}={}", r.setting, r.value))
        .collect();
    if moving.is_empty() {
        text.push_str("no reading moves the first seat's share beyond chance or turns the verdict\n");
    } else {
        let _ = writeln!(text, "readings that move the balance beyond chance: {}", moving.join(", "));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shift_over_a_few_games_stays_within_a_whole_share_either_way() {
        // One game, the same under both: the normal interval would run from about -1.75 to
        // +1.75 (`balance --readings --games 1` printed -174.6 to +174.6 points).
        let (d, (lo, hi)) = PairedShift { games: 1, gained: 0, lost: 0 }.shift(1.96);
        assert_eq!(d, 0.0);
        assert!(lo >= -1.0 && hi <= 1.0 && lo < 0.0 && hi > 0.0, "({lo}, {hi})");
        let (_, (lo, hi)) = PairedShift { games: 1, gained: 1, lost: 0 }.shift(1.96);
        assert!(lo >= -1.0 && hi <= 1.0, "({lo}, {hi})");
        let (_, (lo, hi)) = share_shift((0, 1), (1, 1));
        assert!(lo >= -1.0 && hi <= 1.0, "({lo}, {hi})");
    }

    #[test]
    fn a_shift_has_an_interval_that_shrinks_with_games() {
        let (d, (lo, hi)) = share_shift((500, 1000), (600, 1000));
        assert!((d - 0.1).abs() < 1e-12);
        assert!(lo > 0.05 && hi < 0.15, "{lo} {hi}");
        let (_, (lo, hi)) = share_shift((50, 100), (60, 100));
        assert!(lo < 0.0 && hi > 0.2);
    }

    #[test]
    fn a_paired_test_holds_when_few_games_change_and_moves_when_the_changes_lean_one_way() {
        let agree = PairedShift { games: 100, gained: 0, lost: 0 };
        let (d, (lo, hi)) = agree.shift(1.96);
        assert!(d == 0.0 && lo < -0.01 && hi > 0.01, "no change seen still leaves an interval: {lo} {hi}");
        assert!(agree.decided(0.05), "100 games alike: the share cannot have moved by 5 points");
        assert!(!PairedShift { games: 40, gained: 0, lost: 0 }.decided(0.05), "40 alike are too few");
        let churn = PairedShift { games: 100, gained: 10, lost: 10 };
        assert!(!churn.decided(0.05), "a fifth of the games changed, evenly: undecided");
        let lean = PairedShift { games: 100, gained: 20, lost: 2 };
        assert!(lean.decided(0.05) && lean.shift(1.96).1.0 > 0.0, "changes leaning one way move the share");
    }

    #[test]
    fn changes_that_cancel_closely_hold_once_the_shifts_interval_lies_within_the_margin() {
        // 11 of 300 games changed: more than 5% may have changed (Wilson), but the shift,
        // +0.3 points with a 99% interval of about -3.4 to +4.1, cannot reach 5 points.
        let cancelling = PairedShift { games: 300, gained: 6, lost: 5 };
        let (_, changed_at_most) = wilson_interval(11, 300);
        assert!(changed_at_most > 0.05, "{changed_at_most}");
        assert!(cancelling.decided(0.05), "{:?}", cancelling.shift(2.576));
        // The same balance of changes in fewer games leaves a wider interval: undecided.
        assert!(!PairedShift { games: 100, gained: 6, lost: 5 }.decided(0.05));
        // And a shift of two points whose interval reaches the margin is not settled either.
        assert!(!PairedShift { games: 300, gained: 14, lost: 8 }.decided(0.05));
    }
}
