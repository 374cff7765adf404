//! The line solvers of every kind against their naive enumerators: what the `line_solvers`
//! fuzz target decodes, a black-and-white line ([`crate::black_white_line`]) or a colour one
//! ([`crate::colour_line`]), and checks.

use arbitrary::{Arbitrary, Unstructured};

pub use crate::black_white_line::{check, naive_work, LineCase, NAIVE_MAX_WORK, PLAIN_MAX_LEN};
use crate::colour_line::{self, ColourLineCase};

/// What the `line_solvers` fuzz target decodes: a black-and-white line (two times in three) or
/// a colour line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineSolversCase {
    /// A line for the black-and-white solvers.
    Black(LineCase),
    /// A line for the colour solvers ([`crate::colour_line`]).
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
    crate::decode_and_check(data, check_any);
}
