//! Explanations of colour puzzles: the black-and-white [`Explainer`](super::Explainer)'s way of
//! solving, with colours.
//!
//! Sweeps over the rows, then the columns, solving each line that changed, report every line
//! that proves something as one [`ColourStep::Line`]: the cells it decides (each down to one
//! colour, the background included) and the colours it rules out of cells that keep several.
//! When line logic alone stops, a probe tries every colour a cell may still take, one at a
//! time, and propagates; the colours that break a line are ruled out of the cell (one
//! [`ColourStep::Probe`] names each with its line). Only when no probe decides anything does it
//! guess, right, from a solution the solver finds below the grid. The rating is the same
//! [`Difficulty`].
//!
//! As for black and white, the explainer only narrates: the sweeps and the probes are the colour
//! propagator's, which tells an observer which line narrowed which cells and which line
//! contradicted.

mod step;

use std::collections::VecDeque;
use web_time::Instant;

pub use step::{
    colour_name, ColourContradictionStep, ColourGuessStep, ColourLineStep, ColourProbeStep,
    ColourStep,
};

use super::Difficulty;
use crate::colour::grid::ColourGrid;
use crate::colour::propagate::{ColourObserver, ColourPropagator, Narrowed};
use crate::solve::{Config, Engine, Given, Solver, Status, Stop};
use nonogram_model::{ColourId, ColourSet, LineId, Picture, Puzzle};

/// Produces the steps of a colour explanation one at a time (an [`Iterator`] of
/// [`ColourStep`]s); between steps, [`ColourExplainer::grid`] shows the grid so far. Works on
/// black-and-white puzzles too (as a palette of two entries), but
/// [`Explainer`](super::Explainer) words those better.
#[derive(Debug)]
pub struct ColourExplainer<'p> {
    puzzle: &'p Puzzle,
    prop: ColourPropagator<'p>,
    /// The grid after the steps produced so far.
    grid: ColourGrid,
    /// The grid line solving has reached: `grid` and the cells of the waiting steps.
    work: ColourGrid,
    /// Where a probe propagates: a copy of `work`, kept to reuse its buffers.
    scratch: ColourGrid,
    /// Steps found and not produced yet.
    waiting: VecDeque<ColourStep>,
    /// Whether lines are queued in the propagator for the next phase of sweeps.
    lines_queued: bool,
    sweeps: usize,
    probes: usize,
    guesses: usize,
    /// A solution below the grid, found at the first guess and reused for later ones, with
    /// whether it is the only one.
    solution: Option<(Picture, bool)>,
    finished: bool,
    contradiction: bool,
    /// When to give up (see [`ColourExplainer::with_deadline`]).
    deadline: Option<Instant>,
    /// Whether the deadline came before the end.
    stopped: bool,
}

/// Hears from the sweeps which line narrowed which cells (one [`ColourLineStep`] each), and
/// which line contradicted.
struct LineSteps<'a, 'p> {
    puzzle: &'p Puzzle,
    steps: &'a mut VecDeque<ColourStep>,
    contradiction: Option<LineId>,
}

impl ColourObserver for LineSteps<'_, '_> {
    const NARRATES: bool = true;

    fn narrowed(&mut self, line: LineId, cells: Narrowed<'_>) {
        let mut decided = Vec::new();
        let mut ruled_out = Vec::new();
        for (i, before, after) in cells.cells() {
            match after.only() {
                Some(colour) => decided.push((i, colour)),
                None => ruled_out.push((i, ColourSet::from_bits(before.bits() & !after.bits()))),
            }
        }
        self.steps.push_back(ColourStep::Line(ColourLineStep {
            line,
            clue: self.puzzle.clue(line).clone(),
            decided,
            ruled_out,
        }));
    }

    fn contradiction(&mut self, line: LineId) {
        self.contradiction = Some(line);
    }
}

/// Hears which line contradicted, if one did.
#[derive(Default)]
struct Contradicted(Option<LineId>);

impl ColourObserver for Contradicted {
    fn contradiction(&mut self, line: LineId) {
        self.0 = Some(line);
    }
}

