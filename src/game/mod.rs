//! The seam between the studio and its games: the narrow interface through which the command
//! line, the balance lab and the window's export and Balance panel reach any game without
//! naming it. A game implements [`GameSystem`]; the registry in `crate::systems` lists them.
//! Its typed rules core implements [`Rules`], on which the playtest session, the script
//! player and the battle runner are written once (`play.rs`).
//!
//! Architecture invariant: nothing here names a game, and nothing here assumes squares: a
//! [`Place`] is a square or a point of an open table, export options give a scale and the
//! sheets a game declares, and the rest is text and JSON the game shapes.

mod definition;
pub mod edits;
mod findings;
mod generate;
mod lending;
pub mod naming;
mod opened;
pub mod planner;
mod play;
mod playing;
mod playtest;
mod settings;

pub use definition::{FirstMover, GameDefinition, GameRuleset, Opened, load_ruleset};
pub use edits::{Aim, Edit, Proposal};
pub use findings::{FIND_THE_FILE, Finding, Fix, Shown, art_findings};
pub use generate::{Choice, Chooser, GenerateRequest, Generated};
pub use lending::Lending;
pub use opened::diagnostic;
pub use planner::Planned;
pub use play::{
    Course, Decision, Finished, GameWithCourse, MAX_SCRIPT_ACTIONS, Rules, ScriptRun, Session, run_battle,
    run_battle_replaying, run_script, script_too_long, script_too_long_reason, simulate,
};
pub use playing::{Playing, game_id};
pub use playtest::{GameId, MAX_SAVED_ACTIONS, Playtest, SAVED_GAME_VERSION, SavedGame, read_saved_game};
pub use settings::{
    Setting, SettingKind, reading_name, reading_settings, seat_choice, watch_house_readings, without_seat_choices,
};

use crate::export::{ExportOptions, PdfReport, Sheet};
use crate::files::FileError;
pub use crate::level::Level;
use serde::Serialize;

/// What a command prints: lines for a person and a value for `--json`.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// For a person, one line per item, ending in a newline.
    pub text: String,
    /// For a script.
    pub json: serde_json::Value,
}

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Severity {
    /// Blocks a playtest and a "valid" export.
    Error,
    /// Advice.
    Warning,
}

/// One finding of a system's validator, as the command line and the print export see it.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// A stable code such as `unit-on-impassable-terrain`.
    pub code: String,
    /// What is wrong, in a player's words.
    pub message: String,
    /// Where, in the system's own words ("(3, 4) (5, 6)" for squares); empty for the whole
    /// scenario.
    pub place: String,
    /// The label of its one-click fix, where one exists.
    pub fix: Option<String>,
    /// The whole finding as the system serialises it (places, fix and its edits).
    pub json: serde_json::Value,
}

impl Diagnostic {
    /// One line for a person: `error[code] at (1, 2): message (fix: label)`.
    #[must_use]
    pub fn line(&self) -> String {
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let place = if self.place.is_empty() { String::new() } else { format!(" at {}", self.place) };
        let fix = self.fix.as_ref().map_or_else(String::new, |f| format!(" (fix: {f})"));
        format!("{severity}[{}]{place}: {}{fix}", self.code, self.message)
    }
}

