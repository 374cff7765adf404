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
//! `lines --colours N` measures the colour line solver.
//!
//! Times are wall-clock medians over `--runs` runs. The machines these run on are noisy: compare
//! ratios measured in the same run, not absolute figures across runs.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use nonogram_core::colour::line::ColourLineSolver;
use nonogram_core::generate::{
    random_colour_picture, random_colour_set, random_picture, random_set, Rng,
};
use nonogram_core::line::{Line, LineSolve, LineSolver, Masks};
use nonogram_core::{Clue, Config, Engine, Puzzle, Solver, Stats, Status};
use nonogram_formats::Format;
use rayon::prelude::*;

mod booklet;
mod cactus;
mod generate;
mod peer;
use peer::Peer;

#[derive(Parser)]
#[command(about = "Benchmarks for the nonogram solver, beside peer solvers")]
struct Cli {
    #[command(subcommand)]
    command: Bench,
}

#[derive(clap::Args, Clone)]
struct SolveArgs {
    /// Solutions to look for (2 proves uniqueness; tournaments ask for 1), 1 to 10000.
    #[arg(long, default_value_t = 2, value_parser = solutions)]
    solutions: usize,
    /// Threads per solve for our solver (0 = all cores; at most 1024).
    #[arg(long, default_value_t = 1, value_parser = thread_count)]
    threads: usize,
    /// Our engine: auto, search, learn or sat.
    #[arg(long, default_value = "auto")]
    engine: String,
    /// Time limit per puzzle, seconds, for us and for the peers (a limit beyond any run, such as
    /// 1e30, is none).
    #[arg(long, default_value_t = 60.0, value_parser = seconds)]
    timeout: f64,
    /// A peer solver to run on the same puzzles: `nonogrid`, `nonosolve` or `hugi`, as
    /// `NAME=PATH` or `NAME` (then `$NONOGRAM_BENCH_<NAME>`, else NAME on PATH). Repeat it to
    /// run several. Never built or shipped by the repository.
    #[arg(long, value_parser = Peer::parse)]
    peer: Vec<Peer>,
    /// Our learning engine's initial order (0: its own; see `Config::seed`). Run a change to
    /// the learner under several seeds before trusting a difference.
    #[arg(long, default_value_t = 0)]
    seed_order: u64,
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
        difficulty: nonogram_core::generator::Level,
        /// The request's colours besides the background.
        #[arg(long, default_value_t = 1, requires = "size", value_parser = colours)]
        colours: usize,
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
            colours,
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
    }
}

/// The most cells a `random` run generates (its puzzles are all kept in memory): about a
/// gigabyte of clues at density 0.5.
const MAX_SET_CELLS: usize = 1 << 28;

/// Prints `message` as the program's one-line error and exits with status 2 (bad usage).
/// `a4` or `letter`.
fn paper(text: &str) -> Result<nonogram_render::pdf::Paper, String> {
    nonogram_render::pdf::Paper::from_name(text)
        .ok_or_else(|| format!("unknown paper '{text}' (use a4 or letter)"))
}

/// `WxH`, each side 1 to the generator's largest.
fn size_pair(text: &str) -> Result<(usize, usize), String> {
    let most = nonogram_core::generator::MAX_SIDE;
    let (w, h) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("'{text}' is not a size: write it as WxH, e.g. 20x20"))?;
    Ok((
        number_in(w, 1..=most, "a width")?,
        number_in(h, 1..=most, "a height")?,
    ))
}

/// A difficulty: easy, medium, hard or any.
fn level(text: &str) -> Result<nonogram_core::generator::Level, String> {
    nonogram_core::generator::Level::from_name(text)
        .ok_or_else(|| format!("'{text}' is not a difficulty: easy, medium, hard or any"))
}

fn fail(message: &str) -> ! {
    eprintln!("nonogram-bench: {message}");
    std::process::exit(2)
}

/// A number within `range`, for the option parsers below.
fn number_in<T>(text: &str, range: std::ops::RangeInclusive<T>, what: &str) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display,
{
    match text.trim().parse::<T>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(format!(
            "'{text}' is not {what} from {} to {}",
            range.start(),
            range.end()
        )),
    }
}

/// A number of threads: 0 (one per core) to 1024, as `nonogram batch --jobs` allows.
fn thread_count(text: &str) -> Result<usize, String> {
    number_in(text, 0..=1024, "a number of threads")
}

