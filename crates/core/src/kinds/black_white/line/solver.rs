//! The dispatching line solver, [`LineSolver`]: the fastest of the module's solvers that takes
//! each line, as one [`LineSolve`].

use super::{bits, dp, parallel, Line, LineSolve, Masks};
use crate::kind::Contradiction;
use nonogram_model::Cell;

/// The dispatching line solver: [`parallel`] for lines of up to 4,096 cells, [`bits`] for
/// longer ones whose automaton fits in 128 states, [`dp`] for the rest. Holds the scratch
/// buffers of all three; it allocates only when a longer line than any before comes along.
#[derive(Debug, Default)]
pub struct LineSolver {
    parallel: parallel::Parallel,
    bits: bits::Bits,
    dp: dp::Dp,
    /// The output of [`LineSolve::feasible`] on lines that only a full solve can check.
    scratch: Masks,
}

impl LineSolver {
    /// A solver with empty scratch buffers.
    pub fn new() -> LineSolver {
        LineSolver::default()
    }

    /// Lines too long for the cell-parallel solver.
    #[inline(never)]
    fn solve_long(&mut self, line: Line<'_>, out: &mut Masks) -> Result<(), Contradiction> {
        if self.bits.supports(line) {
            self.bits.solve(line, out)
        } else {
            self.dp.solve(line, out)
        }
    }

    /// Lines too long for the cell-parallel solver: a full solve into the scratch masks.
    #[inline(never)]
    fn feasible_long(&mut self, line: Line<'_>) -> bool {
        let mut out = std::mem::take(&mut self.scratch);
        if out.filled.len() < line.words() {
            out = Masks::new(line.len());
        }
        let feasible = self.solve_long(line, &mut out).is_ok();
        self.scratch = out;
        feasible
    }
}

/// Inlined up to the cell-parallel solver's one-word case, so that a caller solving lines of up
/// to 64 cells (the learner, the propagator) pays nothing for the dispatch.
impl LineSolve for LineSolver {
    #[inline(always)]
    fn solve(&mut self, line: Line<'_>, out: &mut Masks) -> Result<(), Contradiction> {
        if self.parallel.supports(line) {
            self.parallel.solve(line, out)
        } else {
            self.solve_long(line, out)
        }
    }

    /// Cheaper than solving for lines of up to 4,096 cells: only the forward pass runs (past
    /// 512 cells, only the scan for the leftmost placement).
    /// Explanations in the learning engine ask this many times per conflict.
    #[inline(always)]
    fn feasible(&mut self, line: Line<'_>) -> bool {
        if self.parallel.supports(line) {
            self.parallel.feasible(line)
        } else {
            self.feasible_long(line)
        }
    }
}

/// Solves one line given as cells: a convenience over [`LineSolver`] for callers that are not
/// in a hot loop (explanations, the `patterns --common` command, tests).
pub fn solve_line(clue: &[u32], cells: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
    let known = Masks::from_cells(cells);
    let mut out = Masks::new(cells.len());
    LineSolver::new().solve(known.line(clue, cells.len()), &mut out)?;
    Ok(out.to_cells(cells.len()))
}
