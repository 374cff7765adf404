//! The brute-force reference solver and the property tests that hold every engine to it.
//!
//! The reference is the seeds' first solver: list each row's pattern set, combine rows in every
//! way, keep the combinations whose columns match. The only refinement is checking each column's
//! partial run-length encoding as rows are added (a prefix that already disagrees cannot be
//! completed), which keeps 8×8 puzzles instant without making the code any less obvious.

use nonogram_core::generate::{random_picture, Rng};
use nonogram_core::{Clue, Config, Engine, Picture, Puzzle, Solver, Status, Stop};
use proptest::prelude::*;

/// Every line of `len` cells whose run-length encoding is `clue`.
fn pattern_set(clue: &Clue, len: usize) -> Vec<Vec<bool>> {
    (0u64..1 << len)
        .map(|bits| (0..len).map(|i| bits >> i & 1 == 1).collect::<Vec<bool>>())
        .filter(|line| Clue::from_cells(line.iter().copied()) == *clue)
        .collect()
}

/// Whether the column prefix `cells` (top rows only) can still grow into `clue`.
fn column_prefix_ok(cells: &[bool], clue: &[u32], complete: bool) -> bool {
    let got = Clue::from_cells(cells.iter().copied());
    let got = got.runs();
    if complete {
        return got == clue;
    }
    if got.len() > clue.len() {
        return false;
    }
    // Every finished run must match; the last one may still be growing if the prefix ends filled.
    let open = cells.last() == Some(&true);
    for (i, &run) in got.iter().enumerate() {
        let last = i + 1 == got.len();
        if last && open {
            if run > clue[i] {
                return false;
            }
        } else if run != clue[i] {
            return false;
        }
    }
    true
}

/// All solutions, by brute force (tests only: exponential).
fn brute_force(puzzle: &Puzzle) -> Vec<Picture> {
    let (w, h) = (puzzle.width(), puzzle.height());
    let sets: Vec<_> = puzzle.rows().iter().map(|c| pattern_set(c, w)).collect();
    let mut rows: Vec<Vec<bool>> = Vec::new();
    let mut out = Vec::new();
    fn go(
        puzzle: &Puzzle,
        sets: &[Vec<Vec<bool>>],
        rows: &mut Vec<Vec<bool>>,
        out: &mut Vec<Picture>,
    ) {
        let (w, h) = (puzzle.width(), puzzle.height());
        let depth = rows.len();
        for c in 0..w {
            let column: Vec<bool> = rows.iter().map(|r| r[c]).collect();
            if !column_prefix_ok(&column, puzzle.columns()[c].runs(), depth == h) {
                return;
            }
        }
        if depth == h {
            out.push(Picture::from_rows(rows).unwrap());
            return;
        }
        for pattern in &sets[depth] {
            rows.push(pattern.clone());
            go(puzzle, sets, rows, out);
            rows.pop();
        }
    }
    let _ = h;
    go(puzzle, &sets, &mut rows, &mut out);
    out
}

/// Checks one engine configuration against the brute-force solution set.
fn check(puzzle: &Puzzle, all: &[Picture], config: Config) -> Result<(), TestCaseError> {
    let max = config.max_solutions;
    let outcome = Solver::new(config.clone()).solve(puzzle);
    for s in &outcome.solutions {
        prop_assert!(all.contains(s), "engine returned a non-solution {config:?}");
    }
    let mut distinct = outcome.solutions.clone();
    distinct.sort_by_key(|p| p.row_strings());
    distinct.dedup();
    prop_assert_eq!(distinct.len(), outcome.solutions.len());
    match all.len() {
        0 => {
            prop_assert_eq!(outcome.status, Status::NoSolution);
            prop_assert_eq!(outcome.stop, Stop::Finished);
        }
        1 => {
            prop_assert_eq!(&outcome.solutions, &all.to_vec());
            if max == 1 {
                // One solution asked for: found, and proved unique only if nothing else was
                // left to try (line solving completed the grid).
                prop_assert!(
                    matches!(
                        (outcome.status, outcome.stop),
                        (Status::Solved, Stop::SolutionLimit) | (Status::Unique, Stop::Finished)
                    ),
                    "{:?} {:?}",
                    outcome.status,
                    outcome.stop
                );
            } else {
                prop_assert_eq!(outcome.status, Status::Unique);
                prop_assert_eq!(outcome.stop, Stop::Finished);
            }
        }
        n => {
            // Never `unique` for a puzzle with several solutions, whatever was asked.
            let expect = if max == 1 {
                Status::Solved
            } else {
                Status::Multiple
            };
            prop_assert_eq!(outcome.status, expect, "{} solutions, {:?}", n, config);
            prop_assert_eq!(outcome.solutions.len(), n.min(max));
            // Stopping at the limit with a solution unseen is not an exhausted search.
            if n > max {
                prop_assert_eq!(outcome.stop, Stop::SolutionLimit);
            } else if n < max {
                prop_assert_eq!(outcome.stop, Stop::Finished);
            }
            if max >= 2 {
                prop_assert!(!outcome.differing_cells.is_empty());
            }
        }
    }
    Ok(())
}

