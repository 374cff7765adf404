//! The colour partial grid: for every row and every column, one bit mask per palette entry of
//! the cells that may still take it.
//!
//! The black-and-white [`Grid`](crate::Grid) keeps two masks per line (known filled, known
//! empty); a colour line needs one per entry, since a cell may have any subset of the palette
//! left. Rows and columns are both stored, as there, so that every line is one contiguous slice
//! of `entries × words` words, in the layout the colour line solver reads
//! ([`ColourLineSolver::solve`](super::line::ColourLineSolver::solve)); a change costs one bit in
//! the line and one in the crossing line per entry removed.
//!
//! A cell's *freedom* is the number of entries it may still take, less one; the grid keeps the
//! total, which is 0 exactly when every cell is decided (and counts what probing and
//! branching achieve in finer steps than "cells decided").

use nonogram_model::{Axis, Cells, ColourId, ColourSet, LineId, PartialGrid, Picture, Puzzle};

use super::line::{get_bit, words_for};
use crate::kind::GridOps;
use crate::Contradiction;

/// A partially solved colour grid.
#[derive(PartialEq, Eq, Hash)]
pub struct ColourGrid {
    width: usize,
    height: usize,
    /// Palette entries (the background and the colours).
    entries: usize,
    row_words: usize,
    col_words: usize,
    /// `(row * entries + entry) * row_words + word`.
    rows: Vec<u64>,
    /// `(col * entries + entry) * col_words + word`.
    cols: Vec<u64>,
    /// The sum over the cells of (entries still possible − 1).
    freedom: usize,
}

impl Clone for ColourGrid {
    fn clone(&self) -> ColourGrid {
        ColourGrid {
            rows: self.rows.clone(),
            cols: self.cols.clone(),
            ..*self
        }
    }

    /// Copies into the existing buffers (probing copies a grid for every probe).
    fn clone_from(&mut self, source: &ColourGrid) {
        self.width = source.width;
        self.height = source.height;
        self.entries = source.entries;
        self.row_words = source.row_words;
        self.col_words = source.col_words;
        self.freedom = source.freedom;
        self.rows.clone_from(&source.rows);
        self.cols.clone_from(&source.cols);
    }
}

impl ColourGrid {
    /// A grid where every cell may take every one of `entries` palette entries (at least 1).
    /// The size is assumed validated (see [`nonogram_model::check_size`]).
    pub fn new(width: usize, height: usize, entries: usize) -> ColourGrid {
        let entries = entries.max(1);
        let (row_words, col_words) = (words_for(width), words_for(height));
        let full = |len: usize, words: usize| -> Vec<u64> {
            (0..words)
                .map(|w| {
                    let bits = len.saturating_sub(64 * w).min(64);
                    if bits == 64 {
                        u64::MAX
                    } else {
                        (1u64 << bits) - 1
                    }
                })
                .collect()
        };
        let (row_mask, col_mask) = (full(width, row_words), full(height, col_words));
        ColourGrid {
            width,
            height,
            entries,
            row_words,
            col_words,
            rows: row_mask.repeat(entries * height),
            cols: col_mask.repeat(entries * width),
            freedom: width * height * (entries - 1),
        }
    }

    /// A grid of `entries` palette entries narrowed to what `cells` allows (a person's partly
    /// solved grid, read as a [`PartialGrid`]); `None` if a cell allows no entry.
    pub fn from_cells(cells: &dyn Cells, entries: usize) -> Option<ColourGrid> {
        let mut grid = ColourGrid::new(cells.width(), cells.height(), entries);
        for r in 0..cells.height() {
            for c in 0..cells.width() {
                grid.narrow(r, c, cells.options(r, c)).ok()?;
            }
        }
        Some(grid)
    }

    /// Cells per row.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Palette entries.
    pub fn entries(&self) -> usize {
        self.entries
    }

    /// The sum over the cells of (entries still possible − 1): 0 when the grid is complete.
    pub fn freedom(&self) -> usize {
        self.freedom
    }

    /// Whether every cell is down to one entry.
    pub fn is_complete(&self) -> bool {
        self.freedom == 0
    }

    /// Cells with more than one entry left.
    pub fn unknown_count(&self) -> usize {
        (0..self.height)
            .flat_map(|r| (0..self.width).map(move |c| (r, c)))
            .filter(|&(r, c)| self.get(r, c).len() > 1)
            .count()
    }

    /// The entries the cell at `(row, col)` may still take.
    pub fn get(&self, row: usize, col: usize) -> ColourSet {
        let mut bits = 0;
        for e in 0..self.entries {
            let base = (row * self.entries + e) * self.row_words;
            if get_bit(&self.rows[base..], col) {
                bits |= 1 << e;
            }
        }
        ColourSet::from_bits(bits)
    }

