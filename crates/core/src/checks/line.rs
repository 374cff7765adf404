//! The line solvers of every kind against their naive enumerators: what the `line_solvers`
//! fuzz target decodes, a black-and-white line (`crate::kinds::black_white::check`) or a colour
//! one (`crate::kinds::colour::check`), and checks.

use arbitrary::{Arbitrary, Unstructured};

pub use crate::kinds::black_white::check::{
    check, naive_work, LineCase, NAIVE_MAX_WORK, PLAIN_MAX_LEN,
};
use crate::kinds::colour::check::{self as colour_line, ColourLineCase};

/// What the `line_solvers` fuzz target decodes: a black-and-white line (two times in three) or
/// a colour line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineSolversCase {
    /// A line for the black-and-white solvers.
    Black(LineCase),
    /// A line for the colour solvers ([`crate::kinds::colour::check`]).
    Colour(ColourLineCase),
}

impl<'a> Arbitrary<'a> for LineSolversCase {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<LineSolversCase> {
        Ok(if u.ratio(1u8, 3)? {
            LineSolversCase::Colour(u.arbitrary()?)
        } else {
            LineSolversCase::Black(u.arbitrary()?)
        })
    }
}

/// Checks a line of either kind.
pub fn check_any(case: &LineSolversCase) {
    match case {
        LineSolversCase::Black(case) => check(case),
        LineSolversCase::Colour(case) => colour_line::check(case),
    }
}

/// Decodes a case from raw bytes (as the fuzz target does) and checks it.
pub fn run(data: &[u8]) {
    super::decode_and_check(data, check_any);
}
