//! A validator's finding and its one-click fix, one type for every game: the place type (a
//! square, a point of a table) and the fix's edit are the game's own; how a finding is shown
//! to the command line and the window ([`Finding::diagnostic`]) is written once.

use super::{Diagnostic, Severity};
use serde::Serialize;

/// One thing a game's validator found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding<P, F> {
    /// Error or warning.
    pub severity: Severity,
    /// A stable code such as `unit-on-impassable-terrain`.
    pub code: &'static str,
    /// What is wrong, in a player's words.
    pub message: String,
    /// Where: squares, or points of a table in micrometres; empty for the whole scenario.
    pub places: Vec<P>,
    /// Its one-click fix, where one exists.
    pub fix: Option<F>,
}

impl<P, F> Finding<P, F> {
    /// An error.
    #[must_use]
    pub fn error(code: &'static str, message: String, places: Vec<P>) -> Self {
        Self { severity: Severity::Error, code, message, places, fix: None }
    }

    /// A warning.
    #[must_use]
    pub fn warning(code: &'static str, message: String, places: Vec<P>) -> Self {
        Self { severity: Severity::Warning, code, message, places, fix: None }
    }

    /// The same finding with its fix.
    #[must_use]
    pub fn with_fix(self, fix: Option<F>) -> Self {
        Self { fix, ..self }
    }

    /// The finding as the command line and the window show it: its places in the game's words
    /// and as JSON under `places_key`, its fix's label and JSON, each read with `rules`.
    pub fn diagnostic<R>(&self, places_key: &str, rules: &R) -> Diagnostic
    where
        P: Shown<R>,
        F: Shown<R>,
    {
        let fix = self.fix.as_ref().map(|f| (f.text(rules), f.json(rules)));
        let mut json = serde_json::json!({
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "fix": fix.as_ref().map(|(_, json)| json.clone()),
        });
        json[places_key] = serde_json::Value::Array(self.places.iter().map(|p| p.json(rules)).collect());
        Diagnostic {
            severity: self.severity,
            code: self.code.to_owned(),
            message: self.message.clone(),
            place: self.places.iter().map(|p| p.text(rules)).collect::<Vec<_>>().join(" "),
            fix: fix.map(|(label, _)| label),
            json,
        }
    }
}

/// How a finding's place or fix reads for people and in JSON, given the data it belongs to: a
/// square needs none, a point of a table is shown in the table's length unit, a fix is its
/// button's label.
pub trait Shown<R> {
    /// In words (`(3, 4)`, `(12", 6")`, a fix's label).
    fn text(&self, rules: &R) -> String;
    /// As JSON.
    fn json(&self, rules: &R) -> serde_json::Value;
}

/// A fix whose edits serialise as they are reads as its label and itself.
impl<R, E: Serialize> Shown<R> for Fix<E> {
    fn text(&self, _rules: &R) -> String {
        self.label.clone()
    }

    fn json(&self, _rules: &R) -> serde_json::Value {
        serde_json::json!(self)
    }
}

/// A one-click fix: what its button says and the edits it makes, as one undoable step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fix<E> {
    /// What the button says.
    pub label: String,
    /// The edits, applied together.
    pub edits: Vec<E>,
}

impl<E> Fix<E> {
    /// A fix of one edit.
    #[must_use]
    pub fn one(label: impl Into<String>, edit: E) -> Self {
        Self { label: label.into(), edits: vec![edit] }
    }
}

/// A square reads the same whatever game's data it belongs to: `(3, 4)` and `{"x":3,"y":4}`.
impl<R> Shown<R> for crate::board::Pos {
    fn text(&self, _rules: &R) -> String {
        self.to_string()
    }

    fn json(&self, _rules: &R) -> serde_json::Value {
        serde_json::json!(self)
    }
}

/// The label of the fix for an image that cannot be read.
pub const FIND_THE_FILE: &str = "Find the file…";

/// What the framework finds in every game's art, read beside the scenario saved at `path`: a
/// background image or an image of the art (a kind's, the logo, the cover) that cannot be
/// read is a warning (the scenario still opens and prints, without it), with "Find the file…"
/// as its fix.
#[must_use]
pub fn art_findings(
    backdrop: Option<&crate::art::Backdrop>,
    art: &crate::art::ArtBook,
    path: Option<&std::path::Path>,
) -> Vec<Diagnostic> {
    let warning = |code: &str, message: String, place: String, image: &str| Diagnostic {
        severity: Severity::Warning,
        code: code.to_owned(),
        json: serde_json::json!({
            "severity": "warning",
            "code": code,
            "message": message,
            "places": [],
            "fix": FIND_THE_FILE,
            "image": image,
        }),
        message,
        place,
        fix: Some(FIND_THE_FILE.to_owned()),
    };
    let mut found = Vec::new();
    if let Some(backdrop) = backdrop
        && let Err(why) = crate::art::backdrop_for_print(Some(backdrop), path)
    {
        found.push(warning(
            "background-image-unreadable",
            format!("the background image cannot be read, so the board opens and prints without it: {why}"),
            format!("backdrop '{}'", backdrop.image),
            &backdrop.image,
        ));
    }
    let loaded = crate::art::art_for_print(art, path);
    for (image, why) in &loaded.missing {
        let uses: Vec<String> =
            art.images().into_iter().filter(|(_, named)| named == image).map(|(what, _)| what).collect();
        found.push(warning(
            "art-image-unreadable",
            format!(
                "the image for {} cannot be read, so the studio draws its own symbol there instead: {why}",
                uses.join(" and ")
            ),
            format!("art '{image}'"),
            image,
        ));
    }
    found
}
