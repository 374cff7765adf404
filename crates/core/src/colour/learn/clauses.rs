//! The clauses: one flat arena of `u32`s, each clause a header of two words (its length, and
//! its literal block distance with [`LEARNT`] set for learnt clauses) followed by its literals,
//! named by its offset; two watched literals each, with a blocker (MiniSat's scheme); and the
//! reduction of the learnt ones by literal block distance (Audemard and Simon, *Glucose*, IJCAI
//! 2009).

use super::{var, ColourLearner, Lit, Reason};

const HEADER: usize = 2;
const LEARNT: u32 = 1 << 31;

/// Literals in the arena past which it is pruned whatever the count (256 MiB).
const MAX_ARENA: usize = 1 << 26;

/// A clause watching a literal.
#[derive(Clone, Copy, Debug)]
pub(super) struct Watch {
    clause: u32,
    /// Another literal of the clause: when it is true, the clause need not be visited.
    blocker: Lit,
}

impl ColourLearner<'_> {
    /// Adds a clause of at least two literals: learnt with its literal block distance, or
    /// permanent (`None`).
    fn add_clause(&mut self, lits: Vec<Lit>, lbd: Option<u32>) -> u32 {
        debug_assert!(lits.len() >= 2);
        let offset = self.arena.len();
        self.arena.push(lits.len() as u32);
        self.arena.push(lbd.map_or(0, |lbd| lbd | LEARNT));
        self.arena.extend_from_slice(&lits);
        self.watch(offset as u32);
        if lbd.is_some() {
            self.learnt.push(offset as u32);
        }
        offset as u32
    }

    /// The literals of the clause at `offset`.
    pub(super) fn clause(&self, offset: u32) -> &[Lit] {
        let offset = offset as usize;
        &self.arena[offset + HEADER..offset + HEADER + self.arena[offset] as usize]
    }

    fn watch(&mut self, offset: u32) {
        let lits = self.clause(offset);
        let (a, b) = (lits[0], lits[1]);
        self.watches[a as usize].push(Watch {
            clause: offset,
            blocker: b,
        });
        self.watches[b as usize].push(Watch {
            clause: offset,
            blocker: a,
        });
    }

    /// Learns a clause whose first literal is the asserting one (its other literals false),
    /// after backjumping to the level of its second.
    pub(super) fn learn(&mut self, lits: Vec<Lit>, lbd: Option<u32>) {
        let asserting = lits[0];
        if lits.len() == 1 {
            self.assign(asserting, Reason::None);
        } else {
            let offset = self.add_clause(lits, lbd);
            self.assign(asserting, Reason::Clause(offset));
        }
        if self.arena.len() > MAX_ARENA {
            self.reduce();
        }
    }

    /// Visits the clauses watching each newly false literal; returns a conflicting clause.
    pub(super) fn propagate_clauses(&mut self) -> Option<u32> {
        while self.qhead < self.trail.len() {
            let false_lit = self.trail[self.qhead] ^ 1;
            self.qhead += 1;
            let mut watchers = std::mem::take(&mut self.watches[false_lit as usize]);
            let (mut i, mut j) = (0, 0);
            let mut conflict = None;
            while i < watchers.len() {
                let watch = watchers[i];
                i += 1;
                if self.lit_values[watch.blocker as usize] == 1 {
                    watchers[j] = watch;
                    j += 1;
                    continue;
                }
                let offset = watch.clause as usize;
                let len = self.arena[offset] as usize;
                let lits = &mut self.arena[offset + HEADER..offset + HEADER + len];
                if lits[0] == false_lit {
                    lits.swap(0, 1);
                }
                let first = lits[0];
                if first != watch.blocker && self.lit_values[first as usize] == 1 {
                    watchers[j] = Watch {
                        clause: watch.clause,
                        blocker: first,
                    };
                    j += 1;
                    continue;
                }
                let mut moved = false;
                for k in 2..lits.len() {
                    if self.lit_values[lits[k] as usize] != 2 {
                        lits.swap(1, k);
                        self.watches[lits[1] as usize].push(Watch {
                            clause: watch.clause,
                            blocker: first,
                        });
                        moved = true;
                        break;
                    }
                }
                if moved {
                    continue;
                }
                watchers[j] = watch;
                j += 1;
                if self.lit_values[first as usize] == 2 {
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
            self.watches[false_lit as usize] = watchers;
            if conflict.is_some() {
                self.qhead = self.trail.len();
                return conflict;
            }
        }
        None
    }

    /// The number of distinct decision levels among a clause's literals.
    pub(super) fn lbd(&mut self, lits: &[Lit]) -> u32 {
        let mut levels = std::mem::take(&mut self.stack);
        levels.clear();
        levels.extend(lits.iter().map(|&l| self.level[var(l)]));
        levels.sort_unstable();
        levels.dedup();
        let lbd = levels.len() as u32;
        self.stack = levels;
        lbd
    }

    /// Deletes the less useful half of the learnt clauses (by literal block distance, then
    /// length), keeping those that are reasons now and the glue clauses (LBD 2), then compacts
    /// the arena and rebuilds the watch lists.
    pub(super) fn reduce(&mut self) {
        let mut candidates: Vec<(u32, u32, u32)> = Vec::new();
        for &offset in &self.learnt {
            let o = offset as usize;
            let (len, lbd) = (self.arena[o], self.arena[o + 1] & !LEARNT);
            let first = self.arena[o + HEADER];
            let locked = self.lit_values[first as usize] == 1
                && matches!(self.reason[var(first)], Reason::Clause(c) if c == offset);
            if lbd > 2 && !locked {
                candidates.push((lbd, len, offset));
            }
        }
        candidates.sort_unstable_by_key(|c| std::cmp::Reverse((c.0, c.1)));
        let mut doomed: Vec<u32> = candidates[..candidates.len() / 2]
            .iter()
            .map(|c| c.2)
            .collect();
        doomed.sort_unstable();
        let old = std::mem::take(&mut self.arena);
        let mut moved: Vec<(u32, u32)> = Vec::new();
        self.learnt.clear();
        let mut o = 0;
        while o < old.len() {
            let end = o + HEADER + old[o] as usize;
            if doomed.binary_search(&(o as u32)).is_err() {
                let new = self.arena.len() as u32;
                moved.push((o as u32, new));
                self.arena.extend_from_slice(&old[o..end]);
                if old[o + 1] & LEARNT != 0 {
                    self.learnt.push(new);
                }
            }
            o = end;
        }
        for &lit in &self.trail {
            if let Reason::Clause(c) = &mut self.reason[var(lit)] {
                if let Ok(at) = moved.binary_search_by_key(c, |m| m.0) {
                    *c = moved[at].1;
                }
            }
        }
        for list in &mut self.watches {
            list.clear();
        }
        for &(_, offset) in &moved {
            self.watch(offset);
        }
    }
}
