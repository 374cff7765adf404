//! The public entry points: [`Solver`] (configured by [`Config`]) and [`deduce`].
//!
//! A solve ends in an [`Outcome`] that keeps two questions apart: what was *proved* about the
//! puzzle ([`Status`]: one solution, several, none, a solution without a uniqueness check, or
//! nothing yet) and why the run *stopped* ([`Stop`]: it finished, found as many solutions as
//! were asked for, or ran into the time limit, a cancellation or a memory bound). A status
//! never claims more than the run established.
//!
//! Every solution returned here has been checked against the clues with
//! [`Puzzle::check`](crate::Puzzle::check) (and against the givens): a bug in an engine can
//! make us slow, or leave the status unknown, but never print a wrong picture.
//!
//! This is also the one place that maps a puzzle to its kind ([`with_kind!`](with_kind)): the
//! engines are generic over `crate::kind::Kind` and import no kind, the kinds (`crate::kinds`)
//! import no engine, and every entry that needs both (solving, deducing, a hint's check, a
//! rating) goes through it.

use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Instant;

use nonogram_model::{ColourSet, Inconsistency, PartialGrid, Picture, Puzzle};

pub use crate::config::{Config, Engine, Given, Outcome, Stats, Status, Stop};
use crate::engine::portfolio::{self, End, Run};
use crate::engine::search::{Finish, Search};
use crate::kind::{GridOps, Kind};
use crate::propagate::{Observer, Propagator};
use crate::termination::{StopFlags, Termination};

/// Evaluates `$body` with `$kind` the type of `puzzle`'s kind (`crate::kinds`): the one place a
/// puzzle meets its kind. A new kind is one more arm here, before the colour one, which takes
/// every palette.
macro_rules! with_kind {
    ($puzzle:expr, $kind:ident => $body:expr) => {
        if $puzzle.is_black_and_white() {
            type $kind = $crate::kinds::BlackWhite;
            $body
        } else if $puzzle.is_triangles() {
            type $kind = $crate::kinds::Triangles;
            $body
        } else {
            type $kind = $crate::kinds::Coloured;
            $body
        }
    };
}
pub(crate) use with_kind;

impl Engine {
    /// Whether this engine takes `puzzle`: the learner and the SAT encoding have memory bounds
    /// ([`MAX_LEARN_CELLS`](crate::MAX_LEARN_CELLS),
    /// [`MAX_STATE_VARIABLES`](crate::engine::MAX_STATE_VARIABLES)); a puzzle past them is
    /// searched instead, and [`Outcome::engine`] says so.
    /// Colour puzzles have the colour engines' own bounds.
    pub fn accepts(self, puzzle: &Puzzle) -> bool {
        match self {
            Engine::Auto | Engine::Search => true,
            Engine::Learn => with_kind!(puzzle, K => crate::engine::learn::fits::<K>(puzzle)),
            Engine::Sat => crate::engine::sat::fits(puzzle),
        }
    }

    /// Whether this build has the engine: all but [`Engine::Sat`] always, that one only with
    /// the `sat` feature (CaDiCaL, which the WebAssembly build goes without). A solve asked for
    /// an engine the build lacks is searched, and [`Outcome::engine`] says so, as for a puzzle
    /// past the engine's bounds; front ends should refuse the request instead.
    pub fn is_available(self) -> bool {
        self != Engine::Sat || cfg!(feature = "sat")
    }
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

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Solves `puzzle`, enumerating up to `max_solutions` solutions: the pictures that satisfy
    /// the clues and agree with the cells the puzzle gives ([`Puzzle::givens`]).
    pub fn solve(&self, puzzle: &Puzzle) -> Outcome {
        self.run(puzzle, &[], None)
    }

    /// Solves `puzzle` with more cells fixed beforehand: the solutions are those of the puzzle
    /// (its clues and its own givens) that also agree with every one of `givens` (what a puzzle
    /// maker's revealed cells, or a partly solved grid, ask for). Givens must lie within the
    /// puzzle and name colours of its palette; givens of one cell that disagree (two of
    /// `givens`, or one of them and the puzzle's) leave no solution.
    pub fn solve_from(&self, puzzle: &Puzzle, givens: &[Given]) -> Outcome {
        self.run(puzzle, givens, None)
    }

