//! The end-of-batch summary: counts by status, times, the slowest puzzles.
//!
//! Per-puzzle percentiles use the nearest-rank method (the p-th percentile of n sorted times is
//! the one at rank ceil(p/100 * n)), so every figure is a time some puzzle actually took. They
//! cover the puzzles solved in this run; error results took no solving and are left out. Like
//! `elapsed_ms` in the result lines they are wall-clock times, which on a machine busy with other
//! work include time a thread spent waiting for a core. "Solver time" is their sum; "CPU" is what
//! the operating system charged the whole process (all threads, reading and writing included), so
//! CPU / wall shows how well the cores were used, and solver time / CPU how crowded they were.
//! The JSON gives every time in milliseconds rounded to the microsecond, as the result lines do:
//! finer digits are noise, and sums of floats would print as `0.041381999999999995`.

use std::fmt::Write as _;
use std::time::Duration;

use serde::Serialize;

use crate::report::json::millis;
use crate::report::plural;

/// How many of the slowest puzzles the summary lists.
const SLOWEST: usize = 10;

/// One finished puzzle, as the summary sees it.
#[derive(Clone, Debug)]
pub struct Timing {
    pub source: String,
    pub index: usize,
    pub status: &'static str,
    /// Why the solve stopped (`Stop::name`), `None` for error results.
    pub stop: Option<&'static str>,
    pub elapsed: Duration,
}

/// Everything the summary reports, gathered while the batch runs.
#[derive(Debug, Default)]
pub struct Summary {
    /// Units of this shard, before `--resume` skipped any.
    pub units: usize,
    /// Units skipped because the `--resume` file has them.
    pub resumed: usize,
    /// Files in directory walks that were not puzzle files.
    pub ignored_files: usize,
    pub jobs: usize,
    pub shard: Option<String>,
    /// Whether Ctrl-C (or a closed output) stopped the batch early.
    pub interrupted: bool,
    /// Whether it stopped because a result line could not be written (rather than Ctrl-C).
    pub write_failed: bool,
    /// The file the result lines go to (`-o FILE`); `None` for standard output.
    pub results_file: Option<std::path::PathBuf>,
    pub wall: Duration,
    /// CPU time of the process, if the platform tells.
    pub cpu: Option<Duration>,
    finished: Vec<Timing>,
}

/// `text` as one shell word: as it is when it is plain, else in single quotes.
fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./,:+=@%".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// The summary as `--summary FILE` writes it. Field order is output order.
#[derive(Serialize)]
struct Json<'a> {
    units: usize,
    done: usize,
    skipped_resume: usize,
    not_done: usize,
    interrupted: bool,
    ignored_files: usize,
    jobs: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    shard: Option<&'a str>,
    status: Counts,
    stop: StopCounts,
    wall_ms: f64,
    /// `None` if the platform does not report CPU time.
    cpu_ms: Option<f64>,
    solver_ms: f64,
    /// `None` when no puzzle was solved.
    per_puzzle_ms: Option<Percentiles>,
    slowest: Vec<SlowJson<'a>>,
}

#[derive(Serialize)]
struct SlowJson<'a> {
    source: &'a str,
    index: usize,
    status: &'a str,
    elapsed_ms: f64,
}

/// Results by status. Every status is always present, so a consumer need not handle missing keys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub unique: usize,
    pub multiple: usize,
    /// A solution found, uniqueness not decided (`--solutions 1`, or a limit came first).
    pub solved: usize,
    pub none: usize,
    /// Nothing proved before a limit.
    pub unknown: usize,
    /// `--deduce-only` results that line solving could not finish.
    pub partial: usize,
    pub error: usize,
}

impl Counts {
    fn add(&mut self, status: &str) {
        match status {
            "unique" => self.unique += 1,
            "multiple" => self.multiple += 1,
            "solved" => self.solved += 1,
            "none" => self.none += 1,
            "unknown" => self.unknown += 1,
            "partial" => self.partial += 1,
            _ => self.error += 1,
        }
    }
}

/// Results cut short by a limit, by the limit. Both are always present.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct StopCounts {
    #[serde(rename = "time-limit")]
    pub time_limit: usize,
    #[serde(rename = "memory-limit")]
    pub memory_limit: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
struct Percentiles {
    p50: f64,
    p90: f64,
    p99: f64,
    max: f64,
}

impl Summary {
    /// Records one result that was written out.
    pub fn add(&mut self, timing: Timing) {
        self.finished.push(timing);
    }

