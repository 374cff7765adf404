//! Petr Olšák's formats, from his `grid` solver: `.mk` and `.g`.
//!
//! **`.mk`** is the simple one: the first line is `H W` (height first), then `H` row lines, a
//! line holding only `#`, and `W` column lines; numbers are separated by blanks and a blank line
//! or `0` is an empty line.
//!
//! **`.g`** is the general one. Every line before the first line that starts with `:` or `#` is a
//! comment. A line starting with `#d` (or `#D`) opens the colour declarations, one a line as
//! `<in>:<out> <xpm-colour> <comment>`, where `<in>` is the character that follows a number to
//! give its colour (`3m`), `0` declares the background and `1` the default colour. A line starting
//! with `:` (the rest of it is a comment) opens the rows, the next such line the columns, and a
//! third one ends the puzzle; everything after it is ignored. Between them each line is one clue,
//! a blank line an empty one. `#t` (or `#T`) declares a triddler, a hexagonal puzzle with three
//! families of lines, which we refuse; so is any file whose clues use more than one colour
//! (including the triangle blocks such as `/4\` of some colour puzzles).

use nonogram_model::Puzzle;

use crate::error::{ParseError, ParseErrorKind, Pos};
use crate::scan::{self, ClueList, Colours, Cursor, Tags};

