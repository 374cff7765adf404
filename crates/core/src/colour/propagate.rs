//! Colour line propagation: solve lines until none changes (a fixpoint) or one contradicts.
//!
//! The black-and-white propagator's design with colour lines: a queue of the lines whose cells
//! changed since they were last solved, and a direct-mapped cache of line results for lines of
//! up to 64 cells (probing solves the same lines in the same states over and over). A colour
//! line's state is one word per palette entry, so a cache slot holds the clue's name, the
//! entries' words before and after; the slot count is chosen so that the table stays near
//! [`CACHE_BYTES`] whatever the palette.
//!
//! As the black-and-white propagator does, it can tell a [`ColourObserver`] what it does: which
//! line ruled which entries out of which cells, which line contradicted, where each sweep
//! ended. That is what the colour explanations narrate (`crate::explain::colour`). The search
//! and the probes pass `()`, the observer that wants nothing, and propagation, generic over its
//! observer, compiles for them to what it was without one.

use std::collections::{HashMap, VecDeque};
use web_time::Instant;

use nonogram_model::{Axis, ColourSet, LineId, Puzzle};

use super::grid::ColourGrid;
use super::line::ColourLineSolver;
use crate::termination::WorkDeadline;
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

/// What colour propagation reports as it works. Every method does nothing by default; `()` is
/// the observer that wants nothing.
pub(crate) trait ColourObserver {
    /// Whether [`ColourObserver::narrowed`] reads its cells: only then does the propagator keep
    /// a copy of each line before narrowing it.
    const NARRATES: bool = false;

    /// Solving `line` ruled entries out of some of its cells (only called when
    /// [`ColourObserver::NARRATES`]).
    #[inline(always)]
    fn narrowed(&mut self, line: LineId, cells: Narrowed<'_>) {
        let _ = (line, cells);
    }

    /// No placement of `line`'s clue agrees with its cells: propagation stops with a
    /// contradiction.
    #[inline(always)]
    fn contradiction(&mut self, line: LineId) {
        let _ = line;
    }

    /// A sweep of [`ColourPropagator::sweeps`] ended, having changed `grid`.
    #[inline(always)]
    fn swept(&mut self, grid: &ColourGrid) {
        let _ = grid;
    }
}

impl ColourObserver for () {}

/// The cells one line solve narrowed: the line's masks before and after (the layout of
/// [`ColourGrid::line`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Narrowed<'a> {
    len: usize,
    words: usize,
    before: &'a [u64],
    after: &'a [u64],
}

