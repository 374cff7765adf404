//! The colour line solver: given a clue (runs of lengths and colours) and, for each cell of the
//! line, the palette entries it may still take, narrow every cell to the entries some valid
//! placement of the runs gives it, or report that no placement agrees (a [`Contradiction`]).
//!
//! A line is held the way the colour grid stores it: one bit mask per palette entry, bit `i` set
//! when cell `i` may take that entry ("bit-parallel per colour"). Two solvers:
//!
//! - lines of up to 127 cells: a bit-parallel form of the dynamic programme of [`dp`],
//!   over the *boundaries* between cells (bit `i` is boundary `i`, `0..=n`, so a line of `n`
//!   cells takes `n + 1` bits: a `u64` up to 63 cells, a `u128` up to 127). Per run it keeps the
//!   set of boundaries where it may start as far as the runs before it allow, and the set where
//!   the runs placed so far may end. Three word tricks do the work:
//!   - *windows*: the starts `s` where cells `s..s + L` may all take colour `c`, by shift-and
//!     doubling on the entry's mask (about `2·log2 L` operations);
//!   - *walking over background*: from boundaries `E`, the boundaries reached by moving right
//!     over cells that may be background (`B`) are `E | ((B + (E & B)) ^ B)`: adding a bit of `E`
//!     to a block of ones of `B` carries through the block, and the exclusive or shows the
//!     boundaries walked over, the one after the block included;
//!   - *gaps*: a run of the same colour as the one before may only start after a background
//!     cell: `(F & B) << 1` of the boundaries `F` where the previous runs may end.
//!
//!   The same pass over the bit-reversed line with the clue reversed gives the view from the
//!   right. A run's valid starts are those allowed from both sides whose window fits; the cells
//!   they cover (the starts smeared over the run's length) may take its colour; a cell may be
//!   background when some `j` lets the first `j` runs end before it and the others start after
//!   it. O(k·log L) word operations for k runs.
//! - longer lines: [`dp`], the line programme every kind shares, O(k·n).
//!
//! Both are checked against [`super::naive`], which enumerates placements.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

use nonogram_model::{Clue, ColourSet};

use crate::kind::dp;
pub use crate::kind::entries::{cells_to_masks, masks_to_cells};
use crate::kind::grid::words_for;
use crate::kind::Contradiction;
use crate::marginals::Rounds;

/// The longest line the bit-parallel solver takes (its `n + 1` boundaries in a `u128`).
pub const MAX_PARALLEL: usize = 127;

/// A colour line solver with its scratch buffers. Reuse one per thread: it allocates only when a
/// clue with more runs than any before comes along.
#[derive(Debug, Default)]
pub struct ColourLineSolver {
    narrow: Scratch<u64>,
    wide: Scratch<u128>,
    dp: dp::Scratch,
}

impl ColourLineSolver {
    /// A solver with empty scratch buffers.
    pub fn new() -> ColourLineSolver {
        ColourLineSolver::default()
    }

    /// Solves one line of `len` cells in a palette of `entries` entries. `masks` holds, entry by
    /// entry, `words_for(len)` words each, the cells that may take that entry (bit `i % 64` of
    /// word `i / 64` for cell `i`); on success `out` (as long) holds the cells that may take each
    /// entry in some placement of the runs that agrees with `masks` (a subset of it). On a
    /// contradiction `out` is unspecified. Runs whose colour is not below `entries` never fit.
    pub fn solve(
        &mut self,
        clue: &Clue,
        len: usize,
        entries: usize,
        masks: &[u64],
        out: &mut [u64],
    ) -> Result<(), Contradiction> {
        let words = words_for(len);
        debug_assert!(masks.len() >= entries * words && out.len() >= entries * words);
        if len == 0 {
            return if clue.is_empty() {
                Ok(())
            } else {
                Err(Contradiction)
            };
        }
        // A run longer than the line fits nowhere; the bit-parallel passes, which shift by a
        // run's length, must not meet one longer than their word.
        if len <= MAX_PARALLEL && overlong(clue, len) {
            return Err(Contradiction);
        }
        if len < 64 {
            self.narrow.solve(clue, len, entries, masks, out)
        } else if len <= MAX_PARALLEL {
            self.wide.solve(clue, len, entries, masks, out)
        } else {
            self.dp.solve(clue, len, entries, masks, out)
        }
    }

