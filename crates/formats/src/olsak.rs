//! Petr Olšák's formats, from his `grid` solver: `.mk` and `.g`.
//!
//! **`.mk`** is the simple one: the first line is `H W` (height first), then `H` row lines, a
//! line holding only `#`, and `W` column lines; numbers are separated by blanks and a blank line
//! or `0` is an empty line.
//!
//! **`.g`** is the general one. Every line before the first line that starts with `:` or `#` is a
//! comment. A line starting with `#d` (or `#D`) opens the colour declarations, one a line as
//! `<in>:<out> <xpm-colour> <comment>`, where `<in>` is the character that follows a number to
//! give its colour (`3m`), `<out>` the character the solver prints it with, and `<xpm-colour>`
//! an X11 colour name or `#rrggbb`; `0` declares the background and `1` the default colour, the
//! one of a number without a character. A line starting with `:` (the rest of it is a comment)
//! opens the rows, the next such line the columns, and a third one ends the puzzle; everything
//! after it is ignored. Between them each line is one clue, a blank line an empty one.
//!
//! Colours are read as pbnsolve reads them: the background is white unless `0` says otherwise;
//! the other declared colours follow in the file's order, each named by its XPM word (or, for
//! a `#rrggbb` colour, by its `<in>` character) and drawn with its `<out>` character (or `<in>`
//! when `<out>` is taken or a blank). Without a `#d` section the puzzle is black and white; with
//! one, a number without a character needs a declared `1`. Triangles declared with a slash in
//! their XPM word (`black/orange`) are colours like any other, as Olšák's solver treats them;
//! their RGB is the mean of the two halves'.
//!
//! The glued triangles of *Malované křížovky* (declarations whose comment starts with `<<`,
//! `>>`, `<>` or `><`, and blocks such as `/4\\` with a triangle before the number) make a
//! triangle puzzle (`nonogram_model::triangle`), read by [`crate::glue`]: its palette is
//! `Palette::triangles`, and beside the glued triangles only black (`1`) and white (`0`) may
//! be declared. Refused: `#t` (or `#T`), a triddler, a hexagonal puzzle with three families of
//! lines.
//!
//! Written (by [`crate::glue::write`]): black-and-white and triangle puzzles.

use nonogram_model::triangle::End;
use nonogram_model::{Axis, ColourId, Palette, Puzzle, Rgb};

use crate::error::{ParseError, ParseErrorKind, Pos};
use crate::glue::{self, Glue};
use crate::palette::{self, Names, PaletteBuilder};
use crate::scan::{self, ClueList, Cursor, OneColour, Tags};

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
    let mut colours = OneColour::new("mk");
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
            scan::clue(line, Pos::new(n, 1), sep, &mut colours)?,
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
    let columns = cursor.clues(width, "column", sep, &mut colours)?;
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

/// The colours of a `.g` file: the declarations read so far, and how clue characters map to
/// palette entries.
#[derive(Debug, Default)]
struct GColours {
    /// Whether a `#d` section was seen: without one the puzzle is black and white.
    declared: bool,
    builder: PaletteBuilder,
    /// `<in>` characters and their colours.
    by_char: Vec<(char, ColourId)>,
    /// The colour of `1`, for numbers without a character.
    default: Option<ColourId>,
    /// Whether `0` declared the background.
    background: bool,
    /// The glued triangles declared, and where the first was.
    glue: Vec<Glue>,
    glue_at: Option<Pos>,
    /// The axis of the clues being read (glue characters cap different ends in rows and
    /// columns).
    axis: Option<Axis>,
}

