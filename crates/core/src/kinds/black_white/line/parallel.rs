//! The cell-parallel line solver: one bit per cell, so a whole line moves in a few word
//! operations per run of the clue, O(k·log c) in all instead of O(n) per pass.
//!
//! Bit `i` of a word is cell `i`; `E` and `F` are the cells that may be empty and may be filled.
//! A pass places the runs from left to right, keeping two word-sized sets per run `j`:
//!
//! - where run `j` may start: just after a cell of the previous gap (or at cell 0 for the first
//!   run), on a cell from which `c_j` cells may be filled;
//! - the gap after run `j`: the cells that may be empty between it and the next run (after the
//!   last run, the empty cells that may end the line).
//!
//! Two word tricks do the work:
//!
//! - *runs of fitting cells*: `fit(F, c)` has bit `s` set when cells `s..s+c` may all be filled;
//!   shift-and doubling gets it in about `2·log2(c)` operations (`smear` is its mirror image,
//!   the cells covered by runs of `c` from given starts);
//! - *walking over empty cells*: from cells `A ⊆ E`, the cells of `E` reached by walking up
//!   through `E` are `A | (E & !(E + A))`: adding a bit of `A` to a block of ones in `E` carries
//!   through the block, clearing exactly the cells walked over. The gap after a run whose last
//!   cells may be `L` is the walk from `(L << 1) & E`.
//!
//! A carry only walks up, so the view from the right comes from the same pass over the
//! bit-reversed line with the clue reversed: where it lets run `j` start is, reversed back, where
//! run `j` may end as far as the runs after it are concerned (`right_last[j]`), and one left
//! shift of that is the gap after run `j` as seen from the right. A final left-to-right pass
//! keeps only the starts whose run may also end there: those are exactly the runs of some
//! placement. The cells they cover may be filled; the cells in the gap after run `j` from both
//! sides may be empty; every other cell is fixed. That pass carries on only the surviving
//! starts, which changes neither set: every run of a placement survives.
//!
//! Working on cells rather than on the positions between them keeps a line of `BITS` cells in
//! one word: lines of up to 64 cells take a `u64`, up to 128 a `u128`. Longer lines take a
//! `Wide` integer of 3 to 64 words (up to 4,096 cells): the same passes, each operation a
//! short loop over the words, the carries of the walk handed from word to word. A pass then
//! costs O(k·log c·n/64) word operations where the dynamic programme costs O(k·n) steps.
//! Since a long line's runs grow with its length, that is quadratic in the end: lines of more
//! than [`SPLIT_ABOVE`] cells are first cut into independent pieces where they can be
//! (`super::split`), each solved alone on the narrowest word that holds it.

use super::split::{self, Split, Splitter};
use super::{Line, LineSolve, Masks};
use crate::kind::grid::words_for;
use crate::kind::Contradiction;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

/// The most runs a line of up to 128 cells can have.
const MAX_RUNS: usize = 64;

/// An unsigned integer of `N` 64-bit words (word 0 lowest), with just the operations the
/// cell-parallel passes use, so that lines longer than 128 cells run the very same code.
#[derive(Clone, Copy, Debug, Eq)]
struct Wide<const N: usize>([u64; N]);

/// Word by word without an early exit (a derived `==` compares through `memcmp`, a call that
/// cost a fifth of the time on 300-cell lines).
impl<const N: usize> PartialEq for Wide<N> {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        (0..N).fold(0, |acc, i| acc | (self.0[i] ^ other.0[i])) == 0
    }
}

impl<const N: usize> Wide<N> {
    pub const BITS: u32 = 64 * N as u32;
    pub const MAX: Self = Wide([u64::MAX; N]);
    pub const ZERO: Self = Wide([0; N]);
    pub const ONE: Self = {
        let mut words = [0; N];
        words[0] = 1;
        Wide(words)
    };

