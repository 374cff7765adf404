//! What `--help` and the manual pages say beyond the options, from one source: each
//! subcommand's examples and the exit statuses it can end with. [`after_help`] appends them to
//! `--help` (clap's `after_long_help`); `nonogram man` renders the same lists as the pages'
//! EXAMPLES and EXIT STATUS sections. The README test runs every example here, as it runs the
//! documents' examples, so none can go stale.
//!
//! The examples name files shipped in the repository's `testdata/` (run them from its root).

use crate::error::Exit;

/// One example: a command line and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// The command line, starting with `nonogram`.
    pub command: &'static str,
    /// What it does, in a few words.
    pub does: &'static str,
}

/// An [`Example`] (a macro, so that the lists are constants).
macro_rules! ex {
    ($command:expr, $does:expr $(,)?) => {
        Example {
            command: $command,
            does: $does,
        }
    };
}

/// The examples of a subcommand (`None`: of `nonogram` itself).
pub fn examples(subcommand: Option<&str>) -> &'static [Example] {
    match subcommand {
        None => &[
            ex!(
                "nonogram solve testdata/seeds/duck.non",
                "solve a puzzle: its picture, its clues and \"unique solution\"",
            ),
            ex!(
                "nonogram explain testdata/seeds/duck.non",
                "the steps a person can follow, and the difficulty",
            ),
            ex!(
                "nonogram generate --size 15x15 --difficulty medium --seed 1",
                "a new puzzle, proved unique",
            ),
            ex!("nonogram solve --help", "every option of a subcommand"),
        ],
        Some("solve") => &[
            ex!(
                "nonogram solve testdata/seeds/duck.non",
                "the picture, its clues, \"unique solution\"",
            ),
            ex!(
                "nonogram solve testdata/cli/two-solutions.non",
                "\"at least 2 solutions\", and the cells where they differ",
            ),
            ex!(
                "nonogram solve --output json testdata/seeds/duck.non",
                "one JSON object per puzzle",
            ),
            ex!(
                "nonogram solve --timeout 5 --puzzle 2 testdata/cli/three-puzzles.txt",
                "the second puzzle of a file, in at most 5 s",
            ),
        ],
        Some("convert") => &[
            ex!(
                "nonogram convert testdata/formats/smile.xml --to nin",
                "to another format, on standard output",
            ),
            ex!(
                "nonogram convert testdata/puzzles/webpbn-00001.non --to xml --no-solution",
                "the clues alone, to share without the answer",
            ),
        ],
        Some("batch") => &[
            ex!(
                "nonogram batch testdata/seeds --timeout 5",
                "every puzzle of a folder on every core: one JSON line each, a summary",
            ),
            ex!(
                "nonogram batch testdata/seeds --jobs 1 --no-progress",
                "one at a time, without the progress bar",
            ),
        ],
        Some("patterns") => &[
            ex!(
                "nonogram patterns 1,1,2,1,1,2 --width 25 --count",
                "how many ways a clue fits a line (18564)",
            ),
            ex!(
                "nonogram patterns 1,2 --width 5 --list",
                "each of them, one per line",
            ),
            ex!(
                "nonogram patterns 1,1,2 --known '??#?..????' --common",
                "the cells every pattern that fits shares",
            ),
        ],
        Some("make") => &[
            ex!(
                "nonogram make testdata/formats/smile.picture.txt",
                "the clues of a picture, and whether they have only it as their solution",
            ),
            ex!(
                "nonogram make testdata/cli/diagonal.txt",
                "not unique: where solutions differ, and changes that fix it",
            ),
        ],
        Some("explain") => &[
            ex!(
                "nonogram explain testdata/seeds/duck.non",
                "every step, and the difficulty",
            ),
            ex!(
                "nonogram explain testdata/seeds/smallex.non --hint --grid testdata/cli/smallex-partial.txt",
                "the next step from a half-solved grid",
            ),
        ],
        Some("generate") => &[
            ex!(
                "nonogram generate --size 20x20 --seed 7",
                "an easy 20x20 puzzle, as solve reads it",
            ),
            ex!(
                "nonogram generate --size 15x15 --difficulty medium --colours 3 --seed 2",
                "a medium one in three colours",
            ),
            ex!(
                "nonogram generate --size 10x10 --count 5 --seed 3 --to xml --no-solution",
                "five puzzles in one XML set, without their solutions",
            ),
        ],
        Some("render") => &[
            ex!(
                "nonogram render testdata/seeds/duck.non",
                "the solution with its clues, as text",
            ),
            ex!(
                "nonogram render testdata/seeds/duck.non --blank --output svg",
                "a blank sheet to print, as SVG",
            ),
        ],
        Some("serve") => &[
            ex!(
                "nonogram serve --port 0 --open",
                "any free port, and open the page in the browser",
            ),
            ex!(
                "nonogram serve --max-time 10 --jobs 2",
                "at most 10 s a request, two solves at a time",
            ),
        ],
        Some("completions") => &[ex!(
            "nonogram completions bash",
            "the bash completion script (also zsh, fish, powershell, elvish)",
        )],
        Some("man") => &[
            ex!("nonogram man", "this program's page, nonogram(1)"),
            ex!("nonogram man solve", "a subcommand's page, nonogram-solve(1)"),
            ex!("nonogram man --list", "the subcommands that have a page"),
        ],
        Some(_) => &[],
    }
}

