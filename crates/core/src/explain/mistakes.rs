//! What is wrong with a partly solved grid that no solution agrees with: the first thing a hint
//! checks (`nonogram explain --hint`, the web page, the Python package's `hint`), for
//! black-and-white and colour puzzles alike.
//!
//! The check solves: once with the grid's known cells as givens (does some solution agree?),
//! and, when none does, once without them, to tell a puzzle that has no solution at all from a
//! grid with wrong cells. When the puzzle has exactly one solution the wrong cells are exactly
//! those that differ from it; when it has several, no single cell is to blame, and the first
//! line that line solving finds unsatisfiable from the grid is named instead (if there is one).

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use nonogram_model::{ColourId, LineId, Palette, PartialGrid, Puzzle};

use web_time::Instant;

use super::narrate::Narrator;
use super::step::{colour_name, ColourContradictionStep, ColourStep};
use crate::config::{Config, Given, Status, Stop};
use crate::kind::{GridOps, Kind};
use crate::solve::{with_kind, Solver};

/// How many cells a sentence lists before it says "and N more": enough to find them on the
/// grid, few enough for a line or two (a grid can have hundreds of wrong cells).
pub const LISTED_CELLS: usize = 12;

/// Why no solution agrees with a partial grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mistakes {
    /// The puzzle itself has no solution.
    Puzzle,
    /// The puzzle has one solution, and these known cells disagree with it: `(row, col, colour
    /// in the grid, colour in the solution)`, in row-major order.
    Cells(Vec<(usize, usize, ColourId, ColourId)>),
    /// The puzzle has several solutions and none agrees with the grid; this line (if line
    /// solving finds one) cannot be satisfied.
    Line(Option<LineId>),
}

impl Mistakes {
    /// The mistake as one sentence, cells counted from 1 (the first [`LISTED_CELLS`] of them)
    /// and colours named by `palette` (the puzzle's; `filled` and `empty` in black and white).
    pub fn display<'a>(&'a self, palette: &'a Palette) -> impl fmt::Display + 'a {
        DisplayMistakes {
            mistakes: self,
            palette,
        }
    }
}

struct DisplayMistakes<'a> {
    mistakes: &'a Mistakes,
    palette: &'a Palette,
}

impl fmt::Display for DisplayMistakes<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |colour: ColourId| {
            if !self.palette.is_black_and_white() {
                colour_name(self.palette, colour)
            } else if colour.is_background() {
                "empty".to_string()
            } else {
                "filled".to_string()
            }
        };
        match self.mistakes {
            Mistakes::Puzzle => f.write_str("the puzzle has no solution"),
            Mistakes::Cells(cells) => {
                let listed: Vec<String> = cells
                    .iter()
                    .take(LISTED_CELLS)
                    .map(|&(r, c, wrong, right)| {
                        format!(
                            "(r{},c{}) is {} (the solution has {})",
                            r + 1,
                            c + 1,
                            name(wrong),
                            name(right)
                        )
                    })
                    .collect();
                let n = cells.len();
                write!(
                    f,
                    "the grid contradicts the clues: {n} cell{} wrong: {}",
                    if n == 1 { "" } else { "s" },
                    listed.join(", ")
                )?;
                if n > LISTED_CELLS {
                    write!(f, " and {} more", n - LISTED_CELLS)?;
                }
                Ok(())
            }
            Mistakes::Line(Some(line)) => write!(
                f,
                "the grid contradicts the clues: {line} can no longer be satisfied"
            ),
            Mistakes::Line(None) => f.write_str(
                "the grid contradicts the clues: no solution agrees with its known cells",
            ),
        }
    }
}

/// Checks the known cells of `grid` (those left with one palette entry) against the puzzle's
/// solutions: `Ok(None)` if some solution agrees with them all. The check stops at `timeout`
/// (for the whole of it) or when `cancel` is raised, and then says so with `Err` and the
/// reason ([`Stop::TimeLimit`] or [`Stop::Cancelled`]), having proved nothing.
pub fn mistakes_within(
    puzzle: &Puzzle,
    grid: &PartialGrid,
    timeout: Option<Duration>,
    cancel: Option<&AtomicBool>,
) -> Result<Option<Mistakes>, Stop> {
    let mut givens = Vec::new();
    for row in 0..height(grid) {
        for col in 0..width(grid) {
            if let Some(colour) = grid.get(row, col).only() {
                givens.push(Given { row, col, colour });
            }
        }
    }
    let deadline = timeout.and_then(|t| Instant::now().checked_add(t));
    let never = AtomicBool::new(false);
    let cancel = cancel.unwrap_or(&never);
    let solve = |max_solutions, givens: &[Given]| {
        let outcome = Solver::new(Config {
            max_solutions,
            timeout: deadline.map(|d| d.saturating_duration_since(Instant::now())),
            ..Config::default()
        })
        .solve_cancellable(puzzle, givens, cancel);
        match outcome.stop {
            stop @ (Stop::TimeLimit | Stop::Cancelled) => Err(stop),
            _ => Ok(outcome),
        }
    };
    if solve(1, &givens)?.status != Status::NoSolution {
        return Ok(None);
    }
    let whole = solve(2, &[])?;
    Ok(Some(match whole.status {
        Status::NoSolution => Mistakes::Puzzle,
        Status::Unique => {
            let solution = &whole.solutions[0];
            Mistakes::Cells(
                givens
                    .iter()
                    .filter(|g| solution.colour(g.row, g.col) != g.colour)
                    .map(|g| (g.row, g.col, g.colour, solution.colour(g.row, g.col)))
                    .collect(),
            )
        }
        _ => Mistakes::Line(unsatisfiable_line(puzzle, grid)),
    }))
}

