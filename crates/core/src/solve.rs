//! The public entry points: [`Solver`] (configured by [`Config`]) and [`deduce`].
//!
//! Every solution returned here has been checked against the clues with
//! [`Puzzle::check`](crate::Puzzle::check): a bug in an engine can make us slow, or report
//! `Timeout`, but never print a wrong picture.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::grid::Grid;
use crate::learn::{self, LearnState, Learner};
use crate::propagate::Propagator;
use crate::puzzle::{Picture, Puzzle};
use crate::sat::{self, SatEngine, SatState};
use crate::search::{Finish, Search};
use crate::symmetry;
use crate::termination::{StopFlags, Termination};

/// With [`Engine::Auto`] on one thread, how much longer each learning turn is than the search
/// turn before it. Most puzzles are solved within the search's first turn; of those that are
/// not, learning wins the large majority (hard tournament puzzles, the n-Dom family, random
/// 30×30 tails), so it gets the larger share. Measured on TAAI 2011 puzzles 471–1000 and random
/// 30×30 puzzles: shares 1, 2, 4, 8, 16 gave totals falling steadily to 8 and little beyond;
/// once the learner had target phases, 32 beat 8, 16, 64 and 128 on the 86 hardest TAAI 2011
/// puzzles and on random 30×30 puzzles (BENCHMARKS.md).
pub const LEARN_SHARE: u32 = 32;

/// With [`Engine::Auto`] on one thread: the guided learner's conflicts after which a learner in
/// the plain order joins it (the two orders are described at [`Engine::Auto`]); the two then
/// share the learning turns equally. Insurance for the tail, where the estimates may mislead:
/// TCGA 2020 #538, which the plain order solves in 65,000 conflicts, took 9.9 s with the plain
/// learner joining at 262,144 conflicts and 3.7 s joining here. It costs where the guidance is
/// merely no better: a random 30×30 puzzle needing 280,000 guided conflicts took 34 s instead
/// of 23 s, and 12-Dom (31,000 conflicts) took 1.1 s instead of 0.67 s with the plain learner
/// joining at 16,384. With the guided order, 994 to 997 tournament puzzles in 1,000 need fewer
/// than 16,384 conflicts, and at most one or two more than this.
pub const PLAIN_JOINS: u64 = 1 << 16;

/// How a learner orders its first decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    /// The surest cells first, each its likelier way, by each cell's estimated chance of being
    /// filled (`Learner::guide`, [`crate::marginals`]). Far fewer conflicts on most puzzles.
    Guided,
    /// Cell by cell, row by row, empty first, until conflicts reorder them: what the learner
    /// does unguided. A few puzzles yield to it faster (TCGA 2020 #538: 65,000 conflicts, and
    /// several times as many guided).
    Plain,
}

/// Which engine solves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Engine {
    /// Probing search and the learning engine together: they take turns of doubling length,
    /// each resuming where it stopped, the learner's turns [`LEARN_SHARE`] times as long. The
    /// learner decides first the cells surest to be filled or empty, by an estimate of each
    /// cell's chance from the clues ([`crate::marginals`]), each the likelier way (the *guided*
    /// order). A second learner in the *plain* order (cell by cell, row by row) joins the turns
    /// once the puzzle proves hard ([`PLAIN_JOINS`]), or, on two or more threads, races them
    /// from the start on the other thread, and the first to finish answers (a portfolio).
    /// Probing search is fastest on most puzzles; learning tames the heavy tail where
    /// depth-first search keeps meeting the same dead ends (hard tournament puzzles, the n-Dom
    /// family). If the clues are symmetric, the learners
    /// first look for a symmetric solution and start from it (the `symmetry` module). The
    /// default.
    #[default]
    Auto,
    /// Propagation, probing (if [`Config::probing`]) and depth-first search only.
    Search,
    /// Line propagation, then CDCL on the CNF of the line automata (see [`crate::sat`]). A
    /// puzzle whose CNF would be too large ([`crate::sat::MAX_STATE_VARIABLES`]) is searched.
    Sat,
    /// Conflict-driven search with clause learning over the cells, the line solver explaining
    /// its deductions (lazy clause generation): see the `learn` module. A puzzle of more than
    /// 2^20 cells (the learner's memory bound) is searched; so is one with `Auto`. Symmetric
    /// clues get a symmetric first solution to start from, as with `Auto`.
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
    pub max_solutions: usize,
    /// Give up after this long, with status [`Status::Timeout`]. Default: none.
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
    /// With [`Engine::Auto`]: the search's first turn, in decisions. On one thread each
    /// learning turn then takes [`LEARN_SHARE`] times as long as the search turn before it, and
    /// the search's turns double; on two, the second learner's thread starts after the first
    /// turn.
    /// Default: 1. Most puzzles need no decision at all (root propagation and probing solve
    /// them) and never start the learner; of the rest, few are solved by the search's next
    /// dozen decisions, and every decision's full probing delays the learner, which finishes
    /// most of them: 1 took a fifth off random 30×30 puzzles against 16, and a tenth off
    /// mid-range tournament puzzles (BENCHMARKS.md).
    pub search_budget: u64,
    /// The learning engine's initial branching order: 0 keeps its own (guided by the clues, or
    /// plain: see [`Engine::Auto`]); any other value perturbs it with small pseudo-random
    /// activities drawn from this seed (a quarter of the guidance's largest: cells about as
    /// sure as each other change places). Default: 0. On a hard
    /// puzzle the learner's run time moves by 2× or more with its early decisions; a seed makes
    /// each order reproducible, to retry a puzzle another way or to judge a change to the
    /// learner over several orders (BENCHMARKS.md).
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
    /// The time limit ran out, the solve was cancelled, or (on puzzles of millions of cells)
    /// the search reached its memory bound; `solutions` holds those found so far.
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

