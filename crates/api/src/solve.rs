//! `solve` and `deduce`: the record `nonogram solve --output json` prints, plus its status line.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use nonogram_core::Engine;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::ApiError;
use crate::limits::Api;
use crate::report::json::Record;
use crate::report::text::status_line;
use crate::report::{Report, SolveOptions};
use crate::source::load;

/// A solve (or, with `deduce`, line solving alone).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The text of a puzzle file, in any format we read.
    pub puzzle: String,
    /// Its format's name (default: recognised from the text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// Which puzzle of a file that holds several, from 0 (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// Seconds; at most [`Limits::max_time`](crate::Limits::max_time), which is the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout: Option<f64>,
    /// Solutions to look for (default 2), at most
    /// [`Limits::max_solutions`](crate::Limits::max_solutions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solutions: Option<usize>,
    /// `auto` (default), `search`, `learn` or `sat` (where the build has it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// The learning engine's initial order (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Line solving alone.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub deduce: bool,
    /// A name for the server's `/api/cancel` (other transports ignore it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// What the record's `source` says (default `request`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// A solve's answer: the record `nonogram solve --output json` prints, its status line, and a
/// note when another engine answered than the one asked for.
#[derive(Clone, Debug, Serialize)]
pub struct SolveAnswer {
    /// The record (`status`, `stop`, `solutions`, `elapsed_ms`, ...).
    #[serde(flatten)]
    pub record: Value,
    /// The status line.
    pub message: String,
    /// Which engine answered, when it is not the one asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The engine of a request, refused when this build lacks it (never replaced by another).
pub(crate) fn engine(name: Option<&str>) -> Result<Engine, ApiError> {
    engine_among(name, Engine::is_available)
}

/// [`engine`], with `available` saying which engines the build has (a parameter for the tests).
fn engine_among(name: Option<&str>, available: fn(Engine) -> bool) -> Result<Engine, ApiError> {
    let Some(name) = name else {
        return Ok(Engine::Auto);
    };
    let names = || {
        let names: Vec<&str> = crate::ENGINES
            .iter()
            .filter(|&&e| available(e))
            .map(|e| e.name())
            .collect();
        names.join(", ")
    };
    match Engine::from_name(name) {
        Some(engine) if available(engine) => Ok(engine),
        Some(_) => Err(ApiError::bad_request(format!(
            "the {name} engine is not in this build (the WebAssembly build has no CaDiCaL); use \
             {}",
            names()
        ))),
        None => Err(ApiError::bad_request(format!(
            "unknown engine '{name}' (use {})",
            names()
        ))),
    }
}

impl Api {
    /// What a solve request asks for, checked: its time limit and options.
    pub(crate) fn check_solve(
        &self,
        request: &SolveRequest,
    ) -> Result<(Duration, SolveOptions), ApiError> {
        let limit = self.time_limit(request.timeout)?;
        if request.deduce
            && (request.solutions.is_some() || request.engine.is_some() || request.seed.is_some())
        {
            return Err(ApiError::bad_request(
                "solutions, engine and seed choose how to solve; deduction uses line solving alone",
            ));
        }
        let max = self.limits.max_solutions;
        let solutions = request.solutions.unwrap_or(2);
        if solutions == 0 || solutions > max {
            return Err(ApiError::bad_request(format!(
                "solutions must be between 1 and {max}"
            )));
        }
        let options = SolveOptions {
            solutions: solutions as u64,
            timeout: Some(limit),
            deduce_only: request.deduce,
            engine: engine(request.engine.as_deref())?,
            seed: request.seed.unwrap_or(0),
        };
        Ok((limit, options))
    }

    /// Solves the request's puzzle on one thread, stopping early if `cancel` is raised: a solve
    /// cut short is not an error (its record's `stop` says why).
    pub fn solve(
        &self,
        request: SolveRequest,
        cancel: &AtomicBool,
    ) -> Result<SolveAnswer, ApiError> {
        let (_, options) = self.check_solve(&request)?;
        let loaded = load(&request.puzzle, request.format.as_deref(), request.index)?;
        let name = request.name.as_deref().unwrap_or("request");
        // One thread per solve: the server runs one solve per core, the browser has one.
        let report = Report::new(&loaded.puzzle, loaded.index, options, 1, Some(cancel));
        let record = serde_json::to_value(Record::new(&report, name))
            .map_err(|e| ApiError::internal(format!("cannot write JSON: {e}")))?;
        Ok(SolveAnswer {
            record,
            message: status_line(&report),
            note: report.engine_note(),
        })
    }

    /// [`Api::solve`] with `deduce` set: what line solving alone proves.
    pub fn deduce(
        &self,
        mut request: SolveRequest,
        cancel: &AtomicBool,
    ) -> Result<SolveAnswer, ApiError> {
        request.deduce = true;
        self.solve(request, cancel)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A build without the SAT engine refuses it by name; it never lets another answer.
    #[test]
    fn an_engine_the_build_lacks_is_refused_not_replaced() {
        let no_sat = |e: Engine| e != Engine::Sat;
        assert_eq!(engine_among(Some("learn"), no_sat), Ok(Engine::Learn));
        assert_eq!(engine_among(None, no_sat), Ok(Engine::Auto));
        let refused = engine_among(Some("sat"), no_sat).unwrap_err();
        assert_eq!(refused.status(), 400);
        assert!(
            refused.message().contains("not in this build")
                && refused.message().ends_with("use auto, search, learn"),
            "{refused}"
        );
        let unknown = engine_among(Some("fast"), |_| true).unwrap_err();
        assert!(unknown
            .message()
            .ends_with("(use auto, search, learn, sat)"));
    }
}
