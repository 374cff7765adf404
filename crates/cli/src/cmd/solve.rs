//! `nonogram solve`: solve every puzzle of a file and report on each, as text or JSON lines.
//!
//! Each puzzle becomes a [`Report`] first (what the library found, nothing about how to print
//! it); the text and JSON printers then only format reports. Output is flushed after every
//! puzzle, so a long tournament file shows progress as it goes.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::time::{Duration, Instant};

use nonogram_core::{deduce, Deduction, Outcome, Picture, Puzzle, Solver, Status, Stop};
use nonogram_formats::Format;
use nonogram_render::{Charset, TextRenderer, TextRendererBuilder};
use serde::Serialize;

use crate::cli::{format_names, Input, SolveOptions};
use crate::cmd::convert;
use crate::cmd::render::{self, SheetKind};
use crate::error::{CliError, Exit};
use crate::files;

/// Arguments of `nonogram solve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: Input,

    #[command(flatten)]
    pub solve: SolveOptions,

    /// Threads for one puzzle (0 = one per core). With two or more, a second, differently
    /// ordered learning engine races the turns of search and learning; the first to finish
    /// answers.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,

    /// What to print: `text` (the picture with its clues), `json` (one result object per
    /// puzzle and line), or the name of a clue format to print the puzzle in (no solving).
    #[arg(long, value_name = "FORMAT", default_value = "text", value_parser = parse_output)]
    pub output: Output,

    /// Draw with plain ASCII (`#`, `.`, `?`) and no colour even on a terminal.
    #[arg(long)]
    pub ascii: bool,

    /// With `--output svg|png`: write the drawing to this file (whole or not at all; PNG needs
    /// it). Never replaces a file without --force.
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,

    /// Replace the -o file if it exists.
    #[arg(long, requires = "out")]
    pub force: bool,
}

/// What `solve` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    Text,
    Json,
    /// The clues in a file format: a conversion, the puzzle is not solved.
    Clues(Format),
    /// The solution (or with `--deduce-only` the partial grid) drawn as SVG or PNG.
    Sheet(SheetKind),
}

/// `text`, `json`, or a writable clue format. `json` means the solve result here: clues as JSON
/// are written by `nonogram convert --to json`.
pub fn parse_output(name: &str) -> Result<Output, String> {
    match name {
        "text" => Ok(Output::Text),
        "json" => Ok(Output::Json),
        "svg" => Ok(Output::Sheet(SheetKind::Svg)),
        "png" => Ok(Output::Sheet(SheetKind::Png)),
        _ => match Format::from_name(name) {
            Some(format) if format.is_writable() => Ok(Output::Clues(format)),
            _ => Err(format!(
                "unknown output '{name}' (use text, json, svg, png, or a clue format: {})",
                format_names(|f| f.is_writable() && f != Format::Json)
            )),
        },
    }
}

pub fn run(args: Args) -> Result<Exit, CliError> {
    let loaded = files::load(&args.input)?;
    if let Output::Sheet(kind) = args.output {
        return render::solve_to_sheet(
            &loaded,
            kind,
            args.solve.deduce_only,
            args.out.as_deref(),
            args.force,
        );
    }
    let mut out = BufWriter::new(io::stdout().lock());
    if let Output::Clues(format) = args.output {
        let text = convert::clue_text(&loaded, format)?;
        out.write_all(text.as_bytes()).map_err(CliError::stdout)?;
        out.flush().map_err(CliError::stdout)?;
        return Ok(Exit::Success);
    }

    let max_solutions = args.solve.max_solutions();
    let solver = Solver::new(args.solve.config(args.threads));
    let text = TextPrinter::new(args.ascii, max_solutions, args.solve.timeout);
    let mut exit = Exit::Success;
    for (index, puzzle) in &loaded.puzzles {
        let result = if args.solve.deduce_only {
            let start = Instant::now();
            let deduction = deduce(puzzle);
            Found::Deduced {
                deduction,
                elapsed: start.elapsed(),
            }
        } else {
            Found::Solved(solver.solve(puzzle))
        };
        let report = Report {
            puzzle,
            index: *index,
            found: result,
        };
        exit = exit.max(report.exit());
        match args.output {
            Output::Json => report.write_json(&mut out, &loaded.source)?,
            _ => {
                let heading = (loaded.total > 1).then_some((index + 1, loaded.total));
                text.write(&mut out, &report, heading)
                    .map_err(CliError::stdout)?;
                if loaded.puzzles.len() > 1 {
                    writeln!(out).map_err(CliError::stdout)?;
                }
            }
        }
        out.flush().map_err(CliError::stdout)?;
    }
    Ok(exit)
}

