//! The statistics the reports show: the Wilson interval matches published values and stays
//! inside 0 to 1 at the extremes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use skirmish_studio::game::{share_text, wilson_interval};

#[test]
fn wilson_interval_matches_known_values_and_stays_in_range() {
    let close = |a: f64, b: f64| (a - b).abs() < 0.0015;
    // 64 of 100: 0.5424 to 0.7273 (Wilson 1927; as computed by R's prop.test without
    // continuity correction).
    let (low, high) = wilson_interval(64, 100);
    assert!(close(low, 0.5424) && close(high, 0.7273), "{low} {high}");
    // 0 of 20: 0 to 0.1611.
    let (low, high) = wilson_interval(0, 20);
    assert!(low == 0.0 && close(high, 0.1611), "{low} {high}");
    let (low, high) = wilson_interval(20, 20);
    assert!(close(low, 0.8389) && high == 1.0, "{low} {high}");
    assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
    assert_eq!(share_text(64, 100), "64 of 100 (64%, 95% interval 54% to 73%)");
}
