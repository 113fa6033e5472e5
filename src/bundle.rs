//! A scenario and its art as one bundle: a zip holding the scenario file at its root and every
//! image it names at its own relative path (`assets/board.png`), so a designer's work travels
//! to another machine whole. Reading one is bounded (the bundle's size, its entries' count and
//! their unpacked sizes, checked as they are read, not as their headers claim), and no entry
//! may leave the bundle: an absolute path, a `..` step or a link is refused with its name.

use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};

/// The largest bundle read, in bytes.
pub const MAX_BUNDLE_BYTES: usize = 256 * 1024 * 1024;
/// The most entries a bundle may hold.
pub const MAX_ENTRIES: usize = 1000;
/// The most one entry may unpack to, in bytes (an image is read up to 32 MB, a scenario up to
/// 8 MB).
pub const MAX_ENTRY_BYTES: u64 = 48 * 1024 * 1024;
/// The most a whole bundle may unpack to, in bytes.
pub const MAX_UNPACKED_BYTES: u64 = 512 * 1024 * 1024;

/// Whether `path` names a bundle (by its extension).
#[must_use]
pub fn is_bundle(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("zip"))
}

/// Writes the scenario saved at `scenario` (its file's `text` as it stands) and each of
/// `images` (paths relative to its folder) into the bundle at `out`, atomically; gives the
/// images that could not be read, with why, which the bundle travels without.
///
/// # Errors
/// An image path that leaves the folder, or the bundle cannot be written.
pub fn write_bundle(scenario: &Path, text: &str, images: &[&str], out: &Path) -> Result<Vec<String>, String> {
    let folder = scenario.parent().unwrap_or(Path::new("."));
    let name = scenario.file_name().map_or_else(|| "scenario.ron".into(), |n| n.to_string_lossy().into_owned());
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let failed = |e: zip::result::ZipError| format!("the bundle could not be written: {e}");
    zip.start_file(name.as_str(), options).map_err(failed)?;
    zip.write_all(text.as_bytes()).map_err(|e| format!("the bundle could not be written: {e}"))?;
    let mut missing = Vec::new();
    let mut written = std::collections::BTreeSet::new();
    for &image in images {
        crate::art::check_relative(image)?;
        if !written.insert(image) {
            continue;
        }
        match crate::files::read_bytes_bounded(&folder.join(image), crate::art::MAX_IMAGE_BYTES, "an image") {
            Ok(bytes) => {
                // Images are compressed already: stored as they are.
                let stored = options.compression_method(zip::CompressionMethod::Stored);
                zip.start_file(image, stored).map_err(failed)?;
                zip.write_all(&bytes).map_err(|e| format!("the bundle could not be written: {e}"))?;
            }
            Err(why) => missing.push(format!("{image}: {why}")),
        }
    }
    let bytes = zip.finish().map_err(failed)?.into_inner();
    crate::files::write_atomic(out, &bytes)?;
    Ok(missing)
}

