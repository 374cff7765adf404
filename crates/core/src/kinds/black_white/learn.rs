//! The learner's lines for black-and-white puzzles: one variable per cell, true when the cell
//! is filled; each line's known cells as the two masks the bit-parallel line solvers read; and
//! the explanations of their deductions.
//!
//! Each cell the line solver fixes records *which line* fixed it and *when* (its position on
//! the trail), and nothing more: an explanation is only needed if conflict analysis reaches
//! that cell, which most never do. It is then built here: the known cells of the line at that
//! moment, with the fixed cell flipped, admit no placement; we drop known cells one at a time,
//! latest first, keeping each only if the line becomes feasible without it. What remains is a
//! small reason (often a handful of cells near the deduction). Long lines first try a window
//! around the cell ([`WINDOW`]).

use nonogram_model::{Axis, Cell, ColourId, ColourSet, Picture, Puzzle};

use super::line::{Line, LineSolve, LineSolver, Masks};
use crate::kind::grid::{ones, words_for};
use crate::kind::learn::{Deduction, Layout, LearnLines, LineQueue, LineTrails};
use crate::kind::lit::{Lit, Value, Var};
use crate::kind::trail::Trail;
use crate::marginals::{self, Rounds};

/// The most cells the learner takes for a black-and-white puzzle. It keeps about 150 bytes per
/// cell (watch lists, trail, activities, explanations), so this bounds that state near 150 MiB,
/// beside the clause arena; larger puzzles, which are almost always settled by line solving and
/// probing, are left to the search.
pub const MAX_CELLS: usize = 1 << 20;

/// Explanations in lines of more than 128 cells first try the known cells within this many
/// cells of the target (then twice as many, and so on).
const WINDOW: usize = 16;

/// The lines' clues and known cells, the queue of lines to solve, and the line solver.
#[derive(Debug)]
pub(crate) struct BlackWhiteLines<'p> {
    layout: Layout,
    /// Per line slot: the clue's runs.
    clues: Vec<&'p [u32]>,
    /// Known cells per line slot, `words_for(len)` words each: rows first, then columns.
    filled: Vec<u64>,
    empty: Vec<u64>,
    row_words: usize,
    col_words: usize,
    /// Per line slot, its known cells in trail order, by their position in the line.
    trails: LineTrails,
    queue: LineQueue,
    solver: LineSolver,
    /// What the line solver fixed, as masks of the line solved.
    out: Masks,
    /// The known cells of the line being explained.
    scratch: Masks,
    /// Explanations made from a window of their line (tests check that they happen).
    #[cfg(test)]
    pub windows: u64,
}

impl BlackWhiteLines<'_> {
    /// The word range of a line slot's masks, and its length.
    #[inline]
    fn range(&self, slot: usize) -> (std::ops::Range<usize>, usize) {
        let height = self.layout.height;
        if slot < height {
            let base = slot * self.row_words;
            (base..base + self.row_words, self.layout.width)
        } else {
            let base = height * self.row_words + (slot - height) * self.col_words;
            (base..base + self.col_words, height)
        }
    }

    /// Sets the mask bits of a cell in its row and its column (`on`), or clears them: the
    /// cell at position `c` of row slot `row` and position `r` of column slot `column`.
    #[inline]
    fn write_masks(
        &mut self,
        [(row, c), (column, r)]: [(usize, usize); 2],
        filled: bool,
        on: bool,
    ) {
        let height = self.layout.height;
        let row_word = row * self.row_words + c / 64;
        let col_word = height * self.row_words + (column - height) * self.col_words + r / 64;
        let masks = if filled {
            &mut self.filled
        } else {
            &mut self.empty
        };
        for (word, bit) in [(row_word, c % 64), (col_word, r % 64)] {
            if on {
                masks[word] |= 1 << bit;
            } else {
                masks[word] &= !(1 << bit);
            }
        }
    }
}

