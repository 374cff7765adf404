//! Line-solver micro-benchmark: `cargo run --release --example line_bench -- LEN`.
use std::time::Instant;
use nonogram_core::generate::{random_picture, Rng};
use nonogram_core::line::LineSolver;
use nonogram_core::Clue;

fn main() {
    let len: usize = std::env::args().nth(1).map(|a| a.parse().unwrap()).unwrap_or(30);
    let mut rng = Rng::new(42);
    let words = len.div_ceil(64);
    let mut cases = Vec::new();
    for _ in 0..10_000 {
        let pic = random_picture(&mut rng, len, 1, 0.5);
        let clue = Clue::from_cells((0..len).map(|c| pic.get(0, c))).runs().to_vec();
        let (mut f, mut e) = (vec![0u64; words], vec![0u64; words]);
        for i in 0..len {
            if rng.next_f64() < 0.3 {
                if pic.get(0, i) { f[i / 64] |= 1 << (i % 64) } else { e[i / 64] |= 1 << (i % 64) }
            }
        }
        cases.push((clue, f, e));
    }
    let mut solver = LineSolver::new();
    let (mut of, mut oe) = (vec![0u64; words], vec![0u64; words]);
    let mut sink = 0u64;
    let rounds: usize = std::env::args().nth(2).map(|a| a.parse().unwrap()).unwrap_or(50);
    let start = Instant::now();
    for _ in 0..rounds {
        for (clue, f, e) in &cases {
            if solver.solve(clue, len, f, e, &mut of, &mut oe).is_ok() { sink ^= of[0] ^ oe[0]; }
        }
    }
    let ns = start.elapsed().as_nanos() as f64 / (rounds * cases.len()) as f64;
    println!("len {len}: {ns:.1} ns/line (sink {sink:x})");
}
