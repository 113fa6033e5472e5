//! The commands that play: `play` (an action script with a seed) and `simulate` (computer
//! against computer).

use super::*;

pub(super) fn play_command(
    scenario: &dyn OpenScenario,
    path: &Path,
    actions: &Path,
    seed: u64,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let script = match read_limited(actions) {
        Ok(script) => script,
        Err(message) => {
            let _ = writeln!(err, "cannot read {message}");
            return EXIT_UNREADABLE;
        }
    };
    if refuse_errors(scenario, path, "playing", err) {
        return EXIT_PROBLEMS;
    }
    let played = match scenario.play(&script, seed) {
        Ok(played) => played,
        Err(message) => {
            let _ = writeln!(err, "cannot play {}: {message}", actions.display());
            return EXIT_UNREADABLE;
        }
    };
    print_report(&played.report, json, out);
    match played.refused {
        Some((line, reason)) => {
            let _ = writeln!(err, "{}: line {line}: {reason}", actions.display());
            EXIT_PROBLEMS
        }
        None => EXIT_OK,
    }
}

#[expect(clippy::too_many_arguments, reason = "one parameter per command-line option")]
pub(super) fn simulate_command(
    scenario: &dyn OpenScenario,
    path: &Path,
    games: usize,
    seed: u64,
    round_cap: u32,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    use std::io::IsTerminal;
    if refuse_errors(scenario, path, "simulating", err) {
        return EXIT_PROBLEMS;
    }
    let terminal = std::io::stderr().is_terminal();
    let mut progress = |done: usize| {
        if terminal {
            let width = 30;
            let filled = done * width / games.max(1);
            eprint!("\r[{}{}] {done}/{games} games", "#".repeat(filled), " ".repeat(width - filled));
        }
    };
    let report = scenario.simulate(crate::game::Run { games, seed, round_cap }, &mut progress);
    if terminal {
        eprintln!();
    }
    match report {
        Ok(report) => {
            print_report(&report, json, out);
            EXIT_OK
        }
        Err(message) => {
            let _ = writeln!(err, "the simulation failed: {message}");
            EXIT_PROBLEMS
        }
    }
}

/// The level of each seat: `--level` for all, or `--levels` one per seat (the last repeated).
pub(super) fn seat_levels(level: &str, levels: Option<&str>) -> Result<[crate::game::Level; 8], String> {
    let mut out = [crate::game::Level::parse(level)?; 8];
    if let Some(list) = levels {
        let parsed = list.split(',').map(|l| crate::game::Level::parse(l.trim())).collect::<Result<Vec<_>, _>>()?;
        for (seat, slot) in out.iter_mut().enumerate() {
            if let Some(&level) = parsed.get(seat).or(parsed.last()) {
                *slot = level;
            }
        }
    }
    Ok(out)
}
