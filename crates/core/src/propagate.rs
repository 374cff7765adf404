//! Line propagation: solve lines until none changes (a fixpoint) or one contradicts.
//!
//! A queue holds the lines whose cells changed since they were last solved; solving a line can
//! fix cells, which queues the crossing lines. Results of lines up to 64 cells go through a
//! [`LineCache`], which is what makes probing affordable (most probes re-solve lines in states
//! seen before).
//!
//! Propagation can tell an [`Observer`] what it does: which line fixed which cells, which line
//! contradicted, where each sweep ended. That is all the explanations need to narrate a solve
//! (`crate::explain`). The search and the probes pass `()`, the observer that wants nothing;
//! propagation is generic over its observer, so for them it compiles to what it was without one.

use std::collections::{HashMap, VecDeque};
use web_time::Instant;

use crate::grid::{words_for, Grid};
use crate::line::{Line, LineCache, LineSolve, LineSolver, Masks};
use crate::termination::WorkDeadline;
use crate::Contradiction;
use nonogram_model::{Axis, Cell, LineId, Puzzle};

/// Cache size: 2^13 slots of 48 bytes (384 KiB). Measured on random 30×30 puzzles: 2^15 slots
/// (1.5 MiB, past the L2 cache) was about twice as slow, 2^11 a little slower.
const CACHE_BITS: u32 = 13;

/// Cache names of the clues of a puzzle, rows then columns: equal clues on lines of equal length
/// (the same axis) share one, so their results share cache slots.
fn clue_ids(puzzle: &Puzzle) -> Vec<u32> {
    let mut names: HashMap<(Axis, &[u32]), u32> = HashMap::new();
    let mut ids = Vec::with_capacity(puzzle.width() + puzzle.height());
    for axis in [Axis::Row, Axis::Column] {
        for clue in puzzle.clues(axis) {
            let next = names.len() as u32;
            ids.push(*names.entry((axis, clue.runs())).or_insert(next));
        }
    }
    ids
}

/// What propagation reports as it works. Every method does nothing by default; `()` is the
/// observer that wants nothing.
pub(crate) trait Observer {
    /// Solving `line` fixed `cells`, every one of them unknown before.
    #[inline(always)]
    fn fixed(&mut self, line: LineId, cells: Fixed<'_>) {
        let _ = (line, cells);
    }

    /// No placement of `line`'s clue agrees with its known cells: propagation stops with a
    /// contradiction.
    #[inline(always)]
    fn contradiction(&mut self, line: LineId) {
        let _ = line;
    }

    /// A sweep of [`Propagator::sweeps`] ended, having changed `grid`.
    #[inline(always)]
    fn swept(&mut self, grid: &Grid) {
        let _ = grid;
    }
}

impl Observer for () {}

/// The cells one line solve fixed, as masks along the line. A view into the propagator's
/// buffer, read only if the observer asks: an observer that ignores it costs nothing.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fixed<'a> {
    len: usize,
    masks: &'a Masks,
}

impl Fixed<'_> {
    /// The positions along the line of the cells fixed filled, in increasing order.
    pub fn filled(&self) -> Vec<usize> {
        positions(&self.masks.filled[..words_for(self.len)])
    }

    /// The positions along the line of the cells fixed empty, in increasing order.
    pub fn empty(&self) -> Vec<usize> {
        positions(&self.masks.empty[..words_for(self.len)])
    }
}

/// The set bits of a mask, in increasing order.
fn positions(mask: &[u64]) -> Vec<usize> {
    let mut out = Vec::new();
    for (w, &word) in mask.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            out.push(w * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
    out
}

/// What solving a line does with the crossing line of each cell it fixes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Crossing {
    /// Queues it (once), for [`Propagator::propagate`].
    Queue,
    /// Marks it queued without putting it in the queue, for [`Propagator::sweeps`], which
    /// takes the marked lines in order.
    Mark,
}

