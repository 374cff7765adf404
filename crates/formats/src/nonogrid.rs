//! nonogrid's TOML files (and what they share with pynogram's INI files).
//!
//! ```toml
//! [colors]
//! defs = ['b = (blue) *', 'r = (red) %']
//!
//! [clues]
//! columns = """
//!     1r 5b 3r    # a comment
//!     15r, 15r, 15r
//! """
//! rows = "3r 11b, 2 1"
//! ```
//!
//! `[clues]` holds `rows` and `columns`, each a string of clues, one a line or several on a line
//! separated by commas; a clue may be quoted, blocks are separated by blanks, `0` is an empty
//! line, and `#` or `;` starts a comment that runs to the end of the line. Blank items are
//! skipped, not empty clues: that is how nonogrid reads them. `[colors]` `defs` (optional)
//! declares colours as `<name> = (<value>) <char>`, the value a CSS colour name, an RGB triplet
//! `0, 255, 0` or hex `88CC44`. A block is its length followed by a colour's name (`2r`); a bare
//! length has the default colour.
//!
//! The palette is nonogrid's: the background `W` (white, `.`), the default colour `B` (black,
//! `X`) when some bare length uses it, then the declared colours in the file's order, each
//! drawn with its character. (nonogrid keeps `B` even when unused; we drop it then, so that a
//! file of two declared colours is a puzzle of two colours, not three.) An unknown colour value
//! is an error here, where nonogrid would draw it black.
//!
//! Positions: TOML errors carry the TOML parser's; a clue's position is found inside its string,
//! exactly when the string has no escapes.

use serde::Deserialize;
use toml::Spanned;

use nonogram_model::{Clue, Puzzle, Rgb, Run};

use crate::error::{ParseError, Pos};
use crate::palette::{self, Names, PaletteBuilder};
use crate::scan::{self, ClueList};

#[derive(Deserialize)]
struct TomlFile {
    clues: TomlClues,
    colors: Option<TomlColors>,
}

#[derive(Deserialize)]
struct TomlClues {
    rows: Spanned<String>,
    columns: Spanned<String>,
}

#[derive(Deserialize)]
struct TomlColors {
    defs: Option<Vec<Spanned<String>>>,
}

/// A colour declaration: its name, its value as written, its character, where it was read.
#[derive(Debug)]
pub(crate) struct ColourDef {
    pub name: String,
    pub value: String,
    pub symbol: Option<char>,
    pub pos: Pos,
}

/// One clue as written, with its position.
#[derive(Debug)]
pub(crate) struct Item {
    pub text: String,
    pub pos: Pos,
    /// Whether `pos` is the clue's first character, each token then at its own column; if not
    /// (a TOML string with escapes, whose value is not its text in the file), `pos` is where
    /// the string starts, and every token of the clue is reported there.
    pub exact: bool,
}

/// The names a format gives its background and default colour.
pub(crate) struct Defaults {
    pub background: &'static str,
    pub black: &'static str,
}

pub(crate) fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let file: TomlFile = toml::from_str(text).map_err(|e| {
        let pos = e
            .span()
            .map_or(Pos::START, |span| scan::pos_of_offset(text, span.start));
        ParseError::syntax(pos, format!("invalid TOML: {}", e.message()))
    })?;
    let mut defs = Vec::new();
    let index = scan::LineIndex::new(text);
    for def in file.colors.and_then(|c| c.defs).unwrap_or_default() {
        let pos = index.pos(def.span().start);
        defs.push(colour_def(def.get_ref(), pos)?);
    }
    let rows = items(text, &file.clues.rows);
    let columns = items(text, &file.clues.columns);
    let defaults = Defaults {
        background: "W",
        black: "B",
    };
    build(&defaults, &defs, rows, columns)
}

/// nonogrid's `<name> = (<value>) <char>`.
fn colour_def(def: &str, pos: Pos) -> Result<ColourDef, ParseError> {
    let bad = || {
        ParseError::syntax(
            pos,
            format!(
                "expected a colour as `<name> = (<value>) <char>`, found {}",
                scan::quote(def)
            ),
        )
    };
    let (name, desc) = def.split_once('=').ok_or_else(bad)?;
    let desc = desc.trim();
    let mut chars = desc.chars();
    let symbol = chars.next_back().ok_or_else(bad)?;
    let value = chars.as_str().trim().trim_matches(|c| c == '(' || c == ')');
    Ok(ColourDef {
        name: name.trim().to_owned(),
        value: value.trim().to_owned(),
        symbol: Some(symbol),
        pos,
    })
}

