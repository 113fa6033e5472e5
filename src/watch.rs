//! The balance lab's watch on a game's house readings: every question a game puts to its
//! readings goes through [`ask`], and while a game is watched, each question is also answered
//! under the other readings the lab will try. A reading whose every answer came out the same
//! cannot have changed that game, so the lab copies the game instead of playing it again.
//!
//! The watch only looks: an answer is always worked out from the readings asked, whether or
//! not a watch is running, so watching never changes a game. It lives with the thread that
//! plays the game, as a game is played on one thread from start to end.

use std::any::Any;
use std::cell::{Cell, RefCell};

/// A game's house readings as the watch compares them: one bit per field.
pub trait Fields: Copy + PartialEq + 'static {
    /// A bit for every field in which `self` and `other` differ.
    fn differing(&self, other: &Self) -> u64;
}

/// The fields one question read, a bit per field; the game's reading view notes each field
/// as the question reads it.
#[derive(Debug, Default)]
pub struct Reads(Cell<u64>);

impl Reads {
    /// Notes that the question read the field of bit `bit`.
    #[inline]
    pub fn note(&self, bit: u64) {
        self.0.set(self.0.get() | bit);
    }
}

/// Another value of the readings under watch, and when some answer first came out otherwise.
struct Variant<R> {
    readings: R,
    /// The fields it changes from the watched readings.
    changes: u64,
    /// The decision during which an answer first came out otherwise.
    answered_otherwise: Option<usize>,
}

/// The readings a game is being played at, and the variants its questions are tried under.
struct Watch<R> {
    watched: R,
    variants: Vec<Option<Variant<R>>>,
}

thread_local! {
    /// Whether a watch runs on this thread: the one check every question pays when none does.
    static WATCHING: Cell<bool> = const { Cell::new(false) };
    /// The running watch, of the watched game's readings type.
    static WATCH: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
    /// The decision the watched game is at, counted from 0 (see [`decision`]).
    static DECISION: Cell<usize> = const { Cell::new(0) };
}

/// Tells the watch, if one runs, that the watched game's decision `at` (counted from 0 as the
/// game's loop asks for them) begins: a different answer from now on is dated to it.
pub fn decision(at: usize) {
    if WATCHING.with(Cell::get) {
        DECISION.with(|d| d.set(at));
    }
}

/// Asks `readings` a question: `question` reads them through `Reads`, noting each field it
/// reads, and its answer is returned. While a watch of this readings type runs, the question
/// is also put to every variant that changes a field it read and has not yet answered
/// otherwise, and a different answer marks that variant.
///
/// A question must read the readings only through its arguments and depend on nothing that
/// changes between its calls: it is asked again under each variant.
#[inline]
pub fn ask<R: Fields, T: PartialEq>(readings: &R, question: impl Fn(&R, &Reads) -> T) -> T {
    let reads = Reads::default();
    let answer = question(readings, &reads);
    if WATCHING.with(Cell::get) {
        compare(readings, reads.0.get(), &|other: &R| question(other, &Reads::default()) == answer);
    }
    answer
}

/// Puts a question already answered at `readings` to the watch's variants: only while a game
/// is watched, so kept out of line from every question's path.
#[cold]
#[inline(never)]
fn compare<R: Fields>(readings: &R, read: u64, same_under: &dyn Fn(&R) -> bool) {
    WATCH.with(|watch| {
        // Never busy: while variants are tried, `WATCHING` is off (see `same_under_guarded`),
        // so a question asked inside another does not come here.
        let Ok(mut watch) = watch.try_borrow_mut() else {
            return;
        };
        let Some(watch) = watch.as_mut().and_then(|w| w.downcast_mut::<Watch<R>>()) else {
            return;
        };
        let asked_other_readings = *readings != watch.watched;
        let now = DECISION.with(Cell::get);
        for variant in watch.variants.iter_mut().flatten() {
            if variant.answered_otherwise.is_some() {
                continue;
            }
            // Readings the watch does not know (a game changing its own, say) could answer
            // anything under a variant: mark them all.
            if asked_other_readings
                || (variant.changes & read != 0 && !same_under_guarded(same_under, &variant.readings))
            {
                variant.answered_otherwise = Some(now);
            }
        }
    });
}

/// Asks a question under a variant with the watch marked busy, so a question nested inside
/// it cannot reach the watch while it is borrowed.
fn same_under_guarded<R: Fields>(same_under: &dyn Fn(&R) -> bool, variant: &R) -> bool {
    WATCHING.with(|w| w.set(false));
    let same = same_under(variant);
    WATCHING.with(|w| w.set(true));
    same
}

