//! A lab run in the background for one of the Balance panel's sections (house readings, every
//! level): started on a thread, its progress and result shared with the window, tied to the
//! document revision it played.

use crate::balance::BalanceOptions;
use crate::game::Level;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// A run's progress: (done, of), and the result or why it failed once it ends.
type Progress<T> = (usize, usize, Option<Result<T, String>>);

/// What a run shares with the window.
type Shared<T> = Arc<Mutex<Progress<T>>>;

/// Where a section's run stands.
pub enum JobState<'a, T> {
    /// Nothing started yet.
    Idle,
    /// Under way: done of so many.
    Running(usize, usize),
    /// Finished, for this revision.
    Done(u64, &'a Result<T, String>),
}

/// A section's run and its result.
pub struct LabJob<T> {
    run: Option<(u64, Shared<T>)>,
    /// Set by Cancel; the run under way stops at its next batch and its result is dropped.
    cancel: Arc<AtomicBool>,
    /// The last state read; a finished result is held here, moved out of the shared state.
    seen: Option<Progress<T>>,
}

impl<T> Default for LabJob<T> {
    fn default() -> Self {
        Self { run: None, seen: None, cancel: Arc::new(AtomicBool::new(false)) }
    }
}

/// The options a section's run plays with: the panel's games and level, every core.
#[must_use]
pub fn options(games: usize, level: Level) -> BalanceOptions {
    BalanceOptions {
        games: games.clamp(2, 2000),
        until_clear: false,
        seed: 1,
        round_cap: 200,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        margin: 0.05,
        levels: [level; 8],
    }
}

impl<T: Send + 'static> LabJob<T> {
    /// Whether a run is under way.
    #[must_use]
    pub fn running(&self) -> bool {
        let finished = matches!(self.seen, Some((_, _, Some(_))));
        !finished && self.run.as_ref().is_some_and(|(_, s)| s.lock().is_ok_and(|s| s.2.is_none()))
    }

    /// Starts `work` on a thread for `revision`; it reports (done, of) through its argument,
    /// which answers whether to go on (not once Cancel is pressed).
    pub fn start(
        &mut self,
        revision: u64,
        work: impl FnOnce(&mut dyn FnMut(usize, usize) -> bool) -> Result<T, String> + Send + 'static,
    ) {
        let shared: Shared<T> = Arc::new(Mutex::new((0, 0, None)));
        let out = Arc::clone(&shared);
        // A run of its own: cancelling it leaves a later run to play.
        self.cancel = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&self.cancel);
        std::thread::spawn(move || {
            let progress_to = Arc::clone(&out);
            let result = work(&mut |done, of| {
                if let Ok(mut s) = progress_to.lock() {
                    (s.0, s.1) = (done, of);
                }
                !stop.load(Ordering::Relaxed)
            });
            if let Ok(mut s) = out.lock() {
                s.2 = Some(result);
            }
        });
        self.run = Some((revision, shared));
        self.seen = None;
    }

    /// Stops the run under way: it ends at its next batch, and the section is as before it
    /// began.
    pub fn cancel(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.run = None;
        self.seen = None;
    }

    /// Where the run stands now. A finished result is moved out of the shared state once and
    /// kept here, so the window does not copy it every frame.
    pub fn state(&mut self) -> JobState<'_, T> {
        let Some((played, shared)) = &self.run else { return JobState::Idle };
        let played = *played;
        if !matches!(self.seen, Some((_, _, Some(_)))) {
            self.seen = shared.lock().ok().map(|mut s| (s.0, s.1, s.2.take()));
        }
        match &self.seen {
            Some((_, _, Some(result))) => JobState::Done(played, result),
            Some((done, of, None)) => JobState::Running(*done, *of),
            None => JobState::Idle,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cancelled_run_stops_at_its_next_report_and_leaves_the_section_idle() {
        let mut job: LabJob<usize> = LabJob::default();
        let ended = Arc::new(AtomicBool::new(false));
        let seen_end = Arc::clone(&ended);
        job.start(1, move |progress| {
            let mut batches = 0;
            while progress(batches, usize::MAX) {
                batches += 1;
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            seen_end.store(true, Ordering::Relaxed);
            Ok(batches)
        });
        assert!(job.running());
        job.cancel();
        assert!(matches!(job.state(), JobState::Idle), "the section is as before the run");
        for _ in 0..2000 {
            if ended.load(Ordering::Relaxed) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        panic!("the cancelled run went on playing");
    }
}
