//! The New scenario dialog's generated start: a seed, the symmetry and each of the game's own
//! choices (the seed's, or pinned), a preview of the board with what was chosen, and
//! "Another" for the next seed. Written once for every game through the seam's `generate`.

use super::miniature::{Miniature, paint_miniature};
use crate::game::{Choice, GenerateRequest};
use egui::{RichText, Ui};

/// What the last generation gave, for the preview and Create.
#[derive(Debug, Clone, PartialEq)]
struct Shown {
    /// The scenario's file text.
    text: String,
    /// Its description: everything chosen.
    description: String,
    /// The game's named choices with the values they take.
    choices: Vec<Choice>,
    /// The symmetries the game generates.
    symmetries: Vec<&'static str>,
    /// The board as the print preview draws it.
    miniature: Miniature,
    /// Warnings the validator gives it.
    warnings: usize,
}

/// A generated start: what is asked and what it gave.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GeneratedStart {
    /// What is asked (seed, symmetry, pinned choices).
    pub request: GenerateRequest,
    /// The request the preview was made for, and what it gave.
    shown: Option<(GenerateRequest, Result<Shown, String>)>,
}

impl GeneratedStart {
    /// A start from seed 1 with every choice the seed's.
    #[must_use]
    pub fn new() -> Self {
        Self { request: GenerateRequest::seeded(1), shown: None }
    }

    /// The generated file's text, once a preview without problems is shown.
    ///
    /// # Errors
    /// Why nothing can be created yet.
    pub fn text(&self) -> Result<String, String> {
        match &self.shown {
            Some((_, Ok(shown))) => Ok(shown.text.clone()),
            Some((_, Err(message))) => Err(message.clone()),
            None => Err("the generated scenario is not ready yet".into()),
        }
    }

    /// Makes the preview again when the request changed since it was made.
    fn refresh(&mut self, game: &Game<'_>) {
        if self.shown.as_ref().is_some_and(|(asked, _)| *asked == self.request) {
            return;
        }
        let shown = make(game, &self.request);
        self.shown = Some((self.request.clone(), shown));
    }

    /// Draws the seed, the choices and the preview.
    pub fn ui(&mut self, ui: &mut Ui, game: &Game<'_>) {
        self.refresh(game);
        ui.label("A symmetric start drawn from a seed: the same seed and choices give the same scenario. Pin a choice to keep it while you try other seeds.");
        ui.horizontal(|ui| {
            ui.label("Seed");
            ui.add(egui::DragValue::new(&mut self.request.seed).range(0..=u64::from(u32::MAX)));
            if ui.button("Another").on_hover_text("The next seed, with the pinned choices kept").clicked() {
                self.request.seed = self.request.seed.wrapping_add(1);
            }
        });
        let (choices, symmetries) = match &self.shown {
            Some((_, Ok(shown))) => (shown.choices.clone(), shown.symmetries.clone()),
            _ => (Vec::new(), Vec::new()),
        };
        egui::Grid::new("generate-choices").num_columns(2).show(ui, |ui| {
            ui.label("Symmetry");
            let current = self.request.symmetry.clone().unwrap_or_else(|| "the seed's".into());
            egui::ComboBox::from_id_salt("generate-symmetry").selected_text(current).show_ui(ui, |ui| {
                ui.selectable_value(&mut self.request.symmetry, None, "the seed's");
                for name in &symmetries {
                    ui.selectable_value(&mut self.request.symmetry, Some((*name).to_owned()), *name);
                }
            });
            ui.end_row();
            for choice in &choices {
                let name = ui.label(capitalised(choice.name));
                let pinned = self.request.choices.iter().position(|(n, _)| n == choice.name);
                let label_of = |value: &str| -> String {
                    let index = choice.values.iter().position(|v| v == value);
                    index.and_then(|i| choice.labels.get(i)).map_or_else(|| value.to_owned(), Clone::clone)
                };
                // An option the seed never draws reads as its value, and its first value is
                // the unpinned one: "the seed's" would claim the seed chose it.
                let shown = match (pinned, &choice.forced_by) {
                    (None, Some(by)) => format!("{} (set by {by})", label_of(&choice.value)),
                    (None, None) if choice.drawn => format!("the seed's ({})", label_of(&choice.value)),
                    _ => label_of(&choice.value),
                };
                let mut picked: Option<Option<String>> = None;
                let combo = egui::ComboBox::from_id_salt(("generate-choice", choice.name))
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        if choice.drawn && ui.selectable_label(pinned.is_none(), "the seed's").clicked() {
                            picked = Some(None);
                        }
                        for (index, (value, label)) in choice.values.iter().zip(&choice.labels).enumerate() {
                            let unpinned = !choice.drawn && index == 0;
                            let selected =
                                if unpinned { pinned.is_none() } else { pinned.is_some() && *value == choice.value };
                            if ui.selectable_label(selected, label).clicked() {
                                picked = Some((!unpinned).then(|| value.clone()));
                            }
                        }
                    });
                // Read by its name, as a person reads the row.
                combo.response.labelled_by(name.id);
                if let Some(picked) = picked {
                    self.request.choices.retain(|(n, _)| n != choice.name);
                    if let Some(value) = picked {
                        self.request.choices.push((choice.name.to_owned(), value));
                    }
                }
                ui.end_row();
            }
        });
        match &self.shown {
            Some((_, Ok(shown))) => {
                paint_miniature(ui, &shown.miniature, 420.0, 240.0, "Generated scenario preview");
                ui.label(RichText::new(&shown.description).weak());
                if shown.warnings > 0 {
                    ui.label(format!(
                        "It validates without errors; the validator has {} for you to read once it is open.",
                        crate::game::counted(shown.warnings, "warning", "warnings")
                    ));
                } else {
                    ui.label("It validates without a finding.");
                }
            }
            Some((_, Err(message))) => {
                ui.label(RichText::new(message).color(super::style::ERROR));
            }
            None => {}
        }
    }
}

/// A choice's name for a label (`terrain` as `Terrain`).
fn capitalised(name: &str) -> String {
    // A short name is an abbreviation (`hq`).
    if name.len() <= 2 {
        return name.to_uppercase();
    }
    let mut chars = name.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

/// The game a generated start is for: its id, its replacement ruleset if any, and how its
/// window draws a scenario file's miniature (so this form needs no desk).
pub struct Game<'a> {
    /// The system id.
    pub id: &'static str,
    /// The replacement ruleset's text, if the studio was started with one for this game.
    pub ruleset: Option<&'a str>,
    /// The miniature of a scenario file's text, as the game's print preview draws it.
    pub miniature: &'a dyn Fn(&str) -> Result<Miniature, String>,
}

/// Generates through the seam and draws the result as the game's window would, for its
/// preview.
fn make(game: &Game<'_>, request: &GenerateRequest) -> Result<Shown, String> {
    let system = crate::systems::system(game.id).ok_or_else(|| format!("no game system '{}'", game.id))?;
    let rules = system.rules(game.ruleset).map_err(|problem| problem.text)?;
    let generated = rules.generate(request)?;
    let miniature = (game.miniature)(&generated.text)?;
    let findings = generated.scenario.findings();
    let warnings = findings.iter().filter(|f| f.severity == crate::game::Severity::Warning).count();
    Ok(Shown {
        text: generated.text,
        description: generated.said,
        choices: generated.choices,
        symmetries: generated.symmetries,
        miniature,
        warnings,
    })
}
