//! Partial grids as bit masks: for each row and each column, one mask of cells known filled and
//! one of cells known empty.
//!
//! Keeping both orientations costs a second write per cell but makes every line a contiguous
//! run of words, which is what the line solvers read. A cell is unknown when neither mask has
//! its bit; a cell in both would be a contradiction, which [`Grid::set`] refuses to create.

use nonogram_model::{Axis, Cell, Cells, ColourSet, LineId, Picture, Puzzle};

use crate::kind::GridOps;
use crate::Contradiction;

/// Words needed for `bits` bits.
pub(crate) fn words_for(bits: usize) -> usize {
    bits.div_ceil(64)
}

#[inline]
pub(crate) fn get_bit(words: &[u64], i: usize) -> bool {
    words[i / 64] >> (i % 64) & 1 != 0
}

#[inline]
pub(crate) fn set_bit(words: &mut [u64], i: usize) {
    words[i / 64] |= 1 << (i % 64);
}

/// A partially solved grid.
#[derive(PartialEq, Eq, Hash)]
pub struct Grid {
    width: usize,
    height: usize,
    /// Words per row (`width` bits) and per column (`height` bits).
    row_words: usize,
    col_words: usize,
    row_filled: Vec<u64>,
    row_empty: Vec<u64>,
    col_filled: Vec<u64>,
    col_empty: Vec<u64>,
    unknown: usize,
}

impl Clone for Grid {
    fn clone(&self) -> Grid {
        Grid {
            row_filled: self.row_filled.clone(),
            row_empty: self.row_empty.clone(),
            col_filled: self.col_filled.clone(),
            col_empty: self.col_empty.clone(),
            ..*self
        }
    }

    /// Copies into the existing buffers. (The derived `clone_from` would allocate four new
    /// vectors: probing copies a grid into its scratch grid for every probe.)
    fn clone_from(&mut self, source: &Grid) {
        self.width = source.width;
        self.height = source.height;
        self.row_words = source.row_words;
        self.col_words = source.col_words;
        self.unknown = source.unknown;
        self.row_filled.clone_from(&source.row_filled);
        self.row_empty.clone_from(&source.row_empty);
        self.col_filled.clone_from(&source.col_filled);
        self.col_empty.clone_from(&source.col_empty);
    }
}

impl Grid {
    /// An all-unknown grid. The size is assumed validated (see [`nonogram_model::check_size`]).
    pub fn new(width: usize, height: usize) -> Grid {
        let (row_words, col_words) = (words_for(width), words_for(height));
        Grid {
            width,
            height,
            row_words,
            col_words,
            row_filled: vec![0; row_words * height],
            row_empty: vec![0; row_words * height],
            col_filled: vec![0; col_words * width],
            col_empty: vec![0; col_words * width],
            unknown: width * height,
        }
    }

