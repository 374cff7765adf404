//! The kinds of puzzle, one folder each, holding everything particular to it: its grid, its
//! line solvers, its line work for propagation, its learner's lines and its explanation steps
//! (the checks of its line solvers against its naive enumerator are in the `nonogram-checks`
//! crate, through the public line modules). Each implements the traits of `crate::kind` and imports no other kind and no
//! engine; `crate::solve` maps each puzzle to its kind.
//!
//! - [`black_white`]: a cell is filled or empty; two bit masks per line, and the bit-parallel
//!   line solvers;
//! - [`colour`]: a cell takes one entry of a palette of a background and two or more colours;
//!   one bit mask per entry per line, and the colour line solver;
//! - [`triangle`]: a cell is empty, black or a half-black cell that caps a run; the colour
//!   kind's grid and learner over its own line solver.

pub mod black_white;
pub mod colour;
pub mod triangle;

pub(crate) use black_white::BlackWhite;
pub(crate) use colour::Coloured;
pub(crate) use triangle::Triangles;