/// What the library found for one puzzle. Shared with `batch`, whose lines are these reports.
pub(crate) enum Found {
    Solved(Outcome),
    Deduced {
        deduction: Deduction,
        elapsed: Duration,
    },
}

/// One puzzle's result, ready to print.
pub(crate) struct Report<'a> {
    pub(crate) puzzle: &'a Puzzle,
    /// 0-based position in the file.
    pub(crate) index: usize,
    pub(crate) found: Found,
}

/// What deduction alone achieved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DeductionVerdict {
    Solved,
    Contradiction,
    Partial,
}

impl Report<'_> {
    fn exit(&self) -> Exit {
        match &self.found {
            Found::Solved(outcome) if !outcome.solutions.is_empty() => Exit::Success,
            Found::Solved(outcome) if outcome.status == Status::NoSolution => Exit::NoSolution,
            Found::Solved(_) => Exit::Timeout,
            Found::Deduced { .. } if self.verdict() == DeductionVerdict::Contradiction => {
                Exit::NoSolution
            }
            Found::Deduced { .. } => Exit::Success,
        }
    }

    fn verdict(&self) -> DeductionVerdict {
        match &self.found {
            Found::Deduced { deduction, .. } if deduction.contradiction => {
                DeductionVerdict::Contradiction
            }
            // `picture` re-checks a complete grid against the clues before we call it solved.
            Found::Deduced { deduction, .. } if deduction.picture(self.puzzle).is_some() => {
                DeductionVerdict::Solved
            }
            _ => DeductionVerdict::Partial,
        }
    }

    /// The `status` of the JSON line: the solver's status, or what deduction alone achieved.
    pub(crate) fn status(&self) -> &'static str {
        match &self.found {
            Found::Solved(outcome) => outcome.status.name(),
            Found::Deduced { .. } => match self.verdict() {
                DeductionVerdict::Solved => "unique",
                DeductionVerdict::Contradiction => "none",
                DeductionVerdict::Partial => "partial",
            },
        }
    }

    /// Why the solve stopped, as [`Stop::name`] says it.
    pub(crate) fn stop(&self) -> &'static str {
        match &self.found {
            Found::Solved(outcome) => outcome.stop.name(),
            Found::Deduced { .. } => Stop::Finished.name(),
        }
    }

    pub(crate) fn write_json(&self, out: &mut impl Write, source: &str) -> Result<(), CliError> {
        let (solutions, differing_cells, sweeps, elapsed) = match &self.found {
            Found::Solved(outcome) => (
                outcome.solutions.iter().map(Picture::row_strings).collect(),
                outcome
                    .differing_cells
                    .iter()
                    .map(|&(r, c)| [r, c])
                    .collect(),
                None,
                outcome.elapsed,
            ),
            Found::Deduced { deduction, elapsed } => (
                vec![deduction.grid.row_strings(self.puzzle.palette())],
                Vec::new(),
                Some(deduction.sweeps),
                *elapsed,
            ),
        };
        let record = JsonRecord {
            source,
            index: self.index,
            title: self.puzzle.metadata.title.as_deref(),
            width: self.puzzle.width(),
            height: self.puzzle.height(),
            status: self.status(),
            solutions,
            differing_cells,
            sweeps,
            elapsed_ms: elapsed.as_secs_f64() * 1e3,
        };
        serde_json::to_writer(&mut *out, &record)
            .map_err(|e| CliError::stdout(io::Error::from(e)))?;
        writeln!(out).map_err(CliError::stdout)
    }
}

