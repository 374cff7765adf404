//! The brute-force reference solver and the property tests that hold every engine to it.
//!
//! The reference is the seeds' first solver: list each row's pattern set, combine rows in every
//! way, keep the combinations whose columns match. The only refinement is checking each column's
//! partial run-length encoding as rows are added (a prefix that already disagrees cannot be
//! completed), which keeps 8×8 puzzles instant without making the code any less obvious.

use nonogram_core::generate::{colour_palette, random_colour_picture, random_colour_puzzle};
use nonogram_core::generate::{random_picture, Rng};
use nonogram_core::{
    Clue, ColourId, Config, Engine, Given, Picture, Puzzle, Run, Solver, Status, Stop,
};
use proptest::prelude::*;

/// Every line of `len` cells over the palette's `entries` entries whose clue is `clue`: all
/// `entries^len` lines, filtered.
fn pattern_set(clue: &Clue, len: usize, entries: usize) -> Vec<Vec<ColourId>> {
    let total = (entries as u64).pow(len as u32);
    (0..total)
        .map(|mut code| {
            (0..len)
                .map(|_| {
                    let entry = (code % entries as u64) as usize;
                    code /= entries as u64;
                    ColourId::new(entry).unwrap()
                })
                .collect::<Vec<_>>()
        })
        .filter(|line| Clue::from_colours(line.iter().copied()) == *clue)
        .collect()
}

/// Whether the column prefix `cells` (top rows only) can still grow into `clue`.
fn column_prefix_ok(cells: &[ColourId], clue: &Clue, complete: bool) -> bool {
    let got = Clue::from_colours(cells.iter().copied());
    if complete {
        return got == *clue;
    }
    if got.len() > clue.len() {
        return false;
    }
    // Every finished run must match; the last one may still be growing if the prefix ends on
    // a colour.
    let open = cells.last().is_some_and(|c| !c.is_background());
    for (i, run) in got.iter().enumerate() {
        let want = clue.run(i);
        let last = i + 1 == got.len();
        if run.colour != want.colour {
            return false;
        }
        if last && open {
            if run.len > want.len {
                return false;
            }
        } else if run.len != want.len {
            return false;
        }
    }
    true
}

/// All solutions, by brute force (tests only: exponential). Any palette; the pictures that
/// disagree with a cell the puzzle gives are dropped at the end, the plainest way to restrict
/// the reference to the givens.
fn brute_force(puzzle: &Puzzle) -> Vec<Picture> {
    let mut all = brute_force_clues(puzzle);
    all.retain(|s| {
        puzzle
            .givens()
            .iter()
            .all(|g| s.colour(g.row, g.col) == g.colour)
    });
    all
}

/// Every picture that satisfies the clues, whatever the givens.
fn brute_force_clues(puzzle: &Puzzle) -> Vec<Picture> {
    let (w, entries) = (puzzle.width(), puzzle.palette().len());
    let sets: Vec<_> = puzzle
        .rows()
        .iter()
        .map(|c| pattern_set(c, w, entries))
        .collect();
    let mut rows: Vec<Vec<ColourId>> = Vec::new();
    let mut out = Vec::new();
    fn go(
        puzzle: &Puzzle,
        sets: &[Vec<Vec<ColourId>>],
        rows: &mut Vec<Vec<ColourId>>,
        out: &mut Vec<Picture>,
    ) {
        let (w, h) = (puzzle.width(), puzzle.height());
        let depth = rows.len();
        for c in 0..w {
            let column: Vec<ColourId> = rows.iter().map(|r| r[c]).collect();
            if !column_prefix_ok(&column, &puzzle.columns()[c], depth == h) {
                return;
            }
        }
        if depth == h {
            out.push(Picture::from_colour_rows(rows).unwrap());
            return;
        }
        for pattern in &sets[depth] {
            rows.push(pattern.clone());
            go(puzzle, sets, rows, out);
            rows.pop();
        }
    }
    go(puzzle, &sets, &mut rows, &mut out);
    out
}

/// Checks one engine configuration against the brute-force solution set.
fn check(puzzle: &Puzzle, all: &[Picture], config: Config) -> Result<(), TestCaseError> {
    check_from(puzzle, &[], all, config)
}

