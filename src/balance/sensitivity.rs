//! Which house readings change the balance verdict: the scenario's games at its own readings,
//! then at every other value of every reading, each seat's share with the difference from the
//! baseline and its 95% interval, and whether the verdict turned.

use super::{Balance, BalanceOptions, run_balance};
use crate::game::OpenScenario;

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
    /// The first seat's share minus the baseline's, with its 95% interval (normal
    /// approximation of the difference of two shares).
    pub shift: (f64, (f64, f64)),
    /// Whether the verdict differs from the baseline's: a seat favoured where none was, or
    /// none where one was.
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

/// The difference of two shares with its 95% interval.
#[must_use]
pub fn share_shift(base: (usize, usize), other: (usize, usize)) -> (f64, (f64, f64)) {
    let share = |(wins, games): (usize, usize)| wins as f64 / games.max(1) as f64;
    let (p0, p1) = (share(base), share(other));
    let se = (p0 * (1.0 - p0) / base.1.max(1) as f64 + p1 * (1.0 - p1) / other.1.max(1) as f64).sqrt();
    let d = p1 - p0;
    (d, (d - 1.96 * se, d + 1.96 * se))
}

/// Plays the baseline and every reading's other values with `options` (a fixed number of
/// games each); `progress` hears (done, of) after each.
///
/// # Errors
/// A reading the scenario refuses, or a game that fails.
pub fn sensitivity(
    scenario: &dyn OpenScenario,
    options: &BalanceOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Sensitivity, String> {
    let fixed = BalanceOptions { until_clear: false, ..*options };
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
    let of = settings.len() + 1;
    let baseline = run_balance(scenario, &fixed, &mut |_| {})?;
    progress(1, of);
    let first = |b: &Balance| b.seats.first().map_or((0, b.games), |s| (s.wins, b.games));
    let mut rows = Vec::with_capacity(settings.len());
    for (done, (setting, label, value)) in settings.into_iter().enumerate() {
        let changed = scenario.with_setting(&setting, &value)?;
        let balance = run_balance(changed.as_ref(), &fixed, &mut |_| {})?;
        let shift = share_shift(first(&baseline), first(&balance));
        let turns_verdict = balance.favoured != baseline.favoured;
        rows.push(ReadingRow { setting, label, value, balance, shift, turns_verdict });
        progress(done + 2, of);
    }
    Ok(Sensitivity { baseline, rows })
}

/// The report in words: a line per reading and value, and which readings move the verdict.
#[must_use]
pub fn sensitivity_text(s: &Sensitivity) -> String {
    use std::fmt::Write as _;
    let mut text = format!("baseline ({} games): {}\n", s.baseline.games, s.baseline.verdict);
    for row in &s.rows {
        let (d, (lo, hi)) = row.shift;
        let _ = writeln!(
            text,
            "  {}={}: first seat {:+.1} points (95% interval {:+.1} to {:+.1}){}; {}",
            row.setting,
            row.value,
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
    fn a_shift_has_an_interval_that_shrinks_with_games() {
        let (d, (lo, hi)) = share_shift((500, 1000), (600, 1000));
        assert!((d - 0.1).abs() < 1e-12);
        assert!(lo > 0.05 && hi < 0.15, "{lo} {hi}");
        let (_, (lo, hi)) = share_shift((50, 100), (60, 100));
        assert!(lo < 0.0 && hi > 0.2);
    }
}
