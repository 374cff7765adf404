//! Colour line propagation: solve lines until none changes (a fixpoint) or one contradicts.
//!
//! The black-and-white propagator's design with colour lines: a queue of the lines whose cells
//! changed since they were last solved, and a direct-mapped cache of line results for lines of
//! up to 64 cells (probing solves the same lines in the same states over and over). A colour
//! line's state is one word per palette entry, so a cache slot holds the clue's name, the
//! entries' words before and after; the slot count is chosen so that the table stays near
//! [`CACHE_BYTES`] whatever the palette.

use std::collections::{HashMap, VecDeque};

use nonogram_model::{Axis, ColourSet, LineId, Puzzle};

use super::grid::ColourGrid;
use super::line::ColourLineSolver;
use crate::Contradiction;

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

/// Cache names of the clues, rows then columns: equal clues on lines of one axis share one.
fn clue_ids(puzzle: &Puzzle) -> Vec<u32> {
    let mut names = HashMap::new();
    let mut ids = Vec::with_capacity(puzzle.width() + puzzle.height());
    for axis in [Axis::Row, Axis::Column] {
        for clue in puzzle.clues(axis) {
            let next = names.len() as u32;
            ids.push(*names.entry((axis, clue)).or_insert(next));
        }
    }
    ids
}

/// Propagates colour line deductions over one puzzle's grids. One per thread.
#[derive(Debug)]
pub(crate) struct ColourPropagator<'p> {
    puzzle: &'p Puzzle,
    entries: usize,
    clue_ids: Vec<u32>,
    solver: ColourLineSolver,
    cache: LineCache,
    queue: VecDeque<LineId>,
    /// Whether each line (rows then columns) is in the queue.
    queued: Vec<bool>,
    out: Vec<u64>,
    changed: Vec<u64>,
    /// Line solves that missed the cache.
    pub line_solves: u64,
}

impl<'p> ColourPropagator<'p> {
    pub fn new(puzzle: &'p Puzzle) -> ColourPropagator<'p> {
        let entries = puzzle.palette().len().max(1);
        let words = puzzle.width().max(puzzle.height()).div_ceil(64);
        ColourPropagator {
            puzzle,
            entries,
            clue_ids: clue_ids(puzzle),
            solver: ColourLineSolver::new(),
            cache: LineCache::new(entries),
            queue: VecDeque::new(),
            queued: vec![false; puzzle.width() + puzzle.height()],
            out: vec![0; entries * words],
            changed: vec![0; words],
            line_solves: 0,
        }
    }

    /// A blank grid of this puzzle.
    pub fn blank(&self) -> ColourGrid {
        ColourGrid::new(self.puzzle.width(), self.puzzle.height(), self.entries)
    }

    fn slot(&self, line: LineId) -> usize {
        match line.axis {
            Axis::Row => line.index,
            Axis::Column => self.puzzle.height() + line.index,
        }
    }

    /// Queues a line (once).
    pub fn enqueue(&mut self, line: LineId) {
        let slot = self.slot(line);
        if !self.queued[slot] {
            self.queued[slot] = true;
            self.queue.push_back(line);
        }
    }

    /// Queues every line.
    pub fn enqueue_all(&mut self) {
        for line in self.puzzle.lines() {
            self.enqueue(line);
        }
    }

    fn clear_queue(&mut self) {
        self.queue.clear();
        self.queued.fill(false);
    }

    /// Solves queued lines until the queue is empty. On a contradiction the queue is cleared
    /// and the grid is left part-way (callers discard it).
    pub fn propagate(&mut self, grid: &mut ColourGrid) -> Result<(), Contradiction> {
        while let Some(line) = self.queue.pop_front() {
            let slot = self.slot(line);
            self.queued[slot] = false;
            if let Err(c) = self.solve_line(grid, line, true) {
                self.clear_queue();
                return Err(c);
            }
        }
        Ok(())
    }

    /// Narrows one cell to `set` and propagates.
    pub fn assign(
        &mut self,
        grid: &mut ColourGrid,
        row: usize,
        col: usize,
        set: ColourSet,
    ) -> Result<(), Contradiction> {
        if grid.narrow(row, col, set)? {
            self.enqueue(LineId::row(row));
            self.enqueue(LineId::column(col));
        }
        self.propagate(grid)
    }

    /// Solves one line and narrows the grid to its result; with `queue_crossing`, queues the
    /// crossing line of every changed cell. Returns how many entries were removed.
    pub fn solve_line(
        &mut self,
        grid: &mut ColourGrid,
        line: LineId,
        queue_crossing: bool,
    ) -> Result<usize, Contradiction> {
        let len = grid.line_len(line.axis);
        let words = grid.line_words(line.axis);
        let entries = self.entries;
        let clue = self.puzzle.clue(line);
        let id = self.clue_ids[self.slot(line)];
        let masks = grid.line(line);
        let out = &mut self.out[..entries * words];
        if words == 1 {
            match self.cache.get(id, masks, out) {
                Some(result) => result?,
                None => {
                    self.line_solves += 1;
                    let result = self.solver.solve(clue, len, entries, masks, out);
                    self.cache.put(id, masks, result.map(|()| &*out));
                    result?;
                }
            }
        } else {
            self.line_solves += 1;
            self.solver.solve(clue, len, entries, masks, out)?;
        }
        let removed = grid.narrow_line(line, out, &mut self.changed)?;
        if queue_crossing && removed > 0 {
            for w in 0..words {
                let mut bits = self.changed[w];
                while bits != 0 {
                    let i = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    self.enqueue(LineId {
                        axis: line.axis.other(),
                        index: i,
                    });
                }
            }
        }
        Ok(removed)
    }

    /// Deduction by sweeps, as a person does it: solve every row that changed, then every
    /// column that changed, and repeat until a sweep changes nothing. `on_sweep` sees the grid
    /// after each sweep that changed something.
    pub fn sweeps(
        &mut self,
        grid: &mut ColourGrid,
        mut on_sweep: impl FnMut(&ColourGrid),
    ) -> Result<(), Contradiction> {
        let mut dirty = [vec![true; grid.height()], vec![true; grid.width()]];
        loop {
            let mut changed_any = false;
            for (a, axis) in [Axis::Row, Axis::Column].into_iter().enumerate() {
                for index in 0..dirty[a].len() {
                    if !std::mem::take(&mut dirty[a][index]) {
                        continue;
                    }
                    let line = LineId { axis, index };
                    if self.solve_line(grid, line, false)? > 0 {
                        changed_any = true;
                        let words = grid.line_words(axis);
                        for w in 0..words {
                            let mut bits = self.changed[w];
                            while bits != 0 {
                                let i = w * 64 + bits.trailing_zeros() as usize;
                                bits &= bits - 1;
                                dirty[1 - a][i] = true;
                            }
                        }
                    }
                }
            }
            if !changed_any {
                return Ok(());
            }
            on_sweep(grid);
        }
    }
}
