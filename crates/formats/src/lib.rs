//! `nonogram-formats`: every puzzle file format the toolkit reads, and the ones it writes.
//!
//! Each format has its own module with a short description of the format and the choices made
//! where the format is vague. The entry points are here:
//!
//! - [`parse`] reads text in a known [`Format`];
//! - [`detect`](fn@detect) and [`parse_auto`] guess the format from the content, then the file name;
//! - [`read_file`] reads a file (or standard input) with a bounded size and clear errors for
//!   binary data;
//! - [`write()`] writes a puzzle in a format that can hold it ([`Format::is_writable`]).
//!
//! Every reader validates through [`Puzzle::new`], so what comes out is a valid puzzle, and
//! every reader checks declared sizes with [`nonogram_model::check_size`] before allocating for
//! them. No input makes a reader panic: each module has a property test feeding it arbitrary
//! text. Colour puzzles are recognised and refused with [`ParseErrorKind::Colour`].
//!
//! The goal picture some formats carry lands in [`nonogram_model::Metadata::goal`]; readers do
//! not check it against the clues (use [`Puzzle::check`] for that), because a file whose goal
//! disagrees with its clues is still a puzzle someone may want to solve.

use std::fmt;
use std::io::Read;
use std::path::Path;

use nonogram_model::Puzzle;

#[doc(hidden)]
pub mod check;
mod cwd;
mod detect;
mod error;
mod gecode;
mod json;
mod nin;
mod non;
mod olsak;
mod picture;
mod scan;
mod string;
mod tournament;
mod xml;

pub use detect::detect;
pub use error::{Error, ErrorKind, ParseError, ParseErrorKind, WriteError, WriteErrorKind};

use error::Pos;

/// The largest input [`read_file`] accepts: 64 MiB, over ten times the largest puzzle file the
/// limits of [`nonogram_model::Limits::DEFAULT`] allow in any of our formats but the most verbose.
pub const MAX_INPUT_BYTES: u64 = 64 * 1024 * 1024;

/// A puzzle file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    /// Steve Simpson's `.non`, with the nonogram-db extensions and `====` bundles.
    Non,
    /// Jakub Wilk's `.nin`: `W H`, then row lines and column lines.
    Nin,
    /// Olšák's `.g`: sections opened by `:` lines, optional colour declarations.
    G,
    /// Olšák's `.mk`: `H W`, row lines, `#`, column lines.
    Mk,
    /// The `.cwd` of QNonograms and Sukhoy's solver: `H`, `W` on their own lines, rows, a blank
    /// line, columns.
    Cwd,
    /// webpbn's XML (`<puzzleset>`), as read by pbnsolve.
    Xml,
    /// The TAAI/TCGA/ICGA tournament text: `$N` headers, columns first, many puzzles a file.
    Tournament,
    /// The R `nonogram` package's puzzle string: `rows-columns`, `:` between lines.
    String,
    /// The Gecode example's spec array: `width, height`, then counted clues.
    Gecode,
    /// A JSON object with `rows` and `columns` arrays.
    Json,
    /// A picture of `#` and `.`: the clues are derived from it.
    Picture,
}

impl Format {
    /// Every format, in the order of the enum.
    pub const ALL: &'static [Format] = &[
        Format::Non,
        Format::Nin,
        Format::G,
        Format::Mk,
        Format::Cwd,
        Format::Xml,
        Format::Tournament,
        Format::String,
        Format::Gecode,
        Format::Json,
        Format::Picture,
    ];

    /// The short name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Non => "non",
            Format::Nin => "nin",
            Format::G => "g",
            Format::Mk => "mk",
            Format::Cwd => "cwd",
            Format::Xml => "xml",
            Format::Tournament => "tournament",
            Format::String => "string",
            Format::Gecode => "gecode",
            Format::Json => "json",
            Format::Picture => "picture",
        }
    }

    /// The format with this name or alias, ignoring case: the names of [`Format::name`], and
    /// `simpson`, `nonogram-db`, `wilk`, `olsak`, `webpbn`, `pbn`, `taai`, `tcga`, `icga`,
    /// `r`, `rstring`, `spec`, `pic`, `image`.
    pub fn from_name(name: &str) -> Option<Format> {
        let name = name.trim().to_ascii_lowercase();
        let format = match name.as_str() {
            "non" | "nonpack" | "simpson" | "nonogram-db" => Format::Non,
            "nin" | "wilk" => Format::Nin,
            "g" | "olsak" => Format::G,
            "mk" => Format::Mk,
            "cwd" => Format::Cwd,
            "xml" | "webpbn" | "pbn" => Format::Xml,
            "tournament" | "taai" | "tcga" | "icga" => Format::Tournament,
            "string" | "r" | "rstring" => Format::String,
            "gecode" | "spec" => Format::Gecode,
            "json" => Format::Json,
            "picture" | "pic" | "image" => Format::Picture,
            _ => return None,
        };
        Some(format)
    }

    /// Whether [`write()`] supports this format. The picture format also needs a goal picture in
    /// the puzzle's metadata.
    pub fn is_writable(self) -> bool {
        matches!(
            self,
            Format::Non
                | Format::Nin
                | Format::Xml
                | Format::String
                | Format::Gecode
                | Format::Json
                | Format::Picture
        )
    }

    /// The usual file name extension, without the dot. Several formats are plain `.txt` files:
    /// [`detect`](fn@detect) tells them apart by their content.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Non => "non",
            Format::Nin => "nin",
            Format::G => "g",
            Format::Mk => "mk",
            Format::Cwd => "cwd",
            Format::Xml => "xml",
            Format::Json => "json",
            Format::Tournament | Format::String | Format::Gecode | Format::Picture => "txt",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads every puzzle of `content` in `format`.
