//! `random`: seeded sets of random puzzles solved on several threads, the distribution of times.

use std::path::PathBuf;
use std::time::Instant;

use nonogram_core::{Puzzle, Status};
use nonogram_formats::Format;
use rayon::prelude::*;

use crate::args::fail;
use crate::measure::{median, ours, solver, SolveArgs};
use crate::peer;
use crate::record::{run_peers, PeerTotals, Recorder, Scratch};

/// A random set: its puzzles, each with its label (`s1#42`), the title of the report, and the
/// stem of its files' and records' names (`random-30x30-d0.5`).
pub(crate) struct RandomSet<'a> {
    pub(crate) puzzles: &'a [(String, Puzzle)],
    pub(crate) title: &'a str,
    pub(crate) stem: &'a str,
}

/// The N slowest puzzles to keep, and the directory.
pub(crate) type Save = (usize, PathBuf);

pub(crate) fn random(
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

#[cfg(test)]
mod tests {
    use std::path::Path;

    use nonogram_core::generate::random_set;

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
