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

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

use nonogram_model::{Cell, Inconsistency, PartialGrid, Picture, Puzzle};

pub use nonogram_model::Given;

use crate::engine::portfolio::{self, End, Run};
use crate::grid::Grid;
use crate::propagate::{Observer, Propagator};
use crate::termination::StopFlags;

/// Which engine solves.
///
/// A colour puzzle (one whose palette is not black and white) is solved by the colour engines
/// of the same names ([`crate::colour`]): `Search` is probing over every entry a cell may take,
/// `Sat` the one-hot CNF of the colour automata, `Learn` clause learning over "cell has entry"
/// literals, and `Auto` search and learning in turns, as below but without the early learner,
/// the guided order or the plain learner (on two threads, a second learner in a perturbed order
/// races the turns). [`Outcome::engine`] names the engine that answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Engine {
    /// Probing search and the learning engine together. A learner first gets a short turn
    /// ([`EARLY_CONFLICTS`](crate::engine::EARLY_CONFLICTS)), which finishes most tournament
    /// puzzles before the search has probed anything; if it does not, it is dropped, and
    /// search and learning take turns of doubling length, each resuming where it stopped, the
    /// learner (started from the search's probed root) getting turns
    /// [`LEARN_SHARE`](crate::engine::LEARN_SHARE) times as long. The
    /// learners decide first the cells surest to be filled or empty, by an estimate of each
    /// cell's chance from the clues ([`crate::marginals`]), each the likelier way (the *guided*
    /// order). A second learner in the *plain* order (cell by cell, row by row) joins the turns
    /// once the puzzle proves hard ([`PLAIN_JOINS`](crate::engine::PLAIN_JOINS)). On two or
    /// more threads the other thread races the turns from the start instead (a portfolio: the
    /// first to finish answers): it probes the root itself, then runs a learner in the guided
    /// order perturbed by the next seed, reseeded (a new order, its clauses kept) after spans of
    /// a few thousand conflicts ([`RESEED_UNIT`](crate::engine::RESEED_UNIT)), and replaced by
    /// one in the plain order if it has not finished within `PLAIN_JOINS` conflicts.
    /// Probing search is fastest where probing alone solves the puzzle; learning tames the
    /// heavy tail where depth-first search keeps meeting the same dead ends (hard tournament
    /// puzzles, the n-Dom family). If the clues are symmetric, the learners first look for a
    /// symmetric solution and start from it (the `symmetry` module), and learn each clause
    /// with its images under the symmetries. The default.
    #[default]
    Auto,
    /// Propagation, probing (if [`Config::probing`]) and depth-first search only.
    Search,
    /// Line propagation, then CDCL on the CNF of the line automata (see the `sat` engine's module). A
    /// puzzle whose CNF would be too large ([`MAX_STATE_VARIABLES`](crate::engine::MAX_STATE_VARIABLES)) is searched.
    Sat,
    /// Conflict-driven search with clause learning over the cells, the line solver explaining
    /// its deductions (lazy clause generation): see the `learn` module. A puzzle of more than
    /// 2^20 cells (the learner's memory bound) is searched; so is one with `Auto`. Symmetric
    /// clues get a symmetric first solution to start from, and symmetric learning, as with
    /// `Auto`.
    Learn,
}

impl Engine {
    /// Whether this engine takes `puzzle`: the learner and the SAT encoding have memory bounds
    /// ([`MAX_LEARN_CELLS`](crate::engine::MAX_LEARN_CELLS),
    /// [`MAX_STATE_VARIABLES`](crate::engine::MAX_STATE_VARIABLES)); a puzzle past them is
    /// searched instead, and [`Outcome::engine`] says so.
    /// Colour puzzles have the colour engines' own bounds.
    pub fn accepts(self, puzzle: &Puzzle) -> bool {
        let colour = !puzzle.is_black_and_white();
        match self {
            Engine::Auto | Engine::Search => true,
            Engine::Learn if colour => crate::colour::learn::fits(puzzle),
            Engine::Sat if colour => crate::colour::sat::fits(puzzle),
            Engine::Learn => crate::engine::learn::fits(puzzle),
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

    /// `"auto"`, `"search"`, `"sat"` or `"learn"`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Search => "search",
            Engine::Sat => "sat",
            Engine::Learn => "learn",
        }
    }

    /// The engine of a name given by [`Engine::name`].
    pub fn from_name(name: &str) -> Option<Engine> {
        [Engine::Auto, Engine::Search, Engine::Sat, Engine::Learn]
            .into_iter()
            .find(|e| e.name() == name)
    }
}

