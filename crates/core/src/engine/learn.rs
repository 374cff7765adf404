//! The learning engine: conflict-driven search over the cells, with the line solver as the
//! propagator (lazy clause generation, as in Ohrimenko, Stuckey and Codish, *Propagation via
//! lazy clause generation*, Constraints 2009).
//!
//! The variables are the cells and nothing else. Propagation alternates two sources: learnt
//! clauses (two watched literals, as in MiniSat) and the exact line solver, run on every line
//! whose cells changed. Each cell the line solver fixes records *which line* fixed it and *when*
//! (its position on the trail), and nothing more: an explanation is only needed if conflict
//! analysis reaches that cell, which most never do. It is then built on demand: the known cells
//! of the line at that moment, with the fixed cell flipped, admit no placement; we drop known
//! cells one at a time, latest first, keeping each only if the line becomes feasible without
//! it. What remains is a small reason (often a handful of cells near the deduction), and the
//! clause learnt from reasons like these speaks only of cells, so it prunes every later branch
//! where those cells recur: exactly what depth-first search, which forgets every dead end, lacks
//! on the hardest puzzles.
//!
//! The rest is a textbook CDCL solver: first-UIP analysis with recursive clause minimization,
//! non-chronological backjumping, VSIDS branching with phase saving and target phases (the first
//! decisions guided by each cell's chance of being filled, estimated by belief propagation over
//! the lines: `Learner::guide`), Luby restarts, and a learnt-clause database in one flat arena, pruned by literal block distance
//! (Audemard and Simon, *Glucose*, IJCAI 2009). What was tried and dropped (Glucose restarts, probing at
//! restarts, explanation caches, other phases) is in BENCHMARKS.md. Solutions are enumerated with
//! blocking clauses over the decisions that led to them (the rest of the grid follows from
//! those), so `max_solutions` of 2 proves uniqueness as in the other engines.

use std::collections::{HashSet, VecDeque};

use crate::generate::Rng;
use crate::grid::{words_for, Grid};
use crate::line::{parallel, LineSolver};
use crate::marginals::{self, Rounds};
use crate::solve::Stats;
use crate::termination::Termination;
use nonogram_model::Cell;
use nonogram_model::{Axis, Picture, Puzzle};

/// A literal: `2 * cell + 1` for "the cell is empty", `2 * cell` for "filled", where cells are
/// numbered row by row.
type Lit = u32;

#[inline]
fn var(lit: Lit) -> usize {
    (lit >> 1) as usize
}

#[inline]
fn make_lit(var: usize, filled: bool) -> Lit {
    (var as u32) << 1 | u32::from(!filled)
}

/// Why a cell has its value.
#[derive(Clone, Copy, Debug)]
enum Reason {
    /// A decision, or a fact of level 0 (given, or learnt as a unit).
    None,
    /// Implied by a clause, whose first literal is the implied one.
    Clause(u32),
    /// Fixed by solving line `slot` (rows, then columns) when the trail was `stamp` long.
    Line { slot: u32, stamp: u32 },
}

/// Where a propagation failed.
enum Conflict {
    Clause(u32),
    Line(usize),
}

/// Clauses live in one flat arena of `u32`s, each as a header of two words (its length, and
/// its literal block distance with [`LEARNT`] set for learnt clauses) followed by its literals;
/// a clause is named by its offset. One allocation and no pointers to chase: visiting a watched
/// clause is one cache miss, not two.
const HEADER: usize = 2;
const LEARNT: u32 = 1 << 31;

#[derive(Clone, Copy, Debug)]
struct Watch {
    clause: u32,
    /// Another literal of the clause: when it is true, the clause need not be visited.
    blocker: Lit,
}

/// Value of a literal in [`Learner::lit_values`]: 0 unknown, 1 true, 2 false.
#[inline]
fn lit_value(lit_values: &[u8], lit: Lit) -> u8 {
    lit_values[lit as usize]
}

/// The cell at position `i` of line `slot` (rows, then columns) of a `width` × `height` grid.
#[inline]
fn line_cell(width: usize, height: usize, slot: usize, i: usize) -> usize {
    if slot < height {
        slot * width + i
    } else {
        i * width + (slot - height)
    }
}

/// The most cells the learning engine takes. It keeps about 150 bytes per cell (watch lists,
/// trail, activities, explanations), so this bounds that state near 150 MiB, beside the clause
/// arena (at most [`MAX_ARENA`] literals); larger puzzles, which are almost always settled by
/// line solving and probing, are left to the search.
pub(crate) const MAX_CELLS: usize = 1 << 20;

/// Whether the learning engine takes `puzzle` (see [`MAX_CELLS`]).
pub(crate) fn fits(puzzle: &Puzzle) -> bool {
    puzzle.width() * puzzle.height() <= MAX_CELLS
}

/// How a [`Learner::run`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LearnState {
    /// A verdict: every solution enumerated (`exhausted`), or `max_solutions` found.
    Finished { exhausted: bool },
    /// The conflict budget of this run was spent; run again to go on.
    Paused,
    /// The termination condition fired.
    Stopped,
}

/// The learning engine for one puzzle.
#[derive(Debug)]
pub(crate) struct Learner<'p> {
    width: usize,
    height: usize,
    /// Per line slot (rows, then columns): the clue's runs.
    clues: Vec<&'p [u32]>,
    /// Known cells per line slot, `words_for(len)` words each: rows first, then columns.
    filled: Vec<u64>,
    empty: Vec<u64>,
    row_words: usize,
    col_words: usize,

    /// Per cell: 0 unknown, 1 filled, 2 empty.
    values: Vec<u8>,
    /// Per literal: 0 unknown, 1 true, 2 false (what clause propagation reads, without
    /// branching on the literal's sign).
    lit_values: Vec<u8>,
    /// Per cell: its row and column (no division on the hot paths).
    row_col: Vec<[u32; 2]>,
    level: Vec<u32>,
    /// Position on the trail.
    position: Vec<u32>,
    reason: Vec<Reason>,
    /// Explanations built so far for cells still assigned (dropped on unassignment).
    explained: Vec<Option<Box<[Lit]>>>,
    trail: Vec<Lit>,
    /// Trail length at the start of each decision level.
    trail_lim: Vec<usize>,
    /// Next trail entry whose clauses to visit.
    qhead: usize,
    dirty: VecDeque<u32>,
    is_dirty: Vec<bool>,

    solver: LineSolver,
    /// Scratch of the cell-parallel solver, called directly for lines of one word.
    scratch_runs: Vec<u64>,
    out_filled: Vec<u64>,
    out_empty: Vec<u64>,
    scratch_filled: Vec<u64>,
    scratch_empty: Vec<u64>,
    /// Per line slot, its assigned cells in trail order as (trail position, index in the
    /// line): the stretch of `line_trail` from the slot's `line_base`, `line_count` long. The
    /// trail is undone last in, first out, so each stretch is too; an explanation reads the known
    /// cells of a line at any earlier moment from it, latest first, without a scan or a sort.
    line_trail: Vec<(u32, u32)>,
    line_base: Vec<u32>,
    line_count: Vec<u32>,
    /// Scratch of clause minimization: cells marked `seen` on the way, and the work stack.
    marked: Vec<u32>,
    stack: Vec<u32>,
    /// The line being solved: its own deductions need not queue it again.
    solving: usize,

    arena: Vec<u32>,
    /// Offsets of the learnt clauses.
    learnt: Vec<u32>,
    watches: Vec<Vec<Watch>>,
    max_learnts: usize,

    heap: VarHeap,
    var_inc: f64,
    /// The value each cell last had (phase saving).
    phase: Vec<bool>,
    /// Target phases: per cell, the value it had on the longest conflict-free trail since the
    /// last restart (0 none, 1 filled, 2 empty), and that trail's length. See `remember_target`.
    target: Vec<u8>,
    target_len: usize,
    seen: Vec<bool>,

    conflicts_since_restart: u64,
    restarts: u32,
    /// Conflicts per Luby unit ([`RESTART_UNIT`]; tests shrink it to exercise restarts).
    restart_unit: u64,
    started: bool,
    state: Option<LearnState>,
    max_solutions: usize,
    solutions: Vec<Picture>,
    found: HashSet<Picture>,
    stats: Stats,
    /// Explanations made from a window of their line (tests check that they happen).
    #[cfg(test)]
    windows: u64,
}

