//! Lengths, angles and poses on an open table: exact integers (micrometres, hundredths of a
//! degree), so inches and centimetres are exact and replays never drift; the game's unit is
//! only how a length is read and shown.

use serde::{Deserialize, Serialize};

/// Micrometres in an inch (exact).
pub const UM_PER_INCH: i64 = 25_400;
/// Micrometres in a centimetre.
pub const UM_PER_CM: i64 = 10_000;
/// Micrometres in a millimetre.
pub const UM_PER_MM: i64 = 1_000;
/// The longest side of a table any game accepts: 20 feet (6.1 m). A bound keeps a hostile file
/// from asking for a poster of a million pages.
pub const MAX_SIDE_UM: i64 = 240 * UM_PER_INCH;
/// How far outside the table a coordinate may lie before the file is refused as nonsense.
pub const MAX_COORD_UM: i64 = 2 * MAX_SIDE_UM;
/// Hundredths of a degree in a full turn.
pub const FULL_TURN: i32 = 36_000;

/// The unit a game measures in: what files are written in and what the window shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LengthUnit {
    /// Inches (Armored Advance).
    Inch,
    /// Centimetres (Modern Skirmish).
    Centimetre,
}

impl LengthUnit {
    /// Micrometres in one unit.
    #[must_use]
    pub fn um(self) -> i64 {
        match self {
            LengthUnit::Inch => UM_PER_INCH,
            LengthUnit::Centimetre => UM_PER_CM,
        }
    }

    /// `value` of this unit in whole micrometres, rounded as [`round_to_i64`] does (the rules'
    /// lengths: a move's stat, a reach, a range row).
    #[must_use]
    pub fn whole_um(self, value: f64) -> i64 {
        round_to_i64(value * self.um() as f64)
    }

    /// The unit's name in words.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            LengthUnit::Inch => "inches",
            LengthUnit::Centimetre => "centimetres",
        }
    }

    /// A length in this unit for people: `12.5"` or `30 cm`, with at most two decimals.
    #[must_use]
    pub fn show(self, um: i64) -> String {
        let value = self.value(um);
        let text = format!("{value:.2}");
        let text = text.trim_end_matches('0').trim_end_matches('.');
        match self {
            LengthUnit::Inch => format!("{text}\""),
            LengthUnit::Centimetre => format!("{text} cm"),
        }
    }

    /// A length in this unit as a number.
    #[must_use]
    pub fn value(self, um: i64) -> f64 {
        um as f64 / self.um() as f64
    }

    /// A number in this unit as micrometres, rounded to the nearest one; refuses what is not a
    /// number or lies beyond any table (`what` names it in the message).
    ///
    /// # Errors
    /// NaN, infinite, or beyond [`MAX_COORD_UM`].
    pub fn to_um(self, value: f64, what: &str) -> Result<i64, String> {
        if !value.is_finite() {
            return Err(format!("{what} is not a number ({value})"));
        }
        let um = (value * self.um() as f64).round();
        if um.abs() > MAX_COORD_UM as f64 {
            return Err(format!(
                "{what} is {value} {}, beyond any table (at most {} from the corner)",
                self.name(),
                self.show(MAX_COORD_UM)
            ));
        }
        Ok(um as i64)
    }
}

/// A facing, in hundredths of a degree clockwise from "up the table" (toward its top edge),
/// kept in `0..36000`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize)]
#[serde(from = "i32", into = "i32")]
pub struct Facing(i32);

impl From<i32> for Facing {
    fn from(centidegrees: i32) -> Self {
        Facing::from_centidegrees(i64::from(centidegrees))
    }
}

impl From<Facing> for i32 {
    fn from(facing: Facing) -> Self {
        facing.0
    }
}

impl Facing {
    /// Facing up the table.
    pub const UP: Facing = Facing(0);
    /// Facing down the table.
    pub const DOWN: Facing = Facing(18_000);

    /// From hundredths of a degree, any value (wrapped into a turn).
    #[must_use]
    pub fn from_centidegrees(value: i64) -> Self {
        Facing(value.rem_euclid(i64::from(FULL_TURN)) as i32)
    }

    /// From degrees, rounded to a hundredth.
    ///
    /// # Errors
    /// Not a number.
    pub fn from_degrees(degrees: f64) -> Result<Self, String> {
        if !degrees.is_finite() || degrees.abs() > 1.0e9 {
            return Err(format!("the facing {degrees} is not an angle"));
        }
        Ok(Self::from_centidegrees((degrees * 100.0).round() as i64))
    }

    /// Hundredths of a degree.
    #[must_use]
    pub fn centidegrees(self) -> i32 {
        self.0
    }

    /// Degrees.
    #[must_use]
    pub fn degrees(self) -> f64 {
        f64::from(self.0) / 100.0
    }

    /// Turned clockwise by `centidegrees`.
    #[must_use]
    pub fn turned(self, centidegrees: i32) -> Self {
        Self::from_centidegrees(i64::from(self.0) + i64::from(centidegrees))
    }

    /// The facing seen in a mirror across a vertical line (left and right swap).
    #[must_use]
    pub fn mirrored_left_right(self) -> Self {
        Self::from_centidegrees(-i64::from(self.0))
    }

    /// The facing seen in a mirror across a horizontal line (top and bottom swap).
    #[must_use]
    pub fn mirrored_top_bottom(self) -> Self {
        Self::from_centidegrees(18_000 - i64::from(self.0))
    }

