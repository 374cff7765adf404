//! Every engine against brute force on puzzles of up to 6×6, with and without givens.
//!
//! The brute force lists each row's patterns (every line of `width` cells with the row's runs),
//! stacks rows in every way and keeps the stacks whose columns match, pruning a stack as soon
//! as a column's top part can no longer grow into its clue. With at most 6 cells a line, that is
//! at most 64 candidates a row and instant.
//!
//! Each engine, asked for 1, 2 and 3 solutions, must report what [`crate::solve`] promises:
//! only true solutions, distinct and in [`Picture`] order; a [`Status`] that claims exactly what
//! the brute force confirms; a [`Stop`] that says why it ended (no time limit is set, so the
//! run always ends by itself). [`deduce`] must fix only cells every solution shares.

use arbitrary::{Arbitrary, Unstructured};
use nonogram_model::{Cell, Clue, Picture, Puzzle};

use super::bits;
use crate::{deduce, Config, Engine, Given, Outcome, Solver, Status, Stop};

/// The longest side.
pub const MAX_SIDE: usize = 6;

/// A small puzzle and some cells fixed beforehand.
#[derive(Clone, PartialEq, Eq)]
pub struct EngineCase {
    /// The puzzle, black and white.
    pub puzzle: Puzzle,
    /// Cells fixed before solving (for [`Solver::solve_from`]); may disagree with each other.
    pub givens: Vec<Given>,
}

impl std::fmt::Debug for EngineCase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let clues =
            |clues: &[Clue]| -> Vec<Vec<u32>> { clues.iter().map(|c| c.runs().to_vec()).collect() };
        let givens: Vec<(usize, usize, bool)> = self
            .givens
            .iter()
            .map(|g| (g.row, g.col, !g.colour.is_background()))
            .collect();
        write!(
            f,
            "EngineCase {{ rows: {:?}, columns: {:?}, givens (row, col, filled): {givens:?} }}",
            clues(self.puzzle.rows()),
            clues(self.puzzle.columns())
        )
    }
}

impl<'a> Arbitrary<'a> for EngineCase {
    /// A random picture's puzzle (solvable), the same with one line's clue replaced by free runs
    /// (often unsolvable, sometimes with more solutions), or free clues throughout (mostly
    /// unsolvable, sometimes inconsistent at a glance); then up to three givens.
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<EngineCase> {
        let width = u.int_in_range(1..=MAX_SIDE)?;
        let height = u.int_in_range(1..=MAX_SIDE)?;
        let cells = bits(u, width * height)?;
        let rows: Vec<Vec<bool>> = cells.chunks(width).map(<[bool]>::to_vec).collect();
        let picture = Picture::from_rows(&rows).expect("a rectangle of cells");
        let mut puzzle = Puzzle::from_picture(&picture);
        let free = |u: &mut Unstructured<'a>, len: usize| -> arbitrary::Result<Clue> {
            let count = u.int_in_range(0..=len.div_ceil(2))?;
            let runs = (0..count)
                .map(|_| u.int_in_range(1..=len as u32))
                .collect::<arbitrary::Result<Vec<u32>>>()?;
            Ok(Clue::new(runs))
        };
        match u.int_in_range(0u8..=3)? {
            0 | 1 => {}
            2 => {
                let (mut rows, mut columns) = (puzzle.rows().to_vec(), puzzle.columns().to_vec());
                if u.arbitrary()? {
                    let i = u.choose_index(height)?;
                    rows[i] = free(u, width)?;
                } else {
                    let i = u.choose_index(width)?;
                    columns[i] = free(u, height)?;
                }
                puzzle = Puzzle::new(rows, columns).expect("a valid size");
            }
            _ => {
                let rows = (0..height)
                    .map(|_| free(u, width))
                    .collect::<arbitrary::Result<_>>()?;
                let columns = (0..width)
                    .map(|_| free(u, height))
                    .collect::<arbitrary::Result<_>>()?;
                puzzle = Puzzle::new(rows, columns).expect("a valid size");
            }
        }
        let givens = (0..u.int_in_range(0..=3)?)
            .map(|_| {
                Ok(Given::cell(
                    u.choose_index(height)?,
                    u.choose_index(width)?,
                    u.arbitrary()?,
                ))
            })
            .collect::<arbitrary::Result<_>>()?;
        Ok(EngineCase { puzzle, givens })
    }
}

