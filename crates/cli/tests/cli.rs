//! End-to-end tests of the `nonogram` binary: golden text output, the JSON schema, exit
//! statuses, hostile inputs and file conversion.
//!
//! Every test runs the built binary from the repository root, so the paths it prints are the
//! short relative ones (`testdata/seeds/duck.non`) whatever the machine. Golden files live in
//! `testdata/cli/`; after an intended change of output, regenerate them with
//! `UPDATE_GOLDEN=1 cargo test -p nonogram-cli --test cli` and review the diff.

use std::fs;
use std::path::Path;

use nonogram_core::{Picture, Puzzle};
use serde_json::Value;

mod common;

use common::{assert_one_line_error, repo_root, scratch, Run};

/// Runs `nonogram ARGS` from the repository root with `stdin` as standard input.
fn run_with_stdin(args: &[&str], stdin: &[u8]) -> Run {
    common::run_in(&repo_root(), args, stdin)
}

fn run(args: &[&str]) -> Run {
    run_with_stdin(args, b"")
}

/// The puzzles of a file, read by the library the binary uses.
fn read_puzzles(path: &Path) -> Vec<Puzzle> {
    nonogram_formats::read_file(path, None).unwrap().1
}

fn picture_of(rows: &[Value]) -> Picture {
    let rows: Vec<Vec<bool>> = rows
        .iter()
        .map(|row| {
            let row = row.as_str().expect("a row is a string");
            assert!(row.chars().all(|c| c == '#' || c == '.'), "row {row:?}");
            row.chars().map(|c| c == '#').collect()
        })
        .collect();
    Picture::from_rows(&rows).expect("rows of equal, non-zero length")
}

const SEEDS: &[&str] = &[
    "testdata/seeds/duck.non",
    "testdata/seeds/gecode-heart.non",
    "testdata/seeds/haskell-test.non",
    "testdata/seeds/lambda.non",
    "testdata/seeds/r-logo.non",
    "testdata/seeds/smallex.non",
    "testdata/puzzles/webpbn-00001.non",
    "testdata/puzzles/webpbn-00006.non",
];

#[test]
fn golden_text_output() {
    let mut cases: Vec<(String, Vec<&str>)> = SEEDS
        .iter()
        .map(|path| {
            let stem = Path::new(path).file_stem().unwrap().to_str().unwrap();
            (format!("solve-{stem}.txt"), vec!["solve", path])
        })
        .collect();
    cases.push((
        "deduce-duck.txt".into(),
        vec!["solve", "--deduce-only", SEEDS[0]],
    ));
    cases.push((
        "deduce-webpbn-06574.txt".into(),
        vec![
            "solve",
            "--deduce-only",
            "testdata/puzzles/webpbn-06574.non",
        ],
    ));
    cases.push((
        "solve-two-solutions.txt".into(),
        vec!["solve", "testdata/cli/two-solutions.non"],
    ));
    cases.push((
        "solve-two-solutions-all.txt".into(),
        vec![
            "solve",
            "--solutions",
            "5",
            "testdata/cli/two-solutions.non",
        ],
    ));
    cases.push((
        "solve-no-solution.txt".into(),
        vec!["solve", "testdata/cli/no-solution.non"],
    ));
    cases.push((
        "solve-three-puzzles.txt".into(),
        vec!["solve", "testdata/cli/three-puzzles.txt"],
    ));

    let update = std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1");
    let dir = repo_root().join("testdata/cli");
    let mut stale = Vec::new();
    for (golden, args) in &cases {
        let result = run(args);
        assert!(result.code == 0 || result.code == 1, "{args:?}: {result:?}");
        assert_eq!(result.stderr, "", "{args:?}");
        let path = dir.join(golden);
        if update {
            fs::write(&path, &result.stdout).unwrap();
        } else if fs::read_to_string(&path).ok().as_deref() != Some(result.stdout.as_str()) {
            stale.push(format!("{golden} ({args:?}); got:\n{}", result.stdout));
        }
    }
    assert!(
        stale.is_empty(),
        "output differs from the golden files (rerun with UPDATE_GOLDEN=1 to accept):\n{}",
        stale.join("\n")
    );
}

