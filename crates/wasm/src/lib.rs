//! The nonogram API in the browser: [`call`] is the page's whole interface to the library, run
//! inside a Web Worker (the page's `worker.js`), one request at a time per worker.
//!
//! The worker is the transport the local server's HTTP is elsewhere: it hands over an
//! operation's name and its JSON body (for `picture`, the image and its options), and posts
//! back a status, a media type and bytes, exactly what `nonogram serve` would have answered
//! (a test holds the two to that). Cancelling is the page's business: it terminates the worker
//! and starts a fresh one, so the flag passed down here is never raised; time limits are the
//! solver's own, read on the browser's clock.
//!
//! One thread per solve, as on the server; and no SAT engine (`info` lists it as unavailable,
//! and a request for it is refused).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use nonogram_api::{Answer, Api, Limits};
use wasm_bindgen::prelude::*;

/// The limits in the browser: the server's, except a longer time limit (the processor is the
/// user's own, and a solve can be cancelled at once) and several workers at a time.
pub const BROWSER_LIMITS: Limits = Limits {
    max_time: Duration::from_secs(600),
    max_body: 1024 * 1024,
    max_image: 8 * 1024 * 1024,
    max_solutions: 100,
    max_steps: 100_000,
    jobs: 4,
};

/// One answer: what an HTTP response would carry.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Reply {
    status: u16,
    media: &'static str,
    body: Vec<u8>,
}

#[wasm_bindgen]
impl Reply {
    /// The HTTP status: 200, or an error's.
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> u16 {
        self.status
    }

    /// `application/json`, `image/svg+xml` or `image/png`.
    #[wasm_bindgen(getter)]
    pub fn media(&self) -> String {
        self.media.to_string()
    }

    /// The body: JSON (`{"error": "..."}` for an error), or a drawing.
    #[wasm_bindgen(getter)]
    pub fn body(&self) -> Vec<u8> {
        self.body.clone()
    }
}

/// Answers one request: `operation` by name (`solve`, `parse`, ...), `body` its JSON (for
/// `picture`, the image or text, with `query` its options as JSON).
#[wasm_bindgen]
pub fn call(operation: &str, body: &[u8], query: Option<Vec<u8>>) -> Reply {
    answer(&Api::new(BROWSER_LIMITS), operation, body, query.as_deref())
}

/// [`call`] with any API: what the tests run natively.
pub fn answer(api: &Api, operation: &str, body: &[u8], query: Option<&[u8]>) -> Reply {
    let never = AtomicBool::new(false);
    match api.call(operation, body, query, &never) {
        Ok(Answer::Json(value)) => Reply {
            status: 200,
            media: "application/json",
            body: value.to_string().into_bytes(),
        },
        Ok(Answer::Drawing(drawing)) => Reply {
            status: 200,
            media: drawing.media,
            body: drawing.bytes,
        },
        Err(error) => Reply {
            status: error.status(),
            media: "application/json",
            body: error.to_json().to_string().into_bytes(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_and_answers_come_back_as_an_http_response_would() {
        let api = Api::new(BROWSER_LIMITS);
        let unknown = answer(&api, "fly", b"{}", None);
        assert_eq!(unknown.status(), 404);
        let body: serde_json::Value = serde_json::from_slice(&unknown.body()).unwrap();
        assert_eq!(body["error"], "there is no operation 'fly'");
        let info = answer(&api, "info", b"", None);
        assert_eq!(
            (info.status(), info.media().as_str()),
            (200, "application/json")
        );
        let drawing = answer(
            &api,
            "render",
            br#"{"puzzle": "width 1\nheight 1\nrows\n1\ncolumns\n1\n", "what": "blank"}"#,
            None,
        );
        assert_eq!(
            drawing.media(),
            "image/svg+xml",
            "{:?}",
            String::from_utf8_lossy(&drawing.body())
        );
    }
}
