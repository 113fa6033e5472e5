//! The hostile-input loop shared by `tests/hostile_input.rs` (a bounded run in `cargo test`)
//! and `examples/hostile_inputs.rs` (the long run): every bundled sample and every other file
//! kind of every game (ruleset, script, saved game, Skirm squad, AWBW map), mutated the ways a
//! broken or hostile file breaks (truncated, bytes flipped, huge, negative and non-finite
//! numbers, fields duplicated and misspelt, deep nesting, a byte-order mark), fed to every
//! reader and, where a mutant still reads, to `validate`, `stats` and `play`. It counts cases
//! and reports every panic and every case over its time bound.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::game::OpenScenario;
use skirmish_studio::systems::{self, armored, modern, skirm, swat};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The longest one case may take (debug build, a shared 2-core machine).
pub const CASE_BOUND: Duration = Duration::from_secs(20);

/// The most resident memory the process may reach while the loop runs.
pub const MEMORY_BOUND_BYTES: u64 = 1_500 * 1024 * 1024;

/// One input of one file kind to mutate.
pub struct Input {
    /// What it is, for the report (`bridgehead.ron`, `swat ruleset`).
    pub name: String,
    /// The game's system id.
    pub system: &'static str,
    /// Which reader takes it.
    pub kind: Kind,
    /// Its text, unmutated.
    pub text: String,
}

/// The file kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Scenario,
    Ruleset,
    Script,
    SavedGame,
    Squad,
    ForeignMap,
}

/// What the loop found.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Cases run.
    pub cases: usize,
    /// Of those, mutants some reader still took.
    pub read: usize,
    /// Each panic: the input, the mutation and the message.
    pub panics: Vec<String>,
    /// Each case over [`CASE_BOUND`].
    pub slow: Vec<String>,
    /// The largest resident memory seen, in bytes (0 where the system does not say).
    pub peak_bytes: u64,
}

/// A small deterministic generator (xorshift): the same cases on every machine.
pub struct Dice(u64);

impl Dice {
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next() % n as u64) as usize }
    }
}

/// Every input: the bundled samples, each game's built-in ruleset, a script, a saved game,
/// a Skirm squad and the AWBW fixtures.
#[must_use]
pub fn inputs() -> Vec<Input> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let mut samples: Vec<_> = std::fs::read_dir(root.join("scenarios"))
        .expect("the samples folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    samples.sort();
    for path in samples {
        let text = std::fs::read_to_string(&path).expect("a sample");
        let system = systems::system_of(&text).expect("a known system").id();
        out.push(Input {
            name: path.file_name().expect("a name").to_string_lossy().into_owned(),
            system,
            kind: Kind::Scenario,
            text,
        });
    }
    out.push(ruleset_input("swat", swat::rules::BUILTIN_SWAT_RON));
    out.push(ruleset_input("skirm", skirm::rules::BUILTIN_SKIRM_RON));
    out.push(ruleset_input("armored-advance", armored::ruleset::BUILTIN));
    out.push(ruleset_input("modern-skirmish", modern::ruleset::BUILTIN));
    for (system, script) in [
        ("swat", "computer\ncomputer\nend\ncomputer\nend\n"),
        ("skirm", "computer\ncomputer\ncomputer\ncomputer\n"),
        ("armored-advance", "computer\ncomputer\nend\ncomputer\nend\n"),
        ("modern-skirmish", "test 1\nfire 1 13\ncomputer\ncomputer\n"),
    ] {
        out.push(Input { name: format!("{system} script"), system, kind: Kind::Script, text: script.to_owned() });
    }
    out.extend(saved_games());
    let skirm_rules = skirm::rules::Ruleset::builtin().expect("Skirm data");
    let skirm_sample =
        skirm::scenario::load_scenario(&skirm_rules, &sample("skirm-ruined-crossing.ron")).expect("the Skirm sample");
    if let Some(squad) = skirm_sample.squads.first() {
        out.push(Input {
            name: "skirm squad".into(),
            system: "skirm",
            kind: Kind::Squad,
            text: skirm::editing::squad_text(squad).expect("a squad's text"),
        });
    }
    for map in ["67073.json", "155801.txt"] {
        let text = std::fs::read_to_string(root.join("tests/fixtures/awbw").join(map)).expect("an AWBW fixture");
        out.push(Input { name: format!("AWBW {map}"), system: "swat", kind: Kind::ForeignMap, text });
    }
    out
}

fn ruleset_input(system: &'static str, text: &str) -> Input {
    Input { name: format!("{system} ruleset"), system, kind: Kind::Ruleset, text: text.to_owned() }
}

fn sample(name: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(name))
        .expect("a sample")
}

