//! Every puzzle file of the corpora shipped in `testdata/corpus/` (a copy of the project's shared
//! puzzles, with their attribution; a missing corpus is a failure): each must
//! parse in the expected format, colour files with their palettes, their goals must satisfy their
//! clues, and every puzzle must survive a round trip through every writable format that can hold
//! it; triddlers must be refused with a clear error; the glued-triangle puzzles are triangle
//! puzzles. Files that hold
//! the same puzzle in two formats must agree.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use nonogram_formats::{parse, read_file, write, Format, ParseErrorKind, WriteErrorKind};
use nonogram_model::Puzzle;

/// The corpora shipped with the repository.
fn corpus_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/corpus");
    assert!(
        root.join("README.md").is_file(),
        "the shipped corpus is missing at {}",
        root.display()
    );
    root
}

/// Every file below `dir`, in sorted order.
fn files_below(dir: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .map(|e| e.expect("the corpus can be listed"))
        .filter(|e| e.file_type().is_file())
        .map(walkdir::DirEntry::into_path)
        .collect()
}

/// Files in the corpora that are not puzzles.
const NOT_OURS: &[&str] = &["LICENSE"];

/// Colour puzzles, with the number of colours besides the background.
const COLOUR: &[(&str, usize)] = &[
    ("formats/nonogrid-colour-uk.toml", 2),
    ("formats/pynogram-colour-uk.txt", 2),
    ("formats/webpbn-colour-not-invented-yet-3.xml", 2),
    ("olsak/acorn.g", 4),
    ("olsak/alladin.g", 7),
    ("olsak/bird2.g", 2),
    ("olsak/dvekocky.g", 2),
    ("olsak/oko.g", 2),
    ("olsak/raketa.g", 2),
    ("olsak/rose.g", 7),
    ("olsak/ruze.g", 7),
    ("olsak/spaceShuttle.g", 2),
    ("olsak/viceres.g", 2),
];

/// Triddlers (hexagonal puzzles): refused with `ParseErrorKind::Unsupported`.
const UNSUPPORTED: &[&str] = &["olsak/creature.g", "olsak/tkocka.g", "olsak/vcely.g"];

/// The glued triangles of *Malované křížovky*: triangle puzzles, with their size.
const TRIANGLES: &[(&str, (usize, usize))] =
    &[("olsak/brontik.g", (30, 20)), ("olsak/noty.g", (20, 25))];

/// The format a corpus file is in, from where it is and its name.
fn expected_format(rel: &str) -> Format {
    let ext = rel.rsplit('.').next().unwrap();
    if rel.starts_with("tournament/") {
        return Format::Tournament;
    }
    match ext {
        "non" => Format::Non,
        "nin" => Format::Nin,
        "g" => Format::G,
        "mk" => Format::Mk,
        "cwd" => Format::Cwd,
        "xml" => Format::Xml,
        "json" => Format::Json,
        "toml" => Format::Toml,
        "gno" => Format::Gno,
        _ if rel.contains("pynogram") => Format::Ini,
        _ if rel.contains("tatham") => Format::Tatham,
        _ if rel.contains("r-puzzle-strings") => Format::String,
        _ if rel.contains("gecode") => Format::Gecode,
        _ => panic!("no expected format for {rel}"),
    }
}

/// Writes and reads back in every writable format that can hold the puzzle.
fn assert_round_trips(p: &Puzzle, rel: &str) {
    for &format in Format::ALL.iter().filter(|f| f.is_writable()) {
        let text = match write(p, format) {
            Ok(text) => text,
            Err(e) => {
                match e.kind() {
                    WriteErrorKind::Colour(_) => assert!(!p.is_black_and_white(), "{rel}"),
                    WriteErrorKind::Triangles(_) => {
                        assert!(p.is_triangles() && !format.can_hold_triangles(), "{rel}")
                    }
                    WriteErrorKind::Givens { .. } => {
                        assert!(!p.givens().is_empty() && !format.can_hold_givens(), "{rel}")
                    }
                    _ => assert!(format == Format::Picture && p.metadata.goal.is_none()),
                }
                continue;
            }
        };
        let back = parse(&text, format).unwrap_or_else(|e| panic!("{rel} via {format}: {e}"));
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].rows(), p.rows(), "{rel} via {format}");
        assert_eq!(back[0].columns(), p.columns(), "{rel} via {format}");
        assert_eq!(back[0].givens(), p.givens(), "{rel} via {format}");
        let m = &back[0].metadata;
        if matches!(format, Format::Non | Format::Json | Format::Xml) {
            assert_eq!(m.title, p.metadata.title, "{rel} via {format}");
            assert_eq!(m.author, p.metadata.author, "{rel} via {format}");
            assert_eq!(m.copyright, p.metadata.copyright, "{rel} via {format}");
        }
        if matches!(format, Format::Non | Format::Json) {
            assert_eq!(m.license, p.metadata.license, "{rel} via {format}");
        }
        if matches!(
            format,
            Format::Non | Format::Json | Format::Xml | Format::Picture
        ) {
            assert_eq!(m.goal, p.metadata.goal, "{rel} via {format}");
        }
        // Names and RGB survive XML and JSON; RGB survives `.non` too.
        let rgbs = |q: &Puzzle| {
            q.palette()
                .entries()
                .map(|(_, c)| c.rgb)
                .collect::<Vec<_>>()
        };
        if matches!(format, Format::Xml | Format::Json) {
            assert_eq!(back[0].palette(), p.palette(), "{rel} via {format}");
        } else if format == Format::Non {
            assert_eq!(rgbs(&back[0])[1..], rgbs(p)[1..], "{rel} via {format}");
        }
    }
}