/// One line of `--output json`. The field order here is the order in the output.
#[derive(Serialize)]
struct JsonRecord<'a> {
    /// The input as named on the command line (`-` for standard input).
    source: &'a str,
    /// 0-based position of the puzzle in its file.
    index: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'a str>,
    width: usize,
    height: usize,
    /// `unique`, `multiple`, `none`, `timeout`; with `--deduce-only` also `partial`.
    status: &'a str,
    /// Each solution as rows of `#` (filled) and `.` (empty); `?` for unknown cells of a partial
    /// grid.
    solutions: Vec<Vec<String>>,
    /// `[row, col]`, 0-based, where the first two solutions differ.
    differing_cells: Vec<[usize; 2]>,
    /// Line-solving sweeps, with `--deduce-only` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    sweeps: Option<usize>,
    elapsed_ms: f64,
}

/// Formats reports as pictures with clues and a status line.
struct TextPrinter {
    renderer: TextRenderer,
    charset: Charset,
    max_solutions: usize,
    timeout: Option<Duration>,
}

/// How many differing cells the status line lists before summing up the rest.
const LISTED_CELLS: usize = 12;

impl TextPrinter {
    /// Unicode blocks and colour on a terminal (colour unless `NO_COLOR` is set, per
    /// no-color.org); plain ASCII when piped, redirected or asked for with `--ascii`.
    fn new(ascii: bool, max_solutions: usize, timeout: Option<Duration>) -> TextPrinter {
        let fancy = !ascii && io::stdout().is_terminal();
        let colour = fancy && !matches!(std::env::var_os("NO_COLOR"), Some(v) if !v.is_empty());
        let charset = if fancy {
            Charset::Unicode
        } else {
            Charset::Ascii
        };
        let renderer = TextRendererBuilder::new()
            .charset(charset)
            .colour(colour)
            .build();
        TextPrinter {
            renderer,
            charset,
            max_solutions,
            timeout,
        }
    }

    /// One report; `heading` is `(n, of)` for the n-th puzzle of a file of several.
    fn write(
        &self,
        out: &mut impl Write,
        report: &Report<'_>,
        heading: Option<(usize, usize)>,
    ) -> io::Result<()> {
        let puzzle = report.puzzle;
        let meta = &puzzle.metadata;
        let mut first_line = match heading {
            Some((n, of)) => format!("puzzle {n} of {of}"),
            None => String::new(),
        };
        if let Some(title) = &meta.title {
            if !first_line.is_empty() {
                first_line.push_str(": ");
            }
            first_line.push_str(title);
        }
        if let Some(author) = &meta.author {
            if !first_line.is_empty() {
                first_line.push(' ');
            }
            first_line.push_str(&format!("(by {author})"));
        }
        if !first_line.is_empty() {
            writeln!(out, "{first_line}")?;
        }
        match &report.found {
            Found::Solved(outcome) => self.write_outcome(out, puzzle, outcome),
            Found::Deduced { deduction, .. } => {
                let sweeps = plural(deduction.sweeps, "sweep");
                match report.verdict() {
                    DeductionVerdict::Contradiction => writeln!(
                        out,
                        "no solution: line solving finds a contradiction within {sweeps}"
                    ),
                    DeductionVerdict::Solved => {
                        out.write_all(self.renderer.render(puzzle, &deduction.grid).as_bytes())?;
                        writeln!(out, "solved by line solving alone in {sweeps}")
                    }
                    DeductionVerdict::Partial => {
                        out.write_all(self.renderer.render(puzzle, &deduction.grid).as_bytes())?;
                        let unknown = deduction.grid.unknown_count();
                        let cells = puzzle.width() * puzzle.height();
                        if unknown == cells {
                            writeln!(out, "line solving alone deduces no cell")
                        } else {
                            writeln!(
                                out,
                                "line solving alone stops after {sweeps} with {unknown} of \
                                 {cells} cells unknown"
                            )
                        }
                    }
                }
            }
        }
    }