impl<'p> LearnLines<'p> for BlackWhiteLines<'p> {
    /// With target phases a restart costs less of the progress made, and units of 100 to
    /// 3,000 measured alike on hard tournament puzzles; 1,000 was ahead on random 30×30 puzzles
    /// (7.5 s against 8.9 s for 1,000 puzzles, BENCHMARKS.md).
    const RESTART_UNIT: u64 = 1000;
    const FIRST_PHASE: bool = false;
    const RANDOM_PHASES: bool = true;
    const GUIDED: bool = true;

    fn new(puzzle: &'p Puzzle) -> BlackWhiteLines<'p> {
        let (width, height) = (puzzle.width(), puzzle.height());
        let layout = Layout::new(width, height);
        let (row_words, col_words) = (words_for(width), words_for(height));
        let mut clues = Vec::with_capacity(width + height);
        for axis in [Axis::Row, Axis::Column] {
            clues.extend(puzzle.clues(axis).iter().map(|c| c.runs()));
        }
        let mask_words = row_words * height + col_words * width;
        let longest = width.max(height);
        BlackWhiteLines {
            trails: LineTrails::new(&layout, 1),
            queue: LineQueue::new(layout.slots()),
            layout,
            clues,
            filled: vec![0; mask_words],
            empty: vec![0; mask_words],
            row_words,
            col_words,
            solver: LineSolver::new(),
            out: Masks::new(longest),
            scratch: Masks::new(longest),
            #[cfg(test)]
            windows: 0,
        }
    }

    fn fits(puzzle: &Puzzle) -> bool {
        puzzle.width() * puzzle.height() <= MAX_CELLS
    }

    #[inline(always)]
    fn per_cell(&self) -> usize {
        1
    }

    fn size(&self) -> (usize, usize) {
        (self.layout.width, self.layout.height)
    }

    /// Records the assignment of a cell in its two lines, and queues them.
    #[inline]
    fn assign(&mut self, lit: Lit, position: u32) {
        let lines = self.layout.lines_of(lit.var().index());
        self.write_masks(lines, lit.is_positive(), true);
        for (slot, i) in lines {
            self.trails.push(slot, position, i as u32);
            self.queue.mark(slot);
        }
    }

    #[inline]
    fn unassign(&mut self, lit: Lit) {
        let lines = self.layout.lines_of(lit.var().index());
        self.write_masks(lines, lit.is_positive(), false);
        for (slot, _) in lines {
            self.trails.pop(slot);
        }
    }

    fn queue(&mut self) -> &mut LineQueue {
        &mut self.queue
    }

    /// Solves one line and assigns what it fixes.
    fn solve(&mut self, slot: usize, trail: &mut Trail) -> bool {
        let (range, len) = self.range(slot);
        let words = range.len();
        let clue = self.clues[slot];
        // No result cache here, unlike the search's propagator: measured with one (TAAI 2011
        // #469 and #591, 12-Dom), the learner was about 4% slower with the same results. Its
        // lookups mostly miss the CPU cache, which costs about what the solve itself does.
        let (filled, empty) = (&self.filled[range.clone()], &self.empty[range.clone()]);
        // Inlined: lines of one word go straight to the cell-parallel solver's `u64` passes.
        if self
            .solver
            .solve(Line::new(clue, len, filled, empty), &mut self.out)
            .is_err()
        {
            return false;
        }
        for w in 0..words {
            self.out.filled[w] &= !self.filled[range.start + w];
            self.out.empty[w] &= !self.empty[range.start + w];
        }
        let reason = self.deductions_of(slot, trail);
        for w in 0..words {
            for filled in [true, false] {
                let bits = if filled {
                    self.out.filled[w]
                } else {
                    self.out.empty[w]
                };
                for i in ones(w, bits) {
                    let cell = Var::new(self.layout.cell(slot, i));
                    self.deduce(Lit::new(cell, filled), reason, trail);
                }
            }
        }
        self.queue.solving(slot, false);
        true
    }

    fn explain(&mut self, deduction: Deduction, trail: &Trail, reason: &mut Vec<Lit>) {
        let (slot, stamp, target) = (deduction.slot, deduction.stamp, deduction.target);
        let (range, len) = self.range(slot);
        let words = range.len();
        let clue = self.clues[slot];
        let target = target.map(|t| (t, self.layout.position_in(slot, t.index())));
        // The known cells then: the line's facts below the stamp (`known`, read latest first
        // below), in the masks of the cells known now minus those since.
        let mut known = self.trails.of(slot);
        let (f, e) = (&mut self.scratch.filled, &mut self.scratch.empty);
        f[..words].copy_from_slice(&self.filled[range.clone()]);
        e[..words].copy_from_slice(&self.empty[range]);
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
        let facts = trail.facts();
        let known = &known[known.partition_point(|&(position, _)| position < facts)..];
        if let Some((t, i)) = target {
            // The target flipped.
            debug_assert!(trail.position[t.index()] >= stamp);
            let (to, from) = if trail.is_true(Lit::new(t, true)) {
                (&mut *e, &mut *f)
            } else {
                (&mut *f, &mut *e)
            };
            from[i / 64] &= !(1 << (i % 64));
            to[i / 64] |= 1 << (i % 64);
        }
        debug_assert!(!self.solver.feasible(Line::new(clue, len, f, e)));
        reason.clear();
        let layout = &self.layout;
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
                    let cell = Var::new(layout.cell(slot, i as usize));
                    reason.push(Lit::new(cell, !filled));
                } else {
                    (f, e) = (without_f, without_e);
                }
            }
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
                        self.windows += 1;
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
            let filled = f[i / 64] >> (i % 64) & 1 != 0;
            let word = if filled { &mut *f } else { &mut *e };
            word[i / 64] &= !(1 << (i % 64));
            if self.solver.feasible(Line::new(clue, len, f, e)) {
                let word = if filled { &mut *f } else { &mut *e };
                word[i / 64] |= 1 << (i % 64);
                reason.push(Lit::new(Var::new(layout.cell(slot, i)), !filled));
            }
        }
        // The cells kept (and the facts) still admit no placement.
        debug_assert!(!self.solver.feasible(Line::new(clue, len, f, e)));
    }

    fn picture(&self, trail: &Trail) -> Picture {
        let (width, height) = self.size();
        let mut picture = Picture::new(width, height);
        for v in 0..width * height {
            picture.set(
                v / width,
                v % width,
                trail.is_true(Lit::new(Var::new(v), true)),
            );
        }
        picture
    }

    fn facts(&self, cell: usize, options: ColourSet, out: &mut Vec<Lit>) {
        if let Some(value) = options.only() {
            out.push(Lit::new(Var::new(cell), value == ColourId::BLACK));
        }
    }

    fn value_in(&self, picture: &Picture, v: Var) -> bool {
        let width = self.layout.width;
        picture.get(v.index() / width, v.index() % width)
    }

    fn chances(
        &self,
        trail: &Trail,
        rounds: Rounds,
        stop: impl FnMut() -> bool,
    ) -> Option<Vec<f64>> {
        let (width, height) = self.size();
        let known: Vec<Cell> = (0..width * height)
            .map(|v| {
                let lit = Lit::new(Var::new(v), true);
                match trail.value(lit) {
                    Value::Unknown => Cell::Unknown,
                    Value::True => Cell::Filled,
                    Value::False => Cell::Empty,
                }
            })
            .collect();
        marginals::estimate(width, height, &self.clues, &known, rounds, stop)
    }

    /// Per line, its programme's `(runs + 1) · (slack + 1)` starts and a pass over its cells,
    /// the slack being how far the runs can move.
    fn round_work(&self) -> usize {
        (0..self.layout.slots())
            .map(|slot| {
                let runs = self.clues[slot];
                let len = self.layout.len(slot);
                let shortest: usize = runs.iter().map(|&r| r as usize + 1).sum();
                (runs.len() + 1) * (len + 2).saturating_sub(shortest) + len
            })
            .sum()
    }
}

#[cfg(test)]
impl BlackWhiteLines<'_> {
    /// Whether each line's stretch of the line trails holds exactly its cells on the trail, in
    /// trail order, with their positions (what explanations rely on).
    pub fn trails_follow(&self, trail: &Trail) -> bool {
        (0..self.layout.slots()).all(|slot| {
            let on_trail: Vec<(u32, u32)> = trail
                .lits
                .iter()
                .enumerate()
                .filter_map(|(position, &lit)| {
                    let lines = self.layout.lines_of(lit.var().index());
                    let (_, i) = lines.into_iter().find(|&(line, _)| line == slot)?;
                    Some((position as u32, i as u32))
                })
                .collect();
            self.trails.of(slot) == on_trail.as_slice()
        })
    }
}
