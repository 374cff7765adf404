//! The reference triangle line solver: enumerate every placement of the runs (each its exact
//! cells, caps included, with an empty cell between two runs wherever both touching cells are
//! black), keep those that agree with what is known of the line, and give each cell the union
//! of what they put there. Exponential, and meant to be: the obviously correct oracle.

use nonogram_model::{Clue, ColourId, ColourSet};

use crate::kind::Contradiction;

/// Every entry each cell takes in some placement of `clue` that agrees with `cells`, or a
/// contradiction if no placement agrees.
pub fn solve(clue: &Clue, cells: &[ColourSet]) -> Result<Vec<ColourSet>, Contradiction> {
    let mut union = vec![ColourSet::EMPTY; cells.len()];
    let mut line = vec![ColourId::BACKGROUND; cells.len()];
    let mut any = false;
    place(clue, 0, 0, 0, &mut line, &mut |placed| {
        if placed.iter().zip(cells).all(|(&c, set)| set.contains(c)) {
            any = true;
            for (u, &c) in union.iter_mut().zip(placed) {
                *u = u.with(c);
            }
        }
    });
    if any {
        Ok(union)
    } else {
        Err(Contradiction)
    }
}

/// Calls `found` with every line whose placement of runs `run..` starts at `first` at the
/// earliest, the cells before `start` already written.
fn place(
    clue: &Clue,
    run: usize,
    start: usize,
    first: usize,
    line: &mut [ColourId],
    found: &mut dyn FnMut(&[ColourId]),
) {
    let n = line.len();
    if run == clue.len() {
        line[start..].fill(ColourId::BACKGROUND);
        found(line);
        return;
    }
    let cells: Vec<ColourId> = clue.run_cells(run).collect();
    let gap = usize::from(clue.needs_gap_after(run));
    for pos in first..n {
        let end = pos + cells.len();
        if end > n {
            break;
        }
        line[start..pos].fill(ColourId::BACKGROUND);
        line[pos..end].copy_from_slice(&cells);
        place(clue, run + 1, end, end + gap, line, found);
    }
}
