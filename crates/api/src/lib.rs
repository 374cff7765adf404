//! The nonogram page's API as a library: what the page asks and what it is answered, with no
//! server and no I/O, so that one set of functions answers the local server (`nonogram serve`,
//! over HTTP) and the browser (the WebAssembly build, in a Web Worker) alike.
//!
//! [`Api`] holds the [`Limits`] every request is held to and has one method per operation,
//! each taking a serde request type and giving a serde answer type ([`Api::solve`] takes a
//! [`SolveRequest`] and gives a [`SolveAnswer`], and so on). A transport only moves bytes: it
//! decodes a request ([`Request::from_json`]), asks [`Api::check`] for its time limit (and
//! refuses what is malformed before any work), runs it ([`Api::run`]) with a cancel flag, and
//! sends the [`Answer`] or the [`ApiError`] (`{"error": "one sentence"}` with an HTTP status).
//! [`Api::call`] does all of that at once, for transports with nothing to schedule.
//!
//! Every answer that says something about a puzzle comes from [`report`], the path the command
//! line prints from (`nonogram solve --output json` and the `solve` answer are one record), so
//! the page and the command line never disagree.
//!
//! Requests are JSON objects whose unknown fields are refused (a misspelt option is an error,
//! not silently ignored); a puzzle travels as the text of a file in any format we read
//! (`puzzle`, with `format` to skip recognition and `index` to pick one of several). Errors:
//!
//! | status | when |
//! |---:|---|
//! | 400 | the request is not the JSON the operation takes, or a value is out of range |
//! | 404 | no such operation, or no such example |
//! | 409 | the request was cancelled before it had an answer |
//! | 413 | the body is larger than the limit |
//! | 422 | the puzzle or picture does not parse, or cannot be written or drawn as asked |
//! | 504 | the work did not finish within the time limit (for answers that have no partial form); not 408, which browsers answer by sending the request again |
//!
//! (The server adds its own: 403, 405, 409 for an `id` under way, 503 when busy.) A solve cut
//! short is not an error: it answers with the record's `stop` saying why (`time-limit`,
//! `cancelled`), as the command line's JSON does.

#![warn(missing_docs)]

mod booklet;
mod error;
pub mod examples;
mod explain;
mod files;
mod generate;
mod limits;
mod make;
pub mod report;
mod solve;
mod source;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use nonogram_core::Engine;
use nonogram_formats::Format;
use serde::Serialize;
use serde_json::Value;

pub use booklet::{BookletRequest, MAX_BOOKLET_PUZZLES};
pub use error::{one_line, status, ApiError};
pub use explain::{ExplainAnswer, ExplainRequest, HintAnswer, HintRequest};
pub use files::{ConvertAnswer, ConvertRequest, Drawing, ParseAnswer, ParseRequest, RenderRequest};
pub use generate::{GenerateAnswer, GenerateRequest};
pub use limits::{Api, Limits};
pub use make::{MakeAnswer, MakeRequest, PictureAnswer, PictureRequest, MAX_PICTURE_SIDE};
pub use solve::{SolveAnswer, SolveRequest};
pub use source::{load, Loaded};

/// Every engine, in the order `info` lists them.
pub const ENGINES: [Engine; 4] = [Engine::Auto, Engine::Search, Engine::Learn, Engine::Sat];

/// The operations, by the names transports give them (`/api/solve`, `call("solve", ...)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operation {
    /// The version, the limits, the formats and the engines.
    Info,
    /// The shipped puzzles.
    Examples,
    /// A puzzle file read as the page draws it.
    Parse,
    /// A solve.
    Solve,
    /// Line solving alone.
    Deduce,
    /// Every step of an explanation.
    Explain,
    /// The next step, or the mistake, from a partly solved grid.
    Hint,
    /// A drawing's verdict.
    Make,
    /// A picture from an image or a text.
    Picture,
    /// A puzzle written in another format.
    Convert,
    /// A puzzle drawn as SVG or PNG.
    Render,
    /// A new puzzle, unique, of a size, difficulty and palette.
    Generate,
    /// Puzzles as a PDF booklet to print.
    Booklet,
}

