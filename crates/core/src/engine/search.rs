//! Probing and depth-first search: enumerate solutions up to a limit.
//!
//! Each search node is first propagated, then (with probing on) "fully probed" in the manner of
//! Wu et al., *An Efficient Approach to Solving Nonograms* (IEEE TCIAIG 2013): every unknown cell
//! is tried filled and tried empty, each followed by propagation. A value that contradicts fixes
//! the other one; cells that both tries fix alike are fixed; a node where both values of a cell
//! contradict is a dead end. This repeats until a pass fixes nothing. Only then does the search
//! branch, on the cell whose two tries fixed the most cells (the product of the two counts, so
//! both children are small), trying first the value that fixed fewer (the less constrained
//! child, where solutions are likelier: twice as fast on random puzzles as the other way).
//!
//! Probing a node costs two propagations per unknown cell, and on an open puzzle (a large
//! permutation puzzle, whose clues are all `1`) it fixes nothing at node after node while each
//! decision settles only a few cells: a 40×40 of `1`s took 4.5 s. So a search without a
//! decision budget backs off: after `k` consecutive nodes whose first probing pass fixed
//! nothing, the next `2^k − 1` nodes branch on their first unknown cell without probing, and
//! the first probed node that fixes something ends the backoff (the 40×40: 0.03 s; random and
//! survey puzzles unchanged, BENCHMARKS.md). When probing the root itself fixed nothing, the
//! puzzle is wide open (no random or survey puzzle's root is; every permutation puzzle's is),
//! and the backoff is faster: `8^k − 1` nodes (60×60 of `1`s: 27,600 probes → 12,800, of which
//! 7,200 are the root's). Skipping probes never loses solutions: probing
//! only fixes what the node implies. Within `auto`'s budgeted turns the search probes every
//! node, since there it is the probing that the learner builds on.
//!
//! Probing is where the time goes, so its results are remembered (the `Memo`). Propagation is
//! monotone: if a probe of cell `x = v` from grid `P` gave grid `G`, and the current grid `C` has
//! `P ⊆ C ⊆ G`, then probing `x = v` from `C` gives `G` again and teaches nothing new. So a
//! probe is redone only when the grid has learnt something its remembered result did not have,
//! or when the result was computed outside the current branch (its source node is not an
//! ancestor of this one, so `P ⊆ C` is not known).
//!
//! A probe whose propagation completes the grid has found a solution; it is recorded (solutions
//! are kept in a set, since the search will meet the same one again at a leaf), which is how
//! puzzles with many solutions get their `multiple` verdict without a long search.
//!
//! The search is an explicit stack of grids (no recursion: a search thousands of decisions deep
//! must not overflow the thread's stack). Probing only fixes cells implied by the node's state,
//! so enumeration stays complete: every solution lies in exactly one leaf.

use std::collections::HashSet;

use crate::grid::Grid;
use crate::propagate::Propagator;
use crate::config::{Config, Stats};
use crate::termination::Termination;
use nonogram_model::Cell;
use nonogram_model::{Axis, LineId, Picture, Puzzle};

/// What the work at one node concluded.
enum Node {
    Contradiction,
    Complete,
    Branch {
        row: usize,
        col: usize,
        first: Cell,
    },
    /// Stopped by the termination condition.
    Stopped,
    /// Enough solutions were found (by probes).
    Enough,
}

/// The most memory the stack of pending nodes may take (one grid per level of the search): a
/// search that would go deeper gives up, as it would at a time limit, rather than exhaust memory.
/// Only puzzles of millions of cells needing thousands of nested decisions come near it.
const STACK_BYTES: usize = 2 << 30;

/// The most memory the probe memo may take.
const MEMO_BYTES: usize = 256 << 20;

/// Remembered probe results: for each cell and value, the grid (as row masks) that probing it
/// gave, and the serial number of the node that computed it.
#[derive(Debug)]
struct Memo {
    /// Words of one snapshot: the filled row masks, then the empty row masks.
    stride: usize,
    words: Vec<u64>,
    /// The node that computed each entry; 0 for none.
    serial: Vec<u64>,
    /// Unknown cells left in each snapshot (for branching scores).
    unknown_after: Vec<u32>,
}

impl Memo {
    fn new(grid: &Grid) -> Option<Memo> {
        let stride = 2 * grid.row_masks().0.len();
        let entries = 2 * grid.width() * grid.height();
        if stride.checked_mul(entries)?.checked_mul(8)? > MEMO_BYTES {
            return None;
        }
        Some(Memo {
            stride,
            words: Vec::new(),
            serial: vec![0; entries],
            unknown_after: vec![0; entries],
        })
    }

    fn snapshot(&self, entry: usize) -> (&[u64], &[u64]) {
        let half = self.stride / 2;
        let base = entry * self.stride;
        (
            &self.words[base..base + half],
            &self.words[base + half..base + self.stride],
        )
    }

