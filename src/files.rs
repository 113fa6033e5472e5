//! File helpers every part of the studio shares: bounded reading, atomic writing, the error a
//! document file gives (with its line and column), the RON reading options, and the nearest
//! valid names for a misspelt one. Used by the window and the command line alike.

use serde::Serialize;
use std::fmt;
use std::path::Path;

/// The largest document file read, in bytes: a 200 x 200 board with thousands of units fits
/// many times over.
pub const MAX_FILE_BYTES: usize = 8 * 1024 * 1024;

/// Why a document file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileError {
    /// The line, from 1, when known.
    pub line: Option<usize>,
    /// The column, from 1, when known.
    pub column: Option<usize>,
    /// What was wrong and, where it helps, what was expected.
    pub message: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => write!(f, "line {line}, column {column}: {}", self.message),
            (Some(line), None) => write!(f, "line {line}: {}", self.message),
            _ => write!(f, "{}", self.message),
        }
    }
}

impl std::error::Error for FileError {}

impl FileError {
    /// An error placed at the first occurrence of `needle` in `text`.
    #[must_use]
    pub fn at_text(text: &str, needle: &str, message: String) -> Self {
        let (line, column) = locate(text, needle).map_or((None, None), |(l, c)| (Some(l), Some(c)));
        Self { line, column, message }
    }

    /// An error without a place.
    #[must_use]
    pub fn plain(message: String) -> Self {
        Self { line: None, column: None, message }
    }

    /// A RON syntax or shape error in `text`, with its line and column. Where the reader
    /// stopped at the very end of the text, the file is said to end early: a file cut short
    /// (a copy or a sync that stopped) otherwise reads as a missing comma.
    #[must_use]
    pub fn ron(error: &ron::error::SpannedError, text: &str, format_doc: &str) -> Self {
        let (line, column) = (error.span.start.line, error.span.start.col);
        let message = ron_message(&error.code);
        // A string left open runs to the end of the file (its quotes do not pair up): the
        // reader stops where it began, but the file ended first.
        let open_string = matches!(error.code, ron::Error::ExpectedStringEnd) && text.matches('"').count() % 2 == 1;
        let message = if matches!(error.code, ron::Error::Eof) || open_string || at_end(text, line, column) {
            format!("the file ends before the scenario does (was it cut short?); the reader stopped at: {message}")
        } else {
            message
        };
        Self {
            line: Some(line),
            column: Some(column),
            message: format!("{message} (the format is described in {format_doc})"),
        }
    }
}

/// Whether a place (1-based line and column, in characters) is at or past the last character of
/// `text` that is not white space.
fn at_end(text: &str, line: usize, column: usize) -> bool {
    let kept = text.trim_end();
    let last_line = kept.lines().count().max(1);
    let last_column = kept.lines().last().map_or(0, |l| l.chars().count());
    line > last_line || (line == last_line && column >= last_column)
}

/// A RON error for a person: an unknown field or value is named with the nearest known names
/// ("unknown field `foilage` in the readings; did you mean `foliage`?"), and the reader's own
/// type names (`PieceFile`) read as words ("a piece").
#[must_use]
pub fn ron_message(error: &ron::Error) -> String {
    let within =
        |outer: &Option<String>| outer.as_deref().map_or_else(String::new, |o| format!(" in {}", type_words(o)));
    let suggest = |found: &str, expected: &[&str]| {
        let near = nearest_names(found, expected.iter().copied());
        match near.first() {
            Some(best) => format!("; did you mean `{best}`? (it takes {})", quoted(expected)),
            None => " (it takes none)".to_owned(),
        }
    };
    match error {
        ron::Error::NoSuchStructField { expected, found, outer } => {
            format!("unknown field `{found}`{}{}", within(outer), suggest(found, expected))
        }
        ron::Error::NoSuchEnumVariant { expected, found, outer } => {
            format!("unknown value `{found}`{}{}", within(outer), suggest(found, expected))
        }
        ron::Error::MissingStructField { field, outer } => format!("the field `{field}` is missing{}", within(outer)),
        ron::Error::DuplicateStructField { field, outer } => {
            format!("the field `{field}` is given twice{}", within(outer))
        }
        other => other.to_string(),
    }
}

/// Names as a list a person reads: "`a`, `b` or `c`".
fn quoted(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => format!("`{one}`"),
        [rest @ .., last] => {
            format!("{} or `{last}`", rest.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", "))
        }
    }
}

/// A reader's type name as words: `PieceFile` reads "a piece", `Readings` "the readings".
fn type_words(name: &str) -> String {
    let mut words = String::new();
    for c in name.strip_suffix("File").unwrap_or(name).chars() {
        if c.is_uppercase() && !words.is_empty() {
            words.push(' ');
        }
        words.extend(c.to_lowercase());
    }
    if name.ends_with("File") { format!("a {words}") } else { format!("the {words}") }
}

/// Line and column (from 1) of the first occurrence of `needle`.
fn locate(text: &str, needle: &str) -> Option<(usize, usize)> {
    let offset = text.find(needle)?;
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Some((line, column))
}

/// How document files are read: `hp: 5` and `hp: Some(5)` both read as a present value.
#[must_use]
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// The valid name a misspelt one most likely meant: the nearest, when what differs after the
/// part they share is a slip of a few letters (at most two, or a third of the rest) rather than
/// another word (`reading.foilage` is not `reading.charge`).
#[must_use]
pub fn close_name<'a>(wrong: &str, valid: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    valid
        .filter_map(|name| {
            let shared = wrong.chars().zip(name.chars()).take_while(|(a, b)| a == b).count();
            let (rest, other): (String, String) =
                (wrong.chars().skip(shared).collect(), name.chars().skip(shared).collect());
            let distance = edit_distance(&rest, &other);
            (distance <= (rest.chars().count().max(other.chars().count()) / 3).max(2)).then_some((distance, name))
        })
        .min()
        .map(|(_, name)| name)
}

