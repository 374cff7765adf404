//! Peer solvers, run as separate processes on the same puzzles as ours.
//!
//! Three peers are known: `nonogrid` (the crate of that name, `cargo install nonogrid
//! --features xml,sat`), `nonosolve` (hyouv/FastNonogramSolver) and `hugi` (meros/hugi). The
//! repository never builds or ships them: give a binary as `--peer NAME=PATH`, or set
//! `NONOGRAM_BENCH_NONOGRID`, `NONOGRAM_BENCH_NONOSOLVE` or `NONOGRAM_BENCH_HUGI`, or put it on
//! `PATH` under its name.
//!
//! Each peer gets the puzzle in a format it reads (`.nin`, whose empty clues are written `0`,
//! which all three take; webpbn XML for nonogrid's colour puzzles), the same number of
//! solutions to look for where it can be told (hugi always looks for two), the same time limit
//! (hugi has none for one file, so it is killed at ours), and is timed from spawn to exit: its
//! figures include starting a process, about a millisecond, which ours do not.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use nonogram_core::{Puzzle, Status};
use nonogram_formats::Format;

/// Which peer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Nonogrid,
    Nonosolve,
    Hugi,
}

/// A peer solver and the binary that runs it.
#[derive(Clone, Debug)]
pub struct Peer {
    pub kind: Kind,
    pub program: PathBuf,
}

/// A peer's verdict on one puzzle, as far as its exit and output tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Finished, with this many solutions (2 meaning "two or more").
    Solved(usize),
    /// Exited with an error or printed nothing we understand.
    Failed,
    /// Gave up at its time limit, or was killed at ours.
    Timeout,
    /// The peer cannot take this puzzle (colour, or lines too long for it): not run.
    Unsupported,
}

impl Verdict {
    /// A short cell for a table: `1 sol`, `2 sol!` (disagreeing with `status`), `timeout`...
    pub fn cell(self, status: Status) -> String {
        match self {
            Verdict::Solved(n) => format!("{n} sol{}", if agrees(status, n) { "" } else { "!" }),
            Verdict::Failed => "failed".into(),
            Verdict::Timeout => "timeout".into(),
            Verdict::Unsupported => "n/a".into(),
        }
    }
}

/// Whether a peer's count of solutions agrees with our status.
pub fn agrees(status: Status, n: usize) -> bool {
    match status {
        Status::Unique => n == 1,
        Status::Multiple => n >= 2,
        Status::Solved => n >= 1,
        Status::NoSolution => n == 0,
        Status::Unknown => true,
    }
}

impl Peer {
    /// `NAME` or `NAME=PATH`, NAME one of `nonogrid`, `nonosolve`, `hugi`.
    pub fn parse(spec: &str) -> Result<Peer, String> {
        let (name, path) = match spec.split_once('=') {
            Some((name, path)) => (name, Some(PathBuf::from(path))),
            None => (spec, None),
        };
        let kind = match name {
            "nonogrid" => Kind::Nonogrid,
            "nonosolve" => Kind::Nonosolve,
            "hugi" => Kind::Hugi,
            other => {
                return Err(format!(
                    "unknown peer {other:?} (known: nonogrid, nonosolve, hugi)"
                ))
            }
        };
        let variable = format!("NONOGRAM_BENCH_{}", name.to_uppercase());
        let program = path
            .or_else(|| std::env::var_os(&variable).map(PathBuf::from))
            .unwrap_or_else(|| PathBuf::from(name));
        Ok(Peer { kind, program })
    }

    /// The peer's name.
    pub fn name(&self) -> &'static str {
        match self.kind {
            Kind::Nonogrid => "nonogrid",
            Kind::Nonosolve => "nonosolve",
            Kind::Hugi => "hugi",
        }
    }

    /// Whether the peer can take the puzzle: nonosolve and hugi read black and white only, and
    /// hugi's lines are at most 127 cells.
    fn takes(&self, puzzle: &Puzzle) -> bool {
        match self.kind {
            Kind::Nonogrid => true,
            Kind::Nonosolve => puzzle.is_black_and_white(),
            Kind::Hugi => {
                puzzle.is_black_and_white() && puzzle.width() <= 127 && puzzle.height() <= 127
            }
        }
    }

    /// Runs the peer on one puzzle, written under `dir` as `tag.*`: (seconds, verdict).
    /// `threads` is passed to a peer that has the option (hugi; 0 = all cores); the others
    /// use one.
    pub fn run(
        &self,
        puzzle: &Puzzle,
        solutions: usize,
        timeout: f64,
        threads: usize,
        dir: &Path,
        tag: &str,
    ) -> (f64, Verdict) {
        if !self.takes(puzzle) {
            return (0.0, Verdict::Unsupported);
        }
        let (path, text) = if puzzle.is_black_and_white() {
            let text = nonogram_formats::write(puzzle, Format::Nin).expect("nin is writable");
            (dir.join(format!("{tag}.nin")), text)
        } else {
            (dir.join(format!("{tag}.xml")), colour_xml(puzzle))
        };
        std::fs::write(&path, text).expect("write peer input");
        let mut command = Command::new(&self.program);
        // Peers with a time limit of their own get a few seconds' grace before being killed.
        let grace = match self.kind {
            Kind::Nonogrid => {
                command
                    .arg(format!("--max-solutions={solutions}"))
                    .arg(format!("--timeout={}", timeout.ceil() as u64))
                    .arg(&path);
                5.0
            }
            Kind::Nonosolve => {
                command
                    .arg("-n")
                    .arg(solutions.clamp(1, 2).to_string())
                    .arg("--timeout")
                    .arg(format!("{timeout}"))
                    .arg("-q")
                    .arg(&path);
                5.0
            }
            Kind::Hugi => {
                command
                    .arg(&path)
                    .arg("--ascii")
                    .arg("--threads")
                    .arg(threads.to_string());
                0.0
            }
        };
        let start = Instant::now();
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                eprintln!(
                    "nonogram-bench: cannot run {} ({}): {e}",
                    self.name(),
                    self.program.display()
                );
                std::process::exit(2)
            });
        // Read the output on another thread, so a peer that prints a lot never blocks on a
        // full pipe while we wait for it to exit.
        let mut stdout = child.stdout.take().expect("piped stdout");
        let reader = std::thread::spawn(move || {
            use std::io::Read;
            let mut out = String::new();
            let _ = stdout.read_to_string(&mut out);
            out
        });
        // A limit too far away to represent is none.
        let deadline = Duration::try_from_secs_f64(timeout + grace)
            .ok()
            .and_then(|limit| start.checked_add(limit));
        let status = loop {
            if let Some(status) = child.try_wait().expect("wait for peer") {
                break Some(status);
            }
            if deadline.is_some_and(|d| Instant::now() > d) {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_micros(200));
        };
        let elapsed = start.elapsed().as_secs_f64();
        let out = reader.join().unwrap_or_default();
        let Some(status) = status else {
            return (elapsed, Verdict::Timeout);
        };
        if !status.success() {
            return (elapsed, Verdict::Failed);
        }
        let verdict = match self.kind {
            Kind::Nonogrid => Verdict::Solved(count_nonogrid_solutions(
                &out,
                puzzle.width(),
                puzzle.height(),
                &nonogrid_symbols(puzzle),
            )),
            Kind::Nonosolve => nonosolve_verdict(&out),
            Kind::Hugi => hugi_verdict(&out),
        };
        (elapsed, verdict)
    }
}