#[test]
fn piped_text_output_is_plain_ascii() {
    let result = run(&["solve", "testdata/seeds/duck.non"]);
    assert_eq!(result.code, 0);
    assert!(result.stdout.is_ascii(), "{}", result.stdout);
    assert!(!result.stdout.contains('\x1b'));
    assert_eq!(
        result.stdout,
        run(&["solve", "--ascii", "testdata/seeds/duck.non"]).stdout
    );
}

#[test]
fn json_output_follows_the_schema_and_solves_the_clues() {
    for path in SEEDS {
        let result = run(&["solve", "--output", "json", path]);
        assert_eq!(result.code, 0, "{path}: {result:?}");
        let lines: Vec<&str> = result.stdout.lines().collect();
        assert_eq!(lines.len(), 1, "{path}: one puzzle, one line");
        let record: Value = serde_json::from_str(lines[0]).unwrap();
        let puzzle = &read_puzzles(&repo_root().join(path))[0];
        assert_eq!(record["source"], *path);
        assert_eq!(record["index"], 0);
        assert_eq!(record["width"], puzzle.width());
        assert_eq!(record["height"], puzzle.height());
        assert!(record["elapsed_ms"].as_f64().unwrap() >= 0.0);
        assert!(record.get("sweeps").is_none());
        let status = record["status"].as_str().unwrap();
        let solutions = record["solutions"].as_array().unwrap();
        let differing = record["differing_cells"].as_array().unwrap();
        match status {
            "unique" => assert_eq!((solutions.len(), differing.len()), (1, 0), "{path}"),
            "multiple" => assert!(solutions.len() == 2 && !differing.is_empty(), "{path}"),
            other => panic!("{path}: status {other}"),
        }
        for solution in solutions {
            let rows = solution.as_array().unwrap();
            assert_eq!(rows.len(), puzzle.height());
            assert!(
                puzzle.is_solved_by(&picture_of(rows)),
                "{path}: a wrong solution"
            );
        }
    }
}

#[test]
fn json_lists_both_solutions_and_where_they_differ() {
    let result = run(&[
        "solve",
        "--output",
        "json",
        "testdata/cli/two-solutions.non",
    ]);
    assert_eq!(result.code, 0);
    let record: Value = serde_json::from_str(result.stdout.trim()).unwrap();
    assert_eq!(record["status"], "multiple");
    assert_eq!(record["title"], "two diagonals");
    let mut solutions: Vec<Value> = record["solutions"].as_array().unwrap().clone();
    solutions.sort_by_key(|s| s.to_string());
    assert_eq!(
        solutions,
        vec![
            serde_json::json!(["#.", ".#"]),
            serde_json::json!([".#", "#."])
        ]
    );
    assert_eq!(
        record["differing_cells"],
        serde_json::json!([[0, 0], [0, 1], [1, 0], [1, 1]])
    );
}

#[test]
fn json_deduce_only_reports_the_partial_grid() {
    for path in SEEDS {
        let result = run(&["solve", "--deduce-only", "--output", "json", path]);
        assert_eq!(result.code, 0, "{path}: {result:?}");
        let record: Value = serde_json::from_str(result.stdout.trim()).unwrap();
        let grids = record["solutions"].as_array().unwrap();
        assert_eq!(grids.len(), 1);
        let rows = grids[0].as_array().unwrap();
        let unknown = rows.iter().any(|r| r.as_str().unwrap().contains('?'));
        // Sweeps that change nothing are not counted, so 0 is possible (lambda.non).
        assert!(record["sweeps"].is_u64(), "{path}");
        match record["status"].as_str().unwrap() {
            "unique" => {
                let puzzle = &read_puzzles(&repo_root().join(path))[0];
                assert!(puzzle.is_solved_by(&picture_of(rows)), "{path}");
            }
            "partial" => assert!(unknown, "{path}: partial without unknown cells"),
            other => panic!("{path}: status {other}"),
        }
    }
    let result = run(&[
        "solve",
        "--deduce-only",
        "--output",
        "json",
        "testdata/cli/no-solution.non",
    ]);
    assert_eq!(result.code, 1);
    let record: Value = serde_json::from_str(result.stdout.trim()).unwrap();
    assert_eq!(record["status"], "none");
}

