//! `nonogram serve`: a local web page for solving, understanding and making puzzles, and the
//! JSON API it calls: an HTTP transport over `nonogram_api`, the library that the browser's
//! WebAssembly build answers from too.
//!
//! One process serves one page (HTML, CSS and JavaScript embedded in the binary: no CDN, no
//! download, no build step; see [`assets`]) and the API ([`api`]). Every answer comes from
//! `nonogram_api`, whose answers about a puzzle come from the report path that `nonogram solve
//! --output json` and `nonogram explain --output json` print, so the page (served or static)
//! and the command line never disagree.
//!
//! The server listens on 127.0.0.1 unless `--bind` names another address. It is made for one
//! person's browser, but any page that browser visits can send it requests, so it only answers
//! requests addressed to it by an address it serves, and POSTs from its own page ([`door`]:
//! 403 otherwise). It must not fall over when a client misbehaves, so every request is bounded
//! ([`Limits`]):
//!
//! - a body size limit (puzzle text and JSON, images), answered with 413;
//! - a time limit: the request's own `timeout` can only lower the server's `--max-time`; the
//!   solver stops itself at that limit and says so (`stop: "time-limit"`), and a watchdog
//!   answers if anything overruns it, so no connection hangs: 504 when the request's work ran
//!   long, 408 only when the client had not finished sending its request (browsers send a
//!   request again after a 408, so work that ran long must never be answered so);
//! - at most one solve per core at a time ([`jobs`]); a request that cannot start within its
//!   time limit is answered 503;
//! - cancellation: closing the request (the page aborts its fetch) or `POST /api/cancel` raises
//!   the job's flag, and the solver, the explainer loop and the maker's check all poll it.
//!
//! Errors are `{"error": "one sentence"}` with a 4xx status (5xx only for a bug or a busy
//! server), and each request is logged as one line on standard error.

pub mod api;
pub mod assets;
pub mod door;
pub mod error;
pub mod jobs;
pub mod state;

pub use state::{BodyRead, Server, Shared};

use std::future::Future;
use std::io::{self, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;

use crate::error::{CliError, Exit};
use crate::options::parse_seconds;

/// Arguments of `nonogram serve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The port to listen on; 0 picks a free one (the address is printed on standard output).
    #[arg(long, value_name = "PORT", default_value_t = 8080)]
    pub port: u16,

    /// The address to listen on. The default, 127.0.0.1, serves this machine only; any other
    /// address (0.0.0.0 for every interface) lets others on the network use the page and your
    /// processor, so give one only on a network you trust.
    #[arg(long, value_name = "ADDRESS", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub bind: IpAddr,

    /// Open the page in the default web browser once the server listens.
    #[arg(long)]
    pub open: bool,

    /// The longest any request may work, in seconds (at most 3600); a request's own `timeout`
    /// can only lower it.
    #[arg(long, value_name = "SECONDS", default_value = "30", value_parser = parse_max_time)]
    pub max_time: Duration,

    /// Solves run at the same time (default 0: one per core); more requests wait their turn.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub jobs: usize,

    /// No log line per request on standard error.
    #[arg(long)]
    pub quiet: bool,
}

/// A `--max-time`: positive, at most an hour.
fn parse_max_time(text: &str) -> Result<Duration, String> {
    let limit = parse_seconds(text)?;
    if limit.is_zero() || limit > Duration::from_secs(3600) {
        return Err(format!(
            "'{text}' is not a time limit between 0 and 3600 seconds"
        ));
    }
    Ok(limit)
}

/// What every request is held to: the API's limits; the server's default `jobs` is one per
/// core ([`default_limits`]).
pub use nonogram_api::Limits;

/// The server's default limits: the API's, with one solve per core.
pub fn default_limits() -> Limits {
    Limits {
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
        ..Limits::default()
    }
}

/// How long a request may overrun its time limit (reading its body, waiting for work that
/// polls its flag) before the watchdog answers for it (504, or 408 while its body is unread).
const GRACE: Duration = Duration::from_secs(2);

/// The whole application: the page, its assets and the API, with the time limit and the log
/// line around every request.
pub fn app(server: Shared) -> Router {
    Router::new()
        .merge(assets::routes())
        .merge(api::routes(&server.limits))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(server.clone(), door::check))
        .layer(middleware::from_fn_with_state(server.clone(), around))
        .with_state(server)
}

