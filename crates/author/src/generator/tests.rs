//! The generator's own tests: requests answered as asked, reproducibly, and refused or
//! stopped when they cannot be; the search's shortcuts held to the whole explanation. (The
//! brute-force reference checks uniqueness on small grids in `tests/reference.rs`.)

use super::*;
use nonogram_core::explain::{explain, explain_colour};
use nonogram_core::generate::{random_colour_puzzle, random_puzzle};

fn config(width: usize, height: usize, level: Level) -> GeneratorConfig {
    GeneratorConfig {
        width,
        height,
        level,
        seed: 1,
        ..GeneratorConfig::default()
    }
}

/// The rating `nonogram explain` prints for a puzzle.
fn rating(puzzle: &Puzzle) -> Difficulty {
    if puzzle.is_black_and_white() {
        explain(puzzle).difficulty
    } else {
        explain_colour(puzzle).difficulty
    }
}

/// Checks a generated puzzle against its request: its picture is its only solution (by the
/// solver, on every core), its rating is explain's and the level asked, its palette is the
/// one asked.
fn check(config: &GeneratorConfig, generated: &Generated) {
    let puzzle = &generated.puzzle;
    assert_eq!(
        (puzzle.width(), puzzle.height()),
        (config.width, config.height)
    );
    assert_eq!(puzzle.palette(), &config.palette());
    let outcome = Solver::default().solve(puzzle);
    assert_eq!(outcome.status, Status::Unique, "{config:?}");
    assert_eq!(outcome.solutions, std::slice::from_ref(&generated.picture));
    assert_eq!(puzzle.metadata.goal.as_ref(), Some(&generated.picture));
    assert_eq!(rating(puzzle), generated.difficulty);
    assert_eq!(Level::of(generated.difficulty), Some(generated.level));
    assert!(config.level.accepts(generated.level), "{config:?}");
    if config.colours >= 2 {
        assert!(uses_every_colour(&generated.picture, config.colours));
    }
}

#[test]
fn every_level_is_answered_as_asked() {
    for (w, h, level) in [
        (10, 10, Level::Easy),
        (12, 9, Level::Medium),
        (15, 15, Level::Hard),
        (8, 11, Level::Any),
    ] {
        let config = config(w, h, level);
        let generated = generate(&config, 0).unwrap_or_else(|e| panic!("{config:?}: {e}"));
        check(&config, &generated);
        if level != Level::Any {
            assert_eq!(generated.level, level);
        }
    }
}

/// Hard colour puzzles come (issue 39: they seldom did), and are what `explain` rates hard:
/// unique, and line solving with probes stalls on them. No time limit: what a seed gives does
/// not depend on the clock, only whether it comes in time.
#[test]
fn hard_colour_puzzles_come_unique_and_rated_hard() {
    for colours in [2, 3] {
        let config = GeneratorConfig {
            colours,
            timeout: None,
            ..config(20, 20, Level::Hard)
        };
        let generated = generate(&config, 0).unwrap_or_else(|e| panic!("{config:?}: {e}"));
        check(&config, &generated);
        assert_eq!(generated.level, Level::Hard);
        assert!(matches!(generated.difficulty, Difficulty::Search { .. }));
    }
}