/// The Wilson score interval for a share of `k` in `n` at 95% confidence, as fractions:
/// honest at small samples and at shares near 0 or 1, where the normal interval is not.
#[must_use]
pub fn wilson_interval(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// A count with its noun in the right number: "1 error", "2 errors", "0 warnings".
#[must_use]
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A number of games, "1 game" or "40 games".
#[must_use]
pub fn games_counted(n: usize) -> String {
    counted(n, "game", "games")
}

/// How a game ended, for a person, from the stable key a game reports (`Finished::ending`,
/// kept as it is in machine-readable output): "ended in a draw", "stopped at the round cap",
/// "ended by mission points" (the key's words, lower case).
#[must_use]
pub fn ending_phrase(key: &str) -> String {
    match key {
        "Draw" => "ended in a draw".into(),
        "RoundCap" => "stopped at the round cap (no result)".into(),
        _ => {
            let mut words = String::new();
            for c in key.chars() {
                if c.is_uppercase() && !words.is_empty() {
                    words.push(' ');
                }
                words.extend(c.to_lowercase());
            }
            format!("ended by {words}")
        }
    }
}

/// A share for a person: `64 of 100 (64%, 95% interval 54% to 73%)`.
#[must_use]
pub fn share_text(k: usize, n: usize) -> String {
    let (low, high) = wilson_interval(k, n);
    let share = if n == 0 { 0.0 } else { 100.0 * k as f64 / n as f64 };
    format!("{k} of {n} ({share:.0}%, 95% interval {:.0}% to {:.0}%)", 100.0 * low, 100.0 * high)
}

/// Whether any finding is an error.
#[must_use]
pub fn has_errors(findings: &[Diagnostic]) -> bool {
    findings.iter().any(|f| f.severity == Severity::Error)
}

/// What playing an action script gave.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    /// Every event, the final position, and the refusal if one stopped the script.
    pub report: Report,
    /// The script's line and the rules' reason, when an action was refused.
    pub refused: Option<(usize, String)>,
}

/// Why a ruleset could not be used.
#[derive(Debug, Clone, PartialEq)]
pub struct RulesProblem {
    /// A syntax error (the file could not be read as data at all), not a content problem.
    pub syntax: bool,
    /// Every problem, for a person.
    pub text: String,
    /// Every problem, for a script.
    pub json: serde_json::Value,
}

impl From<crate::ruleset::RulesetError> for RulesProblem {
    fn from(error: crate::ruleset::RulesetError) -> Self {
        Self { syntax: error.syntax, text: error.to_string(), json: serde_json::json!(error.problems) }
    }
}

/// A block of computer games for `simulate`: how many, from which seed (game `i` uses
/// `seed + i`), and the round each is stopped at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    /// Games to play.
    pub games: usize,
    /// The first game's seed.
    pub seed: u64,
    /// The round a game is stopped at, undecided.
    pub round_cap: u32,
}

/// One computer game as `simulate` and the balance lab count it (read back when a lab run
/// split across processes is merged).
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct GameRecord {
    /// The winning seat, from 0; none for a draw.
    pub winner: Option<u8>,
    /// The seat that moved first, where the game has one fixed for the whole game.
    pub first: Option<u8>,
    /// Rounds or turns played.
    pub length: u32,
    /// How it ended, in the system's words.
    pub ending: String,
    /// Actions taken.
    pub actions: usize,
    /// Numbers per seat at the end of each round (`funds`, `income`, `unit value`), for the
    /// balance lab's curves; empty where a system records none.
    pub series: Vec<Series>,
    /// Each change of hands of a place on the board, for the heatmap.
    pub captures: Vec<CaptureRecord>,
    /// For a game stopped at the round cap: why it may have stalled, in the game's words, the
    /// cause that decides the rest first.
    pub stalled: Vec<String>,
}

/// A lab game played under the watch of [`crate::watch`], against variants of its scenario.
pub struct Watched {
    /// The game.
    pub record: GameRecord,
    /// Per variant, the first decision from which its game could differ from this one; `None`
    /// when it cannot differ at all, so this record is that game's too.
    pub differs_from: Vec<Option<usize>>,
    /// The game's course, for a variant's game to replay
    /// ([`OpenScenario::battle_replaying`]).
    pub course: Box<dyn std::any::Any + Send + Sync>,
}

/// One number per seat per round.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct Series {
    /// What it is.
    pub name: String,
    /// Per seat, per round.
    pub values: Vec<Vec<f64>>,
}

/// What a game's balance heatmap counts at a place, in the game's words, and how its places
/// read: the lab records places generically, each game says what they mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct HeatWords {
    /// The heatmap's heading: "Where properties changed hands".
    pub title: &'static str,
    /// What the count at a place is, after its number: "changes of hands", "units destroyed".
    pub counted: &'static str,
    /// What a seat's part of the count is, before the seats: "taken by", "destroyed by".
    pub by: &'static str,
    /// The unit a table's places are measured in (none on a board of squares).
    pub unit: Option<crate::table::LengthUnit>,
}

