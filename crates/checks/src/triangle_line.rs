//! The triangle line solver against the enumerating oracle ([`naive`]) and the line
//! programme ([`TriangleLineSolver::solve_dp`]), and the oracle against plain enumeration of
//! every line of cells judged by the model's own rule (`nonogram_model::triangle::line_fits`)
//! on short lines: four formulations of the rules (bit-parallel passes, a dynamic programme
//! over placements, recursive placement, and matching a finished line), held to one another.
//!
//! The cell-parallel solver (up to 128 cells) is held to the programme on every line, to the
//! naive solver whenever its enumeration is cheap enough (at most [`NAIVE_MAX_PLACEMENTS`]
//! placements of the runs), and the naive solver to plain enumeration up to
//! [`PLAIN_MAX_LEN`] cells. [`TriangleLineCase`] is what the `triangle_lines` fuzz target
//! decodes from raw bytes, and [`run`] is that target.

use arbitrary::{Arbitrary, Unstructured};
use nonogram_model::triangle::{self, End};
use nonogram_model::{Axis, Clue, ColourId, ColourSet, Palette, Run};

use nonogram_core::colour::line::{cells_to_masks, masks_to_cells};
use nonogram_core::triangle::line::{solve_cells, TriangleLineSolver, MAX_PARALLEL};
use nonogram_core::triangle::naive;
use nonogram_core::triangle::parallel::{Scratch, Shapes};
pub use nonogram_core::triangle::ENTRIES;
use nonogram_core::Contradiction;

use crate::{bits, prefix_placements, revealed};

/// The most placements for which the naive solver is a reference.
pub const NAIVE_MAX_PLACEMENTS: f64 = 2e4;

/// The most cells for which plain enumeration (`6^len` lines) checks the oracle.
pub const PLAIN_MAX_LEN: usize = 5;

/// One triangle line: its axis, its clue and each cell's possible entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TriangleLineCase {
    /// Which way the line runs (caps face their runs along it).
    pub axis: Axis,
    /// The clue: black runs with caps that suit `axis`.
    pub clue: Clue,
    /// The entries each cell may still take.
    pub cells: Vec<ColourSet>,
}

/// The seeded generator of the benchmarks' puzzles (SplitMix64), so that a failing case is
/// reproducible from its seed.
pub use nonogram_core::generate::Rng;

/// A random line of at most `max_len` cells: a clue that some random line of cells satisfies
/// (read back by the model) or random capped runs, and cells unknown, known, narrowed to a
/// subset that keeps that line's cell, or (now and then) random subsets.
pub fn random_case(rng: &mut Rng, max_len: usize) -> TriangleLineCase {
    let axis = if rng.below(2) == 0 {
        Axis::Row
    } else {
        Axis::Column
    };
    let len = 1 + rng.below(max_len);
    let truth: Vec<ColourId> = (0..len)
        .map(|_| {
            let e = match rng.below(10) {
                0..=3 => 0,
                4..=6 => 1,
                _ => 2 + rng.below(4),
            };
            ColourId::new(e).expect("an entry")
        })
        .collect();
    let clue = if rng.below(3) > 0 {
        triangle::clue_of_line(axis, &truth)
    } else {
        let runs = (0..rng.below(len.div_ceil(2) + 1)).map(|_| {
            let cap = |rng: &mut Rng, end| {
                if rng.below(2) == 0 {
                    ColourId::BACKGROUND
                } else {
                    let d = if rng.below(2) == 0 { '/' } else { '\\' };
                    triangle::cap(axis, end, d).expect("a diagonal")
                }
            };
            let caps = [cap(rng, End::Start), cap(rng, End::End)];
            let least = caps.iter().filter(|c| !c.is_background()).count().max(1);
            let run_len = least + rng.below(3);
            (Run::new(run_len as u32, ColourId::BLACK), caps)
        });
        Clue::capped(runs.collect::<Vec<_>>())
    };
    let all = ColourSet::all(ENTRIES);
    let noisy = rng.below(4) == 0;
    let cells = truth
        .iter()
        .map(|&t| match rng.below(8) {
            0..=3 => all,
            4 => ColourSet::single(t),
            5 | 6 => ColourSet::from_bits(rng.next_u64() & all.bits()).with(t),
            _ if noisy => ColourSet::from_bits(rng.next_u64() & all.bits()),
            _ => all,
        })
        .collect();
    TriangleLineCase { axis, clue, cells }
}

/// The placements the naive solver tries on `case` with nothing known, or `None` past
/// `cap` (`crate::prefix_placements`).
pub fn naive_placements(clue: &Clue, len: usize, cap: f64) -> Option<f64> {
    let mut needed = 0;
    let runs = (0..clue.len()).map(|r| {
        needed += u64::from(clue.runs()[r]) + u64::from(r > 0 && clue.needs_gap_after(r - 1));
        needed
    });
    prefix_placements(runs, len, cap)
}

