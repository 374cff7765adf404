//! End-to-end tests of the subcommands that come from the seed documents: `patterns`, `make`,
//! `explain`, `render`, and the SVG/PNG output of `solve`.
//!
//! Text output is compared with golden files in `testdata/golden/`; after an intended change,
//! regenerate them with `UPDATE_GOLDEN=1 cargo test -p nonogram-cli --test seeds` and review the
//! diff. SVG is checked by parsing it as XML, PNG by decoding it.

use std::fs;

use nonogram_core::{Picture, Puzzle};
use serde_json::Value;

mod common;

use common::{repo_root, scratch, Run};

/// Runs `nonogram ARGS` from the repository root.
fn run(args: &[&str]) -> Run {
    common::run_in(&repo_root(), args, b"")
}

/// Compares with `testdata/golden/NAME`, or writes it with `UPDATE_GOLDEN=1`.
#[track_caller]
fn golden(name: &str, actual: &str) {
    let path = repo_root().join("testdata/golden").join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, actual).unwrap();
        return;
    }
    let expected = fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 creates it)", path.display()));
    assert_eq!(actual, expected, "output differs from {}", path.display());
}

#[track_caller]
fn ok(args: &[&str]) -> String {
    let result = run(args);
    assert_eq!(result.code, 0, "nonogram {args:?}: {result:?}");
    result.stdout
}

/// Our own errors: status 2, nothing on stdout, one line on stderr.
#[track_caller]
fn one_line_error(args: &[&str], needle: &str) {
    let result = run(args);
    assert_eq!(result.code, 2, "nonogram {args:?}: {result:?}");
    assert_eq!(result.stdout, "", "{args:?}");
    assert_eq!(
        result.stderr.lines().count(),
        1,
        "{args:?}: {}",
        result.stderr
    );
    assert!(result.stderr.starts_with("nonogram: "), "{}", result.stderr);
    assert!(
        result.stderr.contains(needle),
        "{args:?}: {}",
        result.stderr
    );
}

fn picture(rows: &[&str]) -> Picture {
    Picture::from_rows(
        &rows
            .iter()
            .map(|r| r.chars().map(|c| c == '#').collect())
            .collect::<Vec<_>>(),
    )
    .unwrap()
}

fn solution_rows(path: &str) -> Vec<String> {
    let out = ok(&["solve", "--output", "json", path]);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["status"], "unique", "{out}");
    v["solutions"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect()
}

// ---- patterns ----

#[test]
fn pattern_counts_from_the_r_vignette() {
    assert_eq!(
        ok(&["patterns", "1,1,2,1,1,2", "--width", "25", "--count"]),
        "18564\n"
    );
    assert_eq!(
        ok(&[
            "patterns",
            "1,1,2,1,1,2,1,1,1,1",
            "--width",
            "35",
            "--count"
        ]),
        "1961256\n"
    );
    assert_eq!(ok(&["patterns", "0", "--width", "5", "--count"]), "1\n");
    assert_eq!(ok(&["patterns", "", "--width", "5", "--list"]), ".....\n");
}

#[test]
fn pattern_counts_are_exact_for_long_lines() {
    // 1000 runs of 1 in 5000 cells: C(4001, 1000), a 960-digit number, computed independently
    // (Python's math.comb) into the golden file.
    let clue = vec!["1"; 1000].join(",");
    // Read-only: UPDATE_GOLDEN must not replace the independent value with ours.
    let expected =
        fs::read_to_string(repo_root().join("testdata/golden/patterns-long-count.txt")).unwrap();
    assert_eq!(
        ok(&["patterns", &clue, "--width", "5000", "--count"]),
        expected
    );
    // With a known cell the dynamic programme runs instead of the closed form: an empty first
    // cell leaves the same clue in 4999 cells.
    let mut known = String::from(".");
    known.push_str(&"?".repeat(4999));
    let shorter = ok(&["patterns", &clue, "--width", "4999", "--count"]);
    assert_eq!(
        ok(&["patterns", &clue, "--known", &known, "--count"]),
        shorter
    );
}

