//! Line explanations: the few known cells of a line that forced one of its deductions, built
//! on demand when conflict analysis asks for them.
//!
//! Line propagation records only which line fixed a cell and when (`Reason::Line`). Most such
//! cells never take part in a conflict; for those that do, the explanation is built here: the
//! known cells of the line at that moment, with the fixed cell flipped, admit no placement; we
//! drop known cells one at a time, latest first, keeping each only if the line becomes feasible
//! without it. What remains is a small reason (often a handful of cells near the deduction),
//! kept for as long as the cell stays assigned. Long lines first try a window around the cell
//! ([`WINDOW`]).

use nonogram_model::Cell;

use super::lit::{Lit, Var};
use super::trail::Reason;
use super::Learner;
use crate::line::{Line, LineSolve};

/// Explanations in lines of more than 128 cells first try the known cells within this many
/// cells of the target (then twice as many, and so on).
const WINDOW: usize = 16;

/// The explanations built so far, and the scratch masks that build them.
///
/// The explanations live in one arena, each cell naming its stretch, as the clauses do: a
/// conflict builds a few dozen, and an allocation and a free for each cost about 3% of the
/// learner's time on tournament puzzles. An unassigned cell's stretch becomes garbage, and the
/// arena is compacted when garbage is most of it.
#[derive(Debug)]
pub(super) struct Explanations {
    /// Per cell: where its explanation lies in `arena`, once built (`NONE` before, and again
    /// once the cell is unassigned).
    spans: Vec<Span>,
    arena: Vec<Lit>,
    /// Literals of `arena` that no cell names any more.
    garbage: usize,
    /// The known cells of the line being explained.
    filled: Vec<u64>,
    empty: Vec<u64>,
    /// The explanation being built.
    reason: Vec<Lit>,
    /// Explanations made from a window of their line (tests check that they happen).
    #[cfg(test)]
    pub windows: u64,
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
    /// None built yet, for `cells` cells and lines of up to `words` words.
    pub fn new(cells: usize, words: usize) -> Explanations {
        Explanations {
            spans: vec![Span::NONE; cells],
            arena: Vec::new(),
            garbage: 0,
            filled: vec![0; words],
            empty: vec![0; words],
            reason: Vec::new(),
            #[cfg(test)]
            windows: 0,
        }
    }

    /// The literal at position `i` of the arena (of a span just given).
    #[inline(always)]
    pub fn lit(&self, i: usize) -> Lit {
        self.arena[i]
    }

