//! `nonogram explain`: the solving process as steps a person can follow, the grid every few
//! steps, and a difficulty rating; or, with `--hint`, only the next step from a partly solved
//! grid (and, if that grid already holds a mistake, where). The steps come from
//! `nonogram_core::explain`; colour puzzles are explained by its colour explainer
//! ([`colour`]).

mod colour;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::ValueEnum;
use nonogram_core::explain::{Difficulty, Explainer, Step};
use nonogram_core::{Cells, Grid, Puzzle};
use serde_json::{json, Value};

use crate::error::{CliError, Exit};
use crate::files::{self, Destination};
use crate::options::{Input, OutFile};
use crate::report::explain::{mistakes_within, rating_json, step_json};
use crate::report::plural;
use crate::terminal::Style;

/// Arguments of `nonogram explain`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The puzzle to explain.
    #[command(flatten)]
    pub input: Input,

    /// Print the grid after every N steps (0: only at the end).
    #[arg(long, value_name = "N", default_value_t = 0, conflicts_with = "hint")]
    pub every: usize,

    /// Print only the next step from the partly solved grid given with --grid.
    #[arg(long, requires = "grid")]
    pub hint: bool,

    /// A partly solved grid for --hint: one line per row, `#` filled, `.` empty, `?` unknown
    /// (for a colour puzzle, the palette's characters and `?`).
    #[arg(long, value_name = "PARTIAL", requires = "hint")]
    pub grid: Option<PathBuf>,

    /// `text` (sentences) or `json` (one object: the steps with 0-based indexes, and the
    /// rating).
    /// Default: from the extension of the -o FILE (`.json`, `.txt`), else text.
    #[arg(long, value_name = "KIND", value_enum)]
    pub output: Option<Kind>,

    /// What is printed: `--output`, or the -o file's extension, or text (set by `run`).
    #[arg(skip)]
    pub kind: Kind,

    /// Where to write.
    #[command(flatten)]
    pub out: OutFile,

    /// Give up after this long (fractions allowed): the steps found so far are printed, the
    /// rating is `unfinished`, and the exit status is 3. Default: no limit.
    #[arg(long, value_name = "SECONDS", value_parser = crate::options::parse_seconds)]
    pub timeout: Option<Duration>,

    /// Draw grids in plain ASCII, even on a terminal.
    #[arg(long)]
    pub ascii: bool,
}

/// What `explain` prints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Kind {
    /// Sentences, and grids drawn with their clues.
    #[default]
    Text,
    /// One JSON object.
    Json,
}

/// Runs `nonogram explain`: the steps of a human solve, the next step, or a hint.
pub fn run(mut args: Args) -> Result<Exit, CliError> {
    args.kind = output_kind(&args)?;
    if args.ascii && args.kind == Kind::Json {
        return Err(CliError::Usage(
            "--ascii draws text grids; JSON has none".into(),
        ));
    }
    // clap takes `--grid`'s `requires = "hint"` as met when `--every`, which conflicts with
    // `--hint`, is given.
    if args.grid.is_some() && !args.hint {
        return Err(CliError::Usage(
            "--grid is the partial grid of --hint; without it, it would do nothing".into(),
        ));
    }
    if args.every > 0 && args.kind == Kind::Json {
        return Err(CliError::Usage(format!(
            "--every {} prints the grid between the steps of the text; JSON holds the final \
             grid only",
            args.every
        )));
    }
    let mut out = Destination::new(&args.out)?;
    let loaded = files::load(&args.input)?;
    let (_, puzzle) = loaded.single(None)?;
    let colour = !puzzle.is_black_and_white();
    let exit = match &args.grid {
        Some(path) if args.hint && colour => colour::hint(&args, puzzle, path, &mut out)?,
        Some(path) if args.hint => hint(&args, puzzle, path, &mut out)?,
        _ if colour => {
            let explainer = colour::Narrator::new(puzzle, deadline(&args));
            explain(&args, puzzle, &loaded.source, &mut out, explainer)?
        }
        _ => {
            let explainer = Explainer::new(puzzle).with_deadline(deadline(&args));
            explain(&args, puzzle, &loaded.source, &mut out, explainer)?
        }
    };
    out.finish()?;
    let what = match args.kind {
        Kind::Json => "json",
        Kind::Text => "text",
    };
    files::say_wrote(&args.out, what)?;
    Ok(exit)
}

/// An explainer of either kind as the whole explanation prints it: its steps as sentences or
/// as JSON, its grid, and how it ended. Black and white words its steps with the
/// black-and-white explainer, colour with the colour explainer and the palette's names.
pub(super) trait Narration {
    /// The next step as a sentence.
    fn next_text(&mut self) -> Option<String>;
    /// The next step as JSON.
    fn next_json(&mut self) -> Option<Value>;
    /// The grid so far.
    fn cells(&self) -> &dyn Cells;
    /// The grid so far as rows of characters (`?` for undecided cells).
    fn rows(&self) -> Vec<String>;
    /// The rating so far.
    fn difficulty(&self) -> Difficulty;
    /// Whether the deadline came first.
    fn stopped(&self) -> bool;
    /// What only this kind's JSON holds.
    fn extra_json(&self, _value: &mut Value) {}
}