#[test]
fn exit_status_tells_the_outcome() {
    assert_eq!(run(&["solve", "testdata/seeds/duck.non"]).code, 0);
    assert_eq!(run(&["solve", "testdata/cli/two-solutions.non"]).code, 0);
    let none = run(&["solve", "--output", "json", "testdata/cli/no-solution.non"]);
    assert_eq!(none.code, 1, "{none:?}");
    let record: Value = serde_json::from_str(none.stdout.trim()).unwrap();
    assert_eq!(record["status"], "none");
    assert_eq!(record["solutions"], serde_json::json!([]));
    assert_one_line_error(
        &run(&["solve", "testdata/no/such/file.non"]),
        2,
        "missing file",
    );
}

#[test]
fn a_time_limit_that_runs_out_exits_3() {
    // A microsecond is too short for any real solve, but the solver may still finish a puzzle
    // before its first look at the clock. Both outcomes are fine; they must agree with the
    // status in the output, and no run may hang.
    for path in [
        "testdata/puzzles/webpbn-06574.non",
        "testdata/puzzles/webpbn-00006.non",
    ] {
        for limit in ["0", "0.000001"] {
            let result = run(&["solve", "--timeout", limit, "--output", "json", path]);
            let record: Value = serde_json::from_str(result.stdout.trim()).unwrap();
            match result.code {
                // The limit cut the run short: it says so, and claims nothing it did not prove
                // (a solution found in time is printed, but not called unique).
                3 => {
                    assert_eq!(record["stop"], "time-limit");
                    let found = record["solutions"].as_array().unwrap().len();
                    let status = record["status"].as_str().unwrap();
                    match found {
                        0 => assert_eq!(status, "unknown"),
                        1 => assert_eq!(status, "solved"),
                        _ => assert_eq!(status, "multiple"),
                    }
                }
                0 => {
                    assert!(!record["solutions"].as_array().unwrap().is_empty());
                    assert_eq!(record["stop"], "finished");
                }
                _ => panic!("{path} --timeout {limit}: {result:?}"),
            }
        }
    }
}

