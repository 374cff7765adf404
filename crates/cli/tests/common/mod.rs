//! Helpers shared by the command-line test files (each file is its own test crate and uses a
//! subset): where the repository is, scratch directories, and running the built binary under a
//! hang limit.
#![allow(dead_code)]

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Far longer than any test input needs: hitting it means the binary hangs.
pub const HANG_LIMIT: Duration = Duration::from_secs(120);

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// A fresh, empty directory for one test's files, named after the test file and `name`.
pub fn scratch(name: &str) -> PathBuf {
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{}-{name}", env!("CARGO_CRATE_NAME")));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// What one run of the binary did.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `nonogram ARGS` in `dir` with `stdin` as standard input (a pipe, so never a terminal),
/// failing the test if it does not finish within [`HANG_LIMIT`], dies from a signal, writes
/// anything but UTF-8 to stdout, or shows a sign of a panic on stderr. `NO_COLOR` is removed so
/// that the output does not depend on the environment.
pub fn run_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nonogram"))
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Feed stdin and drain the pipes from threads, so that neither side can block the other.
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let out = drain(Box::new(child.stdout.take().unwrap()));
    let err = drain(Box::new(child.stderr.take().unwrap()));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > HANG_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("nonogram {args:?} still running after {HANG_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    feeder.join().unwrap();
    let stdout = String::from_utf8(out.join().unwrap()).expect("stdout is UTF-8");
    let stderr = String::from_utf8_lossy(&err.join().unwrap()).into_owned();
    for sign in ["panicked", "RUST_BACKTRACE"] {
        assert!(!stderr.contains(sign), "nonogram {args:?}: {stderr}");
    }
    let code = status
        .code()
        .unwrap_or_else(|| panic!("nonogram {args:?} killed: {status}"));
    Run {
        code,
        stdout,
        stderr,
    }
}

/// Runs `nonogram ARGS` from the repository root, so that the paths it prints are the short
/// relative ones (`testdata/seeds/duck.non`) whatever the machine.
pub fn run_at_root(args: &[&str]) -> Run {
    run_in(&repo_root(), args, b"")
}

/// Asserts the shape of every failure: the given status, nothing on stdout, and exactly one
/// line on stderr that starts with `nonogram: ` and shows no sign of a panic.
#[track_caller]
pub fn assert_one_line_error(run: &Run, code: i32, what: &str) {
    assert_eq!(run.code, code, "{what}: exit status\n{run:?}");
    assert_eq!(run.stdout, "", "{what}: stdout");
    assert_eq!(
        run.stderr.lines().count(),
        1,
        "{what}: one stderr line\n{}",
        run.stderr
    );
    assert!(
        run.stderr.starts_with("nonogram: "),
        "{what}: {}",
        run.stderr
    );
    for sign in ["panicked", "RUST_BACKTRACE", "stack backtrace"] {
        assert!(!run.stderr.contains(sign), "{what}: {}", run.stderr);
    }
}
/// The subcommands `nonogram --help` lists (clap's `help` aside), in its order.
pub fn subcommands() -> Vec<String> {
    let help = run_at_root(&["--help"]);
    assert_eq!(help.code, 0, "{help:?}");
    let commands = help
        .stdout
        .split("Commands:")
        .nth(1)
        .expect("nonogram --help lists its commands");
    commands
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

pub mod chromium;
pub mod requests;
pub mod site;
pub mod solutions;
pub mod web;
