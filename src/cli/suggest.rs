//! `balance --suggest`: the smallest edits that bring a scenario to fair, each with its
//! prediction, its confirmation on fresh seeds and, for the first, every level; `--apply N -o
//! OUT` writes the scenario with the Nth edit made.

use super::*;
use crate::balance::suggest::{SCREEN_GAMES, SuggestOptions, suggest, suggestions_text};

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