/// Every engine and option that changes how the answer is reached.
fn configs() -> Vec<Config> {
    let mut out = Vec::new();
    for max_solutions in [1, 2, 3] {
        for probing in [true, false] {
            out.push(Config {
                max_solutions,
                probing,
                engine: Engine::Search,
                ..Config::default()
            });
        }
        for engine in [Engine::Sat, Engine::Learn] {
            out.push(Config {
                max_solutions,
                engine,
                ..Config::default()
            });
        }
        // Another initial order of the learner, alone and in the turns.
        out.push(Config {
            max_solutions,
            engine: Engine::Learn,
            seed: 7,
            ..Config::default()
        });
        out.push(Config {
            max_solutions,
            threads: 1,
            seed: 7,
            ..Config::default()
        });
        // The portfolio, and the one-thread hand-over from search to SAT at several budgets.
        out.push(Config {
            max_solutions,
            threads: 2,
            ..Config::default()
        });
        for search_budget in [0, 1, 3] {
            out.push(Config {
                max_solutions,
                threads: 1,
                search_budget,
                ..Config::default()
            });
        }
    }
    out
}

/// A random picture's puzzle: `(seed, width, height, density)`.
fn random_case() -> impl Strategy<Value = Puzzle> {
    (any::<u64>(), 1usize..=8, 1usize..=8, 0.1f64..0.9).prop_map(|(seed, w, h, d)| {
        Puzzle::from_picture(&random_picture(&mut Rng::new(seed), w, h, d))
    })
}

/// Changes one clue a little; the result is often unsolvable, sometimes invalid (then skipped).
fn perturb(puzzle: &Puzzle, seed: u64) -> Option<Puzzle> {
    let mut rng = Rng::new(seed);
    let mut rows = puzzle.rows().to_vec();
    let mut cols = puzzle.columns().to_vec();
    // Move one filled cell's worth between two lines of each axis, keeping totals equal.
    for lines in [&mut rows, &mut cols] {
        let a = rng.range(0, lines.len() - 1);
        let b = rng.range(0, lines.len() - 1);
        let mut ra = lines[a].runs().to_vec();
        let mut rb = lines[b].runs().to_vec();
        if ra.is_empty() {
            continue;
        }
        let i = rng.range(0, ra.len() - 1);
        ra[i] -= 1;
        if rb.is_empty() || rng.next_u64().is_multiple_of(2) {
            let at = rng.range(0, rb.len());
            rb.insert(at, 1);
        } else {
            let j = rng.range(0, rb.len() - 1);
            rb[j] += 1;
        }
        if a == b {
            continue;
        }
        lines[a] = Clue::new(ra);
        lines[b] = Clue::new(rb);
    }
    Puzzle::new(rows, cols).ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn engines_match_brute_force(puzzle in random_case()) {
        let all = brute_force(&puzzle);
        prop_assert!(!all.is_empty(), "a picture's puzzle has at least that picture");
        for config in configs() {
            check(&puzzle, &all, config)?;
        }
    }

    #[test]
    fn engines_match_brute_force_on_perturbed_clues(puzzle in random_case(), seed in any::<u64>()) {
        if let Some(perturbed) = perturb(&puzzle, seed) {
            let all = brute_force(&perturbed);
            for config in configs() {
                check(&perturbed, &all, config)?;
            }
        }
    }

    #[test]
    fn deduction_never_contradicts_a_solvable_puzzle(puzzle in random_case()) {
        let all = brute_force(&puzzle);
        let deduction = nonogram_core::deduce(&puzzle);
        prop_assert!(!deduction.contradiction);
        // Every cell deduction fixed has that value in every solution.
        for s in &all {
            for r in 0..puzzle.height() {
                for c in 0..puzzle.width() {
                    match deduction.grid.get(r, c) {
                        nonogram_core::Cell::Filled => prop_assert!(s.get(r, c)),
                        nonogram_core::Cell::Empty => prop_assert!(!s.get(r, c)),
                        nonogram_core::Cell::Unknown => {}
                    }
                }
            }
        }
    }
}

#[test]
fn reference_itself_is_right_on_a_known_case() {
    // Two diagonal cells: the classic two-solution 2x2.
    let puzzle = Puzzle::new(vec![Clue::new([1]); 2], vec![Clue::new([1]); 2]).unwrap();
    assert_eq!(brute_force(&puzzle).len(), 2);
    let outcome = Solver::new(Config::default()).solve(&puzzle);
    assert_eq!(outcome.status, Status::Multiple);
    assert_eq!(outcome.differing_cells.len(), 4);
    let none = Puzzle::new(
        vec![Clue::new([2]), Clue::empty()],
        vec![Clue::new([1]), Clue::new([1])],
    )
    .unwrap();
    assert_eq!(brute_force(&none).len(), 1);
    let bad = Puzzle::new(
        vec![Clue::new([1, 1]), Clue::empty(), Clue::new([1])],
        vec![Clue::new([2]), Clue::empty(), Clue::new([1])],
    );
    let bad = bad.unwrap();
    assert!(brute_force(&bad).is_empty());
    assert_eq!(
        Solver::new(Config::default()).solve(&bad).status,
        Status::NoSolution
    );
}
