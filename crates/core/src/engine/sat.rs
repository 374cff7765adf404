//! The SAT engine: the puzzle as CNF, solved by CaDiCaL, solutions enumerated with blocking
//! clauses.
//!
//! Each line is a regular expression over the palette (the Gecode seed's model, with colours):
//! background cells before, between and after the runs, a background cell *required* between
//! two neighbouring runs of the same colour and optional between runs of different colours.
//! For black and white, `0* 1^a 0+ 1^b ... 0*`; for the colour clue `2a 1b 3b`,
//!
//! ```text
//! .* a^2 .* b^1 .+ b^3 .*
//! ```
//!
//! A triangle puzzle's run is its exact cells, caps included (`◢ 1 1 ◣` for `/4\` in a row),
//! and [`Clue::needs_gap_after`] says where two runs may touch, so its lines are the same
//! kind of expression over the triangle palette.
//!
//! Its automaton is deterministic, and we encode it the way Bacchus (*GAC via unit
//! propagation*, CP 2007) decomposes a `regular` constraint: a variable `q(i, t)` for "after `i`
//! cells the automaton is in state `t`", forward clauses (a state and a cell's entry imply the
//! next state, or are forbidden when the automaton has no such move), backward support clauses
//! (a state needs a predecessor) and one at-least-one clause per position. Unit propagation on
//! this is as strong as our exact line solvers, and on top of it the SAT solver learns clauses
//! from its conflicts, which is what tames the heavy tail of depth-first search on hard and
//! random puzzles.
//!
//! A black-and-white cell is one variable, true when filled; a colour cell has one variable per
//! palette entry, "the cell has this entry", exactly one of them true (an at-least-one clause
//! and the pairwise at-most-one clauses). Either way [`Cnf::lit`] names the literal "cell `c`
//! has entry `e`", and the rest of the encoding is the same.
//!
//! State `t` can only be reached after at least `t` cells and must leave room for the `L - t`
//! symbols still to come, so `q(i, t)` exists only for `t <= i <= n - L + t`: a line of slack
//! `s` needs `(L + 1)(s + 1)` state variables, not `(L + 1)(n + 1)`.

use crate::termination::StopFlags;
use nonogram_model::{Cells, Clue, ColourId, Picture, Puzzle};

/// The most automaton-state variables we hand to the SAT solver (each brings about five
/// clauses for black and white, about `entries` for colour, which [`weight`] counts): past
/// this the CNF would take gigabytes, and the search engine works alone. CaDiCaL holds about
/// 1 KB per state variable once it is solving (a random 200×200 puzzle, 3 million of them,
/// took 2.8 GB, and a 90×90 one 340 MB and 0.4 s past its time limit to free them), so 200,000
/// keeps the engine within about 200 MB and a timely stop; the puzzles where the SAT engine
/// pays (tournament sizes, up to about 70×70) need fewer.
pub const MAX_STATE_VARIABLES: u64 = 200_000;

/// The weight of a puzzle's CNF: its state variables, `(L + 1)(slack + 1)` per line, times half
/// the palette's entries (so a black-and-white puzzle weighs its state variables).
pub fn weight(puzzle: &Puzzle) -> u64 {
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

/// Whether the SAT engine takes `puzzle`: its [`weight`] is at most [`MAX_STATE_VARIABLES`].
pub fn fits(puzzle: &Puzzle) -> bool {
    weight(puzzle) <= MAX_STATE_VARIABLES
}

/// Answers CaDiCaL's periodic "should I stop?".
struct Stop<'a>(StopFlags<'a>);

impl cadical::Callbacks for Stop<'_> {
    fn terminate(&mut self) -> bool {
        self.0.should_stop()
    }
}

/// Where a [`SatEngine`] run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SatState {
    /// A verdict: every solution enumerated (`exhausted`), or `max_solutions` found.
    Finished { exhausted: bool },
    /// The stop flags fired (while encoding or solving).
    Stopped,
}

/// How cells and their entries are variables.
#[derive(Clone, Copy, Debug)]
struct Cnf {
    /// Palette entries.
    entries: usize,
    /// Whether a cell is one variable (black and white: true when filled) rather than one per
    /// entry.
    binary: bool,
}

