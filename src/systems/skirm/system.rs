//! Skirm behind the studio's seam: the [`GameSystem`] the registry lists, and what each
//! headless command does with a Skirm scenario (validate with fixes, stats, symmetry, play a
//! script, simulate computer battles and the balance lab's battles through the shared runner,
//! print its sheets).

use super::rules::{Event, RollKind, Target};
use super::rules::{GameState, Outcome};
use super::rules::{Ruleset, computer_action};
use super::scenario::script::Scripted;
use super::scenario::{Finding, SkirmScenario, load_scenario, parse_script, statistics, validate};
use crate::board::{Pos, Symmetry};
use crate::export::{ExportOptions, PdfReport};
use crate::files::FileError;
use crate::game::Run;
use crate::game::{Diagnostic, GameDefinition, Level, OpenScenario, Opened, Played, Report, run_battle, run_script};
use crate::systems::skirm::scenario::document::squad_label;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

/// Skirm.
#[derive(Debug, Clone, Copy, Default)]
pub struct Skirm;

impl GameDefinition for Skirm {
    type Ruleset = Ruleset;
    type Scenario = SkirmScenario;
    const ID: &'static str = super::scenario::SYSTEM_ID;
    const TITLE: &'static str = "Skirm";
    const BUILTIN: &'static str = super::rules::BUILTIN_SKIRM_RON;

    fn load(rules: &Ruleset, text: &str) -> Result<SkirmScenario, FileError> {
        load_scenario(rules, text)
    }
}

/// A validator finding as the seam shows it.
#[must_use]
pub fn diagnostic(finding: &Finding) -> Diagnostic {
    finding.diagnostic("squares", &ToString::to_string, &|p| serde_json::json!(p), &|f| {
        (f.label.clone(), serde_json::json!(f))
    })
}

fn target_text(state: &GameState, target: Target) -> String {
    match target {
        Target::Unit(u) => state.unit(u).map_or_else(|| format!("unit {u}"), |x| format!("unit {u} ({})", x.name)),
        Target::Item(i) => format!("item {i}"),
        Target::Square(p) => format!("square {p}"),
    }
}

/// A playing squad's name as players read it.
fn squad_name(state: &GameState, squad: u8) -> String {
    squad_label(state.squads.get(usize::from(squad)).map(|q| q.name.as_str()), usize::from(squad))
}

