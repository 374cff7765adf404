//! End-to-end tests of `nonogram generate`: what it prints is a puzzle `solve` reads, unique
//! and rated as asked; the same seed prints the same puzzles; bundles and colour puzzles are
//! written whole in formats that hold them; what cannot be done is refused or stopped, in one
//! line, with nothing written.

use std::fs;

use nonogram_core::explain::{explain, explain_colour, Difficulty};
use nonogram_core::{Puzzle, Solver, Status};
use nonogram_formats::Format;

mod common;

use common::{assert_one_line_error, run_at_root, run_in, scratch};

/// The puzzles of a text in `format`, each checked: its goal is its only solution (by the
/// solver, on every core), and it has a title naming its seed.
fn unique_puzzles(text: &str, format: Format) -> Vec<Puzzle> {
    let puzzles = nonogram_formats::parse(text, format).unwrap();
    for puzzle in &puzzles {
        let goal = puzzle.metadata.goal.as_ref().expect("a goal");
        let outcome = Solver::default().solve(puzzle);
        assert_eq!(outcome.status, Status::Unique);
        assert_eq!(&outcome.solutions[0], goal);
        let title = puzzle.metadata.title.as_deref().unwrap_or_default();
        assert!(title.contains("(seed "), "{title}");
    }
    puzzles
}

fn rating(puzzle: &Puzzle) -> Difficulty {
    if puzzle.is_black_and_white() {
        explain(puzzle).difficulty
    } else {
        explain_colour(puzzle).difficulty
    }
}

#[test]
fn prints_a_unique_puzzle_that_solve_reads() {
    let run = run_at_root(&[
        "generate",
        "--size",
        "12x10",
        "--difficulty",
        "medium",
        "--seed",
        "5",
    ]);
    assert_eq!(run.code, 0, "{run:?}");
    let puzzles = unique_puzzles(&run.stdout, Format::Non);
    assert_eq!(puzzles.len(), 1);
    assert_eq!((puzzles[0].width(), puzzles[0].height()), (12, 10));
    assert!(matches!(rating(&puzzles[0]), Difficulty::Probing { .. }));
    assert_eq!(
        puzzles[0].metadata.title.as_deref(),
        Some("medium 12x10 (seed 5)")
    );
    // The report, with the rating as explain prints it, goes to standard error.
    assert!(run.stderr.contains("needs probing"), "{}", run.stderr);
    // And solve reads it from a pipe.
    let solved = run_in(&common::repo_root(), &["solve", "-"], run.stdout.as_bytes());
    assert_eq!(solved.code, 0);
    assert!(
        solved.stdout.contains("unique solution"),
        "{}",
        solved.stdout
    );
}

#[test]
fn every_difficulty_is_rated_as_asked() {
    for (level, size) in [("easy", "10x10"), ("medium", "10x10"), ("hard", "15x15")] {
        let run = run_at_root(&[
            "generate",
            "--size",
            size,
            "--difficulty",
            level,
            "--seed",
            "2",
        ]);
        assert_eq!(run.code, 0, "{run:?}");
        let puzzle = &unique_puzzles(&run.stdout, Format::Non)[0];
        let rated = match rating(puzzle) {
            Difficulty::LineSolvable { .. } => "easy",
            Difficulty::Probing { .. } => "medium",
            Difficulty::Search { .. } => "hard",
            other => panic!("{other:?}"),
        };
        assert_eq!(rated, level);
    }
}

#[test]
fn the_same_seed_prints_the_same_puzzles() {
    let args = [
        "generate",
        "--size",
        "9x9",
        "--seed",
        "11",
        "--style",
        "symmetric",
    ];
    let first = run_at_root(&args);
    assert_eq!(first.code, 0);
    assert_eq!(first.stdout, run_at_root(&args).stdout);
    let other = run_at_root(&[
        "generate",
        "--size",
        "9x9",
        "--seed",
        "12",
        "--style",
        "symmetric",
    ]);
    assert_ne!(first.stdout, other.stdout);
    // Without --seed a seed is drawn, and the title says which.
    let drawn = run_at_root(&["generate", "--size", "6x6"]);
    assert_eq!(drawn.code, 0);
    assert!(drawn.stdout.contains("(seed "), "{}", drawn.stdout);
}