/// How a solve is run. Build it with struct update syntax from [`Config::default`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Stop after this many solutions. Default: 2, which is what proving uniqueness needs:
    /// finding a second solution disproves it, failing to find one proves it. Must be at least 1.
    /// Memory bounds it too ([`solutions_kept`]): a run that reaches that bound first stops
    /// with [`Stop::MemoryLimit`].
    pub max_solutions: usize,
    /// Give up after this long, with [`Stop::TimeLimit`]. Default: none. A limit too far away
    /// to represent as an instant is no limit.
    pub timeout: Option<Duration>,
    /// Probe every unknown cell at each search node ("fully probing", Wu et al. 2013) before
    /// branching. Default: true. Without it the search branches right after line propagation,
    /// which is faster on easy puzzles and hopeless on hard ones.
    pub probing: bool,
    /// The engine. Default: [`Engine::Auto`].
    pub engine: Engine,
    /// Threads one solve may use; 0 means one per available core. Default: 0. Only
    /// [`Engine::Auto`] uses more than one (for its portfolio). Batch runs, which already keep
    /// every core busy with separate puzzles, set 1.
    pub threads: usize,
    /// With [`Engine::Auto`]: the search's first turn, in decisions, once the early learner
    /// has not finished the puzzle. On one thread each learning turn then takes
    /// [`LEARN_SHARE`](crate::engine::LEARN_SHARE) times as long as the search turn before it,
    /// and the search's turns double; on two, the second learner starts on its own thread
    /// from its own probing of the root.
    /// Default: 1. Of the puzzles that reach the search, few are solved by its next dozen
    /// decisions, and every decision's full probing delays the learner, which finishes most of
    /// them: 1 took a fifth off random 30×30 puzzles against 16, and a tenth off mid-range
    /// tournament puzzles (BENCHMARKS.md).
    pub search_budget: u64,
    /// The learning engine's initial branching order: 0 keeps its own (guided by the clues, or
    /// plain: see [`Engine::Auto`]); any other value perturbs it with small pseudo-random
    /// activities drawn from this seed (a quarter of the guidance's largest: cells about as
    /// sure as each other change places; for colour puzzles, whose learner has no guidance,
    /// below the first conflict's bump). Default: 0. On a hard
    /// puzzle the learner's run time moves by 2× or more with its early decisions; a seed makes
    /// each order reproducible, to retry a puzzle another way or to judge a change to the
    /// learner over several orders (BENCHMARKS.md). On two threads the second thread's guided
    /// learner takes the next seed's order (`seed + 1`, so 1 by default), and the seeds after it
    /// when it is reseeded.
    pub seed: u64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_solutions: 2,
            timeout: None,
            probing: true,
            engine: Engine::Auto,
            threads: 0,
            search_budget: 1,
            seed: 0,
        }
    }
}

/// What a solve proved about the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Exactly one solution exists: it was found, and every other possibility was ruled out.
    Unique,
    /// Two or more solutions exist: `solutions` holds those found ([`Outcome::stop`] says
    /// whether that is all of them).
    Multiple,
    /// A solution exists (it is in `solutions`), and whether it is the only one was not
    /// decided: [`Config::max_solutions`] was 1, or the run stopped before the check ended.
    Solved,
    /// No picture satisfies the clues (and the givens).
    NoSolution,
    /// Nothing was proved: the run stopped before finding a solution or ruling them all out.
    Unknown,
}

impl Status {
    /// `"unique"`, `"multiple"`, `"solved"`, `"none"` or `"unknown"`: the names of the JSON
    /// output.
    pub fn name(self) -> &'static str {
        match self {
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::Solved => "solved",
            Status::NoSolution => "none",
            Status::Unknown => "unknown",
        }
    }

    /// Whether a solution was found.
    pub fn has_solution(self) -> bool {
        matches!(self, Status::Unique | Status::Multiple | Status::Solved)
    }
}

/// Why a solve stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// The search was complete: the solutions found are all there are (none, one, or fewer
    /// than asked for).
    Finished,
    /// As many solutions were found as [`Config::max_solutions`] asked for; there may be more.
    SolutionLimit,
    /// [`Config::timeout`] ran out.
    TimeLimit,
    /// The caller's cancellation flag was raised.
    Cancelled,
    /// The engine reached its memory bound (the search's stack of pending grids, on puzzles of
    /// millions of cells).
    MemoryLimit,
}

impl Stop {
    /// `"finished"`, `"solution-limit"`, `"time-limit"`, `"cancelled"` or `"memory-limit"`.
    pub fn name(self) -> &'static str {
        match self {
            Stop::Finished => "finished",
            Stop::SolutionLimit => "solution-limit",
            Stop::TimeLimit => "time-limit",
            Stop::Cancelled => "cancelled",
            Stop::MemoryLimit => "memory-limit",
        }
    }

    /// Whether the run ended by itself (it finished, or found the solutions asked for) rather
    /// than being cut short by a limit or the caller.
    pub fn is_natural(self) -> bool {
        matches!(self, Stop::Finished | Stop::SolutionLimit)
    }
}

