//! Propagation to a fixpoint from two sources: the learnt clauses, by two watched literals (as
//! in MiniSat), and the exact line solver, run on every line whose cells changed.
//!
//! Clauses go first: they are cheap, and what they fix may spare a line solve. A line's
//! deductions record only which line fixed the cell and when ([`Reason::Line`]); the reason
//! itself is explained later, if ever ([`super::explain`]).

use super::clauses::{ClauseRef, Watch};
use super::lit::{Lit, Value};
use super::trail::Reason;
use super::Learner;
use crate::line::{Line, LineSolve};

/// Where a propagation failed.
pub(super) enum Conflict {
    /// Every literal of this clause is false.
    Clause(ClauseRef),
    /// This line slot's known cells admit no placement.
    Line(usize),
}

impl Learner<'_> {
    /// Propagates clauses and lines to a fixpoint, or returns the conflict.
    pub(super) fn propagate(&mut self) -> Option<Conflict> {
        loop {
            if let Some(conflict) = self.propagate_clauses() {
                return Some(Conflict::Clause(conflict));
            }
            let slot = self.lines.next_dirty()?;
            if !self.solve_line(slot) {
                // Other lines may still be queued: drop them, the conflict undoes this level.
                self.lines.clear_queue();
                return Some(Conflict::Line(slot));
            }
        }
    }

    /// Solves one line and assigns what it fixes. Returns false on a contradiction.
    fn solve_line(&mut self, slot: usize) -> bool {
        let (range, len) = self.lines.range(slot);
        let words = range.len();
        let clue = self.lines.clues[slot];
        // No result cache here, unlike the search's propagator: measured with one (TAAI 2011
        // #469 and #591, 12-Dom), the learner was about 4% slower with the same results. Its
        // lookups mostly miss the CPU cache, which costs about what the solve itself does.
        self.stats.line_solves += 1;
        let (filled, empty) = (
            &self.lines.filled[range.clone()],
            &self.lines.empty[range.clone()],
        );
        // Inlined: lines of one word go straight to the cell-parallel solver's `u64` passes.
        if self
            .solver
            .solve(Line::new(clue, len, filled, empty), &mut self.out)
            .is_err()
        {
            return false;
        }
        for w in 0..words {
            self.out.filled[w] &= !self.lines.filled[range.start + w];
            self.out.empty[w] &= !self.lines.empty[range.start + w];
        }
        self.lines.solving(slot, true);
        let stamp = self.trail.lits.len() as u32;
        let reason = Reason::Line {
            slot: slot as u32,
            stamp,
        };
        for w in 0..words {
            for filled in [true, false] {
                let mut bits = if filled {
                    self.out.filled[w]
                } else {
                    self.out.empty[w]
                };
                while bits != 0 {
                    let i = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let v = self.lines.cell(slot, i);
                    self.assign(Lit::new(v, filled), reason);
                }
            }
        }
        self.lines.solving(slot, false);
        true
    }

    /// Visits the clauses watching each newly false literal; returns a conflicting clause.
    fn propagate_clauses(&mut self) -> Option<ClauseRef> {
        while self.trail.qhead < self.trail.lits.len() {
            let false_lit = !self.trail.lits[self.trail.qhead];
            self.trail.qhead += 1;
            let mut watchers = std::mem::take(&mut self.db.watches[false_lit.index()]);
            let (mut i, mut j) = (0, 0);
            let mut conflict = None;
            while i < watchers.len() {
                let watch = watchers[i];
                i += 1;
                if self.trail.value(watch.blocker) == Value::True {
                    watchers[j] = watch;
                    j += 1;
                    continue;
                }
                let lits = self.db.lits_mut(watch.clause);
                if lits[0] == false_lit {
                    lits.swap(0, 1);
                }
                let first = lits[0];
                if first != watch.blocker && self.trail.value(first) == Value::True {
                    watchers[j] = Watch {
                        clause: watch.clause,
                        blocker: first,
                    };
                    j += 1;
                    continue;
                }
                // Find a new literal to watch.
                let mut moved = None;
                for k in 2..lits.len() {
                    if self.trail.value(lits[k]) != Value::False {
                        lits.swap(1, k);
                        moved = Some(lits[1]);
                        break;
                    }
                }
                if let Some(watched) = moved {
                    self.db.watches[watched.index()].push(Watch {
                        clause: watch.clause,
                        blocker: first,
                    });
                    continue;
                }
                watchers[j] = watch;
                j += 1;
                if self.trail.value(first) == Value::False {
                    conflict = Some(watch.clause);
                    while i < watchers.len() {
                        watchers[j] = watchers[i];
                        i += 1;
                        j += 1;
                    }
                } else {
                    self.assign(first, Reason::Clause(watch.clause));
                }
            }
            watchers.truncate(j);
            self.db.watches[false_lit.index()] = watchers;
            if conflict.is_some() {
                self.trail.qhead = self.trail.lits.len();
                return conflict;
            }
        }
        None
    }
}
