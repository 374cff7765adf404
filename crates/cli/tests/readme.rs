//! The README's examples, run: every command line of its ```` ```sh ```` blocks that starts with
//! `nonogram ` (or `cargo run --release -- `, which is the same program) is run against the
//! binary this build made, and must exit with the status the README says. A README that shows a
//! command that no longer works, or an option `--help` no longer lists, fails here.
//!
//! How a line is run:
//!
//! - through `sh -c`, so that what the reader would type (quotes, `<` redirections, `#`
//!   comments) means what the shell makes of it; `nonogram` is found first on `PATH`, as a link
//!   to `env!("CARGO_BIN_EXE_nonogram")`, and `cargo run --release -- ` is replaced by
//!   `nonogram `;
//! - in a scratch directory, one per ```` ```sh ```` block, that holds a link `testdata` to the
//!   repository's `testdata/`: the examples name shipped files (`testdata/...`) and write their
//!   outputs (`-o duck.svg`) to relative names, which land in the scratch directory, never in
//!   the repository. The lines of one block run in order in the same directory, like a shell
//!   session, so a block may write a file and read it in a later line;
//! - with an empty standard input (examples that read standard input redirect it from a
//!   shipped file) and a hang limit.
//!
//! A trailing comment may hold one marker, visible to the reader too:
//!
//! - `# [exit N] ...`: the command exits with status N (without it: 0);
//! - `# [skip] ...`: the command is not run (`serve` runs until Ctrl-C).
//!
//! Other lines of the blocks (`cargo test`, `scripts/test`, `find ... | nonogram ...`) are not
//! run. So that a README without examples (or a parser that no longer finds them) cannot pass,
//! the test requires a minimum number of commands run and every subcommand among them.
//!
//! A second test holds the options tables to `--help`: every long option that
//! `nonogram SUBCOMMAND --help` lists appears in the README's section for that subcommand, and
//! every option its table names exists.
//!
//! Unix only: the examples are shell lines.
#![cfg(unix)]

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;

use common::{repo_root, run_at_root, scratch};

/// Commands the README must run at least: it has a few per subcommand.
const MIN_COMMANDS: usize = 40;

/// Far longer than any example needs, even in a debug build on a busy machine.
const HANG_LIMIT: Duration = Duration::from_secs(120);

/// One command line of the README.
#[derive(Debug)]
struct Example {
    /// 1-based line number in README.md.
    line: usize,
    /// The line as the shell should run it (`cargo run --release --` replaced).
    command: String,
    /// The subcommand (`solve`, ...), the first word after `nonogram`.
    subcommand: String,
    /// What the marker asks.
    expect: Expect,
    /// Which ```sh block it is in (0-based).
    block: usize,
}

#[derive(Debug, PartialEq, Eq)]
enum Expect {
    Exit(i32),
    Skip,
}

fn readme() -> String {
    fs::read_to_string(repo_root().join("README.md")).unwrap()
}

/// The byte position where a shell comment starts: a `#` outside quotes that begins a word.
fn comment_start(line: &str) -> Option<usize> {
    let (mut single, mut double) = (false, false);
    let mut previous = ' ';
    for (i, c) in line.char_indices() {
        match c {
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '#' if !single && !double && previous.is_whitespace() => return Some(i),
            _ => {}
        }
        previous = c;
    }
    None
}

/// The marker of a comment: `[exit N]`, `[skip]`, or none (exit 0).
fn marker(comment: &str, line: usize) -> Expect {
    let comment = comment.trim_start_matches('#').trim();
    if comment.starts_with("[skip]") {
        return Expect::Skip;
    }
    if let Some(rest) = comment.strip_prefix("[exit ") {
        let (code, _) = rest
            .split_once(']')
            .unwrap_or_else(|| panic!("README.md:{line}: unclosed [exit N] marker"));
        return Expect::Exit(
            code.trim()
                .parse()
                .unwrap_or_else(|_| panic!("README.md:{line}: bad [exit N] marker")),
        );
    }
    assert!(
        !comment.starts_with('['),
        "README.md:{line}: unknown marker (use [exit N] or [skip]): {comment}"
    );
    Expect::Exit(0)
}

/// Every `nonogram` command line of the README's ```sh blocks.
fn examples(readme: &str) -> Vec<Example> {
    let mut found = Vec::new();
    let mut in_sh = false;
    let mut block = 0;
    for (n, raw) in readme.lines().enumerate() {
        let line = n + 1;
        let trimmed = raw.trim();
        if !in_sh {
            in_sh = trimmed == "```sh";
            continue;
        }
        if trimmed.starts_with("```") {
            in_sh = false;
            block += 1;
            continue;
        }
        let command = if let Some(rest) = trimmed.strip_prefix("cargo run --release -- ") {
            format!("nonogram {rest}")
        } else if trimmed.starts_with("nonogram ") {
            trimmed.to_string()
        } else {
            continue;
        };
        let code_part = match comment_start(&command) {
            Some(i) => &command[..i],
            None => &command,
        };
        assert!(
            !code_part.trim_end().ends_with('\\'),
            "README.md:{line}: keep each example on one line"
        );
        let expect =
            comment_start(&command).map_or(Expect::Exit(0), |i| marker(&command[i..], line));
        let subcommand = command.split_whitespace().nth(1).unwrap_or("").to_string();
        found.push(Example {
            line,
            command,
            subcommand,
            expect,
            block,
        });
    }
    found
}

/// A directory whose only entry is `nonogram`, a link to the binary under test, for `PATH`.
fn bin_dir() -> PathBuf {
    let dir = scratch("bin");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_nonogram"), dir.join("nonogram")).unwrap();
    dir
}

