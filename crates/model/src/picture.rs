//! Complete pictures: one colour per cell.

use std::fmt;

use crate::colour::{ColourId, Palette};

/// A complete picture: a solution, a goal, or a drawing to make a puzzle from.
///
/// Pictures of one size are ordered by their cells, row by row, a cell of a lower palette entry
/// first (so an empty cell before a filled one): the order solutions are reported in.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Picture {
    width: usize,
    height: usize,
    /// Row-major.
    cells: Vec<ColourId>,
}

impl Picture {
    /// An all-background picture. Callers check the size with
    /// [`check_size`](crate::check_size) first.
    pub fn new(width: usize, height: usize) -> Picture {
        Picture {
            width,
            height,
            cells: vec![ColourId::BACKGROUND; width * height],
        }
    }

    /// A black-and-white picture from rows of cells (`true` = filled); `None` unless all rows
    /// have the same, non-zero length.
    pub fn from_rows(rows: &[Vec<bool>]) -> Option<Picture> {
        let rows: Vec<Vec<ColourId>> = rows
            .iter()
            .map(|r| {
                r.iter()
                    .map(|&f| {
                        if f {
                            ColourId::BLACK
                        } else {
                            ColourId::BACKGROUND
                        }
                    })
                    .collect()
            })
            .collect();
        Picture::from_colour_rows(&rows)
    }

    /// A picture from rows of colours; `None` unless all rows have the same, non-zero length.
    pub fn from_colour_rows(rows: &[Vec<ColourId>]) -> Option<Picture> {
        let width = rows.first()?.len();
        if width == 0 || rows.iter().any(|r| r.len() != width) {
            return None;
        }
        Some(Picture {
            width,
            height: rows.len(),
            cells: rows.concat(),
        })
    }

    /// A black-and-white picture from rows written as text, `#` for a filled cell and anything
    /// else for an empty one (the form tests and examples write pictures in); `None` unless all
    /// rows have the same, non-zero length.
    pub fn from_strings(rows: &[&str]) -> Option<Picture> {
        let rows: Vec<Vec<bool>> = rows
            .iter()
            .map(|r| r.chars().map(|c| c == '#').collect())
            .collect();
        Picture::from_rows(&rows)
    }

    /// Cells per row.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether the cell at `(row, col)` is filled (of any colour but the background).
    pub fn get(&self, row: usize, col: usize) -> bool {
        !self.cells[row * self.width + col].is_background()
    }

    /// Makes the cell at `(row, col)` black (`true`) or background.
    pub fn set(&mut self, row: usize, col: usize, filled: bool) {
        let colour = if filled {
            ColourId::BLACK
        } else {
            ColourId::BACKGROUND
        };
        self.set_colour(row, col, colour);
    }

    /// The colour of the cell at `(row, col)`.
    pub fn colour(&self, row: usize, col: usize) -> ColourId {
        self.cells[row * self.width + col]
    }

    /// Gives the cell at `(row, col)` a colour.
    pub fn set_colour(&mut self, row: usize, col: usize, colour: ColourId) {
        self.cells[row * self.width + col] = colour;
    }

    /// Every cell's colour, row by row.
    pub fn cells(&self) -> &[ColourId] {
        &self.cells
    }

    /// The highest palette entry any cell uses (the background for a blank picture).
    pub fn max_colour(&self) -> ColourId {
        self.cells.iter().copied().max().unwrap_or_default()
    }

    /// One row as a string of `#` (filled) and `.` (empty).
    pub fn row_string(&self, row: usize) -> String {
        (0..self.width)
            .map(|c| if self.get(row, c) { '#' } else { '.' })
            .collect()
    }

    /// All rows as `#`/`.` strings, the form the JSON output of black-and-white puzzles uses.
    pub fn row_strings(&self) -> Vec<String> {
        (0..self.height).map(|r| self.row_string(r)).collect()
    }

    /// All rows as strings of the palette's characters (`?` for an entry it lacks): the form
    /// of colour solutions in JSON.
    pub fn row_strings_in(&self, palette: &Palette) -> Vec<String> {
        (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| palette.get(self.colour(r, c)).map_or('?', |e| e.symbol))
                    .collect()
            })
            .collect()
    }

    /// The cells where two pictures of the same size differ, as `(row, col)`.
    pub fn differences(&self, other: &Picture) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for r in 0..self.height.min(other.height) {
            for c in 0..self.width.min(other.width) {
                if self.colour(r, c) != other.colour(r, c) {
                    out.push((r, c));
                }
            }
        }
        out
    }
}

impl fmt::Debug for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Picture {}x{}", self.width, self.height)?;
        for r in 0..self.height {
            let row: String = (0..self.width)
                .map(|c| match self.colour(r, c).index() {
                    0 => '.',
                    1 => '#',
                    i => char::from_digit(i as u32 % 36, 36).unwrap_or('?'),
                })
                .collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}
