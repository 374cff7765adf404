//! Tests across formats: round trips through every writer, malformed input in every reader,
//! property tests that no input panics, and `read_file`'s handling of binary data.

use std::path::{Path, PathBuf};

use nonogram_model::{Clue, Colour, ColourId, Given, Palette, Picture, Puzzle, Rgb};
use proptest::prelude::*;

use crate::check::expected_after;
use crate::*;

/// Writes and reads back in every writable format; the puzzle must come back equal (the
/// property lives in [`crate::check`], which the fuzz target shares).
pub(crate) fn assert_round_trips(p: &Puzzle) {
    crate::check::round_trip(p);
}

fn picture(rows: &[&str]) -> Picture {
    let rows: Vec<Vec<bool>> = rows
        .iter()
        .map(|r| r.chars().map(|c| c == '#').collect())
        .collect();
    Picture::from_rows(&rows).unwrap()
}

#[test]
fn round_trip_with_metadata_and_goal() {
    let goal = picture(&[".##..", "##.#.", "....."]);
    let mut p = Puzzle::from_picture(&goal);
    p.metadata.title = Some("Tricky \"title\" & <stuff>".into());
    p.metadata.author = Some("Anne Author".into());
    p.metadata.copyright = Some("© 2024".into());
    p.metadata.license = Some("CC-BY-4.0".into());
    p.metadata.goal = Some(goal);
    assert_round_trips(&p);
    // And without any metadata.
    let bare = Puzzle::new(vec![Clue::new([1])], vec![Clue::new([1])]).unwrap();
    assert_round_trips(&bare);
}

#[test]
fn names_and_extensions() {
    for &f in Format::ALL {
        assert_eq!(Format::from_name(f.name()), Some(f));
        assert_eq!(Format::from_name(&f.name().to_uppercase()), Some(f));
        assert!(!f.extension().is_empty());
    }
    assert_eq!(Format::from_name("webpbn"), Some(Format::Xml));
    assert_eq!(Format::from_name("R"), Some(Format::String));
    assert_eq!(Format::from_name("bmp"), None);
    assert_eq!(Format::from_name(" NonoGrid "), Some(Format::Toml));
    assert_eq!(Format::ALL.len(), 15);
    assert_eq!(Format::Gno.aliases(), &["gnonograms"]);
    assert!(Format::Xml.can_hold_colour() && Format::Xml.can_hold_many());
    assert!(!Format::Nin.can_hold_colour() && !Format::Nin.can_hold_many());
    let p = Puzzle::new(vec![Clue::new([1])], vec![Clue::new([1])]).unwrap();
    for f in [
        Format::Mk,
        Format::Cwd,
        Format::Tournament,
        Format::Toml,
        Format::Ini,
        Format::Gno,
    ] {
        assert!(!f.is_writable());
        let e = write(&p, f).unwrap_err();
        assert_eq!(e.format(), f);
        assert!(e.to_string().contains("not supported"), "{e}");
    }
    assert!(write(&p, Format::Picture)
        .unwrap_err()
        .to_string()
        .contains("goal"));
}

/// Malformed input in every format: an error on one line that names a line and a column.
#[test]
fn malformed_inputs_give_one_line_errors() {
    let nasty = [
        "",
        "   \n\n",
        "\u{feff}",
        "1000000000 1000000000\n",
        "99999999999999999999 99999999999999999999\n",
        "99999999999999999999\n",
        "-1 -1\n",
        "a b c\n",
        "5 5\n1\n2\n",
        "\0\0\0\u{1}\u{2}",
        "<puzzleset><puzzle>",
        "{\"rows\": [[1]], \"columns\": [[1, 1]]}",
        "$1\n1\n",
        "width 3\nheight 3\nrows\n4\n",
        "2 2\n1\n1\n1\n2\n",
        "#.\n#\n",
        "1-1-1",
        "{1, 1, 1, 1, 1, 2}",
    ];
    for &format in Format::ALL {
        for text in nasty {
            if let Err(e) = parse(text, format) {
                let shown = e.to_string();
                assert!(!shown.contains('\n'), "{format} on {text:?}: {shown}");
                assert!(shown.starts_with(&format!("line {}, column {}: ", e.line, e.column)));
                assert!(e.line >= 1 && e.column >= 1);
            }
        }
        // Invalid in every format.
        for text in [
            "",
            "   \n\n",
            "\u{feff}",
            "99999999999999999999 99999999999999999999\n",
            "-1 -1\n",
            "a b c\n",
            "\0\0\0\u{1}\u{2}",
        ] {
            assert!(parse(text, format).is_err(), "{format} accepted {text:?}");
        }
    }
}

fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nonogram-formats-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn read_file_refuses_binary_and_reports_paths() {
    let bad_utf8 = temp_file("bad.non", b"width 1\nhei\xffght 1\n");
    let e = read_file(&bad_utf8, None).unwrap_err();
    let shown = e.to_string();
    assert!(
        shown.ends_with(
            "bad.non:2:4: the input is not UTF-8 text (byte 0xff); is this a binary file?"
        ),
        "{shown}"
    );

    let nul = temp_file("nul.nin", b"1 1\n1\0\n1\n");
    let e = read_file(&nul, None).unwrap_err();
    assert!(
        e.to_string()
            .ends_with("nul.nin:2:2: the input holds a NUL byte; is this a binary file?"),
        "{e}"
    );

    let missing = read_file(Path::new("/nonexistent/nowhere.non"), None).unwrap_err();
    assert!(matches!(missing.kind(), ErrorKind::Io(_)));
    assert!(missing
        .to_string()
        .starts_with("/nonexistent/nowhere.non: "));

    let good = temp_file("good.txt", b"\xef\xbb\xbf#.\n.#\n");
    let (format, puzzles) = read_file(&good, None).unwrap();
    assert_eq!((format, puzzles.len()), (Format::Picture, 1));

    // Clues that cannot fit are a puzzle without solution, not an unreadable file.
    let inconsistent = temp_file("inconsistent.nin", b"2 1\n3\n1\n1\n");
    let (_, puzzles) = read_file(&inconsistent, None).unwrap();
    assert_eq!(
        puzzles[0].inconsistency().map(|i| i.to_string()).as_deref(),
        Some("the clue of row 1 needs 3 cells but the line has only 2")
    );
    assert!(std::error::Error::source(&e).is_some());

    let unknown = temp_file("what.txt", b"hello there\n");
    let e = read_file(&unknown, None).unwrap_err();
    assert!(e.to_string().contains("format not recognised"), "{e}");
    // Naming the format skips detection.
    let (format, _) = read_file(&good, Some(Format::Picture)).unwrap();
    assert_eq!(format, Format::Picture);
}

/// A palette of `k` colours (1 to 4) with awkward characters: a digit (JSON writes an object
/// for it), `#` (`.non` gives it a letter), a name with a blank.
fn test_palette(k: usize) -> Palette {
    let all = [
        ("red", Rgb::new(255, 0, 0), 'r'),
        ("dark gray", Rgb::new(64, 64, 64), '#'),
        ("green", Rgb::new(0, 200, 0), '7'),
        ("b", Rgb::new(0, 0, 255), 'x'),
    ];
    let colours = all[..k]
        .iter()
        .map(|&(n, rgb, c)| Colour::new(n, rgb, c))
        .collect();
    Palette::new(Colour::new("paper", Rgb::new(250, 250, 240), '.'), colours).unwrap()
}

/// Random small colour pictures of 1 to 4 colours, from 1x1 to 6x6.
fn colour_pictures() -> impl Strategy<Value = (Palette, Picture)> {
    (1usize..=4, 1usize..=6, 1usize..=6).prop_flat_map(|(k, w, h)| {
        proptest::collection::vec(proptest::collection::vec(0..=k, w), h).prop_map(move |rows| {
            let rows: Vec<Vec<ColourId>> = rows
                .into_iter()
                .map(|r| r.into_iter().map(|i| ColourId::new(i).unwrap()).collect())
                .collect();
            (test_palette(k), Picture::from_colour_rows(&rows).unwrap())
        })
    })
}

#[test]
fn colour_round_trips() {
    let rows: Vec<Vec<ColourId>> = [[0, 1, 2, 2], [3, 3, 0, 4]]
        .iter()
        .map(|r| r.iter().map(|&i| ColourId::new(i).unwrap()).collect())
        .collect();
    let goal = Picture::from_colour_rows(&rows).unwrap();
    let mut p = Puzzle::from_coloured_picture(test_palette(4), &goal).unwrap();
    p.metadata.title = Some("colours".into());
    p.metadata.goal = Some(goal);
    assert_round_trips(&p);
    // A black-and-white puzzle whose colour is not black keeps its colour where it can.
    let one = Picture::from_strings(&["#."]).unwrap();
    let red = Puzzle::from_coloured_picture(test_palette(1), &one).unwrap();
    assert!(red.is_black_and_white());
    assert_round_trips(&red);
}

