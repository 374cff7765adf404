//! Running the engines: one alone, or search and learning in turns on one thread, or a
//! portfolio over as many threads as [`Config::threads`] says. Every function here starts from
//! a *root*: the grid that line propagation reaches from the givens, computed once by
//! [`crate::Solver`].

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use web_time::Instant;

use nonogram_model::{Picture, Puzzle};

use crate::config::{Config, Engine, Stats};
use crate::engine::learn::{self, LearnLines, LearnState, Learner};
use crate::engine::sat::{self, SatEngine, SatState};
use crate::engine::search::{Finish, Search};
use crate::engine::symmetry;
use crate::kind::Kind;
use crate::termination::{StopFlags, Termination};

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

    /// Search and learning on one thread: the early learner's turn ([`Runner::early_turn`]),
    /// then turns of doubling length: search for `search_budget` decisions, then the learning
    /// engine for [`LEARN_SHARE`] times as long as that took, and so on. Each resumes where it
    /// stopped (the search keeps its stack, the learner its clauses), so nothing is done twice,
    /// and the learner starts from the search's probed root. The learner's order is the guided
    /// one; once it has met [`PLAIN_JOINS`] conflicts, a [`Pool`] of learners in other orders
    /// (the plain one among them) joins it, with a turn as long as its own.
    fn interleaved(&self, root: K::Grid, flags: StopFlags<'_>) -> Run {
        let hint = match self.symmetric_start(flags) {
            Ok(hint) => hint,
            Err(answer) => return answer,
        };
        self.turns(&root, hint.as_ref(), flags)
    }

    /// [`Runner::interleaved`] after its symmetric start (`hint`).
    fn turns(&self, root: &K::Grid, hint: Option<&Picture>, flags: StopFlags<'_>) -> Run {
        self.after_early_turn(root, hint, flags, || {
            let mut search = Search::<K>::new(self.puzzle, self.config);
            search.start_from(root.clone());
            self.take_turns(search, root, flags, hint.cloned(), plain_joins::<K>())
        })
    }

    /// The early learner's turn ([`Runner::early_turn`]): its answer if it reached one, else
    /// `then`'s, with the dropped learner's work added to it.
    fn after_early_turn(
        &self,
        root: &K::Grid,
        hint: Option<&Picture>,
        flags: StopFlags<'_>,
        then: impl FnOnce() -> Run,
    ) -> Run {
        let early = match self.early_turn(root, hint, flags) {
            Ok(answer) => return answer,
            Err(work) => work,
        };
        let mut run = then();
        run.stats += early;
        run
    }

    /// A guided learner's turn of [`EARLY_CONFLICTS`] from the propagated `root`, before the
    /// search probes it: the answer if it reached a verdict (or was stopped: the time limit,
    /// a cancellation); if the puzzle needs more, the learner is dropped and its work counted
    /// (`Err`), for the answer's statistics.
    fn early_turn(
        &self,
        root: &K::Grid,
        hint: Option<&Picture>,
        flags: StopFlags<'_>,
    ) -> Result<Run, Stats> {
        let mut learner = self.learner(root, hint, Order::Guided, flags);
        match learner.run(Some(EARLY_CONFLICTS), &mut Termination::from_flags(flags)) {
            LearnState::Paused => Err(learner.stats()),
            state => Ok(Run::from_learn(&mut learner, state)),
        }
    }

    /// The turns of [`Runner::interleaved`], from a started search. `hint` is the symmetric
    /// start ([`Runner::symmetric_start`]). A [`Pool`] of learners joins the guided one once
    /// that has met `plain_joins` conflicts (`None`: never, as when other threads run other
    /// orders).
    ///
    /// A pool rather than the one plain learner that joined before issue 33: on the tail set
    /// (27 puzzles, one thread, 20 s each, sixteen at once on a 16-core machine) 231.5 → 169.5 s
    /// in all, time-outs 8 → 6; on 6,000 fresh random 40×40 puzzles 13 → 6 time-outs, 572 → 512
    /// processor seconds; the tournament sets, random 30×30 puzzles and 12-Dom level (they
    /// finish before it joins). See BENCHMARKS.md, nineteenth session.
    fn take_turns(
        &self,
        mut search: Search<'p, K>,
        root: &K::Grid,
        flags: StopFlags<'_>,
        mut hint: Option<Picture>,
        plain_joins: Option<u64>,
    ) -> Run {
        let mut termination = Termination::from_flags(flags);
        // The guided learner, then the plain one once it joins.
        let mut learners: Vec<Learner<'p, K>> = Vec::new();
        let mut pool: Option<Pool<'p, K>> = None;
        let mut decisions = self.config.search_budget.max(1);
        let mut start = None;
        loop {
            let turn = Instant::now();
            let limit = search.stats().decisions + decisions;
            match search.resume(Some(limit), &mut termination) {
                Finish::Budget => {}
                finish => {
                    let mut run = Run::from_search(search, finish);
                    for learner in &learners {
                        run.stats += learner.stats();
                    }
                    if let Some(pool) = &pool {
                        run.stats += pool.stats();
                    }
                    break run;
                }
            }
            if learners.is_empty() {
                let hint = hint.take();
                let grid = search.root_grid().cloned().unwrap_or_else(|| root.clone());
                learners.push(self.learner(&grid, hint.as_ref(), Order::Guided, flags));
                start = Some((grid, hint));
            }
            if learners.len() == 1
                && pool.is_none()
                && plain_joins.is_some_and(|joins| learners[0].stats().backtracks >= joins)
            {
                pool = Some(Pool::new(0, self.config.seed, JOINED_LEARNERS));
            }
            let share = turn.elapsed() * LEARN_SHARE;
            if let Some(joined) = &mut pool {
                let (grid, hint) = start.as_ref().expect("kept with the first learner");
                let deadline = Instant::now() + share;
                let state = joined.run(
                    |j| self.pool_learner(grid, hint.as_ref(), 0, j, flags),
                    flags.with_deadline(deadline),
                    flags,
                );
                if !matches!(state, LearnState::Stopped) || flags.should_stop() {
                    let mut run = pool.take().expect("running").into_run(state);
                    run.stats += search.stats();
                    for learner in &mut learners {
                        run.stats += learner.stats();
                        if !run.finished() {
                            run.solutions.extend(learner.take_solutions());
                        }
                    }
                    if !run.finished() {
                        run.solutions.extend(search.into_solutions());
                    }
                    break run;
                }
            }
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
                        if let Some(pool) = &pool {
                            run.stats += pool.stats();
                        }
                        answer = Some(run);
                        break;
                    }
                    _ => {
                        // Out of time: report what any engine found (the same solution
                        // found twice is merged when the outcome is checked: a linear scan
                        // per solution here made a stop after millions of solutions take
                        // minutes).
                        let mut run = Run::from_search(search, Finish::Stopped);
                        for learner in &mut learners {
                            run.stats += learner.stats();
                            run.solutions.extend(learner.take_solutions());
                        }
                        if let Some(pool) = pool.take() {
                            let stopped = pool.into_run(LearnState::Stopped);
                            run.stats += stopped.stats;
                            run.solutions.extend(stopped.solutions);
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

    /// Two threads or more. On the first, the one-thread turns (the early learner, then search
    /// and the guided learner); on the second, the search's probing of the root and then
    /// learners started from the probed root ([`Runner::second_thread`]): a guided one in an
    /// order perturbed by the next seed (reseeded now and then, [`RESEED_UNIT`]), and, if it has
    /// not finished within [`PLAIN_JOINS`] conflicts, one in the plain order in its place. On
    /// thread `k` from the third on, the one-thread turns ([`Runner::turns`]) in orders of their
    /// own: everything perturbed by the seed `seed + k` ([`Config::seed`]), and the pool that
    /// joins them too. The first thread to finish answers and stops the others ([`race`]).
    ///
    /// Further threads run whole one-thread solves in other orders, not more learners of one
    /// solve, because on the puzzles that take long the time is heavy-tailed over orders
    /// (ManySAT and Plingeling found the same for SAT): on the tail set, one seed in sixteen
    /// answers in a tenth of a second where the others take minutes. On a 16-core machine this
    /// answered 26 of the 27 tail puzzles within twice the time of the fastest of sixteen
    /// one-thread seeds run alone, and the 27th (35×35 s21 #1434, which no seed answered in
    /// 10 s) not in 20 s; the tail set in 37 s where two threads took 151 s. Learnt clauses
    /// are not shared between threads: sharing between learners was tried and dropped before
    /// (BENCHMARKS.md), and the threads here gain by being different. The second thread stays
    /// as it was: a pool in its place took the tail set at two threads from 151 to 112 s, but
    /// 6,000 fresh random 40×40 puzzles from 196 to 300 processor seconds (time-outs 2 → 3).
    ///
    /// The second thread runs a learner, not more search, because learning wins most puzzles
    /// that get this far; in another order, because a learner's run time varies widely with its
    /// early decisions (a hard tournament puzzle's by up to 10× from one order to the next). A
    /// second guided order finishes most of those first where the guided one is slow; the plain
    /// order is for the few where guidance misleads every guided order (TCGA 2020 #538, and the
    /// tail set's 40×40 s4 #230, which only the plain order answers within minutes). Against a
    /// second thread in the plain order from the start: the six tournament sets 25.7 → 18.8 s,
    /// the slowest of 10,000 random 30×30 puzzles 1.6 → 0.7 s, the tail set 103 → 87 s
    /// (BENCHMARKS.md, fourteenth session). It starts at once rather than after the early turn:
    /// on puzzles whose time is a uniqueness proof (the n-Dom family) the early turn is time
    /// lost.
    fn portfolio(&self, root: K::Grid, threads: usize, flags: StopFlags<'_>) -> Run {
        let hint = match self.symmetric_start(flags) {
            Ok(hint) => hint,
            Err(answer) => return answer,
        };
        race(
            flags,
            threads - 1,
            |thread, flags| match thread {
                1 => {
                    // Without guidance the second thread's learner runs unbroken: reseeding a
                    // colour learner (a new order, its targets dropped) cost 30×30 colour
                    // puzzles about a sixth more processor time (BENCHMARKS.md, eighteenth
                    // session).
                    let (switch, unit) = match plain_joins::<K>() {
                        Some(joins) => (joins, RESEED_UNIT),
                        None => (u64::MAX, u64::MAX),
                    };
                    self.second_thread(&root, hint.as_ref(), flags, switch, unit)
                }
                thread => {
                    let config = Config {
                        seed: self.config.seed.wrapping_add(thread as u64),
                        ..self.config.clone()
                    };
                    let runner = Runner::<K> {
                        config: &config,
                        ..*self
                    };
                    runner.turns(&root, hint.as_ref(), flags)
                }
            },
            |flags| {
                self.after_early_turn(&root, hint.as_ref(), flags, || {
                    match self.probe(&root, flags) {
                        Ok(search) => self.take_turns(search, &root, flags, hint.clone(), None),
                        Err(answer) => answer,
                    }
                })
            },
        )
    }

    /// The `j`-th learner of the pool numbered `pool`, from `root`. Pool 0 joins the turns of
    /// a one-thread solve, and those of each portfolio thread from the third on (one-thread
    /// solves of their own seeds); other numbers serve tests and experiments. The first learner
    /// is guided (and reseeded as it goes, see [`Pool`]); the second in the plain order,
    /// unperturbed in pool 0 of the solve's own seed (the plain order that answers where
    /// guidance misleads, TCGA 2020 #538), perturbed elsewhere; then guided and plain in turn.
    /// No two learners of one solve share a seed.
    fn pool_learner(
        &self,
        root: &K::Grid,
        hint: Option<&Picture>,
        pool: usize,
        j: usize,
        flags: StopFlags<'_>,
    ) -> Learner<'p, K> {
        let order = match j % 2 {
            0 => Order::Guided,
            _ => Order::Plain,
        };
        let seed = match (pool, j) {
            (0, 1) => self.config.seed,
            _ => self.config.seed.wrapping_add(pool_seed(pool, j as u64 + 1)),
        };
        self.learner_seeded(root, hint, order, seed, flags)
    }

    /// The portfolio's second thread: the search's probing of `root`, then a guided learner
    /// perturbed by the next seed from the probed root and reseeded after spans of `unit` times
    /// the Luby sequence ([`RESEED_UNIT`]), replaced after `switch` conflicts by a learner in
    /// the plain order started afresh. The replaced learner's work is counted, and
    /// the solutions it found are kept if the run stops before a verdict (a time limit, or the
    /// other thread's answer).
    fn second_thread(
        &self,
        root: &K::Grid,
        hint: Option<&Picture>,
        flags: StopFlags<'_>,
        switch: u64,
        unit: u64,
    ) -> Run {
        let search = match self.probe(root, flags) {
            Ok(search) => search,
            Err(answer) => return answer,
        };
        let probed = search.root_grid().cloned().unwrap_or_else(|| root.clone());
        let seed = self.config.seed.wrapping_add(1);
        let mut guided = self.learner_seeded(&probed, hint, Order::Guided, seed, flags);
        let state = reseeded(&mut guided, seed, (switch, unit), flags);
        let mut run = if state == LearnState::Paused {
            let replaced = guided.stats();
            let found = guided.take_solutions();
            drop(guided);
            let mut plain = self.learner(&probed, hint, Order::Plain, flags);
            let state = plain.run(None, &mut Termination::from_flags(flags));
            let mut run = Run::from_learn(&mut plain, state);
            run.stats += replaced;
            if !run.finished() {
                // The same solution found by both is merged when the outcome is checked.
                run.solutions.extend(found);
            }
            run
        } else {
            Run::from_learn(&mut guided, state)
        };
        run.stats += search.stats();
        run
    }

    /// The search's first turn from `root` (`search_budget` decisions, which probe the root):
    /// the search, to go on with, or its answer if it reached one.
    fn probe(&self, root: &K::Grid, flags: StopFlags<'_>) -> Result<Search<'p, K>, Run> {
        let mut search = Search::<K>::new(self.puzzle, self.config);
        search.start_from(root.clone());
        let mut termination = Termination::from_flags(flags);
        match search.resume(Some(self.config.search_budget.max(1)), &mut termination) {
            Finish::Budget => Ok(search),
            finish => Err(Run::from_search(search, finish)),
        }
    }
}

/// Learners taking turns on one thread, each in an order of its own and resuming where it
/// stopped with its own clauses: spans of [`POOL_UNIT`] conflicts times the Luby sequence
/// (1, 1, 2, 1, 1, 2, 4, ...), a span of 2^k units going to the k-th learner, made when its
/// first span comes. Every learner made so far thus gets about the same share of the thread,
/// and one more is made each time the run's length doubles, up to `most` (the last then takes
/// the longer spans too). The first learner is different: until it finds a solution it is
/// reseeded before each of its spans ([`Learner::reseed`]: a new order, its clauses kept), and
/// its spans stay one unit long, so that the pool tries a new order every few thousand
/// conflicts, however long it runs.
///
/// Two shapes of tail meet here. On some puzzles the time over orders is heavy-tailed but
/// continuous: some orders need ten times the conflicts of others, and a learner given long
/// enough gets there; the learners after the first, in long resumed spans, are for those. On
/// others it is all or nothing: one order in sixteen answers in a fraction of a second and the
/// rest not in minutes (the tail set's 40×40 s4 #230 and s43 #522, issue 33); only many short
/// tries find that order, which is the first learner's part.
///
/// Once a learner has found a solution it runs alone: what remains is the search near it for
/// another, or the proof that there is none, and a learner that has found a solution knows most
/// about that (as in [`reseeded`]).
struct Pool<'p, K: Kind> {
    learners: Vec<Learner<'p, K>>,
    /// Spans run so far: the next span's place in the Luby sequence.
    spans: u32,
    /// The first learner's reseeds so far.
    reseeds: u64,
    /// The seed of the first learner's first reseed; the next ones follow it.
    seed: u64,
    most: usize,
    /// The learner that reached a verdict or found a solution.
    lead: Option<usize>,
    /// The span a stop cut short: its learner and the conflicts left of it.
    current: Option<(usize, u64)>,
    /// The conflicts of a span of one unit: [`POOL_UNIT`] (tests take fewer).
    unit: u64,
}

impl<'p, K: Kind> Pool<'p, K> {
    /// The pool numbered `pool` ([`Runner::pool_learner`]) of a solve whose seed is `seed`
    /// ([`Config::seed`]).
    fn new(pool: usize, seed: u64, most: usize) -> Pool<'p, K> {
        Pool {
            learners: Vec::new(),
            spans: 0,
            reseeds: 0,
            seed: seed.wrapping_add(pool_seed(pool, 1 << 20)),
            most: most.max(1),
            lead: None,
            current: None,
            unit: POOL_UNIT,
        }
    }

    /// Runs spans, making learners with `make` (its argument counts them from 0) as they are
    /// first needed, until one reaches a verdict (`Finished`) or `flags` say stop (`Stopped`;
    /// run again to go on where it stopped, within the same span). The spans and the reseeds
    /// count conflicts, never time, so where the stops fall does not change the pool's work:
    /// run on one thread, it takes the same steps whatever the turns around it. Only `solve`'s
    /// own stop condition, `whole`, may cut a reseed's guidance short (the turns' deadlines in
    /// `flags` do not).
    fn run(
        &mut self,
        mut make: impl FnMut(usize) -> Learner<'p, K>,
        flags: StopFlags<'_>,
        whole: StopFlags<'_>,
    ) -> LearnState {
        loop {
            if let Some(k) = self.lead {
                return self.learners[k].run(None, &mut Termination::from_flags(flags));
            }
            let (k, span) = match self.current.take() {
                Some(current) => current,
                None => self.next_span(&mut make, whole),
            };
            let learner = &mut self.learners[k];
            let before = learner.stats().backtracks;
            let state = learner.run(Some(span), &mut Termination::from_flags(flags));
            if learner.found() > 0 || matches!(state, LearnState::Finished { .. }) {
                self.lead = Some(k);
            }
            match state {
                LearnState::Paused => {}
                LearnState::Stopped => {
                    let left = span.saturating_sub(learner.stats().backtracks - before);
                    // A span stopped on its last conflict is over (a run of no conflicts
                    // would go on to the next one).
                    if left > 0 {
                        self.current = Some((k, left));
                    }
                    return state;
                }
                state => return state,
            }
        }
    }

    /// The next span: which learner, for how many conflicts. The learner is made, or (the
    /// first) reseeded, here.
    fn next_span(
        &mut self,
        make: &mut impl FnMut(usize) -> Learner<'p, K>,
        whole: StopFlags<'_>,
    ) -> (usize, u64) {
        let units = learn::luby(self.spans);
        self.spans = self.spans.wrapping_add(1);
        let k = (units.trailing_zeros() as usize).min(self.most - 1);
        if k == self.learners.len() {
            self.learners.push(make(k));
        } else if k == 0 {
            self.reseeds += 1;
            let seed = self.seed.wrapping_add(self.reseeds);
            self.learners[0].reseed(seed, guidance_stop(whole));
        }
        match k.min(self.learners.len() - 1) {
            0 => (0, self.unit),
            k => (k, self.unit.saturating_mul(units)),
        }
    }

    /// The work of every learner.
    fn stats(&self) -> Stats {
        let mut stats = Stats::default();
        for learner in &self.learners {
            stats += learner.stats();
        }
        stats
    }

    /// The pool's answer after [`Pool::run`] returned `state`: the leading learner's verdict,
    /// or, stopped before one, every solution any learner found; the work of all.
    fn into_run(mut self, state: LearnState) -> Run {
        let stats = self.stats();
        let mut run = match self.lead {
            Some(k) => Run::from_learn(&mut self.learners[k], state),
            None => Run::from_learn(&mut self.learners[0], LearnState::Stopped),
        };
        run.stats = stats;
        if !run.finished() {
            // The same solution found by two is merged when the outcome is checked.
            for learner in &mut self.learners {
                run.solutions.extend(learner.take_solutions());
            }
        }
        run
    }
}

