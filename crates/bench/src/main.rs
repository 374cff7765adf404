//! `nonogram-bench`: the benchmarks behind BENCHMARKS.md.
//!
//! - `corpus PATH...`: every puzzle in the files given (directories are walked), solved by us and
//!   by each `--peer` on the same puzzle, one process per puzzle with the same time limit
//!   ([`peer`]). Prints one row per puzzle with the times, the verdicts and the ratios (with
//!   `--work`, our conflicts, decisions and probes too), then totals.
//! - `random`: seeded sets of random puzzles (Wolter's distribution: 30×30 at 50%), one set per
//!   `--seed` given, solved on `--jobs` threads, one puzzle per thread. Prints the distribution
//!   of times (median to maximum, the 99.9th percentile included: the tail is what users
//!   notice) and the slowest puzzles, which `--save-slowest N --save-dir DIR` writes as `.non`
//!   files (the tail set in `testdata/tail/` was made so); each `--peer` solves a sample.
//! - `lines`: nanoseconds per line solve on random partly known lines.
//! - `cactus RECORDS...`: the cactus plot (puzzles solved against time, one line per solver) of
//!   the per-puzzle records that `corpus --record FILE` writes, as SVG ([`cactus`]); `summary
//!   RECORDS...` their totals, medians and ratios as a Markdown table, a row per set and solver.
//! - `generate`: the time to generate unique puzzles of a size, difficulty and palette
//!   ([`generate`](mod@generate)), issue 34's requests or one given.
//! - `booklet`: the time to print generated puzzles as a PDF booklet with their solution
//!   pages, as `nonogram render --output pdf` does ([`booklet`](mod@booklet)).
//!
//! `random --colours N` (N of 2 or more) makes colour puzzles of N colours instead; nonogrid
//! reads those as webpbn XML with its `<color>` elements (`.nin` has no colours), and
//! `lines --colours N` measures the colour line solver, `lines --triangles` the triangle one.
//!
//! Times are wall-clock medians over `--runs` runs. The machines these run on are noisy: compare
//! ratios measured in the same run, not absolute figures across runs.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Parser, Subcommand};
use nonogram_core::generate::{random_colour_set, random_set};

mod args;
mod booklet;
mod cactus;
mod corpus;
mod generate;
mod lines;
mod map;
mod measure;
mod peer;
mod random;
mod record;

use args::{
    at_least_one, colours, fail, fraction, level, line_length, paper, seconds, side, size_pair,
    thread_count, MAX_SET_CELLS,
};
use corpus::corpus;
use lines::{colour_lines, lines, triangle_lines};
use measure::SolveArgs;
use random::{random, RandomSet};
use record::{draw_cactus, read_records, Recorder};

#[derive(Parser)]
#[command(about = "Benchmarks for the nonogram solver, beside peer solvers")]
struct Cli {
    #[command(subcommand)]
    command: Bench,
}

