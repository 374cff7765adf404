//! Steve Simpson's `.non` format, with the extensions of nonogram-db and pbnsolve.
//!
//! A `.non` file is a list of keys, one a line: `width 5`, `height 10`, `title "Dancer"`,
//! `by` (the author), `copyright`, `license`, `catalogue`; then `rows` and `columns`, each
//! followed by one line per clue (`2,1`; `0` is an empty line); and an optional
//! `goal`, the intended picture as `0`/`1` characters row after row, quoted or not, on the key's
//! line or on the lines after it (pbnsolve's readable form). Unknown lines are ignored, as the
//! format asks. Strings may carry HTML character references (`&copy;`), which we decode.
//!
//! nonogram-db adds colours: a letter after a number (`3b`) names the block's colour, and
//! `color a #ff0000` declares one; in a `goal` the letter stands for a cell of that colour. A
//! number without a letter has the default colour, black (and so does `1` in a goal). The
//! palette lists the colours in the order the file first mentions them, in `color` lines, clues
//! or the goal, each named and drawn by its letter; a letter used but never declared gets a
//! colour of its own from a fixed list, as the format lets readers choose. Characters after the
//! number that are not a letter are ignored, as the format asks. nonogram-db also adds bundles:
//! several puzzles in one file separated by a `====` line.
//!
//! Writing a black-and-white puzzle whose colour is black gives plain numbers and a `0`/`1`
//! goal. Any other puzzle gets a `color` line for each colour and a letter after every number:
//! the colour's own character when it is a letter, else the first free one of `a`–`z`, `A`–`Z`.
//! The format has no colour names and no background colour, so those are lost.
//!
//! Choices where the format is vague: `rows` and `columns` read exactly `height` and `width`
//! lines when the size is known, and up to the first blank or non-clue line when it is not (the
//! size then comes from the clues). The format writes an empty clue `0`; like pbnsolve we also
//! take a blank line among the clues for one, but not blank lines that end a block (followed by
//! the next key or the end of the file): those separate, so `rows`, a clue, a blank line and
//! `columns` with a height of 2 is a row clue left out, reported, not an empty second row. A
//! file with a `goal` but no clues gets its clues from the goal, as pbnsolve does.

use std::fmt::Write as _;

use nonogram_model::{ColourId, Metadata, Palette, Picture, Puzzle, Rgb};

use crate::error::{ParseError, Pos};
use crate::palette::{self, Names, PaletteBuilder};
use crate::scan::{self, ClueList, Cursor, Tags};

/// The colours given to letters that no `color` line declares, in order of first use.
const UNDECLARED: &[Rgb] = &[
    Rgb::new(0xe6, 0x19, 0x4b),
    Rgb::new(0x3c, 0xb4, 0x4b),
    Rgb::new(0x43, 0x63, 0xd8),
    Rgb::new(0xff, 0xe1, 0x19),
    Rgb::new(0xf5, 0x82, 0x31),
    Rgb::new(0x91, 0x1e, 0xb4),
    Rgb::new(0x42, 0xd4, 0xf4),
    Rgb::new(0xf0, 0x32, 0xe6),
    Rgb::new(0x80, 0x80, 0x80),
    Rgb::new(0x9a, 0x63, 0x24),
];

/// The colours of one `.non` puzzle as they are read: letters get palette entries on first
/// mention.
#[derive(Debug, Default)]
struct NonColours {
    builder: PaletteBuilder,
    letters: Vec<(char, ColourId)>,
    /// Letters a `color` line declared.
    declared: Vec<char>,
    /// The colour of numbers without a letter.
    default: Option<ColourId>,
}

impl NonColours {
    fn letter(&mut self, c: char, pos: Pos) -> Result<ColourId, ParseError> {
        if let Some(&(_, id)) = self.letters.iter().find(|&&(d, _)| d == c) {
            return Ok(id);
        }
        let rgb = UNDECLARED[self.letters.len() % UNDECLARED.len()];
        let id = self.builder.add(&c.to_string(), rgb, &[c], pos)?;
        self.letters.push((c, id));
        Ok(id)
    }

