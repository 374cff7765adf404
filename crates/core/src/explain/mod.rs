//! Explanations: the solving process as steps a person can follow and check with a pencil.
//!
//! The [`Explainer`] solves the way the notebook seed and most people do: sweep over the rows,
//! then over the columns, solving each line that changed since it was last looked at, and report
//! every line that fixes something as one [`Step`]. When a whole sweep fixes nothing, line logic
//! alone has stopped. Then it probes, one cell at a time: assume the cell filled and propagate;
//! if some line can no longer be satisfied, the cell is empty (and the other way round). That is
//! the "trial" a person does in their head, and the step names the line that broke. Only when no
//! single probe decides anything does it guess, and it guesses right: it asks the solver
//! ([`Solver::solve_from`], the grid's known cells as givens) for a solution below the current
//! grid and takes that solution's value, saying so. The explanation therefore always reaches
//! the end, and a reader never has to backtrack.
//!
//! Probing here is simpler than the solver's (the search's), which also keeps the cells that
//! both tries of a cell fix alike: a contradiction is much easier to follow on paper, and the
//! solver's extra inference would show up as steps without a reason a person can check.
//!
//! The [`Difficulty`] rating follows from the steps: line-solvable (and in how many sweeps),
//! needs probing (how many probes), or needs search (how many guesses).
//!
//! The explainer only narrates: the sweeps and the probes are the propagator's, which tells an
//! observer which line fixed which cells and which line contradicted. Its line cache makes the
//! probes affordable on puzzles of the size people solve.
//!
//! Colour puzzles have the same explanations with colours ([`colour`]): line steps that decide
//! cells or rule colours out of them, probes of every colour a cell may take, guesses; the
//! colour propagator narrates them through an observer of its own.

pub mod colour;
pub mod mistakes;
mod step;

use std::collections::VecDeque;
use web_time::Instant;

pub use colour::{
    explain_colour, next_colour_step, ColourContradictionStep, ColourExplainer, ColourExplanation,
    ColourGuessStep, ColourLineStep, ColourProbeStep, ColourStep,
};
pub use mistakes::{mistakes_within, Mistakes, LISTED_CELLS};
pub use step::{
    cell_list, cell_word, compress_ranges, ContradictionStep, Difficulty, GuessStep, LineStep,
    ProbeStep, Step,
};

use crate::grid::Grid;
use crate::propagate::{Fixed, Observer, Propagator};
use crate::solve::{Config, Engine, Given, Solver, Status, Stop};
use nonogram_model::Cell;
use nonogram_model::{LineId, Picture, Puzzle};

/// Produces the steps of an explanation one at a time (an [`Iterator`] of [`Step`]s); between
/// steps, [`Explainer::grid`] shows the grid so far.
///
/// Line solving runs a whole phase of sweeps at a time (to the sweeps' fixpoint, or to a
/// contradiction), on a grid of its own, and the steps it reports wait in a queue; each is
/// applied to the grid shown as it is produced.
#[derive(Debug)]
pub struct Explainer<'p> {
    puzzle: &'p Puzzle,
    prop: Propagator<'p>,
    /// The grid after the steps produced so far.
    grid: Grid,
    /// The grid line solving has reached: `grid` and the cells of the waiting steps.
    work: Grid,
    /// Where a probe propagates: a copy of `work`, kept to reuse its buffers.
    scratch: Grid,
    /// Steps found and not produced yet.
    waiting: VecDeque<Step>,
    /// Whether lines are queued in the propagator for the next phase of sweeps.
    lines_queued: bool,
    sweeps: usize,
    probes: usize,
    guesses: usize,
    /// A solution below the grid, found at the first guess and reused for later ones (a guess
    /// taken from it keeps the grid below it), with whether it is the only one.
    solution: Option<(Picture, bool)>,
    finished: bool,
    contradiction: bool,
    /// When to give up (see [`Explainer::with_deadline`]).
    deadline: Option<Instant>,
    /// Whether the deadline came before the end.
    stopped: bool,
}

/// Hears from the sweeps which line fixed which cells (one [`LineStep`] each), and which line
/// contradicted.
struct LineSteps<'a, 'p> {
    puzzle: &'p Puzzle,
    steps: &'a mut VecDeque<Step>,
    contradiction: Option<LineId>,
}

impl Observer for LineSteps<'_, '_> {
    fn fixed(&mut self, line: LineId, cells: Fixed<'_>) {
        self.steps.push_back(Step::Line(LineStep {
            line,
            clue: self.puzzle.clue(line).clone(),
            filled: cells.filled(),
            empty: cells.empty(),
        }));
    }

    fn contradiction(&mut self, line: LineId) {
        self.contradiction = Some(line);
    }
}

/// Hears which line contradicted, if one did.
#[derive(Default)]
struct Contradicted(Option<LineId>);