    fn write_outcome(
        &self,
        out: &mut impl Write,
        puzzle: &Puzzle,
        outcome: &Outcome,
    ) -> io::Result<()> {
        let solutions = &outcome.solutions;
        if let [only] = solutions.as_slice() {
            out.write_all(self.renderer.render(puzzle, only).as_bytes())?;
        } else if !solutions.is_empty() {
            let marked = cells_not_all_equal(solutions);
            for (i, solution) in solutions.iter().enumerate() {
                writeln!(out, "solution {}:", i + 1)?;
                out.write_all(
                    self.renderer
                        .render_marked(puzzle, solution, &marked)
                        .as_bytes(),
                )?;
            }
        }
        let found = solutions.len();
        match outcome.status {
            Status::Unique => writeln!(out, "unique solution")?,
            Status::Solved if outcome.stop == Stop::SolutionLimit => writeln!(
                out,
                "a solution (not checked for others: --solutions {})",
                self.max_solutions
            )?,
            Status::Multiple => {
                let count = if outcome.stop == Stop::Finished {
                    format!("{found} solutions")
                } else {
                    format!("at least {found} solutions")
                };
                let which = if found == 2 { "they" } else { "the first two" };
                writeln!(
                    out,
                    "{count}: {which} differ in {}",
                    list_cells(&outcome.differing_cells)
                )?;
            }
            Status::NoSolution => writeln!(out, "no solution")?,
            Status::Solved | Status::Unknown => {
                let limit = match self.timeout {
                    Some(t) => format!("the time limit ({} s)", t.as_secs_f64()),
                    None => "cancellation".to_string(),
                };
                if found == 0 {
                    writeln!(
                        out,
                        "timed out: {limit} ran out before any solution was found"
                    )?;
                } else {
                    writeln!(
                        out,
                        "timed out: {limit} ran out after {} (uniqueness not proven)",
                        plural(found, "solution")
                    )?;
                }
            }
        }
        if found > 1 {
            let (filled, empty) = match self.charset {
                Charset::Ascii => ('X', 'o'),
                Charset::Unicode => ('▓', '░'),
            };
            writeln!(
                out,
                "(cells that differ between solutions are drawn {filled} when filled, {empty} \
                 when empty)"
            )?;
        }
        Ok(())
    }
}

/// The cells where not every solution agrees, `(row, col)` in row-major order.
fn cells_not_all_equal(solutions: &[Picture]) -> Vec<(usize, usize)> {
    let Some(first) = solutions.first() else {
        return Vec::new();
    };
    let mut cells = Vec::new();
    for r in 0..first.height() {
        for c in 0..first.width() {
            if solutions.iter().any(|s| s.get(r, c) != first.get(r, c)) {
                cells.push((r, c));
            }
        }
    }
    cells
}

/// "3 cells: (r1,c3) (r2,c5) (r4,c1)", counting from 1, capped at [`LISTED_CELLS`].
fn list_cells(cells: &[(usize, usize)]) -> String {
    let mut text = plural(cells.len(), "cell");
    text.push(':');
    for &(r, c) in cells.iter().take(LISTED_CELLS) {
        text.push_str(&format!(" (r{},c{})", r + 1, c + 1));
    }
    if cells.len() > LISTED_CELLS {
        text.push_str(&format!(" and {} more", cells.len() - LISTED_CELLS));
    }
    text
}

/// `1 puzzle`, `2 puzzles`: a count with its noun (shared by `solve` and `batch`).
pub(crate) fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_names() {
        assert_eq!(parse_output("text"), Ok(Output::Text));
        assert_eq!(parse_output("json"), Ok(Output::Json));
        assert_eq!(parse_output("non"), Ok(Output::Clues(Format::Non)));
        assert!(parse_output("bmp").is_err());
    }

    #[test]
    fn cell_lists_count_from_one_and_are_capped() {
        assert_eq!(list_cells(&[(0, 2), (1, 0)]), "2 cells: (r1,c3) (r2,c1)");
        let many: Vec<_> = (0..20).map(|c| (0, c)).collect();
        assert!(list_cells(&many).ends_with("(r1,c12) and 8 more"));
    }
}
