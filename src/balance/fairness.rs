//! How far a run's games are from fair, for the lab's suggestions: each seat's share of the
//! decisive games with its interval, and the first mover's, read against a seat's fair share.

use super::{GameRecord, percent};
use crate::game::{Aim, wilson_interval};
use serde::Serialize;

/// One seat's wins among the decisive games.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatFairness {
    /// The seat, from 0.
    pub seat: u8,
    /// Its wins.
    pub wins: usize,
    /// Its share of the decisive games.
    pub share: f64,
    /// Its Wilson 95% interval.
    pub interval: (f64, f64),
}

/// How far a run's games are from fair: each seat's share of the decisive games (draws leave
/// no seat ahead), and the first mover's where one is fixed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Fairness {
    /// Games played.
    pub games: usize,
    /// Of them decisive.
    pub decisive: usize,
    /// Per seat.
    pub seats: Vec<SeatFairness>,
    /// The first mover's wins, of the decisive games with a fixed first mover, and the
    /// interval of its share.
    pub first_mover: Option<(usize, usize, (f64, f64))>,
}

impl Fairness {
    /// The numbers of `records`, games of `seats` seats.
    #[must_use]
    pub fn of(records: &[GameRecord], seats: u8) -> Self {
        let decisive = records.iter().filter(|r| r.winner.is_some()).count();
        let seats = (0..seats)
            .map(|seat| {
                let wins = records.iter().filter(|r| r.winner == Some(seat)).count();
                SeatFairness {
                    seat,
                    wins,
                    share: if decisive == 0 { 0.0 } else { wins as f64 / decisive as f64 },
                    interval: wilson_interval(wins, decisive),
                }
            })
            .collect();
        let fixed: Vec<&GameRecord> = records.iter().filter(|r| r.first.is_some() && r.winner.is_some()).collect();
        let first_mover = (!fixed.is_empty()).then(|| {
            let won = fixed.iter().filter(|r| r.winner == r.first).count();
            (won, fixed.len(), wilson_interval(won, fixed.len()))
        });
        Self { games: records.len(), decisive, seats, first_mover }
    }

    /// The fair share of a seat.
    pub(super) fn fair(&self) -> f64 {
        1.0 / self.seats.len().max(1) as f64
    }

    /// The first mover's share of its decisive games.
    pub(super) fn first_share(&self) -> Option<f64> {
        self.first_mover.map(|(won, n, _)| if n == 0 { self.fair() } else { won as f64 / n as f64 })
    }

    /// How far the furthest seat is from fair, and the first mover from a seat's fair share
    /// (a half of two seats, a third of three) where `first_too`.
    #[must_use]
    pub fn deviation(&self, first_too: bool) -> f64 {
        if self.decisive == 0 {
            return 1.0;
        }
        let fair = self.fair();
        let seats = self.seats.iter().map(|s| (s.share - fair).abs()).fold(0.0, f64::max);
        let first = if first_too { self.first_share().map_or(0.0, |s| (s - fair).abs()) } else { 0.0 };
        seats.max(first)
    }

    /// Whether every seat's interval (and the first mover's, where `first_too`) lies within the
    /// margin of fair: the games show the scenario fair, not merely fail to show it unfair.
    #[must_use]
    pub fn within(&self, margin: f64, first_too: bool) -> bool {
        let fair = self.fair();
        let inside = |(low, high): (f64, f64), centre: f64| low >= centre - margin && high <= centre + margin;
        self.decisive > 0
            && self.seats.iter().all(|s| inside(s.interval, fair))
            && (!first_too || self.first_mover.is_none_or(|(_, _, interval)| inside(interval, fair)))
    }

    /// What an edit should do from here: the seats ahead of fair and behind it, furthest first,
    /// and the first move where it decides beyond the margin.
    #[must_use]
    pub fn aim(&self, margin: f64, first_too: bool) -> Aim {
        let fair = self.fair();
        let mut ranked: Vec<&SeatFairness> = self.seats.iter().collect();
        ranked.sort_by(|a, b| b.share.total_cmp(&a.share).then(a.seat.cmp(&b.seat)));
        let ahead = ranked.iter().filter(|s| s.share > fair).map(|s| s.seat).collect();
        let behind = ranked.iter().rev().filter(|s| s.share < fair).map(|s| s.seat).collect();
        let first_mover_wins = self
            .first_share()
            .filter(|share| first_too && (share - fair).abs() > margin / 2.0)
            .map(|share| share > fair);
        Aim { ahead, behind, first_mover_wins }
    }

    /// `seat`'s share in words: "Red wins 52% of 980 decisive games (95% interval 49% to 55%)".
    #[must_use]
    pub fn seat_text(&self, seat: u8, name: &dyn Fn(u8) -> String) -> String {
        match self.seats.iter().find(|s| s.seat == seat) {
            Some(s) => format!(
                "{} wins {} of {} (95% interval {} to {})",
                name(seat),
                percent(s.share),
                crate::game::counted(self.decisive, "decisive game", "decisive games"),
                percent(s.interval.0),
                percent(s.interval.1)
            ),
            None => format!("{} played no game", name(seat)),
        }
    }

    /// The first mover's share in words, where one is fixed.
    #[must_use]
    pub fn first_text(&self) -> Option<String> {
        let (won, n, (low, high)) = self.first_mover?;
        Some(format!(
            "the first mover wins {won} of {} (95% interval {} to {})",
            crate::game::counted(n, "decisive game", "decisive games"),
            percent(low),
            percent(high)
        ))
    }
}