    fn store(&mut self, entry: usize, serial: u64, grid: &Grid) {
        if self.words.is_empty() {
            self.words = vec![0; self.stride * self.serial.len()];
        }
        let half = self.stride / 2;
        let base = entry * self.stride;
        let (filled, empty) = grid.row_masks();
        self.words[base..base + half].copy_from_slice(filled);
        self.words[base + half..base + self.stride].copy_from_slice(empty);
        self.serial[entry] = serial;
        self.unknown_after[entry] = grid.unknown_count() as u32;
    }
}

/// The result of trying one value of one cell.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Probe {
    Contradiction,
    /// Probed now; the grid is in the scratch grid of that value.
    Fresh,
    /// The remembered result still holds.
    Remembered,
}

/// How a search run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Every branch was explored: the solutions found are all there are.
    Exhausted,
    /// `max_solutions` solutions were found (others may exist).
    Enough,
    /// The termination condition fired.
    Stopped,
    /// The decision budget ran out.
    Budget,
    /// The stack of pending grids reached its memory bound.
    MemoryLimit,
}

/// A pending node of the search: a grid, the decision still to apply to it, and the serial
/// number of its parent.
type Pending = (Grid, Option<(usize, usize, Cell)>, u64);

/// One search over one puzzle.
#[derive(Debug)]
pub struct Search<'p> {
    max_solutions: usize,
    probing: bool,
    /// The root node's grid after probing, once computed.
    root: Option<Grid>,
    /// The nodes still to explore: the search resumes from here.
    stack: Vec<Pending>,
    /// The size of one grid, to bound the stack's memory.
    grid_bytes: usize,
    root_serial: u64,
    prop: Propagator<'p>,
    solutions: Vec<Picture>,
    seen: HashSet<Picture>,
    stats: Stats,
    /// Scratch grids for the two probes of a cell.
    probe_grids: [Grid; 2],
    memo: Option<Memo>,
    /// Serial numbers of the nodes from the root to the current one (ascending).
    path: Vec<u64>,
    next_serial: u64,
    /// Consecutive probed nodes whose probing fixed nothing.
    barren: u32,
    /// Nodes left to branch on without probing (see [`Search::node`]).
    skip: u64,
    /// Whether probing backs off after barren nodes: in a search without a decision budget.
    adaptive: bool,
    /// Whether probing the root fixed nothing: the puzzle is wide open, and the backoff is
    /// faster (see [`Search::node`]).
    open: bool,
}