fn at_least_one(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("'{text}' is not a count of 1 or more")),
    }
}

fn solutions(text: &str) -> Result<usize, String> {
    number_in(text, 1..=10_000, "a number of solutions")
}

fn side(text: &str) -> Result<usize, String> {
    let limits = nonogram_core::model::Limits::DEFAULT;
    let most = (1..=limits.max_side)
        .take_while(|s| s * s <= limits.max_cells)
        .last()
        .unwrap_or(1);
    number_in(text, 1..=most, "a side in cells")
}

fn line_length(text: &str) -> Result<usize, String> {
    number_in(
        text,
        1..=nonogram_core::model::Limits::DEFAULT.max_side,
        "a line length in cells",
    )
}

fn colours(text: &str) -> Result<usize, String> {
    number_in(
        text,
        1..=nonogram_core::model::MAX_COLOURS,
        "a number of colours",
    )
}

fn fraction(text: &str) -> Result<f64, String> {
    number_in(text, 0.0..=1.0, "a fraction")
}

/// Seconds, non-negative and finite (a value beyond what a `Duration` holds is no limit).
fn seconds(text: &str) -> Result<f64, String> {
    number_in(text, 0.0..=f64::MAX, "a number of seconds")
}

fn solver(args: &SolveArgs) -> Solver {
    let engine = Engine::from_name(&args.engine)
        .unwrap_or_else(|| fail(&format!("unknown engine {:?}", args.engine)));
    Solver::new(Config {
        max_solutions: args.solutions,
        timeout: Duration::try_from_secs_f64(args.timeout).ok(),
        engine,
        threads: args.threads,
        seed: args.seed_order,
        ..Config::default()
    })
}

/// One solve of ours: (seconds, status).
fn ours(solver: &Solver, puzzle: &Puzzle) -> (f64, Status) {
    let (seconds, status, _) = ours_with_work(solver, puzzle);
    (seconds, status)
}

/// One solve of ours: (seconds, status, the engines' counters).
fn ours_with_work(solver: &Solver, puzzle: &Puzzle) -> (f64, Status, Stats) {
    let outcome = solver.solve(puzzle);
    for s in &outcome.solutions {
        assert!(puzzle.is_solved_by(s), "an engine returned a non-solution");
    }
    (outcome.elapsed.as_secs_f64(), outcome.status, outcome.stats)
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn walk(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(path)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .collect();
        entries.sort();
        for entry in entries {
            walk(&entry, out);
        }
    } else {
        out.push(path.to_path_buf());
    }
}

/// Runs every peer on one puzzle: (seconds, verdict) per peer.
fn run_peers(
    args: &SolveArgs,
    puzzle: &Puzzle,
    dir: &Path,
    tag: &str,
) -> Vec<(f64, peer::Verdict)> {
    args.peer
        .iter()
        .map(|p| {
            p.run(
                puzzle,
                args.solutions,
                args.timeout,
                args.threads,
                dir,
                &format!("{}-{tag}", p.name()),
            )
        })
        .collect()
}

/// A scratch directory for the peers' input files, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        let dir = std::env::temp_dir().join(format!("nonogram-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Per-peer totals over the puzzles it was given.
#[derive(Default, Clone)]
struct PeerTotals {
    peer: f64,
    ours: f64,
    run: usize,
    unfinished: usize,
    disagree: usize,
}

impl PeerTotals {
    fn add(&mut self, ours: (f64, Status), theirs: (f64, peer::Verdict)) {
        if theirs.1 == peer::Verdict::Unsupported {
            return;
        }
        self.run += 1;
        self.peer += theirs.0;
        self.ours += ours.0;
        match theirs.1 {
            peer::Verdict::Solved(n) if !peer::agrees(ours.1, n) => self.disagree += 1,
            peer::Verdict::Solved(_) => {}
            _ => self.unfinished += 1,
        }
    }

    fn line(&self, name: &str) -> String {
        format!(
            "{name} on {} puzzles: {:.2} s against ours {:.2} s ({:.1}x ours), {} unfinished or failed, {} verdicts disagree",
            self.run,
            self.peer,
            self.ours,
            self.peer / self.ours.max(1e-9),
            self.unfinished,
            self.disagree
        )
    }
}

