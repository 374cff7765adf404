//! The reference line solver: enumerate every placement of the runs that agrees with the known
//! cells and keep the cells on which all of them agree. Exponential in the number of runs, and
//! meant to be: it is the obviously-correct oracle for the fast solvers.

use crate::Contradiction;
use nonogram_model::Cell;

/// Every cell common to all placements consistent with `cells`, or a contradiction if none is.
pub fn solve(clue: &[u32], cells: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
    let n = cells.len();
    let mut can_fill = vec![false; n];
    let mut can_empty = vec![false; n];
    let mut line = vec![false; n];
    let mut any = false;
    place(clue, cells, 0, &mut line, &mut |placed| {
        any = true;
        for (i, &filled) in placed.iter().enumerate() {
            if filled {
                can_fill[i] = true;
            } else {
                can_empty[i] = true;
            }
        }
    });
    if !any {
        return Err(Contradiction);
    }
    Ok((0..n)
        .map(|i| match (can_fill[i], can_empty[i]) {
            (true, false) => Cell::Filled,
            (false, true) => Cell::Empty,
            _ => Cell::Unknown,
        })
        .collect())
}

/// Places the runs of `clue` from cell `start` on, calling `found` with each full line that
/// agrees with `cells`.
fn place(
    clue: &[u32],
    cells: &[Cell],
    start: usize,
    line: &mut [bool],
    found: &mut dyn FnMut(&[bool]),
) {
    let n = cells.len();
    let Some((&run, rest)) = clue.split_first() else {
        // No runs left: the rest of the line is empty.
        if cells[start..].iter().all(|&c| c != Cell::Filled) {
            line[start..].fill(false);
            found(line);
        }
        return;
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
            place(rest, cells, end + 1, line, found);
        } else if rest.is_empty() {
            found(line);
        }
    }
}