    /// Results written in this run.
    pub fn done(&self) -> usize {
        self.finished.len()
    }

    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for t in &self.finished {
            counts.add(t.status);
        }
        counts
    }

    /// Results cut short by the time limit or the memory bound.
    pub fn stops(&self) -> StopCounts {
        let mut counts = StopCounts::default();
        for t in &self.finished {
            match t.stop {
                Some("time-limit") => counts.time_limit += 1,
                Some("memory-limit") => counts.memory_limit += 1,
                _ => {}
            }
        }
        counts
    }

    /// Units of this run that got no result (the batch was interrupted).
    pub fn not_done(&self) -> usize {
        self.units.saturating_sub(self.resumed + self.done())
    }

    /// The sum of the per-puzzle times.
    fn solver_time(&self) -> Duration {
        self.finished.iter().map(|t| t.elapsed).sum()
    }

    /// Solve times, sorted, error results left out.
    fn sorted_times(&self) -> Vec<Duration> {
        let mut times: Vec<Duration> = self
            .finished
            .iter()
            .filter(|t| t.status != "error")
            .map(|t| t.elapsed)
            .collect();
        times.sort_unstable();
        times
    }

    fn percentiles(&self) -> Option<Percentiles> {
        let times = self.sorted_times();
        let max = millis(*times.last()?);
        Some(Percentiles {
            p50: millis(nearest_rank(&times, 50)),
            p90: millis(nearest_rank(&times, 90)),
            p99: millis(nearest_rank(&times, 99)),
            max,
        })
    }

    /// The slowest solved puzzles, slowest first; ties in the order of sources.
    fn slowest(&self) -> Vec<&Timing> {
        let mut solved: Vec<&Timing> = self
            .finished
            .iter()
            .filter(|t| t.status != "error")
            .collect();
        solved.sort_by(|a, b| {
            b.elapsed
                .cmp(&a.elapsed)
                .then_with(|| (&a.source, a.index).cmp(&(&b.source, b.index)))
        });
        solved.truncate(SLOWEST);
        solved
    }

    /// The summary for people, several lines, each ending in a newline.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let shard = self
            .shard
            .as_ref()
            .map(|s| format!(", shard {s}"))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            "batch: {} of {} in {} wall, {} CPU, solver time {} ({}{shard})",
            self.done(),
            plural(self.units.saturating_sub(self.resumed), "puzzle"),
            seconds(self.wall),
            self.cpu.map_or_else(|| "unknown".to_string(), seconds),
            seconds(self.solver_time()),
            plural(self.jobs, "job"),
        );
        let c = self.counts();
        let mut line = format!(
            "  unique {}, multiple {}, solved {}, none {}, unknown {}, error {}",
            c.unique, c.multiple, c.solved, c.none, c.unknown, c.error
        );
        if c.partial > 0 {
            let _ = write!(line, ", partial {}", c.partial);
        }
        let stops = self.stops();
        if stops.time_limit > 0 {
            let _ = write!(line, "; {} cut short by the time limit", stops.time_limit);
        }
        if stops.memory_limit > 0 {
            let _ = write!(line, "; {} by the memory bound", stops.memory_limit);
        }
        let _ = writeln!(s, "{line}");
        if let Some(p) = self.percentiles() {
            let _ = writeln!(
                s,
                "  per puzzle: p50 {}, p90 {}, p99 {}, max {}",
                shown_ms(p.p50),
                shown_ms(p.p90),
                shown_ms(p.p99),
                shown_ms(p.max)
            );
        }
        if self.resumed > 0 {
            let _ = writeln!(s, "  skipped {} already in the --resume file", self.resumed);
        }
        if self.ignored_files > 0 {
            let _ = writeln!(
                s,
                "  ignored {} that did not look like puzzles",
                plural(self.ignored_files, "file")
            );
        }
        if self.interrupted {
            // What finishes the rest: `--resume` with the file the results are in, which is
            // named when the batch wrote it, and only the reader's own otherwise.
            let resume = match &self.results_file {
                Some(path) => format!(
                    "--resume {0} -o {0} finishes the rest",
                    shell_word(&path.to_string_lossy())
                ),
                None => "the results went to standard output: --resume with a file that holds \
                         them finishes the rest"
                    .to_string(),
            };
            let (why, resume) = match (self.write_failed, &self.results_file) {
                (true, None) => ("stopped: a result could not be written", None),
                (true, Some(_)) => ("stopped: a result could not be written", Some(resume)),
                (false, _) => ("interrupted", Some(resume)),
            };
            let _ = write!(s, "  {why}: {} not done", plural(self.not_done(), "puzzle"));
            match resume {
                Some(resume) => {
                    let _ = writeln!(s, "; {resume}");
                }
                None => {
                    let _ = writeln!(s);
                }
            }
        }
        let slowest = self.slowest();
        if !slowest.is_empty() {
            // Numbered as `--puzzle` takes them (from 1), so that one can be solved again as
            // listed; the JSON keeps `index`, from 0, as the results do.
            let _ = writeln!(s, "  slowest (#N: --puzzle N):");
            for t in slowest {
                let _ = writeln!(
                    s,
                    "    {:>10}  {:<8}  {} #{}",
                    shown_ms(millis(t.elapsed)),
                    t.status,
                    t.source,
                    t.index + 1
                );
            }
        }
        s
    }

    /// The summary as one JSON object (pretty-printed, with a final newline).
    pub fn json(&self) -> String {
        let json = Json {
            units: self.units,
            done: self.done(),
            skipped_resume: self.resumed,
            not_done: self.not_done(),
            interrupted: self.interrupted,
            ignored_files: self.ignored_files,
            jobs: self.jobs,
            shard: self.shard.as_deref(),
            status: self.counts(),
            stop: self.stops(),
            wall_ms: millis(self.wall),
            cpu_ms: self.cpu.map(millis),
            solver_ms: millis(self.solver_time()),
            per_puzzle_ms: self.percentiles(),
            slowest: self
                .slowest()
                .into_iter()
                .map(|t| SlowJson {
                    source: &t.source,
                    index: t.index,
                    status: t.status,
                    elapsed_ms: millis(t.elapsed),
                })
                .collect(),
        };
        let mut text = serde_json::to_string_pretty(&json).unwrap_or_default();
        text.push('\n');
        text
    }
}

