//! The computer's way-finding over the table: a field of distances on the inch lattice from
//! every open cell to the nearest goal, going round walls and buildings, read smoothly between
//! cell centres so that a mirrored table gives a mirrored field.

use crate::systems::armored::rules::state::{FieldMemo, Ground};

/// Hundredths of an inch from every open cell centre of the lattice to the nearest goal,
/// going round closed cells (the way round walls and buildings). Goals seed the four centres
/// around them and points read the four centres around them, weighted by nearness, so a
/// mirrored table gives a mirrored field (whole-inch positions sit on cell edges, where a plain
/// floor would favour one side).
#[derive(Debug, Clone)]
pub struct Field {
    width: usize,
    depth: usize,
    cell: f64,
    steps: std::sync::Arc<Vec<u32>>,
}

/// The four cell centres around a point: (index, weight), where on the lattice.
fn around(width: usize, depth: usize, cell: f64, (x, y): (i64, i64)) -> impl Iterator<Item = (usize, f64, f64)> {
    let (fx, fy) = (x as f64 / cell - 0.5, y as f64 / cell - 0.5);
    let (x0, y0) = (fx.floor(), fy.floor());
    let (tx, ty) = (fx - x0, fy - y0);
    // No allocation: this runs for every candidate destination of every unit.
    [(0.0, 0.0, (1.0 - tx) * (1.0 - ty)), (1.0, 0.0, tx * (1.0 - ty)), (0.0, 1.0, (1.0 - tx) * ty), (1.0, 1.0, tx * ty)]
        .into_iter()
        .filter_map(move |(dx, dy, w)| {
            let (cx, cy) = (x0 + dx, y0 + dy);
            (cx >= 0.0 && cy >= 0.0 && (cx as usize) < width && (cy as usize) < depth)
                .then(|| (cy as usize * width + cx as usize, w, crate::table::measure::length(fx - cx, fy - cy)))
        })
}

impl Field {
    pub fn new(ground: &Ground, open: &[bool], goals: &[(i64, i64)], memo: &FieldMemo, kind: usize) -> Self {
        let (width, depth, cell) = (ground.width, ground.depth, ground.cell as f64);
        let steps = memo.get(kind, goals, || Self::steps(ground, open, goals));
        Self { width, depth, cell, steps }
    }

    pub fn steps(ground: &Ground, open: &[bool], goals: &[(i64, i64)]) -> Vec<u32> {
        let (width, depth, cell) = (ground.width, ground.depth, ground.cell as f64);
        // The lattice inside a closed border one cell wide, so a neighbour is one add away and
        // never off the lattice (the border is never entered, as a cell off the lattice is not).
        let wide = width + 2;
        let padded = |i: usize| (i / width + 1) * wide + i % width + 1;
        let mut passable = vec![false; wide * (depth + 2)];
        for (i, &is_open) in open.iter().enumerate().take(width * depth) {
            passable[padded(i)] = is_open;
        }
        let mut steps = vec![u32::MAX; passable.len()];
        // Dial's buckets: every step costs 100 or 141, so a ring of 142 buckets by distance
        // holds everything still to settle, and each is settled in order without a heap.
        const RING: usize = 142;
        let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); RING];
        let mut queued = 0usize;
        for &goal in goals {
            // Only the centres a goal leans on: one exactly on a centre seeds that centre alone
            // (the floor's other neighbour, at weight 0, would lean one way).
            for (i, _, distance) in around(width, depth, cell, goal).filter(|(_, w, _)| *w > 0.0) {
                let (i, d) = (padded(i), (distance * 100.0).round() as u32);
                if d < steps[i] {
                    steps[i] = d;
                    buckets[d as usize % RING].push(i);
                    queued += 1;
                }
            }
        }
        let row = wide as isize;
        let neighbours: [(isize, u32); 8] = [
            (1, 100),
            (-1, 100),
            (row, 100),
            (-row, 100),
            (row + 1, 141),
            (1 - row, 141),
            (row - 1, 141),
            (-row - 1, 141),
        ];
        let mut d = 0u32;
        while queued > 0 {
            // The bucket is lent out while it is settled and handed back emptied, so its room is
            // kept for the next lap of the ring (no step lands in its own bucket: 0 < cost < RING).
            let slot = d as usize % RING;
            let mut here = std::mem::take(&mut buckets[slot]);
            queued -= here.len();
            for &i in &here {
                if steps[i] != d {
                    continue;
                }
                for (offset, cost) in neighbours {
                    let j = i.wrapping_add_signed(offset);
                    let next = d + cost;
                    if passable.get(j).copied().unwrap_or(false) && next < steps[j] {
                        steps[j] = next;
                        buckets[next as usize % RING].push(j);
                        queued += 1;
                    }
                }
            }
            here.clear();
            buckets[slot] = here;
            d += 1;
        }
        (0..width * depth).map(|i| steps[padded(i)]).collect()
    }

    /// Hundredths of an inch from a point to the nearest goal, read from the centres around it
    /// that can reach one (very far where none can).
    pub fn at(&self, at: (i64, i64)) -> f64 {
        let (mut sum, mut weights) = (0.0, 0.0);
        for (i, w, _) in around(self.width, self.depth, self.cell, at) {
            if let Some(&s) = self.steps.get(i).filter(|&&s| s != u32::MAX) {
                sum += f64::from(s) * w;
                weights += w;
            }
        }
        if weights > 0.0 { sum / weights } else { f64::from(u32::MAX) }
    }
}
