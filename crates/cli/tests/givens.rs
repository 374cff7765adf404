//! Given cells end to end (issue 29): read from the formats that state them, solved with,
//! shown, written where a format can store them, and never dropped.

use std::fs;

use serde_json::Value;

mod common;

use common::{assert_one_line_error, repo_root, run_at_root, scratch};

const IDS: &str = "testdata/formats/tatham-pattern-ids.txt";

/// The issue's example: the id's six given cells make its puzzle unique; they used to be read
/// and dropped ("at least 2 solutions").
#[test]
fn the_tatham_example_is_unique_with_its_givens() {
    let run = run_at_root(&["solve", "--puzzle", "2", IDS]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains("\nunique solution\n"), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("(the puzzle gives 6 cells, drawn `@` (filled) and `:` (empty))"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("  1 2 |  .  .  .  .  @  ."),
        "{}",
        run.stdout
    );
    let run = run_at_root(&["solve", "--puzzle", "2", IDS, "--output", "json"]);
    let v: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(v["status"], "unique");
    assert_eq!(v["givens"][1], "????#??????????");
    // Deduction starts from them too, and so does the explanation.
    let run = run_at_root(&["solve", "--puzzle", "2", IDS, "--deduce-only"]);
    assert!(
        run.stdout.contains("solved by line solving alone"),
        "{}",
        run.stdout
    );
    let run = run_at_root(&["explain", "--puzzle", "2", IDS]);
    assert!(
        run.stdout
            .starts_with("the puzzle gives 6 cells; the steps start from them\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("difficulty: line-solvable"),
        "{}",
        run.stdout
    );
}

/// Writing a puzzle with givens in a format that cannot store them is refused: one line,
/// status 2, no file. The formats that store them round-trip them.
#[test]
fn givens_are_written_where_they_fit_and_refused_elsewhere() {
    let dir = scratch("convert");
    let ids = repo_root().join(IDS);
    let ids = ids.to_str().unwrap();
    for format in ["non", "xml", "nin", "string", "gecode"] {
        let out = dir.join(format!("refused.{format}"));
        let run = common::run_in(
            &dir,
            &[
                "convert",
                "--puzzle",
                "2",
                ids,
                "--to",
                format,
                "-o",
                out.to_str().unwrap(),
            ],
            b"",
        );
        assert_one_line_error(&run, 2, format);
        assert!(
            run.stderr.contains(&format!(
                "the {format} format cannot store given cells, and this puzzle gives 6: write \
                 it as json or tatham"
            )),
            "{}",
            run.stderr
        );
        assert!(!out.exists(), "{format}: a file was written");
    }
    for format in ["json", "tatham"] {
        let out = dir.join(format!("kept.{format}"));
        let out = out.to_str().unwrap();
        let run = common::run_in(
            &dir,
            &["convert", "--puzzle", "2", ids, "--to", format, "-o", out],
            b"",
        );
        assert_eq!(run.code, 0, "{run:?}");
        let run = common::run_in(&dir, &["solve", out, "--output", "json"], b"");
        let v: Value = serde_json::from_str(run.stdout.trim()).unwrap();
        assert_eq!(v["status"], "unique", "{format}");
        assert_eq!(v["givens"][10], "?????????????#?", "{format}");
    }
    // The Tatham id written is the one read, byte for byte.
    let written = fs::read_to_string(dir.join("kept.tatham")).unwrap();
    let original = fs::read_to_string(repo_root().join(IDS)).unwrap();
    assert_eq!(written, original.lines().nth(1).unwrap().to_owned() + "\n");
}

/// Givens the clues cannot agree with: a puzzle without solution, not an error.
#[test]
fn givens_that_contradict_the_clues_leave_no_solution() {
    let dir = scratch("contradiction");
    let file = dir.join("bad.json");
    // Two diagonal cells, and both cells of the top row given filled.
    fs::write(
        &file,
        r###"{"rows": [[1], [1]], "columns": [[1], [1]], "givens": ["##", "??"]}"###,
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let run = common::run_in(&dir, &["solve", file], b"");
    assert_eq!(run.code, 1, "{run:?}");
    assert!(run.stdout.contains("no solution"), "{}", run.stdout);
    let run = common::run_in(&dir, &["solve", file, "--deduce-only"], b"");
    assert_eq!(run.code, 1, "{run:?}");
    let run = common::run_in(&dir, &["explain", file], b"");
    assert_eq!(run.code, 1, "{run:?}");
}

/// A blank sheet prints the givens; every sheet dots them.
#[test]
fn render_prints_and_marks_givens() {
    let dir = scratch("render");
    let svg = dir.join("blank.svg");
    let run = run_at_root(&[
        "render",
        "--puzzle",
        "2",
        IDS,
        "--blank",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{run:?}");
    let svg = fs::read_to_string(svg).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let dots = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("givens"))
        .map(|g| g.children().filter(|n| n.is_element()).count());
    assert_eq!(dots, Some(6));
    let run = run_at_root(&["render", "--puzzle", "2", IDS, "--blank", "--ascii"]);
    assert!(
        run.stdout.contains("  1 2 |  ?  ?  ?  ?  @  ?"),
        "{}",
        run.stdout
    );
}

/// A hint from a grid that contradicts a given names the wrong cell.
#[test]
fn a_grid_against_a_given_is_a_mistake() {
    let dir = scratch("hint");
    let file = dir.join("square.json");
    fs::write(
        &file,
        r###"{"rows": [[1], [1]], "columns": [[1], [1]], "givens": ["#?", "??"]}"###,
    )
    .unwrap();
    let grid = dir.join("grid.txt");
    fs::write(&grid, ".#\n??\n").unwrap();
    let run = common::run_in(
        &dir,
        &[
            "explain",
            file.to_str().unwrap(),
            "--hint",
            "--grid",
            grid.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(run.code, 1, "{run:?}");
    assert!(run.stdout.contains("(r1,c1)"), "{}", run.stdout);
}