/// The scratch directory of one ```sh block, with `testdata` linked in.
fn block_dir(block: usize) -> PathBuf {
    let dir = scratch(&format!("block-{block}"));
    std::os::unix::fs::symlink(repo_root().join("testdata"), dir.join("testdata")).unwrap();
    dir
}

/// What running one example did: its exit status and output, or a hang.
struct Ran {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run(example: &Example, dir: &Path, path: &str) -> Ran {
    use std::os::unix::process::CommandExt;
    let out_file = dir.join(".readme-test-stdout");
    let err_file = dir.join(".readme-test-stderr");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(&example.command)
        .current_dir(dir)
        .env("PATH", path)
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .stdout(fs::File::create(&out_file).unwrap())
        .stderr(fs::File::create(&err_file).unwrap())
        // Its own process group, so that a hang can be ended with everything it started.
        .process_group(0)
        .spawn()
        .unwrap();
    let start = Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code();
        }
        if start.elapsed() > HANG_LIMIT {
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .status();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let read = |p: &Path| String::from_utf8_lossy(&fs::read(p).unwrap_or_default()).into_owned();
    let ran = Ran {
        code,
        stdout: read(&out_file),
        stderr: read(&err_file),
    };
    let _ = fs::remove_file(out_file);
    let _ = fs::remove_file(err_file);
    ran
}

/// The subcommands `nonogram --help` lists.
fn subcommands() -> Vec<String> {
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

#[test]
fn every_readme_example_runs_as_documented() {
    let readme = readme();
    let examples = examples(&readme);
    let bin = bin_dir();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );

    let mut failures = Vec::new();
    let mut ran = 0;
    let mut ran_subcommands = BTreeSet::new();
    let mut dir: Option<(usize, PathBuf)> = None;
    for example in &examples {
        let Expect::Exit(expected) = example.expect else {
            continue;
        };
        if dir
            .as_ref()
            .is_none_or(|(block, _)| *block != example.block)
        {
            dir = Some((example.block, block_dir(example.block)));
        }
        let (_, work) = dir.as_ref().unwrap();
        let result = run(example, work, &path);
        ran += 1;
        ran_subcommands.insert(example.subcommand.clone());
        let what = match result.code {
            Some(code) if code == expected => continue,
            Some(code) => format!("exited with {code}, the README says {expected}"),
            None => format!("still running after {HANG_LIMIT:?} (or killed by a signal)"),
        };
        failures.push(format!(
            "README.md:{}: `{}` {what}\n  stdout: {}\n  stderr: {}",
            example.line,
            example.command,
            result
                .stdout
                .lines()
                .take(5)
                .collect::<Vec<_>>()
                .join("\n          "),
            result.stderr.trim_end()
        ));
    }
    assert!(
        failures.is_empty(),
        "{} of {ran} README examples fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        ran >= MIN_COMMANDS,
        "only {ran} README examples were run (at least {MIN_COMMANDS} expected): does the \
         parser still find the ```sh blocks?"
    );
    for subcommand in subcommands() {
        let shown = examples.iter().any(|e| e.subcommand == subcommand);
        assert!(shown, "the README shows no `nonogram {subcommand}` example");
        if subcommand != "serve" {
            assert!(
                ran_subcommands.contains(&subcommand),
                "no `nonogram {subcommand}` example of the README is run"
            );
        }
    }
}

/// The long options (`--name`) in `text`, without the `=` or value that may follow.
fn long_options(text: &str) -> BTreeSet<String> {
    let mut options = BTreeSet::new();
    let mut rest = text;
    while let Some(i) = rest.find("--") {
        rest = &rest[i + 2..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        if name.len() > 1 && name.chars().next().is_some_and(|c| c.is_ascii_lowercase()) {
            options.insert(format!("--{name}"));
        }
    }
    options
}

/// The README's section of `nonogram SUBCOMMAND`: from its `### nonogram SUBCOMMAND` heading to
/// the next heading of that level or above.
fn section<'a>(readme: &'a str, subcommand: &str) -> &'a str {
    let heading = format!("\n### `nonogram {subcommand}`");
    let start = readme
        .find(&heading)
        .unwrap_or_else(|| panic!("README.md has no section headed {}", heading.trim()));
    let body = &readme[start + heading.len()..];
    let end = ["\n### ", "\n## "]
        .iter()
        .filter_map(|h| body.find(h))
        .min()
        .unwrap_or(body.len());
    &body[..end]
}

#[test]
fn options_tables_match_help() {
    let readme = readme();
    let subcommands = subcommands();
    assert!(subcommands.len() >= 8, "{subcommands:?}");
    for subcommand in &subcommands {
        let help = run_at_root(&[subcommand, "--help"]);
        assert_eq!(help.code, 0, "{help:?}");
        // Option lines of clap's help start with spaces and a dash.
        let help_options: BTreeSet<String> = help
            .stdout
            .lines()
            .filter(|l| l.trim_start().starts_with('-'))
            .flat_map(|l| {
                let head = l.trim_start().split("  ").next().unwrap_or("").to_string();
                long_options(&head)
            })
            .filter(|o| o != "--help" && o != "--version")
            .collect();
        let section = section(&readme, subcommand);
        // The options table: rows whose first cell starts with an option.
        let table_options: BTreeSet<String> = section
            .lines()
            .filter(|l| l.starts_with("| `-"))
            .flat_map(|l| long_options(l.split(" | ").next().unwrap_or("")))
            .collect();
        for option in &help_options {
            assert!(
                table_options.contains(option),
                "`nonogram {subcommand} --help` lists {option}, the README's table for it does \
                 not"
            );
        }
        for option in &table_options {
            assert!(
                help_options.contains(option),
                "the README's table for `nonogram {subcommand}` names {option}, which its --help \
                 does not list"
            );
        }
    }
}
