//! The partial grid every kind keeps, as bit masks along every row and every column
//! ([`Planes`]), and what the engines ask of it ([`GridOps`]); with the bit helpers every line
//! solver uses.
//!
//! Keeping both orientations costs a second write per cell but makes every line a contiguous
//! run of words, which is what the line solvers read. What a plane means is the kind's: black
//! and white keeps two per line, *known filled* and *known empty*
//! (`crate::kinds::black_white::Grid`); colour one per palette entry, *may still take it*
//! (`crate::kinds::colour::ColourGrid`).

use std::fmt::Debug;

use nonogram_model::{Axis, Cells, ColourSet, LineId, Picture, Puzzle};

use super::Contradiction;

/// Words needed for `bits` bits.
pub(crate) fn words_for(bits: usize) -> usize {
    bits.div_ceil(64)
}

#[inline]
pub(crate) fn get_bit(words: &[u64], i: usize) -> bool {
    words[i / 64] >> (i % 64) & 1 != 0
}

/// The positions of the set bits of word `w` of a mask, lowest first (bit `b` is position
/// `64·w + b`).
#[inline]
pub(crate) fn ones(w: usize, mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let b = bits.trailing_zeros() as usize;
        bits &= bits.wrapping_sub(1);
        (b < 64).then_some(64 * w + b)
    })
}

#[inline]
pub(crate) fn set_bit(words: &mut [u64], i: usize) {
    words[i / 64] |= 1 << (i % 64);
}

/// The masks of both kinds of grid: `planes` bit masks per line, for every row and every
/// column, each line's masks one contiguous slice, plane after plane (bit `i` of a plane is
/// cell `i` of the line). What a plane means is the grid's business; this keeps the rows and
/// the columns in step.
#[derive(PartialEq, Eq, Hash)]
pub(crate) struct Planes {
    width: usize,
    height: usize,
    planes: usize,
    row_words: usize,
    col_words: usize,
    /// `(row * planes + plane) * row_words + word`.
    rows: Vec<u64>,
    /// `(col * planes + plane) * col_words + word`.
    cols: Vec<u64>,
}

impl Clone for Planes {
    fn clone(&self) -> Planes {
        Planes {
            rows: self.rows.clone(),
            cols: self.cols.clone(),
            ..*self
        }
    }

    /// Copies into the existing buffers. (The derived `clone_from` would allocate new
    /// vectors: probing copies a grid into its scratch grid for every probe.)
    fn clone_from(&mut self, source: &Planes) {
        self.width = source.width;
        self.height = source.height;
        self.planes = source.planes;
        self.row_words = source.row_words;
        self.col_words = source.col_words;
        self.rows.clone_from(&source.rows);
        self.cols.clone_from(&source.cols);
    }
}

impl Planes {
    /// `planes` masks per line, every cell's bit set (`full`) or none.
    pub(crate) fn new(width: usize, height: usize, planes: usize, full: bool) -> Planes {
        let (row_words, col_words) = (words_for(width), words_for(height));
        let mask = |len: usize, words: usize| -> Vec<u64> {
            (0..words)
                .map(|w| match len.saturating_sub(64 * w).min(64) {
                    _ if !full => 0,
                    64 => u64::MAX,
                    bits => (1u64 << bits) - 1,
                })
                .collect()
        };
        Planes {
            width,
            height,
            planes,
            row_words,
            col_words,
            rows: mask(width, row_words).repeat(planes * height),
            cols: mask(height, col_words).repeat(planes * width),
        }
    }

    /// Cells per row.
    pub(crate) fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub(crate) fn height(&self) -> usize {
        self.height
    }

    /// The length of the lines of an axis.
    pub(crate) fn line_len(&self, axis: Axis) -> usize {
        match axis {
            Axis::Row => self.width,
            Axis::Column => self.height,
        }
    }

    /// Words per plane of a line of an axis.
    pub(crate) fn line_words(&self, axis: Axis) -> usize {
        match axis {
            Axis::Row => self.row_words,
            Axis::Column => self.col_words,
        }
    }

