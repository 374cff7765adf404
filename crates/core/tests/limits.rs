//! Every engine honours its time limit on the largest puzzles the limits admit: long lines (past
//! the 1,024 cells where the line solvers used to change), thousands of lines, a CNF of millions
//! of variables, and the learner's guidance. Each case used to overrun a 0.5 s limit by seconds
//! (up to a minute) because some first pass did not look at the clock.
//!
//! The tests run in the test profile (unoptimised), where a line solve is many times slower
//! than in a release build, so the slack allowed here is wider than the 100 ms a release build
//! keeps to (docs/benchmarks-history.md and the limits table of docs/reference.md give the
//! release figures).

use std::time::Duration;

use nonogram_core::generate::{random_colour_set, random_picture, random_set, Rng};
use nonogram_core::solve::solutions_kept;
use nonogram_core::{Config, Engine, Picture, Puzzle, Solver, Status, Stop};

const LIMIT: Duration = Duration::from_millis(300);
const SLACK: Duration = Duration::from_millis(1500);

fn check(name: &str, puzzle: &Puzzle) {
    for engine in [Engine::Auto, Engine::Search, Engine::Learn, Engine::Sat] {
        let config = Config {
            timeout: Some(LIMIT),
            engine,
            threads: 1,
            ..Config::default()
        };
        let outcome = Solver::new(config).solve(puzzle);
        assert!(
            outcome.elapsed <= LIMIT + SLACK,
            "{name}, {engine:?}: {:?} for a limit of {LIMIT:?}",
            outcome.elapsed
        );
        // Too large to finish in the time: the run says it was cut short, and claims nothing.
        assert_eq!(outcome.stop, Stop::TimeLimit, "{name}, {engine:?}");
        assert!(
            matches!(outcome.status, Status::Unknown | Status::Solved),
            "{name}, {engine:?}: {:?}",
            outcome.status
        );
    }
}

#[test]
fn long_lines_and_many_of_them() {
    let picture = random_picture(&mut Rng::new(7), 1500, 1500, 0.5);
    check("random 1500×1500", &Puzzle::from_picture(&picture));
}

#[test]
fn the_longest_lines_admitted() {
    let picture = random_picture(&mut Rng::new(8), 4096, 40, 0.5);
    check("random 4096×40", &Puzzle::from_picture(&picture));
}

#[test]
fn a_permutation_of_single_cells() {
    // Every clue is `1`: line solving learns nothing, and there are 4,000 lines to learn it on.
    let n = 2000;
    let mut rng = Rng::new(9);
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.range(0, i));
    }
    let rows: Vec<Vec<bool>> = (0..n)
        .map(|r| (0..n).map(|c| order[r] == c).collect())
        .collect();
    let picture = Picture::from_rows(&rows).expect("a picture");
    check("permutation 2000×2000", &Puzzle::from_picture(&picture));
}

/// Solutions take memory: a run asked for more than fit stops at [`solutions_kept`] with
/// `Stop::MemoryLimit`, and never claims the count it was asked for was reached.
#[test]
fn solutions_kept_are_bounded_by_memory() {
    // Thirteen independent 2×2 switches on a 100×100 grid: 8,192 solutions, more than the
    // 6,710 of that size that memory allows.
    let n = 100;
    let rows: Vec<Vec<bool>> = (0..n)
        .map(|r| (0..n).map(|c| r < 26 && r == c).collect())
        .collect();
    let puzzle = Puzzle::from_picture(&Picture::from_rows(&rows).expect("a picture"));
    let keep = solutions_kept(&puzzle);
    assert_eq!(keep, 6710);
    let config = Config {
        max_solutions: 10_000,
        engine: Engine::Search,
        threads: 1,
        ..Config::default()
    };
    let outcome = Solver::new(config.clone()).solve(&puzzle);
    assert_eq!(outcome.stop, Stop::MemoryLimit);
    assert_eq!(outcome.status, Status::Multiple);
    assert_eq!(outcome.solutions.len(), keep);
    // Within the bound, the count asked for is what stops it.
    let outcome = Solver::new(Config {
        max_solutions: 100,
        ..config
    })
    .solve(&puzzle);
    assert_eq!(outcome.stop, Stop::SolutionLimit);
    assert_eq!(outcome.solutions.len(), 100);
}

