//! `nonogram-formats`: every puzzle file format the toolkit reads, and the ones it writes.
//!
//! Each format has its own module with a short description of the format and the choices made
//! where the format is vague. The entry points are here:
//!
//! - [`parse`] reads text in a known [`Format`];
//! - [`detect`](fn@detect) and [`parse_auto`] guess the format from the content, then the file name;
//! - [`read_file`] reads a file (or standard input) with a bounded size and clear errors for
//!   binary data;
//! - [`write()`] writes a puzzle in a format that can hold it ([`Format::is_writable`],
//!   [`Format::can_hold_colour`]), and [`write_all`] several into one file;
//! - [`grid`] reads partly solved grids (`#`, `.`, `?` and the palette's characters);
//! - [`raster`] reads pictures to make puzzles from: text, or images thresholded or quantised;
//! - [`write_whole`] saves a file whole or not at all, never over an existing one unless asked.
//!
//! [`TABLE`] lists every format with its names, extensions and abilities; [`Format::info`] gives
//! one row of it.
//!
//! Every reader validates through [`Puzzle::with_palette`], so what comes out is a valid puzzle,
//! and every reader checks declared sizes with [`nonogram_model::check_size`] before allocating
//! for them. No input makes a reader panic: each module has a property test feeding it arbitrary
//! text. Colour puzzles come with their palette ([`Puzzle::palette`]): names and RGB as the file
//! gives them, a character for each colour (the file's where it has one), the background drawn
//! `.`; a palette of one colour besides the background is a black-and-white puzzle, whatever
//! that colour is called. Palettes are built in `palette.rs`, one set of rules for every format.
//!
//! Lines end with `\n`, `\r\n` or a lone `\r` in every format: [`parse`] and [`detect`](fn@detect)
//! turn lone `\r`s into `\n` first, so that readers and the positions in their errors agree.
//!
//! Given cells ([`Puzzle::givens`]) are read from the two formats that state them: Tatham's
//! game ids (the part after `,`) and our JSON (`givens`). No other format we read has a
//! documented way to: webpbn XML's `saved` image, pbnsolve's `saved` key in `.non` and
//! gnonograms' `[Working grid]` hold a person's progress, which may be wrong, not cells the
//! puzzle states, and are left unread as before. Givens that contradict the clues are read
//! (neither format's documents forbid them): the puzzle then has no solution, which solving
//! says. Writing never drops givens: [`write()`] refuses a format that cannot store them.
//!
//! The goal picture some formats carry lands in [`nonogram_model::Metadata::goal`], in colour
//! when the puzzle is (each cell a [`nonogram_model::ColourId`] of the palette); readers do
//! not check it against the clues (use [`Puzzle::check`] for that), because a file whose goal
//! disagrees with its clues is still a puzzle someone may want to solve.

#![warn(missing_docs)]

use std::io::Read;
use std::path::Path;

use nonogram_model::Puzzle;

#[doc(hidden)]
pub mod check;
mod cwd;
mod detect;
mod error;
mod format;
mod gecode;
mod glue;
mod gno;
pub mod grid;
mod json;
mod nin;
mod non;
mod nonogrid;
mod olsak;
mod palette;
mod picture;
mod pynogram;
pub mod raster;
mod scan;
mod string;
mod tatham;
mod tournament;
pub mod whole;
mod xml;

pub use detect::detect;
pub use error::{Error, ErrorKind, ParseError, ParseErrorKind, WriteError, WriteErrorKind};
pub use format::{
    markdown_table, names as format_names, Format, FormatInfo, FormatNameError, TABLE,
};
pub use palette::{build_palette, parse_colour};
pub use whole::{write_whole, WholeError};

use error::Pos;

/// The largest input [`read_file`] accepts: 64 MiB, over ten times the largest puzzle file the
/// limits of [`nonogram_model::Limits::DEFAULT`] allow in any of our formats but the most verbose.
pub const MAX_INPUT_BYTES: u64 = 64 * 1024 * 1024;

