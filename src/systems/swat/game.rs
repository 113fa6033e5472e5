//! Skirmish Wars' rules core behind the studio's typed game interface (`game::Rules`),
//! implemented on its loaded ruleset: the playtest session, the action-script player and the
//! battle runner of `simulate` and the balance lab are the shared ones.

use crate::game::{Decision, Finished, Level, Place, Planned, Rules, planner::Watch};
use crate::systems::swat::rules::{
    Action, Event, GameSetup, GameState, Outcome, PlayerId, PropertyKind, Rejection, Ruleset, UnitKindId,
    VictoryReason, apply, check, evaluate_for, legal_actions, script_turn, start_game,
};

impl Rules for Ruleset {
    type Setup = GameSetup;
    type State = GameState;
    type Action = Action;
    type Event = Event;
    type Rejection = Rejection;

    fn start(&self, setup: &GameSetup, seed: u64) -> Result<(GameState, Vec<Event>), String> {
        start_game(self, setup, seed).map_err(|e| e.to_string())
    }

    fn legal_actions(&self, state: &GameState) -> Vec<Action> {
        legal_actions(self, state)
    }

    fn check(&self, state: &GameState, action: &Action) -> Result<(), Rejection> {
        check(self, state, action)
    }

    fn apply(&self, state: &mut GameState, action: &Action) -> Result<Vec<Event>, Rejection> {
        apply(self, state, action)
    }

    fn to_move(&self, state: &GameState) -> Decision {
        if state.outcome == Outcome::Ongoing { Decision::Seat(state.current.0) } else { Decision::Over }
    }

    fn finished(&self, state: &GameState) -> Option<Finished> {
        match state.outcome {
            Outcome::Ongoing => None,
            Outcome::Won { winner, reason } => Some(Finished {
                winner: Some(winner.0),
                ending: match reason {
                    VictoryReason::Conquest => "Conquest",
                    VictoryReason::VictoryMedals => "VictoryMedals",
                    VictoryReason::CityConquest => "CityConquest",
                    VictoryReason::TurnLimit => "TurnLimit",
                }
                .into(),
            }),
            Outcome::Draw => Some(Finished {
                winner: None,
                ending: if state.victory.turn_limit.is_some() { "TurnLimit" } else { "Draw" }.into(),
            }),
        }
    }

    fn round(&self, state: &GameState) -> u32 {
        state.round
    }

    /// The turn the framework's planner chose over the game's scripts.
    fn computer_moves_watched(&self, state: &GameState, level: Level, watch: &Watch) -> Vec<Action> {
        crate::game::planner::computer_moves_watched(self, state, level, watch)
    }

    fn event_text(&self, state: &GameState, event: &Event) -> String {
        super::text::describe_event(self, state, event)
    }