    /// The integer whose low words are `words` (missing words are zero).
    pub fn from_words(words: &[u64]) -> Self {
        let mut out = [0; N];
        let n = words.len().min(N);
        out[..n].copy_from_slice(&words[..n]);
        Wide(out)
    }

    /// Addition modulo 2^BITS, the carry handed up from word to word.
    #[inline(always)]
    pub fn wrapping_add(self, other: Self) -> Self {
        let mut carry = false;
        let mut out = [0; N];
        for (i, word) in out.iter_mut().enumerate() {
            let (sum, c1) = self.0[i].overflowing_add(other.0[i]);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            carry = c1 | c2;
            *word = sum;
        }
        Wide(out)
    }

    /// The bits in reverse order: bit `i` goes to bit `BITS - 1 - i`.
    #[inline(always)]
    pub fn reverse_bits(self) -> Self {
        let mut out = [0; N];
        for (i, word) in out.iter_mut().enumerate() {
            *word = self.0[N - 1 - i].reverse_bits();
        }
        Wide(out)
    }

    /// `self << s`. Shifts of less than a word (the runs' lengths, the walks' single cells)
    /// take the short way; whole words move only for the masks of the line's length.
    #[inline(always)]
    fn shl_by(self, s: usize) -> Self {
        let a = self.0;
        let mut out = [0; N];
        if s == 0 {
            return self;
        } else if s < 64 {
            out[0] = a[0] << s;
            for i in 1..N {
                out[i] = a[i] << s | a[i - 1] >> (64 - s);
            }
        } else {
            let (q, r) = (s / 64, s % 64);
            for i in q..N {
                out[i] = a[i - q] << r;
                if r > 0 && i > q {
                    out[i] |= a[i - q - 1] >> (64 - r);
                }
            }
        }
        Wide(out)
    }

    /// `self >> s`, as `shl_by` the other way.
    #[inline(always)]
    fn shr_by(self, s: usize) -> Self {
        let a = self.0;
        let mut out = [0; N];
        if s == 0 {
            return self;
        } else if s < 64 {
            for i in 0..N - 1 {
                out[i] = a[i] >> s | a[i + 1] << (64 - s);
            }
            out[N - 1] = a[N - 1] >> s;
        } else {
            let (q, r) = (s / 64, s % 64);
            for i in 0..N.saturating_sub(q) {
                out[i] = a[i + q] >> r;
                if r > 0 && i + q + 1 < N {
                    out[i] |= a[i + q + 1] << (64 - r);
                }
            }
        }
        Wide(out)
    }
}

macro_rules! wide_ops {
    ($($shift:ty),*) => {
        $(
            impl<const N: usize> Shl<$shift> for Wide<N> {
                type Output = Self;
                #[inline(always)]
                fn shl(self, s: $shift) -> Self {
                    self.shl_by(s as usize)
                }
            }
            impl<const N: usize> Shr<$shift> for Wide<N> {
                type Output = Self;
                #[inline(always)]
                fn shr(self, s: $shift) -> Self {
                    self.shr_by(s as usize)
                }
            }
        )*
    };
}
wide_ops!(u32, usize, i32);

macro_rules! wide_bitwise {
    ($($trait:ident $method:ident $op:tt),*) => {
        $(
            impl<const N: usize> $trait for Wide<N> {
                type Output = Self;
                #[inline(always)]
                fn $method(self, other: Self) -> Self {
                    // Plain loops rather than `array::from_fn`, which was left uninlined for
                    // the 24- to 48-word sizes (9% of the time on 3,072-cell lines).
                    let mut out = self.0;
                    for (word, other) in out.iter_mut().zip(other.0) {
                        *word $op other;
                    }
                    Wide(out)
                }
            }
        )*
    };
}
wide_bitwise!(BitAnd bitand &=, BitOr bitor |=, BitXor bitxor ^=);

impl<const N: usize> Not for Wide<N> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        let mut out = self.0;
        for word in &mut out {
            *word = !*word;
        }
        Wide(out)
    }
}

