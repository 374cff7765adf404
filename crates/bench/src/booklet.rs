//! `booklet`: how long `nonogram render --output pdf` takes to print a booklet (issue 41's
//! target: 100 puzzles under 5 s). The puzzles are generated first, unique and rated as
//! `nonogram generate` makes them (puzzles 0 to `count - 1` of a seed, not timed); then each
//! run prints them through the report path the command line prints through
//! (`nonogram_api::report::booklet`): with solution pages, every puzzle solved on one thread,
//! and the PDF written in memory. Prints the median, fastest and slowest of `runs` runs, the
//! share of the median spent solving, and the booklet's pages and size.

use std::time::{Duration, Instant};

use nonogram_api::report::booklet::{print, solve_all};
use nonogram_api::report::SolveOptions;
use nonogram_author::generator::{generate, GeneratorConfig, Level};
use nonogram_core::Puzzle;
use nonogram_render::pdf::{BookletOptions, Paper};

/// What to print.
pub struct Case {
    pub count: u64,
    pub size: (usize, usize),
    pub seed: u64,
    pub per_page: usize,
    pub paper: Paper,
    pub solutions: bool,
}

/// Generates the puzzles, then prints the booklet `runs` times and reports.
pub fn run(case: &Case, runs: usize) -> Result<(), String> {
    let config = GeneratorConfig {
        width: case.size.0,
        height: case.size.1,
        level: Level::Easy,
        seed: case.seed,
        timeout: Some(Duration::from_secs(60)),
        ..GeneratorConfig::default()
    };
    let puzzles: Vec<Puzzle> = (0..case.count)
        .map(|i| {
            generate(&config, i)
                .map(|g| g.puzzle)
                .map_err(|e| format!("puzzle {i} of seed {}: {e}", case.seed))
        })
        .collect::<Result<_, _>>()?;
    let refs: Vec<&Puzzle> = puzzles.iter().collect();
    let numbered: Vec<(usize, &Puzzle)> = refs.iter().copied().enumerate().collect();
    let options = BookletOptions {
        paper: case.paper,
        per_page: case.per_page,
    };
    let (mut totals, mut solving) = (Vec::new(), Vec::new());
    let mut last = None;
    for _ in 0..runs {
        let start = Instant::now();
        let reports = case
            .solutions
            .then(|| solve_all(&numbered, SolveOptions::default(), 1, None, None));
        let solved = start.elapsed();
        let booklet = print(&refs, reports.as_deref(), &options).map_err(|e| e.to_string())?;
        totals.push(start.elapsed().as_secs_f64());
        solving.push(solved.as_secs_f64());
        last = Some(booklet);
    }
    let booklet = last.ok_or("no run")?;
    let middle = |xs: &mut Vec<f64>| {
        xs.sort_by(f64::total_cmp);
        xs[xs.len() / 2]
    };
    let median = middle(&mut totals);
    let solve_median = middle(&mut solving);
    println!(
        "{} puzzles {}x{} (easy, seed {}), {} a page on {}{}: median {:.3} s (fastest {:.3}, \
         slowest {:.3}; solving {:.0}% of it) over {runs} runs; {} + {} pages, {} KB",
        case.count,
        case.size.0,
        case.size.1,
        case.seed,
        case.per_page,
        case.paper.name(),
        if case.solutions {
            ", with solutions"
        } else {
            ""
        },
        median,
        totals[0],
        totals[totals.len() - 1],
        100.0 * solve_median / median,
        booklet.puzzle_pages,
        booklet.solution_pages,
        booklet.pdf.len() / 1024
    );
    Ok(())
}
