//! `lines`: nanoseconds per line solve on random, partly known lines.

use std::time::{Duration, Instant};

use nonogram_core::colour::line::ColourLineSolver;
use nonogram_core::generate::{random_colour_picture, random_picture, Rng};
use nonogram_core::line::{Line, LineSolve, LineSolver, Masks};
use nonogram_core::model::{triangle, Axis, ColourId};
use nonogram_core::triangle::line::TriangleLineSolver;
use nonogram_core::triangle::parallel::Shapes;
use nonogram_core::Clue;

use crate::measure::median;

pub(crate) fn lines(lengths: &[usize], known: f64) {
    header("");
    for &len in lengths {
        let mut rng = Rng::new(42);
        let words = len.div_ceil(64);
        let mut cases = Vec::new();
        for _ in 0..2000 {
            let pic = random_picture(&mut rng, len, 1, 0.5);
            let clue = Clue::from_cells((0..len).map(|c| pic.get(0, c)))
                .runs()
                .to_vec();
            let (mut f, mut e) = (vec![0u64; words], vec![0u64; words]);
            for i in 0..len {
                if rng.next_f64() < known {
                    let w = if pic.get(0, i) { &mut f } else { &mut e };
                    w[i / 64] |= 1 << (i % 64);
                }
            }
            cases.push((clue, f, e));
        }
        let mut solver = LineSolver::new();
        let mut out = Masks::new(len);
        time(
            len,
            &cases,
            |(clue, _, _)| clue.len(),
            |(clue, f, e)| {
                let line = Line::new(clue, len, f, e);
                let _ = std::hint::black_box(solver.solve(line, &mut out));
            },
        );
    }
}

/// The colour line solver on random lines of `colours` colours (each cell filled with
/// probability 0.5, its colour uniform) with a fraction `known` of the cells known.
pub(crate) fn colour_lines(lengths: &[usize], known: f64, colours: usize) {
    header(&format!("  ({colours} colours)"));
    let entries = colours + 1;
    for &len in lengths {
        let mut rng = Rng::new(42);
        let words = len.div_ceil(64);
        let mut cases = Vec::new();
        for _ in 0..2000 {
            let pic = random_colour_picture(&mut rng, len, 1, colours, 0.5);
            let clue = Clue::from_colours((0..len).map(|c| pic.colour(0, c)));
            let mut masks = vec![0u64; entries * words];
            for i in 0..len {
                let only = rng.next_f64() < known;
                for e in 0..entries {
                    if !only || e == pic.colour(0, i).index() {
                        masks[e * words + i / 64] |= 1 << (i % 64);
                    }
                }
            }
            cases.push((clue, masks));
        }
        let mut solver = ColourLineSolver::new();
        let mut out = vec![0u64; entries * words];
        time(
            len,
            &cases,
            |(clue, _)| clue.len(),
            |(clue, masks)| {
                let _ = std::hint::black_box(solver.solve(clue, len, entries, masks, &mut out));
            },
        );
    }
}

/// The triangle line solver on rows of random triangle pictures (each cell empty with
/// probability 0.5, else black or one of the four half cells, the clue the one the model reads
/// back), with a fraction `known` of the cells known: compare with `lines` on the same lengths.
pub(crate) fn triangle_lines(lengths: &[usize], known: f64) {
    header("  (triangles)");
    let entries = 6;
    for &len in lengths {
        let mut rng = Rng::new(42);
        let words = len.div_ceil(64);
        let mut cases = Vec::new();
        for _ in 0..2000 {
            let cells: Vec<ColourId> = (0..len)
                .map(|_| {
                    let e = if rng.next_f64() < 0.5 {
                        0
                    } else if rng.next_f64() < 0.6 {
                        1
                    } else {
                        2 + (rng.next_f64() * 4.0) as usize % 4
                    };
                    ColourId::new(e).unwrap_or_default()
                })
                .collect();
            let clue = triangle::clue_of_line(Axis::Row, &cells);
            let mut masks = vec![0u64; entries * words];
            for (i, cell) in cells.iter().enumerate() {
                let only = rng.next_f64() < known;
                for e in 0..entries {
                    if !only || e == cell.index() {
                        masks[e * words + i / 64] |= 1 << (i % 64);
                    }
                }
            }
            // Read once, as propagation reads each line's clue (and as black and white's
            // solver is handed its runs).
            let shapes = Shapes::new(&clue, entries);
            cases.push((clue, shapes, masks));
        }
        let mut solver = TriangleLineSolver::new();
        let mut out = vec![0u64; entries * words];
        time(
            len,
            &cases,
            |(clue, _, _)| clue.len(),
            |(clue, shapes, masks)| {
                let solved = solver.solve_prepared((clue, shapes), len, entries, masks, &mut out);
                let _ = std::hint::black_box(solved);
            },
        );
    }
}

/// The table's header; `what` follows it on its line.
fn header(what: &str) {
    println!("{:>6} {:>10} {:>10}{what}", "cells", "ns/line", "runs/line");
}

/// Times `solve` over `cases` (lines of `len` cells): the median of 7 samples of 60 ms, each
/// as many rounds over the cases as fit, in nanoseconds a line, beside the mean number of
/// runs a clue has (`runs`), since a solver's work grows with the runs as well as the cells.
fn time<C>(len: usize, cases: &[C], runs: impl Fn(&C) -> usize, mut solve: impl FnMut(&C)) {
    let mut samples = Vec::new();
    for _ in 0..7 {
        let start = Instant::now();
        let mut solved = 0usize;
        while start.elapsed() < Duration::from_millis(60) {
            for case in cases {
                solve(case);
            }
            solved += cases.len();
        }
        samples.push(start.elapsed().as_nanos() as f64 / solved as f64);
    }
    let runs = cases.iter().map(runs).sum::<usize>() as f64 / cases.len().max(1) as f64;
    println!("{len:>6} {:>10.1} {runs:>10.1}", median(samples));
}
