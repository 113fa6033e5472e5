//! A lab run in the background for one of the Balance panel's sections (house readings, every
//! level): started on a thread, its progress and result shared with the window, tied to the
//! document revision it played.

use crate::balance::BalanceOptions;
use crate::game::Level;
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
    /// The last state read; a finished result is held here, moved out of the shared state.
    seen: Option<Progress<T>>,
}

impl<T> Default for LabJob<T> {
    fn default() -> Self {
        Self { run: None, seen: None }
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

    /// Starts `work` on a thread for `revision`; it reports (done, of) through its argument.
    pub fn start(
        &mut self,
        revision: u64,
        work: impl FnOnce(&mut dyn FnMut(usize, usize)) -> Result<T, String> + Send + 'static,
    ) {
        let shared: Shared<T> = Arc::new(Mutex::new((0, 0, None)));
        let out = Arc::clone(&shared);
        std::thread::spawn(move || {
            let progress_to = Arc::clone(&out);
            let result = work(&mut |done, of| {
                if let Ok(mut s) = progress_to.lock() {
                    (s.0, s.1) = (done, of);
                }
            });
            if let Ok(mut s) = out.lock() {
                s.2 = Some(result);
            }
        });
        self.run = Some((revision, shared));
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
