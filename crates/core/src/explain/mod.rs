//! Explanations: the solving process as steps a person can follow and check with a pencil.
//!
//! The explainer solves the way the notebook seed and most people do: sweep over the rows, then
//! over the columns, solving each line that changed since it was last looked at, and report
//! every line that proves something as one step (the cells it decides, and, in colour, the
//! colours it rules out of cells that keep several). When a whole sweep proves nothing, line
//! logic alone has stopped. Then it probes, one cell at a time: assume the cell has one of the
//! values it may take and propagate; if some line can no longer be satisfied, the cell does not
//! have it. That is the "trial" a person does in their head, and the step names the line that
//! broke. Only when no single probe decides anything does it guess, and it guesses right: it
//! asks the solver ([`Solver::solve_from`], the grid's decided cells as givens) for a solution
//! below the current grid and takes that solution's value, saying so. The explanation therefore
//! always reaches the end, and a reader never has to backtrack.
//!
//! Probing here is simpler than the solver's (the search's), which also keeps what every try of
//! a cell agrees on: a contradiction is much easier to follow on paper, and the solver's extra
//! inference would show up as steps without a reason a person can check.
//!
//! The [`Difficulty`] rating follows from the steps: line-solvable (and in how many sweeps),
//! needs probing (how many probes), or needs search (how many guesses).
//!
//! One narrator serves both kinds of puzzle: it only narrates, the sweeps and the probes being
//! the propagator's ([`crate::propagate`]), which tells an observer which line narrowed which
//! cells and which line contradicted; its line cache makes the probes affordable on puzzles of
//! the size people solve. Its steps are in colour terms ([`ColourStep`]: a cell's colours,
//! the background among them); [`Explainer`] words them for black and white ([`Step`]: filled
//! and empty), [`ColourExplainer`] gives them as they are.

pub mod colour;
pub mod mistakes;
mod step;

use std::collections::VecDeque;
use web_time::Instant;

pub use colour::{
    ColourContradictionStep, ColourGuessStep, ColourLineStep, ColourProbeStep, ColourStep,
};
pub use mistakes::{mistakes_within, Mistakes, LISTED_CELLS};
pub use step::{
    cell_list, cell_word, compress_ranges, ContradictionStep, Difficulty, GuessStep, LineStep,
    ProbeStep, Step,
};

use crate::colour::grid::ColourGrid;
use crate::config::{Config, Engine, Given, Status, Stop};
use crate::grid::Grid;
use crate::kind::{BlackWhite, Coloured, GridOps, Kind};
use crate::propagate::{Observer, Propagator};
use crate::solve::Solver;
use nonogram_model::{Cells, ColourId, ColourSet, LineId, Picture, Puzzle};

/// The steps of an explanation, one at a time, for puzzles of kind `K`, in colour terms.
///
/// Line solving runs a whole phase of sweeps at a time (to the sweeps' fixpoint, or to a
/// contradiction), on a grid of its own, and the steps it reports wait in a queue; each is
/// applied to the grid shown as it is produced.
#[derive(Debug)]
struct Narrator<'p, K: Kind> {
    puzzle: &'p Puzzle,
    prop: Propagator<'p, K>,
    /// The grid after the steps produced so far.
    grid: K::Grid,
    /// The grid line solving has reached: `grid` and the cells of the waiting steps.
    work: K::Grid,
    /// Where a probe propagates: a copy of `work`, kept to reuse its buffers.
    scratch: K::Grid,
    /// Steps found and not produced yet.
    waiting: VecDeque<ColourStep>,
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
    /// When to give up (see [`Narrator::with_deadline`]).
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

impl<G> Observer<G> for LineSteps<'_, '_> {
    const NARRATES: bool = true;

