//! Test support, not API: the properties every reader and writer is held to, in one place for
//! the fuzz target `fuzz/fuzz_targets/read_any.rs` and the property tests of
//! `tests/fuzz_readers.rs` (which also replay the fuzz target's seed corpus, so `cargo test`
//! catches a reader regression where cargo-fuzz cannot run). Hidden from the docs and free to
//! change with the tests; a broken property panics with a message that names it.
//!
//! [`read_any`] takes any bytes, as a file would hold them, and checks that:
//!
//! - decoding agrees with the standard library: text is exactly the UTF-8 without NUL bytes;
//! - no reader panics, in any forced [`Format`], with or without a file name to guide
//!   detection;
//! - recognising the format and reading in it (`parse_auto`) gives what reading in the detected
//!   format gives;
//! - every error is one line that starts with its position, and the position lies in the input
//!   (a line that exists, a column at most one past its end, or the end of the input);
//! - every puzzle any reader returns survives [`round_trip`]: written in each writable format,
//!   it is recognised as that format and reads back with the same clues, the same givens and
//!   the metadata the format holds, or the format refuses it for its colours or its givens.

use std::path::Path;

use nonogram_model::{Colour, Palette, Puzzle, Rgb};

use crate::non;
use crate::{
    decode, detect, parse, parse_auto, parse_bytes, write, Format, ParseError, WriteErrorKind,
};