impl Operation {
    /// Every operation.
    pub const ALL: [Operation; 13] = [
        Operation::Info,
        Operation::Examples,
        Operation::Parse,
        Operation::Solve,
        Operation::Deduce,
        Operation::Explain,
        Operation::Hint,
        Operation::Make,
        Operation::Picture,
        Operation::Convert,
        Operation::Render,
        Operation::Generate,
        Operation::Booklet,
    ];

    /// The operation's name: `info`, `solve`, ...
    pub fn name(self) -> &'static str {
        match self {
            Operation::Info => "info",
            Operation::Examples => "examples",
            Operation::Parse => "parse",
            Operation::Solve => "solve",
            Operation::Deduce => "deduce",
            Operation::Explain => "explain",
            Operation::Hint => "hint",
            Operation::Make => "make",
            Operation::Picture => "picture",
            Operation::Convert => "convert",
            Operation::Render => "render",
            Operation::Generate => "generate",
            Operation::Booklet => "booklet",
        }
    }

    /// The operation of a name given by [`Operation::name`].
    pub fn from_name(name: &str) -> Option<Operation> {
        Operation::ALL.into_iter().find(|o| o.name() == name)
    }

    /// Whether it takes a request body (all but `info` and `examples`).
    pub fn has_body(self) -> bool {
        !matches!(self, Operation::Info | Operation::Examples)
    }

    /// Whether it is solver work, bounded by a time limit and a cancel flag (a server runs it
    /// in a solving slot), rather than quick reading and writing.
    pub fn is_work(self) -> bool {
        matches!(
            self,
            Operation::Solve
                | Operation::Deduce
                | Operation::Explain
                | Operation::Hint
                | Operation::Make
                | Operation::Render
                | Operation::Generate
                | Operation::Booklet
        )
    }
}

/// One decoded request.
#[derive(Clone, Debug)]
pub enum Request {
    /// `info`.
    Info,
    /// `examples`.
    Examples,
    /// `parse`.
    Parse(ParseRequest),
    /// `solve`.
    Solve(SolveRequest),
    /// `deduce`.
    Deduce(SolveRequest),
    /// `explain`.
    Explain(ExplainRequest),
    /// `hint`.
    Hint(HintRequest),
    /// `make`.
    Make(MakeRequest),
    /// `picture`: how to read it, and the image or text itself.
    Picture(PictureRequest, Vec<u8>),
    /// `convert`.
    Convert(ConvertRequest),
    /// `render`.
    Render(RenderRequest),
    /// `generate`.
    Generate(GenerateRequest),
    /// `booklet`.
    Booklet(BookletRequest),
}

/// A request body as `T`, or a 400 saying what is wrong with it.
fn from_json<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| {
        ApiError::bad_request(format!(
            "the request is not the JSON this address takes: {e}"
        ))
    })
}

impl Request {
    /// The request of `operation` from its JSON body (ignored for `info` and `examples`). A
    /// `picture` request's body is the image: build it with [`Request::Picture`].
    pub fn from_json(operation: Operation, body: &[u8]) -> Result<Request, ApiError> {
        Ok(match operation {
            Operation::Info => Request::Info,
            Operation::Examples => Request::Examples,
            Operation::Parse => Request::Parse(from_json(body)?),
            Operation::Solve => Request::Solve(from_json(body)?),
            Operation::Deduce => Request::Deduce(from_json(body)?),
            Operation::Explain => Request::Explain(from_json(body)?),
            Operation::Hint => Request::Hint(from_json(body)?),
            Operation::Make => Request::Make(from_json(body)?),
            Operation::Convert => Request::Convert(from_json(body)?),
            Operation::Render => Request::Render(from_json(body)?),
            Operation::Generate => Request::Generate(from_json(body)?),
            Operation::Booklet => Request::Booklet(from_json(body)?),
            Operation::Picture => {
                return Err(ApiError::internal(
                    "a picture request's body is the image, not JSON (a bug in the transport)",
                ))
            }
        })
    }

