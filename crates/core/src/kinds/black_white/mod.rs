//! Black-and-white puzzles: a cell is filled or empty. Everything particular to them:
//!
//! - [`grid`]: the partial grid, per line one mask of cells known filled and one of cells known
//!   empty (the form every line solver here reads);
//! - [`line`](mod@line): the line solvers behind one trait, the bit-parallel ones and a naive
//!   reference, each run by one suite of tests;
//! - `work`: line solving for propagation, the dispatching solver on a line's two masks with a
//!   cache of results ([`LineWork`](crate::kind::LineWork));
//! - `learn`: the learner's lines, one literal per cell, and the explanations of the line
//!   solvers' deductions ([`LearnLines`](crate::kind::LearnLines));
//! - [`step`]: the steps of an explanation worded for black and white (filled, empty).
//!
//! The line solvers are public one by one, as regex-automata exposes each of its engines, so
//! that they can be used and tested alone: `nonogram-checks` holds each to the naive one for
//! the fuzz target and the property tests.
//!
//! What it shares with every kind is in `crate::kind`: the masks' layout ([`Planes`]), the line
//! programme its dynamic-programming solver runs with two entries, the learner's literals and
//! trail.
//!
//! [`Planes`]: crate::kind::grid::Planes

pub mod grid;
pub(crate) mod learn;
pub mod line;
pub mod step;
pub(crate) mod work;

pub use grid::Grid;
/// The most cells the learning engine takes in a black-and-white puzzle (its memory bound);
/// larger puzzles are searched.
pub use learn::MAX_CELLS as MAX_LEARN_CELLS;

use crate::kind::Kind;

/// Black-and-white puzzles: a cell is filled or empty.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BlackWhite;

impl Kind for BlackWhite {
    type Grid = grid::Grid;
    type Work = work::BlackWhiteWork;
    type Lines<'p> = learn::BlackWhiteLines<'p>;
}
