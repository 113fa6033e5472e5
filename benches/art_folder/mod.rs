//! What the frame benchmarks with art share: a folder holding the fixture photo, where a
//! scenario saved finds its art.

/// A folder beside nothing else holding the fixture photo as `assets/photo.jpg`, and the path a
/// scenario saved there has, so its art is found (issue 40: frames with art stay in budget).
pub fn art_folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-bench-art-{name}-{}", std::process::id()));
    let _ = std::fs::create_dir_all(dir.join("assets"));
    let photo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/images/photo.jpg");
    let _ = std::fs::copy(photo, dir.join("assets/photo.jpg"));
    dir.join(format!("{name}.ron"))
}
