//! Running the engines: one alone, or search and learning in turns on one thread, or a
//! portfolio over as many threads as [`Config::threads`] says. Every function here starts from
//! a *root*: the grid that line propagation reaches from the givens, computed once by
//! [`crate::Solver`].

use std::marker::PhantomData;

use nonogram_model::{Picture, Puzzle};

use crate::config::{Config, Engine, Stats};
use crate::engine::learn::{self, LearnState, Learner};
use crate::engine::sat::{self, SatEngine, SatState};
use crate::engine::search::{Finish, Search};
use crate::engine::symmetry;
use crate::kind::learn::LearnLines;
use crate::kind::Kind;
use crate::termination::{StopFlags, Termination};
use pool::Pool;

mod pool;
#[cfg(test)]
mod tests;
mod threads;
mod turns;

/// With [`Engine::Auto`] on one thread, how much longer each learning turn is than the search
/// turn before it. Of the puzzles the early learner ([`EARLY_CONFLICTS`]) leaves, learning
/// wins the large majority (hard tournament puzzles, the n-Dom family, random
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
///
/// On two threads, the conflicts after which the second thread's guided learner (in another
/// order than the first thread's) gives way to one in the plain order. On one thread, since
/// issue 33, a [`Pool`] of learners joins (the plain order among them) rather than the plain
/// learner alone; the figures above are for the plain learner.
pub const PLAIN_JOINS: u64 = 1 << 16;

/// With [`Engine::Auto`]: the conflicts a guided learner gets, started from the propagated
/// root, before the search probes the root. Most tournament puzzles need fewer (the median one
/// takes 2 ms), and for them probing (every unknown cell tried both ways) was half the time, the
/// guidance's belief propagation most of the rest. A puzzle that needs more starts over as
/// before: the search probes, and a learner starts from the probed root, guided again from
/// what probing fixed. (Keeping the early learner instead, those cells added as facts, cost far
/// more on half the tournament sets: the guidance from the probed root is the better one.)
///
/// The price is paid where the early turn fails: puzzles that probing solves without search
/// (a few milliseconds more on webpbn puzzles of 35×40), and uniqueness proofs, where the early
/// conflicts are thrown away (Faase, whose 80- and 95-cell lines make each conflict costly: 0.18
/// → 0.22 s on one thread). Over the six tournament sets, first solution, one thread: 33.0 s
/// without the early turn, 29.6 s with 500 conflicts, 29.0 s with 1,000, 30.2 s with 2,000;
/// in a second sitting 32.2 s with 250, 30.0 s with 500 and 29.7 s with 1,000. 500 rather
/// than 1,000: level within the noise, and less lost where the turn fails (Faase 0.24 s
/// against 0.26 s in that sitting). See BENCHMARKS.md, thirteenth session.
pub const EARLY_CONFLICTS: u64 = 500;

/// On two threads: the second thread's guided learner is reseeded ([`Learner::reseed`]: a new
/// order and fresh guidance, its clauses kept) after spans of this many conflicts times the
/// Luby sequence (4,096, 4,096, 8,192, 4,096, ...), until it finds a solution or gives way to
/// the plain order at [`PLAIN_JOINS`]. The first thread keeps its one order: the two threads'
/// guided orders had failed together on puzzles that other orders solve at once. Against one
/// unbroken guided run, in one sitting, two threads: fresh random puzzles (30×30 seed 12 ×
/// 5,000, 35×35 seed 21 × 3,000, 40×40 seeds 22 and 23 × 1,000) 100 → 63 s, the slowest
/// 40×40 16 → 11 s; the tail set 141 → 113 s (30×30 s1 #7533 18 → 0.2 s); the six tournament
/// sets and the n-Dom family level. Spans of 2,048 and 8,192 did no better, and fresh learners
/// in place of reseeded ones (their clauses lost) lost on tournament puzzles (BENCHMARKS.md,
/// sixteenth session).
pub const RESEED_UNIT: u64 = 4096;

/// The learners of a [`Pool`] take turns in spans of this many conflicts times the Luby
/// sequence, and its first learner tries a new order every span of this many. On the tail set
/// at two threads, with a pool on the second thread: 1,024 and 512 level, 4,096 better (but
/// the pool there lost on fresh puzzles, see [`Runner::portfolio`]); on one thread 1,024 is
/// what was measured (BENCHMARKS.md, nineteenth session).
pub const POOL_UNIT: u64 = 1024;

