//! `parse`, `convert` and `render`: a puzzle file read as the page draws it, written in another
//! format, or drawn as SVG or PNG.

use std::sync::atomic::AtomicBool;

use nonogram_core::{CellRows, Engine, Stop};
use nonogram_formats::Format;
use nonogram_render::{CellStyle, SheetOptions};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::ApiError;
use crate::limits::Api;
use crate::report::explain::grid_from_rows;
use crate::report::puzzle::puzzle_json;
use crate::report::sheet::{self, SheetKind};
use crate::report::text::status_line;
use crate::report::{Report, SolveOptions};
use crate::source::load;

/// A puzzle file to read.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ParseRequest {
    /// The text of a puzzle file, in any format we read.
    pub puzzle: String,
    /// Its format's name (default: recognised from the text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// Which puzzle of a file that holds several, from 0 (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
}

/// A puzzle as the page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct ParseAnswer {
    /// The format it was read as.
    pub format: &'static str,
    /// How many puzzles the text holds.
    pub count: usize,
    /// Which of them this is, from 0.
    pub index: usize,
    /// The puzzle: size, palette, clues, metadata.
    pub puzzle: Value,
}

/// A puzzle to write in another format.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ConvertRequest {
    /// The text of a puzzle file, in any format we read.
    pub puzzle: String,
    /// Its format's name (default: recognised from the text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// Which puzzle of a file that holds several, from 0 (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// The format to write.
    pub to: String,
    /// A title to give the puzzle (default: the file's own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Whether the file keeps the puzzle's solution (its goal picture, which non, xml and json
    /// files hold), as `nonogram convert` does without `--no-solution`. Default: true. False
    /// is refused for the picture format, which is the solution.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<bool>,
}

/// A puzzle written, as `nonogram convert` writes it.
#[derive(Clone, Debug, Serialize)]
pub struct ConvertAnswer {
    /// The format's name.
    pub format: &'static str,
    /// Its usual file extension.
    pub extension: &'static str,
    /// The file's text.
    pub text: String,
}

/// A puzzle to draw.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RenderRequest {
    /// The text of a puzzle file, in any format we read.
    pub puzzle: String,
    /// Its format's name (default: recognised from the text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// Which puzzle of a file that holds several, from 0 (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// `svg` (default) or `png`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// `solution` (default: solved, as `nonogram render` draws it), `blank` (the clues and an
    /// empty grid, to print) or `grid` (the cells of `grid`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub what: Option<String>,
    /// Rows of `#`, `.` and `?` for `what: "grid"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grid: Option<Vec<String>>,
    /// The side of a cell in pixels, 8 to 200 (default 20).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cell: Option<u32>,
    /// Seconds; at most [`Limits::max_time`](crate::Limits::max_time), which is the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout: Option<f64>,
    /// A name for the server's `/api/cancel` (other transports ignore it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

/// A drawing: its media type and bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawing {
    /// `image/svg+xml`, `image/png` or (a booklet) `application/pdf`.
    pub media: &'static str,
    /// The SVG text, the PNG or the PDF file.
    pub bytes: Vec<u8>,
}

/// What a render request draws.
#[derive(Clone, Copy, Debug)]
pub(crate) enum What {
    Solution,
    Blank,
    Grid,
}

impl Api {
    /// The puzzle as the page draws it.
    pub fn parse(&self, request: ParseRequest) -> Result<ParseAnswer, ApiError> {
        let loaded = load(&request.puzzle, request.format.as_deref(), request.index)?;
        Ok(ParseAnswer {
            format: loaded.format.name(),
            count: loaded.count,
            index: loaded.index,
            puzzle: puzzle_json(&loaded.puzzle),
        })
    }

    /// The puzzle written in another format, as `nonogram convert` writes it.
    pub fn convert(&self, request: ConvertRequest) -> Result<ConvertAnswer, ApiError> {
        let to = self.check_convert(&request)?;
        let mut loaded = load(&request.puzzle, request.format.as_deref(), request.index)?;
        if let Some(title) = request.title.filter(|t| !t.trim().is_empty()) {
            loaded.puzzle.metadata.title = Some(title);
        }
        if request.solution == Some(false) {
            nonogram_formats::drop_solutions(std::slice::from_mut(&mut loaded.puzzle), to)
                .map_err(|e| ApiError::bad_request(e.to_string()))?;
        }
        let text = nonogram_formats::write(&loaded.puzzle, to).map_err(|e| {
            ApiError::unprocessable(format!("cannot write the puzzle as {}: {e}", to.name()))
        })?;
        Ok(ConvertAnswer {
            format: to.name(),
            extension: to.extension(),
            text,
        })
    }