/// Checks the line solver (twice, with its scratch reused, and with the clue read beforehand),
/// its `feasible`, and
/// [`solve_cells`] against the line programme on `case`, all of them against the naive
/// solver when its enumeration is cheap, and on short lines the naive solver against plain
/// enumeration.
pub fn check(case: &TriangleLineCase, solver: &mut TriangleLineSolver) {
    let TriangleLineCase { clue, cells, .. } = case;
    let len = cells.len();
    let masks = cells_to_masks(cells, ENTRIES);
    let mut out = vec![u64::MAX; masks.len()];
    let reference = solver
        .solve_dp(clue, len, ENTRIES, &masks, &mut out)
        .map(|()| masks_to_cells(&out, len, ENTRIES));
    if naive_placements(clue, len, NAIVE_MAX_PLACEMENTS).is_some() {
        let naive = naive::solve(clue, cells);
        assert_eq!(
            reference, naive,
            "the line programme against naive, {case:?}"
        );
        if len <= PLAIN_MAX_LEN {
            assert_eq!(naive, plain(clue, cells), "naive against plain, {case:?}");
        }
    }
    // The bit-parallel passes take every line they can hold, so the comparisons below are
    // theirs, not the programme's against itself.
    if len <= MAX_PARALLEL {
        let mut out = vec![u64::MAX; masks.len()];
        let shapes = Shapes::new(clue, ENTRIES);
        let answer = if len <= 64 {
            Scratch::<u64>::default().solve_shapes(&shapes, len, ENTRIES, &masks, &mut out)
        } else {
            Scratch::<u128>::default().solve_shapes(&shapes, len, ENTRIES, &masks, &mut out)
        };
        let answer = answer.expect("the bit-parallel passes take the line");
        let answer = answer.map(|()| masks_to_cells(&out, len, ENTRIES));
        assert_eq!(
            answer, reference,
            "bit-parallel against the programme, {case:?}"
        );
    }
    for pass in ["TriangleLineSolver", "TriangleLineSolver reused"] {
        let mut out = vec![u64::MAX; masks.len()];
        let answer = solver
            .solve(clue, len, ENTRIES, &masks, &mut out)
            .map(|()| masks_to_cells(&out, len, ENTRIES));
        assert_eq!(answer, reference, "{pass} against the programme, {case:?}");
        assert_eq!(
            solver.feasible(clue, len, ENTRIES, &masks),
            reference.is_ok(),
            "{pass}: feasible, {case:?}"
        );
    }
    // With the clue read beforehand, as propagation and the learner call it.
    let shapes = Shapes::new(clue, ENTRIES);
    let mut out = vec![u64::MAX; masks.len()];
    let answer = solver
        .solve_prepared((clue, &shapes), len, ENTRIES, &masks, &mut out)
        .map(|()| masks_to_cells(&out, len, ENTRIES));
    assert_eq!(
        answer, reference,
        "prepared against the programme, {case:?}"
    );
    assert_eq!(
        solver.feasible_prepared((clue, &shapes), len, ENTRIES, &masks),
        reference.is_ok(),
        "prepared: feasible, {case:?}"
    );
    assert_eq!(solve_cells(clue, cells, ENTRIES), reference, "{case:?}");
}

