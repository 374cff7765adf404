//! The bit-parallel triangle line solver, for lines of up to 127 cells: colour's bit-parallel
//! programme (`crate::kinds::colour::line`) with a run's caps read into its window and its
//! cover. Everything is a word: bit `i` is boundary `i` between cells (`0..=n`, so a line of `n`
//! cells takes `n + 1` bits, a `u64` up to 63 cells and a `u128` up to 127).
//!
//! - *a run's window*, the starts `s` where it fits: its start cap's entry may be at `s`, its
//!   body's colour at the `body` cells after it (shift-and doubling on the black mask, as
//!   colour's windows), its end cap's entry at `s + len - 1`. Each part is one mask shifted to
//!   the run's start and anded in, so a cap costs one shift and one and;
//! - *the passes*: per run, the starts the runs before it allow, from the boundaries where
//!   those runs may end walked on over cells that may be empty (colour's carry trick), after
//!   one empty cell where the clue needs a gap (`Clue::needs_gap_after`: only between a body
//!   cell and a body cell; triangles touch anything). The same pass over the bit-reversed line
//!   gives the view from the right;
//! - *the cover*: a run's valid starts (allowed from both sides, inside its window) mark its
//!   start cap's cell with the cap's entry, the next `body` cells black (the starts smeared)
//!   and its last cell with its end cap's entry; a cell may be empty where the first `j` runs
//!   may end before it and the others start after it.
//!
//! O(k · log L) word operations for `k` runs, against the programme's O(k · n) table entries,
//! each a handful of branches. Exact: the same placements as the programme (`crate::kind::dp`)
//! and the enumerating oracle (`super::naive`), which `super::check` holds it to.

use nonogram_model::Clue;

use crate::kind::grid::words_for;
use crate::kind::Contradiction;
use crate::kinds::colour::line::{low, smear, walk, window, Bits};

/// The most palette entries the bit-parallel solver takes (the triangle palette has six);
/// other lines go to the programme.
const MAX_ENTRIES: usize = 8;

/// A run as the passes read it.
#[derive(Clone, Copy, Debug, Default)]
struct Shape {
    /// Its cells, caps included.
    len: u32,
    /// Its start cap's entry, 0 for none.
    start: usize,
    /// Its body's entry (its colour).
    colour: usize,
    /// The cells of its body: its length less its caps.
    body: u32,
    /// Its end cap's entry, 0 for none.
    end: usize,
    /// Whether an empty cell must come between the run before it and it.
    gap: bool,
}

/// The scratch of the bit-parallel solver at one word size: per run, its shape, its window
/// and the starts allowed from the left; per runs placed, where they may end; the same from
/// the right.
#[derive(Debug, Default)]
pub(super) struct Scratch<W> {
    shapes: Vec<Shape>,
    /// Per run: the starts where its cells may take its entries.
    window: Vec<W>,
    /// Per run: the starts the runs before it allow.
    left: Vec<W>,
    /// Per number of runs placed, `0..=k`: boundaries where those runs may end, followed only
    /// by cells that may be empty.
    reach: Vec<W>,
    /// Per run of the reversed line (index `k - 1 - r` for run `r`): the starts the runs after
    /// it allow, in reversed boundaries.
    right: Vec<W>,
    /// `reach` of the reversed line.
    reach_back: Vec<W>,
}

/// Cell `i`'s bits of entry `c` of a line's masks (none for an entry past the palette).
#[inline(always)]
fn mask<W: Bits>(masks: &[u64], words: usize, entries: usize, c: usize, cells: W) -> W {
    if c < entries {
        W::from_words(&masks[c * words..]) & cells
    } else {
        W::ZERO
    }
}

impl<W: Bits> Scratch<W> {
    /// Reads the clue's runs into `shapes`. False when the solver does not take the line (a
    /// palette of more than [`MAX_ENTRIES`] entries, a run of no cells, or an entry past the
    /// palette): the programme then solves it.
    fn shapes(&mut self, clue: &Clue, entries: usize) -> bool {
        if entries > MAX_ENTRIES {
            return false;
        }
        self.shapes.clear();
        let capped = clue.has_caps();
        let mut before: Option<Shape> = None;
        for (r, (&len, colour)) in clue.runs().iter().zip(clue.colours()).enumerate() {
            let [start, end] = if capped {
                clue.caps(r).map(|c| c.index())
            } else {
                [0, 0]
            };
            let colour = colour.index();
            if len == 0 || colour == 0 || colour >= entries || start >= entries || end >= entries {
                return false;
            }
            let caps = u32::from(start != 0) + u32::from(end != 0);
            let body = len.saturating_sub(caps);
            // `Clue::needs_gap_after`, read off the shapes: two runs of one colour, the cells
            // that would touch both of the body.
            let gap = before.is_some_and(|b| {
                b.colour == colour
                    && (!capped || (b.end == 0 && b.body > 0 && start == 0 && body > 0))
            });
            let shape = Shape {
                len,
                start,
                colour,
                body,
                end,
                gap,
            };
            self.shapes.push(shape);
            before = Some(shape);
        }
        true
    }