#[test]
fn every_corpus_file() {
    let root = corpus_root();
    let files = files_below(&root);
    let mut parsed: BTreeMap<String, Vec<Puzzle>> = BTreeMap::new();
    let (mut puzzles_seen, mut goals_seen) = (0, 0);
    let (mut colour_files, mut triangle_files) = (0, 0);
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with(".md") || NOT_OURS.contains(&name.as_str()) {
            continue;
        }
        let rel = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let result = read_file(&path, None);
        if UNSUPPORTED.contains(&rel.as_str()) {
            let e = result
                .err()
                .unwrap_or_else(|| panic!("{rel} should be refused"));
            let kind = e.parse_error().unwrap().kind();
            assert!(matches!(kind, ParseErrorKind::Unsupported(_)), "{rel}: {e}");
            assert!(!e.to_string().contains('\n'));
            continue;
        }
        let colours = COLOUR.iter().find(|(f, _)| *f == rel).map(|&(_, n)| n);
        let triangles = TRIANGLES.iter().find(|(f, _)| *f == rel).map(|&(_, n)| n);
        if let Some(size) = triangles {
            let (_, puzzles) = result.as_ref().unwrap_or_else(|e| panic!("{rel}: {e}"));
            let p = &puzzles[0];
            assert!(p.is_triangles(), "{rel}");
            assert_eq!((p.width(), p.height()), size, "{rel}");
            assert_eq!(p.inconsistency(), None, "{rel}");
            triangle_files += 1;
        } else if let Ok((_, puzzles)) = &result {
            let p = &puzzles[0];
            let found = p.palette().len() - 1;
            match colours {
                Some(n) => assert_eq!(found, n, "{rel}: colours"),
                None => assert!(p.is_black_and_white(), "{rel}: {found} colours"),
            }
            colour_files += usize::from(colours.is_some());
        }
        let (format, puzzles) = result.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(format, expected_format(&rel), "{rel}");
        for p in &puzzles {
            puzzles_seen += 1;
            if let Some(goal) = &p.metadata.goal {
                goals_seen += 1;
                assert_eq!(
                    p.check(goal),
                    Ok(()),
                    "{rel}: the goal does not satisfy the clues"
                );
            }
            assert_round_trips(p, &rel);
        }
        parsed.insert(rel, puzzles);
    }
    assert!(parsed.len() >= 295, "only {} files parsed", parsed.len());
    assert_eq!(colour_files, COLOUR.len(), "colour files read");
    assert_eq!(triangle_files, TRIANGLES.len(), "triangle files read");
    assert!(
        puzzles_seen >= 2300 && goals_seen >= 1040,
        "{puzzles_seen} puzzles, {goals_seen} goals"
    );

    // The same puzzles in two formats must have the same clues.
    let same = |a: &str, b: &str| {
        let (pa, pb) = (&parsed[a], &parsed[b]);
        assert_eq!(pa.len(), pb.len(), "{a} vs {b}");
        for (x, y) in pa.iter().zip(pb) {
            assert_eq!(
                (x.rows(), x.columns()),
                (y.rows(), y.columns()),
                "{a} vs {b}"
            );
        }
    };
    for id in [
        "00001", "00006", "00016", "00021", "00023", "00027", "00065", "00436", "00529", "00803",
        "01611", "06574",
    ] {
        same(
            &format!("survey/webpbn-{id}.non"),
            &format!("survey-xml/webpbn-{id}.xml"),
        );
    }
    same("formats/webpbn-1.cwd", "mikix/webpbn/1.non");
    same("formats/webpbn-1-with-goal.xml", "mikix/webpbn/1.non");
    same("formats/gecode-heart-spec.txt", "seeds/gecode-heart.non");
    same(
        "formats/nonogrid-colour-uk.toml",
        "formats/pynogram-colour-uk.txt",
    );
    same("olsak/rose.g", "olsak/ruze.g");
    same("olsak/raketa.g", "olsak/spaceShuttle.g");
    // A solution has the clues of its puzzle: this pins "columns first" in tournament files.
    same(
        "tournament/taai2011.txt",
        "tournament/taai2011.solutions.txt",
    );
    let strings = &parsed["formats/r-puzzle-strings.txt"];
    let duck = &parsed["seeds/duck.non"][0];
    assert_eq!(
        (strings[0].rows(), strings[0].columns()),
        (duck.rows(), duck.columns())
    );
    for set in parsed.keys().filter(|k| k.starts_with("tournament/")) {
        assert_eq!(parsed[set].len(), 1000, "{set}");
        assert!(
            parsed[set]
                .iter()
                .all(|p| p.width() == 25 && p.height() == 25),
            "{set}"
        );
    }
}
