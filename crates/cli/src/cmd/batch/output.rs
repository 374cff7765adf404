//! Where result lines go: standard output or `-o FILE`, one flushed line per puzzle.
//!
//! Flushing every line costs a system call per puzzle, which is nothing next to solving one, and
//! it is what makes an interrupted or killed batch keep everything it finished. An existing
//! output file is never truncated without `--force`; with `--resume` naming the same file, the
//! new results are appended to it.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::error::CliError;
use crate::files::output_error;
use crate::whole;

/// How to open `-o FILE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The file must not exist yet.
    Create,
    /// Replace whatever is there (`--force`).
    Replace,
    /// Add to the file, first cutting it back to `keep` bytes (its last complete line).
    Append { keep: u64 },
}

/// The destination of the result lines.
#[derive(Debug)]
pub struct Sink {
    out: Out,
    /// `None` for standard output.
    path: Option<PathBuf>,
}

#[derive(Debug)]
enum Out {
    Stdout(io::Stdout),
    File(BufWriter<File>),
}

impl Sink {
    pub fn stdout() -> Sink {
        Sink {
            out: Out::Stdout(io::stdout()),
            path: None,
        }
    }

    pub fn file(path: &Path, mode: Mode) -> Result<Sink, CliError> {
        let io_err = |action, source| CliError::Io {
            action,
            path: path.to_path_buf(),
            source,
        };
        // Links are followed and only a regular file (or a new name) is written, as for every
        // file the command writes (`crate::whole`); the lines go to the file as they come, so
        // an interrupted run keeps them, rather than to a temporary file renamed at the end.
        let replace = mode != Mode::Create;
        let target = whole::target(path, replace).map_err(|e| output_error(path, e))?;
        let file = match mode {
            Mode::Create => match OpenOptions::new().write(true).create_new(true).open(path) {
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    return Err(CliError::WouldOverwrite(path.to_path_buf()))
                }
                other => other.map_err(|e| io_err("create it", e))?,
            },
            // Truncated in place: the file keeps its permissions and owner.
            Mode::Replace => File::create(&target.path).map_err(|e| io_err("create it", e))?,
            Mode::Append { keep } => {
                let file = OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(&target.path)
                    .map_err(|e| io_err("open it for appending", e))?;
                let len = file.metadata().map_err(|e| io_err("read it", e))?.len();
                if len > keep {
                    // The last line was cut short by a killed run: drop it, its puzzle is redone.
                    file.set_len(keep)
                        .map_err(|e| io_err("cut off its incomplete last line", e))?;
                }
                file
            }
        };
        Ok(Sink {
            out: Out::File(BufWriter::new(file)),
            path: Some(path.to_path_buf()),
        })
    }

    /// Writes one line (which ends in a newline) and flushes it.
    pub fn write_line(&mut self, line: &[u8]) -> Result<(), CliError> {
        let result = match &mut self.out {
            Out::Stdout(out) => {
                let mut out = out.lock();
                out.write_all(line).and_then(|()| out.flush())
            }
            Out::File(out) => out.write_all(line).and_then(|()| out.flush()),
        };
        result.map_err(|e| match &self.path {
            None => CliError::stdout(e),
            Some(path) => CliError::Io {
                action: "write it",
                path: path.clone(),
                source: e,
            },
        })
    }
}