impl Observer for Contradicted {
    fn contradiction(&mut self, line: LineId) {
        self.0 = Some(line);
    }
}

impl<'p> Explainer<'p> {
    /// Explains `puzzle` from the grid of its given cells (the empty grid for most puzzles).
    pub fn new(puzzle: &'p Puzzle) -> Explainer<'p> {
        Explainer::from_grid(puzzle, Grid::new(puzzle.width(), puzzle.height()))
    }

    /// Explains `puzzle` from a partly solved grid (its known cells are taken as given, and so
    /// are the puzzle's givens). A known cell that disagrees with a given leaves no solution
    /// below the grid: the first step says so ([`ContradictionStep::Search`]). The grid must
    /// have the puzzle's size.
    pub fn from_grid(puzzle: &'p Puzzle, mut grid: Grid) -> Explainer<'p> {
        assert!(
            grid.width() == puzzle.width() && grid.height() == puzzle.height(),
            "the grid's size must be the puzzle's"
        );
        let mut waiting = VecDeque::new();
        for g in puzzle.givens() {
            if grid.set(g.row, g.col, crate::solve::given_cell(g)).is_err() && waiting.is_empty() {
                waiting.push_back(Step::Contradiction(ContradictionStep::Search));
            }
        }
        let mut prop = Propagator::new(puzzle);
        prop.enqueue_all();
        Explainer {
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

    /// Gives up at `deadline` (if any): the steps then end early, [`Explainer::stopped`] says
    /// so, and the rating is [`Difficulty::Unfinished`]. Every step produced before is sound.
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Explainer<'p> {
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
    pub fn grid(&self) -> &Grid {
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

    /// Sweeps over the queued lines to the fixpoint, queueing a step for every line that fixes
    /// something, and one for the line that contradicts, if one does.
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
                    .push_back(Step::Contradiction(ContradictionStep::Line { line, clue }));
            }
        }
    }

    fn fail(&mut self, step: Step) -> Step {
        self.finished = true;
        self.contradiction = true;
        step
    }

    /// Propagates `(row, col)` set to `value` from the grid; the line that contradicts, if one
    /// does.
    fn try_cell(&mut self, row: usize, col: usize, value: Cell) -> Option<LineId> {
        self.scratch.clone_from(&self.work);
        let mut contradicted = Contradicted::default();
        match self
            .prop
            .assign_with(&mut self.scratch, row, col, value, &mut contradicted)
        {
            Ok(()) => None,
            // The deadline's, not a line's: the caller sees `stopped` and produces nothing.
            Err(_) if self.prop.interrupted() => None,
            // The cell is unknown, so setting it cannot contradict: a line did.
            Err(_) => Some(
                contradicted
                    .0
                    .expect("the observer heard the contradiction"),
            ),
        }
    }

    /// The first unknown cell (row-major) for which one value contradicts.
    fn probe(&mut self) -> Option<Step> {
        for row in 0..self.work.height() {
            for col in 0..self.work.width() {
                if self.work.get(row, col) != Cell::Unknown {
                    continue;
                }
                let if_filled = self.try_cell(row, col, Cell::Filled);
                let if_empty = self.try_cell(row, col, Cell::Empty);
                if self.out_of_time() {
                    return None;
                }
                let (tried, contradiction, value) = match (if_filled, if_empty) {
                    (Some(f), Some(e)) => {
                        return Some(self.fail(Step::Contradiction(ContradictionStep::Cell {
                            row,
                            col,
                            if_filled: f,
                            if_empty: e,
                        })))
                    }
                    (Some(f), None) => (Cell::Filled, f, Cell::Empty),
                    (None, Some(e)) => (Cell::Empty, e, Cell::Filled),
                    (None, None) => continue,
                };
                self.probes += 1;
                return Some(Step::Probe(ProbeStep {
                    row,
                    col,
                    tried,
                    contradiction,
                    value,
                }));
            }
        }
        None
    }

    /// Takes the first unknown cell's value from a solution below the grid, asking the solver
    /// with the grid's known cells as givens. It runs the search alone, on one thread, so that
    /// the solution, hence the guesses, are the same from run to run: with several pictures
    /// below the grid, the one the learner finds first. (The learner, not the search: the
    /// search alone can take minutes where the learner takes a second.) `None` when the
    /// deadline comes first.
    fn guess(&mut self) -> Option<Step> {
        if self.solution.is_none() {
            let mut givens = Vec::new();
            for row in 0..self.work.height() {
                for col in 0..self.work.width() {
                    match self.work.get(row, col) {
                        Cell::Unknown => {}
                        value => givens.push(Given::cell(row, col, value == Cell::Filled)),
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
                // Of several pictures, the one the search meets first (the solver returns
                // those it found in `Picture` order, which says nothing of the search's).
                Status::Multiple => (solve(1), false),
                status => (outcome, status == Status::Unique),
            };
            if outcome.stop == Stop::TimeLimit {
                self.stopped = true;
                return None;
            }
            match outcome.solutions.into_iter().next() {
                Some(s) => self.solution = Some((s, unique)),
                None => return Some(self.fail(Step::Contradiction(ContradictionStep::Search))),
            }
        }
        let Some((solution, unique)) = &self.solution else {
            unreachable!("a solution was just stored")
        };
        for row in 0..self.work.height() {
            for col in 0..self.work.width() {
                if self.work.get(row, col) == Cell::Unknown {
                    let value = if solution.get(row, col) {
                        Cell::Filled
                    } else {
                        Cell::Empty
                    };
                    self.guesses += 1;
                    return Some(Step::Guess(GuessStep {
                        row,
                        col,
                        value,
                        unique: *unique,
                    }));
                }
            }
        }
        unreachable!("guess is only called on an incomplete grid")
    }
}

impl Iterator for Explainer<'_> {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        loop {
            if let Some(step) = self.waiting.pop_front() {
                if let Step::Contradiction(_) = step {
                    return Some(self.fail(step));
                }
                // Line steps fix unknown cells, consistently: this cannot fail.
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
            if let Step::Probe(ProbeStep {
                row, col, value, ..
            })
            | Step::Guess(GuessStep {
                row, col, value, ..
            }) = &step
            {
                // Neither can fail: the cell was unknown.
                let _ = self.grid.set(*row, *col, *value);
                let _ = self.work.set(*row, *col, *value);
                self.prop.enqueue(LineId::row(*row));
                self.prop.enqueue(LineId::column(*col));
                self.lines_queued = true;
            }
            return Some(step);
        }
    }
}

/// A whole explanation: every step, the final grid and the rating.
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The grid they lead to.
    pub grid: Grid,
    /// The rating.
    pub difficulty: Difficulty,
}

/// Explains `puzzle` from the grid of its given cells to the end.
pub fn explain(puzzle: &Puzzle) -> Explanation {
    let mut explainer = Explainer::new(puzzle);
    let steps: Vec<Step> = explainer.by_ref().collect();
    Explanation {
        steps,
        grid: explainer.grid().clone(),
        difficulty: explainer.difficulty(),
    }
}

/// The next step from a partly solved grid (a hint), or `None` if the grid is complete. The grid
/// must have the puzzle's size.
pub fn next_step(puzzle: &Puzzle, grid: &Grid) -> Option<Step> {
    Explainer::from_grid(puzzle, grid.clone()).next()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_puzzle, Rng};
    use crate::{Solver, Status};
    use nonogram_model::{Axis, Clue};

