//! Solves a seeded random set and prints timing: `cargo run --release --example random_set -- COUNT SIZE SEED`.
use std::time::Instant;
use nonogram_core::{generate::random_set, Config, Solver, Status};

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    let (count, size, seed) = (args.first().copied().unwrap_or(500), args.get(1).copied().unwrap_or(30), args.get(2).copied().unwrap_or(1));
    let puzzles = random_set(seed as u64, count, size, size, 0.5);
    let engine = std::env::var("ENGINE").ok().and_then(|e| nonogram_core::Engine::from_name(&e)).unwrap_or_default();
    let threads = std::env::var("THREADS").ok().map(|t| t.parse().unwrap()).unwrap_or(1);
    let solver = Solver::new(Config { engine, threads, ..Config::default() });
    let start = Instant::now();
    let mut times = Vec::new();
    let mut counts = [0usize; 4];
    for p in &puzzles {
        let t = Instant::now();
        let o = solver.solve(p);
        times.push((t.elapsed().as_secs_f64(), o.stats, o.status, times.len()));
        counts[match o.status { Status::Unique => 0, Status::Multiple => 1, Status::None => 2, Status::Timeout => 3 }] += 1;
    }
    let total = start.elapsed().as_secs_f64();
    times.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap());
    println!("{count} puzzles {size}x{size}: total {total:.2}s unique {} multiple {} none {} timeout {}", counts[0], counts[1], counts[2], counts[3]);
    for t in times.iter().rev().take(5) { println!("  #{} {:.1}ms {:?} {:?}", t.3, t.0 * 1e3, t.2, t.1); }
    println!("median {:.2}ms  p99 {:.1}ms  max {:.1}ms {:?}", times[count / 2].0 * 1e3, times[count * 99 / 100].0 * 1e3, times[count - 1].0 * 1e3, times[count - 1].1);
}
