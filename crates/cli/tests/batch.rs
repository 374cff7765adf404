//! End-to-end tests of `nonogram batch`, run on the built binary: the directory walk, the result
//! schema, error results, sharding, resuming, refusing to clobber, and Ctrl-C.
//!
//! Each test builds its own small corpus under the target directory from the puzzles in
//! `testdata/` (plus generated tournament files and deliberately broken ones) and runs the binary
//! inside it, so sources in the results are short relative paths.

use std::collections::{BTreeSet, HashSet};
use std::fs;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use nonogram_core::generate;
use serde_json::Value;

mod common;

use common::{scratch, Run};

fn testdata(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(path)
}

fn write(path: &Path, contents: impl AsRef<[u8]>) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, contents).unwrap();
}

fn copy(from: &str, to: &Path) {
    write(to, fs::read(testdata(from)).unwrap());
}

/// `count` random `side`×`side` puzzles in the tournament text format (columns first).
fn tournament(seed: u64, count: usize, side: usize) -> String {
    let mut text = String::new();
    for (i, puzzle) in generate::random_set(seed, count, side, side, 0.5)
        .iter()
        .enumerate()
    {
        text.push_str(&format!("${}\n", i + 1));
        for clue in puzzle.columns().iter().chain(puzzle.rows()) {
            let runs: Vec<String> = clue.runs().iter().map(u32::to_string).collect();
            text.push_str(&runs.join("\t"));
            text.push('\n');
        }
    }
    text
}

/// The corpus most tests use, in `dir/tree`: 3 single puzzles in nested folders, a tournament
/// file of 12, one broken puzzle file, and three files that are not puzzles. 16 units in all.
fn corpus(dir: &Path) -> PathBuf {
    let tree = dir.join("tree");
    copy("seeds/duck.non", &tree.join("seeds/duck.non"));
    copy("seeds/lambda.non", &tree.join("seeds/lambda.non"));
    copy(
        "puzzles/webpbn-00006.non",
        &tree.join("survey/deep/webpbn-00006.non"),
    );
    write(&tree.join("tournament/set.txt"), tournament(7, 12, 10));
    write(
        &tree.join("broken/bad.non"),
        "width 3\nheight 2\nrows\n1,1\nfoo\ncolumns\n1\n",
    );
    write(
        &tree.join("README.md"),
        "# Puzzles\n\nwidth 5\nheight 5\n\nThese are test puzzles.\n",
    );
    write(
        &tree.join("LICENSE"),
        "Permission is hereby granted, free of charge, to anyone.\n",
    );
    write(
        &tree.join("notes.txt"),
        "Solved these on the train; the duck was the hardest.\n",
    );
    tree
}
const CORPUS_UNITS: usize = 16;

/// Runs `nonogram ARGS` in `dir`.
fn run_in(dir: &Path, args: &[&str], stdin: &str) -> Run {
    common::run_in(dir, args, stdin.as_bytes())
}

/// Every line parsed as a JSON object; fails on any line that is not one.
fn lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
            assert!(value.is_object(), "{line}");
            value
        })
        .collect()
}

fn key(line: &Value) -> (String, u64) {
    (
        line["source"].as_str().unwrap().to_owned(),
        line["index"].as_u64().unwrap(),
    )
}

/// An `n`×`n` puzzle whose every row and column clue is `1`: its solutions are the n! permutation
/// matrices, so enumerating them all takes practically forever however fast the solver gets.
fn permutations(n: usize) -> String {
    let ones = "1\n".repeat(n);
    format!("width {n}\nheight {n}\nrows\n{ones}columns\n{ones}")
}

/// The `(source, index)` keys of the results, asserting there are no duplicates.
fn keys(results: &[Value]) -> BTreeSet<(String, u64)> {
    let set: BTreeSet<_> = results.iter().map(key).collect();
    assert_eq!(set.len(), results.len(), "duplicate results");
    set
}

