//! The colour learning engine: conflict-driven search whose literals say "cell `x` has entry
//! `e`", with the colour line solver as propagator and explaining its deductions on demand
//! (lazy clause generation: Ohrimenko, Stuckey and Codish, *Propagation via lazy clause
//! generation*, Constraints 2009).
//!
//! The black-and-white learner (`engine::learn`) has one variable per cell; here each cell has
//! one per palette entry, and three kinds of propagation keep them honest:
//!
//! - *the cell*: exactly one entry holds. An entry made true makes the others false; a cell
//!   whose entries are all false but one makes that one true (its reason is the cell's
//!   at-least-one clause); both are built in rather than written as clauses, since the pairwise
//!   at-most-one clauses grow with the square of the palette;
//! - *learnt clauses*, two watched literals each ([`clauses`]);
//! - *the lines*: each line keeps, per entry, the mask of cells where that entry is not yet
//!   false, which is exactly the colour line solver's input; a line whose masks changed is
//!   solved, and every entry it rules out becomes a false literal whose reason is recorded as
//!   "line `l`, when the trail was `t` long" and built only if conflict analysis asks
//!   ([`analyze`]): the line's facts of that moment, with the cell forced to the entry, admit
//!   no placement; facts are dropped latest first while that stays so.
//!
//! The rest is the textbook CDCL of the black-and-white learner: first-UIP analysis with
//! recursive minimization, backjumping, VSIDS with phase saving and target phases, Luby
//! restarts with rephasing (best and original phases in turn), a clause arena reduced by
//! literal block distance, and solutions blocked by the negation of the decisions that led to
//! them. Only true literals are decided: "this cell has this entry" (phase saving may later
//! decide one false).
//!
//! What could later be shared with the black-and-white learner once it is split into
//! `engine/learn/`: the heap ([`heap`]), the clause arena and its watched-literal propagation and
//! reduction ([`clauses`]), the first-UIP analysis and minimization, Luby restarts and target
//! phases; they differ only in the literal's meaning and in the reasons a variable can have.

mod analyze;
mod clauses;
mod heap;
mod propagate;

use std::collections::{HashSet, VecDeque};

use nonogram_model::{Axis, Clue, ColourId, Picture, Puzzle};

use super::grid::ColourGrid;
use super::line::{words_for, ColourLineSolver};
use crate::config::Stats;
use crate::termination::Termination;
use heap::VarHeap;

/// A literal: `2 · var` says the variable holds, `2 · var + 1` that it does not. Variable
/// `cell · entries + e` is "the cell (row by row) has entry `e`".
pub(super) type Lit = u32;

#[inline]
pub(super) fn var(lit: Lit) -> usize {
    (lit >> 1) as usize
}

#[inline]
pub(super) fn make_lit(var: usize, value: bool) -> Lit {
    (var as u32) << 1 | u32::from(!value)
}

/// Why a variable has its value.
#[derive(Clone, Copy, Debug)]
pub(super) enum Reason {
    /// A decision, or a fact of level 0.
    None,
    /// Implied by a clause, whose first literal is the implied one.
    Clause(u32),
    /// Ruled out by solving line `slot` (rows, then columns) when the trail was `stamp` long.
    Line { slot: u32, stamp: u32 },
    /// False because another entry of its cell (this variable) is true.
    Taken(u32),
    /// True because every other entry of its cell is false.
    Last,
}

/// Where a propagation failed.
pub(super) enum Conflict {
    Clause(u32),
    Line(usize),
    /// The false literals of a violated cell constraint.
    Cell(Vec<Lit>),
}

/// How a [`ColourLearner::run`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LearnState {
    /// A verdict: every solution enumerated (`exhausted`), or `max_solutions` found.
    Finished { exhausted: bool },
    /// The termination condition fired (or, in a turn, its deadline).
    Stopped,
}

/// The most variables (cells times entries) the learner takes: it keeps about 100 bytes per
/// variable; larger puzzles are left to the search.
const MAX_VARS: usize = 1 << 21;

