//! The spec array of the Gecode nonogram example.
//!
//! A puzzle is a flat list of integers: the width, the height, then each column clue and then
//! each row clue, every clue written as its number of blocks followed by the blocks (`0` alone
//! for an empty line). In the Gecode sources the list is a C++ array,
//! `const int heart[] = { 9, 9, 1, 3, 2, 2, 3, ... };`, with `//` comments between the groups.
//!
//! We accept the bare list as well as the array: anything before the first `{` is taken as the
//! declaration and skipped, braces inside are ignored, numbers may be separated by commas and any
//! blanks, C and C++ comments are skipped, and only `}` and `;` may follow the last number.

use std::fmt::Write as _;

use nonogram_model::{Clue, Puzzle};

use crate::error::{ParseError, Pos};
use crate::scan::{self, ClueList};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok<'a> {
    Open,
    Close,
    Word(&'a str),
}

/// Splits the text into words and braces, skipping blanks, `,`, `;` and comments, and keeping
/// the position of each.
struct Lexer<'a> {
    text: &'a str,
    at: usize,
    /// The position of `at`, kept up to date as we go: a one-line spec of millions of numbers
    /// must not cost a scan from the line start per number.
    line: usize,
    column: usize,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            at: 0,
            line: 1,
            column: 1,
        }
    }

    fn here(&self) -> Pos {
        Pos::new(self.line, self.column)
    }

    /// Where the input ends, once it has all been read.
    fn end(&self) -> Pos {
        self.here()
    }

    fn bump_to(&mut self, to: usize) {
        for c in self.text[self.at..to].chars() {
            if c == '\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
        self.at = to;
    }

    fn next(&mut self) -> Result<Option<(Tok<'a>, Pos)>, ParseError> {
        loop {
            let rest = &self.text[self.at..];
            let Some(c) = rest.chars().next() else {
                return Ok(None);
            };
            if c.is_whitespace() || c == ',' || c == ';' {
                self.bump_to(self.at + c.len_utf8());
            } else if rest.starts_with("//") {
                let len = rest.find('\n').unwrap_or(rest.len());
                self.bump_to(self.at + len);
            } else if let Some(body) = rest.strip_prefix("/*") {
                let start = self.here();
                let len = body
                    .find("*/")
                    .ok_or_else(|| ParseError::syntax(start, "unterminated `/*` comment"))?;
                self.bump_to(self.at + len + 4);
            } else if c == '{' || c == '}' {
                let pos = self.here();
                self.bump_to(self.at + 1);
                return Ok(Some((if c == '{' { Tok::Open } else { Tok::Close }, pos)));
            } else {
                let pos = self.here();
                let len = rest
                    .find(|c: char| c.is_whitespace() || ",;{}".contains(c))
                    .unwrap_or(rest.len());
                // A comment right after a word ends it too.
                let len = rest[..len].find("//").unwrap_or(len);
                let len = rest[..len].find("/*").unwrap_or(len).max(c.len_utf8());
                let word = &rest[..len];
                self.bump_to(self.at + len);
                return Ok(Some((Tok::Word(word), pos)));
            }
        }
    }
}

/// The numbers of the list, with the brace bookkeeping.
struct Numbers<'a> {
    lexer: Lexer<'a>,
    depth: usize,
    pending: Option<(Tok<'a>, Pos)>,
}

impl<'a> Numbers<'a> {
    fn new(text: &'a str) -> Result<Numbers<'a>, ParseError> {
        let mut lexer = Lexer::new(text);
        let first = lexer.next()?;
        let mut pending = first;
        // A declaration (`const int heart[] =`) ends at the first brace.
        if let Some((Tok::Word(w), pos)) = first {
            if !w.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
                loop {
                    match lexer.next()? {
                        Some((Tok::Open, p)) => {
                            pending = Some((Tok::Open, p));
                            break;
                        }
                        Some(_) => {}
                        None => {
                            return Err(ParseError::syntax(
                                pos,
                                format!("expected a number or `{{`, found {}", scan::quote(w)),
                            ));
                        }
                    }
                }
            }
        }
        Ok(Numbers {
            lexer,
            depth: 0,
            pending,
        })
    }

    fn next_token(&mut self) -> Result<Option<(Tok<'a>, Pos)>, ParseError> {
        match self.pending.take() {
            Some(t) => Ok(Some(t)),
            None => self.lexer.next(),
        }
    }

    fn next(&mut self, what: &str) -> Result<(u32, Pos), ParseError> {
        loop {
            match self.next_token()? {
                Some((Tok::Open, _)) => self.depth += 1,
                Some((Tok::Close, pos)) => {
                    self.depth = self
                        .depth
                        .checked_sub(1)
                        .ok_or_else(|| ParseError::syntax(pos, "`}` without a matching `{`"))?;
                }
                Some((Tok::Word(w), pos)) => return Ok((scan::number(w, pos)?, pos)),
                None => {
                    return Err(ParseError::syntax(
                        self.lexer.end(),
                        format!("unexpected end of input: expected {what}"),
                    ));
                }
            }
        }
    }

