//! The reference line solver: enumerate every placement of the runs that agrees with the known
//! cells and keep the cells on which all of them agree. Exponential in the number of runs, and
//! meant to be: it is the obviously-correct oracle for the fast solvers.

use super::{Line, LineSolve, Masks};
use crate::kind::Contradiction;
use nonogram_model::Cell;

/// The enumerating solver, as a [`LineSolve`]: the line's masks as cells, [`solve`], and back.
/// It takes every line, and may take exponential time over it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Naive;

impl LineSolve for Naive {
    fn solve(&mut self, line: Line<'_>, out: &mut Masks) -> Result<(), Contradiction> {
        let known = Masks {
            filled: line.filled().to_vec(),
            empty: line.empty().to_vec(),
        };
        let cells = solve(line.clue(), &known.to_cells(line.len()))?;
        let solved = Masks::from_cells(&cells);
        let words = line.words();
        out.filled[..words].copy_from_slice(&solved.filled[..words]);
        out.empty[..words].copy_from_slice(&solved.empty[..words]);
        Ok(())
    }
}

/// Every cell common to all placements consistent with `cells`, or a contradiction if none is.
pub fn solve(clue: &[u32], cells: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
    solve_within(clue, cells, u64::MAX).expect("an unbounded enumeration finishes")
}

/// [`solve`], giving up (`None`) after `steps` partial placements: the oracle's answer where it
/// is quick, for tests that draw lines too long to enumerate in general.
pub fn solve_within(
    clue: &[u32],
    cells: &[Cell],
    mut steps: u64,
) -> Option<Result<Vec<Cell>, Contradiction>> {
    let n = cells.len();
    let mut can_fill = vec![false; n];
    let mut can_empty = vec![false; n];
    let mut line = vec![false; n];
    let mut any = false;
    let finished = place(clue, cells, 0, &mut line, &mut steps, &mut |placed| {
        any = true;
        for (i, &filled) in placed.iter().enumerate() {
            if filled {
                can_fill[i] = true;
            } else {
                can_empty[i] = true;
            }
        }
    });
    if !finished {
        return None;
    }
    if !any {
        return Some(Err(Contradiction));
    }
    Some(Ok((0..n)
        .map(|i| match (can_fill[i], can_empty[i]) {
            (true, false) => Cell::Filled,
            (false, true) => Cell::Empty,
            _ => Cell::Unknown,
        })
        .collect()))
}

/// Places the runs of `clue` from cell `start` on, calling `found` with each full line that
/// agrees with `cells`. Each call takes one of `steps`; returns false when they ran out.
fn place(
    clue: &[u32],
    cells: &[Cell],
    start: usize,
    line: &mut [bool],
    steps: &mut u64,
    found: &mut dyn FnMut(&[bool]),
) -> bool {
    if *steps == 0 {
        return false;
    }
    *steps -= 1;
    let n = cells.len();
    let Some((&run, rest)) = clue.split_first() else {
        // No runs left: the rest of the line is empty.
        if cells[start..].iter().all(|&c| c != Cell::Filled) {
            line[start..].fill(false);
            found(line);
        }
        return true;
    };
    let run = run as usize;
    for pos in start..n {
        // Cells before the run are empty; stop once a filled cell would be skipped.
        if pos > start && cells[pos - 1] == Cell::Filled {
            break;
        }
        if pos + run > n {
            break;
        }
        if cells[pos..pos + run].contains(&Cell::Empty) {
            continue;
        }
        let end = pos + run;
        if end < n && cells[end] == Cell::Filled {
            continue;
        }
        line[start..pos].fill(false);
        line[pos..end].fill(true);
        if end < n {
            line[end] = false;
            if !place(rest, cells, end + 1, line, steps, found) {
                return false;
            }
        } else if rest.is_empty() {
            found(line);
        }
    }
    true
}