#[derive(Subcommand)]
enum Bench {
    /// Solve every puzzle of the given files and directories.
    Corpus {
        #[command(flatten)]
        solve: SolveArgs,
        /// Runs per puzzle (the median is reported).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1000))]
        runs: u64,
        /// Print totals only.
        #[arg(long)]
        quiet: bool,
        /// Add our work per puzzle to each row (of the median run): conflicts (the learner's,
        /// with the search's dead ends), decisions and probes. What a change to the learner
        /// does to its search, beside what it does to the time.
        #[arg(long, conflicts_with = "quiet")]
        work: bool,
        /// Append one line per solver and puzzle (time, whether solved, verdict) to FILE,
        /// created if missing, for `cactus` to draw. Ours and the peers come from this run.
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
        /// Puzzle files, and directories to walk (files that hold no puzzle are reported on
        /// standard error and left out).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Solve a seeded set of random puzzles.
    Random {
        #[command(flatten)]
        solve: SolveArgs,
        /// Puzzles per seed.
        #[arg(long, default_value_t = 5000)]
        count: usize,
        /// Cells a side, 1 to 2048 (the most cells a puzzle may have, 2048 × 2048).
        #[arg(long, default_value_t = 30, value_parser = side)]
        size: usize,
        /// The chance that a cell is filled, 0 to 1.
        #[arg(long, default_value_t = 0.5, value_parser = fraction)]
        density: f64,
        /// Generator seeds: one set of `--count` puzzles per seed (`1,2,3`).
        #[arg(long, value_delimiter = ',', default_value = "1")]
        seed: Vec<u64>,
        /// Leave out the first N puzzles of each seed's set: `--count 422 --skip 421` solves
        /// puzzle 421 (counted from 0) alone, under its name in the full set.
        #[arg(long, default_value_t = 0)]
        skip: usize,
        /// Colours besides the background: 1 is black and white (Wolter's sets); 2 or more
        /// make colour puzzles, each filled cell's colour uniform among them (at most 32).
        #[arg(long, default_value_t = 1, value_parser = colours)]
        colours: usize,
        /// Puzzles solved at once (0 = all cores; at most 1024).
        #[arg(long, default_value_t = 0, value_parser = thread_count)]
        jobs: usize,
        /// How many of the puzzles each peer solves (the first ones; peers are often much
        /// slower).
        #[arg(long, default_value_t = 200, value_parser = at_least_one)]
        peer_sample: usize,
        /// Write the N slowest puzzles (ours) as `.non` files into `--save-dir`.
        #[arg(long, default_value_t = 0, requires = "save_dir")]
        save_slowest: usize,
        /// The directory for `--save-slowest` (created if missing; existing files of the same
        /// name are not overwritten).
        #[arg(long, requires = "save_slowest")]
        save_dir: Option<PathBuf>,
        /// Append one line per solver and puzzle to FILE, as `corpus --record` does: every
        /// puzzle when no peer runs, else the peers' sample, so that each solver's line is
        /// drawn over the same puzzles.
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
    },
    /// Draw the cactus plot of `corpus --record` files as SVG: puzzles solved against time,
    /// one line per solver.
    Cactus {
        /// Record files written by `corpus --record` (several are read as one set).
        #[arg(required = true)]
        records: Vec<PathBuf>,
        /// Write the SVG to FILE instead of standard output.
        #[arg(short, long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Replace the `-o` FILE if it exists.
        #[arg(long, requires = "out")]
        force: bool,
        /// The plot's title.
        #[arg(long, default_value = "puzzles solved against time")]
        title: String,
    },
    /// Print each record file's solvers (a row per set and solver: solved, total and median
    /// time, ratios to ours) as a Markdown table.
    Summary {
        /// Record files written by `corpus --record` or `random --record`, one per set (the
        /// set is named after the file).
        #[arg(required = true)]
        records: Vec<PathBuf>,
    },
    /// Time to print a PDF booklet of generated puzzles, with their solution pages.
    Booklet {
        /// How many puzzles.
        #[arg(long, default_value_t = 100,
              value_parser = clap::value_parser!(u64).range(1..=10_000))]
        count: u64,
        /// Their size, as WxH.
        #[arg(long, default_value = "15x15", value_parser = size_pair)]
        size: (usize, usize),
        /// The seed they are generated from.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Puzzles a page, 1 to 36.
        #[arg(long, default_value_t = 4,
              value_parser = clap::value_parser!(u64).range(1..=nonogram_render::pdf::MAX_PER_PAGE as u64))]
        per_page: u64,
        /// The paper: a4 or letter.
        #[arg(long, default_value = "a4", value_parser = paper)]
        paper: nonogram_render::pdf::Paper,
        /// Leave the solution pages out (and so the solves).
        #[arg(long)]
        blank: bool,
        /// Runs (the median is reported).
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=1000))]
        runs: u64,
    },
    /// Time to generate unique puzzles: issue 34's requests, or the one given by --size.
    Generate {
        /// Puzzles per request (puzzles 0 to N-1 of the seed).
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=100_000))]
        count: u64,
        /// The seed of every request.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Time limit per puzzle, seconds.
        #[arg(long, default_value_t = 60.0, value_parser = seconds)]
        timeout: f64,
        /// One request instead of issue 34's: its size, as WxH.
        #[arg(long, value_parser = size_pair)]
        size: Option<(usize, usize)>,
        /// The request's difficulty: easy, medium, hard or any.
        #[arg(long, default_value = "easy", requires = "size", value_parser = level)]
        difficulty: nonogram_author::generator::Level,
        /// The request's colours besides the background.
        #[arg(long, default_value_t = 1, requires = "size", value_parser = colours)]
        colours: usize,
    },
    /// How long make's disambiguation map takes: random pictures whose clues leave a dozen or
    /// so cells undecided, mapped one after another on one thread, in 1, 2 and 3 colours.
    Map {
        /// Pictures per row.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=10_000))]
        count: u64,
        /// The seed of the pictures.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The pictures' size, as WxH.
        #[arg(long, default_value = "30x30", value_parser = size_pair)]
        size: (usize, usize),
        /// Pictures whose clues leave at least this many cells undecided by line solving.
        #[arg(long, default_value_t = 8)]
        min_undecided: usize,
        /// ... and at most this many.
        #[arg(long, default_value_t = 16)]
        max_undecided: usize,
    },
    /// Line-solver micro-benchmark.
    Lines {
        /// Line lengths to measure, 1 to 4096 cells (the longest side a puzzle may have).
        #[arg(
            long,
            value_delimiter = ',',
            default_value = "25,30,64,100,127,300,1000",
            value_parser = line_length
        )]
        lengths: Vec<usize>,
        /// Fraction of cells known, 0 to 1.
        #[arg(long, default_value_t = 0.3, value_parser = fraction)]
        known: f64,
        /// Colours besides the background: 2 or more (at most 32) measure the colour line
        /// solver.
        #[arg(long, default_value_t = 1, value_parser = colours)]
        colours: usize,
        /// Measure the triangle line solver, on lines of a random triangle picture (cells
        /// empty, black or half black), with `--known` of the cells known.
        #[arg(long, conflicts_with = "colours")]
        triangles: bool,
    },
}