    /// A line's masks: plane after plane, [`Planes::line_words`] words each.
    #[inline]
    pub(crate) fn line(&self, line: LineId) -> &[u64] {
        let stride = self.planes * self.line_words(line.axis);
        let range = line.index * stride..(line.index + 1) * stride;
        match line.axis {
            Axis::Row => &self.rows[range],
            Axis::Column => &self.cols[range],
        }
    }

    /// Whether the cell at `(row, col)` has its bit in `plane`.
    #[inline]
    pub(crate) fn get(&self, row: usize, col: usize, plane: usize) -> bool {
        get_bit(
            &self.rows[(row * self.planes + plane) * self.row_words..],
            col,
        )
    }

    /// Sets (`on`) or clears the bit of the cell at `(row, col)` in `plane`, in its row and in
    /// its column.
    #[inline]
    pub(crate) fn write(&mut self, row: usize, col: usize, plane: usize, on: bool) {
        let rw = (row * self.planes + plane) * self.row_words + col / 64;
        let cw = (col * self.planes + plane) * self.col_words + row / 64;
        let (rb, cb) = (1u64 << (col % 64), 1u64 << (row % 64));
        if on {
            self.rows[rw] |= rb;
            self.cols[cw] |= cb;
        } else {
            self.rows[rw] &= !rb;
            self.cols[cw] &= !cb;
        }
    }

    /// Sets (`on`) or clears the bits `bits` of word `w` of plane `plane` of a line, and the
    /// same cells' bits in their crossing lines: one word operation for the line itself, one
    /// bit per cell for the crossing lines.
    #[inline]
    pub(crate) fn write_line_word(
        &mut self,
        line: LineId,
        (plane, w): (usize, usize),
        bits: u64,
        on: bool,
    ) {
        let planes = self.planes;
        let (own, cross, own_words, cross_words) = match line.axis {
            Axis::Row => (
                &mut self.rows,
                &mut self.cols,
                self.row_words,
                self.col_words,
            ),
            Axis::Column => (
                &mut self.cols,
                &mut self.rows,
                self.col_words,
                self.row_words,
            ),
        };
        let at = (line.index * planes + plane) * own_words + w;
        let (word, bit) = (line.index / 64, 1u64 << (line.index % 64));
        if on {
            own[at] |= bits;
        } else {
            own[at] &= !bits;
        }
        for i in ones(w, bits) {
            let at = (i * planes + plane) * cross_words + word;
            if on {
                cross[at] |= bit;
            } else {
                cross[at] &= !bit;
            }
        }
    }

    /// The row masks, every row's planes in turn: a grid's snapshot.
    pub(crate) fn rows(&self) -> &[u64] {
        &self.rows
    }

    /// The memory the masks take.
    pub(crate) fn heap_bytes(&self) -> usize {
        8 * (self.rows.len() + self.cols.len())
    }
}

/// A partial grid: for each cell, the palette entries it may still take (for black and white:
/// filled, empty, or both while unknown), kept as bit masks along every row and every column.
///
/// Besides single cells, the search reads and writes whole grids as *snapshots* (the grid's
/// row masks, copied into a buffer: what a probe left) and their *unions* (of the probes of
/// every entry a cell may take: whatever a cell takes in some probe). Narrowing a grid to the
/// union of its probes is "fixing the cells both probes agree on", for any palette.
pub(crate) trait GridOps: Clone + PartialEq + Debug + Cells + Send + Sync {
    /// A grid of `puzzle`'s size where every cell may take every entry of its palette.
    fn blank(puzzle: &Puzzle) -> Self;

    /// Narrows the cell at `(row, col)` to the entries of `set` it may take. Returns whether it
    /// changed; a cell left with no entry is a contradiction, and the grid is left as it was.
    fn narrow(&mut self, row: usize, col: usize, set: ColourSet) -> Result<bool, Contradiction>;

    /// The sum over the cells of (entries still possible − 1): 0 exactly when the grid is
    /// complete; for black and white, the unknown cells. What probing and branching measure
    /// their progress by.
    fn freedom(&self) -> usize;

