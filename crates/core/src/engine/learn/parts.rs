//! The learner's parts that its algorithms share: the state each keeps between calls, apart from
//! the algorithms themselves (methods of [`Learner`](super::Learner) in the files named after
//! them). The learner's struct is made of these and of the clause arena ([`super::clauses`]),
//! the explanations' arena ([`super::explain`]) and the variable heap ([`super::heap`]); the
//! algorithms import it, and nothing here imports an algorithm, so the imports run one way.

use std::collections::HashSet;

use nonogram_model::Picture;

use crate::kind::lit::{Lit, Var};
use crate::kind::trail::ClauseRef;

/// Scratch of conflict analysis, kept between conflicts to avoid allocating.
#[derive(Debug)]
pub(super) struct Analysis {
    /// Per cell: met during the current analysis (or, in minimisation, known to follow from the
    /// clause).
    pub(super) seen: Vec<bool>,
    /// Cells marked `seen` by minimisation, to clear.
    pub(super) marked: Vec<Var>,
    /// Minimisation's work stack.
    pub(super) stack: Vec<u32>,
    /// Per decision level, the stamp of the last [`Learner::lbd`] call that met it.
    pub(super) level_stamps: Vec<u32>,
    pub(super) stamp: u32,
    /// The learnt clause's buffer, handed back after each conflict (growing a new one from
    /// nothing, a few reallocations per conflict, was about 3% of the time).
    pub learnt: Vec<Lit>,
}

impl Analysis {
    /// Scratch for `cells` cells.
    pub fn new(cells: usize) -> Analysis {
        Analysis {
            seen: vec![false; cells],
            marked: Vec::new(),
            stack: Vec::new(),
            level_stamps: Vec::new(),
            stamp: 0,
            learnt: Vec::new(),
        }
    }
}

/// The value each variable is decided with.
#[derive(Debug)]
pub(super) struct Phases {
    /// Per variable: the value it last had (phase saving).
    pub saved: Vec<bool>,
    /// Target phases: per variable, the value it had on the longest conflict-free trail since
    /// the last restart (`None` if it was not on it), and that trail's length. See
    /// [`Learner::remember_target`].
    pub target: Vec<Option<bool>>,
    pub target_len: usize,
    /// Best phases: the values of the longest conflict-free trail since the last rephase, and
    /// that trail's length; variables off it keep their value from an earlier best trail
    /// (`None` if none had them). See [`Learner::rephase`].
    pub best: Vec<Option<bool>>,
    pub best_len: usize,
    /// The phases the learner started from (the guided ones, if guided), taken at its first
    /// conflict; empty before.
    pub original: Vec<bool>,
}

impl Phases {
    /// Every variable decided `first` (see `LearnLines::FIRST_PHASE`), no target.
    pub fn new(vars: usize, first: bool) -> Phases {
        Phases {
            saved: vec![first; vars],
            target: vec![None; vars],
            target_len: 0,
            best: vec![None; vars],
            best_len: 0,
            original: Vec::new(),
        }
    }

    /// The value to decide `v` with: its target phase, else its saved phase.
    #[inline]
    pub fn value(&self, v: Var) -> bool {
        self.target[v.index()].unwrap_or(self.saved[v.index()])
    }
}

/// Where a propagation failed.
pub(super) enum Conflict {
    /// Every literal of this clause is false.
    Clause(ClauseRef),
    /// This line slot's facts admit no placement.
    Line(usize),
    /// This cell's rule is broken (colour: two entries, or none).
    Cell(u32),
}

/// How many images were learnt, and how many dropped.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Images {
    pub learnt: u64,
    pub dropped: u64,
}

/// The solutions found so far.
#[derive(Debug)]
pub(super) struct Solutions {
    /// Stop after this many.
    pub(super) max: usize,
    /// Found and not yet taken, in the order found.
    pub(super) found: Vec<Picture>,
    /// Every solution found (the learner never finds one twice, but taking them empties
    /// `found`).
    pub(super) seen: HashSet<Picture>,
}

impl Solutions {
    /// None yet, enough at `max` (at least 1).
    pub fn new(max: usize) -> Solutions {
        Solutions {
            max: max.max(1),
            found: Vec::new(),
            seen: HashSet::new(),
        }
    }

    /// How many solutions were found since the last [`Solutions::take`].
    pub fn len(&self) -> usize {
        self.found.len()
    }

    /// The solutions found since the last call.
    pub fn take(&mut self) -> Vec<Picture> {
        std::mem::take(&mut self.found)
    }
}

/// Conflicts from the start to the first rephase; the `k`-th rephase comes `k + 1` times as
/// many conflicts after the one before (Kissat's arithmetic schedule).
pub(super) const REPHASE_UNIT: u64 = 1000;

/// Where the learner is on the restart schedule.
#[derive(Debug)]
pub(super) struct Restarts {
    /// Conflicts since the last restart.
    pub conflicts: u64,
    /// Restarts so far: the index into the Luby sequence.
    pub count: u32,
    /// Conflicts per Luby unit (the kind's; tests shrink it to exercise restarts).
    pub unit: u64,
    /// Rephases so far.
    pub rephases: u32,
    /// The conflict count (over the whole run) at which the next rephase is due.
    pub next_rephase: u64,
    /// Conflicts before the first rephase, and the growth of the interval per rephase (0: never).
    pub rephase_unit: u64,
}

impl Restarts {
    /// At the start of the schedule, restarting after Luby multiples of `unit` conflicts.
    pub fn new(unit: u64) -> Restarts {
        Restarts {
            conflicts: 0,
            count: 0,
            unit,
            rephases: 0,
            next_rephase: REPHASE_UNIT,
            rephase_unit: REPHASE_UNIT,
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
pub(crate) fn luby(i: u32) -> u64 {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
