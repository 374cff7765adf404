//! Probing and depth-first search: enumerate solutions up to a limit.
//!
//! Each search node is first propagated, then (with probing on) "fully probed" in the manner of
//! Wu et al., *An Efficient Approach to Solving Nonograms* (IEEE TCIAIG 2013): every undecided
//! cell is tried with each entry it may still take (filled and empty, for black and white), each
//! try followed by propagation. An entry whose try contradicts is ruled out of the cell; and
//! since every solution below the node lies in one of the surviving tries, every cell can be
//! narrowed to the union of what the surviving tries left it (for two values: the cells both
//! tries fix alike are fixed). A node where every entry of a cell contradicts is a dead end.
//! This repeats until a pass changes nothing. Only then does the search branch, on the cell
//! whose tries narrowed the grid most (the product over its entries of one plus the freedom
//! each try removed, so that every child is small), trying first the child whose try removed
//! least (the less constrained child, where solutions are likelier: twice as fast on random
//! puzzles as the other way).
//!
//! Probing a node costs a propagation per entry of every undecided cell, and on an open puzzle
//! (a large permutation puzzle, whose clues are all `1`) it fixes nothing at node after node
//! while each decision settles only a few cells: a 40×40 of `1`s took 4.5 s. So a search without
//! a decision budget backs off: after `k` consecutive nodes whose first probing pass fixed
//! nothing, the next `2^k − 1` nodes branch on their first undecided cell without probing, and
//! the first probed node that fixes something ends the backoff (the 40×40: 0.03 s; random and
//! survey puzzles unchanged, BENCHMARKS.md). When probing the root itself fixed nothing, the
//! puzzle is wide open (no random or survey puzzle's root is; every permutation puzzle's is),
//! and the backoff is faster: `8^k − 1` nodes (60×60 of `1`s: 27,600 probes → 12,800, of which
//! 7,200 are the root's). Skipping probes never loses solutions: probing only narrows what the
//! node implies. Within `auto`'s budgeted turns the search probes every node, since there it is
//! the probing that the learner builds on.
//!
//! Probing is where the time goes, so its results are remembered (the `Memo`). Propagation is
//! monotone: if a try of cell `x = v` from grid `P` gave grid `G`, and the current grid `C` lies
//! between them (`C` knows at least what `P` knows and at most what `G` knows), then trying
//! `x = v` from `C` gives `G` again and teaches nothing new. So a try is redone only when the
//! grid has learnt something its remembered result did not have, or when the result was
//! computed outside the current branch (its source node is not an ancestor of this one, so `C`
//! need not know what `P` knew).
//!
//! A try whose propagation completes the grid has found a solution; it is recorded (solutions
//! are kept in a set, since the search will meet the same one again at a leaf), which is how
//! puzzles with many solutions get their `multiple` verdict without a long search.
//!
//! The search is an explicit stack of grids (no recursion: a search thousands of decisions deep
//! must not overflow the thread's stack). Probing only narrows cells as the node's state
//! implies, so enumeration stays complete: every solution lies in exactly one leaf.
//!
//! One search serves both kinds of puzzle ([`crate::kind`]): the grid says which entries a
//! cell may take, and a snapshot of it is what a try left.

use std::collections::HashSet;

use crate::config::{Config, Stats};
use crate::kind::{GridOps, Kind};
use crate::propagate::Propagator;
use crate::termination::Termination;
use nonogram_model::{Cells, ColourId, ColourSet, LineId, Picture, Puzzle};

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
    /// Stopped by the termination condition.
    Stopped,
    /// The work budget ran out.
    OverBudget,
    /// Enough solutions were found (by tries).
    Enough,
}

/// The most memory the stack of pending nodes may take (one grid per level of the search): a
/// search that would go deeper gives up, as it would at a time limit, rather than exhaust memory.
/// Only puzzles of millions of cells needing thousands of nested decisions come near it.
const STACK_BYTES: usize = 2 << 30;

/// The most memory the probe memo may take.
const MEMO_BYTES: usize = 256 << 20;

/// Remembered try results: for each cell and entry, the grid's snapshot after trying it, and
/// the serial number of the node that computed it.
#[derive(Debug)]
struct Memo {
    /// Words of one snapshot.
    stride: usize,
    words: Vec<u64>,
    /// The node that computed each entry; 0 for none.
    serial: Vec<u64>,
    /// The freedom left in each snapshot (for branching scores).
    freedom_after: Vec<u32>,
}

impl Memo {
    fn new(grid: &impl GridOps, entries: usize) -> Option<Memo> {
        let stride = grid.snapshot_len();
        let tries = grid.width() * grid.height() * entries;
        if stride.checked_mul(tries)?.checked_mul(8)? > MEMO_BYTES {
            return None;
        }
        Some(Memo {
            stride,
            words: Vec::new(),
            serial: vec![0; tries],
            freedom_after: vec![0; tries],
        })
    }

