//! Colour puzzles: palettes of a background and two or more colours. Everything particular to
//! them.
//!
//! A colour puzzle's runs have colours, and two neighbouring runs need a background cell between
//! them only when they share a colour. A cell may take any subset of the palette, not just
//! "filled or empty", so the black-and-white engines' two masks per line do not carry over;
//! these engines keep **one bit mask per palette entry per line** instead ([`grid`]), which is
//! what lets the line solver stay bit-parallel: a run's window test is a shift-and on its
//! colour's mask, the walk over background cells a carry, as in the black-and-white
//! cell-parallel solver.
//!
//! - [`line`](mod@line): the colour line solver, bit-parallel over the boundaries between cells
//!   for lines of up to 127 cells, [`dp`] (the O(k·n) dynamic programme over (runs placed,
//!   cells used), pbnsolve's method as Wolter's survey describes it, with Batenburg and
//!   Kosters' two-sided reachability, which every kind shares: `crate::kind::dp`) beyond, and
//!   [`naive`] (every placement enumerated) as the oracle for both;
//! - [`grid`]: the partial grid, rows and columns as masks per entry; it, line solving for
//!   propagation and the learner's lines (a literal per cell and entry, the rule that a cell
//!   has exactly one entry, and the explanations of the line solver's deductions) are shared
//!   with triangle puzzles, generic over the line solver (`crate::kind::entries`);
//! - `marginals`: each cell's chance of taking each entry, by belief propagation over the
//!   colour lines, which guides the learner's first decisions (as `crate::marginals` does for
//!   black and white), given to the shared learner's lines through the line solver's
//!   `EntryLineSolver::chances` (triangles have none: these marginals know no caps).
//!
//! The line solvers and the oracle are public so that they can be used and tested alone:
//! `nonogram-checks` holds them to the naive one for the fuzz target and the property tests.
//!
//! Everything else is shared with black and white: the propagation loop, the probing search,
//! the learner, the SAT encoding, the portfolio and the explainer are each written once,
//! generic over `crate::kind::Kind`, and [`crate::Solver`] runs them as `Coloured` for every
//! puzzle whose palette is not black and white (`crate::solve`'s `with_kind!`), checking every
//! solution they report against the clues, colours included. Every policy of the engines (the learner's guided first
//! decisions, restarts and rephasing, symmetric starts, the portfolio's turns and threads)
//! thereby serves colour puzzles too.
//!
//! References: K. J. Batenburg and W. A. Kosters, *Solving Nonograms by combining relaxations*,
//! Pattern Recognition 42 (2009); J. Wolter, *Survey of Paint-by-Number Puzzle Solvers*
//! (webpbn.com/survey), and his pbnsolve, whose line solver handles colour by a left-most and
//! right-most placement per run; I.-C. Wu et al., *An Efficient Approach to Solving Nonograms*,
//! IEEE TCIAIG 5 (2013), for probing.

pub mod line;
pub(crate) mod marginals;
pub use crate::kind::entries::naive;

pub use crate::kind::dp;
pub use crate::kind::entries::grid;
pub use grid::ColourGrid;

use crate::kind::entries::{learn::EntryLines, work::EntryWork};
use crate::kind::Kind;

/// Colour puzzles: a cell takes one entry of a palette of a background and two or more colours.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Coloured;

impl Kind for Coloured {
    type Grid = grid::ColourGrid;
    type Work = EntryWork<line::ColourLineSolver>;
    type Lines<'p> = EntryLines<'p, line::ColourLineSolver>;
}