#[test]
fn every_style_and_colour_puzzles_too() {
    for style in Style::ALL {
        for (colours, level) in [(1, Level::Medium), (3, Level::Easy), (2, Level::Medium)] {
            let config = GeneratorConfig {
                colours,
                style,
                ..config(12, 12, level)
            };
            let generated = generate(&config, 0).unwrap_or_else(|e| panic!("{config:?}: {e}"));
            check(&config, &generated);
            if style == Style::Symmetric {
                let p = &generated.picture;
                for r in 0..12 {
                    for c in 0..12 {
                        assert_eq!(p.colour(r, c), p.colour(r, 11 - c), "{p:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    let medium = config(15, 15, Level::Medium);
    let first = generate(&medium, 0).unwrap();
    assert_eq!(first.puzzle, generate(&medium, 0).unwrap().puzzle);
    let third = generate(&medium, 2).unwrap();
    assert_ne!(first.picture, third.picture);
    assert_eq!(third.puzzle, generate(&medium, 2).unwrap().puzzle);
    let other = GeneratorConfig { seed: 2, ..medium };
    assert_ne!(first.picture, generate(&other, 0).unwrap().picture);
    // The seed (and the puzzle's number, after the first) are in the title.
    assert_eq!(
        first.puzzle.metadata.title.as_deref(),
        Some("medium 15x15 (seed 1)")
    );
    assert_eq!(
        third.puzzle.metadata.title.as_deref(),
        Some("medium 15x15 (seed 1, puzzle 3)")
    );
    // Pin a picture: a change that moves the streams (of pictures or of flips) must be seen.
    let pinned = generate(
        &GeneratorConfig {
            seed: 7,
            ..config(8, 6, Level::Medium)
        },
        0,
    )
    .unwrap();
    assert_eq!(
        pinned.picture.row_strings(),
        ["..####..", "...####.", "....###.", ".##.####", ".######.", "######.."],
        "{:?}",
        pinned.picture
    );
}

#[test]
fn bad_requests_are_refused() {
    let bad = [
        GeneratorConfig {
            width: 0,
            ..GeneratorConfig::default()
        },
        GeneratorConfig {
            height: MAX_SIDE + 1,
            ..GeneratorConfig::default()
        },
        GeneratorConfig {
            colours: 0,
            ..GeneratorConfig::default()
        },
        GeneratorConfig {
            colours: MAX_COLOURS + 1,
            ..GeneratorConfig::default()
        },
        GeneratorConfig {
            width: 2,
            height: 2,
            colours: 5,
            ..GeneratorConfig::default()
        },
        GeneratorConfig {
            density: Some(0.0),
            ..GeneratorConfig::default()
        },
        GeneratorConfig {
            density: Some(1.0),
            ..GeneratorConfig::default()
        },
        GeneratorConfig {
            density: Some(f64::NAN),
            ..GeneratorConfig::default()
        },
    ];
    for config in bad {
        let err = generate(&config, 0).unwrap_err();
        assert!(
            !matches!(
                err,
                GenerateError::TimeLimit { .. } | GenerateError::Cancelled
            ),
            "{config:?}: {err}"
        );
    }
}

/// No 5×5 puzzle that needs search was found in minutes: the request ends at the time limit,
/// and says so.
#[test]
fn an_impossible_request_ends_at_the_time_limit() {
    for limit in [Duration::ZERO, Duration::from_millis(300)] {
        let config = GeneratorConfig {
            timeout: Some(limit),
            ..config(5, 5, Level::Hard)
        };
        let start = Instant::now();
        let err = generate(&config, 0).unwrap_err();
        assert!(
            start.elapsed() < limit + Duration::from_millis(500),
            "{:?}",
            start.elapsed()
        );
        match err {
            GenerateError::TimeLimit { limit: l, .. } => assert_eq!(l, limit),
            other => panic!("{other}"),
        }
        assert!(
            err.to_string()
                .starts_with("no hard 5x5 puzzle found within the time limit ("),
            "{err}"
        );
    }
}

#[test]
fn a_raised_flag_cancels() {
    let cancel = AtomicBool::new(true);
    let config = config(5, 5, Level::Hard);
    assert_eq!(
        generate_cancellable(&config, 0, Some(&cancel)).unwrap_err(),
        GenerateError::Cancelled
    );
}

/// The search's shortcuts agree with the whole explanation: line solving completes the grid
/// exactly when the rating is line-solvable, and the explainer's steps up to its first guess
/// complete it exactly when the rating is not search.
#[test]
fn the_shortcuts_agree_with_the_rating() {
    let config = GeneratorConfig::default();
    let search = Search {
        config: &config,
        palette: config.palette(),
        deadline: None,
        cancel: None,
        pictures: 0,
        judged: 0,
    };
    let mut rng = Rng::new(17);
    let mut seen = [0usize; 3];
    for i in 0..300 {
        let (w, h) = (rng.range(2, 12), rng.range(2, 12));
        let colours = if i % 3 == 0 { rng.range(2, 3) } else { 1 };
        let puzzle = random_colour_puzzle(&mut rng, w, h, colours, 0.55);
        let level = Level::of(rating(&puzzle)).unwrap();
        let line = search.line_unknown(&puzzle).unwrap();
        let closure = search.closure(&puzzle).unwrap();
        assert_eq!(line.is_empty(), level == Level::Easy, "{puzzle:?}");
        assert_eq!(
            matches!(closure, Closure::Complete),
            level != Level::Hard,
            "{puzzle:?}"
        );
        if let Closure::Stalled(unknown) = closure {
            assert!(!unknown.is_empty());
        }
        seen[level as usize] += 1;
    }
    for _ in 0..40 {
        let puzzle = random_puzzle(&mut rng, 20, 20, 0.5);
        let level = Level::of(rating(&puzzle)).unwrap();
        let closure = search.closure(&puzzle).unwrap();
        assert_eq!(matches!(closure, Closure::Complete), level != Level::Hard);
        seen[level as usize] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// The advice fits the request: a small grid is told to grow (waiting longer would not help),
/// a large one is never told to, and the numbers in the message are the request's.
#[test]
fn the_advice_fits_the_request() {
    let limit = |width, height, level, colours| GenerateError::TimeLimit {
        level,
        width,
        height,
        colours,
        limit: Duration::from_secs(30),
        pictures: 2,
        judged: 40,
    };
    let flag = |option: &str| format!("--{option}");
    let small = limit(5, 5, Level::Hard, 1);
    assert_eq!(
        format!("{small}; {}", small.advice(flag).unwrap()),
        "no hard 5x5 puzzle found within the time limit (30 s; 2 pictures tried); grids this \
         small seldom need search: try a larger --size, or an easier --difficulty"
    );
    let large = limit(30, 30, Level::Hard, 3);
    let advice = large.advice(flag).unwrap();
    assert_eq!(
        format!("{large}; {advice}"),
        "no hard 30x30 puzzle found within the time limit (30 s; 2 pictures tried); try another \
         --seed, a longer --timeout, fewer --colours or an easier --difficulty"
    );
    // Never a larger size at the sizes where the level was found reliably, whatever the
    // level and palette; one clause, no line break.
    for level in Level::ALL {
        for colours in 1..=4 {
            let side = smallest_side(level, colours);
            for (w, h) in [(side, side), (side, 60), (200, side)] {
                let advice = limit(w, h, level, colours).advice(flag).unwrap();
                assert!(
                    !advice.contains("larger"),
                    "{level} {w}x{h}, {colours}: {advice}"
                );
                assert!(
                    advice.contains("--seed") && !advice.contains('\n'),
                    "{advice}"
                );
            }
            if side > 1 {
                let advice = limit(side - 1, 40, level, colours).advice(flag).unwrap();
                assert!(advice.contains("a larger --size"), "{advice}");
            }
        }
    }
    assert_eq!(GenerateError::Cancelled.advice(flag), None);
    assert_eq!(GenerateError::Density(2.0).advice(flag), None);
}