/// Checks one engine configuration, solving from `givens`, against the brute-force solutions
/// that agree with them.
fn check_from(
    puzzle: &Puzzle,
    givens: &[Given],
    all: &[Picture],
    config: Config,
) -> Result<(), TestCaseError> {
    let max = config.max_solutions;
    let outcome = Solver::new(config.clone()).solve_from(puzzle, givens);
    for s in &outcome.solutions {
        prop_assert!(all.contains(s), "engine returned a non-solution {config:?}");
    }
    let mut distinct = outcome.solutions.clone();
    distinct.sort();
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
                    prop_assert!(deduction.grid.get(r, c).contains(s.colour(r, c)));
                }
            }
        }
    }
}

/// Up to `count` givens taken from `source`, at distinct random cells.
fn givens_from(source: &Picture, count: usize, rng: &mut Rng) -> Vec<Given> {
    let (w, h) = (source.width(), source.height());
    let mut givens: Vec<Given> = Vec::new();
    for _ in 0..count {
        let (row, col) = (rng.range(0, h - 1), rng.range(0, w - 1));
        if !givens.iter().any(|g| (g.row, g.col) == (row, col)) {
            givens.push(Given {
                row,
                col,
                colour: source.colour(row, col),
            });
        }
    }
    givens
}

/// The puzzle with one to four givens of its own, and up to two more for `solve_from`, taken
/// from one of its solutions (so at least that one agrees with them) or, one time in four, from
/// a random picture of its palette (often none does).
fn with_random_givens(puzzle: &Puzzle, seed: u64) -> (Puzzle, Vec<Given>) {
    let mut rng = Rng::new(seed);
    let (w, h) = (puzzle.width(), puzzle.height());
    let all = brute_force(puzzle);
    let source = if all.is_empty() || rng.next_u64().is_multiple_of(4) {
        random_colour_picture(&mut rng, w, h, puzzle.palette().len() - 1, 0.5)
    } else {
        all[rng.range(0, all.len() - 1)].clone()
    };
    let count = rng.range(1, 4);
    let mut givens = givens_from(&source, count + rng.range(0, 2), &mut rng);
    let extra = givens.split_off(count.min(givens.len()));
    let given = puzzle.clone().with_givens(givens).expect("valid givens");
    (given, extra)
}

