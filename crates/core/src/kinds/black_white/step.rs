//! The steps of a black-and-white explanation, and how they read: a line fixes cells filled or
//! empty, a probe of one value contradicts so the cell has the other. One sentence a step, rows
//! and columns counted from 1 (the JSON output counts from 0, from the same fields).
//!
//! The explainer (`crate::explain`) narrates every kind in the steps of `crate::explain::step`,
//! a cell's palette entries narrowed; [`Step::from_colour`] words them for black and white
//! (the explainer `crate::explain::Explainer` gives these). How a step reads should not change
//! with how it is found.

use std::fmt;

use super::grid::Grid;
use crate::explain::step::{cell_list, ColourContradictionStep, ColourStep};
use crate::kind::Contradiction;
use nonogram_model::{Cell, Clue, ColourId, LineId};

/// One step of an explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Solving one line against its clue fixed some of its cells.
    Line(LineStep),
    /// Assuming a cell's value led to a contradiction, so it has the other value.
    Probe(ProbeStep),
    /// Neither lines nor single probes decide anything: a cell is set to its value in a solution
    /// the search found below the current grid.
    Guess(GuessStep),
    /// The clues cannot be satisfied (from the starting grid).
    Contradiction(ContradictionStep),
}

/// What solving one line fixed. Positions are 0-based cell indexes along the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineStep {
    /// The line solved.
    pub line: LineId,
    /// Its clue.
    pub clue: Clue,
    /// Cells that became filled, in increasing order.
    pub filled: Vec<usize>,
    /// Cells that became empty, in increasing order.
    pub empty: Vec<usize>,
}

/// A probe that contradicted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProbeStep {
    /// The cell's row, from 0.
    pub row: usize,
    /// The cell's column, from 0.
    pub col: usize,
    /// The value assumed.
    pub tried: Cell,
    /// The line that could no longer be satisfied after propagating the assumption.
    pub contradiction: LineId,
    /// The value the cell therefore has (the other one).
    pub value: Cell,
}

/// A guess taken from a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuessStep {
    /// The cell's row, from 0.
    pub row: usize,
    /// The cell's column, from 0.
    pub col: usize,
    /// The value it takes, the solution's.
    pub value: Cell,
    /// Whether the search proved that only one solution extends the grid before the guess (if
    /// not, the guess picks one of several pictures).
    pub unique: bool,
}

/// Why there is no solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ContradictionStep {
    /// This line's clue cannot be satisfied by its known cells.
    Line {
        /// The line.
        line: LineId,
        /// Its clue.
        clue: Clue,
    },
    /// The cell can be neither filled (that breaks `if_filled`) nor empty (breaks `if_empty`).
    Cell {
        /// The cell's row, from 0.
        row: usize,
        /// The cell's column, from 0.
        col: usize,
        /// The line that breaks when the cell is filled.
        if_filled: LineId,
        /// The line that breaks when the cell is empty.
        if_empty: LineId,
    },
    /// The search found no solution below the current grid.
    Search,
}

/// The value of a black-and-white cell of one entry.
fn cell(colour: ColourId) -> Cell {
    if colour.is_background() {
        Cell::Empty
    } else {
        Cell::Filled
    }
}

impl Step {
    /// A step of a black-and-white puzzle, from the explainer's colour terms: a cell decided
    /// black is filled, one decided background is empty; a probe of two values of which one
    /// contradicts gives the other.
    pub(crate) fn from_colour(step: ColourStep) -> Step {
        let line_of = |tried: &[(ColourId, LineId)], colour| {
            let found = tried.iter().find(|t| t.0 == colour).map(|t| t.1);
            found.expect("a probe of each value")
        };
        match step {
            ColourStep::Line(s) => {
                let with = |value| {
                    let decided = s.decided.iter();
                    decided
                        .filter(|d| cell(d.1) == value)
                        .map(|d| d.0)
                        .collect()
                };
                Step::Line(LineStep {
                    filled: with(Cell::Filled),
                    empty: with(Cell::Empty),
                    line: s.line,
                    clue: s.clue,
                })
            }
            ColourStep::Probe(p) => {
                let (colour, contradiction) = p.tried[0];
                let value = p.left.only().map_or(Cell::Unknown, cell);
                Step::Probe(ProbeStep {
                    row: p.row,
                    col: p.col,
                    tried: cell(colour),
                    contradiction,
                    value,
                })
            }
            ColourStep::Guess(g) => Step::Guess(GuessStep {
                row: g.row,
                col: g.col,
                value: cell(g.colour),
                unique: g.unique,
            }),
            ColourStep::Contradiction(ColourContradictionStep::Line { line, clue }) => {
                Step::Contradiction(ContradictionStep::Line { line, clue })
            }
            ColourStep::Contradiction(ColourContradictionStep::Cell { row, col, tried }) => {
                Step::Contradiction(ContradictionStep::Cell {
                    row,
                    col,
                    if_filled: line_of(&tried, ColourId::BLACK),
                    if_empty: line_of(&tried, ColourId::BACKGROUND),
                })
            }
            ColourStep::Contradiction(ColourContradictionStep::Search) => {
                Step::Contradiction(ContradictionStep::Search)
            }
        }
    }

