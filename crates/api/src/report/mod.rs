//! One puzzle's result, whatever prints it.
//!
//! Every command that solves, and every front end (the command line, the local server, the
//! browser's WebAssembly), goes through [`solve`]: deduce or solve (with the user's options,
//! time limit and engine, on every path), and keep what the library found in a [`Report`].
//! Text ([`text`]), JSON ([`json`]) and drawings ([`sheet`]) are only printers of a report, and
//! `batch` lines are its JSON. So a status, an exit code and a drawing can never disagree
//! about what the run proved.

pub mod booklet;
pub mod explain;
pub mod explain_colour;
pub mod json;
pub mod make;
pub mod puzzle;
pub mod sheet;
pub mod steps;
pub mod text;

/// What to look for, with which engine and within which limits: what the command line's flags
/// and the API's requests say about a solve, once checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Look for at most this many solutions (at least 1). Default: 2, enough to prove a solution
    /// unique.
    pub solutions: u64,
    /// Give up after this long. Default: none.
    pub timeout: Option<Duration>,
    /// Line solving alone, without probing or search. Default: false.
    pub deduce_only: bool,
    /// The engine. Default: [`Engine::Auto`].
    pub engine: Engine,
    /// The learning engine's initial order ([`Config::seed`]). Default: 0.
    pub seed: u64,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            solutions: 2,
            timeout: None,
            deduce_only: false,
            engine: Engine::Auto,
            seed: 0,
        }
    }
}

impl SolveOptions {
    /// [`SolveOptions::solutions`] as a count.
    pub fn max_solutions(&self) -> usize {
        usize::try_from(self.solutions).unwrap_or(usize::MAX)
    }

    /// The solver's configuration, with `threads` threads for each puzzle.
    pub fn config(&self, threads: usize) -> Config {
        Config {
            max_solutions: self.max_solutions(),
            timeout: self.timeout,
            threads,
            engine: self.engine,
            seed: self.seed,
            ..Config::default()
        }
    }
}

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use nonogram_core::{
    deduce_within, Config, Deduction, Engine, Instant, Outcome, PartialGrid, Picture, Puzzle,
    Solver, Status, Stop,
};

/// What the library found for one puzzle.
#[derive(Debug)]
pub enum Found {
    /// A solve, with its verdict.
    Solved(Outcome),
    /// Line solving alone (`--deduce-only`).
    Deduced {
        /// What it proved.
        deduction: Deduction,
        /// How long it took.
        elapsed: Duration,
    },
}

/// Deduces or solves `puzzle` as `options` ask, with `threads` threads, stopping early if
/// `cancel` is raised.
pub fn solve(
    puzzle: &Puzzle,
    options: &SolveOptions,
    threads: usize,
    cancel: Option<&AtomicBool>,
) -> Found {
    if options.deduce_only {
        let start = Instant::now();
        let deadline = options.timeout.and_then(|t| start.checked_add(t));
        let deduction = deduce_within(puzzle, deadline);
        return Found::Deduced {
            deduction,
            elapsed: start.elapsed(),
        };
    }
    let solver = Solver::new(options.config(threads));
    Found::Solved(match cancel {
        Some(cancel) => solver.solve_cancellable(puzzle, &[], cancel),
        None => solver.solve(puzzle),
    })
}

/// What a result proved, as the JSON `status` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one solution.
    Unique,
    /// At least two.
    Multiple,
    /// A solution, uniqueness not decided.
    Solved,
    /// No solution.
    None,
    /// Nothing proved before a limit.
    Unknown,
    /// Line solving alone left cells unknown (`--deduce-only`).
    Partial,
}

impl Verdict {
    /// `unique`, `multiple`, `solved`, `none`, `unknown` or `partial`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Unique => "unique",
            Verdict::Multiple => "multiple",
            Verdict::Solved => "solved",
            Verdict::None => "none",
            Verdict::Unknown => "unknown",
            Verdict::Partial => "partial",
        }
    }
}

/// One puzzle's result, ready to print.
#[derive(Debug)]
pub struct Report<'p> {
    /// The puzzle.
    pub puzzle: &'p Puzzle,
    /// Its 0-based position in its file.
    pub index: usize,
    /// What was found.
    pub found: Found,
    /// The options it was solved with (for messages that name them).
    pub options: SolveOptions,
}

