//! The triangle line solver against the enumerating oracle ([`super::naive`]), and the oracle
//! against plain enumeration of every line of cells judged by the model's own rule
//! (`nonogram_model::triangle::line_fits`) on short lines: three formulations of the rules
//! (a dynamic programme over placements, recursive placement, and matching a finished line),
//! held to one another.

use nonogram_model::triangle::{self, End};
use nonogram_model::{Axis, Clue, ColourId, ColourSet, Palette, Run};

use super::line::{solve_cells, TriangleLineSolver};
use super::naive;
use crate::kind::entries::{cells_to_masks, masks_to_cells};
use crate::kind::Contradiction;

/// The entries of the triangle palette.
pub const ENTRIES: usize = 6;

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

/// A small deterministic generator (SplitMix64), so that a failing case is reproducible from
/// its seed.
#[derive(Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

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

/// Checks the line solver (twice, with its scratch reused), its `feasible`, and
/// [`solve_cells`] against the naive solver on `case`, and on short lines the naive solver
/// against plain enumeration.
pub fn check(case: &TriangleLineCase, solver: &mut TriangleLineSolver) {
    let TriangleLineCase { axis, clue, cells } = case;
    let len = cells.len();
    let reference = naive::solve(clue, cells);
    if len <= PLAIN_MAX_LEN {
        assert_eq!(
            reference,
            plain(clue, cells),
            "naive against plain, {case:?}"
        );
    }
    let masks = cells_to_masks(cells, ENTRIES);
    for pass in ["TriangleLineSolver", "TriangleLineSolver reused"] {
        let mut out = vec![u64::MAX; masks.len()];
        let answer = solver
            .solve(clue, len, ENTRIES, &masks, &mut out)
            .map(|()| masks_to_cells(&out, len, ENTRIES));
        assert_eq!(answer, reference, "{pass} against naive, {case:?}");
        assert_eq!(
            solver.feasible(clue, len, ENTRIES, &masks),
            reference.is_ok(),
            "{pass}: feasible, {case:?}"
        );
    }
    assert_eq!(solve_cells(clue, cells, ENTRIES), reference, "{case:?}");
    let _ = axis;
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

    #[test]
    fn long_lines_reach_past_a_word() {
        let mut rng = Rng::new(7);
        let mut solver = TriangleLineSolver::new();
        for _ in 0..300 {
            let mut case = random_case(&mut rng, 12);
            // Pad to 60..140 cells with unknown cells around a known one: the naive solver's
            // enumeration stays small since the clue is short.
            let pad = 60 + rng.below(80);
            case.cells
                .extend(std::iter::repeat_n(ColourSet::all(ENTRIES), pad));
            if case.clue.len() <= 4 {
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
}