/// The most learners a [`Pool`] takes turns among.
pub const JOINED_LEARNERS: usize = 16;

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

/// How an engine run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum End {
    /// Every solution below the root was enumerated.
    Exhausted,
    /// `max_solutions` were found.
    Enough,
    /// The stop flags fired (time limit or cancellation: the caller tells which).
    Stopped,
    /// The engine reached its memory bound.
    MemoryLimit,
}

/// What one engine run produced.
#[derive(Debug)]
pub(crate) struct Run {
    pub solutions: Vec<Picture>,
    pub end: End,
    pub stats: Stats,
    /// The engine whose answer this is.
    pub engine: Engine,
}

impl Run {
    /// Whether the run reached a verdict.
    fn finished(&self) -> bool {
        matches!(self.end, End::Exhausted | End::Enough)
    }

    fn from_learn<K: Kind>(learner: &mut Learner<'_, K>, state: LearnState) -> Run {
        let end = match state {
            LearnState::Finished { exhausted: true } => End::Exhausted,
            LearnState::Finished { exhausted: false } => End::Enough,
            LearnState::Paused | LearnState::Stopped => End::Stopped,
        };
        Run {
            solutions: learner.take_solutions(),
            end,
            stats: learner.stats(),
            engine: Engine::Learn,
        }
    }

    fn from_search<K: Kind>(search: Search<'_, K>, finish: Finish) -> Run {
        let stats = search.stats();
        let end = match finish {
            Finish::Exhausted => End::Exhausted,
            Finish::Enough => End::Enough,
            Finish::MemoryLimit => End::MemoryLimit,
            Finish::Stopped | Finish::Budget => End::Stopped,
        };
        Run {
            solutions: search.into_solutions(),
            end,
            stats,
            engine: Engine::Search,
        }
    }
}

/// Runs the configured engine from a propagated `root`. `symmetric` says whether a symmetric
/// first solution may be looked for (not when the caller fixed cells: the symmetric solution
/// need not agree with them).
pub(crate) fn run<K: Kind>(
    config: &Config,
    puzzle: &Puzzle,
    root: K::Grid,
    symmetric: bool,
    flags: StopFlags<'_>,
) -> Run {
    let runner = Runner::<K> {
        config,
        puzzle,
        symmetric,
        kind: PhantomData,
    };
    let threads = threads(config);
    match config.engine {
        Engine::Search => runner.search(root, flags),
        // Too many cells for the learner's memory bound: the search answers alone (and the
        // outcome says so: its engine is the search).
        Engine::Learn | Engine::Auto if !learn::fits::<K>(puzzle) => runner.search(root, flags),
        Engine::Learn => runner.learn(&root, flags),
        // A CNF too large to build: likewise.
        Engine::Sat if !sat::fits(puzzle) => runner.search(root, flags),
        Engine::Sat => runner.sat(&root, flags),
        Engine::Auto if threads >= 2 => runner.portfolio(root, threads, flags),
        Engine::Auto => runner.interleaved(root, flags),
    }
}

/// The threads one solve may use: [`Config::threads`], 0 being one per available core, and at
/// most [`MAX_THREADS`].
pub(crate) fn threads(config: &Config) -> usize {
    match config.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .min(MAX_THREADS)
}

/// The most threads one solve uses, whatever [`Config::threads`] asks.
pub const MAX_THREADS: usize = 1024;

/// The engines of one solve, for puzzles of kind `K`.
struct Runner<'a, 'p, K> {
    config: &'a Config,
    puzzle: &'p Puzzle,
    symmetric: bool,
    kind: PhantomData<K>,
}