#[test]
fn walks_a_tree_and_writes_the_solve_schema() {
    let dir = scratch("walk");
    corpus(&dir);
    let run = run_in(&dir, &["batch", "tree", "--jobs", "2"], "");
    // The broken file makes an error result, and exit status 4.
    assert_eq!(run.code, 4, "{run:?}");
    let results = lines(&run.stdout);
    let sources: BTreeSet<String> = results.iter().map(|r| key(r).0).collect();
    let expected: BTreeSet<String> = [
        "tree/broken/bad.non",
        "tree/seeds/duck.non",
        "tree/seeds/lambda.non",
        "tree/survey/deep/webpbn-00006.non",
        "tree/tournament/set.txt",
    ]
    .map(String::from)
    .into();
    assert_eq!(
        sources, expected,
        "README.md, LICENSE and notes.txt are not puzzles"
    );
    assert_eq!(keys(&results).len(), CORPUS_UNITS);
    let indexes: BTreeSet<u64> = results
        .iter()
        .filter(|r| r["source"] == "tree/tournament/set.txt")
        .map(|r| key(r).1)
        .collect();
    assert_eq!(indexes, (0..12).collect());

    // A puzzle's line has exactly the fields `solve --output json` writes for it.
    let solve = run_in(
        &dir,
        &["solve", "--output", "json", "tree/seeds/duck.non"],
        "",
    );
    let solved = &lines(&solve.stdout)[0];
    let batched = results
        .iter()
        .find(|r| r["source"] == "tree/seeds/duck.non")
        .unwrap();
    let field_names = |v: &Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert_eq!(field_names(batched), field_names(solved));
    for field in ["width", "height", "status", "solutions", "differing_cells"] {
        assert_eq!(batched[field], solved[field], "{field}");
    }
    assert!(batched["elapsed_ms"].as_f64().unwrap() >= 0.0);
    for r in &results {
        let status = r["status"].as_str().unwrap();
        assert!(
            ["unique", "multiple", "solved", "none", "unknown", "error"].contains(&status),
            "{r}"
        );
        assert!(
            r["solutions"].is_array() && r["differing_cells"].is_array(),
            "{r}"
        );
    }

    // The broken file is one error result, with a message naming the file and the line.
    let error = results.iter().find(|r| r["status"] == "error").unwrap();
    assert_eq!(key(error), ("tree/broken/bad.non".to_owned(), 0));
    let message = error["error"].as_str().unwrap();
    assert!(message.starts_with("tree/broken/bad.non:"), "{message}");

    assert!(
        run.stderr.contains("batch: 16 of 16 puzzles"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("error 1"), "{}", run.stderr);
    assert!(run.stderr.contains("ignored 3 files"), "{}", run.stderr);
    assert!(
        run.stderr.contains("slowest (#N: --puzzle N):"),
        "{}",
        run.stderr
    );
}

#[test]
fn shards_split_the_work_disjointly_and_completely() {
    let dir = scratch("shard");
    corpus(&dir);
    let args = ["batch", "tree", "--jobs", "1", "--solutions", "1"];
    let whole = keys(&lines(&run_in(&dir, &args, "").stdout));
    assert_eq!(whole.len(), CORPUS_UNITS);
    let mut union = BTreeSet::new();
    let mut total = 0;
    for shard in ["1/3", "2/3", "3/3"] {
        let run = run_in(&dir, &[&args[..], &["--shard", shard]].concat(), "");
        let part = keys(&lines(&run.stdout));
        // 16 units over 3 shards: 6, 5, 5.
        assert!(
            (5..=6).contains(&part.len()),
            "shard {shard}: {}",
            part.len()
        );
        total += part.len();
        union.extend(part);
    }
    assert_eq!(total, whole.len(), "shards overlap");
    assert_eq!(union, whole);
    // The same shard twice is the same work: the split is deterministic.
    let again = |s| {
        keys(&lines(
            &run_in(&dir, &[&args[..], &["--shard", s]].concat(), "").stdout,
        ))
    };
    assert_eq!(again("2/3"), again("2/3"));
    for bad in ["0/3", "4/3", "3"] {
        assert_eq!(
            run_in(&dir, &["batch", "tree", "--shard", bad], "").code,
            2,
            "{bad}"
        );
    }
}

#[test]
fn resume_skips_what_is_done_and_appends_the_rest() {
    let dir = scratch("resume");
    corpus(&dir);
    let full = run_in(&dir, &["batch", "tree", "--solutions", "1"], "");
    let full_lines: Vec<&str> = full.stdout.lines().collect();
    assert_eq!(full_lines.len(), CORPUS_UNITS);
    let all = keys(&lines(&full.stdout));

    // Half of the results, then a line cut short as by a killed run.
    let half = &full_lines[..CORPUS_UNITS / 2];
    let mut partial = half.join("\n");
    partial.push('\n');
    partial.push_str(&full_lines[CORPUS_UNITS / 2][..20]);
    write(&dir.join("out.jsonl"), &partial);

    let args = [
        "batch",
        "tree",
        "--solutions",
        "1",
        "--resume",
        "out.jsonl",
        "-o",
        "out.jsonl",
    ];
    let run = run_in(&dir, &args, "");
    // The error result (tree/broken/bad.non sorts first) was in the first half: the exit status
    // speaks of this run's results only.
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr.contains(&format!("skipped {}", half.len())),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("incomplete last line"),
        "{}",
        run.stderr
    );
    let text = fs::read_to_string(dir.join("out.jsonl")).unwrap();
    assert!(
        text.starts_with(&half.join("\n")),
        "the earlier results are kept as they were"
    );
    assert_eq!(keys(&lines(&text)), all);

    // Once everything is done, resuming does nothing.
    let run = run_in(&dir, &args, "");
    assert!(
        run.stderr.contains("batch: 0 of 0 puzzles"),
        "{}",
        run.stderr
    );
    assert_eq!(fs::read_to_string(dir.join("out.jsonl")).unwrap(), text);

    // Resuming from another file writes only the missing results.
    write(&dir.join("some.jsonl"), format!("{}\n", half.join("\n")));
    let run = run_in(
        &dir,
        &[
            "batch",
            "tree",
            "--solutions",
            "1",
            "--resume",
            "some.jsonl",
        ],
        "",
    );
    let rest = keys(&lines(&run.stdout));
    assert_eq!(rest.len(), CORPUS_UNITS - half.len());
    let done: HashSet<_> = half
        .iter()
        .map(|l| key(&serde_json::from_str(l).unwrap()))
        .collect();
    assert!(rest.iter().all(|k| !done.contains(k)));
}

