//! Line solving for black-and-white propagation ([`LineWork`]): the dispatching
//! [`LineSolver`] on a line's two masks, results of lines up to 64 cells cached, and what it
//! proves written into the grid a word at a time.

use nonogram_model::{Clue, LineId, Puzzle};

use super::grid::Grid;
use super::line::{Line, LineCache, LineSolve, LineSolver, Masks};
use crate::kind::grid::words_for;
use crate::kind::{Contradiction, LineWork, Solved};

/// Cache size: 2^13 slots of 48 bytes (384 KiB). Measured on random 30×30 puzzles: 2^15 slots
/// (1.5 MiB, past the L2 cache) was about twice as slow, 2^11 a little slower.
const CACHE_BITS: u32 = 13;

/// The line solver, its output, a cache of line results, and the cells the last solve changed.
#[derive(Debug)]
pub(crate) struct BlackWhiteWork {
    solver: LineSolver,
    cache: LineCache,
    /// What the line solver knows of the line after solving it.
    out: Masks,
    /// The cells the last solve fixed.
    changed: Vec<u64>,
    /// Solves that missed the cache.
    solves: u64,
}

impl LineWork<Grid> for BlackWhiteWork {
    fn new(puzzle: &Puzzle) -> BlackWhiteWork {
        let longest = puzzle.width().max(puzzle.height());
        BlackWhiteWork {
            solver: LineSolver::new(),
            cache: LineCache::new(CACHE_BITS),
            out: Masks::new(longest),
            changed: vec![0; words_for(longest).max(1)],
            solves: 0,
        }
    }

    #[inline]
    fn solve(&mut self, grid: &mut Grid, line: LineId, (clue, id): (&Clue, u32)) -> Solved {
        let len = grid.line_len(line.axis);
        let words = words_for(len);
        let clue = clue.runs();
        let (filled, empty) = grid.line(line);
        if len <= 64 {
            let (f, e) = (filled[0], empty[0]);
            let result = match self.cache.get(id, f, e) {
                Some(result) => result,
                None => {
                    self.solves += 1;
                    let result = self
                        .solver
                        .solve(Line::new(clue, len, filled, empty), &mut self.out)
                        .ok()
                        .map(|()| (self.out.filled[0], self.out.empty[0]));
                    self.cache.put(id, f, e, result);
                    result
                }
            };
            (self.out.filled[0], self.out.empty[0]) = result.ok_or(Contradiction)?;
        } else {
            self.solves += 1;
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
            self.changed[w] = new;
            if new != 0 {
                grid.set_line_word(line, w, new_filled, new_empty);
                changed += new.count_ones() as usize;
            }
        }
        Ok(changed)
    }

    fn changed(&self) -> &[u64] {
        &self.changed
    }

    fn solves(&self) -> u64 {
        self.solves
    }
}
