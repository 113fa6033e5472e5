//! Units' names for people, the same in every game: two units are never written alike, so a
//! name that a side's roster repeats is numbered in the roster's order ("Trooper 1",
//! "Trooper 2"), and a name it holds once stays as it is.

/// The name each unit goes by, from each unit's side and its own name, in the roster's order:
/// where a side has two or more units of one name, each is numbered among them (1, 2, ...),
/// skipping a number whose name another unit of the side already bears, so no two units of a
/// side read alike. A roster that never shrinks (units taken out stay in it) gives each unit
/// one name for the whole game.
#[must_use]
pub fn distinct_names(roster: &[(u8, &str)]) -> Vec<String> {
    let repeated = |side: u8, name: &str| roster.iter().filter(|&&(s, n)| s == side && n == name).count() > 1;
    // The names lone units bear as they are, and those given out so far, per side.
    let mut taken: std::collections::BTreeSet<(u8, String)> = roster
        .iter()
        .filter(|&&(side, name)| !repeated(side, name))
        .map(|&(side, name)| (side, name.to_owned()))
        .collect();
    let mut last: std::collections::BTreeMap<(u8, &str), usize> = std::collections::BTreeMap::new();
    roster
        .iter()
        .map(|&(side, name)| {
            if !repeated(side, name) {
                return name.to_owned();
            }
            let number = last.entry((side, name)).or_insert(0);
            let numbered = loop {
                *number += 1;
                let candidate = format!("{name} {number}");
                if !taken.contains(&(side, candidate.clone())) {
                    break candidate;
                }
            };
            taken.insert((side, numbered.clone()));
            numbered
        })
        .collect()
}

/// A short mark per name for a counter too small for the name, told apart among `names` (one
/// side's, already distinct): the initial of the name's first word that is not an article, its
/// number where the name ends in one ("Raider 2": "R2"), and more of the word's letters where
/// two marks would otherwise read alike ("Stalker", "Sniper": "St", "Sn").
#[must_use]
pub fn counter_marks(names: &[String]) -> Vec<String> {
    let parts = |name: &str| -> (Vec<char>, String) {
        let words: Vec<&str> = name.split_whitespace().collect();
        let number = words.last().filter(|w| w.chars().all(|c| c.is_ascii_digit())).map_or("", |w| w);
        let body = words
            .iter()
            .take(words.len() - usize::from(!number.is_empty()))
            .find(|w| !matches!(w.to_lowercase().as_str(), "the" | "a" | "an"))
            .or(words.first())
            .map_or_else(Vec::new, |w| w.chars().collect());
        (body, number.to_owned())
    };
    let split: Vec<(Vec<char>, String)> = names.iter().map(|n| parts(n)).collect();
    let mark = |(body, number): &(Vec<char>, String), letters: usize| -> String {
        let mut out: String = body.iter().take(letters.max(1)).collect();
        if let Some(first) = out.chars().next() {
            out.replace_range(..first.len_utf8(), &first.to_uppercase().collect::<String>());
        }
        out + number
    };
    // Each mark grows a letter at a time until no other name's mark of that length matches it.
    split
        .iter()
        .enumerate()
        .map(|(i, own)| {
            let longest = own.0.len().max(1);
            (1..=longest)
                .map(|letters| mark(own, letters))
                .find(|candidate| {
                    split
                        .iter()
                        .enumerate()
                        .all(|(j, other)| j == i || (1..=other.0.len().max(1)).all(|l| mark(other, l) != *candidate))
                })
                .unwrap_or_else(|| mark(own, longest))
        })
        .collect()
}

/// Whether a seat's name is a plural ("Allies", "1st Legionaries"), whose verbs English writes
/// without an s ("the Allies win"): it ends in an s, but not as "Axis", "Corps" or "Class" do.
#[must_use]
pub fn is_plural(name: &str) -> bool {
    let lower = name.trim().to_lowercase();
    lower.ends_with('s') && !["ss", "is", "us", "corps", "os"].iter().any(|end| lower.ends_with(end))
}

/// The verbs the games write after a seat, as a singular and a plural seat take them.
pub const VERBS_BY_NUMBER: [(&str, &str); 18] = [
    ("wins", "win"),
    ("takes", "take"),
    ("rolls", "roll"),
    ("scores", "score"),
    ("places", "place"),
    ("ends its", "end their"),
    ("ends the", "end the"),
    ("moves", "move"),
    ("fires", "fire"),
    ("has", "have"),
    ("is", "are"),
    ("collects", "collect"),
    ("loses", "lose"),
    ("draws", "draw"),
    ("buys", "buy"),
    ("deploys", "deploy"),
    ("passes", "pass"),
    ("holds", "hold"),
];

/// A name's possessive as English writes it: "Blue's", "the Allies'", "1st Legionaries'".
#[must_use]
pub fn possessive(name: &str) -> String {
    if name.ends_with('s') || name.ends_with('S') { format!("{name}'") } else { format!("{name}'s") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counter_marks_keep_a_numbered_names_number_skip_articles_and_never_read_alike() {
        let names: Vec<String> = ["Warlord", "Raider 1", "Raider 2", "Stalker", "Sniper", "The Hexer", "Trooper", ""]
            .map(str::to_owned)
            .to_vec();
        assert_eq!(counter_marks(&names), ["W", "R1", "R2", "St", "Sn", "H", "T", ""]);
        let marks = counter_marks(&names);
        for (i, a) in marks.iter().enumerate().filter(|(_, m)| !m.is_empty()) {
            assert_eq!(marks.iter().filter(|b| *b == a).count(), 1, "{a} twice (at {i})");
        }
    }

    #[test]
    fn a_name_ending_in_s_takes_a_bare_apostrophe() {
        assert_eq!(possessive("Blue"), "Blue's");
        assert_eq!(possessive("Allies"), "Allies'");
        assert_eq!(possessive("1st Legionaries"), "1st Legionaries'");
    }

    #[test]
    fn a_repeated_name_is_numbered_within_its_side_and_a_lone_name_is_kept() {
        let roster = [(0, "Trooper"), (0, "Gunner"), (0, "Trooper"), (1, "Trooper"), (0, "Trooper")];
        assert_eq!(distinct_names(&roster), ["Trooper 1", "Gunner", "Trooper 2", "Trooper", "Trooper 3"]);
    }
}
