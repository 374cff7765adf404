//! pynogram's INI files, read as Python's `configparser` reads them.
//!
//! ```ini
//! [colors]
//! b = (blue) *
//! r = (red) %
//!
//! [clues]
//! columns =
//!     1r 5b 3r
//!
//!     15r, 15r, 15r
//! rows = 3r 11b, 2 1
//! ```
//!
//! A section opens with `[name]`; an option is `key = value` or `key: value`, and its value goes
//! on over the following indented lines (blank lines among them included). A line whose first
//! non-blank character is `#` or `;` is a comment, and so is the rest of a line after a `#` or
//! `;` that follows a blank. Keys ignore case. `[clues]` holds `rows` and `columns`: every
//! non-blank line of them holds one or more clues separated by commas (quotes around a clue are
//! dropped, `0` is an empty line), blocks separated by blanks, each a length and optionally a
//! colour's name (`2r`). `[colors]` (optional) declares colours as `<name> = (<value>) <char>`,
//! the value a CSS colour name, an RGB triplet or hex.
//!
//! The palette is pynogram's: the background `white` (`.`), the default colour `black` (`X`)
//! for bare lengths when some block uses it, then the declared colours in the file's order. The
//! clues are read as nonogrid reads its TOML (see [`crate::nonogrid`]).

use crate::error::{ParseError, Pos};
use crate::nonogrid::{self, ColourDef, Defaults, Item};
use crate::scan;
use nonogram_model::Puzzle;

/// One option of the file: its section, key, value lines with their positions.
struct Option_ {
    section: String,
    key: String,
    lines: Vec<(String, Pos)>,
    indent: usize,
    /// Where the value starts (or would, when it is empty) on the key's line.
    at: Pos,
}

pub(crate) fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let options = read_ini(text)?;
    let find = |section: &str, key: &str| {
        options
            .iter()
            .find(|o| o.section == section && o.key == key)
    };
    let mut defs = Vec::new();
    for option in options.iter().filter(|o| o.section == "colors") {
        // An empty value is reported where it should have been.
        let (value, pos) =
            (option.lines.first().cloned()).unwrap_or_else(|| (String::new(), option.at));
        defs.push(colour_def(&option.key, &value, pos)?);
    }
    let mut clues = Vec::new();
    for key in ["rows", "columns"] {
        let option = find("clues", key).ok_or_else(|| {
            let section = options.iter().any(|o| o.section == "clues");
            let what = if section {
                format!("the `[clues]` section has no `{key}`")
            } else {
                "missing the `[clues]` section".to_owned()
            };
            ParseError::syntax(Pos::new(text.lines().count().max(1), 1), what)
        })?;
        clues.push(items(&option.lines));
    }
    let columns = clues.pop().unwrap_or_default();
    let rows = clues.pop().unwrap_or_default();
    let defaults = Defaults {
        background: "white",
        black: "black",
    };
    nonogrid::build(&defaults, &defs, rows, columns)
}

/// `(<value>) <char>`, as pynogram's `\((.+)\) (.+)`.
fn colour_def(name: &str, value: &str, pos: Pos) -> Result<ColourDef, ParseError> {
    let parsed = value
        .strip_prefix('(')
        .and_then(|rest| rest.rsplit_once(") "))
        .filter(|(v, s)| !v.is_empty() && !s.trim().is_empty());
    let Some((inner, symbol)) = parsed else {
        return Err(ParseError::syntax(
            pos,
            format!(
                "expected a colour as `(<value>) <char>`, found {}",
                scan::quote(value)
            ),
        ));
    };
    Ok(ColourDef {
        name: name.to_owned(),
        value: inner.to_owned(),
        symbol: symbol.trim().chars().next(),
        pos,
    })
}

/// The clues of an option's lines: each non-blank line split at commas.
fn items(lines: &[(String, Pos)]) -> Vec<Item> {
    let mut out = Vec::new();
    for (line, pos) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let body = line.trim().trim_matches(',');
        let lead = line.find(body).unwrap_or(0);
        let mut byte = lead;
        let mut columns = scan::Columns::new(line);
        for part in body.split(',') {
            let start = byte;
            byte += part.len() + 1;
            let clue = part.trim().trim_matches(['\'', '"']).trim();
            let inner = part.find(clue).unwrap_or(0);
            let column = pos.column + columns.at(start + inner) - 1;
            out.push(Item {
                text: clue.to_owned(),
                pos: Pos::new(pos.line, column),
                exact: true,
            });
        }
    }
    out
}

