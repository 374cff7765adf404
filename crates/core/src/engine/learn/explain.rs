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
#[derive(Debug)]
pub(super) struct Explanations {
    /// Per cell: its explanation, once built (dropped when the cell is unassigned).
    pub built: Vec<Option<Box<[Lit]>>>,
    /// The known cells of the line being explained.
    filled: Vec<u64>,
    empty: Vec<u64>,
    /// Explanations made from a window of their line (tests check that they happen).
    #[cfg(test)]
    pub windows: u64,
}

impl Explanations {
    /// None built yet, for `cells` cells and lines of up to `words` words.
    pub fn new(cells: usize, words: usize) -> Explanations {
        Explanations {
            built: vec![None; cells],
            filled: vec![0; words],
            empty: vec![0; words],
            #[cfg(test)]
            windows: 0,
        }
    }
}

impl Learner<'_> {
    /// A small set of known cells of line `slot` that, with the trail `stamp` long, forced cell
    /// `target` (or, without a target, that admit no placement at all), as the literals that are
    /// false now: the clause "one of these cells differs, or the target has its value".
    pub(super) fn explain_line(
        &mut self,
        slot: usize,
        stamp: u32,
        target: Option<Var>,
    ) -> Vec<Lit> {
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
        let mut reason = Vec::new();
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
            return reason;
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
        reason
    }

    /// The false literals that forced cell `v` (its reason clause, without `v` itself), built
    /// once per assignment and kept in `explanations.built`.
    pub(super) fn reason_lits(&mut self, v: Var) -> &[Lit] {
        if self.explanations.built[v.index()].is_none() {
            let lits = self.build_reason(v);
            self.explanations.built[v.index()] = Some(lits);
        }
        self.explanations.built[v.index()]
            .as_deref()
            .expect("just built")
    }

    fn build_reason(&mut self, v: Var) -> Box<[Lit]> {
        match self.trail.reason[v.index()] {
            Reason::None => Box::new([]),
            Reason::Clause(c) => self.db.lits(c)[1..].into(),
            Reason::Line { slot, stamp } => self
                .explain_line(slot as usize, stamp, Some(v))
                .into_boxed_slice(),
        }
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