impl<const N: usize> BitAndAssign for Wide<N> {
    #[inline(always)]
    fn bitand_assign(&mut self, other: Self) {
        *self = *self & other;
    }
}

impl<const N: usize> BitOrAssign for Wide<N> {
    #[inline(always)]
    fn bitor_assign(&mut self, other: Self) {
        *self = *self | other;
    }
}

macro_rules! parallel_solver {
    ($module:ident, $word:ty, $zero:expr, $one:expr) => {
        mod $module {
            #[allow(unused_imports)]
            use super::Wide;
            use crate::kind::Contradiction;

            const ZERO: W = $zero;
            const ONE: W = $one;

            type W = $word;
            const BITS: usize = W::BITS as usize;

            /// Starts `s` such that cells `s..s+c` are all in `x`, for `c >= 1`: windows of
            /// `w` cells double to `2w` while `2w < c`, and a last overlapping step makes `c`.
            #[inline(always)]
            fn fit(mut x: W, c: u32) -> W {
                let mut w = 1;
                while 2 * w < c {
                    x &= x >> w;
                    w *= 2;
                }
                x & x >> (c - w)
            }

            /// Every cell covered by a run of `c >= 1` cells starting at a bit of `x` (`fit`
            /// the other way round).
            #[inline(always)]
            fn smear(mut x: W, c: u32) -> W {
                let mut w = 1;
                while 2 * w < c {
                    x |= x << w;
                    w *= 2;
                }
                x | x << (c - w)
            }

            /// The cells of `e` reached from the cells `a ⊆ e` by walking up through `e`.
            #[inline(always)]
            fn walk(a: W, e: W) -> W {
                a | (e & !e.wrapping_add(a))
            }

            /// The gap after runs whose possible last cells are `last` (the walk from
            /// `(last << 1) & e`), and the cells just after it, where the next run may start
            /// (`gap << 1`).
            ///
            /// The second comes straight from the carries of the walk: with `a` the cells the
            /// walk starts from, `(e + a) ^ e ^ a` is the set of positions a carry entered,
            /// which is each walked block shifted up by one cell. That skips two of the walk's
            /// operations on the chain from one run to the next, the critical path of a pass
            /// (the gap itself is computed beside it).
            #[inline(always)]
            fn gap_and_next(last: W, e: W) -> (W, W) {
                let a = (last << 1) & e;
                let sum = e.wrapping_add(a);
                (a | (e & !sum), sum ^ e ^ a)
            }

            /// The gap before the first run: the empty cells that may begin the line.
            #[inline(always)]
            fn leading_gap(e: W) -> W {
                walk(e & ONE, e)
            }

            /// Places runs of the given lengths from left to right over cells `e` (may be
            /// empty) and `f` (may be filled). `visit` gets, for each run in turn, the cells
            /// where it may start as far as the runs before it are concerned (whether it fits
            /// there is not checked yet). Returns the gap after the last run, or `None` when the
            /// runs do not fit the line of `len` cells (`last_cell` is its last cell).
            #[inline(always)]
            fn place(
                runs: impl Iterator<Item = u32>,
                len: u32,
                e: W,
                f: W,
                last_cell: W,
                mut visit: impl FnMut(W),
            ) -> Option<W> {
                let mut gap = leading_gap(e);
                // The first run may also start at cell 0.
                let mut may_start = gap << 1 | ONE;
                let mut last = ZERO;
                for c in runs {
                    // A run longer than the line fits nowhere (and past the word, the shifts
                    // below would overflow). A puzzle's clues never take it, so it is predicted.
                    if c > len {
                        return None;
                    }
                    visit(may_start);
                    let starts = may_start & fit(f, c);
                    if starts == ZERO {
                        return None;
                    }
                    last = starts << (c - 1);
                    (gap, may_start) = gap_and_next(last, e);
                }
                // The last run ends at the last cell, or the gap after it reaches there.
                ((last | gap) & last_cell != ZERO).then_some(gap)
            }

            /// Whether some placement of a non-empty clue agrees with the known cells (the
            /// forward pass alone).
            pub fn feasible(clue: &[u32], len: usize, filled: W, empty: W) -> bool {
                debug_assert!(len <= BITS && !clue.is_empty());
                if len == 0 {
                    return false;
                }
                let cells = W::MAX >> (BITS - len);
                let (e, f) = (cells & !filled, cells & !empty);
                place(
                    clue.iter().copied(),
                    len as u32,
                    e,
                    f,
                    ONE << (len - 1),
                    |_| {},
                )
                .is_some()
            }

            /// Solves a non-empty clue (runs of at least one cell) on a line of at most `BITS`
            /// cells.
            pub fn solve(
                clue: &[u32],
                len: usize,
                filled: W,
                empty: W,
                scratch: &mut Vec<W>,
            ) -> Result<(W, W), Contradiction> {
                debug_assert!(len <= BITS && !clue.is_empty() && clue.len() <= BITS);
                if len == 0 {
                    return Err(Contradiction);
                }
                let k = clue.len();
                let cells = W::MAX >> (BITS - len);
                let last_cell: W = ONE << (len - 1);
                let (e, f) = (cells & !filled, cells & !empty);

                // Backward: the forward pass over the reversed line (cell i becomes len-1-i)
                // with the clue reversed. Where it lets run j start, turned back, is where run j
                // may end as far as the runs after it are concerned: `right_last[j]`.
                let rev = |x: W| x.reverse_bits() >> (BITS - len);
                let (rev_e, rev_f) = (rev(e), rev(f));
                if scratch.len() < k {
                    scratch.resize(k, ZERO);
                }
                let right_last = &mut scratch[..k];
                let mut slots = right_last.iter_mut().rev();
                let visit = |may_start: W| {
                    if let Some(slot) = slots.next() {
                        *slot = rev(may_start);
                    }
                };
                let Some(gap) = place(
                    clue.iter().rev().copied(),
                    len as u32,
                    rev_e,
                    rev_f,
                    last_cell,
                    visit,
                ) else {
                    return Err(Contradiction);
                };
                let right_leading_gap = rev(gap);

                // Forward, keeping only the runs that also fit on the right. The gap after run
                // j as seen from the right is `right_last[j] << 1`.
                let mut gap = leading_gap(e);
                let mut may_start = gap << 1 | ONE;
                let mut may_empty = gap & right_leading_gap;
                let mut may_fill = ZERO;
                for (&c, &right_last) in clue.iter().zip(&scratch[..k]) {
                    let starts = may_start & fit(f, c) & (right_last >> (c - 1));
                    may_fill |= smear(starts, c);
                    (gap, may_start) = gap_and_next(starts << (c - 1), e);
                    may_empty |= gap & (right_last << 1);
                }
                debug_assert_eq!(may_fill | may_empty, cells);
                Ok((may_fill & !may_empty, may_empty & !may_fill))
            }
        }
    };
}

