//! Decisions: which variable to decide next, and which way.
//!
//! The variable is the most active unassigned one ([`super::heap`]); the value is its target
//! phase if it has one ([`super::restart`]), else its saved phase, the value it last had. The
//! first decisions, before conflicts have given the activities any meaning, are where the order
//! matters most and where the learner knows least; [`Learner::guide`] orders them by each
//! literal's chance, estimated from the clues, and [`Learner::diversify`] perturbs that order
//! reproducibly.

use nonogram_model::Picture;

use super::Learner;
use crate::generate::Rng;
use crate::kind::learn::LearnLines;
use crate::kind::lit::Var;
use crate::kind::Kind;
use crate::marginals::Rounds;

/// The largest initial activity [`Learner::guide`] gives (the first conflict bumps by 1).
const GUIDE_SCALE: f64 = 1e-3;
/// The most steps of the lines' programmes [`Learner::guide`] takes (over all its rounds): about
/// a tenth of a second.
const GUIDE_WORK: usize = 1 << 25;

impl<K: Kind> Learner<'_, K> {
    /// The unassigned variable of highest activity.
    pub(super) fn pick(&mut self) -> Option<Var> {
        while let Some(v) = self.heap.pop() {
            if self.trail.is_unknown(v) {
                return Some(v);
            }
        }
        None
    }

    /// Perturbs the initial branching order with small random activities (call before
    /// [`Learner::guide`], whose activities add to these), so that the learner explores
    /// differently. A quarter of the guidance's scale: the guidance mostly survives, and cells
    /// about as sure as each other change places. Conflicts soon dominate the activities; the
    /// early decisions, which shape the run, differ.
    pub fn diversify(&mut self, seed: u64) {
        let mut rng = Rng::new(seed);
        for activity in &mut self.heap.activity {
            *activity = rng.next_f64() * GUIDE_SCALE / 4.0;
        }
        self.heap.rebuild();
    }

    /// Starts the decisions afresh, keeping what was learnt: back to level 0, the activities of
    /// a new learner perturbed by `seed` ([`Learner::diversify`]), and the cells' phases and
    /// order guided again ([`Learner::guide`], which `stop` interrupts) from what level 0 now
    /// knows; the target phases are forgotten. The learnt clauses, the solutions found and the
    /// restart schedule stay.
    ///
    /// For the tail of a guided learner's run times: on a puzzle whose solutions are rare the
    /// early decisions can lead the run into a region it does not leave, restarts and rephases
    /// notwithstanding (the activities and phases keep bringing it back), where another order
    /// finds a solution at once (random 30×30 s1 #7533: 18 s in the default orders, a few
    /// milliseconds in six other seeds'). A reseeded learner draws again without losing its
    /// clauses, so a puzzle that needs many conflicts in every order still gets them.
    pub fn reseed(&mut self, seed: u64, stop: impl FnMut() -> bool) {
        self.backtrack(0);
        self.heap.reset_increment();
        self.diversify(seed);
        self.phases.target.fill(None);
        self.phases.target_len = 0;
        self.guide(stop);
    }

    /// Takes the values of a known solution as every variable's phase and target: the first
    /// descent then reaches it without a conflict (propagation from a subset of a solution never
    /// contradicts), and later ones search around it for another.
    pub fn follow(&mut self, solution: &Picture) {
        for v in 0..self.phases.saved.len() {
            let value = self.lines.value_in(solution, Var::new(v));
            self.phases.saved[v] = value;
            self.phases.target[v] = Some(value);
        }
    }

    /// Guides the first decisions by the clues (call after [`Learner::start_from`]). Each
    /// unknown literal's chance `p` is estimated by belief propagation over the lines, given the
    /// facts of level 0 ([`LearnLines::chances`], [`crate::marginals`]; for colour, each cell's
    /// chance of taking each entry, `crate::kinds::colour::marginals`). The likelier value
    /// becomes the variable's phase, and the estimate's certainty `|2p − 1|` its initial
    /// activity, so the surest variables are decided first, each the likely way (each kind
    /// says how, [`LearnLines::guidance`]). The activities are [`GUIDE_SCALE`] at most, below
    /// the first conflict's bump, so conflicts take over the order at once; the early
    /// decisions, which shape the run, are the guided ones.
    ///
    /// On the tournament sets the first round alone (each line's plain pattern shares, taken as
    /// independent evidence) took 10–20% off the time; the later rounds, which let each line's
    /// view reach far cells through the crossing lines, took three quarters off what remained
    /// (BENCHMARKS.md). Not every puzzle gains: on the n-Dom family, built so that no line says
    /// much, the guided order is no faster than the plain one, row by row, and a few puzzles
    /// yield faster to the plain one, which is why `auto` runs a learner in the plain order too
    /// (on a second thread, or once a puzzle proves hard).
    ///
    /// The rounds are capped so that they take at most [`GUIDE_WORK`] steps of the lines'
    /// programmes ([`LearnLines::round_work`] per round); a puzzle too large for one round
    /// keeps the plain order: it spends its time elsewhere. (Counting `(runs + 1) · (cells + 1)`
    /// per line instead of the slack left random 300×300 puzzles two rounds, and two of four
    /// timed out at 60 s; with the rounds they take 2.4–5.6 s.)
    ///
    /// The rounds stop when `stop` says so (asked before each line), with the estimate so far.
    pub fn guide(&mut self, stop: impl FnMut() -> bool) {
        let work = self.lines.round_work();
        let rounds = Rounds::default();
        let rounds = Rounds {
            max: rounds.max.min(GUIDE_WORK / work.max(1)),
            ..rounds
        };
        if work == 0 || rounds.max == 0 {
            return;
        }
        let Some(chances) = self.lines.chances(&self.trail, rounds, stop) else {
            // Level 0 contradicts (the first propagation will say so), or no estimate.
            return;
        };
        for (v, p) in chances.into_iter().enumerate() {
            let var = Var::new(v);
            if !self.trail.is_unknown(var) {
                continue;
            }
            let (value, certainty) = K::Lines::guidance(p);
            // A solution being followed keeps its values.
            if self.phases.target[v].is_none() {
                self.phases.saved[v] = value;
            }
            self.heap.activity[v] += certainty * GUIDE_SCALE;
        }
        self.heap.rebuild();
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::BwLearner;
    use super::*;
    use crate::generate::random_puzzle;
    use crate::kinds::black_white::Grid;

    /// The guided order's first decision is a cell whose estimate is surest, taken the likely
    /// way (the estimate itself is tested in `marginals`).
    #[test]
    fn guide_decides_the_surest_cell_first() {
        const W: usize = 12;
        const H: usize = 10;
        let mut checked = 0;
        for seed in 0..40 {
            let puzzle = random_puzzle(&mut Rng::new(seed), W, H, 0.5);
            let mut learner = BwLearner::new(&puzzle, 2);
            if !learner.start_from(&Grid::new(W, H)) {
                continue;
            }
            learner.guide(|| false);
            let chance = learner
                .lines
                .chances(&learner.trail, Rounds::default(), || false)
                .expect("level 0 is consistent");
            let unknown: Vec<usize> = (0..W * H)
                .filter(|&v| learner.trail.is_unknown(Var::new(v)))
                .collect();
            if unknown.is_empty() {
                continue;
            }
            let surest = unknown
                .iter()
                .map(|&v| (2.0 * chance[v] - 1.0).abs())
                .fold(0.0, f64::max);
            let v = learner.pick().expect("an unknown cell").index();
            let p = chance[v];
            assert!(
                (2.0 * p - 1.0).abs() >= surest - 1e-9,
                "seed {seed}: cell {v}"
            );
            if (p - 0.5).abs() > 1e-9 {
                assert_eq!(learner.phases.saved[v], p > 0.5, "seed {seed}: cell {v}");
            }
            checked += 1;
        }
        assert!(checked >= 20, "{checked} puzzles left cells unknown");
    }

    /// Colour: the first decision is a cell's entry whose estimate is surest among the
    /// unknown ones, decided the likely way, from a root that probing has not touched.
    #[test]
    fn guide_decides_the_surest_colour_entry_first() {
        use crate::generate::random_colour_puzzle;
        use crate::kinds::colour::ColourGrid;
        use crate::kinds::Coloured;
        const SIDE: usize = 12;
        let mut checked = 0;
        for seed in 0..40 {
            let puzzle = random_colour_puzzle(&mut Rng::new(seed), SIDE, SIDE, 3, 0.4);
            let mut learner = Learner::<Coloured>::new(&puzzle, 2);
            if !learner.start_from(&ColourGrid::new(SIDE, SIDE, 4)) {
                continue;
            }
            learner.guide(|| false);
            let chance = learner
                .lines
                .chances(&learner.trail, Rounds::default(), || false)
                .expect("level 0 is consistent");
            let unknown: Vec<usize> = (0..chance.len())
                .filter(|&v| learner.trail.is_unknown(Var::new(v)))
                .collect();
            if unknown.is_empty() {
                continue;
            }
            let certainty = |p: f64| (2.0 * p - 1.0).abs();
            let surest = unknown
                .iter()
                .map(|&v| certainty(chance[v]))
                .fold(0.0, f64::max);
            let v = learner.pick().expect("an unknown entry").index();
            let p = chance[v];
            assert!(certainty(p) >= surest - 1e-9, "seed {seed}: variable {v}");
            if (p - 0.5).abs() > 1e-9 {
                assert_eq!(
                    learner.phases.saved[v],
                    p > 0.5,
                    "seed {seed}: variable {v}"
                );
            }
            checked += 1;
        }
        assert!(checked >= 20, "{checked} puzzles left cells unknown");
    }
}
