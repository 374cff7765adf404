//! `make` and `picture`: a drawing's verdict (is it a puzzle with one solution, and if not, what
//! would make it one), and pictures to draw from an image or a text.

use std::sync::atomic::AtomicBool;

use nonogram_core::make::{check_picture_cancellable, MakeConfig};
use nonogram_core::{Picture, Puzzle, Stop};
use nonogram_formats::raster::{is_image, read_picture, PictureOptions};
use nonogram_formats::Format;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::report::puzzle::puzzle_json;
use crate::{Api, ApiError};

/// The most cells per side of a picture made from an image (the page's grid).
pub const MAX_PICTURE_SIDE: u32 = 200;

/// A drawing to check.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MakeRequest {
    /// Rows of `#` and `.` (or `1`/`0`, `X`/`_`).
    pub picture: Vec<String>,
    /// The puzzle's title, for the files written from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The format the puzzle will be saved in (default `non`, as `nonogram make`): given cells
    /// are suggested only for one that stores them (`json`, `tatham`), as `make --to` does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Seconds; at most [`Limits::max_time`](crate::Limits::max_time), which is the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout: Option<f64>,
    /// Whether to draw the disambiguation map (`map` of the answer), as `nonogram make` does
    /// unless `--no-map`. Default: true.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map: Option<bool>,
    /// A name for the server's `/api/cancel` (other transports ignore it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

/// A drawing's verdict, as `nonogram make --output json` gives it.
#[derive(Clone, Debug, Serialize)]
pub struct MakeAnswer {
    /// The clues, `unique`, `differing_cells` and `suggestions`.
    #[serde(flatten)]
    pub verdict: Value,
    /// The made puzzle, as `parse` gives it.
    pub puzzle: Value,
}

/// How to turn an image into a picture (the server takes these as the query of `POST
/// /api/picture`; the image or the text is the body).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PictureRequest {
    /// Pixels darker than this (0-255) are filled (default 128).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threshold: Option<u8>,
    /// Cells across to scale an image to (with `height`; at most [`MAX_PICTURE_SIDE`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    /// Cells down to scale an image to (with `width`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
    /// Swap filled and empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invert: Option<bool>,
}

/// A picture to paint on.
#[derive(Clone, Debug, Serialize)]
pub struct PictureAnswer {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Rows of `#` and `.`.
    pub picture: Vec<String>,
}

impl Api {
    /// The verdict `nonogram make --to TO --output json` gives on a picture (its clues,
    /// `unique`, `differing_cells`, `suggestions`: `givens` only when `to` stores them, then
    /// `flips`, else `flip_pairs`), plus `puzzle`, the made puzzle as `parse` gives it.
    pub fn make(&self, request: MakeRequest, cancel: &AtomicBool) -> Result<MakeAnswer, ApiError> {
        let limit = self.time_limit(request.timeout)?;
        let to = match &request.to {
            Some(name) => {
                Format::named_writable(name).map_err(|e| ApiError::bad_request(e.to_string()))?
            }
            None => Format::Non,
        };
        if request.picture.is_empty() {
            return Err(ApiError::bad_request("the picture has no rows"));
        }
        let picture = picture_from_text(&request.picture.join("\n"))?;
        let mut puzzle = Puzzle::from_picture(&picture);
        puzzle.metadata.goal = Some(picture.clone());
        puzzle.metadata.title = request.title.filter(|t| !t.trim().is_empty());
        let config = MakeConfig {
            timeout: limit,
            threads: 1,
            // Givens are worth suggesting only where the file can keep them.
            givens: to.can_hold_givens(),
            map: request.map.unwrap_or(true),
            ..MakeConfig::default()
        };
        let check =
            check_picture_cancellable(&puzzle, &picture, &config, Some(cancel), &mut |_| {});
        if check.stop == Stop::Cancelled {
            return Err(ApiError::cancelled());
        }
        Ok(MakeAnswer {
            verdict: crate::report::make::to_json(&check, &puzzle),
            puzzle: puzzle_json(&puzzle),
        })
    }

    /// What [`Api::picture`] would be asked to scale to, checked.
    pub(crate) fn check_picture(
        &self,
        request: &PictureRequest,
    ) -> Result<Option<(u32, u32)>, ApiError> {
        match (request.width, request.height) {
            (None, None) => Ok(None),
            (Some(w), Some(h))
                if (1..=MAX_PICTURE_SIDE).contains(&w) && (1..=MAX_PICTURE_SIDE).contains(&h) =>
            {
                Ok(Some((w, h)))
            }
            (Some(_), Some(_)) => Err(ApiError::bad_request(format!(
                "width and height must be between 1 and {MAX_PICTURE_SIDE}"
            ))),
            _ => Err(ApiError::bad_request(
                "give both width and height, or neither",
            )),
        }
    }

    /// An image (PNG, JPEG, GIF, BMP: `bytes` is the file) or a text picture as rows of `#`
    /// and `.`, for the page to paint on. An image needs `width` and `height`: the cells to
    /// scale it to.
    pub fn picture(
        &self,
        request: &PictureRequest,
        bytes: &[u8],
    ) -> Result<PictureAnswer, ApiError> {
        let size = self.check_picture(request)?;
        let image = is_image(bytes);
        if image && size.is_none() {
            return Err(ApiError::bad_request(format!(
                "an image needs width and height: the cells to scale it to (at most \
                 {MAX_PICTURE_SIDE} each)"
            )));
        }
        let options = PictureOptions {
            threshold: request.threshold.unwrap_or(128),
            // Sizes scale images; a text picture is taken as it is.
            size: if image { size } else { None },
            invert: request.invert.unwrap_or(false),
            ..PictureOptions::default()
        };
        let picture = read_picture(bytes, &options)
            .map_err(|e| ApiError::unprocessable(format!("not a picture: {e}")))?;
        Ok(PictureAnswer {
            width: picture.width(),
            height: picture.height(),
            picture: picture.row_strings(),
        })
    }
}

/// A picture from rows of text, through the picture format's reader (positions in errors).
fn picture_from_text(text: &str) -> Result<Picture, ApiError> {
    let puzzles = nonogram_formats::parse(text, Format::Picture)
        .map_err(|e| ApiError::unprocessable(format!("the picture does not parse: {e}")))?;
    puzzles
        .into_iter()
        .next()
        .and_then(|p| p.metadata.goal)
        .ok_or_else(|| ApiError::unprocessable("the picture has no cells"))
}