parallel_solver!(w64, u64, 0, 1);
parallel_solver!(w128, u128, 0, 1);

/// The longest line the wide solvers take.
pub const MAX_WIDE: usize = 4096;

macro_rules! wide_solvers {
    ($(($module:ident, $words:literal)),*) => {
        $(parallel_solver!($module, Wide<$words>, Wide::ZERO, Wide::ONE);)*

        /// Scratch of the wide solvers, one buffer per width.
        #[derive(Debug, Default)]
        struct WideScratch {
            $($module: Vec<Wide<$words>>,)*
        }

        /// Solves a non-empty clue on a line of 129 to [`MAX_WIDE`] cells with the narrowest
        /// `Wide` integer that holds it (`None` for a longer line). Each width is a separate
        /// copy of the solver, its loops over the words unrolled: a line of 300 cells takes 5
        /// words' work, not 16.
        fn solve_wide(
            line: Line<'_>,
            out: &mut Masks,
            scratch: &mut WideScratch,
        ) -> Option<Result<(), Contradiction>> {
            let (clue, len, words) = (line.clue(), line.len(), line.words());
            $(
                if words <= $words {
                    let result = $module::solve(
                        clue,
                        len,
                        Wide::from_words(&line.filled()[..words]),
                        Wide::from_words(&line.empty()[..words]),
                        &mut scratch.$module,
                    );
                    return Some(result.map(|(f, e)| {
                        out.filled[..words].copy_from_slice(&f.0[..words]);
                        out.empty[..words].copy_from_slice(&e.0[..words]);
                    }));
                }
            )*
            None
        }

        /// Whether some placement of a non-empty clue agrees with the known cells of a line of
        /// 129 to [`MAX_WIDE`] cells (`None` for a longer line).
        fn feasible_wide(line: Line<'_>) -> Option<bool> {
            let (clue, len, words) = (line.clue(), line.len(), line.words());
            $(
                if words <= $words {
                    return Some($module::feasible(
                        clue,
                        len,
                        Wide::from_words(&line.filled()[..words]),
                        Wide::from_words(&line.empty()[..words]),
                    ));
                }
            )*
            None
        }
    };
}