/// A saved game of each game, a few computer moves in.
fn saved_games() -> Vec<Input> {
    let mut out = Vec::new();
    let rules = Arc::new(swat::rules::Ruleset::builtin().expect("SWAT data"));
    let scenario = swat::scenario::load_scenario(&rules, &sample("bridgehead.ron")).expect("Bridgehead");
    let mut session = swat::SwatPlay::start(Arc::clone(&rules), scenario, 3).expect("a SWAT game");
    session.computer = vec![true, true];
    session.computer_step();
    out.push(saved("swat", session.save().expect("saved")));
    let rules = Arc::new(skirm::rules::Ruleset::builtin().expect("Skirm data"));
    let scenario = skirm::scenario::load_scenario(&rules, &sample("skirm-ruined-crossing.ron")).expect("sample");
    let mut play = skirm::SkirmPlay::start(Arc::clone(&rules), scenario, 3).expect("a Skirm game");
    for _ in 0..4 {
        play.computer_step();
    }
    out.push(saved("skirm", play.save().expect("saved")));
    let rules = Arc::new(armored::ruleset::Ruleset::builtin().expect("AA data"));
    let scenario = armored::scenario::load_scenario(&rules, &sample("aa-three-farms.ron")).expect("Three Farms");
    let mut play = armored::playtest::ArmoredPlay::start(Arc::clone(&rules), scenario, 3).expect("an AA game");
    for _ in 0..4 {
        play.computer_step();
    }
    out.push(saved("armored-advance", play.save().expect("saved")));
    let rules = Arc::new(modern::ruleset::Ruleset::builtin().expect("MS data"));
    let scenario = modern::scenario::load_scenario(&rules, &sample("ms-town.ron")).expect("Town");
    let mut play = modern::playtest::ModernPlay::start(Arc::clone(&rules), scenario, 3).expect("an MS game");
    for _ in 0..4 {
        play.computer_step();
    }
    out.push(saved("modern-skirmish", play.save().expect("saved")));
    out
}

fn saved(system: &'static str, text: String) -> Input {
    Input { name: format!("{system} saved game"), system, kind: Kind::SavedGame, text }
}

/// The mutations, by name.
pub const MUTATIONS: [&str; 10] = [
    "truncate",
    "flip bytes",
    "huge number",
    "negative number",
    "not a number",
    "duplicate a line",
    "misspell a field",
    "deep nesting",
    "byte-order mark",
    "drop a line",
];

/// `text` broken the `kind`th way, at places the dice choose.
#[must_use]
pub fn mutate(text: &str, kind: usize, dice: &mut Dice) -> String {
    let bytes = text.as_bytes();
    let cut = |dice: &mut Dice| {
        let mut at = dice.below(bytes.len().max(1));
        while at > 0 && !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    let numbers: Vec<(usize, usize)> = number_spans(text);
    let replace_number = |dice: &mut Dice, with: &str| -> String {
        if numbers.is_empty() {
            return format!("{with}{text}");
        }
        let (a, b) = numbers[dice.below(numbers.len())];
        format!("{}{with}{}", &text[..a], &text[b..])
    };
    let lines: Vec<&str> = text.lines().collect();
    match kind % MUTATIONS.len() {
        0 => text[..cut(dice)].to_owned(),
        1 => {
            let mut out = bytes.to_vec();
            for _ in 0..1 + dice.below(4) {
                if !out.is_empty() {
                    let at = dice.below(out.len());
                    let odd = b" (),:[]\"0-9azZ#\n\x00\xff";
                    out[at] = odd[dice.below(odd.len())];
                }
            }
            String::from_utf8_lossy(&out).into_owned()
        }
        2 => {
            let huge = ["99999999999999999999999", "4294967296", "1e308", "18446744073709551616", "65536"];
            let pick = huge[dice.below(huge.len())];
            replace_number(dice, pick)
        }
        3 => replace_number(dice, "-1"),
        4 => {
            let odd = ["NaN", "inf", "-inf", "1e-320", "0"];
            let pick = odd[dice.below(odd.len())];
            replace_number(dice, pick)
        }
        5 if !lines.is_empty() => {
            let at = dice.below(lines.len());
            let mut out: Vec<&str> = lines.clone();
            out.insert(at, lines[at]);
            out.join("\n")
        }
        6 => {
            let fields: Vec<usize> = text.match_indices(':').map(|(i, _)| i).filter(|&i| i >= 2).collect();
            if fields.is_empty() {
                return format!("x{text}");
            }
            let at = fields[dice.below(fields.len())];
            let mut out = text.to_owned();
            if text.is_char_boundary(at - 2) && text.is_char_boundary(at - 1) {
                let (a, b) = (&text[at - 2..at - 1], &text[at - 1..at]);
                out.replace_range(at - 2..at, &format!("{b}{a}"));
            }
            out
        }
        7 => {
            let depth = 1_000 + dice.below(20_000);
            let at = cut(dice);
            format!("{}{}{}{}", &text[..at], "(".repeat(depth), ")".repeat(depth), &text[at..])
        }
        8 => format!("\u{feff}{text}"),
        _ if !lines.is_empty() => {
            let at = dice.below(lines.len());
            lines.iter().enumerate().filter(|&(i, _)| i != at).map(|(_, l)| *l).collect::<Vec<_>>().join("\n")
        }
        _ => String::new(),
    }
}

/// The byte spans of the numbers in `text`.
fn number_spans(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'.') {
                i += 1;
            }
            out.push((start, i));
        } else {
            i += 1;
        }
    }
    out
}

