//! `nonogram render --output pdf`: every puzzle of the input files as one booklet to print,
//! through the report path's [`crate::report::booklet`] (the API's `booklet` and Python's
//! `booklet` print through it too): the puzzles blank under their titles, one or several a
//! page, then (unless `--blank`) their solution pages, each puzzle solved with the user's
//! options.
//!
//! Whatever a solution page says instead of a unique solution (several solutions, none, out
//! of time, line solving's partial grid) is said on standard error too, naming the puzzle, and
//! the exit status is the worst of the solves', as `solve` ends with several puzzles.

use std::io::{self, IsTerminal};
use std::path::PathBuf;

use nonogram_core::Puzzle;
use nonogram_render::pdf::BookletOptions;

use crate::error::{CliError, Exit};
use crate::files::{self, Loaded};
use crate::options::{OutFile, ReadOptions, SolveOptions};
use crate::report::booklet::{print, solve_all, Booklet};
use crate::report::text::status_line;
use crate::report::{plural, ReportExit, Verdict};

/// What a booklet is printed from, and how.
#[derive(Debug)]
pub struct Job<'a> {
    /// The input files (`-` standard input; none: standard input).
    pub files: &'a [PathBuf],
    /// How to read them.
    pub read: &'a ReadOptions,
    /// Solution pages (none with `--blank`), solved with these options and threads.
    pub solve: Option<(&'a SolveOptions, usize)>,
    /// Paper and puzzles a page.
    pub options: BookletOptions,
    /// Where to write.
    pub out: &'a OutFile,
}

/// Refuses, before any work, what cannot make a booklet: a PDF for a terminal, standard input
/// named twice, `--puzzle` with several files.
pub fn check(job: &Job<'_>) -> Result<(), CliError> {
    nonogram_render::pdf::check(&job.options).map_err(|e| CliError::Usage(e.to_string()))?;
    if job.out.path().is_none() && io::stdout().is_terminal() {
        return Err(CliError::Usage(
            "a PDF is binary and would garble the terminal: name a file with -o FILE.pdf, or \
             pipe it"
                .into(),
        ));
    }
    if job.files.iter().filter(|f| f.as_os_str() == "-").count() > 1 {
        return Err(CliError::Usage(
            "standard input (-) can be read only once".into(),
        ));
    }
    if job.files.len() > 1 {
        if let Some(n) = job.read.puzzle {
            return Err(CliError::Usage(format!(
                "--puzzle {n} picks a puzzle of one file; with several files every puzzle of \
                 each is printed"
            )));
        }
    }
    files::check_writable(job.out)
}

/// Prints the booklet and writes it; says `wrote FILE (...)` for a file.
pub fn run(job: Job<'_>) -> Result<Exit, CliError> {
    check(&job)?;
    let inputs: Vec<Loaded> = if job.files.is_empty() {
        vec![files::load_path(&files::input_path(None)?, job.read)?]
    } else {
        job.files
            .iter()
            .map(|path| files::load_path(path, job.read))
            .collect::<Result<_, _>>()?
    };
    // Every puzzle, with its file and place there, for the messages.
    let all: Vec<(&Loaded, usize, &Puzzle)> = inputs
        .iter()
        .flat_map(|loaded| loaded.puzzles.iter().map(move |(i, p)| (loaded, *i, p)))
        .collect();
    let puzzles: Vec<&Puzzle> = all.iter().map(|&(_, _, p)| p).collect();
    let mut exit = Exit::Success;
    let reports = job.solve.map(|(solve, threads)| {
        let numbered: Vec<(usize, &Puzzle)> = all.iter().map(|&(_, i, p)| (i, p)).collect();
        solve_all(&numbered, solve.into(), threads, None, None)
    });
    for (report, &(loaded, index, _)) in reports.iter().flatten().zip(&all) {
        exit = exit.max(report.exit());
        if report.verdict() != Verdict::Unique || report.exit() != Exit::Success {
            let which = if loaded.total > 1 {
                format!(" (puzzle {})", index + 1)
            } else {
                String::new()
            };
            eprintln!(
                "nonogram: {}{which}: {}",
                loaded.source,
                status_line(report)
            );
        }
    }
    let booklet = print(&puzzles, reports.as_deref(), &job.options)
        .map_err(|e| CliError::Usage(format!("cannot print the booklet: {e}")))?;
    files::write_out_saying(&booklet.pdf, job.out, &summary(&booklet, puzzles.len()))?;
    Ok(exit)
}

/// What `wrote FILE (...)` says of a booklet: `PDF, 3 puzzles on 2 pages, solutions on 1`.
fn summary(booklet: &Booklet, puzzles: usize) -> String {
    let mut text = format!(
        "PDF, {} on {}",
        plural(puzzles, "puzzle"),
        plural(booklet.puzzle_pages, "page")
    );
    if booklet.solution_pages > 0 {
        text += &format!(", solutions on {}", booklet.solution_pages);
    }
    text
}
