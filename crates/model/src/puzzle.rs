//! Puzzles: a palette, a width, a height, one [`Clue`] per row and per column, and the cells the
//! puzzle gives ([`Given`]s, most puzzles none: see [`crate::given`]).
//!
//! Everything else a file format may add (title, author, a goal picture) lives in [`Metadata`]
//! so the solver never has to look at it; givens are part of the puzzle, and every solution
//! agrees with them. Construction always goes through [`Puzzle::new`] (or
//! [`Puzzle::with_palette`]), which checks the *structure*: sizes within [`Limits`], so that no
//! input, however hostile, can make us allocate without limit, and run colours that the palette
//! has.
//!
//! Clues that are well formed but cannot all be satisfied *at a glance* (a clue longer than its
//! line, rows and columns that ask for different numbers of cells of some colour) still make a
//! puzzle: the file was read perfectly well, and the honest answer about it is "no solution",
//! with the reason, which [`Puzzle::inconsistency`] gives. The solvers check it first, so no
//! engine ever meets such clues.

use std::fmt;

use crate::cells::PartialGrid;
use crate::clue::Clue;
use crate::colour::{ColourId, ColourSet, Palette};
use crate::given::Given;
use crate::picture::Picture;
use crate::triangle;

/// Which family of lines a line belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Axis {
    /// Horizontal lines, indexed top to bottom.
    Row,
    /// Vertical lines, indexed left to right.
    Column,
}

impl Axis {
    /// The other axis.
    pub fn other(self) -> Axis {
        match self {
            Axis::Row => Axis::Column,
            Axis::Column => Axis::Row,
        }
    }

    /// `"row"` or `"column"`.
    pub fn name(self) -> &'static str {
        match self {
            Axis::Row => "row",
            Axis::Column => "column",
        }
    }
}

impl fmt::Display for Axis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One line of the puzzle: an axis and a 0-based index along it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineId {
    /// Row or column.
    pub axis: Axis,
    /// Counted from 0, top to bottom or left to right.
    pub index: usize,
}

impl LineId {
    /// Row `index` (from 0).
    pub const fn row(index: usize) -> LineId {
        LineId {
            axis: Axis::Row,
            index,
        }
    }

    /// Column `index` (from 0).
    pub const fn column(index: usize) -> LineId {
        LineId {
            axis: Axis::Column,
            index,
        }
    }

    /// The `(row, col)` of position `i` along this line.
    pub const fn cell(self, i: usize) -> (usize, usize) {
        match self.axis {
            Axis::Row => (self.index, i),
            Axis::Column => (i, self.index),
        }
    }
}

impl fmt::Display for LineId {
    /// Lines are shown counted from 1, as people count them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.axis, self.index + 1)
    }
}

/// Upper bounds on puzzle sizes. Every reader and constructor enforces them before allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The longest side. Default: 4096 cells (the largest published puzzles are a few hundred).
    pub max_side: usize,
    /// The most cells in one puzzle. Default: 4,194,304 (2048 × 2048).
    pub max_cells: usize,
}

