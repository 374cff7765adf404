//! Line solvers: given a clue and the known cells of one line, find every cell that has the same
//! value in all placements of the runs that agree with the known cells, or report that no
//! placement agrees (a [`Contradiction`]).
//!
//! Four implementations, fastest first; [`LineSolver`] picks one per call:
//!
//! - [`parallel`]: one bit per cell, a few word operations per run of the clue, for lines of up
//!   to 1,024 cells (in one `u64` up to 64 cells, one `u128` up to 128, then 3 to 16 words);
//! - [`bits`]: the line as a regular expression `0* 1^a 0+ 1^b ... 0*` (the Gecode seed's view),
//!   run as a bit-parallel NFA (Shift-And): one machine word holds the set of NFA states, one
//!   forward and one backward pass over the cells, a handful of word operations per cell. Used
//!   for lines longer than 1,024 cells whose automaton has at most 128 states.
//! - [`dp`]: the classic O(k·n) dynamic programme over (runs placed, cells used), forward and
//!   backward reachability, for any length.
//! - [`naive`]: enumerates every placement. Exponential, obviously correct: the oracle the other
//!   three are tested against (the seeds' `common` over a pattern set).
//!
//! All of them take the line as bit masks (bit `i` of word `i / 64` for cell `i`), the form the
//! grid stores, and write the complete known masks after deduction.

pub mod bits;
pub mod cache;
pub mod dp;
pub mod naive;
pub mod parallel;

use crate::grid::{get_bit, set_bit, words_for};
use crate::Contradiction;
use nonogram_model::Cell;

pub use cache::LineCache;

/// A line solver with its scratch buffers. Reuse one per thread: it allocates only when a longer
/// line than any before comes along.
#[derive(Debug, Default)]
pub struct LineSolver {
    /// Scratch of the cell-parallel solver, per word size.
    parallel64: Vec<u64>,
    parallel128: Vec<u128>,
    wide: parallel::WideScratch,
    bits: bits::Scratch,
    dp: dp::Scratch,
}

impl LineSolver {
    pub fn new() -> LineSolver {
        LineSolver::default()
    }

    /// Solves one line. `filled`/`empty` are the known cells (`len` bits, in `words_for(len)`
    /// words); on success `out_filled`/`out_empty` hold every cell known afterwards (a superset
    /// of the input). On a contradiction the outputs are unspecified.
    pub fn solve(
        &mut self,
        clue: &[u32],
        len: usize,
        filled: &[u64],
        empty: &[u64],
        out_filled: &mut [u64],
        out_empty: &mut [u64],
    ) -> Result<(), Contradiction> {
        let words = words_for(len);
        debug_assert!(filled.len() >= words && empty.len() >= words);
        out_filled[..words].fill(0);
        out_empty[..words].fill(0);
        if clue.is_empty() {
            if filled[..words].iter().any(|&w| w != 0) {
                return Err(Contradiction);
            }
            for i in 0..len {
                set_bit(out_empty, i);
            }
            return Ok(());
        }
        if parallel::fits_u64(clue, len) {
            let (f, e) = parallel::solve_u64(clue, len, filled[0], empty[0], &mut self.parallel64)?;
            out_filled[0] = f;
            out_empty[0] = e;
            return Ok(());
        }
        if parallel::fits_u128(clue, len) {
            let join =
                |w: &[u64]| u128::from(w[0]) | u128::from(w.get(1).copied().unwrap_or(0)) << 64;
            let (f, e) =
                parallel::solve_u128(clue, len, join(filled), join(empty), &mut self.parallel128)?;
            for (out, value) in [(&mut *out_filled, f), (&mut *out_empty, e)] {
                out[0] = value as u64;
                if words > 1 {
                    out[1] = (value >> 64) as u64;
                }
            }
            return Ok(());
        }
        if let Some(result) = parallel::solve_wide(
            clue,
            len,
            filled,
            empty,
            out_filled,
            out_empty,
            &mut self.wide,
        ) {
            return result;
        }
        let states = bits::state_count(clue);
        if states <= 64 {
            self.bits
                .solve_u64(clue, len, filled, empty, out_filled, out_empty)
        } else if states <= 128 {
            self.bits
                .solve_u128(clue, len, filled, empty, out_filled, out_empty)
        } else {
            self.dp
                .solve(clue, len, filled, empty, out_filled, out_empty)
        }
    }
}