fn main() {
    let cli = Cli::parse();
    match cli.command {
        Bench::Corpus {
            solve,
            runs,
            quiet,
            work,
            record,
            paths,
        } => {
            let record = record.map(|path| Recorder::open(&path));
            corpus(&solve, runs as usize, quiet, work, record, &paths)
        }
        Bench::Cactus {
            records,
            out,
            force,
            title,
        } => draw_cactus(&records, out.as_deref(), force, &title),
        Bench::Summary { records } => {
            let sets: Vec<_> = records
                .iter()
                .map(|path| {
                    let name = path.file_stem().unwrap_or_default().to_string_lossy();
                    (name.into_owned(), read_records(path))
                })
                .collect();
            print!("{}", cactus::summary(&sets));
        }
        Bench::Random {
            solve,
            count,
            size,
            density,
            seed,
            skip,
            colours,
            jobs,
            peer_sample,
            save_slowest,
            save_dir,
            record,
        } => {
            let cells = (count.saturating_sub(skip))
                .saturating_mul(seed.len())
                .saturating_mul(size * size);
            if cells > MAX_SET_CELLS {
                fail(&format!(
                    "{count} puzzles of {size}x{size} for {} seed(s) make {cells} cells, more than \
                     the {MAX_SET_CELLS} a set may hold in memory: ask for fewer or smaller puzzles",
                    seed.len()
                ));
            }
            let mut puzzles = Vec::new();
            for &seed in &seed {
                let set = if colours <= 1 {
                    random_set(seed, count, size, size, density)
                } else {
                    random_colour_set(seed, count, size, size, colours, density)
                };
                puzzles.extend(
                    set.into_iter()
                        .enumerate()
                        .skip(skip)
                        .map(|(i, p)| (format!("s{seed}#{i}"), p)),
                );
            }
            if puzzles.is_empty() {
                fail(&format!(
                    "no puzzle to solve (--count {count}, --skip {skip}): --count must exceed \
                     --skip"
                ));
            }
            let name = match colours {
                0 | 1 => String::new(),
                n => format!(" {n}-colour"),
            };
            let seeds: Vec<String> = seed.iter().map(u64::to_string).collect();
            let title = format!(
                "{} random{name} {size}x{size} puzzles (density {density}, seed {})",
                puzzles.len(),
                seeds.join(",")
            );
            let stem = match colours {
                0 | 1 => format!("random-{size}x{size}-d{density}"),
                n => format!("random-{size}x{size}-d{density}-c{n}"),
            };
            let save = save_dir.map(|dir| (save_slowest, dir));
            let record = record.map(|path| Recorder::open(&path));
            let set = RandomSet {
                puzzles: &puzzles,
                title: &title,
                stem: &stem,
            };
            random(&solve, &set, jobs, peer_sample, save, record)
        }
        Bench::Lines {
            lengths,
            known,
            triangles: true,
            ..
        } => triangle_lines(&lengths, known),
        Bench::Lines {
            lengths,
            known,
            colours,
            ..
        } if colours >= 2 => colour_lines(&lengths, known, colours),
        Bench::Lines { lengths, known, .. } => lines(&lengths, known),
        Bench::Booklet {
            count,
            size,
            seed,
            per_page,
            paper,
            blank,
            runs,
        } => {
            let case = booklet::Case {
                count,
                size,
                seed,
                per_page: per_page as usize,
                paper,
                solutions: !blank,
            };
            if let Err(message) = booklet::run(&case, runs as usize) {
                fail(&message);
            }
        }
        Bench::Generate {
            count,
            seed,
            timeout,
            size,
            difficulty,
            colours,
        } => {
            let cases = match size {
                Some((width, height)) => vec![generate::Case {
                    width,
                    height,
                    level: difficulty,
                    colours,
                }],
                None => generate::standard_cases(),
            };
            let timeout = Duration::try_from_secs_f64(timeout).unwrap_or(Duration::MAX);
            generate::run(&cases, count, seed, timeout);
        }
        Bench::Map {
            count,
            seed,
            size: (width, height),
            min_undecided,
            max_undecided,
        } => {
            map::header();
            for colours in [1, 2, 3] {
                let undecided = (min_undecided, max_undecided.max(min_undecided));
                map::run(width, height, colours, count as usize, seed, undecided);
            }
        }
    }
}
