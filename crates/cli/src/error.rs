//! Exit statuses and the errors a subcommand can end with.

use std::fmt;
use std::io;
use std::path::PathBuf;

/// The process exit status. A script can tell every outcome apart without parsing output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub enum Exit {
    /// The run reached its verdict: a solution found (the search finished or found the
    /// solutions asked for), a conversion done, or deduction run to its fixpoint without a
    /// contradiction.
    Success = 0,
    /// The clues have no solution.
    NoSolution = 1,
    /// The input could not be read or parsed, or the command line was wrong.
    BadInput = 2,
    /// A time limit or the memory bound cut the run short, whatever it had found by then (the
    /// output says what that was).
    Timeout = 3,
    /// `batch`: some file could not be read or parsed (its result line has status `error`).
    Failed = 4,
    /// `batch`: stopped by Ctrl-C (128 + SIGINT, as shells report it).
    Interrupted = 130,
}

/// Why a subcommand stopped early. Every variant maps to [`Exit::BadInput`] except
/// [`CliError::BrokenPipe`], which is not an error for the user.
#[derive(Debug)]
pub enum CliError {
    /// A puzzle file could not be read or parsed; the message already names file, line, column.
    Read(nonogram_formats::Error),
    /// A puzzle could not be written in the requested format.
    Write {
        /// The format's name.
        format: &'static str,
        /// Why the writer refused.
        source: nonogram_formats::WriteError,
    },
    /// A file-system operation on `path` failed.
    Io {
        /// What was being done, as a phrase (`read it`, `write it`, ...).
        action: &'static str,
        /// The file or directory.
        path: PathBuf,
        /// The operating system's error.
        source: io::Error,
    },
    /// The output file exists and `--force` was not given.
    WouldOverwrite(PathBuf),
    /// The output name is not one a file may be written to: something other than a regular
    /// file, or a symbolic link that leads nowhere.
    NotWritable {
        /// The name as given.
        path: PathBuf,
        /// Why ([`crate::whole::WholeError::NotAFile`] or `DanglingLink`).
        source: crate::whole::WholeError,
    },
    /// The file was read but held no puzzle.
    NoPuzzles(String),
    /// The flags are valid one by one but not together (clap catches the rest).
    Usage(String),
    /// Writing to stdout failed for a reason other than a closed pipe.
    Stdout(io::Error),
    /// Stdout was closed by its reader.
    BrokenPipe,
}

impl CliError {
    /// Classifies an error of writing to stdout.
    pub fn stdout(err: io::Error) -> CliError {
        if err.kind() == io::ErrorKind::BrokenPipe {
            CliError::BrokenPipe
        } else {
            CliError::Stdout(err)
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Read(err) => {
                write!(f, "{err}")?;
                let unknown_format = err.parse_error().is_some_and(|e| {
                    matches!(e.kind(), nonogram_formats::ParseErrorKind::UnknownFormat(_))
                });
                if unknown_format {
                    f.write_str(" with --format NAME")?;
                }
                Ok(())
            }
            CliError::Write { format, source } => {
                write!(f, "cannot write the puzzle as {format}: {source}")
            }
            CliError::Io {
                action,
                path,
                source,
            } => {
                write!(f, "{}: cannot {action}: {source}", path.display())
            }
            CliError::WouldOverwrite(path) => write!(
                f,
                "{}: already exists; not overwriting it without --force",
                path.display()
            ),
            CliError::NotWritable { path, source } => write!(f, "{}: {source}", path.display()),
            CliError::NoPuzzles(source) => write!(f, "{source}: no puzzle in the input"),
            CliError::Usage(message) => f.write_str(message),
            CliError::Stdout(err) => write!(f, "cannot write to standard output: {err}"),
            CliError::BrokenPipe => f.write_str("standard output was closed"),
        }
    }
}

impl std::error::Error for CliError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CliError::Read(err) => Some(err),
            CliError::Write { source, .. } => Some(source),
            CliError::Io { source, .. } | CliError::Stdout(source) => Some(source),
            CliError::NotWritable { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// A PNG that could not be encoded (a sheet too large, an encoder error).
impl From<nonogram_render::PngError> for CliError {
    fn from(error: nonogram_render::PngError) -> CliError {
        CliError::Usage(error.to_string())
    }
}

/// Squeezes a message onto one line (the API's, so that the server's errors and ours agree).
pub use nonogram_api::one_line;

/// A clap usage error on one line, keeping all it says (the argument that is missing or
/// unexpected, the value that is wrong, the "tip" that suggests a near name) and dropping only
/// the usage synopsis and the pointer to `--help`, which `main` replaces with its own.
pub fn usage_line(rendered: &str) -> String {
    let mut parts: Vec<String> = Vec::new();
    for line in rendered.lines() {
        let line = line.trim();
        if line.starts_with("Usage:") || line.starts_with("For more information") {
            break;
        }
        if line.is_empty() {
            continue;
        }
        let line = line.strip_prefix("error: ").unwrap_or(line);
        match line.strip_prefix("tip: ") {
            Some(tip) => parts.push(format!("({tip})")),
            None => parts.push(line.to_string()),
        }
    }
    if parts.is_empty() {
        return "invalid usage".to_string();
    }
    one_line(&parts.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usage_errors_keep_what_clap_says() {
        let missing = "error: the following required arguments were not provided:\n  \
                       --to <FORMAT>\n\nUsage: nonogram convert --to <FORMAT> [FILE]\n\nFor \
                       more information, try '--help'.\n";
        assert_eq!(
            usage_line(missing),
            "the following required arguments were not provided: --to <FORMAT>"
        );
        let typo = "error: unexpected argument '--outptu' found\n\n  tip: a similar argument \
                    exists: '--output'\n\nUsage: nonogram solve [OPTIONS] [FILE]...\n";
        assert_eq!(
            usage_line(typo),
            "unexpected argument '--outptu' found (a similar argument exists: '--output')"
        );
    }

    #[test]
    fn messages_become_one_line() {
        assert_eq!(
            one_line("a.non:3:7: bad\n  number\r\n"),
            "a.non:3:7: bad number"
        );
    }

    #[test]
    fn exit_codes_are_the_documented_ones() {
        assert_eq!(
            [
                Exit::Success,
                Exit::NoSolution,
                Exit::BadInput,
                Exit::Timeout
            ]
            .map(|e| e as u8),
            [0, 1, 2, 3]
        );
    }
}
