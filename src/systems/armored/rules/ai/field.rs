//! The computer's way-finding over the table: a field of distances on the inch lattice from
//! every open cell to the nearest goal, going round walls and buildings, read smoothly between
//! cell centres so that a mirrored table gives a mirrored field. The search runs only as far
//! as the cells asked for: a unit reads the field where it stands and where it could go, and a
//! field's far side is seldom asked for before the goals move.

use crate::systems::armored::rules::state::{FieldMemo, Ground, Search};

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
    search: std::sync::Arc<std::sync::Mutex<Search>>,
}

/// The buckets in Dial's ring: more than the dearest step (141), so no step lands in the
/// bucket being settled.
const RING: usize = 142;

/// Room made in each bucket at the start: steps of 100 and 141 spread a front over many exact
/// distances, so a bucket seldom holds more than a handful of cells at once.
const BUCKET_ROOM: usize = 16;

impl Search {
    /// The search seeded from `goals`, nothing settled yet, begun in the room of a search no
    /// longer kept where there is one: a new search is begun for nearly every move an enemy
    /// makes, and making its hundred and more buckets afresh, then freeing them, took about a
    /// tenth of the field's time.
    pub fn seeded(ground: &Ground, open: &[bool], goals: &[(i64, i64)], room: Option<Search>) -> Self {
        let (width, depth, cell) = (ground.width, ground.depth, ground.cell as f64);
        let wide = width + 2;
        let cells = wide * (depth + 2);
        let mut search = room.unwrap_or_else(|| Self {
            wide,
            passable: Vec::new(),
            readable: Vec::new(),
            steps: Vec::new(),
            // Each bucket holds the few cells at one exact distance; made with room for them,
            // so a search does not grow its buckets one push at a time.
            buckets: (0..RING).map(|_| Vec::with_capacity(BUCKET_ROOM)).collect(),
            queued: 0,
            settled: 0,
        });
        search.wide = wide;
        search.passable.clear();
        search.passable.resize(cells, false);
        // Row by row: a division per cell cost more than the rest of a new search's setup.
        for (row, cells) in open.chunks(width.max(1)).take(depth).enumerate() {
            let start = (row + 1) * wide + 1;
            if let Some(inside) = search.passable.get_mut(start..start + cells.len()) {
                inside.copy_from_slice(cells);
            }
        }
        search.readable.clone_from(&search.passable);
        search.steps.clear();
        search.steps.resize(cells, u32::MAX);
        search.buckets.iter_mut().for_each(Vec::clear);
        (search.queued, search.settled) = (0, 0);
        for &goal in goals {
            // Only the centres a goal leans on: one exactly on a centre seeds that centre alone
            // (the floor's other neighbour, at weight 0, would lean one way).
            for ((x, y), _, distance) in around(width, depth, cell, goal).filter(|(_, w, _)| *w > 0.0) {
                let (i, d) = (search.padded(x, y), (distance * 100.0).round() as u32);
                if d < search.steps[i] {
                    search.steps[i] = d;
                    search.buckets[d as usize % RING].push(i);
                    search.queued += 1;
                }
            }
        }
        // A goal's own centres are read even where closed (a goal inside a building).
        for (steps, readable) in search.steps.iter().zip(search.readable.iter_mut()) {
            *readable |= *steps != u32::MAX;
        }
        search
    }

    /// Where the lattice's cell `(x, y)` sits inside the border.
    fn padded(&self, x: usize, y: usize) -> usize {
        (y + 1) * self.wide + x + 1
    }

    /// The final steps of a cell (by its place inside the border), settling as far as needed
    /// (`u32::MAX` where it reaches no goal).
    fn steps_at(&mut self, i: usize) -> u32 {
        self.steps_within(i, f64::INFINITY).unwrap_or(u32::MAX)
    }

    /// A cell's final steps where they are `bound` or less; `None` where they certainly exceed
    /// it or reach no goal, known without carrying the search past the bound.
    fn steps_within(&mut self, i: usize, bound: f64) -> Option<u32> {
        // A closed cell no goal leans on is never reached: the whole search would settle before
        // it said so.
        if !self.readable.get(i).copied().unwrap_or(false) {
            return None;
        }
        while self.queued > 0 && self.steps.get(i).is_some_and(|&s| s >= self.settled) {
            // Past the bound, an unsettled cell's final steps are at least the settled distance.
            if f64::from(self.settled) > bound {
                return None;
            }
            self.settle_next();
        }
        self.steps.get(i).copied().filter(|&s| s != u32::MAX && f64::from(s) <= bound)
    }

