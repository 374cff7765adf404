//! Per-puzzle records of a benchmark run, and the cactus plot drawn from them.
//!
//! `corpus --record FILE` appends one line per solver and puzzle to FILE: tab-separated
//! `solver`, `puzzle`, `seconds`, `solved` (`yes` or `no`) and `verdict`, under a header line.
//! Ours and the peers are recorded from the same run, so the plot compares solvers measured
//! side by side, never figures of different sittings.
//!
//! `cactus FILE...` reads such records and draws, as SVG, the plot SAT competitions show their
//! results with: one line per solver, through the points (t, n) where n puzzles were each
//! solved in at most t seconds. A line further up and to the left is the better solver: more
//! puzzles solved, each sooner. Time is on a logarithmic axis, since puzzles range from
//! microseconds to the time limit. The drawing is plain SVG text, built here without a plotting
//! crate: a few polylines, axes and labels are all it needs.
//!
//! `summary FILE...` prints, for each record file (one set of puzzles), each solver's count of
//! puzzles solved, total and median time, and its ratios to ours, as a Markdown table.

use std::collections::BTreeSet;
use std::fmt::Write as _;

/// The first line of a record file.
pub const HEADER: &str = "solver\tpuzzle\tseconds\tsolved\tverdict";

/// One solver on one puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// `ours`, or the peer's name.
    pub solver: String,
    /// The puzzle, named as the benchmark found it (`path#index` in a file of several).
    pub puzzle: String,
    /// Wall-clock seconds, the time limit included when it ran out.
    pub seconds: f64,
    /// Whether the solver answered the question asked (for a peer: and agreed with us).
    pub solved: bool,
    /// What it answered, as the benchmark's table shows it (`unique`, `1 sol`, `timeout`).
    pub verdict: String,
}

impl Record {
    /// The record as one line of a record file, without its newline.
    pub fn line(&self) -> String {
        // Tabs and newlines in a name would break the columns; puzzle paths rarely hold them.
        let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
        format!(
            "{}\t{}\t{:.6}\t{}\t{}",
            clean(&self.solver),
            clean(&self.puzzle),
            self.seconds,
            if self.solved { "yes" } else { "no" },
            clean(&self.verdict)
        )
    }
}

/// Reads the records of a record file's text; `name` is the file's name for errors, which say
/// `name:line: problem`. Header lines (one per appended run) and blank lines are skipped.
pub fn parse(name: &str, text: &str) -> Result<Vec<Record>, String> {
    let mut records = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let at = format!("{name}:{}", n + 1);
        if line.trim().is_empty() || line == HEADER {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [solver, puzzle, seconds, solved, verdict] = fields[..] else {
            return Err(format!(
                "{at}: expected 5 tab-separated fields ({}), found {}",
                HEADER.replace('\t', ", "),
                fields.len()
            ));
        };
        let seconds: f64 = match seconds.parse() {
            Ok(s) if f64::is_finite(s) && s >= 0.0 => s,
            _ => return Err(format!("{at}: {seconds:?} is not a number of seconds")),
        };
        let solved = match solved {
            "yes" => true,
            "no" => false,
            other => return Err(format!("{at}: solved is {other:?}, not yes or no")),
        };
        if solver.is_empty() || puzzle.is_empty() {
            return Err(format!("{at}: the solver and the puzzle must be named"));
        }
        records.push(Record {
            solver: solver.to_string(),
            puzzle: puzzle.to_string(),
            seconds,
            solved,
            verdict: verdict.to_string(),
        });
    }
    Ok(records)
}

/// One solver's line of the plot.
#[derive(Debug, PartialEq)]
pub struct Curve {
    pub solver: String,
    /// The times of the puzzles it solved, ascending.
    pub solved: Vec<f64>,
    /// The puzzles it was given.
    pub given: usize,
    /// The seconds it spent in all, unsolved puzzles included.
    pub total: f64,
}

/// The curves of `records`, solvers in the order they first appear (ours first, as the
/// benchmark writes it), and the number of distinct puzzles.
pub fn curves(records: &[Record]) -> (Vec<Curve>, usize) {
    let mut curves: Vec<Curve> = Vec::new();
    let mut puzzles = BTreeSet::new();
    for r in records {
        puzzles.insert(r.puzzle.as_str());
        let i = match curves.iter().position(|c| c.solver == r.solver) {
            Some(i) => i,
            None => {
                curves.push(Curve {
                    solver: r.solver.clone(),
                    solved: Vec::new(),
                    given: 0,
                    total: 0.0,
                });
                curves.len() - 1
            }
        };
        let curve = &mut curves[i];
        curve.given += 1;
        curve.total += r.seconds;
        if r.solved {
            curve.solved.push(r.seconds);
        }
    }
    for c in &mut curves {
        c.solved.sort_by(f64::total_cmp);
    }
    (curves, puzzles.len())
}

