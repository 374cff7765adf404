//! What renderers draw: a rectangle of cells, each known or not.

use crate::colour::{ColourId, ColourSet, Palette};
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

/// A partial grid of any palette: the colours each cell may still take (one when it is
/// known). What deduction and explanations hand to their callers, whatever engine produced it
/// (the engines keep faster representations of their own: bit masks for black and white), and
/// what a person's half-solved colour grid reads into ([`CellRows`] is the black-and-white
/// case).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PartialGrid {
    width: usize,
    height: usize,
    cells: Vec<ColourSet>,
}

impl PartialGrid {
    /// A grid where every cell may take every one of `palette_len` entries. Callers check the
    /// size with [`check_size`](crate::check_size) first.
    pub fn unknown(width: usize, height: usize, palette_len: usize) -> PartialGrid {
        PartialGrid::filled_with(width, height, ColourSet::all(palette_len))
    }

    /// A `width` × `height` grid where every cell may take any of `options`.
    pub fn filled_with(width: usize, height: usize, options: ColourSet) -> PartialGrid {
        PartialGrid {
            width,
            height,
            cells: vec![options; width * height],
        }
    }

    /// Rows of sets; `None` unless all rows have the same, non-zero length.
    pub fn new(rows: Vec<Vec<ColourSet>>) -> Option<PartialGrid> {
        let width = rows.first()?.len();
        if width == 0 || rows.iter().any(|r| r.len() != width) {
            return None;
        }
        Some(PartialGrid {
            width,
            height: rows.len(),
            cells: rows.concat(),
        })
    }

    /// A copy of any view of cells.
    pub fn from_cells(cells: &dyn Cells) -> PartialGrid {
        let (width, height) = (cells.width(), cells.height());
        let mut grid = PartialGrid {
            width,
            height,
            cells: Vec::with_capacity(width * height),
        };
        for r in 0..height {
            for c in 0..width {
                grid.cells.push(cells.options(r, c));
            }
        }
        grid
    }

    /// The colours the cell at `(row, col)` may still take.
    pub fn get(&self, row: usize, col: usize) -> ColourSet {
        self.cells[row * self.width + col]
    }

    /// Narrows or sets the colours of the cell at `(row, col)`.
    pub fn set(&mut self, row: usize, col: usize, options: ColourSet) {
        self.cells[row * self.width + col] = options;
    }

    /// Cells not yet down to one colour.
    pub fn unknown_count(&self) -> usize {
        self.cells.iter().filter(|s| s.only().is_none()).count()
    }

    /// Whether some cell has no colour left: the grid contradicts itself.
    pub fn is_contradictory(&self) -> bool {
        self.cells.iter().any(|s| s.is_empty())
    }

    /// The picture, if every cell is down to one colour.
    pub fn to_picture(&self) -> Option<Picture> {
        let mut picture = Picture::new(self.width, self.height);
        for r in 0..self.height {
            for c in 0..self.width {
                picture.set_colour(r, c, self.get(r, c).only()?);
            }
        }
        Some(picture)
    }

    /// All rows as strings of the palette's characters, `?` for a cell with several colours
    /// left (and `!` for one with none).
    pub fn row_strings(&self, palette: &Palette) -> Vec<String> {
        (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| {
                        let options = self.get(r, c);
                        match options.only() {
                            Some(id) => palette.get(id).map_or('?', |e| e.symbol),
                            None if options.is_empty() => '!',
                            None => '?',
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

impl Cells for PartialGrid {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_grids_read_as_black_and_white_and_as_text() {
        let palette = Palette::black_and_white();
        let mut grid = PartialGrid::unknown(3, 1, palette.len());
        grid.set(0, 0, ColourSet::single(ColourId::BLACK));
        grid.set(0, 1, ColourSet::single(ColourId::BACKGROUND));
        assert_eq!(grid.row_strings(&palette), ["#.?"]);
        assert_eq!(grid.unknown_count(), 1);
        assert_eq!(
            [grid.cell(0, 0), grid.cell(0, 1), grid.cell(0, 2)],
            [Cell::Filled, Cell::Empty, Cell::Unknown]
        );
        assert_eq!(grid.to_picture(), None);
        grid.set(0, 2, ColourSet::single(ColourId::BLACK));
        assert_eq!(grid.to_picture(), Picture::from_strings(&["#.#"]));
        assert_eq!(PartialGrid::from_cells(&grid), grid);
        grid.set(0, 2, ColourSet::EMPTY);
        assert!(grid.is_contradictory());
    }

    #[test]
    fn partial_grids_from_rows_of_sets() {
        let red = ColourId::new(2).unwrap();
        let mut rows = PartialGrid::filled_with(2, 3, ColourSet::all(3));
        assert_eq!((rows.width(), rows.height()), (2, 3));
        rows.set(1, 0, ColourSet::single(red));
        assert_eq!(rows.options(1, 0).only(), Some(red));
        assert_eq!(rows.cell(1, 0), Cell::Filled);
        assert_eq!(rows.cell(0, 0), Cell::Unknown);
        assert!(PartialGrid::new(vec![vec![ColourSet::EMPTY], vec![]]).is_none());
        assert!(PartialGrid::new(vec![]).is_none());
        let built = PartialGrid::new(vec![vec![ColourSet::single(red)]; 2]).unwrap();
        assert_eq!((built.width(), built.height()), (1, 2));
    }
}
