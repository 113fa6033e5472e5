//! The commands that write other files: `export` (print sheets as PDF, the board as PNG),
//! `import` (an Advance Wars By Web map) and `export-awbw`.

use super::*;

pub(super) fn check_mm(what: &str, value: f32, min: f32, max: f32) -> Result<f32, String> {
    if value.is_finite() && (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(format!("the {what} of {value} mm is out of range ({min} to {max} mm)"))
    }
}

/// The print settings as the command line gives them, before the game is known.
pub(super) struct ExportAsked {
    pub(super) paper: Option<String>,
    /// Landscape (`true`) or portrait, where given.
    pub(super) orientation: Option<bool>,
    pub(super) square: Option<String>,
    pub(super) overlap: f32,
    pub(super) margin: f32,
    pub(super) sheets: String,
    pub(super) greyscale: bool,
    pub(super) extra_counters: u32,
}

impl ExportAsked {
    /// The export options for this scenario's game: its sheets and its scale unless given.
    /// An open table prints at 1:1 only: a square size other than its own is refused.
    pub(super) fn options(&self, scenario: &dyn OpenScenario) -> Result<crate::export::ExportOptions, String> {
        let (width, height, units) = scenario.board_extent();
        let open_table = units != "squares";
        let scale = match &self.square {
            Some(square) => crate::export::parse_square(square)?,
            None => scenario.default_scale(),
        };
        if open_table && (scale - scenario.default_scale()).abs() > 0.01 {
            return Err(format!(
                "--square {}: an open table prints at 1:1, one of the table's {units} to one on paper, so its \
                 ranges and moves measure true with the rules' own rulers; leave --square out",
                self.square.as_deref().unwrap_or_default()
            ));
        }
        let mut options = crate::export::ExportOptions {
            paper: match &self.paper {
                Some(paper) => crate::export::Paper::parse(paper)?,
                None => scenario.default_paper(),
            },
            landscape: self.orientation.unwrap_or(false),
            scale,
            overlap: check_mm("overlap", self.overlap, 0.0, 50.0)? * crate::export::PT_PER_MM,
            margin: check_mm("margin", self.margin, 0.0, 50.0)? * crate::export::PT_PER_MM,
            sheets: crate::export::Sheets::parse(&self.sheets, scenario.sheets())?,
            greyscale: self.greyscale,
            extra_counters: self.extra_counters.min(50),
            not_valid: false,
            backdrop: None,
            art: None,
        };
        if open_table && self.orientation.is_none() {
            options.landscape = crate::export::fewest_pages_landscape(&options, width, height);
        }
        Ok(options)
    }
}

/// Where `export` writes: a PDF, a PNG and a bundle, each if asked.
#[derive(Debug, Clone, Copy)]
pub(super) struct ExportTargets<'a> {
    /// The PDF's path.
    pub pdf: Option<&'a Path>,
    /// The PNG's path.
    pub png: Option<&'a Path>,
    /// The bundle's path.
    pub bundle: Option<&'a Path>,
}

pub(super) fn export_command(
    scenario: &dyn OpenScenario,
    path: &Path,
    ExportTargets { pdf, png, bundle }: ExportTargets<'_>,
    options: &crate::export::ExportOptions,
    dpi: u32,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    use std::io::IsTerminal;
    if pdf.is_none() && png.is_none() && bundle.is_none() {
        let _ = writeln!(err, "nothing to export: give --pdf OUT, --png OUT and/or --bundle OUT");
        return EXIT_UNREADABLE;
    }
    if let Some(target) = bundle {
        let code = bundle_command(scenario, path, target, out, err);
        if code != EXIT_OK || (pdf.is_none() && png.is_none()) {
            return code;
        }
    }
    let mut options = options.clone();
    options.not_valid = has_errors(&scenario.findings());
    if options.not_valid {
        let _ = writeln!(out, "note: {} has errors; every page is marked NOT VALID", path.display());
    }
    // The background image is read beside the scenario; one that cannot be read is left out
    // of the print, and the print says so (the validator names it as a finding too).
    match crate::art::backdrop_for_print(scenario.backdrop(), Some(path)) {
        Ok(placed) => {
            options.backdrop = placed;
            if let Some(note) = crate::export::backdrop_note(&options) {
                let _ = writeln!(out, "note: {note}");
            }
        }
        Err(why) => {
            let _ = writeln!(out, "note: the background image is left out of the print: {why}");
        }
    }
    let art = crate::art::art_for_print(scenario.art(), Some(path));
    for (image, why) in &art.missing {
        let _ = writeln!(out, "note: the image '{image}' is left out of the print: {why}");
    }
    options.art = (!art.is_empty()).then(|| std::sync::Arc::new(art));
    let options = &options;
    if let Some(pdf_path) = pdf {
        let terminal = std::io::stderr().is_terminal();
        let mut progress = |done: usize, total: usize| {
            if terminal {
                eprint!("\r  page {done} of {total}");
            }
        };
        match scenario.export_pdf(options, &mut progress) {
            Ok(report) => {
                if terminal {
                    eprintln!();
                }
                if let Err(message) = write_atomic(pdf_path, &report.bytes) {
                    let _ = writeln!(err, "cannot write {message}");
                    return EXIT_UNREADABLE;
                }
                let layout =
                    report.poster.map_or_else(String::new, |p| format!(", board on {} x {} pages", p.across, p.down));
                let _ = writeln!(
                    out,
                    "wrote {} ({} pages, {} bytes{layout})",
                    pdf_path.display(),
                    report.pages,
                    report.bytes.len()
                );
            }
            Err(message) => {
                let _ = writeln!(err, "cannot export: {message}");
                return EXIT_PROBLEMS;
            }
        }
    }
    if let Some(png_path) = png {
        match scenario.export_png(options.scale, dpi, options.greyscale, options.print_art()) {
            Ok(bytes) => {
                if let Err(message) = write_atomic(png_path, &bytes) {
                    let _ = writeln!(err, "cannot write {message}");
                    return EXIT_UNREADABLE;
                }
                let _ = writeln!(out, "wrote {} at {dpi} dpi", png_path.display());
            }
            Err(message) => {
                let _ = writeln!(err, "cannot export the image: {message}");
                return EXIT_PROBLEMS;
            }
        }
    }
    EXIT_OK
}