/// The log line and the time limit of every request: work that is still going `GRACE` past
/// the limit is dropped (its job's flag raised by the drop) and answered 504, or 408 if the
/// client never finished sending its body.
async fn around(State(server): State<Shared>, mut request: Request, next: Next) -> Response {
    let start = Instant::now();
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let limit = server.limits.max_time + GRACE;
    let read = BodyRead::default();
    request.extensions_mut().insert(read.clone());
    let response = match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) if method == axum::http::Method::POST && !read.is_done() => api::HttpError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request's body did not arrive within the server's limit of {} s",
                server.limits.max_time.as_secs_f64()
            ),
        )
        .into_response(),
        Err(_) => api::HttpError::new(
            StatusCode::GATEWAY_TIMEOUT,
            format!(
                "the request took longer than the server's limit of {} s",
                server.limits.max_time.as_secs_f64()
            ),
        )
        .into_response(),
    };
    if server.log {
        let status = response.status().as_u16();
        let ms = start.elapsed().as_secs_f64() * 1e3;
        // One write per line, so that lines of concurrent requests never interleave.
        let line = format!("{method} {path} {status} {ms:.1} ms\n");
        let _ = io::stderr().lock().write_all(line.as_bytes());
    }
    response
}

async fn not_found() -> api::HttpError {
    api::HttpError::new(StatusCode::NOT_FOUND, "there is nothing at this address")
}

async fn method_not_allowed() -> api::HttpError {
    api::HttpError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this address does not take that method",
    )
}

/// Serves `app` on `listener` until `shutdown` completes; then cancels every running job and
/// waits for the requests under way to answer.
pub async fn serve(
    listener: tokio::net::TcpListener,
    limits: Limits,
    log: bool,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let server = Server::new(limits, listener.local_addr()?, log);
    let stopping = server.clone();
    let shutdown = async move {
        shutdown.await;
        stopping.jobs.cancel_all();
    };
    axum::serve(listener, app(server))
        .with_graceful_shutdown(shutdown)
        .await
}

/// `nonogram serve`: listens, prints the address, optionally opens a browser, and serves until
/// Ctrl-C (or SIGTERM).
pub fn run(args: Args) -> Result<Exit, CliError> {
    let defaults = default_limits();
    let limits = Limits {
        max_time: args.max_time,
        jobs: if args.jobs == 0 {
            defaults.jobs
        } else {
            args.jobs
        },
        ..defaults
    };
    let address = SocketAddr::new(args.bind, args.port);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        // Solves run on blocking threads, at most `jobs` at a time; the rest of these wait for
        // a permit or finish cancelled work.
        .max_blocking_threads(limits.jobs + 16)
        .enable_all()
        .build()
        .map_err(|source| CliError::Usage(format!("cannot start the server: {source}")))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|source| CliError::Usage(format!("cannot listen on {address}: {source}")))?;
        let local = listener
            .local_addr()
            .map_err(|source| CliError::Usage(format!("cannot listen on {address}: {source}")))?;
        let url = format!("http://{local}/");
        // The first line of standard output is the address alone, for scripts and tests
        // (`nonogram serve --port 0 | head -1`); the second says what it is, for people. A
        // reader that has gone (`head -1`) is no reason to stop serving: never `println!`,
        // which panics on a closed pipe.
        let mut stdout = io::stdout().lock();
        let _ = writeln!(stdout, "{url}");
        let _ = writeln!(
            stdout,
            "the nonogram page is served at that address until Ctrl-C"
        );
        let _ = stdout.flush();
        drop(stdout);
        if !args.bind.is_loopback() {
            eprintln!(
                "nonogram: listening on {local}: anyone who can reach this address can use the \
                 page"
            );
        }
        if args.open {
            open_browser(&url);
        }
        serve(listener, limits, !args.quiet, stop_signal())
            .await
            .map_err(|source| CliError::Usage(format!("the server stopped: {source}")))
    })?;
    Ok(Exit::Success)
}

/// Completes on Ctrl-C or, on Unix, SIGTERM.
async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
    eprintln!("nonogram: stopping the server");
}

/// Asks the desktop to open `url`; says so on standard error if it cannot.
fn open_browser(url: &str) {
    let command = if cfg!(target_os = "macos") {
        vec!["open", url]
    } else if cfg!(windows) {
        vec!["cmd", "/C", "start", "", url]
    } else {
        vec!["xdg-open", url]
    };
    let spawned = std::process::Command::new(command[0])
        .args(&command[1..])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(err) = spawned {
        eprintln!(
            "nonogram: cannot open a browser ({}: {err}); open {url} yourself",
            command[0]
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_time_is_bounded() {
        assert_eq!(parse_max_time("2.5"), Ok(Duration::from_millis(2500)));
        for bad in ["0", "-1", "3601", "soon"] {
            assert!(parse_max_time(bad).is_err(), "{bad}");
        }
    }
}