    /// Snapped to the nearest multiple of `step` hundredths of a degree.
    #[must_use]
    pub fn snapped(self, step: i32) -> Self {
        if step <= 0 {
            return self;
        }
        let snapped = ((f64::from(self.0) / f64::from(step)).round() as i64) * i64::from(step);
        Self::from_centidegrees(snapped)
    }

    /// The unit vector it points along, on the table (x across, y down), from the same sine
    /// and cosine on every machine.
    #[must_use]
    pub fn vector(self) -> (f64, f64) {
        let radians = self.degrees().to_radians();
        (libm::sin(radians), -libm::cos(radians))
    }

    /// The smallest angle between two facings, in hundredths of a degree (0 to 18000).
    #[must_use]
    pub fn difference(self, other: Facing) -> i32 {
        let d = (self.0 - other.0).rem_euclid(FULL_TURN);
        d.min(FULL_TURN - d)
    }
}

/// Where a thing stands and which way it faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize)]
pub struct Pose {
    /// Across from the left edge, in micrometres.
    pub x: i64,
    /// Down from the top edge, in micrometres.
    pub y: i64,
    /// Which way its front points.
    pub facing: Facing,
}

impl Pose {
    /// A pose at `(x, y)` facing `facing`.
    #[must_use]
    pub fn new(x: i64, y: i64, facing: Facing) -> Self {
        Self { x, y, facing }
    }

    /// Its position as floating point micrometres.
    #[must_use]
    pub fn point(self) -> (f64, f64) {
        (self.x as f64, self.y as f64)
    }
}

/// The length of a vector, from the square root alone (correctly rounded by IEEE 754 on every
/// machine, where the platform's `hypot` may differ in the last bit).
#[must_use]
pub fn length(dx: f64, dy: f64) -> f64 {
    (dx * dx + dy * dy).sqrt()
}

/// `x.round() as i64` without the library's rounding: x86-64's baseline has no rounding
/// instruction, so `round` is a software routine, and the open-table games round a length on
/// every distance they measure. Truncation is one instruction and exact here, and so is the
/// remainder it leaves, so the answer is the same integer for every `x` (halves away from zero;
/// beyond 2^52, infinities and NaN go the library's way, as they are already whole or not
/// numbers).
#[must_use]
pub fn round_to_i64(x: f64) -> i64 {
    const WHOLE_FROM: f64 = 4_503_599_627_370_496.0; // 2^52: every double this large is whole.
    if x.is_nan() || x.abs() >= WHOLE_FROM {
        return x.round() as i64;
    }
    let whole = x as i64;
    let rest = x - whole as f64;
    if rest >= 0.5 {
        whole + 1
    } else if rest <= -0.5 {
        whole - 1
    } else {
        whole
    }
}

/// A length rounded to the nearest multiple of `step` (both in micrometres).
#[must_use]
pub fn snap(um: i64, step: i64) -> i64 {
    if step <= 0 {
        return um;
    }
    (um as f64 / step as f64).round() as i64 * step
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn rounding_by_truncation_gives_the_librarys_integer_for_every_kind_of_number() {
        let below_half = 0.5 - f64::EPSILON / 4.0;
        let mut xs = vec![
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.5,
            -1.5,
            2.5,
            -2.5,
            below_half,
            -below_half,
            1.0 - f64::EPSILON,
            4_503_599_627_370_495.5,
            -4_503_599_627_370_495.5,
            4_503_599_627_370_496.0,
            9.3e18,
            -9.3e18,
            1e300,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            f64::MIN_POSITIVE,
            123_456.499_999_999_99,
        ];
        // Every half and its neighbours either side, over the range the tables use and beyond.
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..20_000 {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let half = ((state >> 20) % 4_000_000_000) as f64 - 2_000_000_000.0 + 0.5;
            xs.extend([half, f64::from_bits(half.to_bits() + 1), f64::from_bits(half.to_bits() - 1)]);
            xs.push(f64::from_bits(state) % 1e12);
        }
        for x in xs {
            assert_eq!(round_to_i64(x), x.round() as i64, "{x:?}");
        }
    }

    #[test]
    fn inches_and_centimetres_are_exact_and_shown_in_the_games_unit() {
        assert_eq!(LengthUnit::Inch.to_um(12.25, "x").unwrap(), 311_150);
        assert_eq!(LengthUnit::Inch.show(311_150), "12.25\"");
        assert_eq!(LengthUnit::Centimetre.show(300_000), "30 cm");
        assert!(LengthUnit::Inch.to_um(f64::NAN, "the width").unwrap_err().contains("not a number"));
        assert!(LengthUnit::Inch.to_um(1.0e6, "the width").unwrap_err().contains("beyond any table"));
    }

    #[test]
    fn facings_wrap_mirror_and_snap() {
        assert_eq!(Facing::from_degrees(-90.0).unwrap().centidegrees(), 27_000);
        assert_eq!(Facing::from_degrees(30.0).unwrap().mirrored_left_right().degrees(), 330.0);
        assert_eq!(Facing::from_degrees(30.0).unwrap().mirrored_top_bottom().degrees(), 150.0);
        assert_eq!(Facing::from_degrees(37.0).unwrap().snapped(1500).degrees(), 30.0);
        assert_eq!(Facing::from_degrees(350.0).unwrap().difference(Facing::from_degrees(10.0).unwrap()), 2000);
        let (x, y) = Facing::UP.vector();
        assert!(x.abs() < 1e-12 && (y + 1.0).abs() < 1e-12);
    }
}