    fn default_colour(&mut self, pos: Pos) -> Result<ColourId, ParseError> {
        if let Some(id) = self.default {
            return Ok(id);
        }
        let id = self.builder.add("black", Rgb::BLACK, &['#'], pos)?;
        self.default = Some(id);
        Ok(id)
    }

    /// A `color` line: `a #ff0000`.
    fn declare(&mut self, rest: &str, pos: Pos) -> Result<(), ParseError> {
        let mut words = rest.split_whitespace();
        let (letter, value) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
        let mut chars = letter.chars();
        let c = chars
            .next()
            .filter(|c| c.is_ascii_alphabetic() && chars.next().is_none())
            .ok_or_else(|| {
                ParseError::syntax(
                    pos,
                    format!(
                        "expected `color <letter> #rrggbb`, found {}",
                        scan::quote(rest.trim())
                    ),
                )
            })?;
        let rgb = palette::colour_value(value, Names::Css).ok_or_else(|| {
            ParseError::syntax(
                pos,
                format!(
                    "expected a colour such as `#ff0000` after `color {c}`, found {}",
                    scan::quote(value)
                ),
            )
        })?;
        if self.declared.contains(&c) {
            return Err(ParseError::syntax(
                pos,
                format!("colour `{c}` is declared twice"),
            ));
        }
        self.declared.push(c);
        let id = self.letter(c, pos)?;
        self.builder.set_rgb(id, rgb);
        Ok(())
    }

    fn palette(&self) -> Palette {
        self.builder.clone().build_or_add("black", '#')
    }
}

impl Tags for NonColours {
    fn colour(&mut self, prefix: &str, suffix: &str, pos: Pos) -> Result<ColourId, ParseError> {
        if !prefix.is_empty() {
            return Err(ParseError::syntax(
                pos,
                format!("expected a number, found {}", scan::quote(prefix)),
            ));
        }
        match suffix.chars().next() {
            Some(c) if c.is_ascii_alphabetic() => self.letter(c, pos),
            _ => self.default_colour(pos),
        }
    }
}

/// Reads a file: one puzzle, or several separated by `====` lines.
pub(crate) fn parse(text: &str) -> Result<Vec<Puzzle>, ParseError> {
    let mut puzzles = Vec::new();
    // Each part: its text and the number of its first line.
    let (mut start, mut first_line) = (0, 1);
    let mut offset = 0;
    let mut parts = Vec::new();
    for (n, line) in text.split_inclusive('\n').enumerate() {
        if line.trim() == "====" {
            parts.push((&text[start..offset], first_line));
            start = offset + line.len();
            first_line = n + 2;
        }
        offset += line.len();
    }
    parts.push((&text[start..], first_line));
    for (part, first_line) in parts {
        if part.trim().is_empty() {
            continue;
        }
        let puzzle = parse_one(Cursor::starting_at(part, first_line))?;
        scan::push_puzzle(&mut puzzles, puzzle, Pos::new(first_line, 1))?;
    }
    Ok(puzzles)
}

/// A line that holds a clue: digits first (or nothing but separators).
fn looks_like_clue(line: &str) -> bool {
    let line = line.trim_start();
    let line = line.strip_prefix('-').unwrap_or(line);
    line.starts_with(|c: char| c.is_ascii_digit())
}

