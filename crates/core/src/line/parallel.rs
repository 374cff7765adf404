//! The cell-parallel line solver: one bit per cell, so a whole line moves in a few word
//! operations per run of the clue, O(k·log c) in all instead of O(n) per pass.
//!
//! Positions `0..=n` sit between cells (position `p` is "before cell `p`"). For the first `j`
//! runs we compute `S[j]`, the positions `p` such that cells `0..p` can hold exactly those runs,
//! agreeing with the known cells. Two word tricks do the work:
//!
//! - *runs of fitting cells*: `fit(F, c)` has bit `s` set when cells `s..s+c` may all be filled;
//!   shift-and doubling gets it in `2·log2(c)` operations;
//! - *stepping over empty cells*: from a set `A` of positions, the positions reachable by
//!   crossing cells that may be empty (mask `E`) are `A | ((E + (A & E)) ^ E)`: adding a start
//!   bit to a run of ones in `E` carries through the run, flipping exactly the bits we can reach.
//!
//! A forward pass gives `S`, the same pass over the reversed line gives `R[j]` (positions from
//! which the runs `j..k` fit in the rest), and a run `j` may start at `s` when the left part
//! reaches `s` and the right part continues from `s + c_j`. Cells covered by some such start may
//! be filled; cells at some `p` with `p ∈ S[j]` and `p + 1 ∈ R[j]` may be empty. Everything else
//! is fixed. Used for lines of up to 127 cells (positions need `n + 1` bits).

/// The most runs a line of up to 127 cells can have.
const MAX_RUNS: usize = 64;

macro_rules! parallel_solver {
    ($module:ident, $word:ty) => {
        mod $module {
            use crate::Contradiction;

            type W = $word;
            const BITS: usize = W::BITS as usize;

            /// Starts `s` such that cells `s..s+c` are all in `x`.
            #[inline(always)]
            fn fit(mut x: W, c: u32) -> W {
                let mut have = 1;
                while have < c {
                    let step = have.min(c - have);
                    x &= x >> step;
                    have += step;
                }
                x
            }

            /// Positions reachable from `a` by crossing cells of `e`.
            #[inline(always)]
            fn reach(a: W, e: W) -> W {
                a | (e.wrapping_add(a & e) ^ e)
            }

            /// Every cell covered by a run of `c` starting at a bit of `x`.
            #[inline(always)]
            fn smear(mut x: W, c: u32) -> W {
                let mut have = 1;
                while have < c {
                    let step = have.min(c - have);
                    x |= x << step;
                    have += step;
                }
                x
            }

            /// `S[0..=k]` for a clue read in the given order over the given masks.
            #[inline(always)]
            fn forward(
                runs: impl Iterator<Item = u32>,
                e: W,
                f: W,
                s: &mut [W],
                mut left: Option<&mut [W]>,
            ) {
                s[0] = reach(1, e);
                for (j, c) in runs.enumerate() {
                    let gap = if j == 0 { s[0] } else { (s[j] & e) << 1 };
                    let starts = gap & fit(f, c);
                    if let Some(left) = left.as_deref_mut() {
                        left[j] = starts;
                    }
                    s[j + 1] = reach(starts << c, e);
                }
            }

            /// Whether some placement of a non-empty clue agrees with the known cells (the
            /// forward pass alone).
            pub fn feasible(clue: &[u32], len: usize, filled: W, empty: W) -> bool {
                debug_assert!(len < BITS && !clue.is_empty());
                let cells: W = (1 << len) - 1;
                let (e, f) = (cells & !filled, cells & !empty);
                let mut s = reach(1, e);
                for (j, &c) in clue.iter().enumerate() {
                    let gap = if j == 0 { s } else { (s & e) << 1 };
                    s = reach((gap & fit(f, c)) << c, e);
                    if s == 0 {
                        return false;
                    }
                }
                s >> len & 1 != 0
            }

            /// Solves a non-empty clue on a line of at most `BITS - 1` cells.
            pub fn solve(
                clue: &[u32],
                len: usize,
                filled: W,
                empty: W,
                scratch: &mut Vec<W>,
            ) -> Result<(W, W), Contradiction> {
                debug_assert!(len < BITS && !clue.is_empty() && clue.len() <= super::MAX_RUNS);
                let n = len;
                let k = clue.len();
                let cells: W = (1 << n) - 1;
                let can_empty = cells & !filled;
                let can_fill = cells & !empty;

                // Scratch, never cleared: every entry is written before it is read.
                if scratch.len() < 3 * (k + 1) {
                    scratch.resize(3 * (k + 1), 0);
                }
                let (s, rest) = scratch[..3 * (k + 1)].split_at_mut(k + 1);
                let (left, r) = rest.split_at_mut(k + 1);
                forward(clue.iter().copied(), can_empty, can_fill, s, Some(left));
                if s[k] >> n & 1 == 0 {
                    return Err(Contradiction);
                }

                // The reversed line: cell i becomes n-1-i, position p becomes n-p.
                let rev_cells = |x: W| x.reverse_bits() >> (BITS - n);
                forward(
                    clue.iter().rev().copied(),
                    rev_cells(can_empty),
                    rev_cells(can_fill),
                    r,
                    None,
                );
                // Now r[j] holds, reversed, the positions from which the last j runs fit. Turn
                // it into r[j] = positions from which runs j..k fit in the rest of the line.
                let rev_positions = |x: W| x.reverse_bits() >> (BITS - 1 - n);
                r.reverse();
                for x in r.iter_mut() {
                    *x = rev_positions(*x);
                }

                let mut may_fill: W = 0;
                let mut may_empty: W = 0;
                for (j, &c) in clue.iter().enumerate() {
                    let right = if j + 1 == k {
                        r[k]
                    } else {
                        (r[j + 1] >> 1) & can_empty
                    };
                    let starts = left[j] & (right >> c);
                    may_fill |= smear(starts, c);
                }
                for j in 0..=k {
                    may_empty |= s[j] & (r[j] >> 1);
                }
                may_empty &= can_empty;
                may_fill &= cells;
                if may_fill | may_empty != cells {
                    return Err(Contradiction);
                }
                Ok((may_fill & !may_empty, may_empty & !may_fill))
            }
        }
    };
}

parallel_solver!(w64, u64);
parallel_solver!(w128, u128);

pub use w128::{feasible as feasible_u128, solve as solve_u128};
pub use w64::{feasible as feasible_u64, solve as solve_u64};

/// Whether a clue on a line of `len` cells suits [`solve_u64`].
pub fn fits_u64(clue: &[u32], len: usize) -> bool {
    len < 64 && clue.len() <= MAX_RUNS
}

/// Whether a clue on a line of `len` cells suits [`solve_u128`].
pub fn fits_u128(clue: &[u32], len: usize) -> bool {
    len < 128 && clue.len() <= MAX_RUNS
}
