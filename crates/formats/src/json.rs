//! A JSON object with the clues as arrays of runs.
//!
//! ```json
//! { "title": "Dancer", "author": "Jan Wolter",
//!   "rows": [[2], [2, 1], []], "columns": [[2, 1], [7]],
//!   "goal": [".##..", "##.#."] }
//! ```
//!
//! `rows` and `columns` (or `cols`) are required; an empty line is `[]` or `[0]`. `title`,
//! `author`, `copyright`, `license` and `goal` are optional, and other keys are ignored, so the
//! shape used by ThomasR's nonogram-solver (with its `content` array) is read too. Like that
//! project's examples we accept `//` and `/* */` comments; a top-level array holds several
//! puzzles.
//!
//! A colour puzzle adds a `palette` (or `colors`, `colours`): an array of entries
//! `{"name": "white", "rgb": "#ffffff", "symbol": "."}`, the background first, then each colour;
//! `rgb` (or `color`, `colour`) takes hex, an RGB triplet or a CSS colour name, and `symbol` (or
//! `char`), the character that draws the colour, may be left out (one is chosen). A run is then
//! a number (a run of the first colour), a string of the length and the colour's symbol or name
//! (`"3r"`, `"3red"`), or an object `{"length": 3, "colour": "red"}` (`len`, `color` too).
//! Without a palette the puzzle is black and white. The `goal` is a list of rows, each cell the
//! symbol of its colour (`#` and `.` without a palette, or any character the picture format
//! reads).
//!
//! `givens`, optional, states cells of the puzzle's grid (see
//! [`Puzzle::givens`](nonogram_model::Puzzle::givens)): a list of rows like the goal's, each
//! cell the symbol of its colour (`#` filled and `.` empty without a palette) or `?` for a cell
//! not given, blanks ignored: `"givens": ["?#???", "?????"]`. Givens the clues cannot agree with
//! are read: the puzzle then has no solution.
//!
//! A triangle puzzle (`nonogram_model::triangle`) says `"triangles": true` instead of a
//! palette; its palette is the triangle palette, and a run with caps is a string of the caps as
//! `.g` files write them around the number: `"/4\\"` is `/4\` (JSON doubles the backslash),
//! `"3/"` a run of 3 ending in a cap. The goal and givens draw the half cells `◢◤◥◣`.
//!
//! Writing gives a black-and-white puzzle drawn `#` on `.` plain numbers and no palette; any
//! other puzzle gets its palette, and in a colour puzzle every run is a string such as `"3r"`
//! (an object when the symbol is a digit or another colour's name).
//!
//! Positions come from `serde_json` for syntax and type errors; an invalid puzzle (a clue that
//! does not fit, an unknown colour) is reported at the start of the object, since the parsed
//! values no longer know where they were.

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;

use nonogram_model::triangle::{self, End};
use nonogram_model::{Axis, Clue, ColourId, Given, Palette, Picture, Puzzle, Run};

use crate::error::{ParseError, ParseErrorKind, Pos};
use crate::palette::{self, Names, PaletteBuilder};
use crate::picture;
use crate::scan;

#[derive(Deserialize)]
struct JsonPuzzle {
    rows: Vec<Vec<JsonRun>>,
    #[serde(alias = "cols")]
    columns: Vec<Vec<JsonRun>>,
    title: Option<String>,
    author: Option<String>,
    copyright: Option<String>,
    license: Option<String>,
    goal: Option<Vec<String>>,
    givens: Option<Vec<String>>,
    #[serde(alias = "colors", alias = "colours")]
    palette: Option<Vec<JsonColour>>,
    /// A triangle puzzle: the triangle palette, and runs that may carry caps.
    triangles: Option<bool>,
}

#[derive(Deserialize)]
struct JsonColour {
    name: String,
    #[serde(alias = "color", alias = "colour")]
    rgb: String,
    #[serde(alias = "char")]
    symbol: Option<String>,
}

/// One run as written: a length of the first colour, or a length with a colour (its symbol or
/// name).
enum JsonRun {
    Plain(u32),
    Coloured(u32, String),
    /// A triangle puzzle's run with a start cap, and maybe an end cap: `"/4\\"`.
    Capped(String, u32, String),
}

impl<'de> Deserialize<'de> for JsonRun {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<JsonRun, D::Error> {
        deserializer.deserialize_any(RunVisitor)
    }
}

struct RunVisitor;

