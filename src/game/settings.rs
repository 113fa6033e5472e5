//! What a scenario lets the balance lab and the window vary, typed: a number, each seat's own
//! choice (a CO), a house reading. A game declares its settings; the lab, the Balance panel
//! and the command line ask for them and never know a game's names. The one house-readings
//! mechanism lives here too: every game describes its readings as [`crate::ruleset::Reading`]s
//! and names them with a prefix of its own choosing through [`reading_settings`] and
//! [`reading_name`]; the framework names no setting.

use super::OpenScenario;
use crate::ruleset::Reading;
use serde::Serialize;

/// A game's house readings as settings, each named its `prefix` (the game's own, such as
/// `reading.`) and the reading's name.
#[must_use]
pub fn reading_settings(prefix: &str, readings: &[Reading]) -> Vec<Setting> {
    readings
        .iter()
        .map(|r| Setting {
            name: format!("{prefix}{}", r.name),
            label: r.name.replace('_', " "),
            kind: SettingKind::Reading {
                values: r.values.iter().map(|v| (*v).to_owned()).collect(),
                sentence: r.sentence.to_owned(),
                changes_play: r.changes_play,
            },
        })
        .collect()
}

/// The reading a setting name names under the game's `prefix` (`reading.foliage` gives
/// `foliage`), if it names one.
#[must_use]
pub fn reading_name<'a>(prefix: &str, setting: &'a str) -> Option<&'a str> {
    setting.strip_prefix(prefix)
}

/// Plays `play` watching the questions put to a scenario's house `readings`
/// ([`crate::watch::watching`]) against `variants`, each a setting and a value: a setting
/// named under `prefix` whose value `set` takes is that reading changed, and any other could
/// change anything. What a game's [`super::GameDefinition::watch_readings`] does when its
/// readings answer through the watch.
pub fn watch_house_readings<R: crate::watch::Fields, T>(
    readings: R,
    prefix: &str,
    variants: &[(String, String)],
    set: impl Fn(&mut R, &str, &str) -> Result<(), String>,
    play: impl FnOnce() -> T,
) -> (T, Vec<Option<usize>>) {
    let variants: Vec<Option<R>> = variants
        .iter()
        .map(|(name, value)| {
            let mut changed = readings;
            set(&mut changed, reading_name(prefix, name)?, value).ok()?;
            Some(changed)
        })
        .collect();
    crate::watch::watching(readings, &variants, play)
}

/// Something a scenario lets the balance lab and the window vary, as the game declares it:
/// the lab and the Balance panel ask for these and never know a game's own names.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Setting {
    /// The name `--set NAME=VALUE` takes and [`OpenScenario::with_setting`] is given.
    pub name: String,
    /// Its name for people.
    pub label: String,
    /// What values it takes.
    pub kind: SettingKind,
}

/// What values a setting takes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum SettingKind {
    /// A whole number in a range.
    Number {
        /// The least.
        min: i64,
        /// The most.
        max: i64,
    },
    /// One seat's own choice among named values (a CO): the lab pairs the seats' choices,
    /// and `off` switches the choice off for every seat.
    SeatChoice {
        /// The seat, from 0.
        seat: u8,
        /// Every value but `off`.
        values: Vec<String>,
        /// Each of `values`' names for people, in the same order (a CO's name, not its id).
        names: Vec<String>,
        /// The value that takes the choice away.
        off: String,
    },
    /// A house reading: where the rules text is silent or contradicts itself, the values the
    /// studio can read it as (its default first) and the sentence it resolves.
    Reading {
        /// The values, the default first.
        values: Vec<String>,
        /// The sentence of the text it resolves.
        sentence: String,
        /// Whether it changes how a game plays (a validator's reading does not).
        changes_play: bool,
    },
}

impl Setting {
    /// The named values it takes (none for a number).
    #[must_use]
    pub fn values(&self) -> Vec<String> {
        match &self.kind {
            SettingKind::Number { .. } => Vec::new(),
            SettingKind::SeatChoice { values, off, .. } => {
                std::iter::once(off.clone()).chain(values.iter().cloned()).collect()
            }
            SettingKind::Reading { values, .. } => values.clone(),
        }
    }

    /// Whether it is a house reading that changes play (one the lab's sensitivity sweeps).
    #[must_use]
    pub fn is_played_reading(&self) -> bool {
        matches!(self.kind, SettingKind::Reading { changes_play: true, .. })
    }
}

/// The seat's own choice among named values (a CO), where the game has one.
#[must_use]
pub fn seat_choice(scenario: &dyn OpenScenario, seat: u8) -> Option<Setting> {
    scenario.settings().into_iter().find(|s| matches!(s.kind, SettingKind::SeatChoice { seat: n, .. } if n == seat))
}

/// The scenario with every seat's own choice switched off (no seat has a CO).
///
/// # Errors
/// The game refuses the change.
pub fn without_seat_choices(scenario: Box<dyn OpenScenario>) -> Result<Box<dyn OpenScenario>, String> {
    let mut scenario = scenario;
    for setting in scenario.settings() {
        if let SettingKind::SeatChoice { off, .. } = &setting.kind {
            scenario = scenario.with_setting(&setting.name, off)?;
        }
    }
    Ok(scenario)
}
