//! A pool of learners taking turns on one thread, each in an order of its own, and a guided
//! learner reseeded in spans: the two answers to the heavy tail of run times over orders.

use nonogram_model::Picture;

use super::{guidance_stop, Order, Run, Runner, POOL_UNIT};
use crate::config::Stats;
use crate::engine::learn::{self, LearnState, Learner};
use crate::kind::Kind;
use crate::termination::{StopFlags, Termination};

impl<'p, K: Kind> Runner<'_, 'p, K> {
    /// The `j`-th learner of the pool numbered `pool`, from `root`. Pool 0 joins the turns of
    /// a one-thread solve, and those of each portfolio thread from the third on (one-thread
    /// solves of their own seeds); other numbers serve tests and experiments. The first learner
    /// is guided (and reseeded as it goes, see [`Pool`]); the second in the plain order,
    /// unperturbed in pool 0 of the solve's own seed (the plain order that answers where
    /// guidance misleads, TCGA 2020 #538), perturbed elsewhere; then guided and plain in turn.
    /// No two learners of one solve share a seed.
    pub(super) fn pool_learner(
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
pub(super) struct Pool<'p, K: Kind> {
    pub(super) learners: Vec<Learner<'p, K>>,
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
    pub(super) unit: u64,
}

impl<'p, K: Kind> Pool<'p, K> {
    /// The pool numbered `pool` ([`Runner::pool_learner`]) of a solve whose seed is `seed`
    /// ([`Config::seed`]).
    pub(super) fn new(pool: usize, seed: u64, most: usize) -> Pool<'p, K> {
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
    pub(super) fn run(
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
    pub(super) fn next_span(
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
    pub(super) fn stats(&self) -> Stats {
        let mut stats = Stats::default();
        for learner in &self.learners {
            stats += learner.stats();
        }
        stats
    }

    /// The pool's answer after [`Pool::run`] returned `state`: the leading learner's verdict,
    /// or, stopped before one, every solution any learner found; the work of all.
    pub(super) fn into_run(mut self, state: LearnState) -> Run {
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
pub(super) fn reseeded<K: Kind>(
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
