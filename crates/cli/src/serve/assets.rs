//! The page: HTML, CSS, JavaScript and an icon, embedded in the binary from `crates/cli/web/`.
//! Plain files, no build step and nothing fetched from elsewhere: the content security policy
//! forbids every origin but this one, so the page works offline or not at all.

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

use crate::serve::Shared;

/// What the page may load: only from this server (and images the page makes itself).
const POLICY: &str = "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; \
                      script-src 'self'; connect-src 'self'; object-src 'none'; \
                      base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/// One embedded file with its media type.
fn asset(media: &'static str, body: &'static [u8]) -> impl IntoResponse + Clone {
    (
        [
            (header::CONTENT_TYPE, media),
            (header::CONTENT_SECURITY_POLICY, POLICY),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
}

/// The page's addresses.
pub fn routes() -> Router<Shared> {
    Router::new()
        .route(
            "/",
            get(|| async {
                asset(
                    "text/html; charset=utf-8",
                    include_bytes!("../../web/index.html"),
                )
            }),
        )
        .route(
            "/app.js",
            get(|| async {
                asset(
                    "text/javascript; charset=utf-8",
                    include_bytes!("../../web/app.js"),
                )
            }),
        )
        .route(
            "/style.css",
            get(|| async {
                asset(
                    "text/css; charset=utf-8",
                    include_bytes!("../../web/style.css"),
                )
            }),
        )
        .route(
            "/favicon.svg",
            get(|| async { asset("image/svg+xml", include_bytes!("../../web/favicon.svg")) }),
        )
}