pub(super) fn import_command(
    ruleset: Option<&Path>,
    path: &Path,
    output: &Path,
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let text = match read_limited(path) {
        Ok(text) => text,
        Err(message) => {
            let _ = writeln!(err, "cannot read {message}");
            return EXIT_UNREADABLE;
        }
    };
    let name = path.file_stem().map_or_else(|| "AWBW map".to_owned(), |s| s.to_string_lossy().into_owned());
    // The first system that reads the foreign format takes it.
    let mut imported = None;
    for system in SYSTEMS {
        let rules = match load_rules(system.id(), ruleset) {
            Ok(rules) => rules,
            Err(message) => {
                let _ = writeln!(err, "{message}");
                return EXIT_UNREADABLE;
            }
        };
        if let Some(result) = rules.import(&text, &name) {
            imported = Some(result);
            break;
        }
    }
    let (file, report) = match imported {
        Some(Ok(imported)) => imported,
        Some(Err(error)) => {
            let _ = writeln!(err, "cannot import {}: {error}", path.display());
            return EXIT_UNREADABLE;
        }
        None => {
            let _ = writeln!(err, "cannot import {}: no game system reads this format", path.display());
            return EXIT_UNREADABLE;
        }
    };
    if let Err(message) = write_atomic(output, file.as_bytes()) {
        let _ = writeln!(err, "cannot write {message}");
        return EXIT_UNREADABLE;
    }
    if json {
        let _ =
            writeln!(out, "{}", serde_json::json!({ "output": output.display().to_string(), "report": report.json }));
    } else {
        let mut lines = report.text.lines();
        let _ = writeln!(out, "{} into {}", lines.next().unwrap_or("imported"), output.display());
        for line in lines {
            let _ = writeln!(out, "{line}");
        }
    }
    EXIT_OK
}

pub(super) fn export_awbw_command(
    scenario: &dyn OpenScenario,
    output: &Path,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let Some((csv, notes)) = scenario.export_foreign("awbw") else {
        let _ = writeln!(err, "this game system has no AWBW export");
        return EXIT_UNREADABLE;
    };
    if let Err(message) = write_atomic(output, csv.as_bytes()) {
        let _ = writeln!(err, "cannot write {message}");
        return EXIT_UNREADABLE;
    }
    let _ = writeln!(out, "wrote {}", output.display());
    for note in notes {
        let _ = writeln!(out, "  note: {note}");
    }
    EXIT_OK
}

/// Writes the scenario at `path` and every image it names into the bundle at `target`.
fn bundle_command(
    scenario: &dyn OpenScenario,
    path: &Path,
    target: &Path,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let text = match crate::files::read_limited(path) {
        Ok(text) => text,
        Err(message) => {
            let _ = writeln!(err, "{message}");
            return EXIT_UNREADABLE;
        }
    };
    let mut images: Vec<&str> = scenario.backdrop().map(|b| b.image.as_str()).into_iter().collect();
    images.extend(scenario.art().images().into_iter().map(|(_, image)| image));
    images.sort_unstable();
    images.dedup();
    match crate::bundle::write_bundle(path, &text, &images, target) {
        Ok(missing) => {
            for why in &missing {
                let _ = writeln!(out, "note: the bundle travels without {why}");
            }
            let _ = writeln!(out, "wrote {} ({} images)", target.display(), images.len() - missing.len());
            EXIT_OK
        }
        Err(message) => {
            let _ = writeln!(err, "{message}");
            EXIT_UNREADABLE
        }
    }
}
