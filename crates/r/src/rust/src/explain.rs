//! Explanations (`explain_puzzle`) and hints (`hint_puzzle`), for black-and-white and colour
//! puzzles, from the library's explainers.
//!
//! R reads a table better than a list of objects, so an explanation crosses as columns: one
//! row a step (`steps`), and one row a cell a step decides (`cells`, with the step's number),
//! or narrows in colour (`narrowed`). Rows, columns and line numbers count from 1, as R and
//! the steps' sentences count.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use extendr_api::prelude::*;

use nonogram_api::report::steps::{explain_all, Steps};
use nonogram_core::colour::grid::ColourGrid;
use nonogram_core::explain::{
    mistakes_within, ColourContradictionStep, ColourExplainer, ColourStep, ContradictionStep,
    Difficulty, Explainer, Mistakes, Step,
};
use nonogram_core::{Axis, Cell, Cells, Clue, ColourId, Grid, LineId, PartialGrid, Puzzle};

use crate::args;
use crate::fail::{answer, Fail, Kind};
use crate::run::interruptible;
use crate::values::{self, named, opt, NA};

/// The steps of an explanation as columns, built one step at a time.
#[derive(Default)]
struct Table {
    kind: Vec<&'static str>,
    axis: Vec<Option<&'static str>>,
    index: Vec<i32>,
    clue: Vec<Option<String>>,
    row: Vec<i32>,
    col: Vec<i32>,
    text: Vec<String>,
    /// Decided cells: step, row, col, value.
    cells: [Vec<i32>; 4],
    /// Narrowed cells (colour): step, row, col, the palette indices left as `1,2`.
    narrowed: (Vec<i32>, Vec<i32>, Vec<i32>, Vec<String>),
}

/// A clue as text: `3,2`, `2 red,1 blue` in colour, `/4\\,2` in a triangle puzzle.
fn clue_text(puzzle: &Puzzle, clue: &Clue) -> String {
    if clue.is_empty() {
        return "0".into();
    }
    let palette = puzzle.palette();
    if puzzle.is_triangles() {
        return nonogram_core::model::triangle::run_notations(clue).join(",");
    }
    let runs: Vec<String> = clue
        .iter()
        .map(|r| {
            if puzzle.is_black_and_white() {
                r.len.to_string()
            } else {
                format!("{} {}", r.len, palette.colour(r.colour).name)
            }
        })
        .collect();
    runs.join(",")
}

impl Table {
    fn push(&mut self, kind: &'static str, text: String) -> i32 {
        self.kind.push(kind);
        self.axis.push(None);
        self.index.push(NA);
        self.clue.push(None);
        self.row.push(NA);
        self.col.push(NA);
        self.text.push(text);
        self.kind.len() as i32
    }

    fn line(&mut self, puzzle: &Puzzle, line: LineId, clue: &Clue) {
        let i = self.kind.len() - 1;
        self.axis[i] = Some(match line.axis {
            Axis::Row => "row",
            Axis::Column => "column",
        });
        self.index[i] = line.index as i32 + 1;
        self.clue[i] = Some(clue_text(puzzle, clue));
    }

    fn cell(&mut self, row: usize, col: usize) {
        let i = self.kind.len() - 1;
        self.row[i] = row as i32 + 1;
        self.col[i] = col as i32 + 1;
    }

    fn decided(&mut self, step: i32, row: usize, col: usize, value: usize) {
        let [s, r, c, v] = &mut self.cells;
        s.push(step);
        r.push(row as i32 + 1);
        c.push(col as i32 + 1);
        v.push(value as i32);
    }

    /// A black-and-white step.
    fn plain(&mut self, puzzle: &Puzzle, step: &Step) {
        let kind = match step {
            Step::Line(_) => "line",
            Step::Probe(_) => "probe",
            Step::Guess(_) => "guess",
            Step::Contradiction(_) => "contradiction",
        };
        let n = self.push(kind, step.to_string());
        match step {
            Step::Line(s) => self.line(puzzle, s.line, &s.clue),
            Step::Probe(p) => self.cell(p.row, p.col),
            Step::Guess(g) => self.cell(g.row, g.col),
            Step::Contradiction(ContradictionStep::Line { line, clue }) => {
                self.line(puzzle, *line, clue)
            }
            Step::Contradiction(ContradictionStep::Cell { row, col, .. }) => self.cell(*row, *col),
            Step::Contradiction(_) => {}
        }
        for (r, c, v) in step.cells() {
            self.decided(n, r, c, usize::from(v == Cell::Filled));
        }
    }