impl<'a> Arbitrary<'a> for TriangleLineCase {
    /// Mostly short lines (the naive solver's), then lines around the bit-parallel solver's
    /// widths (64 and 128 cells) and longer. The clue is the one the model reads back
    /// from a random line of cells, or free capped runs (caps that suit the axis); cells are unknown, known, or narrowed to a random subset that
    /// keeps (or, with noise, may lose) the line's cell.
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<TriangleLineCase> {
        let axis = if u.arbitrary()? {
            Axis::Row
        } else {
            Axis::Column
        };
        let len = match u.int_in_range(0u8..=15)? {
            0..=9 => u.int_in_range(1..=12)?,
            10..=11 => u.int_in_range(13..=40)?,
            12 | 13 => {
                let edge = *u.choose(&[64usize, 128])?;
                edge + u.int_in_range(0..=2)? - 1
            }
            _ => u.int_in_range(41..=200)?,
        };
        let (filled, black) = (bits(u, len)?, bits(u, len)?);
        let mut truth = Vec::with_capacity(len);
        for i in 0..len {
            let e = match (filled[i], black[i]) {
                (false, _) => 0,
                (true, true) => 1,
                (true, false) => 2 + u.int_in_range(0..=3)?,
            };
            truth.push(ColourId::new(e).expect("an entry"));
        }
        let clue = if u.arbitrary()? {
            triangle::clue_of_line(axis, &truth)
        } else {
            let count = u.int_in_range(0..=len.div_ceil(2).min(30))?;
            let longest = u.int_in_range(1..=len.min(12) as u32)?;
            let mut runs = Vec::with_capacity(count);
            for _ in 0..count {
                let mut cap = |end| -> arbitrary::Result<ColourId> {
                    Ok(match u.int_in_range(0u8..=2)? {
                        0 => ColourId::BACKGROUND,
                        1 => triangle::cap(axis, end, '/').expect("a diagonal"),
                        _ => triangle::cap(axis, end, '\\').expect("a diagonal"),
                    })
                };
                let caps = [cap(End::Start)?, cap(End::End)?];
                // At least as many cells as caps, as a puzzle's clues must have.
                let least = caps.iter().filter(|c| !c.is_background()).count().max(1) as u32;
                let run_len = least + u.int_in_range(0..=longest - 1)?;
                runs.push((Run::new(run_len, ColourId::BLACK), caps));
            }
            Clue::capped(runs)
        };
        let shown = revealed(u, len)?;
        let narrowed = revealed(u, len)?;
        let noisy = u.ratio(1u8, 4)?;
        let flips = bits(u, len)?;
        let all = ColourSet::all(ENTRIES);
        let mut cells = Vec::with_capacity(len);
        for i in 0..len {
            let known = ColourSet::single(truth[i]);
            let mut set = if shown[i] { known } else { all };
            if narrowed[i] && !shown[i] {
                let subset = ColourSet::from_bits(u64::from(u.arbitrary::<u8>()?)).and(all);
                set = subset.or(known);
            }
            if noisy && flips[i] {
                set = ColourSet::from_bits(u64::from(u.arbitrary::<u8>()?)).and(all);
            }
            cells.push(set);
        }
        Ok(TriangleLineCase { axis, clue, cells })
    }
}

/// Decodes a case from raw bytes (as the `triangle_lines` fuzz target does) and checks it.
pub fn run(data: &[u8]) {
    crate::decode_and_check(data, |case: &TriangleLineCase| {
        check(case, &mut TriangleLineSolver::new())
    });
}

/// Every line of cells in their sets that satisfies `clue` by the model's rule, united.
fn plain(clue: &Clue, cells: &[ColourSet]) -> Result<Vec<ColourSet>, Contradiction> {
    let n = cells.len();
    let mut union: Option<Vec<ColourSet>> = None;
    let mut line = vec![ColourId::BACKGROUND; n];
    for mut code in 0..ENTRIES.pow(n as u32) {
        for cell in line.iter_mut() {
            *cell = ColourId::new(code % ENTRIES).expect("an entry");
            code /= ENTRIES;
        }
        if !line.iter().zip(cells).all(|(&c, set)| set.contains(c))
            || !triangle::line_fits(clue, &line)
        {
            continue;
        }
        let u = union.get_or_insert_with(|| vec![ColourSet::EMPTY; n]);
        for (set, &c) in u.iter_mut().zip(&line) {
            *set = set.with(c);
        }
    }
    union.ok_or(Contradiction)
}

