//! Colour explanations as JSON, and what is wrong with a partial colour grid that no solution
//! agrees with: the black-and-white [`explain`](super::explain) reports with colours, named by
//! the palette's characters in JSON and by its names in sentences.

use nonogram_core::colour::grid::ColourGrid;
use nonogram_core::explain::{self, ColourContradictionStep, ColourStep};
use nonogram_core::{Clue, ColourId, ColourSet, LineId, Palette, PartialGrid, Puzzle};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use nonogram_core::Stop;
use serde_json::{json, Value};

use super::explain::line_json;

/// A colour's character in the palette, as a string (`?` if the palette lacks it).
fn symbol(palette: &Palette, colour: ColourId) -> String {
    palette.get(colour).map_or('?', |c| c.symbol).to_string()
}

/// A triangle puzzle's caps of `clue`, run by run, as `[start, end]` characters (`null` where
/// a run has no cap); `None` for a clue without caps, whose JSON then has no `caps`.
fn caps_json(palette: &Palette, clue: &Clue) -> Option<Value> {
    let cap = |c: ColourId| (!c.is_background()).then(|| symbol(palette, c));
    clue.has_caps().then(|| {
        (0..clue.len())
            .map(|i| {
                let [start, end] = clue.caps(i);
                json!([cap(start), cap(end)])
            })
            .collect::<Vec<_>>()
            .into()
    })
}

fn symbols(palette: &Palette, set: ColourSet) -> Vec<String> {
    set.iter().map(|c| symbol(palette, c)).collect()
}

/// One colour step as JSON, every index from 0, colours by their palette characters, with its
/// sentence (`text`). A line's `clue` is its runs' lengths (caps counted) and `colours` their
/// colours; in a triangle puzzle a clue with caps has `caps` too, per run `[start, end]` as
/// the half cells' characters (`["◢", null]`), `null` where a run has no cap.
pub fn colour_step_json(step: &ColourStep, palette: &Palette) -> Value {
    let mut value = match step {
        ColourStep::Line(s) => json!({
            "kind": "line",
            "line": s.line.axis.name(),
            "index": s.line.index,
            "clue": s.clue.runs(),
            "colours": s.clue.colours().iter().map(|&c| symbol(palette, c)).collect::<Vec<_>>(),
            "decided": s.decided.iter().map(|&(i, c)| json!({
                "cell": i, "colour": symbol(palette, c)
            })).collect::<Vec<_>>(),
            "ruled_out": s.ruled_out.iter().map(|&(i, set)| json!({
                "cell": i, "colours": symbols(palette, set)
            })).collect::<Vec<_>>(),
        }),
        ColourStep::Probe(p) => json!({
            "kind": "probe",
            "row": p.row,
            "col": p.col,
            "tried": tried_json(palette, &p.tried),
            "left": symbols(palette, p.left),
        }),
        ColourStep::Guess(g) => json!({
            "kind": "guess",
            "row": g.row,
            "col": g.col,
            "colour": symbol(palette, g.colour),
            "unique": g.unique,
        }),
        ColourStep::Contradiction(c) => match c {
            ColourContradictionStep::Line { line, clue } => json!({
                "kind": "contradiction",
                "line": line.axis.name(),
                "index": line.index,
                "clue": clue.runs(),
            }),
            ColourContradictionStep::Cell { row, col, tried } => json!({
                "kind": "contradiction",
                "row": row,
                "col": col,
                "tried": tried_json(palette, tried),
            }),
            ColourContradictionStep::Search => json!({ "kind": "contradiction" }),
        },
    };
    let clue = match step {
        ColourStep::Line(s) => Some(&s.clue),
        ColourStep::Contradiction(ColourContradictionStep::Line { clue, .. }) => Some(clue),
        _ => None,
    };
    if let Some(caps) = clue.and_then(|clue| caps_json(palette, clue)) {
        value["caps"] = caps;
    }
    value["text"] = step.display(palette).to_string().into();
    value
}

/// [`colour_step_json`] with what the web page draws: `cells`, the cells the step decides as
/// `[row, col, palette index]` (a cell that only loses some colours stays undecided on the
/// page), and for a probe the first line that broke as `contradiction`, the line the page
/// highlights.
pub fn colour_step_detail_json(step: &ColourStep, palette: &Palette) -> Value {
    let mut value = colour_step_json(step, palette);
    value["cells"] = step
        .cells()
        .into_iter()
        .filter_map(|(r, c, set)| set.only().map(|colour| json!([r, c, colour.index()])))
        .collect::<Vec<_>>()
        .into();
    if let ColourStep::Probe(p) = step {
        if let Some((_, line)) = p.tried.first() {
            value["contradiction"] = json!({ "line": line.axis.name(), "index": line.index });
        }
    }
    value
}