/// A restart that spells the PATH another way (`./tree` for `tree`) still skips what is done,
/// and its new lines name the files as the first run did: no puzzle is solved twice, and the
/// results file names each file one way (issue 29, item 5).
#[test]
fn resume_matches_files_however_they_are_spelt() {
    let dir = scratch("resume-spelling");
    corpus(&dir);
    let full = run_in(&dir, &["batch", "tree", "--solutions", "1"], "");
    let full_lines: Vec<&str> = full.stdout.lines().collect();
    assert_eq!(full_lines.len(), CORPUS_UNITS);
    let all = keys(&lines(&full.stdout));
    let half = &full_lines[..CORPUS_UNITS / 2];
    write(&dir.join("out.jsonl"), format!("{}\n", half.join("\n")));

    let args = [
        "batch",
        "./tree",
        "--solutions",
        "1",
        "--resume",
        "out.jsonl",
        "-o",
        "out.jsonl",
    ];
    let run = run_in(&dir, &args, "");
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stderr.contains(&format!("skipped {}", half.len())),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("warning"), "{}", run.stderr);
    let text = fs::read_to_string(dir.join("out.jsonl")).unwrap();
    let results = lines(&text);
    // Every puzzle once: a file with results keeps their spelling, a file without any gets the
    // one this run gives it.
    let unspelt: BTreeSet<(String, u64)> = keys(&results)
        .into_iter()
        .map(|(source, index)| (source.trim_start_matches("./").to_owned(), index))
        .collect();
    assert_eq!(unspelt, all);
    for (source, _) in keys(&results) {
        let had_results = half.iter().any(|l| l.contains(&format!("\"{source}\"")));
        let spelt_now = source.starts_with("./");
        assert!(had_results != spelt_now, "{source}");
    }
}