    /// The request's operation.
    pub fn operation(&self) -> Operation {
        match self {
            Request::Info => Operation::Info,
            Request::Examples => Operation::Examples,
            Request::Parse(_) => Operation::Parse,
            Request::Solve(_) => Operation::Solve,
            Request::Deduce(_) => Operation::Deduce,
            Request::Explain(_) => Operation::Explain,
            Request::Hint(_) => Operation::Hint,
            Request::Make(_) => Operation::Make,
            Request::Picture(..) => Operation::Picture,
            Request::Convert(_) => Operation::Convert,
            Request::Render(_) => Operation::Render,
            Request::Generate(_) => Operation::Generate,
            Request::Booklet(_) => Operation::Booklet,
        }
    }

    /// The name it gave for the server's `/api/cancel`, if any.
    pub fn id(&self) -> Option<&str> {
        match self {
            Request::Solve(r) | Request::Deduce(r) => r.id.as_deref(),
            Request::Explain(r) => r.id.as_deref(),
            Request::Hint(r) => r.id.as_deref(),
            Request::Make(r) => r.id.as_deref(),
            Request::Render(r) => r.id.as_deref(),
            Request::Generate(r) => r.id.as_deref(),
            Request::Booklet(r) => r.id.as_deref(),
            _ => None,
        }
    }
}

/// An answer: JSON, or the bytes of a drawing.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// Every operation but `render` and `booklet`.
    Json(Value),
    /// `render`: an SVG or a PNG; `booklet`: a PDF.
    Drawing(Drawing),
}

/// `info`'s answer.
#[derive(Clone, Debug, Serialize)]
pub struct InfoAnswer {
    /// `nonogram`.
    pub name: &'static str,
    /// The version.
    pub version: &'static str,
    /// The limits, in the units the page uses.
    pub limits: Value,
    /// Every format: its name, extension, whether it can be written, and whether it stores
    /// given cells (`givens`).
    pub formats: Vec<Value>,
    /// The engines this build has, as `engine` names them.
    pub engines: Vec<&'static str>,
    /// The engines it lacks (`sat` in the browser: CaDiCaL is C++).
    pub unavailable_engines: Vec<&'static str>,
    /// Threads per solve: 1, on the server (which runs one solve per core) and in the browser.
    pub threads: usize,
    /// What `generate` can deliver: `smallest_side`, for each difficulty, a list whose entry
    /// `i` is the shortest side at which puzzles of that difficulty in `i + 1` colours (1 for
    /// black and white) are found reliably
    /// ([`smallest_side`](nonogram_author::generator::smallest_side)); below it most requests
    /// run out of time. The page offers only the sizes at or above it.
    pub generate: Value,
}

impl Api {
    /// What can be checked before any work (the values of the request's options), and the
    /// time limit its work is held to: a transport that schedules work refuses a malformed
    /// request before it waits for a slot.
    pub fn check(&self, request: &Request) -> Result<Duration, ApiError> {
        match request {
            Request::Solve(r) => self.check_solve(r).map(|(limit, _)| limit),
            Request::Deduce(r) => {
                let r = SolveRequest {
                    deduce: true,
                    ..r.clone()
                };
                self.check_solve(&r).map(|(limit, _)| limit)
            }
            Request::Explain(r) => self.time_limit(r.timeout),
            Request::Hint(r) => self.time_limit(r.timeout),
            Request::Make(r) => {
                let limit = self.time_limit(r.timeout)?;
                if r.picture.is_empty() {
                    return Err(ApiError::bad_request("the picture has no rows"));
                }
                Ok(limit)
            }
            Request::Render(r) => {
                self.check_render(r)?;
                self.time_limit(r.timeout)
            }
            Request::Generate(r) => self.check_generate(r).map(|(_, limit)| limit),
            Request::Booklet(r) => {
                self.check_booklet(r)?;
                self.time_limit(r.timeout)
            }
            Request::Picture(r, _) => self.check_picture(r).map(|_| self.limits.max_time),
            Request::Convert(r) => self.check_convert(r).map(|_| self.limits.max_time),
            Request::Info | Request::Examples | Request::Parse(_) => Ok(self.limits.max_time),
        }
    }

