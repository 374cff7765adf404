//! `explain` and `hint`: the steps a person can follow, and the next one (or the mistake) from a
//! partly solved grid, as `nonogram explain --output json` gives them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use nonogram_core::colour::grid::ColourGrid;
use nonogram_core::explain::{ColourExplainer, ColourStep, Explainer, Step};
use nonogram_core::{Instant, Puzzle, Stop};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::error::ApiError;
use crate::limits::Api;
use crate::report::explain::{grid_from_rows, mistakes_within, rating_json, step_detail_json};
use crate::report::explain_colour::{colour_grid, colour_mistakes_within, colour_step_detail_json};
use crate::source::load;

/// Every step of an explanation.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ExplainRequest {
    /// The text of a puzzle file, in any format we read.
    pub puzzle: String,
    /// Its format's name (default: recognised from the text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// Which puzzle of a file that holds several, from 0 (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// Rows of `#`, `.` and `?` (or a colour puzzle's characters): the grid to start from
    /// (default: empty).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grid: Option<Vec<String>>,
    /// Seconds; at most [`Limits::max_time`](crate::Limits::max_time), which is the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout: Option<f64>,
    /// At most this many steps (default and most: [`Limits::max_steps`](crate::Limits::max_steps)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_steps: Option<usize>,
    /// A name for the server's `/api/cancel` (other transports ignore it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

/// An explanation: its steps (each with its sentence and cells), the rating and the grid it
/// reached.
#[derive(Clone, Debug, Serialize)]
pub struct ExplainAnswer {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The steps, as `explain --output json` gives them.
    pub steps: Vec<Value>,
    /// The difficulty rating.
    pub rating: Value,
    /// The grid after the last step (absent when the clues contradict each other).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grid: Option<Vec<String>>,
    /// Why the puzzle has no solution, when the clues alone say so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Whether the explanation ran to its end.
    pub complete: bool,
    /// `finished`, or why it stopped: `time-limit`, `cancelled` or `step-limit`.
    pub stop: &'static str,
}

/// The next step from a partly solved grid.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    /// The text of a puzzle file, in any format we read.
    pub puzzle: String,
    /// Its format's name (default: recognised from the text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// Which puzzle of a file that holds several, from 0 (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// Rows of `#`, `.` and `?` (or a colour puzzle's characters): the grid as the player has
    /// it.
    pub grid: Vec<String>,
    /// Seconds; at most [`Limits::max_time`](crate::Limits::max_time), which is the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout: Option<f64>,
    /// A name for the server's `/api/cancel` (other transports ignore it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

/// A hint: where the grid goes wrong (`mistake`), or else the next step; `text` says either in
/// a sentence.
#[derive(Clone, Debug, Serialize)]
pub struct HintAnswer {
    /// The next step, as `explain --output json` gives it (none when there is a mistake or the
    /// grid is complete).
    pub step: Option<Value>,
    /// Where the grid goes wrong, as `explain --hint --output json` says it.
    pub mistake: Option<Value>,
    /// The step or the mistake in a sentence.
    pub text: String,
    /// Whether the grid is solved.
    pub complete: bool,
    /// Whether the step is a contradiction (absent with a mistake).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contradiction: Option<bool>,
}

impl HintAnswer {
    /// No step: the mistake and its sentence.
    fn mistake(mistake: Value, text: String) -> HintAnswer {
        HintAnswer {
            step: None,
            mistake: Some(mistake),
            text,
            complete: false,
            contradiction: None,
        }
    }

    /// The puzzle itself has no solution.
    fn no_solution(reason: impl std::fmt::Display) -> HintAnswer {
        HintAnswer::mistake(
            json!({ "kind": "puzzle" }),
            format!("the puzzle has no solution: {reason}"),
        )
    }
}

/// What bounds an explanation's steps: the request's deadline, the step limit, and the cancel
/// flag.
struct StepLimits<'a> {
    deadline: Instant,
    max_steps: usize,
    cancel: &'a AtomicBool,
}

