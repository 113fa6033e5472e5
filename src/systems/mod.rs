//! The game systems, one folder each, and the registry that lists them: the one place that
//! names every system. Shared code finds a system here by the id a file names.

pub mod armored;
pub mod modern;
pub mod skirm;
pub mod swat;

use crate::game::GameSystem;

/// Every game system the studio knows, in menu order. Adding a system is its folder and one
/// line here.
pub static SYSTEMS: &[&dyn GameSystem] =
    &[&swat::Swat, &skirm::Skirm, &armored::ArmoredAdvance, &modern::ModernSkirmish];

/// The system with this id.
#[must_use]
pub fn system(id: &str) -> Option<&'static dyn GameSystem> {
    SYSTEMS.iter().copied().find(|s| s.id() == id)
}

/// A game's name for people from its id ("swat": "Skirmish Wars"); an unknown id as it is.
#[must_use]
pub fn name_of(id: &str) -> String {
    system(id).map_or_else(|| format!("\"{id}\""), |s| s.title().to_owned())
}

/// The system a document names (its `system` field), or the first system for a document that
/// names none.
///
/// # Errors
/// The document names a system this program does not know.
pub fn system_of(text: &str) -> Result<&'static dyn GameSystem, String> {
    let Some(id) = crate::game::system_id_of(text) else { return Ok(SYSTEMS[0]) };
    system(&id).ok_or_else(|| {
        let known: Vec<&str> = SYSTEMS.iter().map(|s| s.id()).collect();
        format!("unknown game system '{id}' (this program knows {})", known.join(", "))
    })
}
