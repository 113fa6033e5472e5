//! The headless command line: every capability reachable from a script, with stable exit codes
//! (0 success, 1 the input has problems, 2 the input could not be read or the arguments are
//! wrong) and machine-readable output with `--json`.

use crate::rules::{GameState, Outcome, Ruleset, RulesetError, apply, start_game};
use crate::scenario::{
    Finding, LoadError as ScenarioLoadError, MAX_FILE_BYTES, Scenario, Severity, export_awbw_csv, has_errors,
    import_awbw, load_scenario, parse_script, save_scenario, statistics, validate,
};
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
    /// A replacement ruleset in RON instead of the built-in SWAT one.
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
    /// Statistics per player and the race to each neutral property.
    Stats {
        /// A scenario file.
        file: PathBuf,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play a scenario through a script of actions (see docs/FILE_FORMAT.md) and print every
    /// event; an illegal action stops with its reason and exit 1.
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
    /// Play computer against computer: per-player wins, draws, game length and how games
    /// ended, with the seat that moves first rotating from game to game.
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
        /// Which sheets: board,tiles,counters,setup.
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
    /// Check a ruleset file (or the built-in one) and print its contents or every problem.
    Ruleset {
        /// A replacement ruleset in RON; the built-in SWAT ruleset when left out.
        file: Option<PathBuf>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// Runs the command line and returns the process exit code; all output goes to `out`/`err`.
pub fn run(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let command = match cli.command {
        Some(Command::Ruleset { file, json }) => return ruleset_command(file.as_deref(), json, out, err),
        other => other,
    };
    let rules = match load_ruleset(cli.ruleset.as_deref()) {
        Ok(rules) => rules,
        Err(LoadError::Unreadable(message)) => {
            let _ = writeln!(err, "cannot read the ruleset {message}");
            return EXIT_UNREADABLE;
        }
        Err(LoadError::Invalid(error)) => {
            let _ = write!(err, "the ruleset cannot be used: {error}");
            return EXIT_UNREADABLE;
        }
    };
    match command {
        Some(Command::Ruleset { .. }) => EXIT_OK,
        Some(Command::Validate { files, json }) => validate_command(&rules, &files, json, out, err),
        Some(Command::Stats { file, json }) => stats_command(&rules, &file, json, out, err),
        Some(Command::Play { file, actions, seed, json }) => {
            play_command(&rules, &file, &actions, seed, json, out, err)
        }
        Some(Command::Simulate { file, games, seed, round_cap, json }) => {
            simulate_command(&rules, &file, games, seed, round_cap, json, out, err)
        }
        Some(Command::Export {
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
        }) => {
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
                Ok(options) => export_command(&rules, &file, pdf.as_deref(), png.as_deref(), &options, dpi, out, err),
                Err(message) => {
                    let _ = writeln!(err, "{message}");
                    EXIT_UNREADABLE
                }
            }
        }
        Some(Command::Import { file, output, json }) => import_command(&rules, &file, &output, json, out, err),
        Some(Command::ExportAwbw { file, output }) => export_awbw_command(&rules, &file, &output, out, err),
        None => open_window(rules, None, err),
        Some(Command::Edit { file }) => open_window(rules, Some(file), err),
    }
}

/// Loads the ruleset at `path`, or the built-in one.
///
/// # Errors
/// A message saying what could not be read, or the ruleset's problems.
pub fn load_ruleset(path: Option<&Path>) -> Result<Ruleset, LoadError> {
    match path {
        None => Ruleset::builtin().map_err(LoadError::Invalid),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|error| LoadError::Unreadable(format!("{}: {error}", path.display())))?;
            Ruleset::from_ron(&text).map_err(LoadError::Invalid)
        }
    }
}

/// Why a file could not be used.
#[derive(Debug)]
pub enum LoadError {
    /// It could not be read at all.
    Unreadable(String),
    /// It was read and has problems.
    Invalid(RulesetError),
}