wide_solvers!(
    (w3, 3),
    (w4, 4),
    (w5, 5),
    (w6, 6),
    (w8, 8),
    (w12, 12),
    (w16, 16),
    (w24, 24),
    (w32, 32),
    (w48, 48),
    (words64, 64)
);

/// Whether a clue on a line of `len` cells suits the one-word solver.
#[inline(always)]
fn fits_u64(clue: &[u32], len: usize) -> bool {
    len <= 64 && clue.len() <= MAX_RUNS
}

/// Whether a clue on a line of `len` cells suits the `u128` solver.
#[inline(always)]
fn fits_u128(clue: &[u32], len: usize) -> bool {
    len <= 128 && clue.len() <= MAX_RUNS
}

/// The two low words of a mask as one `u128`.
#[inline(always)]
fn join(words: &[u64]) -> u128 {
    u128::from(words[0]) | u128::from(words.get(1).copied().unwrap_or(0)) << 64
}

/// Lines longer than this are first split into pieces (see `line::split`). Random lines
/// with 30% of their cells known cost the same either way at 400 to 500 cells, and half as
/// much split at 600 to 1,000; shorter lines take at most 8 words, and the split's two scans
/// cost more than they save (150×150 puzzles took 37% longer to solve when lines of more
/// than 128 cells were split).
pub const SPLIT_ABOVE: usize = 512;

/// The length the split's pieces are merged up to: one word each.
const PIECE: usize = 64;

/// Whether enough of a line's cells are known for it to split: at least a quarter. Random
/// lines with a tenth or a fifth of their cells known hardly split (1.2 and 1.7 pieces on
/// average, the largest almost the whole line), and the two scans cost them 10% to 30% more;
/// with 30% known, lines of 4,096 cells fall into 32 pieces and cost a fifth of what they did
/// whole.
#[inline]
fn splits_likely(line: Line<'_>) -> bool {
    let words = line.words();
    let known: u32 = (line.filled()[..words].iter())
        .zip(&line.empty()[..words])
        .map(|(f, e)| (f | e).count_ones())
        .sum();
    4 * known as usize >= line.len()
}

/// The cell-parallel solver, with its scratch for each word size. It takes lines of up to
/// [`MAX_WIDE`] cells, and splits those of more than [`SPLIT_ABOVE`] cells where it can.
#[derive(Debug)]
pub struct Parallel {
    scratch64: Vec<u64>,
    scratch128: Vec<u128>,
    wide: WideScratch,
    split_above: usize,
    splitter: Splitter,
    /// A piece's known cells, and what solving it found.
    piece: Masks,
    piece_out: Masks,
}

impl Default for Parallel {
    fn default() -> Parallel {
        Parallel::splitting_above(SPLIT_ABOVE)
    }
}