/// Where `corpus --record` appends its lines.
struct Recorder {
    file: std::fs::File,
    path: PathBuf,
}

impl Recorder {
    /// Opens `path` to append to (created if missing) and writes the header line, so that a
    /// bad path is refused before the run.
    fn open(path: &Path) -> Recorder {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .unwrap_or_else(|e| fail(&format!("{}: cannot open: {e}", path.display())));
        let mut recorder = Recorder {
            file,
            path: path.to_path_buf(),
        };
        recorder.write(cactus::HEADER);
        recorder
    }

    fn write(&mut self, line: &str) {
        use std::io::Write;
        if let Err(e) = writeln!(self.file, "{line}") {
            fail(&format!("{}: cannot write: {e}", self.path.display()));
        }
    }

    fn add(&mut self, solver: &str, puzzle: &str, seconds: f64, solved: bool, verdict: String) {
        let record = cactus::Record {
            solver: solver.to_string(),
            puzzle: puzzle.to_string(),
            seconds,
            solved,
            verdict,
        };
        self.write(&record.line());
    }

    /// Our solve of `puzzle`, asked for `solutions`: solved if it answered that question.
    fn ours(&mut self, puzzle: &str, (seconds, status): (f64, Status), solutions: usize) {
        let solved = answered(status, solutions);
        self.add("ours", puzzle, seconds, solved, status.name().to_string());
    }

    /// A peer's run on `puzzle`, beside our `status`: solved if it finished and agrees with us
    /// (a peer that disagrees is flagged in the table, and not counted). Nothing for a puzzle
    /// the peer cannot take.
    fn peer(&mut self, peer: &Peer, puzzle: &str, run: (f64, peer::Verdict), status: Status) {
        let (seconds, verdict) = run;
        let solved = match verdict {
            peer::Verdict::Unsupported => return,
            peer::Verdict::Solved(n) => peer::agrees(status, n),
            peer::Verdict::Failed | peer::Verdict::Timeout => false,
        };
        self.add(peer.name(), puzzle, seconds, solved, verdict.cell(status));
    }
}

/// Whether our status answers the question asked: a verdict, and with two solutions or more
/// asked, a solution whose uniqueness was decided (`solved` then means a limit came first).
fn answered(status: Status, solutions: usize) -> bool {
    match status {
        Status::Unknown => false,
        Status::Solved => solutions == 1,
        Status::Unique | Status::Multiple | Status::NoSolution => true,
    }
}

/// The records of one file written by `--record`; an unreadable or damaged file fails the run.
fn read_records(path: &Path) -> Vec<cactus::Record> {
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
    cactus::parse(&path.display().to_string(), &text).unwrap_or_else(|e| fail(&e))
}

/// Reads the record files and writes their cactus plot to `out` or standard output.
fn draw_cactus(paths: &[PathBuf], out: Option<&Path>, force: bool, title: &str) {
    let records: Vec<_> = paths.iter().flat_map(|p| read_records(p)).collect();
    let svg = cactus::svg(&records, title);
    match out {
        None => print!("{svg}"),
        Some(path) => {
            if path.exists() && !force {
                fail(&format!(
                    "{}: exists (give --force to replace it)",
                    path.display()
                ));
            }
            if let Err(e) = std::fs::write(path, svg) {
                fail(&format!("{}: cannot write: {e}", path.display()));
            }
        }
    }
}

