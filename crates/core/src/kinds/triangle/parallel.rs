//! The cell-parallel triangle line solver, for lines of up to 128 cells: the black-and-white
//! cell-parallel passes (`crate::kinds::black_white::line::parallel`) with a run's caps read
//! into where it fits and what it covers, and with gaps only where the clue needs them. Bit
//! `i` of a word is cell `i`, so a line of up to 64 cells takes a `u64` and up to 128 a `u128`;
//! the palette's entries are one word each (`e`: the cells that may be empty).
//!
//! - *where a run fits*, the starts `s` from which its cells may take its entries: its start
//!   cap's entry at `s`, its body's colour on the `body` cells after it (shift-and doubling on
//!   the black mask), its end cap's entry on its last cell, each part one mask shifted to the
//!   run's start and anded in;
//! - *a pass* places the runs from left to right. From the last cells `L` of the runs placed
//!   so far, the gap after them is the walk from `(L << 1) & e` up through `e` (adding it to
//!   `e` carries through each block of ones), and the next run may start just after a cell of
//!   the gap, or, where the clue lets the two runs touch (`Clue::needs_gap_after`: unless both
//!   cells that would touch are of the body), at `L << 1` itself;
//! - *a pass back* places the runs from right to left in the line's own order: from the
//!   cells just before the starts of run `j + 1` that the runs after it allow, the gap before
//!   that run walks *down* through `e`. A carry only runs up, so that walk takes doubling
//!   steps (`Down`: as many as the longest block of cells that may be empty needs, at most
//!   log₂ of the word); run `j` may end just below a cell of the gap, or just before a start
//!   of run `j + 1` where the two may touch, and where it fits it may start. Black and white
//!   runs this pass over the bit-reversed line instead, one reversal of the gap a run; a
//!   triangle line would also need its six masks turned over and each run's fit read twice,
//!   once each way round, and the doubling walk came out 9 to 22% faster in all;
//! - a last pass from the left keeps the starts allowed from both sides, exactly the runs of
//!   some placement. They mark their caps' cells with the caps' entries and their bodies
//!   black; a cell may be empty where it is in the gap after run `j` seen from both sides (or
//!   before the first run).
//!
//! O(k · log L) word operations for `k` runs (a line of `L` cells), against the programme's
//! O(k · n) table entries.
//! Exact: the same placements as the programme (`crate::kind::dp`) and the enumerating oracle
//! (`super::naive`), which the `nonogram-checks` crate holds it to: public for that, so that
//! it can be tested alone, apart from [`super::line::TriangleLineSolver`]'s dispatch.

use nonogram_model::{Clue, ColourId};

use crate::kind::grid::words_for;
use crate::kind::Contradiction;
use crate::kinds::colour::line::{low, Bits};

/// The most palette entries the cell-parallel solver takes (the triangle palette has six);
/// lines of a larger palette go to the programme.
const MAX_ENTRIES: usize = 6;

/// The slots of a view's caps and of a solve's cover: the palette's entries, then one slot for
/// a run with no start cap and one for a run with no end cap, every bit in a view (no
/// condition), written and never read in a cover. So a run's caps are read and marked without
/// a branch, each index in range of the arrays of [`SLOTS`] words by its remainder, with no
/// bounds check.
const SLOTS: usize = 8;
const NO_START: usize = 6;
const NO_END: usize = 7;

/// A run as the passes read it, with what its fit needs worked out once per clue.
#[derive(Clone, Copy, Debug, Default)]
struct Shape {
    /// Its cells, caps included, less one: how far its last cell is from its first.
    span: u32,
    /// Its start cap's entry, [`NO_START`] for none.
    start: usize,
    /// The cells of its body: its length less its caps.
    body: u32,
    /// Its end cap's entry, [`NO_END`] for none.
    end: usize,
    /// Whether an empty cell must come between the run before it and it.
    gap: bool,
    /// Whether an empty cell must come between it and the run after it (`false` for the last).
    gap_after: bool,
    /// The level of [`View::windows`] its body reads (0 for none), and the shift of the second,
    /// overlapping window (see [`View::fit`]).
    level: u32,
    reach: u32,
    /// Whether its body starts one cell after its first cell (a start cap); 0 for a run of no
    /// body, whose body is no condition.
    offset: u32,
    /// The shifts of [`smear`]'s doubling steps: 1, 2, 4, … while the span stays short of
    /// the body's length, then 0.
    doubling: [u8; DOUBLINGS],
}

