//! The steps of an explanation in the terms every kind shares, and the rating: a line decides
//! cells (each takes one palette entry) or rules entries out of cells that keep several; a
//! probe tries each entry a cell may take and rules out those that contradict; a guess takes
//! a solution's entry. One sentence a step, rows and columns counted from 1, colours named by
//! the palette (the JSON output counts from 0 and gives palette indexes, from the same fields).
//!
//! These are the explainer's vocabulary for every kind of puzzle (its `Narrator` makes them),
//! kept apart from it: the library's callers print and serialise them, and how a step reads
//! should not change with how it is found. [`ColourStep`] gives them as they are, colours
//! named by the palette; a kind may word them in its own terms (black and white:
//! `crate::kinds::black_white::step`, cells filled and empty).

use std::fmt;

use nonogram_model::{Axis, Clue, ColourId, ColourSet, LineId, Palette};

/// One step of a colour explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ColourStep {
    /// Solving one line against its clue decided some of its cells or ruled colours out of
    /// them.
    Line(ColourLineStep),
    /// Trying colours in a cell led to contradictions, so the cell cannot take them.
    Probe(ColourProbeStep),
    /// Neither lines nor single probes decide anything: a cell is set to its colour in a
    /// solution the search found below the current grid.
    Guess(ColourGuessStep),
    /// The clues cannot be satisfied (from the starting grid).
    Contradiction(ColourContradictionStep),
}

/// What solving one line proved. Positions are 0-based cell indexes along the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColourLineStep {
    /// The line solved.
    pub line: LineId,
    /// Its clue.
    pub clue: Clue,
    /// Cells that became decided, with their colour, in increasing position.
    pub decided: Vec<(usize, ColourId)>,
    /// Cells that lost colours and still have several, with the colours ruled out, in
    /// increasing position.
    pub ruled_out: Vec<(usize, ColourSet)>,
}

/// Probes of one cell that contradicted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColourProbeStep {
    /// The cell's row, from 0.
    pub row: usize,
    /// The cell's column, from 0.
    pub col: usize,
    /// The colours tried that contradicted, each with the line that could no longer be
    /// satisfied after propagating it.
    pub tried: Vec<(ColourId, LineId)>,
    /// The colours the cell may still take (one if the probes decided it).
    pub left: ColourSet,
}

/// A guess taken from a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColourGuessStep {
    /// The cell's row, from 0.
    pub row: usize,
    /// The cell's column, from 0.
    pub col: usize,
    /// The colour it takes, the solution's.
    pub colour: ColourId,
    /// Whether the search proved that only one solution extends the grid before the guess.
    pub unique: bool,
}

/// Why there is no solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ColourContradictionStep {
    /// Every colour the cell may take contradicts, each in the line given.
    Cell {
        /// The cell's row, from 0.
        row: usize,
        /// The cell's column, from 0.
        col: usize,
        /// Each colour tried, with the line that broke.
        tried: Vec<(ColourId, LineId)>,
    },
    /// This line's clue cannot be satisfied by its cells.
    Line {
        /// The line.
        line: LineId,
        /// Its clue.
        clue: Clue,
    },
    /// The search found no solution below the current grid.
    Search,
}

impl ColourStep {
    /// The cells this step narrows, as `(row, col, colours the cell keeps at most)`: a decided
    /// cell keeps one colour; a cell with colours ruled out keeps every other one.
    pub fn cells(&self) -> Vec<(usize, usize, ColourSet)> {
        match self {
            ColourStep::Line(s) => {
                let at = |i: usize| match s.line.axis {
                    Axis::Row => (s.line.index, i),
                    Axis::Column => (i, s.line.index),
                };
                let decided = s.decided.iter().map(|&(i, colour)| {
                    let (r, c) = at(i);
                    (r, c, ColourSet::single(colour))
                });
                let ruled_out = s.ruled_out.iter().map(|&(i, out)| {
                    let (r, c) = at(i);
                    (r, c, ColourSet::from_bits(!out.bits()))
                });
                decided.chain(ruled_out).collect()
            }
            ColourStep::Probe(p) => vec![(p.row, p.col, p.left)],
            ColourStep::Guess(g) => vec![(g.row, g.col, ColourSet::single(g.colour))],
            ColourStep::Contradiction(_) => Vec::new(),
        }
    }

    /// The step as one sentence, colours named by `palette` (the puzzle's).
    pub fn display<'a>(&'a self, palette: &'a Palette) -> impl fmt::Display + 'a {
        DisplayStep {
            step: self,
            palette,
        }
    }
}

struct DisplayStep<'a> {
    step: &'a ColourStep,
    palette: &'a Palette,
}

/// A colour's name in the palette (its index if the palette has no such entry).
pub fn colour_name(palette: &Palette, colour: ColourId) -> String {
    palette
        .get(colour)
        .map_or_else(|| format!("colour {}", colour.index()), |c| c.name.clone())
}

