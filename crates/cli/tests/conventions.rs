//! The command line's conventions, each pinned by a test that failed before the report path
//! was made one: statuses that claim only what was proved, options obeyed on every output path
//! or refused, one meaning for `-o` and `--output`, clap's own words in usage errors, and
//! clues that cannot be satisfied answered as "no solution" by every command.

use std::fs;

use serde_json::Value;

mod common;

use common::{assert_one_line_error, run_at_root as run, run_in, scratch};

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

const TWO: &str = "testdata/cli/two-solutions.non";

/// `--solutions 1` finds a solution without checking for others: never `unique`.
#[test]
fn one_solution_asked_is_not_called_unique() {
    let text = run(&["solve", "--solutions", "1", TWO]);
    assert_eq!(text.code, 0, "{text:?}");
    assert!(!text.stdout.contains("unique"), "{}", text.stdout);
    assert!(
        text.stdout.contains("not checked for others"),
        "{}",
        text.stdout
    );

    let json = run(&["solve", "--solutions", "1", "--output", "json", TWO]);
    let record = &json_lines(&json.stdout)[0];
    assert_eq!(record["status"], "solved");
    assert_eq!(record["stop"], "solution-limit");

    // The batch summary counts it as solved, not unique.
    let dir = scratch("solutions-1");
    fs::copy(common::repo_root().join(TWO), dir.join("two.non")).unwrap();
    let batch = run_in(
        &dir,
        &[
            "batch",
            "two.non",
            "--solutions",
            "1",
            "--summary",
            "s.json",
        ],
        b"",
    );
    assert_eq!(batch.code, 0, "{batch:?}");
    assert_eq!(json_lines(&batch.stdout)[0]["status"], "solved");
    let summary: Value = serde_json::from_slice(&fs::read(dir.join("s.json")).unwrap()).unwrap();
    assert_eq!(summary["status"]["unique"], 0);
    assert_eq!(summary["status"]["solved"], 1);

    // A puzzle that line solving completes is unique whatever was asked: that is proved.
    let duck = run(&[
        "solve",
        "--solutions",
        "1",
        "--output",
        "json",
        "testdata/seeds/duck.non",
    ]);
    assert_eq!(json_lines(&duck.stdout)[0]["status"], "unique");
}