/// The most doubling steps a body takes (bodies of up to 128 cells).
const DOUBLINGS: usize = 7;

/// A clue as the passes read it, for a palette of a given size: each run's shape, the longest
/// body and run, and whether the passes take the clue. Read once per line by the callers that solve a
/// line many times (`TriangleLineSolver::solve_prepared`), so that a solve starts from the
/// runs ready, as black and white's does.
#[derive(Clone, Debug, Default)]
pub struct Shapes {
    shapes: Vec<Shape>,
    /// The longest body of the clue.
    longest: u32,
    /// The longest run of the clue, caps included: a line of fewer cells fits none (and the
    /// passes, which shift by a run's length, must not take it).
    widest: u32,
    /// The most doubling steps of [`smear`] a body of the clue takes.
    doublings: usize,
    /// `None` when the passes do not take the clue (the programme then solves its lines),
    /// `Some(false)` when some run has more caps than cells, so fits nowhere.
    verdict: Option<bool>,
}

impl Shapes {
    /// `clue` read for lines in a palette of `entries` entries.
    pub fn new(clue: &Clue, entries: usize) -> Shapes {
        let mut shapes = Shapes::default();
        shapes.read(clue, entries);
        shapes
    }
}

/// The scratch of the cell-parallel solver at one word size.
#[derive(Debug, Default)]
pub struct Scratch<W> {
    /// Per run: the cells where it may start as far as the runs after it are concerned and
    /// where it fits.
    right_starts: Vec<W>,
    /// Per run: the cells of the gap after it as the runs after it see it (may be empty, with
    /// those runs fitting after them).
    right_gap: Vec<W>,
}

/// The cells of a walk from `after` up through `e` (the gap after runs whose cells just after
/// them are `after`), and the cells just after them (`gap << 1`, from the carries: `(e + a) ^ e
/// ^ a` is the set of positions a carry entered, each walked block shifted up by one).
#[inline(always)]
fn gap_and_next<W: Bits>(after: W, e: W) -> (W, W) {
    let a = after & e;
    let sum = e.wrapping_add(a);
    (a | (e & !sum), sum ^ e ^ a)
}

/// The cells covered by the bodies of `shape` starting at `starts` (none for no body): the
/// covered span doubles `doublings` times (the clue's most, each step of a shorter body a
/// shift by 0), then a last overlapping shift makes the body's length. With the same number
/// of steps for every run of a clue, no branch depends on a run: a loop that stopped at each
/// body's length mispredicted where it stopped (this is 6 to 11% faster on random lines of 20
/// to 128 cells).
#[inline(always)]
fn smear<W: Bits>(starts: W, shape: &Shape, doublings: usize) -> W {
    let mut x = select(shape.body > 0, starts);
    for (i, &shift) in shape.doubling.iter().enumerate() {
        if i < doublings {
            x |= x << u32::from(shift);
        }
    }
    x | x << shape.reach
}

/// The gap before the first run (the cells that may be empty from cell 0 on) and where the
/// first run may start: at cell 0, or just after a cell of that gap.
#[inline(always)]
fn leading<W: Bits>(e: W) -> (W, W) {
    let a = e & W::ONE;
    let sum = e.wrapping_add(a);
    (a | (e & !sum), (sum ^ e ^ a) | W::ONE)
}

/// The walk down through the cells that may be empty: from cells `a` of them, the cells
/// reached going down while every cell on the way may be empty (a carry only runs up, so this
/// walk takes doubling steps). `levels[i]`: the cells `c` from which cells `c .. c + 2^i` may
/// all be empty; the walk stops at the first level with none, past which no block of cells that
/// may be empty reaches.
#[derive(Clone, Copy, Debug)]
struct Down<W> {
    levels: [W; 8],
    steps: usize,
}

