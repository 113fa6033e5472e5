//! What a Skirmish Wars scenario lets the balance lab and the Balance panel vary: each
//! player's CO (`co:N`, or `cos` for every seat; `none` takes it away, `random` rolls it),
//! starting funds (`funds:N`) and the house readings (`reading.NAME`), each checked against the
//! ruleset and the scenario's seats.

use super::rules::{CoChoice, READINGS, Ruleset};
use super::scenario::Scenario;
use crate::game::{Setting, SettingKind, reading_name, reading_settings};

/// How this game's house readings are named as settings (`--set reading.NAME=VALUE`).
const READING_PREFIX: &str = "reading.";

/// Each player's CO (the lab pairs them; `none` takes it away) and starting funds.
#[must_use]
pub fn settings(rules: &Ruleset, scenario: &Scenario) -> Vec<Setting> {
    let mut settings = Vec::new();
    for seat in 0..scenario.players.len() {
        let player = format!("Player {}", seat + 1);
        settings.push(Setting {
            name: format!("co:{}", seat + 1),
            label: format!("{player}'s CO"),
            kind: SettingKind::SeatChoice {
                seat: u8::try_from(seat).unwrap_or(u8::MAX),
                values: rules.cos.iter().map(|c| c.id.clone()).collect(),
                names: rules.cos.iter().map(|c| c.name.clone()).collect(),
                off: "none".into(),
            },
        });
        settings.push(Setting {
            name: format!("funds:{}", seat + 1),
            label: format!("{player}'s starting funds"),
            kind: SettingKind::Number { min: 0, max: 1_000_000 },
        });
    }
    settings.extend(reading_settings(READING_PREFIX, &READINGS));
    settings
}

/// The value a house reading has in the scenario.
#[must_use]
pub fn setting_value(scenario: &Scenario, name: &str) -> Option<String> {
    scenario.readings.value(reading_name(READING_PREFIX, name)?).map(str::to_owned)
}

/// A copy of the scenario with one setting changed.
///
/// # Errors
/// No such setting, no such seat, or a value the setting does not take.
pub fn with_setting(rules: &Ruleset, scenario: &Scenario, name: &str, value: &str) -> Result<Scenario, String> {
    let mut scenario = scenario.clone();
    let seat = |text: &str| -> Result<usize, String> {
        let seat: usize = text.parse().map_err(|_| format!("'{text}' is not a seat number"))?;
        if seat == 0 || seat > scenario.players.len() {
            return Err(format!("seat {seat} does not exist; the scenario has {} players", scenario.players.len()));
        }
        Ok(seat - 1)
    };
    // A CO by its id (`general_hale`) or by the name the lab prints (`General Hale`, any case).
    let co = |value: &str| -> Result<CoChoice<String>, String> {
        match value {
            "none" => Ok(CoChoice::NoCo),
            "random" => Ok(CoChoice::Random),
            text => rules
                .cos
                .iter()
                .find(|c| c.id == text || c.name.eq_ignore_ascii_case(text.trim()))
                .map(|c| CoChoice::Chosen(c.id.clone()))
                .ok_or_else(|| {
                    let known: Vec<String> = rules.cos.iter().map(|c| format!("{} ({})", c.name, c.id)).collect();
                    format!("unknown CO '{text}'; the ruleset has {}, or none or random", known.join(", "))
                }),
        }
    };
    if let Some(reading) = reading_name(READING_PREFIX, name) {
        scenario.readings.set(reading, value)?;
        return Ok(scenario);
    }
    match name.split_once(':') {
        Some(("co", n)) => {
            let seat = seat(n)?;
            scenario.players[seat].co = co(value)?;
        }
        Some(("funds", n)) => {
            let seat = seat(n)?;
            let funds: i64 = value.parse().map_err(|_| format!("funds of '{value}' is not a whole number"))?;
            if !(0..=1_000_000).contains(&funds) {
                return Err(format!("funds of {funds} are out of range (0 to 1000000)"));
            }
            scenario.players[seat].funds = funds;
        }
        None if name == "cos" => {
            let choice = co(value)?;
            for player in &mut scenario.players {
                player.co = choice.clone();
            }
        }
        _ => {
            return Err(format!("Skirmish Wars has no setting '{name}'; it knows co:N, cos, funds:N and reading.NAME"));
        }
    }
    Ok(scenario)
}
