//! The colour partial grid: for every row and every column, one bit mask per palette entry of
//! the cells that may still take it.
//!
//! The black-and-white [`Grid`](crate::Grid) keeps two masks per line (known filled, known
//! empty); a colour line needs one per entry, since a cell may have any subset of the palette
//! left. Rows and columns are both stored, as there, so that every line is one contiguous slice
//! of `entries × words` words, in the layout the colour line solver reads
//! ([`EntryLineSolver::solve`](super::EntryLineSolver::solve)); a change costs one bit in
//! the line and one in the crossing line per entry removed.
//!
//! A cell's *freedom* is the number of entries it may still take, less one; the grid keeps the
//! total, which is 0 exactly when every cell is decided (and counts what probing and
//! branching achieve in finer steps than "cells decided").

use nonogram_model::{Axis, Cells, ColourId, ColourSet, LineId, PartialGrid, Picture, Puzzle};

use crate::kind::grid::{get_bit, ones, GridOps, Planes};
use crate::kind::Contradiction;

/// A partially solved colour grid.
#[derive(PartialEq, Eq, Hash)]
pub struct ColourGrid {
    /// One plane per palette entry (the background and the colours): the cells that may still
    /// take it.
    masks: Planes,
    entries: usize,
    /// The sum over the cells of (entries still possible − 1).
    freedom: usize,
}

impl Clone for ColourGrid {
    fn clone(&self) -> ColourGrid {
        let masks = self.masks.clone();
        ColourGrid { masks, ..*self }
    }

    /// Copies into the existing buffers (see [`Planes`]).
    fn clone_from(&mut self, source: &ColourGrid) {
        self.masks.clone_from(&source.masks);
        (self.entries, self.freedom) = (source.entries, source.freedom);
    }
}

impl ColourGrid {
    /// A grid where every cell may take every one of `entries` palette entries (at least 1).
    /// The size is assumed validated (see [`nonogram_model::check_size`]).
    pub fn new(width: usize, height: usize, entries: usize) -> ColourGrid {
        let entries = entries.max(1);
        ColourGrid {
            masks: Planes::new(width, height, entries, true),
            entries,
            freedom: width * height * (entries - 1),
        }
    }

    /// A grid of `entries` palette entries narrowed to what `cells` allows (a person's partly
    /// solved grid, read as a [`PartialGrid`]); `None` if a cell allows no entry.
    pub fn from_cells(cells: &dyn Cells, entries: usize) -> Option<ColourGrid> {
        let mut grid = ColourGrid::new(cells.width(), cells.height(), entries);
        for r in 0..cells.height() {
            for c in 0..cells.width() {
                grid.narrow(r, c, cells.options(r, c)).ok()?;
            }
        }
        Some(grid)
    }

    /// Cells per row.
    pub fn width(&self) -> usize {
        self.masks.width()
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.masks.height()
    }

    /// Palette entries.
    pub fn entries(&self) -> usize {
        self.entries
    }

    /// The sum over the cells of (entries still possible − 1): 0 when the grid is complete.
    pub fn freedom(&self) -> usize {
        self.freedom
    }

    /// Whether every cell is down to one entry.
    pub fn is_complete(&self) -> bool {
        self.freedom == 0
    }

    /// Cells with more than one entry left.
    pub fn unknown_count(&self) -> usize {
        (0..self.height())
            .flat_map(|r| (0..self.width()).map(move |c| (r, c)))
            .filter(|&(r, c)| self.get(r, c).len() > 1)
            .count()
    }

    /// The entries the cell at `(row, col)` may still take.
    pub fn get(&self, row: usize, col: usize) -> ColourSet {
        let bits = (0..self.entries).fold(0, |bits, e| {
            bits | u64::from(self.masks.get(row, col, e)) << e
        });
        ColourSet::from_bits(bits)
    }