    fn snapshot(&self, key: usize) -> &[u64] {
        &self.words[key * self.stride..(key + 1) * self.stride]
    }

    fn store(&mut self, key: usize, serial: u64, grid: &impl GridOps) {
        if self.words.is_empty() {
            self.words = vec![0; self.stride * self.serial.len()];
        }
        grid.snapshot(&mut self.words[key * self.stride..(key + 1) * self.stride]);
        self.serial[key] = serial;
        self.freedom_after[key] = grid.freedom().min(u32::MAX as usize) as u32;
    }
}

/// The result of trying one entry of one cell.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Probe {
    Contradiction,
    /// Tried now; the grid is in that entry's scratch grid.
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
    /// The decision budget or the work budget ran out.
    Budget,
    /// The stack of pending grids reached its memory bound.
    MemoryLimit,
}

/// A pending node of the search: a grid, the narrowing still to apply to it, and the serial
/// number of its parent.
type Pending<G> = (G, Option<(usize, usize, ColourSet)>, u64);

/// One search over one puzzle.
#[derive(Debug)]
pub(crate) struct Search<'p, K: Kind> {
    max_solutions: usize,
    probing: bool,
    /// Palette entries (2 for black and white).
    entries: usize,
    /// The root node's grid after probing, once computed.
    root: Option<K::Grid>,
    /// The nodes still to explore: the search resumes from here.
    stack: Vec<Pending<K::Grid>>,
    /// The size of one grid, to bound the stack's memory.
    grid_bytes: usize,
    root_serial: u64,
    prop: Propagator<'p, K>,
    solutions: Vec<Picture>,
    seen: HashSet<Picture>,
    stats: Stats,
    /// Scratch grids, one per palette entry, for the tries of a cell.
    probe_grids: Vec<K::Grid>,
    /// The union of a cell's surviving tries.
    union: Vec<u64>,
    /// The freedom each entry's try of the current cell left.
    after: Vec<usize>,
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
    /// The most probes and decisions, together, that the search makes before it gives up
    /// ([`Finish::Budget`]); `None` for no bound. See [`Search::limit_work`].
    work_limit: Option<u64>,
    /// Whether probing the root fixed nothing: the puzzle is wide open, and the backoff is
    /// faster (see [`Search::node`]).
    open: bool,
}