#[test]
fn pattern_listing_known_cells_and_common_cells() {
    golden(
        "patterns-2-3-in-8.txt",
        &ok(&["patterns", "2,3", "--width", "8", "--list"]),
    );
    let known = ["patterns", "1,1,2", "--known", "??#?..????"];
    let listed = ok(&[&known[..], &["--list"]].concat());
    assert_eq!(listed, "#.#...##..\n#.#....##.\n#.#.....##\n..#...#.##\n");
    assert_eq!(ok(&[&known[..], &["--count"]].concat()), "4\n");
    assert_eq!(ok(&[&known[..], &["--common"]].concat()), "?.#...????\n");
    assert_eq!(
        ok(&["patterns", "1,2", "--width", "9", "--list", "--limit", "2"]),
        "#.##.....\n#..##....\n"
    );
    one_line_error(
        &["patterns", "3", "--known", "#.#", "--common"],
        "no pattern",
    );
    one_line_error(&["patterns", "1,x", "--width", "4"], "not a run length");
    one_line_error(
        &["patterns", "1", "--known", "#?q"],
        "column 3: expected `#`",
    );
    one_line_error(
        &["patterns", "1", "--width", "3", "--known", "??"],
        "--width is 3",
    );
    one_line_error(&["patterns", "1,1"], "--width");
    // Clap refuses two modes at once with its own (usage) error and status 2.
    assert_eq!(
        run(&["patterns", "1", "--width", "3", "--count", "--list"]).code,
        2
    );
}

#[test]
fn puzzle_pattern_counts_of_the_duck() {
    let out = ok(&["patterns", "--file", "testdata/seeds/duck.non"]);
    assert!(
        out.contains("all rows: 8164800 combinations (8.2x10^6)"),
        "{out}"
    );
    golden("patterns-duck.txt", &out);
}

