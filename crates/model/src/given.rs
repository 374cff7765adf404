//! Given cells: cells whose colour the puzzle itself states, as some puzzles print a few cells
//! in the grid to make the picture the only one its clues allow.
//!
//! Givens belong to the puzzle, not to a solve: [`Puzzle::givens`](crate::Puzzle::givens) holds
//! them, every solution must agree with them, and a format that cannot store them refuses to
//! write the puzzle rather than drop them. A black-and-white given is filled or empty; a colour
//! given names one palette entry, the background included.
//!
//! Givens that the clues cannot agree with are not an error: the puzzle was stated perfectly
//! well, and the honest answer about it is "no solution", which solving gives (a given that
//! contradicts the clues is found by line solving at the root, before any search). What *is*
//! an error is a given that cannot be stated at all: outside the grid, of a colour the palette
//! lacks, or a cell given two different colours ([`PuzzleError`](crate::PuzzleError)).

use crate::colour::ColourId;

/// A cell whose colour is fixed before solving: a cell the puzzle gives, or one a caller fixes
/// (a partly solved grid's known cells, a puzzle maker's revealed cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Given {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub col: usize,
    /// The colour (for a black-and-white puzzle, [`ColourId::BLACK`] or
    /// [`ColourId::BACKGROUND`]).
    pub colour: ColourId,
}

impl Given {
    /// A black-and-white given: the cell filled or empty.
    pub fn cell(row: usize, col: usize, filled: bool) -> Given {
        let colour = if filled {
            ColourId::BLACK
        } else {
            ColourId::BACKGROUND
        };
        Given { row, col, colour }
    }

    /// Whether the given cell is filled (of any colour but the background).
    pub fn is_filled(self) -> bool {
        !self.colour.is_background()
    }
}
