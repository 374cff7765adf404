//! The documents' examples, run, and their links followed: every command line of the
//! ```` ```sh ```` blocks of `README.md` and of every Markdown file under `docs/` that starts with
//! `nonogram ` (or `cargo run --release -- `, which is the same program) is run against the
//! binary this build made, and must exit with the status the document says. A document that
//! shows a command that no longer works, or an option `--help` no longer lists, fails here.
//!
//! How a line is run:
//!
//! - through `sh -c`, so that what the reader would type (quotes, `<` redirections, `#`
//!   comments) means what the shell makes of it; `nonogram` is found first on `PATH`, as a link
//!   to `env!("CARGO_BIN_EXE_nonogram")`, and `cargo run --release -- ` is replaced by
//!   `nonogram `;
//! - in a fresh scratch directory, one per document, that holds a link `testdata` to the
//!   repository's `testdata/` and an empty `target/` (the README's tour writes its files
//!   there, as the build folder git ignores): the examples name shipped files (`testdata/...`)
//!   and write their outputs (`-o duck.svg`) to relative names, which land in the scratch
//!   directory, never in the repository. Every line of a document runs in order in the same
//!   directory, as a reader who runs them one after the other in one folder would, so a line
//!   may read a file an earlier one wrote, and two lines that write the same file collide
//!   here as they would for the reader;
//! - with an empty standard input (examples that read standard input redirect it from a
//!   shipped file) and a hang limit.
//!
//! A trailing comment may hold one marker, visible to the reader too:
//!
//! - `# [exit N] ...`: the command exits with status N (without it: 0);
//! - `# [skip] ...`: the command is not run (`serve` runs until Ctrl-C).
//!
//! Other lines of the blocks (`cargo test`, `scripts/test`, `find ... | nonogram ...`) are not
//! run. So that a document without examples (or a parser that no longer finds them) cannot
//! pass, the documents of [`DOCUMENTS`] must all exist, a minimum number of commands must run,
//! every subcommand must be run in the command reference (`docs/cli.md`), and every subcommand
//! must be shown in the README's tour.
//!
//! A second test holds the options tables to `--help`: every long option that
//! `nonogram SUBCOMMAND --help` lists appears in the command reference's section for that
//! subcommand, and every option its table names exists.
//!
//! A third test follows the relative links of every document (these, `BENCHMARKS.md` and
//! `FUZZING.md`): each must name a file that exists and, after a `#`, a heading of that file.
//!
//! Unix only: the examples are shell lines.
#![cfg(unix)]

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;

use common::{repo_root, run_at_root, scratch, subcommands};

/// The documents whose examples and tables are checked, from the repository's root. Each must
/// exist (a missing one fails, never skips); any other Markdown file under `docs/` is checked
/// as well.
const DOCUMENTS: &[&str] = &[
    README,
    COMMAND_REFERENCE,
    "docs/reference.md",
    "docs/formats.md",
    "docs/design.md",
    "docs/development.md",
];

/// The newcomer's guide: its tour shows every subcommand.
const README: &str = "README.md";

/// Where each subcommand has its section, its examples and its options table.
const COMMAND_REFERENCE: &str = "docs/cli.md";

/// Documents outside [`DOCUMENTS`] and `docs/` whose links are followed too.
const OTHER_DOCUMENTS: &[&str] = &["BENCHMARKS.md", "FUZZING.md"];

/// Commands the documents must run at least: a few per subcommand.
const MIN_COMMANDS: usize = 40;

/// Far longer than any example needs, even in a debug build on a busy machine.
const HANG_LIMIT: Duration = Duration::from_secs(120);

/// One command line of a document.
#[derive(Debug)]
struct Example {
    /// The document, from the repository's root (`docs/cli.md`).
    doc: String,
    /// 1-based line number in the document.
    line: usize,
    /// The line as the shell should run it (`cargo run --release --` replaced).
    command: String,
    /// The subcommand (`solve`, ...), the first word after `nonogram`.
    subcommand: String,
    /// What the marker asks.
    expect: Expect,
}

