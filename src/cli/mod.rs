//! The headless command line: every capability reachable from a script, with stable exit codes
//! (0 success, 1 the input has problems, 2 the input could not be read or the arguments are
//! wrong) and machine-readable output with `--json`.

mod balance;
mod check;
mod export;
mod generate;
mod play;
mod shard;
pub mod suggest;

use balance::*;
use check::*;
use export::*;
use generate::*;
use play::*;
use shard::*;

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
    /// Statistics for the designer: each side's forces and numbers, and what the game measures
    /// of the map (how soon each side reaches what it contests, firing lanes, kill chances).
    Stats {
        /// A scenario file.
        file: PathBuf,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play a scenario through a script of actions (each game's page in docs/ gives its words;
    /// `computer` plays the computer's move in every game) and print every event; an illegal
    /// action stops with its reason and exit 1.
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
    /// Play computer against computer: per-side wins, draws and how games ended (the seat that
    /// moves first rotates from game to game where the scenario names it; otherwise the rules
    /// decide, as a roll-off or each turn's initiative).
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
        #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=100_000))]
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
        #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        round_cap: u32,
        /// Worker threads (1 to 1024); every core when left out. The results do not depend on it.
        #[arg(long, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024))]
        threads: Option<usize>,
        /// The computer's level for every seat: easy (the weakest), normal or hard.
        #[arg(long, default_value = "normal")]
        level: String,
        /// Levels per seat, comma-separated (`hard,easy`); overrides --level.
        #[arg(long)]
        levels: Option<String>,
        /// Change a setting before playing (repeatable), by the names the scenario's game gives
        /// its settings (an unknown name is refused with the list): a number, a seat's choice, or
        /// a house reading (`reading.NAME=VALUE`, listed by `ruleset --system ID`).
        #[arg(long = "set")]
        settings: Vec<String>,
        /// Also play every pairing of two different values of the seats' own choice (a CO) in
        /// both seatings (--games each), where the game has one.
        #[arg(long)]
        cos: bool,
        /// Also sweep one number setting and play --games at each value: `NAME=0..20` or
        /// `NAME=0..40:5`.
        #[arg(long)]
        sweep: Option<String>,
        /// Also play --games at every other value of every house reading that changes play, for a
        /// game with readings, and say which move the first seat's share beyond chance or turn the
        /// verdict. The values play side by side; with --until-clear each stops when its paired
        /// test against the scenario's own readings (the same seeds, game by game) decides.
        #[arg(long)]
        readings: bool,
        /// Also play --games at Easy, Normal and Hard (every seat at the one level) and say
        /// whether the verdict holds at every level or depends on the computer's level.
        #[arg(long)]
        across_levels: bool,
        /// Write a self-contained HTML report with charts here.
        #[arg(long)]
        report: Option<PathBuf>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Play only the K-th of N shares of every run's games (`2/8`) and print them as a part
        /// for `merge`: the same seeds the one-machine run uses, so the merged parts give its
        /// answer exactly (docs/DISTRIBUTED.md runs the shards on GNU parallel, Slurm or
        /// Kubernetes).
        #[arg(long)]
        shard: Option<String>,
        /// Propose the smallest edits that bring the scenario within --margin of fair: each
        /// screened on the scenario's own seeds, the best confirmed on --games fresh games and
        /// the first played at every level; exit 0 when one is confirmed to reach fair.
        #[arg(long)]
        suggest: bool,
        /// With --suggest, write the scenario with the Nth suggestion made (to -o).
        #[arg(long, requires = "suggest")]
        apply: Option<usize>,
        /// With --apply, the file to write.
        #[arg(short = 'o', long = "output", requires = "apply")]
        output: Option<PathBuf>,
    },
    /// Put the parts of a split `balance` or `calibrate` run (`... --shard K/N > part-K.json`)
    /// together: the same counts, intervals, verdict and report one machine would give. Parts of
    /// different scenarios, settings, seeds or program versions are refused, naming the
    /// difference.
    Merge {
        /// The parts, one per shard, in any order.
        parts: Vec<PathBuf>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Write a self-contained HTML report with charts here.
        #[arg(long)]
        report: Option<PathBuf>,
    },
    /// Cost calibration, for a game with unit costs: games with one unit taken off, each
    /// profile's worth to winning with its 95% interval, and the costs that would price it so.
    Calibrate {
        /// A scenario file.
        file: PathBuf,
        /// Games with a unit taken off (a quarter as many full games measure the baseline).
        #[arg(long, default_value_t = 1000)]
        games: usize,
        /// The seed of the first game.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (1 to 1024); every core when left out. The results do not depend on it.
        #[arg(long, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024))]
        threads: Option<usize>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Play only the K-th of N shares of the games (`2/8`) and print them as a part for
        /// `merge`, which gives the one-machine calibration exactly.
        #[arg(long)]
        shard: Option<String>,
    },
    /// Print-ready export: a PDF at true scale with the game's own sheets (listed below: a grid
    /// game's board, tiles and counters; an open table's poster, setup map, cards and rulers)
    /// and/or a PNG of the board or table.
    Export {
        /// A scenario file.
        file: PathBuf,
        /// Write the PDF here.
        #[arg(long)]
        pdf: Option<PathBuf>,
        /// Paper: a4, letter, a3 or tabloid; the game's own unless given (listed below).
        #[arg(long)]
        paper: Option<String>,
        /// Landscape pages. An open table's poster takes whichever orientation needs fewer
        /// pages unless this or --portrait is given.
        #[arg(long, conflicts_with = "portrait")]
        landscape: bool,
        /// Portrait pages.
        #[arg(long)]
        portrait: bool,
        /// For a grid game, the side of a square: 1in, 25mm, 28mm, 40mm, or any size from 5 mm to
        /// 100 mm; the game's own size unless given. An open table prints at 1:1 only, and any
        /// other size is refused.
        #[arg(long)]
        square: Option<String>,
        /// The overlap strip between the pages of a board or table poster, in millimetres.
        #[arg(long, default_value_t = 8.0)]
        overlap: f32,
        /// The margin printers cannot reach, in millimetres.
        #[arg(long, default_value_t = 10.0)]
        margin: f32,
        /// Which sheets, comma-separated, by the ids the scenario's game declares (listed below),
        /// or all.
        #[arg(long, default_value = "all")]
        sheets: String,
        /// Ink-saving greyscale; owners told apart by pattern and letter.
        #[arg(long)]
        greyscale: bool,
        /// For a game with counter sheets: extra counters per unit kind and player, beyond the
        /// army's pool.
        #[arg(long, default_value_t = 2)]
        extra_counters: u32,
        /// Write a PNG of the board or table here.
        #[arg(long)]
        png: Option<PathBuf>,
        /// The PNG's resolution.
        #[arg(long, default_value_t = 150)]
        dpi: u32,
        /// Write a bundle here: a zip of the scenario and every image it names, to open on
        /// another machine (`validate`, `export` and `edit` take a bundle as they take a file).
        #[arg(long)]
        bundle: Option<PathBuf>,
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
    /// Generate a symmetric scenario from a seed: a designer's starting point and the ground
    /// the computer players are judged on. The same seed and choices give the same file; the
    /// README lists each game's choices, and a misspelt one is refused with the list.
    Generate {
        /// The game system (its id, listed below).
        #[arg(long)]
        system: String,
        /// The seed every choice is drawn from.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Width and depth in the game's unit (squares, inches or centimetres): 20x14, 48x48.
        #[arg(long, value_name = "WxH")]
        size: Option<String>,
        /// The symmetry: rotate180, mirror-top-bottom or mirror-left-right; the seed's when left
        /// out.
        #[arg(long)]
        symmetry: Option<String>,
        /// Pin one of the game's choices (terrain=islands, mode=domination); repeatable.
        #[arg(long = "set", value_name = "NAME=VALUE")]
        choices: Vec<String>,
        /// Where to write the scenario; standard output when left out.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Check a ruleset file (or the built-in one) and print its contents or every problem.
    Ruleset {
        /// A replacement ruleset in RON; the game system's built-in ruleset when left out.
        file: Option<PathBuf>,
        /// The game system the ruleset is for (its id, as scenario files name it, listed below);
        /// the first registered game when left out.
        #[arg(long)]
        system: Option<String>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// The games this program knows, read from the registry: each id with its name, paper and
/// sheets, so every help text names every game without a line of it written here.
#[must_use]
pub fn games_help() -> String {
    use std::fmt::Write as _;
    let mut text = String::from("Games (the id a scenario's `system` field names):\n");
    for system in crate::systems::SYSTEMS {
        let sheets: Vec<String> = system.sheets().iter().map(|s| format!("{} ({})", s.id, s.label)).collect();
        let _ = writeln!(text, "  {:<16} {}", system.id(), system.title());
        let _ = writeln!(text, "  {:<16} prints on {:?}; sheets: {}", "", system.paper(), sheets.join(", "));
    }
    text
}

/// The command line, its help naming every game the registry lists.
#[must_use]
pub fn command() -> clap::Command {
    use clap::CommandFactory as _;
    let games = games_help();
    let mut command = Cli::command().after_help(games.clone());
    for name in
        ["export", "generate", "ruleset", "validate", "play", "simulate", "balance", "stats", "symmetry", "calibrate"]
    {
        let games = games.clone();
        command = command.mut_subcommand(name, move |sub| sub.after_help(games));
    }
    command
}

/// The process's arguments read by [`command`]; a wrong argument, `--help` or `--version`
/// prints and exits as clap does.
#[must_use]
pub fn parse() -> Cli {
    use clap::FromArgMatches as _;
    Cli::from_arg_matches(&command().get_matches()).unwrap_or_else(|e| e.exit())
}

/// The fewest games a cost calibration plays: below it each profile has a handful of games and
/// its interval says nothing.
const MIN_CALIBRATION_GAMES: usize = 100;

/// Runs the command line and returns the process exit code; all output goes to `out`/`err`.
pub fn run(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let ruleset = cli.ruleset.as_deref();
    let Some(command) = cli.command else { return open_window(ruleset, None, err) };
    match command {
        Command::Ruleset { file, system, json } => {
            let system = system.unwrap_or_else(|| SYSTEMS.first().map_or_else(String::new, |s| s.id().to_owned()));
            ruleset_command(&system, file.as_deref(), json, out, err)
        }
        Command::Validate { files, json } => validate_command(ruleset, &files, json, out, err),
        Command::Generate { system, seed, size, symmetry, choices, output } => {
            generate_command(ruleset, &GenerateAsked { system, seed, size, symmetry, choices, output }, out, err)
        }
        Command::Merge { parts, json, report } => merge_command(&parts, json, report, out, err),
        Command::Calibrate { file, games, seed, threads, json, shard } => {
            if games < MIN_CALIBRATION_GAMES {
                let _ = writeln!(
                    err,
                    "--games {games}: a calibration needs at least {MIN_CALIBRATION_GAMES} games to say anything per unit"
                );
                return EXIT_UNREADABLE;
            }
            let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            match shard.as_deref().map(crate::balance::ledger::Shard::parse).transpose() {
                Ok(Some(shard)) => shard_part(
                    (ruleset, &file),
                    shard,
                    Asked::calibration(games, seed),
                    out,
                    err,
                    &mut |scenario, read, told, err| {
                        calibrate_command(scenario, read, (games, seed, threads), true, told, err)
                    },
                ),
                Ok(None) => with_scenario(ruleset, &file, err, |scenario, read, err| {
                    calibrate_command(scenario, read, (games, seed, threads), json, out, err)
                }),
                Err(message) => {
                    let _ = writeln!(err, "--shard {message}");
                    EXIT_UNREADABLE
                }
            }
        }
        Command::Stats { file, json } => with_scenario(ruleset, &file, err, |scenario, _, _| {
            print_report(&scenario.stats(), json, out);
            EXIT_OK
        }),
        Command::Symmetry { file, kind, json } => {
            with_scenario(ruleset, &file, err, |scenario, _, err| match scenario.symmetry(kind.as_deref()) {
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
        Command::Play { file, actions, seed, json } => with_scenario(ruleset, &file, err, |scenario, _, err| {
            play_command(scenario, &file, &actions, seed, json, out, err)
        }),
        Command::Simulate { file, games, seed, round_cap, json } => {
            with_scenario(ruleset, &file, err, |scenario, _, err| {
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
            readings,
            across_levels,
            report,
            json,
            shard,
            suggest,
            apply,
            output,
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
            let sweep_text = sweep.clone();
            let sweep = match sweep.as_deref().map(crate::balance::SweepSpec::parse).transpose() {
                Ok(sweep) => sweep,
                Err(message) => {
                    let _ = writeln!(err, "--sweep: {message}");
                    return EXIT_UNREADABLE;
                }
            };
            let shard = match shard.as_deref().map(crate::balance::ledger::Shard::parse).transpose() {
                Ok(shard) => shard,
                Err(message) => {
                    let _ = writeln!(err, "--shard {message}");
                    return EXIT_UNREADABLE;
                }
            };
            let asked = Asked {
                command: LabCommand::Balance,
                games,
                seed,
                round_cap,
                margin,
                levels: levels.to_vec(),
                settings: settings.clone(),
                cos,
                sweep: sweep_text,
                readings,
                across_levels,
                suggest,
            };
            let suggest = suggest.then_some(suggest::Apply { index: apply, output });
            if shard.is_some() && suggest.as_ref().is_some_and(|a| a.index.is_some()) {
                let _ = writeln!(err, "--shard: a shard prints its part; give --apply to the one-machine run instead");
                return EXIT_UNREADABLE;
            }
            let extras = BalanceExtras { settings, cos, sweep, readings, across_levels, report, suggest };
            if let Some(shard) = shard {
                return balance_shard(ruleset, &file, shard, (&options, &extras, asked), out, err);
            }
            with_scenario(ruleset, &file, err, |scenario, read, err| {
                balance_command(scenario, read, &options, &extras, json, out, err)
            })
        }
        Command::Export {
            file,
            pdf,
            paper,
            landscape,
            portrait,
            square,
            overlap,
            margin,
            sheets,
            greyscale,
            extra_counters,
            png,
            dpi,
            bundle,
        } => {
            let orientation = match (landscape, portrait) {
                (true, _) => Some(true),
                (_, true) => Some(false),
                _ => None,
            };
            let asked = ExportAsked { paper, orientation, square, overlap, margin, sheets, greyscale, extra_counters };
            with_scenario(ruleset, &file, err, |scenario, read, err| match asked.options(scenario) {
                Ok(options) => {
                    let targets = ExportTargets { pdf: pdf.as_deref(), png: png.as_deref(), bundle: bundle.as_deref() };
                    export_command(scenario, read, targets, &options, dpi, out, err)
                }
                Err(message) => {
                    let _ = writeln!(err, "{message}");
                    EXIT_UNREADABLE
                }
            })
        }
        Command::Import { file, output, json } => import_command(ruleset, &file, &output, json, out, err),
        Command::ExportAwbw { file, output } => {
            with_scenario(ruleset, &file, err, |scenario, _, err| export_awbw_command(scenario, &output, out, err))
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
    then: impl FnOnce(&dyn OpenScenario, &Path, &mut dyn Write) -> u8,
) -> u8 {
    // A bundle is read from the scenario unpacked out of it, its art beside it.
    let path = match crate::bundle::scenario_to_read(path) {
        Ok(path) => path,
        Err(message) => {
            let _ = writeln!(err, "{message}");
            return EXIT_UNREADABLE;
        }
    };
    match read_document(ruleset, &path) {
        Ok(scenario) => then(scenario.as_ref(), &path, err),
        Err(message) => {
            let _ = writeln!(err, "{message}");
            EXIT_UNREADABLE
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