/// The clues of one TOML string, each with its position in the file.
fn items(text: &str, value: &Spanned<String>) -> Vec<Item> {
    let span = value.span();
    let raw = &text[span.clone()];
    // Where the string's content starts: after the quotes, and after the newline that directly
    // follows `"""` (TOML drops it).
    let mut start = span.start;
    if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
        start += 3;
        let rest = &text[start..];
        start += if rest.starts_with("\r\n") {
            2
        } else {
            usize::from(rest.starts_with('\n'))
        };
    } else if raw.starts_with(['"', '\'']) {
        start += 1;
    }
    let content = value.get_ref();
    let index = scan::LineIndex::new(text);
    // Escapes (`\t`, a backslash at a line's end) make the value differ from its text in the
    // file: offsets in one are not offsets in the other. Such a string's clues are reported at
    // the string.
    if text.get(start..start + content.len()) != Some(content.as_str()) {
        let pos = index.pos(span.start);
        return content
            .lines()
            .flat_map(|line| line.split(['#', ';']).next().unwrap_or("").split(','))
            .map(|part| part.trim().trim_matches(['\'', '"']).trim())
            .filter(|item| !item.is_empty())
            .map(|item| Item {
                text: item.to_owned(),
                pos,
                exact: false,
            })
            .collect();
    }
    let mut out = Vec::new();
    let mut offset = 0;
    for line in content.split_inclusive('\n') {
        let here = start + offset;
        offset += line.len();
        let line = line.trim_end_matches(['\n', '\r']);
        // nonogrid cuts the comment at the first `#` or `;`, wherever it is.
        let body = line.split(['#', ';']).next().unwrap_or("");
        let mut columns = scan::Columns::new(text.get(here..).unwrap_or(""));
        let line_pos = index.pos(here);
        let mut col = 0;
        for part in body.split(',') {
            let item_start = col;
            col += part.len() + 1;
            let lead = part.len() - part.trim_start().len();
            let trimmed = part.trim().trim_matches(['\'', '"']);
            if trimmed.trim().is_empty() {
                continue;
            }
            let inner = part.find(trimmed.trim()).unwrap_or(lead);
            let column = columns.at(item_start + inner);
            let pos = Pos::new(line_pos.line, line_pos.column + column - 1);
            out.push(Item {
                text: trimmed.trim().to_owned(),
                pos,
                exact: true,
            });
        }
    }
    out
}