/// Results of files the batch does not hold skip nothing, and the run says so rather than
/// solving everything again in silence.
#[test]
fn resume_says_when_results_match_no_file() {
    let dir = scratch("resume-unmatched");
    corpus(&dir);
    let elsewhere = r#"{"source":"elsewhere/set.txt","index":0,"status":"unique"}"#;
    write(
        &dir.join("old.jsonl"),
        format!(
            "{elsewhere}\n{}\n",
            elsewhere.replace("\"index\":0", "\"index\":1")
        ),
    );
    let run = run_in(&dir, &["batch", "tree/seeds", "--resume", "old.jsonl"], "");
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stderr.contains(
            "old.jsonl has 2 results for elsewhere/set.txt, which this batch does not hold"
        ),
        "{}",
        run.stderr
    );
    assert_eq!(lines(&run.stdout).len(), 2);
}

/// `--resume` is no licence to replace the summary of the first run: that takes `--force`, as
/// for every file the command writes (issue 29, item 6).
#[test]
fn resume_does_not_replace_the_summary_without_force() {
    let dir = scratch("resume-summary");
    corpus(&dir);
    write(&dir.join("sum.json"), "precious\n");
    let args = [
        "batch",
        "tree/seeds",
        "-o",
        "out.jsonl",
        "--resume",
        "out.jsonl",
        "--summary",
        "sum.json",
    ];
    let run = run_in(&dir, &args, "");
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.stderr.contains("sum.json: already exists"),
        "{}",
        run.stderr
    );
    assert_eq!(
        fs::read_to_string(dir.join("sum.json")).unwrap(),
        "precious\n"
    );
    assert!(!dir.join("out.jsonl").exists(), "nothing was solved");

    let mut forced = args.to_vec();
    forced.push("--force");
    let run = run_in(&dir, &forced, "");
    assert_eq!(run.code, 0, "{run:?}");
    let summary: Value =
        serde_json::from_str(&fs::read_to_string(dir.join("sum.json")).unwrap()).unwrap();
    assert_eq!(summary["done"], 2);
    // The same command line serves every restart: --force replaces the summary, and the
    // results, named by --resume too, are appended to.
    let run = run_in(&dir, &forced, "");
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(
        lines(&fs::read_to_string(dir.join("out.jsonl")).unwrap()).len(),
        2
    );
    let summary: Value =
        serde_json::from_str(&fs::read_to_string(dir.join("sum.json")).unwrap()).unwrap();
    assert_eq!(summary["skipped_resume"], 2);
}

#[test]
fn output_files_are_never_clobbered_without_force() {
    let dir = scratch("clobber");
    corpus(&dir);
    write(&dir.join("out.jsonl"), "precious\n");
    let run = run_in(&dir, &["batch", "tree/seeds", "-o", "out.jsonl"], "");
    assert_eq!(run.code, 2, "{run:?}");
    assert!(run.stderr.contains("not overwriting"), "{}", run.stderr);
    assert_eq!(
        fs::read_to_string(dir.join("out.jsonl")).unwrap(),
        "precious\n"
    );

    write(&dir.join("sum.json"), "precious\n");
    let run = run_in(&dir, &["batch", "tree/seeds", "--summary", "sum.json"], "");
    assert_eq!(run.code, 2, "{run:?}");
    assert_eq!(
        fs::read_to_string(dir.join("sum.json")).unwrap(),
        "precious\n"
    );

    let args = [
        "batch",
        "tree/seeds",
        "-o",
        "out.jsonl",
        "--summary",
        "sum.json",
        "--force",
    ];
    let run = run_in(&dir, &args, "");
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(
        lines(&fs::read_to_string(dir.join("out.jsonl")).unwrap()).len(),
        2
    );
    let summary: Value =
        serde_json::from_str(&fs::read_to_string(dir.join("sum.json")).unwrap()).unwrap();
    assert_eq!(summary["done"], 2);
    assert_eq!(summary["status"]["unique"], 2);
    assert_eq!(summary["status"]["error"], 0);
    for field in ["p50", "p90", "p99", "max"] {
        assert!(summary["per_puzzle_ms"][field].is_number(), "{summary}");
    }
    assert!(
        summary["slowest"].as_array().is_some_and(|s| s.len() == 2),
        "{summary}"
    );
}

