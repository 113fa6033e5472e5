//! Things each lab game borrows one of while it plays and gives back for the next: the setups
//! (or scenes) whose kept answers later games share. Each game playing at once has its own, so
//! no two threads wait on each other for every answer kept, and there are never more of them
//! than games played at once.

use std::sync::Mutex;

/// A pool of things, each lent to one game at a time.
pub struct Lending<T>(Mutex<Vec<T>>);

impl<T> Default for Lending<T> {
    fn default() -> Self {
        Self(Mutex::new(Vec::new()))
    }
}

impl<T> Lending<T> {
    /// `play` with a thing borrowed from the pool, or made by `make` when none is free, given
    /// back afterwards for the next game (a game that panics keeps it: a later one makes
    /// another).
    ///
    /// # Errors
    /// What `make` or `play` gives.
    pub fn lend<R, E>(
        &self,
        make: impl FnOnce() -> Result<T, E>,
        play: impl FnOnce(&T) -> Result<R, E>,
    ) -> Result<R, E> {
        let free = self.0.lock().ok().and_then(|mut free| free.pop());
        let thing = match free {
            Some(thing) => thing,
            None => make()?,
        };
        let played = play(&thing);
        if let Ok(mut free) = self.0.lock() {
            free.push(thing);
        }
        played
    }

    /// Lets go of every thing free now (one lent out is still given back).
    pub fn clear(&self) {
        if let Ok(mut free) = self.0.lock() {
            free.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thing_given_back_is_lent_again_and_one_is_made_only_when_none_is_free() {
        let pool = Lending::default();
        let made = std::cell::Cell::new(0);
        let make = || {
            made.set(made.get() + 1);
            Ok::<_, ()>(made.get())
        };
        // Lent inside another lending, a second is made; both come back for later games.
        let outer = pool.lend(make, |&a| pool.lend(make, |&b| Ok((a, b))));
        assert_eq!(outer, Ok((1, 2)));
        // The outer one was given back last, so it is lent first; no third is made.
        assert_eq!(pool.lend(make, |&c| Ok(c)), Ok(1));
        assert_eq!(pool.lend(make, |&c| pool.lend(make, |&d| Ok((c, d)))), Ok((1, 2)));
        assert_eq!(made.get(), 2);
        pool.clear();
        assert_eq!(pool.lend(make, |&d| Ok(d)), Ok(3), "after a clear, one is made again");
        assert_eq!(pool.lend(|| Err("no"), |&e| Ok(e)), Ok(3));
    }
}