/// Whether the learner takes `puzzle` (see [`MAX_VARS`]).
pub(crate) fn fits(puzzle: &Puzzle) -> bool {
    puzzle.width() * puzzle.height() * puzzle.palette().len() <= MAX_VARS
}

/// Conflicts per Luby unit between restarts.
const RESTART_UNIT: u64 = 512;
/// Conflicts from the start to the first rephase; the `k`-th comes `k + 1` times as many
/// conflicts after the one before (as in the black-and-white learner).
const REPHASE_UNIT: u64 = 1000;
/// Learnt clauses kept before the first reduction; each reduction raises it by the increment.
const FIRST_REDUCE: usize = 2000;
const REDUCE_INCREMENT: usize = 300;
/// VSIDS decay.
const VAR_DECAY: f64 = 0.95;

/// The colour learning engine for one puzzle.
#[derive(Debug)]
pub(crate) struct ColourLearner<'p> {
    width: usize,
    height: usize,
    entries: usize,
    /// Per line slot (rows, then columns): its clue.
    clues: Vec<&'p Clue>,
    row_words: usize,
    col_words: usize,
    /// Per line slot, per entry, `words` words: the cells where the entry is not false.
    masks: Vec<u64>,

    /// Per variable: 0 unknown, 1 true, 2 false.
    values: Vec<u8>,
    /// Per literal: 0 unknown, 1 true, 2 false.
    lit_values: Vec<u8>,
    level: Vec<u32>,
    position: Vec<u32>,
    reason: Vec<Reason>,
    /// Explanations built so far for variables still assigned.
    explained: Vec<Option<Box<[Lit]>>>,
    /// Per cell: how many of its entries are false.
    falses: Vec<u32>,
    trail: Vec<Lit>,
    trail_lim: Vec<usize>,
    /// Next trail entry whose cell constraint to apply.
    cell_head: usize,
    /// Next trail entry whose clauses to visit.
    qhead: usize,
    dirty: VecDeque<u32>,
    is_dirty: Vec<bool>,
    /// The line being solved: its own deductions do not queue it again.
    solving: usize,

    solver: ColourLineSolver,
    out: Vec<u64>,
    scratch: Vec<u64>,
    /// Per line slot, its false facts in trail order as (trail position, `i · entries + e`
    /// for entry `e` of its cell `i`): the stretch from `line_base`, `line_count` long.
    line_trail: Vec<(u32, u32)>,
    line_base: Vec<u32>,
    line_count: Vec<u32>,
    seen: Vec<bool>,
    marked: Vec<u32>,
    stack: Vec<u32>,

    arena: Vec<u32>,
    learnt: Vec<u32>,
    watches: Vec<Vec<clauses::Watch>>,
    max_learnts: usize,

    heap: VarHeap,
    var_inc: f64,
    phase: Vec<bool>,
    /// Target phases: 0 none, 1 true, 2 false (see the black-and-white learner).
    target: Vec<u8>,
    target_len: usize,
    /// Best phases: the values of the longest conflict-free trail since the last rephase (0
    /// none, 1 true, 2 false), and that trail's length.
    best: Vec<u8>,
    best_len: usize,
    /// The phases at the first conflict; empty before.
    original: Vec<bool>,
    /// Rephases so far, the conflict count at which the next is due, and the interval's unit
    /// (0: never; tests shrink it).
    rephases: u32,
    next_rephase: u64,
    rephase_unit: u64,

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
}

