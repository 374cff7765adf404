//! The hand-made fixtures in `testdata/formats/`: one 5x5 picture ("Smile") in every format.
//! Each must be detected and read to the same clues; the files of writable formats are golden
//! files that `write` must reproduce byte for byte.

use std::path::{Path, PathBuf};

use nonogram_formats::{detect, read_file, write, Format};
use nonogram_model::{Clue, Picture, Puzzle};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/formats")
        .join(name)
}

fn smile() -> Puzzle {
    let rows: Vec<Vec<bool>> = [".#.#.", ".#.#.", ".....", "#...#", ".###."]
        .iter()
        .map(|r| r.chars().map(|c| c == '#').collect())
        .collect();
    let goal = Picture::from_rows(&rows).unwrap();
    let mut p = Puzzle::from_picture(&goal);
    p.metadata.title = Some("Smile".into());
    p.metadata.author = Some("nonogram-formats tests".into());
    p.metadata.copyright = Some("public domain".into());
    p.metadata.license = Some("CC0-1.0".into());
    p.metadata.goal = Some(goal);
    p
}

const FILES: &[(&str, Format)] = &[
    ("smile.non", Format::Non),
    ("smile.nin", Format::Nin),
    ("smile.g", Format::G),
    ("smile.mk", Format::Mk),
    ("smile.cwd", Format::Cwd),
    ("smile.xml", Format::Xml),
    ("smile.tournament.txt", Format::Tournament),
    ("smile.string.txt", Format::String),
    ("smile.gecode.txt", Format::Gecode),
    ("smile.json", Format::Json),
    ("smile.picture.txt", Format::Picture),
    ("smile.tatham.txt", Format::Tatham),
];

/// A copied fixture: its file name, its format, the size of its first puzzle, that puzzle's
/// colours besides the background, and how many puzzles the file holds.
type Copied = (&'static str, Format, (usize, usize), usize, usize);

/// Real files copied from the shared corpus (see `testdata/ATTRIBUTION.md`), for the formats we
/// cannot write (so no Smile of ours) and for colour.
const COPIED: &[Copied] = &[
    ("nonogrid-hello.toml", Format::Toml, (22, 7), 1, 1),
    ("nonogrid-colour-uk.toml", Format::Toml, (31, 15), 2, 1),
    ("pynogram-colour-uk.txt", Format::Ini, (31, 15), 2, 1),
    ("gnonograms.gno", Format::Gno, (30, 20), 1, 1),
    ("tatham-pattern-ids.txt", Format::Tatham, (15, 15), 1, 2),
    (
        "webpbn-colour-not-invented-yet-3.xml",
        Format::Xml,
        (20, 25),
        2,
        1,
    ),
    ("olsak-raketa.g", Format::G, (20, 35), 2, 1),
];

#[test]
fn every_format_has_a_fixture() {
    for &format in Format::ALL {
        assert!(
            FILES.iter().any(|&(_, f)| f == format) || COPIED.iter().any(|&(_, f, ..)| f == format),
            "no fixture for {format}"
        );
    }
}

#[test]
fn copied_fixtures_are_detected_and_read() {
    for &(name, format, (width, height), colours, count) in COPIED {
        let path = fixture(name);
        let (found, puzzles) = read_file(&path, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(found, format, "{name}");
        assert_eq!(puzzles.len(), count, "{name}");
        let p = &puzzles[0];
        assert_eq!((p.width(), p.height()), (width, height), "{name}");
        assert_eq!(p.palette().len(), colours + 1, "{name}");
        assert_eq!(p.inconsistency(), None, "{name}");
        if let Some(goal) = &p.metadata.goal {
            assert_eq!(p.check(goal), Ok(()), "{name}");
        }
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(detect(None, &text), Some(format), "{name} without its name");
    }
    // The two UK flags are one puzzle in two formats, with the same colours.
    let read = |name: &str| read_file(&fixture(name), None).unwrap().1.remove(0);
    let (toml, ini) = (
        read("nonogrid-colour-uk.toml"),
        read("pynogram-colour-uk.txt"),
    );
    assert_eq!((toml.rows(), toml.columns()), (ini.rows(), ini.columns()));
    let colours = |p: &Puzzle| -> Vec<(String, char, String)> {
        p.palette()
            .colours()
            .map(|(_, c)| (c.name.clone(), c.symbol, c.rgb.to_string()))
            .collect()
    };
    let want = vec![
        ("b".to_owned(), '*', "#0000ff".to_owned()),
        ("r".to_owned(), '%', "#ff0000".to_owned()),
    ];
    assert_eq!(colours(&toml), want);
    assert_eq!(colours(&ini), want);
}

#[test]
fn fixtures_are_detected_and_read() {
    let want = smile();
    for &(name, format) in FILES {
        let path = fixture(name);
        let (found, puzzles) = read_file(&path, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(found, format, "{name}");
        let p = &puzzles[0];
        assert_eq!(p.rows(), want.rows(), "{name}");
        assert_eq!(p.columns(), want.columns(), "{name}");
        assert_eq!(p.rows()[2], Clue::empty());
        if let Some(goal) = &p.metadata.goal {
            assert_eq!(goal, want.metadata.goal.as_ref().unwrap(), "{name}");
        }
        // Content alone is enough, without the file name.
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(detect(None, &text), Some(format), "{name} without its name");
    }
}

#[test]
fn writers_match_golden_files() {
    let p = smile();
    // `smile.g` is hand-written, with comments the writer does not keep: a reader's fixture;
    // `.g` writing is held to round trips instead (`olsak.rs`, `check.rs`).
    let golden_files = FILES
        .iter()
        .filter(|(_, f)| f.is_writable() && *f != Format::G);
    for &(name, format) in golden_files {
        let golden = std::fs::read_to_string(fixture(name)).unwrap();
        assert_eq!(write(&p, format).unwrap(), golden, "{name}");
    }
}

/// The list of formats in `docs/formats.md` is `markdown_table()`, verbatim: one table, not a
/// second copy to keep in step by hand.
#[test]
fn docs_list_the_format_table() {
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/formats.md");
    let doc = std::fs::read_to_string(doc).unwrap();
    let table = nonogram_formats::markdown_table();
    assert!(
        doc.contains(&table),
        "docs/formats.md's format table differs from the format table; it should read:\n{table}"
    );
}
