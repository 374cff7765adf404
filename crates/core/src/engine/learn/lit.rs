//! Variables, literals and their values: the learner's typed indexes.
//!
//! The learner's variables are the cells and nothing else, and every table it keeps is indexed
//! by a cell or by a literal. As plain integers the two were easy to mix up (a literal is twice
//! a cell, plus its sign), and values were `u8` codes whose meaning each reader had to recall.
//! These newtypes are `#[repr(transparent)]` over `u32` (regex-automata's `StateID` is the
//! model): the tables cost what they did, the conversions compile to nothing, and a `Lit`
//! cannot index a table of cells by mistake.

use std::ops::Not;

use nonogram_model::Cell;

use super::MAX_CELLS;

/// A cell, numbered row by row: the learner's only kind of variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub(super) struct Var(u32);

impl Var {
    /// Cell `index` (row by row). The learner takes at most [`MAX_CELLS`] cells (checked once,
    /// when it is built), so the bound is a debug check here, off the hot paths.
    #[inline(always)]
    pub fn new(index: usize) -> Var {
        debug_assert!(index < MAX_CELLS, "cell {index} past the learner's bound");
        Var(index as u32)
    }

    /// The cell's number, to index the tables kept per cell.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A cell filled, or a cell empty. The code is `2 * cell` for "filled" and `2 * cell + 1` for
/// "empty" (MiniSat's encoding), so the two literals of a cell are neighbours in the tables
/// kept per literal, and negation flips one bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub(super) struct Lit(u32);

impl Lit {
    /// The literal "`var` is filled" (`filled`), or "`var` is empty".
    #[inline(always)]
    pub fn new(var: Var, filled: bool) -> Lit {
        Lit(var.0 << 1 | u32::from(!filled))
    }

    /// The literal whose code is `code`: a word of the clause arena (see `clauses`).
    #[inline(always)]
    pub fn from_code(code: u32) -> Lit {
        Lit(code)
    }

    /// The literal's code, as stored in the clause arena.
    #[inline(always)]
    pub fn code(self) -> u32 {
        self.0
    }

    /// The literal's cell.
    #[inline(always)]
    pub fn var(self) -> Var {
        Var(self.0 >> 1)
    }

    /// Whether the literal says "filled" (rather than "empty").
    #[inline(always)]
    pub fn is_filled(self) -> bool {
        self.0 & 1 == 0
    }

    /// The cell's value when the literal is true.
    #[inline(always)]
    pub fn cell(self) -> Cell {
        if self.is_filled() {
            Cell::Filled
        } else {
            Cell::Empty
        }
    }

    /// The literal's number, to index the tables kept per literal.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl Not for Lit {
    type Output = Lit;

    /// The same cell with the other value.
    #[inline(always)]
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

/// The value of a literal under the current assignment. Clause propagation reads these per
/// literal, so that a watched literal's truth is one load and one compare whatever its sign.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(super) enum Value {
    /// Its cell is not assigned.
    Unknown,
    /// Its cell has the literal's value.
    True,
    /// Its cell has the other value.
    False,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_pair_up_by_cell() {
        let v = Var::new(21);
        let (filled, empty) = (Lit::new(v, true), Lit::new(v, false));
        assert_eq!((filled.index(), empty.index()), (42, 43));
        assert_eq!(!filled, empty);
        assert_eq!(!empty, filled);
        assert_eq!((filled.var(), empty.var()), (v, v));
        assert_eq!((filled.cell(), empty.cell()), (Cell::Filled, Cell::Empty));
        assert_eq!(Lit::from_code(filled.code()), filled);
        assert_eq!(std::mem::size_of::<Lit>(), 4);
        assert_eq!(std::mem::size_of::<Value>(), 1);
    }
}
