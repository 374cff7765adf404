//! The lines as the learner sees them, which is where the kinds of puzzle differ: the
//! [`LearnLines`] trait, implemented for black and white ([`super::black_white`]) and for
//! the kinds whose cells take one palette entry, colour and triangles
//! (`crate::kind::entries::learn`).
//!
//! A line is named by its *slot*: rows first (slot `r`), then columns (slot `height + c`).
//! The kind keeps each line's facts in the form its line solver reads (bit masks, in both
//! orientations, updated on every assignment), each line's facts in trail order (what
//! explanations read: the facts of a line at an earlier moment, latest first, without a scan
//! of the trail or a sort), and the queue of lines whose facts changed since they were solved.
//! The learner's loop, its clauses, analysis, decisions and restarts are the same for every
//! kind, and talk to the lines only through this trait.

use std::fmt::Debug;

use std::collections::VecDeque;

use nonogram_model::{ColourSet, Picture, Puzzle};

use super::lit::{Lit, Var};
use super::trail::{Reason, Trail};

/// The learner's lines for one kind of puzzle. The methods on the hot paths (`assign`,
/// `unassign`, `solve`, the queue) are inlined into the learner, monomorphised per kind.
pub(crate) trait LearnLines<'p>: Debug + Send + Sized {
    /// Conflicts per Luby unit between restarts (see `restart`).
    const RESTART_UNIT: u64;

    /// The value a variable is decided with before anything has been learnt about it: black
    /// and white tries a cell empty, colour tries a cell's entry (the decision that tells the
    /// line solver most).
    const FIRST_PHASE: bool;

    /// Whether a rephase may set random phases (see `restart`).
    const RANDOM_PHASES: bool;

    /// Whether [`LearnLines::chances`] estimates anything: only then does a guided order differ
    /// from the plain one, and the portfolio's plain learner (`engine::portfolio`,
    /// `PLAIN_JOINS`) is insurance rather than a second copy of the guided one.
    const GUIDED: bool;

    /// The lines of `puzzle` (which the learner takes: see [`LearnLines::fits`]), every cell
    /// unknown.
    fn new(puzzle: &'p Puzzle) -> Self;

    /// Whether the learner takes `puzzle`: its memory bound.
    fn fits(puzzle: &Puzzle) -> bool;

    /// Variables per cell: 1 for black and white, the palette's entries for colour. Variable
    /// `cell · per_cell + k` is the `k`-th of cell `cell` (row by row).
    fn per_cell(&self) -> usize;

    /// The grid's width and height.
    fn size(&self) -> (usize, usize);

    /// Records `lit`, just put on the trail at `position`, in its lines, and queues them.
    fn assign(&mut self, lit: Lit, position: u32);

    /// Undoes the latest assignment of its lines, `lit`'s.
    fn unassign(&mut self, lit: Lit);

    /// The queue of lines to solve.
    fn queue(&mut self) -> &mut LineQueue;

    /// Queues every line for solving.
    fn queue_all(&mut self) {
        let (width, height) = self.size();
        for slot in 0..width + height {
            self.queue().mark(slot);
        }
    }

    /// The next line to solve, taken off the queue.
    #[inline]
    fn next_dirty(&mut self) -> Option<usize> {
        self.queue().next()
    }

    /// Empties the queue (after a conflict).
    fn clear_queue(&mut self) {
        self.queue().clear();
    }

    /// The trail was cut back to `len` entries, at a level where every line was at its
    /// fixpoint: nothing is queued any more.
    fn backtracked(&mut self, len: usize) {
        let _ = len;
        self.queue().clear();
    }

    /// Applies the rules of a cell that the kind keeps beside its lines to the trail entries
    /// not yet seen (colour: a cell has exactly one entry); a conflict names the cell. Black and
    /// white has no such rule.
    #[inline(always)]
    fn propagate_cells(&mut self, trail: &mut Trail) -> Option<u32> {
        let _ = trail;
        None
    }

    /// Whether [`LearnLines::propagate_cells`] has seen every trail entry.
    #[inline(always)]
    fn cells_done(&self, trail: &Trail) -> bool {
        let _ = trail;
        true
    }

    /// Solves line `slot` and assigns what it proves, each with the reason "line `slot`, when
    /// the trail was this long" (`Reason::Line`). Returns false if its facts admit no
    /// placement.
    fn solve(&mut self, slot: usize, trail: &mut Trail) -> bool;

    /// Starts putting line `slot`'s deductions on the trail: returns their reason, "line
    /// `slot`, when the trail was this long". Until [`LineQueue::solving`] ends it, the line
    /// counts as queued, so its own deductions do not queue it again.
    #[inline(always)]
    fn deductions_of(&mut self, slot: usize, trail: &Trail) -> Reason {
        self.queue().solving(slot, true);
        let (slot, stamp) = (slot as u32, trail.lits.len() as u32);
        Reason::Line { slot, stamp }
    }

    /// Puts a deduction on the trail and records it in its lines.
    #[inline(always)]
    fn deduce(&mut self, lit: Lit, reason: Reason, trail: &mut Trail) {
        let position = trail.push(lit, reason);
        self.assign(lit, position);
    }

    /// Into `reason`, a small set of facts of the line, as they were when the trail was as
    /// long as the deduction's stamp, that force its target (or, without a target, admit no
    /// placement at all), as the literals that are false now: the clause "one of these facts
    /// is undone, or the target holds". The facts of level 0 hold everywhere and are never
    /// needed.
    fn explain(&mut self, deduction: Deduction, trail: &Trail, reason: &mut Vec<Lit>);

    /// Into `reason`, the false literals that forced `v` by its cell's rule (`Reason::Cell`),
    /// or, for a conflict of cell `cell` (`v` is `None`), that break the rule.
    fn explain_cell(&self, cell: usize, v: Option<Var>, trail: &Trail, reason: &mut Vec<Lit>) {
        let _ = (cell, v, trail, reason);
        unreachable!("this kind has no rule of a cell beside its lines")
    }

    /// The picture of a complete assignment.
    fn picture(&self, trail: &Trail) -> Picture;

    /// Into `out`, the literals that hold when cell `cell` may take only the entries of
    /// `options` (the facts of a root grid).
    fn facts(&self, cell: usize, options: ColourSet, out: &mut Vec<Lit>);

    /// The value variable `v` has in `picture`.
    fn value_in(&self, picture: &Picture, v: Var) -> bool;

    /// Each variable's estimated chance of being true, given the facts on the trail (which
    /// must be at level 0), from the clues, by at most `rounds` rounds of belief propagation
    /// over the lines (`crate::marginals`); `stop` is asked before each line. `None` when the
    /// facts contradict, or when the kind has no estimate.
    fn chances(
        &self,
        trail: &Trail,
        rounds: crate::marginals::Rounds,
        stop: impl FnMut() -> bool,
    ) -> Option<Vec<f64>>;

    /// How a variable's chance `p` of being true ([`LearnLines::chances`]) guides the first
    /// decisions: the value it is decided with, and its initial activity (the surest first),
    /// at most 1. The default, which both kinds use: the likelier value, by the estimate's
    /// certainty `|2p − 1|`. (For colour, where a variable is one entry of a cell, deciding
    /// the likeliest entries first, each made true, by `p` alone, took 20 random 30×30
    /// 3-colour puzzles from 12.5 to 17.7 s and 12 random 40×40 2-colour ones from 10.4 to
    /// 47.1 s; the likelier value by `max(p, 1 − p)` timed out on one 30×30 puzzle.
    /// BENCHMARKS.md, issue 43.)
    fn guidance(p: f64) -> (bool, f64) {
        (p > 0.5, (2.0 * p - 1.0).abs())
    }

    /// The work of one round of [`LearnLines::chances`], in steps of the lines' programmes:
    /// what bounds the rounds a large puzzle gets.
    fn round_work(&self) -> usize;
}