    /// After the last number: closing braces only.
    fn finish(mut self) -> Result<(), ParseError> {
        while let Some((tok, pos)) = self.next_token()? {
            match tok {
                Tok::Close if self.depth > 0 => self.depth -= 1,
                Tok::Close => return Err(ParseError::syntax(pos, "`}` without a matching `{`")),
                Tok::Open => {
                    return Err(ParseError::syntax(
                        pos,
                        "unexpected `{` after the last row clue",
                    ))
                }
                Tok::Word(w) => {
                    return Err(ParseError::syntax(
                        pos,
                        format!("unexpected {} after the last row clue", scan::quote(w)),
                    ));
                }
            }
        }
        if self.depth > 0 {
            return Err(ParseError::syntax(self.lexer.end(), "missing `}`"));
        }
        Ok(())
    }
}

pub(crate) fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let mut numbers = Numbers::new(text)?;
    let (width, wpos) = numbers.next("the width")?;
    let (height, _) = numbers.next("the height")?;
    let (width, height) = (width as usize, height as usize);
    scan::checked_size(width, height, wpos)?;
    let mut read = |count: usize, name: &str| -> Result<ClueList, ParseError> {
        let mut list = ClueList::default();
        for i in 1..=count {
            let (blocks, pos) = numbers.next(&format!("the block count of {name} {i}"))?;
            // A clue too long for its line is read, as every reader reads it (the puzzle has
            // no solution, and says why); a count larger than the numbers that follow fails
            // where they run out, so it costs no more than the input.
            let mut runs = Vec::new();
            for _ in 0..blocks {
                runs.push(numbers.next(&format!("a block of {name} {i}"))?.0);
            }
            list.push(Clue::new(runs), pos);
        }
        Ok(list)
    };
    let columns = read(width, "column")?;
    let rows = read(height, "row")?;
    numbers.finish()?;
    scan::build(rows, columns, wpos)
}

pub(crate) fn write(puzzle: &Puzzle) -> String {
    let mut out = String::from("const int puzzle[] = {\n");
    let _ = writeln!(out, "  {}, {},", puzzle.width(), puzzle.height());
    for (name, clues) in [("columns", puzzle.columns()), ("rows", puzzle.rows())] {
        let _ = writeln!(out, "  // {name}");
        for clue in clues {
            let mut items = vec![clue.len().to_string()];
            items.extend(clue.runs().iter().map(u32::to_string));
            let _ = writeln!(out, "  {},", items.join(", "));
        }
    }
    out.push_str("};\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEART: &str = "const int heart[] =\n  { 9, 9,\n    // Column constraints.\n    1, 3,\n\
        2, 2, 3,\n 2, 2, 2,\n 2, 2, 2,\n 2, 2, 2,\n 2, 2, 2,\n 2, 2, 2,\n 2, 2, 3,\n 1, 3,\n\
        /* Row constraints */\n 2, 2, 2,\n 2, 4, 4,\n 3, 1, 3, 1,\n 3, 2, 1, 2,\n 2, 1, 1,\n\
        2, 2, 2,\n 2, 2, 2,\n 1, 3,\n 1, 1\n  };\n";

    #[test]
    fn reads_array_and_bare_list() {
        let p = parse(HEART).unwrap();
        assert_eq!((p.width(), p.height()), (9, 9));
        assert_eq!(p.rows()[1], Clue::new([4, 4]));
        assert_eq!(p.columns()[0], Clue::new([3]));
        assert_eq!(parse(&write(&p)).unwrap(), p);
        let bare = parse("2 1  1 1  0  1 1").unwrap();
        assert_eq!(bare.columns(), &[Clue::new([1]), Clue::empty()]);
        let nested = parse("{{1,1},{{1,1}},{1,1}}").unwrap();
        assert_eq!(nested.rows(), &[Clue::new([1])]);
    }

    /// Found by fuzzing (`read_any`): the reader refused a clue with more blocks than fit in
    /// its line, so a puzzle with such a clue, read from any other format, could be written as
    /// Gecode but not read back.
    #[test]
    fn clue_too_long_for_its_line_is_read() {
        let p = parse("1 1 2 1 1 1 1").unwrap();
        assert_eq!(p.columns(), &[Clue::new([1, 1])]);
        assert_eq!(
            p.inconsistency().map(|i| i.to_string()).as_deref(),
            Some("the clue of column 1 needs 3 cells but the line has only 1")
        );
        let written = Puzzle::new(vec![Clue::new([3])], vec![Clue::new([1]); 2]).unwrap();
        assert_eq!(parse(&write(&written)).unwrap(), written);
    }

    #[test]
    fn errors() {
        let cases: &[(&str, (usize, usize), &str)] = &[
            (
                "const int x[] = ;",
                (1, 1),
                "expected a number or `{`, found `const`",
            ),
            (
                "{ 1, 1, 1, 1 }",
                (1, 15),
                "expected the block count of row 1",
            ),
            ("1 1 1 1 1 1 7", (1, 13), "unexpected `7`"),
            ("{1 1 1 1 1 1", (1, 13), "missing `}`"),
            ("1 1 1 1 1 1 }", (1, 13), "without a matching"),
            ("1 1 /* x", (1, 5), "unterminated"),
            ("2 1 2 1 1", (1, 10), "expected the block count of column 2"),
            ("1 1 4000000000 1", (1, 17), "expected a block of column 1"),
            ("1 1 1 x", (1, 7), "expected a number, found `x`"),
            ("99999999999999999999 1", (1, 1), "too large"),
            ("5000 5000", (1, 1), "too large"),
        ];
        for (text, (line, column), want) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {e}");
            assert!(e.to_string().contains(want), "{text:?}: {e}");
        }
    }
}
