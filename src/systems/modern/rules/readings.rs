//! The house readings of Modern Skirmish: where the text is silent, a named switch with a
//! default and the sentence it resolves. A scenario may set them; the balance lab sweeps
//! those that change play (`reading.NAME=A,B`).

use serde::{Deserialize, Serialize};

/// Declares a reading's enum with the names files and the command line use, default first.
macro_rules! reading {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
        #[serde(rename_all = "snake_case")]
        pub enum $name {
            #[default]
            $($(#[$vdoc])* $variant),+
        }

        impl $name {
            /// Every value, the default first, with its name.
            pub const VALUES: &'static [($name, &'static str)] = &[$(($name::$variant, $text)),+];

            /// Its name in files and on the command line.
            #[must_use]
            pub fn name(self) -> &'static str {
                Self::VALUES.iter().find(|(v, _)| *v == self).map_or("", |(_, n)| n)
            }

            fn parse(text: &str) -> Option<Self> {
                Self::VALUES.iter().find(|(_, n)| *n == text).map(|(v, _)| *v)
            }
        }
    };
}

reading!(
    /// How often a figure may fire while its side keeps the initiative.
    FireLimit {
        /// Each figure fires at most once each time its side holds the initiative.
        OncePerInitiative = "once_per_initiative",
        /// As written: a unit that passes may fire again and again.
        AsWritten = "as_written",
    }
);
reading!(
    /// When the game ends; a round is the Antagonist's initiative and then the Affiliation's.
    GameEnd {
        /// After twelve rounds, or when a side has no unit on the table.
        TwelveRounds = "twelve_rounds",
        /// After eight rounds, or when a side has no unit on the table.
        EightRounds = "eight_rounds",
        /// Only when a side has no unit on the table.
        LastUnit = "last_unit",
    }
);
reading!(
    /// Who "won the skirmish".
    Skirmish {
        /// The side that broke (routed or wiped out) more enemy units; kills decide a tie.
        MoreUnitsBroken = "more_units_broken",
        /// The side that killed more enemy figures.
        MoreKills = "more_kills",
    }
);
reading!(
    /// Who is "in control of the field".
    Field {
        /// The side with more figures on the table at the end.
        MoreFigures = "more_figures",
        /// The side with more figures within 30 cm of the table's centre.
        Centre = "centre",
        /// Winning the skirmish is control enough.
        SkirmishWinner = "skirmish_winner",
    }
);
reading!(
    /// What hides a figure.
    Sight {
        /// A building hides what is behind it, except from or to a figure inside it.
        BuildingsBlock = "buildings_block",
        /// Nothing hides a figure; terrain gives cover only.
        Open = "open",
    }
);
reading!(
    /// When a target is in cover.
    Cover {
        /// Inside a building or wood, or close behind a low wall the shot crosses.
        InsideOrBehind = "inside_or_behind",
        /// Only inside a building or wood.
        InsideOnly = "inside_only",
    }
);
reading!(
    /// A shot beyond the chart's last row.
    Beyond {
        /// No shot beyond 60 cm.
        NoShot = "no_shot",
        /// Beyond 60 cm uses the 60 cm row.
        LongRow = "long_row",
    }
);
reading!(
    /// A range exactly on a row's edge (exactly 30 cm).
    BandEdge {
        /// Uses the nearer row: exactly 30 cm is the 30 cm row.
        Nearer = "nearer",
        /// Uses the farther row: 30 cm needs the 50 cm row.
        Farther = "farther",
    }
);
reading!(
    /// How ranges and moves are measured between round bases.
    Measuring {
        /// Base edge to base edge; a move is its centre's path.
        EdgeToEdge = "edge_to_edge",
        /// Centre to centre.
        CentreToCentre = "centre_to_centre",
    }
);
reading!(
    /// Whether a unit keeps together.
    Coherency {
        /// After moving, each figure is within 5 cm (base edge to base edge) of another of its
        /// unit, all in one group, unless the unit was apart before and stays no worse.
        FiveCm = "five_cm",
        /// Figures move freely.
        None = "none",
    }
);
reading!(
    /// What a hit without a kill does.
    HitNoKill {
        /// Nothing.
        NoEffect = "no_effect",
        /// The target's unit takes one morale minus.
        MoraleMinus = "morale_minus",
    }
);
reading!(
    /// Whether a charge into base contact passes the initiative.
    Charge {
        /// It does: it is the unit's whole movement, and moving yields the initiative.
        PassesInitiative = "passes_initiative",
        /// It does not: the side tests again, as after firing.
        KeepsInitiative = "keeps_initiative",
    }
);
reading!(
    /// Where the sides set up (checked by the validator; the scenario places the figures).
    Deployment {
        /// In the side's deployment zone the scenario draws.
        ScenarioZones = "scenario_zones",
        /// Within 15 cm of the side's own long edge.
        Edge15Cm = "edge_15cm",
    }
);

