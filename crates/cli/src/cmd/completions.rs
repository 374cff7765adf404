//! `nonogram completions SHELL`: the shell's completion script for `nonogram`, generated from
//! the same clap definitions as `--help` (by `clap_complete`), so that it knows every
//! subcommand, option and listed value (formats, engines, `--output` kinds) of this build.

use std::io::{self, Write};

use clap_complete::Shell;

use crate::error::{CliError, Exit};

/// Arguments of `nonogram completions`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The shell to complete for.
    #[arg(value_name = "SHELL", value_enum)]
    pub shell: Shell,
}

/// Prints the completion script of `interface` (the whole command line's) on standard output.
pub fn run(args: Args, mut interface: clap::Command) -> Result<Exit, CliError> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut interface, "nonogram", &mut script);
    let mut stdout = io::stdout().lock();
    stdout.write_all(&script).map_err(CliError::stdout)?;
    stdout.flush().map_err(CliError::stdout)?;
    Ok(Exit::Success)
}