#[derive(Debug, PartialEq, Eq)]
enum Expect {
    Exit(i32),
    Skip,
}

/// The text of one document (`docs/cli.md`), which must exist.
fn document(name: &str) -> String {
    let path = repo_root().join(name);
    fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{name}: {e}: the documents' tests expect it ({})",
            path.display()
        )
    })
}

/// The Markdown files under `dir` (relative to the repository's root), recursively, sorted.
fn markdown_under(dir: &str) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, found: &mut Vec<String>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, found);
            } else if path.extension().is_some_and(|e| e == "md") {
                let relative = path.strip_prefix(root).unwrap();
                found.push(relative.to_string_lossy().into_owned());
            }
        }
    }
    let root = repo_root();
    let mut found = Vec::new();
    walk(&root, &root.join(dir), &mut found);
    found.sort();
    found
}

/// [`DOCUMENTS`] and then every other Markdown file under `docs/`.
fn document_names() -> Vec<String> {
    let mut names: Vec<String> = DOCUMENTS.iter().map(|d| d.to_string()).collect();
    for found in markdown_under("docs") {
        if !names.contains(&found) {
            names.push(found);
        }
    }
    names
}

/// Every document whose examples are run: [`DOCUMENTS`] (each must exist) and every other
/// Markdown file under `docs/`, each with its text.
fn documents() -> Vec<(String, String)> {
    document_names()
        .into_iter()
        .map(|name| {
            let text = document(&name);
            (name, text)
        })
        .collect()
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

/// The marker of a comment: `[exit N]`, `[skip]`, or none (exit 0). `at` is `doc:line`.
fn marker(comment: &str, at: &str) -> Expect {
    let comment = comment.trim_start_matches('#').trim();
    if comment.starts_with("[skip]") {
        return Expect::Skip;
    }
    if let Some(rest) = comment.strip_prefix("[exit ") {
        let (code, _) = rest
            .split_once(']')
            .unwrap_or_else(|| panic!("{at}: unclosed [exit N] marker"));
        return Expect::Exit(
            code.trim()
                .parse()
                .unwrap_or_else(|_| panic!("{at}: bad [exit N] marker")),
        );
    }
    assert!(
        !comment.starts_with('['),
        "{at}: unknown marker (use [exit N] or [skip]): {comment}"
    );
    Expect::Exit(0)
}

/// Every `nonogram` command line of the ```sh blocks of `doc`, whose text is `text`.
fn examples(doc: &str, text: &str) -> Vec<Example> {
    let mut found = Vec::new();
    let mut in_sh = false;
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let at = format!("{doc}:{line}");
        let trimmed = raw.trim();
        if !in_sh {
            in_sh = trimmed == "```sh";
            continue;
        }
        if trimmed.starts_with("```") {
            in_sh = false;
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
            "{at}: keep each example on one line"
        );
        let expect =
            comment_start(&command).map_or(Expect::Exit(0), |i| marker(&command[i..], &at));
        let subcommand = command.split_whitespace().nth(1).unwrap_or("").to_string();
        found.push(Example {
            doc: doc.to_string(),
            line,
            command,
            subcommand,
            expect,
        });
    }
    found
}

/// A directory whose only entry is `nonogram`, a link to the binary under test, for `PATH`.
fn bin_dir(name: &str) -> PathBuf {
    let dir = scratch(&format!("bin-{name}"));
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_nonogram"), dir.join("nonogram")).unwrap();
    dir
}

