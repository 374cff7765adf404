//! Where a request's puzzle comes from: the text of a puzzle file, how to read it, which one.

use nonogram_core::Puzzle;
use nonogram_formats::Format;

use crate::report::plural;
use crate::ApiError;

/// The text of a puzzle file, in any format we read, and how to read it.
#[derive(Clone, Debug)]
pub struct Source {
    /// The file's text.
    pub puzzle: String,
    /// Its format's name (default: recognised from the text).
    pub format: Option<String>,
    /// Which puzzle of a file that holds several, from 0 (default 0).
    pub index: Option<usize>,
}

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

impl Source {
    /// Reads the puzzle: 400 for an unknown format or index, 422 when the text does not parse.
    pub fn load(&self) -> Result<Loaded, ApiError> {
        let format = match &self.format {
            None => None,
            Some(name) => Some(Format::from_name(name).ok_or_else(|| {
                ApiError::bad_request(format!(
                    "unknown format '{name}' (known formats: {})",
                    format_names(|_| true)
                ))
            })?),
        };
        let (format, mut puzzles) = nonogram_formats::parse_auto(&self.puzzle, None, format)
            .map_err(|e| ApiError::unprocessable(format!("the puzzle does not parse: {e}")))?;
        let count = puzzles.len();
        let index = self.index.unwrap_or(0);
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
}

/// A format that can be written, by name.
pub fn parse_writable(name: &str) -> Result<Format, String> {
    match Format::from_name(name) {
        Some(format) if format.is_writable() => Ok(format),
        Some(_) => Err(format!(
            "format '{name}' can be read but not written (writable formats: {})",
            format_names(Format::is_writable)
        )),
        None => Err(format!(
            "unknown format '{name}' (writable formats: {})",
            format_names(Format::is_writable)
        )),
    }
}

/// The names of the formats that pass `keep`, comma-separated.
pub fn format_names(keep: impl Fn(Format) -> bool) -> String {
    let names: Vec<&str> = Format::ALL
        .iter()
        .copied()
        .filter(|&f| keep(f))
        .map(Format::name)
        .collect();
    names.join(", ")
}
