//! Scanning helpers shared by the text formats: the one rule for line ends ([`line_ends`]),
//! numbered lines, tokens with their columns, checked numbers, clue lines with colour tags read
//! by each format's [`Tags`], and the final validation that turns clues into a [`Puzzle`] while
//! keeping the position of every clue for the error message.
//!
//! Everything here is careful about two things: a number never overflows silently (a run of
//! 99999999999999999999 is an error, not a wrap), and a message never spans lines or quotes an
//! unbounded amount of the input.

use std::borrow::Cow;

use nonogram_model::{
    check_size, Axis, Clue, ColourId, Limits, LineId, Palette, Puzzle, PuzzleError, Run,
};

use crate::error::{ParseError, Pos};

/// The text with every lone `\r` (one not followed by `\n`, as old Mac files end their lines)
/// made a `\n`, so that every reader, and every position in an error, counts the same lines:
/// `\n`, `\r\n` and a lone `\r` all end a line. [`crate::parse`] and
/// [`crate::detect`] read through this; the text is copied only when it has a lone `\r`.
pub(crate) fn line_ends(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let lone = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    if !(0..bytes.len()).any(lone) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek() != Some(&'\n') {
            out.push('\n');
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The lines of a text with their numbers (from 1). A `\r` before the `\n` is dropped.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l))
}

/// The column (in characters, from 1) of byte offset `byte` in `line`.
pub(crate) fn column(line: &str, byte: usize) -> usize {
    line.get(..byte)
        .map_or(byte, |prefix| prefix.chars().count())
        + 1
}

/// Columns of increasing byte offsets in one line, counted incrementally so that a long line
/// with many tokens costs linear time, not quadratic.
#[derive(Debug)]
pub(crate) struct Columns<'a> {
    line: &'a str,
    byte: usize,
    column: usize,
}

impl<'a> Columns<'a> {
    pub(crate) fn new(line: &'a str) -> Columns<'a> {
        Columns {
            line,
            byte: 0,
            column: 1,
        }
    }

    /// The column of `byte`; offsets should come in increasing order (going back starts over).
    pub(crate) fn at(&mut self, byte: usize) -> usize {
        if byte < self.byte {
            self.byte = 0;
            self.column = 1;
        }
        let chunk = self
            .line
            .get(self.byte..byte)
            .map_or(byte - self.byte, |s| s.chars().count());
        self.column += chunk;
        self.byte = byte;
        self.column
    }
}

/// The position of byte offset `byte` in a whole text.
pub(crate) fn pos_of_offset(text: &str, byte: usize) -> Pos {
    let byte = byte.min(text.len());
    let bytes = text.as_bytes();
    // A line ends with `\n`, `\r\n` or a lone `\r`, as `line_ends` has it for the readers.
    let ends_line =
        |i: usize| bytes[i] == b'\n' || bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    let line = (0..byte).filter(|&i| ends_line(i)).count() + 1;
    let line_start = (0..byte).rev().find(|&i| ends_line(i)).map_or(0, |i| i + 1);
    // Count characters only over whole characters: `byte` may fall inside one (invalid UTF-8).
    let column = String::from_utf8_lossy(&bytes[line_start..byte])
        .chars()
        .count()
        + 1;
    Pos::new(line, column)
}

/// Positions of byte offsets in one text, each found by binary search over the line starts:
/// for formats (XML) whose parser reports offsets rather than lines.
#[derive(Debug)]
pub(crate) struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub(crate) fn new(text: &'a str) -> LineIndex<'a> {
        let starts = std::iter::once(0)
            .chain(
                text.bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'\n')
                    .map(|(i, _)| i + 1),
            )
            .collect();
        LineIndex { text, starts }
    }

    pub(crate) fn pos(&self, byte: usize) -> Pos {
        let byte = byte.min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= byte).max(1);
        let start = self.starts[line - 1];
        let column = String::from_utf8_lossy(&self.text.as_bytes()[start..byte])
            .chars()
            .count()
            + 1;
        Pos::new(line, column)
    }
}