    fn narrowed(&mut self, line: LineId, cells: &[(usize, ColourSet, ColourSet)]) {
        let mut decided = Vec::new();
        let mut ruled_out = Vec::new();
        for &(i, before, after) in cells {
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

impl<G> Observer<G> for Contradicted {
    fn contradiction(&mut self, line: LineId) {
        self.0 = Some(line);
    }
}

/// Narrows `grid` by a step's cells.
fn apply<G: GridOps>(grid: &mut G, step: &ColourStep) -> Result<(), crate::Contradiction> {
    for (r, c, set) in step.cells() {
        grid.narrow(r, c, set)?;
    }
    Ok(())
}

impl<'p, K: Kind> Narrator<'p, K> {
    /// Explains `puzzle` from a partly solved grid: what it rules out is taken as given, and
    /// so are the puzzle's givens. A cell that rules out its given's entry leaves no solution
    /// below the grid: the first step says so.
    fn from_grid(puzzle: &'p Puzzle, mut grid: K::Grid) -> Narrator<'p, K> {
        assert!(
            grid.width() == puzzle.width() && grid.height() == puzzle.height(),
            "the grid's size must be the puzzle's"
        );
        let mut waiting = VecDeque::new();
        for g in puzzle.givens() {
            let narrowed = grid.narrow(g.row, g.col, ColourSet::single(g.colour));
            if narrowed.is_err() && waiting.is_empty() {
                waiting.push_back(ColourStep::Contradiction(ColourContradictionStep::Search));
            }
        }
        let mut prop = Propagator::new(puzzle);
        prop.enqueue_all();
        Narrator {
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

    fn with_deadline(mut self, deadline: Option<Instant>) -> Narrator<'p, K> {
        self.deadline = deadline;
        self.prop.set_deadline(deadline);
        self
    }

    fn out_of_time(&mut self) -> bool {
        if self.prop.interrupted() || self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
        }
        self.stopped
    }

    /// The rating so far; final once the steps have ended.
    fn difficulty(&self) -> Difficulty {
        let sweeps = self.sweeps;
        if self.stopped || !self.finished {
            Difficulty::Unfinished
        } else if self.contradiction {
            Difficulty::NoSolution
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
                let step = ColourContradictionStep::Line { line, clue };
                self.waiting.push_back(ColourStep::Contradiction(step));
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
                let options = self.work.options(row, col);
                if options.len() < 2 {
                    continue;
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
                    let step = ColourContradictionStep::Cell { row, col, tried };
                    return Some(self.fail(ColourStep::Contradiction(step)));
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
    /// solver with the grid's decided cells as givens. It runs the learner alone, on one
    /// thread, so that the solution, hence the guesses, are the same from run to run: with
    /// several pictures below the grid, the one the learner finds first. (The learner, not the
    /// search: the search alone can take minutes where the learner takes a second.) `None`
    /// when the deadline comes first.
    fn guess(&mut self) -> Option<ColourStep> {
        if self.solution.is_none() {
            let mut givens = Vec::new();
            for row in 0..self.work.height() {
                for col in 0..self.work.width() {
                    if let Some(colour) = self.work.options(row, col).only() {
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
                None => {
                    let step = ColourStep::Contradiction(ColourContradictionStep::Search);
                    return Some(self.fail(step));
                }
            }
        }
        let Some((solution, unique)) = &self.solution else {
            unreachable!("a solution was just stored")
        };
        for row in 0..self.work.height() {
            for col in 0..self.work.width() {
                if self.work.options(row, col).len() > 1 {
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

impl<K: Kind> Iterator for Narrator<'_, K> {
    type Item = ColourStep;

    fn next(&mut self) -> Option<ColourStep> {
        loop {
            if let Some(step) = self.waiting.pop_front() {
                if let ColourStep::Contradiction(_) = step {
                    return Some(self.fail(step));
                }
                // Line steps narrow cells consistently: this cannot fail.
                let _ = apply(&mut self.grid, &step);
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
                let _ = apply(&mut self.grid, &step);
                let _ = apply(&mut self.work, &step);
                self.prop.enqueue(LineId::row(row));
                self.prop.enqueue(LineId::column(col));
                self.lines_queued = true;
            }
            return Some(step);
        }
    }
}

/// The public explainer of one kind of puzzle: its name, the kind, its grid, the steps it
/// gives and how they are made from the narrator's; then the whole explanation's type, the
/// function that explains a puzzle whole, and the one that gives the next step from a grid.
macro_rules! explainer {
    (
        $(#[$doc:meta])*
        $name:ident<$kind:ty, $grid:ty, $step:ty>($word:expr),
        $(#[$whole_doc:meta])* $whole:ident,
        $(#[$explain_doc:meta])* $explain:ident,
        $(#[$next_doc:meta])* $next:ident
    ) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub struct $name<'p>(Narrator<'p, $kind>);

        impl<'p> $name<'p> {
            /// Explains `puzzle` from the grid of its given cells (the empty grid for most
            /// puzzles).
            pub fn new(puzzle: &'p Puzzle) -> $name<'p> {
                $name::from_grid(puzzle, <$grid as GridOps>::blank(puzzle))
            }

            /// Explains `puzzle` from a partly solved grid (what it rules out is taken as
            /// given, and so are the puzzle's givens). A cell that disagrees with a given
            /// leaves no solution below the grid: the first step says so (a contradiction
            /// found by the search). The grid must have the puzzle's size (and palette).
            pub fn from_grid(puzzle: &'p Puzzle, grid: $grid) -> $name<'p> {
                $name(Narrator::from_grid(puzzle, grid))
            }

            /// Gives up at `deadline` (if any): the steps then end early, `stopped` says so,
            /// and the rating is [`Difficulty::Unfinished`]. Every step produced before is
            /// sound. The propagator gives up within its sweeps and probes, the clock is read
            /// between probes, and it bounds the guess's solve.
            pub fn with_deadline(self, deadline: Option<Instant>) -> $name<'p> {
                $name(self.0.with_deadline(deadline))
            }

            /// Whether the deadline came before the end of the explanation.
            pub fn stopped(&self) -> bool {
                self.0.stopped
            }

            /// The grid after the steps produced so far.
            pub fn grid(&self) -> &$grid {
                &self.0.grid
            }

            /// The rating so far; final once the iterator has returned `None`.
            pub fn difficulty(&self) -> Difficulty {
                self.0.difficulty()
            }
        }

        impl Iterator for $name<'_> {
            type Item = $step;

            fn next(&mut self) -> Option<$step> {
                self.0.next().map($word)
            }
        }

        $(#[$whole_doc])*
        #[derive(Clone, Debug)]
        pub struct $whole {
            /// The steps, in order.
            pub steps: Vec<$step>,
            /// The grid they lead to.
            pub grid: $grid,
            /// The rating.
            pub difficulty: Difficulty,
        }

        $(#[$explain_doc])*
        pub fn $explain(puzzle: &Puzzle) -> $whole {
            let mut explainer = $name::new(puzzle);
            let steps = explainer.by_ref().collect();
            $whole {
                steps,
                grid: explainer.grid().clone(),
                difficulty: explainer.difficulty(),
            }
        }

        $(#[$next_doc])*
        pub fn $next(puzzle: &Puzzle, grid: &$grid) -> Option<$step> {
            $name::from_grid(puzzle, grid.clone()).next()
        }
    };
}

explainer!(
    /// Produces the steps of an explanation of a black-and-white puzzle one at a time (an
    /// [`Iterator`] of [`Step`]s); between steps, `grid` shows the grid so far.
    Explainer<BlackWhite, Grid, Step>(Step::from_colour),
    /// A whole explanation: every step, the final grid and the rating.
    Explanation,
    /// Explains `puzzle` from the grid of its given cells to the end.
    explain,
    /// The next step from a partly solved grid (a hint), or `None` if the grid is complete.
    /// The grid must have the puzzle's size.
    next_step
);

explainer!(
    /// Produces the steps of an explanation of a colour puzzle one at a time (an [`Iterator`]
    /// of [`ColourStep`]s); between steps, `grid` shows the grid so far. Works on
    /// black-and-white puzzles too (as a palette of two entries), but [`Explainer`] words those
    /// better.
    ColourExplainer<Coloured, ColourGrid, ColourStep>(|step| step),
    /// A whole colour explanation: every step, the final grid and the rating.
    ColourExplanation,
    /// Explains a colour puzzle from the empty grid to the end.
    explain_colour,
    /// The next step from a partly solved colour grid (a hint), or `None` if the grid is
    /// complete. The grid must have the puzzle's size and palette.
    next_colour_step
);

/// The rating `nonogram explain` gives `puzzle` (of either kind), from a whole explanation
/// that gives up at `deadline` or when `cancel` is raised: `None` then, since a rating of half
/// an explanation would claim what was not shown.
pub fn rating_within(
    puzzle: &Puzzle,
    deadline: Option<Instant>,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Option<Difficulty> {
    let cancelled = || cancel.is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed));
    let (stopped, difficulty) = if puzzle.is_black_and_white() {
        let mut explainer = Explainer::new(puzzle).with_deadline(deadline);
        while explainer.next().is_some() {
            if cancelled() {
                return None;
            }
        }
        (explainer.stopped(), explainer.difficulty())
    } else {
        let mut explainer = ColourExplainer::new(puzzle).with_deadline(deadline);
        while explainer.next().is_some() {
            if cancelled() {
                return None;
            }
        }
        (explainer.stopped(), explainer.difficulty())
    };
    (!stopped).then_some(difficulty)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_colour_puzzle, random_puzzle, Rng};
    use crate::{Solver, Status};
    use nonogram_model::{Axis, Cell, Clue};

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
        let rating = explanation.difficulty;
        assert!(
            matches!(rating, Difficulty::LineSolvable { .. }),
            "{rating:?}"
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

    /// Explains `puzzle` with `$explainer` under deadlines of each of `$micros`: every
    /// explanation stopped early is rated unfinished, none claims a contradiction, and every
    /// entry it kept for a cell is still possible there in the solution. Returns how many
    /// stopped early.
    macro_rules! explain_by_deadlines {
        ($explainer:ident, $contradiction:path, $puzzle:expr, $micros:expr) => {{
            let puzzle = $puzzle;
            let outcome = Solver::new(Config::default()).solve(puzzle);
            let mut stopped = 0;
            for micros in $micros {
                let deadline = Instant::now() + std::time::Duration::from_micros(micros);
                let mut explainer = $explainer::new(puzzle).with_deadline(Some(deadline));
                let steps: Vec<_> = explainer.by_ref().collect();
                if explainer.stopped() {
                    stopped += 1;
                    assert_eq!(explainer.difficulty(), Difficulty::Unfinished);
                }
                assert!(!steps.iter().any(|s| matches!(s, $contradiction(_))));
                if outcome.status == Status::Unique {
                    let (solution, grid) = (&outcome.solutions[0], explainer.grid());
                    for (r, c) in
                        (0..puzzle.height()).flat_map(|r| (0..puzzle.width()).map(move |c| (r, c)))
                    {
                        assert!(
                            grid.options(r, c).contains(solution.colour(r, c)),
                            "({r}, {c})"
                        );
                    }
                }
            }
            stopped
        }};
    }

    /// A deadline may fall anywhere (in a sweep, in a probe, in the guess's solve), in a
    /// black-and-white explanation or a colour one: the explanation then ends early, rated
    /// unfinished, and what it showed is still true.
    #[test]
    fn a_deadline_anywhere_ends_the_explanation_soundly() {
        let mut rng = Rng::new(21);
        for _ in 0..12 {
            let puzzle = random_puzzle(&mut rng, 20, 20, 0.5);
            let micros = [0u64, 50, 200, 1_000, 5_000, 20_000];
            explain_by_deadlines!(Explainer, Step::Contradiction, &puzzle, micros);
        }
        let (mut rng, mut stopped) = (Rng::new(23), 0);
        for _ in 0..10 {
            let puzzle = random_colour_puzzle(&mut rng, 25, 25, 3, 0.6);
            let micros = [0u64, 20, 100, 500, 2_000, 10_000];
            stopped +=
                explain_by_deadlines!(ColourExplainer, ColourStep::Contradiction, &puzzle, micros);
        }
        assert!(stopped > 0, "no colour deadline fell before the end");
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