    /// The cells that may still take more than one entry.
    fn unknown_count(&self) -> usize;

    /// Whether every cell is down to one entry.
    fn is_complete(&self) -> bool {
        self.freedom() == 0
    }

    /// The picture, if every cell is down to one entry.
    fn to_picture(&self) -> Option<Picture> {
        if !self.is_complete() {
            return None;
        }
        let mut picture = Picture::new(self.width(), self.height());
        for r in 0..self.height() {
            for c in 0..self.width() {
                picture.set_colour(r, c, self.options(r, c).only()?);
            }
        }
        Some(picture)
    }

    /// The grid's masks, rows and columns.
    fn masks(&self) -> &Planes;

    /// Whether a set bit in the masks is knowledge (black and white: *known filled*, *known
    /// empty*) rather than a possibility (colour: *may take this entry*). A grid that knows
    /// more has more bits in the first case, fewer in the second.
    const KNOWS: bool;

    /// Cells per line of an axis.
    fn line_len(&self, axis: Axis) -> usize {
        self.masks().line_len(axis)
    }

    /// The memory the grid's masks take (the search bounds its stack of grids by it).
    fn heap_bytes(&self) -> usize {
        self.masks().heap_bytes()
    }

    /// The words of a snapshot.
    fn snapshot_len(&self) -> usize {
        self.masks().rows().len()
    }

    /// Copies the grid into `out` (of [`GridOps::snapshot_len`] words).
    fn snapshot(&self, out: &mut [u64]) {
        out.copy_from_slice(self.masks().rows());
    }

    /// Whether every entry this grid rules out is ruled out in `snapshot` too (the snapshot
    /// knows at least as much): then the snapshot tells this grid nothing new.
    fn is_within(&self, snapshot: &[u64]) -> bool {
        let flip = if Self::KNOWS { 0 } else { !0 };
        let mine = self.masks().rows().iter();
        mine.zip(snapshot)
            .all(|(&mine, &theirs)| (mine ^ flip) & !(theirs ^ flip) == 0)
    }

    /// Whether `union` (of snapshots of refinements of this grid) rules out some entry this grid
    /// does not: usually not, which one branch-free pass (the compiler vectorises it) finds out,
    /// so that [`GridOps::restrict`], which looks cell by cell, runs only when it will narrow.
    fn gains_from(&self, union: &[u64]) -> bool {
        let flip = if Self::KNOWS { 0 } else { !0 };
        let mine = self.masks().rows().iter();
        let news = mine
            .zip(union)
            .fold(0, |any, (&m, &u)| any | (u ^ flip) & !(m ^ flip));
        news != 0
    }

    /// Makes `union` the union of no snapshot at all, ready for [`GridOps::union_add`].
    fn union_clear(union: &mut [u64]) {
        union.fill(if Self::KNOWS { !0 } else { 0 });
    }

    /// Adds a snapshot to a union: a cell of the union may take every entry it may take in
    /// either (where bits are knowledge, the union knows what both know).
    fn union_add(union: &mut [u64], snapshot: &[u64]) {
        for (u, &s) in union.iter_mut().zip(snapshot) {
            *u = if Self::KNOWS { *u & s } else { *u | s };
        }
    }

    /// Adds this grid to a union, as its snapshot would be.
    fn union_into(&self, union: &mut [u64]) {
        Self::union_add(union, self.masks().rows());
    }

    /// Narrows every cell to the entries the union of snapshots allows it (the union of
    /// refinements of this grid), calling `changed` with each cell that changed. Returns how
    /// many did; a cell the union leaves nothing is a contradiction (the grid is then
    /// part-way: callers discard it).
    fn restrict(
        &mut self,
        union: &[u64],
        changed: impl FnMut(usize, usize),
    ) -> Result<usize, Contradiction>;

    /// The entries cell `i` of `line` may take.
    fn line_options(&self, line: LineId, i: usize) -> ColourSet {
        let (row, col) = line.cell(i);
        self.options(row, col)
    }
}
