//! The fuzz targets `line_solvers`, `triangle_lines`, `engines` and `patterns` as part of
//! `cargo test`: the same checks (`nonogram_checks`) over every file of each target's committed
//! seed corpus, and over random bytes from proptest decoded the way the fuzz targets decode
//! theirs, so a regression fails here on every machine, with or without cargo-fuzz.
//! `FUZZING.md` at the repository root describes the campaign.

use std::path::PathBuf;

use nonogram_checks::arbitrary::{Arbitrary, Unstructured};
use nonogram_checks::{engines, line, patterns, triangle_line};
use nonogram_core::triangle::line::TriangleLineSolver;
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
    // Not vacuous: a corpus that went missing or empty must fail, not pass.
    assert!(
        files.len() >= 10,
        "{}: only {} files",
        dir.display(),
        files.len()
    );
    files
}

/// Replays a corpus: every file must decode into a case (so none is dead weight) and pass.
fn replay<'a, T: Arbitrary<'a>>(files: &'a [(PathBuf, Vec<u8>)], check: impl Fn(&T)) {
    for (path, bytes) in files {
        let case = T::arbitrary_take_rest(Unstructured::new(bytes))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        eprintln!("{}", path.display());
        check(&case);
    }
}

#[test]
fn line_solvers_seed_corpus() {
    replay(&corpus("line_solvers"), line::check_any);
}

#[test]
fn triangle_lines_seed_corpus() {
    replay(&corpus("triangle_lines"), |case| {
        triangle_line::check(case, &mut TriangleLineSolver::new())
    });
}

#[test]
fn engines_seed_corpus() {
    replay(&corpus("engines"), engines::check);
}

#[test]
fn patterns_seed_corpus() {
    replay(&corpus("patterns"), patterns::check);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn line_solvers(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        line::run(&bytes);
    }

    #[test]
    fn triangle_lines(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        triangle_line::run(&bytes);
    }

    #[test]
    fn patterns(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
        patterns::run(&bytes);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn engines(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
        engines::run(&bytes);
    }
}
