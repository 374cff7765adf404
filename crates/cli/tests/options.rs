//! Options obeyed or refused, and help that agrees with itself: every combination in which an
//! option would do nothing is refused in one line (issue 29, item 4), and the command line
//! speaks one language across subcommands: `--puzzle N` is a puzzle's number everywhere,
//! counted from 1, every `--help` gives defaults and ranges and lists what `--output` takes,
//! and a file that cannot be read is worded one way (item 8).

use std::fs;
use std::path::{Path, PathBuf};

mod common;

use common::{assert_one_line_error, repo_root, run_at_root as run, run_in, scratch};

const DUCK: &str = "testdata/seeds/duck.non";
const SMILE: &str = "testdata/formats/smile.picture.txt";

/// A 4×4 PNG: a dark square on white, and a red one.
fn png(dir: &Path) -> PathBuf {
    let image = image::RgbImage::from_fn(4, 4, |x, y| match (x, y) {
        (1, 1) | (1, 2) => image::Rgb([20, 20, 20]),
        (2, 1) | (2, 2) => image::Rgb([220, 20, 20]),
        _ => image::Rgb([255, 255, 255]),
    });
    let path = dir.join("picture.png");
    image.save(&path).unwrap();
    path
}

#[track_caller]
fn refused(args: &[&str], says: &str) {
    let ran = run(args);
    assert_one_line_error(&ran, 2, &format!("{args:?}"));
    assert!(ran.stderr.contains(says), "{args:?}: {}", ran.stderr);
}

#[track_caller]
fn accepted(args: &[&str]) {
    let ran = run(args);
    assert_eq!(ran.code, 0, "{args:?}: {ran:?}");
}

/// `--threshold` makes an image black and white: with a text picture, or with `--colours`,
/// which quantises instead, it would do nothing.
#[test]
fn make_refuses_a_threshold_it_would_not_use() {
    let dir = scratch("threshold");
    let png = png(&dir);
    let png = png.to_str().unwrap();
    refused(
        &["make", SMILE, "--threshold", "10"],
        "--threshold 10 applies to images, and this is a text picture",
    );
    refused(
        &["make", png, "--colours", "2", "--threshold", "10"],
        "with --colours 2 it is quantised instead",
    );
    accepted(&["make", png, "--threshold", "100"]);
    accepted(&["make", png, "--colours", "2"]);
    accepted(&["make", SMILE]);
}

/// `--seed` orders the learning engine, `--threads` feeds the auto engine's race: with an
/// engine that has no use for them they are refused, in every command that solves.
#[test]
fn solving_options_the_engine_would_not_use_are_refused() {
    for command in ["solve", "render", "batch"] {
        for engine in ["search", "sat"] {
            refused(
                &[command, DUCK, "--engine", engine, "--seed", "3"],
                &format!("--seed 3 orders the learning engine, and --engine {engine} has none"),
            );
        }
        accepted(&[command, DUCK, "--engine", "learn", "--seed", "3"]);
    }
    for command in ["solve", "render"] {
        for engine in ["search", "learn", "sat"] {
            refused(
                &[command, DUCK, "--engine", engine, "--threads", "2"],
                &format!("--engine {engine} runs on one thread"),
            );
        }
        accepted(&[command, DUCK, "--threads", "2"]);
        accepted(&[command, DUCK, "--threads", "16"]);
        // More threads than a solve will start is refused, not quietly lowered.
        refused(
            &[command, DUCK, "--threads", "1025"],
            "expected a number of threads from 0 (one per core) to 1024",
        );
    }
}

/// Text options that a kind of output has no use for.
#[test]
fn output_options_that_would_do_nothing_are_refused() {
    refused(
        &["explain", DUCK, "--every", "3", "--output", "json"],
        "--every 3 prints the grid between the steps of the text",
    );
    refused(
        &["render", DUCK, "--style", "haskell", "--ascii"],
        "plain ASCII already",
    );
    refused(
        &[
            "explain",
            DUCK,
            "--every",
            "3",
            "--grid",
            "testdata/cli/smallex-partial.txt",
        ],
        "--grid is the partial grid of --hint",
    );
    accepted(&["render", DUCK, "--style", "book", "--ascii"]);
    accepted(&["explain", DUCK, "--every", "3"]);
}

/// With `--resume` naming the `-o` file, the results are appended: `--force` has nothing to
/// replace unless `--summary` is given.
#[test]
fn batch_refuses_a_force_with_nothing_to_replace() {
    let dir = scratch("force");
    let duck = repo_root().join(DUCK);
    let duck = duck.to_str().unwrap();
    let args = [
        "batch", duck, "-o", "r.jsonl", "--resume", "r.jsonl", "--force",
    ];
    let ran = run_in(&dir, &args, b"");
    assert_one_line_error(&ran, 2, "--force with --resume");
    assert!(
        ran.stderr.contains("there is nothing to replace"),
        "{}",
        ran.stderr
    );
    let mut with_summary = args.to_vec();
    with_summary.extend(["--summary", "s.json"]);
    let ran = run_in(&dir, &with_summary, b"");
    assert_eq!(ran.code, 0, "{ran:?}");
}

