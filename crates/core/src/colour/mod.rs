//! The engines for colour puzzles: palettes of a background and two or more colours.
//!
//! A colour puzzle's runs have colours, and two neighbouring runs need a background cell between
//! them only when they share a colour. A cell may take any subset of the palette, not just
//! "filled or empty", so the black-and-white engines' two masks per line do not carry over;
//! these engines keep **one bit mask per palette entry per line** instead ([`grid`]), which is
//! what lets the line solver stay bit-parallel: a run's window test is a shift-and on its
//! colour's mask, the walk over background cells a carry, as in the black-and-white
//! cell-parallel solver.
//!
//! - [`line`](mod@line): the colour line solver, bit-parallel over the boundaries between cells for lines
//!   of up to 127 cells, [`dp`] (the O(k·n) dynamic programme over (runs placed, cells used),
//!   pbnsolve's method as Wolter's survey describes it, with Batenburg and Kosters' two-sided
//!   reachability) beyond, and [`naive`] (every placement enumerated) as the oracle for both;
//! - [`grid`]: the colour partial grid, rows and columns as masks per entry;
//! - `propagate`: the work queue of changed lines to a fixpoint, with a cache of line results;
//! - `search`: probing (every entry of every undecided cell tried, each cell narrowed to the
//!   union of its surviving probes) and depth-first search over an explicit stack;
//! - `portfolio`: which engine runs, from the root grid the givens and propagation give.
//!
//! [`crate::Solver`] sends every puzzle whose palette is not black and white here, and checks
//! every solution these engines report against the clues, colours included. Black-and-white
//! puzzles never come here: their engines are faster, and untouched.
//!
//! References: K. J. Batenburg and W. A. Kosters, *Solving Nonograms by combining relaxations*,
//! Pattern Recognition 42 (2009); J. Wolter, *Survey of Paint-by-Number Puzzle Solvers*
//! (webpbn.com/survey), and his pbnsolve, whose line solver handles colour by a left-most and
//! right-most placement per run; I.-C. Wu et al., *An Efficient Approach to Solving Nonograms*,
//! IEEE TCIAIG 5 (2013), for probing.

pub mod dp;
pub mod grid;
pub(crate) mod learn;
pub mod line;
pub mod naive;
pub(crate) mod portfolio;
pub(crate) mod propagate;
#[cfg(feature = "sat")]
pub(crate) mod sat;
// Without CaDiCaL, the black-and-white engine's stand-in stands for this one too.
#[cfg(not(feature = "sat"))]
pub(crate) use crate::engine::sat;
pub(crate) mod search;