/// Which engine takes a colour puzzle is decided by the colour engines' own bounds (cells ×
/// palette entries for the learner), not the black-and-white ones: a 1000×1000 three-colour
/// puzzle fits the black-and-white learner's million cells but not the colour learner's
/// 2,097,152 cell-entries, and it is searched instead, saying so.
#[test]
fn colour_puzzles_are_accepted_by_the_colour_bounds() {
    let puzzle =
        nonogram_core::generate::random_colour_puzzle(&mut Rng::new(3), 1000, 1000, 3, 0.5);
    assert!(!Engine::Learn.accepts(&puzzle));
    let small = nonogram_core::generate::random_colour_puzzle(&mut Rng::new(3), 20, 20, 3, 0.5);
    assert!(Engine::Learn.accepts(&small));
    assert!(Engine::Sat.accepts(&small));
}

/// The SAT engine's CNF is bounded so that a puzzle file of a few kilobytes cannot make
/// CaDiCaL take gigabytes (a random 200×200 took 2.8 GB, a 90×90 340 MB and 0.4 s past its
/// time limit to free it): such puzzles are searched instead.
#[test]
fn the_sat_engine_takes_no_puzzle_whose_cnf_is_huge() {
    for (side, seed) in [(90, 1), (200, 2)] {
        let puzzle = Puzzle::from_picture(&random_picture(&mut Rng::new(seed), side, side, 0.5));
        assert!(!Engine::Sat.accepts(&puzzle), "{side}×{side}");
    }
    let small = Puzzle::from_picture(&random_picture(&mut Rng::new(3), 30, 30, 0.5));
    assert!(Engine::Sat.accepts(&small));
}

#[test]
fn a_large_colour_puzzle() {
    let puzzle =
        nonogram_core::generate::random_colour_puzzle(&mut Rng::new(11), 1000, 1000, 3, 0.5);
    check("random 3-colour 1000×1000", &puzzle);
    let start = std::time::Instant::now();
    let deduced = nonogram_core::deduce_within(&puzzle, start.checked_add(LIMIT));
    assert!(start.elapsed() <= LIMIT + SLACK, "{:?}", start.elapsed());
    assert!(deduced.stopped && !deduced.contradiction);
    // The explainer's sweeps give up at the deadline too (they ran to their end).
    let start = std::time::Instant::now();
    let mut explainer = nonogram_core::explain::ColourExplainer::new(&puzzle)
        .with_deadline(start.checked_add(LIMIT));
    let steps = explainer.by_ref().count();
    assert!(start.elapsed() <= LIMIT + SLACK, "{:?}", start.elapsed());
    assert!(explainer.stopped(), "{steps} steps");
}

/// A cancellation is obeyed as promptly as a time limit, by every engine on any number of
/// threads, for both kinds of puzzle: a hard 40×40 (minutes to prove unique) cancelled after
/// 50 ms answers `Cancelled` within the slack, and claims nothing.
#[test]
fn a_cancellation_stops_every_engine_at_once() {
    use std::sync::atomic::{AtomicBool, Ordering};
    // The tail set's random-40x40-d0.5-s43-851 (testdata/tail), and a 40×40 of two colours.
    let hard = random_set(43, 852, 40, 40, 0.5).swap_remove(851);
    let colour = random_colour_set(5, 1, 40, 40, 2, 0.3).swap_remove(0);
    for (name, puzzle) in [("black and white", &hard), ("colour", &colour)] {
        for engine in [Engine::Auto, Engine::Search, Engine::Learn, Engine::Sat] {
            for threads in [1, 2, 4] {
                let config = Config {
                    engine,
                    threads,
                    max_solutions: 2,
                    ..Config::default()
                };
                let cancel = AtomicBool::new(false);
                let (outcome, late) = std::thread::scope(|s| {
                    let solve =
                        s.spawn(|| Solver::new(config).solve_cancellable(puzzle, &[], &cancel));
                    std::thread::sleep(Duration::from_millis(50));
                    cancel.store(true, Ordering::Relaxed);
                    let sent = std::time::Instant::now();
                    let outcome = solve.join().unwrap();
                    (outcome, sent.elapsed())
                });
                assert!(
                    late <= SLACK,
                    "{name}, {engine:?}, {threads} threads: {late:?} after the cancellation"
                );
                assert_eq!(
                    outcome.stop,
                    Stop::Cancelled,
                    "{name}, {engine:?}, {threads} threads"
                );
            }
        }
    }
}