pub(crate) fn parse_mk(text: &str) -> Result<Puzzle, ParseError> {
    let mut cursor = Cursor::new(text);
    let (n, header) = cursor.expect_line("the `height width` line")?;
    let (height, width, pos) = match scan::header_numbers(n, header)?[..] {
        [(h, pos), (w, _)] => (h, w, pos),
        _ => {
            return Err(ParseError::syntax(
                Pos::new(n, 1),
                "expected the first line to be `height width`",
            ));
        }
    };
    scan::checked_size(width, height, pos)?;
    let mut colours = Colours::default();
    let sep = scan::is_blank_or_comma;
    // A `#` among the rows would be read as a bad number; say what it really means instead.
    let mut rows = ClueList::default();
    while rows.len() < height {
        let Some((n, line)) = cursor.peek() else {
            break;
        };
        if line.trim() == "#" {
            return Err(ParseError::syntax(
                Pos::new(n, 1),
                format!(
                    "found `#` after {} row clues, but the header declares {height}",
                    rows.len()
                ),
            ));
        }
        rows.push(
            scan::clue(line, Pos::new(n, 1), sep, Tags::Colour, &mut colours)?,
            Pos::new(n, 1),
        );
        cursor.advance();
    }
    if rows.len() < height {
        return Err(ParseError::syntax(
            cursor.end(),
            format!(
                "unexpected end of input: expected {height} row clues, found {}",
                rows.len()
            ),
        ));
    }
    match cursor.advance() {
        Some((_, line)) if line.trim() == "#" => {}
        Some((n, line)) => {
            return Err(ParseError::syntax(
                Pos::new(n, 1),
                format!(
                    "expected `#` after the {height} row clues, found {}",
                    scan::quote(line)
                ),
            ));
        }
        None => {
            return Err(ParseError::syntax(
                cursor.end(),
                "unexpected end of input: expected `#` and the column clues",
            ));
        }
    }
    let columns = cursor.clues(width, "column", sep, Tags::Colour, &mut colours)?;
    cursor.expect_end("the last column clue")?;
    scan::build(rows, columns, pos)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Section {
    Preamble,
    Colours,
    Rows,
    Columns,
}

pub(crate) fn parse_g(text: &str) -> Result<Puzzle, ParseError> {
    let mut cursor = Cursor::new(text);
    let mut section = Section::Preamble;
    let mut colours = Colours::default();
    let mut rows = ClueList::default();
    let mut columns = ClueList::default();
    let mut rows_at = Pos::START;
    // Which column lines were blank, to drop trailing ones when no `:` line ends the puzzle.
    let mut blank_columns = Vec::new();
    let mut ended = false;
    while let Some((n, line)) = cursor.advance() {
        let pos = Pos::new(n, 1);
        if line.starts_with(':') {
            section = match section {
                Section::Preamble | Section::Colours => {
                    rows_at = pos;
                    Section::Rows
                }
                Section::Rows => Section::Columns,
                Section::Columns => {
                    ended = true;
                    break;
                }
            };
            continue;
        }
        match section {
            Section::Preamble | Section::Colours => {
                let lower = line.get(..2).map(str::to_ascii_lowercase);
                match lower.as_deref() {
                    Some("#d") => section = Section::Colours,
                    Some("#t") => {
                        return Err(ParseError::at(
                            pos,
                            ParseErrorKind::Unsupported("triddlers (hexagonal puzzles)"),
                        ));
                    }
                    // Colour declarations need no checking of their own: the clues say which
                    // colours are used, and more than one is refused there.
                    _ => {}
                }
            }
            Section::Rows | Section::Columns => {
                let list = if section == Section::Rows {
                    &mut rows
                } else {
                    &mut columns
                };
                let clue = scan::clue(
                    line,
                    pos,
                    scan::is_blank_or_comma,
                    Tags::Colour,
                    &mut colours,
                )?;
                list.push(clue, pos);
                if section == Section::Columns {
                    blank_columns.push(line.trim().is_empty());
                }
                let (w, h) = (columns.len().max(1), rows.len().max(1));
                scan::checked_size(w, h, pos)?;
            }
        }
    }
    match section {
        Section::Preamble | Section::Colours => {
            return Err(ParseError::syntax(
                cursor.end(),
                "expected a line starting with `:` before the row clues",
            ));
        }
        Section::Rows => {
            return Err(ParseError::syntax(
                cursor.end(),
                "expected a line starting with `:` between the row and the column clues",
            ));
        }
        Section::Columns => {}
    }
    if !ended {
        // Without a closing `:` line, trailing blank lines are layout, not empty columns.
        while blank_columns.pop() == Some(true) {
            columns.clues.pop();
            columns.positions.pop();
        }
    }
    scan::build(rows, columns, rows_at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_model::Clue;

    const MK: &str = "3 2\n1\n2\n0\n#\n2\n1\n";

    #[test]
    fn reads_mk() {
        let p = parse_mk(MK).unwrap();
        assert_eq!((p.width(), p.height()), (2, 3));
        assert_eq!(p.rows()[2], Clue::empty());
        let crlf = MK.replace('\n', "\r\n") + "\r\n\r\n";
        assert_eq!(parse_mk(&crlf).unwrap(), p);
    }

    #[test]
    fn reads_g_with_comments_and_one_colour() {
        let text =
            "A comment.\n#d\n  m:% blue\n: rows\n1m\n2m\n\n: columns\n2m\n1m\n: end\ntrailing";
        let p = parse_g(text).unwrap();
        assert_eq!(p.rows(), &[Clue::new([1]), Clue::new([2]), Clue::empty()]);
        let open_end = "comment\n:\n1\n:\n1\n\n\n";
        assert_eq!(parse_g(open_end).unwrap().width(), 1);
    }

    #[test]
    fn errors() {
        let mk: &[(&str, (usize, usize), &str)] = &[
            ("3 2\n1\n#\n", (3, 1), "found `#` after 1 row clues"),
            ("1 2\n2\n1\n1\n", (3, 1), "expected `#`"),
            ("1 1\n1a\n#\n1b\n", (4, 1), "colour"),
            ("1 1\n1\n#\n", (4, 1), "expected 1 column clues"),
        ];
        for (text, (line, column), want) in mk {
            let e = parse_mk(text).unwrap_err();
            assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {e}");
            assert!(e.to_string().contains(want), "{text:?}: {e}");
        }
        let g: &[(&str, (usize, usize), &str)] = &[
            ("#t\n:\n", (1, 1), "triddlers"),
            ("only words\n", (2, 1), "before the row clues"),
            (":\n1\n", (3, 1), "between the row and the column"),
            ("#d\n:\n1m\n:\n1\n:\n", (5, 1), "colour puzzles"),
            (":\n/4\\\n:\n4\n", (4, 1), "colour puzzles"),
            (":\nx\n:\n4\n", (2, 1), "expected a number"),
            ("#d\n:\n/4\\\n2\n:\n4\n", (4, 1), "colour puzzles"),
        ];
        for (text, (line, column), want) in g {
            let e = parse_g(text).unwrap_err();
            assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {e}");
            assert!(e.to_string().contains(want), "{text:?}: {e}");
        }
    }
}
