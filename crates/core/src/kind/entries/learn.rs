//! The learner's lines for the kinds whose cells take one palette entry ([`LearnLines`]), over
//! the kind's line solver ([`EntryLineSolver`]): literals say
//! "cell `x` has entry `e`", one variable per cell and palette entry (`x · entries + e`), and
//! two kinds of rule keep them honest besides the learnt clauses:
//!
//! - *the cell*: exactly one entry holds. An entry made true makes the others false; a cell
//!   whose entries are all false but one makes that one true. Both are built in rather than
//!   written as clauses, since the pairwise at-most-one clauses grow with the square of the
//!   palette, and explained on demand (`Reason::Cell`);
//! - *the lines*: each line keeps, per entry, the mask of cells where that entry is not yet
//!   false, which is exactly the line solver's input; a line whose masks changed is
//!   solved, and every entry it rules out becomes a false literal whose reason is recorded as
//!   "line `l`, when the trail was `t` long" and built only if conflict analysis asks: the
//!   line's facts of that moment, with the cell forced to the entry, admit no placement; facts
//!   are given back latest first while that stays so.
//!
//! The line solver's facts are the false literals only: a true one reaches the lines through
//! the cell rule, as the other entries it rules out.

use nonogram_model::{Axis, Clue, ColourId, ColourSet, Picture, Puzzle};

use super::EntryLineSolver;
use crate::kind::grid::{ones, words_for};
use crate::kind::learn::{Deduction, Layout, LearnLines, LineQueue, LineTrails};
use crate::kind::lit::{Lit, Value, Var};
use crate::kind::trail::{Reason, Trail};
use crate::marginals::Rounds;

/// The most variables (cells times entries) the learner takes for a colour puzzle: it keeps
/// about 100 bytes per variable; larger puzzles are left to the search.
pub(crate) const MAX_VARS: usize = 1 << 21;

/// The colour lines: per line and entry, the cells where the entry is not false.
#[derive(Debug)]
pub(crate) struct EntryLines<'p, S: EntryLineSolver> {
    layout: Layout,
    entries: usize,
    /// Per line slot (rows, then columns): its clue.
    clues: Vec<&'p Clue>,
    /// Per line slot: its clue as the line solver reads it.
    prepared: Vec<S::Prepared>,
    row_words: usize,
    col_words: usize,
    /// Per line slot, per entry, `words` words: the cells where the entry is not false.
    masks: Vec<u64>,
    /// Per cell: how many of its entries are false.
    falses: Vec<u32>,
    /// The next trail entry whose cell rule to apply.
    cell_head: usize,
    /// Per line slot, its false facts in trail order, as `i · entries + e` for entry `e` of
    /// its cell `i`.
    trails: LineTrails,
    queue: LineQueue,
    solver: S,
    out: Vec<u64>,
    scratch: Vec<u64>,
}

impl<S: EntryLineSolver> EntryLines<'_, S> {
    /// The first mask word of line `slot`, its words per entry, and its length.
    #[inline]
    fn range(&self, slot: usize) -> (usize, usize, usize) {
        let height = self.layout.height;
        if slot < height {
            let words = self.row_words;
            (slot * self.entries * words, words, self.layout.width)
        } else {
            let words = self.col_words;
            let base = height * self.entries * self.row_words;
            (base + (slot - height) * self.entries * words, words, height)
        }
    }

    /// Sets or clears the mask bit of entry `e` of `cell` in its row and its column.
    #[inline]
    fn write_masks(&mut self, cell: usize, e: usize, on: bool) {
        for (slot, i) in self.layout.lines_of(cell) {
            let (start, words, _) = self.range(slot);
            let word = start + e * words + i / 64;
            if on {
                self.masks[word] |= 1 << (i % 64);
            } else {
                self.masks[word] &= !(1 << (i % 64));
            }
        }
    }

    /// The variable of entry `e` of `cell`.
    #[inline]
    fn var(&self, cell: usize, e: usize) -> Var {
        Var::new(cell * self.entries + e)
    }
}