/// What a line deduced (or, without a target, that it has no placement), to explain.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Deduction {
    /// The line slot.
    pub slot: usize,
    /// The trail's length when the line was solved: the facts before it are those it read.
    pub stamp: u32,
    /// The deduced variable, if any.
    pub target: Option<Var>,
}

/// Where the cells are: each cell's row and column (no division on the hot paths), and the
/// cell at each position of each line slot.
#[derive(Debug)]
pub(crate) struct Layout {
    pub width: usize,
    pub height: usize,
    /// Per cell: its row and column.
    row_col: Vec<[u32; 2]>,
}

impl Layout {
    /// The layout of a `width` × `height` grid.
    pub fn new(width: usize, height: usize) -> Layout {
        Layout {
            width,
            height,
            row_col: (0..width * height)
                .map(|v| [(v / width) as u32, (v % width) as u32])
                .collect(),
        }
    }

    /// The number of line slots: rows and columns.
    pub fn slots(&self) -> usize {
        self.width + self.height
    }

    /// The length of line slot `slot`.
    #[inline]
    pub fn len(&self, slot: usize) -> usize {
        if slot < self.height {
            self.width
        } else {
            self.height
        }
    }

    /// The cell (row by row) at position `i` of line slot `slot`.
    #[inline]
    pub fn cell(&self, slot: usize, i: usize) -> usize {
        if slot < self.height {
            slot * self.width + i
        } else {
            i * self.width + (slot - self.height)
        }
    }

