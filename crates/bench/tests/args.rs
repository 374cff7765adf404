//! The benchmark's options: what it refuses (exit status 2 and a message, never a panic), and
//! the edge values it takes.

use std::path::Path;
use std::process::{Command, Output};

fn bench(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nonogram-bench"))
        .args(args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .expect("run nonogram-bench")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn bad_options_are_refused_with_a_message() {
    let cases: &[&[&str]] = &[
        &["random", "--count", "2", "--size", "0"],
        &["random", "--count", "2", "--size", "100000"],
        &["random", "--count", "2", "--density", "1.5"],
        &["random", "--count", "2", "--density", "nan"],
        &["random", "--count", "2", "--timeout", "-1"],
        &["random", "--count", "2", "--timeout", "inf"],
        &["random", "--count", "2", "--solutions", "0"],
        &["random", "--count", "2", "--colours", "0"],
        &["random", "--count", "2", "--colours", "33"],
        &["random", "--count", "0"],
        &["random", "--count", "3", "--skip", "3"],
        &["random", "--count", "100000", "--size", "2048"],
        &["random", "--count", "1", "--engine", "quantum"],
        &["random", "--count", "1", "--save-slowest", "1"],
        &["random", "--count", "1", "--peer-sample", "0"],
        &["random", "--count", "1", "--jobs", "100000"],
        &["random", "--count", "1", "--threads", "100000"],
        &["corpus"],
        &["corpus", "--runs", "0", "testdata/puzzles/webpbn-00006.non"],
        &["corpus", "no/such/file.non"],
        &[
            "corpus",
            "--quiet",
            "--work",
            "testdata/puzzles/webpbn-00006.non",
        ],
        &["lines", "--lengths", "0"],
        &["lines", "--lengths", "5000"],
        &["lines", "--known", "2"],
        &["cactus"],
        &["cactus", "no/such/records.tsv"],
        &["cactus", "--force", "testdata/puzzles/webpbn-00006.non"],
        &["cactus", "testdata/puzzles/webpbn-00006.non"],
        &["summary"],
        &["summary", "no/such/records.tsv"],
    ];
    for args in cases {
        let out = bench(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!stderr.trim().is_empty(), "{args:?}: no message");
    }
}

#[test]
fn a_limit_beyond_any_run_is_no_limit() {
    let out = bench(&[
        "random",
        "--count",
        "3",
        "--size",
        "5",
        "--timeout",
        "1e30",
        "--jobs",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("3 random 5x5 puzzles"));
}

#[test]
fn files_that_are_not_puzzles_are_named_and_counted() {
    // testdata/cli holds puzzles and the expected outputs of the command-line tests.
    let out = bench(&["corpus", "--quiet", "testdata/cli"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    let left_out = stderr.lines().filter(|l| l.contains("left out")).count();
    assert!(left_out > 0, "{stderr}");
    assert!(
        stdout.contains(&format!("({left_out} files left out")),
        "{stdout}"
    );
}

#[test]
fn a_save_directory_that_cannot_be_made_is_refused_before_the_run() {
    let dir = std::env::temp_dir().join(format!("nonogram-bench-args-{}", std::process::id()));
    std::fs::write(&dir, "a file, not a directory").unwrap();
    let below = dir.join("slow");
    let out = bench(&[
        "random",
        "--count",
        "2",
        "--size",
        "5",
        "--save-slowest",
        "1",
        "--save-dir",
        below.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_file(&dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot create the directory"));
    assert!(!text(&out.stdout).contains("per puzzle"), "it ran first");
}

#[test]
fn work_adds_the_engines_counters_to_each_row() {
    // 8-Dom needs the learner: its row counts conflicts and decisions; webpbn #6 is solved by
    // line solving, with none.
    let out = bench(&[
        "corpus",
        "--work",
        "--engine",
        "learn",
        "testdata/corpus/survey/8-dom.non",
        "testdata/puzzles/webpbn-00006.non",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let header = stdout.lines().next().expect("a header");
    assert!(
        header.ends_with("conflicts  decisions   probes"),
        "{header}"
    );
    let counters = |name: &str| -> Vec<u64> {
        let row = stdout.lines().find(|l| l.starts_with(name)).expect(name);
        let fields: Vec<&str> = row.split_whitespace().collect();
        fields[fields.len() - 3..]
            .iter()
            .map(|f| f.parse().expect("a count"))
            .collect()
    };
    let dom = counters("8-dom.non");
    assert!(dom[0] > 0 && dom[1] > 0, "{stdout}");
    assert_eq!(counters("webpbn-00006.non")[..2], [0, 0], "{stdout}");
}

#[test]
fn records_of_several_runs_make_one_cactus_plot() {
    let dir = std::env::temp_dir().join(format!("nonogram-bench-cactus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let records = dir.join("records.tsv");
    let records = records.to_str().unwrap();
    let out = bench(&[
        "corpus",
        "--record",
        records,
        "testdata/puzzles/webpbn-00006.non",
        "testdata/cli/two-solutions.non",
        "testdata/cli/no-solution.non",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = bench(&[
        "random", "--count", "3", "--size", "5", "--jobs", "1", "--record", records,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // Two runs appended: two headers, three puzzles of the corpus and three random ones.
    let written = std::fs::read_to_string(records).unwrap();
    assert_eq!(
        written
            .lines()
            .filter(|l| l.starts_with("solver\t"))
            .count(),
        2
    );
    assert_eq!(
        written.lines().filter(|l| l.starts_with("ours\t")).count(),
        6
    );

    let out = bench(&["summary", records]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    assert!(table.contains("\n| records | ours | 6 | 6 | "), "{table}");

    let svg = dir.join("cactus.svg");
    let svg_path = svg.to_str().unwrap();
    let out = bench(&["cactus", records, "-o", svg_path]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.contains("ours: 6 of 6 solved"), "{drawn}");
    assert!(drawn.contains("all 6 puzzles"), "{drawn}");

    // An existing plot is not replaced without --force; with it, it is.
    std::fs::write(&svg, "keep me").unwrap();
    let out = bench(&["cactus", records, "-o", svg_path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--force"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), "keep me");
    let out = bench(&["cactus", records, "-o", svg_path, "--force"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));

    // A damaged record file is refused at its line.
    let bad = dir.join("bad.tsv");
    std::fs::write(&bad, format!("{written}ours\tp\tfast\tyes\tunique\n")).unwrap();
    let out = bench(&["cactus", bad.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let line = written.lines().count() + 1;
    assert!(
        stderr.contains(&format!("bad.tsv:{line}: \"fast\"")),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