#[test]
fn every_puzzle_of_a_file_is_solved_in_turn() {
    // A tournament file of three puzzles: unique, two solutions, none.
    let path = "testdata/cli/three-puzzles.txt";
    let result = run(&["solve", "--output", "json", path]);
    assert_eq!(
        result.code, 1,
        "the highest status of the three: {result:?}"
    );
    let records: Vec<Value> = result
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let summary: Vec<(u64, &str)> = records
        .iter()
        .map(|r| (r["index"].as_u64().unwrap(), r["status"].as_str().unwrap()))
        .collect();
    assert_eq!(summary, [(0, "unique"), (1, "multiple"), (2, "none")]);
    assert!(records.iter().all(|r| r["source"] == path));

    let result = run(&["solve", "--output", "json", "--puzzle", "2", path]);
    assert_eq!(result.code, 0);
    let record: Value = serde_json::from_str(result.stdout.trim()).unwrap();
    assert_eq!(
        (record["index"].as_u64(), record["status"].as_str()),
        (Some(1), Some("multiple"))
    );

    // Formats that hold several puzzles get them all (a `.non` bundle, an XML puzzle set, a
    // JSON array), and read back to the same clues; the others ask which one.
    for to in ["non", "xml", "json"] {
        let bundle = run(&["convert", path, "--to", to]);
        assert_eq!(bundle.code, 0, "{to}: {bundle:?}");
        let back = nonogram_formats::parse(
            &bundle.stdout,
            nonogram_formats::Format::from_name(to).unwrap(),
        )
        .unwrap_or_else(|e| panic!("{to}: {e}"));
        let original = read_puzzles(Path::new(&repo_root().join(path)));
        assert_eq!(back.len(), 3, "{to}");
        for (a, b) in back.iter().zip(&original) {
            assert_eq!((a.rows(), a.columns()), (b.rows(), b.columns()), "{to}");
        }
    }
    assert_one_line_error(
        &run(&["convert", path, "--to", "nin"]),
        2,
        "several puzzles in a one-puzzle format",
    );
    let result = run(&["convert", path, "--to", "nin", "--puzzle", "1"]);
    assert_eq!(
        (result.code, result.stdout.lines().next()),
        (0, Some("5 5")),
        "{result:?}"
    );
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["frobnicate"][..],
        &["solve", "--solutions", "0", "testdata/seeds/duck.non"],
        &["solve", "--solutions", "many", "testdata/seeds/duck.non"],
        &["solve", "--timeout", "-1", "testdata/seeds/duck.non"],
        &["solve", "--timeout", "NaN", "testdata/seeds/duck.non"],
        &["solve", "--output", "bmp", "testdata/seeds/duck.non"],
        &["solve", "--format", "nosuch", "testdata/seeds/duck.non"],
        &["convert", "testdata/seeds/duck.non"],
        &["convert", "--to", "nosuch", "testdata/seeds/duck.non"],
    ] {
        let result = run(args);
        assert_eq!(result.code, 2, "{args:?}: {result:?}");
        assert!(!result.stderr.contains("panicked"), "{args:?}");
    }
    assert_one_line_error(
        &run(&["solve", "--puzzle", "2", "testdata/seeds/duck.non"]),
        2,
        "--puzzle beyond the file",
    );
}

#[test]
fn malformed_inputs_exit_2_with_one_line() {
    let dir = scratch("malformed");
    let mut garbage: Vec<u8> = (0u32..4096)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    garbage.extend_from_slice(&[0, 0xff, 0xfe, 0x80]);
    let non = |body: &str| {
        format!("width 2\nheight 2\n\nrows\n{body}\n1\n\ncolumns\n1\n1\n").into_bytes()
    };
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty.non", Vec::new()),
        ("blank.non", b"\n\n   \n".to_vec()),
        ("garbage.non", garbage.clone()),
        ("garbage.bin", garbage),
        ("huge.nin", b"1000000000 1000000000\n".to_vec()),
        (
            "huge.non",
            b"width 1000000000\nheight 1000000000\nrows\n1\ncolumns\n1\n".to_vec(),
        ),
        ("overflow.nin", b"99999999999999999999 2\n1\n1\n".to_vec()),
        (
            "overflow-size.non",
            b"width 99999999999999999999\nheight 2\n".to_vec(),
        ),
        ("overflow-clue.non", non("99999999999999999999")),
        ("negative.non", non("-1")),
        (
            "negative-size.non",
            b"width -2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n".to_vec(),
        ),
        ("letters.non", non("a,b")),
        ("letters.nin", b"x y\n".to_vec()),
        ("truncated.non", b"width 5\nheight 5\nrows\n1\n".to_vec()),
        (
            "broken.json",
            b"{\"rows\": [[1], [2]], \"columns\": ".to_vec(),
        ),
        (
            "broken.xml",
            b"<puzzletype><puzzle><clues type=\"rows\">".to_vec(),
        ),
    ];
    for (name, bytes) in &cases {
        let path = dir.join(name);
        fs::write(&path, bytes).unwrap();
        let path = path.to_str().unwrap();
        for output in ["text", "json"] {
            let result = run(&["solve", "--output", output, path]);
            assert_one_line_error(&result, 2, name);
            assert!(
                result.stderr.contains(name),
                "{name}: the error names the file: {}",
                result.stderr
            );
        }
        let result = run(&["convert", "--to", "non", path]);
        assert_one_line_error(&result, 2, name);
    }
    // The same through standard input.
    for (name, bytes) in &cases {
        if name.ends_with(".non") {
            let result = run_with_stdin(&["solve", "--format", "non", "-"], bytes);
            assert_one_line_error(&result, 2, &format!("stdin {name}"));
        }
    }
}

