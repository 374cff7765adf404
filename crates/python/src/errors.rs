//! The package's exceptions, and how the library's errors become them.
//!
//! Errors are exceptions of the kinds Python programmers expect: text that is not a puzzle is a
//! [`ParseError`] (a `ValueError`) that carries the file, line and column; a bad argument is a
//! `ValueError` or `TypeError` whose message reads like the command line's; a file that cannot
//! be read or written is an `OSError` (`FileNotFoundError`, `FileExistsError`...); a bug, a Rust
//! panic, is an [`InternalError`] rather than a crash of the interpreter.

use std::io;
use std::path::Path;

use nonogram_formats::WholeError;
use pyo3::exceptions::{PyFileExistsError, PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    nono,
    ParseError,
    PyValueError,
    "Text (or a file) that is not a puzzle, or not a picture.\n\n\
     `file` is the path read (None for text), `line` and `column` the place where reading \
     stopped, counted from 1 as editors count, and `message` the reason alone; `str(error)` \
     gives them together, as `file:line:column: message`."
);

pyo3::create_exception!(
    nono,
    InternalError,
    PyRuntimeError,
    "A bug in the engine (a Rust panic), caught before it could take the interpreter down. \
     Please report it, with the puzzle."
);

/// A [`ParseError`] with its attributes set.
pub fn parse_error(
    py: Python<'_>,
    file: Option<&Path>,
    error: &nonogram_formats::ParseError,
) -> PyErr {
    let message = error.kind().to_string();
    let text = match file {
        Some(path) => format!(
            "{}:{}:{}: {message}",
            path.display(),
            error.line,
            error.column
        ),
        None => error.to_string(),
    };
    let err = ParseError::new_err(text);
    let value = err.value(py);
    let file = file.map(|p| p.display().to_string());
    // Setting attributes on a fresh exception instance does not fail.
    let _ = value.setattr("file", file);
    let _ = value.setattr("line", error.line);
    let _ = value.setattr("column", error.column);
    let _ = value.setattr("message", message);
    err
}

/// A file's error: the parse error with its position, or the operating system's.
pub fn file_error(py: Python<'_>, error: &nonogram_formats::Error) -> PyErr {
    match error.kind() {
        nonogram_formats::ErrorKind::Parse(e) => parse_error(py, Some(&error.path), e),
        nonogram_formats::ErrorKind::Io(e) => os_error(&error.path, e),
        _ => PyValueError::new_err(error.to_string()),
    }
}

/// An `OSError` of the right subclass (`FileNotFoundError`, `PermissionError`...) with the
/// path and the system's message, as Python's own `open` raises it.
pub fn os_error(path: &Path, error: &io::Error) -> PyErr {
    let errno = error.raw_os_error().unwrap_or(0);
    let message = error.to_string();
    let message = message
        .split(" (os error")
        .next()
        .unwrap_or(&message)
        .to_string();
    // `OSError(errno, strerror, filename)` picks the subclass from the errno.
    PyOSError::new_err((errno, message, path.display().to_string()))
}

/// A `ValueError` with this message.
pub fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// An integer argument `name` that must lie in `lo..=hi` (`unit` names what it counts, after
/// the range): a `ValueError` worded as the command line words its refusals (`count=-1 is out
/// of range: give 0 to 1000000 puzzles`) for any int outside it, however large or negative,
/// where a plain `usize` argument would raise `OverflowError`. (Arguments taken as `BigInt`
/// are any Python int; what is not an int is a `TypeError` before this.)
pub fn int_in(name: &str, n: &num_bigint::BigInt, lo: u64, hi: u64, unit: &str) -> PyResult<u64> {
    match u64::try_from(n) {
        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(value_error(format!(
            "{name}={n} is out of range: give {lo} to {hi}{unit}"
        ))),
    }
}

/// The message of a panic's payload.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// An [`InternalError`] for a panic's payload.
pub fn internal_error(payload: &(dyn std::any::Any + Send)) -> PyErr {
    InternalError::new_err(format!(
        "internal error (a bug; please report it with the puzzle): {}",
        panic_message(payload)
    ))
}

/// Why a file could not be written whole (`Puzzle.write`, `booklet`): an existing file without
/// `force=True` is a `FileExistsError`; otherwise `OSError(errno, strerror, filename)`, so a
/// directory is an `IsADirectoryError`, a link to nothing a `FileNotFoundError`, a pipe or a
/// device a plain `OSError`.
pub fn write_error(path: &Path, error: WholeError) -> PyErr {
    match error {
        WholeError::Exists => PyFileExistsError::new_err((
            17,
            "already exists; not overwriting it without force=True".to_string(),
            path.display().to_string(),
        )),
        WholeError::Io { source, .. } => os_error(path, &source),
        refused => {
            let errno = match &refused {
                WholeError::NotAFile {
                    kind: "a directory",
                    ..
                } => 21,
                WholeError::DanglingLink { .. } => 2,
                _ => 0,
            };
            PyOSError::new_err((errno, refused.to_string(), path.display().to_string()))
        }
    }
}