impl Narration for Explainer<'_> {
    fn next_text(&mut self) -> Option<String> {
        self.next().map(|step| step.to_string())
    }
    fn next_json(&mut self) -> Option<Value> {
        self.next().map(|step| step_json(&step))
    }
    fn cells(&self) -> &dyn Cells {
        self.grid()
    }
    fn rows(&self) -> Vec<String> {
        self.grid().row_strings()
    }
    fn difficulty(&self) -> Difficulty {
        Explainer::difficulty(self)
    }
    fn stopped(&self) -> bool {
        Explainer::stopped(self)
    }
}

/// The whole explanation, of either kind.
fn explain(
    args: &Args,
    puzzle: &Puzzle,
    source: &str,
    out: &mut Destination<'_>,
    mut explainer: impl Narration,
) -> Result<Exit, CliError> {
    if let Some(reason) = puzzle.inconsistency() {
        return no_solution(args, out, &reason.to_string());
    }
    let json = args.kind == Kind::Json;
    let renderer = Style::for_destination(out.is_file(), args.ascii).renderer();
    let mut steps = Vec::new();
    let mut n = 0;
    if let (false, Some(line)) = (json, givens_line(puzzle)) {
        writeln!(out, "{line}").map_err(CliError::stdout)?;
    }
    if json {
        while let Some(step) = explainer.next_json() {
            n += 1;
            steps.push(step);
        }
    } else {
        while let Some(step) = explainer.next_text() {
            n += 1;
            writeln!(out, "step {n}: {step}").map_err(CliError::stdout)?;
            if args.every > 0 && n % args.every == 0 {
                writeln!(out, "after step {n}:").map_err(CliError::stdout)?;
                out.write_all(renderer.render(puzzle, explainer.cells()).as_bytes())
                    .map_err(CliError::stdout)?;
            }
            // Each step shows as soon as it is found: a long explanation shows its progress.
            out.flush().map_err(CliError::stdout)?;
        }
    }
    let difficulty = explainer.difficulty();
    let stopped = explainer.stopped();
    if json {
        let mut value = json!({
            "source": source,
            "width": puzzle.width(),
            "height": puzzle.height(),
            "steps": steps,
            "rating": rating_json(difficulty),
            "grid": explainer.rows(),
            "stop": if stopped { "time-limit" } else { "finished" },
        });
        explainer.extra_json(&mut value);
        if let Some(givens) = crate::report::json::givens(puzzle) {
            value["givens"] = givens.into();
        }
        writeln!(out, "{value}").map_err(CliError::stdout)?;
    } else {
        if difficulty != Difficulty::NoSolution {
            writeln!(out, "final grid:").map_err(CliError::stdout)?;
            out.write_all(renderer.render(puzzle, explainer.cells()).as_bytes())
                .map_err(CliError::stdout)?;
            if let Some(legend) = renderer.given_legend(puzzle) {
                writeln!(out, "({legend})").map_err(CliError::stdout)?;
            }
        }
        writeln!(out, "{}", last_line(args, stopped, difficulty, n)).map_err(CliError::stdout)?;
    }
    Ok(exit(stopped, difficulty))
}

/// The text explanation's first line for a puzzle that gives cells: the steps start from them.
pub(super) fn givens_line(puzzle: &Puzzle) -> Option<String> {
    match puzzle.givens().len() {
        0 => None,
        n => Some(format!(
            "the puzzle gives {}; the steps start from them",
            plural(n, "cell")
        )),
    }
}

/// The text explanation's last line: the rating, or that the time limit came first.
pub(super) fn last_line(args: &Args, stopped: bool, difficulty: Difficulty, n: usize) -> String {
    if stopped {
        let limit = args.timeout.unwrap_or_default().as_secs_f64();
        format!(
            "timed out: the time limit ({limit} s) ran out after {}",
            plural(n, "step")
        )
    } else {
        format!("difficulty: {difficulty} ({})", plural(n, "step"))
    }
}

/// The exit status of a whole explanation.
pub(super) fn exit(stopped: bool, difficulty: Difficulty) -> Exit {
    if stopped {
        Exit::Timeout
    } else if difficulty == Difficulty::NoSolution {
        Exit::NoSolution
    } else {
        Exit::Success
    }
}

/// Clues that cannot all be satisfied, seen without solving.
pub(super) fn no_solution(
    args: &Args,
    out: &mut Destination<'_>,
    reason: &str,
) -> Result<Exit, CliError> {
    if args.kind == Kind::Json {
        let value = json!({ "steps": [], "rating": { "rating": "none", "text": "no solution" },
                            "reason": reason });
        writeln!(out, "{value}").map_err(CliError::stdout)?;
    } else {
        writeln!(out, "no solution: {reason}").map_err(CliError::stdout)?;
    }
    Ok(Exit::NoSolution)
}