    fn picture(rows: &[&str]) -> Picture {
        Picture::from_strings(rows).unwrap()
    }

    fn smallex() -> Puzzle {
        Puzzle::from_picture(&picture(&["..###", "##.#.", ".###.", ".##..", "###.."]))
    }

    #[test]
    fn smallex_is_line_solvable_and_the_steps_replay_to_the_solution() {
        let puzzle = smallex();
        let explanation = explain(&puzzle);
        assert!(matches!(
            explanation.difficulty,
            Difficulty::LineSolvable { .. }
        ));
        let mut grid = Grid::new(5, 5);
        for step in &explanation.steps {
            assert!(matches!(step, Step::Line(_)), "{step}");
            step.apply(&mut grid).unwrap();
        }
        assert_eq!(grid, explanation.grid);
        assert!(puzzle.is_solved_by(&grid.to_picture().unwrap()));
        // The first line with a forced cell is row 1: a run of 3 in 5 cells covers the middle one.
        assert_eq!(
            explanation.steps[0].to_string(),
            "row 1 (clue 3): cell 3 filled"
        );
    }

    #[test]
    fn two_solutions_need_a_guess() {
        let puzzle = Puzzle::from_picture(&picture(&["#.", ".#"]));
        let explanation = explain(&puzzle);
        assert!(matches!(
            explanation.difficulty,
            Difficulty::Search { decisions: 1, .. }
        ));
        let guess = explanation
            .steps
            .iter()
            .find(|s| matches!(s, Step::Guess(_)))
            .unwrap();
        assert!(
            guess.to_string().contains("more than one picture"),
            "{guess}"
        );
        assert!(explanation.grid.is_complete());
    }

