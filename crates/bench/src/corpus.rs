//! `corpus`: every puzzle of the given files, solved by us and by each peer.

use std::path::PathBuf;

use crate::args::fail;
use crate::measure::{ours_with_work, solver, walk, SolveArgs};
use crate::peer;
use crate::record::{run_peers, PeerTotals, Recorder, Scratch};

pub(crate) fn corpus(
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