/// Unpacks the bundle at `bundle` into the folder `into` (made if missing) and gives the
/// path of the scenario at its root.
///
/// # Errors
/// What is wrong and where: the file cannot be read or is no zip, an entry leaves the bundle,
/// is a link, or unpacks past the limits, the bundle holds no scenario or more than one at its
/// root, or a file cannot be written.
pub fn unpack_bundle(bundle: &Path, into: &Path) -> Result<PathBuf, String> {
    let shown = bundle.display();
    let bytes = crate::files::read_bytes_bounded(bundle, MAX_BUNDLE_BYTES, "a bundle")?;
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes))
        .map_err(|e| format!("{shown} is not a bundle the studio reads (a zip of a scenario and its art): {e}"))?;
    if archive.len() > MAX_ENTRIES {
        return Err(format!("{shown} holds {} entries, more than the {MAX_ENTRIES} a bundle may", archive.len()));
    }
    let mut scenarios = Vec::new();
    let mut unpacked = 0u64;
    for index in 0..archive.len() {
        let mut entry = archive.by_index(index).map_err(|e| format!("{shown}: entry {}: {e}", index + 1))?;
        let name = entry
            .name()
            .map_err(|e| format!("{shown}: entry {} has a name the studio cannot read: {e}", index + 1))?
            .into_owned();
        if entry.is_symlink() {
            return Err(format!("{shown}: the entry '{name}' is a link, which a bundle may not hold"));
        }
        let Some(relative) = entry.enclosed_name().filter(|_| crate::art::check_relative(&name).is_ok()) else {
            return Err(format!("{shown}: the entry '{name}' leaves the bundle (an absolute path or a '..' step)"));
        };
        if entry.is_dir() {
            continue;
        }
        let mut content = Vec::new();
        let read = entry
            .by_ref()
            .take(MAX_ENTRY_BYTES + 1)
            .read_to_end(&mut content)
            .map_err(|e| format!("{shown}: the entry '{name}' is damaged: {e}"))?;
        if read as u64 > MAX_ENTRY_BYTES {
            return Err(format!(
                "{shown}: the entry '{name}' unpacks to more than {} MB, more than any scenario or image may be",
                MAX_ENTRY_BYTES / 1_048_576
            ));
        }
        unpacked += read as u64;
        if unpacked > MAX_UNPACKED_BYTES {
            return Err(format!("{shown} unpacks to more than {} MB", MAX_UNPACKED_BYTES / 1_048_576));
        }
        let target = into.join(&relative);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| crate::files::io_words(parent, &e, true))?;
        }
        crate::files::write_atomic(&target, &content)?;
        let at_root = relative.components().count() == 1;
        if at_root && relative.extension().is_some_and(|e| e == "ron") {
            scenarios.push(target);
        }
    }
    match scenarios.len() {
        1 => Ok(scenarios.remove(0)),
        0 => Err(format!("{shown} holds no scenario file (a .ron file at its root)")),
        n => Err(format!("{shown} holds {n} scenario files at its root; a bundle holds one")),
    }
}

/// A folder of its own for unpacking `bundle` to read it (`validate`, `export`): under the
/// system's temporary folder, named after the bundle and this process, emptied first.
///
/// # Errors
/// The folder cannot be made.
pub fn scratch_folder(bundle: &Path) -> Result<PathBuf, String> {
    let stem = bundle.file_stem().map_or_else(|| "bundle".into(), |s| s.to_string_lossy().into_owned());
    let folder = std::env::temp_dir().join(format!("skirmish-bundle-{}-{stem}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).map_err(|e| crate::files::io_words(&folder, &e, true))?;
    Ok(folder)
}

/// A new folder beside `bundle` to open it in for editing, named after it (`Map` for
/// `Map.zip`, `Map-2` where that is taken), so what the designer saves is kept beside the
/// bundle and not lost in a temporary folder.
#[must_use]
pub fn folder_beside(bundle: &Path) -> PathBuf {
    let parent = bundle.parent().unwrap_or(Path::new("."));
    let stem = bundle.file_stem().map_or_else(|| "bundle".into(), |s| s.to_string_lossy().into_owned());
    (1..)
        .map(|n| if n == 1 { parent.join(&stem) } else { parent.join(format!("{stem}-{n}")) })
        .find(|candidate| !candidate.exists())
        .unwrap_or_else(|| parent.join(format!("{stem}-unpacked")))
}

/// The scenario to read for `path`: `path` itself, or, for a bundle, the scenario unpacked
/// from it into a scratch folder.
///
/// # Errors
/// As [`unpack_bundle`].
pub fn scenario_to_read(path: &Path) -> Result<PathBuf, String> {
    if !is_bundle(path) {
        return Ok(path.to_path_buf());
    }
    unpack_bundle(path, &scratch_folder(path)?)
}
