//! Tests across formats: round trips through every writer, malformed input in every reader,
//! property tests that no input panics, and `read_file`'s handling of binary data.

use std::path::{Path, PathBuf};

use nonogram_model::{Clue, Picture, Puzzle};
use proptest::prelude::*;

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
    assert_eq!(Format::ALL.len(), 11);
    let p = Puzzle::new(vec![Clue::new([1])], vec![Clue::new([1])]).unwrap();
    for f in [Format::G, Format::Mk, Format::Cwd, Format::Tournament] {
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
    assert!(e.to_string().contains("cannot tell the format"), "{e}");
    // Naming the format skips detection.
    let (format, _) = read_file(&good, Some(Format::Picture)).unwrap();
    assert_eq!(format, Format::Picture);
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
    fn random_pictures_round_trip(goal in pictures(), with_goal in any::<bool>()) {
        let mut p = Puzzle::from_picture(&goal);
        if with_goal {
            p.metadata.goal = Some(goal);
        }
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