    fn series_names(&self) -> &'static [&'static str] {
        &["funds", "income", "unit value"]
    }

    /// Each seat's funds, income and unit value.
    fn seat_numbers(&self, state: &GameState) -> Vec<Vec<f64>> {
        let max = f64::from(self.economy.max_hp.max(1));
        (0..state.players.len())
            .map(|seat| {
                let owner = PlayerId(u8::try_from(seat).unwrap_or(0));
                let income = super::rules::income(self, state, owner);
                let value: f64 = state
                    .units
                    .iter()
                    .filter(|u| u.owner == owner)
                    .map(|u| f64::from(self.unit(u.kind).cost) * f64::from(u.hp) / max)
                    .sum();
                vec![state.player(owner).funds as f64, f64::from(income), value]
            })
            .collect()
    }

    fn place_taken(&self, event: &Event) -> Option<(Place, u8)> {
        match event {
            Event::PropertyCaptured { pos, to, .. } => Some((Place::Square(pos.x, pos.y), to.0)),
            _ => None,
        }
    }

    /// What a game at the round cap shows of why it stalled, the cause that decides the rest
    /// first: no route between the armies, a player without an HQ under Conquest (only
    /// eliminating every unit wins), counter pools spent (nothing left to buy), properties
    /// nobody took, no turn limit to settle it.
    fn stall_causes(&self, state: &GameState) -> Vec<String> {
        let mut causes = Vec::new();
        let standing: Vec<PlayerId> = (0..state.players.len())
            .filter_map(|seat| u8::try_from(seat).ok().map(PlayerId))
            .filter(|&p| !state.player(p).defeated)
            .collect();
        // Listed first, as it decides the rest. No ground route: water with no bridge between
        // the armies, which nothing crosses, so the rules themselves cannot end the game (the
        // validator's `armies-cannot-meet`).
        if super::rules::armies_apart(self, state, &standing) {
            causes.push(
                "no route between the armies: water with no bridge, and nothing carries units over water, so the rules cannot end this game"
                    .to_owned(),
            );
        }
        if state.victory.conquest && standing.iter().any(|&p| state.count_owned(self, p, PropertyKind::Hq) == 0) {
            causes.push("no HQ to capture under Conquest".to_owned());
        }
        let spent = |p: PlayerId| {
            (0..self.units.len())
                .filter_map(|k| u8::try_from(k).ok().map(UnitKindId))
                .all(|kind| state.counters_left(self, p, kind) == Some(0))
        };
        let spent_armies = standing.iter().filter(|&&p| spent(p)).count();
        if spent_armies > 0 && spent_armies == standing.len() {
            causes.push("every army's counter pools exhausted".to_owned());
        } else if spent_armies > 0 {
            causes.push("an army's counter pools exhausted".to_owned());
        }
        let untaken = state
            .board
            .squares()
            .filter(|&pos| state.property_at(self, pos).is_some() && state.owner_at(pos).is_none())
            .count();
        if untaken > 0 {
            causes.push("properties nobody took".to_owned());
        }
        // Money that cannot be spent: a factory builds one unit a turn, so funds pile up when
        // income outruns the factories.
        let dearest = self.units.iter().map(|u| u.cost).max().unwrap_or(0);
        if standing.iter().any(|&p| state.player(p).funds > 3 * dearest) {
            causes.push(
                "funds piled up unspent (over three times the dearest unit): the factories or the counter pools cannot turn the income into units"
                    .to_owned(),
            );
        }
        // A standoff: no army has a unit nearer an enemy's properties than its own, so nothing
        // presses on anything.
        let owned = |p: PlayerId| -> Vec<crate::board::Pos> {
            state.board.squares().filter(|&pos| state.owner_at(pos) == Some(p)).collect()
        };
        let nearest = |from: crate::board::Pos, to: &[crate::board::Pos]| to.iter().map(|t| from.distance(*t)).min();
        let pressing = standing.iter().any(|&p| {
            let own = owned(p);
            let enemy: Vec<crate::board::Pos> = standing.iter().filter(|&&q| q != p).flat_map(|&q| owned(q)).collect();
            state
                .units
                .iter()
                .filter(|u| u.owner == p && u.carried_by.is_none())
                .any(|u| matches!((nearest(u.pos, &enemy), nearest(u.pos, &own)), (Some(e), Some(o)) if e < o))
        });
        if standing.len() > 1 && !pressing {
            causes.push(
                "a standoff: no army has a unit nearer the enemy's properties than its own (a narrow crossing or a line both sides hold)"
                    .to_owned(),
            );
        }
        if state.victory.turn_limit.is_none() {
            causes.push("no turn limit".to_owned());
        }
        causes
    }
}

/// What the framework's planner weighs: Skirmish Wars' styles of turn.
impl Planned for Ruleset {
    fn scripts(&self) -> &'static [&'static str] {
        &super::rules::SCRIPT_NAMES
    }

    fn script_moves(&self, state: &GameState, script: usize) -> Vec<Action> {
        script_turn(self, state, script, crate::game::planner::TURN_ACTIONS)
    }

    fn evaluate(&self, state: &GameState, seat: u8) -> f64 {
        evaluate_for(self, state, seat)
    }

    /// Dice of the planner's own, the same for every way weighed on one copy.
    fn reseed(&self, state: &mut GameState, salt: u64) {
        state.dice = crate::game::planner::fresh_dice(&state.dice, salt, state.round);
    }
}