    /// A complete grid holding `picture`.
    pub fn from_picture(picture: &Picture) -> Grid {
        let mut grid = Grid::new(picture.width(), picture.height());
        for r in 0..picture.height() {
            for c in 0..picture.width() {
                let cell = if picture.get(r, c) {
                    Cell::Filled
                } else {
                    Cell::Empty
                };
                grid.set(r, c, cell).expect("fresh cells cannot conflict");
            }
        }
        grid
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// How many cells are still unknown.
    pub fn unknown_count(&self) -> usize {
        self.unknown
    }

    /// Whether every cell is known.
    pub fn is_complete(&self) -> bool {
        self.unknown == 0
    }

    /// The cell at `(row, col)`, from 0.
    pub fn get(&self, row: usize, col: usize) -> Cell {
        let base = row * self.row_words;
        if get_bit(&self.row_filled[base..], col) {
            Cell::Filled
        } else if get_bit(&self.row_empty[base..], col) {
            Cell::Empty
        } else {
            Cell::Unknown
        }
    }

    /// Sets a cell to a known value. Returns whether it changed; setting a known cell to the
    /// other value is a contradiction and leaves the grid as it was.
    pub fn set(&mut self, row: usize, col: usize, value: Cell) -> Result<bool, Contradiction> {
        let current = self.get(row, col);
        if current == value || value == Cell::Unknown {
            return Ok(false);
        }
        if current != Cell::Unknown {
            return Err(Contradiction);
        }
        let (rb, cb) = (row * self.row_words, col * self.col_words);
        if value == Cell::Filled {
            set_bit(&mut self.row_filled[rb..], col);
            set_bit(&mut self.col_filled[cb..], row);
        } else {
            set_bit(&mut self.row_empty[rb..], col);
            set_bit(&mut self.col_empty[cb..], row);
        }
        self.unknown -= 1;
        Ok(true)
    }

    /// The length of a line.
    pub fn line_len(&self, axis: Axis) -> usize {
        match axis {
            Axis::Row => self.width,
            Axis::Column => self.height,
        }
    }

    /// Words per line of an axis.
    pub(crate) fn line_words(&self, axis: Axis) -> usize {
        match axis {
            Axis::Row => self.row_words,
            Axis::Column => self.col_words,
        }
    }

    /// The known-filled and known-empty masks of a line, bit `i` for cell `i`.
    pub(crate) fn line(&self, line: LineId) -> (&[u64], &[u64]) {
        let w = self.line_words(line.axis);
        let range = line.index * w..(line.index + 1) * w;
        match line.axis {
            Axis::Row => (&self.row_filled[range.clone()], &self.row_empty[range]),
            Axis::Column => (&self.col_filled[range.clone()], &self.col_empty[range]),
        }
    }

    /// The cell at position `i` of a line.
    pub fn line_cell(&self, line: LineId, i: usize) -> Cell {
        match line.axis {
            Axis::Row => self.get(line.index, i),
            Axis::Column => self.get(i, line.index),
        }
    }

    /// Sets the cell at position `i` of a line.
    pub fn set_line_cell(
        &mut self,
        line: LineId,
        i: usize,
        value: Cell,
    ) -> Result<bool, Contradiction> {
        match line.axis {
            Axis::Row => self.set(line.index, i, value),
            Axis::Column => self.set(i, line.index, value),
        }
    }

    /// Sets the cells of word `w` of a line that are in `filled` or `empty`, all of them
    /// unknown before (as the line solver's new deductions are). One word operation for the
    /// line itself, one bit per cell for the crossing lines.
    pub(crate) fn set_line_word(&mut self, line: LineId, w: usize, filled: u64, empty: u64) {
        let (own_words, cross_words) = match line.axis {
            Axis::Row => (self.row_words, self.col_words),
            Axis::Column => (self.col_words, self.row_words),
        };
        let own = line.index * own_words + w;
        let (own_filled, own_empty, cross_filled, cross_empty) = match line.axis {
            Axis::Row => (
                &mut self.row_filled,
                &mut self.row_empty,
                &mut self.col_filled,
                &mut self.col_empty,
            ),
            Axis::Column => (
                &mut self.col_filled,
                &mut self.col_empty,
                &mut self.row_filled,
                &mut self.row_empty,
            ),
        };
        debug_assert_eq!(filled & empty, 0);
        debug_assert_eq!((own_filled[own] | own_empty[own]) & (filled | empty), 0);
        own_filled[own] |= filled;
        own_empty[own] |= empty;
        let (word, bit) = (line.index / 64, 1u64 << (line.index % 64));
        for (mut bits, cross) in [(filled, &mut *cross_filled), (empty, &mut *cross_empty)] {
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                cross[i * cross_words + word] |= bit;
            }
        }
        self.unknown -= (filled | empty).count_ones() as usize;
    }

    /// A line as a string of `#`, `.` and `?`.
    pub fn line_string(&self, line: LineId) -> String {
        (0..self.line_len(line.axis))
            .map(|i| self.line_cell(line, i).symbol())
            .collect()
    }

    /// One row as a string of `#`, `.` and `?`.
    pub fn row_string(&self, row: usize) -> String {
        self.line_string(LineId {
            axis: Axis::Row,
            index: row,
        })
    }

    /// All rows as strings of `#`, `.` and `?`.
    pub fn row_strings(&self) -> Vec<String> {
        (0..self.height).map(|r| self.row_string(r)).collect()
    }

    /// The picture, if every cell is known.
    pub fn to_picture(&self) -> Option<Picture> {
        if !self.is_complete() {
            return None;
        }
        let mut picture = Picture::new(self.width, self.height);
        for r in 0..self.height {
            for c in 0..self.width {
                picture.set(r, c, self.get(r, c) == Cell::Filled);
            }
        }
        Some(picture)
    }
}

/// A snapshot is the row masks, known filled then known empty; a union of snapshots knows
/// what all of them know (a cell may take whatever it may take in some snapshot), so it is
/// the intersection of their masks.
impl GridOps for Grid {
    fn blank(puzzle: &Puzzle) -> Grid {
        Grid::new(puzzle.width(), puzzle.height())
    }