/// Propagates line deductions over one puzzle's grids. One per thread.
#[derive(Debug)]
pub(crate) struct Propagator<'p> {
    puzzle: &'p Puzzle,
    /// Cache names of the clues, rows then columns: equal clues on equal-length lines share one.
    clue_ids: Vec<u32>,
    solver: LineSolver,
    cache: LineCache,
    queue: VecDeque<LineId>,
    /// Whether each line (rows then columns) is in the queue (or, in sweeps, marked to solve).
    queued: Vec<bool>,
    /// What the line solver fixed, as masks of the line solved.
    out: Masks,
    /// Line solves that missed the cache.
    pub line_solves: u64,
    /// When to give up (see [`Propagator::set_deadline`]).
    deadline: WorkDeadline,
}

impl<'p> Propagator<'p> {
    pub fn new(puzzle: &'p Puzzle) -> Propagator<'p> {
        let clue_ids = clue_ids(puzzle);
        Propagator {
            puzzle,
            clue_ids,
            solver: LineSolver::new(),
            cache: LineCache::new(CACHE_BITS),
            queue: VecDeque::new(),
            queued: vec![false; puzzle.width() + puzzle.height()],
            out: Masks::new(puzzle.width().max(puzzle.height())),
            line_solves: 0,
            deadline: WorkDeadline::default(),
        }
    }

    /// Gives up at `deadline`: from then on every line solve fails as if it had found a
    /// contradiction, and [`Propagator::interrupted`] says so. A line of 4,096 cells takes
    /// about a millisecond, and a puzzle that large has thousands of them: without this, one
    /// propagation of a huge puzzle would outlast any time limit. Callers that set a deadline
    /// must check [`Propagator::interrupted`] before they take a contradiction for a verdict.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline.set(deadline);
    }

    /// Whether the deadline passed during a propagation (and every result since is void).
    pub fn interrupted(&self) -> bool {
        self.deadline.passed()
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
        for axis in [Axis::Row, Axis::Column] {
            for index in 0..self.puzzle.clues(axis).len() {
                self.enqueue(LineId { axis, index });
            }
        }
    }

    fn clear_queue(&mut self) {
        self.queue.clear();
        self.queued.fill(false);
    }

    /// Solves queued lines until the queue is empty. On a contradiction the queue is cleared
    /// and the grid is left part-way (callers discard it).
    pub fn propagate(&mut self, grid: &mut Grid) -> Result<(), Contradiction> {
        self.propagate_with(grid, &mut ())
    }

    /// [`Propagator::propagate`], telling `observer` what it does.
    pub fn propagate_with<O: Observer>(
        &mut self,
        grid: &mut Grid,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        while let Some(line) = self.queue.pop_front() {
            let slot = self.slot(line);
            self.queued[slot] = false;
            if let Err(c) = self.solve_line(grid, line, Crossing::Queue, observer) {
                self.clear_queue();
                return Err(c);
            }
        }
        Ok(())
    }

    /// Sets one cell and propagates.
    pub fn assign(
        &mut self,
        grid: &mut Grid,
        row: usize,
        col: usize,
        value: Cell,
    ) -> Result<(), Contradiction> {
        self.assign_with(grid, row, col, value, &mut ())
    }

    /// [`Propagator::assign`], telling `observer` what propagation does.
    pub fn assign_with<O: Observer>(
        &mut self,
        grid: &mut Grid,
        row: usize,
        col: usize,
        value: Cell,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        if grid.set(row, col, value)? {
            self.enqueue(LineId {
                axis: Axis::Row,
                index: row,
            });
            self.enqueue(LineId {
                axis: Axis::Column,
                index: col,
            });
        }
        self.propagate_with(grid, observer)
    }

