//! Explanations and conflict analysis: why a line ruled an entry out, first-UIP learning with
//! recursive minimization, and the activity bumps of the decision order.

use super::{make_lit, var, ColourLearner, Lit, Reason};

impl ColourLearner<'_> {
    /// A small set of facts of line `slot` (entries its cells had lost when the trail was
    /// `stamp` long) that rule out the variable `target` (or, without a target, that leave the
    /// line no placement), as the literals that are false now: the clause "one of these entries
    /// is back, or the target is false".
    ///
    /// The line's masks at that moment, with the target's cell narrowed to the target's entry,
    /// admit no placement. Each fact is given back in turn, latest first (older facts make
    /// better clauses), and kept only if the line becomes feasible without it. Facts of level 0
    /// hold everywhere and always stay; facts about the target's own cell are irrelevant once it
    /// is narrowed, and are never part of the reason.
    pub(super) fn explain_line(
        &mut self,
        slot: usize,
        stamp: u32,
        target: Option<usize>,
    ) -> Vec<Lit> {
        let (start, words, len) = self.mask_range(slot);
        let entries = self.entries;
        let clue = self.clues[slot];
        let base = self.line_base[slot] as usize;
        let mut count = self.line_count[slot] as usize;
        let masks = &mut self.scratch[..entries * words];
        masks.copy_from_slice(&self.masks[start..start + entries * words]);
        // The masks then: give back the facts since `stamp`.
        while count > 0 && self.line_trail[base + count - 1].0 >= stamp {
            let at = self.line_trail[base + count - 1].1 as usize;
            let (i, e) = (at / entries, at % entries);
            masks[e * words + i / 64] |= 1 << (i % 64);
            count -= 1;
        }
        let facts = self
            .trail_lim
            .first()
            .map_or(u32::MAX, |&start| start as u32);
        let mut first = 0;
        while first < count && self.line_trail[base + first].0 < facts {
            first += 1;
        }
        let target_cell = target.map(|t| {
            let (cell, e) = (t / entries, t % entries);
            let i = if slot < self.height {
                cell % self.width
            } else {
                cell / self.width
            };
            for entry in 0..entries {
                let word = &mut masks[entry * words + i / 64];
                if entry == e {
                    *word |= 1 << (i % 64);
                } else {
                    *word &= !(1 << (i % 64));
                }
            }
            i
        });
        debug_assert!(!self.solver.feasible(clue, len, entries, masks));
        let mut reason = Vec::new();
        // Facts of one cell usually sit together on the trail (an entry made true rules the
        // others out at once): each such group is first given back whole, one check for them
        // all, and only if that makes the line feasible are its facts tried one by one.
        let cell_of = |at: u32| at as usize / entries;
        let mut k = count;
        while k > first {
            let at = self.line_trail[base + k - 1].1;
            let i = cell_of(at);
            let mut lo = k - 1;
            while lo > first && cell_of(self.line_trail[base + lo - 1].1) == i {
                lo -= 1;
            }
            let group = lo..k;
            k = lo;
            if Some(i) == target_cell {
                continue;
            }
            let toggle = |masks: &mut [u64], at: u32, on: bool| {
                let e = at as usize % entries;
                let word = &mut masks[e * words + i / 64];
                if on {
                    *word |= 1 << (i % 64);
                } else {
                    *word &= !(1 << (i % 64));
                }
            };
            if group.len() > 1 {
                for g in group.clone() {
                    toggle(masks, self.line_trail[base + g].1, true);
                }
                if !self.solver.feasible(clue, len, entries, masks) {
                    continue;
                }
                for g in group.clone() {
                    toggle(masks, self.line_trail[base + g].1, false);
                }
            }
            for g in group.rev() {
                let at = self.line_trail[base + g].1;
                toggle(masks, at, true);
                if self.solver.feasible(clue, len, entries, masks) {
                    toggle(masks, at, false);
                    let cell = if slot < self.height {
                        slot * self.width + i
                    } else {
                        i * self.width + (slot - self.height)
                    };
                    reason.push(make_lit(cell * entries + at as usize % entries, true));
                }
            }
        }
        debug_assert!(!self.solver.feasible(clue, len, entries, masks));
        reason
    }

    /// The false literals that forced variable `v` (its reason clause without `v` itself),
    /// built once per assignment.
    fn reason_lits(&mut self, v: usize) -> Box<[Lit]> {
        if let Some(lits) = self.explained[v].take() {
            return lits;
        }
        match self.reason[v] {
            Reason::None => Box::new([]),
            Reason::Clause(c) => self.clause(c)[1..].into(),
            Reason::Line { slot, stamp } => self
                .explain_line(slot as usize, stamp, Some(v))
                .into_boxed_slice(),
            Reason::Taken(other) => Box::new([make_lit(other as usize, false)]),
            Reason::Last => {
                let base = v / self.entries * self.entries;
                (base..base + self.entries)
                    .filter(|&u| u != v)
                    .map(|u| make_lit(u, true))
                    .collect()
            }
        }
    }

    fn bump(&mut self, v: usize) {
        self.heap.activity[v] += self.var_inc;
        if self.heap.activity[v] > 1e100 {
            for a in &mut self.heap.activity {
                *a *= 1e-100;
            }
            self.var_inc *= 1e-100;
        }
        self.heap.increased(v);
    }

    /// First-UIP analysis of a conflict whose literals are all false, at least one of them at
    /// the current level. Returns the learnt clause (asserting literal first, then one of the
    /// backjump level) and that level.
    pub(super) fn analyze(&mut self, conflict: Vec<Lit>) -> (Vec<Lit>, u32) {
        let current = self.decision_level();
        let mut learnt: Vec<Lit> = vec![0];
        let mut pending = 0usize;
        let mut index = self.trail.len();
        let mut lits: Box<[Lit]> = conflict.into_boxed_slice();
        let mut from: Option<usize> = None;
        let asserting = loop {
            for &q in lits.iter() {
                let v = var(q);
                if !self.seen[v] && self.level[v] > 0 {
                    self.seen[v] = true;
                    self.bump(v);
                    if self.level[v] >= current {
                        pending += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            if let Some(v) = from {
                self.explained[v] = Some(std::mem::take(&mut lits));
            }
            loop {
                index -= 1;
                if self.seen[var(self.trail[index])] {
                    break;
                }
            }
            let p = self.trail[index];
            self.seen[var(p)] = false;
            pending -= 1;
            if pending == 0 {
                break p ^ 1;
            }
            lits = self.reason_lits(var(p));
            from = Some(var(p));
        };
        learnt[0] = asserting;
        self.minimize(&mut learnt);
        let mut backjump = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for k in 2..learnt.len() {
                if self.level[var(learnt[k])] > self.level[var(learnt[best])] {
                    best = k;
                }
            }
            learnt.swap(1, best);
            backjump = self.level[var(learnt[1])];
        }
        (learnt, backjump)
    }

    /// Drops from a learnt clause the literals implied by its others (MiniSat's recursive
    /// minimization; Sörensson and Biere, SAT 2009). `seen` marks the clause's literals on
    /// entry and is cleared on exit.
    fn minimize(&mut self, learnt: &mut Vec<Lit>) {
        let levels = learnt[1..]
            .iter()
            .fold(0u64, |bits, &q| bits | 1 << (self.level[var(q)] % 64));
        let mut marked = std::mem::take(&mut self.marked);
        marked.clear();
        let mut k = 1;
        while k < learnt.len() {
            let v = var(learnt[k]);
            if !matches!(self.reason[v], Reason::None) && self.implied(v, levels, &mut marked) {
                learnt.swap_remove(k);
                marked.push(v as u32);
            } else {
                k += 1;
            }
        }
        for &v in &marked {
            self.seen[v as usize] = false;
        }
        for &q in &learnt[1..] {
            self.seen[var(q)] = false;
        }
        self.marked = marked;
    }

    /// Whether the implied variable `v` follows from variables marked `seen` (and level 0).
    fn implied(&mut self, v: usize, levels: u64, marked: &mut Vec<u32>) -> bool {
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(v as u32);
        let undo = marked.len();
        let mut ok = true;
        'outer: while let Some(u) = stack.pop() {
            let u = u as usize;
            let lits = self.reason_lits(u);
            for &q in lits.iter() {
                let w = var(q);
                if self.seen[w] || self.level[w] == 0 {
                    continue;
                }
                if matches!(self.reason[w], Reason::None) || levels & 1 << (self.level[w] % 64) == 0
                {
                    ok = false;
                    self.explained[u] = Some(lits);
                    break 'outer;
                }
                self.seen[w] = true;
                marked.push(w as u32);
                stack.push(w as u32);
            }
            self.explained[u] = Some(lits);
        }
        if !ok {
            for &w in &marked[undo..] {
                self.seen[w as usize] = false;
            }
            marked.truncate(undo);
        }
        self.stack = stack;
        ok
    }
}
