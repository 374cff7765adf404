//! Conflict analysis: from a conflict to the clause that is learnt from it, by first-UIP
//! resolution (Marques-Silva and Sakallah's GRASP, as refined in Chaff and MiniSat), then
//! recursive minimisation (Sörensson and Biere, *Minimizing learned clauses*, SAT 2009).
//!
//! Resolution walks the trail back from the conflict, replacing each cell of the current level
//! by its reason, until one cell of that level is left: the unique implication point. Reasons
//! of line deductions are explained lazily ([`super::explain`]), so analysis is where the line
//! solver's explanations are built, and the one place that pays for them.

use super::explain::Span;
use super::parts::Conflict;
use super::Learner;
use crate::kind::learn::{Deduction, LearnLines};
use crate::kind::lit::{Lit, Value, Var};
use crate::kind::trail::{ClauseRef, Reason};
use crate::kind::Kind;

impl<K: Kind> Learner<'_, K> {
    /// First-UIP analysis of a conflict whose literals are all false, with at least one at the
    /// current level. Returns the learnt clause (asserting literal first, then the literal of
    /// the backjump level) and that level.
    pub(super) fn analyze(&mut self, conflict: Span) -> (Vec<Lit>, u32) {
        let current = self.trail.decision_level();
        // The first literal is a placeholder for the asserting one.
        let mut learnt = std::mem::take(&mut self.analysis.learnt);
        learnt.clear();
        learnt.push(Lit::from_code(0));
        let mut pending = 0usize;
        let mut index = self.trail.lits.len();
        let mut lits = conflict;
        let asserting = loop {
            for i in lits.range() {
                let q = self.explanations.lit(i);
                let v = q.var();
                if !self.analysis.seen[v.index()] && self.trail.level(v) > 0 {
                    self.analysis.seen[v.index()] = true;
                    self.heap.bump(v);
                    if self.trail.level(v) >= current {
                        pending += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            loop {
                index -= 1;
                if self.analysis.seen[self.trail.lits[index].var().index()] {
                    break;
                }
            }
            let p = self.trail.lits[index];
            self.analysis.seen[p.var().index()] = false;
            pending -= 1;
            if pending == 0 {
                break !p;
            }
            lits = self.reason_span(p.var());
        };
        learnt[0] = asserting;
        self.minimize(&mut learnt);
        // The literal of the highest level below goes second (it is watched).
        let mut backjump = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for k in 2..learnt.len() {
                if self.trail.level(learnt[k].var()) > self.trail.level(learnt[best].var()) {
                    best = k;
                }
            }
            learnt.swap(1, best);
            backjump = self.trail.level(learnt[1].var());
        }
        (learnt, backjump)
    }

    /// Drops from a learnt clause the literals it implies anyway: those whose reasons lead,
    /// through implied cells only, back to literals of the clause or of level 0 (MiniSat's
    /// recursive minimization). `seen` marks the clause's literals on entry and is cleared on
    /// exit.
    fn minimize(&mut self, learnt: &mut Vec<Lit>) {
        // One bit per decision level of the clause (mod 64): a cell from any other level
        // cannot be implied by the clause, which cuts most failing explorations short.
        let levels = learnt[1..].iter().fold(0u64, |bits, &q| {
            bits | 1 << (self.trail.level(q.var()) % 64)
        });
        let mut marked = std::mem::take(&mut self.analysis.marked);
        marked.clear();
        let mut k = 1;
        while k < learnt.len() {
            let v = learnt[k].var();
            if !matches!(self.trail.reason[v.index()], Reason::None)
                && self.implied(v, levels, &mut marked)
            {
                learnt.swap_remove(k);
                marked.push(v);
            } else {
                k += 1;
            }
        }
        for &v in &marked {
            self.analysis.seen[v.index()] = false;
        }
        for &q in &learnt[1..] {
            self.analysis.seen[q.var().index()] = false;
        }
        self.analysis.marked = marked;
    }

    /// Whether the implied cell `v` follows from cells marked `seen` (and level 0). Cells found
    /// to follow are marked too (and listed in `marked`, to be cleared), so each is explored
    /// once per clause.
    fn implied(&mut self, v: Var, levels: u64, marked: &mut Vec<Var>) -> bool {
        let mut stack = std::mem::take(&mut self.analysis.stack);
        stack.clear();
        stack.push(v.index() as u32);
        let undo = marked.len();
        let mut ok = true;
        'outer: while let Some(u) = stack.pop() {
            let u = Var::new(u as usize);
            for i in self.reason_span(u).range() {
                let w = self.explanations.lit(i).var();
                if self.analysis.seen[w.index()] || self.trail.level(w) == 0 {
                    continue;
                }
                if matches!(self.trail.reason[w.index()], Reason::None)
                    || levels & 1 << (self.trail.level(w) % 64) == 0
                {
                    ok = false;
                    break 'outer;
                }
                self.analysis.seen[w.index()] = true;
                marked.push(w);
                stack.push(w.index() as u32);
            }
        }
        if !ok {
            for &w in &marked[undo..] {
                self.analysis.seen[w.index()] = false;
            }
            marked.truncate(undo);
        }
        self.analysis.stack = stack;
        ok
    }

    /// The number of distinct decision levels among a clause's literals: each level is marked
    /// with this call's stamp when first met (sorting the levels, as before, took about 4% of
    /// the time on tournament puzzles).
    pub(super) fn lbd(&mut self, lits: &[Lit]) -> u32 {
        let analysis = &mut self.analysis;
        analysis.stamp = analysis.stamp.wrapping_add(1);
        if analysis.stamp == 0 {
            // Wrapped around: no level may keep an old stamp that equals a new one.
            analysis.level_stamps.fill(0);
            analysis.stamp = 1;
        }
        let mut lbd = 0;
        for &l in lits {
            let level = self.trail.level(l.var()) as usize;
            if level >= analysis.level_stamps.len() {
                analysis.level_stamps.resize(level + 1, 0);
            }
            if analysis.level_stamps[level] != analysis.stamp {
                analysis.level_stamps[level] = analysis.stamp;
                lbd += 1;
            }
        }
        lbd
    }
}

