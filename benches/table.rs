//! Benchmarks for the open table (issue 22), on a 72" x 48" Armored Advance table with 40
//! pieces and 60 units: sight from one unit to the 59 others with heights and 16 sample points
//! each (budget 250 us), one edge-to-edge distance between hulls (1 us), the cost of a 12"
//! path through terrain (10 us), full validation (2 ms), and the editor's slowest frame while
//! dragging a piece (4 ms), plain and with the designer's art on every kind (issue 40).

mod art_folder;

use art_folder::art_folder;
use criterion::{Criterion, criterion_group, criterion_main};
use egui::{Event, Modifiers, PointerButton, Pos2, RawInput, Rect, vec2};
use skirmish_studio::systems::armored::editing::{Document, TableTool};
use skirmish_studio::systems::armored::ruleset::{Ground, Ruleset};
use skirmish_studio::systems::armored::scenario::stats::scene;
use skirmish_studio::systems::armored::scenario::validate::unit_shape;
use skirmish_studio::systems::armored::scenario::{ArmoredScenario, generated_scenario, validate};
use skirmish_studio::table::{Eye, UM_PER_INCH, distance};
use skirmish_studio::ui::armored::ArmoredDesk;
use skirmish_studio::ui::{Answer, AppConfig, FileDialogs, FileKind, Prefs, StudioApp};
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn table(rules: &Ruleset) -> ArmoredScenario {
    generated_scenario(rules, 72, 48, 40, 30)
}

fn geometry(c: &mut Criterion) {
    let Ok(rules) = Ruleset::builtin() else { return };
    let scenario = table(&rules);
    let scene = scene(&rules, &scenario);
    let shapes: Vec<_> = (0..scenario.table.units.len()).filter_map(|i| unit_shape(&rules, &scenario, i)).collect();
    let heights: Vec<f64> = scenario
        .table
        .units
        .iter()
        .map(|u| rules.profile(&u.profile).map_or(50_000.0, |p| p.height * UM_PER_INCH as f64))
        .collect();
    c.bench_function("table_sight_one_unit_to_59_16_points_72x48_40_pieces", |b| {
        b.iter(|| {
            let eye = Eye { at: shapes[0].centre(), z: heights[0] };
            let seen: usize = shapes[1..]
                .iter()
                .zip(&heights[1..])
                .map(|(target, z)| scene.visible_fraction(eye, target, z * 0.75, 16, &[]).0)
                .sum();
            black_box(seen)
        });
    });
    c.bench_function("table_edge_to_edge_hull_to_hull", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % 59;
            black_box(distance(&shapes[i], &shapes[59 - i]))
        });
    });
    // A 12" path across the middle band, charged per inch inside each piece by its ground.
    c.bench_function("table_path_cost_12_inches_through_terrain", |b| {
        let inch = UM_PER_INCH as f64;
        let mut step = 0.0;
        b.iter(|| {
            step = (step + 1.0) % 60.0;
            let (a, z) = ((step * inch, 18.0 * inch), ((step + 8.0) * inch, 27.0 * inch));
            let cost: f64 = scene
                .path_inside(a, z)
                .into_iter()
                .map(|(piece, inside)| {
                    let ground = scenario.table.pieces.get(piece).and_then(|p| rules.kind(&p.kind)).map(|k| k.ground);
                    if matches!(ground, Some(Ground::Mud | Ground::DeepWater)) { inside } else { 0.0 }
                })
                .sum::<f64>()
                + 12.0 * inch;
            black_box(cost)
        });
    });
    c.bench_function("table_full_validation_72x48_40_pieces_60_units", |b| {
        b.iter(|| black_box(validate(&rules, &scenario).len()));
    });
}

struct NoDialogs;

impl FileDialogs for NoDialogs {
    fn open_file(&self, _: FileKind, _: Option<&std::path::Path>) -> Answer {
        Answer::Cancelled
    }

    fn save_file(&self, _: FileKind, _: &str, _: Option<&std::path::Path>) -> Answer {
        Answer::Cancelled
    }
}

fn frame(ctx: &egui::Context, app: &mut StudioApp, time: f64, events: Vec<Event>) {
    let input = RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(1280.0, 800.0))),
        time: Some(time),
        events,
        ..Default::default()
    };
    let output = ctx.run_ui(input, |ui| app.show(ui));
    black_box(ctx.tessellate(output.shapes, output.pixels_per_point));
}

/// The slowest frame of dragging a building 20" across the table with the echo moving its
/// image, findings kept live; plain, and with the designer's art on every piece kind and unit.
fn drag_frame(c: &mut Criterion) {
    drag_frame_of(c, false);
    drag_frame_of(c, true);
}

fn drag_frame_of(c: &mut Criterion, with_art: bool) {
    use skirmish_studio::editing::EditedDocument as _;
    let Ok(rules) = Ruleset::builtin() else { return };
    let mut scenario = table(&rules);
    if with_art {
        let kinds = rules.terrain.iter().map(|k| k.id.clone()).chain(rules.profiles.iter().map(|p| p.id.clone()));
        scenario.art.kinds = kinds.map(|id| (id, "assets/photo.jpg".to_owned())).collect();
    }
    let Some(start) = scenario.table.pieces.first().map(|p| (p.pose.x, p.pose.y)) else { return };
    let mut app =
        StudioApp::new(AppConfig { data_dir: None, dialogs: Box::new(NoDialogs), prefs: Prefs::default(), open: None });
    let mut desk = ArmoredDesk::with_rules(Arc::new(rules), Document::new(scenario));
    if with_art {
        desk.editor.doc.saved_to(art_folder("table-72x48"));
    }
    desk.editor.tool = TableTool::Select;
    app.open_desk(Box::new(desk));
    app.view.fit = true;
    let ctx = egui::Context::default();
    for i in 0..4 {
        frame(&ctx, &mut app, f64::from(i), Vec::new());
    }
    let Some(place) = app.placement else { return };
    let inch = UM_PER_INCH as f32;
    let screen = |x: f32, y: f32| place.to_screen(x / inch, y / inch);
    let mut time = 10.0;
    let name =
        if with_art { "table_editor_drag_worst_frame_72x48_with_art" } else { "table_editor_drag_worst_frame_72x48" };
    c.bench_function(name, |b| {
        b.iter_custom(|iterations| {
            let mut total = Duration::ZERO;
            for _ in 0..iterations {
                let mut worst = Duration::ZERO;
                for step in 0..=20 {
                    let point = screen(start.0 as f32 + step as f32 * inch, start.1 as f32);
                    let mut events = vec![Event::PointerMoved(point)];
                    let button = |pressed| Event::PointerButton {
                        pos: point,
                        button: PointerButton::Primary,
                        pressed,
                        modifiers: Modifiers::NONE,
                    };
                    if step == 0 {
                        events.push(button(true));
                    }
                    if step == 20 {
                        events.push(button(false));
                    }
                    time += 1.0 / 60.0;
                    let started = Instant::now();
                    frame(&ctx, &mut app, time, events);
                    worst = worst.max(started.elapsed());
                }
                while app.desk_as_mut::<ArmoredDesk>().is_some_and(|d| d.editor.doc.undo().is_some()) {}
                total += worst;
            }
            total
        });
    });
}

criterion_group!(table_benches, geometry, drag_frame);
criterion_main!(table_benches);