fn corpus(
    args: &SolveArgs,
    runs: usize,
    quiet: bool,
    work: bool,
    mut record: Option<Recorder>,
    paths: &[PathBuf],
) {
    let solver = solver(args);
    let scratch = Scratch::new();
    let mut files = Vec::new();
    for p in paths {
        if !p.exists() {
            fail(&format!("{}: no such file or directory", p.display()));
        }
        walk(p, &mut files);
    }
    let mut header = format!(
        "{:<34} {:>7} {:>9} {:>10}",
        "puzzle", "size", "ours", "ours ms"
    );
    if work {
        header += &format!(" {:>10} {:>10} {:>8}", "conflicts", "decisions", "probes");
    }
    for p in &args.peer {
        header += &format!(" {:>9} {:>10} {:>7}", p.name(), "ms", "ratio");
    }
    println!("{header}");
    let (mut total_ours, mut count) = (0.0, 0);
    let mut totals = vec![PeerTotals::default(); args.peer.len()];
    let mut unread = 0;
    for file in files {
        let puzzles = match nonogram_formats::read_file(&file, None) {
            Ok((_, puzzles)) => puzzles,
            Err(e) => {
                eprintln!("nonogram-bench: left out {e}");
                unread += 1;
                continue;
            }
        };
        for (index, puzzle) in puzzles.iter().enumerate() {
            let name = match puzzles.len() {
                1 => file.file_name().unwrap().to_string_lossy().into_owned(),
                _ => format!(
                    "{}#{}",
                    file.file_name().unwrap().to_string_lossy(),
                    index + 1
                ),
            };
            let mut results: Vec<_> = (0..runs).map(|_| ours_with_work(&solver, puzzle)).collect();
            let status = results[0].1;
            // The median run, whose work is the one shown.
            results.sort_by(|a, b| a.0.total_cmp(&b.0));
            let (t, _, stats) = results[results.len() / 2];
            total_ours += t;
            count += 1;
            let mut row = format!(
                "{:<34} {:>7} {:>9} {:>10.1}",
                name,
                format!("{}x{}", puzzle.width(), puzzle.height()),
                status.name(),
                t * 1e3
            );
            if work {
                row += &format!(
                    " {:>10} {:>10} {:>8}",
                    stats.backtracks, stats.decisions, stats.probes
                );
            }
            // The puzzle as the records name it: unique across the files of one run.
            let key = match puzzles.len() {
                1 => file.display().to_string(),
                _ => format!("{}#{}", file.display(), index + 1),
            };
            if let Some(r) = &mut record {
                r.ours(&key, (t, status), args.solutions);
            }
            for (i, theirs) in run_peers(args, puzzle, &scratch.0, "p")
                .into_iter()
                .enumerate()
            {
                totals[i].add((t, status), theirs);
                if let Some(r) = &mut record {
                    r.peer(&args.peer[i], &key, theirs, status);
                }
                let (ms, ratio) = match theirs.1 {
                    peer::Verdict::Unsupported => ("-".into(), "-".into()),
                    _ => (
                        format!("{:.1}", theirs.0 * 1e3),
                        format!("{:.1}x", theirs.0 / t.max(1e-6)),
                    ),
                };
                row += &format!(" {:>9} {ms:>10} {ratio:>7}", theirs.1.cell(status));
            }
            if !quiet {
                println!("{row}");
            }
        }
    }
    let left_out = match unread {
        0 => String::new(),
        n => format!(" ({n} files left out: unreadable, see above)"),
    };
    println!("total: {count} puzzles, ours {total_ours:.2} s{left_out}");
    for (p, t) in args.peer.iter().zip(&totals) {
        println!("{}", t.line(p.name()));
    }
}

/// The N slowest puzzles to keep, and the directory.
type Save = (usize, PathBuf);

/// A random set: its puzzles, each with its label (`s1#42`), the title of the report, and the
/// stem of its files' and records' names (`random-30x30-d0.5`).
struct RandomSet<'a> {
    puzzles: &'a [(String, Puzzle)],
    title: &'a str,
    stem: &'a str,
}