fn ruleset_command(path: Option<&Path>, json: bool, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let name = path.map_or_else(|| "built-in swat".to_owned(), |p| p.display().to_string());
    match load_ruleset(path) {
        Ok(rules) => {
            if json {
                let value = serde_json::json!({ "file": name, "ok": true, "ruleset": rules });
                let _ = writeln!(out, "{value}");
            } else {
                let _ = writeln!(out, "{name}: ok: {} (version {})", rules.name, rules.version);
                let _ = writeln!(
                    out,
                    "  {} units, {} terrains, {} chart rows, {} COs",
                    rules.units.len(),
                    rules.terrains.len(),
                    rules.chart.len(),
                    rules.cos.len()
                );
                for unit in &rules.units {
                    let _ = writeln!(
                        out,
                        "  {:<10} ${:<3} {:<6} MP {} range {}-{} defense {}",
                        unit.name,
                        unit.cost,
                        rules.move_types[unit.move_type.index()],
                        unit.movement,
                        unit.range.0,
                        unit.range.1,
                        unit.defense
                    );
                }
            }
            EXIT_OK
        }
        Err(LoadError::Unreadable(message)) => {
            if json {
                let value = serde_json::json!({ "file": name, "ok": false, "error": message });
                let _ = writeln!(out, "{value}");
            }
            let _ = writeln!(err, "cannot read {message}");
            EXIT_UNREADABLE
        }
        Err(LoadError::Invalid(error)) => {
            if json {
                let value = serde_json::json!({ "file": name, "ok": false, "problems": error.problems });
                let _ = writeln!(out, "{value}");
            } else {
                let _ = write!(out, "{name}: {error}");
            }
            if error.syntax { EXIT_UNREADABLE } else { EXIT_PROBLEMS }
        }
    }
}

fn open_window(rules: Ruleset, file: Option<PathBuf>, err: &mut dyn Write) -> u8 {
    match crate::ui::run_app(rules, file) {
        Ok(()) => EXIT_OK,
        Err(message) => {
            let _ = writeln!(err, "cannot open the editor window: {message}");
            let _ = writeln!(err, "(the headless commands still work: skirmish-studio --help)");
            EXIT_UNREADABLE
        }
    }
}

/// Reads a text file of at most [`MAX_FILE_BYTES`], refusing a larger one before reading it.
///
/// # Errors
/// A message naming the file and what went wrong.
pub fn read_limited(path: &Path) -> Result<String, String> {
    let size = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?.len();
    if size > MAX_FILE_BYTES as u64 {
        return Err(format!("{}: {size} bytes is more than the {MAX_FILE_BYTES} a scenario may have", path.display()));
    }
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads and parses a scenario file.
///
/// # Errors
/// A message naming the file and, for a parse error, the line and column.
pub fn read_scenario(rules: &Ruleset, path: &Path) -> Result<Scenario, String> {
    let text = read_limited(path)?;
    load_scenario(rules, &text).map_err(|e: ScenarioLoadError| format!("{}: {e}", path.display()))
}

/// Reads a scenario, or reports why it cannot be read on `err`.
fn scenario_or_report(rules: &Ruleset, path: &Path, err: &mut dyn Write) -> Option<Scenario> {
    match read_scenario(rules, path) {
        Ok(scenario) => Some(scenario),
        Err(message) => {
            let _ = writeln!(err, "cannot read {message}");
            None
        }
    }
}

/// Writes a file atomically: to a temporary file beside it, then renamed over it, so a crash
/// never leaves half a file.
///
/// # Errors
/// A message naming the file and what went wrong.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    write_atomic_bytes(path, text.as_bytes())
}