/// The issue's example: the second id of the fixture gives six cells, which make it unique;
/// they were read and dropped, and a format that cannot store them must refuse, not drop them.
#[test]
fn tatham_givens_are_read_and_never_dropped() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/formats");
    let (_, puzzles) = read_file(&dir.join("tatham-pattern-ids.txt"), None).unwrap();
    let p = &puzzles[1];
    assert_eq!(p.givens().len(), 6);
    assert!(p.givens().iter().all(|g| g.is_filled()));
    assert_eq!(p.givens()[0], Given::cell(1, 4, true));
    for &format in Format::ALL.iter().filter(|f| f.is_writable()) {
        match write(p, format) {
            Ok(text) => {
                assert!(format.can_hold_givens(), "{format}");
                assert_eq!(parse(&text, format).unwrap()[0].givens(), p.givens());
            }
            Err(e) if format.can_hold_givens() => panic!("{format}: {e}"),
            Err(e) => assert!(
                e.to_string().contains(&format!(
                    "the {format} format cannot store given cells, and this puzzle gives 6: \
                     write it as json or tatham"
                )) || format == Format::Picture,
                "{format}: {e}"
            ),
        }
    }
}

#[test]
fn many_puzzles_in_one_file() {
    let a = Puzzle::new(vec![Clue::new([1])], vec![Clue::new([1])]).unwrap();
    let b = Puzzle::from_picture(&Picture::from_strings(&["#.", "##"]).unwrap());
    for &format in Format::ALL.iter().filter(|f| f.is_writable()) {
        let result = write_all(&[a.clone(), b.clone()], format);
        if format == Format::Picture {
            assert!(result.is_err());
            continue;
        }
        if !format.can_hold_many() {
            let e = result.unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("the {format} format holds one puzzle a file, and 2 were given")
            );
            assert_eq!(
                write_all(std::slice::from_ref(&a), format).unwrap(),
                write(&a, format).unwrap()
            );
            continue;
        }
        let text = result.unwrap_or_else(|e| panic!("{format}: {e}"));
        let back = parse(&text, format).unwrap_or_else(|e| panic!("{format}: {e}\n{text}"));
        assert_eq!(
            back,
            vec![expected_after(&a, format), expected_after(&b, format)],
            "{format}:\n{text}"
        );
        assert_eq!(detect(None, &text), Some(format), "{format}:\n{text}");
    }
    assert_eq!(
        write_all(&[], Format::Non).unwrap_err().kind(),
        &WriteErrorKind::NoPuzzle
    );
    assert_eq!(
        write_all(&[a.clone(), b], Format::Mk).unwrap_err().kind(),
        &WriteErrorKind::NotWritable("mk")
    );
}

/// One rule for line ends: a lone `\r` ends a line in every reader, as `\n` and `\r\n` do.
#[test]
fn lone_carriage_returns_end_lines_in_every_format() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/formats");
    let mut seen = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Some(format) = detect(Some(&path), &text) else {
            continue;
        };
        let want = parse(&text, format).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for ends in ["\r\n", "\r"] {
            let changed = text.replace('\n', ends);
            assert_eq!(
                detect(Some(&path), &changed),
                Some(format),
                "{}",
                path.display()
            );
            let got = parse(&changed, format)
                .unwrap_or_else(|e| panic!("{} with {ends:?}: {e}", path.display()));
            assert_eq!(got, want, "{} with {ends:?}", path.display());
        }
        // Errors count lone `\r` lines too.
        if let Err(e) = parse(&format!("{}\r\u{1}", text.trim_end()), format) {
            assert!(e.line > 1, "{}: {e}", path.display());
        }
        seen.push(format);
    }
    for &format in Format::ALL {
        assert!(
            seen.contains(&format),
            "no fixture for {format} in testdata/formats"
        );
    }
}

/// Regression: the picture reader read `#.\r.#\r` as one row of four cells, while other
/// readers refused lone `\r`s; now every reader ends a line there.
#[test]
fn a_picture_with_lone_carriage_returns_has_two_rows() {
    let p = parse("#.\r.#\r", Format::Picture).unwrap().remove(0);
    assert_eq!((p.width(), p.height()), (2, 2));
}

