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
mod report;
mod terminal;

use std::process::ExitCode;

use clap::Parser;

use crate::error::{CliError, Exit};

fn main() -> ExitCode {
    // Help and version go to stdout as clap prints them; a usage error becomes one line on
    // stderr like every other error (clap would add a blank line and a tip), with status 2.
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        // `--help`, `--version`, and `nonogram` alone (which shows the help): as clap prints them.
        Err(err)
            if !err.use_stderr()
                || err.kind()
                    == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand =>
        {
            err.exit()
        }
        Err(err) => {
            eprintln!(
                "nonogram: {} (see --help)",
                error::usage_line(&err.render().to_string())
            );
            return ExitCode::from(Exit::BadInput as u8);
        }
    };
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