fn parse_one(mut r: Cursor<'_>) -> Result<Puzzle, ParseError> {
    // Whether the line before the current one was a clue line read as part of a block.
    let mut after_clue_block = false;
    let mut width: Option<(usize, Pos)> = None;
    let mut height: Option<(usize, Pos)> = None;
    let mut rows: Option<(ClueList, Pos)> = None;
    let mut columns: Option<(ClueList, Pos)> = None;
    let mut goal: Option<(Vec<ColourId>, Pos)> = None;
    let mut metadata = Metadata::default();
    let mut colours = NonColours::default();

    while let Some((n, raw)) = r.advance() {
        let follows_clues = std::mem::take(&mut after_clue_block);
        let line = raw.trim_start();
        if line.is_empty() {
            continue;
        }
        let indent = raw.len() - line.len();
        let key_end = line.find(char::is_whitespace).unwrap_or(line.len());
        let key = line[..key_end].to_ascii_lowercase();
        let rest = &line[key_end..];
        let pos = Pos::new(n, scan::column(raw, indent));
        let value_pos = Pos::new(n, scan::column(raw, raw.len() - rest.trim_start().len()));
        match key.as_str() {
            "width" | "height" => {
                let slot = if key == "width" {
                    &mut width
                } else {
                    &mut height
                };
                if slot.is_some() {
                    return Err(ParseError::syntax(pos, format!("`{key}` is given twice")));
                }
                let value = rest.trim();
                let value = value.split_whitespace().next().unwrap_or("");
                *slot = Some((scan::size(value, value_pos)?, value_pos));
                if let (Some((w, _)), Some((h, _))) = (width, height) {
                    scan::checked_size(w, h, value_pos)?;
                }
            }
            "title" => metadata.title = Some(string_value(rest)),
            "by" => metadata.author = Some(string_value(rest)),
            "copyright" => metadata.copyright = Some(string_value(rest)),
            "license" => metadata.license = Some(string_value(rest)),
            "color" | "colour" => colours.declare(rest, value_pos)?,
            "rows" | "columns" => {
                let is_rows = key == "rows";
                let (slot, count, name) = if is_rows {
                    (&mut rows, height.map(|h| h.0), "row")
                } else {
                    (&mut columns, width.map(|w| w.0), "column")
                };
                if slot.is_some() {
                    return Err(ParseError::syntax(pos, format!("`{key}` is given twice")));
                }
                if let (Some((w, _)), Some((h, _))) = (width, height) {
                    // Already checked when the second of them was read; this keeps the promise
                    // local: nothing below runs with an unchecked size.
                    scan::checked_size(w, h, pos)?;
                }
                let list = read_clues(&mut r, count, name, pos, &mut colours)?;
                after_clue_block = list.len() > 0;
                *slot = Some((list, pos));
            }
            "goal" => {
                if goal.is_some() {
                    return Err(ParseError::syntax(pos, "`goal` is given twice"));
                }
                let (Some((w, _)), Some((h, _))) = (width, height) else {
                    return Err(ParseError::syntax(
                        pos,
                        "`goal` must come after `width` and `height`",
                    ));
                };
                scan::checked_size(w, h, pos)?;
                let cells = read_goal(&mut r, rest, value_pos, w * h, &mut colours)?;
                goal = Some((cells, pos));
            }
            _ => {
                // Unknown keys are ignored, as the format asks; a stray clue line is not a key
                // but a sign that a clue block is longer than declared.
                if looks_like_clue(line) && follows_clues {
                    return Err(ParseError::syntax(
                        pos,
                        "more clue lines than the puzzle's size declares",
                    ));
                }
            }
        }
    }

    let header = width.or(height).map_or(Pos::START, |(_, p)| p);
    let palette = colours.palette();
    let mut puzzle = match (rows, columns) {
        (Some((rows, rpos)), Some((columns, cpos))) => {
            check_count(height, rows.len(), "row", rpos)?;
            check_count(width, columns.len(), "column", cpos)?;
            scan::build_in(palette, rows, columns, header)?
        }
        (None, None) => match &goal {
            Some((_, gpos)) => {
                // Clues derived from the goal, as pbnsolve does for goal-only files.
                let (w, h) = (width.map_or(0, |x| x.0), height.map_or(0, |x| x.0));
                let picture = to_picture(goal.as_ref().map(|g| &g.0[..]), w, h);
                Puzzle::from_coloured_picture(palette, &picture)
                    .map_err(|e| ParseError::invalid(*gpos, e))?
            }
            None => return Err(ParseError::syntax(r.end(), "missing `rows` and `columns`")),
        },
        (None, Some(_)) => return Err(ParseError::syntax(r.end(), "missing `rows`")),
        (Some(_), None) => return Err(ParseError::syntax(r.end(), "missing `columns`")),
    };
    if let Some((cells, pos)) = goal {
        let (w, h) = (puzzle.width(), puzzle.height());
        if cells.len() != w * h {
            return Err(ParseError::syntax(
                pos,
                format!(
                    "the goal has {} cells but the puzzle has {w}x{h} = {}",
                    cells.len(),
                    w * h
                ),
            ));
        }
        metadata.goal = Some(to_picture(Some(&cells), w, h));
    }
    puzzle.metadata = metadata;
    Ok(puzzle)
}

