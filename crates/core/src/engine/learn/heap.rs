//! The variable heap: unassigned cells ordered by activity (VSIDS, as in MiniSat), so that the
//! next decision is the most active cell.
//!
//! Conflict analysis bumps every cell it meets by an increment that grows after each conflict
//! (by `1 / VAR_DECAY`), which weighs recent conflicts above old ones without touching every
//! activity; when the numbers grow too large they are all scaled down at once. A cell leaves the
//! heap when it is picked and comes back when backtracking unassigns it.

use crate::kind::lit::Var;

/// VSIDS decay: activities are bumped by `inc`, which grows by this factor's inverse.
const VAR_DECAY: f64 = 0.95;
/// The activity past which every activity (and the increment) is scaled down, and the factor.
const RESCALE_ABOVE: f64 = 1e100;
const RESCALE_BY: f64 = 1e-100;
/// `index` of a cell that is not in the heap.
const ABSENT: u32 = u32::MAX;

/// A max-heap of cells by activity, with positions for updates.
#[derive(Debug)]
pub(super) struct VarHeap {
    /// Per cell: its activity.
    pub activity: Vec<f64>,
    heap: Vec<Var>,
    /// Per cell: its index in `heap`, or [`ABSENT`].
    index: Vec<u32>,
    /// What the next bump adds.
    inc: f64,
}

impl VarHeap {
    /// Every one of `n` cells, all of activity 0: they come out in cell order.
    pub fn new(n: usize) -> VarHeap {
        VarHeap {
            activity: vec![0.0; n],
            heap: (0..n).map(Var::new).collect(),
            index: (0..n as u32).collect(),
            inc: 1.0,
        }
    }

    /// Starts the increment afresh, as in a new heap (the activities are the caller's to set).
    pub fn reset_increment(&mut self) {
        self.inc = 1.0;
    }

    /// Whether cell `a` comes out of the heap before cell `b`: higher activity first, ties to
    /// the lower cell number (for a deterministic order).
    #[inline]
    fn precedes(&self, a: Var, b: Var) -> bool {
        let (x, y) = (self.activity[a.index()], self.activity[b.index()]);
        x > y || (x == y && a < b)
    }

    fn up(&mut self, mut i: usize) {
        let v = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if !self.precedes(v, self.heap[parent]) {
                break;
            }
            self.heap[i] = self.heap[parent];
            self.index[self.heap[i].index()] = i as u32;
            i = parent;
        }
        self.heap[i] = v;
        self.index[v.index()] = i as u32;
    }

    fn down(&mut self, mut i: usize) {
        let v = self.heap[i];
        loop {
            let left = 2 * i + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child =
                if right < self.heap.len() && self.precedes(self.heap[right], self.heap[left]) {
                    right
                } else {
                    left
                };
            if !self.precedes(self.heap[child], v) {
                break;
            }
            self.heap[i] = self.heap[child];
            self.index[self.heap[i].index()] = i as u32;
            i = child;
        }
        self.heap[i] = v;
        self.index[v.index()] = i as u32;
    }

    /// Restores the heap order after activities changed wholesale.
    pub fn rebuild(&mut self) {
        for i in (0..self.heap.len() / 2).rev() {
            self.down(i);
        }
    }

    /// Puts a cell back (if it is not in the heap already).
    #[inline]
    pub fn insert(&mut self, v: Var) {
        if self.index[v.index()] != ABSENT {
            return;
        }
        self.heap.push(v);
        let i = self.heap.len() - 1;
        self.index[v.index()] = i as u32;
        self.up(i);
    }

    /// Bumps a cell's activity (a conflict met it).
    pub fn bump(&mut self, v: Var) {
        self.activity[v.index()] += self.inc;
        if self.activity[v.index()] > RESCALE_ABOVE {
            for a in &mut self.activity {
                *a *= RESCALE_BY;
            }
            self.inc *= RESCALE_BY;
        }
        let i = self.index[v.index()];
        if i != ABSENT {
            self.up(i as usize);
        }
    }

    /// Makes later bumps weigh more than earlier ones (after each conflict).
    pub fn decay(&mut self) {
        self.inc /= VAR_DECAY;
    }

    /// Takes out the cell of highest activity.
    pub fn pop(&mut self) -> Option<Var> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("non-empty");
        self.index[top.index()] = ABSENT;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.index[last.index()] = 0;
            self.down(0);
        }
        Some(top)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_by_activity_then_cell_number() {
        let mut heap = VarHeap::new(5);
        heap.bump(Var::new(3));
        heap.bump(Var::new(1));
        heap.decay();
        heap.bump(Var::new(1));
        let order: Vec<usize> = std::iter::from_fn(|| heap.pop()).map(Var::index).collect();
        assert_eq!(order, [1, 3, 0, 2, 4]);
        // Popped cells come back in order; a second insert changes nothing.
        for v in [4, 0, 4, 3] {
            heap.insert(Var::new(v));
        }
        let order: Vec<usize> = std::iter::from_fn(|| heap.pop()).map(Var::index).collect();
        assert_eq!(order, [3, 0, 4]);
    }
}