impl<W: Bits> Down<W> {
    #[inline(always)]
    fn new(e: W) -> Down<W> {
        // Steps of up to half a word reach across a whole word.
        let most = W::BITS.trailing_zeros() as usize;
        let mut levels = [W::ZERO; 8];
        let mut q = e;
        let mut steps = 0;
        while q != W::ZERO && steps < most {
            levels[steps] = q;
            steps += 1;
            if steps < most {
                q &= q >> (1u32 << (steps - 1));
            }
        }
        Down { levels, steps }
    }

    /// The cells reached from `a` (a subset of the cells that may be empty), `a` included.
    #[inline(always)]
    fn walk(&self, a: W) -> W {
        // A loop of a fixed length, unrolled, each shift a constant; the test is the same
        // for every run of a line, so it is predicted.
        let mut g = a;
        for i in 0..8 {
            if i < self.steps {
                g |= self.levels[i] & (g >> (1u32 << i));
            }
        }
        g
    }
}

/// What the passes read of a line: the cells that may be empty,
/// and per entry the cells that may take it, as a run's caps and body read them.
#[derive(Clone, Copy, Debug)]
struct View<W> {
    /// The cells that may be empty.
    e: W,
    /// Per entry, the cells that may take it; in [`NO_START`] and [`NO_END`], every bit, the
    /// condition of no cap (see [`SLOTS`]).
    caps: [W; SLOTS],
    /// `windows[i]`, `i >= 1`: the starts of `2^(i - 1)` cells that may all be black;
    /// `windows[0]`: every bit, the condition of no body.
    windows: [W; WINDOWS],
}

/// The levels of [`View::windows`]: bodies of up to 128 cells.
const WINDOWS: usize = 9;

impl<W: Bits> View<W> {
    /// The view of masks `m` (one word per entry) for bodies of up to `longest` cells.
    #[inline(always)]
    fn new(m: &[W; MAX_ENTRIES], longest: u32) -> View<W> {
        let mut caps = [!W::ZERO; SLOTS];
        caps[..MAX_ENTRIES].copy_from_slice(m);
        let mut windows = [!W::ZERO; WINDOWS];
        let levels = (32 - longest.leading_zeros()) as usize;
        if levels > 0 {
            windows[1] = m[1];
        }
        for i in 2..=levels {
            let w = windows[i - 1];
            windows[i] = w & (w >> (1u32 << (i - 2)));
        }
        View {
            e: m[0],
            caps,
            windows,
        }
    }

    /// The starts from which `shape` fits: its start cap's entry (every bit for none), then
    /// its body, two overlapping windows of the largest power of two not above it moved back
    /// over the start cap, then its end cap's entry. No branch on the caps or the body's
    /// length.
    ///
    /// The body's windows moved back over a start cap lose the top bit of the word; that bit
    /// cannot start a run with a body, whose last cell would be past the word.
    #[inline(always)]
    fn fit(&self, shape: &Shape) -> W {
        let (first, last, offset) = (shape.start, shape.end, shape.offset);
        let w = self.windows[shape.level as usize];
        let body = (w & (w >> shape.reach)) >> offset;
        self.caps[first % SLOTS] & body & (self.caps[last % SLOTS] >> shape.span)
    }
}

/// The pass from the left over the runs of `shapes` in `view`, alone: whether they fit the
/// line of `len` cells.
#[inline(always)]
fn fits<W: Bits>(shapes: &[Shape], view: &View<W>, len: usize) -> bool {
    let e = view.e;
    let (mut gap, mut next) = leading(e);
    // The last cells of the runs placed last, and the cells just after them (none before the
    // first run, so that whether it may touch the run before does not matter).
    let (mut last, mut after) = (W::ZERO, W::ZERO);
    for shape in shapes {
        // Whether it may touch the run before: a select, not a branch, which random clues
        // would mispredict.
        next |= select(!shape.gap, after);
        let starts = next & view.fit(shape);
        if starts == W::ZERO {
            return false;
        }
        last = starts << shape.span;
        after = last << 1;
        (gap, next) = gap_and_next(after, e);
    }
    (last | gap) & (W::ONE << (len as u32 - 1)) != W::ZERO
}