    /// The two lines of a cell, each as (slot, position of the cell in it): its row, then its
    /// column.
    #[inline]
    pub fn lines_of(&self, cell: usize) -> [(usize, usize); 2] {
        let [r, c] = self.row_col[cell].map(|x| x as usize);
        [(r, c), (self.height + c, r)]
    }

    /// The position of cell `cell` in line slot `slot` (which holds it).
    #[inline]
    pub fn position_in(&self, slot: usize, cell: usize) -> usize {
        let [r, c] = self.row_col[cell];
        let i = if slot < self.height { c } else { r } as usize;
        debug_assert_eq!(self.cell(slot, i), cell);
        i
    }
}

/// The queue of line slots whose facts changed since they were last solved.
#[derive(Debug)]
pub(crate) struct LineQueue {
    /// In the order they changed.
    queue: VecDeque<u32>,
    /// Per line slot: whether it is in `queue`, or is being solved (its own deductions need not
    /// queue it again: see [`LineQueue::solving`]).
    queued: Vec<bool>,
}

impl LineQueue {
    /// An empty queue of `slots` lines.
    pub fn new(slots: usize) -> LineQueue {
        LineQueue {
            queue: VecDeque::new(),
            queued: vec![false; slots],
        }
    }

    /// Queues a line slot for solving (once).
    #[inline]
    pub fn mark(&mut self, slot: usize) {
        if !self.queued[slot] {
            self.queued[slot] = true;
            self.queue.push_back(slot as u32);
        }
    }

    /// The next line slot to solve, taken off the queue.
    #[inline]
    pub fn next(&mut self) -> Option<usize> {
        let slot = self.queue.pop_front()? as usize;
        self.queued[slot] = false;
        Some(slot)
    }

    /// Empties the queue.
    pub fn clear(&mut self) {
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
}

/// Per line slot, its facts in trail order, each as (trail position, what the fact is in the
/// line: the kind's code for a cell, or a cell's entry): the stretch of one array from the
/// slot's base, as long as its count. The trail is undone last in, first out, so each stretch
/// is too; an explanation reads a line's facts at any earlier moment from it, latest first,
/// without a scan or a sort.
#[derive(Debug)]
pub(crate) struct LineTrails {
    facts: Vec<(u32, u32)>,
    base: Vec<u32>,
    count: Vec<u32>,
}

impl LineTrails {
    /// Room for `per_cell` facts per cell of each line of `layout`.
    pub fn new(layout: &Layout, per_cell: usize) -> LineTrails {
        let cells = layout.width * layout.height;
        LineTrails {
            facts: vec![(0, 0); 2 * cells * per_cell],
            base: (0..layout.slots())
                .scan(0, |next, slot| {
                    let base = *next;
                    *next += layout.len(slot) * per_cell;
                    Some(base as u32)
                })
                .collect(),
            count: vec![0; layout.slots()],
        }
    }

    /// Records fact `code` of line slot `slot`, at trail position `position`.
    #[inline]
    pub fn push(&mut self, slot: usize, position: u32, code: u32) {
        let at = (self.base[slot] + self.count[slot]) as usize;
        self.facts[at] = (position, code);
        self.count[slot] += 1;
    }

    /// Forgets the latest fact of line slot `slot`.
    #[inline]
    pub fn pop(&mut self, slot: usize) {
        self.count[slot] -= 1;
    }

    /// The facts of a line slot in trail order.
    #[inline]
    pub fn of(&self, slot: usize) -> &[(u32, u32)] {
        let base = self.base[slot] as usize;
        &self.facts[base..base + self.count[slot] as usize]
    }
}
