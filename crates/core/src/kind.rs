//! The kind of puzzle, black and white or colour: the one thing the engines are generic over.
//!
//! There is one propagation loop ([`crate::propagate`]), one probing search, one learner, one SAT
//! encoding and one portfolio (`crate::engine`), and one explainer ([`crate::explain`]). What
//! differs between a black-and-white puzzle and a colour one is small, and it is all here, in
//! [`Kind`] and the parts it names:
//!
//! - the partial grid ([`Kind::Grid`], [`GridOps`]): black and white keeps two bit masks per
//!   line, *known filled* and *known empty* ([`crate::Grid`]); colour keeps one mask per palette
//!   entry, *may still take it* ([`crate::colour::grid::ColourGrid`]). Both answer in the same
//!   terms: the entries a cell may take, as a [`ColourSet`]. Both keep their masks in one
//!   [`Planes`] (rows and columns, a few masks per line), and [`GridOps::KNOWS`] says whether a
//!   set bit is knowledge (black and white) or a possibility (colour): snapshots, their unions
//!   and the test for news follow from that once, for both;
//! - line solving for propagation ([`Kind::Work`], [`LineWork`]): the kind's line solver, its
//!   scratch buffers and its cache of results, applied to a line of the grid. Black and white
//!   runs its bit-parallel solvers on the two masks, colour its own solver on the entries' masks;
//! - the learner's view of the lines ([`Kind::Lines`], `engine::learn::LearnLines`): which
//!   literals a cell has (one per cell, *filled*, for black and white; one per palette entry,
//!   *has this entry*, for colour), how a line's solve becomes literals, how a deduction is
//!   explained, and the estimate of each literal's chance that orders the first decisions.
//!
//! Everything generic over a kind is monomorphised: `Search<BlackWhite>` is compiled for the
//! two-mask grid and the bit-parallel line solvers, with no dynamic dispatch in any loop, and
//! `Search<Coloured>` for the colour grid. A policy written once (probing, the learner's
//! restarts, its guided first decisions, the portfolio's turns) serves both kinds, and an
//! improvement to it lands once.
//!
//! For a newcomer, in reading order: [`crate::Solver`] (`solve.rs`) picks the kind from the
//! palette and calls `engine::portfolio` with `BlackWhite` or `Coloured`; the portfolio runs
//! `engine::search::Search<K>` (over `propagate::Propagator<K>`, which calls the
//! kind's [`LineWork`]), `engine::learn::Learner<K>` (over the kind's `LearnLines`) and
//! `engine::sat` (whose encoding asks the kind for a cell's literals). To change what *every*
//! puzzle gets, change those; to change how one kind solves a line or keeps its cells, change
//! its side of this trait: `grid.rs`, `line/` and `engine/learn/black_white.rs` for black and
//! white, `colour/` for colour.

use std::fmt::Debug;

use nonogram_model::{Axis, Cells, Clue, ColourSet, LineId, Picture, Puzzle};

use crate::grid::Planes;
use crate::Contradiction;

/// A kind of puzzle: its grid, its line solving, and its learner's literals. Implemented by
/// [`BlackWhite`] and [`Coloured`] only; [`crate::Solver`] picks one from the palette.
pub(crate) trait Kind: Copy + Debug + Send + Sync + 'static {
    /// The partial grid.
    type Grid: GridOps;
    /// Line solving for propagation, with its scratch and cache: one per propagator.
    type Work: LineWork<Self::Grid>;
    /// The learner's lines: what a literal means, the facts of each line as the line solver
    /// reads them, and the explanations of its deductions.
    type Lines<'p>: crate::engine::learn::LearnLines<'p>;
}

/// Black-and-white puzzles: a cell is filled or empty.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BlackWhite;

/// Colour puzzles: a cell takes one entry of a palette of a background and two or more colours.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Coloured;

impl Kind for BlackWhite {
    type Grid = crate::grid::Grid;
    type Work = crate::line::work::BlackWhiteWork;
    type Lines<'p> = crate::engine::learn::black_white::BlackWhiteLines<'p>;
}

impl Kind for Coloured {
    type Grid = crate::colour::grid::ColourGrid;
    type Work = crate::colour::work::ColourWork;
    type Lines<'p> = crate::colour::learn::ColourLines<'p>;
}

/// A partial grid: for each cell, the palette entries it may still take (for black and white:
/// filled, empty, or both while unknown), kept as bit masks along every row and every column.
///
/// Besides single cells, the search reads and writes whole grids as *snapshots* (the grid's
/// row masks, copied into a buffer: what a probe left) and their *unions* (of the probes of
/// every entry a cell may take: whatever a cell takes in some probe). Narrowing a grid to the
/// union of its probes is "fixing the cells both probes agree on", for any palette.
pub(crate) trait GridOps: Clone + PartialEq + Debug + Cells + Send + Sync {
    /// A grid of `puzzle`'s size where every cell may take every entry of its palette.
    fn blank(puzzle: &Puzzle) -> Self;

