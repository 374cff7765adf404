use nonogram_model::{Axis, Cell, ColourId, Run};
use proptest::prelude::*;

use super::*;
use crate::generate::{random_colour_puzzle, random_puzzle, Rng};
use crate::kinds::colour::naive;

fn colour(i: usize) -> ColourId {
    ColourId::new(i).unwrap()
}

fn weight() -> impl Strategy<Value = f64> {
    prop_oneof![1 => Just(0.0), 1 => Just(1.0), 3 => 0.0f64..=1.0]
}

/// A clue of up to four runs in up to three colours, a line of up to 12 cells, and a weight per
/// cell and entry (four entries: background and three colours).
fn case() -> impl Strategy<Value = (Clue, usize, Vec<f64>)> {
    (
        prop::collection::vec((1u32..=4, 1usize..=3), 0..=4),
        0usize..=12,
    )
        .prop_flat_map(|(runs, n)| {
            let clue = Clue::coloured(runs.into_iter().map(|(len, c)| Run::new(len, colour(c))));
            (Just(clue), Just(n), prop::collection::vec(weight(), 4 * n))
        })
}

proptest! {
    /// Weighted shares against the weighted enumeration of every placement.
    #[test]
    fn line_shares_agree_with_enumeration((clue, n, weights) in case()) {
        let entries = 4;
        let (mut total, mut mass) = (0.0, vec![0.0; entries * n]);
        for line in naive::lines(&clue, n) {
            let weight: f64 = line
                .iter()
                .enumerate()
                .map(|(i, c)| weights[c.index() * n + i])
                .product();
            total += weight;
            for (i, c) in line.iter().enumerate() {
                mass[c.index() * n + i] += weight;
            }
        }
        let mut out = Vec::new();
        let result = line_shares(&clue, n, entries, &weights, &mut LineScratch::default(), &mut out);
        prop_assert_eq!(result, if total > 0.0 { Ok(()) } else { Err(Weightless::Nothing) });
        if result.is_ok() {
            for (x, &share) in out.iter().enumerate() {
                prop_assert!((share - mass[x] / total).abs() < 1e-9, "entry {} cell {}", x / n.max(1), x % n.max(1));
            }
        }
    }
}

/// A run of a colour the palette lacks never fits; an empty clue leaves every cell background.
#[test]
fn lines_outside_the_palette_and_empty_lines() {
    let clue = Clue::coloured([Run::new(1, colour(3))]);
    let mut out = Vec::new();
    let ones = vec![1.0; 3 * 5];
    let scratch = &mut LineScratch::default();
    assert_eq!(
        line_shares(&clue, 5, 3, &ones, scratch, &mut out),
        Err(Weightless::Nothing)
    );
    line_shares(&Clue::empty(), 5, 3, &ones, scratch, &mut out).unwrap();
    assert_eq!(out, [[1.0; 5], [0.0; 5], [0.0; 5]].concat());
}

/// The clues of a puzzle, rows then columns.
fn clues_of(puzzle: &nonogram_model::Puzzle) -> Vec<&Clue> {
    [Axis::Row, Axis::Column]
        .into_iter()
        .flat_map(|axis| puzzle.clues(axis).iter())
        .collect()
}