impl GColours {
    /// Reads one declaration line of the `#d` section.
    fn declare(&mut self, n: usize, line: &str) -> Result<(), ParseError> {
        let body = line.trim_start();
        let indent = line.len() - body.len();
        let at = |byte: usize| Pos::new(n, scan::column(line, indent + byte));
        let mut chars = body.chars();
        let (Some(inchar), Some(':')) = (chars.next(), chars.next()) else {
            return Err(ParseError::syntax(
                at(0),
                format!(
                    "expected a colour declaration `<char>:<char> <colour>`, found {}",
                    scan::quote(body)
                ),
            ));
        };
        let outchar = chars.next();
        let rest = chars.as_str().trim_start();
        let word = rest.split_whitespace().next().unwrap_or("");
        let word_pos = at(body.len() - rest.len());
        let comment = rest[word.len()..].trim_start();
        if glue::is_glue(comment) {
            let g = glue::declare(inchar, word, comment, (at(0), word_pos), xpm_colour)?;
            let row_end = |g: &Glue| nonogram_model::triangle::end_capped(g.cell, Axis::Row);
            if inchar.is_ascii_digit()
                || self.by_char.iter().any(|&(c, _)| c == inchar)
                || self
                    .glue
                    .iter()
                    .any(|d| d.inchar == inchar && row_end(d) == row_end(&g))
            {
                return Err(ParseError::syntax(
                    at(0),
                    format!(
                        "glued triangle {} is declared twice for one end, or is a digit or a \
                         colour's character",
                        scan::quote(&inchar.to_string())
                    ),
                ));
            }
            self.glue_at.get_or_insert(at(0));
            self.glue.push(g);
            return Ok(());
        }
        if word.is_empty() {
            return Err(ParseError::syntax(
                word_pos,
                "expected a colour after `<char>:<char>`",
            ));
        }
        let rgb = xpm_colour(word).ok_or_else(|| {
            ParseError::syntax(word_pos, format!("unknown colour {}", scan::quote(word)))
        })?;
        if self.by_char.iter().any(|&(c, _)| c == inchar)
            || self.glue.iter().any(|g| g.inchar == inchar)
            || (inchar == '0' && self.background)
        {
            return Err(ParseError::syntax(
                at(0),
                format!(
                    "colour {} is declared twice",
                    scan::quote(&inchar.to_string())
                ),
            ));
        }
        let name = if word.starts_with('#') {
            None
        } else {
            Some(word)
        };
        if inchar == '0' {
            self.builder
                .set_background(name.unwrap_or("background"), rgb, word_pos)?;
            self.background = true;
            return Ok(());
        }
        // The XPM word names the colour, unless it is RGB or taken: then the `<in>` character.
        let own = inchar.to_string();
        let name = name
            .filter(|w| self.builder.find(w).is_none())
            .unwrap_or(&own)
            .to_owned();
        let symbols: Vec<char> = outchar.into_iter().chain([inchar]).collect();
        let id = self.builder.add(&name, rgb, &symbols, at(0))?;
        self.by_char.push((inchar, id));
        if inchar == '1' {
            self.default = Some(id);
        }
        Ok(())
    }

    fn palette(self) -> Result<Palette, ParseError> {
        if let Some(at) = self.glue_at {
            // Beside the glued triangles, black alone.
            let palette = self.builder.build();
            let black = palette.colours().all(|(_, c)| c.rgb == Rgb::BLACK);
            if palette.len() > 2 || !black || self.default.is_none() {
                return Err(ParseError::at(
                    at,
                    ParseErrorKind::Unsupported(
                        "glued triangles beside colours other than black `1` (colour triangle \
                         puzzles)",
                    ),
                ));
            }
            return Ok(Palette::triangles());
        }
        Ok(if self.declared {
            self.builder.build()
        } else {
            Palette::black_and_white()
        })
    }
}

impl Tags for GColours {
    fn capped(
        &mut self,
        prefix: &str,
        suffix: &str,
        pos: Pos,
    ) -> Result<Option<(ColourId, [ColourId; 2])>, ParseError> {
        if self.glue.is_empty() {
            return Ok(None);
        }
        let axis = self.axis.unwrap_or(Axis::Row);
        let start = match prefix {
            "" => ColourId::BACKGROUND,
            text => glue::cap(&self.glue, axis, End::Start, text).ok_or_else(|| {
                ParseError::syntax(
                    pos,
                    format!(
                        "{} before the number is not a glued triangle declared for that end",
                        scan::quote(text)
                    ),
                )
            })?,
        };
        let end = match suffix {
            "" => ColourId::BACKGROUND,
            text => match glue::cap(&self.glue, axis, End::End, text) {
                Some(cap) => cap,
                None => {
                    self.colour("", text, pos)?;
                    ColourId::BACKGROUND
                }
            },
        };
        Ok(Some((ColourId::BLACK, [start, end])))
    }

