//! Line solving for propagation ([`LineWork`]) in the kinds whose cells take one palette entry:
//! the kind's line solver ([`EntryLineSolver`]) on a line's entry masks, and the grid narrowed to what it proves.
//!
//! Lines of up to 64 cells go through a direct-mapped cache of results, as black-and-white
//! lines do (probing solves the same lines in the same states over and over). A colour line's
//! state is one word per palette entry, so a slot holds the clue's name and the entries' words
//! before and after; the slot count is chosen so that the table stays near [`CACHE_BYTES`]
//! whatever the palette.

use nonogram_model::{Axis, Clue, LineId, Puzzle};

use super::grid::ColourGrid;
use super::EntryLineSolver;
use crate::kind::{Contradiction, LineWork, Solved};

/// The line cache's size. The black-and-white cache measured best at 384 KiB (a larger one
/// missed L2); colour slots are larger, so the budget is in bytes rather than slots.
const CACHE_BYTES: usize = 512 << 10;

/// A direct-mapped cache of line results for lines of one word per entry.
#[derive(Debug)]
struct LineCache {
    /// Slots of `1 + 2 · entries` words: the tag (clue name + 1, and bit 32 for a
    /// contradiction; 0 for an empty slot), the line's masks, the result's masks.
    slots: Vec<u64>,
    entries: usize,
    mask: usize,
}

impl LineCache {
    fn new(entries: usize) -> LineCache {
        let stride = 1 + 2 * entries;
        let mut count = 1usize;
        while count * 2 * stride * 8 <= CACHE_BYTES {
            count *= 2;
        }
        LineCache {
            slots: Vec::new(),
            entries,
            mask: count - 1,
        }
    }

    fn index(&self, clue: u32, key: &[u64]) -> usize {
        let mut h = u64::from(clue).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for (i, &w) in key.iter().enumerate() {
            h ^= w
                .rotate_left(i as u32 * 17)
                .wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
            h = h.rotate_left(23);
        }
        (h ^ (h >> 29)) as usize & self.mask
    }

    /// The cached result (`Err` for a contradiction) written into `out`, if present.
    fn get(&self, clue: u32, key: &[u64], out: &mut [u64]) -> Option<Result<(), Contradiction>> {
        if self.slots.is_empty() {
            return None;
        }
        let e = self.entries;
        let at = self.index(clue, key) * (1 + 2 * e);
        let slot = &self.slots[at..at + 1 + 2 * e];
        if slot[0] as u32 != clue + 1 || slot[1..=e] != *key {
            return None;
        }
        if slot[0] >> 32 != 0 {
            return Some(Err(Contradiction));
        }
        out[..e].copy_from_slice(&slot[1 + e..]);
        Some(Ok(()))
    }

    fn put(&mut self, clue: u32, key: &[u64], result: Result<&[u64], Contradiction>) {
        let e = self.entries;
        if self.slots.is_empty() {
            self.slots = vec![0; (self.mask + 1) * (1 + 2 * e)];
        }
        let at = self.index(clue, key) * (1 + 2 * e);
        let slot = &mut self.slots[at..at + 1 + 2 * e];
        slot[1..=e].copy_from_slice(key);
        match result {
            Ok(masks) => {
                slot[0] = u64::from(clue + 1);
                slot[1 + e..].copy_from_slice(&masks[..e]);
            }
            Err(Contradiction) => slot[0] = u64::from(clue + 1) | 1 << 32,
        }
    }
}

/// The colour line solver, its output, a cache of results, and the cells the last solve changed.
#[derive(Debug)]
pub(crate) struct EntryWork<S: EntryLineSolver> {
    entries: usize,
    /// Each line's clue as the solver reads it, rows then columns.
    prepared: Vec<S::Prepared>,
    /// The puzzle's height: where the columns start in `prepared`.
    height: usize,
    solver: S,
    cache: LineCache,
    out: Vec<u64>,
    changed: Vec<u64>,
    /// Solves that missed the cache.
    solves: u64,
}

impl<S: EntryLineSolver> LineWork<ColourGrid> for EntryWork<S> {
    fn new(puzzle: &Puzzle) -> EntryWork<S> {
        let entries = puzzle.palette().len().max(1);
        let words = puzzle.width().max(puzzle.height()).div_ceil(64).max(1);
        let prepared = [Axis::Row, Axis::Column]
            .into_iter()
            .flat_map(|axis| puzzle.clues(axis))
            .map(|clue| S::prepare(clue, entries))
            .collect();
        EntryWork {
            entries,
            prepared,
            height: puzzle.height(),
            solver: S::default(),
            cache: LineCache::new(entries),
            out: vec![0; entries * words],
            changed: vec![0; words],
            solves: 0,
        }
    }

    #[inline]
    fn solve(&mut self, grid: &mut ColourGrid, line: LineId, (clue, id): (&Clue, u32)) -> Solved {
        let len = grid.line_len(line.axis);
        let words = grid.line_words(line.axis);
        let entries = self.entries;
        let masks = grid.line(line);
        let out = &mut self.out[..entries * words];
        let slot = match line.axis {
            Axis::Row => line.index,
            Axis::Column => self.height + line.index,
        };
        let clue = (clue, &self.prepared[slot]);
        if words == 1 {
            match self.cache.get(id, masks, out) {
                Some(result) => result?,
                None => {
                    self.solves += 1;
                    let result = self.solver.solve(clue, len, entries, masks, out);
                    self.cache.put(id, masks, result.map(|()| &*out));
                    result?;
                }
            }
        } else {
            self.solves += 1;
            self.solver.solve(clue, len, entries, masks, out)?;
        }
        grid.narrow_line(line, out, &mut self.changed)
    }

    fn changed(&self) -> &[u64] {
        &self.changed
    }

    fn solves(&self) -> u64 {
        self.solves
    }
}
