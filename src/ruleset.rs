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
