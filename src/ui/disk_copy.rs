//! The open file as it stood on disk when the studio last read or wrote it, so the studio
//! notices when another program (a text editor, a sync client, a second studio window) changes
//! it, and a save never silently writes over that program's work. Also the comparison the
//! prompt offers: the lines where the window's version and the file on disk differ.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// What the studio last read from or wrote to the open file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiskCopy {
    /// The file.
    pub path: PathBuf,
    /// Its length and time of change then: a cheap look tells whether to read it again.
    stamp: Option<(u64, SystemTime)>,
    /// A digest of its bytes then: a file touched but not changed is no change.
    digest: u64,
    /// It was not there then (the person kept the window's version of a deleted file).
    gone: bool,
}

/// How the file on disk differs from what the studio last read or wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiskChange {
    /// Another program wrote this text to it.
    Changed(String),
    /// It is gone: deleted or moved away.
    Removed,
}

fn digest(bytes: &[u8]) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}

fn stamp(path: &Path) -> Option<(u64, SystemTime)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.len(), meta.modified().ok()?))
}

impl DiskCopy {
    /// The file at `path` as the studio has just read or written it: `bytes`.
    #[must_use]
    pub fn of(path: &Path, bytes: &[u8]) -> Self {
        Self { path: path.to_path_buf(), stamp: stamp(path), digest: digest(bytes), gone: !path.exists() }
    }

    /// Whether another program changed the file since: `None` when it is as the studio left
    /// it (its time of change may have moved while its bytes did not).
    ///
    /// # Errors
    /// The file is there but cannot be read, with its path.
    pub fn check(&mut self) -> Result<Option<DiskChange>, String> {
        if !self.path.exists() {
            return Ok((!self.gone).then_some(DiskChange::Removed));
        }
        let now = stamp(&self.path);
        if now.is_some() && now == self.stamp {
            return Ok(None);
        }
        let text = crate::files::read_limited(&self.path)?;
        if digest(text.as_bytes()) == self.digest && !self.gone {
            self.stamp = now;
            return Ok(None);
        }
        Ok(Some(DiskChange::Changed(text)))
    }

    /// Takes the file as it now stands for the studio's own: the person chose to keep the
    /// window's version, so the next save writes over the other program's change.
    pub fn accept(&mut self, change: &DiskChange) {
        let bytes = match change {
            DiskChange::Changed(text) => text.as_bytes(),
            DiskChange::Removed => &[],
        };
        *self = Self::of(&self.path.clone(), bytes);
    }
}

/// One line of a comparison: where it is, and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DifferingLine {
    /// Its line number (from 1) in its own version.
    pub line: usize,
    /// The line.
    pub text: String,
}

/// The lines only one version has: the window's and the file's, each with its line number, by
/// the longest run of lines the two share in order (a line diff). Past a size where that costs
/// too much, the part between the lines both share at the start and at the end.
#[must_use]
pub fn differing_lines(here: &str, on_disk: &str) -> (Vec<DifferingLine>, Vec<DifferingLine>) {
    const MOST_CELLS: usize = 4_000_000;
    let (a, b): (Vec<&str>, Vec<&str>) = (here.lines().collect(), on_disk.lines().collect());
    let same_start = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let rest = a.len().min(b.len()) - same_start;
    let same_end = a.iter().rev().zip(b.iter().rev()).take(rest).take_while(|(x, y)| x == y).count();
    let (mid_a, mid_b) = (&a[same_start..a.len() - same_end], &b[same_start..b.len() - same_end]);
    let line = |at: usize, text: &str| DifferingLine { line: same_start + at + 1, text: text.to_owned() };
    if mid_a.len().saturating_mul(mid_b.len()) > MOST_CELLS {
        let all = |lines: &[&str]| lines.iter().enumerate().map(|(i, t)| line(i, t)).collect();
        return (all(mid_a), all(mid_b));
    }
    // Longest common subsequence, filled from the end so the walk goes forward.
    let width = mid_b.len() + 1;
    let mut common = vec![0u32; (mid_a.len() + 1) * width];
    for i in (0..mid_a.len()).rev() {
        for j in (0..mid_b.len()).rev() {
            common[i * width + j] = if mid_a[i] == mid_b[j] {
                common[(i + 1) * width + j + 1] + 1
            } else {
                common[(i + 1) * width + j].max(common[i * width + j + 1])
            };
        }
    }
    let (mut only_here, mut only_there) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < mid_a.len() || j < mid_b.len() {
        if i < mid_a.len() && j < mid_b.len() && mid_a[i] == mid_b[j] {
            (i, j) = (i + 1, j + 1);
        } else if j == mid_b.len() || (i < mid_a.len() && common[(i + 1) * width + j] >= common[i * width + j + 1]) {
            only_here.push(line(i, mid_a[i]));
            i += 1;
        } else {
            only_there.push(line(j, mid_b[j]));
            j += 1;
        }
    }
    (only_here, only_there)
}