    /// Cell `v`'s explanation, if built.
    #[inline]
    fn span(&self, v: Var) -> Option<Span> {
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
    fn store(&mut self, v: Var, lits: &[Lit]) -> Span {
        let span = self.append(lits);
        self.own(span, Some(v))
    }

    /// Stores the explanation just built (`reason`) as `owner`'s, or as scratch without one.
    fn store_reason(&mut self, owner: Option<Var>) -> Span {
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

impl Learner<'_> {
    /// A small set of known cells of line `slot` that, with the trail `stamp` long, forced cell
    /// `target` (or, without a target, that admit no placement at all), as the literals that are
    /// false now: the clause "one of these cells differs, or the target has its value". Into
    /// `explanations.reason`.
    fn explain_line(&mut self, slot: usize, stamp: u32, target: Option<Var>) {
        let lines = &self.lines;
        let (range, len) = lines.range(slot);
        let words = range.len();
        let clue = lines.clues[slot];
        let target = target.map(|t| (t, lines.position_in(slot, t)));
        // The known cells then: the line's stretch of `lines.trail` below the stamp (`known`,
        // read latest first below), in the masks of the cells known now minus those since.
        let mut known = lines.known(slot);
        let (f, e) = (&mut self.explanations.filled, &mut self.explanations.empty);
        f[..words].copy_from_slice(&lines.filled[range.clone()]);
        e[..words].copy_from_slice(&lines.empty[range]);
        while let Some((&(position, i), earlier)) = known.split_last() {
            if position < stamp {
                break;
            }
            let i = i as usize;
            f[i / 64] &= !(1 << (i % 64));
            e[i / 64] &= !(1 << (i % 64));
            known = earlier;
        }
        // Facts of level 0 stay: they hold everywhere, so a clause never needs them. They are
        // the oldest cells, which the loop below would try last anyway, so this saves their
        // checks without changing any explanation's other cells.
        let facts = self
            .trail
            .lim
            .first()
            .map_or(self.trail.lits.len(), |&start| start) as u32;
        let first = known.partition_point(|&(position, _)| position < facts);
        let known = &known[first..];
        if let Some((t, i)) = target {
            // The target flipped.
            debug_assert!(self.trail.position[t.index()] >= stamp);
            let (to, from) = if self.trail.values[t.index()] == Cell::Filled {
                (&mut *e, &mut *f)
            } else {
                (&mut *f, &mut *e)
            };
            from[i / 64] &= !(1 << (i % 64));
            to[i / 64] |= 1 << (i % 64);
        }
        debug_assert!(!self.solver.feasible(Line::new(clue, len, f, e)));
        let mut reason = std::mem::take(&mut self.explanations.reason);
        reason.clear();
        if len <= 64 && !clue.is_empty() {
            // One word per line: the masks stay in registers, and the check (inlined through
            // the dispatch) is the cell-parallel solver's `u64` forward pass.
            let (mut f, mut e) = (f[0], e[0]);
            for &(_, i) in known.iter().rev() {
                let bit = 1u64 << i;
                let filled = f & bit != 0;
                let (without_f, without_e) = (f & !bit, e & !bit);
                if self
                    .solver
                    .feasible(Line::new(clue, len, &[without_f], &[without_e]))
                {
                    reason.push(Lit::new(lines.cell(slot, i as usize), !filled));
                } else {
                    (f, e) = (without_f, without_e);
                }
            }
            self.explanations.reason = reason;
            return;
        }
        // Lines of more than 128 cells: first look for a window around the target whose known
        // cells suffice, doubling it from WINDOW cells each side, and explain from those alone.
        // Such a line has many known cells, each check costs a few microseconds, and the cells
        // that force one are mostly near it: on random 150×150 and 200×200 puzzles this cut the
        // time per conflict by up to two thirds (BENCHMARKS.md). Any window whose cells leave the
        // line infeasible gives a valid explanation; it need not be the smallest.
        let mut window = 0..len;
        if let Some((_, ti)) = target.filter(|_| len > 128 && known.len() > WINDOW) {
            let mut half = WINDOW;
            while 2 * half < len {
                let (lo, hi) = (ti.saturating_sub(half), (ti + half + 1).min(len));
                let (mut wf, mut we) = (f[..words].to_vec(), e[..words].to_vec());
                for &(_, j) in known {
                    let j = j as usize;
                    if j < lo || j >= hi {
                        wf[j / 64] &= !(1 << (j % 64));
                        we[j / 64] &= !(1 << (j % 64));
                    }
                }
                if !self.solver.feasible(Line::new(clue, len, &wf, &we)) {
                    f[..words].copy_from_slice(&wf);
                    e[..words].copy_from_slice(&we);
                    window = lo..hi;
                    #[cfg(test)]
                    {
                        self.explanations.windows += 1;
                    }
                    break;
                }
                half *= 2;
            }
        }
        for &(_, i) in known.iter().rev() {
            let i = i as usize;
            if !window.contains(&i) {
                continue;
            }
            let v = lines.cell(slot, i);
            let filled = self.trail.values[v.index()] == Cell::Filled;
            let word = if filled { &mut *f } else { &mut *e };
            word[i / 64] &= !(1 << (i % 64));
            if self.solver.feasible(Line::new(clue, len, f, e)) {
                let word = if filled { &mut *f } else { &mut *e };
                word[i / 64] |= 1 << (i % 64);
                reason.push(Lit::new(v, !filled));
            }
        }
        // The cells kept (and the facts) still admit no placement.
        debug_assert!(!self.solver.feasible(Line::new(clue, len, f, e)));
        self.explanations.reason = reason;
    }

    /// Where in the explanations' arena the false literals that forced cell `v` lie (its reason
    /// clause, without `v` itself): built once per assignment, kept until `v` is unassigned.
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
                self.explain_line(slot as usize, stamp, Some(v));
                self.explanations.store_reason(Some(v))
            }
        }
    }

    /// The known cells of line `slot` that admit no placement now, as scratch in the
    /// explanations' arena ([`Explanations::scratch`]).
    pub(super) fn explain_conflict(&mut self, slot: usize) -> Span {
        let now = self.trail.lits.len() as u32;
        self.explain_line(slot, now, None);
        self.explanations.store_reason(None)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::super::tests::search_all;
    use super::super::LearnState;
    use super::*;
    use crate::generate::{random_puzzle, Rng};
    use crate::termination::Termination;
    use nonogram_model::Picture;

    /// The arena keeps every explanation a cell still names through compactions, and
    /// compaction reclaims the others.
    #[test]
    fn the_arena_keeps_named_explanations_through_compaction() {
        let cells = 20;
        let mut explanations = Explanations::new(cells, 1);
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
            let mut learner = Learner::new(&puzzle, max + 1);
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
            windows += learner.explanations.windows;
        }
        // The puzzles are hard enough to need conflicts, hence explanations, windows among them.
        assert!(
            compared >= 10 && conflicts >= 100 && windows >= 100,
            "{compared} puzzles, {conflicts} conflicts, {windows} windows"
        );
    }
}