impl HeatWords {
    /// A board of squares whose places change hands.
    pub const SQUARES: HeatWords =
        HeatWords { title: "Where places changed hands", counted: "changes of hands", by: "taken by", unit: None };

    /// A place for people: `(12, 4)` for a square (column across, row down), `(43.5", 19.5")`
    /// for a point of a table in its own unit.
    #[must_use]
    pub fn place(&self, place: Place) -> String {
        match (place, self.unit) {
            (Place::Point(x, y), Some(unit)) => format!("({}, {})", unit.show(x), unit.show(y)),
            _ => place.to_string(),
        }
    }
}

/// How the lab's words name a scenario's things: its seats, what its heatmap counts, and the
/// board's extent in its own units (squares, or whole inches or centimetres).
#[derive(Debug, Clone, PartialEq)]
pub struct LabNaming {
    /// Each seat's name ("Allies", "player 1").
    pub seats: Vec<String>,
    /// What the heatmap counts.
    pub heat: HeatWords,
    /// The board's width and depth in its units.
    pub board: (u16, u16),
}

impl LabNaming {
    /// The name of `seat` (counted from 0), "player N" past the named ones.
    #[must_use]
    pub fn seat(&self, seat: u8) -> String {
        self.seats.get(usize::from(seat)).cloned().unwrap_or_else(|| format!("player {}", seat + 1))
    }
}

/// A place on a game's board: a square of a grid, or a point of an open table measured in
/// micrometres (exact for inches and centimetres alike).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Place {
    /// A square: column and row from the top-left, from 0.
    Square(u16, u16),
    /// A point on the table: across and down from the top-left corner, in micrometres.
    Point(i64, i64),
}

impl Place {
    /// Where it is in board units (squares, or millimetres on a table): its top-left corner
    /// and its size (a point is a millimetre across).
    #[must_use]
    pub fn board_rect(self) -> ((f32, f32), f32) {
        match self {
            Place::Square(x, y) => ((f32::from(x), f32::from(y)), 1.0),
            Place::Point(x, y) => ((x as f32 / 1000.0 - 0.5, y as f32 / 1000.0 - 0.5), 1.0),
        }
    }
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Place::Square(x, y) => write!(f, "({x}, {y})"),
            Place::Point(x, y) => write!(f, "({:.1} mm, {:.1} mm)", *x as f64 / 1000.0, *y as f64 / 1000.0),
        }
    }
}

/// A square as `[x, y]` (as the command line has always written it), a point as
/// `{"x_um": .., "y_um": ..}`.
impl<'de> serde::Deserialize<'de> for Place {
    /// Reads what [`Place`]'s `Serialize` writes: `[x, y]` for a square, `{x_um, y_um}` for a point.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(untagged)]
        enum Written {
            Square(u16, u16),
            Point { x_um: i64, y_um: i64 },
        }
        Ok(match Written::deserialize(deserializer)? {
            Written::Square(x, y) => Place::Square(x, y),
            Written::Point { x_um, y_um } => Place::Point(x_um, y_um),
        })
    }
}

impl Serialize for Place {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            Place::Square(x, y) => (x, y).serialize(serializer),
            Place::Point(x, y) => {
                use serde::ser::SerializeStruct;
                let mut point = serializer.serialize_struct("Point", 2)?;
                point.serialize_field("x_um", &x)?;
                point.serialize_field("y_um", &y)?;
                point.end()
            }
        }
    }
}

/// A place that changed hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct CaptureRecord {
    /// Where.
    pub at: Place,
    /// The seat that took it.
    pub seat: u8,
    /// The round.
    pub round: u32,
}