impl<'p> ColourExplainer<'p> {
    /// Explains `puzzle` from the grid of its given cells (the empty grid for most puzzles).
    pub fn new(puzzle: &'p Puzzle) -> ColourExplainer<'p> {
        let grid = ColourPropagator::new(puzzle).blank();
        ColourExplainer::from_grid(puzzle, grid)
    }

    /// Explains `puzzle` from a partly solved grid (the colours its cells may take are taken
    /// as given, and so are the puzzle's givens). A cell that rules out its given's colour
    /// leaves no solution below the grid: the first step says so
    /// ([`ColourContradictionStep::Search`]). The grid must have the puzzle's size and palette.
    pub fn from_grid(puzzle: &'p Puzzle, mut grid: ColourGrid) -> ColourExplainer<'p> {
        assert!(
            grid.width() == puzzle.width() && grid.height() == puzzle.height(),
            "the grid's size must be the puzzle's"
        );
        assert_eq!(
            grid.entries(),
            puzzle.palette().len().max(1),
            "the grid's entries must be the puzzle's palette"
        );
        let mut waiting = VecDeque::new();
        for g in puzzle.givens() {
            let narrowed = grid.narrow(g.row, g.col, ColourSet::single(g.colour));
            if narrowed.is_err() && waiting.is_empty() {
                waiting.push_back(ColourStep::Contradiction(ColourContradictionStep::Search));
            }
        }
        let mut prop = ColourPropagator::new(puzzle);
        prop.enqueue_all();
        ColourExplainer {
            puzzle,
            prop,
            work: grid.clone(),
            scratch: grid.clone(),
            grid,
            waiting,
            lines_queued: true,
            sweeps: 0,
            probes: 0,
            guesses: 0,
            solution: None,
            finished: false,
            contradiction: false,
            deadline: None,
            stopped: false,
        }
    }

    /// Gives up at `deadline` (if any), as [`Explainer::with_deadline`](super::Explainer::with_deadline)
    /// does: the propagator gives up within its sweeps and probes, the clock is read between
    /// probes, and it bounds the guess's solve.
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> ColourExplainer<'p> {
        self.deadline = deadline;
        self.prop.set_deadline(deadline);
        self
    }

    /// Whether the deadline came before the end of the explanation.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    fn out_of_time(&mut self) -> bool {
        if self.prop.interrupted() || self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
        }
        self.stopped
    }

    /// The grid after the steps produced so far.
    pub fn grid(&self) -> &ColourGrid {
        &self.grid
    }

    /// The rating so far; final once the iterator has returned `None`.
    pub fn difficulty(&self) -> Difficulty {
        let sweeps = self.sweeps;
        if self.stopped {
            Difficulty::Unfinished
        } else if self.contradiction {
            Difficulty::NoSolution
        } else if !self.finished {
            Difficulty::Unfinished
        } else if self.guesses > 0 {
            Difficulty::Search {
                sweeps,
                probes: self.probes,
                decisions: self.guesses,
            }
        } else if self.probes > 0 {
            Difficulty::Probing {
                sweeps,
                probes: self.probes,
            }
        } else {
            Difficulty::LineSolvable { sweeps }
        }
    }

    /// Sweeps over the queued lines to the fixpoint, queueing a step for every line that
    /// narrows something, and one for the line that contradicts, if one does.
    fn sweep(&mut self) {
        self.lines_queued = false;
        let mut steps = LineSteps {
            puzzle: self.puzzle,
            steps: &mut self.waiting,
            contradiction: None,
        };
        match self.prop.sweeps(&mut self.work, &mut steps) {
            Ok(sweeps) => self.sweeps += sweeps,
            // The deadline's: the steps found so far are sound, and are all there will be.
            Err(_) if self.prop.interrupted() => self.stopped = true,
            Err(_) => {
                let line = steps
                    .contradiction
                    .expect("the observer heard the contradiction");
                let clue = self.puzzle.clue(line).clone();
                self.waiting
                    .push_back(ColourStep::Contradiction(ColourContradictionStep::Line {
                        line,
                        clue,
                    }));
            }
        }
    }

    fn fail(&mut self, step: ColourStep) -> ColourStep {
        self.finished = true;
        self.contradiction = true;
        step
    }

    /// Propagates `(row, col)` set to `colour` from the grid; the line that contradicts, if
    /// one does.
    fn try_cell(&mut self, row: usize, col: usize, colour: ColourId) -> Option<LineId> {
        self.scratch.clone_from(&self.work);
        let mut contradicted = Contradicted::default();
        let set = ColourSet::single(colour);
        match self
            .prop
            .assign_with(&mut self.scratch, row, col, set, &mut contradicted)
        {
            Ok(()) => None,
            // The deadline's, not a line's: the caller sees `stopped` and produces nothing.
            Err(_) if self.prop.interrupted() => None,
            // The colour is one the cell may take, so narrowing to it cannot contradict: a
            // line did.
            Err(_) => Some(
                contradicted
                    .0
                    .expect("the observer heard the contradiction"),
            ),
        }
    }

    /// The first undecided cell (row-major) where some colour contradicts.
    fn probe(&mut self) -> Option<ColourStep> {
        for row in 0..self.work.height() {
            for col in 0..self.work.width() {
                let options = self.work.get(row, col);
                if options.len() < 2 {
                    continue;
                }
                if self.out_of_time() {
                    return None;
                }
                let tried: Vec<(ColourId, LineId)> = options
                    .iter()
                    .filter_map(|colour| self.try_cell(row, col, colour).map(|l| (colour, l)))
                    .collect();
                if self.out_of_time() {
                    return None;
                }
                if tried.is_empty() {
                    continue;
                }
                if tried.len() == options.len() {
                    return Some(self.fail(ColourStep::Contradiction(
                        ColourContradictionStep::Cell { row, col, tried },
                    )));
                }
                let left = tried
                    .iter()
                    .fold(options, |left, &(colour, _)| left.without(colour));
                self.probes += 1;
                return Some(ColourStep::Probe(ColourProbeStep {
                    row,
                    col,
                    tried,
                    left,
                }));
            }
        }
        None
    }

    /// Takes the first undecided cell's colour from a solution below the grid, asking the
    /// solver (the learner alone, on one thread, so that the guesses are the same from run to
    /// run) with the grid's decided cells as givens. `None` when the deadline comes first.
    fn guess(&mut self) -> Option<ColourStep> {
        if self.solution.is_none() {
            let mut givens = Vec::new();
            for row in 0..self.work.height() {
                for col in 0..self.work.width() {
                    if let Some(colour) = self.work.get(row, col).only() {
                        givens.push(Given { row, col, colour });
                    }
                }
            }
            let deadline = self.deadline;
            let solve = |max_solutions| {
                let config = Config {
                    max_solutions,
                    engine: Engine::Learn,
                    threads: 1,
                    timeout: deadline.map(|d| d.saturating_duration_since(Instant::now())),
                    ..Config::default()
                };
                Solver::new(config).solve_from(self.puzzle, &givens)
            };
            let outcome = solve(2);
            if outcome.stop == Stop::TimeLimit {
                self.stopped = true;
                return None;
            }
            let (outcome, unique) = match outcome.status {
                Status::Multiple => (solve(1), false),
                status => (outcome, status == Status::Unique),
            };
            if outcome.stop == Stop::TimeLimit {
                self.stopped = true;
                return None;
            }
            match outcome.solutions.into_iter().next() {
                Some(s) => self.solution = Some((s, unique)),
                None => {
                    return Some(
                        self.fail(ColourStep::Contradiction(ColourContradictionStep::Search)),
                    )
                }
            }
        }
        let Some((solution, unique)) = &self.solution else {
            unreachable!("a solution was just stored")
        };
        for row in 0..self.work.height() {
            for col in 0..self.work.width() {
                if self.work.get(row, col).len() > 1 {
                    self.guesses += 1;
                    return Some(ColourStep::Guess(ColourGuessStep {
                        row,
                        col,
                        colour: solution.colour(row, col),
                        unique: *unique,
                    }));
                }
            }
        }
        unreachable!("guess is only called on an incomplete grid")
    }
}

