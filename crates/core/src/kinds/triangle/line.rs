//! The triangle line solver: given a clue of capped runs and, for each cell of the line, the
//! entries of the triangle palette it may still take, narrow every cell to the entries some
//! valid placement gives it, or report that none agrees (a [`Contradiction`]).
//!
//! Lines are held as the grid stores them, one bit mask per palette entry. Two solvers:
//!
//! - lines of up to 128 cells: the cell-parallel passes of `super::parallel` (black and
//!   white's, with a run's caps read into where it fits and what it covers), O(runs · log
//!   length) word operations;
//! - longer lines: the line programme every kind shares ([`dp`], O(runs · cells)), which reads
//!   a run's caps.
//!
//! Both are checked against [`super::naive`] and against each other (in `nonogram-checks`).

use nonogram_model::{Clue, ColourSet};

use crate::kind::dp;
use crate::kind::entries::EntryLineSolver;
use crate::kind::grid::words_for;
use crate::kind::Contradiction;

use super::parallel::{Scratch, Shapes};

/// The longest line the bit-parallel solver takes (a cell a bit of a `u128`).
pub const MAX_PARALLEL: usize = 128;

/// The triangle line solver with its scratch buffers; reuse one per thread.
#[derive(Debug, Default)]
pub struct TriangleLineSolver {
    narrow: Scratch<u64>,
    wide: Scratch<u128>,
    dp: dp::Scratch,
    out: Vec<u64>,
    /// The clue of a call that brings no [`Shapes`], read into this.
    read: Shapes,
}

impl TriangleLineSolver {
    /// A solver with empty scratch buffers.
    pub fn new() -> TriangleLineSolver {
        TriangleLineSolver::default()
    }

    /// Solves one line of `len` cells (the contract of [`EntryLineSolver::solve`]).
    pub fn solve(
        &mut self,
        clue: &Clue,
        len: usize,
        entries: usize,
        masks: &[u64],
        out: &mut [u64],
    ) -> Result<(), Contradiction> {
        let shapes = self.read(clue, entries);
        let result = self.solve_prepared((clue, &shapes), len, entries, masks, out);
        self.read = shapes;
        result
    }

    /// [`TriangleLineSolver::solve`] with the clue read beforehand ([`Shapes::new`] for this
    /// palette): what propagation and the learner call, each line read once.
    pub fn solve_prepared(
        &mut self,
        (clue, shapes): (&Clue, &Shapes),
        len: usize,
        entries: usize,
        masks: &[u64],
        out: &mut [u64],
    ) -> Result<(), Contradiction> {
        if len == 0 {
            return empty_line(clue);
        }
        let fast = if len <= 64 {
            self.narrow.solve_shapes(shapes, len, entries, masks, out)
        } else if len <= MAX_PARALLEL {
            self.wide.solve_shapes(shapes, len, entries, masks, out)
        } else {
            None
        };
        match fast {
            Some(result) => result,
            None => self.dp.solve(clue, len, entries, masks, out),
        }
    }

    /// The line programme alone, whatever the line's length: what the cell-parallel passes are
    /// checked against (in `nonogram-checks`).
    pub fn solve_dp(
        &mut self,
        clue: &Clue,
        len: usize,
        entries: usize,
        masks: &[u64],
        out: &mut [u64],
    ) -> Result<(), Contradiction> {
        if len == 0 {
            return empty_line(clue);
        }
        self.dp.solve(clue, len, entries, masks, out)
    }

    /// Whether some placement of `clue` agrees with `masks`. Cheaper than solving for lines of
    /// up to 128 cells: only one pass runs.
    pub fn feasible(&mut self, clue: &Clue, len: usize, entries: usize, masks: &[u64]) -> bool {
        let shapes = self.read(clue, entries);
        let feasible = self.feasible_prepared((clue, &shapes), len, entries, masks);
        self.read = shapes;
        feasible
    }

    /// [`TriangleLineSolver::feasible`] with the clue read beforehand.
    pub fn feasible_prepared(
        &mut self,
        (clue, shapes): (&Clue, &Shapes),
        len: usize,
        entries: usize,
        masks: &[u64],
    ) -> bool {
        if len == 0 {
            return clue.is_empty();
        }
        let fast = if len <= 64 {
            Scratch::<u64>::feasible_shapes(shapes, len, entries, masks)
        } else if len <= MAX_PARALLEL {
            Scratch::<u128>::feasible_shapes(shapes, len, entries, masks)
        } else {
            None
        };
        if let Some(feasible) = fast {
            return feasible;
        }
        let mut out = std::mem::take(&mut self.out);
        out.resize(entries * words_for(len).max(1), 0);
        let ok = self.dp.solve(clue, len, entries, masks, &mut out).is_ok();
        self.out = out;
        ok
    }

    /// `clue` read into the buffer of calls that bring no [`Shapes`] (given back after).
    fn read(&mut self, clue: &Clue, entries: usize) -> Shapes {
        let mut shapes = std::mem::take(&mut self.read);
        shapes.read(clue, entries);
        shapes
    }
}

impl EntryLineSolver for TriangleLineSolver {
    /// Each run's caps and body, read once per line.
    type Prepared = Shapes;

    fn prepare(clue: &Clue, entries: usize) -> Shapes {
        Shapes::new(clue, entries)
    }

    fn solve(
        &mut self,
        clue: (&Clue, &Shapes),
        len: usize,
        entries: usize,
        masks: &[u64],
        out: &mut [u64],
    ) -> Result<(), Contradiction> {
        self.solve_prepared(clue, len, entries, masks, out)
    }

    fn feasible(
        &mut self,
        clue: (&Clue, &Shapes),
        len: usize,
        entries: usize,
        masks: &[u64],
    ) -> bool {
        self.feasible_prepared(clue, len, entries, masks)
    }
}

/// A line of no cells: only the empty clue fits it.
fn empty_line(clue: &Clue) -> Result<(), Contradiction> {
    if clue.is_empty() {
        Ok(())
    } else {
        Err(Contradiction)
    }
}

/// Solves one line given as a set of entries per cell (tests, explanations).
pub fn solve_cells(
    clue: &Clue,
    cells: &[ColourSet],
    entries: usize,
) -> Result<Vec<ColourSet>, Contradiction> {
    crate::kind::entries::solve_cells::<TriangleLineSolver>(clue, cells, entries)
}
