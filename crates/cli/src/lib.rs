//! The `nonogram` command as a library: its interface, its subcommands, and the one report
//! path that every front end prints from.
//!
//! Everything that knows about puzzles lives in the library crates: `nonogram-core` solves,
//! `nonogram-formats` reads and writes files, `nonogram-render` draws. This crate turns flags
//! into a validated configuration ([`cli`], the option groups it shares in [`options`]), runs
//! one subcommand ([`cmd`]), and maps the result to an exit status ([`error::Exit`]).
//! [`report`] (from `nonogram-api`) turns a puzzle and the shared solve options into a result
//! that text, JSON, drawings, `batch` lines and the web page only print; [`serve`] is the
//! local web page, an HTTP transport over `nonogram-api`; the binary (`src/main.rs`) is
//! nothing but `main`.

#![warn(missing_docs)]

pub mod cli;
pub mod cmd;
pub mod error;
pub mod files;
pub mod manual;
pub mod options;
pub mod picture;
/// One puzzle's result, whatever prints it: the report path lives in `nonogram_api::report`,
/// shared with the web page's API; what only a terminal needs is here.
pub mod report {
    pub use nonogram_api::report::*;

    pub mod text;

    use nonogram_core::Stop;

    use crate::error::Exit;

    /// The exit status a report calls for.
    pub trait ReportExit {
        /// 0 when the run reached its verdict with a solution or a complete deduction, 1 when
        /// the puzzle has no solution, 3 when a time or memory limit cut the run short
        /// (whatever it found before), 130 when it was cancelled.
        fn exit(&self) -> Exit;
    }

    impl ReportExit for Report<'_> {
        fn exit(&self) -> Exit {
            match self.stop() {
                Stop::TimeLimit | Stop::MemoryLimit => Exit::Timeout,
                Stop::Cancelled => Exit::Interrupted,
                Stop::Finished | Stop::SolutionLimit if self.verdict() == Verdict::None => {
                    Exit::NoSolution
                }
                Stop::Finished | Stop::SolutionLimit => Exit::Success,
            }
        }
    }
}
pub mod serve;
pub mod terminal;

/// Writing files whole or not at all: the library's rules (`nonogram_formats::whole`), which
/// every file the command writes follows.
pub use nonogram_formats::whole;