    /// Narrows the cell at `(row, col)` to the entries of `set` it may still take. Returns
    /// whether it changed; a cell left with no entry is a contradiction (and the grid is left as
    /// it was).
    pub fn narrow(
        &mut self,
        row: usize,
        col: usize,
        set: ColourSet,
    ) -> Result<bool, Contradiction> {
        let old = self.get(row, col);
        let new = old.and(set);
        if new.is_empty() {
            return Err(Contradiction);
        }
        if new == old {
            return Ok(false);
        }
        for e in ColourSet::from_bits(old.bits() & !new.bits()).iter() {
            let e = e.index();
            let rw = (row * self.entries + e) * self.row_words + col / 64;
            self.rows[rw] &= !(1 << (col % 64));
            let cw = (col * self.entries + e) * self.col_words + row / 64;
            self.cols[cw] &= !(1 << (row % 64));
        }
        self.freedom -= old.len() - new.len();
        Ok(true)
    }

    /// The length of the lines of an axis.
    pub fn line_len(&self, axis: Axis) -> usize {
        match axis {
            Axis::Row => self.width,
            Axis::Column => self.height,
        }
    }

    /// Words per entry of a line of an axis.
    pub fn line_words(&self, axis: Axis) -> usize {
        match axis {
            Axis::Row => self.row_words,
            Axis::Column => self.col_words,
        }
    }

    /// A line's masks: entry by entry, [`ColourGrid::line_words`] words each.
    pub fn line(&self, line: LineId) -> &[u64] {
        let stride = self.entries * self.line_words(line.axis);
        let range = line.index * stride..(line.index + 1) * stride;
        match line.axis {
            Axis::Row => &self.rows[range],
            Axis::Column => &self.cols[range],
        }
    }

    /// Narrows a line to `masks` (the layout of [`ColourGrid::line`], a subset of it, as the
    /// line solver gives), keeping the crossing lines in step. Writes into `changed` (one bit
    /// per cell, [`ColourGrid::line_words`] words) the cells that lost an entry, and returns how
    /// many entries were removed in all. A cell left with no entry is a contradiction (the grid
    /// is then part-way: callers discard it).
    pub fn narrow_line(
        &mut self,
        line: LineId,
        masks: &[u64],
        changed: &mut [u64],
    ) -> Result<usize, Contradiction> {
        let entries = self.entries;
        let words = self.line_words(line.axis);
        let cross_words = self.line_words(line.axis.other());
        let stride = entries * words;
        let base = line.index * stride;
        let (own, cross) = match line.axis {
            Axis::Row => (&mut self.rows, &mut self.cols),
            Axis::Column => (&mut self.cols, &mut self.rows),
        };
        changed[..words].fill(0);
        let mut removed_total = 0;
        for e in 0..entries {
            for w in 0..words {
                let at = base + e * words + w;
                let removed = own[at] & !masks[e * words + w];
                if removed == 0 {
                    continue;
                }
                own[at] &= !removed;
                changed[w] |= removed;
                removed_total += removed.count_ones() as usize;
                let (word, bit) = (line.index / 64, 1u64 << (line.index % 64));
                let mut bits = removed;
                while bits != 0 {
                    let i = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    cross[(i * entries + e) * cross_words + word] &= !bit;
                }
            }
        }
        self.freedom = self
            .freedom
            .checked_sub(removed_total)
            .ok_or(Contradiction)?;
        // Every changed cell must keep an entry.
        for w in 0..words {
            if changed[w] == 0 {
                continue;
            }
            let any = (0..entries).fold(0, |any, e| any | own[base + e * words + w]);
            if changed[w] & !any != 0 {
                return Err(Contradiction);
            }
        }
        Ok(removed_total)
    }

    /// The picture, if every cell is down to one entry.
    pub fn to_picture(&self) -> Option<Picture> {
        if !self.is_complete() {
            return None;
        }
        let mut picture = Picture::new(self.width, self.height);
        for r in 0..self.height {
            for c in 0..self.width {
                picture.set_colour(r, c, self.get(r, c).only()?);
            }
        }
        Some(picture)
    }

    /// The model's view of the grid.
    pub fn to_partial(&self) -> PartialGrid {
        PartialGrid::from_cells(self)
    }
}

/// A snapshot is the row masks; a union of snapshots allows whatever one of them allows, so
/// it is the bitwise or of their masks.
impl GridOps for ColourGrid {
    fn blank(puzzle: &Puzzle) -> ColourGrid {
        ColourGrid::new(puzzle.width(), puzzle.height(), puzzle.palette().len())
    }

    fn narrow(&mut self, row: usize, col: usize, set: ColourSet) -> Result<bool, Contradiction> {
        ColourGrid::narrow(self, row, col, set)
    }

    fn freedom(&self) -> usize {
        self.freedom
    }

    fn unknown_count(&self) -> usize {
        ColourGrid::unknown_count(self)
    }

    fn to_picture(&self) -> Option<Picture> {
        ColourGrid::to_picture(self)
    }

    fn line_len(&self, axis: Axis) -> usize {
        ColourGrid::line_len(self, axis)
    }

    fn heap_bytes(&self) -> usize {
        8 * (self.rows.len() + self.cols.len())
    }

    fn snapshot_len(&self) -> usize {
        self.rows.len()
    }

    fn snapshot(&self, out: &mut [u64]) {
        out.copy_from_slice(&self.rows);
    }

