//! An error answer over HTTP, which every part of the server may give: the floor of the server's
//! modules, importing none of them.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use nonogram_api::ApiError;

/// An error answer over HTTP: the library's error (a status and one sentence) as a response.
#[derive(Debug)]
pub struct HttpError(pub ApiError);

impl HttpError {
    /// An error with this status and sentence.
    pub fn new(status: StatusCode, message: impl Into<String>) -> HttpError {
        HttpError(ApiError::new(status.as_u16(), message))
    }

    /// The status.
    pub fn status(&self) -> StatusCode {
        StatusCode::from_u16(self.0.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }
}

impl From<ApiError> for HttpError {
    fn from(error: ApiError) -> HttpError {
        HttpError(error)
    }
}

impl IntoResponse for HttpError {
    fn into_response(self) -> Response {
        (self.status(), Json(self.0.to_json())).into_response()
    }
}
