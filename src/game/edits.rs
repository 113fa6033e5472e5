//! The edits a game proposes toward a fair scenario, in the framework's terms: each game
//! declares its edit space (funds, a unit taken off or added, a squad member, requisition, the
//! first initiative), and the balance lab's suggestion search ([`crate::balance::suggest`])
//! plays them and never knows what they change.

/// What the lab wants an edit to do, from the games it has played: the seats winning more than
/// a fair share, those winning less, and whether the first move (rather than a seat) decides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aim {
    /// Seats over the fair share, the most favoured first.
    pub ahead: Vec<u8>,
    /// Seats under it, the furthest behind first.
    pub behind: Vec<u8>,
    /// `Some(true)` when the first mover wins beyond the margin, `Some(false)` when the second
    /// does; `None` when the first move is not what decides.
    pub first_mover_wins: Option<bool>,
}

/// One edit a game proposes, with the scenario it makes.
#[derive(Debug, Clone)]
pub struct Edit<S> {
    /// The edit in words, with the names people see ("Blue starts with $2000 more").
    pub words: String,
    /// Where, in the game's words ("at (12, 4)"), if at one place.
    pub place: Option<String>,
    /// How many things it changes (a unit, a number, a square).
    pub changes: u32,
    /// How much value it moves, as a share of the side's worth (a unit's cost over the army's,
    /// funds over the army's worth): smaller edits come first among those that reach fair.
    pub weight: f64,
    /// Whether it breaks the symmetry the scenario declares (the asymmetry is then the fix, and
    /// the suggestion says so).
    pub breaks_symmetry: bool,
    /// Where it changes the board, for the preview to mark: each place where something the
    /// edit changes stood or now stands. A game fills it from the two scenarios
    /// ([`mark_changes`]), so it is what changed, whatever the words say.
    pub marks: Vec<super::Place>,
    /// The scenario with the edit made, everything else as it was.
    pub scenario: S,
}

/// Fills each edit's marks with the places `changed` finds between `before` and the edit's
/// scenario, sorted, each once (a game's finder may give a place twice: a unit and the zone it
/// stands in).
pub fn mark_changes<S>(edits: &mut [Edit<S>], before: &S, changed: impl Fn(&S, &S) -> Vec<super::Place>) {
    for edit in edits {
        edit.marks = changed(before, &edit.scenario);
        edit.marks.sort_unstable();
        edit.marks.dedup();
    }
}

/// Where two lists of things differ, for a preview of the second to mark. Lists of one length
/// are read thing by thing: each thing changed (moved, swapped, its number changed) is marked
/// where it now stands. Lists of two lengths had things added or taken off: each new thing is
/// marked where it stands and each thing gone where it stood. Sorted, each place once.
#[must_use]
pub fn changed_places<T: PartialEq>(
    before: &[T],
    after: &[T],
    places: impl Fn(&T) -> Vec<super::Place>,
) -> Vec<super::Place> {
    let mut marks: Vec<super::Place> = if before.len() == after.len() {
        before.iter().zip(after).filter(|(was, now)| was != now).flat_map(|(_, now)| places(now)).collect()
    } else {
        let gone = before.iter().filter(|t| !after.contains(t));
        let come = after.iter().filter(|t| !before.contains(t));
        gone.chain(come).flat_map(places).collect()
    };
    marks.sort_unstable();
    marks.dedup();
    marks
}

/// Where `after` differs from the open table `before`, for a preview of it to mark: each piece,
/// zone, objective and unit changed (see [`changed_places`]; a zone at the middle of its
/// corners), unsorted for [`mark_changes`] to sort. Both open-table games mark their tables
/// with it.
#[must_use]
pub fn table_changes(before: &crate::table::Table, after: &crate::table::Table) -> Vec<super::Place> {
    use super::Place;
    let zone_middle = |z: &crate::table::Zone| {
        let count = i64::try_from(z.points.len().max(1)).unwrap_or(1);
        let (x, y) = z.points.iter().fold((0, 0), |(x, y), p| (x + p.0, y + p.1));
        vec![Place::Point(x / count, y / count)]
    };
    let mut marks = changed_places(&before.pieces, &after.pieces, |p| vec![Place::Point(p.pose.x, p.pose.y)]);
    marks.extend(changed_places(&before.zones, &after.zones, zone_middle));
    marks.extend(changed_places(&before.objectives, &after.objectives, |o| vec![Place::Point(o.at.0, o.at.1)]));
    marks.extend(changed_places(&before.units, &after.units, |u| vec![Place::Point(u.pose.x, u.pose.y)]));
    marks
}

/// An edit behind the seam: its words and sizes, the scenario it makes, ready for the lab's
/// games, and that scenario's file text, for `--apply` and the window.
pub struct Proposal {
    /// The edit in words.
    pub words: String,
    /// Where, in the game's words.
    pub place: Option<String>,
    /// How many things it changes.
    pub changes: u32,
    /// How much value it moves (see [`Edit::weight`]).
    pub weight: f64,
    /// Whether it breaks the declared symmetry.
    pub breaks_symmetry: bool,
    /// Where it changes the board (see [`Edit::marks`]).
    pub marks: Vec<super::Place>,
    /// The edited scenario.
    pub scenario: Box<dyn super::OpenScenario>,
    /// The edited scenario's file text.
    pub text: String,
}

/// Steps of a number an edit may move by, smallest first, for a quantity now `now` where
/// `unit` is the smallest step that means something (1000 funds, 1 VP): the unit, then twice,
/// four and eight times it, none beyond `most`.
#[must_use]
pub fn steps(unit: i64, most: i64) -> Vec<i64> {
    [1, 2, 4, 8].iter().map(|k| k * unit).filter(|step| *step <= most).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Place;

    #[test]
    fn a_thing_moved_is_marked_where_it_stands_one_gone_where_it_stood_and_nothing_else_is() {
        let at = |x: &(u16, u16)| vec![Place::Square(x.0, x.1)];
        let before = [(1, 1), (2, 2), (3, 3)];
        assert!(changed_places(&before, &before, at).is_empty(), "nothing changed, nothing marked");
        let moved = [(1, 1), (2, 5), (3, 3)];
        assert_eq!(changed_places(&before, &moved, at), vec![Place::Square(2, 5)]);
        let added = [(1, 1), (2, 2), (3, 3), (4, 4)];
        assert_eq!(changed_places(&before, &added, at), vec![Place::Square(4, 4)]);
        assert_eq!(changed_places(&added, &before, at), vec![Place::Square(4, 4)], "taken off: where it stood");
    }
}
