//! The decision order: a binary max-heap of variables keyed by activity (VSIDS, as in MiniSat),
//! with each variable's position kept so that a bump can move it up in place.

/// Variables ordered by activity, highest first; ties go to the lower index.
#[derive(Debug)]
pub(super) struct VarHeap {
    /// The heap of variables.
    heap: Vec<u32>,
    /// Each variable's index in `heap`, or `u32::MAX` when it is not there.
    index: Vec<u32>,
    /// Each variable's activity.
    pub activity: Vec<f64>,
}

impl VarHeap {
    /// Every variable of `n`, all of activity 0.
    pub fn new(n: usize) -> VarHeap {
        VarHeap {
            heap: (0..n as u32).collect(),
            index: (0..n as u32).collect(),
            activity: vec![0.0; n],
        }
    }

    fn precedes(&self, a: u32, b: u32) -> bool {
        let (x, y) = (self.activity[a as usize], self.activity[b as usize]);
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
            self.index[self.heap[i] as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = v;
        self.index[v as usize] = i as u32;
    }

    fn down(&mut self, mut i: usize) {
        let v = self.heap[i];
        let n = self.heap.len();
        loop {
            let mut child = 2 * i + 1;
            if child >= n {
                break;
            }
            if child + 1 < n && self.precedes(self.heap[child + 1], self.heap[child]) {
                child += 1;
            }
            if !self.precedes(self.heap[child], v) {
                break;
            }
            self.heap[i] = self.heap[child];
            self.index[self.heap[i] as usize] = i as u32;
            i = child;
        }
        self.heap[i] = v;
        self.index[v as usize] = i as u32;
    }

    /// Restores the heap order after activities changed wholesale.
    pub fn rebuild(&mut self) {
        for i in (0..self.heap.len() / 2).rev() {
            self.down(i);
        }
    }

    /// Puts `v` back (after it was unassigned), if it is not there.
    pub fn insert(&mut self, v: usize) {
        if self.index[v] != u32::MAX {
            return;
        }
        self.heap.push(v as u32);
        let i = self.heap.len() - 1;
        self.index[v] = i as u32;
        self.up(i);
    }

    /// Moves `v` up after its activity grew.
    pub fn increased(&mut self, v: usize) {
        let i = self.index[v];
        if i != u32::MAX {
            self.up(i as usize);
        }
    }

    /// The variable of highest activity, taken out.
    pub fn pop(&mut self) -> Option<usize> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("not empty");
        self.index[top as usize] = u32::MAX;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.index[last as usize] = 0;
            self.down(0);
        }
        Some(top as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_by_activity_then_index() {
        let mut heap = VarHeap::new(5);
        heap.activity[3] = 2.0;
        heap.activity[1] = 1.0;
        heap.rebuild();
        assert_eq!(heap.pop(), Some(3));
        heap.activity[4] = 5.0;
        heap.increased(4);
        assert_eq!(heap.pop(), Some(4));
        assert_eq!(heap.pop(), Some(1));
        heap.insert(3);
        heap.insert(3);
        assert_eq!(heap.pop(), Some(3));
        assert_eq!(heap.pop(), Some(0));
        assert_eq!(heap.pop(), Some(2));
        assert_eq!(heap.pop(), None);
    }
}
