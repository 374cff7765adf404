//! Restarts on the Luby schedule, the target phases that make them cheap, and rephasing.
//!
//! A restart undoes every decision, so that the activities learnt since can reorder them; what
//! it would lose is the progress of the current descent. Target phases keep that: at each
//! conflict the longest conflict-free trail since the last restart is remembered, and decisions
//! take a cell's target value before its saved phase (see [`super::decide`]). The schedule is
//! Luby's (Luby, Sinclair and Zuckerman, *Optimal speedup of Las Vegas algorithms*, 1993) in
//! units of conflicts that the kind sets (`LearnLines::RESTART_UNIT`).

use super::Learner;
use crate::kind::learn::LearnLines;
use crate::kind::lit::Lit;
use crate::kind::Kind;

/// What a rephase sets the phases to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rephase {
    /// The values of the longest conflict-free trail since the last rephase.
    Best,
    /// The phases the learner started with (the guided ones, when guided).
    Original,
    /// Random values (reproducible: seeded by the rephase's number).
    Random,
}

/// The rephases, in turn (each scheme of the cycle measured against the others in
/// BENCHMARKS.md: inverted phases, Kissat's other scheme, did not pay on nonograms). A kind
/// without random phases (`LearnLines::RANDOM_PHASES`) cycles through the first two.
const SCHEDULE: [Rephase; 4] = [
    Rephase::Best,
    Rephase::Original,
    Rephase::Best,
    Rephase::Random,
];

/// Takes the values of `trail` into `phases` if it is longer than `*len`, the length of the
/// trail they hold now (variables off it keep what they had).
fn keep_if_longer(trail: &[Lit], phases: &mut [Option<bool>], len: &mut usize) {
    if trail.len() > *len {
        *len = trail.len();
        for &lit in trail {
            phases[lit.var().index()] = Some(lit.is_positive());
        }
    }
}

