//! The explainer: the steps of an explanation, one at a time, for a puzzle of any kind, in the
//! terms every kind shares ([`ColourStep`]); the public explainers (`crate::explain`) are this
//! one, made for each kind by [`explainer!`](explainer).
//!
//! It only narrates: the sweeps and the probes are the propagator's (`crate::propagate`), which
//! tells an observer which line narrowed which cells and which line contradicted; its line
//! cache makes the probes affordable on puzzles of the size people solve. The guesses are the
//! solver's (`crate::solve`).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Instant;

use super::step::{
    ColourContradictionStep, ColourGuessStep, ColourLineStep, ColourProbeStep, ColourStep,
    Difficulty,
};
use crate::config::{Config, Engine, Given, Status, Stop};
use crate::kind::{Contradiction, GridOps, Kind};
use crate::propagate::{Observer, Propagator};
use crate::solve::Solver;
use nonogram_model::{Cells, ColourId, ColourSet, LineId, Picture, Puzzle};

/// The steps of an explanation, one at a time, for puzzles of kind `K`, in colour terms.
///
/// Line solving runs a whole phase of sweeps at a time (to the sweeps' fixpoint, or to a
/// contradiction), on a grid of its own, and the steps it reports wait in a queue; each is
/// applied to the grid shown as it is produced.
#[derive(Debug)]
pub(crate) struct Narrator<'p, K: Kind> {
    puzzle: &'p Puzzle,
    prop: Propagator<'p, K>,
    /// The grid after the steps produced so far.
    pub(crate) grid: K::Grid,
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
    pub(crate) stopped: bool,
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
fn apply<G: GridOps>(grid: &mut G, step: &ColourStep) -> Result<(), Contradiction> {
    for (r, c, set) in step.cells() {
        grid.narrow(r, c, set)?;
    }
    Ok(())
}

impl<'p, K: Kind> Narrator<'p, K> {
    /// Explains `puzzle` from a partly solved grid: what it rules out is taken as given, and
    /// so are the puzzle's givens. A cell that rules out its given's entry leaves no solution
    /// below the grid: the first step says so.
    pub(crate) fn from_grid(puzzle: &'p Puzzle, mut grid: K::Grid) -> Narrator<'p, K> {
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

    pub(crate) fn with_deadline(mut self, deadline: Option<Instant>) -> Narrator<'p, K> {
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
    /// Whether the deadline came before the end.
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }

    /// The grid after the steps produced so far.
    pub(crate) fn grid(&self) -> &K::Grid {
        &self.grid
    }

    pub(crate) fn difficulty(&self) -> Difficulty {
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
        $name:ident<$narrator:ident, $grid:ty, $step:ty>($word:expr),
        $(#[$whole_doc:meta])* $whole:ident,
        $(#[$explain_doc:meta])* $explain:ident,
        $(#[$next_doc:meta])* $next:ident
    ) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub struct $name<'p>($narrator<'p>);

        impl<'p> $name<'p> {
            /// Explains `puzzle` from the grid of its given cells (the empty grid for most
            /// puzzles).
            pub fn new(puzzle: &'p $crate::Puzzle) -> $name<'p> {
                $name::from_grid(puzzle, <$grid as $crate::kind::GridOps>::blank(puzzle))
            }

            /// Explains `puzzle` from a partly solved grid (what it rules out is taken as
            /// given, and so are the puzzle's givens). A cell that disagrees with a given
            /// leaves no solution below the grid: the first step says so (a contradiction
            /// found by the search). The grid must have the puzzle's size (and palette).
            pub fn from_grid(puzzle: &'p $crate::Puzzle, grid: $grid) -> $name<'p> {
                $name($narrator::from_grid(puzzle, grid))
            }

            /// Gives up at `deadline` (if any): the steps then end early, `stopped` says so,
            /// and the rating is [`Difficulty::Unfinished`]. Every step produced before is
            /// sound. The propagator gives up within its sweeps and probes, the clock is read
            /// between probes, and it bounds the guess's solve.
            pub fn with_deadline(self, deadline: Option<$crate::Instant>) -> $name<'p> {
                $name(self.0.with_deadline(deadline))
            }

            /// Whether the deadline came before the end of the explanation.
            pub fn stopped(&self) -> bool {
                self.0.stopped()
            }

            /// The grid after the steps produced so far.
            pub fn grid(&self) -> &$grid {
                self.0.grid()
            }

            /// The rating so far; final once the iterator has returned `None`.
            pub fn difficulty(&self) -> $crate::explain::step::Difficulty {
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
            pub difficulty: $crate::explain::step::Difficulty,
        }

        $(#[$explain_doc])*
        pub fn $explain(puzzle: &$crate::Puzzle) -> $whole {
            let mut explainer = $name::new(puzzle);
            let steps = explainer.by_ref().collect();
            $whole {
                steps,
                grid: explainer.grid().clone(),
                difficulty: explainer.difficulty(),
            }
        }

        $(#[$next_doc])*
        pub fn $next(puzzle: &$crate::Puzzle, grid: &$grid) -> Option<$step> {
            $name::from_grid(puzzle, grid.clone()).next()
        }
    };
}
pub(crate) use explainer;

/// The rating of a whole explanation of `puzzle` as kind `K`, given up at `deadline` or when
/// `cancel` is raised: `None` then, since a rating of half an explanation would claim what was
/// not shown. (`crate::explain::rating_within` picks the kind.)
pub(crate) fn rating<K: Kind>(
    puzzle: &Puzzle,
    deadline: Option<Instant>,
    cancel: Option<&AtomicBool>,
) -> Option<Difficulty> {
    let mut narrator = Narrator::<K>::from_grid(puzzle, K::Grid::blank(puzzle));
    narrator = narrator.with_deadline(deadline);
    while narrator.next().is_some() {
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return None;
        }
    }
    (!narrator.stopped).then_some(narrator.difficulty())
}
