//! A JSON object with the clues as arrays of numbers.
//!
//! ```json
//! { "title": "Dancer", "author": "Jan Wolter",
//!   "rows": [[2], [2, 1], []], "columns": [[2, 1], [7]],
//!   "goal": [".##..", "##.#."] }
//! ```
//!
//! `rows` and `columns` (or `cols`) are required; an empty line is `[]` or `[0]`. `title`,
//! `author`, `copyright`, `license` and `goal` (rows of `#`/`.`, as the picture format reads
//! them) are optional, and other keys are ignored, so the shape used by ThomasR's
//! nonogram-solver (with its `content` array) is read too. Like that project's examples we
//! accept `//` and `/* */` comments; a top-level array holds several puzzles.
//!
//! Positions come from `serde_json` for syntax and type errors; an invalid puzzle (a clue that
//! does not fit, totals that differ) is reported at the start of the object, since the parsed
//! values no longer know where they were.

use serde::Deserialize;

use nonogram_model::{Clue, Picture, Puzzle};

use crate::error::{ParseError, ParseErrorKind, Pos};
use crate::picture;
use crate::scan;

#[derive(Deserialize)]
struct JsonPuzzle {
    rows: Vec<Vec<u32>>,
    #[serde(alias = "cols")]
    columns: Vec<Vec<u32>>,
    title: Option<String>,
    author: Option<String>,
    copyright: Option<String>,
    license: Option<String>,
    goal: Option<Vec<String>>,
}

pub(crate) fn parse(text: &str) -> Result<Vec<Puzzle>, ParseError> {
    let clean = strip_comments(text)?;
    let start = clean.find(|c: char| !c.is_whitespace()).unwrap_or(0);
    let at = scan::pos_of_offset(&clean, start);
    let json_error = |e: serde_json::Error| {
        let pos = Pos::new(e.line().max(1), char_column(text, e.line(), e.column()));
        ParseError::syntax(
            pos,
            lowercase_first(
                &e.to_string()
                    .replace(&format!(" at line {} column {}", e.line(), e.column()), ""),
            ),
        )
    };
    let items: Vec<JsonPuzzle> = if clean[start..].starts_with('[') {
        serde_json::from_str(&clean).map_err(json_error)?
    } else {
        vec![serde_json::from_str(&clean).map_err(json_error)?]
    };
    if items.len() > scan::MAX_PUZZLES {
        return Err(ParseError::syntax(
            at,
            format!("more than {} puzzles in one file", scan::MAX_PUZZLES),
        ));
    }
    items.into_iter().map(|item| build(item, at)).collect()
}

fn lowercase_first(s: &str) -> String {
    let mut chars = s.chars();
    // "Missing field" becomes "missing field", but "EOF while…" stays as it is.
    match (chars.next(), chars.clone().next()) {
        (Some(c), Some(d)) if d.is_lowercase() => c.to_lowercase().chain(chars).collect(),
        _ => s.to_owned(),
    }
}

fn build(item: JsonPuzzle, at: Pos) -> Result<Puzzle, ParseError> {
    scan::checked_size(item.columns.len(), item.rows.len(), at)?;
    let list = |lines: Vec<Vec<u32>>| {
        let mut list = scan::ClueList::default();
        for runs in lines {
            list.push(Clue::new(runs), at);
        }
        list
    };
    let mut puzzle = scan::build(list(item.rows), list(item.columns), at)?;
    puzzle.metadata.title = item.title;
    puzzle.metadata.author = item.author;
    puzzle.metadata.copyright = item.copyright;
    puzzle.metadata.license = item.license;
    if let Some(rows) = item.goal {
        let rows = rows.iter().enumerate().map(|(i, r)| (i + 1, r.as_str()));
        let goal = picture::parse_rows(rows).map_err(|e| match e.kind() {
            // A place in the goal's strings is no place in the file: name the row and the
            // character, at the puzzle.
            ParseErrorKind::Syntax(message) => ParseError::syntax(
                at,
                format!("goal row {}, character {}: {message}", e.line, e.column),
            ),
            _ => e.moved_to(at),
        })?;
        if goal.width() != puzzle.width() || goal.height() != puzzle.height() {
            return Err(ParseError::syntax(
                at,
                format!(
                    "the goal is {}x{} but the puzzle is {}x{}",
                    goal.width(),
                    goal.height(),
                    puzzle.width(),
                    puzzle.height()
                ),
            ));
        }
        puzzle.metadata.goal = Some(goal);
    }
    Ok(puzzle)
}

/// The text with `//` and `/* */` comments outside strings replaced by spaces, so that every
/// position stays where it was.
/// The column in characters of serde_json's column, which counts bytes (the last byte it read
/// on line `line`, from 1). `strip_comments` keeps every byte in place, so `text` is the input.
fn char_column(text: &str, line: usize, byte_column: usize) -> usize {
    let Some(line) = text.split('\n').nth(line.saturating_sub(1)) else {
        return byte_column.max(1);
    };
    let chars = line.char_indices().take_while(|&(i, _)| i < byte_column);
    chars.count().max(1)
}

