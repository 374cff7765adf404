//! The puzzle model: clues, axes, validated puzzles and complete pictures.
//!
//! A [`Puzzle`] is nothing more than a width, a height and one [`Clue`] per row and per column.
//! Everything a file format may add (title, author, a goal picture) lives in [`Metadata`] so the
//! solver never has to look at it. Construction always goes through [`Puzzle::new`], which
//! validates: every size is bounded (see [`Limits`]) so that no input, however hostile, can make
//! us allocate without limit.

use std::fmt;

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
    pub axis: Axis,
    pub index: usize,
}

impl fmt::Display for LineId {
    /// Lines are shown counted from 1, as people count them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.axis, self.index + 1)
    }
}

/// The clue of one line: the lengths of its runs of filled cells, in order.
///
/// An empty line has no runs. Files often write it as `0`; [`Clue::new`] drops zero-length runs
/// so that `[0]` and `[]` are the same clue.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clue(Vec<u32>);

impl Clue {
    /// A clue from run lengths; zeros are dropped (`[0]` is the empty line).
    pub fn new(runs: impl IntoIterator<Item = u32>) -> Clue {
        Clue(runs.into_iter().filter(|&r| r != 0).collect())
    }

    /// The clue of an empty line.
    pub fn empty() -> Clue {
        Clue(Vec::new())
    }

    /// Derives the clue of a line of cells (`true` = filled): the run-length encoding.
    pub fn from_cells(cells: impl IntoIterator<Item = bool>) -> Clue {
        let mut runs = Vec::new();
        let mut current = 0u32;
        for filled in cells {
            if filled {
                current += 1;
            } else if current > 0 {
                runs.push(current);
                current = 0;
            }
        }
        if current > 0 {
            runs.push(current);
        }
        Clue(runs)
    }

    /// The run lengths.
    pub fn runs(&self) -> &[u32] {
        &self.0
    }

    /// The number of runs.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether this is the clue of an empty line.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The number of filled cells the clue asks for.
    pub fn filled(&self) -> u64 {
        self.0.iter().map(|&r| u64::from(r)).sum()
    }

    /// The shortest line the clue fits in: the runs plus one gap between each two.
    pub fn min_len(&self) -> u64 {
        self.filled() + (self.0.len() as u64).saturating_sub(1)
    }
}

impl fmt::Display for Clue {
    /// Runs separated by spaces; `0` for an empty line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("0");
        }
        for (i, r) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{r}")?;
        }
        Ok(())
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

/// Why a set of clues is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// A side of zero cells.
    ZeroSize { width: usize, height: usize },
    /// A side or the cell count over [`Limits`].
    TooLarge {
        width: usize,
        height: usize,
        limits: Limits,
    },
    /// A clue that cannot fit in its line.
    ClueTooLong {
        line: LineId,
        needed: u64,
        available: usize,
    },
    /// The rows ask for a different number of filled cells than the columns.
    TotalsDiffer { rows: u64, columns: u64 },
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
            PuzzleError::ClueTooLong { line, needed, available } => write!(
                f,
                "the clue of {line} needs {needed} cells but the line has only {available}"
            ),
            PuzzleError::TotalsDiffer { rows, columns } => write!(
                f,
                "the row clues fill {rows} cells but the column clues fill {columns}"
            ),
        }
    }
}

impl std::error::Error for PuzzleError {}

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
    pub title: Option<String>,
    pub author: Option<String>,
    pub copyright: Option<String>,
    pub license: Option<String>,
    /// The intended picture, when the file gives one (`goal` in `.non`, `<solution>` in XML).
    pub goal: Option<Picture>,
}

/// A validated black-and-white puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    rows: Vec<Clue>,
    columns: Vec<Clue>,
    /// What the file said about the puzzle, beyond its clues.
    pub metadata: Metadata,
}

impl Puzzle {
    /// Validates the clues with the default [`Limits`].
    pub fn new(rows: Vec<Clue>, columns: Vec<Clue>) -> Result<Puzzle, PuzzleError> {
        Puzzle::with_limits(rows, columns, Limits::DEFAULT)
    }

    /// Validates the clues: non-zero bounded sides, every clue fits its line, equal totals.
    pub fn with_limits(
        rows: Vec<Clue>,
        columns: Vec<Clue>,
        limits: Limits,
    ) -> Result<Puzzle, PuzzleError> {
        let (width, height) = (columns.len(), rows.len());
        check_size(width, height, limits)?;
        for (axis, clues, len) in [(Axis::Row, &rows, width), (Axis::Column, &columns, height)] {
            for (index, clue) in clues.iter().enumerate() {
                let needed = clue.min_len();
                if needed > len as u64 {
                    return Err(PuzzleError::ClueTooLong {
                        line: LineId { axis, index },
                        needed,
                        available: len,
                    });
                }
            }
        }
        let row_total: u64 = rows.iter().map(Clue::filled).sum();
        let col_total: u64 = columns.iter().map(Clue::filled).sum();
        if row_total != col_total {
            return Err(PuzzleError::TotalsDiffer {
                rows: row_total,
                columns: col_total,
            });
        }
        Ok(Puzzle {
            rows,
            columns,
            metadata: Metadata::default(),
        })
    }