    fn is_within(&self, snapshot: &[u64]) -> bool {
        self.rows
            .iter()
            .zip(snapshot)
            .all(|(&mine, &theirs)| theirs & !mine == 0)
    }

    fn union_clear(union: &mut [u64]) {
        union.fill(0);
    }

    fn union_add(union: &mut [u64], snapshot: &[u64]) {
        for (u, &s) in union.iter_mut().zip(snapshot) {
            *u |= s;
        }
    }

    fn union_into(&self, union: &mut [u64]) {
        ColourGrid::union_add(union, &self.rows);
    }

    fn restrict(
        &mut self,
        union: &[u64],
        mut changed: impl FnMut(usize, usize),
    ) -> Result<usize, Contradiction> {
        // Usually nothing goes: one branch-free pass finds that out first.
        let any = self
            .rows
            .iter()
            .zip(union)
            .fold(0, |any, (&mine, &u)| any | mine & !u);
        if any == 0 {
            return Ok(0);
        }
        let mut removed = 0;
        for r in 0..self.height {
            for w in 0..self.row_words {
                let mut lost = 0;
                for e in 0..self.entries {
                    let at = (r * self.entries + e) * self.row_words + w;
                    lost |= self.rows[at] & !union[at];
                }
                while lost != 0 {
                    let c = w * 64 + lost.trailing_zeros() as usize;
                    lost &= lost - 1;
                    let mut keep = 0;
                    for e in 0..self.entries {
                        let base = (r * self.entries + e) * self.row_words;
                        keep |= u64::from(get_bit(&union[base..], c)) << e;
                    }
                    if self.narrow(r, c, ColourSet::from_bits(keep))? {
                        removed += 1;
                        changed(r, c);
                    }
                }
            }
        }
        Ok(removed)
    }
}

impl Cells for ColourGrid {
    fn width(&self) -> usize {
        self.width
    }
    fn height(&self) -> usize {
        self.height
    }
    fn options(&self, row: usize, col: usize) -> ColourSet {
        self.get(row, col)
    }
}

impl std::fmt::Debug for ColourGrid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "ColourGrid {}x{}, {} entries (freedom {})",
            self.width, self.height, self.entries, self.freedom
        )?;
        for r in 0..self.height {
            let row: String = (0..self.width)
                .map(|c| {
                    let set = self.get(r, c);
                    match set.only() {
                        Some(ColourId::BACKGROUND) => '.',
                        Some(id) => char::from_digit(id.index() as u32 % 36, 36).unwrap_or('*'),
                        None if set.is_empty() => '!',
                        None => '?',
                    }
                })
                .collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(i: usize) -> ColourId {
        ColourId::new(i).unwrap()
    }

    #[test]
    fn rows_and_columns_stay_in_step() {
        let mut g = ColourGrid::new(70, 3, 4);
        assert_eq!(g.freedom(), 70 * 3 * 3);
        let set = ColourSet::single(id(2)).with(id(3));
        assert_eq!(g.narrow(2, 65, set), Ok(true));
        assert_eq!(g.narrow(2, 65, set), Ok(false));
        assert_eq!(g.get(2, 65), set);
        assert_eq!(
            g.narrow(2, 65, ColourSet::single(id(1))),
            Err(Contradiction)
        );
        assert_eq!(g.get(2, 65), set);
        assert_eq!(g.freedom(), 70 * 3 * 3 - 2);
        // Column 65 shows the same cell: entries 2 and 3 only at row 2.
        let column = g.line(LineId::column(65));
        assert_eq!(column, &[0b011, 0b011, 0b111, 0b111]);
        // Narrowing the column line writes back into the rows.
        let mut changed = [0];
        let masks = [0b001, 0b010, 0b110, 0b110];
        assert_eq!(
            g.narrow_line(LineId::column(65), &masks, &mut changed),
            Ok(4)
        );
        assert_eq!(changed, [0b011]);
        assert_eq!(g.get(0, 65), ColourSet::single(id(0)));
        assert_eq!(g.get(2, 65), set);
        assert_eq!(g.to_partial().get(1, 65), ColourSet::from_bits(0b1110));
        assert_eq!(g.unknown_count(), 70 * 3 - 1);
        // A cell left with nothing is a contradiction.
        let mut changed = [0, 0];
        let mut row = g.line(LineId::row(1)).to_vec();
        for e in 0..4 {
            row[e * 2] &= !1;
        }
        assert_eq!(
            g.narrow_line(LineId::row(1), &row, &mut changed),
            Err(Contradiction)
        );
    }

    #[test]
    fn complete_grids_are_pictures() {
        let mut g = ColourGrid::new(2, 1, 3);
        g.narrow(0, 0, ColourSet::single(id(2))).unwrap();
        assert_eq!(g.to_picture(), None);
        g.narrow(0, 1, ColourSet::single(id(0))).unwrap();
        assert!(g.is_complete());
        let picture = g.to_picture().unwrap();
        assert_eq!(picture.colour(0, 0), id(2));
    }
}