reading!(
    /// Whether a side holding the initiative may pass it without testing a unit.
    Passing {
        /// It may: passing yields the initiative as a failed test does.
        Allowed = "allowed",
        /// It tests a unit first; only a unit that passed its test may stand.
        AfterTest = "after_test",
    }
);
reading!(
    /// Which rout passes the initiative ("Go to next (other) player's activation").
    RoutPasses {
        /// Only a rout of the acting side's own unit (its own fire's ammo, or a charge).
        OwnUnit = "own_unit",
        /// Any rout, of either side's unit.
        AnyUnit = "any_unit",
    }
);
reading!(
    /// A move from inside one building straight into another.
    BuildingToBuilding {
        /// 100 mm, as going in or out.
        InOrOut = "in_or_out",
        /// Not in one move: out, then in, two moves.
        TwoMoves = "two_moves",
    }
);
reading!(
    /// Equal scores when no side won the skirmish.
    Tie {
        /// A draw.
        Draw = "draw",
        /// The side with more figures on the table.
        MoreFigures = "more_figures",
    }
);

/// Every reading's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
#[serde(default)]
pub struct Readings {
    /// See [`FireLimit`].
    fire_limit: FireLimit,
    /// See [`GameEnd`].
    game_end: GameEnd,
    /// See [`Skirmish`].
    skirmish: Skirmish,
    /// See [`Field`].
    field: Field,
    /// See [`Sight`].
    sight: Sight,
    /// See [`Cover`].
    cover: Cover,
    /// See [`Beyond`].
    beyond: Beyond,
    /// See [`BandEdge`].
    band_edge: BandEdge,
    /// See [`Measuring`].
    measuring: Measuring,
    /// See [`Coherency`].
    coherency: Coherency,
    /// See [`HitNoKill`].
    hit_no_kill: HitNoKill,
    /// See [`Charge`].
    charge: Charge,
    /// See [`Deployment`].
    deployment: Deployment,
    /// See [`Passing`].
    passing: Passing,
    /// See [`RoutPasses`].
    rout_passes: RoutPasses,
    /// See [`BuildingToBuilding`].
    building_to_building: BuildingToBuilding,
    /// See [`Tie`].
    tie: Tie,
}

crate::watch::watched_readings! {
    Readings, Asked;
    0 fire_limit: FireLimit;
    1 game_end: GameEnd;
    2 skirmish: Skirmish;
    3 field: Field;
    4 sight: Sight;
    5 cover: Cover;
    6 beyond: Beyond;
    7 band_edge: BandEdge;
    8 measuring: Measuring;
    9 coherency: Coherency;
    10 hit_no_kill: HitNoKill;
    11 charge: Charge;
    12 deployment: Deployment;
    13 passing: Passing;
    14 rout_passes: RoutPasses;
    15 building_to_building: BuildingToBuilding;
    16 tie: Tie;
}

pub use crate::ruleset::Reading;

