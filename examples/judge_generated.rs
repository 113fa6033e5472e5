//! Judges the computer players on generated scenarios nobody tuned for: for each seed of a
//! block, a generated scenario of the game, Easy against Normal and Normal against Hard in both
//! seatings, and Normal against Normal for how often games reach the round cap. Prints, per
//! game, the stronger level's pooled share in each seating with its 95% interval and sample
//! size, the scenarios where the order is reversed beyond chance, seat 1's share of Normal
//! against Normal with the first mover rotating (each seat then plays the relabelled copy of
//! the other's game on a symmetric map) and the scenarios a seat wins beyond chance, and the
//! capped share. A scenario flagged beyond chance by its screening games is played again on
//! fresh seeds with five times the games and counted only when that confirms it (a hundred
//! tests at 95% flag two or three by chance alone); both lists are printed.
//!
//! `cargo run --release --example judge_generated -- SYSTEM FIRST_SEED LAST_SEED GAMES [caps]`
//! (`swat 1001 1100 20`; `caps` plays only Normal against Normal, for the capped share).
//! Tune on one block of seeds; report on another the tuning never saw. `JUDGE_LEVELS=hard` (or
//! `normal`) plays only Hard against Normal (or Normal against Easy), for tuning one level.
//! `JUDGE_EACH=1` also prints a line per scenario (its seed, what was generated, and each
//! pairing's wins and losses over both seatings), for splitting the figures by kind of table.

use skirmish_studio::balance::{Balance, BalanceOptions, run_balance};
use skirmish_studio::game::{GenerateRequest, Level, OpenScenario, share_text, wilson_interval};

/// The round cap of the lab's games (the lab's own default).
const ROUND_CAP: u32 = 200;

/// Wins of the seat playing `strong` against the other, over both seatings.
#[derive(Default)]
struct Tally {
    /// Per seating (the strong level in seat 1, then in seat 2): the strong level's wins,
    /// the weak level's wins, draws, games.
    seatings: [(usize, usize, usize, usize); 2],
    /// Scenarios where the weaker level won beyond chance in the screening games, by seed.
    flagged: Vec<u64>,
    /// Of those, the scenarios where the weaker level won beyond chance again in the
    /// confirmation games (fresh seeds, [`CONFIRM_FACTOR`] times the games).
    reversed: Vec<u64>,
}

/// A scenario flagged by its screening games is played again on fresh seeds with this many
/// times the games, and counts only when that confirms it: with 100 scenarios each judged at
/// 95%, about 2.5 of them are flagged by chance alone when the levels are in fact level.
const CONFIRM_FACTOR: usize = 5;

/// The decisive games the `strong` level wins and loses against `weak` over both seatings.
fn both_seatings(
    scenario: &dyn OpenScenario,
    (strong, weak): (Level, Level),
    games: usize,
    seed: u64,
) -> Result<[(usize, usize, usize, usize); 2], String> {
    let mut seatings = [(0, 0, 0, 0); 2];
    for (seating, entry) in seatings.iter_mut().enumerate() {
        let levels = if seating == 0 { [strong, weak] } else { [weak, strong] };
        let balance = play(scenario, levels, games, seed)?;
        let strong_seat = usize::from(seating == 1);
        let wins = balance.seats.get(strong_seat).map_or(0, |s| s.wins);
        let losses = balance.seats.get(1 - strong_seat).map_or(0, |s| s.wins);
        *entry = (wins, losses, balance.draws, balance.games);
    }
    Ok(seatings)
}

/// Whether the weaker level wins beyond chance: of the decisive games, its share has an
/// interval wholly above a half.
fn weaker_wins(seatings: &[(usize, usize, usize, usize); 2]) -> bool {
    let (won, lost) = seatings.iter().fold((0, 0), |(w, l), s| (w + s.0, l + s.1));
    won + lost > 0 && wilson_interval(lost, won + lost).0 > 0.5
}

/// Whether one seat wins beyond chance when both play Normal.
fn seat_wins_beyond_chance(even: &Balance) -> bool {
    let seat_wins = [0, 1].map(|seat| even.seats.get(seat).map_or(0, |s| s.wins));
    let (low, high) = wilson_interval(seat_wins[0], seat_wins[0] + seat_wins[1]);
    seat_wins[0] + seat_wins[1] > 0 && (low > 0.5 || high < 0.5)
}