/// Drawings go through the same solve as text: the options are obeyed, and a puzzle with
/// several solutions says so instead of silently drawing one.
#[test]
fn drawings_obey_the_solve_options() {
    let dir = scratch("drawings");
    let svg = dir.join("two.svg");
    let drawn = run(&["solve", TWO, "-o", svg.to_str().unwrap()]);
    assert_eq!(drawn.code, 0, "{drawn:?}");
    let drawing = fs::read_to_string(&svg).unwrap();
    assert!(drawing.starts_with("<?xml"));
    // The cells where the solutions differ are framed, not silently drawn one way.
    assert!(drawing.contains(r#"<g id="marks""#), "{drawing}");
    assert!(drawn.stderr.contains("2 solutions"), "{drawn:?}");

    // A time limit of zero on a puzzle that needs search: cut short, exit 3, nothing claimed.
    let hard = "testdata/puzzles/webpbn-06574.non";
    let png = dir.join("forever.png");
    let cut = run(&[
        "solve",
        hard,
        "--timeout",
        "0",
        "--threads",
        "1",
        "-o",
        png.to_str().unwrap(),
    ]);
    assert_eq!(cut.code, 3, "{cut:?}");
    assert!(cut.stderr.contains("time limit"), "{cut:?}");

    // render: no solution exits 1, as solve does, and draws nothing.
    let none = run(&["render", "testdata/cli/no-solution.non"]);
    assert_eq!(none.code, 1, "{none:?}");
    assert_eq!(none.stdout, "");
    assert!(none.stderr.contains("no solution"), "{none:?}");
    assert_eq!(run(&["solve", "testdata/cli/no-solution.non"]).code, 1);
}

/// `-o FILE` is always a file; `--output KIND` is always what to print; an extension that
/// names nothing we write is refused rather than filled with text.
#[test]
fn out_is_a_file_and_output_a_kind() {
    let dir = scratch("out-and-output");
    let duck = common::repo_root().join("testdata/seeds/duck.non");
    let duck = duck.to_str().unwrap();
    // solve -o x.png writes a PNG (it wrote nothing before).
    let png = dir.join("duck.png");
    let made = run(&["solve", duck, "-o", png.to_str().unwrap()]);
    assert_eq!(made.code, 0, "{made:?}");
    assert!(fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    // render -o x.jpg is refused (it wrote text into the .jpg before).
    let jpg = dir.join("duck.jpg");
    let refused = run(&["render", duck, "-o", jpg.to_str().unwrap()]);
    assert_one_line_error(&refused, 2, "render -o x.jpg");
    assert!(!jpg.exists());
    // batch --output json is refused (it created a file named `json` before).
    let batch = run_in(&dir, &["batch", duck, "--output", "json"], b"");
    assert_one_line_error(&batch, 2, "batch --output json");
    assert!(!dir.join("json").exists());
    // An --output that disagrees with the extension is refused.
    let clash = run(&[
        "solve",
        duck,
        "--output",
        "svg",
        "-o",
        png.to_str().unwrap(),
    ]);
    assert_one_line_error(&clash, 2, "--output svg -o x.png");
    // --ascii has no effect on JSON: refused rather than ignored.
    assert_one_line_error(
        &run(&["solve", duck, "--output", "json", "--ascii"]),
        2,
        "--ascii with json",
    );
    // --deduce-only with options it would ignore is refused.
    assert_one_line_error(
        &run(&["solve", duck, "--deduce-only", "--engine", "sat"]),
        2,
        "--deduce-only --engine",
    );
    // Text to a file is plain, and written whole.
    let txt = dir.join("duck.txt");
    let text = run(&["solve", duck, "-o", txt.to_str().unwrap()]);
    let said = format!("wrote {} (text, 1 puzzle)\n", txt.display());
    assert_eq!(
        (text.code, text.stdout.as_str()),
        (0, said.as_str()),
        "{text:?}"
    );
    assert!(fs::read_to_string(&txt)
        .unwrap()
        .ends_with("unique solution\n"));
}

/// Usage errors stay on one line but keep what clap says: the missing argument, the tip.
#[test]
fn usage_errors_keep_clap_s_words() {
    let typo = run(&["solve", "--outptu", "json", TWO]);
    assert_one_line_error(&typo, 2, "typo");
    assert!(typo.stderr.contains("'--outptu'"), "{}", typo.stderr);
    assert!(typo.stderr.contains("'--output'"), "{}", typo.stderr);

    let missing = run(&["patterns"]);
    assert_one_line_error(&missing, 2, "missing clue");
    assert!(missing.stderr.contains("<CLUE>"), "{}", missing.stderr);

    let value = run(&["solve", "--engine", "magic", TWO]);
    assert_one_line_error(&value, 2, "bad engine");
    assert!(value.stderr.contains("magic"), "{}", value.stderr);
    assert!(value.stderr.contains("search"), "{}", value.stderr);
}

/// Clues that cannot all be satisfied were read perfectly well: "no solution", with the
/// reason, from every command, and convertible like any puzzle.
#[test]
fn inconsistent_clues_have_no_solution_everywhere() {
    let dir = scratch("inconsistent");
    let cases = [
        (
            "too-long.non",
            "width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n",
            "the clue of row 1 needs 3 cells but the line has only 2",
        ),
        (
            "totals.non",
            "width 2\nheight 2\nrows\n2\n2\ncolumns\n1\n1\n",
            "the row clues fill 4 cells but the column clues fill 2",
        ),
    ];
    for (name, text, reason) in cases {
        let path = dir.join(name);
        fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        let solved = run(&["solve", path]);
        assert_eq!(solved.code, 1, "{solved:?}");
        assert_eq!(solved.stdout, format!("no solution: {reason}\n"));
        let json = run(&["solve", "--output", "json", path]);
        let record = &json_lines(&json.stdout)[0];
        assert_eq!(record["status"], "none");
        assert_eq!(record["reason"], reason);
        let deduced = run(&["solve", "--deduce-only", path]);
        assert_eq!(deduced.code, 1, "{deduced:?}");
        assert!(deduced.stdout.contains(reason), "{deduced:?}");
        let explained = run(&["explain", path]);
        assert_eq!(explained.code, 1, "{explained:?}");
        assert!(explained.stdout.contains(reason), "{explained:?}");
        let drawn = run(&["render", path]);
        assert_eq!(drawn.code, 1, "{drawn:?}");
        let converted = run(&["convert", path, "--to", "nin"]);
        assert_eq!(converted.code, 0, "{converted:?}");
        let batch = run_in(&dir, &["batch", name], b"");
        assert_eq!(batch.code, 0, "{batch:?}");
        assert_eq!(json_lines(&batch.stdout)[0]["status"], "none");
    }
}

/// `solve` takes several files (as a shell glob gives them), and goes on past one it cannot
/// read, with the highest status.
#[test]
fn solve_takes_several_files() {
    let both = run(&["solve", "testdata/seeds/duck.non", TWO, "--output", "json"]);
    assert_eq!(both.code, 0, "{both:?}");
    let records = json_lines(&both.stdout);
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["source"], "testdata/seeds/duck.non");
    assert_eq!(records[1]["source"], TWO);

    let text = run(&["solve", "testdata/seeds/duck.non", TWO]);
    assert!(
        text.stdout.starts_with("testdata/seeds/duck.non"),
        "{text:?}"
    );
    assert!(text.stdout.contains(&format!("\n{TWO}")), "{text:?}");

    let with_bad = run(&["solve", "testdata/no/such.non", "testdata/seeds/duck.non"]);
    assert_eq!(with_bad.code, 2, "{with_bad:?}");
    assert!(with_bad.stdout.contains("unique solution"), "{with_bad:?}");
    assert_eq!(with_bad.stderr.lines().count(), 1, "{with_bad:?}");
}

/// Errors name places one way everywhere: `file:line:column:`.
#[test]
fn error_locations_have_one_form() {
    let dir = scratch("locations");
    let picture = dir.join("bad.txt");
    fs::write(&picture, "#.\n#z\n").unwrap();
    let made = run(&["make", picture.to_str().unwrap()]);
    assert_one_line_error(&made, 2, "make of a bad picture");
    assert!(
        made.stderr.contains("bad.txt:2:2: "),
        "file:line:column: {}",
        made.stderr
    );
}

/// `explain --hint` on a grid with a mistake says the grid contradicts the clues, and where,
/// instead of saying the puzzle has no solution.
#[test]
fn a_hint_on_a_wrong_grid_names_the_mistake() {
    let dir = scratch("hint-mistake");
    // smallex's solution starts `.###.`; claim its first cell filled.
    let grid = dir.join("partial.txt");
    fs::write(&grid, "#????\n?????\n?????\n?????\n?????\n").unwrap();
    let hint = run(&[
        "explain",
        "testdata/seeds/smallex.non",
        "--hint",
        "--grid",
        grid.to_str().unwrap(),
    ]);
    assert_eq!(hint.code, 1, "{hint:?}");
    assert!(
        hint.stdout.contains("the grid contradicts the clues"),
        "{}",
        hint.stdout
    );
    assert!(hint.stdout.contains("(r1,c1) is filled"), "{}", hint.stdout);
    assert!(!hint.stdout.contains("no solution"), "{}", hint.stdout);
}

/// `explain -o FILE` picks what to print from the file's extension, as `solve` does, and
/// refuses an extension that names neither kind, or one that disagrees with `--output`.
#[test]
fn explain_takes_its_kind_from_the_out_file() {
    let dir = scratch("explain-out");
    let duck = common::repo_root().join("testdata/seeds/duck.non");
    let duck = duck.to_str().unwrap();
    let written = run_in(&dir, &["explain", duck, "-o", "steps.json"], b"");
    assert_eq!(written.code, 0, "{written:?}");
    let text = std::fs::read_to_string(dir.join("steps.json")).unwrap();
    let value: Value = serde_json::from_str(text.trim()).expect("JSON in a .json file");
    assert!(value["steps"].is_array());
    let refused = run_in(&dir, &["explain", duck, "-o", "steps.svg"], b"");
    assert_eq!(refused.code, 2, "{refused:?}");
    assert!(!dir.join("steps.svg").exists());
    let disagree = run_in(
        &dir,
        &["explain", duck, "--output", "text", "-o", "x.json"],
        b"",
    );
    assert_eq!(disagree.code, 2, "{disagree:?}");
}

/// `render --output svg -o y.txt` would write SVG into a text file: refused, as `solve` does.
#[test]
fn render_refuses_an_out_file_of_another_kind() {
    let dir = scratch("render-txt");
    let duck = common::repo_root().join("testdata/seeds/duck.non");
    let duck = duck.to_str().unwrap();
    let refused = run_in(
        &dir,
        &["render", duck, "--output", "svg", "-o", "y.txt"],
        b"",
    );
    assert_eq!(refused.code, 2, "{refused:?}");
    assert!(!dir.join("y.txt").exists());
    let text = run_in(&dir, &["render", duck, "-o", "y.txt"], b"");
    assert_eq!(text.code, 0, "{text:?}");
    assert!(!std::fs::read_to_string(dir.join("y.txt"))
        .unwrap()
        .starts_with("<svg"));
}

/// `--force` with no file to replace would be ignored: refused instead.
#[test]
fn force_needs_a_file_to_replace() {
    let batch = run(&["batch", "testdata/seeds/duck.non", "--force"]);
    assert_eq!(batch.code, 2, "{batch:?}");
    assert!(batch.stderr.contains("--summary"), "{batch:?}");
    let patterns = run(&["patterns", "1,2", "--width", "5", "--force"]);
    assert_eq!(patterns.code, 2, "{patterns:?}");
    assert!(patterns.stderr.contains("--plot"), "{patterns:?}");
}

/// `--no-solution` on every command that writes puzzle files (`generate`, `make`, `convert`):
/// in every format that can hold a solution (`goal` in `.non` and JSON, `<solution>` in XML),
/// none is written, and the clues are the same; without it, the solution is kept. The picture
/// format, which is nothing but the solution, is refused before anything is written.
#[test]
fn puzzles_are_written_without_their_solutions_when_asked() {
    let dir = scratch("no-solution");
    let picture = dir.join("smile.txt");
    fs::write(&picture, "#.#..\n.....\n#...#\n.###.\n.....\n").unwrap();
    let picture = picture.to_str().unwrap();
    let holds = |text: &str, format: &str| match format {
        "non" => text.lines().any(|l| l.starts_with("goal")),
        "xml" => text.contains("<solution"),
        "json" => text.contains("\"goal\""),
        _ => unreachable!(),
    };
    for format in ["non", "xml", "json"] {
        let commands: [Vec<&str>; 3] = [
            vec!["generate", "--size", "8x8", "--seed", "3", "--to", format],
            vec!["make", picture, "--to", format],
            vec![
                "convert",
                "testdata/puzzles/webpbn-00001.non",
                "--to",
                format,
            ],
        ];
        for command in commands {
            let with = run(&command);
            assert_eq!(with.code, 0, "{command:?}: {with:?}");
            assert!(holds(&with.stdout, format), "{command:?}: {}", with.stdout);
            let mut asked = command.clone();
            asked.push("--no-solution");
            let without = run(&asked);
            assert_eq!(without.code, 0, "{asked:?}: {without:?}");
            assert!(
                !holds(&without.stdout, format),
                "{asked:?}: {}",
                without.stdout
            );
            // The same puzzle otherwise: the clues read back alike.
            let clues = |text: &str| {
                let f = nonogram_formats::Format::from_name(format).unwrap();
                let mut puzzles = nonogram_formats::parse(text, f).unwrap();
                for p in &mut puzzles {
                    assert!(p.metadata.goal.is_none() || text == with.stdout);
                    p.metadata.goal = None;
                }
                puzzles
            };
            assert_eq!(clues(&with.stdout), clues(&without.stdout), "{asked:?}");
        }
    }
    // Into a file: the file has no solution.
    let out = dir.join("shared.non");
    let written = run(&[
        "generate",
        "--size",
        "6x6",
        "--seed",
        "1",
        "--no-solution",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(written.code, 0, "{written:?}");
    let text = fs::read_to_string(&out).unwrap();
    assert!(!holds(&text, "non"), "{text}");
    // The picture format is the solution: refused, nothing written.
    let refused_out = dir.join("refused.txt");
    for command in [
        vec!["make", picture, "--to", "picture", "--no-solution"],
        vec![
            "convert",
            "testdata/puzzles/webpbn-00001.non",
            "--to",
            "picture",
            "--no-solution",
            "-o",
            refused_out.to_str().unwrap(),
        ],
    ] {
        let refused = run(&command);
        assert_one_line_error(&refused, 2, "--no-solution to a picture");
        assert!(
            refused.stderr.contains("the solution itself"),
            "{}",
            refused.stderr
        );
    }
    assert!(!refused_out.exists());
}

/// A picture that comes out (nearly) all filled or all empty is unique and says nothing: `make`
/// says so, with what would help (for an image: `--invert`, `--threshold`), in text and JSON.
#[test]
fn make_warns_of_a_picture_that_is_nearly_blank() {
    let dir = scratch("nearly-blank");
    // A dark screenshot: a grey background (100) with a darker square (20) in it.
    let image = image::GrayImage::from_fn(30, 30, |x, y| {
        let inside = (10..20).contains(&x) && (10..20).contains(&y);
        image::Luma([if inside { 20 } else { 100 }])
    });
    let png = dir.join("screenshot.png");
    image.save(&png).unwrap();
    let png = png.to_str().unwrap();
    let dark = run(&["make", png]);
    assert_eq!(dark.code, 0, "{dark:?}");
    assert!(
        dark.stderr.contains(
            "warning: the picture is nearly all filled (900 of 900 cells filled), so its clues \
             say little: "
        ),
        "{}",
        dark.stderr
    );
    assert!(dark.stderr.contains("--invert"), "{}", dark.stderr);
    assert!(
        dark.stderr.contains("a lower --threshold than 128"),
        "{}",
        dark.stderr
    );
    let json = run(&["make", png, "--output", "json"]);
    let value: Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(
        value["nearly_blank"],
        serde_json::json!({"filled": 900, "cells": 900, "mostly": "filled"})
    );
    // At a threshold that tells the square from the background: no warning.
    let fixed = run(&["make", png, "--threshold", "60"]);
    assert_eq!(fixed.code, 0, "{fixed:?}");
    assert!(!fixed.stderr.contains("warning"), "{}", fixed.stderr);
    let fixed = run(&["make", png, "--threshold", "60", "--output", "json"]);
    let value: Value = serde_json::from_str(fixed.stdout.trim()).unwrap();
    assert_eq!(value["nearly_blank"], Value::Null);

    // A text picture with almost nothing drawn.
    let text = dir.join("faint.txt");
    let mut rows = vec![".".repeat(40); 40];
    rows[3].replace_range(5..6, "#");
    fs::write(&text, rows.join("\n") + "\n").unwrap();
    let faint = run(&[
        "make",
        text.to_str().unwrap(),
        "-o",
        dir.join("faint.non").to_str().unwrap(),
    ]);
    assert_eq!(faint.code, 0, "{faint:?}");
    assert!(
        faint
            .stdout
            .contains("warning: the picture is nearly empty (1 of 1600 cells filled)"),
        "{}",
        faint.stdout
    );
    assert!(faint.stdout.contains("--invert swaps"), "{}", faint.stdout);
}

/// Help and version that cannot be written (`> /dev/full`) are an error like any other output
/// that cannot be written: exit 2 and one line, never a silent success.
#[cfg(target_os = "linux")]
#[test]
fn help_that_cannot_be_written_is_an_error() {
    for args in [
        &["--help"][..],
        &["solve", "--help"],
        &["--version"],
        &["man", "--list"],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_nonogram"))
            .args(args)
            .stdout(fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("nonogram: cannot write to standard output"),
            "{args:?}: {stderr}"
        );
    }
}

/// One convention for a file written with `-o`: every command says `wrote FILE (...)` on
/// standard output, as `make` and `generate` always did (`solve -o` and `render -o` said
/// nothing).
#[test]
fn every_command_says_what_it_wrote() {
    let dir = scratch("wrote");
    let at = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let duck = "testdata/seeds/duck.non";
    for (args, said) in [
        (vec!["solve", duck, "-o", &at("a.svg")], "(svg)"),
        (vec!["solve", duck, "-o", &at("a.txt")], "(text, 1 puzzle)"),
        (vec!["render", duck, "-o", &at("b.png")], "(png)"),
        (vec!["render", duck, "-o", &at("b.txt")], "(text)"),
        (vec!["convert", duck, "-o", &at("c.xml")], "(xml, 1 puzzle)"),
        (vec!["explain", duck, "-o", &at("d.json")], "(json)"),
        (
            vec![
                "make",
                "testdata/formats/smile.picture.txt",
                "-o",
                &at("e.non"),
            ],
            "(5x5, non)",
        ),
        (
            vec![
                "generate",
                "--size",
                "5x5",
                "--seed",
                "1",
                "-o",
                &at("f.non"),
            ],
            "(non)",
        ),
    ] {
        let file = args.last().unwrap().to_string();
        let ran = run(&args);
        assert_eq!(ran.code, 0, "{args:?}: {ran:?}");
        let line = ran.stdout.lines().next().unwrap_or_default();
        assert!(
            line.starts_with("wrote ") && line.contains(file.as_str()) && line.ends_with(said),
            "{args:?}: {}",
            ran.stdout
        );
        assert!(fs::metadata(&file).unwrap().len() > 0, "{file}");
    }
}

/// Ranges are worded one way (`1..=N`, clap's inclusive form, for every numeric option), and a
/// size says what each side may be.
#[test]
fn ranges_are_worded_alike() {
    let jobs = run(&["batch", "--jobs", "0", "testdata/seeds"]);
    assert_one_line_error(&jobs, 2, "--jobs 0");
    assert!(
        jobs.stderr.contains("0 is not in 1..=1024"),
        "{}",
        jobs.stderr
    );
    let solutions = run(&["solve", "--solutions", "0", "testdata/seeds/duck.non"]);
    assert!(
        solutions.stderr.contains("0 is not in 1..=10000"),
        "{}",
        solutions.stderr
    );
    for size in ["0x5", "5x201"] {
        let refused = run(&["generate", "--size", size]);
        assert_one_line_error(&refused, 2, size);
        assert!(
            refused.stderr.contains("each side must be 1 to 200"),
            "{}",
            refused.stderr
        );
    }
    let width = run(&["patterns", "1", "--width", "65537", "--count"]);
    assert_one_line_error(&width, 2, "--width 65537");
    assert!(
        width
            .stderr
            .contains("--width 65537 is out of range: give 0 to 65536 cells"),
        "{}",
        width.stderr
    );
    assert_eq!(
        run(&["patterns", "1", "--width", "5000", "--count"])
            .stdout
            .trim(),
        "5000"
    );
}

/// `make`'s disambiguation map: the best change of a non-unique picture, applied, leaves as
/// many undecided cells as the map says (checked by making the changed picture), every change
/// listed is ranked, and the text names the best ones; `--no-map` leaves it out.
#[test]
fn make_maps_the_changes_that_decide_the_most() {
    let dir = scratch("make-map");
    let rows = ["#....", ".#...", "..###", "..#.#", "..###"];
    let picture = dir.join("two.txt");
    fs::write(&picture, rows.join("\n") + "\n").unwrap();
    let made = run(&["make", picture.to_str().unwrap(), "--output", "json"]);
    let value: Value = serde_json::from_str(made.stdout.trim()).unwrap();
    assert_eq!(value["unique"], false);
    let undecided = value["undecided"].as_array().unwrap().len();
    let changes = value["map"]["changes"].as_array().unwrap();
    assert!(!changes.is_empty() && value["map"]["complete"] == true);
    let scores: Vec<u64> = changes
        .iter()
        .map(|c| c["score"].as_u64().unwrap())
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    for change in changes.iter().take(4) {
        let (r, c) = (
            change["row"].as_u64().unwrap() as usize,
            change["col"].as_u64().unwrap() as usize,
        );
        let mut changed: Vec<Vec<u8>> = rows.iter().map(|r| r.as_bytes().to_vec()).collect();
        changed[r][c] = if change["filled"] == true { b'#' } else { b'.' };
        let path = dir.join(format!("changed-{r}-{c}.txt"));
        let text: Vec<String> = changed
            .into_iter()
            .map(|r| String::from_utf8(r).unwrap())
            .collect();
        fs::write(&path, text.join("\n") + "\n").unwrap();
        let again = run(&[
            "make",
            path.to_str().unwrap(),
            "--output",
            "json",
            "--no-map",
        ]);
        let again: Value = serde_json::from_str(again.stdout.trim()).unwrap();
        let left = again["undecided"].as_array().unwrap().len() as u64;
        assert_eq!(left, change["undecided_after"].as_u64().unwrap());
        assert_eq!(left + change["score"].as_u64().unwrap(), undecided as u64);
        assert_eq!(again["map"]["changes"], serde_json::json!([]));
        if left == 0 {
            assert_eq!(
                (&again["unique"], &again["level"]),
                (&Value::Bool(true), &Value::from("easy"))
            );
        }
    }
    let text = run(&["make", picture.to_str().unwrap()]);
    assert!(
        text.stderr.contains("the map: line solving leaves")
            && text.stderr.contains("the changes that decide the most: "),
        "{}",
        text.stderr
    );
}
