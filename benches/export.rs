//! Benchmark for the print export (issue 6): a 50 x 50 board at 1 in on Letter, all sheets.

use criterion::{Criterion, criterion_group, criterion_main};
use skirmish_studio::export::{ExportOptions, print_pdf};
use skirmish_studio::systems::swat::print::SwatPrint;
use skirmish_studio::systems::swat::rules::Ruleset;
use skirmish_studio::systems::swat::scenario::generated_scenario;
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let Ok(rules) = Ruleset::builtin() else { return };
    let Some(scenario) = generated_scenario(&rules, 50, 100) else { return };
    let options = ExportOptions::default();
    if let Ok(report) = print_pdf(&SwatPrint { rules: &rules, scenario: &scenario }, &options, &mut |_, _| {}) {
        eprintln!("50 x 50 at 1 in on Letter, all sheets: {} pages, {} bytes", report.pages, report.bytes.len());
    }
    let mut group = c.benchmark_group("export");
    group.sample_size(10);
    group.bench_function("pdf_50x50_letter_all_sheets", |b| {
        b.iter(|| {
            black_box(print_pdf(&SwatPrint { rules: &rules, scenario: black_box(&scenario) }, &options, &mut |_, _| {}))
        });
    });
    group.finish();
}

criterion_group!(export_benches, benches);
criterion_main!(export_benches);