/// `x` where `keep`, else no cells.
#[inline(always)]
fn select<W: Bits>(keep: bool, x: W) -> W {
    if keep {
        x
    } else {
        W::ZERO
    }
}

impl Shapes {
    /// Reads the clue's runs into `shapes` (and its longest body, its longest run, and the
    /// most doubling steps a body takes), and the verdict:
    /// `None` when the passes do not take the clue (a palette of fewer than two or more than
    /// [`MAX_ENTRIES`] entries, a run of no cells or not black, or a cap past the palette),
    /// `Some(false)` when some run has more caps than cells.
    pub(super) fn read(&mut self, clue: &Clue, entries: usize) {
        self.verdict = None;
        if !(2..=MAX_ENTRIES).contains(&entries) {
            return;
        }
        let (lens, colours, caps) = (clue.runs(), clue.colours(), clue.all_caps());
        let k = lens.len();
        // Every shape is written below: only the new ones need a value first.
        self.shapes.resize(k, Shape::default());
        let mut longest = 0;
        let mut doublings = 0;
        // Read without a branch a run: whether every run is one the passes take, and whether
        // every run has room for its caps, are gathered and looked at once at the end.
        let (mut taken, mut fits) = (true, true);
        // Whether the run before ends with a body cell.
        let mut body_before = false;
        for (r, shape) in self.shapes.iter_mut().enumerate() {
            let len = lens[r];
            let [start, end] = match caps.get(r) {
                Some(pair) => pair.map(|c| c.index()),
                None => [0, 0],
            };
            taken &=
                (len != 0) & (colours[r] == ColourId::BLACK) & (start < entries) & (end < entries);
            let capped = u32::from(start != 0) + u32::from(end != 0);
            fits &= capped <= len;
            let body = len.saturating_sub(capped);
            // `Clue::needs_gap_after`: only where both cells that would touch are of a body.
            let gap = body_before & (start == 0) & (body > 0);
            body_before = (end == 0) & (body > 0);
            longest = longest.max(body);
            let level = 32 - body.leading_zeros();
            doublings = doublings.max(level.saturating_sub(1) as usize);
            *shape = Shape {
                span: len.saturating_sub(1),
                start: if start == 0 { NO_START } else { start },
                body,
                end: if end == 0 { NO_END } else { end },
                gap,
                gap_after: false,
                level,
                // In 64 bits: a body of 2^31 cells or more (never a line's) has level 32.
                reach: body - ((1u64 << level) >> 1) as u32,
                offset: u32::from(start != 0 && body > 0),
                doubling: std::array::from_fn(|i| if i + 1 < level as usize { 1 << i } else { 0 }),
            };
        }
        for r in 1..k {
            self.shapes[r - 1].gap_after = self.shapes[r].gap;
        }
        self.longest = longest;
        self.doublings = doublings;
        self.widest = lens.iter().copied().max().unwrap_or(0);
        self.verdict = taken.then_some(fits);
    }
}

impl<W: Bits> Scratch<W> {
    /// Whether some placement agrees with `masks`: one pass, nothing stored, stopping as soon
    /// as a run has no start left, the clue read beforehand for a palette of `entries`
    /// entries. `None` when the passes do not take it.
    pub fn feasible_shapes(
        shapes: &Shapes,
        len: usize,
        entries: usize,
        masks: &[u64],
    ) -> Option<bool> {
        if !shapes.verdict? || shapes.widest as usize > len {
            return Some(false);
        }
        let m = read::<W>(len, entries, masks);
        if shapes.shapes.is_empty() {
            return Some(m[0] == low::<W>(len));
        }
        let view = View::new(&m, shapes.longest);
        Some(fits(&shapes.shapes, &view, len))
    }