/// One line for a person about an event.
#[must_use]
pub fn describe_event(rules: &Ruleset, state: &GameState, event: &Event) -> String {
    // People read squads and units by name: "Gunner of Reavers", not "unit 3 of squad 2".
    let squad_name = |s: u8| squad_name(state, s);
    let unit = |u: usize| {
        state.unit(u).map_or_else(
            || format!("unit {}", u + 1),
            |x| {
                let name = if x.name.is_empty() {
                    rules.profile(&x.profile).map_or_else(|| x.profile.clone(), |(_, p)| p.name.clone())
                } else {
                    x.name.clone()
                };
                format!("{name} of {}", squad_name(x.squad))
            },
        )
    };
    match event {
        Event::TurnStarted { turn } => format!("== turn {turn}"),
        Event::SecondaryDrawn { squad, card } => format!(
            "{} draws a secondary objective{}",
            squad_name(*squad),
            rules.secondary_objectives.get(*card).map_or_else(String::new, |c| format!(" ({})", c.name))
        ),
        Event::Die { kind, squad, face } => {
            let kind = match kind {
                RollKind::Initiative => "initiative",
                RollKind::TacticalOrder => "tactical order",
                RollKind::Event => "event",
                RollKind::Attack => "attack",
                RollKind::Save => "save",
                RollKind::Heal => "heal",
                RollKind::Shuffle => "shuffle",
            };
            let who = squad.map_or_else(String::new, |s| format!("{} ", squad_name(s)));
            if kind == "shuffle" {
                format!("  {who}shuffles its objective deck: a card goes to place {}", u32::from(*face) + 1)
            } else {
                format!("  {who}rolls {face} ({kind})")
            }
        }
        Event::InitiativeTied => "  tie: roll again".into(),
        Event::Initiative { squad } => format!("{} has the initiative", squad_name(*squad)),
        Event::TacticalOrders { squad, dice, orders } => {
            format!("{} rolls {dice} dice for {orders} Tactical Orders", squad_name(*squad))
        }
        Event::EnvironmentEvent { name } => format!("event: {name}"),
        Event::OrdersChanged { squad, orders } => format!("{} now has {orders} Tactical Orders", squad_name(*squad)),
        Event::Delayed { squad } => format!("{} delays", squad_name(*squad)),
        Event::Activated { unit: u, act } => format!("{} activates with {act} ACT", unit(*u)),
        Event::Paid { action, act, orders } => format!("  {action:?} costs {act} ACT and {orders} TO"),
        Event::Moved { unit: u, from, to, cost } => format!("{} moves {from} -> {to} ({cost} squares)", unit(*u)),
        Event::Attack { attacker, weapon, target, skill, cover } => format!(
            "{} attacks {} with {} (skill {skill}{})",
            attacker.map_or_else(|| "an explosion".to_owned(), unit),
            target_text(state, *target),
            weapon.clone().unwrap_or_else(|| "damage".into()),
            if *cover { ", in cover" } else { "" }
        ),
        Event::AutomaticStrike => "  automatic strike".into(),
        Event::AutomaticRolled { die, face } => format!("  die {} rolled after all: {face}", die + 1),
        Event::Rerolled { die, face, order } => {
            format!("  die {die} re-rolled to {face}{}", if *order { " (1 TO)" } else { "" })
        }
        Event::Adjusted { die, face } => format!("  die {die} changed to {face} (1 TO)"),
        Event::Strikes { strikes, damage } => format!("  {strikes} strikes, {damage} damage"),
        Event::AutomaticSave => "  automatic save (cover)".into(),
        Event::Saves { failed } => format!("  {failed} saves failed"),
        Event::HitsLost { target, hits, remaining } => {
            format!("  {} loses {hits} HIT, {remaining} left", target_text(state, *target))
        }
        Event::TakenOut { unit: u, .. } => format!("{} is taken out", unit(*u)),
        Event::Stunned { unit: u } => format!("{} is stunned", unit(*u)),
        Event::BarrelExploded { pos, .. } => format!("the barrel at {pos} explodes"),
        Event::TurretDestroyed { pos, .. } => format!("the turret at {pos} is destroyed"),
        Event::Door { edge, open } => {
            format!("the door at ({}, {}) {:?} is {}", edge.x, edge.y, edge.axis, if *open { "open" } else { "closed" })
        }
        Event::PickedUp { unit: u, marker } => format!("{} picks up marker {marker}", unit(*u)),
        Event::Dropped { marker, pos } => format!("marker {marker} is dropped at {pos}"),
        Event::CrateOpened { unit: u, content } => format!("{} opens a crate: {}", unit(*u), content.name()),
        Event::Healed { unit: u, hits } => format!("{} regains {hits} HIT", unit(*u)),
        Event::Refilled { unit: u, weapon } => format!("{} can use {weapon} once more", unit(*u)),
        Event::MissionAction { squad, objective } => {
            format!("{} completes the mission action on objective {objective}", squad_name(*squad))
        }
        Event::Scored { squad, points, reason } => format!("{} scores {points} ({reason})", squad_name(*squad)),
        Event::ActivationEnded { unit: u } => format!("{} ends its activation", unit(*u)),
        Event::SecondaryScored { squad, card } => format!(
            "{} reveals {}",
            squad_name(*squad),
            rules.secondary_objectives.get(*card).map_or("its secondary objective", |c| c.name.as_str())
        ),
        Event::OrdersLost { squad, orders } => format!("{} loses {orders} unused Tactical Orders", squad_name(*squad)),
        Event::BattleEnded { winner, points } => format!(
            "battle over, {} to {}: {}",
            points[0],
            points[1],
            winner.map_or_else(|| "a draw".to_owned(), |w| format!("{} wins", squad_name(w)))
        ),
        Event::MedalEarned { unit: u, medal, xp } => format!("{} earns {} ({xp} XP)", unit(*u), medal.name()),
    }
}

