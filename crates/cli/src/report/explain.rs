//! Explanations as JSON, and what is wrong with a partial grid that no solution agrees with
//! (shared by `nonogram explain` and the web page).

use nonogram_core::explain::{cell_word, ContradictionStep, Difficulty, Explainer, Step};
use nonogram_core::{Cell, Config, Given, Grid, LineId, Puzzle, Solver, Status};
use serde_json::{json, Value};

use crate::report::{cell_name, plural};

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
    let mut givens = Vec::new();
    for r in 0..grid.height() {
        for c in 0..grid.width() {
            match grid.get(r, c) {
                Cell::Filled => givens.push(Given::cell(r, c, true)),
                Cell::Empty => givens.push(Given::cell(r, c, false)),
                Cell::Unknown => {}
            }
        }
    }
    let solver = |max_solutions| {
        Solver::new(Config {
            max_solutions,
            ..Config::default()
        })
    };
    if solver(1).solve_from(puzzle, &givens).status != Status::NoSolution {
        return None;
    }
    let whole = solver(2).solve(puzzle);
    Some(match whole.status {
        Status::NoSolution => Mistakes::Puzzle,
        Status::Unique => {
            let solution = &whole.solutions[0];
            Mistakes::Cells(
                givens
                    .iter()
                    .filter(|g| solution.colour(g.row, g.col) != g.colour)
                    .map(|g| {
                        let cell = if g.colour.is_background() {
                            Cell::Empty
                        } else {
                            Cell::Filled
                        };
                        (g.row, g.col, cell)
                    })
                    .collect(),
            )
        }
        _ => {
            let mut explainer = Explainer::from_grid(puzzle, grid.clone());
            let line = match explainer.next() {
                Some(Step::Contradiction(ContradictionStep::Line { line, .. })) => Some(line),
                _ => None,
            };
            Mistakes::Line(line)
        }
    })
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
                    listed.join(", ")
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
