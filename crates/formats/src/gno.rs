//! gnonograms' `.gno` files, read as gnonograms' own `Filereader` reads them.
//!
//! ```text
//! [Description]
//! Random pattern
//!
//! 2021-12-05T15:41:27+0000
//! 4
//! [Dimensions]
//! 20
//! 30
//! [Row clues]
//! 1, 8, 1, 1
//! …
//! [Column clues]
//! …
//! [Solution grid]
//! 2 1 2 2 …
//! ```
//!
//! A file is a list of sections, each a heading in brackets and a body; only the first three
//! letters of a heading count, in any case (`DIM`, `ROW`, `COL`, `SOL`, `DES`; others, such as
//! `[Working grid]`, `[Locked]` or `[History]`, are ignored), and blank lines in a body are
//! skipped. `Dimensions` gives the rows, then the columns. Each clue line holds numbers separated
//! by commas or blanks, `0` for an empty line. The solution grid has a line per row of `1`
//! (empty) and `2` (filled), separated by blanks; it becomes the goal, and gives the clues when
//! the file has none. The description's first line is the title (percent-escaped, as
//! gnonograms writes it). gnonograms has no colours.

use nonogram_model::{check_size, Limits, Picture, Puzzle};

use crate::error::{ParseError, Pos};
use crate::scan::{self, ClueList, NoTags};

/// A section: its heading's first three letters, uppercase, and its non-blank lines.
struct Section<'a> {
    key: String,
    at: Pos,
    lines: Vec<(usize, &'a str)>,
}

fn sections(text: &str) -> Result<Vec<Section<'_>>, ParseError> {
    let mut out: Vec<Section<'_>> = Vec::new();
    for (n, line) in scan::lines(text) {
        let trimmed = line.trim();
        if let Some(heading) = trimmed.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
            let key: String = heading
                .chars()
                .take(3)
                .flat_map(char::to_uppercase)
                .collect();
            out.push(Section {
                key,
                at: Pos::new(n, 1),
                lines: Vec::new(),
            });
            continue;
        }
        if trimmed.is_empty() {
            continue;
        }
        match out.last_mut() {
            Some(section) => section.lines.push((n, line)),
            None => {
                return Err(ParseError::syntax(
                    Pos::new(n, 1),
                    format!(
                        "expected a `[section]` heading, found {}",
                        scan::quote(trimmed)
                    ),
                ));
            }
        }
    }
    Ok(out)
}

pub(crate) fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let sections = sections(text)?;
    let find = |key: &str| sections.iter().find(|s| s.key == key);
    let dims =
        find("DIM").ok_or_else(|| ParseError::syntax(Pos::START, "missing `[Dimensions]`"))?;
    let numbers: Vec<(usize, Pos)> = dims
        .lines
        .iter()
        .map(|&(n, l)| {
            let pos = Pos::new(n, 1);
            scan::size(l.trim(), pos).map(|v| (v, pos))
        })
        .collect::<Result<_, _>>()?;
    let [(rows, rpos), (columns, _)] = numbers[..] else {
        return Err(ParseError::syntax(
            dims.at,
            "`[Dimensions]` must give two numbers: the rows, then the columns",
        ));
    };
    check_size(columns, rows, Limits::DEFAULT).map_err(|e| ParseError::invalid(rpos, e))?;

    let clues = |key: &str, count: usize, name: &str| -> Result<Option<ClueList>, ParseError> {
        let Some(section) = find(key) else {
            return Ok(None);
        };
        if section.lines.len() != count {
            return Err(ParseError::syntax(
                section.at,
                format!(
                    "expected {count} {name} clues, found {}",
                    section.lines.len()
                ),
            ));
        }
        let mut list = ClueList::default();
        for &(n, line) in &section.lines {
            let pos = Pos::new(n, 1);
            let sep = |c: char| c == ',' || c.is_whitespace();
            list.push(scan::clue(line, pos, sep, &mut NoTags)?, pos);
        }
        Ok(Some(list))
    };
    let row_clues = clues("ROW", rows, "row")?;
    let column_clues = clues("COL", columns, "column")?;
    let goal = match find("SOL") {
        Some(section) => Some(solution(section, rows, columns)?),
        None => None,
    };
    let mut puzzle = match (row_clues, column_clues, &goal) {
        (Some(r), Some(c), _) => scan::build(r, c, dims.at)?,
        (None, None, Some(goal)) => Puzzle::from_picture(goal),
        (None, _, _) => return Err(ParseError::syntax(Pos::START, "missing `[Row clues]`")),
        (_, None, _) => return Err(ParseError::syntax(Pos::START, "missing `[Column clues]`")),
    };
    puzzle.metadata.goal = goal;
    if let Some(&(_, name)) = find("DES").and_then(|d| d.lines.first()) {
        puzzle.metadata.title = Some(percent_decode(name.trim()));
    }
    Ok(puzzle)
}

