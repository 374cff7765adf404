//! `nonogram explain` for colour puzzles: the same output as for black and white, from the
//! colour explainer, colours named by the palette (names in sentences, characters in JSON and
//! in grids).

use std::io::Write;
use std::path::Path;

use nonogram_core::explain::{ColourExplainer, ColourStep, Difficulty};
use nonogram_core::Puzzle;
use serde_json::json;

use super::{
    deadline, exit, givens_line, last_line, no_solution, read_partial, timed_out, Args, Kind,
};
use crate::error::{CliError, Exit};
use crate::files::Destination;
use crate::report::explain::rating_json;
use crate::report::explain_colour::{colour_grid, colour_mistakes, colour_step_json};
use crate::terminal::Style;

/// The whole explanation.
pub(super) fn explain(
    args: &Args,
    puzzle: &Puzzle,
    source: &str,
    out: &mut Destination<'_>,
) -> Result<Exit, CliError> {
    if let Some(reason) = puzzle.inconsistency() {
        return no_solution(args, out, &reason.to_string());
    }
    let palette = puzzle.palette();
    let json = args.kind == Kind::Json;
    let renderer = Style::for_destination(out.is_file(), args.ascii).renderer();
    let mut explainer = ColourExplainer::new(puzzle).with_deadline(deadline(args));
    let mut steps = Vec::new();
    let mut n = 0;
    if let (false, Some(line)) = (json, givens_line(puzzle)) {
        writeln!(out, "{line}").map_err(CliError::stdout)?;
    }
    while let Some(step) = explainer.next() {
        n += 1;
        if json {
            steps.push(colour_step_json(&step, palette));
            continue;
        }
        writeln!(out, "step {n}: {}", step.display(palette)).map_err(CliError::stdout)?;
        if args.every > 0 && n % args.every == 0 {
            writeln!(out, "after step {n}:").map_err(CliError::stdout)?;
            out.write_all(renderer.render(puzzle, explainer.grid()).as_bytes())
                .map_err(CliError::stdout)?;
        }
        out.flush().map_err(CliError::stdout)?;
    }
    let difficulty = explainer.difficulty();
    let stopped = explainer.stopped();
    if json {
        let mut value = json!({
            "source": source,
            "width": puzzle.width(),
            "height": puzzle.height(),
            "palette": palette.entries().map(|(_, c)| json!({
                "name": c.name, "symbol": c.symbol.to_string(), "rgb": c.rgb.to_string()
            })).collect::<Vec<_>>(),
            "steps": steps,
            "rating": rating_json(difficulty),
            "grid": explainer.grid().to_partial().row_strings(palette),
            "stop": if stopped { "time-limit" } else { "finished" },
        });
        if let Some(givens) = crate::report::json::givens(puzzle) {
            value["givens"] = givens.into();
        }
        writeln!(out, "{value}").map_err(CliError::stdout)?;
    } else {
        if difficulty != Difficulty::NoSolution {
            writeln!(out, "final grid:").map_err(CliError::stdout)?;
            out.write_all(renderer.render(puzzle, explainer.grid()).as_bytes())
                .map_err(CliError::stdout)?;
            if let Some(legend) = renderer.given_legend(puzzle) {
                writeln!(out, "({legend})").map_err(CliError::stdout)?;
            }
        }
        writeln!(out, "{}", last_line(args, stopped, difficulty, n)).map_err(CliError::stdout)?;
    }
    Ok(exit(stopped, difficulty))
}

/// `--hint`: the next step from a partial colour grid, or where the grid goes wrong.
pub(super) fn hint(
    args: &Args,
    puzzle: &Puzzle,
    path: &Path,
    out: &mut Destination<'_>,
) -> Result<Exit, CliError> {
    if let Some(reason) = puzzle.inconsistency() {
        return no_solution(args, out, &reason.to_string());
    }
    let palette = puzzle.palette();
    let partial = read_partial(path, |text| {
        nonogram_formats::grid::parse_colour_grid(text, puzzle)
    })?;
    let json = args.kind == Kind::Json;
    if let Some(mistakes) = colour_mistakes(puzzle, &partial) {
        let text = mistakes.text(palette);
        if json {
            let value = json!({
                "step": null,
                "mistake": mistakes.json(palette),
                "text": text,
            });
            writeln!(out, "{value}").map_err(CliError::stdout)?;
        } else {
            writeln!(out, "{text}").map_err(CliError::stdout)?;
        }
        return Ok(Exit::NoSolution);
    }
    // Some solution agrees with the grid, so no cell of it is left without a colour.
    let start = colour_grid(puzzle, &partial).ok_or_else(|| {
        CliError::Usage(format!(
            "{}: a cell of the grid has no colour",
            path.display()
        ))
    })?;
    let mut explainer = ColourExplainer::from_grid(puzzle, start).with_deadline(deadline(args));
    let step = explainer.next();
    if explainer.stopped() {
        return timed_out(args, out, "before the next step");
    }
    if json {
        let value = json!({ "step": step.as_ref().map(|s| colour_step_json(s, palette)) });
        writeln!(out, "{value}").map_err(CliError::stdout)?;
    } else {
        match &step {
            Some(step) => writeln!(out, "next step: {}", step.display(palette)),
            None => writeln!(out, "the grid is complete"),
        }
        .map_err(CliError::stdout)?;
    }
    Ok(match step {
        Some(ColourStep::Contradiction(_)) => Exit::NoSolution,
        _ => Exit::Success,
    })
}
