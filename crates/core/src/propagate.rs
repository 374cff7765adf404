//! Line propagation: solve lines until none changes (a fixpoint) or one contradicts.
//!
//! A queue holds the lines whose cells changed since they were last solved; solving a line can
//! fix cells, which queues the crossing lines. Results of lines up to 64 cells go through a
//! [`LineCache`], which is what makes probing affordable (most probes re-solve lines in states
//! seen before).

use std::collections::{HashMap, VecDeque};

use crate::grid::{words_for, Grid};
use crate::line::{Line, LineCache, LineSolve, LineSolver, Masks};
use crate::Contradiction;
use nonogram_model::Cell;
use nonogram_model::{Axis, LineId, Puzzle};

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

/// Propagates line deductions over one puzzle's grids. One per thread.
#[derive(Debug)]
pub struct Propagator<'p> {
    puzzle: &'p Puzzle,
    /// Cache names of the clues, rows then columns: equal clues on equal-length lines share one.
    clue_ids: Vec<u32>,
    solver: LineSolver,
    cache: LineCache,
    queue: VecDeque<LineId>,
    /// Whether each line (rows then columns) is in the queue.
    queued: Vec<bool>,
    /// What the line solver fixed, as masks of the line solved.
    out: Masks,
    /// Line solves that missed the cache.
    pub line_solves: u64,
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
        }
    }

    pub fn puzzle(&self) -> &'p Puzzle {
        self.puzzle
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

    /// Sets one cell and propagates.
    pub fn assign(
        &mut self,
        grid: &mut Grid,
        row: usize,
        col: usize,
        value: Cell,
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
        self.propagate(grid)
    }

    /// Solves one line and writes what it fixes into the grid; with `queue_crossing`, queues the
    /// crossing line of every changed cell. Returns how many cells changed.
    pub fn solve_line(
        &mut self,
        grid: &mut Grid,
        line: LineId,
        queue_crossing: bool,
    ) -> Result<usize, Contradiction> {
        let len = grid.line_len(line.axis);
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
            let new = new_filled | new_empty;
            if new == 0 {
                continue;
            }
            grid.set_line_word(line, w, new_filled, new_empty);
            changed += new.count_ones() as usize;
            if queue_crossing {
                let mut bits = new;
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
        Ok(changed)
    }

    /// Deduction by sweeps, as a person (or the notebook) does it: solve every row that changed,
    /// then every column that changed, and repeat until a sweep changes nothing. `on_sweep` sees
    /// the grid after each sweep that changed something.
    pub fn sweeps(
        &mut self,
        grid: &mut Grid,
        mut on_sweep: impl FnMut(&Grid),
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
                    let before = grid.line_string(line);
                    let changed = self.solve_line(grid, line, false)?;
                    if changed > 0 {
                        changed_any = true;
                        for (i, c) in before.chars().enumerate() {
                            if c == '?' && grid.line_cell(line, i) != Cell::Unknown {
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