/// A game system: one game's rules, documents and tools behind one interface.
pub trait GameSystem: Sync {
    /// The id a scenario file names in its `system` field (`swat`).
    fn id(&self) -> &'static str;
    /// The game's name for people.
    fn title(&self) -> &'static str;
    /// The sheets it prints, in print order (the ids `export --sheets` takes).
    fn sheets(&self) -> &'static [Sheet];
    /// The paper it prints on unless told otherwise.
    fn paper(&self) -> crate::export::Paper;
    /// The system's rules: the built-in ruleset, or a replacement file's text.
    ///
    /// # Errors
    /// Every problem of the replacement.
    fn rules(&self, replacement: Option<&str>) -> Result<Box<dyn SystemRules>, RulesProblem>;
}

/// A system with its ruleset loaded: opens scenarios and describes itself.
pub trait SystemRules {
    /// The ruleset, for `skirmish-studio ruleset`.
    fn describe(&self) -> Report;
    /// Reads a scenario file of this system.
    ///
    /// # Errors
    /// Where and why the file cannot be read.
    fn open(&self, text: &str) -> Result<Box<dyn OpenScenario>, FileError>;
    /// Reads a map from another program's format (for Skirmish Wars: Advance Wars By Web),
    /// giving this system's scenario file and a report; `None` when the system imports none.
    fn import(&self, text: &str, name: &str) -> Option<Result<(String, Report), FileError>>;
    /// A symmetric scenario drawn from a seed, as its file text and opened.
    ///
    /// # Errors
    /// A choice the game cannot make.
    fn generate(&self, request: &GenerateRequest) -> Result<Generated, String>;
}