    /// Solves one line, writes what it fixes into the grid and tells `observer`, and queues or
    /// marks the crossing line of every changed cell. Returns how many cells changed.
    #[inline]
    fn solve_line<O: Observer>(
        &mut self,
        grid: &mut Grid,
        line: LineId,
        crossing: Crossing,
        observer: &mut O,
    ) -> Result<usize, Contradiction> {
        let result = self.solve_line_quietly(grid, line, crossing);
        match result {
            Ok(0) => {}
            Ok(_) => {
                // `solve_line_quietly` leaves the cells it fixed in `out`.
                let len = grid.line_len(line.axis);
                observer.fixed(
                    line,
                    Fixed {
                        len,
                        masks: &self.out,
                    },
                );
            }
            // A line given up on for the deadline contradicted nothing.
            Err(_) if self.deadline.passed() => {}
            Err(_) => observer.contradiction(line),
        }
        result
    }

    /// [`Propagator::solve_line`] but for the observer: on success, `out` holds the cells fixed.
    #[inline]
    fn solve_line_quietly(
        &mut self,
        grid: &mut Grid,
        line: LineId,
        crossing: Crossing,
    ) -> Result<usize, Contradiction> {
        let len = grid.line_len(line.axis);
        if self.deadline.out_of_time(len) {
            return Err(Contradiction);
        }
        let words = words_for(len);
        let clue = self.puzzle.clue(line).runs();
        let (filled, empty) = grid.line(line);
        if len <= 64 {
            let id = self.clue_ids[self.slot(line)];
            let (f, e) = (filled[0], empty[0]);
            let result = match self.cache.get(id, f, e) {
                Some(result) => result,
                None => {
                    self.line_solves += 1;
                    let result = self
                        .solver
                        .solve(Line::new(clue, len, filled, empty), &mut self.out)
                        .ok()
                        .map(|()| (self.out.filled[0], self.out.empty[0]));
                    self.cache.put(id, f, e, result);
                    result
                }
            };
            let (nf, ne) = result.ok_or(Contradiction)?;
            self.out.filled[0] = nf;
            self.out.empty[0] = ne;
        } else {
            self.line_solves += 1;
            self.solver
                .solve(Line::new(clue, len, filled, empty), &mut self.out)?;
        }
        let mut changed = 0;
        for w in 0..words {
            let (filled, empty) = grid.line(line);
            let new_filled = self.out.filled[w] & !filled[w];
            let new_empty = self.out.empty[w] & !empty[w];
            // The solver only adds to what was known, never contradicting it.
            if (new_filled & empty[w]) | (new_empty & filled[w]) | (new_filled & new_empty) != 0 {
                return Err(Contradiction);
            }
            (self.out.filled[w], self.out.empty[w]) = (new_filled, new_empty);
            let new = new_filled | new_empty;
            if new == 0 {
                continue;
            }
            grid.set_line_word(line, w, new_filled, new_empty);
            changed += new.count_ones() as usize;
            let mut bits = new;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let crossing_line = LineId {
                    axis: line.axis.other(),
                    index: i,
                };
                match crossing {
                    Crossing::Queue => self.enqueue(crossing_line),
                    Crossing::Mark => {
                        let slot = self.slot(crossing_line);
                        self.queued[slot] = true;
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Deduction by sweeps, as a person (or the notebook) does it: solve every queued row, then
    /// every queued column (each line queued by a change in a crossing line), and repeat until a
    /// sweep changes nothing. Starts from the lines queued ([`Propagator::enqueue_all`] for a
    /// fresh deduction); the queue's order does not matter, the sweeps take rows then columns in
    /// order. Returns the sweeps that changed something; `observer` hears of each line's cells,
    /// the contradiction if there is one, and the end of each sweep that changed the grid.
    pub fn sweeps<O: Observer>(
        &mut self,
        grid: &mut Grid,
        observer: &mut O,
    ) -> Result<usize, Contradiction> {
        self.queue.clear();
        let mut sweeps = 0;
        loop {
            let mut changed_any = false;
            for axis in [Axis::Row, Axis::Column] {
                for index in 0..self.puzzle.clues(axis).len() {
                    let line = LineId { axis, index };
                    let slot = self.slot(line);
                    if !std::mem::take(&mut self.queued[slot]) {
                        continue;
                    }
                    match self.solve_line(grid, line, Crossing::Mark, observer) {
                        Ok(changed) => changed_any |= changed > 0,
                        Err(c) => {
                            self.clear_queue();
                            return Err(c);
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
    use nonogram_model::{Clue, Picture};

    /// Records everything an observer hears.
    #[derive(Default)]
    struct Log {
        fixed: Vec<(LineId, Vec<usize>, Vec<usize>)>,
        contradiction: Option<LineId>,
        sweeps: usize,
    }

    impl Observer for Log {
        fn fixed(&mut self, line: LineId, cells: Fixed<'_>) {
            self.fixed.push((line, cells.filled(), cells.empty()));
        }
        fn contradiction(&mut self, line: LineId) {
            self.contradiction = Some(line);
        }
        fn swept(&mut self, _: &Grid) {
            self.sweeps += 1;
        }
    }

    /// Replays what an observer heard onto a blank grid: each cell is reported once, unknown
    /// until then.
    fn replay(log: &Log, width: usize, height: usize) -> Grid {
        let mut grid = Grid::new(width, height);
        for (line, filled, empty) in &log.fixed {
            for (cells, value) in [(filled, Cell::Filled), (empty, Cell::Empty)] {
                for &i in cells {
                    assert_eq!(grid.line_cell(*line, i), Cell::Unknown, "{line} cell {i}");
                    assert_eq!(grid.set_line_cell(*line, i, value), Ok(true));
                }
            }
        }
        grid
    }

    fn smallex() -> Puzzle {
        let rows = ["..###", "##.#.", ".###.", ".##..", "###.."];
        Puzzle::from_picture(&Picture::from_strings(&rows).unwrap())
    }

    #[test]
    fn the_observer_hears_every_cell_fixed() {
        let puzzle = smallex();
        for sweeping in [false, true] {
            let mut prop = Propagator::new(&puzzle);
            let mut grid = Grid::new(5, 5);
            let mut log = Log::default();
            prop.enqueue_all();
            let sweeps = if sweeping {
                prop.sweeps(&mut grid, &mut log).unwrap()
            } else {
                prop.propagate_with(&mut grid, &mut log)
                    .map(|()| 0)
                    .unwrap()
            };
            assert!(grid.is_complete());
            assert_eq!(replay(&log, 5, 5), grid);
            assert_eq!(log.contradiction, None);
            assert_eq!(log.sweeps, sweeps);
            assert_eq!(sweeping, sweeps > 0);
        }
    }

    #[test]
    fn the_observer_hears_the_line_that_contradicts() {
        // Row 1 (clue 1 1) fills cells 1 and 3 of three, but column 3 is empty, and column 2,
        // left with no cell to fill, cannot hold its run.
        let puzzle = Puzzle::new(
            vec![Clue::new([1, 1]), Clue::empty()],
            vec![Clue::new([1]), Clue::new([1]), Clue::empty()],
        )
        .unwrap();
        let mut prop = Propagator::new(&puzzle);
        let mut grid = Grid::new(3, 2);
        let mut log = Log::default();
        prop.enqueue_all();
        assert_eq!(prop.sweeps(&mut grid, &mut log), Err(Contradiction));
        // Both rows are solved first; the first column holds its cell, the second does not.
        assert_eq!(log.contradiction, Some(LineId::column(1)));
        assert_eq!(log.fixed.len(), 2);
        assert_eq!(replay(&log, 3, 2), grid);
        // A probe, through the queue: (1, 3) filled breaks column 3 at once.
        let mut log = Log::default();
        let mut grid = Grid::new(3, 2);
        assert_eq!(
            prop.assign_with(&mut grid, 0, 2, Cell::Filled, &mut log),
            Err(Contradiction)
        );
        assert_eq!(log.contradiction, Some(LineId::column(2)));
        // The queue was cleared: the propagator is ready for the next probe.
        let mut grid = Grid::new(3, 2);
        assert_eq!(
            prop.assign(&mut grid, 1, 0, Cell::Empty),
            Err(Contradiction)
        );
    }
}
