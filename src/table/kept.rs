//! Answers to pure questions kept for a game: the open-table games ask the same sight, range
//! and chance questions action after action, and the answers never change while the table
//! stands. A kept answer is the same value worked out again, so a game plays the same with or
//! without them; only its speed differs.

/// Results of a pure function kept by their question. Bounded: emptied when full; an ordered
/// map, looked up by key only.
pub struct Kept<K, V> {
    kept: std::sync::Mutex<std::collections::BTreeMap<K, V>>,
    limit: usize,
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
    /// Keeping at most `limit` results.
    #[must_use]
    pub fn with_limit(limit: usize) -> Self {
        Self { kept: std::sync::Mutex::new(std::collections::BTreeMap::new()), limit }
    }
}

impl<K: Ord, V: Clone> Kept<K, V> {
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
