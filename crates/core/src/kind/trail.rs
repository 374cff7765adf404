//! The assignment and the trail: each variable's value, and the order, level and reason of each
//! assignment. What the learner and a kind's lines ([`LearnLines`](super::LearnLines)) share: the lines put their
//! deductions here, with their reasons, and read the values of the literals they explain.
//!
//! The learner's two operations that change the trail (assign, and backtrack to a level) are
//! the learner's (`crate::engine::learn`): they update, in the same pass, everything else it
//! keeps per assigned variable (the lines' masks and trails, the saved phase, the explanation,
//! the variable heap).

use super::lit::{Lit, Value, Var};

/// A clause: its offset in the learner's clause arena (`crate::engine::learn`'s `clauses`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(transparent)]
pub(crate) struct ClauseRef(pub(crate) u32);

/// Why a variable has its value.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Reason {
    /// A decision, or a fact of level 0 (given, or learnt as a unit).
    None,
    /// Implied by a clause, whose first literal is the implied one.
    Clause(ClauseRef),
    /// Ruled by solving line `slot` (rows, then columns) when the trail was `stamp` long.
    Line { slot: u32, stamp: u32 },
    /// Implied by the rule of its cell that the kind keeps beside the lines (colour: a cell has
    /// exactly one entry); the kind explains it ([`LearnLines::explain_cell`](super::LearnLines::explain_cell)).
    Cell,
}

/// The assignment: per variable its value, level, trail position and reason, and the trail.
#[derive(Debug)]
pub(crate) struct Trail {
    /// Per literal: its value (what clause propagation reads, without branching on the
    /// literal's sign).
    pub(crate) lit_values: Vec<Value>,
    /// Per variable: the decision level of its assignment.
    level: Vec<u32>,
    /// Per variable: its position on the trail.
    pub position: Vec<u32>,
    /// Per variable: why it has its value.
    pub reason: Vec<Reason>,
    /// The true literals, in the order assigned.
    pub lits: Vec<Lit>,
    /// Trail length at the start of each decision level.
    pub lim: Vec<usize>,
    /// Next trail entry whose clauses to visit.
    pub qhead: usize,
}

impl Trail {
    /// An empty assignment of `vars` variables.
    pub fn new(vars: usize) -> Trail {
        Trail {
            lit_values: vec![Value::Unknown; 2 * vars],
            level: vec![0; vars],
            position: vec![0; vars],
            reason: vec![Reason::None; vars],
            lits: Vec::with_capacity(vars),
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

    /// Whether the literal is true.
    #[inline(always)]
    pub fn is_true(&self, lit: Lit) -> bool {
        self.value(lit) == Value::True
    }

    /// The decision level of a variable's assignment.
    #[inline(always)]
    pub fn level(&self, v: Var) -> u32 {
        self.level[v.index()]
    }

    /// Whether the variable is unassigned.
    #[inline(always)]
    pub fn is_unknown(&self, v: Var) -> bool {
        self.value(Lit::new(v, true)) == Value::Unknown
    }

    /// The trail's length at the end of level 0: the facts come before it.
    #[inline]
    pub fn facts(&self) -> u32 {
        self.lim.first().map_or(self.lits.len(), |&start| start) as u32
    }

    /// Makes `lit` true for `reason`, at the end of the trail; returns its position. The
    /// caller records it in the lines ([`LearnLines::assign`](super::LearnLines::assign)).
    #[inline]
    pub fn push(&mut self, lit: Lit, reason: Reason) -> u32 {
        let v = lit.var();
        debug_assert!(self.is_unknown(v));
        self.lit_values[lit.index()] = Value::True;
        self.lit_values[(!lit).index()] = Value::False;
        let position = self.lits.len() as u32;
        self.level[v.index()] = self.decision_level();
        self.position[v.index()] = position;
        self.reason[v.index()] = reason;
        self.lits.push(lit);
        position
    }
}
