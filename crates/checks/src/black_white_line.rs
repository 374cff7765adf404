//! The fast line solvers against the naive enumerator, on one line with some cells known.
//!
//! The reference is [`naive::solve`] whenever its enumeration is cheap enough (at most
//! [`NAIVE_MAX_WORK`] cell visits, by [`naive_work`]), else the dynamic programme, itself held to
//! the naive solver on every cheaper line. On lines of up to [`PLAIN_MAX_LEN`] cells the naive
//! solver is in turn held to plain enumeration of every line of cells.
//!
//! Every solver is reached through the [`LineSolve`] trait: its answer, its `feasible`, and its
//! answer again with its scratch reused. [`crate::line`] runs it (and the colour kind's) for
//! the `line_solvers` fuzz target and the property tests.

use arbitrary::{Arbitrary, Unstructured};
use nonogram_core::line::{
    self, bits as nfa, dp, naive, parallel, Line, LineSolve, LineSolver, Masks,
};
use nonogram_core::Contradiction;
use nonogram_model::{Cell, Clue};

use crate::{bits, common_cells, prefix_placements, revealed, show};

/// The most work, in cells visited, for which the naive solver is the reference: a few
/// milliseconds.
pub const NAIVE_MAX_WORK: f64 = 4e6;

/// The longest line on which the naive solver is checked against every line of cells.
pub const PLAIN_MAX_LEN: usize = 12;

/// One line: a clue and the cells known so far.
#[derive(Clone, PartialEq, Eq)]
pub struct LineCase {
    /// The clue's run lengths, none zero.
    pub clue: Vec<u32>,
    /// The line, at least one cell.
    pub cells: Vec<Cell>,
}

impl std::fmt::Debug for LineCase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "LineCase {{ clue: {:?}, cells: {:?} }}",
            self.clue,
            show(&self.cells)
        )
    }
}

impl<'a> Arbitrary<'a> for LineCase {
    /// Mostly lines short enough for the naive solver; then lines of one and two words, lengths
    /// around the word boundaries (64, 128, 192 and the wide solvers' 1,024), and long lines
    /// that reach the wide, automaton and DP solvers. The clue is that of a random picture (so
    /// the line has a solution) or runs chosen freely; the known cells are revealed from the
    /// picture, sometimes with a few flipped.
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<LineCase> {
        let len = match u.int_in_range(0u8..=15)? {
            0..=2 => u.int_in_range(1..=8)?,
            3..=9 => u.int_in_range(1..=24)?,
            10..=11 => u.int_in_range(25..=140)?,
            12 => {
                let edge = *u.choose(&[64usize, 128, 192, 1024])?;
                edge + u.int_in_range(0..=2)? - 1
            }
            _ => u.int_in_range(129..=1100)?,
        };
        let picture = bits(u, len)?;
        let clue = if u.arbitrary()? {
            Clue::from_cells(picture.iter().copied()).runs().to_vec()
        } else {
            // Free runs: how many, and up to how long (long runs reach the automaton solver).
            let count = u.int_in_range(0..=len.div_ceil(2).min(80))?;
            let longest = u.int_in_range(1..=len as u32)?;
            (0..count)
                .map(|_| u.int_in_range(1..=longest))
                .collect::<arbitrary::Result<_>>()?
        };
        let shown = revealed(u, len)?;
        let noisy = u.ratio(1u8, 4)?;
        let flips = bits(u, len)?;
        let flips2 = bits(u, len)?;
        let cells = (0..len)
            .map(
                |i| match (shown[i], picture[i] ^ (noisy && flips[i] && flips2[i])) {
                    (false, _) => Cell::Unknown,
                    (true, true) => Cell::Filled,
                    (true, false) => Cell::Empty,
                },
            )
            .collect();
        Ok(LineCase { clue, cells })
    }
}