/// Decodes a case from raw bytes (as the fuzz target does) and checks it.
pub fn run(data: &[u8]) {
    if let Ok(case) = EngineCase::arbitrary_take_rest(Unstructured::new(data)) {
        check(&case);
    }
}

/// Every engine configuration worth telling apart, for `max_solutions` solutions.
pub fn configs(max_solutions: usize) -> Vec<Config> {
    let base = Config {
        max_solutions,
        threads: 1,
        ..Config::default()
    };
    vec![
        Config {
            engine: Engine::Search,
            ..base.clone()
        },
        Config {
            engine: Engine::Search,
            probing: false,
            ..base.clone()
        },
        Config {
            engine: Engine::Sat,
            ..base.clone()
        },
        Config {
            engine: Engine::Learn,
            ..base.clone()
        },
        Config {
            engine: Engine::Learn,
            seed: 7,
            ..base.clone()
        },
        // The turns of search and learning, handing over at once and after a decision.
        Config {
            search_budget: 0,
            ..base.clone()
        },
        base.clone(),
        // The portfolio: a second learner races on another thread.
        Config { threads: 2, ..base },
    ]
}

/// Checks every engine, and deduction, against brute force on `case`.
pub fn check(case: &EngineCase) {
    let EngineCase { puzzle, givens } = case;
    assert!(
        puzzle.width() <= MAX_SIDE && puzzle.height() <= MAX_SIDE,
        "too large: {case:?}"
    );
    let all = brute_force(puzzle);
    if let Some(reason) = puzzle.inconsistency() {
        assert!(
            all.is_empty(),
            "{reason}, yet {} solutions, {case:?}",
            all.len()
        );
    }
    let agreeing: Vec<Picture> = all
        .iter()
        .filter(|s| givens.iter().all(|g| s.colour(g.row, g.col) == g.colour))
        .cloned()
        .collect();
    for max_solutions in 1..=3 {
        for config in configs(max_solutions) {
            let outcome = Solver::new(config.clone()).solve_from(puzzle, givens);
            check_outcome(&outcome, &agreeing, &config, case);
        }
    }
    check_deduction(case, &all);
}

/// The rules of [`Status`] and [`Stop`] for one outcome, given every solution there is.
fn check_outcome(outcome: &Outcome, all: &[Picture], config: &Config, case: &EngineCase) {
    let max = config.max_solutions;
    let n = all.len();
    let got = &outcome.solutions;
    let at = || {
        format!(
            "{config:?}\n{case:?}\n{n} solutions, got {:?} {:?} with {}",
            outcome.status,
            outcome.stop,
            got.len()
        )
    };
    for s in got {
        assert!(
            all.contains(s),
            "not a solution: {:?}\n{}",
            s.row_strings(),
            at()
        );
    }
    assert!(
        got.windows(2).all(|w| w[0] < w[1]),
        "not distinct and in order\n{}",
        at()
    );
    assert!(
        outcome.stop.is_natural(),
        "stopped by a limit never set\n{}",
        at()
    );
    let (status, stop) = (outcome.status, outcome.stop);
    match n {
        0 => {
            assert_eq!(
                (status, stop),
                (Status::NoSolution, Stop::Finished),
                "{}",
                at()
            );
        }
        1 => {
            assert_eq!(got.as_slice(), all, "{}", at());
            let allowed: &[(Status, Stop)] = if max == 1 {
                // Found, and proved unique only if nothing was left to try.
                &[
                    (Status::Solved, Stop::SolutionLimit),
                    (Status::Unique, Stop::Finished),
                ]
            } else {
                &[(Status::Unique, Stop::Finished)]
            };
            assert!(allowed.contains(&(status, stop)), "{}", at());
        }
        _ => {
            assert_eq!(got.len(), n.min(max), "{}", at());
            if max == 1 {
                assert_eq!(
                    (status, stop),
                    (Status::Solved, Stop::SolutionLimit),
                    "{}",
                    at()
                );
            } else {
                assert_eq!(status, Status::Multiple, "{}", at());
                // Stopping at the limit with a solution unseen is not an exhausted search.
                if n > max {
                    assert_eq!(stop, Stop::SolutionLimit, "{}", at());
                } else if n < max {
                    assert_eq!(stop, Stop::Finished, "{}", at());
                }
            }
        }
    }
    // The reason is the clues' inconsistency at a glance, and only that.
    assert_eq!(outcome.reason, case.puzzle.inconsistency(), "{}", at());
    let differing = match got.as_slice() {
        [a, b, ..] => a.differences(b),
        _ => Vec::new(),
    };
    assert_eq!(outcome.differing_cells, differing, "{}", at());
}