    /// Whether some placement of `clue` agrees with `masks` (as for [`ColourLineSolver::solve`]).
    /// Cheaper than solving for lines of up to 127 cells: only the forward pass runs.
    pub fn feasible(&mut self, clue: &Clue, len: usize, entries: usize, masks: &[u64]) -> bool {
        if len == 0 {
            return clue.is_empty();
        }
        if len <= MAX_PARALLEL && overlong(clue, len) {
            return false;
        }
        if len < 64 {
            self.narrow.feasible(clue, len, entries, masks)
        } else if len <= MAX_PARALLEL {
            self.wide.feasible(clue, len, entries, masks)
        } else {
            let mut out = vec![0; entries * words_for(len)];
            self.dp.solve(clue, len, entries, masks, &mut out).is_ok()
        }
    }
}

/// Whether some run of `clue` is longer than a line of `len` cells.
#[inline]
fn overlong(clue: &Clue, len: usize) -> bool {
    clue.runs().iter().any(|&r| r as usize > len)
}

impl crate::kind::entries::EntryLineSolver for ColourLineSolver {
    /// The colour solver reads the clue as it goes.
    type Prepared = ();

    fn prepare(_clue: &Clue, _entries: usize) {}

    fn solve(
        &mut self,
        (clue, ()): (&Clue, &()),
        len: usize,
        entries: usize,
        masks: &[u64],
        out: &mut [u64],
    ) -> Result<(), Contradiction> {
        ColourLineSolver::solve(self, clue, len, entries, masks, out)
    }

    fn feasible(
        &mut self,
        (clue, ()): (&Clue, &()),
        len: usize,
        entries: usize,
        masks: &[u64],
    ) -> bool {
        ColourLineSolver::feasible(self, clue, len, entries, masks)
    }

    /// Belief propagation over the colour lines (`super::marginals`).
    const CHANCES: bool = true;

    fn chances(
        width: usize,
        height: usize,
        clues: &[&Clue],
        entries: usize,
        allowed: &[bool],
        rounds: Rounds,
        stop: impl FnMut() -> bool,
    ) -> Option<Vec<f64>> {
        super::marginals::estimate(width, height, clues, entries, allowed, rounds, stop)
    }

    /// Per line, its programme's tables from both ends and the pass over its cells and
    /// entries.
    fn round_work(lines: impl Iterator<Item = (usize, usize)>, entries: usize) -> usize {
        lines
            .map(|(len, runs)| 3 * (runs + 1) * (len + 1) + 2 * len * entries)
            .sum()
    }
}

/// Solves one line given as a set of entries per cell: a convenience over
/// [`ColourLineSolver::solve`] for callers outside hot loops (tests, explanations).
pub fn solve_cells(
    clue: &Clue,
    cells: &[ColourSet],
    entries: usize,
) -> Result<Vec<ColourSet>, Contradiction> {
    crate::kind::entries::solve_cells::<ColourLineSolver>(clue, cells, entries)
}

/// The unsigned integers the bit-parallel solvers run on (`u64` and `u128`): this one and the
/// triangle kind's (`crate::triangle::parallel::Scratch`), public so that those can be named
/// at either width and tested alone.
pub trait Bits:
    Copy
    + Default
    + Eq
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// No bit set.
    const ZERO: Self;
    /// The lowest bit alone.
    const ONE: Self;
    /// The width in bits.
    const BITS: u32;
    /// Addition that drops the carry out of the top bit.
    fn wrapping_add(self, other: Self) -> Self;
    /// The bits in reverse order.
    fn reverse_bits(self) -> Self;
    /// The low bits of a line's words.
    fn from_words(words: &[u64]) -> Self;
    /// Writes the value into a line's words.
    fn to_words(self, words: &mut [u64]);
}

impl Bits for u64 {
    const ZERO: u64 = 0;
    const ONE: u64 = 1;
    const BITS: u32 = 64;
    #[inline(always)]
    fn wrapping_add(self, other: u64) -> u64 {
        u64::wrapping_add(self, other)
    }
    #[inline(always)]
    fn reverse_bits(self) -> u64 {
        u64::reverse_bits(self)
    }
    #[inline(always)]
    fn from_words(words: &[u64]) -> u64 {
        words[0]
    }
    #[inline(always)]
    fn to_words(self, words: &mut [u64]) {
        words[0] = self;
    }
}

