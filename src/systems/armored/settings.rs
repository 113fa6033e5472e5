//! What an Armored Advance scenario lets the balance lab and the Balance panel vary: its
//! limits as numbers (requisition, actions a turn, turns) and every house reading
//! (`reading.NAME`), each value checked.

use super::rules::{READINGS, Readings};
use super::scenario::ArmoredScenario;
use crate::game::{Setting, SettingKind, reading_name, reading_settings, watch_house_readings};

/// How this game's house readings are named as settings (`--set reading.NAME=VALUE`).
const READING_PREFIX: &str = "reading.";

/// The limits as numbers and every house reading.
#[must_use]
pub fn settings() -> Vec<Setting> {
    let number = |name: &str, label: &str, min: i64| Setting {
        name: name.to_owned(),
        label: label.to_owned(),
        kind: SettingKind::Number { min, max: 100_000 },
    };
    let mut settings = vec![
        number("requisition_limit", "requisition limit", 0),
        number("action_limit", "actions a turn", 1),
        number("turn_limit", "turn limit", 1),
    ];
    settings.extend(reading_settings(READING_PREFIX, &READINGS));
    settings
}

/// The value a reading has in the scenario.
#[must_use]
pub fn setting_value(scenario: &ArmoredScenario, name: &str) -> Option<String> {
    let reading = reading_name(READING_PREFIX, name)?;
    READINGS
        .iter()
        .find(|r| r.name == reading)?
        .values
        .iter()
        .find(|v| {
            let mut probe = scenario.readings;
            probe.set(reading, v).is_ok() && probe == scenario.readings
        })
        .map(|v| (*v).to_owned())
}

/// Plays `play` watching the scenario's readings against `variants` (see
/// [`crate::game::GameDefinition::watch_readings`]): every question of play goes to them
/// through `Readings::ask`, and only a reading's variant changes nothing but them.
pub fn watch_readings<T>(
    scenario: &ArmoredScenario,
    variants: &[(String, String)],
    play: impl FnOnce() -> T,
) -> (T, Vec<Option<usize>>) {
    watch_house_readings(scenario.readings, READING_PREFIX, variants, Readings::set, play)
}

/// A copy of the scenario with one setting changed.
///
/// # Errors
/// No such setting, or a value it does not take.
pub fn with_setting(scenario: &ArmoredScenario, name: &str, value: &str) -> Result<ArmoredScenario, String> {
    let mut scenario = scenario.clone();
    if let Some(reading) = reading_name(READING_PREFIX, name) {
        scenario.readings.set(reading, value)?;
        return Ok(scenario);
    }
    let number: u32 = value.parse().map_err(|_| format!("{name} takes a whole number, not '{value}'"))?;
    if number == 0 && name != "requisition_limit" {
        return Err(format!("{name} of 0 decides the game before it is played"));
    }
    match name {
        "requisition_limit" => scenario.requisition_limit = number,
        "action_limit" => scenario.action_limit = number,
        "turn_limit" => scenario.turn_limit = Some(number),
        other => {
            return Err(format!(
                "Armored Advance has no setting '{other}' (it knows requisition_limit, action_limit, turn_limit and reading.NAME)"
            ));
        }
    }
    Ok(scenario)
}