impl Limits {
    /// The default limits.
    pub const DEFAULT: Limits = Limits {
        max_side: 4096,
        max_cells: 1 << 22,
    };
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// Why a set of clues is not a puzzle at all: bad input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// A side of zero cells.
    ZeroSize {
        /// Cells per row.
        width: usize,
        /// Cells per column.
        height: usize,
    },
    /// A side or the cell count over [`Limits`].
    TooLarge {
        /// Cells per row.
        width: usize,
        /// Cells per column.
        height: usize,
        /// The limits it breaks.
        limits: Limits,
    },
    /// A run whose colour the palette does not have, or the background.
    BadColour {
        /// The line of the run.
        line: LineId,
        /// The run's position in the clue, from 0.
        run: usize,
        /// The colour asked for.
        colour: ColourId,
    },
    /// A run's cap that is not a half cell of a triangle puzzle's palette facing the run
    /// ([`crate::triangle`]), or a run shorter than its caps.
    BadCap {
        /// The line of the run.
        line: LineId,
        /// The run's position in the clue, from 0.
        run: usize,
    },
    /// A given cell outside the grid.
    GivenOutside {
        /// Its row, from 0.
        row: usize,
        /// Its column, from 0.
        col: usize,
    },
    /// A given cell of a colour the palette does not have.
    GivenColour {
        /// Its row, from 0.
        row: usize,
        /// Its column, from 0.
        col: usize,
        /// The colour asked for.
        colour: ColourId,
    },
    /// One cell given two different colours.
    GivenTwice {
        /// Its row, from 0.
        row: usize,
        /// Its column, from 0.
        col: usize,
    },
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::ZeroSize { width, height } => {
                write!(f, "puzzle of {width}x{height} cells: both sides must be at least 1")
            }
            PuzzleError::TooLarge { width, height, limits } => write!(
                f,
                "puzzle of {width}x{height} cells is too large (at most {} cells a side and {} cells in all)",
                limits.max_side, limits.max_cells
            ),
            PuzzleError::BadColour { line, run, colour } if colour.is_background() => write!(
                f,
                "run {} of the clue of {line} has the background colour",
                run + 1
            ),
            PuzzleError::BadColour { line, run, colour } => write!(
                f,
                "run {} of the clue of {line} has colour {} but the palette has no such colour",
                run + 1,
                colour.index()
            ),
            PuzzleError::BadCap { line, run } => write!(
                f,
                "run {} of the clue of {line} has a cap that cannot end it (caps need the \
                 triangle palette, a half cell whose black side faces the run, and a run at \
                 least as long as its caps)",
                run + 1
            ),
            PuzzleError::GivenOutside { row, col } => write!(
                f,
                "the given cell at row {}, column {} lies outside the grid",
                row + 1,
                col + 1
            ),
            PuzzleError::GivenColour { row, col, colour } => write!(
                f,
                "the given cell at row {}, column {} has colour {} but the palette has no such \
                 colour",
                row + 1,
                col + 1,
                colour.index()
            ),
            PuzzleError::GivenTwice { row, col } => write!(
                f,
                "the cell at row {}, column {} is given two different colours",
                row + 1,
                col + 1
            ),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// Why well-formed clues have no solution, as seen without solving: the reason a solver gives
/// for its `no solution` verdict on such a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inconsistency {
    /// A clue that cannot fit in its line.
    ClueTooLong {
        /// The line.
        line: LineId,
        /// The cells the clue needs at least.
        needed: u64,
        /// The cells the line has.
        available: usize,
    },
    /// The rows ask for a different number of cells of one colour than the columns.
    TotalsDiffer {
        /// The colour, by name; `None` in a black-and-white puzzle.
        colour: Option<String>,
        /// The cells of that colour the row clues ask for.
        rows: u64,
        /// The cells of that colour the column clues ask for.
        columns: u64,
    },
}

impl fmt::Display for Inconsistency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Inconsistency::ClueTooLong {
                line,
                needed,
                available,
            } => write!(
                f,
                "the clue of {line} needs {needed} cells but the line has only {available}"
            ),
            Inconsistency::TotalsDiffer {
                colour,
                rows,
                columns,
            } => {
                let of = colour.as_ref().map(|c| format!(" {c}")).unwrap_or_default();
                let cells = if *rows == 1 { "cell" } else { "cells" };
                write!(
                    f,
                    "the row clues fill {rows}{of} {cells} but the column clues fill {columns}"
                )
            }
        }
    }
}

/// Checks a width and height against the limits. Readers call this as soon as they know the size,
/// before reading (and allocating for) the clues.
pub fn check_size(width: usize, height: usize, limits: Limits) -> Result<(), PuzzleError> {
    if width == 0 || height == 0 {
        return Err(PuzzleError::ZeroSize { width, height });
    }
    if width > limits.max_side
        || height > limits.max_side
        || width
            .checked_mul(height)
            .is_none_or(|c| c > limits.max_cells)
    {
        return Err(PuzzleError::TooLarge {
            width,
            height,
            limits,
        });
    }
    Ok(())
}

/// Information a file may carry beside the clues. The solver ignores it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Metadata {
    /// The puzzle's title.
    pub title: Option<String>,
    /// Who made it.
    pub author: Option<String>,
    /// The copyright line, as the file gives it.
    pub copyright: Option<String>,
    /// The licence, as the file gives it.
    pub license: Option<String>,
    /// The intended picture, when the file gives one (`goal` in `.non`, `<solution>` in XML).
    pub goal: Option<Picture>,
}

/// A puzzle: its palette, the clues of its rows and columns, and the cells it gives (most
/// puzzles give none), structurally valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    palette: Palette,
    rows: Vec<Clue>,
    columns: Vec<Clue>,
    /// Row-major, one per cell at most (see [`Puzzle::with_givens`]).
    givens: Vec<Given>,
    /// What the file said about the puzzle, beyond its clues.
    pub metadata: Metadata,
}