/// The median of `xs` (the upper one of an even count), 0 for none.
fn median(xs: &[f64]) -> f64 {
    let mut xs = xs.to_vec();
    xs.sort_by(f64::total_cmp);
    xs.get(xs.len() / 2).copied().unwrap_or(0.0)
}

/// A Markdown table of each set's solvers: `sets` holds each set's name and records. A row per
/// solver and set: puzzles given, solved, total and median time per puzzle (over every puzzle
/// given, a puzzle stopped at the limit counting the limit), and for a peer, its total and
/// median over ours (above 1: ours is faster).
pub fn summary(sets: &[(String, Vec<Record>)]) -> String {
    let mut out = String::from(
        "| set | solver | puzzles | solved | total | median | total / ours | median / ours |\n\
         |---|---|---:|---:|---:|---:|---:|---:|\n",
    );
    for (name, records) in sets {
        let (curves, _) = curves(records);
        let times = |solver: &str| -> Vec<f64> {
            records
                .iter()
                .filter(|r| r.solver == solver)
                .map(|r| r.seconds)
                .collect()
        };
        let ours = curves.iter().find(|c| c.solver == "ours");
        let ours_median = median(&times("ours"));
        for c in &curves {
            let m = median(&times(&c.solver));
            let (total_ratio, median_ratio) = match ours {
                Some(o) if c.solver != "ours" => (
                    format!("{:.1}×", c.total / o.total.max(1e-9)),
                    format!("{:.1}×", m / ours_median.max(1e-9)),
                ),
                _ => (String::new(), String::new()),
            };
            let _ = writeln!(
                out,
                "| {name} | {} | {} | {} | {} | {} | {total_ratio} | {median_ratio} |",
                c.solver,
                c.given,
                c.solved.len(),
                time_label(c.total),
                time_label(m)
            );
        }
    }
    out
}

/// Line colours, one per solver in order: ours first. Distinct for readers with the common
/// colour-vision deficiencies (the Okabe–Ito palette).
const COLOURS: [&str; 6] = [
    "#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9",
];

/// Size of the drawing and of its margins, in SVG user units (pixels).
const WIDTH: f64 = 720.0;
const PLOT_LEFT: f64 = 70.0;
const PLOT_RIGHT: f64 = 700.0;
const PLOT_TOP: f64 = 40.0;
const PLOT_BOTTOM: f64 = 340.0;
/// Height of one legend row, below the x axis's label.
const LEGEND_ROW: f64 = 20.0;

/// Times below this are drawn at it: a log axis has no zero, and no solve is shorter.
const FLOOR_SECONDS: f64 = 1e-5;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A time for an axis label or the legend: `10 µs`, `1 ms`, `2.5 s`.
fn time_label(seconds: f64) -> String {
    let (value, unit) = if seconds < 1e-3 {
        (seconds * 1e6, "µs")
    } else if seconds < 1.0 {
        (seconds * 1e3, "ms")
    } else {
        (seconds, "s")
    };
    let text = if value >= 10.0 || value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.1}")
    };
    format!("{text} {unit}")
}

/// A step of 1, 2 or 5 times a power of ten that cuts `0..=max` into at most `most` parts.
fn count_step(max: usize, most: usize) -> usize {
    let mut step = 1;
    loop {
        for m in [1, 2, 5] {
            if max.div_ceil(step * m) <= most {
                return step * m;
            }
        }
        step *= 10;
    }
}

