//! Findings kept up to date while the user edits, without making a frame wait: a cheap
//! validation runs within the frame (at most every 100 ms during a drag); a costly one runs on
//! a worker thread over a snapshot, and its findings arrive a few frames later. Every game's
//! desk keeps its findings this way.

use egui::Context;
use std::sync::mpsc::Receiver;

/// A validation dearer than this (seconds) moves to a worker thread next time.
const INLINE_SECONDS: f64 = 0.004;
/// During a drag, an inline validation runs at most this often (seconds).
const DRAG_SECONDS: f64 = 0.1;

/// Where a worker thread's findings, and the seconds they took, arrive.
type Arriving<F> = Receiver<(Vec<F>, f64)>;

/// The latest findings of a document and the revision they belong to.
pub struct LiveFindings<F> {
    /// The findings.
    pub list: Vec<F>,
    /// The document revision they belong to (`None` before the first validation).
    pub revision: Option<u64>,
    /// When validation last ran and how long it took (seconds).
    clock: (f64, f64),
    /// A validation on a worker thread: the revision it checks and where its findings arrive.
    job: Option<(u64, Arriving<F>)>,
}

impl<F> Default for LiveFindings<F> {
    fn default() -> Self {
        Self { list: Vec::new(), revision: None, clock: (f64::NEG_INFINITY, 0.0), job: None }
    }
}

impl<F: Send + 'static> LiveFindings<F> {
    /// Brings the findings up to `revision`. `snapshot` is asked only when a validation is due:
    /// it returns the validation to run, owning what it needs (the scenario and ruleset), so it
    /// can run here or on a worker thread.
    pub fn refresh<J>(&mut self, ctx: &Context, now: f64, revision: u64, dragging: bool, snapshot: impl FnOnce() -> J)
    where
        J: FnOnce() -> Vec<F> + Send + 'static,
    {
        if let Some((checked, receiver)) = &self.job
            && let Ok((list, took)) = receiver.try_recv()
        {
            self.list = list;
            self.revision = Some(*checked);
            self.clock = (now, took);
            self.job = None;
        }
        if self.revision == Some(revision) || self.job.is_some() {
            return;
        }
        let (last, took) = self.clock;
        if took < INLINE_SECONDS && dragging && now - last < DRAG_SECONDS {
            return;
        }
        let validation = snapshot();
        if took < INLINE_SECONDS {
            let started = std::time::Instant::now();
            self.list = validation();
            self.revision = Some(revision);
            self.clock = (now, started.elapsed().as_secs_f64());
            return;
        }
        let (sender, receiver) = std::sync::mpsc::channel();
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let started = std::time::Instant::now();
            let list = validation();
            let _ = sender.send((list, started.elapsed().as_secs_f64()));
            ctx.request_repaint();
        });
        self.job = Some((revision, receiver));
    }

    /// Puts findings worked out elsewhere in place for `revision` (a playtest checks before it
    /// starts).
    pub fn set(&mut self, revision: u64, list: Vec<F>) {
        self.list = list;
        self.revision = Some(revision);
    }
}

/// Something worked out from a document, kept until the document changes.
pub struct PerRevision<T>(Option<(u64, T)>);

impl<T> Default for PerRevision<T> {
    fn default() -> Self {
        Self(None)
    }
}

impl<T> PerRevision<T> {
    /// The value for `revision`, worked out by `compute` when the kept one is older.
    pub fn get(&mut self, revision: u64, compute: impl FnOnce() -> T) -> &T {
        if self.0.as_ref().is_some_and(|(r, _)| *r != revision) {
            self.0 = None;
        }
        &self.0.get_or_insert_with(|| (revision, compute())).1
    }

    /// The value last worked out, whatever its revision (for drawing, which must not wait).
    #[must_use]
    pub fn kept(&self) -> Option<&T> {
        self.0.as_ref().map(|(_, value)| value)
    }
}