impl Narrowed<'_> {
    fn set(masks: &[u64], words: usize, i: usize) -> ColourSet {
        let mut bits = 0;
        for e in 0..masks.len() / words {
            if masks[e * words + i / 64] >> (i % 64) & 1 != 0 {
                bits |= 1 << e;
            }
        }
        ColourSet::from_bits(bits)
    }

    /// The cells that lost an entry, in increasing position: `(position, entries before,
    /// entries left)`.
    pub fn cells(&self) -> Vec<(usize, ColourSet, ColourSet)> {
        (0..self.len)
            .filter_map(|i| {
                let before = Narrowed::set(self.before, self.words, i);
                let after = Narrowed::set(self.after, self.words, i);
                (before != after).then_some((i, before, after))
            })
            .collect()
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
    /// A line's masks before it is narrowed, kept for an observer that narrates.
    before: Vec<u64>,
    /// Line solves that missed the cache.
    pub line_solves: u64,
    /// When to give up (see [`ColourPropagator::set_deadline`]).
    deadline: WorkDeadline,
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
            before: Vec::new(),
            line_solves: 0,
            deadline: WorkDeadline::default(),
        }
    }

    /// Gives up at `deadline`, as the black-and-white propagator does
    /// (`Propagator::set_deadline`): from then on every line solve fails as if it had found
    /// a contradiction, and [`ColourPropagator::interrupted`] says so. Callers that set a
    /// deadline must check it before they take a contradiction for a verdict.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline.set(deadline);
    }

    /// Whether the deadline passed during a propagation (and every result since is void).
    pub fn interrupted(&self) -> bool {
        self.deadline.passed()
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
        self.propagate_with(grid, &mut ())
    }

    /// [`ColourPropagator::propagate`], telling `observer` what it does.
    pub fn propagate_with<O: ColourObserver>(
        &mut self,
        grid: &mut ColourGrid,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        while let Some(line) = self.queue.pop_front() {
            let slot = self.slot(line);
            self.queued[slot] = false;
            if let Err(c) = self.solve_line_with(grid, line, true, observer) {
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
        self.assign_with(grid, row, col, set, &mut ())
    }

    /// [`ColourPropagator::assign`], telling `observer` what propagation does.
    pub fn assign_with<O: ColourObserver>(
        &mut self,
        grid: &mut ColourGrid,
        row: usize,
        col: usize,
        set: ColourSet,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        if grid.narrow(row, col, set)? {
            self.enqueue(LineId::row(row));
            self.enqueue(LineId::column(col));
        }
        self.propagate_with(grid, observer)
    }

    /// Solves one line and narrows the grid to its result, telling `observer` what the line
    /// ruled out, or that it contradicted; with `queue_crossing`, queues the crossing line of
    /// every changed cell. Returns how many entries were removed.
    fn solve_line_with<O: ColourObserver>(
        &mut self,
        grid: &mut ColourGrid,
        line: LineId,
        queue_crossing: bool,
        observer: &mut O,
    ) -> Result<usize, Contradiction> {
        if self.deadline.out_of_time(grid.line_len(line.axis)) {
            // Given up for the deadline: no line contradicted, and the observer hears nothing.
            return Err(Contradiction);
        }
        if O::NARRATES {
            self.before.clear();
            self.before.extend_from_slice(grid.line(line));
        }
        let removed = match self.narrow_by_line(grid, line) {
            Ok(removed) => removed,
            Err(c) => {
                observer.contradiction(line);
                return Err(c);
            }
        };
        if removed == 0 {
            return Ok(0);
        }
        let words = grid.line_words(line.axis);
        if O::NARRATES {
            observer.narrowed(
                line,
                Narrowed {
                    len: grid.line_len(line.axis),
                    words,
                    before: &self.before,
                    after: grid.line(line),
                },
            );
        }
        if queue_crossing {
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

    /// Solves one line and narrows the grid to its result, leaving the changed cells in
    /// `changed`. Returns how many entries were removed.
    #[inline]
    fn narrow_by_line(
        &mut self,
        grid: &mut ColourGrid,
        line: LineId,
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
        grid.narrow_line(line, out, &mut self.changed)
    }

    /// Deduction by sweeps, as a person does it: solve every queued row, then every queued
    /// column (each line queued by a change in a crossing line), and repeat until a sweep
    /// changes nothing. Starts from the lines queued ([`ColourPropagator::enqueue_all`] for a
    /// fresh deduction); the queue's order does not matter. Returns the sweeps that changed
    /// something; `observer` hears of each line's cells, the contradiction if there is one, and
    /// the end of each sweep that changed the grid.
    pub fn sweeps<O: ColourObserver>(
        &mut self,
        grid: &mut ColourGrid,
        observer: &mut O,
    ) -> Result<usize, Contradiction> {
        self.queue.clear();
        let mut sweeps = 0;
        loop {
            let mut changed_any = false;
            for axis in [Axis::Row, Axis::Column] {
                for index in 0..grid.line_len(axis.other()) {
                    let line = LineId { axis, index };
                    let slot = self.slot(line);
                    if !std::mem::take(&mut self.queued[slot]) {
                        continue;
                    }
                    let removed = match self.solve_line_with(grid, line, false, observer) {
                        Ok(removed) => removed,
                        Err(c) => {
                            self.clear_queue();
                            return Err(c);
                        }
                    };
                    if removed > 0 {
                        changed_any = true;
                        for w in 0..grid.line_words(axis) {
                            let mut bits = self.changed[w];
                            while bits != 0 {
                                let i = w * 64 + bits.trailing_zeros() as usize;
                                bits &= bits - 1;
                                let crossing = LineId {
                                    axis: axis.other(),
                                    index: i,
                                };
                                let slot = self.slot(crossing);
                                self.queued[slot] = true;
                            }
                        }
                    }
                }
            }
            if !changed_any {
                return Ok(sweeps);
            }
            sweeps += 1;
            observer.swept(grid);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_colour_puzzle, Rng};

    /// Replays what a narrating observer hears onto a blank grid.
    struct Replay {
        grid: ColourGrid,
        contradiction: Option<LineId>,
        sweeps: usize,
    }

    impl ColourObserver for Replay {
        const NARRATES: bool = true;

        fn narrowed(&mut self, line: LineId, cells: Narrowed<'_>) {
            for (i, before, after) in cells.cells() {
                let (r, c) = match line.axis {
                    Axis::Row => (line.index, i),
                    Axis::Column => (i, line.index),
                };
                assert_eq!(self.grid.get(r, c), before, "{line} cell {i}");
                assert_eq!(self.grid.narrow(r, c, after), Ok(true));
            }
        }

        fn contradiction(&mut self, line: LineId) {
            self.contradiction = Some(line);
        }

        fn swept(&mut self, _: &ColourGrid) {
            self.sweeps += 1;
        }
    }

    #[test]
    fn the_observer_hears_every_entry_ruled_out() {
        let mut rng = Rng::new(11);
        for _ in 0..60 {
            let (w, h) = (rng.range(1, 8), rng.range(1, 8));
            let puzzle = random_colour_puzzle(&mut rng, w, h, 3, 0.6);
            for sweeping in [false, true] {
                let mut prop = ColourPropagator::new(&puzzle);
                let mut grid = prop.blank();
                let mut replay = Replay {
                    grid: prop.blank(),
                    contradiction: None,
                    sweeps: 0,
                };
                prop.enqueue_all();
                let sweeps = if sweeping {
                    prop.sweeps(&mut grid, &mut replay).unwrap()
                } else {
                    prop.propagate_with(&mut grid, &mut replay).unwrap();
                    0
                };
                assert_eq!(replay.grid, grid);
                assert_eq!(replay.contradiction, None);
                assert_eq!(replay.sweeps, sweeps);
            }
        }
    }
}
