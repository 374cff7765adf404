//! Jakub Wilk's `.nin` format, the input of his `nonogram` solver.
//!
//! The first line is `W H` (width, then height); then come `H` row lines and `W` column lines,
//! top to bottom and left to right, each the run lengths separated by blanks. A blank line or
//! `0` is an empty line. There is no separator between rows and columns and no metadata.
//!
//! We also accept commas between numbers and blank lines before the header. Whatever follows the
//! last column clue is ignored, as Wilk's solver ignores it: one file of his own test set
//! (`data142.nin`) holds several garbled copies of its puzzle after the first.

use std::fmt::Write as _;

use nonogram_model::{Clue, Puzzle};

use crate::error::{ParseError, Pos};
use crate::scan::{self, Cursor, NoTags};

pub(crate) fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let mut cursor = Cursor::new(text);
    let (n, header) = cursor.expect_line("the `width height` line")?;
    let (width, height, pos) = match scan::header_numbers(n, header)?[..] {
        [(w, pos), (h, _)] => (w, h, pos),
        _ => {
            return Err(ParseError::syntax(
                Pos::new(n, 1),
                "expected the first line to be `width height`",
            ));
        }
    };
    scan::checked_size(width, height, pos)?;
    let sep = scan::is_blank_or_comma;
    let rows = cursor.clues(height, "row", sep, &mut NoTags)?;
    let columns = cursor.clues(width, "column", sep, &mut NoTags)?;
    scan::build(rows, columns, pos)
}

/// A clue as space-separated numbers, `0` for an empty line.
pub(crate) fn clue_line(clue: &Clue) -> String {
    clue.to_string()
}

pub(crate) fn write(puzzle: &Puzzle) -> String {
    let mut out = format!("{} {}\n", puzzle.width(), puzzle.height());
    for clue in puzzle.rows().iter().chain(puzzle.columns()) {
        let _ = writeln!(out, "{}", clue_line(clue));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles_inconsistency;

    #[test]
    fn reads_the_manual_example() {
        let p = parse("6 3\n3 2\n1 2 1\n2 3\n3\n1 1\n2\n2\n1 1\n3\n").unwrap();
        assert_eq!((p.width(), p.height()), (6, 3));
        assert_eq!(p.rows()[1], Clue::new([1, 2, 1]));
        assert_eq!(p.columns()[5], Clue::new([3]));
    }

    #[test]
    fn text_after_the_columns_is_ignored() {
        let p = parse("1 1\n1\n1\n1 2 3\nwhatever\n").unwrap();
        assert_eq!(p.rows(), &[Clue::new([1])]);
    }

    #[test]
    fn empty_lines_are_empty_clues() {
        let p = parse("2 2\n\n0\n\n0\n\n").unwrap();
        assert!(p.rows().iter().chain(p.columns()).all(Clue::is_empty));
    }

    #[test]
    fn errors() {
        let cases: &[(&str, (usize, usize), &str)] = &[
            ("", (1, 1), "unexpected end of input"),
            ("5\n", (1, 1), "width height"),
            ("2 2\n1\n", (3, 1), "expected 2 row clues, found 1"),
            ("1000000000 1000000000\n", (1, 1), "too large"),
            ("0 3\n", (1, 1), "at least 1"),
            ("1 1\nx\n1\n", (2, 1), "expected a number, found `x`"),
            ("1 1\n 1 -2\n1\n", (2, 4), "negative"),
            ("1 1\n99999999999999999999\n1\n", (2, 1), "too large"),
        ];
        for (text, (line, column), want) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {e}");
            assert!(e.to_string().contains(want), "{text:?}: {e}");
        }
        // Clues that cannot all be satisfied are read: the puzzle has no solution, and says why.
        for (text, want) in [
            ("2 1\n3\n1\n1\n", "needs 3 cells"),
            (
                "2 1\n1\n1\n1\n",
                "row clues fill 1 cell but the column clues fill 2",
            ),
        ] {
            let puzzles = parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            let why = puzzles_inconsistency(std::slice::from_ref(&puzzles));
            assert!(why.contains(want), "{text:?}: {why}");
        }
    }
}