/// The line that line solving finds unsatisfiable from `grid`, if its first step is that.
fn unsatisfiable_line(puzzle: &Puzzle, grid: &PartialGrid) -> Option<LineId> {
    with_kind!(puzzle, K => first_broken_line::<K>(puzzle, grid))
}

/// [`unsatisfiable_line`] for one kind of puzzle: the explainer's first step from `grid`.
fn first_broken_line<K: Kind>(puzzle: &Puzzle, grid: &PartialGrid) -> Option<LineId> {
    let mut start = K::Grid::blank(puzzle);
    for r in 0..height(grid) {
        for c in 0..width(grid) {
            // A cell of the partial grid with no entry left: no grid to explain from.
            start
                .narrow(r, c, nonogram_model::Cells::options(grid, r, c))
                .ok()?;
        }
    }
    match Narrator::<K>::from_grid(puzzle, start).next() {
        Some(ColourStep::Contradiction(ColourContradictionStep::Line { line, .. })) => Some(line),
        _ => None,
    }
}

fn width(grid: &PartialGrid) -> usize {
    nonogram_model::Cells::width(grid)
}

fn height(grid: &PartialGrid) -> usize {
    nonogram_model::Cells::height(grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::colour_palette;
    use nonogram_model::{ColourSet, Picture};

    fn id(i: usize) -> ColourId {
        ColourId::new(i).unwrap()
    }

    fn smallex() -> Puzzle {
        Puzzle::from_picture(
            &Picture::from_strings(&[".###.", "##.#.", ".###.", "..##.", "..###"]).unwrap(),
        )
    }

    #[test]
    fn wrong_cells_of_a_unique_puzzle_are_named_with_the_solution_s_colour() {
        let puzzle = smallex();
        let mut grid = PartialGrid::unknown(5, 5, 2);
        grid.set(0, 0, ColourSet::single(id(1)));
        assert_eq!(
            mistakes_within(&puzzle, &grid, None, None),
            Ok(Some(Mistakes::Cells(vec![(0, 0, id(1), id(0))])))
        );
        grid.set(0, 0, ColourSet::single(id(0)));
        assert_eq!(mistakes_within(&puzzle, &grid, None, None), Ok(None));
        let wrong = Mistakes::Cells(vec![(0, 0, id(1), id(0))]);
        assert_eq!(
            wrong.display(puzzle.palette()).to_string(),
            "the grid contradicts the clues: 1 cell wrong: (r1,c1) is filled (the solution has \
             empty)"
        );
        // A raised flag: line solving may settle it before the flag is looked at; otherwise
        // the check says it was cancelled. Never a wrong verdict.
        grid.set(0, 0, ColourSet::single(id(1)));
        let raised = AtomicBool::new(true);
        match mistakes_within(&puzzle, &grid, None, Some(&raised)) {
            Err(stop) => assert_eq!(stop, Stop::Cancelled),
            Ok(found) => assert_eq!(found, Some(Mistakes::Cells(vec![(0, 0, id(1), id(0))]))),
        }
    }

    /// A grid with hundreds of wrong cells gets a sentence of a line or two, not of thousands
    /// of characters.
    #[test]
    fn long_lists_of_wrong_cells_are_cut() {
        let cells = (0..451).map(|i| (i / 30, i % 30, id(1), id(0))).collect();
        let text = Mistakes::Cells(cells)
            .display(&Palette::black_and_white())
            .to_string();
        assert!(
            text.starts_with("the grid contradicts the clues: 451 cells wrong: (r1,c1) is filled"),
            "{text}"
        );
        assert!(
            text.ends_with("(r1,c12) is filled (the solution has empty) and 439 more"),
            "{text}"
        );
        assert!(text.len() < 600, "{text}");
    }

    #[test]
    fn colour_grids_and_puzzles_without_solutions() {
        let rows = vec![
            vec![id(1), id(2), id(0)],
            vec![id(2), id(2), id(0)],
            vec![id(0), id(3), id(1)],
        ];
        let picture = Picture::from_colour_rows(&rows).unwrap();
        let puzzle = Puzzle::from_coloured_picture(colour_palette(3), &picture).unwrap();
        let mut grid = PartialGrid::unknown(3, 3, 4);
        grid.set(1, 1, ColourSet::single(id(3)));
        assert_eq!(
            mistakes_within(&puzzle, &grid, None, None),
            Ok(Some(Mistakes::Cells(vec![(1, 1, id(3), id(2))])))
        );
        let none = Puzzle::new(
            vec![
                nonogram_model::Clue::new([2]),
                nonogram_model::Clue::empty(),
            ],
            vec![
                nonogram_model::Clue::new([1]),
                nonogram_model::Clue::empty(),
            ],
        )
        .unwrap();
        let grid = PartialGrid::unknown(2, 2, 2);
        assert_eq!(
            mistakes_within(&none, &grid, None, None),
            Ok(Some(Mistakes::Puzzle))
        );
    }

    #[test]
    fn several_solutions_blame_a_line() {
        // Two solutions (the diagonals); a grid with both cells of row 1 filled agrees with
        // neither, and row 1's clue (1) cannot hold two filled cells.
        let puzzle = Puzzle::new(
            vec![
                nonogram_model::Clue::new([1]),
                nonogram_model::Clue::new([1]),
            ],
            vec![
                nonogram_model::Clue::new([1]),
                nonogram_model::Clue::new([1]),
            ],
        )
        .unwrap();
        let mut grid = PartialGrid::unknown(2, 2, 2);
        grid.set(0, 0, ColourSet::single(id(1)));
        grid.set(0, 1, ColourSet::single(id(1)));
        assert_eq!(
            mistakes_within(&puzzle, &grid, None, None),
            Ok(Some(Mistakes::Line(Some(LineId::row(0)))))
        );
    }
}
