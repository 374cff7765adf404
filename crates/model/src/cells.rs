//! What renderers draw: a rectangle of cells, each known or not.

use crate::colour::{ColourId, ColourSet};
use crate::picture::Picture;

/// The state of one cell of a black-and-white partial grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Not decided yet.
    Unknown,
    /// Known to be filled.
    Filled,
    /// Known to be empty (background).
    Empty,
}

impl Cell {
    /// `#`, `.` or `?`.
    pub fn symbol(self) -> char {
        match self {
            Cell::Unknown => '?',
            Cell::Filled => '#',
            Cell::Empty => '.',
        }
    }

    /// The cell of a symbol: `#` filled, `.` empty, `?` unknown.
    pub fn from_symbol(symbol: char) -> Option<Cell> {
        match symbol {
            '#' => Some(Cell::Filled),
            '.' => Some(Cell::Empty),
            '?' => Some(Cell::Unknown),
            _ => None,
        }
    }

    /// The black-and-white reading of a set of possible colours: empty if only the background
    /// is left, filled if the background is ruled out, unknown otherwise.
    pub fn from_options(options: ColourSet) -> Cell {
        if options == ColourSet::single(ColourId::BACKGROUND) {
            Cell::Empty
        } else if !options.contains(ColourId::BACKGROUND) {
            Cell::Filled
        } else {
            Cell::Unknown
        }
    }

    /// The colours a black-and-white cell may still take.
    pub fn options(self) -> ColourSet {
        match self {
            Cell::Unknown => ColourSet::all(2),
            Cell::Filled => ColourSet::single(ColourId::BLACK),
            Cell::Empty => ColourSet::single(ColourId::BACKGROUND),
        }
    }
}

/// Anything with a rectangle of cells to show: a solved [`Picture`], a partial grid of the
/// engines.
pub trait Cells {
    /// Cells per row.
    fn width(&self) -> usize;
    /// Number of rows.
    fn height(&self) -> usize;
    /// The colours the cell at `(row, col)` may still have (one when it is known), both within
    /// bounds.
    fn options(&self, row: usize, col: usize) -> ColourSet;
    /// The black-and-white reading of the cell at `(row, col)`.
    fn cell(&self, row: usize, col: usize) -> Cell {
        Cell::from_options(self.options(row, col))
    }
}

impl Cells for Picture {
    fn width(&self) -> usize {
        Picture::width(self)
    }
    fn height(&self) -> usize {
        Picture::height(self)
    }
    fn options(&self, row: usize, col: usize) -> ColourSet {
        ColourSet::single(self.colour(row, col))
    }
}

/// A black-and-white partial grid as rows of [`Cell`]s: what a person's half-solved grid (the
/// `--grid` of `explain --hint`) reads into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellRows {
    width: usize,
    cells: Vec<Cell>,
}

impl CellRows {
    /// Rows of cells; `None` unless all rows have the same, non-zero length.
    pub fn new(rows: Vec<Vec<Cell>>) -> Option<CellRows> {
        let width = rows.first()?.len();
        if width == 0 || rows.iter().any(|r| r.len() != width) {
            return None;
        }
        Some(CellRows {
            width,
            cells: rows.concat(),
        })
    }

    /// A `width` × `height` grid of unknown cells (both at least 1).
    pub fn unknown(width: usize, height: usize) -> CellRows {
        CellRows {
            width: width.max(1),
            cells: vec![Cell::Unknown; width.max(1) * height.max(1)],
        }
    }

    /// The cell at `(row, col)`.
    pub fn get(&self, row: usize, col: usize) -> Cell {
        self.cells[row * self.width + col]
    }

    /// Sets the cell at `(row, col)`.
    pub fn set(&mut self, row: usize, col: usize, cell: Cell) {
        self.cells[row * self.width + col] = cell;
    }
}

impl Cells for CellRows {
    fn width(&self) -> usize {
        self.width
    }
    fn height(&self) -> usize {
        self.cells.len() / self.width
    }
    fn options(&self, row: usize, col: usize) -> ColourSet {
        self.get(row, col).options()
    }
    fn cell(&self, row: usize, col: usize) -> Cell {
        self.get(row, col)
    }
}

/// A partial grid of a colour puzzle: for each cell, the palette entries it may still take
/// (one when it is known, every entry when nothing is known). What a person's half-solved colour
/// grid reads into; [`CellRows`] is the black-and-white case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColourRows {
    width: usize,
    cells: Vec<ColourSet>,
}

impl ColourRows {
    /// Rows of sets; `None` unless all rows have the same, non-zero length.
    pub fn new(rows: Vec<Vec<ColourSet>>) -> Option<ColourRows> {
        let width = rows.first()?.len();
        if width == 0 || rows.iter().any(|r| r.len() != width) {
            return None;
        }
        Some(ColourRows {
            width,
            cells: rows.concat(),
        })
    }

    /// A `width` × `height` grid (both at least 1) where every cell may take any of `options`.
    pub fn filled_with(width: usize, height: usize, options: ColourSet) -> ColourRows {
        ColourRows {
            width: width.max(1),
            cells: vec![options; width.max(1) * height.max(1)],
        }
    }

    /// The colours the cell at `(row, col)` may take.
    pub fn get(&self, row: usize, col: usize) -> ColourSet {
        self.cells[row * self.width + col]
    }

    /// Sets the colours the cell at `(row, col)` may take.
    pub fn set(&mut self, row: usize, col: usize, options: ColourSet) {
        self.cells[row * self.width + col] = options;
    }
}

impl Cells for ColourRows {
    fn width(&self) -> usize {
        self.width
    }
    fn height(&self) -> usize {
        self.cells.len() / self.width
    }
    fn options(&self, row: usize, col: usize) -> ColourSet {
        self.get(row, col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_rows_hold_sets() {
        let red = ColourId::new(2).unwrap();
        let mut rows = ColourRows::filled_with(2, 3, ColourSet::all(3));
        assert_eq!((rows.width(), rows.height()), (2, 3));
        rows.set(1, 0, ColourSet::single(red));
        assert_eq!(rows.options(1, 0).only(), Some(red));
        assert_eq!(rows.cell(1, 0), Cell::Filled);
        assert_eq!(rows.cell(0, 0), Cell::Unknown);
        assert!(ColourRows::new(vec![vec![ColourSet::EMPTY], vec![]]).is_none());
        assert!(ColourRows::new(vec![]).is_none());
    }
}
