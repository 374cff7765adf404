//! `nonogram-bench`: the benchmarks behind BENCHMARKS.md.
//!
//! - `corpus PATH...`: every puzzle in the files given (directories are walked), solved by us and,
//!   with `--peer nonogrid`, by the `nonogrid` binary on the same puzzle written as `.nin`, one
//!   process per puzzle with the same time limit. Prints one row per puzzle with both times, the
//!   verdicts and their ratio, then totals.
//! - `random`: a seeded set of random puzzles (Wolter's distribution: 30×30 at 50%), solved on
//!   `--jobs` threads, one puzzle per thread, with the slowest listed; `--peer` solves a sample
//!   of the same puzzles with the peer.
//! - `lines`: nanoseconds per line solve on random partly known lines.
//!
//! `random --colours N` (N of 2 or more) makes colour puzzles of N colours instead; the peer
//! reads those as webpbn XML with its `<color>` elements (`.nin` has no colours), and
//! `lines --colours N` measures the colour line solver.
//!
//! Times are wall-clock medians over `--runs` runs. The machines these run on are noisy: compare
//! ratios measured in the same run, not absolute figures across runs.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use nonogram_core::colour::line::ColourLineSolver;
use nonogram_core::generate::{
    random_colour_picture, random_colour_set, random_picture, random_set, Rng,
};
use nonogram_core::line::{Line, LineSolve, LineSolver, Masks};
use nonogram_core::{Clue, Config, Engine, Puzzle, Solver, Status};
use nonogram_formats::Format;
use rayon::prelude::*;

#[derive(Parser)]
#[command(about = "Benchmarks for the nonogram solver, beside peer solvers")]
struct Cli {
    #[command(subcommand)]
    command: Bench,
}

#[derive(clap::Args, Clone)]
struct SolveArgs {
    /// Solutions to look for (2 proves uniqueness; tournaments ask for 1).
    #[arg(long, default_value_t = 2)]
    solutions: usize,
    /// Threads per solve for our solver (0 = all cores).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Our engine: auto, search, learn or sat.
    #[arg(long, default_value = "auto")]
    engine: String,
    /// Time limit per puzzle, seconds, for us and for the peer.
    #[arg(long, default_value_t = 60.0)]
    timeout: f64,
    /// Peer solver to run on the same puzzles (`nonogrid`, found on PATH).
    #[arg(long)]
    peer: Option<String>,
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
        #[arg(long, default_value_t = 1)]
        runs: usize,
        /// Print totals only.
        #[arg(long)]
        quiet: bool,
        paths: Vec<PathBuf>,
    },
    /// Solve a seeded set of random puzzles.
    Random {
        #[command(flatten)]
        solve: SolveArgs,
        #[arg(long, default_value_t = 5000)]
        count: usize,
        #[arg(long, default_value_t = 30)]
        size: usize,
        #[arg(long, default_value_t = 0.5)]
        density: f64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Colours besides the background: 1 is black and white (Wolter's sets); 2 or more
        /// make colour puzzles, each filled cell's colour uniform among them.
        #[arg(long, default_value_t = 1)]
        colours: usize,
        /// Puzzles solved at once (0 = all cores).
        #[arg(long, default_value_t = 0)]
        jobs: usize,
        /// How many of the puzzles the peer solves (it is often much slower).
        #[arg(long, default_value_t = 200)]
        peer_sample: usize,
    },
    /// Line-solver micro-benchmark.
    Lines {
        /// Line lengths to measure.
        #[arg(
            long,
            value_delimiter = ',',
            default_value = "25,30,64,100,127,300,1000"
        )]
        lengths: Vec<usize>,
        /// Fraction of cells known.
        #[arg(long, default_value_t = 0.3)]
        known: f64,
        /// Colours besides the background: 2 or more measure the colour line solver.
        #[arg(long, default_value_t = 1)]
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
            paths,
        } => corpus(&solve, runs, quiet, &paths),
        Bench::Random {
            solve,
            count,
            size,
            density,
            seed,
            colours,
            jobs,
            peer_sample,
        } => {
            let puzzles = if colours <= 1 {
                random_set(seed, count, size, size, density)
            } else {
                random_colour_set(seed, count, size, size, colours, density)
            };
            let name = match colours {
                0 | 1 => String::new(),
                n => format!(" {n}-colour"),
            };
            let title = format!(
                "{count} random{name} {size}x{size} puzzles (density {density}, seed {seed})"
            );
            random(&solve, &puzzles, &title, jobs, peer_sample)
        }
        Bench::Lines {
            lengths,
            known,
            colours,
        } if colours >= 2 => colour_lines(&lengths, known, colours),
        Bench::Lines { lengths, known, .. } => lines(&lengths, known),
    }
}