fn check_count(
    declared: Option<(usize, Pos)>,
    found: usize,
    name: &str,
    at: Pos,
) -> Result<(), ParseError> {
    match declared {
        Some((n, _)) if n != found => Err(ParseError::syntax(
            at,
            format!("expected {n} {name} clues, found {found}"),
        )),
        _ => Ok(()),
    }
}

/// Reads the clue lines after `rows` or `columns`.
fn read_clues(
    r: &mut Cursor<'_>,
    count: Option<usize>,
    name: &str,
    key_pos: Pos,
    colours: &mut NonColours,
) -> Result<ClueList, ParseError> {
    let mut list = ClueList::default();
    // Whether the blank lines being read are empty clues: yes when a clue line follows them,
    // no when the block ends with them (looked up once for each run of blank lines).
    let mut blanks_are_clues: Option<bool> = None;
    loop {
        if count.is_some_and(|c| list.len() == c) {
            break;
        }
        let Some((n, raw)) = r.peek() else {
            if let Some(c) = count {
                return Err(ParseError::syntax(
                    r.end(),
                    format!("expected {c} {name} clues, found {}", list.len()),
                ));
            }
            break;
        };
        let trimmed = raw.trim();
        let is_clue = trimmed.is_empty() || looks_like_clue(raw);
        if count.is_none() && (trimmed.is_empty() || !is_clue) {
            break;
        }
        if trimmed.is_empty() {
            let clues = *blanks_are_clues.get_or_insert_with(|| {
                r.peek_non_blank()
                    .is_some_and(|(_, next)| looks_like_clue(next))
            });
            if !clues {
                // A blank line that ends the block is a separator, not the last clue: taken
                // for an empty clue, it would hide a clue left out (the same slip in the
                // columns, at the end of the file, is caught too).
                let c = count.unwrap_or_default();
                return Err(ParseError::syntax(
                    Pos::new(n, 1),
                    format!(
                        "expected {c} {name} clues after line {}, found {} (an empty clue is \
                         written 0)",
                        key_pos.line,
                        list.len()
                    ),
                ));
            }
        } else {
            blanks_are_clues = None;
        }
        if !is_clue {
            let c = count.unwrap_or_default();
            let at = Pos::new(n, scan::column(raw, raw.len() - raw.trim_start().len()));
            return Err(ParseError::syntax(
                at,
                format!(
                    "expected {c} {name} clues after line {}, found {} before {}",
                    key_pos.line,
                    list.len(),
                    scan::quote(trimmed)
                ),
            ));
        }
        r.advance();
        let clue = scan::clue(raw, Pos::new(n, 1), scan::is_blank_or_comma, colours)?;
        list.push(clue, Pos::new(n, 1));
    }
    Ok(list)
}

