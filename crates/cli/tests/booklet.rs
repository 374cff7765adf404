//! `nonogram render --output pdf`: booklets read back by poppler's `pdfinfo`, which must open
//! them and count the pages asked for (puzzle pages, then solution pages) on the paper asked
//! for; bundles (several files, a file of several puzzles from `generate --count` on standard
//! input) make one booklet; options that do not apply are refused in one line.
//!
//! `pdfinfo` (Debian's `poppler-utils`) is installed by `scripts/test` when missing; without it
//! these tests fail, saying so: they never pass without having read a PDF.

mod common;

use std::path::Path;
use std::process::Command;

use common::{assert_one_line_error, repo_root, run_in, scratch};

/// What `pdfinfo` says of a file: its page count and the first page's size line.
fn pdfinfo(path: &Path) -> (usize, String) {
    let out = Command::new("pdfinfo")
        .arg(path)
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "cannot run pdfinfo ({e}): install poppler-utils (scripts/test installs it), the \
             PDF tests read booklets with it"
            )
        });
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "pdfinfo cannot open {}: {}{text}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or_else(|| panic!("pdfinfo gives no {name}\n{text}"))
            .trim()
            .to_string()
    };
    let pages = field("Pages:").parse().unwrap();
    (pages, field("Page size:"))
}

/// Standard output of `nonogram ARGS` (which must succeed) as bytes, `stdin` fed to it.
fn run_bytes(dir: &Path, args: &[&str], stdin: &[u8]) -> Vec<u8> {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_nonogram"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

const SEEDS: [&str; 5] = [
    "seeds/duck.non",
    "seeds/lambda.non",
    "seeds/smallex.non",
    "seeds/r-logo.non",
    "seeds/haskell-test.non",
];

#[test]
fn several_files_make_one_booklet_on_a4_and_letter_with_solutions_at_the_end() {
    let dir = scratch("files");
    let testdata = repo_root().join("testdata");
    let files: Vec<String> = SEEDS
        .iter()
        .map(|f| testdata.join(f).display().to_string())
        .collect();
    // (paper, per page, blank, puzzle pages, solution pages, size pdfinfo names)
    for (paper, per_page, blank, puzzle_pages, solution_pages, size) in [
        ("a4", 1, false, 5, 5, "(A4)"),
        ("letter", 2, false, 3, 3, "(letter)"),
        ("a4", 4, true, 2, 0, "(A4)"),
        ("letter", 6, false, 1, 1, "(letter)"),
    ] {
        let name = format!("{paper}-{per_page}-{blank}.pdf");
        let per = per_page.to_string();
        let mut args = vec![
            "render",
            "--to",
            "pdf",
            "--paper",
            paper,
            "--per-page",
            &per,
            "-o",
            &name,
        ];
        if blank {
            args.push("--blank");
        }
        args.extend(files.iter().map(String::as_str));
        let run = run_in(&dir, &args, b"");
        assert_eq!(run.code, 0, "{args:?}\n{run:?}");
        let pages = if solution_pages > 0 {
            format!(", solutions on {solution_pages}")
        } else {
            String::new()
        };
        assert_eq!(
            run.stdout,
            format!(
                "wrote {name} (PDF, 5 puzzles on {puzzle_pages} page{}{pages})\n",
                if puzzle_pages == 1 { "" } else { "s" }
            )
        );
        let (count, page_size) = pdfinfo(&dir.join(&name));
        assert_eq!(count, puzzle_pages + solution_pages, "{name}");
        assert!(page_size.ends_with(size), "{name}: {page_size}");
    }
}

#[test]
fn a_bundle_on_standard_input_is_one_booklet_and_the_extension_names_the_kind() {
    let dir = scratch("bundle");
    let generated = run_in(
        &dir,
        &["generate", "--size", "6x6", "--count", "7", "--seed", "4"],
        b"",
    );
    assert_eq!(generated.code, 0, "{generated:?}");
    // No --output: the extension of -o says PDF.
    let run = run_in(
        &dir,
        &["render", "-", "--per-page", "3", "-o", "book.pdf"],
        generated.stdout.as_bytes(),
    );
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(
        run.stdout,
        "wrote book.pdf (PDF, 7 puzzles on 3 pages, solutions on 3)\n"
    );
    assert_eq!(pdfinfo(&dir.join("book.pdf")).0, 6);
    // The same to standard output (a pipe here): the same bytes.
    let piped = run_bytes(
        &dir,
        &["render", "--output", "pdf", "--per-page", "3", "-"],
        generated.stdout.as_bytes(),
    );
    assert_eq!(piped, std::fs::read(dir.join("book.pdf")).unwrap());
}

#[test]
fn a_puzzle_that_is_not_unique_says_so_on_its_page_and_on_standard_error() {
    let dir = scratch("multiple");
    // Two diagonals: two solutions.
    std::fs::write(
        dir.join("two.non"),
        "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n",
    )
    .unwrap();
    let run = run_in(
        &dir,
        &["render", "--to", "pdf", "two.non", "-o", "two.pdf"],
        b"",
    );
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stderr
            .starts_with("nonogram: two.non: at least 2 solutions"),
        "{}",
        run.stderr
    );
    assert_eq!(pdfinfo(&dir.join("two.pdf")).0, 2);
}

#[test]
fn options_that_do_not_apply_are_refused_in_one_line() {
    let dir = scratch("refused");
    let duck = repo_root().join("testdata/seeds/duck.non");
    let duck = duck.to_str().unwrap();
    let lambda = repo_root().join("testdata/seeds/lambda.non");
    let lambda = lambda.to_str().unwrap();
    for (args, says) in [
        (vec!["--to", "pdf", "--per-page", "0"], "--per-page"),
        (vec!["--to", "pdf", "--per-page", "37"], "--per-page"),
        (vec!["--to", "pdf", "--paper", "a3"], "unknown paper 'a3'"),
        (vec!["--paper", "letter"], "add --output pdf"),
        (
            vec!["--output", "svg", "--per-page", "2"],
            "add --output pdf",
        ),
        (vec!["--to", "pdf", "--cell", "10"], "--cell"),
        (vec!["--to", "pdf", "--style", "haskell"], "--style"),
        (
            vec!["--to", "pdf", "--blank", "--timeout", "1"],
            "--timeout",
        ),
        (
            vec!["--output", "svg", lambda],
            "--output pdf prints several",
        ),
        (vec!["--to", "pdf", "--puzzle", "1", lambda], "--puzzle 1"),
        (vec!["--to", "png", "-o", "x.pdf"], "disagrees"),
    ] {
        let mut all = vec!["render", duck];
        all.extend(&args);
        if all.contains(&"pdf") {
            all.extend(["-o", "refused.pdf"]);
        }
        let run = run_in(&dir, &all, b"");
        assert_one_line_error(&run, 2, &format!("{args:?}"));
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
        assert!(!dir.join("refused.pdf").exists(), "{args:?}");
    }
}
