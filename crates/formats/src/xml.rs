//! webpbn's XML format, the native format of Jan Wolter's pbnsolve.
//!
//! ```xml
//! <puzzleset>
//!  <puzzle type="grid" defaultcolor="black">
//!   <title>Dancer</title> <author>Jan Wolter</author> <copyright>…</copyright>
//!   <color name="white" char=".">FFFFFF</color> <color name="black" char="X">000000</color>
//!   <clues type="columns"> <line><count>2</count><count>1</count></line> … </clues>
//!   <clues type="rows"> … </clues>
//!   <solution type="goal"><image>
//!   |.XX..|
//!   …
//!   </image></solution>
//!  </puzzle>
//! </puzzleset>
//! ```
//!
//! The palette is the puzzle's `<color>` elements, in the file's order, each with its `name`,
//! its RGB in hex (`316AB2` or the short `36B`) and its `char`. The one named by the puzzle's
//! `backgroundcolor` (`white` unless given) is the background, drawn `.` whatever its `char`;
//! without `<color>` elements (or without one of the background's name) the background is white.
//! A `<count>` may name its colour (`color="blue"`); without one it has the puzzle's
//! `defaultcolor` (`black` unless given). A count of an undeclared colour is an error, except
//! for `black`, which is added (`000000`, drawn `X`) as pbnsolve assumes it. The `goal` (or
//! `solution`) image becomes the goal picture: one row a line between `|` bars, each cell the
//! `char` of a declared colour (`.` and `X` for white and black unless declared); `saved` images
//! are ignored. A `<puzzleset>` may hold several puzzles. A puzzle with a goal and no clues gets
//! its clues from the goal.
//!
//! Writing gives every palette entry a `<color>` with its name, character and RGB, the
//! background's first; `defaultcolor` is the first colour, whose counts are written plain, and
//! `backgroundcolor` is given when the background is not called `white`.
//!
//! Titles, authors and copyrights are written with the five XML escapes and character
//! references for control characters; the characters XML 1.0 cannot hold at all (the C0
//! controls but tab, newline and carriage return, and U+FFFE and U+FFFF) are written as U+FFFD.
//!
//! The `<!DOCTYPE>` of webpbn files is accepted (external DTDs are never fetched), but entity
//! declarations are refused: webpbn never uses them and they are the way to make a small file
//! expand into a huge one.

use std::fmt::Write as _;

use nonogram_model::{Axis, Clue, ColourId, LineId, Picture, Puzzle, Rgb, Run};
use roxmltree::{Document, Node, ParsingOptions};

use crate::error::{ParseError, ParseErrorKind, Pos};
use crate::palette::PaletteBuilder;
use crate::scan::{self, LineIndex};

/// The most XML nodes we build a tree for (some 300 MB at most); each `<count>` is two or three.
/// The largest published puzzles need a few tens of thousands.
const NODES_LIMIT: u32 = 4_000_000;

pub(crate) fn parse(text: &str) -> Result<Vec<Puzzle>, ParseError> {
    if let Some(at) = text.find("<!ENTITY") {
        return Err(ParseError::at(
            scan::pos_of_offset(text, at),
            ParseErrorKind::Unsupported("entity declarations in XML puzzles"),
        ));
    }
    check_depth(text)?;
    let options = ParsingOptions {
        allow_dtd: true,
        nodes_limit: NODES_LIMIT,
    };
    let doc = Document::parse_with_options(text, options).map_err(|e| {
        let p = e.pos();
        let message = e.to_string();
        // roxmltree appends the position to some messages; ours carries it already.
        let suffix = format!(" at {}:{}", p.row, p.col);
        let message = message.strip_suffix(&suffix).unwrap_or(&message);
        ParseError::syntax(
            Pos::new(p.row as usize, p.col as usize),
            format!("invalid XML: {message}"),
        )
    })?;
    let index = LineIndex::new(text);
    let root = doc.root_element();
    let puzzles: Vec<Node<'_, '_>> = match root.tag_name().name() {
        "puzzleset" => root
            .children()
            .filter(|n| n.has_tag_name("puzzle"))
            .collect(),
        "puzzle" => vec![root],
        other => {
            return Err(ParseError::syntax(
                pos(&index, root),
                format!(
                    "expected <puzzleset> or <puzzle>, found <{}>",
                    other.escape_debug()
                ),
            ));
        }
    };
    if puzzles.len() > scan::MAX_PUZZLES {
        return Err(ParseError::syntax(
            pos(&index, root),
            format!("more than {} puzzles in one file", scan::MAX_PUZZLES),
        ));
    }
    if puzzles.is_empty() {
        return Err(ParseError::syntax(
            pos(&index, root),
            "the puzzle set holds no <puzzle>",
        ));
    }
    puzzles
        .into_iter()
        .map(|node| parse_puzzle(&index, node))
        .collect()
}

