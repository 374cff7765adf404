//! Propagation to a fixpoint from the kind's rules and two sources: the learnt clauses, by two
//! watched literals (as in MiniSat), and the exact line solver, run on every line whose facts
//! changed.
//!
//! Clauses go first: they are cheap, and what they fix may spare a line solve. A line's
//! deductions record only which line fixed the literal and when ([`Reason::Line`]); the reason
//! itself is explained later, if ever ([`super::explain`]). Colour's cell rule (exactly one
//! entry per cell) goes before both: it is cheaper still.

use super::clauses::Watch;
use super::parts::Conflict;
use super::Learner;
use crate::kind::learn::LearnLines;
use crate::kind::lit::Value;
use crate::kind::trail::{ClauseRef, Reason};
use crate::kind::Kind;

impl<K: Kind> Learner<'_, K> {
    /// Propagates the cells' rules, clauses and lines to a fixpoint, or returns the conflict.
    pub(super) fn propagate(&mut self) -> Option<Conflict> {
        loop {
            if let Some(cell) = self.lines.propagate_cells(&mut self.trail) {
                self.lines.clear_queue();
                return Some(Conflict::Cell(cell));
            }
            if let Some(conflict) = self.propagate_clauses() {
                return Some(Conflict::Clause(conflict));
            }
            if !self.lines.cells_done(&self.trail) {
                continue;
            }
            let slot = self.lines.next_dirty()?;
            self.stats.line_solves += 1;
            if !self.lines.solve(slot, &mut self.trail) {
                // Other lines may still be queued: drop them, the conflict undoes this level.
                self.lines.clear_queue();
                return Some(Conflict::Line(slot));
            }
        }
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
