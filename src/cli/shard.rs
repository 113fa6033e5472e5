//! `balance --shard K/N`, `calibrate --shard K/N` and `merge`: a lab run split across
//! processes or machines. A shard writes its share of every run's games with what it was
//! asked (the command, the scenario's text, the ruleset's, every option that changes a game);
//! `merge` refuses parts that differ in any of these, naming the difference, then runs the same
//! command reading the parts' games instead of playing, so it prints exactly what one machine
//! would have.

use super::*;
use crate::balance::ledger::{self, RunPart, Shard};
use serde::{Deserialize, Serialize};

/// Which lab command a part belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum LabCommand {
    /// `balance`, with any of its extra runs.
    Balance,
    /// `calibrate`.
    Calibrate,
}

/// What a part's games depend on: the command and every option of it but the thread count
/// and where the output goes. Parts to be merged must agree on all of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct Asked {
    pub(super) command: LabCommand,
    pub(super) games: usize,
    pub(super) seed: u64,
    pub(super) round_cap: u32,
    /// The margin in points, as given.
    pub(super) margin: f64,
    pub(super) levels: Vec<crate::game::Level>,
    pub(super) settings: Vec<String>,
    pub(super) cos: bool,
    pub(super) sweep: Option<String>,
    pub(super) readings: bool,
    pub(super) across_levels: bool,
    /// `--suggest`.
    #[serde(default)]
    pub(super) suggest: bool,
}

impl Asked {
    /// What a `calibrate` run asks: its games and seed (it plays Normal against Normal with
    /// the 200-round cap, and none of `balance`'s extras).
    pub(super) fn calibration(games: usize, seed: u64) -> Self {
        Self {
            command: LabCommand::Calibrate,
            games,
            seed,
            round_cap: 200,
            margin: 0.0,
            levels: vec![crate::game::Level::Normal; 2],
            settings: Vec::new(),
            cos: false,
            sweep: None,
            readings: false,
            across_levels: false,
            suggest: false,
        }
    }
}

/// One shard's output.
#[derive(Debug, Serialize, Deserialize)]
struct Part {
    /// The program and its version: games may differ between versions.
    program: String,
    /// This shard.
    shard: Shard,
    /// The scenario file as named on the shard's command line (for messages).
    scenario_file: String,
    /// The scenario's text.
    scenario: String,
    /// A replacement ruleset's text, when one was given.
    ruleset: Option<String>,
    asked: Asked,
    /// Every run's games this shard played, in the order the command makes its runs.
    runs: Vec<RunPart>,
}