/// Reads a goal of `cells` cells: quoted or bare on the key's line, or on the following lines.
fn read_goal(
    r: &mut Cursor<'_>,
    rest: &str,
    value_pos: Pos,
    cells: usize,
    colours: &mut NonColours,
) -> Result<Vec<ColourId>, ParseError> {
    let mut out = Vec::new();
    let value = rest.trim();
    if let Some(quoted) = value.strip_prefix('"') {
        let inner = quoted
            .strip_suffix('"')
            .ok_or_else(|| ParseError::syntax(value_pos, "the goal string has no closing quote"))?;
        goal_cells(
            inner,
            Pos::new(value_pos.line, value_pos.column + 1),
            cells,
            &mut out,
            colours,
        )?;
    } else if !value.is_empty() {
        goal_cells(value, value_pos, cells, &mut out, colours)?;
    } else {
        // pbnsolve's readable form: the picture on the lines that follow.
        while out.len() < cells {
            let Some((n, raw)) = r.peek() else { break };
            let body = raw.trim();
            if body.is_empty() && out.is_empty() {
                r.advance();
                continue;
            }
            let is_cell = |c: char| c.is_ascii_alphanumeric() || c.is_whitespace();
            if body.is_empty() || !body.chars().all(is_cell) || is_non_key_word(body) {
                break;
            }
            r.advance();
            goal_cells(raw, Pos::new(n, 1), cells, &mut out, colours)?;
        }
    }
    Ok(out)
}

/// Whether a line after `goal` is in fact the next key (`rows`, `title`, ...), not a row of
/// the goal's picture.
fn is_non_key_word(body: &str) -> bool {
    let word = body.split_whitespace().next().unwrap_or("");
    matches!(
        word.to_ascii_lowercase().as_str(),
        "rows"
            | "columns"
            | "width"
            | "height"
            | "title"
            | "by"
            | "copyright"
            | "license"
            | "catalogue"
            | "color"
            | "colour"
            | "goal"
    )
}

/// Appends the cells of a goal text: `0` empty, `1` the default colour, a letter that colour;
/// blanks ignored.
fn goal_cells(
    text: &str,
    pos: Pos,
    cells: usize,
    out: &mut Vec<ColourId>,
    colours: &mut NonColours,
) -> Result<(), ParseError> {
    for (i, c) in text.chars().enumerate() {
        let at = Pos::new(pos.line, pos.column + i);
        let colour = match c {
            '0' => ColourId::BACKGROUND,
            '1' => colours.default_colour(at)?,
            c if c.is_whitespace() => continue,
            c if c.is_ascii_alphabetic() => colours.letter(c, at)?,
            other => {
                return Err(ParseError::syntax(
                    at,
                    format!("unexpected {} in the goal", scan::quote(&other.to_string())),
                ));
            }
        };
        if out.len() == cells {
            return Err(ParseError::syntax(
                at,
                format!("the goal has more cells than the puzzle's {cells}"),
            ));
        }
        out.push(colour);
    }
    Ok(())
}

fn to_picture(cells: Option<&[ColourId]>, width: usize, height: usize) -> Picture {
    let mut picture = Picture::new(width, height);
    for (i, &colour) in cells.unwrap_or_default().iter().enumerate() {
        if let Some(row) = i.checked_div(width) {
            picture.set_colour(row, i % width, colour);
        }
    }
    picture
}

/// A string value: quoted (with HTML character references decoded) or the bare rest of the line.
fn string_value(rest: &str) -> String {
    let value = rest.trim();
    match value.strip_prefix('"') {
        Some(quoted) => unescape(quoted.strip_suffix('"').unwrap_or(quoted)),
        None => value.to_owned(),
    }
}