/// The cactus plot of `records` as an SVG document, headed by `title`.
pub fn svg(records: &[Record], title: &str) -> String {
    let (curves, puzzles) = curves(records);
    let times = records.iter().map(|r| r.seconds.max(FLOOR_SECONDS));
    let (lo, hi) = times.fold((f64::INFINITY, 0.0f64), |(lo, hi), t| {
        (lo.min(t), hi.max(t))
    });
    // Whole decades on the time axis, at least two.
    let first = if lo.is_finite() {
        lo.log10().floor()
    } else {
        -3.0
    };
    let last = if hi > 0.0 {
        hi.log10().ceil().max(first + 1.0)
    } else {
        first + 1.0
    };
    let x = |seconds: f64| {
        let t = seconds.max(FLOOR_SECONDS).log10();
        PLOT_LEFT + (t - first) / (last - first) * (PLOT_RIGHT - PLOT_LEFT)
    };
    let top_count = puzzles.max(1);
    let y = |count: usize| PLOT_BOTTOM - count as f64 / top_count as f64 * (PLOT_BOTTOM - PLOT_TOP);
    let height = PLOT_BOTTOM + 50.0 + LEGEND_ROW * curves.len() as f64 + 10.0;

    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        out,
        r#"<rect width="{WIDTH}" height="{height}" fill="white"/>"#
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="14">{}</text>"#,
        (PLOT_LEFT + PLOT_RIGHT) / 2.0,
        escape(title)
    );
    // Grid and labels: a line per decade of time, and round counts of puzzles.
    let mut decade = first;
    while decade <= last + 1e-9 {
        let px = x(10f64.powf(decade));
        let _ = writeln!(
            out,
            r##"<line x1="{px:.1}" y1="{PLOT_TOP}" x2="{px:.1}" y2="{PLOT_BOTTOM}" stroke="#ddd"/>"##
        );
        let _ = writeln!(
            out,
            r#"<text x="{px:.1}" y="{}" text-anchor="middle">{}</text>"#,
            PLOT_BOTTOM + 16.0,
            time_label(10f64.powf(decade))
        );
        decade += 1.0;
    }
    let step = count_step(top_count, 6);
    let mut count = 0;
    while count <= top_count {
        let py = y(count);
        let _ = writeln!(
            out,
            r##"<line x1="{PLOT_LEFT}" y1="{py:.1}" x2="{PLOT_RIGHT}" y2="{py:.1}" stroke="#ddd"/>"##
        );
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{:.1}" text-anchor="end">{count}</text>"#,
            PLOT_LEFT - 6.0,
            py + 4.0
        );
        count += step;
    }
    // Every puzzle: the line a solver that solved them all reaches.
    let _ = writeln!(
        out,
        r##"<line x1="{PLOT_LEFT}" y1="{top:.1}" x2="{PLOT_RIGHT}" y2="{top:.1}" stroke="#888" stroke-dasharray="4 3"/>"##,
        top = y(puzzles)
    );
    let _ = writeln!(
        out,
        r##"<text x="{}" y="{:.1}" text-anchor="end" fill="#555">all {puzzles} puzzles</text>"##,
        PLOT_RIGHT - 4.0,
        y(puzzles) - 5.0
    );
    let _ = writeln!(
        out,
        r##"<rect x="{PLOT_LEFT}" y="{PLOT_TOP}" width="{}" height="{}" fill="none" stroke="#333"/>"##,
        PLOT_RIGHT - PLOT_LEFT,
        PLOT_BOTTOM - PLOT_TOP
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" text-anchor="middle">time per puzzle (logarithmic)</text>"#,
        (PLOT_LEFT + PLOT_RIGHT) / 2.0,
        PLOT_BOTTOM + 34.0
    );
    let _ = writeln!(
        out,
        r#"<text transform="translate(18 {:.1}) rotate(-90)" text-anchor="middle">puzzles solved</text>"#,
        (PLOT_TOP + PLOT_BOTTOM) / 2.0
    );
    // The curves: a step up by one at each solved puzzle's time, then flat to the right edge.
    for (i, c) in curves.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let mut points = format!("{:.1},{:.1}", PLOT_LEFT, y(0));
        for (k, &t) in c.solved.iter().enumerate() {
            let px = x(t);
            let _ = write!(points, " {px:.1},{:.1} {px:.1},{:.1}", y(k), y(k + 1));
        }
        let _ = write!(points, " {PLOT_RIGHT:.1},{:.1}", y(c.solved.len()));
        let _ = writeln!(
            out,
            r#"<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"><title>{}</title></polyline>"#,
            escape(&c.solver)
        );
        let ly = PLOT_BOTTOM + 56.0 + LEGEND_ROW * i as f64;
        let _ = writeln!(
            out,
            r#"<line x1="{PLOT_LEFT}" y1="{:.1}" x2="{}" y2="{:.1}" stroke="{colour}" stroke-width="3"/>"#,
            ly - 4.0,
            PLOT_LEFT + 24.0,
            ly - 4.0
        );
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{ly:.1}">{}: {} of {} solved, {} in all</text>"#,
            PLOT_LEFT + 32.0,
            escape(&c.solver),
            c.solved.len(),
            c.given,
            time_label(c.total)
        );
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(solver: &str, puzzle: &str, seconds: f64, solved: bool) -> Record {
        Record {
            solver: solver.into(),
            puzzle: puzzle.into(),
            seconds,
            solved,
            verdict: if solved { "unique" } else { "timeout" }.into(),
        }
    }

    #[test]
    fn records_round_trip_through_their_lines() {
        let records = vec![
            record("ours", "survey/knotty.nin", 0.19, true),
            record("nonogrid", "survey/knotty.nin", 30.0, false),
        ];
        let mut text = format!("{HEADER}\n");
        for r in &records {
            text += &r.line();
            text.push('\n');
        }
        // A second run appended to the same file brings its own header.
        text += &format!("{HEADER}\n");
        assert_eq!(parse("r.tsv", &text).unwrap(), records);
    }

    #[test]
    fn bad_lines_are_refused_with_their_position() {
        let bad = [
            ("ours\tp\t1.0\tyes", "r.tsv:1: expected 5"),
            ("ours\tp\tfast\tyes\tunique", "r.tsv:1: \"fast\" is not"),
            ("ours\tp\t-1\tyes\tunique", "is not a number of seconds"),
            ("ours\tp\tinf\tyes\tunique", "is not a number of seconds"),
            ("ours\tp\t1\tmaybe\tunique", "not yes or no"),
            ("\tp\t1\tyes\tunique", "must be named"),
        ];
        for (line, want) in bad {
            let err = parse("r.tsv", line).unwrap_err();
            assert!(err.contains(want), "{line:?}: {err}");
        }
    }

    #[test]
    fn curves_count_solved_puzzles_per_solver_in_order() {
        let records = vec![
            record("ours", "a", 0.5, true),
            record("peer", "a", 2.0, true),
            record("ours", "b", 0.1, true),
            record("peer", "b", 60.0, false),
            record("ours", "c", 60.0, false),
        ];
        let (curves, puzzles) = curves(&records);
        assert_eq!(puzzles, 3);
        assert_eq!(curves.len(), 2);
        assert_eq!(curves[0].solver, "ours");
        assert_eq!(curves[0].solved, vec![0.1, 0.5]);
        assert_eq!(curves[0].given, 3);
        assert!((curves[0].total - 60.6).abs() < 1e-9);
        assert_eq!(curves[1].solver, "peer");
        assert_eq!(curves[1].solved, vec![2.0]);
    }

    #[test]
    fn the_plot_has_a_line_and_a_legend_entry_per_solver() {
        let records = vec![
            record("ours", "a", 0.0004, true),
            record("ours", "b", 0.002, true),
            record("nonogrid", "a", 0.004, true),
            record("nonogrid", "b", 30.0, false),
        ];
        let svg = svg(&records, "survey <test> & more");
        assert!(svg.starts_with("<svg "), "{svg}");
        assert!(svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains("ours: 2 of 2 solved"), "{svg}");
        assert!(svg.contains("nonogrid: 1 of 2 solved"), "{svg}");
        assert!(svg.contains("survey &lt;test&gt; &amp; more"));
        assert!(svg.contains("all 2 puzzles"));
        // Decades from 100 µs to 100 s label the time axis.
        for label in ["100 µs", "1 ms", "1 s", "100 s"] {
            assert!(svg.contains(&format!(">{label}</text>")), "{label}: {svg}");
        }
        // Ours climbs two steps: its polyline has the start, two steps of two points, the end.
        let ours = svg.lines().find(|l| l.contains("<title>ours")).unwrap();
        let points = ours
            .split("points=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        assert_eq!(points.split(' ').count(), 1 + 2 * 2 + 1);
    }

    #[test]
    fn an_empty_record_set_still_draws() {
        let svg = svg(&[], "nothing");
        assert!(svg.contains("all 0 puzzles"));
        assert_eq!(svg.matches("<polyline").count(), 0);
    }

    #[test]
    fn the_summary_puts_each_peer_beside_ours() {
        let sets = vec![(
            "survey".to_string(),
            vec![
                record("ours", "a", 0.001, true),
                record("ours", "b", 0.003, true),
                record("ours", "c", 0.002, true),
                record("nonogrid", "a", 0.010, true),
                record("nonogrid", "b", 0.030, true),
                record("nonogrid", "c", 30.0, false),
            ],
        )];
        let table = summary(&sets);
        let rows: Vec<&str> = table.lines().collect();
        assert_eq!(rows.len(), 4, "{table}");
        assert_eq!(rows[2], "| survey | ours | 3 | 3 | 6 ms | 2 ms |  |  |");
        // Total 30.04 s against 6 ms; medians 30 ms against 2 ms.
        assert_eq!(
            rows[3],
            "| survey | nonogrid | 3 | 2 | 30 s | 30 ms | 5006.7× | 15.0× |"
        );
    }

    #[test]
    fn labels_and_steps_read_well() {
        assert_eq!(time_label(1e-5), "10 µs");
        assert_eq!(time_label(0.001), "1 ms");
        assert_eq!(time_label(0.0025), "2.5 ms");
        assert_eq!(time_label(12.34), "12 s");
        assert_eq!(count_step(24, 6), 5);
        assert_eq!(count_step(624, 6), 200);
        assert_eq!(count_step(3, 6), 1);
        assert_eq!(count_step(100, 6), 20);
    }
}