/// The deepest element nesting we accept. webpbn files nest five deep; roxmltree recurses on
/// nesting and a hostile file of a million open tags would overflow the stack.
const MAX_DEPTH: usize = 256;

/// Refuses documents nested deeper than [`MAX_DEPTH`] before roxmltree sees them. The scan is
/// rough (it skips comments, CDATA, processing instructions and declarations, and ignores quotes),
/// which can only make it overestimate the depth of odd documents, never miss a deep one.
fn check_depth(text: &str) -> Result<(), ParseError> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while let Some(lt) = bytes[i..].iter().position(|&b| b == b'<') {
        let at = i + lt;
        let rest = &bytes[at..];
        let skip_to = |end: &[u8]| {
            rest.windows(end.len())
                .position(|w| w == end)
                .map_or(bytes.len(), |p| at + p + end.len())
        };
        if rest.starts_with(b"<!--") {
            i = skip_to(b"-->");
        } else if rest.starts_with(b"<![CDATA[") {
            i = skip_to(b"]]>");
        } else if rest.starts_with(b"<?") {
            i = skip_to(b"?>");
        } else if rest.starts_with(b"<!") {
            // A declaration; an internal subset `[...]` holds no elements.
            i = match rest.iter().position(|&b| b == b'[' || b == b'>') {
                Some(p) if rest[p] == b'[' => skip_to(b"]>").max(at + p),
                Some(p) => at + p + 1,
                None => bytes.len(),
            };
        } else if rest.starts_with(b"</") {
            depth = depth.saturating_sub(1);
            i = at + 2;
        } else {
            let end = rest
                .iter()
                .position(|&b| b == b'>')
                .map_or(bytes.len(), |p| at + p);
            if end == bytes.len() || bytes[end - 1] != b'/' {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(ParseError::syntax(
                        scan::pos_of_offset(text, at),
                        format!("elements nested more than {MAX_DEPTH} deep"),
                    ));
                }
            }
            i = (end + 1).min(bytes.len());
        }
        if i >= bytes.len() {
            break;
        }
    }
    Ok(())
}

fn pos(index: &LineIndex<'_>, node: Node<'_, '_>) -> Pos {
    index.pos(node.range().start)
}

fn child<'a, 'input>(node: Node<'a, 'input>, name: &str) -> Option<Node<'a, 'input>> {
    node.children().find(|n| n.has_tag_name(name))
}

/// All the text inside an element, trimmed; `None` when there is none.
fn text_of(node: Node<'_, '_>) -> Option<String> {
    let text: String = node
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_owned())
}

