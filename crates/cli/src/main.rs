//! The `nonogram` binary: the command-line interface and the glue between it and the libraries.
//!
//! Everything that knows about puzzles lives in the library crates: `nonogram-core` solves,
//! `nonogram-formats` reads and writes files, `nonogram-render` draws text. This crate turns flags
//! into a validated configuration ([`cli`]), runs one subcommand ([`cmd`]), and maps the result to
//! an exit status ([`error::Exit`]). Errors end up as exactly one line on stderr.

mod cli;
mod cmd;
mod error;
mod files;

use std::process::ExitCode;

use clap::Parser;

use crate::error::{CliError, Exit};

fn main() -> ExitCode {
    // Clap prints its own usage errors and exits with status 2, the status we use for bad usage.
    let cli = cli::Cli::parse();
    let exit = match cmd::run(cli.command) {
        Ok(exit) => exit,
        // The reader went away (`nonogram solve x | head`): nothing more to say to anyone.
        Err(CliError::BrokenPipe) => Exit::Success,
        Err(err) => {
            eprintln!("nonogram: {}", error::one_line(&err.to_string()));
            Exit::BadInput
        }
    };
    ExitCode::from(exit as u8)
}