    fn colour(&mut self, prefix: &str, suffix: &str, pos: Pos) -> Result<ColourId, ParseError> {
        if !prefix.is_empty() {
            return Err(ParseError::syntax(
                pos,
                format!(
                    "{} before a number: only glued triangles, declared in a `#d` section with a \
                     comment starting `<<`, `>>`, `<>` or `><`, go there",
                    scan::quote(prefix)
                ),
            ));
        }
        if suffix.is_empty() {
            return match (self.declared, self.default) {
                (false, _) => Ok(ColourId::BLACK),
                (true, Some(id)) => Ok(id),
                (true, None) => Err(ParseError::syntax(
                    pos,
                    "a block without a colour, and the `#d` section declares no default colour `1`",
                )),
            };
        }
        let mut chars = suffix.chars();
        let c = chars.next().filter(|_| chars.next().is_none());
        let found = c.and_then(|c| self.by_char.iter().find(|&&(d, _)| d == c));
        match found {
            Some(&(_, id)) => Ok(id),
            None if self.declared => Err(ParseError::syntax(
                pos,
                format!("unknown colour {} after the number", scan::quote(suffix)),
            )),
            None => Err(ParseError::syntax(
                pos,
                format!(
                    "unknown colour {} after the number: colours are declared in a `#d` section",
                    scan::quote(suffix)
                ),
            )),
        }
    }
}

/// An XPM colour word: `#rrggbb`, an X11 name, or a triangle `a/b` or `a\\b` (the mean of its
/// two halves).
fn xpm_colour(word: &str) -> Option<Rgb> {
    if let Some((a, b)) = word.split_once(['/', '\\']) {
        let (a, b) = (xpm_colour(a)?, xpm_colour(b)?);
        let mean = |x: u8, y: u8| ((u16::from(x) + u16::from(y)) / 2) as u8;
        return Some(Rgb::new(mean(a.r, b.r), mean(a.g, b.g), mean(a.b, b.b)));
    }
    palette::colour_value(word, Names::X11)
}