impl<'p> Search<'p> {
    pub fn new(puzzle: &'p Puzzle, config: &Config) -> Search<'p> {
        let blank = Grid::new(puzzle.width(), puzzle.height());
        Search {
            max_solutions: config.max_solutions.max(1),
            probing: config.probing,
            root: None,
            stack: Vec::new(),
            // Two masks (filled, empty) per row and per column, of 8-byte words.
            grid_bytes: 16
                * (puzzle.height() * puzzle.width().div_ceil(64)
                    + puzzle.width() * puzzle.height().div_ceil(64)),
            root_serial: 0,
            prop: Propagator::new(puzzle),
            solutions: Vec::new(),
            seen: HashSet::new(),
            stats: Stats::default(),
            memo: Memo::new(&blank),
            probe_grids: [blank.clone(), blank],
            path: Vec::new(),
            next_serial: 1,
            barren: 0,
            skip: 0,
            adaptive: false,
            open: false,
        }
    }

    /// The root grid as far as propagation and probing took it (`None` if the root was not
    /// reached, or was a contradiction).
    pub fn root_grid(&self) -> Option<&Grid> {
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

    /// Records a solution; returns whether there are now enough.
    fn record(&mut self, grid: &Grid) -> bool {
        if let Some(picture) = grid.to_picture() {
            if self.seen.insert(picture.clone()) {
                self.solutions.push(picture);
            }
        }
        self.solutions.len() >= self.max_solutions
    }

    /// Searches below a propagated grid.
    ///
    /// (Restarts on the Luby schedule with randomised branching were tried and lost badly on
    /// random 30×30 puzzles: each restart forfeits the probe memo below the root, and noise
    /// spoils an ordering that is already good. See BENCHMARKS.md.)
    pub fn run_from(&mut self, root: Grid, termination: &mut Termination<'_>) -> Finish {
        self.start_from(root);
        self.resume(None, termination)
    }

    /// Prepares a search below a propagated grid.
    pub fn start_from(&mut self, root: Grid) {
        self.root_serial = self.next_serial;
        self.next_serial += 1;
        // The root is marked by parent `u64::MAX`.
        self.stack = vec![(root, None, u64::MAX)];
    }

    /// Runs the depth-first search until it is exhausted, finds enough solutions, is stopped,
    /// or has made `decision_limit` decisions in all ([`Finish::Budget`]: call again to go on,
    /// exactly where it left off).
    pub fn resume(
        &mut self,
        decision_limit: Option<u64>,
        termination: &mut Termination<'_>,
    ) -> Finish {
        // Propagation gives up at the deadline too (one node of a huge puzzle can take
        // seconds). Its "contradictions" after that are void, so an interrupted search never
        // resumes: the node it was at is lost.
        self.prop.set_deadline(termination.deadline());
        self.adaptive = decision_limit.is_none();
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
            if let Some((row, col, value)) = decision {
                if self.prop.assign(&mut grid, row, col, value).is_err() {
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
                    // A complete grid at a propagation fixpoint satisfies every line.
                    if self.record(&grid) {
                        return if self.stack.is_empty() {
                            Finish::Exhausted
                        } else {
                            Finish::Enough
                        };
                    }
                }
                Node::Branch { row, col, first } => {
                    self.stats.decisions += 1;
                    let second = if first == Cell::Filled {
                        Cell::Empty
                    } else {
                        Cell::Filled
                    };
                    self.stack
                        .push((grid.clone(), Some((row, col, second)), serial));
                    self.stack.push((grid, Some((row, col, first)), serial));
                }
            }
        }
        if self.prop.interrupted() {
            // The last node's "contradiction" was the deadline's.
            return Finish::Stopped;
        }
        Finish::Exhausted
    }

    /// Tries `value` at `(row, col)`: from memory if the remembered result still holds,
    /// otherwise by propagation into the scratch grid `slot`.
    fn probe(&mut self, grid: &Grid, row: usize, col: usize, value: Cell, serial: u64) -> Probe {
        let slot = usize::from(value == Cell::Empty);
        let entry = 2 * (row * grid.width() + col) + slot;
        if let Some(memo) = &self.memo {
            let source = memo.serial[entry];
            if source != 0 && self.path.binary_search(&source).is_ok() {
                let (filled, empty) = memo.snapshot(entry);
                if grid.is_within(filled, empty) {
                    return Probe::Remembered;
                }
            }
        }
        self.stats.probes += 1;
        let scratch = &mut self.probe_grids[slot];
        scratch.clone_from(grid);
        if self.prop.assign(scratch, row, col, value).is_err() {
            return Probe::Contradiction;
        }
        if let Some(memo) = &mut self.memo {
            memo.store(entry, serial, &self.probe_grids[slot]);
        }
        Probe::Fresh
    }

    /// Probes a propagated node to its fixpoint and picks the branching cell (or, backing off
    /// after barren nodes, branches at once).
    fn node(&mut self, grid: &mut Grid, serial: u64, termination: &mut Termination<'_>) -> Node {
        if grid.is_complete() {
            return Node::Complete;
        }
        if !self.probing {
            return first_unknown(grid);
        }
        if self.adaptive && self.skip > 0 {
            self.skip -= 1;
            return first_unknown(grid);
        }
        let (width, height) = (grid.width(), grid.height());
        let mut first_pass = true;
        loop {
            let mut changed = false;
            let mut best: Option<(u64, usize, usize, Cell)> = None;
            for row in 0..height {
                for col in 0..width {
                    if grid.get(row, col) != Cell::Unknown {
                        continue;
                    }
                    if termination.should_stop() || self.prop.interrupted() {
                        return Node::Stopped;
                    }
                    let filled = self.probe(grid, row, col, Cell::Filled, serial);
                    if filled == Probe::Fresh
                        && self.probe_grids[0].is_complete()
                        && self.record(&self.probe_grids[0].clone())
                    {
                        return Node::Enough;
                    }
                    let empty = self.probe(grid, row, col, Cell::Empty, serial);
                    if empty == Probe::Fresh
                        && self.probe_grids[1].is_complete()
                        && self.record(&self.probe_grids[1].clone())
                    {
                        return Node::Enough;
                    }
                    match (filled, empty) {
                        (Probe::Contradiction, Probe::Contradiction) => return Node::Contradiction,
                        (Probe::Contradiction, other) | (other, Probe::Contradiction) => {
                            let (slot, value) = if empty == Probe::Contradiction {
                                (0, Cell::Filled)
                            } else {
                                (1, Cell::Empty)
                            };
                            if other == Probe::Fresh {
                                std::mem::swap(grid, &mut self.probe_grids[slot]);
                            } else if self.prop.assign(grid, row, col, value).is_err() {
                                return Node::Contradiction;
                            }
                            changed = true;
                        }
                        (Probe::Remembered, Probe::Remembered) => {
                            // Nothing new here: the grid lies within both remembered results,
                            // so their common cells are already in it.
                            let before = grid.unknown_count();
                            let (_, after_filled) = probe_result(
                                &self.memo,
                                &self.probe_grids,
                                width,
                                row,
                                col,
                                0,
                                filled,
                            );
                            let (_, after_empty) = probe_result(
                                &self.memo,
                                &self.probe_grids,
                                width,
                                row,
                                col,
                                1,
                                empty,
                            );
                            consider(&mut best, before, after_filled, after_empty, row, col);
                        }
                        _ => {
                            let before = grid.unknown_count();
                            let (a, after_filled) = probe_result(
                                &self.memo,
                                &self.probe_grids,
                                width,
                                row,
                                col,
                                0,
                                filled,
                            );
                            let (b, after_empty) = probe_result(
                                &self.memo,
                                &self.probe_grids,
                                width,
                                row,
                                col,
                                1,
                                empty,
                            );
                            let prop = &mut self.prop;
                            let fixed = grid.adopt_common(a, b, |r, c| {
                                prop.enqueue(LineId {
                                    axis: Axis::Row,
                                    index: r,
                                });
                                prop.enqueue(LineId {
                                    axis: Axis::Column,
                                    index: c,
                                });
                            });
                            if fixed > 0 {
                                changed = true;
                                if self.prop.propagate(grid).is_err() {
                                    return Node::Contradiction;
                                }
                            }
                            if grid.get(row, col) == Cell::Unknown {
                                consider(&mut best, before, after_filled, after_empty, row, col);
                            }
                        }
                    }
                    if grid.is_complete() {
                        return Node::Complete;
                    }
                }
            }
            if !changed {
                if first_pass {
                    if serial == self.root_serial {
                        self.open = true;
                    }
                    self.barren += 1;
                    let shift = if self.open {
                        3 * self.barren
                    } else {
                        self.barren
                    };
                    self.skip = (1u64 << shift.min(12)) - 1;
                } else {
                    self.barren = 0;
                }
                return match best {
                    Some((_, row, col, first)) => Node::Branch { row, col, first },
                    None => first_unknown(grid),
                };
            }
            first_pass = false;
        }
    }
}

/// The row masks and unknown count of a successful probe: remembered, or in its scratch grid.
fn probe_result<'a>(
    memo: &'a Option<Memo>,
    grids: &'a [Grid; 2],
    width: usize,
    row: usize,
    col: usize,
    slot: usize,
    how: Probe,
) -> ((&'a [u64], &'a [u64]), usize) {
    match (how, memo) {
        (Probe::Remembered, Some(memo)) => {
            let entry = 2 * (row * width + col) + slot;
            (memo.snapshot(entry), memo.unknown_after[entry] as usize)
        }
        _ => (grids[slot].row_masks(), grids[slot].unknown_count()),
    }
}