fn solution(section: &Section<'_>, rows: usize, columns: usize) -> Result<Picture, ParseError> {
    if section.lines.len() != rows {
        return Err(ParseError::syntax(
            section.at,
            format!(
                "the solution grid has {} rows but the puzzle has {rows}",
                section.lines.len()
            ),
        ));
    }
    let mut picture = Picture::new(columns, rows);
    for (r, &(n, line)) in section.lines.iter().enumerate() {
        let cells: Vec<(usize, &str)> = scan::tokens(line, char::is_whitespace).collect();
        if cells.len() != columns {
            return Err(ParseError::syntax(
                Pos::new(n, 1),
                format!("this row of the solution grid has {} cells but the puzzle has {columns} columns", cells.len()),
            ));
        }
        for (c, (at, cell)) in cells.into_iter().enumerate() {
            match cell {
                "1" => {}
                "2" => picture.set(r, c, true),
                other => {
                    return Err(ParseError::syntax(
                        Pos::new(n, scan::column(line, at)),
                        format!(
                            "expected `1` (empty) or `2` (filled) in the solution grid, found {}",
                            scan::quote(other)
                        ),
                    ));
                }
            }
        }
    }
    Ok(picture)
}

/// `%20`-style escapes decoded; a bad escape stays as written.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(v)) => {
                out.push(v);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_model::Clue;

    const SMALL: &str = "[Description]\nTwo%20dots\n\n2021-12-05\n4\n[Dimensions]\n2\n3\n\
        [Row clues]\n1, 1\n0\n[Column clues]\n1\n0\n1\n[Solution grid]\n2 1 2 \n1 1 1\n[Locked]\ntrue\n";

    #[test]
    fn reads_clues_title_and_solution() {
        let p = parse(SMALL).unwrap();
        assert_eq!(p.rows(), &[Clue::new([1, 1]), Clue::empty()]);
        assert_eq!(p.width(), 3);
        assert_eq!(p.metadata.title.as_deref(), Some("Two dots"));
        assert!(p.is_solved_by(p.metadata.goal.as_ref().unwrap()));
        let no_clues = "[dimensions]\n1\n2\n[solution]\n2 2\n";
        assert_eq!(parse(no_clues).unwrap().rows(), &[Clue::new([2])]);
    }

    #[test]
    fn errors() {
        let cases: &[(&str, (usize, usize), &str)] = &[
            (
                "hello\n[Dimensions]\n",
                (1, 1),
                "expected a `[section]` heading",
            ),
            ("[Row clues]\n1\n", (1, 1), "missing `[Dimensions]`"),
            ("[Dimensions]\n2\n", (1, 1), "two numbers"),
            ("[Dimensions]\n2\nx\n", (3, 1), "expected a number"),
            (
                "[Dimensions]\n1\n1\n[Row clues]\n1\n2\n",
                (4, 1),
                "expected 1 row clues, found 2",
            ),
            (
                "[Dimensions]\n1\n1\n[Row clues]\n1\n",
                (1, 1),
                "missing `[Column clues]`",
            ),
            (
                "[Dimensions]\n1\n2\n[Solution grid]\n2 3\n",
                (5, 3),
                "expected `1` (empty)",
            ),
            (
                "[Dimensions]\n1\n2\n[Solution grid]\n2\n",
                (5, 1),
                "has 1 cells",
            ),
        ];
        for (text, (line, column), want) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {e}");
            assert!(e.to_string().contains(want), "{text:?}: {e}");
        }
    }
}
