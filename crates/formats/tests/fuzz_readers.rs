//! The fuzz target `read_any` as part of `cargo test`: the same property
//! (`nonogram_formats::check::read_any`) over every file of the target's committed seed corpus,
//! and over random bytes from proptest, so a reader regression fails here on every machine,
//! with or without cargo-fuzz. `FUZZING.md` at the repository root describes the campaign.

use std::path::PathBuf;

use nonogram_formats::check;
use proptest::prelude::*;

/// The committed corpus of a fuzz target: `fuzz/corpus/<target>/` at the workspace root.
fn corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut files: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            (path, bytes)
        })
        .collect();
    files.sort();
    files
}

#[test]
fn seed_corpus_holds() {
    let files = corpus("read_any");
    // Not vacuous: the corpus is there, and holds puzzles that parse as well as ones that don't.
    assert!(files.len() >= 20, "only {} seed files", files.len());
    let readable = files
        .iter()
        .filter(|(_, bytes)| {
            std::str::from_utf8(bytes)
                .is_ok_and(|t| nonogram_formats::parse_auto(t, None, None).is_ok())
        })
        .count();
    assert!(
        readable >= 10 && readable < files.len(),
        "{readable} of {} read",
        files.len()
    );
    for (path, bytes) in &files {
        eprintln!("{}", path.display());
        check::read_any(bytes);
    }
}

/// Text made of the pieces puzzle files are made of, so that random cases reach past the
/// readers' first line.
fn puzzle_like_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just("\n"),
        Just(" "),
        Just(","),
        Just(":"),
        Just("-"),
        Just("#"),
        Just("."),
        Just("$1\n"),
        Just("{"),
        Just("}"),
        Just("["),
        Just("]"),
        Just("\""),
        Just("width 2\n"),
        Just("height 2\n"),
        Just("rows\n"),
        Just("columns\n"),
        Just("goal "),
        Just("title "),
        Just("\"rows\": "),
        Just("\"columns\": "),
        Just("<puzzle>"),
        Just("<clues type=\"rows\">"),
        Just("<line>"),
        Just("</line>"),
        Just("<count>1</count>"),
        Just("1"),
        Just("2"),
        Just("0"),
        Just("\u{feff}"),
        Just("\r\n"),
    ];
    proptest::collection::vec(piece, 0..40).prop_map(|v| v.concat().into_bytes())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        check::read_any(&bytes);
    }

    #[test]
    fn puzzle_like_text(bytes in puzzle_like_bytes()) {
        check::read_any(&bytes);
    }
}