/// A fresh scratch directory for the examples of `name` (a document), with `testdata` linked
/// in and an empty `target/`, as a checkout that has been built has.
fn work_dir(name: &str) -> PathBuf {
    let dir = scratch(&name.replace('/', "-"));
    std::os::unix::fs::symlink(repo_root().join("testdata"), dir.join("testdata")).unwrap();
    fs::create_dir(dir.join("target")).unwrap();
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

#[test]
fn every_documented_example_runs_as_documented() {
    let examples: Vec<Example> = documents()
        .iter()
        .flat_map(|(doc, text)| examples(doc, text))
        .collect();
    let bin = bin_dir("documents");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );

    let mut failures = Vec::new();
    let mut ran = 0;
    // The subcommands run, by document.
    let mut ran_subcommands = BTreeSet::new();
    let mut dir: Option<(&str, PathBuf)> = None;
    for example in &examples {
        let Expect::Exit(expected) = example.expect else {
            continue;
        };
        let doc = example.doc.as_str();
        if dir.as_ref().is_none_or(|(current, _)| *current != doc) {
            dir = Some((doc, work_dir(doc)));
        }
        let (_, work) = dir.as_ref().unwrap();
        let result = run(example, work, &path);
        ran += 1;
        ran_subcommands.insert((example.doc.as_str(), example.subcommand.as_str()));
        let what = match result.code {
            Some(code) if code == expected => continue,
            Some(code) => format!("exited with {code}, the document says {expected}"),
            None => format!("still running after {HANG_LIMIT:?} (or killed by a signal)"),
        };
        failures.push(format!(
            "{}:{}: `{}` {what}\n  stdout: {}\n  stderr: {}",
            example.doc,
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
        "{} of {ran} documented examples fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        ran >= MIN_COMMANDS,
        "only {ran} documented examples were run (at least {MIN_COMMANDS} expected): does the \
         parser still find the ```sh blocks?"
    );
    let shown_in = |doc: &str, subcommand: &str| {
        examples
            .iter()
            .any(|e| e.doc == doc && e.subcommand == subcommand)
    };
    for subcommand in subcommands() {
        assert!(
            shown_in(README, &subcommand),
            "the tour of {README} shows no `nonogram {subcommand}` example"
        );
        assert!(
            shown_in(COMMAND_REFERENCE, &subcommand),
            "{COMMAND_REFERENCE} shows no `nonogram {subcommand}` example"
        );
        if subcommand != "serve" {
            assert!(
                ran_subcommands.contains(&(COMMAND_REFERENCE, subcommand.as_str())),
                "no `nonogram {subcommand}` example of {COMMAND_REFERENCE} is run"
            );
        }
    }
}

/// The examples that `nonogram --help` and every `nonogram SUBCOMMAND --help` end with (and
/// the manual pages, from the same source) run as they say, each exiting 0, the lines of one
/// command in order in a fresh folder; `serve`'s run until stopped and are not run. Every
/// command has some.
#[test]
fn the_examples_of_every_help_run() {
    let bin = bin_dir("help");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut commands = vec![String::new()];
    commands.extend(subcommands());
    let mut failures = Vec::new();
    for subcommand in &commands {
        let mut args: Vec<&str> = Vec::new();
        if !subcommand.is_empty() {
            args.push(subcommand);
        }
        args.push("--help");
        let help = run_at_root(&args);
        assert_eq!(help.code, 0, "{args:?}");
        let listed: Vec<String> = help
            .stdout
            .split_once("\nExamples:\n")
            .unwrap_or_else(|| panic!("`nonogram {}` has no examples", args.join(" ")))
            .1
            .lines()
            .take_while(|l| !l.trim().is_empty())
            .map(|l| {
                l.split_once("  # ")
                    .map_or(l, |(c, _)| c)
                    .trim()
                    .to_string()
            })
            .collect();
        assert!(!listed.is_empty(), "{args:?}: no examples");
        let doc = format!("nonogram {} --help", subcommand);
        let dir = work_dir(&format!("help-{subcommand}"));
        for (i, command) in listed.into_iter().enumerate() {
            assert!(
                command.starts_with(&format!("nonogram {subcommand}").trim_end().to_string()),
                "{doc}: {command}"
            );
            if subcommand == "serve" {
                continue;
            }
            let example = Example {
                doc: doc.clone(),
                line: i + 1,
                subcommand: subcommand.clone(),
                command,
                expect: Expect::Exit(0),
            };
            let result = run(&example, &dir, &path);
            if result.code != Some(0) {
                failures.push(format!(
                    "{doc}: `{}` exited with {:?}: {}",
                    example.command,
                    result.code,
                    result.stderr.trim_end()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
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

/// The command reference's section of `nonogram SUBCOMMAND`: from its `### nonogram SUBCOMMAND`
/// heading to the next heading of that level or above.
fn section<'a>(reference: &'a str, subcommand: &str) -> &'a str {
    let heading = format!("\n### `nonogram {subcommand}`");
    let start = reference.find(&heading).unwrap_or_else(|| {
        panic!(
            "{COMMAND_REFERENCE} has no section headed {}",
            heading.trim()
        )
    });
    let body = &reference[start + heading.len()..];
    let end = ["\n### ", "\n## "]
        .iter()
        .filter_map(|h| body.find(h))
        .min()
        .unwrap_or(body.len());
    &body[..end]
}

#[test]
fn options_tables_match_help() {
    let reference = document(COMMAND_REFERENCE);
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
        let section = section(&reference, subcommand);
        // The options table: rows whose first cell starts with an option.
        let table_options: BTreeSet<String> = section
            .lines()
            .filter(|l| l.starts_with("| `-"))
            .flat_map(|l| long_options(l.split(" | ").next().unwrap_or("")))
            .collect();
        for option in &help_options {
            assert!(
                table_options.contains(option),
                "`nonogram {subcommand} --help` lists {option}, the table for it in \
                 {COMMAND_REFERENCE} does not"
            );
        }
        for option in &table_options {
            assert!(
                help_options.contains(option),
                "the table for `nonogram {subcommand}` in {COMMAND_REFERENCE} names {option}, \
                 which its --help does not list"
            );
        }
    }
}

/// The anchors GitHub gives the headings of a Markdown text: lower case, spaces made `-`,
/// every character but letters, digits, `-` and `_` dropped, and `-1`, `-2`, ... after a
/// repeated one. Headings inside fenced code blocks are not headings.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut anchors = BTreeSet::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code || !line.starts_with('#') {
            continue;
        }
        let title = line.trim_start_matches('#').trim();
        let slug: String = title
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let mut anchor = slug.clone();
        let mut n = 0;
        while anchors.contains(&anchor) {
            n += 1;
            anchor = format!("{slug}-{n}");
        }
        anchors.insert(anchor);
    }
    anchors
}

/// The targets of the Markdown links and images of `text` (`[text](target)`), with their
/// 1-based lines; code (fenced blocks and `inline` spans) is not looked into.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut in_code = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        // Drop inline code spans: what is between backticks is not prose.
        let prose: String = line
            .split('`')
            .enumerate()
            .map(|(i, part)| if i % 2 == 0 { part } else { "" })
            .collect();
        let mut rest = prose.as_str();
        while let Some(i) = rest.find("](") {
            rest = &rest[i + 2..];
            let Some(end) = rest.find(')') else { break };
            found.push((n + 1, rest[..end].trim().to_string()));
            rest = &rest[end..];
        }
    }
    found
}

#[test]
fn relative_links_resolve() {
    let root = repo_root();
    let mut names = document_names();
    names.extend(OTHER_DOCUMENTS.iter().map(|d| d.to_string()));
    let mut checked = 0;
    let mut broken = Vec::new();
    for name in &names {
        let text = document(name);
        let dir = root.join(name).parent().unwrap().to_path_buf();
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let path = if file.is_empty() {
                root.join(name)
            } else {
                dir.join(file)
            };
            if !path.exists() {
                broken.push(format!(
                    "{name}:{line}: {target}: no file {}",
                    path.display()
                ));
                continue;
            }
            if !anchor.is_empty() {
                let target_text = fs::read_to_string(&path).unwrap_or_default();
                if !anchors(&target_text).contains(anchor) {
                    broken.push(format!(
                        "{name}:{line}: {target}: no heading #{anchor} there"
                    ));
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "{} broken links:\n{}",
        broken.len(),
        broken.join("\n")
    );
    // The README alone links to every document and to sections: a parser that finds nothing
    // has failed.
    assert!(checked >= 20, "only {checked} relative links found");
}
