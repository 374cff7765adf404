//! The geometry of a printed puzzle sheet, shared by the SVG and PNG renderers so both draw the
//! same picture: the column clues in a band above the grid, the row clues in a band to its
//! left, one number per square slot the size of a cell, as puzzle books print them.
//!
//! Everything is in whole pixels (SVG user units are pixels too), so the PNG rasteriser never has
//! to round and the two outputs line up exactly.

use nonogram_model::triangle;
use nonogram_model::{Cell, Clue, ColourId, Palette, Puzzle, Rgb};

use crate::{Cells, WithGivens};

/// What the sheet shows in its cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CellStyle {
    /// Filled cells in their colour (black in a black-and-white puzzle), empty ones white (or
    /// the background's colour), unknown ones (a colour puzzle's cells with several colours
    /// left too) hatched in grey: a solution, or the partial grid of a deduction.
    #[default]
    Solution,
    /// Every cell white, whatever it holds, but for the cells the puzzle gives, printed in
    /// their colour: a blank sheet to print and solve with a pencil.
    Blank,
}

/// Options of the SVG and PNG renderers. Every field has a default; build them with struct update
/// syntax from [`SheetOptions::default`].
///
/// What the sheets look like, whatever the options: a colour puzzle's cells are filled with
/// their colour's RGB (background cells are left white, or filled with the background's RGB when
/// it is not white), and each of its clue numbers stands on a square of its run's colour, framed
/// in the grid's grey, the digits black or white by the colour's luma, as webpbn prints them.
/// A black-and-white puzzle has black cells and plain black digits on white; a triangle puzzle
/// too, its half cells drawn as black triangles and each run's caps as small ones beside its
/// number, in clue slots widened along their line to hold them. The cells given to
/// `render_marked` ([`SvgRenderer`](crate::SvgRenderer), [`PngRenderer`](crate::PngRenderer)),
/// where two solutions differ, get a red frame two pixels inside the cell (a tenth of the cell
/// thick, at least one pixel), lined inside with white as thick, so that it shows on any fill,
/// red included; the cell's own colour stays visible in the middle. The cells the puzzle gives
/// are drawn in their given colour in every style (a blank sheet prints them, as puzzle books
/// do) and carry a square dot in their middle, a fifth of the cell wide (at least two pixels):
/// white on a dark fill, the grid's grey on a light one, so that a given cell reads as printed
/// and an empty given as a known blank.
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

/// One number of a clue: its digits, in a colour puzzle the colour of its run, and in a
/// triangle puzzle the half cells that cap its start and end (the background for none).
#[derive(Clone, Debug)]
pub(crate) struct Number {
    pub text: String,
    pub colour: Option<Rgb>,
    pub caps: [ColourId; 2],
}

/// A clue number with the top-left corner of its slot, and whether it is a row's (its caps
/// then stand left and right of the digits) or a column's (above and below).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot<'a> {
    pub x: u32,
    pub y: u32,
    pub number: &'a Number,
    pub across: bool,
    /// The slot's extent along its line ([`Layout::pitch`]); across it, a cell.
    pub along: u32,
}