    /// The format a convert request writes, checked.
    pub(crate) fn check_convert(&self, request: &ConvertRequest) -> Result<Format, ApiError> {
        Format::named_writable(&request.to).map_err(|e| ApiError::bad_request(e.to_string()))
    }

    /// What a render request draws, checked: the kind, the cell size, what to draw.
    pub(crate) fn check_render(
        &self,
        request: &RenderRequest,
    ) -> Result<(SheetKind, u32, What), ApiError> {
        self.time_limit(request.timeout)?;
        let kind = match request.kind.as_deref().unwrap_or("svg") {
            "svg" => SheetKind::Svg,
            "png" => SheetKind::Png,
            other => {
                return Err(ApiError::bad_request(format!(
                    "unknown kind '{other}' (use svg or png)"
                )))
            }
        };
        let cell = request.cell.unwrap_or(SheetOptions::default().cell);
        if !(8..=200).contains(&cell) {
            return Err(ApiError::bad_request(
                "cell must be between 8 and 200 pixels",
            ));
        }
        let what = match request.what.as_deref().unwrap_or("solution") {
            "solution" => What::Solution,
            "blank" => What::Blank,
            "grid" => What::Grid,
            other => {
                return Err(ApiError::bad_request(format!(
                    "unknown drawing '{other}' (use solution, blank or grid)"
                )))
            }
        };
        match (what, &request.grid) {
            (What::Grid, None) => Err(ApiError::bad_request(
                "what: grid draws the rows of grid; give them",
            )),
            (What::Solution | What::Blank, Some(_)) => {
                Err(ApiError::bad_request("grid is drawn only with what: grid"))
            }
            _ => Ok((kind, cell, what)),
        }
    }

    /// The drawing `nonogram render` makes: the solution, the blank grid to print, or the
    /// cells of a grid.
    pub fn render(&self, request: RenderRequest, cancel: &AtomicBool) -> Result<Drawing, ApiError> {
        let (kind, cell, what) = self.check_render(&request)?;
        let limit = self.time_limit(request.timeout)?;
        let loaded = load(&request.puzzle, request.format.as_deref(), request.index)?;
        let puzzle = &loaded.puzzle;
        let options = |style| SheetOptions {
            cell,
            style,
            ..SheetOptions::default()
        };
        let drawn = match what {
            What::Blank => {
                let blank = CellRows::unknown(puzzle.width(), puzzle.height());
                sheet::draw(puzzle, &blank, &[], kind, options(CellStyle::Blank))
            }
            What::Grid => {
                let rows = request.grid.unwrap_or_default();
                let grid = grid_from_rows(puzzle, &rows).map_err(ApiError::bad_request)?;
                sheet::draw(puzzle, &grid, &[], kind, options(CellStyle::Solution))
            }
            What::Solution => {
                let solve = SolveOptions {
                    solutions: 2,
                    timeout: Some(limit),
                    deduce_only: false,
                    engine: Engine::Auto,
                    seed: 0,
                };
                let report = Report::new(puzzle, loaded.index, solve, 1, Some(cancel));
                if report.stop() == Stop::Cancelled {
                    return Err(ApiError::cancelled());
                }
                match sheet::draw_report(&report, kind, options(CellStyle::Solution)) {
                    Ok(Some(bytes)) => Ok(bytes),
                    Ok(None) => {
                        return Err(ApiError::unprocessable(format!(
                            "nothing to draw: {}",
                            status_line(&report)
                        )))
                    }
                    Err(e) => Err(e),
                }
            }
        };
        let bytes =
            drawn.map_err(|e| ApiError::unprocessable(format!("cannot draw the puzzle: {e}")))?;
        Ok(Drawing {
            media: kind.media(),
            bytes,
        })
    }
}