/// nonosolve's header line: `FILE WxH STATUS time=T ...`.
fn nonosolve_verdict(out: &str) -> Verdict {
    for line in out.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() >= 3 && words[1].contains('x') {
            return match words[2] {
                "UNIQUE" | "FOUND" => Verdict::Solved(1),
                "MULTIPLE" => Verdict::Solved(2),
                "NONE" => Verdict::Solved(0),
                "TIMEOUT" => Verdict::Timeout,
                _ => Verdict::Failed,
            };
        }
    }
    Verdict::Failed
}

/// hugi's closing lines: `unique solution`, `NOT unique: ...` or `no solution`.
fn hugi_verdict(out: &str) -> Verdict {
    for line in out.lines().rev() {
        let line = line.trim();
        if line.starts_with("NOT unique") {
            return Verdict::Solved(2);
        }
        if line == "unique solution" {
            return Verdict::Solved(1);
        }
        if line == "no solution" {
            return Verdict::Solved(0);
        }
        if line.contains("timed out") {
            return Verdict::Timeout;
        }
    }
    Verdict::Failed
}

/// The characters nonogrid draws cells with: `■` (or `#`, `X`) filled and `.` empty in black
/// and white; in colour, the `char`s of [`colour_xml`]'s palette.
fn nonogrid_symbols(puzzle: &Puzzle) -> Vec<char> {
    if puzzle.is_black_and_white() {
        vec!['■', '.', '#', 'X']
    } else {
        PEER_CHARS.chars().take(puzzle.palette().len()).collect()
    }
}

/// The characters [`colour_xml`] gives the palette's entries, background first.
const PEER_CHARS: &str = ".XrgbymcoABCDEFGHIJKLMNOPQRSTUVW";

/// A colour puzzle as webpbn XML (`<color>` elements, each `<count>` naming its colour), which
/// nonogrid reads. Colour names are `c1`, `c2`, ...; the background is `white`.
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
fn count_nonogrid_solutions(out: &str, width: usize, height: usize, symbols: &[char]) -> usize {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_each_peers_verdicts() {
        let n = "p.nin 25x25 UNIQUE time=1.6 nodes=661 probes=2 sat=1\n";
        assert_eq!(nonosolve_verdict(n), Verdict::Solved(1));
        assert_eq!(
            nonosolve_verdict("m.nin 2x2 MULTIPLE time=0\nsolutions 1 and 2 differ in 4 cells\n"),
            Verdict::Solved(2)
        );
        assert_eq!(
            nonosolve_verdict("c.nin 2x2 NONE time=0\n"),
            Verdict::Solved(0)
        );
        assert_eq!(
            nonosolve_verdict("k 40x40 TIMEOUT time=0.5\n"),
            Verdict::Timeout
        );
        assert_eq!(nonosolve_verdict("cannot parse\n"), Verdict::Failed);
        assert_eq!(
            hugi_verdict("##..\nunique solution\n25×25, 3 search nodes, 10 µs\n"),
            Verdict::Solved(1)
        );
        assert_eq!(
            hugi_verdict("#.\n.#\nNOT unique: at least two solutions\n2×2, 1 search nodes\n"),
            Verdict::Solved(2)
        );
        assert_eq!(
            hugi_verdict("no solution\n2×2, 0 search nodes, 1 µs\n"),
            Verdict::Solved(0)
        );
        assert_eq!(hugi_verdict(""), Verdict::Failed);
        let grid = "1 | ■ .\n1 | . ■\n\n1 | . ■\n1 | ■ .\n";
        assert_eq!(count_nonogrid_solutions(grid, 2, 2, &['■', '.']), 2);
    }

    #[test]
    fn names_and_paths() {
        let peer = Peer::parse("hugi=/opt/hugi").unwrap();
        assert_eq!(
            (peer.kind, peer.program),
            (Kind::Hugi, PathBuf::from("/opt/hugi"))
        );
        assert_eq!(Peer::parse("nonosolve").unwrap().kind, Kind::Nonosolve);
        assert!(Peer::parse("pbnsolve").is_err());
    }
}
