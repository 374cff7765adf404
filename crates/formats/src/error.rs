//! The three errors of this crate: [`ParseError`] for text that is not a puzzle, [`WriteError`]
//! for a puzzle a format cannot hold, and [`Error`] for a file that could not be read or parsed.
//!
//! Every message is one lowercase line. A parse error always carries a line and a column (both
//! counted from 1) because the person who reads it has the file open in an editor; when no better
//! place is known (a JSON file whose totals differ, say) the position is line 1, column 1.

use std::fmt;
use std::io;
use std::path::PathBuf;

use nonogram_model::PuzzleError;

use crate::Format;

/// A position in the input, counted from 1 as editors count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pos {
    pub line: usize,
    pub column: usize,
}

impl Pos {
    pub(crate) const START: Pos = Pos { line: 1, column: 1 };

    pub(crate) fn new(line: usize, column: usize) -> Pos {
        Pos { line, column }
    }
}

/// Text that could not be read as a puzzle, with the place where reading stopped.
///
/// `Display` gives `line 3, column 7: <message>`, always on one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line, counted from 1.
    pub line: usize,
    /// The column in characters (not bytes), counted from 1.
    pub column: usize,
    kind: ParseErrorKind,
}

/// What went wrong. New kinds may be added, so match with a wildcard arm.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The text does not follow the format: a missing key, a stray character, a bad number.
    #[error("{0}")]
    Syntax(String),
    /// A format without colours (the name given) whose clues name a second colour of block.
    #[error(
        "the {0} format holds black-and-white puzzles only, but this clue names a second colour"
    )]
    Colour(&'static str),
    /// The file describes a kind of puzzle we do not handle (triddlers, for one).
    #[error("{0} are not supported")]
    Unsupported(&'static str),
    /// The clues were read but do not make a valid puzzle.
    #[error("{0}")]
    Invalid(#[source] PuzzleError),
    /// The bytes are not text: invalid UTF-8 or NUL bytes.
    #[error("{0}")]
    NotText(String),
    /// No format was named and none could be recognised.
    #[error("format not recognised: this input is in none of the formats we read; if it is one of them, name it explicitly (one of: {0})")]
    UnknownFormat(String),
}

impl ParseError {
    /// An error of any kind at a position.
    pub fn new(line: usize, column: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { line, column, kind }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }

    /// Whether the input was refused only because it names colours its format does not have.
    pub fn is_colour(&self) -> bool {
        matches!(self.kind, ParseErrorKind::Colour(_))
    }

    pub(crate) fn at(pos: Pos, kind: ParseErrorKind) -> ParseError {
        ParseError::new(pos.line, pos.column, kind)
    }

    /// A syntax error. The message must be lowercase and on one line; text quoted from the input
    /// goes through [`crate::scan::quote`] first.
    pub(crate) fn syntax(pos: Pos, message: impl Into<String>) -> ParseError {
        // Keep the one-line promise even if a library message (XML, JSON) carries a newline.
        let message: String = message.into().replace(['\n', '\r'], " ");
        ParseError::at(pos, ParseErrorKind::Syntax(message))
    }

    pub(crate) fn colour(pos: Pos, format: &'static str) -> ParseError {
        ParseError::at(pos, ParseErrorKind::Colour(format))
    }

    pub(crate) fn invalid(pos: Pos, error: PuzzleError) -> ParseError {
        ParseError::at(pos, ParseErrorKind::Invalid(error))
    }

    /// The same error at another position: for readers that work out positions only once
    /// something has gone wrong.
    pub(crate) fn moved_to(mut self, pos: Pos) -> ParseError {
        self.line = pos.line;
        self.column = pos.column;
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for ParseError {
    /// The [`PuzzleError`] of a file whose clues do not make a valid puzzle.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ParseErrorKind::Invalid(e) => Some(e),
            _ => None,
        }
    }
}

/// A puzzle that a format cannot hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct WriteError {
    format: Format,
    kind: WriteErrorKind,
}

/// Why a puzzle could not be written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WriteErrorKind {
    /// The format can be read but this crate does not write it.
    #[error("writing the {0} format is not supported")]
    NotWritable(&'static str),
    /// The picture format writes the goal picture, and the puzzle has none.
    #[error("the {0} format needs a goal picture and this puzzle has none")]
    NoGoal(&'static str),
    /// Asked to leave the solution out of a format that writes nothing else.
    #[error(
        "the {0} format is the solution itself: to share the puzzle without its answer, write \
         its clues in another format"
    )]
    SolutionOnly(&'static str),
    /// A colour puzzle, for a format that has no colours.
    #[error("{0} cannot hold colour puzzles")]
    Colour(&'static str),
    /// A triangle puzzle, for a format without half cells (only `.g` and JSON have them).
    #[error("{0} cannot hold triangle puzzles: write it as g or json")]
    Triangles(&'static str),
    /// Several puzzles, for a format that holds one a file.
    #[error("the {format} format holds one puzzle a file, and {count} were given")]
    OnePuzzle {
        /// The format's name.
        format: &'static str,
        /// How many puzzles were given.
        count: usize,
    },
    /// No puzzle at all to write.
    #[error("there is no puzzle to write")]
    NoPuzzle,
    /// A puzzle with given cells, for a format that cannot store them: writing it without
    /// them would give another puzzle (often one with more solutions).
    #[error(
        "the {format} format cannot store given cells, and this puzzle gives {count}: write it \
         as {}",
        crate::format::givens_formats()
    )]
    Givens {
        /// The format's name.
        format: &'static str,
        /// How many cells the puzzle gives.
        count: usize,
    },
}

impl WriteError {
    pub(crate) fn new(format: Format, kind: WriteErrorKind) -> WriteError {
        WriteError { format, kind }
    }

    /// The format that was asked for.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Why the puzzle could not be written.
    pub fn kind(&self) -> &WriteErrorKind {
        &self.kind
    }
}

/// A file that could not be read, or whose text is not a puzzle.
///
/// `Display` gives `<path>:<line>:<column>: <message>` for a parse error and `<path>: <message>`
/// otherwise, on one line. [`std::error::Error::source`] returns the underlying I/O or parse
/// error for callers that want to inspect it; its message is already part of this one, so print
/// this error alone rather than walking the chain.
#[derive(Debug)]
pub struct Error {
    /// The path as given (`-` for standard input).
    pub path: PathBuf,
    kind: ErrorKind,
}

/// What went wrong with a file.
#[derive(Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Opening or reading failed.
    Io(io::Error),
    /// The file is larger than [`crate::MAX_INPUT_BYTES`].
    TooLarge {
        /// The limit, in bytes.
        limit: u64,
    },
    /// The file was read but is not a puzzle.
    Parse(ParseError),
}

