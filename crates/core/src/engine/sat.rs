//! The SAT engine: the puzzle as CNF, solved by CaDiCaL, solutions enumerated with blocking
//! clauses.
//!
//! Each line is the regular expression `0* 1^a 0+ 1^b ... 0*` (the Gecode seed's model), and we
//! encode its automaton the way Bacchus (*GAC via unit propagation*, CP 2007) decomposes a
//! `regular` constraint: a variable `q(i, t)` for "after `i` cells the automaton is in state
//! `t`", forward clauses (a state and a cell value imply the next state, or are forbidden when
//! the automaton has no such move), backward support clauses (a state needs a predecessor) and
//! one at-least-one clause per position. Unit propagation on this is as strong as our exact
//! line solver, and on top of it the SAT solver learns clauses from its conflicts, which is what
//! tames the heavy tail of depth-first search on hard and random puzzles.
//!
//! State `t` can only be reached after at least `t` cells and must leave room for the `L - t`
//! symbols still to come, so `q(i, t)` exists only for `t <= i <= n - L + t`: a line of slack
//! `s` needs `(L + 1)(s + 1)` state variables, not `(L + 1)(n + 1)`.

use crate::grid::Grid;
use crate::termination::StopFlags;
use nonogram_model::Cell;
use nonogram_model::{Picture, Puzzle};

/// The most automaton-state variables we hand to the SAT solver (each brings about five
/// clauses): past this the CNF would take gigabytes, and the search engine works alone.
/// CaDiCaL holds about 1 KB per state variable once it is solving (a random 200×200 puzzle,
/// 3 million of them, took 2.8 GB, and a 90×90 one 340 MB and 0.4 s past its time limit to
/// free them), so 200,000 keeps the engine within about 200 MB and a timely stop; the puzzles
/// where the SAT engine pays (tournament sizes, up to about 70×70) need fewer.
pub const MAX_STATE_VARIABLES: u64 = 200_000;

/// How many state variables the CNF of `puzzle` needs: `(L + 1)(slack + 1)` per line.
pub fn state_variables(puzzle: &Puzzle) -> u64 {
    [crate::Axis::Row, crate::Axis::Column]
        .into_iter()
        .flat_map(|axis| {
            puzzle
                .clues(axis)
                .iter()
                .map(move |clue| (clue, puzzle.line_len(axis) as u64))
        })
        .map(|(clue, len)| {
            let pattern = clue.min_len();
            if clue.is_empty() {
                0
            } else {
                (pattern + 1) * (len - pattern + 1)
            }
        })
        .sum()
}

/// Whether the SAT engine takes `puzzle` (see [`MAX_STATE_VARIABLES`]).
pub fn fits(puzzle: &Puzzle) -> bool {
    state_variables(puzzle) <= MAX_STATE_VARIABLES
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
    /// The stop flags fired.
    Stopped,
}