/// Every reading.
pub const READINGS: [Reading; 17] = [
    Reading {
        name: "fire_limit",
        values: &["once_per_initiative", "as_written"],
        sentence: "\"the initiating player may fire an individual figure and not loose the inactive\" (read as \
                   \"not lose the initiative\"): a unit with 0-3 minuses never fails its test, so as written it fires \
                   forever; by default each figure fires once while its side holds the initiative",
        changes_play: true,
    },
    Reading {
        name: "game_end",
        values: &["twelve_rounds", "eight_rounds", "last_unit"],
        sentence: "the text has no rounds and no end: a round is the Antagonist's initiative then the \
                   Affiliation's, and the game ends after twelve, or when a side has no unit on the table",
        changes_play: true,
    },
    Reading {
        name: "skirmish",
        values: &["more_units_broken", "more_kills"],
        sentence: "\"the side that won the skirmish\": the side that broke (routed or wiped out) more enemy units, \
                   kills deciding a tie",
        changes_play: true,
    },
    Reading {
        name: "field",
        values: &["more_figures", "centre", "skirmish_winner"],
        sentence: "\"and is in control of the field\": the side with more figures on the table at the end",
        changes_play: true,
    },
    Reading {
        name: "sight",
        values: &["buildings_block", "open"],
        sentence: "the text says nothing of sight: a building hides what is behind it, except from or to a figure \
                   inside it (at its windows)",
        changes_play: true,
    },
    Reading {
        name: "cover",
        values: &["inside_or_behind", "inside_only"],
        sentence: "\"related to target's cover\": a target is in cover inside a building or wood, or within 5 cm \
                   behind a low wall the shot crosses",
        changes_play: true,
    },
    Reading {
        name: "beyond",
        values: &["no_shot", "long_row"],
        sentence: "the chart stops at 60 cm: no shot beyond it",
        changes_play: true,
    },
    Reading {
        name: "band_edge",
        values: &["nearer", "farther"],
        sentence: "rows 30, 50 and 60 cm: a row reaches up to and including its range (exactly 30 cm is the 30 cm \
                   row)",
        changes_play: true,
    },
    Reading {
        name: "measuring",
        values: &["edge_to_edge", "centre_to_centre"],
        sentence: "the text names no base or how to measure: 25 mm round bases, ranges base edge to base edge, a \
                   move by its centre's path",
        changes_play: true,
    },
    Reading {
        name: "coherency",
        values: &["five_cm", "none"],
        sentence: "\"may move any or all individuals in that unit\": after moving, each figure is within 5 cm of \
                   another of its unit, all in one group",
        changes_play: true,
    },
    Reading {
        name: "hit_no_kill",
        values: &["no_effect", "morale_minus"],
        sentence: "\"the target is KIA if ... the colour die was within the specification\": a hit without a kill \
                   does nothing",
        changes_play: true,
    },
    Reading {
        name: "charge",
        values: &["passes_initiative", "keeps_initiative"],
        sentence: "\"this constitutes the total movement available for the unit\": a charge is the unit's move, so \
                   it yields the initiative as a move does",
        changes_play: true,
    },
    Reading {
        name: "deployment",
        values: &["scenario_zones", "edge_15cm"],
        sentence: "the text gives no table size or deployment: each side sets up in the zone the scenario draws \
                   (the validator checks it; 120 x 90 cm tables are the samples')",
        changes_play: false,
    },
    Reading {
        name: "passing",
        values: &["allowed", "after_test"],
        sentence: "\"With the initiative a player will first test the morale of the unit they wish to activate\": \
                   whether a side may decline to activate any unit is not said; by default it may pass",
        changes_play: true,
    },
    Reading {
        name: "rout_passes",
        values: &["own_unit", "any_unit"],
        sentence: "\"A unit will rout ... Go to next (other) player's activation / initiating phase\": by default only \
                   a rout of the acting side's own unit passes the initiative",
        changes_play: true,
    },
    Reading {
        name: "building_to_building",
        values: &["in_or_out", "two_moves"],
        sentence: "\"100mm to go from inside to outside a building or visa versa\": from one building straight into \
                   another is not listed; by default it is 100 mm",
        changes_play: true,
    },
    Reading {
        name: "tie",
        values: &["draw", "more_figures"],
        sentence: "\"Highest score wins. Skirmish winner wins ties.\": equal scores with no skirmish winner are a draw",
        changes_play: true,
    },
];

