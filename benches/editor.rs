//! Benchmarks for the editor window (issue 4): one whole frame (building the UI and
//! tessellating it) with a 50 x 50 and a 200 x 200 board fully visible, and the slowest frame
//! of a 100-square brush stroke with live validation; and (issue 13) one frame of a 30 x 30 Skirm
//! battle map with 200 walls, plain and with the line-of-sight and objective-race overlays;
//! and (issue 40) the 50 x 50 frame with the designer's art on every kind.

mod art_folder;

use art_folder::art_folder;
use criterion::{Criterion, criterion_group, criterion_main};
use egui::{Event, Modifiers, PointerButton, Pos2, RawInput, Rect, vec2};
use skirmish_studio::systems::swat::editing::Document;
use skirmish_studio::systems::swat::rules::{Pos, Ruleset};
use skirmish_studio::systems::swat::scenario::generated_scenario;
use skirmish_studio::ui::skirm::SkirmDesk;
use skirmish_studio::ui::swat::SwatDesk;
use skirmish_studio::ui::{Answer, AppConfig, FileDialogs, FileKind, Prefs, StudioApp};
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

struct NoDialogs;

impl FileDialogs for NoDialogs {
    fn open_file(&self, _: FileKind, _: Option<&std::path::Path>) -> Answer {
        Answer::Cancelled
    }

    fn save_file(&self, _: FileKind, _: &str, _: Option<&std::path::Path>) -> Answer {
        Answer::Cancelled
    }
}

fn app(rules: &Arc<Ruleset>, side: u16, units: usize) -> Option<StudioApp> {
    let mut app =
        StudioApp::new(AppConfig { data_dir: None, dialogs: Box::new(NoDialogs), prefs: Prefs::default(), open: None });
    app.desk_as_mut::<SwatDesk>()?.editor.doc = Document::new(generated_scenario(rules, side, units)?);
    app.view.fit = true;
    Some(app)
}

/// The 50 x 50 editor with the designer's art on every terrain and unit kind.
fn app_with_art(rules: &Arc<Ruleset>) -> Option<StudioApp> {
    use skirmish_studio::editing::EditedDocument as _;
    let mut app = app(rules, 50, 100)?;
    let desk = app.desk_as_mut::<SwatDesk>()?;
    let kinds = rules.terrains.iter().map(|t| t.id.clone()).chain(rules.units.iter().map(|u| u.id.clone()));
    desk.editor.doc.scenario.art.kinds = kinds.map(|id| (id, "assets/photo.jpg".to_owned())).collect();
    desk.editor.doc.saved_to(art_folder("editor-50x50"));
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
    for (side, units, name) in [
        (50u16, 100usize, "editor_frame_50x50"),
        (200, 2000, "editor_frame_200x200"),
        (50, 100, "editor_frame_50x50_with_art"),
    ] {
        let made = if name.ends_with("with_art") { app_with_art(&rules) } else { app(&rules, side, units) };
        let Some(mut app) = made else { continue };
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
        if let Some(forest) = rules.terrain_id("forest")
            && let Some(desk) = app.desk_as_mut::<SwatDesk>()
        {
            desk.editor.paint = skirmish_studio::systems::swat::editing::Paint::Terrain(forest);
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
                    while app.desk_as_mut::<SwatDesk>().is_some_and(|desk| desk.editor.doc.undo().is_some()) {}
                    worst_total += worst;
                }
                worst_total
            });
        });
    }
}

