//! The reference colour line solver: enumerate every placement of the runs, keep those that agree
//! with what is known of the line, and give each cell the union of the colours they put there.
//! Exponential in the number of runs, and meant to be: it is the obviously correct oracle that
//! the dynamic programme and the bit-parallel solver are tested against.

use nonogram_model::{Clue, ColourId, ColourSet};

use crate::kind::Contradiction;

/// Every colour each cell takes in some placement of `clue` that agrees with `cells` (each cell's
/// colours still possible), or a contradiction if no placement agrees.
pub fn solve(clue: &Clue, cells: &[ColourSet]) -> Result<Vec<ColourSet>, Contradiction> {
    let mut union = vec![ColourSet::EMPTY; cells.len()];
    let mut line = vec![ColourId::BACKGROUND; cells.len()];
    let mut any = false;
    place(clue, 0, (0, 0), &mut line, &mut |placed| {
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

/// Calls `found` with every line of `line.len()` cells whose clue is `clue`, placing runs
/// `run..` in cells `start..` (the cells before `start` are already written), the next run
/// starting at `first` at the earliest.
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
    let Run { len, colour } = clue.run(run).into();
    // The next run may start right after this one unless it has the same colour.
    let gap = usize::from(clue.needs_gap_after(run));
    for pos in first..n {
        let end = pos + len;
        if end > n {
            break;
        }
        line[start..pos].fill(ColourId::BACKGROUND);
        line[pos..end].fill(colour);
        place(clue, run + 1, (end, end + gap), line, found);
    }
}

/// A run as plain numbers.
struct Run {
    len: usize,
    colour: ColourId,
}

impl From<nonogram_model::Run> for Run {
    fn from(run: nonogram_model::Run) -> Run {
        Run {
            len: run.len as usize,
            colour: run.colour,
        }
    }
}

/// Every line of `len` cells whose clue is `clue` (tests: the enumerator itself is checked by
/// reading each line's clue back).
#[cfg(test)]
pub(crate) fn lines(clue: &Clue, len: usize) -> Vec<Vec<ColourId>> {
    let mut out = Vec::new();
    let mut line = vec![ColourId::BACKGROUND; len];
    place(clue, 0, (0, 0), &mut line, &mut |l| out.push(l.to_vec()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_model::Run;

    fn c(i: usize) -> ColourId {
        ColourId::new(i).unwrap()
    }

    #[test]
    fn enumerates_exactly_the_lines_of_the_clue() {
        // 1 red, 1 red, 2 green in 6 cells: the reds need a gap, red and green may touch.
        let clue = Clue::coloured([Run::new(1, c(1)), Run::new(1, c(1)), Run::new(2, c(2))]);
        let lines = lines(&clue, 6);
        for line in &lines {
            assert_eq!(Clue::from_colours(line.iter().copied()), clue, "{line:?}");
        }
        // Cells: r.rgg then one free cell placed in 3 gaps... count by hand: the shape needs 5
        // cells, one spare cell goes before, between the reds, between red and green, or after.
        assert_eq!(lines.len(), 4);
        assert_eq!(super::lines(&Clue::empty(), 3).len(), 1);
        assert!(super::lines(&clue, 4).is_empty());
    }
}
