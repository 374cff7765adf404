//! Restarts on the Luby schedule, and the target phases that make them cheap.
//!
//! A restart undoes every decision, so that the activities learnt since can reorder them; what
//! it would lose is the progress of the current descent. Target phases keep that: at each
//! conflict the longest conflict-free trail since the last restart is remembered, and decisions
//! take a cell's target value before its saved phase (see [`super::decide`]). The schedule is
//! Luby's (Luby, Sinclair and Zuckerman, *Optimal speedup of Las Vegas algorithms*, 1993) in
//! units of [`RESTART_UNIT`] conflicts.

use super::Learner;

/// Conflicts per Luby unit between restarts. With target phases a restart costs less of the
/// progress made, and units of 100 to 3,000 measured alike on hard tournament puzzles; 1,000
/// was ahead on random 30×30 puzzles (7.5 s against 8.9 s for 1,000 puzzles, BENCHMARKS.md).
pub(super) const RESTART_UNIT: u64 = 1000;

/// Where the learner is on the restart schedule.
#[derive(Debug)]
pub(super) struct Restarts {
    /// Conflicts since the last restart.
    pub conflicts: u64,
    /// Restarts so far: the index into the Luby sequence.
    pub count: u32,
    /// Conflicts per Luby unit ([`RESTART_UNIT`]; tests shrink it to exercise restarts).
    pub unit: u64,
}

impl Restarts {
    /// At the start of the schedule.
    pub fn new() -> Restarts {
        Restarts {
            conflicts: 0,
            count: 0,
            unit: RESTART_UNIT,
        }
    }

    /// Whether to restart now: after a Luby number of units of conflicts. (Glucose's rule,
    /// restarting when recent clauses have a worse LBD than the average, was tried: three
    /// times slower on hard tournament puzzles.)
    pub fn due(&self) -> bool {
        self.conflicts >= self.unit * luby(self.count)
    }
}

/// The Luby sequence 1 1 2 1 1 2 4 1 1 2 ..., term `i` (from 0).
fn luby(i: u32) -> u64 {
    // Find the complete prefix (of length 2^k - 1) holding term i, then descend into it.
    let mut x = u64::from(i);
    let (mut size, mut power) = (1u64, 0u32);
    while size < x + 1 {
        power += 1;
        size = 2 * size + 1;
    }
    while size - 1 != x {
        size = (size - 1) / 2;
        power -= 1;
        x %= size;
    }
    1 << power
}

impl Learner<'_> {
    /// Restarts: back to level 0, and a fresh target.
    pub(super) fn restart(&mut self) {
        self.restarts.conflicts = 0;
        self.restarts.count += 1;
        self.backtrack(0);
        self.phases.target_len = 0;
    }

    /// At a conflict, keeps the values of the trail below the current decision level (which
    /// propagated without conflict) as the target phases, if that trail is the longest since the
    /// last restart. Decisions take a cell's target value before its saved phase: the solver
    /// then heads back towards the largest consistent partial grid it has seen, instead of only
    /// repeating each cell's last value (Biere and Fleury's target phases, in CaDiCaL and
    /// Kissat). On the hardest tournament puzzles this more than halved the learner's time, on
    /// random 30×30 puzzles with uniqueness it took off a sixth (BENCHMARKS.md).
    pub(super) fn remember_target(&mut self) {
        let clean = self.trail.lim.last().copied().unwrap_or(0);
        if clean > self.phases.target_len {
            self.phases.target_len = clean;
            for &lit in &self.trail.lits[..clean] {
                self.phases.target[lit.var().index()] = Some(lit.is_filled());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::lit::{Lit, Var};
    use super::super::trail::Reason;
    use super::*;
    use crate::grid::Grid;
    use crate::{Clue, Puzzle};

    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn the_target_is_the_longest_trail_below_a_conflict() {
        // Clue 1 on every line of 5×5: a permutation matrix, and nothing fixed at the root.
        let clues = || (0..5).map(|_| Clue::new([1])).collect::<Vec<_>>();
        let puzzle = Puzzle::new(clues(), clues()).unwrap();
        let mut learner = Learner::new(&puzzle, 1);
        assert!(learner.start_from(&Grid::new(5, 5)));
        assert!(learner.trail.lits.is_empty());
        let decide = |learner: &mut Learner<'_>, v: usize, filled: bool| {
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
                Some(lit.is_filled())
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
}
