//! `nonogram batch`: solve a corpus of puzzles on every core, with machine-readable results.
//!
//! The work goes in four steps, each in its own module:
//!
//! 1. [`discover`]: PATH arguments become files, files become `(source, index)` units, sorted;
//! 2. [`shard`] keeps this shard's units and [`resume`] drops those already in a results file;
//! 3. a dedicated rayon pool of `--jobs` threads solves the units, one thread per puzzle, and
//!    sends each result line over a channel to this thread, which writes and flushes it at once
//!    ([`output`]) and advances the [`progress`] bar;
//! 4. the [`summary`] goes to stderr, and as JSON to `--summary FILE`.
//!
//! Ctrl-C (or SIGTERM, or SIGHUP) sets a flag that every running solve polls (through
//! `solve_cancellable`) and that stops the pool from starting new puzzles. A puzzle cut short
//! that way gets no result line, so that `--resume` does it again; everything finished before
//! is already on disk. A second signal exits at once, saying that the summary is skipped.
//!
//! Result lines have the schema of `solve --output json` (the solve command's own serialiser
//! writes them), and a file that cannot be read or parsed gives one line with status `error`.

mod discover;
mod output;
mod progress;
mod resume;
mod shard;
mod summary;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use nonogram_core::Stop;
use nonogram_formats::Format;
use rayon::prelude::*;
use serde::Serialize;

use crate::error::{CliError, Exit};
use crate::options::{FormatNames, SolveOptions};
use crate::report::json::Record;
use crate::report::{plural, Report};

use discover::{Unit, Work};
use output::{Mode, Sink};
use progress::progress_bar;
use resume::Done;
use shard::Shard;
use summary::{Summary, Timing};

/// Arguments of `nonogram batch`.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("files").args(["out", "summary"]).multiple(true))]
pub struct Args {
    /// Puzzle files and directories (searched recursively for puzzle files); `-` reads a list of
    /// paths from standard input, one a line.
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,

    /// Read every file as this format instead of recognising it. In directory walks, files with
    /// this format's extension are then read even if they are not recognised.
    #[arg(long, value_name = "NAME", value_parser = FormatNames::readable())]
    pub format: Option<Format>,

    /// How to solve each puzzle.
    #[command(flatten)]
    pub solve: SolveOptions,

    /// Solve this many puzzles at a time, one thread each (1 to 1024). Default: one per core.
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,

    /// Write the result lines to FILE instead of standard output. An existing FILE is not
    /// replaced without --force, or appended to with --resume FILE.
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Skip the puzzles that already have a result in FILE (matched by the file a result's
    /// source names, however spelt, and its index). With -o naming the same FILE, new results
    /// are appended to it. A missing FILE holds no results.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,

    /// Replace an existing -o FILE or --summary FILE (with --resume too: a restart replaces the
    /// first run's summary only with --force).
    #[arg(long, requires = "files")]
    pub force: bool,

    /// Also write the summary as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    pub summary: Option<PathBuf>,

    /// Solve only shard I of N: the units (source, index), sorted, whose position modulo N is
    /// I-1. Every shard must be given the same PATHs.
    #[arg(long, value_name = "I/N", value_parser = Shard::parse)]
    pub shard: Option<Shard>,

    /// Never show the progress bar (it is shown only when stderr is a terminal anyway).
    #[arg(long)]
    pub no_progress: bool,
}

/// Runs `nonogram batch`: every puzzle of the inputs on `--jobs` threads, one line each.
pub fn run(args: Args) -> Result<Exit, CliError> {
    let started = Instant::now();
    let cpu_start = cpu_time::ProcessTime::try_now().ok();

    args.solve.check(None)?;
    // Refuse to clobber anything before doing any work.
    let append = match (&args.out, &args.resume) {
        (Some(out), Some(resume)) => same_file(out, resume),
        _ => false,
    };
    if args.force && append && args.summary.is_none() {
        return Err(CliError::Usage(
            "--force replaces files, and with --resume naming the -o file the results are \
             appended to it: there is nothing to replace"
                .into(),
        ));
    }
    if let Some(out) = args.out.as_deref().filter(|p| p.as_os_str() != "-") {
        // Appending needs no --force, but still a regular file (or a new name).
        crate::files::check_target(out, append || args.force)?;
    }
    if let Some(path) = &args.summary {
        // A restart replaces the summary only with --force, like any other file: the summary
        // of the first run may be all that says what it did.
        crate::files::check_target(path, args.force)?;
        if args.out.as_ref().is_some_and(|out| same_file(out, path)) {
            return Err(CliError::Usage(
                "-o and --summary name the same file".into(),
            ));
        }
    }
    let done = match &args.resume {
        Some(path) => Done::read(path)?,
        None => Done::default(),
    };
    if done.unreadable_lines > 0 {
        eprintln!(
            "nonogram: warning: ignoring {} of the --resume file that {} not results",
            plural(done.unreadable_lines, "line"),
            if done.unreadable_lines == 1 {
                "is"
            } else {
                "are"
            }
        );
    }

    let cancel = Arc::new(AtomicBool::new(false));
    {
        let cancel = Arc::clone(&cancel);
        // Ctrl-C, SIGTERM and SIGHUP (the `termination` feature of ctrlc) all stop cleanly.
        let installed = ctrlc::set_handler(move || {
            // The first signal stops cleanly; a second one means "now", and says what that
            // costs.
            if cancel.swap(true, Ordering::SeqCst) {
                eprintln!(
                    "\nnonogram: interrupted again: exiting at once, without the summary; every \
                     result line written so far is on disk, and --resume finishes the rest"
                );
                std::process::exit(Exit::Interrupted as i32);
            }
        });
        if let Err(e) = installed {
            eprintln!("nonogram: warning: Ctrl-C will not stop cleanly: {e}");
        }
    }

    let threads = args
        .jobs
        .map_or(0, |n| usize::try_from(n).unwrap_or(usize::MAX));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("batch-{i}"))
        .build()
        .map_err(|e| CliError::Usage(format!("cannot start {threads} threads: {e}")))?;