/// A seed for the `n`-th learner or reseed of the pool numbered `pool`: apart from every other
/// pool's, and from the first thread's and the second's (`seed`, `seed + 1`).
fn pool_seed(pool: usize, n: u64) -> u64 {
    ((pool as u64 + 1) << 40).wrapping_add(n)
}

/// Runs `learner` (guided, its order perturbed by `seed`) for at most `budget` conflicts, in
/// spans of `unit` times the Luby sequence ([`RESEED_UNIT`]), reseeding it between two spans
/// with the seeds after `seed` in turn, until it has found a solution: what remains then is
/// the search for another near it, or the proof that there is none, for which the order
/// learnt so far is worth keeping (reseeding once a solution was found took 11-Dom's
/// uniqueness from 0.23 to 0.48 s). `Paused` if the budget ran out before a verdict.
fn reseeded<K: Kind>(
    learner: &mut Learner<'_, K>,
    seed: u64,
    (budget, unit): (u64, u64),
    flags: StopFlags<'_>,
) -> LearnState {
    let (mut spent, mut spans) = (0, 0);
    loop {
        let span = unit.saturating_mul(learn::luby(spans)).min(budget - spent);
        let state = learner.run(Some(span), &mut Termination::from_flags(flags));
        spent += span;
        spans += 1;
        if state != LearnState::Paused || spent >= budget {
            return state;
        }
        if learner.found() > 0 {
            return learner.run(Some(budget - spent), &mut Termination::from_flags(flags));
        }
        learner.reseed(seed.wrapping_add(u64::from(spans)), guidance_stop(flags));
    }
}