fn strip_comments(text: &str) -> Result<String, ParseError> {
    if !text.contains('/') {
        return Ok(text.to_owned());
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    let mut in_string = false;
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            out.push(b);
            if b == b'\\' && i + 1 < bytes.len() {
                out.push(bytes[i + 1]);
                i += 2;
                continue;
            }
            in_string = b != b'"';
            i += 1;
        } else if b == b'"' {
            in_string = true;
            out.push(b);
            i += 1;
        } else if bytes[i..].starts_with(b"//") {
            while i < bytes.len() && bytes[i] != b'\n' {
                out.push(b' ');
                i += 1;
            }
        } else if bytes[i..].starts_with(b"/*") {
            let Some(len) = text[i + 2..].find("*/") else {
                return Err(ParseError::syntax(
                    scan::pos_of_offset(text, i),
                    "unterminated `/*` comment",
                ));
            };
            for &c in &bytes[i..i + len + 4] {
                out.push(if c == b'\n' { b'\n' } else { b' ' });
            }
            i += len + 4;
        } else {
            out.push(b);
            i += 1;
        }
    }
    // Only ASCII bytes of comments were replaced, by ASCII: still UTF-8... except that a comment
    // may hold multi-byte characters, each of whose bytes became a space. Spaces are UTF-8 too.
    Ok(String::from_utf8(out)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

/// A JSON string literal.
fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_owned())
}

fn clue_array(clue: &Clue) -> String {
    let runs: Vec<String> = clue.runs().iter().map(u32::to_string).collect();
    format!("[{}]", runs.join(", "))
}

fn lines_array(clues: &[Clue]) -> String {
    let items: Vec<String> = clues.iter().map(clue_array).collect();
    format!("[\n    {}\n  ]", items.join(",\n    "))
}

pub(crate) fn write(puzzle: &Puzzle) -> String {
    let m = &puzzle.metadata;
    let mut fields = Vec::new();
    for (key, value) in [
        ("title", &m.title),
        ("author", &m.author),
        ("copyright", &m.copyright),
        ("license", &m.license),
    ] {
        if let Some(value) = value {
            fields.push(format!("  \"{key}\": {}", quoted(value)));
        }
    }
    fields.push(format!("  \"rows\": {}", lines_array(puzzle.rows())));
    fields.push(format!("  \"columns\": {}", lines_array(puzzle.columns())));
    if let Some(goal) = &m.goal {
        fields.push(format!("  \"goal\": {}", goal_array(goal)));
    }
    format!("{{\n{}\n}}\n", fields.join(",\n"))
}

fn goal_array(goal: &Picture) -> String {
    let rows: Vec<String> = goal.row_strings().iter().map(|r| quoted(r)).collect();
    format!("[\n    {}\n  ]", rows.join(",\n    "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles_inconsistency;

    #[test]
    fn reads_thomasr_shape_with_comments() {
        let text = "{\n  \"rows\": [[1], [2]],\n  \"columns\":  [[2], [1]],\n  \"content\": [0, 0, 1, 0] // optional\n}\n";
        let p = parse(text).unwrap().remove(0);
        assert_eq!(p.rows(), &[Clue::new([1]), Clue::new([2])]);
        assert_eq!(p.columns(), &[Clue::new([2]), Clue::new([1])]);
    }

    #[test]
    fn aliases_empty_lines_and_arrays() {
        let text = "[{\"rows\": [[0], []], \"cols\": [[], []]}, /* two */ {\"rows\": [[1]], \"columns\": [[1]], \"title\": \"a // b\"}]";
        let ps = parse(text).unwrap();
        assert_eq!(ps.len(), 2);
        assert!(ps[0].rows().iter().all(Clue::is_empty));
        assert_eq!(ps[1].metadata.title.as_deref(), Some("a // b"));
    }

    #[test]
    fn writes_and_reads_back() {
        let goal = Picture::from_rows(&[vec![true, false], vec![true, true]]).unwrap();
        let mut p = Puzzle::from_picture(&goal);
        p.metadata.title = Some("quote \" and \n newline".into());
        p.metadata.goal = Some(goal);
        assert_eq!(parse(&write(&p)).unwrap(), vec![p]);
    }

    #[test]
    fn errors() {
        let cases: &[(&str, (usize, usize), &str)] = &[
            ("{\"rows\": [[1]]}", (1, 15), "missing field `columns`"),
            (
                "{\"rows\": [[-1]], \"columns\": [[1]]}",
                (1, 13),
                "invalid value",
            ),
            (
                "{\"rows\": [[99999999999999999999]], \"columns\": [[1]]}",
                (1, 31),
                "expected u32",
            ),
            (
                "{\"rows\": [[\"a\"]], \"columns\": [[1]]}",
                (1, 14),
                "invalid type",
            ),
            ("{\"rows\": [], \"columns\": []}", (1, 1), "at least 1"),
            (
                "{\"rows\": [[1]], \"columns\": [[1]], \"goal\": [\"#\", \"#\"]}",
                (1, 1),
                "goal is 1x2",
            ),
            // Found by fuzzing (`read_any`): a bad goal character was placed at its index in
            // the goal's string, as if that were a column of the file.
            (
                "\n{\"rows\": [[1]], \"columns\": [[1]], \"goal\": [\"..2\"]}",
                (2, 1),
                "goal row 1, character 3: unexpected `2` in a picture",
            ),
            ("{\"rows\": [[1]], /* ", (1, 17), "unterminated"),
            ("{\"rows\": [[1]],", (1, 15), "EOF while parsing"),
            // Found by fuzzing (`read_any`): serde_json counts columns in bytes, ours count
            // characters; the BOM here is three bytes and one character.
            ("\"\u{feff}", (1, 2), "EOF while parsing a string"),
            ("{\"title\": \"é\", \"rows\": x", (1, 24), "expected value"),
        ];
        for (text, (line, column), want) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {e}");
            assert!(e.to_string().contains(want), "{text:?}: {e}");
        }
        // Clues that cannot all be satisfied are read: the puzzle has no solution, and says why.
        let (text, want) = ("\n  {\"rows\": [[2]], \"columns\": [[1]]}", "needs 2 cells");
        let puzzles = parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let why = puzzles_inconsistency(&puzzles);
        assert!(why.contains(want), "{text:?}: {why}");
    }
}
