//! The `.cwd` format of Alexander Meshcheryakov's QNonograms and Vladimir Sukhoy's solver.
//!
//! The height is on the first line and the width on the second; then come the row clues one a
//! line, a blank line, and the column clues. Numbers are separated by blanks and `0` is an empty
//! line. Since the counts are known, a blank line among the clues is read as an empty clue and
//! the blank separator is optional; blank lines at the end are ignored.

use nonogram_model::Puzzle;

use crate::error::ParseError;
use crate::scan::{self, Cursor, NoTags};

pub(crate) fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let mut cursor = Cursor::new(text);
    let mut side = |what: &str| -> Result<_, ParseError> {
        let (n, line) = cursor.expect_line(what)?;
        match scan::header_numbers(n, line)?[..] {
            [(v, pos)] => Ok((v, pos)),
            _ => Err(ParseError::syntax(
                crate::error::Pos::new(n, 1),
                format!("expected {what} alone on its line"),
            )),
        }
    };
    let (height, _) = side("the height")?;
    let (width, pos) = side("the width")?;
    scan::checked_size(width, height, pos)?;
    let sep = scan::is_blank_or_comma;
    let rows = cursor.clues(height, "row", sep, &mut NoTags)?;
    if cursor.peek().is_some_and(|(_, l)| l.trim().is_empty()) {
        cursor.advance();
    }
    let columns = cursor.clues(width, "column", sep, &mut NoTags)?;
    cursor.expect_end("the last column clue")?;
    scan::build(rows, columns, pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_model::Clue;

    #[test]
    fn reads_with_and_without_separator() {
        for text in ["2\n1\n1\n0\n\n1\n", "2\n1\n1\n0\n1\n\n\n"] {
            let p = parse(text).unwrap();
            assert_eq!((p.width(), p.height()), (1, 2));
            assert_eq!(p.rows(), &[Clue::new([1]), Clue::empty()]);
        }
    }

    #[test]
    fn errors() {
        let cases: &[(&str, (usize, usize), &str)] = &[
            ("2 1\n", (1, 1), "the height alone"),
            ("2\n", (2, 1), "unexpected end of input: expected the width"),
            ("1\n1\n1\n\n", (5, 1), "expected 1 column clues, found 0"),
            ("1\n1\n1\n\n1\n7\n", (6, 1), "unexpected `7`"),
            ("4096\n4097\n", (2, 1), "too large"),
        ];
        for (text, (line, column), want) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {e}");
            assert!(e.to_string().contains(want), "{text:?}: {e}");
        }
    }
}