/// The triangle palette's characters for a line of cells (tests' messages).
pub fn show(cells: &[ColourId]) -> String {
    let palette = Palette::triangles();
    cells.iter().map(|&c| palette.colour(c).symbol).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_solver_agrees_with_enumeration_on_random_lines() {
        let mut rng = Rng::new(44);
        let mut solver = TriangleLineSolver::new();
        let (mut solved, mut contradictions) = (0, 0);
        for _ in 0..10_000 {
            let case = random_case(&mut rng, 12);
            check(&case, &mut solver);
            if naive::solve(&case.clue, &case.cells).is_ok() {
                solved += 1;
            } else {
                contradictions += 1;
            }
        }
        // Both outcomes are exercised, often.
        assert!(
            solved > 2_500 && contradictions > 1_000,
            "{solved} {contradictions}"
        );
    }

    /// Lines up to 40 cells: the bit-parallel passes against the programme on all of them,
    /// against the naive solver on most.
    #[test]
    fn the_bit_parallel_passes_agree_on_random_lines() {
        let mut rng = Rng::new(2044);
        let mut solver = TriangleLineSolver::new();
        let (mut solved, mut contradictions, mut naive) = (0, 0, 0);
        for _ in 0..10_000 {
            let case = random_case(&mut rng, 40);
            check(&case, &mut solver);
            let (clue, len) = (&case.clue, case.cells.len());
            if naive_placements(clue, len, NAIVE_MAX_PLACEMENTS).is_some() {
                naive += 1;
            }
            let masks = cells_to_masks(&case.cells, ENTRIES);
            let mut out = vec![0; masks.len()];
            match solver.solve_dp(clue, len, ENTRIES, &masks, &mut out) {
                Ok(()) => solved += 1,
                Err(Contradiction) => contradictions += 1,
            }
        }
        assert!(
            solved > 2_500 && contradictions > 1_000 && naive > 5_000,
            "{solved} {contradictions} {naive}"
        );
    }

    #[test]
    fn long_lines_reach_past_a_word() {
        let mut rng = Rng::new(7);
        let mut solver = TriangleLineSolver::new();
        for _ in 0..300 {
            let mut case = random_case(&mut rng, 12);
            // Pad to 60..140 cells with unknown cells around a known one: the naive solver's
            // enumeration stays small when the clue is short.
            let pad = 60 + rng.below(80);
            case.cells
                .extend(std::iter::repeat_n(ColourSet::all(ENTRIES), pad));
            check(&case, &mut solver);
        }
        // Lines of every length around both words' widths, many runs: the programme is the
        // reference.
        for _ in 0..3_000 {
            let len = 1 + rng.below(140);
            let case = random_case(&mut rng, len);
            check(&case, &mut solver);
        }
    }

    /// A clue no puzzle accepts (`PuzzleError::BadCap`), a run with more caps than cells, fits
    /// nowhere in either solver, rather than being read as a longer run.
    #[test]
    fn runs_with_more_caps_than_cells_fit_nowhere() {
        let caps = [triangle::UPPER_RIGHT, triangle::LOWER_LEFT];
        let clue = Clue::capped([(Run::new(1, ColourId::BLACK), caps)]);
        let cells = vec![ColourSet::all(ENTRIES); 6];
        let masks = cells_to_masks(&cells, ENTRIES);
        let mut solver = TriangleLineSolver::new();
        let mut out = vec![0; masks.len()];
        assert_eq!(
            solver.solve(&clue, 6, ENTRIES, &masks, &mut out),
            Err(Contradiction)
        );
        assert_eq!(
            solver.solve_dp(&clue, 6, ENTRIES, &masks, &mut out),
            Err(Contradiction)
        );
        assert!(!solver.feasible(&clue, 6, ENTRIES, &masks));
    }

    /// Lines that fill a word, or just miss or pass it: the top bit of a `u64` or `u128` is a
    /// cell, and nothing may fall off it (a run's window once did, at 64 cells).
    #[test]
    fn lines_at_the_edges_of_a_word() {
        let mut rng = Rng::new(64);
        let mut solver = TriangleLineSolver::new();
        for len in [63, 64, 65, 127, 128, 129] {
            for _ in 0..1_500 {
                let mut case = random_case(&mut rng, len);
                // Pad a shorter line on the left with unknown cells, up to `len`.
                let pad = len - case.cells.len();
                case.cells
                    .splice(0..0, std::iter::repeat_n(ColourSet::all(ENTRIES), pad));
                check(&case, &mut solver);
            }
        }
    }

    #[test]
    fn a_glued_run_and_touching_triangles() {
        let row = |text: &str| -> Vec<ColourSet> {
            let palette = Palette::triangles();
            text.chars()
                .map(|c| match c {
                    '?' => ColourSet::all(ENTRIES),
                    c => ColourSet::single(palette.by_symbol(c).unwrap()),
                })
                .collect()
        };
        // `/4\` in a row of five: ◢##◣ at 0 or 1; cells 1 and 2 are black for sure... only
        // cell 2 is black in both, cells 1 and 3 black or a cap.
        let clue = triangle::clue_of_line(
            Axis::Row,
            &row("◢##◣")
                .iter()
                .map(|s| s.iter().next().unwrap())
                .collect::<Vec<_>>(),
        );
        let out = solve_cells(&clue, &row("?????"), ENTRIES).unwrap();
        assert_eq!(out[2], ColourSet::single(ColourId::BLACK));
        assert_eq!(
            out[0],
            ColourSet::single(ColourId::BACKGROUND).with(triangle::LOWER_RIGHT)
        );
        assert!(solve_cells(&clue, &row("?.???"), ENTRIES).is_err());
    }

    /// A run longer than the line, or than the word that holds it, fits nowhere: the passes
    /// shift by a run's length, which must not reach past the word.
    #[test]
    fn runs_longer_than_the_word_fit_nowhere() {
        for &(len, run) in crate::OVERLONG_RUNS {
            for caps in [
                [ColourId::BACKGROUND; 2],
                [triangle::LOWER_RIGHT, ColourId::BACKGROUND],
            ] {
                let clue = Clue::capped(vec![(Run::new(run, ColourId::BLACK), caps)]);
                let cells = vec![ColourSet::all(ENTRIES); len];
                assert!(
                    solve_cells(&clue, &cells, ENTRIES).is_err(),
                    "{run} on {len}"
                );
                let masks = cells_to_masks(&cells, ENTRIES);
                assert!(!TriangleLineSolver::new().feasible(&clue, len, ENTRIES, &masks));
            }
        }
    }
}