/// Counters of the work a solve did. With [`Engine::Auto`] they add up the search and the
/// learner that took turns on the thread that answered (a second thread's learner, and the
/// symmetric first attempts, are not counted).
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

/// The result of [`Solver::solve`].
#[derive(Clone, Debug)]
pub struct Outcome {
    pub status: Status,
    /// The solutions found, each checked against the clues, at most `max_solutions`, in
    /// [`Picture`]'s order (row-major, empty before filled) rather than the order found: with
    /// two threads racing, the order found varies from run to run, and the same set of
    /// solutions should print the same way every time.
    pub solutions: Vec<Picture>,
    /// Where the first two solutions differ, as `(row, col)`; empty unless there are two.
    pub differing_cells: Vec<(usize, usize)>,
    /// Whether the search space was exhausted. With `max_solutions == 1` a `Unique` status only
    /// means "a solution was found"; `complete` is then false unless nothing else could exist.
    pub complete: bool,
    pub stats: Stats,
    /// The engine whose answer this is (with [`Engine::Auto`], the one that finished first).
    pub engine: Engine,
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
        let flags = StopFlags::new(self.config.timeout.map(|t| start + t), cancel);
        let run = match self.config.engine {
            Engine::Search => self.run_search(puzzle, flags),
            // Too many cells for the learner's memory bound: the search answers alone.
            Engine::Learn | Engine::Auto if !learn::fits(puzzle) => self.run_search(puzzle, flags),
            Engine::Learn => self.run_learn(puzzle, flags),
            // A CNF too large to build: the search answers alone.
            Engine::Sat if !sat::fits(puzzle) => self.run_search(puzzle, flags),
            Engine::Sat => self.run_sat(puzzle, &root_grid(puzzle), flags),
            Engine::Auto if self.threads() >= 2 => self.run_portfolio(puzzle, flags),
            Engine::Auto => self.run_interleaved(puzzle, flags),
        };
        self.outcome(puzzle, run, start)
    }

    fn threads(&self) -> usize {
        match self.config.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
    }

    /// Search alone.
    fn run_search(&self, puzzle: &Puzzle, flags: StopFlags<'_>) -> Run {
        let mut search = Search::new(puzzle, &self.config);
        let finish = search.run(&mut Termination::from_flags(flags));
        search_run(search, finish)
    }

    /// The learning engine alone, in the guided order.
    fn run_learn(&self, puzzle: &Puzzle, flags: StopFlags<'_>) -> Run {
        let hint = match self.symmetric_start(puzzle, flags) {
            Ok(hint) => hint,
            Err(answer) => return answer,
        };
        let blank = Grid::new(puzzle.width(), puzzle.height());
        let mut learner = self.learner(puzzle, &blank, hint.as_ref(), Order::Guided);
        let state = learner.run(None, &mut Termination::from_flags(flags));
        Run::from_learn(&mut learner, state)
    }

    /// A learner for `puzzle`, started from `root` (cells known to follow from the clues), its
    /// first decisions in `order`, perturbed by [`Config::seed`] when that is not 0. With a
    /// `hint` (a symmetric solution) it heads for that first.
    fn learner<'p>(
        &self,
        puzzle: &'p Puzzle,
        root: &Grid,
        hint: Option<&Picture>,
        order: Order,
    ) -> Learner<'p> {
        let mut learner = Learner::new(puzzle, self.config.max_solutions);
        if self.config.seed != 0 {
            learner.diversify(self.config.seed);
        }
        if let Some(solution) = hint {
            learner.follow(solution);
        }
        // False when the root contradicts: the learner's run then reports it at once.
        if learner.start_from(root) && order == Order::Guided {
            learner.guide();
        }
        learner
    }

    /// Before the first learning turn, for a puzzle whose clues are symmetric: a solution
    /// searched among symmetric grids ([`crate::symmetry`]), for the learners to start from, or
    /// the answer itself (`Err`) when it and its images are as many solutions as were asked.
    fn symmetric_start(
        &self,
        puzzle: &Puzzle,
        flags: StopFlags<'_>,
    ) -> Result<Option<Picture>, Run> {
        let mut found = symmetry::symmetric_solutions(puzzle, flags);
        if !found.is_empty() && found.len() >= self.config.max_solutions.max(1) {
            found.truncate(self.config.max_solutions);
            return Err(Run {
                solutions: found,
                finished: true,
                exhausted: false,
                stats: Stats::default(),
                engine: Engine::Learn,
            });
        }
        Ok(found.into_iter().next())
    }

    /// The SAT engine from a propagated grid.
    fn run_sat(&self, puzzle: &Puzzle, grid: &Grid, flags: StopFlags<'_>) -> Run {
        let mut sat = SatEngine::new(puzzle, grid, self.config.max_solutions, flags);
        let state = sat.run(None);
        Run::from_sat(sat.solutions, state)
    }

    /// Search and learning on one thread, in turns of doubling length: search for
    /// `search_budget` decisions, then the learning engine for [`LEARN_SHARE`] times as long as
    /// that took, and so on. Each resumes where it stopped (the search keeps its stack, the
    /// learner its clauses), so nothing is done twice, and the learner starts from the search's
    /// probed root. The learner's order is the guided one; once it has met [`PLAIN_JOINS`]
    /// conflicts, a learner in the plain order joins it, with a turn as long as its own.
    fn run_interleaved(&self, puzzle: &Puzzle, flags: StopFlags<'_>) -> Run {
        let mut search = Search::new(puzzle, &self.config);
        if !search.start() {
            return Run::contradiction();
        }
        self.take_turns(puzzle, search, flags, None, Some(PLAIN_JOINS))
    }

    /// The turns of [`Solver::run_interleaved`], from a started search. `hint` is the
    /// symmetric start if the caller has looked for it already (`Some`); otherwise it is looked
    /// for when the learner first gets a turn. A learner in the plain order joins the guided one
    /// once that has met `plain_joins` conflicts (`None`: never, as when another thread runs
    /// one).
    fn take_turns<'p>(
        &self,
        puzzle: &'p Puzzle,
        mut search: Search<'p>,
        flags: StopFlags<'_>,
        mut hint: Option<Option<Picture>>,
        plain_joins: Option<u64>,
    ) -> Run {
        let mut termination = Termination::from_flags(flags);
        // The guided learner, then the plain one once it joins.
        let mut learners: Vec<Learner<'_>> = Vec::new();
        let mut decisions = self.config.search_budget.max(1);
        let mut root = None;
        loop {
            let turn = Instant::now();
            let limit = search.stats().decisions + decisions;
            match search.resume(Some(limit), &mut termination) {
                Finish::Budget => {}
                finish => {
                    let mut run = search_run(search, finish);
                    for learner in &learners {
                        run.stats += learner.stats();
                    }
                    break run;
                }
            }
            if learners.is_empty() {
                let start = match hint.take() {
                    Some(start) => start,
                    None => match self.symmetric_start(puzzle, flags) {
                        Ok(start) => start,
                        Err(answer) => break answer,
                    },
                };
                let grid = search
                    .root_grid()
                    .cloned()
                    .unwrap_or_else(|| root_grid(puzzle));
                learners.push(self.learner(puzzle, &grid, start.as_ref(), Order::Guided));
                root = Some((grid, start));
            }
            if learners.len() == 1
                && plain_joins.is_some_and(|joins| learners[0].stats().backtracks >= joins)
            {
                let (grid, start) = root.as_ref().expect("kept with the first learner");
                learners.push(self.learner(puzzle, grid, start.as_ref(), Order::Plain));
            }
            let share = turn.elapsed() * LEARN_SHARE;
            let mut answer = None;
            // Newest first: a learner that has just joined gets its first turn at once.
            for i in (0..learners.len()).rev() {
                let deadline = Instant::now() + share;
                let state = learners[i].run(
                    None,
                    &mut Termination::from_flags(flags.with_deadline(deadline)),
                );
                match state {
                    LearnState::Stopped if !flags.should_stop() => {}
                    LearnState::Finished { .. } => {
                        let mut run = Run::from_learn(&mut learners[i], state);
                        run.stats = search.stats();
                        for learner in &learners {
                            run.stats += learner.stats();
                        }
                        answer = Some(run);
                        break;
                    }
                    _ => {
                        // Out of time: report what any engine found.
                        let mut run = search_run(search, Finish::Stopped);
                        for learner in &mut learners {
                            run.stats += learner.stats();
                            for s in learner.take_solutions() {
                                if !run.solutions.contains(&s) {
                                    run.solutions.push(s);
                                }
                            }
                        }
                        return run;
                    }
                }
            }
            if let Some(run) = answer {
                break run;
            }
            decisions = decisions.saturating_mul(2);
        }
    }

    /// Two threads: the one-thread turns of search and the guided learner on one, and a learner
    /// in the plain order, started from the search's probed root, on the other; the first to
    /// finish answers and stops the other. The search first runs alone for `search_budget`
    /// decisions: most puzzles end there, and never pay for a second thread. The second thread
    /// runs a learner, not more search, because learning wins most puzzles that get this far;
    /// it is ordered differently because a learner's run time varies widely with its early
    /// decisions, and the plain order is the one that wins where the guided one does not (TCGA
    /// 2020 #538).
    fn run_portfolio(&self, puzzle: &Puzzle, flags: StopFlags<'_>) -> Run {
        let mut search = Search::new(puzzle, &self.config);
        if !search.start() {
            return Run::contradiction();
        }
        let mut termination = Termination::from_flags(flags);
        match search.resume(Some(self.config.search_budget.max(1)), &mut termination) {
            Finish::Budget => {}
            finish => return search_run(search, finish),
        }
        let hint = match self.symmetric_start(puzzle, flags) {
            Ok(hint) => hint,
            Err(answer) => return answer,
        };
        let root = search
            .root_grid()
            .cloned()
            .unwrap_or_else(|| root_grid(puzzle));
        let done = AtomicBool::new(false);
        let flags = flags.with_flag(&done);
        let (turns, learn) = std::thread::scope(|scope| {
            let learn = scope.spawn(|| {
                let mut learner = self.learner(puzzle, &root, hint.as_ref(), Order::Plain);
                let state = learner.run(None, &mut Termination::from_flags(flags));
                let run = Run::from_learn(&mut learner, state);
                if run.finished {
                    done.store(true, Ordering::Relaxed);
                }
                run
            });
            let turns = self.take_turns(puzzle, search, flags, Some(hint.clone()), None);
            if turns.finished {
                done.store(true, Ordering::Relaxed);
            }
            // The learner's thread only panics on a bug; the other answer stands alone then.
            (turns, learn.join().ok())
        });
        match learn {
            Some(learn) if learn.finished && !turns.finished => learn,
            Some(learn) if !turns.finished && learn.solutions.len() > turns.solutions.len() => {
                learn
            }
            _ => turns,
        }
    }

    fn outcome(&self, puzzle: &Puzzle, run: Run, start: Instant) -> Outcome {
        let mut solutions = run.solutions;
        // The self-check: an engine bug must never reach the user as a wrong picture.
        solutions.retain(|s| puzzle.is_solved_by(s));
        solutions.sort_unstable();
        let exhausted = run.exhausted;
        let status = match (solutions.len(), exhausted) {
            (0, true) => Status::None,
            (0, false) => Status::Timeout,
            (1, true) => Status::Unique,
            (n, _) if n >= 2 => Status::Multiple,
            (1, false) if self.config.max_solutions == 1 && run.finished => Status::Unique,
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
            stats: run.stats,
            engine: run.engine,
            elapsed: start.elapsed(),
        }
    }
}