    /// The cells this step fixes, as `(row, col, value)`.
    pub fn cells(&self) -> Vec<(usize, usize, Cell)> {
        match self {
            Step::Line(s) => {
                let filled = s.filled.iter().map(|&i| (i, Cell::Filled));
                let empty = s.empty.iter().map(|&i| (i, Cell::Empty));
                let at = |(i, value)| {
                    let (row, col) = s.line.cell(i);
                    (row, col, value)
                };
                filled.chain(empty).map(at).collect()
            }
            Step::Probe(p) => vec![(p.row, p.col, p.value)],
            Step::Guess(g) => vec![(g.row, g.col, g.value)],
            Step::Contradiction(_) => Vec::new(),
        }
    }

    /// Writes the step's cells into `grid` (replaying an explanation).
    pub fn apply(&self, grid: &mut Grid) -> Result<(), Contradiction> {
        for (r, c, v) in self.cells() {
            grid.set(r, c, v)?;
        }
        Ok(())
    }
}

impl fmt::Display for Step {
    /// One sentence, rows and columns counted from 1: "row 3 (clue 2 3): cells 4-5 filled,
    /// cell 1 empty".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Line(s) => {
                write!(f, "{} (clue {}): ", s.line, s.clue)?;
                let mut parts = Vec::new();
                if !s.filled.is_empty() {
                    parts.push(format!("{} filled", cell_list(&s.filled)));
                }
                if !s.empty.is_empty() {
                    parts.push(format!("{} empty", cell_list(&s.empty)));
                }
                f.write_str(&parts.join(", "))
            }
            Step::Probe(p) => write!(
                f,
                "no line decides more; trying cell ({},{}) {} leads to a contradiction in {}, so it is {}",
                p.row + 1,
                p.col + 1,
                cell_word(p.tried),
                p.contradiction,
                cell_word(p.value)
            ),
            Step::Guess(g) => write!(
                f,
                "neither a line nor a single probe decides any cell: guessing cell ({},{}) {} ({})",
                g.row + 1,
                g.col + 1,
                cell_word(g.value),
                if g.unique {
                    "the search confirms this is the only way on"
                } else {
                    "the clues allow more than one picture from here; this picks one"
                }
            ),
            Step::Contradiction(ContradictionStep::Line { line, clue }) => {
                write!(f, "{line} (clue {clue}) cannot be satisfied: the puzzle has no solution")
            }
            Step::Contradiction(ContradictionStep::Cell { row, col, if_filled, if_empty }) => write!(
                f,
                "cell ({},{}) can be neither filled (contradiction in {if_filled}) nor empty \
                 (contradiction in {if_empty}): the puzzle has no solution",
                row + 1,
                col + 1
            ),
            Step::Contradiction(ContradictionStep::Search) => {
                f.write_str("the search finds no solution: the puzzle has none")
            }
        }
    }
}

/// `filled`, `empty` or `unknown`.
pub fn cell_word(cell: Cell) -> &'static str {
    match cell {
        Cell::Filled => "filled",
        Cell::Empty => "empty",
        Cell::Unknown => "unknown",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::step::compress_ranges;
    use nonogram_model::Axis;

    #[test]
    fn ranges_are_compressed_and_counted_from_one() {
        assert_eq!(compress_ranges(&[0, 1, 2, 6]), "1-3, 7");
        assert_eq!(cell_list(&[3]), "cell 4");
        assert_eq!(cell_list(&[3, 4]), "cells 4-5");
        let step = Step::Line(LineStep {
            line: LineId {
                axis: Axis::Row,
                index: 2,
            },
            clue: Clue::new([2, 3]),
            filled: vec![3, 4],
            empty: vec![0],
        });
        assert_eq!(
            step.to_string(),
            "row 3 (clue 2 3): cells 4-5 filled, cell 1 empty"
        );
    }
}
