//! The clause database: every clause in one flat arena, two watched literals per clause, and
//! the periodic pruning of learnt clauses by literal block distance.
//!
//! Clauses live in one flat arena of literals, each as a header of two words (its length, and
//! its literal block distance with [`LEARNT`] set for learnt clauses) followed by its literals;
//! a clause is named by its offset ([`ClauseRef`]). One allocation and no pointers to chase:
//! visiting a watched clause is one cache miss, not two. The header words are stored as
//! literal codes (a [`Lit`] is a `u32`) and read only through [`ClauseDb::len`] and the
//! pruning here.
//!
//! Pruning keeps the "glue" clauses (LBD 2) and those that are reasons now, and deletes the
//! worse half of the rest (Audemard and Simon, *Predicting learnt clauses quality in modern SAT
//! solvers*, IJCAI 2009).

use crate::kind::lit::Lit;
use crate::kind::trail::ClauseRef;

/// Words of a clause's header in the arena.
const HEADER: usize = 2;
/// Set in a learnt clause's second header word, beside its LBD.
const LEARNT: u32 = 1 << 31;
/// Learnt clauses kept before the first reduction; each reduction raises it by the increment.
pub(super) const FIRST_REDUCE: usize = 2000;
pub(super) const REDUCE_INCREMENT: usize = 300;
/// The increment once the learner has found a solution ([`ClauseDb::prove`]): what remains is
/// to find another or to prove that there is none, a refutation if the puzzle is unique. SAT
/// practice keeps more learnt clauses for refutations and a small, agile database for finding a
/// solution; the two phases of a uniqueness check are those two cases, so the database grows
/// faster in the second. Measured, not derived: a larger database from the start cost the hard
/// tournament puzzles, where a first solution is all that is asked (4,000 clauses before the
/// first reduction and 600 more each time: 62.8 → 76.2 s for the learner alone on the 72 of
/// them over 50 ms, four seed orders); on 11- and 12-Dom, whose time is all uniqueness proof,
/// the learner alone over eight seed orders took 6.94 s and 306,000 conflicts with 300,
/// 5.82 s with 700, 5.75 s with 2,500, 5.64 s with 5,000 (194,000 conflicts), and 7.91 s with
/// no reduction at all (BENCHMARKS.md, seventeenth session).
pub(super) const PROOF_REDUCE_INCREMENT: usize = 2500;
/// Literals in the clause arena past which it is pruned whatever the count (256 MiB; ordinary
/// puzzles stay under a megabyte).
pub(super) const MAX_ARENA: usize = 1 << 26;

/// A clause watching a literal.
#[derive(Clone, Copy, Debug)]
pub(super) struct Watch {
    pub clause: ClauseRef,
    /// Another literal of the clause: when it is true, the clause need not be visited.
    pub blocker: Lit,
}

/// The clauses, permanent and learnt, and their watch lists.
#[derive(Debug)]
pub(super) struct ClauseDb {
    arena: Vec<Lit>,
    /// The learnt clauses.
    learnt: Vec<ClauseRef>,
    /// Per literal: the clauses watching it (each clause watches its first two literals).
    pub watches: Vec<Vec<Watch>>,
    /// Learnt clauses past which the next reduction comes.
    pub max_learnts: usize,
    /// What each reduction adds to `max_learnts`: [`REDUCE_INCREMENT`], or
    /// [`PROOF_REDUCE_INCREMENT`] once a solution was found.
    pub increment: usize,
}

impl ClauseDb {
    /// An empty database over `vars` variables.
    pub fn new(vars: usize) -> ClauseDb {
        ClauseDb {
            arena: Vec::new(),
            learnt: Vec::new(),
            watches: vec![Vec::new(); 2 * vars],
            max_learnts: FIRST_REDUCE,
            increment: REDUCE_INCREMENT,
        }
    }

    /// A solution was found: from now on the search is for another, or the proof that none
    /// remains, and reductions keep more ([`PROOF_REDUCE_INCREMENT`]).
    pub fn prove(&mut self) {
        self.increment = PROOF_REDUCE_INCREMENT;
    }

    /// The number of learnt clauses.
    pub fn learnt_count(&self) -> usize {
        self.learnt.len()
    }

    /// The words in the arena.
    pub fn arena_len(&self) -> usize {
        self.arena.len()
    }

    /// The length of a clause.
    #[inline(always)]
    pub fn len(&self, clause: ClauseRef) -> usize {
        self.arena[clause.0 as usize].code() as usize
    }

    /// The literals of a clause.
    #[inline]
    pub fn lits(&self, clause: ClauseRef) -> &[Lit] {
        let offset = clause.0 as usize;
        &self.arena[offset + HEADER..offset + HEADER + self.len(clause)]
    }

    /// The literals of a clause, to reorder (propagation moves the watched ones to the front).
    #[inline(always)]
    pub fn lits_mut(&mut self, clause: ClauseRef) -> &mut [Lit] {
        let offset = clause.0 as usize;
        let len = self.len(clause);
        &mut self.arena[offset + HEADER..offset + HEADER + len]
    }

