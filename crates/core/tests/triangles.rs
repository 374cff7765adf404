//! Whole triangle puzzles against brute force: every engine, asked for up to three
//! solutions, reports exactly the solutions that plain enumeration of every grid finds (each
//! row's lines of cells that satisfy its clue by the model's rule, stacked, the columns checked
//! the same way), and a status that claims no more than that; `deduce` never contradicts a
//! solution; the explainer reaches a solution.

use nonogram_core::model::triangle;
use nonogram_core::{Axis, ColourId, Palette, Picture, Puzzle};

use nonogram_core::explain::ColourExplainer;
use nonogram_core::generate::Rng;
use nonogram_core::triangle::ENTRIES;
use nonogram_core::{deduce, Config, Engine, Solver, Status};

/// Every line of `len` cells that satisfies `clue`, by the model's rule.
fn lines(clue: &nonogram_core::Clue, len: usize) -> Vec<Vec<ColourId>> {
    let mut out = Vec::new();
    for mut code in 0..ENTRIES.pow(len as u32) {
        let line: Vec<ColourId> = (0..len)
            .map(|_| {
                let c = code % ENTRIES;
                code /= ENTRIES;
                ColourId::new(c).expect("an entry")
            })
            .collect();
        if triangle::line_fits(clue, &line) {
            out.push(line);
        }
    }
    out
}

/// Every solution of `puzzle`, in [`Picture`] order.
fn brute_force(puzzle: &Puzzle) -> Vec<Picture> {
    let rows: Vec<Vec<Vec<ColourId>>> = puzzle
        .rows()
        .iter()
        .map(|c| lines(c, puzzle.width()))
        .collect();
    let mut found = Vec::new();
    let mut stack = Vec::new();
    fn go(
        puzzle: &Puzzle,
        rows: &[Vec<Vec<ColourId>>],
        stack: &mut Vec<Vec<ColourId>>,
        found: &mut Vec<Picture>,
    ) {
        if stack.len() == rows.len() {
            let picture = Picture::from_colour_rows(stack).expect("a grid");
            if puzzle.is_solved_by(&picture) {
                found.push(picture);
            }
            return;
        }
        for line in &rows[stack.len()] {
            stack.push(line.clone());
            go(puzzle, rows, stack, found);
            stack.pop();
        }
    }
    go(puzzle, &rows, &mut stack, &mut found);
    found.sort();
    found
}

/// A random triangle picture of `width` × `height`.
fn picture(rng: &mut Rng, width: usize, height: usize) -> Picture {
    let rows: Vec<Vec<ColourId>> = (0..height)
        .map(|_| {
            (0..width)
                .map(|_| {
                    let e = match rng.below(10) {
                        0..=4 => 0,
                        5..=6 => 1,
                        _ => 2 + rng.below(4),
                    };
                    ColourId::new(e).expect("an entry")
                })
                .collect()
        })
        .collect();
    Picture::from_colour_rows(&rows).expect("a grid")
}

#[test]
fn every_engine_agrees_with_brute_force() {
    let mut rng = Rng::new(2026);
    let engines = [Engine::Auto, Engine::Search, Engine::Learn, Engine::Sat];
    let mut verdicts = [0usize; 3];
    for case in 0..120 {
        let (width, height) = (2 + rng.below(3), 2 + rng.below(3));
        let truth = picture(&mut rng, width, height);
        let mut puzzle = Puzzle::from_coloured_picture(Palette::triangles(), &truth).unwrap();
        if case % 3 == 0 {
            // Another picture's row: often no solution, sometimes several.
            let other = Puzzle::from_coloured_picture(
                Palette::triangles(),
                &picture(&mut rng, width, height),
            )
            .unwrap();
            let mut rows = puzzle.rows().to_vec();
            rows[0] = other.rows()[0].clone();
            puzzle = Puzzle::with_palette(Palette::triangles(), rows, puzzle.columns().to_vec())
                .unwrap();
        }
        let all = brute_force(&puzzle);
        verdicts[all.len().min(2)] += 1;
        for engine in engines.into_iter().filter(|e| e.is_available()) {
            for max in 1..=3 {
                let config = Config {
                    engine,
                    max_solutions: max,
                    ..Config::default()
                };
                let outcome = Solver::new(config).solve(&puzzle);
                // All of them when there are no more than asked for, else as many as asked,
                // each a true one.
                let got = &outcome.solutions;
                assert!(
                    got.len() == all.len().min(max) && got.iter().all(|s| all.contains(s)),
                    "{engine:?} max {max}: {:?} {:?} {puzzle:?}",
                    outcome.status,
                    outcome.reason
                );
                // What the status may claim: exactly what the brute force confirms, and with
                // room for a second solution asked for, all of it.
                let allowed: &[Status] = match (all.len(), max) {
                    (0, _) => &[Status::NoSolution],
                    (1, 1) => &[Status::Solved, Status::Unique],
                    (1, _) => &[Status::Unique],
                    (_, 1) => &[Status::Solved],
                    _ => &[Status::Multiple],
                };
                assert!(
                    allowed.contains(&outcome.status),
                    "{engine:?} max {max}: {:?}, {puzzle:?}",
                    outcome.status
                );
            }
        }
        let deduction = deduce(&puzzle);
        if !deduction.contradiction {
            for solution in &all {
                for r in 0..height {
                    for c in 0..width {
                        assert!(
                            deduction.grid.get(r, c).contains(solution.colour(r, c)),
                            "deduce ruled out a solution's cell: {puzzle:?}"
                        );
                    }
                }
            }
        } else {
            assert!(all.is_empty(), "deduce found a contradiction: {puzzle:?}");
        }
        if !all.is_empty() {
            let explanation = nonogram_core::explain::explain_colour(&puzzle);
            let end = explanation
                .grid
                .to_picture()
                .expect("an explanation ends complete");
            assert!(puzzle.is_solved_by(&end), "{puzzle:?}");
            let _ = ColourExplainer::new(&puzzle).count();
        }
    }
    assert!(
        verdicts.iter().all(|&v| v >= 5),
        "cases of each kind: {verdicts:?}"
    );
    let _ = Axis::Row;
}
