//! The colour SAT engine: a colour puzzle as CNF, solved by CaDiCaL, solutions enumerated with
//! blocking clauses.
//!
//! The black-and-white encoding (`engine::sat`) with colours. Each cell has one variable per
//! palette entry, "the cell has this entry", and exactly one of them holds (one at-least-one
//! clause and the pairwise at-most-one clauses). Each line is the regular expression of its
//! clue over the palette: background cells before, between and after the runs, a background
//! cell *required* between two neighbouring runs of the same colour and optional between runs of
//! different colours:
//!
//! ```text
//! .* a^2 .* b^1 .+ b^3 .*      (the clue 2a 1b 3b)
//! ```
//!
//! Its automaton is deterministic (from any state, each entry leads to at most one state), and
//! is decomposed as Bacchus does the `regular` constraint (*GAC via unit propagation*, CP
//! 2007): a variable per (position, state) inside the state's window, forward clauses (a state
//! and a cell's entry imply the next state, or are forbidden), backward support clauses and an
//! at-least-one clause per position. Unit propagation on it is as strong as the colour line
//! solver. A line of slack `s` and a pattern of `L` symbols takes `(L + 1)(s + 1)` state
//! variables and about `entries` clauses for each.

use nonogram_model::{Clue, ColourId, Picture, Puzzle};

use super::grid::ColourGrid;
use crate::engine::sat::MAX_STATE_VARIABLES;
use crate::termination::StopFlags;

/// The weight of a puzzle's CNF: its state variables times half the palette's entries (so a
/// black-and-white puzzle weighs its state variables, as the black-and-white engine counts).
pub(crate) fn weight(puzzle: &Puzzle) -> u64 {
    let entries = puzzle.palette().len().max(1) as u64;
    let states: u64 = puzzle
        .lines()
        .map(|line| {
            let clue = puzzle.clue(line);
            let len = puzzle.line_len(line.axis) as u64;
            let pattern = clue.min_len();
            if clue.is_empty() || pattern > len {
                0
            } else {
                (pattern + 1) * (len - pattern + 1)
            }
        })
        .sum();
    states.saturating_mul(entries).div_ceil(2)
}

/// Whether the colour SAT engine takes `puzzle`: its [`weight`] is at most
/// [`MAX_STATE_VARIABLES`].
pub(crate) fn fits(puzzle: &Puzzle) -> bool {
    weight(puzzle) <= MAX_STATE_VARIABLES
}

/// Answers CaDiCaL's periodic "should I stop?".
struct Stop<'a>(StopFlags<'a>);

impl cadical::Callbacks for Stop<'_> {
    fn terminate(&mut self) -> bool {
        self.0.should_stop()
    }
}

/// Where a [`ColourSat`] run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SatState {
    /// A verdict: every solution enumerated (`exhausted`), or `max_solutions` found.
    Finished { exhausted: bool },
    /// The stop flags fired (while encoding or solving).
    Stopped,
}

/// The colour SAT engine for one puzzle: the CNF, the solver, the solutions found.
pub(crate) struct ColourSat<'a> {
    solver: cadical::Solver<Stop<'a>>,
    flags: StopFlags<'a>,
    width: usize,
    height: usize,
    entries: usize,
    /// The cells the starting grid left undecided: blocking clauses only need these.
    free: Vec<(usize, usize)>,
    max_solutions: usize,
    /// Whether the encoding ran to its end (it stops early when the flags fire).
    complete: bool,
    pub solutions: Vec<Picture>,
    state: Option<SatState>,
}

impl std::fmt::Debug for ColourSat<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ColourSat")
            .field("solutions", &self.solutions.len())
            .finish_non_exhaustive()
    }
}