/// The exit statuses a subcommand can end with, each with what it means there (`None`: every
/// status of `nonogram`).
pub fn exit_statuses(subcommand: Option<&str>) -> Vec<(Exit, &'static str)> {
    use Exit::*;
    let done = (Success, "it did what was asked");
    let bad = (
        BadInput,
        "the input could not be read or parsed, the command line is wrong or refused, or an \
         output file exists (without --force) or cannot be written",
    );
    let none = (
        NoSolution,
        "the puzzle (or one of the puzzles) has no solution",
    );
    let time = (
        Timeout,
        "a time limit (or the memory bound of the search) cut the run short, whatever it had found",
    );
    match subcommand {
        None => vec![
            (Success, "the command did what was asked"),
            (
                NoSolution,
                "a puzzle has no solution (solve, render, explain), or explain --hint found a \
                 mistake",
            ),
            bad,
            (
                Timeout,
                "a time limit cut the run short (solve, render, explain, make, batch), or \
                 generate found no puzzle in time",
            ),
            (Failed, "batch: some file could not be read or parsed"),
            (Interrupted, "batch: stopped by Ctrl-C"),
        ],
        Some("solve") | Some("render") => vec![
            (
                Success,
                "a solution was found (unique or not), or deduction ran without contradiction",
            ),
            none,
            bad,
            time,
        ],
        Some("explain") => vec![
            done,
            (
                NoSolution,
                "the puzzle has no solution, or with --hint the grid given has a mistake",
            ),
            bad,
            time,
        ],
        Some("make") => vec![
            (Success, "the check finished (unique or not)"),
            bad,
            (
                Timeout,
                "the time limit ran out before uniqueness was decided or the fixes searched",
            ),
        ],
        Some("generate") => vec![
            (Success, "every puzzle asked for was found and written"),
            bad,
            (
                Timeout,
                "a puzzle was not found within --timeout: nothing was written",
            ),
        ],
        Some("batch") => {
            vec![
            (Success, "every puzzle got its verdict"),
            bad,
            (Timeout, "a time limit cut some puzzle's run short"),
            (Failed, "some file could not be read or parsed (its line says status error)"),
            (
                Interrupted,
                "stopped by Ctrl-C: the lines written so far are kept; --resume finishes the rest",
            ),
        ]
        }
        Some(_) => vec![done, bad],
    }
}

/// The text `--help` ends with: the examples and the exit statuses.
pub fn after_help(subcommand: Option<&str>) -> String {
    let mut text = String::from("Examples:\n");
    let examples = examples(subcommand);
    let width = examples.iter().map(|e| e.command.len()).max().unwrap_or(0);
    for e in examples {
        text.push_str(&format!("  {:width$}  # {}\n", e.command, e.does));
    }
    text.push_str("\nExit status:\n");
    for (exit, meaning) in exit_statuses(subcommand) {
        text.push_str(&format!("  {:>3}  {meaning}\n", exit as u8));
    }
    text
}