impl<'p, K: Kind> Search<'p, K> {
    pub fn new(puzzle: &'p Puzzle, config: &Config) -> Search<'p, K> {
        let prop = Propagator::<K>::new(puzzle);
        let blank = prop.blank();
        let entries = puzzle.palette().len().max(1);
        Search {
            max_solutions: config.max_solutions.max(1),
            probing: config.probing,
            entries,
            root: None,
            stack: Vec::new(),
            grid_bytes: blank.heap_bytes(),
            root_serial: 0,
            prop,
            solutions: Vec::new(),
            seen: HashSet::new(),
            stats: Stats::default(),
            memo: Memo::new(&blank, entries),
            union: vec![0; blank.snapshot_len()],
            after: vec![0; entries],
            probe_grids: vec![blank; entries],
            path: Vec::new(),
            next_serial: 1,
            barren: 0,
            skip: 0,
            adaptive: false,
            open: false,
            work_limit: None,
        }
    }

    /// Gives up after `work` probes and decisions in all (each a propagation from a grid),
    /// with [`Finish::Budget`], and for good: the node it was at is lost. A bound on work
    /// rather than time, for the generator, which judges thousands of pictures and must judge
    /// each the same way on every machine. Probes are where a search's time goes; decisions
    /// count too because a node that backs off from probing makes one without probing.
    pub fn limit_work(&mut self, work: u64) {
        self.work_limit = Some(work);
    }

    /// Whether the work budget ([`Search::limit_work`]) is spent.
    fn over_budget(&self) -> bool {
        self.work_limit
            .is_some_and(|limit| self.stats.probes + self.stats.decisions >= limit)
    }

    /// The root grid as far as propagation and probing took it (`None` if the root was not
    /// reached, or was a contradiction).
    pub fn root_grid(&self) -> Option<&K::Grid> {
        self.root.as_ref()
    }

    /// Counters so far.
    pub fn stats(&self) -> Stats {
        Stats {
            line_solves: self.prop.line_solves(),
            ..self.stats
        }
    }

    /// The solutions found, in the order found.
    pub fn into_solutions(self) -> Vec<Picture> {
        self.solutions
    }

    /// Records a solution; returns whether there are now enough.
    fn record(&mut self, grid: &K::Grid) -> bool {
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
    pub fn run_from(&mut self, root: K::Grid, termination: &mut Termination<'_>) -> Finish {
        self.start_from(root);
        self.resume(None, termination)
    }

    /// Prepares a search below a propagated grid.
    pub fn start_from(&mut self, root: K::Grid) {
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
            if decision_limit.is_some_and(|b| self.stats.decisions >= b) || self.over_budget() {
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
            if parent == u64::MAX
                && !matches!(
                    outcome,
                    Node::Contradiction | Node::Stopped | Node::OverBudget
                )
            {
                self.root = Some(grid.clone());
            }
            match outcome {
                Node::Contradiction => self.stats.backtracks += 1,
                Node::Stopped => return Finish::Stopped,
                Node::OverBudget => return Finish::Budget,
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
                Node::Branch { row, col, order } => {
                    self.stats.decisions += 1;
                    // Pushed in reverse, so the first of `order` is explored first and takes
                    // the grid itself.
                    for &entry in order.iter().skip(1).rev() {
                        let child = Some((row, col, ColourSet::single(entry)));
                        self.stack.push((grid.clone(), child, serial));
                    }
                    if let Some(&entry) = order.first() {
                        let child = Some((row, col, ColourSet::single(entry)));
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

    /// The memo's key of a try.
    fn key(&self, row: usize, col: usize, entry: ColourId) -> usize {
        (row * self.probe_grids[0].width() + col) * self.entries + entry.index()
    }

    /// Tries `entry` at `(row, col)`: from memory if the remembered result still holds,
    /// otherwise by propagation into that entry's scratch grid.
    fn probe(
        &mut self,
        grid: &K::Grid,
        row: usize,
        col: usize,
        entry: ColourId,
        serial: u64,
    ) -> Probe {
        let key = self.key(row, col, entry);
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
        let scratch = &mut self.probe_grids[entry.index()];
        scratch.clone_from(grid);
        if self
            .prop
            .assign(scratch, row, col, ColourSet::single(entry))
            .is_err()
        {
            return Probe::Contradiction;
        }
        if let Some(memo) = &mut self.memo {
            memo.store(key, serial, &self.probe_grids[entry.index()]);
        }
        Probe::Fresh
    }

    /// Probes a propagated node to its fixpoint and picks the branching cell (or, backing off
    /// after barren nodes, branches at once).
    fn node(&mut self, grid: &mut K::Grid, serial: u64, termination: &mut Termination<'_>) -> Node {
        if grid.is_complete() {
            return Node::Complete;
        }
        if !self.probing {
            return first_undecided(grid);
        }
        if self.adaptive && self.skip > 0 {
            self.skip -= 1;
            return first_undecided(grid);
        }
        let (width, height) = (grid.width(), grid.height());
        let mut first_pass = true;
        loop {
            let mut changed = false;
            let mut best: Option<(f64, usize, usize, Vec<ColourId>)> = None;
            for row in 0..height {
                for col in 0..width {
                    let options = grid.options(row, col);
                    if options.len() <= 1 {
                        continue;
                    }
                    if termination.should_stop() || self.prop.interrupted() {
                        return Node::Stopped;
                    }
                    if self.over_budget() {
                        return Node::OverBudget;
                    }
                    match self.probe_cell(grid, row, col, options, serial) {
                        Ok(true) => changed = true,
                        Ok(false) => {}
                        Err(node) => return node,
                    }
                    let now = grid.options(row, col);
                    if now.len() > 1 {
                        consider(&mut best, &self.after, now, row, col);
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
                    Some((_, row, col, order)) => Node::Branch { row, col, order },
                    None => first_undecided(grid),
                };
            }
            first_pass = false;
        }
    }

    /// Tries every entry `options` holds at `(row, col)` and narrows the grid to the union of
    /// the surviving tries, propagated; leaves in `after` what each try gained (the grid's
    /// freedom less the try's, for the branching score). Returns whether the grid changed, or
    /// the node's end (a contradiction, or enough solutions found by the tries).
    fn probe_cell(
        &mut self,
        grid: &mut K::Grid,
        row: usize,
        col: usize,
        options: ColourSet,
        serial: u64,
    ) -> Result<bool, Node> {
        let before = grid.freedom();
        let (mut survivors, mut fresh) = (ColourSet::EMPTY, ColourSet::EMPTY);
        // The highest entry first (filled before empty, for black and white).
        for entry in descending(options) {
            let e = entry.index();
            let left = match self.probe(grid, row, col, entry, serial) {
                Probe::Contradiction => continue,
                Probe::Fresh => {
                    if self.probe_grids[e].is_complete()
                        && self.record(&self.probe_grids[e].clone())
                    {
                        return Err(Node::Enough);
                    }
                    fresh = fresh.with(entry);
                    self.probe_grids[e].freedom()
                }
                Probe::Remembered => {
                    let memo = self.memo.as_ref().expect("a remembered try");
                    memo.freedom_after[self.key(row, col, entry)] as usize
                }
            };
            survivors = survivors.with(entry);
            self.after[e] = before.saturating_sub(left);
        }
        if survivors.is_empty() {
            return Err(Node::Contradiction);
        }
        if survivors == options && fresh.is_empty() {
            // Nothing new: the grid lies within every remembered result, so whatever they all
            // know is in it already.
            return Ok(false);
        }
        if let Some(only) = survivors.only().filter(|&only| fresh.contains(only)) {
            // One entry left, tried now: its grid is the node's.
            std::mem::swap(grid, &mut self.probe_grids[only.index()]);
            return Ok(true);
        }
        K::Grid::union_clear(&mut self.union);
        for entry in survivors.iter() {
            if fresh.contains(entry) {
                self.probe_grids[entry.index()].union_into(&mut self.union);
            } else {
                let key = self.key(row, col, entry);
                let memo = self.memo.as_ref().expect("a remembered try");
                K::Grid::union_add(&mut self.union, memo.snapshot(key));
            }
        }
        if !grid.gains_from(&self.union) {
            return Ok(false);
        }
        let prop = &mut self.prop;
        let narrowed = grid.restrict(&self.union, |r, c| {
            prop.enqueue(LineId::row(r));
            prop.enqueue(LineId::column(c));
        });
        match narrowed {
            Ok(0) => Ok(false),
            Ok(_) if self.prop.propagate(grid).is_ok() => Ok(true),
            _ => Err(Node::Contradiction),
        }
    }
}

/// The entries of a set, highest first.
fn descending(set: ColourSet) -> impl Iterator<Item = ColourId> {
    let mut bits = set.bits();
    std::iter::from_fn(move || {
        let e = 63usize.checked_sub(bits.leading_zeros() as usize)?;
        bits &= !(1 << e);
        ColourId::new(e)
    })
}

/// Rates a cell for branching by how much each of its entries' tries narrowed the grid
/// (`gain`, per entry): the product of one plus each gain, so that every child is small.
fn consider(
    best: &mut Option<(f64, usize, usize, Vec<ColourId>)>,
    gain: &[usize],
    options: ColourSet,
    row: usize,
    col: usize,
) {
    let score: f64 = options
        .iter()
        .map(|e| (gain[e.index()] + 1) as f64)
        .product();
    if best.as_ref().is_none_or(|(s, ..)| score > *s) {
        let mut order: Vec<ColourId> = options.iter().collect();
        // The less constrained children first; ties in palette order (background first).
        order.sort_by_key(|e| gain[e.index()]);
        *best = Some((score, row, col, order));
    }
}

/// Branching without probes: the first undecided cell, its colours first (highest entry
/// first), the background last.
fn first_undecided(grid: &impl GridOps) -> Node {
    for row in 0..grid.height() {
        for col in 0..grid.width() {
            let options = grid.options(row, col);
            if options.len() > 1 {
                return Node::Branch {
                    row,
                    col,
                    order: descending(options).collect(),
                };
            }
        }
    }
    Node::Complete
}

#[cfg(test)]
mod tests {
    use super::{Finish, Search};
    use crate::kinds::BlackWhite;
    use crate::solve::{root, Root};
    use crate::termination::Termination;
    use crate::{Clue, Config, Engine, Puzzle, Solver, Status};

    /// A work budget ends the search with `Budget` once its probes and decisions are spent
    /// (give or take the node under way), where the same search without one goes on to find
    /// its solutions; the budget counts work, so the same search stops at the same place.
    #[test]
    fn a_work_budget_stops_the_search_where_it_says() {
        let puzzle = Puzzle::new(vec![Clue::new([1]); 30], vec![Clue::new([1]); 30]).unwrap();
        let config = Config {
            max_solutions: 16,
            engine: Engine::Search,
            threads: 1,
            ..Config::default()
        };
        let run = |budget: Option<u64>| {
            let Root::Grid(start) = root::<BlackWhite>(&puzzle, &[], None) else {
                panic!("the root is open");
            };
            let mut search = Search::<BlackWhite>::new(&puzzle, &config);
            if let Some(work) = budget {
                search.limit_work(work);
            }
            let finish = search.run_from(start, &mut Termination::never());
            let stats = search.stats();
            (
                finish,
                stats.probes + stats.decisions,
                search.into_solutions(),
            )
        };
        let (finish, work, solutions) = run(None);
        assert_eq!(finish, Finish::Enough);
        assert_eq!(solutions.len(), 16);
        assert!(work > 1000, "{work}");
        let (finish, spent, _) = run(Some(500));
        assert_eq!(finish, Finish::Budget);
        assert!((500..=502).contains(&spent), "{spent}");
        assert_eq!(run(Some(500)).1, spent);
        assert_eq!(run(Some(work + 1)).0, Finish::Enough);
    }

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