impl Cnf {
    /// The variables of the cells, numbered from 1: the state variables come after them.
    fn cell_vars(self, cells: usize) -> i32 {
        (if self.binary {
            cells
        } else {
            cells * self.entries
        }) as i32
    }

    /// The literal "cell `c` (row by row) has entry `e`".
    fn lit(self, c: usize, e: usize) -> i32 {
        if self.binary {
            let x = (c + 1) as i32;
            if e == 0 {
                -x
            } else {
                x
            }
        } else {
            (c * self.entries + e + 1) as i32
        }
    }
}

/// The SAT engine for one puzzle: the CNF, the solver with what it has learnt, and the solutions
/// found so far. It can be run in slices (see [`SatEngine::run`]), keeping its learnt clauses
/// between them.
pub(crate) struct SatEngine<'a> {
    solver: cadical::Solver<Stop<'a>>,
    flags: StopFlags<'a>,
    width: usize,
    height: usize,
    cnf: Cnf,
    /// The cells the starting grid left undecided: blocking clauses only need these.
    free: Vec<usize>,
    /// Whether the encoding ran to its end (it stops early when the flags fire).
    complete: bool,
    max_solutions: usize,
    pub solutions: Vec<Picture>,
    state: Option<SatState>,
}

impl std::fmt::Debug for SatEngine<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SatEngine")
            .field("solutions", &self.solutions.len())
            .finish_non_exhaustive()
    }
}

