//! Assignments, backtracking and propagation: the cell constraints, the learnt clauses and the
//! lines, to a fixpoint or a conflict.

use super::{make_lit, var, ColourLearner, Conflict, Lit, Reason};

impl ColourLearner<'_> {
    /// The mask words of entry `e` of line `slot`.
    pub(super) fn mask_range(&self, slot: usize) -> (usize, usize, usize) {
        // (first word, words per entry, line length)
        if slot < self.height {
            let words = self.row_words;
            (slot * self.entries * words, words, self.width)
        } else {
            let words = self.col_words;
            let base = self.height * self.entries * self.row_words;
            (
                base + (slot - self.height) * self.entries * words,
                words,
                self.height,
            )
        }
    }

    /// The cell at position `i` of line `slot`.
    pub(super) fn line_cell(&self, slot: usize, i: usize) -> usize {
        if slot < self.height {
            slot * self.width + i
        } else {
            i * self.width + (slot - self.height)
        }
    }

    pub(super) fn mark_dirty(&mut self, slot: usize) {
        if !self.is_dirty[slot] {
            self.is_dirty[slot] = true;
            self.dirty.push_back(slot as u32);
        }
    }

    /// Sets or clears the mask bit of entry `e` of `cell` in its row and its column.
    fn write_masks(&mut self, cell: usize, e: usize, on: bool) {
        let (r, c) = (cell / self.width, cell % self.width);
        let row_word = (r * self.entries + e) * self.row_words + c / 64;
        let col_word = self.height * self.entries * self.row_words
            + (c * self.entries + e) * self.col_words
            + r / 64;
        for (word, bit) in [(row_word, c % 64), (col_word, r % 64)] {
            if on {
                self.masks[word] |= 1 << bit;
            } else {
                self.masks[word] &= !(1 << bit);
            }
        }
    }

    pub(super) fn assign(&mut self, lit: Lit, reason: Reason) {
        let v = var(lit);
        debug_assert_eq!(self.values[v], 0);
        let value = lit & 1 == 0;
        self.values[v] = if value { 1 } else { 2 };
        self.lit_values[lit as usize] = 1;
        self.lit_values[(lit ^ 1) as usize] = 2;
        let position = self.trail.len() as u32;
        self.level[v] = self.decision_level();
        self.position[v] = position;
        self.reason[v] = reason;
        self.trail.push(lit);
        if value {
            return;
        }
        let (cell, e) = (v / self.entries, v % self.entries);
        self.falses[cell] += 1;
        self.write_masks(cell, e, false);
        let (r, c) = (cell / self.width, cell % self.width);
        for (slot, i) in [(r, c), (self.height + c, r)] {
            let at = (self.line_base[slot] + self.line_count[slot]) as usize;
            self.line_trail[at] = (position, (i * self.entries + e) as u32);
            self.line_count[slot] += 1;
            if slot != self.solving {
                self.mark_dirty(slot);
            }
        }
    }

    /// Undoes every assignment above `level`.
    pub(super) fn backtrack(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let keep = self.trail_lim[level as usize];
        while self.trail.len() > keep {
            let lit = self.trail.pop().expect("trail longer than keep");
            let v = var(lit);
            let value = lit & 1 == 0;
            self.values[v] = 0;
            self.lit_values[lit as usize] = 0;
            self.lit_values[(lit ^ 1) as usize] = 0;
            self.phase[v] = value;
            self.explained[v] = None;
            self.heap.insert(v);
            if value {
                continue;
            }
            let (cell, e) = (v / self.entries, v % self.entries);
            self.falses[cell] -= 1;
            self.write_masks(cell, e, true);
            let (r, c) = (cell / self.width, cell % self.width);
            self.line_count[r] -= 1;
            self.line_count[self.height + c] -= 1;
        }
        self.trail_lim.truncate(level as usize);
        self.qhead = self.trail.len();
        self.cell_head = self.trail.len();
        // Every line was at its fixpoint at this level before the undone decision.
        for &slot in &self.dirty {
            self.is_dirty[slot as usize] = false;
        }
        self.dirty.clear();
    }

    /// Propagates cells, clauses and lines to a fixpoint, or returns the conflict.
    pub(super) fn propagate(&mut self) -> Option<Conflict> {
        loop {
            if let Some(conflict) = self.propagate_cells() {
                self.drop_dirty();
                return Some(conflict);
            }
            if let Some(conflict) = self.propagate_clauses() {
                self.drop_dirty();
                return Some(Conflict::Clause(conflict));
            }
            if self.cell_head < self.trail.len() {
                continue;
            }
            let slot = self.dirty.pop_front()? as usize;
            self.is_dirty[slot] = false;
            if !self.solve_line(slot) {
                self.drop_dirty();
                return Some(Conflict::Line(slot));
            }
        }
    }

    /// Forgets the queued lines (a conflict undoes this level).
    fn drop_dirty(&mut self) {
        for &s in &self.dirty {
            self.is_dirty[s as usize] = false;
        }
        self.dirty.clear();
    }

    /// Applies "exactly one entry per cell" to the new trail entries.
    fn propagate_cells(&mut self) -> Option<Conflict> {
        let entries = self.entries;
        while self.cell_head < self.trail.len() {
            let lit = self.trail[self.cell_head];
            self.cell_head += 1;
            let v = var(lit);
            let cell = v / entries;
            let base = cell * entries;
            if lit & 1 == 0 {
                // True: every other entry is false.
                for other in base..base + entries {
                    if other == v {
                        continue;
                    }
                    match self.values[other] {
                        0 => self.assign(make_lit(other, false), Reason::Taken(v as u32)),
                        1 => {
                            return Some(Conflict::Cell(vec![
                                make_lit(v, false),
                                make_lit(other, false),
                            ]))
                        }
                        _ => {}
                    }
                }
            } else {
                let falses = self.falses[cell] as usize;
                if falses == entries {
                    return Some(Conflict::Cell(
                        (base..base + entries).map(|u| make_lit(u, true)).collect(),
                    ));
                }
                if falses == entries - 1 {
                    let last = (base..base + entries)
                        .find(|&u| self.values[u] != 2)
                        .expect("one entry is not false");
                    if self.values[last] == 0 {
                        self.assign(make_lit(last, true), Reason::Last);
                    }
                }
            }
        }
        None
    }

    /// Solves one line and rules out what it rules out. Returns false on a contradiction.
    fn solve_line(&mut self, slot: usize) -> bool {
        let (start, words, len) = self.mask_range(slot);
        let entries = self.entries;
        let clue = self.clues[slot];
        self.stats.line_solves += 1;
        let masks = &self.masks[start..start + entries * words];
        if self
            .solver
            .solve(clue, len, entries, masks, &mut self.out)
            .is_err()
        {
            return false;
        }
        for (o, &m) in self.out[..entries * words].iter_mut().zip(masks) {
            *o = m & !*o;
        }
        self.solving = slot;
        let stamp = self.trail.len() as u32;
        let reason = Reason::Line {
            slot: slot as u32,
            stamp,
        };
        for e in 0..entries {
            for w in 0..words {
                let mut bits = self.out[e * words + w];
                while bits != 0 {
                    let i = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let v = self.line_cell(slot, i) * entries + e;
                    // A variable made false since (by the cell rule) needs nothing more.
                    if self.values[v] == 0 {
                        self.assign(make_lit(v, false), reason);
                    }
                }
            }
        }
        self.solving = usize::MAX;
        true
    }
}
