//! The JSON API over HTTP: `POST /api/<operation>` answers the operation of `nonogram_api` of
//! that name (`parse`, `solve`, `deduce`, `explain`, `hint`, `make`, `convert`, `render`,
//! `picture`, `generate`), `GET /api/info` and `GET /api/examples` the two without a body. The requests,
//! the answers and their errors are the library's (see its documentation for each); this
//! module only moves them: it reads the body within its size limit, asks the library to check
//! the request (a malformed one is refused before it waits for anything), and runs the work,
//! solver work in a solving slot with a cancel flag ([`super::jobs`]), the rest off the async
//! threads.
//!
//! What only a server has: `GET /api/jobs` (how many solves run, and how many may),
//! `POST /api/cancel` (`{"id"}`: raises the flag of the request that gave that `id`), and the
//! statuses of scheduling: 409 for an `id` already under way, 503 when every solving slot
//! stayed busy for the whole time limit, 504 when work overran its limit (the watchdog; 408
//! only when the client never finished sending its body), 413
//! for a body over the limit, 405 for a method an address does not take.
//!
//! `/api/render` answers with the SVG or PNG itself; every other answer and every error is
//! JSON (`{"error": "one sentence"}`).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use nonogram_api::{Answer, ApiError, Operation, PictureRequest, Request};
use serde::Deserialize;
use serde_json::json;

pub use crate::serve::error::HttpError;
use crate::serve::state::{BodyRead, Shared};
use nonogram_api::Limits;

/// The API's addresses, with their body limits.
pub fn routes(limits: &Limits) -> Router<Shared> {
    let mut json_routes = Router::new().route("/api/cancel", post(cancel));
    for operation in Operation::ALL {
        if operation.has_body() && operation != Operation::Picture {
            json_routes = json_routes.route(
                &format!("/api/{}", operation.name()),
                post(move |state, read, raw| json_operation(state, operation, read, raw)),
            );
        }
    }
    let image_routes = Router::new()
        .route("/api/picture", post(picture))
        .layer(DefaultBodyLimit::max(limits.max_image));
    Router::new()
        .route("/api/info", get(info))
        .route("/api/examples", get(examples))
        .route("/api/jobs", get(jobs))
        .merge(json_routes.layer(DefaultBodyLimit::max(limits.max_body)))
        .merge(image_routes)
}

/// The body's bytes (telling the watchdog they have arrived), or a 413 or 400 saying what is
/// wrong with them.
fn body_bytes(read: &BodyRead, body: Result<Bytes, BytesRejection>) -> Result<Bytes, HttpError> {
    read.done();
    body.map_err(|e| match e.status() {
        StatusCode::PAYLOAD_TOO_LARGE => HttpError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "the request body is larger than this address accepts",
        ),
        status => HttpError::new(
            if status.is_client_error() {
                status
            } else {
                StatusCode::BAD_REQUEST
            },
            format!("cannot read the request body: {}", e.body_text()),
        ),
    })
}

/// `POST /api/<operation>` with a JSON body.
async fn json_operation(
    State(server): State<Shared>,
    operation: Operation,
    Extension(read): Extension<BodyRead>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Response, HttpError> {
    let bytes = body_bytes(&read, raw)?;
    let request = Request::from_json(operation, &bytes)?;
    answer(server, request).await
}

/// Checks `request`, runs it (solver work as a job, the rest off the async threads), and sends
/// its answer.
async fn answer(server: Shared, request: Request) -> Result<Response, HttpError> {
    let limit = server.api.check(&request)?;
    let api = server.api.clone();
    let answer = if request.operation().is_work() {
        let id = request.id().map(str::to_string);
        run_job(&server, id.as_deref(), limit, move |cancel| {
            api.run(request, cancel)
        })
        .await?
    } else {
        run_light(move || api.run(request, &AtomicBool::new(false))).await?
    };
    Ok(match answer {
        Answer::Json(value) => Json(value).into_response(),
        Answer::Drawing(drawing) => {
            ([(header::CONTENT_TYPE, drawing.media)], drawing.bytes).into_response()
        }
    })
}

/// Runs `work` as a job (a solving slot, a flag, the deadline) and flattens its errors.
async fn run_job<T, F>(
    server: &Shared,
    id: Option<&str>,
    limit: Duration,
    work: F,
) -> Result<T, HttpError>
where
    T: Send + 'static,
    F: FnOnce(&AtomicBool) -> Result<T, ApiError> + Send + 'static,
{
    let job = server.jobs.start(id)?;
    let deadline = std::time::Instant::now() + limit;
    Ok(job.run(deadline, work).await??)
}

/// Runs cheap work (parsing, converting, decoding an image) off the async threads, without
/// taking a solving slot.
async fn run_light<T, F>(work: F) -> Result<T, HttpError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
{
    let result = tokio::task::spawn_blocking(work).await.map_err(|_| {
        HttpError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the work failed unexpectedly (a bug: please report it with the input)",
        )
    })?;
    Ok(result?)
}

/// `GET /api/info`: the version, the limits, the formats and the engines.
async fn info(State(server): State<Shared>) -> Json<nonogram_api::InfoAnswer> {
    Json(server.api.info())
}

/// `GET /api/examples`: the shipped puzzles, each with its text and attribution.
async fn examples() -> Json<Vec<serde_json::Value>> {
    Json(nonogram_api::examples())
}

/// `GET /api/jobs`: how many solves run now, and how many may.
async fn jobs(State(server): State<Shared>) -> Json<serde_json::Value> {
    Json(json!({
        "running": server.jobs.running(),
        "capacity": server.jobs.capacity(),
    }))
}

/// `POST /api/picture?width=W&height=H&threshold=T&invert=false`: the body is the image (PNG,
/// JPEG, GIF, BMP) or a text picture; the query, how to read it.
async fn picture(
    State(server): State<Shared>,
    query: Result<Query<PictureRequest>, axum::extract::rejection::QueryRejection>,
    Extension(read): Extension<BodyRead>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Response, HttpError> {
    let Query(query) = query.map_err(|e| {
        HttpError::new(
            StatusCode::BAD_REQUEST,
            format!("bad query: {}", e.body_text()),
        )
    })?;
    let bytes = body_bytes(&read, raw)?;
    answer(server, Request::Picture(query, bytes.to_vec())).await
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
    Extension(read): Extension<BodyRead>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Json<serde_json::Value>, HttpError> {
    let bytes = body_bytes(&read, raw)?;
    let request: CancelRequest = serde_json::from_slice(&bytes).map_err(|e| {
        HttpError::new(
            StatusCode::BAD_REQUEST,
            format!("the request is not the JSON this address takes: {e}"),
        )
    })?;
    Ok(Json(
        json!({ "cancelled": server.jobs.cancel(&request.id) }),
    ))
}
