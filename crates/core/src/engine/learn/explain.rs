//! Explanations: the few facts of a line that forced one of its deductions (or of a cell, for
//! colour's cell rule), built on demand when conflict analysis asks for them, and kept in an
//! arena for as long as the deduced literal stays assigned.
//!
//! Line propagation records only which line fixed a literal and when (`Reason::Line`). Most
//! such literals never take part in a conflict; for those that do, the kind's lines explain it
//! ([`super::lines::LearnLines::explain`]): the line's facts at that moment, with the deduced
//! literal flipped, admit no placement, and facts are dropped one at a time, latest first,
//! while that stays so. What remains is a small reason (often a handful of cells near the
//! deduction).

use crate::kind::lit::{Lit, Var};

/// The explanations built so far.
///
/// The explanations live in one arena, each variable naming its stretch, as the clauses do: a
/// conflict builds a few dozen, and an allocation and a free for each cost about 3% of the
/// learner's time on tournament puzzles. An unassigned variable's stretch becomes garbage, and
/// the arena is compacted when garbage is most of it.
#[derive(Debug)]
pub(super) struct Explanations {
    /// Per variable: where its explanation lies in `arena`, once built (`NONE` before, and
    /// again once the variable is unassigned).
    spans: Vec<Span>,
    arena: Vec<Lit>,
    /// Literals of `arena` that no variable names any more.
    garbage: usize,
    /// The explanation being built.
    pub reason: Vec<Lit>,
}

/// A stretch of the explanations' arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Span {
    start: usize,
    len: usize,
}

impl Span {
    const NONE: Span = Span {
        start: usize::MAX,
        len: 0,
    };

    /// The positions of the arena it covers.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start..self.start + self.len
    }
}

impl Explanations {
    /// None built yet, for `vars` variables.
    pub fn new(vars: usize) -> Explanations {
        Explanations {
            spans: vec![Span::NONE; vars],
            arena: Vec::new(),
            garbage: 0,
            reason: Vec::new(),
        }
    }

    /// The literal at position `i` of the arena (of a span just given).
    #[inline(always)]
    pub fn lit(&self, i: usize) -> Lit {
        self.arena[i]
    }

    /// Cell `v`'s explanation, if built.
    #[inline]
    pub fn span(&self, v: Var) -> Option<Span> {
        let span = self.spans[v.index()];
        (span != Span::NONE).then_some(span)
    }

    /// Forgets cell `v`'s explanation (it was unassigned).
    #[inline]
    pub fn forget(&mut self, v: Var) {
        let span = &mut self.spans[v.index()];
        if *span != Span::NONE {
            self.garbage += span.len;
            *span = Span::NONE;
        }
    }

    /// `lits` in the arena, owned by no cell (garbage as soon as read: a conflict being
    /// analysed). Valid until the arena is next added to.
    pub fn scratch(&mut self, lits: &[Lit]) -> Span {
        let span = self.append(lits);
        self.own(span, None)
    }

    /// Stores `lits` as cell `v`'s explanation.
    pub fn store(&mut self, v: Var, lits: &[Lit]) -> Span {
        let span = self.append(lits);
        self.own(span, Some(v))
    }

    /// Stores the explanation just built (`reason`) as `owner`'s, or as scratch without one.
    pub fn store_reason(&mut self, owner: Option<Var>) -> Span {
        let reason = std::mem::take(&mut self.reason);
        let span = self.append(&reason);
        self.reason = reason;
        self.own(span, owner)
    }

    /// Gives the span just appended to cell `owner`, or, without one, counts it as garbage at
    /// once (scratch).
    fn own(&mut self, span: Span, owner: Option<Var>) -> Span {
        match owner {
            Some(v) => self.spans[v.index()] = span,
            None => self.garbage += span.len,
        }
        span
    }

    fn append(&mut self, lits: &[Lit]) -> Span {
        // Compacted once garbage is most of the arena, and the arena is at least as large as
        // the spans' table (so that a compaction, which reads that table, pays for itself).
        if 2 * self.garbage > self.arena.len() && self.arena.len() >= self.spans.len().max(4096) {
            self.compact();
        }
        let span = Span {
            start: self.arena.len(),
            len: lits.len(),
        };
        self.arena.extend_from_slice(lits);
        span
    }

    /// Moves the explanations that cells name to the front of the arena, in arena order.
    fn compact(&mut self) {
        let mut live: Vec<usize> = (0..self.spans.len())
            .filter(|&v| self.spans[v] != Span::NONE)
            .collect();
        live.sort_unstable_by_key(|&v| self.spans[v].start);
        let mut to = 0;
        for v in live {
            let span = self.spans[v];
            self.arena.copy_within(span.range(), to);
            self.spans[v].start = to;
            to += span.len;
        }
        self.arena.truncate(to);
        self.garbage = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The arena keeps every explanation a cell still names through compactions, and
    /// compaction reclaims the others.
    #[test]
    fn the_arena_keeps_named_explanations_through_compaction() {
        let cells = 20;
        let mut explanations = Explanations::new(cells);
        let lits = |v: usize, round: usize| -> Vec<Lit> {
            (0..300 + v)
                .map(|i| Lit::new(Var::new((v * 7 + i + round) % cells), i % 2 == 0))
                .collect()
        };
        let mut compacted = 0;
        for round in 0..12 {
            for v in 0..cells {
                // Half the cells are unassigned and explained again each round, half keep
                // theirs from the first round.
                if round == 0 || v % 2 == 1 {
                    explanations.forget(Var::new(v));
                    let before = explanations.arena.len();
                    explanations.store(Var::new(v), &lits(v, round));
                    if explanations.arena.len() < before {
                        compacted += 1;
                    }
                }
            }
            explanations.scratch(&lits(0, 99));
            for v in 0..cells {
                let span = explanations.span(Var::new(v)).expect("built");
                let want = lits(v, if v % 2 == 1 { round } else { 0 });
                let got: Vec<Lit> = span.range().map(|i| explanations.lit(i)).collect();
                assert_eq!(got, want, "cell {v}, round {round}");
            }
        }
        assert!(compacted >= 2, "{compacted} compactions");
        // What is left is live, and garbage at most what was added since the last compaction.
        let live: usize = (0..cells).map(|v| 300 + v).sum();
        assert!(
            explanations.arena.len() <= 3 * live,
            "{}",
            explanations.arena.len()
        );
    }
}
