//! One solve measured: our solver as the arguments configure it, its time and verdict.

use std::path::{Path, PathBuf};
use std::time::Duration;

use nonogram_core::{Config, Engine, Puzzle, Solver, Stats, Status};

use crate::args::{fail, seconds, solutions, thread_count};
use crate::peer::Peer;

#[derive(clap::Args, Clone)]
pub(crate) struct SolveArgs {
    /// Solutions to look for (2 proves uniqueness; tournaments ask for 1), 1 to 10000.
    #[arg(long, default_value_t = 2, value_parser = solutions)]
    pub(crate) solutions: usize,
    /// Threads per solve for our solver (0 = all cores; at most 1024).
    #[arg(long, default_value_t = 1, value_parser = thread_count)]
    pub(crate) threads: usize,
    /// Our engine: auto, search, learn or sat.
    #[arg(long, default_value = "auto")]
    pub(crate) engine: String,
    /// Time limit per puzzle, seconds, for us and for the peers (a limit beyond any run, such as
    /// 1e30, is none).
    #[arg(long, default_value_t = 60.0, value_parser = seconds)]
    pub(crate) timeout: f64,
    /// A peer solver to run on the same puzzles: `nonogrid`, `nonosolve` or `hugi`, as
    /// `NAME=PATH` or `NAME` (then `$NONOGRAM_BENCH_<NAME>`, else NAME on PATH). Repeat it to
    /// run several. Never built or shipped by the repository.
    #[arg(long, value_parser = Peer::parse)]
    pub(crate) peer: Vec<Peer>,
    /// Our learning engine's initial order (0: its own; see `Config::seed`). Run a change to
    /// the learner under several seeds before trusting a difference.
    #[arg(long, default_value_t = 0)]
    pub(crate) seed_order: u64,
}

pub(crate) fn solver(args: &SolveArgs) -> Solver {
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
pub(crate) fn ours(solver: &Solver, puzzle: &Puzzle) -> (f64, Status) {
    let (seconds, status, _) = ours_with_work(solver, puzzle);
    (seconds, status)
}

/// One solve of ours: (seconds, status, the engines' counters).
pub(crate) fn ours_with_work(solver: &Solver, puzzle: &Puzzle) -> (f64, Status, Stats) {
    let outcome = solver.solve(puzzle);
    for s in &outcome.solutions {
        assert!(puzzle.is_solved_by(s), "an engine returned a non-solution");
    }
    (outcome.elapsed.as_secs_f64(), outcome.status, outcome.stats)
}

pub(crate) fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

pub(crate) fn walk(path: &Path, out: &mut Vec<PathBuf>) {
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

/// Whether our status answers the question asked: a verdict, and with two solutions or more
/// asked, a solution whose uniqueness was decided (`solved` then means a limit came first).
pub(crate) fn answered(status: Status, solutions: usize) -> bool {
    match status {
        Status::Unknown => false,
        Status::Solved => solutions == 1,
        Status::Unique | Status::Multiple | Status::NoSolution => true,
    }
}
