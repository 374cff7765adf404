//! Finding the puzzles of a batch: paths to files, files to work units.
//!
//! A PATH on the command line is a file, a directory, or `-` for a list of paths on standard
//! input, one a line. Directories are walked recursively in sorted order, skipping hidden entries
//! (`.git`) and symbolic links to directories (which could loop).
//!
//! A file named explicitly is always read as a puzzle file: if it cannot be, that is an error
//! result. A file met in a directory walk is a puzzle file only if it looks like one, that is, if
//! `nonogram_formats::detect` recognises its content or its extension (or, with `--format`, it has
//! that format's extension), and it is not a document ([`DOCUMENTS`]: a Markdown file that shows
//! a puzzle format by example is still a manual). That skips the READMEs, licences and notes that
//! corpora ship beside their puzzles, while a `.non` file that fails to parse is still reported
//! rather than silently dropped.
//!
//! Every file then becomes one work unit per puzzle, or a single error unit (index 0) when it
//! cannot be read or parsed. Units are sorted by `(source, index)`: that order is what `--shard`
//! splits and what makes a batch reproducible.

use std::collections::HashSet;
use std::fs;
use std::io::{self, BufRead, Read};
use std::path::{Path, PathBuf};

use nonogram_core::Puzzle;
use nonogram_formats::{Format, MAX_INPUT_BYTES};
use rayon::prelude::*;
use walkdir::WalkDir;

use crate::error::CliError;

/// Extensions of documents, which a directory walk never reads as puzzles, whatever they hold.
const DOCUMENTS: &[&str] = &["md", "markdown", "rst", "adoc", "org", "html", "htm", "pdf"];

/// A file that may hold puzzles.
#[derive(Debug)]
pub struct Candidate {
    /// The path as it will appear in results: the PATH argument joined with the path below it.
    pub source: String,
    pub path: PathBuf,
    /// Named on the command line (or on standard input), rather than met in a directory walk.
    pub named: bool,
    /// A directory that could not be listed: reported as an error unit.
    pub error: Option<String>,
}

/// What a unit holds: a puzzle to solve, or the reason its file gave none.
#[derive(Debug)]
pub enum Work {
    /// Boxed: a puzzle is some 230 bytes, an error 24.
    Puzzle(Box<Puzzle>),
    Error(String),
}

/// One puzzle of the batch (or one unreadable file).
#[derive(Debug)]
pub struct Unit {
    pub source: String,
    /// 0-based position of the puzzle in its file; 0 for an error unit.
    pub index: usize,
    pub work: Work,
}

/// The units of a batch and what was passed over to get them.
#[derive(Debug, Default)]
pub struct Discovered {
    /// Sorted by `(source, index)`.
    pub units: Vec<Unit>,
    /// Files in directory walks that did not look like puzzle files.
    pub ignored_files: usize,
}

/// Expands the PATH arguments into candidate files, sorted by source and without duplicates.
/// `exclude` holds the batch's own output files, which a walk must not read as puzzles.
pub fn candidates(paths: &[PathBuf], exclude: &[PathBuf]) -> Result<Vec<Candidate>, CliError> {
    let mut named = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            let stdin = io::stdin();
            for line in stdin.lock().lines() {
                let line = line.map_err(|source| CliError::Io {
                    action: "read the list of paths",
                    path: PathBuf::from("-"),
                    source,
                })?;
                let line = line.trim_end_matches('\r');
                if !line.trim().is_empty() {
                    named.push(PathBuf::from(line));
                }
            }
        } else {
            named.push(path.clone());
        }
    }

    let exclude: HashSet<PathBuf> = exclude
        .iter()
        .filter_map(|p| p.canonicalize().ok())
        .collect();
    let mut found = Vec::new();
    for path in named {
        if path.is_dir() {
            walk(&path, &exclude, &mut found);
        } else {
            let source = path.display().to_string();
            found.push(Candidate {
                source,
                path,
                named: true,
                error: None,
            });
        }
    }
    found.sort_by(|a, b| a.source.cmp(&b.source));
    found.dedup_by(|a, b| a.source == b.source);
    Ok(found)
}