/// `--hint`: the next step from a partial grid, or where the grid goes wrong.
fn hint(
    args: &Args,
    puzzle: &Puzzle,
    path: &Path,
    out: &mut Destination<'_>,
) -> Result<Exit, CliError> {
    if let Some(reason) = puzzle.inconsistency() {
        return no_solution(args, out, &reason.to_string());
    }
    let start = read_grid(path, puzzle)?;
    let json = args.kind == Kind::Json;
    // One limit for the whole hint: the check for mistakes, then the next step.
    let deadline = deadline(args);
    let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
    let found = match mistakes_within(puzzle, &start, left, None) {
        Ok(found) => found,
        Err(_) => return timed_out(args, out, "while checking the grid for mistakes"),
    };
    if let Some(mistakes) = found {
        let text = mistakes.text();
        if json {
            let value = json!({
                "step": null,
                "mistake": mistakes.json(),
                "text": text,
            });
            writeln!(out, "{value}").map_err(CliError::stdout)?;
        } else {
            writeln!(out, "{text}").map_err(CliError::stdout)?;
        }
        return Ok(Exit::NoSolution);
    }
    let mut explainer = Explainer::from_grid(puzzle, start).with_deadline(deadline);
    let step = explainer.next();
    if explainer.stopped() {
        return timed_out(args, out, "before the next step");
    }
    if json {
        let value = json!({ "step": step.as_ref().map(step_json) });
        writeln!(out, "{value}").map_err(CliError::stdout)?;
    } else {
        match &step {
            Some(step) => writeln!(out, "next step: {step}"),
            None => writeln!(out, "the grid is complete"),
        }
        .map_err(CliError::stdout)?;
    }
    Ok(match step {
        Some(Step::Contradiction(_)) => Exit::NoSolution,
        _ => Exit::Success,
    })
}

/// Says that the time limit ran out `while` doing something, in text or JSON; exit 3.
fn timed_out(args: &Args, out: &mut Destination<'_>, while_: &str) -> Result<Exit, CliError> {
    let limit = args.timeout.unwrap_or_default().as_secs_f64();
    let text = format!("timed out: the time limit ({limit} s) ran out {while_}");
    if args.kind == Kind::Json {
        let value = json!({ "step": null, "stop": "time-limit", "text": text });
        writeln!(out, "{value}").map_err(CliError::stdout)?;
    } else {
        writeln!(out, "{text}").map_err(CliError::stdout)?;
    }
    Ok(Exit::Timeout)
}

/// The kind to print: `--output`, or the -o file's extension (`.json`, `.txt`), or text; an
/// extension that names neither, or disagrees with `--output`, is refused rather than ignored.
fn output_kind(args: &Args) -> Result<Kind, CliError> {
    let from_ext = args.out.extension().map(|ext| match ext.as_str() {
        "json" => Ok(Kind::Json),
        "txt" | "text" => Ok(Kind::Text),
        _ => Err(CliError::Usage(format!(
            "cannot tell what to write from the extension '.{ext}' of -o; name it with \
             --output text or json"
        ))),
    });
    match (args.output, from_ext) {
        (Some(kind), Some(Ok(ext))) if kind != ext => Err(CliError::Usage(
            "--output disagrees with the extension of the -o file".into(),
        )),
        (Some(kind), _) => Ok(kind),
        (None, Some(ext)) => ext,
        (None, None) => Ok(Kind::Text),
    }
}

/// When `--timeout` runs out (a limit too far away to represent is none).
fn deadline(args: &Args) -> Option<Instant> {
    args.timeout.and_then(|t| Instant::now().checked_add(t))
}

/// Reads a partial grid and checks it against the puzzle's size.
fn read_grid(path: &Path, puzzle: &Puzzle) -> Result<Grid, CliError> {
    let rows = read_partial(path, |text| {
        nonogram_formats::grid::parse_grid(text, puzzle)
    })?;
    let mut grid = Grid::new(puzzle.width(), puzzle.height());
    for r in 0..puzzle.height() {
        for c in 0..puzzle.width() {
            // Setting a cell of a fresh grid cannot contradict.
            let _ = grid.set(r, c, rows.get(r, c));
        }
    }
    Ok(grid)
}

/// Reads the grid file at `path` with `parse`, its errors naming the file.
pub(super) fn read_partial<T>(
    path: &Path,
    parse: impl FnOnce(&str) -> Result<T, nonogram_formats::ParseError>,
) -> Result<T, CliError> {
    let text = std::fs::read_to_string(path).map_err(|source| CliError::Io {
        action: "read it",
        path: path.to_path_buf(),
        source,
    })?;
    parse(&text).map_err(|e| {
        CliError::Read(nonogram_formats::Error::new(
            path.to_path_buf(),
            nonogram_formats::ErrorKind::Parse(e),
        ))
    })
}
