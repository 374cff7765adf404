//! `generate`: a new puzzle of a size, a difficulty and a palette, proved unique and rated as
//! `explain` rates it ([`nonogram_author::generator`], the function behind `nonogram generate`).
//! The answer carries the puzzle as a file's text, so that the page loads it as it loads any
//! other puzzle, and as `parse` gives it.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use nonogram_author::generator::{
    clock_seed, generate_cancellable, smallest_side, GenerateError, GeneratorConfig, Level, Style,
};
use nonogram_core::model::MAX_COLOURS;
use nonogram_formats::Format;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::status;
use crate::error::ApiError;
use crate::limits::Api;
use crate::report::puzzle::puzzle_json;

/// What to generate. Every field but the size has the command line's default.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    /// Cells per row, 1 to [`MAX_SIDE`].
    pub width: usize,
    /// Rows, 1 to [`MAX_SIDE`].
    pub height: usize,
    /// `easy` (the default), `medium`, `hard` or `any`, by `explain`'s rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<String>,
    /// Colours besides the background: 1 (the default) is black and white.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colours: Option<usize>,
    /// The share of cells filled in the starting pictures, strictly between 0 and 1 (default:
    /// the difficulty's own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub density: Option<f64>,
    /// `smooth` (the default), `symmetric` or `noise`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub style: Option<String>,
    /// The seed: the same seed gives the same puzzle (default: one drawn from the clock, which
    /// the answer's `seed` gives).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Which puzzle of the seed, from 0 (default 0), as `nonogram generate --count` numbers
    /// them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<u64>,
    /// Seconds; at most [`Limits::max_time`](crate::Limits::max_time), which is the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout: Option<f64>,
    /// A name for the server's `/api/cancel` (other transports ignore it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

/// A generated puzzle.
#[derive(Clone, Debug, Serialize)]
pub struct GenerateAnswer {
    /// The puzzle as a file's text (`non` in black and white, `json` in colour), its solution
    /// as its goal: what the page loads.
    pub text: String,
    /// That text's format.
    pub format: &'static str,
    /// The puzzle, as `parse` gives it (with `goal`, the solution).
    pub puzzle: Value,
    /// The level it was rated: `easy`, `medium` or `hard`.
    pub level: &'static str,
    /// The rating, as `nonogram explain` prints it (`needs probing (2 probes)`).
    pub difficulty: String,
    /// The seed, and which puzzle of it.
    pub seed: u64,
    /// Which puzzle of the seed, from 0.
    pub index: u64,
    /// How many pictures were drawn to find it.
    pub pictures: usize,
    /// The time it took, in milliseconds.
    pub elapsed_ms: f64,
}

impl Api {
    /// The generator's configuration of a request, checked; and its time limit.
    pub(crate) fn check_generate(
        &self,
        request: &GenerateRequest,
    ) -> Result<(GeneratorConfig, Duration), ApiError> {
        let limit = self.time_limit(request.timeout)?;
        let level = match request.difficulty.as_deref() {
            None => Level::Easy,
            Some(name) => Level::from_name(name).ok_or_else(|| {
                ApiError::bad_request(format!(
                    "unknown difficulty '{name}' (use easy, medium, hard or any)"
                ))
            })?,
        };
        let style = match request.style.as_deref() {
            None => Style::Smooth,
            Some(name) => Style::from_name(name).ok_or_else(|| {
                ApiError::bad_request(format!(
                    "unknown style '{name}' (use smooth, symmetric or noise)"
                ))
            })?,
        };
        let config = GeneratorConfig {
            width: request.width,
            height: request.height,
            level,
            colours: request.colours.unwrap_or(1),
            density: request.density,
            style,
            seed: request.seed.unwrap_or_else(clock_seed),
            timeout: Some(limit),
        };
        config
            .validate()
            .map_err(|e| ApiError::bad_request(e.to_string()))?;
        Ok((config, limit))
    }

    /// A new puzzle, proved unique and rated as asked, or 504 when none was found within the
    /// time limit (with the library's advice for the request), 409 when cancelled.
    pub fn generate(
        &self,
        request: GenerateRequest,
        cancel: &AtomicBool,
    ) -> Result<GenerateAnswer, ApiError> {
        let (config, _) = self.check_generate(&request)?;
        let index = request.index.unwrap_or(0);
        let generated = match generate_cancellable(&config, index, Some(cancel)) {
            Ok(generated) => generated,
            Err(GenerateError::Cancelled) => return Err(ApiError::cancelled()),
            // Without the count of pictures tried, which depends on the machine's speed: the
            // same request gets the same sentence from every transport.
            Err(
                ref e @ GenerateError::TimeLimit {
                    level,
                    width,
                    height,
                    limit,
                    ..
                },
            ) => {
                let what = match level {
                    Level::Any => "unique",
                    level => level.name(),
                };
                let advice = e.advice(|option| option.to_string()).unwrap_or_default();
                return Err(ApiError::new(
                    status::TIMED_OUT,
                    format!(
                        "no {what} {width}x{height} puzzle found within the time limit ({} s): \
                         {advice}",
                        limit.as_secs_f64()
                    ),
                ));
            }
            Err(e) => return Err(ApiError::bad_request(e.to_string())),
        };
        let format = if config.colours >= 2 {
            Format::Json
        } else {
            Format::Non
        };
        let text = nonogram_formats::write(&generated.puzzle, format)
            .map_err(|e| ApiError::internal(format!("cannot write the generated puzzle: {e}")))?;
        Ok(GenerateAnswer {
            text,
            format: format.name(),
            puzzle: puzzle_json(&generated.puzzle),
            level: generated.level.name(),
            difficulty: generated.difficulty.to_string(),
            seed: config.seed,
            index,
            pictures: generated.pictures,
            elapsed_ms: generated.elapsed.as_secs_f64() * 1e3,
        })
    }
}