/// Conflicts per Luby unit between restarts. With target phases a restart costs less of the
/// progress made, and units of 100 to 3,000 measured alike on hard tournament puzzles; 1,000
/// was ahead on random 30×30 puzzles (7.5 s against 8.9 s for 1,000 puzzles, BENCHMARKS.md).
const RESTART_UNIT: u64 = 1000;
/// Learnt clauses kept before the first reduction; each reduction raises it by the increment.
const FIRST_REDUCE: usize = 2000;
const REDUCE_INCREMENT: usize = 300;
/// Literals in the clause arena past which it is pruned whatever the count (256 MiB; ordinary
/// puzzles stay under a megabyte).
const MAX_ARENA: usize = 1 << 26;
/// VSIDS decay: activities are bumped by `var_inc`, which grows by this factor's inverse.
const VAR_DECAY: f64 = 0.95;
/// The largest initial activity [`Learner::guide`] gives (the first conflict bumps by 1).
const GUIDE_SCALE: f64 = 1e-3;
/// The most steps of the lines' programmes [`Learner::guide`] takes (over all its rounds): about
/// a tenth of a second.
const GUIDE_WORK: usize = 1 << 25;
/// Explanations in lines of more than 128 cells first try the known cells within this many
/// cells of the target (then twice as many, and so on).
const WINDOW: usize = 16;

