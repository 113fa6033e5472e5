//! Benchmarks for the editor window (issue 4): one whole frame (building the UI and
//! tessellating it) with a 50 x 50 and a 200 x 200 board fully visible, and the slowest frame
//! of a 100-square brush stroke with live validation.

use criterion::{Criterion, criterion_group, criterion_main};
use egui::{Event, Modifiers, PointerButton, Pos2, RawInput, Rect, vec2};
use skirmish_studio::editor::Document;
use skirmish_studio::systems::swat::rules::{Pos, Ruleset};
use skirmish_studio::systems::swat::scenario::generated_scenario;
use skirmish_studio::ui::{AppConfig, FileDialogs, Prefs, StudioApp};
use std::hint::black_box;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

struct NoDialogs;

impl FileDialogs for NoDialogs {
    fn open_file(&self) -> Option<PathBuf> {
        None
    }

    fn save_file(&self, _: &str) -> Option<PathBuf> {
        None
    }
}

fn app(rules: &Arc<Ruleset>, side: u16, units: usize) -> Option<StudioApp> {
    let mut app = StudioApp::new(
        Arc::clone(rules),
        AppConfig { data_dir: None, dialogs: Box::new(NoDialogs), prefs: Prefs::default(), open: None },
    );
    app.editor.doc = Document::new(generated_scenario(rules, side, units)?);
    app.view.fit = true;
    Some(app)
}

fn input(time: f64, events: Vec<Event>) -> RawInput {
    RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(1280.0, 800.0))),
        time: Some(time),
        events,
        ..Default::default()
    }
}

fn frame(ctx: &egui::Context, app: &mut StudioApp, time: f64, events: Vec<Event>) {
    let output = ctx.run_ui(input(time, events), |ui| app.show(ui));
    black_box(ctx.tessellate(output.shapes, output.pixels_per_point));
}

fn benches(c: &mut Criterion) {
    let Ok(rules) = Ruleset::builtin() else { return };
    let rules = Arc::new(rules);
    for (side, units, name) in [(50u16, 100usize, "editor_frame_50x50"), (200, 2000, "editor_frame_200x200")] {
        let Some(mut app) = app(&rules, side, units) else { continue };
        let ctx = egui::Context::default();
        for i in 0..3 {
            frame(&ctx, &mut app, f64::from(i), Vec::new());
        }
        let mut time = 10.0;
        c.bench_function(name, |b| {
            b.iter(|| {
                time += 1.0 / 60.0;
                frame(&ctx, &mut app, time, Vec::new());
            });
        });
    }
    for (side, units, name) in
        [(50u16, 100usize, "stroke_worst_frame_50x50"), (200, 2000, "stroke_worst_frame_200x200")]
    {
        let Some(mut app) = app(&rules, side, units) else { continue };
        let ctx = egui::Context::default();
        frame(&ctx, &mut app, 0.0, Vec::new());
        let Some(place) = app.placement else { continue };
        if let Some(forest) = rules.terrain_id("forest") {
            app.editor.paint = skirmish_studio::editor::Paint::Terrain(forest);
        }
        let mut time = 1.0;
        c.bench_function(name, |b| {
            b.iter_custom(|iterations| {
                let mut worst_total = Duration::ZERO;
                for _ in 0..iterations {
                    let mut worst = Duration::ZERO;
                    // A 100-square stroke: press, 98 moves, release; 60 frames a second.
                    for step in 0..100u16 {
                        let square = Pos::new(step % side, (step / side) % side);
                        let point = place.square_rect(square).center();
                        let mut events = vec![Event::PointerMoved(point)];
                        if step == 0 {
                            events.push(Event::PointerButton {
                                pos: point,
                                button: PointerButton::Primary,
                                pressed: true,
                                modifiers: Modifiers::NONE,
                            });
                        }
                        if step == 99 {
                            events.push(Event::PointerButton {
                                pos: point,
                                button: PointerButton::Primary,
                                pressed: false,
                                modifiers: Modifiers::NONE,
                            });
                        }
                        time += 1.0 / 60.0;
                        let started = Instant::now();
                        frame(&ctx, &mut app, time, events);
                        worst = worst.max(started.elapsed());
                    }
                    while app.editor.doc.undo().is_some() {}
                    worst_total += worst;
                }
                worst_total
            });
        });
    }
}

criterion_group!(editor_benches, benches);
criterion_main!(editor_benches);
