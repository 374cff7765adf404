//! `nonogram explain`: the solving process as steps a person can follow, the grid every few
//! steps, and a difficulty rating; or, with `--hint`, only the next step from a partly solved
//! grid. The steps come from `nonogram_core::explain`.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use nonogram_core::explain::{cell_word, ContradictionStep, Difficulty, Explainer, Step};
use nonogram_core::{Cell, Grid, LineId, Puzzle};
use serde_json::{json, Value};

use crate::cli::Input;
use crate::cmd::patterns::parse_known;
use crate::cmd::render::render_text;
use crate::error::{CliError, Exit};
use crate::files;

/// Arguments of `nonogram explain`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: Input,

    /// Print the grid after every N steps (0: only at the end).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub every: usize,

    /// Print only the next step from the partly solved grid given with --grid.
    #[arg(long, requires = "grid")]
    pub hint: bool,

    /// A partly solved grid for --hint: one line per row, `#` filled, `.` empty, `?` unknown.
    #[arg(long, value_name = "PARTIAL", requires = "hint")]
    pub grid: Option<PathBuf>,

    /// `text` (sentences) or `json` (one object: the steps with 0-based indexes, and the rating).
    #[arg(long, value_name = "FORMAT", default_value = "text",
          value_parser = ["text", "json"])]
    pub output: String,

    /// Draw grids in plain ASCII, even on a terminal.
    #[arg(long)]
    pub ascii: bool,
}

pub fn run(args: Args) -> Result<Exit, CliError> {
    let loaded = files::load(&args.input)?;
    let puzzle = loaded.single(None)?;
    let start = match &args.grid {
        Some(path) => read_grid(path, puzzle)?,
        None => Grid::new(puzzle.width(), puzzle.height()),
    };
    let json = args.output == "json";
    let mut out = BufWriter::new(io::stdout().lock());
    let w = CliError::stdout;
    let mut explainer = Explainer::from_grid(puzzle, start);

    if args.hint {
        let step = explainer.next();
        if json {
            let value = json!({ "step": step.as_ref().map(step_json) });
            writeln!(out, "{value}").map_err(w)?;
        } else {
            match &step {
                Some(step) => writeln!(out, "next step: {step}").map_err(w)?,
                None => writeln!(out, "the grid is complete").map_err(w)?,
            }
        }
        out.flush().map_err(w)?;
        return Ok(match step {
            Some(Step::Contradiction(_)) => Exit::NoSolution,
            _ => Exit::Success,
        });
    }

    let mut steps = Vec::new();
    let mut n = 0;
    while let Some(step) = explainer.next() {
        n += 1;
        if json {
            steps.push(step_json(&step));
            continue;
        }
        writeln!(out, "step {n}: {step}").map_err(w)?;
        if args.every > 0 && n % args.every == 0 {
            writeln!(out, "after step {n}:").map_err(w)?;
            out.write_all(
                render_text(puzzle, explainer.grid(), Default::default(), args.ascii).as_bytes(),
            )
            .map_err(w)?;
        }
    }
    let difficulty = explainer.difficulty();
    if json {
        let value = json!({
            "source": loaded.source,
            "width": puzzle.width(),
            "height": puzzle.height(),
            "steps": steps,
            "rating": rating_json(difficulty),
            "grid": explainer.grid().row_strings(),
        });
        writeln!(out, "{value}").map_err(w)?;
    } else {
        if difficulty != Difficulty::NoSolution {
            writeln!(out, "final grid:").map_err(w)?;
            out.write_all(
                render_text(puzzle, explainer.grid(), Default::default(), args.ascii).as_bytes(),
            )
            .map_err(w)?;
        }
        writeln!(out, "difficulty: {difficulty} ({n} steps)").map_err(w)?;
    }
    out.flush().map_err(w)?;
    Ok(if difficulty == Difficulty::NoSolution {
        Exit::NoSolution
    } else {
        Exit::Success
    })
}

/// Reads a partial grid and checks it against the puzzle's size.
fn read_grid(path: &std::path::Path, puzzle: &Puzzle) -> Result<Grid, CliError> {
    let text = std::fs::read_to_string(path).map_err(|source| CliError::Io {
        action: "read it",
        path: path.to_path_buf(),
        source,
    })?;
    let name = path.display();
    let rows: Vec<Vec<Cell>> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            parse_known(l).map_err(|e| CliError::Usage(format!("{name}: row {}: {e}", i + 1)))
        })
        .collect::<Result<_, _>>()?;
    let width = rows.first().map_or(0, Vec::len);
    if rows.len() != puzzle.height() || rows.iter().any(|r| r.len() != puzzle.width()) {
        return Err(CliError::Usage(format!(
            "{name}: the grid is {width}x{} but the puzzle is {}x{} (every row must have {} cells)",
            rows.len(),
            puzzle.width(),
            puzzle.height(),
            puzzle.width()
        )));
    }
    let mut grid = Grid::new(puzzle.width(), puzzle.height());
    for (r, row) in rows.iter().enumerate() {
        for (c, &cell) in row.iter().enumerate() {
            // Setting an unknown cell of a fresh grid cannot contradict.
            let _ = grid.set(r, c, cell);
        }
    }
    Ok(grid)
}

fn line_json(line: LineId) -> Value {
    json!({ "line": line.axis.name(), "index": line.index })
}

/// One step as JSON, every index from 0.
pub fn step_json(step: &Step) -> Value {
    match step {
        Step::Line(s) => json!({
            "kind": "line",
            "line": s.line.axis.name(),
            "index": s.line.index,
            "clue": s.clue.runs(),
            "filled": s.filled,
            "empty": s.empty,
        }),
        Step::Probe(p) => json!({
            "kind": "probe",
            "row": p.row,
            "col": p.col,
            "tried": cell_word(p.tried),
            "contradiction": line_json(p.contradiction),
            "value": cell_word(p.value),
        }),
        Step::Guess(g) => json!({
            "kind": "guess",
            "row": g.row,
            "col": g.col,
            "value": cell_word(g.value),
            "unique": g.unique,
        }),
        Step::Contradiction(c) => match c {
            ContradictionStep::Line { line, clue } => json!({
                "kind": "contradiction",
                "line": line.axis.name(),
                "index": line.index,
                "clue": clue.runs(),
            }),
            ContradictionStep::Cell {
                row,
                col,
                if_filled,
                if_empty,
            } => json!({
                "kind": "contradiction",
                "row": row,
                "col": col,
                "if_filled": line_json(*if_filled),
                "if_empty": line_json(*if_empty),
            }),
            ContradictionStep::Search => json!({ "kind": "contradiction" }),
        },
    }
}

fn rating_json(d: Difficulty) -> Value {
    let mut value = json!({ "rating": d.name(), "text": d.to_string() });
    let (sweeps, probes, decisions) = match d {
        Difficulty::LineSolvable { sweeps } => (sweeps, 0, 0),
        Difficulty::Probing { sweeps, probes } => (sweeps, probes, 0),
        Difficulty::Search {
            sweeps,
            probes,
            decisions,
        } => (sweeps, probes, decisions),
        Difficulty::NoSolution | Difficulty::Unfinished => return value,
    };
    value["sweeps"] = sweeps.into();
    value["probes"] = probes.into();
    value["decisions"] = decisions.into();
    value
}
