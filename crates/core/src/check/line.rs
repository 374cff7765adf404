//! The fast line solvers against the naive enumerator, on one line with some cells known.
//!
//! The reference is [`naive::solve`] whenever its enumeration is cheap enough (at most
//! [`NAIVE_MAX_WORK`] cell visits, by [`naive_work`]), else the dynamic programme, itself held to
//! the naive solver on every cheaper line. On lines of up to [`PLAIN_MAX_LEN`] cells the naive
//! solver is in turn held to plain enumeration of every line of cells.
//!
//! Every call into the line solvers is in [`fast_answers`] and [`feasible_answers`], so the
//! change of their API to a trait touches nothing else here.

use arbitrary::{Arbitrary, Unstructured};
use nonogram_model::{Cell, Clue};

use super::{bits, revealed, show};
use crate::grid::words_for;
use crate::line::{self, bits as nfa, cells_to_masks, dp, masks_to_cells, naive, parallel};
use crate::Contradiction;

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

/// Decodes a case from raw bytes (as the fuzz target does) and checks it.
pub fn run(data: &[u8]) {
    if let Ok(case) = LineCase::arbitrary_take_rest(Unstructured::new(data)) {
        check(&case);
    }
}

/// A line solver's answer: the known masks after solving, or a contradiction.
type Answer = Result<(Vec<u64>, Vec<u64>), Contradiction>;

/// A solver writing its known masks into the two output buffers.
type Solve<'a> = dyn FnMut(&mut [u64], &mut [u64]) -> Result<(), Contradiction> + 'a;

/// Checks every fast solver, and `feasible`, against the reference on `case`.
pub fn check(case: &LineCase) {
    let LineCase { clue, cells } = case;
    let len = cells.len();
    assert!(
        len > 0 && clue.iter().all(|&r| r > 0),
        "not a line: {case:?}"
    );
    let (reference_name, reference) = if naive_work(clue, len) <= NAIVE_MAX_WORK {
        if len <= PLAIN_MAX_LEN {
            assert_eq!(
                naive::solve(clue, cells),
                plain(clue, cells),
                "naive, {case:?}"
            );
        }
        let answer = naive::solve(clue, cells).map(|c| cells_to_masks(&c));
        ("naive", answer)
    } else {
        let (filled, empty) = cells_to_masks(cells);
        let words = filled.len();
        let (mut f, mut e) = (vec![0; words], vec![0; words]);
        let answer = dp::Scratch::default()
            .solve(clue, len, &filled, &empty, &mut f, &mut e)
            .map(|()| (f, e));
        ("dp", answer)
    };
    let (filled, empty) = cells_to_masks(cells);
    for (name, answer) in fast_answers(clue, len, &filled, &empty) {
        assert_eq!(
            answer
                .as_ref()
                .map(|(f, e)| show(&masks_to_cells(len, f, e))),
            reference
                .as_ref()
                .map(|(f, e)| show(&masks_to_cells(len, f, e))),
            "{name} against {reference_name}, {case:?}"
        );
        // And no stray bits past the line's end.
        assert_eq!(answer, reference, "{name}: bits past the end, {case:?}");
    }
    for (name, feasible) in feasible_answers(clue, len, &filled, &empty) {
        assert_eq!(feasible, reference.is_ok(), "{name}, {case:?}");
    }
    let cells_api = line::solve_line(clue, cells);
    let want = reference.map(|(f, e)| masks_to_cells(len, &f, &e));
    assert_eq!(
        cells_api, want,
        "solve_line against {reference_name}, {case:?}"
    );
}