impl LineSolver {
    /// Whether some placement of `clue` agrees with the known cells (`filled`/`empty`, as for
    /// [`LineSolver::solve`]). Cheaper than solving for lines of up to 1,024 cells: only the
    /// forward pass runs. Explanations in the learning engine ask this many times per conflict.
    pub fn feasible(&mut self, clue: &[u32], len: usize, filled: &[u64], empty: &[u64]) -> bool {
        if clue.is_empty() {
            return filled[..words_for(len)].iter().all(|&w| w == 0);
        }
        if parallel::fits_u64(clue, len) {
            return parallel::feasible_u64(clue, len, filled[0], empty[0]);
        }
        if parallel::fits_u128(clue, len) {
            let join =
                |w: &[u64]| u128::from(w[0]) | u128::from(w.get(1).copied().unwrap_or(0)) << 64;
            return parallel::feasible_u128(clue, len, join(filled), join(empty));
        }
        let words = words_for(len);
        if let Some(feasible) = parallel::feasible_wide(clue, len, filled, empty) {
            return feasible;
        }
        let (mut of, mut oe) = (vec![0; words], vec![0; words]);
        self.solve(clue, len, filled, empty, &mut of, &mut oe)
            .is_ok()
    }
}

/// Converts a line of cells to known masks.
pub fn cells_to_masks(cells: &[Cell]) -> (Vec<u64>, Vec<u64>) {
    let words = words_for(cells.len()).max(1);
    let (mut f, mut e) = (vec![0; words], vec![0; words]);
    for (i, cell) in cells.iter().enumerate() {
        match cell {
            Cell::Filled => set_bit(&mut f, i),
            Cell::Empty => set_bit(&mut e, i),
            Cell::Unknown => {}
        }
    }
    (f, e)
}

/// Converts known masks back to cells.
pub fn masks_to_cells(len: usize, filled: &[u64], empty: &[u64]) -> Vec<Cell> {
    (0..len)
        .map(|i| {
            if get_bit(filled, i) {
                Cell::Filled
            } else if get_bit(empty, i) {
                Cell::Empty
            } else {
                Cell::Unknown
            }
        })
        .collect()
}

