//! `generate`: how long `nonogram generate` takes to make a unique puzzle of a size, difficulty
//! and palette (issue 34's targets). Each case generates puzzles 0 to `count - 1` of one seed,
//! one after another on one thread (the generator uses one thread), and prints the median, 90th
//! percentile and slowest times in milliseconds, how many requests ran out of time, and how
//! many pictures were drawn per puzzle on average. No peer generates puzzles with a uniqueness
//! proof and a rating, so there is no peer column.

use std::time::Duration;

use nonogram_author::generator::{generate, GeneratorConfig, Level};

/// One request: size, level, colours.
pub struct Case {
    pub width: usize,
    pub height: usize,
    pub level: Level,
    pub colours: usize,
}

/// Issue 34's cases: 20×20 of each difficulty, 30×30 medium, 15×15 in three colours (easy,
/// the default; medium; and any). Hard colour puzzles have a table of their own, seed by seed
/// (BENCHMARKS.md, "Hard colour puzzles"; `--size 25x25 --difficulty hard --colours 3` runs
/// one request here).
pub fn standard_cases() -> Vec<Case> {
    let case = |width, height, level, colours| Case {
        width,
        height,
        level,
        colours,
    };
    vec![
        case(20, 20, Level::Easy, 1),
        case(20, 20, Level::Medium, 1),
        case(20, 20, Level::Hard, 1),
        case(20, 20, Level::Any, 1),
        case(30, 30, Level::Medium, 1),
        case(15, 15, Level::Easy, 3),
        case(15, 15, Level::Medium, 3),
        case(15, 15, Level::Any, 3),
    ]
}

/// Runs each case and prints one row for it.
pub fn run(cases: &[Case], count: u64, seed: u64, timeout: Duration) {
    println!(
        "{:<26} {:>6} {:>10} {:>10} {:>10} {:>9} {:>9}",
        "request", "count", "median ms", "p90 ms", "max ms", "timeouts", "pictures"
    );
    for case in cases {
        let config = GeneratorConfig {
            width: case.width,
            height: case.height,
            level: case.level,
            colours: case.colours,
            seed,
            timeout: Some(timeout),
            ..GeneratorConfig::default()
        };
        let mut times = Vec::new();
        let (mut timeouts, mut pictures) = (0, 0);
        for index in 0..count {
            let start = std::time::Instant::now();
            match generate(&config, index) {
                Ok(generated) => pictures += generated.pictures,
                Err(_) => timeouts += 1,
            }
            times.push(start.elapsed().as_secs_f64() * 1e3);
        }
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        let name = format!(
            "{}x{} {}{}",
            case.width,
            case.height,
            case.level,
            if case.colours > 1 {
                format!(", {} colours", case.colours)
            } else {
                String::new()
            }
        );
        let made = (count as usize - timeouts).max(1);
        println!(
            "{name:<26} {count:>6} {:>10.2} {:>10.2} {:>10.2} {timeouts:>9} {:>9.1}",
            at(0.5),
            at(0.9),
            at(1.0),
            pictures as f64 / made as f64
        );
    }
}