/// Checks every reader on `bytes` (see the module doc); panics on a broken property.
pub fn read_any(bytes: &[u8]) {
    let text = match decode(bytes) {
        Ok(text) => {
            assert_eq!(
                Ok(text),
                std::str::from_utf8(bytes),
                "decoding changed the text"
            );
            assert!(!text.contains('\0'), "decoding let a NUL byte through");
            text
        }
        Err(e) => {
            let binary = std::str::from_utf8(bytes).map_or(true, |t| t.contains('\0'));
            assert!(binary, "decoding refused text: {e}");
            // The position is that of the first bad byte, in the valid text before it.
            let valid = std::str::from_utf8(bytes).map_or_else(
                |u| std::str::from_utf8(&bytes[..u.valid_up_to()]).unwrap(),
                |t| &t[..t.find('\0').unwrap()],
            );
            check_error(&e, valid, "decoding");
            assert!(
                parse_bytes(bytes, None, None).is_err(),
                "reading accepted binary data"
            );
            return;
        }
    };

    // Readers skip a byte-order mark, and count positions after it.
    let seen = text.strip_prefix('\u{feff}').unwrap_or(text);

    // Every format, forced: no panic, sane errors, and every puzzle round-trips.
    let results: Vec<(Format, Result<Vec<Puzzle>, ParseError>)> = Format::ALL
        .iter()
        .map(|&format| (format, parse(text, format)))
        .collect();
    for (format, result) in &results {
        match result {
            Ok(puzzles) => {
                assert!(!puzzles.is_empty(), "{format}: Ok with no puzzle");
                for p in puzzles {
                    round_trip(p);
                }
            }
            Err(e) => check_error(e, seen, format),
        }
    }
    let forced = |format: Format| &results.iter().find(|(f, _)| *f == format).unwrap().1;

    // Detection, without and with a file name: the same answer as reading in the format found.
    // No name, and a name with each extension a format claims (`.txt` is claimed by several).
    let mut names: Vec<Option<String>> = vec![None, Some("x.txt".to_owned())];
    for format in Format::ALL {
        for ext in format.extensions() {
            let name = Some(format!("x.{ext}"));
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    for name in &names {
        let path = name.as_deref().map(Path::new);
        let detected = detect(path, text);
        match (parse_bytes(bytes, path, None), detected) {
            (Ok((format, puzzles)), Some(want)) => {
                assert_eq!(
                    format, want,
                    "{name:?}: read as another format than detected"
                );
                assert_eq!(
                    Ok(&puzzles),
                    forced(format).as_ref(),
                    "{name:?}: detected {format} reads differently from forced {format}"
                );
            }
            (Ok((format, _)), None) => panic!("{name:?}: read as {format}, detected as nothing"),
            (Err(e), Some(format)) => {
                assert_eq!(
                    Err(&e),
                    forced(format).as_ref(),
                    "{name:?}: detected {format} fails differently from forced {format}"
                );
            }
            (Err(e), None) => check_error(&e, seen, "detection"),
        }
    }
    // A named format skips detection.
    for &format in Format::ALL {
        let read = parse_auto(text, Some(Path::new("x.non")), Some(format));
        assert_eq!(
            read.map(|(_, p)| p).as_ref(),
            forced(format).as_ref(),
            "parse_auto with {format} named differs from parse"
        );
    }
}

/// Writes `puzzle` in every writable format and reads it back in that format and by detection:
/// the same clues, and the metadata the format holds ([`expected_after`]). A puzzle without a
/// goal cannot be written as a picture; one with a goal comes back from a picture as the goal's
/// clues (readers do not check goals, so they may differ from the puzzle's).
pub fn round_trip(puzzle: &Puzzle) {
    for &format in Format::ALL.iter().filter(|f| f.is_writable()) {
        let written = write(puzzle, format);
        if puzzle.is_triangles() && !format.can_hold_triangles() {
            let e = written.expect_err("a triangle puzzle written in a format without them");
            assert_eq!(e.kind(), &WriteErrorKind::Triangles(format.name()));
            continue;
        }
        if !puzzle.is_black_and_white() && !puzzle.is_triangles() && !format.writes_colour() {
            let e = written.expect_err("a colour puzzle written in a black-and-white format");
            assert_eq!(e.kind(), &WriteErrorKind::Colour(format.name()));
            assert_eq!(
                e.to_string(),
                format!("{format} cannot hold colour puzzles")
            );
            continue;
        }
        if !puzzle.givens().is_empty() && !format.can_hold_givens() {
            let e = written.expect_err("givens dropped: written in a format without them");
            let count = puzzle.givens().len();
            assert_eq!(
                e.kind(),
                &WriteErrorKind::Givens {
                    format: format.name(),
                    count
                }
            );
            assert!(
                e.to_string().starts_with(&format!(
                    "the {format} format cannot store given cells, and this puzzle gives {count}"
                )),
                "{e}"
            );
            continue;
        }
        if format == Format::Picture && puzzle.metadata.goal.is_none() {
            assert!(written.is_err(), "a picture written without a goal");
            continue;
        }
        let text = written.unwrap_or_else(|e| panic!("writing {format}: {e}"));
        assert!(text.ends_with('\n'), "{format}: no final newline:\n{text}");
        let want = vec![expected_after(puzzle, format)];
        let back = parse(&text, format)
            .unwrap_or_else(|e| panic!("reading back {format}: {e}\n{text}\nfrom {puzzle:?}"));
        assert_eq!(
            back, want,
            "{format} round trip changed the puzzle:\n{text}"
        );
        assert_eq!(
            detect(None, &text),
            Some(format),
            "written {format} is not recognised as {format}:\n{text}"
        );
    }
}

/// The palette a format keeps: all of it in XML and JSON; in `.non` the RGB of each colour, named
/// and drawn by its letter (or nothing, for a puzzle written as plain black and white); none in
/// the formats without colours.
pub fn palette_after(p: &Puzzle, format: Format) -> Palette {
    match format {
        Format::Xml | Format::Json => p.palette().clone(),
        Format::G if p.is_triangles() => Palette::triangles(),
        Format::Non => match non::letters(p.palette()) {
            None => Palette::black_and_white(),
            Some(letters) => {
                let colours = p
                    .palette()
                    .colours()
                    .map(|(id, c)| {
                        let l = letters[id.index()];
                        Colour::new(l.to_string(), c.rgb, l)
                    })
                    .collect();
                Palette::new(Colour::new("white", Rgb::WHITE, '.'), colours)
                    .expect("the palette .non reads back")
            }
        },
        _ => Palette::black_and_white(),
    }
}

/// What reading back `p` written in `format` gives: the clues, the palette the format keeps
/// ([`palette_after`]), the givens (a format that cannot store them refuses to write them),
/// and the metadata the format
/// can hold (the rest is dropped on writing; XML replaces the characters it cannot hold and
/// trims the rest). A picture holds the goal alone, and its clues
/// are the goal's.
pub fn expected_after(p: &Puzzle, format: Format) -> Puzzle {
    let mut want = match (format, &p.metadata.goal) {
        (Format::Picture, Some(goal)) => {
            let mut from_goal = Puzzle::from_picture(goal);
            from_goal.metadata = p.metadata.clone();
            from_goal
        }
        _ => {
            let mut kept = Puzzle::with_palette(
                palette_after(p, format),
                p.rows().to_vec(),
                p.columns().to_vec(),
            )
            .expect("the clues fit the palette the format keeps")
            .with_givens(p.givens().to_vec())
            .expect("the givens fit the palette the format keeps");
            kept.metadata = p.metadata.clone();
            kept
        }
    };
    let m = &mut want.metadata;
    let keep = |keep: bool, v: &mut Option<String>| {
        if !keep {
            *v = None;
        }
    };
    let (title, author, copyright, license, goal) = match format {
        Format::Non | Format::Json => (true, true, true, true, true),
        Format::Xml => (true, true, true, false, true),
        Format::Picture => (false, false, false, false, true),
        _ => (false, false, false, false, false),
    };
    keep(title, &mut m.title);
    keep(author, &mut m.author);
    keep(copyright, &mut m.copyright);
    keep(license, &mut m.license);
    if !goal {
        m.goal = None;
    }
    if format == Format::Xml {
        // XML 1.0 cannot hold most C0 controls, nor U+FFFE and U+FFFF: U+FFFD stands in. The
        // reader trims the text of elements (XML files are indented), and drops it if empty.
        let held =
            |c: char| c >= ' ' && !matches!(c, '\u{fffe}' | '\u{ffff}') || "\t\n\r".contains(c);
        for text in [&mut m.title, &mut m.author, &mut m.copyright] {
            *text = text.take().and_then(|text| {
                let written: String = text
                    .chars()
                    .map(|c| if held(c) { c } else { '\u{fffd}' })
                    .collect();
                let read = written.trim();
                (!read.is_empty()).then(|| read.to_owned())
            });
        }
    }
    want
}

/// An error is one line that opens with its position, and the position is in `text` (as the
/// reader saw it: readers skip a byte-order mark): a line it has (the one after a final newline
/// counts), a column at most one past that line's end; or the end of the input, at column 1 of
/// the line after the last, where a missing line would go.
fn check_error(e: &ParseError, text: &str, what: impl std::fmt::Display) {
    let shown = e.to_string();
    assert!(
        !shown.contains(['\n', '\r']),
        "{what}: a message of two lines: {shown:?}"
    );
    assert!(
        shown.starts_with(&format!("line {}, column {}: ", e.line, e.column)),
        "{what}: {shown:?}"
    );
    // Lines end as the readers have them: `\n`, `\r\n` or a lone `\r`.
    let text = &*crate::scan::line_ends(text);
    let lines = text.split('\n').count();
    if e.line == lines + 1 && e.column == 1 {
        // The end of the input, when the last line has no newline: where a missing line goes.
        return;
    }
    let line = text.split('\n').nth(e.line.wrapping_sub(1));
    let line = line.unwrap_or_else(|| panic!("{what}: no line {} in the input: {shown}", e.line));
    let width = line.chars().count();
    assert!(
        e.column >= 1 && e.column <= width + 1,
        "{what}: column {} of a line of {width} characters: {shown}",
        e.column
    );
}