/// Solves one line given as cells: a convenience over [`LineSolver::solve`] for callers that are
/// not in a hot loop (explanations, the `patterns --common` command, tests).
pub fn solve_line(clue: &[u32], cells: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
    let (f, e) = cells_to_masks(cells);
    let (mut of, mut oe) = (vec![0; f.len()], vec![0; f.len()]);
    LineSolver::new().solve(clue, cells.len(), &f, &e, &mut of, &mut oe)?;
    Ok(masks_to_cells(cells.len(), &of, &oe))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn parse(s: &str) -> Vec<Cell> {
        s.chars()
            .map(|c| match c {
                '#' => Cell::Filled,
                '.' => Cell::Empty,
                _ => Cell::Unknown,
            })
            .collect()
    }

    fn show(cells: &[Cell]) -> String {
        cells.iter().map(|c| c.symbol()).collect()
    }

    /// Table-driven cases: (clue, known line, expected line or None for a contradiction).
    const CASES: &[(&[u32], &str, Option<&str>)] = &[
        (&[], "????", Some("....")),
        (&[], "??#?", None),
        (&[4], "????", Some("####")),
        (&[3], "????", Some("?##?")),
        (&[1, 1], "???", Some("#.#")),
        (&[2, 1], "?????", Some("?#???")),
        (&[1], "?#??", Some(".#..")),
        (&[2], "?.??", Some("..##")),
        (&[1, 1], "#???", Some("#.??")),
        (&[3], "??.??", None),
        (&[1, 2], "#.#.#", None),
        (&[1, 3], "??????", Some("???##?")),
        (&[2, 2], "?#??#", Some("##.##")),
        (&[2, 2], "??????", Some("?#??#?")),
        (&[5], "?????????#", Some(".....#####")),
        (&[1, 1, 1], "?????", Some("#.#.#")),
        (&[1], "....", None),
    ];

    #[test]
    fn table_cases_every_engine() {
        for &(clue, line, expected) in CASES {
            let cells = parse(line);
            let naive = naive::solve(clue, &cells).map(|c| show(&c));
            let fast = solve_line(clue, &cells).map(|c| show(&c));
            let (f, e) = cells_to_masks(&cells);
            let (mut of, mut oe) = (vec![0; f.len()], vec![0; f.len()]);
            let dp = dp::Scratch::default()
                .solve(clue, cells.len(), &f, &e, &mut of, &mut oe)
                .map(|()| show(&masks_to_cells(cells.len(), &of, &oe)));
            let want = expected.map(str::to_string).ok_or(Contradiction);
            assert_eq!(naive, want, "naive {clue:?} {line}");
            assert_eq!(fast, want, "bits {clue:?} {line}");
            assert_eq!(dp, want, "dp {clue:?} {line}");
        }
    }

    /// A random line with a random partial knowledge of one of its placements, or of nothing.
    fn line_case(max_len: usize) -> impl Strategy<Value = (Vec<u32>, Vec<Cell>)> {
        (1..=max_len)
            .prop_flat_map(|len| {
                (
                    proptest::collection::vec(any::<bool>(), len),
                    proptest::collection::vec(0u8..4, len),
                    any::<bool>(),
                )
            })
            .prop_map(|(picture, reveal, consistent)| {
                let clue = crate::Clue::from_cells(picture.iter().copied())
                    .runs()
                    .to_vec();
                let cells = picture
                    .iter()
                    .zip(&reveal)
                    .map(|(&filled, &r)| match r {
                        0 if consistent => {
                            if filled {
                                Cell::Filled
                            } else {
                                Cell::Empty
                            }
                        }
                        0 => {
                            if filled {
                                Cell::Empty
                            } else {
                                Cell::Filled
                            }
                        }
                        _ => Cell::Unknown,
                    })
                    .collect();
                (clue, cells)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        #[test]
        fn fast_engines_agree_with_naive((clue, cells) in line_case(20)) {
            let want = naive::solve(&clue, &cells);
            prop_assert_eq!(solve_line(&clue, &cells), want.clone());
            let (f, e) = cells_to_masks(&cells);
            prop_assert_eq!(LineSolver::new().feasible(&clue, cells.len(), &f, &e), want.is_ok());
            let (mut of, mut oe) = (vec![0; f.len()], vec![0; f.len()]);
            let dp = dp::Scratch::default()
                .solve(&clue, cells.len(), &f, &e, &mut of, &mut oe)
                .map(|()| masks_to_cells(cells.len(), &of, &oe));
            prop_assert_eq!(dp, want.clone());
            // The automaton solver directly (LineSolver only sends it lines of more than 1,024 cells).
            if !clue.is_empty() {
                let (mut of, mut oe) = (vec![0; f.len()], vec![0; f.len()]);
                let mut scratch = bits::Scratch::default();
                let nfa = if bits::state_count(&clue) <= 64 {
                    scratch.solve_u64(&clue, cells.len(), &f, &e, &mut of, &mut oe)
                } else {
                    scratch.solve_u128(&clue, cells.len(), &f, &e, &mut of, &mut oe)
                };
                prop_assert_eq!(nfa.map(|()| masks_to_cells(cells.len(), &of, &oe)), want);
            }
        }

        /// Long lines take the u128 and wide paths; compare them with the DP (naive is too slow there).
        #[test]
        fn bits_and_dp_agree_on_long_lines((clue, cells) in line_case(300)) {
            let (f, e) = cells_to_masks(&cells);
            let n = f.len();
            let (mut bf, mut be, mut df, mut de) = (vec![0; n], vec![0; n], vec![0; n], vec![0; n]);
            let fast = LineSolver::new().solve(&clue, cells.len(), &f, &e, &mut bf, &mut be);
            let dp = dp::Scratch::default().solve(&clue, cells.len(), &f, &e, &mut df, &mut de);
            prop_assert_eq!(fast, dp);
            prop_assert_eq!(LineSolver::new().feasible(&clue, cells.len(), &f, &e), dp.is_ok());
            if fast.is_ok() {
                prop_assert_eq!((bf, be), (df, de));
            }
        }
    }
}