impl Slot<'_> {
    /// The small half cells drawn for the number's caps (cells of side `cell`): each cap's
    /// entry with the top-left corner and side of its square, at the slot's left and right
    /// ends for a row's number, its top and bottom for a column's, centred across.
    pub fn caps(&self, cell: u32) -> Vec<(ColourId, u32, u32, u32)> {
        let side = cap_side(cell);
        let middle = (cell - side) / 2;
        let far = self.along - side - 1;
        self.number
            .caps
            .iter()
            .zip([1, far])
            .filter(|(cap, _)| !cap.is_background())
            .map(|(&cap, at)| {
                let (dx, dy) = if self.across {
                    (at, middle)
                } else {
                    (middle, at)
                };
                (cap, self.x + dx, self.y + dy, side)
            })
            .collect()
    }

    /// The box the digits are centred in, `(x, y, width, height)`: a cell's square in the
    /// middle of the slot, the caps' room on either side of it.
    pub fn digits_box(&self, cell: u32) -> (u32, u32, u32, u32) {
        let inset = (self.along - cell) / 2;
        if self.across {
            (self.x + inset, self.y, cell, cell)
        } else {
            (self.x, self.y + inset, cell, cell)
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
    /// A clue slot's extent along its line: a cell, and in a triangle puzzle a cell and room
    /// for two caps, so that caps never crowd the digits.
    pub pitch: u32,
    /// The margin around everything.
    pub margin: u32,
    pub rows: usize,
    pub cols: usize,
    /// Numbers of each row clue and each column clue (`0` for an empty line).
    pub row_clues: Vec<Vec<Number>>,
    pub col_clues: Vec<Vec<Number>>,
}

/// The side of a clue's cap beside cells of side `cell`: a quarter of it, at least 3 pixels.
fn cap_side(cell: u32) -> u32 {
    (cell / 4).max(3)
}

/// The numbers of a clue; `0` for an empty line. Runs carry their colour only in a colour
/// puzzle: black-and-white and triangle sheets have no clue squares (a triangle puzzle's runs
/// are all black; their caps are drawn as small half cells beside the digits).
fn numbers(clue: Option<&Clue>, palette: &Palette) -> Vec<Number> {
    let plain = palette.is_black_and_white() || palette.is_triangles();
    match clue {
        Some(clue) if !clue.is_empty() => clue
            .iter()
            .enumerate()
            .map(|(i, run)| Number {
                text: run.len.to_string(),
                colour: palette.get(run.colour).filter(|_| !plain).map(|e| e.rgb),
                caps: clue.caps(i),
            })
            .collect(),
        _ => vec![Number {
            text: "0".to_string(),
            colour: None,
            caps: [ColourId::BACKGROUND; 2],
        }],
    }
}

impl Layout {
    pub fn new(puzzle: &Puzzle, cells: &dyn Cells, options: &SheetOptions) -> Layout {
        let cell = options.cell.clamp(8, 200);
        let (rows, cols) = (cells.height(), cells.width());
        let palette = puzzle.palette();
        let (row_clues, col_clues): (Vec<Vec<Number>>, Vec<Vec<Number>>) = if options.clues {
            (
                (0..rows)
                    .map(|r| numbers(puzzle.rows().get(r), palette))
                    .collect(),
                (0..cols)
                    .map(|c| numbers(puzzle.columns().get(c), palette))
                    .collect(),
            )
        } else {
            (Vec::new(), Vec::new())
        };
        let pitch = if palette.is_triangles() {
            cell + 2 * (cap_side(cell) + 1)
        } else {
            cell
        };
        let slots = |clues: &[Vec<Number>]| clues.iter().map(Vec::len).max().unwrap_or(0) as u32;
        Layout {
            cell,
            left: slots(&row_clues) * pitch,
            top: slots(&col_clues) * pitch,
            pitch,
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

    /// Every clue number with its slot: row clues right-aligned in their band, column clues
    /// bottom-aligned in theirs.
    pub fn clue_slots(&self) -> Vec<Slot<'_>> {
        let mut out = Vec::new();
        let (gx, gy) = self.grid_origin();
        for (r, numbers) in self.row_clues.iter().enumerate() {
            let first = gx - numbers.len() as u32 * self.pitch;
            for (i, number) in numbers.iter().enumerate() {
                out.push(Slot {
                    x: first + i as u32 * self.pitch,
                    y: gy + r as u32 * self.cell,
                    number,
                    across: true,
                    along: self.pitch,
                });
            }
        }
        for (c, numbers) in self.col_clues.iter().enumerate() {
            let first = gy - numbers.len() as u32 * self.pitch;
            for (i, number) in numbers.iter().enumerate() {
                out.push(Slot {
                    x: gx + c as u32 * self.cell,
                    y: first + i as u32 * self.pitch,
                    number,
                    across: false,
                    along: self.pitch,
                });
            }
        }
        out
    }

    /// Whether the grid line at position `i` (0..=n) is drawn thick.
    pub fn is_guide(&self, i: usize, n: usize, every: u32) -> bool {
        i == 0 || i == n || (every > 0 && i.is_multiple_of(every as usize))
    }

    /// The marked cells that lie in the grid, in order, each once.
    pub fn marks(&self, marked: &[(usize, usize)]) -> Vec<(usize, usize)> {
        let mut marks: Vec<(usize, usize)> = marked
            .iter()
            .copied()
            .filter(|&(r, c)| r < self.rows && c < self.cols)
            .collect();
        marks.sort_unstable();
        marks.dedup();
        marks
    }

    /// The red frame of a marked cell: its inset from the cell's edge and its thickness; the
    /// white lining, as thick, runs just inside it. Clear of the grid lines (a guide line
    /// reaches one pixel into the cell) and thin enough to leave the cell's colour visible.
    pub fn mark_frame(&self) -> (u32, u32) {
        (2, (self.cell / 10).max(1))
    }

    /// The dot of a given cell: its offset from the cell's corner (the same across and down)
    /// and its side, in whole pixels so that SVG and PNG agree.
    pub fn given_dot(&self) -> (u32, u32) {
        let side = (self.cell / 5).max(2);
        ((self.cell - side) / 2, side)
    }

    /// The cells `puzzle` gives that lie in the grid, each with the ink of its dot: white on a
    /// dark fill, the grid's grey otherwise.
    pub fn given_dots(
        &self,
        puzzle: &Puzzle,
        cells: &dyn Cells,
        style: CellStyle,
    ) -> Vec<(usize, usize, Rgb)> {
        puzzle
            .givens()
            .iter()
            .filter(|g| g.row < self.rows && g.col < self.cols)
            .map(|g| {
                let ink = match cell_paint(puzzle, cells, g.row, g.col, style) {
                    Paint::Fill(rgb) if light_digits_on(rgb) => Rgb::WHITE,
                    _ => GIVEN_INK,
                };
                (g.row, g.col, ink)
            })
            .collect()
    }
}

/// The dot of a given cell on a light fill: the grid's grey.
pub(crate) const GIVEN_INK: Rgb = Rgb::new(0x40, 0x40, 0x40);

/// How a cell is painted on the sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Paint {
    /// Nothing: the white sheet shows.
    Nothing,
    /// A solid colour.
    Fill(Rgb),
    /// Hatched: not known yet.
    Hatch,
    /// A triangle puzzle's half cell: black in the corner named by the entry
    /// (`nonogram_model::triangle`), the rest as the background.
    Half(ColourId),
}

/// The corners of the black half of a triangle puzzle's half cell `id`, in a unit square
/// (x right, y down).
pub(crate) fn half_corners(id: ColourId) -> [(u32, u32); 3] {
    match id {
        triangle::LOWER_RIGHT => [(1, 0), (1, 1), (0, 1)],
        triangle::UPPER_LEFT => [(0, 0), (1, 0), (0, 1)],
        triangle::UPPER_RIGHT => [(0, 0), (1, 0), (1, 1)],
        _ => [(0, 0), (0, 1), (1, 1)],
    }
}

/// Whether the pixel `(x, y)` of a cell of `side` pixels lies in the black half of `id`
/// (its centre on or past the diagonal).
pub(crate) fn in_half(id: ColourId, x: u32, y: u32, side: u32) -> bool {
    let (x, y, s) = (2 * x + 1, 2 * y + 1, 2 * side);
    match id {
        triangle::LOWER_RIGHT => x + y >= s,
        triangle::UPPER_LEFT => x + y <= s,
        triangle::UPPER_RIGHT => x >= y,
        _ => x <= y,
    }
}

/// The cell at `(row, col)` as the sheet shows it under `style` (a cell the puzzle gives in its
/// given colour, whatever the style).
pub(crate) fn cell_paint(
    puzzle: &Puzzle,
    cells: &dyn Cells,
    row: usize,
    col: usize,
    style: CellStyle,
) -> Paint {
    let palette = puzzle.palette();
    let background = || match palette.background().rgb {
        Rgb::WHITE => Paint::Nothing,
        rgb => Paint::Fill(rgb),
    };
    let cells = &WithGivens::new(puzzle, cells);
    if style == CellStyle::Blank && !cells.is_given(row, col) {
        return Paint::Nothing;
    }
    if palette.is_black_and_white() {
        return match cells.cell(row, col) {
            Cell::Filled => {
                Paint::Fill(palette.colours().next().map_or(Rgb::BLACK, |(_, e)| e.rgb))
            }
            Cell::Empty => background(),
            Cell::Unknown => Paint::Hatch,
        };
    }
    match cells.options(row, col).only() {
        Some(id) if id.is_background() => background(),
        Some(id) if palette.is_triangles() && triangle::is_triangle(id) => Paint::Half(id),
        Some(id) => palette.get(id).map_or(Paint::Hatch, |e| Paint::Fill(e.rgb)),
        None => Paint::Hatch,
    }
}

/// Whether digits on `rgb` are drawn white (on a dark colour) rather than black.
pub(crate) fn light_digits_on(rgb: Rgb) -> bool {
    rgb.luma() < 128
}
