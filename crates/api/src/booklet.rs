//! `booklet`: the puzzles of a file as a PDF booklet to print, as `nonogram render --output
//! pdf` prints them ([`crate::report::booklet`]): every puzzle blank under its title, one or
//! several a page on A4 or Letter, and, if asked, their solution pages at the end. The answer
//! is the PDF itself (`application/pdf`).
//!
//! The solves for the solution pages share the request's one time limit: a puzzle reached
//! after it ran out gets a page that says it timed out, never a drawing of what was not found.

use std::sync::atomic::{AtomicBool, Ordering};

use nonogram_core::{Engine, Puzzle};
use nonogram_formats::Format;
use nonogram_render::pdf::{BookletOptions, Paper, MAX_PER_PAGE};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::files::Drawing;
use crate::limits::Api;
use crate::report::booklet::{print, solve_all};
use crate::report::{plural, SolveOptions};

/// The most puzzles one booklet request prints.
pub const MAX_BOOKLET_PUZZLES: usize = 1000;

/// Puzzles to print.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BookletRequest {
    /// The text of a puzzle file, in any format we read: every puzzle it holds is printed, in
    /// order (at most [`MAX_BOOKLET_PUZZLES`]).
    pub puzzle: String,
    /// Its format's name (default: recognised from the text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// Print only this puzzle of the file, from 0 (default: all of them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// `a4` (default) or `letter`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paper: Option<String>,
    /// Puzzles on a page, 1 (default) to 36.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_page: Option<usize>,
    /// Solution pages at the end (default false): each puzzle solved, its solution drawn, or
    /// what the solve proved instead (several solutions, none, out of time) said.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solutions: Option<bool>,
    /// Seconds for all the solves together; at most
    /// [`Limits::max_time`](crate::Limits::max_time), which is the default. Only with
    /// `solutions`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout: Option<f64>,
    /// A name for the server's `/api/cancel` (other transports ignore it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

impl Api {
    /// A booklet request's options and format, checked before any work.
    pub(crate) fn check_booklet(
        &self,
        request: &BookletRequest,
    ) -> Result<(BookletOptions, Option<Format>), ApiError> {
        self.time_limit(request.timeout)?;
        if request.timeout.is_some() && request.solutions != Some(true) {
            return Err(ApiError::bad_request(
                "timeout bounds the solves of the solution pages; ask for them with solutions: true",
            ));
        }
        let paper = match request.paper.as_deref() {
            None => Paper::A4,
            Some(name) => Paper::from_name(name).ok_or_else(|| {
                ApiError::bad_request(format!("unknown paper '{name}' (use a4 or letter)"))
            })?,
        };
        let per_page = request.per_page.unwrap_or(1);
        if !(1..=MAX_PER_PAGE).contains(&per_page) {
            return Err(ApiError::bad_request(format!(
                "per_page {per_page} is out of range: give 1 to {MAX_PER_PAGE}"
            )));
        }
        let format = match &request.format {
            None => None,
            Some(name) => {
                Some(Format::named(name).map_err(|e| ApiError::bad_request(e.to_string()))?)
            }
        };
        Ok((BookletOptions { paper, per_page }, format))
    }

    /// The booklet `nonogram render --output pdf` prints.
    pub fn booklet(
        &self,
        request: BookletRequest,
        cancel: &AtomicBool,
    ) -> Result<Drawing, ApiError> {
        let (options, format) = self.check_booklet(&request)?;
        let limit = self.time_limit(request.timeout)?;
        let (_, mut puzzles) = nonogram_formats::parse_auto(&request.puzzle, None, format)
            .map_err(|e| ApiError::unprocessable(format!("the puzzle does not parse: {e}")))?;
        let count = puzzles.len();
        if let Some(index) = request.index {
            if index >= count {
                return Err(ApiError::bad_request(format!(
                    "there is no puzzle {index} (counted from 0): the text holds {}",
                    plural(count, "puzzle")
                )));
            }
            puzzles = vec![puzzles.swap_remove(index)];
        }
        if puzzles.is_empty() {
            return Err(ApiError::unprocessable("the text holds no puzzle"));
        }
        if puzzles.len() > MAX_BOOKLET_PUZZLES {
            return Err(ApiError::unprocessable(format!(
                "the text holds {count} puzzles; a booklet prints at most {MAX_BOOKLET_PUZZLES}"
            )));
        }
        let first = request.index.unwrap_or(0);
        let numbered: Vec<(usize, &Puzzle)> = puzzles
            .iter()
            .enumerate()
            .map(|(i, p)| (first + i, p))
            .collect();
        let reports = request.solutions.unwrap_or(false).then(|| {
            let solve = SolveOptions {
                solutions: 2,
                timeout: None,
                deduce_only: false,
                engine: Engine::Auto,
                seed: 0,
            };
            solve_all(&numbered, solve, 1, Some(limit), Some(cancel))
        });
        if cancel.load(Ordering::Relaxed) {
            return Err(ApiError::cancelled());
        }
        let all: Vec<&Puzzle> = puzzles.iter().collect();
        let booklet = print(&all, reports.as_deref(), &options)
            .map_err(|e| ApiError::unprocessable(format!("cannot print the booklet: {e}")))?;
        Ok(Drawing {
            media: "application/pdf",
            bytes: booklet.pdf,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "width 2\nheight 2\nrows\n1\n2\ncolumns\n2\n1\n";

    #[test]
    fn a_booklet_is_a_pdf_and_bad_options_are_refused() {
        let api = Api::default();
        let cancel = AtomicBool::new(false);
        let request = BookletRequest {
            puzzle: TWO.into(),
            paper: Some("letter".into()),
            per_page: Some(4),
            solutions: Some(true),
            ..BookletRequest::default()
        };
        let drawing = api.booklet(request.clone(), &cancel).unwrap();
        assert_eq!(drawing.media, "application/pdf");
        assert!(drawing.bytes.starts_with(b"%PDF-"));
        for (bad, says) in [
            (
                BookletRequest {
                    paper: Some("a3".into()),
                    ..request.clone()
                },
                "unknown paper 'a3'",
            ),
            (
                BookletRequest {
                    per_page: Some(0),
                    ..request.clone()
                },
                "per_page 0 is out of range",
            ),
            (
                BookletRequest {
                    solutions: None,
                    timeout: Some(1.0),
                    ..request.clone()
                },
                "timeout bounds the solves",
            ),
            (
                BookletRequest {
                    index: Some(1),
                    ..request.clone()
                },
                "there is no puzzle 1",
            ),
        ] {
            let error = api.booklet(bad, &cancel).unwrap_err();
            assert_eq!(error.status(), 400, "{}", error.message());
            assert!(error.message().contains(says), "{}", error.message());
        }
        let cancelled = AtomicBool::new(true);
        assert_eq!(api.booklet(request, &cancelled).unwrap_err().status(), 409);
    }
}