fn parse_puzzle(index: &LineIndex<'_>, node: Node<'_, '_>) -> Result<Puzzle, ParseError> {
    let at = pos(index, node);
    if node.attribute("type").is_some_and(|t| t != "grid") {
        return Err(ParseError::at(
            at,
            ParseErrorKind::Unsupported("puzzles that are not rectangular grids"),
        ));
    }
    let default_colour = node.attribute("defaultcolor").unwrap_or("black");
    let background = node.attribute("backgroundcolor").unwrap_or("white");

    // The palette, and the character each colour has in the goal image (the file's `char`).
    let mut builder = PaletteBuilder::default();
    builder.set_background(background, Rgb::WHITE, pos(index, node))?;
    let mut image_chars: Vec<(char, ColourId)> = Vec::new();
    for colour in node.children().filter(|n| n.has_tag_name("color")) {
        let cpos = pos(index, colour);
        let name = colour
            .attribute("name")
            .ok_or_else(|| ParseError::syntax(cpos, "a <color> without a `name`"))?;
        let hex = text_of(colour).unwrap_or_default();
        let rgb = Rgb::parse_hex(&hex).ok_or_else(|| {
            ParseError::syntax(
                cpos,
                format!(
                    "expected an RGB colour such as `316AB2`, found {}",
                    scan::quote(&hex)
                ),
            )
        })?;
        let ch = colour.attribute("char").and_then(|c| c.chars().next());
        let id = if name == background {
            if image_chars.iter().any(|&(_, id)| id.is_background()) {
                return Err(ParseError::syntax(
                    cpos,
                    format!("colour {} is declared twice", scan::quote(name)),
                ));
            }
            builder.set_background(name, rgb, cpos)?;
            ColourId::BACKGROUND
        } else {
            builder.add(name, rgb, ch.as_slice(), cpos)?
        };
        if let Some(ch) = ch {
            image_chars.push((ch, id));
        }
    }
    // The clues of each axis and the `<line>` nodes they came from, for positions on error.
    let mut rows: Option<(Vec<Clue>, Vec<Node<'_, '_>>)> = None;
    let mut columns: Option<(Vec<Clue>, Vec<Node<'_, '_>>)> = None;
    for clues in node.children().filter(|n| n.has_tag_name("clues")) {
        let slot = match clues.attribute("type") {
            Some("rows") => &mut rows,
            Some("columns") => &mut columns,
            other => {
                return Err(ParseError::syntax(
                    pos(index, clues),
                    format!(
                        "expected <clues type=\"rows\"> or type=\"columns\", found {}",
                        scan::quote(other.unwrap_or(""))
                    ),
                ));
            }
        };
        if slot.is_some() {
            return Err(ParseError::syntax(
                pos(index, clues),
                "these clues are given twice",
            ));
        }
        let (mut list, mut nodes) = (Vec::new(), Vec::new());
        for line in clues.children().filter(|n| n.has_tag_name("line")) {
            let mut runs = Vec::new();
            for count in line.children().filter(|n| n.has_tag_name("count")) {
                // Positions are found only on error: each costs a scan of its line.
                let here = || pos(index, count);
                let text = text_of(count).unwrap_or_default();
                let len = scan::number(&text, Pos::START).map_err(|e| e.moved_to(here()))?;
                if len == 0 {
                    continue;
                }
                let name = count.attribute("color").unwrap_or(default_colour);
                let colour = colour_of(name, &mut builder, &mut image_chars)
                    .map_err(|e| e.moved_to(here()))?;
                if colour.is_background() {
                    return Err(ParseError::syntax(
                        here(),
                        format!("a count of the background colour {}", scan::quote(name)),
                    ));
                }
                runs.push(Run::new(len, colour));
            }
            list.push(Clue::coloured(runs));
            nodes.push(line);
            scan::checked_size(list.len(), 1, Pos::START)
                .map_err(|e| e.moved_to(pos(index, line)))?;
        }
        *slot = Some((list, nodes));
    }

    let goal_node = node
        .children()
        .filter(|n| n.has_tag_name("solution"))
        .find(|n| matches!(n.attribute("type").unwrap_or("goal"), "goal" | "solution"));
    let goal = match goal_node.and_then(|n| child(n, "image")) {
        Some(image) => {
            // Without declared colours the image draws white `.` and black `X`.
            if !image_chars.iter().any(|&(_, id)| id.is_background()) {
                image_chars.push(('.', ColourId::BACKGROUND));
            }
            if builder.len() == 0 {
                colour_of(default_colour, &mut builder, &mut image_chars)
                    .map_err(|e| e.moved_to(at))?;
            }
            Some(read_image(index, image, &image_chars)?)
        }
        None => None,
    };
    let palette = builder.build_or_add("black", 'X');

    let mut puzzle = match (rows, columns, &goal) {
        (Some((rows, row_nodes)), Some((columns, column_nodes)), _) => {
            let locate = |line: LineId| {
                let nodes = if line.axis == Axis::Row {
                    &row_nodes
                } else {
                    &column_nodes
                };
                nodes.get(line.index).map(|&n| pos(index, n))
            };
            scan::build_with(palette, rows, columns, locate, || at)?
        }
        (None, None, Some(goal)) => {
            Puzzle::from_coloured_picture(palette, goal).map_err(|e| ParseError::invalid(at, e))?
        }
        (None, _, _) => return Err(ParseError::syntax(at, "missing <clues type=\"rows\">")),
        (_, None, _) => return Err(ParseError::syntax(at, "missing <clues type=\"columns\">")),
    };
    if let Some(goal) = goal {
        if goal.width() != puzzle.width() || goal.height() != puzzle.height() {
            return Err(ParseError::syntax(
                at,
                format!(
                    "the goal image is {}x{} but the puzzle is {}x{}",
                    goal.width(),
                    goal.height(),
                    puzzle.width(),
                    puzzle.height()
                ),
            ));
        }
        puzzle.metadata.goal = Some(goal);
    }
    let m = &mut puzzle.metadata;
    m.title = child(node, "title").and_then(text_of);
    m.author = child(node, "author").and_then(text_of);
    m.copyright = child(node, "copyright").and_then(text_of);
    Ok(puzzle)
}

