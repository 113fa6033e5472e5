//! `balance --suggest`: the smallest edits that bring a scenario to fair, each with its
//! prediction, its confirmation on fresh seeds and, for the first, every level; `--apply N -o
//! OUT` writes the scenario with the Nth edit made.

use super::*;
use crate::balance::suggest::{Fairness, SCREEN_GAMES, SuggestOptions, Suggestion, Suggestions, suggest};

/// What `--suggest` was asked beyond the run: which edit to write, and where.
pub(super) struct Apply {
    pub(super) index: Option<usize>,
    pub(super) output: Option<PathBuf>,
}

/// Runs the suggestions and prints them (or writes the one asked for); exit 0 when an edit is
/// confirmed to reach fair, 1 when none is.
pub(super) fn suggest_command(
    scenario: &dyn OpenScenario,
    path: &Path,
    options: &crate::balance::BalanceOptions,
    apply: &Apply,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    use std::io::IsTerminal;
    if options.until_clear {
        let _ = writeln!(err, "--suggest: confirmation plays a fixed number of games; leave out --until-clear");
        return EXIT_UNREADABLE;
    }
    match (apply.index, &apply.output) {
        (Some(0), _) => {
            let _ = writeln!(err, "--apply: suggestions are numbered from 1");
            return EXIT_UNREADABLE;
        }
        (Some(_), None) => {
            let _ = writeln!(err, "--apply: give the file to write with -o OUT.ron");
            return EXIT_UNREADABLE;
        }
        (None, Some(_)) => {
            let _ = writeln!(err, "-o: give --apply N, the suggestion to write");
            return EXIT_UNREADABLE;
        }
        _ => {}
    }
    let terminal = std::io::stderr().is_terminal();
    let asked = SuggestOptions { run: *options, screen: SCREEN_GAMES.min(options.games.max(20)) };
    let found = suggest(scenario, &asked, &mut |stage, done, total| {
        if terminal {
            eprint!("\r{stage}: {done}/{total}          ");
        }
        true
    });
    if terminal {
        eprintln!();
    }
    let found = match found {
        Ok(found) => found,
        Err(message) => {
            let _ = writeln!(err, "the suggestion run stopped: {message}");
            return EXIT_PROBLEMS;
        }
    };
    if let (Some(index), Some(output)) = (apply.index, &apply.output) {
        let Some(chosen) = found.suggestions.get(index - 1) else {
            let _ = writeln!(
                err,
                "--apply {index}: there are {}",
                crate::game::counted(found.suggestions.len(), "suggestion", "suggestions")
            );
            return EXIT_UNREADABLE;
        };
        return match crate::files::write_atomic(output, chosen.text.as_bytes()) {
            Ok(()) => {
                let _ = writeln!(out, "wrote {} with: {}", output.display(), chosen.words);
                EXIT_OK
            }
            Err(message) => {
                let _ = writeln!(err, "cannot write {}: {message}", output.display());
                EXIT_UNREADABLE
            }
        };
    }
    let names = scenario.seat_names();
    let name = |seat: u8| names.get(usize::from(seat)).cloned().unwrap_or_else(|| format!("player {}", seat + 1));
    if json {
        let _ = writeln!(
            out,
            "{}",
            serde_json::json!({ "scenario": scenario.name(), "suggest": found, "reached": found.reached() })
        );
    } else {
        let _ = write!(out, "{}", suggestions_text(scenario.name(), &found, &name, &path.display().to_string()));
    }
    if found.reached() { EXIT_OK } else { EXIT_PROBLEMS }
}

/// The suggestions in words, as the command prints them and the Balance panel shows them.
#[must_use]
pub fn suggestions_text(title: &str, found: &Suggestions, name: &dyn Fn(u8) -> String, file: &str) -> String {
    use std::fmt::Write as _;
    let margin = format!("{:.0} points", 100.0 * found.margin);
    let told = found.ahead.unwrap_or(0);
    let share = |f: &Fairness| {
        let seat = f.seat_text(told, name);
        match (found.first_move_targeted, f.first_text()) {
            (true, Some(first)) => format!("{seat}; {first}"),
            _ => seat,
        }
    };
    let mut text = format!("{title} as it stands: {}; fair is within {margin}.\n", share(&found.before));
    if let Some(own) = &found.own {
        let _ = writeln!(
            text,
            "On fresh seeds: {}, in {} from seed {}.",
            share(&own.fairness),
            crate::game::games_counted(own.fairness.games),
            own.seed
        );
    }
    if found.already_fair() {
        let _ = writeln!(text, "It is fair within {margin} as it stands: no edit is needed.");
        return text;
    }
    if found.suggestions.is_empty() {
        let _ = writeln!(text, "The game proposes no edit for this scenario.");
    } else if found.reached() {
        let _ = writeln!(text, "Edits that bring it within {margin} of fair, smallest first:");
    } else {
        let _ =
            writeln!(text, "No edit reached fair within {margin} in its confirmation games; the closest come first:");
    }
    for (number, s) in found.suggestions.iter().enumerate() {
        let _ = writeln!(text, "{}", suggestion_lines(number + 1, s, found, &share, name));
    }
    let (seed, screen) = found.screen;
    let _ = writeln!(
        text,
        "Each edit was screened on up to {screen} games from seed {seed} (the seeds the scenario's own games used) and dropped once the sequential test showed a seat still favoured; {} screened, {} in all.",
        crate::game::counted(found.screened, "edit", "edits"),
        crate::game::games_counted(found.games_played)
    );
    if !found.suggestions.is_empty() {
        let _ = writeln!(text, "Write one: skirmish-studio balance {file} --suggest --apply 1 -o fixed.ron");
    }
    text
}

/// One suggestion's lines: the edit, its prediction, its confirmation and its levels.
fn suggestion_lines(
    number: usize,
    s: &Suggestion,
    found: &Suggestions,
    share: &dyn Fn(&Fairness) -> String,
    name: &dyn Fn(u8) -> String,
) -> String {
    use std::fmt::Write as _;
    let status = match &s.confirmed {
        Some(c) if c.reaches => " (reaches fair)",
        Some(_) => " (confirmed short of fair)",
        None => "",
    };
    let mut text = format!("  {number}. {}{status}\n", s.words);
    let _ = writeln!(text, "     predicted: {}", share(&s.predicted));
    if let Some(c) = &s.confirmed {
        let _ = writeln!(
            text,
            "     confirmed: {}, in {} from seed {}",
            share(&c.fairness),
            crate::game::games_counted(c.fairness.games),
            c.seed
        );
    }
    if let Some(holds) = s.holds_at_every_level() {
        let levels: Vec<String> = s
            .levels
            .iter()
            .map(|(level, f, _)| format!("{}: {}", level.label(), f.seat_text(found.ahead.unwrap_or(0), name)))
            .collect();
        let verdict = if holds { "holds at every level" } else { "does not hold at every level" };
        let _ = writeln!(text, "     {verdict} ({})", levels.join("; "));
    }
    if s.breaks_symmetry {
        let _ = writeln!(text, "     the scenario's declared symmetry no longer holds: the asymmetry is the fix");
    }
    text.trim_end().to_owned()
}
