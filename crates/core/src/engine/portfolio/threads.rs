//! Two threads or more: the one-thread turns on the first, learners in other orders on the
//! second, whole one-thread solves in orders of their own on the others, racing.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use nonogram_model::Picture;

use super::pool::reseeded;
use super::{plain_joins, Order, Run, Runner, RESEED_UNIT};
use crate::config::Config;
use crate::engine::learn::LearnState;
use crate::engine::search::{Finish, Search};
use crate::kind::Kind;
use crate::termination::{StopFlags, Termination};

impl<'p, K: Kind> Runner<'_, 'p, K> {
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
    pub(super) fn portfolio(&self, root: K::Grid, threads: usize, flags: StopFlags<'_>) -> Run {
        let hint = match self.symmetric_start(flags) {
            Ok(hint) => hint,
            Err(answer) => return answer,
        };
        race(
            flags,
            threads - 1,
            |thread, flags| match thread {
                1 => {
                    // A kind without guidance would run the second thread's learner unbroken:
                    // reseeding an unguided colour learner (a new order, its targets dropped)
                    // cost 30×30 colour puzzles about a sixth more processor time
                    // (BENCHMARKS.md, eighteenth session). Both kinds are guided since issue 43.
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

    /// The portfolio's second thread: the search's probing of `root`, then a guided learner
    /// perturbed by the next seed from the probed root and reseeded after spans of `unit` times
    /// the Luby sequence ([`RESEED_UNIT`]), replaced after `switch` conflicts by a learner in
    /// the plain order started afresh. The replaced learner's work is counted, and
    /// the solutions it found are kept if the run stops before a verdict (a time limit, or the
    /// other thread's answer).
    pub(super) fn second_thread(
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