    /// The explanation starts from the puzzle's givens: the two diagonals, with one cell
    /// given, need no guess; a grid against a given has no solution below it.
    #[test]
    fn explanations_start_from_the_givens() {
        let pic = picture(&["#.", ".#"]);
        let puzzle = Puzzle::from_picture(&pic)
            .with_givens(vec![Given::cell(0, 0, true)])
            .unwrap();
        let explanation = explain(&puzzle);
        assert!(
            matches!(explanation.difficulty, Difficulty::LineSolvable { .. }),
            "{:?}",
            explanation.difficulty
        );
        assert_eq!(explanation.grid.to_picture(), Some(pic));
        let mut wrong = Grid::new(2, 2);
        wrong.set(0, 0, Cell::Empty).unwrap();
        let step = next_step(&puzzle, &wrong).unwrap();
        assert_eq!(step, Step::Contradiction(ContradictionStep::Search));
        // A grid that agrees gets the next step as before.
        assert!(matches!(
            next_step(&puzzle, &Grid::new(2, 2)),
            Some(Step::Line(_))
        ));
    }

    #[test]
    fn no_solution_is_reported_with_its_line() {
        let puzzle = Puzzle::new(
            vec![Clue::new([1, 1]), Clue::empty()],
            vec![Clue::new([1]), Clue::new([1]), Clue::empty()],
        )
        .unwrap();
        let explanation = explain(&puzzle);
        assert_eq!(explanation.difficulty, Difficulty::NoSolution);
        let last = explanation.steps.last().unwrap().to_string();
        assert!(last.contains("no solution"), "{last}");
    }

    #[test]
    fn hint_from_a_partial_grid() {
        let puzzle = smallex();
        let mut grid = Grid::new(5, 5);
        // With row 1 fully known, the next step is still the first line that fixes something.
        for (c, v) in "..###".chars().enumerate() {
            grid.set(0, c, if v == '#' { Cell::Filled } else { Cell::Empty })
                .unwrap();
        }
        let step = next_step(&puzzle, &grid).unwrap();
        assert!(
            matches!(
                step,
                Step::Line(LineStep {
                    line: LineId {
                        axis: Axis::Row,
                        index: 1
                    },
                    ..
                })
            ),
            "{step}"
        );
        let solved = Grid::from_picture(&picture(&["..###", "##.#.", ".###.", ".##..", "###.."]));
        assert_eq!(next_step(&puzzle, &solved), None);
    }

    /// Every explanation of a random puzzle ends in a solution, every step agrees with it when
    /// the solution is unique, and probes happen only where line solving stalled.
    /// A deadline may fall anywhere (in a sweep, in a probe, in the guess's solve): the
    /// explanation then ends early, rated unfinished, and what it showed is still true.
    #[test]
    fn a_deadline_anywhere_ends_the_explanation_soundly() {
        let mut rng = Rng::new(21);
        for _ in 0..12 {
            let puzzle = random_puzzle(&mut rng, 20, 20, 0.5);
            let outcome = Solver::new(Config::default()).solve(&puzzle);
            for micros in [0u64, 50, 200, 1_000, 5_000, 20_000] {
                let deadline = web_time::Instant::now() + std::time::Duration::from_micros(micros);
                let mut explainer = Explainer::new(&puzzle).with_deadline(Some(deadline));
                let steps: Vec<Step> = explainer.by_ref().collect();
                if explainer.stopped() {
                    assert_eq!(explainer.difficulty(), Difficulty::Unfinished);
                }
                assert!(!steps.iter().any(|s| matches!(s, Step::Contradiction(_))));
                if outcome.status == Status::Unique {
                    let solution = &outcome.solutions[0];
                    let grid = explainer.grid();
                    for r in 0..20 {
                        for c in 0..20 {
                            match grid.get(r, c) {
                                Cell::Unknown => {}
                                value => assert_eq!(value == Cell::Filled, solution.get(r, c)),
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn random_puzzles_explain_to_a_solution() {
        let mut rng = Rng::new(7);
        let mut seen = [0usize; 3];
        for _ in 0..150 {
            let (w, h) = (rng.range(2, 9), rng.range(2, 9));
            let puzzle = random_puzzle(&mut rng, w, h, 0.5);
            let outcome = Solver::new(Config::default()).solve(&puzzle);
            let explanation = explain(&puzzle);
            let picture = explanation.grid.to_picture().expect("explanations finish");
            assert!(puzzle.is_solved_by(&picture));
            match explanation.difficulty {
                Difficulty::LineSolvable { .. } => seen[0] += 1,
                Difficulty::Probing { .. } => seen[1] += 1,
                Difficulty::Search { .. } => seen[2] += 1,
                other => panic!("unexpected rating {other:?}"),
            }
            if outcome.status == Status::Unique {
                assert_eq!(picture, outcome.solutions[0]);
                assert!(
                    !matches!(explanation.difficulty, Difficulty::Search { .. })
                        || explanation
                            .steps
                            .iter()
                            .all(|s| !matches!(s, Step::Guess(GuessStep { unique: false, .. })))
                );
            }
        }
        // The sample covers every kind of rating a solvable puzzle can get.
        assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    }
}