/// Counters of the work a solve did. With [`Engine::Auto`] they add up the work of the thread
/// that answered: its search and every learner that ran on it, those dropped or replaced
/// included (the other thread's work, and the symmetric first attempts, are not counted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Calls of the line solver that missed the cache.
    pub line_solves: u64,
    /// Probes (one cell tried one way).
    pub probes: u64,
    /// Branching decisions of the search.
    pub decisions: u64,
    /// Dead ends of the search (for the learning engine: conflicts).
    pub backtracks: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.line_solves += other.line_solves;
        self.probes += other.probes;
        self.decisions += other.decisions;
        self.backtracks += other.backtracks;
    }
}

/// The result of a solve.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// What was proved.
    pub status: Status,
    /// Why the run stopped.
    pub stop: Stop,
    /// The solutions found, each checked against the clues, at most `max_solutions`, in
    /// [`Picture`]'s order (row-major, empty before filled) rather than the order found: with
    /// two threads racing, the order found varies from run to run, and the same set of
    /// solutions should print the same way every time.
    pub solutions: Vec<Picture>,
    /// Where the first two solutions differ, as `(row, col)`; empty unless there are two.
    pub differing_cells: Vec<(usize, usize)>,
    /// With [`Status::NoSolution`] found without searching: why the clues cannot be satisfied.
    pub reason: Option<Inconsistency>,
    /// The work done.
    pub stats: Stats,
    /// The engine whose answer this is (with [`Engine::Auto`], the one that finished first; a
    /// puzzle too large for the chosen engine is searched, and this says so).
    pub engine: Engine,
    /// Wall-clock time of the solve.
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
        // Colour puzzles have engines of their own.
        if !puzzle.is_black_and_white() {
            let run = crate::colour::portfolio::solve(&self.config, puzzle, givens, flags);
            return self.outcome(puzzle, givens, run, cancel, start);
        }
        // When line solving alone decides, every engine would answer the same at its start.
        let root_engine = match self.config.engine {
            engine if !engine.accepts(puzzle) => Engine::Search,
            Engine::Auto => Engine::Search,
            engine => engine,
        };
        let run = match root(puzzle, givens, deadline) {
            Root::Contradiction => Run {
                engine: root_engine,
                ..contradiction()
            },
            Root::Stopped => Run {
                end: End::Stopped,
                engine: root_engine,
                ..contradiction()
            },
            // Line solving alone completed the grid: every cell is forced, so this is the one
            // solution, whatever `max_solutions` asked.
            Root::Grid(root) if root.is_complete() => Run {
                solutions: root.to_picture().into_iter().collect(),
                end: End::Exhausted,
                stats: Stats::default(),
                engine: root_engine,
            },
            Root::Grid(root) => {
                portfolio::run(&self.config, puzzle, root, givens.is_empty(), flags)
            }
        };
        self.outcome(puzzle, givens, run, cancel, start)
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

/// Where line propagation from the givens ends.
pub(crate) enum Root {
    /// The fixpoint.
    Grid(Grid),
    /// The givens or the clues contradict.
    Contradiction,
    /// The deadline came first.
    Stopped,
}

/// The grid that line propagation reaches from the givens, by `deadline` (if any).
pub(crate) fn root(puzzle: &Puzzle, givens: &[Given], deadline: Option<Instant>) -> Root {
    let mut grid = Grid::new(puzzle.width(), puzzle.height());
    for g in givens {
        if grid.set(g.row, g.col, given_cell(g)).is_err() {
            return Root::Contradiction;
        }
    }
    let mut propagator = Propagator::new(puzzle);
    propagator.set_deadline(deadline);
    propagator.enqueue_all();
    match propagator.propagate(&mut grid) {
        Ok(()) => Root::Grid(grid),
        Err(_) if propagator.interrupted() => Root::Stopped,
        Err(_) => Root::Contradiction,
    }
}

/// A black-and-white given as a cell of the grid.
pub(crate) fn given_cell(g: &Given) -> Cell {
    if g.is_filled() {
        Cell::Filled
    } else {
        Cell::Empty
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
/// deduction-only mode. For colour puzzles too: a sweep then solves every changed colour row, then every changed colour column,
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
    if !puzzle.is_black_and_white() {
        return crate::colour::portfolio::deduce(puzzle, deadline);
    }
    let mut grid = Grid::new(puzzle.width(), puzzle.height());
    for g in puzzle.givens() {
        // The puzzle gives each cell once, so setting its givens cannot contradict.
        let _ = grid.set(g.row, g.col, given_cell(g));
    }
    let mut propagator = Propagator::new(puzzle);
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

impl Observer for UnknownAfterSweep {
    fn swept(&mut self, grid: &Grid) {
        self.0.push(grid.unknown_count());
    }
}