    /// Narrows the cell at `(row, col)` to the entries of `set` it may still take. Returns
    /// whether it changed; a cell left with no entry is a contradiction (and the grid is left as
    /// it was).
    pub fn narrow(
        &mut self,
        row: usize,
        col: usize,
        set: ColourSet,
    ) -> Result<bool, Contradiction> {
        let old = self.get(row, col);
        let new = old.and(set);
        if new.is_empty() {
            return Err(Contradiction);
        }
        if new == old {
            return Ok(false);
        }
        for e in ColourSet::from_bits(old.bits() & !new.bits()).iter() {
            self.masks.write(row, col, e.index(), false);
        }
        self.freedom -= old.len() - new.len();
        Ok(true)
    }

    /// The length of the lines of an axis.
    pub fn line_len(&self, axis: Axis) -> usize {
        self.masks.line_len(axis)
    }

    /// Words per entry of a line of an axis.
    pub fn line_words(&self, axis: Axis) -> usize {
        self.masks.line_words(axis)
    }

    /// A line's masks: entry by entry, [`ColourGrid::line_words`] words each.
    pub fn line(&self, line: LineId) -> &[u64] {
        self.masks.line(line)
    }

    /// Narrows a line to `masks` (the layout of [`ColourGrid::line`], a subset of it, as the
    /// line solver gives), keeping the crossing lines in step. Writes into `changed` (one bit
    /// per cell, [`ColourGrid::line_words`] words) the cells that lost an entry, and returns how
    /// many entries were removed in all. A cell left with no entry is a contradiction (the grid
    /// is then part-way: callers discard it).
    pub fn narrow_line(
        &mut self,
        line: LineId,
        masks: &[u64],
        changed: &mut [u64],
    ) -> Result<usize, Contradiction> {
        let words = self.line_words(line.axis);
        changed[..words].fill(0);
        let mut removed_total = 0;
        for e in 0..self.entries {
            for w in 0..words {
                let removed = self.masks.line(line)[e * words + w] & !masks[e * words + w];
                if removed != 0 {
                    self.masks.write_line_word(line, (e, w), removed, false);
                    changed[w] |= removed;
                    removed_total += removed.count_ones() as usize;
                }
            }
        }
        self.freedom = self
            .freedom
            .checked_sub(removed_total)
            .ok_or(Contradiction)?;
        // Every changed cell must keep an entry.
        let own = self.masks.line(line);
        for w in 0..words {
            let any = (0..self.entries).fold(0, |any, e| any | own[e * words + w]);
            if changed[w] & !any != 0 {
                return Err(Contradiction);
            }
        }
        Ok(removed_total)
    }

    /// The picture, if every cell is down to one entry.
    pub fn to_picture(&self) -> Option<Picture> {
        GridOps::to_picture(self)
    }

    /// The model's view of the grid.
    pub fn to_partial(&self) -> PartialGrid {
        PartialGrid::from_cells(self)
    }
}

/// A cell's options are the entries it may still take.
impl Cells for ColourGrid {
    fn options(&self, row: usize, col: usize) -> ColourSet {
        self.get(row, col)
    }
    fn width(&self) -> usize {
        self.masks.width()
    }
    fn height(&self) -> usize {
        self.masks.height()
    }
}

/// A snapshot is the row masks; a union of snapshots allows whatever one of them allows, so
/// it is the bitwise or of their masks.
impl GridOps for ColourGrid {
    const KNOWS: bool = false;

    fn masks(&self) -> &Planes {
        &self.masks
    }

    fn blank(puzzle: &Puzzle) -> ColourGrid {
        ColourGrid::new(puzzle.width(), puzzle.height(), puzzle.palette().len())
    }

    fn narrow(&mut self, row: usize, col: usize, set: ColourSet) -> Result<bool, Contradiction> {
        ColourGrid::narrow(self, row, col, set)
    }

    fn freedom(&self) -> usize {
        self.freedom
    }

    fn unknown_count(&self) -> usize {
        ColourGrid::unknown_count(self)
    }

