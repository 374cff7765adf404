//! The reference line solver of every kind whose cells take one palette entry: enumerate every
//! placement of the runs (each its exact cells, a triangle's caps included, with an empty cell
//! between two runs wherever the clue needs one: `Clue::needs_gap_after`), keep those that agree
//! with what is known of the line, and give each cell the union of what they put there.
//! Exponential in the number of runs, and meant to be: the obviously correct oracle that the
//! programme and the bit-parallel solvers of colour and triangle lines are tested against.

use nonogram_model::{Clue, ColourId, ColourSet};

use crate::kind::Contradiction;

/// Every entry each cell takes in some placement of `clue` that agrees with `cells` (each cell's
/// entries still possible), or a contradiction if no placement agrees.
pub fn solve(clue: &Clue, cells: &[ColourSet]) -> Result<Vec<ColourSet>, Contradiction> {
    let mut union = vec![ColourSet::EMPTY; cells.len()];
    let mut any = false;
    for_each_line(clue, cells.len(), |placed| {
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

/// Every line of `len` cells whose clue is `clue` (tests: the enumerator itself is checked by
/// reading each line's clue back, in `nonogram-checks`).
pub fn lines(clue: &Clue, len: usize) -> Vec<Vec<ColourId>> {
    let mut out = Vec::new();
    for_each_line(clue, len, |line| out.push(line.to_vec()));
    out
}

/// Calls `found` with every line of `len` cells whose clue is `clue`.
fn for_each_line(clue: &Clue, len: usize, mut found: impl FnMut(&[ColourId])) {
    let mut line = vec![ColourId::BACKGROUND; len];
    place(clue, 0, (0, 0), &mut line, &mut found);
}

/// Calls `found` with every line whose runs `run..` are placed in cells `start..` (the cells
/// before `start` are already written), the next run starting at `first` at the earliest.
fn place(
    clue: &Clue,
    run: usize,
    (start, first): (usize, usize),
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
        place(clue, run + 1, (end, end + gap), line, found);
    }
}