impl Parallel {
    /// A solver that splits the lines of more than `cells` cells (the default, [`SPLIT_ABOVE`],
    /// is what is fastest; the tests split short lines too).
    pub fn splitting_above(cells: usize) -> Parallel {
        Parallel {
            scratch64: Vec::new(),
            scratch128: Vec::new(),
            wide: WideScratch::default(),
            split_above: cells,
            splitter: Splitter::default(),
            piece: Masks::default(),
            piece_out: Masks::default(),
        }
    }

    /// Every line but a non-empty clue on one word: the empty clue, long lines split into
    /// pieces, `u128` and the wide integers.
    #[inline(never)]
    fn solve_other(&mut self, line: Line<'_>, out: &mut Masks) -> Result<(), Contradiction> {
        let (clue, len, words) = (line.clue(), line.len(), line.words());
        if clue.is_empty() {
            if line.filled()[..words].iter().any(|&w| w != 0) {
                return Err(Contradiction);
            }
            out.filled[..words].fill(0);
            out.empty[..words].fill(0);
            split::set_range(&mut out.empty, 0, len);
            return Ok(());
        }
        if len > self.split_above && splits_likely(line) {
            if let Some(result) = self.solve_split(line, out) {
                return result;
            }
        }
        self.solve_whole(line, out)
    }

    /// A non-empty clue, on the narrowest word that holds the line.
    fn solve_whole(&mut self, line: Line<'_>, out: &mut Masks) -> Result<(), Contradiction> {
        let (clue, len, words) = (line.clue(), line.len(), line.words());
        if fits_u64(clue, len) {
            let (f, e) = w64::solve(
                clue,
                len,
                line.filled()[0],
                line.empty()[0],
                &mut self.scratch64,
            )?;
            (out.filled[0], out.empty[0]) = (f, e);
            return Ok(());
        }
        if fits_u128(clue, len) {
            let (f, e) = w128::solve(
                clue,
                len,
                join(line.filled()),
                join(line.empty()),
                &mut self.scratch128,
            )?;
            for (out, value) in [(&mut out.filled, f), (&mut out.empty, e)] {
                out[0] = value as u64;
                if words > 1 {
                    out[1] = (value >> 64) as u64;
                }
            }
            return Ok(());
        }
        solve_wide(line, out, &mut self.wide).expect("a line of at most MAX_WIDE cells")
    }

    /// Solves a non-empty clue piece by piece, or `None` where the line does not split (one
    /// piece, or a scan gave up).
    #[inline(never)]
    fn solve_split(
        &mut self,
        line: Line<'_>,
        out: &mut Masks,
    ) -> Option<Result<(), Contradiction>> {
        let mut splitter = std::mem::take(&mut self.splitter);
        let split = splitter.split(line.clue(), line.len(), line.filled(), line.empty(), PIECE);
        let result = match split {
            Split::GaveUp => None,
            Split::Infeasible => Some(Err(Contradiction)),
            Split::Pieces if splitter.pieces.len() == 1 => None,
            Split::Pieces => Some(self.solve_pieces(&splitter, line, out)),
        };
        self.splitter = splitter;
        result
    }

    /// Solves each piece of a split line alone, and puts their deductions together.
    fn solve_pieces(
        &mut self,
        splitter: &Splitter,
        line: Line<'_>,
        out: &mut Masks,
    ) -> Result<(), Contradiction> {
        let words = line.words();
        out.filled[..words].fill(0);
        out.empty[..words].fill(0);
        split::set_range(&mut out.empty, 0, splitter.first_start());
        let (mut piece, mut piece_out) = (
            std::mem::take(&mut self.piece),
            std::mem::take(&mut self.piece_out),
        );
        let mut result = Ok(());
        for p in &splitter.pieces {
            let n = p.cells.len();
            if piece.filled.len() < words_for(n).max(1) {
                (piece, piece_out) = (Masks::new(n), Masks::new(n));
            }
            split::extract(line.filled(), p.cells.start, n, &mut piece.filled);
            split::extract(line.empty(), p.cells.start, n, &mut piece.empty);
            let sub = Line::new(&line.clue()[p.runs.clone()], n, &piece.filled, &piece.empty);
            result = self.solve_whole(sub, &mut piece_out);
            if result.is_err() {
                break;
            }
            split::deposit(&piece_out.filled, n, p.cells.start, &mut out.filled);
            split::deposit(&piece_out.empty, n, p.cells.start, &mut out.empty);
            split::set_range(&mut out.empty, p.cells.end, p.empty_to);
        }
        (self.piece, self.piece_out) = (piece, piece_out);
        result
    }

