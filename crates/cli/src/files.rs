//! Reading the input puzzles and writing output files whole or not at all.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use nonogram_core::Puzzle;

use crate::error::CliError;
use crate::options::{Input, OutFile, ReadOptions};
use crate::whole::{self, WholeError};

/// The puzzles of one input, with what is needed to report on them.
#[derive(Debug)]
pub struct Loaded {
    /// The input as the user named it (`-` for standard input).
    pub source: String,
    /// The puzzles, each with its 0-based position in the file.
    pub puzzles: Vec<(usize, Puzzle)>,
    /// How many puzzles the file holds (more than `puzzles` when `--puzzle` picked one).
    pub total: usize,
}

impl Loaded {
    /// The input's one puzzle, or a usage error asking for `--puzzle N`. `only_one` says, for
    /// the message, what holds a single puzzle (as in "a drawing shows one"), if that is why.
    pub fn single(&self, only_one: Option<&str>) -> Result<(usize, &Puzzle), CliError> {
        match self.puzzles.as_slice() {
            [(index, puzzle)] => Ok((*index, puzzle)),
            all => Err(CliError::Usage(format!(
                "{}: the input holds {} puzzles{}; pick one with --puzzle N",
                self.source,
                all.len(),
                only_one
                    .map(|what| format!(" but {what}"))
                    .unwrap_or_default()
            ))),
        }
    }
}

/// Reads the one input of a command that takes a single FILE (`-` or none: standard input).
pub fn load(input: &Input) -> Result<Loaded, CliError> {
    let path = input_path(input.file.as_deref())?;
    load_path(&path, &input.read)
}

/// The path to read: the one given, or `-` for standard input when it is not a terminal.
pub fn input_path(file: Option<&Path>) -> Result<PathBuf, CliError> {
    match file {
        Some(path) => Ok(path.to_path_buf()),
        // Waiting silently for a puzzle to be typed in looks like a hang: ask for a file instead.
        None if io::stdin().is_terminal() => Err(CliError::Usage(
            "no puzzle file given (name a FILE, or - to read standard input)".into(),
        )),
        None => Ok(PathBuf::from("-")),
    }
}

/// Reads the puzzles of `path`, applying `--format` and `--puzzle`.
pub fn load_path(path: &Path, read: &ReadOptions) -> Result<Loaded, CliError> {
    let source = path.display().to_string();
    let (_, puzzles) = nonogram_formats::read_file(path, read.format).map_err(CliError::Read)?;
    let total = puzzles.len();
    if total == 0 {
        return Err(CliError::NoPuzzles(source));
    }
    let mut puzzles: Vec<(usize, Puzzle)> = puzzles.into_iter().enumerate().collect();
    if let Some(n) = read.puzzle {
        let index = usize::try_from(n - 1).unwrap_or(usize::MAX);
        if index >= total {
            return Err(CliError::Usage(format!(
                "{source}: there is no puzzle {n} (--puzzle): the input holds {total} puzzle{}",
                if total == 1 { "" } else { "s" }
            )));
        }
        puzzles = vec![puzzles.swap_remove(index)];
    }
    Ok(Loaded {
        source,
        puzzles,
        total,
    })
}

/// Writes `bytes` to the `-o` file (whole, never replacing one without `--force`), or to
/// standard output.
pub fn write_out(bytes: &[u8], out: &OutFile) -> Result<(), CliError> {
    match out.path() {
        Some(path) => write_whole(path, bytes, out.force),
        None => {
            let mut stdout = io::stdout().lock();
            stdout.write_all(bytes).map_err(CliError::stdout)?;
            stdout.flush().map_err(CliError::stdout)
        }
    }
}

/// [`write_out`], then, when it went to a file, the command line's one convention for a file
/// written: `wrote FILE (WHAT)` on standard output (as `make` and `generate` say it too), so
/// that a run that writes a file never ends in silence.
pub fn write_out_saying(bytes: &[u8], out: &OutFile, what: &str) -> Result<(), CliError> {
    write_out(bytes, out)?;
    say_wrote(out, what)
}