#[test]
fn convert_round_trips_through_every_writable_format() {
    let dir = scratch("round-trip");
    // Dancer carries a goal picture, which the picture format needs.
    let original = repo_root().join("testdata/puzzles/webpbn-00001.non");
    let puzzle = &read_puzzles(&original)[0];
    let expected = run(&["solve", "--output", "json", original.to_str().unwrap()]);
    let expected: Value = serde_json::from_str(expected.stdout.trim()).unwrap();
    for format in nonogram_formats::Format::ALL
        .iter()
        .filter(|f| f.is_writable())
    {
        let name = format.name();
        let out = dir.join(format!("dancer.{name}"));
        let result = run(&[
            "convert",
            original.to_str().unwrap(),
            "--to",
            name,
            "-o",
            out.to_str().unwrap(),
        ]);
        let said = format!("wrote {} ({name}, 1 puzzle)\n", out.display());
        assert_eq!(
            (result.code, result.stdout.as_str(), result.stderr.as_str()),
            (0, said.as_str(), ""),
            "{name}"
        );
        // Read back with the format forced: the clues are the same...
        let (_, back) = nonogram_formats::read_file(&out, Some(*format)).unwrap();
        assert_eq!(back.len(), 1, "{name}");
        assert_eq!(
            (back[0].rows(), back[0].columns()),
            (puzzle.rows(), puzzle.columns()),
            "{name}"
        );
        // ...and the binary solves the converted file to the same picture.
        let solved = run(&[
            "solve",
            "--format",
            name,
            "--output",
            "json",
            out.to_str().unwrap(),
        ]);
        assert_eq!(solved.code, 0, "{name}: {solved:?}");
        let record: Value = serde_json::from_str(solved.stdout.trim()).unwrap();
        assert_eq!(record["solutions"], expected["solutions"], "{name}");
        // Without -o the same text goes to stdout; `solve` prints results, not clues, and
        // says where clues are written instead of ignoring the request.
        let to_stdout = run(&["convert", original.to_str().unwrap(), "--to", name]);
        assert_eq!(
            to_stdout.stdout,
            fs::read_to_string(&out).unwrap(),
            "{name}"
        );
        if *format != nonogram_formats::Format::Json {
            let refused = run(&["solve", "--output", name, original.to_str().unwrap()]);
            assert_one_line_error(&refused, 2, "convert --to");
        }
        // The -o file's extension picks the format when --to is left out.
        if let Some(ext) = [("xml", "xml"), ("nin", "nin"), ("non", "non")]
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, e)| *e)
        {
            let by_ext = dir.join(format!("by-extension.{ext}"));
            let result = run(&[
                "convert",
                original.to_str().unwrap(),
                "-o",
                by_ext.to_str().unwrap(),
            ]);
            assert_eq!(result.code, 0, "{result:?}");
            assert_eq!(
                fs::read_to_string(&by_ext).unwrap(),
                fs::read_to_string(&out).unwrap()
            );
        }
    }
}

#[test]
fn a_format_that_cannot_hold_the_puzzle_is_one_clear_error() {
    let dir = scratch("no-goal");
    let out = dir.join("duck.txt");
    let args = [
        "convert",
        "testdata/seeds/duck.non",
        "--to",
        "picture",
        "-o",
        out.to_str().unwrap(),
    ];
    let result = run(&args);
    assert_one_line_error(&result, 2, "picture without a goal");
    assert!(result.stderr.contains("goal"), "{}", result.stderr);
    assert!(!out.exists());
    assert_eq!(
        fs::read_dir(&dir).unwrap().count(),
        0,
        "no temporary file left"
    );
    let result = run(&["convert", "testdata/seeds/duck.non", "--to", "tournament"]);
    assert_eq!(result.code, 2, "tournament: {result:?}");
    // `.g` is written for black-and-white and triangle puzzles, and refuses colour ones.
    let result = run(&["convert", "testdata/seeds/duck.non", "--to", "g"]);
    assert_eq!(result.code, 0, "g: {result:?}");
    let colour = "testdata/formats/webpbn-colour-not-invented-yet-3.xml";
    let result = run(&["convert", colour, "--to", "g"]);
    assert_one_line_error(&result, 2, "colour");
}