/// "red", "red or blue", "red, blue or green".
fn names_or(palette: &Palette, set: ColourSet) -> String {
    let names: Vec<String> = set.iter().map(|c| colour_name(palette, c)).collect();
    match names.split_last() {
        None => "nothing".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// "not red", "neither red nor blue", "neither red, blue nor green". In a triangle puzzle the
/// four half cells together are "a half cell": "neither black nor a half cell".
fn not_names(palette: &Palette, set: ColourSet) -> String {
    let halves = nonogram_model::triangle::TRIANGLES
        .iter()
        .fold(ColourSet::EMPTY, |s, t| s.with(t.0));
    let names: Vec<String> = if palette.is_triangles() && set.and(halves) == halves {
        set.iter()
            .filter(|c| !halves.contains(*c))
            .map(|c| colour_name(palette, c))
            .chain(["a half cell".to_string()])
            .collect()
    } else {
        set.iter().map(|c| colour_name(palette, c)).collect()
    };
    match names.split_last() {
        None => "unchanged".to_string(),
        Some((last, [])) => format!("not {last}"),
        Some((last, rest)) => format!("neither {} nor {last}", rest.join(", ")),
    }
}

/// Groups positions by a key, in the order each key first appears.
fn groups<K: PartialEq + Copy>(items: &[(usize, K)]) -> Vec<(K, Vec<usize>)> {
    let mut out: Vec<(K, Vec<usize>)> = Vec::new();
    for &(i, key) in items {
        match out.iter_mut().find(|(k, _)| *k == key) {
            Some((_, cells)) => cells.push(i),
            None => out.push((key, vec![i])),
        }
    }
    out
}

/// "red (contradiction in column 2), blue (in row 1)".
fn tried_list(palette: &Palette, tried: &[(ColourId, LineId)]) -> String {
    tried
        .iter()
        .map(|&(colour, line)| format!("{} breaks {line}", colour_name(palette, colour)))
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for DisplayStep<'_> {
    /// "row 3 (clue 2r 1b): cells 4-5 red, cell 1 white; cell 2 not blue".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let palette = self.palette;
        match self.step {
            ColourStep::Line(s) => {
                write!(f, "{} (clue {}): ", s.line, s.clue.display(palette))?;
                let decided: Vec<String> = groups(&s.decided)
                    .into_iter()
                    .map(|(colour, cells)| {
                        format!("{} {}", cell_list(&cells), colour_name(palette, colour))
                    })
                    .collect();
                let ruled_out: Vec<String> = groups(&s.ruled_out)
                    .into_iter()
                    .map(|(set, cells)| {
                        format!("{} {}", cell_list(&cells), not_names(palette, set))
                    })
                    .collect();
                let parts: Vec<String> = [decided.join(", "), ruled_out.join(", ")]
                    .into_iter()
                    .filter(|p| !p.is_empty())
                    .collect();
                f.write_str(&parts.join("; "))
            }
            ColourStep::Probe(p) => {
                let tried: ColourSet = p
                    .tried
                    .iter()
                    .fold(ColourSet::EMPTY, |set, &(c, _)| set.with(c));
                let so = match p.left.only() {
                    Some(colour) => colour_name(palette, colour),
                    None => not_names(palette, tried),
                };
                write!(
                    f,
                    "no line decides more; trying cell ({},{}) as {} leads to a contradiction \
                     ({}), so it is {so}",
                    p.row + 1,
                    p.col + 1,
                    names_or(palette, tried),
                    tried_list(palette, &p.tried),
                )
            }
            ColourStep::Guess(g) => write!(
                f,
                "neither a line nor a single probe decides any cell: guessing cell ({},{}) {} ({})",
                g.row + 1,
                g.col + 1,
                colour_name(palette, g.colour),
                if g.unique {
                    "the search confirms this is the only way on"
                } else {
                    "the clues allow more than one picture from here; this picks one"
                }
            ),
            ColourStep::Contradiction(ColourContradictionStep::Line { line, clue }) => write!(
                f,
                "{line} (clue {}) cannot be satisfied: the puzzle has no solution",
                clue.display(palette)
            ),
            ColourStep::Contradiction(ColourContradictionStep::Cell { row, col, tried }) => {
                write!(
                    f,
                    "cell ({},{}) can take none of its colours ({}): the puzzle has no solution",
                    row + 1,
                    col + 1,
                    tried_list(palette, tried)
                )
            }
            ColourStep::Contradiction(ColourContradictionStep::Search) => {
                f.write_str("the search finds no solution: the puzzle has none")
            }
        }
    }
}

/// "cell 4", "cells 1-3, 7", from sorted 0-based positions, shown from 1.
pub fn cell_list(cells: &[usize]) -> String {
    let noun = if cells.len() == 1 { "cell" } else { "cells" };
    format!("{noun} {}", compress_ranges(cells))
}

/// Sorted 0-based positions as 1-based ranges: `[0, 1, 2, 6]` is "1-3, 7".
pub fn compress_ranges(cells: &[usize]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < cells.len() {
        let mut j = i;
        while j + 1 < cells.len() && cells[j + 1] == cells[j] + 1 {
            j += 1;
        }
        parts.push(if i == j {
            format!("{}", cells[i] + 1)
        } else {
            format!("{}-{}", cells[i] + 1, cells[j] + 1)
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// How hard a puzzle is for a person, from what its explanation needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difficulty {
    /// Line solving alone completes the grid, in this many sweeps (a sweep solves every changed
    /// row, then every changed column).
    LineSolvable {
        /// Sweeps that fixed cells.
        sweeps: usize,
    },
    /// Line solving plus this many contradiction probes complete it.
    Probing {
        /// Sweeps that fixed cells.
        sweeps: usize,
        /// Probes that fixed a cell.
        probes: usize,
    },
    /// Guesses were needed (the puzzle may also have several solutions).
    Search {
        /// Sweeps that fixed cells.
        sweeps: usize,
        /// Probes that fixed a cell.
        probes: usize,
        /// Guesses.
        decisions: usize,
    },
    /// The clues have no solution.
    NoSolution,
    /// The explanation has not reached the end yet.
    Unfinished,
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Difficulty::LineSolvable { sweeps } => {
                write!(f, "line-solvable in {}", plural(sweeps, "sweep"))
            }
            Difficulty::Probing { probes, .. } => {
                write!(f, "needs probing ({})", plural(probes, "probe"))
            }
            Difficulty::Search {
                decisions,
                probes: 0,
                ..
            } => write!(f, "needs search ({})", plural(decisions, "decision")),
            Difficulty::Search {
                decisions, probes, ..
            } => write!(
                f,
                "needs search ({}, after {})",
                plural(decisions, "decision"),
                plural(probes, "probe")
            ),
            Difficulty::NoSolution => f.write_str("no solution"),
            Difficulty::Unfinished => f.write_str("unfinished"),
        }
    }
}

impl Difficulty {
    /// `line`, `probing`, `search`, `none` or `unfinished`: the rating's name for JSON.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::LineSolvable { .. } => "line",
            Difficulty::Probing { .. } => "probing",
            Difficulty::Search { .. } => "search",
            Difficulty::NoSolution => "none",
            Difficulty::Unfinished => "unfinished",
        }
    }
}

fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::colour_palette;
    use crate::kinds::colour::ColourGrid;

    #[test]
    fn triangle_steps_rule_out_the_four_half_cells_as_one() {
        let palette = Palette::triangles();
        let set = |ids: &[usize]| {
            ids.iter()
                .fold(ColourSet::EMPTY, |s, &i| s.with(ColourId::new(i).unwrap()))
        };
        assert_eq!(
            not_names(&palette, set(&[1, 2, 3, 4, 5])),
            "neither black nor a half cell"
        );
        assert_eq!(not_names(&palette, set(&[2, 3, 4, 5])), "not a half cell");
        assert_eq!(
            not_names(&palette, set(&[1, 2, 3])),
            "neither black, lower-right nor upper-left"
        );
        // Other palettes name every colour.
        assert_eq!(
            not_names(&colour_palette(5), set(&[2, 3, 4, 5]))
                .matches(',')
                .count(),
            2
        );
    }

    #[test]
    fn line_steps_name_their_colours() {
        let palette = colour_palette(3);
        let id = |i| ColourId::new(i).unwrap();
        let step = ColourStep::Line(ColourLineStep {
            line: LineId::row(2),
            clue: Clue::coloured([
                nonogram_model::Run::new(2, id(2)),
                nonogram_model::Run::new(1, id(3)),
            ]),
            decided: vec![(0, id(0)), (3, id(2)), (4, id(2))],
            ruled_out: vec![(1, ColourSet::single(id(3))), (2, ColourSet::single(id(3)))],
        });
        assert_eq!(
            step.display(&palette).to_string(),
            "row 3 (clue 2r 1g): cell 1 white, cells 4-5 red; cells 2-3 not green"
        );
        let mut grid = ColourGrid::new(5, 3, 4);
        step.apply(&mut grid).unwrap();
        assert_eq!(grid.get(2, 3), ColourSet::single(id(2)));
        assert_eq!(grid.get(2, 1), ColourSet::from_bits(0b0111));
        let probe = ColourStep::Probe(ColourProbeStep {
            row: 0,
            col: 1,
            tried: vec![(id(1), LineId::column(1)), (id(3), LineId::row(0))],
            left: ColourSet::single(id(0)).with(id(2)),
        });
        assert_eq!(
            probe.display(&palette).to_string(),
            "no line decides more; trying cell (1,2) as black or green leads to a contradiction \
             (black breaks column 2, green breaks row 1), so it is neither black nor green"
        );
    }
}