    /// Settles the cells of the next distance and queues their neighbours.
    fn settle_next(&mut self) {
        let row = self.wide as isize;
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
        let d = self.settled;
        let slot = d as usize % RING;
        // Steps come in hundreds and hundred-and-forty-ones, so most distances have no cell:
        // pass them by without lending out their bucket.
        if self.buckets.get(slot).is_none_or(Vec::is_empty) {
            self.settled = d + 1;
            return;
        }
        // The bucket is lent out while it is settled and handed back emptied, so its room is
        // kept for the next lap of the ring.
        let mut here = std::mem::take(&mut self.buckets[slot]);
        self.queued -= here.len();
        for &i in &here {
            if self.steps[i] != d {
                continue;
            }
            for (offset, cost) in neighbours {
                let j = i.wrapping_add_signed(offset);
                let next = d + cost;
                if self.passable.get(j).copied().unwrap_or(false) && next < self.steps[j] {
                    self.steps[j] = next;
                    self.buckets[next as usize % RING].push(j);
                    self.queued += 1;
                }
            }
        }
        here.clear();
        self.buckets[slot] = here;
        self.settled = d + 1;
    }
}

/// The four cell centres around a point with their weights (those off the lattice `None`):
/// weighted by nearness, so a mirrored point leans on the mirrored centres alike. Whole-number
/// bounds: a read runs for every destination weighed, and a float-to-index conversion a centre
/// cost more than the rest of it.
fn corners(width: usize, depth: usize, cell: f64, (x, y): (i64, i64)) -> [Option<(usize, usize, f64)>; 4] {
    let (fx, fy) = (x as f64 / cell - 0.5, y as f64 / cell - 0.5);
    let (x0, y0) = (fx.floor(), fy.floor());
    let (tx, ty) = (fx - x0, fy - y0);
    let (left, top) = (x0 as i64, y0 as i64);
    let at = |dx: i64, dy: i64, w: f64| {
        let (cx, cy) = (usize::try_from(left + dx).ok()?, usize::try_from(top + dy).ok()?);
        (cx < width && cy < depth).then_some((cx, cy, w))
    };
    [at(0, 0, (1.0 - tx) * (1.0 - ty)), at(1, 0, tx * (1.0 - ty)), at(0, 1, (1.0 - tx) * ty), at(1, 1, tx * ty)]
}

/// The centres around a goal ([`corners`]) with how far each is from it on the lattice, for
/// seeding the search.
fn around(
    width: usize,
    depth: usize,
    cell: f64,
    (x, y): (i64, i64),
) -> impl Iterator<Item = ((usize, usize), f64, f64)> {
    let (fx, fy) = (x as f64 / cell - 0.5, y as f64 / cell - 0.5);
    corners(width, depth, cell, (x, y))
        .into_iter()
        .flatten()
        .map(move |(cx, cy, w)| ((cx, cy), w, crate::table::measure::length(fx - cx as f64, fy - cy as f64)))
}

impl Field {
    pub fn new(ground: &Ground, open: &[bool], goals: &[(i64, i64)], memo: &FieldMemo, kind: usize) -> Self {
        let (width, depth, cell) = (ground.width, ground.depth, ground.cell as f64);
        let search = memo.get(kind, goals, |room| Search::seeded(ground, open, goals, room));
        Self { width, depth, cell, search }
    }

    /// Hundredths of an inch from a point to the nearest goal, read from the centres around it
    /// that can reach one (very far where none can).
    pub fn at(&self, at: (i64, i64)) -> f64 {
        let Ok(mut search) = self.search.lock() else { return f64::from(u32::MAX) };
        read(&mut search, &corners(self.width, self.depth, self.cell, at))
    }

    /// [`Self::at`] where it reads `bound` (hundredths of an inch) or less, and `None` where it
    /// certainly reads more or very far: known without carrying the search past `bound` when
    /// every centre around the point that could reach a goal is settled further, or not yet
    /// settled with the search already past the bound. A destination the computer weighs that
    /// is farther from the goals than where the unit stands never gains, and reading it whole
    /// would carry the search on for nothing.
    pub fn within(&self, at: (i64, i64), bound: f64) -> Option<f64> {
        let Ok(mut search) = self.search.lock() else { return Some(f64::from(u32::MAX)) };
        let around = corners(self.width, self.depth, self.cell, at);
        let beyond = around.iter().flatten().all(|&(x, y, _)| {
            let cell = search.padded(x, y);
            search.steps_within(cell, bound).is_none()
        });
        (!beyond).then(|| read(&mut search, &around))
    }
}

