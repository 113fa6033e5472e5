//! Bad input never panics: every reader of every game (scenario, ruleset, script, saved game,
//! Skirm squad, AWBW map) and `validate`, `stats` and `play` on what still reads, fed mutants
//! of every bundled sample and file kind for a bounded time. The long run is
//! `cargo run --release --example hostile_inputs -- CASES`.

mod hostile;

use std::time::Duration;

#[test]
fn every_reader_refuses_or_reads_a_mutant_of_every_file_kind_and_nothing_panics() {
    let outcome = hostile::run(600, 20_261_126, Duration::from_secs(60));
    assert!(outcome.cases >= 100, "only {} cases ran in the time allowed", outcome.cases);
    assert!(
        outcome.panics.is_empty(),
        "{} panics in {} cases:\n{}",
        outcome.panics.len(),
        outcome.cases,
        outcome.panics.join("\n")
    );
    assert!(outcome.slow.is_empty(), "cases over {:?}:\n{}", hostile::CASE_BOUND, outcome.slow.join("\n"));
    assert!(
        outcome.peak_bytes <= hostile::MEMORY_BOUND_BYTES,
        "the process reached {} MB, over the {} MB bound",
        outcome.peak_bytes / 1_048_576,
        hostile::MEMORY_BOUND_BYTES / 1_048_576
    );
    // The mutants are not all refused: some must read, or the loop tests only the refusals.
    assert!(outcome.read > 0, "no mutant of {} read at all", outcome.cases);
}

#[test]
fn every_mutation_changes_its_input() {
    let mut dice = hostile::Dice::new(7);
    let text = "(\n    name: \"x\",\n    size: 12,\n    depth: 3.5,\n)\n";
    for kind in 0..hostile::MUTATIONS.len() {
        let changed = (0..20).any(|_| hostile::mutate(text, kind, &mut dice) != text);
        assert!(changed, "the mutation '{}' never changes its input", hostile::MUTATIONS[kind]);
    }
}