impl<'a> SatEngine<'a> {
    /// Encodes `puzzle`, with what the (propagated) `grid` has ruled out as unit clauses.
    pub fn new(
        puzzle: &Puzzle,
        grid: &impl Cells,
        max_solutions: usize,
        flags: StopFlags<'a>,
    ) -> SatEngine<'a> {
        let (width, height) = (puzzle.width(), puzzle.height());
        let cnf = Cnf {
            entries: puzzle.palette().len().max(1),
            binary: puzzle.is_black_and_white(),
        };
        let mut solver: cadical::Solver<Stop<'a>> = cadical::Solver::new();
        solver.set_callbacks(Some(Stop(flags)));
        let mut encoder = Encoder {
            solver: &mut solver,
            next_var: cnf.cell_vars(width * height),
            clause: Vec::new(),
        };
        // Encoding a large puzzle takes a while: it listens to the stop flags and the clock
        // too, line by line (a half-built CNF is never solved).
        let mut complete = true;
        let mut cells = Vec::new();
        for line in puzzle.lines() {
            if flags.should_stop() {
                complete = false;
                break;
            }
            cells.clear();
            cells.extend((0..puzzle.line_len(line.axis)).map(|i| {
                let (r, c) = line.cell(i);
                r * width + c
            }));
            complete &= encoder.line(cnf, puzzle.clue(line), &cells, &flags);
        }
        let mut free = Vec::new();
        for r in 0..height {
            for c in 0..width {
                let cell = r * width + c;
                if !cnf.binary {
                    encoder.add((0..cnf.entries).map(|e| cnf.lit(cell, e)));
                    for a in 0..cnf.entries {
                        for b in a + 1..cnf.entries {
                            encoder.add([-cnf.lit(cell, a), -cnf.lit(cell, b)]);
                        }
                    }
                }
                let options = grid.options(r, c);
                for e in (0..cnf.entries).rev() {
                    if !options.contains(ColourId::new(e).unwrap_or_default()) {
                        encoder.add([-cnf.lit(cell, e)]);
                    }
                }
                if options.len() > 1 {
                    free.push(cell);
                }
            }
        }
        SatEngine {
            solver,
            flags,
            width,
            height,
            cnf,
            free,
            complete,
            max_solutions,
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
            // A CNF whose encoding was cut short must never be solved.
            return SatState::Stopped;
        }
        let cnf = self.cnf;
        let state = loop {
            match self.solver.solve() {
                Some(true) => {
                    let mut picture = Picture::new(self.width, self.height);
                    for cell in 0..self.width * self.height {
                        // The entry whose literal is true (the background if no colour's is).
                        let e = (1..cnf.entries)
                            .rev()
                            .find(|&e| self.solver.value(cnf.lit(cell, e)) == Some(true))
                            .unwrap_or(0);
                        let entry = ColourId::new(e).unwrap_or_default();
                        picture.set_colour(cell / self.width, cell % self.width, entry);
                    }
                    // Block this picture: some free cell must take another entry.
                    let blocking: Vec<i32> = self
                        .free
                        .iter()
                        .map(|&cell| {
                            let colour = picture.colour(cell / self.width, cell % self.width);
                            -cnf.lit(cell, colour.index())
                        })
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
                // CaDiCaL gives up only when asked to, by the stop flags.
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
    clause: Vec<i32>,
}

impl Encoder<'_, '_> {
    fn fresh(&mut self) -> i32 {
        self.next_var += 1;
        self.next_var
    }

    fn add(&mut self, lits: impl IntoIterator<Item = i32>) {
        self.clause.clear();
        self.clause.extend(lits);
        self.solver.add_clause(self.clause.iter().copied());
    }

    /// Encodes one line of the cells `cells` (row-major numbers). Gives up part-way, returning
    /// false, when `stop` says so (a long line's automaton can have a million states).
    // States and positions index several tables at once; ranges say that more plainly.
    #[allow(clippy::needless_range_loop)]
    fn line(&mut self, cnf: Cnf, clue: &Clue, cells: &[usize], stop: &StopFlags<'_>) -> bool {
        let n = cells.len();
        let x = |i: usize, e: usize| cnf.lit(cells[i], e);
        if clue.is_empty() {
            for i in 0..n {
                self.add([x(i, 0)]);
            }
            return true;
        }
        // The pattern: symbol[t] (an entry) moves state t to t + 1; `looping[t]`: state t may
        // also stay on a background cell (at the start, after a required gap, and after a run
        // that the next need not be separated from, the last run included).
        let mut symbol = Vec::new();
        let mut looping = vec![true];
        for j in 0..clue.len() {
            // A run's cells in order: its colour, and a triangle puzzle's caps at its ends.
            for cell in clue.run_cells(j) {
                symbol.push(cell.index());
                looping.push(false);
            }
            if clue.needs_gap_after(j) {
                symbol.push(0);
                looping.push(true);
            } else {
                *looping.last_mut().expect("pushed") = true;
            }
        }
        let last = symbol.len();
        if last > n {
            // The clue does not fit: no assignment of the line satisfies it.
            self.add([]);
            return true;
        }
        let slack = n - last;
        // q[t * (slack + 1) + (i - t)]: state t after i cells, for t <= i <= t + slack.
        let var = |q: &[i32], i: usize, t: usize| -> Option<i32> {
            (t <= i && i <= t + slack).then(|| q[t * (slack + 1) + (i - t)])
        };
        let mut q = Vec::with_capacity((last + 1) * (slack + 1));
        for _ in 0..(last + 1) * (slack + 1) {
            q.push(self.fresh());
        }
        self.add([var(&q, 0, 0).expect("start state")]);
        self.add([var(&q, n, last).expect("accepting state")]);
        for i in 0..n {
            if i % 16 == 15 && stop.should_stop() {
                return false;
            }
            // At least one state after i cells (speeds up unit propagation).
            let states: Vec<i32> = (0..=last).filter_map(|t| var(&q, i + 1, t)).collect();
            self.add(states);
            for t in 0..=last {
                let Some(here) = var(&q, i, t) else { continue };
                for e in (0..cnf.entries).rev() {
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
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Clue;

    #[test]
    fn state_variables_count_the_window_of_each_line() {
        // A 5-cell row with clue 2: pattern length 2, slack 3, so 3 × 4 = 12; an empty column: 0.
        let puzzle = Puzzle::new(
            vec![Clue::new([2])],
            vec![
                Clue::new([1]),
                Clue::new([1]),
                Clue::empty(),
                Clue::empty(),
                Clue::empty(),
            ],
        )
        .unwrap();
        assert_eq!(weight(&puzzle), 12 + 2 * 2);
        assert!(fits(&puzzle));
        // The largest puzzle the limits allow, half filled with single cells, is refused.
        let side = 2000;
        let clue = Clue::new(std::iter::repeat_n(1, side / 4));
        let big = Puzzle::new(vec![clue.clone(); side], vec![clue; side]).unwrap();
        assert!(!fits(&big));
    }
}
