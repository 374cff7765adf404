//! End-to-end tests of the colour paths of `nonogram explain` and `nonogram make`: steps that
//! name palette colours in text and JSON, a hint that names the wrong cell of a colour grid,
//! and colour puzzles made from a quantised image.

use std::fs;
use std::path::{Path, PathBuf};

use nonogram_core::generate::colour_palette;
use nonogram_core::{ColourId, Picture, Puzzle};
use nonogram_formats::Format;
use serde_json::Value;

mod common;

use common::{run_at_root, scratch};

fn id(i: usize) -> ColourId {
    ColourId::new(i).unwrap()
}

/// A 3×3 picture in black (`k`), red (`r`) and green (`g`): `kr.`, `rr.`, `.gk`, written as a
/// JSON file in `dir` (the format that keeps the colours' names).
fn small_colour_puzzle(dir: &Path) -> (PathBuf, Puzzle) {
    let rows = vec![
        vec![id(1), id(2), id(0)],
        vec![id(2), id(2), id(0)],
        vec![id(0), id(3), id(1)],
    ];
    let picture = Picture::from_colour_rows(&rows).unwrap();
    let puzzle = Puzzle::from_coloured_picture(colour_palette(3), &picture).unwrap();
    let path = dir.join("small.json");
    fs::write(
        &path,
        nonogram_formats::write(&puzzle, Format::Json).unwrap(),
    )
    .unwrap();
    (path, puzzle)
}

#[test]
fn explain_names_colours_in_text_and_json() {
    let dir = scratch("colour-explain");
    let (path, _) = small_colour_puzzle(&dir);
    let path = path.to_str().unwrap();
    let text = run_at_root(&["explain", path, "--ascii"]);
    assert_eq!(text.code, 0, "{text:?}");
    assert!(
        text.stdout.starts_with("step 1: row 1 (clue 1k 1r): "),
        "{}",
        text.stdout
    );
    assert!(text.stdout.contains(" red"), "{}", text.stdout);
    assert!(text.stdout.contains("final grid:"), "{}", text.stdout);
    assert!(
        text.stdout
            .lines()
            .last()
            .unwrap()
            .starts_with("difficulty: line-solvable"),
        "{}",
        text.stdout
    );

    let json = run_at_root(&["explain", path, "--output", "json"]);
    assert_eq!(json.code, 0, "{json:?}");
    let value: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(value["rating"]["rating"], "line");
    assert_eq!(value["grid"], serde_json::json!(["kr.", "rr.", ".gk"]));
    let steps = value["steps"].as_array().unwrap();
    assert!(!steps.is_empty());
    assert_eq!(steps[0]["kind"], "line");
    assert_eq!(steps[0]["colours"], serde_json::json!(["k", "r"]));
    assert!(steps[0]["text"].as_str().unwrap().starts_with("row 1"));
    assert_eq!(value["palette"][2]["name"], "red");
}

#[test]
fn a_hint_on_a_wrong_colour_grid_names_the_cell() {
    let dir = scratch("colour-hint");
    let (path, _) = small_colour_puzzle(&dir);
    let path = path.to_str().unwrap();
    // The middle cell is red in the solution; claim it green.
    let wrong = dir.join("wrong.txt");
    fs::write(&wrong, "???\n?g?\n???\n").unwrap();
    let hint = run_at_root(&["explain", path, "--hint", "--grid", wrong.to_str().unwrap()]);
    assert_eq!(hint.code, 1, "{hint:?}");
    assert!(
        hint.stdout.contains("the grid contradicts the clues")
            && hint
                .stdout
                .contains("(r2,c2) is green (the solution has red)"),
        "{}",
        hint.stdout
    );
    let json = run_at_root(&[
        "explain",
        path,
        "--hint",
        "--grid",
        wrong.to_str().unwrap(),
        "--output",
        "json",
    ]);
    let value: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(value["mistake"]["cells"][0]["row"], 1);
    assert_eq!(value["mistake"]["cells"][0]["value"], "g");

    // A right partial grid gets the next step.
    let right = dir.join("right.txt");
    fs::write(&right, "kr.\n???\n???\n").unwrap();
    let hint = run_at_root(&["explain", path, "--hint", "--grid", right.to_str().unwrap()]);
    assert_eq!(hint.code, 0, "{hint:?}");
    assert!(hint.stdout.starts_with("next step: "), "{}", hint.stdout);
    let solved = dir.join("solved.txt");
    fs::write(&solved, "kr.\nrr.\n.gk\n").unwrap();
    let hint = run_at_root(&[
        "explain",
        path,
        "--hint",
        "--grid",
        solved.to_str().unwrap(),
    ]);
    assert_eq!(hint.stdout, "the grid is complete\n", "{hint:?}");
}

const WHITE: [u8; 3] = [255, 255, 255];
const RED: [u8; 3] = [230, 20, 20];
const DARK_RED: [u8; 3] = [150, 0, 0];
const BLUE: [u8; 3] = [20, 40, 230];

