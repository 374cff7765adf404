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
];

#[test]
fn every_format_has_a_fixture() {
    for &format in Format::ALL {
        assert!(
            FILES.iter().any(|&(_, f)| f == format),
            "no fixture for {format}"
        );
    }
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
    for &(name, format) in FILES.iter().filter(|(_, f)| f.is_writable()) {
        let golden = std::fs::read_to_string(fixture(name)).unwrap();
        assert_eq!(write(&p, format).unwrap(), golden, "{name}");
    }
}
