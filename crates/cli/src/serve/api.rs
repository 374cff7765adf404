//! The JSON API: one handler per address, each a thin layer over `crate::report` (and the
//! library calls the command line makes), with its input checked and its work bounded.
//!
//! (Over 900 lines, on purpose for now: the ten handlers share the request types, the limits
//! and the error answers below, and read best side by side as the API's one reference. When a
//! handler grows, it moves to a module of its own beside this one.)
//!
//! Requests are JSON objects (unknown fields are refused, so a misspelt option is an error
//! rather than silently ignored); a puzzle travels as the text of a file in any format we read
//! (`puzzle`, with `format` to skip recognition and `index` to pick one of several). Answers
//! are JSON, except `/api/render`, which answers with the SVG or PNG itself. Errors are
//! `{"error": "one sentence"}`:
//!
//! | status | when |
//! |---:|---|
//! | 400 | the request is not the JSON the address takes, or a value is out of range |
//! | 404 | no such address, or no such example |
//! | 405 | the address does not take that method |
//! | 408 | the work did not finish within the time limit (for answers that have no partial form) |
//! | 409 | a job with that `id` is under way, or the request was cancelled before it had an answer |
//! | 413 | the body is larger than the limit |
//! | 422 | the puzzle or picture does not parse, or cannot be written or drawn as asked |
//! | 503 | every solving slot stayed busy for the whole time limit |
//!
//! A solve cut short is not an error: it answers 200 with the record's `stop` saying why
//! (`time-limit`, `cancelled`), as the command line's JSON does.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use nonogram_core::colour::grid::ColourGrid;
use nonogram_core::explain::{ColourExplainer, ColourStep, Explainer, Step};
use nonogram_core::make::{check_picture_cancellable, MakeConfig};
use nonogram_core::{Engine, Puzzle, Stop};
use nonogram_formats::Format;
use nonogram_render::{CellStyle, SheetOptions};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::cli::{EngineArg, SolveOptions};
use crate::picture::{is_image, read_picture, PictureOptions};
use crate::report::explain::{grid_from_rows, mistakes_within, rating_json, step_detail_json};
use crate::report::explain_colour::{colour_grid, colour_mistakes_within, colour_step_detail_json};
use crate::report::json::Record;
use crate::report::puzzle::puzzle_json;
use crate::report::sheet::{self, SheetKind};
use crate::report::text::status_line;
use crate::report::{self, Report};
use crate::serve::{examples, Shared};

/// The most cells per side of a picture made from an uploaded image (the page's grid).
pub const MAX_PICTURE_SIDE: u32 = 200;

/// An error answer: a status and one sentence.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    /// An error with this status and sentence.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: crate::error::one_line(&message.into()),
        }
    }

    /// 400: the request is malformed.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 422: well-formed, but the puzzle or picture in it cannot be used as asked.
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 409: cancelled before there was anything to answer.
    fn cancelled() -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "the request was cancelled before it had an answer",
        )
    }

    /// 408: the time limit ran out before there was anything to answer.
    fn timed_out(limit: Duration) -> ApiError {
        ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the time limit ({} s) ran out before there was an answer",
                limit.as_secs_f64()
            ),
        )
    }

    /// The status.
    pub fn status(&self) -> StatusCode {
        self.status
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}

/// The API's addresses, with their body limits.
pub fn routes(limits: &crate::serve::Limits) -> Router<Shared> {
    let json_routes = Router::new()
        .route("/api/parse", post(parse))
        .route("/api/solve", post(solve))
        .route("/api/deduce", post(deduce))
        .route("/api/explain", post(explain))
        .route("/api/hint", post(hint))
        .route("/api/make", post(make))
        .route("/api/convert", post(convert))
        .route("/api/render", post(render))
        .route("/api/cancel", post(cancel))
        .layer(DefaultBodyLimit::max(limits.max_body));
    let image_routes = Router::new()
        .route("/api/picture", post(picture))
        .layer(DefaultBodyLimit::max(limits.max_image));
    Router::new()
        .route("/api/info", get(info))
        .route("/api/examples", get(list_examples))
        .route("/api/jobs", get(jobs))
        .merge(json_routes)
        .merge(image_routes)
}

