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

/// A name's possessive as English writes it: "Blue's", "the Allies'", "1st Legionaries'".
#[must_use]
pub fn possessive(name: &str) -> String {
    if name.ends_with('s') || name.ends_with('S') { format!("{name}'") } else { format!("{name}'s") }
}

#[cfg(test)]
mod tests {
    use super::*;

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
