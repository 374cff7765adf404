//! One thread: the early learner's turn, then search and learning in turns of doubling length,
//! a pool of learners joining the guided one once the puzzle proves hard.

use web_time::Instant;

use nonogram_model::Picture;

use super::{plain_joins, Order, Pool, Run, Runner};
use super::{EARLY_CONFLICTS, JOINED_LEARNERS, LEARN_SHARE};
use crate::config::Stats;
use crate::engine::learn::{LearnState, Learner};
use crate::engine::search::{Finish, Search};
use crate::kind::Kind;
use crate::termination::{StopFlags, Termination};

impl<'p, K: Kind> Runner<'_, 'p, K> {
    /// Search and learning on one thread: the early learner's turn ([`Runner::early_turn`]),
    /// then turns of doubling length: search for `search_budget` decisions, then the learning
    /// engine for [`LEARN_SHARE`] times as long as that took, and so on. Each resumes where it
    /// stopped (the search keeps its stack, the learner its clauses), so nothing is done twice,
    /// and the learner starts from the search's probed root. The learner's order is the guided
    /// one; once it has met [`PLAIN_JOINS`] conflicts, a [`Pool`] of learners in other orders
    /// (the plain one among them) joins it, with a turn as long as its own.
    pub(super) fn interleaved(&self, root: K::Grid, flags: StopFlags<'_>) -> Run {
        let hint = match self.symmetric_start(flags) {
            Ok(hint) => hint,
            Err(answer) => return answer,
        };
        self.turns(&root, hint.as_ref(), flags)
    }

    /// [`Runner::interleaved`] after its symmetric start (`hint`).
    pub(super) fn turns(
        &self,
        root: &K::Grid,
        hint: Option<&Picture>,
        flags: StopFlags<'_>,
    ) -> Run {
        self.after_early_turn(root, hint, flags, || {
            let mut search = Search::<K>::new(self.puzzle, self.config);
            search.start_from(root.clone());
            self.take_turns(search, root, flags, hint.cloned(), plain_joins::<K>())
        })
    }

    /// The early learner's turn ([`Runner::early_turn`]): its answer if it reached one, else
    /// `then`'s, with the dropped learner's work added to it.
    pub(super) fn after_early_turn(
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
    pub(super) fn early_turn(
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
    pub(super) fn take_turns(
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
}