impl<'p> ColourLearner<'p> {
    /// A learner for `puzzle` that stops after `max_solutions` solutions.
    pub fn new(puzzle: &'p Puzzle, max_solutions: usize) -> ColourLearner<'p> {
        let (width, height) = (puzzle.width(), puzzle.height());
        let entries = puzzle.palette().len().max(1);
        let cells = width * height;
        let vars = cells * entries;
        let (row_words, col_words) = (words_for(width), words_for(height));
        let clues: Vec<&Clue> = [Axis::Row, Axis::Column]
            .into_iter()
            .flat_map(|axis| puzzle.clues(axis).iter())
            .collect();
        let blank = ColourGrid::new(width, height, entries);
        let masks: Vec<u64> = puzzle
            .lines()
            .flat_map(|line| blank.line(line).to_vec())
            .collect();
        let words = row_words.max(col_words);
        ColourLearner {
            width,
            height,
            entries,
            clues,
            row_words,
            col_words,
            masks,
            values: vec![0; vars],
            lit_values: vec![0; 2 * vars],
            level: vec![0; vars],
            position: vec![0; vars],
            reason: vec![Reason::None; vars],
            explained: vec![None; vars],
            falses: vec![0; cells],
            trail: Vec::with_capacity(vars),
            trail_lim: Vec::new(),
            cell_head: 0,
            qhead: 0,
            dirty: VecDeque::new(),
            is_dirty: vec![false; width + height],
            solving: usize::MAX,
            solver: ColourLineSolver::new(),
            out: vec![0; entries * words],
            scratch: vec![0; entries * words],
            line_trail: vec![(0, 0); 2 * vars],
            line_base: (0..height)
                .map(|r| r * width * entries)
                .chain((0..width).map(|c| vars + c * height * entries))
                .map(|b| b as u32)
                .collect(),
            line_count: vec![0; width + height],
            seen: vec![false; vars],
            marked: Vec::new(),
            stack: Vec::new(),
            arena: Vec::new(),
            learnt: Vec::new(),
            watches: vec![Vec::new(); 2 * vars],
            max_learnts: FIRST_REDUCE,
            heap: VarHeap::new(vars),
            var_inc: 1.0,
            phase: vec![true; vars],
            target: vec![0; vars],
            target_len: 0,
            best: vec![0; vars],
            best_len: 0,
            original: Vec::new(),
            rephases: 0,
            next_rephase: REPHASE_UNIT,
            rephase_unit: REPHASE_UNIT,
            conflicts_since_restart: 0,
            restarts: 0,
            restart_unit: RESTART_UNIT,
            started: false,
            state: None,
            max_solutions: max_solutions.max(1),
            solutions: Vec::new(),
            found: HashSet::new(),
            stats: Stats::default(),
        }
    }

    /// Perturbs the initial branching order with small pseudo-random activities drawn from
    /// `seed` (below the first conflict's bump, so conflicts take over the order at once): the
    /// early decisions, which shape the run, differ. For [`crate::Config::seed`] and for the
    /// second thread's learner.
    pub fn diversify(&mut self, seed: u64) {
        let mut rng = crate::generate::Rng::new(seed);
        for activity in &mut self.heap.activity {
            *activity = rng.next_f64() * 0.25;
        }
        self.heap.rebuild();
    }

    /// Counters so far (`backtracks` counts conflicts).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The solutions found so far, taken out.
    pub fn take_solutions(&mut self) -> Vec<Picture> {
        std::mem::take(&mut self.solutions)
    }

    /// Starts from a grid of entries already known to follow from the clues (a propagated or
    /// probed root): its ruled-out entries become facts. Call before the first run. Returns
    /// false if they contradict (the run then says so at once).
    pub fn start_from(&mut self, grid: &ColourGrid) -> bool {
        debug_assert!(!self.started);
        self.started = true;
        for r in 0..self.height {
            for c in 0..self.width {
                let options = grid.get(r, c);
                let cell = r * self.width + c;
                for e in 0..self.entries {
                    let id = ColourId::new(e).unwrap_or_default();
                    if !options.contains(id) && self.values[cell * self.entries + e] == 0 {
                        self.assign(make_lit(cell * self.entries + e, false), Reason::None);
                    }
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

    fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    /// Runs until a verdict or the termination condition.
    pub fn run(&mut self, termination: &mut Termination<'_>) -> LearnState {
        if !self.started
            && !self.start_from(&ColourGrid::new(self.width, self.height, self.entries))
        {
            return LearnState::Finished { exhausted: true };
        }
        if let Some(state) = self.state {
            return state;
        }
        let state = loop {
            if let Some(conflict) = self.propagate() {
                if !self.resolve_conflict(conflict) {
                    break LearnState::Finished { exhausted: true };
                }
                if termination.should_stop() {
                    return LearnState::Stopped;
                }
                continue;
            }
            if self.conflicts_since_restart >= self.restart_unit * luby(self.restarts) {
                self.conflicts_since_restart = 0;
                self.restarts += 1;
                self.backtrack(0);
                self.target_len = 0;
                if self.rephase_unit > 0 && self.stats.backtracks >= self.next_rephase {
                    self.rephase();
                }
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
            let value = match self.target[v] {
                1 => true,
                2 => false,
                _ => self.phase[v],
            };
            self.assign(make_lit(v, value), Reason::None);
        };
        self.state = Some(state);
        state
    }

    /// The unassigned variable of highest activity.
    fn pick(&mut self) -> Option<usize> {
        while let Some(v) = self.heap.pop() {
            if self.values[v] == 0 {
                return Some(v);
            }
        }
        None
    }

    /// Handles a conflict. Returns false when it proves that no (further) solution exists.
    fn resolve_conflict(&mut self, conflict: Conflict) -> bool {
        self.stats.backtracks += 1;
        self.remember_target();
        self.conflicts_since_restart += 1;
        let lits: Vec<Lit> = match conflict {
            Conflict::Clause(c) => self.clause(c).to_vec(),
            Conflict::Line(slot) => self.explain_line(slot, u32::MAX, None),
            Conflict::Cell(lits) => lits,
        };
        // A conflict may rest on earlier levels only: it held there already.
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

    /// At a conflict, keeps the values of the trail below the current decision level as the
    /// target phases if that trail is the longest since the last restart (Biere and Fleury's
    /// target phases, as the black-and-white learner uses them).
    ///
    /// The same trail becomes the best phases if it is the longest since the last rephase; at
    /// the first conflict the phases as they were are kept as the original ones.
    fn remember_target(&mut self) {
        let clean = &self.trail[..self.trail_lim.last().copied().unwrap_or(0)];
        keep_if_longer(clean, &mut self.target, &mut self.target_len);
        keep_if_longer(clean, &mut self.best, &mut self.best_len);
        if self.original.is_empty() {
            self.original = self.phase.clone();
        }
    }

    /// Rephases (at a restart), as the black-and-white learner does and for the same reason: on
    /// a puzzle whose solutions are rare the target phases can lead every descent back into
    /// the same trap. The saved phases become in turn the best trail's values (variables off it
    /// keep theirs) and the original phases, and the target is forgotten. The black-and-white
    /// cycle's random phases were left out: on random colour puzzles a random grid is far
    /// from any solution, and the cycle without them did best (BENCHMARKS.md, twelfth session).
    fn rephase(&mut self) {
        let best = self.rephases.is_multiple_of(2);
        self.rephases += 1;
        self.next_rephase =
            self.stats.backtracks + self.rephase_unit * u64::from(self.rephases + 1);
        if best {
            for (phase, &best) in self.phase.iter_mut().zip(&self.best) {
                if best != 0 {
                    *phase = best == 1;
                }
            }
        } else if !self.original.is_empty() {
            // (Empty: no conflict yet, so the saved phases are the original ones.)
            self.phase.copy_from_slice(&self.original);
        }
        self.best_len = 0;
        self.target_len = 0;
        self.target.fill(0);
    }

    /// Records the complete grid as a solution and blocks it. Returns the state when the
    /// enumeration is over.
    fn solution(&mut self) -> Option<LearnState> {
        let mut picture = Picture::new(self.width, self.height);
        for cell in 0..self.width * self.height {
            let e = (0..self.entries)
                .find(|&e| self.values[cell * self.entries + e] == 1)
                .unwrap_or(0);
            picture.set_colour(
                cell / self.width,
                cell % self.width,
                ColourId::new(e).unwrap_or_default(),
            );
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
}

/// Takes the values of `trail` into `phases` (1 true, 2 false) if it is longer than `*len`, the
/// length of the trail they hold now (variables off it keep what they had).
fn keep_if_longer(trail: &[Lit], phases: &mut [u8], len: &mut usize) {
    if trail.len() > *len {
        *len = trail.len();
        for &lit in trail {
            phases[var(lit)] = if lit & 1 == 0 { 1 } else { 2 };
        }
    }
}

/// The Luby sequence 1 1 2 1 1 2 4 1 1 2 ..., term `i` (from 0).
fn luby(i: u32) -> u64 {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_colour_puzzle, Rng};
    use crate::kind::Coloured;
    use crate::solve::{root, Root};
    use crate::solve::{Config, Engine, Solver};

    #[test]
    fn luby_sequence() {
        let got: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(got, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    /// Rephases alternate the best trail's values (the rest kept) and the original phases; each
    /// forgets the target and the best trail, and they come ever further apart.
    #[test]
    fn rephases_alternate_best_and_original() {
        let mut rng = Rng::new(3);
        let puzzle = random_colour_puzzle(&mut rng, 6, 6, 2, 0.4);
        let mut learner = ColourLearner::new(&puzzle, 1);
        let vars = learner.phase.len();
        learner.phase[0] = false;
        learner.original = learner.phase.clone();
        learner.phase[1] = false;
        learner.phase[2] = false;
        learner.best[0] = 1;
        learner.best[1] = 2;
        learner.best_len = 2;
        learner.target[3] = 1;
        learner.target_len = 5;
        let saved = learner.phase.clone();

        learner.rephase();
        let mut want = saved;
        want[0] = true;
        want[1] = false;
        assert_eq!(learner.phase, want, "best");
        assert!(learner.target.iter().all(|&t| t == 0));
        assert_eq!((learner.target_len, learner.best_len), (0, 0));
        let first = learner.next_rephase;
        learner.rephase();
        assert_eq!(learner.phase, learner.original, "original");
        assert!(!learner.phase[0] && learner.phase[2] && learner.phase[vars - 1]);
        assert!(learner.next_rephase - learner.stats.backtracks > first);
    }

    /// The learner under stress (a restart after every conflict or few, a rephase every few
    /// conflicts, the clause database reduced every few conflicts) finds exactly the search's
    /// solutions on puzzles hard enough to make it learn; every explanation it builds is
    /// checked (in debug builds) to leave its line without a placement.
    #[test]
    fn agrees_with_search_under_stress() {
        const LIMIT: usize = 40;
        let mut rng = Rng::new(11);
        let (mut conflicts, mut restarts, mut rephases, mut whole) = (0, 0, 0, 0);
        for i in 0..60 {
            let side = rng.range(12, 16);
            let colours = rng.range(2, 3);
            // Sparse puzzles make it learn; denser ones have few solutions to compare whole.
            let density = if i % 2 == 0 { 0.3 } else { 0.6 };
            let puzzle = random_colour_puzzle(&mut rng, side, side, colours, density);
            let want = Solver::new(Config {
                max_solutions: LIMIT,
                engine: Engine::Search,
                ..Config::default()
            })
            .solve(&puzzle);
            let Root::Grid(start) = root::<Coloured>(&puzzle, &[], None) else {
                assert!(want.solutions.is_empty());
                continue;
            };
            let mut learner = ColourLearner::new(&puzzle, LIMIT);
            learner.restart_unit = 1 + i % 3;
            learner.rephase_unit = 1 + i % 4;
            learner.next_rephase = learner.rephase_unit;
            learner.max_learnts = 4;
            learner.start_from(&start);
            let state = learner.run(&mut Termination::never());
            let mut got = learner.take_solutions();
            got.sort();
            if want.solutions.len() < LIMIT {
                assert_eq!(got, want.solutions, "puzzle {i}");
            } else {
                assert_eq!(got.len(), LIMIT, "puzzle {i}");
            }
            let exhausted = state == LearnState::Finished { exhausted: true };
            assert_eq!(exhausted, want.solutions.len() < LIMIT, "puzzle {i}");
            for s in &got {
                assert!(puzzle.is_solved_by(s));
            }
            conflicts += learner.stats().backtracks;
            restarts += learner.restarts;
            rephases += learner.rephases;
            whole += usize::from(got.len() < LIMIT);
        }
        assert!(conflicts > 200, "only {conflicts} conflicts");
        assert!(restarts > 20, "only {restarts} restarts");
        assert!(rephases > 10, "only {rephases} rephases");
        assert!(whole >= 15, "only {whole} puzzles enumerated whole");
    }
}