impl Error {
    /// An error about the file at `path` (`-` for standard input).
    pub fn new(path: PathBuf, kind: ErrorKind) -> Error {
        Error { path, kind }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The parse error, when the file was read but is not a puzzle.
    pub fn parse_error(&self) -> Option<&ParseError> {
        match &self.kind {
            ErrorKind::Parse(e) => Some(e),
            _ => None,
        }
    }

    fn shown_path(&self) -> std::borrow::Cow<'_, str> {
        if self.path.as_os_str() == "-" {
            "<stdin>".into()
        } else {
            self.path.to_string_lossy()
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.shown_path();
        match &self.kind {
            ErrorKind::Io(e) => write!(f, "{path}: cannot read it: {e}"),
            ErrorKind::TooLarge { limit } => write!(
                f,
                "{path}: the input is larger than {} MiB, more than any puzzle needs",
                limit / (1024 * 1024)
            ),
            ErrorKind::Parse(e) => write!(f, "{path}:{}:{}: {}", e.line, e.column, e.kind),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Io(e) => Some(e),
            ErrorKind::TooLarge { .. } => None,
            ErrorKind::Parse(e) => Some(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error as _;

    #[test]
    fn displays_are_one_line_with_positions() {
        let e = ParseError::syntax(Pos::new(3, 7), "expected a number,\nfound `x`");
        assert_eq!(
            e.to_string(),
            "line 3, column 7: expected a number, found `x`"
        );
        let file = Error::new("a.non".into(), ErrorKind::Parse(e.clone()));
        assert_eq!(file.to_string(), "a.non:3:7: expected a number, found `x`");
        assert!(file.source().is_some());
        let stdin = Error::new("-".into(), ErrorKind::Parse(e));
        assert!(stdin.to_string().starts_with("<stdin>:3:7: "));
        let io = Error::new("b.non".into(), ErrorKind::Io(io::Error::other("boom")));
        // Worded as the command words every file it cannot read.
        assert_eq!(io.to_string(), "b.non: cannot read it: boom");
    }

    #[test]
    fn puzzle_errors_are_chained() {
        let inner = PuzzleError::ZeroSize {
            width: 0,
            height: 2,
        };
        let e = ParseError::invalid(Pos::START, inner.clone());
        assert_eq!(e.to_string(), format!("line 1, column 1: {inner}"));
        assert!(e.source().is_some());
        assert!(ParseError::colour(Pos::START, "mk").is_colour());
        assert_eq!(
            ParseError::colour(Pos::new(2, 1), "mk").to_string(),
            "line 2, column 1: the mk format holds black-and-white puzzles only, but this clue \
             names a second colour"
        );
    }
}