/// `info`'s `generate`: for each difficulty by name, the shortest side found reliably in 1 to
/// [`MAX_COLOURS`] colours ([`smallest_side`]).
pub(crate) fn capabilities() -> Value {
    let sides = Level::ALL
        .iter()
        .map(|&level| {
            let by_colours: Vec<usize> = (1..=MAX_COLOURS)
                .map(|colours| smallest_side(level, colours))
                .collect();
            (level.name().to_string(), serde_json::json!(by_colours))
        })
        .collect::<serde_json::Map<String, Value>>();
    serde_json::json!({ "smallest_side": sides })
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_author::generator::MAX_SIDE;
    use nonogram_core::explain::explain;
    use nonogram_core::{Solver, Status};

    fn ask(request: GenerateRequest) -> Result<GenerateAnswer, ApiError> {
        Api::default().generate(request, &AtomicBool::new(false))
    }

    #[test]
    fn a_puzzle_as_asked_and_the_same_again() {
        let request = GenerateRequest {
            width: 12,
            height: 10,
            difficulty: Some("medium".into()),
            seed: Some(5),
            ..GenerateRequest::default()
        };
        let answer = ask(request.clone()).unwrap();
        assert_eq!((answer.level, answer.format), ("medium", "non"));
        let puzzle = nonogram_formats::parse(&answer.text, Format::Non)
            .unwrap()
            .remove(0);
        assert_eq!(Solver::default().solve(&puzzle).status, Status::Unique);
        assert_eq!(explain(&puzzle).difficulty.to_string(), answer.difficulty);
        assert_eq!(answer.puzzle["width"], 12);
        assert_eq!(answer.puzzle["goal"].as_array().unwrap().len(), 10);
        assert_eq!(ask(request).unwrap().text, answer.text);
    }

    #[test]
    fn colours_come_as_json() {
        let answer = ask(GenerateRequest {
            width: 8,
            height: 8,
            colours: Some(3),
            seed: Some(1),
            ..GenerateRequest::default()
        })
        .unwrap();
        assert_eq!(answer.format, "json");
        assert_eq!(answer.puzzle["palette"].as_array().unwrap().len(), 4);
    }

    #[test]
    fn bad_requests_and_time_limits() {
        let bad = |request: GenerateRequest| ask(request).unwrap_err().status();
        let size = |width, height| GenerateRequest {
            width,
            height,
            ..GenerateRequest::default()
        };
        assert_eq!(bad(size(0, 5)), status::BAD_REQUEST);
        assert_eq!(bad(size(5, MAX_SIDE + 1)), status::BAD_REQUEST);
        for request in [
            GenerateRequest {
                difficulty: Some("fiendish".into()),
                ..size(5, 5)
            },
            GenerateRequest {
                style: Some("plaid".into()),
                ..size(5, 5)
            },
            GenerateRequest {
                colours: Some(40),
                ..size(5, 5)
            },
            GenerateRequest {
                density: Some(1.0),
                ..size(5, 5)
            },
            GenerateRequest {
                timeout: Some(-1.0),
                ..size(5, 5)
            },
        ] {
            assert_eq!(bad(request), status::BAD_REQUEST);
        }
        let out_of_reach = GenerateRequest {
            difficulty: Some("hard".into()),
            timeout: Some(0.2),
            ..size(5, 5)
        };
        let err = ask(out_of_reach).unwrap_err();
        assert_eq!(err.status(), status::TIMED_OUT);
        assert_eq!(
            err.message(),
            "no hard 5x5 puzzle found within the time limit (0.2 s): grids this small seldom \
             need search: try a larger size, or an easier difficulty"
        );
        // A large grid is never told to grow; the advice names the API's fields.
        let large = GenerateRequest {
            difficulty: Some("hard".into()),
            colours: Some(3),
            timeout: Some(0.0),
            ..size(30, 30)
        };
        assert_eq!(
            ask(large).unwrap_err().message(),
            "no hard 30x30 puzzle found within the time limit (0 s): try another seed, a longer \
             timeout, fewer colours or an easier difficulty"
        );
    }

    #[test]
    fn info_says_the_smallest_side_of_each_difficulty_and_palette() {
        let info = serde_json::to_value(Api::default().info()).unwrap();
        let sides = &info["generate"]["smallest_side"];
        for level in Level::ALL {
            let list = sides[level.name()].as_array().unwrap();
            assert_eq!(list.len(), MAX_COLOURS);
            for (i, side) in list.iter().enumerate() {
                assert_eq!(side.as_u64(), Some(smallest_side(level, i + 1) as u64));
            }
        }
        assert_eq!(sides["easy"][0], 1);
        assert!(sides["hard"][0].as_u64() > Some(5));
        assert!(sides["hard"][2].as_u64() >= sides["hard"][0].as_u64());
    }
}