fn random(
    args: &SolveArgs,
    set: &RandomSet,
    jobs: usize,
    peer_sample: usize,
    save: Option<Save>,
    mut record: Option<Recorder>,
) {
    let RandomSet {
        puzzles,
        title,
        stem,
    } = *set;
    let solver = solver(args);
    // The directory is made before the run, so that a bad one is refused before hours of work.
    if let Some((_, dir)) = &save {
        if let Err(e) = std::fs::create_dir_all(dir) {
            fail(&format!(
                "{}: cannot create the directory: {e}",
                dir.display()
            ));
        }
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .expect("thread pool");
    let start = Instant::now();
    let results: Vec<(f64, Status)> =
        pool.install(|| puzzles.par_iter().map(|p| ours(&solver, &p.1)).collect());
    let wall = start.elapsed().as_secs_f64();
    let mut by_status = [0usize; 5];
    for r in &results {
        by_status[r.1 as usize] += 1;
    }
    let mut times: Vec<(f64, usize)> = results.iter().enumerate().map(|(i, r)| (r.0, i)).collect();
    times.sort_by(|a, b| b.0.total_cmp(&a.0));
    let cpu: f64 = times.iter().map(|t| t.0).sum();
    println!(
        "{title}, {} jobs: wall {wall:.2} s, cpu {cpu:.2} s",
        pool.current_num_threads()
    );
    println!(
        "  unique {} multiple {} solved {} none {} unknown {}",
        by_status[Status::Unique as usize],
        by_status[Status::Multiple as usize],
        by_status[Status::Solved as usize],
        by_status[Status::NoSolution as usize],
        by_status[Status::Unknown as usize]
    );
    // The nearest-rank percentile: the smallest time at least a fraction `q` of puzzles take
    // no longer than.
    let pct = |q: f64| {
        let n = times.len();
        let rank = ((q * n as f64).ceil() as usize).clamp(1, n);
        times[n - rank].0 * 1e3
    };
    println!(
        "  per puzzle ms: p50 {:.2} p90 {:.2} p99 {:.1} p99.9 {:.1} max {:.1}",
        pct(0.5),
        pct(0.9),
        pct(0.99),
        pct(0.999),
        times[0].0 * 1e3
    );
    println!(
        "  slowest: {}",
        times
            .iter()
            .take(8)
            .map(|t| format!("{} {:.0} ms", puzzles[t.1].0, t.0 * 1e3))
            .collect::<Vec<_>>()
            .join(", ")
    );
    if let Some((n, dir)) = save {
        for t in times.iter().take(n) {
            let (label, puzzle) = &puzzles[t.1];
            let name = format!("{stem}-{}.non", label.replace('#', "-"));
            let path = dir.join(&name);
            if path.exists() {
                println!("  kept {} (already there)", path.display());
                continue;
            }
            let text = nonogram_formats::write(puzzle, Format::Non).expect("non is writable");
            if let Err(e) = std::fs::write(&path, text) {
                fail(&format!("{}: cannot write: {e}", path.display()));
            }
            println!("  saved {} ({:.0} ms)", path.display(), t.0 * 1e3);
        }
    }
    let key = |i: usize| format!("{stem}-{}", puzzles[i].0);
    if args.peer.is_empty() {
        if let Some(r) = &mut record {
            for (i, &result) in results.iter().enumerate() {
                r.ours(&key(i), result, args.solutions);
            }
        }
        return;
    }
    let scratch = Scratch::new();
    let sample: Vec<usize> = (0..puzzles.len().min(peer_sample)).collect();
    let peer_results: Vec<Vec<(f64, peer::Verdict)>> = pool.install(|| {
        sample
            .par_iter()
            .map(|&i| run_peers(args, &puzzles[i].1, &scratch.0, &format!("r{i}")))
            .collect()
    });
    if let Some(r) = &mut record {
        for (&i, theirs) in sample.iter().zip(&peer_results) {
            r.ours(&key(i), results[i], args.solutions);
            for (p, &run) in args.peer.iter().zip(theirs) {
                r.peer(p, &key(i), run, results[i].1);
            }
        }
    }
    let spread = |xs: Vec<f64>| {
        let (p50, max) = (median(xs.clone()), xs.iter().copied().fold(0.0, f64::max));
        format!("p50 {:.2} ms, max {:.1} ms", p50 * 1e3, max * 1e3)
    };
    println!(
        "  ours on the peers' sample of {}: {}",
        sample.len(),
        spread(sample.iter().map(|&i| results[i].0).collect())
    );
    for (k, p) in args.peer.iter().enumerate() {
        let mut totals = PeerTotals::default();
        for (&i, theirs) in sample.iter().zip(&peer_results) {
            totals.add(results[i], theirs[k]);
        }
        println!("  {}", totals.line(p.name()));
        let theirs: Vec<f64> = peer_results
            .iter()
            .map(|r| r[k])
            .filter(|r| r.1 != peer::Verdict::Unsupported)
            .map(|r| r.0)
            .collect();
        if !theirs.is_empty() {
            println!("    {}: {}", p.name(), spread(theirs));
        }
    }
}

fn lines(lengths: &[usize], known: f64) {
    println!("{:>6} {:>10}", "cells", "ns/line");
    for &len in lengths {
        let mut rng = Rng::new(42);
        let words = len.div_ceil(64);
        let mut cases = Vec::new();
        for _ in 0..2000 {
            let pic = random_picture(&mut rng, len, 1, 0.5);
            let clue = Clue::from_cells((0..len).map(|c| pic.get(0, c)))
                .runs()
                .to_vec();
            let (mut f, mut e) = (vec![0u64; words], vec![0u64; words]);
            for i in 0..len {
                if rng.next_f64() < known {
                    let w = if pic.get(0, i) { &mut f } else { &mut e };
                    w[i / 64] |= 1 << (i % 64);
                }
            }
            cases.push((clue, f, e));
        }
        let mut solver = LineSolver::new();
        let mut out = Masks::new(len);
        let mut samples = Vec::new();
        for _ in 0..7 {
            let start = Instant::now();
            let mut solved = 0usize;
            while start.elapsed() < Duration::from_millis(60) {
                for (clue, f, e) in &cases {
                    let line = Line::new(clue, len, f, e);
                    let _ = std::hint::black_box(solver.solve(line, &mut out));
                }
                solved += cases.len();
            }
            samples.push(start.elapsed().as_nanos() as f64 / solved as f64);
        }
        println!("{len:>6} {:>10.1}", median(samples));
    }
}

/// The colour line solver on random lines of `colours` colours (each cell filled with
/// probability 0.5, its colour uniform) with a fraction `known` of the cells known.
fn colour_lines(lengths: &[usize], known: f64, colours: usize) {
    println!("{:>6} {:>10}  ({colours} colours)", "cells", "ns/line");
    let entries = colours + 1;
    for &len in lengths {
        let mut rng = Rng::new(42);
        let words = len.div_ceil(64);
        let mut cases = Vec::new();
        for _ in 0..2000 {
            let pic = random_colour_picture(&mut rng, len, 1, colours, 0.5);
            let clue = Clue::from_colours((0..len).map(|c| pic.colour(0, c)));
            let mut masks = vec![0u64; entries * words];
            for i in 0..len {
                let only = rng.next_f64() < known;
                for e in 0..entries {
                    if !only || e == pic.colour(0, i).index() {
                        masks[e * words + i / 64] |= 1 << (i % 64);
                    }
                }
            }
            cases.push((clue, masks));
        }
        let mut solver = ColourLineSolver::new();
        let mut out = vec![0u64; entries * words];
        let mut samples = Vec::new();
        for _ in 0..7 {
            let start = Instant::now();
            let mut solved = 0usize;
            while start.elapsed() < Duration::from_millis(60) {
                for (clue, masks) in &cases {
                    let _ = std::hint::black_box(solver.solve(clue, len, entries, masks, &mut out));
                }
                solved += cases.len();
            }
            samples.push(start.elapsed().as_nanos() as f64 / solved as f64);
        }
        println!("{len:>6} {:>10.1}", median(samples));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each file of the tail set (`testdata/tail/`) is still exactly the puzzle its name says
    /// the generator makes (`random-WxH-dD-sSEED-INDEX.non`), so the set can be made again
    /// and its times compared across changes. An empty or missing set fails.
    #[test]
    fn the_tail_set_is_what_the_generator_makes() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/tail");
        let mut checked = 0;
        for entry in std::fs::read_dir(&dir).expect("testdata/tail") {
            let path = entry.expect("a directory entry").path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let Some(stem) = name.strip_suffix(".non") else {
                continue;
            };
            let parts: Vec<&str> = stem.split('-').collect();
            let [_, size, density, seed, index] = parts[..] else {
                panic!("{name}: not random-WxH-dD-sSEED-INDEX.non");
            };
            let (w, h) = size.split_once('x').expect("WxH");
            let (w, h): (usize, usize) = (w.parse().unwrap(), h.parse().unwrap());
            let density: f64 = density[1..].parse().unwrap();
            let seed: u64 = seed[1..].parse().unwrap();
            let index: usize = index.parse().unwrap();
            let want = random_set(seed, index + 1, w, h, density).pop().unwrap();
            let (_, got) = nonogram_formats::read_file(&path, None).expect("a readable puzzle");
            assert_eq!(got.len(), 1, "{name}");
            assert_eq!(got[0].rows(), want.rows(), "{name}");
            assert_eq!(got[0].columns(), want.columns(), "{name}");
            checked += 1;
        }
        assert!(
            checked >= 10,
            "only {checked} tail puzzles in {}",
            dir.display()
        );
    }
}