/// Reads every puzzle of `content` in `format`.
///
/// Most formats hold one puzzle; tournament files, `.non` bundles (`====` between puzzles), R
/// puzzle-string files and Tatham game ids (one puzzle a line), webpbn XML puzzle sets and JSON
/// arrays may hold several ([`Format::can_hold_many`]). The result is never empty. Lines may
/// end with `\n`, `\r\n` or a lone `\r`, in every format.
pub fn parse(content: &str, format: Format) -> Result<Vec<Puzzle>, ParseError> {
    let content = content.strip_prefix('\u{feff}').unwrap_or(content);
    let content = &*scan::line_ends(content);
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
        Format::Toml => vec![nonogrid::parse(content)?],
        Format::Ini => vec![pynogram::parse(content)?],
        Format::Gno => vec![gno::parse(content)?],
        Format::Tatham => tatham::parse(content)?,
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
///
/// A colour puzzle (more than one colour besides the background) can be written only in a
/// format that holds colours ([`Format::can_hold_colour`]); the others refuse it with
/// [`WriteErrorKind::Colour`]. A black-and-white puzzle whose one colour is not black is written
/// as plain black and white by the formats that have no colours. A puzzle with given cells
/// can be written only in a format that stores them ([`Format::can_hold_givens`]); the others
/// refuse it with [`WriteErrorKind::Givens`], since without its givens it would be another
/// puzzle.
pub fn write(puzzle: &Puzzle, format: Format) -> Result<String, WriteError> {
    let fail = |kind| Err(WriteError::new(format, kind));
    if !format.is_writable() {
        return fail(WriteErrorKind::NotWritable(format.name()));
    }
    if puzzle.is_triangles() && !format.can_hold_triangles() {
        return fail(WriteErrorKind::Triangles(format.name()));
    }
    if !puzzle.is_black_and_white() && !puzzle.is_triangles() && !format.writes_colour() {
        return fail(WriteErrorKind::Colour(format.name()));
    }
    if !puzzle.givens().is_empty() && !format.can_hold_givens() {
        return fail(WriteErrorKind::Givens {
            format: format.name(),
            count: puzzle.givens().len(),
        });
    }
    let text = match format {
        Format::Non => non::write(puzzle),
        Format::Nin => nin::write(puzzle),
        Format::Xml => xml::write(std::slice::from_ref(puzzle)),
        Format::String => string::write(puzzle),
        Format::Gecode => gecode::write(puzzle),
        Format::Json => json::write(puzzle),
        Format::Picture => match &puzzle.metadata.goal {
            Some(goal) => picture::write(puzzle, goal),
            None => return fail(WriteErrorKind::NoGoal(format.name())),
        },
        Format::Tatham => tatham::write(puzzle),
        Format::G => glue::write(puzzle),
        Format::Mk
        | Format::Cwd
        | Format::Tournament
        | Format::Toml
        | Format::Ini
        | Format::Gno => return fail(WriteErrorKind::NotWritable(format.name())),
    };
    Ok(text)
}

/// Takes the solution (the goal picture) out of puzzles about to be written in `format`, so
/// that sharing the file does not share its answer: `nonogram generate`, `make` and `convert`
/// with `--no-solution`, and the page's downloads. Refused for the picture format, whose text
/// is the solution itself.
pub fn drop_solutions(puzzles: &mut [Puzzle], format: Format) -> Result<(), WriteError> {
    if format == Format::Picture {
        return Err(WriteError::new(
            format,
            WriteErrorKind::SolutionOnly(format.name()),
        ));
    }
    for puzzle in puzzles {
        puzzle.metadata.goal = None;
    }
    Ok(())
}

/// Writes several puzzles into one file of `format`: a `.non` bundle (`====` between the
/// puzzles), an XML `<puzzleset>` of several `<puzzle>`s, a JSON array, R puzzle strings or
/// Tatham game ids one a line. A format that holds one puzzle a file ([`Format::can_hold_many`]) writes a single
/// puzzle as [`write()`] does and refuses more with [`WriteErrorKind::OnePuzzle`]; no puzzle at
/// all is [`WriteErrorKind::NoPuzzle`]. Each puzzle must fit the format as for [`write()`].
pub fn write_all(puzzles: &[Puzzle], format: Format) -> Result<String, WriteError> {
    let fail = |kind| Err(WriteError::new(format, kind));
    match puzzles {
        [] => return fail(WriteErrorKind::NoPuzzle),
        [one] => return write(one, format),
        _ if !format.can_hold_many() && format.is_writable() => {
            return fail(WriteErrorKind::OnePuzzle {
                format: format.name(),
                count: puzzles.len(),
            });
        }
        _ => {}
    }
    // Check every puzzle as `write` would, so that the error is the same.
    let texts = puzzles
        .iter()
        .map(|p| write(p, format))
        .collect::<Result<Vec<String>, WriteError>>()?;
    let text = match format {
        Format::Xml => xml::write(puzzles),
        Format::Json => json::write_array(puzzles),
        Format::Non => texts.join("====\n"),
        _ => texts.concat(),
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