impl Iterator for ColourExplainer<'_> {
    type Item = ColourStep;

    fn next(&mut self) -> Option<ColourStep> {
        loop {
            if let Some(step) = self.waiting.pop_front() {
                if let ColourStep::Contradiction(_) = step {
                    return Some(self.fail(step));
                }
                // Line steps narrow cells consistently: this cannot fail.
                let _ = step.apply(&mut self.grid);
                return Some(step);
            }
            if self.finished || self.stopped {
                return None;
            }
            if self.lines_queued {
                self.sweep();
                continue;
            }
            if self.work.is_complete() {
                self.finished = true;
                return None;
            }
            let step = match self.probe() {
                Some(step) => step,
                None if self.stopped => return None,
                None => self.guess()?,
            };
            if let ColourStep::Probe(ColourProbeStep { row, col, .. })
            | ColourStep::Guess(ColourGuessStep { row, col, .. }) = &step
            {
                let (row, col) = (*row, *col);
                // Neither can fail: the colours kept are some the cell may take.
                let _ = step.apply(&mut self.grid);
                let _ = step.apply(&mut self.work);
                self.prop.enqueue(LineId::row(row));
                self.prop.enqueue(LineId::column(col));
                self.lines_queued = true;
            }
            return Some(step);
        }
    }
}

/// A whole colour explanation: every step, the final grid and the rating.
#[derive(Clone, Debug)]
pub struct ColourExplanation {
    /// The steps, in order.
    pub steps: Vec<ColourStep>,
    /// The grid they lead to.
    pub grid: ColourGrid,
    /// The rating.
    pub difficulty: Difficulty,
}

/// Explains a colour puzzle from the empty grid to the end.
pub fn explain_colour(puzzle: &Puzzle) -> ColourExplanation {
    let mut explainer = ColourExplainer::new(puzzle);
    let steps: Vec<ColourStep> = explainer.by_ref().collect();
    ColourExplanation {
        steps,
        grid: explainer.grid().clone(),
        difficulty: explainer.difficulty(),
    }
}

/// The next step from a partly solved colour grid (a hint), or `None` if the grid is
/// complete. The grid must have the puzzle's size and palette.
pub fn next_colour_step(puzzle: &Puzzle, grid: &ColourGrid) -> Option<ColourStep> {
    ColourExplainer::from_grid(puzzle, grid.clone()).next()
}

#[cfg(test)]
mod tests;