fn solver(args: &SolveArgs) -> Solver {
    let engine = Engine::from_name(&args.engine).unwrap_or_else(|| {
        eprintln!("nonogram-bench: unknown engine {:?}", args.engine);
        std::process::exit(2)
    });
    Solver::new(Config {
        max_solutions: args.solutions,
        timeout: Some(Duration::from_secs_f64(args.timeout)),
        engine,
        threads: args.threads,
        seed: args.seed_order,
        ..Config::default()
    })
}

/// One solve of ours: (seconds, status).
fn ours(solver: &Solver, puzzle: &Puzzle) -> (f64, Status) {
    let outcome = solver.solve(puzzle);
    for s in &outcome.solutions {
        assert!(puzzle.is_solved_by(s), "an engine returned a non-solution");
    }
    (outcome.elapsed.as_secs_f64(), outcome.status)
}

/// A peer's verdict, as far as we can tell from its exit and output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PeerVerdict {
    Solved(usize),
    Failed,
    Timeout,
}

/// Runs the peer on one puzzle: (seconds, verdict).
fn peer(
    name: &str,
    puzzle: &Puzzle,
    solutions: usize,
    timeout: f64,
    dir: &Path,
    tag: &str,
) -> (f64, PeerVerdict) {
    let (path, text) = if puzzle.is_black_and_white() {
        let text = nonogram_formats::write(puzzle, Format::Nin).expect("nin is writable");
        (dir.join(format!("{tag}.nin")), text)
    } else {
        (dir.join(format!("{tag}.xml")), colour_xml(puzzle))
    };
    std::fs::write(&path, text).expect("write peer input");
    let start = Instant::now();
    let mut child = Command::new(name)
        .arg(format!("--max-solutions={solutions}"))
        .arg(format!("--timeout={}", timeout.ceil() as u64))
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| {
            eprintln!("nonogram-bench: cannot run {name}: {e}");
            std::process::exit(2)
        });
    let deadline = start + Duration::from_secs_f64(timeout + 5.0);
    loop {
        if let Some(status) = child.try_wait().expect("wait for peer") {
            let elapsed = start.elapsed().as_secs_f64();
            let mut out = String::new();
            if let Some(mut stdout) = child.stdout.take() {
                use std::io::Read;
                let _ = stdout.read_to_string(&mut out);
            }
            if !status.success() {
                return (elapsed, PeerVerdict::Failed);
            }
            return (
                elapsed,
                PeerVerdict::Solved(count_peer_solutions(
                    &out,
                    puzzle.width(),
                    puzzle.height(),
                    &peer_symbols(puzzle),
                )),
            );
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return (start.elapsed().as_secs_f64(), PeerVerdict::Timeout);
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}

/// The characters the peer draws cells with: `■` (or `#`, `X`) filled and `.` empty in black
/// and white; in colour, the `char`s of [`colour_xml`]'s palette.
fn peer_symbols(puzzle: &Puzzle) -> Vec<char> {
    if puzzle.is_black_and_white() {
        vec!['■', '.', '#', 'X']
    } else {
        PEER_CHARS.chars().take(puzzle.palette().len()).collect()
    }
}

/// The characters [`colour_xml`] gives the palette's entries, background first.
const PEER_CHARS: &str = ".XrgbymcoABCDEFGHIJKLMNOPQRSTUVW";

/// A colour puzzle as webpbn XML (`<color>` elements, each `<count>` naming its colour), which
/// the peer reads; our formats crate does not write colour yet. Colour names are `c1`, `c2`,
/// ...; the background is `white`.
fn colour_xml(puzzle: &Puzzle) -> String {
    use std::fmt::Write;
    let palette = puzzle.palette();
    let name = |i: usize| match i {
        0 => "white".to_string(),
        i => format!("c{i}"),
    };
    let mut xml = String::from(
        "<?xml version=\"1.0\"?>\n<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"c1\" \
         backgroundcolor=\"white\">\n",
    );
    for (id, colour) in palette.entries() {
        let i = id.index();
        let rgb = colour.rgb.to_string();
        let symbol = PEER_CHARS.chars().nth(i).unwrap_or('?');
        let _ = writeln!(
            xml,
            "<color name=\"{}\" char=\"{symbol}\">{}</color>",
            name(i),
            &rgb[1..]
        );
    }
    for (kind, clues) in [("columns", puzzle.columns()), ("rows", puzzle.rows())] {
        let _ = writeln!(xml, "<clues type=\"{kind}\">");
        for clue in clues {
            xml.push_str("<line>");
            for run in clue.iter() {
                let _ = write!(
                    xml,
                    "<count color=\"{}\">{}</count>",
                    name(run.colour.index()),
                    run.len
                );
            }
            xml.push_str("</line>\n");
        }
        xml.push_str("</clues>\n");
    }
    xml.push_str("</puzzle>\n</puzzleset>\n");
    xml
}

/// nonogrid prints each solution as a block of rows, the row clues first and then one token per
/// cell (`symbols`, or `?` unknown). Counts the complete blocks: runs of at least `height`
/// consecutive rows whose last `width` cell symbols are all cells, none unknown.
fn count_peer_solutions(out: &str, width: usize, height: usize, symbols: &[char]) -> usize {
    let (mut count, mut rows, mut unknown) = (0, 0, false);
    let close = |rows: usize, unknown: bool| usize::from(rows >= height && !unknown);
    for line in out.lines() {
        // The last `width` non-blank characters must all be cells (a clue may touch the first).
        let cells: Vec<char> = line
            .chars()
            .rev()
            .filter(|c| !c.is_whitespace())
            .take(width)
            .collect();
        let is_row = cells.len() == width && cells.iter().all(|c| *c == '?' || symbols.contains(c));
        if is_row {
            rows += 1;
            unknown |= cells.contains(&'?');
        } else {
            count += close(rows, unknown);
            rows = 0;
            unknown = false;
        }
    }
    count + close(rows, unknown)
}

/// Whether the peer's count of solutions agrees with our status.
fn agrees(status: Status, n: usize) -> bool {
    match status {
        Status::Unique => n == 1,
        Status::Multiple => n >= 2,
        Status::Solved => n >= 1,
        Status::NoSolution => n == 0,
        Status::Unknown => true,
    }
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

fn corpus(args: &SolveArgs, runs: usize, quiet: bool, paths: &[PathBuf]) {
    let solver = solver(args);
    let dir = std::env::temp_dir().join(format!("nonogram-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut files = Vec::new();
    for p in paths {
        walk(p, &mut files);
    }
    println!(
        "{:<34} {:>7} {:>9} {:>10} {:>9} {:>10} {:>7}",
        "puzzle", "size", "ours", "ours ms", "peer", "peer ms", "ratio"
    );
    let (mut total_ours, mut total_peer, mut count, mut disagreements) = (0.0, 0.0, 0, 0);
    let mut peer_unfinished = 0;
    for file in files {
        let Ok((_, puzzles)) = nonogram_formats::read_file(&file, None) else {
            continue;
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
            let results: Vec<_> = (0..runs.max(1)).map(|_| ours(&solver, puzzle)).collect();
            let status = results[0].1;
            let t = median(results.iter().map(|r| r.0).collect());
            total_ours += t;
            count += 1;
            let mut peer_cols = (String::from("-"), String::from("-"), String::from("-"));
            if let Some(name) = &args.peer {
                let (pt, verdict) = peer(name, puzzle, args.solutions, args.timeout, &dir, "p");
                total_peer += pt;
                let verdict_text = match verdict {
                    PeerVerdict::Solved(n) => {
                        let agree = agrees(status, n);
                        if !agree {
                            disagreements += 1;
                        }
                        format!("{n} sol{}", if agree { "" } else { "!" })
                    }
                    PeerVerdict::Failed => {
                        peer_unfinished += 1;
                        "failed".into()
                    }
                    PeerVerdict::Timeout => {
                        peer_unfinished += 1;
                        "timeout".into()
                    }
                };
                peer_cols = (
                    verdict_text,
                    format!("{:.1}", pt * 1e3),
                    format!("{:.1}x", pt / t.max(1e-6)),
                );
            }
            if !quiet {
                println!(
                    "{:<34} {:>7} {:>9} {:>10.1} {:>9} {:>10} {:>7}",
                    name,
                    format!("{}x{}", puzzle.width(), puzzle.height()),
                    status.name(),
                    t * 1e3,
                    peer_cols.0,
                    peer_cols.1,
                    peer_cols.2
                );
            }
        }
    }
    println!("total: {count} puzzles, ours {total_ours:.2} s");
    if args.peer.is_some() {
        println!(
            "peer total {total_peer:.2} s ({:.1}x ours), {peer_unfinished} unfinished or failed, {disagreements} verdicts disagree",
            total_peer / total_ours.max(1e-9)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn random(args: &SolveArgs, puzzles: &[Puzzle], title: &str, jobs: usize, peer_sample: usize) {
    let count = puzzles.len();
    let solver = solver(args);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .expect("thread pool");
    let start = Instant::now();
    let results: Vec<(f64, Status)> =
        pool.install(|| puzzles.par_iter().map(|p| ours(&solver, p)).collect());
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
    let pct = |q: f64| {
        let mut xs: Vec<f64> = times.iter().map(|t| t.0).collect();
        xs.sort_by(f64::total_cmp);
        xs[((xs.len() - 1) as f64 * q) as usize] * 1e3
    };
    println!(
        "  per puzzle ms: p50 {:.2} p90 {:.2} p99 {:.1} max {:.1}",
        pct(0.5),
        pct(0.9),
        pct(0.99),
        times[0].0 * 1e3
    );
    println!(
        "  slowest: {}",
        times
            .iter()
            .take(5)
            .map(|t| format!("#{} {:.0} ms", t.1, t.0 * 1e3))
            .collect::<Vec<_>>()
            .join(", ")
    );
    if let Some(name) = &args.peer {
        let dir = std::env::temp_dir().join(format!("nonogram-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let sample: Vec<usize> = (0..count.min(peer_sample)).collect();
        let peer_results: Vec<(f64, PeerVerdict)> = pool.install(|| {
            sample
                .par_iter()
                .map(|&i| {
                    peer(
                        name,
                        &puzzles[i],
                        args.solutions,
                        args.timeout,
                        &dir,
                        &format!("r{i}"),
                    )
                })
                .collect()
        });
        let peer_total: f64 = peer_results.iter().map(|r| r.0).sum();
        let ours_total: f64 = sample.iter().map(|&i| results[i].0).sum();
        let unfinished = peer_results
            .iter()
            .filter(|r| r.1 != PeerVerdict::Solved(1) && !matches!(r.1, PeerVerdict::Solved(_)))
            .count();
        println!(
            "  peer {name} on the first {} puzzles: cpu {peer_total:.2} s vs ours {ours_total:.2} s ({:.1}x), {unfinished} unfinished or failed",
            sample.len(),
            peer_total / ours_total.max(1e-9)
        );
        let spread = |xs: Vec<f64>| {
            let (p50, max) = (median(xs.clone()), xs.iter().copied().fold(0.0, f64::max));
            format!("p50 {:.2} ms, max {:.1} ms", p50 * 1e3, max * 1e3)
        };
        let disagree = sample
            .iter()
            .zip(&peer_results)
            .filter(|&(&i, peer)| match peer.1 {
                PeerVerdict::Solved(n) => !agrees(results[i].1, n),
                _ => false,
            })
            .count();
        println!(
            "  on that sample: ours {}; peer {}; {disagree} verdicts disagree",
            spread(sample.iter().map(|&i| results[i].0).collect()),
            spread(peer_results.iter().map(|r| r.0).collect()),
        );
        let _ = std::fs::remove_dir_all(&dir);
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
