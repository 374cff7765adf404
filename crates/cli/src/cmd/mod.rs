//! The subcommands, one module each, and the one place that dispatches to them.

pub mod batch;
pub mod booklet;
pub mod completions;
pub mod convert;
pub mod explain;
pub mod generate;
pub mod make;
pub mod man;
pub mod patterns;
pub mod render;
pub mod solve;

use crate::cli::Command;
use crate::error::{CliError, Exit};

/// Runs one subcommand to completion.
pub fn run(command: Command) -> Result<Exit, CliError> {
    match command {
        Command::Solve(args) => solve::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Batch(args) => batch::run(args),
        Command::Patterns(args) => patterns::run(args),
        Command::Make(args) => make::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Render(args) => render::run(args),
        Command::Serve(args) => crate::serve::run(args),
        Command::Completions(args) => completions::run(args),
        Command::Man(args) => man::run(args),
    }
}