/// A 30 x 30 Skirm battle map with 200 walls (some climbable, some with doors), raised
/// ground, difficult and impassable squares, objectives, items and two squads.
fn skirm_battle_map() -> Option<skirmish_studio::systems::skirm::scenario::SkirmScenario> {
    use skirmish_studio::board::{Door, Edge, EdgeAxis, EdgeFeature, Wall};
    use skirmish_studio::systems::skirm::rules::ItemKind;
    use skirmish_studio::systems::skirm::rules::Ruleset as SkirmRules;
    let rules = SkirmRules::builtin().ok()?;
    let mut s = skirmish_studio::systems::skirm::editing::new_scenario(&rules, 30, 30);
    let mut walls = 0;
    // Wall runs of five edges along every other grid line, rows and columns in turn, a door
    // in the middle of each.
    'runs: for (n, line) in (3..28u16).step_by(2).enumerate() {
        for start in (1..25u16).step_by(6) {
            for i in 0..5 {
                if walls == 200 {
                    break 'runs;
                }
                let axis = if n % 2 == 0 { EdgeAxis::Horizontal } else { EdgeAxis::Vertical };
                let (x, y) = if axis == EdgeAxis::Horizontal { (start + i, line) } else { (line, start + i) };
                let feature = EdgeFeature {
                    wall: Some(Wall { height: 1 + (i % 3) as u8, climbable: i == 4 }),
                    door: (i == 2).then_some(Door { open: start % 12 == 1 }),
                };
                s.board.set_edge(Edge { x, y, axis }, Some(feature))?;
                walls += 1;
            }
        }
    }
    let difficult = rules.terrain_id("difficult")?;
    let impassable = rules.terrain_id("impassable")?;
    for y in 0..30u16 {
        for x in 0..30u16 {
            let pos = Pos::new(x, y);
            match (x * 7 + y * 3) % 17 {
                0 => {
                    s.board.set_terrain(pos, difficult)?;
                }
                5 if (4..26).contains(&y) => {
                    s.board.set_terrain(pos, impassable)?;
                }
                _ => {}
            }
            if (10..20).contains(&x) && (12..18).contains(&y) {
                s.board.set_height(pos, 1 + u8::from(x > 14))?;
            }
        }
    }
    if walls < 200 {
        return None;
    }
    s.objectives = vec![Pos::new(8, 15), Pos::new(21, 14), Pos::new(15, 6), Pos::new(14, 23)];
    s.items = vec![(Pos::new(5, 10), ItemKind::Crate), (Pos::new(24, 19), ItemKind::Barrel)];
    Some(s)
}

/// The window with the 30 x 30 battle map open, its overlays on or off.
fn skirm_app(scenario: &skirmish_studio::systems::skirm::scenario::SkirmScenario, overlays: bool) -> Option<StudioApp> {
    let mut app =
        StudioApp::new(AppConfig { data_dir: None, dialogs: Box::new(NoDialogs), prefs: Prefs::default(), open: None });
    let skirm_rules = skirmish_studio::systems::skirm::rules::Ruleset::builtin().ok()?;
    let doc = skirmish_studio::systems::skirm::editing::Document::new(scenario.clone());
    let mut desk = SkirmDesk::with_rules(Arc::new(skirm_rules), doc);
    desk.show_sight = overlays;
    desk.show_race = overlays;
    app.open_desk(Box::new(desk));
    Some(app)
}

fn skirm_benches(c: &mut Criterion) {
    let Some(scenario) = skirm_battle_map() else { return };
    // The slowest frame of a 30-square height stroke: each square is a new revision to check.
    if let Some(mut app) = skirm_app(&scenario, false) {
        let ctx = egui::Context::default();
        frame(&ctx, &mut app, 0.0, Vec::new());
        if let (Some(place), Some(desk)) = (app.placement, app.desk_as_mut::<SkirmDesk>()) {
            desk.editor.tool = skirmish_studio::systems::skirm::editing::SkirmTool::Height;
            let mut time = 1.0;
            c.bench_function("skirm_stroke_worst_frame_30x30", |b| {
                b.iter_custom(|iterations| {
                    let mut worst_total = Duration::ZERO;
                    for _ in 0..iterations {
                        let mut worst = Duration::ZERO;
                        for step in 0..30u16 {
                            let point = place.square_rect(Pos::new(step, 15)).center();
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
                            if step == 29 {
                                events.push(button(false));
                            }
                            time += 1.0 / 60.0;
                            let started = Instant::now();
                            frame(&ctx, &mut app, time, events);
                            worst = worst.max(started.elapsed());
                        }
                        while app.desk_as_mut::<SkirmDesk>().is_some_and(|d| d.editor.doc.undo().is_some()) {}
                        worst_total += worst;
                    }
                    worst_total
                });
            });
        }
    }
    for (overlays, name) in [(false, "skirm_frame_30x30_200_walls"), (true, "skirm_frame_30x30_200_walls_overlays")] {
        let Some(mut app) = skirm_app(&scenario, overlays) else { return };
        let ctx = egui::Context::default();
        for i in 0..3 {
            frame(&ctx, &mut app, f64::from(i), Vec::new());
        }
        let Some(place) = app.placement else { continue };
        let mut time = 10.0;
        let mut step = 0u16;
        c.bench_function(name, |b| {
            b.iter(|| {
                // The pointer moves to another square every frame, so the sight is worked out
                // afresh each time.
                step = (step + 1) % 900;
                let point = place.square_rect(Pos::new(step % 30, step / 30)).center();
                time += 1.0 / 60.0;
                frame(&ctx, &mut app, time, vec![Event::PointerMoved(point)]);
            });
        });
    }
}

criterion_group!(editor_benches, benches, skirm_benches);
criterion_main!(editor_benches);
