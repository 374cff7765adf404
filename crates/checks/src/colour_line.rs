//! The colour line solvers against the enumerating oracle, on one line whose cells each have a
//! set of palette entries still possible.
//!
//! The reference is [`naive::solve`] whenever its enumeration is cheap enough (at most
//! [`NAIVE_MAX_PLACEMENTS`] placements of the runs, by [`naive_placements`]), else the dynamic
//! programme [`dp::Scratch`], itself held to the naive solver on every cheaper line. On lines
//! with at most [`PLAIN_MAX_LINES`] colourings the naive solver is in turn held to plain
//! enumeration of every colouring. Lines reach both widths of the bit-parallel solver (up to 63
//! and up to 127 cells) and the dynamic programme beyond.

use arbitrary::{Arbitrary, Unstructured};
use nonogram_model::{Clue, ColourId, ColourSet, Run};

use nonogram_core::colour::dp;
use nonogram_core::colour::line::{cells_to_masks, masks_to_cells, solve_cells, ColourLineSolver};
use nonogram_core::colour::naive;
use nonogram_core::Contradiction;

use crate::{bits, prefix_placements, revealed};

/// The most placements for which the naive solver is the reference.
pub const NAIVE_MAX_PLACEMENTS: f64 = 2e4;

/// The most colourings of a line checked one by one against the naive solver.
pub const PLAIN_MAX_LINES: usize = 1 << 12;

/// The most palette entries (the background and up to four colours).
pub const MAX_ENTRIES: usize = 5;

/// One colour line: a clue, the palette's size and each cell's possible entries.
#[derive(Clone, PartialEq, Eq)]
pub struct ColourLineCase {
    /// The clue: runs of at least one cell, of colours `1..entries`.
    pub clue: Clue,
    /// Palette entries, the background included: 2 to [`MAX_ENTRIES`].
    pub entries: usize,
    /// The entries each cell may still take (a subset of the palette; may be empty), at least
    /// one cell.
    pub cells: Vec<ColourSet>,
}

impl std::fmt::Debug for ColourLineCase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let runs: Vec<(u32, usize)> = self
            .clue
            .iter()
            .map(|r| (r.len, r.colour.index()))
            .collect();
        write!(
            f,
            "ColourLineCase {{ clue (length, colour): {runs:?}, entries: {}, cells: {} }}",
            self.entries,
            show(&self.cells)
        )
    }
}

/// Cells as their possible entries in hex (`3` is entries 0 and 1), one character a cell.
fn show(cells: &[ColourSet]) -> String {
    cells
        .iter()
        .map(|c| char::from_digit(c.bits() as u32 & 31, 32).unwrap_or('?'))
        .collect()
}

impl<'a> Arbitrary<'a> for ColourLineCase {
    /// Mostly short lines (the naive solver's), then lines around the bit-parallel solver's
    /// widths (63, 64, 127, 128 cells) and longer. The clue is that of a random coloured line or
    /// free runs; cells are unknown, known, or narrowed to a random subset that keeps (or, with
    /// noise, may lose) the line's colour.
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<ColourLineCase> {
        let entries = u.int_in_range(2..=MAX_ENTRIES)?;
        let len = match u.int_in_range(0u8..=15)? {
            0..=9 => u.int_in_range(1..=12)?,
            10..=11 => u.int_in_range(13..=40)?,
            12 | 13 => {
                let edge = *u.choose(&[63usize, 64, 127, 128])?;
                edge + u.int_in_range(0..=2)? - 1
            }
            _ => u.int_in_range(41..=300)?,
        };
        let filled = bits(u, len)?;
        let mut line = Vec::with_capacity(len);
        for &f in &filled {
            let colour = if f {
                1 + u.int_in_range(0..=entries - 2)?
            } else {
                0
            };
            line.push(ColourId::new(colour).expect("a small entry"));
        }
        let clue = if u.arbitrary()? {
            Clue::from_colours(line.iter().copied())
        } else {
            let count = u.int_in_range(0..=len.div_ceil(2).min(40))?;
            let longest = u.int_in_range(1..=len as u32)?;
            let runs = (0..count)
                .map(|_| {
                    let length = u.int_in_range(1..=longest)?;
                    let colour = 1 + u.int_in_range(0..=entries - 2)?;
                    Ok(Run::new(
                        length,
                        ColourId::new(colour).expect("a small entry"),
                    ))
                })
                .collect::<arbitrary::Result<Vec<Run>>>()?;
            Clue::coloured(runs)
        };
        let shown = revealed(u, len)?;
        let narrowed = revealed(u, len)?;
        let noisy = u.ratio(1u8, 4)?;
        let flips = bits(u, len)?;
        let all = ColourSet::all(entries);
        let mut cells = Vec::with_capacity(len);
        for i in 0..len {
            let truth = ColourSet::single(line[i]);
            let mut set = if shown[i] { truth } else { all };
            if narrowed[i] && !shown[i] {
                let subset = ColourSet::from_bits(u64::from(u.arbitrary::<u8>()?)).and(all);
                set = subset.or(truth);
            }
            if noisy && flips[i] {
                set = ColourSet::from_bits(u64::from(u.arbitrary::<u8>()?)).and(all);
            }
            cells.push(set);
        }
        Ok(ColourLineCase {
            clue,
            entries,
            cells,
        })
    }
}

