//! `nonogram-core`: the nonogram puzzle model and the engines that solve it.
//!
//! The crate knows nothing of files, terminals or images (those live in `nonogram-formats` and
//! the `nonogram` binary). It holds:
//!
//! - [`model`]: clues, validated puzzles, complete pictures (the `nonogram-model` crate);
//! - [`grid`]: partial grids as bit masks along every row and every column (two masks per line
//!   for black and white, known filled and known empty; colour's grid, one mask per palette
//!   entry, is in [`colour`]);
//! - [`line`](mod@line): the line solvers behind one trait, a naive reference and the fast
//!   bit-parallel ones, each run by one suite of tests;
//! - `kind`: **the one thing the engines are generic over**, the kind of puzzle (black and
//!   white, or colour): its grid, its line solving, and what its learner's literals mean. Start
//!   there to see how the engines fit together;
//! - `propagate`: line solving over rows and columns to a fixpoint, telling an observer what
//!   it does (which is how [`explain`] narrates);
//! - [`engine`]: the engines, all internal and each written once for both kinds: `search`
//!   (probing and depth-first search that enumerates solutions up to a limit), `learn`
//!   (conflict-driven search with the line solver explaining its deductions: lazy clause
//!   generation), `sat` (one automaton per line as CNF, solved by CaDiCaL), `portfolio` (which
//!   engines run, in turns or on several threads), `symmetry` (clue symmetries, and a first
//!   solution searched among symmetric grids);
//! - [`colour`]: what only colour puzzles need (a palette of two or more colours): the colour
//!   line solver, the colour grid, and the learner's colour lines;
//! - [`solve`]: the public entry points, [`Solver`] with its [`Config`], and [`deduce`], for
//!   black-and-white and colour puzzles alike;
//! - [`explain`]: the solving process as steps a person can follow, and a difficulty rating;
//! - [`patterns`]: the pattern sets of a clue (counts, enumeration, common cells);
//! - [`marginals`]: each cell's chance of being filled, by weighted pattern shares and belief
//!   propagation over the lines (what orders the learner's first decisions);
//! - [`generate`]: seeded random puzzles for tests and benchmarks;
//! - [`generator`]: puzzles on demand: unique, of a chosen size, difficulty and palette;
//! - `termination`: deadlines and cancellation flags, polled by the engines.
//!
//! The `sat` feature (on by default) builds the SAT engine with CaDiCaL, which is C++; without it
//! (the WebAssembly build) [`Engine::Sat`] is unavailable ([`Engine::is_available`]) and every
//! other engine works as before.
//!
//! A contradiction is a value, not an error: everything that can discover one returns
//! `Result<_, Contradiction>`, and the search uses it for control flow.

#![warn(missing_docs)]

#[doc(hidden)]
pub mod check;
pub mod colour;
pub mod config;
pub mod engine;
pub mod explain;
pub mod generate;
pub mod generator;
pub mod grid;
pub(crate) mod kind;
pub mod line;
pub mod make;
pub mod marginals;
pub mod patterns;
pub(crate) mod propagate;
pub mod solve;
pub(crate) mod termination;

pub use config::{Config, Engine, Given, Outcome, Stats, Status, Stop};
pub use engine::MAX_THREADS;
pub use grid::Grid;
pub use nonogram_model as model;
pub use nonogram_model::{
    check_size, Axis, Cell, CellRows, Cells, Clue, Colour, ColourId, ColourSet, Inconsistency,
    Limits, LineId, Metadata, Palette, PartialGrid, Picture, Puzzle, PuzzleError, Rgb, Run,
};
pub use solve::{deduce, deduce_within, Deduction, Solver};
/// The clock that deadlines are read on: `std::time::Instant` itself on native targets; on
/// wasm32 in a browser (where std's panics) one that reads `performance.now()`. Callers that
/// pass a deadline make it from this.
pub use web_time::Instant;

/// The clues cannot be satisfied from the current state: some line has no placement left, or a
/// cell would have to be both filled and empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contradiction;

impl std::fmt::Display for Contradiction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("contradiction")
    }
}