/// The entry of the colour `name`; `black` is added when undeclared, as pbnsolve assumes it.
/// Errors are at line 1, column 1: the caller moves them where they belong.
fn colour_of(
    name: &str,
    builder: &mut PaletteBuilder,
    image_chars: &mut Vec<(char, ColourId)>,
) -> Result<ColourId, ParseError> {
    let here = Pos::START;
    if let Some(id) = builder.find(name) {
        return Ok(id);
    }
    if name == "black" {
        let id = builder.add("black", Rgb::BLACK, &['X'], here)?;
        if !image_chars.iter().any(|&(c, _)| c == 'X') {
            image_chars.push(('X', id));
        }
        return Ok(id);
    }
    Err(ParseError::syntax(
        here,
        format!("colour {} is not declared in a <color>", scan::quote(name)),
    ))
}

/// Reads an `<image>`: one row a line, cells between `|` bars.
fn read_image(
    index: &LineIndex<'_>,
    image: Node<'_, '_>,
    chars: &[(char, ColourId)],
) -> Result<Picture, ParseError> {
    let text_node = image.children().find(|n| n.is_text());
    let base = text_node.map_or(image.range().start, |n| n.range().start);
    let text = text_node.and_then(|n| n.text()).unwrap_or("");
    let mut rows: Vec<Vec<ColourId>> = Vec::new();
    let mut offset = 0;
    for line in text.split('\n') {
        let line_start = offset;
        offset += line.len() + 1;
        let body = line.trim();
        if body.is_empty() {
            continue;
        }
        let lead = line.len() - line.trim_start().len();
        let (cells, skip) = match body.strip_prefix('|') {
            Some(inner) => (inner.strip_suffix('|').unwrap_or(inner), 1),
            None => (body, 0),
        };
        let mut row = Vec::new();
        for (i, c) in cells.chars().enumerate() {
            let cpos = || {
                let p = index.pos(base + line_start + lead + skip);
                Pos::new(p.line, p.column + i)
            };
            let Some(&(_, cell)) = chars.iter().find(|&&(d, _)| d == c) else {
                return Err(ParseError::syntax(
                    cpos(),
                    format!(
                        "unexpected {} in the goal image",
                        scan::quote(&c.to_string())
                    ),
                ));
            };
            row.push(cell);
        }
        if rows.first().is_some_and(|first| first.len() != row.len()) {
            let lpos = index.pos(base + line_start + lead);
            return Err(ParseError::syntax(
                lpos,
                format!(
                    "this image row has {} cells but the first has {}",
                    row.len(),
                    rows[0].len()
                ),
            ));
        }
        scan::checked_size(row.len().max(1), rows.len() + 1, pos(index, image))?;
        rows.push(row);
    }
    Picture::from_colour_rows(&rows)
        .ok_or_else(|| ParseError::syntax(pos(index, image), "the goal image is empty"))
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            // XML 1.0 has no way to write the other C0 controls, not even as references.
            c if c < ' ' && !matches!(c, '\t' | '\n' | '\r') => {
                out.push(char::REPLACEMENT_CHARACTER)
            }
            '\u{fffe}' | '\u{ffff}' => out.push(char::REPLACEMENT_CHARACTER),
            c if c.is_control() => {
                let _ = write!(out, "&#{};", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

/// A `<puzzleset>` of the puzzles.
pub(crate) fn write(puzzles: &[Puzzle]) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"http://webpbn.com/pbn-0.3.dtd\">\n\
         <puzzleset>\n",
    );
    for puzzle in puzzles {
        write_puzzle(&mut out, puzzle);
    }
    out.push_str("</puzzleset>\n");
    out
}

fn write_puzzle(out: &mut String, puzzle: &Puzzle) {
    let palette = puzzle.palette();
    let default = palette.colour(ColourId::BLACK);
    let background = palette.background();
    let _ = write!(
        out,
        "<puzzle type=\"grid\" defaultcolor=\"{}\"",
        escape(&default.name)
    );
    if background.name != "white" {
        let _ = write!(out, " backgroundcolor=\"{}\"", escape(&background.name));
    }
    out.push_str(">\n");
    let m = &puzzle.metadata;
    for (tag, value) in [
        ("title", &m.title),
        ("author", &m.author),
        ("copyright", &m.copyright),
    ] {
        if let Some(value) = value {
            let _ = writeln!(out, "<{tag}>{}</{tag}>", escape(value));
        }
    }
    for (_, colour) in palette.entries() {
        let rgb = colour.rgb;
        let _ = writeln!(
            out,
            "<color name=\"{}\" char=\"{}\">{:02X}{:02X}{:02X}</color>",
            escape(&colour.name),
            escape(&colour.symbol.to_string()),
            rgb.r,
            rgb.g,
            rgb.b
        );
    }
    for (kind, clues) in [("columns", puzzle.columns()), ("rows", puzzle.rows())] {
        let _ = writeln!(out, "<clues type=\"{kind}\">");
        for clue in clues {
            out.push_str("<line>");
            for run in clue.iter() {
                if run.colour == ColourId::BLACK {
                    let _ = write!(out, "<count>{}</count>", run.len);
                } else {
                    let name = &palette.colour(run.colour).name;
                    let _ = write!(out, "<count color=\"{}\">{}</count>", escape(name), run.len);
                }
            }
            out.push_str("</line>\n");
        }
        out.push_str("</clues>\n");
    }
    if let Some(goal) = &m.goal {
        out.push_str("<solution type=\"goal\">\n<image>\n");
        for row in goal.row_strings_in(palette) {
            let _ = writeln!(out, "|{}|", escape(&row));
        }
        out.push_str("</image>\n</solution>\n");
    }
    out.push_str("</puzzle>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonogram_model::{Clue, MAX_COLOURS};

    const SMALL: &str = "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"http://webpbn.com/pbn-0.3.dtd\">\n\
        <puzzleset><puzzle type=\"grid\" defaultcolor=\"black\">\n<title>T &amp; U</title>\n\
        <color name=\"white\" char=\" \">FFFFFF</color><color name=\"black\" char=\"#\">000000</color>\n\
        <clues type=\"columns\"><line><count>1</count></line><line><count color=\"black\">2</count></line></clues>\n\
        <clues type=\"rows\"><line><count>1</count></line><line><count>2</count></line></clues>\n\
        <solution type=\"saved\"><image>|??|\n|??|</image></solution>\n\
        <solution type=\"goal\"><image>\n| #|\n|##|\n</image></solution>\n\
        </puzzle></puzzleset>\n";

    #[test]
    fn reads_clues_title_and_goal() {
        let p = parse(SMALL).unwrap().remove(0);
        assert_eq!(p.columns(), &[Clue::new([1]), Clue::new([2])]);
        assert_eq!(p.metadata.title.as_deref(), Some("T & U"));
        assert!(p.is_solved_by(p.metadata.goal.as_ref().unwrap()));
        assert_eq!(parse(&write(std::slice::from_ref(&p))).unwrap(), vec![p]);
    }

    #[test]
    fn reads_colours() {
        let text = "<puzzle defaultcolor=\"red\" backgroundcolor=\"paper\">\
            <color name=\"paper\" char=\" \">FFFFF0</color><color name=\"red\" char=\"r\">F00</color>\
            <color name=\"blue\">0000FF</color>\
            <clues type=\"rows\"><line><count>1</count><count color=\"blue\">1</count></line></clues>\
            <clues type=\"columns\"><line><count>1</count></line><line><count color=\"blue\">1</count></line></clues>\
            <solution><image>|rX|</image></solution></puzzle>";
        // `X` is no declared colour's character: an error, even though blue has none.
        assert!(parse(text)
            .unwrap_err()
            .to_string()
            .contains("unexpected `X`"));
        let text = text.replace("<color name=\"blue\">", "<color name=\"blue\" char=\"X\">");
        let p = parse(&text).unwrap().remove(0);
        let entries: Vec<(&str, char, String)> = p
            .palette()
            .entries()
            .map(|(_, c)| (c.name.as_str(), c.symbol, c.rgb.to_string()))
            .collect();
        assert_eq!(
            entries,
            [
                ("paper", '.', "#fffff0".to_owned()),
                ("red", 'r', "#ff0000".to_owned()),
                ("blue", 'X', "#0000ff".to_owned()),
            ]
        );
        assert_eq!(p.check(p.metadata.goal.as_ref().unwrap()), Ok(()));
        let written = write(std::slice::from_ref(&p));
        assert!(
            written.contains("defaultcolor=\"red\" backgroundcolor=\"paper\""),
            "{written}"
        );
        assert!(
            written.contains("<count color=\"blue\">1</count>"),
            "{written}"
        );
        assert_eq!(parse(&written).unwrap(), vec![p]);
        // Too many colours.
        let many: String = (0..=MAX_COLOURS)
            .map(|i| format!("<color name=\"c{i}\">000</color>"))
            .collect();
        let e = parse(&format!("<puzzle>{many}</puzzle>")).unwrap_err();
        assert!(e.to_string().contains("more than 32 colours"), "{e}");
    }

    /// Found by fuzzing (`read_any`): a `.non` copyright with a control character was written
    /// as `&#28;`, which XML 1.0 forbids, so the file could not be read back.
    #[test]
    fn characters_xml_cannot_hold_are_replaced() {
        let mut p = parse(SMALL).unwrap().remove(0);
        p.metadata.title = Some("a\u{1c}b\u{0}c\u{ffff}\td\r\ne\u{85}f".into());
        let back = parse(&write(std::slice::from_ref(&p))).unwrap().remove(0);
        assert_eq!(
            back.metadata.title.as_deref(),
            Some("a\u{fffd}b\u{fffd}c\u{fffd}\td\r\ne\u{85}f")
        );
    }

    #[test]
    fn empty_lines_and_goal_only() {
        let text = "<puzzle><clues type=\"rows\"><line/><line><count>0</count></line></clues>\
            <clues type=\"columns\"><line></line></clues></puzzle>";
        let p = parse(text).unwrap().remove(0);
        assert_eq!((p.width(), p.height()), (1, 2));
        let goal_only = "<puzzle><solution><image>|X.|</image></solution></puzzle>";
        assert_eq!(parse(goal_only).unwrap()[0].rows(), &[Clue::new([1])]);
    }

    #[test]
    fn errors() {
        let colour = "<puzzle><clues type=\"rows\"><line><count color=\"red\">1</count>\n\
            <count>1</count></line></clues></puzzle>";
        let bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE a [\n<!ENTITY a \"aaaa\">\n]><a>&a;</a>";
        let cases: &[(&str, (usize, usize), &str)] = &[
            ("<puzzleset>", (1, 1), "invalid XML"),
            ("<a/>", (1, 1), "expected <puzzleset> or <puzzle>, found <a>"),
            ("<puzzleset/>", (1, 1), "holds no <puzzle>"),
            (colour, (1, 34), "colour `red` is not declared"),
            (bomb, (3, 1), "entity declarations"),
            ("<puzzle type=\"triddler\"/>", (1, 1), "not rectangular"),
            ("<puzzle backgroundcolor=\"w&#133;\"/>", (1, 1), "holds a control character"),
            (&"<a>".repeat(300), (1, 769), "nested more than 256 deep"),
            ("<puzzle><clues type=\"rows\"><line><count>x</count></line></clues></puzzle>", (1, 34), "expected a number"),
            ("<puzzle><clues type=\"rows\"><line><count>99999999999999999999</count></line></clues></puzzle>", (1, 34), "too large"),
            ("<puzzle><clues type=\"rows\"/></puzzle>", (1, 1), "missing <clues type=\"columns\">"),
            ("<puzzle><clues type=\"diagonal\"/></puzzle>", (1, 9), "expected <clues"),
            ("<puzzle><solution><image>|X.|\n|X|</image></solution></puzzle>", (2, 1), "this image row has 1 cells"),
            ("<puzzle><solution><image>|Xo|</image></solution></puzzle>", (1, 28), "unexpected `o`"),
        ];
        for (text, (line, column), want) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {e}");
            assert!(e.to_string().contains(want), "{text:?}: {e}");
        }
    }
}