const EXPECTED_RUN: &str = "a run: a length such as 3 (u32), a string such as \"3r\", or an object {\"length\": 3, \"colour\": \"red\"}";

impl<'de> Visitor<'de> for RunVisitor {
    type Value = JsonRun;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(EXPECTED_RUN)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<JsonRun, E> {
        u32::try_from(v)
            .map(JsonRun::Plain)
            .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(v), &self))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<JsonRun, E> {
        u64::try_from(v)
            .map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))
            .and_then(|v| self.visit_u64(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<JsonRun, E> {
        if let Some(rest) = v.strip_prefix(['/', '\\']) {
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            return match rest[..digits].parse::<u32>() {
                Ok(len) => Ok(JsonRun::Capped(
                    v[..1].to_owned(),
                    len,
                    rest[digits..].trim().to_owned(),
                )),
                Err(_) => Err(E::invalid_value(de::Unexpected::Str(v), &self)),
            };
        }
        let digits = v.len() - v.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let colour = v[digits..].trim();
        let len = v[..digits].parse::<u32>().ok();
        match len {
            Some(len) if colour.is_empty() => Ok(JsonRun::Plain(len)),
            Some(len) => Ok(JsonRun::Coloured(len, colour.to_owned())),
            None => Err(E::invalid_value(de::Unexpected::Str(v), &self)),
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<JsonRun, A::Error> {
        let (mut len, mut colour) = (None, None);
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "length" | "len" => len = Some(map.next_value::<u32>()?),
                "colour" | "color" => colour = Some(map.next_value::<String>()?),
                _ => {
                    let _ = map.next_value::<de::IgnoredAny>()?;
                }
            }
        }
        let len = len.ok_or_else(|| de::Error::missing_field("length"))?;
        Ok(match colour {
            Some(colour) => JsonRun::Coloured(len, colour),
            None => JsonRun::Plain(len),
        })
    }
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

fn read_palette(entries: Vec<JsonColour>, at: Pos) -> Result<Palette, ParseError> {
    let mut entries = entries.into_iter();
    let Some(background) = entries.next() else {
        return Err(ParseError::syntax(
            at,
            "the palette is empty: it needs the background and a colour",
        ));
    };
    let rgb = |c: &JsonColour| {
        palette::colour_value(&c.rgb, Names::Css).ok_or_else(|| {
            ParseError::syntax(
                at,
                format!(
                    "colour {}: unknown colour value {}",
                    scan::quote(&c.name),
                    scan::quote(&c.rgb)
                ),
            )
        })
    };
    let mut builder = PaletteBuilder::default();
    builder.set_background(&background.name, rgb(&background)?, at)?;
    for colour in entries {
        let symbols: Vec<char> = colour
            .symbol
            .iter()
            .flat_map(|s| s.chars().take(1))
            .collect();
        builder.add(&colour.name, rgb(&colour)?, &symbols, at)?;
    }
    if builder.len() == 0 {
        return Err(ParseError::syntax(
            at,
            "the palette has no colour besides the background",
        ));
    }
    Ok(builder.build())
}

/// The entry a run's colour names: a name first, then a symbol.
fn colour_of(palette: &Palette, key: &str, at: Pos) -> Result<ColourId, ParseError> {
    let mut chars = key.chars();
    let by_symbol = chars
        .next()
        .filter(|_| chars.next().is_none())
        .and_then(|c| palette.by_symbol(c));
    match palette.find(key).or(by_symbol) {
        Some(id) if !id.is_background() => Ok(id),
        Some(_) => Err(ParseError::syntax(
            at,
            format!("a run of the background colour {}", scan::quote(key)),
        )),
        None => Err(ParseError::syntax(
            at,
            format!(
                "unknown colour {}: the palette has no such name or symbol",
                scan::quote(key)
            ),
        )),
    }
}

fn build(item: JsonPuzzle, at: Pos) -> Result<Puzzle, ParseError> {
    scan::checked_size(item.columns.len(), item.rows.len(), at)?;
    let triangles = item.triangles == Some(true);
    let has_palette = item.palette.is_some() || triangles;
    let palette = match item.palette {
        Some(_) if triangles => return Err(ParseError::syntax(
            at,
            "a triangle puzzle has the triangle palette: give `triangles` or `palette`, not both",
        )),
        Some(entries) => read_palette(entries, at)?,
        None if triangles => Palette::triangles(),
        None => Palette::black_and_white(),
    };
    let no_cap = ColourId::BACKGROUND;
    let cap = |axis: Axis, end: End, text: &str| -> Result<ColourId, ParseError> {
        match text {
            "" => Ok(no_cap),
            "/" | "\\" if triangles => {
                Ok(triangle::cap(axis, end, text.chars().next().unwrap_or('/')).unwrap_or(no_cap))
            }
            _ => Err(ParseError::syntax(
                at,
                format!(
                    "unknown cap {}: caps are `/` and `\\`, in a puzzle with `\"triangles\": true`",
                    scan::quote(text)
                ),
            )),
        }
    };
    let list = |axis: Axis, lines: Vec<Vec<JsonRun>>| -> Result<scan::ClueList, ParseError> {
        let mut list = scan::ClueList::default();
        for runs in lines {
            let runs = runs
                .into_iter()
                .map(|run| match run {
                    JsonRun::Plain(len) => Ok((Run::new(len, ColourId::BLACK), [no_cap; 2])),
                    JsonRun::Coloured(len, key) if triangles => Ok((
                        Run::new(len, ColourId::BLACK),
                        [no_cap, cap(axis, End::End, &key)?],
                    )),
                    JsonRun::Coloured(len, key) => {
                        Ok((Run::new(len, colour_of(&palette, &key, at)?), [no_cap; 2]))
                    }
                    JsonRun::Capped(start, len, end) => Ok((
                        Run::new(len, ColourId::BLACK),
                        [cap(axis, End::Start, &start)?, cap(axis, End::End, &end)?],
                    )),
                })
                .collect::<Result<Vec<_>, ParseError>>()?;
            list.push(Clue::capped(runs), at);
        }
        Ok(list)
    };
    let (rows, columns) = (
        list(Axis::Row, item.rows)?,
        list(Axis::Column, item.columns)?,
    );
    let mut puzzle = scan::build_in(palette, rows, columns, at)?;
    puzzle.metadata.title = item.title;
    puzzle.metadata.author = item.author;
    puzzle.metadata.copyright = item.copyright;
    puzzle.metadata.license = item.license;
    if let Some(rows) = item.goal {
        let goal = if has_palette {
            goal_in(puzzle.palette(), &rows, at)?
        } else {
            let rows = rows.iter().enumerate().map(|(i, r)| (i + 1, r.as_str()));
            picture::parse_rows(rows).map_err(|e| match e.kind() {
                // A place in the goal's strings is no place in the file: name the row and the
                // character, at the puzzle.
                ParseErrorKind::Syntax(message) => ParseError::syntax(
                    at,
                    format!("goal row {}, character {}: {message}", e.line, e.column),
                ),
                _ => e.moved_to(at),
            })?
        };
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
    match item.givens {
        Some(rows) => {
            let givens = givens_in(&puzzle, &rows, at)?;
            puzzle
                .with_givens(givens)
                .map_err(|e| ParseError::invalid(at, e))
        }
        None => Ok(puzzle),
    }
}

/// The given cells drawn in `rows`: the palette's symbols, `?` for a cell not given.
fn givens_in(puzzle: &Puzzle, rows: &[String], at: Pos) -> Result<Vec<Given>, ParseError> {
    let size = |w: usize| {
        ParseError::syntax(
            at,
            format!(
                "the givens are {w}x{} but the puzzle is {}x{}",
                rows.len(),
                puzzle.width(),
                puzzle.height()
            ),
        )
    };
    if rows.len() != puzzle.height() {
        let w = rows
            .first()
            .map_or(0, |r| r.chars().filter(|c| !c.is_whitespace()).count());
        return Err(size(w));
    }
    let mut givens = Vec::new();
    for (row, text) in rows.iter().enumerate() {
        let mut col = 0;
        for c in text.chars().filter(|c| !c.is_whitespace()) {
            if col == puzzle.width() {
                return Err(size(text.chars().filter(|c| !c.is_whitespace()).count()));
            }
            if c != '?' {
                let colour = puzzle.palette().by_symbol(c).ok_or_else(|| {
                    ParseError::syntax(
                        at,
                        format!(
                            "givens row {}, character {}: unexpected {}: no colour of the \
                             palette is drawn so (`?` is a cell not given)",
                            row + 1,
                            col + 1,
                            scan::quote(&c.to_string())
                        ),
                    )
                })?;
                givens.push(Given { row, col, colour });
            }
            col += 1;
        }
        if col != puzzle.width() {
            return Err(size(col));
        }
    }
    Ok(givens)
}

/// A goal drawn with the palette's symbols.
fn goal_in(palette: &Palette, rows: &[String], at: Pos) -> Result<Picture, ParseError> {
    let mut cells = Vec::with_capacity(rows.len());
    for row in rows {
        let mut cells_of_row = Vec::new();
        for c in row.chars().filter(|c| !c.is_whitespace()) {
            let id = palette.by_symbol(c).ok_or_else(|| {
                ParseError::syntax(
                    at,
                    format!(
                        "unexpected {} in the goal: no colour of the palette is drawn so",
                        scan::quote(&c.to_string())
                    ),
                )
            })?;
            cells_of_row.push(id);
            scan::checked_size(cells_of_row.len(), cells.len() + 1, at)?;
        }
        cells.push(cells_of_row);
    }
    Picture::from_colour_rows(&cells).ok_or_else(|| {
        ParseError::syntax(
            at,
            "the goal's rows must all have the same, non-zero length",
        )
    })
}

/// The column in characters of serde_json's column, which counts bytes (the last byte it read
/// on line `line`, from 1). `strip_comments` keeps every byte in place, so `text` is the input.
fn char_column(text: &str, line: usize, byte_column: usize) -> usize {
    let Some(line) = text.split('\n').nth(line.saturating_sub(1)) else {
        return byte_column.max(1);
    };
    let chars = line.char_indices().take_while(|&(i, _)| i < byte_column);
    chars.count().max(1)
}

/// The text with `//` and `/* */` comments outside strings replaced by spaces, so that every
/// position stays where it was.
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

/// How runs are written: plain lengths, or with their colours.
fn run_text(palette: &Palette, run: Run) -> String {
    if palette.is_black_and_white() {
        return run.len.to_string();
    }
    let colour = palette.colour(run.colour);
    let symbol = colour.symbol.to_string();
    let clash = palette
        .entries()
        .any(|(id, c)| id != run.colour && c.name == symbol);
    if colour.symbol.is_ascii_digit() || clash {
        format!(
            "{{\"length\": {}, \"colour\": {}}}",
            run.len,
            quoted(&colour.name)
        )
    } else {
        quoted(&format!("{}{}", run.len, symbol))
    }
}

fn lines_array(palette: &Palette, clues: &[Clue]) -> String {
    let items: Vec<String> = clues
        .iter()
        .map(|clue| {
            let runs: Vec<String> = if palette.is_triangles() {
                (0..clue.len())
                    .map(|i| match triangle::run_notation(clue, i) {
                        bare if clue.cap_count(i) == 0 => bare,
                        capped => quoted(&capped),
                    })
                    .collect()
            } else {
                clue.iter().map(|r| run_text(palette, r)).collect()
            };
            format!("[{}]", runs.join(", "))
        })
        .collect();
    format!("[\n    {}\n  ]", items.join(",\n    "))
}

fn palette_array(palette: &Palette) -> String {
    let items: Vec<String> = palette
        .entries()
        .map(|(_, c)| {
            format!(
                "{{\"name\": {}, \"rgb\": \"{}\", \"symbol\": {}}}",
                quoted(&c.name),
                c.rgb,
                quoted(&c.symbol.to_string())
            )
        })
        .collect();
    format!("[\n    {}\n  ]", items.join(",\n    "))
}

pub(crate) fn write(puzzle: &Puzzle) -> String {
    let m = &puzzle.metadata;
    let palette = puzzle.palette();
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
    if palette.is_triangles() {
        fields.push("  \"triangles\": true".to_owned());
    } else if *palette != Palette::black_and_white() {
        fields.push(format!("  \"palette\": {}", palette_array(palette)));
    }
    fields.push(format!(
        "  \"rows\": {}",
        lines_array(palette, puzzle.rows())
    ));
    fields.push(format!(
        "  \"columns\": {}",
        lines_array(palette, puzzle.columns())
    ));
    let rows_array = |rows: Vec<String>| {
        let rows: Vec<String> = rows.iter().map(|r| quoted(r)).collect();
        format!("[\n    {}\n  ]", rows.join(",\n    "))
    };
    if !puzzle.givens().is_empty() {
        let rows = puzzle.given_grid().row_strings(palette);
        fields.push(format!("  \"givens\": {}", rows_array(rows)));
    }
    if let Some(goal) = &m.goal {
        fields.push(format!(
            "  \"goal\": {}",
            rows_array(goal.row_strings_in(palette))
        ));
    }
    format!("{{\n{}\n}}\n", fields.join(",\n"))
}

/// A JSON array of the puzzles.
pub(crate) fn write_array(puzzles: &[Puzzle]) -> String {
    let objects: Vec<String> = puzzles
        .iter()
        .map(|p| write(p).trim_end().to_owned())
        .collect();
    format!("[\n{}\n]\n", objects.join(",\n"))
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
    fn colour_puzzles_round_trip() {
        let text = r##"{"palette": [{"name": "white", "rgb": "#ffffff", "symbol": "."},
            {"name": "red", "color": "red"}, {"name": "blue", "rgb": "0, 0, 255", "char": "b"}],
            "rows": [["1red", {"len": 1, "color": "b"}], [1]], "cols": [["1r"], ["1b", 1]],
            "goal": ["rb", ".r"]}"##;
        let p = parse(text).unwrap().remove(0);
        let names: Vec<(&str, char)> = p
            .palette()
            .entries()
            .map(|(_, c)| (c.name.as_str(), c.symbol))
            .collect();
        assert_eq!(names, [("white", '.'), ("red", 'r'), ("blue", 'b')]);
        assert!(p.is_solved_by(p.metadata.goal.as_ref().unwrap()));
        let written = write(&p);
        assert!(written.contains("[\"1r\", \"1b\"]"), "{written}");
        assert_eq!(parse(&written).unwrap(), vec![p.clone()]);
        let two = write_array(&[p.clone(), p.clone()]);
        assert_eq!(parse(&two).unwrap(), vec![p.clone(), p]);
    }

    #[test]
    fn givens_round_trip_in_black_and_white_and_colour() {
        let text = r#"{"rows": [[1], [1]], "columns": [[1], [1]], "givens": ["? #", "??"]}"#;
        let p = parse(text).unwrap().remove(0);
        assert_eq!(p.givens(), &[Given::cell(0, 1, true)]);
        let written = write(&p);
        assert!(
            written.contains("\"givens\": [\n    \"?#\",\n    \"??\"\n  ]"),
            "{written}"
        );
        assert_eq!(parse(&written).unwrap(), vec![p]);
        let text = r##"{"palette": [{"name": "white", "rgb": "#ffffff", "symbol": "."},
            {"name": "red", "rgb": "red", "symbol": "r"}, {"name": "blue", "rgb": "blue", "symbol": "b"}],
            "rows": [["1r", "1b"]], "cols": [["1r"], ["1b"]], "givens": [".b"]}"##;
        let p = parse(text).unwrap().remove(0);
        let blue = p.palette().find("blue").unwrap();
        assert_eq!(
            p.givens(),
            &[
                Given::cell(0, 0, false),
                Given {
                    row: 0,
                    col: 1,
                    colour: blue
                }
            ]
        );
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
                "expected a run",
            ),
            (
                "{\"rows\": [[\"a\"]], \"columns\": [[1]]}",
                (1, 14),
                "invalid value: string \"a\"",
            ),
            (
                "{\"rows\": [[\"1r\"]], \"columns\": [[1]]}",
                (1, 1),
                "unknown colour `r`",
            ),
            (
                "{\"palette\": [{\"name\": \"white\", \"rgb\": \"fff\"}, {\"name\": \"r\\u001b[2J\", \"rgb\": \"f00\"}], \"rows\": [[1]], \"columns\": [[1]]}",
                (1, 1),
                "holds a control character",
            ),
            (
                "{\"palette\": [{\"name\": \"white\", \"rgb\": \"fff\"}], \"rows\": [[1]], \"columns\": [[1]]}",
                (1, 1),
                "no colour besides the background",
            ),
            (
                "{\"palette\": [{\"name\": \"white\", \"rgb\": \"nope\"}], \"rows\": [[1]], \"columns\": [[1]]}",
                (1, 1),
                "unknown colour value `nope`",
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
            (
                "{\"rows\": [[1]], \"columns\": [[1]], \"givens\": [\"#\", \"#\"]}",
                (1, 1),
                "the givens are 1x2 but the puzzle is 1x1",
            ),
            (
                "{\"rows\": [[1]], \"columns\": [[1]], \"givens\": [\"##\"]}",
                (1, 1),
                "the givens are 2x1",
            ),
            (
                "{\"rows\": [[1]], \"columns\": [[1]], \"givens\": [\"x\"]}",
                (1, 1),
                "givens row 1, character 1: unexpected `x`",
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