    /// Like [`Solver::solve_from`], and also stops (with [`Stop::Cancelled`]) as soon as
    /// `cancel` becomes true.
    pub fn solve_cancellable(
        &self,
        puzzle: &Puzzle,
        givens: &[Given],
        cancel: &AtomicBool,
    ) -> Outcome {
        self.run(puzzle, givens, Some(cancel))
    }

    fn run(&self, puzzle: &Puzzle, extra: &[Given], cancel: Option<&AtomicBool>) -> Outcome {
        // The puzzle's own givens and the caller's are one list to the engines.
        let all;
        let givens = if extra.is_empty() {
            puzzle.givens()
        } else if puzzle.givens().is_empty() {
            extra
        } else {
            all = [puzzle.givens(), extra].concat();
            &all
        };
        self.run_with(puzzle, givens, cancel)
    }

    /// [`Solver::run`] with every given in one list.
    fn run_with(&self, puzzle: &Puzzle, givens: &[Given], cancel: Option<&AtomicBool>) -> Outcome {
        let keep = solutions_kept(puzzle);
        if self.config.max_solutions > keep {
            // More solutions than memory allows: find as many as it does, and say that memory,
            // not the count asked for, ended the run.
            let capped = Solver::new(Config {
                max_solutions: keep,
                ..self.config.clone()
            });
            let mut outcome = capped.run_with(puzzle, givens, cancel);
            if outcome.stop == Stop::SolutionLimit {
                outcome.stop = Stop::MemoryLimit;
            }
            return outcome;
        }
        let start = Instant::now();
        if let Some(reason) = puzzle.inconsistency() {
            let mut outcome = self.outcome(puzzle, givens, contradiction(), cancel, start);
            outcome.reason = Some(reason);
            return outcome;
        }
        // A deadline too far away to represent is no deadline.
        let deadline = self.config.timeout.and_then(|t| start.checked_add(t));
        let flags = StopFlags::new(deadline, cancel);
        let run = with_kind!(puzzle, K => self.engines::<K>(puzzle, givens, flags));
        self.outcome(puzzle, givens, run, cancel, start)
    }

    /// The run of the engines from the root, the grid that line propagation reaches from the
    /// givens, unless propagation alone decides (a contradiction, or a complete grid, the one
    /// solution whatever `max_solutions` asked).
    fn engines<K: Kind>(&self, puzzle: &Puzzle, givens: &[Given], flags: StopFlags<'_>) -> Run {
        // When line solving alone decides, every engine would answer the same at its start.
        let root_engine = match self.config.engine {
            engine if !engine.accepts(puzzle) => Engine::Search,
            Engine::Auto => Engine::Search,
            engine => engine,
        };
        match root::<K>(puzzle, givens, flags.deadline()) {
            Root::Contradiction => Run {
                engine: root_engine,
                ..contradiction()
            },
            Root::Stopped => Run {
                end: End::Stopped,
                engine: root_engine,
                ..contradiction()
            },
            Root::Grid(root) if root.is_complete() => Run {
                solutions: root.to_picture().into_iter().collect(),
                end: End::Exhausted,
                stats: Stats::default(),
                engine: root_engine,
            },
            // A symmetric first solution is looked for only without givens: it need not agree
            // with them.
            Root::Grid(root) => {
                portfolio::run::<K>(&self.config, puzzle, root, givens.is_empty(), flags)
            }
        }
    }

    /// Checks an engine's run and states what it proved.
    pub(crate) fn outcome(
        &self,
        puzzle: &Puzzle,
        givens: &[Given],
        run: Run,
        cancel: Option<&AtomicBool>,
        start: Instant,
    ) -> Outcome {
        let mut solutions = run.solutions;
        solutions.sort_unstable();
        solutions.dedup();
        let found = solutions.len();
        // The self-check: an engine bug must never reach the user as a wrong picture.
        solutions.retain(|s| {
            puzzle.is_solved_by(s) && givens.iter().all(|g| s.colour(g.row, g.col) == g.colour)
        });
        // And never as a false verdict: an engine that reported a picture that is no solution
        // cannot be trusted to have ruled the others out.
        let trusted = solutions.len() == found;
        let stop = match run.end {
            End::Exhausted => Stop::Finished,
            End::Enough => Stop::SolutionLimit,
            End::MemoryLimit => Stop::MemoryLimit,
            End::Stopped if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) => Stop::Cancelled,
            End::Stopped => Stop::TimeLimit,
        };
        let status = match (solutions.len(), stop) {
            (0, Stop::Finished) if trusted => Status::NoSolution,
            (0, _) => Status::Unknown,
            (1, Stop::Finished) if trusted => Status::Unique,
            (1, _) => Status::Solved,
            _ => Status::Multiple,
        };
        let differing_cells = match solutions.as_slice() {
            [a, b, ..] => a.differences(b),
            _ => Vec::new(),
        };
        Outcome {
            status,
            stop,
            solutions,
            differing_cells,
            reason: None,
            stats: run.stats,
            engine: run.engine,
            elapsed: start.elapsed(),
        }
    }
}

