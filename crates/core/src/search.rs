//! Probing and depth-first search: enumerate solutions up to a limit.
//!
//! Each search node is first propagated, then (with probing on) "fully probed" in the manner of
//! Wu et al., *An Efficient Approach to Solving Nonograms* (IEEE TCIAIG 2013): every unknown cell
//! is tried filled and tried empty, each followed by propagation. A value that contradicts fixes
//! the other one; cells that both tries fix alike are fixed; a node where both values of a cell
//! contradict is a dead end. This repeats until a pass fixes nothing. Only then does the search
//! branch, on the cell whose two tries fixed the most cells (the product of the two counts, so
//! both children are small), trying first the value that fixed more.
//!
//! The search is an explicit stack of grids (no recursion: a 4096-cell-deep search must not
//! overflow the thread's stack). Probing only ever fixes cells implied by the node's state, so
//! enumeration stays complete: every solution lies in exactly one leaf.

use crate::grid::{Cell, Grid};
use crate::propagate::Propagator;
use crate::puzzle::{Picture, Puzzle};
use crate::solve::{Config, Stats};
use crate::termination::Termination;
use crate::Contradiction;

/// What the work at one node concluded.
enum Node {
    Contradiction,
    Complete,
    Branch { row: usize, col: usize, first: Cell },
    Stopped,
}

/// One search over one puzzle.
#[derive(Debug)]
pub struct Search<'p> {
    max_solutions: usize,
    probing: bool,
    prop: Propagator<'p>,
    solutions: Vec<Picture>,
    stats: Stats,
    probe_filled: Grid,
    probe_empty: Grid,
}

impl<'p> Search<'p> {
    pub fn new(puzzle: &'p Puzzle, config: &Config) -> Search<'p> {
        let blank = Grid::new(puzzle.width(), puzzle.height());
        Search {
            max_solutions: config.max_solutions.max(1),
            probing: config.probing,
            prop: Propagator::new(puzzle),
            solutions: Vec::new(),
            stats: Stats::default(),
            probe_filled: blank.clone(),
            probe_empty: blank,
        }
    }

    /// Counters so far.
    pub fn stats(&self) -> Stats {
        Stats { line_solves: self.prop.line_solves, ..self.stats }
    }

    /// The solutions found.
    pub fn into_solutions(self) -> Vec<Picture> {
        self.solutions
    }

    /// Searches from the empty grid. Returns whether the search space was exhausted (false when
    /// stopped by `termination` or by reaching `max_solutions` with nodes left).
    pub fn run(&mut self, termination: &mut Termination<'_>) -> bool {
        let puzzle = self.prop.puzzle();
        let mut root = Grid::new(puzzle.width(), puzzle.height());
        self.prop.enqueue_all();
        if self.prop.propagate(&mut root).is_err() {
            return true;
        }
        self.run_from(root, termination)
    }

    /// Searches below a propagated grid.
    pub fn run_from(&mut self, root: Grid, termination: &mut Termination<'_>) -> bool {
        // Each entry is a grid and the decision still to apply to it.
        let mut stack: Vec<(Grid, Option<(usize, usize, Cell)>)> = vec![(root, None)];
        while let Some((mut grid, decision)) = stack.pop() {
            if termination.should_stop() {
                return false;
            }
            if let Some((row, col, value)) = decision {
                if self.prop.assign(&mut grid, row, col, value).is_err() {
                    self.stats.backtracks += 1;
                    continue;
                }
            }
            match self.node(&mut grid, termination) {
                Node::Contradiction => self.stats.backtracks += 1,
                Node::Stopped => return false,
                Node::Complete => {
                    // A complete grid at a propagation fixpoint satisfies every line.
                    if let Some(picture) = grid.to_picture() {
                        self.solutions.push(picture);
                    }
                    if self.solutions.len() >= self.max_solutions {
                        return stack.is_empty();
                    }
                }
                Node::Branch { row, col, first } => {
                    self.stats.decisions += 1;
                    let second = if first == Cell::Filled { Cell::Empty } else { Cell::Filled };
                    stack.push((grid.clone(), Some((row, col, second))));
                    stack.push((grid, Some((row, col, first))));
                }
            }
        }
        true
    }

    /// Probes a propagated node to its fixpoint and picks the branching cell.
    fn node(&mut self, grid: &mut Grid, termination: &mut Termination<'_>) -> Node {
        if grid.is_complete() {
            return Node::Complete;
        }
        if !self.probing {
            return first_unknown(grid);
        }
        let (width, height) = (grid.width(), grid.height());
        loop {
            let mut changed = false;
            let mut best: Option<(u64, usize, usize, Cell)> = None;
            for row in 0..height {
                for col in 0..width {
                    if grid.get(row, col) != Cell::Unknown {
                        continue;
                    }
                    if termination.should_stop() {
                        return Node::Stopped;
                    }
                    self.stats.probes += 2;
                    self.probe_filled.clone_from(grid);
                    let filled = self.prop.assign(&mut self.probe_filled, row, col, Cell::Filled);
                    self.probe_empty.clone_from(grid);
                    let empty = self.prop.assign(&mut self.probe_empty, row, col, Cell::Empty);
                    match (filled, empty) {
                        (Err(_), Err(_)) => return Node::Contradiction,
                        (Err(_), Ok(())) => {
                            std::mem::swap(grid, &mut self.probe_empty);
                            changed = true;
                        }
                        (Ok(()), Err(_)) => {
                            std::mem::swap(grid, &mut self.probe_filled);
                            changed = true;
                        }
                        (Ok(()), Ok(())) => {
                            let before = grid.unknown_count();
                            let prop = &mut self.prop;
                            let fixed = grid.adopt_common(&self.probe_filled, &self.probe_empty, |r, c| {
                                prop.enqueue(crate::LineId { axis: crate::Axis::Row, index: r });
                                prop.enqueue(crate::LineId { axis: crate::Axis::Column, index: c });
                            });
                            if fixed > 0 {
                                changed = true;
                                if self.prop.propagate(grid).is_err() {
                                    return Node::Contradiction;
                                }
                            }
                            if grid.get(row, col) == Cell::Unknown {
                                let by_filled = (before - self.probe_filled.unknown_count()) as u64;
                                let by_empty = (before - self.probe_empty.unknown_count()) as u64;
                                let score = (by_filled + 1) * (by_empty + 1);
                                let first = if by_filled >= by_empty { Cell::Filled } else { Cell::Empty };
                                if best.is_none_or(|(s, ..)| score > s) {
                                    best = Some((score, row, col, first));
                                }
                            }
                        }
                    }
                    if grid.is_complete() {
                        return Node::Complete;
                    }
                }
            }
            if !changed {
                return match best {
                    Some((_, row, col, first)) => Node::Branch { row, col, first },
                    None => first_unknown(grid),
                };
            }
        }
    }
}

/// Branching without probes: the first unknown cell, filled first.
fn first_unknown(grid: &Grid) -> Node {
    for row in 0..grid.height() {
        for col in 0..grid.width() {
            if grid.get(row, col) == Cell::Unknown {
                return Node::Branch { row, col, first: Cell::Filled };
            }
        }
    }
    Node::Complete
}

impl From<Contradiction> for Node {
    fn from(_: Contradiction) -> Node {
        Node::Contradiction
    }
}