    /// A colour step.
    fn colour(&mut self, puzzle: &Puzzle, step: &ColourStep) {
        let kind = match step {
            ColourStep::Line(_) => "line",
            ColourStep::Probe(_) => "probe",
            ColourStep::Guess(_) => "guess",
            ColourStep::Contradiction(_) => "contradiction",
        };
        let n = self.push(kind, step.display(puzzle.palette()).to_string());
        match step {
            ColourStep::Line(s) => self.line(puzzle, s.line, &s.clue),
            ColourStep::Probe(p) => self.cell(p.row, p.col),
            ColourStep::Guess(g) => self.cell(g.row, g.col),
            ColourStep::Contradiction(ColourContradictionStep::Line { line, clue }) => {
                self.line(puzzle, *line, clue)
            }
            ColourStep::Contradiction(ColourContradictionStep::Cell { row, col, .. }) => {
                self.cell(*row, *col)
            }
            ColourStep::Contradiction(_) => {}
        }
        for (r, c, set) in step.cells() {
            let set = set.and(puzzle.palette().all());
            match set.only() {
                Some(colour) => self.decided(n, r, c, colour.index()),
                None => {
                    let left: Vec<String> = set.iter().map(|id| id.index().to_string()).collect();
                    self.narrowed.0.push(n);
                    self.narrowed.1.push(r as i32 + 1);
                    self.narrowed.2.push(c as i32 + 1);
                    self.narrowed.3.push(left.join(","));
                }
            }
        }
    }

    /// `list(steps, cells, narrowed)`, each a list of columns (the R code makes them data
    /// frames).
    fn into_robj(self) -> Robj {
        let steps = self.kind.len() as i32;
        let [s, r, c, v] = self.cells;
        named(vec![
            (
                "steps",
                named(vec![
                    ("step", (1..=steps).collect::<Vec<i32>>().into()),
                    ("kind", self.kind.into()),
                    ("axis", self.axis.into()),
                    ("index", self.index.into()),
                    ("clue", self.clue.into()),
                    ("row", self.row.into()),
                    ("col", self.col.into()),
                    ("text", self.text.into()),
                ]),
            ),
            (
                "cells",
                named(vec![
                    ("step", s.into()),
                    ("row", r.into()),
                    ("col", c.into()),
                    ("value", v.into()),
                ]),
            ),
            (
                "narrowed",
                named(vec![
                    ("step", self.narrowed.0.into()),
                    ("row", self.narrowed.1.into()),
                    ("col", self.narrowed.2.into()),
                    ("options", self.narrowed.3.into()),
                ]),
            ),
        ])
    }
}

/// The whole explanation: steps, cells, the grid reached, the difficulty and its counts.
/// @noRd
#[extendr]
fn rs_explain(puzzle: Robj, timeout: Robj) -> Robj {
    answer(|| {
        let puzzle = Arc::new(values::puzzle(&puzzle)?);
        let timeout = args::seconds(&timeout, "timeout")?;
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let shared = Arc::clone(&puzzle);
        // The steps: Python's `Puzzle.explain` runs the same.
        let explained = interruptible(&cancel, move || explain_all(&shared, timeout, &flag))?;
        let mut table = Table::default();
        match &explained.steps {
            Steps::Plain(steps) => steps.iter().for_each(|s| table.plain(&puzzle, s)),
            Steps::Colour(steps) => steps.iter().for_each(|s| table.colour(&puzzle, s)),
        }
        Ok(explanation(
            table,
            &explained.grid,
            explained.difficulty,
            explained.stopped,
            explained.reason,
        ))
    })
}

fn explanation(
    table: Table,
    grid: &PartialGrid,
    difficulty: Difficulty,
    stopped: bool,
    reason: Option<String>,
) -> Robj {
    let (sweeps, probes, decisions) = match difficulty {
        Difficulty::LineSolvable { sweeps } => (sweeps, 0, 0),
        Difficulty::Probing { sweeps, probes } => (sweeps, probes, 0),
        Difficulty::Search {
            sweeps,
            probes,
            decisions,
        } => (sweeps, probes, decisions),
        _ => (0, 0, 0),
    };
    named(vec![
        ("table", table.into_robj()),
        ("grid", values::partial_matrix(grid)),
        ("difficulty", difficulty.name().into()),
        ("rating", difficulty.to_string().into()),
        ("sweeps", values::count(sweeps)),
        ("probes", values::count(probes)),
        ("decisions", values::count(decisions)),
        (
            "stop",
            if stopped { "time-limit" } else { "finished" }.into(),
        ),
        ("reason", opt(reason)),
    ])
}

