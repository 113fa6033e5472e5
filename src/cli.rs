//! The headless command line: every capability reachable from a script, with stable exit codes
//! (0 success, 1 the input has problems, 2 the input could not be read or the arguments are
//! wrong) and machine-readable output with `--json`.

use crate::rules::{Ruleset, RulesetError};
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
}

/// The headless commands.
#[derive(Debug, Subcommand)]
pub enum Command {
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
    match cli.command {
        Some(Command::Ruleset { file, json }) => ruleset_command(file.as_deref(), json, out, err),
        None => {
            // The editor window is not built yet (issue 4): until it is, say what can be done.
            let mut command = <Cli as clap::CommandFactory>::command();
            let _ = writeln!(out, "{}", command.render_long_help());
            EXIT_OK
        }
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
