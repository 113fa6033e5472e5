//! The `balance` command: the lab's games, sweeps and matrices, its text, JSON and HTML reports.

use super::*;

/// What `balance` does beyond the main run.
pub(super) struct BalanceExtras {
    pub(super) settings: Vec<String>,
    pub(super) cos: bool,
    pub(super) sweep: Option<crate::balance::SweepSpec>,
    pub(super) readings: bool,
    pub(super) across_levels: bool,
    pub(super) report: Option<PathBuf>,
    /// `--suggest`, with the suggestion to write if one is asked for.
    pub(super) suggest: Option<super::suggest::Apply>,
}

pub(super) fn balance_command(
    scenario: &dyn OpenScenario,
    path: &Path,
    options: &crate::balance::BalanceOptions,
    extras: &BalanceExtras,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    use crate::balance::{co_matrix, most_balanced, run_balance, sweep};
    use std::io::IsTerminal;
    if !(0.005..=0.5).contains(&options.margin) || options.games == 0 {
        let _ = writeln!(err, "the margin must be 0.5 to 50 points and at least one game played");
        return EXIT_UNREADABLE;
    }
    if refuse_errors(scenario, path, "balancing", err) {
        return EXIT_PROBLEMS;
    }
    let mut changed: Option<Box<dyn OpenScenario>> = None;
    for setting in &extras.settings {
        let Some((name, value)) = setting.split_once('=') else {
            let _ = writeln!(err, "--set {setting}: write NAME=VALUE");
            return EXIT_UNREADABLE;
        };
        let base: &dyn OpenScenario = changed.as_deref().unwrap_or(scenario);
        match base.with_setting(name.trim(), value.trim()) {
            Ok(next) => changed = Some(next),
            Err(message) => {
                let _ = writeln!(err, "--set {setting}: {message}");
                return EXIT_UNREADABLE;
            }
        }
    }
    let scenario: &dyn OpenScenario = changed.as_deref().unwrap_or(scenario);
    if let Some(apply) = &extras.suggest {
        if extras.cos || extras.sweep.is_some() || extras.readings || extras.across_levels || extras.report.is_some() {
            let _ = writeln!(
                err,
                "--suggest: runs on its own; leave out --cos, --sweep, --readings, --across-levels and --report (it plays every level for its first suggestion)"
            );
            return EXIT_UNREADABLE;
        }
        return super::suggest::suggest_command(scenario, path, options, apply, json, out, err);
    }
    if let Some(Err(message)) = extras.sweep.as_ref().map(|spec| spec.check(scenario)) {
        let _ = writeln!(err, "--sweep: {message}");
        return EXIT_UNREADABLE;
    }
    let terminal = std::io::stderr().is_terminal();
    let games = options.games;
    let mut progress = |done: usize| {
        if terminal {
            eprint!("\r{done}/{games} games");
        }
    };
    let stage = |what: &'static str| {
        move |done: usize, total: usize| {
            if terminal {
                eprint!("\r{what}: {done}/{total}     ");
            }
        }
    };
    if extras.readings && !scenario.settings().iter().any(crate::game::Setting::is_played_reading) {
        let _ = writeln!(err, "--readings: {} has no house readings to switch", scenario.name());
        return EXIT_UNREADABLE;
    }
    // With the readings, their baseline is the scenario's own run, played once: its first games
    // are every game the run alone would play.
    let (result, readings) = if extras.readings {
        match crate::balance::sensitivity::sensitivity_and_baseline(scenario, options, &mut |done, of| {
            stage("readings")(done, of);
            true
        }) {
            Ok((report, baseline)) => {
                let own = crate::balance::balance_of_first(&baseline, scenario.seats(), options)
                    .ok_or_else(|| "the readings' baseline stopped before the scenario's own run".to_owned());
                (own, Some(Ok(report)))
            }
            Err(message) => (Err(message), None),
        }
    } else {
        (run_balance(scenario, options, &mut progress), None)
    };
    let sweep_points = match (&extras.sweep, &result) {
        (Some(spec), Ok(_)) => Some(sweep(scenario, spec, options, &mut stage("sweep"))),
        _ => None,
    };
    let matrix = match (extras.cos, &result) {
        (true, Ok(_)) => Some(co_matrix(scenario, options, &mut stage("CO pairings"))),
        _ => None,
    };
    let levels = match (extras.across_levels, &result) {
        (true, Ok(_)) => match crate::balance::levels::across_levels(scenario, options, &mut |done, of| {
            stage("levels")(done, of);
            true
        }) {
            Ok(levels) => Some(levels),
            Err(message) => {
                let _ = writeln!(err, "the balance run stopped: {message}");
                return EXIT_PROBLEMS;
            }
        },
        _ => None,
    };
    if terminal {
        eprintln!();
    }
    let (balance, sweep_points, matrix, readings) =
        match (result, sweep_points.transpose(), matrix.transpose(), readings.transpose()) {
            (Ok(balance), Ok(sweep_points), Ok(matrix), Ok(readings)) => (balance, sweep_points, matrix, readings),
            (Err(message), _, _, _) | (_, Err(message), _, _) | (_, _, Err(message), _) | (_, _, _, Err(message)) => {
                let _ = writeln!(err, "the balance run stopped: {message}");
                return EXIT_PROBLEMS;
            }
        };
    let swept_seat = extras.sweep.as_ref().and_then(crate::balance::SweepSpec::seat).unwrap_or(0);
    let naming = scenario.lab_naming();
    if json {
        let _ = writeln!(
            out,
            "{}",
            serde_json::json!({
                "balance": balance,
                "sweep": sweep_points,
                "co_matrix": matrix,
                "readings": readings.as_ref().map(|r| r.rows.iter().map(|row| serde_json::json!({
                    "setting": row.setting,
                    "value": row.value,
                    "balance": row.balance,
                    "first_seat_shift": row.shift.0,
                    "shift_interval": [row.shift.1.0, row.shift.1.1],
                    "turns_verdict": row.turns_verdict,
                })).collect::<Vec<_>>()),
                "across_levels": levels.as_ref().map(|l| serde_json::json!({
                    "holds": l.holds,
                    "runs": l.runs.iter().map(|(level, run)| serde_json::json!({
                        "level": level.name(),
                        "balance": run,
                    })).collect::<Vec<_>>(),
                })),
                "favoured": balance.favoured,
                "games": balance.games
            })
        );
    } else {
        // Written first, then told with the seats' own names (a side, where the game has them).
        let mut buf: Vec<u8> = Vec::new();
        {
            let out: &mut dyn Write = &mut buf;
            let _ = out.write_all(crate::balance::report::text(scenario.name(), &balance, &naming).as_bytes());
            if let (Some(points), Some(spec)) = (&sweep_points, &extras.sweep) {
                let _ = writeln!(out, "  sweep of {}: player {}'s share of wins", spec.name, swept_seat + 1);
                for point in points {
                    if let Some(seat) = point.balance.seats.get(usize::from(swept_seat)) {
                        let _ = writeln!(
                            out,
                            "    {} = {:<6} {}; {}",
                            spec.name,
                            point.label,
                            crate::game::share_text(seat.wins, point.balance.games),
                            point.balance.verdict
                        );
                    }
                }
                if let Some(best) = most_balanced(points, swept_seat) {
                    let _ = writeln!(out, "  nearest to fair at {} = {}", spec.name, best.label);
                }
            }
            if let Some(readings) = &readings {
                let _ = writeln!(
                    out,
                    "  house readings, each other value against the scenario's own, game by game on the same seeds:"
                );
                for line in crate::balance::sensitivity::sensitivity_text(readings).lines() {
                    let _ = writeln!(out, "    {line}");
                }
            }
            if let Some(levels) = &levels {
                for line in levels.text(&|seat| naming.seat(seat)) {
                    let _ = writeln!(out, "  {line}");
                }
            }
            if let Some(cells) = &matrix {
                let _ = writeln!(out, "  CO matrix (player 1's CO against player 2's: player 1's share of wins):");
                for cell in cells {
                    let seat = &cell.balance.seats[0];
                    let _ = writeln!(
                        out,
                        "    {:<18} vs {:<18} {}",
                        cell.first_name,
                        cell.second_name,
                        crate::game::share_text(seat.wins, cell.balance.games)
                    );
                }
            }
        }
        let text = String::from_utf8_lossy(&buf);
        let _ = out.write_all(crate::game::named_seats(&text, &scenario.seat_names()).as_bytes());
    }
    if let Some(report_path) = &extras.report {
        let sweep_view = match (&sweep_points, &extras.sweep) {
            (Some(points), Some(spec)) => Some((spec.name.as_str(), swept_seat, points.as_slice())),
            _ => None,
        };
        let extras = crate::balance::report::Extras {
            sweep: sweep_view,
            matrix: matrix.as_deref(),
            readings: readings.as_ref(),
        };
        let mut html = crate::balance::report::html(scenario.name(), &balance, &naming, &extras);
        if let Some(levels) = &levels {
            html = crate::balance::report::with_levels(&html, levels, &naming);
        }
        if let Err(message) = write_atomic(report_path, html.as_bytes()) {
            let _ = writeln!(err, "cannot write the report: {message}");
            return EXIT_UNREADABLE;
        }
    }
    if balance.favoured { EXIT_PROBLEMS } else { EXIT_OK }
}

/// `calibrate` on an opened scenario: `(games, seed, threads)`.
pub(super) fn calibrate_command(
    scenario: &dyn OpenScenario,
    file: &Path,
    (games, seed, threads): (usize, u64, usize),
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    match scenario.calibrate(games, seed, threads) {
        Some(Ok(report)) => {
            print_report(&report, json, out);
            EXIT_OK
        }
        Some(Err(message)) => {
            let _ = writeln!(err, "the calibration stopped: {message}");
            EXIT_PROBLEMS
        }
        None => {
            let _ = writeln!(err, "{}: its game has no requisition costs to calibrate", file.display());
            EXIT_UNREADABLE
        }
    }
}
