//! What a solve is asked and what it answers: [`Config`] (with the [`Engine`] to run), and the
//! [`Outcome`], which keeps apart what was proved ([`Status`]) and why the run stopped
//! ([`Stop`]), with the work done ([`Stats`]). [`Given`] cells fix part of the grid beforehand.
//!
//! These are plain data, below everything that solves: the engines read a `Config` and count
//! `Stats`, and [`crate::Solver`] (in `solve`) turns their runs into an `Outcome`.

use std::time::Duration;

use nonogram_model::{Inconsistency, Picture};

/// Which engine solves.
///
/// Both kinds of puzzle are solved by the same engines ([`crate::kind`] says what each kind
/// supplies): for a colour puzzle (one whose palette is not black and white) `Search` probes
/// every entry a cell may take, `Sat` is the one-hot CNF of the colour automata, `Learn` clause
/// learning over "cell has entry" literals, and `Auto` search and learning in turns as below,
/// but colour has no guidance yet, so its learners' first order is the plain one and neither a
/// plain learner nor a pool joins them (on several threads, the others race in orders of their
/// own seeds). [`Outcome::engine`] names the engine that answered.
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
    /// once the puzzle proves hard ([`PLAIN_JOINS`](crate::engine::PLAIN_JOINS)), with more
    /// learners in other orders taking turns with it (a pool: the first reseeded every
    /// [`POOL_UNIT`](crate::engine::POOL_UNIT) conflicts, the others resuming). On two or more
    /// threads a second thread races the turns from the start instead (a portfolio: the first
    /// to finish answers): it probes the root itself, then runs a learner in the guided
    /// order perturbed by the next seed, reseeded (a new order, its clauses kept) after spans of
    /// a few thousand conflicts ([`RESEED_UNIT`](crate::engine::RESEED_UNIT)), and replaced by
    /// one in the plain order if it has not finished within `PLAIN_JOINS` conflicts. Each
    /// further thread `k` runs the one-thread turns with the seed `seed + k`.
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
    /// Memory bounds it too ([`solutions_kept`](crate::solve::solutions_kept)): a run that
    /// reaches that bound first stops with [`Stop::MemoryLimit`].
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
    /// [`Engine::Auto`] uses more than one (for its portfolio, which runs a search on every
    /// thread). Each thread holds its own learners and search, a few megabytes on puzzles up to
    /// 200×200 in the first seconds, growing with the clauses learnt (each learner's are capped
    /// at 256 MiB). Batch runs, which already keep every core busy with separate puzzles, set 1.
    /// On one thread a solve takes the same steps every time, save where a turn's length is
    /// measured in time (search against learning); on several, which thread answers first
    /// varies.
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
    /// when it is reseeded; on more, thread `k` from the third on solves as one thread would
    /// with the seed `seed + k`.
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

// A cell whose colour is fixed before solving: the puzzle's own (`Puzzle::givens`) or the
// caller's (`Solver::solve_from`). The model holds it, as puzzles do.
pub use nonogram_model::Given;

/// The result of a solve.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// What was proved.
    pub status: Status,
    /// Why the run stopped.
    pub stop: Stop,
    /// The solutions found, each checked against the clues, at most `max_solutions`, in
    /// [`Picture`]'s order (row-major, empty before filled) rather than the order found: with
    /// threads racing, the order found varies from run to run, and the same set of
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