/// The body as `T`, or a 413 or 400 saying what is wrong with it.
fn body<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body_bytes(body)?;
    serde_json::from_slice(&bytes).map_err(|e| {
        ApiError::bad_request(format!(
            "the request is not the JSON this address takes: {e}"
        ))
    })
}

fn body_bytes(body: Result<Bytes, BytesRejection>) -> Result<Bytes, ApiError> {
    body.map_err(|e| match e.status() {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "the request body is larger than this address accepts",
        ),
        status => ApiError::new(
            if status.is_client_error() {
                status
            } else {
                StatusCode::BAD_REQUEST
            },
            format!("cannot read the request body: {}", e.body_text()),
        ),
    })
}

/// Where a request's puzzle comes from: the text of a puzzle file, how to read it, which one.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Source {
    /// The file's text, in any format we read.
    puzzle: String,
    /// Its format's name (default: recognised from the text).
    #[serde(default)]
    format: Option<String>,
    /// Which puzzle of a file that holds several, from 0 (default 0).
    #[serde(default)]
    index: Option<usize>,
}

/// A parsed request puzzle.
struct Loaded {
    format: Format,
    count: usize,
    index: usize,
    puzzle: Puzzle,
}

impl Source {
    fn load(&self) -> Result<Loaded, ApiError> {
        let format = match &self.format {
            None => None,
            Some(name) => Some(Format::from_name(name).ok_or_else(|| {
                ApiError::bad_request(format!(
                    "unknown format '{name}' (known formats: {})",
                    crate::cli::format_names(|_| true)
                ))
            })?),
        };
        let (format, mut puzzles) = nonogram_formats::parse_auto(&self.puzzle, None, format)
            .map_err(|e| ApiError::unprocessable(format!("the puzzle does not parse: {e}")))?;
        let count = puzzles.len();
        let index = self.index.unwrap_or(0);
        if index >= count {
            return Err(ApiError::bad_request(format!(
                "there is no puzzle {index} (counted from 0): the text holds {}",
                report::plural(count, "puzzle")
            )));
        }
        Ok(Loaded {
            format,
            count,
            index,
            puzzle: puzzles.swap_remove(index),
        })
    }
}

/// What bounds an explanation's steps: the request's deadline, the server's step limit, and
/// the request's cancel flag.
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

/// A colour puzzle's partly solved grid from the page: rows of palette characters, `?` for
/// unknown.
fn colour_start(puzzle: &Puzzle, rows: &[String]) -> Result<ColourGrid, ApiError> {
    let partial = nonogram_formats::grid::parse_colour_grid(&rows.join("\n"), puzzle)
        .map_err(|e| ApiError::bad_request(format!("the grid: {e}")))?;
    colour_grid(puzzle, &partial)
        .ok_or_else(|| ApiError::bad_request("the grid: a cell has no colour"))
}

/// A hint's answer when the grid (or the puzzle) is wrong: no step, the mistake and its
/// sentence.
fn mistake_answer(mistake: Value, text: String) -> Json<Value> {
    Json(json!({ "step": null, "mistake": mistake, "text": text, "complete": false }))
}