impl Puzzle {
    /// A black-and-white puzzle, checked with the default [`Limits`].
    pub fn new(rows: Vec<Clue>, columns: Vec<Clue>) -> Result<Puzzle, PuzzleError> {
        Puzzle::with_limits(Palette::black_and_white(), rows, columns, Limits::DEFAULT)
    }

    /// A puzzle in `palette`, checked with the default [`Limits`].
    pub fn with_palette(
        palette: Palette,
        rows: Vec<Clue>,
        columns: Vec<Clue>,
    ) -> Result<Puzzle, PuzzleError> {
        Puzzle::with_limits(palette, rows, columns, Limits::DEFAULT)
    }

    /// Checks the structure: non-zero sides within `limits`, and every run of a colour of the
    /// palette other than the background. Clues that cannot all be satisfied are allowed (see
    /// [`Puzzle::inconsistency`]).
    pub fn with_limits(
        palette: Palette,
        rows: Vec<Clue>,
        columns: Vec<Clue>,
        limits: Limits,
    ) -> Result<Puzzle, PuzzleError> {
        check_size(columns.len(), rows.len(), limits)?;
        for (axis, clues) in [(Axis::Row, &rows), (Axis::Column, &columns)] {
            for (index, clue) in clues.iter().enumerate() {
                let bad = clue
                    .colours()
                    .iter()
                    .position(|&c| c.is_background() || c.index() >= palette.len());
                if let Some(run) = bad {
                    return Err(PuzzleError::BadColour {
                        line: LineId { axis, index },
                        run,
                        colour: clue.colours()[run],
                    });
                }
                if let Some(run) = bad_cap(&palette, axis, clue) {
                    return Err(PuzzleError::BadCap {
                        line: LineId { axis, index },
                        run,
                    });
                }
            }
        }
        Ok(Puzzle {
            palette,
            rows,
            columns,
            givens: Vec::new(),
            metadata: Metadata::default(),
        })
    }

    /// The puzzle with `givens` as its given cells (replacing any it had), checked: each
    /// within the grid and of a colour of the palette (the background included), and no cell
    /// given two different colours (the same given twice counts once). Givens the clues cannot
    /// agree with are allowed: the puzzle then has no solution (see [`crate::given`]).
    pub fn with_givens(mut self, mut givens: Vec<Given>) -> Result<Puzzle, PuzzleError> {
        for g in &givens {
            if g.row >= self.height() || g.col >= self.width() {
                return Err(PuzzleError::GivenOutside {
                    row: g.row,
                    col: g.col,
                });
            }
            if g.colour.index() >= self.palette.len() {
                return Err(PuzzleError::GivenColour {
                    row: g.row,
                    col: g.col,
                    colour: g.colour,
                });
            }
        }
        givens.sort_unstable();
        givens.dedup();
        if let Some(w) = givens
            .windows(2)
            .find(|w| (w[0].row, w[0].col) == (w[1].row, w[1].col))
        {
            return Err(PuzzleError::GivenTwice {
                row: w[0].row,
                col: w[0].col,
            });
        }
        self.givens = givens;
        Ok(self)
    }

    /// The cells the puzzle gives, row by row (empty for most puzzles).
    pub fn givens(&self) -> &[Given] {
        &self.givens
    }

    /// The grid the puzzle starts from: the given cells known, every other cell open to every
    /// entry of the palette.
    pub fn given_grid(&self) -> PartialGrid {
        let mut grid = PartialGrid::unknown(self.width(), self.height(), self.palette.len());
        for g in &self.givens {
            grid.set(g.row, g.col, ColourSet::single(g.colour));
        }
        grid
    }

    /// The colour the puzzle gives the cell at `(row, col)`, if it gives it.
    pub fn given(&self, row: usize, col: usize) -> Option<ColourId> {
        self.givens
            .binary_search_by(|g| (g.row, g.col).cmp(&(row, col)))
            .ok()
            .map(|i| self.givens[i].colour)
    }