/// What one engine run produced.
#[derive(Debug)]
struct Run {
    solutions: Vec<Picture>,
    /// Reached a verdict: exhausted, or found `max_solutions`.
    finished: bool,
    exhausted: bool,
    stats: Stats,
    engine: Engine,
}

impl Run {
    /// Line propagation alone contradicts: no solution, nothing searched.
    fn contradiction() -> Run {
        Run {
            solutions: Vec::new(),
            finished: true,
            exhausted: true,
            stats: Stats::default(),
            engine: Engine::Search,
        }
    }

    fn from_learn(learner: &mut Learner<'_>, state: LearnState) -> Run {
        let (finished, exhausted) = match state {
            LearnState::Finished { exhausted } => (true, exhausted),
            LearnState::Paused | LearnState::Stopped => (false, false),
        };
        Run {
            solutions: learner.take_solutions(),
            finished,
            exhausted,
            stats: learner.stats(),
            engine: Engine::Learn,
        }
    }

    fn from_sat(solutions: Vec<Picture>, state: SatState) -> Run {
        let (finished, exhausted) = match state {
            SatState::Finished { exhausted } => (true, exhausted),
            SatState::Paused | SatState::Stopped => (false, false),
        };
        Run {
            solutions,
            finished,
            exhausted,
            stats: Stats::default(),
            engine: Engine::Sat,
        }
    }
}