/// `/api/hint` for a colour puzzle: where the grid goes wrong, or the next step.
fn colour_hint(
    puzzle: &Puzzle,
    rows: &[String],
    limit: Duration,
    cancel: &AtomicBool,
) -> Result<Json<Value>, ApiError> {
    let palette = puzzle.palette();
    if let Some(reason) = puzzle.inconsistency() {
        return Ok(mistake_answer(
            json!({ "kind": "puzzle" }),
            format!("the puzzle has no solution: {reason}"),
        ));
    }
    let deadline = Instant::now().checked_add(limit);
    let partial = nonogram_formats::grid::parse_colour_grid(&rows.join("\n"), puzzle)
        .map_err(|e| ApiError::bad_request(format!("the grid: {e}")))?;
    match colour_mistakes_within(puzzle, &partial, Some(limit), Some(cancel)) {
        Err(Stop::Cancelled) => return Err(ApiError::cancelled()),
        Err(_) => return Err(ApiError::timed_out(limit)),
        Ok(Some(mistakes)) => {
            return Ok(mistake_answer(
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
    Ok(Json(json!({
        "step": step.as_ref().map(|s| colour_step_detail_json(s, palette)),
        "mistake": null,
        "text": text,
        "complete": step.is_none() && complete,
        "contradiction": matches!(step, Some(ColourStep::Contradiction(_))),
    })))
}

/// A request's time limit: its own `timeout` (seconds), never more than the server's.
fn time_limit(server: &Shared, timeout: Option<f64>) -> Result<Duration, ApiError> {
    let max = server.limits.max_time;
    match timeout {
        None => Ok(max),
        Some(t) if t.is_finite() && t >= 0.0 => Ok(Duration::from_secs_f64(t.min(1e9)).min(max)),
        Some(t) => Err(ApiError::bad_request(format!(
            "timeout {t} is not a non-negative number of seconds"
        ))),
    }
}

/// Runs `work` as a job (a solving slot, a flag, the deadline) and flattens its errors.
async fn run_job<T, F>(
    server: &Shared,
    id: Option<&str>,
    limit: Duration,
    work: F,
) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&AtomicBool) -> Result<T, ApiError> + Send + 'static,
{
    let job = server.jobs.start(id)?;
    let deadline = Instant::now() + limit;
    job.run(deadline, work).await?
}

/// Runs cheap work (parsing, converting, decoding an image) off the async threads, without
/// taking a solving slot.
async fn run_light<T, F>(work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
{
    tokio::task::spawn_blocking(work).await.map_err(|_| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the work failed unexpectedly (a bug: please report it with the input)",
        )
    })?
}

/// `GET /api/info`: the version, the limits, the formats and the engines.
async fn info(State(server): State<Shared>) -> Json<Value> {
    let limits = &server.limits;
    let formats: Vec<Value> = Format::ALL
        .iter()
        .map(|f| {
            json!({
                "name": f.name(),
                "extension": f.extension(),
                "writable": f.is_writable(),
            })
        })
        .collect();
    Json(json!({
        "name": "nonogram",
        "version": env!("CARGO_PKG_VERSION"),
        "limits": {
            "max_time_s": limits.max_time.as_secs_f64(),
            "max_body_bytes": limits.max_body,
            "max_image_bytes": limits.max_image,
            "max_solutions": limits.max_solutions,
            "max_steps": limits.max_steps,
            "max_picture_side": MAX_PICTURE_SIDE,
            "jobs": server.jobs.capacity(),
        },
        "formats": formats,
        "engines": ["auto", "search", "learn", "sat"],
    }))
}

/// `GET /api/examples`: the shipped puzzles, each with its text and attribution.
async fn list_examples() -> Json<Value> {
    Json(Value::Array(
        examples::EXAMPLES
            .iter()
            .map(examples::Example::json)
            .collect(),
    ))
}

/// `GET /api/jobs`: how many solves run now, and how many may.
async fn jobs(State(server): State<Shared>) -> Json<Value> {
    Json(json!({
        "running": server.jobs.running(),
        "capacity": server.jobs.capacity(),
    }))
}

/// `POST /api/parse`: the puzzle as the page draws it.
async fn parse(raw: Result<Bytes, BytesRejection>) -> Result<Json<Value>, ApiError> {
    let source: Source = body(raw)?;
    run_light(move || {
        let loaded = source.load()?;
        Ok(Json(json!({
            "format": loaded.format.name(),
            "count": loaded.count,
            "index": loaded.index,
            "puzzle": puzzle_json(&loaded.puzzle),
        })))
    })
    .await
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveRequest {
    puzzle: String,
    #[serde(default)]
    format: Option<String>,
    #[serde(default)]
    index: Option<usize>,
    /// Seconds; at most the server's limit.
    #[serde(default)]
    timeout: Option<f64>,
    /// Solutions to look for (default 2).
    #[serde(default)]
    solutions: Option<usize>,
    /// `auto`, `search`, `learn` or `sat`.
    #[serde(default)]
    engine: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
    /// Line solving alone.
    #[serde(default)]
    deduce: bool,
    /// A name for `/api/cancel`.
    #[serde(default)]
    id: Option<String>,
    /// What the record's `source` says (default `request`).
    #[serde(default)]
    name: Option<String>,
}

/// `POST /api/solve`: the record `nonogram solve --output json` prints, plus `message`, its
/// status line.
async fn solve(
    State(server): State<Shared>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let request: SolveRequest = body(raw)?;
    solve_or_deduce(server, request).await
}

/// `POST /api/deduce`: `/api/solve` with `deduce` set: what line solving alone proves.
async fn deduce(
    State(server): State<Shared>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let mut request: SolveRequest = body(raw)?;
    request.deduce = true;
    solve_or_deduce(server, request).await
}

async fn solve_or_deduce(server: Shared, request: SolveRequest) -> Result<Json<Value>, ApiError> {
    let limit = time_limit(&server, request.timeout)?;
    if request.deduce
        && (request.solutions.is_some() || request.engine.is_some() || request.seed.is_some())
    {
        return Err(ApiError::bad_request(
            "solutions, engine and seed choose how to solve; deduction uses line solving alone",
        ));
    }
    let max = server.limits.max_solutions;
    let solutions = request.solutions.unwrap_or(2);
    if solutions == 0 || solutions > max {
        return Err(ApiError::bad_request(format!(
            "solutions must be between 1 and {max}"
        )));
    }
    let engine = match request.engine.as_deref() {
        None => EngineArg::Auto,
        Some(name) => match Engine::from_name(name) {
            Some(Engine::Auto) => EngineArg::Auto,
            Some(Engine::Search) => EngineArg::Search,
            Some(Engine::Learn) => EngineArg::Learn,
            Some(Engine::Sat) => EngineArg::Sat,
            None => {
                return Err(ApiError::bad_request(format!(
                    "unknown engine '{name}' (use auto, search, learn or sat)"
                )))
            }
        },
    };
    let options = SolveOptions {
        solutions: solutions as u64,
        timeout: Some(limit),
        deduce_only: request.deduce,
        engine,
        seed: request.seed,
    };
    let source = Source {
        puzzle: request.puzzle,
        format: request.format,
        index: request.index,
    };
    let name = request.name.unwrap_or_else(|| "request".to_string());
    run_job(&server, request.id.as_deref(), limit, move |cancel| {
        let loaded = source.load()?;
        // One thread per solve: the server runs one solve per core.
        let report = Report::new(&loaded.puzzle, loaded.index, &options, 1, Some(cancel));
        let mut value = serde_json::to_value(Record::new(&report, &name)).map_err(|e| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("cannot write JSON: {e}"),
            )
        })?;
        value["message"] = status_line(&report).into();
        if let Some(note) = report.engine_note() {
            value["note"] = note.into();
        }
        Ok(Json(value))
    })
    .await
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExplainRequest {
    puzzle: String,
    #[serde(default)]
    format: Option<String>,
    #[serde(default)]
    index: Option<usize>,
    /// Rows of `#`, `.` and `?`: the grid to start from (default: empty).
    #[serde(default)]
    grid: Option<Vec<String>>,
    #[serde(default)]
    timeout: Option<f64>,
    /// At most this many steps (default and most: the server's limit).
    #[serde(default)]
    max_steps: Option<usize>,
    #[serde(default)]
    id: Option<String>,
}

/// `POST /api/explain`: every step (as `explain --output json` gives them, with each step's
/// sentence and cells), the rating and the final grid. Cut short by the time limit, a cancel
/// or `max_steps`, it answers the steps so far with `complete: false` and `stop` saying why.
async fn explain(
    State(server): State<Shared>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let request: ExplainRequest = body(raw)?;
    let limit = time_limit(&server, request.timeout)?;
    let max_steps = request
        .max_steps
        .unwrap_or(usize::MAX)
        .min(server.limits.max_steps);
    let source = Source {
        puzzle: request.puzzle,
        format: request.format,
        index: request.index,
    };
    let grid = request.grid;
    let deadline = Instant::now() + limit;
    run_job(&server, request.id.as_deref(), limit, move |cancel| {
        let loaded = source.load()?;
        let puzzle = &loaded.puzzle;
        let mut value = json!({ "width": puzzle.width(), "height": puzzle.height() });
        if let Some(reason) = puzzle.inconsistency() {
            value["steps"] = json!([]);
            value["rating"] = json!({ "rating": "none", "text": "no solution" });
            value["reason"] = reason.to_string().into();
            value["complete"] = true.into();
            value["stop"] = "finished".into();
            return Ok(Json(value));
        }
        let limits = StepLimits {
            deadline,
            max_steps,
            cancel,
        };
        let (steps, stop) = if puzzle.is_black_and_white() {
            let start = match &grid {
                Some(rows) => grid_from_rows(puzzle, rows).map_err(ApiError::bad_request)?,
                None => nonogram_core::Grid::new(puzzle.width(), puzzle.height()),
            };
            let mut explainer = Explainer::from_grid(puzzle, start).with_deadline(Some(deadline));
            let found = limits.run(&mut explainer, Explainer::stopped, step_detail_json);
            value["rating"] = rating_json(explainer.difficulty());
            value["grid"] = explainer.grid().row_strings().into();
            found
        } else {
            let palette = puzzle.palette();
            let start = match &grid {
                Some(rows) => colour_start(puzzle, rows)?,
                None => ColourExplainer::new(puzzle).grid().clone(),
            };
            let mut explainer =
                ColourExplainer::from_grid(puzzle, start).with_deadline(Some(deadline));
            let found = limits.run(&mut explainer, ColourExplainer::stopped, |step| {
                colour_step_detail_json(step, palette)
            });
            value["rating"] = rating_json(explainer.difficulty());
            value["grid"] = explainer.grid().to_partial().row_strings(palette).into();
            found
        };
        value["steps"] = steps.into();
        value["complete"] = (stop == "finished").into();
        value["stop"] = stop.into();
        Ok(Json(value))
    })
    .await
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct HintRequest {
    puzzle: String,
    #[serde(default)]
    format: Option<String>,
    #[serde(default)]
    index: Option<usize>,
    /// Rows of `#`, `.` and `?`: the grid as the player has it.
    grid: Vec<String>,
    #[serde(default)]
    timeout: Option<f64>,
    #[serde(default)]
    id: Option<String>,
}

/// `POST /api/hint`: from a partly solved grid, where it goes wrong (`mistake`, as `explain
/// --hint --output json` says it) or else the next step (`step`, with its sentence and cells);
/// `text` says either in a sentence, and `complete` whether the grid is solved.
async fn hint(
    State(server): State<Shared>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let request: HintRequest = body(raw)?;
    let limit = time_limit(&server, request.timeout)?;
    let source = Source {
        puzzle: request.puzzle,
        format: request.format,
        index: request.index,
    };
    let rows = request.grid;
    run_job(&server, request.id.as_deref(), limit, move |cancel| {
        let loaded = source.load()?;
        let puzzle = &loaded.puzzle;
        if !puzzle.is_black_and_white() {
            return colour_hint(puzzle, &rows, limit, cancel);
        }
        let grid = grid_from_rows(puzzle, &rows).map_err(ApiError::bad_request)?;
        if let Some(reason) = puzzle.inconsistency() {
            return Ok(mistake_answer(
                json!({ "kind": "puzzle" }),
                format!("the puzzle has no solution: {reason}"),
            ));
        }
        match mistakes_within(puzzle, &grid, Some(limit), Some(cancel)) {
            Err(Stop::Cancelled) => return Err(ApiError::cancelled()),
            Err(_) => return Err(ApiError::timed_out(limit)),
            Ok(Some(mistakes)) => return Ok(mistake_answer(mistakes.json(), mistakes.text())),
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
        Ok(Json(json!({
            "step": step.as_ref().map(step_detail_json),
            "mistake": null,
            "text": text,
            "complete": step.is_none() && grid.is_complete(),
            "contradiction": matches!(step, Some(Step::Contradiction(_))),
        })))
    })
    .await
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MakeRequest {
    /// Rows of `#` and `.` (or `1`/`0`, `X`/`_`).
    picture: Vec<String>,
    /// The puzzle's title, for the files written from it.
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    timeout: Option<f64>,
    #[serde(default)]
    id: Option<String>,
}

/// `POST /api/make`: the verdict `nonogram make --output json` gives on a picture (its clues,
/// `unique`, `differing_cells`, `suggestions`), plus `puzzle`, the made puzzle as
/// `/api/parse` gives it.
async fn make(
    State(server): State<Shared>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let request: MakeRequest = body(raw)?;
    let limit = time_limit(&server, request.timeout)?;
    if request.picture.is_empty() {
        return Err(ApiError::bad_request("the picture has no rows"));
    }
    let text = request.picture.join("\n");
    let title = request.title;
    run_job(&server, request.id.as_deref(), limit, move |cancel| {
        let picture = picture_from_text(&text)?;
        let mut puzzle = Puzzle::from_picture(&picture);
        puzzle.metadata.goal = Some(picture.clone());
        puzzle.metadata.title = title.filter(|t| !t.trim().is_empty());
        let config = MakeConfig {
            timeout: limit,
            threads: 1,
            ..MakeConfig::default()
        };
        let check =
            check_picture_cancellable(&puzzle, &picture, &config, Some(cancel), &mut |_| {});
        if check.stop == Stop::Cancelled {
            return Err(ApiError::cancelled());
        }
        let mut value = report::make::to_json(&check, &puzzle);
        value["puzzle"] = puzzle_json(&puzzle);
        Ok(Json(value))
    })
    .await
}

/// A picture from rows of text, through the picture format's reader (positions in errors).
fn picture_from_text(text: &str) -> Result<nonogram_core::Picture, ApiError> {
    let puzzles = nonogram_formats::parse(text, Format::Picture)
        .map_err(|e| ApiError::unprocessable(format!("the picture does not parse: {e}")))?;
    puzzles
        .into_iter()
        .next()
        .and_then(|p| p.metadata.goal)
        .ok_or_else(|| ApiError::unprocessable("the picture has no cells"))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PictureQuery {
    /// Pixels darker than this (0-255) are filled (default 128).
    #[serde(default)]
    threshold: Option<u8>,
    /// Cells across and down to scale an image to (both, or neither).
    #[serde(default)]
    width: Option<u32>,
    #[serde(default)]
    height: Option<u32>,
    /// Swap filled and empty.
    #[serde(default)]
    invert: Option<bool>,
}

/// `POST /api/picture?width=W&height=H&threshold=T&invert=false`: an uploaded image (PNG,
/// JPEG, GIF, BMP; the body is the file) or text picture as rows of `#` and `.`, for the page
/// to paint on. An image needs `width` and `height`, at most 200 each: the cells to scale it
/// to.
async fn picture(
    query: Result<Query<PictureQuery>, axum::extract::rejection::QueryRejection>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) =
        query.map_err(|e| ApiError::bad_request(format!("bad query: {}", e.body_text())))?;
    let bytes = body_bytes(raw)?;
    let size = match (query.width, query.height) {
        (None, None) => None,
        (Some(w), Some(h))
            if (1..=MAX_PICTURE_SIDE).contains(&w) && (1..=MAX_PICTURE_SIDE).contains(&h) =>
        {
            Some((w, h))
        }
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_request(format!(
                "width and height must be between 1 and {MAX_PICTURE_SIDE}"
            )))
        }
        _ => {
            return Err(ApiError::bad_request(
                "give both width and height, or neither",
            ))
        }
    };
    let image = is_image(&bytes);
    if image && size.is_none() {
        return Err(ApiError::bad_request(format!(
            "an image needs width and height: the cells to scale it to (at most \
             {MAX_PICTURE_SIDE} each)"
        )));
    }
    let options = PictureOptions {
        threshold: query.threshold.unwrap_or(128),
        // Sizes scale images; a text picture is taken as it is.
        size: if image { size } else { None },
        invert: query.invert.unwrap_or(false),
        ..PictureOptions::default()
    };
    run_light(move || {
        let picture = read_picture(&bytes, &options)
            .map_err(|e| ApiError::unprocessable(format!("not a picture: {e}")))?;
        Ok(Json(json!({
            "width": picture.width(),
            "height": picture.height(),
            "picture": picture.row_strings(),
        })))
    })
    .await
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConvertRequest {
    puzzle: String,
    #[serde(default)]
    format: Option<String>,
    #[serde(default)]
    index: Option<usize>,
    /// The format to write.
    to: String,
    /// A title to give the puzzle (default: the file's own).
    #[serde(default)]
    title: Option<String>,
}

/// `POST /api/convert`: the puzzle written in another format, as `nonogram convert` writes it:
/// `{"format", "extension", "text"}`.
async fn convert(raw: Result<Bytes, BytesRejection>) -> Result<Json<Value>, ApiError> {
    let request: ConvertRequest = body(raw)?;
    let to = crate::cli::parse_writable(&request.to).map_err(ApiError::bad_request)?;
    let source = Source {
        puzzle: request.puzzle,
        format: request.format,
        index: request.index,
    };
    let title = request.title;
    run_light(move || {
        let mut loaded = source.load()?;
        if let Some(title) = title.filter(|t| !t.trim().is_empty()) {
            loaded.puzzle.metadata.title = Some(title);
        }
        let text = nonogram_formats::write(&loaded.puzzle, to).map_err(|e| {
            ApiError::unprocessable(format!("cannot write the puzzle as {}: {e}", to.name()))
        })?;
        Ok(Json(json!({
            "format": to.name(),
            "extension": to.extension(),
            "text": text,
        })))
    })
    .await
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RenderRequest {
    puzzle: String,
    #[serde(default)]
    format: Option<String>,
    #[serde(default)]
    index: Option<usize>,
    /// `svg` (default) or `png`.
    #[serde(default)]
    kind: Option<String>,
    /// `solution` (default: solved, as `nonogram render` draws it), `blank` (the clues and an
    /// empty grid, to print) or `grid` (the cells of `grid`).
    #[serde(default)]
    what: Option<String>,
    /// Rows of `#`, `.` and `?` for `what: "grid"`.
    #[serde(default)]
    grid: Option<Vec<String>>,
    /// The side of a cell in pixels, 8 to 200 (default 20).
    #[serde(default)]
    cell: Option<u32>,
    #[serde(default)]
    timeout: Option<f64>,
    #[serde(default)]
    id: Option<String>,
}

/// `POST /api/render`: the drawing itself (`image/svg+xml` or `image/png`), as `nonogram
/// render` draws it.
async fn render(
    State(server): State<Shared>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: RenderRequest = body(raw)?;
    let limit = time_limit(&server, request.timeout)?;
    let kind = match request.kind.as_deref().unwrap_or("svg") {
        "svg" => SheetKind::Svg,
        "png" => SheetKind::Png,
        other => {
            return Err(ApiError::bad_request(format!(
                "unknown kind '{other}' (use svg or png)"
            )))
        }
    };
    let cell = request.cell.unwrap_or(SheetOptions::default().cell);
    if !(8..=200).contains(&cell) {
        return Err(ApiError::bad_request(
            "cell must be between 8 and 200 pixels",
        ));
    }
    #[derive(Clone, Copy)]
    enum What {
        Solution,
        Blank,
        Grid,
    }
    let what = match request.what.as_deref().unwrap_or("solution") {
        "solution" => What::Solution,
        "blank" => What::Blank,
        "grid" => What::Grid,
        other => {
            return Err(ApiError::bad_request(format!(
                "unknown drawing '{other}' (use solution, blank or grid)"
            )))
        }
    };
    match (what, &request.grid) {
        (What::Grid, None) => {
            return Err(ApiError::bad_request(
                "what: grid draws the rows of grid; give them",
            ))
        }
        (What::Solution | What::Blank, Some(_)) => {
            return Err(ApiError::bad_request("grid is drawn only with what: grid"))
        }
        _ => {}
    }
    let source = Source {
        puzzle: request.puzzle,
        format: request.format,
        index: request.index,
    };
    let rows = request.grid;
    let bytes = run_job(&server, request.id.as_deref(), limit, move |cancel| {
        let loaded = source.load()?;
        let puzzle = &loaded.puzzle;
        let options = |style| SheetOptions {
            cell,
            style,
            ..SheetOptions::default()
        };
        let drawn = match what {
            What::Blank => {
                let blank = nonogram_core::CellRows::unknown(puzzle.width(), puzzle.height());
                sheet::draw(puzzle, &blank, &[], kind, options(CellStyle::Blank))
            }
            What::Grid => {
                let grid = grid_from_rows(puzzle, rows.as_deref().unwrap_or_default())
                    .map_err(ApiError::bad_request)?;
                sheet::draw(puzzle, &grid, &[], kind, options(CellStyle::Solution))
            }
            What::Solution => {
                let solve = SolveOptions {
                    solutions: 2,
                    timeout: Some(limit),
                    deduce_only: false,
                    engine: EngineArg::Auto,
                    seed: None,
                };
                let report = Report::new(puzzle, loaded.index, &solve, 1, Some(cancel));
                if report.stop() == Stop::Cancelled {
                    return Err(ApiError::cancelled());
                }
                match sheet::draw_report(&report, kind, options(CellStyle::Solution)) {
                    Ok(Some(bytes)) => Ok(bytes),
                    Ok(None) => {
                        return Err(ApiError::unprocessable(format!(
                            "nothing to draw: {}",
                            status_line(&report)
                        )))
                    }
                    Err(e) => Err(e),
                }
            }
        };
        drawn.map_err(|e| ApiError::unprocessable(format!("cannot draw the puzzle: {e}")))
    })
    .await?;
    let media = match kind {
        SheetKind::Svg => "image/svg+xml",
        SheetKind::Png => "image/png",
    };
    Ok(([(header::CONTENT_TYPE, media)], bytes).into_response())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CancelRequest {
    id: String,
}

/// `POST /api/cancel`: raises the flag of the request named `id`; `{"cancelled": true}` if one
/// was under way.
async fn cancel(
    State(server): State<Shared>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let request: CancelRequest = body(raw)?;
    Ok(Json(
        json!({ "cancelled": server.jobs.cancel(&request.id) }),
    ))
}
