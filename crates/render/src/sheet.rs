//! The geometry of a printed puzzle sheet, shared by the SVG and PNG renderers so both draw the
//! same picture: the column clues in a band above the grid, the row clues in a band to its
//! left, one number per square slot the size of a cell, as puzzle books print them.
//!
//! Everything is in whole pixels (SVG user units are pixels too), so the PNG rasteriser never has
//! to round and the two outputs line up exactly.

use nonogram_model::{Cell, Puzzle};

use crate::Cells;

/// What the sheet shows in its cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CellStyle {
    /// Filled cells dark, empty ones white, unknown ones hatched in grey: a solution, or the
    /// partial grid of a deduction.
    #[default]
    Solution,
    /// Every cell white, whatever it holds: a blank sheet to print and solve with a pencil.
    Blank,
}

/// Options of the SVG and PNG renderers. Every field has a default; build them with struct update
/// syntax from [`SheetOptions::default`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetOptions {
    /// The side of a cell in pixels. Default: 20. Clamped to 8..=200 when drawing (digits need
    /// room, and a bound keeps a PNG's size proportional to the puzzle's).
    pub cell: u32,
    /// Whether to draw the clues around the grid. Default: true.
    pub clues: bool,
    /// How to draw the cells. Default: [`CellStyle::Solution`].
    pub style: CellStyle,
    /// Draw a thicker line every this many cells, as puzzle books do to help counting; 0 for
    /// never. Default: 5.
    pub guide_every: u32,
}

impl Default for SheetOptions {
    fn default() -> SheetOptions {
        SheetOptions {
            cell: 20,
            clues: true,
            style: CellStyle::Solution,
            guide_every: 5,
        }
    }
}

/// Positions of everything on the sheet.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    pub cell: u32,
    /// Width of the row-clue band and height of the column-clue band, in pixels.
    pub left: u32,
    pub top: u32,
    /// The margin around everything.
    pub margin: u32,
    pub rows: usize,
    pub cols: usize,
    /// Numbers of each row clue and each column clue (`0` for an empty line).
    pub row_clues: Vec<Vec<String>>,
    pub col_clues: Vec<Vec<String>>,
}

impl Layout {
    pub fn new(puzzle: &Puzzle, cells: &dyn Cells, options: &SheetOptions) -> Layout {
        let cell = options.cell.clamp(8, 200);
        let (rows, cols) = (cells.height(), cells.width());
        let numbers = |runs: Option<&[u32]>| -> Vec<String> {
            match runs {
                Some(r) if !r.is_empty() => r.iter().map(u32::to_string).collect(),
                _ => vec!["0".to_string()],
            }
        };
        let (row_clues, col_clues): (Vec<Vec<String>>, Vec<Vec<String>>) = if options.clues {
            (
                (0..rows)
                    .map(|r| numbers(puzzle.rows().get(r).map(|c| c.runs())))
                    .collect(),
                (0..cols)
                    .map(|c| numbers(puzzle.columns().get(c).map(|k| k.runs())))
                    .collect(),
            )
        } else {
            (Vec::new(), Vec::new())
        };
        let slots = |clues: &[Vec<String>]| clues.iter().map(Vec::len).max().unwrap_or(0) as u32;
        Layout {
            cell,
            left: slots(&row_clues) * cell,
            top: slots(&col_clues) * cell,
            margin: cell / 2,
            rows,
            cols,
            row_clues,
            col_clues,
        }
    }

    pub fn width(&self) -> u32 {
        self.margin * 2 + self.left + self.cols as u32 * self.cell
    }

    pub fn height(&self) -> u32 {
        self.margin * 2 + self.top + self.rows as u32 * self.cell
    }

    /// The top-left corner of the grid.
    pub fn grid_origin(&self) -> (u32, u32) {
        (self.margin + self.left, self.margin + self.top)
    }

    /// The top-left corner of a cell.
    pub fn cell_origin(&self, row: usize, col: usize) -> (u32, u32) {
        let (x, y) = self.grid_origin();
        (x + col as u32 * self.cell, y + row as u32 * self.cell)
    }

    /// Every clue number with the top-left corner of its slot: row clues right-aligned in their
    /// band, column clues bottom-aligned in theirs.
    pub fn clue_slots(&self) -> Vec<(u32, u32, &str)> {
        let mut out = Vec::new();
        let (gx, gy) = self.grid_origin();
        for (r, numbers) in self.row_clues.iter().enumerate() {
            let first = gx - numbers.len() as u32 * self.cell;
            for (i, n) in numbers.iter().enumerate() {
                out.push((
                    first + i as u32 * self.cell,
                    gy + r as u32 * self.cell,
                    n.as_str(),
                ));
            }
        }
        for (c, numbers) in self.col_clues.iter().enumerate() {
            let first = gy - numbers.len() as u32 * self.cell;
            for (i, n) in numbers.iter().enumerate() {
                out.push((
                    gx + c as u32 * self.cell,
                    first + i as u32 * self.cell,
                    n.as_str(),
                ));
            }
        }
        out
    }

    /// Whether the grid line at position `i` (0..=n) is drawn thick.
    pub fn is_guide(&self, i: usize, n: usize, every: u32) -> bool {
        i == 0 || i == n || (every > 0 && i.is_multiple_of(every as usize))
    }
}

/// The cell as the sheet shows it under `style`.
pub(crate) fn shown(cells: &dyn Cells, row: usize, col: usize, style: CellStyle) -> Cell {
    match style {
        CellStyle::Blank => Cell::Empty,
        CellStyle::Solution => cells.cell(row, col),
    }
}
