use nonogram_core::{generate::random_set, Config, Solver};
fn main() {
    let a: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().unwrap()).collect();
    let p = &random_set(a[0] as u64, a[1] + 1, 30, 30, 0.5)[a[1]];
    let engine = std::env::var("ENGINE").ok().and_then(|e| nonogram_core::Engine::from_name(&e)).unwrap_or_default();
    let o = Solver::new(Config { engine, threads: 1, ..Config::default() }).solve(p);
    println!("{:?} {:?} {:?}", o.status, o.elapsed, o.stats);
}
