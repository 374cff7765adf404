//! Variables, literals and their values: the learner's typed indexes.
//!
//! The learner's variables are the cells' literals and nothing else: for black and white, one
//! per cell ("the cell is filled"); for colour, one per cell and palette entry ("the cell has
//! this entry"), numbered `cell · entries + entry`. Every table the learner keeps is indexed by
//! a variable or by a literal. As plain integers the two were easy to mix up (a literal is twice
//! a variable, plus its sign), and values were `u8` codes whose meaning each reader had to
//! recall. These newtypes are `#[repr(transparent)]` over `u32` (regex-automata's `StateID` is
//! the model): the tables cost what they did, the conversions compile to nothing, and a `Lit`
//! cannot index a table of variables by mistake.

use std::ops::Not;

/// The most variables the learner takes in any puzzle: each kind bounds its own below this
/// ([`LearnLines::fits`](super::LearnLines::fits)); the typed indexes check it in debug builds.
pub(crate) const MAX_VARS: usize = 1 << 21;

/// A variable: a cell (black and white), or a cell's palette entry (colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub(crate) struct Var(u32);

impl Var {
    /// Variable `index`. The learner takes at most [`MAX_VARS`] variables (checked once, when
    /// it is built), so the bound is a debug check here, off the hot paths.
    #[inline(always)]
    pub fn new(index: usize) -> Var {
        debug_assert!(
            index < MAX_VARS,
            "variable {index} past the learner's bound"
        );
        Var(index as u32)
    }

    /// The variable's number, to index the tables kept per variable.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A variable true (a cell filled; a cell having an entry), or false. The code is `2 * var`
/// for "true" and `2 * var + 1` for "false" (MiniSat's encoding), so the two literals of a
/// variable are neighbours in the tables kept per literal, and negation flips one bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub(crate) struct Lit(u32);

impl Lit {
    /// The literal "`var` is true" (`positive`), or "`var` is false".
    #[inline(always)]
    pub fn new(var: Var, positive: bool) -> Lit {
        Lit(var.0 << 1 | u32::from(!positive))
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

    /// The literal's variable.
    #[inline(always)]
    pub fn var(self) -> Var {
        Var(self.0 >> 1)
    }

    /// Whether the literal says its variable is true (a cell filled, a cell having an entry).
    #[inline(always)]
    pub fn is_positive(self) -> bool {
        self.0 & 1 == 0
    }

    /// The literal's number, to index the tables kept per literal.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl Not for Lit {
    type Output = Lit;

    /// The same variable with the other value.
    #[inline(always)]
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

/// The value of a literal under the current assignment. Clause propagation reads these per
/// literal, so that a watched literal's truth is one load and one compare whatever its sign.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Value {
    /// Its variable is not assigned.
    Unknown,
    /// Its variable has the literal's value.
    True,
    /// Its variable has the other value.
    False,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_pair_up_by_variable() {
        let v = Var::new(21);
        let (yes, no) = (Lit::new(v, true), Lit::new(v, false));
        assert_eq!((yes.index(), no.index()), (42, 43));
        assert_eq!(!yes, no);
        assert_eq!(!no, yes);
        assert_eq!((yes.var(), no.var()), (v, v));
        assert!(yes.is_positive() && !no.is_positive());
        assert_eq!(Lit::from_code(yes.code()), yes);
        assert_eq!(std::mem::size_of::<Lit>(), 4);
        assert_eq!(std::mem::size_of::<Value>(), 1);
    }
}
