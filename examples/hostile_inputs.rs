//! The long hostile-input run: `cargo run --release --example hostile_inputs -- CASES [SEED]`
//! feeds CASES mutants of every sample and file kind of every game to every reader (see
//! `tests/hostile/mod.rs`) and prints how many ran, how many still read, every panic and every
//! case over its time bound, and the peak memory; it exits 1 on any panic or slow case.

#[path = "../tests/hostile/mod.rs"]
mod hostile;

#[allow(clippy::unwrap_used, clippy::expect_used)]
fn main() {
    let mut args = std::env::args().skip(1);
    let cases: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let outcome = hostile::run(cases, seed, std::time::Duration::from_secs(86_400));
    println!(
        "{} cases from seed {seed}: {} read, {} refused, {} panics, {} over {:?}, peak {} MB",
        outcome.cases,
        outcome.read,
        outcome.cases - outcome.read,
        outcome.panics.len(),
        outcome.slow.len(),
        hostile::CASE_BOUND,
        outcome.peak_bytes / 1_048_576
    );
    for line in outcome.panics.iter().chain(&outcome.slow) {
        println!("  {line}");
    }
    if !outcome.panics.is_empty() || !outcome.slow.is_empty() {
        std::process::exit(1);
    }
}
