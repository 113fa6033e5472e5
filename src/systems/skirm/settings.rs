//! What a Skirm scenario lets the balance lab and the Balance panel vary: how many turns the
//! battle lasts (`turns`, 1 to 12) and the squads' EP limit (`ep_limit`).

use super::scenario::SkirmScenario;
use crate::game::{Setting, SettingKind};

/// The most EP a limit may be set to: far above any squad the data can build.
const MAX_EP_LIMIT: u32 = 100_000;

/// The turn count and the EP limit, as numbers.
#[must_use]
pub fn settings() -> Vec<Setting> {
    vec![
        Setting { name: "turns".into(), label: "turns".into(), kind: SettingKind::Number { min: 1, max: 12 } },
        Setting {
            name: "ep_limit".into(),
            label: "EP limit".into(),
            kind: SettingKind::Number { min: 0, max: i64::from(MAX_EP_LIMIT) },
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
            let ep: u32 = value.parse().map_err(|_| format!("'{value}' is not a number of EP"))?;
            if ep > MAX_EP_LIMIT {
                return Err(format!("an EP limit of {ep} is more than the {MAX_EP_LIMIT} a scenario may set"));
            }
            scenario.ep_limit = ep;
        }
        _ => return Err(format!("Skirm has no setting '{name}'; it knows turns and ep_limit")),
    }
    Ok(scenario)
}