/// An engine run that found the clues contradictory before searching.
fn contradiction() -> Run {
    Run {
        solutions: Vec::new(),
        end: End::Exhausted,
        stats: Stats::default(),
        engine: Engine::Search,
    }
}

/// The most memory the solutions of one solve may take, about: [`SOLUTION_BYTES_PER_CELL`]
/// bytes per cell of each solution kept. 512 MiB.
pub const SOLUTION_BYTES: usize = 512 << 20;

/// What one solution costs per cell while a solve runs: the picture (a byte a cell), the copy
/// that tells new solutions from old, the learner's clause blocking it (four bytes a cell) and
/// the outcome's sorted copy.
pub const SOLUTION_BYTES_PER_CELL: usize = 8;

/// How many solutions a solve of `puzzle` keeps at most ([`SOLUTION_BYTES`]), at least 2 (a
/// uniqueness check needs two): 6,710 on 100 × 100, 67,108 on 30 × 30.
pub fn solutions_kept(puzzle: &Puzzle) -> usize {
    let cells = (puzzle.width() * puzzle.height()).max(1);
    (SOLUTION_BYTES / (SOLUTION_BYTES_PER_CELL * cells)).max(2)
}

/// What [`search_within_work`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Budgeted {
    /// The puzzle's solutions in the order found: all of them, or the first `max_solutions`
    /// when it has more. Empty when the clues contradict.
    Solutions(Vec<Picture>),
    /// The work budget (or the search's memory bound) ran out first: nothing is known.
    OverBudget,
    /// The deadline or the cancellation came first.
    Stopped,
}

/// Up to `max_solutions` solutions of `puzzle` by the probing search alone
/// ([`Engine::Search`]) on one thread, so the same ones in the same order on every run, within
/// `work` probes and decisions together (each a propagation from a grid).
///
/// A bound on work rather than time, for judging many candidate puzzles alike on every
/// machine (the generator's use): a search that takes more work than a near-unique puzzle
/// needs says the clues are far from unique, and [`Budgeted::OverBudget`] says only that.
/// `deadline` and `cancel` still end it early ([`Budgeted::Stopped`]).
pub fn search_within_work(
    puzzle: &Puzzle,
    max_solutions: usize,
    work: u64,
    deadline: Option<Instant>,
    cancel: Option<&AtomicBool>,
) -> Budgeted {
    with_kind!(puzzle, K => {
        let start = match root::<K>(puzzle, &[], deadline) {
            Root::Grid(grid) => grid,
            Root::Stopped => return Budgeted::Stopped,
            Root::Contradiction => return Budgeted::Solutions(Vec::new()),
        };
        let config = Config {
            max_solutions,
            threads: 1,
            engine: Engine::Search,
            ..Config::default()
        };
        let mut search = Search::<K>::new(puzzle, &config);
        search.limit_work(work);
        let mut termination = Termination::from_flags(StopFlags::new(deadline, cancel));
        match search.run_from(start, &mut termination) {
            Finish::Stopped => Budgeted::Stopped,
            Finish::Budget | Finish::MemoryLimit => Budgeted::OverBudget,
            Finish::Exhausted | Finish::Enough => Budgeted::Solutions(search.into_solutions()),
        }
    })
}

/// Where line propagation from the givens ends.
pub(crate) enum Root<G> {
    /// The fixpoint.
    Grid(G),
    /// The givens or the clues contradict.
    Contradiction,
    /// The deadline came first.
    Stopped,
}