/// The next step from a partly solved grid, after checking it for mistakes.
/// @noRd
#[extendr]
fn rs_hint(puzzle: Robj, grid: Robj, timeout: Robj) -> Robj {
    answer(|| {
        let puzzle = Arc::new(values::puzzle(&puzzle)?);
        let grid = values::partial_grid(&puzzle, &grid, "the grid")?;
        let timeout = args::seconds(&timeout, "timeout")?;
        if let Some(reason) = puzzle.inconsistency() {
            return Ok(hint(
                "mistake",
                format!("no solution: {reason}"),
                Some("puzzle"),
                Vec::new(),
                None,
                None,
            ));
        }
        enum Found {
            Mistakes(Mistakes),
            Plain(Option<Step>),
            Colour(Option<ColourStep>),
            Stopped(&'static str),
        }
        let deadline = timeout.and_then(|t| Instant::now().checked_add(t));
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let shared = Arc::clone(&puzzle);
        let found = interruptible(&cancel, move || {
            let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
            match mistakes_within(&shared, &grid, left, Some(&flag)) {
                Err(_) => return Found::Stopped("while checking the grid for mistakes"),
                Ok(Some(mistakes)) => return Found::Mistakes(mistakes),
                Ok(None) => {}
            }
            if shared.is_black_and_white() {
                let mut start = Grid::new(shared.width(), shared.height());
                for r in 0..shared.height() {
                    for c in 0..shared.width() {
                        // Some solution agrees with the grid: its cells do not contradict.
                        let _ = start.set(r, c, grid.cell(r, c));
                    }
                }
                let mut explainer = Explainer::from_grid(&shared, start).with_deadline(deadline);
                let step = explainer.next();
                if explainer.stopped() {
                    return Found::Stopped("before the next step");
                }
                Found::Plain(step)
            } else {
                // Some solution agrees with the grid, so no cell of it is left without a colour.
                let Some(start) = ColourGrid::from_cells(&grid, shared.palette().len()) else {
                    return Found::Mistakes(Mistakes::Line(None));
                };
                let mut explainer =
                    ColourExplainer::from_grid(&shared, start).with_deadline(deadline);
                let step = explainer.next();
                if explainer.stopped() {
                    return Found::Stopped("before the next step");
                }
                Found::Colour(step)
            }
        })?;
        Ok(match found {
            Found::Stopped(when) => {
                let limit = timeout.unwrap_or_default().as_secs_f64();
                return Err(Fail::new(
                    Kind::Timeout,
                    format!("timed out: the time limit ({limit} s) ran out {when}"),
                ));
            }
            Found::Mistakes(mistakes) => {
                let text = mistakes.display(puzzle.palette()).to_string();
                match mistakes {
                    Mistakes::Puzzle => {
                        hint("mistake", text, Some("puzzle"), Vec::new(), None, None)
                    }
                    Mistakes::Cells(cells) => {
                        let wrong = cells
                            .iter()
                            .map(
                                |&(r, c, wrong, right): &(usize, usize, ColourId, ColourId)| {
                                    (r, c, wrong.index(), right.index())
                                },
                            )
                            .collect();
                        hint("mistake", text, Some("cells"), wrong, None, None)
                    }
                    Mistakes::Line(line) => {
                        hint("mistake", text, Some("line"), Vec::new(), line, None)
                    }
                }
            }
            Found::Plain(Some(step)) => {
                let mut table = Table::default();
                table.plain(&puzzle, &step);
                hint(
                    "step",
                    format!("next step: {step}"),
                    None,
                    Vec::new(),
                    None,
                    Some(table),
                )
            }
            Found::Colour(Some(step)) => {
                let mut table = Table::default();
                table.colour(&puzzle, &step);
                let text = format!("next step: {}", step.display(puzzle.palette()));
                hint("step", text, None, Vec::new(), None, Some(table))
            }
            Found::Plain(None) | Found::Colour(None) => hint(
                "complete",
                "the grid is complete".to_string(),
                None,
                Vec::new(),
                None,
                None,
            ),
        })
    })
}

fn hint(
    kind: &str,
    text: String,
    mistake: Option<&str>,
    wrong: Vec<(usize, usize, usize, usize)>,
    line: Option<LineId>,
    step: Option<Table>,
) -> Robj {
    let column = |f: fn(&(usize, usize, usize, usize)) -> i32| -> Robj {
        wrong.iter().map(f).collect::<Vec<i32>>().into()
    };
    let line = line.map(|l| {
        named(vec![
            (
                "axis",
                match l.axis {
                    Axis::Row => "row",
                    Axis::Column => "column",
                }
                .into(),
            ),
            ("index", (l.index as i32 + 1).into()),
        ])
    });
    named(vec![
        ("kind", kind.into()),
        ("text", text.into()),
        ("mistake", opt(mistake)),
        (
            "wrong_cells",
            named(vec![
                ("row", column(|w| w.0 as i32 + 1)),
                ("col", column(|w| w.1 as i32 + 1)),
                ("value", column(|w| w.2 as i32)),
                ("solution", column(|w| w.3 as i32)),
            ]),
        ),
        ("line", opt(line)),
        ("step", opt(step.map(Table::into_robj))),
    ])
}

extendr_module! {
    mod explain;
    fn rs_explain;
    fn rs_hint;
}
