//! Explanations as JSON, and what is wrong with a partial grid that no solution agrees with
//! (shared by `nonogram explain` and the web page).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use nonogram_core::explain::{self, cell_word, ContradictionStep, Difficulty, Step};
use nonogram_core::{Cell, Grid, LineId, PartialGrid, Puzzle, Stop};
use serde_json::{json, Value};

use crate::report::{capped, cell_name, plural, LISTED_CELLS};

/// Why no solution agrees with a partial grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mistakes {
    /// The puzzle itself has no solution.
    Puzzle,
    /// The puzzle has one solution, and these known cells disagree with it.
    Cells(Vec<(usize, usize, Cell)>),
    /// The puzzle has several solutions and none agrees with the grid; this line (if line
    /// solving finds it) cannot be satisfied.
    Line(Option<LineId>),
}

/// Checks the known cells of `grid` against the solutions: `None` if some solution agrees.
pub fn mistakes(puzzle: &Puzzle, grid: &Grid) -> Option<Mistakes> {
    // Without a limit or a flag the check always ends by itself.
    mistakes_within(puzzle, grid, None, None).unwrap_or(None)
}

/// [`mistakes`] within a time limit for the whole check, stopping early if `cancel` is raised:
/// `Err` with the reason ([`Stop::TimeLimit`] or [`Stop::Cancelled`]) when the check was cut
/// short and so says nothing. The check is the library's
/// ([`nonogram_core::explain::mistakes_within`]).
pub fn mistakes_within(
    puzzle: &Puzzle,
    grid: &Grid,
    timeout: Option<Duration>,
    cancel: Option<&AtomicBool>,
) -> Result<Option<Mistakes>, Stop> {
    let partial = PartialGrid::from_cells(grid);
    let found = explain::mistakes_within(puzzle, &partial, timeout, cancel)?;
    Ok(found.map(|found| match found {
        explain::Mistakes::Puzzle => Mistakes::Puzzle,
        explain::Mistakes::Cells(cells) => Mistakes::Cells(
            cells
                .into_iter()
                .map(|(r, c, colour, _)| {
                    let cell = if colour.is_background() {
                        Cell::Empty
                    } else {
                        Cell::Filled
                    };
                    (r, c, cell)
                })
                .collect(),
        ),
        explain::Mistakes::Line(line) => Mistakes::Line(line),
    }))
}

/// A partial grid from rows of cell characters (`#` filled, `.` empty, `?` unknown), checked
/// against the puzzle's size; the error is one sentence.
pub fn grid_from_rows(puzzle: &Puzzle, rows: &[String]) -> Result<Grid, String> {
    let (width, height) = (puzzle.width(), puzzle.height());
    if rows.len() != height {
        return Err(format!(
            "the grid has {} rows but the puzzle has {height}",
            rows.len()
        ));
    }
    let mut grid = Grid::new(width, height);
    for (r, row) in rows.iter().enumerate() {
        let cells = row.chars().count();
        if cells != width {
            return Err(format!(
                "row {} of the grid has {cells} cells but the puzzle is {width} wide",
                r + 1
            ));
        }
        for (c, symbol) in row.chars().enumerate() {
            let cell = Cell::from_symbol(symbol).ok_or_else(|| {
                format!(
                    "row {}, column {} of the grid: '{symbol}' is not a cell (use # filled, . \
                     empty, ? unknown)",
                    r + 1,
                    c + 1
                )
            })?;
            // Setting a cell of a fresh grid once cannot contradict.
            let _ = grid.set(r, c, cell);
        }
    }
    Ok(grid)
}

/// One step as [`step_json`] gives it, with its sentence (`text`, counted from 1 as people
/// count) and the cells it decides (`cells`: `[row, col, palette index]`, from 0): what a page
/// needs to show and highlight it.
pub fn step_detail_json(step: &Step) -> Value {
    let mut value = step_json(step);
    value["text"] = step.to_string().into();
    value["cells"] = step
        .cells()
        .iter()
        .map(|&(r, c, v)| json!([r, c, usize::from(v == Cell::Filled)]))
        .collect::<Vec<_>>()
        .into();
    value
}