/// Feeds one mutant to its reader and, where it reads, to what a user would do next; true
/// when some reader took it.
fn feed(input: &Input, text: &str) -> bool {
    let system = systems::system(input.system).expect("every input names a system the registry knows");
    let builtin = || system.rules(None).expect("the built-in rules");
    let exercise = |scenario: Box<dyn OpenScenario>| {
        let _ = scenario.findings();
        let _ = scenario.stats();
        let _ = scenario.symmetry(None);
        let _ = scenario.play("computer\nend\ncomputer\n", 1);
    };
    match input.kind {
        Kind::Scenario => match builtin().open(text) {
            Ok(scenario) => {
                exercise(scenario);
                true
            }
            Err(_) => false,
        },
        Kind::Ruleset => match system.rules(Some(text)) {
            Ok(rules) => {
                let _ = rules.describe();
                let sample_name = match input.system {
                    "swat" => "bridgehead.ron",
                    "skirm" => "skirm-ruined-crossing.ron",
                    "armored-advance" => "aa-three-farms.ron",
                    _ => "ms-town.ron",
                };
                if let Ok(scenario) = rules.open(&sample(sample_name)) {
                    exercise(scenario);
                }
                true
            }
            Err(_) => false,
        },
        Kind::Script => {
            let sample_name = match input.system {
                "swat" => "bridgehead.ron",
                "skirm" => "skirm-ruined-crossing.ron",
                "armored-advance" => "aa-three-farms.ron",
                _ => "ms-town.ron",
            };
            let scenario = builtin().open(&sample(sample_name)).expect("a sample");
            scenario.play(text, 1).is_ok()
        }
        Kind::SavedGame => match input.system {
            "swat" => {
                let rules = Arc::new(swat::rules::Ruleset::builtin().expect("data"));
                swat::SwatPlay::load(rules, text).is_ok()
            }
            "skirm" => {
                let rules = Arc::new(skirm::rules::Ruleset::builtin().expect("data"));
                skirm::SkirmPlay::load(rules, text).is_ok()
            }
            "armored-advance" => {
                let rules = Arc::new(armored::ruleset::Ruleset::builtin().expect("data"));
                armored::playtest::ArmoredPlay::load(rules, text).is_ok()
            }
            _ => {
                let rules = Arc::new(modern::ruleset::Ruleset::builtin().expect("data"));
                modern::playtest::ModernPlay::load(rules, text).is_ok()
            }
        },
        Kind::Squad => {
            let rules = skirm::rules::Ruleset::builtin().expect("data");
            skirm::editing::squad_from_text(&rules, text).is_ok()
        }
        Kind::ForeignMap => match builtin().import(text, "mutant") {
            Some(Ok((file, _))) => {
                if let Ok(scenario) = builtin().open(&file) {
                    exercise(scenario);
                }
                true
            }
            _ => false,
        },
    }
}

/// The process's resident memory in bytes, where Linux says it.
#[must_use]
pub fn resident_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1).and_then(|p| p.parse::<u64>().ok()))
        .map_or(0, |pages| pages * 4096)
}

/// Runs `cases` mutants from `seed` over every input in turn, or until `budget` has passed.
#[must_use]
pub fn run(cases: usize, seed: u64, budget: Duration) -> Outcome {
    let inputs = inputs();
    let mut dice = Dice::new(seed);
    let mut outcome = Outcome::default();
    let started = Instant::now();
    for case in 0..cases {
        if started.elapsed() > budget {
            break;
        }
        let input = &inputs[case % inputs.len()];
        let mutation = dice.below(MUTATIONS.len());
        let text = mutate(&input.text, mutation, &mut dice);
        let what = format!("case {case}: {} ({:?}), {}", input.name, input.kind, MUTATIONS[mutation]);
        let began = Instant::now();
        match catch_unwind(AssertUnwindSafe(|| feed(input, &text))) {
            Ok(true) => outcome.read += 1,
            Ok(false) => {}
            Err(payload) => {
                let message = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                outcome.panics.push(format!("{what}: panicked: {message}"));
            }
        }
        let took = began.elapsed();
        if took > CASE_BOUND {
            outcome.slow.push(format!("{what}: took {took:?}"));
        }
        outcome.peak_bytes = outcome.peak_bytes.max(resident_bytes());
        outcome.cases += 1;
    }
    outcome
}