fn summary_json(state: &GameState) -> serde_json::Value {
    serde_json::json!({
        "turn": state.turn,
        "to_act": state.to_act + 1,
        "outcome": match state.outcome {
            Outcome::Ongoing => serde_json::json!("ongoing"),
            Outcome::Draw => serde_json::json!("draw"),
            Outcome::Won { squad } => serde_json::json!({ "winner": squad + 1 }),
        },
        "squads": state.squads.iter().enumerate().map(|(i, s)| serde_json::json!({
            "squad": i + 1,
            "points": s.points,
            "orders": s.orders,
            "standing": state.standing(u8::try_from(i).unwrap_or(0)).count(),
        })).collect::<Vec<_>>(),
        "units": state.units.iter().enumerate().map(|(i, u)| serde_json::json!({
            "unit": i, "name": u.name, "squad": u.squad + 1, "pos": u.pos, "hit": u.hit,
        })).collect::<Vec<_>>(),
    })
}

/// One battle between computer players, from the start: the final state and the number of
/// actions, or the action the rules refused (which would be a bug in the computer player).
///
/// # Errors
/// The battle cannot start, or an action was refused.
pub fn computer_battle(rules: &Ruleset, scenario: &SkirmScenario, seed: u64) -> Result<(GameState, usize), String> {
    let (record, state) = computer_game(rules, scenario, seed, &[Level::Normal, Level::Normal])?;
    Ok((state, record.actions))
}

/// One battle between computer players of the given levels (one per squad) through the
/// shared battle runner: its record and the final state. A battle ends after its last turn,
/// so no round cap is needed.
fn computer_game(
    rules: &Ruleset,
    scenario: &SkirmScenario,
    seed: u64,
    levels: &[Level],
) -> Result<(crate::game::GameRecord, GameState), String> {
    let setup = scenario.to_setup(rules)?;
    run_battle(rules, setup, seed, None, u32::MAX, levels)
}

/// What a square and its image must share: terrain, height, objective, marker, item, and the
/// zone. A symmetry of one map must swap the two squads' zones, or it would not make the
/// battle fair; under mirrors both ways one mirror swaps them and the other keeps each, and
/// which does, the image of squad 1's first zone square decides.
fn symmetry_breaks(scenario: &SkirmScenario, symmetry: Symmetry) -> Vec<(Pos, Pos, &'static str)> {
    let board = &scenario.board;
    let (w, h) = (board.width, board.height);
    let zone_of = |p: Pos| scenario.zones.iter().position(|z| z.contains(&p));
    let item_at = |p: Pos| scenario.items.iter().find(|(q, _)| *q == p).map(|(_, i)| i);
    let mut out = Vec::new();
    for map in symmetry.maps() {
        let swaps = symmetry.maps().len() == 1
            || scenario.zones[0].first().is_none_or(|&p| zone_of(map.apply(p, w, h)) == Some(1));
        let image_zone = |z: usize| if swaps { 1 - z } else { z };
        for p in board.squares() {
            let q = map.apply(p, w, h);
            let checks = [
                (board.terrain_at(p) != board.terrain_at(q), "terrain"),
                (board.height_at(p) != board.height_at(q), "height"),
                (scenario.objectives.contains(&p) != scenario.objectives.contains(&q), "objective"),
                (scenario.markers.contains(&p) != scenario.markers.contains(&q), "marker"),
                (item_at(p) != item_at(q), "item"),
                (zone_of(p).map(image_zone) != zone_of(q), "deployment zone"),
            ];
            out.extend(checks.into_iter().filter(|(broken, _)| *broken).map(|(_, what)| (p, q, what)));
        }
        for (edge, feature) in &board.edges {
            let image = map.edge(*edge, w, h);
            if board.edge(image) != Some(feature) {
                out.push((Pos::new(edge.x, edge.y), Pos::new(image.x, image.y), "wall or door"));
            }
        }
    }
    out
}

impl OpenScenario for Opened<Skirm> {
    fn name(&self) -> &str {
        &self.scenario.name
    }