    /// Answers `request`, stopping early if `cancel` is raised.
    pub fn run(&self, request: Request, cancel: &AtomicBool) -> Result<Answer, ApiError> {
        fn json(answer: impl Serialize) -> Result<Answer, ApiError> {
            serde_json::to_value(answer)
                .map(Answer::Json)
                .map_err(|e| ApiError::internal(format!("cannot write JSON: {e}")))
        }
        match request {
            Request::Info => json(self.info()),
            Request::Examples => json(examples()),
            Request::Parse(r) => json(self.parse(r)?),
            Request::Solve(r) => json(self.solve(r, cancel)?),
            Request::Deduce(r) => json(self.deduce(r, cancel)?),
            Request::Explain(r) => json(self.explain(r, cancel)?),
            Request::Hint(r) => json(self.hint(r, cancel)?),
            Request::Make(r) => json(self.make(r, cancel)?),
            Request::Picture(r, bytes) => json(self.picture(&r, &bytes)?),
            Request::Convert(r) => json(self.convert(r)?),
            Request::Render(r) => Ok(Answer::Drawing(self.render(r, cancel)?)),
            Request::Generate(r) => json(self.generate(r, cancel)?),
            Request::Booklet(r) => Ok(Answer::Drawing(self.booklet(r, cancel)?)),
        }
    }

    /// Decodes, checks and answers one request at once: `operation` by name, `body` its JSON
    /// (for `picture`, the image or text, with `query` its [`PictureRequest`] as JSON), bounded
    /// by [`Limits::max_body`] and [`Limits::max_image`].
    pub fn call(
        &self,
        operation: &str,
        body: &[u8],
        query: Option<&[u8]>,
        cancel: &AtomicBool,
    ) -> Result<Answer, ApiError> {
        let operation = Operation::from_name(operation).ok_or_else(|| {
            ApiError::new(
                status::NOT_FOUND,
                format!("there is no operation '{operation}'"),
            )
        })?;
        let max = match operation {
            Operation::Picture => self.limits.max_image,
            _ => self.limits.max_body,
        };
        if body.len() > max {
            return Err(ApiError::new(
                status::PAYLOAD_TOO_LARGE,
                "the request body is larger than this address accepts",
            ));
        }
        let request = match operation {
            Operation::Picture => {
                let query = match query {
                    Some(query) => from_json(query)?,
                    None => PictureRequest::default(),
                };
                Request::Picture(query, body.to_vec())
            }
            _ => Request::from_json(operation, body)?,
        };
        self.check(&request)?;
        self.run(request, cancel)
    }

    /// The version, the limits, the formats and the engines.
    pub fn info(&self) -> InfoAnswer {
        let limits = &self.limits;
        let formats = Format::ALL
            .iter()
            .map(|f| {
                serde_json::json!({
                    "name": f.name(),
                    "extension": f.extension(),
                    "writable": f.is_writable(),
                    "givens": f.can_hold_givens(),
                })
            })
            .collect();
        let names = |available: bool| {
            ENGINES
                .iter()
                .filter(|e| e.is_available() == available)
                .map(|e| e.name())
                .collect()
        };
        InfoAnswer {
            name: "nonogram",
            version: env!("CARGO_PKG_VERSION"),
            limits: serde_json::json!({
                "max_time_s": limits.max_time.as_secs_f64(),
                "max_body_bytes": limits.max_body,
                "max_image_bytes": limits.max_image,
                "max_solutions": limits.max_solutions,
                "max_steps": limits.max_steps,
                "max_picture_side": MAX_PICTURE_SIDE,
                "jobs": limits.jobs,
            }),
            formats,
            engines: names(true),
            unavailable_engines: names(false),
            threads: 1,
            generate: generate::capabilities(),
        }
    }
}

/// The shipped puzzles, each with its text and attribution.
pub fn examples() -> Vec<Value> {
    examples::EXAMPLES
        .iter()
        .map(examples::Example::json)
        .collect()
}