    /// Solves the line (the contract of `EntryLineSolver::solve`), the clue read beforehand
    /// for a palette of `entries` entries; `None` when the passes do not take it.
    pub fn solve_shapes(
        &mut self,
        shapes: &Shapes,
        len: usize,
        entries: usize,
        masks: &[u64],
        out: &mut [u64],
    ) -> Option<Result<(), Contradiction>> {
        if !shapes.verdict? || shapes.widest as usize > len {
            return Some(Err(Contradiction));
        }
        let (longest, doublings, shapes) = (shapes.longest, shapes.doublings, &shapes.shapes[..]);
        let words = words_for(len);
        let all = low::<W>(len);
        let m = read::<W>(len, entries, masks);
        let e = m[0];
        let k = shapes.len();
        if k == 0 {
            if e != all {
                return Some(Err(Contradiction));
            }
            out[..entries * words].fill(0);
            e.to_words(&mut out[..words]);
            return Some(Ok(()));
        }

        // Backward, from the last run to the first, in the line's own order: where run `j`
        // may start as the runs after it allow (`right_starts`). Just before a start of run
        // `j + 1` allowed from the right (for the last run, the line's last cell), the gap
        // before run `j + 1` walks down through the cells that may be empty (`right_gap`, the
        // gap after run `j` as the runs after it see it); run `j` may end just below a cell of
        // that gap, or, where the two may touch, just before the start itself.
        let view = View::new(&m, longest);
        let down = Down::new(e);
        if self.right_starts.len() < k {
            self.right_starts.resize(k, W::ZERO);
            self.right_gap.resize(k, W::ZERO);
        }
        let (right_starts, right_gap) = (&mut self.right_starts[..k], &mut self.right_gap[..k]);
        let mut before = W::ONE << (len as u32 - 1);
        for ((shape, starts), gap) in shapes
            .iter()
            .zip(right_starts.iter_mut())
            .zip(right_gap.iter_mut())
            .rev()
        {
            let g = down.walk(before & e);
            let ends = (g >> 1) | select(!shape.gap_after, before);
            let s = view.fit(shape) & (ends >> shape.span);
            if s == W::ZERO {
                return Some(Err(Contradiction));
            }
            *starts = s;
            *gap = g;
            before = s >> 1;
        }
        let right_leading = down.walk(before & e);

        // Forward, keeping only the starts allowed from both sides. The caps mark their cells
        // without a branch: a missing cap marks a slot past the palette's (see `SLOTS`).
        let mut cover = [W::ZERO; SLOTS];
        let mut black = W::ZERO;
        let (mut gap, mut next) = leading(e);
        let mut empty = gap & right_leading;
        if next & self.right_starts[0] == W::ZERO {
            return Some(Err(Contradiction));
        }
        let mut after = W::ZERO;
        for ((shape, &right), &right_gap) in
            shapes.iter().zip(&self.right_starts).zip(&self.right_gap)
        {
            next |= select(!shape.gap, after);
            let starts = next & right;
            cover[shape.start % SLOTS] |= starts;
            black |= smear(starts << shape.offset, shape, doublings);
            let last = starts << shape.span;
            cover[shape.end % SLOTS] |= last;
            after = last << 1;
            (gap, next) = gap_and_next(after, e);
            empty |= gap & right_gap;
        }
        cover[1] = black;
        cover[0] = empty;
        let mut seen = W::ZERO;
        for (c, &cells) in cover.iter().enumerate().take(entries) {
            cells.to_words(&mut out[c * words..(c + 1) * words]);
            seen |= cells;
        }
        // A feasible line leaves every cell some entry; this is only a safety net.
        if seen != all {
            return Some(Err(Contradiction));
        }
        Some(Ok(()))
    }
}

/// A line's masks, one word per entry, restricted to its cells (none for entries past the
/// palette's `entries`).
#[inline(always)]
fn read<W: Bits>(len: usize, entries: usize, masks: &[u64]) -> [W; MAX_ENTRIES] {
    let words = words_for(len);
    let all = low::<W>(len);
    let mut m = [W::ZERO; MAX_ENTRIES];
    for (c, x) in m.iter_mut().enumerate().take(entries) {
        *x = W::from_words(&masks[c * words..]) & all;
    }
    m
}