impl Bits for u128 {
    const ZERO: u128 = 0;
    const ONE: u128 = 1;
    const BITS: u32 = 128;
    #[inline(always)]
    fn wrapping_add(self, other: u128) -> u128 {
        u128::wrapping_add(self, other)
    }
    #[inline(always)]
    fn reverse_bits(self) -> u128 {
        u128::reverse_bits(self)
    }
    #[inline(always)]
    fn from_words(words: &[u64]) -> u128 {
        u128::from(words[0]) | u128::from(words.get(1).copied().unwrap_or(0)) << 64
    }
    #[inline(always)]
    fn to_words(self, words: &mut [u64]) {
        words[0] = self as u64;
        if let Some(w) = words.get_mut(1) {
            *w = (self >> 64) as u64;
        }
    }
}

/// The scratch of the bit-parallel solver at one word size: per run, the window of starts that
/// fit, and per direction the boundaries reached.
#[derive(Debug, Default)]
struct Scratch<W> {
    /// Per run: starts whose cells may all take the run's colour.
    window: Vec<W>,
    /// Per run: starts the runs before it allow (left to right).
    left: Vec<W>,
    /// Per number of runs placed, `0..=k`: boundaries where the runs placed so far may end,
    /// followed only by background.
    reach: Vec<W>,
    /// The same two from the right, over the reversed line (index `k - 1 - r` for run `r`).
    right: Vec<W>,
    reach_back: Vec<W>,
    /// The reversed windows.
    window_back: Vec<W>,
}

/// The cells `0..n` of a mask.
#[inline(always)]
pub(crate) fn low<W: Bits>(n: usize) -> W {
    if n as u32 >= W::BITS {
        !W::ZERO
    } else {
        // `2^n - 1`, the subtraction written as adding all ones.
        (W::ONE << n as u32).wrapping_add(!W::ZERO)
    }
}

/// Starts `s` where cells `s..s + len` are all in `mask` (`len >= 1`).
#[inline(always)]
pub(crate) fn window<W: Bits>(mask: W, len: u32) -> W {
    let (mut fit, mut have) = (mask, 1);
    while have < len {
        let step = have.min(len - have);
        fit &= fit >> step;
        have += step;
    }
    fit
}

/// The cells covered by runs of `len` cells starting at `starts`.
#[inline(always)]
pub(crate) fn smear<W: Bits>(starts: W, len: u32) -> W {
    let (mut cover, mut have) = (starts, 1);
    while have < len {
        let step = have.min(len - have);
        cover |= cover << step;
        have += step;
    }
    cover
}

/// From boundaries `from`, every boundary reached by moving right over cells of `bg`.
#[inline(always)]
pub(crate) fn walk<W: Bits>(from: W, bg: W) -> W {
    from | (bg.wrapping_add(from & bg) ^ bg)
}

/// One pass over the runs, left to right: fills `left` (per run, the starts the runs before it
/// allow) and `reach` (per runs placed, where they may end). Returns whether the runs fit.
#[inline(always)]
fn pass<W: Bits>(
    lens: impl Iterator<Item = u32>,
    gaps: impl Iterator<Item = bool>,
    window: &[W],
    bg: W,
    n: usize,
    left: &mut Vec<W>,
    reach: &mut Vec<W>,
) -> bool {
    left.clear();
    reach.clear();
    let mut ends = walk(W::ONE, bg);
    reach.push(ends);
    for ((len, gap), &fit) in lens.zip(gaps).zip(window) {
        // A run of the previous run's colour starts after a background cell.
        let allowed = if gap { (ends & bg) << 1 } else { ends };
        left.push(allowed);
        ends = walk((fit & allowed) << len, bg);
        reach.push(ends);
    }
    ends >> n as u32 & W::ONE != W::ZERO
}

