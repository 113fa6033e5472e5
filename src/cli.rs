//! The headless command line: every capability reachable from a script, with stable exit codes
//! (0 success, 1 the input has problems, 2 the input could not be read or the arguments are
//! wrong) and machine-readable output with `--json`.

use crate::files::{read_limited, write_atomic};
use crate::game::{OpenScenario, Report, SystemRules, has_errors};
use crate::systems::{SYSTEMS, system, system_of};
use clap::{Parser, Subcommand};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Exit code: everything checked out.
pub const EXIT_OK: u8 = 0;
/// Exit code: the input was read but has problems (errors in a ruleset, an illegal action).
pub const EXIT_PROBLEMS: u8 = 1;
/// Exit code: the input could not be read, or the arguments are wrong.
pub const EXIT_UNREADABLE: u8 = 2;

/// Skirmish Studio: design, check, playtest and print scenarios for tabletop skirmish wargames.
#[derive(Debug, Parser)]
#[command(name = "skirmish-studio", version, about)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A replacement ruleset in RON instead of the built-in one of the file's game system.
    #[arg(long, global = true, value_name = "FILE")]
    pub ruleset: Option<PathBuf>,
}

/// The headless commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate scenario files: every finding, with exit 0 when no file has an error, 1 when
    /// any has, 2 when a file cannot be read.
    Validate {
        /// Scenario files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Statistics for the designer: per player or squad, and how soon each side reaches each
    /// property (Skirmish Wars) or objective and item (Skirm).
    Stats {
        /// A scenario file.
        file: PathBuf,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play a scenario through a script of actions (docs/FILE_FORMAT.md for Skirmish Wars,
    /// docs/SKIRM.md for Skirm) and print every event; an illegal action stops with its reason
    /// and exit 1.
    Play {
        /// A scenario file.
        file: PathBuf,
        /// The action script.
        #[arg(long)]
        actions: PathBuf,
        /// The dice seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play computer against computer: per-side wins, draws and how games ended (in Skirmish
    /// Wars the seat that moves first rotates from game to game; Skirm rolls initiative).
    Simulate {
        /// A scenario file.
        file: PathBuf,
        /// How many games.
        #[arg(long, default_value_t = 10)]
        games: usize,
        /// The seed of the first game (the next games use the following seeds).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop a game that has no turn limit after this many rounds.
        #[arg(long, default_value_t = 200)]
        round_cap: u32,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Is the map fair? Computer games on every core, each seat's share of wins with its 95%
    /// interval, the first mover's advantage apart from the position, and a verdict; exit 0
    /// when no seat is favoured beyond chance, 1 when one is.
    Balance {
        /// A scenario file.
        file: PathBuf,
        /// Games to play (the most, with --until-clear).
        #[arg(long, default_value_t = 200)]
        games: usize,
        /// Stop as soon as a sequential test (5% errors both ways) decides whether a seat is
        /// favoured by --margin or more.
        #[arg(long)]
        until_clear: bool,
        /// The share above the fair one that counts as favoured, in points.
        #[arg(long, default_value_t = 5.0)]
        margin: f64,
        /// The seed of the first game (the next games use the following seeds).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop a game that has no turn limit after this many rounds.
        #[arg(long, default_value_t = 200)]
        round_cap: u32,
        /// Worker threads; every core when left out. The results do not depend on it.
        #[arg(long)]
        threads: Option<usize>,
        /// The computer's level for every seat: easy (the baseline), normal or hard.
        #[arg(long, default_value = "normal")]
        level: String,
        /// Levels per seat, comma-separated (`hard,easy`); overrides --level.
        #[arg(long)]
        levels: Option<String>,
        /// Change a setting before playing (repeatable): `cos=none` judges the map without COs,
        /// `co:1=marshal_orin`, `funds:2=10`; Skirm knows `turns` and `ep_limit`.
        #[arg(long = "set")]
        settings: Vec<String>,
        /// Also play every pairing of two different COs in both seatings (--games each).
        #[arg(long)]
        cos: bool,
        /// Also sweep one number and play --games at each value: `funds:1=0..20` or
        /// `funds:1=0..40:5`.
        #[arg(long)]
        sweep: Option<String>,
        /// Write a self-contained HTML report with charts here.
        #[arg(long)]
        report: Option<PathBuf>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Print-ready export: a PDF at true square size (board poster, tiles, counters, setup
    /// sheet) and/or a PNG of the board.
    Export {
        /// A scenario file.
        file: PathBuf,
        /// Write the PDF here.
        #[arg(long)]
        pdf: Option<PathBuf>,
        /// Paper: a4, letter, a3 or tabloid.
        #[arg(long, default_value = "letter")]
        paper: String,
        /// Landscape pages.
        #[arg(long)]
        landscape: bool,
        /// The side of a square: 1in, 25mm, 28mm, 40mm, or any size from 5 mm to 100 mm.
        #[arg(long, default_value = "1in")]
        square: String,
        /// The overlap strip between board pages, in millimetres.
        #[arg(long, default_value_t = 8.0)]
        overlap: f32,
        /// The margin printers cannot reach, in millimetres.
        #[arg(long, default_value_t = 10.0)]
        margin: f32,
        /// Which sheets: board,tiles,counters,setup (Skirm: board is the battle map, counters the stat cards
        /// and tokens, setup the mission sheet).
        #[arg(long, default_value = "board,tiles,counters,setup")]
        sheets: String,
        /// Ink-saving greyscale; owners told apart by pattern and letter.
        #[arg(long)]
        greyscale: bool,
        /// Extra counters per unit kind and player.
        #[arg(long, default_value_t = 2)]
        extra_counters: u32,
        /// Write a PNG of the board here.
        #[arg(long)]
        png: Option<PathBuf>,
        /// The PNG's resolution.
        #[arg(long, default_value_t = 150)]
        dpi: u32,
    },
    /// Import an Advance Wars By Web map (terrain CSV or JSON map document) as a scenario.
    Import {
        /// The AWBW file.
        file: PathBuf,
        /// Where to write the scenario.
        #[arg(short, long)]
        output: PathBuf,
        /// Print the import report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Export a scenario's terrain and properties as an AWBW terrain CSV.
    ExportAwbw {
        /// A scenario file.
        file: PathBuf,
        /// Where to write the CSV.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Open the editor window on a scenario or AWBW map (the default with no command opens the
    /// most recent file, or a bundled sample the first time).
    Edit {
        /// The file to open.
        file: PathBuf,
    },
    /// The symmetry report: every square whose terrain, height, edge or piece breaks the declared
    /// symmetry (or the one named with --kind), with owners permuted by seat; exit 1 when the
    /// board is not symmetric.
    Symmetry {
        /// A scenario file.
        file: PathBuf,
        /// The symmetry to check instead of the declared one: mirror-left-right,
        /// mirror-top-bottom, mirror-both, rotate180 or rotate90.
        #[arg(long)]
        kind: Option<String>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Check a ruleset file (or the built-in one) and print its contents or every problem.
    Ruleset {
        /// A replacement ruleset in RON; the game system's built-in ruleset when left out.
        file: Option<PathBuf>,
        /// The game system the ruleset is for.
        #[arg(long, default_value = "swat")]
        system: String,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// Runs the command line and returns the process exit code; all output goes to `out`/`err`.
pub fn run(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let ruleset = cli.ruleset.as_deref();
    let Some(command) = cli.command else { return open_window(ruleset, None, err) };
    match command {
        Command::Ruleset { file, system, json } => ruleset_command(&system, file.as_deref(), json, out, err),
        Command::Validate { files, json } => validate_command(ruleset, &files, json, out, err),
        Command::Stats { file, json } => with_scenario(ruleset, &file, err, |scenario, _| {
            print_report(&scenario.stats(), json, out);
            EXIT_OK
        }),
        Command::Symmetry { file, kind, json } => {
            with_scenario(ruleset, &file, err, |scenario, err| match scenario.symmetry(kind.as_deref()) {
                Ok(report) => {
                    print_report(&report, json, out);
                    if report.json["symmetric"] == true { EXIT_OK } else { EXIT_PROBLEMS }
                }
                Err(message) => {
                    let _ = writeln!(err, "{message}");
                    EXIT_UNREADABLE
                }
            })
        }
        Command::Play { file, actions, seed, json } => with_scenario(ruleset, &file, err, |scenario, err| {
            play_command(scenario, &file, &actions, seed, json, out, err)
        }),
        Command::Simulate { file, games, seed, round_cap, json } => {
            with_scenario(ruleset, &file, err, |scenario, err| {
                simulate_command(scenario, &file, games, seed, round_cap, json, out, err)
            })
        }
        Command::Balance {
            file,
            games,
            until_clear,
            margin,
            seed,
            round_cap,
            threads,
            level,
            levels,
            settings,
            cos,
            sweep,
            report,
            json,
        } => {
            let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            let levels = match seat_levels(&level, levels.as_deref()) {
                Ok(levels) => levels,
                Err(message) => {
                    let _ = writeln!(err, "{message}");
                    return EXIT_UNREADABLE;
                }
            };
            let options = crate::balance::BalanceOptions {
                games,
                until_clear,
                seed,
                round_cap,
                threads,
                margin: margin / 100.0,
                levels,
            };
            let sweep = match sweep.as_deref().map(crate::balance::SweepSpec::parse).transpose() {
                Ok(sweep) => sweep,
                Err(message) => {
                    let _ = writeln!(err, "--sweep: {message}");
                    return EXIT_UNREADABLE;
                }
            };
            let extras = BalanceExtras { settings, cos, sweep, report };
            with_scenario(ruleset, &file, err, |scenario, err| {
                balance_command(scenario, &file, &options, &extras, json, out, err)
            })
        }
        Command::Export {
            file,
            pdf,
            paper,
            landscape,
            square,
            overlap,
            margin,
            sheets,
            greyscale,
            extra_counters,
            png,
            dpi,
        } => {
            let options = crate::export::Paper::parse(&paper).and_then(|paper| {
                Ok(crate::export::ExportOptions {
                    paper,
                    landscape,
                    square: crate::export::parse_square(&square)?,
                    overlap: check_mm("overlap", overlap, 0.0, 50.0)? * crate::export::PT_PER_MM,
                    margin: check_mm("margin", margin, 0.0, 50.0)? * crate::export::PT_PER_MM,
                    sheets: crate::export::Sheets::parse(&sheets)?,
                    greyscale,
                    extra_counters: extra_counters.min(50),
                    not_valid: false,
                })
            });
            match options {
                Ok(options) => with_scenario(ruleset, &file, err, |scenario, err| {
                    export_command(scenario, &file, pdf.as_deref(), png.as_deref(), &options, dpi, out, err)
                }),
                Err(message) => {
                    let _ = writeln!(err, "{message}");
                    EXIT_UNREADABLE
                }
            }
        }
        Command::Import { file, output, json } => import_command(ruleset, &file, &output, json, out, err),
        Command::ExportAwbw { file, output } => {
            with_scenario(ruleset, &file, err, |scenario, err| export_awbw_command(scenario, &output, out, err))
        }
        Command::Edit { file } => open_window(ruleset, Some(file), err),
    }
}

/// Prints a report as text, or as one line of JSON.
fn print_report(report: &Report, json: bool, out: &mut dyn Write) {
    if json {
        let _ = writeln!(out, "{}", report.json);
    } else {
        let _ = write!(out, "{}", report.text);
    }
}

/// The rules of `system_id`, with the replacement ruleset at `ruleset` when one is given.
fn load_rules(system_id: &str, ruleset: Option<&Path>) -> Result<Box<dyn SystemRules>, String> {
    let system = system(system_id).ok_or_else(|| format!("unknown game system '{system_id}'"))?;
    let replacement =
        ruleset.map(|path| read_limited(path).map_err(|e| format!("cannot read the ruleset {e}"))).transpose()?;
    system.rules(replacement.as_deref()).map_err(|problem| format!("the ruleset cannot be used: {}", problem.text))
}

/// Reads a document with the rules of the system it names; a message naming the file when it
/// cannot be read.
fn read_document(ruleset: Option<&Path>, path: &Path) -> Result<Box<dyn OpenScenario>, String> {
    let text = read_limited(path).map_err(|e| format!("cannot read {e}"))?;
    let system = system_of(&text).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let rules = load_rules(system.id(), ruleset)?;
    rules.open(&text).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Runs `then` on the scenario at `path`, or reports why it cannot be read (exit 2).
fn with_scenario(
    ruleset: Option<&Path>,
    path: &Path,
    err: &mut dyn Write,
    then: impl FnOnce(&dyn OpenScenario, &mut dyn Write) -> u8,
) -> u8 {
    match read_document(ruleset, path) {
        Ok(scenario) => then(scenario.as_ref(), err),
        Err(message) => {
            let _ = writeln!(err, "{message}");
            EXIT_UNREADABLE
        }
    }
}

fn ruleset_command(system_id: &str, path: Option<&Path>, json: bool, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let Some(system) = system(system_id) else {
        let known: Vec<&str> = SYSTEMS.iter().map(|s| s.id()).collect();
        let _ = writeln!(err, "unknown game system '{system_id}' (this program knows {})", known.join(", "));
        return EXIT_UNREADABLE;
    };
    let name = path.map_or_else(|| format!("built-in {system_id}"), |p| p.display().to_string());
    let replacement = match path.map(read_limited).transpose() {
        Ok(text) => text,
        Err(message) => {
            if json {
                let _ = writeln!(out, "{}", serde_json::json!({ "file": name, "ok": false, "error": message }));
            }
            let _ = writeln!(err, "cannot read {message}");
            return EXIT_UNREADABLE;
        }
    };
    match system.rules(replacement.as_deref()) {
        Ok(rules) => {
            let report = rules.describe();
            if json {
                let _ = writeln!(out, "{}", serde_json::json!({ "file": name, "ok": true, "ruleset": report.json }));
            } else {
                let _ = write!(out, "{name}: {}", report.text);
            }
            EXIT_OK
        }
        Err(problem) => {
            if json {
                let _ = writeln!(out, "{}", serde_json::json!({ "file": name, "ok": false, "problems": problem.json }));
            } else {
                let _ = write!(out, "{name}: {}", problem.text);
            }
            if problem.syntax { EXIT_UNREADABLE } else { EXIT_PROBLEMS }
        }
    }
}

fn open_window(ruleset: Option<&Path>, file: Option<PathBuf>, err: &mut dyn Write) -> u8 {
    match crate::ui::run_app(ruleset, file) {
        Ok(()) => EXIT_OK,
        Err(message) => {
            let _ = writeln!(err, "cannot open the editor window: {message}");
            let _ = writeln!(err, "(the headless commands still work: skirmish-studio --help)");
            EXIT_UNREADABLE
        }
    }
}

fn validate_command(
    ruleset: Option<&Path>,
    files: &[PathBuf],
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let mut code = EXIT_OK;
    let mut reports = Vec::new();
    for path in files {
        let name = path.display().to_string();
        match read_document(ruleset, path) {
            Err(message) => {
                let _ = writeln!(err, "{message}");
                let message = message.strip_prefix("cannot read ").unwrap_or(&message).to_owned();
                reports.push(serde_json::json!({ "file": name, "readable": false, "error": message }));
                code = EXIT_UNREADABLE;
            }
            Ok(scenario) => {
                let findings = scenario.findings();
                if has_errors(&findings) && code == EXIT_OK {
                    code = EXIT_PROBLEMS;
                }
                if !json {
                    let errors = findings.iter().filter(|f| f.severity == crate::game::Severity::Error).count();
                    let _ = writeln!(out, "{name}: {errors} error(s), {} warning(s)", findings.len() - errors);
                    for finding in &findings {
                        let _ = writeln!(out, "  {}", finding.line());
                    }
                }
                reports.push(serde_json::json!({
                    "file": name,
                    "readable": true,
                    "valid": !has_errors(&findings),
                    "findings": findings.iter().map(|f| f.json.clone()).collect::<Vec<_>>(),
                }));
            }
        }
    }
    if json {
        let _ = writeln!(out, "{}", serde_json::json!({ "files": reports }));
    }
    code
}

/// Refuses a scenario with errors before it is played; the errors go to `err`.
fn refuse_errors(scenario: &dyn OpenScenario, path: &Path, doing: &str, err: &mut dyn Write) -> bool {
    let findings = scenario.findings();
    if !has_errors(&findings) {
        return false;
    }
    let _ = writeln!(err, "{} has errors; fix them before {doing}:", path.display());
    for finding in findings.iter().filter(|f| f.severity == crate::game::Severity::Error) {
        let _ = writeln!(err, "  {}", finding.line());
    }
    true
}

fn play_command(
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
fn simulate_command(
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
    let report = scenario.simulate(games, seed, round_cap, &mut progress);
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
fn seat_levels(level: &str, levels: Option<&str>) -> Result<[crate::game::Level; 8], String> {
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

/// What `balance` does beyond the main run.
struct BalanceExtras {
    settings: Vec<String>,
    cos: bool,
    sweep: Option<crate::balance::SweepSpec>,
    report: Option<PathBuf>,
}

fn balance_command(
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
    let terminal = std::io::stderr().is_terminal();
    let games = options.games;
    let mut progress = |done: usize| {
        if terminal {
            eprint!("\r{done}/{games} games");
        }
    };
    let result = run_balance(scenario, options, &mut progress);
    let stage = |what: &'static str| {
        move |done: usize, total: usize| {
            if terminal {
                eprint!("\r{what}: {done}/{total}     ");
            }
        }
    };
    let sweep_points = match (&extras.sweep, &result) {
        (Some(spec), Ok(_)) => Some(sweep(scenario, spec, options, &mut stage("sweep"))),
        _ => None,
    };
    let matrix = match (extras.cos, &result) {
        (true, Ok(_)) => Some(co_matrix(scenario, options, &mut stage("CO pairings"))),
        _ => None,
    };
    if terminal {
        eprintln!();
    }
    let (balance, sweep_points, matrix) = match (result, sweep_points.transpose(), matrix.transpose()) {
        (Ok(balance), Ok(sweep_points), Ok(matrix)) => (balance, sweep_points, matrix),
        (Err(message), _, _) | (_, Err(message), _) | (_, _, Err(message)) => {
            let _ = writeln!(err, "the balance run stopped: {message}");
            return EXIT_PROBLEMS;
        }
    };
    let swept_seat = extras.sweep.as_ref().and_then(crate::balance::SweepSpec::seat).unwrap_or(0);
    if json {
        let _ = writeln!(
            out,
            "{}",
            serde_json::json!({ "balance": balance, "sweep": sweep_points, "co_matrix": matrix, "favoured": balance.favoured, "games": balance.games })
        );
    } else {
        print_balance(scenario.name(), &balance, out);
        if let (Some(points), Some(spec)) = (&sweep_points, &extras.sweep) {
            let _ = writeln!(out, "  sweep of {}: player {}'s share of wins", spec.name, swept_seat + 1);
            for point in points {
                if let Some(seat) = point.balance.seats.get(usize::from(swept_seat)) {
                    let _ = writeln!(
                        out,
                        "    {} = {:<6} {}",
                        spec.name,
                        point.value,
                        crate::game::share_text(seat.wins, point.balance.games)
                    );
                }
            }
            if let Some(best) = most_balanced(points, swept_seat) {
                let _ = writeln!(out, "  nearest to fair at {} = {}", spec.name, best.value);
            }
        }
        if let Some(cells) = &matrix {
            let _ = writeln!(out, "  CO matrix (player 1's CO against player 2's: player 1's share of wins):");
            for cell in cells {
                let seat = &cell.balance.seats[0];
                let _ = writeln!(
                    out,
                    "    {:<18} vs {:<18} {}",
                    cell.first,
                    cell.second,
                    crate::game::share_text(seat.wins, cell.balance.games)
                );
            }
        }
    }
    if let Some(report_path) = &extras.report {
        let sweep_view = match (&sweep_points, &extras.sweep) {
            (Some(points), Some(spec)) => Some((spec.name.as_str(), swept_seat, points.as_slice())),
            _ => None,
        };
        let html = crate::balance::report::html(scenario.name(), &balance, sweep_view, matrix.as_deref());
        if let Err(message) = write_atomic(report_path, html.as_bytes()) {
            let _ = writeln!(err, "cannot write the report: {message}");
            return EXIT_UNREADABLE;
        }
    }
    if balance.favoured { EXIT_PROBLEMS } else { EXIT_OK }
}

fn print_balance(name: &str, balance: &crate::balance::Balance, out: &mut dyn Write) {
    let _ = writeln!(out, "{name}: {}", balance.verdict);
    let _ = writeln!(
        out,
        "  {} games{}",
        balance.games,
        if balance.stopped_early { ", stopped early: the sequential test decided" } else { "" }
    );
    for seat in &balance.seats {
        let _ = writeln!(
            out,
            "  player {} wins {}{}; test LLR {:.2} (fair at {:.2}, favoured at {:.2})",
            seat.seat + 1,
            crate::game::share_text(seat.wins, balance.games),
            if seat.first.0 > 0 {
                format!("; {} of its {} games as first mover", seat.first.1, seat.first.0)
            } else {
                String::new()
            },
            seat.sprt.llr,
            seat.sprt.lower,
            seat.sprt.upper
        );
    }
    let _ = writeln!(out, "  draws: {}", crate::game::share_text(balance.draws, balance.games));
    if let Some((won, n, _)) = balance.first_mover {
        let _ = writeln!(out, "  the first mover won {}", crate::game::share_text(won, n));
    }
    let _ = writeln!(
        out,
        "  length: {:.1} on average, 80% of games between {} and {}",
        balance.length.0, balance.length.1, balance.length.2
    );
    for (ending, count) in &balance.endings {
        let _ = writeln!(out, "  ended by {ending}: {count}");
    }
    if balance.first_round_captures.iter().any(|&c| c > 0.0) {
        let shares: Vec<String> = balance
            .first_round_captures
            .iter()
            .enumerate()
            .map(|(seat, c)| format!("player {} {c:.2}", seat + 1))
            .collect();
        let _ = writeln!(out, "  places taken in round 1, per game: {}", shares.join(", "));
    }
    let mut hot: Vec<&crate::balance::HeatCell> = balance.heatmap.iter().collect();
    hot.sort_by(|a, b| b.changes.cmp(&a.changes).then(a.at.cmp(&b.at)));
    for cell in hot.iter().take(5) {
        let by: Vec<String> = cell.by_seat.iter().enumerate().map(|(seat, n)| format!("p{} {n}", seat + 1)).collect();
        let _ = writeln!(
            out,
            "  ({}, {}) changed hands {} times ({}), round {:.1} on average",
            cell.at.0,
            cell.at.1,
            cell.changes,
            by.join(", "),
            cell.mean_round
        );
    }
    for curve in &balance.curves {
        let at_round = |round: usize| {
            curve
                .seats
                .iter()
                .enumerate()
                .filter_map(|(seat, rounds)| {
                    rounds
                        .get(round - 1)
                        .map(|(mean, low, high, _)| format!("p{} {mean:.0} ({low:.0}-{high:.0})", seat + 1))
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let marks: Vec<String> = [1usize, 5, 10]
            .iter()
            .map(|&r| (r, at_round(r)))
            .filter(|(_, t)| !t.is_empty())
            .map(|(r, t)| format!("round {r}: {t}"))
            .collect();
        if !marks.is_empty() {
            let _ = writeln!(out, "  {} (mean, 80% band): {}", curve.name, marks.join("; "));
        }
    }
}

fn check_mm(what: &str, value: f32, min: f32, max: f32) -> Result<f32, String> {
    if value.is_finite() && (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(format!("the {what} of {value} mm is out of range ({min} to {max} mm)"))
    }
}

#[expect(clippy::too_many_arguments, reason = "one parameter per command-line option")]
fn export_command(
    scenario: &dyn OpenScenario,
    path: &Path,
    pdf: Option<&Path>,
    png: Option<&Path>,
    options: &crate::export::ExportOptions,
    dpi: u32,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    use std::io::IsTerminal;
    if pdf.is_none() && png.is_none() {
        let _ = writeln!(err, "nothing to export: give --pdf OUT and/or --png OUT");
        return EXIT_UNREADABLE;
    }
    let mut options = *options;
    options.not_valid = has_errors(&scenario.findings());
    if options.not_valid {
        let _ = writeln!(out, "note: {} has errors; every page is marked NOT VALID", path.display());
    }
    let options = &options;
    if let Some(pdf_path) = pdf {
        let terminal = std::io::stderr().is_terminal();
        let mut progress = |done: usize, total: usize| {
            if terminal {
                eprint!("\r  page {done} of {total}");
            }
        };
        match scenario.export_pdf(options, &mut progress) {
            Ok(report) => {
                if terminal {
                    eprintln!();
                }
                if let Err(message) = write_atomic(pdf_path, &report.bytes) {
                    let _ = writeln!(err, "cannot write {message}");
                    return EXIT_UNREADABLE;
                }
                let layout = report
                    .layout
                    .as_ref()
                    .map_or_else(String::new, |l| format!(", board on {} x {} pages", l.cols, l.rows));
                let _ = writeln!(
                    out,
                    "wrote {} ({} pages, {} bytes{layout})",
                    pdf_path.display(),
                    report.pages,
                    report.bytes.len()
                );
            }
            Err(message) => {
                let _ = writeln!(err, "cannot export: {message}");
                return EXIT_PROBLEMS;
            }
        }
    }
    if let Some(png_path) = png {
        match scenario.export_png(options.square, dpi, options.greyscale) {
            Ok(bytes) => {
                if let Err(message) = write_atomic(png_path, &bytes) {
                    let _ = writeln!(err, "cannot write {message}");
                    return EXIT_UNREADABLE;
                }
                let _ = writeln!(out, "wrote {} at {dpi} dpi", png_path.display());
            }
            Err(message) => {
                let _ = writeln!(err, "cannot export the image: {message}");
                return EXIT_PROBLEMS;
            }
        }
    }
    EXIT_OK
}

fn import_command(
    ruleset: Option<&Path>,
    path: &Path,
    output: &Path,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let text = match read_limited(path) {
        Ok(text) => text,
        Err(message) => {
            let _ = writeln!(err, "cannot read {message}");
            return EXIT_UNREADABLE;
        }
    };
    let name = path.file_stem().map_or_else(|| "AWBW map".to_owned(), |s| s.to_string_lossy().into_owned());
    // The first system that reads the foreign format takes it.
    let mut imported = None;
    for system in SYSTEMS {
        let rules = match load_rules(system.id(), ruleset) {
            Ok(rules) => rules,
            Err(message) => {
                let _ = writeln!(err, "{message}");
                return EXIT_UNREADABLE;
            }
        };
        if let Some(result) = rules.import(&text, &name) {
            imported = Some(result);
            break;
        }
    }
    let (file, report) = match imported {
        Some(Ok(imported)) => imported,
        Some(Err(error)) => {
            let _ = writeln!(err, "cannot import {}: {error}", path.display());
            return EXIT_UNREADABLE;
        }
        None => {
            let _ = writeln!(err, "cannot import {}: no game system reads this format", path.display());
            return EXIT_UNREADABLE;
        }
    };
    if let Err(message) = write_atomic(output, file.as_bytes()) {
        let _ = writeln!(err, "cannot write {message}");
        return EXIT_UNREADABLE;
    }
    if json {
        let _ =
            writeln!(out, "{}", serde_json::json!({ "output": output.display().to_string(), "report": report.json }));
    } else {
        let mut lines = report.text.lines();
        let _ = writeln!(out, "{} into {}", lines.next().unwrap_or("imported"), output.display());
        for line in lines {
            let _ = writeln!(out, "{line}");
        }
    }
    EXIT_OK
}

fn export_awbw_command(scenario: &dyn OpenScenario, output: &Path, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let Some((csv, notes)) = scenario.export_foreign("awbw") else {
        let _ = writeln!(err, "this game system has no AWBW export");
        return EXIT_UNREADABLE;
    };
    if let Err(message) = write_atomic(output, csv.as_bytes()) {
        let _ = writeln!(err, "cannot write {message}");
        return EXIT_UNREADABLE;
    }
    let _ = writeln!(out, "wrote {}", output.display());
    for note in notes {
        let _ = writeln!(out, "  note: {note}");
    }
    EXIT_OK
}