pub(crate) fn parse_g(text: &str) -> Result<Puzzle, ParseError> {
    let mut cursor = Cursor::new(text);
    let mut section = Section::Preamble;
    let mut colours = GColours::default();
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
                    colours.axis = Some(Axis::Row);
                    Section::Rows
                }
                Section::Rows => {
                    colours.axis = Some(Axis::Column);
                    Section::Columns
                }
                Section::Columns => {
                    ended = true;
                    break;
                }
            };
            continue;
        }
        match section {
            Section::Preamble => {
                let lower = line.get(..2).map(str::to_ascii_lowercase);
                match lower.as_deref() {
                    Some("#d") => {
                        section = Section::Colours;
                        colours.declared = true;
                    }
                    Some("#t") => {
                        return Err(ParseError::at(
                            pos,
                            ParseErrorKind::Unsupported("triddlers (hexagonal puzzles)"),
                        ));
                    }
                    _ => {}
                }
            }
            Section::Colours => {
                if !line.trim().is_empty() {
                    colours.declare(n, line)?;
                }
            }
            Section::Rows | Section::Columns => {
                let list = if section == Section::Rows {
                    &mut rows
                } else {
                    &mut columns
                };
                let clue = scan::clue(line, pos, scan::is_blank_or_comma, &mut colours)?;
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
    scan::build_in(colours.palette()?, rows, columns, rows_at)
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
    fn reads_g_colours() {
        let text = "comment\n#d\n  m:%  blue   modra\n  0:   white\n  1:*  black\n\
            :rows\n1m 1\n2\n:\n1m\n1\n1\n";
        let p = parse_g(text).unwrap();
        let pal = p.palette();
        let names: Vec<(&str, char)> = pal
            .entries()
            .map(|(_, c)| (c.name.as_str(), c.symbol))
            .collect();
        assert_eq!(names, [("white", '.'), ("blue", '%'), ("black", '*')]);
        assert_eq!(pal.colour(ColourId::BLACK).rgb, Rgb::new(0, 0, 255));
        let (blue, black) = (ColourId::new(1).unwrap(), ColourId::new(2).unwrap());
        assert_eq!(p.rows()[0].colours(), [blue, black]);
        // `#rrggbb` colours are named by their character; `.` is the background's, so `1:.`
        // is drawn with its `<in>` character instead.
        let text = "#d\n @:@ #0000FF\n 0:+ white\n 1:. black\n:\n1@\n:\n1@\n";
        let pal = parse_g(text).unwrap().palette().clone();
        let names: Vec<(&str, char)> = pal
            .entries()
            .map(|(_, c)| (c.name.as_str(), c.symbol))
            .collect();
        assert_eq!(names, [("white", '.'), ("@", '@'), ("black", '1')]);
        // Triangles are colours; their RGB is the mean of their halves.
        let text = "#d\n 1:* black\n t:/ black/white\n:\n1t\n:\n1t\n";
        let pal = parse_g(text).unwrap().palette().clone();
        assert_eq!(
            pal.colour(ColourId::new(2).unwrap()).rgb,
            Rgb::new(127, 127, 127)
        );
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

    /// `noty.g`'s declarations.
    const GLUE: &str = "#d\n  1:*   black\n  /:a   white/black  <<  x\n  /:b   black/white  >>  x\n  \\:c   white\\black  <>  x\n  \\:d   black\\white  ><  x\n";

    #[test]
    fn reads_and_writes_glued_triangles() {
        use nonogram_model::triangle::{LOWER_LEFT, LOWER_RIGHT, UPPER_LEFT, UPPER_RIGHT};
        let text = format!("{GLUE}: rows\n/4\\\n\\1 /3/\n: columns\n/2\\\n\\2\n1\n2/\n: end\n");
        let p = parse_g(&text).unwrap();
        assert!(p.is_triangles());
        let row = &p.rows()[0];
        assert_eq!(row.runs(), [4]);
        assert_eq!(row.caps(0), [LOWER_RIGHT, LOWER_LEFT]);
        assert_eq!(p.rows()[1].caps(0), [UPPER_RIGHT, ColourId::BACKGROUND]);
        assert_eq!(p.rows()[1].caps(1), [LOWER_RIGHT, UPPER_LEFT]);
        // A column reads `\` the other way round.
        assert_eq!(p.columns()[0].caps(0), [LOWER_RIGHT, UPPER_RIGHT]);
        assert_eq!(p.columns()[1].caps(0), [LOWER_LEFT, ColourId::BACKGROUND]);
        let written = crate::write(&p, crate::Format::G).unwrap();
        assert_eq!(parse_g(&written).unwrap(), p, "{written}");
        assert_eq!(crate::detect(None, &written), Some(crate::Format::G));
        // Black and white, written and read back.
        let bw = parse_g(":\n1 1\n\n:\n1\n0\n1\n").unwrap();
        assert_eq!(
            parse_g(&crate::write(&bw, crate::Format::G).unwrap()).unwrap(),
            bw
        );
    }

    #[test]
    fn errors() {
        let mk: &[(&str, (usize, usize), &str)] = &[
            ("3 2\n1\n#\n", (3, 1), "found `#` after 1 row clues"),
            ("1 2\n2\n1\n1\n", (3, 1), "expected `#`"),
            ("1 1\n1a\n#\n1b\n", (4, 1), "black-and-white puzzles only"),
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
            ("#d\n:\n1m\n:\n1\n:\n", (3, 1), "unknown colour `m`"),
            (
                "#d\n 1:* black\n:\n1\n:\n1m\n:\n",
                (6, 1),
                "unknown colour `m`",
            ),
            (
                "#d\n m:% blue\n:\n1\n:\n1m\n:\n",
                (4, 1),
                "no default colour",
            ),
            (":\n1m\n:\n1\n", (2, 1), "declared in a `#d` section"),
            (":\n/4\\\n:\n4\n", (2, 1), "`/` before a number"),
            (
                "#d\n 1:* black\n /:a white/black >> x\n:\n",
                (3, 2),
                "faces away from it",
            ),
            (
                "#d\n 1:* black\n /:a red/black << x\n:\n",
                (3, 6),
                "colour triangle puzzles",
            ),
            (
                "#d\n 1:* black\n r:% red\n /:a white/black << x\n:\n1\n:\n1\n:\n",
                (4, 2),
                "colour triangle puzzles",
            ),
            (
                "#d\n 1:* black\n /:a white/black << x\n /:e white/black << x\n:\n",
                (4, 2),
                "declared twice",
            ),
            (
                "#d\n 1:* black\n /:a white/black << x\n:\n4/\n:\n4\n:\n",
                (5, 1),
                "unknown colour `/`",
            ),
            (
                "#d\n 1:* black\n /:a white/black << x\n /:b black/white >> x\n:\n/1/\n:\n1\n:\n",
                (6, 1),
                "cap",
            ),
            (
                "#d\n m:% nosuchcolour\n:\n",
                (2, 6),
                "unknown colour `nosuchcolour`",
            ),
            ("#d\n m\n:\n", (2, 2), "expected a colour declaration"),
            ("#d\n m:% red\n m:* blue\n:\n", (3, 2), "declared twice"),
            (":\nx\n:\n4\n", (2, 1), "expected a number"),
        ];
        for (text, (line, column), want) in g {
            let e = parse_g(text).unwrap_err();
            assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {e}");
            assert!(e.to_string().contains(want), "{text:?}: {e}");
        }
    }
}