#[test]
fn pattern_plots_as_svg_and_png() {
    let dir = scratch("plot");
    let svg = dir.join("p.svg");
    let out = ok(&[
        "patterns",
        "2,3",
        "--width",
        "8",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    assert!(out.starts_with("plotted 6 of 6 patterns"), "{out}");
    let text = fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    assert_eq!(
        doc.descendants().filter(|n| n.has_tag_name("rect")).count(),
        1 + 6 * 8
    );
    // Existing files are kept without --force.
    one_line_error(
        &[
            "patterns",
            "2,3",
            "--width",
            "8",
            "--plot",
            svg.to_str().unwrap(),
        ],
        "--force",
    );

    let png = dir.join("p.png");
    ok(&[
        "patterns",
        "1,1,2,1,1,2",
        "--width",
        "25",
        "--plot",
        png.to_str().unwrap(),
    ]);
    let image = image::open(&png).unwrap();
    // Cut to 10000 rows of 12 px cells with 4 px gaps (shrunk to fit the pixel budget).
    assert!(
        image.height() > image.width(),
        "{}x{}",
        image.width(),
        image.height()
    );
    one_line_error(
        &[
            "patterns",
            "1",
            "--width",
            "3",
            "--plot",
            dir.join("p.gif").to_str().unwrap(),
        ],
        ".svg or .png",
    );
}

// ---- explain ----

#[test]
fn explain_smallex_step_by_step() {
    golden(
        "explain-smallex.txt",
        &ok(&["explain", "testdata/seeds/smallex.non", "--every", "5"]),
    );
}

#[test]
fn explain_rates_the_seed_puzzles() {
    let last = |path: &str| ok(&["explain", path]).lines().last().unwrap().to_string();
    assert!(last("testdata/seeds/duck.non").starts_with("difficulty: line-solvable in 3 sweeps"));
    assert!(last("testdata/seeds/lambda.non").starts_with("difficulty: needs probing"));
    assert!(
        last("testdata/cli/two-solutions.non").starts_with("difficulty: needs search (1 decision)")
    );
    let out = ok(&["explain", "testdata/seeds/lambda.non"]);
    assert!(out.contains("leads to a contradiction in"), "{out}");
    let result = run(&["explain", "testdata/cli/no-solution.non"]);
    assert_eq!(result.code, 1, "{result:?}");
    assert!(result.stdout.contains("no solution"), "{}", result.stdout);
}

#[test]
fn explain_json_replays_to_the_solution() {
    let out = ok(&["explain", "testdata/seeds/duck.non", "--output", "json"]);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["rating"]["rating"], "line");
    assert_eq!(v["rating"]["sweeps"], 3);
    // Replaying the steps (0-based indexes) rebuilds the solution.
    let (w, h) = (
        v["width"].as_u64().unwrap() as usize,
        v["height"].as_u64().unwrap() as usize,
    );
    let mut grid = vec![vec!['?'; w]; h];
    for step in v["steps"].as_array().unwrap() {
        assert_eq!(step["kind"], "line");
        let index = step["index"].as_u64().unwrap() as usize;
        for (key, mark) in [("filled", '#'), ("empty", '.')] {
            for i in step[key].as_array().unwrap() {
                let i = i.as_u64().unwrap() as usize;
                let cell = if step["line"] == "row" {
                    &mut grid[index][i]
                } else {
                    &mut grid[i][index]
                };
                assert_eq!(*cell, '?', "each cell is decided once");
                *cell = mark;
            }
        }
    }
    let rows: Vec<String> = grid.iter().map(|r| r.iter().collect()).collect();
    assert_eq!(rows, solution_rows("testdata/seeds/duck.non"));
    assert_eq!(v["grid"], serde_json::json!(rows));
}

#[test]
fn hints_from_a_partial_grid() {
    let dir = scratch("hint");
    let partial = dir.join("partial.txt");
    fs::write(&partial, ".###.\n?????\n?????\n?????\n?????\n").unwrap();
    let p = partial.to_str().unwrap();
    let out = ok(&[
        "explain",
        "testdata/seeds/smallex.non",
        "--hint",
        "--grid",
        p,
    ]);
    golden("explain-hint.txt", &out);
    let out = ok(&[
        "explain",
        "testdata/seeds/smallex.non",
        "--hint",
        "--grid",
        p,
        "--output",
        "json",
    ]);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["step"]["kind"], "line");
    fs::write(&partial, ".###.\n").unwrap();
    one_line_error(
        &[
            "explain",
            "testdata/seeds/smallex.non",
            "--hint",
            "--grid",
            p,
        ],
        "the grid has 1 rows but the puzzle has 5",
    );
    fs::write(&partial, ".#q#.\n").unwrap();
    one_line_error(
        &[
            "explain",
            "testdata/seeds/smallex.non",
            "--hint",
            "--grid",
            p,
        ],
        "partial.txt:1:",
    );
    // A grid that breaks a clue: the hint names the mistakes, and the status is 1.
    fs::write(&partial, "#####\n?????\n?????\n?????\n?????\n").unwrap();
    let result = run(&[
        "explain",
        "testdata/seeds/smallex.non",
        "--hint",
        "--grid",
        p,
    ]);
    assert_eq!(result.code, 1, "{result:?}");
    assert!(
        result.stdout.contains(
            "the grid contradicts the clues: 2 cells wrong: (r1,c1) is filled, (r1,c5) is filled"
        ),
        "{}",
        result.stdout
    );
}

// ---- make ----

