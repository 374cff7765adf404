//! The assignment and the trail: each cell's value, and the order, level and reason of each
//! assignment, with the two operations that change them (assign, and backtrack to a level).
//!
//! Everything else the learner keeps per assigned cell is updated here too, in the same pass:
//! the lines' masks and trails ([`super::lines`]), the saved phase, the explanation built for
//! the cell, its place in the variable heap. One place that assigns and one that undoes is what
//! keeps those copies in step.

use nonogram_model::Cell;

use super::clauses::ClauseRef;
use super::lit::{Lit, Value, Var};
use super::Learner;

/// Why a cell has its value.
#[derive(Clone, Copy, Debug)]
pub(super) enum Reason {
    /// A decision, or a fact of level 0 (given, or learnt as a unit).
    None,
    /// Implied by a clause, whose first literal is the implied one.
    Clause(ClauseRef),
    /// Fixed by solving line `slot` (rows, then columns) when the trail was `stamp` long.
    Line { slot: u32, stamp: u32 },
}

/// The assignment: per cell its value, level, trail position and reason, and the trail itself.
#[derive(Debug)]
pub(super) struct Trail {
    /// Per cell: its value, [`Cell::Unknown`] when unassigned.
    pub values: Vec<Cell>,
    /// Per literal: its value (what clause propagation reads, without branching on the
    /// literal's sign).
    pub lit_values: Vec<Value>,
    /// Per cell: the decision level of its assignment.
    pub level: Vec<u32>,
    /// Per cell: its position on the trail.
    pub position: Vec<u32>,
    /// Per cell: why it has its value.
    pub reason: Vec<Reason>,
    /// The true literals, in the order assigned.
    pub lits: Vec<Lit>,
    /// Trail length at the start of each decision level.
    pub lim: Vec<usize>,
    /// Next trail entry whose clauses to visit.
    pub qhead: usize,
}

impl Trail {
    /// An empty assignment of `cells` cells.
    pub fn new(cells: usize) -> Trail {
        Trail {
            values: vec![Cell::Unknown; cells],
            lit_values: vec![Value::Unknown; 2 * cells],
            level: vec![0; cells],
            position: vec![0; cells],
            reason: vec![Reason::None; cells],
            lits: Vec::with_capacity(cells),
            lim: Vec::new(),
            qhead: 0,
        }
    }

    /// The number of decisions on the trail.
    #[inline]
    pub fn decision_level(&self) -> u32 {
        self.lim.len() as u32
    }

    /// The value of a literal.
    #[inline(always)]
    pub fn value(&self, lit: Lit) -> Value {
        self.lit_values[lit.index()]
    }

    /// The decision level of a cell's assignment.
    #[inline(always)]
    pub fn level(&self, v: Var) -> u32 {
        self.level[v.index()]
    }

    /// Whether the cell is unassigned.
    #[inline(always)]
    pub fn is_unknown(&self, v: Var) -> bool {
        self.values[v.index()] == Cell::Unknown
    }
}

impl Learner<'_> {
    /// Makes `lit` true for `reason`: on the trail, in the lines' masks and trails, and queues
    /// the lines of its cell for solving (see [`super::lines::Lines::assign`]).
    #[inline]
    pub(super) fn assign(&mut self, lit: Lit, reason: Reason) {
        let v = lit.var();
        let t = &mut self.trail;
        debug_assert_eq!(t.values[v.index()], Cell::Unknown);
        t.values[v.index()] = lit.cell();
        t.lit_values[lit.index()] = Value::True;
        t.lit_values[(!lit).index()] = Value::False;
        let position = t.lits.len() as u32;
        t.level[v.index()] = t.decision_level();
        t.position[v.index()] = position;
        t.reason[v.index()] = reason;
        t.lits.push(lit);
        self.lines.assign(v, lit.is_filled(), position);
    }

    /// Undoes every assignment above `level`.
    pub(super) fn backtrack(&mut self, level: u32) {
        if self.trail.decision_level() <= level {
            return;
        }
        let keep = self.trail.lim[level as usize];
        while self.trail.lits.len() > keep {
            let lit = self.trail.lits.pop().expect("trail longer than keep");
            let v = lit.var();
            let filled = lit.is_filled();
            self.trail.values[v.index()] = Cell::Unknown;
            self.trail.lit_values[lit.index()] = Value::Unknown;
            self.trail.lit_values[(!lit).index()] = Value::Unknown;
            self.phases.saved[v.index()] = filled;
            self.explanations.forget(v);
            self.lines.unassign(v, filled);
            self.heap.insert(v);
        }
        self.trail.lim.truncate(level as usize);
        self.trail.qhead = self.trail.lits.len();
        // Every line was at its fixpoint at this level before the undone decision.
        self.lines.clear_queue();
    }
}