#[test]
fn paths_come_from_stdin_with_a_dash() {
    let dir = scratch("stdin");
    corpus(&dir);
    let list = "tree/seeds/duck.non\n\ntree/tournament\nmissing.non\n";
    let run = run_in(&dir, &["batch", "-"], list);
    let results = lines(&run.stdout);
    assert_eq!(results.len(), 1 + 12 + 1);
    // A named file that cannot be read is an error result, not the end of the batch.
    let missing = results
        .iter()
        .find(|r| r["source"] == "missing.non")
        .unwrap();
    assert_eq!(missing["status"], "error");
    assert_eq!(run.code, 4);
}

#[test]
fn timeouts_and_colour_files_give_their_statuses() {
    let dir = scratch("timeout");
    // webpbn #6574 needs search, so a zero time limit runs out before any solution.
    copy("puzzles/webpbn-06574.non", &dir.join("hard/forever.non"));
    let run = run_in(&dir, &["batch", "hard", "--timeout", "0"], "");
    assert_eq!(run.code, 3, "{run:?}");
    assert_eq!(lines(&run.stdout)[0]["status"], "unknown");

    // A colour puzzle is solved like any other, its rows in the palette's characters.
    let colour =
        "width 2\nheight 1\ncolor a #ff0000\ncolor b #00ff00\nrows\n1a,1b\ncolumns\n1a\n1b\n";
    write(&dir.join("colour/c.non"), colour);
    let run = run_in(&dir, &["batch", "colour"], "");
    assert_eq!(run.code, 0, "{run:?}");
    let result = &lines(&run.stdout)[0];
    assert_eq!(result["status"], "unique", "{result}");
    assert_eq!(result["solutions"][0][0], "ab", "{result}");
    assert_eq!(result["palette"][1]["rgb"], "#ff0000", "{result}");

    // A file that cannot be read is an error line, and status 4.
    write(&dir.join("broken/b.non"), "width 2\nheight x\n");
    let run = run_in(&dir, &["batch", "broken"], "");
    assert_eq!(run.code, 4, "{run:?}");
    assert_eq!(lines(&run.stdout)[0]["status"], "error");
}

/// `--engine` and `--seed` reach every puzzle (the options are `solve`'s): each engine and order
/// gives the same verdicts, and the same solution where it is unique (an ambiguous puzzle's pair
/// of solutions depends on the order of work); an unknown engine is a usage error.
#[test]
fn engines_and_seeds_change_the_work_not_the_results() {
    let dir = scratch("engines");
    write(&dir.join("set.txt"), tournament(11, 12, 8));
    let verdicts = |args: &[&str]| {
        let run = run_in(
            &dir,
            &[&["batch", "set.txt", "--jobs", "1"], args].concat(),
            "",
        );
        assert_eq!(run.code, 0, "{args:?}: {run:?}");
        let mut results: Vec<(u64, Value, Value)> = lines(&run.stdout)
            .iter()
            .map(|r| {
                let unique = r["status"] == "unique";
                let solution = if unique {
                    r["solutions"].clone()
                } else {
                    Value::Null
                };
                (r["index"].as_u64().unwrap(), r["status"].clone(), solution)
            })
            .collect();
        results.sort_by_key(|r| r.0);
        results
    };
    let plain = verdicts(&[]);
    assert_eq!(plain.len(), 12);
    // Both kinds of verdict are there to compare.
    assert!(plain.iter().any(|r| r.1 == "unique") && plain.iter().any(|r| r.1 == "multiple"));
    for args in [
        &["--engine", "learn", "--seed", "7"][..],
        &["--engine", "search"],
        &["--engine", "sat"],
        &["--seed", "3"],
    ] {
        assert_eq!(verdicts(args), plain, "{args:?}");
    }
    let run = run_in(&dir, &["batch", "set.txt", "--engine", "magic"], "");
    assert_eq!(run.code, 2, "{run:?}");
    assert!(run.stderr.contains("invalid value 'magic'"), "{run:?}");
}