fn play(scenario: &dyn OpenScenario, levels: [Level; 2], games: usize, seed: u64) -> Result<Balance, String> {
    let mut per_seat = [Level::Normal; 8];
    per_seat[0] = levels[0];
    per_seat[1] = levels[1];
    let options = BalanceOptions {
        games,
        until_clear: false,
        seed,
        round_cap: ROUND_CAP,
        threads: std::thread::available_parallelism().map_or(1, usize::from),
        margin: 5.0,
        levels: per_seat,
    };
    run_balance(scenario, &options, &mut |_| {})
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (system, first, last, games, caps_only) = match args.as_slice() {
        [system, first, last, games] => (system, first, last, games, false),
        [system, first, last, games, mode] if mode == "caps" => (system, first, last, games, true),
        _ => return Err("usage: judge_generated SYSTEM FIRST_SEED LAST_SEED GAMES [caps]".into()),
    };
    let number = |text: &str| text.parse::<u64>().map_err(|_| format!("'{text}' is not a whole number"));
    let (first, last, games) = (number(first)?, number(last)?, usize::try_from(number(games)?).unwrap_or(20));
    let rules = skirmish_studio::systems::system(system)
        .ok_or_else(|| format!("no game '{system}'"))?
        .rules(None)
        .map_err(|p| p.text)?;
    // `caps` leaves out the level pairings: only how often Normal against Normal is capped.
    let pairings: &[(Level, Level)] =
        if caps_only { &[] } else { &[(Level::Normal, Level::Easy), (Level::Hard, Level::Normal)] };
    // `JUDGE_LEVELS=hard` plays only Hard against Normal, `normal` only Normal against Easy
    // (for tuning one level).
    let pairings = match std::env::var("JUDGE_LEVELS").as_deref() {
        Ok("hard") => pairings.get(1..).unwrap_or_default(),
        Ok("normal") => pairings.get(..1).unwrap_or_default(),
        _ => pairings,
    };
    let mut tallies: Vec<Tally> = pairings.iter().map(|_| Tally::default()).collect();
    let (mut capped, mut level_games, mut draws) = (0usize, 0usize, 0usize);
    let mut capped_maps: Vec<u64> = Vec::new();
    // Normal against Normal: seat 1's wins and the decisive games, and the scenarios where a
    // seat won beyond chance.
    let (mut first_seat, mut seat_flagged, mut seat_favoured) = ((0usize, 0usize), Vec::new(), Vec::new());
    // Maps the validator says the rules cannot end (no route between the armies), counted apart.
    let (mut unendable_maps, mut unendable_capped, mut unendable_games) = (Vec::new(), 0usize, 0usize);
    let each = std::env::var_os("JUDGE_EACH").is_some();
    for seed in first..=last {
        let generated = rules.generate(&GenerateRequest::seeded(seed))?;
        let scenario = generated.scenario.as_ref();
        for (tally, &pairing) in tallies.iter_mut().zip(pairings) {
            let seatings = both_seatings(scenario, pairing, games, seed * 1_000)?;
            if each {
                let (won, lost) = seatings.iter().fold((0, 0), |(w, l), s| (w + s.0, l + s.1));
                println!(
                    "scenario {seed}: {} against {}: wins {won}, loses {lost}; {}",
                    pairing.0.name(),
                    pairing.1.name(),
                    generated.said
                );
            }
            for (entry, played) in tally.seatings.iter_mut().zip(seatings) {
                *entry = (entry.0 + played.0, entry.1 + played.1, entry.2 + played.2, entry.3 + played.3);
            }
            if weaker_wins(&seatings) {
                tally.flagged.push(seed);
                let again = both_seatings(scenario, pairing, games * CONFIRM_FACTOR, seed * 1_000 + 700)?;
                if weaker_wins(&again) {
                    tally.reversed.push(seed);
                }
            }
        }
        let even = play(scenario, [Level::Normal, Level::Normal], games, seed * 1_000 + 500)?;
        let at_cap = even.endings.get("RoundCap").copied().unwrap_or(0);
        // Seat invariance: the first mover rotates, so on a symmetric map each seat plays the
        // relabelled copy of the other's game, and their shares differ only by chance.
        let seat_wins = [0, 1].map(|seat| even.seats.get(seat).map_or(0, |s| s.wins));
        first_seat.0 += seat_wins[0];
        first_seat.1 += seat_wins[0] + seat_wins[1];
        if seat_wins_beyond_chance(&even) {
            seat_flagged.push(seed);
            let again = play(scenario, [Level::Normal, Level::Normal], games * CONFIRM_FACTOR, seed * 1_000 + 900)?;
            if seat_wins_beyond_chance(&again) {
                seat_favoured.push(seed);
            }
        }
        if scenario.findings().iter().any(|f| f.code == "armies-cannot-meet") {
            unendable_maps.push(seed);
            unendable_capped += at_cap;
            unendable_games += even.games;
            continue;
        }
        capped += at_cap;
        draws += even.draws;
        level_games += even.games;
        if at_cap > 0 {
            capped_maps.push(seed);
        }
        eprint!("\rseed {seed} of {first} to {last} ");
    }
    eprintln!();
    let scenarios = last - first + 1;
    println!("{system}: {scenarios} generated scenarios (seeds {first} to {last}), {games} games per seating");
    for (tally, &(strong, weak)) in tallies.iter().zip(pairings) {
        for (seating, &(wins, losses, draws, played)) in tally.seatings.iter().enumerate() {
            // Against the same seat's share when both seats play Normal: a game whose forces
            // differ by side (Modern Skirmish) favours a seat whatever the levels, so a level
            // is in order when it moves its seat's share up from there, not above a half.
            let baseline = if seating == 0 { first_seat.0 } else { first_seat.1 - first_seat.0 };
            let moved = if wins + losses > 0 && first_seat.1 > 0 {
                format!(
                    "; Normal against Normal gives seat {} {}, so the level moves its share {:+.0} points",
                    seating + 1,
                    share_text(baseline, first_seat.1),
                    100.0 * (wins as f64 / (wins + losses) as f64 - baseline as f64 / first_seat.1 as f64)
                )
            } else {
                String::new()
            };
            println!(
                "  {} in seat {} against {}: {played} games, wins {}, loses {}, draws {}; of the decisive games it wins {}{moved}",
                strong.name(),
                seating + 1,
                weak.name(),
                wins,
                losses,
                draws,
                share_text(wins, wins + losses),
            );
        }
        let (wins, losses) = tally.seatings.iter().fold((0, 0), |(w, l), s| (w + s.0, l + s.1));
        println!(
            "  {} against {}, both seatings pooled: of the decisive games it wins {}",
            strong.name(),
            weak.name(),
            share_text(wins, wins + losses)
        );
        println!(
            "  {} against {}: reversed beyond chance on {} of {scenarios} scenarios {:?} (flagged by the screening games on {} {:?}, then played again {CONFIRM_FACTOR} times over on fresh seeds)",
            strong.name(),
            weak.name(),
            tally.reversed.len(),
            tally.reversed,
            tally.flagged.len(),
            tally.flagged
        );
    }
    if !unendable_maps.is_empty() {
        println!(
            "  counted apart, {} scenarios the rules cannot end (the validator's armies-cannot-meet) {unendable_maps:?}: {} capped",
            unendable_maps.len(),
            share_text(unendable_capped, unendable_games)
        );
    }
    println!(
        "  Normal against Normal, first mover rotating: seat 1 wins {} of the decisive games; a seat wins beyond chance (95%) on {} of {scenarios} scenarios {seat_favoured:?} (flagged by the screening games on {} {seat_flagged:?}, then played again {CONFIRM_FACTOR} times over on fresh seeds)",
        share_text(first_seat.0, first_seat.1),
        seat_favoured.len(),
        seat_flagged.len(),
    );
    println!(
        "  Normal against Normal: {} reached the {ROUND_CAP}-round cap, on {} scenarios {:?}; draws {}",
        share_text(capped, level_games),
        capped_maps.len(),
        capped_maps,
        share_text(draws, level_games)
    );
    Ok(())
}