/// Regression: gnonograms' files, which open with `[Description]`, were taken for JSON and
/// refused with "expected value"; input in no format says so plainly.
#[test]
fn gnonograms_is_recognised_and_unknown_input_is_named_so() {
    let gno = "[Description]\nA\n[Dimensions]\n1\n2\n[Row clues]\n2\n[Column clues]\n1\n1\n";
    let (format, puzzles) = parse_auto(gno, None, None).unwrap();
    assert_eq!((format, puzzles[0].width()), (Format::Gno, 2));
    for text in ["[Something else]\nvalue\n", "hello\n"] {
        let e = parse_auto(text, None, None).unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        assert!(
            e.to_string()
                .starts_with("line 1, column 1: format not recognised"),
            "{e}"
        );
    }
}

/// Random small pictures, from 1x1 to 8x8.
fn pictures() -> impl Strategy<Value = Picture> {
    (1usize..=8, 1usize..=8).prop_flat_map(|(w, h)| {
        proptest::collection::vec(proptest::collection::vec(any::<bool>(), w), h)
            .prop_map(|rows| Picture::from_rows(&rows).unwrap())
    })
}

/// Text shaped like puzzle files: digits, separators, keys and markup in random order.
fn puzzle_like_text() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        Just("\n".to_owned()),
        Just(" ".to_owned()),
        Just(",".to_owned()),
        Just(":".to_owned()),
        Just("-".to_owned()),
        Just("#".to_owned()),
        Just(".".to_owned()),
        Just("$".to_owned()),
        Just("{".to_owned()),
        Just("}".to_owned()),
        Just("\"".to_owned()),
        Just("width ".to_owned()),
        Just("height ".to_owned()),
        Just("rows\n".to_owned()),
        Just("columns\n".to_owned()),
        Just("goal ".to_owned()),
        Just("<count>".to_owned()),
        Just("<line>".to_owned()),
        Just("</line>".to_owned()),
        Just("<clues type=\"rows\">".to_owned()),
        Just("<puzzle>".to_owned()),
        Just("/*".to_owned()),
        Just("//".to_owned()),
        Just("99999999999999999999".to_owned()),
        (0u32..12).prop_map(|n| n.to_string()),
        "[a-z]{1,3}",
        any::<char>().prop_map(|c| c.to_string()),
    ];
    proptest::collection::vec(pieces, 0..60).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_colour_pictures_round_trip((palette, goal) in colour_pictures(), with_goal in any::<bool>()) {
        let mut p = Puzzle::from_coloured_picture(palette, &goal).unwrap();
        if with_goal {
            p.metadata.goal = Some(goal);
        }
        assert_round_trips(&p);
    }

    #[test]
    fn random_pictures_round_trip(goal in pictures(), with_goal in any::<bool>()) {
        let mut p = Puzzle::from_picture(&goal);
        if with_goal {
            p.metadata.goal = Some(goal);
        }
        assert_round_trips(&p);
    }

    /// Givens come back from every format that stores them, and every other format refuses
    /// them (the property is in `round_trip`).
    #[test]
    fn random_givens_round_trip_or_are_refused(
        (palette, goal) in colour_pictures(),
        black_and_white in any::<bool>(),
        cells in proptest::collection::vec((0usize..8, 0usize..8, any::<bool>()), 1..6),
    ) {
        let p = if black_and_white {
            Puzzle::from_picture(&goal)
        } else {
            Puzzle::from_coloured_picture(palette, &goal).unwrap()
        };
        // Givens from the goal (filled cells in their colour) and, for some, the other way.
        let givens = cells
            .into_iter()
            .map(|(r, c, agree)| {
                let (row, col) = (r % goal.height(), c % goal.width());
                let colour = match (agree, goal.colour(row, col)) {
                    (true, k) if black_and_white && !k.is_background() => ColourId::BLACK,
                    (true, k) => k,
                    (false, k) if k.is_background() => ColourId::BLACK,
                    (false, _) => ColourId::BACKGROUND,
                };
                Given { row, col, colour }
            })
            .collect::<Vec<_>>();
        let mut unique = givens.clone();
        unique.sort_by_key(|g| (g.row, g.col));
        unique.dedup_by_key(|g| (g.row, g.col));
        let p = p.with_givens(unique).unwrap();
        prop_assert!(!p.givens().is_empty());
        assert_round_trips(&p);
    }

    #[test]
    fn no_input_panics(text in puzzle_like_text()) {
        for &format in Format::ALL {
            let _ = parse(&text, format);
        }
        let _ = parse_auto(&text, None, None);
    }

    #[test]
    fn no_arbitrary_string_panics(text in any::<String>()) {
        for &format in Format::ALL {
            let _ = parse(&text, format);
        }
        let _ = detect(Some(Path::new("x.non")), &text);
    }

    #[test]
    fn no_mutated_file_panics(goal in pictures(), cut in any::<prop::sample::Index>(), insert in any::<char>()) {
        // Valid files, truncated and with a stray character: readers must fail cleanly.
        let p = Puzzle::from_picture(&goal);
        for &format in Format::ALL.iter().filter(|f| f.is_writable() && **f != Format::Picture) {
            let text = write(&p, format).unwrap();
            let at = cut.index(text.len() + 1);
            let at = (0..=at).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
            let _ = parse(&text[..at], format);
            let mut mutated = text.clone();
            mutated.insert(at, insert);
            for &other in Format::ALL {
                let _ = parse(&mutated, other);
            }
        }
    }
}