/// Text quoted from the input for a message: backquoted, escaped onto one line, and cut short.
pub(crate) fn quote(text: &str) -> String {
    const MAX: usize = 24;
    let mut out = String::from("`");
    for (i, c) in text.chars().enumerate() {
        if i == MAX {
            out.push('…');
            break;
        }
        out.extend(c.escape_debug());
    }
    out.push('`');
    out
}

/// The tokens of a line split at characters for which `is_sep` holds, each with its byte
/// offset in the line.
pub(crate) fn tokens(
    line: &str,
    is_sep: impl Fn(char) -> bool,
) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = line;
    let mut offset = 0;
    std::iter::from_fn(move || {
        let start = rest.find(|c: char| !is_sep(c))?;
        let after = &rest[start..];
        let len = after.find(&is_sep).unwrap_or(after.len());
        let token = &after[..len];
        let at = offset + start;
        offset = at + len;
        rest = &after[len..];
        Some((at, token))
    })
}

/// Separators of space-separated formats: blanks, and commas for good measure.
pub(crate) fn is_blank_or_comma(c: char) -> bool {
    c.is_whitespace() || c == ','
}

/// A run length or a size: decimal digits only, checked against `u32`.
pub(crate) fn number(token: &str, pos: Pos) -> Result<u32, ParseError> {
    if !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()) {
        return token
            .parse::<u32>()
            .map_err(|_| ParseError::syntax(pos, format!("number {} is too large", quote(token))));
    }
    if let Some(rest) = token.strip_prefix('-') {
        if rest.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(ParseError::syntax(
                pos,
                format!("negative number {}: clues count cells", quote(token)),
            ));
        }
    }
    Err(ParseError::syntax(
        pos,
        format!("expected a number, found {}", quote(token)),
    ))
}

/// A width or height, checked against `u32` (the limits check comes later, with both sides).
pub(crate) fn size(token: &str, pos: Pos) -> Result<usize, ParseError> {
    // u32 always fits in usize on the platforms we build for; saturate rather than cast blindly.
    number(token, pos).map(|n| usize::try_from(n).unwrap_or(usize::MAX))
}

/// Checks a declared size against the default limits before anything is allocated for it.
pub(crate) fn checked_size(width: usize, height: usize, pos: Pos) -> Result<(), ParseError> {
    check_size(width, height, Limits::DEFAULT).map_err(|e| ParseError::invalid(pos, e))
}

/// How a format reads the characters around the digits of a run (`3b` in `.non`, `2r` in
/// nonogrid): each format says which colour they name.
pub(crate) trait Tags {
    /// Whether characters around digits are read at all; when not, `3b` is a bad number.
    fn allowed(&self) -> bool {
        true
    }

    /// The colour of a run of length at least 1 written with `prefix` before its digits and
    /// `suffix` after them (both empty for a bare number), at `pos`.
    fn colour(&mut self, prefix: &str, suffix: &str, pos: Pos) -> Result<ColourId, ParseError>;

    /// For a format with triangle puzzles (`.g`): the run's colour and its start and end caps
    /// (the background for none), when the characters around its digits make caps; `None`
    /// leaves the run to [`Tags::colour`].
    fn capped(
        &mut self,
        prefix: &str,
        suffix: &str,
        pos: Pos,
    ) -> Result<Option<(ColourId, [ColourId; 2])>, ParseError> {
        let _ = (prefix, suffix, pos);
        Ok(None)
    }
}

/// Only digits: `3b` is a syntax error. Every run is black.
#[derive(Debug, Default)]
pub(crate) struct NoTags;

impl Tags for NoTags {
    fn allowed(&self) -> bool {
        false
    }

    fn colour(&mut self, _: &str, _: &str, _: Pos) -> Result<ColourId, ParseError> {
        Ok(ColourId::BLACK)
    }
}

/// Tags allowed but meaningless, as long as there is only one: a format without colours (`.mk`)
/// whose file names one colour throughout is still a black-and-white puzzle; a second colour is
/// refused with [`ParseErrorKind::Colour`](crate::ParseErrorKind::Colour).
#[derive(Debug)]
pub(crate) struct OneColour {
    format: &'static str,
    first: Option<String>,
}

impl OneColour {
    pub(crate) fn new(format: &'static str) -> OneColour {
        OneColour {
            format,
            first: None,
        }
    }
}

