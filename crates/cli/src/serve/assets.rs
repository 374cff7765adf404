//! The page: HTML, CSS, JavaScript modules and an icon, embedded in the binary from
//! `crates/cli/web/`. Plain files, no build step and nothing fetched from elsewhere: the content
//! security policy forbids every origin but this one, so the page works offline or not at all.
//!
//! The static site (`scripts/build-web`) is the same files, plus the WebAssembly, its Web Worker
//! (`js/worker.js`) and its service worker (`sw.js`), which the served page has no use for. The
//! manifest and its icons are served too: the page installs as an app from either.

use axum::extract::Request;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::serve::state::Shared;

/// What the page may load: only from this server (and images the page makes itself).
const POLICY: &str = "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; \
                      script-src 'self'; connect-src 'self'; object-src 'none'; \
                      base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const PNG: &str = "image/png";

macro_rules! file {
    ($path:literal, $media:expr) => {
        (
            concat!("/", $path),
            $media,
            include_bytes!(concat!("../../web/", $path)).as_slice(),
        )
    };
}

/// Every file of the served page: its address, media type and bytes.
pub const FILES: &[(&str, &str, &[u8])] = &[
    ("/", HTML, include_bytes!("../../web/index.html")),
    file!("index.html", HTML),
    file!("style.css", "text/css; charset=utf-8"),
    file!("favicon.svg", "image/svg+xml"),
    file!("manifest.webmanifest", "application/manifest+json"),
    file!("icons/icon.svg", "image/svg+xml"),
    file!("icons/icon-192.png", PNG),
    file!("icons/icon-512.png", PNG),
    file!("icons/maskable-512.png", PNG),
    file!("app.js", JS),
    file!("js/api.js", JS),
    file!("js/board.js", JS),
    file!("js/dom.js", JS),
    file!("js/download.js", JS),
    file!("js/draw.js", JS),
    file!("js/explain.js", JS),
    file!("js/history.js", JS),
    file!("js/library.js", JS),
    file!("js/lines.js", JS),
    file!("js/make.js", JS),
    file!("js/modes.js", JS),
    file!("js/play.js", JS),
    file!("js/share.js", JS),
    file!("js/solve.js", JS),
    file!("js/state.js", JS),
    file!("js/store.js", JS),
    file!("js/studio.js", JS),
    file!("js/today.js", JS),
];

/// One embedded file with its media type.
fn asset(media: &'static str, body: &'static [u8]) -> Response {
    (
        [
            (header::CONTENT_TYPE, media),
            (header::CONTENT_SECURITY_POLICY, POLICY),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// The page's addresses.
pub fn routes() -> Router<Shared> {
    let mut router = Router::new();
    for &(path, media, body) in FILES {
        router = router.route(
            path,
            get(move |_: Request| async move { asset(media, body) }),
        );
    }
    router
}