/// `wrote FILE (WHAT)` on standard output if `out` names a file.
pub fn say_wrote(out: &OutFile, what: &str) -> Result<(), CliError> {
    if let Some(path) = out.path() {
        let mut stdout = io::stdout().lock();
        writeln!(stdout, "wrote {} ({what})", path.display()).map_err(CliError::stdout)?;
        stdout.flush().map_err(CliError::stdout)?;
    }
    Ok(())
}

/// Where a command's text goes as it is produced: standard output, flushed as the caller
/// flushes it (so that long runs show progress), or a buffer written whole to the `-o` file by
/// [`Destination::finish`].
#[derive(Debug)]
pub struct Destination<'a> {
    out: &'a OutFile,
    sink: Sink,
}

#[derive(Debug)]
enum Sink {
    Stdout(io::BufWriter<io::StdoutLock<'static>>),
    Buffer(Vec<u8>),
}

impl<'a> Destination<'a> {
    /// The destination `-o` names (checked not to exist yet, unless `--force`).
    pub fn new(out: &'a OutFile) -> Result<Destination<'a>, CliError> {
        check_writable(out)?;
        let sink = match out.path() {
            Some(_) => Sink::Buffer(Vec::new()),
            None => Sink::Stdout(io::BufWriter::new(io::stdout().lock())),
        };
        Ok(Destination { out, sink })
    }

    /// Whether the text goes to a file (and so should be plain).
    pub fn is_file(&self) -> bool {
        matches!(self.sink, Sink::Buffer(_))
    }

    /// Flushes standard output, or writes the whole file.
    pub fn finish(self) -> Result<(), CliError> {
        match (self.sink, self.out.path()) {
            (Sink::Stdout(mut stdout), _) => stdout.flush().map_err(CliError::stdout),
            (Sink::Buffer(bytes), Some(path)) => write_whole(path, &bytes, self.out.force),
            (Sink::Buffer(_), None) => Ok(()),
        }
    }
}

impl Write for Destination<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Sink::Stdout(out) => out.write(buf),
            Sink::Buffer(bytes) => bytes.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(out) => out.flush(),
            Sink::Buffer(_) => Ok(()),
        }
    }
}

/// Refuses to go on if the `-o` file cannot be written: it exists and `--force` was not given,
/// or it is not a regular file (see [`crate::whole`]). Checked before any work, so that a long
/// solve is not wasted on an output that cannot be written. (The write itself checks again,
/// atomically.)
pub fn check_writable(out: &OutFile) -> Result<(), CliError> {
    match out.path() {
        Some(path) => check_target(path, out.force),
        None => Ok(()),
    }
}

/// Refuses to go on if `path` cannot be written (with `force`: replaced): the check of
/// [`check_writable`] for any file a command writes.
pub fn check_target(path: &Path, force: bool) -> Result<(), CliError> {
    whole::target(path, force)
        .map(drop)
        .map_err(|e| output_error(path, e))
}

/// Writes `contents` to `path` whole or not at all, following a symbolic link, keeping the
/// replaced file's permissions, never replacing an existing file without `force` nor anything
/// but a regular file ([`whole::write_whole`]).
pub fn write_whole(path: &Path, contents: &[u8], force: bool) -> Result<(), CliError> {
    whole::write_whole(path, contents, force).map_err(|e| output_error(path, e))
}

/// The command's error for a file that could not be written.
pub fn output_error(path: &Path, error: WholeError) -> CliError {
    match error {
        WholeError::Exists => CliError::WouldOverwrite(path.to_path_buf()),
        WholeError::Io { action, source } => CliError::Io {
            action,
            path: path.to_path_buf(),
            source,
        },
        source => CliError::NotWritable {
            path: path.to_path_buf(),
            source,
        },
    }
}
