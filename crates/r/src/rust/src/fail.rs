//! Errors as values: what a call answers when it cannot do what was asked.
//!
//! An R error raised from Rust is a `longjmp` over Rust frames, which skips their destructors
//! (and extendr's own error path leaks its message). So no function of this crate raises one:
//! each answers either its value or a [`Fail`], a plain list of class `nonogram_failure`, and
//! the package's R code (`R/conditions.R`) turns a failure into an R condition of the right
//! class (`nonogram_parse_error`, `nonogram_value_error`, ...), or into an interrupt, with the
//! frames of this crate already gone. The messages are the command line's.

use std::path::Path;

use extendr_api::prelude::*;

/// What kind of failure: the R condition class it becomes (see `R/conditions.R`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An argument out of range or of the wrong shape: `nonogram_value_error`.
    Value,
    /// Text or a file that is not a puzzle or a picture: `nonogram_parse_error`, with the
    /// file, line and column.
    Parse,
    /// A file that cannot be read or written: `nonogram_file_error`.
    File,
    /// A file that exists and was not to be replaced: `nonogram_file_exists_error`.
    Exists,
    /// A time limit ran out before there was anything to answer: `nonogram_timeout_error`.
    Timeout,
    /// Ctrl-C (or RStudio's stop button) stopped the work: an R interrupt.
    Interrupted,
    /// A bug (a Rust panic): `nonogram_internal_error`.
    Internal,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Value => "value",
            Kind::Parse => "parse",
            Kind::File => "file",
            Kind::Exists => "exists",
            Kind::Timeout => "timeout",
            Kind::Interrupted => "interrupted",
            Kind::Internal => "internal",
        }
    }
}

/// Why a call did not answer: one line, as the command line says it, and for a parse error
/// where reading stopped.
#[derive(Clone, Debug)]
pub struct Fail {
    kind: Kind,
    message: String,
    file: Option<String>,
    line: Option<usize>,
    column: Option<usize>,
}

/// What every function of this crate computes before it becomes an R value.
pub type Answer<T> = Result<T, Fail>;

impl Fail {
    pub fn new(kind: Kind, message: impl Into<String>) -> Fail {
        Fail {
            kind,
            message: message.into(),
            file: None,
            line: None,
            column: None,
        }
    }

    /// A bad argument.
    pub fn value(message: impl Into<String>) -> Fail {
        Fail::new(Kind::Value, message)
    }

    /// Text that is not a puzzle: `line L, column C: message`, or for a file
    /// `file:L:C: message`, as the command line prints it.
    pub fn parse(file: Option<&Path>, error: &nonogram_formats::ParseError) -> Fail {
        let message = match file {
            Some(path) => format!(
                "{}:{}:{}: {}",
                path.display(),
                error.line,
                error.column,
                error.kind()
            ),
            None => error.to_string(),
        };
        Fail {
            kind: Kind::Parse,
            message,
            file: file.map(|p| p.display().to_string()),
            line: Some(error.line),
            column: Some(error.column),
        }
    }

    /// A file that could not be read, or whose text is not a puzzle.
    pub fn read(error: &nonogram_formats::Error) -> Fail {
        match error.kind() {
            nonogram_formats::ErrorKind::Parse(e) => Fail::parse(Some(&error.path), e),
            _ => {
                let mut fail = Fail::new(Kind::File, error.to_string());
                fail.file = Some(error.path.display().to_string());
                fail
            }
        }
    }

    /// A file error about `path`.
    pub fn file(kind: Kind, path: &Path, message: impl Into<String>) -> Fail {
        let mut fail = Fail::new(kind, message);
        fail.file = Some(path.display().to_string());
        fail
    }

    /// The work was stopped by an interrupt.
    pub fn interrupted() -> Fail {
        Fail::new(Kind::Interrupted, "interrupted")
    }

    /// A panic's payload, as a bug to report.
    pub fn panic(payload: &(dyn std::any::Any + Send)) -> Fail {
        let message = if let Some(s) = payload.downcast_ref::<&str>() {
            (*s).to_string()
        } else if let Some(s) = payload.downcast_ref::<String>() {
            s.clone()
        } else {
            "a panic without a message".to_string()
        };
        Fail::new(
            Kind::Internal,
            format!("internal error (a bug; please report it with the puzzle): {message}"),
        )
    }

    /// The failure as R sees it: `list(kind, message, file, line, column)` of class
    /// `nonogram_failure`.
    pub fn into_robj(self) -> Robj {
        let values: [Robj; 5] = [
            self.kind.name().into(),
            self.message.into(),
            null_or(self.file),
            null_or(self.line.map(|l| l as f64)),
            null_or(self.column.map(|c| c as f64)),
        ];
        let mut list: Robj =
            List::from_names_and_values(["kind", "message", "file", "line", "column"], values)
                .expect("five names for five values")
                .into();
        list.set_class(["nonogram_failure"])
            .expect("a list takes a class");
        list
    }
}

/// `NULL` for `None`, else the value (where `Option`'s own conversion gives `NA`).
pub fn null_or<T: Into<Robj>>(value: Option<T>) -> Robj {
    match value {
        Some(v) => v.into(),
        None => ().into(),
    }
}

/// Runs the body of an exported function: its value, or its failure as a value, a panic
/// included (it becomes an internal error rather than a crash of R).
pub fn answer(body: impl FnOnce() -> Answer<Robj>) -> Robj {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)) {
        Ok(Ok(value)) => value,
        Ok(Err(fail)) => fail.into_robj(),
        Err(payload) => Fail::panic(payload.as_ref()).into_robj(),
    }
}