    /// The black-and-white puzzle whose solution is `picture` (the notebook's `pic2gram`):
    /// every cell that is not background counts as black.
    pub fn from_picture(picture: &Picture) -> Puzzle {
        let rows = (0..picture.height())
            .map(|r| Clue::from_cells((0..picture.width()).map(|c| picture.get(r, c))))
            .collect();
        let columns = (0..picture.width())
            .map(|c| Clue::from_cells((0..picture.height()).map(|r| picture.get(r, c))))
            .collect();
        // A picture's own clues are black and always agree: nothing to check.
        Puzzle {
            palette: Palette::black_and_white(),
            rows,
            columns,
            givens: Vec::new(),
            metadata: Metadata::default(),
        }
    }

    /// The puzzle in `palette` whose solution is `picture`; an error if the picture uses a
    /// colour the palette lacks. In the triangle palette, each line's clue is
    /// [`triangle::clue_of_line`]'s.
    pub fn from_coloured_picture(
        palette: Palette,
        picture: &Picture,
    ) -> Result<Puzzle, PuzzleError> {
        let line = |axis: Axis, cells: Vec<ColourId>| {
            if palette.is_triangles() {
                triangle::clue_of_line(axis, &cells)
            } else {
                Clue::from_colours(cells)
            }
        };
        let rows = (0..picture.height())
            .map(|r| {
                line(
                    Axis::Row,
                    (0..picture.width()).map(|c| picture.colour(r, c)).collect(),
                )
            })
            .collect();
        let columns = (0..picture.width())
            .map(|c| {
                line(
                    Axis::Column,
                    (0..picture.height())
                        .map(|r| picture.colour(r, c))
                        .collect(),
                )
            })
            .collect();
        Puzzle::with_limits(palette, rows, columns, Limits::DEFAULT)
    }

    /// Cells per row.
    pub fn width(&self) -> usize {
        self.columns.len()
    }

    /// Cells per column.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// The colours.
    pub fn palette(&self) -> &Palette {
        &self.palette
    }

    /// Whether the puzzle has one colour besides the background (see
    /// [`Palette::is_black_and_white`]).
    pub fn is_black_and_white(&self) -> bool {
        self.palette.is_black_and_white()
    }

    /// The row clues, top to bottom.
    pub fn rows(&self) -> &[Clue] {
        &self.rows
    }

    /// The column clues, left to right.
    pub fn columns(&self) -> &[Clue] {
        &self.columns
    }

    /// The clues of one axis.
    pub fn clues(&self, axis: Axis) -> &[Clue] {
        match axis {
            Axis::Row => &self.rows,
            Axis::Column => &self.columns,
        }
    }

    /// The clue of one line.
    pub fn clue(&self, line: LineId) -> &Clue {
        &self.clues(line.axis)[line.index]
    }

    /// The length of the lines of an axis.
    pub fn line_len(&self, axis: Axis) -> usize {
        match axis {
            Axis::Row => self.width(),
            Axis::Column => self.height(),
        }
    }

    /// Every line, rows first.
    pub fn lines(&self) -> impl Iterator<Item = LineId> {
        (0..self.height())
            .map(LineId::row)
            .chain((0..self.width()).map(LineId::column))
    }

    /// Why the clues obviously have no solution, if they don't: a clue that does not fit its
    /// line, or rows and columns that disagree on how many cells of a colour there are. `None`
    /// says nothing more than that these checks pass.
    pub fn inconsistency(&self) -> Option<Inconsistency> {
        for line in self.lines() {
            let needed = self.clue(line).min_len();
            let available = self.line_len(line.axis);
            if needed > available as u64 {
                return Some(Inconsistency::ClueTooLong {
                    line,
                    needed,
                    available,
                });
            }
        }
        for (colour, entry) in self.palette.colours() {
            let total =
                |clues: &[Clue]| -> u64 { clues.iter().map(|c| c.filled_with(colour)).sum() };
            let (rows, columns) = (total(&self.rows), total(&self.columns));
            if rows != columns {
                return Some(Inconsistency::TotalsDiffer {
                    colour: (!self.is_black_and_white()).then(|| entry.name.clone()),
                    rows,
                    columns,
                });
            }
        }
        None
    }

    /// Whether `picture` has this puzzle's size, satisfies every clue and agrees with every
    /// given cell: whether it is a solution.
    pub fn is_solved_by(&self, picture: &Picture) -> bool {
        self.check(picture).is_ok() && self.given_broken_by(picture).is_none()
    }

    /// The first given cell (row by row) that `picture` disagrees with, if any (the first given
    /// for a picture of the wrong size).
    pub fn given_broken_by(&self, picture: &Picture) -> Option<Given> {
        let fits = picture.width() == self.width() && picture.height() == self.height();
        self.givens
            .iter()
            .find(|g| !fits || picture.colour(g.row, g.col) != g.colour)
            .copied()
    }

