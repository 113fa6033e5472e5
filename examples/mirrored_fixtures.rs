//! The long fairness run for closing notes: 200 Normal games on every mirrored AWBW fixture
//! from three seed sets, with each map's verdict and how its games ended, and the share of
//! games that reached the round cap. Run it with
//! `cargo run --release --example mirrored_fixtures`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/fairness_fixtures/mod.rs"]
mod fairness_fixtures;

fn main() {
    // Three sets of seeds, so the share at the round cap is not one set's luck.
    for seed in [1, 100_001, 200_001] {
        let mut capped = 0;
        let mut games = 0;
        for (name, balance) in fairness_fixtures::fixture_balance_from(200, seed) {
            println!("seed {seed} {name}: {} | endings {:?}", balance.verdict, balance.endings);
            capped += balance.endings.get("RoundCap").copied().unwrap_or(0);
            games += balance.games;
        }
        println!("seed {seed}: {capped} of {games} games at the round cap");
    }
}