    let own_files: Vec<PathBuf> = [&args.out, &args.resume, &args.summary]
        .into_iter()
        .flatten()
        .cloned()
        .collect();
    let candidates = discover::candidates(&args.paths, &own_files)?;
    let discovered = pool.install(|| discover::load(&candidates, args.format));
    drop(candidates);

    let mut summary = Summary::default();
    summary.jobs = pool.current_num_threads();
    summary.shard = args.shard.map(|s| s.to_string());
    summary.ignored_files = discovered.ignored_files;
    let mut units = discovered.units;
    if let Some(path) = &args.resume {
        let matched = match_resumed(&done, &mut units);
        warn_unmatched(path, &done, &matched);
    }
    let mut todo: Vec<Unit> = units
        .into_iter()
        .enumerate()
        // (`Option::is_none_or` would need Rust 1.82; the workspace supports 1.80.)
        .filter(|(position, _)| match args.shard {
            Some(shard) => shard.keeps(*position),
            None => true,
        })
        .map(|(_, unit)| unit)
        .collect();
    summary.units = todo.len();
    todo.retain(|unit| !done.contains(&unit.source, unit.index));
    summary.resumed = summary.units - todo.len();

    let mut sink = match &args.out {
        None => Sink::stdout(),
        Some(path) if path.as_os_str() == "-" => Sink::stdout(),
        Some(path) => {
            let mode = if append {
                if done.file_len > done.complete_len {
                    eprintln!(
                        "nonogram: warning: {}: dropping an incomplete last line; its puzzle is \
                         solved again",
                        path.display()
                    );
                }
                Mode::Append {
                    keep: done.complete_len,
                }
            } else if args.force {
                Mode::Replace
            } else {
                Mode::Create
            };
            Sink::file(path, mode)?
        }
    };

    let worker = Worker {
        options: &args.solve,
        cancel: &cancel,
    };

    let progress = progress_bar(todo.len() as u64, args.no_progress);
    let (sender, receiver) = mpsc::channel::<Finished>();
    let mut written: Result<(), CliError> = Ok(());
    std::thread::scope(|scope| {
        let todo = &todo;
        let worker = &worker;
        let pool = &pool;
        scope.spawn(move || {
            pool.install(|| {
                todo.par_iter().for_each_with(sender, |sender, unit| {
                    if worker.cancel.load(Ordering::Relaxed) {
                        return;
                    }
                    if let Some(finished) = worker.run(unit) {
                        // The receiver is gone only after a write failed; nothing to do then.
                        let _ = sender.send(finished);
                    }
                });
            });
        });
        for finished in receiver {
            if let Err(e) = sink.write_line(&finished.line) {
                // Stop the pool; the scope still waits for the puzzles in progress.
                cancel.store(true, Ordering::SeqCst);
                written = Err(e);
                break;
            }
            summary.add(finished.timing);
            progress.inc(1);
        }
    });
    progress.finish_and_clear();

    summary.interrupted = cancel.load(Ordering::SeqCst);
    summary.write_failed = written.is_err();
    summary.results_file = args.out.clone().filter(|path| path.as_os_str() != "-");
    summary.wall = started.elapsed();
    summary.cpu = cpu_start.and_then(|t| t.try_elapsed().ok());
    // A closed stdout (`| head`) ends the batch quietly, like `solve`; other write errors are
    // reported by `main`, but the summary of what was done is still worth printing first.
    if let Err(CliError::BrokenPipe) = written {
        return Err(CliError::BrokenPipe);
    }
    eprint!("{}", summary.text());
    if let Some(path) = &args.summary {
        crate::files::write_whole(path, summary.json().as_bytes(), args.force)?;
    }
    written?;