impl<'p, K: Kind> Runner<'_, 'p, K> {
    /// Search alone.
    fn search(&self, root: K::Grid, flags: StopFlags<'_>) -> Run {
        let mut search = Search::<K>::new(self.puzzle, self.config);
        let finish = search.run_from(root, &mut Termination::from_flags(flags));
        Run::from_search(search, finish)
    }

    /// The learning engine alone, in the guided order.
    fn learn(&self, root: &K::Grid, flags: StopFlags<'_>) -> Run {
        let hint = match self.symmetric_start(flags) {
            Ok(hint) => hint,
            Err(answer) => return answer,
        };
        let mut learner = self.learner(root, hint.as_ref(), Order::Guided, flags);
        let state = learner.run(None, &mut Termination::from_flags(flags));
        Run::from_learn(&mut learner, state)
    }

    /// The SAT engine.
    fn sat(&self, root: &K::Grid, flags: StopFlags<'_>) -> Run {
        let mut sat = SatEngine::new(self.puzzle, root, self.config.max_solutions, flags);
        let end = match sat.run() {
            SatState::Finished { exhausted: true } => End::Exhausted,
            SatState::Finished { exhausted: false } => End::Enough,
            SatState::Stopped => End::Stopped,
        };
        Run {
            solutions: std::mem::take(&mut sat.solutions),
            end,
            stats: Stats::default(),
            engine: Engine::Sat,
        }
    }

    /// A learner started from `root` (cells known to follow from the clues and givens), its
    /// first decisions in `order`, perturbed by [`Config::seed`] when that is not 0. With a
    /// `hint` (a symmetric solution) it heads for that first.
    /// The guidance gives up when `flags` say stop (the time limit, a cancellation, or the
    /// other thread's answer).
    fn learner(
        &self,
        root: &K::Grid,
        hint: Option<&Picture>,
        order: Order,
        flags: StopFlags<'_>,
    ) -> Learner<'p, K> {
        self.learner_seeded(root, hint, order, self.config.seed, flags)
    }

    /// [`Runner::learner`], its order perturbed by `seed` instead of [`Config::seed`].
    fn learner_seeded(
        &self,
        root: &K::Grid,
        hint: Option<&Picture>,
        order: Order,
        seed: u64,
        flags: StopFlags<'_>,
    ) -> Learner<'p, K> {
        // Symmetric learning holds for the clues alone: not when the caller fixed cells.
        let maps = match self.symmetric {
            true => symmetry::clue_symmetries(self.puzzle),
            false => Vec::new(),
        };
        let mut learner = Learner::<K>::symmetric(self.puzzle, self.config.max_solutions, maps);
        if seed != 0 {
            learner.diversify(seed);
        }
        if let Some(solution) = hint {
            learner.follow(solution);
        }
        // False when the root contradicts: the learner's run then reports it at once.
        if learner.start_from(root) && order == Order::Guided {
            learner.guide(guidance_stop(flags));
        }
        learner
    }

    /// Before the first learning turn, for a puzzle whose clues are symmetric: a solution
    /// searched among symmetric grids ([`symmetry`]), for the learners to start from, or the
    /// answer itself (`Err`) when it and its images are as many solutions as were asked.
    fn symmetric_start(&self, flags: StopFlags<'_>) -> Result<Option<Picture>, Run> {
        if !self.symmetric {
            return Ok(None);
        }
        let max = self.config.max_solutions.max(1);
        let mut found = symmetry::symmetric_solutions::<K>(self.puzzle, flags);
        if !found.is_empty() && found.len() >= max {
            found.truncate(max);
            return Err(Run {
                solutions: found,
                end: End::Enough,
                stats: Stats::default(),
                engine: Engine::Learn,
            });
        }
        Ok(found.into_iter().next())
    }
}

/// When a plain learner joins or replaces a guided one: after [`PLAIN_JOINS`] conflicts, for
/// a kind whose learner is guided (both kinds, since issue 43); never for one whose guided
/// order is the plain one, where the plain learner would only repeat the guided one's work.
/// Such a kind's second thread is not reseeded either (see [`Runner::portfolio`]).
fn plain_joins<K: Kind>() -> Option<u64> {
    <K::Lines<'static> as LearnLines<'static>>::GUIDED.then_some(PLAIN_JOINS)
}

/// When a learner's guidance ([`Learner::guide`], [`Learner::reseed`]) is to stop: asked once
/// per line of each round, it reads the clock every 32nd time (reading it for every line cost
/// about 1% of an easy puzzle's time), the other thread's answer and a cancellation every time.
fn guidance_stop(flags: StopFlags<'_>) -> impl FnMut() -> bool + '_ {
    let mut termination = Termination::from_flags(flags);
    move || termination.should_stop()
}