impl StepLimits<'_> {
    /// The steps of `explainer` as JSON until it ends or a limit comes, and why it stopped
    /// (`finished`, `time-limit`, `cancelled` or `step-limit`).
    fn run<E: Iterator>(
        &self,
        explainer: &mut E,
        stopped: fn(&E) -> bool,
        json: impl Fn(&E::Item) -> Value,
    ) -> (Vec<Value>, &'static str) {
        let mut steps = Vec::new();
        let stop = loop {
            if self.cancel.load(Ordering::Relaxed) {
                break Stop::Cancelled.name();
            }
            if Instant::now() >= self.deadline {
                break Stop::TimeLimit.name();
            }
            if steps.len() >= self.max_steps {
                break "step-limit";
            }
            match explainer.next() {
                Some(step) => steps.push(json(&step)),
                None if stopped(explainer) => break Stop::TimeLimit.name(),
                None => break "finished",
            }
        };
        (steps, stop)
    }
}

/// A colour puzzle's partly solved grid: rows of palette characters, `?` for unknown.
fn colour_start(puzzle: &Puzzle, rows: &[String]) -> Result<ColourGrid, ApiError> {
    let partial = nonogram_formats::grid::parse_colour_grid(&rows.join("\n"), puzzle)
        .map_err(|e| ApiError::bad_request(format!("the grid: {e}")))?;
    colour_grid(puzzle, &partial)
        .ok_or_else(|| ApiError::bad_request("the grid: a cell has no colour"))
}

impl Api {
    /// Every step (as `explain --output json` gives them, with each step's sentence and
    /// cells), the rating and the final grid. Cut short by the time limit, `cancel` or
    /// `max_steps`, it answers the steps so far with `complete: false` and `stop` saying why.
    pub fn explain(
        &self,
        request: ExplainRequest,
        cancel: &AtomicBool,
    ) -> Result<ExplainAnswer, ApiError> {
        let limit = self.time_limit(request.timeout)?;
        let deadline = Instant::now() + limit;
        let max_steps = request
            .max_steps
            .unwrap_or(usize::MAX)
            .min(self.limits.max_steps);
        let loaded = load(&request.puzzle, request.format.as_deref(), request.index)?;
        let puzzle = &loaded.puzzle;
        let (width, height) = (puzzle.width(), puzzle.height());
        if let Some(reason) = puzzle.inconsistency() {
            return Ok(ExplainAnswer {
                width,
                height,
                steps: Vec::new(),
                rating: json!({ "rating": "none", "text": "no solution" }),
                grid: None,
                reason: Some(reason.to_string()),
                complete: true,
                stop: "finished",
            });
        }
        let limits = StepLimits {
            deadline,
            max_steps,
            cancel,
        };
        let (steps, stop, rating, grid) = if puzzle.is_black_and_white() {
            let start = match &request.grid {
                Some(rows) => grid_from_rows(puzzle, rows).map_err(ApiError::bad_request)?,
                None => nonogram_core::Grid::new(width, height),
            };
            let mut explainer = Explainer::from_grid(puzzle, start).with_deadline(Some(deadline));
            let (steps, stop) = limits.run(&mut explainer, Explainer::stopped, step_detail_json);
            let grid = explainer.grid().row_strings();
            (steps, stop, rating_json(explainer.difficulty()), grid)
        } else {
            let palette = puzzle.palette();
            let start = match &request.grid {
                Some(rows) => colour_start(puzzle, rows)?,
                None => ColourExplainer::new(puzzle).grid().clone(),
            };
            let mut explainer =
                ColourExplainer::from_grid(puzzle, start).with_deadline(Some(deadline));
            let (steps, stop) = limits.run(&mut explainer, ColourExplainer::stopped, |step| {
                colour_step_detail_json(step, palette)
            });
            let grid = explainer.grid().to_partial().row_strings(palette);
            (steps, stop, rating_json(explainer.difficulty()), grid)
        };
        Ok(ExplainAnswer {
            width,
            height,
            steps,
            rating,
            grid: Some(grid),
            reason: None,
            complete: stop == "finished",
            stop,
        })
    }

