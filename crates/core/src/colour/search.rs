//! Probing and depth-first search over colour grids: enumerate solutions up to a limit.
//!
//! The black-and-white search (`engine::search`) with a cell's two values replaced by the
//! entries it may still take. At each node, after propagation, every undecided cell is probed
//! entry by entry: the cell is narrowed to that entry and the grid propagated. An entry whose
//! probe contradicts is removed from the cell; and since every solution below the node lies in
//! one of the surviving probes, every cell can be narrowed to the *union* of what the surviving
//! probes left it (for two values that is "fix the cells both probes agree on"). This repeats
//! until a pass changes nothing; a probe that completes the grid records a solution.
//!
//! Then the search branches on the cell whose probes narrowed the grid most (the product over
//! its entries of one plus the freedom each probe removed, as the black-and-white search scores
//! its two probes), one child per entry, the child whose probe removed least first: the
//! black-and-white search measured that order twice as fast as the opposite one.
//!
//! Probe results are remembered as there (a probe from grid `P` that gave `G` gives `G` again
//! from any `C` with `P ⊇ C ⊇ G`, propagation being monotone), and the search is an explicit
//! stack of grids bounded in memory, polled for termination at every probe and node.

use std::collections::HashSet;

use nonogram_model::{ColourId, ColourSet, LineId, Picture, Puzzle};

use super::grid::ColourGrid;
use super::propagate::ColourPropagator;
use crate::engine::search::Finish;
use crate::config::{Config, Stats};
use crate::termination::Termination;

/// The most memory the stack of pending nodes may take (as in the black-and-white search).
const STACK_BYTES: usize = 2 << 30;

/// The most memory the probe memo may take.
const MEMO_BYTES: usize = 256 << 20;

/// What the work at one node concluded.
enum Node {
    Contradiction,
    Complete,
    /// Branch on the cell, one child per entry, in this order.
    Branch {
        row: usize,
        col: usize,
        order: Vec<ColourId>,
    },
    Stopped,
    Enough,
}

/// Remembered probe results: for each cell and entry, the grid's row masks after probing it,
/// and the serial number of the node that computed it.
#[derive(Debug)]
struct Memo {
    /// Words of one snapshot (the grid's row masks).
    stride: usize,
    words: Vec<u64>,
    /// The node that computed each entry; 0 for none.
    serial: Vec<u64>,
    /// The freedom left in each snapshot (for branching scores).
    freedom_after: Vec<u32>,
}

impl Memo {
    fn new(grid: &ColourGrid) -> Option<Memo> {
        let stride = grid.row_masks().len();
        let entries = grid.width() * grid.height() * grid.entries();
        if stride.checked_mul(entries)?.checked_mul(8)? > MEMO_BYTES {
            return None;
        }
        Some(Memo {
            stride,
            words: Vec::new(),
            serial: vec![0; entries],
            freedom_after: vec![0; entries],
        })
    }

    fn snapshot(&self, entry: usize) -> &[u64] {
        &self.words[entry * self.stride..(entry + 1) * self.stride]
    }

    fn store(&mut self, entry: usize, serial: u64, grid: &ColourGrid) {
        if self.words.is_empty() {
            self.words = vec![0; self.stride * self.serial.len()];
        }
        self.words[entry * self.stride..(entry + 1) * self.stride]
            .copy_from_slice(grid.row_masks());
        self.serial[entry] = serial;
        self.freedom_after[entry] = grid.freedom().min(u32::MAX as usize) as u32;
    }
}

/// The result of trying one entry of one cell.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Probe {
    Contradiction,
    /// Probed now; the grid is in that entry's scratch grid.
    Fresh,
    /// The remembered result still holds.
    Remembered,
}

/// A pending node: a grid, the narrowing still to apply to it, and its parent's serial.
type Pending = (ColourGrid, Option<(usize, usize, ColourSet)>, u64);

/// One colour search over one puzzle.
#[derive(Debug)]
pub(crate) struct ColourSearch<'p> {
    max_solutions: usize,
    probing: bool,
    root: Option<ColourGrid>,
    stack: Vec<Pending>,
    grid_bytes: usize,
    root_serial: u64,
    prop: ColourPropagator<'p>,
    solutions: Vec<Picture>,
    seen: HashSet<Picture>,
    stats: Stats,
    /// Scratch grids, one per palette entry, for the probes of a cell.
    probe_grids: Vec<ColourGrid>,
    /// The union of a cell's surviving probes, as row masks.
    union: Vec<u64>,
    memo: Option<Memo>,
    path: Vec<u64>,
    next_serial: u64,
}