    /// The windows of every run and the forward pass. Returns whether the line is feasible.
    fn forward(&mut self, len: usize, entries: usize, masks: &[u64]) -> bool {
        let words = words_for(len);
        let cells = low::<W>(len);
        let bg = mask(masks, words, entries, 0, cells);
        self.window.clear();
        self.left.clear();
        self.reach.clear();
        let mut ends = walk(W::ONE, bg);
        self.reach.push(ends);
        for shape in &self.shapes {
            let fit = fit(shape, masks, words, entries, cells);
            self.window.push(fit);
            let allowed = if shape.gap { (ends & bg) << 1 } else { ends };
            self.left.push(allowed);
            ends = walk((fit & allowed) << shape.len, bg);
            self.reach.push(ends);
        }
        ends >> len as u32 & W::ONE != W::ZERO
    }

    /// Whether some placement agrees with `masks`: the forward pass alone, nothing stored,
    /// stopping as soon as the runs placed have no end left. `None` when the solver does not
    /// take the line.
    pub(super) fn feasible(
        &mut self,
        clue: &Clue,
        len: usize,
        entries: usize,
        masks: &[u64],
    ) -> Option<bool> {
        if !self.shapes(clue, entries) {
            return None;
        }
        let words = words_for(len);
        let cells = low::<W>(len);
        let bg = mask(masks, words, entries, 0, cells);
        let mut ends = walk(W::ONE, bg);
        for shape in &self.shapes {
            let allowed = if shape.gap { (ends & bg) << 1 } else { ends };
            let fit = fit(shape, masks, words, entries, cells);
            ends = walk((fit & allowed) << shape.len, bg);
            if ends == W::ZERO {
                return Some(false);
            }
        }
        Some(ends >> len as u32 & W::ONE != W::ZERO)
    }

    /// Solves the line (the contract of `EntryLineSolver::solve`); `None` when the solver does
    /// not take it.
    pub(super) fn solve(
        &mut self,
        clue: &Clue,
        len: usize,
        entries: usize,
        masks: &[u64],
        out: &mut [u64],
    ) -> Option<Result<(), Contradiction>> {
        if !self.shapes(clue, entries) {
            return None;
        }
        if !self.forward(len, entries, masks) {
            return Some(Err(Contradiction));
        }
        let words = words_for(len);
        let k = self.shapes.len();
        let n = len as u32;
        let cells = low::<W>(len);
        let bg = mask(masks, words, entries, 0, cells);
        // Boundary `b` of the line is boundary `n - b` of the reversed line; cell `i` is cell
        // `n - 1 - i`.
        let flip_bounds = |b: W| b.reverse_bits() >> (W::BITS - 1 - n);
        let flip_cells = |c: W| c.reverse_bits() >> (W::BITS - n);

        // The backward pass: the forward pass over the reversed line, the runs reversed. A run
        // at start `s` covers cells `s..s + len`: reversed, it starts at `n - s - len`, the
        // flipped boundary of its end.
        let bg_back = flip_cells(bg);
        self.right.clear();
        self.reach_back.clear();
        let mut ends = walk(W::ONE, bg_back);
        self.reach_back.push(ends);
        for r in (0..k).rev() {
            let shape = self.shapes[r];
            let fit = flip_bounds(self.window[r] << shape.len);
            // The gap between run `r` and the one after it, the run before it in reverse.
            let gap = r + 1 < k && self.shapes[r + 1].gap;
            let allowed = if gap { (ends & bg_back) << 1 } else { ends };
            self.right.push(allowed);
            ends = walk((fit & allowed) << shape.len, bg_back);
            self.reach_back.push(ends);
        }

        let mut cover = [W::ZERO; MAX_ENTRIES];
        for (r, shape) in self.shapes.iter().enumerate() {
            // Where run `r` may end as far as the runs after it are concerned, moved to starts.
            let right = flip_bounds(self.right[k - 1 - r]) >> shape.len;
            let starts = self.window[r] & self.left[r] & right;
            let mut at = starts;
            if shape.start != 0 {
                cover[shape.start] |= starts;
                at = at << 1;
            }
            if shape.body > 0 {
                cover[shape.colour] |= smear(at, shape.body);
            }
            if shape.end != 0 {
                cover[shape.end] |= starts << (shape.len - 1);
            }
        }
        // Cell `i` may be empty when the first `j` runs may end at boundary `i` and the others
        // start at boundary `i + 1`.
        let mut empty = W::ZERO;
        for j in 0..=k {
            empty |= self.reach[j] & (flip_bounds(self.reach_back[k - j]) >> 1);
        }
        cover[0] = empty & bg;
        let mut seen = W::ZERO;
        for (e, &c) in cover.iter().enumerate().take(entries) {
            c.to_words(&mut out[e * words..(e + 1) * words]);
            seen |= c;
        }
        // A feasible line leaves every cell some entry; this is only a safety net.
        if seen & cells != cells {
            return Some(Err(Contradiction));
        }
        Some(Ok(()))
    }
}

/// The starts where run `shape` fits: its start cap's entry at the start, its body's colour on
/// the next `body` cells, its end cap's entry on its last cell; none where its caps outnumber
/// its cells.
#[inline(always)]
fn fit<W: Bits>(shape: &Shape, masks: &[u64], words: usize, entries: usize, cells: W) -> W {
    let mut fit = cells;
    let mut offset = 0;
    if shape.start != 0 {
        fit &= mask(masks, words, entries, shape.start, cells);
        offset = 1;
    }
    if shape.body > 0 {
        fit &= window(mask(masks, words, entries, shape.colour, cells), shape.body) >> offset;
        offset += shape.body;
    }
    if shape.end != 0 {
        fit &= mask(masks, words, entries, shape.end, cells) >> offset;
        offset += 1;
    }
    if offset == shape.len {
        fit
    } else {
        W::ZERO
    }
}