    fn restrict(
        &mut self,
        union: &[u64],
        mut changed: impl FnMut(usize, usize),
    ) -> Result<usize, Contradiction> {
        let (entries, words) = (self.entries, self.line_words(Axis::Row));
        let mut removed = 0;
        for r in 0..self.height() {
            let row = |e: usize| (r * entries + e) * words;
            for w in 0..words {
                let rows = self.masks.rows();
                let lost =
                    (0..entries).fold(0, |lost, e| lost | rows[row(e) + w] & !union[row(e) + w]);
                for c in ones(w, lost) {
                    let keep = (0..entries).fold(0, |keep, e| {
                        keep | u64::from(get_bit(&union[row(e)..], c)) << e
                    });
                    if self.narrow(r, c, ColourSet::from_bits(keep))? {
                        removed += 1;
                        changed(r, c);
                    }
                }
            }
        }
        Ok(removed)
    }
}

impl std::fmt::Debug for ColourGrid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (width, height) = (self.width(), self.height());
        let (entries, freedom) = (self.entries, self.freedom);
        writeln!(
            f,
            "ColourGrid {width}x{height}, {entries} entries (freedom {freedom})"
        )?;
        for r in 0..height {
            let row: String = (0..width)
                .map(|c| {
                    let set = self.get(r, c);
                    match set.only() {
                        Some(ColourId::BACKGROUND) => '.',
                        Some(id) => char::from_digit(id.index() as u32 % 36, 36).unwrap_or('*'),
                        None if set.is_empty() => '!',
                        None => '?',
                    }
                })
                .collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(i: usize) -> ColourId {
        ColourId::new(i).unwrap()
    }

    #[test]
    fn rows_and_columns_stay_in_step() {
        let mut g = ColourGrid::new(70, 3, 4);
        assert_eq!(g.freedom(), 70 * 3 * 3);
        let set = ColourSet::single(id(2)).with(id(3));
        assert_eq!(g.narrow(2, 65, set), Ok(true));
        assert_eq!(g.narrow(2, 65, set), Ok(false));
        assert_eq!(g.get(2, 65), set);
        assert_eq!(
            g.narrow(2, 65, ColourSet::single(id(1))),
            Err(Contradiction)
        );
        assert_eq!(g.get(2, 65), set);
        assert_eq!(g.freedom(), 70 * 3 * 3 - 2);
        // Column 65 shows the same cell: entries 2 and 3 only at row 2.
        let column = g.line(LineId::column(65));
        assert_eq!(column, &[0b011, 0b011, 0b111, 0b111]);
        // Narrowing the column line writes back into the rows.
        let mut changed = [0];
        let masks = [0b001, 0b010, 0b110, 0b110];
        assert_eq!(
            g.narrow_line(LineId::column(65), &masks, &mut changed),
            Ok(4)
        );
        assert_eq!(changed, [0b011]);
        assert_eq!(g.get(0, 65), ColourSet::single(id(0)));
        assert_eq!(g.get(2, 65), set);
        assert_eq!(g.to_partial().get(1, 65), ColourSet::from_bits(0b1110));
        assert_eq!(g.unknown_count(), 70 * 3 - 1);
        // A cell left with nothing is a contradiction.
        let mut changed = [0, 0];
        let mut row = g.line(LineId::row(1)).to_vec();
        for e in 0..4 {
            row[e * 2] &= !1;
        }
        assert_eq!(
            g.narrow_line(LineId::row(1), &row, &mut changed),
            Err(Contradiction)
        );
    }

    #[test]
    fn complete_grids_are_pictures() {
        let mut g = ColourGrid::new(2, 1, 3);
        g.narrow(0, 0, ColourSet::single(id(2))).unwrap();
        assert_eq!(g.to_picture(), None);
        g.narrow(0, 1, ColourSet::single(id(0))).unwrap();
        assert!(g.is_complete());
        let picture = g.to_picture().unwrap();
        assert_eq!(picture.colour(0, 0), id(2));
    }
}