/// `patterns` reads a puzzle file with `--file FILE`; `--puzzle N` is the puzzle's number, as
/// in every other command (it once took the file, clashing with them).
#[test]
fn patterns_reads_a_file_with_file_and_picks_with_puzzle() {
    let ran = run(&["patterns", "--file", DUCK]);
    assert_eq!(ran.code, 0, "{ran:?}");
    assert!(
        ran.stdout
            .contains("all rows: 8164800 combinations (8.2x10^6)"),
        "{}",
        ran.stdout
    );
    let ran = run(&[
        "patterns",
        "--file",
        "testdata/cli/three-puzzles.txt",
        "--puzzle",
        "2",
    ]);
    assert_eq!(ran.code, 0, "{ran:?}");
    assert!(ran.stdout.starts_with("puzzle 2 of 3\n"), "{}", ran.stdout);
    assert!(!ran.stdout.contains("puzzle 1 of 3"), "{}", ran.stdout);
    refused(
        &["patterns", "--puzzle", DUCK],
        "(the puzzle file is --file FILE)",
    );
    // With a clue, the options of --file would do nothing; nor would --limit without --list,
    // or --force without --plot, even beside another mode.
    for (args, says) in [
        (&["--puzzle", "2"][..], "--puzzle goes with --file FILE"),
        (&["--format", "non"], "--format goes with --file FILE"),
        (&["--count", "--limit", "5"], "--limit goes with --list"),
        (&["--count", "--force"], "--force goes with --plot FILE"),
    ] {
        let mut line = vec!["patterns", "1,2", "--width", "5"];
        line.extend(args);
        refused(&line, says);
    }
}

/// `--puzzle 0` says that puzzles are counted from 1, not that 0 is outside a range of
/// twenty-digit numbers.
#[test]
fn puzzle_zero_says_puzzles_are_counted_from_one() {
    for command in ["solve", "convert", "explain", "render"] {
        let ran = run(&[command, DUCK, "--puzzle", "0"]);
        assert_one_line_error(&ran, 2, command);
        assert!(
            ran.stderr
                .contains("puzzles are counted from 1: --puzzle 1 is the first"),
            "{command}: {}",
            ran.stderr
        );
        assert!(
            !ran.stderr.contains("18446744073709551615"),
            "{}",
            ran.stderr
        );
    }
    let ran = run(&["patterns", "--file", DUCK, "--puzzle", "0"]);
    assert!(ran.stderr.contains("counted from 1"), "{}", ran.stderr);
}

/// The `Options:` part of `nonogram COMMAND --help`, the one option's paragraph.
fn help_of(command: &str, option: &str) -> String {
    let help = run(&[command, "--help"]);
    assert_eq!(help.code, 0, "{help:?}");
    let start = help
        .stdout
        .find(&format!("{option} <"))
        .or_else(|| help.stdout.find(&format!("{option}\n")))
        .unwrap_or_else(|| panic!("{command} --help has no {option}:\n{}", help.stdout));
    let rest = &help.stdout[start..];
    // The paragraph ends where the next option starts.
    let end = rest[1..].find("\n  -").map_or(rest.len(), |i| i + 1);
    rest[..end].to_string()
}

/// Every `--help` gives the defaults and ranges, and lists what `--output` takes.
#[test]
fn help_gives_defaults_ranges_and_values() {
    for command in ["solve", "render", "batch", "explain"] {
        let timeout = help_of(command, "--timeout");
        assert!(
            timeout.contains("Default: no limit"),
            "{command}: {timeout}"
        );
    }
    let cell = help_of("render", "--cell");
    assert!(
        cell.contains("8 to 200") && cell.contains("Default: 20"),
        "{cell}"
    );
    let style = help_of("render", "--style");
    assert!(style.contains("Default: book"), "{style}");
    for (command, values) in [
        ("solve", &["text", "json", "svg", "png"][..]),
        ("render", &["text", "svg", "png"]),
        ("explain", &["text", "json"]),
        ("make", &["text", "json"]),
    ] {
        let output = help_of(command, "--output");
        assert!(output.contains("Possible values:"), "{command}: {output}");
        for value in values {
            assert!(
                output.contains(&format!("- {value}:")),
                "{command}: {output}"
            );
        }
    }
    let threshold = help_of("make", "--threshold");
    assert!(
        threshold.contains("0 to 255") && threshold.contains("128"),
        "{threshold}"
    );
    let jobs = help_of("batch", "--jobs");
    assert!(jobs.contains("1 to 1024"), "{jobs}");
    let to = help_of("convert", "--to");
    assert!(to.contains("non, nin, g, xml"), "{to}");
}

/// A file that cannot be read is worded one way, whichever command reads it.
#[test]
fn a_missing_file_is_worded_one_way() {
    let dir = scratch("missing");
    fs::write(dir.join("grid.txt"), "?????\n").unwrap();
    let smallex = repo_root().join("testdata/seeds/smallex.non");
    let smallex = smallex.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["solve", "nope.non"], "nope.non"),
        (&["convert", "nope.non", "--to", "nin"], "nope.non"),
        (&["explain", "nope.non"], "nope.non"),
        (&["render", "nope.non"], "nope.non"),
        (&["make", "nope.txt"], "nope.txt"),
        (&["patterns", "--file", "nope.non"], "nope.non"),
        (
            &["explain", smallex, "--hint", "--grid", "nope.txt"],
            "nope.txt",
        ),
    ];
    for (args, name) in cases {
        let ran = run_in(&dir, args, b"");
        assert_one_line_error(&ran, 2, &format!("{args:?}"));
        assert!(
            ran.stderr
                .starts_with(&format!("nonogram: {name}: cannot read it: ")),
            "{args:?}: {}",
            ran.stderr
        );
    }
}