/// Plays `play` on this thread watching the questions put to readings `watched`, against each
/// of `variants` (`None`: a variant the game cannot watch). Gives `play`'s result and, for
/// each variant, the first decision (see [`decision`]) during which the game could have gone
/// otherwise under it. `None` only when every question that read a field it changes had the
/// same answer under it, so the same game from the same seed is this very game; `Some(k)`
/// when every answer was the same before decision `k`, so that game made this game's first
/// `k` decisions. A variant the game cannot watch could differ from decision 0.
pub fn watching<R: Fields, T>(watched: R, variants: &[Option<R>], play: impl FnOnce() -> T) -> (T, Vec<Option<usize>>) {
    let count = variants.len();
    let variants = variants
        .iter()
        .map(|v| {
            v.map(|readings| Variant { readings, changes: watched.differing(&readings), answered_otherwise: None })
        })
        .collect();
    let outer = WATCH.with(|w| w.borrow_mut().replace(Box::new(Watch { watched, variants })));
    let was_watching = WATCHING.with(|w| w.replace(true));
    let outer_decision = DECISION.with(|d| d.replace(0));
    let result = play();
    WATCHING.with(|w| w.set(was_watching));
    DECISION.with(|d| d.set(outer_decision));
    let ended = WATCH.with(|w| std::mem::replace(&mut *w.borrow_mut(), outer));
    let differs = match ended.and_then(|w| w.downcast::<Watch<R>>().ok()) {
        Some(watch) => watch.variants.iter().map(|v| v.as_ref().map_or(Some(0), |v| v.answered_otherwise)).collect(),
        // A watch that went missing saw nothing: every variant may differ from the start.
        None => vec![Some(0); count],
    };
    (result, differs)
}

/// Declares a game's view of its readings for questions, from one list of its fields: the
/// view type (`$asked`) with a method per field that notes the field as read, the readings'
/// `ask` (the one way play reads them), and their [`Fields`] comparison. One list, so no
/// field can be read without being compared, or compared under another field's bit; the
/// readings' own fields stay private to their module.
macro_rules! watched_readings {
    ($readings:ident, $asked:ident; $($bit:literal $field:ident: $ty:ty;)*) => {
        /// The readings as a question reads them (`ask`): every field read is noted, so the
        /// balance lab knows which readings a game's course depended on
        /// ([`crate::watch`]).
        pub struct $asked<'a> {
            readings: &'a $readings,
            reads: &'a $crate::watch::Reads,
        }

        impl $readings {
            /// Asks the readings a question, the one way play reads them
            /// ([`crate::watch::ask`]): `question` reads them through its argument and may be
            /// asked again under other readings, so it reads nothing else that could change
            /// between calls.
            #[inline]
            pub fn ask<T: PartialEq>(&self, question: impl Fn(&$asked<'_>) -> T) -> T {
                $crate::watch::ask(self, |readings, reads| question(&$asked { readings, reads }))
            }
        }

        impl $asked<'_> {
            $(
                #[doc = concat!("The `", stringify!($field), "` reading, noted as read.")]
                #[must_use]
                #[inline]
                pub fn $field(&self) -> $ty {
                    self.reads.note(1 << $bit);
                    self.readings.$field
                }
            )*
        }

        impl $crate::watch::Fields for $readings {
            fn differing(&self, other: &Self) -> u64 {
                0 $(| (u64::from(self.$field != other.$field) << $bit))*
            }
        }
    };
}
pub(crate) use watched_readings;

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq)]
    struct Two {
        a: u8,
        b: u8,
    }

    impl Fields for Two {
        fn differing(&self, other: &Self) -> u64 {
            u64::from(self.a != other.a) | u64::from(self.b != other.b) << 1
        }
    }

    fn a(r: &Two, reads: &Reads) -> u8 {
        reads.note(1);
        r.a
    }

    #[test]
    fn a_variant_is_marked_only_when_a_question_answers_otherwise_under_it() {
        let base = Two { a: 1, b: 1 };
        let variants = [Some(Two { a: 2, b: 1 }), Some(Two { a: 3, b: 1 }), Some(Two { a: 1, b: 5 }), None];
        let (answer, differs) = watching(base, &variants, || {
            // "Is a below 2?" then "is a below 3?": the first answers otherwise at a = 2 and
            // a = 3, but a = 3 is dated to the first decision; b is never read.
            decision(1);
            let below_3 = ask(&base, |r, reads| a(r, reads) < 3);
            decision(2);
            let below_2 = ask(&base, |r, reads| a(r, reads) < 2);
            below_2 && below_3
        });
        assert!(answer);
        assert_eq!(differs, vec![Some(2), Some(1), None, Some(0)]);
        // Unwatched, a question is answered all the same and nothing is kept.
        assert!(!ask(&Two { a: 3, b: 0 }, |r, reads| a(r, reads) < 3));
        let (_, differs) = watching(base, &variants, || ask(&Two { a: 1, b: 2 }, a));
        assert_eq!(differs, vec![Some(0); 4], "readings other than the watched ones mark every variant");
    }
}