/// Rates a cell for branching by how much its two probes fixed.
fn consider(
    best: &mut Option<(u64, usize, usize, Cell)>,
    before: usize,
    after_filled: usize,
    after_empty: usize,
    row: usize,
    col: usize,
) {
    let by_filled = before.saturating_sub(after_filled) as u64;
    let by_empty = before.saturating_sub(after_empty) as u64;
    let score = (by_filled + 1) * (by_empty + 1);
    let first = if by_filled >= by_empty {
        Cell::Empty
    } else {
        Cell::Filled
    };
    if best.is_none_or(|(s, ..)| score > s) {
        *best = Some((score, row, col, first));
    }
}

/// Branching without probes: the first unknown cell, filled first.
fn first_unknown(grid: &Grid) -> Node {
    for row in 0..grid.height() {
        for col in 0..grid.width() {
            if grid.get(row, col) == Cell::Unknown {
                return Node::Branch {
                    row,
                    col,
                    first: Cell::Filled,
                };
            }
        }
    }
    Node::Complete
}

#[cfg(test)]
mod tests {
    use crate::{Clue, Config, Engine, Puzzle, Solver, Status};

    /// A wide-open puzzle (clues all `1`: probing fixes nothing anywhere) is answered without
    /// probing node after node: the root's probes (two per cell) and few more. Counted in
    /// probes, not time. Before the faster backoff for open puzzles this took 27,566 probes on
    /// the 60×60.
    #[test]
    fn an_open_puzzle_is_not_probed_at_every_node() {
        for n in [40, 60] {
            let puzzle = Puzzle::new(vec![Clue::new([1]); n], vec![Clue::new([1]); n]).unwrap();
            let outcome = Solver::new(Config {
                max_solutions: 2,
                engine: Engine::Search,
                threads: 1,
                ..Config::default()
            })
            .solve(&puzzle);
            assert_eq!(outcome.status, Status::Multiple);
            let root = 2 * n as u64 * n as u64;
            assert!(
                outcome.stats.probes < root * 2,
                "{n}×{n}: {} probes, the root's alone {root}",
                outcome.stats.probes
            );
        }
    }
}