impl<'p, S: EntryLineSolver> LearnLines<'p> for EntryLines<'p, S> {
    /// On random colour puzzles a random grid is far from any solution, and the cycle without
    /// random phases did best (BENCHMARKS.md, twelfth session).
    const RANDOM_PHASES: bool = false;
    /// Guided when the line solver brings an estimate ([`EntryLineSolver::CHANCES`]): colour
    /// does, by belief propagation over its lines (`crate::kinds::colour::marginals`), so the
    /// plain learner is insurance, as for black and white: with it (the second thread reseeded,
    /// the plain order after `PLAIN_JOINS`) 20 random 30×30 3-colour puzzles took 11.7 s
    /// against 18.3 s, and 12 random 40×40 2-colour ones 8.8 s against 25.5 s with a time-out
    /// (BENCHMARKS.md, issue 43). Triangles have none, and a plain learner would repeat the
    /// guided one's order, so none joins or replaces it.
    const GUIDED: bool = S::CHANCES;
    const FIRST_PHASE: bool = true;
    /// Half the black-and-white unit: colour conflicts cost more each (BENCHMARKS.md, twelfth
    /// session).
    const RESTART_UNIT: u64 = 512;

    fn new(puzzle: &'p Puzzle) -> EntryLines<'p, S> {
        let (width, height) = (puzzle.width(), puzzle.height());
        let entries = puzzle.palette().len().max(1);
        let layout = Layout::new(width, height);
        let (row_words, col_words) = (words_for(width), words_for(height));
        let clues: Vec<&Clue> = [Axis::Row, Axis::Column]
            .into_iter()
            .flat_map(|axis| puzzle.clues(axis).iter())
            .collect();
        let full = |len: usize, words: usize| -> Vec<u64> {
            (0..words)
                .map(|w| match len.saturating_sub(64 * w).min(64) {
                    64 => u64::MAX,
                    bits => (1u64 << bits) - 1,
                })
                .collect()
        };
        let prepared = clues.iter().map(|clue| S::prepare(clue, entries)).collect();
        let mut masks = full(width, row_words).repeat(entries * height);
        masks.extend(full(height, col_words).repeat(entries * width));
        let words = row_words.max(col_words);
        EntryLines {
            trails: LineTrails::new(&layout, entries),
            queue: LineQueue::new(layout.slots()),
            falses: vec![0; width * height],
            layout,
            entries,
            clues,
            prepared,
            row_words,
            col_words,
            masks,
            cell_head: 0,
            solver: S::default(),
            out: vec![0; entries * words],
            scratch: vec![0; entries * words],
        }
    }

    fn fits(puzzle: &Puzzle) -> bool {
        puzzle.width() * puzzle.height() * puzzle.palette().len() <= MAX_VARS
    }

    #[inline(always)]
    fn per_cell(&self) -> usize {
        self.entries
    }

    fn size(&self) -> (usize, usize) {
        (self.layout.width, self.layout.height)
    }

    /// A false literal rules its entry out of its lines; a true one reaches them through the
    /// cell rule.
    #[inline]
    fn assign(&mut self, lit: Lit, position: u32) {
        if lit.is_positive() {
            return;
        }
        let v = lit.var().index();
        let (cell, e) = (v / self.entries, v % self.entries);
        self.falses[cell] += 1;
        self.write_masks(cell, e, false);
        for (slot, i) in self.layout.lines_of(cell) {
            self.trails
                .push(slot, position, (i * self.entries + e) as u32);
            self.queue.mark(slot);
        }
    }

    #[inline]
    fn unassign(&mut self, lit: Lit) {
        if lit.is_positive() {
            return;
        }
        let v = lit.var().index();
        let (cell, e) = (v / self.entries, v % self.entries);
        self.falses[cell] -= 1;
        self.write_masks(cell, e, true);
        for (slot, _) in self.layout.lines_of(cell) {
            self.trails.pop(slot);
        }
    }

    fn queue(&mut self) -> &mut LineQueue {
        &mut self.queue
    }

    fn backtracked(&mut self, len: usize) {
        self.queue.clear();
        self.cell_head = len;
    }

    /// Exactly one entry per cell, over the new trail entries.
    fn propagate_cells(&mut self, trail: &mut Trail) -> Option<u32> {
        let entries = self.entries;
        while self.cell_head < trail.lits.len() {
            let lit = trail.lits[self.cell_head];
            self.cell_head += 1;
            let v = lit.var().index();
            let cell = v / entries;
            let base = cell * entries;
            if lit.is_positive() {
                // True: every other entry is false.
                for other in (base..base + entries).filter(|&u| u != v) {
                    let other = Lit::new(Var::new(other), false);
                    match trail.value(other) {
                        Value::Unknown => {
                            let position = trail.push(other, Reason::Cell);
                            self.assign(other, position);
                        }
                        Value::False => return Some(cell as u32),
                        Value::True => {}
                    }
                }
            } else if self.falses[cell] as usize == entries {
                return Some(cell as u32);
            } else if self.falses[cell] as usize == entries - 1 {
                let last = (base..base + entries)
                    .map(|u| Lit::new(Var::new(u), true))
                    .find(|&l| trail.value(l) != Value::False)
                    .expect("one entry is not false");
                if trail.value(last) == Value::Unknown {
                    let position = trail.push(last, Reason::Cell);
                    self.assign(last, position);
                }
            }
        }
        None
    }

    #[inline]
    fn cells_done(&self, trail: &Trail) -> bool {
        self.cell_head >= trail.lits.len()
    }

    /// Solves one line and rules out what it rules out.
    fn solve(&mut self, slot: usize, trail: &mut Trail) -> bool {
        let (start, words, len) = self.range(slot);
        let entries = self.entries;
        let masks = &self.masks[start..start + entries * words];
        if self
            .solver
            .solve(
                (self.clues[slot], &self.prepared[slot]),
                len,
                entries,
                masks,
                &mut self.out,
            )
            .is_err()
        {
            return false;
        }
        for (o, &m) in self.out[..entries * words].iter_mut().zip(masks) {
            *o = m & !*o;
        }
        let reason = self.deductions_of(slot, trail);
        for e in 0..entries {
            for w in 0..words {
                let bits = self.out[e * words + w];
                for i in ones(w, bits) {
                    let lit = Lit::new(self.var(self.layout.cell(slot, i), e), false);
                    // A variable made false since (by the cell rule) needs nothing more.
                    if trail.value(lit) == Value::Unknown {
                        self.deduce(lit, reason, trail);
                    }
                }
            }
        }
        self.queue.solving(slot, false);
        true
    }

    /// The line's masks at that moment, with the target's cell narrowed to the target's entry,
    /// admit no placement. Each fact is given back in turn, latest first (older facts make
    /// better clauses), and kept only if the line becomes feasible without it; facts about the
    /// target's own cell are irrelevant once it is narrowed, and never part of the reason.
    fn explain(&mut self, deduction: Deduction, trail: &Trail, reason: &mut Vec<Lit>) {
        let (slot, stamp, target) = (deduction.slot, deduction.stamp, deduction.target);
        let (start, words, len) = self.range(slot);
        let entries = self.entries;
        let clue = (self.clues[slot], &self.prepared[slot]);
        let masks = &mut self.scratch[..entries * words];
        masks.copy_from_slice(&self.masks[start..start + entries * words]);
        // The masks then: give back the facts since `stamp`.
        let all = self.trails.of(slot);
        let mut then = all.len();
        while then > 0 && all[then - 1].0 >= stamp {
            then -= 1;
            let (i, e) = (
                all[then].1 as usize / entries,
                all[then].1 as usize % entries,
            );
            masks[e * words + i / 64] |= 1 << (i % 64);
        }
        let first = all[..then].partition_point(|&(position, _)| position < trail.facts());
        let known = &all[first..then];
        let target_cell = target.map(|t| {
            let (cell, e) = (t.index() / entries, t.index() % entries);
            let i = self.layout.position_in(slot, cell);
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
        reason.clear();
        // Facts of one cell usually sit together on the trail (an entry made true rules the
        // others out at once): each such group is first given back whole, one check for them
        // all, and only if that makes the line feasible are its facts tried one by one.
        let cell_of = |at: u32| at as usize / entries;
        let mut k = known.len();
        while k > 0 {
            let i = cell_of(known[k - 1].1);
            let mut lo = k - 1;
            while lo > 0 && cell_of(known[lo - 1].1) == i {
                lo -= 1;
            }
            let group = &known[lo..k];
            k = lo;
            if Some(i) == target_cell {
                continue;
            }
            let toggle = |masks: &mut [u64], at: u32, on: bool| {
                let word = &mut masks[at as usize % entries * words + i / 64];
                if on {
                    *word |= 1 << (i % 64);
                } else {
                    *word &= !(1 << (i % 64));
                }
            };
            if group.len() > 1 {
                for &(_, at) in group {
                    toggle(masks, at, true);
                }
                if !self.solver.feasible(clue, len, entries, masks) {
                    continue;
                }
                for &(_, at) in group {
                    toggle(masks, at, false);
                }
            }
            for &(_, at) in group.iter().rev() {
                toggle(masks, at, true);
                if self.solver.feasible(clue, len, entries, masks) {
                    toggle(masks, at, false);
                    let var = self.layout.cell(slot, i) * entries + at as usize % entries;
                    reason.push(Lit::new(Var::new(var), true));
                }
            }
        }
        debug_assert!(!self.solver.feasible(clue, len, entries, masks));
    }

    /// A false entry was ruled out by the cell's true one: that one's literal is the reason.
    /// A true entry was the last one left: the others' literals are. A conflict is two true
    /// entries, or none left.
    fn explain_cell(&self, cell: usize, v: Option<Var>, trail: &Trail, reason: &mut Vec<Lit>) {
        reason.clear();
        let vars = (0..self.entries).map(|e| self.var(cell, e));
        let mut true_ones = vars.clone().filter(|&u| trail.is_true(Lit::new(u, true)));
        match v {
            Some(v) if !trail.is_true(Lit::new(v, true)) => {
                let taken = true_ones
                    .find(|&u| u != v)
                    .expect("the entry that took the cell");
                reason.push(Lit::new(taken, false));
            }
            Some(v) => reason.extend(vars.filter(|&u| u != v).map(|u| Lit::new(u, true))),
            None => match (true_ones.next(), true_ones.next()) {
                (Some(a), Some(b)) => reason.extend([Lit::new(a, false), Lit::new(b, false)]),
                _ => reason.extend(vars.map(|u| Lit::new(u, true))),
            },
        }
    }

    fn picture(&self, trail: &Trail) -> Picture {
        let (width, height) = self.size();
        let mut picture = Picture::new(width, height);
        for cell in 0..width * height {
            let e = (0..self.entries)
                .find(|&e| trail.is_true(Lit::new(self.var(cell, e), true)))
                .unwrap_or(0);
            picture.set_colour(cell / width, cell % width, entry(e));
        }
        picture
    }

    fn facts(&self, cell: usize, options: ColourSet, out: &mut Vec<Lit>) {
        for e in 0..self.entries {
            if !options.contains(entry(e)) {
                out.push(Lit::new(self.var(cell, e), false));
            }
        }
    }

    fn value_in(&self, picture: &Picture, v: Var) -> bool {
        let (cell, e) = (v.index() / self.entries, v.index() % self.entries);
        let width = self.layout.width;
        picture.colour(cell / width, cell % width).index() == e
    }

    /// The line solver's estimate ([`EntryLineSolver::chances`]), each cell's entries allowed
    /// as level 0 leaves them; `None` at once when it has none.
    fn chances(
        &self,
        trail: &Trail,
        rounds: Rounds,
        stop: impl FnMut() -> bool,
    ) -> Option<Vec<f64>> {
        if !S::CHANCES {
            return None;
        }
        let (width, height) = self.size();
        let entries = self.entries;
        let mut allowed = vec![true; width * height * entries];
        for cell in 0..width * height {
            let vars = cell * entries..(cell + 1) * entries;
            let taken = vars
                .clone()
                .find(|&v| trail.value(Lit::new(Var::new(v), true)) == Value::True);
            for v in vars {
                allowed[v] = match taken {
                    Some(t) => v == t,
                    None => trail.value(Lit::new(Var::new(v), true)) != Value::False,
                };
            }
        }
        S::chances(width, height, &self.clues, entries, &allowed, rounds, stop)
    }

    /// The line solver's work per round of its estimate ([`EntryLineSolver::round_work`]).
    fn round_work(&self) -> usize {
        S::round_work(
            (0..self.layout.slots()).map(|slot| (self.layout.len(slot), self.clues[slot].len())),
            self.entries,
        )
    }
}

/// Palette entry `e`.
fn entry(e: usize) -> ColourId {
    ColourId::new(e).unwrap_or_default()
}
