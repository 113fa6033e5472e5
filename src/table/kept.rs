//! Answers to pure questions kept for a game (and the balance lab's later games of the same
//! scenario): the open-table games ask the same sight, range and chance questions action after
//! action, and the answers never change while the table stands. A kept answer is the same value worked out again, so a game plays the same with or
//! without them; only its speed differs.

use std::hash::{Hash, Hasher};

/// Results of a pure function kept by their question, in a table of slots addressed by the
/// question's hash (each question has one slot; a newer question for the same slot takes it
/// over). Bounded by its slot count, it grows by doubling while more than half full, and is
/// only ever looked up by key: which answers are kept changes the speed, never an answer.
pub struct Kept<K, V> {
    slots: std::sync::Mutex<Slots<K, V>>,
    limit: usize,
}

/// The slots and how many hold an answer.
struct Slots<K, V> {
    table: Vec<Option<(K, V)>>,
    filled: usize,
}

/// What is kept is not part of a game's position: two games in the same position print alike
/// however much each has kept.
impl<K, V> std::fmt::Debug for Kept<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kept").field("limit", &self.limit).finish_non_exhaustive()
    }
}

impl<K, V> Default for Kept<K, V> {
    fn default() -> Self {
        Self::with_limit(1 << 15)
    }
}

impl<K, V> Kept<K, V> {
    /// Keeping at most `limit` results (rounded up to a power of two slots).
    #[must_use]
    pub fn with_limit(limit: usize) -> Self {
        let limit = limit.max(FIRST_SLOTS).next_power_of_two();
        Self { slots: std::sync::Mutex::new(Slots { table: Vec::new(), filled: 0 }), limit }
    }
}

/// The slots a table starts with at its first answer: a short game stays small.
const FIRST_SLOTS: usize = 64;

impl<K: Hash + Eq, V: Clone> Kept<K, V> {
    /// The answer for `key`, worked out by `make` when not kept.
    pub fn get(&self, key: K, make: impl FnOnce() -> V) -> V {
        let hash = hash_of(&key);
        if let Ok(slots) = self.slots.lock()
            && let Some(Some((kept, value))) = slots.table.get(slot_of(hash, slots.table.len()))
            && *kept == key
        {
            return value.clone();
        }
        let value = make();
        if let Ok(mut slots) = self.slots.lock() {
            slots.keep(hash, key, value.clone(), self.limit);
        }
        value
    }
}

impl<K: Hash, V> Slots<K, V> {
    /// Puts an answer in its slot, first doubling the table while it is more than half full.
    fn keep(&mut self, hash: u64, key: K, value: V, limit: usize) {
        if self.table.is_empty() || (self.filled * 2 >= self.table.len() && self.table.len() < limit) {
            let size = (self.table.len() * 2).clamp(FIRST_SLOTS, limit);
            let old = std::mem::replace(&mut self.table, std::iter::repeat_with(|| None).take(size).collect());
            self.filled = 0;
            for (k, v) in old.into_iter().flatten() {
                self.put(hash_of(&k), k, v);
            }
        }
        self.put(hash, key, value);
    }

    fn put(&mut self, hash: u64, key: K, value: V) {
        let index = slot_of(hash, self.table.len());
        if let Some(slot) = self.table.get_mut(index) {
            if slot.is_none() {
                self.filled += 1;
            }
            *slot = Some((key, value));
        }
    }
}

/// The slot of a hash in a table of `size` slots (a power of two): its top bits, the best mixed.
fn slot_of(hash: u64, size: usize) -> usize {
    if size <= 1 {
        return 0;
    }
    usize::try_from(hash >> (64 - size.trailing_zeros())).unwrap_or(0)
}

/// The question's hash by the fixed Fx hash: the same on every machine and run (it only
/// decides which answers share a slot, never an answer).
fn hash_of<K: Hash>(key: &K) -> u64 {
    let mut hasher = rustc_hash::FxHasher::default();
    key.hash(&mut hasher);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_answer_is_the_one_worked_out_whatever_was_kept_before() {
        // A small table, so questions fight over slots and the table grows and fills: 400
        // questions, three times over, each asked twice in a row.
        let kept: Kept<(i64, i64), i64> = Kept::with_limit(64);
        let answer = |(a, b): (i64, i64)| a * 1000 + b;
        let mut worked_out = 0;
        for round in 0..3 {
            for a in -20..20 {
                for b in 0..10 {
                    for _ in 0..2 {
                        let got = kept.get((a, b), || {
                            worked_out += 1;
                            answer((a, b))
                        });
                        assert_eq!(got, answer((a, b)), "round {round}, question ({a}, {b})");
                    }
                }
            }
        }
        // The second asking always finds the first one's answer; a question whose slot was
        // taken over since is worked out again.
        assert_eq!(worked_out, 1200, "each question worked out once per round, kept for its second asking");
    }

    #[test]
    fn a_kept_answer_is_not_worked_out_again() {
        let kept: Kept<&str, usize> = Kept::default();
        let mut calls = 0;
        for _ in 0..5 {
            assert_eq!(
                kept.get("range", || {
                    calls += 1;
                    42
                }),
                42
            );
        }
        assert_eq!(calls, 1);
    }
}
