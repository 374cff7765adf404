//! The dynamic-programming line solver, for lines of any length: the line programme every kind
//! shares (`crate::kind::dp`, O(k·n) over runs placed and cells used, forward and backward
//! reachability) on a palette of two entries, the background and black.
//!
//! A black-and-white line's known cells become the two entries' masks (a cell may be background
//! unless known filled, black unless known empty), and what the programme leaves each cell
//! becomes the known masks again. The conversions are a few word operations per 64 cells;
//! the solver serves only lines that the bit-parallel ones do not take.

use super::{Line, LineSolve, Masks};
use crate::kind::dp::Scratch;
use crate::kind::Contradiction;
use nonogram_model::Clue;

/// The dynamic-programming solver, with its tables, reused between calls. It takes every line.
#[derive(Debug, Default)]
pub struct Dp {
    programme: Scratch,
    /// The line as entry masks (background, then black), and what the programme leaves.
    masks: Vec<u64>,
    out: Vec<u64>,
}

impl LineSolve for Dp {
    fn solve(&mut self, line: Line<'_>, out: &mut Masks) -> Result<(), Contradiction> {
        let (len, words) = (line.len(), line.words());
        // The bits of word `w` that hold cells of the line.
        let cells = |w: usize| match len - 64 * w {
            n if n >= 64 => u64::MAX,
            n => (1 << n) - 1,
        };
        self.masks.clear();
        self.masks
            .extend((0..words).map(|w| !line.filled()[w] & cells(w)));
        self.masks
            .extend((0..words).map(|w| !line.empty()[w] & cells(w)));
        self.out.resize(2 * words, 0);
        let clue = Clue::new(line.clue().iter().copied());
        self.programme
            .solve(&clue, len, 2, &self.masks, &mut self.out)?;
        for w in 0..words {
            out.filled[w] = !self.out[w] & cells(w);
            out.empty[w] = !self.out[words + w] & cells(w);
        }
        Ok(())
    }
}