    /// Narrows the cell at `(row, col)` to the entries of `set` it may take. Returns whether it
    /// changed; a cell left with no entry is a contradiction, and the grid is left as it was.
    fn narrow(&mut self, row: usize, col: usize, set: ColourSet) -> Result<bool, Contradiction>;

    /// The sum over the cells of (entries still possible − 1): 0 exactly when the grid is
    /// complete; for black and white, the unknown cells. What probing and branching measure
    /// their progress by.
    fn freedom(&self) -> usize;

    /// The cells that may still take more than one entry.
    fn unknown_count(&self) -> usize;

    /// Whether every cell is down to one entry.
    fn is_complete(&self) -> bool {
        self.freedom() == 0
    }

    /// The picture, if every cell is down to one entry.
    fn to_picture(&self) -> Option<Picture> {
        if !self.is_complete() {
            return None;
        }
        let mut picture = Picture::new(self.width(), self.height());
        for r in 0..self.height() {
            for c in 0..self.width() {
                picture.set_colour(r, c, self.options(r, c).only()?);
            }
        }
        Some(picture)
    }

    /// The grid's masks, rows and columns.
    fn masks(&self) -> &Planes;

    /// Whether a set bit in the masks is knowledge (black and white: *known filled*, *known
    /// empty*) rather than a possibility (colour: *may take this entry*). A grid that knows
    /// more has more bits in the first case, fewer in the second.
    const KNOWS: bool;

    /// Cells per line of an axis.
    fn line_len(&self, axis: Axis) -> usize {
        self.masks().line_len(axis)
    }

    /// The memory the grid's masks take (the search bounds its stack of grids by it).
    fn heap_bytes(&self) -> usize {
        self.masks().heap_bytes()
    }

    /// The words of a snapshot.
    fn snapshot_len(&self) -> usize {
        self.masks().rows().len()
    }

    /// Copies the grid into `out` (of [`GridOps::snapshot_len`] words).
    fn snapshot(&self, out: &mut [u64]) {
        out.copy_from_slice(self.masks().rows());
    }

    /// Whether every entry this grid rules out is ruled out in `snapshot` too (the snapshot
    /// knows at least as much): then the snapshot tells this grid nothing new.
    fn is_within(&self, snapshot: &[u64]) -> bool {
        let flip = if Self::KNOWS { 0 } else { !0 };
        let mine = self.masks().rows().iter();
        mine.zip(snapshot)
            .all(|(&mine, &theirs)| (mine ^ flip) & !(theirs ^ flip) == 0)
    }

    /// Whether `union` (of snapshots of refinements of this grid) rules out some entry this grid
    /// does not: usually not, which one branch-free pass (the compiler vectorises it) finds out,
    /// so that [`GridOps::restrict`], which looks cell by cell, runs only when it will narrow.
    fn gains_from(&self, union: &[u64]) -> bool {
        let flip = if Self::KNOWS { 0 } else { !0 };
        let mine = self.masks().rows().iter();
        let news = mine
            .zip(union)
            .fold(0, |any, (&m, &u)| any | (u ^ flip) & !(m ^ flip));
        news != 0
    }

    /// Makes `union` the union of no snapshot at all, ready for [`GridOps::union_add`].
    fn union_clear(union: &mut [u64]) {
        union.fill(if Self::KNOWS { !0 } else { 0 });
    }

    /// Adds a snapshot to a union: a cell of the union may take every entry it may take in
    /// either (where bits are knowledge, the union knows what both know).
    fn union_add(union: &mut [u64], snapshot: &[u64]) {
        for (u, &s) in union.iter_mut().zip(snapshot) {
            *u = if Self::KNOWS { *u & s } else { *u | s };
        }
    }

    /// Adds this grid to a union, as its snapshot would be.
    fn union_into(&self, union: &mut [u64]) {
        Self::union_add(union, self.masks().rows());
    }

    /// Narrows every cell to the entries the union of snapshots allows it (the union of
    /// refinements of this grid), calling `changed` with each cell that changed. Returns how
    /// many did; a cell the union leaves nothing is a contradiction (the grid is then
    /// part-way: callers discard it).
    fn restrict(
        &mut self,
        union: &[u64],
        changed: impl FnMut(usize, usize),
    ) -> Result<usize, Contradiction>;

    /// The entries cell `i` of `line` may take.
    fn line_options(&self, line: LineId, i: usize) -> ColourSet {
        let (row, col) = line.cell(i);
        self.options(row, col)
    }
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