    fn narrow(&mut self, row: usize, col: usize, set: ColourSet) -> Result<bool, Contradiction> {
        let options = self.get(row, col).options();
        match options.and(set) {
            keep if keep.is_empty() => Err(Contradiction),
            keep if keep == options => Ok(false),
            keep => self.set(row, col, Cell::from_options(keep)),
        }
    }

    fn freedom(&self) -> usize {
        self.unknown
    }

    fn unknown_count(&self) -> usize {
        self.unknown
    }

    fn to_picture(&self) -> Option<Picture> {
        Grid::to_picture(self)
    }

    fn line_len(&self, axis: Axis) -> usize {
        Grid::line_len(self, axis)
    }

    fn heap_bytes(&self) -> usize {
        16 * (self.row_filled.len() + self.col_filled.len())
    }

    fn snapshot_len(&self) -> usize {
        2 * self.row_filled.len()
    }

    fn snapshot(&self, out: &mut [u64]) {
        let (filled, empty) = out.split_at_mut(self.row_filled.len());
        filled.copy_from_slice(&self.row_filled);
        empty.copy_from_slice(&self.row_empty);
    }

    fn is_within(&self, snapshot: &[u64]) -> bool {
        let (filled, empty) = snapshot.split_at(self.row_filled.len());
        self.row_filled
            .iter()
            .zip(filled)
            .all(|(&mine, &theirs)| mine & !theirs == 0)
            && self
                .row_empty
                .iter()
                .zip(empty)
                .all(|(&mine, &theirs)| mine & !theirs == 0)
    }

    fn union_clear(union: &mut [u64]) {
        union.fill(!0);
    }

    fn union_add(union: &mut [u64], snapshot: &[u64]) {
        for (u, &s) in union.iter_mut().zip(snapshot) {
            *u &= s;
        }
    }

    fn union_into(&self, union: &mut [u64]) {
        let (filled, empty) = union.split_at_mut(self.row_filled.len());
        Grid::union_add(filled, &self.row_filled);
        Grid::union_add(empty, &self.row_empty);
    }

    fn restrict(
        &mut self,
        union: &[u64],
        mut changed: impl FnMut(usize, usize),
    ) -> Result<usize, Contradiction> {
        let words = self.row_filled.len();
        let (filled, empty) = union.split_at(words);
        // Usually the union knows nothing new: find that out with one branch-free pass (which
        // the compiler vectorises) before the loop that sets cells.
        let any = (0..words).fold(0, |any, i| {
            any | (filled[i] | empty[i]) & !(self.row_filled[i] | self.row_empty[i])
        });
        if any == 0 {
            return Ok(0);
        }
        let mut count = 0;
        for r in 0..self.height {
            for w in 0..self.row_words {
                let i = r * self.row_words + w;
                let known = self.row_filled[i] | self.row_empty[i];
                for (mut bits, value) in [
                    (filled[i] & !known, Cell::Filled),
                    (empty[i] & !known, Cell::Empty),
                ] {
                    while bits != 0 {
                        let c = w * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        // A snapshot that knows the cell both ways is no refinement of a grid.
                        self.set(r, c, value)?;
                        changed(r, c);
                        count += 1;
                    }
                }
            }
        }
        Ok(count)
    }
}

impl Cells for Grid {
    fn width(&self) -> usize {
        self.width
    }
    fn height(&self) -> usize {
        self.height
    }
    fn options(&self, row: usize, col: usize) -> ColourSet {
        self.get(row, col).options()
    }
    fn cell(&self, row: usize, col: usize) -> Cell {
        self.get(row, col)
    }
}

impl std::fmt::Debug for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "Grid {}x{} ({} unknown)",
            self.width, self.height, self.unknown
        )?;
        for r in 0..self.height {
            writeln!(f, "{}", self.row_string(r))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_keeps_rows_and_columns_in_step() {
        let mut g = Grid::new(70, 3);
        assert_eq!(g.set(2, 65, Cell::Filled), Ok(true));
        assert_eq!(g.set(2, 65, Cell::Filled), Ok(false));
        assert_eq!(g.set(2, 65, Cell::Empty), Err(Contradiction));
        assert_eq!(g.get(2, 65), Cell::Filled);
        let (f, e) = g.line(LineId {
            axis: Axis::Column,
            index: 65,
        });
        assert_eq!((f[0], e[0]), (0b100, 0));
        let (f, _) = g.line(LineId {
            axis: Axis::Row,
            index: 2,
        });
        assert_eq!(f, &[0, 1 << 1]);
        assert_eq!(g.unknown_count(), 209);
        g.set(0, 0, Cell::Empty).unwrap();
        assert_eq!(&g.row_string(0)[..3], ".??");
    }
}