/// When a plain learner joins or replaces a guided one: after [`PLAIN_JOINS`] conflicts, for
/// a kind whose learner is guided; never for one whose guided order is the plain one (colour,
/// so far), where the plain learner would only repeat the guided one's work from the start.
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

/// Runs `other` on `workers` threads of their own (numbered from 1) and `main` on this one,
/// racing: the first to reach a verdict stops the others (through a flag added to `flags`) and
/// answers; when none does (the time limit, a cancellation), the one that found the most
/// solutions answers, `main` on a tie. The portfolios of both kinds of puzzle run this way.
pub(crate) fn race(
    flags: StopFlags<'_>,
    workers: usize,
    other: impl Fn(usize, StopFlags<'_>) -> Run + Sync,
    main: impl FnOnce(StopFlags<'_>) -> Run,
) -> Run {
    let done = AtomicBool::new(false);
    // Who reached a verdict first: 0 for `main`, `workers + 1` for none yet.
    let first = AtomicUsize::new(workers + 1);
    let finish = |thread: usize, run: &Run| {
        if run.finished() {
            let _ =
                first.compare_exchange(workers + 1, thread, Ordering::AcqRel, Ordering::Acquire);
            done.store(true, Ordering::Relaxed);
        }
    };
    let flags = flags.with_flag(&done);
    let mut runs: Vec<Option<Run>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (1..=workers)
            .map(|thread| {
                let (other, finish) = (&other, &finish);
                // A thread the system will not start is one searcher fewer, not a failure.
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || {
                        let run = other(thread, flags);
                        finish(thread, &run);
                        run
                    })
                    .ok()
            })
            .collect();
        let main = main(flags);
        finish(0, &main);
        // Another thread only panics on a bug; the others' answers stand without it.
        std::iter::once(Some(main))
            .chain(handles.into_iter().map(|h| h.and_then(|h| h.join().ok())))
            .collect()
    });
    let winner = match first.load(Ordering::Acquire) {
        thread if thread <= workers => thread,
        _ => {
            let found = |i: usize| runs[i].as_ref().map_or(0, |r| r.solutions.len());
            // The first of the most solutions: `main` on a tie.
            (0..runs.len()).fold(0, |best, i| if found(i) > found(best) { i } else { best })
        }
    };
    runs[winner].take().expect("the winner's thread returned")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_colour_puzzle, random_set, Rng};
    use crate::grid::Grid;
    use crate::kind::{BlackWhite, Coloured};
    use crate::solve::{Solver, Status};

    /// When the learner answers after the search's turns, the search's probes and line solves
    /// are counted too (they were left out, so `auto` seemed never to probe), and so are the
    /// conflicts of the early learner, dropped after its turn.
    #[test]
    fn auto_counts_the_work_of_every_engine() {
        for threads in [1, 2] {
            let solver = Solver::new(Config {
                threads,
                ..Config::default()
            });
            // Seed 4 holds a puzzle whose learner needs over 20,000 conflicts.
            let puzzles = random_set(4, 300, 30, 30, 0.5);
            let outcomes: Vec<_> = puzzles.iter().map(|p| solver.solve(p)).collect();
            let early = outcomes
                .iter()
                .find(|o| o.engine == Engine::Learn && o.stats.probes == 0)
                .expect("some random 30×30 puzzle is answered by the early learner");
            assert!(early.stats.decisions > 0, "{:?}", early.stats);
            let late = outcomes
                .iter()
                .find(|o| o.engine == Engine::Learn && o.stats.probes > 0)
                .expect("some random 30×30 puzzle needs the learner after probing");
            // On two threads the answer may be the plain learner's, which had no early turn.
            if threads == 1 {
                assert!(late.stats.backtracks > EARLY_CONFLICTS, "{:?}", late.stats);
            }
        }
    }

    /// Runs `run` on each puzzle with a propagated root, under `auto` on `threads` threads and
    /// 1, 2 and 3 solutions asked, and checks its outcome against the search's: the same
    /// verdict and number of solutions, and, when there are fewer than asked for, the same
    /// solutions (whichever engine found them). `run` gets the runner and the root; what it
    /// returns is passed on to `seen` with the outcome, for the caller's own checks.
    fn agree_with_search<K: Kind, T>(
        puzzles: &[Puzzle],
        threads: usize,
        run: impl Fn(&Runner<'_, '_, K>, &K::Grid) -> (Run, T),
        mut seen: impl FnMut(usize, T, &crate::solve::Outcome),
    ) {
        for (i, puzzle) in puzzles.iter().enumerate() {
            for max_solutions in [1, 2, 3] {
                let config = Config {
                    max_solutions,
                    engine: Engine::Search,
                    ..Config::default()
                };
                let want = Solver::new(config.clone()).solve(puzzle);
                let config = Config {
                    engine: Engine::Auto,
                    threads,
                    ..config
                };
                let runner = Runner {
                    config: &config,
                    puzzle,
                    symmetric: true,
                    kind: PhantomData,
                };
                let crate::solve::Root::Grid(root) = crate::solve::root::<K>(puzzle, &[], None)
                else {
                    assert_eq!(want.status, Status::NoSolution, "puzzle {i}");
                    continue;
                };
                let (answer, extra) = run(&runner, &root);
                let got =
                    Solver::new(config.clone()).outcome(puzzle, &[], answer, None, Instant::now());
                assert_eq!(got.status, want.status, "puzzle {i}, {max_solutions}");
                assert_eq!(got.solutions.len(), want.solutions.len(), "puzzle {i}");
                if want.solutions.len() < max_solutions {
                    assert_eq!(got.solutions, want.solutions, "puzzle {i}, {max_solutions}");
                }
                seen(i, extra, &got);
            }
        }
    }

    /// One thread's turns with a pool of learners joining the guided one from the first
    /// learning turn: the same verdicts and solutions as the search, whichever learner answers,
    /// and the work of all counted.
    #[test]
    fn turns_with_a_pool_agree_with_search() {
        let mut learnt = 0;
        agree_with_search::<BlackWhite, _>(
            &random_set(7, 60, 14, 14, 0.5),
            1,
            |runner, root| {
                let mut search = Search::new(runner.puzzle, runner.config);
                search.start_from(root.clone());
                let run = runner.take_turns(search, root, StopFlags::default(), None, Some(0));
                (run, ())
            },
            |i, (), got| {
                if got.engine == Engine::Learn {
                    learnt += 1;
                    // The learners made decisions (the pool runs first in each turn).
                    assert!(got.stats.decisions > 0, "puzzle {i}");
                }
            },
        );
        assert!(learnt >= 10, "only {learnt} answers came from the learners");
    }

    /// The portfolio's second thread, its guided learner replaced by the plain one after 2
    /// conflicts, or never, and reseeded after spans of 2 × Luby conflicts, or never: the same
    /// verdicts and solutions as the search each way; the replacement a run of its own (other
    /// conflicts) with the replaced learner's counted, and the reseeded runs other runs too.
    #[test]
    fn second_thread_agrees_with_search() {
        let puzzles = random_set(9, 100, 25, 25, 0.5);
        // Per puzzle and solutions asked, the conflicts counted with the switch after 2 and
        // without one, then reseeded and without a switch (the puzzles come in order, each for
        // 1, 2 and 3 solutions).
        let mut conflicts = Vec::new();
        for (switch, unit) in [(2, u64::MAX), (u64::MAX, u64::MAX), (u64::MAX, 2)] {
            let mut counted = Vec::new();
            agree_with_search::<BlackWhite, _>(
                &puzzles,
                2,
                |runner, root| {
                    let run = runner.second_thread(root, None, StopFlags::default(), switch, unit);
                    let learnt = run.engine == Engine::Learn;
                    if learnt {
                        assert!(run.stats.probes > 0, "the probing is counted");
                    }
                    let work = run.stats.backtracks;
                    (run, work)
                },
                |i, work, _| counted.push((i, work)),
            );
            conflicts.push(counted);
        }
        let mut replaced = 0;
        for (&(i, switched), &(_, alone)) in conflicts[0].iter().zip(&conflicts[1]) {
            // Past 2 conflicts the plain learner took over: another run, both counted.
            if alone > 2 {
                assert!(
                    switched >= 2,
                    "puzzle {i}: the replaced learner's 2 conflicts"
                );
                replaced += usize::from(switched != alone);
            }
        }
        assert!(
            replaced >= 5,
            "the guided learner was replaced {replaced} times"
        );
        let reseeded = conflicts[2]
            .iter()
            .zip(&conflicts[1])
            .filter(|((_, reseeded), (_, alone))| *alone > 2 && reseeded != alone)
            .count();
        assert!(reseeded >= 5, "reseeding changed {reseeded} runs");
    }

    /// A pool of learners, run in one go or stopped again and again by short deadlines, does
    /// the same work (its spans count conflicts, not time) and gives the search's verdicts and
    /// solutions; on puzzles that need it, it makes several learners and its first learner's
    /// reseeds change the work.
    #[test]
    fn a_pool_agrees_with_search_wherever_it_is_stopped() {
        let puzzles = random_set(9, 60, 25, 25, 0.5);
        let pooled = |runner: &Runner<'_, '_, BlackWhite>, root: &Grid, cut: bool| {
            let mut pool = Pool::new(0, 0, 4);
            pool.unit = 2;
            let make = |j| runner.pool_learner(root, None, 0, j, StopFlags::default());
            let state = loop {
                let turn = match cut {
                    true => StopFlags::default()
                        .with_deadline(Instant::now() + std::time::Duration::from_micros(200)),
                    false => StopFlags::default(),
                };
                match pool.run(make, turn, StopFlags::default()) {
                    LearnState::Stopped => {}
                    state => break state,
                }
            };
            let learners = pool.learners.len();
            let run = pool.into_run(state);
            let work = (run.stats.backtracks, run.stats.decisions);
            (run, (work, learners))
        };
        let (mut whole, mut several) = (Vec::new(), 0);
        agree_with_search::<BlackWhite, _>(
            &puzzles,
            1,
            |runner, root| pooled(runner, root, false),
            |_, (work, learners), _| {
                whole.push(work);
                several += usize::from(learners > 1);
            },
        );
        let mut cut = Vec::new();
        agree_with_search::<BlackWhite, _>(
            &puzzles,
            1,
            |runner, root| pooled(runner, root, true),
            |_, (work, _), _| cut.push(work),
        );
        assert_eq!(whole, cut, "the stops changed the pool's work");
        assert!(several >= 5, "only {several} runs made a second learner");
    }

    /// Three and five threads (the one-thread turns, the second thread, and one-thread turns of
    /// their own seeds), through the solver: the search's verdicts and solutions, for both kinds
    /// of puzzle. With one solution asked, a thread that proved it unique may answer first, or
    /// one that only found it.
    #[test]
    fn many_threads_agree_with_search() {
        let puzzles: Vec<Puzzle> = random_set(11, 30, 20, 20, 0.5)
            .into_iter()
            .chain(colour_puzzles().into_iter().take(20))
            .collect();
        for threads in [3, 5] {
            for (i, puzzle) in puzzles.iter().enumerate() {
                for max_solutions in [1, 2, 3] {
                    let config = Config {
                        max_solutions,
                        engine: Engine::Search,
                        ..Config::default()
                    };
                    let want = Solver::new(config.clone()).solve(puzzle);
                    let got = Solver::new(Config {
                        engine: Engine::Auto,
                        threads,
                        ..config
                    })
                    .solve(puzzle);
                    let at = format!("puzzle {i}, {max_solutions} asked, {threads} threads");
                    assert_eq!(got.solutions.len(), want.solutions.len(), "{at}");
                    match (got.status, want.status) {
                        (Status::Solved, Status::Unique) if max_solutions == 1 => {}
                        (got, want) => assert_eq!(got, want, "{at}"),
                    }
                    if want.solutions.len() < max_solutions {
                        assert_eq!(got.solutions, want.solutions, "{at}");
                    }
                }
            }
        }
    }

    /// Sparse random colour puzzles, hard enough for the learners to answer some.
    fn colour_puzzles() -> Vec<Puzzle> {
        let mut rng = Rng::new(5);
        (0..40)
            .map(|_| {
                let side = rng.range(12, 18);
                random_colour_puzzle(&mut rng, side, side, 2, 0.3)
            })
            .collect()
    }

    /// The two-thread portfolio on colour puzzles gives the search's verdicts and, when it
    /// finds every solution, the same ones, whichever thread answers; some answers come from a
    /// learner, so the puzzles reach the race.
    #[test]
    fn two_threads_agree_with_search_on_colour_puzzles() {
        let mut learnt = 0;
        agree_with_search::<Coloured, _>(
            &colour_puzzles(),
            2,
            |runner, root| (runner.portfolio(root.clone(), 2, StopFlags::default()), ()),
            |i, (), got| {
                assert_ne!(got.status, Status::Unknown, "puzzle {i}");
                learnt += usize::from(got.engine == Engine::Learn);
            },
        );
        assert!(learnt >= 10, "only {learnt} answers came from the learners");
    }

    /// `seed` perturbs a colour learner's order: on puzzles that need it, the learner's work
    /// differs from seed to seed, and the answers do not.
    #[test]
    fn the_seed_changes_the_colour_learners_order() {
        let mut differ = 0;
        for puzzle in colour_puzzles() {
            let solve = |seed| {
                Solver::new(Config {
                    engine: Engine::Learn,
                    seed,
                    ..Config::default()
                })
                .solve(&puzzle)
            };
            let (a, b) = (solve(0), solve(7));
            assert_eq!(a.status, b.status);
            differ += usize::from(a.stats.decisions != b.stats.decisions);
        }
        assert!(
            differ >= 10,
            "the seed changed the work on {differ} puzzles"
        );
    }
}
