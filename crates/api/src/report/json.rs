//! Reports as JSON: one object per puzzle, on one line (the `solve --output json` lines and
//! the `batch` result lines are the same records).

use std::io::Write;

use nonogram_core::{PartialGrid, Puzzle};
use serde::Serialize;

use crate::report::{Found, Report};

/// One result line. The field order here is the order in the output.
#[derive(Debug, Serialize)]
pub struct Record<'a> {
    /// The input as named on the command line or found in a walk (`-` for standard input).
    pub source: &'a str,
    /// 0-based position of the puzzle in its file.
    pub index: usize,
    /// The puzzle's title, if its file gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<&'a str>,
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The colours of a colour puzzle (absent for black and white).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub palette: Option<Vec<PaletteEntry>>,
    /// The cells the puzzle gives, as rows like a solution's, `?` for a cell not given (absent
    /// when it gives none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub givens: Option<Vec<String>>,
    /// `unique`, `multiple`, `solved`, `none`, `unknown`; with `--deduce-only` `unique`,
    /// `none` or `partial`; `error` for a file that could not be read (batch).
    pub status: &'a str,
    /// `finished`, `solution-limit`, `time-limit`, `cancelled` or `memory-limit`.
    pub stop: &'a str,
    /// Why the puzzle has no solution, when that was seen without searching.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The engine that answered (absent with `--deduce-only`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<&'static str>,
    /// Each solution as rows of cell characters (`#` filled and `.` empty; a colour's
    /// character); with `--deduce-only` the one partial grid, `?` for unknown cells.
    pub solutions: Vec<Vec<String>>,
    /// `[row, col]`, 0-based, where the first two solutions differ.
    pub differing_cells: Vec<[usize; 2]>,
    /// Line-solving sweeps, with `--deduce-only` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sweeps: Option<usize>,
    /// Time spent on this puzzle, in milliseconds, to the microsecond.
    pub elapsed_ms: f64,
}

/// One palette entry of a colour puzzle.
#[derive(Debug, Serialize)]
pub struct PaletteEntry {
    /// The colour's name in the file.
    pub name: String,
    /// `#rrggbb`.
    pub rgb: String,
    /// The character of its cells in `solutions`.
    pub symbol: char,
}

impl<'a> Record<'a> {
    /// The record of `report`, from the file named `source`.
    pub fn new(report: &'a Report<'_>, source: &'a str) -> Record<'a> {
        let puzzle = report.puzzle;
        let sweeps = match &report.found {
            Found::Deduced { deduction, .. } => Some(deduction.sweeps),
            Found::Solved(_) => None,
        };
        Record {
            source,
            index: report.index,
            title: puzzle.metadata.title.as_deref(),
            width: puzzle.width(),
            height: puzzle.height(),
            palette: palette(puzzle),
            givens: givens(puzzle),
            status: report.verdict().name(),
            stop: report.stop().name(),
            reason: report.reason(),
            engine: report.engine().map(|e| e.name()),
            solutions: report.grids().iter().map(|g| rows(puzzle, g)).collect(),
            differing_cells: report
                .differing_cells()
                .iter()
                .map(|&(r, c)| [r, c])
                .collect(),
            sweeps,
            elapsed_ms: millis(report.elapsed()),
        }
    }

    /// Writes the record and a newline.
    pub fn write(&self, out: &mut impl Write) -> std::io::Result<()> {
        serde_json::to_writer(&mut *out, self)?;
        writeln!(out)
    }
}

/// A duration in milliseconds, rounded to the microsecond (finer digits are noise).
pub fn millis(duration: std::time::Duration) -> f64 {
    (duration.as_secs_f64() * 1e6).round() / 1e3
}

/// The palette entries of a colour puzzle, background first.
pub fn palette(puzzle: &Puzzle) -> Option<Vec<PaletteEntry>> {
    let palette = puzzle.palette();
    if palette.is_black_and_white() {
        return None;
    }
    Some(
        palette
            .entries()
            .map(|(_, c)| PaletteEntry {
                name: c.name.clone(),
                rgb: c.rgb.to_string(),
                symbol: c.symbol,
            })
            .collect(),
    )
}

/// The cells `puzzle` gives, as [`rows`] with `?` for the others; `None` when it gives none.
pub fn givens(puzzle: &Puzzle) -> Option<Vec<String>> {
    (!puzzle.givens().is_empty()).then(|| rows(puzzle, &puzzle.given_grid()))
}

/// A grid's rows: `#` and `.` for black and white (whatever the palette's characters), the
/// palette's characters for colour; `?` for undecided cells.
pub fn rows(puzzle: &Puzzle, grid: &PartialGrid) -> Vec<String> {
    if puzzle.is_black_and_white() {
        grid.row_strings(&nonogram_core::Palette::black_and_white())
    } else {
        grid.row_strings(puzzle.palette())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn milliseconds_are_rounded_to_the_microsecond() {
        assert_eq!(millis(Duration::from_nanos(1_234_567)), 1.235);
        assert_eq!(millis(Duration::from_secs(2)), 2000.0);
    }
}