    let counts = summary.counts();
    Ok(if summary.interrupted {
        Exit::Interrupted
    } else if counts.error > 0 {
        Exit::Failed
    } else if summary.stops().time_limit + summary.stops().memory_limit > 0 {
        Exit::Timeout
    } else {
        Exit::Success
    })
}

/// Gives each unit whose file has results in the `--resume` file the spelling that file uses for
/// it (`./a.txt` becomes `a.txt` if that is how the first run named it), so that [`Done::contains`]
/// finds its results and the new lines name the file the same way. Returns the sources of the
/// results file that matched some unit.
fn match_resumed<'a>(done: &'a Done, units: &mut [Unit]) -> HashSet<&'a str> {
    let mut matched = HashSet::new();
    // Units come sorted by source: look each file up once.
    let mut last: Option<(String, Option<&str>)> = None;
    for unit in units {
        let spelling = match &last {
            Some((source, spelling)) if *source == unit.source => *spelling,
            _ => {
                let spelling = done.spelling(&unit.source);
                last = Some((unit.source.clone(), spelling));
                spelling
            }
        };
        if let Some(spelling) = spelling {
            matched.insert(spelling);
            if spelling != unit.source {
                unit.source = spelling.to_owned();
            }
        }
    }
    matched
}

/// Says when results of the `--resume` file name files that are not in this batch: they skip
/// nothing, which is a surprise when the batch was meant to finish that run (a path relative to
/// another directory, a file renamed).
fn warn_unmatched(path: &Path, done: &Done, matched: &HashSet<&str>) {
    let unmatched = done.unmatched(matched);
    let Some((first, _)) = unmatched.first() else {
        return;
    };
    let results: usize = unmatched.iter().map(|(_, n)| n).sum();
    let others = match unmatched.len() - 1 {
        0 => String::new(),
        n => format!(" and {}", plural(n, "other file")),
    };
    eprintln!(
        "nonogram: warning: {} has {} for {first}{others}, which this batch does not hold: \
         they skip nothing (relative paths are read from the current directory)",
        path.display(),
        plural(results, "result"),
    );
}

/// What one thread of the pool needs to solve a unit.
struct Worker<'a> {
    options: &'a SolveOptions,
    cancel: &'a AtomicBool,
}

/// A unit's result line and what the summary needs of it.
struct Finished {
    line: Vec<u8>,
    timing: Timing,
}

impl Worker<'_> {
    /// Solves one unit, or returns `None` if Ctrl-C cut the solve short.
    fn run(&self, unit: &Unit) -> Option<Finished> {
        let mut line = Vec::new();
        let (status, stop, elapsed) = match &unit.work {
            Work::Error(message) => {
                let record = ErrorRecord {
                    source: &unit.source,
                    index: unit.index,
                    status: "error",
                    error: message,
                    solutions: [],
                    differing_cells: [],
                    elapsed_ms: 0.0,
                };
                // Serialising to memory fails only on a bug in serde_json.
                serde_json::to_writer(&mut line, &record).expect("JSON to memory");
                line.push(b'\n');
                ("error", None, Duration::ZERO)
            }
            Work::Puzzle(puzzle) => {
                // One thread per puzzle: the pool supplies the parallelism, and a puzzle
                // spread over every core (the solver's default) would only compete with the
                // puzzles beside it.
                let report = Report::new(puzzle, unit.index, self.options, 1, Some(self.cancel));
                if report.stop() == Stop::Cancelled {
                    return None;
                }
                Record::new(&report, &unit.source)
                    .write(&mut line)
                    .expect("JSON to memory");
                (
                    report.verdict().name(),
                    Some(report.stop().name()),
                    report.elapsed(),
                )
            }
        };
        let timing = Timing {
            source: unit.source.clone(),
            index: unit.index,
            status,
            stop,
            elapsed,
        };
        Some(Finished { line, timing })
    }
}

/// The result line of a file that gave no puzzle: the solve schema's fields that still make sense
/// (no size is known), plus the message.
#[derive(Serialize)]
struct ErrorRecord<'a> {
    source: &'a str,
    index: usize,
    status: &'static str,
    error: &'a str,
    solutions: [Vec<String>; 0],
    differing_cells: [[usize; 2]; 0],
    elapsed_ms: f64,
}

/// Whether two paths name the same file, or would once it is created.
fn same_file(a: &Path, b: &Path) -> bool {
    resolved(a) == resolved(b)
}

/// The path with its directory resolved (links, `..`, relative to absolute); the file itself
/// need not exist.
fn resolved(path: &Path) -> PathBuf {
    if let Ok(full) = path.canonicalize() {
        return full;
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    match (dir.canonicalize(), path.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => path.to_path_buf(),
    }
}