#[test]
fn make_from_text_then_solve_gives_the_picture_back() {
    let dir = scratch("make-text");
    let pic = dir.join("smallex.txt");
    fs::write(&pic, "01110\n11010\n01110\n00110\n00111\n").unwrap();
    let out = dir.join("smallex.non");
    let report = ok(&["make", pic.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(report.contains("unique"), "{report}");
    assert_eq!(
        solution_rows(out.to_str().unwrap()),
        [".###.", "##.#.", ".###.", "..##.", "..###"]
    );
    // Never overwritten without --force; overwritten with it.
    one_line_error(
        &["make", pic.to_str().unwrap(), "-o", out.to_str().unwrap()],
        "--force",
    );
    ok(&[
        "make",
        pic.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--force",
        "--to",
        "string",
    ]);
    assert_eq!(
        fs::read_to_string(&out).unwrap(),
        "3:2,1:3:2:3-1:3:1,3:5:1\n"
    );
}

#[test]
fn make_from_a_png_image() {
    let dir = scratch("make-png");
    let rows = ["..##..", ".####.", "######", "#.##.#", "..##..", ".#..#."];
    // Each cell 3x3 pixels, filled cells dark red, empty ones transparent (alpha 0 is white).
    let mut img = image::RgbaImage::new(18, 18);
    for (y, x, p) in img.enumerate_pixels_mut().map(|(x, y, p)| (y, x, p)) {
        let filled = rows[y as usize / 3].as_bytes()[x as usize / 3] == b'#';
        *p = if filled {
            image::Rgba([90, 0, 0, 255])
        } else {
            image::Rgba([0, 0, 0, 0])
        };
    }
    let png = dir.join("pic.png");
    img.save(&png).unwrap();
    let out = dir.join("pic.non");
    let report = ok(&[
        "make",
        png.to_str().unwrap(),
        "--size",
        "6x6",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(report.contains("unique"), "{report}");
    assert_eq!(solution_rows(out.to_str().unwrap()), rows);
    // Inverted, the picture's puzzle is another one.
    let json = ok(&[
        "make",
        png.to_str().unwrap(),
        "--size",
        "6x6",
        "--invert",
        "--output",
        "json",
    ]);
    let v: Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["rows"][0], serde_json::json!([2, 2]));
    one_line_error(
        &["make", png.to_str().unwrap(), "--size", "60x6"],
        "only scales down",
    );
    // Clap checks the form of --size, with its own usage message and status 2.
    assert_eq!(run(&["make", png.to_str().unwrap(), "--size", "6"]).code, 2);
}

#[test]
fn make_suggests_givens_and_flips_for_ambiguous_pictures() {
    let dir = scratch("make-ambiguous");
    let pic = dir.join("diagonals.txt");
    fs::write(&pic, "#..\n.#.\n...\n").unwrap();
    // Givens are offered only for a format that stores them: not for `.non`, the default.
    let out = ok(&["make", pic.to_str().unwrap(), "--output", "json"]);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["unique"], false);
    assert_eq!(
        v["differing_cells"],
        serde_json::json!([[0, 0], [0, 1], [1, 0], [1, 1]])
    );
    assert!(v["suggestions"].get("givens").is_none(), "{v}");
    assert!(v["clues"].as_str().unwrap().contains("rows"));
    let out = ok(&[
        "make",
        pic.to_str().unwrap(),
        "--to",
        "tatham",
        "--output",
        "json",
    ]);
    let given: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(given["suggestions"]["givens_verified"], true);
    assert_eq!(given["suggestions"]["givens"].as_array().unwrap().len(), 1);
    // Every suggested flip, applied to the picture, makes a unique puzzle.
    let flips = v["suggestions"]["flips"].as_array().unwrap();
    assert!(!flips.is_empty());
    for flip in flips {
        let (r, c) = (
            flip[0].as_u64().unwrap() as usize,
            flip[1].as_u64().unwrap() as usize,
        );
        let mut p = picture(&["#..", ".#.", "..."]);
        p.set(r, c, !p.get(r, c));
        let outcome =
            nonogram_core::Solver::new(Default::default()).solve(&Puzzle::from_picture(&p));
        assert_eq!(outcome.status, nonogram_core::Status::Unique);
    }
    // The text report goes to stderr when the clues go to stdout.
    let result = run(&["make", pic.to_str().unwrap()]);
    assert_eq!(result.code, 0);
    assert!(
        result.stdout.starts_with("title \"diagonals\""),
        "{}",
        result.stdout
    );
    assert!(result.stderr.contains("not unique"), "{}", result.stderr);
    assert!(!result.stderr.contains("as given:"), "{}", result.stderr);
    assert!(
        result.stderr.contains("the non format cannot store them"),
        "{}",
        result.stderr
    );
    let result = run(&["make", pic.to_str().unwrap(), "--to", "json"]);
    assert!(
        result.stderr.contains("(checked: unique with it)"),
        "{}",
        result.stderr
    );
}

/// Issue 29: for 15x15 drawings of dots and of a W, `make` offered only givens, which no file
/// it wrote could keep. Now: givens only for a format that stores them, and otherwise picture
/// changes (here, pairs: no single change is enough), each checked again here.
#[test]
fn make_suggests_pairs_of_changes_where_one_is_not_enough() {
    for name in ["dots.txt", "w.txt"] {
        let path = format!("testdata/cli/{name}");
        let out = ok(&["make", &path, "--output", "json"]);
        let v: Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["unique"], false, "{name}");
        let suggestions = &v["suggestions"];
        assert!(suggestions.get("givens").is_none(), "{name}: {v}");
        assert_eq!(suggestions["flips"], serde_json::json!([]), "{name}");
        let pairs = suggestions["flip_pairs"].as_array().unwrap();
        assert!(!pairs.is_empty(), "{name}: {v}");
        let text = fs::read_to_string(repo_root().join(&path)).unwrap();
        let rows: Vec<&str> = text.lines().collect();
        for pair in pairs {
            let mut p = picture(&rows);
            for cell in pair.as_array().unwrap() {
                let (r, c) = (
                    cell[0].as_u64().unwrap() as usize,
                    cell[1].as_u64().unwrap() as usize,
                );
                p.set(r, c, !p.get(r, c));
            }
            let outcome =
                nonogram_core::Solver::new(Default::default()).solve(&Puzzle::from_picture(&p));
            assert_eq!(outcome.status, nonogram_core::Status::Unique, "{name}");
            assert_eq!(outcome.solutions, [p], "{name}");
        }
        let result = run(&["make", &path]);
        assert!(
            result
                .stderr
                .contains("change two cells of the picture (no single change does)"),
            "{name}: {}",
            result.stderr
        );
    }
}

// ---- render and solve --output svg|png ----

#[test]
fn render_text_styles_of_the_seeds() {
    golden(
        "render-haskell.txt",
        &ok(&["render", "testdata/seeds/smallex.non", "--style", "haskell"]),
    );
    golden(
        "render-notebook.txt",
        &ok(&[
            "render",
            "testdata/seeds/smallex.non",
            "--style",
            "notebook",
        ]),
    );
    golden(
        "render-deduce-duck.txt",
        &ok(&["render", "testdata/seeds/duck.non", "--deduce"]),
    );
}

#[test]
fn render_blank_svg_and_solution_png() {
    let dir = scratch("render");
    let svg = dir.join("duck.svg");
    ok(&[
        "render",
        "testdata/seeds/duck.non",
        "--blank",
        "-o",
        svg.to_str().unwrap(),
    ]);
    let text = fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let numbers: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    // Row clues 3 / 2 1 / 3 2 / 2 2 / 6 / 1 5 / 6 / 1 / 2 (13 numbers), column clues
    // 1 2 / 3 1 / 1 5 / 7 1 / 5 / 3 / 4 / 3 (12 more).
    assert_eq!(numbers.len(), 25);
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("fill") == Some("black"))
            .count(),
        0
    );
    one_line_error(
        &[
            "render",
            "testdata/seeds/duck.non",
            "--blank",
            "-o",
            svg.to_str().unwrap(),
        ],
        "--force",
    );

    let png = dir.join("duck.png");
    ok(&[
        "render",
        "testdata/seeds/duck.non",
        "-o",
        png.to_str().unwrap(),
    ]);
    let image = image::open(&png).unwrap();
    // Cells of 20 px, margins of 10, two clue slots on each side: 8x9 cells.
    assert_eq!(
        (image.width(), image.height()),
        (10 + 40 + 160 + 10, 10 + 40 + 180 + 10)
    );
}

#[test]
fn solve_draws_svg_and_png() {
    let dir = scratch("solve-sheets");
    let out = ok(&["solve", "testdata/seeds/smallex.non", "--output", "svg"]);
    let doc = roxmltree::Document::parse(&out).unwrap();
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("fill") == Some("black"))
            .count(),
        14
    );
    let partial = ok(&[
        "solve",
        "testdata/seeds/lambda.non",
        "--deduce-only",
        "--output",
        "svg",
    ]);
    assert!(partial.contains("url(#unknown)"));
    let png = dir.join("s.png");
    ok(&[
        "solve",
        "testdata/seeds/smallex.non",
        "--output",
        "png",
        "-o",
        png.to_str().unwrap(),
    ]);
    let image = image::open(&png).unwrap().to_luma8();
    assert_eq!(image.dimensions(), (160, 160));
    one_line_error(
        &["solve", "testdata/seeds/smallex.non", "--output", "png"],
        "-o FILE.png",
    );
    one_line_error(
        &[
            "solve",
            "testdata/seeds/smallex.non",
            "--output",
            "png",
            "-o",
            png.to_str().unwrap(),
        ],
        "--force",
    );
}