fn program() -> String {
    format!("{} {}", env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"))
}

/// Plays shard `shard` of a `balance` command and prints its part as JSON.
pub(super) fn balance_shard(
    ruleset: Option<&Path>,
    file: &Path,
    shard: Shard,
    (options, extras, asked): (&crate::balance::BalanceOptions, &BalanceExtras, Asked),
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    if options.until_clear {
        let _ = writeln!(
            err,
            "--shard: a split run plays a fixed number of games; leave out --until-clear (it stops on what all shards have played, which no one shard knows)"
        );
        return EXIT_UNREADABLE;
    }
    if extras.report.is_some() {
        let _ = writeln!(err, "--shard: a shard prints its part; give --report to `merge` instead");
        return EXIT_UNREADABLE;
    }
    shard_part((ruleset, file), shard, asked, out, err, &mut |scenario, read, told, err| {
        balance_command(scenario, read, options, extras, true, told, err)
    })
}

/// A lab command on an opened scenario (its file, where its output goes, where its errors go),
/// giving its exit code.
pub(super) type LabCommandRun<'a> =
    dyn FnMut(&dyn crate::game::OpenScenario, &Path, &mut dyn Write, &mut dyn Write) -> u8 + 'a;

/// A lab command run on this thread as shard `shard`; its output is discarded and its
/// games printed as a part, with what was asked, for `merge`.
pub(super) fn shard_part(
    (ruleset, file): (Option<&Path>, &Path),
    shard: Shard,
    asked: Asked,
    out: &mut dyn Write,
    err: &mut dyn Write,
    command: &mut LabCommandRun<'_>,
) -> u8 {
    let texts = read_limited(file).map_err(|e| format!("cannot read {e}")).and_then(|scenario| {
        Ok((scenario, ruleset.map(read_limited).transpose().map_err(|e| format!("cannot read the ruleset {e}"))?))
    });
    let (scenario_text, ruleset_text) = match texts {
        Ok(texts) => texts,
        Err(message) => {
            let _ = writeln!(err, "{message}");
            return EXIT_UNREADABLE;
        }
    };
    let mut discarded: Vec<u8> = Vec::new();
    let (code, runs) = ledger::as_shard(shard, || {
        with_scenario(ruleset, file, err, |scenario, read, err| command(scenario, read, &mut discarded, err))
    });
    if code != EXIT_OK && code != EXIT_PROBLEMS {
        return code;
    }
    let part = Part {
        program: program(),
        shard,
        scenario_file: file.display().to_string(),
        scenario: scenario_text,
        ruleset: ruleset_text,
        asked,
        runs,
    };
    match serde_json::to_string(&part) {
        Ok(text) => {
            let _ = writeln!(out, "{text}");
            EXIT_OK
        }
        Err(e) => {
            let _ = writeln!(err, "cannot write the part: {e}");
            EXIT_UNREADABLE
        }
    }
}

/// The first difference between two parts' headers, in words, or `None` when they agree.
fn difference(name: &str, part: &Part, first_name: &str, first: &Part) -> Option<String> {
    let differs = |what: &str, here: &str, there: &str| {
        Some(format!("{name} and {first_name} differ in {what}: {here} against {there}; merge only parts of one run"))
    };
    if part.program != first.program {
        return differs("the program that played them", &part.program, &first.program);
    }
    if part.scenario != first.scenario {
        return differs("the scenario", &part.scenario_file, &first.scenario_file);
    }
    if part.ruleset != first.ruleset {
        let which = |r: &Option<String>| if r.is_some() { "a replacement ruleset" } else { "the built-in ruleset" };
        return differs("the ruleset", which(&part.ruleset), which(&first.ruleset));
    }
    if part.shard.count != first.shard.count {
        return differs(
            "how many shards share the games",
            &part.shard.count.to_string(),
            &first.shard.count.to_string(),
        );
    }
    let (here, there) = (serde_json::to_value(&part.asked).ok()?, serde_json::to_value(&first.asked).ok()?);
    let (serde_json::Value::Object(here), serde_json::Value::Object(there)) = (here, there) else { return None };
    here.iter().find(|(key, value)| there.get(*key) != Some(*value)).and_then(|(key, value)| {
        let other = there.get(key).map_or_else(|| "nothing".to_owned(), ToString::to_string);
        differs(&format!("the setting '{}'", key.replace('_', " ")), &value.to_string(), &other)
    })
}

/// `merge`: the parts of a split `balance` run, put together into its one-machine answer.
pub(super) fn merge_command(
    files: &[PathBuf],
    json: bool,
    report: Option<PathBuf>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let mut parts: Vec<(String, Part)> = Vec::new();
    for file in files {
        let name = file.display().to_string();
        let read = read_limited(file).map_err(|e| format!("cannot read {e}")).and_then(|text| {
            serde_json::from_str::<Part>(&text).map_err(|e| format!("{name} is not a shard's part: {e}"))
        });
        match read {
            Ok(part) => parts.push((name, part)),
            Err(message) => {
                let _ = writeln!(err, "{message}");
                return EXIT_UNREADABLE;
            }
        }
    }
    let Some((first_name, first)) = parts.first() else {
        let _ = writeln!(err, "merge: name the parts to merge (part-*.json)");
        return EXIT_UNREADABLE;
    };
    for (name, part) in &parts {
        if let Some(message) = difference(name, part, first_name, first) {
            let _ = writeln!(err, "{message}");
            return EXIT_UNREADABLE;
        }
    }
    let count = first.shard.count;
    for index in 0..count {
        let holding: Vec<&str> =
            parts.iter().filter(|(_, p)| p.shard.index == index).map(|(n, _)| n.as_str()).collect();
        let problem = match holding.as_slice() {
            [] => Some(format!("shard {} of {count} is missing", index + 1)),
            [_] => None,
            [a, b, ..] => Some(format!("{a} and {b} are both shard {} of {count}", index + 1)),
        };
        if let Some(problem) = problem {
            let _ = writeln!(err, "{problem}");
            return EXIT_UNREADABLE;
        }
    }
    let runs: Vec<(String, Vec<RunPart>)> = parts.iter().map(|(n, p)| (n.clone(), p.runs.clone())).collect();
    let games = match ledger::combine(&runs) {
        Ok(games) => games,
        Err(message) => {
            let _ = writeln!(err, "{message}");
            return EXIT_UNREADABLE;
        }
    };
    let asked = &first.asked;
    let mut levels = [crate::game::Level::Normal; 8];
    for (slot, level) in levels.iter_mut().zip(&asked.levels) {
        *slot = *level;
    }
    let options = crate::balance::BalanceOptions {
        games: asked.games,
        until_clear: false,
        seed: asked.seed,
        round_cap: asked.round_cap,
        // Games replayed from the parts need no thread; a suggestion run's screening is played
        // again in full, on every core (its results do not depend on the count).
        threads: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        margin: asked.margin / 100.0,
        levels,
    };
    let sweep = match asked.sweep.as_deref().map(crate::balance::SweepSpec::parse).transpose() {
        Ok(sweep) => sweep,
        Err(message) => {
            let _ = writeln!(err, "--sweep: {message}");
            return EXIT_UNREADABLE;
        }
    };
    let extras = BalanceExtras {
        settings: asked.settings.clone(),
        cos: asked.cos,
        sweep,
        readings: asked.readings,
        across_levels: asked.across_levels,
        report,
        suggest: asked.suggest.then_some(super::suggest::Apply { index: None, output: None }),
    };
    let opened = system_of(&first.scenario)
        .map_err(|e| format!("cannot read {}: {e}", first.scenario_file))
        .and_then(|system| {
            system.rules(first.ruleset.as_deref()).map_err(|p| format!("the ruleset cannot be used: {}", p.text))
        })
        .and_then(|rules| rules.open(&first.scenario).map_err(|e| format!("cannot read {}: {e}", first.scenario_file)));
    let scenario = match opened {
        Ok(scenario) => scenario,
        Err(message) => {
            let _ = writeln!(err, "{message}");
            return EXIT_UNREADABLE;
        }
    };
    let path = PathBuf::from(&first.scenario_file);
    if asked.command == LabCommand::Calibrate && extras.report.is_some() {
        let _ = writeln!(err, "--report: a calibration has no HTML report; leave it out");
        return EXIT_UNREADABLE;
    }
    // Held back until the merge knows the parts fitted the command to the last run.
    let mut told: Vec<u8> = Vec::new();
    match ledger::replaying(games, || match asked.command {
        LabCommand::Balance => balance_command(scenario.as_ref(), &path, &options, &extras, json, &mut told, err),
        LabCommand::Calibrate => {
            calibrate_command(scenario.as_ref(), &path, (asked.games, asked.seed, 1), json, &mut told, err)
        }
    }) {
        Ok(code) => {
            let _ = out.write_all(&told);
            code
        }
        Err(message) => {
            let _ = writeln!(err, "the parts do not fit the command they name: {message}");
            EXIT_UNREADABLE
        }
    }
}