    /// Adds a clause: learnt with its literal block distance, or permanent (`None`).
    pub fn add(&mut self, lits: &[Lit], lbd: Option<u32>) -> ClauseRef {
        debug_assert!(lits.len() >= 2);
        // Offsets fit in u32: the arena is pruned past MAX_ARENA (see `Learner::run`), and one
        // clause holds at most every variable (at most MAX_VARS).
        let clause = ClauseRef(self.arena.len() as u32);
        self.arena.push(Lit::from_code(lits.len() as u32));
        self.arena
            .push(Lit::from_code(lbd.map_or(0, |lbd| lbd | LEARNT)));
        self.arena.extend_from_slice(lits);
        self.watch(clause);
        if lbd.is_some() {
            self.learnt.push(clause);
        }
        clause
    }

    /// Watches the first two literals of a clause.
    fn watch(&mut self, clause: ClauseRef) {
        let lits = self.lits(clause);
        let (a, b) = (lits[0], lits[1]);
        self.watches[a.index()].push(Watch { clause, blocker: b });
        self.watches[b.index()].push(Watch { clause, blocker: a });
    }

    /// Deletes the less useful half of the learnt clauses (by literal block distance, then
    /// length), keeping the "glue" clauses (LBD 2) and those that `locked` says are reasons
    /// now, then compacts the arena and rebuilds the watch lists. Returns where each surviving
    /// clause went, as (old, new) sorted by the old.
    pub fn reduce(
        &mut self,
        locked: impl Fn(ClauseRef, Lit) -> bool,
    ) -> Vec<(ClauseRef, ClauseRef)> {
        let mut candidates: Vec<(u32, u32, ClauseRef)> = Vec::new();
        for &clause in &self.learnt {
            let o = clause.0 as usize;
            let (len, lbd) = (self.arena[o].code(), self.arena[o + 1].code() & !LEARNT);
            if lbd > 2 && !locked(clause, self.arena[o + HEADER]) {
                candidates.push((lbd, len, clause));
            }
        }
        candidates.sort_unstable_by_key(|c| std::cmp::Reverse((c.0, c.1)));
        let mut doomed: Vec<ClauseRef> = candidates[..candidates.len() / 2]
            .iter()
            .map(|c| c.2)
            .collect();
        doomed.sort_unstable();
        // Compact: copy the survivors in order, remembering where each went.
        let old = std::mem::take(&mut self.arena);
        let mut moved: Vec<(ClauseRef, ClauseRef)> = Vec::new();
        self.learnt.clear();
        let mut o = 0;
        while o < old.len() {
            let end = o + HEADER + old[o].code() as usize;
            let clause = ClauseRef(o as u32);
            if doomed.binary_search(&clause).is_err() {
                let new = ClauseRef(self.arena.len() as u32);
                moved.push((clause, new));
                self.arena.extend_from_slice(&old[o..end]);
                if old[o + 1].code() & LEARNT != 0 {
                    self.learnt.push(new);
                }
            }
            o = end;
        }
        for list in &mut self.watches {
            list.clear();
        }
        for &(_, clause) in &moved {
            self.watch(clause);
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::lit::Var;

    fn lit(v: usize, filled: bool) -> Lit {
        Lit::new(Var::new(v), filled)
    }

    /// Pruning deletes the worse half of the learnt clauses that are neither glue nor locked,
    /// keeps the permanent ones, and moves the survivors without losing a literal or a watch.
    #[test]
    fn reduce_keeps_glue_locked_and_permanent_clauses() {
        let mut db = ClauseDb::new(8);
        let permanent = db.add(&[lit(0, true), lit(1, false)], None);
        let glue = db.add(&[lit(2, true), lit(3, true)], Some(2));
        let bad = db.add(&[lit(4, true), lit(5, true), lit(6, true)], Some(5));
        let worse = db.add(&[lit(4, false), lit(5, false), lit(6, false)], Some(6));
        let locked = db.add(&[lit(7, true), lit(6, true), lit(5, true)], Some(7));
        let good = db.add(&[lit(7, false), lit(1, true)], Some(3));
        assert_eq!(db.learnt_count(), 5);
        // Candidates: bad (5), worse (6), good (3); the worse half of three is one clause.
        let moved = db.reduce(|c, _| c == locked);
        let kept: Vec<ClauseRef> = moved.iter().map(|m| m.0).collect();
        assert_eq!(kept, [permanent, glue, bad, locked, good]);
        assert!(!kept.contains(&worse));
        assert_eq!(db.learnt_count(), 4);
        let new = |c| moved.iter().find(|m| m.0 == c).unwrap().1;
        assert_eq!(
            db.lits(new(locked)),
            [lit(7, true), lit(6, true), lit(5, true)]
        );
        assert_eq!(db.lits(new(permanent)), [lit(0, true), lit(1, false)]);
        // Every surviving clause watches its first two literals, and nothing else is watched.
        let watched: usize = db.watches.iter().map(Vec::len).sum();
        assert_eq!(watched, 2 * kept.len());
        for &(_, c) in &moved {
            let lits = db.lits(c);
            for (w, other) in [(lits[0], lits[1]), (lits[1], lits[0])] {
                assert!(db.watches[w.index()]
                    .iter()
                    .any(|x| x.clause == c && x.blocker == other));
            }
        }
    }
}