/// The field read from the centres around a point: their steps weighted by nearness, those
/// that reach no goal left out (very far where none can), settling each as far as needed.
fn read(search: &mut Search, around: &[Option<(usize, usize, f64)>; 4]) -> f64 {
    let (mut sum, mut weights) = (0.0, 0.0);
    for &(x, y, w) in around.iter().flatten() {
        let cell = search.padded(x, y);
        let s = search.steps_at(cell);
        if s != u32::MAX {
            sum += f64::from(s) * w;
            weights += w;
        }
    }
    if weights > 0.0 { sum / weights } else { f64::from(u32::MAX) }
}

#[cfg(test)]
mod tests {
    //! The lazy search against a plain Dijkstra with a heap, read in different orders.
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]

    use super::*;

    /// Every cell's steps by a textbook Dijkstra over the same lattice and seeds.
    fn plain(ground: &Ground, open: &[bool], goals: &[(i64, i64)]) -> Vec<u32> {
        let (width, depth, cell) = (ground.width, ground.depth, ground.cell as f64);
        let mut steps = vec![u32::MAX; width * depth];
        let mut heap = std::collections::BinaryHeap::new();
        for &goal in goals {
            for ((x, y), _, distance) in around(width, depth, cell, goal).filter(|(_, w, _)| *w > 0.0) {
                let (i, d) = (y * width + x, (distance * 100.0).round() as u32);
                if d < steps[i] {
                    steps[i] = d;
                    heap.push(std::cmp::Reverse((d, i)));
                }
            }
        }
        while let Some(std::cmp::Reverse((d, i))) = heap.pop() {
            if d != steps[i] {
                continue;
            }
            let (x, y) = ((i % width) as i64, (i / width) as i64);
            for (dx, dy, cost) in [
                (1, 0, 100),
                (-1, 0, 100),
                (0, 1, 100),
                (0, -1, 100),
                (1, 1, 141),
                (1, -1, 141),
                (-1, 1, 141),
                (-1, -1, 141),
            ] {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= width as i64 || ny >= depth as i64 {
                    continue;
                }
                let j = ny as usize * width + nx as usize;
                if open[j] && d + cost < steps[j] {
                    steps[j] = d + cost;
                    heap.push(std::cmp::Reverse((d + cost, j)));
                }
            }
        }
        steps
    }

    /// The centres around a point worked out in floats, as the field first did: the floor of
    /// the point in cells less a half, then each of the four kept where it lies on the lattice.
    fn corners_in_floats(width: usize, depth: usize, cell: f64, (x, y): (i64, i64)) -> Vec<(usize, usize, f64)> {
        let (fx, fy) = (x as f64 / cell - 0.5, y as f64 / cell - 0.5);
        let (x0, y0) = (fx.floor(), fy.floor());
        let (tx, ty) = (fx - x0, fy - y0);
        [
            (0.0, 0.0, (1.0 - tx) * (1.0 - ty)),
            (1.0, 0.0, tx * (1.0 - ty)),
            (0.0, 1.0, (1.0 - tx) * ty),
            (1.0, 1.0, tx * ty),
        ]
        .into_iter()
        .filter_map(|(dx, dy, w)| {
            let (cx, cy) = (x0 + dx, y0 + dy);
            (cx >= 0.0 && cy >= 0.0 && (cx as usize) < width && (cy as usize) < depth).then_some((
                cx as usize,
                cy as usize,
                w,
            ))
        })
        .collect()
    }

    #[test]
    fn the_centres_around_a_point_are_the_ones_worked_out_in_floats() {
        // Points on, between and just off every edge and corner of a small lattice, where a
        // centre falls off the lattice on one side or the other.
        let (width, depth, cell) = (5usize, 3usize, 25_400i64);
        let mut points = 0;
        for x in (-cell..=(width as i64 + 1) * cell).step_by(3_175) {
            for y in (-cell..=(depth as i64 + 1) * cell).step_by(4_233) {
                let read: Vec<(usize, usize, f64)> =
                    corners(width, depth, cell as f64, (x, y)).into_iter().flatten().collect();
                assert_eq!(read, corners_in_floats(width, depth, cell as f64, (x, y)), "at ({x}, {y})");
                points += 1;
            }
        }
        assert!(points > 100);
    }

    #[test]
    fn the_lazy_search_reads_what_a_whole_dijkstra_gives_in_any_order_and_in_any_search_s_room() {
        let (width, depth, cell) = (17usize, 11usize, 25_400i64);
        // A wall with one gap, a closed block in a corner, and a goal inside the block.
        let open: Vec<bool> = (0..width * depth)
            .map(|i| {
                let (x, y) = (i % width, i / width);
                let wall = x == 8 && y != 5;
                let block = x >= 14 && y >= 8;
                !(wall || block)
            })
            .collect();
        let ground = Ground { width, depth, cell, vehicles: open.clone(), infantry: open.clone() };
        let goals = [(3 * cell + cell / 3, 2 * cell), (15 * cell, 9 * cell + cell / 2), (2 * cell, 10 * cell)];
        let expected = plain(&ground, &open, &goals);
        // The wall's cells are never entered; the far side is reached through the gap.
        assert_eq!(expected[8], u32::MAX);
        assert!(expected[width - 1] < u32::MAX);
        let orders: [Vec<usize>; 3] = [
            (0..width * depth).collect(),
            (0..width * depth).rev().collect(),
            (0..width * depth).map(|i| (i * 37) % (width * depth)).collect(),
        ];
        // The first search is begun in the room of one half settled on a bigger lattice with
        // other goals, and each next in the room of the one before: nothing of theirs is read.
        let bigger =
            Ground { width: 23, depth: 19, cell, vehicles: vec![true; 23 * 19], infantry: vec![true; 23 * 19] };
        let mut leftover = Search::seeded(&bigger, &bigger.vehicles, &[(20 * cell, 17 * cell)], None);
        for _ in 0..1_000 {
            leftover.settle_next();
        }
        assert!(leftover.settled == 1_000 && leftover.queued > 0, "the room is left mid-search");
        let mut room = Some(leftover);
        for order in orders {
            let mut search = Search::seeded(&ground, &open, &goals, room.take());
            for i in order {
                let padded = search.padded(i % width, i / width);
                assert_eq!(search.steps_at(padded), expected[i], "cell ({}, {})", i % width, i / width);
            }
            room = Some(search);
        }
    }

    #[test]
    fn a_field_read_within_a_bound_is_the_whole_reading_or_past_the_bound_and_asking_changes_no_reading() {
        let (width, depth, cell) = (17usize, 11usize, 25_400i64);
        let open: Vec<bool> = (0..width * depth).map(|i| !(i % width == 8 && i / width != 5)).collect();
        let ground = Ground { width, depth, cell, vehicles: open.clone(), infantry: open.clone() };
        let goals = [(3 * cell + cell / 3, 2 * cell), (2 * cell, 10 * cell)];
        let whole = Field::new(&ground, &open, &goals, &FieldMemo::default(), 0);
        let asked = Field::new(&ground, &open, &goals, &FieldMemo::default(), 0);
        let (mut exceeded, mut points) = (0, 0);
        // Points between centres and off the lattice, with bounds around where each reads,
        // asked in a scattered order so the search is at every stage of settling.
        for k in 0..400i64 {
            let at = ((k * 7_919) % (19 * cell) - cell, (k * 4_567) % (13 * cell) - cell);
            let truth = whole.at(at);
            for bound in [truth - 150.0, truth - 1.0, truth + 1.0, 0.0, f64::from(u32::MAX) - 1.0] {
                match asked.within(at, bound) {
                    Some(read) => assert_eq!(read.to_bits(), truth.to_bits(), "at {at:?} within {bound}"),
                    None => {
                        let very_far = truth == f64::from(u32::MAX);
                        assert!(truth > bound || very_far, "at {at:?} is past {bound} but reads {truth}");
                        exceeded += 1;
                    }
                }
            }
            assert_eq!(asked.at(at).to_bits(), truth.to_bits(), "at {at:?}, read after asking");
            points += 1;
        }
        // Most points beyond the wall read more than a bound well short of them.
        assert!(exceeded > points, "{exceeded} of {points} points' bounds known exceeded");
    }
}
