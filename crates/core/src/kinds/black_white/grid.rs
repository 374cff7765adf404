//! The black-and-white partial grid: per line, one mask of cells known filled and one of cells
//! known empty, rows and columns both ([`Planes`]).
//!
//! A cell is unknown when neither mask has its bit; a cell in both would be a contradiction,
//! which [`Grid::set`] refuses to create.

use nonogram_model::{Axis, Cell, Cells, ColourSet, LineId, Picture, Puzzle};

use crate::kind::grid::{ones, GridOps, Planes};
use crate::kind::Contradiction;

/// The planes of a black-and-white grid: cells known filled, cells known empty.
const FILLED: usize = 0;
const EMPTY: usize = 1;

/// A partially solved grid.
#[derive(PartialEq, Eq, Hash)]
pub struct Grid {
    masks: Planes,
    unknown: usize,
}

impl Clone for Grid {
    fn clone(&self) -> Grid {
        let (masks, unknown) = (self.masks.clone(), self.unknown);
        Grid { masks, unknown }
    }

    /// Copies into the existing buffers (see [`Planes`]).
    fn clone_from(&mut self, source: &Grid) {
        self.masks.clone_from(&source.masks);
        self.unknown = source.unknown;
    }
}

impl Grid {
    /// An all-unknown grid. The size is assumed validated (see [`nonogram_model::check_size`]).
    pub fn new(width: usize, height: usize) -> Grid {
        Grid {
            masks: Planes::new(width, height, 2, false),
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
        self.masks.width()
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.masks.height()
    }

    /// How many cells are still unknown.
    pub fn unknown_count(&self) -> usize {
        self.unknown
    }

    /// Whether every cell is known.
    pub fn is_complete(&self) -> bool {
        self.unknown == 0
    }

    /// The picture, if every cell is known.
    pub fn to_picture(&self) -> Option<Picture> {
        GridOps::to_picture(self)
    }

    /// The cell at `(row, col)`, from 0.
    pub fn get(&self, row: usize, col: usize) -> Cell {
        if self.masks.get(row, col, FILLED) {
            Cell::Filled
        } else if self.masks.get(row, col, EMPTY) {
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
        let plane = if value == Cell::Filled { FILLED } else { EMPTY };
        self.masks.write(row, col, plane, true);
        self.unknown -= 1;
        Ok(true)
    }

    /// The length of a line.
    pub fn line_len(&self, axis: Axis) -> usize {
        self.masks.line_len(axis)
    }

    /// Words per line of an axis.
    pub(crate) fn line_words(&self, axis: Axis) -> usize {
        self.masks.line_words(axis)
    }

    /// The known-filled and known-empty masks of a line, bit `i` for cell `i`.
    #[inline]
    pub(crate) fn line(&self, line: LineId) -> (&[u64], &[u64]) {
        let masks = self.masks.line(line);
        masks.split_at(masks.len() / 2)
    }

    /// The cell at position `i` of a line.
    pub fn line_cell(&self, line: LineId, i: usize) -> Cell {
        let (row, col) = line.cell(i);
        self.get(row, col)
    }

    /// Sets the cell at position `i` of a line.
    pub fn set_line_cell(
        &mut self,
        line: LineId,
        i: usize,
        value: Cell,
    ) -> Result<bool, Contradiction> {
        let (row, col) = line.cell(i);
        self.set(row, col, value)
    }

    /// Sets the cells of word `w` of a line that are in `filled` or `empty`, all of them
    /// unknown before (as the line solver's new deductions are).
    #[inline]
    pub(crate) fn set_line_word(&mut self, line: LineId, w: usize, filled: u64, empty: u64) {
        debug_assert_eq!(filled & empty, 0);
        debug_assert!({
            let (f, e) = self.line(line);
            (f[w] | e[w]) & (filled | empty) == 0
        });
        self.masks.write_line_word(line, (FILLED, w), filled, true);
        self.masks.write_line_word(line, (EMPTY, w), empty, true);
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
        self.line_string(LineId::row(row))
    }

    /// All rows as strings of `#`, `.` and `?`.
    pub fn row_strings(&self) -> Vec<String> {
        (0..self.height()).map(|r| self.row_string(r)).collect()
    }
}

/// A snapshot is the row masks; a union of snapshots knows what all of them know (a cell may
/// take whatever it may take in some snapshot), so it is the intersection of their masks.
impl GridOps for Grid {
    const KNOWS: bool = true;

    fn masks(&self) -> &Planes {
        &self.masks
    }

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

    fn restrict(
        &mut self,
        union: &[u64],
        mut changed: impl FnMut(usize, usize),
    ) -> Result<usize, Contradiction> {
        let words = self.line_words(Axis::Row);
        let mut count = 0;
        for r in 0..self.height() {
            let at = 2 * r * words;
            for w in 0..words {
                let rows = self.masks.rows();
                let known = rows[at + w] | rows[at + words + w];
                for (bits, value) in [
                    (union[at + w] & !known, Cell::Filled),
                    (union[at + words + w] & !known, Cell::Empty),
                ] {
                    for c in ones(w, bits) {
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
        Grid::width(self)
    }
    fn height(&self) -> usize {
        Grid::height(self)
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
        let (width, height) = (self.width(), self.height());
        writeln!(f, "Grid {width}x{height} ({} unknown)", self.unknown)?;
        for r in 0..height {
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
        let (f, e) = g.line(LineId::column(65));
        assert_eq!((f[0], e[0]), (0b100, 0));
        let (f, _) = g.line(LineId::row(2));
        assert_eq!(f, &[0, 1 << 1]);
        assert_eq!(g.unknown_count(), 209);
        g.set(0, 0, Cell::Empty).unwrap();
        assert_eq!(&g.row_string(0)[..3], ".??");
    }

    #[test]
    fn line_words_reach_the_crossing_lines() {
        let mut g = Grid::new(70, 3);
        g.set_line_word(LineId::row(1), 1, 0b10, 0b01);
        assert_eq!(g.get(1, 65), Cell::Filled);
        assert_eq!(g.get(1, 64), Cell::Empty);
        assert_eq!(g.line(LineId::column(65)), (&[0b010][..], &[0][..]));
        assert_eq!(g.line(LineId::column(64)), (&[0][..], &[0b010][..]));
        assert_eq!(g.unknown_count(), 208);
    }
}
