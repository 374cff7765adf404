//! `nonogram explain` for colour puzzles: the same output as for black and white, from the
//! colour explainer, colours named by the palette (names in sentences, characters in JSON and
//! in grids).

use std::io::Write;
use std::path::Path;

use nonogram_core::explain::{ColourExplainer, ColourStep, Difficulty};
use nonogram_core::{Cells, Palette, Puzzle};
use serde_json::{json, Value};
use std::time::Instant;

use super::{deadline, no_solution, read_partial, timed_out, Args, Kind, Narration};
use crate::error::{CliError, Exit};
use crate::files::Destination;
use crate::report::explain_colour::{colour_grid, colour_mistakes, colour_step_json};

/// The colour explainer, its steps worded with the palette's names (characters in JSON and
/// grids).
pub(super) struct Narrator<'p> {
    explainer: ColourExplainer<'p>,
    palette: &'p Palette,
}

impl<'p> Narrator<'p> {
    pub(super) fn new(puzzle: &'p Puzzle, deadline: Option<Instant>) -> Narrator<'p> {
        Narrator {
            explainer: ColourExplainer::new(puzzle).with_deadline(deadline),
            palette: puzzle.palette(),
        }
    }
}

impl Narration for Narrator<'_> {
    fn next_text(&mut self) -> Option<String> {
        let step = self.explainer.next()?;
        let text = step.display(self.palette).to_string();
        Some(text)
    }
    fn next_json(&mut self) -> Option<Value> {
        let step = self.explainer.next()?;
        Some(colour_step_json(&step, self.palette))
    }
    fn cells(&self) -> &dyn Cells {
        self.explainer.grid()
    }
    fn rows(&self) -> Vec<String> {
        self.explainer.grid().to_partial().row_strings(self.palette)
    }
    fn difficulty(&self) -> Difficulty {
        self.explainer.difficulty()
    }
    fn stopped(&self) -> bool {
        self.explainer.stopped()
    }
    fn extra_json(&self, value: &mut Value) {
        value["palette"] = self
            .palette
            .entries()
            .map(|(_, c)| {
                json!({ "name": c.name, "symbol": c.symbol.to_string(), "rgb": c.rgb.to_string() })
            })
            .collect::<Vec<_>>()
            .into();
    }
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