/// Decodes the HTML character references nonogram-db files use; unknown ones stay as written.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let decoded = rest.find(';').filter(|&end| end <= 12).and_then(|end| {
            let name = &rest[1..end];
            let c = match name {
                "amp" => Some('&'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "nbsp" => Some('\u{a0}'),
                "copy" => Some('©'),
                "reg" => Some('®'),
                _ => {
                    let code = if let Some(hex) =
                        name.strip_prefix("#x").or_else(|| name.strip_prefix("#X"))
                    {
                        u32::from_str_radix(hex, 16).ok()
                    } else {
                        name.strip_prefix('#').and_then(|d| d.parse::<u32>().ok())
                    };
                    code.and_then(char::from_u32)
                }
            };
            c.map(|c| (c, end))
        });
        match decoded {
            Some((c, end)) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Quotes a string value so that [`unescape`] gives it back and it stays on one line.
fn escape(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() => {
                let _ = write!(out, "&#{};", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The letter of each palette entry (index 0, the background, is `0`), or `None` when the
/// puzzle is written as plain black and white.
pub(crate) fn letters(palette: &Palette) -> Option<Vec<char>> {
    let plain = palette.is_black_and_white() && palette.colour(ColourId::BLACK).rgb == Rgb::BLACK;
    if plain {
        return None;
    }
    let mut taken = vec!['0'];
    let mut out = vec!['0'];
    for (_, colour) in palette.colours() {
        let own = colour.symbol;
        let c = if own.is_ascii_alphabetic() && !taken.contains(&own) {
            own
        } else {
            ('a'..='z')
                .chain('A'..='Z')
                .find(|c| !taken.contains(c) && !palette.colours().any(|(_, e)| e.symbol == *c))
                .or_else(|| ('a'..='z').chain('A'..='Z').find(|c| !taken.contains(c)))
                .expect("52 letters for at most 32 colours")
        };
        taken.push(c);
        out.push(c);
    }
    Some(out)
}

pub(crate) fn write(puzzle: &Puzzle) -> String {
    let mut out = String::new();
    let m = &puzzle.metadata;
    for (key, value) in [
        ("title", &m.title),
        ("by", &m.author),
        ("copyright", &m.copyright),
        ("license", &m.license),
    ] {
        if let Some(value) = value {
            let _ = writeln!(out, "{key} {}", escape(value));
        }
    }
    let _ = writeln!(out, "width {}\nheight {}", puzzle.width(), puzzle.height());
    let letters = letters(puzzle.palette());
    if let Some(letters) = &letters {
        for (id, colour) in puzzle.palette().colours() {
            let _ = writeln!(out, "color {} {}", letters[id.index()], colour.rgb);
        }
    }
    for (key, clues) in [("rows", puzzle.rows()), ("columns", puzzle.columns())] {
        let _ = writeln!(out, "\n{key}");
        for clue in clues {
            let runs: Vec<String> = clue
                .iter()
                .map(|run| match &letters {
                    Some(letters) => format!("{}{}", run.len, letters[run.colour.index()]),
                    None => run.len.to_string(),
                })
                .collect();
            let line = if runs.is_empty() {
                "0".to_owned()
            } else {
                runs.join(",")
            };
            let _ = writeln!(out, "{line}");
        }
    }
    if let Some(goal) = &m.goal {
        let cells: String = goal
            .cells()
            .iter()
            .map(|&c| match (&letters, c.index()) {
                (_, 0) => '0',
                (Some(letters), i) => letters.get(i).copied().unwrap_or('1'),
                (None, _) => '1',
            })
            .collect();
        let _ = writeln!(out, "\ngoal \"{cells}\"");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ParseErrorKind;
    use crate::puzzles_inconsistency;
    use nonogram_model::Clue;

    const DANCER: &str = "catalogue \"webpbn.com #1\"\ntitle \"Dancer\"\nby \"Jan &amp; co\"\n\
        copyright \"&copy; 2004\"\nlicense CC-BY-3.0\nwidth 5\nheight 10\n\nrows\n2\n2,1\n1,1\n3\n\
        1,1\n1,1\n2\n1,1\n1,2\n2\n\ncolumns\n2,1\n2,1,3\n7\n1,3\n2,1\n\n\
        goal \"01100011010010101110101001010000110010100101111000\"\n";

    #[test]
    fn reads_metadata_clues_and_goal() {
        let p = parse(DANCER).unwrap().remove(0);
        assert_eq!((p.width(), p.height()), (5, 10));
        assert_eq!(p.metadata.title.as_deref(), Some("Dancer"));
        assert_eq!(p.metadata.author.as_deref(), Some("Jan & co"));
        assert_eq!(p.metadata.copyright.as_deref(), Some("© 2004"));
        assert_eq!(p.metadata.license.as_deref(), Some("CC-BY-3.0"));
        assert_eq!(p.columns()[1], Clue::new([2, 1, 3]));
        assert!(p.is_solved_by(p.metadata.goal.as_ref().unwrap()));
    }

    #[test]
    fn goal_forms_and_bundles() {
        let multi = "width 2\nheight 2\nrows\n1\n2\ncolumns\n2\n1\ngoal\n10\n11\n";
        let bare = "width 2\nheight 2\nrows\n1\n2\ncolumns\n2\n1\ngoal 1011\n";
        let only_goal = "width 2\nheight 2\ngoal \"10 11\"\n";
        for text in [multi, bare, only_goal] {
            let p = parse(text).unwrap().remove(0);
            assert_eq!(p.rows(), &[Clue::new([1]), Clue::new([2])], "{text}");
            assert!(p.is_solved_by(p.metadata.goal.as_ref().unwrap()), "{text}");
        }
        let bundle = format!("{multi}====\n{bare}\n====\n");
        assert_eq!(parse(&bundle).unwrap().len(), 2);
    }

    /// A row clue left out before the blank line that ends the block is an error, as a
    /// column clue left out is; a blank line followed by more clues is still an empty clue, and
    /// `0` always is (issue 29, item 7).
    #[test]
    fn a_clue_left_out_is_not_an_empty_clue() {
        let rows_short = "width 3\nheight 2\n\nrows\n3\n\ncolumns\n1\n1\n1\n";
        let err = parse(rows_short).unwrap_err();
        assert_eq!((err.line, err.column), (6, 1), "{err}");
        assert!(
            err.to_string().contains(
                "expected 2 row clues after line 4, found 1 (an empty clue is written 0)"
            ),
            "{err}"
        );
        let columns_short = "width 3\nheight 2\nrows\n3\n0\ncolumns\n1\n1\n\n";
        let err = parse(columns_short).unwrap_err();
        assert!(err.to_string().contains("expected 3 column clues"), "{err}");
        // Written with 0, or with a blank line that more clues follow, an empty clue is one.
        for text in [
            "width 3\nheight 2\n\nrows\n3\n0\n\ncolumns\n1\n1\n1\n",
            "width 3\nheight 2\n\nrows\n\n3\n\ncolumns\n1\n1\n1\n",
            "width 3\nheight 2\nrows\n1,1\n0\ncolumns\n1\n\n1\n",
        ] {
            let p = parse(text)
                .unwrap_or_else(|e| panic!("{e}: {text:?}"))
                .remove(0);
            assert_eq!(p.height(), 2, "{text:?}");
            assert_eq!(
                p.rows().iter().filter(|c| c.is_empty()).count(),
                1,
                "{text:?}"
            );
        }
    }

    #[test]
    fn empty_lines_and_unknown_keys() {
        let text = "width 3\nheight 3\nsomething else\nrows\n1\n\n0\ncolumns\n0\n1\n0\n";
        let p = parse(text).unwrap().remove(0);
        assert_eq!(p.rows()[1], Clue::empty());
        // No size: the clue blocks end at the first blank line.
        let p = parse("rows\n1\n1\n\ncolumns\n2\n").unwrap().remove(0);
        assert_eq!((p.width(), p.height()), (1, 2));
    }

    #[test]
    fn errors_name_the_place() {
        let cases: &[(&str, (usize, usize), &str)] = &[
            (
                "width 2\nheight 2\nrows\n1\ncolumns\n1\n1\n",
                (5, 1),
                "expected 2 row clues",
            ),
            ("width x\n", (1, 7), "expected a number, found `x`"),
            ("width 1000000000\nheight 1000000000\n", (2, 8), "too large"),
            ("width 99999999999999999999\n", (1, 7), "too large"),
            (
                "width 2\nheight 1\nrows\n-1\ncolumns\n1\n1\n",
                (4, 1),
                "negative",
            ),
            (
                "width 1\nheight 1\nrows\n1\ncolumns\n1\n1\n",
                (7, 1),
                "more clue lines",
            ),
            ("width 1\nheight 1\nrows\n1\n", (5, 1), "missing `columns`"),
            (
                "color a #ff0000\ncolor a #00ff00\n",
                (2, 7),
                "declared twice",
            ),
            (
                "color ab #ff0000\n",
                (1, 7),
                "expected `color <letter> #rrggbb`",
            ),
            (
                "color a #ff00\n",
                (1, 7),
                "expected a colour such as `#ff0000`",
            ),
            (
                "width 2\nheight 1\ngoal \"1\"\n",
                (3, 1),
                "the goal has 1 cells",
            ),
            ("width 1\nheight 1\ngoal \"1?\"\n", (3, 8), "unexpected `?`"),
        ];
        for (text, (line, column), want) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {e}");
            assert!(e.to_string().contains(want), "{text:?}: {e}");
        }
        // Clues that cannot all be satisfied are read: the puzzle has no solution, and says why.
        let (text, want) = (
            "width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n",
            "needs 3 cells",
        );
        let puzzles = parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let why = puzzles_inconsistency(&puzzles);
        assert!(why.contains(want), "{text:?}: {why}");
    }

    #[test]
    fn reads_colours() {
        let text = "width 3\nheight 1\ncolor r #ff0000\nrows\n1r,1b,1\ncolumns\n1r\n1b\n1\n\
            goal \"rb1\"\ncolor b #0000ff\n";
        let p = parse(text).unwrap().remove(0);
        let pal = p.palette();
        let entries: Vec<(&str, char, String)> = pal
            .entries()
            .map(|(_, c)| (c.name.as_str(), c.symbol, c.rgb.to_string()))
            .collect();
        assert_eq!(
            entries,
            [
                ("white", '.', "#ffffff".to_owned()),
                ("r", 'r', "#ff0000".to_owned()),
                ("b", 'b', "#0000ff".to_owned()),
                ("black", '#', "#000000".to_owned()),
            ]
        );
        assert!(p.is_solved_by(p.metadata.goal.as_ref().unwrap()));
        // Black has no letter of its own: it is written `a`, and comes back named so.
        let written = write(&p);
        assert!(written.contains("color a #000000\n"), "{written}");
        let back = parse(&written).unwrap().remove(0);
        assert_eq!((back.rows(), back.columns()), (p.rows(), p.columns()));
        assert_eq!(back.metadata.goal, p.metadata.goal);
        assert_eq!(back.palette().colour(ColourId::new(3).unwrap()).name, "a");
        // An undeclared letter gets a colour of its own; one colour is black and white.
        let p = parse("width 1\nheight 1\nrows\n1z\ncolumns\n1z\n")
            .unwrap()
            .remove(0);
        assert!(p.is_black_and_white());
        assert_eq!(p.palette().colour(ColourId::BLACK).name, "z");
        let _ = ParseErrorKind::Colour("non");
    }

    #[test]
    fn strings_round_trip_through_escapes() {
        for s in [
            "plain",
            "a \"quoted\" & <b>",
            "two\nlines\t",
            "&amp; literally",
            "©",
        ] {
            let quoted = escape(s);
            assert!(!quoted.contains('\n'));
            assert_eq!(string_value(&quoted), s);
        }
        assert_eq!(
            unescape("&#65;&#x42;&bogus;&#99999999999;"),
            "AB&bogus;&#99999999999;"
        );
    }
}