/// Deduction (without the givens) fixes only cells every solution shares, finds a contradiction
/// only when there is no solution, and a complete grid only when it is the one solution.
fn check_deduction(case: &EngineCase, all: &[Picture]) {
    let puzzle = &case.puzzle;
    let deduction = deduce(puzzle);
    assert_eq!(deduction.reason, puzzle.inconsistency(), "{case:?}");
    if deduction.contradiction {
        assert!(
            all.is_empty(),
            "deduction contradicts {} solutions, {case:?}",
            all.len()
        );
        return;
    }
    for s in all {
        for r in 0..puzzle.height() {
            for c in 0..puzzle.width() {
                let fixed = deduction.grid.get(r, c);
                assert!(
                    fixed == Cell::Unknown || (fixed == Cell::Filled) == s.get(r, c),
                    "deduction fixed ({r}, {c}) against solution {:?}, {case:?}",
                    s.row_strings()
                );
            }
        }
    }
    if let Some(picture) = deduction.grid.to_picture() {
        assert_eq!(
            all,
            std::slice::from_ref(&picture),
            "deduction completed the grid, {case:?}"
        );
        assert_eq!(deduction.picture(puzzle), Some(picture), "{case:?}");
    }
}

/// Every solution of `puzzle`, sorted, by stacking row patterns (see the module doc).
pub fn brute_force(puzzle: &Puzzle) -> Vec<Picture> {
    let width = puzzle.width();
    let patterns: Vec<Vec<Vec<bool>>> = puzzle
        .rows()
        .iter()
        .map(|clue| {
            (0u32..1 << width)
                .map(|bits| {
                    (0..width)
                        .map(|i| bits >> i & 1 == 1)
                        .collect::<Vec<bool>>()
                })
                .filter(|line| Clue::from_cells(line.iter().copied()) == *clue)
                .collect()
        })
        .collect();
    let mut out = Vec::new();
    stack(puzzle, &patterns, &mut Vec::new(), &mut out);
    out.sort();
    out
}

fn stack(
    puzzle: &Puzzle,
    patterns: &[Vec<Vec<bool>>],
    rows: &mut Vec<Vec<bool>>,
    out: &mut Vec<Picture>,
) {
    let done = rows.len() == puzzle.height();
    for (c, clue) in puzzle.columns().iter().enumerate() {
        let column = rows.iter().map(|r| r[c]);
        if !column_may_become(column, clue.runs(), done) {
            return;
        }
    }
    if done {
        out.push(Picture::from_rows(rows).expect("rows of one width"));
        return;
    }
    for pattern in &patterns[rows.len()] {
        rows.push(pattern.clone());
        stack(puzzle, patterns, rows, out);
        rows.pop();
    }
}

/// Whether the top part of a column can still grow into `clue` (or, `complete`, is it).
fn column_may_become(cells: impl Iterator<Item = bool>, clue: &[u32], complete: bool) -> bool {
    let cells: Vec<bool> = cells.collect();
    let got = Clue::from_cells(cells.iter().copied());
    let got = got.runs();
    if complete {
        return got == clue;
    }
    let open = cells.last() == Some(&true);
    got.len() <= clue.len()
        && got.iter().enumerate().all(|(i, &run)| {
            if open && i + 1 == got.len() {
                run <= clue[i]
            } else {
                run == clue[i]
            }
        })
}