    /// Checks `picture` against every clue, colours included (the givens are
    /// [`Puzzle::given_broken_by`]'s); the error names the first line that disagrees (row 1
    /// for a picture of the wrong size).
    pub fn check(&self, picture: &Picture) -> Result<(), LineId> {
        if picture.width() != self.width() || picture.height() != self.height() {
            return Err(LineId::row(0));
        }
        let mut line_cells = Vec::new();
        for line in self.lines() {
            let cells = (0..self.line_len(line.axis)).map(|i| {
                let (r, c) = line.cell(i);
                picture.colour(r, c)
            });
            let fits = if self.palette.is_triangles() {
                line_cells.clear();
                line_cells.extend(cells);
                triangle::line_fits(self.clue(line), &line_cells)
            } else {
                matches_clue(self.clue(line), cells)
            };
            if !fits {
                return Err(line);
            }
        }
        Ok(())
    }

    /// Whether this is a triangle puzzle ([`crate::triangle`]): its palette is
    /// [`Palette::triangles`].
    pub fn is_triangles(&self) -> bool {
        self.palette.is_triangles()
    }
}

/// The first run of `clue`, a line of `axis`, whose caps do not suit it: caps outside the
/// triangle palette, a cap that is not a half cell whose black side faces the run, a run
/// shorter than its caps, or, in the triangle palette, a run that is not black.
fn bad_cap(palette: &Palette, axis: Axis, clue: &Clue) -> Option<usize> {
    if !palette.is_triangles() {
        return (0..clue.len()).find(|&i| clue.cap_count(i) > 0);
    }
    (0..clue.len()).find(|&i| {
        let [start, end] = clue.caps(i);
        let faces = |c: ColourId, want: triangle::End| {
            c.is_background() || triangle::end_capped(c, axis) == Some(want)
        };
        clue.colours()[i] != ColourId::BLACK
            || !faces(start, triangle::End::Start)
            || !faces(end, triangle::End::End)
            || clue.runs()[i] < clue.cap_count(i)
    })
}

