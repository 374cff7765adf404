//! `nonogram-core`: the nonogram puzzle model and the engines that solve it.
//!
//! The crate knows nothing of files, terminals or images (those live in `nonogram-formats` and
//! the `nonogram` binary). It holds:
//!
//! - [`puzzle`]: clues, validated puzzles, complete pictures;
//! - [`grid`]: partial grids as bit masks, one pair of masks per row and per column;
//! - [`line`](mod@line): line solvers, a naive reference and the fast bit-parallel one, with a cache;
//! - [`propagate`]: line solving over rows and columns to a fixpoint;
//! - `learn`: the learning engine, conflict-driven search with the line solver explaining its
//!   deductions (lazy clause generation);
//! - [`sat`]: the SAT engine, one automaton per line as CNF, solved by CaDiCaL;
//! - [`search`]: probing and depth-first search that enumerates solutions up to a limit;
//! - `symmetry`: clue symmetries, and a first solution searched among symmetric grids;
//! - [`solve`]: the public entry points, [`Solver`] with its [`Config`], and [`deduce`];
//! - [`explain`]: the solving process as steps a person can follow, and a difficulty rating;
//! - [`patterns`]: the pattern sets of a clue (counts, enumeration, common cells);
//! - [`marginals`]: each cell's chance of being filled, by weighted pattern shares and belief
//!   propagation over the lines (what orders the learner's first decisions);
//! - [`generate`]: seeded random puzzles for tests and benchmarks.
//!
//! A contradiction is a value, not an error: everything that can discover one returns
//! `Result<_, Contradiction>`, and the search uses it for control flow.

#[doc(hidden)]
pub mod check;
pub mod engine;
pub mod explain;
pub mod generate;
pub mod grid;
pub mod line;
pub mod make;
pub mod marginals;
pub mod patterns;
pub mod propagate;
pub mod solve;
pub mod termination;

pub use grid::Grid;
pub use nonogram_model as model;
pub use nonogram_model::{
    check_size, Axis, Cell, CellRows, Cells, Clue, Colour, ColourId, ColourSet, Inconsistency,
    Limits, LineId, Metadata, Palette, PartialGrid, Picture, Puzzle, PuzzleError, Rgb, Run,
};
pub use solve::{deduce, Config, Deduction, Engine, Given, Outcome, Solver, Stats, Status, Stop};

/// The clues cannot be satisfied from the current state: some line has no placement left, or a
/// cell would have to be both filled and empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contradiction;

impl std::fmt::Display for Contradiction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("contradiction")
    }
}
