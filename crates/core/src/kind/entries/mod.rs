//! The parts shared by every kind whose cells take exactly one palette entry (colour puzzles,
//! triangle puzzles): the partial grid of one bit mask per entry per line ([`grid`]), line
//! solving for propagation over it (`work`), the learner's lines of one literal per cell and
//! entry (`learn`), and the replay of the explainer's steps (`step`).
//!
//! They differ between those kinds only in the line solver, which reads a clue and a line's
//! entry masks and narrows them: the kind brings it as an [`EntryLineSolver`], and `work` and
//! `learn` are generic over it. So a kind of this shape is its line solver and a few lines
//! naming these parts (`crate::kinds::colour`, `crate::kinds::triangle`).

pub mod grid;
pub(crate) mod learn;
pub mod naive;
mod step;
pub(crate) mod work;

use std::fmt::Debug;

use nonogram_model::{Clue, ColourId, ColourSet};

use super::grid::{get_bit, words_for};

use super::Contradiction;
use crate::marginals::Rounds;

/// A line solver over entry masks: what a kind whose cells take one palette entry brings.
pub(crate) trait EntryLineSolver: Debug + Default + Send {
    /// What the solver reads of a clue before it solves a line of it, read once per line by
    /// the callers that solve a line many times (propagation, the learner), as black and
    /// white's solver is handed its runs ready; `()` for a solver that reads the clue as it
    /// goes.
    type Prepared: Debug + Send;

    /// Reads `clue` for lines in a palette of `entries` entries.
    fn prepare(clue: &Clue, entries: usize) -> Self::Prepared;

    /// Solves one line of `len` cells in a palette of `entries` entries. `masks` holds, entry
    /// by entry, `words_for(len)` words each, the cells that may take that entry (bit `i % 64`
    /// of word `i / 64` for cell `i`); on success `out` (as long) holds the cells that may take
    /// each entry in some placement of the clue that agrees with `masks` (a subset of it). On a
    /// contradiction `out` is unspecified. `prepared` is what [`EntryLineSolver::prepare`]
    /// read of `clue` for this palette.
    fn solve(
        &mut self,
        clue: (&Clue, &Self::Prepared),
        len: usize,
        entries: usize,
        masks: &[u64],
        out: &mut [u64],
    ) -> Result<(), Contradiction>;

    /// Whether some placement of `clue` agrees with `masks` (as for
    /// [`EntryLineSolver::solve`]).
    fn feasible(
        &mut self,
        clue: (&Clue, &Self::Prepared),
        len: usize,
        entries: usize,
        masks: &[u64],
    ) -> bool;

    /// Whether [`EntryLineSolver::chances`] gives estimates, so that the learner is guided by
    /// them (`LearnLines::GUIDED`). Default `false`: none.
    const CHANCES: bool = false;

    /// The kind's estimate of each cell's chance of taking each entry, for the learner's first
    /// decisions: `cell · entries + e` for entry `e` of each cell (row by row), `clues` the
    /// rows' clues then the columns', `allowed[cell · entries + e]` whether the cell may still
    /// take entry `e`; `None` for none (a contradiction, or a kind without an estimate). `stop`
    /// is asked as it goes. The default gives none: an estimate must follow the kind's own
    /// line rules (colour's belief propagation knows no caps, so triangles leave this empty).
    fn chances(
        _width: usize,
        _height: usize,
        _clues: &[&Clue],
        _entries: usize,
        _allowed: &[bool],
        _rounds: Rounds,
        _stop: impl FnMut() -> bool,
    ) -> Option<Vec<f64>> {
        None
    }

    /// The work of one round of [`EntryLineSolver::chances`] over lines given as (length,
    /// clue runs), for the learner's budget; 0 when there is no estimate.
    fn round_work(_lens: impl Iterator<Item = (usize, usize)>, _entries: usize) -> usize {
        0
    }
}

/// Solves one line given as a set of entries per cell with a fresh `S`: a convenience over
/// [`EntryLineSolver::solve`] for callers outside hot loops (tests, explanations).
pub(crate) fn solve_cells<S: EntryLineSolver>(
    clue: &Clue,
    cells: &[ColourSet],
    entries: usize,
) -> Result<Vec<ColourSet>, Contradiction> {
    let masks = cells_to_masks(cells, entries);
    let mut out = vec![0; masks.len()];
    let prepared = S::prepare(clue, entries);
    S::default().solve((clue, &prepared), cells.len(), entries, &masks, &mut out)?;
    Ok(masks_to_cells(&out, cells.len(), entries))
}

/// A line's cells as one mask per entry (the layout of [`EntryLineSolver::solve`]).
pub fn cells_to_masks(cells: &[ColourSet], entries: usize) -> Vec<u64> {
    let words = words_for(cells.len());
    let mut masks = vec![0; entries * words];
    for (i, set) in cells.iter().enumerate() {
        for c in set.iter().filter(|c| c.index() < entries) {
            masks[c.index() * words + i / 64] |= 1 << (i % 64);
        }
    }
    masks
}

/// The inverse of [`cells_to_masks`].
pub fn masks_to_cells(masks: &[u64], len: usize, entries: usize) -> Vec<ColourSet> {
    let words = words_for(len);
    (0..len)
        .map(|i| {
            (0..entries)
                .filter(|&c| get_bit(&masks[c * words..], i))
                .fold(ColourSet::EMPTY, |set, c| {
                    set.with(ColourId::new(c).unwrap_or_default())
                })
        })
        .collect()
}