/// With a palette of background and one colour, the colour estimate is black and white's
/// (`crate::marginals::estimate`), round for round, up to the two clamps' rounding.
#[test]
fn two_entries_agree_with_black_and_white() {
    for seed in 0..20 {
        let (w, h) = (9, 8);
        let puzzle = random_puzzle(&mut Rng::new(seed), w, h, 0.5);
        let clues = clues_of(&puzzle);
        let runs: Vec<&[u32]> = clues.iter().map(|c| c.runs()).collect();
        // A few known cells, as at a learner's level 0: the solution's first row.
        let mut known = vec![Cell::Unknown; w * h];
        let mut allowed = vec![true; 2 * w * h];
        let picture = crate::generate::random_picture(&mut Rng::new(seed), w, h, 0.5);
        for c in 0..w {
            let filled = picture.get(0, c);
            known[c] = if filled { Cell::Filled } else { Cell::Empty };
            allowed[2 * c + usize::from(!filled)] = false;
        }
        for max in [1, 3, 15] {
            let rounds = Rounds {
                max,
                ..Rounds::default()
            };
            let bw = crate::marginals::estimate(w, h, &runs, &known, rounds, || false);
            let ours = estimate(w, h, &clues, 2, &allowed, rounds, || false);
            let (Some(bw), Some(ours)) = (bw, ours) else {
                panic!("seed {seed}: the puzzle's own solution's row contradicts");
            };
            for v in 0..w * h {
                let (p, q) = (bw[v], ours[2 * v + 1]);
                assert!(
                    (p - q).abs() < 1e-4,
                    "seed {seed}, {max} rounds, cell {v}: {p} {q}"
                );
                assert!((ours[2 * v] + q - 1.0).abs() < 1e-9);
            }
        }
    }
}

/// Each cell's chances add up to 1 over the entries it may take, ruled-out entries have none,
/// a cell left one entry has it for certain, and the solution's entries are likelier than
/// chance on the whole (a random 3-colour puzzle: the estimate says something).
#[test]
fn chances_are_distributions_that_favour_the_solution() {
    let (w, h, entries) = (12, 12, 4);
    let (mut right, mut cells) = (0.0, 0);
    for seed in 0..10 {
        let puzzle = random_colour_puzzle(&mut Rng::new(seed), w, h, 3, 0.5);
        let picture = crate::generate::random_colour_picture(&mut Rng::new(seed), w, h, 3, 0.5);
        let clues = clues_of(&puzzle);
        let mut allowed = vec![true; entries * w * h];
        // The solution's colour of the first cell, and one entry ruled out of the second.
        let first = picture.colour(0, 0).index();
        for e in (0..entries).filter(|&e| e != first) {
            allowed[e] = false;
        }
        let other = (picture.colour(0, 1).index() + 1) % entries;
        allowed[entries + other] = false;
        let chance =
            estimate(w, h, &clues, entries, &allowed, Rounds::default(), || false).unwrap();
        for v in 0..w * h {
            let cell = &chance[v * entries..(v + 1) * entries];
            assert!(
                (cell.iter().sum::<f64>() - 1.0).abs() < 1e-9,
                "seed {seed} cell {v}"
            );
            for e in 0..entries {
                if !allowed[v * entries + e] {
                    assert_eq!(cell[e], 0.0);
                }
            }
            right += cell[picture.colour(v / w, v % w).index()];
            cells += 1;
        }
        assert_eq!(chance[first], 1.0);
    }
    let mean = right / f64::from(cells);
    // Four entries: chance alone would give the solution's entry about a quarter (the
    // background, at density 0.5, half).
    assert!(mean > 0.6, "the solution's entries average {mean}");
}

/// A contradiction has no estimate; a stop before any line leaves even chances.
#[test]
fn contradictions_and_stops() {
    // 2×1: the row one red cell, the first column one red cell, the second column empty.
    let red = Clue::coloured([Run::new(1, colour(1))]);
    let empty = Clue::empty();
    let clues = [&red, &red, &empty];
    let entries = 3;
    let mut allowed = vec![true; entries * 2];
    let stopped = estimate(2, 1, &clues, entries, &allowed, Rounds::default(), || true).unwrap();
    assert!(stopped.iter().all(|&p| (p - 1.0 / 3.0).abs() < 1e-12));
    let chance = estimate(2, 1, &clues, entries, &allowed, Rounds::default(), || false).unwrap();
    // (Up to the messages' floor, `SUREST`.)
    for (p, want) in chance.into_iter().zip([0.0, 1.0, 0.0, 1.0, 0.0, 0.0]) {
        assert!((p - want).abs() < 1e-5, "{p} for {want}");
    }
    // The second cell red: the empty column admits no placement.
    allowed[3] = false;
    allowed[5] = false;
    assert_eq!(
        estimate(2, 1, &clues, entries, &allowed, Rounds::default(), || false),
        None
    );
}