/// Whether a line of cells has exactly the runs of `clue`: [`Clue::from_colours`] compared
/// with the clue, without building it (every solution of every engine is checked this way, and
/// enumerations produce millions of them).
fn matches_clue(clue: &Clue, cells: impl Iterator<Item = ColourId>) -> bool {
    let mut next = 0;
    let mut current = ColourId::BACKGROUND;
    let mut len = 0u32;
    let close = |colour: ColourId, len: u32, next: &mut usize| {
        let ok = *next < clue.len() && clue.run(*next) == crate::Run::new(len, colour);
        *next += 1;
        ok
    };
    for colour in cells {
        if colour == current {
            len += 1;
            continue;
        }
        if !current.is_background() && !close(current, len, &mut next) {
            return false;
        }
        current = colour;
        len = 1;
    }
    if !current.is_background() && !close(current, len, &mut next) {
        return false;
    }
    next == clue.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clue::Run;
    use crate::colour::{Colour, Rgb};

    #[test]
    fn structure_is_checked() {
        assert!(matches!(
            Puzzle::new(vec![], vec![]),
            Err(PuzzleError::ZeroSize { .. })
        ));
        assert!(matches!(
            check_size(1_000_000_000, 1_000_000_000, Limits::DEFAULT),
            Err(PuzzleError::TooLarge { .. })
        ));
        assert!(matches!(
            check_size(usize::MAX, 2, Limits::DEFAULT),
            Err(PuzzleError::TooLarge { .. })
        ));
        let red = ColourId::new(2).unwrap();
        let err = Puzzle::new(
            vec![Clue::coloured([Run::new(1, red)])],
            vec![Clue::new([1])],
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "run 1 of the clue of row 1 has colour 2 but the palette has no such colour"
        );
    }

    #[test]
    fn inconsistent_clues_are_puzzles_without_solution() {
        let p = Puzzle::new(vec![Clue::new([3])], vec![Clue::new([1]); 2]).unwrap();
        assert_eq!(
            p.inconsistency(),
            Some(Inconsistency::ClueTooLong {
                line: LineId::row(0),
                needed: 3,
                available: 2
            })
        );
        let p = Puzzle::new(vec![Clue::new([1])], vec![Clue::new([1]); 2]).unwrap();
        assert_eq!(
            p.inconsistency().unwrap().to_string(),
            "the row clues fill 1 cell but the column clues fill 2"
        );
        let p = Puzzle::new(vec![Clue::new([1])], vec![Clue::new([1]), Clue::empty()]).unwrap();
        assert_eq!(p.inconsistency(), None);
    }

    #[test]
    fn colour_totals_are_compared_per_colour() {
        let palette = Palette::new(
            Colour::new("white", Rgb::WHITE, '.'),
            vec![
                Colour::new("red", Rgb::new(255, 0, 0), 'r'),
                Colour::new("blue", Rgb::new(0, 0, 255), 'b'),
            ],
        )
        .unwrap();
        let (r, b) = (ColourId::new(1).unwrap(), ColourId::new(2).unwrap());
        // One row "rb" against columns "b", "r": the same cell counts, the wrong colours.
        let p = Puzzle::with_palette(
            palette.clone(),
            vec![Clue::coloured([Run::new(1, r), Run::new(1, b)])],
            vec![
                Clue::coloured([Run::new(1, b)]),
                Clue::coloured([Run::new(1, b)]),
            ],
        )
        .unwrap();
        assert_eq!(
            p.inconsistency().unwrap().to_string(),
            "the row clues fill 1 red cell but the column clues fill 0"
        );
        let mut picture = Picture::new(2, 1);
        picture.set_colour(0, 0, r);
        picture.set_colour(0, 1, b);
        let p = Puzzle::from_coloured_picture(palette, &picture).unwrap();
        assert_eq!(p.inconsistency(), None);
        assert!(p.is_solved_by(&picture));
        picture.set_colour(0, 1, r);
        assert_eq!(p.check(&picture), Err(LineId::row(0)));
    }

    #[test]
    fn picture_round_trips_through_its_clues() {
        let pic = Picture::from_strings(&[".###.", "##.#."]).unwrap();
        let puzzle = Puzzle::from_picture(&pic);
        assert_eq!(puzzle.rows(), &[Clue::new([3]), Clue::new([2, 1])]);
        assert_eq!(puzzle.columns()[0], Clue::new([1]));
        assert_eq!(puzzle.columns()[4], Clue::empty());
        assert!(puzzle.is_solved_by(&pic));
        let mut other = pic.clone();
        other.set(0, 0, true);
        assert!(!puzzle.is_solved_by(&other));
        assert_eq!(pic.differences(&other), vec![(0, 0)]);
    }

    #[test]
    fn givens_are_checked_sorted_and_part_of_a_solution() {
        let pic = Picture::from_strings(&["#.", ".#"]).unwrap();
        let puzzle = Puzzle::from_picture(&pic);
        let given = puzzle
            .clone()
            .with_givens(vec![Given::cell(1, 1, true), Given::cell(0, 1, false)])
            .unwrap();
        assert_eq!(
            given.givens(),
            &[Given::cell(0, 1, false), Given::cell(1, 1, true)]
        );
        assert_eq!(given.given(1, 1), Some(ColourId::BLACK));
        assert_eq!(given.given(1, 0), None);
        assert_eq!(
            given.given_grid().row_strings(puzzle.palette()),
            ["?.", "?#"]
        );
        assert!(given.is_solved_by(&pic));
        let other = Picture::from_strings(&[".#", "#."]).unwrap();
        assert!(puzzle.is_solved_by(&other));
        assert!(!given.is_solved_by(&other));
        assert_eq!(
            given.given_broken_by(&other),
            Some(Given::cell(0, 1, false))
        );
        assert_ne!(given, puzzle, "givens are part of the puzzle");
        // The same given twice counts once; two different ones are an error.
        let twice = vec![Given::cell(0, 0, true); 2];
        assert_eq!(puzzle.clone().with_givens(twice).unwrap().givens().len(), 1);
        let cases = [
            (
                Given::cell(2, 0, true),
                "row 3, column 1 lies outside the grid",
            ),
            (
                Given {
                    row: 0,
                    col: 0,
                    colour: ColourId::new(2).unwrap(),
                },
                "has colour 2 but the palette has no such colour",
            ),
        ];
        for (g, want) in cases {
            let e = puzzle.clone().with_givens(vec![g]).unwrap_err();
            assert!(e.to_string().contains(want), "{e}");
        }
        let e = puzzle
            .with_givens(vec![Given::cell(0, 1, true), Given::cell(0, 1, false)])
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "the cell at row 1, column 2 is given two different colours"
        );
    }
}