    /// From a partly solved grid, where it goes wrong (`mistake`, as `explain --hint --output
    /// json` says it) or else the next step (`step`, with its sentence and cells); `text` says
    /// either in a sentence, and `complete` whether the grid is solved.
    pub fn hint(&self, request: HintRequest, cancel: &AtomicBool) -> Result<HintAnswer, ApiError> {
        let limit = self.time_limit(request.timeout)?;
        let loaded = load(&request.puzzle, request.format.as_deref(), request.index)?;
        let puzzle = &loaded.puzzle;
        let rows = &request.grid;
        if !puzzle.is_black_and_white() {
            return colour_hint(puzzle, rows, limit, cancel);
        }
        let grid = grid_from_rows(puzzle, rows).map_err(ApiError::bad_request)?;
        if let Some(reason) = puzzle.inconsistency() {
            return Ok(HintAnswer::no_solution(reason));
        }
        match mistakes_within(puzzle, &grid, Some(limit), Some(cancel)) {
            Err(Stop::Cancelled) => return Err(ApiError::cancelled()),
            Err(_) => return Err(ApiError::timed_out(limit)),
            Ok(Some(mistakes)) => return Ok(HintAnswer::mistake(mistakes.json(), mistakes.text())),
            Ok(None) => {}
        }
        let mut explainer = Explainer::from_grid(puzzle, grid.clone())
            .with_deadline(Instant::now().checked_add(limit));
        let step = explainer.next();
        if explainer.stopped() {
            return Err(ApiError::timed_out(limit));
        }
        let text = match &step {
            Some(step) => step.to_string(),
            None => "the grid is complete: every cell is right".to_string(),
        };
        Ok(HintAnswer {
            step: step.as_ref().map(step_detail_json),
            mistake: None,
            text,
            complete: step.is_none() && grid.is_complete(),
            contradiction: Some(matches!(step, Some(Step::Contradiction(_)))),
        })
    }
}

/// [`Api::hint`] for a colour puzzle: where the grid goes wrong, or the next step.
fn colour_hint(
    puzzle: &Puzzle,
    rows: &[String],
    limit: Duration,
    cancel: &AtomicBool,
) -> Result<HintAnswer, ApiError> {
    let palette = puzzle.palette();
    if let Some(reason) = puzzle.inconsistency() {
        return Ok(HintAnswer::no_solution(reason));
    }
    let deadline = Instant::now().checked_add(limit);
    let partial = nonogram_formats::grid::parse_colour_grid(&rows.join("\n"), puzzle)
        .map_err(|e| ApiError::bad_request(format!("the grid: {e}")))?;
    match colour_mistakes_within(puzzle, &partial, Some(limit), Some(cancel)) {
        Err(Stop::Cancelled) => return Err(ApiError::cancelled()),
        Err(_) => return Err(ApiError::timed_out(limit)),
        Ok(Some(mistakes)) => {
            return Ok(HintAnswer::mistake(
                mistakes.json(palette),
                mistakes.text(palette),
            ))
        }
        Ok(None) => {}
    }
    let start = colour_start(puzzle, rows)?;
    let complete = start.is_complete();
    let mut explainer = ColourExplainer::from_grid(puzzle, start).with_deadline(deadline);
    let step = explainer.next();
    if explainer.stopped() {
        return Err(ApiError::timed_out(limit));
    }
    let text = match &step {
        Some(step) => step.display(palette).to_string(),
        None => "the grid is complete: every cell is right".to_string(),
    };
    Ok(HintAnswer {
        step: step.as_ref().map(|s| colour_step_detail_json(s, palette)),
        mistake: None,
        text,
        complete: step.is_none() && complete,
        contradiction: Some(matches!(step, Some(ColourStep::Contradiction(_)))),
    })
}