/// Large hostile inputs: every reader must answer in linear time and without a blow-up in
/// memory (a quadratic column count or a collected line list would show up here as seconds).
#[test]
fn large_inputs_are_linear() {
    const MB: usize = 1 << 20;
    let inputs: Vec<(&str, String)> = vec![
        ("blank lines", "\n".repeat(4 * MB)),
        ("one long line of numbers", "1 ".repeat(2 * MB)),
        ("one long line of commas", "1,".repeat(2 * MB)),
        (
            "header then a long row",
            format!("4096 1\n{}", "1 ".repeat(2 * MB)),
        ),
        ("tournament flood", format!("$1\n{}", "1\n".repeat(2 * MB))),
        (
            "tournament blank flood",
            format!("$1\n1\n1\n{}", "\n".repeat(4 * MB)),
        ),
        ("many tiny tournament puzzles", "$\n1\n1\n".repeat(MB / 2)),
        ("many tiny strings", "1-1\n".repeat(MB)),
        ("nested braces", "{".repeat(4 * MB)),
        ("nested arrays", "[".repeat(4 * MB)),
        ("nested xml", "<a>".repeat(MB)),
        ("long string puzzle", format!("{}-1", "1:".repeat(2 * MB))),
        (
            "non clue flood",
            format!("width 1\nheight 1\nrows\n{}", "1,".repeat(2 * MB)),
        ),
        (
            "non goal flood",
            format!("width 4\nheight 4\ngoal\n{}", "0101\n".repeat(MB)),
        ),
        ("picture row", "#".repeat(4 * MB)),
        ("picture column", "#\n".repeat(2 * MB)),
        (
            "gecode one line",
            format!("4096, 4096, {}", "0, ".repeat(MB)),
        ),
        (
            "toml clue flood",
            format!(
                "[clues]\nrows = \"\"\"\n{}\"\"\"\ncolumns = '1'\n",
                "1 ".repeat(MB)
            ),
        ),
        (
            "toml line flood",
            format!(
                "[clues]\nrows = \"\"\"\n{}\"\"\"\ncolumns = '1'\n",
                "1,\n".repeat(MB / 2)
            ),
        ),
        (
            "ini clue flood",
            format!("[clues]\nrows = {}\ncolumns = 1\n", "1 1, ".repeat(MB / 2)),
        ),
        (
            "ini line flood",
            format!("[clues]\nrows =\n{}columns = 1\n", " 1\n".repeat(MB)),
        ),
        (
            "gno flood",
            format!("[Dimensions]\n4096\n1\n[Row clues]\n{}", "1\n".repeat(MB)),
        ),
        ("tatham flood", format!("4096x1:{}", "1.".repeat(MB))),
        ("tatham ids", "1x1:1/1\n".repeat(MB / 2)),
        (
            "xml counts",
            format!(
                "<puzzle><clues type=\"rows\"><line>{}</line></clues></puzzle>",
                "<count>1</count>".repeat(MB / 4)
            ),
        ),
    ];
    for (name, text) in &inputs {
        let start = std::time::Instant::now();
        for &format in Format::ALL {
            if let Err(e) = parse(text, format) {
                assert!(!e.to_string().contains('\n'), "{name} as {format}: {e}");
            }
        }
        let _ = detect(None, text);
        let took = start.elapsed();
        assert!(took.as_secs() < 10, "{name}: {took:?}");
    }
}
