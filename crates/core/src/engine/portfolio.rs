//! Running the engines: one alone, or search and learning in turns on one thread, or a
//! portfolio over two. Every function here starts from a *root*: the grid that line
//! propagation reaches from the givens, computed once by [`crate::Solver`].

use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Instant;

use nonogram_model::{Picture, Puzzle};

use crate::engine::learn::{LearnState, Learner};
use crate::engine::sat::{SatEngine, SatState};
use crate::engine::search::{Finish, Search};
use crate::engine::symmetry;
use crate::grid::Grid;
use crate::solve::{Config, Engine, Stats};
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
/// order than the first thread's) gives way to one in the plain order.
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

    fn from_learn(learner: &mut Learner<'_>, state: LearnState) -> Run {
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

    fn from_search(search: Search<'_>, finish: Finish) -> Run {
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
pub(crate) fn run(
    config: &Config,
    puzzle: &Puzzle,
    root: Grid,
    symmetric: bool,
    flags: StopFlags<'_>,
) -> Run {
    let runner = Runner {
        config,
        puzzle,
        symmetric,
    };
    let threads = threads(config);
    match config.engine {
        Engine::Search => runner.search(root, flags),
        // Too many cells for the learner's memory bound: the search answers alone (and the
        // outcome says so: its engine is the search).
        Engine::Learn | Engine::Auto if !crate::engine::learn::fits(puzzle) => {
            runner.search(root, flags)
        }
        Engine::Learn => runner.learn(&root, flags),
        // A CNF too large to build: likewise.
        Engine::Sat if !crate::engine::sat::fits(puzzle) => runner.search(root, flags),
        Engine::Sat => runner.sat(&root, flags),
        Engine::Auto if threads >= 2 => runner.portfolio(root, flags),
        Engine::Auto => runner.interleaved(root, flags),
    }
}

/// The threads one solve may use: [`Config::threads`], 0 being one per available core.
pub(crate) fn threads(config: &Config) -> usize {
    match config.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
}

struct Runner<'a, 'p> {
    config: &'a Config,
    puzzle: &'p Puzzle,
    symmetric: bool,
}

impl<'p> Runner<'_, 'p> {
    /// Search alone.
    fn search(&self, root: Grid, flags: StopFlags<'_>) -> Run {
        let mut search = Search::new(self.puzzle, self.config);
        let finish = search.run_from(root, &mut Termination::from_flags(flags));
        Run::from_search(search, finish)
    }

    /// The learning engine alone, in the guided order.
    fn learn(&self, root: &Grid, flags: StopFlags<'_>) -> Run {
        let hint = match self.symmetric_start(flags) {
            Ok(hint) => hint,
            Err(answer) => return answer,
        };
        let mut learner = self.learner(root, hint.as_ref(), Order::Guided, flags);
        let state = learner.run(None, &mut Termination::from_flags(flags));
        Run::from_learn(&mut learner, state)
    }

    /// The SAT engine.
    fn sat(&self, root: &Grid, flags: StopFlags<'_>) -> Run {
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
        root: &Grid,
        hint: Option<&Picture>,
        order: Order,
        flags: StopFlags<'_>,
    ) -> Learner<'p> {
        self.learner_seeded(root, hint, order, self.config.seed, flags)
    }

    /// [`Runner::learner`], its order perturbed by `seed` instead of [`Config::seed`].
    fn learner_seeded(
        &self,
        root: &Grid,
        hint: Option<&Picture>,
        order: Order,
        seed: u64,
        flags: StopFlags<'_>,
    ) -> Learner<'p> {
        // Symmetric learning holds for the clues alone: not when the caller fixed cells.
        let maps = match self.symmetric {
            true => symmetry::clue_symmetries(self.puzzle),
            false => Vec::new(),
        };
        let mut learner = Learner::symmetric(self.puzzle, self.config.max_solutions, maps);
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
        let mut found = symmetry::symmetric_solutions(self.puzzle, flags);
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
    /// one; once it has met [`PLAIN_JOINS`] conflicts, a learner in the plain order joins it,
    /// with a turn as long as its own.
    fn interleaved(&self, root: Grid, flags: StopFlags<'_>) -> Run {
        let hint = match self.symmetric_start(flags) {
            Ok(hint) => hint,
            Err(answer) => return answer,
        };
        self.after_early_turn(&root, hint.as_ref(), flags, || {
            let mut search = Search::new(self.puzzle, self.config);
            search.start_from(root.clone());
            self.take_turns(search, &root, flags, hint.clone(), Some(PLAIN_JOINS))
        })
    }

    /// The early learner's turn ([`Runner::early_turn`]): its answer if it reached one, else
    /// `then`'s, with the dropped learner's work added to it.
    fn after_early_turn(
        &self,
        root: &Grid,
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
        root: &Grid,
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
    /// start ([`Runner::symmetric_start`]). A learner in the plain order joins the guided one
    /// once that has met `plain_joins` conflicts (`None`: never, as when another thread runs
    /// one).
    fn take_turns(
        &self,
        mut search: Search<'p>,
        root: &Grid,
        flags: StopFlags<'_>,
        mut hint: Option<Picture>,
        plain_joins: Option<u64>,
    ) -> Run {
        let mut termination = Termination::from_flags(flags);
        // The guided learner, then the plain one once it joins.
        let mut learners: Vec<Learner<'p>> = Vec::new();
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
                && plain_joins.is_some_and(|joins| learners[0].stats().backtracks >= joins)
            {
                let (grid, hint) = start.as_ref().expect("kept with the first learner");
                learners.push(self.learner(grid, hint.as_ref(), Order::Plain, flags));
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
                        // Out of time: report what any engine found (the same solution
                        // found twice is merged when the outcome is checked: a linear scan
                        // per solution here made a stop after millions of solutions take
                        // minutes).
                        let mut run = Run::from_search(search, Finish::Stopped);
                        for learner in &mut learners {
                            run.stats += learner.stats();
                            run.solutions.extend(learner.take_solutions());
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

    /// Two threads: on one, the one-thread turns (the early learner, then search and the guided
    /// learner); on the other, the search's probing of the root and then learners started from
    /// the probed root ([`Runner::second_thread`]): a guided one in an order perturbed by the
    /// next seed (reseeded now and then, [`RESEED_UNIT`]), and, if it has not finished within
    /// [`PLAIN_JOINS`] conflicts, one in the plain order in its place. The first thread to
    /// finish answers and stops the other.
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
    fn portfolio(&self, root: Grid, flags: StopFlags<'_>) -> Run {
        let hint = match self.symmetric_start(flags) {
            Ok(hint) => hint,
            Err(answer) => return answer,
        };
        race(
            flags,
            |flags| self.second_thread(&root, hint.as_ref(), flags, PLAIN_JOINS, RESEED_UNIT),
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

    /// The portfolio's second thread: the search's probing of `root`, then a guided learner
    /// perturbed by the next seed from the probed root and reseeded after spans of `unit` times
    /// the Luby sequence ([`RESEED_UNIT`]), replaced after `switch` conflicts by a learner in
    /// the plain order started afresh. The replaced learner's work is counted, and
    /// the solutions it found are kept if the run stops before a verdict (a time limit, or the
    /// other thread's answer).
    fn second_thread(
        &self,
        root: &Grid,
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
    fn probe(&self, root: &Grid, flags: StopFlags<'_>) -> Result<Search<'p>, Run> {
        let mut search = Search::new(self.puzzle, self.config);
        search.start_from(root.clone());
        let mut termination = Termination::from_flags(flags);
        match search.resume(Some(self.config.search_budget.max(1)), &mut termination) {
            Finish::Budget => Ok(search),
            finish => Err(Run::from_search(search, finish)),
        }
    }
}

/// Runs `learner` (guided, its order perturbed by `seed`) for at most `budget` conflicts, in
/// spans of `unit` times the Luby sequence ([`RESEED_UNIT`]), reseeding it between two spans
/// with the seeds after `seed` in turn, until it has found a solution: what remains then is
/// the search for another near it, or the proof that there is none, for which the order
/// learnt so far is worth keeping (reseeding once a solution was found took 11-Dom's
/// uniqueness from 0.23 to 0.48 s). `Paused` if the budget ran out before a verdict.
fn reseeded(
    learner: &mut Learner<'_>,
    seed: u64,
    (budget, unit): (u64, u64),
    flags: StopFlags<'_>,
) -> LearnState {
    let (mut spent, mut spans) = (0, 0);
    loop {
        let span = unit
            .saturating_mul(crate::engine::learn::luby(spans))
            .min(budget - spent);
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

/// When a learner's guidance ([`Learner::guide`], [`Learner::reseed`]) is to stop: asked once
/// per line of each round, it reads the clock every 32nd time (reading it for every line cost
/// about 1% of an easy puzzle's time), the other thread's answer and a cancellation every time.
fn guidance_stop(flags: StopFlags<'_>) -> impl FnMut() -> bool + '_ {
    let mut termination = Termination::from_flags(flags);
    move || termination.should_stop()
}

/// Runs `other` on a thread of its own and `main` on this one, racing: the first to reach a
/// verdict stops the other (through a flag added to `flags`) and answers; when neither does
/// (the time limit, a cancellation), the one that found more solutions answers, `main` on a
/// tie. The portfolios of both kinds of puzzle run this way.
pub(crate) fn race(
    flags: StopFlags<'_>,
    other: impl FnOnce(StopFlags<'_>) -> Run + Send,
    main: impl FnOnce(StopFlags<'_>) -> Run,
) -> Run {
    let done = AtomicBool::new(false);
    let flags = flags.with_flag(&done);
    let (main, other) = std::thread::scope(|scope| {
        let other = scope.spawn(|| {
            let run = other(flags);
            if run.finished() {
                done.store(true, Ordering::Relaxed);
            }
            run
        });
        let main = main(flags);
        if main.finished() {
            done.store(true, Ordering::Relaxed);
        }
        // The other thread only panics on a bug; the main answer stands alone then.
        (main, other.join().ok())
    });
    match other {
        Some(other) if other.finished() && !main.finished() => other,
        Some(other) if !main.finished() && other.solutions.len() > main.solutions.len() => other,
        _ => main,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::random_set;
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
    fn agree_with_search<T>(
        puzzles: &[Puzzle],
        threads: usize,
        run: impl Fn(&Runner<'_, '_>, &Grid) -> (Run, T),
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
                };
                let crate::solve::Root::Grid(root) = crate::solve::root(puzzle, &[], None) else {
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

    /// One thread's turns with the plain-order learner joining the guided one from the first
    /// learning turn: the same verdicts and solutions as the search, whichever learner answers,
    /// and the work of both counted.
    #[test]
    fn turns_of_two_learners_agree_with_search() {
        let mut learnt = 0;
        agree_with_search(
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
                    // Both learners made decisions (the plain one runs first in each turn).
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
            agree_with_search(
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
}