/// Every fast solver that takes this line, by name: the entry point the engines use
/// ([`line::LineSolver`], which routes by length and clue) and each solver directly wherever its
/// contract allows, so the ones the router sends no lines of this length are tested too.
fn fast_answers(
    clue: &[u32],
    len: usize,
    filled: &[u64],
    empty: &[u64],
) -> Vec<(&'static str, Answer)> {
    let words = words_for(len);
    let solve = |f: &mut Solve<'_>| {
        let (mut out_f, mut out_e) = (vec![0; words], vec![0; words]);
        f(&mut out_f, &mut out_e).map(|()| (out_f, out_e))
    };
    let mut out = vec![(
        "LineSolver::solve",
        solve(&mut |of, oe| line::LineSolver::new().solve(clue, len, filled, empty, of, oe)),
    )];
    out.push((
        "dp",
        solve(&mut |of, oe| dp::Scratch::default().solve(clue, len, filled, empty, of, oe)),
    ));
    if clue.is_empty() {
        return out;
    }
    if parallel::fits_u64(clue, len) {
        let answer = parallel::solve_u64(clue, len, filled[0], empty[0], &mut Vec::new());
        out.push((
            "parallel::solve_u64",
            answer.map(|(f, e)| (vec![f], vec![e])),
        ));
    }
    if parallel::fits_u128(clue, len) {
        let join = |w: &[u64]| u128::from(w[0]) | u128::from(w.get(1).copied().unwrap_or(0)) << 64;
        let answer = parallel::solve_u128(clue, len, join(filled), join(empty), &mut Vec::new());
        let split = |x: u128| [x as u64, (x >> 64) as u64][..words].to_vec();
        out.push((
            "parallel::solve_u128",
            answer.map(|(f, e)| (split(f), split(e))),
        ));
    }
    if len > 128 && len <= parallel::MAX_WIDE {
        let mut scratch = parallel::WideScratch::default();
        let answer = solve(&mut |of, oe| {
            parallel::solve_wide(clue, len, filled, empty, of, oe, &mut scratch)
                .expect("a line the wide solvers take")
        });
        out.push(("parallel::solve_wide", answer));
    }
    let states = nfa::state_count(clue);
    if states <= 64 {
        let answer = solve(&mut |of, oe| {
            nfa::Scratch::default().solve_u64(clue, len, filled, empty, of, oe)
        });
        out.push(("bits::solve_u64", answer));
    }
    if states <= 128 {
        let answer = solve(&mut |of, oe| {
            nfa::Scratch::default().solve_u128(clue, len, filled, empty, of, oe)
        });
        out.push(("bits::solve_u128", answer));
    }
    out
}

/// Every feasibility test that takes this line, by name (see [`fast_answers`]).
fn feasible_answers(
    clue: &[u32],
    len: usize,
    filled: &[u64],
    empty: &[u64],
) -> Vec<(&'static str, bool)> {
    let mut out = vec![(
        "LineSolver::feasible",
        line::LineSolver::new().feasible(clue, len, filled, empty),
    )];
    if clue.is_empty() {
        return out;
    }
    if parallel::fits_u64(clue, len) {
        out.push((
            "parallel::feasible_u64",
            parallel::feasible_u64(clue, len, filled[0], empty[0]),
        ));
    }
    if parallel::fits_u128(clue, len) {
        let join = |w: &[u64]| u128::from(w[0]) | u128::from(w.get(1).copied().unwrap_or(0)) << 64;
        out.push((
            "parallel::feasible_u128",
            parallel::feasible_u128(clue, len, join(filled), join(empty)),
        ));
    }
    if len > 128 {
        if let Some(feasible) = parallel::feasible_wide(clue, len, filled, empty) {
            out.push(("parallel::feasible_wide", feasible));
        }
    }
    out
}

/// A bound on the naive solver's work on a line of `len` cells with nothing known, in cells
/// visited: it tries every placement of the first `j` runs, for each `j` (`C(f + j, j)` of
/// them, with `f` the cells those runs leave free), and fills the line at each. Saturates just
/// past [`NAIVE_MAX_WORK`], so it costs little however long the clue.
pub fn naive_work(clue: &[u32], len: usize) -> f64 {
    let cap = NAIVE_MAX_WORK / len as f64;
    let (mut placements, mut needed) = (0.0, 0u64);
    for (j, &run) in clue.iter().enumerate() {
        needed += u64::from(run) + u64::from(j > 0);
        let Some(free) = (len as u64).checked_sub(needed) else {
            break;
        };
        let k = j as u64 + 1;
        // C(free + k, k) as a running product of factors of at least 1, as patterns::count.
        let (steps, other) = if k <= free { (k, free) } else { (free, k) };
        let mut ways = 1.0;
        for i in 1..=steps {
            ways = ways * (other + i) as f64 / i as f64;
            if placements + ways > cap {
                return NAIVE_MAX_WORK * 2.0;
            }
        }
        placements += ways;
    }
    (placements + 1.0) * len as f64
}

/// The naive solver's answer by plain enumeration: every line of `cells.len()` cells whose runs
/// are `clue` and that agrees with the known cells, intersected.
fn plain(clue: &[u32], cells: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
    let n = cells.len();
    let mut common: Option<Vec<Cell>> = None;
    for bits in 0u32..1 << n {
        let line: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
        let agrees = cells.iter().zip(&line).all(|(&c, &f)| match c {
            Cell::Unknown => true,
            Cell::Filled => f,
            Cell::Empty => !f,
        });
        if !agrees || Clue::from_cells(line.iter().copied()).runs() != clue {
            continue;
        }
        let this = line
            .iter()
            .map(|&f| if f { Cell::Filled } else { Cell::Empty });
        common = Some(match common {
            None => this.collect(),
            Some(c) => c
                .into_iter()
                .zip(this)
                .map(|(a, b)| if a == b { a } else { Cell::Unknown })
                .collect(),
        });
    }
    common.ok_or(Contradiction)
}