    fn findings(&self) -> Vec<Diagnostic> {
        validate(&self.rules, &self.scenario).iter().map(diagnostic).collect()
    }

    fn stats(&self) -> Report {
        let stats = statistics(&self.rules, &self.scenario);
        let s = &self.scenario;
        let mission = self.rules.mission(&s.mission).map_or(s.mission.as_str(), |m| m.name.as_str());
        let mut text =
            format!("{} ({} x {}, {mission}, {} turns)\n", s.name, s.board.width, s.board.height, s.turns(&self.rules));
        for squad in &stats.squads {
            let _ = writeln!(
                text,
                "  {}: zone of {} squares seeing {} squares; {} units, {} EP (limit {})",
                squad_label(s.squads.get(squad.squad).map(|q| q.name.as_str()), squad.squad),
                squad.zone_squares,
                squad.squares_seen,
                squad.units,
                squad.ep,
                s.ep_limit
            );
        }
        if !stats.races.is_empty() {
            let _ = writeln!(text, "  activations from each zone to reach:");
        }
        for race in &stats.races {
            let turns: Vec<String> = race
                .activations
                .iter()
                .enumerate()
                .map(|(i, a)| {
                    let name = squad_label(s.squads.get(i).map(|q| q.name.as_str()), i);
                    format!("{name} {}", a.map_or_else(|| "never".to_owned(), |a| a.to_string()))
                })
                .collect();
            let _ = writeln!(text, "    {} {}: {}", race.what, race.pos, turns.join(", "));
        }
        Report { text, json: serde_json::json!(stats) }
    }

    fn symmetry(&self, kind: Option<&str>) -> Result<Report, String> {
        let symmetry = crate::board::symmetry_to_check(kind, self.scenario.symmetry)?;
        if symmetry == Symmetry::Rotate90 || !symmetry.fits(self.scenario.board.width, self.scenario.board.height) {
            return Err(format!("a {} does not fit a two-squad battle map of this shape", symmetry.label()));
        }
        let breaks = symmetry_breaks(&self.scenario, symmetry);
        let mut text = if breaks.is_empty() {
            format!("{}: symmetric under {}\n", self.scenario.name, symmetry.label())
        } else {
            format!("{}: {} asymmetries under {}\n", self.scenario.name, breaks.len(), symmetry.label())
        };
        for (pos, image, what) in &breaks {
            let _ = writeln!(text, "  {what} at {pos} differs from {image}");
        }
        let json = serde_json::json!({
            "symmetry": symmetry,
            "symmetric": breaks.is_empty(),
            "asymmetries": breaks.iter().map(|(p, q, what)| serde_json::json!({"pos": p, "image": q, "broken": what})).collect::<Vec<_>>(),
        });
        Ok(Report { text, json })
    }

    fn play(&self, script: &str, seed: u64) -> Result<Played, String> {
        let rules = &self.rules;
        let script = parse_script(script)?;
        let setup = self.scenario.to_setup(rules)?;
        let run = run_script(rules.as_ref(), &setup, seed, &script, |scripted, state| match scripted {
            Scripted::Action(action) => Some(action.clone()),
            Scripted::Computer => computer_action(rules, state),
        })?;
        let (events, state, failure) = (run.events, run.state, run.refused);
        let mut text = String::new();
        for event in &events {
            let _ = writeln!(text, "{}", describe_event(rules, &state, event));
        }
        let _ = writeln!(
            text,
            "-- turn {}, points {} to {}, {}",
            state.turn,
            state.squads[0].points,
            state.squads[1].points,
            match state.outcome {
                Outcome::Ongoing => format!("{} to act", squad_name(&state, state.deciding_squad())),
                Outcome::Draw => "a draw".into(),
                Outcome::Won { squad } => format!("{} won", squad_name(&state, squad)),
            }
        );
        let json = serde_json::json!({
            "events": events,
            "summary": summary_json(&state),
            "refused": failure.as_ref().map(|(line, action, rejection)| serde_json::json!({
                "line": line, "action": action, "reason": rejection.to_string(), "rejection": rejection,
            })),
        });
        let refused = failure.map(|(line, action, rejection)| (line, format!("{action:?} was refused: {rejection}")));
        Ok(Played { report: Report { text, json }, refused })
    }

