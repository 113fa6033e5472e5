//! The window's colours that every game's screens share: the canvas behind a map, the
//! outlines of errors, warnings and the selection, and the "valid" green.

use egui::Color32;

/// Background behind the board.
pub const CANVAS_BACKGROUND: Color32 = Color32::from_rgb(32, 35, 41);
/// Error outline.
pub const ERROR: Color32 = Color32::from_rgb(235, 64, 52);
/// Warning outline.
pub const WARNING: Color32 = Color32::from_rgb(245, 166, 35);
/// Selection and highlight.
pub const SELECTION: Color32 = Color32::from_rgb(80, 200, 255);
/// A scenario without problems.
pub const VALID: Color32 = Color32::from_rgb(80, 190, 100);

/// The smallest text the window draws, in points at the default scale: body text, hints,
/// captions and labels on the map are never smaller.
pub const MIN_TEXT: f32 = 12.0;

/// The UI scales the View menu offers.
pub const UI_SCALES: [f32; 5] = [1.0, 1.15, 1.3, 1.5, 1.75];

/// Sets up the window's fonts: egui's own, with its emoji and icon fonts as fallbacks, so
/// symbols in a dialog (the in-app file dialog's folders and buttons) draw as themselves.
pub fn install_fonts(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    for (name, bytes) in [
        ("NotoEmoji-Regular", epaint_default_fonts::NOTO_EMOJI_REGULAR),
        ("emoji-icon-font", epaint_default_fonts::EMOJI_ICON),
    ] {
        fonts.font_data.insert(name.to_owned(), std::sync::Arc::new(egui::FontData::from_static(bytes)));
        for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
            fonts.families.entry(family).or_default().push(name.to_owned());
        }
    }
    ctx.set_fonts(fonts);
}

/// The window's text sizes: no style under [`MIN_TEXT`] (egui's small text is 9 points), and
/// the user's UI scale.
pub fn apply_text_style(ctx: &egui::Context, ui_scale: f32) {
    ctx.all_styles_mut(|style| {
        for (text_style, font) in &mut style.text_styles {
            let least = match text_style {
                egui::TextStyle::Heading => 18.0,
                egui::TextStyle::Body | egui::TextStyle::Button => 13.0,
                _ => MIN_TEXT,
            };
            font.size = font.size.max(least);
        }
    });
    ctx.set_zoom_factor(ui_scale.clamp(0.75, 2.0));
}
