//! Answers to pure questions kept for a game: the open-table games ask the same sight, range
//! and chance questions action after action, and the answers never change while the table
//! stands. A kept answer is the same value worked out again, so a game plays the same with or
//! without them; only its speed differs.

/// Results of a pure function kept by their question. Bounded: emptied when full; looked up by
/// key only, so no hash order reaches a result.
#[derive(Debug)]
pub struct Kept<K, V> {
    kept: std::sync::Mutex<rustc_hash::FxHashMap<K, V>>,
    limit: usize,
}

impl<K, V> Default for Kept<K, V> {
    fn default() -> Self {
        Self::with_limit(1 << 15)
    }
}

impl<K, V> Kept<K, V> {
    /// Keeping at most `limit` results.
    #[must_use]
    pub fn with_limit(limit: usize) -> Self {
        Self { kept: std::sync::Mutex::new(rustc_hash::FxHashMap::default()), limit }
    }
}

impl<K: std::hash::Hash + Eq, V: Clone> Kept<K, V> {
    /// The answer for `key`, worked out by `make` when not kept.
    pub fn get(&self, key: K, make: impl FnOnce() -> V) -> V {
        if let Ok(kept) = self.kept.lock()
            && let Some(value) = kept.get(&key)
        {
            return value.clone();
        }
        let value = make();
        if let Ok(mut kept) = self.kept.lock() {
            if kept.len() >= self.limit {
                kept.clear();
            }
            kept.insert(key, value.clone());
        }
        value
    }
}