    /// [`Parallel::solve_other`]'s lines, the forward pass alone (or, for a long line, the
    /// split's leftmost placement).
    #[inline(never)]
    fn feasible_other(&mut self, line: Line<'_>) -> bool {
        let (clue, len) = (line.clue(), line.len());
        if clue.is_empty() {
            return line.filled()[..line.words()].iter().all(|&w| w == 0);
        }
        if len > self.split_above {
            let known = (line.filled(), line.empty());
            if let Some(feasible) = self.splitter.feasible(clue, len, known.0, known.1) {
                return feasible;
            }
        }
        if fits_u64(clue, len) {
            return w64::feasible(clue, len, line.filled()[0], line.empty()[0]);
        }
        if fits_u128(clue, len) {
            return w128::feasible(clue, len, join(line.filled()), join(line.empty()));
        }
        feasible_wide(line).expect("a line of at most MAX_WIDE cells")
    }
}

/// Inlined up to the one-word case, the hot one: a caller solving lines of up to 64 cells
/// reaches the `u64` passes directly, its masks in registers.
impl LineSolve for Parallel {
    #[inline]
    fn solve(&mut self, line: Line<'_>, out: &mut Masks) -> Result<(), Contradiction> {
        let (clue, len) = (line.clue(), line.len());
        if fits_u64(clue, len) && !clue.is_empty() {
            let (f, e) = w64::solve(
                clue,
                len,
                line.filled()[0],
                line.empty()[0],
                &mut self.scratch64,
            )?;
            (out.filled[0], out.empty[0]) = (f, e);
            return Ok(());
        }
        self.solve_other(line, out)
    }

    #[inline]
    fn feasible(&mut self, line: Line<'_>) -> bool {
        let (clue, len) = (line.clue(), line.len());
        if fits_u64(clue, len) && !clue.is_empty() {
            return w64::feasible(clue, len, line.filled()[0], line.empty()[0]);
        }
        self.feasible_other(line)
    }

    /// Lines of up to [`MAX_WIDE`] cells.
    #[inline(always)]
    fn supports(&self, line: Line<'_>) -> bool {
        line.len() <= MAX_WIDE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    // The solvers themselves are tested with the others, in `nonogram-checks`
    // (`tests/line_solvers.rs`).

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        /// `Wide<2>` computes what `u128` does, shift amounts across the word boundary included.
        #[test]
        fn wide_integers_agree_with_u128(a in any::<u128>(), b in any::<u128>(), s in 0usize..128) {
            let w = |x: u128| Wide::<2>([x as u64, (x >> 64) as u64]);
            prop_assert_eq!(w(a) << s, w(a << s));
            prop_assert_eq!(w(a) >> s, w(a >> s));
            prop_assert_eq!(w(a).wrapping_add(w(b)), w(a.wrapping_add(b)));
            prop_assert_eq!(w(a).reverse_bits(), w(a.reverse_bits()));
            prop_assert_eq!(w(a) & w(b), w(a & b));
            prop_assert_eq!(w(a) | w(b), w(a | b));
            prop_assert_eq!(w(a) ^ w(b), w(a ^ b));
            prop_assert_eq!(!w(a), w(!a));
        }
    }
}