/// The nearest-rank `p`-th percentile of sorted, non-empty `values`.
fn nearest_rank<T: Copy>(values: &[T], p: usize) -> T {
    let rank = (p * values.len()).div_ceil(100).max(1);
    values[rank.min(values.len()) - 1]
}

fn seconds(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

/// Milliseconds for people: a tenth of a millisecond below a second, then seconds.
fn shown_ms(ms: f64) -> String {
    if ms >= 1000.0 {
        format!("{:.2} s", ms / 1e3)
    } else {
        format!("{ms:.1} ms")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(nearest_rank(&v, 50), 50.0);
        assert_eq!(nearest_rank(&v, 90), 90.0);
        assert_eq!(nearest_rank(&v, 99), 99.0);
        assert_eq!(nearest_rank(&[7.0], 50), 7.0);
        assert_eq!(nearest_rank(&[1.0, 2.0, 3.0], 50), 2.0);
        assert_eq!(nearest_rank(&[1.0, 2.0, 3.0], 99), 3.0);
    }

    #[test]
    fn counts_times_and_the_slowest() {
        let mut summary = Summary {
            units: 13,
            jobs: 2,
            ..Summary::default()
        };
        for i in 0..12 {
            let status = if i == 3 { "error" } else { "unique" };
            summary.add(Timing {
                source: "t.txt".into(),
                index: i,
                status,
                stop: None,
                elapsed: Duration::from_millis(if i == 3 { 0 } else { 10 * i as u64 }),
            });
        }
        let counts = summary.counts();
        assert_eq!((counts.unique, counts.error), (11, 1));
        assert_eq!(summary.not_done(), 1);
        let slowest = summary.slowest();
        assert_eq!(slowest.len(), SLOWEST);
        assert_eq!(slowest[0].index, 11);
        assert!(slowest.iter().all(|t| t.status != "error"));
        let json: serde_json::Value = serde_json::from_str(&summary.json()).unwrap();
        assert_eq!(json["status"]["unique"], 11);
        assert_eq!(json["per_puzzle_ms"]["max"], 110.0);
        assert_eq!(json["not_done"], 1);
        let text = summary.text();
        assert!(text.contains("unique 11, multiple 0, solved 0, none 0, unknown 0, error 1"));
        // The text numbers puzzles as `--puzzle` does, from 1; the JSON by index, from 0.
        assert!(text.contains("110.0 ms  unique    t.txt #12\n"), "{text}");
        assert_eq!(json["slowest"][0]["index"], 11);
    }

    /// Times are rounded to the microsecond, so that a sum of float noise does not show.
    #[test]
    fn json_times_are_rounded_to_the_microsecond() {
        let mut summary = Summary {
            units: 3,
            wall: Duration::from_nanos(41_381_999),
            cpu: Some(Duration::from_nanos(1_500_000_400)),
            ..Summary::default()
        };
        for nanos in [13_794_000, 13_794_000, 13_794_000] {
            summary.add(Timing {
                source: "t.txt".into(),
                index: 0,
                status: "unique",
                stop: None,
                elapsed: Duration::from_nanos(nanos),
            });
        }
        let text = summary.json();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(json["wall_ms"], 41.382);
        assert_eq!(json["cpu_ms"], 1500.0);
        assert_eq!(json["solver_ms"], 41.382);
        assert_eq!(json["per_puzzle_ms"]["p50"], 13.794);
        assert_eq!(json["slowest"][0]["elapsed_ms"], 13.794);
        assert!(text.contains("\"solver_ms\": 41.382,"), "{text}");
    }
}
