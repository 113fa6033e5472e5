//! What a Modern Skirmish scenario lets the balance lab and the Balance panel vary: every house
//! reading (`reading.NAME`), each value checked.

use super::rules::{READINGS, Readings};
use super::scenario::ModernScenario;
use crate::game::{Setting, reading_name, reading_settings, watch_house_readings};

/// How this game's house readings are named as settings (`--set reading.NAME=VALUE`).
const READING_PREFIX: &str = "reading.";

/// Every house reading (the deployment reading is the validator's and changes no play).
#[must_use]
pub fn settings() -> Vec<Setting> {
    reading_settings(READING_PREFIX, &READINGS)
}

/// The value a reading has in the scenario.
#[must_use]
pub fn setting_value(scenario: &ModernScenario, name: &str) -> Option<String> {
    scenario.readings.get(reading_name(READING_PREFIX, name)?).map(str::to_owned)
}

/// Plays `play` watching the scenario's readings against `variants` (see
/// [`crate::game::GameDefinition::watch_readings`]): every question of play goes to them
/// through `Readings::ask`, and every setting is a reading.
pub fn watch_readings<T>(
    scenario: &ModernScenario,
    variants: &[(String, String)],
    play: impl FnOnce() -> T,
) -> (T, Vec<Option<usize>>) {
    watch_house_readings(scenario.readings, READING_PREFIX, variants, Readings::set, play)
}

/// A copy of the scenario with one setting changed.
///
/// # Errors
/// No such setting, or a value it does not take.
pub fn with_setting(scenario: &ModernScenario, name: &str, value: &str) -> Result<ModernScenario, String> {
    let Some(reading) = reading_name(READING_PREFIX, name) else {
        return Err(format!("Modern Skirmish has no setting '{name}' (it knows reading.NAME)"));
    };
    let mut scenario = scenario.clone();
    scenario.readings.set(reading, value)?;
    Ok(scenario)
}