/// Checks every colour line solver, and `feasible`, against the reference on `case`.
pub fn check(case: &ColourLineCase) {
    let ColourLineCase {
        clue,
        entries,
        cells,
    } = case;
    let (len, entries) = (cells.len(), *entries);
    assert!(
        len > 0
            && (2..=MAX_ENTRIES).contains(&entries)
            && clue
                .iter()
                .all(|r| r.len > 0 && !r.colour.is_background() && r.colour.index() < entries),
        "not a colour line: {case:?}"
    );
    let (reference_name, reference) = if naive_placements(clue, len) <= NAIVE_MAX_PLACEMENTS {
        if (entries as f64).powi(len as i32) <= PLAIN_MAX_LINES as f64 {
            assert_eq!(
                naive::solve(clue, cells),
                plain(clue, entries, cells),
                "naive against plain enumeration, {case:?}"
            );
        }
        ("naive", naive::solve(clue, cells))
    } else {
        let masks = cells_to_masks(cells, entries);
        let mut out = vec![u64::MAX; masks.len()];
        let answer = dp::Scratch::default()
            .solve(clue, len, entries, &masks, &mut out)
            .map(|()| masks_to_cells(&out, len, entries));
        ("dp", answer)
    };
    let masks = cells_to_masks(cells, entries);
    let mut solver = ColourLineSolver::new();
    // Twice with the same solver: its scratch is only scratch.
    for pass in ["ColourLineSolver", "ColourLineSolver reused"] {
        let mut out = vec![u64::MAX; masks.len()];
        let answer = solver
            .solve(clue, len, entries, &masks, &mut out)
            .map(|()| masks_to_cells(&out, len, entries));
        assert_eq!(
            answer.as_ref().map(|c| show(c)),
            reference.as_ref().map(|c| show(c)),
            "{pass} against {reference_name}, {case:?}"
        );
        if answer.is_ok() {
            // Only entries the cells had, and no bits past the line's end.
            assert_eq!(
                out,
                cells_to_masks(&masks_to_cells(&out, len, entries), entries)
            );
        }
        assert_eq!(
            solver.feasible(clue, len, entries, &masks),
            reference.is_ok(),
            "{pass}: feasible, {case:?}"
        );
    }
    let mut out = vec![u64::MAX; masks.len()];
    let dp_answer = dp::Scratch::default()
        .solve(clue, len, entries, &masks, &mut out)
        .map(|()| masks_to_cells(&out, len, entries));
    assert_eq!(
        dp_answer, reference,
        "dp against {reference_name}, {case:?}"
    );
    assert_eq!(
        solve_cells(clue, cells, entries),
        reference,
        "solve_cells against {reference_name}, {case:?}"
    );
    if let Ok(narrowed) = &reference {
        for (i, (after, before)) in narrowed.iter().zip(cells).enumerate() {
            assert!(
                after.is_subset(*before) && !after.is_empty(),
                "cell {i} widened or emptied, {case:?}"
            );
        }
    }
}

/// A bound on the placements the naive solver tries with nothing known: it places the first
/// `j` runs in every way, for each `j` (`C(f + j, j)` ways, with `f` the cells those runs leave
/// free; runs of one colour in a row need a background cell between them), whether or not the
/// rest of the clue then fits. Saturates just past [`NAIVE_MAX_PLACEMENTS`].
pub fn naive_placements(clue: &Clue, len: usize) -> f64 {
    let mut previous = None;
    let needed = clue.iter().scan(0u64, |needed, run| {
        *needed += u64::from(run.len) + u64::from(previous == Some(run.colour));
        previous = Some(run.colour);
        Some(*needed)
    });
    prefix_placements(needed, len, NAIVE_MAX_PLACEMENTS).unwrap_or(NAIVE_MAX_PLACEMENTS * 2.0)
}

/// The naive solver's answer by plain enumeration: every colouring of the line whose clue is
/// `clue` and whose cells are in their sets, their colours united per cell.
fn plain(
    clue: &Clue,
    entries: usize,
    cells: &[ColourSet],
) -> Result<Vec<ColourSet>, Contradiction> {
    let n = cells.len();
    let total = entries.pow(n as u32);
    let mut union: Option<Vec<ColourSet>> = None;
    for mut code in 0..total {
        let line: Vec<ColourId> = (0..n)
            .map(|_| {
                let c = code % entries;
                code /= entries;
                ColourId::new(c).expect("a small entry")
            })
            .collect();
        if !line.iter().zip(cells).all(|(&c, set)| set.contains(c))
            || Clue::from_colours(line.iter().copied()) != *clue
        {
            continue;
        }
        let mut u = union.unwrap_or_else(|| vec![ColourSet::EMPTY; n]);
        for (set, &c) in u.iter_mut().zip(&line) {
            *set = set.with(c);
        }
        union = Some(u);
    }
    union.ok_or(Contradiction)
}