impl Tags for OneColour {
    fn colour(&mut self, prefix: &str, suffix: &str, pos: Pos) -> Result<ColourId, ParseError> {
        let tag = format!("{prefix}|{suffix}");
        match &self.first {
            None => self.first = Some(tag),
            Some(first) if *first == tag => {}
            Some(_) => return Err(ParseError::colour(pos, self.format)),
        }
        Ok(ColourId::BLACK)
    }
}

/// Reads one clue from `text`, whose first character is at `pos`; numbers are split at
/// characters for which `is_sep` holds. `0` runs are dropped, so `0` and an empty text are both
/// the empty clue.
pub(crate) fn clue(
    text: &str,
    pos: Pos,
    is_sep: impl Fn(char) -> bool,
    tags: &mut dyn Tags,
) -> Result<Clue, ParseError> {
    let mut runs = Vec::new();
    let mut columns = Columns::new(text);
    for (at, token) in tokens(text, is_sep) {
        let tpos = Pos::new(pos.line, pos.column + columns.at(at) - 1);
        if !tags.allowed() {
            let run = Run::new(number(token, tpos)?, ColourId::BLACK);
            runs.push((run, [ColourId::BACKGROUND; 2]));
            continue;
        }
        let start = token.find(|c: char| c.is_ascii_digit());
        let Some(start) = start.filter(|_| !token.starts_with('-')) else {
            return Err(number(token, tpos).unwrap_err());
        };
        let digits_len = token[start..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(token.len() - start);
        let digits = &token[start..start + digits_len];
        let len = number(digits, tpos)?;
        let (prefix, suffix) = (&token[..start], &token[start + digits_len..]);
        if len > 0 {
            match tags.capped(prefix, suffix, tpos)? {
                Some((colour, caps)) => runs.push((Run::new(len, colour), caps)),
                None => {
                    let colour = tags.colour(prefix, suffix, tpos)?;
                    runs.push((Run::new(len, colour), [ColourId::BACKGROUND; 2]));
                }
            }
        }
    }
    Ok(Clue::capped(runs))
}

/// The most puzzles one file may hold: a hundred times the largest real collection we know (the
/// tournament sets of 1,000), and few enough that tiny hostile puzzles cannot fill memory.
pub(crate) const MAX_PUZZLES: usize = 100_000;

/// Adds a puzzle read from a file of many, refusing the one past [`MAX_PUZZLES`].
pub(crate) fn push_puzzle(
    puzzles: &mut Vec<Puzzle>,
    puzzle: Puzzle,
    pos: Pos,
) -> Result<(), ParseError> {
    if puzzles.len() == MAX_PUZZLES {
        return Err(ParseError::syntax(
            pos,
            format!("more than {MAX_PUZZLES} puzzles in one file"),
        ));
    }
    puzzles.push(puzzle);
    Ok(())
}

/// Clues read so far, each with the position it was read at.
#[derive(Debug, Default)]
pub(crate) struct ClueList {
    pub clues: Vec<Clue>,
    pub positions: Vec<Pos>,
}

impl ClueList {
    pub(crate) fn push(&mut self, clue: Clue, pos: Pos) {
        self.clues.push(clue);
        self.positions.push(pos);
    }

    pub(crate) fn len(&self) -> usize {
        self.clues.len()
    }
}

/// Validates the clues into a puzzle. A clue that does not fit is reported where it was read;
/// a size problem at `header`; a total mismatch at `header` as well, since no single line is
/// to blame for it.
pub(crate) fn build(rows: ClueList, columns: ClueList, header: Pos) -> Result<Puzzle, ParseError> {
    build_in(Palette::black_and_white(), rows, columns, header)
}

/// [`build`] in a palette.
pub(crate) fn build_in(
    palette: Palette,
    rows: ClueList,
    columns: ClueList,
    header: Pos,
) -> Result<Puzzle, ParseError> {
    let (row_pos, col_pos) = (rows.positions, columns.positions);
    let locate = |line: LineId| match line.axis {
        Axis::Row => row_pos.get(line.index).copied(),
        Axis::Column => col_pos.get(line.index).copied(),
    };
    build_with(palette, rows.clues, columns.clues, locate, || header)
}

/// [`build`] for readers that find positions only when needed: `locate` gives the position of
/// a line's clue, `header` the position for errors that concern no single line.
pub(crate) fn build_with(
    palette: Palette,
    rows: Vec<Clue>,
    columns: Vec<Clue>,
    locate: impl Fn(LineId) -> Option<Pos>,
    header: impl Fn() -> Pos,
) -> Result<Puzzle, ParseError> {
    Puzzle::with_palette(palette, rows, columns).map_err(|e| {
        let pos = match &e {
            PuzzleError::BadColour { line, .. } | PuzzleError::BadCap { line, .. } => {
                locate(*line).unwrap_or_else(&header)
            }
            _ => header(),
        };
        ParseError::invalid(pos, e)
    })
}

/// The lines of a text, read one after another by the line-oriented formats. Lines are not
/// collected: a file of millions of empty lines costs no memory.
pub(crate) struct Cursor<'a> {
    lines: std::iter::Peekable<std::iter::Enumerate<std::str::Lines<'a>>>,
    /// Added to line numbers: for a part of a file parsed on its own.
    first: usize,
    /// The number of the last line taken.
    last: usize,
}

