//! `nonogram-checks`: test support, not API. The properties the fuzz targets under `fuzz/` and
//! the property tests of `tests/fuzz_checks.rs` hold the solvers to, in one place, in a crate
//! of their own so that the shipped libraries carry none of it (and no `arbitrary`). Not
//! published, and free to change with the tests; a broken property panics with a message that
//! names it.
//!
//! It reaches the solvers only through their public modules: each kind's line solvers one by
//! one (`nonogram_core::line`, `nonogram_core::colour::line`, `nonogram_core::triangle::line`
//! and its cell-parallel passes, `nonogram_core::triangle::parallel`), the naive enumerators,
//! the [`Solver`](nonogram_core::Solver) and [`deduce`](nonogram_core::deduce), and the pattern
//! sets of `nonogram_author::patterns`.
//!
//! Each module has a case type that [`arbitrary`] builds from raw bytes (what the fuzz targets
//! receive), a `check` of one case, and a `run` that does both: the fuzz target, the replay of
//! its committed seed corpus (`fuzz/corpus/<target>/`) in `cargo test`, and proptest's random
//! bytes all decode the same bytes into the same case.
//!
//! - [`line`](mod@line): every fast line solver of every kind agrees with its naive enumerator
//!   (and that with plain enumeration on short lines): black and white's in
//!   [`black_white_line`], colour's in [`colour_line`] (the `line_solvers` fuzz target);
//! - [`triangle_line`]: the triangle line solver, its bit-parallel passes against the line
//!   programme on every line and both against the naive enumerator on cheap ones (the
//!   `triangle_lines` fuzz target);
//! - [`engines`]: every engine, asked for 1, 2 or 3 solutions, against a brute force on puzzles
//!   of up to 6×6 (black and white or in colour), statuses as `nonogram_core::solve` defines
//!   them; and [`deduce`](nonogram_core::deduce) never contradicts a solution;
//! - [`patterns`]: [`PatternSet`](nonogram_author::patterns::PatternSet) counts, lists and
//!   intersects what plain enumeration finds.

#![warn(missing_docs)]

pub mod black_white_line;
pub mod colour_line;
pub mod engines;
pub mod line;
pub mod patterns;
pub mod triangle_line;

pub use arbitrary;

use arbitrary::{Arbitrary, Unstructured};

/// Lines of `len` cells with a run of `run` cells that is longer than the line, or than the
/// word that holds it: every line solver of every kind must find that such a run fits nowhere
/// (the bit-parallel passes shift by a run's length, which must not reach past the word).
pub const OVERLONG_RUNS: &[(usize, u32)] = &[
    (1, 2),
    (10, 64),
    (10, 65),
    (63, 64),
    (64, 65),
    (64, 200),
    (100, 128),
    (128, 129),
    (128, 300),
    (300, 5000),
    (20, u32::MAX),
];

/// The cells common to every line of `lines` (filled or empty where they all agree, unknown
/// where they differ), or `None` when there is no line.
pub(crate) fn common_cells<'a>(
    lines: impl IntoIterator<Item = &'a [bool]>,
) -> Option<Vec<nonogram_model::Cell>> {
    use nonogram_model::Cell;
    lines.into_iter().fold(None, |common, line| {
        let this = line
            .iter()
            .map(|&f| if f { Cell::Filled } else { Cell::Empty });
        Some(match common {
            None => this.collect(),
            Some(c) => c
                .into_iter()
                .zip(this)
                .map(|(a, b)| if a == b { a } else { Cell::Unknown })
                .collect(),
        })
    })
}

/// Decodes a case from raw bytes (as the fuzz targets do) and checks it; bytes that make no
/// case are skipped. Each module's `run`.
pub(crate) fn decode_and_check<'a, T: Arbitrary<'a>>(data: &'a [u8], check: impl FnOnce(&T)) {
    if let Ok(case) = T::arbitrary_take_rest(Unstructured::new(data)) {
        check(&case);
    }
}

/// The placements a naive line solver tries with nothing known, bounded: it places the first
/// `j` runs in every way, for each `j` (`C(f + j, j)` ways, `f` the cells those runs leave
/// free), whether or not the rest of the clue then fits. `needed` gives, run by run, the
/// cells the runs so far take with their separating gaps. `None` once the count passes `cap`,
/// so it costs little however long the clue.
pub(crate) fn prefix_placements(
    needed: impl Iterator<Item = u64>,
    len: usize,
    cap: f64,
) -> Option<f64> {
    let mut placements = 0.0;
    for (j, needed) in needed.enumerate() {
        let Some(free) = (len as u64).checked_sub(needed) else {
            break;
        };
        let k = j as u64 + 1;
        // C(free + k, k) as a running product of factors of at least 1, as
        // nonogram_author::patterns::count.
        let (steps, other) = if k <= free { (k, free) } else { (free, k) };
        let mut ways = 1.0;
        for i in 1..=steps {
            ways = ways * (other + i) as f64 / i as f64;
            if placements + ways > cap {
                return None;
            }
        }
        placements += ways;
    }
    Some(placements + 1.0)
}

/// `len` cells read as bits, eight to a byte (missing bytes are zeros): pictures and masks
/// cost an eighth of a byte a cell, so a line of 1,000 cells is a short input.
pub(crate) fn bits(u: &mut Unstructured<'_>, len: usize) -> arbitrary::Result<Vec<bool>> {
    let bytes = u.bytes(len.div_ceil(8).min(u.len()))?;
    Ok((0..len)
        .map(|i| bytes.get(i / 8).is_some_and(|b| b >> (i % 8) & 1 == 1))
        .collect())
}

/// Which cells of a line of `len` cells are revealed: none, about a quarter, a half, or seven
/// in eight, each cell by its own bits.
pub(crate) fn revealed(u: &mut Unstructured<'_>, len: usize) -> arbitrary::Result<Vec<bool>> {
    let density = u.int_in_range(0u8..=3)?;
    if density == 0 {
        return Ok(vec![false; len]);
    }
    let (a, b, c) = (bits(u, len)?, bits(u, len)?, bits(u, len)?);
    Ok((0..len)
        .map(|i| match density {
            1 => a[i] && b[i],
            2 => a[i],
            _ => a[i] || b[i] || c[i],
        })
        .collect())
}

/// A line's cells as `#`, `.` and `?`, for messages.
pub(crate) fn show(cells: &[nonogram_model::Cell]) -> String {
    cells.iter().map(|c| c.symbol()).collect()
}
