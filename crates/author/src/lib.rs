//! `nonogram-author`: what puzzle makers need, built on the solver of `nonogram-core` and
//! using only its public entries.
//!
//! - [`make`]: puzzles from pictures. Is the picture the only solution of its own clues? If
//!   not, which cells are in doubt, which givens or one- and two-cell edits would make it
//!   unique, and where a one-cell change decides most (the disambiguation map).
//! - [`generator`]: fresh puzzles on demand, of a chosen size, difficulty and palette, each
//!   proved unique and rated by a whole explanation.
//!
//! Both are clients of the engine rather than parts of it: they ask the [`Solver`] for one or
//! two solutions, [`deduce_within`] for line solving's fixpoint, the explainer for a rating
//! and [`search_within_work`] for a search on a budget of work, and never reach into an
//! engine. Keeping them out of `nonogram-core` keeps that crate the solver alone.
//!
//! [`Solver`]: nonogram_core::Solver
//! [`deduce_within`]: nonogram_core::deduce_within
//! [`search_within_work`]: nonogram_core::search_within_work

#![warn(missing_docs)]

pub mod generator;
pub mod make;