/// The text without an inline comment: from a `#` or `;` that follows a blank.
fn strip_inline_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if (b == b'#' || b == b';') && i > 0 && bytes[i - 1].is_ascii_whitespace() {
            return &line[..i];
        }
    }
    line
}

fn read_ini(text: &str) -> Result<Vec<Option_>, ParseError> {
    let mut options: Vec<Option_> = Vec::new();
    let mut section: Option<String> = None;
    // Whether the last option may take continuation lines.
    let mut open = false;
    for (n, raw) in scan::lines(text) {
        let trimmed = raw.trim();
        if trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        let line = strip_inline_comment(raw);
        let indent = line.len() - line.trim_start().len();
        if line.trim().is_empty() {
            if open {
                if let Some(last) = options.last_mut() {
                    last.lines.push((String::new(), Pos::new(n, 1)));
                }
            }
            continue;
        }
        if open && options.last().is_some_and(|o| indent > o.indent) {
            let last = options.last_mut().expect("an open option");
            last.lines
                .push((line.trim_end().to_owned(), Pos::new(n, 1)));
            continue;
        }
        open = false;
        let body = line.trim();
        if let Some(name) = body.strip_prefix('[').and_then(|b| b.strip_suffix(']')) {
            section = Some(name.trim().to_owned());
            continue;
        }
        let Some(sep) = body.find(['=', ':']) else {
            return Err(ParseError::syntax(
                Pos::new(n, scan::column(raw, indent)),
                format!(
                    "expected `[section]` or `key = value`, found {}",
                    scan::quote(body)
                ),
            ));
        };
        let Some(section) = section.clone() else {
            return Err(ParseError::syntax(
                Pos::new(n, scan::column(raw, indent)),
                "an option before any `[section]` header",
            ));
        };
        let key = body[..sep].trim().to_lowercase();
        let value = body[sep + 1..].trim();
        let value_at = raw.len() - raw.trim_start().len() + sep + 1;
        let value_at = value_at + (body[sep + 1..].len() - body[sep + 1..].trim_start().len());
        let pos = Pos::new(n, scan::column(raw, value_at));
        let mut lines = Vec::new();
        if !value.is_empty() {
            lines.push((value.to_owned(), pos));
        }
        options.retain(|o| !(o.section == section && o.key == key));
        options.push(Option_ {
            section,
            key,
            lines,
            indent,
            at: pos,
        });
        open = true;
    }
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_model::{Clue, ColourId};

    #[test]
    fn reads_continued_values_and_colours() {
        let text = "# UK\n[colors]\nb = (blue) *\nr = (red) %\n\n[clues]\ncolumns =\n    1r 1b ; c\n\n    2b, 1b\n\nrows = 1r 1b, 2b   # x\n";
        let p = parse(text).unwrap();
        let entries: Vec<(&str, char)> = p
            .palette()
            .entries()
            .map(|(_, c)| (c.name.as_str(), c.symbol))
            .collect();
        assert_eq!(entries, [("white", '.'), ("b", '*'), ("r", '%')]);
        let (b, r) = (ColourId::BLACK, ColourId::new(2).unwrap());
        assert_eq!(p.rows()[0].colours(), [r, b]);
        assert_eq!(p.columns().len(), 3);
        let bw = parse("[clues]\ncolumns: 1, 1\nrows = 2, 0\n").unwrap();
        assert_eq!(bw.rows(), &[Clue::new([2]), Clue::empty()]);
        assert!(bw.is_black_and_white());
    }

    #[test]
    fn errors() {
        let cases: &[(&str, (usize, usize), &str)] = &[
            ("columns = 1\n", (1, 1), "before any `[section]`"),
            ("[clues]\nnonsense\n", (2, 1), "expected `[section]`"),
            ("[clues]\nrows = 1\n", (2, 1), "has no `columns`"),
            (
                "[clues]\nrows = 1\ncolumns = 1, x2\n",
                (3, 14),
                "expected a number",
            ),
            (
                "[colors]\nr = red\n[clues]\nrows = 1r\ncolumns = 1r\n",
                (2, 5),
                "expected a colour as",
            ),
            // An empty colour was reported at line 0 (found by fuzzing).
            ("[colors]\nb = \n", (2, 4), "expected a colour as"),
            ("[colors]\n= # x\n", (2, 2), "expected a colour as"),
            (
                "[clues]\nrows = 1q\ncolumns = 1q\n",
                (2, 8),
                "unknown colour `q`",
            ),
        ];
        for (text, (line, column), want) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {e}");
            assert!(e.to_string().contains(want), "{text:?}: {e}");
        }
    }
}