fn tried_json(palette: &Palette, tried: &[(ColourId, LineId)]) -> Vec<Value> {
    tried
        .iter()
        .map(|&(c, line)| json!({ "colour": symbol(palette, c), "contradiction": line_json(line) }))
        .collect()
}

/// Why no solution agrees with a partial colour grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ColourMistakes {
    /// The puzzle itself has no solution.
    Puzzle,
    /// The puzzle has one solution, and these decided cells disagree with it: `(row, col,
    /// colour in the grid, colour in the solution)`.
    Cells(Vec<(usize, usize, ColourId, ColourId)>),
    /// The puzzle has several solutions and none agrees with the grid; this line (if line
    /// solving finds it) cannot be satisfied.
    Line(Option<LineId>),
}

/// Checks the decided cells of `grid` against the solutions: `None` if some solution agrees.
pub fn colour_mistakes(puzzle: &Puzzle, grid: &PartialGrid) -> Option<ColourMistakes> {
    // Without a limit or a flag the check always ends by itself.
    colour_mistakes_within(puzzle, grid, None, None).unwrap_or(None)
}

/// [`colour_mistakes`] within a time limit, stopping early if `cancel` is raised: `Err` with
/// the reason when the check was cut short and so says nothing. The check is the library's
/// ([`nonogram_core::explain::mistakes_within`]).
pub fn colour_mistakes_within(
    puzzle: &Puzzle,
    grid: &PartialGrid,
    timeout: Option<Duration>,
    cancel: Option<&AtomicBool>,
) -> Result<Option<ColourMistakes>, Stop> {
    let found = explain::mistakes_within(puzzle, grid, timeout, cancel)?;
    Ok(found.map(|found| match found {
        explain::Mistakes::Puzzle => ColourMistakes::Puzzle,
        explain::Mistakes::Cells(cells) => ColourMistakes::Cells(cells),
        explain::Mistakes::Line(line) => ColourMistakes::Line(line),
    }))
}

/// The explainer's grid of a partial grid of the puzzle (`None` if a cell allows nothing).
pub fn colour_grid(puzzle: &Puzzle, grid: &PartialGrid) -> Option<ColourGrid> {
    ColourGrid::from_cells(grid, puzzle.palette().len())
}

impl ColourMistakes {
    /// One sentence for a person, colours by their names (the library's sentence).
    pub fn text(&self, palette: &Palette) -> String {
        let mistakes = match self {
            ColourMistakes::Puzzle => explain::Mistakes::Puzzle,
            ColourMistakes::Cells(cells) => explain::Mistakes::Cells(cells.clone()),
            ColourMistakes::Line(line) => explain::Mistakes::Line(*line),
        };
        let text = mistakes.display(palette).to_string();
        text
    }

    /// The mistake as JSON, colours by their palette characters.
    pub fn json(&self, palette: &Palette) -> Value {
        match self {
            ColourMistakes::Puzzle => json!({ "kind": "puzzle" }),
            ColourMistakes::Cells(cells) => json!({
                "kind": "cells",
                "cells": cells.iter().map(|&(r, c, wrong, right)| json!({
                    "row": r, "col": c,
                    "value": symbol(palette, wrong),
                    "solution": symbol(palette, right),
                })).collect::<Vec<_>>(),
            }),
            ColourMistakes::Line(line) => json!({
                "kind": "line",
                "line": line.map(line_json),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_core::generate::colour_palette;
    use nonogram_core::Picture;

    fn id(i: usize) -> ColourId {
        ColourId::new(i).unwrap()
    }

    #[test]
    fn a_wrong_colour_is_named_with_its_cell() {
        let rows = vec![
            vec![id(1), id(2), id(0)],
            vec![id(2), id(2), id(0)],
            vec![id(0), id(3), id(1)],
        ];
        let picture = Picture::from_colour_rows(&rows).unwrap();
        let puzzle = Puzzle::from_coloured_picture(colour_palette(3), &picture).unwrap();
        let mut grid = PartialGrid::unknown(3, 3, 4);
        grid.set(1, 1, ColourSet::single(id(3)));
        let mistakes = colour_mistakes(&puzzle, &grid).unwrap();
        assert_eq!(mistakes, ColourMistakes::Cells(vec![(1, 1, id(3), id(2))]));
        assert_eq!(
            mistakes.text(puzzle.palette()),
            "the grid contradicts the clues: 1 cell wrong: (r2,c2) is green (the solution has \
             red)"
        );
        assert_eq!(mistakes.json(puzzle.palette())["cells"][0]["value"], "g");
        grid.set(1, 1, ColourSet::single(id(2)));
        assert_eq!(colour_mistakes(&puzzle, &grid), None);
    }
}