#[test]
fn ctrl_c_flushes_the_results_and_prints_the_summary() {
    interrupt_with(&["INT"], "interrupt");
}

/// SIGTERM and SIGHUP (a `kill`, a closed terminal, a scheduler's time limit) stop as cleanly
/// as Ctrl-C.
#[test]
fn sigterm_and_sighup_stop_cleanly_too() {
    interrupt_with(&["TERM"], "sigterm");
    interrupt_with(&["HUP"], "sighup");
}

/// A second signal exits at once, and says that the summary is skipped.
#[test]
fn a_second_signal_says_the_summary_is_skipped() {
    let stderr = interrupt_with(&["INT", "INT"], "twice");
    // The second signal may arrive after the first has already stopped the batch and its
    // summary is out (the stop takes milliseconds); either way, standard error says which.
    assert!(
        stderr.contains("interrupted again: exiting at once, without the summary")
            || stderr.contains("interrupted: 5 puzzles not done"),
        "{stderr}"
    );
}

/// Starts a batch of one quick and five endless puzzles, sends `signals` once the quick one's
/// line is out, and checks the clean stop; returns standard error.
fn interrupt_with(signals: &[&str], name: &str) -> String {
    let dir = scratch(name);
    // One quick puzzle sorts first; then 100×100 puzzles of 100! solutions, of which the most
    // a run may ask for (10,000) take seconds to enumerate.
    copy("seeds/duck.non", &dir.join("set/a-duck.non"));
    for i in 0..5 {
        write(
            &dir.join(format!("set/b-endless-{i}.non")),
            permutations(100),
        );
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_nonogram"))
        .args(["batch", "set", "--jobs", "1", "--solutions", "10000"])
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = child.stderr.take().unwrap();
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    // The duck's line arrives as soon as it is solved: results are flushed one by one.
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert_eq!(lines(&first)[0]["source"], "set/a-duck.non");
    std::thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    for signal in signals {
        let kill = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        assert!(kill.success());
    }
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    let status = child.wait().unwrap();
    let stopped_in = start.elapsed();
    let stderr = err.join().unwrap();

    assert_eq!(status.code(), Some(130), "{signals:?}: {stderr}");
    assert!(
        stopped_in < Duration::from_secs(10),
        "{signals:?}: took {stopped_in:?} to stop"
    );
    // The enumeration cut short has no line (so --resume does it again), and no other puzzle
    // was started after the signal.
    assert_eq!(rest, "", "only the duck was finished");
    if signals.len() == 1 {
        assert!(stderr.contains("batch: 1 of 6 puzzles"), "{stderr}");
        assert!(
            stderr.contains(
                "interrupted: 5 puzzles not done; the results went to standard output: \
                 --resume with a file that holds them finishes the rest"
            ),
            "{stderr}"
        );
    }
    stderr
}

/// A batch whose results cannot be written stops, says so, and does not tell the reader to
/// resume from a results file when there is none (results to standard output); with `-o`,
/// the advice names the file.
#[test]
fn a_batch_that_cannot_write_says_so_without_inventing_a_results_file() {
    let full = Command::new(env!("CARGO_BIN_EXE_nonogram"))
        .args(["batch", "testdata/seeds", "--jobs", "1"])
        .current_dir(common::repo_root())
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&full.stderr);
    assert_eq!(full.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("stopped: a result could not be written"),
        "{stderr}"
    );
    assert!(!stderr.contains("--resume"), "{stderr}");
    assert!(!stderr.contains("interrupted"), "{stderr}");
    assert!(
        stderr
            .lines()
            .last()
            .is_some_and(|l| l.starts_with("nonogram: cannot write to standard output")),
        "{stderr}"
    );
}