    /// The puzzle whose solution is `picture` (the notebook's `pic2gram`).
    pub fn from_picture(picture: &Picture) -> Puzzle {
        let rows = (0..picture.height())
            .map(|r| Clue::from_cells((0..picture.width()).map(|c| picture.get(r, c))))
            .collect();
        let columns = (0..picture.width())
            .map(|c| Clue::from_cells((0..picture.height()).map(|r| picture.get(r, c))))
            .collect();
        // A picture's own clues always fit and always agree: no validation can fail.
        Puzzle {
            rows,
            columns,
            metadata: Metadata::default(),
        }
    }

    /// Cells per row.
    pub fn width(&self) -> usize {
        self.columns.len()
    }

    /// Cells per column.
    pub fn height(&self) -> usize {
        self.rows.len()
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

    /// Whether `picture` has this puzzle's size and satisfies every clue.
    pub fn is_solved_by(&self, picture: &Picture) -> bool {
        self.check(picture).is_ok()
    }

    /// Checks `picture` against every clue; the error names the first line that disagrees.
    pub fn check(&self, picture: &Picture) -> Result<(), LineId> {
        if picture.width() != self.width() || picture.height() != self.height() {
            return Err(LineId {
                axis: Axis::Row,
                index: 0,
            });
        }
        for r in 0..self.height() {
            let got = Clue::from_cells((0..self.width()).map(|c| picture.get(r, c)));
            if got != self.rows[r] {
                return Err(LineId {
                    axis: Axis::Row,
                    index: r,
                });
            }
        }
        for c in 0..self.width() {
            let got = Clue::from_cells((0..self.height()).map(|r| picture.get(r, c)));
            if got != self.columns[c] {
                return Err(LineId {
                    axis: Axis::Column,
                    index: c,
                });
            }
        }
        Ok(())
    }
}

/// A complete black-and-white picture: a solution, a goal, or a drawing to make a puzzle from.
///
/// Pictures of one size are ordered by their cells, row by row, an empty cell before a filled
/// one (the order solutions are reported in).
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Picture {
    width: usize,
    height: usize,
    /// Row-major, `true` = filled.
    cells: Vec<bool>,
}

impl Picture {
    /// An all-empty picture. Callers check the size with [`check_size`] first.
    pub fn new(width: usize, height: usize) -> Picture {
        Picture {
            width,
            height,
            cells: vec![false; width * height],
        }
    }

    /// A picture from rows of cells; `None` unless all rows have the same, non-zero length.
    pub fn from_rows(rows: &[Vec<bool>]) -> Option<Picture> {
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

    /// A picture from rows written as text, `#` for a filled cell and anything else for an
    /// empty one (the form tests and examples write pictures in); `None` unless all rows have
    /// the same, non-zero length.
    pub fn from_strings(rows: &[&str]) -> Option<Picture> {
        let rows: Vec<Vec<bool>> = rows
            .iter()
            .map(|r| r.chars().map(|c| c == '#').collect())
            .collect();
        Picture::from_rows(&rows)
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether the cell at `(row, col)` is filled.
    pub fn get(&self, row: usize, col: usize) -> bool {
        self.cells[row * self.width + col]
    }

    pub fn set(&mut self, row: usize, col: usize, filled: bool) {
        self.cells[row * self.width + col] = filled;
    }

    /// One row as a string of `#` (filled) and `.` (empty).
    pub fn row_string(&self, row: usize) -> String {
        (0..self.width)
            .map(|c| if self.get(row, c) { '#' } else { '.' })
            .collect()
    }

    /// All rows as `#`/`.` strings, the form the JSON output uses.
    pub fn row_strings(&self) -> Vec<String> {
        (0..self.height).map(|r| self.row_string(r)).collect()
    }

    /// The cells where two pictures of the same size differ, as `(row, col)`.
    pub fn differences(&self, other: &Picture) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for r in 0..self.height.min(other.height) {
            for c in 0..self.width.min(other.width) {
                if self.get(r, c) != other.get(r, c) {
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
            writeln!(f, "{}", self.row_string(r))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clue_drops_zeros_and_derives_from_cells() {
        assert_eq!(Clue::new([0]), Clue::empty());
        assert_eq!(
            Clue::from_cells([true, true, false, true]),
            Clue::new([2, 1])
        );
        assert_eq!(Clue::from_cells([false, false]), Clue::empty());
        assert_eq!(Clue::new([3, 1, 2]).min_len(), 8);
        assert_eq!(Clue::empty().min_len(), 0);
        assert_eq!(Clue::new([2, 3]).to_string(), "2 3");
        assert_eq!(Clue::empty().to_string(), "0");
    }

    #[test]
    fn validation_rejects_bad_clues() {
        let err = Puzzle::new(vec![Clue::new([3])], vec![Clue::new([1]); 2]).unwrap_err();
        assert!(matches!(
            err,
            PuzzleError::ClueTooLong {
                needed: 3,
                available: 2,
                ..
            }
        ));
        let err = Puzzle::new(vec![Clue::new([1])], vec![Clue::new([1]); 2]).unwrap_err();
        assert_eq!(
            err,
            PuzzleError::TotalsDiffer {
                rows: 1,
                columns: 2
            }
        );
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
    }

    #[test]
    fn picture_round_trips_through_its_clues() {
        let pic = Picture::from_rows(&[
            vec![false, true, true, true, false],
            vec![true, true, false, true, false],
        ])
        .unwrap();
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
}
