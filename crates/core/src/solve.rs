//! The public entry points: [`Solver`] (configured by [`Config`]) and [`deduce`].
//!
//! Every solution returned here has been checked against the clues with
//! [`Puzzle::check`](crate::Puzzle::check): a bug in an engine can make us slow, or report
//! `Timeout`, but never print a wrong picture.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::grid::Grid;
use crate::propagate::Propagator;
use crate::puzzle::{Picture, Puzzle};
use crate::search::Search;
use crate::termination::Termination;

/// How a solve is run. Build it with struct update syntax from [`Config::default`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Stop after this many solutions. Default: 2, which is what proving uniqueness needs:
    /// finding a second solution disproves it, failing to find one proves it. Must be at least 1.
    pub max_solutions: usize,
    /// Give up after this long, with status [`Status::Timeout`]. Default: none.
    pub timeout: Option<Duration>,
    /// Probe every unknown cell at each search node ("fully probing", Wu et al. 2013) before
    /// branching. Default: true. Without it the search branches right after line propagation,
    /// which is faster on easy puzzles and hopeless on hard ones.
    pub probing: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config { max_solutions: 2, timeout: None, probing: true }
    }
}

/// The verdict of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Exactly one solution exists (or `max_solutions` was 1 and one was found: see
    /// [`Outcome::complete`]).
    Unique,
    /// More than one solution exists; `solutions` holds `max_solutions` of them.
    Multiple,
    /// No picture satisfies the clues.
    None,
    /// The time limit ran out or the solve was cancelled; `solutions` holds those found so far.
    Timeout,
}

impl Status {
    /// `"unique"`, `"multiple"`, `"none"` or `"timeout"`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::None => "none",
            Status::Timeout => "timeout",
        }
    }
}

/// Counters of the work a solve did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Calls of the line solver that missed the cache.
    pub line_solves: u64,
    /// Probes (one cell tried one way).
    pub probes: u64,
    /// Branching decisions of the search.
    pub decisions: u64,
    /// Dead ends of the search.
    pub backtracks: u64,
}

/// The result of [`Solver::solve`].
#[derive(Clone, Debug)]
pub struct Outcome {
    pub status: Status,
    /// The solutions found, each checked against the clues, at most `max_solutions`.
    pub solutions: Vec<Picture>,
    /// Where the first two solutions differ, as `(row, col)`; empty unless there are two.
    pub differing_cells: Vec<(usize, usize)>,
    /// Whether the search space was exhausted. With `max_solutions == 1` a `Unique` status only
    /// means "a solution was found"; `complete` is then false unless nothing else could exist.
    pub complete: bool,
    pub stats: Stats,
    pub elapsed: Duration,
}

/// Solves puzzles. Cheap to create; one solver may solve many puzzles, from many threads.
#[derive(Clone, Debug, Default)]
pub struct Solver {
    config: Config,
}

impl Solver {
    /// A solver with the given configuration (`max_solutions` of 0 is taken as 1).
    pub fn new(mut config: Config) -> Solver {
        config.max_solutions = config.max_solutions.max(1);
        Solver { config }
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Solves `puzzle`, enumerating up to `max_solutions` solutions.
    pub fn solve(&self, puzzle: &Puzzle) -> Outcome {
        self.solve_cancellable(puzzle, None)
    }

    /// Like [`Solver::solve`], but also stops (with [`Status::Timeout`]) as soon as `cancel`
    /// becomes true.
    pub fn solve_cancellable(&self, puzzle: &Puzzle, cancel: Option<&AtomicBool>) -> Outcome {
        let start = Instant::now();
        let deadline = self.config.timeout.map(|t| start + t);
        let mut termination = Termination::new(deadline, cancel);
        let mut search = Search::new(puzzle, &self.config);
        let exhausted = search.run(&mut termination);
        let stats = search.stats();
        let mut solutions = search.into_solutions();
        // The self-check: an engine bug must never reach the user as a wrong picture.
        solutions.retain(|s| puzzle.is_solved_by(s));
        solutions.dedup();
        let status = match (solutions.len(), exhausted) {
            (0, true) => Status::None,
            (0, false) => Status::Timeout,
            (1, true) => Status::Unique,
            (n, _) if n >= 2 => Status::Multiple,
            (1, false) if self.config.max_solutions == 1 => Status::Unique,
            _ => Status::Timeout,
        };
        let differing_cells = match solutions.as_slice() {
            [a, b, ..] => a.differences(b),
            _ => Vec::new(),
        };
        Outcome {
            status,
            solutions,
            differing_cells,
            complete: exhausted,
            stats,
            elapsed: start.elapsed(),
        }
    }
}

/// The result of [`deduce`]: what line solving alone proves.
#[derive(Clone, Debug)]
pub struct Deduction {
    /// The partial grid at the fixpoint (or where the contradiction was found).
    pub grid: Grid,
    /// Sweeps over the lines: each sweep solves every row that changed, then every column.
    pub sweeps: usize,
    /// Unknown cells after each sweep (the notebook prints this per iteration).
    pub unknown_after_sweep: Vec<usize>,
    /// Whether line solving found that the clues contradict each other.
    pub contradiction: bool,
}

impl Deduction {
    /// The solved picture, if line solving alone completed the grid and it satisfies the clues.
    pub fn picture(&self, puzzle: &Puzzle) -> Option<Picture> {
        let picture = self.grid.to_picture()?;
        puzzle.is_solved_by(&picture).then_some(picture)
    }
}

/// Line solving alone, sweep by sweep, to a fixpoint: the deduction-only mode.
pub fn deduce(puzzle: &Puzzle) -> Deduction {
    let mut grid = Grid::new(puzzle.width(), puzzle.height());
    let mut propagator = Propagator::new(puzzle);
    let mut unknown_after_sweep = Vec::new();
    let result = propagator.sweeps(&mut grid, |g| unknown_after_sweep.push(g.unknown_count()));
    Deduction {
        grid,
        sweeps: unknown_after_sweep.len(),
        unknown_after_sweep,
        contradiction: result.is_err(),
    }
}