/// A search's answer as a [`Run`].
fn search_run(search: Search<'_>, finish: Finish) -> Run {
    let stats = search.stats();
    Run {
        solutions: search.into_solutions(),
        finished: matches!(finish, Finish::Exhausted | Finish::Enough),
        exhausted: finish == Finish::Exhausted,
        stats,
        engine: Engine::Search,
    }
}

/// The grid that line propagation alone reaches (a contradiction leaves it as far as it got,
/// which is harmless: every engine then finds the contradiction again).
fn root_grid(puzzle: &Puzzle) -> Grid {
    let mut grid = Grid::new(puzzle.width(), puzzle.height());
    let mut propagator = Propagator::new(puzzle);
    propagator.enqueue_all();
    let _ = propagator.propagate(&mut grid);
    grid
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::random_set;

    /// When the learner answers after the search's turns, the search's probes and line solves
    /// are counted too (they were left out, so `auto` seemed never to probe).
    #[test]
    fn auto_counts_the_work_of_both_engines() {
        let solver = Solver::new(Config {
            threads: 1,
            ..Config::default()
        });
        let learnt = random_set(3, 200, 25, 25, 0.5)
            .iter()
            .map(|puzzle| solver.solve(puzzle))
            .find(|outcome| outcome.engine == Engine::Learn)
            .expect("some random 25×25 puzzle needs the learner");
        assert!(learnt.stats.probes > 0, "{:?}", learnt.stats);
        assert!(learnt.stats.decisions > 0, "{:?}", learnt.stats);
    }

    /// One thread's turns with the plain-order learner joining the guided one from the first
    /// learning turn: the same verdicts and solutions as the search, whichever learner answers,
    /// and the work of both counted.
    #[test]
    fn turns_of_two_learners_agree_with_search() {
        let mut learnt = 0;
        for (i, puzzle) in random_set(7, 60, 14, 14, 0.5).iter().enumerate() {
            for max_solutions in [1, 2, 3] {
                let config = Config {
                    max_solutions,
                    engine: Engine::Search,
                    ..Config::default()
                };
                let want = Solver::new(config.clone()).solve(puzzle);
                let solver = Solver::new(Config {
                    engine: Engine::Auto,
                    threads: 1,
                    ..config
                });
                let mut search = Search::new(puzzle, &solver.config);
                let run = if search.start() {
                    let flags = StopFlags::new(None, None);
                    solver.take_turns(puzzle, search, flags, None, Some(0))
                } else {
                    Run::contradiction()
                };
                let got = solver.outcome(puzzle, run, Instant::now());
                assert_eq!(got.status, want.status, "puzzle {i}, {max_solutions}");
                assert_eq!(got.solutions.len(), want.solutions.len(), "puzzle {i}");
                // Fewer solutions than asked for: all of them, the same whoever found them.
                if want.solutions.len() < max_solutions {
                    assert_eq!(got.solutions, want.solutions, "puzzle {i}, {max_solutions}");
                }
                if got.engine == Engine::Learn {
                    learnt += 1;
                    // Both learners made decisions (the plain one runs first in each turn).
                    assert!(got.stats.decisions > 0, "puzzle {i}");
                }
            }
        }
        assert!(learnt >= 10, "only {learnt} answers came from the learners");
    }
}
