//! What a Skirm scenario lets the balance lab and the Balance panel vary: how many turns the
//! battle lasts (`turns`, 1 to 12) and the squads' EP limit (`ep_limit`, as the file takes it).

use super::scenario::SkirmScenario;
use crate::game::{Setting, SettingKind};

/// The turn count and the EP limit, as numbers.
#[must_use]
pub fn settings() -> Vec<Setting> {
    vec![
        Setting { name: "turns".into(), label: "turns".into(), kind: SettingKind::Number { min: 1, max: 12 } },
        Setting {
            name: "ep_limit".into(),
            label: "EP limit".into(),
            kind: SettingKind::Number { min: 0, max: i64::from(u32::MAX) },
        },
    ]
}

/// A copy of the scenario with one setting changed.
///
/// # Errors
/// No such setting, or a value out of its range.
pub fn with_setting(scenario: &SkirmScenario, name: &str, value: &str) -> Result<SkirmScenario, String> {
    let mut scenario = scenario.clone();
    match name {
        "turns" => {
            let turns: u8 = value.parse().map_err(|_| format!("'{value}' is not a number of turns"))?;
            if !(1..=12).contains(&turns) {
                return Err("a battle lasts 1 to 12 turns".into());
            }
            scenario.turns = Some(turns);
        }
        "ep_limit" => {
            // The same range the scenario file takes.
            scenario.ep_limit =
                value.parse().map_err(|_| format!("'{value}' is not a number of EP (0 to {})", u32::MAX))?;
        }
        _ => return Err(format!("Skirm has no setting '{name}'; it knows turns and ep_limit")),
    }
    Ok(scenario)
}
