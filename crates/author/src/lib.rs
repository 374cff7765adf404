//! `nonogram-author`: what puzzle makers need, built on the solver of `nonogram-core` and
//! using only its public entries.
//!
//! - [`make`]: puzzles from pictures. Is the picture the only solution of its own clues? If
//!   not, which cells are in doubt, which givens or one- and two-cell edits would make it
//!   unique, and where a one-cell change decides most (the disambiguation map).
//! - [`generator`]: fresh puzzles on demand, of a chosen size, difficulty and palette, each
//!   proved unique and rated by a whole explanation.
//! - [`patterns`]: line exploration, the pattern sets of a clue: how many lines satisfy it
//!   (exactly, however long the line), every one of them in order, the cells they all share and
//!   each cell's share of filled patterns.
//!
//! All are clients of the engine rather than parts of it: they ask the [`Solver`] for one or
//! two solutions, [`deduce_within`] for line solving's fixpoint, the explainer for a rating,
//! [`search_within_work`] for a search on a budget of work, and the public line solver and
//! marginals for a line's patterns, and never reach into an engine. Keeping them out of
//! `nonogram-core` keeps that crate the solver alone.
//!
//! [`Solver`]: nonogram_core::Solver
//! [`deduce_within`]: nonogram_core::deduce_within
//! [`search_within_work`]: nonogram_core::search_within_work

#![warn(missing_docs)]

pub mod generator;
pub mod make;
pub mod patterns;
