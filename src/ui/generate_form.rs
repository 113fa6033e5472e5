//! The New scenario dialog's generated start: a seed, the symmetry and each of the game's own
//! choices (the seed's, or pinned), a preview of the board with what was chosen, and
//! "Another" for the next seed. Written once for every game through the seam's `generate`.

use super::desk::{GameDesk, Miniature};
use crate::game::{Choice, GenerateRequest};
use egui::{RichText, Sense, Ui, vec2};

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
    fn refresh(&mut self, game: &dyn GameDesk, ruleset: Option<&str>) {
        if self.shown.as_ref().is_some_and(|(asked, _)| *asked == self.request) {
            return;
        }
        let shown = make(game, ruleset, &self.request);
        self.shown = Some((self.request.clone(), shown));
    }

    /// Draws the seed, the choices and the preview.
    pub fn ui(&mut self, ui: &mut Ui, game: &dyn GameDesk, ruleset: Option<&str>) {
        self.refresh(game, ruleset);
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
                ui.label(capitalised(choice.name));
                let pinned = self.request.choices.iter().position(|(n, _)| n == choice.name);
                let label_of = |value: &str| -> String {
                    let index = choice.values.iter().position(|v| v == value);
                    index.and_then(|i| choice.labels.get(i)).map_or_else(|| value.to_owned(), Clone::clone)
                };
                let shown = match pinned {
                    Some(_) => label_of(&choice.value),
                    None => format!("the seed's ({})", label_of(&choice.value)),
                };
                let mut picked: Option<Option<String>> = None;
                egui::ComboBox::from_id_salt(("generate-choice", choice.name)).selected_text(shown).show_ui(ui, |ui| {
                    if ui.selectable_label(pinned.is_none(), "the seed's").clicked() {
                        picked = Some(None);
                    }
                    for (value, label) in choice.values.iter().zip(&choice.labels) {
                        if ui.selectable_label(pinned.is_some() && *value == choice.value, label).clicked() {
                            picked = Some(Some(value.clone()));
                        }
                    }
                });
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

/// Generates through the seam and opens the result as the game's window would, for its
/// preview.
fn make(game: &dyn GameDesk, ruleset: Option<&str>, request: &GenerateRequest) -> Result<Shown, String> {
    let system =
        crate::systems::system(game.system_id()).ok_or_else(|| format!("no game system '{}'", game.system_id()))?;
    let rules = system.rules(ruleset).map_err(|problem| problem.text)?;
    let generated = rules.generate(request)?;
    let desk = game.open(&generated.text, ruleset)?;
    let findings = generated.scenario.findings();
    let warnings = findings.iter().filter(|f| f.severity == crate::game::Severity::Warning).count();
    Ok(Shown {
        text: generated.text,
        description: generated.said,
        choices: generated.choices,
        symmetries: generated.symmetries,
        miniature: desk.print_preview(),
        warnings,
    })
}

/// Paints a miniature of a board within `max_width` x `max_height` points, named for screen
/// readers and tests; gives the painted rectangle.
pub fn paint_miniature(ui: &mut Ui, miniature: &Miniature, max_width: f32, max_height: f32, name: &str) -> egui::Rect {
    let (width, height) = (f32::from(miniature.width.max(1)), f32::from(miniature.height.max(1)));
    let scale = (max_width / width).min(max_height / height);
    let (response, painter) = ui.allocate_painter(vec2(width * scale, height * scale), Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, name));
    let origin = response.rect.min;
    let mut mesh = egui::Mesh::default();
    for (index, color) in miniature.colours.iter().enumerate() {
        let (x, y) = (index % usize::from(miniature.width.max(1)), index / usize::from(miniature.width.max(1)));
        let rect = egui::Rect::from_min_size(origin + vec2(x as f32, y as f32) * scale, vec2(scale, scale));
        mesh.add_colored_rect(rect, *color);
    }
    painter.add(egui::Shape::mesh(mesh));
    response.rect
}
