//! Conflict analysis: from a conflict to the clause that is learnt from it, by first-UIP
//! resolution (Marques-Silva and Sakallah's GRASP, as refined in Chaff and MiniSat), then
//! recursive minimisation (Sörensson and Biere, *Minimizing learned clauses*, SAT 2009).
//!
//! Resolution walks the trail back from the conflict, replacing each cell of the current level
//! by its reason, until one cell of that level is left: the unique implication point. Reasons
//! of line deductions are explained lazily ([`super::explain`]), so analysis is where the line
//! solver's explanations are built, and the one place that pays for them.

use super::explain::Span;
use super::Learner;
use crate::kind::lit::{Lit, Var};
use crate::kind::trail::Reason;
use crate::kind::Kind;

/// Scratch of conflict analysis, kept between conflicts to avoid allocating.
#[derive(Debug)]
pub(super) struct Analysis {
    /// Per cell: met during the current analysis (or, in minimisation, known to follow from the
    /// clause).
    seen: Vec<bool>,
    /// Cells marked `seen` by minimisation, to clear.
    marked: Vec<Var>,
    /// Minimisation's work stack.
    stack: Vec<u32>,
    /// Per decision level, the stamp of the last [`Learner::lbd`] call that met it.
    level_stamps: Vec<u32>,
    stamp: u32,
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