impl std::fmt::Debug for Cursor<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cursor")
            .field("last", &self.last)
            .finish_non_exhaustive()
    }
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(text: &'a str) -> Cursor<'a> {
        Cursor::starting_at(text, 1)
    }

    /// A cursor whose first line is numbered `first`.
    pub(crate) fn starting_at(text: &'a str, first: usize) -> Cursor<'a> {
        Cursor {
            lines: text.lines().enumerate().peekable(),
            first,
            last: first - 1,
        }
    }

    pub(crate) fn peek(&mut self) -> Option<(usize, &'a str)> {
        let first = self.first;
        self.lines.peek().map(|&(i, l)| (i + first, l))
    }

    /// The next line that is not blank, without taking any.
    pub(crate) fn peek_non_blank(&self) -> Option<(usize, &'a str)> {
        let first = self.first;
        self.lines
            .clone()
            .find(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| (i + first, l))
    }

    pub(crate) fn advance(&mut self) -> Option<(usize, &'a str)> {
        let (i, l) = self.lines.next()?;
        self.last = i + self.first;
        Some((self.last, l))
    }

    /// The position just after the last line taken: where "unexpected end of input" belongs
    /// once the lines have run out.
    pub(crate) fn end(&self) -> Pos {
        Pos::new(self.last + 1, 1)
    }

    /// Skips blank lines.
    pub(crate) fn skip_blank(&mut self) {
        while self.peek().is_some_and(|(_, l)| l.trim().is_empty()) {
            self.advance();
        }
    }

    /// The next non-blank line, or an error naming what was expected.
    pub(crate) fn expect_line(&mut self, what: &str) -> Result<(usize, &'a str), ParseError> {
        self.skip_blank();
        self.advance().ok_or_else(|| {
            ParseError::syntax(
                self.end(),
                format!("unexpected end of input: expected {what}"),
            )
        })
    }

    /// Reads `count` clue lines (a blank line is an empty clue).
    pub(crate) fn clues(
        &mut self,
        count: usize,
        name: &str,
        is_sep: impl Fn(char) -> bool + Copy,
        tags: &mut dyn Tags,
    ) -> Result<ClueList, ParseError> {
        let mut list = ClueList::default();
        while list.len() < count {
            let Some((n, line)) = self.advance() else {
                return Err(ParseError::syntax(
                    self.end(),
                    format!(
                        "unexpected end of input: expected {count} {name} clues, found {}",
                        list.len()
                    ),
                ));
            };
            let pos = Pos::new(n, 1);
            list.push(clue(line, pos, is_sep, tags)?, pos);
        }
        Ok(list)
    }

    /// Fails unless only blank lines are left.
    pub(crate) fn expect_end(&mut self, after: &str) -> Result<(), ParseError> {
        self.skip_blank();
        match self.peek() {
            None => Ok(()),
            Some((n, line)) => {
                let indent = line.len() - line.trim_start().len();
                Err(ParseError::syntax(
                    Pos::new(n, column(line, indent)),
                    format!("unexpected {} after {after}", quote(line.trim())),
                ))
            }
        }
    }
}

/// The numbers of a header line (`W H`), each with its position; at most three are read, which
/// is enough to tell a good header from a bad one.
pub(crate) fn header_numbers(n: usize, line: &str) -> Result<Vec<(usize, Pos)>, ParseError> {
    let mut columns = Columns::new(line);
    tokens(line, is_blank_or_comma)
        .take(3)
        .map(|(at, token)| {
            let pos = Pos::new(n, columns.at(at));
            size(token, pos).map(|v| (v, pos))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ParseErrorKind;

    #[test]
    fn numbers_are_checked() {
        let p = Pos::START;
        let cases: &[(&str, Result<u32, &str>)] = &[
            ("0", Ok(0)),
            ("42", Ok(42)),
            ("4294967295", Ok(u32::MAX)),
            ("4294967296", Err("number `4294967296` is too large")),
            (
                "99999999999999999999",
                Err("number `99999999999999999999` is too large"),
            ),
            ("-3", Err("negative number `-3`: clues count cells")),
            ("x", Err("expected a number, found `x`")),
            ("", Err("expected a number, found ``")),
            ("1\n2", Err("expected a number, found `1\\n2`")),
        ];
        for (input, want) in cases {
            let got = number(input, p).map_err(|e| e.kind().to_string());
            assert_eq!(got, want.map_err(str::to_owned), "input {input:?}");
        }
    }

    #[test]
    fn tokens_carry_offsets() {
        let got: Vec<_> = tokens("  3, 12 ,x", is_blank_or_comma).collect();
        assert_eq!(got, vec![(2, "3"), (5, "12"), (9, "x")]);
        assert_eq!(tokens("", char::is_whitespace).count(), 0);
    }

    #[test]
    fn clues_and_colour_tags() {
        let mut one = OneColour::new("mk");
        let c = clue("3b,1b", Pos::START, |c| c == ',', &mut one).unwrap();
        assert_eq!(c, Clue::new([3, 1]));
        let e = clue("2c", Pos::new(4, 1), |c| c == ',', &mut one).unwrap_err();
        assert_eq!(
            (e.line, e.column, e.kind()),
            (4, 1, &ParseErrorKind::Colour("mk"))
        );
        let e = clue("1 2a", Pos::new(2, 5), char::is_whitespace, &mut NoTags).unwrap_err();
        assert_eq!((e.line, e.column), (2, 7));
        assert_eq!(
            clue("0", Pos::START, char::is_whitespace, &mut NoTags).unwrap(),
            Clue::empty()
        );
    }

    #[test]
    fn lone_carriage_returns_end_lines() {
        assert!(matches!(line_ends("a\r\nb\n"), Cow::Borrowed(_)));
        assert_eq!(line_ends("a\rb\r\nc\r\rd\r"), "a\nb\r\nc\n\nd\n");
        assert_eq!(line_ends("é\r"), "é\n");
    }

    #[test]
    fn offsets_become_positions() {
        assert_eq!(pos_of_offset("ab\ncé\nx", 6), Pos::new(2, 3));
        assert_eq!(pos_of_offset("", 0), Pos::START);
        let text = "ab\ncé\nx";
        let index = LineIndex::new(text);
        for byte in 0..=text.len() {
            assert_eq!(index.pos(byte), pos_of_offset(text, byte), "{byte}");
        }
        assert_eq!(quote(&"a".repeat(40)).chars().count(), 27);
    }

    /// Found by fuzzing (`read_any`): a lone `\r` ended a line for the readers but not for
    /// positions of byte offsets (a binary file's first bad byte), so the two disagreed.
    #[test]
    fn a_lone_carriage_return_ends_a_line() {
        assert_eq!(pos_of_offset("a\rbc\r\nd", 3), Pos::new(2, 2));
        assert_eq!(pos_of_offset("a\rbc\r\nd", 6), Pos::new(3, 1));
        assert_eq!(pos_of_offset("a\r", 2), Pos::new(2, 1));
        let e = crate::parse_bytes(b"1\r2\r\xff", None, None).unwrap_err();
        assert_eq!((e.line, e.column), (3, 1));
    }
}