fn finding_line(finding: &Finding) -> String {
    let severity = match finding.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let squares = if finding.squares.is_empty() {
        String::new()
    } else {
        format!(" at {}", finding.squares.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "))
    };
    let fix = finding.fix.as_ref().map_or_else(String::new, |f| format!(" (fix: {})", f.label));
    format!("{severity}[{}]{squares}: {}{fix}", finding.code, finding.message)
}

fn validate_command(rules: &Ruleset, files: &[PathBuf], json: bool, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let mut code = EXIT_OK;
    let mut reports = Vec::new();
    for path in files {
        let name = path.display().to_string();
        match read_scenario(rules, path) {
            Err(message) => {
                let _ = writeln!(err, "cannot read {message}");
                reports.push(serde_json::json!({ "file": name, "readable": false, "error": message }));
                code = EXIT_UNREADABLE;
            }
            Ok(scenario) => {
                let findings = validate(rules, &scenario);
                if has_errors(&findings) && code == EXIT_OK {
                    code = EXIT_PROBLEMS;
                }
                if !json {
                    let errors = findings.iter().filter(|f| f.severity == Severity::Error).count();
                    let _ = writeln!(out, "{name}: {errors} error(s), {} warning(s)", findings.len() - errors);
                    for finding in &findings {
                        let _ = writeln!(out, "  {}", finding_line(finding));
                    }
                }
                reports.push(serde_json::json!({
                    "file": name,
                    "readable": true,
                    "valid": !has_errors(&findings),
                    "findings": findings,
                }));
            }
        }
    }
    if json {
        let _ = writeln!(out, "{}", serde_json::json!({ "files": reports }));
    }
    code
}

fn stats_command(rules: &Ruleset, path: &Path, json: bool, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let Some(scenario) = scenario_or_report(rules, path, err) else { return EXIT_UNREADABLE };
    let stats = statistics(rules, &scenario);
    if json {
        let _ = writeln!(out, "{}", serde_json::json!(stats));
        return EXIT_OK;
    }
    let _ = writeln!(
        out,
        "{} ({} x {}, {} players)",
        scenario.name,
        scenario.width,
        scenario.height,
        scenario.players.len()
    );
    for p in &stats.players {
        let _ = writeln!(
            out,
            "  player {}: {} cities, {} factories, {} HQ; income ${}, funds ${}, {} units worth ${}",
            p.player + 1,
            p.cities,
            p.factories,
            p.hqs,
            p.starting_income,
            p.funds,
            p.units,
            p.starting_unit_value
        );
    }
    if !stats.neutral_properties.is_empty() {
        let _ = writeln!(out, "  first turn a capturing unit can stand on each neutral property:");
    }
    for race in &stats.neutral_properties {
        let turns: Vec<String> = race
            .first_turn
            .iter()
            .enumerate()
            .map(|(seat, t)| format!("p{} {}", seat + 1, t.map_or_else(|| "never".to_owned(), |t| t.to_string())))
            .collect();
        let _ = writeln!(out, "    {} {}: {}", race.kind.label(), race.pos, turns.join(", "));
    }
    EXIT_OK
}

fn play_command(
    rules: &Ruleset,
    path: &Path,
    actions: &Path,
    seed: u64,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let Some(scenario) = scenario_or_report(rules, path, err) else { return EXIT_UNREADABLE };
    let script = match read_limited(actions)
        .and_then(|text| parse_script(rules, &text).map_err(|e| format!("{}: {e}", actions.display())))
    {
        Ok(script) => script,
        Err(message) => {
            let _ = writeln!(err, "cannot read {message}");
            return EXIT_UNREADABLE;
        }
    };
    let findings = validate(rules, &scenario);
    if has_errors(&findings) {
        let _ = writeln!(err, "{} has errors; fix them before playing:", path.display());
        for finding in findings.iter().filter(|f| f.severity == Severity::Error) {
            let _ = writeln!(err, "  {}", finding_line(finding));
        }
        return EXIT_PROBLEMS;
    }
    let started = scenario.to_setup(rules).and_then(|setup| start_game(rules, &setup, seed).map_err(|e| e.to_string()));
    let (mut state, mut events) = match started {
        Ok(game) => game,
        Err(message) => {
            let _ = writeln!(err, "the game cannot start: {message}");
            return EXIT_PROBLEMS;
        }
    };
    let mut failure = None;
    for (line, scripted) in &script {
        let action = scripted.resolve(rules, &state);
        match apply(rules, &mut state, &action) {
            Ok(more) => events.extend(more),
            Err(rejection) => {
                failure = Some((*line, action, rejection));
                break;
            }
        }
    }
    if json {
        let value = serde_json::json!({
            "events": events,
            "summary": summary_json(&state),
            "refused": failure.as_ref().map(|(line, action, rejection)| serde_json::json!({
                "line": line, "action": action, "reason": rejection.to_string(), "rejection": rejection,
            })),
        });
        let _ = writeln!(out, "{value}");
    } else {
        for event in &events {
            let _ = writeln!(out, "{}", crate::playtest::describe_event(rules, event));
        }
        let _ = writeln!(out, "-- round {}, {}", state.round, state.outcome);
        for (seat, player) in state.players.iter().enumerate() {
            let units = state.units.iter().filter(|u| u.owner.index() == seat).count();
            let _ = writeln!(
                out,
                "   player {}: ${}, {units} units, {} medals{}",
                seat + 1,
                player.funds,
                player.medals,
                if player.defeated { ", defeated" } else { "" }
            );
        }
    }
    match failure {
        Some((line, action, rejection)) => {
            let _ = writeln!(err, "{}: line {line}: {action:?} was refused: {rejection}", actions.display());
            EXIT_PROBLEMS
        }
        None => EXIT_OK,
    }
}

fn summary_json(state: &GameState) -> serde_json::Value {
    serde_json::json!({
        "round": state.round,
        "current_player": state.current.index() + 1,
        "outcome": match state.outcome {
            Outcome::Ongoing => serde_json::json!("ongoing"),
            Outcome::Draw => serde_json::json!("draw"),
            Outcome::Won { winner, reason } => serde_json::json!({ "winner": winner.index() + 1, "reason": reason }),
        },
        "players": state.players.iter().enumerate().map(|(seat, p)| serde_json::json!({
            "player": seat + 1,
            "funds": p.funds,
            "medals": p.medals,
            "charge": p.charge,
            "defeated": p.defeated,
            "units": state.units.iter().filter(|u| u.owner.index() == seat).count(),
        })).collect::<Vec<_>>(),
    })
}

#[expect(clippy::too_many_arguments, reason = "one parameter per command-line option")]
fn simulate_command(
    rules: &Ruleset,
    path: &Path,
    games: usize,
    seed: u64,
    round_cap: u32,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    use std::io::IsTerminal;
    let Some(scenario) = scenario_or_report(rules, path, err) else { return EXIT_UNREADABLE };
    let findings = validate(rules, &scenario);
    if has_errors(&findings) {
        let _ = writeln!(err, "{} has errors; fix them before simulating (skirmish-studio validate)", path.display());
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
    let summary = match crate::playtest::simulate(rules, &scenario, games, seed, round_cap, &mut progress) {
        Ok(summary) => summary,
        Err(message) => {
            let _ = writeln!(err, "the simulation failed: {message}");
            return EXIT_PROBLEMS;
        }
    };
    if terminal {
        eprintln!();
    }
    if json {
        let _ = writeln!(out, "{}", serde_json::json!(summary));
        return EXIT_OK;
    }
    let _ = writeln!(
        out,
        "{}: {} games, seeds {seed} to {}",
        scenario.name,
        summary.games,
        seed + summary.games.saturating_sub(1) as u64
    );
    for (seat, wins) in summary.wins.iter().enumerate() {
        let share = 100.0 * *wins as f64 / summary.games.max(1) as f64;
        let _ = writeln!(out, "  player {}: {wins} wins ({share:.0}%)", seat + 1);
    }
    let _ = writeln!(out, "  draws: {}", summary.draws);
    let _ =
        writeln!(out, "  length: {:.1} rounds on average, spread {:.1}", summary.mean_rounds, summary.spread_rounds);
    for (ending, count) in &summary.endings {
        let _ = writeln!(out, "  ended by {ending}: {count}");
    }
    EXIT_OK
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
    rules: &Ruleset,
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
    let Some(scenario) = scenario_or_report(rules, path, err) else { return EXIT_UNREADABLE };
    let findings = validate(rules, &scenario);
    let mut options = *options;
    options.not_valid = has_errors(&findings);
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
        match crate::export::export_pdf(rules, &scenario, options, &mut progress) {
            Ok(report) => {
                if terminal {
                    eprintln!();
                }
                if let Err(message) = write_atomic_bytes(pdf_path, &report.bytes) {
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
        match crate::export::export_png(rules, &scenario, options.square, dpi, options.greyscale) {
            Ok(bytes) => {
                if let Err(message) = write_atomic_bytes(png_path, &bytes) {
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

/// Writes bytes atomically: to a temporary file beside the target, then renamed over it.
///
/// # Errors
/// A message naming the file.
pub fn write_atomic_bytes(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let name = path.file_name().map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let temporary = path.with_file_name(format!(".{name}.tmp{}", std::process::id()));
    let result = std::fs::write(&temporary, bytes).and_then(|()| std::fs::rename(&temporary, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    result.map_err(|e| format!("{}: {e}", path.display()))
}

fn import_command(
    rules: &Ruleset,
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
    let imported = match import_awbw(rules, &text, &name) {
        Ok(imported) => imported,
        Err(error) => {
            let _ = writeln!(err, "cannot import {}: {error}", path.display());
            return EXIT_UNREADABLE;
        }
    };
    if let Err(message) = write_atomic(output, &save_scenario(rules, &imported.scenario)) {
        let _ = writeln!(err, "cannot write {message}");
        return EXIT_UNREADABLE;
    }
    if json {
        let _ = writeln!(
            out,
            "{}",
            serde_json::json!({ "output": output.display().to_string(), "report": imported.report })
        );
    } else {
        let s = &imported.scenario;
        let _ = writeln!(
            out,
            "imported {} ({} x {}, armies {}) into {}",
            s.name,
            s.width,
            s.height,
            imported.report.armies.join(", "),
            output.display()
        );
        for sub in &imported.report.substitutions {
            let _ = writeln!(out, "  {} x{} became {}", sub.awbw, sub.count, sub.became);
        }
        for (unit, count) in &imported.report.units_left_out {
            let _ = writeln!(out, "  left out {count} {unit}: no SWAT counterpart");
        }
    }
    EXIT_OK
}

fn export_awbw_command(rules: &Ruleset, path: &Path, output: &Path, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let Some(scenario) = scenario_or_report(rules, path, err) else { return EXIT_UNREADABLE };
    let (csv, notes) = export_awbw_csv(rules, &scenario);
    if let Err(message) = write_atomic(output, &csv) {
        let _ = writeln!(err, "cannot write {message}");
        return EXIT_UNREADABLE;
    }
    let _ = writeln!(out, "wrote {}", output.display());
    for note in notes {
        let _ = writeln!(out, "  note: {note}");
    }
    EXIT_OK
}
