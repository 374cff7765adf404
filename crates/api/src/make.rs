//! `make` and `picture`: a drawing's verdict (is it a puzzle with one solution, and if not, what
//! would make it one), and pictures to draw from an image or a text.

use std::sync::atomic::AtomicBool;

use nonogram_author::make::{check_picture_cancellable, MakeConfig};
use nonogram_core::model::{Colour, ColourId, Palette};
use nonogram_core::{Picture, Puzzle, Stop};
use nonogram_formats::parse_colour;
use nonogram_formats::raster::{is_image, read_picture, PictureOptions};
use nonogram_formats::Format;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::ApiError;
use crate::limits::Api;
use crate::report::puzzle::puzzle_json;

/// The most cells per side of a picture made from an image (the page's grid).
pub const MAX_PICTURE_SIDE: u32 = 200;

/// A drawing to check.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MakeRequest {
    /// Rows of `#` and `.` (or `1`/`0`, `X`/`_`); with a `palette`, rows of its symbols.
    pub picture: Vec<String>,
    /// The colours of a colour picture, background first, as `parse` gives a puzzle's palette
    /// (`name`, `rgb`, `symbol`); the picture's rows are then written with their symbols.
    /// Default: black and white.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub palette: Option<Vec<MakeColour>>,
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

/// One colour of a picture's palette.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MakeColour {
    /// Its name (`red`), unique in the palette.
    pub name: String,
    /// Its colour: `#rrggbb`, `#rgb` or a CSS name.
    pub rgb: String,
    /// The one character that stands for it in the picture's rows, unique in the palette.
    pub symbol: char,
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
        let (picture, mut puzzle) = match &request.palette {
            None => {
                let picture = picture_from_text(&request.picture.join("\n"))?;
                let puzzle = Puzzle::from_picture(&picture);
                (picture, puzzle)
            }
            Some(colours) => coloured_picture(colours, &request.picture)?,
        };
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

/// A colour picture from its palette and rows of the palette's symbols, with its puzzle.
fn coloured_picture(
    colours: &[MakeColour],
    rows: &[String],
) -> Result<(Picture, Puzzle), ApiError> {
    let entries = colours
        .iter()
        .map(|c| {
            let rgb = parse_colour(&c.rgb).ok_or_else(|| {
                ApiError::bad_request(format!("the colour {:?} has no colour {:?}", c.name, c.rgb))
            })?;
            Ok(Colour::new(c.name.clone(), rgb, c.symbol))
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    let mut entries = entries.into_iter();
    let background = entries
        .next()
        .ok_or_else(|| ApiError::bad_request("the palette is empty: give its background first"))?;
    let palette = Palette::new(background, entries.collect())
        .map_err(|e| ApiError::bad_request(format!("the palette: {e}")))?;
    let width = rows[0].chars().count();
    let mut cells = Vec::with_capacity(rows.len());
    for (r, row) in rows.iter().enumerate() {
        let row: Vec<ColourId> = row
            .chars()
            .enumerate()
            .map(|(c, ch)| {
                palette.by_symbol(ch).ok_or_else(|| {
                    ApiError::unprocessable(format!(
                        "the picture's row {}, column {}: {ch:?} is no symbol of the palette",
                        r + 1,
                        c + 1
                    ))
                })
            })
            .collect::<Result<_, _>>()?;
        if row.len() != width || width == 0 {
            return Err(ApiError::unprocessable(format!(
                "the picture's row {} has {} cells, the first {width}: rows must be equally long \
                 and not empty",
                r + 1,
                row.len()
            )));
        }
        cells.push(row);
    }
    let picture = Picture::from_colour_rows(&cells)
        .ok_or_else(|| ApiError::unprocessable("the picture has no cells"))?;
    let puzzle = Puzzle::from_coloured_picture(palette, &picture)
        .map_err(|e| ApiError::unprocessable(format!("the picture: {e}")))?;
    Ok((picture, puzzle))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;

    fn colours() -> Vec<MakeColour> {
        [
            ("white", "#ffffff", '.'),
            ("red", "#ff0000", 'r'),
            ("blue", "#0000ff", 'b'),
        ]
        .into_iter()
        .map(|(name, rgb, symbol)| MakeColour {
            name: name.into(),
            rgb: rgb.into(),
            symbol,
        })
        .collect()
    }

    fn make(picture: &[&str], palette: Option<Vec<MakeColour>>) -> Result<MakeAnswer, ApiError> {
        let api = Api::new(Limits::default());
        let request = MakeRequest {
            picture: picture.iter().map(|r| r.to_string()).collect(),
            palette,
            ..MakeRequest::default()
        };
        api.make(request, &AtomicBool::new(false))
    }

    #[test]
    fn a_colour_picture_gets_colour_clues_and_a_verdict() {
        let answer = make(&["rr.", ".bb", "r.b"], Some(colours())).unwrap();
        let puzzle = &answer.puzzle;
        assert_eq!(puzzle["palette"].as_array().unwrap().len(), 3);
        // Row 1: two red; row 2: two blue; row 3: one red, one blue.
        assert_eq!(
            puzzle["rows"][0],
            serde_json::json!([{"length": 2, "colour": 1}])
        );
        assert_eq!(
            puzzle["rows"][2],
            serde_json::json!([{"length": 1, "colour": 1}, {"length": 1, "colour": 2}])
        );
        assert_eq!(answer.verdict["unique"], serde_json::json!(true));
        assert_eq!(answer.verdict["undecided"], serde_json::json!([]));
    }

    #[test]
    fn a_colour_pictures_map_names_colours_and_its_best_change_decides_what_it_says() {
        // Two red cells on a diagonal: their clues have two solutions.
        let answer = make(&["r.", ".r"], Some(colours())).unwrap();
        assert_eq!(answer.verdict["unique"], serde_json::json!(false));
        let undecided = answer.verdict["undecided"].as_array().unwrap().len();
        assert_eq!(undecided, 4);
        let best = &answer.verdict["map"]["changes"][0];
        assert!(best["colour"].is_string(), "{best}");
        // Applied, the change leaves what the map says.
        let mut rows: Vec<Vec<char>> = vec!["r.".chars().collect(), ".r".chars().collect()];
        let (r, c) = (
            best["row"].as_u64().unwrap() as usize,
            best["col"].as_u64().unwrap() as usize,
        );
        rows[r][c] = best["colour"].as_str().unwrap().chars().next().unwrap();
        let changed: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
        let changed: Vec<&str> = changed.iter().map(String::as_str).collect();
        let after = make(&changed, Some(colours())).unwrap();
        let left = after.verdict["undecided"].as_array().unwrap().len();
        assert_eq!(left as u64, best["undecided_after"].as_u64().unwrap());
        assert_eq!((undecided - left) as u64, best["score"].as_u64().unwrap());
    }

    #[test]
    fn a_colour_picture_with_a_stranger_symbol_or_a_bad_palette_is_refused_in_a_sentence() {
        let error = make(&["rx"], Some(colours())).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the picture's row 1, column 2: 'x' is no symbol of the palette"
        );
        let error = make(&["r", "rr"], Some(colours())).unwrap_err();
        assert!(
            error.to_string().contains("row 2 has 2 cells, the first 1"),
            "{error}"
        );
        let mut twice = colours();
        twice[2].symbol = 'r';
        let error = make(&["r"], Some(twice)).unwrap_err();
        assert!(error.to_string().starts_with("the palette: "), "{error}");
        let mut grey = colours();
        grey[1].rgb = "not a colour".into();
        let error = make(&["r"], Some(grey)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the colour \"red\" has no colour \"not a colour\""
        );
    }
}