impl Mistakes {
    /// One sentence for a person.
    pub fn text(&self) -> String {
        match self {
            Mistakes::Puzzle => "the puzzle has no solution".to_string(),
            Mistakes::Cells(cells) => {
                let listed: Vec<String> = cells
                    .iter()
                    .map(|&(r, c, v)| format!("{} is {}", cell_name((r, c)), cell_word(v)))
                    .collect();
                format!(
                    "the grid contradicts the clues: {} wrong: {} (the solution has the other \
                     value)",
                    plural(cells.len(), "cell"),
                    capped(&listed, LISTED_CELLS, ", ")
                )
            }
            Mistakes::Line(Some(line)) => {
                format!("the grid contradicts the clues: {line} can no longer be satisfied")
            }
            Mistakes::Line(None) => {
                "the grid contradicts the clues: no solution agrees with its known cells"
                    .to_string()
            }
        }
    }

    /// The mistake as JSON.
    pub fn json(&self) -> Value {
        match self {
            Mistakes::Puzzle => json!({ "kind": "puzzle" }),
            Mistakes::Cells(cells) => json!({
                "kind": "cells",
                "cells": cells.iter().map(|&(r, c, v)| json!({
                    "row": r, "col": c, "value": cell_word(v)
                })).collect::<Vec<_>>(),
            }),
            Mistakes::Line(line) => json!({
                "kind": "line",
                "line": line.map(line_json),
            }),
        }
    }
}

/// A line as JSON, its index from 0.
pub fn line_json(line: LineId) -> Value {
    json!({ "line": line.axis.name(), "index": line.index })
}

/// One step as JSON, every index from 0.
///
/// (The `explain --output json` schema: [`step_detail_json`] adds what a page needs.)
pub fn step_json(step: &Step) -> Value {
    match step {
        Step::Line(s) => json!({
            "kind": "line",
            "line": s.line.axis.name(),
            "index": s.line.index,
            "clue": s.clue.runs(),
            "filled": s.filled,
            "empty": s.empty,
        }),
        Step::Probe(p) => json!({
            "kind": "probe",
            "row": p.row,
            "col": p.col,
            "tried": cell_word(p.tried),
            "contradiction": line_json(p.contradiction),
            "value": cell_word(p.value),
        }),
        Step::Guess(g) => json!({
            "kind": "guess",
            "row": g.row,
            "col": g.col,
            "value": cell_word(g.value),
            "unique": g.unique,
        }),
        Step::Contradiction(c) => match c {
            ContradictionStep::Line { line, clue } => json!({
                "kind": "contradiction",
                "line": line.axis.name(),
                "index": line.index,
                "clue": clue.runs(),
            }),
            ContradictionStep::Cell {
                row,
                col,
                if_filled,
                if_empty,
            } => json!({
                "kind": "contradiction",
                "row": row,
                "col": col,
                "if_filled": line_json(*if_filled),
                "if_empty": line_json(*if_empty),
            }),
            ContradictionStep::Search => json!({ "kind": "contradiction" }),
        },
    }
}

