//! Conflict analysis: from a conflict to the clause that is learnt from it, by first-UIP
//! resolution (Marques-Silva and Sakallah's GRASP, as refined in Chaff and MiniSat), then
//! recursive minimisation (Sörensson and Biere, *Minimizing learned clauses*, SAT 2009).
//!
//! Resolution walks the trail back from the conflict, replacing each cell of the current level
//! by its reason, until one cell of that level is left: the unique implication point. Reasons
//! of line deductions are explained lazily ([`super::explain`]), so analysis is where the line
//! solver's explanations are built, and the one place that pays for them.

use super::lit::{Lit, Var};
use super::trail::Reason;
use super::Learner;

/// Scratch of conflict analysis, kept between conflicts to avoid allocating.
#[derive(Debug)]
pub(super) struct Analysis {
    /// Per cell: met during the current analysis (or, in minimisation, known to follow from the
    /// clause).
    seen: Vec<bool>,
    /// Cells marked `seen` by minimisation, to clear.
    marked: Vec<Var>,
    /// Minimisation's work stack; also the sorting buffer of [`Learner::lbd`].
    stack: Vec<u32>,
}

impl Analysis {
    /// Scratch for `cells` cells.
    pub fn new(cells: usize) -> Analysis {
        Analysis {
            seen: vec![false; cells],
            marked: Vec::new(),
            stack: Vec::new(),
        }
    }
}

impl Learner<'_> {
    /// First-UIP analysis of a conflict whose literals are all false, with at least one at the
    /// current level. Returns the learnt clause (asserting literal first, then the literal of
    /// the backjump level) and that level.
    pub(super) fn analyze(&mut self, conflict: Vec<Lit>) -> (Vec<Lit>, u32) {
        let current = self.trail.decision_level();
        // The first literal is a placeholder for the asserting one.
        let mut learnt: Vec<Lit> = vec![Lit::from_code(0)];
        let mut pending = 0usize;
        let mut index = self.trail.lits.len();
        let mut lits: Box<[Lit]> = conflict.into_boxed_slice();
        let mut from: Option<Var> = None;
        let asserting = loop {
            if let Some(v) = from {
                self.reason_lits(v);
                lits = self.explanations.built[v.index()]
                    .take()
                    .expect("reason built");
            }
            for &q in lits.iter() {
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
            if let Some(v) = from {
                self.explanations.built[v.index()] = Some(std::mem::take(&mut lits));
            }
            from = Some(p.var());
        };
        if let Some(v) = from {
            self.explanations.built[v.index()] = Some(lits);
        }
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
            self.reason_lits(u);
            let lits = self.explanations.built[u.index()]
                .take()
                .expect("reason built");
            for &q in lits.iter() {
                let w = q.var();
                if self.analysis.seen[w.index()] || self.trail.level(w) == 0 {
                    continue;
                }
                if matches!(self.trail.reason[w.index()], Reason::None)
                    || levels & 1 << (self.trail.level(w) % 64) == 0
                {
                    ok = false;
                    self.explanations.built[u.index()] = Some(lits);
                    break 'outer;
                }
                self.analysis.seen[w.index()] = true;
                marked.push(w);
                stack.push(w.index() as u32);
            }
            self.explanations.built[u.index()] = Some(lits);
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

    /// The number of distinct decision levels among a clause's literals.
    pub(super) fn lbd(&mut self, lits: &[Lit]) -> u32 {
        let mut levels = std::mem::take(&mut self.analysis.stack);
        levels.clear();
        levels.extend(lits.iter().map(|&l| self.trail.level(l.var())));
        levels.sort_unstable();
        levels.dedup();
        let lbd = levels.len() as u32;
        self.analysis.stack = levels;
        lbd
    }
}
