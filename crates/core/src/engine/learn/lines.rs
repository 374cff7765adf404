//! The lines as the learner sees them: each line's clue, its known cells as bit masks, its
//! assigned cells in trail order, and the queue of lines waiting to be solved.
//!
//! A line is named by its *slot*: rows first (slot `r`), then columns (slot `height + c`). The
//! masks are what the line solvers read, so they are kept for every line in both orientations
//! and updated on every assignment, one bit in the row and one in the column. The per-line
//! trails are what explanations read: the known cells of a line at an earlier moment, latest
//! first, without a scan of the trail or a sort.

use std::collections::VecDeque;
use std::ops::Range;

use nonogram_model::{Axis, Puzzle};

use super::lit::Var;
use crate::grid::words_for;

/// The lines' clues and known cells, and the queue of lines to solve.
#[derive(Debug)]
pub(super) struct Lines<'p> {
    pub width: usize,
    pub height: usize,
    /// Per line slot: the clue's runs.
    pub clues: Vec<&'p [u32]>,
    /// Known cells per line slot, `words_for(len)` words each: rows first, then columns.
    pub filled: Vec<u64>,
    pub empty: Vec<u64>,
    row_words: usize,
    col_words: usize,
    /// Per cell: its row and column (no division on the hot paths).
    row_col: Vec<[u32; 2]>,
    /// Per line slot, its assigned cells in trail order as (trail position, index in the
    /// line): the stretch of `trail` from the slot's `base`, `count` long. The trail is undone
    /// last in, first out, so each stretch is too; an explanation reads the known cells of a
    /// line at any earlier moment from it, latest first, without a scan or a sort.
    pub trail: Vec<(u32, u32)>,
    pub base: Vec<u32>,
    pub count: Vec<u32>,
    /// Lines whose cells changed since they were last solved, in the order they changed.
    queue: VecDeque<u32>,
    /// Per line slot: whether it is in `queue`, or is being solved (its own deductions need not
    /// queue it again: see [`Lines::solving`]).
    queued: Vec<bool>,
}

impl<'p> Lines<'p> {
    pub fn new(puzzle: &'p Puzzle) -> Lines<'p> {
        let (width, height) = (puzzle.width(), puzzle.height());
        let cells = width * height;
        let (row_words, col_words) = (words_for(width), words_for(height));
        let mut clues = Vec::with_capacity(width + height);
        for axis in [Axis::Row, Axis::Column] {
            clues.extend(puzzle.clues(axis).iter().map(|c| c.runs()));
        }
        let mask_words = row_words * height + col_words * width;
        Lines {
            width,
            height,
            clues,
            filled: vec![0; mask_words],
            empty: vec![0; mask_words],
            row_words,
            col_words,
            row_col: (0..cells)
                .map(|v| [(v / width) as u32, (v % width) as u32])
                .collect(),
            trail: vec![(0, 0); 2 * cells],
            base: (0..height)
                .map(|r| r * width)
                .chain((0..width).map(|c| cells + c * height))
                .map(|base| base as u32)
                .collect(),
            count: vec![0; width + height],
            queue: VecDeque::new(),
            queued: vec![false; width + height],
        }
    }

    /// The number of line slots: rows and columns.
    pub fn slots(&self) -> usize {
        self.clues.len()
    }

    /// The words of the longest line.
    pub fn max_words(&self) -> usize {
        self.row_words.max(self.col_words)
    }

    /// The word range of a line slot's masks, and its length.
    #[inline]
    pub fn range(&self, slot: usize) -> (Range<usize>, usize) {
        if slot < self.height {
            let base = slot * self.row_words;
            (base..base + self.row_words, self.width)
        } else {
            let base = self.height * self.row_words + (slot - self.height) * self.col_words;
            (base..base + self.col_words, self.height)
        }
    }

    /// The cell at position `i` of a line slot.
    #[inline]
    pub fn cell(&self, slot: usize, i: usize) -> Var {
        Var::new(if slot < self.height {
            slot * self.width + i
        } else {
            i * self.width + (slot - self.height)
        })
    }

    /// The position of cell `v` in line slot `slot` (which holds it).
    pub fn position_in(&self, slot: usize, v: Var) -> usize {
        let [r, c] = self.row_col[v.index()];
        let i = if slot < self.height { c } else { r } as usize;
        debug_assert_eq!(self.cell(slot, i), v);
        i
    }

    /// The known cells of a line slot in trail order, as (trail position, index in the line).
    pub fn known(&self, slot: usize) -> &[(u32, u32)] {
        let base = self.base[slot] as usize;
        &self.trail[base..base + self.count[slot] as usize]
    }

    /// Queues a line slot for solving (once).
    #[inline]
    pub fn mark_dirty(&mut self, slot: usize) {
        if !self.queued[slot] {
            self.queued[slot] = true;
            self.queue.push_back(slot as u32);
        }
    }

    /// The next line slot to solve, taken off the queue.
    #[inline]
    pub fn next_dirty(&mut self) -> Option<usize> {
        let slot = self.queue.pop_front()? as usize;
        self.queued[slot] = false;
        Some(slot)
    }

    /// Empties the queue (after a conflict, or a backtrack: every line was at its fixpoint at
    /// the level backtracked to).
    pub fn clear_queue(&mut self) {
        for &slot in &self.queue {
            self.queued[slot as usize] = false;
        }
        self.queue.clear();
    }

    /// Brackets the assignment of a line's own deductions (`on`, then off): while it is being
    /// solved, the line counts as queued, so they do not queue it again.
    #[inline]
    pub fn solving(&mut self, slot: usize, on: bool) {
        debug_assert!(on != self.queued[slot]);
        self.queued[slot] = on;
    }

    /// Sets the mask bits of a cell in its row and its column (`on`), or clears them.
    #[inline]
    fn write_masks(&mut self, v: Var, filled: bool, on: bool) {
        let [r, c] = self.row_col[v.index()].map(|x| x as usize);
        let row_word = r * self.row_words + c / 64;
        let col_word = self.height * self.row_words + c * self.col_words + r / 64;
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

    /// Records the assignment of cell `v` at trail `position` in its two lines, and queues them.
    #[inline]
    pub fn assign(&mut self, v: Var, filled: bool, position: u32) {
        self.write_masks(v, filled, true);
        let [r, c] = self.row_col[v.index()].map(|x| x as usize);
        for (slot, i) in [(r, c), (self.height + c, r)] {
            let at = (self.base[slot] + self.count[slot]) as usize;
            self.trail[at] = (position, i as u32);
            self.count[slot] += 1;
            self.mark_dirty(slot);
        }
    }

    /// Undoes the assignment of cell `v`, the latest of both its lines.
    #[inline]
    pub fn unassign(&mut self, v: Var, filled: bool) {
        self.write_masks(v, filled, false);
        let [r, c] = self.row_col[v.index()];
        self.count[r as usize] -= 1;
        self.count[self.height + c as usize] -= 1;
    }

    /// Per cell, its row and column.
    #[cfg(test)]
    pub fn row_col(&self, v: Var) -> [u32; 2] {
        self.row_col[v.index()]
    }
}