#[test]
fn convert_never_overwrites_without_force() {
    let dir = scratch("overwrite");
    let out = dir.join("duck.non");
    fs::write(&out, "precious\n").unwrap();
    let out_str = out.to_str().unwrap();
    let result = run(&[
        "convert",
        "testdata/seeds/duck.non",
        "--to",
        "non",
        "-o",
        out_str,
    ]);
    assert_one_line_error(&result, 2, "existing output");
    assert!(result.stderr.contains("--force"), "{}", result.stderr);
    assert_eq!(fs::read_to_string(&out).unwrap(), "precious\n");

    let result = run(&[
        "convert",
        "testdata/seeds/duck.non",
        "--to",
        "non",
        "-o",
        out_str,
        "--force",
    ]);
    assert_eq!(result.code, 0, "{result:?}");
    let puzzle = &read_puzzles(&out)[0];
    assert_eq!(
        puzzle.rows(),
        read_puzzles(&repo_root().join("testdata/seeds/duck.non"))[0].rows()
    );

    // A failed conversion leaves an existing file alone even with --force, and leaves no
    // temporary file behind.
    fs::write(dir.join("bad.non"), "width x\n").unwrap();
    let bad = dir.join("bad.non");
    let before = fs::read_to_string(&out).unwrap();
    let result = run(&[
        "convert",
        bad.to_str().unwrap(),
        "--to",
        "non",
        "-o",
        out_str,
        "--force",
    ]);
    assert_one_line_error(&result, 2, "bad input with --force");
    assert_eq!(fs::read_to_string(&out).unwrap(), before);
    let mut names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["bad.non", "duck.non"]);
}

#[test]
fn commands_that_show_one_puzzle_ask_for_puzzle_n() {
    let dir = scratch("several");
    // Two 2×2 puzzles in the tournament format (columns, then rows).
    let file = dir.join("two.txt");
    fs::write(&file, "$1\n1\n1\n1\n1\n$2\n2\n0\n1\n1\n").unwrap();
    let file = file.to_str().unwrap();
    for (args, why) in [
        (vec!["explain", file], ""),
        (
            vec!["render", file],
            " but a drawing shows one (--output pdf prints them all)",
        ),
        (
            vec!["solve", file, "--output", "svg"],
            " but a drawing shows one",
        ),
    ] {
        let run = run(&args);
        assert_one_line_error(&run, 2, &format!("{args:?}"));
        assert!(
            run.stderr.ends_with(&format!(
                "the input holds 2 puzzles{why}; pick one with --puzzle N\n"
            )),
            "{args:?}: {}",
            run.stderr
        );
    }
    // With --puzzle, the same commands work.
    assert_eq!(run(&["explain", file, "--puzzle", "2"]).code, 0);
}

#[test]
fn the_seed_changes_the_order_of_work_not_the_answer() {
    let path = "testdata/puzzles/webpbn-00006.non";
    let plain = run(&["solve", "--ascii", path]);
    assert_eq!(plain.code, 0);
    for engine in ["auto", "learn"] {
        for seed in ["1", "18446744073709551615"] {
            let seeded = run(&["solve", "--ascii", "--engine", engine, "--seed", seed, path]);
            assert_eq!(seeded.code, 0, "{engine} {seed}: {seeded:?}");
            assert_eq!(seeded.stdout, plain.stdout, "{engine} {seed}");
        }
    }
    assert_one_line_error(&run(&["solve", "--seed", "-1", path]), 2, "negative seed");
}
