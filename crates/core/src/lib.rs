//! `nonogram-core`: the nonogram puzzle model and the engines that solve it.
//!
//! The crate knows nothing of files, terminals or images (those live in `nonogram-formats` and
//! the `nonogram` binary). It is built in layers, each importing only the layers below it
//! (`scripts/check-imports` keeps it so; `docs/design.md` draws them):
//!
//! 1. **What a kind of puzzle is** (`kind`): the traits the engines are generic over (the
//!    partial grid, line solving for propagation, the learner's view of the lines) and what
//!    they are written in (bit masks, the learner's literals and trail, the line programme for
//!    any palette). It imports no kind and no engine. Start there.
//! 2. **The kinds** (`kinds`), one folder each with everything particular to it (grid, line
//!    solvers, line work, learner lines, explanation steps): [`line`](mod@line) and [`grid`]
//!    are black and white's, [`colour`] is colour's, [`triangle`] is triangles'. No kind
//!    imports another, or an engine.
//! 3. **The engines**, each written once over the traits and importing no kind:
//!    `propagate` (line solving over rows and columns to a fixpoint, telling an observer what
//!    it does), [`engine`] (`search`: probing and depth-first search; `learn`: conflict-driven
//!    search with the line solver explaining its deductions, lazy clause generation; `sat`: one
//!    automaton per line as CNF, solved by CaDiCaL; `portfolio`: which engines run, in turns or
//!    on several threads; `symmetry`: clue symmetries), and the explainer ([`explain`]'s
//!    `narrate`).
//! 4. **The entries**: [`solve`] ([`Solver`] with its [`Config`], [`deduce`], and
//!    [`search_within_work`] for judging candidate puzzles on a budget of work), the one place
//!    that maps a puzzle to its kind; [`explain`], the public explainers, one per kind, and a
//!    difficulty rating.
//!
//! What is built on them lives in crates of its own above this one, using only its public
//! entries: the authoring tools and line exploration in `nonogram-author` (puzzles from
//! pictures, puzzles on demand, the pattern sets of a clue), and the properties the fuzz targets
//! and property tests hold the solvers to in `nonogram-checks` (test support, not shipped),
//! which reaches each line solver through its public module.
//!
//! Beside the layers, tools that need none of the engines: [`model`] (clues, validated
//! puzzles, complete pictures: the `nonogram-model` crate), [`config`], [`marginals`] (each
//! cell's chance of being filled, which orders the learner's first decisions; colour's chances
//! of each entry are built on its line programme in `kinds::colour::marginals`), [`generate`]
//! (seeded random puzzles), and `termination` (deadlines and cancellation flags, polled by the
//! engines).
//!
//! The `sat` feature (on by default) builds the SAT engine with CaDiCaL, which is C++; without it
//! (the WebAssembly build) [`Engine::Sat`] is unavailable ([`Engine::is_available`]) and every
//! other engine works as before.
//!
//! A contradiction is a value, not an error: everything that can discover one returns
//! `Result<_, Contradiction>`, and the search uses it for control flow.

#![warn(missing_docs)]

pub mod config;
pub mod engine;
pub mod explain;
pub mod generate;
pub(crate) mod kind;
pub(crate) mod kinds;
pub mod marginals;
pub(crate) mod propagate;
pub mod solve;
pub(crate) mod termination;

pub use config::{Config, Engine, Given, Outcome, Stats, Status, Stop};
pub use engine::MAX_THREADS;
pub use kind::Contradiction;
pub use kinds::black_white::{grid, line, Grid, MAX_LEARN_CELLS};
pub use kinds::colour;
pub use kinds::triangle;
pub use nonogram_model as model;
pub use nonogram_model::{
    check_size, Axis, Cell, CellRows, Cells, Clue, Colour, ColourId, ColourSet, Inconsistency,
    Limits, LineId, Metadata, Palette, PartialGrid, Picture, Puzzle, PuzzleError, Rgb, Run,
};
pub use solve::{deduce, deduce_within, search_within_work, Budgeted, Deduction, Solver};
/// The clock that deadlines are read on: `std::time::Instant` itself on native targets; on
/// wasm32 in a browser (where std's panics) one that reads `performance.now()`. Callers that
/// pass a deadline make it from this.
pub use web_time::Instant;