impl<'p> Report<'p> {
    /// Solves `puzzle` (the `index`-th of its file) and keeps the result.
    pub fn new(
        puzzle: &'p Puzzle,
        index: usize,
        options: impl Into<SolveOptions>,
        threads: usize,
        cancel: Option<&AtomicBool>,
    ) -> Report<'p> {
        let options = options.into();
        let found = solve(puzzle, &options, threads, cancel);
        Report {
            puzzle,
            index,
            found,
            options,
        }
    }

    /// What was proved.
    pub fn verdict(&self) -> Verdict {
        match &self.found {
            Found::Solved(outcome) => match outcome.status {
                Status::Unique => Verdict::Unique,
                Status::Multiple => Verdict::Multiple,
                Status::Solved => Verdict::Solved,
                Status::NoSolution => Verdict::None,
                Status::Unknown => Verdict::Unknown,
            },
            Found::Deduced { deduction, .. } if deduction.contradiction => Verdict::None,
            // A grid that line solving completes is the one solution (`picture` re-checks it).
            Found::Deduced { deduction, .. } if deduction.picture(self.puzzle).is_some() => {
                Verdict::Unique
            }
            Found::Deduced { .. } => Verdict::Partial,
        }
    }

    /// Why the run stopped: deduction runs to its fixpoint unless the time limit comes first.
    pub fn stop(&self) -> Stop {
        match &self.found {
            Found::Solved(outcome) => outcome.stop,
            Found::Deduced { deduction, .. } if deduction.stopped => Stop::TimeLimit,
            Found::Deduced { .. } => Stop::Finished,
        }
    }

    /// The engine that answered (none for deduction).
    pub fn engine(&self) -> Option<Engine> {
        match &self.found {
            Found::Solved(outcome) => Some(outcome.engine),
            Found::Deduced { .. } => None,
        }
    }

    /// Time spent on this puzzle.
    pub fn elapsed(&self) -> Duration {
        match &self.found {
            Found::Solved(outcome) => outcome.elapsed,
            Found::Deduced { elapsed, .. } => *elapsed,
        }
    }

    /// Why the puzzle has no solution, when that was seen without searching.
    pub fn reason(&self) -> Option<String> {
        let reason = match &self.found {
            Found::Solved(outcome) => outcome.reason.as_ref(),
            Found::Deduced { deduction, .. } => deduction.reason.as_ref(),
        };
        reason.map(ToString::to_string)
    }

    /// The solutions found (none for deduction, even when it completes the grid: that is
    /// [`Report::grids`]' business).
    pub fn solutions(&self) -> &[Picture] {
        match &self.found {
            Found::Solved(outcome) => &outcome.solutions,
            Found::Deduced { .. } => &[],
        }
    }

    /// Where the first two solutions differ, `(row, col)` from 0.
    pub fn differing_cells(&self) -> &[(usize, usize)] {
        match &self.found {
            Found::Solved(outcome) => &outcome.differing_cells,
            Found::Deduced { .. } => &[],
        }
    }

    /// The grids to show: every solution found, or the one partial grid of a deduction (none
    /// when deduction met a contradiction: its grid is not a picture of anything).
    pub fn grids(&self) -> Vec<PartialGrid> {
        match &self.found {
            Found::Solved(outcome) => outcome
                .solutions
                .iter()
                .map(|s| PartialGrid::from_cells(s))
                .collect(),
            Found::Deduced { deduction, .. } if deduction.contradiction => Vec::new(),
            Found::Deduced { deduction, .. } => vec![PartialGrid::from_cells(&deduction.grid)],
        }
    }

    /// The cells where not every solution agrees, `(row, col)` in row-major order: the cells
    /// drawings mark.
    pub fn marked_cells(&self) -> Vec<(usize, usize)> {
        let solutions = self.solutions();
        let Some(first) = solutions.first() else {
            return Vec::new();
        };
        let mut cells = Vec::new();
        for r in 0..first.height() {
            for c in 0..first.width() {
                if solutions
                    .iter()
                    .any(|s| s.colour(r, c) != first.colour(r, c))
                {
                    cells.push((r, c));
                }
            }
        }
        cells
    }

    /// When the engine that answered is not the one asked for (a puzzle too large for the
    /// learner or the SAT encoding is searched instead, and so is every puzzle in a build
    /// without the SAT engine): a sentence saying so.
    pub fn engine_note(&self) -> Option<String> {
        let asked = self.options.engine;
        let answered = self.engine()?;
        if asked.accepts(self.puzzle) || asked == answered {
            return None;
        }
        let why = match asked.is_available() {
            true => "the puzzle is too large for",
            false => "this build has no",
        };
        Some(format!(
            "{why} the {} engine; the {} engine answered",
            asked.name(),
            answered.name()
        ))
    }
}

/// `1 puzzle`, `2 puzzles`: a count with its noun.
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `(r1,c3)`: a cell as people count, from 1.
pub fn cell_name((r, c): (usize, usize)) -> String {
    format!("(r{},c{})", r + 1, c + 1)
}

/// How many cells a sentence lists before it says "and N more": enough to find them on the
/// grid, few enough for one line (the library's number, which its sentences follow too).
pub const LISTED_CELLS: usize = nonogram_core::explain::LISTED_CELLS;

/// "3 cells: (r1,c3) (r2,c5) (r4,c1)", capped at `listed` cells.
pub fn list_cells(cells: &[(usize, usize)], listed: usize) -> String {
    let names: Vec<String> = cells.iter().map(|&cell| cell_name(cell)).collect();
    format!(
        "{}: {}",
        plural(cells.len(), "cell"),
        capped(&names, listed, " ")
    )
}

/// `items` joined by `separator`, the first `listed` of them, then "and N more" for the rest.
pub fn capped(items: &[String], listed: usize, separator: &str) -> String {
    let mut text = items
        .iter()
        .take(listed)
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(separator);
    if items.len() > listed {
        text.push_str(&format!(" and {} more", items.len() - listed));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_lists_count_from_one_and_are_capped() {
        assert_eq!(
            list_cells(&[(0, 2), (1, 0)], 12),
            "2 cells: (r1,c3) (r2,c1)"
        );
        let many: Vec<_> = (0..20).map(|c| (0, c)).collect();
        assert!(list_cells(&many, 12).ends_with("(r1,c12) and 8 more"));
        let words: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        assert_eq!(capped(&words, 2, ", "), "a, b and 1 more");
        assert_eq!(capped(&words, 3, ", "), "a, b, c");
    }
}