#[cfg(test)]
mod tests {
    use super::{DiskChange, DiskCopy, differing_lines};

    #[test]
    fn parity_a_change_by_another_program_is_seen_a_touch_is_not_and_keeping_mine_accepts_it() {
        let dir = std::env::temp_dir().join(format!("disk-copy-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.ron");
        std::fs::write(&path, "one\ntwo\n").unwrap();
        let mut copy = DiskCopy::of(&path, b"one\ntwo\n");
        assert_eq!(copy.check(), Ok(None));
        // The same bytes written again: no change.
        std::fs::write(&path, "one\ntwo\n").unwrap();
        assert_eq!(copy.check(), Ok(None));
        std::fs::write(&path, "one\nthree\n").unwrap();
        let change = copy.check().unwrap().expect("the other program's change is seen");
        assert_eq!(change, DiskChange::Changed("one\nthree\n".into()));
        copy.accept(&change);
        assert_eq!(copy.check(), Ok(None), "kept: the studio takes the file as it stands");
        std::fs::remove_file(&path).unwrap();
        assert_eq!(copy.check(), Ok(Some(DiskChange::Removed)));
        copy.accept(&DiskChange::Removed);
        assert_eq!(copy.check(), Ok(None), "kept after a deletion: the file's absence is known");
        std::fs::write(&path, "").unwrap();
        assert_eq!(copy.check(), Ok(Some(DiskChange::Changed(String::new()))), "and a file made there anew is seen");
    }

    #[test]
    fn parity_the_comparison_gives_the_lines_between_what_both_versions_share_at_each_end() {
        let (here, there) = differing_lines("a\nb\nc\nd\n", "a\nx\ny\nd\n");
        assert_eq!(here.iter().map(|l| (l.line, l.text.as_str())).collect::<Vec<_>>(), [(2, "b"), (3, "c")]);
        assert_eq!(there.iter().map(|l| (l.line, l.text.as_str())).collect::<Vec<_>>(), [(2, "x"), (3, "y")]);
        let (added_here, none) = differing_lines("a\nb\n", "a\n");
        assert_eq!((added_here.len(), none.len()), (1, 0));
        assert_eq!(differing_lines("same\n", "same\n"), (vec![], vec![]));
        // Two changes far apart: only the changed lines, not everything between them.
        let (here, there) = differing_lines("v3\na\nb\nc\nname: mine\n", "v2\na\nb\nc\nname: theirs\n");
        assert_eq!(here.iter().map(|l| (l.line, l.text.as_str())).collect::<Vec<_>>(), [(1, "v3"), (5, "name: mine")]);
        assert_eq!(
            there.iter().map(|l| (l.line, l.text.as_str())).collect::<Vec<_>>(),
            [(1, "v2"), (5, "name: theirs")]
        );
    }
}