impl<W: Bits> Scratch<W> {
    /// The windows of every run, and the forward pass. Returns whether the line is feasible.
    #[inline(always)]
    fn forward(&mut self, clue: &Clue, len: usize, entries: usize, masks: &[u64]) -> bool {
        let words = words_for(len);
        let cells = low::<W>(len);
        let mask = |c: usize| {
            if c < entries {
                W::from_words(&masks[c * words..]) & cells
            } else {
                W::ZERO
            }
        };
        self.window.clear();
        for run in clue.iter() {
            self.window.push(window(mask(run.colour.index()), run.len));
        }
        let k = clue.len();
        let gaps = (0..k).map(|r| r > 0 && clue.needs_gap_after(r - 1));
        pass(
            clue.runs().iter().copied(),
            gaps,
            &self.window,
            mask(0),
            len,
            &mut self.left,
            &mut self.reach,
        )
    }

    /// The forward pass alone, nothing stored, stopping as soon as a run has no end left:
    /// what explanations ask many times per conflict.
    fn feasible(&mut self, clue: &Clue, len: usize, entries: usize, masks: &[u64]) -> bool {
        let words = words_for(len);
        let cells = low::<W>(len);
        let mask = |c: usize| {
            if c < entries {
                W::from_words(&masks[c * words..]) & cells
            } else {
                W::ZERO
            }
        };
        let bg = mask(0);
        let mut ends = walk(W::ONE, bg);
        let mut previous = usize::MAX;
        for (&run_len, colour) in clue.runs().iter().zip(clue.colours()) {
            let c = colour.index();
            let allowed = if c == previous {
                (ends & bg) << 1
            } else {
                ends
            };
            ends = walk((window(mask(c), run_len) & allowed) << run_len, bg);
            if ends == W::ZERO {
                return false;
            }
            previous = c;
        }
        ends >> len as u32 & W::ONE != W::ZERO
    }

    fn solve(
        &mut self,
        clue: &Clue,
        len: usize,
        entries: usize,
        masks: &[u64],
        out: &mut [u64],
    ) -> Result<(), Contradiction> {
        if !self.forward(clue, len, entries, masks) {
            return Err(Contradiction);
        }
        let words = words_for(len);
        let k = clue.len();
        let lens = clue.runs();
        let n = len as u32;
        let cells = low::<W>(len);
        let bg = if entries > 0 {
            W::from_words(masks) & cells
        } else {
            W::ZERO
        };
        // Boundary `b` of the line is boundary `n - b` of the reversed line; cell `i` is cell
        // `n - 1 - i`.
        let flip_bounds = |b: W| b.reverse_bits() >> (W::BITS - 1 - n);
        let flip_cells = |c: W| c.reverse_bits() >> (W::BITS - n);
        // A run at start `s` covers cells `s..s + L`: reversed, it starts at `n - s - L`.
        self.window_back.clear();
        for r in (0..k).rev() {
            self.window_back
                .push(flip_bounds(self.window[r] << lens[r]));
        }
        let gaps_back = (0..k).map(|r| r > 0 && clue.needs_gap_after(k - 1 - r));
        pass(
            lens.iter().rev().copied(),
            gaps_back,
            &self.window_back,
            flip_cells(bg),
            len,
            &mut self.right,
            &mut self.reach_back,
        );
        out[..entries * words].fill(0);
        let mut seen = W::ZERO;
        for (r, &run_len) in lens.iter().enumerate() {
            // Where run `r` may end as far as the runs after it are concerned, moved to starts.
            let right = flip_bounds(self.right[k - 1 - r]) >> run_len;
            let starts = self.window[r] & self.left[r] & right;
            let cover = smear(starts, run_len);
            let c = clue.colours()[r].index();
            let at = &mut out[c * words..(c + 1) * words];
            let merged = W::from_words(at) | cover;
            merged.to_words(at);
            seen |= cover;
        }
        // Cell `i` may be background when the first `j` runs may end at boundary `i` and the
        // others start at boundary `i + 1`.
        let mut empty = W::ZERO;
        for j in 0..=k {
            empty |= self.reach[j] & (flip_bounds(self.reach_back[k - j]) >> 1);
        }
        empty &= bg;
        if entries > 0 {
            let merged = W::from_words(out) | empty;
            merged.to_words(out);
        }
        // A feasible line leaves every cell some colour; this is only a safety net.
        if (seen | empty) & cells != cells {
            return Err(Contradiction);
        }
        Ok(())
    }
}
