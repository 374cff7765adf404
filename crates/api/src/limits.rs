//! What every request is held to ([`Limits`]), and the [`Api`] that holds them: the floor every
//! handler stands on, importing none of them.

use std::time::Duration;

use crate::error::ApiError;

/// What every request is held to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The longest a request may work; a request's own `timeout` can only lower it. Default:
    /// 30 s.
    pub max_time: Duration,
    /// The largest JSON request (puzzle text, grids, pictures). Default: 1 MiB.
    pub max_body: usize,
    /// The largest image to make a picture from. Default: 8 MiB.
    pub max_image: usize,
    /// The most solutions one solve may ask for. Default: 100.
    pub max_solutions: usize,
    /// The most steps one explanation returns. Default: 100,000.
    pub max_steps: usize,
    /// How many requests the transport works on at a time (the server: one per core by
    /// default; the browser: its workers). Default: 1. The API itself only reports it.
    pub jobs: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_time: Duration::from_secs(30),
            max_body: 1024 * 1024,
            max_image: 8 * 1024 * 1024,
            max_solutions: 100,
            max_steps: 100_000,
            jobs: 1,
        }
    }
}

/// The API, held to its limits. Cheap to create and to share between threads.
#[derive(Clone, Debug, Default)]
pub struct Api {
    pub(crate) limits: Limits,
}

impl Api {
    /// An API held to `limits`.
    pub fn new(limits: Limits) -> Api {
        Api { limits }
    }

    /// The limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// A request's time limit: its own `timeout` (seconds), never more than
    /// [`Limits::max_time`], which is the default.
    pub fn time_limit(&self, timeout: Option<f64>) -> Result<Duration, ApiError> {
        let max = self.limits.max_time;
        match timeout {
            None => Ok(max),
            Some(t) if t.is_finite() && t >= 0.0 => {
                Ok(Duration::from_secs_f64(t.min(1e9)).min(max))
            }
            Some(t) => Err(ApiError::bad_request(format!(
                "timeout {t} is not a non-negative number of seconds"
            ))),
        }
    }
}
