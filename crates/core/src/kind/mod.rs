//! What a kind of puzzle is: the traits the engines are generic over, and the parts every kind
//! is built from. The bottom of the crate: nothing here imports a kind or an engine.
//!
//! There is one propagation loop (`crate::propagate`), one probing search, one learner, one SAT
//! encoding and one portfolio (`crate::engine`), and one explainer (`crate::explain`). What
//! differs between a black-and-white puzzle and a colour one is small, and it is all named here,
//! in [`Kind`] and the traits it bounds:
//!
//! - the partial grid ([`Kind::Grid`], [`GridOps`], in `grid.rs`): black and white keeps two bit
//!   masks per line, *known filled* and *known empty*; colour one per palette entry, *may still
//!   take it*. Both answer in the same terms, the entries a cell may take as a
//!   [`ColourSet`](nonogram_model::ColourSet), and both keep their masks in one
//!   [`Planes`](grid::Planes); [`GridOps::KNOWS`] says whether a set bit is knowledge or a
//!   possibility, and snapshots, their unions and the test for news follow from that once;
//! - line solving for propagation ([`Kind::Work`], [`LineWork`]): the kind's line solver, its
//!   scratch buffers and its cache of results, applied to a line of the grid;
//! - the learner's view of the lines ([`Kind::Lines`], [`LearnLines`], in `learn.rs`): which
//!   literals a cell has, how a line's solve becomes literals on the trail, how a deduction is
//!   explained, and each literal's estimated chance, which orders the first decisions.
//!
//! What the traits are written in is here too: the learner's literals ([`lit`]) and trail
//! ([`trail`]), which a kind's lines read and write; the queue and the per-line trails both
//! kinds' lines keep (`learn.rs`); and the line programme for any palette ([`dp`]), which every
//! kind's line solver falls back on for lines too long for its bit-parallel passes.
//!
//! Each kind implements the traits in a folder of its own (`crate::kinds::black_white`,
//! `crate::kinds::colour`), and `crate::solve` is the one place that maps a puzzle to its kind.
//! Everything generic over a kind is monomorphised: `Search<BlackWhite>` is compiled for the
//! two-mask grid and the bit-parallel line solvers, with no dynamic dispatch in any loop, and
//! `Search<Coloured>` for the colour grid. A policy written once (probing, the learner's
//! restarts, its guided first decisions, the portfolio's turns) serves every kind, and an
//! improvement to it lands once. `docs/design.md` says what adding a kind takes.

pub mod dp;
pub mod entries;
pub(crate) mod grid;
pub(crate) mod learn;
pub(crate) mod lit;
pub(crate) mod trail;

use std::fmt::Debug;

use nonogram_model::{Clue, LineId, Puzzle};

pub(crate) use grid::GridOps;
pub(crate) use learn::LearnLines;

/// The clues cannot be satisfied from the current state: some line has no placement left, or a
/// cell would have to be both filled and empty.
///
/// A value, not an error: everything that can discover one returns `Result<_, Contradiction>`,
/// and the search uses it for control flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contradiction;

impl std::fmt::Display for Contradiction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("contradiction")
    }
}

/// A kind of puzzle: its grid, its line solving, and its learner's literals. Implemented in
/// `crate::kinds`, one folder per kind; `crate::solve` picks one for each puzzle.
pub(crate) trait Kind: Copy + Debug + Send + Sync + 'static {
    /// The partial grid.
    type Grid: GridOps;
    /// Line solving for propagation, with its scratch and cache: one per propagator.
    type Work: LineWork<Self::Grid>;
    /// The learner's lines: what a literal means, the facts of each line as the line solver
    /// reads them, and the explanations of its deductions.
    type Lines<'p>: LearnLines<'p>;
}

/// What [`LineWork::solve`] returns: how many entries the line ruled out, or a contradiction.
pub(crate) type Solved = Result<usize, Contradiction>;

/// Line solving for propagation: solve one line of a grid and narrow the grid to the result.
/// One per propagator (it owns the line solver's scratch and a cache of results).
pub(crate) trait LineWork<G>: Debug + Send {
    /// Scratch and cache for the lines of `puzzle`.
    fn new(puzzle: &Puzzle) -> Self;

    /// Solves `line`, its clue given with the name the cache knows it by (equal clues of one
    /// axis share a name), and narrows `grid` to what it proves. Returns how many entries were
    /// ruled out (0 when nothing changed); the cells that changed are then in
    /// [`LineWork::changed`]. On a contradiction the grid may be left part-way: callers
    /// discard it.
    fn solve(&mut self, grid: &mut G, line: LineId, clue: (&Clue, u32)) -> Solved;

    /// The cells the last successful [`LineWork::solve`] changed, one bit per cell of the line
    /// (bit `i % 64` of word `i / 64`).
    fn changed(&self) -> &[u64];

    /// The line solves so far that missed the cache.
    fn solves(&self) -> u64;
}
