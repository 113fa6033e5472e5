//! The commands that check: `validate` (every finding, with codes, places and fixes) and
//! `ruleset` (a replacement ruleset's problems, or what it holds).

use super::*;

pub(super) fn ruleset_command(
    system_id: &str,
    path: Option<&Path>,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
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

pub(super) fn validate_command(
    ruleset: Option<&Path>,
    files: &[PathBuf],
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let mut code = EXIT_OK;
    let mut reports = Vec::new();
    for named in files {
        let name = named.display().to_string();
        // A bundle is checked as the scenario unpacked out of it, its art beside it.
        let read = crate::bundle::scenario_to_read(named).and_then(|path| Ok((read_document(ruleset, &path)?, path)));
        match read {
            Err(message) => {
                let _ = writeln!(err, "{message}");
                let message = message.strip_prefix("cannot read ").unwrap_or(&message).to_owned();
                reports.push(serde_json::json!({ "file": name, "readable": false, "error": message }));
                code = EXIT_UNREADABLE;
            }
            Ok((scenario, path)) => {
                let mut findings = scenario.findings();
                findings.extend(crate::game::art_findings(scenario.backdrop(), scenario.art(), Some(&path)));
                if has_errors(&findings) && code == EXIT_OK {
                    code = EXIT_PROBLEMS;
                }
                if !json {
                    let errors = findings.iter().filter(|f| f.severity == crate::game::Severity::Error).count();
                    let _ = writeln!(
                        out,
                        "{name}: {}, {}",
                        crate::game::counted(errors, "error", "errors"),
                        crate::game::counted(findings.len() - errors, "warning", "warnings")
                    );
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