/// Up to three valid names nearest to a misspelt one, nearest first.
#[must_use]
pub fn nearest_names<'a>(wrong: &str, valid: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut scored: Vec<(usize, &str)> = valid.map(|name| (edit_distance(wrong, name), name)).collect();
    scored.sort();
    scored.into_iter().take(3).map(|(_, name)| name.to_owned()).collect()
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().take(64).collect();
    let b: Vec<char> = b.to_lowercase().chars().take(64).collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut current = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}

/// Reads a text file of at most [`MAX_FILE_BYTES`]: the one reader every input goes through
/// (scenario, ruleset, script, saved game, squad, foreign map; window and command line).
///
/// # Errors
/// A message naming the file and what went wrong.
pub fn read_limited(path: &Path) -> Result<String, String> {
    read_bounded(path, MAX_FILE_BYTES)
}

/// Reads a text file of at most `limit` bytes. It refuses, naming the file, what is not a
/// regular file before opening it (a folder, a pipe that would block, a device such as
/// `/dev/zero` that never ends), a file over the limit (reading at most the limit and one byte,
/// so a file that grows while it is read is refused too), and text that is not UTF-8 (with the
/// byte where it stops being so). A leading byte-order mark is skipped: editors on Windows
/// write one, and it is not part of the document.
///
/// # Errors
/// A message naming the file and what went wrong.
pub fn read_bounded(path: &Path, limit: usize) -> Result<String, String> {
    let shown = path.display();
    let bytes = read_bytes_bounded(path, limit, "a document")?;
    let text = String::from_utf8(bytes).map_err(|e| {
        format!("{shown}: is not UTF-8 text (byte {} is not part of a UTF-8 character)", e.utf8_error().valid_up_to())
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_owned(),
        None => text,
    })
}

/// Reads the bytes of a file of at most `limit` bytes, refusing as [`read_bounded`] does what
/// is not a regular file and what is over the limit; `what` names the kind of file in the
/// refusal ("a document", "an image").
///
/// # Errors
/// A message naming the file and what went wrong.
pub fn read_bytes_bounded(path: &Path, limit: usize, what: &str) -> Result<Vec<u8>, String> {
    use std::io::Read as _;
    let shown = path.display();
    let metadata = std::fs::metadata(path).map_err(|e| io_words(path, &e, false))?;
    if metadata.is_dir() {
        return Err(format!("{shown}: is a folder, not a file"));
    }
    if !metadata.is_file() {
        return Err(format!(
            "{shown}: is not a regular file (a pipe, a device or a socket); give the path of a file saved on disk"
        ));
    }
    if metadata.len() > limit as u64 {
        return Err(format!("{shown}: {} bytes is more than the {limit} {what} may have", metadata.len()));
    }
    let file = std::fs::File::open(path).map_err(|e| io_words(path, &e, false))?;
    let mut bytes = Vec::with_capacity(usize::try_from(metadata.len()).unwrap_or(0).min(limit));
    file.take(limit as u64 + 1).read_to_end(&mut bytes).map_err(|e| io_words(path, &e, false))?;
    if bytes.len() > limit {
        return Err(format!("{shown}: more than the {limit} bytes {what} may have"));
    }
    Ok(bytes)
}

/// What went wrong with a file, in words a user reads: what is missing or refused, never an
/// OS error number. `writing` tells a missing folder (a save) from a missing file (a read).
#[must_use]
pub fn io_words(path: &Path, error: &std::io::Error, writing: bool) -> String {
    use std::io::ErrorKind;
    let shown = path.display();
    let folder =
        path.parent().filter(|p| !p.as_os_str().is_empty()).map_or_else(|| ".".into(), |p| p.display().to_string());
    match error.kind() {
        ErrorKind::NotFound if writing => {
            format!("{shown}: the folder {folder} does not exist; choose or make one that does")
        }
        ErrorKind::NotFound => format!("{shown}: there is no such file"),
        ErrorKind::PermissionDenied if writing => format!("{shown}: the studio may not write in {folder}"),
        ErrorKind::PermissionDenied => format!("{shown}: the studio may not read this file"),
        ErrorKind::IsADirectory => format!("{shown}: is a folder, not a file"),
        ErrorKind::StorageFull => format!("{shown}: the disk is full"),
        ErrorKind::ReadOnlyFilesystem => format!("{shown}: the disk is read-only"),
        _ => {
            let said = error.to_string();
            let words = said.split(" (os error").next().unwrap_or(&said);
            format!("{shown}: {words}")
        }
    }
}

/// Writes a file atomically: to a temporary file beside it, then renamed over it, so a crash
/// never leaves half a file. Refuses to write nothing, so a failed serialisation can never
/// replace a document with an empty file.
///
/// # Errors
/// A message naming the file and what went wrong.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if bytes.is_empty() {
        return Err(format!("{}: nothing to write (the document could not be written out)", path.display()));
    }
    let name = path.file_name().map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let temporary = path.with_file_name(format!(".{name}.tmp{}", std::process::id()));
    let result = std::fs::write(&temporary, bytes).and_then(|()| std::fs::rename(&temporary, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    result.map_err(|e| io_words(path, &e, true))
}
