//! The Skirmish Wars playtest without a window: the shared playtest of a scenario
//! (`game::Playing`: the session, who the computer plays and how well, undo to the person's
//! last decision, restart, the one saved-game format, fork to the editor). Its previews (reach,
//! a fight's odds) are the rules core's own (`rules::reachable`, `rules::preview_attack`).

/// A Skirmish Wars playtest under way.
pub type SwatPlay = crate::game::Playing<super::Swat>;
