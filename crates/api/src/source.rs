//! Where a request's puzzle comes from: the text of a puzzle file, how to read it, which one.

use nonogram_core::Puzzle;
use nonogram_formats::Format;

use crate::error::ApiError;
use crate::report::plural;

/// A request's puzzle, read.
#[derive(Debug)]
pub struct Loaded {
    /// The format it was read as.
    pub format: Format,
    /// How many puzzles the text holds.
    pub count: usize,
    /// Which of them this is, from 0.
    pub index: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
}

/// Reads a request's puzzle: the text of a puzzle file in any format we read, the format's name
/// (default: recognised from the text) and which puzzle of a file that holds several (from 0,
/// default 0). Answers 400 for an unknown format or index, 422 when the text does not parse.
pub fn load(puzzle: &str, format: Option<&str>, index: Option<usize>) -> Result<Loaded, ApiError> {
    let format = match format {
        None => None,
        Some(name) => Some(Format::named(name).map_err(|e| ApiError::bad_request(e.to_string()))?),
    };
    let (format, mut puzzles) = nonogram_formats::parse_auto(puzzle, None, format)
        .map_err(|e| ApiError::unprocessable(format!("the puzzle does not parse: {e}")))?;
    let count = puzzles.len();
    let index = index.unwrap_or(0);
    if index >= count {
        return Err(ApiError::bad_request(format!(
            "there is no puzzle {index} (counted from 0): the text holds {}",
            plural(count, "puzzle")
        )));
    }
    Ok(Loaded {
        format,
        count,
        index,
        puzzle: puzzles.swap_remove(index),
    })
}