#[test]
fn count_writes_one_bundle_whole_and_never_replaces_a_file() {
    let dir = scratch("bundle");
    let args = [
        "generate",
        "--size",
        "8x7",
        "--count",
        "3",
        "--seed",
        "4",
        "-o",
        "three.non",
    ];
    let run = run_in(&dir, &args, b"");
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout.starts_with("wrote 3 puzzles to three.non (non)"),
        "{}",
        run.stdout
    );
    let text = fs::read_to_string(dir.join("three.non")).unwrap();
    let puzzles = unique_puzzles(&text, Format::Non);
    assert_eq!(puzzles.len(), 3);
    // Puzzle 1 of the bundle is the puzzle of the seed alone.
    let alone = run_in(&dir, &["generate", "--size", "8x7", "--seed", "4"], b"");
    assert_eq!(unique_puzzles(&alone.stdout, Format::Non)[0], puzzles[0]);
    assert_eq!(
        puzzles[2].metadata.title.as_deref(),
        Some("easy 8x7 (seed 4, puzzle 3)")
    );
    // The file is never replaced without --force.
    let again = run_in(&dir, &args, b"");
    assert_one_line_error(&again, 2, "existing -o");
    assert_eq!(fs::read_to_string(dir.join("three.non")).unwrap(), text);
    let mut forced = args.to_vec();
    forced[6] = "5";
    forced.push("--force");
    assert_eq!(run_in(&dir, &forced, b"").code, 0);
    assert_ne!(fs::read_to_string(dir.join("three.non")).unwrap(), text);
    // Other formats that hold several puzzles: the format's way.
    for (file, format) in [("three.xml", Format::Xml), ("three.json", Format::Json)] {
        let run = run_in(
            &dir,
            &["generate", "--size", "6x6", "--count", "3", "-o", file],
            b"",
        );
        assert_eq!(run.code, 0, "{run:?}");
        let text = fs::read_to_string(dir.join(file)).unwrap();
        assert_eq!(unique_puzzles(&text, format).len(), 3);
    }
}

#[test]
fn colour_puzzles_have_the_palette_asked_for() {
    let run = run_at_root(&[
        "generate",
        "--size",
        "10x10",
        "--colours",
        "3",
        "--seed",
        "1",
    ]);
    assert_eq!(run.code, 0, "{run:?}");
    let puzzle = &unique_puzzles(&run.stdout, Format::Non)[0];
    assert_eq!(puzzle.palette().len(), 4);
    let goal = puzzle.metadata.goal.as_ref().unwrap();
    for colour in 1..=3 {
        assert!(goal.cells().iter().any(|c| c.index() == colour), "{goal:?}");
    }
    assert!(matches!(rating(puzzle), Difficulty::LineSolvable { .. }));
}

#[test]
fn what_cannot_be_done_is_refused_in_one_line() {
    let dir = scratch("refused");
    for args in [
        &["generate", "--size", "6x6", "--count", "2", "--to", "nin"][..],
        &["generate", "--size", "6x6", "--colours", "2", "--to", "nin"],
        &["generate", "--size", "6x6", "--to", "toml"],
        &["generate", "--size", "6x6", "-o", "x.svg"],
        &["generate", "--size", "6x6", "--force"],
        &["generate", "--size", "0x6"],
        &["generate", "--size", "201x6"],
        &["generate", "--size", "6"],
        &["generate"],
        &["generate", "--size", "6x6", "--density", "0"],
        &["generate", "--size", "6x6", "--density", "1.5"],
        &["generate", "--size", "6x6", "--colours", "0"],
        &["generate", "--size", "6x6", "--colours", "33"],
        &["generate", "--size", "2x2", "--colours", "5"],
        &["generate", "--size", "6x6", "--count", "0"],
        &["generate", "--size", "6x6", "--count", "10001"],
        &["generate", "--size", "6x6", "--difficulty", "fiendish"],
        &["generate", "--size", "6x6", "--style", "plaid"],
        &["generate", "--size", "6x6", "--timeout", "-1"],
    ] {
        let run = run_in(&dir, args, b"");
        assert_one_line_error(&run, 2, &format!("{args:?}"));
    }
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0, "nothing written");
}

#[test]
fn a_request_out_of_reach_stops_at_the_time_limit() {
    let dir = scratch("timeout");
    let args = [
        "generate",
        "--size",
        "5x5",
        "--difficulty",
        "hard",
        "--timeout",
        "0.5",
    ];
    let mut with_out = args.to_vec();
    with_out.extend(["-o", "hard.non"]);
    for args in [&args[..], &with_out] {
        let start = std::time::Instant::now();
        let run = run_in(&dir, args, b"");
        assert!(start.elapsed().as_secs_f64() < 10.0);
        assert_one_line_error(&run, 3, "time limit");
        assert!(
            run.stderr
                .contains("no hard 5x5 puzzle found within the time limit (0.5 s; "),
            "{}",
            run.stderr
        );
        // Small for hard: the advice is a larger size, not more time.
        assert!(run.stderr.contains(" tried); "), "{}", run.stderr);
        assert!(
            run.stderr
                .contains("grids this small seldom need search: try a larger --size"),
            "{}",
            run.stderr
        );
    }
    assert!(!dir.join("hard.non").exists());
    // A large colour grid is never told to grow: another seed, more time, fewer colours or an
    // easier difficulty is what helps.
    let run = run_in(
        &dir,
        &[
            "generate",
            "--size",
            "30x30",
            "--colours",
            "3",
            "--difficulty",
            "hard",
            "--seed",
            "1",
            "--timeout",
            "0",
        ],
        b"",
    );
    assert_one_line_error(&run, 3, "time limit");
    assert!(
        run.stderr.ends_with(
            "; try another --seed, a longer --timeout, fewer --colours or an easier \
             --difficulty\n"
        ),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("larger"), "{}", run.stderr);
}