/// Checks every engine on `puzzle`'s givens, alone and with `extra` ones, against the
/// reference restricted to them, and deduction too.
fn check_givens(puzzle: &Puzzle, extra: &[Given]) -> Result<(), TestCaseError> {
    let all = brute_force(puzzle);
    for config in configs() {
        check(puzzle, &all, config)?;
    }
    let agree: Vec<Picture> = all
        .iter()
        .filter(|s| extra.iter().all(|g| s.colour(g.row, g.col) == g.colour))
        .cloned()
        .collect();
    for config in configs() {
        check_from(puzzle, extra, &agree, config)?;
    }
    let deduction = nonogram_core::deduce(puzzle);
    prop_assert!(!deduction.contradiction || all.is_empty());
    for g in puzzle.givens() {
        prop_assert!(deduction.grid.get(g.row, g.col).contains(g.colour));
    }
    for s in &all {
        for r in 0..puzzle.height() {
            for c in 0..puzzle.width() {
                prop_assert!(deduction.grid.get(r, c).contains(s.colour(r, c)));
            }
        }
    }
    if let Some(picture) = deduction.picture(puzzle) {
        prop_assert_eq!(&all, &vec![picture]);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Givens are part of the puzzle: every engine counts the solutions that agree with them.
    #[test]
    fn engines_match_brute_force_with_the_puzzles_givens(
        puzzle in random_case(),
        seed in any::<u64>(),
    ) {
        let (given, extra) = with_random_givens(&puzzle, seed);
        check_givens(&given, &extra)?;
    }

    #[test]
    fn colour_engines_match_brute_force_with_the_puzzles_givens(
        puzzle in random_colour_case(),
        seed in any::<u64>(),
    ) {
        let (given, extra) = with_random_givens(&puzzle, seed);
        check_givens(&given, &extra)?;
    }
}

/// Givens can make an ambiguous puzzle unique, and givens the clues cannot agree with leave
/// none (never an error).
#[test]
fn givens_decide_the_classic_two_solution_square() {
    let puzzle = Puzzle::new(vec![Clue::new([1]); 2], vec![Clue::new([1]); 2]).unwrap();
    let unique = puzzle
        .clone()
        .with_givens(vec![Given::cell(0, 0, true)])
        .unwrap();
    assert_eq!(brute_force(&unique).len(), 1);
    let contradicting = puzzle
        .with_givens(vec![Given::cell(0, 0, true), Given::cell(0, 1, true)])
        .unwrap();
    assert!(brute_force(&contradicting).is_empty());
    for config in configs() {
        let outcome = Solver::new(config.clone()).solve(&unique);
        assert_eq!(outcome.solutions.len(), 1, "{config:?}");
        assert!(outcome.solutions[0].get(0, 0), "{config:?}");
        let outcome = Solver::new(config.clone()).solve(&contradicting);
        assert_eq!(outcome.status, Status::NoSolution, "{config:?}");
    }
    assert!(nonogram_core::deduce(&contradicting).contradiction);
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

/// A puzzle whose clues are all `1` has one solution per permutation: every engine must list
/// all 720 of the 6×6 one, each once, and say that is all. Probing fixes nothing at any node of
/// it, which is what makes the search back off (branch without probing); the backoff must not
/// lose a solution.
#[test]
fn every_engine_enumerates_a_permutation_puzzle() {
    let n = 6;
    let puzzle = Puzzle::new(vec![Clue::new([1]); n], vec![Clue::new([1]); n]).unwrap();
    let all = brute_force(&puzzle);
    assert_eq!(all.len(), 720);
    for engine in [Engine::Search, Engine::Learn, Engine::Sat, Engine::Auto] {
        for threads in [1, 2] {
            let config = Config {
                max_solutions: 1000,
                engine,
                threads,
                ..Config::default()
            };
            let outcome = Solver::new(config).solve(&puzzle);
            assert_eq!(outcome.status, Status::Multiple, "{engine:?}");
            assert_eq!(outcome.stop, Stop::Finished, "{engine:?}");
            let mut got = outcome.solutions.clone();
            got.sort();
            got.dedup();
            assert_eq!(got.len(), 720, "{engine:?} on {threads} threads");
            assert!(got.iter().all(|p| puzzle.is_solved_by(p)), "{engine:?}");
        }
    }
}

// ----- colour -----

/// A random colour picture's puzzle: `(seed, width, height, colours, density)`, 2 to 4 colours.
fn random_colour_case() -> impl Strategy<Value = Puzzle> {
    (
        any::<u64>(),
        1usize..=6,
        1usize..=6,
        2usize..=4,
        0.2f64..0.9,
    )
        .prop_map(|(seed, w, h, colours, d)| {
            random_colour_puzzle(&mut Rng::new(seed), w, h, colours, d)
        })
}

/// Changes a colour puzzle's clues a little, keeping every colour's totals: a cell of one
/// colour moves from a run of one line to another line of the same axis (a new run, or a longer
/// one), or two runs of one line swap colours. Often unsolvable; sometimes no puzzle at all
/// (then `None`).
fn perturb_colour(puzzle: &Puzzle, seed: u64) -> Option<Puzzle> {
    let mut rng = Rng::new(seed);
    let mut rows = puzzle.rows().to_vec();
    let mut cols = puzzle.columns().to_vec();
    for lines in [&mut rows, &mut cols] {
        let a = rng.range(0, lines.len() - 1);
        let mut ra: Vec<Run> = lines[a].iter().collect();
        if ra.is_empty() {
            continue;
        }
        let i = rng.range(0, ra.len() - 1);
        if rng.next_u64().is_multiple_of(3) {
            let j = rng.range(0, ra.len() - 1);
            let (ci, cj) = (ra[i].colour, ra[j].colour);
            ra[i].colour = cj;
            ra[j].colour = ci;
            lines[a] = Clue::coloured(ra);
            continue;
        }
        let b = rng.range(0, lines.len() - 1);
        if a == b {
            continue;
        }
        let colour = ra[i].colour;
        ra[i].len -= 1;
        let mut rb: Vec<Run> = lines[b].iter().collect();
        let same: Vec<usize> = (0..rb.len()).filter(|&j| rb[j].colour == colour).collect();
        if same.is_empty() || rng.next_u64().is_multiple_of(2) {
            let at = rng.range(0, rb.len());
            rb.insert(at, Run::new(1, colour));
        } else {
            let j = same[rng.range(0, same.len() - 1)];
            rb[j].len += 1;
        }
        lines[a] = Clue::coloured(ra);
        lines[b] = Clue::coloured(rb);
    }
    Puzzle::with_palette(puzzle.palette().clone(), rows, cols).ok()
}

/// One to three givens: cells of a random picture of the puzzle's palette (often no solution
/// agrees), or of a solution (some do).
fn givens_for(puzzle: &Puzzle, all: &[Picture], seed: u64) -> Vec<Given> {
    let mut rng = Rng::new(seed);
    let (w, h) = (puzzle.width(), puzzle.height());
    let colours = puzzle.palette().len() - 1;
    let source = match all.len() {
        0 => random_colour_picture(&mut rng, w, h, colours, 0.5),
        n if rng.next_u64().is_multiple_of(3) => {
            let _ = n;
            random_colour_picture(&mut rng, w, h, colours, 0.5)
        }
        n => all[rng.range(0, n - 1)].clone(),
    };
    (0..rng.range(1, 3))
        .map(|_| {
            let (row, col) = (rng.range(0, h - 1), rng.range(0, w - 1));
            Given {
                row,
                col,
                colour: source.colour(row, col),
            }
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn colour_engines_match_brute_force(puzzle in random_colour_case()) {
        let all = brute_force(&puzzle);
        prop_assert!(!all.is_empty(), "a picture's puzzle has at least that picture");
        for config in configs() {
            check(&puzzle, &all, config)?;
        }
    }

    #[test]
    fn colour_engines_match_brute_force_on_perturbed_clues(
        puzzle in random_colour_case(),
        seed in any::<u64>(),
    ) {
        if let Some(perturbed) = perturb_colour(&puzzle, seed) {
            let all = brute_force(&perturbed);
            for config in configs() {
                check(&perturbed, &all, config)?;
            }
        }
    }

    #[test]
    fn colour_engines_match_brute_force_from_givens(
        puzzle in random_colour_case(),
        seed in any::<u64>(),
    ) {
        let all = brute_force(&puzzle);
        let givens = givens_for(&puzzle, &all, seed);
        let agree: Vec<Picture> = all
            .iter()
            .filter(|s| givens.iter().all(|g| s.colour(g.row, g.col) == g.colour))
            .cloned()
            .collect();
        for config in configs() {
            check_from(&puzzle, &givens, &agree, config)?;
        }
    }

    #[test]
    fn colour_deduction_keeps_every_solution(puzzle in random_colour_case(), seed in any::<u64>()) {
        let puzzle = perturb_colour(&puzzle, seed).unwrap_or(puzzle);
        let all = brute_force(&puzzle);
        let deduction = nonogram_core::deduce(&puzzle);
        prop_assert!(!deduction.contradiction || all.is_empty());
        prop_assert_eq!(deduction.sweeps, deduction.unknown_after_sweep.len());
        for s in &all {
            for r in 0..puzzle.height() {
                for c in 0..puzzle.width() {
                    prop_assert!(deduction.grid.get(r, c).contains(s.colour(r, c)));
                }
            }
        }
        if let Some(picture) = deduction.picture(&puzzle) {
            prop_assert_eq!(&all, &vec![picture]);
        }
    }
}

/// nonogrid's issue #4: colour puzzles with an empty row or column inside the picture made it
/// panic ("simple propagation failed: UnsolvableLine"). Ours must solve them, with every engine.
#[test]
fn colour_puzzles_with_empty_lines() {
    let c = |i: usize| ColourId::new(i).unwrap();
    // Row 1 and column 2 are empty; colours touch across them elsewhere.
    let rows = [
        vec![c(1), c(1), c(0), c(2), c(3)],
        vec![c(0); 5],
        vec![c(2), c(3), c(0), c(3), c(3)],
        vec![c(0), c(1), c(0), c(0), c(2)],
    ];
    let picture = Picture::from_colour_rows(&rows).unwrap();
    let puzzle = Puzzle::from_coloured_picture(colour_palette(3), &picture).unwrap();
    assert!(puzzle.rows()[1].is_empty() && puzzle.columns()[2].is_empty());
    let all = brute_force(&puzzle);
    assert!(all.contains(&picture));
    for config in configs() {
        check(&puzzle, &all, config.clone()).unwrap_or_else(|e| panic!("{config:?}: {e}"));
    }
    // All lines empty; and a palette with no colour at all.
    let blank = Puzzle::from_coloured_picture(colour_palette(4), &Picture::new(3, 2)).unwrap();
    let bare = Puzzle::with_palette(
        nonogram_core::Palette::new(colour_palette(1).background().clone(), Vec::new()).unwrap(),
        vec![Clue::empty(); 2],
        vec![Clue::empty(); 3],
    )
    .unwrap();
    for puzzle in [blank, bare] {
        for config in configs() {
            let outcome = Solver::new(config.clone()).solve(&puzzle);
            assert_eq!(outcome.status, Status::Unique, "{config:?}");
            assert_eq!(outcome.solutions, vec![Picture::new(3, 2)]);
        }
        let deduction = nonogram_core::deduce(&puzzle);
        assert_eq!(deduction.picture(&puzzle), Some(Picture::new(3, 2)));
    }
}

#[test]
fn colour_reference_is_right_on_known_cases() {
    let c = |i: usize| ColourId::new(i).unwrap();
    // Two reds on a diagonal and a green in the corner: two solutions (nonogrid agrees).
    let palette = colour_palette(2);
    let red = |n| Clue::coloured([Run::new(n, c(2))]);
    let green = Clue::coloured([Run::new(1, c(1))]);
    let rows = vec![red(1), red(1), green.clone()];
    let cols = vec![red(1), red(1), green];
    let puzzle = Puzzle::with_palette(palette.clone(), rows, cols).unwrap();
    assert_eq!(brute_force(&puzzle).len(), 2);
    let outcome = Solver::new(Config::default()).solve(&puzzle);
    assert_eq!(outcome.status, Status::Multiple);
    assert_eq!(outcome.differing_cells.len(), 4);
    // Red then green touching in a row of two; the columns ask for the same cells.
    let pair = Clue::coloured([Run::new(1, c(2)), Run::new(1, c(1))]);
    let puzzle = Puzzle::with_palette(
        palette.clone(),
        vec![pair],
        vec![red(1), Clue::coloured([Run::new(1, c(1))])],
    )
    .unwrap();
    assert_eq!(brute_force(&puzzle).len(), 1);
    assert_eq!(
        Solver::new(Config::default()).solve(&puzzle).status,
        Status::Unique
    );
    // The same colour twice needs a gap: no room in two cells.
    let twice = Clue::coloured([Run::new(1, c(2)), Run::new(1, c(2))]);
    let puzzle = Puzzle::with_palette(palette, vec![twice], vec![red(1), red(1)]).unwrap();
    assert!(brute_force(&puzzle).is_empty());
    assert_eq!(
        Solver::new(Config::default()).solve(&puzzle).status,
        Status::NoSolution
    );
}

/// Larger colour puzzles than brute force reaches (8 to 12 cells a side, 2 to 6 colours, sparse
/// enough to be ambiguous, where probing meets cells with many entries left): every engine, on
/// one to three threads, must find the same solutions, all of them when there are fewer than
/// the limit.
#[test]
fn colour_engines_agree_on_larger_puzzles() {
    const LIMIT: usize = 12;
    let mut rng = Rng::new(2024);
    let mut ambiguous = 0;
    for i in 0..120 {
        let side = rng.range(8, 12);
        let colours = rng.range(2, 6);
        let density = 0.15 + rng.next_f64() * 0.4;
        let puzzle = random_colour_puzzle(&mut rng, side, side, colours, density);
        let solve = |engine, probing, threads| {
            let config = Config {
                max_solutions: LIMIT,
                engine,
                probing,
                threads,
                ..Config::default()
            };
            Solver::new(config).solve(&puzzle)
        };
        let want = solve(Engine::Sat, true, 1);
        assert!(want.stop.is_natural(), "puzzle {i}");
        ambiguous += usize::from(want.solutions.len() > 1);
        // The learners' first decisions are guided (belief propagation over the colour lines,
        // issue 43), on every thread of the portfolio.
        for (engine, probing, threads) in [
            (Engine::Search, true, 1),
            (Engine::Search, false, 1),
            (Engine::Learn, true, 1),
            (Engine::Auto, true, 1),
            (Engine::Auto, true, 2),
            (Engine::Auto, true, 3),
        ] {
            let at = format!("puzzle {i}, {engine:?} {probing}, {threads} threads");
            let got = solve(engine, probing, threads);
            assert_eq!(got.status, want.status, "{at}");
            assert_eq!(got.solutions.len(), want.solutions.len(), "{at}");
            if want.solutions.len() < LIMIT {
                assert_eq!(got.solutions, want.solutions, "{at}");
            }
        }
    }
    assert!(ambiguous >= 30, "only {ambiguous} ambiguous puzzles");
}

/// Generated puzzles, held to the reference rather than to the solver the generator asks:
/// the brute force finds each one's picture and nothing else; the whole explanation rates it as
/// the level asked for (any: easy, medium or hard); its palette is the one asked for, every
/// colour used; and the same seed and number give the same puzzle again. Every level and
/// style, black and white and colour, on grids small enough to enumerate. Hard puzzles are
/// rare on small grids (none in 20 s on 9×9), so one is checked on 10×10, with a seed the
/// generator answers in a few seconds (brute force is too slow on the 15×15 ones).
#[test]
fn generated_puzzles_are_checked_by_the_reference() {
    use nonogram_author::generator::{generate, GeneratorConfig, Level, Style};
    use nonogram_core::explain::{explain, explain_colour};
    let mut checked = 0;
    let mut rated = [0; 3];
    let mut cases = Vec::new();
    for style in Style::ALL {
        for (width, height, colours, level) in [
            (6, 6, 1, Level::Easy),
            (7, 6, 1, Level::Medium),
            (6, 7, 1, Level::Any),
            (5, 5, 2, Level::Easy),
            (6, 5, 2, Level::Medium),
            (5, 4, 3, Level::Any),
        ] {
            for seed in 0..3 {
                cases.push((width, height, colours, level, style, seed));
            }
        }
    }
    cases.push((10, 10, 1, Level::Hard, Style::Smooth, 1));
    for (width, height, colours, level, style, seed) in cases {
        let config = GeneratorConfig {
            width,
            height,
            colours,
            level,
            style,
            seed,
            ..GeneratorConfig::default()
        };
        let generated = generate(&config, 0).unwrap_or_else(|e| panic!("{config:?}: {e}"));
        let puzzle = &generated.puzzle;
        // Unique: the brute force finds the picture, and only it.
        let all = brute_force(puzzle);
        assert_eq!(all, std::slice::from_ref(&generated.picture), "{config:?}");
        // Rated as asked, by the whole explanation `nonogram explain` prints.
        let difficulty = if puzzle.is_black_and_white() {
            explain(puzzle).difficulty
        } else {
            explain_colour(puzzle).difficulty
        };
        assert_eq!(difficulty, generated.difficulty, "{config:?}");
        let rating = Level::of(difficulty).unwrap_or_else(|| panic!("{config:?}: {difficulty}"));
        assert!(
            level == Level::Any || rating == level,
            "{config:?}: {difficulty}"
        );
        rated[rating as usize] += 1;
        // The palette asked for, every colour of it used.
        if colours == 1 {
            assert!(puzzle.is_black_and_white(), "{config:?}");
        } else {
            assert_eq!(puzzle.palette(), &colour_palette(colours), "{config:?}");
        }
        for colour in 1..=colours {
            let id = ColourId::new(colour).unwrap();
            assert!(
                generated.picture.cells().contains(&id),
                "{config:?}: colour {colour} unused"
            );
        }
        // The same seed and number, the same puzzle.
        assert_eq!(generate(&config, 0).unwrap().puzzle, *puzzle, "{config:?}");
        checked += 1;
    }
    assert_eq!(checked, 3 * 6 * 3 + 1);
    // Every rating was met, and checked.
    assert!(rated.iter().all(|&n| n > 0), "{rated:?}");
}