///
/// Most formats hold one puzzle; tournament files, `.non` bundles (`====` between puzzles), R
/// puzzle-string files (one puzzle a line), webpbn XML puzzle sets and JSON arrays may hold
/// several. The result is never empty.
pub fn parse(content: &str, format: Format) -> Result<Vec<Puzzle>, ParseError> {
    let content = content.strip_prefix('\u{feff}').unwrap_or(content);
    if content.trim().is_empty() {
        return Err(ParseError::syntax(Pos::START, "the input is empty"));
    }
    let puzzles = match format {
        Format::Non => non::parse(content)?,
        Format::Nin => vec![nin::parse(content)?],
        Format::G => vec![olsak::parse_g(content)?],
        Format::Mk => vec![olsak::parse_mk(content)?],
        Format::Cwd => vec![cwd::parse(content)?],
        Format::Xml => xml::parse(content)?,
        Format::Tournament => tournament::parse(content)?,
        Format::String => string::parse(content)?,
        Format::Gecode => vec![gecode::parse(content)?],
        Format::Json => json::parse(content)?,
        Format::Picture => vec![picture::parse(content)?],
    };
    if puzzles.is_empty() {
        return Err(ParseError::syntax(Pos::START, "the input holds no puzzle"));
    }
    Ok(puzzles)
}

/// Reads `content` in `format` if given, else in the format [`detect`](fn@detect) finds from the content
/// and then from `path`'s extension.
pub fn parse_auto(
    content: &str,
    path: Option<&Path>,
    format: Option<Format>,
) -> Result<(Format, Vec<Puzzle>), ParseError> {
    let format = match format.or_else(|| detect(path, content)) {
        Some(format) => format,
        None => {
            if content.trim().is_empty() {
                return Err(ParseError::syntax(Pos::START, "the input is empty"));
            }
            let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
            return Err(ParseError::at(
                Pos::START,
                ParseErrorKind::UnknownFormat(names.join(", ")),
            ));
        }
    };
    Ok((format, parse(content, format)?))
}

/// Reads the puzzles of a file, or of standard input when `path` is `-`.
///
/// At most [`MAX_INPUT_BYTES`] are read. Bytes that are not UTF-8 text, or that hold a NUL,
/// are refused with the position of the first bad byte.
pub fn read_file(path: &Path, format: Option<Format>) -> Result<(Format, Vec<Puzzle>), Error> {
    let fail = |kind| Error::new(path.to_path_buf(), kind);
    let stdin = path.as_os_str() == "-";
    let mut bytes = Vec::new();
    let limit = MAX_INPUT_BYTES + 1;
    let read = if stdin {
        std::io::stdin().lock().take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(limit).read_to_end(&mut bytes))
    };
    read.map_err(|e| fail(ErrorKind::Io(e)))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(fail(ErrorKind::TooLarge {
            limit: MAX_INPUT_BYTES,
        }));
    }
    let name = if stdin { None } else { Some(path) };
    parse_bytes(&bytes, name, format).map_err(|e| fail(ErrorKind::Parse(e)))
}

/// What [`read_file`] does once it holds the bytes: [`decode`] them, then [`parse_auto`].
fn parse_bytes(
    bytes: &[u8],
    path: Option<&Path>,
    format: Option<Format>,
) -> Result<(Format, Vec<Puzzle>), ParseError> {
    parse_auto(decode(bytes)?, path, format)
}

/// The bytes as text, or an error at the first byte that makes them binary.
fn decode(bytes: &[u8]) -> Result<&str, ParseError> {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let at = e.valid_up_to();
            // The valid prefix is text, so the position can be computed on it.
            let prefix = std::str::from_utf8(&bytes[..at]).unwrap_or_default();
            let pos = scan::pos_of_offset(prefix, at);
            return Err(ParseError::at(
                pos,
                ParseErrorKind::NotText(format!(
                    "the input is not UTF-8 text (byte 0x{:02x}); is this a binary file?",
                    bytes[at]
                )),
            ));
        }
    };
    if let Some(at) = text.find('\0') {
        return Err(ParseError::at(
            scan::pos_of_offset(text, at),
            ParseErrorKind::NotText("the input holds a NUL byte; is this a binary file?".into()),
        ));
    }
    Ok(text)
}

/// Writes `puzzle` in `format`, ending with a newline.
pub fn write(puzzle: &Puzzle, format: Format) -> Result<String, WriteError> {
    let text = match format {
        Format::Non => non::write(puzzle),
        Format::Nin => nin::write(puzzle),
        Format::Xml => xml::write(puzzle),
        Format::String => string::write(puzzle),
        Format::Gecode => gecode::write(puzzle),
        Format::Json => json::write(puzzle),
        Format::Picture => match &puzzle.metadata.goal {
            Some(goal) => picture::write(goal),
            None => {
                return Err(WriteError::new(
                    format,
                    WriteErrorKind::NoGoal(format.name()),
                ));
            }
        },
        Format::G | Format::Mk | Format::Cwd | Format::Tournament => {
            return Err(WriteError::new(
                format,
                WriteErrorKind::NotWritable(format.name()),
            ));
        }
    };
    Ok(text)
}

#[cfg(test)]
mod tests;

/// The reasons the first puzzle with inconsistent clues has none, for the readers' tests.
#[cfg(test)]
pub(crate) fn puzzles_inconsistency(puzzles: &[Puzzle]) -> String {
    puzzles
        .iter()
        .find_map(Puzzle::inconsistency)
        .map_or_else(|| "consistent".to_string(), |i| i.to_string())
}
