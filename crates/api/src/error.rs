//! The API's one kind of error: an HTTP status and one sentence.

use std::fmt;
use std::time::Duration;

/// An error answer: a status (as HTTP numbers it, whatever the transport) and one sentence,
/// which transports send as `{"error": "..."}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    status: u16,
    message: String,
}

/// The statuses the API answers with, by name.
pub mod status {
    /// The request is not the JSON the operation takes, or a value is out of range.
    pub const BAD_REQUEST: u16 = 400;
    /// No such address or example.
    pub const NOT_FOUND: u16 = 404;
    /// The work did not finish within the time limit, and there is no partial answer.
    ///
    /// 504 (Gateway Timeout), not 408 (Request Timeout): 408 says the *client* was too slow
    /// to send its request, and browsers answer it by sending the request again on a kept-alive
    /// connection (Chromium does, silently, several times), so one slow request would run
    /// several times and its error would reach the page late. No browser re-sends after a 504.
    pub const TIMED_OUT: u16 = 504;
    /// A job with that id is under way, or the request was cancelled before it had an answer.
    pub const CONFLICT: u16 = 409;
    /// The body is larger than the limit.
    pub const PAYLOAD_TOO_LARGE: u16 = 413;
    /// The puzzle or picture does not parse, or cannot be written or drawn as asked.
    pub const UNPROCESSABLE: u16 = 422;
    /// A bug.
    pub const INTERNAL: u16 = 500;
}

impl ApiError {
    /// An error with this status and sentence (squeezed onto one line).
    pub fn new(status: u16, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: one_line(&message.into()),
        }
    }

    /// 400: the request is malformed.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(status::BAD_REQUEST, message)
    }

    /// 422: well-formed, but the puzzle or picture in it cannot be used as asked.
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(status::UNPROCESSABLE, message)
    }

    /// 409: cancelled before there was anything to answer.
    pub fn cancelled() -> ApiError {
        ApiError::new(
            status::CONFLICT,
            "the request was cancelled before it had an answer",
        )
    }

    /// 504: the time limit ran out before there was anything to answer.
    pub fn timed_out(limit: Duration) -> ApiError {
        ApiError::new(
            status::TIMED_OUT,
            format!(
                "the time limit ({} s) ran out before there was an answer",
                limit.as_secs_f64()
            ),
        )
    }

    /// 500: a bug.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(status::INTERNAL, message)
    }

    /// The status.
    pub fn status(&self) -> u16 {
        self.status
    }

    /// The sentence.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The body transports send: `{"error": "..."}`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({ "error": self.message })
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ApiError {}

/// Squeezes a message onto one line. Our own messages are single lines already; this guards the
/// promise "one line" against a multi-line message coming from a library.
pub fn one_line(message: &str) -> String {
    let lines: Vec<&str> = message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    lines.join(" ")
}
