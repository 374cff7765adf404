//! Triangle puzzles (`nonogram_model::triangle`): a cell is empty, black, or one of four
//! half-black cells that cap the ends of runs, glued to them. Everything particular to them.
//!
//! A cell takes one entry of the triangle palette (the background, black and the four half
//! cells), so the grid, line solving for propagation and the learner's lines are those of
//! colour puzzles, generic over the line solver (`crate::kind::entries`): what this kind
//! brings is its line solver.
//!
//! - [`line`](mod@line): the triangle line solver. A run fits where its first and last cells
//!   may take its caps and the cells between them black, and two runs may touch unless both
//!   touching cells are black. Lines of up to 128 cells take cell-parallel passes
//!   ([`parallel`]: black and white's, with the caps read into where a run fits and what it
//!   covers, gaps only where the clue needs them, and the pass from the right walking down
//!   the line rather than over its reversal), longer ones the
//!   dynamic programme over (runs placed, cells used) that every kind shares
//!   (`crate::kind::dp`);
//! - [`naive`]: every placement of the runs enumerated, the oracle the line solver is checked
//!   against, itself checked against plain enumeration of every line of cells with the
//!   model's own rule (`nonogram_model::triangle::line_fits`) on short lines (in the
//!   `nonogram-checks` crate, which reaches each solver through these public modules).
//!
//! Everything else is shared: [`crate::Solver`] runs the engines as `Triangles` for every
//! puzzle in the triangle palette (`crate::solve`'s `with_kind!`) and checks every solution
//! they report against the clues by placement (`Puzzle::check`). The SAT engine encodes their
//! lines as automata over the same cells (`crate::engine::sat`), an independent check.

pub mod line;
pub use crate::kind::entries::naive;
pub mod parallel;

/// The entries of the triangle palette: the background, black and the four half-black cells
/// (`nonogram_model::Palette::triangles`).
pub const ENTRIES: usize = 6;

use crate::kind::entries::{grid::ColourGrid, learn::EntryLines, work::EntryWork};
use crate::kind::Kind;

/// Triangle puzzles: a cell takes one entry of the triangle palette.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Triangles;

impl Kind for Triangles {
    type Grid = ColourGrid;
    type Work = EntryWork<line::TriangleLineSolver>;
    type Lines<'p> = EntryLines<'p, line::TriangleLineSolver>;
}