impl<K: Kind> Learner<'_, K> {
    /// Where in the explanations' arena the false literals that forced variable `v` lie (its
    /// reason clause, without `v` itself): built once per assignment, kept until `v` is
    /// unassigned.
    /// The span is valid until the arena is next added to (the next explanation built).
    pub(super) fn reason_span(&mut self, v: Var) -> Span {
        if let Some(span) = self.explanations.span(v) {
            return span;
        }
        match self.trail.reason[v.index()] {
            Reason::None => self.explanations.store(v, &[]),
            Reason::Clause(c) => {
                let lits = &self.db.lits(c)[1..];
                self.explanations.store(v, lits)
            }
            Reason::Line { slot, stamp } => {
                let deduction = Deduction {
                    slot: slot as usize,
                    stamp,
                    target: Some(v),
                };
                let reason = &mut self.explanations.reason;
                self.lines.explain(deduction, &self.trail, reason);
                self.explanations.store_reason(Some(v))
            }
            Reason::Cell => {
                let cell = v.index() / self.lines.per_cell();
                let reason = &mut self.explanations.reason;
                self.lines.explain_cell(cell, Some(v), &self.trail, reason);
                self.explanations.store_reason(Some(v))
            }
        }
    }

    /// The facts of a line that admit no placement now, or of a cell that break its rule, as
    /// scratch in the explanations' arena ([`Explanations::scratch`]).
    pub(super) fn explain_conflict(&mut self, conflict: Conflict) -> Span {
        let now = self.trail.lits.len() as u32;
        let reason = &mut self.explanations.reason;
        match conflict {
            Conflict::Line(slot) => {
                let deduction = Deduction {
                    slot,
                    stamp: now,
                    target: None,
                };
                self.lines.explain(deduction, &self.trail, reason)
            }
            Conflict::Cell(cell) => {
                self.lines
                    .explain_cell(cell as usize, None, &self.trail, reason)
            }
            Conflict::Clause(c) => {
                reason.clear();
                reason.extend_from_slice(self.db.lits(c));
            }
        }
        self.explanations.store_reason(None)
    }
}

impl<K: Kind> Learner<'_, K> {
    /// Adds a clause: learnt with its literal block distance, or permanent (`None`).
    pub(super) fn add_clause(&mut self, lits: &[Lit], lbd: Option<u32>) -> ClauseRef {
        self.db.add(lits, lbd)
    }

    /// Learns a clause whose first literal is the asserting one, after backjumping to the level
    /// of its second.
    pub(super) fn learn(&mut self, lits: &[Lit], lbd: Option<u32>) {
        let asserting = lits[0];
        if lits.len() == 1 {
            self.assign(asserting, Reason::None);
        } else {
            let clause = self.add_clause(lits, lbd);
            self.assign(asserting, Reason::Clause(clause));
        }
    }

    /// Prunes the learnt clauses (see [`ClauseDb::reduce`]) and points the reasons on the trail
    /// at the clauses' new places.
    pub(super) fn reduce(&mut self) {
        let trail = &self.trail;
        let moved = self.db.reduce(|clause, first| {
            trail.value(first) == Value::True
                && matches!(trail.reason[first.var().index()], Reason::Clause(c) if c == clause)
        });
        for &lit in &self.trail.lits {
            if let Reason::Clause(c) = &mut self.trail.reason[lit.var().index()] {
                let at = moved
                    .binary_search_by_key(c, |m| m.0)
                    .expect("a reason clause is never deleted");
                *c = moved[at].1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use nonogram_model::Picture;

    use super::super::tests::{search_all, BwLearner};
    use super::super::LearnState;
    use crate::generate::{random_puzzle, Rng};
    use crate::termination::Termination;

    /// Lines of more than 128 cells, whose explanations first look for a window around the
    /// deduced cell: the learner finds exactly the search's solutions, each one valid.
    #[test]
    fn agrees_with_search_on_long_lines() {
        let (mut compared, mut conflicts, mut windows) = (0, 0, 0);
        for seed in 0..40 {
            let mut rng = Rng::new(seed);
            let width = rng.range(129, 300);
            let height = rng.range(14, 22);
            let puzzle = random_puzzle(&mut rng, width, height, 0.57);
            let max = 30;
            let Some(want) = search_all(&puzzle, max) else {
                continue;
            };
            let mut learner = BwLearner::new(&puzzle, max + 1);
            learner.restarts.unit = 2;
            let state = learner.run(None, &mut Termination::never());
            assert_eq!(
                state,
                LearnState::Finished { exhausted: true },
                "seed {seed}"
            );
            let got: HashSet<Picture> = learner.take_solutions().into_iter().collect();
            for picture in &got {
                assert!(puzzle.is_solved_by(picture), "seed {seed}");
            }
            assert_eq!(got, want, "seed {seed}");
            compared += 1;
            conflicts += learner.stats().backtracks;
            windows += learner.lines.windows;
        }
        // The puzzles are hard enough to need conflicts, hence explanations, windows among them.
        assert!(
            compared >= 10 && conflicts >= 100 && windows >= 100,
            "{compared} puzzles, {conflicts} conflicts, {windows} windows"
        );
    }
}
