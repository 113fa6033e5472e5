//! Serde for maps keyed by squares or edges, written as lists of `(key, value)` pairs, so every
//! format can hold them: JSON keys must be strings, and a square is not one.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

/// Writes the map as a list of pairs, in key order.
///
/// # Errors
/// The serialiser's own.
pub fn serialize<S: Serializer, K: Serialize, V: Serialize>(map: &BTreeMap<K, V>, out: S) -> Result<S::Ok, S::Error> {
    out.collect_seq(map)
}

/// Reads a list of pairs; a later pair with the same key wins.
///
/// # Errors
/// The deserialiser's own.
pub fn deserialize<'de, D, K, V>(input: D) -> Result<BTreeMap<K, V>, D::Error>
where
    D: Deserializer<'de>,
    K: Deserialize<'de> + Ord,
    V: Deserialize<'de>,
{
    Vec::<(K, V)>::deserialize(input).map(|pairs| pairs.into_iter().collect())
}
