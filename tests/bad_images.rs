//! Images are input like any other: a decompression bomb, a header that lies about its size, a
//! truncated JPEG, a GIF, text named `.png` and a missing file are each refused with what and
//! where, without a panic and within bounded memory; a good PNG and JPEG decode to their own
//! size. The files are in `tests/fixtures/images` (made for these tests; see its README).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::art::{PictureFormat, read_picture};
use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/images").join(name)
}

/// The process's peak resident memory in bytes (Linux), or 0 where it cannot be read.
fn peak_resident_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
        })
        .map_or(0, |kb| kb * 1024)
}

#[test]
fn good_images_decode_at_their_own_size_and_keep_their_file() {
    let png = read_picture(&fixture("board-300x200.png")).unwrap();
    assert_eq!((png.width, png.height, png.format), (300, 200, PictureFormat::Png));
    assert_eq!(png.rgba.len(), 300 * 200 * 4);
    assert_eq!(*png.encoded, std::fs::read(fixture("board-300x200.png")).unwrap());
    let jpeg = read_picture(&fixture("photo.jpg")).unwrap();
    assert_eq!((jpeg.width, jpeg.height, jpeg.format), (64, 48, PictureFormat::Jpeg));
    assert!((png.dpi_at(25.4 * 2.0) - 150.0).abs() < 1e-9, "300 pixels over 2 inches is 150 dpi");
}

#[test]
fn every_bad_image_is_refused_with_what_and_where_in_bounded_memory() {
    let cases = [
        ("bomb-12000x12000.png", "12000 x 12000 pixels"),
        ("header-100000x100000.png", "100000 x 100000 pixels"),
        ("truncated.jpg", "damaged or cut short"),
        ("not-a-png.gif", "is a GIF image"),
        ("wrong-extension.png", "is a GIF image"),
        ("text.png", "is not an image the studio reads"),
        ("no-such-image.png", "no-such-image.png"),
    ];
    for (name, says) in cases {
        let refusal = read_picture(&fixture(name)).expect_err(name);
        assert!(refusal.contains(name), "the refusal names the file: {refusal}");
        assert!(refusal.contains(says), "{name}: expected '{says}' in: {refusal}");
    }
    let folder = read_picture(&fixture("")).expect_err("a folder");
    assert!(folder.contains("is a folder"), "{folder}");
    let peak = peak_resident_bytes();
    assert!(peak < 200 * 1024 * 1024, "decoding the bad images peaked at {} MB", peak / 1_048_576);
}