/// The difficulty rating as JSON.
pub fn rating_json(d: Difficulty) -> Value {
    let mut value = json!({ "rating": d.name(), "text": d.to_string() });
    let (sweeps, probes, decisions) = match d {
        Difficulty::LineSolvable { sweeps } => (sweeps, 0, 0),
        Difficulty::Probing { sweeps, probes } => (sweeps, probes, 0),
        Difficulty::Search {
            sweeps,
            probes,
            decisions,
        } => (sweeps, probes, decisions),
        Difficulty::NoSolution | Difficulty::Unfinished => return value,
    };
    value["sweeps"] = sweeps.into();
    value["probes"] = probes.into();
    value["decisions"] = decisions.into();
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_core::explain::Explainer;
    use nonogram_core::Picture;

    fn smallex() -> Puzzle {
        Puzzle::from_picture(
            &Picture::from_strings(&[".###.", "##.#.", ".###.", "..##.", "..###"]).unwrap(),
        )
    }

    fn rows(rows: &[&str]) -> Vec<String> {
        rows.iter().map(|r| r.to_string()).collect()
    }

    /// A grid with hundreds of wrong cells gets a sentence of one screen line or two, not of
    /// 20,000 characters: the list is cut as `solve` cuts its differing cells.
    #[test]
    fn long_lists_of_wrong_cells_are_cut() {
        let cells: Vec<(usize, usize, Cell)> =
            (0..451).map(|i| (i / 30, i % 30, Cell::Filled)).collect();
        let text = Mistakes::Cells(cells).text();
        assert!(
            text.starts_with(
                "the grid contradicts the clues: 451 cells wrong: (r1,c1) is filled, "
            ),
            "{text}"
        );
        assert!(
            text.ends_with("(r1,c12) is filled and 439 more (the solution has the other value)"),
            "{text}"
        );
        assert!(text.len() < 400, "{text}");
    }

    #[test]
    fn grids_are_read_and_checked_against_the_puzzle() {
        let puzzle = smallex();
        let grid = grid_from_rows(
            &puzzle,
            &rows(&["#.???", "?????", "?????", "?????", "?????"]),
        )
        .unwrap();
        assert_eq!(grid.get(0, 0), Cell::Filled);
        assert_eq!(grid.get(0, 1), Cell::Empty);
        assert_eq!(grid.get(0, 2), Cell::Unknown);
        let short = grid_from_rows(&puzzle, &rows(&["?????"])).unwrap_err();
        assert_eq!(short, "the grid has 1 rows but the puzzle has 5");
        let narrow = grid_from_rows(
            &puzzle,
            &rows(&["????", "?????", "?????", "?????", "?????"]),
        );
        assert!(narrow
            .unwrap_err()
            .starts_with("row 1 of the grid has 4 cells"));
        let bad = grid_from_rows(
            &puzzle,
            &rows(&["?????", "??x??", "?????", "?????", "?????"]),
        );
        assert!(bad
            .unwrap_err()
            .starts_with("row 2, column 3 of the grid: 'x'"));
    }

    #[test]
    fn mistakes_within_a_limit_agree_with_mistakes_or_say_they_were_cut_short() {
        let puzzle = smallex();
        let wrong = grid_from_rows(
            &puzzle,
            &rows(&["#????", "?????", "?????", "?????", "?????"]),
        )
        .unwrap();
        let expected = Some(Mistakes::Cells(vec![(0, 0, Cell::Filled)]));
        assert_eq!(mistakes(&puzzle, &wrong), expected);
        assert_eq!(
            mistakes_within(&puzzle, &wrong, Some(Duration::from_secs(60)), None),
            Ok(expected)
        );
        let right = Grid::new(5, 5);
        assert_eq!(mistakes_within(&puzzle, &right, None, None), Ok(None));
        // A raised flag: either line solving settled it before the flag was looked at, or
        // the check says it was cancelled; never a wrong verdict.
        let raised = AtomicBool::new(true);
        match mistakes_within(&puzzle, &wrong, None, Some(&raised)) {
            Err(stop) => assert_eq!(stop, Stop::Cancelled),
            Ok(found) => assert_eq!(found, Some(Mistakes::Cells(vec![(0, 0, Cell::Filled)]))),
        }
    }

    #[test]
    fn detailed_steps_carry_their_sentence_and_cells() {
        let puzzle = smallex();
        let step = Explainer::new(&puzzle).next().unwrap();
        let value = step_detail_json(&step);
        assert_eq!(value["kind"], "line");
        assert_eq!(value["text"], step.to_string());
        let cells = value["cells"].as_array().unwrap();
        assert_eq!(cells.len(), step.cells().len());
        for (cell, (r, c, v)) in cells.iter().zip(step.cells()) {
            assert_eq!(cell, &json!([r, c, usize::from(v == Cell::Filled)]));
        }
    }
}