impl<'a> ColourSat<'a> {
    /// Encodes `puzzle`, with the entries the (propagated) `grid` has ruled out as unit clauses.
    pub fn new(
        puzzle: &Puzzle,
        grid: &ColourGrid,
        max_solutions: usize,
        flags: StopFlags<'a>,
    ) -> ColourSat<'a> {
        let (width, height) = (puzzle.width(), puzzle.height());
        let entries = grid.entries();
        let mut solver: cadical::Solver<Stop<'a>> = cadical::Solver::new();
        solver.set_callbacks(Some(Stop(flags)));
        let mut encoder = Encoder {
            solver: &mut solver,
            next_var: (width * height * entries) as i32,
            entries,
        };
        let lit = |r: usize, c: usize, e: usize| ((r * width + c) * entries + e + 1) as i32;
        let mut free = Vec::new();
        for r in 0..height {
            for c in 0..width {
                encoder.add((0..entries).map(|e| lit(r, c, e)));
                for a in 0..entries {
                    for b in a + 1..entries {
                        encoder.add([-lit(r, c, a), -lit(r, c, b)]);
                    }
                }
                let options = grid.get(r, c);
                for e in 0..entries {
                    if !options.contains(ColourId::new(e).unwrap_or_default()) {
                        encoder.add([-lit(r, c, e)]);
                    }
                }
                if options.len() > 1 {
                    free.push((r, c));
                }
            }
        }
        let mut complete = true;
        let mut cells = Vec::new();
        for line in puzzle.lines() {
            // Encoding a large puzzle takes a while: it listens to the flags (a half-built CNF
            // is never solved).
            if flags.should_stop() {
                complete = false;
                break;
            }
            cells.clear();
            cells.extend((0..puzzle.line_len(line.axis)).map(|i| {
                let (r, c) = line.cell(i);
                lit(r, c, 0)
            }));
            encoder.line(puzzle.clue(line), &cells);
        }
        ColourSat {
            solver,
            flags,
            width,
            height,
            entries,
            free,
            max_solutions,
            complete,
            solutions: Vec::new(),
            state: None,
        }
    }

    /// Enumerates solutions until a verdict or the stop flags. Once finished, further calls
    /// return the same state.
    pub fn run(&mut self) -> SatState {
        if let Some(state @ SatState::Finished { .. }) = self.state {
            return state;
        }
        if !self.complete || self.flags.should_stop() {
            return SatState::Stopped;
        }
        let (width, entries) = (self.width, self.entries);
        let lit = |r: usize, c: usize, e: usize| ((r * width + c) * entries + e + 1) as i32;
        let state = loop {
            match self.solver.solve() {
                Some(true) => {
                    let mut picture = Picture::new(self.width, self.height);
                    for r in 0..self.height {
                        for c in 0..self.width {
                            let e = (0..entries)
                                .find(|&e| self.solver.value(lit(r, c, e)) == Some(true))
                                .unwrap_or(0);
                            picture.set_colour(r, c, ColourId::new(e).unwrap_or_default());
                        }
                    }
                    // Block this picture: some free cell must take another entry.
                    let blocking: Vec<i32> = self
                        .free
                        .iter()
                        .map(|&(r, c)| -lit(r, c, picture.colour(r, c).index()))
                        .collect();
                    self.solutions.push(picture);
                    if self.solutions.len() >= self.max_solutions {
                        break SatState::Finished { exhausted: false };
                    }
                    if blocking.is_empty() {
                        break SatState::Finished { exhausted: true };
                    }
                    self.solver.add_clause(blocking);
                }
                Some(false) => break SatState::Finished { exhausted: true },
                None => break SatState::Stopped,
            }
        };
        self.state = Some(state);
        state
    }
}

/// Builds the clauses of a puzzle.
struct Encoder<'s, 'a> {
    solver: &'s mut cadical::Solver<Stop<'a>>,
    next_var: i32,
    entries: usize,
}

impl Encoder<'_, '_> {
    fn fresh(&mut self) -> i32 {
        self.next_var += 1;
        self.next_var
    }

    fn add(&mut self, lits: impl IntoIterator<Item = i32>) {
        self.solver.add_clause(lits);
    }

    /// Encodes one line whose cells' background variables are `cells` (entry `e` of a cell is
    /// its background variable plus `e`).
    // States and positions index several tables at once; ranges say that more plainly.
    #[allow(clippy::needless_range_loop)]
    fn line(&mut self, clue: &Clue, cells: &[i32]) {
        let n = cells.len();
        let x = |i: usize, e: usize| cells[i] + e as i32;
        if clue.is_empty() {
            for i in 0..n {
                self.add([x(i, 0)]);
            }
            return;
        }
        // The pattern: symbol[t] (an entry) moves state t to t + 1; `looping[t]`: state t may
        // also stay on a background cell.
        let mut symbol = Vec::new();
        let mut looping = vec![true];
        for (j, run) in clue.iter().enumerate() {
            for _ in 0..run.len {
                symbol.push(run.colour.index());
                looping.push(false);
            }
            if clue.needs_gap_after(j) {
                symbol.push(0);
                looping.push(true);
            } else {
                // Between runs of different colours (and after the last run) background is
                // optional.
                *looping.last_mut().expect("pushed") = true;
            }
        }
        let last = symbol.len();
        if last > n {
            // The clue does not fit: no assignment of the line satisfies it.
            self.add([]);
            return;
        }
        let slack = n - last;
        let var = |q: &[i32], i: usize, t: usize| -> Option<i32> {
            (t <= i && i <= t + slack).then(|| q[t * (slack + 1) + (i - t)])
        };
        let mut q = Vec::with_capacity((last + 1) * (slack + 1));
        for _ in 0..(last + 1) * (slack + 1) {
            q.push(self.fresh());
        }
        self.add([var(&q, 0, 0).expect("start state")]);
        self.add([var(&q, n, last).expect("accepting state")]);
        let entries = self.entries;
        for i in 0..n {
            let states: Vec<i32> = (0..=last).filter_map(|t| var(&q, i + 1, t)).collect();
            self.add(states);
            for t in 0..=last {
                let Some(here) = var(&q, i, t) else { continue };
                for e in 0..entries {
                    let target = if t < last && symbol[t] == e {
                        Some(t + 1)
                    } else if e == 0 && looping[t] {
                        Some(t)
                    } else {
                        None
                    };
                    match target.and_then(|t2| var(&q, i + 1, t2)) {
                        Some(next) => self.add([-here, -x(i, e), next]),
                        None => self.add([-here, -x(i, e)]),
                    }
                }
            }
            // Backward support: a state after i + 1 cells needs a predecessor and its entry.
            for t in 0..=last {
                let Some(next) = var(&q, i + 1, t) else {
                    continue;
                };
                let mut support = vec![-next];
                if t > 0 {
                    if let Some(prev) = var(&q, i, t - 1) {
                        support.push(prev);
                        self.add([-next, -prev, x(i, symbol[t - 1])]);
                    }
                }
                if looping[t] {
                    if let Some(same) = var(&q, i, t) {
                        support.push(same);
                        self.add([-next, -same, x(i, 0)]);
                    }
                }
                self.add(support);
            }
        }
    }
}
