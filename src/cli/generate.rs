//! `generate`: a symmetric scenario of any game drawn from a seed, written as the game's own
//! file (to a file, or to standard output), with what was chosen and the validator's word.

use super::*;
use crate::game::GenerateRequest;

/// What `generate` was asked, as the command line gave it.
pub(super) struct GenerateAsked {
    pub system: String,
    pub seed: u64,
    pub size: Option<String>,
    pub symmetry: Option<String>,
    pub choices: Vec<String>,
    pub output: Option<PathBuf>,
}

impl GenerateAsked {
    fn request(&self) -> Result<GenerateRequest, String> {
        Ok(GenerateRequest {
            seed: self.seed,
            size: self.size.as_deref().map(GenerateRequest::parse_size).transpose()?,
            symmetry: self.symmetry.clone(),
            choices: self.choices.iter().map(|c| GenerateRequest::parse_choice(c)).collect::<Result<_, _>>()?,
        })
    }
}

pub(super) fn generate_command(
    ruleset: Option<&Path>,
    asked: &GenerateAsked,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let generated = load_rules(&asked.system, ruleset)
        .and_then(|rules| asked.request().and_then(|request| rules.generate(&request)));
    let crate::game::Generated { text, scenario, .. } = match generated {
        Ok(generated) => generated,
        Err(message) => {
            let _ = writeln!(err, "cannot generate: {message}");
            return EXIT_UNREADABLE;
        }
    };
    let findings = scenario.findings();
    match &asked.output {
        Some(path) => {
            if let Err(message) = write_atomic(path, text.as_bytes()) {
                let _ = writeln!(err, "cannot write {message}");
                return EXIT_UNREADABLE;
            }
            let _ = writeln!(out, "wrote {} ({})", path.display(), scenario.name());
        }
        None => {
            let _ = write!(out, "{text}");
        }
    }
    if has_errors(&findings) {
        // A generator that makes a scenario its own validator refuses is a bug; say so loudly.
        let _ = writeln!(err, "the generated scenario has errors:");
        for finding in findings.iter().filter(|f| f.severity == crate::game::Severity::Error) {
            let _ = writeln!(err, "  {}", finding.line());
        }
        return EXIT_PROBLEMS;
    }
    EXIT_OK
}