impl<'p> ColourSearch<'p> {
    pub fn new(puzzle: &'p Puzzle, config: &Config) -> ColourSearch<'p> {
        let prop = ColourPropagator::new(puzzle);
        let blank = prop.blank();
        let entries = blank.entries();
        ColourSearch {
            max_solutions: config.max_solutions.max(1),
            probing: config.probing,
            root: None,
            stack: Vec::new(),
            grid_bytes: blank.heap_bytes(),
            root_serial: 0,
            solutions: Vec::new(),
            seen: HashSet::new(),
            stats: Stats::default(),
            memo: Memo::new(&blank),
            union: vec![0; blank.row_masks().len()],
            probe_grids: vec![blank; entries],
            prop,
            path: Vec::new(),
            next_serial: 1,
        }
    }

    /// The root grid as far as propagation and probing took it (`None` before the root was
    /// probed, or if it contradicted).
    pub fn root_grid(&self) -> Option<&ColourGrid> {
        self.root.as_ref()
    }

    /// Counters so far.
    pub fn stats(&self) -> Stats {
        Stats {
            line_solves: self.prop.line_solves,
            ..self.stats
        }
    }

    /// The solutions found, in the order found.
    pub fn into_solutions(self) -> Vec<Picture> {
        self.solutions
    }

    fn record(&mut self, grid: &ColourGrid) -> bool {
        if let Some(picture) = grid.to_picture() {
            if self.seen.insert(picture.clone()) {
                self.solutions.push(picture);
            }
        }
        self.solutions.len() >= self.max_solutions
    }

    /// Searches below a propagated grid.
    pub fn run_from(&mut self, root: ColourGrid, termination: &mut Termination<'_>) -> Finish {
        self.start_from(root);
        self.resume(None, termination)
    }

    /// Prepares a search below a propagated grid.
    pub fn start_from(&mut self, root: ColourGrid) {
        self.root_serial = self.next_serial;
        self.next_serial += 1;
        self.stack = vec![(root, None, u64::MAX)];
    }

    /// Runs until exhausted, enough solutions, stopped, or `decision_limit` decisions in all
    /// ([`Finish::Budget`]: call again to go on where it left off).
    pub fn resume(
        &mut self,
        decision_limit: Option<u64>,
        termination: &mut Termination<'_>,
    ) -> Finish {
        // As in the black-and-white search: propagation gives up at the deadline too, and an
        // interrupted search never resumes.
        self.prop.set_deadline(termination.deadline());
        while !self.stack.is_empty() {
            if termination.should_stop() || self.prop.interrupted() {
                return Finish::Stopped;
            }
            if decision_limit.is_some_and(|b| self.stats.decisions >= b) {
                return Finish::Budget;
            }
            if self.stack.len().saturating_mul(self.grid_bytes) > STACK_BYTES {
                return Finish::MemoryLimit;
            }
            let Some((mut grid, decision, parent)) = self.stack.pop() else {
                break;
            };
            let serial = if parent == u64::MAX {
                self.path.clear();
                self.root_serial
            } else {
                while self.path.last().is_some_and(|&s| s != parent) {
                    self.path.pop();
                }
                self.next_serial += 1;
                self.next_serial - 1
            };
            self.path.push(serial);
            if let Some((row, col, set)) = decision {
                if self.prop.assign(&mut grid, row, col, set).is_err() {
                    self.stats.backtracks += 1;
                    continue;
                }
            }
            let outcome = self.node(&mut grid, serial, termination);
            if parent == u64::MAX && !matches!(outcome, Node::Contradiction | Node::Stopped) {
                self.root = Some(grid.clone());
            }
            match outcome {
                Node::Contradiction => self.stats.backtracks += 1,
                Node::Stopped => return Finish::Stopped,
                Node::Enough => return Finish::Enough,
                Node::Complete => {
                    if self.record(&grid) {
                        return if self.stack.is_empty() {
                            Finish::Exhausted
                        } else {
                            Finish::Enough
                        };
                    }
                }
                Node::Branch { row, col, order } => {
                    self.stats.decisions += 1;
                    // Pushed in reverse, so the first of `order` is explored first and takes
                    // the grid itself.
                    for &colour in order.iter().skip(1).rev() {
                        let child = Some((row, col, ColourSet::single(colour)));
                        self.stack.push((grid.clone(), child, serial));
                    }
                    if let Some(&colour) = order.first() {
                        let child = Some((row, col, ColourSet::single(colour)));
                        self.stack.push((grid, child, serial));
                    }
                }
            }
        }
        if self.prop.interrupted() {
            // The last node's "contradiction" was the deadline's.
            return Finish::Stopped;
        }
        Finish::Exhausted
    }

    /// Tries `entry` at `(row, col)`: from memory if the remembered result still holds,
    /// otherwise by propagation into that entry's scratch grid.
    fn probe(
        &mut self,
        grid: &ColourGrid,
        row: usize,
        col: usize,
        entry: ColourId,
        serial: u64,
    ) -> Probe {
        let e = entry.index();
        let key = (row * grid.width() + col) * grid.entries() + e;
        if let Some(memo) = &self.memo {
            let source = memo.serial[key];
            if source != 0
                && self.path.binary_search(&source).is_ok()
                && grid.is_within(memo.snapshot(key))
            {
                return Probe::Remembered;
            }
        }
        self.stats.probes += 1;
        let scratch = &mut self.probe_grids[e];
        scratch.clone_from(grid);
        if self
            .prop
            .assign(scratch, row, col, ColourSet::single(entry))
            .is_err()
        {
            return Probe::Contradiction;
        }
        if let Some(memo) = &mut self.memo {
            memo.store(key, serial, &self.probe_grids[e]);
        }
        Probe::Fresh
    }

    /// Probes a propagated node to its fixpoint and picks the branching cell.
    fn node(
        &mut self,
        grid: &mut ColourGrid,
        serial: u64,
        termination: &mut Termination<'_>,
    ) -> Node {
        if grid.is_complete() {
            return Node::Complete;
        }
        if !self.probing {
            return first_undecided(grid);
        }
        let (width, height) = (grid.width(), grid.height());
        let mut after = vec![0usize; grid.entries()];
        loop {
            let mut changed = false;
            let mut best: Option<(f64, usize, usize, Vec<ColourId>)> = None;
            for row in 0..height {
                for col in 0..width {
                    let options = grid.get(row, col);
                    if options.len() <= 1 {
                        continue;
                    }
                    if termination.should_stop() || self.prop.interrupted() {
                        return Node::Stopped;
                    }
                    let mut survivors = ColourSet::EMPTY;
                    let mut fresh = ColourSet::EMPTY;
                    self.union.fill(0);
                    for entry in options.iter() {
                        let how = self.probe(grid, row, col, entry, serial);
                        let e = entry.index();
                        let snapshot = match how {
                            Probe::Contradiction => continue,
                            Probe::Fresh => {
                                fresh = fresh.with(entry);
                                if self.probe_grids[e].is_complete()
                                    && self.record(&self.probe_grids[e].clone())
                                {
                                    return Node::Enough;
                                }
                                after[e] = self.probe_grids[e].freedom();
                                self.probe_grids[e].row_masks()
                            }
                            Probe::Remembered => {
                                let memo = self.memo.as_ref().expect("remembered");
                                let key = (row * width + col) * grid.entries() + e;
                                after[e] = memo.freedom_after[key] as usize;
                                memo.snapshot(key)
                            }
                        };
                        survivors = survivors.with(entry);
                        for (u, &s) in self.union.iter_mut().zip(snapshot) {
                            *u |= s;
                        }
                    }
                    if survivors.is_empty() {
                        return Node::Contradiction;
                    }
                    if survivors != options || !fresh.is_empty() {
                        let narrowed = match survivors.only() {
                            // One entry left, probed now: its grid is the answer.
                            Some(only) if fresh.contains(only) => {
                                std::mem::swap(grid, &mut self.probe_grids[only.index()]);
                                true
                            }
                            _ => {
                                let prop = &mut self.prop;
                                let removed = grid.restrict_to_union(&self.union, |r, c| {
                                    prop.enqueue(LineId::row(r));
                                    prop.enqueue(LineId::column(c));
                                });
                                match removed {
                                    Ok(0) => false,
                                    Ok(_) => {
                                        if self.prop.propagate(grid).is_err() {
                                            return Node::Contradiction;
                                        }
                                        true
                                    }
                                    Err(_) => return Node::Contradiction,
                                }
                            }
                        };
                        changed |= narrowed;
                    }
                    let now = grid.get(row, col);
                    if now.len() > 1 {
                        consider(&mut best, grid.freedom(), now, &after, row, col);
                    }
                    if grid.is_complete() {
                        return Node::Complete;
                    }
                }
            }
            if !changed {
                return match best {
                    Some((_, row, col, order)) => Node::Branch { row, col, order },
                    None => first_undecided(grid),
                };
            }
        }
    }
}

/// Rates a cell for branching by how much each of its entries' probes narrowed the grid.
fn consider(
    best: &mut Option<(f64, usize, usize, Vec<ColourId>)>,
    before: usize,
    options: ColourSet,
    after: &[usize],
    row: usize,
    col: usize,
) {
    let gain = |c: ColourId| before.saturating_sub(after[c.index()]);
    let score: f64 = options.iter().map(|c| (gain(c) + 1) as f64).product();
    if best.as_ref().is_none_or(|(s, ..)| score > *s) {
        let mut order: Vec<ColourId> = options.iter().collect();
        // Less constrained children first; ties in palette order (background first).
        order.sort_by_key(|&c| gain(c));
        *best = Some((score, row, col, order));
    }
}

/// Branching without probes: the first undecided cell, its entries in palette order.
fn first_undecided(grid: &ColourGrid) -> Node {
    for row in 0..grid.height() {
        for col in 0..grid.width() {
            let options = grid.get(row, col);
            if options.len() > 1 {
                return Node::Branch {
                    row,
                    col,
                    order: options.iter().collect(),
                };
            }
        }
    }
    Node::Complete
}
