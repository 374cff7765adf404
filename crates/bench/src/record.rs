//! Peers run beside us, their totals, and the per-puzzle records that cactus plots draw.

use std::path::{Path, PathBuf};

use nonogram_core::{Puzzle, Status};

use crate::args::fail;
use crate::cactus;
use crate::measure::{answered, SolveArgs};
use crate::peer::{self, Peer};

/// Runs every peer on one puzzle: (seconds, verdict) per peer.
pub(crate) fn run_peers(
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
pub(crate) struct Scratch(pub(crate) PathBuf);

impl Scratch {
    pub(crate) fn new() -> Scratch {
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
pub(crate) struct PeerTotals {
    pub(crate) peer: f64,
    pub(crate) ours: f64,
    pub(crate) run: usize,
    pub(crate) unfinished: usize,
    pub(crate) disagree: usize,
}

impl PeerTotals {
    pub(crate) fn add(&mut self, ours: (f64, Status), theirs: (f64, peer::Verdict)) {
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

    pub(crate) fn line(&self, name: &str) -> String {
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
pub(crate) struct Recorder {
    pub(crate) file: std::fs::File,
    pub(crate) path: PathBuf,
}

impl Recorder {
    /// Opens `path` to append to (created if missing) and writes the header line, so that a
    /// bad path is refused before the run.
    pub(crate) fn open(path: &Path) -> Recorder {
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

    pub(crate) fn write(&mut self, line: &str) {
        use std::io::Write;
        if let Err(e) = writeln!(self.file, "{line}") {
            fail(&format!("{}: cannot write: {e}", self.path.display()));
        }
    }

    pub(crate) fn add(
        &mut self,
        solver: &str,
        puzzle: &str,
        seconds: f64,
        solved: bool,
        verdict: String,
    ) {
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
    pub(crate) fn ours(
        &mut self,
        puzzle: &str,
        (seconds, status): (f64, Status),
        solutions: usize,
    ) {
        let solved = answered(status, solutions);
        self.add("ours", puzzle, seconds, solved, status.name().to_string());
    }

    /// A peer's run on `puzzle`, beside our `status`: solved if it finished and agrees with us
    /// (a peer that disagrees is flagged in the table, and not counted). Nothing for a puzzle
    /// the peer cannot take.
    pub(crate) fn peer(
        &mut self,
        peer: &Peer,
        puzzle: &str,
        run: (f64, peer::Verdict),
        status: Status,
    ) {
        let (seconds, verdict) = run;
        let solved = match verdict {
            peer::Verdict::Unsupported => return,
            peer::Verdict::Solved(n) => peer::agrees(status, n),
            peer::Verdict::Failed | peer::Verdict::Timeout => false,
        };
        self.add(peer.name(), puzzle, seconds, solved, verdict.cell(status));
    }
}

/// The records of one file written by `--record`; an unreadable or damaged file fails the run.
pub(crate) fn read_records(path: &Path) -> Vec<cactus::Record> {
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
    cactus::parse(&path.display().to_string(), &text).unwrap_or_else(|e| fail(&e))
}

/// Reads the record files and writes their cactus plot to `out` or standard output.
pub(crate) fn draw_cactus(paths: &[PathBuf], out: Option<&Path>, force: bool, title: &str) {
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