/// A 5×5 PNG on white: red, dark red and blue cells.
fn three_colour_png(dir: &Path) -> (PathBuf, Vec<Vec<[u8; 3]>>) {
    let (w, r, d, b) = (WHITE, RED, DARK_RED, BLUE);
    let rows = vec![
        vec![w, w, w, w, w],
        vec![w, r, r, d, w],
        vec![w, b, b, d, w],
        vec![w, r, b, d, w],
        vec![w, w, w, w, w],
    ];
    let image = image::RgbImage::from_fn(5, 5, |x, y| image::Rgb(rows[y as usize][x as usize]));
    let path = dir.join("three.png");
    image.save(&path).unwrap();
    (path, rows)
}

/// `make --output json` on `png` with `--colours k`: the clues read back, and the status.
fn make_colour(png: &Path, k: &str) -> (Puzzle, Value) {
    let made = run_at_root(&[
        "make",
        png.to_str().unwrap(),
        "--colours",
        k,
        "--output",
        "json",
    ]);
    assert_eq!(made.code, 0, "{made:?}");
    let value: Value = serde_json::from_str(&made.stdout).unwrap();
    let clues = value["clues"].as_str().unwrap();
    let puzzle = nonogram_formats::parse(clues, Format::Non)
        .unwrap()
        .remove(0);
    (puzzle, value)
}

#[test]
fn make_quantises_a_colour_image_to_a_colour_puzzle() {
    let dir = scratch("colour-make");
    let (png, rows) = three_colour_png(&dir);
    let (puzzle, value) = make_colour(&png, "3");
    assert_eq!(value["status"], "unique", "{value}");
    assert_eq!(puzzle.palette().len(), 4, "{:?}", puzzle.palette());
    let outcome = nonogram_core::Solver::default().solve(&puzzle);
    assert_eq!(outcome.status, nonogram_core::Status::Unique);
    let solution = &outcome.solutions[0];
    for (r, row) in rows.iter().enumerate() {
        for (c, &pixel) in row.iter().enumerate() {
            let rgb = puzzle.palette().colour(solution.colour(r, c)).rgb;
            assert_eq!([rgb.r, rgb.g, rgb.b], pixel, "cell ({r},{c})");
        }
    }

    // Two colours: the reds merge, blue stays apart.
    let (puzzle, _) = make_colour(&png, "2");
    assert_eq!(puzzle.palette().len(), 3, "{:?}", puzzle.palette());
    let solution = puzzle
        .metadata
        .goal
        .clone()
        .expect("the clues keep the picture");
    let at = |r: usize, c: usize| solution.colour(r, c);
    assert_eq!(at(1, 1), at(1, 3));
    assert_eq!(at(1, 1), at(3, 1));
    assert_ne!(at(1, 1), at(2, 1));
    assert!(at(0, 0).is_background());

    // One colour is black and white, by the threshold, as without the option.
    let (puzzle, _) = make_colour(&png, "1");
    assert!(puzzle.is_black_and_white());
}

/// `make --output json` is a puzzle in the project's JSON format, colours and palette included:
/// it reads back as the puzzle its clues describe, and solves to the picture. It once held the
/// run lengths alone, without their colours or a palette (issue 29, item 3).
#[test]
fn make_json_reads_back_as_the_puzzle() {
    let dir = scratch("colour-make-json");
    let (png, _) = three_colour_png(&dir);
    for k in ["3", "1"] {
        let (from_clues, value) = make_colour(&png, k);
        let text = value.to_string();
        let read = nonogram_formats::parse(&text, Format::Json)
            .unwrap_or_else(|e| panic!("--colours {k}: {e}: {text}"))
            .remove(0);
        assert_eq!(read.rows(), from_clues.rows(), "--colours {k}");
        assert_eq!(read.columns(), from_clues.columns(), "--colours {k}");
        assert_eq!(
            read.metadata.goal, from_clues.metadata.goal,
            "--colours {k}"
        );
        let rgb = |p: &Puzzle| -> Vec<String> {
            p.palette()
                .entries()
                .map(|(_, c)| c.rgb.to_string())
                .collect()
        };
        assert_eq!(rgb(&read), rgb(&from_clues), "--colours {k}");
        assert_eq!(read.is_black_and_white(), k == "1", "{text}");

        // And the command reads it as any puzzle file.
        let file = dir.join(format!("made-{k}.json"));
        fs::write(&file, &text).unwrap();
        let solved = run_at_root(&["solve", file.to_str().unwrap(), "--output", "json"]);
        assert_eq!(solved.code, 0, "{solved:?}");
        let result: Value = serde_json::from_str(&solved.stdout).unwrap();
        assert_eq!(result["status"], "unique");
        assert_eq!(result["solutions"][0], value["goal"], "--colours {k}");
    }
}

#[test]
fn make_refuses_colours_out_of_range_in_one_line() {
    let dir = scratch("colour-make-range");
    let (png, _) = three_colour_png(&dir);
    for k in ["0", "33"] {
        let made = run_at_root(&["make", png.to_str().unwrap(), "--colours", k]);
        common::assert_one_line_error(&made, 2, &format!("--colours {k}"));
        assert!(made.stderr.contains("--colours"), "{made:?}");
    }
}