impl<K: Kind> Learner<'_, K> {
    /// Restarts: back to level 0, and a fresh target; rephases when due.
    pub(super) fn restart(&mut self) {
        self.restarts.conflicts = 0;
        self.restarts.count += 1;
        self.backtrack(0);
        self.phases.target_len = 0;
        if self.restarts.rephase_unit > 0 && self.stats.backtracks >= self.restarts.next_rephase {
            self.rephase();
        }
    }

    /// At a conflict, keeps the values of the trail below the current decision level (which
    /// propagated without conflict) as the target phases, if that trail is the longest since the
    /// last restart. Decisions take a cell's target value before its saved phase: the solver
    /// then heads back towards the largest consistent partial grid it has seen, instead of only
    /// repeating each cell's last value (Biere and Fleury's target phases, in CaDiCaL and
    /// Kissat). On the hardest tournament puzzles this more than halved the learner's time, on
    /// random 30×30 puzzles with uniqueness it took off a sixth (BENCHMARKS.md).
    ///
    /// The same trail becomes the best phases if it is the longest since the last rephase
    /// ([`Learner::rephase`]); and at the first conflict the phases as they were (the guided
    /// ones, before any backtrack saved another) are kept as the original ones.
    pub(super) fn remember_target(&mut self) {
        let clean = &self.trail.lits[..self.trail.lim.last().copied().unwrap_or(0)];
        let phases = &mut self.phases;
        keep_if_longer(clean, &mut phases.target, &mut phases.target_len);
        keep_if_longer(clean, &mut phases.best, &mut phases.best_len);
        if self.phases.original.is_empty() {
            self.phases.original = self.phases.saved.clone();
        }
    }

    /// Rephases (at a restart): sets every cell's saved phase to its best, original or a random
    /// value, as [`SCHEDULE`] says in turn, and forgets the target phases, which would
    /// otherwise override it. Target phases steer each descent back to the largest consistent
    /// grid since the last restart; on a puzzle whose solutions are rare that grid can be a
    /// trap the learner keeps returning to. Rephasing (Biere and Fleury, in CaDiCaL and Kissat)
    /// moves it elsewhere now and then, and back to the best grid in between. It took three
    /// fifths off 900 random 35×35 puzzles, a seventh to a half off five of the six tournament
    /// sets, and two thirds off the tail set on two threads (BENCHMARKS.md).
    pub(super) fn rephase(&mut self) {
        let cycle = if K::Lines::RANDOM_PHASES {
            &SCHEDULE[..]
        } else {
            &SCHEDULE[..2]
        };
        let mode = cycle[self.restarts.rephases as usize % cycle.len()];
        self.restarts.rephases += 1;
        self.restarts.next_rephase = self.stats.backtracks
            + self.restarts.rephase_unit * u64::from(self.restarts.rephases + 1);
        let phases = &mut self.phases;
        match mode {
            Rephase::Best => {
                for (saved, best) in phases.saved.iter_mut().zip(&phases.best) {
                    if let Some(b) = best {
                        *saved = *b;
                    }
                }
            }
            // No conflict yet, so nothing to return to: the saved phases are the original ones.
            Rephase::Original if phases.original.is_empty() => {}
            Rephase::Original => phases.saved.copy_from_slice(&phases.original),
            Rephase::Random => {
                let mut rng = crate::generate::Rng::new(u64::from(self.restarts.rephases));
                for saved in &mut phases.saved {
                    *saved = rng.next_u64() & 1 == 1;
                }
            }
        }
        phases.best_len = 0;
        phases.target_len = 0;
        phases.target.fill(None);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::BwLearner;
    use super::*;
    use crate::kind::lit::{Lit, Var};
    use crate::kind::trail::Reason;
    use crate::kinds::black_white::Grid;
    use crate::{Clue, Puzzle};

    #[test]
    fn the_target_is_the_longest_trail_below_a_conflict() {
        // Clue 1 on every line of 5×5: a permutation matrix, and nothing fixed at the root.
        let clues = || (0..5).map(|_| Clue::new([1])).collect::<Vec<_>>();
        let puzzle = Puzzle::new(clues(), clues()).unwrap();
        let mut learner = BwLearner::new(&puzzle, 1);
        assert!(learner.start_from(&Grid::new(5, 5)));
        assert!(learner.trail.lits.is_empty());
        let decide = |learner: &mut BwLearner<'_>, v: usize, filled: bool| {
            learner.trail.lim.push(learner.trail.lits.len());
            learner.assign(Lit::new(Var::new(v), filled), Reason::None);
        };
        // Decide (0, 0) filled, then (2, 2) filled, each followed by propagation.
        for v in [0, 12] {
            decide(&mut learner, v, true);
            assert!(learner.propagate().is_none());
        }
        // A conflict now would undo the second level: the first is the clean trail.
        let clean = learner.trail.lim[1];
        assert!(clean > 1, "(0, 0) filled empties its row and column");
        learner.remember_target();
        assert_eq!(learner.phases.target_len, clean);
        for &lit in &learner.trail.lits[..clean] {
            assert_eq!(
                learner.phases.target[lit.var().index()],
                Some(lit.is_positive())
            );
        }
        assert_eq!(
            learner.phases.target[12], None,
            "the last level is not in the target"
        );
        // A shorter clean trail leaves the target alone.
        learner.backtrack(0);
        decide(&mut learner, 6, false);
        decide(&mut learner, 18, true);
        learner.remember_target();
        assert_eq!(learner.phases.target_len, clean);
        assert_eq!(
            learner.phases.target[6], None,
            "the shorter trail was not recorded"
        );
        assert_eq!(learner.phases.target[0], Some(true));
    }

    /// The rephases follow the schedule: the best trail's values (the rest kept), the original
    /// phases, the best again, random ones; each forgets the target, and they come ever further
    /// apart.
    #[test]
    fn rephases_follow_the_schedule() {
        let clues = || (0..5).map(|_| Clue::new([1])).collect::<Vec<_>>();
        let puzzle = Puzzle::new(clues(), clues()).unwrap();
        let mut learner = BwLearner::new(&puzzle, 1);
        assert!(learner.start_from(&Grid::new(5, 5)));
        // Original phases: all empty but cell 3; best trail: cell 0 filled, cell 1 empty.
        learner.phases.saved[3] = true;
        learner.phases.original = learner.phases.saved.clone();
        learner.phases.best[0] = Some(true);
        learner.phases.best[1] = Some(false);
        learner.phases.best_len = 2;
        learner.phases.saved[1] = true;
        learner.phases.saved[3] = false;
        let saved = learner.phases.saved.clone();
        learner.phases.target[4] = Some(true);
        learner.phases.target_len = 7;

        learner.rephase();
        let mut want = saved.clone();
        want[0] = true;
        want[1] = false;
        assert_eq!(learner.phases.saved, want, "best");
        assert!(learner.phases.target.iter().all(Option::is_none));
        assert_eq!((learner.phases.target_len, learner.phases.best_len), (0, 0));
        let first = learner.restarts.next_rephase;
        learner.rephase();
        assert_eq!(learner.phases.saved, learner.phases.original, "original");
        assert!(learner.restarts.next_rephase - learner.stats.backtracks > first);
        learner.rephase();
        learner.rephase();
        assert_ne!(learner.phases.saved, learner.phases.original, "random");
        assert_eq!(learner.restarts.rephases, 4);
    }

    /// A kind without random phases (colour) cycles through the best and the original phases
    /// only.
    #[test]
    fn colour_rephases_alternate_best_and_original() {
        use crate::generate::{random_colour_puzzle, Rng};
        use crate::kinds::Coloured;
        let puzzle = random_colour_puzzle(&mut Rng::new(3), 6, 6, 2, 0.4);
        let mut learner = Learner::<Coloured>::new(&puzzle, 1);
        learner.phases.saved[0] = false;
        learner.phases.original = learner.phases.saved.clone();
        learner.phases.best[1] = Some(false);
        for round in 0..4 {
            learner.phases.saved[2] = round % 2 == 0;
            learner.rephase();
            if round % 2 == 0 {
                assert!(!learner.phases.saved[1], "best, round {round}");
            } else {
                assert_eq!(
                    learner.phases.saved, learner.phases.original,
                    "round {round}"
                );
            }
        }
    }
}
