//! What every game system's ruleset loader reports: each problem of a ruleset file with its
//! place, all of them at once, so a designer fixes a file in one pass.

use serde::Serialize;
use std::fmt;

/// One thing wrong with a ruleset file, and where.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RulesetProblem {
    /// Where in the file: a path such as `units[5] (tank).cost`, or `line 3, column 7`.
    pub place: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for RulesetProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.message)
    }
}

/// Why a ruleset could not be loaded: every problem found, not only the first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RulesetError {
    /// True when the text is not well-formed RON (or not the expected shape), so nothing else
    /// could be checked.
    pub syntax: bool,
    /// Each problem with its place.
    pub problems: Vec<RulesetProblem>,
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "the ruleset has {} problem(s):", self.problems.len())?;
        for problem in &self.problems {
            writeln!(f, "  {problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for RulesetError {}

impl RulesetError {
    /// The file is not well-formed RON (or not the expected shape): one problem at the place
    /// the reader stopped.
    #[must_use]
    pub fn syntax(error: &ron::error::SpannedError) -> Self {
        Self {
            syntax: true,
            problems: vec![RulesetProblem {
                place: format!("line {}, column {}", error.span.start.line, error.span.start.col),
                message: error.code.to_string(),
            }],
        }
    }
}

/// One house reading as a game describes it: where the rules text is silent or contradicts
/// itself, a named switch with its values (the default first) and the sentence it resolves.
/// Every game describes its readings with this one type; the seam lists, sets and sweeps them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    /// Its name (`foliage`), as a scenario's `readings` block and `--set reading.NAME` write it.
    pub name: &'static str,
    /// The values it takes, the default first.
    pub values: &'static [&'static str],
    /// The sentence of the text it resolves, and how.
    pub sentence: &'static str,
    /// Whether a game plays differently under another value (a validator's reading does not).
    pub changes_play: bool,
}