impl Readings {
    /// Sets a reading by name and value name.
    ///
    /// # Errors
    /// An unknown reading or value, with the values it takes.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        fn put<T: Copy>(slot: &mut T, parsed: Option<T>) -> bool {
            parsed.map(|v| *slot = v).is_some()
        }
        let done = match name {
            "fire_limit" => put(&mut self.fire_limit, FireLimit::parse(value)),
            "game_end" => put(&mut self.game_end, GameEnd::parse(value)),
            "skirmish" => put(&mut self.skirmish, Skirmish::parse(value)),
            "field" => put(&mut self.field, Field::parse(value)),
            "sight" => put(&mut self.sight, Sight::parse(value)),
            "cover" => put(&mut self.cover, Cover::parse(value)),
            "beyond" => put(&mut self.beyond, Beyond::parse(value)),
            "band_edge" => put(&mut self.band_edge, BandEdge::parse(value)),
            "measuring" => put(&mut self.measuring, Measuring::parse(value)),
            "coherency" => put(&mut self.coherency, Coherency::parse(value)),
            "hit_no_kill" => put(&mut self.hit_no_kill, HitNoKill::parse(value)),
            "charge" => put(&mut self.charge, Charge::parse(value)),
            "deployment" => put(&mut self.deployment, Deployment::parse(value)),
            "passing" => put(&mut self.passing, Passing::parse(value)),
            "rout_passes" => put(&mut self.rout_passes, RoutPasses::parse(value)),
            "building_to_building" => put(&mut self.building_to_building, BuildingToBuilding::parse(value)),
            "tie" => put(&mut self.tie, Tie::parse(value)),
            _ => {
                let known: Vec<&str> = READINGS.iter().map(|r| r.name).collect();
                return Err(format!("Modern Skirmish has no reading '{name}' (it knows {})", known.join(", ")));
            }
        };
        if done {
            Ok(())
        } else {
            let values = READINGS.iter().find(|r| r.name == name).map_or(&[][..], |r| r.values);
            Err(format!("reading.{name} does not take '{value}' (it takes {})", values.join(", ")))
        }
    }

    /// A reading's value by name, for the settings that show and copy it (play asks through
    /// [`Readings::ask`]).
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&'static str> {
        Some(match name {
            "fire_limit" => self.fire_limit.name(),
            "game_end" => self.game_end.name(),
            "skirmish" => self.skirmish.name(),
            "field" => self.field.name(),
            "sight" => self.sight.name(),
            "cover" => self.cover.name(),
            "beyond" => self.beyond.name(),
            "band_edge" => self.band_edge.name(),
            "measuring" => self.measuring.name(),
            "coherency" => self.coherency.name(),
            "hit_no_kill" => self.hit_no_kill.name(),
            "charge" => self.charge.name(),
            "deployment" => self.deployment.name(),
            "passing" => self.passing.name(),
            "rout_passes" => self.rout_passes.name(),
            "building_to_building" => self.building_to_building.name(),
            "tie" => self.tie.name(),
            _ => return None,
        })
    }
}

impl Asked<'_> {
    /// The round after which the game ends, if the `game_end` reading has one.
    #[must_use]
    pub fn last_round(&self) -> Option<u32> {
        match self.game_end() {
            GameEnd::TwelveRounds => Some(12),
            GameEnd::EightRounds => Some(8),
            GameEnd::LastUnit => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reading_lists_the_values_its_type_takes_default_first() {
        let defaults = Readings::default();
        for reading in &READINGS {
            assert_eq!(defaults.get(reading.name), Some(reading.values[0]), "{}", reading.name);
            for value in reading.values {
                let mut r = Readings::default();
                r.set(reading.name, value).unwrap();
                assert_eq!(r.get(reading.name), Some(*value));
            }
        }
        assert!(Readings::default().set("fire_limit", "twice").unwrap_err().contains("once_per_initiative"));
        assert!(Readings::default().set("morale", "x").unwrap_err().contains("no reading"));
    }
}