/// A scenario read by its system, ready for every headless command (and shared between the
/// balance lab's threads).
pub trait OpenScenario: Send + Sync {
    /// Its title.
    fn name(&self) -> &str;
    /// Every finding of the validator.
    fn findings(&self) -> Vec<Diagnostic>;
    /// Statistics for the designer.
    fn stats(&self) -> Report;
    /// The asymmetries under the declared symmetry, or under `kind` (a name such as
    /// `rotate180`).
    ///
    /// # Errors
    /// An unknown kind, none declared, or one that cannot hold on this board.
    fn symmetry(&self, kind: Option<&str>) -> Result<Report, String>;
    /// Plays an action script with a dice seed.
    ///
    /// # Errors
    /// The script cannot be read (line and reason), or the game cannot start.
    fn play(&self, script: &str, seed: u64) -> Result<Played, String>;
    /// Computer against computer, `games` games from `seed`, the first mover rotating.
    ///
    /// # Errors
    /// Why the games cannot be played.
    fn simulate(&self, run: Run, progress: &mut dyn FnMut(usize)) -> Result<Report, String>;
    /// Seats (players or squads).
    fn seats(&self) -> u8;
    /// Each seat's name for the lab's words ("player 1" unless the game names its sides).
    fn seat_names(&self) -> Vec<String> {
        (1..=self.seats()).map(|n| format!("player {n}")).collect()
    }
    /// How the lab's words name the scenario's seats, heatmap and board.
    fn lab_naming(&self) -> LabNaming;
    /// One game between computer players of these levels (one per seat) from `seed`, with
    /// `first` moving first where the game fixes a first mover, stopped after `round_cap`
    /// rounds.
    ///
    /// # Errors
    /// Why the game cannot be played.
    fn battle(&self, seed: u64, first: u8, round_cap: u32, levels: &[Level]) -> Result<GameRecord, String>;
    /// [`OpenScenario::battle`], watched against `variants` (each a setting and a value, as
    /// [`OpenScenario::with_setting`] takes them): the game, and for each variant the first
    /// decision from which its game (same seed, same first mover) could differ from this one.
    /// A game that cannot tell says every variant could differ from the start.
    ///
    /// # Errors
    /// Why the game cannot be played.
    fn battle_watched(
        &self,
        seed: u64,
        first: u8,
        round_cap: u32,
        levels: &[Level],
        variants: &[(String, String)],
    ) -> Result<Watched, String> {
        let record = self.battle(seed, first, round_cap, levels)?;
        Ok(Watched { record, differs_from: vec![Some(0); variants.len()], course: Box::new(()) })
    }
    /// [`OpenScenario::battle`] with its first `decisions` decisions taken from `course`, a
    /// watched game's ([`Watched::course`]) of a scenario this one is a variant of, up to
    /// where the watch said this scenario's game could first differ. The same game as
    /// `battle` gives, with less thinking. A course of another kind is not replayed.
    ///
    /// # Errors
    /// Why the game cannot be played.
    fn battle_replaying(
        &self,
        seed: u64,
        first: u8,
        round_cap: u32,
        levels: &[Level],
        (course, decisions): (&(dyn std::any::Any + Send + Sync), usize),
    ) -> Result<GameRecord, String> {
        let _ = (course, decisions);
        self.battle(seed, first, round_cap, levels)
    }
    /// Lets go of the answers the lab's games of the scenario kept for the next ones
    /// ([`GameDefinition::setup_again`]): a run that has stopped plays no more games, and a
    /// report of many runs would otherwise hold every run's until it ends. A later game works
    /// them out again; none is kept by default.
    fn let_go_of_kept(&self) {}
    /// What the scenario lets the lab vary: numbers, each seat's own choice, the house
    /// readings; none by default.
    fn settings(&self) -> Vec<Setting> {
        Vec::new()
    }
    /// The edits the game proposes toward `aim`, each with the scenario it makes (the balance
    /// lab's suggestions); none by default.
    fn edits(&self, _aim: &Aim) -> Vec<Proposal> {
        Vec::new()
    }
    /// Cost calibration: each unit profile's worth to winning from games with one unit taken
    /// off, and the costs that would price it so; `None` for a game without unit costs.
    fn calibrate(&self, _games: usize, _seed: u64, _threads: usize) -> Option<Result<Report, String>> {
        None
    }
    /// The value a named setting has now, where it takes named values.
    fn setting_value(&self, _name: &str) -> Option<String> {
        None
    }
    /// A copy of the scenario with one setting changed (by the name [`OpenScenario::settings`]
    /// gives it), for the balance lab's sweeps and matrices.
    ///
    /// # Errors
    /// The system has no such setting, or the value does not fit it.
    fn with_setting(&self, name: &str, value: &str) -> Result<Box<dyn OpenScenario>, String>;
    /// The print sheets as a PDF.
    ///
    /// # Errors
    /// Why the sheets cannot be made.
    fn export_pdf(&self, options: &ExportOptions, progress: &mut dyn FnMut(usize, usize)) -> Result<PdfReport, String>;
    /// The board as a PNG at `dpi`, `scale` points per board unit, with the designer's `art`.
    ///
    /// # Errors
    /// Why the image cannot be made (too large, say).
    fn export_png(
        &self,
        scale: f32,
        dpi: u32,
        greyscale: bool,
        art: crate::export::PrintArt<'_>,
    ) -> Result<Vec<u8>, String>;
    /// The background image the scenario places under its board, if any.
    fn backdrop(&self) -> Option<&crate::art::Backdrop>;
    /// The designer's images per kind, logo and cover.
    fn art(&self) -> &crate::art::ArtBook;
    /// The kinds the game draws with the designer's art, for the Art panel.
    fn art_kinds(&self) -> Vec<crate::art::ArtKind>;
    /// Each of `art`'s files drawn on the board printed at `scale` points per board unit, with
    /// the lowest dots per inch it prints at there.
    fn art_dpi(&self, art: &crate::art::LoadedArt, scale: f32) -> Vec<(String, f64)>;
    /// The board's size in whole board units and what a unit is called ("squares", "inches",
    /// "centimetres"): where a background image is placed, and in what words.
    fn board_extent(&self) -> (u16, u16, &'static str);
    /// The sheets this game prints, in print order.
    fn sheets(&self) -> &'static [Sheet];
    /// The scale it prints at unless told otherwise: points per board unit (a square's side,
    /// or an inch or a millimetre of the table at 1:1).
    fn default_scale(&self) -> f32;
    /// The paper it prints on unless told otherwise (its players' usual size).
    fn default_paper(&self) -> crate::export::Paper;
    /// The scenario in another program's format (`awbw`), with notes on what was left out;
    /// `None` when the system does not write that format.
    fn export_foreign(&self, format: &str) -> Option<(String, Vec<String>)>;
}

/// Reads which game system a document file names: `system` (or `ruleset` in files written
/// before systems had a name), or `None` when the text is not a document of this studio.
#[must_use]
pub fn system_id_of(text: &str) -> Option<String> {
    #[derive(serde::Deserialize)]
    #[serde(rename = "Scenario")]
    struct SystemProbe {
        #[serde(default)]
        system: Option<String>,
        #[serde(default)]
        ruleset: Option<String>,
    }
    match crate::files::ron_options().from_str::<SystemProbe>(text) {
        Ok(probe) => probe.system.or(probe.ruleset),
        // A damaged file still names its game near the top: its own reader then says what is
        // wrong and where, in its own terms.
        Err(_) => named_system(text),
    }
}

/// The id in the first `system: "id"` of a text that does not parse as a whole.
fn named_system(text: &str) -> Option<String> {
    let (_, after) = text.split_once("system")?;
    let after = after.trim_start().strip_prefix(':')?.trim_start().strip_prefix('"')?;
    let (id, _) = after.split_once('"')?;
    (!id.is_empty() && id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-'))
        .then(|| id.to_owned())
}

/// `text` with every `from` (a seat and its verb) made `to`, where it ends a word (no letter
/// or digit after it) and the seat is the sentence's subject, not a preposition's object ("a
/// Sherman of player 1 moves": the Sherman moves).
fn replace_words(text: &str, from: &str, to: &str) -> String {
    const PREPOSITIONS: [&str; 7] = ["of ", "at ", "by ", "to ", "for ", "against ", "with "];
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(from) {
        let (before, after) = (&rest[..at], &rest[at + from.len()..]);
        let whole = !after.chars().next().is_some_and(char::is_alphanumeric);
        let subject = !PREPOSITIONS.iter().any(|p| before.ends_with(p));
        out.push_str(before);
        out.push_str(if whole && subject { to } else { from });
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Puts a scenario's seat names in place of "player N" in text the games write by seat
/// number (logs, verdicts), so users read names, never numbers. Later seats go first, so
/// "player 10" is not read as "player 1" and a zero.
#[must_use]
pub fn named_seats(text: &str, names: &[String]) -> String {
    let mut out = text.to_owned();
    for (seat, name) in names.iter().enumerate().rev() {
        // "player 1's" becomes "Blue's" or "the Allies'", as English writes a name ending in s.
        let owner = naming::possessive(name);
        out = out.replace(&format!("player {}'s", seat + 1), &owner).replace(&format!("Player {}'s", seat + 1), &owner);
        // "player 1 wins" becomes "Allies win" where the name is a plural.
        if naming::is_plural(name) {
            for (singular, plural) in naming::VERBS_BY_NUMBER {
                for player in ["player", "Player"] {
                    out =
                        replace_words(&out, &format!("{player} {} {singular}", seat + 1), &format!("{name} {plural}"));
                }
            }
        }
        out = out.replace(&format!("player {}", seat + 1), name).replace(&format!("Player {}", seat + 1), name);
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_damaged_document_still_names_its_game() {
        assert_eq!(system_id_of("Scenario(system: \"skirm\", name: \"x\")").as_deref(), Some("skirm"));
        assert_eq!(system_id_of("Scenario(format_version: 1, system: \"skirm\", name: ").as_deref(), Some("skirm"));
        assert_eq!(system_id_of("Scenario(format_version: 2, name: \"old\")"), None);
        assert_eq!(system_id_of("Scenario(name: \"no system here\""), None);
        assert_eq!(system_id_of("Scenario(system: \"Not An Id!\", name: "), None);
        // Ids with a hyphen, as the measured games have.
        assert_eq!(
            system_id_of("Scenario(format_version: 1, system: \"armored-advance\", name: ").as_deref(),
            Some("armored-advance")
        );
    }
}
