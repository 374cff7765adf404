//! Line solvers: given a clue and the known cells of one line, find every cell that has the same
//! value in all placements of the runs that agree with the known cells, or report that no
//! placement agrees (a [`Contradiction`]).
//!
//! Every solver reads a [`Line`] (the clue, the length, and the known cells as bit masks, the
//! form the grid stores) and writes the complete known masks after deduction into a [`Masks`];
//! the [`LineSolve`] trait is that contract. Four implementations, fastest first, and
//! [`LineSolver`], which picks one per line:
//!
//! - [`parallel`]: one bit per cell, a few word operations per run of the clue, for lines of up
//!   to 4,096 cells (in one `u64` up to 64 cells, one `u128` up to 128, then 3 to 64 words);
//!   lines of more than 512 cells are first split where their leftmost and rightmost
//!   placements leave cells empty in every placement, and each piece is solved alone
//!   (`split.rs`), so that a long line with some cells known costs little more per cell than
//!   a short one;
//! - [`bits`]: the line as a regular expression `0* 1^a 0+ 1^b ... 0*` (the Gecode seed's view),
//!   run as a bit-parallel NFA (Shift-And): one machine word holds the set of NFA states, one
//!   forward and one backward pass over the cells, a handful of word operations per cell. Used
//!   for lines longer than 4,096 cells whose automaton has at most 128 states (the puzzles'
//!   limits admit none, but the solvers take any line).
//! - [`dp`]: the classic O(k·n) dynamic programme over (runs placed, cells used), forward and
//!   backward reachability, for any length.
//! - [`naive`]: enumerates every placement. Exponential, obviously correct: the oracle the other
//!   three are tested against (the seeds' `common` over a pattern set).
//!
//! The tests (`nonogram-checks`: `crates/checks/tests/line_solvers.rs`) hold one table of cases
//! and one property test, both run over every implementation, as regex-automata runs one suite
//! over every engine.

pub mod bits;
pub(crate) mod cache;
pub mod dp;
pub mod naive;
pub mod parallel;
mod solver;
mod split;

use crate::kind::grid::{get_bit, set_bit, words_for};
use crate::kind::Contradiction;
use nonogram_model::Cell;

pub(crate) use cache::LineCache;
pub use solver::{solve_line, LineSolver};

/// One line to solve: its clue and its known cells. A view: the masks are borrowed, from a grid
/// or a solver's own state, and copying a `Line` copies four words.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    clue: &'a [u32],
    len: usize,
    filled: &'a [u64],
    empty: &'a [u64],
}

impl<'a> Line<'a> {
    /// The line of `len` cells with clue `clue` (its runs, each of at least one cell) whose
    /// known-filled and known-empty cells are the set bits of `filled` and `empty` (bit
    /// `i % 64` of word `i / 64` for cell `i`; no bit in both, none at or past `len`). Each mask
    /// holds at least `words_for(len)` words, and at least one: checked in debug builds only,
    /// since lines are made in the solvers' hot loops and a short mask makes them panic anyway.
    #[inline(always)]
    pub fn new(clue: &'a [u32], len: usize, filled: &'a [u64], empty: &'a [u64]) -> Line<'a> {
        debug_assert!(
            filled.len() >= words_for(len).max(1) && empty.len() >= words_for(len).max(1)
        );
        Line {
            clue,
            len,
            filled,
            empty,
        }
    }

    /// The clue's runs.
    #[inline(always)]
    pub fn clue(&self) -> &'a [u32] {
        self.clue
    }

    /// The number of cells.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the line has no cells.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The known-filled cells.
    #[inline(always)]
    pub fn filled(&self) -> &'a [u64] {
        self.filled
    }

    /// The known-empty cells.
    #[inline(always)]
    pub fn empty(&self) -> &'a [u64] {
        self.empty
    }

    /// The words of each mask that hold the line's cells.
    #[inline(always)]
    pub fn words(&self) -> usize {
        words_for(self.len)
    }
}

/// The known cells of a line as two bit masks, bit `i % 64` of word `i / 64` for cell `i`: what
/// a solver writes, and an owned line to read from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Masks {
    /// The known-filled cells.
    pub filled: Vec<u64>,
    /// The known-empty cells.
    pub empty: Vec<u64>,
}

impl Masks {
    /// Masks for lines of up to `len` cells, every cell unknown (at least one word, so that a
    /// line of no cells has one too).
    pub fn new(len: usize) -> Masks {
        let words = words_for(len).max(1);
        Masks {
            filled: vec![0; words],
            empty: vec![0; words],
        }
    }

    /// The masks of a line of cells.
    pub fn from_cells(cells: &[Cell]) -> Masks {
        let mut masks = Masks::new(cells.len());
        for (i, cell) in cells.iter().enumerate() {
            match cell {
                Cell::Filled => set_bit(&mut masks.filled, i),
                Cell::Empty => set_bit(&mut masks.empty, i),
                Cell::Unknown => {}
            }
        }
        masks
    }

    /// The first `len` cells (a known-filled bit wins over a known-empty one).
    pub fn to_cells(&self, len: usize) -> Vec<Cell> {
        (0..len)
            .map(|i| {
                if get_bit(&self.filled, i) {
                    Cell::Filled
                } else if get_bit(&self.empty, i) {
                    Cell::Empty
                } else {
                    Cell::Unknown
                }
            })
            .collect()
    }

    /// The line of `len` cells with clue `clue` whose known cells these are.
    pub fn line<'a>(&'a self, clue: &'a [u32], len: usize) -> Line<'a> {
        Line::new(clue, len, &self.filled, &self.empty)
    }
}

/// A line solver: every implementation in this module, and [`LineSolver`], which dispatches
/// among them. A solver owns its scratch buffers (hence `&mut self`): reuse one per thread.
pub trait LineSolve {
    /// Solves `line`: on success, the first `line.words()` words of `out` hold every cell known
    /// afterwards (a superset of the line's known cells). On a contradiction `out` is
    /// unspecified. `out` must hold at least `line.words()` words (see [`Masks::new`]).
    fn solve(&mut self, line: Line<'_>, out: &mut Masks) -> Result<(), Contradiction>;

    /// Whether some placement of the clue agrees with the line's known cells. The default
    /// solves into a fresh buffer; the fast solvers run only their forward pass.
    fn feasible(&mut self, line: Line<'_>) -> bool {
        self.solve(line, &mut Masks::new(line.len())).is_ok()
    }

    /// Whether this solver takes `line`. Default: every line. Giving a solver a line it does
    /// not take is a bug, and panics.
    fn supports(&self, line: Line<'_>) -> bool {
        let _ = line;
        true
    }
}