/// The SAT engine for one puzzle: the CNF, the solver with what it has learnt, and the solutions
/// found so far. It can be run in slices (see [`SatEngine::run`]), keeping its learnt clauses
/// between them.
pub(crate) struct SatEngine<'a> {
    solver: cadical::Solver<Stop<'a>>,
    flags: StopFlags<'a>,
    width: usize,
    height: usize,
    /// The cells the starting grid left unknown: blocking clauses only need these.
    free: Vec<(usize, usize)>,
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
    /// Encodes `puzzle`, with the known cells of the (propagated) `grid` as unit clauses.
    pub fn new(
        puzzle: &Puzzle,
        grid: &Grid,
        max_solutions: usize,
        flags: StopFlags<'a>,
    ) -> SatEngine<'a> {
        let (width, height) = (puzzle.width(), puzzle.height());
        let cell = |r: usize, c: usize| (r * width + c + 1) as i32;
        let mut solver: cadical::Solver<Stop<'a>> = cadical::Solver::new();
        solver.set_callbacks(Some(Stop(flags)));
        let mut encoder = Encoder {
            solver: &mut solver,
            next_var: (width * height) as i32,
            clause: Vec::new(),
        };
        // Encoding a large puzzle takes a while: it listens to the stop flags and the clock
        // too, line by line (a half-built CNF is never solved: `run` sees the flags first).
        for (r, clue) in puzzle.rows().iter().enumerate() {
            if flags.should_stop() {
                break;
            }
            let cells: Vec<i32> = (0..width).map(|c| cell(r, c)).collect();
            encoder.line(clue.runs(), &cells, &flags);
        }
        for (c, clue) in puzzle.columns().iter().enumerate() {
            if flags.should_stop() {
                break;
            }
            let cells: Vec<i32> = (0..height).map(|r| cell(r, c)).collect();
            encoder.line(clue.runs(), &cells, &flags);
        }
        let mut free = Vec::new();
        for r in 0..height {
            for c in 0..width {
                match grid.get(r, c) {
                    Cell::Filled => encoder.add(&[cell(r, c)]),
                    Cell::Empty => encoder.add(&[-cell(r, c)]),
                    Cell::Unknown => free.push((r, c)),
                }
            }
        }
        SatEngine {
            solver,
            flags,
            width,
            height,
            free,
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
        if self.flags.should_stop() {
            // Also covers a CNF whose encoding was cut short: it must never be solved.
            return SatState::Stopped;
        }
        let width = self.width;
        let cell = |r: usize, c: usize| (r * width + c + 1) as i32;
        let state = loop {
            match self.solver.solve() {
                Some(true) => {
                    let mut picture = Picture::new(self.width, self.height);
                    for r in 0..self.height {
                        for c in 0..self.width {
                            picture.set(r, c, self.solver.value(cell(r, c)) == Some(true));
                        }
                    }
                    // Block this picture: some free cell must differ.
                    let blocking: Vec<i32> = self
                        .free
                        .iter()
                        .map(|&(r, c)| {
                            if picture.get(r, c) {
                                -cell(r, c)
                            } else {
                                cell(r, c)
                            }
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

    fn add(&mut self, lits: &[i32]) {
        self.clause.clear();
        self.clause.extend_from_slice(lits);
        self.solver.add_clause(self.clause.iter().copied());
    }

    /// Encodes one line whose cells are the variables `cells` (true = filled).
    // States and positions index several tables at once; ranges say that more plainly.
    #[allow(clippy::needless_range_loop)]
    /// Encodes one line; gives up part-way when `stop` says so (a long line's automaton can
    /// have a million states).
    fn line(&mut self, clue: &[u32], cells: &[i32], stop: &StopFlags<'_>) {
        let n = cells.len();
        if clue.is_empty() {
            for &x in cells {
                self.add(&[-x]);
            }
            return;
        }
        // The pattern 1^a 0 1^b ... 1^z: symbol[t] is what moves state t to t + 1.
        let mut symbol = Vec::new();
        for (j, &run) in clue.iter().enumerate() {
            symbol.extend(std::iter::repeat_n(true, run as usize));
            if j + 1 < clue.len() {
                symbol.push(false);
            }
        }
        let last = symbol.len();
        // State t loops on 0 when it is the start, the end, or just after a separating 0.
        let looping = |t: usize| t == 0 || t == last || !symbol[t - 1];
        let slack = n - last;
        // q[i][t - i + slack ... ] flattened: state t at position i exists for t <= i <= t + slack.
        let var = |q: &[i32], i: usize, t: usize| -> Option<i32> {
            (t <= i && i <= t + slack).then(|| q[t * (slack + 1) + (i - t)])
        };
        let mut q = Vec::with_capacity((last + 1) * (slack + 1));
        for _ in 0..(last + 1) * (slack + 1) {
            q.push(self.fresh());
        }
        let lit = |x: i32, filled: bool| if filled { x } else { -x };

        self.add(&[var(&q, 0, 0).expect("start state")]);
        self.add(&[var(&q, n, last).expect("accepting state")]);
        for (i, &x) in cells.iter().enumerate() {
            if i % 16 == 15 && stop.should_stop() {
                return;
            }
            // At least one state after i cells (speeds up unit propagation).
            let states: Vec<i32> = (0..=last).filter_map(|t| var(&q, i + 1, t)).collect();
            self.add(&states);
            for t in 0..=last {
                let Some(here) = var(&q, i, t) else { continue };
                for value in [true, false] {
                    let target = if t < last && symbol[t] == value {
                        Some(t + 1)
                    } else if !value && looping(t) {
                        Some(t)
                    } else {
                        None
                    };
                    match target.and_then(|t2| var(&q, i + 1, t2)) {
                        Some(next) => self.add(&[-here, -lit(x, value), next]),
                        None => self.add(&[-here, -lit(x, value)]),
                    }
                }
            }
            // Backward support: a state after i + 1 cells needs a predecessor and its symbol.
            for t in 0..=last {
                let Some(next) = var(&q, i + 1, t) else {
                    continue;
                };
                let mut support = vec![-next];
                if t > 0 {
                    if let Some(prev) = var(&q, i, t - 1) {
                        support.push(prev);
                        self.add(&[-next, -prev, lit(x, symbol[t - 1])]);
                    }
                }
                if looping(t) {
                    if let Some(same) = var(&q, i, t) {
                        support.push(same);
                        self.add(&[-next, -same, -x]);
                    }
                }
                self.add(&support);
            }
        }
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
        assert_eq!(state_variables(&puzzle), 12 + 2 * 2);
        assert!(fits(&puzzle));
        // The largest puzzle the limits allow, half filled with single cells, is refused.
        let side = 2000;
        let clue = Clue::new(std::iter::repeat_n(1, side / 4));
        let big = Puzzle::new(vec![clue.clone(); side], vec![clue; side]).unwrap();
        assert!(!fits(&big));
    }
}