/// Adds the files under `dir` to `found`, in sorted order, skipping hidden entries and not
/// following links to directories. A directory that cannot be listed becomes an error result.
fn walk(dir: &Path, exclude: &HashSet<PathBuf>, found: &mut Vec<Candidate>) {
    let hidden =
        |e: &walkdir::DirEntry| e.depth() > 0 && e.file_name().to_string_lossy().starts_with('.');
    for entry in WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| !hidden(e))
    {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                let path = e.path().unwrap_or(dir).to_path_buf();
                let source = path.display().to_string();
                let why = e
                    .io_error()
                    .map_or_else(|| e.to_string(), |io| io.to_string());
                found.push(Candidate {
                    error: Some(format!("{source}: cannot list the directory: {why}")),
                    source,
                    path,
                    named: false,
                });
                continue;
            }
        };
        let path = entry.path();
        // `is_file` follows a symbolic link to a file; links to directories are neither files
        // nor walked into.
        if entry.file_type().is_dir() || !path.is_file() {
            continue;
        }
        if path.canonicalize().is_ok_and(|p| exclude.contains(&p)) {
            continue;
        }
        found.push(Candidate {
            source: path.display().to_string(),
            path: path.to_path_buf(),
            named: false,
            error: None,
        });
    }
}

/// Reads every candidate (in parallel, on the current rayon pool) into sorted units.
pub fn load(candidates: &[Candidate], format: Option<Format>) -> Discovered {
    let loaded: Vec<Option<Vec<Unit>>> =
        candidates.par_iter().map(|c| load_one(c, format)).collect();
    let mut discovered = Discovered::default();
    for units in loaded {
        match units {
            Some(units) => discovered.units.extend(units),
            None => discovered.ignored_files += 1,
        }
    }
    discovered
}

/// The units of one candidate, or `None` if it is not a puzzle file.
fn load_one(candidate: &Candidate, format: Option<Format>) -> Option<Vec<Unit>> {
    let error_unit = |message: String| {
        Some(vec![Unit {
            source: candidate.source.clone(),
            index: 0,
            work: Work::Error(message),
        }])
    };
    if let Some(error) = &candidate.error {
        return error_unit(error.clone());
    }
    if !candidate.named && !looks_like_a_puzzle(&candidate.path, format) {
        return None;
    }
    // This reads a walked file a second time, after `looks_like_a_puzzle`: the page cache makes
    // that cheap, and `read_file` gives the same checks and messages as `nonogram solve`.
    match nonogram_formats::read_file(&candidate.path, format) {
        Ok((_, puzzles)) if puzzles.is_empty() => {
            error_unit(format!("{}: no puzzle in the input", candidate.source))
        }
        Ok((_, puzzles)) => Some(
            puzzles
                .into_iter()
                .enumerate()
                .map(|(index, puzzle)| Unit {
                    source: candidate.source.clone(),
                    index,
                    work: Work::Puzzle(Box::new(puzzle)),
                })
                .collect(),
        ),
        Err(e) => error_unit(crate::error::one_line(&e.to_string())),
    }
}

/// Whether a file met in a directory walk should be read as a puzzle file.
fn looks_like_a_puzzle(path: &Path, format: Option<Format>) -> bool {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    if DOCUMENTS.iter().any(|d| extension.eq_ignore_ascii_case(d)) {
        return false;
    }
    if format.is_some_and(|f| extension.eq_ignore_ascii_case(f.extension())) {
        return true;
    }
    let mut bytes = Vec::new();
    let read = fs::File::open(path).and_then(|f| f.take(MAX_INPUT_BYTES).read_to_end(&mut bytes));
    if read.is_err() {
        // Unreadable: let `read_file` report it if the name says it is a puzzle.
        return nonogram_formats::detect(Some(path), "").is_some();
    }
    // A binary file still gets a verdict from its name, and `read_file` then says it is binary.
    let text = String::from_utf8_lossy(&bytes);
    nonogram_formats::detect(Some(path), &text).is_some()
}