/// Checks every fast solver, and `feasible`, against the reference on `case`.
pub fn check(case: &LineCase) {
    let LineCase { clue, cells } = case;
    let len = cells.len();
    assert!(
        len > 0 && clue.iter().all(|&r| r > 0),
        "not a line: {case:?}"
    );
    let known = Masks::from_cells(cells);
    let line = known.line(clue, len);
    let (reference_name, reference) = if naive_work(clue, len) <= NAIVE_MAX_WORK {
        if len <= PLAIN_MAX_LEN {
            assert_eq!(
                naive::solve(clue, cells),
                plain(clue, cells),
                "naive, {case:?}"
            );
        }
        ("naive", solve_with(&mut naive::Naive, line))
    } else {
        ("dp", solve_with(&mut dp::Dp::default(), line))
    };
    for (name, mut solver) in fast_solvers() {
        if !solver.supports(line) {
            continue;
        }
        let answer = solve_with(&mut *solver, line);
        assert_eq!(
            answer.as_ref().map(|m| show(&m.to_cells(len))),
            reference.as_ref().map(|m| show(&m.to_cells(len))),
            "{name} against {reference_name}, {case:?}"
        );
        // And no stray bits past the line's end.
        assert_eq!(answer, reference, "{name}: bits past the end, {case:?}");
        assert_eq!(
            solver.feasible(line),
            reference.is_ok(),
            "{name}: feasible, {case:?}"
        );
        // A solver reused on the same line answers the same (its scratch is only scratch).
        assert_eq!(
            solve_with(&mut *solver, line),
            reference,
            "{name} reused, {case:?}"
        );
    }
    let cells_api = line::solve_line(clue, cells);
    let want = reference.map(|m| m.to_cells(len));
    assert_eq!(
        cells_api, want,
        "solve_line against {reference_name}, {case:?}"
    );
}

/// A solver's answer on `line`: the first `line.words()` words of the masks it writes, into a
/// buffer full of stale bits (the contract says the solver overwrites them), or a contradiction.
fn solve_with(solver: &mut dyn LineSolve, line: Line<'_>) -> Result<Masks, Contradiction> {
    let words = line.words();
    let mut out = Masks {
        filled: vec![u64::MAX; words.max(1)],
        empty: vec![u64::MAX; words.max(1)],
    };
    solver.solve(line, &mut out)?;
    out.filled.truncate(words);
    out.empty.truncate(words);
    Ok(out)
}

/// Every fast solver, by name: the dispatcher the engines use ([`LineSolver`]) and each solver
/// directly wherever it takes the line ([`LineSolve::supports`]), so the ones the dispatcher
/// sends no lines of this length are tested too. The cell-parallel solver picks its word size
/// by length, so lines around 64, 128 and 1,024 cells reach each of its widths.
fn fast_solvers() -> Vec<(&'static str, Box<dyn LineSolve>)> {
    vec![
        ("LineSolver", Box::new(LineSolver::new())),
        ("parallel::Parallel", Box::<parallel::Parallel>::default()),
        (
            "parallel::Parallel, split above 1 cell",
            Box::new(parallel::Parallel::splitting_above(1)),
        ),
        ("bits::Bits", Box::<nfa::Bits>::default()),
        ("dp::Dp", Box::<dp::Dp>::default()),
    ]
}

/// A bound on the naive solver's work on a line of `len` cells with nothing known, in cells
/// visited: it tries every placement of the first `j` runs, for each `j` (`C(f + j, j)` of
/// them, with `f` the cells those runs leave free), and fills the line at each. Saturates just
/// past [`NAIVE_MAX_WORK`], so it costs little however long the clue.
pub fn naive_work(clue: &[u32], len: usize) -> f64 {
    let needed = clue.iter().enumerate().scan(0u64, |needed, (j, &run)| {
        *needed += u64::from(run) + u64::from(j > 0);
        Some(*needed)
    });
    prefix_placements(needed, len, NAIVE_MAX_WORK / len as f64)
        .map_or(NAIVE_MAX_WORK * 2.0, |placements| placements * len as f64)
}

/// The naive solver's answer by plain enumeration: every line of `cells.len()` cells whose runs
/// are `clue` and that agrees with the known cells, intersected.
fn plain(clue: &[u32], cells: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
    let n = cells.len();
    let lines: Vec<Vec<bool>> = (0u32..1 << n)
        .map(|bits| (0..n).map(|i| bits >> i & 1 == 1).collect::<Vec<bool>>())
        .filter(|line| {
            let agrees = cells.iter().zip(line).all(|(&c, &f)| match c {
                Cell::Unknown => true,
                Cell::Filled => f,
                Cell::Empty => !f,
            });
            agrees && Clue::from_cells(line.iter().copied()).runs() == clue
        })
        .collect();
    common_cells(lines.iter().map(Vec::as_slice)).ok_or(Contradiction)
}
