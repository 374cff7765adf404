//! Prints engine statistics for one tournament-format puzzle file: `file_stats FILE ENGINE SOLUTIONS`.
use nonogram_core::{Clue, Config, Engine, Puzzle, Solver};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&a[1]).unwrap();
    let lines: Vec<Clue> = text.lines().filter(|l| !l.starts_with('$')).map(|l| Clue::new(l.split_whitespace().map(|x| x.parse().unwrap()))).collect();
    let n = lines.len() / 2;
    let p = Puzzle::new(lines[n..].to_vec(), lines[..n].to_vec()).unwrap();
    let engine = Engine::from_name(&a[2]).unwrap();
    let o = Solver::new(Config { engine, threads: 1, max_solutions: a[3].parse().unwrap(), ..Config::default() }).solve(&p);
    println!("{:?} {:?} {:?}", o.status, o.elapsed, o.stats);
}