/// The grid that line propagation reaches from the givens, by `deadline` (if any). A given
/// outside the grid, or of an entry the palette lacks, cannot be satisfied: a contradiction.
pub(crate) fn root<K: Kind>(
    puzzle: &Puzzle,
    givens: &[Given],
    deadline: Option<Instant>,
) -> Root<K::Grid> {
    let mut propagator = Propagator::<K>::new(puzzle);
    let mut grid = propagator.blank();
    for g in givens {
        let inside = g.row < puzzle.height() && g.col < puzzle.width();
        if !inside
            || grid
                .narrow(g.row, g.col, ColourSet::single(g.colour))
                .is_err()
        {
            return Root::Contradiction;
        }
    }
    propagator.set_deadline(deadline);
    propagator.enqueue_all();
    match propagator.propagate(&mut grid) {
        Ok(()) => Root::Grid(grid),
        Err(_) if propagator.interrupted() => Root::Stopped,
        Err(_) => Root::Contradiction,
    }
}

/// The result of [`deduce`]: what line solving alone proves.
#[derive(Clone, Debug)]
pub struct Deduction {
    /// The partial grid at the fixpoint (or where the contradiction was found): the entries
    /// of the puzzle's palette each cell may still take, for black-and-white and colour
    /// puzzles alike.
    pub grid: PartialGrid,
    /// Sweeps over the lines: each sweep solves every row that changed, then every column.
    pub sweeps: usize,
    /// Unknown cells after each sweep (the notebook prints this per iteration).
    pub unknown_after_sweep: Vec<usize>,
    /// Whether line solving found that the clues contradict each other.
    pub contradiction: bool,
    /// When the clues are inconsistent at a glance (see [`Puzzle::inconsistency`]): why. No
    /// line was solved then.
    pub reason: Option<Inconsistency>,
    /// Whether the deadline of [`deduce_within`] came before the fixpoint: the grid holds
    /// what line solving had proved by then, all of it true.
    pub stopped: bool,
}

impl Deduction {
    /// The solved picture, if line solving alone completed the grid and it satisfies the clues.
    /// Line solving only fixes what every solution shares, so that picture is the unique
    /// solution.
    pub fn picture(&self, puzzle: &Puzzle) -> Option<Picture> {
        let picture = self.grid.to_picture()?;
        puzzle.is_solved_by(&picture).then_some(picture)
    }
}

/// Line solving alone, sweep by sweep, from the puzzle's given cells to a fixpoint: the
/// deduction-only mode. For colour
/// puzzles too: a sweep then solves every changed colour row, then every changed colour column,
/// and a cell is unknown while it may take more than one entry.
pub fn deduce(puzzle: &Puzzle) -> Deduction {
    deduce_within(puzzle, None)
}

/// [`deduce`], giving up at `deadline` (if any) with the grid as far as line solving got:
/// [`Deduction::stopped`] says so. A black-and-white puzzle of 2,048 × 2,048 cells takes
/// seconds to deduce, a colour one longer.
pub fn deduce_within(puzzle: &Puzzle, deadline: Option<Instant>) -> Deduction {
    if let Some(reason) = puzzle.inconsistency() {
        return Deduction {
            grid: PartialGrid::unknown(puzzle.width(), puzzle.height(), puzzle.palette().len()),
            sweeps: 0,
            unknown_after_sweep: Vec::new(),
            contradiction: true,
            reason: Some(reason),
            stopped: false,
        };
    }
    with_kind!(puzzle, K => sweep::<K>(puzzle, deadline))
}

/// [`deduce_within`] for a puzzle whose clues are consistent at a glance.
fn sweep<K: Kind>(puzzle: &Puzzle, deadline: Option<Instant>) -> Deduction {
    let mut propagator = Propagator::<K>::new(puzzle);
    let mut grid = propagator.blank();
    for g in puzzle.givens() {
        // The puzzle gives each cell once, of an entry of its palette: this cannot fail.
        let _ = grid.narrow(g.row, g.col, ColourSet::single(g.colour));
    }
    propagator.set_deadline(deadline);
    propagator.enqueue_all();
    let mut unknown = UnknownAfterSweep(Vec::new());
    let result = propagator.sweeps(&mut grid, &mut unknown);
    let stopped = propagator.interrupted();
    Deduction {
        grid: PartialGrid::from_cells(&grid),
        sweeps: unknown.0.len(),
        unknown_after_sweep: unknown.0,
        contradiction: result.is_err() && !stopped,
        reason: None,
        stopped,
    }
}

/// Counts the unknown cells after each sweep that changed the grid.
struct UnknownAfterSweep(Vec<usize>);

impl<G: GridOps> Observer<G> for UnknownAfterSweep {
    fn swept(&mut self, grid: &G) {
        self.0.push(grid.unknown_count());
    }
}
