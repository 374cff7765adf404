//! `nonogram explain`: the solving process as steps a person can follow, the grid every few
//! steps, and a difficulty rating; or, with `--hint`, only the next step from a partly solved
//! grid (and, if that grid already holds a mistake, where). The steps come from
//! `nonogram_core::explain`.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::ValueEnum;
use nonogram_core::explain::{Difficulty, Explainer, Step};
use nonogram_core::{Grid, Puzzle};
use serde_json::json;

use crate::cli::{Input, OutFile};
use crate::error::{CliError, Exit};
use crate::files::{self, Destination};
use crate::report::explain::{mistakes, rating_json, step_json};
use crate::report::plural;
use crate::terminal::Style;

/// Arguments of `nonogram explain`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: Input,

    /// Print the grid after every N steps (0: only at the end).
    #[arg(long, value_name = "N", default_value_t = 0, conflicts_with = "hint")]
    pub every: usize,

    /// Print only the next step from the partly solved grid given with --grid.
    #[arg(long, requires = "grid")]
    pub hint: bool,

    /// A partly solved grid for --hint: one line per row, `#` filled, `.` empty, `?` unknown.
    #[arg(long, value_name = "PARTIAL", requires = "hint")]
    pub grid: Option<PathBuf>,

    /// `text` (sentences) or `json` (one object: the steps with 0-based indexes, and the
    /// rating).
    #[arg(long, value_name = "KIND", value_enum, default_value_t = Kind::Text)]
    pub output: Kind,

    #[command(flatten)]
    pub out: OutFile,

    /// Draw grids in plain ASCII, even on a terminal.
    #[arg(long)]
    pub ascii: bool,
}

/// What `explain` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Kind {
    /// Sentences, and grids drawn with their clues.
    Text,
    /// One JSON object.
    Json,
}

pub fn run(args: Args) -> Result<Exit, CliError> {
    if args.ascii && args.output == Kind::Json {
        return Err(CliError::Usage(
            "--ascii draws text grids; JSON has none".into(),
        ));
    }
    let mut out = Destination::new(&args.out)?;
    let loaded = files::load(&args.input)?;
    let (_, puzzle) = loaded.single(None)?;
    if !puzzle.is_black_and_white() {
        return Err(CliError::Usage(format!(
            "{}: explanations are for black-and-white puzzles so far; `nonogram solve` solves \
             colour puzzles",
            loaded.source
        )));
    }
    let exit = match &args.grid {
        Some(path) if args.hint => hint(&args, puzzle, path, &mut out)?,
        _ => explain(&args, puzzle, &loaded.source, &mut out)?,
    };
    out.finish()?;
    Ok(exit)
}

/// The whole explanation.
fn explain(
    args: &Args,
    puzzle: &Puzzle,
    source: &str,
    out: &mut Destination<'_>,
) -> Result<Exit, CliError> {
    if let Some(reason) = puzzle.inconsistency() {
        return no_solution(args, out, &reason.to_string());
    }
    let json = args.output == Kind::Json;
    let renderer = Style::for_destination(out.is_file(), args.ascii).renderer();
    let mut explainer = Explainer::new(puzzle);
    let mut steps = Vec::new();
    let mut n = 0;
    while let Some(step) = explainer.next() {
        n += 1;
        if json {
            steps.push(step_json(&step));
            continue;
        }
        writeln!(out, "step {n}: {step}").map_err(CliError::stdout)?;
        if args.every > 0 && n % args.every == 0 {
            writeln!(out, "after step {n}:").map_err(CliError::stdout)?;
            out.write_all(renderer.render(puzzle, explainer.grid()).as_bytes())
                .map_err(CliError::stdout)?;
        }
        // Each step shows as soon as it is found: a long explanation shows its progress.
        out.flush().map_err(CliError::stdout)?;
    }
    let difficulty = explainer.difficulty();
    if json {
        let value = json!({
            "source": source,
            "width": puzzle.width(),
            "height": puzzle.height(),
            "steps": steps,
            "rating": rating_json(difficulty),
            "grid": explainer.grid().row_strings(),
        });
        writeln!(out, "{value}").map_err(CliError::stdout)?;
    } else {
        if difficulty != Difficulty::NoSolution {
            writeln!(out, "final grid:").map_err(CliError::stdout)?;
            out.write_all(renderer.render(puzzle, explainer.grid()).as_bytes())
                .map_err(CliError::stdout)?;
        }
        writeln!(out, "difficulty: {difficulty} ({})", plural(n, "step"))
            .map_err(CliError::stdout)?;
    }
    Ok(if difficulty == Difficulty::NoSolution {
        Exit::NoSolution
    } else {
        Exit::Success
    })
}

/// Clues that cannot all be satisfied, seen without solving.
fn no_solution(args: &Args, out: &mut Destination<'_>, reason: &str) -> Result<Exit, CliError> {
    if args.output == Kind::Json {
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
    let json = args.output == Kind::Json;
    if let Some(mistakes) = mistakes(puzzle, &start) {
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
    let mut explainer = Explainer::from_grid(puzzle, start);
    let step = explainer.next();
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

/// Reads a partial grid and checks it against the puzzle's size.
fn read_grid(path: &Path, puzzle: &Puzzle) -> Result<Grid, CliError> {
    let text = std::fs::read_to_string(path).map_err(|source| CliError::Io {
        action: "read it",
        path: path.to_path_buf(),
        source,
    })?;
    let rows = nonogram_formats::grid::parse_grid(&text, puzzle).map_err(|e| {
        CliError::Read(nonogram_formats::Error::new(
            path.to_path_buf(),
            nonogram_formats::ErrorKind::Parse(e),
        ))
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