    /// Battles through the shared `simulate`, with each squad's mission points, the actions a
    /// battle takes and the medals won; initiative is rolled, so no first seat rotates.
    fn simulate(&self, run: Run, progress: &mut dyn FnMut(usize)) -> Result<Report, String> {
        let mut points = [0u64; 2];
        let mut actions = 0usize;
        let mut medals: BTreeMap<String, usize> = BTreeMap::new();
        let setup = |_first: u8| self.scenario.to_setup(&self.rules);
        let squads: Vec<String> =
            (0..2).map(|i| squad_label(self.scenario.squads.get(i).map(|q| q.name.as_str()), i)).collect();
        let mut each = |record: &crate::game::GameRecord, state: &GameState| {
            actions += record.actions;
            for (i, squad) in state.squads.iter().enumerate().take(2) {
                points[i] += u64::from(squad.points);
            }
            for medal in state.medals.iter().flatten() {
                *medals.entry(format!("{medal:?}")).or_default() += 1;
            }
        };
        let mut report = crate::game::simulate(
            self.rules.as_ref(),
            &self.scenario.name,
            &squads,
            &setup,
            false,
            run,
            progress,
            &mut each,
        )?;
        let n = run.games.max(1) as f64;
        for (squad, total) in squads.iter().zip(points) {
            let _ = writeln!(report.text, "  {squad}: {:.1} mission points on average", total as f64 / n);
        }
        let _ = writeln!(report.text, "  {:.0} actions a battle on average", actions as f64 / n);
        report.json["mean_points"] = serde_json::json!(points.map(|p| p as f64 / n));
        report.json["mean_actions"] = serde_json::json!(actions as f64 / n);
        report.json["medals"] = serde_json::json!(medals);
        Ok(report)
    }

    fn with_setting(&self, name: &str, value: &str) -> Result<Box<dyn OpenScenario>, String> {
        let mut scenario = self.scenario.clone();
        match name {
            "turns" => {
                let turns: u8 = value.parse().map_err(|_| format!("'{value}' is not a number of turns"))?;
                if !(1..=12).contains(&turns) {
                    return Err("a battle lasts 1 to 12 turns".into());
                }
                scenario.turns = Some(turns);
            }
            "ep_limit" => scenario.ep_limit = value.parse().map_err(|_| format!("'{value}' is not a number of EP"))?,
            _ => return Err(format!("Skirm has no setting '{name}'; it knows turns and ep_limit")),
        }
        Ok(Self::boxed(Arc::clone(&self.rules), scenario))
    }

    fn seats(&self) -> u8 {
        2
    }

    /// Skirm has no fixed first mover (initiative is rolled each turn), so `first` is unused;
    /// a battle always ends after its last turn, so `round_cap` is too.
    fn battle(
        &self,
        seed: u64,
        _first: u8,
        _round_cap: u32,
        levels: &[Level],
    ) -> Result<crate::game::GameRecord, String> {
        computer_game(&self.rules, &self.scenario, seed, levels).map(|(record, _)| record)
    }

    fn export_pdf(&self, options: &ExportOptions, progress: &mut dyn FnMut(usize, usize)) -> Result<PdfReport, String> {
        super::print::export_pdf(&self.rules, &self.scenario, options, progress)
    }

    fn export_png(&self, scale: f32, dpi: u32, greyscale: bool) -> Result<Vec<u8>, String> {
        super::print::export_png(&self.rules, &self.scenario, scale, dpi, greyscale)
    }

    fn sheets(&self) -> &'static [crate::export::Sheet] {
        &super::print::SHEETS
    }

    /// The rules' 40 mm squares.
    fn default_paper(&self) -> crate::export::Paper {
        // A metric game: 40 mm squares, four across an A4 page.
        crate::export::Paper::A4
    }

    fn default_scale(&self) -> f32 {
        40.0 * crate::export::PT_PER_MM
    }

    fn export_foreign(&self, _format: &str) -> Option<(String, Vec<String>)> {
        None
    }
}