impl<'p> Learner<'p> {
    pub fn new(puzzle: &'p Puzzle, max_solutions: usize) -> Learner<'p> {
        let (width, height) = (puzzle.width(), puzzle.height());
        let cells = width * height;
        let (row_words, col_words) = (words_for(width), words_for(height));
        let mut clues = Vec::with_capacity(width + height);
        for axis in [Axis::Row, Axis::Column] {
            clues.extend(puzzle.clues(axis).iter().map(|c| c.runs()));
        }
        let mask_words = row_words * height + col_words * width;
        let words = row_words.max(col_words);
        Learner {
            width,
            height,
            clues,
            filled: vec![0; mask_words],
            empty: vec![0; mask_words],
            row_words,
            col_words,
            values: vec![0; cells],
            lit_values: vec![0; 2 * cells],
            row_col: (0..cells)
                .map(|v| [(v / width) as u32, (v % width) as u32])
                .collect(),
            level: vec![0; cells],
            position: vec![0; cells],
            reason: vec![Reason::None; cells],
            explained: vec![None; cells],
            trail: Vec::with_capacity(cells),
            trail_lim: Vec::new(),
            qhead: 0,
            dirty: VecDeque::new(),
            is_dirty: vec![false; width + height],
            solver: LineSolver::new(),
            scratch_runs: Vec::new(),
            out_filled: vec![0; words],
            out_empty: vec![0; words],
            scratch_filled: vec![0; words],
            scratch_empty: vec![0; words],
            line_trail: vec![(0, 0); 2 * cells],
            line_base: (0..height)
                .map(|r| r * width)
                .chain((0..width).map(|c| cells + c * height))
                .map(|base| base as u32)
                .collect(),
            line_count: vec![0; width + height],
            marked: Vec::new(),
            stack: Vec::new(),
            solving: usize::MAX,
            arena: Vec::new(),
            learnt: Vec::new(),
            watches: vec![Vec::new(); 2 * cells],
            max_learnts: FIRST_REDUCE,
            heap: VarHeap::new(cells),
            var_inc: 1.0,
            phase: vec![false; cells],
            target: vec![0; cells],
            target_len: 0,
            seen: vec![false; cells],
            conflicts_since_restart: 0,
            restart_unit: RESTART_UNIT,
            restarts: 0,
            started: false,
            state: None,
            max_solutions: max_solutions.max(1),
            solutions: Vec::new(),
            found: HashSet::new(),
            stats: Stats::default(),
            #[cfg(test)]
            windows: 0,
        }
    }

    /// Counters so far (`decisions` and `backtracks`, the latter counting conflicts).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The solutions found so far.
    pub fn take_solutions(&mut self) -> Vec<Picture> {
        std::mem::take(&mut self.solutions)
    }

    /// Perturbs the initial branching order with small random activities (call before
    /// [`Learner::guide`], whose activities add to these), so that the learner explores
    /// differently. A quarter of the guidance's scale: the guidance mostly survives, and cells
    /// about as sure as each other change places. Conflicts soon dominate the activities; the
    /// early decisions, which shape the run, differ.
    pub fn diversify(&mut self, seed: u64) {
        let mut rng = Rng::new(seed);
        for activity in &mut self.heap.activity {
            *activity = rng.next_f64() * GUIDE_SCALE / 4.0;
        }
        self.heap.rebuild();
    }

    /// Restricts the search to grids symmetric under `map` (cell `v` has the value of cell
    /// `map[v]`): two binary clauses per cell that moves. Call before the first run. Used by
    /// [`crate::engine::symmetry`]; the learner then enumerates symmetric solutions only.
    pub fn tie(&mut self, map: &[usize]) {
        debug_assert!(!self.started);
        for (v, &image) in map.iter().enumerate() {
            if image != v {
                self.add_clause(vec![make_lit(v, false), make_lit(image, true)], None);
                self.add_clause(vec![make_lit(v, true), make_lit(image, false)], None);
            }
        }
    }

    /// Takes the values of a known solution as every cell's phase and target: the first
    /// descent then reaches it without a conflict (propagation from a subset of a solution never
    /// contradicts), and later ones search around it for another.
    pub fn follow(&mut self, solution: &Picture) {
        for v in 0..self.values.len() {
            let filled = solution.get(v / self.width, v % self.width);
            self.phase[v] = filled;
            self.target[v] = if filled { 1 } else { 2 };
        }
    }

    /// Guides the first decisions by the clues (call after [`Learner::start_from`]). Each
    /// unknown cell's chance `p` of being filled is estimated by belief propagation over the
    /// lines, given the cells known at level 0 ([`marginals::estimate`]). The likelier value
    /// becomes the cell's phase, and the estimate's certainty `|2p − 1|` its initial activity,
    /// so the surest cells are decided first, each the likely way. The activities are
    /// [`GUIDE_SCALE`] at most, below the first conflict's bump, so conflicts take over the
    /// order at once; the early decisions, which shape the run, are the guided ones.
    ///
    /// On the tournament sets the first round alone (each line's plain pattern shares, taken as
    /// independent evidence) took 10–20% off the time; the later rounds, which let each line's
    /// view reach far cells through the crossing lines, took three quarters off what remained
    /// (BENCHMARKS.md). Not every puzzle gains: on the n-Dom family, built so that no line says
    /// much, the guided order is no faster than the plain one, row by row, and a few puzzles
    /// yield faster to the plain one, which is why `auto` runs a learner in the plain order too
    /// (on a second thread, or once a puzzle proves hard).
    ///
    /// The rounds are capped so that they take at most [`GUIDE_WORK`] steps of the lines'
    /// programmes (per round, the sum over the lines of `(runs + 1) · (slack + 1) + cells`,
    /// the slack being how far the runs can move); a puzzle too large for one round keeps the
    /// plain order: it spends its time elsewhere. (Counting `(runs + 1) · (cells + 1)` instead
    /// left random 300×300 puzzles two rounds, and two of four timed out at 60 s; with the
    /// rounds they take 2.4–5.6 s.)
    pub fn guide(&mut self) {
        // A line's programme covers, per run, the starts between its leftmost and rightmost
        // placements, and a pass over the cells.
        let work: usize = (0..self.clues.len())
            .map(|slot| {
                let runs = self.clues[slot];
                let len = self.line_range(slot).1;
                let shortest: usize = runs.iter().map(|&r| r as usize + 1).sum();
                (runs.len() + 1) * (len + 2).saturating_sub(shortest) + len
            })
            .sum();
        let rounds = Rounds::default();
        let rounds = Rounds {
            max: rounds.max.min(GUIDE_WORK / work.max(1)),
            ..rounds
        };
        if rounds.max == 0 {
            return;
        }
        let known = self.known_cells();
        let Some(chances) =
            marginals::estimate(self.width, self.height, &self.clues, &known, rounds)
        else {
            // Level 0 contradicts; the first propagation will say so.
            return;
        };
        for (v, p) in chances.into_iter().enumerate() {
            if self.values[v] != 0 {
                continue;
            }
            // A solution being followed keeps its values.
            if self.target[v] == 0 {
                self.phase[v] = p > 0.5;
            }
            self.heap.activity[v] += (2.0 * p - 1.0).abs() * GUIDE_SCALE;
        }
        self.heap.rebuild();
    }

    /// Every cell's value now, row by row.
    fn known_cells(&self) -> Vec<Cell> {
        self.values
            .iter()
            .map(|&value| match value {
                1 => Cell::Filled,
                2 => Cell::Empty,
                _ => Cell::Unknown,
            })
            .collect()
    }

    /// Starts from a grid of cells already known to follow from the clues (a propagated or
    /// probed root): they become facts. Call before the first [`Learner::run`]; without it the
    /// run starts from the empty grid.
    pub fn start_from(&mut self, grid: &Grid) -> bool {
        debug_assert!(!self.started);
        self.started = true;
        for r in 0..self.height {
            for c in 0..self.width {
                let value = grid.get(r, c);
                if value != Cell::Unknown {
                    self.assign(
                        make_lit(r * self.width + c, value == Cell::Filled),
                        Reason::None,
                    );
                }
            }
        }
        for slot in 0..self.clues.len() {
            self.mark_dirty(slot);
        }
        if self.propagate().is_some() {
            self.state = Some(LearnState::Finished { exhausted: true });
            return false;
        }
        true
    }

    // ----- cells, lines and the trail -----

    fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    /// The word range of a line slot's masks, and its length.
    fn line_range(&self, slot: usize) -> (std::ops::Range<usize>, usize) {
        if slot < self.height {
            let base = slot * self.row_words;
            (base..base + self.row_words, self.width)
        } else {
            let base = self.height * self.row_words + (slot - self.height) * self.col_words;
            (base..base + self.col_words, self.height)
        }
    }

    /// The cell at position `i` of a line slot.
    fn line_var(&self, slot: usize, i: usize) -> usize {
        line_cell(self.width, self.height, slot, i)
    }

    fn mark_dirty(&mut self, slot: usize) {
        if !self.is_dirty[slot] {
            self.is_dirty[slot] = true;
            self.dirty.push_back(slot as u32);
        }
    }

    /// Sets the mask bits of a cell in its row and its column (`on`), or clears them.
    fn write_masks(&mut self, v: usize, filled: bool, on: bool) {
        let [r, c] = self.row_col[v].map(|x| x as usize);
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

    fn assign(&mut self, lit: Lit, reason: Reason) {
        let v = var(lit);
        debug_assert_eq!(self.values[v], 0);
        let filled = lit & 1 == 0;
        self.values[v] = if filled { 1 } else { 2 };
        self.lit_values[lit as usize] = 1;
        self.lit_values[(lit ^ 1) as usize] = 2;
        let position = self.trail.len() as u32;
        self.level[v] = self.decision_level();
        self.position[v] = position;
        self.reason[v] = reason;
        self.trail.push(lit);
        self.write_masks(v, filled, true);
        let [r, c] = self.row_col[v].map(|x| x as usize);
        for (slot, i) in [(r, c), (self.height + c, r)] {
            let at = (self.line_base[slot] + self.line_count[slot]) as usize;
            self.line_trail[at] = (position, i as u32);
            self.line_count[slot] += 1;
            if slot != self.solving {
                self.mark_dirty(slot);
            }
        }
    }

    /// Undoes every assignment above `level`.
    fn backtrack(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let keep = self.trail_lim[level as usize];
        while self.trail.len() > keep {
            let lit = self.trail.pop().expect("trail longer than keep");
            let v = var(lit);
            let filled = lit & 1 == 0;
            self.values[v] = 0;
            self.lit_values[lit as usize] = 0;
            self.lit_values[(lit ^ 1) as usize] = 0;
            self.phase[v] = filled;
            self.explained[v] = None;
            self.write_masks(v, filled, false);
            let [r, c] = self.row_col[v];
            self.line_count[r as usize] -= 1;
            self.line_count[self.height + c as usize] -= 1;
            self.heap.insert(v);
        }
        self.trail_lim.truncate(level as usize);
        self.qhead = self.trail.len();
        // Every line was at its fixpoint at this level before the undone decision.
        for &slot in &self.dirty {
            self.is_dirty[slot as usize] = false;
        }
        self.dirty.clear();
    }

    // ----- propagation -----

    /// Propagates clauses and lines to a fixpoint, or returns the conflict.
    fn propagate(&mut self) -> Option<Conflict> {
        loop {
            if let Some(conflict) = self.propagate_clauses() {
                return Some(Conflict::Clause(conflict));
            }
            let slot = self.dirty.pop_front()? as usize;
            self.is_dirty[slot] = false;
            if !self.solve_line(slot) {
                // Other lines may still be queued: drop them, the conflict undoes this level.
                for &s in &self.dirty {
                    self.is_dirty[s as usize] = false;
                }
                self.dirty.clear();
                return Some(Conflict::Line(slot));
            }
        }
    }

    /// Solves one line and assigns what it fixes. Returns false on a contradiction.
    fn solve_line(&mut self, slot: usize) -> bool {
        let (range, len) = self.line_range(slot);
        let words = range.len();
        let clue = self.clues[slot];
        // No result cache here, unlike the search's propagator: measured with one (TAAI 2011
        // #469 and #591, 12-Dom), the learner was about 4% slower with the same results. Its
        // lookups mostly miss the CPU cache, which costs about what the solve itself does.
        self.stats.line_solves += 1;
        if len <= 64 && !clue.is_empty() {
            // One word per line: straight to the cell-parallel solver.
            let (filled, empty) = (self.filled[range.start], self.empty[range.start]);
            let Ok((f, e)) = parallel::solve_u64(clue, len, filled, empty, &mut self.scratch_runs)
            else {
                return false;
            };
            (self.out_filled[0], self.out_empty[0]) = (f, e);
        } else if self
            .solver
            .solve(
                clue,
                len,
                &self.filled[range.clone()],
                &self.empty[range.clone()],
                &mut self.out_filled,
                &mut self.out_empty,
            )
            .is_err()
        {
            return false;
        }
        for w in 0..words {
            self.out_filled[w] &= !self.filled[range.start + w];
            self.out_empty[w] &= !self.empty[range.start + w];
        }
        self.solving = slot;
        let stamp = self.trail.len() as u32;
        let reason = Reason::Line {
            slot: slot as u32,
            stamp,
        };
        for w in 0..words {
            for filled in [true, false] {
                let mut bits = if filled {
                    self.out_filled[w]
                } else {
                    self.out_empty[w]
                };
                while bits != 0 {
                    let i = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let v = self.line_var(slot, i);
                    self.assign(make_lit(v, filled), reason);
                }
            }
        }
        self.solving = usize::MAX;
        true
    }

    /// Visits the clauses watching each newly false literal; returns a conflicting clause.
    fn propagate_clauses(&mut self) -> Option<u32> {
        while self.qhead < self.trail.len() {
            let false_lit = self.trail[self.qhead] ^ 1;
            self.qhead += 1;
            let mut watchers = std::mem::take(&mut self.watches[false_lit as usize]);
            let (mut i, mut j) = (0, 0);
            let mut conflict = None;
            while i < watchers.len() {
                let watch = watchers[i];
                i += 1;
                if lit_value(&self.lit_values, watch.blocker) == 1 {
                    watchers[j] = watch;
                    j += 1;
                    continue;
                }
                let offset = watch.clause as usize;
                let len = self.arena[offset] as usize;
                let lits = &mut self.arena[offset + HEADER..offset + HEADER + len];
                if lits[0] == false_lit {
                    lits.swap(0, 1);
                }
                let first = lits[0];
                if first != watch.blocker && lit_value(&self.lit_values, first) == 1 {
                    watchers[j] = Watch {
                        clause: watch.clause,
                        blocker: first,
                    };
                    j += 1;
                    continue;
                }
                // Find a new literal to watch.
                let mut moved = false;
                for k in 2..lits.len() {
                    if lit_value(&self.lit_values, lits[k]) != 2 {
                        lits.swap(1, k);
                        self.watches[lits[1] as usize].push(Watch {
                            clause: watch.clause,
                            blocker: first,
                        });
                        moved = true;
                        break;
                    }
                }
                if moved {
                    continue;
                }
                watchers[j] = watch;
                j += 1;
                if lit_value(&self.lit_values, first) == 2 {
                    conflict = Some(watch.clause);
                    while i < watchers.len() {
                        watchers[j] = watchers[i];
                        i += 1;
                        j += 1;
                    }
                } else {
                    self.assign(first, Reason::Clause(watch.clause));
                }
            }
            watchers.truncate(j);
            self.watches[false_lit as usize] = watchers;
            if conflict.is_some() {
                self.qhead = self.trail.len();
                return conflict;
            }
        }
        None
    }

    // ----- explanations and conflict analysis -----

    /// A small set of known cells of line `slot` that, with the trail `stamp` long, forced cell
    /// `target` (or, without a target, that admit no placement at all), as the literals that are
    /// false now: the clause "one of these cells differs, or the target has its value".
    fn explain_line(&mut self, slot: usize, stamp: u32, target: Option<usize>) -> Vec<Lit> {
        let (range, len) = self.line_range(slot);
        let words = range.len();
        let clue = self.clues[slot];
        let target = target.map(|t| {
            let i = if slot < self.height {
                t % self.width
            } else {
                t / self.width
            };
            debug_assert_eq!(self.line_var(slot, i), t);
            (t, i)
        });
        // The known cells then: the line's stretch of `line_trail` below the stamp (`known`,
        // read latest first below), in the masks of the cells known now minus those since.
        let base = self.line_base[slot] as usize;
        let mut count = self.line_count[slot] as usize;
        let (f, e) = (&mut self.scratch_filled, &mut self.scratch_empty);
        f[..words].copy_from_slice(&self.filled[range.clone()]);
        e[..words].copy_from_slice(&self.empty[range]);
        while count > 0 && self.line_trail[base + count - 1].0 >= stamp {
            let i = self.line_trail[base + count - 1].1 as usize;
            f[i / 64] &= !(1 << (i % 64));
            e[i / 64] &= !(1 << (i % 64));
            count -= 1;
        }
        // Facts of level 0 stay: they hold everywhere, so a clause never needs them. They are
        // the oldest cells, which the loop below would try last anyway, so this saves their
        // checks without changing any explanation's other cells.
        let facts = self
            .trail_lim
            .first()
            .map_or(u32::MAX, |&start| start as u32);
        let mut first = 0;
        while first < count && self.line_trail[base + first].0 < facts {
            first += 1;
        }
        let known = &self.line_trail[base + first..base + count];
        if let Some((t, i)) = target {
            // The target flipped.
            debug_assert!(self.position[t] >= stamp);
            let (to, from) = if self.values[t] == 1 {
                (&mut *e, &mut *f)
            } else {
                (&mut *f, &mut *e)
            };
            from[i / 64] &= !(1 << (i % 64));
            to[i / 64] |= 1 << (i % 64);
        }
        debug_assert!(!self.solver.feasible(clue, len, f, e));
        let mut reason = Vec::new();
        let (width, height) = (self.width, self.height);
        // Not `line_var`: `f` and `e` borrow `self` mutably here.
        let cell = |i: usize| line_cell(width, height, slot, i);
        if len <= 64 && !clue.is_empty() {
            // One word per line: the masks stay in registers and the check is inlined.
            let (mut f, mut e) = (f[0], e[0]);
            for &(_, i) in known.iter().rev() {
                let bit = 1u64 << i;
                let filled = f & bit != 0;
                let (without_f, without_e) = (f & !bit, e & !bit);
                if parallel::feasible_u64(clue, len, without_f, without_e) {
                    reason.push(make_lit(cell(i as usize), !filled));
                } else {
                    (f, e) = (without_f, without_e);
                }
            }
            return reason;
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
                if !self.solver.feasible(clue, len, &wf, &we) {
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
            let v = cell(i);
            let filled = self.values[v] == 1;
            let word = if filled { &mut *f } else { &mut *e };
            word[i / 64] &= !(1 << (i % 64));
            if self.solver.feasible(clue, len, f, e) {
                let word = if filled { &mut *f } else { &mut *e };
                word[i / 64] |= 1 << (i % 64);
                reason.push(make_lit(v, !filled));
            }
        }
        // The cells kept (and the facts) still admit no placement.
        debug_assert!(!self.solver.feasible(clue, len, f, e));
        reason
    }

    /// The false literals that forced cell `v` (its reason clause, without `v` itself), built
    /// once per assignment and kept in `explained[v]`.
    fn reason_lits(&mut self, v: usize) -> &[Lit] {
        if self.explained[v].is_none() {
            self.explained[v] = Some(self.build_reason(v));
        }
        self.explained[v].as_deref().expect("just built")
    }

    fn build_reason(&mut self, v: usize) -> Box<[Lit]> {
        match self.reason[v] {
            Reason::None => Box::new([]),
            Reason::Clause(c) => self.clause(c)[1..].into(),
            Reason::Line { slot, stamp } => self
                .explain_line(slot as usize, stamp, Some(v))
                .into_boxed_slice(),
        }
    }

    fn bump(&mut self, v: usize) {
        self.heap.activity[v] += self.var_inc;
        if self.heap.activity[v] > 1e100 {
            for a in &mut self.heap.activity {
                *a *= 1e-100;
            }
            self.var_inc *= 1e-100;
        }
        self.heap.increased(v);
    }

    /// First-UIP analysis of a conflict whose literals are all false, with at least one at the
    /// current level. Returns the learnt clause (asserting literal first, then the literal of
    /// the backjump level) and that level.
    fn analyze(&mut self, conflict: Vec<Lit>) -> (Vec<Lit>, u32) {
        let current = self.decision_level();
        let mut learnt: Vec<Lit> = vec![0];
        let mut pending = 0usize;
        let mut index = self.trail.len();
        let mut lits: Box<[Lit]> = conflict.into_boxed_slice();
        let mut from: Option<usize> = None;
        let asserting = loop {
            if let Some(v) = from {
                self.reason_lits(v);
                lits = self.explained[v].take().expect("reason built");
            }
            for &q in lits.iter() {
                let v = var(q);
                if !self.seen[v] && self.level[v] > 0 {
                    self.seen[v] = true;
                    self.bump(v);
                    if self.level[v] >= current {
                        pending += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            loop {
                index -= 1;
                if self.seen[var(self.trail[index])] {
                    break;
                }
            }
            let p = self.trail[index];
            self.seen[var(p)] = false;
            pending -= 1;
            if pending == 0 {
                break p ^ 1;
            }
            if let Some(v) = from {
                self.explained[v] = Some(std::mem::take(&mut lits));
            }
            from = Some(var(p));
        };
        if let Some(v) = from {
            self.explained[v] = Some(lits);
        }
        learnt[0] = asserting;
        self.minimize(&mut learnt);
        // The literal of the highest level below goes second (it is watched).
        let mut backjump = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for k in 2..learnt.len() {
                if self.level[var(learnt[k])] > self.level[var(learnt[best])] {
                    best = k;
                }
            }
            learnt.swap(1, best);
            backjump = self.level[var(learnt[1])];
        }
        (learnt, backjump)
    }

    /// Drops from a learnt clause the literals it implies anyway: those whose reasons lead,
    /// through implied cells only, back to literals of the clause or of level 0 (MiniSat's
    /// recursive minimization; Sörensson and Biere, SAT 2009). `seen` marks the clause's
    /// literals on entry and is cleared on exit.
    fn minimize(&mut self, learnt: &mut Vec<Lit>) {
        // One bit per decision level of the clause (mod 64): a cell from any other level
        // cannot be implied by the clause, which cuts most failing explorations short.
        let levels = learnt[1..]
            .iter()
            .fold(0u64, |bits, &q| bits | 1 << (self.level[var(q)] % 64));
        let mut marked = std::mem::take(&mut self.marked);
        marked.clear();
        let mut k = 1;
        while k < learnt.len() {
            let v = var(learnt[k]);
            if !matches!(self.reason[v], Reason::None) && self.implied(v, levels, &mut marked) {
                learnt.swap_remove(k);
                marked.push(v as u32);
            } else {
                k += 1;
            }
        }
        for &v in &marked {
            self.seen[v as usize] = false;
        }
        for &q in &learnt[1..] {
            self.seen[var(q)] = false;
        }
        self.marked = marked;
    }

    /// Whether the implied cell `v` follows from cells marked `seen` (and level 0). Cells found
    /// to follow are marked too (and listed in `marked`, to be cleared), so each is explored
    /// once per clause.
    fn implied(&mut self, v: usize, levels: u64, marked: &mut Vec<u32>) -> bool {
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(v as u32);
        let undo = marked.len();
        let mut ok = true;
        'outer: while let Some(u) = stack.pop() {
            let u = u as usize;
            self.reason_lits(u);
            let lits = self.explained[u].take().expect("reason built");
            for &q in lits.iter() {
                let w = var(q);
                if self.seen[w] || self.level[w] == 0 {
                    continue;
                }
                if matches!(self.reason[w], Reason::None) || levels & 1 << (self.level[w] % 64) == 0
                {
                    ok = false;
                    self.explained[u] = Some(lits);
                    break 'outer;
                }
                self.seen[w] = true;
                marked.push(w as u32);
                stack.push(w as u32);
            }
            self.explained[u] = Some(lits);
        }
        if !ok {
            for &w in &marked[undo..] {
                self.seen[w as usize] = false;
            }
            marked.truncate(undo);
        }
        self.stack = stack;
        ok
    }

    /// Adds a clause: learnt with its literal block distance, or permanent (`None`).
    fn add_clause(&mut self, lits: Vec<Lit>, lbd: Option<u32>) -> u32 {
        debug_assert!(lits.len() >= 2);
        let offset = self.arena.len();
        // Offsets fit in u32: the arena is pruned past MAX_ARENA (see `run`), and one clause
        // holds at most every cell (at most 2^22, see `Limits`).
        self.arena.push(lits.len() as u32);
        self.arena.push(lbd.map_or(0, |lbd| lbd | LEARNT));
        self.arena.extend_from_slice(&lits);
        self.watch(offset as u32);
        if lbd.is_some() {
            self.learnt.push(offset as u32);
        }
        offset as u32
    }

    /// The literals of the clause at `offset`.
    fn clause(&self, offset: u32) -> &[Lit] {
        let offset = offset as usize;
        &self.arena[offset + HEADER..offset + HEADER + self.arena[offset] as usize]
    }

    /// Watches the first two literals of a clause.
    fn watch(&mut self, offset: u32) {
        let lits = self.clause(offset);
        let (a, b) = (lits[0], lits[1]);
        self.watches[a as usize].push(Watch {
            clause: offset,
            blocker: b,
        });
        self.watches[b as usize].push(Watch {
            clause: offset,
            blocker: a,
        });
    }

    /// Learns a clause whose first literal is the asserting one, after backjumping to the level
    /// of its second.
    fn learn(&mut self, lits: Vec<Lit>, lbd: Option<u32>) {
        let asserting = lits[0];
        if lits.len() == 1 {
            self.assign(asserting, Reason::None);
        } else {
            let index = self.add_clause(lits, lbd);
            self.assign(asserting, Reason::Clause(index));
        }
    }

    /// The number of distinct decision levels among a clause's literals.
    fn lbd(&mut self, lits: &[Lit]) -> u32 {
        let mut levels = std::mem::take(&mut self.stack);
        levels.clear();
        levels.extend(lits.iter().map(|&l| self.level[var(l)]));
        levels.sort_unstable();
        levels.dedup();
        let lbd = levels.len() as u32;
        self.stack = levels;
        lbd
    }

    /// Whether to restart now: after a Luby number of units of conflicts. (Glucose's rule,
    /// restarting when recent clauses have a worse LBD than the average, was tried: three
    /// times slower on hard tournament puzzles.)
    fn should_restart(&self) -> bool {
        self.conflicts_since_restart >= self.restart_unit * luby(self.restarts)
    }

    /// Deletes the less useful half of the learnt clauses (by literal block distance, then
    /// length), keeping those that are reasons now and the "glue" clauses (LBD 2), then compacts
    /// the arena and rebuilds the watch lists.
    fn reduce(&mut self) {
        let mut candidates: Vec<(u32, u32, u32)> = Vec::new();
        for &offset in &self.learnt {
            let o = offset as usize;
            let (len, lbd) = (self.arena[o], self.arena[o + 1] & !LEARNT);
            let first = self.arena[o + HEADER];
            let locked = lit_value(&self.lit_values, first) == 1
                && matches!(self.reason[var(first)], Reason::Clause(c) if c == offset);
            if lbd > 2 && !locked {
                candidates.push((lbd, len, offset));
            }
        }
        candidates.sort_unstable_by_key(|c| std::cmp::Reverse((c.0, c.1)));
        let mut doomed: Vec<u32> = candidates[..candidates.len() / 2]
            .iter()
            .map(|c| c.2)
            .collect();
        doomed.sort_unstable();
        // Compact: copy the survivors in order, remembering where each went.
        let old = std::mem::take(&mut self.arena);
        let mut moved: Vec<(u32, u32)> = Vec::new();
        self.learnt.clear();
        let mut o = 0;
        while o < old.len() {
            let end = o + HEADER + old[o] as usize;
            if doomed.binary_search(&(o as u32)).is_err() {
                let new = self.arena.len() as u32;
                moved.push((o as u32, new));
                self.arena.extend_from_slice(&old[o..end]);
                if old[o + 1] & LEARNT != 0 {
                    self.learnt.push(new);
                }
            }
            o = end;
        }
        for &lit in &self.trail {
            if let Reason::Clause(c) = &mut self.reason[var(lit)] {
                let at = moved
                    .binary_search_by_key(c, |m| m.0)
                    .expect("a reason clause is never deleted");
                *c = moved[at].1;
            }
        }
        for list in &mut self.watches {
            list.clear();
        }
        for &(_, offset) in &moved {
            self.watch(offset);
        }
    }

    // ----- the main loop -----

    /// Handles a conflict. Returns false when it proves that no (further) solution exists.
    fn resolve_conflict(&mut self, conflict: Conflict) -> bool {
        self.stats.backtracks += 1;
        self.remember_target();
        self.conflicts_since_restart += 1;
        let lits: Vec<Lit> = match conflict {
            Conflict::Clause(c) => self.clause(c).to_vec(),
            Conflict::Line(slot) => self.explain_line(slot, u32::MAX, None),
        };
        // A line's conflict may rest on cells of earlier levels only: it then held there.
        let top = lits.iter().map(|&l| self.level[var(l)]).max().unwrap_or(0);
        if top == 0 {
            return false;
        }
        self.backtrack(top);
        let (learnt, backjump) = self.analyze(lits);
        let lbd = self.lbd(&learnt);
        self.backtrack(backjump);
        self.learn(learnt, Some(lbd));
        self.var_inc /= VAR_DECAY;
        true
    }

    /// At a conflict, keeps the values of the trail below the current decision level (which
    /// propagated without conflict) as the target phases, if that trail is the longest since the
    /// last restart. Decisions take a cell's target value before its saved phase: the solver
    /// then heads back towards the largest consistent partial grid it has seen, instead of only
    /// repeating each cell's last value (Biere and Fleury's target phases, in CaDiCaL and
    /// Kissat). On the hardest tournament puzzles this more than halved the learner's time, on
    /// random 30×30 puzzles with uniqueness it took off a sixth (BENCHMARKS.md).
    fn remember_target(&mut self) {
        let clean = self.trail_lim.last().copied().unwrap_or(0);
        if clean > self.target_len {
            self.target_len = clean;
            for &lit in &self.trail[..clean] {
                self.target[var(lit)] = if lit & 1 == 0 { 1 } else { 2 };
            }
        }
    }

    /// Records the complete grid as a solution and blocks it. Returns whether the enumeration
    /// is over (enough solutions, or none can remain).
    fn solution(&mut self) -> Option<LearnState> {
        debug_assert_eq!(self.trail.len(), self.values.len());
        let mut picture = Picture::new(self.width, self.height);
        for v in 0..self.values.len() {
            picture.set(v / self.width, v % self.width, self.values[v] == 1);
        }
        if self.found.insert(picture.clone()) {
            self.solutions.push(picture);
        }
        if self.solutions.len() >= self.max_solutions {
            return Some(LearnState::Finished { exhausted: false });
        }
        let level = self.decision_level();
        if level == 0 {
            return Some(LearnState::Finished { exhausted: true });
        }
        // The decisions determine this grid: block them, newest first.
        let blocking: Vec<Lit> = (0..level as usize)
            .rev()
            .map(|l| self.trail[self.trail_lim[l]] ^ 1)
            .collect();
        self.backtrack(level - 1);
        self.learn(blocking, None);
        None
    }

    /// Runs until a verdict, the termination condition, or `conflict_limit` more conflicts.
    pub fn run(
        &mut self,
        conflict_limit: Option<u64>,
        termination: &mut Termination<'_>,
    ) -> LearnState {
        if !self.started && !self.start_from(&Grid::new(self.width, self.height)) {
            return LearnState::Finished { exhausted: true };
        }
        if let Some(state) = self.state {
            return state;
        }
        let limit = conflict_limit.map(|l| self.stats.backtracks + l);
        let state = loop {
            if let Some(conflict) = self.propagate() {
                if !self.resolve_conflict(conflict) {
                    break LearnState::Finished { exhausted: true };
                }
                if self.arena.len() > MAX_ARENA {
                    self.reduce();
                }
                if termination.should_stop() {
                    return LearnState::Stopped;
                }
                if limit.is_some_and(|l| self.stats.backtracks >= l) {
                    return LearnState::Paused;
                }
                continue;
            }
            if self.should_restart() {
                self.conflicts_since_restart = 0;
                self.restarts += 1;
                self.backtrack(0);
                self.target_len = 0;
                continue;
            }
            if self.learnt.len() >= self.max_learnts {
                self.reduce();
                self.max_learnts += REDUCE_INCREMENT;
            }
            if termination.should_stop() {
                return LearnState::Stopped;
            }
            let Some(v) = self.pick() else {
                match self.solution() {
                    Some(state) => break state,
                    None => continue,
                }
            };
            self.stats.decisions += 1;
            self.trail_lim.push(self.trail.len());
            let filled = match self.target[v] {
                1 => true,
                2 => false,
                _ => self.phase[v],
            };
            self.assign(make_lit(v, filled), Reason::None);
        };
        self.state = Some(state);
        state
    }

    /// The unassigned cell of highest activity.
    fn pick(&mut self) -> Option<usize> {
        while let Some(v) = self.heap.pop() {
            if self.values[v] == 0 {
                return Some(v);
            }
        }
        None
    }
}

/// The Luby sequence 1 1 2 1 1 2 4 1 1 2 ..., term `i` (from 0).
fn luby(i: u32) -> u64 {
    // Find the complete prefix (of length 2^k - 1) holding term i, then descend into it.
    let mut x = u64::from(i);
    let (mut size, mut power) = (1u64, 0u32);
    while size < x + 1 {
        power += 1;
        size = 2 * size + 1;
    }
    while size - 1 != x {
        size = (size - 1) / 2;
        power -= 1;
        x %= size;
    }
    1 << power
}

/// A max-heap of cells by activity, with positions for updates.
#[derive(Debug)]
struct VarHeap {
    activity: Vec<f64>,
    heap: Vec<u32>,
    /// Index in `heap`, or `u32::MAX` when absent.
    index: Vec<u32>,
}

impl VarHeap {
    fn new(n: usize) -> VarHeap {
        VarHeap {
            activity: vec![0.0; n],
            heap: (0..n as u32).collect(),
            index: (0..n as u32).collect(),
        }
    }

    /// Whether cell `a` comes out of the heap before cell `b`: higher activity first, ties to
    /// the lower cell number (for a deterministic order).
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
            self.index[self.heap[i] as usize] = i as u32;
            i = child;
        }
        self.heap[i] = v;
        self.index[v as usize] = i as u32;
    }

    /// Restores the heap order after activities changed wholesale.
    fn rebuild(&mut self) {
        for i in (0..self.heap.len() / 2).rev() {
            self.down(i);
        }
    }

    fn insert(&mut self, v: usize) {
        if self.index[v] != u32::MAX {
            return;
        }
        self.heap.push(v as u32);
        let i = self.heap.len() - 1;
        self.index[v] = i as u32;
        self.up(i);
    }

    fn increased(&mut self, v: usize) {
        let i = self.index[v];
        if i != u32::MAX {
            self.up(i as usize);
        }
    }

    fn pop(&mut self) -> Option<usize> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("non-empty");
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
    use crate::Clue;

    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    fn solve(puzzle: &Puzzle, max: usize) -> (LearnState, Vec<Picture>) {
        let mut learner = Learner::new(puzzle, max);
        let state = learner.run(None, &mut Termination::never());
        (state, learner.take_solutions())
    }

    #[test]
    fn finds_the_unique_solution_and_proves_it() {
        let picture = Picture::from_strings(&["#.#", ".#.", "#.#"]).unwrap();
        let puzzle = Puzzle::from_picture(&picture);
        let (state, solutions) = solve(&puzzle, 2);
        assert_eq!(state, LearnState::Finished { exhausted: true });
        assert_eq!(solutions, vec![picture]);
    }

    #[test]
    fn enumerates_every_solution_of_the_diagonal_pair() {
        // Rows 1 1 and columns 1 1 on 2×2: the two diagonals.
        let clue = || Clue::new([1]);
        let puzzle = Puzzle::new(vec![clue(), clue()], vec![clue(), clue()]).unwrap();
        let (state, solutions) = solve(&puzzle, 5);
        assert_eq!(state, LearnState::Finished { exhausted: true });
        assert_eq!(solutions.len(), 2);
        let (state, solutions) = solve(&puzzle, 2);
        assert_eq!(state, LearnState::Finished { exhausted: false });
        assert_eq!(solutions.len(), 2);
    }

    #[test]
    fn the_target_is_the_longest_trail_below_a_conflict() {
        // Clue 1 on every line of 5×5: a permutation matrix, and nothing fixed at the root.
        let clues = || (0..5).map(|_| Clue::new([1])).collect::<Vec<_>>();
        let puzzle = Puzzle::new(clues(), clues()).unwrap();
        let mut learner = Learner::new(&puzzle, 1);
        assert!(learner.start_from(&Grid::new(5, 5)));
        assert!(learner.trail.is_empty());
        // Decide (0, 0) filled, then (2, 2) filled, each followed by propagation.
        for v in [0, 12] {
            learner.trail_lim.push(learner.trail.len());
            learner.assign(make_lit(v, true), Reason::None);
            assert!(learner.propagate().is_none());
        }
        // A conflict now would undo the second level: the first is the clean trail.
        let clean = learner.trail_lim[1];
        assert!(clean > 1, "(0, 0) filled empties its row and column");
        learner.remember_target();
        assert_eq!(learner.target_len, clean);
        for &lit in &learner.trail[..clean] {
            let value = if lit & 1 == 0 { 1 } else { 2 };
            assert_eq!(learner.target[var(lit)], value);
        }
        assert_eq!(learner.target[12], 0, "the last level is not in the target");
        // A shorter clean trail leaves the target alone.
        learner.backtrack(0);
        learner.trail_lim.push(0);
        learner.assign(make_lit(6, false), Reason::None);
        learner.trail_lim.push(learner.trail.len());
        learner.assign(make_lit(18, true), Reason::None);
        learner.remember_target();
        assert_eq!(learner.target_len, clean);
        assert_eq!(learner.target[6], 0, "the shorter trail was not recorded");
        assert_eq!(learner.target[0], 1);
    }

    #[test]
    fn reports_no_solution() {
        // Totals agree, lines do not: the bottom row is full, the right column too.
        let (e, three) = (Clue::empty, || Clue::new([3]));
        let puzzle = Puzzle::new(vec![e(), e(), three()], vec![e(), e(), three()]).unwrap();
        let (state, solutions) = solve(&puzzle, 2);
        assert_eq!(state, LearnState::Finished { exhausted: true });
        assert!(solutions.is_empty());
    }

    use crate::generate::random_puzzle;
    use crate::generate::Rng;
    use crate::solve::Config;
    use proptest::prelude::*;

    /// Lines of more than 128 cells, whose explanations first look for a window around the
    /// deduced cell: the learner finds exactly the search's solutions, each one valid.
    #[test]
    fn agrees_with_search_on_long_lines() {
        let (mut compared, mut conflicts, mut windows) = (0, 0, 0);
        for seed in 0..40 {
            let mut rng = Rng::new(seed);
            let width = rng.range(129, 300);
            let height = rng.range(14, 22);
            let puzzle = random_puzzle(&mut rng, width, height, 0.57);
            let max = 30;
            let Some(want) = search_all(&puzzle, max) else {
                continue;
            };
            let mut learner = Learner::new(&puzzle, max + 1);
            learner.restart_unit = 2;
            let state = learner.run(None, &mut Termination::never());
            assert_eq!(
                state,
                LearnState::Finished { exhausted: true },
                "seed {seed}"
            );
            let got: HashSet<Picture> = learner.take_solutions().into_iter().collect();
            for picture in &got {
                assert!(puzzle.is_solved_by(picture), "seed {seed}");
            }
            assert_eq!(got, want, "seed {seed}");
            compared += 1;
            conflicts += learner.stats().backtracks;
            windows += learner.windows;
        }
        // The puzzles are hard enough to need conflicts, hence explanations, windows among them.
        assert!(
            compared >= 10 && conflicts >= 100 && windows >= 100,
            "{compared} puzzles, {conflicts} conflicts, {windows} windows"
        );
    }

    /// The guided order's first decision is a cell whose estimate is surest, taken the likely
    /// way (the estimate itself is tested in `marginals`).
    #[test]
    fn guide_decides_the_surest_cell_first() {
        const W: usize = 12;
        const H: usize = 10;
        let mut checked = 0;
        for seed in 0..40 {
            let puzzle = random_puzzle(&mut Rng::new(seed), W, H, 0.5);
            let mut learner = Learner::new(&puzzle, 2);
            if !learner.start_from(&Grid::new(W, H)) {
                continue;
            }
            learner.guide();
            let known = learner.known_cells();
            let chance = marginals::estimate(W, H, &learner.clues, &known, Rounds::default())
                .expect("level 0 is consistent");
            let unknown: Vec<usize> = (0..W * H).filter(|&v| known[v] == Cell::Unknown).collect();
            if unknown.is_empty() {
                continue;
            }
            let surest = unknown
                .iter()
                .map(|&v| (2.0 * chance[v] - 1.0).abs())
                .fold(0.0, f64::max);
            let v = learner.pick().expect("an unknown cell");
            let p = chance[v];
            assert!(
                (2.0 * p - 1.0).abs() >= surest - 1e-9,
                "seed {seed}: cell {v}"
            );
            if (p - 0.5).abs() > 1e-9 {
                assert_eq!(learner.phase[v], p > 0.5, "seed {seed}: cell {v}");
            }
            checked += 1;
        }
        assert!(checked >= 20, "{checked} puzzles left cells unknown");
    }

    /// Every solution (up to `max`) by the probing search, which the reference tests check
    /// against brute force; `None` if there are more.
    fn search_all(puzzle: &Puzzle, max: usize) -> Option<HashSet<Picture>> {
        let outcome = crate::Solver::new(Config {
            max_solutions: max + 1,
            engine: crate::Engine::Search,
            ..Config::default()
        })
        .solve(puzzle);
        let all: HashSet<Picture> = outcome.solutions.into_iter().collect();
        (all.len() <= max).then_some(all)
    }

    /// Whether each line's stretch of `line_trail` holds exactly its cells on the trail, in
    /// trail order, with their positions (what explanations rely on).
    fn line_trails_follow_the_trail(learner: &Learner<'_>) -> bool {
        (0..learner.clues.len()).all(|slot| {
            let base = learner.line_base[slot] as usize;
            let stretch = &learner.line_trail[base..base + learner.line_count[slot] as usize];
            let on_trail: Vec<(u32, u32)> = learner
                .trail
                .iter()
                .enumerate()
                .filter_map(|(position, &lit)| {
                    let [r, c] = learner.row_col[var(lit)].map(|x| x as usize);
                    match slot < learner.height {
                        true if r == slot => Some((position as u32, c as u32)),
                        false if c == slot - learner.height => Some((position as u32, r as u32)),
                        _ => None,
                    }
                })
                .collect();
            stretch == on_trail.as_slice()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Puzzles large enough for real conflicts, with restarts every few conflicts, the
        /// clause database pruned at a handful of clauses, and the run cut into one-conflict
        /// slices: the learner must enumerate exactly the search's solutions.
        #[test]
        fn agrees_with_search_under_stress(
            seed in any::<u64>(),
            width in 6usize..=14,
            height in 6usize..=14,
            density in 0.35f64..0.65,
            sliced in any::<bool>(),
            guided in any::<bool>(),
        ) {
            let puzzle = random_puzzle(&mut Rng::new(seed), width, height, density);
            let max = 12;
            let Some(want) = search_all(&puzzle, max) else { return Ok(()) };
            let mut learner = Learner::new(&puzzle, max + 1);
            if guided && learner.start_from(&Grid::new(width, height)) {
                learner.guide();
            }
            learner.restart_unit = 2;
            learner.max_learnts = 8;
            let state = loop {
                let limit = sliced.then_some(1);
                match learner.run(limit, &mut Termination::never()) {
                    LearnState::Paused => prop_assert!(line_trails_follow_the_trail(&learner)),
                    state => break state,
                }
            };
            prop_assert_eq!(state, LearnState::Finished { exhausted: true });
            let got: HashSet<Picture> = learner.take_solutions().into_iter().collect();
            for picture in &got {
                prop_assert!(puzzle.is_solved_by(picture));
            }
            prop_assert_eq!(got, want);
        }
    }
}