/// The puzzle from colour declarations and clue items, as nonogrid and pynogram read them.
pub(crate) fn build(
    defaults: &Defaults,
    defs: &[ColourDef],
    rows: Vec<Item>,
    columns: Vec<Item>,
) -> Result<Puzzle, ParseError> {
    let header = rows
        .first()
        .or(columns.first())
        .map_or(Pos::START, |i| i.pos);
    scan::checked_size(columns.len().max(1), rows.len().max(1), header)?;
    // First pass: the blocks, and whether any uses the default colour.
    let mut parsed = [Vec::new(), Vec::new()];
    let mut uses_default = false;
    for (slot, items) in parsed.iter_mut().zip([rows, columns]) {
        for Item { text, pos, exact } in items {
            let mut blocks = Vec::new();
            let mut columns = scan::Columns::new(&text);
            for (at, token) in scan::tokens(&text, char::is_whitespace) {
                let tpos = match exact {
                    true => Pos::new(pos.line, pos.column + columns.at(at) - 1),
                    false => pos,
                };
                let digits =
                    token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                let len = scan::number(&token[..digits], tpos)
                    .map_err(|_| scan::number(token, tpos).unwrap_err())?;
                let colour = &token[digits..];
                uses_default |= colour.is_empty() && len > 0;
                blocks.push((len, colour.to_owned(), tpos));
            }
            slot.push((blocks, pos));
        }
    }
    let mut builder = PaletteBuilder::new(defaults.background, Rgb::WHITE);
    let defines_default = defs.iter().any(|d| d.name == defaults.black);
    if uses_default && !defines_default {
        builder.add(defaults.black, Rgb::BLACK, &['X'], header)?;
    }
    for def in defs {
        let rgb = palette::colour_value(&def.value, Names::Css).ok_or_else(|| {
            ParseError::syntax(
                def.pos,
                format!("unknown colour {}", scan::quote(&def.value)),
            )
        })?;
        builder.add(&def.name, rgb, def.symbol.as_slice(), def.pos)?;
    }
    let [rows, columns] = parsed.map(|lines| {
        let mut list = ClueList::default();
        for (blocks, pos) in lines {
            let runs = blocks
                .into_iter()
                .filter(|(len, _, _)| *len > 0)
                .map(|(len, colour, tpos)| {
                    let name = if colour.is_empty() {
                        defaults.black
                    } else {
                        &colour
                    };
                    match builder.find(name) {
                        Some(id) if !id.is_background() => Ok(Run::new(len, id)),
                        _ => Err(ParseError::syntax(
                            tpos,
                            format!("unknown colour {} after the number", scan::quote(name)),
                        )),
                    }
                })
                .collect::<Result<Vec<Run>, ParseError>>()?;
            list.push(Clue::coloured(runs), pos);
        }
        Ok::<ClueList, ParseError>(list)
    });
    let (rows, columns) = (rows?, columns?);
    scan::build_in(
        builder.build_or_add(defaults.black, 'X'),
        rows,
        columns,
        header,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_model::ColourId;

    #[test]
    fn reads_black_and_white_and_colour() {
        let text = "[clues]\ncolumns = \"\"\"\n    7, 1 # a comment\n    '1 1' ; another\n\n\"\"\"\nrows = '1 1, 2'\n[colors]\ndefs = []\n";
        let p = parse(text).unwrap();
        assert_eq!(
            p.columns(),
            &[Clue::new([7]), Clue::new([1]), Clue::new([1, 1])]
        );
        assert_eq!(p.rows(), &[Clue::new([1, 1]), Clue::new([2])]);
        let names: Vec<&str> = p
            .palette()
            .entries()
            .map(|(_, c)| c.name.as_str())
            .collect();
        assert_eq!(names, ["W", "B"]);
        let text = "[colors]\ndefs = ['g = (0, 255, 0) *', \"r = (FF0000) &\"]\n[clues]\nrows = \"2g 1r 2\"\ncolumns = \"1g, 1g, 1r, 1, 1\"\n";
        let p = parse(text).unwrap();
        let entries: Vec<(&str, char, String)> = p
            .palette()
            .entries()
            .map(|(_, c)| (c.name.as_str(), c.symbol, c.rgb.to_string()))
            .collect();
        assert_eq!(
            entries,
            [
                ("W", '.', "#ffffff".to_owned()),
                ("B", 'X', "#000000".to_owned()),
                ("g", '*', "#00ff00".to_owned()),
                ("r", '&', "#ff0000".to_owned()),
            ]
        );
        let (b, g, r) = (
            ColourId::BLACK,
            ColourId::new(2).unwrap(),
            ColourId::new(3).unwrap(),
        );
        assert_eq!(p.rows()[0].colours(), [g, r, b]);
    }

    #[test]
    fn errors() {
        let cases: &[(&str, (usize, usize), &str)] = &[
            ("[clues]\nrows = 1\n", (2, 8), "invalid TOML"),
            ("[clues]\nrows = '1'\n", (1, 1), "missing field `columns`"),
            (
                "[clues]\nrows = '1x'\ncolumns = '1'\n",
                (2, 9),
                "unknown colour `x`",
            ),
            (
                "[clues]\nrows = '''\n1\n  x\n'''\ncolumns = '1'\n",
                (4, 3),
                "expected a number",
            ),
            // Escapes: the value is not the text, so the clue is reported at its string (the
            // fuzzer found a column past the line's end here).
            (
                "[clues]\nrows = \"\"\"\n1\\t\n  x\n\"\"\"\ncolumns = '1'\n",
                (2, 8),
                "expected a number",
            ),
            (
                "[colors]\ndefs = ['r = (nope) %']\n[clues]\nrows = '1r'\ncolumns = '1r'\n",
                (2, 9),
                "unknown colour `nope`",
            ),
            (
                "[colors]\ndefs = ['r']\n[clues]\nrows = '1r'\ncolumns = '1r'\n",
                (2, 9),
                "expected a colour as",
            ),
        ];
        for (text, (line, column), want) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {e}");
            assert!(e.to_string().contains(want), "{text:?}: {e}");
        }
    }
}
